#!/usr/bin/env bash
# What a step of the game reads and writes per bullet past the nearest cache, at the stress
# test's 100,000 bullets (docs/perf-100k.md, eighth and ninth passes):
#
#   tools/step_bytes.sh [BIN]
#
# BIN defaults to target/release/examples/step_bytes (built here when it is the default).
# Runs it twice under cachegrind's cache simulation (a 32 KiB first level of 64-byte lines):
# 120 steps to a steady screen, then 0 and 60 more steps. The difference is the 60 steps
# alone; prints a step's share of instructions, data reads and writes and first-level misses,
# the misses times 64 bytes over the bullets alive, and the state hash after 180 steps (which
# a change that only moves bytes must leave as it was). Needs valgrind.
set -euo pipefail
bin=${1:+$(realpath "$1")}
cd "$(dirname "$0")/.."
if [ -z "$bin" ]; then
  cargo build -q --release --example step_bytes
  bin=target/release/examples/step_bytes
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for steps in 0 60; do
  valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file="$dir/cg.$steps" \
    "$bin" 100000 120 "$steps" >"$dir/run.$steps" 2>&1
done
python3 - "$dir/run.0" "$dir/run.60" <<'EOF'
import re
import sys


def counts(path):
    text = open(path).read()

    def total(label):
        m = re.search(label + r":\s+([\d,]+)", text)
        return int(m.group(1).replace(",", ""))

    run = re.search(r"(\d+) bullets after \d+ steps; state hash (\w+)", text)
    return (total("I   refs"), total("D   refs"), total("D1  misses"),
            int(run.group(1)), run.group(2))


before, after = counts(sys.argv[1]), counts(sys.argv[2])
instr, data, misses = ((after[i] - before[i]) / 60 for i in range(3))
bullets = after[3]
print(f"a step at {bullets} bullets: {instr / 1e6:.2f}M instructions, "
      f"{data / 1e6:.2f}M data reads and writes, {misses / 1e3:.1f}k first-level misses, "
      f"{misses * 64 / bullets:.1f} bytes a bullet; state hash {after[4]}")
EOF
