#!/usr/bin/env bash
# Builds the binary to install (scripts/build-release.sh) and checks that it was linked as BuildSupport/README.md
# says and that it works: `check` of the offline lab gives the verdicts the test suite expects of the debug build.
# Then installs it for real into a temporary PREFIX (scripts/install.sh) and removes it again.
#
#   scripts/release-smoke.sh           # CI runs it after the tests
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "release-smoke.sh: $*" >&2; exit 1; }
source scripts/lab.bash

bin=$(scripts/build-release.sh)
"$bin" --version >/dev/null || fail "$bin does not start"

# Linked as meant: packed relocations, no exported symbols of the package's code, the order file applied.
# (Whole outputs into variables first: with pipefail, `grep -q` closing a pipe early fails the writer.)
sections=$(readelf -SW "$bin")
exported=$(nm -D --defined-only "$bin")
if [ "${PINBENCH_RELR:-1}" != 0 ]; then
    grep -q '\.relr\.dyn' <<<"$sections" || fail "no packed relative relocations (.relr.dyn)"
fi
! grep -q ' \$s' <<<"$exported" || fail "the package's Swift symbols are exported"
text_start=$(awk '$2 == ".text" { print $4 }' <<<"$sections")
first=$(awk '!/^#/ { print; exit }' BuildSupport/pinbench.order)
first_address=$(nm --defined-only "$bin" | awk -v name="$first" '$3 == name && !found { print $1; found = 1 }')
[ -n "$first_address" ] || fail "the order file's first function ($first) is not in the binary"
python3 -c 'import sys; sys.exit(0 if int(sys.argv[2], 16) - int(sys.argv[1], 16) < 65536 else 1)' \
    "$text_start" "$first_address" || fail "the order file was not applied ($first is not at the start of .text)"

# Works: the lab's scenarios judged as the debug build judges them.
work=$(mktemp -d /tmp/pinbench-smoke.XXXXXX)
lab_pid=""
trap '[ -n "$lab_pid" ] && kill "$lab_pid" 2>/dev/null; rm -rf "$work"' EXIT
start_lab "$bin" "$work" || fail "the lab wrote no manifest"
status=0
(cd "$work" && "$bin" check --manifest lab.json --timeout 3 --json >check.json) || status=$?
[ "$status" -eq 1 ] || fail "check of the lab exited $status, not 1 (rejections)"
python3 - "$work/check.json" <<'PY' || fail "unexpected verdicts"
import json, sys
report = json.load(open(sys.argv[1]))
verdicts = {row["host"]: row["outcome"] for row in report["results"]}
expected = {"good.pinbench.test": "accepted", "mitm.pinbench.test": "rejected", "expired.pinbench.test": "rejected"}
wrong = {host: verdicts.get(host) for host, verdict in expected.items() if verdicts.get(host) != verdict}
if wrong:
    sys.exit(f"release-smoke.sh: verdicts {wrong}, expected {expected}")
print(f"release-smoke.sh: {len(verdicts)} domains judged")
PY

# Installed as the README says: stripped, under 80 MB, runs, and the uninstall removes it.
prefix="$work/prefix"
PREFIX="$prefix" scripts/install.sh >"$work/install.log" || fail "scripts/install.sh failed: $(cat "$work/install.log")"
installed="$prefix/bin/pinbench"
[ -x "$installed" ] || fail "scripts/install.sh left no $installed"
installed_sections=$(readelf -SW "$installed")
! grep -Eq ' \.(symtab|debug_info) ' <<<"$installed_sections" || fail "$installed still has symbols or debug information"
if command -v file >/dev/null; then
    described=$(file "$installed")
    grep -q ', stripped' <<<"$described" || fail "file does not call $installed stripped: $described"
else
    echo "release-smoke.sh: no file command here; stripping checked with readelf only"
fi
size=$(stat -c %s "$installed")
[ "$size" -lt 80000000 ] || fail "$installed is $size bytes, over 80 MB"
"$installed" --version >/dev/null || fail "$installed --version failed"
usage=$("$installed" --help) || fail "$installed --help failed"
grep -q 'USAGE: pinbench' <<<"$usage" || fail "$installed --help shows no usage"
PREFIX="$prefix" scripts/install.sh --uninstall >/dev/null || fail "scripts/install.sh --uninstall failed"
[ ! -e "$installed" ] || fail "scripts/install.sh --uninstall left $installed"
echo "release-smoke.sh: installed ($((size / 1000000)) MB, stripped) and removed again"
echo "release-smoke.sh: $bin linked as meant and judged the lab as expected"
