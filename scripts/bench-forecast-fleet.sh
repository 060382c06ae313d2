#!/usr/bin/env bash
# bench-forecast-fleet.sh [RELEASES] [DOMAINS] [ROUNDS] — `pinbench forecast` of a fleet from files on disk, as a
# user runs it: RELEASES release manifests of DOMAINS domains each (Benchmarks/scripts/forecast-fleet.py, seeded),
# every domain serving one wildcard chain (--served-list: a HOST=chain.pem line for each), with 4 and with 200
# distinct pin sets.
# Beside it, in the same rounds and alternating, the floor: Python's json.load reading the same release files.
# Prints the median wall time and peak RSS (GNU time) of each, with the spread, and appends figures to
# $PINBENCH_FIGURES when set (one JSON object a line, for the regression script).
#
#   PINBENCH=$(scripts/build-release.sh) scripts/bench-forecast-fleet.sh 200 10000 3
#   PINBENCH_FLEET_JSON=0 ...     # without the --json runs (each writes about 2 GB to /dev/null)
set -euo pipefail
RELEASES=${1:-200}
DOMAINS=${2:-10000}
ROUNDS=${3:-3}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PINBENCH=$(realpath "${PINBENCH:?set PINBENCH to the binary to install: PINBENCH=\$(scripts/build-release.sh)}")
WORK=${PINBENCH_FLEET_DIR:-/tmp/pinbench-fleet}
mkdir -p "$WORK/pki"
cd "$WORK/pki"
# A root, an intermediate and a wildcard leaf for every domain of the fleet (P-256: the common choice today).
. "$HERE/Benchmarks/scripts/fleet-pki.sh"
fleet_pki 200 ca

for SETS in 4 200; do
    FLEET="$WORK/fleet-$RELEASES-$DOMAINS-$SETS"
    if [ ! -s "$FLEET/releases.json" ]; then
        python3 "$HERE/Benchmarks/scripts/forecast-fleet.py" "$FLEET" "$RELEASES" "$DOMAINS" "$SETS" \
            "$LEAF" "$CA" "$ROOT"
    fi
    cp "$WORK/pki/chain.pem" "$WORK/pki/root.pem" "$FLEET/"
    sed 's/.*/&=chain.pem/' "$FLEET/hosts.txt" >"$FLEET/served.list"
done

cd "$WORK"
: >times.txt
run() { # NAME FOLDER COMMAND...: one timed run, its wall seconds and peak RSS (KiB) appended to times.txt
    local name=$1 folder=$2
    shift 2
    (cd "$folder" && /usr/bin/time -f "$name %e %M" -a -o "$WORK/times.txt" "$@" >/dev/null 2>"$WORK/$name.err") || {
        local status=$?
        # forecast exits 1 when a gate fails; no gate is given here, so any failure is a failure.
        echo "$name failed ($status): $(head -3 "$WORK/$name.err")" >&2
        exit 1
    }
}
FLOOR='import json, sys
for name in sys.argv[1:]:
    with open(name) as f: json.load(f)'
for round in $(seq "$ROUNDS"); do
    for SETS in 4 200; do
        FLEET="$WORK/fleet-$RELEASES-$DOMAINS-$SETS"
        files=("$FLEET"/r*.json)
        run "python-json-load.$SETS" "$FLEET" python3 -c "$FLOOR" "${files[@]}"
        run "forecast-text.$SETS" "$FLEET" "$PINBENCH" forecast --manifest pins.json --ca-bundle root.pem \
            --served-list served.list
        if [ "$SETS" = 4 ] && [ "${PINBENCH_FLEET_JSON:-1}" != 0 ]; then
            run "forecast-json.$SETS" "$FLEET" "$PINBENCH" forecast --manifest pins.json --ca-bundle root.pem \
                --json --served-list served.list
        fi
    done
done

python3 - "$WORK/times.txt" "$RELEASES" "$DOMAINS" "$ROUNDS" "$WORK" <<'PY'
import json, os, statistics, sys
times, releases, domains, rounds, work = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
runs = {}
for line in open(times):
    name, wall, rss = line.split()
    runs.setdefault(name, []).append((float(wall), int(rss) / 1024))
size = sum(os.path.getsize(os.path.join(work, f"fleet-{releases}-{domains}-4", name))
           for name in os.listdir(os.path.join(work, f"fleet-{releases}-{domains}-4")) if name.startswith("r"))
print(f"pinbench forecast, {releases} release files x {domains} domains ({size / 1e6:.0f} MB of JSON, 4 sets), "
      f"{rounds} rounds alternating; medians (min-max)")
print(f"{'run':<24} {'wall s':>20} {'peak RSS MB':>22} {'/ json.load':>12}  {'per round: median (min-max)':>28}")
command = f"scripts/bench-forecast-fleet.sh {releases} {domains} {rounds}"
figures = os.environ.get("PINBENCH_FIGURES")
for name in sorted(runs):
    walls, rss = [r[0] for r in runs[name]], [r[1] for r in runs[name]]
    sets = name.rsplit(".", 1)[1]
    floor = statistics.median(r[0] for r in runs[f"python-json-load.{sets}"])
    wall = statistics.median(walls)
    # Each run over the floor of its own round: the load of a shared machine drifts between rounds.
    floors = [r[0] for r in runs[f"python-json-load.{sets}"]]
    ratios = [w / f for w, f in zip(walls, floors)]
    print(f"{name:<24} {wall:8.2f} ({min(walls):.2f}-{max(walls):.2f}) {statistics.median(rss):9.0f} "
          f"({min(rss):.0f}-{max(rss):.0f}) {wall / floor:11.2f}x  {statistics.median(ratios):14.2f}x "
          f"({min(ratios):.2f}-{max(ratios):.2f})")
    if figures and not name.startswith("python"):
        kind = name.split(".")[0].replace("forecast-", "")
        with open(figures, "a") as out:
            out.write(json.dumps({"name": f"forecast.fleet.{kind}.{sets}sets", "value": round(wall, 3), "unit": "s",
                                  "baseline": f"python.jsonload.{sets}sets", "baselineValue": round(floor, 3),
                                  "command": command}) + "\n")
            out.write(json.dumps({"name": f"forecast.fleet.{kind}.{sets}sets.peak", "unit": "MB",
                                  "value": round(statistics.median(rss), 1), "cap": 500, "command": command}) + "\n")
PY
