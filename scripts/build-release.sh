#!/usr/bin/env bash
# Builds the pinbench to install or ship to CI runners, and prints its path.
#
#   scripts/build-release.sh [SWIFT BUILD OPTIONS...]
#
# - The Swift runtime and Foundation linked in (--static-swift-stdlib): the binary needs only OpenSSL, ncurses,
#   libxml2 and the C and C++ runtimes from the system.
# - One section per function, Swift and C (-function-sections), so that the link can place the functions commands
#   run next to each other (BuildSupport/README.md) and drop the ones nothing calls.
# The output is the same as the default build's; a 500-host `check` peaks about 13 MB lower (BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${PINBENCH_RELEASE_SCRATCH:-.build-release}
flags=(-c release --static-swift-stdlib --scratch-path "$scratch" --product pinbench
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections)
swift build "${flags[@]}" "$@" >&2
echo "$(swift build "${flags[@]}" "$@" --show-bin-path)/pinbench"
