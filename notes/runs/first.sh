#!/bin/sh
# First measurements of issue #26 (step 1): today's normal (and hard, fewer games) against the sparring partners.
T=target/baseline/ai_tournament
while kill -0 32611 2>/dev/null; do sleep 10; done
run() { # game players games a b
  out=notes/runs/$1-$2p-$4-$5-$3.out
  [ -s "$out" ] && grep -q "Wilson" "$out" && return
  nice -n 10 $T --game $1 --players $2 --games $3 --a $4 --b $5 > "$out" 2>&1
}
for b in hunter brawler; do run martian-gunslinger 2 40 normal $b; done
for b in hirer boss; do run gunslinger-gang 2 40 normal $b; done
for b in settler warrior; do run conquest-of-mars 2 40 normal $b; done
for b in passive raider guard; do run raja 2 40 normal $b; done
for b in cautious greedy steady; do run martian-12s 2 40 hard $b; done
run martian-gunslinger 2 20 hard hunter
run gunslinger-gang 2 20 hard boss
run conquest-of-mars 2 20 hard settler
run raja 2 20 hard raider
