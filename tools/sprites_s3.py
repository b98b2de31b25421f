"""Sprites for stage 3, Redrock Canyon: ornithopters, biplanes and balloons over the desert,
half-tracks and gun pits on the ground, the Rockhauler mid-boss and the Quarrymaster boss.

gen_sprites.build() adds the `SPRITES` table to the atlas; every name made here starts with
s3_, mid3_ or boss3_. Enemies face down (their front is at the bottom of the sprite); boss and
mid-boss parts come as 3 frames (intact, damaged, destroyed) through sprite_frames.boss_parts.
"""
import math

import numpy as np

from pixlib import R, Img, Scene, make_ramp, paste
from sprite_frames import anims, boss_parts, stills
from sprite_parts import (broken_wall, charred_floor, embers, fallen_beams, gun_ring, hazard_band, noise_field,
                          overlay, rivet_rows, staggered_seams, track)

# Desert ramps: ochre, sand, canyon red, the dusty blue of canyon shadows, and weathered timber
# (the mountain lodges of stage 4 are built of it too).
R3 = {
    "ochre": make_ramp(34, 0.72, v0=0.20, v1=0.98, s_top=0.32),
    "sand": make_ramp(38, 0.42, v0=0.30, v1=0.98, s_bot=0.55, s_top=0.16),
    "canyon": make_ramp(10, 0.66, v0=0.17, v1=0.86),
    "dust": make_ramp(212, 0.30, v0=0.18, v1=0.86, s_bot=0.42, s_top=0.10),
    "timber": make_ramp(28, 0.50, v0=0.15, v1=0.74),
}


# ====================================================================== stage 3: Redrock Canyon
def s3_buzzard(f):
    """ornithopter scout: wings beat between spread (0) and raised (1). Painted blue-grey and
    navy, not the canyon's ochre, so it stands out from the brown rock it flies over."""
    s = Scene(18, 16, origin=(9, 8))
    span, lift = (8.6, 0.0) if f == 0 else (6.4, -1.4)
    for side in (-1, 1):
        wing = [(1.2 * side, -3.0), (4.5 * side, -4.2 + lift), (span * side, -3.0 + lift),
                (span * side, -1.2 + lift), (span * side - 1.4 * side, 0.2 + lift), (5.2 * side, -0.4 + lift * 0.5),
                (3.8 * side, 1.2 + lift * 0.3), (1.2 * side, 1.6)]
        s.slab(wing, 1.0 + (1.2 if f else 0.0), R["steel"], group="w%d" % side, thick=0.8, edge_ramp=R["navy"])
        # feather slots along the trailing edge
        s.paint((np.abs(((s.X - side * 0.5) % 2.0) - 1.0) < 0.35) & (s.Y > -1.5 + lift), R["steel"],
                parts=["w%d" % side], lvl_bias=-2)
        s.paint_poly([((span - 1.8) * side, -5), ((span + 1) * side, -5), ((span + 1) * side, 2),
                      ((span - 1.8) * side, 2)], R["navy"], parts=["w%d" % side], lvl_bias=-1)
    # tail fan behind (top)
    s.slab([(-2.6, -7.6), (2.6, -7.6), (1.2, -4), (-1.2, -4)], 1.2, R["navy"], group="tail", thick=0.8)
    s.ellipsoid((0, 0.0, 2.0), (2.6, 5.4, 2.2), R["navy"], group="body")
    s.paint(np.abs(s.X) < 0.5, R["navy"], parts=["body"], lvl_bias=-2)
    s.ellipsoid((0, 4.2, 3.0), (1.8, 1.7, 1.4), R["brass"], group="head")
    s.glow(0, 5.0, 0.9, 0.8, R["yellow"], z=6, levels=[4, 5])
    return s.render()


def s3_vulture(f):
    """biplane raider with a spinning nose propeller. Pale steel wings, a navy fuselage and red
    roundels: the canyon's browns would hide it."""
    s = Scene(26, 22, origin=(13, 10))
    # lower wing (partly hidden) and upper wing
    s.slab([(-10.5, -0.5), (10.5, -0.5), (10.5, 2.5), (-10.5, 2.5)], 0.5, R["steel"], group="lw", thick=0.8,
           edge_ramp=R["navy"], bias=-0.1)
    top = [(-12.2, -4.2), (12.2, -4.2), (12.6, -3.0), (12.2, -0.6), (-12.2, -0.6), (-12.6, -3.0)]
    s.slab(top, 4.0, R["steel"], group="tw", thick=1.0, edge_ramp=R["navy"], bevel=0.8)
    for side in (-1, 1):
        s.paint_poly([(9.5 * side, -5), (12.8 * side, -5), (12.8 * side, 0), (9.5 * side, 0)], R["navy"],
                     z=4.0, parts=["tw"])
        # roundel: a red ring with a sand centre
        s.paint(s.mask_ellipse(6.0 * side, -2.4, 1.6, 1.3, z=4.0), R["red"], parts=["tw"], lvl_bias=-1)
        s.px(6.0 * side, -2.4, R3["sand"][5], z=4.0)
        # struts between the wings
        s.box(7.4 * side - 0.4, -1.2, 7.4 * side + 0.4, 0.6, 2.2, R["brown"], group="st%d" % side, bevel=0)
    # tailplane at the back (top)
    s.slab([(-5.2, -9.2), (5.2, -9.2), (4.6, -7.4), (-4.6, -7.4)], 1.0, R["steel"], group="tp", thick=0.8,
           edge_ramp=R["navy"])
    s.lathe(0, 2.0, [(-9.6, 0.6), (-6, 1.4), (0, 2.4), (5.5, 2.6), (7.6, 2.4)], R["navy"], group="fus")
    s.paint(np.abs(s.Y - 4) < 0.5, R["gunmetal"], parts=["fus"])
    # engine cowl with cylinder heads, then the open cockpit with the pilot
    s.lathe(0, 2.2, [(5.5, 2.8), (7.2, 3.0), (8.6, 2.4)], R["gunmetal"], group="cowl")
    s.ellipsoid((0, -3.8, 4.4), (1.5, 1.4, 1.1), R["brown"], group="pilot")
    s.px(-0.5, -4.3, R["glass"][5], z=5.5)
    s.lathe(0, 2.2, [(8.4, 0.8), (9.4, 0.6)], R["steel"], group="hub")
    img = s.render()

    def prop(im):
        cy = 19
        if f == 0:
            im.line(8, cy, 17, cy, R["steel"][3])
            im.px(12, cy, R["steel"][5])
            im.px(13, cy, R["steel"][5])
        else:
            for x in (10, 11, 14, 15):
                im.px(x, cy, R["steel"][2])
            im.px(12, cy, R["steel"][5])
            im.px(13, cy, R["steel"][4])
            im.px(12, cy + 1, R["steel"][3])
    return overlay(img, prop)


def s3_kettle(f):
    """a prospector's hot-air balloon with a gun gondola; the burner flickers."""
    s = Scene(28, 36, origin=(14, 17))
    # gondola peeking out in front (below) the envelope, on four ropes
    s.box(-5.0, 9.0, 5.0, 15.5, 1.0, R3["timber"], group="basket", bevel=0.8)
    s.paint(((s.X + 20) % 2.5) < 0.7, R3["timber"], parts=["basket"], lvl_bias=-1)
    s.lathe(0, 4.0, [(12.5, 1.0), (16.6, 1.0)], R["gunmetal"], group="gun")
    for side in (-1, 1):
        s.box(3.6 * side - 0.35, 6.0, 3.6 * side + 0.35, 9.5, 3.0, R["brown"], group="rope", bevel=0)
    # envelope: a fat sphere in alternating gores, seen from above and a little behind
    s.ellipsoid((0, -2.0, 2.0), (12.4, 12.6, 10.0), R3["ochre"], group="env")
    ang = np.arctan2(s.Y + 2.0, s.X)
    rr = np.sqrt(s.X ** 2 + (s.Y + 2.0) ** 2)
    gore = (np.floor((ang + math.pi) / (2 * math.pi / 12)) % 2) == 0
    s.paint(gore & (rr > 3.5), R3["canyon"], parts=["env"])
    s.paint((np.abs(np.sin(ang * 6)) < 0.12) & (rr > 3.5), R["brown"], parts=["env"], lvl_bias=-1)
    # crown ring and a load band around the equator
    s.paint((rr > 10.2) & (rr < 11.2), R["gunmetal"], parts=["env"], lvl_bias=1)
    s.ellipsoid((0, -2.0, 12.2), (3.2, 3.2, 0.8), R["brass"], group="crown")
    s.glow(0, -2.0, 1.3, 1.3, R["fire"], z=14, levels=[2, 4] if f == 0 else [3, 5])
    # sand-bag ballast hanging at the sides
    for side in (-1, 1):
        s.ellipsoid((12.2 * side, 4.0, 0.5), (1.4, 1.8, 1.2), R3["sand"], group="bag%d" % side)
    return s.render()


def s3_crawler(f):
    """desert half-track: wheels in front (below), tracks behind, an open gun ring in the bed."""
    s = Scene(22, 28, origin=(11, 14))
    for side in (-1, 1):
        track(s, 6.6 * side, -12.5, 1.5, 1.4, R["gunmetal"], "tr%d" % side, 2.4, 2.0, 13, f)
        # front wheels, half under the mudguards
        s.ellipsoid((7.0 * side, 8.5, 1.5), (2.0, 3.0, 2.0), R["char"], group="wh%d" % side, spec=0)
        s.slab([(5.0 * side, 5.0), (9.2 * side, 5.2), (9.2 * side, 11.0), (5.0 * side, 11.6)], 3.2, R3["sand"],
               group="guard%d" % side, bevel=0.8, thick=0.6, edge_ramp=R3["ochre"])
    # hull: a long sand-coloured bed with a rust camouflage pattern
    s.box(-5.0, -12.0, 5.0, 6.0, 3.0, R3["sand"], group="hull", bevel=1.0)
    nz = noise_field(22, 28, 41, 3.0)
    s.paint(nz > 0.62, R3["canyon"], parts=["hull"], lvl_bias=-1)
    # engine bonnet with louvres and the cab's windscreen
    s.box(-4.0, 6.0, 4.0, 13.0, 3.6, R3["sand"], group="bonnet", bevel=1.0)
    s.paint((np.abs(s.X) < 2.6) & (((s.Y - 7) % 1.6) < 0.6) & (s.Y > 7.5) & (s.Y < 12), R3["sand"],
            parts=["bonnet"], lvl_bias=-2)
    s.box(-4.2, 4.0, 4.2, 5.8, 4.6, R["glass"], group="screen", bevel=0.2)
    gun_ring(s, 0, -4.0, 3.4, R3["ochre"], r=4.2)
    s.px(-3.5, 12.7, R["yellow"][5], z=4)
    s.px(3.5, 12.7, R["yellow"][5], z=4)
    return s.render()


def s3_bunker():
    """sandbagged gun pit among the rocks; the shared gun_barrel turns in its middle."""
    s = Scene(26, 26, origin=(13, 13))
    rng = np.random.default_rng(303)
    s.ellipsoid((0, 0, -1.0), (10.5, 10.5, 2.2), R3["dust"], group="pit", bias=-0.25, spec=0)
    for k in range(14):
        a = k * 2 * math.pi / 14 + 0.1
        r = 9.2 + rng.uniform(-0.3, 0.3)
        s.ellipsoid((r * math.cos(a), r * math.sin(a), 1.0), (2.7, 2.1, 1.7), R3["sand"],
                    group="bag%d" % (k % 2), bias=rng.uniform(-0.05, 0.05))
    # a few rocks leaning on the bags
    for x, y, r in ((-10.5, 8.0, 2.2), (11.0, -6.5, 1.8), (9.5, 9.5, 1.4)):
        s.ellipsoid((x, y, 0.5), (r, r * 0.8, r), R3["canyon"], group="rock")
    gun_ring(s, 0, 0, 1.6, R["gunmetal"], r=4.6)
    return s.render()


def s3_minehead():
    """mine shed: a rusty corrugated-iron gable roof, the timber headframe over the shaft at one end."""
    s = Scene(40, 40, origin=(20, 20))
    s.slab([(-16, -15), (16, -15), (16, 0), (-16, 0)], 4, R["rust"], group="roofN", bevel=0.5, bias=0.12)
    s.slab([(-16, 0), (16, 0), (16, 15), (-16, 15)], 4, R["rust"], group="roofS", bevel=0.5, bias=-0.22)
    # corrugations run down the slopes: a dark trough and a lit crest every 2 px
    trough = ((s.X + 40) % 2.0) < 0.9
    s.paint(trough, R["rust"], parts=["roofN", "roofS"], lvl_bias=-1)
    s.paint(~trough & (((s.X + 40) % 2.0) < 1.3), R["rust"], parts=["roofN"], lvl_bias=1)
    # rust runs and sand blown onto the iron
    nz = noise_field(40, 40, 17, 4.0)
    streak = noise_field(40, 40, 18, 2.0)
    s.paint((nz > 0.7) & (s.Y > -13), R3["sand"], parts=["roofN", "roofS"], lvl_bias=-1)
    s.paint((streak > 0.72) & ~trough, R3["canyon"], parts=["roofN", "roofS"], lvl_bias=-1)
    s.paint(np.abs(s.Y) < 0.9, R["gunmetal"], parts=["roofN", "roofS"], lvl_bias=1)  # ridge cap
    # a patched sheet of newer, greyer iron
    s.box(-13, 4, -6, 11, 4.3, R["steel"], group="patch", bevel=0.4, bias=-0.2)
    s.paint(((s.X + 40) % 2.0) < 0.9, R["steel"], parts=["patch"], lvl_bias=-1)
    # headframe: an A-frame of timber legs carrying the sheave wheel high above the shaft
    for x0, x1 in ((3.0, 8.5), (14.0, 8.5)):
        pts = [(x0 - 0.9, -3.0), (x0 + 0.9, -3.0), (x1 + 0.8, -14.5), (x1 - 0.8, -14.5)]
        s.slab(pts, 10.0, R3["timber"], group="leg", bevel=0.5)
    s.box(4.2, -8.6, 12.8, -7.4, 10.5, R3["timber"], group="brace", bevel=0.3)
    d = np.sqrt((s.X - 8.5) ** 2 + ((s.Y + 14.5) * 1.25) ** 2)
    wheel = (d > 2.3) & (d < 3.8)
    spokes = (d <= 2.3) & ((np.abs(s.X - 8.5) < 0.5) | (np.abs(s.Y + 14.5) < 0.45))
    one = np.ones_like(s.X)
    s._write(wheel | spokes, one * 13, one * 0, -one * 0.3, one, R["gunmetal"], "sheave", spec=0)
    s.px(8.5, -14.5, R["steel"][5], z=14)
    # a stove pipe with a soot ring
    s.lathe(-9, 6, [(-12, 1.3), (-9, 1.3)], R["gunmetal"], group="pipe")
    s.ellipsoid((-9, -12.4, 7.2), (1.0, 0.6, 0.3), R["char"], group="pipeh")
    return s.render()


def s3_minehead_ruin():
    rng = np.random.default_rng(78)
    s = Scene(40, 40, origin=(20, 20))
    charred_floor(s, 16, 15, 19, R3["canyon"], 0.6, 0.3)
    # the open shaft: a dark square with a timber collar
    s.box(-5, -5, 5, 5, 1.2, R3["timber"], group="collar", bevel=0.6)
    s.box(-3.5, -3.5, 3.5, 3.5, 1.4, R["char"], group="shaft", bevel=0, flat=0.0)
    gaps = ((np.abs(s.X + 4) < 3) & (s.Y < -11)) | ((np.abs(s.Y - 2) < 4) & (s.X < -12)) | (
        (np.abs(s.X - 8) < 3) & (s.Y > 11))
    broken_wall(s, (16, 15), (14, 13), gaps, R["rust"])
    # twisted roof sheets and fallen beams
    for k in range(5):
        x, y = rng.uniform(-11, 11), rng.uniform(-11, 11)
        if abs(x) < 6 and abs(y) < 6:
            x += 8 * np.sign(x + 0.01)
        w, h = rng.uniform(3, 6), rng.uniform(2, 4)
        s.box(x - w / 2, y - h / 2, x + w / 2, y + h / 2, 1.0 + k * 0.2, R["rust"], group="sheet%d" % k, bevel=0.6)
    fallen_beams(s, rng, 2, 12, 12, 1.4, 2.2)
    img = s.render()
    embers(img, rng, 12, (4, 36), (4, 36), keep=lambda x, y: abs(x - 20) > 6 or abs(y - 20) > 6)
    return img


def s3_mortar():
    """what the mine shed hid: a heavy mortar in the shaft collar, aimed straight up."""
    s = Scene(20, 20, origin=(10, 10))
    s.box(-7.5, -7.5, 7.5, 7.5, 0.5, R3["timber"], group="frame", bevel=0.8)
    s.paint((np.abs(s.X) > 5.8) | (np.abs(s.Y) > 5.8), R3["timber"], parts=["frame"], lvl_bias=-1)
    s.ellipsoid((0, 0, 1.5), (6.0, 6.0, 2.4), R["gunmetal"], group="base")
    s.lathe(0, 2.0, [(-4.2, 3.6), (3.6, 3.6)], R3["dust"], group="tube")
    s.ellipsoid((0, -0.4, 6.0), (2.4, 2.4, 0.3), R["char"], group="bore", spec=0, flat=0.0)
    s.paint(np.abs(s.Y - 2.0) < 0.5, R["brass"], parts=["tube"])
    return s.render()


# ---------------------------------------------------------------- stage 3 mid-boss: Rockhauler
def mid3_body():
    """a twin-rotor heavy lifter's fuselage: cockpit in front (below), winch gear behind."""
    s = Scene(52, 56, origin=(26, 28))
    # stub wings that carry the rotor pods (the pods are separate parts)
    for side in (-1, 1):
        s.slab([(6 * side, -8), (26 * side, -6), (26 * side, 2), (6 * side, 4)], 2.0, R3["dust"],
               group="wing%d" % side, thick=2.0, edge_ramp=R["gunmetal"], bevel=1.0)
        hazard_band(s, ["wing%d" % side], np.abs(s.X) > 18, s.X + s.Y * 0.8, 5)
        # exhausts blackened above the engines
        s.lathe(10 * side, 5, [(-22, 1.8), (-16, 2.2), (-10, 2.2)], R["gunmetal"], group="ex%d" % side)
        s.glow(10 * side, -22.2, 1.2, 0.7, R["fire"], z=8, levels=[3, 4])
    s.lathe(0, 3, [(-26, 4.0), (-22, 8.0), (-10, 10.5), (8, 10.5), (18, 8.5), (24, 5.0), (26.5, 1.5)], R3["ochre"],
            group="body")
    for yy in (-17, -6, 5):
        s.paint(np.abs(s.Y - yy) < 0.5, R3["ochre"], parts=["body"], lvl_bias=-2)
    s.paint((np.abs(s.X) < 2.5) & (s.Y < 12), R3["canyon"], parts=["body"])
    s.paint((np.abs(s.X) < 1.0) & (s.Y < 12), R3["canyon"], parts=["body"], lvl_bias=-1)
    # winch housing on the back, glowing furnace vent, cockpit glazing
    s.box(-6, -14, 6, -2, 13.0, R3["dust"], group="winch", bevel=1.2)
    s.paint(((s.Y + 40) % 2.4) < 0.9, R3["dust"], parts=["winch"], lvl_bias=-1)
    s.ellipsoid((0, -8, 14.6), (3.2, 3.2, 1.2), R["gunmetal"], group="drum")
    s.glow(0, -8, 1.6, 1.6, R["fire"], z=18, levels=[3, 4, 5])
    s.ellipsoid((0, 16, 10.5), (5.0, 5.5, 3.0), R["glass"], group="canopy", spec=1.0)
    s.paint(np.abs(s.X) < 0.5, R["gunmetal"], parts=["canopy"])
    for side in (-1, 1):
        s.glow(4.5 * side, 22.5, 0.9, 0.9, R["yellow"], z=12, levels=[5])
    return s.render()


def mid3_rotor():
    """rotor pod: an engine nacelle under a blurred three-blade rotor disc."""
    s = Scene(34, 34, origin=(17, 17))
    s.ellipsoid((0, 1, 1.0), (5.0, 9.0, 4.0), R3["dust"], group="nac")
    s.paint(np.abs(s.Y - 4) < 0.6, R3["canyon"], parts=["nac"])
    s.lathe(0, 2.5, [(8.5, 2.2), (11.5, 1.6)], R["gunmetal"], group="gun")
    s.ellipsoid((0, -1, 5.0), (3.0, 3.0, 2.0), R["gunmetal"], group="hub")
    img = s.render()
    im = Img(34, 34)
    # the disc: a faint dithered ring of blade tips
    d = np.sqrt((im.X - 17) ** 2 + (im.Y - 16) ** 2)
    ring = (d > 12.5) & (d < 16) & (((im.X.astype(int) + im.Y.astype(int)) % 2) == 0)
    im.fill(ring, R3["sand"][3])
    im.fill((d >= 15.2) & (d < 16), R3["sand"][4])
    for k in range(3):
        a = 0.4 + k * 2 * math.pi / 3
        for t in np.linspace(2.5, 15.5, 28):
            for w in (-0.6, 0.0, 0.6):
                x = 17 + math.cos(a) * t - math.sin(a) * w
                y = 16 + math.sin(a) * t + math.cos(a) * w
                im.px(x, y, R3["sand"][4] if w == 0.0 else R3["ochre"][2])
        im.px(17 + math.cos(a) * 15, 16 + math.sin(a) * 15, R["yellow"][5])
    im.outline()
    paste(im.a, img, 0, 0)
    # hub cap over the blades
    im2 = Img(34, 34)
    im2.disc(17, 16, 2.2, R["gunmetal"][3])
    im2.disc(16.5, 15.5, 1.0, R["steel"][5])
    paste(im.a, im2.a, 0, 0)
    return im.a


def mid3_skip():
    """the ore skip slung under the lifter: a steel bucket heaped with red rock, and its chains."""
    s = Scene(32, 26, origin=(16, 13))
    for side in (-1, 1):
        s.box(6 * side - 0.5, -12.5, 6 * side + 0.5, -5, 5, R["gunmetal"], group="chain", bevel=0)
        s.paint(((s.Y + 40) % 2) < 1, R["steel"], parts=["chain"])
    s.slab([(-13, -6), (13, -6), (11, 10), (-11, 10)], 3.0, R3["dust"], group="bucket", thick=3.0,
           edge_ramp=R["gunmetal"], bevel=1.2)
    s.paint(np.abs(s.Y - 6) < 0.7, R["yellow"], parts=["bucket"], lvl_bias=-1)
    s.paint((np.abs(s.Y - 6) < 0.7) & (((s.X + 40) % 4) < 2), R["char"], parts=["bucket"], lvl_bias=1)
    rng = np.random.default_rng(12)
    for k in range(16):
        x, y = rng.uniform(-9, 9), rng.uniform(-4, 3)
        r = rng.uniform(1.6, 3.0)
        s.ellipsoid((x, y, 3.5 + rng.uniform(0, 1.5)), (r, r * 0.85, r * 0.8), R3["canyon"] if k % 3 else R3["ochre"],
                    group="rock%d" % k)
    # spout at the front, where the rocks are thrown from
    s.lathe(0, 2.0, [(9, 2.6), (12.5, 2.2)], R["gunmetal"], group="spout")
    return s.render()


# ---------------------------------------------------------------- stage 3 boss: Quarrymaster
def boss3_core():
    """a flying quarry barge: riveted hull, furnace heart, stacks behind, lift fans at the sides."""
    s = Scene(84, 64, origin=(42, 32))
    # lift fans in round ducts at the four corners
    for sx in (-1, 1):
        for sy in (-1, 1):
            cx, cy = 33 * sx, 19 * sy - 4
            s.ellipsoid((cx, cy, 1.0), (8.0, 7.2, 3.0), R3["dust"], group="duct%d%d" % (sx, sy))
            s.ellipsoid((cx, cy, 3.2), (5.8, 5.2, 0.6), R["char"], group="fan%d%d" % (sx, sy), spec=0, flat=0.1)
            m = s.mask_ellipse(cx, cy, 5.6, 5.0, z=3.8)
            ang = np.arctan2(s.Y - cy, s.X - cx)
            s.paint(m & (np.sin(ang * 5 + sx) > 0.3), R3["dust"], parts=["fan%d%d" % (sx, sy)], lvl_bias=3)
            s.ellipsoid((cx, cy, 4.0), (1.5, 1.4, 0.8), R["gunmetal"], group="fhub%d%d" % (sx, sy))
    hull = [(-26, -28), (26, -28), (34, -16), (34, 10), (24, 26), (-24, 26), (-34, 10), (-34, -16)]
    s.slab(hull, 4, R["rust"], group="hull", thick=3.0, edge_ramp=R["char"], bevel=1.2)
    deck = [(-22, -24), (22, -24), (29, -14), (29, 8), (21, 22), (-21, 22), (-29, 8), (-29, -14)]
    s.slab(deck, 5, R3["ochre"], group="deck", bevel=0.6)
    s.paint(staggered_seams(s, 8, 10, 5), R3["ochre"], parts=["deck"], lvl_bias=-2)
    s.paint(rivet_rows(s, 8, 1.4, 2.2, 3), R3["ochre"], parts=["deck"], lvl_bias=1)
    nz = noise_field(84, 64, 5, 5.0)
    s.paint(nz > 0.68, R3["canyon"], parts=["deck"], lvl_bias=-1)
    # smokestacks behind
    for sx in (-1, 1):
        s.lathe(11 * sx, 8, [(-31, 3.2), (-24, 3.0), (-18, 3.4)], R["gunmetal"], group="stk%d" % sx)
        s.paint(np.abs(s.Y + 28) < 0.7, R3["canyon"], parts=["stk%d" % sx])
        s.ellipsoid((11 * sx, -30.6, 11.5), (2.4, 1.3, 0.5), R["char"], group="stkh%d" % sx)
    # the furnace: an armoured dome with a glowing grille (the weak point)
    s.ellipsoid((0, -4, 6), (14, 13, 8), R["gunmetal"], group="dome")
    ang = np.arctan2(s.Y + 4, s.X)
    rr = np.sqrt(s.X ** 2 + (s.Y + 4) ** 2)
    s.paint((np.abs(np.sin(ang * 5)) < 0.14) & (rr > 7), R["gunmetal"], parts=["dome"], lvl_bias=-2)
    s.glow(0, -2, 7.0, 5.0, R["fire"], z=20, levels=[0, 1, 2, 3, 4])
    grille = s.mask_ellipse(0, -2, 7.0, 5.0, z=0) & ((((s.Y + 40) % 2) < 0.9) | (np.abs(s.X) < 0.5))
    s.set_lvl(grille & (s.rid == R["fire"].id), 0)
    s.glow(0, -2.5, 2.4, 1.6, R["fire"], z=21, levels=[4, 5])
    # hazard stripes on the bow where the crusher jaws are mounted
    hazard_band(s, ["deck"], (s.Y > 15) & (s.Y < 20) & (np.abs(s.X) < 21), s.X - s.Y, 6)
    for sx in (-1, 1):
        s.glow(18 * sx, 22.5, 1.0, 1.0, R["yellow"], z=10, levels=[5])
    return s.render()


def boss3_drill():
    """left drill arm: hydraulic housing at the top, a spiral-fluted bit pointing down."""
    s = Scene(28, 52, origin=(14, 20))
    s.lathe(0, 2, [(-18, 4.0), (-10, 4.0), (-8, 5.0), (-2, 5.0)], R3["dust"], group="ram")
    s.paint(np.abs(s.Y + 12) < 0.6, R["yellow"], parts=["ram"])
    s.box(-9, -19, 9, -12, 7.0, R["rust"], group="mount", bevel=1.2)
    s.paint(((s.X + 40) % 3) < 0.8, R["rust"], parts=["mount"], lvl_bias=-2)
    for sx in (-1, 1):
        s.lathe(6.2 * sx, 4, [(-12, 1.4), (2, 1.2)], R["steel"], group="piston%d" % sx)
    s.ellipsoid((0, 0, 4), (7.0, 3.2, 3.0), R["gunmetal"], group="collar")
    prof = [(1, 6.6), (6, 6.0), (12, 4.6), (18, 3.0), (24, 1.4), (29.5, 0.2)]
    s.lathe(0, 3, prof, R["steel"], group="bit")
    flute = ((s.Y * 0.8 + s.X * 1.3 + 60) % 4.2) < 1.4
    s.paint(flute & (s.Y > 1), R["steel"], parts=["bit"], lvl_bias=-2)
    s.paint((s.Y > 25), R["gold"], parts=["bit"], lvl_bias=0)  # hardened tip
    return s.render()


def boss3_jaws():
    """the crusher: two toothed rollers at the bow, throwing rock at whatever is in front."""
    s = Scene(56, 30, origin=(28, 14))
    s.box(-26, -12, 26, -6, 2.0, R["rust"], group="frame", bevel=1.0)
    s.paint(((s.X + 40) % 4) < 0.7, R["rust"], parts=["frame"], lvl_bias=-2)
    for k, cy in enumerate((-2.5, 6.5)):
        s.ellipsoid((0, cy, 4.0), (24.5, 4.6, 4.6), R["gunmetal"], group="roll%d" % k, bias=-0.12)
        teeth = (((s.X + 40 + k * 2.5) % 5) < 2.2) & (np.abs(s.Y - cy) < 3.8)
        s.paint(teeth, R3["dust"], parts=["roll%d" % k], lvl_bias=0)
        s.paint((((s.X + 40 + k * 2.5) % 5) >= 4.2) & (np.abs(s.Y - cy) < 4), R["char"], parts=["roll%d" % k])
        for sx in (-1, 1):
            s.ellipsoid((25.5 * sx, cy, 4.0), (2.6, 3.2, 3.2), R3["ochre"], group="cap%d%d" % (k, sx))
    # rock jammed in the teeth
    rng = np.random.default_rng(44)
    for k in range(7):
        x = rng.uniform(-20, 20)
        s.ellipsoid((x, 2.0 + rng.uniform(-1, 1), 7.5), (1.6, 1.3, 1.2), R3["canyon"], group="chip%d" % k)
    s.lathe(0, 3, [(10, 2.6), (14.5, 2.2)], R["gunmetal"], group="chute")
    return s.render()


SPRITES = [
    *anims(2, s3_buzzard, s3_vulture, s3_kettle, s3_crawler),
    *stills(s3_bunker, s3_minehead, s3_minehead_ruin, s3_mortar),
    *boss_parts(31, mid3_body, mid3_rotor, mid3_skip, boss3_core, boss3_drill, boss3_jaws),
]
