#!/usr/bin/env bash
# Regenerates screenshots/*.png from the real workbench: builds pinbench, runs `pinbench demo` in tmux, drives it
# with send-keys, captures each screen with its colours, and renders it to PNG with pyte and Pillow (in a venv).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pyte, PIL" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet pyte pillow
fi
swift build --product pinbench
binary="$(swift build --show-bin-path)/pinbench"

work="$(mktemp -d)"
socket="pinbench-shots-$$"
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

columns=120
rows=34
export LANG=C.UTF-8 LC_ALL=C.UTF-8
tmux -L "$socket" -f /dev/null new-session -d -s shots -x "$columns" -y "$rows" \
    "env -u NO_COLOR '$binary' demo --manifest '$work/pins.json'"

wait_for() {
    for _ in $(seq 1 200); do
        if tmux -L "$socket" capture-pane -p -t shots | grep -q -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "timed out waiting for: $1" >&2
    tmux -L "$socket" capture-pane -p -t shots >&2
    return 1
}
keys() { tmux -L "$socket" send-keys -t shots "$@"; sleep 0.3; }
shot() {
    local name="$1" width="$2" height="$3"
    tmux -L "$socket" capture-pane -p -e -N -t shots > "$work/$name.txt"
    "$venv/bin/python" scripts/render_screen.py "$work/$name.txt" "screenshots/$name.png" "$width" "$height"
    echo "screenshots/$name.png"
}

wait_for "good.pinbench.test"
wait_for "✓ good"
sleep 1.5 # let the remaining scenarios (slow times out after 3 s) settle
shot overview "$columns" "$rows"

keys g
keys j # good.pinbench.test (the list is sorted: expired, good, ...)
keys Tab
keys p # pin the leaf key
keys j
keys p # pin the intermediate's key...
keys b # ...as a backup
shot chain-with-pins "$columns" "$rows"

keys "?"
shot help "$columns" "$rows"
keys Escape

keys w
shot write-gate "$columns" "$rows"
keys n

keys 4 # the Pins pane: every pin of the domain, where each matches the live chain
shot pins "$columns" "$rows"
keys e
keys Enter # the settings form, mode switched to report-only: lint shows what that changes before applying
shot settings "$columns" "$rows"
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
shot connection "$columns" "$rows"
keys Escape
keys 2
keys y
wait_for "sent to the clipboard"
shot copy "$columns" "$rows"
keys Escape
keys 1
keys Escape # clears the domain filter
keys L
shot message-log "$columns" "$rows"
keys Escape

tmux -L "$socket" resize-window -t shots -x 60 -y 20
sleep 0.5
shot narrow 60 20
tmux -L "$socket" resize-window -t shots -x "$columns" -y "$rows"
keys q

# The same demo drawn in ASCII (what a non-UTF-8 locale gets): markers and box lines stand in, colours unchanged.
tmux -L "$socket" kill-server 2>/dev/null || true
tmux -L "$socket" -f /dev/null new-session -d -s shots -x "$columns" -y "$rows" \
    "env -u NO_COLOR '$binary' demo --ascii --manifest '$work/pins-ascii.json'"
wait_for "+ good"
sleep 1.5
shot ascii "$columns" "$rows"
keys q
