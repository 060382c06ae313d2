#!/usr/bin/env bash
# Regenerates BuildSupport/pinbench.order: the functions pinbench runs, for lld to place together in release links
# (Package.swift, BuildSupport/README.md). It runs the release build of scripts/build-release.sh under valgrind's
# callgrind through the commands people run most, against the offline lab, and lists every function of the binary
# they executed, the functions of the commands ranked first placed first.
#
#   scripts/symbol-order.sh            # needs valgrind and tmux; about five minutes
#
# A stale order file costs memory, never correctness: functions it does not name are linked where lld puts them.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "symbol-order.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
command -v tmux >/dev/null || { echo "symbol-order.sh: needs tmux" >&2; exit 2; }

built=$(scripts/build-release.sh)
work=$(mktemp -d /tmp/pinbench-order.XXXXXX)
lab_pid=""
cleanup() {
    [ -n "$lab_pid" ] && kill "$lab_pid" 2>/dev/null || true
    tmux kill-session -t pinbench-order 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
# valgrind cannot read the DWARF 5 of this toolchain; the symbol table is enough.
strip --strip-debug -o "$work/pinbench" "$built"
pinbench="$work/pinbench"

"$pinbench" lab --write-manifest "$work/lab.json" >"$work/lab.log" 2>&1 &
lab_pid=$!
for _ in $(seq 100); do [ -s "$work/lab.json" ] && break; sleep 0.1; done
[ -s "$work/lab.json" ] || { echo "symbol-order.sh: the lab wrote no manifest" >&2; cat "$work/lab.log" >&2; exit 1; }
cp "$work/lab.json" "$work/edit.json"
cp "$work/lab.json" "$work/lab-copy.json"
lab_root=$(dirname "$work/lab.json")/$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["trustAnchors"][0])' "$work/lab.json")

# Each profile is named by its rank: the functions of the commands ranked first are placed first (below). `check`
# leads, as the command that runs over a whole fleet in CI; the workbench follows.
run() {
    local rank=$1
    shift
    echo "profile $rank: pinbench $*"
    (cd "$work" && valgrind -q --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$rank" \
        "$pinbench" "$@" >/dev/null 2>&1) || true
}
run 01 check --manifest lab.json --timeout 3 --json
run 02 check --manifest lab.json --timeout 3

# The workbench, in a terminal: open, refresh every domain, move, pin a key, see the diff, write, quit.
echo "profile 03: pinbench workbench (tmux)"
tmux new-session -d -s pinbench-order -x 100 -y 30 \
    "cd '$work' && valgrind -q --tool=callgrind --demangle=no --callgrind-out-file='$work/cg.03' '$pinbench' workbench --manifest edit.json 2>'$work/workbench.err'; sleep 2"
sleep 20
for key in R j j p m Escape w y; do
    tmux send-keys -t pinbench-order "$key" 2>/dev/null || { echo "the workbench ended early:" >&2; cat "$work/workbench.err" >&2; exit 1; }
    sleep 5
done
# Quit, and answer the question it asks if the write did not happen.
tmux send-keys -t pinbench-order q 2>/dev/null || true
sleep 3
tmux send-keys -t pinbench-order y 2>/dev/null || true
for _ in $(seq 60); do tmux has-session -t pinbench-order 2>/dev/null || break; sleep 1; done

run 04 inspect good.pinbench.test --manifest lab.json --timeout 3
run 05 validate --host good.pinbench.test --chain "$lab_root" --manifest lab.json
run 06 lint --manifest lab.json
run 07 pin add good.pinbench.test --chain "$lab_root" --level 0 --backup --manifest lab-copy.json
run 08 diff lab.json lab-copy.json
run 09 export okhttp --manifest lab.json
run 10 export ats --manifest lab.json
run 11 pins "$lab_root"
run 12 --version
run 13 --help

nm --defined-only "$pinbench" | awk '$2 ~ /^[tTwW]$/ { print $3 }' >"$work/symbols"
python3 - "$work/symbols" BuildSupport/pinbench.order "$work"/cg.* <<'PY'
import re, sys
symbols = set(open(sys.argv[1]).read().split())
profiles = {}
for index, path in enumerate(sys.argv[3:]):
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
            profiles.setdefault(functions[number], set()).add(index)
# Sorted by which profiles ran each function, profile 01 first: every function `check` runs comes before any it
# does not, and within those the workbench's come first, and so on. Each command's code then sits in as few
# stretches as the commands before it allow, and code every command runs (start-up, parsing) comes first of all.
ranks = range(len(sys.argv) - 3)
order = sorted(profiles, key=lambda name: ([rank not in profiles[name] for rank in ranks], name))
with open(sys.argv[2], "w") as out:
    out.write("# Generated by scripts/symbol-order.sh: the functions pinbench runs (BuildSupport/README.md).\n")
    out.write("\n".join(order) + "\n")
print(f"{len(order)} functions from {len(sys.argv) - 3} profiles written to {sys.argv[2]}")
PY
# SwiftPM does not see the order file as an input of the link: relink by removing the built binaries.
echo "relink to use it: rm -f .build*/*/release/pinbench, then build again"
