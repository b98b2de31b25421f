#!/bin/sh
# Re-records the replays that guard the rules (tests/replays/*.ron) and renews the rules
# snapshot (src/sim/replay/rules.snapshot), on purpose, after a change that alters play.
# See tests/replays/README.md. Run from anywhere; needs only cargo.
set -eu
cd "$(dirname "$0")/.."

# 1. The rules snapshot: rewritten from this build's rules (the fingerprint follows it).
SKYSWEEP_BLESS_RULES=1 cargo test --quiet --lib sim::replay::rules::tests::the_rules_match_their_committed_snapshot >/dev/null

# 2. The replays: short autoplayed runs of the shipped stages, each pilot, every difficulty,
#    one and two players, from the start, a marker and a boss.
cargo build --quiet
bin=target/debug/skysweep
rec() {
    name=$1
    shift
    "$bin" sim "$@" --record "tests/replays/$name.ron" >/dev/null
}
rec stage1_vela_normal --level levels/stage1.ron --seed 1 --autoplay --frames 1200
rec stage2_brass_hard_docks --level levels/stage2.ron --seed 2 --autoplay --character brass --difficulty hard --at docks --frames 1500
rec stage3_two_easy --level levels/stage3.ron --seed 3 --autoplay --character brass --character wren --difficulty easy --frames 1200
rec stage6_wren_hard_boss --level levels/stage6.ron --seed 6 --autoplay --character wren --difficulty hard --at boss --power 3 --frames 900
rec stage5_orla_rook_normal --level levels/stage5.ron --seed 5 --autoplay --character orla --character rook --frames 1200
rec stage4_vela_loop2_midboss --level levels/stage4.ron --seed 4 --autoplay --loop 2 --at midboss --frames 900

# 3. The fuzz corpus keeps one of them as the seed that reaches play (tests/it/fuzz_corpus.rs).
cp tests/replays/stage1_vela_normal.ron fuzz/saved/replay_verify/v3_stage1_vela

# 4. They must verify as they stand.
"$bin" verify tests/replays/*.ron
