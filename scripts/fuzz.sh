#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (sanitized: fuzzer + address) and runs each for a bounded time on a copy of
# its committed corpus. Exits non-zero if any target crashes, leaks, times out or breaks an invariant; prints the
# executions, executions per second and coverage of each target.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      SECONDS per target (default 30); TARGET e.g. chain, export
#   scripts/fuzz.sh --build-only               the sanitized build alone (CI starts it beside the tests)
#
# Environment: FUZZ_WORK (scratch folder, default .fuzz-work), FUZZ_NICE (e.g. 10 to yield the CPU),
# FUZZ_CONFIG (release, the default, or debug: half the build time for a third of the executions per second),
# FUZZ_ARGS (extra libFuzzer flags, e.g. "-runs=1000000"), FUZZ_PARALLEL (targets run at once; default: cores).
set -euo pipefail
cd "$(dirname "$0")/.."

build_only=0
if [ "${1:-}" = --build-only ]; then
    build_only=1
    shift
fi
seconds=${1:-30}
[ $# -gt 0 ] && shift
all_targets=(chain manifest theme terminal-text export revocation-ct import binary-xml dex macho)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
    [ -d "Fuzz/Sources/fuzz-$target" ] || { echo "fuzz.sh: no target '$target' (targets: ${all_targets[*]})" >&2; exit 2; }
done

nice_prefix=()
[ -n "${FUZZ_NICE:-}" ] && nice_prefix=(nice -n "$FUZZ_NICE")
work=${FUZZ_WORK:-.fuzz-work}
scratch=.build-fuzz
config=${FUZZ_CONFIG:-release}

start=$(date +%s)
mkdir -p "$work"
build_status=0
"${nice_prefix[@]}" swift build --package-path Fuzz --scratch-path "$scratch" -c "$config" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >"$work/build.log" 2>&1 || build_status=$?
# ld.gold warns "Cannot export local symbol '__asan_…'" for every target; harmless, and hundreds of lines.
grep -v "Cannot export local symbol" "$work/build.log" | grep -Ev '^\[[0-9]+/[0-9]+\]' || true
[ "$build_status" -eq 0 ] || { echo "fuzz.sh: the sanitized build failed (log: $work/build.log)" >&2; exit 1; }
echo "fuzz.sh: sanitized build took $(($(date +%s) - start)) s"
[ "$build_only" -eq 1 ] && exit 0
bin="$scratch/$config"

# The Swift runtime's own crash handler would run under ASan after a trap and report itself; libFuzzer reports.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}
symbolizer="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-symbolizer"
[ -x "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$symbolizer"

# Targets run side by side, one per core (FUZZ_PARALLEL, default the number of cores): each is single-threaded, so
# the run takes the time of the slowest batch rather than the sum. Each writes its own folder; results are read
# back in the targets' order.
parallel=${FUZZ_PARALLEL:-$(nproc)}
[[ "$parallel" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: FUZZ_PARALLEL must be a whole number above 0" >&2; exit 2; }

run_target() {
    local target=$1 dir="$work/$1" status=0
    rm -rf "$dir"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    # A copy: the run adds inputs to its corpus, and the committed corpus stays small and reviewed.
    cp -R "Fuzz/Corpus/$target/." "$dir/corpus/"
    local dict=()
    [ -f "Fuzz/Dictionaries/$target.dict" ] && dict=("-dict=Fuzz/Dictionaries/$target.dict")
    # shellcheck disable=SC2086 # FUZZ_ARGS is a list of flags
    "${nice_prefix[@]}" "$bin/fuzz-$target" "$dir/corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 -artifact_prefix="$dir/artifacts/" \
        ${FUZZ_ARGS:-} >"$dir/log" 2>&1 || status=$?
    echo "$status" >"$dir/status"
}

for target in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || true; done
    echo "fuzz.sh: $target for ${seconds} s"
    run_target "$target" &
done
wait

failed=()
summary=()
for target in "${targets[@]}"; do
    dir="$work/$target"
    status=$(cat "$dir/status" 2>/dev/null || echo "?")
    runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$dir/log" | grep -Eo '[0-9]+$' | tail -1 || true)
    rate=$(grep -Eo 'stat::average_exec_per_sec: *[0-9]+' "$dir/log" | grep -Eo '[0-9]+$' | tail -1 || true)
    coverage=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$dir/log" | tail -1 || true)
    line="$target: ${runs:-?} executions, ${rate:-?} exec/s, ${coverage:-cov: ?}"
    if [ "$status" != 0 ] || [ -n "$(ls -A "$dir/artifacts")" ]; then
        failed+=("$target")
        line="$line, FAILED (exit $status; inputs in $dir/artifacts/, log $dir/log)"
        grep -A12 -E "INVARIANT BROKEN|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)" "$dir/log" | head -40 \
            || tail -5 "$dir/log"
    fi
    echo "fuzz.sh: $line"
    summary+=("$line")
done

echo "fuzz.sh: summary (${seconds} s per target)"
printf '  %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: ${#failed[@]} target(s) failed: ${failed[*]}" >&2
    exit 1
fi
