#!/usr/bin/env bash
# Builds the binary to install (scripts/build-release.sh) and puts it, stripped, in $PREFIX/bin; or removes it.
#
#   scripts/install.sh                        # ~/.local/bin/pinbench (PREFIX unset or empty: ~/.local)
#   PREFIX=/opt/pinbench scripts/install.sh   # /opt/pinbench/bin/pinbench (a folder you can write to)
#   scripts/install.sh --uninstall            # removes $PREFIX/bin/pinbench again (the same PREFIX)
#
# Stripping drops the debug information the release build keeps (about 118 MB to 67 MB); the binary is the same
# otherwise. The copy is written beside its place and renamed over it, so a running pinbench is never half-replaced.
set -euo pipefail
fail() { echo "install.sh: $*" >&2; exit 2; }

prefix=${PREFIX:-$HOME/.local}
# A relative PREFIX means the folder it names from where the script was started.
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
cd "$(dirname "$0")/.."
bin_dir="$prefix/bin"
target="$bin_dir/pinbench"

case "${1:-}" in
    "") ;;
    --uninstall)
        if [ -e "$target" ] || [ -L "$target" ]; then
            rm -f "$target"
            echo "install.sh: removed $target"
        else
            echo "install.sh: $target is not there; nothing to remove"
        fi
        exit 0
        ;;
    -h | --help)
        sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    *) fail "unknown argument '$1' (use --uninstall, --help or none)" ;;
esac

command -v strip >/dev/null || fail "strip (Debian's binutils) is needed to install a stripped binary"
built=$(scripts/build-release.sh)
[ -x "$built" ] || fail "the build printed no binary ($built)"

mkdir -p "$bin_dir" || fail "cannot create $bin_dir"
staged=$(mktemp "$bin_dir/.pinbench.XXXXXX") || fail "cannot write in $bin_dir"
trap 'rm -f "$staged"' EXIT
strip -o "$staged" "$built"
chmod 755 "$staged"
"$staged" --version >/dev/null || fail "the stripped binary does not start"
mv -f "$staged" "$target"
trap - EXIT

size=$(($(stat -c %s "$target") / 1000000))
echo "install.sh: installed $target ($size MB, stripped); scripts/install.sh --uninstall removes it"
case ":$PATH:" in
    *":$bin_dir:"*) ;;
    *) echo "install.sh: $bin_dir is not on PATH; add it, for example: export PATH=\"$bin_dir:\$PATH\"" ;;
esac
