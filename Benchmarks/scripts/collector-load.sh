#!/usr/bin/env bash
# Judged reports per second, p50 and p99, for `pinbench collect` storing in SQLite and in PostgreSQL, beside a
# store-only Python collector (collector-baseline.py: http.server and sqlite3) under the same load in the same run,
# rounds alternating them. PostgreSQL: Debian's 15, started here as the postgres user (initdb into the work folder,
# a Unix socket only, fsync on), a new database each round; BACKENDS="sqlite" leaves it out.
# The load (collector-load-client.py) is a flood: most reports share three chains (a lockout after a rotation, on two
# app versions, and one proxy's interception), UNIQUE_SHARE of them carry a chain of their own.
#
# Usage: Benchmarks/scripts/collector-load.sh [PINBENCH_BINARY]
#   (default: the binary scripts/build-release.sh prints). Environment: ROUNDS (3), SECONDS_PER_RUN (10),
#   CONNECTIONS (32 per process), PROCESSES (2), UNIQUE (200 unique chains), UNIQUE_SHARE (0.1),
#   BACKENDS ("sqlite postgres").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
binary=${1:-$("$root/scripts/build-release.sh" | tail -1)}
rounds=${ROUNDS:-3}
seconds=${SECONDS_PER_RUN:-10}
connections=${CONNECTIONS:-32}
processes=${PROCESSES:-2}
unique=${UNIQUE:-200}
unique_share=${UNIQUE_SHARE:-0.1}
backends=${BACKENDS:-sqlite postgres}
pgbin=/usr/lib/postgresql/15/bin
work=$(mktemp -d /tmp/collector-load.XXXXXX)
chmod 755 "$work"
server=""
as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() {
    if [ -n "$server" ]; then kill -9 "$server" 2>/dev/null || true; fi
    if [ -f "$work/pg/postmaster.pid" ]; then as_postgres "$pgbin/pg_ctl" -D "$work/pg" stop -m immediate >/dev/null 2>&1 || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
cd "$work"

# The PKI: a trusted root and CA, the leaf served after a rotation (the pins name the old key), a proxy's root and
# leaf, and UNIQUE leaves under the proxy's root (reports that share nothing). Every certificate starts two days ago,
# as real ones do: a validity that starts within the hour is never cached (the verdict may change within it).
host=api.collector.test
start=$(date -u -d '-2 days' +%Y%m%d%H%M%SZ)
end=$(date -u -d '+300 days' +%Y%m%d%H%M%SZ)
key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }
sign() { # csr issuer-name extensions-file out [selfsign key]
    local db="db-$2"
    if [ ! -d "$db" ]; then
        mkdir -p "$db/new"
        : >"$db/index.txt"
        echo 01 >"$db/serial"
        printf '[ca]\ndefault_ca=lab\n[lab]\ndatabase=%s/index.txt\nnew_certs_dir=%s/new\nserial=%s/serial\n' \
            "$db" "$db" "$db" >"$db/ca.cnf"
        printf 'default_md=sha256\npolicy=any\nunique_subject=no\n[any]\ncommonName=supplied\n' >>"$db/ca.cnf"
    fi
    if [ "${5:-}" = selfsign ]; then
        openssl ca -batch -notext -config "$db/ca.cnf" -selfsign -keyfile "$2.key" -in "$1" -out "$4" \
            -startdate "$start" -enddate "$end" -extfile "$3" 2>/dev/null
    else
        openssl ca -batch -notext -config "$db/ca.cnf" -cert "$2.pem" -keyfile "$2.key" -in "$1" -out "$4" \
            -startdate "$start" -enddate "$end" -extfile "$3" 2>/dev/null
    fi
}
printf 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n' >ca.ext
printf 'subjectAltName=DNS:%s\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n' \
    "$host" >leaf.ext
ca() { # name subject [issuer]
    key "$1.key"
    openssl req -new -key "$1.key" -subj "/CN=$2" -out "$1.csr" 2>/dev/null
    if [ -n "${3:-}" ]; then sign "$1.csr" "$3" ca.ext "$1.pem"; else sign "$1.csr" "$1" ca.ext "$1.pem" selfsign; fi
}
leaf() { # name issuer
    key "$1.key"
    openssl req -new -key "$1.key" -subj "/CN=$host" -out "$1.csr" 2>/dev/null
    sign "$1.csr" "$2" leaf.ext "$1.pem"
}
ca root "Collector Load Root"
ca ca "Collector Load CA" root
leaf rotated ca
ca proxy "Corporate Proxy Root"
leaf proxied proxy
mkdir -p unique
for n in $(seq 1 "$unique"); do leaf "unique/$n" proxy; done
openssl verify -CAfile root.pem -untrusted ca.pem rotated.pem >/dev/null
key old.key
key spare.key
pin() { openssl pkey -in "$1" -pubout -outform DER 2>/dev/null | openssl dgst -sha256 -binary | base64; }
# The app pinned the leaf's old key and a spare: the rotated leaf matches neither (a lockout).
cat >pins.json <<JSON
{"schema": 1, "domains": [{"host": "$host", "pins": [
  {"type": "spki-sha256", "value": "$(pin old.key)", "role": "active"},
  {"type": "spki-sha256", "value": "$(pin spare.key)", "role": "backup"}]}]}
JSON
python3 - "$host" "$unique" "$unique_share" <<'PY'
import json, sys, datetime
host, unique, share = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
pem = lambda path: open(path).read()
def body(chain, version):
    return json.dumps({"app-bundle-id": "com.example.app", "app-version": version, "app-platform": "IOS",
        "app-vendor-id": "vendor", "trustkit-version": "3.0.3", "hostname": host, "port": 443,
        "noted-hostname": host, "include-subdomains": False, "enforce-pinning": True,
        "date-time": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "validated-certificate-chain": [pem(p) for p in chain], "known-pins": [], "validation-result": 1})
shared = [body(["rotated.pem", "ca.pem", "root.pem"], "4.1"), body(["rotated.pem", "ca.pem", "root.pem"], "4.2"),
          body(["proxied.pem", "proxy.pem"], "4.2")]
uniques = [body([f"unique/{n}.pem", "proxy.pem"], "4.2") for n in range(1, unique + 1)]
json.dump({"shared": shared, "unique": uniques, "unique_share": share}, open("bodies.json", "w"))
PY

wait_port() { # file pattern: waits (up to 60 s) for the server's line naming its port
    for _ in $(seq 1 1200); do
        if grep -q "$2" "$1" 2>/dev/null; then return 0; fi
        sleep 0.05
    done
    echo "the server did not start: $(cat "$1")" >&2
    return 1
}
if [[ " $backends " == *" postgres "* ]]; then
    mkdir -p pg pgsock
    if [ "$(id -u)" -eq 0 ]; then chown postgres: pg pgsock; fi
    as_postgres "$pgbin/initdb" -D "$work/pg" -U pinbench --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    as_postgres "$pgbin/pg_ctl" -D "$work/pg" -l "$work/pgsock/log" -w -o \
        "-c listen_addresses= -c unix_socket_directories=$work/pgsock -c port=5432" start >/dev/null
fi
count_stored() { # backend round: "stored N rows M"
    if [ "$1" = postgres ]; then
        psql -X -A -t -h "$work/pgsock" -U pinbench -d "bench$2" \
            -c 'SELECT coalesce(sum(count),0), count(*) FROM reports' | tr '|' ' ' | sed 's/^/stored /; s/ \([0-9]*\)$/ rows \1/'
    else
        echo "stored $(sqlite3 pinbench.db 'SELECT coalesce(sum(count),0) FROM reports') rows $(sqlite3 pinbench.db 'SELECT count(*) FROM reports')"
    fi
}
run_pinbench() { # backend round
    rm -f pinbench.db*
    local db=pinbench.db
    if [ "$1" = postgres ]; then
        psql -X -q -h "$work/pgsock" -U pinbench -d postgres -c "CREATE DATABASE bench$2"
        db="postgres://pinbench@/bench$2?host=$work/pgsock"
    fi
    "$binary" collect --listen 127.0.0.1:0 --db "$db" --manifest pins.json --ca-bundle root.pem \
        --no-system-trust >pinbench.out 2>&1 &
    server=$!
    wait_port pinbench.out "^collecting on "
    local port
    port=$(sed -n 's|^collecting on http://127.0.0.1:\([0-9]*\)/.*|\1|p' pinbench.out)
    python3 "$here/collector-load-client.py" 127.0.0.1 "$port" bodies.json "$seconds" "$connections" "$processes"
    local rss
    rss=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
    kill -INT "$server"
    wait "$server" || true
    server=""
    echo "peak-rss-kib $rss $(count_stored "$1" "$2")"
}
run_baseline() {
    rm -f baseline.db*
    python3 "$here/collector-baseline.py" baseline.db >baseline.out 2>&1 &
    server=$!
    wait_port baseline.out "^listening "
    local port
    port=$(sed -n 's|^listening \([0-9]*\)$|\1|p' baseline.out)
    python3 "$here/collector-load-client.py" 127.0.0.1 "$port" bodies.json "$seconds" "$connections" "$processes"
    local rss
    rss=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
    kill -9 "$server"
    wait "$server" 2>/dev/null || true
    server=""
    echo "peak-rss-kib $rss stored $(sqlite3 baseline.db 'SELECT count(*) FROM reports') rows $(sqlite3 baseline.db 'SELECT count(*) FROM reports')"
}
for round in $(seq 1 "$rounds"); do
    for backend in $backends; do
        echo "round $round pinbench-$backend $(run_pinbench "$backend" "$round" | tr '\n' ' ')"
    done
    echo "round $round baseline $(run_baseline | tr '\n' ' ')"
done | tee results.txt
python3 - <<'PY'
import json, re, statistics
rows = {}
for line in open("results.txt"):
    match = re.match(r"round (\d+) ([\w-]+) (\{.*\}) peak-rss-kib (\d+) stored (\d+) rows (\d+)", line.strip())
    if match:
        figures = json.loads(match[3])
        figures["rss_mib"] = int(match[4]) / 1024
        figures["stored"] = int(match[5])
        rows.setdefault(match[2], []).append(figures)
def show(name, key, unit):
    values = [r[key] for r in rows[name] if r[key] is not None]
    return f"{statistics.median(values):8.1f} {unit} ({min(values):.1f}-{max(values):.1f})"
print(f"{'collector':18} {'reports/s (min-max)':28} {'p50 (min-max)':24} {'p99 (min-max)':24} {'peak RSS':22}")
for name in rows:
    print(f"{name:18} {show(name, 'per_second', '/s'):28} {show(name, 'p50_ms', 'ms'):24} "
          f"{show(name, 'p99_ms', 'ms'):24} {show(name, 'rss_mib', 'MiB')}")
for name in rows:
    if name == "baseline":
        continue
    ratios = [a["per_second"] / b["per_second"] for a, b in zip(rows[name], rows["baseline"])]
    print(f"{name} / baseline, per round: {', '.join(f'{r:.2f}' for r in ratios)}; median {statistics.median(ratios):.2f}")
for name in rows:
    for r in rows[name]:
        if r["stored"] < r["ok"]:
            print(f"WARNING: {name} acknowledged {r['ok']} reports and stored {r['stored']}")
PY
