#!/usr/bin/env bash
# Peak resident memory of a windowed run, under Xvfb with a null sound device (so the game
# opens its mixer and streams its music as on a player's machine):
#
#   tools/peak_memory.sh [BIN] [-- ARGS...]
#
# BIN defaults to target/release/skysweep, ARGS to the yardstick, stage 1 autoplayed
# for 900 frames. Prints the run's peak (VmHWM, /proc/PID/status) and its resident set as
# smaps_rollup last saw it before exit (Rss, Pss and their anonymous and file parts), then the
# game's own frame summary (the `frames ...` line: render and present percentiles).
# Needs xvfb-run (see .ci/run for the packages).
set -euo pipefail
bin=${1:-target/release/skysweep}
shift || true
[ "${1:-}" = "--" ] && shift
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(--level levels/stage1.ron --autoplay --frames 900)

conf=$(mktemp)
log=$(mktemp)
trap 'rm -f "$conf" "$log"' EXIT
printf '</usr/share/alsa/alsa.conf>\npcm.!default { type null }\n' > "$conf"

ALSA_CONFIG_PATH="$conf" xvfb-run -a -s "-screen 0 1280x1024x24" bash -c '
  log=$1; shift
  "$@" >/dev/null 2>"$log" &
  pid=$!
  hwm="" rollup=""
  # VmHWM only grows, so its last reading before exit is the peak; a process that has begun
  # to exit has neither, and the last full reading is kept.
  while kill -0 "$pid" 2>/dev/null; do
    s=$(grep "^VmHWM" "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$s" ] && hwm=$s
    r=$(grep -E "^(Rss|Pss|Pss_Anon|Pss_File|Pss_Shmem):" "/proc/$pid/smaps_rollup" 2>/dev/null || true)
    [ -n "$r" ] && rollup=$r
    sleep 0.05
  done
  wait "$pid" || { echo "the run failed:"; cat "$log"; exit 1; }
  echo "$hwm"
  echo "$rollup"
' _ "$log" "$bin" "${args[@]}"
grep '^frames ' "$log" || true
