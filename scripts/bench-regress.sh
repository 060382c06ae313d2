#!/usr/bin/env bash
# Runs the benchmarks of the paths users run, each beside its baseline, and compares their figures with those
# recorded in Benchmarks/figures.json (scripts/bench-compare.py): exit 1 when a figure got worse beyond the machine's
# noise, so a rule that costs 50 % is seen the day it lands (issue 38, item 4; BENCHMARKS.md, "Regressions").
#
#   scripts/bench-regress.sh                     # core, check and forecast (about 15 minutes on 2 quiet cores)
#   scripts/bench-regress.sh core                # one area: core, check, forecast
#   RECORD=1 scripts/bench-regress.sh core       # this run's figures become the recorded ones (commit the file)
#   TOLERANCE=0.3 scripts/bench-regress.sh       # a noisier machine
#
# core: Benchmarks/scripts/core-loops.sh (the verdict from PEM and DER, cold and warm, beside OpenSSL's);
# check: Benchmarks/scripts/scan-floor.sh (500 loopback hosts beside the C handshake floor; it starts the nginx of
# ../shared/bench/scan-setup.sh when none runs, and stops it again); forecast: scripts/bench-forecast-fleet.sh (200
# release files x 10,000 domains beside Python's json.load of the same files).
set -euo pipefail
cd "$(dirname "$0")/.."
areas=("$@")
[ ${#areas[@]} -eq 0 ] && areas=(core check forecast)
for area in "${areas[@]}"; do
    case "$area" in
    core | check | forecast) ;;
    *) echo "bench-regress.sh: no area '$area' (areas: core, check, forecast)" >&2; exit 2 ;;
    esac
done

figures=$(mktemp /tmp/pinbench-figures.XXXXXX.jsonl)
started_nginx=0
cleanup() {
    [ "$started_nginx" -eq 1 ] && bash ../shared/bench/scan-teardown.sh >/dev/null 2>&1 || true
}
trap cleanup EXIT
export PINBENCH_FIGURES=$figures

needs_binary=0
for area in "${areas[@]}"; do [ "$area" != core ] && needs_binary=1; done
if [ "$needs_binary" -eq 1 ] && [ -z "${PINBENCH:-}" ]; then
    echo "bench-regress.sh: building the binary to install (scripts/build-release.sh)" >&2
    PINBENCH=$(scripts/build-release.sh)
fi
export PINBENCH

for area in "${areas[@]}"; do
    echo "bench-regress.sh: $area" >&2
    case "$area" in
    core) Benchmarks/scripts/core-loops.sh "${CORE_COUNT:-5000}" "${CORE_ROUNDS:-3}" ;;
    check)
        if [ ! -s "${PINBENCH_SCAN_DIR:-/tmp/pinbench-scan}/nginx/nginx.pid" ] ||
            ! kill -0 "$(cat "${PINBENCH_SCAN_DIR:-/tmp/pinbench-scan}/nginx/nginx.pid")" 2>/dev/null; then
            bash ../shared/bench/scan-setup.sh >&2
            started_nginx=1
        fi
        bash Benchmarks/scripts/scan-floor.sh "${CHECK_HOSTS:-500}" "${CHECK_ROUNDS:-5}"
        ;;
    forecast) scripts/bench-forecast-fleet.sh "${FLEET_RELEASES:-200}" "${FLEET_DOMAINS:-10000}" "${FLEET_ROUNDS:-3}" ;;
    esac
done

compare=(python3 scripts/bench-compare.py --tolerance "${TOLERANCE:-0.2}")
[ "${RECORD:-0}" = 1 ] && compare+=(--record)
echo "bench-regress.sh: the run's figures are in $figures" >&2
"${compare[@]}" "$figures"
