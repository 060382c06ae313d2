#!/usr/bin/env bash
# Fails when the executable target holds more than its cap of Swift lines (issue 37): `Sources/pinbench` parses
# arguments and renders; what it decides lives in a library that tests and the workbench import.
#
#   scripts/check-executable-size.sh            # the cap: 2,500 lines
#   PINBENCH_EXECUTABLE_CAP=N scripts/check-executable-size.sh
#
# Counts every line (`wc -l`) of every .swift file under Sources/pinbench, comments and blank lines included, so the
# number is the one anyone gets with `find Sources/pinbench -name '*.swift' | xargs cat | wc -l`.
# Exit status: 0 within the cap, 1 over it, 2 when there is nothing to count or the cap is not a number.
set -euo pipefail
cd "$(dirname "$0")/.."
cap=${PINBENCH_EXECUTABLE_CAP:-2500}
folder=Sources/pinbench
if ! [[ $cap =~ ^[0-9]+$ ]]; then
    echo "check-executable-size: the cap must be a whole number of lines, not '$cap'" >&2
    exit 2
fi
if [ ! -d "$folder" ]; then
    echo "check-executable-size: $folder does not exist (run from a checkout of PinBench)" >&2
    exit 2
fi
lines=$(find "$folder" -name '*.swift' -type f -print0 | xargs -0 cat -- | wc -l)
lines=$((lines + 0))
if [ "$lines" -gt "$cap" ]; then
    echo "check-executable-size: $folder holds $lines lines of Swift, over the cap of $cap." >&2
    echo "Move what the commands decide into a library (ARCHITECTURE.md); the executable parses and renders." >&2
    echo "The largest files:" >&2
    find "$folder" -name '*.swift' -type f -print0 | xargs -0 wc -l -- | grep -v ' total$' | sort -rn | head -5 >&2 || true
    exit 1
fi
echo "check-executable-size: $folder holds $lines lines of Swift (cap $cap)."
