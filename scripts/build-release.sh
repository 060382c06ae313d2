#!/usr/bin/env bash
# Builds the pinbench to install or ship to CI runners, and prints its path (BuildSupport/README.md).
#
#   scripts/build-release.sh [SWIFT BUILD OPTIONS...]
#   PINBENCH_RELR=0 scripts/build-release.sh     # for glibc 2.35 (Ubuntu 22.04) where the binary runs
#   PINBENCH_DEBUG_INFO=1 scripts/build-release.sh   # with DWARF, for a profiler's source lines
#
# - The Swift runtime and Foundation linked in (--static-swift-stdlib): the binary needs only OpenSSL, ncurses,
#   libxml2 and the C and C++ runtimes from the system.
# - One section per function, Swift and C (-function-sections), linked by lld with the functions commands run
#   placed together (BuildSupport/pinbench.order), packed relative relocations and no exported symbols.
# The output is the same as the default build's; a 500-host `check` peaks at about 30 MB instead of 45 MB
# (BENCHMARKS.md). These are command-line options, not settings in Package.swift: there they would be unsafe flags,
# which SwiftPM refuses in any package that uses the `pinbench` product as a versioned dependency.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${PINBENCH_RELEASE_SCRATCH:-.build-release}
order="$PWD/BuildSupport/pinbench.order"
flags=(-c release --static-swift-stdlib --scratch-path "$scratch" --product pinbench
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
    -Xswiftc -use-ld=lld -Xlinker --no-export-dynamic
    -Xlinker "--symbol-ordering-file=$order" -Xlinker --no-warn-symbol-ordering)
# No debug information unless asked (PINBENCH_DEBUG_INFO=1, for a profiler's source lines): scripts/install.sh strips
# it anyway, and leaving it out makes the build about a tenth cheaper. The code is the same either way, and the
# symbol table (function names for perf and heaptrack) stays.
if [ "${PINBENCH_DEBUG_INFO:-0}" != 1 ]; then
    flags+=(-Xswiftc -gnone -Xcc -g0)
fi
if [ "${PINBENCH_RELR:-1}" != 0 ]; then
    # RELR relocations need glibc 2.36 or later where the binary runs.
    flags+=(-Xlinker -z -Xlinker pack-relative-relocs)
fi
swift build "${flags[@]}" "$@" >&2
bin=$(swift build "${flags[@]}" "$@" --show-bin-path)
echo "$bin/pinbench"
