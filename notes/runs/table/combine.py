#!/usr/bin/env python3
"""Joins two runs of the tournament tool over consecutive seeds into one output that
summary.py reads: the games of both, the win rate with its 95% Wilson interval, and the
decision times (n and mean exact; median and p95 the larger of the two halves', max the max;
a run stopped before its end printed none, and the other's stand alone).

    combine.py FIRST SECOND > OUT    (FIRST's seeds come first; no seed may repeat)
"""
import math
import re
import sys

GAME = re.compile(r"^game seed (\d+) A ([\d.]+) moves (\d+) \| (.*)$")
HEAD = re.compile(r"^(.*?), \d+ games \(seeds \d+\.\.\d+\), (.*?): A wins.*fair share ([\d.]+)%")
TIME = re.compile(r"^([AB]) time per searched decision: n (\d+) mean ([\d.]+) ms, median ([\d.]+), p95 ([\d.]+), max ([\d.]+)")


def read(path):
    games, times, head = {}, {}, None
    for line in open(path):
        if m := GAME.match(line):
            games[int(m[1])] = (float(m[2]), int(m[3]), m[4])
        elif m := HEAD.match(line):
            head = (m[1], m[2], m[3])
        elif m := TIME.match(line):
            times[m[1]] = (int(m[2]), float(m[3]), float(m[4]), float(m[5]), float(m[6]))
    return games, times, head


def wilson(wins, n, z=1.96):
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * (centre - half), 100 * (centre + half)


(g1, t1, h1), (g2, t2, h2) = read(sys.argv[1]), read(sys.argv[2])
assert not set(g1) & set(g2), "a seed is in both runs"
games = {**g1, **g2}
seeds = sorted(games)
assert seeds == list(range(seeds[0], seeds[0] + len(seeds))), "the seeds are not consecutive"
head = h1 or h2
n = len(games)
wins = sum(g[0] for g in games.values())
low, high = wilson(wins, n)
print(f"(joined by combine.py from {sys.argv[1]} and {sys.argv[2]})")
for seed in seeds:
    win, moves, reason = games[seed]
    print(f"game seed {seed} A {win:.3f} moves {moves} | {reason}")
print(
    f"{head[0]}, {n} games (seeds {seeds[0]}..{seeds[-1] + 1}), {head[1]}: A wins {wins:.1f} = "
    f"{100 * wins / n:.1f}% [95% Wilson {low:.1f}%, {high:.1f}%]; fair share {head[2]}%"
)
reasons = {}
for _, _, reason in games.values():
    reasons[reason] = reasons.get(reason, 0) + 1
print("endings:")
for reason, count in sorted(reasons.items(), key=lambda r: -r[1]):
    print(f"  {100 * count / n:5.1f}% {count:5d}  {reason}")
print(f"moves per game {round(sum(g[1] for g in games.values()) / n)}")
for side in "AB":
    only = t1.get(side) or t2.get(side)
    if only and not (side in t1 and side in t2):
        # A run stopped early prints no times: those of the half that finished.
        (k, mean, median, p95, most) = only
        print(
            f"{side} time per searched decision: n {k} mean {mean:.1f} ms, median {median:.1f}, p95 {p95:.1f}, "
            f"max {most:.1f} (of the run that finished only)"
        )
    elif only:
        (n1, m1, md1, p1, x1), (n2, m2, md2, p2, x2) = t1[side], t2[side]
        mean = (n1 * m1 + n2 * m2) / (n1 + n2)
        print(
            f"{side} time per searched decision: n {n1 + n2} mean {mean:.1f} ms, median {max(md1, md2):.1f}, "
            f"p95 {max(p1, p2):.1f}, max {max(x1, x2):.1f}"
        )
