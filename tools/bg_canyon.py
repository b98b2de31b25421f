"""Stage 3 ground, "Redrock Canyon": a sandy canyon floor between terraced red mesas, a dry
riverbed, a railway with a trestle bridge, and a mine (adit, spoil heaps, sheds, a siding).

The terrain is a height field (periodic in y), terraced so that the mesas get flat benches and
steep striped faces, shaded under the shared top-left sun, with cast shadows tinted dusty blue.
"""
import math

import numpy as np

from bg_common import (BAYER, H, W, XS, YS, C, Path, cast_shadow, disc_mask, draw_rails, fbm, hillshade,
                       lit_blob, mute, rect_mask, rim, shade_drop, voronoi_cracks, wdilate, wrap_dy)

# ramps dark (shadow, leaning dusty blue) -> light
SAND = [C("#5c5a72"), C("#8a7464"), C("#a58a68"), C("#b99c70"), C("#c9ad80"), C("#d8c298")]
RUST = [C("#463f5c"), C("#683e3c"), C("#84483a"), C("#9c5840"), C("#b46c4c"), C("#c88862")]
OCHRE = [C("#4e486a"), C("#7a5a46"), C("#9c7044"), C("#b4884e"), C("#c89e60"), C("#d8b67a")]
PALE = [C("#5a5872"), C("#8a7a6e"), C("#aa9882"), C("#c0ae94"), C("#d2c2a6"), C("#e0d4bc")]
SPOIL = [C("#403a4c"), C("#544a4e"), C("#665a56"), C("#7a6c64"), C("#8e8074"), C("#a29482")]
SCRUB = [C("#44462e"), C("#5c5e3a"), C("#76764a"), C("#92905c")]
DUSK = C("#55608a")  # cast shadows lean towards this

T = 2 * math.pi / H
MINE_Y = 532  # the mine sits in a bay of the right-hand cliff around here


def terrace(v, step, sharp=0.35):
    """flat benches every `step` units joined by steep faces."""
    k = np.floor(v / step)
    f = v / step - k
    s = np.clip((f - (1 - sharp)) / sharp, 0, 1)
    s = s * s * (3 - 2 * s)
    return (k + s) * step


def bump(y, cy, width):
    """a smooth wrapped bump of height 1 centred on cy."""
    return np.exp(-(wrap_dy(np.asarray(y, float), cy) / width) ** 2)


# canyon floor centre and half width, and the lines on the floor (all period H)
FLOOR_C = [(16, 1, 0.6), (7, 2, 2.1), (3, 3, 0.2)]
RAIL = Path(FLOOR_C + [(24, 1, 2.6), (8, 3, 1.0)], 110, period=640)
RIVER = Path(FLOOR_C + [(28, 1, 5.2), (9, 2, 0.9), (4, 4, 2.0)], 112, period=640)
TRACK = Path(FLOOR_C + [(22, 1, 4.0), (6, 2, 3.3)], 100, period=640)
# bays cut into the cliffs: (y, side -1 left / +1 right, depth, half height)
BAYS = [(MINE_Y + 40, 1, 14, 14), (130, -1, 18, 16), (330, 1, 16, 14), (612, -1, 16, 16)]
# buttes standing on the floor: (x, y, radius, height)
BUTTES = [(62, 92, 13, 6), (166, 226, 14, 12), (42, 446, 16, 6), (150, 410, 8, 6)]
# spoil heaps tipped out of the mine: (x, y, rx, ry, height)
HEAPS = [(150, MINE_Y - 40, 9, 11, 6.0), (154, MINE_Y + 36, 12, 10, 7.0), (174, MINE_Y + 50, 7, 6, 4.0)]


def floor_centre(y):
    t = T * np.asarray(y, float)
    return 112 + sum(a * np.sin(k * t + p) for a, k, p in FLOOR_C)


def floor_half(y):
    t = T * y
    out = 66 + 7 * np.sin(3 * t + 1.1) + 4 * np.sin(5 * t + 0.3)
    return out


def terrain():
    n_big = fbm(W, H, 40, 3101, 3)
    n_mid = fbm(W, H, 16, 3109, 3)
    n_small = fbm(W, H, 6, 3102, 2)
    y = YS + 0.5
    cc = floor_centre(y)
    side = np.sign(XS + 0.5 - cc)
    reach = floor_half(y)
    for by, s, depth, half in BAYS:
        reach = reach + (side == s) * depth * bump(y, by, half)
    e = np.abs(XS + 0.5 - cc) - reach + (n_big - 0.5) * 16 + (n_small - 0.5) * 2.5
    h = terrace(np.clip(e, 0, 60) * 0.75 + (n_mid - 0.5) * 3, 6.0, 0.45)
    cap = terrace(17 + (n_mid - 0.5) * 9, 6.0, 0.45)
    h = np.minimum(h, np.maximum(cap, 6))
    for bx, by, r, ht in BUTTES:
        wx = XS + 0.5 - bx + (n_mid - 0.5) * 8
        d = np.sqrt(wx ** 2 + (wrap_dy(y, by) * 0.75) ** 2)
        v = np.clip((r - d + (n_small - 0.5) * 2.5) * 0.9, 0, ht)
        h = np.maximum(h, terrace(v, 6.0, 0.5))
    rock = h > 0.4
    h = h + rock * (n_small - 0.5) * 0.6
    # the riverbed is cut a little into the floor
    h = h - 1.6 * np.clip((8.5 - np.abs(RIVER.across)) / 2.0, 0, 1) * ~rock
    heap = np.zeros((H, W))
    for hx, hy, rx, ry, ht in HEAPS:
        d = np.sqrt(((XS + 0.5 - hx) / rx) ** 2 + (wrap_dy(y, hy) / ry) ** 2) + (n_small - 0.5) * 0.4
        heap = np.maximum(heap, np.clip(1 - d, 0, 1) * ht)
    rough = fbm(W, H, 2, 3117, 2)
    heap = heap + (heap > 0.4) * (rough - 0.5) * 0.8
    return h, heap, rock


def shade_index(hs, bias=0.0, dither=0.9):
    """light level 1..5 (0 is kept for cast shadow) from a hillshade value."""
    return np.clip(np.floor((hs - 0.78) * 9 + 3.6 + bias + (BAYER - 0.5) * dither), 1, 5).astype(int)


def paint_ramp(img, mask, ramp, lv):
    for i, c in enumerate(ramp):
        img[mask & (lv == i)] = c


def stage3():
    rng = np.random.default_rng(303)
    h, heap, rock = terrain()
    ht = h + heap
    hs = hillshade(ht, 1.3)
    lv = shade_index(hs)
    img = np.zeros((H, W, 3))
    floor = ~rock
    # --- strata: the rock's colour follows its height, so every face shows bands
    n_str = fbm(W, H, 16, 3103, 2)
    band = np.floor((h + (n_str - 0.5) * 1.4) / 1.5).astype(int) % 8
    strata = [RUST, RUST, OCHRE, RUST, RUST, OCHRE, RUST, RUST]
    for i, ramp in enumerate(strata):
        paint_ramp(img, rock & (band == i), ramp, lv)
    # bench tops: dusty rust with drifts of ochre sand, darker crazed cracks and lichen
    n_top = fbm(W, H, 10, 3104, 3)
    gy, gx = np.gradient(h)
    top = rock & (np.hypot(gx, gy) < 0.35)
    tlv = 3 + (n_top + (BAYER - 0.5) * 0.08 > 0.64) - (n_top + (BAYER - 0.5) * 0.08 < 0.36)
    paint_ramp(img, top, RUST, tlv)
    paint_ramp(img, top & (n_top > 0.58), OCHRE, tlv)
    n_cr = fbm(W, H, 12, 3110, 3)
    img[top & (np.abs(n_cr - 0.5) < 0.012)] = RUST[1]
    img[top & (np.abs(fbm(W, H, 7, 3111, 2) - 0.5) < 0.01)] = RUST[1]
    # --- floor: sand, rippled by the wind, a few gravel flats
    n_fl = fbm(W, H, 12, 3105, 3)
    ripple = (np.sin((XS * 0.3 + YS * 0.95) + n_fl * 14) > 0.8) & (n_fl > 0.42)
    flv = np.clip(lv + ripple - ((n_fl < 0.36) & (BAYER > 0.5)), 1, 5)
    paint_ramp(img, floor, SAND, flv)
    img[floor & (n_fl < 0.34) & (BAYER > 0.8)] = SAND[1]
    # --- dry riverbed: pale silt cracked into plates, gravel bars, a shaded and a sunny bank
    bed = RIVER.band(8.5 + (fbm(W, H, 8, 3112, 2) - 0.5) * 4) & floor
    blv = np.clip(lv, 1, 5)
    paint_ramp(img, bed, PALE, blv)
    braid = bed & (np.abs(np.sin(RIVER.across * 0.9 + RIVER.along * 0.05 + n_fl * 6)) < 0.25)
    paint_ramp(img, braid, SAND, np.clip(blv, 1, 4))
    mud = bed & ~braid & (fbm(W, H, 10, 3113, 2) > 0.45)
    cracks, _ = voronoi_cracks(mud, 120, 3106, 0.7)
    img[cracks] = PALE[1]
    n_peb = fbm(W, H, 2, 3107, 1)
    img[bed & (n_peb > 0.82)] = PALE[5]
    img[bed & (n_peb > 0.82) & (BAYER > 0.7)] = SAND[1]
    left_bank = bed & ~np.roll(bed, 1, 1)
    img[wdilate(left_bank, 1) & bed & ~np.roll(np.roll(bed, 0, 0), 2, 1)] = PALE[1] * 0.9
    img[floor & ~bed & np.roll(bed, 1, 1)] = SAND[5]
    # --- scrub: sage and olive bushes, thickest near the riverbed and at the cliff foot
    cliff_foot = wdilate(rock, 3) & floor
    n_b = fbm(W, H, 4, 3108, 2)
    bush = floor & ~bed & (n_b > 0.66)
    bush &= (np.abs(RIVER.across) < 20) | cliff_foot | (n_fl > 0.62)
    bush &= ~RAIL.band(6) & ~TRACK.band(3)
    shade_drop(img, bush, 1, 1, 0.7)
    img[bush] = SCRUB[1]
    img[bush & ~np.roll(bush, 1, 0)] = SCRUB[3]
    img[bush & ~np.roll(bush, 1, 1) & (BAYER > 0.4)] = SCRUB[2]
    img[bush & ~np.roll(bush, -1, 0) & (BAYER > 0.5)] = SCRUB[0]
    tbush = top & (fbm(W, H, 3, 3114, 2) > 0.74)
    shade_drop(img, tbush, 1, 1, 0.75)
    img[tbush] = SCRUB[1]
    img[tbush & ~np.roll(tbush, 1, 0)] = SCRUB[2]
    for k in range(40):  # lone bushes
        x, y = rng.uniform(4, W - 4), rng.uniform(0, H)
        m = disc_mask(x, y, rng.uniform(1.2, 2.3))
        if (m & (rock | bed | RAIL.band(5))).any():
            continue
        shade_drop(img, m, 1, 1, 0.65)
        lit_blob(img, m, x, y, 2.0, SCRUB)
    # --- wagon track: two pale ruts
    tr = floor & ~bed & ((np.abs(TRACK.across - 1.6) < 0.6) | (np.abs(TRACK.across + 1.6) < 0.6))
    img[tr & (BAYER > 0.2)] = SAND[5]
    img[tr & (BAYER <= 0.2)] = SAND[3]
    draw_mine(img, heap, floor, bed)
    draw_hamlet(img, rng)
    draw_railway(img, rock, bed)
    # --- boulders fallen from the cliffs
    for k in range(80):
        y = rng.uniform(0, H)
        x = rng.uniform(6, W - 6)
        m = disc_mask(x, y, rng.uniform(1.0, 2.4))
        if not (m & cliff_foot).any() or (m & (bed | RAIL.band(5) | rock | (heap > 0.3))).any():
            continue
        shade_drop(img, m, 1, 1, 0.6)
        lit_blob(img, m, x, y, 2.0, [RUST[1], RUST[3], RUST[4], RUST[5]], bias=1.6)
    # --- cast shadows of the mesas, tinted dusty blue; bright lips on the benches' edges
    sh = cast_shadow(ht, 26, 0.85) & ~(lv >= 4)
    img[sh] = img[sh] * 0.56 + DUSK * 0.32
    lip = rock & top & ~np.roll(np.roll(top, -1, 0), -1, 1) & (lv >= 3)
    img[lip] = np.minimum(img[lip] * 1.12, 255)
    return mute(img, 0.12, (120, 104, 100))


def draw_railway(img, rock, bed):
    """the main line: ballast on the sand, a timber trestle over the riverbed, telegraph poles."""
    on_floor = ~wdilate(rock, 2)
    draw_rails(img, RAIL, C("#86786c"), C("#564032"), C("#c8c4c0"), mask=on_floor & ~wdilate(bed, 1), shadow=0.8)
    trestle = RAIL.band(4.4) & wdilate(bed, 1)
    shade_drop(img, trestle, 3, 4, 0.5)
    img[trestle] = C("#6a4a34")
    img[trestle & ((RAIL.along % 4) < 1.5)] = C("#8a6446")
    img[trestle & (np.abs(np.abs(RAIL.across) - 2.5) < 0.55)] = C("#c8c4c0")
    img[trestle & (np.abs(np.abs(RAIL.across) - 4.0) < 0.5)] = C("#3e2c22")
    # telegraph poles beside the line, each with a long thin shadow
    pole = (np.abs(RAIL.across + 8) < 0.7) & ((RAIL.along % 32) < 1.0) & on_floor & ~bed
    for s in range(1, 6):
        img[np.roll(np.roll(pole, s, 0), s, 1) & ~pole] *= 0.8
    img[pole] = C("#3a2a22")
    img[np.roll(pole, -1, 0) & ~pole] = C("#7a5a40")


def draw_mine(img, heap, floor, bed):
    """the mine: an adit in the right cliff's bay, spoil heaps, sheds, a water tank, a headframe and a
    siding with ore wagons."""
    hs = hillshade(heap, 2.2)
    lv = shade_index(hs, 0.2, dither=0.5)
    hm = heap > 0.4
    paint_ramp(img, hm, SPOIL, lv)
    for hx, hy, rx, ry, ht in HEAPS:
        ang = np.arctan2(wrap_dy(YS + 0.5, hy) / ry, (XS + 0.5 - hx) / rx)
        streak = hm & disc_mask(hx, hy, rx + 1, ry + 1) & (np.sin(ang * 11 + fbm(W, H, 4, 3115, 1) * 5) > 0.55)
        img[streak] = img[streak] * 0.84
    img[hm & (fbm(W, H, 2, 3116, 1) > 0.78)] = SPOIL[4]
    img[hm & (heap < 0.9)] *= 0.9
    # siding: leaves the main line a little above the mine and bends into the bay
    row = (MINE_Y + 6) % H
    rx = int(RAIL.x(MINE_Y + 6))
    ax = rx + int(np.argmax(~floor[row, rx:]))  # the cliff foot east of the line
    reach = ax - 2 - float(RAIL.x(MINE_Y + 6))
    bend = lambda yy: reach * np.clip((wrap_dy(np.asarray(yy, float), MINE_Y - 56)) / 62, 0, 1) ** 1.6  # noqa: E731
    sid = Path(RAIL.terms, RAIL.base, period=640, extra=bend)
    span = (wrap_dy(YS + 0.5, MINE_Y) > -56) & (wrap_dy(YS + 0.5, MINE_Y) < 12)
    m = span & ~bed & ~hm & ~RAIL.band(3.2) & (XS < ax)
    draw_rails(img, sid, C("#6e6258"), C("#4a3628"), C("#b0aca8"), gauge=2.0, spacing=3, mask=m)
    for wy in (MINE_Y - 24, MINE_Y - 15):
        cx = float(sid.x(wy + 4))
        wm = rect_mask(int(cx) - 3, wy, int(cx) + 4, wy + 8)
        shade_drop(img, wm, 2, 2, 0.55)
        img[wm] = C("#6a3a2c")
        inner = rect_mask(int(cx) - 2, wy + 1, int(cx) + 3, wy + 7)
        img[inner] = C("#7c7476")
        img[inner & (BAYER > 0.6)] = C("#9a9290")
        img[inner & (BAYER < 0.2)] = C("#5a5256")
    # adit: a dark mouth in the cliff foot where the siding ends, framed in timber
    mouth = rect_mask(ax - 1, MINE_Y + 2, ax + 4, MINE_Y + 10)
    frame = rect_mask(ax - 2, MINE_Y + 1, ax + 5, MINE_Y + 11) & ~mouth
    img[frame] = C("#7a5234")
    img[frame & (XS == ax - 2)] = C("#9a6c44")
    img[mouth] = C("#1e1a24")
    img[mouth & (XS == ax - 1)] = C("#2e2832")
    # sheds with rusty corrugated roofs
    for sx, sy, w, hgt, col in ((134, MINE_Y - 8, 14, 10, C("#8a5a44")), (ax - 17, MINE_Y - 44, 12, 9, C("#74685c")),
                                (128, MINE_Y + 4, 10, 8, C("#906048"))):
        sm = rect_mask(sx, sy, sx + w, sy + hgt)
        shade_drop(img, sm, 3, 3, 0.55)
        img[sm] = col
        img[sm & (XS % 2 == 0)] = col * 0.86
        img[sm & (wrap_dy(YS + 0.5, sy + hgt / 2) > 0)] *= 0.84
        img[sm & (np.abs(wrap_dy(YS + 0.5, sy + hgt / 2)) < 0.6)] = np.minimum(col * 1.2, 255)
        img[rim(sm)] = col * 0.55
        img[sm & (fbm(W, H, 3, 3120 + sx, 1) > 0.72)] = C("#9a5030")
    # a wooden water tank on legs
    tx, ty = 136, MINE_Y + 20
    tank = disc_mask(tx, ty, 4.5)
    shade_drop(img, tank, 5, 6, 0.5)
    lit_blob(img, tank, tx, ty, 4.5, [C("#4e3a2e"), C("#6e5038"), C("#8a6848"), C("#a88258")])
    img[rim(tank)] = C("#3a2a20")
    img[disc_mask(tx, ty, 1.5)] = C("#3a2a20")
    # headframe over the shaft: an A-frame of girders with a long shadow
    hx, hy = ax - 9, MINE_Y + 20
    y = wrap_dy(YS + 0.5, hy)
    legs = np.zeros((H, W), bool)
    for ox in (-4, 4):
        legs |= (np.abs(XS + 0.5 - (hx + ox)) < 0.6) & (np.abs(y) < 6)
    legs |= (np.abs(y + 5.5) < 0.6) & (np.abs(XS + 0.5 - hx) < 5)
    legs |= (np.abs(np.abs(XS + 0.5 - hx) - (y + 6) * 0.6) < 0.6) & (np.abs(y) < 6)
    for s in range(1, 7):
        img[np.roll(np.roll(legs, s, 0), s, 1) & ~legs] *= 0.86
    img[legs] = C("#3a3440")
    img[disc_mask(hx, hy - 5.5, 2.4) & ~disc_mask(hx, hy - 5.5, 1.2)] = C("#b0a090")


HAMLET_Y = 262  # a ranch between the left cliff and the railway


def draw_hamlet(img, rng):
    """a little ranch: flat-roofed adobe houses, a corral with horses, a wind pump and a trough."""
    y0 = HAMLET_Y
    adobe = [(60, y0 - 20, 14, 10), (78, y0 - 26, 9, 8), (62, y0 + 2, 10, 12), (80, y0 + 18, 12, 8)]
    # a trodden yard first, so that the houses stand on it
    yard = (((XS + 0.5 - 76) / 22) ** 2 + (wrap_dy(YS + 0.5, y0) / 34) ** 2) < 1
    yard &= fbm(W, H, 5, 3130, 2) > 0.35
    img[yard] = img[yard] * 0.9 + SAND[4] * 0.1
    for x, y, w, hgt in adobe:
        m = rect_mask(x, y, x + w, y + hgt)
        shade_drop(img, m, 3, 3, 0.55)
        img[m] = C("#b89474")
        img[m & (BAYER > 0.8)] = C("#a88466")
        img[rim(m)] = C("#d0ae8a")
        inner = rect_mask(x + 1, y + 1, x + w - 1, y + hgt - 1)
        img[rim(inner) & (XS >= x + w - 2)] = C("#8a6a54")
        img[rim(inner) & ((YS - y) % H >= hgt - 2)] = C("#8a6a54")
        img[rect_mask(x + w - 4, y + 2, x + w - 2, y + 4)] = C("#5a4438")  # chimney
        for bx in range(x + 2, x + w - 1, 3):  # roof beams poking out of the wall
            img[(y - 1) % H, bx] = C("#6a4a34")
    # corral: a post-and-rail fence with horses inside
    cx0, cy0, cx1, cy1 = 50, y0 + 24, 74, y0 + 44
    fence = rect_mask(cx0, cy0, cx1, cy1) & ~rect_mask(cx0 + 1, cy0 + 1, cx1 - 1, cy1 - 1)
    fence &= ~rect_mask(cx1 - 1, cy0 + 6, cx1, cy0 + 11)
    img[np.roll(np.roll(fence, 1, 0), 1, 1) & ~fence] *= 0.7
    img[fence] = C("#6a4a34")
    img[fence & ((XS + YS) % 4 == 0)] = C("#3e2c22")
    for hx, hy, col in ((56, y0 + 30, C("#5a3a2a")), (64, y0 + 36, C("#8a6a4a")), (58, y0 + 39, C("#3a3034"))):
        m = rect_mask(hx, hy, hx + 4, hy + 2)
        shade_drop(img, m, 1, 1, 0.6)
        img[m] = col
        img[(hy - 1) % H, hx + 3] = col
    # wind pump: four blades and a tail, a long thin shadow, a round trough
    px, py = 94, y0 - 6
    vane = np.zeros((H, W), bool)
    for a in (0.3, 0.3 + math.pi / 2, 0.3 + math.pi, 0.3 + 3 * math.pi / 2):
        for r in range(1, 5):
            vane[int(py + math.sin(a) * r) % H, int(px + math.cos(a) * r)] = True
    vane[py % H, px] = True
    for sft in range(3, 8):
        img[np.roll(np.roll(vane, sft, 0), sft, 1) & ~vane] *= 0.82
    img[vane] = C("#d8d0c4")
    img[py % H, px] = C("#3e2c22")
    trough = disc_mask(px - 8, py + 8, 3)
    shade_drop(img, trough, 1, 1, 0.6)
    img[trough] = C("#5a6a78")
    img[rim(trough)] = C("#6a4a34")
    img[disc_mask(px - 8.5, py + 7.5, 1)] = C("#8aa0b0")
