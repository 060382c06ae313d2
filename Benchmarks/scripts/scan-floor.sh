#!/usr/bin/env bash
# scan-floor.sh [N] [REPS] — `pinbench check` of N loopback hosts beside the floor (handshake-floor.c: the same
# OpenSSL doing only the handshakes, the chain check and the pins, in C) and the Python asyncio peer, interleaved,
# against the nginx of ../../../shared/bench/scan-setup.sh. Prints the median wall, CPU and peak RSS of each.
#
#   bash ../shared/bench/scan-setup.sh                         # once (from the repository root)
#   PINBENCH=.build/release/pinbench bash Benchmarks/scripts/scan-floor.sh 500 7
#   CHAIN=ec ... for the P-256 chain
set -euo pipefail
N=${1:-500}
REPS=${2:-5}
CHAIN=${CHAIN:-rsa}
STATE=${PINBENCH_SCAN_DIR:-/tmp/pinbench-scan}
VENV=${VENV:-/tmp/pinbench-venv}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SHARED=${SHARED_BENCH:-$(cd "$HERE/../../.." && pwd)/shared/bench}
PINBENCH=$(realpath "${PINBENCH:?set PINBENCH to a release pinbench}")
[ -s "$STATE/port.$CHAIN" ] || { echo "run scan-setup.sh first (no $STATE/port.$CHAIN)" >&2; exit 1; }
[ -x "$VENV/bin/python" ] || { echo "no $VENV (scan-compare.sh creates it)" >&2; exit 1; }
PORT=$(cat "$STATE/port.$CHAIN")
WORK=$(mktemp -d /tmp/pinbench-floor.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cp "$STATE/pki/$CHAIN/root.pem" "$WORK/root.pem"
cc -O2 -o "$WORK/handshake-floor" "$HERE/handshake-floor.c" -lssl -lcrypto -lpthread
python3 - "$WORK/manifest.json" "$N" "$PORT" "$STATE/pki/$CHAIN/pins.txt" <<'PY'
import json, sys
path, n, port, pins = sys.argv[1], int(sys.argv[2]), sys.argv[3], dict(l.split()[:2] for l in open(sys.argv[4]))
pin = lambda value, role: {"type": "spki-sha256", "value": value, "role": role, "position": "any"}
domains = [{"host": f"h{i:04d}.bench.test", "port": 443, "connect": f"127.0.0.1:{port}", "mode": "enforce",
            "pins": [pin(pins["leaf"], "active"), pin(pins["int"], "backup")]} for i in range(1, n + 1)]
json.dump({"schema": 1, "trustAnchors": ["root.pem"], "domains": domains}, open(path, "w"), indent=1)
PY
cd "$WORK"
declare -A COMMANDS=(
    [floor-c]="./handshake-floor $PORT $N 32 root.pem"
    [pinbench]="$PINBENCH check --manifest manifest.json --json --concurrency 32"
    [py-asyncio]="$VENV/bin/python $SHARED/chainfetch.py --manifest manifest.json --json --concurrency 32"
)
for peer in floor-c pinbench py-asyncio; do ${COMMANDS[$peer]} >/dev/null 2>&1 || { echo "$peer failed" >&2; exit 1; }; done
for rep in $(seq "$REPS"); do
    for peer in floor-c pinbench py-asyncio; do
        /usr/bin/time -a -o times.txt -f "$peer %e %U %S %M" ${COMMANDS[$peer]} >/dev/null 2>&1
    done
done
python3 - times.txt "$N" "$CHAIN" "$REPS" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    peer, wall, user, system, rss = line.split()
    runs.setdefault(peer, []).append((float(wall), float(user) + float(system), int(rss) / 1024))
median = {p: [statistics.median(r[i] for r in rows) for i in range(3)] for p, rows in runs.items()}
print(f"N={sys.argv[2]} chain={sys.argv[3]} reps={sys.argv[4]} (interleaved), concurrency 32, medians")
print(f"{'peer':<11} {'wall s':>7} {'CPU s':>6} {'peak RSS MB':>11} {'wall / Python':>13}")
for peer in ("floor-c", "pinbench", "py-asyncio"):
    wall, cpu, rss = median[peer]
    print(f"{peer:<11} {wall:7.3f} {cpu:6.2f} {rss:11.1f} {wall / median['py-asyncio'][0]:12.2f}x")
PY
