#!/usr/bin/env bash
# Regenerates the screenshots from the real workbench: runs `pinbench demo` in tmux, drives it with send-keys, and
# captures each screen with its colours into screenshots/NAME.txt (tmux `capture-pane -e`), then renders each to
# screenshots/NAME.png with pyte and Pillow (in a venv, from PyPI).
#
#   scripts/screenshots.sh          capture and render (builds pinbench unless PINBENCH_BINARY names one)
#   scripts/screenshots.sh --check  capture into a temporary folder and compare with the committed captures
#                                   (scripts/screen_text.py: colours, key material, numbers and dates set aside);
#                                   exit 1, with the differing lines, when the committed screenshots are stale.
#                                   Needs only tmux and python3; the tests run it (ScreenshotFreshnessTests).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=render
if [ "${1:-}" = "--check" ]; then mode=check; fi

if [ -n "${PINBENCH_BINARY:-}" ]; then
    binary="$PINBENCH_BINARY"
else
    swift build --product pinbench >&2
    binary="$(swift build --show-bin-path)/pinbench"
fi

work="$(mktemp -d)"
socket="pinbench-shots-$$"
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
if [ "$mode" = check ]; then out="$work/captures"; else out=screenshots; fi
mkdir -p "$out"

columns=120
rows=34
export LANG=C.UTF-8 LC_ALL=C.UTF-8
start() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    tmux -L "$socket" -f /dev/null new-session -d -s shots -x "$columns" -y "$rows" \
        "env -u NO_COLOR '$binary' demo $1 --manifest '$work/$2' 2>'$work/demo-errors.txt'"
}

screen() { tmux -L "$socket" capture-pane -p -t shots; }
wait_for() {
    for _ in $(seq 1 600); do
        if screen | grep -q -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "timed out waiting for: $1" >&2
    screen >&2 || cat "$work/demo-errors.txt" >&2
    return 1
}
wait_without() {
    for _ in $(seq 1 600); do
        if ! screen | grep -q -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "timed out waiting for this to go: $1" >&2
    screen >&2
    return 1
}
# The demo's first CT round has written its state file beside the manifest, and the workbench has read it.
wait_for_file() {
    for _ in $(seq 1 600); do
        if [ -s "$1" ]; then sleep 1.5; return 0; fi
        sleep 0.1
    done
    echo "timed out waiting for $1" >&2
    return 1
}
keys() { tmux -L "$socket" send-keys -t shots "$@"; sleep 0.3; }
# A screen drawn whole: two looks a moment apart show the same text (a loaded machine draws late).
settle() {
    local before after
    for _ in $(seq 1 100); do
        before="$(screen)"
        sleep 0.2
        after="$(screen)"
        if [ "$before" = "$after" ]; then return 0; fi
    done
}
shot() {
    local name="$1"
    settle
    tmux -L "$socket" capture-pane -p -e -N -t shots > "$out/$name.txt"
    echo "$out/$name.txt"
}

start "" pins.json
wait_for "✓ good"
# Every fetch answered (slow.pinbench.test times out after 3 s) and the first CT round read: a settled screen.
wait_without "fetching"
wait_for_file "$work/ct-watch.json"
shot overview

keys g
keys j # good.pinbench.test (the list is sorted: ct-logged, expired, good, ...)
keys j
keys Tab
keys p # pin the leaf key
keys j
keys p # pin the intermediate's key...
keys b # ...as a backup
wait_for "is now backup"
shot chain-with-pins

keys "?"
wait_for "═ Keys ═"
shot help
keys Escape

keys w
wait_for "Write pins.json?"
shot write-gate
keys n

keys 4 # the Pins pane: every pin of the domain, where each matches the live chain
wait_for "Pins: good.pinbench.test"
shot pins
keys e
keys Enter # the settings form, mode switched to report-only: lint shows what that changes before applying
wait_for "Settings: good.pinbench.test"
shot settings
keys Escape
keys 2
keys 1
keys /
tmux -L "$socket" send-keys -t shots -l weak
keys Enter
keys 3
keys /
tmux -L "$socket" send-keys -t shots -l Connection
keys Enter
wait_for "match 1 of"
shot connection
keys Escape
keys 2
keys y
wait_for "sent to the clipboard"
shot copy
keys Escape
keys 1
keys Escape # clears the domain filter
keys L
wait_for "Messages ("
shot message-log
keys Escape

tmux -L "$socket" resize-window -t shots -x 60 -y 20
wait_for "Chain: weak.pinbench"
shot narrow
tmux -L "$socket" resize-window -t shots -x "$columns" -y "$rows"
# The Reports view of the rotating host: the demo's fleet, release 2.0 locked out by the renewal with a new key.
keys /
tmux -L "$socket" send-keys -t shots -l rotating.
keys Enter
keys V
wait_for "Latest 1"
shot reports
keys Escape
keys q
keys y # quit without saving the pins made above

# The same demo drawn in ASCII (what a non-UTF-8 locale gets): markers and box lines stand in, colours unchanged.
# A folder of its own: the demo writes its releases and CT state beside its manifest, and overwrites neither.
mkdir -p "$work/ascii"
start --ascii ascii/pins.json
wait_for "+ good"
wait_without "fetching"
wait_for_file "$work/ascii/ct-watch.json"
shot ascii
keys q

if [ "$mode" = check ]; then
    python3 scripts/screen_text.py compare screenshots "$out"
    exit
fi

venv=.build-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pyte, PIL" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet pyte pillow
fi
for capture in screenshots/*.txt; do
    name="$(basename "$capture" .txt)"
    size=("$columns" "$rows")
    if [ "$name" = narrow ]; then size=(60 20); fi
    "$venv/bin/python" scripts/render_screen.py "$capture" "screenshots/$name.png" "${size[@]}"
    echo "screenshots/$name.png"
done
