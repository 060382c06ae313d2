#!/usr/bin/env python3
"""Reads `swift package benchmark --format markdown` and prints each PinBench figure beside its OpenSSL peer from the
same run: median wall time and allocations, and the ratio (BENCHMARKS.md, "Validation core")."""
import re
import sys

rows = {}
name = None
for line in sys.stdin:
    heading = re.match(r"### (.+?) · (.+)$", line.strip())
    if heading:
        name = (heading.group(1), heading.group(2))
        continue
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    if name and len(cells) == 9 and (cells[0].startswith("Time (wall clock)") or cells[0].startswith("Malloc")):
        metric = "time" if cells[0].startswith("Time") else "mallocs"
        unit = re.search(r"\((ns|μs|ms)\)", cells[0])
        rows.setdefault(name[0], {}).setdefault(name[1], {})[metric] = (int(cells[3]), unit.group(1) if unit else "")

def micros(value):
    amount, unit = value
    return amount / 1000 if unit == "ns" else amount * 1000 if unit == "ms" else amount

print("| what | PinBench, median | allocations | OpenSSL, same run | allocations | ratio |")
print("|---|---|---|---|---|---|")
for what, sides in rows.items():
    ours = next((v for k, v in sides.items() if k.startswith("PinBench")), None)
    peer_name, peer = next(((k, v) for k, v in sides.items() if k.startswith("OpenSSL")), ("", None))
    if not ours:
        continue
    mine = micros(ours["time"])
    line = f"| {what} | {mine:.2f} µs | {ours['mallocs'][0]} |"
    if peer:
        theirs = micros(peer["time"])
        line += f" {peer_name.removeprefix('OpenSSL').strip() or 'OpenSSL'}: {theirs:.2f} µs | {peer['mallocs'][0]} | {mine / theirs:.2f}x |"
    else:
        line += " | | |"
    print(line)
