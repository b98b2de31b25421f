"""Stage 6 ground, "Sky Citadel": the deck of the enemy's floating fortress.

Riveted steel plates with gold trim, hangar doors with hazard borders, gun-deck rings (empty:
the guns themselves are enemies drawn on top), engine vents with a dim violet glow, a command
block, a landing pad and grated walkways. The deck's edge is cut by bays and bridged by girders;
through the gaps the cloud sea shows far below, with the fortress's own shadow on it.
"""
import math

import numpy as np

from bg_common import (BAYER, H, W, XS, YS, C, Seg, disc_mask, fbm, mute, rect_mask, rim, shade_drop,
                       wdilate, werode, wrap_dy)

STEEL = [C("#17161f"), C("#201e2c"), C("#2a2838"), C("#343146"), C("#3f3b54"), C("#4c4862"), C("#5e5a76")]
VIOLET = [C("#2c2240"), C("#3e2e5a"), C("#54407a"), C("#7a62a4")]
GOLD = [C("#4e3c1e"), C("#7a5e2a"), C("#a2823a"), C("#c8a650"), C("#e0c67a")]
CLOUD = [C("#222450"), C("#2e3264"), C("#40467a"), C("#5a6094"), C("#7a80ae"), C("#9ea2c8"), C("#c2c4de")]

T = 2 * math.pi / H
# bays cut into the deck's edge: (y, side, depth, half height)
BAYS = [(186, -1, 34, 26), (316, -1, 34, 30), (316, 1, 34, 30), (444, 1, 30, 22), (578, -1, 42, 30),
        (578, 1, 42, 30), (60, 1, 22, 16)]


def bump(y, cy, half):
    d = np.abs(wrap_dy(y, cy)) / half
    return np.clip(1.5 - d, 0, 1) ** 0.5 * (d < 1.5)


def hull_mask():
    y = YS + 0.5
    left = 10 + 3 * np.sin(T * y * 3 + 0.4) * 0
    right = np.full_like(left, W - 10.0)
    for by, side, depth, half in BAYS:
        b = bump(y, by, half) * depth
        # the bays are stepped, the way plating is cut, not smooth
        b = np.round(b / 4) * 4
        if side < 0:
            left = left + b
        else:
            right = right - b
    return (XS + 0.5 > left) & (XS + 0.5 < right), left, right


def cloud_sea():
    """the clouds far below: soft billows, darker in their folds."""
    n = fbm(W, H, 32, 6101, 4)
    n2 = fbm(W, H, 8, 6102, 2)
    v = n * 0.8 + n2 * 0.2
    lit = v - np.roll(np.roll(v, 3, 0), 3, 1)
    k = np.clip((v - 0.25) * 9 + lit * 30 + (BAYER - 0.5) * 0.9, 0, len(CLOUD) - 1).astype(int)
    img = np.zeros((H, W, 3))
    for i, c in enumerate(CLOUD):
        img[k == i] = c
    return img


def stage6():
    rng = np.random.default_rng(606)
    img = cloud_sea()
    hull, left, right = hull_mask()
    # the fortress's shadow on the clouds, far below and offset
    far = np.roll(np.roll(hull, 26, 0), 18, 1)
    far[:, :18] = True
    img[far & ~hull] = img[far & ~hull] * 0.55 + CLOUD[0] * 0.3
    # the hull's flank below the deck edge: lit on the left, dark on the right
    flank = wdilate(hull, 5) & ~hull
    fl = flank & (XS + 0.5 < (left + right) / 2)
    fr = flank & ~fl
    depth = np.zeros((H, W))
    cur = hull.copy()
    for i in range(1, 6):
        nxt = wdilate(cur, 1)
        depth[nxt & ~cur] = i
        cur = nxt
    img[fl] = STEEL[3]
    img[fl & (depth >= 3)] = STEEL[2]
    img[fl & (depth >= 5)] = STEEL[1]
    img[fr] = STEEL[1]
    img[fr & (depth >= 3)] = STEEL[0]
    img[flank & (depth == 2) & ((YS % 6) == 0)] = GOLD[1]  # a line of portholes in the flank
    img[flank & (np.roll(flank, -1, 0) ^ flank) & (depth <= 2)] = STEEL[2]
    draw_girders(img, hull, left, right)
    draw_plates(img, hull, rng)
    # the deck's edge: an armoured rim with a gold trim line inside it
    edge = hull & ~werode(hull)
    img[edge] = STEEL[6]
    inner = werode(hull) & ~werode(werode(werode(hull)))
    img[inner & ~edge] = STEEL[0]
    trim = werode(werode(werode(hull))) & ~werode(werode(werode(werode(hull))))
    img[trim] = GOLD[2]
    img[trim & ((YS + XS) % 6 == 0)] = GOLD[4]
    draw_spine(img)
    before = img.copy()
    draw_hangars(img, 8, 104)
    draw_gun_deck(img, 120, 128)
    draw_engines(img, 252, 128)
    draw_command(img, 382, 134)
    draw_hangars(img, 520, 112, single=True)
    draw_nacelles(img, hull)
    draw_markings(img, before)
    used = wdilate(np.any(img != before, axis=2), 3)
    draw_vents_small(img, hull & ~used, rng)
    return mute(img, 0.06, (60, 56, 80))


# ---------------------------------------------------------------- plating
def draw_plates(img, hull, rng):
    """rows of riveted plates of varied width and tone, seams dark, rivets bright, weathered."""
    weather = fbm(W, H, 10, 6110, 3)
    streak = fbm(W, H, 2, 6111, 1)
    heights = [24, 16, 20, 20] * 8
    assert sum(heights) == H
    y0 = 0
    for row_h in heights:
        x = -int(rng.integers(0, 30))
        while x < W:
            w = int(rng.integers(22, 46))
            m = rect_mask(max(0, x), y0, min(W, x + w), y0 + row_h) & hull
            tone = int(rng.integers(3, 6))
            img[m] = STEEL[tone]
            img[m & (weather > 0.6)] = STEEL[tone - 1]
            img[m & (weather < 0.35) & (BAYER > 0.5)] = STEEL[min(6, tone + 1)]
            # seams: dark on the bottom and right, a thin bright lip top and left
            img[m & (YS == y0 + row_h - 1)] = STEEL[0]
            img[m & (XS == x + w - 1)] = STEEL[0]
            img[m & (YS == y0)] = STEEL[min(6, tone + 1)]
            riv = m & (((YS == y0 + 2) | (YS == y0 + row_h - 3)) & ((XS - x) % 5 == 2))
            riv |= m & (((XS == x + 2) | (XS == x + w - 3)) & ((YS - y0) % 5 == 2))
            img[riv] = STEEL[min(6, tone + 2)]
            x += w
        y0 += row_h
    # oil and soot streaks trailing behind (down) from things
    dirty = hull & (streak > 0.7) & (np.abs(np.sin(XS * 1.3)) > 0.5)
    img[dirty] *= 0.85


def girder(img, g, horizontal):
    """one truss girder over the void: two chords and zigzag bracing, its shadow far below."""
    sh = np.roll(np.roll(g, 26, 0), 18, 1) & ~g
    img[sh] = img[sh] * 0.6 + CLOUD[0] * 0.25
    lo = (YS if horizontal else XS)
    k = lo - lo[g].min() if g.any() else lo
    along = XS if horizontal else YS
    chord = g & ((k == 0) | (k == 4))
    diag = g & ((((along - k) % 8) == 0) | (((along + k) % 8) == 0))
    img[g & ~chord & ~diag] = img[g & ~chord & ~diag] * 0.7
    img[diag] = STEEL[3]
    img[chord & (k == 0)] = STEEL[6]
    img[chord & (k == 4)] = STEEL[2]


def draw_girders(img, hull, left, right):
    """each bay is closed on its open side by a girder running along the hull line, tied back to
    the deck by two cross girders."""
    for by, side, depth, half in BAYS:
        span = np.abs(wrap_dy(YS + 0.5, by)) < half * 1.5
        xo = 10 if side < 0 else W - 15
        g = span & (XS >= xo) & (XS < xo + 5) & ~hull
        girder(img, g, False)
        for gy in (by - half * 0.5, by + half * 0.5):
            gy = int(gy)
            c = rect_mask(0, gy, W, gy + 5) & ~hull & ~g
            c &= (XS > xo) if side < 0 else (XS < xo)
            c &= np.abs(XS + 0.5 - xo) < depth + 6
            girder(img, c, True)


def draw_spine(img):
    """the central walkway running the length of the deck: grating between two gold-capped kerbs."""
    x0, x1 = 106, 118
    walk = (XS >= x0) & (XS < x1)
    img[walk] = STEEL[1]
    img[walk & (((XS + YS) % 3) == 0)] = STEEL[3]
    img[walk & (((XS - YS) % 3) == 0)] = STEEL[2]
    for x in (x0 - 1, x1):
        img[XS == x] = GOLD[1]
        img[(XS == x) & (YS % 8 == 0)] = GOLD[3]
    img[(XS == x1 + 1)] *= 0.7
    # guide lights either side of the walkway
    for x in (x0 - 3, x1 + 2):
        img[(XS == x) & (YS % 16 == 8)] = GOLD[4]
        img[(XS == x) & (YS % 16 == 9)] = GOLD[1]


# ---------------------------------------------------------------- sections
def hazard_frame(img, m, width=2):
    ring = m & ~werode(m)
    for _ in range(width - 1):
        ring |= m & ~werode(werode(m))
    stripes = ((XS + YS) // 3) % 2 == 0
    img[ring & stripes] = GOLD[2]
    img[ring & ~stripes] = STEEL[0]
    return ring


def draw_hangars(img, y, hgt, single=False):
    """hangar doors: two sliding leaves with ribs, a hazard-striped frame and guide rails."""
    doors = [(40, 100), (124, 184)] if not single else [(62, 162)]
    for x0, x1 in doors:
        m = rect_mask(x0, y + 8, x1, y + hgt - 8)
        # guide rails the leaves slide along
        rails = rect_mask(x0 - 10, y + 10, x1 + 10, y + 12) | rect_mask(x0 - 10, y + hgt - 12, x1 + 10, y + hgt - 10)
        img[rails] = STEEL[1]
        img[rails & (XS % 4 == 0)] = STEEL[4]
        img[m] = STEEL[2]
        ly = (YS - y) % H
        img[m & (ly % 8 == 0)] = STEEL[1]
        img[m & (ly % 8 == 1)] = STEEL[4]
        mid = (x0 + x1) // 2
        img[m & (np.abs(XS + 0.5 - mid) < 1)] = STEEL[0]
        img[m & (XS == mid + 1)] = STEEL[4]
        # big painted numerals: a chevron on each leaf
        for cx in ((x0 + mid) / 2, (mid + x1) / 2):
            chev = m & (np.abs(np.abs(XS + 0.5 - cx) - (wrap_dy(YS + 0.5, y + hgt / 2) + 6) * 0.8) < 1.6)
            chev &= np.abs(wrap_dy(YS + 0.5, y + hgt / 2)) < 10
            img[chev] = VIOLET[1]
        hazard_frame(img, m)
        img[rim(wdilate(m, 1)) & ~m] = STEEL[0]


def turret_ring(img, cx, cy, r):
    """an empty gun mount: a raised round platform, gold ring, radial plates, a dark barbette."""
    base = disc_mask(cx, cy, r)
    shade_drop(img, base, 3, 3, 0.5)
    a = np.arctan2(wrap_dy(YS + 0.5, cy), XS + 0.5 - cx)
    img[base] = STEEL[4]
    img[base & ((np.floor((a + math.pi) / (math.pi / 6)) % 2) == 0)] = STEEL[3]
    lit = np.cos(a + 2.36)
    img[base & ~werode(base) & (lit > 0)] = STEEL[6]
    img[base & ~werode(base) & (lit <= 0)] = STEEL[1]
    ring = disc_mask(cx, cy, r - 3) & ~disc_mask(cx, cy, r - 4.2)
    img[ring] = GOLD[2]
    img[ring & (lit > 0.5)] = GOLD[4]
    img[ring & (lit < -0.5)] = GOLD[1]
    well = disc_mask(cx, cy, r - 4.5)
    img[well] = STEEL[0]
    img[well & disc_mask(cx + 1, cy + 1, r - 5.5)] = STEEL[1]
    for k in range(8):
        ang = k * math.pi / 4
        img[int(cy + math.sin(ang) * (r - 1.5)) % H, int(cx + math.cos(ang) * (r - 1.5))] = GOLD[3]


def draw_gun_deck(img, y, hgt):
    for cx, cy, r in ((72, y + 40, 17), (152, y + 40, 17), (72, y + 100, 12), (152, y + 100, 12)):
        plat = rect_mask(cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4)
        img[plat & (((XS + YS) % 4) == 0)] = STEEL[2]
        hazard_frame(img, plat & ~werode(plat) | (plat & ~werode(werode(plat))), 1)
        turret_ring(img, cx, cy, r)
    # ammunition hoists: square hatches between the guns
    for hx, hy in ((98, y + 70), (126, y + 70)):
        m = rect_mask(hx - 4, hy - 4, hx + 5, hy + 5)
        img[m] = STEEL[1]
        img[m & ~werode(m)] = GOLD[1]
        img[m & (((XS - hx) % 3) == 0) & werode(m)] = STEEL[3]


def draw_engines(img, y, hgt):
    """engine bays: louvred grilles glowing faintly violet, and big round intake fans."""
    for x0, x1 in ((50, 98), (126, 174)):
        for gy in (y + 10, y + 44, y + 78):
            m = rect_mask(x0, gy, x1, gy + 24)
            shade_drop(img, wdilate(m, 1), 2, 2, 0.6)
            img[m] = STEEL[0]
            lou = m & (((YS - gy) % H) % 4 < 2) & werode(m)
            img[lou] = STEEL[3]
            glow = m & ~lou & werode(m)
            pulse = np.abs(XS + 0.5 - (x0 + x1) / 2) / ((x1 - x0) / 2)
            img[glow & (pulse < 0.7)] = VIOLET[0]
            img[glow & (pulse < 0.35)] = VIOLET[1]
            img[rim(m)] = GOLD[1]
            img[rim(m) & ((XS + YS) % 4 == 0)] = GOLD[3]
    for cx, cy in ((112, y + 30), (112, y + 96)):
        fan = disc_mask(cx, cy, 10)
        shade_drop(img, fan, 2, 2, 0.5)
        img[fan] = STEEL[1]
        a = np.arctan2(wrap_dy(YS + 0.5, cy), XS + 0.5 - cx)
        d = np.hypot(XS + 0.5 - cx, wrap_dy(YS + 0.5, cy))
        blade = fan & (np.sin(a * 6 + d * 0.35) > 0.3)
        img[blade] = STEEL[4]
        img[fan & ~werode(fan)] = GOLD[2]
        img[disc_mask(cx, cy, 2.5)] = STEEL[6]
        img[disc_mask(cx, cy, 1.2)] = GOLD[3]


def draw_command(img, y, hgt):
    """a raised command block with gold-trimmed windows, an antenna mast, and a landing pad."""
    x0, x1, y0, y1 = 126, 178, y + 14, y + 70
    m = rect_mask(x0, y0, x1, y1)
    sh = np.zeros((H, W), bool)
    for s in range(1, 9):
        sh |= np.roll(np.roll(m, s, 0), s, 1)
    sh &= ~m
    img[sh] *= 0.5
    img[m] = STEEL[4]
    top = rect_mask(x0 + 4, y0 + 4, x1 - 4, y1 - 4)
    img[top] = STEEL[5]
    img[top & (((XS - x0) % 10) == 0)] = STEEL[3]
    img[m & ~top & (XS < x0 + 4)] = STEEL[6]
    img[m & ~top & ((YS - y0) % H < 4)] = STEEL[6]
    img[m & ~top & (XS >= x1 - 4)] = STEEL[2]
    img[m & ~top & ((YS - y0) % H >= y1 - y0 - 4)] = STEEL[2]
    # a second tier with a radar dish on it
    t2 = rect_mask(x0 + 10, y0 + 26, x1 - 16, y1 - 10)
    shade_drop(img, t2, 3, 3, 0.55)
    img[t2] = STEEL[5]
    img[t2 & ~werode(t2) & ~np.roll(t2, 1, 0)] = STEEL[6]
    img[t2 & ~werode(t2) & ~np.roll(t2, -1, 0)] = STEEL[3]
    img[rim(t2) & (XS % 2 == 0)] = GOLD[1]
    dx_, dy_ = (x0 + x1 - 6) / 2.0, y0 + 42
    dish = disc_mask(dx_, dy_, 7)
    shade_drop(img, dish, 3, 3, 0.5)
    dd = np.hypot(XS + 0.5 - dx_, wrap_dy(YS + 0.5, dy_))
    img[dish] = STEEL[6]
    img[dish & (XS + 0.5 - dx_ + wrap_dy(YS + 0.5, dy_) < 0) & (dd < 5.5)] = STEEL[4]
    img[dish & ~werode(dish)] = STEEL[2]
    img[disc_mask(dx_ + 0.5, dy_ + 0.5, 1.2)] = GOLD[3]
    win = rect_mask(x0 + 1, y1 - 3, x1 - 1, y1 - 2) & (XS % 3 != 0)
    img[win] = VIOLET[2]
    img[rim(m)] = GOLD[2]
    img[rim(top)] = GOLD[1]
    mast = disc_mask(x1 - 12, y0 + 14, 3)
    img[mast] = STEEL[6]
    for s in range(1, 14):  # the mast's long thin shadow
        img[(y0 + 14 + s) % H, min(W - 1, x1 - 12 + s)] *= 0.6
    img[disc_mask(x1 - 12, y0 + 14, 1.2)] = GOLD[4]
    # landing pad: a gold ring with chevrons pointing into it
    px, py = 70, y + 66
    pad = disc_mask(px, py, 24)
    img[pad] = STEEL[2]
    img[pad & ~werode(pad)] = STEEL[0]
    img[disc_mask(px, py, 21) & ~disc_mask(px, py, 19.5)] = GOLD[2]
    img[disc_mask(px, py, 12) & ~disc_mask(px, py, 11)] = GOLD[1]
    for k in range(4):
        ang = k * math.pi / 2 + math.pi / 4
        cx, cy = px + math.cos(ang) * 16, py + math.sin(ang) * 16
        img[disc_mask(cx, cy, 1.5)] = GOLD[3]
    dia = np.abs(XS + 0.5 - px) + np.abs(wrap_dy(YS + 0.5, py))
    img[pad & (dia < 8) & (dia > 5.5)] = VIOLET[2]
    img[pad & (dia < 3)] = GOLD[2]
    # a walkway from the pad to the spine
    w = Seg(px + 24, py, 106, py)
    img[w.band(2.5)] = STEEL[1]
    img[w.band(2.5) & ((XS % 2) == 0)] = STEEL[3]
    img[(np.abs(w.across) > 2) & w.band(3)] = GOLD[1]


def draw_vents_small(img, hull, rng):
    """mushroom ventilators and small hatches dotted over the plating."""
    core = werode(werode(werode(werode(werode(hull)))))
    for k in range(70):
        x, y = rng.uniform(16, W - 16), rng.uniform(0, H)
        m = disc_mask(x, y, 2.2)
        if not (m & core).sum() == m.sum():
            continue
        shade_drop(img, m, 1, 1, 0.6)
        img[m] = STEEL[5]
        img[m & ~werode(m)] = STEEL[2]
        img[int(y) % H, int(x)] = STEEL[0]
        img[int(y - 1) % H, int(x - 1)] = STEEL[6]


def draw_nacelles(img, hull):
    """engine pods slung out over the two middle bays: a ribbed nacelle on a pylon, a blurred rotor."""
    for side in (-1, 1):
        cy = 316
        xd = 44 if side < 0 else W - 44  # the deck edge inside the bay
        xt = 22 if side < 0 else W - 22  # the pod's outer end
        lo, hi = min(xd, xt), max(xd, xt)
        pod = rect_mask(lo, cy - 5, hi, cy + 6)
        pod |= disc_mask(xt, cy + 0.5, 5.5)
        sh = np.roll(np.roll(pod, 26, 0), 18, 1) & ~pod & ~hull
        img[sh] = img[sh] * 0.6 + CLOUD[0] * 0.25
        dy = wrap_dy(YS + 0.5, cy + 0.5)
        k = np.clip(((-dy / 5.5) * 1.6 + 3 + (BAYER - 0.5) * 0.6).astype(int), 1, 5)
        for i in range(1, 6):
            img[pod & (k == i)] = STEEL[i + 1] if i < 5 else STEEL[6]
        img[pod & (((XS - lo) % 6) == 0)] *= 0.75
        img[pod & ~werode(pod)] = STEEL[0]
        img[pod & (np.abs(dy) < 0.6) & (((XS - lo) % 6) == 3)] = GOLD[3]
        # the rotor: a pale blurred disc with a dark hub
        rx = xt + side * 6
        rot = (np.abs(XS + 0.5 - rx) < 1.5) & (np.abs(dy) < 14)
        blur = rot & (BAYER > 0.45)
        img[blur] = img[blur] * 0.5 + CLOUD[6] * 0.5
        img[(np.abs(XS + 0.5 - rx) < 1.5) & (np.abs(dy) < 2.5)] = STEEL[1]
        img[(np.abs(XS + 0.5 - rx) < 0.6) & (np.abs(dy) < 1)] = GOLD[3]


def draw_markings(img, before):
    """worn painted deck markings on bare plating: section numerals and arrows towards the bow."""
    n = fbm(W, H, 2, 6120, 1)
    worn = n > 0.35
    for x, y, glyph in ((60, 348, "arrow"), (160, 490, "arrow"), (40, 494, "bar"), (166, 236, "bar")):
        if glyph == "arrow":
            dy = wrap_dy(YS + 0.5, y)
            m = (np.abs(np.abs(XS + 0.5 - x) - (dy + 8) * 0.9) < 1.8) & (dy > -8) & (dy < 4)
            m |= (np.abs(XS + 0.5 - x) < 1.5) & (dy > -4) & (dy < 12)
        else:
            m = rect_mask(x - 8, y, x + 8, y + 3) | rect_mask(x - 8, y + 6, x + 8, y + 9)
        m &= worn & np.all(img == before, axis=2)
        img[m] = img[m] * 0.55 + VIOLET[2] * 0.45
