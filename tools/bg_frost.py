"""Stage 4 ground, "Frostpeak Pass": a snowy mountain valley with a frozen, cracked lake (ice
fishing huts on it), pine forests, a winding mountain road, a fortress wall with towers across
the valley and a gatehouse where the road goes through, and a hamlet of log cabins.

Mountains on both sides come from a ridged height field: snow settles on the gentle slopes,
grey rock shows on the steep ones, and everything casts blue shadows down-right.
"""
import math

import numpy as np

from bg_common import (BAYER, H, W, XS, YS, C, Path, cast_shadow, disc_mask, fbm, hillshade, jitter_points,
                       mute, pnoise, rect_mask, rim, shade_drop, voronoi_cracks, wdilate, werode, window, wrap_dy)

SNOW = [C("#4e5a7a"), C("#6e7c9c"), C("#8e9cb6"), C("#aab6ca"), C("#c2cad8"), C("#d6dce2")]
ROCK = [C("#2e2e40"), C("#3e3e52"), C("#525266"), C("#68687c"), C("#7e7e90"), C("#9494a4")]
ICE = [C("#3c5670"), C("#4a6884"), C("#5a7a96"), C("#6e8ea8"), C("#86a4ba")]
PINE = [C("#10221e"), C("#1a3428"), C("#264836"), C("#345e44"), C("#487654")]
SNOWCAP = C("#c4cedc")
SHADOW = C("#3e4c78")

T = 2 * math.pi / H
WALL_Y = 318  # the fortress wall runs across the valley here (its top edge)
VALLEY_C = [(12, 1, 1.4), (6, 2, 0.3)]
ROAD = Path(VALLEY_C + [(30, 1, 3.9), (10, 2, 1.2), (4, 3, 0.5)], 108, period=640)
LAKE = (142, 132, 34, 64)  # centre x, y, radius x, radius y
CABINS = [(146, 500, 12, 9), (160, 520, 10, 8), (138, 532, 9, 8), (156, 548, 12, 8), (64, 560, 10, 8)]


def valley_centre(y):
    t = T * np.asarray(y, float)
    return 112 + sum(a * np.sin(k * t + p) for a, k, p in VALLEY_C)


def valley_half(y):
    t = T * y
    return 72 + 8 * np.sin(2 * t + 2.4) + 5 * np.sin(5 * t + 1.0)


def terrain():
    y = YS + 0.5
    n_big = fbm(W, H, 40, 4101, 3)
    n_small = fbm(W, H, 6, 4102, 2)
    n_drift = fbm(W, H, 10, 4109, 2)
    e = np.abs(XS + 0.5 - valley_centre(y)) - valley_half(y) + (n_big - 0.5) * 22 + (n_small - 0.5) * 3
    # spurs: ridges running down into the valley, with gullies between them
    rid = pnoise(W, H, 22, 16, 4103) * 0.7 + pnoise(W, H, 10, 8, 4104) * 0.3
    ridged = (1 - np.abs(rid * 2 - 1)) ** 1.5
    up = np.clip(e / 10, 0, 1)
    h = np.clip(e, 0, 80) * 0.45 + ridged * up * 18 + (n_small - 0.5) * 2 * up
    # the valley floor undulates a little: drifts and hummocks
    h = h + (n_drift - 0.5) * 2
    return h, e > 0


def lake_mask():
    n = fbm(W, H, 20, 4105, 3)
    cx, cy, rx, ry = LAKE
    d = ((XS + 0.5 - cx) / rx) ** 2 + (wrap_dy(YS + 0.5, cy) / ry) ** 2
    lobe = ((XS + 0.5 - cx + 14) / 20) ** 2 + (wrap_dy(YS + 0.5, cy + 52) / 22) ** 2
    return np.minimum(d, lobe) + (n - 0.5) * 1.5 < 1.0


def conifer(cx, cy, r):
    """a pine seen from above: a six-pointed star of branches."""
    dx = XS + 0.5 - cx
    dy = wrap_dy(YS + 0.5, cy)
    a = np.arctan2(dy, dx)
    d = np.sqrt(dx * dx + dy * dy)
    return d < r * (0.78 + 0.22 * np.cos(6 * a + cx))


def stage4():
    h, mount = terrain()
    hs = hillshade(h, 1.2)
    gy, gx = np.gradient(h)
    steep = np.hypot(gx, gy)
    img = np.zeros((H, W, 3))
    # --- snow everywhere, gently drifted; on the mountains rock shows where it is steep
    n_dr = fbm(W, H, 14, 4106, 3)
    drift = (np.sin(XS * 0.18 + YS * 0.42 + n_dr * 10) > 0.7) & (n_dr > 0.5)
    lv = np.clip(np.floor((hs - 0.78) * 8 + 3.7 + drift * 0.8 + (BAYER - 0.5) * 0.8), 1, 5).astype(int)
    for i, c in enumerate(SNOW):
        img[lv == i] = c
    n_rk = fbm(W, H, 5, 4107, 2)
    rock = mount & (steep + (n_rk - 0.5) * 0.5 > 0.82)
    rlv = np.clip(np.floor((hs - 0.7) * 6 + 3 + (BAYER - 0.5) * 0.8), 0, 5).astype(int)
    for i, c in enumerate(ROCK):
        img[rock & (rlv == i)] = c
    # snow lying in the rock's cracks and ledges
    img[rock & (n_rk > 0.62) & (hs > 0.75)] = SNOW[4]
    lake = lake_mask()
    draw_lake(img, lake)
    draw_road(img, mount, lake)
    # --- pine forests: dense stands on the valley floor and climbing the lower slopes
    n_f = fbm(W, H, 24, 4108, 3)
    forest = (n_f > 0.5) & ~wdilate(lake, 3) & ~ROAD.band(8) & ~(mount & (h > 14))
    forest &= np.abs(wrap_dy(YS, WALL_Y + 6)) > 16
    trees = []
    for x, y, u in jitter_points(forest, 5, 4115):
        edge = n_f[int(y), int(x)] - 0.55
        if u < 0.4 - edge * 10:
            continue  # thin the stands out towards their edges
        trees.append((x, y, 3.0 + u * 1.8))
    rng2 = np.random.default_rng(4116)
    for k in range(90):  # lone pines scattered on the slopes and the floor
        x, y = rng2.uniform(4, W - 4), rng2.uniform(0, H)
        if lake[int(y), int(x)] or abs(ROAD.across[int(y), int(x)]) < 8 or abs(wrap_dy(y, WALL_Y + 6)) < 16:
            continue
        trees.append((x, y, rng2.uniform(1.8, 3.2)))
    draw_cabins(img)
    draw_pines(img, trees)
    # --- cast shadows from the mountains, then the fortress over everything on the ground
    sh = cast_shadow(h, 30, 0.8) & (hs < 0.9)
    img[sh] = img[sh] * 0.6 + SHADOW * 0.32
    draw_wall(img, h, mount)
    return mute(img, 0.1, (96, 104, 124))


def draw_lake(img, lake):
    """ice: dark clear patches and pale snowy ones, drift streaks, a web of cracks, a snowy shore,
    and two ice-fishing huts with holes and a trodden path."""
    n1 = fbm(W, H, 18, 4110, 3)
    n2 = fbm(W, H, 4, 4111, 2)
    v = n1 * 0.8 + n2 * 0.2
    k = np.clip((v * 1.6 - 0.3) * len(ICE) + (BAYER - 0.5) * 0.9, 0, len(ICE) - 1).astype(int)
    for i, c in enumerate(ICE):
        img[lake & (k == i)] = c
    streak = lake & (np.sin(XS * 0.5 - YS * 0.2 + n1 * 16) > 0.85) & (n2 > 0.45)
    img[streak] = SNOW[2]
    dust = lake & (n1 > 0.62) & (BAYER > 0.55)
    img[dust] = SNOW[3]
    cracks, d1 = voronoi_cracks(lake, 16, 4112, 0.9)
    img[cracks] = ICE[4] * 0.6 + SNOW[5] * 0.4
    img[np.roll(np.roll(cracks, 1, 0), 1, 1) & lake & ~cracks] = ICE[0]
    fine, _ = voronoi_cracks(lake & (n2 > 0.5), 50, 4113, 0.6)
    img[fine & (BAYER > 0.5)] = ICE[3]
    # shore: a bright bank of snow with a dark lip where it drops onto the ice
    shore = wdilate(lake, 2) & ~lake
    img[shore] = SNOW[5]
    img[lake & ~werode(lake) & np.roll(~lake, 1, 0)] = ICE[0] * 0.8
    img[lake & ~werode(lake) & np.roll(~lake, 1, 1)] = ICE[0] * 0.8
    # ice-fishing huts
    cx, cy = LAKE[0], LAKE[1]
    path = Path([], 0, extra=lambda yy: cx - 12 + 10 * np.sin((np.asarray(yy) - cy) * 0.06))
    trod = lake & path.band(1.0) & (np.abs(wrap_dy(YS + 0.5, cy)) < 34) & (BAYER > 0.35)
    img[trod] = SNOW[4]
    for hx, hy, col in ((cx - 16, cy - 30, C("#7a4a3a")), (cx - 4, cy + 22, C("#4a5a6a"))):
        m = rect_mask(hx, hy, hx + 6, hy + 5)
        shade_drop(img, m, 2, 2, 0.55)
        img[m] = col
        img[m & (((YS - hy) % H) < 2)] = SNOWCAP
        img[rim(m) & ~(((YS - hy) % H) < 2)] = col * 0.6
        hole = disc_mask(hx + 9, hy + 3, 1.3)
        img[hole] = C("#1c2a3c")
        img[rim(wdilate(hole, 1)) & ~hole] = SNOW[5]


def draw_road(img, mount, lake):
    """a ploughed road: packed snow and gravel, two wheel ruts, banks of ploughed snow, marker poles."""
    ok = ~lake
    bank = ROAD.band(6.5) & ok
    img[bank & ~ROAD.band(4.5)] = SNOW[5]
    img[bank & (ROAD.across > 4.5) & (ROAD.across < 5.5)] = SNOW[2]
    surf = ROAD.band(4.5) & ok
    img[surf] = C("#8a8696")
    img[surf & (BAYER > 0.7)] = C("#9a96a4")
    img[surf & (fbm(W, H, 3, 4120, 1) > 0.7)] = C("#a4a8b8")
    for s in (-1, 1):
        rut = surf & (np.abs(ROAD.across - s * 2.2) < 0.7)
        img[rut] = C("#6e6a7a")
        img[rut & (BAYER > 0.8)] = C("#5e5a6a")
    pole = (np.abs(np.abs(ROAD.across) - 7.5) < 0.7) & ((ROAD.along % 24) < 1.0) & ok
    img[np.roll(np.roll(pole, 2, 0), 2, 1) & ~pole] *= 0.75
    img[np.roll(np.roll(pole, 1, 0), 1, 1) & ~pole] *= 0.75
    img[pole] = C("#2e2830")
    # on the mountain the road is cut into the slope: a dark retaining edge on the uphill side
    cut = mount & (np.abs(ROAD.across) > 6.5) & (np.abs(ROAD.across) < 7.6)
    img[cut] = ROCK[1]


def draw_pines(img, trees):
    """conifers sorted top to bottom so lower ones overlap, each with a blue shadow and a snowy crown."""
    trees = sorted(trees, key=lambda t: t[1])
    crowns = np.zeros((H, W), bool)
    shadow = np.zeros((H, W), bool)
    for cx, cy, r in trees:
        rows, cols, dx, dy = window(cx + r, cy + r, r * 2.2)
        a = np.arctan2(dy + r * 1.1, dx + r * 0.9)
        d = np.hypot(dx + r * 0.1, dy - r * 0.1)
        shadow[np.ix_(rows, cols)] |= d < r * 1.15 * (0.8 + 0.2 * np.cos(6 * a + cx))
    for cx, cy, r in trees:
        rows, cols, dx, dy = window(cx, cy, r)
        a = np.arctan2(dy, dx)
        d = np.hypot(dx, dy)
        crowns[np.ix_(rows, cols)] |= d < r * (0.78 + 0.22 * np.cos(6 * a + cx))
    sh = shadow & ~crowns
    img[sh] = img[sh] * 0.6 + SHADOW * 0.26
    for cx, cy, r in trees:
        rows, cols, dx, dy = window(cx, cy, r)
        a = np.arctan2(dy, dx)
        d = np.hypot(dx, dy)
        m = d < r * (0.78 + 0.22 * np.cos(6 * a + cx))
        lit = -(dx + dy) / (r * 1.4)
        bay = BAYER[np.ix_(rows, cols)]
        lv = np.clip((lit * 2.2 + 2.3 + (bay - 0.5) * 0.7).astype(int), 1, 4)
        sub = img[np.ix_(rows, cols)]
        for i, c in enumerate(PINE):
            sub[m & (lv == i)] = c
        # snow caught on the branch tips facing the sun, and on the crown
        tips = m & (lit > 0.25) & (d > r * 0.35) & (np.cos(6 * a + cx) > 0.75) & (bay > 0.3)
        sub[tips] = SNOWCAP
        sub[m & (d < 0.8)] = SNOWCAP
        edge = m & ~(np.hypot(dx - 1, dy - 1) < r * (0.78 + 0.22 * np.cos(6 * np.arctan2(dy - 1, dx - 1) + cx)))
        sub[edge] = PINE[0]
        img[np.ix_(rows, cols)] = sub


def draw_cabins(img):
    """log cabins with snow-laden roofs, a lit window each, woodpiles and trodden paths."""
    for x, y, w, hgt in CABINS:
        m = rect_mask(x, y, x + w, y + hgt)
        shade_drop(img, wdilate(m, 1), 3, 3, 0.55)
        yard = wdilate(m, 3) & ~m
        img[yard & (BAYER > 0.5)] = SNOW[3]
        img[m] = C("#b4bccc")
        mid = y + hgt / 2.0
        img[m & (wrap_dy(YS + 0.5, mid) > 0)] = C("#9098ac")
        img[m & (np.abs(wrap_dy(YS + 0.5, mid)) < 0.6)] = C("#d8dee8")
        img[rim(m)] = C("#5a3e30")
        img[rim(m) & ((XS + YS) % 3 == 0)] = C("#7a5a40")
        img[rect_mask(x + w - 3, y + 1, x + w - 1, y + 3)] = C("#3a2e2e")  # chimney
        img[(y + hgt) % H, x + 2:x + 4] = C("#d8b860")  # a lit window under the eaves
        pile = rect_mask(x - 3, y + 1, x - 1, y + hgt - 1)
        img[pile] = C("#7a5a40")
        img[pile & (YS % 2 == 0)] = C("#a07a54")


def draw_wall(img, h, mount):
    """the fortress: a crenellated curtain wall with snow on the wall walk, round towers with snowy
    conical roofs, and a gatehouse over the road; the whole thing casts a long blue shadow."""
    y0, thick = WALL_Y, 10
    gx = int(ROAD.x(y0 + thick / 2))
    wall = rect_mask(0, y0, W, y0 + thick)
    towers = [(10, 8), (62, 8), (164, 8), (216, 8)]
    tmask = [rect_mask(tx - r, y0 - 4, tx + r, y0 + thick + 4) for tx, r in towers]
    gate = rect_mask(gx - 13, y0 - 5, gx + 13, y0 + thick + 5)
    body = wall | gate
    for t in tmask:
        body |= t
    # a tall wall throws a long shadow down the slope
    sh = np.zeros((H, W), bool)
    for s in range(1, 12):
        sh |= np.roll(np.roll(body, s + 2, 0), s, 1)
    sh &= ~body
    img[sh] = img[sh] * 0.55 + SHADOW * 0.32
    stone = [C("#3a3846"), C("#4e4c5c"), C("#646272"), C("#7a7886"), C("#908e9a")]
    img[wall] = stone[2]
    course = wall & ((YS - y0) % H % 3 == 0)
    img[course] = stone[1]
    img[wall & (((XS + ((YS - y0) % H // 3) * 3) % 7) == 0)] = stone[1]
    walk = rect_mask(0, y0 + 3, W, y0 + thick - 3)
    img[walk] = SNOW[4]
    img[walk & (BAYER > 0.8)] = SNOW[3]
    img[rect_mask(0, y0 + 5, W, y0 + 6) & (BAYER > 0.3)] = SNOW[2]  # the sentries' trodden path
    for yy, lit in ((y0, True), (y0 + thick - 3, False)):
        band = rect_mask(0, yy, W, yy + 3)
        merlon = band & ((XS % 5) < 3)
        img[band & ~merlon] = stone[0]
        img[merlon] = stone[3] if lit else stone[2]
        img[merlon & (YS == yy % H)] = SNOW[5] if lit else SNOW[3]
    img[rim(wall) & ~wdilate(gate, 0)] = stone[0]
    # square towers: a crenellated parapet around a snowy roof with a dark hatch
    for (tx, r), t in zip(towers, tmask):
        img[t] = stone[2]
        inner = werode(werode(t))
        img[inner] = SNOW[4]
        img[inner & (BAYER > 0.8)] = SNOW[5]
        img[inner & ~werode(inner) & ~np.roll(inner, 1, 0)] = SNOW[2]  # the parapet's shadow on the snow
        img[inner & ~werode(inner) & ~np.roll(inner, 1, 1)] = SNOW[2]
        par = t & ~inner
        gaps = par & (((XS + YS) % 4) == 0)
        img[gaps] = stone[0]
        img[par & ~gaps & ~np.roll(t, 1, 0)] = SNOW[5]
        img[par & ~gaps & ~np.roll(t, -1, 0)] = stone[1]
        img[rect_mask(tx - 2, y0 + 2, tx + 1, y0 + 5)] = stone[0]
        img[rim(t)] = stone[0]
    # gatehouse: a pitched roof running along the wall, snow on both slopes, the shaded one bluer
    mid = y0 + thick / 2.0
    g = wrap_dy(YS + 0.5, mid)
    img[gate] = C("#4a4a60")
    up = gate & (g < 0)
    dn = gate & (g >= 0)
    img[up] = SNOW[4]
    img[up & (BAYER > 0.85)] = SNOW[5]
    img[dn] = SNOW[2]
    img[dn & (((XS - gx) % 4) == 0)] = SNOW[1]
    img[gate & (np.abs(g) < 0.8)] = C("#3a3a4e")
    img[rim(gate)] = C("#2a2a3a")
    img[gate & (np.abs(XS + 0.5 - gx) < 1) & (g < -3) & (g > -6)] = C("#2a2a3a")  # a chimney
    for side in (-1, 1):
        arch = rect_mask(gx - 4, (y0 - 7) if side < 0 else (y0 + thick + 5), gx + 5,
                         (y0 - 5) if side < 0 else (y0 + thick + 7))
        img[arch] = C("#1c1c2a")
    # banners on the gatehouse gable ends
    for bx in (gx - 14, gx + 12):
        img[rect_mask(bx, y0 + 1, bx + 2, y0 + 6)] = C("#34427a")
        img[rect_mask(bx, y0 + 6, bx + 1, y0 + 7)] = C("#34427a")
        img[(y0 + 1) % H, bx:bx + 2] = C("#c8a44a")
