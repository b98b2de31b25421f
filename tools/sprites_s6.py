"""Sprites for stage 6, the Sky Citadel, and the final boss: energy wisps, darts and frigates,
deck guns, vents and hangars, the Aegis mid-boss and the Sovereign.

gen_sprites.build() adds the `SPRITES` table to the atlas; every sprite here carries the stage's
prefix: s6_, mid6_ or final_. Enemies face down (their front is at the bottom of the sprite). Boss and mid-boss
parts get 3 frames (intact, damaged, destroyed) from sprite_frames.boss_parts.
Deterministic: no randomness without a fixed seed.
"""
import math

import numpy as np

from pixlib import R, Ramp, Scene, make_ramp, poly_mask
from sprite_frames import anims, boss_parts, stills
from sprite_parts import embers, hazard_pad, overlay, ringed_dome, rivets, rubble, stripes

# Sky Citadel: violet-tinted dark steel, violet energy, gold trim.
DARK = make_ramp(252, 0.26, v0=0.09, v1=0.66, s_bot=0.38, s_top=0.08, shift=0.1)
PLATE = make_ramp(238, 0.16, v0=0.16, v1=0.86, s_bot=0.28, s_top=0.04)
DECK = make_ramp(246, 0.22, v0=0.12, v1=0.74, s_bot=0.34, s_top=0.06, shift=0.1)
AETHER = Ramp(["#2a0d4e", "#56209a", "#8a3ed8", "#b677f2", "#e1bdff", "#fbf2ff"])
GOLD = R["gold"]


# ====================================================================== stage 6: Sky Citadel
def s6_wisp(f):
    """Sentry wisp: a violet energy orb in a gold ring with three fins (popcorn)."""
    s = Scene(16, 16, origin=(8, 8))
    for k in range(3):
        a = math.radians(90 + k * 120 + (0 if f == 0 else 60))
        c, sn = math.cos(a), math.sin(a)
        pts = [(c * 3.0 - sn * 2.2, sn * 3.0 + c * 2.2), (c * 7.6, sn * 7.6), (c * 3.0 + sn * 2.2, sn * 3.0 - c * 2.2)]
        s.slab(pts, 3.5, PLATE, group="fin%d" % k, thick=0.8, bevel=0.8)
    s.ellipsoid((0, 0, 1.5), (4.8, 4.8, 2.2), GOLD, group="ring", spec=0.8)
    s.ellipsoid((0, 0, 3.0), (3.5, 3.5, 2.6), DARK, group="shell")
    s.glow(0, 0.3, 2.6, 2.6, AETHER, z=8, levels=[2, 3, 4, 5])
    s.px(-0.8, -0.6, (255, 255, 255), z=9)
    return s.render()


def s6_lancer(f):
    """Lancer: a sleek dark-steel dart with gold-trimmed swept wings and a violet afterburner."""
    s = Scene(22, 26, origin=(11, 13))
    for side in (-1, 1):
        wing = [(1.5 * side, -6), (10 * side, -9.5), (10.5 * side, -7), (4 * side, 4), (1.5 * side, 6)]
        s.slab(wing, 0.6, DARK, group="w%d" % side, thick=1.0, edge_ramp=PLATE, bevel=0.8)
        edge = poly_mask(s.X, s.Y, [(3.2 * side, 4.5), (9.6 * side, -8.2), (10.8 * side, -7.2), (4.4 * side, 5.4)])
        s.paint(edge, GOLD, parts=["w%d" % side], lvl_bias=-1)
        s.lathe(5.2 * side, 1.6, [(-5, 0.5), (-4, 0.9), (3, 0.9), (5, 0.4)], PLATE, group="g%d" % side)
    s.lathe(0, 1.6, [(-11.5, 1.4), (-9, 2.3), (0, 2.6), (7, 1.8), (12.3, 0.4)], PLATE, group="body")
    s.paint(np.abs(s.X) < 0.5, GOLD, parts=["body"], lvl_bias=-1)
    s.ellipsoid((0, 3.5, 3.0), (1.2, 2.6, 1.0), AETHER, group="glass", spec=1.0)
    img = s.render()

    def burner(im):
        im.px(10, 1, AETHER[4 + f])
        im.px(11, 1, AETHER[4 + f])
        if f == 1:
            im.px(10, 0, AETHER[3])
            im.px(11, 0, AETHER[3])
    return overlay(img, burner)


def s6_warden(f):
    """Warden: a heavy disc gunship whose armoured outer ring turns around a violet core."""
    s = Scene(32, 32, origin=(16, 16))
    s.ellipsoid((0, 0, 1.5), (14.5, 14.5, 3.0), DARK, group="ring")
    ang = np.arctan2(s.Y, s.X) + (0 if f == 0 else math.pi / 8)
    rr = np.sqrt(s.X ** 2 + s.Y ** 2)
    s.paint((rr > 10.5) & (np.abs(np.sin(ang * 4)) < 0.22), GOLD, parts=["ring"], lvl_bias=-1)
    s.paint((rr > 9.5) & (rr < 10.5), DARK, parts=["ring"], lvl_bias=-2)
    for k in range(4):
        a = math.pi / 4 + k * math.pi / 2 + (0 if f == 0 else math.pi / 8)
        s.ellipsoid((12.2 * math.cos(a), 12.2 * math.sin(a), 4.0), (2.0, 2.0, 1.4), PLATE, group="stud%d" % k)
    s.ellipsoid((0, 0, 4.0), (9.0, 9.0, 4.0), PLATE, group="hub")
    s.paint(np.abs(s.X) < 0.5, DARK, parts=["hub"], lvl_bias=-1)
    s.ellipsoid((0, 1, 8.0), (5.0, 5.0, 1.4), DARK, group="eye")
    s.glow(0, 1, 3.6, 3.6, AETHER, z=12, levels=[1, 2, 3, 4, 5])
    s.glow(0, 1.2, 1.2, 1.2, R["white"], z=13, levels=[5])
    for x in (-6, 6):
        s.glow(x, -6, 0.9, 0.9, GOLD, z=12, levels=[5])
    return s.render()


def s6_frigate(f):
    """Escort frigate: a long armoured hull with a gold prow, swept gun wings and twin violet
    engines (heavy air)."""
    s = Scene(36, 48, origin=(18, 24))
    for side in (-1, 1):
        # swept wings carrying the gun sponsons
        wing = [(8 * side, -8), (16.5 * side, -1), (16.5 * side, 5), (13 * side, 8), (8 * side, 6)]
        s.slab(wing, 2.0, DARK, group="wing%d" % side, thick=1.5, edge_ramp=PLATE, bevel=1.0)
        s.paint(poly_mask(s.X, s.Y, [(9 * side, 5), (13 * side, 6.8), (16.5 * side, 4), (16.5 * side, 5.5),
                                     (13 * side, 8.5), (8 * side, 7)]), GOLD, parts=["wing%d" % side], lvl_bias=-1)
        s.ellipsoid((13.5 * side, 2, 3.6), (2.6, 3.0, 1.8), PLATE, group="spon%d" % side)
        s.lathe(13.5 * side, 4.5, [(3, 0.8), (10, 0.8)], PLATE, group="sgun%d" % side)
        # engine nacelles along the stern (top)
        s.lathe(7.5 * side, 3, [(-22, 2.4), (-20, 3.4), (-9, 3.4), (-6, 2.2)], DARK, group="eng%d" % side)
        s.paint(np.abs(s.Y + 14) < 0.6, GOLD, parts=["eng%d" % side], lvl_bias=-1)
        s.glow(7.5 * side, -22.6, 2.4, 1.1, AETHER, z=7, levels=[2, 3, 4, 5] if f == 0 else [3, 4, 5, 5])
    hull = [(-5, -19), (5, -19), (8.5, -10), (9, 8), (6, 17), (0, 23.5), (-6, 17), (-9, 8), (-8.5, -10)]
    s.slab(hull, 5, DARK, group="hull", thick=3.5, edge_ramp=PLATE, bevel=1.2)
    s.paint(poly_mask(s.X, s.Y, [(-5.5, 15.5), (5.5, 15.5), (0, 23.5)]) | (np.abs(s.Y - 13.5) < 0.7), GOLD,
            parts=["hull"], lvl_bias=1)
    plates = (((s.Y + 40) % 6) < 0.8) | (np.abs(s.X) < 0.5)
    s.paint(plates & (s.Y < 12), DARK, parts=["hull"], lvl_bias=-2)
    # the superstructure and a violet reactor vent
    s.slab([(-4, -8), (4, -8), (5, 0), (3, 5), (-3, 5), (-5, 0)], 8.0, PLATE, group="tower", bevel=1.2)
    s.box(-2.6, 1.5, 2.6, 3.4, 8.5, AETHER, group="win", bevel=0)
    s.glow(0, -12.5, 2.4, 2.4, AETHER, z=12, levels=[1, 2, 3, 4])
    rivets(s, [(-7, -6), (7, -6), (-7.5, 6), (7.5, 6)], GOLD[5], z=5.5)
    return s.render()


def s6_deckgun():
    """A deck turret on the citadel: gold-ringed armoured dome (the game draws the barrel)."""
    s = Scene(22, 22, origin=(11, 11))
    rr = hazard_pad(s, 8, 10.0, math.pi / 8, DARK, GOLD, 8.0, 8, 0.3)
    ringed_dome(s, rr, PLATE, GOLD, 5.2, -1, DARK)
    return s.render()


def s6_vent(f):
    """An engine vent in the deck: a gold-framed grille over violet exhaust that breathes rings."""
    s = Scene(26, 26, origin=(13, 13))
    s.box(-12, -12, 12, 12, 1.0, DARK, group="frame", bevel=1.2)
    s.paint((np.abs(s.X) > 10) | (np.abs(s.Y) > 10), GOLD, parts=["frame"], lvl_bias=-1)
    for cx, cy in ((-10.5, -10.5), (10.5, -10.5), (-10.5, 10.5), (10.5, 10.5)):
        s.px(cx, cy, PLATE[5], z=1.5)
    s.glow(0, 0, 9.4, 9.4, AETHER, z=2, levels=[0, 1, 1, 2, 3] if f == 0 else [0, 1, 2, 3, 4])
    inside = (np.abs(s.X) < 9.5) & (np.abs(s.Y) < 9.5)
    bars = inside & ((np.floor(s.X + 20) % 3) == 0)
    s.over[bars] = DARK[1] + (255,)
    s.over[bars & (s.Y < -7)] = DARK[3] + (255,)
    s.over[inside & (np.abs(s.Y) < 1.0)] = PLATE[2] + (255,)
    return s.render()


def s6_hangar():
    """Hangar doors set into the deck plating: shoot them open to find the launcher inside."""
    s = Scene(44, 40, origin=(22, 20))
    s.box(-21, -18, 21, 18, 1.5, DARK, group="frame", bevel=1.0)
    plate_lines = (((s.X + 44) % 8) < 0.8) | (((s.Y + 40) % 9) < 0.8)
    s.paint(plate_lines, DARK, parts=["frame"], lvl_bias=-1)
    for side in (-1, 1):
        s.box(0.6 * side, -15, 17.5 * side, 15, 3.0, PLATE, group="door%d" % side, bevel=0.8)
        ribs = (((s.Y + 40) % 5) < 1.0) & (np.abs(s.X) > 1) & (np.abs(s.X) < 17)
        s.paint(ribs, PLATE, parts=["door%d" % side], lvl_bias=-1)
        stripes(s, "door%d" % side, GOLD, period=6, width=3, mask=(np.abs(s.Y) > 12.5), lvl_bias=-1)
        for y in (-9, 0, 9):
            s.glow(19.2 * side, y, 0.8, 0.8, AETHER, z=4, levels=[4, 5])
    s.paint(np.abs(s.X) < 1.0, AETHER, parts=["door-1", "door1"], lvl_bias=-1)
    return s.render()


def s6_hangar_ruin():
    """The hangar blown open: buckled doors around a dark bay."""
    rng = np.random.default_rng(61)
    s = Scene(44, 40, origin=(22, 20))
    s.box(-21, -18, 21, 18, 1.0, DARK, group="frame", bevel=1.0)
    s.box(-17, -15, 17, 15, 0.5, R["char"], group="bay", bevel=0)
    s.paint(((s.Y + 40) % 6) < 1.0, DARK, parts=["bay"], lvl_bias=0)
    for side in (-1, 1):
        pts = [(17.5 * side, -15), (11 * side, -13), (14 * side, -2), (10 * side, 8), (17.5 * side, 15)]
        s.slab(pts, 3.0, PLATE, group="door%d" % side, bevel=0.8, bias=-0.15)
    rubble(s, rng, 10, (13, 12), (0.7, 1.8), 0.8, (PLATE, GOLD), "deb%d", -0.2)
    img = s.render()
    embers(img, rng, 8, (8, 36), (6, 34), AETHER, (3, 6))
    return img


def s6_launcher():
    """The launcher in the hangar: a catapult turret between two rails (ground turret)."""
    s = Scene(22, 26, origin=(11, 13))
    for side in (-1, 1):
        s.box(7 * side - 1.2, -12, 7 * side + 1.2, 12, 1.5, PLATE, group="rail%d" % side, bevel=0.6)
        s.paint(((s.Y + 40) % 3) < 0.8, DARK, parts=["rail%d" % side], lvl_bias=-1)
    s.ellipsoid((0, 0, 1.5), (7.0, 7.0, 3.0), DARK, group="dome")
    s.paint(np.abs(np.sqrt(s.X ** 2 + s.Y ** 2) - 5.4) < 0.6, GOLD, parts=["dome"], lvl_bias=-1)
    s.ellipsoid((0, 0, 4.2), (3.4, 3.4, 1.0), PLATE, group="hub")
    s.glow(0, 9.5, 1.6, 1.0, AETHER, z=6, levels=[3, 4, 5])
    s.glow(0, -9.5, 1.6, 1.0, AETHER, z=6, levels=[3, 4, 5])
    return s.render()


# ---------------------------------------------------------------- stage 6 mid-boss: the Aegis
def _ring_pts(cx, cy, rx, ry, a0, a1, n):
    """Points along an ellipse from angle a0 to a1 (radians, screen y down)."""
    return [(cx + rx * math.cos(a0 + (a1 - a0) * k / (n - 1)), cy + ry * math.sin(a0 + (a1 - a0) * k / (n - 1)))
            for k in range(n)]


def mid6_hull():
    """The Aegis: a flying bastion of the citadel guard. An octagonal keep under a crowned arch
    that sweeps over its stern, the shield crystals held at the arch's feet, the lance under the
    prow (front at the bottom)."""
    s = Scene(80, 52, origin=(40, 26))
    a0, a1 = math.pi + 0.12, 2 * math.pi - 0.12
    # the crown: gold-tipped battlement points standing out of the arch's back
    for k in range(5):
        a = a0 + (a1 - a0) * (k + 0.5) / 5
        ca, sa = math.cos(a), math.sin(a)
        tx, ty = -sa * 3.4, ca * 3.4  # along the rim
        bx, by = 33 * ca, 5 + 24 * sa
        pts = [(bx - tx, by - ty), (40 * ca, 5 + 31.5 * sa), (bx + tx, by + ty)]
        s.slab(pts, 2.5, PLATE, group="pt%d" % k, thick=1.5, edge_ramp=DARK, bevel=1.0)
        s.paint(np.hypot(s.X - 39 * ca, s.Y - 5 - 30 * sa) < 2.6, GOLD, parts=["pt%d" % k], lvl_bias=0)
    # the arch: a broad crescent of dark plate over the stern, gold along its outer rim
    arch = _ring_pts(0, 5, 36, 27, a0, a1, 24) + _ring_pts(0, 5, 25, 17, a1, a0, 24)
    s.slab(arch, 3, DARK, group="arch", thick=3.0, edge_ramp=PLATE, bevel=1.2)
    rr = np.sqrt((s.X / 36) ** 2 + ((s.Y - 5) / 27) ** 2)
    s.paint(rr > 0.9, GOLD, parts=["arch"], lvl_bias=-1)
    ang = np.arctan2(s.Y - 5, s.X)
    s.paint((np.abs(np.sin(ang * 9)) < 0.12) & (rr < 0.9), DARK, parts=["arch"], lvl_bias=-2)
    # a violet conduit down the arch's middle, feeding the crystals at its feet
    rr2 = np.sqrt((s.X / 30.5) ** 2 + ((s.Y - 5) / 22) ** 2)
    s.set_lvl((np.abs(rr2 - 1) < 0.035) & (s.part == s.groups["arch"]), 3, AETHER)
    for side in (-1, 1):
        s.ellipsoid((31 * side, 2, 4.5), (5.0, 5.0, 1.5), DARK, group="foot%d" % side)
    # the keep: an octagon with a lighter deck, corner turrets and a pointed prow
    octo = [(17 * math.cos(math.pi / 8 + k * math.pi / 4), 3 + 17 * math.sin(math.pi / 8 + k * math.pi / 4))
            for k in range(8)]
    s.slab([(-6, 14), (6, 14), (0, 25.5)], 6, DARK, group="prow", thick=3, edge_ramp=PLATE, bevel=1.0)
    s.paint(np.abs(s.X) < 0.6, GOLD, parts=["prow"], lvl_bias=-1)
    s.slab(octo, 7, DARK, group="keep", thick=4.0, edge_ramp=PLATE, bevel=1.2)
    deck = [(x * 0.78, 3 + (y - 3) * 0.78) for x, y in octo]
    s.slab(deck, 8, DECK, group="deck", bevel=0.6)
    s.paint(((s.X + 40) % 6 < 0.7) | (((s.Y + 40) % 6) < 0.7), DECK, parts=["deck"], lvl_bias=-1)
    s.paint(~poly_mask(s.X, s.Y, [(x * 0.9, 3 + (y - 3) * 0.9) for x, y in deck]), GOLD, parts=["deck"],
            lvl_bias=-1)
    for k in range(4):
        a = math.pi / 4 + k * math.pi / 2
        s.ellipsoid((15 * math.cos(a), 3 + 15 * math.sin(a), 9), (3.0, 3.0, 1.6), PLATE, group="tur%d" % k)
        s.glow(15 * math.cos(a), 3 + 15 * math.sin(a), 1.0, 1.0, AETHER, z=12, levels=[4, 5])
    # the sanctum dome: a gold ring round the violet heart
    s.ellipsoid((0, 2, 10), (7.5, 7.5, 3.0), PLATE, group="dome")
    s.paint(np.abs(np.sqrt(s.X ** 2 + (s.Y - 2) ** 2) - 6.2) < 0.8, GOLD, parts=["dome"], lvl_bias=-1)
    s.glow(0, 2, 4.4, 4.4, AETHER, z=15, levels=[1, 2, 3, 4, 5])
    s.glow(0, 2, 1.3, 1.3, R["white"], z=16, levels=[5])
    # lamps at the crown points
    for k in range(5):
        a = a0 + (a1 - a0) * (k + 0.5) / 5
        s.glow(math.cos(a) * 34.5, 5 + math.sin(a) * 25.5, 1.1, 1.1, AETHER, z=9, levels=[3, 4, 5])
    return s.render()


def mid6_pod():
    """A shield crystal at the Aegis's arch foot: a faceted violet prism in a gold clasp (left;
    mirror for the right)."""
    s = Scene(24, 26, origin=(12, 13))
    s.ellipsoid((0, 0, 0.5), (10.5, 10.5, 1.5), DARK, group="base", spec=0)
    s.paint(np.abs(np.sqrt(s.X ** 2 + s.Y ** 2) - 9.6) < 0.7, GOLD, parts=["base"], lvl_bias=-1)
    gem = [(0, -12), (7, -5), (7, 5), (0, 12), (-7, 5), (-7, -5)]
    s.slab(gem, 5, AETHER, group="gem", bevel=1.6, spec=1.0)
    # facets: a darker right half, a lit left crest, a bright ridge down the middle
    s.paint(s.X > 0.5, AETHER, parts=["gem"], lvl_bias=-1)
    s.paint(poly_mask(s.X, s.Y, [(0, -12), (-7, -5), (-3, -4), (0, -9)]), AETHER, parts=["gem"], lvl_bias=1)
    s.paint(np.abs(s.X) < 0.5, AETHER, parts=["gem"], lvl_bias=2)
    # the gold clasp across its waist
    s.slab([(-8.5, -1.5), (8.5, -1.5), (8.5, 1.8), (-8.5, 1.8)], 7, GOLD, group="clasp", thick=1.0, bevel=0.8)
    s.ellipsoid((0, 0.2, 8.5), (2.0, 2.0, 1.0), DARK, group="stud")
    s.glow(0, 0.2, 1.0, 1.0, R["white"], z=12, levels=[5])
    s.px(-3.2, -7, (255, 255, 255), z=9)
    return s.render()


def mid6_lance():
    """The Aegis's lance under the prow: a long violet crystal spear in a gold-collared socket
    (points down), which spits streams."""
    s = Scene(14, 26, origin=(7, 9))
    s.lathe(0, 3.0, [(0, 2.6), (3, 3.0), (8, 2.2), (13, 1.2), (16.2, 0.2)], AETHER, group="blade", spec=1.0)
    s.paint(s.X > 0.6, AETHER, parts=["blade"], lvl_bias=-1)
    s.paint(np.abs(s.X + 0.6) < 0.5, AETHER, parts=["blade"], lvl_bias=1)
    oct_ = [(5.4 * math.cos(math.pi / 8 + k * math.pi / 4), -3 + 5.4 * math.sin(math.pi / 8 + k * math.pi / 4))
            for k in range(8)]
    s.slab(oct_, 4, DARK, group="socket", thick=2.0, edge_ramp=PLATE, bevel=1.0)
    s.slab([(-4, 1), (4, 1), (3, 4), (-3, 4)], 5, GOLD, group="collar", bevel=0.8)
    s.glow(0, -3, 1.8, 1.8, AETHER, z=8, levels=[3, 4, 5])
    s.px(0, 16.2, (255, 255, 255), z=6)
    return s.render()


# ---------------------------------------------------------------- the final boss: the Sovereign
FINAL_W, FINAL_H = 212, 132


def final_hull():
    """The Sovereign, the citadel's flagship (the core part, drawn under the others): a broad
    arrowhead of dark plating and gold trim, its reactor well in the exact centre (the core's
    target). Bow at the bottom; the bridge, batteries, shields and engine are separate parts."""
    s = Scene(FINAL_W, FINAL_H, origin=(FINAL_W / 2, FINAL_H / 2))
    # the wings: swept plates reaching the playfield's edges, under the main hull
    for side in (-1, 1):
        wing = [(30 * side, -40), (78 * side, -34), (104 * side, -14), (104 * side, 6), (92 * side, 24),
                (58 * side, 30), (30 * side, 34)]
        s.slab(wing, 2, DARK, group="wing%d" % side, thick=3.0, edge_ramp=PLATE, bevel=1.2)
        seams = ((np.abs(((s.X * side) - 40) % 16) < 0.7) | (((s.Y + 80) % 11) < 0.7)) & (np.abs(s.X) > 34)
        s.paint(seams, DARK, parts=["wing%d" % side], lvl_bias=-2)
        trim = poly_mask(s.X, s.Y, [(58 * side, 27), (91 * side, 21), (103 * side, 4), (104 * side, 7),
                                    (92 * side, 24), (58 * side, 30)])
        s.paint(trim, GOLD, parts=["wing%d" % side], lvl_bias=-1)
        # running lights along the wing edge and violet seams of power
        for k in range(4):
            s.glow((60 + k * 11) * side, 26 - k * 4.5, 0.9, 0.9, AETHER, z=6, levels=[4, 5])
        conduit = (np.abs(s.Y - 2 - (np.abs(s.X) - 34) * 0.12) < 0.7) & (np.abs(s.X) > 40) & (np.abs(s.X) < 96) & (
            s.X * side > 0)
        s.set_lvl(conduit & (s.part == s.groups["wing%d" % side]), 3, AETHER)
        # battery platforms on the wings (the batteries are separate parts)
        s.ellipsoid((70 * side, 8, 3.5), (17, 15, 1.5), PLATE, group="bplat%d" % side, spec=0)
        s.paint(np.abs(np.sqrt((s.X - 70 * side) ** 2 + (s.Y - 8) ** 2) - 14.5) < 0.8, GOLD,
                parts=["bplat%d" % side], lvl_bias=-1)
    # the main hull: an arrowhead, bow at the bottom
    hull = [(-30, -62), (30, -62), (44, -44), (46, 10), (30, 42), (12, 62), (-12, 62), (-30, 42), (-46, 10),
            (-44, -44)]
    s.slab(hull, 6, DARK, group="hull", thick=4.0, edge_ramp=PLATE, bevel=1.4)
    deck = [(-26, -57), (26, -57), (39, -42), (41, 8), (27, 38), (10, 56), (-10, 56), (-27, 38), (-41, 8),
            (-39, -42)]
    s.slab(deck, 7, DECK, group="deck", bevel=0.6)
    plates = ((((s.X + 120) % 10) < 0.7) | (((s.Y + 80 + ((s.X + 120) // 10 % 2) * 4) % 9) < 0.7))
    s.paint(plates, DECK, parts=["deck"], lvl_bias=-1)
    # hangar slots down both flanks and violet conduits feeding the reactor
    for side in (-1, 1):
        for k in range(3):
            y0 = -34 + k * 12
            s.box(28 * side - 4, y0, 28 * side + 4, y0 + 7, 7.2, DARK, group="slot%d%d" % (side, k), bevel=0.5)
            s.glow(28 * side, y0 + 6.2, 3.0, 0.7, AETHER, z=8, levels=[2, 3])
        pipe = (np.abs(np.abs(s.X) - 12) < 1.0) & (s.Y > -40) & (s.Y < -18) & (s.X * side > 0)
        s.set_lvl(pipe & (s.part == s.groups["deck"]), 3, AETHER)
        pipe2 = (np.abs(s.Y + 1) < 1.0) & (np.abs(s.X) > 18) & (np.abs(s.X) < 24) & (s.X * side > 0)
        s.set_lvl(pipe2 & (s.part == s.groups["deck"]), 3, AETHER)
    rng = np.random.default_rng(66)
    for k in range(40):
        x, y = rng.uniform(-36, 36), rng.uniform(-52, 40)
        if poly_mask(np.array([[x]]), np.array([[y]]), deck)[0, 0]:
            s.px(x, y, PLATE[5] if k % 2 else DARK[1], z=7.5)
    # gold trim around the deck edge and down the keel
    inner = poly_mask(s.X, s.Y, [(x * 0.92, y * 0.93) for x, y in deck])
    s.paint(~inner, GOLD, parts=["deck"], lvl_bias=-1)
    s.paint((np.abs(s.X) < 1.0) & (s.Y > 18), GOLD, parts=["deck"], lvl_bias=-1)
    # shield generator sockets and the engine housing at the stern
    for side in (-1, 1):
        s.ellipsoid((36 * side, -18, 8.0), (11, 10, 1.5), DARK, group="ssock%d" % side, spec=0)
        s.glow(36 * side, -18, 8.5, 7.5, AETHER, z=9, levels=[0, 1, 2])
    s.box(-36, -62, 36, -42, 8, DARK, group="stern", bevel=1.0)
    # the reactor well: a deep ring in gold with the violet reactor inside
    s.ellipsoid((0, 0, 8.0), (19, 18, 2.5), DARK, group="well")
    s.paint(np.abs(np.sqrt(s.X ** 2 + s.Y ** 2) - 17) < 1.2, GOLD, parts=["well"], lvl_bias=0)
    for k in range(8):
        a = k * math.pi / 4 + math.pi / 8
        s.px(17 * math.cos(a), 17 * math.sin(a), GOLD[5], z=11)
    s.glow(0, 0, 13.5, 13.0, AETHER, z=12, levels=[0, 1, 2, 3, 4, 5])
    s.glow(0, 0, 4.5, 4.5, R["white"], z=13, levels=[4, 5])
    # bridge footing at the bow
    s.ellipsoid((0, 40, 8.0), (15, 13, 1.5), DARK, group="bfoot", spec=0)
    return s.render()


def final_bridge():
    """The Sovereign's command tower on the bow: tiered decks, a violet-glazed bridge, gold crest."""
    s = Scene(40, 44, origin=(20, 22))
    s.slab([(-14, -16), (14, -16), (17, 4), (10, 18), (-10, 18), (-17, 4)], 3, DARK, group="base", thick=2.5,
           edge_ramp=PLATE, bevel=1.2)
    s.slab([(-10, -13), (10, -13), (12, 2), (7, 13), (-7, 13), (-12, 2)], 7, PLATE, group="tier", bevel=1.0)
    s.paint(np.abs(s.Y + 4) < 0.6, PLATE, parts=["tier"], lvl_bias=-2)
    s.box(-7, -10, 7, 6, 11, DARK, group="top", bevel=1.2)
    s.box(-6, 3, 6, 5.5, 11.5, AETHER, group="glaze", bevel=0)
    s.paint(((s.X + 40) % 3) < 0.8, DARK, parts=["glaze"], lvl_bias=-1)
    # the crest: a gold chevron and antenna masts
    s.slab([(-5, -8), (0, -3), (5, -8), (5, -5.5), (0, -0.5), (-5, -5.5)], 12, GOLD, group="crest", bevel=0.8)
    for side in (-1, 1):
        s.lathe(9 * side, 9, [(-19, 0.6), (-11, 0.9)], GOLD, group="mast%d" % side)
        s.glow(9 * side, -19.5, 1.0, 1.0, AETHER, z=14, levels=[4, 5])
        s.lathe(13 * side, 4, [(10, 1.0), (20, 1.0)], PLATE, group="gun%d" % side)
    return s.render()


def final_battery():
    """A wing battery: an armoured four-gun turret block (left one; mirror for the right)."""
    s = Scene(44, 42, origin=(22, 19))
    for k, x in enumerate((-10.5, -3.5, 3.5, 10.5)):
        s.lathe(x, 5, [(2, 1.8), (15, 1.6), (16, 2.3), (19.5, 2.3)], PLATE, group="b%d" % k)
        s.paint(np.abs(s.Y - 9) < 0.6, GOLD, parts=["b%d" % k], lvl_bias=-1)
    s.slab([(-15, -15), (15, -15), (19, -9), (19, 7), (14, 11), (-14, 11), (-19, 7), (-19, -9)], 7, DARK,
           group="block", thick=4.0, edge_ramp=PLATE, bevel=1.4)
    s.paint((np.abs(s.X) < 12) & (s.Y > -12) & (s.Y < -3), PLATE, parts=["block"], lvl_bias=-1)
    trim = (np.abs(s.Y - 8.5) < 1.0) | (np.abs(np.abs(s.X) - 17) < 0.8)
    s.paint(trim, GOLD, parts=["block"], lvl_bias=-1)
    s.ellipsoid((-9, -8, 10), (3.0, 3.0, 1.5), PLATE, group="hatch")
    s.glow(7, -8, 2.2, 2.2, AETHER, z=12, levels=[2, 3, 4, 5])
    rivets(s, [(-16, -9), (16, -9), (-16, 5), (16, 5)], GOLD[5], z=7.5)
    return s.render()


def final_engine():
    """The Sovereign's engine block across the stern: three violet thrusters blazing upwards."""
    s = Scene(80, 32, origin=(40, 18))
    s.slab([(-36, -6), (36, -6), (38, 4), (30, 12), (-30, 12), (-38, 4)], 4, DARK, group="block", thick=3.0,
           edge_ramp=PLATE, bevel=1.2)
    s.paint(np.abs(s.Y - 9) < 0.8, GOLD, parts=["block"], lvl_bias=-1)
    for k, x in enumerate((-24, 0, 24)):
        s.lathe(x, 6, [(-14, 6.0), (-12, 7.2), (4, 7.2), (7, 5.0)], PLATE, group="noz%d" % k)
        s.paint(np.abs(s.Y + 8) < 0.7, GOLD, parts=["noz%d" % k], lvl_bias=-1)
        s.paint(np.abs(s.Y) < 0.6, DARK, parts=["noz%d" % k], lvl_bias=0)
        s.glow(x, -14.5, 5.4, 2.2, AETHER, z=14, levels=[1, 2, 3, 4, 5])
    return s.render()


def final_shield():
    """A shield generator: a violet sphere in a gold cage; it shields the reactor."""
    s = Scene(26, 26, origin=(13, 13))
    s.ellipsoid((0, 0, 1.0), (11, 11, 2.0), DARK, group="base")
    s.glow(0, 0, 7.5, 7.5, AETHER, z=4, levels=[1, 2, 3, 4, 5])
    ang = np.arctan2(s.Y, s.X)
    rr = np.sqrt(s.X ** 2 + s.Y ** 2)
    for k in range(4):
        a = k * math.pi / 4
        bar = (np.abs(np.sin(ang - a)) * rr < 0.7) & (rr < 9)
        s.over[bar & (rr > 2.5)] = GOLD[3] + (255,)
    s.over[(np.abs(rr - 8.6) < 0.7)] = GOLD[4] + (255,)
    s.over[(np.abs(rr - 8.6) < 0.7) & (s.Y < -3)] = GOLD[5] + (255,)
    return s.render()


SPRITES = [
    *anims(2, s6_wisp, s6_lancer, s6_warden, s6_frigate),
    *stills(s6_deckgun),
    *anims(2, s6_vent),
    *stills(s6_hangar, s6_hangar_ruin, s6_launcher),
    *boss_parts(61, mid6_hull, mid6_pod, mid6_lance, final_hull, final_bridge, final_battery, final_engine,
                final_shield),
]
