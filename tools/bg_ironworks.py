"""Stage 5 ground, "Ironworks": an industrial city seen from above.

Left to right: soot-black terraced houses with back alleys, a main road, a rail yard with
strings of wagons and crossovers, then the works: a casting hall, a blast furnace with its
stoves, a stockyard of ore and coal under a gantry crane, a rolling mill, a gas holder and a row
of smokestacks. A channel of molten iron runs through the works and glows on its surroundings,
and pipe bridges cross the yard. The works are stacked in slots whose heights add up to H.
"""
import math

import numpy as np

from bg_common import (BAYER, H, W, XS, YS, C, Seg, disc_mask, fbm, glow_spill, lit_blob, mute,
                       rect_mask, rim, shade_drop, wdilate, werode, wrap_dy)

SOOT = [C("#1e1e24"), C("#2a2a32"), C("#36363e"), C("#44444c"), C("#54545c"), C("#66656c")]
RUSTS = [C("#3e2622"), C("#5a3226"), C("#74402c"), C("#8c5034"), C("#a06440")]
BRICK = [C("#3e2626"), C("#563230"), C("#6e3e36"), C("#86503e")]
GLOW = [C("#4a1c16"), C("#8e2e18"), C("#c8561e"), C("#ec8a2e"), C("#fcc45a"), C("#fff0b0")]
STEEL = [C("#2c3038"), C("#3c424c"), C("#525a64"), C("#6a727c"), C("#8a929a")]

TRACKS = [56, 66, 76, 86, 96]  # rail yard centre lines
ROAD_X = (38, 48)
WORKS_X = 108
# the runner of molten iron: straight runs joined by diagonal jogs, closing on itself at the seam
CHANNEL_PTS = [(170, -8), (170, 30), (190, 50), (190, 118), (168, 140), (168, 236), (196, 264), (196, 352),
               (176, 372), (176, 470), (150, 496), (150, 560), (170, 580), (170, 632)]


def stage5():
    rng = np.random.default_rng(505)
    img = np.zeros((H, W, 3))
    # --- the ground: trodden cinders and soot, darker in blotches
    n = fbm(W, H, 12, 5101, 3)
    n2 = fbm(W, H, 3, 5102, 2)
    k = np.clip((n * 0.8 + n2 * 0.2) * 4.2 - 0.6 + (BAYER - 0.5) * 0.8, 0, 3).astype(int)
    for i in range(4):
        img[k == i] = SOOT[i + 1]
    img[(n2 > 0.72) & (BAYER > 0.6)] = RUSTS[1]  # rust flakes and spilled ore
    draw_town(img, rng)
    draw_road(img)
    draw_yard(img, rng)
    # a blackened brick wall between the yard and the works
    wall = (XS >= WORKS_X - 3) & (XS < WORKS_X - 1)
    shade_drop(img, wall, 1, 0, 0.7)
    img[wall] = BRICK[1]
    img[wall & (YS % 3 == 0)] = BRICK[0]
    draw_works_road(img)
    draw_channel(img)
    before = img.copy()
    y = 0
    for hgt, fn in ((112, casting_hall), (140, blast_furnace), (100, stockyard), (148, rolling_mill),
                    (140, stacks_and_gas)):
        fn(img, y, hgt, rng)
        y += hgt
    assert y == H
    used = wdilate(np.any(img != before, axis=2), 2) | (XS < WORKS_X + 12)
    draw_clutter(img, used, rng)
    draw_pipe_bridges(img)
    # soot settles everywhere, thickest downwind (down-right) of the stacks
    soot = fbm(W, H, 20, 5103, 3)
    dirty = soot > 0.58
    img[dirty] *= 0.86
    img[dirty & (soot > 0.66) & (BAYER > 0.5)] *= 0.9
    return mute(img, 0.08, (70, 66, 70))


# ---------------------------------------------------------------- left: town, road, yard
TOWN = [("terrace", 44), ("terrace", 40), ("chapel", 48), ("terrace", 40), ("coalyard", 36), ("terrace", 44),
        ("warehouse", 52), ("terrace", 40), ("terrace", 44), ("square", 40), ("terrace", 40), ("warehouse", 44),
        ("terrace", 44), ("coalyard", 36), ("terrace", 48)]


def terrace_row(img, x0, x1, ry, rh, col, chim_top):
    m = rect_mask(x0, ry, x1, ry + rh)
    shade_drop(img, m, 2, 3, 0.5)
    img[m] = col
    mid = ry + rh / 2
    img[m & (wrap_dy(YS + 0.5, mid) > 0)] = col * 0.78
    img[m & (np.abs(wrap_dy(YS + 0.5, mid)) < 0.6)] = col * 1.2
    for hx in range(x0 + 6, x1, 6):  # party walls, each with a chimney stack
        img[m & (XS == hx)] = col * 0.6
        cy = ry + 2 if chim_top else ry + rh - 4
        ch = rect_mask(hx - 1, cy, hx + 1, cy + 2)
        shade_drop(img, ch, 1, 2, 0.6)
        img[ch] = BRICK[2]
        img[cy % H, hx - 1] = BRICK[3]
    img[rim(m)] = col * 0.5


def draw_town(img, rng):
    """blocks of back-to-back terraced houses with yards and alleys, and now and then a chapel,
    a warehouse, a coal merchant's yard or a little square, separated by cross streets."""
    y = 0
    x0, x1 = 2, ROAD_X[0] - 2
    roofs = [C("#4a4a58"), C("#54505a"), C("#5a4a48"), C("#4e5450")]
    for i, (kind, hgt) in enumerate(TOWN):
        b = hgt - 6  # the block; a 6 px street follows it
        if kind == "terrace":
            rh = (b - 8) // 2
            terrace_row(img, x0, x1, y + 1, rh, roofs[i % 4], True)
            terrace_row(img, x0, x1, y + b - rh - 1, rh, roofs[(i + 1) % 4], False)
            yard = rect_mask(x0, y + 1 + rh, x1, y + b - rh - 1)
            img[yard] = SOOT[2]
            for hx in range(x0 + 2, x1 - 2, 6):
                img[rect_mask(hx, y + rh + 2, hx + 2, y + rh + 4)] = SOOT[4]
                if rng.random() < 0.5:
                    img[(y + rh + 5) % H, hx:hx + 4] = C("#8a8a90")
        elif kind == "warehouse":
            m = rect_mask(x0, y + 2, x1, y + b - 1)
            shade_drop(img, m, 3, 3, 0.5)
            col = C("#5e4638")
            img[m] = col
            img[m & (YS % 2 == 0)] = col * 0.85
            img[m & (XS + 0.5 > (x0 + x1) / 2)] *= 0.82
            img[rim(m)] = col * 0.5
            for sy in range(y + 6, y + b - 4, 8):
                img[rect_mask(x0 + 3, sy, x0 + 6, sy + 3)] = C("#6a7a88")  # roof lights
        elif kind == "chapel":
            img[rect_mask(x0, y, x1, y + b)] = SOOT[2]
            cx = (x0 + x1) // 2
            nave = rect_mask(cx - 5, y + 6, cx + 5, y + b - 4)
            trans = rect_mask(cx - 12, y + 14, cx + 12, y + 22)
            tower = rect_mask(cx - 4, y + 1, cx + 4, y + 8)
            body = nave | trans | tower
            shade_drop(img, body, 3, 4, 0.5)
            col = C("#5a5a66")
            img[nave | trans] = col
            img[(nave & (XS + 0.5 > cx)) | (trans & (wrap_dy(YS + 0.5, y + 18) > 0))] = col * 0.75
            img[tower] = BRICK[2]
            img[tower & ((XS + 0.5 - cx) + (wrap_dy(YS + 0.5, y + 4.5)) > 0)] = BRICK[1]
            img[rim(body)] = col * 0.45
            for gx_, gy_ in ((x0 + 3, y + 30), (x1 - 5, y + 34), (x0 + 4, y + 38)):  # churchyard stones
                img[gy_ % H, gx_:gx_ + 2] = SOOT[5]
        elif kind == "coalyard":
            img[rect_mask(x0, y, x1, y + b)] = SOOT[1]
            for cx_, cy_, r in ((x0 + 7, y + 10, 5), (x0 + 18, y + 12, 6), (x0 + 28, y + 9, 4)):
                m = disc_mask(cx_, cy_, r)
                shade_drop(img, m, 2, 2, 0.5)
                lit_blob(img, m, cx_, cy_, r, [C("#121216"), C("#1e1e24"), C("#2e2e36"), C("#44444e")])
            shed = rect_mask(x0 + 2, y + 20, x1 - 4, y + b - 2)
            shade_drop(img, shed, 2, 2, 0.5)
            img[shed] = RUSTS[1]
            img[shed & (XS % 2 == 0)] = RUSTS[0]
        else:  # a cobbled square with a fountain and market stalls
            sq = rect_mask(x0, y, x1, y + b)
            img[sq] = SOOT[3]
            img[sq & (((XS + YS) % 3) == 0)] = SOOT[2]
            f = disc_mask((x0 + x1) / 2, y + b / 2, 5)
            img[f] = SOOT[5]
            img[disc_mask((x0 + x1) / 2, y + b / 2, 3.5)] = C("#3a4e5a")
            for k, (sx, sy) in enumerate(((x0 + 2, y + 3), (x1 - 8, y + 3), (x0 + 2, y + b - 7), (x1 - 8, y + b - 7))):
                stall = rect_mask(sx, sy, sx + 6, sy + 4)
                shade_drop(img, stall, 1, 1, 0.6)
                img[stall] = [C("#7a5a4a"), C("#4a5a6a"), C("#6a6a4a"), C("#5a4a5a")][k]
                img[stall & (XS % 2 == 0)] *= 0.8
        st = rect_mask(0, y + b, ROAD_X[0], y + hgt)
        img[st] = SOOT[1]
        img[st & (BAYER > 0.8)] = SOOT[2]
        y += hgt
    assert y == H


def draw_road(img):
    """the main road: worn asphalt with a faded centre line, kerbs, gas lamps, lorries."""
    x0, x1 = ROAD_X
    road = (XS >= x0) & (XS < x1)
    img[road] = C("#34343a")
    img[road & (BAYER > 0.85)] = C("#3e3e44")
    img[road & (XS == (x0 + x1) // 2) & (YS % 12 < 5)] = C("#8a8670")
    img[(XS == x0) | (XS == x1 - 1)] = C("#54545a")
    for ly in range(4, H, 24):
        img[ly, x0 + 1] = C("#c8b070")
    for ly, lx, col in ((60, x0 + 2, C("#5a4a3a")), (250, x1 - 5, C("#3a4a5a")), (470, x0 + 2, C("#6a3a2e"))):
        m = rect_mask(lx, ly, lx + 3, ly + 10)
        shade_drop(img, m, 1, 1, 0.6)
        img[m] = col
        img[rect_mask(lx, ly, lx + 3, ly + 3)] = C("#8a8a90")


def draw_track(img, x):
    m = (np.abs(XS + 0.5 - x) < 4.5)
    img[m] = SOOT[1]
    img[m & (BAYER > 0.7)] = SOOT[2]
    img[(np.abs(XS + 0.5 - x) < 3.8) & (YS % 3 == 0)] = C("#3a2c26")
    for s in (-1, 1):
        img[np.abs(XS + 0.5 - (x + s * 2.5)) < 0.55] = C("#8a8c94")


def draw_crossover(img, xa, ya, xb, yb):
    seg = Seg(xa, ya, xb, yb)
    img[seg.band(3.5) & ((seg.along % 3) < 1)] = C("#3a2c26")
    for s in (-1, 1):
        img[(np.abs(seg.across - s * 2.5) < 0.55) & seg.inside] = C("#8a8c94")


def wagon(img, x, y, kind, rng):
    """one wagon, 7 px wide, seen from above; kinds: coal, ore, tank, van, ingot."""
    length = {"coal": 14, "ore": 12, "tank": 16, "van": 16, "ingot": 14}[kind]
    m = rect_mask(x - 3, y, x + 4, y + length)
    shade_drop(img, m, 2, 2, 0.5)
    if kind == "tank":
        for i, c in enumerate((STEEL[1], STEEL[2], STEEL[3], STEEL[2], STEEL[1], STEEL[0], STEEL[0])):
            img[m & (XS == x - 3 + i)] = c
        img[disc_mask(x + 0.5, y + length / 2, 1.2)] = STEEL[4]
    elif kind == "van":
        img[m] = RUSTS[2]
        img[m & (XS >= x + 1)] = RUSTS[1]
        img[m & (XS == x)] = RUSTS[3]
    else:
        img[m] = STEEL[0]
        inner = rect_mask(x - 2, y + 1, x + 3, y + length - 1)
        if kind == "coal":
            img[inner] = C("#18181c")
            img[inner & (BAYER > 0.75)] = C("#44444e")
        elif kind == "ore":
            img[inner] = RUSTS[1]
            img[inner & (BAYER > 0.6)] = RUSTS[2]
            img[inner & (BAYER < 0.2)] = RUSTS[0]
        else:  # freshly cast ingots, still glowing
            img[inner] = C("#2a2222")
            for iy in range(y + 2, y + length - 2, 3):
                img[rect_mask(x - 1, iy, x + 2, iy + 2)] = STEEL[2]
                img[iy % H, x - 1] = STEEL[4]
    img[rim(m)] = SOOT[0]


def draw_yard(img, rng):
    for x in TRACKS:
        draw_track(img, x)
    for xa, ya, xb, yb in ((56, 96, 66, 126), (76, 200, 86, 230), (86, 330, 96, 360), (66, 520, 76, 550),
                           (86, 560, 96, 590)):
        draw_crossover(img, xa, ya, xb, yb)
    kinds = ["coal", "ore", "tank", "van", "ingot"]
    for ti, x in enumerate(TRACKS):
        y = int(rng.integers(0, 80))
        while y < H - 20:
            n_cars = int(rng.integers(2, 7))
            kind = kinds[int(rng.integers(len(kinds)))]
            for c in range(n_cars):
                if y + 18 > H:
                    break
                wagon(img, int(x - 0.5), y, kind if rng.random() < 0.75 else kinds[int(rng.integers(5))], rng)
                y += {"coal": 15, "ore": 13, "tank": 17, "van": 17, "ingot": 15}[kind]
            y += int(rng.integers(50, 150))
    # a signal gantry across the yard
    for gy in (150, 410):
        g = rect_mask(TRACKS[0] - 6, gy, TRACKS[-1] + 6, gy + 2)
        shade_drop(img, g, 3, 4, 0.55)
        img[g] = STEEL[2]
        img[g & (XS % 3 == 0)] = STEEL[0]
        for x in TRACKS:
            img[(gy + 2) % H, x] = C("#6a9a6a")


# ---------------------------------------------------------------- the molten channel and pipes
def draw_channel(img):
    """a runner of molten iron: a brick-lined trough, a dark crust at the edges, a bright core."""
    segs = [Seg(x0, y0, x1, y1) for (x0, y0), (x1, y1) in zip(CHANNEL_PTS, CHANNEL_PTS[1:])]

    def band(half):
        m = np.zeros((H, W), bool)
        for sg in segs:
            m |= (np.abs(sg.across) < half) & (sg.along >= -half) & (sg.along <= sg.length + half)
        return m

    img[band(3.5)] = BRICK[1]
    img[band(3.5) & (((XS + YS) % 4) == 0)] = BRICK[0]
    melt = band(2.0)
    flow = np.sin((YS + XS * 0.3) * 0.8) + (BAYER - 0.5)
    img[melt] = GLOW[2]
    img[melt & (flow > 0.4)] = GLOW[3]
    core = band(0.8)
    img[core] = GLOW[3]
    img[core & (flow > 0.9)] = GLOW[4]
    crust = melt & ~band(1.3) & (fbm(W, H, 3, 5110, 1) > 0.45)
    img[crust] = GLOW[1]
    glow_spill(img, melt, 4, GLOW[2], 0.35)


def draw_pipe_bridges(img):
    """bundles of pipes crossing the yard on trestles, with their shadows on the tracks."""
    for py, n in ((186, 3), (436, 2), (604, 3)):
        span = (XS >= ROAD_X[1] - 2) & (XS < WORKS_X + 6)
        bundle = np.zeros((H, W), bool)
        for i in range(n):
            bundle |= rect_mask(0, py + i * 4, W, py + i * 4 + 3) & span
        sh = np.roll(np.roll(bundle, 5, 0), 4, 1) & ~bundle
        img[sh] = img[sh] * 0.6
        for i in range(n):
            p = rect_mask(0, py + i * 4, W, py + i * 4 + 3) & span
            col = [STEEL[2], RUSTS[2], STEEL[3]][i % 3]
            img[p] = col
            img[p & (YS == (py + i * 4) % H)] = np.minimum(col * 1.35, 255)
            img[p & (YS == (py + i * 4 + 2) % H)] = col * 0.6
            img[p & (XS % 24 == 10)] = col * 0.7  # flanges
        for tx in range(ROAD_X[1] + 1, WORKS_X + 4, 16):
            t = rect_mask(tx, py - 1, tx + 2, py + n * 4 + 1)
            img[t] = STEEL[0]


# ---------------------------------------------------------------- the works, slot by slot
def hall(img, x0, y0, x1, y1, col, kind):
    """a big shed: 'saw' = sawtooth roof with glazing, 'ridge' = corrugated roof with a vent ridge."""
    m = rect_mask(x0, y0, x1, y1)
    shade_drop(img, m, 4, 5, 0.5)
    ly = (YS - y0) % H
    if kind == "saw":
        img[m] = col
        img[m & (ly % 8 >= 5)] = col * 0.7
        img[m & (ly % 8 == 4)] = C("#4a5a6a")  # grimy glazing facing north
        img[m & (ly % 8 == 4) & (XS % 4 == 0)] = C("#2a3038")
        img[m & (ly % 8 == 3)] = np.minimum(col * 1.25, 255)
    else:
        img[m] = col
        img[m & (XS % 2 == 0)] = col * 0.88
        mid = (x0 + x1) / 2.0
        img[m & (XS + 0.5 > mid)] *= 0.8
        vent = m & (np.abs(XS + 0.5 - mid) < 2)
        img[vent] = SOOT[1]
        img[vent & (ly % 6 < 3)] = SOOT[3]
    rust = m & (fbm(W, H, 6, 5120 + x0 + y0, 2) > 0.64)
    img[rust] = img[rust] * 0.6 + RUSTS[3] * 0.4
    img[rim(m)] = col * 0.45
    return m


def stack(img, x, y, r, tall=22):
    """a brick smokestack seen from straight above: a long shadow, a rim, a sooty black throat."""
    base = disc_mask(x, y, r)
    sh = np.zeros((H, W), bool)
    for s in range(2, tall):
        sh |= disc_mask(x + s * 0.7, y + s * 0.85, r - s * 0.06)
    sh &= ~base
    img[sh] = img[sh] * 0.5
    lit_blob(img, base, x, y, r, BRICK)
    img[base & ~werode(base)] = BRICK[0]
    img[disc_mask(x, y, r - 1.5)] = C("#121216")
    img[disc_mask(x - 0.6, y - 0.6, r - 2.5) & (BAYER > 0.8)] = C("#2a2228")
    # soot stains around the mouth
    ring = disc_mask(x, y, r - 1) & ~disc_mask(x, y, r - 1.5)
    img[ring] = BRICK[1]


def casting_hall(img, y, hgt, rng):
    hall(img, 122, y + 10, 220, y + 76, C("#5e5a5e"), "saw")
    hall(img, 124, y + 84, 166, y + 106, C("#6a4a3a"), "ridge")
    # open casting floor beside it where the runner ends, ladles waiting
    for lx in (184, 200):
        m = disc_mask(lx, y + 94, 5)
        shade_drop(img, m, 2, 2, 0.5)
        img[m] = STEEL[1]
        img[disc_mask(lx, y + 94, 3.5)] = C("#1a1416")
        img[disc_mask(lx - 0.5, y + 93.5, 1.5)] = C("#3a2420")
        img[m & ~werode(m)] = STEEL[0]


def blast_furnace(img, y, hgt, rng):
    cx, cy = 176, y + 60
    # stoves: a row of domed cylinders feeding hot blast
    for i, sx in enumerate((130, 144, 130, 144)):
        sy = y + 30 + (i // 2) * 16
        m = disc_mask(sx, sy, 6)
        shade_drop(img, m, 3, 4, 0.5)
        lit_blob(img, m, sx, sy, 6, STEEL)
        img[m & ~werode(m)] = STEEL[0]
        img[disc_mask(sx - 1.5, sy - 1.5, 1.2)] = STEEL[4]
    bustle = Seg(150, y + 38, cx - 8, cy)
    img[bustle.band(2)] = STEEL[2]
    img[bustle.band(2) & (bustle.across < -0.5)] = STEEL[3]
    # the furnace: a round steel shell with a platform ring and a glowing top
    ring = disc_mask(cx, cy, 16)
    shade_drop(img, ring, 6, 7, 0.45)
    img[ring] = SOOT[3]
    img[ring & ((np.round(np.arctan2(wrap_dy(YS + 0.5, cy), XS + 0.5 - cx) * 8) % 2) == 0)] = SOOT[2]
    img[ring & ~werode(ring)] = SOOT[0]
    shell = disc_mask(cx, cy, 11)
    lit_blob(img, shell, cx, cy, 11, [RUSTS[0], RUSTS[1], RUSTS[2], RUSTS[3], RUSTS[4]])
    img[shell & ~werode(shell)] = RUSTS[0]
    top = disc_mask(cx, cy, 5)
    img[top] = C("#1a1416")
    img[disc_mask(cx, cy, 3)] = GLOW[0]
    img[disc_mask(cx - 0.5, cy - 0.5, 1.6)] = GLOW[1]
    # skip incline bringing ore up from the stockyard
    skip = Seg(cx + 8, cy + 10, cx + 30, y + hgt + 20)
    img[skip.band(3)] = STEEL[1]
    img[skip.band(3) & ((skip.along % 4) < 1)] = STEEL[3]
    # a dust catcher and two stacks
    dc = disc_mask(206, y + 24, 7)
    shade_drop(img, dc, 4, 5, 0.5)
    lit_blob(img, dc, 206, y + 24, 7, STEEL)
    img[dc & ~werode(dc)] = STEEL[0]
    stack(img, 150, y + 104, 5, 26)
    stack(img, 208, y + 110, 4, 20)


def stockyard(img, y, hgt, rng):
    # ore, coke and limestone heaps under a gantry crane
    n = fbm(W, H, 3, 5130, 2)
    coal = [C("#141418"), C("#1e1e24"), C("#2a2a32"), C("#3a3a44"), C("#4a4a56")]
    lime = [C("#4a4a50"), C("#62605e"), C("#7a7670"), C("#8e8a82"), C("#a09a90")]
    for px, py, rx, ry, col in ((134, 18, 11, 14, RUSTS), (136, 60, 12, 16, coal), (162, 22, 9, 12, lime),
                                (164, 62, 11, 18, RUSTS), (190, 70, 8, 12, coal)):
        d = np.sqrt(((XS + 0.5 - px) / rx) ** 2 + (wrap_dy(YS + 0.5, y + py) / ry) ** 2) + (n - 0.5) * 0.3
        m = d < 1
        shade_drop(img, m, 2, 3, 0.55)
        lit = -((XS + 0.5 - px) / rx + wrap_dy(YS + 0.5, y + py) / ry) * (1 - d) * 2
        lv = np.clip((lit * 2.2 + 2.2 + (BAYER - 0.5) * 0.9).astype(int), 0, 4)
        for k, c in enumerate(col):
            img[m & (lv == k)] = c
    # gantry crane: two rails along the yard, a bridge across it with a trolley
    for rx in (122, 212):
        img[(np.abs(XS + 0.5 - rx) < 0.6) & (np.abs(wrap_dy(YS + 0.5, y + hgt / 2)) < hgt / 2)] = STEEL[3]
    gy = y + 34
    bridge = rect_mask(118, gy, 216, gy + 5)
    sh = np.roll(np.roll(bridge, 8, 0), 6, 1) & ~bridge
    img[sh] = img[sh] * 0.55
    img[bridge] = C("#8a7440")
    img[bridge & ((XS + YS) % 4 == 0)] = C("#5a4a2a")
    img[rect_mask(118, gy, 216, gy + 1)] = C("#a89058")
    for lx in (118, 210):
        img[rect_mask(lx, gy - 2, lx + 6, gy + 7)] = C("#6a5a34")
    trolley = rect_mask(150, gy - 1, 160, gy + 6)
    img[trolley] = SOOT[2]
    img[rect_mask(151, gy, 159, gy + 2)] = SOOT[4]
    # a conveyor from the yard to the skip
    conv = Seg(196, y + 4, 204, y + hgt - 4)
    img[conv.band(1.8)] = STEEL[1]
    img[conv.band(0.8)] = RUSTS[2]


def rolling_mill(img, y, hgt, rng):
    hall(img, 124, y + 8, 206, y + 92, C("#5a5656"), "ridge")
    hall(img, 130, y + 100, 200, y + 140, C("#4e5258"), "saw")
    # roof fans and a rusty water tank on a flat roof section
    for fx, fy in ((140, y + 24), (140, y + 60), (190, y + 40)):
        m = disc_mask(fx, fy, 3)
        img[m] = SOOT[1]
        img[m & ((XS + YS) % 2 == 0)] = SOOT[3]
        img[m & ~werode(m)] = SOOT[0]
    t = disc_mask(214, y + 70, 6)
    shade_drop(img, t, 3, 4, 0.5)
    lit_blob(img, t, 214, y + 70, 6, RUSTS)
    img[t & ~werode(t)] = RUSTS[0]


def stacks_and_gas(img, y, hgt, rng):
    # a gas holder: a big round tank with roof spokes and a guide frame around it
    gx, gy = 150, y + 56
    frame = disc_mask(gx, gy, 24) & ~disc_mask(gx, gy, 22.5)
    img[frame] = STEEL[1]
    holder = disc_mask(gx, gy, 21)
    shade_drop(img, holder, 5, 6, 0.5)
    lit_blob(img, holder, gx, gy, 21, [C("#2e3640"), C("#3a444e"), C("#4a5560"), C("#5a6670"), C("#6a7680")])
    a = np.arctan2(wrap_dy(YS + 0.5, gy), XS + 0.5 - gx)
    spokes = holder & (np.abs(np.sin(a * 8)) < 0.08)
    img[spokes] = img[spokes] * 0.7
    img[holder & ~disc_mask(gx, gy, 14) & disc_mask(gx, gy, 15)] *= 0.75
    img[holder & ~werode(holder)] = STEEL[0]
    img[disc_mask(gx, gy, 2)] = STEEL[4]
    for k in range(12):
        ang = k * math.pi / 6
        px, py = gx + math.cos(ang) * 23.5, gy + math.sin(ang) * 23.5
        img[disc_mask(px, py, 1.4)] = STEEL[0]
    # three stacks in a row, and a small boiler house between them
    hall(img, 186, y + 86, 218, y + 120, C("#5e4a40"), "ridge")
    for sx, sy, r, tall in ((196, y + 18, 5, 28), (212, y + 40, 4, 22), (134, y + 110, 4, 22)):
        stack(img, sx, sy, r, tall)


def draw_works_road(img):
    """a concrete road inside the works wall, with a rack of pipes on its far side."""
    x0 = WORKS_X
    road = (XS >= x0) & (XS < x0 + 8)
    img[road] = C("#4a4a50")
    img[road & ((YS % 16) == 0)] = C("#3a3a40")
    img[road & (BAYER > 0.9)] = C("#56565c")
    for i, col in enumerate((STEEL[2], RUSTS[2], STEEL[3])):
        px = x0 + 8 + i * 2
        p = (XS == px) | (XS == px + 1)
        img[p] = col
        img[p & (XS == px)] = np.minimum(col * 1.3, 255)
        img[p & ((YS % 20) == 0)] = col * 0.6
    img[XS == x0 + 14] = img[XS == x0 + 14] * 0.6


def draw_clutter(img, used, rng):
    """fill the bare ground of the works: sheds, scrap heaps, stacked ingots, drums, small tanks."""
    free = (XS >= WORKS_X + 12) & ~used
    placed = np.zeros((H, W), bool)
    for k in range(400):
        x, y = int(rng.integers(WORKS_X + 14, W - 4)), int(rng.integers(0, H))
        kind = rng.choice(["shed", "shed", "shed", "scrap", "ingots", "drums", "tank"])
        w, h = {"shed": (int(rng.integers(8, 16)), int(rng.integers(6, 12))), "scrap": (8, 7), "ingots": (7, 6),
                "drums": (6, 6), "tank": (8, 8)}[kind]
        m = rect_mask(x, y, x + w, y + h)
        if x + w >= W - 1 or not (free & m).sum() == m.sum() or (wdilate(placed, 2) & m).any():
            continue
        placed |= m
        if kind == "shed":
            col = [C("#5a5254"), C("#6a4c3e"), C("#4e545a"), C("#5e5a4a")][int(rng.integers(4))]
            shade_drop(img, m, 2, 3, 0.5)
            img[m] = col
            if w > h:
                img[m & (wrap_dy(YS + 0.5, y + h / 2) > 0)] = col * 0.78
            else:
                img[m & (XS + 0.5 > x + w / 2)] = col * 0.78
            img[rim(m)] = col * 0.5
        elif kind == "scrap":
            d = m & (fbm(W, H, 2, 5140 + k, 1) > 0.42)
            shade_drop(img, d, 1, 1, 0.6)
            img[d] = RUSTS[0]
            img[d & (BAYER > 0.6)] = RUSTS[2]
            img[d & (BAYER < 0.15)] = STEEL[2]
        elif kind == "ingots":
            for iy in range(2):
                for ix in range(2):
                    b = rect_mask(x + ix * 4, y + iy * 3, x + ix * 4 + 3, y + iy * 3 + 2)
                    shade_drop(img, b, 1, 1, 0.6)
                    img[b] = STEEL[2]
                    img[b & (YS == (y + iy * 3) % H)] = STEEL[4]
        elif kind == "drums":
            shade_drop(img, m, 1, 1, 0.6)
            img[m] = C("#3e3228")
            for dx, dy in ((1.5, 1.5), (4.5, 1.5), (1.5, 4.5), (4.5, 4.5)):
                d = disc_mask(x + dx, y + dy, 1.2)
                img[d] = STEEL[1]
                img[(int(y + dy - 1)) % H, int(x + dx - 1)] = STEEL[3]
        else:
            d = disc_mask(x + 4, y + 4, 4)
            shade_drop(img, d, 2, 2, 0.5)
            lit_blob(img, d, x + 4, y + 4, 4, STEEL)
            img[d & ~werode(d)] = STEEL[0]
