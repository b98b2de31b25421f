"""Sprites for stage 5, the Ironworks: rotor drones, air-furnaces, armoured trains and foundry
halls, the Bessemer mid-boss and the Forgemaster boss.

gen_sprites.build() adds the `SPRITES` table to the atlas; every sprite here carries the stage's
prefix: s5_, mid5_ or boss5_. Enemies face down (their front is at the bottom of the sprite). Boss and mid-boss
parts get 3 frames (intact, damaged, destroyed) from sprite_frames.boss_parts.
Deterministic: no randomness without a fixed seed.
"""
import math

import numpy as np

from pixlib import R, Scene, make_ramp, poly_mask
from sprite_frames import anims, boss_parts, stills
from sprite_parts import (broken_wall, embers, hazard_band, hazard_pad, overlay, ringed_dome, staggered_seams,
                          rivets, rotor_blade, rubble, stripes, track)

# Ironworks: warm soot greys, rust, the orange glow of molten metal.
SOOT = make_ramp(28, 0.16, v0=0.10, v1=0.66, s_bot=0.28, s_top=0.05)
IRON = make_ramp(212, 0.12, v0=0.13, v1=0.76, s_bot=0.22, s_top=0.04)
RUST = R["rust"]
MOLTEN = R["fire"]


# ====================================================================== stage 5: Ironworks
def s5_cinder(f):
    """Cinder wasp: a small soot-grey rotor drone with a furnace eye (popcorn)."""
    s = Scene(16, 16, origin=(8, 8))
    for side in (-1, 1):
        s.lathe(4.8 * side, 0.6, [(-4.0, 0.3), (-3.0, 1.0), (1.0, 1.0), (2.2, 0.4)], RUST, group="arm%d" % side)
        s.ellipsoid((5.0 * side, -2.2, 1.6), (2.2, 2.2, 0.8), IRON, group="hub%d" % side, bias=-0.1, spec=0)
    s.ellipsoid((0, 0.6, 1.8), (3.8, 5.6, 3.2), SOOT, group="body")
    # riveted belly band and a rust nose cowl
    s.paint(np.abs(s.Y + 1.2) < 0.6, RUST, parts=["body"])
    s.paint(s.Y > 3.0, RUST, parts=["body"], lvl_bias=-1)
    s.ellipsoid((0, 3.8, 3.2), (1.9, 1.6, 1.2), SOOT, group="eye")
    s.glow(0, 4.0, 1.2, 1.0, MOLTEN, z=6, levels=[3, 4, 5])
    img = s.render()

    def rot(im):
        for side in (-1, 1):
            cx = 8 + 5.0 * side - 0.5
            rotor_blade(im, cx, 5.8, 2.4, (math.pi / 5 if f == 0 else -math.pi / 5) * side, IRON[5], IRON[3])
        # an ember trailing from the exhaust
        im.px(8 - (f * 2 - 1), 1 + f, MOLTEN[3 + f])
    return overlay(img, rot)


def s5_jack(f):
    """Smokejack: a rust-red twin-rotor gunship with a soot stack (mid-size air)."""
    s = Scene(26, 24, origin=(13, 12))
    for side in (-1, 1):
        # outrigger booms with rotor pods at the back corners
        s.lathe(7.5 * side, 1.2, [(-9.5, 0.5), (-8, 1.3), (2, 1.3), (3.5, 0.6)], IRON, group="boom%d" % side)
        s.ellipsoid((8.6 * side, -6.6, 2.6), (3.2, 3.2, 1.2), IRON, group="pod%d" % side, spec=0)
        # chin gun on each side of the nose
        s.lathe(3.4 * side, 2.0, [(4, 0.4), (5, 1.0), (10.5, 0.9)], SOOT, group="gun%d" % side)
    body = [(-5.5, -8), (5.5, -8), (6.5, -2), (6, 5), (3.5, 9.5), (-3.5, 9.5), (-6, 5), (-6.5, -2)]
    s.slab(body, 3.0, RUST, group="body", thick=2.5, edge_ramp=SOOT, bevel=1.2)
    # soot armour plates and rivet lines
    s.paint((s.Y > -6.5) & (s.Y < -2.5), SOOT, parts=["body"], lvl_bias=0)
    s.paint(np.abs(s.X) < 0.5, RUST, parts=["body"], lvl_bias=-2)
    s.paint(np.abs(s.Y - 3) < 0.5, RUST, parts=["body"], lvl_bias=-2)
    # a stubby smokestack on the back and a glazed cab at the nose
    s.lathe(0, 4.5, [(-10.5, 1.6), (-9, 1.3), (-5, 1.3)], SOOT, group="stack")
    s.ellipsoid((0, -10.2, 6.5), (1.3, 0.7, 0.3), R["char"], group="stackhole", spec=0)
    s.ellipsoid((0, 6.0, 4.6), (2.6, 2.4, 1.6), R["glass"], group="cab", spec=1.0)
    rivets(s, [(-4.5, 0), (4.5, 0), (-4.5, 6), (4.5, 6)], RUST[5], z=3.5)
    img = s.render()

    def rot(im):
        for side in (-1, 1):
            cx = 13 + 8.6 * side - 0.5
            a = (math.pi / 6 if f == 0 else math.pi / 6 + math.pi / 2) * side
            rotor_blade(im, cx, 4.8, 5.2, a, IRON[5], IRON[3])
            im.px(round(cx), 5, IRON[2])
        # smoke puff from the stack
        for k, (x, y) in enumerate(((12, 0), (13 + f, 0), (12 - f, 1))):
            im.px(x, y, R["smoke"][3 + (k + f) % 2])
    return overlay(img, rot)


def s5_crucible(f):
    """Crucible: a slow armoured air-furnace, molten metal glowing in its open top (heavy air)."""
    s = Scene(36, 40, origin=(18, 20))
    for side in (-1, 1):
        # side sponsons with propeller housings
        s.lathe(13 * side, 1.5, [(-12, 1.0), (-10, 3.2), (4, 3.2), (7, 1.6)], IRON, group="spon%d" % side)
        s.paint(np.abs(s.Y + 3) < 0.6, RUST, parts=["spon%d" % side])
        s.ellipsoid((13 * side, 8.5, 3.5), (2.2, 1.6, 1.2), SOOT, group="gun%d" % side)
    # the crucible: a thick round vessel, banded with iron hoops
    s.lathe(0, 0, [(-16, 6.5), (-14, 10.5), (-6, 12.0), (6, 11.5), (13, 9.0), (17, 4.0), (18.5, 1.0)], SOOT,
            group="vessel")
    for yy in (-12, -3, 6, 13):
        s.paint(np.abs(s.Y - yy) < 0.7, IRON, parts=["vessel"], lvl_bias=1)
    s.paint((np.abs(s.X) < 2.5) & (s.Y > 0), RUST, parts=["vessel"])
    # the open top: a rim and the molten pool
    s.ellipsoid((0, -6, 11), (8.5, 7.5, 1.0), IRON, group="rim", spec=0)
    s.glow(0, -6, 7.0, 6.2, MOLTEN, z=13, levels=[1, 2, 3, 4, 4, 5] if f == 0 else [1, 2, 3, 3, 4, 5])
    img = s.render()

    def sparks(im):
        rng = np.random.default_rng(50 + f)
        for k in range(4):
            x = 18 + rng.integers(-5, 6)
            y = 14 - rng.integers(0, 6)
            im.px(x, y, MOLTEN[5] if k % 2 else MOLTEN[4])
        for side in (-1, 1):
            cx = 18 + 13 * side - (1 if side < 0 else 0)
            if f == 0:
                im.line(cx - 3, 6, cx + 3, 6, IRON[4])
            else:
                im.line(cx, 4, cx, 8, IRON[4])
    return overlay(img, sparks)


def s5_loco(f, up=False):
    """Armoured locomotive on the rail-yard tracks: boiler at the front, a casemate with a gun
    turret in the middle (the game draws the barrel on the centre), the cab behind (ground).
    It runs down the screen; `up=True` draws it facing up, for trains that run up the tracks
    (drawn, not flipped, so the light still comes from the top left)."""
    k = -1.0 if up else 1.0  # y sign: +1 front at the bottom, -1 front at the top

    def ys(*v):
        return [y * k for y in v]

    def prof(pts):
        return sorted(((y * k, r) for y, r in pts), key=lambda p: p[0])

    s = Scene(22, 46, origin=(11, 23))
    Y = s.Y * k  # distances measured front-wards, whichever way the train faces
    for side in (-1, 1):
        for j, yy in enumerate((-17, -10, -3, 4, 11, 17)):
            s.ellipsoid((8.3 * side, yy * k, 1.0), (1.6, 2.6, 1.6), IRON, group="wh%d%d" % (side, j), spec=0)
        rod_y = 2 if f == 0 else -1
        y0, y1 = ys(-13 + rod_y, 13 + rod_y)
        s.box(8.5 * side - 0.6, y0, 8.5 * side + 0.6, y1, 2.4, R["steel"], group="rod%d" % side, bevel=0)
    # boiler nose in front with its funnel
    s.lathe(0, 3.0, prof([(6, 6.0), (16, 6.0), (19.5, 4.6), (21.5, 2.2)]), SOOT, group="boiler")
    for yy in (10, 15):
        s.paint(np.abs(Y - yy) < 0.6, RUST, parts=["boiler"], lvl_bias=0)
    s.lathe(0, 8.5, prof([(12, 2.2), (13, 1.8), (16.5, 1.8)]), SOOT, group="funnel")
    s.ellipsoid((0, 14.3 * k, 10.5), (1.4, 1.0, 0.3), R["char"], group="funnelhole", spec=0)
    # the armoured casemate carrying the turret
    s.slab([(x, y * k) for x, y in [(-7.5, -9), (7.5, -9), (7.5, 7), (5, 9), (-5, 9), (-7.5, 7)]], 5.0, RUST,
           group="case", thick=2.5, edge_ramp=SOOT, bevel=1.0)
    stripes(s, "case", R["yellow"], period=5.0, width=2.2, mask=(Y > 6.5), lvl_bias=-2)
    rivets(s, [(-6, -7 * k), (6, -7 * k), (-6, 5 * k), (6, 5 * k)], RUST[5], z=5.5)
    s.ellipsoid((0, 0, 6.0), (5.2, 5.2, 1.8), IRON, group="ring")
    s.ellipsoid((0, 0, 7.6), (2.6, 2.6, 0.8), SOOT, group="ring2", spec=0)
    # the cab at the back, a coal bunker behind it
    y0, y1 = ys(-21, -10)
    s.box(-7, y0, 7, y1, 4.0, SOOT, group="cab", bevel=1.0)
    s.paint((Y < -17) & (np.abs(s.X) < 5.5), R["char"], parts=["cab"], lvl_bias=0)
    s.paint(np.abs(Y + 13) < 0.6, RUST, parts=["cab"], lvl_bias=0)
    s.slab([(x, y * k) for x, y in [(-7, 19), (7, 19), (3, 22.5), (-3, 22.5)]], 2.0, IRON, group="catch", bevel=0.6)
    s.glow(0, 21.0 * k, 1.3, 0.8, R["yellow"], z=12, levels=[4, 5])
    img = s.render()

    def smoke(im):
        # puffs drift back from the funnel over the casemate
        for j in range(3):
            y = 33 - j * 2 - f if not up else 12 + j * 2 + f
            im.px(10 + (j + f) % 2, y, R["smoke"][4 - j % 2])
    return overlay(img, smoke)


def s5_ladle(f):
    """Ladle crawler: a tracked carrier hauling a bucket of molten slag (ground)."""
    s = Scene(24, 26, origin=(12, 13))
    for side in (-1, 1):
        track(s, 7.2 * side, -11, 11, 1.5, IRON, "tr%d" % side, 2.6, 2.2, 11, f)
    s.box(-5, -10, 5, 10, 2.6, RUST, group="deck", bevel=0.8)
    stripes(s, "deck", R["yellow"], period=4.0, width=1.6, mask=(s.Y > 6.5), lvl_bias=-2)
    # the ladle: a thick bowl with glowing contents, held by a yoke
    s.box(-6.5, -2, 6.5, 0.2, 6.0, SOOT, group="yoke", bevel=0.5)
    s.ellipsoid((0, -1, 4.5), (6.6, 6.6, 4.0), SOOT, group="bowl")
    s.paint(np.abs(np.sqrt(s.X ** 2 + (s.Y + 1) ** 2) - 6.0) < 0.6, RUST, parts=["bowl"], lvl_bias=1)
    s.glow(0, -1.6, 4.6, 4.4, MOLTEN, z=10, levels=[1, 2, 3, 4, 5] if f == 0 else [2, 3, 4, 5, 5])
    s.ellipsoid((0, 9.0, 4.0), (2.6, 1.6, 1.2), IRON, group="cab")
    s.glow(0, 9.2, 1.2, 0.6, R["yellow"], z=6, levels=[5])
    return s.render()


def s5_forge_roof():
    """A foundry hall's corrugated roof with a glowing clerestory and a chimney: shoot it open to
    find the forge gun under it."""
    s = Scene(40, 40, origin=(20, 20))
    # the hall's walls, then two corrugated slopes falling away from a ridge down the middle
    s.box(-19, -18, 19, 18, 2.0, SOOT, group="walls", bevel=0.8)
    s.slab([(-17.5, -16.5), (-2.5, -16.5), (-2.5, 16.5), (-17.5, 16.5)], 4, SOOT, group="roofW", bevel=0.5,
           bias=0.12)
    s.slab([(2.5, -16.5), (17.5, -16.5), (17.5, 16.5), (2.5, 16.5)], 4, SOOT, group="roofE", bevel=0.5,
           bias=-0.12)
    corr = ((s.X + 40) % 2.5) < 0.9
    s.paint(corr, SOOT, parts=["roofW", "roofE"], lvl_bias=-1)
    # rust patches where the sheeting has weathered
    rng = np.random.default_rng(17)
    for k in range(9):
        x, y = rng.uniform(-16, 16), rng.uniform(-15, 15)
        rx, ry = rng.uniform(2, 4.5), rng.uniform(2, 5)
        m = ((s.X - x) / rx) ** 2 + ((s.Y - y) / ry) ** 2 < 1
        s.paint(m, RUST, parts=["roofW", "roofE"], lvl_bias=-1 if k % 2 else 0)
    # the clerestory: a raised strip of small panes lit by the furnaces below
    s.box(-3.2, -18, 3.2, 18, 6.5, IRON, group="monitor", bevel=0.8)
    pane = (np.abs(s.X) < 2.0) & (((s.Y + 40) % 4) > 1.3)
    s.set_lvl(pane & (s.part == s.groups["monitor"]), 2, MOLTEN)
    s.set_lvl(pane & (np.abs(s.X + 0.5) < 0.6) & (s.part == s.groups["monitor"]), 3, MOLTEN)
    # a round chimney stack on the lit slope, a vent cowl on the other
    s.lathe(-10.5, 9.0, [(-13, 3.8), (-11, 3.1), (-5, 3.1)], IRON, group="chim")
    s.paint(np.abs(s.Y + 9) < 0.6, RUST, parts=["chim"], lvl_bias=1)
    s.ellipsoid((-10.5, -13, 12.5), (2.7, 1.4, 0.4), R["char"], group="chimhole", spec=0)
    s.glow(-10.5, -12.8, 1.4, 0.6, MOLTEN, z=14, levels=[2, 3])
    s.ellipsoid((10.5, 9, 6.5), (3.2, 3.2, 2.2), IRON, group="cowl")
    s.paint(np.abs(s.Y - 9) < 0.5, SOOT, parts=["cowl"], lvl_bias=-1)
    return s.render()


def s5_forge_ruin():
    """What is left of the foundry roof: a burnt-out hall around the gun pit."""
    rng = np.random.default_rng(71)
    s = Scene(40, 40, origin=(20, 20))
    s.box(-18, -17, 18, 17, 0, R["char"], group="floor", bevel=0)
    s.paint(((s.X + s.Y) % 7) < 1.2, SOOT, parts=["floor"], lvl_bias=-1)
    gaps = ((np.abs(s.X + 5) < 3) & (s.Y < -13)) | ((np.abs(s.Y - 6) < 3.5) & (s.X < -14)) | (
        (np.abs(s.X - 9) < 2.5) & (s.Y > 13))
    broken_wall(s, (18, 17), (15.5, 14.5), gaps, SOOT)
    # fallen roof trusses and girders
    for k in range(4):
        y0 = -12 + k * 7 + rng.uniform(-1, 1)
        s.slab([(-13, y0), (13, y0 + rng.uniform(-3, 3)), (13, y0 + 1.6), (-13, y0 + 1.4)], 1.8, RUST,
               group="truss%d" % k, bevel=0.5)
    rubble(s, rng, 14, (13, 12), (0.8, 2.0), 0.6, (SOOT, IRON), "rub%d", -0.1)
    img = s.render()
    embers(img, rng, 12, (5, 35), (5, 35), MOLTEN)
    return img


def s5_forge_gun():
    """The gun under the foundry roof: a squat cannon pit ringed with hazard paint (ground turret)."""
    s = Scene(22, 22, origin=(11, 11))
    rr = hazard_pad(s, 6, 9.8, math.pi / 6, IRON, R["yellow"], 7.2, 9, 0.1)
    ringed_dome(s, rr, RUST, SOOT, 4.6, 0, SOOT)
    s.glow(-2.6, -2.6, 0.9, 0.9, MOLTEN, z=8, levels=[4, 5])
    return s.render()


# ---------------------------------------------------------------- stage 5 mid-boss: the Bessemer
def mid5_hull():
    """A flying Bessemer converter slung between two rotor nacelles (the armoured centre)."""
    s = Scene(72, 50, origin=(36, 25))
    for side in (-1, 1):
        # girder spars to the pod mounts
        s.slab([(8 * side, -6), (31 * side, -3), (31 * side, 3), (8 * side, 5)], 3.0, IRON, group="spar%d" % side,
               thick=2.0, edge_ramp=SOOT, bevel=0.8)
        truss = (np.abs(((s.X * side) - s.Y * 0.9) % 6 - 3) < 0.6) & (np.abs(s.X) > 9)
        s.paint(truss, IRON, parts=["spar%d" % side], lvl_bias=-2)
        # rotor nacelles at the back corners
        s.lathe(22 * side, 4.0, [(-23, 2.5), (-21, 5.0), (-12, 5.0), (-9, 3.0)], SOOT, group="nac%d" % side)
        s.paint(np.abs(s.Y + 16) < 0.7, RUST, parts=["nac%d" % side], lvl_bias=1)
        s.ellipsoid((30 * side, 0, 4.5), (3.4, 4.2, 2.4), RUST, group="mnt%d" % side)
    # the converter: a pear-shaped vessel lying nose-down
    s.lathe(0, 4.0, [(-22, 6.0), (-19, 10.0), (-10, 13.5), (2, 13.0), (12, 9.5), (18, 6.0), (21, 3.5)], SOOT,
            group="vessel")
    for yy in (-15, -6, 4):
        s.paint(np.abs(s.Y - yy) < 0.8, RUST, parts=["vessel"], lvl_bias=1)
    s.paint((np.abs(s.X) < 1.5) & (s.Y < 12), RUST, parts=["vessel"], lvl_bias=-1)
    # trunnion ring and the glowing mouth at the front
    s.ellipsoid((0, -2, 13.0), (15, 2.8, 1.4), IRON, group="trun")
    s.ellipsoid((0, 18.5, 9.5), (5.0, 3.2, 2.0), IRON, group="mouth")
    s.glow(0, 18.8, 3.6, 2.2, MOLTEN, z=14, levels=[1, 2, 3, 4, 5])
    s.glow(0, -13, 2.6, 2.6, MOLTEN, z=16, levels=[2, 3, 4])
    rivets(s, [(-8, -11), (8, -11), (-10, 0), (10, 0), (-7, 9), (7, 9)], RUST[5], z=14)
    img = s.render()

    def rotors(im):
        for side in (-1, 1):
            cx = 36 + 22 * side - 0.5
            for a in (math.pi / 7, math.pi / 7 + math.pi / 2):
                rotor_blade(im, cx, 4.5, 9.0, a * side, IRON[5], IRON[3])
            im.px(round(cx), 4, IRON[2])
    return overlay(img, rotors)


def mid5_pod():
    """A ladle pod hanging at the converter's wing tip: pours molten shot (left; mirror for right)."""
    s = Scene(26, 26, origin=(13, 13))
    s.lathe(0, 3.0, [(2, 1.8), (10.5, 1.6), (12, 2.2)], IRON, group="spout")
    s.ellipsoid((0, -1, 2.5), (9.4, 9.4, 5.4), RUST, group="pod")
    ang = np.arctan2(s.Y + 1, s.X)
    rr = np.sqrt(s.X ** 2 + (s.Y + 1) ** 2)
    s.paint((rr > 6.4) & (np.abs(np.sin(ang * 4)) < 0.2), SOOT, parts=["pod"], lvl_bias=0)
    s.ellipsoid((0, -2, 7.0), (5.0, 5.0, 1.4), SOOT, group="lid")
    s.glow(0, -2, 3.4, 3.4, MOLTEN, z=12, levels=[1, 2, 3, 4, 5])
    s.glow(0, 11.2, 1.2, 0.8, MOLTEN, z=12, levels=[4, 5])
    return s.render()


# ---------------------------------------------------------------- stage 5 boss: the Forgemaster
def boss5_hull():
    """The Forgemaster's body (the core part): a flying blast-furnace barge. Its furnace mouth,
    the core's target, is in the middle; the hammers, stacks and crucible are drawn on top."""
    s = Scene(120, 80, origin=(60, 40))
    hull = [(-34, -36), (34, -36), (52, -22), (57, -2), (50, 18), (30, 34), (-30, 34), (-50, 18), (-57, -2),
            (-52, -22)]
    s.slab(hull, 4, IRON, group="hull", thick=3.0, edge_ramp=SOOT, bevel=1.2)
    deck = [(-31, -32), (31, -32), (48, -20), (52, -2), (46, 15), (28, 30), (-28, 30), (-46, 15), (-52, -2),
            (-48, -20)]
    s.slab(deck, 5, SOOT, group="deck", bevel=0.5)
    # riveted plates
    plates = (((s.X + 60) % 12) < 0.8) | (((s.Y + 40) % 10) < 0.8)
    s.paint(plates, SOOT, parts=["deck"], lvl_bias=-1)
    rivets(s, [(x, y) for x in range(-42, 43, 12) for y in (-27, 23) if abs(x) < 40], IRON[5], z=5.5)
    # hazard band around the deck edge
    inner = poly_mask(s.X, s.Y, [(x * 0.9, y * 0.88) for x, y in deck])
    hazard_band(s, ["deck"], ~inner, s.X + s.Y, 6, dark=SOOT, light_bias=-2, dark_bias=-1)
    # molten channels running from the furnace to the sides
    for side in (-1, 1):
        ch = (np.abs(s.Y - 4 - (np.abs(s.X) - 14) * 0.18) < 1.3) & (np.abs(s.X) > 14) & (np.abs(s.X) < 44) & (
            s.X * side > 0)
        s.set_lvl(ch & (s.part == s.groups["deck"]), 3, MOLTEN)
        s.set_lvl(ch & (np.abs(s.Y - 4 - (np.abs(s.X) - 14) * 0.18) < 0.5) & (s.part == s.groups["deck"]), 4)
    # the blast furnace in the middle: a round brick stack with a glowing mouth (the core)
    s.ellipsoid((0, -4, 7), (17, 17, 9), RUST, group="furnace")
    s.paint(staggered_seams(s, 3, 4, 2), RUST, parts=["furnace"], lvl_bias=-2)
    s.ellipsoid((0, -4, 14), (11, 11, 2.0), IRON, group="collar")
    s.glow(0, -3, 8.5, 8.0, MOLTEN, z=20, levels=[0, 1, 2, 3, 4, 5])
    s.glow(0, -2, 3.0, 2.6, R["yellow"], z=21, levels=[4, 5])
    # hammer mounts (left and right) and stack footings at the back
    for side in (-1, 1):
        s.ellipsoid((42 * side, -4, 6), (9, 8, 2.0), IRON, group="hmount%d" % side, spec=0)
        s.ellipsoid((22 * side, -26, 6), (6, 5, 1.5), IRON, group="smount%d" % side, spec=0)
    # bow lamps
    for x in (-10, 10):
        s.glow(x, 31, 1.1, 1.0, R["yellow"], z=10, levels=[5])
    return s.render()


def boss5_hammer():
    """A steam-hammer press on the Forgemaster's flank (left one; mirror for the right): twin
    pistons drive the hammer head at its front, a heat vent glows on its back."""
    s = Scene(34, 40, origin=(17, 20))
    # the housing: a heavy riveted block, chamfered at the back
    body = [(-10, -17), (10, -17), (14, -12), (14, 8), (-14, 8), (-14, -12)]
    s.slab(body, 5, IRON, group="housing", thick=3.0, edge_ramp=SOOT, bevel=1.2)
    s.paint((np.abs(s.X) < 8) & (s.Y > -14) & (s.Y < -6), SOOT, parts=["housing"], lvl_bias=0)
    rivets(s, [(-11.5, -10), (11.5, -10), (-11.5, 5), (11.5, 5), (-6, -15.5), (6, -15.5)], IRON[5], z=5.5)
    # the heat vent: a grille over a glow
    s.glow(0, -10, 6.5, 3.2, MOLTEN, z=7, levels=[1, 2, 3, 4])
    for k in range(-3, 4):
        s.box(k * 2 - 0.45, -13.5, k * 2 + 0.45, -6.5, 8, SOOT, group="grille", bevel=0)
    # twin piston cylinders along the sides
    for side in (-1, 1):
        s.lathe(9.5 * side, 8.5, [(-4, 2.6), (-3, 3.2), (9, 3.2), (10, 2.4), (14, 1.6)], RUST, group="cyl%d" % side)
        s.paint(np.abs(s.Y - 2) < 0.6, SOOT, parts=["cyl%d" % side], lvl_bias=0)
    # the hammer head at the front, hazard-striped
    s.box(-13, 10, 13, 18.5, 7, SOOT, group="head", bevel=1.4)
    stripes(s, "head", R["yellow"], period=6, width=3, mask=(s.Y < 13.5), lvl_bias=-1)
    s.paint(s.Y > 16.5, IRON, parts=["head"], lvl_bias=1)
    s.box(-4, 1, 4, 10, 6, R["steel"], group="ram", bevel=1.0)
    return s.render()


def boss5_stack():
    """A smokestack cannon on the Forgemaster's back deck, a fire burning in its throat."""
    s = Scene(22, 30, origin=(11, 17))
    s.ellipsoid((0, 5, 1.5), (8.5, 7, 2.5), IRON, group="foot")
    s.lathe(0, 4.5, [(-13, 5.0), (-11, 4.2), (2, 4.2), (6, 5.5), (8, 5.5)], RUST, group="stack")
    for yy in (-8, -3, 2):
        s.paint(np.abs(s.Y - yy) < 0.6, SOOT, parts=["stack"], lvl_bias=0)
    s.ellipsoid((0, -13, 10.0), (4.0, 2.0, 0.5), R["char"], group="throat", spec=0)
    s.glow(0, -12.8, 2.8, 1.3, MOLTEN, z=14, levels=[2, 3, 4, 5])
    return s.render()


def boss5_crucible():
    """The ladle slung under the Forgemaster's bow: tips molten slag forwards."""
    s = Scene(32, 28, origin=(16, 12))
    s.box(-14, -4, 14, -1, 3, IRON, group="yoke", bevel=0.8)
    for side in (-1, 1):
        s.ellipsoid((13 * side, -2.5, 5), (2.6, 2.6, 2.0), RUST, group="lug%d" % side)
    s.lathe(0, 2, [(-3, 8.0), (4, 10.0), (9, 9.0), (12.5, 5.5), (14, 2.0)], SOOT, group="bowl")
    s.paint(np.abs(s.Y - 3) < 0.7, RUST, parts=["bowl"], lvl_bias=1)
    s.paint(np.abs(s.Y - 9) < 0.7, RUST, parts=["bowl"], lvl_bias=1)
    s.ellipsoid((0, -1, 10), (8.5, 3.2, 0.6), IRON, group="lip", spec=0)
    s.glow(0, -0.8, 7.0, 2.4, MOLTEN, z=12, levels=[2, 3, 4, 5])
    s.glow(0, 14.6, 1.6, 1.0, MOLTEN, z=12, levels=[3, 5])
    return s.render()


def s5_loco_up(f):
    return s5_loco(f, up=True)


SPRITES = [
    *anims(2, s5_cinder, s5_jack, s5_crucible, s5_loco, s5_loco_up, s5_ladle),
    *stills(s5_forge_roof, s5_forge_ruin, s5_forge_gun),
    *boss_parts(51, mid5_hull, mid5_pod, boss5_hull, boss5_hammer, boss5_stack, boss5_crucible),
]
