#!/usr/bin/env bash
# The part of a `swift test` log a person reads, on one screen: the tests that failed, the tests that were skipped
# with their reasons, the known issues recorded, and Swift Testing's count. Every line is cut to 160 characters; at most 10 of each kind.
#
#   swift test 2>&1 | tee test.log; scripts/test-summary.sh test.log     # .ci/run does this
set -euo pipefail
log=${1:?usage: scripts/test-summary.sh LOG}
[ -r "$log" ] || { echo "test-summary.sh: cannot read $log" >&2; exit 2; }
cut_line() { cut -c1-160; }
section() { # TITLE PATTERN
    local lines count
    lines=$(grep -E "$2" "$log" | grep -v '^. Test run with' || true)
    [ -n "$lines" ] || return 0
    count=$(wc -l <<<"$lines")
    echo "$1 ($count):"
    head -n 10 <<<"$lines" | cut_line | sed 's/^/  /'
    if [ "$count" -gt 10 ]; then echo "  ... $((count - 10)) more in $log"; fi
}
echo "swift test: $(wc -l <"$log") lines, $(wc -c <"$log") bytes in $log"
section "failed" '^✘ Test .* failed after'
section "skipped" '^➜ Test .* skipped'
section "known issues (recorded by withKnownIssue, not failing the run)" '^. Test .*known issue'
grep -E '^(✔|✘) Test run with' "$log" | tail -n 1 | cut_line || echo "no Swift Testing summary: the run did not finish"
