#!/usr/bin/env python3
"""Reads core-loops.sh's lines ("ROUND SCENARIO: X µs per iteration over N, cpu Y µs"), prints each PinBench scenario beside
its OpenSSL peer (medians of the CPU µs over the rounds, their spread, the ratio of medians and the median of the rounds' ratios),
and appends one JSON object per figure to $PINBENCH_FIGURES when it is set (BENCHMARKS.md, figures for the
regression script)."""
import argparse
import json
import os
import re
import statistics
import sys

LINE = re.compile(r"^(\d+) ([a-z0-9-]+): ([0-9.]+) µs per iteration over (\d+), cpu ([0-9.]+) µs$")
ROWS = [
    ("cold-pem", "cold verdict from PEM", "verdict.cold.pem"),
    ("cold-der", "cold verdict from DER", "verdict.cold.der"),
    ("pem", "warm verdict from PEM", "verdict.warm.pem"),
    ("der", "warm verdict from DER", "verdict.warm.der"),
    ("parsed", "verdict from parsed", "verdict.parsed"),
    ("pins", "pins of 3 certs", "pins"),
    ("repeated", "repeated verdict (cache hit)", "verdict.repeated"),
]
CHAINS = [("rsa", "RSA-2048"), ("p256", "P-256")]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--command", required=True)
    command = parser.parse_args().command
    rounds = {}
    for raw in sys.stdin:
        match = LINE.match(raw.strip())
        if not match:
            sys.exit(f"core-figures: unreadable line: {raw.strip()!r}")
        # The process's CPU time per iteration: the machine is shared, and the wall clock also counts waiting for a core.
        round_number, scenario, micros = int(match[1]), match[2], float(match[5])
        rounds.setdefault(scenario, {})[round_number] = micros
    figures = []
    print(f"{'what':32} {'chain':9} {'PinBench µs (min-max)':24} {'OpenSSL µs (min-max)':24} ratio  rounds' ratios")
    for key, words, name in ROWS:
        for chain, chain_name in CHAINS:
            ours = rounds.get(f"{key}-{chain}")
            peer_key = f"openssl-der-{chain}" if key == "repeated" else f"openssl-{key}-{chain}"
            peer = rounds.get(peer_key)
            if not ours or not peer:
                continue
            mine, theirs = statistics.median(ours.values()), statistics.median(peer.values())
            ratios = [ours[r] / peer[r] for r in sorted(ours) if r in peer]
            spread = lambda values: f"{min(values):.1f}-{max(values):.1f}"
            print(
                f"{words:32} {chain_name:9} {mine:8.2f} ({spread(ours.values()):>13}) "
                f"{theirs:8.2f} ({spread(peer.values()):>13}) {mine / theirs:5.2f}x "
                + " ".join(f"{ratio:.2f}" for ratio in ratios)
            )
            baseline = "openssl.verdict.warm.der" if key == "repeated" else f"openssl.{name}"
            figures.append({
                "name": f"core.{name}.{chain}", "value": round(mine, 2), "unit": "us",
                "baseline": f"{baseline}.{chain}", "baselineValue": round(theirs, 2), "command": command,
            })
    path = os.environ.get("PINBENCH_FIGURES")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            for figure in figures:
                out.write(json.dumps(figure, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
