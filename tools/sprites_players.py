"""Sprites of the three player characters: their ships, banking left and right, their portraits
for the select screen and HUD, and the hitbox dot drawn over the ship while focused.
"""
import math

import numpy as np

from pixlib import OUTLINE, R, Img, Scene, paste, poly_mask
from sprite_frames import stills

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


def finish_portrait(s, top, bottom, frame):
    """Renders the portrait scene s over a backdrop panel (gradient top..bottom, border in
    `frame`); the panel's border stays on top."""
    fg = s.render()
    panel = portrait_panel(top, bottom, frame)
    out = panel.copy()
    paste(out, fg, 0, 0)
    # keep the frame on top
    edge = np.zeros((48, 48), bool)
    edge[0, :] = edge[-1, :] = edge[:, 0] = edge[:, -1] = True
    out[edge] = panel[edge]
    return out


EYE_L = [".kkkk", "kwiik", "kiIi.", ".iIi.", "..k.."]
EYE_R = ["kkkk.", "kwiik", ".iIik", ".iIi.", "..k.."]


def blush(s, y):
    """Pink cheeks either side of the nose, on row y."""
    draw_pattern(s, 15, y, ["pp"], {"p": R["pink"][4]})
    draw_pattern(s, 32, y, ["pp"], {"p": R["pink"][4]})


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
    blush(s, 29)
    return finish_portrait(s, (250, 196, 120), (196, 84, 52), R["orange"][0])


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
    return finish_portrait(s, (206, 180, 128), (92, 64, 44), R["brown"][0])


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
    blush(s, 32)
    # familiar peeking over the shoulder
    s.ellipsoid((39, 39, 20), (5.5, 5, 4), R["white"], group="fam")
    s.ellipsoid((35.5, 34.5, 20), (1.4, 2.2, 1), R["white"], group="fam")
    s.ellipsoid((42.5, 34.5, 20), (1.4, 2.2, 1), R["white"], group="fam")
    draw_pattern(s, 37, 38, ["k.k"], {"k": OUTLINE})
    draw_pattern(s, 36, 40, ["p...p"], {"p": R["pink"][4]})
    return finish_portrait(s, (150, 210, 150), (70, 50, 120), R["violet"][0])


# ====================================================================== hitbox
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


SPRITES = [
    *[(fn.__name__, lambda fn=fn: [fn(r) for r in BANK]) for fn in (ship_vela, ship_brass, ship_wren)],
    *stills(portrait_vela, portrait_brass, portrait_wren, hitbox_dot),
]
