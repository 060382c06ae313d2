# Sourced by the scripts that run pinbench against the offline lab (release-smoke.sh, symbol-order.sh).

# start_lab PINBENCH FOLDER: starts `PINBENCH lab` in the background, writing FOLDER/lab.json (and its root beside
# it) and logging to FOLDER/lab.log; sets lab_pid. Fails, with the log on stderr, when no manifest appears in 10 s.
start_lab() {
    local pinbench=$1 folder=$2
    "$pinbench" lab --write-manifest "$folder/lab.json" >"$folder/lab.log" 2>&1 &
    lab_pid=$!
    for _ in $(seq 100); do
        [ -s "$folder/lab.json" ] && return 0
        sleep 0.1
    done
    cat "$folder/lab.log" >&2
    return 1
}
