"""Pair endings, part 1 (224x160 each; part 2 is bg_pairs2.py): both pilots in one picture that
says something about the two of them, in the solo endings' style.

vela_brass: golden afternoon above the clouds; Brass's gunship tows Vela's glider home.
vela_wren:  a moonlit race over the cloud sea; the familiar hitches a ride on the glider's tail.
vela_orla:  a bright day at the lighthouse; Vela swoops past the gallery and Orla catches the post.
vela_rook:  sunset at Rook's hangar; he mends the glider's wing again, and paints another tally
            mark on the door while Vela waits.
brass_wren: a hilltop picnic at golden hour; Brass boils the kettle on his chimney while the
            familiar sleeps on his warm head.
"""
import math

import numpy as np

from bg_figures import brass_robot, familiar, hand_pos, orla_ornithopter, person, rook_gyro
from bg_scenes import EW, C, brass_gunship, ending_canvas, vela_glider, wren_leaf
from bg_sets import foam_line, grumble, hangar_outside, lighthouse, rocks, sea
from pixlib import erode



def rope(cv, x0, y0, x1, y1, sag, col, shade=None):
    """a rope hanging between two points, sagging by `sag` px in the middle."""
    for t in np.linspace(0, 1, int(abs(x1 - x0) + abs(y1 - y0)) * 2 + 2):
        x = x0 + (x1 - x0) * t
        y = y0 + (y1 - y0) * t + sag * 4 * t * (1 - t)
        cv.img[int(y), int(x)] = col
        if shade is not None:
            cv.img[int(y) + 1, int(x)] = shade


def gulls(cv, pts, col=C("#f8f8f8"), under=C("#c8ccd8")):
    for gx, gy in pts:
        for dx, dy in ((-2, -1), (-1, 0), (0, 0), (1, 0), (2, -1)):
            cv.img[gy + dy, gx + dx] = col if dy == 0 else under


def cloud_sea(cv, y, body, shade, light, edge, seed, low=None):
    """a floor of cumulus tops from y down to the bottom edge."""
    cm = np.zeros((cv.h, cv.w), bool)
    rng = np.random.default_rng(seed)
    for row in range(3):  # rows further down are nearer: bigger, and a little darker
        yy = y + row * 14
        k0 = 0.92 ** row
        blobs = []
        x = -14 - rng.uniform(0, 20)
        while x < EW + 30:
            rx = rng.uniform(14, 30) + row * 6
            blobs.append((x, yy + rng.uniform(-3, 7), rx, rng.uniform(0.35, 0.55) * rx))
            x += rx * rng.uniform(0.9, 1.5)
        blobs.append((EW / 2, yy + 40, EW, 30))
        cm |= cv.clouds(blobs, body * k0, shade * k0, light, edge, seed + row,
                        low=None if low is None else low * k0, low_y=yy + 12)
    return cm


# ---------------------------------------------------------------- Vela and Brass
def pair_vela_brass():
    cv = ending_canvas([(0.0, C("#2e5a96")), (0.2, C("#4a7eb0")), (0.4, C("#7aa4c8")), (0.56, C("#b8c4cc")),
                        (0.7, C("#f0d0a0")), (0.84, C("#f6b478")), (1.0, C("#f8d090"))], y1=118)
    sx, sy = 186, 104
    a = np.arctan2(cv.Y - sy, cv.X - sx)  # faint rays fanning up from the low sun
    d = np.hypot(cv.X - sx, cv.Y - sy)
    rays = (np.floor(a * 8) % 2 == 0) & (d < 130) & (d > 24) & (cv.bay > 0.5) & (cv.Y < sy)
    cv.img[rays] = cv.img[rays] * 0.84 + C("#ffe8c0") * 0.16
    cv.glow(sx, sy, [34, 24, 16], [C("#f8c890"), C("#ffd89a"), C("#ffe8b8")])
    cv.fill(cv.ell(sx, sy, 10), C("#fff6dc"))
    cv.clouds([(20, 26, 30, 8), (52, 20, 22, 7)], C("#f0e8ec"), C("#c0b4cc"), C("#ffffff"), C("#9a90b4"), 8002)
    cv.clouds([(178, 36, 28, 7), (204, 30, 22, 8)], C("#f6e4d8"), C("#d0b4b8"), C("#ffffff"), C("#a890a8"), 8003)
    cloud_sea(cv, 112, C("#f0d4c4"), C("#b89ab4"), C("#fff4e4"), C("#8a78a0"), 8004, low=C("#d8b8bc"))
    # smoke from the stacks drifts back over the tow
    for i in range(10):
        px, py = 74 + i * 5 + math.sin(i) * 2, 32 - i * 1.4
        r = 1.6 + i * 0.4
        puff = cv.ell(px, py, r, r * 0.8)
        cv.img[puff] = cv.img[puff] * 0.45 + C("#6a6070") * 0.55
    # the tow rope from the gunship's stern to the glider's nose
    rope(cv, 78, 63, 146, 80, 10, C("#4a3a30"), C("#8a6a4a"))
    cv.sprite(brass_gunship(), 6, 28)
    cv.sprite(vela_glider(), 126, 60)
    cv.speed_lines([(56, 104, 140), (100, 150, 200)])
    gulls(cv, [(120, 30), (132, 36), (64, 96)])
    return cv.out()


# ---------------------------------------------------------------- Vela and Wren
def pair_vela_wren():
    rng = np.random.default_rng(8101)
    cv = ending_canvas([(0.0, C("#0e1030")), (0.2, C("#161a44")), (0.42, C("#222656")), (0.62, C("#32306a")),
                        (0.8, C("#4a3c7a")), (1.0, C("#6a4c88"))], y1=120)
    cv.stars(rng, 60, 0, 100)
    # a big full moon, the racers crossing in front of it
    cv.full_moon(150, 50, 17, C("#f0ecd4"), C("#c8c4b4"), 3, 1,
                 halo=([40, 30, 22], [C("#262a5e"), C("#30346c"), C("#3c4078")]),
                 craters=[(144, 44, 3), (156, 54, 2.5), (146, 58, 2), (158, 42, 1.6)], crater_col=C("#d8d4c0"))
    cloud_sea(cv, 122, C("#5a5a92"), C("#3e3e76"), C("#a8a8dc"), C("#2a2a5a"), 8102, low=C("#4a4a84"))
    # the race: Wren's orbs stream back from the leaf, Vela's speed lines from the glider
    path = [(76 - i * 8, 86 + i * 1.6 + math.sin(i * 1.1) * 3) for i in range(8)]
    for i, (ox, oy) in enumerate(path):
        r = 2.4 - 0.22 * i
        cv.glow(ox, oy, [r + 2.5, r + 1], [C("#4a5a8a"), C("#9ad0a0")])
        cv.fill(cv.ell(ox, oy, max(0.6, r * 0.6)), C("#f0fff0"))
    cv.speed_lines([(34, 56, 106), (42, 40, 94), (52, 62, 100)])
    cv.sprite(vela_glider(flip=True), 100, 14)
    cv.sprite(wren_leaf(with_familiar=False)[:, ::-1], 76, 66)
    # the familiar hitches a ride on the glider's tail, ears back in the wind
    cv.sprite(familiar(), 104, 18)
    return cv.out()


# ---------------------------------------------------------------- Vela and Orla
def pair_vela_orla():
    cv = ending_canvas([(0.0, C("#2a6aaa")), (0.25, C("#3a80bc")), (0.5, C("#5a9ccc")), (0.75, C("#8abcdc")),
                        (1.0, C("#c8e0ea"))], y1=100)
    cv.clouds([(20, 20, 34, 10), (54, 14, 24, 9), (80, 24, 20, 6)], C("#eef2f8"), C("#b8c4dc"), C("#ffffff"),
              C("#8c98bc"), 8202)
    cv.clouds([(206, 70, 30, 7)], C("#eef2f8"), C("#b8c4dc"), C("#ffffff"), C("#8c98bc"), 8203)
    sea(cv, 100, [C("#5a9ac0"), C("#4a88b2"), C("#3a76a2"), C("#2e6692"), C("#245884")], C("#d0e8f0"),
        glints=C("#ffffff"), seed=2)
    # the far shore on the left, hazy, and a dinghy out fishing
    far = cv.poly([(0, 101), (0, 91), (16, 88), (34, 90), (52, 95), (70, 101)])
    cv.fill(far, C("#7aa0b4"))
    cv.fill(far & (cv.Y < 93) & (cv.bay > 0.5), C("#94b4c2"))
    for hx in (10, 18, 30):
        cv.img[89:92, hx:hx + 3] = C("#e8ecec")
        cv.img[88, hx:hx + 3] = C("#c07a6a")
    cv.fill(cv.poly([(38, 132), (56, 132), (53, 136), (41, 136)]), C("#c84a3a"))
    cv.img[132, 38:56] = C("#f0ece0")
    cv.img[127:132, 47] = C("#4a3a30")
    cv.img[128:131, 45:47] = C("#3a5a8a")
    cv.img[126:128, 45:47] = C("#e8c8a0")
    for t in range(12):  # an oar in the water and the ripples round the boat
        cv.img[130 + t // 4, 49 + t] = C("#8a6a4a")
    cv.img[137, 36:60:2] = C("#d0e8f0")
    # the lighthouse on its rock, tall at the right, Orla leaning out from the gallery
    rock = rocks(cv, [(120, 160), (132, 128), (150, 114), (170, 110), (200, 112), (224, 118), (224, 160)],
                 C("#6a6a74"), C("#9a9aa4"), C("#44444e"), seed=6)
    cv.fill(rock & (cv.Y < 118) & (cv.bay > 0.25), C("#6a9a5a"))
    foam_line(cv, rock, C("#f0f8fa"), y_min=100)
    lighthouse(cv, 180, 114, 82, 22, 14, C("#f0ece4"), C("#c84a3a"), C("#cfc8c0"), C("#fff2b0"), C("#2c2a34"),
               stripes=4)
    cv.sprite(person("orla", "reach", flip=True), 156, -2)
    # the ornithopter moored on the rocks below, wings folded
    cv.sprite(orla_ornithopter(wings_up=False, lamp_on=False, pilot=False), 126, 96)
    # Vela swoops past; the parcel she threw is in the air between them
    cv.sprite(vela_glider(), 48, 36)
    px, py = 140, 22
    cv.img[py:py + 5, px:px + 6] = C("#b8865a")
    cv.img[py, px:px + 6] = C("#d8a878")
    cv.img[py:py + 5, px + 5] = C("#8a5a3a")
    cv.img[py + 2, px:px + 6] = C("#c84a3a")
    cv.img[py:py + 5, px + 3] = C("#c84a3a")
    for i in range(5):  # its arc
        cv.img[py + 4 + i, px - 3 - i * 3] = cv.img[py + 4 + i, px - 3 - i * 3] * 0.5 + C("#ffffff") * 0.5
    gulls(cv, [(104, 16), (118, 26), (30, 70), (208, 46)])
    return cv.out()


# ---------------------------------------------------------------- Vela and Rook
def pair_vela_rook():
    cv = ending_canvas([(0.0, C("#3a4a86")), (0.2, C("#5a5e96")), (0.4, C("#8a6a96")), (0.6, C("#c87a84")),
                        (0.8, C("#f09a78")), (1.0, C("#f8c080"))], y1=112)
    cv.glow(40, 108, [30, 20, 12], [C("#f8b080"), C("#ffd090"), C("#ffe8b0")])
    cv.clouds([(150, 40, 40, 6), (190, 30, 30, 5)], C("#d88a8a"), C("#9a6a8a"), C("#ffc8a0"), C("#6a5080"), 8302,
              wobble=0.6)
    cv.ridge(110, [(4, 21, 0.4), (2, 7, 1.1)], C("#6a5a8a"))
    grass, _ = cv.ridge(118, [(1.5, 30, 0.2)], C("#4a6a4a"))
    cv.sky([(0.0, C("#6a8a4a")), (0.5, C("#5a7a44")), (1.0, C("#3e5a3a"))], y0=118, mask=grass)
    cv.fill(grass & (np.sin(cv.X * 0.9 + cv.Y * 3) > 0.8) & (cv.Y > 124), C("#7a9a52"))
    # the hangar, doors shut, its door covered in painted tally marks
    dx0, dy0, _, _ = hangar_outside(cv, 108, 222, 122, 50, C("#9a8a84"), C("#3a2e34"), C("#f0c0a0"),
                                         C("#7a5a4a"))
    for k in range(18):  # tallies in fives, one for every repair
        gx, gy = dx0 + 5 + (k // 5) * 18, dy0 + 4
        if k % 5 == 4:
            for t in range(14):
                cv.img[gy + 8 - t // 2, gx - 2 + t] = C("#f0ece0")
        else:
            cv.img[gy:gy + 9, gx + (k % 5) * 3] = C("#f0ece0")
    cv.img[dy0 + 4:dy0 + 13, dx0 + 5 + 54 + 3 * 3] = C("#ffffff")  # and a fresh one, still wet
    # a windsock on its pole, the gyro parked by the hangar
    cv.img[70:120, 96] = C("#3a3030")
    cv.fill(cv.poly([(97, 70), (110, 72), (109, 75), (97, 76)]), C("#e87a3a"))
    cv.fill(cv.poly([(101, 70.5), (104, 71), (104, 75.5), (101, 76)]), C("#f0ece0"))
    cv.sprite(rook_gyro(pilot=False), 126, 90)
    # the glider on the grass with a fresh patch on its wing; Rook under it, Vela waiting
    cv.sprite(vela_glider(flip=True, pilot=False), 4, 86)
    cv.img[112:116, 44:50] = C("#8a8a96")
    cv.img[112, 44:50] = C("#b8b8c4")
    cv.img[113:116, 46] = C("#5a5a66")
    cv.sprite(person("rook", "reach", flip=True), 60, 102)
    cv.sprite(person("vela", "wave", flip=True), 84, 108)
    grumble(cv, 72, 104)
    return cv.out()


# ---------------------------------------------------------------- Brass and Wren
def pair_brass_wren():
    rng = np.random.default_rng(8401)
    cv = ending_canvas([(0.0, C("#4a5a96")), (0.22, C("#6a6aa2")), (0.44, C("#a07a9e")), (0.64, C("#e09a86")),
                        (0.82, C("#f8c084")), (1.0, C("#fce0a0"))], y1=104)
    cv.glow(176, 100, [36, 24, 14], [C("#f8c890"), C("#ffe0a0"), C("#fff0c8")])
    cv.fill(cv.ell(176, 100, 9), C("#fff8e0"))
    cv.lit_bands([(60, 40, 44), (170, 60, 40), (40, 76, 30)], C("#c08a9a"), C("#ffd8b0"), 2.4, (0.4, 2, 2.0))
    # the valley below with the village, then the picnic hill
    cv.ridge(100, [(5, 25, 0.3), (3, 9, 2.0)], C("#8a7aa0"))
    _, vl = cv.ridge(112, [(4, 19, 1.4), (2, 7, 0.2)], C("#6a6090"))
    for k in range(14):
        bx = 20 + k * 14 + int(rng.integers(0, 5))
        base = int(vl[min(EW - 1, bx)]) + 6
        cv.img[base - 4:base, bx:bx + 5] = C("#d8b8a8")
        cv.img[base - 6:base - 4, bx - 1:bx + 6] = C("#a04a4a")
        cv.img[base - 3, bx + 1] = C("#ffd27a")
    hill, _ = cv.ridge(128, [(6, 40, 2.4), (2, 9, 0.6)], C("#5a7a44"))
    cv.sky([(0.0, C("#8aa850")), (0.3, C("#6e9448")), (0.7, C("#567a40")), (1.0, C("#446a3a"))], y0=118,
           mask=hill)
    cv.fill(hill & (np.sin(cv.X * 1.3 + cv.Y * 2.7) > 0.85) & (cv.Y > 132), C("#9aba5e"))
    # the picnic blanket, checked red and cream, with a basket
    blanket = cv.poly([(70, 134), (138, 132), (150, 146), (62, 148)])
    check = ((cv.X // 4 + cv.Y // 3) % 2 == 0)
    cv.fill(blanket, C("#f0e4c8"))
    cv.fill(blanket & check, C("#c84a3a"))
    cv.fill(blanket & ~np.roll(blanket, -1, 0), C("#8a3a30"))
    cv.img[126:134, 122:134] = C("#b8864a")
    cv.img[126:134:2, 122:134] = C("#8a5a30")
    cv.img[122:124, 124:132] = C("#8a5a30")
    # Wren's leaf lies in the grass; Wren sits with her cup held out
    cv.sprite(wren_leaf(with_familiar=False, rider=False)[:, ::-1][20:, :], 4, 114)
    wx, wy = 78, 106
    cv.sprite(person("wren", "hold", sit=True), wx, wy)
    cx, cy = hand_pos("hold", sit=True, who="wren")
    cx, cy = int(wx + cx), int(wy + cy)
    cv.img[cy - 3:cy, cx - 1:cx + 2] = C("#f0f0f8")
    cv.img[cy - 3, cx - 1:cx + 2] = C("#a0602a")
    # Brass pours from the kettle he boiled on his chimney; the familiar sleeps on his warm dome
    cv.sprite(brass_robot("hold", flip=True), 110, 96)
    kx, ky = 114, 117
    kettle = cv.ell(kx, ky, 4, 3.2)
    cv.fill(kettle, C("#8a9098"))
    cv.fill(kettle & (cv.X < kx - 0.5) & (cv.Y < ky), C("#c8ccd4"))
    cv.fill(kettle & ~erode(kettle), C("#3a3a48"))
    cv.img[ky - 4, kx - 1:kx + 2] = C("#3a3a48")
    for i in range(4):  # the spout
        cv.img[ky - i // 2, kx - 4 - i] = C("#5a6068")
    spout = (kx - 8, ky - 1)
    for t in np.linspace(0, 1, 12):  # tea arcing into the cup
        x = spout[0] + (cx - spout[0]) * t
        y = spout[1] + (cy - 3 - spout[1]) * t * t
        cv.img[int(y), int(x)] = C("#b0702a")
    for i in range(5):
        cv.img[ky - 6 - i * 2, kx + (i % 2)] = cv.img[ky - 6 - i * 2, kx + (i % 2)] * 0.4 + C("#ffffff") * 0.6
    cv.sprite(familiar(flip=True), 124, 90)
    for zx, zy in ((135, 87), (139, 83), (144, 80)):
        cv.img[zy, zx:zx + 2] = C("#f0f0f8")
        cv.img[zy + 1, zx] = C("#f0f0f8")
    return cv.out()
