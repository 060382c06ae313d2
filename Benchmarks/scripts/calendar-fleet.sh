#!/usr/bin/env bash
# calendar-fleet.sh [RELEASES] [DOMAINS] [ROUNDS] — `pinbench forecast --calendar` of a fleet beside the plain
# `pinbench forecast` of the same files, through the CLI, alternating in each round (issue 39's goal: the calendar
# at most twice the forecast's time). The fleet is Benchmarks/scripts/forecast-fleet.py's (4 distinct pin sets),
# every domain serving one wildcard P-256 chain from a CA given to the calendar as a catalog folder
# (`--ca-catalog`): its root, the issuing intermediate and a sibling (active, picked at random) and a backup. Both
# runs walk two years (`--until`). Prints each run's median wall time and peak RSS with the spread, and the ratio of
# the medians.
#
#   PINBENCH=$(scripts/build-release.sh) Benchmarks/scripts/calendar-fleet.sh 200 10000 3
#   PINBENCH_CALENDAR_DISTINCT=1 ...   # each domain serves a leaf of its own (one key, its own certificate), so
#                                      # no two domains share a calendar: the calendar's cost per domain
set -euo pipefail
RELEASES=${1:-200}
DOMAINS=${2:-10000}
ROUNDS=${3:-3}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PINBENCH=$(realpath "${PINBENCH:?set PINBENCH to the binary to install: PINBENCH=\$(scripts/build-release.sh)}")
WORK=${PINBENCH_CALENDAR_DIR:-/tmp/pinbench-calendar}
mkdir -p "$WORK/pki"
cd "$WORK/pki"
# The issuing intermediate, an active sibling and a backup (the catalog below names them).
. "$HERE/Benchmarks/scripts/fleet-pki.sh"
fleet_pki 90 ca ca2 ca3

FLEET="$WORK/fleet-$RELEASES-$DOMAINS"
if [ ! -s "$FLEET/releases.json" ]; then
    python3 "$HERE/Benchmarks/scripts/forecast-fleet.py" "$FLEET" "$RELEASES" "$DOMAINS" 4 "$LEAF" "$CA" "$ROOT"
fi
cp chain.pem root.pem "$FLEET/"
if [ "${PINBENCH_CALENDAR_DISTINCT:-0}" = 1 ]; then
    # A certificate of its own for each domain (the same key, a new serial): every chain differs.
    mkdir -p "$FLEET/chains"
    while read -r host; do
        [ -s "$FLEET/chains/$host.pem" ] && continue
        openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -set_serial "0x$(openssl rand -hex 16)" \
            -out "$FLEET/chains/$host.leaf" -days 90 -extfile leaf.ext 2>/dev/null
        cat "$FLEET/chains/$host.leaf" ca.pem >"$FLEET/chains/$host.pem"
    done <"$FLEET/hosts.txt"
    sed 's/.*/&=chains\/&.pem/' "$FLEET/hosts.txt" >"$FLEET/served.list"
else
    sed 's/.*/&=chain.pem/' "$FLEET/hosts.txt" >"$FLEET/served.list"
fi
mkdir -p "$FLEET/catalog/fleetca"
cp root.pem ca.pem ca2.pem ca3.pem "$FLEET/catalog/fleetca/"
cat >"$FLEET/catalog/fleetca/catalog.json" <<'JSON'
{
  "format": 1, "id": "fleetca", "name": "Fleet CA", "public": true, "issuance": "random", "renewAt": 0.6667,
  "certificates": [
    { "file": "root.pem", "label": "Fleet Root", "role": "root", "status": "active" },
    { "file": "ca.pem", "label": "CA1", "role": "intermediate", "status": "active" },
    { "file": "ca2.pem", "label": "CA2", "role": "intermediate", "status": "active" },
    { "file": "ca3.pem", "label": "CA3", "role": "intermediate", "status": "backup" }
  ],
  "profiles": [
    { "name": "classic", "default": true, "lifetimes": [ { "days": 90 }, { "from": "2027-02-10", "days": 64 } ] }
  ]
}
JSON

UNTIL=$(date -u -d '+730 days' +%Y-%m-%d)
cd "$FLEET"
: >"$WORK/times.txt"
run() { # NAME COMMAND...: one timed run, its wall seconds and peak RSS (KiB) appended to times.txt
    local name=$1
    shift
    /usr/bin/time -f "$name %e %M" -a -o "$WORK/times.txt" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" || {
        echo "$name failed ($?): $(head -3 "$WORK/$name.err")" >&2
        exit 1
    }
}
for round in $(seq "$ROUNDS"); do
    run forecast "$PINBENCH" forecast --manifest pins.json --ca-bundle root.pem --served-list served.list \
        --until "$UNTIL" --domain d00000.fleet.test
    run calendar "$PINBENCH" forecast --manifest pins.json --ca-bundle root.pem --served-list served.list \
        --until "$UNTIL" --domain d00000.fleet.test --calendar --ca-catalog catalog
done
grep -q "Renewal calendar (fleetca)" "$WORK/calendar.out" || {
    echo "the calendar run printed no calendar: see $WORK/calendar.out" >&2
    exit 1
}
python3 - "$WORK/times.txt" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, wall, rss = line.split()
    runs.setdefault(name, []).append((float(wall), int(rss)))
for name, values in runs.items():
    walls = [w for w, _ in values]
    rss = [r / 1024 for _, r in values]
    print(f"{name}: {statistics.median(walls):.2f} s ({min(walls):.2f}-{max(walls):.2f}), "
          f"{statistics.median(rss):.0f} MB ({min(rss):.0f}-{max(rss):.0f}), {len(walls)} runs")
ratios = [c[0] / f[0] for f, c in zip(runs["forecast"], runs["calendar"])]
print(f"calendar / forecast per round: {statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}); "
      f"ratio of medians {statistics.median(w for w, _ in runs['calendar']) / statistics.median(w for w, _ in runs['forecast']):.2f}x")
PY
