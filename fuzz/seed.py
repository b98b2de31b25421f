#!/usr/bin/env python3
"""Seeds every fuzz target's corpus (fuzz/corpus/TARGET/) from the shipped files and the test
corpora, with large inputs near each loader's size limit. See README.md for the layouts.

Replays are recorded by the game itself: pass the binary as the first argument (default
target/debug/skysweep, built by `cargo build`)."""

import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "fuzz" / "corpus"
LEVEL_LIMIT = 256 * 1024  # skysweep::level::limits::MAX_FILE_BYTES


def put(target, name, data):
    d = OUT / target
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_bytes(data)


def padded(text, size):
    """`text` followed by comment lines (then spaces) until it is exactly `size` bytes."""
    data = text.encode()
    if not data.endswith(b"\n"):
        data += b"\n"
    while size - len(data) >= 64:
        data += b"//" + b"x" * 61 + b"\n"
    left = size - len(data)
    return data + (b"//" + b"x" * (left - 3) + b"\n" if left >= 3 else b" " * left)


stages = sorted((ROOT / "levels").glob("stage*.ron"))
bad = sorted((ROOT / "tests" / "levels_bad").glob("*.ron"))
common = (ROOT / "levels" / "common.ron").read_bytes()

# level: byte 0 the start in seconds, byte 1 the run options, then the stage.
for f in stages + bad:
    starts = [0, 78, 168] if f.parent.name == "levels" else [0]
    for start in starts:
        for opt in [0, 1, 2, 7]:
            put("level", f"{f.stem}_{start}_{opt}", bytes([start, opt]) + f.read_bytes())
biggest = max(stages, key=lambda f: f.stat().st_size).read_text()
for size in [LEVEL_LIMIT - 64, LEVEL_LIMIT, LEVEL_LIMIT + 1]:
    put("level", f"large_{size}", bytes([0, 3]) + padded(biggest, size))

# level_uses: the stage, NUL, common.ron, NUL, extra.ron (see skysweep::testkit::fuzzing::level_uses).
for f in stages + bad:
    put("level_uses", f.stem, f.read_bytes() + b"\0" + common)
two = stages[0].read_text().replace('uses: ["common.ron"]', 'uses: ["common.ron", "extra.ron"]')
extra = b'Defs(patterns: { "fan": (kind: Fan, count: 5) }, enemies: {})\n'
put("level_uses", "two_uses", two.encode() + b"\0" + common + b"\0" + extra)
for f in bad:
    if f.stem.startswith("common") or "defs" in f.stem:
        put("level_uses", f"defs_{f.stem}", stages[0].read_bytes() + b"\0" + f.read_bytes())
put("level_uses", "large_uses", stages[0].read_bytes() + b"\0" + padded(common.decode(), LEVEL_LIMIT))
put("level_uses", "large_stage", padded(biggest, LEVEL_LIMIT) + b"\0" + common)

# replay: recorded by the game, one and two players, then a hand-written version-1 file.
binary = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "target" / "debug" / "skysweep"
with tempfile.TemporaryDirectory() as tmp:
    runs = [
        ("stage1_vela", ["--seed", "1", "--autoplay", "--frames", "600"]),
        ("stage3_two", ["--level", "levels/stage3.ron", "--seed", "7", "--autoplay",
                        "--character", "brass", "--character", "wren", "--frames", "900"]),
        ("stage6_idle", ["--level", "levels/stage6.ron", "--at", "boss", "--frames", "300"]),
        ("stage2_full", ["--level", "levels/stage2.ron", "--seed", "3", "--autoplay", "--invincible"]),
    ]
    for name, args in runs:
        out = pathlib.Path(tmp) / f"{name}.ron"
        subprocess.run([str(binary), "sim", *args, "--record", str(out)], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        put("replay", name, out.read_bytes())
    long_run = (pathlib.Path(tmp) / "stage2_full.ron").read_text()
put("replay", "version1", b"""Replay(version: 1, level: "levels/stage1.ron",
    content_hash: "0123456789abcdef", seed: 5, characters: [Vela], difficulty: Hard,
    start_at: 12.5, start_power: 2, inputs: [[(1, 30), (16, 4), (0, 90)]])
""")
# A whole recorded stage, padded to the size of the largest level.
put("replay", "large", padded(long_run, LEVEL_LIMIT))

# replay_verify: the version-3 replays that guard the rules (recorded with their checkpoints),
# and the saved inputs (a desync, a second stage, version 1); the replay target gets them too.
for f in sorted((ROOT / "tests" / "replays").glob("*.ron")):
    put("replay_verify", f.stem, f.read_bytes())
    put("replay", f"v3_{f.stem}", f.read_bytes())
for f in sorted((ROOT / "fuzz" / "saved" / "replay_verify").iterdir()):
    put("replay_verify", f.name, f.read_bytes())

# config: the defaults as the game writes them, unusable values, and a large file.
keys1 = '(up: ["Up", "W"], down: ["Down", "S"], left: ["Left", "A"], right: ["Right", "D"], shot: ["Z", "Space"], bomb: ["X"], focus: ["LeftShift", "RightShift"])'
keys2 = '(up: ["I"], down: ["K"], left: ["J"], right: ["L"], shot: ["U"], bomb: ["O"], focus: ["H"])'
pad = '(shot: ["South", "West"], bomb: ["East", "North"], focus: ["LeftTrigger", "RightTrigger"])'
config = f"""// SkySweep settings; edit in the game's options menu
(
    music_volume: 0.6,
    effects_volume: 0.8,
    display_scale: 0,
    fullscreen: false,
    screen_shake: true,
    difficulty: Normal,
    keys: [{keys1}, {keys2}],
    pad: {pad},
)
"""
put("config", "default", config.encode())
put("config", "bad_values", config.replace("0.6", "NaN").replace("0.8", "-3.5")
    .replace("display_scale: 0", "display_scale: 4000000000").replace('"Z"', '"NoSuchKey"').encode())
put("config", "partial", b"(music_volume: 2, keys: [(shot: [\"R\"])])\n")
put("config", "empty", b"// nothing here\n")
put("config", "large", padded(config, LEVEL_LIMIT))

# scores: a table per difficulty, names to clean, and a large file.
entry = '(name: "{n}", score: {s}, character: {c}, stage: "{st}")'
rows = [entry.format(n=f"P{i}", s=1000 * (12 - i), c=["Vela", "Brass", "Wren"][i % 3], st="Meadowvale")
        for i in range(12)]
scores = "// SkySweep high scores\n(tables: {Normal: [" + ", ".join(rows) + "], Hard: [" + rows[0] + "]})\n"
put("scores", "table", scores.encode())
put("scores", "messy", b'(tables: {Easy: [(name: "\\u{1F600}lowercase!!", score: 0, character: Wren, stage: "' + b"x" * 200 + b'")]})\n')
put("scores", "empty", b"(tables: {})\n")
put("scores", "large", padded(scores, LEVEL_LIMIT))

for t in sorted(OUT.iterdir()):
    print(f"{t.name}: {len(list(t.iterdir()))} inputs")
