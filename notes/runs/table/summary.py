#!/usr/bin/env python3
"""Prints the final table of issue #26 for the games under this folder, as Markdown.

    python3 notes/runs/table/summary.py [GAME...]
"""
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
LINE = re.compile(r"A wins ([\d.]+) = ([\d.]+)% \[95% Wilson ([\d.]+)%, ([\d.]+)%\]; fair share ([\d.]+)%")


def result(path):
    for line in path.read_text().splitlines():
        m = LINE.search(line)
        if m:
            return f"{float(m[2]):.1f}% [{float(m[3]):.1f}, {float(m[4]):.1f}]"
    return None


def decision_times(path):
    for line in path.read_text().splitlines():
        if line.startswith("A time per searched decision"):
            m = re.search(r"mean ([\d.]+) ms.*p95 ([\d.]+), max ([\d.]+)", line)
            if m:
                return f"{m[1]} / {m[2]} / {m[3]}"
    return ""


for game_dir in sorted(d for d in HERE.iterdir() if d.is_dir()):
    if len(sys.argv) > 1 and game_dir.name not in sys.argv[1:]:
        continue
    files = {f.stem: f for f in game_dir.glob("*.out")}
    partners = sorted({k.split("-")[2] for k in files if k.split("-")[2] != "normal"})
    print(f"### {game_dir.name}\n")
    print("| level | vs | 2 players (100 games) | 4 players, fair share 25% (40 games) | ms per decision 2p: mean / p95 / max |")
    print("|---|---|---|---|---|")
    for level in ["easy", "normal", "hard"]:
        for partner in partners:
            two = files.get(f"2p-{level}-{partner}-100")
            four = files.get(f"4p-{level}-{partner}-40")
            cells = [result(two) if two else None, result(four) if four else None]
            if not any(cells):
                continue
            times = decision_times(two) if two else ""
            print(f"| {level} | {partner} | {cells[0] or 'not run'} | {cells[1] or 'not run'} | {times} |")
    # hard against normal: the longest run there is (a game of much luck needs more games).
    runs = sorted((int(k.rsplit("-", 1)[1]), f) for k, f in files.items() if k.startswith("2p-hard-normal-"))
    if runs and result(runs[-1][1]):
        games, hn = runs[-1]
        print(f"| hard | normal | {result(hn)} ({games} games) | | {decision_times(hn)} |")
    print()
