#!/bin/sh
# Seeds the fuzz corpus with every shipped stage and every broken test level, each with a few
# start times (byte 0) and run options (byte 1); see fuzz_targets/level.rs for the layout.
set -eu
cd "$(dirname "$0")/.."
out=fuzz/corpus/level
mkdir -p "$out"
for f in levels/stage*.ron tests/levels_bad/*.ron; do
    base=$(basename "$f" .ron)
    case "$f" in levels/*) starts="0 78 168" ;; *) starts="0" ;; esac
    for start in $starts; do
        for opt in 0 1 2 7; do
            { printf "\\$(printf %03o "$start")\\$(printf %03o "$opt")"; cat "$f"; } >"$out/${base}_${start}_${opt}"
        done
    done
done
echo "seeded $(ls "$out" | wc -l) inputs in $out"
