"""Sprites for stage 1 (the countryside) and stage 2 (the harbour): the air and ground enemies
both stages share, and their mid-bosses and bosses.

gen_sprites.build() adds `ENEMIES` before the later stages' sprites and `BOSSES` after them (the
atlas keeps that order). Enemies face down (their front is at the bottom of the sprite).
"""
import math

import numpy as np

from pixlib import OUTLINE, R, Img, Scene, paste, poly_mask
from sprite_frames import anims, boss_parts, stills
from sprite_parts import (airship, broken_wall, charred_floor, embers, fallen_beams, hazard_band, hazard_pad,
                          noise_field, overlay, regular_polygon, rotor_blade, round_stack, side_pods, soft_edge, track,
                          twin_props)


# ====================================================================== enemies
def air_drone(f):
    s = Scene(16, 16, origin=(8, 8))
    for side in (-1, 1):
        s.lathe(4.6 * side, 0.5, [(-3.5, 0.2), (-2.5, 0.9), (0.5, 0.9), (1.5, 0.3)], R["gunmetal"], group="arm")
        s.ellipsoid((4.9 * side, -1.2, 1.5), (2.3, 2.3, 0.8), R["steel"], group="rot%d" % side, bias=-0.1, spec=0)
    s.ellipsoid((0, 0.5, 1.5), (4.0, 5.2, 3.2), R["red"], group="body")
    s.paint(s.mask_ellipse(0, -1.5, 4.2, 0.6, z=4), R["gunmetal"], parts=["body"])
    s.paint(np.abs(s.X) < 0.5, R["red"], parts=["body"], lvl_bias=-2)
    s.ellipsoid((0, 3.4, 3.0), (1.7, 1.6, 1.3), R["gunmetal"], group="lens")
    s.glow(0, 3.6, 1.0, 0.9, R["yellow"], z=5, levels=[4, 5])
    img = s.render()

    def rot(im):
        for side in (-1, 1):
            cx = 8 + 4.9 * side - 0.5
            a = (math.pi / 4 if f == 0 else -math.pi / 4) * side
            rotor_blade(im, cx, 6.8, 2.3, a, R["steel"][5], R["steel"][3])
    return overlay(img, rot)


def air_gyro(f):
    s = Scene(24, 24, origin=(12, 12))
    # tail boom (behind = up), nose (front = down)
    s.lathe(0, 1.0, [(-11, 0.6), (-3, 1.2)], R["olive"], group="boom")
    s.slab([(-3.5, -10.5), (3.5, -10.5), (3.5, -9), (-3.5, -9)], 1.0, R["olive"], group="tailfin", thick=0.8)
    s.lathe(0, 1.5, [(-5, 2.5), (0, 4.2), (5, 3.8), (8.5, 2.2), (10, 0.6)], R["olive"], group="body")
    s.ellipsoid((0, 4.8, 3.6), (2.2, 3.2, 2.0), R["glass"], group="glass", spec=1.0)
    for side in (-1, 1):
        s.lathe(4.4 * side, 1.0, [(0, 0.3), (1, 1.2), (5, 1.2), (6.5, 0.8)], R["gunmetal"], group="gun%d" % side)
    s.paint(np.abs(s.Y + 3) < 0.6, R["red"], parts=["body"])
    s.ellipsoid((0, 0, 5.2), (1.4, 1.4, 1.0), R["gunmetal"], group="hub")
    img = s.render()

    def rot(im):
        for k in range(2):
            a = (math.pi / 6 if f == 0 else math.pi / 6 + math.pi / 4) + k * math.pi / 2
            for sgn in (1, -1):
                for off in (0, 0.35):
                    x1 = 11.5 + math.cos(a + off * sgn) * 10.5 * sgn
                    y1 = 11.5 + math.sin(a + off * sgn) * 10.5 * sgn
                    im.line(11, 11, round(x1), round(y1), R["steel"][4] if off == 0 else R["steel"][2])
        im.px(11, 11, R["steel"][5])
        im.px(12, 11, R["steel"][3])
    return overlay(img, rot)


def air_fighter():
    s = Scene(22, 20, origin=(11, 10))
    for side in (-1, 1):
        wing = [(1.5 * side, -4), (9.8 * side, 2.5), (9.8 * side, 5), (6 * side, 4.5), (1.5 * side, 3)]
        s.slab(wing, 0.5, R["steel"], group="w%d" % side, thick=1.0, edge_ramp=R["gunmetal"])
        s.paint_poly([(8 * side, 0), (11 * side, 0), (11 * side, 6), (8 * side, 6)], R["red"], z=0.5,
                     parts=["w%d" % side])
        s.slab([(1 * side, -9), (4.5 * side, -8.8), (4.5 * side, -7), (1 * side, -5)], 0.8, R["steel"],
               group="t%d" % side, thick=0.8)
        s.lathe(3.2 * side, 1.3, [(-3, 0.4), (-1.5, 0.9), (4, 0.9), (5.5, 0.4)], R["gunmetal"], group="g%d" % side)
    s.lathe(0, 1.4, [(-9.2, 1.2), (-6, 2.2), (2, 2.4), (6, 1.6), (9.2, 0.3)], R["gunmetal"], group="body")
    s.ellipsoid((0, 2.5, 2.8), (1.1, 2.4, 1.0), R["glass"], group="glass", spec=1.0)
    s.paint(s.mask_ellipse(0, -8.0, 2.0, 1.2, z=3), R["fire"], parts=["body"])
    return s.render()


def air_zeppelin(f):
    s = Scene(28, 40, origin=(14, 20))
    # tail fins at the top (it flies downwards), envelope with armour bands
    airship(s, [(1, -19), (8.5, -19), (8.5, -16.5), (4, -11), (1, -11)], (-19.3, -9, 6.5, 5.0),
            [(-17, 2.0), (-13, 6.5), (-6, 9.0), (4, 9.2), (12, 7.0), (17, 3.5), (18.6, 0.5)], R["khaki"], R["red"],
            R["brown"], R["rust"], (-11, -4, 3, 10))
    side_pods(s, 10.8, [(-10, 0.8), (-8.5, 1.6), (-2, 1.6), (0, 0.8)])
    # top gun turret
    s.ellipsoid((0, 5, 9.0), (2.8, 2.8, 1.6), R["gunmetal"], group="tur")
    s.lathe(0, 10.0, [(5, 0.7), (10.5, 0.7)], R["gunmetal"], group="tbar")
    return twin_props(s.render(), 10.8, 9.5, f, R["steel"])


def tank_body(f):
    s = Scene(20, 22, origin=(10, 11))
    for side in (-1, 1):
        track(s, 5.6 * side, -10, 10, 1.5, R["gunmetal"], "tr%d" % side, 2.6, 2.2, 10, f)
    s.box(-5, -9, 5, 9.5, 3.0, R["olive"], group="hull", bevel=1.0)
    s.box(-3.5, -10, 3.5, -8, 2.6, R["olive"], group="eng", bevel=0.6)
    for yy in (-7.5, -5.5):
        s.paint(np.abs(s.Y - yy) < 0.5, R["olive"], parts=["hull"], lvl_bias=-2)
    round_stack(s, 0, 1.5, [(3.0, 4.4, 1.6, R["khaki"], "ring"), (4.0, 2.2, 0.8, R["olive"], "ring2")])
    s.px(-3, 8, R["red"][3], z=3)
    s.px(3, 8, R["red"][3], z=3)
    return s.render()


def turret_base():
    s = Scene(20, 20, origin=(10, 10))
    hazard_pad(s, 8, 9.0, math.pi / 8, R["slate"], R["yellow"], 7.2, 8, 0.2)
    round_stack(s, 0, 0, [(1.5, 6.2, 2.6, R["gunmetal"], "dome"), (3.6, 3.4, 1.0, R["steel"], "ring")])
    return s.render()


def gun_barrel():
    s = Scene(8, 16, origin=(4, 8))
    s.lathe(0, 2.0, [(0, 1.2), (5.5, 1.2), (6, 1.6), (7.4, 1.6)], R["gunmetal"], group="barrel")
    s.ellipsoid((0, 0, 2.0), (3.0, 3.0, 1.6), R["steel"], group="breech")
    s.lathe(0, 2.0, [(-5, 1.4), (-2, 1.8)], R["gunmetal"], group="back")
    s.px(0, 7, OUTLINE, z=2.0)
    return s.render()


def boat(f):
    s = Scene(20, 36, origin=(10, 18))
    hull = [(0, 16), (4.6, 9), (6.4, 0), (6.4, -12), (5.2, -15), (-5.2, -15), (-6.4, -12), (-6.4, 0), (-4.6, 9)]
    s.slab(hull, 1.0, R["slate"], group="hull", thick=1.5, edge_ramp=R["gunmetal"], bevel=1.0)
    inner = [(0, 13), (3.6, 8), (5, 0), (5, -11), (4, -13.5), (-4, -13.5), (-5, -11), (-5, 0), (-3.6, 8)]
    s.slab(inner, 1.6, R["khaki"], group="deck", bevel=0.3)
    s.paint(((s.X.astype(int) + 10) % 2 == 0) & (s.Y > -13), R["khaki"], parts=["deck"], lvl_bias=-1)
    s.box(-3.2, -9, 3.2, -2, 3.5, R["steel"], group="cabin", bevel=1.0)
    s.box(-2.2, -8, 2.2, -6.5, 4.5, R["glass"], group="win", bevel=0.0)
    s.ellipsoid((0, 4.5, 2.2), (2.6, 2.6, 1.4), R["gunmetal"], group="tur")
    s.lathe(0, 3.2, [(5, 0.7), (10.5, 0.7)], R["gunmetal"], group="gun")
    s.lathe(0, 4.5, [(-12.5, 0.9), (-10.5, 1.0)], R["red"], group="stack")
    img = s.render()
    # wake foam (behind = top) and bow spray
    im = Img(20, 36)
    rng = np.random.default_rng(5 + f)
    for k in range(14):
        y = 1 + k * 0.5
        spread = 3 + k * 0.35
        x = 10 + (rng.random() - 0.5) * 2 * spread
        im.px(int(x), int(y), R["white"][5 if k % 3 else 4])
    for side in (-1, 1):
        for k in range(5):
            yy = 30 - k * 4 - (2 if f else 0)
            im.px(int(10 + side * (7 + k * 0.2)) - (1 if side < 0 else 0), yy, R["white"][5])
            im.px(int(10 + side * (7.5 + k * 0.4)) - (1 if side < 0 else 0), yy + 1, R["white"][3])
    im.px(9, 35, R["white"][5])
    im.px(10, 35, R["white"][5])
    paste(im.a, img, 0, 0)
    return im.a


def building_roof():
    s = Scene(40, 40, origin=(20, 20))
    # gable roof: ridge runs left-right; upper slope faces the light
    s.slab([(-17, -16), (17, -16), (17, 0), (-17, 0)], 4, R["tile"], group="roofN", bevel=0.5,
           bias=0.1)
    s.slab([(-17, 0), (17, 0), (17, 16), (-17, 16)], 4, R["tile"], group="roofS", bevel=0.5, bias=-0.2)
    # tile rows and staggered seams
    rows = (np.abs(((s.Y + 16) % 3.2) - 0.2) < 0.5)
    s.paint(rows, R["tile"], parts=["roofN", "roofS"], lvl_bias=-1)
    seams = (((s.X + 20 + ((s.Y + 16) // 3.2 % 2) * 2) % 4) < 0.9) & ~rows
    s.paint(seams, R["tile"], parts=["roofN", "roofS"], lvl_bias=-1)
    rng = np.random.default_rng(3)
    tiles = rng.random((20, 20))
    ty = ((s.Y + 16) // 3.2).astype(int) % 20
    tx = ((s.X + 20 + ((s.Y + 16) // 3.2 % 2) * 2) // 4).astype(int) % 20
    tv = tiles[ty, tx]
    s.paint((tv > 0.85) & ~rows & ~seams, R["tile"], parts=["roofN", "roofS"], lvl_bias=1)
    s.paint((tv < 0.12) & ~rows & ~seams, R["rust"], parts=["roofN", "roofS"], lvl_bias=-1)
    s.paint(np.abs(s.Y) < 1.0, R["rust"], parts=["roofN", "roofS"], lvl_bias=1)  # ridge cap
    # chimney and a skylight
    s.box(8, -12, 12, -8, 7, R["slate"], group="chim", bevel=1.0)
    s.box(9, -11, 11, -9, 7.2, R["char"], group="chimhole", bevel=0)
    s.box(-12, 5, -6, 10, 4.5, R["glass"], group="sky", bevel=1.0)
    return s.render()


def building_ruin():
    rng = np.random.default_rng(77)
    s = Scene(40, 40, origin=(20, 20))
    charred_floor(s, 17, 16, 9, R["brown"], 0.55, 0.3)
    # broken walls: thick rim with gaps
    gaps = (np.abs(s.X - 6) < 3) & (s.Y < -12) | (np.abs(s.Y - 4) < 4) & (s.X > 13) | (np.abs(s.X + 9) < 2.5) & (
        s.Y > 12)
    broken_wall(s, (17, 16), (15, 14), gaps, R["slate"])
    # inner wall stubs and rubble
    for k in range(22):
        x, y = rng.uniform(-14, 14), rng.uniform(-13, 13)
        r = rng.uniform(0.8, 2.2)
        s.ellipsoid((x, y, 0.5), (r, r * rng.uniform(0.7, 1.2), r * 0.8), R["slate"] if k % 3 else R["tile"],
                    group="rub%d" % k, bias=-0.1)
    fallen_beams(s, rng, 3, 10, 13, 1.6, 2.0)
    img = s.render()
    embers(img, rng, 14, (5, 35), (5, 35))
    return img


def wreck_small():
    rng = np.random.default_rng(31)
    im = Img(20, 20)
    d = np.sqrt((im.X - 10) ** 2 + (im.Y - 10) ** 2)
    ang = np.arctan2(im.Y - 10, im.X - 10)
    nz = noise_field(20, 20, 4, 2.5)
    scorch = d < 7.5 + 2.5 * np.sin(ang * 5 + 1) * (nz - 0.3)
    im.fill(scorch, R["char"][2])
    im.fill(scorch & (d < 6), R["char"][1])
    im.fill(d < 3.6, R["char"][0])
    im.fill((d > 2.2) & (d < 3.6) & (im.Y < 10), R["char"][3])  # lit crater rim
    for k in range(9):
        x, y = int(10 + rng.normal(0, 3.5)), int(10 + rng.normal(0, 3.5))
        im.px(x, y, R["gunmetal"][3])
        im.px(x + 1, y, R["gunmetal"][1])
    for k in range(4):
        x, y = int(10 + rng.normal(0, 2)), int(10 + rng.normal(0, 2))
        im.px(x, y, R["fire"][2])
    # soft (dithered) edge instead of a hard outline: it sits on the ground
    return soft_edge(im.a)


# ====================================================================== bosses
def mid_hull():
    s = Scene(72, 48, origin=(36, 24))
    for side in (-1, 1):
        # armoured wings
        wing = [(6 * side, -12), (26 * side, -8), (33 * side, -3), (33 * side, 4), (26 * side, 9), (6 * side, 11)]
        s.slab(wing, 2, R["navy"], group="wing%d" % side, thick=2.5, edge_ramp=R["gunmetal"], bevel=1.0)
        # wing panel lines and red warning stripe
        s.paint(np.abs(s.X - 17 * side) < 0.5, R["navy"], parts=["wing%d" % side], lvl_bias=-2)
        s.paint(np.abs(s.X - 25 * side) < 0.5, R["navy"], parts=["wing%d" % side], lvl_bias=-2)
        s.paint((np.abs(s.Y - 7) < 1.0) & (np.abs(s.X) > 10), R["red"], parts=["wing%d" % side])
        # engines
        s.lathe(18 * side, 4, [(-21, 3.0), (-19, 4.6), (-8, 4.8), (-4, 3.5)], R["gunmetal"], group="eng%d" % side)
        s.paint(np.abs(s.Y + 15) < 0.6, R["steel"], parts=["eng%d" % side], lvl_bias=1)
        s.glow(18 * side, -21.4, 2.6, 1.0, R["cyan"], z=4, levels=[3, 4, 5])
        # pod mount pylons at the wing tips
        s.ellipsoid((30 * side, 0, 3.5), (3.2, 4.0, 2.2), R["gunmetal"], group="mnt%d" % side)
        # chin guns
        s.lathe(4.5 * side, 5, [(12, 1.0), (21, 1.0)], R["gunmetal"], group="cg%d" % side)
    # fuselage
    s.lathe(0, 3, [(-22, 4.5), (-18, 7.5), (-6, 9.5), (6, 9.0), (15, 6.5), (20, 3.5), (22.5, 1.0)], R["steel"],
            group="body")
    for yy in (-14, -4, 6):
        s.paint(np.abs(s.Y - yy) < 0.5, R["steel"], parts=["body"], lvl_bias=-2)
    s.paint((np.abs(s.X) < 1.5) & (s.Y < 4), R["red"], parts=["body"])
    s.ellipsoid((0, 12, 9), (3.4, 5.2, 3.0), R["glass"], group="bridge", spec=1.0)
    s.ellipsoid((0, -10, 11), (4.5, 4.5, 2.5), R["gunmetal"], group="top")
    s.lathe(0, 13, [(-8, 1.0), (0, 1.0)], R["gunmetal"], group="antenna")
    s.glow(0, -10, 1.6, 1.6, R["red"], z=14, levels=[3, 4, 5])
    return s.render()


def mid_pod():
    s = Scene(24, 24, origin=(12, 12))
    for side in (-1, 1):
        s.lathe(3.4 * side, 2.5, [(0, 1.4), (9, 1.3), (10.5, 1.6)], R["gunmetal"], group="b%d" % side)
    s.ellipsoid((0, -1, 2), (8.6, 9.6, 5.0), R["navy"], group="pod")
    s.paint(np.abs(s.Y + 1) < 0.8, R["red"], parts=["pod"])
    s.paint(np.abs(s.X) < 0.5, R["navy"], parts=["pod"], lvl_bias=-2)
    s.ellipsoid((0, 3.5, 5.5), (3.4, 3.0, 1.5), R["gunmetal"], group="lensring")
    s.glow(0, 3.6, 2.0, 1.8, R["red"], z=9, levels=[2, 3, 4, 5])
    s.px(-0.6, 2.8, (255, 255, 255), z=9)
    return s.render()


def gear_mask(X, Y, cx, cy, r, teeth, phase=0.0):
    d = np.sqrt((X - cx) ** 2 + (Y - cy) ** 2)
    a = np.arctan2(Y - cy, X - cx) + phase
    rr = r - 1.3 * (np.sin(a * teeth) < 0)
    return (d <= rr) & (d > r * 0.38)


def boss1_core():
    s = Scene(48, 48, origin=(24, 24))
    # tail feathers fanned at the top
    for k in range(-2, 3):
        a = math.radians(90 + k * 18)
        cx, cy = math.cos(a) * -16, math.sin(a) * -16
        pts = [(cx * 0.5 - 2.5 * math.sin(a), cy * 0.5 + 2.5 * math.cos(a) * 0.0 - 0),
               (cx - 3 * math.sin(a), cy), (cx * 1.35, cy * 1.35), (cx + 3 * math.sin(a), cy),
               (cx * 0.5 + 2.5 * math.sin(a), cy * 0.5)]
        s.slab(pts, 1 + abs(k) * 0.1, R["brass"] if k % 2 else R["steel"], group="tail%d" % k, thick=1.0,
               edge_ramp=R["brown"])
    # body
    s.ellipsoid((0, -2, 3), (13, 15.5, 8), R["brass"], group="body")
    s.paint(np.abs(np.abs(s.X) - 8) < 0.5, R["brass"], parts=["body"], lvl_bias=-2)
    # neck and head with a long steel beak pointing down
    s.lathe(0, 6, [(8, 4.5), (14, 3.5)], R["brass"], group="neck")
    s.ellipsoid((0, 15, 8), (5.0, 5.0, 3.6), R["gold"], group="head")
    s.lathe(0, 8, [(18, 2.0), (22, 1.3), (23.5, 0.2)], R["steel"], group="beak")
    for side in (-1, 1):
        s.glow(2.4 * side, 16.5, 1.2, 1.0, R["red"], z=13, levels=[4, 5])
    # clockwork on the back: a big gear plus a small one, and a glass core dome
    g1 = gear_mask(s.X, s.Y, 0, -5, 8.5, 10)
    d1 = np.sqrt(s.X ** 2 + (s.Y + 5) ** 2)
    s.paint((d1 < 9.6) & ~g1, R["brown"], parts=["body"], lvl_bias=-1)
    s.paint(g1, R["gold"], parts=["body"], lvl_bias=1)
    g2 = gear_mask(s.X, s.Y, 8, 5, 4.4, 6, 0.3)
    d2 = np.sqrt((s.X - 8) ** 2 + (s.Y - 5) ** 2)
    s.paint((d2 < 5.4) & ~g2 & (d1 > 9.6), R["brown"], parts=["body"], lvl_bias=-1)
    s.paint(g2 & (d1 > 9.6), R["steel"], parts=["body"], lvl_bias=1)
    s.ellipsoid((0, -5, 9.5), (3.2, 3.2, 2.2), R["glass"], group="dome", spec=1.2)
    s.glow(0, -5, 1.6, 1.6, R["cyan"], z=14, levels=[4, 5])
    for k in range(8):
        a = k * math.pi / 4
        s.px(11 * math.cos(a), -2 + 13 * math.sin(a), R["gold"][5], z=5)
    return s.render()


def boss1_wing():
    # left wing: root on the right edge, leading edge (front) at the bottom, feathers trail upwards
    s = Scene(56, 32, origin=(28, 16))
    # feathers: long tapered plates from the arm towards the upper-left
    for k in range(9):
        t = k / 8.0
        rx = 24 - t * 48  # root x along the arm
        ry = 8 - t * 4 - 4 * math.sin(t * math.pi) * 0.5
        ang = math.radians(-100 - t * 55)
        ln = 12 + 7.5 * math.sin(t * math.pi * 0.85)
        wd = 3.0
        tipx, tipy = rx + math.cos(ang) * ln, ry + math.sin(ang) * ln
        px_, py_ = -math.sin(ang) * wd, math.cos(ang) * wd
        pts = [(rx + px_, ry + py_), (tipx + px_ * 0.6, tipy + py_ * 0.6), (tipx + math.cos(ang) * 2.5,
                                                                             tipy + math.sin(ang) * 2.5),
               (tipx - px_ * 0.6, tipy - py_ * 0.6), (rx - px_, ry - py_)]
        s.slab(pts, 1 + k * 0.25, R["steel"] if k % 2 else R["brass"], group="f%d" % k, thick=1.0,
               edge_ramp=R["gunmetal"], bevel=1.0)
        s.paint_poly([(tipx + px_ * 0.7, tipy + py_ * 0.7), (tipx + math.cos(ang) * 3, tipy + math.sin(ang) * 3),
                      (tipx - px_ * 0.7, tipy - py_ * 0.7),
                      (tipx - math.cos(ang) * 3, tipy - math.sin(ang) * 3)], R["red"], parts=["f%d" % k])
    # the arm (leading edge) made of riveted segments
    for k in range(12):
        t = k / 11.0
        x = 26 - t * 50
        y = 9 - t * 4 - 2 * math.sin(t * math.pi)
        s.ellipsoid((x, y, 5), (3.2, 2.6, 2.2), R["gold"] if k % 3 == 0 else R["brass"], group="arm")
    round_stack(s, 23.5, 8, [(6, 4.2, 3, R["gold"], "joint"), (9, 1.6, 1, R["steel"], "pin")])
    return s.render()


def boss1_cannon():
    s = Scene(20, 24, origin=(10, 10))
    s.lathe(0, 3, [(0, 2.4), (10, 2.2), (11, 2.9), (13.2, 2.9)], R["gunmetal"], group="barrel")
    s.paint(np.abs(s.Y - 5) < 0.6, R["brass"], parts=["barrel"])
    round_stack(s, 0, -1, [(2, 8.2, 4.5, R["brass"], "base"), (6, 4.2, 1.8, R["gold"], "cap")])
    for k in range(8):
        a = k * math.pi / 4
        s.px(6.3 * math.cos(a), -1 + 6.3 * math.sin(a), R["gold"][5], z=6)
    s.px(0, 12.5, OUTLINE, z=6)
    return s.render()


def boss2_hull():
    s = Scene(96, 64, origin=(48, 32))
    # walking legs poking out at the corners
    for sx in (-1, 1):
        for sy in (-1, 1):
            s.ellipsoid((40 * sx, 22 * sy, 1), (6.5, 6.5, 4), R["gunmetal"], group="leg%d%d" % (sx, sy))
            s.ellipsoid((40 * sx, 22 * sy, 4), (3.0, 3.0, 2), R["steel"], group="legj%d%d" % (sx, sy))
    hull = [(-30, -30), (30, -30), (44, -16), (46, 4), (36, 22), (14, 30.5), (-14, 30.5), (-36, 22), (-46, 4),
            (-44, -16)]
    s.slab(hull, 4, R["slate"], group="hull", thick=3.0, edge_ramp=R["gunmetal"], bevel=1.2)
    deck = [(-27, -26), (27, -26), (39, -14), (41, 3), (33, 19), (12, 26), (-12, 26), (-33, 19), (-41, 3),
            (-39, -14)]
    s.slab(deck, 5, R["khaki"], group="deck", bevel=0.5)
    planks = (((s.Y + 40) % 3) < 0.8)
    s.paint(planks, R["khaki"], parts=["deck"], lvl_bias=-1)
    stag = (((s.X + 50 + ((s.Y + 40) // 3 % 2) * 6) % 12) < 0.9)
    s.paint(stag & ~planks, R["khaki"], parts=["deck"], lvl_bias=-1)
    # hazard stripe band around the deck edge
    inner = poly_mask(s.X, s.Y, [(x * 0.9, y * 0.88) for x, y in deck])
    hazard_band(s, ["deck"], ~inner, s.X + s.Y, 6, dark=R["gunmetal"])
    # turret rings (turrets are separate sprites) and stacks
    for x, y in ((-28, -4), (28, -4), (-16, 16), (16, 16)):
        s.ellipsoid((x, y, 5.2), (7, 6.5, 1.0), R["gunmetal"], group="ring%d%d" % (x, y), spec=0)
    for sx in (-1, 1):
        s.lathe(10 * sx, 6, [(-29, 3.0), (-20, 3.0)], R["red"], group="stk%d" % sx)
        s.ellipsoid((10 * sx, -28.5, 9), (2.0, 1.2, 0.5), R["char"], group="stkh%d" % sx)
    # bow lights
    for x in (-8, 8):
        s.glow(x, 27.5, 1.0, 1.0, R["yellow"], z=10, levels=[5])
    return s.render()


def boss2_core():
    s = Scene(56, 56, origin=(28, 28))
    s.slab(regular_polygon(8, 24.5, math.pi / 8), 2, R["gunmetal"], group="base", thick=2, bevel=1.5)
    s.paint(np.sqrt(s.X ** 2 + s.Y ** 2) > 21, R["slate"], parts=["base"], lvl_bias=0)
    for k in range(8):
        a = k * math.pi / 4
        s.px(22.5 * math.cos(a), 22.5 * math.sin(a), R["steel"][5], z=2)
    s.ellipsoid((0, 0, 3), (17, 17, 9), R["navy"], group="dome")
    ang = np.arctan2(s.Y, s.X)
    rr = np.sqrt(s.X ** 2 + s.Y ** 2)
    s.paint((np.abs(np.sin(ang * 4)) < 0.12) & (rr > 8), R["navy"], parts=["dome"], lvl_bias=-2)
    s.ellipsoid((0, 2, 11), (8, 8, 2.8), R["gunmetal"], group="eyering")
    s.glow(0, 2, 6.0, 6.0, R["cyan"], z=20, levels=[1, 2, 3, 4, 5])
    s.glow(0, 2, 2.2, 2.2, R["white"], z=21, levels=[5])
    # radar mast at the back
    s.lathe(0, 12, [(-19, 0.8), (-11, 0.8)], R["steel"], group="mast")
    s.ellipsoid((0, -19.5, 13), (4.5, 1.8, 1.0), R["steel"], group="dish")
    for side in (-1, 1):
        s.glow(12 * side, -12, 1.2, 1.2, R["red"], z=12, levels=[4, 5])
    return s.render()


def boss2_turret():
    s = Scene(28, 28, origin=(14, 11))
    for side in (-1, 1):
        s.lathe(3.0 * side, 4, [(0, 1.4), (11.5, 1.3), (12.5, 1.8), (14.6, 1.8)], R["gunmetal"], group="b%d" % side)
    s.ellipsoid((0, -1, 2), (9.6, 9.6, 5), R["slate"], group="housing")
    s.box(-6, -8.5, 6, 4, 6.2, R["slate"], group="roof", bevel=1.2)
    s.paint(np.abs(s.Y + 5) < 0.6, R["slate"], parts=["roof"], lvl_bias=-2)
    s.ellipsoid((-3, -5.5, 7), (1.8, 1.8, 1), R["gunmetal"], group="hatch")
    s.box(-4.5, 1.5, 4.5, 3.0, 6.6, R["yellow"], group="stripe", bevel=0)
    return s.render()


ENEMIES = [
    *anims(2, air_drone, air_gyro),
    *stills(air_fighter),
    *anims(2, air_zeppelin, tank_body),
    *stills(turret_base, gun_barrel),
    *anims(2, boat),
    *stills(building_roof, building_ruin, wreck_small),
]
BOSSES = boss_parts(1, mid_hull, mid_pod, boss1_core, boss1_wing, boss1_cannon, boss2_core, boss2_turret, boss2_hull)
