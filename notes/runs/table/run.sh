#!/usr/bin/env bash
# Issue #26's final table for one game: every level against every sparring partner, 100
# two-player games and 40 four-player games each (the level at one seat, the partner at every
# other), and hard against normal over 100 two-player games. Seeds 0..N; one thread.
#   notes/runs/table/run.sh BINARY GAME PARTNER...
# BINARY is a release build of `engines/examples/ai_tournament.rs`. A run whose output ends in
# its summary is kept and not run again. LEVELS (default "easy normal hard") runs only those
# levels; hard against normal runs only when hard is among them. THREADS (default 1) plays that
# many games at once and NICE (default 15) sets the niceness: with no time limit in the tool the
# results do not depend on either. HARD_NORMAL_GAMES (default 100) sets the games of hard
# against normal (a game of much luck needs more to show a small edge).
set -euo pipefail
bin=$1 game=$2
shift 2
out="$(dirname "$0")/$game"
mkdir -p "$out"
run() { # players games a b
  local file="$out/$1p-$3-$4-$2.out"
  if [[ -f $file ]] && grep -q "Wilson" "$file"; then return; fi
  nice -n "${NICE:-15}" "$bin" --game "$game" --players "$1" --games "$2" --a "$3" --b "$4" --threads "${THREADS:-1}" >"$file" 2>&1
}
for level in ${LEVELS:-easy normal hard}; do
  for partner in "$@"; do
    run 2 100 "$level" "$partner"
    run 4 40 "$level" "$partner"
  done
done
[[ " ${LEVELS:-hard} " == *" hard "* ]] && run 2 "${HARD_NORMAL_GAMES:-100}" hard normal
true
