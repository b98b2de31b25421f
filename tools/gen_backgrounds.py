#!/usr/bin/env python3
"""Generate the SkySweep backgrounds and logo into assets/backgrounds/.

Run from the repository root:  python3 tools/gen_backgrounds.py [NAME ...]
(names such as `stage3_ground` or `ending_vela` make only those images).
Stage grounds and the cloud layer are 224x640 and tile seamlessly vertically
(everything is built from functions that are periodic in y). Deterministic.

Stages 1-2, the clouds, the title and the logo are drawn here; stages 3-6 live in
bg_canyon.py, bg_frost.py, bg_ironworks.py and bg_citadel.py, the Extra stage in
bg_extra.py, the first three endings and the credits backdrop in bg_endings.py (picture
helpers in bg_scenes.py), Orla's and Rook's endings in bg_homes.py, the ten pair endings in
bg_pairs.py and bg_pairs2.py (the pilots' figures in bg_figures.py, shared scenery in
bg_sets.py), and the shared noise, wrapped masks and shading helpers in bg_common.py.
"""
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pixlib import BAYER4, dilate, erode, poly_mask  # noqa: E402
from bg_common import (BAYER, H, W, XS, YS, C, disc_mask, fbm, mute, pnoise, rect_mask, save,  # noqa: E402
                       shade_drop, sine_sum, wrap_dy)
import bg_canyon  # noqa: E402
import bg_frost  # noqa: E402
import bg_ironworks  # noqa: E402
import bg_citadel  # noqa: E402
import bg_extra  # noqa: E402
import bg_endings  # noqa: E402
import bg_homes  # noqa: E402
import bg_pairs  # noqa: E402
import bg_pairs2  # noqa: E402


# ---------------------------------------------------------------- stage 1: countryside
def river_x(y):
    return sine_sum(y, 150, [(34, 1, 0.0), (12, 2, 1.3), (5, 3, 0.4)])


def road_x(y):
    return sine_sum(y, 58, [(22, 1, 2.2), (8, 2, 0.3)])


def stage1():
    rng = np.random.default_rng(101)
    img = np.zeros((H, W, 3))
    warp = (fbm(W, H, 40, 7) - 0.5) * 10
    wy = YS + warp
    wx = XS + (fbm(W, H, 40, 8) - 0.5) * 10
    # --- patchwork fields: rows of varying height (summing to H) split into columns
    heights = []
    tot = 0
    while tot < H:
        hgt = int(rng.integers(44, 92))
        if H - tot - hgt < 44:
            hgt = H - tot
        heights.append(hgt)
        tot += hgt
    field_types = {
        "wheat": (C("#b9a45e"), C("#a28d4c")),
        "pasture": (C("#6f9a4c"), C("#5e8a40")),
        "meadow": (C("#86a856"), C("#769a4a")),
        "plough": (C("#8a6a48"), C("#745839")),
        "crop": (C("#4e7f3e"), C("#3f6b34")),
        "rape": (C("#c2b456"), C("#ad9f48")),
    }
    kinds = list(field_types)
    weights = np.array([3, 4, 3, 2, 3, 1], float)
    weights /= weights.sum()
    field_id = np.zeros((H, W), int)
    y0 = 0
    fid = 0
    ny = np.mod(wy, H)
    for hgt in heights:
        xs = [0]
        while xs[-1] < W:
            xs.append(xs[-1] + int(rng.integers(40, 90)))
        row = (ny >= y0) & (ny < y0 + hgt)
        for i in range(len(xs) - 1):
            # The warp pushes wx a few pixels past the image's sides: the outer fields reach
            # out to cover them, or the edge columns stay unpainted (black).
            lo = -np.inf if i == 0 else xs[i]
            hi = np.inf if i == len(xs) - 2 else xs[i + 1]
            m = row & (wx >= lo) & (wx < hi)
            kind = kinds[rng.choice(len(kinds), p=weights)]
            c1, c2 = field_types[kind]
            ang = rng.choice([0, 1, 2])
            if ang == 0:
                stripe = (np.floor(wy / 2) % 2) == 0
            elif ang == 1:
                stripe = (np.floor(wx / 2) % 2) == 0
            else:
                stripe = (np.floor((wx + wy) / 3) % 2) == 0
            if kind in ("pasture", "meadow"):
                stripe = fbm(W, H, 8, 200 + fid, 2) + (BAYER - 0.5) * 0.25 > 0.55
            col = np.where(stripe[..., None], c1, c2)
            img[m] = col[m]
            field_id[m] = fid
            fid += 1
        y0 += hgt
    # --- hedgerows along field boundaries
    fb = np.zeros((H, W), bool)
    for dx, dy in ((1, 0), (0, 1)):
        other = np.roll(np.roll(field_id, -dy, 0), -dx, 1)
        fb |= field_id != other
    fb[:, -1] = False
    hedge = fb | np.roll(fb, 1, 1)
    bush = fbm(W, H, 4, 33, 2)
    hedge &= bush > 0.3
    shade_drop(img, hedge, 1, 1, 0.7)
    img[hedge] = C("#3c6330")
    hl = hedge & ~np.roll(hedge, 1, 0)
    img[hl & (bush > 0.55)] = C("#58843f")
    # --- dirt road (winding, vertical) and two crossing lanes
    rx = road_x(YS + 0.5)
    road = np.abs(XS + 0.5 - rx) < 3.0
    for ly in (150, 470):
        lane_y = ly + 6 * np.sin(XS / 30.0)
        road |= np.abs(((YS - lane_y + H / 2) % H) - H / 2) < 2.5
    road_edge = dilate(road) & ~road
    img[road_edge] = C("#8d7a55")
    img[road] = C("#c2aa7a")
    img[road & (BAYER > 0.8)] = C("#b09a6c")
    # --- river with sandy banks
    rv = river_x(YS + 0.5)
    width = 9 + 3 * np.sin(2 * math.pi * YS / H * 3)
    d = np.abs(XS + 0.5 - rv)
    bank = d < width + 2.5
    water = d < width
    img[bank] = C("#a89a70")
    img[bank & ~water & (XS + 0.5 > rv)] = C("#8a7e5a")
    wn = fbm(W, H, 6, 55, 2)
    img[water] = C("#3f6f86")
    img[water & (d < width - 3)] = C("#447c94")
    rip = water & (np.abs(np.sin((YS + wn * 20) * 0.7 + XS * 0.2)) > 0.93) & (d < width - 2)
    img[rip] = C("#7fb2c2")
    img[water & (d > width - 1.2) & (XS + 0.5 < rv)] = C("#2e5366")
    # bridges where the lanes cross the river
    for ly in (150, 470):
        lane_c = ly
        bx = river_x(lane_c)
        bm = (np.abs(((YS - lane_c + H / 2) % H) - H / 2) < 3.5) & (np.abs(XS - bx) < width.max() + 4)
        shade_drop(img, bm, 0, 2, 0.6)
        img[bm] = C("#8c8478")
        img[bm & (np.abs(((YS - lane_c + H / 2) % H) - H / 2) > 2.5)] = C("#5d564e")
    # --- trees: clusters and single trees along hedges / river
    tree_mask = np.zeros((H, W), bool)
    trees = []
    for k in range(26):
        cx, cy = rng.uniform(0, W), rng.uniform(0, H)
        for j in range(int(rng.integers(3, 9))):
            trees.append((cx + rng.normal(0, 6), cy + rng.normal(0, 6), rng.uniform(2.2, 4.0)))
    for k in range(40):
        y = rng.uniform(0, H)
        side = rng.choice([-1, 1])
        trees.append((river_x(y) + side * rng.uniform(13, 17), y, rng.uniform(2.0, 3.2)))
    trees.sort(key=lambda t: t[1])
    canopy = [C("#2f5a2c"), C("#3d6e33"), C("#4f8a3c"), C("#6aa84a")]
    for (cx, cy, r) in trees:
        m = disc_mask(cx, cy, r)
        if (m & water).sum() > 2 or (m & road).sum() > 2:
            continue
        sh = disc_mask(cx + 2, cy + 2, r)
        img[sh & ~tree_mask] *= 0.62
        dx = XS + 0.5 - cx
        dy = wrap_dy(YS + 0.5, cy)
        lit = -(dx + dy) / (r * 1.4)
        lv = np.clip((lit * 1.6 + 1.4 + (BAYER - 0.5) * 0.8).astype(int), 0, 3)
        for i in range(4):
            img[m & (lv == i)] = canopy[i]
        edge = m & ~erode(m) & (dx + dy > 0)
        img[edge] = canopy[0] * 0.8
        tree_mask |= m
    # --- a small village by the road
    houses = []
    for (vy, n) in ((300, 9), (600, 6)):
        for k in range(n):
            hy = vy + rng.uniform(-36, 36)
            hx = road_x(hy) + rng.choice([-1, 1]) * rng.uniform(8, 26)
            houses.append((hx, hy, int(rng.integers(8, 13)), int(rng.integers(6, 9)), int(rng.integers(0, 3))))
    roofs = [(C("#a04a3a"), C("#c8694e"), C("#7a3529")), (C("#6d6a72"), C("#8e8b92"), C("#514e58")),
             (C("#8a5a3a"), C("#ae7850"), C("#6a4229"))]
    for (hx, hy, w, h, kind) in houses:
        x0, y0 = int(hx - w / 2), int(hy - h / 2)
        m = rect_mask(x0, y0, x0 + w, y0 + h)
        if (m & water).any() or (m & road).any():
            continue
        shade_drop(img, m, 2, 2, 0.6)
        top = rect_mask(x0, y0, x0 + w, y0 + h // 2)
        dark, light, edge = roofs[kind]
        img[m] = dark
        img[top] = light
        ring = m & ~erode(m)
        img[ring] = edge
        # little garden patch
        g = rect_mask(x0 - 2, y0 + h + 1, x0 + w + 2, y0 + h + 4) & ~road & ~water & ~tree_mask
        img[g & ~m] = C("#7e9a50")
    img = mute(img, 0.16)
    return img


# ---------------------------------------------------------------- stage 2: harbour and docks
def coast_x(y):
    return sine_sum(y, 92, [(14, 1, 0.5), (6, 2, 2.0)])


def stage2():
    rng = np.random.default_rng(202)
    img = np.zeros((H, W, 3))
    # quantised coast: quays run straight in steps of 16 px
    cx_rows = np.array([coast_x((y // 16) * 16 + 8) for y in range(H)])
    cx_rows = np.round(cx_rows / 4) * 4
    coast = cx_rows[:, None]
    land = XS < coast
    # --- water: deep blue with wave glints, darker in the quay's shadow
    n1 = fbm(W, H, 16, 301, 3)
    n2 = fbm(W, H, 5, 302, 2)
    water_cols = [C("#1f3f66"), C("#26507a"), C("#2d5d88"), C("#3a6e96")]
    lv = np.clip((n1 * 3.2 + (BAYER - 0.5) * 0.9).astype(int), 0, 3)
    for i in range(4):
        img[~land & (lv == i)] = water_cols[i]
    wave = ~land & (np.abs(np.sin(YS * 0.45 + n1 * 12 + XS * 0.05)) > 0.96) & (n2 > 0.5)
    img[wave] = C("#5688b0")
    crest = wave & (n2 > 0.74)
    img[crest] = C("#b8d6e6")
    # --- land: concrete dock with slab joints
    conc = fbm(W, H, 10, 303, 2)
    img[land] = C("#8a8a86")
    img[land & (conc + (BAYER - 0.5) * 0.2 > 0.55)] = C("#96968f")
    img[land & (conc < 0.35)] = C("#7c7c78")
    joints = land & ((XS % 24 == 0) | (YS % 20 == 0))
    img[joints] = C("#70706c")
    # quay edge: bright lip, dark wall, shadow on the water
    lip = land & ~np.roll(land, -1, 1)
    img[lip] = C("#c4c0b4")
    wall = ~land & np.roll(land, 1, 1)
    wall2 = ~land & np.roll(land, 2, 1)
    img[wall] = C("#3a3a40")
    img[wall2 & ~wall] = water_cols[0] * 0.8
    # bollards along the quay
    for y in range(4, H, 22):
        x = int(cx_rows[y]) - 3
        img[y:y + 2, x:x + 2] = C("#2c2c30")
    # --- rail tracks and a road on the land
    road = (XS >= 8) & (XS < 26)
    img[road] = C("#55565c")
    img[road & ((XS == 16) | (XS == 17)) & ((YS % 16) < 8)] = C("#d8cf8a")
    for rx in (32, 44):
        ties = (XS >= rx - 1) & (XS < rx + 7) & (YS % 4 == 0)
        img[ties] = C("#5e4a3a")
        rails = (XS == rx) | (XS == rx + 5)
        img[rails & (XS < coast - 4)] = C("#b8b8c0")
    # --- warehouses, oil tanks and container stacks (placed in slots so the tile wraps)
    y = 0
    slot = 0
    while y < H:
        hgt = 76 if slot % 3 != 2 else 60
        if y + hgt > H:
            hgt = H - y
        kind = slot % 3
        bx0, bx1 = 52, int(min(cx_rows[y:y + hgt].min(), 140)) - 8
        if kind == 0 and bx1 - bx0 > 14:
            # warehouse with a corrugated sheet roof
            m = rect_mask(bx0, y + 6, bx1, y + hgt - 8)
            shade_drop(img, m, 3, 3, 0.55)
            corr = (XS % 3 == 0)
            col = C("#6f8a94") if slot % 2 else C("#9a6a4a")
            img[m] = col
            img[m & corr] = col * 0.82
            ridge = m & (np.abs(XS - (bx0 + bx1) / 2) < 1)
            img[ridge] = col * 1.15
            img[m & (XS > (bx0 + bx1) / 2)] *= 0.88
            img[m & ~erode(m)] = col * 0.55
        elif kind == 1:
            # oil tanks
            for (tx, ty, r) in ((bx0 + 11, y + 20, 10), (bx0 + 11, y + 50, 9), (bx0 + 33, y + 36, 8)):
                if tx + r > bx1 + 6:
                    continue
                m = disc_mask(tx, ty, r)
                shade_drop(img, m, 3, 3, 0.55)
                dx = XS + 0.5 - tx
                dy = wrap_dy(YS + 0.5, ty)
                lit = -(dx + dy) / (r * 1.5)
                tank = [C("#8a8f96"), C("#a8adb3"), C("#c8ccd0"), C("#e4e6e8")]
                lv2 = np.clip((lit * 1.5 + 1.6 + (BAYER - 0.5) * 0.5).astype(int), 0, 3)
                for i in range(4):
                    img[m & (lv2 == i)] = tank[i]
                img[m & ~erode(m)] = C("#4a4e56")
                img[disc_mask(tx, ty, 2)] = C("#6a6e76")
        else:
            # container stacks
            palette = [C("#a83c32"), C("#3d6a9a"), C("#c08a2c"), C("#4a7a4a"), C("#7a4a8a")]
            for row in range(4):
                for col_ in range(3):
                    cx0 = bx0 + col_ * 14
                    cy0 = y + 6 + row * 12
                    if cx0 + 12 > bx1 + 6 or cy0 + 10 > y + hgt:
                        continue
                    m = rect_mask(cx0, cy0, cx0 + 12, cy0 + 10)
                    shade_drop(img, m, 2, 2, 0.6)
                    c = palette[int(rng.integers(len(palette)))]
                    img[m] = c
                    img[m & ((XS - cx0) % 2 == 1)] = c * 0.85
                    img[m & ~erode(m)] = c * 0.55
        y += hgt
        slot += 1
    # --- piers with moored ships
    for py in (40, 200, 360, 520):
        pier_len = int(rng.integers(56, 92))
        x0 = int(cx_rows[py]) - 2
        pm = rect_mask(x0, py, min(W, x0 + pier_len), py + 10)
        shade_drop(img, pm, 0, 3, 0.6)
        img[pm] = C("#8a6a48")
        img[pm & (XS % 3 == 0)] = C("#6e5338")
        img[pm & ~erode(pm)] = C("#4a3828")
        # pilings
        for xx in range(x0 + 4, min(W - 1, x0 + pier_len), 8):
            for yy in (py - 1, py + 10):
                img[yy % H, xx] = C("#2e2620")
        # a moored cargo ship next to the pier
        sy = py + 14
        sx0 = x0 + 12
        sl = min(pier_len - 8, 56)
        if sx0 + sl >= W:
            continue
        hull = poly_mask(XS + 0.5, YS + 0.5, [(sx0, sy + 1), (sx0 + sl - 8, sy), (sx0 + sl, sy + 6), (sx0 + sl - 8,
                                                                                                     sy + 12),
                                              (sx0, sy + 11)])
        shade_drop(img, hull, 2, 2, 0.55)
        img[hull] = C("#3e4650")
        inner = erode(hull)
        img[inner] = C("#7a3a36")
        deck = erode(inner)
        img[deck] = C("#8a8478")
        cab = rect_mask(sx0 + 3, sy + 3, sx0 + 11, sy + 9)
        img[cab] = C("#dcdcd6")
        img[cab & (YS == sy + 3)] = C("#ffffff")
        img[cab & (XS == sx0 + 10)] = C("#a0a0a0")
        # cargo hatches
        for hx in range(sx0 + 14, sx0 + sl - 10, 8):
            hm = rect_mask(hx, sy + 3, hx + 6, sy + 9)
            img[hm] = C("#556b5a")
            img[hm & ~erode(hm)] = C("#3a4a3e")
    # --- cranes on the quay (gantry seen from above)
    for cy in (120, 290, 440, 600):
        qx = int(cx_rows[cy])
        arm = rect_mask(qx - 20, cy, qx + 24, cy + 3)
        shade_drop(img, arm, 4, 5, 0.6)
        img[arm] = C("#d6a42c")
        img[arm & ((XS + YS) % 4 == 0)] = C("#9a7420")
        legs = rect_mask(qx - 14, cy - 4, qx - 10, cy + 8) | rect_mask(qx - 4, cy - 4, qx, cy + 8)
        shade_drop(img, legs, 2, 2, 0.6)
        img[legs] = C("#b88a22")
        cab = rect_mask(qx - 9, cy - 1, qx - 4, cy + 5)
        img[cab] = C("#c8c0b0")
    img = mute(img, 0.12, (90, 100, 110))
    return img


# ---------------------------------------------------------------- clouds
def clouds():
    n = fbm(W, H, 80, 401, 3)
    n2 = fbm(W, H, 16, 402, 3)
    v = n * 0.85 + n2 * 0.15
    # a few clear bands so that it reads as separate clouds
    band = 0.5 + 0.5 * np.sin(2 * math.pi * YS / H * 2 + 0.7)
    v = v - 0.10 * band
    thr = 0.56
    m = v > thr
    # light from top-left: compare with a shifted copy
    lit = v - np.roll(np.roll(v, 3, 0), 3, 1)
    alpha = np.zeros((H, W))
    dens = (v - thr) / 0.12
    a_lv = np.clip((dens + (BAYER - 0.5) * 0.25) * 3, 0, 3).astype(int)
    alpha_levels = [70, 110, 150, 180]
    img = np.zeros((H, W, 3))
    for i in range(4):
        mm = m & (a_lv == i)
        alpha[mm] = alpha_levels[i]
    img[m] = C("#e8ecf6")
    img[m & (lit > 0.015)] = C("#ffffff")
    img[m & (lit < -0.02)] = C("#b8bcd8")
    return img, alpha


# ---------------------------------------------------------------- title
def title():
    w, h = 224, 320
    ys, xs = np.mgrid[0:h, 0:w].astype(float)
    bay = BAYER4[np.arange(h)[:, None] % 4, np.arange(w)[None, :] % 4]
    sky = [C("#1c2a5e"), C("#24407a"), C("#2e5c96"), C("#4a7eb0"), C("#7aa4c8"), C("#b6c4d2"), C("#e8c8a8"),
           C("#f2a878"), C("#f08a6a")]
    t = np.clip(ys / 250.0, 0, 1) ** 1.15 * (len(sky) - 1)
    k = np.clip((t + (bay - 0.5) * 0.9).astype(int), 0, len(sky) - 1)
    img = np.zeros((h, w, 3))
    for i, c in enumerate(sky):
        img[k == i] = c
    # stars at the very top
    rng = np.random.default_rng(505)
    for s in range(30):
        x, y = rng.integers(0, w), rng.integers(0, 50)
        img[y, x] = C("#ffffff") if s % 3 else C("#a8c0ff")
    # sun glow near the horizon
    d = np.sqrt((xs - 160) ** 2 + (ys - 236) ** 2)
    img[(d < 22) & ((d + bay * 3) < 20)] = C("#ffd89a")
    img[d < 14] = C("#fff2c8")
    # big cumulus clouds on the sides and bottom (keeps the upper-middle calm)
    cl_n = pnoise(w, h, 14, 16, 506) * 0.6 + pnoise(w, h, 6, 8, 507) * 0.4

    def cloud(cx, cy, rx, ry):
        dd = ((xs - cx) / rx) ** 2 + ((ys - cy) / ry) ** 2
        return dd + (cl_n - 0.5) * 0.9 < 1.0
    cm = np.zeros((h, w), bool)
    for (cx, cy, rx, ry) in ((-10, 150, 48, 26), (20, 182, 44, 20), (236, 128, 46, 24), (206, 168, 40, 18),
                             (60, 214, 70, 16), (170, 206, 60, 14)):
        cm |= cloud(cx, cy, rx, ry)
    lit = cm & ~np.roll(np.roll(cm, 3, 0), 2, 1)
    shadow = cm & ~np.roll(np.roll(cm, -3, 0), -2, 1)
    img[cm] = C("#dcd4e4")
    img[cm & (ys > 180)] = C("#e8c4c0")
    img[shadow] = C("#a8a0c4")
    img[lit] = C("#ffffff")
    img[cm & ~erode(cm) & ~lit] = C("#8c88b0")
    # distant hills and a hilltop town silhouette
    hill1 = 252 + 10 * np.sin(xs / 23.0 + 1) + 6 * np.sin(xs / 9.0)
    img[ys > hill1] = C("#6a6a9a")
    hill2 = 270 + 12 * np.sin(xs / 31.0 + 3) + 4 * np.sin(xs / 7.0 + 1)
    img[ys > hill2] = C("#4a4c7a")
    town = np.zeros((h, w), bool)
    for k2 in range(16):
        bx = 20 + k2 * 6 + rng.integers(0, 3)
        bw = int(rng.integers(4, 7))
        bh = int(rng.integers(6, 16))
        base = int(270 + 12 * math.sin(bx / 31.0 + 3)) + 2
        town |= (xs >= bx) & (xs < bx + bw) & (ys > base - bh) & (ys <= base + 4)
    # a tall clock tower and a windmill
    town |= (xs >= 70) & (xs < 76) & (ys > 238) & (ys <= 275)
    town |= poly_mask(xs + 0.5, ys + 0.5, [(68, 239), (73, 228), (78, 239)])
    town |= (xs >= 150) & (xs < 155) & (ys > 258) & (ys <= 276)
    for a in (0.4, 0.4 + math.pi / 2, 0.4 + math.pi, 0.4 + 3 * math.pi / 2):
        for r in range(1, 12):
            px, py = int(152.5 + math.cos(a) * r), int(257 + math.sin(a) * r)
            town[py, px] = True
            town[py, min(w - 1, px + 1)] = True
    img[town] = C("#2c2c52")
    for k2 in range(14):  # lit windows
        x, y = rng.integers(22, 118), rng.integers(262, 280)
        if town[y, x]:
            img[y, x] = C("#ffd27a")
    fg = ys > 288 + 6 * np.sin(xs / 17.0)
    img[fg] = C("#1e1e3c")
    # an airship silhouette on the right
    ship = ((xs - 176) / 24.0) ** 2 + ((ys - 60) / 7.0) ** 2 < 1
    ship |= (xs > 150) & (xs < 158) & (np.abs(ys - 60) < 10) & (np.abs(ys - 60) > 2) & \
        (np.abs(ys - 60) < 11 - (xs - 150))
    ship |= (xs > 170) & (xs < 182) & (ys > 65) & (ys < 71)
    img[ship] = C("#1e2a58")
    img[ship & (ys < 57) & (xs > 162) & (xs < 192)] = C("#33457a")
    return img


# ---------------------------------------------------------------- logo
LOGO = {
    "S": [".#####", "##....", "##....", ".####.", "....##", "....##", "#####."],
    "K": ["##..##", "##.##.", "####..", "###...", "####..", "##.##.", "##..##"],
    "Y": ["##..##", "##..##", ".####.", "..##..", "..##..", "..##..", "..##.."],
    "W": ["##...##", "##...##", "##.#.##", "##.#.##", "#######", "###.###", "##...##"],
    "E": ["######", "##....", "##....", "#####.", "##....", "##....", "######"],
    "P": ["#####.", "##..##", "##..##", "#####.", "##....", "##....", "##...."],
}


def logo():
    text = "SKYSWEEP"
    cw, ch = 3, 5  # cell size
    gap = 3
    pad = 4
    w = pad * 2 + sum(len(LOGO[c][0]) * cw for c in text) + (len(text) - 1) * gap + 8
    h = 48
    mask = np.zeros((h, w), bool)
    top = 6
    x0 = pad
    for i, c in enumerate(text):
        rows = LOGO[c]
        if i:
            x0 += len(LOGO[text[i - 1]][0]) * cw + gap
        for r, row in enumerate(rows):
            for col, ch_ in enumerate(row):
                if ch_ == "#":
                    mask[top + r * ch:top + (r + 1) * ch, x0 + col * cw:x0 + (col + 1) * cw] = True
    # italic slant
    sl = np.zeros_like(mask)
    for y in range(h):
        s = (h - y) // 6
        sl[y] = np.roll(mask[y], s)
    mask = sl
    ys, xs = np.mgrid[0:h, 0:w].astype(float)
    img = np.zeros((h, w, 4))
    grad = [C("#fff6c0"), C("#ffd84a"), C("#ffa41f"), C("#f0641e"), C("#c83a28")]
    t = np.clip((ys - top) / (7 * ch), 0, 0.999) * len(grad)
    for i, c in enumerate(grad):
        m = mask & (t.astype(int) == i)
        img[m, :3] = c
    # bevel: top-left highlight, bottom-right shade
    hl = mask & ~np.roll(mask, 1, 0)
    img[hl, :3] = C("#ffffff")
    hl2 = mask & ~np.roll(mask, 1, 1) & ~hl
    img[hl2, :3] = img[hl2, :3] * 0.4 + 255 * 0.6
    sh = mask & ~np.roll(mask, -1, 0)
    img[sh, :3] = C("#8a2420")
    img[mask, 3] = 255
    # 2 px outline and a drop shadow
    o1 = dilate(mask, True) & ~mask
    o2 = dilate(o1 | mask, False) & ~mask & ~o1
    drop = np.roll(np.roll(o1 | o2 | mask, 3, 0), 2, 1) & ~(o1 | o2 | mask)
    img[drop, :3] = C("#101028")
    img[drop, 3] = 150
    img[o2, :3] = C("#1a1a40")
    img[o2, 3] = 255
    img[o1, :3] = C("#2a2a6a")
    img[o1, 3] = 255
    # trim empty columns/rows but keep symmetric padding
    a = img[..., 3] > 0
    xs_ = np.where(a.any(0))[0]
    ys_ = np.where(a.any(1))[0]
    img = img[max(0, ys_[0] - 1):ys_[-1] + 2, max(0, xs_[0] - 1):xs_[-1] + 2]
    return img


# The pair endings, one for each unordered pair of different pilots, named with the two pilots in
# the order vela, brass, wren, orla, rook: ending_pair_<a>_<b>.png.
PAIRS = {
    "vela_brass": bg_pairs.pair_vela_brass,
    "vela_wren": bg_pairs.pair_vela_wren,
    "vela_orla": bg_pairs.pair_vela_orla,
    "vela_rook": bg_pairs.pair_vela_rook,
    "brass_wren": bg_pairs.pair_brass_wren,
    "brass_orla": bg_pairs2.pair_brass_orla,
    "brass_rook": bg_pairs2.pair_brass_rook,
    "wren_orla": bg_pairs2.pair_wren_orla,
    "wren_rook": bg_pairs2.pair_wren_rook,
    "orla_rook": bg_pairs2.pair_orla_rook,
}


def main():
    """Writes every background, or only those named on the command line (e.g. `stage3 ending_vela`)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(root, "assets", "backgrounds")
    os.makedirs(out, exist_ok=True)
    want = set(sys.argv[1:])

    def emit(name, make, rgba=False):
        if want and name not in want:
            return
        img = make()
        if rgba:
            save(img[0], os.path.join(out, name + ".png"), img[1])
        else:
            save(img, os.path.join(out, name + ".png"))

    emit("stage1_ground", stage1)
    emit("stage2_ground", stage2)
    emit("clouds", clouds, rgba=True)
    emit("title", title)
    emit("logo", lambda: (logo()[..., :3], logo()[..., 3]), rgba=True)
    emit("stage3_ground", bg_canyon.stage3)
    emit("stage4_ground", bg_frost.stage4)
    emit("stage5_ground", bg_ironworks.stage5)
    emit("stage6_ground", bg_citadel.stage6)
    emit("stage7_ground", bg_extra.stage7)
    emit("ending_vela", bg_endings.ending_vela)
    emit("ending_brass", bg_endings.ending_brass)
    emit("ending_wren", bg_endings.ending_wren)
    emit("ending_orla", bg_homes.ending_orla)
    emit("ending_rook", bg_homes.ending_rook)
    for pair in PAIRS:
        emit("ending_pair_" + pair, PAIRS[pair])
    emit("credits", bg_endings.credits)


if __name__ == "__main__":
    main()
