"""Extra stage ground, "the Stormcrown": above the clouds at night, inside a storm.

A sea of storm cloud seen from above, billowing in dark indigo, lit from within here and there
by lightning (a pale violet glow on the cloud tops, one forked bolt in each glow); thin rain
streaks slant across it. Over it drift the ruins of a floating observatory: islands of cut
stone with broken dome ribs, tiled star-chart floors, toppled columns, a brass telescope and
a snapped walkway, each casting a shadow on the cloud far below.

Kept dark (most pixels below 0.1 relative luminance) so that tens of thousands of bullets read
on it: their bright rims carry them (tests/bullet_contrast.rs). Tiles vertically: everything
is periodic in y or kept away from the seam.
"""
import math

import numpy as np

from bg_common import BAYER, H, W, XS, YS, C, fbm, hillshade, quant, rim, wdilate, werode, wrap_dy
from pixlib import poly_mask

CLOUD = [C(h) for h in ("#090a16", "#0e1020", "#13162b", "#1a1e37", "#222743", "#2c3252", "#393f63")]
LIT = [C(h) for h in ("#3a3f72", "#4e5690", "#6a72ae", "#9098cc", "#c4c8ec")]
STONE = [C(h) for h in ("#15151e", "#1e1e29", "#282835", "#333342", "#404052", "#515166", "#65657c")]
TILE = [C(h) for h in ("#1c2030", "#262b40", "#323852")]
BRASS = [C(h) for h in ("#2e2314", "#4e3c1e", "#7a5e2a", "#a2823a", "#c8a650")]
GLOW = [C(h) for h in ("#1d3a44", "#2a5a62", "#3f8488", "#7cc4c0")]

# Lightning glows inside the cloud: (x, y, radius).
STORMS = [(60, 70, 46), (170, 300, 40), (80, 470, 52), (190, 600, 30)]
# The ruined islands: (centre x, centre y, radius, seed).
ISLANDS = [(118, 150, 46, 1), (58, 372, 34, 2), (160, 520, 40, 3)]


def cloud_sea():
    """The storm clouds: rounded billows (an fbm field with its crests swollen), shaded by the
    light from the top-left, and the lightning glows lighting the tops they touch from inside."""
    h = fbm(W, H, 80, 701) + fbm(W, H, 32, 702) * 0.5 + fbm(W, H, 10, 703) * 0.08
    h = (h - h.min()) / (h.max() - h.min())
    # Cells: each billow a rounded dome, darker folds between them.
    cells = fbm(W, H, 20, 705)
    billow = np.clip(h * 0.7 + np.sqrt(np.clip(cells - 0.25, 0, 1)) * 0.5, 0, 1)
    shade = hillshade(billow * 30.0)
    value = np.clip(0.5 * billow + 1.0 * (shade - 0.6), 0, 0.999)
    img = quant(value, CLOUD, dither=0.8)
    glow = np.zeros((H, W))
    for x, y, r in STORMS:
        d = np.sqrt((XS + 0.5 - x) ** 2 + wrap_dy(YS + 0.5, y) ** 2) / r
        glow = np.maximum(glow, np.clip(1 - d, 0, 1) ** 1.3)
    # The glow lifts the cloud towards the lit palette, most on the crests facing it.
    lift = np.clip(glow * (0.5 + 1.2 * (shade - 0.5)) * (0.5 + billow), 0, 0.999)
    lit = quant(lift, [np.zeros(3)] + LIT, dither=0.9)
    k = (lift + (BAYER - 0.5) * 0.15) > 0.1
    img[k] = img[k] * 0.35 + lit[k] * 0.65
    return img, shade


def bolt(img, x, y, r, seed):
    """A forked lightning bolt inside a glow: a jagged walk downwards, with one branch."""
    rng = np.random.default_rng(seed)

    def walk(x0, y0, steps, drift):
        pts = [(x0, y0)]
        for _ in range(steps):
            px, py = pts[-1]
            pts.append((px + rng.uniform(-3.5, 3.5) + drift, py + rng.uniform(2.5, 5.0)))
        return pts

    main = walk(x - r * 0.2, y - r * 0.6, int(r * 0.3), 0.6)
    branch = walk(*main[len(main) // 2], int(r * 0.15), -1.4)
    core = np.zeros((H, W), bool)
    for pts in (main, branch):
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            n = int(max(abs(x1 - x0), abs(y1 - y0)) * 2) + 1
            for t in np.linspace(0, 1, n):
                px, py = int(x0 + (x1 - x0) * t), int(y0 + (y1 - y0) * t) % H
                if 0 <= px < W:
                    core[py, px] = True
    halo = wdilate(core) & ~core
    img[halo] = img[halo] * 0.4 + LIT[3] * 0.6
    img[core] = LIT[4]


def rain(img):
    """Sparse streaks slanting down-left, a shade lighter than the cloud under them."""
    rng = np.random.default_rng(704)
    for _ in range(150):
        x, y, n = rng.uniform(0, W), rng.uniform(0, H), int(rng.integers(5, 12))
        for k in range(n):
            px, py = int(x - k * 0.5), int(y + k) % H
            if 0 <= px < W:
                img[py, px] = img[py, px] * 0.7 + LIT[1] * 0.3


def island_mask(cx, cy, r, seed):
    """A ragged island of cut stone: a disc with a noisy, stepped edge."""
    rng = np.random.default_rng(900 + seed)
    ang = np.arctan2(YS + 0.5 - cy, XS + 0.5 - cx)
    dist = np.sqrt((XS + 0.5 - cx) ** 2 + (YS + 0.5 - cy) ** 2)
    edge = r * np.ones_like(ang)
    for k in range(2, 9):
        edge += r * rng.uniform(0.02, 0.07) * np.sin(k * ang + rng.uniform(0, 2 * math.pi))
    return dist <= np.round(edge / 2) * 2


def observatory(img, cx, cy, r, seed):
    """One ruin: the island, its shadow on the cloud, a star-chart floor, columns, dome ribs,
    and on the largest a brass telescope; the others carry a glowing lens and rubble."""
    rng = np.random.default_rng(950 + seed)
    isl = island_mask(cx, cy, r, seed)
    # The shadow falls far below on the cloud, down and to the right.
    shadow = np.roll(np.roll(isl, 12, 0), 10, 1)
    shadow[:, :10] = False
    img[shadow & ~isl] *= 0.55
    dx, dy = XS + 0.5 - cx, YS + 0.5 - cy
    dist = np.sqrt(dx * dx + dy * dy)
    ang = np.arctan2(dy, dx)
    # Cut stone: blocks in rings, lit from the top-left, darker towards the edge.
    block = ((np.floor(dist / 5) + np.floor((ang + math.pi) * r / 5 / 2)) % 2).astype(float)
    lit = np.clip(0.55 - (dx + dy) / (r * 2.6), 0, 1)
    value = np.clip(lit * 0.75 + block * 0.1 + (BAYER - 0.5) * 0.12, 0, 0.999)
    stone = quant(value, STONE, dither=0.5)
    img[isl] = stone[isl]
    # Mortar lines between the blocks.
    joints = isl & ((np.abs(dist % 5 - 2.5) > 2.1) | (np.abs((ang * r / 2) % 5 - 2.5) > 2.2))
    img[joints] = img[joints] * 0.7
    edge = rim(isl)
    img[edge] = STONE[0]
    # Star-chart floor: a tiled disc with a ring of gold stars, and a chipped-away wedge.
    floor_r = r * 0.62
    floor = (dist < floor_r) & ~((ang > 0.3 + seed) & (ang < 1.2 + seed) & (dist > floor_r * 0.4))
    tiles = ((np.floor(dx / 4) + np.floor(dy / 4)) % 3).astype(int)
    for i in range(3):
        img[floor & (tiles == i)] = TILE[i]
    ring = floor & (np.abs(dist - floor_r * 0.72) < 0.8)
    img[ring] = BRASS[2]
    for k in range(12):
        a = k * math.pi / 6 + seed
        sx, sy = int(cx + math.cos(a) * floor_r * 0.45), int(cy + math.sin(a) * floor_r * 0.45)
        if floor[sy % H, sx]:
            img[sy % H, sx] = BRASS[4] if k % 3 else GLOW[3]
    # Dome ribs: radial girders over part of the floor, some broken short.
    for k in range(10):
        a = k * math.pi / 5 + seed * 0.7
        reach = r * (0.95 if rng.random() < 0.6 else rng.uniform(0.5, 0.75))
        rib = (np.abs(np.sin(ang - a)) * dist < 1.1) & (np.cos(ang - a) > 0) & (dist > floor_r * 0.3) & (dist < reach)
        img[rib & isl] = BRASS[1]
        img[rib & isl & (dx + dy < 0)] = BRASS[3]
        img[wdilate(rib & isl) & ~rib & isl & (dx + dy > 0)] *= 0.8
    # Columns on the rim, a few toppled (a long dark block) instead of standing.
    for k in range(8):
        a = k * math.pi / 4 + 0.4 + seed
        px, py = cx + math.cos(a) * r * 0.82, cy + math.sin(a) * r * 0.82
        col = (np.abs(XS + 0.5 - px) < 2.2) & (np.abs(YS + 0.5 - py) < 2.2)
        if rng.random() < 0.3:
            fallen = [(px - 2, py - 1), (px + 7, py + 3), (px + 6, py + 5), (px - 3, py + 1)]
            col = poly_mask(XS + 0.5, YS + 0.5, fallen)
        img[col & isl] = STONE[6]
        img[rim(col & isl)] = STONE[1]
    if seed == 1:
        # The great telescope: a brass tube on its mount, aimed at the storm.
        tube_pts = [(cx - 3, cy + 2), (cx + 22, cy - 18), (cx + 26, cy - 13), (cx + 1, cy + 7)]
        tube = poly_mask(XS + 0.5, YS + 0.5, tube_pts)
        img[tube] = BRASS[3]
        img[rim(tube)] = BRASS[0]
        img[tube & ~werode(tube) & (XS + YS < cx + cy - 4)] = BRASS[4]
        lens = (XS + 0.5 - (cx + 25)) ** 2 + (YS + 0.5 - (cy - 17)) ** 2 < 6
        img[lens] = GLOW[2]
        mount = (XS + 0.5 - cx) ** 2 + (YS + 0.5 - cy) ** 2 < 20
        img[mount] = BRASS[1]
        img[rim(mount)] = BRASS[0]
    else:
        # A lens that still glows faintly, and rubble spilling off the edge.
        lens = dist < 3.5
        img[lens] = GLOW[1]
        img[dist < 1.6] = GLOW[3]
        for _ in range(14):
            a, d = rng.uniform(0, 2 * math.pi), r * rng.uniform(1.05, 1.5)
            bx, by = int(cx + math.cos(a) * d), int(cy + math.sin(a) * d) % H
            if 0 <= bx < W - 2:
                img[by:by + 2, bx:bx + 2] = STONE[3]
                img[(by + 2) % H, bx + 1:bx + 3] *= 0.6


def walkway(img, x0, y0, x1, y1, gap):
    """A stone bridge between two ruins, snapped in the middle."""
    n = int(math.hypot(x1 - x0, y1 - y0))
    for i in range(n):
        t = i / n
        if abs(t - 0.5) < gap:
            continue
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        m = (np.abs(XS + 0.5 - x) < 3) & (np.abs(YS + 0.5 - y) < 3)
        img[m] = STONE[4] if i % 4 else STONE[2]
    return img


def stage7():
    img, _ = cloud_sea()
    rain(img)
    for k, (x, y, r) in enumerate(STORMS):
        bolt(img, x, y, r, 800 + k)
    walkway(img, 104, 190, 70, 345, 0.12)
    walkway(img, 80, 400, 140, 490, 0.1)
    for cx, cy, r, seed in ISLANDS:
        observatory(img, cx, cy, r, seed)
    return img
