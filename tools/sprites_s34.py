"""Sprites for stage 3 (Redrock Canyon) and stage 4 (Frostpeak Pass).

gen_sprites.build() adds the `SPRITES` table to the atlas; every name made here starts with
s3_, mid3_, boss3_, s4_, mid4_ or boss4_. Enemies face down (their front is at the bottom of
the sprite); boss and mid-boss parts come as 3 frames (intact, damaged, destroyed) through
sprite_frames.boss_parts.
"""
import math

import numpy as np

from pixlib import OUTLINE, R, Img, Scene, make_ramp, paste, poly_mask
from sprite_frames import anims, boss_parts, stills
from sprite_parts import (broken_wall, charred_floor, embers, fallen_beams, gun_ring, hazard_band, noise_field,
                          overlay, prop_blur, regular_polygon, track)

# Extra ramps for the two places. Desert: ochre, sand, canyon red, and the dusty blue of
# canyon shadows. Snow: white with blue shadows, glacier ice, dark pine.
R3 = {
    "ochre": make_ramp(34, 0.72, v0=0.20, v1=0.98, s_top=0.32),
    "sand": make_ramp(38, 0.42, v0=0.30, v1=0.98, s_bot=0.55, s_top=0.16),
    "canyon": make_ramp(10, 0.66, v0=0.17, v1=0.86),
    "dust": make_ramp(212, 0.30, v0=0.18, v1=0.86, s_bot=0.42, s_top=0.10),
    "timber": make_ramp(28, 0.50, v0=0.15, v1=0.74),
}
R4 = {
    "snow": make_ramp(214, 0.16, v0=0.42, v1=1.0, s_bot=0.34, s_top=0.0, shift=0.0),
    "ice": make_ramp(194, 0.45, v0=0.28, v1=1.0, s_bot=0.6, s_top=0.08, shift=0.05),
    "pine": make_ramp(150, 0.55, v0=0.12, v1=0.66, shift=0.1),
    "frost": make_ramp(186, 0.70, v0=0.30, v1=1.0, s_top=0.05, shift=0.05),
    "stone": make_ramp(222, 0.14, v0=0.20, v1=0.84, s_bot=0.26, s_top=0.05),
}


# ====================================================================== stage 3: Redrock Canyon
def s3_buzzard(f):
    """ornithopter scout: wings beat between spread (0) and raised (1)."""
    s = Scene(18, 16, origin=(9, 8))
    span, lift = (8.6, 0.0) if f == 0 else (6.4, -1.4)
    for side in (-1, 1):
        wing = [(1.2 * side, -3.0), (4.5 * side, -4.2 + lift), (span * side, -3.0 + lift),
                (span * side, -1.2 + lift), (span * side - 1.4 * side, 0.2 + lift), (5.2 * side, -0.4 + lift * 0.5),
                (3.8 * side, 1.2 + lift * 0.3), (1.2 * side, 1.6)]
        s.slab(wing, 1.0 + (1.2 if f else 0.0), R3["ochre"], group="w%d" % side, thick=0.8, edge_ramp=R["brown"])
        # feather slots along the trailing edge
        s.paint((np.abs(((s.X - side * 0.5) % 2.0) - 1.0) < 0.35) & (s.Y > -1.5 + lift), R3["ochre"],
                parts=["w%d" % side], lvl_bias=-2)
        s.paint_poly([((span - 1.8) * side, -5), ((span + 1) * side, -5), ((span + 1) * side, 2),
                      ((span - 1.8) * side, 2)], R3["canyon"], parts=["w%d" % side], lvl_bias=-1)
    # tail fan behind (top)
    s.slab([(-2.6, -7.6), (2.6, -7.6), (1.2, -4), (-1.2, -4)], 1.2, R3["canyon"], group="tail", thick=0.8)
    s.ellipsoid((0, 0.0, 2.0), (2.6, 5.4, 2.2), R3["canyon"], group="body")
    s.paint(np.abs(s.X) < 0.5, R3["canyon"], parts=["body"], lvl_bias=-2)
    s.ellipsoid((0, 4.2, 3.0), (1.8, 1.7, 1.4), R["brass"], group="head")
    s.glow(0, 5.0, 0.9, 0.8, R["yellow"], z=6, levels=[4, 5])
    return s.render()


def s3_vulture(f):
    """biplane raider with a spinning nose propeller."""
    s = Scene(26, 22, origin=(13, 10))
    # lower wing (partly hidden) and upper wing
    s.slab([(-10.5, -0.5), (10.5, -0.5), (10.5, 2.5), (-10.5, 2.5)], 0.5, R3["ochre"], group="lw", thick=0.8,
           edge_ramp=R["brown"], bias=-0.1)
    top = [(-12.2, -4.2), (12.2, -4.2), (12.6, -3.0), (12.2, -0.6), (-12.2, -0.6), (-12.6, -3.0)]
    s.slab(top, 4.0, R3["ochre"], group="tw", thick=1.0, edge_ramp=R["brown"], bevel=0.8)
    for side in (-1, 1):
        s.paint_poly([(9.5 * side, -5), (12.8 * side, -5), (12.8 * side, 0), (9.5 * side, 0)], R3["canyon"],
                     z=4.0, parts=["tw"])
        # roundel: a rust ring with a sand centre
        s.paint(s.mask_ellipse(6.0 * side, -2.4, 1.6, 1.3, z=4.0), R3["canyon"], parts=["tw"], lvl_bias=-1)
        s.px(6.0 * side, -2.4, R3["sand"][5], z=4.0)
        # struts between the wings
        s.box(7.4 * side - 0.4, -1.2, 7.4 * side + 0.4, 0.6, 2.2, R["brown"], group="st%d" % side, bevel=0)
    # tailplane at the back (top)
    s.slab([(-5.2, -9.2), (5.2, -9.2), (4.6, -7.4), (-4.6, -7.4)], 1.0, R3["ochre"], group="tp", thick=0.8,
           edge_ramp=R["brown"])
    s.lathe(0, 2.0, [(-9.6, 0.6), (-6, 1.4), (0, 2.4), (5.5, 2.6), (7.6, 2.4)], R3["canyon"], group="fus")
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
    plates = (((s.Y + 40) % 8) < 0.7) | (((s.X + 40 + ((s.Y + 40) // 8 % 2) * 5) % 10) < 0.7)
    s.paint(plates, R3["ochre"], parts=["deck"], lvl_bias=-2)
    rivets = (((s.Y + 40) % 8) > 1.4) & (((s.Y + 40) % 8) < 2.2) & (((s.X + 41) % 3) < 0.8)
    s.paint(rivets, R3["ochre"], parts=["deck"], lvl_bias=1)
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


# ====================================================================== stage 4: Frostpeak Pass
def icicles(img, xs, y):
    """Icicles hanging from an envelope's lower rim: 2 px of bright ice and a dark tip from row y."""
    for x in xs:
        img[y:y + 2, x, :3] = R4["ice"][5]
        img[y + 2, x, :3] = OUTLINE
        img[y:y + 3, x, 3] = 255


def s4_snowhawk(f):
    """a small swept-wing interceptor in pine green with snow-white tips; its afterburner flickers."""
    s = Scene(20, 20, origin=(10, 10))
    for side in (-1, 1):
        wing = [(1.2 * side, -1.0), (8.8 * side, -5.6), (9.4 * side, -4.0), (6.5 * side, 1.0), (1.6 * side, 4.0)]
        s.slab(wing, 0.8, R4["pine"], group="w%d" % side, thick=1.0, edge_ramp=R["gunmetal"], bias=0.1)
        s.paint_poly([(6.6 * side, -7), (10 * side, -7), (10 * side, 2), (6.6 * side, 2)], R4["snow"], z=0.8,
                     parts=["w%d" % side])
        s.slab([(1.0 * side, -9.0), (4.2 * side, -9.2), (4.0 * side, -7.6), (1.0 * side, -5.8)], 1.2, R4["snow"],
               group="t%d" % side, thick=0.8, edge_ramp=R4["stone"])
        s.slab([(1.4 * side, 2.0), (4.4 * side, 4.6), (4.2 * side, 5.6), (1.4 * side, 5.0)], 1.4, R4["pine"],
               group="c%d" % side, thick=0.6)
    s.lathe(0, 1.6, [(-9.2, 1.5), (-6, 2.2), (2, 2.5), (6, 1.7), (9.4, 0.3)], R4["stone"], group="body")
    s.paint(np.abs(s.X) < 0.6, R4["pine"], parts=["body"])
    s.ellipsoid((0, 2.8, 3.0), (1.1, 2.6, 1.0), R4["frost"], group="glass", spec=1.2)
    img = s.render()

    def burner(im):
        im.px(9, 0, R["cyan"][5] if f == 0 else R["cyan"][3])
        im.px(10, 0, R["cyan"][4] if f == 0 else R["white"][5])
    return overlay(img, burner)


def s4_frostkite(f):
    """a flying-wing bomber with two pusher propellers at its trailing edge."""
    s = Scene(34, 24, origin=(17, 12))
    wing = [(0, 8.5), (6, 5.2), (16.2, -0.6), (16.6, -3.0), (12, -4.0), (8.5, -2.2), (5, -5.2), (0, -4.2)]
    pts = wing + [(-x, y) for x, y in reversed(wing)]
    s.slab(pts, 1.0, R4["pine"], group="wing", thick=1.4, edge_ramp=R["gunmetal"], bevel=1.0, bias=0.1)
    s.paint(np.abs(np.abs(s.X) - 10) < 0.5, R4["pine"], parts=["wing"], lvl_bias=-1)
    s.paint((np.abs(s.X) > 13.5), R4["snow"], parts=["wing"])
    # ice-blue leading-edge de-icers
    s.paint(poly_mask(s.X, s.Y, [(0, 8.6), (16.2, -0.5), (16.2, 1.2), (0, 10)]) | poly_mask(
        s.X, s.Y, [(0, 8.6), (-16.2, -0.5), (-16.2, 1.2), (0, 10)]), R4["frost"], parts=["wing"], lvl_bias=-1)
    s.ellipsoid((0, 1.0, 2.0), (3.2, 7.0, 2.4), R4["stone"], group="pod")
    s.ellipsoid((0, 5.2, 3.6), (1.6, 2.0, 1.0), R4["frost"], group="glass", spec=1.2)
    for side in (-1, 1):
        s.lathe(7.5 * side, 2.0, [(-5.0, 1.0), (-3.5, 1.8), (1.5, 1.8)], R4["stone"], group="eng%d" % side)
        # bomb bay bulge under each wing
        s.ellipsoid((4.0 * side, 2.0, 2.2), (1.0, 2.6, 0.8), R["gunmetal"], group="bay%d" % side)
    img = s.render()

    def props(im):
        for side in (-1, 1):
            prop_blur(im, 17 + 7.5 * side - 0.5, 6, f, R4["stone"], span=3)
    return overlay(img, props)


def s4_rimeship(f):
    """a heavy patrol airship crusted with ice, its gondola bristling with frost guns."""
    s = Scene(34, 46, origin=(17, 23))
    for side in (-1, 1):
        s.slab([(1 * side, -22), (10 * side, -22), (10 * side, -19), (4.6 * side, -13), (1 * side, -13)], 0.5,
               R4["pine"], group="fin%d" % side, thick=1.0, edge_ramp=R["gunmetal"])
    s.slab([(-1.2, -22.5), (1.2, -22.5), (1.2, -11), (-1.2, -11)], 7.5, R4["pine"], group="vfin", thick=6.0,
           edge_ramp=R["gunmetal"])
    s.lathe(0, 0, [(-20, 2.2), (-15, 7.8), (-6, 10.6), (5, 10.8), (14, 8.2), (19.5, 4.0), (21.4, 0.6)], R4["stone"],
            group="env")
    for yy in (-12, -3, 6, 14):
        s.paint(np.abs(s.Y - yy) < 0.6, R4["pine"], parts=["env"])
    s.paint(np.abs(s.X) < 0.6, R4["pine"], parts=["env"], lvl_bias=1)
    # frost crust: dithered ice patches on the lit top
    nz = noise_field(34, 46, 7, 3.5)
    s.paint((nz > 0.6) & (np.abs(s.X) < 8), R4["ice"], parts=["env"], lvl_bias=0)
    for side in (-1, 1):
        s.lathe(12.4 * side, 0, [(-11, 0.9), (-9.5, 1.8), (-2, 1.8), (0, 0.9)], R["gunmetal"], group="pod%d" % side)
    # gun gondola on the nose
    s.ellipsoid((0, 9, 10.5), (4.0, 5.0, 2.0), R4["pine"], group="gond")
    s.lathe(0, 12.0, [(11, 0.8), (17.5, 0.8)], R["gunmetal"], group="gun")
    s.glow(0, 8, 1.2, 1.2, R4["frost"], z=14, levels=[3, 5])
    img = s.render()
    icicles(img, (8, 11, 23, 26), 36)

    def props(im):
        for side in (-1, 1):
            prop_blur(im, 17 + 12.4 * side - 0.5, 11, f, R4["stone"])
    return overlay(img, props)


def s4_snowcat(f):
    """four-track snow tractor in pine green with a gun ring on its cabin roof."""
    s = Scene(22, 28, origin=(11, 14))
    for sx in (-1, 1):
        for sy in (-1, 1):
            cy = 7.6 * sy
            track(s, 7.0 * sx, cy - 5.2, cy + 5.2, 1.6, R["gunmetal"], "tr%d%d" % (sx, sy), 2.6, 2.2, 20, f, bevel=0.9)
    s.box(-5.0, -12.0, 5.0, 12.0, 3.0, R4["pine"], group="hull", bevel=1.0)
    s.paint(np.abs(s.Y + 10) < 0.5, R4["pine"], parts=["hull"], lvl_bias=-2)
    s.box(-4.4, -3.5, 4.4, 7.0, 5.0, R4["pine"], group="cab", bevel=1.0)
    s.box(-4.0, 5.4, 4.0, 7.0, 5.6, R4["frost"], group="glass", bevel=0.2)
    # snow on the cabin roof and on the bonnet
    nz = noise_field(22, 28, 23, 2.5)
    s.paint((nz > 0.45) & (s.Y < 4), R4["snow"], parts=["cab"])
    s.paint((nz > 0.55) & (s.Y > 8), R4["snow"], parts=["hull"])
    gun_ring(s, 0, 0.0, 5.4, R4["stone"], r=3.4)
    s.box(-4, 11.2, 4, 12.6, 3.4, R4["stone"], group="blade", bevel=0.5)
    s.px(-3.2, 12.6, R["yellow"][5], z=4)
    s.px(3.2, 12.6, R["yellow"][5], z=4)
    return s.render()


def s4_pillbox():
    """a concrete gun dome half buried in snow; the shared gun_barrel turns on top."""
    s = Scene(26, 26, origin=(13, 13))
    s.ellipsoid((0, 0.5, -1.0), (12.0, 11.5, 3.0), R4["snow"], group="drift", bias=-0.05, spec=0)
    s.ellipsoid((0, 0, 0.5), (9.0, 9.0, 5.0), R4["stone"], group="dome")
    ang = np.arctan2(s.Y, s.X)
    rr = np.sqrt(s.X ** 2 + s.Y ** 2)
    s.paint((np.abs(np.sin(ang * 3)) < 0.1) & (rr > 5), R4["stone"], parts=["dome"], lvl_bias=-1)
    # a firing slit facing down, and snow lying on the top
    s.paint((np.abs(s.X) < 4.0) & (s.Y > 6.0) & (s.Y < 7.6), R["char"], parts=["dome"], lvl_bias=-5)
    nz = noise_field(26, 26, 61, 2.5)
    s.paint((nz > 0.5) & (s.Y < 1) & (rr < 8.5), R4["snow"], parts=["dome"])
    gun_ring(s, 0, 0, 5.0, R4["pine"], r=3.8)
    return s.render()


def s4_lodge():
    """a log lodge under a deep roof of snow: dark timber eaves, icicles, a smoking chimney."""
    s = Scene(40, 40, origin=(20, 20))
    # the log walls show under the eaves all round
    s.box(-17, -15, 17, 16, 1.0, R3["timber"], group="walls", bevel=0.8, bias=-0.1)
    s.paint(((s.Y + 40) % 2.0) < 0.8, R3["timber"], parts=["walls"], lvl_bias=-1)
    roofN = [(-15.5, -14), (15.5, -14), (15.5, 0), (-15.5, 0)]
    roofS = [(-15.5, 0), (15.5, 0), (15.5, 12.5), (-15.5, 12.5)]
    s.slab(roofN, 5, R4["snow"], group="roofN", bevel=0.9, bias=0.08)
    s.slab(roofS, 5, R4["snow"], group="roofS", bevel=0.9, bias=-0.3)
    nz = noise_field(40, 40, 33, 3.0)
    s.paint((nz > 0.66) & (s.Y < 0), R4["ice"], parts=["roofN"], lvl_bias=0)
    s.paint((nz > 0.7) & (s.Y > 0), R4["ice"], parts=["roofS"], lvl_bias=-1)
    s.paint(np.abs(s.Y) < 0.7, R4["snow"], parts=["roofN", "roofS"], lvl_bias=1)  # ridge line
    # a wavy overhang of snow along the front eave
    lip = (s.Y > 10.5 + 1.1 * np.sin(s.X * 1.3)) & (s.Y < 12.5)
    s.paint(lip, R4["snow"], parts=["roofS"], lvl_bias=1)
    # stone chimney and a lit dormer window
    s.box(-13, -12, -8, -6.5, 9, R4["stone"], group="chim", bevel=1.0)
    s.paint((((s.X + 40) % 2.5) < 0.6) | (((s.Y + 40) % 2) < 0.6), R4["stone"], parts=["chim"], lvl_bias=-1)
    s.box(-11.8, -10.8, -9.2, -8.2, 9.2, R["char"], group="chimh", bevel=0)
    s.box(4, 2.5, 12, 10, 6.5, R4["snow"], group="dormer", bevel=1.0, bias=-0.1)
    s.box(5.5, 8.0, 10.5, 10.5, 7.0, R3["timber"], group="dframe", bevel=0.2)
    s.box(6.5, 8.6, 9.5, 10.5, 7.2, R["yellow"], group="win", bevel=0)
    img = s.render()
    # icicles under the front eave and a wisp of smoke from the chimney
    for x in (5, 9, 14, 23, 28, 33):
        img[36, x, :3] = R4["ice"][5]
        img[37, x, :3] = R4["ice"][3]
        img[36:38, x, 3] = 255
    for k, (x, y) in enumerate(((9, 6), (10, 5), (11, 4), (12, 4), (13, 3))):
        img[y, x, :3] = R["smoke"][5 - k % 2]
        img[y, x, 3] = 255
    return img


def s4_lodge_ruin():
    rng = np.random.default_rng(79)
    s = Scene(40, 40, origin=(20, 20))
    charred_floor(s, 17, 15, 29, R3["timber"], 0.6, 0.32)
    gaps = ((np.abs(s.X - 3) < 3) & (s.Y < -11)) | ((np.abs(s.Y + 3) < 4) & (s.X > 13)) | (
        (np.abs(s.X + 7) < 3) & (s.Y > 11))
    broken_wall(s, (17, 15), (15, 13), gaps, R3["timber"])
    s.paint(((s.X + 40) % 2) < 0.6, R3["timber"], parts=["wall"], lvl_bias=-1)
    s.box(-13, -12, -8, -7, 3, R4["stone"], group="chim", bevel=1.0)
    # snow already blowing back in at the edges, charred logs inside
    fallen_beams(s, rng, 4, 10, 12, 1.6, 2.0)
    img = s.render()
    dn = noise_field(40, 40, 31, 3.0)
    ys, xs = np.mgrid[0:40, 0:40]
    snow = (img[..., 3] > 0) & (dn > 0.7) & ((np.abs(xs - 20) > 12) | (np.abs(ys - 20) > 10))
    img[snow, :3] = R4["snow"][4]
    embers(img, rng, 10, (6, 34), (6, 34))
    return img


def s4_flak():
    """what the lodge hid: a quad flak mount, its four barrels pointing at the sky."""
    s = Scene(20, 20, origin=(10, 10))
    s.slab(regular_polygon(6, 8.4), 1.0, R4["stone"], group="pad", bevel=1.0)
    s.ellipsoid((0, 0, 1.5), (6.0, 6.0, 2.8), R4["pine"], group="turret")
    for sx in (-1, 1):
        for sy in (-1, 1):
            s.lathe(2.3 * sx, 4.0 + 0.0, [(2.3 * sy - 1.3, 1.1), (2.3 * sy + 1.3, 1.1)], R["gunmetal"],
                    group="b%d%d" % (sx, sy))
            s.ellipsoid((2.3 * sx, 2.3 * sy, 5.5), (0.9, 0.9, 0.2), R["char"], group="m%d%d" % (sx, sy), spec=0,
                        flat=0.0)
    s.glow(0, 0, 0.8, 0.8, R4["frost"], z=6, levels=[4])
    return s.render()


def s4_skimmer(f):
    """a hovercraft racing over the frozen lake: round skirt, fan behind, gun in front."""
    s = Scene(26, 28, origin=(13, 14))
    s.ellipsoid((0, 0.5, 0.5), (11.0, 12.5, 3.0), R["char"], group="skirt", spec=0)
    s.paint(((np.arctan2(s.Y, s.X) * 8 / math.pi) % 2) < 0.5, R["char"], parts=["skirt"], lvl_bias=1)
    s.slab([(0, 11), (7, 7), (8.5, -3), (6, -10), (-6, -10), (-8.5, -3), (-7, 7)], 3.0, R4["snow"], group="deck",
           thick=1.2, edge_ramp=R4["stone"], bevel=1.0)
    s.paint(np.abs(s.X) < 1.0, R4["pine"], parts=["deck"])
    s.box(-3.2, -1, 3.2, 5, 5.0, R4["pine"], group="cab", bevel=1.0)
    s.box(-2.6, 3.6, 2.6, 5.0, 5.4, R4["frost"], group="glass", bevel=0.2)
    s.lathe(0, 4.0, [(7.5, 0.8), (12.8, 0.7)], R["gunmetal"], group="gun")
    # the fan duct at the back
    s.ellipsoid((0, -9.5, 5.0), (5.6, 2.6, 3.0), R4["stone"], group="duct")
    s.ellipsoid((0, -9.5, 7.2), (4.2, 1.6, 0.5), R["char"], group="fanhole", spec=0, flat=0.0)
    img = s.render()
    im = Img(26, 28)
    # ice spray thrown out around the skirt, alternating between frames
    rng = np.random.default_rng(90 + f)
    for k in range(10):
        a = rng.uniform(0, 2 * math.pi)
        r = rng.uniform(12.2, 13.2)
        im.px(13 + math.cos(a) * r * 0.92, 14.5 + math.sin(a) * r, R4["snow"][5 if k % 2 else 3])
    paste(im.a, img, 0, 0)

    def fan(i):
        for dx in range(-3, 4):
            if (dx + f) % 2 == 0:
                i.px(13 + dx, 4, R4["stone"][4])
    return overlay(im.a, fan)


# ---------------------------------------------------------------- stage 4 mid-boss: Rimefang
def mid4_gondola():
    """the catamaran airship's armoured gondola, slung between its two envelopes."""
    s = Scene(44, 52, origin=(22, 26))
    # cross spars that tie it to the envelopes (they are separate parts)
    for yy in (-14, 8):
        s.box(-22, yy - 1.5, 22, yy + 1.5, 2.0, R4["stone"], group="spar%d" % yy, bevel=0.6)
        s.paint(((s.X + 40) % 4) < 1.0, R4["stone"], parts=["spar%d" % yy], lvl_bias=-2)
    hull = [(-9, -22), (9, -22), (14, -12), (14, 10), (8, 22), (-8, 22), (-14, 10), (-14, -12)]
    s.slab(hull, 4, R4["pine"], group="hull", thick=3, edge_ramp=R["gunmetal"], bevel=1.2)
    s.paint(np.abs(np.abs(s.X) - 8) < 0.5, R4["pine"], parts=["hull"], lvl_bias=-2)
    nz = noise_field(44, 52, 13, 3.0)
    s.paint((nz > 0.7) & (s.Y < 0), R4["snow"], parts=["hull"], lvl_bias=0)
    # the frost reactor: a glass dome with a cold blue glow
    s.ellipsoid((0, -4, 7), (8.5, 8.5, 4.0), R4["stone"], group="ring")
    s.ellipsoid((0, -4, 9), (6.0, 6.0, 3.0), R4["frost"], group="dome", spec=1.2)
    s.glow(0, -4, 3.4, 3.4, R4["frost"], z=16, levels=[3, 4, 5])
    s.glow(0, -4, 1.3, 1.3, R["white"], z=17, levels=[5])
    # bridge windows at the bow
    s.box(-5, 13, 5, 16, 6, R4["frost"], group="win", bevel=0.3)
    s.paint(((s.X + 40) % 2.5) < 0.7, R["gunmetal"], parts=["win"])
    s.lathe(0, 7, [(-26, 0.8), (-19, 0.8)], R4["stone"], group="mast")
    return s.render()


def mid4_envelope():
    """left envelope of the catamaran: long, white, rimed with ice, fins behind, engine pod."""
    s = Scene(28, 70, origin=(14, 35))
    for side in (-1, 1):
        s.slab([(1 * side, -33), (9 * side, -33), (9 * side, -30), (4 * side, -24), (1 * side, -24)], 0.5,
               R4["pine"], group="fin%d" % side, thick=1.0, edge_ramp=R["gunmetal"])
    s.lathe(0, 0, [(-31, 2.0), (-25, 7.0), (-14, 9.6), (10, 9.6), (22, 7.4), (30, 3.8), (33, 0.6)], R4["snow"],
            group="env")
    for yy in (-20, -8, 4, 16):
        s.paint(np.abs(s.Y - yy) < 0.6, R4["stone"], parts=["env"])
    nz = noise_field(28, 70, 17, 3.5)
    s.paint((nz > 0.62) & (np.abs(s.X) < 6), R4["ice"], parts=["env"])
    s.paint(np.abs(s.X) < 0.6, R4["stone"], parts=["env"], lvl_bias=1)
    # engine pod on the outer (left) flank and a frost gun on the nose
    s.lathe(-10.5, 0, [(-4, 0.8), (-2.5, 2.0), (6, 2.0), (8, 1.0)], R["gunmetal"], group="pod")
    s.ellipsoid((0, 25, 10.5), (3.0, 3.0, 1.6), R4["pine"], group="tur")
    s.lathe(0, 11.0, [(26, 0.8), (32, 0.8)], R["gunmetal"], group="gun")
    img = s.render()
    icicles(img, (6, 9, 18, 21), 60)
    return img


def mid4_cannon():
    """the cryo cannon under the gondola's bow: ribbed coils around a long barrel."""
    s = Scene(20, 30, origin=(10, 8))
    s.lathe(0, 3, [(0, 2.6), (16, 2.4), (17, 3.2), (20, 3.2)], R4["stone"], group="barrel")
    s.paint((((s.Y + 40) % 3) < 1.2) & (s.Y > 2) & (s.Y < 15), R4["frost"], parts=["barrel"], lvl_bias=0)
    s.ellipsoid((0, -1, 2), (8.0, 7.0, 4.2), R4["pine"], group="base")
    s.ellipsoid((0, -1, 6), (3.6, 3.2, 1.6), R4["frost"], group="cap", spec=1.0)
    s.glow(0, -1, 1.4, 1.2, R["white"], z=9, levels=[5])
    s.glow(0, 19.8, 1.6, 0.8, R4["frost"], z=9, levels=[3, 5])
    return s.render()


# ---------------------------------------------------------------- stage 4 boss: Winterwall
def boss4_hull():
    """the land fortress: a stone-and-steel keep on four great tracks, its bridge in the middle."""
    s = Scene(112, 88, origin=(56, 44))
    for sx in (-1, 1):
        for sy in (-1, 1):
            cx, cy = 47 * sx, 23 * sy
            m = track(s, cx, cy - 17, cy + 17, 2.0, R["gunmetal"], "tr%d%d" % (sx, sy), 8, 7, 60, bevel=1.0,
                      period=5, cleat=1.4)
            s.paint(m & (np.abs(s.X - cx) < 2), R4["snow"], parts=["tr%d%d" % (sx, sy)], lvl_bias=0)
    base = [(-40, -40), (40, -40), (44, -30), (44, 30), (36, 40), (-36, 40), (-44, 30), (-44, -30)]
    s.slab(base, 5, R4["stone"], group="base", thick=4, edge_ramp=R["gunmetal"], bevel=1.2)
    # stone blocks on the walls
    blocks = (((s.Y + 60) % 6) < 0.7) | (((s.X + 60 + ((s.Y + 60) // 6 % 2) * 4) % 8) < 0.7)
    s.paint(blocks, R4["stone"], parts=["base"], lvl_bias=-2)
    keep = [(-30, -34), (30, -34), (36, -26), (36, 24), (28, 32), (-28, 32), (-36, 24), (-36, -26)]
    s.slab(keep, 7, R4["pine"], group="keep", bevel=0.8)
    panels = (((s.Y + 60) % 12) < 0.8) | (((s.X + 60 + ((s.Y + 60) // 12 % 2) * 7) % 14) < 0.8)
    s.paint(panels, R4["pine"], parts=["keep"], lvl_bias=-2)
    rivet = (((s.Y + 60) % 12) > 1.6) & (((s.Y + 60) % 12) < 2.4) & (((s.X + 61) % 3.5) < 0.8)
    s.paint(rivet, R4["pine"], parts=["keep"], lvl_bias=1)
    # snow drifted against the back wall and lying in a few patches
    nz = noise_field(112, 88, 3, 5.0)
    drift = (s.Y < -30 + 6 * nz) | ((nz > 0.74) & (s.Y < 20))
    s.paint(drift, R4["snow"], parts=["keep", "base"], lvl_bias=0)
    s.paint((nz > 0.66) & (nz <= 0.74) & (s.Y < 20), R4["ice"], parts=["keep"], lvl_bias=-1)
    # engine-room grilles and a pair of hatches on the deck in front of the bridge
    for sx in (-1, 1):
        s.box(14 * sx - 6, 14, 14 * sx + 6, 24, 7.6, R["gunmetal"], group="grille%d" % sx, bevel=0.8)
        s.paint(((s.Y + 60) % 2) < 0.9, R["char"], parts=["grille%d" % sx], lvl_bias=0)
        s.ellipsoid((26 * sx, 22, 7.4), (3.0, 3.0, 1.2), R4["stone"], group="hatch%d" % sx)
    # battlements along the back wall
    for k in range(-4, 5):
        s.box(k * 7 - 2.2, -40, k * 7 + 2.2, -36.5, 9, R4["stone"], group="mer%d" % k, bevel=0.8)
    # the bridge: an armoured cupola with a blue-lit command slit (the core's weak point)
    s.ellipsoid((0, -8, 8), (15, 14, 8), R4["stone"], group="cupola")
    ang = np.arctan2(s.Y + 8, s.X)
    rr = np.sqrt(s.X ** 2 + (s.Y + 8) ** 2)
    s.paint((np.abs(np.sin(ang * 4)) < 0.12) & (rr > 6), R4["stone"], parts=["cupola"], lvl_bias=-2)
    s.glow(0, -4, 9.0, 2.2, R4["frost"], z=24, levels=[1, 3, 4, 5])
    s.glow(0, -4, 3.0, 1.0, R["white"], z=25, levels=[5])
    s.ellipsoid((0, -14, 16), (3.6, 3.6, 1.6), R["gunmetal"], group="hatch")
    # twin exhaust stacks behind, steaming
    for sx in (-1, 1):
        s.lathe(20 * sx, 10, [(-38, 3.0), (-30, 3.0)], R["gunmetal"], group="stk%d" % sx)
        s.ellipsoid((20 * sx, -38.5, 13.2), (2.2, 1.2, 0.4), R["char"], group="stkh%d" % sx)
        s.glow(38 * sx, 36, 1.2, 1.0, R["yellow"], z=10, levels=[5])
    return s.render()


def boss4_tower():
    """a gun tower for the fortress's flank: a round snow-capped turret with twin barrels."""
    s = Scene(32, 40, origin=(16, 16))
    for sx in (-1, 1):
        s.lathe(3.2 * sx, 5, [(0, 1.6), (15, 1.5), (16, 2.1), (19, 2.1)], R["gunmetal"], group="b%d" % sx)
    s.ellipsoid((0, 0, 1.0), (13.0, 13.0, 4.0), R4["stone"], group="base")
    s.paint((np.abs(np.sin(np.arctan2(s.Y, s.X) * 6)) < 0.16), R4["stone"], parts=["base"], lvl_bias=-2)
    s.ellipsoid((0, -1, 5.0), (9.0, 9.0, 4.0), R4["pine"], group="turret")
    nz = noise_field(32, 40, 51, 2.5)
    rr = np.sqrt(s.X ** 2 + (s.Y + 1) ** 2)
    s.paint((nz > 0.45) & (s.Y < 0) & (rr < 8.5), R4["snow"], parts=["turret"])
    s.box(-4.5, 4.0, 4.5, 6.0, 9.0, R4["frost"], group="slit", bevel=0)
    s.ellipsoid((-3.5, -4.5, 9.5), (1.8, 1.8, 0.8), R["gunmetal"], group="hatch")
    return s.render()


def boss4_plough():
    """the ice plough at the fortress's front: a toothed blade with hazard paint."""
    s = Scene(76, 26, origin=(38, 12))
    for sx in (-1, 1):
        s.lathe(24 * sx, 3, [(-12, 2.2), (-3, 2.2)], R["steel"], group="ram%d" % sx)
    blade = [(-36, -4), (36, -4), (37, 4), (30, 9), (-30, 9), (-37, 4)]
    s.slab(blade, 4, R4["stone"], group="blade", thick=3, edge_ramp=R["gunmetal"], bevel=1.2)
    hazard_band(s, ["blade"], (s.Y > -2.5) & (s.Y < 2.5), s.X - s.Y, 8)
    for k in range(-6, 7):
        x = k * 5.2
        s.slab([(x - 2.0, 8), (x + 2.0, 8), (x, 12.5)], 3.0, R["steel"], group="tooth%d" % k, thick=1.0,
               edge_ramp=R["gunmetal"], bevel=0.4)
    # packed snow thrown up on the blade
    nz = noise_field(76, 26, 9, 3.0)
    s.paint((nz > 0.62) & (s.Y > 3), R4["snow"], parts=["blade"])
    for sx in (-1, 1):
        s.lathe(10 * sx, 6, [(4, 1.4), (11, 1.2)], R["gunmetal"], group="g%d" % sx)
    return s.render()


# ====================================================================== hand-off to the atlas
SPRITES = [
    *anims(2, s3_buzzard, s3_vulture, s3_kettle, s3_crawler),
    *stills(s3_bunker, s3_minehead, s3_minehead_ruin, s3_mortar),
    *boss_parts(31, mid3_body, mid3_rotor, mid3_skip, boss3_core, boss3_drill, boss3_jaws),
    *anims(2, s4_snowhawk, s4_frostkite, s4_rimeship, s4_snowcat),
    *stills(s4_pillbox, s4_lodge, s4_lodge_ruin, s4_flak),
    *anims(2, s4_skimmer),
    *boss_parts(41, mid4_gondola, mid4_envelope, mid4_cannon, boss4_hull, boss4_tower, boss4_plough),
]
