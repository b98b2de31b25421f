"""Sprites for stage 4, Frostpeak Pass: interceptors, flying wings and rimed airships, snow
tractors, pillboxes and log lodges, the Rimefang mid-boss and the Winterwall fortress boss.

gen_sprites.build() adds the `SPRITES` table to the atlas; every name made here starts with
s4_, mid4_ or boss4_. Enemies face down (their front is at the bottom of the sprite); boss and
mid-boss parts come as 3 frames (intact, damaged, destroyed) through sprite_frames.boss_parts.
"""
import math

import numpy as np

from pixlib import OUTLINE, R, Img, Scene, make_ramp, paste, poly_mask
from sprite_frames import anims, boss_parts, stills
from sprite_parts import (airship, broken_wall, charred_floor, embers, fallen_beams, gun_ring, hazard_band, noise_field,
                          overlay, regular_polygon, rivet_rows, side_pods, staggered_seams,
                          tail_fins, track, twin_props)
from sprites_s3 import R3

# Snow ramps: white with blue shadows, glacier ice, dark pine, frost glow, grey stone.
R4 = {
    "snow": make_ramp(214, 0.16, v0=0.42, v1=1.0, s_bot=0.34, s_top=0.0, shift=0.0),
    "ice": make_ramp(194, 0.45, v0=0.28, v1=1.0, s_bot=0.6, s_top=0.08, shift=0.05),
    "pine": make_ramp(150, 0.55, v0=0.12, v1=0.66, shift=0.1),
    "frost": make_ramp(186, 0.70, v0=0.30, v1=1.0, s_top=0.05, shift=0.05),
    "stone": make_ramp(222, 0.14, v0=0.20, v1=0.84, s_bot=0.26, s_top=0.05),
}


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
    return twin_props(s.render(), 7.5, 6, f, R4["stone"], span=3)


def s4_rimeship(f):
    """a heavy patrol airship crusted with ice, its gondola bristling with frost guns."""
    s = Scene(34, 46, origin=(17, 23))
    airship(s, [(1, -22), (10, -22), (10, -19), (4.6, -13), (1, -13)], (-22.5, -11, 7.5, 6.0),
            [(-20, 2.2), (-15, 7.8), (-6, 10.6), (5, 10.8), (14, 8.2), (19.5, 4.0), (21.4, 0.6)], R4["stone"],
            R4["pine"], R4["pine"], R["gunmetal"], (-12, -3, 6, 14))
    # frost crust: dithered ice patches on the lit top
    nz = noise_field(34, 46, 7, 3.5)
    s.paint((nz > 0.6) & (np.abs(s.X) < 8), R4["ice"], parts=["env"], lvl_bias=0)
    side_pods(s, 12.4, [(-11, 0.9), (-9.5, 1.8), (-2, 1.8), (0, 0.9)])
    # gun gondola on the nose
    s.ellipsoid((0, 9, 10.5), (4.0, 5.0, 2.0), R4["pine"], group="gond")
    s.lathe(0, 12.0, [(11, 0.8), (17.5, 0.8)], R["gunmetal"], group="gun")
    s.glow(0, 8, 1.2, 1.2, R4["frost"], z=14, levels=[3, 5])
    img = s.render()
    icicles(img, (8, 11, 23, 26), 36)
    return twin_props(img, 12.4, 11, f, R4["stone"])


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
    tail_fins(s, [(1, -33), (9, -33), (9, -30), (4, -24), (1, -24)], R4["pine"], R["gunmetal"])
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
    s.paint(staggered_seams(s, 6, 8, 4, off=60), R4["stone"], parts=["base"], lvl_bias=-2)
    keep = [(-30, -34), (30, -34), (36, -26), (36, 24), (28, 32), (-28, 32), (-36, 24), (-36, -26)]
    s.slab(keep, 7, R4["pine"], group="keep", bevel=0.8)
    s.paint(staggered_seams(s, 12, 14, 7, width=0.8, off=60), R4["pine"], parts=["keep"], lvl_bias=-2)
    s.paint(rivet_rows(s, 12, 1.6, 2.4, 3.5, off=60), R4["pine"], parts=["keep"], lvl_bias=1)
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


SPRITES = [
    *anims(2, s4_snowhawk, s4_frostkite, s4_rimeship, s4_snowcat),
    *stills(s4_pillbox, s4_lodge, s4_lodge_ruin, s4_flak),
    *anims(2, s4_skimmer),
    *boss_parts(41, mid4_gondola, mid4_envelope, mid4_cannon, boss4_hull, boss4_tower, boss4_plough),
]
