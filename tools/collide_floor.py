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

With `--before OTHER_TARGET_DIR` (the criterion results of a build of the previous design,
run just before or after), it also prints the sweep-and-prune's medians of both builds side by
side, and the targets of issue #47 for each.

Usage: python3 tools/collide_floor.py [target_dir] [--before other_target_dir]
"""

import json
import sys
from pathlib import Path

ARGS = sys.argv[1:]
BEFORE = None
if "--before" in ARGS:
    at = ARGS.index("--before")
    BEFORE = Path(ARGS[at + 1]) / "criterion"
    del ARGS[at : at + 2]
TARGET = Path(ARGS[0] if ARGS else "target") / "criterion"

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


def median_us(group, function, target=None):
    path = (target or TARGET) / group / function / "new" / "estimates.json"
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
    for scene, boxes, events, pass_us, events_us in floors(bw):
        floor = pass_us + events_us
        sap = sap_of(scene, TARGET)
        ratio = f"{sap / floor:.0f}x" if sap else ""
        print(f"| `{scene}` | {boxes:,} | {events:,} | {pass_us:.2f} | {events_us:.2f} | {floor:.2f} | {fmt(sap)} | {ratio} |")
    if BEFORE is not None:
        compare(bw)


def floors(bw):
    """Each scene whose memory level this run measured, with its floor's two parts in µs: one
    pass reading every box's endpoints, and writing its events."""
    for scene, (boxes, events, level) in SCENES.items():
        if level not in bw:
            continue
        read, copy = bw[level]
        pass_us = boxes * ENDPOINT_BYTES / (read * 1e3)
        events_us = events * RECORD_BYTES / (copy * 1e3)
        yield scene, boxes, events, pass_us, events_us


def sap_of(scene, target):
    """The sweep-and-prune's median of `scene` ("group/phase" for a phase frame)."""
    if "/" in scene:
        group, phase = scene.split("/")
        return median_us(group, f"sap_{phase}_frame", target)
    return median_us(scene, "sap", target)


def targets(target):
    """Issue #47's targets for the results in `target`: (name, figure, met) rows."""
    rows = []
    swarm = {k: median_us("swarm_5k", k, target) for k in ["sap", "tree"] + PEERS}
    others = [v for k, v in swarm.items() if k != "sap" and v is not None]
    if swarm["sap"] and others:
        r = min(others) / swarm["sap"]
        rows.append(("`swarm_5k`: fastest other method / sap >= 4", f"{r:.2f}x", r >= 4))
    b, s = median_us("bullet_hell_10k", "broccoli", target), median_us("bullet_hell_10k", "sap", target)
    if b and s:
        rows.append(("`bullet_hell_10k`: broccoli / sap >= 25", f"{b / s:.1f}x", b / s >= 25))
    sp, st = sap_of("boss_burst/spawn", target), sap_of("boss_burst/steady", target)
    if sp and st:
        rows.append(("`boss_burst`: spawn / steady <= 1.3", f"{sp / st:.2f}", sp / st <= 1.3))
    ratios = []
    for scene in ["bullet_hell_10k", "sparse_1k", "swarm_5k", "curtain_100k"]:
        t, p = median_us(scene, "tree", target), median_us(scene, "parry_bvh", target)
        if t and p:
            ratios.append((p / t, scene))
    for group, phases in [("boss_burst", ["spawn", "steady"]), ("mass_clear", ["clear", "steady"])]:
        for ph in phases:
            t = median_us(group, f"tree_{ph}_frame", target)
            p = median_us(group, f"parry_bvh_{ph}_frame", target)
            if t and p:
                ratios.append((p / t, f"{group} {ph}"))
    if ratios:
        low = min(ratios)
        rows.append(("tree >= 2x parry_bvh everywhere (lowest)", f"{low[0]:.2f}x ({low[1]})", low[0] >= 2))
    return rows


def compare(bw):
    """Both builds' sweep-and-prune side by side, with sap / floor from this run's bandwidths."""
    print("\n| scene | sap, before | sap, now | before / now | floor µs | before / floor | now / floor |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for scene, _, _, pass_us, events_us in floors(bw):
        floor = pass_us + events_us
        old, new = sap_of(scene, BEFORE), sap_of(scene, TARGET)
        if old is None or new is None:
            continue
        print(f"| `{scene}` | {fmt(old)} | {fmt(new)} | {old / new:.2f}x | {floor:.2f} | {old / floor:.0f}x | {new / floor:.0f}x |")
    cap = {"mass_clear/clear": 60}
    print("\n| target (issue #47) | before | now |")
    print("| --- | ---: | ---: |")
    for scene, _, _, pass_us, events_us in floors(bw):
        floor = pass_us + events_us
        limit = cap.get(scene, 20)
        cells = []
        for t in [BEFORE, TARGET]:
            v = sap_of(scene, t)
            cells.append("" if v is None else f"{v / floor:.0f}x {'met' if v / floor <= limit else 'missed'}")
        print(f"| `{scene}` at most {limit}x its floor | {cells[0]} | {cells[1]} |")
    old, new = dict((n, (f, m)) for n, f, m in targets(BEFORE)), targets(TARGET)
    for name, fig, met in new:
        was = old.get(name)
        was = f"{was[0]} {'met' if was[1] else 'missed'}" if was else ""
        print(f"| {name} | {was} | {fig} {'met' if met else 'missed'} |")


if __name__ == "__main__":
    main()
