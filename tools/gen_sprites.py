#!/usr/bin/env python3
"""Generate the SkySweep sprite atlas: assets/sprites/atlas.png + atlas.ron.

Run from the repository root:  python3 tools/gen_sprites.py
Optional: --preview DIR   also writes upscaled contact sheets into DIR.
Deterministic: every random choice uses a fixed seed.
"""
import math
import os
import sys

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sprites_s34  # noqa: E402  (stages 3 and 4)
from pixlib import (OUTLINE, R, Atlas, Img, Ramp, Scene, contact_sheet, dilate, erode,  # noqa: E402
                    paste, poly_mask, shift)
from sprite_frames import anims, boss_parts, stills  # noqa: E402
from sprite_parts import (broken_wall, charred_floor, embers, fallen_beams, hazard_band, hazard_pad,  # noqa: E402
                          noise_field, overlay, prop_blur, regular_polygon, rotor_blade, soft_edge, track)
import sprites_s56  # noqa: E402  (stages 5 and 6)

BANK = [-38, -19, 0, 19, 38]  # roll angles (degrees) for hard-left .. hard-right


# ====================================================================== player ships
def ship_vela(roll):
    s = Scene(24, 28, origin=(12, 14), roll=roll)
    # long glider wings with a curved leading edge
    for side in (-1, 1):
        wing = []
        for i in range(9):
            t = i / 8.0
            wing.append(((1.5 + 9.2 * t) * side, -3.2 + 4.6 * t ** 1.4))
        wing += [(10.9 * side, 3.3), (9.5 * side, 4.4), (6 * side, 4.6), (1.5 * side, 5.2)]
        s.slab(wing, 0.5, R["cream"], group="wing%d" % side, thick=1.2, edge_ramp=R["brown"])
        s.paint_poly([(7.6 * side, -3), (11.2 * side, -3), (11.2 * side, 6), (7.6 * side, 6)], R["orange"], z=0.5,
                     parts=["wing%d" % side])
        s.paint_poly([(6.4 * side, -3), (6.9 * side, -3), (6.9 * side, 6), (6.4 * side, 6)], R["orange"], z=0.5,
                     parts=["wing%d" % side])
        # small tail fins
        s.slab([(0.8 * side, 7.5), (4.6 * side, 10.0), (4.6 * side, 11.4), (0.8 * side, 11.2)], 0.8, R["orange"],
               group="tail%d" % side, thick=1.0, edge_ramp=R["brown"])
    # fuselage
    s.lathe(0, 1.2, [(-12.4, 0.3), (-11, 1.0), (-8, 1.9), (-2, 2.4), (5, 2.0), (10, 1.1), (12.2, 0.5)], R["orange"],
            group="body")
    # rider: cream coat, orange hair with goggles, red scarf fluttering behind
    s.ellipsoid((0, 2.4, 3.0), (1.8, 2.4, 1.5), R["cream"], group="rider")
    s.ellipsoid((0, -0.4, 4.0), (1.6, 1.7, 1.5), R["hair_o"], group="head")
    s.paint(s.mask_ellipse(0, -1.6, 1.7, 0.55, z=4.5), R["gunmetal"], parts=["head"], lvl_bias=1)
    for i, (x, y) in enumerate([(0.9, 4.6), (1.4, 5.6), (1.3, 6.6), (1.9, 7.6), (2.4, 8.4)]):
        s.ellipsoid((x, y, 3.4 - i * 0.25), (0.7, 0.75, 0.5), R["red"], group="scarf", spec=0)
    # canopy
    s.ellipsoid((0, -6.6, 2.4), (1.1, 2.4, 1.0), R["glass"], group="glass", spec=1.0)
    # exhaust glow
    s.glow(0, 12.4, 1.0, 1.0, R["yellow"], z=1.0, levels=[3, 5])
    return s.render()


def ship_brass(roll):
    s = Scene(24, 28, origin=(12, 14.5), roll=roll)
    for side in (-1, 1):
        # stubby riveted wings
        wing = [(3 * side, -2.5), (10.5 * side, -0.5), (10.5 * side, 4.5), (3 * side, 6)]
        s.slab(wing, 0.5, R["brown"], group="wing%d" % side, thick=1.5, edge_ramp=R["char"])
        s.paint_poly([(9.2 * side, -2), (11 * side, -2), (11 * side, 5), (9.2 * side, 5)], R["gold"], z=0.5,
                     parts=["wing%d" % side], lvl_bias=-1)
        # arm cannons with gold shoulder balls
        s.lathe(7.2 * side, 2.2, [(-10.5, 0.9), (-9.5, 1.3), (-2, 1.3), (0, 1.7), (3, 1.7)], R["gunmetal"],
                group="gun%d" % side)
        s.paint(np.abs(s.Y + 9.3) < 0.5, R["brass"], parts=["gun%d" % side])
        s.ellipsoid((7.2 * side, 0.5, 2.8), (2.0, 2.0, 1.7), R["gold"], group="sh%d" % side)
        # smoke stacks at the back
        s.lathe(2.7 * side, 3.0, [(4, 1.1), (10.0, 1.2), (11.0, 1.6)], R["gunmetal"], group="stack%d" % side)
    # chunky round boiler body
    s.ellipsoid((0, 1.0, 2.5), (6.0, 7.0, 4.5), R["brass"], group="body")
    s.paint(s.mask_ellipse(0, 1.2, 7, 0.6, z=6), R["gold"], parts=["body"], lvl_bias=1)
    s.paint(s.mask_ellipse(0, 4.2, 2.4, 1.9, z=6), R["gunmetal"], parts=["body"])  # furnace hatch
    s.glow(0, 4.3, 1.5, 1.1, R["fire"], z=6, levels=[2, 3, 4])
    for x, y in ((-4.2, -1.5), (4.2, -1.5), (-4.6, 3.5), (4.6, 3.5)):
        s.px(x, y, R["gold"][5], z=3.5)
    # head dome with a visor and two glowing eyes
    s.ellipsoid((0, -4.6, 4.6), (3.3, 3.0, 2.6), R["gold"], group="head")
    s.paint(s.mask_ellipse(0, -6.4, 2.8, 0.9, z=6.2), R["gunmetal"], parts=["head"], lvl_bias=-1)
    s.px(-1.2, -6.5, R["cyan"][5], z=6.2)
    s.px(1.2, -6.5, R["cyan"][5], z=6.2)
    for side in (-1, 1):
        s.glow(2.7 * side, 11.6, 1.1, 0.9, R["white"], z=3, levels=[3, 5])
    return s.render()


def ship_wren(roll):
    s = Scene(24, 28, origin=(12, 14), roll=roll)
    leaf = []
    for i in range(24):
        t = i / 23.0
        y = -12 + 21 * t
        w = 8.4 * math.sin(math.pi * (t ** 0.8)) ** 0.9
        leaf.append((w, y))
    outline_pts = [(x, y) for x, y in leaf] + [(-x, y) for x, y in reversed(leaf)]
    s.slab(outline_pts, 0.5, R["leaf"], group="leaf", thick=1.2, edge_ramp=R["green"])
    X = s.X / s.c
    Y = s.Y
    vein = (np.abs(X) < 0.5) & (Y > -11) & (Y < 8.5)
    for k in range(-9, 6, 3):
        vein |= (np.abs((Y - k) - np.abs(X) * 0.8) < 0.45) & (np.abs(X) < 6.8) & (np.abs(X) > 0.4)
    s.paint(vein, R["green"], parts=["leaf"], lvl_bias=-1)
    # stem = broom handle, with a straw tuft
    s.lathe(0, 1.5, [(7, 0.8), (10, 0.7)], R["brown"], group="stem")
    s.lathe(0, 1.5, [(9.4, 0.7), (11, 1.9), (12.6, 1.6)], R["khaki"], group="tuft")
    # mage: dark cape, green hair tufts, a wide hat whose tip bends backwards
    s.ellipsoid((0, 3.0, 3.0), (2.5, 2.8, 1.6), R["navy"], group="robe")
    s.ellipsoid((-2.4, 0.6, 3.6), (1.0, 1.0, 0.8), R["green"], group="hair")
    s.ellipsoid((2.4, 0.6, 3.6), (1.0, 1.0, 0.8), R["green"], group="hair")
    s.ellipsoid((0, -1.4, 4.6), (4.2, 3.3, 0.5), R["violet"], group="brim", bias=0.05, spec=0)
    s.lathe(0, 5.6, [(-3.2, 1.9), (-1.5, 1.7), (0.5, 1.1), (2.2, 0.55), (3.6, 0.2)], R["violet"], group="tip",
            bias=-0.05)
    s.paint(np.abs(s.Y + 2.3) < 0.5, R["yellow"], parts=["tip"], lvl_bias=-1)
    s.glow(0, 3.9, 0.6, 0.6, R["yellow"], z=7, levels=[5])
    # familiar: a little round spirit floating at the right
    s.ellipsoid((7.4, 8.0, 3.0), (1.9, 1.8, 1.6), R["white"], group="fam")
    s.ellipsoid((6.3, 6.6, 3.4), (0.5, 0.7, 0.5), R["white"], group="fam")
    s.ellipsoid((8.5, 6.6, 3.4), (0.5, 0.7, 0.5), R["white"], group="fam")
    s.px(6.9, 7.8, R["violet"][0], z=4.5)
    s.px(8.1, 7.8, R["violet"][0], z=4.5)
    s.glow(0, -11.4, 0.8, 0.8, R["pink"], z=2, levels=[4, 5])
    return s.render()


# ====================================================================== portraits
def draw_pattern(s, x0, y0, rows, cmap, z=50.0):
    for j, row in enumerate(rows):
        for i, ch in enumerate(row):
            if ch in cmap:
                s.px(x0 + i + 0.5, y0 + j + 0.5, cmap[ch], z=0)


def portrait_panel(top, bottom, frame):
    img = np.zeros((48, 48, 4), np.uint8)
    for y in range(48):
        t = y / 47.0
        # banded (dithered) vertical gradient
        for x in range(48):
            tt = t + ((x + y) % 2) * 0.04
            c = [int(top[i] + (bottom[i] - top[i]) * min(1, tt)) for i in range(3)]
            img[y, x, :3] = c
    img[..., 3] = 255
    # light rays
    ys, xs = np.mgrid[0:48, 0:48]
    ray = ((xs - ys * 0.5) // 6) % 3 == 0
    img[ray, :3] = np.minimum(255, img[ray, :3].astype(int) + 14)
    img[0, :, :3] = frame
    img[47, :, :3] = frame
    img[:, 0, :3] = frame
    img[:, 47, :3] = frame
    for x, y in ((0, 0), (47, 0), (0, 47), (47, 47)):
        img[y, x, 3] = 0
    return img


def finish_portrait(panel, fg):
    out = panel.copy()
    paste(out, fg, 0, 0)
    # keep the frame on top
    edge = np.zeros((48, 48), bool)
    edge[0, :] = edge[-1, :] = edge[:, 0] = edge[:, -1] = True
    out[edge] = panel[edge]
    return out


EYE_L = [".kkkk", "kwiik", "kiIi.", ".iIi.", "..k.."]
EYE_R = ["kkkk.", "kwiik", ".iIik", ".iIi.", "..k.."]


def face_eyes(s, xl, xr, y, iris):
    cm = {"k": OUTLINE, "w": (255, 255, 255), "i": iris[1], "I": iris[4]}
    draw_pattern(s, xl, y, EYE_L, cm)
    draw_pattern(s, xr, y, EYE_R, cm)


def portrait_vela():
    s = Scene(48, 48, origin=(0, 0))
    # shoulders: cream flight jacket with a red scarf
    s.ellipsoid((24, 52, 0), (20, 14, 8), R["cream"], group="coat")
    s.ellipsoid((24, 40.5, 6), (10, 4.2, 4), R["red"], group="scarf")
    s.ellipsoid((31, 44, 7), (3.5, 5, 3), R["red"], group="scarf2")
    # hair behind the head
    s.ellipsoid((24, 20, -4), (14, 13, 8), R["hair_o"], group="hairback")
    s.ellipsoid((24, 24, 4), (10.5, 11.5, 8), R["skin"], group="face", bias=0.08)
    s.ellipsoid((12.5, 25, 2), (2, 3, 2), R["skin"], group="ear")
    s.ellipsoid((35.5, 25, 2), (2, 3, 2), R["skin"], group="ear")
    # bangs
    for cx, cy, rx, ry in ((16, 15, 5.5, 6), (22, 13.5, 6, 6), (29, 14, 6, 6), (33.5, 17, 4, 6.5), (14, 19, 3, 6)):
        s.ellipsoid((cx, cy, 10), (rx, ry, 4), R["hair_o"], group="bangs")
    # aviator goggles pushed up on the hair
    s.lathe(24, 14.0, [(8.5, 1.0), (9.5, 1.1)], R["char"], group="strap")
    for gx in (19, 29):
        s.ellipsoid((gx, 9.5, 15), (3.6, 3.2, 2), R["brass"], group="gog")
        s.ellipsoid((gx, 9.5, 16.5), (2.5, 2.1, 1.2), R["glass"], group="lens", spec=1.2)
    face_eyes(s, 16, 27, 23, R["green"])
    draw_pattern(s, 21, 27, ["..k..", ".k..."], {"k": R["skin"][1]})  # nose hint
    draw_pattern(s, 21, 31, ["k...k", ".kkk.", "..r.."], {"k": R["red"][0], "r": R["red"][3]})
    draw_pattern(s, 15, 29, ["pp"], {"p": R["pink"][4]})
    draw_pattern(s, 32, 29, ["pp"], {"p": R["pink"][4]})
    fg = s.render()
    return finish_portrait(portrait_panel((250, 196, 120), (196, 84, 52), R["orange"][0]), fg)


def portrait_brass():
    s = Scene(48, 48, origin=(0, 0))
    # shoulders and neck pipes
    s.ellipsoid((24, 54, 0), (22, 15, 8), R["brass"], group="sh")
    s.ellipsoid((8, 42, 4), (6, 5, 4), R["gold"], group="pad")
    s.ellipsoid((40, 42, 4), (6, 5, 4), R["gold"], group="pad2")
    # chimney on top with a puff of steam
    s.lathe(33, 2, [(5, 2.2), (6, 1.8), (11, 1.8)], R["gunmetal"], group="chim")
    for i, (x, y, r) in enumerate(((34, 3.2, 2.6), (38.5, 2.4, 2.2), (42.5, 3.4, 1.7))):
        s.ellipsoid((x, y, 20 - i), (r, r * 0.9, r), R["white"], group="steam%d" % i, spec=0, bias=0.1)
    # dome head
    s.ellipsoid((24, 22, 2), (15, 15, 10), R["gold"], group="head")
    # face plate
    s.ellipsoid((24, 27, 10), (11, 9, 3), R["gunmetal"], group="plate")
    # porthole eyes with brass rims
    for ex in (19, 29):
        s.ellipsoid((ex, 24, 14), (3.8, 3.8, 2), R["brass"], group="rim%d" % ex)
        s.glow(ex, 24, 2.6, 2.6, R["cyan"], z=20, levels=[2, 3, 4, 5])
        s.px(ex - 1, 23, (255, 255, 255))
    # grille mouth
    for j in range(3):
        s.box(19, 30 + j * 2, 29, 30.9 + j * 2, 14, R["brass"], group="grill%d" % j, bevel=0)
    # rivets around the dome
    for k in range(9):
        a = math.pi * (1.1 + 0.8 * k / 8)
        s.px(24 + 13 * math.cos(a), 22 + 13 * math.sin(a), R["gold"][5])
    # forehead plate seam
    s.paint(np.abs(s.Y - 14) < 0.5, R["brass"], parts=["head"], lvl_bias=-1)
    fg = s.render()
    return finish_portrait(portrait_panel((206, 180, 128), (92, 64, 44), R["brown"][0]), fg)


def portrait_wren():
    s = Scene(48, 48, origin=(0, 0))
    s.ellipsoid((24, 54, 0), (19, 14, 8), R["navy"], group="cloak")
    s.ellipsoid((24, 41, 6), (5, 3, 3), R["yellow"], group="clasp")
    # hair behind
    s.ellipsoid((24, 26, -4), (13, 12, 8), R["green"], group="hairback")
    s.ellipsoid((24, 27, 4), (10, 10.5, 8), R["skin"], group="face", bias=0.08)
    for cx, cy, rx, ry in ((15, 21, 4.5, 5), (20, 19, 5, 4.5), (28, 19, 5, 4.5), (33, 21, 4.5, 5)):
        s.ellipsoid((cx, cy, 10), (rx, ry, 4), R["green"], group="bangs")
    # big witch hat: brim then a cone bending to the right
    s.ellipsoid((24, 16, 14), (22, 4.5, 2), R["violet"], group="brim")
    pts = [(11, 15), (16, 6), (22, 1.5), (30, 1), (38, 3), (41, 6), (35, 5.5), (31, 8), (34, 15)]
    s.slab(pts, 16, R["violet"], group="cone", bevel=1.0)
    s.paint(poly_mask(s.X, s.Y, [(11, 15), (34, 15), (34.5, 12), (12, 11.5)]), R["yellow"], parts=["cone"],
            lvl_bias=-1)
    s.glow(41, 6.5, 1.8, 1.8, R["yellow"], z=30, levels=[4, 5])
    face_eyes(s, 16, 27, 26, R["violet"])
    draw_pattern(s, 21, 34, [".kkk.", "..r.."], {"k": R["red"][0], "r": R["pink"][3]})
    draw_pattern(s, 15, 32, ["pp"], {"p": R["pink"][4]})
    draw_pattern(s, 32, 32, ["pp"], {"p": R["pink"][4]})
    # familiar peeking over the shoulder
    s.ellipsoid((39, 39, 20), (5.5, 5, 4), R["white"], group="fam")
    s.ellipsoid((35.5, 34.5, 20), (1.4, 2.2, 1), R["white"], group="fam")
    s.ellipsoid((42.5, 34.5, 20), (1.4, 2.2, 1), R["white"], group="fam")
    draw_pattern(s, 37, 38, ["k.k"], {"k": OUTLINE})
    draw_pattern(s, 36, 40, ["p...p"], {"p": R["pink"][4]})
    fg = s.render()
    return finish_portrait(portrait_panel((150, 210, 150), (70, 50, 120), R["violet"][0]), fg)


# ====================================================================== small 2-D things
def from_rows(rows, cmap):
    h, w = len(rows), len(rows[0])
    im = Img(w, h)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in cmap:
                im.px(x, y, cmap[ch])
    return im.a


def hitbox_dot():
    return from_rows([".rrrr.", "rpwwpr", "rwwwwr", "rwwwwr", "rpwwpr", ".rrrr."],
                     {"r": R["red"][2], "p": R["pink"][4], "w": (255, 255, 255)})


def glow_shape(w, h, fn, ramp, levels, outline=OUTLINE, alpha_rim=None):
    """fn(X, Y) -> 'distance' field, 1 at the rim, 0 in the centre; banded by levels (rim..centre)."""
    im = Img(w, h)
    d = fn(im.X, im.Y)
    hit = d <= 1.0
    k = np.clip(((1 - d) * len(levels)).astype(int), 0, len(levels) - 1)
    for i, lv in enumerate(levels):
        m = hit & (k == i)
        col = ramp[lv] if isinstance(lv, int) else lv
        im.fill(m, col)
    if outline is not None:
        im.outline(outline)
    return im.a


def ell_fn(cx, cy, rx, ry, p=2.0):
    return lambda X, Y: (np.abs((X - cx) / rx) ** p + np.abs((Y - cy) / ry) ** p) ** (1.0 / p)


def teardrop_fn(cx, top, bottom, rx, up=True):
    """pointed at the top (up=True) or bottom, round at the other end."""
    def f(X, Y):
        L = bottom - top
        t = (Y - top) / L if up else (bottom - Y) / L
        t = np.clip(t, 0, 1)
        width = rx * np.sqrt(np.clip(np.sin(np.pi * np.clip(t, 0, 1) ** 0.7), 0, 1))
        dx = np.abs(X - cx) / np.maximum(width, 1e-3)
        dy = np.where((Y < top) | (Y > bottom), 2.0, 0.0)
        dd = np.maximum(dx, np.abs(2 * t - 1) ** 3)
        return dd + dy
    return f


def shot_vela(f):
    lv = [2, 3, 4, 5] if f == 0 else [3, 4, 5, 5]
    return glow_shape(6, 12, teardrop_fn(3, 0.5, 11.5, 2.9), R["fire"], lv, outline=None)


def shot_brass(f):
    im = Img(4, 16)
    body = R["gold"]
    for y in range(16):
        for x in range(4):
            if y < 2 and x in (0, 3):
                continue
            c = body[3] if x == 1 else body[4] if x == 2 else body[2]
            if y < 3:
                c = (255, 255, 230) if f == 0 else body[5]
            if y > 12:
                c = R["fire"][3 if (y + f) % 2 else 4]
            im.px(x, y, c)
    return im.a


def shot_wren(f):
    im = Img(8, 8)
    im.radial(4, 4, 3.2 if f == 0 else 3.6, R["magenta"], [2, 3, 4, 5])
    im.px(3, 3, (255, 255, 255))
    if f == 0:
        for x, y in ((0, 4), (7, 3), (4, 0), (3, 7)):
            im.px(x, y, R["pink"][5])
    else:
        for x, y in ((1, 1), (6, 1), (1, 6), (6, 6)):
            im.px(x, y, R["pink"][5])
    return im.a


def bullet(size, ramp, f, core=(255, 255, 255)):
    im = Img(size, size)
    c = size / 2.0
    r = c - 1.0
    if f == 0:
        levels = [3, 4] if size <= 6 else [2, 3, 4, 5]
    else:
        levels = [4, 5] if size <= 6 else [3, 4, 5, 5]
    im.radial(c, c, r, ramp, levels)
    cr = max(0.9, r * (0.35 if f == 0 else 0.45))
    im.disc(c, c, cr, core)
    if size >= 8:
        im.px(int(c - r * 0.5), int(c - r * 0.5), (255, 255, 255))
    im.outline(OUTLINE)
    return im.a


def bullet_needle(f):
    im = Img(4, 12)
    y = R["yellow"]
    for j in range(1, 11):
        for i in range(1, 3):
            c = y[4] if i == 1 else y[3]
            if f == 1:
                c = y[5] if i == 1 else y[4]
            if j >= 7:
                c = (255, 255, 255) if (i == 1 or f == 1) else y[5]
            im.px(i, j, c)
    im.outline(OUTLINE)
    # pointed tip at the bottom
    im.px(0, 10, (0, 0, 0, 0))
    im.px(3, 10, (0, 0, 0, 0))
    im.px(1, 11, OUTLINE)
    im.px(2, 11, OUTLINE)
    im.a[10, 1:3, :3] = (255, 255, 255)
    return im.a


# ---------------------------------------------------------------- glyph bits for item letters
LETTERS = {
    "P": ["####.", "##.##", "##.##", "####.", "##...", "##..."],
    "B": ["####.", "##.##", "####.", "##.##", "##.##", "####."],
}


def capsule(ramp, letter, f):
    s = Scene(16, 16, origin=(8, 8))
    s.ellipsoid((0, 0, 0), (6.6, 5.6, 4), ramp, group="shell", spec=1.0)
    s.lathe(0, 0, [(-6.2, 0.0), (-5.9, 2.0), (5.9, 2.0), (6.2, 0)], R["steel"], group="band") if False else None
    s.paint(np.abs(s.X) > 4.6, R["steel"], parts=["shell"])
    img = s.render()
    rows = LETTERS[letter]
    col = (255, 255, 255) if f == 0 else R["yellow"][5]
    for pass_, (ox, oy, c) in enumerate(((6, 6, ramp[0]), (5, 5, col))):
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == "#":
                    img[oy + y, ox + x, :3] = c
    if f == 1:
        # blink: brighter rim
        a = img[..., 3] > 0
        rim = a & ~erode(a)
        img[rim, :3] = (255, 255, 255)
    return img


def coin(f):
    im = Img(12, 12)
    g = R["gold"]
    widths = [5.0, 3.6, 1.4, 3.6]
    if f < 4:
        w = widths[f]
        back = f == 3
        im.radial(6, 6, w, g, [3, 4, 4, 5] if not back else [2, 3, 3, 4], ry=5.0)
        if w > 2:
            inner = im.ell(6, 6, w * 0.62, 3.2)
            im.fill(inner & ~im.ell(6.0, 6.0, w * 0.45, 2.4), g[3] if back else g[2])
            if w > 4:
                im.px(5, 4, g[5])
                im.px(5, 5, g[5])
                im.px(6, 7, g[5])
        im.px(int(6 - w * 0.6), 3, g[5])
        im.outline(R["brown"][0])
    else:
        im.radial(6, 6, 5.0, R["white"], [3, 4, 5, 5], ry=5.0)
        im.fill(im.ell(6, 6, 2.4, 3.0), (255, 255, 255))
        if f == 5:
            for x, y in ((6, 0), (6, 11), (0, 6), (11, 6)):
                im.px(x, y, (255, 255, 240))
        im.outline(R["gold"][3])
    return im.a


# ---------------------------------------------------------------- effects
def explosion(size, nframes, seed):
    rng = np.random.default_rng(seed)
    c = size / 2.0
    nb = 5 if size <= 16 else 8 if size <= 32 else 12
    blobs = []
    for i in range(nb):
        a = rng.random() * 2 * math.pi
        d = rng.random() * 0.22 * size if i else 0
        blobs.append((c + math.cos(a) * d, c + math.sin(a) * d, (0.16 + rng.random() * 0.12) * size,
                      rng.random() * 0.3))
    nz = noise_field(size, size, seed + 1, scale=max(2.0, size / 10)) - 0.5
    nz2 = noise_field(size, size, seed + 2, scale=max(1.5, size / 16)) - 0.5
    ys, xs = np.mgrid[0:size, 0:size] + 0.5
    frames = []
    for f in range(nframes):
        t = f / (nframes - 1)
        grow = 0.45 + 0.85 * min(1.0, t / 0.45) ** 0.6
        field = np.full((size, size), -5.0)
        for (bx, by, br, dl) in blobs:
            tt = max(0.0, t - dl * 0.3)
            r = br * (0.35 + 0.9 * min(1.0, tt / 0.45) ** 0.6) * (1 + 0.15 * tt)
            by2 = by - tt * size * 0.06  # smoke rises
            d = np.sqrt((xs - bx) ** 2 + (ys - by2) ** 2) / max(r, 0.5)
            field = np.maximum(field, 1 - d)
        field = field + nz * 0.35 + nz2 * 0.2
        field = np.where(np.sqrt((xs - c) ** 2 + (ys - c) ** 2) > c - 1.5, -5.0, field)
        im = np.zeros((size, size, 4), np.uint8)
        heat = 1.0 - t * 1.25  # fire cools down
        if t < 0.55:
            # fireball: banded fire ramp, hot centre
            m = field > 0.02
            lvl = np.clip(field * 2.2 + heat * 3.2 - 0.6, 0, 5).astype(int)
            fr = R["fire"].cols
            im[m, :3] = fr[lvl[m]]
            im[m, 3] = 255
            # smoke creeping in at the rim late in the fire phase
            if t > 0.25:
                sm = m & (field < 0.12 + (t - 0.25))
                im[sm, :3] = R["smoke"].cols[2]
        else:
            # smoke: dissipating, holes grow
            k = (t - 0.55) / 0.45
            m = field > 0.05 + k * 0.35
            lvl = np.clip((field - k * 0.3) * 5 + 1.2 - k * 1.2, 0, 5).astype(int)
            im[m, :3] = R["smoke"].cols[lvl[m]]
            im[m, 3] = 255
            # embers
            e = m & (field > 0.55 - k * 0.2) & (nz2 > 0.1) & (k < 0.6)
            im[e, :3] = R["fire"].cols[2]
            # checker dither away the thin edge, then fade alpha
            thin = m & (field < 0.2 + k * 0.35) & (((xs.astype(int) + ys.astype(int)) % 2) == 0)
            im[thin, 3] = 0
            im[m & ~thin, 3] = int(255 * (1 - 0.55 * k ** 1.5))
        if t < 0.2:
            core = field > 0.55
            im[core, :3] = (255, 255, 255)
        # dark rim for readability in the fire phase
        if t < 0.55:
            a = im[..., 3] > 0
            ring = dilate(a) & ~a
            im[ring, :3] = R["fire"].cols[0]
            im[ring, 3] = 255
        frames.append(im)
    return frames


def sparkle(f):
    im = Img(8, 8)
    L = [1, 3, 2, 1][f]
    col = (255, 255, 255)
    c2 = R["cyan"][4]
    if f == 3:
        im.px(3, 3, c2)
        im.px(4, 4, c2)
        im.px(3, 4, R["cyan"][3])
        im.px(4, 3, R["cyan"][3])
        return im.a
    for i in range(-L, L + 1):
        cc = col if abs(i) < max(1, L - 1) else c2
        im.px(4 + i, 4, cc)
        im.px(4, 4 + i, cc)
        im.px(3 + i, 3, cc) if False else None
    if f == 1:
        for x, y in ((2, 2), (6, 2), (2, 6), (6, 6)):
            im.px(x, y, R["cyan"][3])
    if f == 0:
        im.px(4, 4, col)
        im.px(3, 4, c2)
        im.px(4, 3, c2)
    return im.a


def muzzle(f):
    im = Img(8, 8)
    if f == 0:
        im.poly([(4, 0), (6.5, 6), (4, 8), (1.5, 6)], R["fire"][4])
        im.poly([(4, 2), (5.5, 6), (4, 7.5), (2.5, 6)], R["fire"][5])
        im.px(4, 6, (255, 255, 255))
        im.px(3, 6, (255, 255, 255))
    else:
        im.poly([(4, 1), (7.5, 5), (4, 8), (0.5, 5)], R["fire"][3])
        im.poly([(4, 2.5), (6, 5.2), (4, 7.4), (2, 5.2)], R["fire"][5])
        im.px(3, 5, (255, 255, 255))
        im.px(4, 5, (255, 255, 255))
    return im.a


def bomb_ring():
    im = Img(64, 64)
    d = np.sqrt((im.X - 32) ** 2 + (im.Y - 32) ** 2)
    a = np.zeros((64, 64))
    cols = np.zeros((64, 64, 3))
    # soft inner haze, bright ring, thin outer edge
    haze = (d < 27) & (d > 14)
    a[haze] = 60 * ((d[haze] - 14) / 13.0)
    cols[haze] = R["cyan"][5]
    b1 = (d >= 27) & (d < 28.5)
    a[b1] = 170
    cols[b1] = R["cyan"][4]
    b2 = (d >= 28.5) & (d < 30.5)
    a[b2] = 255
    cols[b2] = (255, 255, 255)
    b3 = (d >= 30.5) & (d < 31.5)
    a[b3] = 200
    cols[b3] = R["blue"][4]
    # dither the haze into a sparse pattern for a pixel look
    ys, xs = np.mgrid[0:64, 0:64]
    dith = haze & (((xs + ys) % 2) == 1)
    a[dith] = 0
    im.a[..., :3] = cols.astype(np.uint8)
    im.a[..., 3] = a.astype(np.uint8)
    return im.a


def charge_vela(f):
    # a blazing firebird chevron
    s = Img(32, 32)
    flap = 0 if f == 0 else 2
    outer = [(16, 1), (21, 9), (31, 12 + flap), (24, 17), (20, 31), (16, 25), (12, 31), (8, 17), (1, 12 + flap),
             (11, 9)]
    s.poly(outer, R["fire"][2])
    mid = [(16, 4), (20, 11), (27, 13 + flap), (21, 16), (18, 26), (16, 22), (14, 26), (11, 16), (5, 13 + flap),
           (12, 11)]
    s.poly(mid, R["fire"][3 + f])
    s.poly([(16, 6), (19, 13), (16, 20), (13, 13)], R["fire"][5])
    s.disc(16, 12, 2.2, (255, 255, 255))
    s.outline(R["fire"][0])
    return s.a


def charge_brass(f):
    s = Scene(16, 48, origin=(8, 24))
    # a giant steam-driven drill bolt
    s.lathe(0, 0, [(-23, 0.2), (-16, 4.5), (-6, 6.2), (-4, 6.4), (-3, 4.6), (8, 4.6), (10, 3.0), (16, 3.0)],
            R["gold"], group="drill", spec=1.0)
    # spiral grooves that move between frames
    groove = np.abs(((s.Y + s.X * 0.9 + f * 3) % 6) - 3) < 0.8
    s.paint(groove & (s.Y < -4.5), R["brass"], parts=["drill"], lvl_bias=-1)
    s.paint(np.abs(s.Y - 2) < 1, R["gunmetal"], parts=["drill"])
    img = s.render()
    # steam jet trailing behind
    jet = Img(16, 48)
    for k, (y, r) in enumerate(((41, 3.2), (45, 2.6))):
        jet.disc(8 + (1 if (k + f) % 2 else -1), y, r, R["white"][4 if k == f else 3])
    jet.outline(R["white"][0])
    paste(jet.a, img, 0, 0)
    return jet.a


def charge_wren(f):
    im = Img(24, 24)
    # rune ring
    d = np.sqrt((im.X - 12) ** 2 + (im.Y - 12) ** 2)
    ang = np.arctan2(im.Y - 12, im.X - 12) + f * 0.4
    ring = (d > 8.6) & (d < 10.5)
    im.fill(ring & (np.sin(ang * 6) > -0.3), R["violet"][4])
    im.fill(ring & (np.sin(ang * 6) > 0.6), R["pink"][5])
    # star orb
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5 + f * math.pi / 5
        r = 8.0 if k % 2 == 0 else 3.8
        pts.append((12 + r * math.cos(a), 12 + r * math.sin(a)))
    im.poly(pts, R["magenta"][3])
    im.radial(12, 12, 4.5, R["pink"], [4, 5, 5])
    im.disc(12, 12, 1.8, (255, 255, 255))
    im.outline(R["violet"][0])
    return im.a


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
            rotor_blade(im, cx, 6.8, 2.3, (math.pi / 4 if f == 0 else -math.pi / 4) * side, R["steel"][5], R["steel"][3])
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
    # tail fins at the top (it flies downwards)
    for side in (-1, 1):
        s.slab([(1 * side, -19), (8.5 * side, -19), (8.5 * side, -16.5), (4 * side, -11), (1 * side, -11)], 0.5,
               R["red"], group="fin%d" % side, thick=1.0, edge_ramp=R["rust"])
    s.slab([(-1.2, -19.3), (1.2, -19.3), (1.2, -9), (-1.2, -9)], 6.5, R["red"], group="vfin", thick=5.0,
           edge_ramp=R["rust"])
    # envelope
    s.lathe(0, 0, [(-17, 2.0), (-13, 6.5), (-6, 9.0), (4, 9.2), (12, 7.0), (17, 3.5), (18.6, 0.5)], R["khaki"],
            group="env")
    # armour bands
    for yy in (-11, -4, 3, 10):
        s.paint(np.abs(s.Y - yy) < 0.6, R["brown"], parts=["env"])
    s.paint(np.abs(s.X) < 0.6, R["brown"], parts=["env"], lvl_bias=1)
    for side in (-1, 1):
        s.lathe(10.8 * side, 0, [(-10, 0.8), (-8.5, 1.6), (-2, 1.6), (0, 0.8)], R["gunmetal"], group="pod%d" % side)
    # top gun turret
    s.ellipsoid((0, 5, 9.0), (2.8, 2.8, 1.6), R["gunmetal"], group="tur")
    s.lathe(0, 10.0, [(5, 0.7), (10.5, 0.7)], R["gunmetal"], group="tbar")
    img = s.render()

    def props(im):
        for side in (-1, 1):
            prop_blur(im, 14 + 10.8 * side - 0.5, 9.5, f, R["steel"])
    return overlay(img, props)


def tank_body(f):
    s = Scene(20, 22, origin=(10, 11))
    for side in (-1, 1):
        track(s, 5.6 * side, -10, 10, 1.5, R["gunmetal"], "tr%d" % side, 2.6, 2.2, 10, f)
    s.box(-5, -9, 5, 9.5, 3.0, R["olive"], group="hull", bevel=1.0)
    s.box(-3.5, -10, 3.5, -8, 2.6, R["olive"], group="eng", bevel=0.6)
    for yy in (-7.5, -5.5):
        s.paint(np.abs(s.Y - yy) < 0.5, R["olive"], parts=["hull"], lvl_bias=-2)
    s.ellipsoid((0, 1.5, 3.0), (4.4, 4.4, 1.6), R["khaki"], group="ring")
    s.ellipsoid((0, 1.5, 4.0), (2.2, 2.2, 0.8), R["olive"], group="ring2")
    s.px(-3, 8, R["red"][3], z=3)
    s.px(3, 8, R["red"][3], z=3)
    return s.render()


def turret_base():
    s = Scene(20, 20, origin=(10, 10))
    hazard_pad(s, 8, 9.0, math.pi / 8, R["slate"], R["yellow"], 7.2, 8, 0.2)
    s.ellipsoid((0, 0, 1.5), (6.2, 6.2, 2.6), R["gunmetal"], group="dome")
    s.ellipsoid((0, 0, 3.6), (3.4, 3.4, 1.0), R["steel"], group="ring")
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
    s.ellipsoid((23.5, 8, 6), (4.2, 4.2, 3), R["gold"], group="joint")
    s.ellipsoid((23.5, 8, 9), (1.6, 1.6, 1), R["steel"], group="pin")
    return s.render()


def boss1_cannon():
    s = Scene(20, 24, origin=(10, 10))
    s.lathe(0, 3, [(0, 2.4), (10, 2.2), (11, 2.9), (13.2, 2.9)], R["gunmetal"], group="barrel")
    s.paint(np.abs(s.Y - 5) < 0.6, R["brass"], parts=["barrel"])
    s.ellipsoid((0, -1, 2), (8.2, 8.2, 4.5), R["brass"], group="base")
    s.ellipsoid((0, -1, 6), (4.2, 4.2, 1.8), R["gold"], group="cap")
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


# ====================================================================== main
def bullet_small(f):
    return bullet(6, R["red"], f, core=R["pink"][5])


def bullet_round(f):
    return bullet(8, R["cyan"], f)


def bullet_big(f):
    return bullet(14, R["magenta"], f)


def item_p(f):
    return capsule(R["red"], "P", f)


def item_b(f):
    return capsule(R["blue"], "B", f)


SHIPS = [(fn.__name__, lambda fn=fn: [fn(r) for r in BANK]) for fn in (ship_vela, ship_brass, ship_wren)]
COMMON = [
    *stills(portrait_vela, portrait_brass, portrait_wren, hitbox_dot),
    *anims(2, shot_vela, shot_brass, shot_wren, charge_vela, charge_brass, charge_wren),
    *anims(2, bullet_small, bullet_round, bullet_big, bullet_needle, item_p, item_b),
    *anims(6, coin),
    ("explosion_small", lambda: explosion(16, 6, 11)),
    ("explosion_medium", lambda: explosion(32, 8, 22)),
    ("explosion_large", lambda: explosion(64, 8, 33)),
    *anims(4, sparkle),
    *anims(2, muzzle),
    *stills(bomb_ring),
]
S12_ENEMIES = [
    *anims(2, air_drone, air_gyro),
    *stills(air_fighter),
    *anims(2, air_zeppelin, tank_body),
    *stills(turret_base, gun_barrel),
    *anims(2, boat),
    *stills(building_roof, building_ruin, wreck_small),
]
S12_BOSSES = boss_parts(1, mid_hull, mid_pod, boss1_core, boss1_wing, boss1_cannon, boss2_core, boss2_turret,
                        boss2_hull)


def build():
    """The atlas, every sprite in the order of the tables (which fixes their atlas positions)."""
    atlas = Atlas(512)
    previews = []
    for name, make in SHIPS + COMMON + S12_ENEMIES + sprites_s34.SPRITES + S12_BOSSES + sprites_s56.SPRITES:
        frames = make()
        atlas.add(name, frames)
        previews.append((name, frames))
    return atlas, previews


def main():
    atlas, previews = build()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if "--preview" in sys.argv:
        d = sys.argv[sys.argv.index("--preview") + 1]
        os.makedirs(d, exist_ok=True)
        only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
        sel = [p for p in previews if only is None or any(p[0].startswith(o) for o in only)]
        contact_sheet(sel, scale=int(os.environ.get("SCALE", "6")), path=os.path.join(d, "sheet.png"),
                      cols_max=int(os.environ.get("COLS", "260")))
        return
    out = os.path.join(root, "assets", "sprites")
    os.makedirs(out, exist_ok=True)
    atlas.save(os.path.join(out, "atlas.png"), os.path.join(out, "atlas.ron"), "sprites/atlas.png",
               "tools/gen_sprites.py")


if __name__ == "__main__":
    main()
