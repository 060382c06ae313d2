#!/usr/bin/env bash
# core-loops.sh [COUNT=5000] [ROUNDS=3]: each PinBench scenario beside its OpenSSL peer in plain loops (no malloc
# interposer), one process each, alternating (the order flips every round), ROUNDS times; then a table of medians
# with their spread and the ratio (core-figures.py). With PINBENCH_FIGURES=FILE, one JSON line per figure is
# appended to FILE (the regression script's format). Run from anywhere; BENCHMARKS.md explains the rows.
#   ONLY="cold-pem cold-der" core-loops.sh 2000 5     # some scenarios only
#   CORE_PROFILE=/tmp/core-profile-main core-loops.sh # another build of core-profile (an older revision), not built
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-5000}
ROUNDS=${2:-3}
WHAT=${ONLY:-cold-pem cold-der pem der parsed pins repeated}
if [ -z "${CORE_PROFILE:-}" ]; then
  swift build -c release --product core-profile >/dev/null
  CORE_PROFILE=.build/release/core-profile
fi
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for round in $(seq "$ROUNDS"); do
  for chain in rsa p256; do
    for what in $WHAT; do
      ours=$what-$chain
      peer=openssl-$what-$chain
      [ "$what" = repeated ] && peer=openssl-der-$chain
      if [ $((round % 2)) = 1 ]; then order="$ours $peer"; else order="$peer $ours"; fi
      for scenario in $order; do
        line=$("$CORE_PROFILE" "$scenario" "$COUNT")
        echo "round $round $line" >&2
        echo "$round $line" >>"$results"
      done
    done
  done
done
python3 scripts/core-figures.py --command "Benchmarks/scripts/core-loops.sh $COUNT $ROUNDS" <"$results"
