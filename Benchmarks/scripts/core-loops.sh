#!/usr/bin/env bash
# core-loops.sh [COUNT=5000] [ROUNDS=3]: each PinBench scenario beside its OpenSSL peer in plain loops (no malloc
# interposer), alternating, ROUNDS times; prints µs per iteration. Run from Benchmarks/ (BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-5000}
ROUNDS=${2:-3}
swift build -c release --product core-profile >/dev/null
for round in $(seq "$ROUNDS"); do
  for scenario in der-rsa der-p256 parsed-rsa parsed-p256 pins-rsa pins-p256 repeated-rsa repeated-p256; do
    .build/release/core-profile "$scenario" "$COUNT"
    peer=openssl-${scenario#repeated-}
    case $scenario in repeated-*) peer=openssl-der-${scenario#repeated-} ;; esac
    .build/release/core-profile "$peer" "$COUNT"
  done
done
