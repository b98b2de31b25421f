"""The ending pictures (one per pilot, 224x160) and the credits backdrop (224x320), painted in
title.png's style: banded dithered skies, rim-lit cumulus, layered silhouettes.

ending_vela:  Vela's glider heads into a sunrise over a river valley while the enemy citadel
              sinks, burning, into the clouds behind her.
ending_brass: Brass's gunship comes in to the harbour quay; a crowd waves under the bunting.
ending_wren:  Wren flies home at dusk over a village with lit windows, her orbs trailing after her.
credits:      a calm moonlit night above the clouds, the middle left clear for scrolling text.
"""
import math

import numpy as np

from bg_scenes import EH, EW, C, Canvas, brass_gunship, ending_canvas, vela_glider, wren_leaf
from pixlib import erode



def rot(pts, cx, cy, ang):
    c, s = math.cos(ang), math.sin(ang)
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in pts]


# ---------------------------------------------------------------- Vela
def falling_citadel(cv, cx, cy, ang, rng):
    """the enemy fortress, tilted and trailing smoke, drawn as a dark violet silhouette."""
    hull = [(-36, 0), (-30, -6), (30, -6), (38, -1), (30, 8), (-28, 8)]
    towers = [[(-22, -6), (-22, -14), (-16, -16), (-14, -6)], [(-6, -6), (-6, -22), (0, -26), (4, -22), (4, -6)],
              [(12, -6), (12, -12), (20, -13), (22, -6)], [(26, -6), (27, -10), (31, -10), (32, -6)]]
    keel = [(-16, 8), (16, 8), (6, 14), (-8, 14)]
    shapes = [hull, keel] + towers

    def tr(pts):
        return rot([(cx + x * 1.15, cy + y * 1.15) for x, y in pts], cx, cy, ang)

    body = np.zeros((cv.h, cv.w), bool)
    for sh in shapes:
        body |= cv.poly(tr(sh))
    # smoke first, behind: puffs rising and drifting left with the wind
    for k, (sx, sy) in enumerate(((-4, -20), (16, -10), (-24, -10))):
        px, py = tr([(sx, sy)])[0]
        for i in range(9):
            r = 3 + i * 1.1
            qx, qy = px - i * 3.2 + math.sin(i + k) * 2, py - i * 4.2
            puff = cv.ell(qx, qy, r, r * 0.85)
            shade = cv.ell(qx + r * 0.3, qy + r * 0.3, r * 0.9, r * 0.8)
            cv.fill(puff, C("#6a6080") if i > 2 else C("#4a4058"))
            cv.fill(puff & shade, C("#564e6c") if i > 2 else C("#3a3248"))
            cv.fill(puff & ~np.roll(np.roll(puff, 1, 0), 1, 1), C("#8a7e98"))
    cv.fill(body, C("#362e58"))
    lit = body & ~np.roll(np.roll(body, 2, 0), 1, 1)
    cv.fill(lit, C("#5a4e84"))
    cv.fill(body & ~erode(body) & ~lit, C("#241e40"))
    # gold trim along the deck edge and the fire where it broke
    for x in range(-30, 32, 3):
        gx, gy = tr([(x, -5)])[0]
        cv.img[int(gy), int(gx)] = C("#c8a650")
    for fx, fy in ((-4, -7), (14, -7), (24, 2), (-20, 4)):
        gx, gy = tr([(fx, fy)])[0]
        cv.fill(cv.ell(gx, gy, 2.4, 2.0), C("#e05a20"))
        cv.fill(cv.ell(gx - 0.4, gy - 0.4, 1.2, 1.0), C("#ffd84a"))
    # a chunk that has broken off and tumbles below
    chunk = cv.poly(rot([(cx + 40, cy + 22), (cx + 47, cy + 20), (cx + 49, cy + 26), (cx + 42, cy + 28)],
                        cx + 44, cy + 24, 0.6))
    cv.fill(chunk, C("#2a2448"))
    cv.fill(chunk & ~np.roll(chunk, 1, 0), C("#4a4078"))
    return body


def ending_vela():
    rng = np.random.default_rng(7001)
    cv = ending_canvas([(0.0, C("#1c2a5e")), (0.16, C("#24407a")), (0.32, C("#2e5c96")), (0.46, C("#4a7eb0")),
                        (0.58, C("#7aa4c8")), (0.68, C("#b6c4d2")), (0.78, C("#e8c8a8")), (0.88, C("#f2a878")),
                        (1.0, C("#f6c07a"))], y1=112)
    cv.stars(rng, 16, 0, 22)
    # the sun rising in the notch of the valley, with faint rays
    sx, sy = 190, 104
    a = np.arctan2(cv.Y - sy, cv.X - sx)
    d = np.hypot(cv.X - sx, cv.Y - sy)
    rays = (np.floor(a * 9) % 2 == 0) & (d < 110) & (d > 20) & (cv.bay > 0.55) & (cv.Y < 100)
    cv.img[rays] = cv.img[rays] * 0.82 + C("#ffe2b0") * 0.18
    cv.glow(sx, sy, [30, 22, 15], [C("#f8c890"), C("#ffd89a"), C("#ffe8b8")])
    cv.fill(cv.ell(sx, sy, 10), C("#fff6dc"))
    # the citadel sinks into a bank of cloud on the left
    falling_citadel(cv, 46, 58, -0.3, rng)
    cv.clouds([(-6, 76, 46, 12), (40, 80, 42, 10), (86, 88, 34, 8), (4, 70, 26, 8), (70, 76, 18, 6)],
              C("#d8c8dc"), C("#a898c0"), C("#fff0e0"), C("#8878a8"), 7002, low=C("#e8c4c0"), low_y=82)
    cv.clouds([(206, 60, 30, 9), (236, 52, 26, 10)], C("#e0d0e0"), C("#b0a0c8"), C("#ffffff"), C("#9088b0"), 7003)
    # mountains and the valley, cool in the dawn shadow with warm rims facing the sun
    xs = np.arange(EW) + 0.5
    fl = 100 + 8 * np.sin(xs / 21 + 0.5) + 4 * np.sin(xs / 7 + 1.0) - 10 * np.sin(xs / 60 + 1.9)
    fl += np.exp(-((xs - sx) / 30) ** 2) * 14  # the notch the sun rises in
    far = cv.Y > fl[None, :]
    cv.img[far] = C("#8a7aa8")
    cv.img[far & ~np.roll(far, 1, 0) & (cv.X > 100)] = C("#f0b890")
    mid, ml = cv.ridge(116, [(7, 17, 2.2), (3, 6, 0.3), (6, 40, 4.0)], C("#5e5688"))
    cv.img[mid & ~np.roll(mid, 1, 0) & (cv.X > 110)] = C("#c08a8a")
    # river winding from the sunlit notch towards us, catching the light
    ry = np.arange(EH) + 0.5
    river_x = sx - 10 - (ry - 112) * 1.1 + np.sin(ry / 7.0) * (ry - 100) * 0.25
    width = np.clip((ry - 108) * 0.22, 0.5, 12)
    river = (np.abs(cv.X - river_x[:, None]) < width[:, None]) & (cv.Y > 112)
    near, nl = cv.ridge(134, [(5, 13, 1.0), (3, 5, 2.0), (8, 50, 0.7)], C("#3a3a6a"))
    fields = mid & ~near
    stripes = fields & (np.sin(cv.X * 0.3 + cv.Y * 1.4) > 0.6)
    cv.img[stripes] = C("#54507e")
    cv.img[river & mid] = C("#e8b888")
    cv.img[river & mid & (cv.bay > 0.7)] = C("#fff0c8")
    cv.img[river & near] = C("#c89080")
    # a few trees and a farmhouse on the near slope
    for tx, ty, r in ((22, 132, 5), (30, 135, 4), (200, 130, 6), (190, 134, 4), (120, 138, 4)):
        t = cv.ell(tx, ty, r, r * 1.1)
        cv.fill(t, C("#28284e"))
        cv.fill(t & ~np.roll(np.roll(t, 2, 0), -1, 1), C("#4a4470"))
    cv.fill(cv.poly([(150, 134), (156, 129), (162, 134), (162, 140), (150, 140)]), C("#2c2a50"))
    cv.img[136:138, 153:155] = C("#ffd27a")
    fg, _ = cv.ridge(148, [(4, 19, 0.2), (2, 6, 1.1)], C("#1e1e3c"))
    # Vela's glider, flying right into the sunrise, with faint speed lines behind it
    cv.speed_lines([(76, 56, 96), (84, 48, 86), (94, 60, 92)])
    cv.sprite(vela_glider(flip=True), 90, 58)
    return cv.out()


# ---------------------------------------------------------------- Brass
def ending_brass():
    rng = np.random.default_rng(7101)
    cv = ending_canvas([(0.0, C("#34649e")), (0.25, C("#4a7eb0")), (0.5, C("#6a9cc8")), (0.72, C("#9cc0dc")),
                        (0.88, C("#d0dce0")), (1.0, C("#f0e2c0"))], y1=88)
    cv.clouds([(-4, 30, 40, 14), (30, 22, 28, 12), (58, 34, 26, 9)], C("#eef0f6"), C("#b8c0dc"), C("#ffffff"),
              C("#8c94bc"), 7102)
    cv.clouds([(196, 18, 34, 11), (226, 28, 26, 12)], C("#eef0f6"), C("#b8c0dc"), C("#ffffff"), C("#8c94bc"), 7103)
    # the town across the harbour: hills, houses with bright roofs, a church, cranes and a lighthouse
    hill, hl = cv.ridge(72, [(5, 23, 0.4), (3, 9, 2.0), (6, 60, 1.0)], C("#7a9a8a"))
    cv.img[hill & (cv.Y > hl[None, :] + 4)] = C("#6a8a7c")
    walls = [C("#e8dcc8"), C("#d8c8b0"), C("#f0e8d8"), C("#c8c0b8")]
    roofs = [C("#c05a44"), C("#a84a3a"), C("#6a6a7a"), C("#d07a4a")]
    for k in range(26):
        bx = int(rng.integers(-2, EW - 6))
        if 150 < bx < 176:
            continue
        base = int(hl[min(EW - 1, max(0, bx + 3))]) + int(rng.integers(2, 10))
        w, h = int(rng.integers(5, 9)), int(rng.integers(4, 7))
        cv.img[max(0, base - h):base, max(0, bx):bx + w] = walls[k % 4]
        cv.img[max(0, base - h - 2):base - h + 1, max(0, bx):bx + w] = roofs[(k * 7) % 4]
        if k % 3 == 0:
            cv.img[base - h + 2, max(0, bx + 1):bx + 2] = C("#5a6a7a")
    cv.img[48:66, 120:124] = C("#e8dcc8")  # church tower
    cv.fill(cv.poly([(119, 49), (122, 40), (125, 49)]), C("#6a6a7a"))
    cv.img[54, 121:123] = C("#5a6a7a")
    # the quay wall along the far shore, cranes like the ones in the docks
    cv.img[84:90, :] = C("#8a8a86")
    cv.img[84, :] = C("#c4c0b4")
    for cx in (24, 70):
        cv.img[56:84, cx:cx + 2] = C("#d6a42c")
        cv.img[56:58, cx - 10:cx + 18] = C("#d6a42c")
        cv.img[58:62, cx + 14] = C("#5a4a2a")
    # lighthouse on the breakwater at the right
    cv.img[86:90, 150:224] = C("#7a7a76")
    cv.img[86, 150:224] = C("#b4b0a4")
    lh = cv.poly([(198, 86), (200, 56), (206, 56), (208, 86)])
    cv.fill(lh, C("#f0ece4"))
    cv.fill(lh & ((cv.Y // 6) % 2 == 0), C("#c04a3a"))
    cv.fill(lh & (cv.X > 204), C("#d8d0c4"))
    cv.fill(lh & (cv.X > 204) & ((cv.Y // 6) % 2 == 0), C("#9a3a30"))
    cv.img[50:56, 199:207] = C("#2c2c30")
    cv.img[51:55, 200:206] = C("#ffe8a0")
    cv.fill(cv.poly([(198, 50), (203, 45), (208, 50)]), C("#2c2c30"))
    # the harbour water: flat bands getting deeper towards us, with rows of ripple highlights
    water = cv.Y > 90
    bands = [C("#7aa8c8"), C("#5a90b6"), C("#4a80a6"), C("#3a6e96"), C("#2d5d88")]
    k = np.clip(((cv.Y - 90) / 10).astype(int), 0, 4)
    for i, c in enumerate(bands):
        cv.img[water & (k == i)] = c
    rip = water & (cv.Y.astype(int) % 3 == 0) & (np.sin(cv.X * (0.35 - (cv.Y - 90) * 0.005) + cv.Y * 2.1) > 0.55)
    cv.img[rip] = cv.img[rip] * 0.6 + C("#c8e0ec") * 0.4
    return _brass_rest(cv, rng, water)


def _brass_rest(cv, rng, water):
    # (ending_brass is split in two so that each function stays readable)
    glint = water & (cv.Y.astype(int) % 4 == 1) & (np.sin(cv.X * 0.21 + cv.Y * 3.3) > 0.985)
    cv.img[glint] = C("#f0f8fa")
    # the gunship settles on the water, waterline foam, a bow wave and a wake behind it
    wl = 121
    below = cv.img.copy()
    cv.sprite(brass_gunship(), 102, 82)
    sub = (cv.Y > wl) & (cv.X > 100) & (cv.X < 200)
    refl = np.zeros_like(cv.img)
    for dy in range(1, 14):  # the hull mirrored in the water, broken into rows
        if wl - dy >= 0 and wl + dy < cv.h:
            refl[wl + dy] = cv.img[wl - dy]
    changed = sub & np.any(np.abs(refl - below) > 1, axis=2) & (cv.Y.astype(int) % 2 == 0)
    cv.img[sub] = below[sub]
    cv.img[changed] = below[changed] * 0.55 + refl[changed] * 0.45
    shadow = cv.ell(152, wl + 3, 40, 4) & (cv.Y > wl)
    cv.img[shadow] = cv.img[shadow] * 0.7
    cv.img[shadow & ((cv.Y.astype(int) - wl) % 2 == 0) & (cv.bay > 0.5)] = C("#c8a04a") * 0.5 + C("#2d5d88") * 0.5
    foam = cv.ell(152, wl + 0.5, 42, 1.8) & ~cv.ell(152, wl - 0.5, 38, 1.0)
    cv.img[foam & (cv.bay > 0.25)] = C("#f0f6fa")
    for side in (-1, 1):
        t = np.linspace(0, 1, 60)
        for x, y in zip(192 + t * 32, wl + side * (1 + t * 5) + 1):
            if 0 <= int(y) < cv.h and int(x) < cv.w:
                cv.img[int(y), int(x)] = C("#dcecf4")
    for k in range(22):  # spray at the bow
        ang = rng.uniform(math.pi * 0.6, math.pi * 1.2)
        r = rng.uniform(2, 9)
        x, y = 110 + math.cos(ang) * r, wl - 1 + math.sin(ang) * r * 0.6 - rng.uniform(0, 3)
        cv.img[int(y), int(x)] = C("#ffffff") if k % 3 else C("#c0dcec")
    # the quay in the foreground, hung with bunting, packed with a waving crowd
    cv.img[134:, :] = C("#9a968c")
    cv.img[134, :] = C("#c8c4b6")
    cv.img[135:137, :] = C("#7a766e")
    for bx in (4, 98):
        cv.img[92:138, bx:bx + 2] = C("#4a3a2e")
        cv.img[92, bx:bx + 2] = C("#d8b860")
    flags = [C("#c84a3a"), C("#e8c050"), C("#3a6ab0"), C("#f0ece0"), C("#4a9a5a")]
    for string, (y0, sag) in enumerate(((94, 9), (100, 7))):
        for i, x in enumerate(range(6, 98)):
            t = (x - 6) / 92.0
            y = y0 + sag * 4 * t * (1 - t)
            cv.img[int(y), x] = C("#3a3030")
            if (x - 6) % 6 == 2:
                c = flags[(i // 6 + string * 2) % len(flags)]
                cv.fill(cv.poly([(x - 2, int(y) + 1), (x + 3, int(y) + 1), (x + 0.5, int(y) + 6)]), c)
    clothes = [C("#b84a3a"), C("#3a5a9a"), C("#d8c8a0"), C("#5a8a5a"), C("#8a5a8a"), C("#c88a3a"), C("#4a4a5a"),
               C("#e0e0d8")]
    hair = [C("#3a2a22"), C("#8a5a2a"), C("#d8b070"), C("#1e1a1a"), C("#a04a2a"), C("#b0b0b0")]
    skin = [C("#f0c8a0"), C("#d8a478"), C("#a87450"), C("#7a5034")]
    # the back of the crowd: a mass of heads and shoulders
    for x in range(0, cv.w, 3):
        y = 141 + int(rng.integers(-1, 2))
        cv.img[y + 2:150, x:x + 3] = clothes[int(rng.integers(len(clothes)))] * 0.6
        cv.img[y:y + 2, x:x + 2] = hair[int(rng.integers(len(hair)))] * 0.7
    # the front row: people with their backs to us, waving at the ship
    x = 1
    while x < cv.w - 2:
        yb = 150 + int(rng.integers(-1, 2))
        col = clothes[int(rng.integers(len(clothes)))]
        body = cv.poly([(x, yb + 11), (x + 0.5, yb + 2), (x + 6.5, yb + 2), (x + 7, yb + 11)])
        cv.fill(body, col)
        cv.fill(body & (cv.X > x + 4.5), col * 0.8)
        cv.fill(body & (cv.Y < yb + 3), col * 1.1)
        head = cv.ell(x + 3.5, yb - 0.5, 2.3, 2.6)
        cv.fill(head, hair[int(rng.integers(len(hair)))])
        cv.img[yb - 1:yb + 1, min(cv.w - 1, x + 5)] = skin[int(rng.integers(len(skin)))]  # an ear
        r = rng.random()
        if r < 0.5:  # a raised, waving arm
            ax = x if rng.random() < 0.5 else x + 6
            cv.img[yb - 6:yb + 3, ax] = col * 0.9
            cv.img[yb - 7:yb - 5, ax] = skin[int(rng.integers(len(skin)))]
        elif r < 0.65:  # a little flag on a stick
            cv.img[yb - 9:yb, x + 5] = C("#3a3030")
            cv.img[yb - 9:yb - 6, x + 6:min(cv.w, x + 10)] = flags[int(rng.integers(len(flags)))]
        elif r < 0.75:  # a hat
            cv.img[yb - 3:yb - 1, x + 1:x + 6] = C("#2c2a30")
            cv.img[yb - 1, x:x + 7] = C("#2c2a30")
        x += 7 + int(rng.integers(0, 3))
    # confetti in the air and gulls wheeling overhead
    for k in range(70):
        x, y = int(rng.integers(0, 110)), int(rng.integers(40, 132))
        cv.img[y, x] = flags[k % len(flags)]
    for gx, gy in ((150, 30), (166, 38), (86, 16), (138, 50)):
        for dx, dy in ((-2, -1), (-1, 0), (0, 0), (1, 0), (2, -1)):
            cv.img[gy + dy, gx + dx] = C("#f8f8f8") if dy == 0 else C("#d8dce0")
    return cv.out()


def cottage(cv, x, base, w, h, roof_h, wall, roof, lit, rng):
    """a village house in silhouette against the dusk: pitched roof, chimney, lit windows."""
    cv.img[base - h:base, x:x + w] = wall
    cv.fill(cv.poly([(x - 1, base - h + 0.5), (x + w / 2, base - h - roof_h), (x + w + 1, base - h + 0.5)]), roof)
    cx = x + w - 3
    cv.img[base - h - roof_h:base - h - 1, cx:cx + 2] = roof
    for wx in range(x + 2, x + w - 2, 4):
        if rng.random() < 0.7:
            cv.img[base - h + 2:base - h + 4, wx:wx + 2] = lit
    return cx, base - h - roof_h


def ending_wren():
    rng = np.random.default_rng(7201)
    cv = ending_canvas([(0.0, C("#1a1838")), (0.18, C("#262452")), (0.34, C("#3a3068")), (0.5, C("#5a3c7c")),
                        (0.64, C("#86487e")), (0.76, C("#b05a7a")), (0.88, C("#e07a6a")), (1.0, C("#f0a070"))], y1=118)
    cv.stars(rng, 40, 0, 50)
    # a crescent moon
    moon = cv.crescent(36, 26, 9, (40, 23, 8), C("#f4ecc8"), halo=([16, 12], [C("#2e2c62"), C("#3a3872")]))
    cv.fill(moon & (cv.X < 30), C("#fff8e0"))
    # long thin clouds lit pink from below by the set sun
    cv.lit_bands([(150, 62, 50), (60, 78, 44), (190, 86, 30)], C("#9a5a8a"), C("#f0a08a"), 2.4, (0.4, 2, 2.0))
    # hills: distant, middle, and the village's own hill
    cv.ridge(112, [(6, 29, 0.5), (3, 11, 2.0), (8, 70, 1.0)], C("#5a3e72"))
    cv.ridge(122, [(5, 19, 1.5), (3, 8, 0.2), (6, 50, 3.0)], C("#3e305e"))
    hill, hl = cv.ridge(130, [(4, 31, 0.8), (2, 9, 1.0)], C("#2a2448"))
    # the village: cottages, a church with a spire, a mill by a stream, chimney smoke curling up
    wall, roof, lit = C("#3a3058"), C("#221c3a"), C("#ffd27a")
    chimneys = []
    for x, w, h, rh in ((18, 12, 7, 5), (34, 10, 6, 5), (52, 14, 8, 6), (112, 11, 7, 5), (128, 13, 6, 5),
                        (146, 10, 7, 4), (164, 14, 8, 6), (184, 11, 6, 5), (200, 14, 7, 6)):
        base = int(hl[min(EW - 1, x + w // 2)]) + 5
        chimneys.append(cottage(cv, x, base, w, h, rh, wall, roof, lit, rng))
    cx, base = 86, int(hl[86]) + 6
    cv.img[base - 12:base, cx - 7:cx + 7] = wall
    cv.fill(cv.poly([(cx - 8, base - 11.5), (cx, base - 18), (cx + 8, base - 11.5)]), roof)
    cv.img[base - 26:base - 10, cx - 2:cx + 2] = roof
    cv.fill(cv.poly([(cx - 3, base - 25.5), (cx, base - 36), (cx + 3, base - 25.5)]), roof)
    cv.img[base - 22:base - 20, cx - 1:cx + 1] = C("#e8c06a")
    cv.img[base - 8:base - 4, cx - 1:cx + 1] = lit
    for k, (sx, sy) in enumerate(chimneys[::2]):
        for i in range(6):
            px = sx + 1 + i * 1.6 + math.sin(i * 1.3 + k) * 1.5
            py = sy - 2 - i * 3
            r = 1.2 + i * 0.35
            puff = cv.ell(px, py, r, r * 0.8)
            cv.img[puff] = cv.img[puff] * 0.55 + C("#b8a0c8") * 0.45
    # the foreground: a lane with lanterns and a fence, dark trees at the sides
    fg, fl = cv.ridge(146, [(3, 23, 0.3), (2, 7, 2.0)], C("#1a1632"))
    lane = fg & (np.abs(cv.X - (112 + (cv.Y - 146) * 2.2)) < (cv.Y - 140) * 0.9)
    cv.fill(lane, C("#2e2646"))
    for lx in (92, 138, 176):
        ly = int(fl[lx]) + 1
        cv.img[ly - 9:ly, lx] = C("#100e1e")
        cv.glow(lx + 0.5, ly - 10, [5, 3], [C("#4a3a4a"), C("#8a6a4a")])
        cv.img[ly - 11:ly - 9, lx - 1:lx + 2] = C("#ffe08a")
    for fx in range(0, 80, 5):
        fy = int(fl[fx])
        cv.img[fy - 4:fy + 1, fx] = C("#100e1e")
    for tx, ty, r in ((8, 128, 12), (22, 136, 9), (214, 124, 14), (198, 134, 9)):
        t = cv.ell(tx, ty, r, r * 1.2)
        cv.fill(t, C("#15122a"))
        cv.fill(t & ~np.roll(np.roll(t, 2, 0), 2, 1), C("#2a2448"))
    # Wren on her leaf, flying home from the right; her homing orbs trail after her like fireflies
    path = [(170 + i * 7, 44 - i * 3.2 + math.sin(i * 0.9) * 4) for i in range(8)]
    for i, (ox, oy) in enumerate(path):
        r = 2.6 - 0.25 * i
        cv.glow(ox, oy, [r + 2.5, r + 1], [C("#5a6a8a"), C("#9ad0a0")])
        cv.fill(cv.ell(ox, oy, r * 0.6), C("#f0fff0"))
    cv.sprite(wren_leaf(), 96, 26)
    return cv.out()


def credits():
    """a calm night over a sea of cloud; stars thin out and dim towards the middle, where the
    credits scroll, and the moon and the cloud tops keep to the edges."""
    rng = np.random.default_rng(7301)
    cv = Canvas(224, 320)
    cv.sky([(0.0, C("#0a0a1e")), (0.2, C("#0e1028")), (0.45, C("#121634")), (0.7, C("#161e42")),
            (0.85, C("#1c2850")), (1.0, C("#24345e"))], dither=0.7, y1=300)
    calm = cv.ell(112, 160, 84, 110)
    cv.stars(rng, 90, 0, 300, avoid=calm)
    for k in range(24):  # a few faint stars in the middle, never bright enough to fight the text
        x, y = int(rng.integers(30, 194)), int(rng.integers(50, 270))
        cv.img[y, x] = cv.img[y, x] * 0.5 + C("#8890b8") * 0.5
    # the moon, high in a corner, with a soft halo
    cv.full_moon(192, 34, 11, C("#e8e4d0"), C("#b8b4b0"), 2, 1,
                 halo=([30, 22, 16], [C("#141a3c"), C("#1a2248"), C("#222c56")]),
                 craters=[(188, 30, 2.5), (196, 38, 2), (190, 40, 1.5)], crater_col=C("#c8c4b8"))
    # wisps at the top corners and the moonlit cloud sea at the bottom
    cv.clouds([(-10, 70, 40, 6), (20, 76, 26, 4)], C("#2a3460"), C("#20284e"), C("#4a5888"), C("#1a2044"), 7302,
              wobble=0.6)
    cv.clouds([(236, 112, 36, 5), (210, 118, 22, 4)], C("#2a3460"), C("#20284e"), C("#4a5888"), C("#1a2044"),
              7303, wobble=0.6)
    cv.clouds([(-8, 294, 30, 18), (24, 302, 26, 14), (54, 296, 24, 18), (90, 306, 28, 12), (124, 300, 22, 16),
               (158, 306, 28, 13), (194, 292, 26, 20), (230, 298, 22, 16), (112, 330, 150, 20)],
              C("#34406e"), C("#262e58"), C("#8a9ac8"), C("#1e2448"), 7304, low=C("#2e3864"), low_y=312)
    # a faint, far airship crossing the moon's halo: the only thing moving in the night
    ship = cv.ell(150, 58, 9, 2.6)
    ship |= (cv.X > 140) & (cv.X < 143) & (np.abs(cv.Y - 58) < 4)
    cv.fill(ship, C("#10142e"))
    cv.img[60, 150] = C("#ffd27a")
    return cv.out()
