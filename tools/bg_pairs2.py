"""Pair endings, part 2 (224x160 each; part 1 and the shared helpers are in bg_pairs.py).

brass_orla: a storm at nightfall; Brass's gunship tows a fishing boat home through the swell
            while Orla flies above, her lamp lighting the way to the lighthouse.
brass_rook: a night outside the hangar; chess on an oil drum under a yard lamp. Rook is losing.
wren_orla:  the top of the lighthouse at night; Wren has filled the beam with firefly orbs and
            sits on the gallery rail while Orla watches it sweep the sea.
wren_rook:  a morning in Rook's hangar; the familiar "fixes" the gyro's engine with magic (it is
            sprouting flowers) while Rook grumbles and Wren says sorry.
orla_rook:  sunset at the end of a jetty under the lighthouse; the two of them fishing, their
            craft parked behind them, the lamp lit between them.
"""
import math

import numpy as np

from bg_figures import brass_robot, familiar, hand_pos, orla_ornithopter, person, rook_gyro
from bg_pairs import rope
from bg_scenes import EH, EW, C, Canvas, brass_gunship, ending_canvas
from bg_sets import (beam, crate, drum, foam_line, gallery_rail, grumble, hangar_inside, hangar_outside,
                     lantern_top, lighthouse, propeller, rocks, sea, sparkle)
from bg_homes import fishing_boat


def swell(cv, y0, rows, body, crest, foam, seed):
    """rows of big storm waves from y0 down: each row a sine ridge with a pale crest and foam."""
    rng = np.random.default_rng(seed)
    for i in range(rows):
        y = y0 + i * 9
        a, p, ph = 2 + i * 0.8, rng.uniform(9, 15) + i * 2, rng.uniform(0, 6)
        top = y + a * np.sin(cv.X / p + ph)
        m = cv.Y > top
        cv.fill(m, body * (0.95 ** i))
        lip = m & (cv.Y < top + 1.5)
        cv.fill(lip, crest)
        cv.fill(lip & (np.sin(cv.X / p + ph) < -0.7), foam)


# ---------------------------------------------------------------- Brass and Orla
def pair_brass_orla():
    rng = np.random.default_rng(9001)
    cv = ending_canvas([(0.0, C("#141a24")), (0.2, C("#1c2430")), (0.4, C("#26323e")), (0.6, C("#34444e")),
                        (0.8, C("#4a5e62")), (1.0, C("#7a8a80"))], y1=96)
    cv.clouds([(20, 14, 50, 12), (90, 8, 40, 10), (170, 16, 60, 12), (230, 30, 30, 10)], C("#2a323e"),
              C("#1c222c"), C("#4a5664"), C("#141820"), 9002, wobble=0.7)
    # the lighthouse far off on its headland, its beam reaching out to them
    rocks(cv, [(0, 98), (10, 88), (26, 84), (44, 90), (60, 98)], C("#1e2430"), C("#303a48"), C("#12161e"), seed=9)
    lx, ly = lighthouse(cv, 24, 86, 20, 7, 5, C("#b8b4ac"), C("#8a3a34"), C("#807c78"), C("#fff2b0"),
                        C("#1c1c24"), night=True)
    beam(cv, lx, ly, -0.08, 0.1, 200, C("#fff0b8"), 0.3)
    sea(cv, 96, [C("#3a5054"), C("#2e4448")], C("#6a8a88"))
    swell(cv, 100, 7, C("#2e4246"), C("#5a7a78"), C("#c8dcd8"), 9003)
    # rain: long diagonal streaks across everything
    rain = (((cv.X + cv.Y * 0.45).astype(int) * 7 + (cv.Y.astype(int) // 5) * 13) % 41 == 0) & \
        ((cv.Y.astype(int) % 5) < 3)
    cv.img[rain] = cv.img[rain] * 0.55 + C("#a8b8c0") * 0.45
    # Orla lights the way from above; Brass tows the boat behind him
    beam(cv, 116, 44, 2.45, 0.2, 70, C("#fff0b8"), 0.45)
    fishing_boat(cv, 186, 124, C("#3a2a2a"), C("#6a4a3a"), C("#ffd27a"))
    rope(cv, 130, 116, 178, 121, 5, C("#9a8a6a"), C("#3a3430"))
    below = cv.img.copy()
    cv.sprite(brass_gunship(), 40, 74)
    # the swell hides the bottom of the hull, and breaks white along it
    line = 119 + 1.6 * np.sin(cv.X / 5.0 + 1.0)
    sunk = (cv.Y > line) & (cv.X > 40) & (cv.X < 140)
    cv.img[sunk] = below[sunk]
    cv.fill(sunk & (cv.Y < line + 1.2) & (cv.X > 46) & (cv.X < 134), C("#e0ecea"))
    for k in range(26):  # spray over the bow
        a = rng.uniform(math.pi * 0.7, math.pi * 1.3)
        r = rng.uniform(2, 12)
        cv.img[int(121 + math.sin(a) * r * 0.6 - rng.uniform(0, 4)), int(48 + math.cos(a) * r)] = C("#e8f0f0")
    cv.sprite(orla_ornithopter(), 96, 10)
    return cv.out()


# ---------------------------------------------------------------- Brass and Rook
def pair_brass_rook():
    rng = np.random.default_rng(9101)
    cv = ending_canvas([(0.0, C("#0c1026")), (0.3, C("#121834")), (0.6, C("#1a2244")), (1.0, C("#263058"))], y1=110)
    cv.stars(rng, 70, 0, 80)
    cv.full_moon(30, 26, 8, C("#f0ecd4"), C("#c0bcb0"), 2, 0.5, halo=([18, 13], [C("#1a2244"), C("#222c52")]))
    ground, _ = cv.ridge(112, [(1, 40, 0.3)], C("#2a2a34"))
    cv.sky([(0.0, C("#343440")), (0.5, C("#2a2a36")), (1.0, C("#1e1e2a"))], y0=112, mask=ground)
    # the hangar behind, doors ajar on a warm light inside
    dx0, dy0, dx1, base = hangar_outside(cv, 120, 230, 114, 48, C("#4a4e62"), C("#1a1c28"), C("#7a8098"),
                                         C("#3a3440"), door_open=0.18)
    mid = (dx0 + dx1) // 2
    gap = int((dx1 - dx0) / 2 * 0.18)
    cv.img[dy0:base, mid - gap:mid + gap] = C("#e8b060")
    spill = cv.poly([(mid - gap, base), (mid + gap, base), (mid + gap + 10, 160), (mid - gap - 10, 160)])
    cv.img[spill] = cv.img[spill] * 0.75 + C("#e8b060") * 0.25
    cv.sprite(rook_gyro(pilot=False), 150, 80)
    # the yard lamp and the pool of light it throws on the game
    px = 72
    cv.img[44:140, px] = C("#14141c")
    cv.img[44, px:px + 10] = C("#14141c")
    cv.fill(cv.poly([(px + 5, 45), (px + 13, 45), (px + 11, 49), (px + 7, 49)]), C("#2a3a34"))
    pool = cv.ell(104, 140, 50, 13)
    cv.img[pool] = cv.img[pool] * 0.65 + C("#8a7050") * 0.35
    pool2 = cv.ell(104, 140, 34, 8)
    cv.img[pool2] = cv.img[pool2] * 0.8 + C("#b09060") * 0.2
    cv.glow(px + 9, 50, [7, 4], [C("#6a6050"), C("#ffe8a0")])
    # the drum table with the board on it; Rook on a crate, Brass standing over the board
    crate(cv, 72, 142, 12, 9, C("#7a5a3a"))
    cv.sprite(person("rook", "reach", sit=True), 64, 108)
    drum(cv, 104, 144, C("#8a3a2e"), r=9, h=17)
    board = cv.poly([(92, 121), (116, 121), (119, 127), (89, 127)])
    u = (cv.X - 104) / (24 + (cv.Y - 121) * 1.0) + 0.5  # across the board, 0..1 in perspective
    cv.fill(board, C("#e8dcc0"))
    cv.fill(board & (((u * 8).astype(int) + ((cv.Y - 121) // 1.5).astype(int)) % 2 == 0), C("#5a3a2a"))
    cv.img[127, 89:120] = C("#3a2418")
    for qx, qy, col in ((96, 121, C("#f4f0e8")), (99, 123, C("#f4f0e8")), (106, 120, C("#1a1618")),
                        (110, 121, C("#1a1618")), (113, 123, C("#1a1618")), (108, 124, C("#1a1618"))):
        cv.img[qy - 3:qy, qx] = col
        cv.img[qy - 4, qx] = col
        cv.img[qy - 3, qx - 1] = col
    for k in range(6):  # the white pieces Brass has taken, lined up on the ground
        cv.img[141:144, 146 + k * 3] = C("#f4f0e8")
        cv.img[140, 146 + k * 3] = C("#f4f0e8")
    crate(cv, 36, 146, 14, 10, C("#6a4a30"))  # Rook's tea on another crate
    cv.img[133:136, 41:43] = C("#e8e4dc")
    cv.img[134, 43] = C("#e8e4dc")
    cv.sprite(brass_robot("reach", flip=True), 106, 102)
    grumble(cv, 82, 112)
    return cv.out()


# ---------------------------------------------------------------- Wren and Orla
def pair_wren_orla():
    rng = np.random.default_rng(9201)
    cv = ending_canvas([(0.0, C("#0c1030")), (0.25, C("#141a44")), (0.5, C("#1e2858")), (0.75, C("#2a3a6a")),
                        (1.0, C("#3a4e7a"))], y1=112)
    cv.stars(rng, 70, 0, 100)
    sea(cv, 112, [C("#1e2e56"), C("#1a284c"), C("#162242"), C("#121c38")], C("#3a4e7a"), seed=3)
    # the beam sweeps out to the right, and Wren's orbs ride along it like fireflies
    lx, ly = 62, 68
    beam(cv, lx, ly, -0.12, 0.13, 200, C("#fff0b8"), 0.4)
    for k in range(46):
        d = rng.uniform(20, 170)
        a = -0.12 + rng.uniform(-0.11, 0.11) * (0.4 + d / 200)
        ox, oy = lx + math.cos(a) * d, ly + math.sin(a) * d
        if ox > EW - 2:
            continue
        r = 1.8 - d / 200
        cv.glow(ox, oy, [r + 2, r + 0.6], [cv.img[int(oy), int(ox)] * 0.5 + C("#9ad0a0") * 0.5, C("#c8f0c0")])
        cv.img[int(oy), int(ox)] = C("#f0fff0")
    # the top of the tower, close up: lantern, gallery and rail
    iron = C("#22222c")
    lantern_top(cv, lx, 92, 30, C("#e4e0d8") * 0.7, C("#b04040") * 0.7, C("#8a8890"), C("#fff2b0"), iron)
    cv.glow(lx, ly, [16, 10, 6], [C("#c8b87a"), C("#fff0b8"), C("#ffffff")])
    # Orla on the gallery by the lamp, behind the rail; Wren sitting on the rail, legs over the edge
    cv.sprite(person("orla", "hips"), 2, 58)
    gallery_rail(cv, 20, 104, 83, iron)
    cv.sprite(person("wren", "wave", sit=True), 86, 53)
    cv.glow(112, 40, [6, 4], [cv.img[40, 112] * 0.5 + C("#9ad0a0") * 0.5, C("#c8f0c0")])
    cv.sprite(familiar(), 106, 32)
    return cv.out()


# ---------------------------------------------------------------- Wren and Rook
def pair_wren_rook():
    rng = np.random.default_rng(9301)
    cv = Canvas(EW, EH)

    def morning(door):  # a clear morning over the airfield through the door on the left
        cv.sky([(0.0, C("#5a9ad0")), (0.5, C("#8abce0")), (1.0, C("#d0e4e8"))], y0=30, y1=112, mask=door)
        cv.clouds([(40, 58, 22, 7), (70, 52, 16, 6)], C("#f0f4f8"), C("#c0cce0"), C("#ffffff"), C("#98a8c8"), 9302)
        field = door & (cv.Y > 110)
        cv.fill(field, C("#7a9a52"))
        cv.fill(field & (cv.Y > 116), C("#6a8a48"))

    hangar_inside(cv, C("#6a4c40"), (10, 100, 30, 128), morning, bench_x=160, seed=9304)
    sun = cv.poly([(12, 128), (100, 128), (130, 160), (30, 160)])  # daylight on the floor
    cv.img[sun] = cv.img[sun] * 0.8 + C("#f0e0b0") * 0.2
    drum(cv, 214, 148, C("#a04a34"), r=5, h=12)
    drum(cv, 203, 152, C("#4a6a8a"), r=5, h=12)
    crate(cv, 180, 156, 14, 11, C("#8a6a44"))
    crate(cv, 183, 145, 10, 8, C("#7a5a3a"))
    propeller(cv, 136, 42)
    propeller(cv, 196, 30, span=10)
    for k in range(3):  # a stack of old tyres against the wall
        t = cv.ell(84, 126 - k * 4, 7, 2.4) & ~cv.ell(84, 126 - k * 4, 3, 1)
        cv.fill(t, C("#1e1a1e"))
        cv.fill(t & (cv.Y < 125 - k * 4), C("#3e3a40"))
    # the gyro, its engine overgrown: leaves and flowers burst from the cowling
    gx, gy = 70, 84
    ex, ey = gx + 48 + 24, gy + 36 + 1
    d = np.hypot(cv.X - ex, (cv.Y - ey + 6) * 1.2)  # a soft aura of magic around the engine
    for r, f in ((24, 0.12), (17, 0.22), (11, 0.3)):
        m = (d + cv.bay * 4) < r
        cv.img[m] = cv.img[m] * (1 - f) + C("#9ad0ff") * f
    cv.sprite(rook_gyro(pilot=False), gx, gy)
    mx = gx + 48 + 3
    for k, y in enumerate(range(gy + 36 - 4, gy + 36 - 22, -2)):  # a vine climbing the rotor mast
        x = mx + (1 if k % 2 else -2)
        cv.img[y, x:x + 2] = C("#5aa040")
        cv.img[y - 1, x + (1 if k % 2 else 0)] = C("#8ad060")
    cv.fill(cv.ell(mx - 2.5, gy + 36 - 21, 1.8), C("#f08ab0"))
    cv.img[gy + 36 - 22, mx - 3] = C("#ffffff")
    for k in range(14):
        a = rng.uniform(-math.pi, math.pi * 0.2)
        r = rng.uniform(3, 9)
        x, y = int(ex + math.cos(a) * r), int(ey + math.sin(a) * r * 0.8)
        cv.img[y, x] = C("#5aa040")
        cv.img[y, x + 1] = C("#8ad060")
        if k % 3 == 0:
            cv.fill(cv.ell(x + 0.5, y - 0.5, 1.6), C("#f08ab0") if k % 2 else C("#ffe070"))
            cv.img[y - 1, x] = C("#ffffff")
    for k in range(18):
        sparkle(cv, int(ex + rng.uniform(-22, 16)), int(ey + rng.uniform(-30, 8)), C("#9ad0ff"), big=k % 4 == 0)
    cv.glow(ex + 0.5, ey - 10, [6, 4.5], [cv.img[ey - 10, ex] * 0.6 + C("#9ad0ff") * 0.4, C("#b8e0ff")])
    cv.sprite(familiar(), ex - 6, ey - 18)
    # Rook, hands on hips, grumbling; Wren in the doorway, sorry
    cv.sprite(person("rook", "hips", flip=True), 150, 100)
    grumble(cv, 166, 104)
    cv.sprite(person("wren", "wave"), 40, 102)
    return cv.out()


# ---------------------------------------------------------------- Orla and Rook
def pair_orla_rook():
    cv = ending_canvas([(0.0, C("#2a2a5a")), (0.2, C("#4a3a6a")), (0.4, C("#8a4a6a")), (0.6, C("#d06a5a")),
                        (0.8, C("#f09a5a")), (1.0, C("#f8c878"))], y1=100)
    sx, sy = 70, 96
    cv.glow(sx, sy, [30, 20, 12], [C("#f8a060"), C("#ffc070"), C("#ffe0a0")])
    cv.fill(cv.ell(sx, sy, 9), C("#fff0c0"))
    cv.lit_bands([(150, 40, 50), (40, 56, 36), (190, 70, 30)], C("#8a4a6a"), C("#ffb080"))
    sea(cv, 100, [C("#c07060"), C("#9a5a5e"), C("#7a4a5a"), C("#5a3a52"), C("#442e48"), C("#34243c")],
        C("#e8a080"), seed=4, x_sun=sx, sun_col=C("#ffd090"))
    # the lighthouse on its headland, on the right, its lamp just lit
    head = rocks(cv, [(150, 102), (166, 92), (184, 86), (208, 84), (224, 86), (224, 108), (150, 108)],
                 C("#4a2e44"), C("#7a4a5a"), C("#2a1a2e"), seed=10)
    foam_line(cv, head, C("#f0c0a0"), y_min=100)
    lighthouse(cv, 200, 86, 34, 12, 8, C("#e0d0c8"), C("#b04040"), C("#a08890"), C("#fff2b0"), C("#2a2030"))
    # the jetty: planks on posts from the left out over the water
    jy = 122
    cv.img[jy:jy + 3, 0:178] = C("#7a5038")
    cv.img[jy, 0:178] = C("#b07a50")
    cv.img[jy:jy + 3, 0:178:5] = C("#5a3828")
    for px in range(4, 178, 18):
        cv.img[jy + 3:160, px:px + 3] = C("#3a2428")
        cv.img[jy + 3:160, px] = C("#5a3a38")
    # their craft parked at the landward end
    cv.sprite(orla_ornithopter(wings_up=False, lamp_on=False, pilot=False), 30, jy - 50)
    cv.sprite(rook_gyro(pilot=False, rotor=False), -8, jy - 47)
    # the two of them on the end, rods out; the lantern lit between them
    cv.sprite(person("orla", "reach", sit=True), 110, jy - 33)
    cv.sprite(person("rook", "reach", sit=True), 138, jy - 33)
    for who, x0 in (("orla", 110), ("rook", 138)):
        hx, hy = hand_pos("reach", sit=True, who=who)
        hx, hy = x0 + hx, jy - 33 + hy
        tip = (hx + 16, hy - 14)
        for t in np.linspace(0, 1, 24):
            cv.img[int(hy + (tip[1] - hy) * t), int(hx + (tip[0] - hx) * t)] = C("#2a1e1e")
        for t in np.linspace(0, 1, 30):
            x = tip[0] + t * 8
            cv.img[int(tip[1] + (140 - tip[1]) * t), int(x)] = C("#e8d8c8") * 0.7 + C("#f09a5a") * 0.3
    lx = 136
    cv.img[jy - 6:jy, lx - 2:lx + 2] = C("#8a6a2a")
    cv.glow(lx, jy - 4, [6, 3.5, 2], [C("#d08a50"), C("#ffd27a"), C("#fff6c8")])
    cv.img[jy - 7, lx - 2:lx + 2] = C("#3a2a20")
    bx = 104
    cv.img[jy - 5:jy - 3, bx:bx + 6] = C("#8a8a96")  # a bucket with a fish's tail: Orla's
    cv.img[jy - 3:jy, bx:bx + 6] = C("#6a6a76")
    cv.img[jy - 8:jy - 5, bx + 2] = C("#c0c8d0")
    cv.img[jy - 9, bx + 1:bx + 4] = C("#c0c8d0")
    return cv.out()
