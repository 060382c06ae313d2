#!/usr/bin/env bash
# The repository's shape, checked before anything builds (issue 37): each check is a script of its own that prints
# what it found and exits 1 naming what breaks the rule. All of them run, then the phase fails if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
run() {
    local name="$1"
    shift
    echo "check: $name"
    if ! "$@"; then failed+=("$name"); fi
}
run "executable size (Sources/pinbench, at most 2,500 lines)" scripts/check-executable-size.sh
run "ARCHITECTURE.md's paths" python3 scripts/check-architecture-paths.py
run "ARCHITECTURE.md's imports table" python3 scripts/check-architecture-imports.py
run "documentation links" python3 scripts/check-doc-links.py
run "one <Target>Tests per library" python3 scripts/check-test-targets.py
run "the core's APIs against its declared platforms" python3 scripts/check-core-availability.py
run "the pure targets link no file writer" python3 scripts/check-pure-targets.py
if ((${#failed[@]})); then
    printf 'check failed: %s\n' "${failed[@]}"
    exit 1
fi
echo "check: all passed"
