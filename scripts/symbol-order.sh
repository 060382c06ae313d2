#!/usr/bin/env bash
# Regenerates BuildSupport/pinbench.order: the functions pinbench runs, for lld to place together when
# scripts/build-release.sh links the binary to install (BuildSupport/README.md). It runs that binary under
# valgrind's callgrind through the commands people run most, against the offline lab, and lists every function of
# the binary they executed, the functions of the commands ranked first placed first.
#
#   scripts/symbol-order.sh            # needs valgrind and tmux; about three minutes after the build
#
# A stale order file costs memory, never correctness: functions it does not name are linked where lld puts them.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "symbol-order.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
command -v tmux >/dev/null || { echo "symbol-order.sh: needs tmux" >&2; exit 2; }
fail() { echo "symbol-order.sh: $*" >&2; exit 1; }
source scripts/lab.bash

built=$(scripts/build-release.sh)
work=$(mktemp -d /tmp/pinbench-order.XXXXXX)
# A tmux server of its own, without the user's configuration.
tmux_server=(tmux -L "pinbench-order-$$" -f /dev/null)
lab_pid=""
cleanup() {
    [ -n "$lab_pid" ] && kill "$lab_pid" 2>/dev/null || true
    "${tmux_server[@]}" kill-server 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
# valgrind cannot read the DWARF 5 of this toolchain; the symbol table is enough.
strip --strip-debug -o "$work/pinbench" "$built"
pinbench="$work/pinbench"

start_lab "$pinbench" "$work" || fail "the lab wrote no manifest"
cp "$work/lab.json" "$work/edit.json"
cp "$work/lab.json" "$work/lab-copy.json"
(cd "$work" && "$pinbench" inspect good.pinbench.test --manifest lab.json --pem >served.pem) ||
    fail "could not fetch the lab's chain"

# Each profile is named by its rank: the functions of the commands ranked first are placed first (below). `check`
# leads, as the command that runs over a whole fleet in CI; the workbench follows.
run() {
    local rank=$1 status=0
    shift
    (cd "$work" && valgrind -q --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$rank" \
        "$pinbench" "$@" >/dev/null 2>"$work/err.$rank") || status=$?
    echo "profile $rank (exit $status): pinbench $*"
    # 0, 1 (a rejection, lint errors) and 2 (the lab's slow domain times out) are answers; anything else is not.
    [ "$status" -le 2 ] && [ -s "$work/cg.$rank" ] || { cat "$work/err.$rank" >&2; fail "profile $rank failed"; }
}
run 01 check --manifest lab.json --timeout 3 --json
run 02 check --manifest lab.json --timeout 3

# The workbench, in a terminal: open, refresh every domain, move, pin a key, see the diff, write, quit.
echo "profile 03: pinbench workbench (tmux)"
"${tmux_server[@]}" new-session -d -s order -x 100 -y 30 \
    "cd '$work' && valgrind -q --tool=callgrind --demangle=no --callgrind-out-file='$work/cg.03' \
     '$pinbench' workbench --manifest edit.json 2>'$work/err.03'"
screen=""
for _ in $(seq 120); do
    screen=$("${tmux_server[@]}" capture-pane -p -t order 2>/dev/null || true)
    [[ $screen == *"Domains ("* ]] && break
    sleep 1
done
[[ $screen == *"Domains ("* ]] || { cat "$work/err.03" >&2; fail "the workbench did not show its domains"; }
for key in R j j p m Escape w y; do
    "${tmux_server[@]}" send-keys -t order "$key" 2>/dev/null ||
        { cat "$work/err.03" >&2; fail "the workbench ended early"; }
    sleep 5
done
# Quit, and answer the question it asks if the write did not happen.
"${tmux_server[@]}" send-keys -t order q 2>/dev/null || true
sleep 3
"${tmux_server[@]}" send-keys -t order y 2>/dev/null || true
for _ in $(seq 60); do "${tmux_server[@]}" has-session -t order 2>/dev/null || break; sleep 1; done
! "${tmux_server[@]}" has-session -t order 2>/dev/null || fail "the workbench did not quit"
[ -s "$work/cg.03" ] || fail "the workbench left no profile"

run 04 inspect good.pinbench.test --manifest lab.json --timeout 3
run 05 validate --host good.pinbench.test --chain served.pem --manifest lab.json
run 06 lint --manifest lab.json
run 07 pin add good.pinbench.test --chain served.pem --level 1 --backup --manifest lab-copy.json
run 08 diff lab.json lab-copy.json
run 09 export okhttp --manifest lab.json
run 10 export ats --manifest lab.json
run 11 pins served.pem
run 12 --version
run 13 --help

nm --defined-only "$pinbench" | awk '$2 ~ /^[tTwW]$/ { print $3 }' >"$work/symbols"
python3 - "$work/symbols" BuildSupport/pinbench.order "$work"/cg.* <<'PY'
import os, re, sys
symbols = set(open(sys.argv[1]).read().split())
paths = sys.argv[3:]
profiles = {}
for rank, path in enumerate(paths):
    objects, functions, current = {}, {}, None
    for line in open(path, errors="replace"):
        match = re.match(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not match:
            continue
        kind, number, name = match.groups()
        table = objects if kind.endswith("ob") else functions
        if name:
            table[number] = name
        if kind == "ob":
            current = objects[number]
        elif kind == "fn" and current and current.endswith("/pinbench") and functions[number] in symbols:
            profiles.setdefault(functions[number], set()).add(rank)
# Sorted by which profiles ran each function, profile 01 first: every function `check` runs comes before any it
# does not, and within those the ones the workbench runs too come first, and so on. Each command's code then sits
# in as few stretches as the commands ranked before it allow; code every command runs (start-up) comes first.
order = sorted(profiles, key=lambda name: ([rank not in profiles[name] for rank in range(len(paths))], name))
first = sum(1 for ranks in profiles.values() if 0 in ranks)
if len(paths) != 13 or first < 1000 or len(order) < 2000:
    sys.exit(f"symbol-order.sh: implausible profiles ({len(paths)} files, {first} functions in check, "
             f"{len(order)} in all); the order file is unchanged")
temporary = sys.argv[2] + ".new"
with open(temporary, "w") as out:
    out.write("# Generated by scripts/symbol-order.sh: the functions pinbench runs (BuildSupport/README.md).\n")
    out.write("\n".join(order) + "\n")
os.replace(temporary, sys.argv[2])
print(f"{len(order)} functions from {len(paths)} profiles ({first} in check) written to {sys.argv[2]}")
PY
# SwiftPM does not see the order file as an input of the link: relink by removing the built binary.
echo "relink to use it: rm -f .build-release/*/release/pinbench; scripts/build-release.sh"
