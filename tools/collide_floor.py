#!/usr/bin/env python3
"""The collider benchmark's medians, its targets and "the limit, on paper" (benches/README.md).

Reads the medians of the last `cargo bench -p skysweep-bench --bench collide` run from
target/criterion/<group>/<function>/new/estimates.json and prints, as Markdown:
- the medians (µs a frame) of every scene and method, with the issue's target ratios;
- the machine's measured bandwidths (the `memory` group);
- each scene's hardware floor and the sweep-and-prune's ratio to it.

The floor of a scene is one pass reading every live box's endpoints (four f32 and the slot,
20 bytes) at the read bandwidth of the cache level the scene's working set fits in, plus
writing every event record out (8 bytes each) at that level's copy bandwidth. The boxes and
events of each scene are those `cargo run --release --example collide_profile <scene>`
reports in its last update's Stats (live_boxes; live_pairs + pairs_removed).

Usage: python3 tools/collide_floor.py [target_dir]
"""

import json
import sys
from pathlib import Path

TARGET = Path(sys.argv[1] if len(sys.argv) > 1 else "target") / "criterion"

# scene: (live boxes, event records a frame, cache level of its working set)
SCENES = {
    "bullet_hell_10k": (10_001, 5_700, "1mib"),
    "sparse_1k": (1_001, 100, "1mib"),
    "swarm_5k": (5_001, 73_300, "1mib"),
    "curtain_100k": (101_541, 1_250, "16mib"),
    "boss_burst/spawn": (3_450, 5, "1mib"),
    "boss_burst/steady": (2_950, 5, "1mib"),
    "mass_clear/clear": (1_000, 0, "1mib"),
    "mass_clear/steady": (6_001, 0, "1mib"),
}
ENDPOINT_BYTES = 20
RECORD_BYTES = 8
METHODS = ["sap", "tree", "brute", "grid", "broccoli", "parry_bvh"]
PEERS = ["grid", "broccoli", "parry_bvh"]


def median_us(group, function):
    path = TARGET / group / function / "new" / "estimates.json"
    if not path.exists():
        return None
    return json.loads(path.read_text())["median"]["point_estimate"] / 1000.0


def fmt(v):
    return "" if v is None else f"{v:,.1f}"


def main():
    print("| scene | " + " | ".join(METHODS) + " | fastest peer / sap | parry_bvh / tree |")
    print("| --- | " + " | ".join("---:" for _ in METHODS) + " | ---: | ---: |")
    for scene in ["bullet_hell_10k", "sparse_1k", "swarm_5k", "curtain_100k"]:
        m = {k: median_us(scene, k) for k in METHODS}
        peers = [(m[p], p) for p in PEERS if m[p] is not None]
        best = min(peers) if peers else None
        ratio = f"{best[0] / m['sap']:.2f}x ({best[1]})" if best and m["sap"] else ""
        tree = f"{m['parry_bvh'] / m['tree']:.2f}x" if m["parry_bvh"] and m["tree"] else ""
        row = " | ".join(fmt(m[k]) for k in METHODS)
        print(f"| `{scene}` | {row} | {ratio} | {tree} |")
    broccoli, sap = median_us("bullet_hell_10k", "broccoli"), median_us("bullet_hell_10k", "sap")
    if broccoli and sap:
        print(f"\n`bullet_hell_10k` broccoli / sap: {broccoli / sap:.2f}x")
    for extra in ["sap_circles", "tree_circles", "sap_reading_events"]:
        v = median_us("bullet_hell_10k", extra)
        if v is not None:
            print(f"`bullet_hell_10k/{extra}`: {v:,.1f}")

    print("\n| scene | phase | sap | tree | parry_bvh | parry_bvh / tree |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for scene, phases in [("boss_burst", ["spawn", "steady"]), ("mass_clear", ["clear", "steady"])]:
        got = {}
        for ph in phases:
            v = {k: median_us(scene, f"{k}_{ph}_frame") for k in ["sap", "tree", "parry_bvh"]}
            got[ph] = v
            tree = f"{v['parry_bvh'] / v['tree']:.2f}x" if v["parry_bvh"] and v["tree"] else ""
            print(f"| `{scene}` | {ph} | {fmt(v['sap'])} | {fmt(v['tree'])} | {fmt(v['parry_bvh'])} | {tree} |")
        a, b = got[phases[0]], got[phases[1]]
        cells = [f"{a[k] / b[k]:.2f}" if a[k] and b[k] else "" for k in ["sap", "tree", "parry_bvh"]]
        print(f"| `{scene}` | {phases[0]} / steady | {cells[0]} | {cells[1]} | {cells[2]} | |")
    q = {k: median_us("area_query", k) for k in ["sap", "tree"]}
    print(f"\n`area_query` (64 queries): sap {fmt(q['sap'])}, tree {fmt(q['tree'])}")

    print("\n| buffer | read GB/s | copy GB/s |")
    print("| --- | ---: | ---: |")
    bw = {}
    for label, size in [("1mib", 1 << 20), ("16mib", 16 << 20), ("128mib", 128 << 20)]:
        r, c = median_us("memory", f"read_{label}"), median_us("memory", f"copy_{label}")
        if r is None or c is None:
            continue
        bw[label] = (size / (r * 1e-6) / 1e9, size / (c * 1e-6) / 1e9)
        print(f"| {label} | {bw[label][0]:.1f} | {bw[label][1]:.1f} |")

    print("\n| scene | boxes | events | pass µs | events µs | floor µs | sap µs | sap / floor |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for scene, (boxes, events, level) in SCENES.items():
        if level not in bw:
            continue
        read, copy = bw[level]
        pass_us = boxes * ENDPOINT_BYTES / (read * 1e9) * 1e6
        events_us = events * RECORD_BYTES / (copy * 1e9) * 1e6
        floor = pass_us + events_us
        if "/" in scene:
            group, phase = scene.split("/")
            sap = median_us(group, f"sap_{phase}_frame")
        else:
            sap = median_us(scene, "sap")
        ratio = f"{sap / floor:.0f}x" if sap else ""
        print(f"| `{scene}` | {boxes:,} | {events:,} | {pass_us:.2f} | {events_us:.2f} | {floor:.2f} | {fmt(sap)} | {ratio} |")


if __name__ == "__main__":
    main()
