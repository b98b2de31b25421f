"""Sprites for the Extra stage, the Stormcrown: the storm's sparks, the observatory's weather
vanes and sextant drones, the Astrolabe mid-boss and the Grand Orrery, the Extra boss.

gen_sprites.build() adds the `SPRITES` table to the atlas; every sprite here carries the stage's
prefix: ex_ or mid7_. Enemies face down (their front is at the bottom of the sprite). Boss and
mid-boss parts get 3 frames (intact, damaged, destroyed) from sprite_frames.boss_parts.

The look: the floating observatory's brass instruments and pale star-stone, lit by the storm's
teal lightning. Kept bright at the edges (brass, stone, teal glow) so each reads on the dark
indigo storm ground (tests/bullet_contrast.rs measures the flying ones), and distinct from the
Sovereign's violet steel.
Deterministic: no randomness without a fixed seed.
"""
import math

import numpy as np

from pixlib import R, Ramp, Scene, make_ramp, poly_mask
from sprite_frames import anims, boss_parts
from sprite_parts import rivets

# The Stormcrown: brass instruments, pale star-stone, storm-teal light, night-blue lacquer.
BRASS = R["brass"]
GOLD = R["gold"]
STONE = make_ramp(228, 0.14, v0=0.22, v1=0.94, s_bot=0.26, s_top=0.03, shift=0.1)
LACQUER = make_ramp(226, 0.55, v0=0.12, v1=0.62, s_bot=0.62, s_top=0.22, shift=0.1)
STORM = Ramp(["#0b3a44", "#12606a", "#1f9294", "#52c8c0", "#a6f0e4", "#f2fffb"])
GAS = make_ramp(196, 0.62, v0=0.24, v1=0.96, s_top=0.18, shift=0.12)
EMBER = make_ramp(30, 0.78, v0=0.26, v1=1.0, s_top=0.22)


def _ring_mask(s, cx, cy, rx, ry, width, tilt=0.0):
    """An ellipse's outline `width` thick, centred at (cx, cy), turned by `tilt` radians: the
    brass hoops of an armillary sphere seen at an angle."""
    c, sn = math.cos(tilt), math.sin(tilt)
    x, y = s.X - cx, s.Y - cy
    u, v = x * c + y * sn, -x * sn + y * c
    d = np.sqrt((u / rx) ** 2 + (v / ry) ** 2)
    return np.abs(d - 1.0) * min(rx, ry) < width * 0.5


def _hoop(s, cx, cy, rx, ry, width, tilt, ramp, z, group, front_only=False):
    """Draws an armillary hoop as raised metal: its near half over what lies inside it, its far
    half (the upper arc, seen through the sphere) under it when `front_only` is false."""
    m = _ring_mask(s, cx, cy, rx, ry, width, tilt)
    c, sn = math.cos(tilt), math.sin(tilt)
    v = -(s.X - cx) * sn + (s.Y - cy) * c
    near = m & (v >= 0)
    far = m & (v < 0)
    one = np.ones(m.shape)
    # A hoop's cross-section is round: light it by how far across the band each pixel sits.
    d = np.sqrt(((s.X - cx) * c + (s.Y - cy) * sn) ** 2 / rx ** 2 + v ** 2 / ry ** 2)
    across = np.clip((d - 1.0) * min(rx, ry) / (width * 0.5), -1, 1)
    nz = np.sqrt(np.clip(1 - across ** 2, 0, 1))
    nx = across * ((s.X - cx) / np.maximum(np.hypot(s.X - cx, s.Y - cy), 1e-6))
    ny = across * ((s.Y - cy) / np.maximum(np.hypot(s.X - cx, s.Y - cy), 1e-6))
    s._write(near, one * (z + 2), nx, ny, nz, ramp, group + "_n", spec=0.9)
    if not front_only:
        s._write(far, one * (z - 6), nx, ny, nz, ramp, group + "_f", bias=-0.12, spec=0)


# ====================================================================== the Extra stage's enemies
def ex_spark(f):
    """Storm spark: a ball of teal lightning in a cage of four brass prongs (popcorn)."""
    s = Scene(16, 16, origin=(8, 8))
    for k in range(4):
        a = math.radians(45 + k * 90 + (0 if f == 0 else 45))
        c, sn = math.cos(a), math.sin(a)
        pts = [(c * 2.0 - sn * 2.0, sn * 2.0 + c * 2.0), (c * 7.2 - sn * 0.7, sn * 7.2 + c * 0.7),
               (c * 7.2 + sn * 0.7, sn * 7.2 - c * 0.7), (c * 2.0 + sn * 2.0, sn * 2.0 - c * 2.0)]
        s.slab(pts, 2.0, BRASS, group="prong%d" % k, thick=0.8, bevel=0.8)
    s.ellipsoid((0, 0, 2.0), (4.4, 4.4, 2.6), LACQUER, group="shell")
    s.glow(0, 0, 3.6, 3.6, STORM, z=8, levels=[2, 3, 4, 5] if f == 0 else [3, 4, 5, 5])
    # a forked crackle across the ball, turning with the frame
    for k in range(3):
        a = math.radians(20 + k * 120 + f * 60)
        s.px(math.cos(a) * 2.6, math.sin(a) * 2.6, STORM[5], z=9)
    return s.render()


def ex_vane(f):
    """Weather vane: a lacquered arrow-drone (prow down, tail fin up) under a spinning cross of
    brass cups."""
    s = Scene(24, 26, origin=(12, 12))
    s.slab([(-1.2, -12), (1.2, -12), (4.5, -6), (-4.5, -6)], 2.0, BRASS, group="fin", thick=1.0, bevel=0.8)
    s.slab([(-3.5, -7), (3.5, -7), (5.5, 1), (0, 12.5), (-5.5, 1)], 3.0, LACQUER, group="body", thick=2.0,
           edge_ramp=STONE, bevel=1.2)
    s.paint(poly_mask(s.X, s.Y, [(-3.2, 6), (3.2, 6), (0, 12.5)]), BRASS, parts=["body"], lvl_bias=1)
    s.paint(np.abs(s.X) < 0.5, STONE, parts=["body"], lvl_bias=0)
    spin = 0 if f == 0 else math.pi / 4
    for k in range(4):
        a = spin + k * math.pi / 2
        c, sn = math.cos(a), math.sin(a)
        s.slab([(c * 2 - sn * 0.7, sn * 2 + c * 0.7), (c * 7 - sn * 0.7, sn * 7 + c * 0.7),
                (c * 7 + sn * 0.7, sn * 7 - c * 0.7), (c * 2 + sn * 0.7, sn * 2 - c * 0.7)], 6.0, BRASS,
               group="arm%d" % k, bevel=0.5)
        s.ellipsoid((c * 7.5, sn * 7.5, 6.5), (2.0, 2.0, 1.4), GOLD, group="cup%d" % k, spec=0.9)
    s.ellipsoid((0, 0, 7.5), (2.6, 2.6, 1.4), STONE, group="hub", spec=1.0)
    s.glow(0, 0, 1.2, 1.2, STORM, z=10, levels=[4, 5])
    return s.render()


def ex_sextant(f):
    """Sextant drone: a heavy brass sector frame (the pivot at the top, the graduated arc at the
    bottom), a telescope across it, a mirror arm that sweeps, a teal eye at the pivot."""
    s = Scene(30, 30, origin=(15, 9))
    arc = []
    for k in range(13):
        a = math.radians(58 + 64 * k / 12)
        arc.append((19 * math.cos(a), -4 + 19 * math.sin(a)))
    for k in range(12, -1, -1):
        a = math.radians(58 + 64 * k / 12)
        arc.append((14 * math.cos(a), -4 + 14 * math.sin(a)))
    s.slab(arc, 3.0, BRASS, group="arc", thick=1.5, edge_ramp=LACQUER, bevel=1.0)
    ang = np.degrees(np.arctan2(s.Y + 4, s.X))
    ticks = ((ang * 1.5) % 6 < 1.2) & (np.hypot(s.X, s.Y + 4) > 16.8)
    s.paint(ticks, LACQUER, parts=["arc"], lvl_bias=-1)
    s.paint(np.abs(np.hypot(s.X, s.Y + 4) - 15) < 0.5, GOLD, parts=["arc"], lvl_bias=1)
    for side in (-1, 1):
        a = math.radians(90 - 30 * side)
        ex_, ey_ = 15 * math.cos(a), -4 + 15 * math.sin(a)
        nx, ny = -(ey_ + 4) / 15 * 1.3, ex_ / 15 * 1.3
        s.slab([(nx, -4 + ny), (ex_ + nx, ey_ + ny), (ex_ - nx, ey_ - ny), (-nx, -4 - ny)], 4.0, BRASS,
               group="leg%d" % side, bevel=0.8)
    # the telescope across the frame (horizontal: drawn as a box with brass bands)
    s.box(-10, 3.0, 10, 7.0, 7.0, LACQUER, group="tube", bevel=1.2)
    s.paint(np.abs(np.abs(s.X) - 7) < 0.8, BRASS, parts=["tube"], lvl_bias=1)
    s.glow(-10.5, 5.0, 1.0, 1.8, STORM, z=12, levels=[3, 4, 5])
    # the sweeping mirror arm from the pivot down to the arc
    a = math.radians(90 + (16 if f == 0 else -16))
    ax, ay = 15.5 * math.cos(a), -4 + 15.5 * math.sin(a)
    s.slab([(-1.0, -4), (ax - 1.0, ay), (ax + 1.0, ay), (1.0, -4)], 9.0, STONE, group="arm", bevel=0.6)
    s.ellipsoid((ax, ay, 9.5), (2.2, 2.2, 1.0), STORM, group="mirror", spec=1.0)
    s.ellipsoid((0, -4, 10.0), (4.6, 4.6, 2.0), BRASS, group="pivot", spec=0.9)
    s.glow(0, -4, 2.8, 2.8, STORM, z=12, levels=[2, 3, 4, 5])
    s.glow(0, -4, 0.9, 0.9, R["white"], z=13, levels=[5])
    return s.render()


# ---------------------------------------------------------------- mid-boss: the Astrolabe
def mid7_astrolabe():
    """The Astrolabe: a great brass disc of the observatory, standing in the storm. Its rete
    (the star-pointer lace) turns over a lacquered plate engraved with the sky; the pods at its
    sides are its moons (ex_moon)."""
    s = Scene(64, 60, origin=(32, 30))
    s.ellipsoid((0, 0, 1.0), (27, 27, 3.0), BRASS, group="rim", spec=0.7)
    rr = np.hypot(s.X, s.Y)
    ang = np.arctan2(s.Y, s.X)
    s.paint((rr > 24.5) & (np.abs(np.sin(ang * 24)) < 0.25), LACQUER, parts=["rim"], lvl_bias=-1)
    s.ellipsoid((0, 0, 3.0), (23.5, 23.5, 1.2), LACQUER, group="plate", spec=0)
    # the plate's engraving: almucantars (circles of altitude) and a horizon line
    for r0 in (8, 13, 18):
        s.paint(np.abs(np.hypot(s.X, s.Y - 3) - r0) < 0.5, LACQUER, parts=["plate"], lvl_bias=2)
    s.paint(np.abs(s.Y - 6) < 0.5, LACQUER, parts=["plate"], lvl_bias=2)
    # the rete: an off-centre ecliptic ring and star pointers, in gold lace
    _hoop(s, 0, -3, 15, 15, 2.2, 0.0, GOLD, 6, "ecl", front_only=True)
    _hoop(s, 0, -3, 15, 15, 2.2, math.pi, GOLD, 6, "ecl2", front_only=True)
    for k, (a, r) in enumerate([(0.3, 20), (1.4, 21), (2.5, 19), (3.6, 21), (4.6, 20), (5.6, 19)]):
        tip = (r * math.cos(a), r * math.sin(a))
        base = (5 * math.cos(a + 0.5), 5 * math.sin(a + 0.5))
        base2 = (5 * math.cos(a - 0.5), 5 * math.sin(a - 0.5))
        s.slab([base, tip, base2], 7.0, GOLD, group="ptr%d" % k, bevel=0.5)
        s.glow(tip[0], tip[1], 1.0, 1.0, STORM, z=9, levels=[4, 5])
    # the throne (the ring it hangs from) at the top, and the pivot's storm eye
    s.lathe(0, 4.0, [(-30, 3.0), (-27, 4.2), (-24, 4.2), (-22, 3.0)], BRASS, group="throne")
    s.ellipsoid((0, 0, 9.0), (5.5, 5.5, 2.0), BRASS, group="pin", spec=0.9)
    s.glow(0, 0, 4.0, 4.0, STORM, z=12, levels=[1, 2, 3, 4, 5])
    s.glow(0, 0, 1.3, 1.3, R["white"], z=13, levels=[5])
    return s.render()


def ex_moon():
    """A moon of the orrery: a pale cratered stone globe in a brass gimbal ring (left; mirror
    for the right). The Astrolabe's pods and the Grand Orrery's inner planets."""
    s = Scene(26, 26, origin=(13, 13))
    s.ellipsoid((0, 0, 0.5), (11.5, 11.5, 1.5), BRASS, group="gimbal", spec=0.6)
    s.paint(np.abs(np.hypot(s.X, s.Y) - 10.6) < 0.6, LACQUER, parts=["gimbal"], lvl_bias=-1)
    s.ellipsoid((0, 0, 4.0), (8.2, 8.2, 8.2), STONE, group="globe", spec=0.5)
    rng = np.random.default_rng(77)
    for k in range(6):
        x, y, r = rng.uniform(-5, 5), rng.uniform(-5, 5), rng.uniform(1.0, 2.2)
        crater = np.hypot(s.X - x, s.Y - y) < r
        s.paint(crater & (np.hypot(s.X, s.Y) < 7.6), STONE, parts=["globe"], lvl_bias=-2)
        lip = (np.hypot(s.X - x - 0.6, s.Y - y - 0.6) < r) & ~crater
        s.paint(lip & (np.hypot(s.X, s.Y) < 7.6), STONE, parts=["globe"], lvl_bias=1)
    # the gimbal's pins at left and right, and a teal terminator glint where the storm lights it
    for side in (-1, 1):
        s.ellipsoid((10.5 * side, 0, 3.0), (1.8, 2.6, 1.2), GOLD, group="pin%d" % side, spec=0.9)
    s.glow(4.6, 4.4, 1.6, 1.6, STORM, z=10, levels=[3, 4])
    return s.render()


# ---------------------------------------------------------------- the Extra boss: the Grand Orrery
ORRERY_W, ORRERY_H = 176, 120


def ex_orrery():
    """The Grand Orrery, the observatory's heart torn loose by the storm (the core part, drawn
    under the others): a storm-star in an armillary sphere of brass hoops, standing on a
    star-stone disc, with arms reaching out to the planets (ex_giant, ex_moon), the crown
    (ex_crown) at the top and the great telescope (ex_lens) at the bottom. The star sits in the
    exact centre (the core's target)."""
    s = Scene(ORRERY_W, ORRERY_H, origin=(ORRERY_W / 2, ORRERY_H / 2))
    # the orbit arms: long brass girders out to the giants' cradles, shorter ones to the moons
    for side in (-1, 1):
        s.slab([(20 * side, -5), (84 * side, -9), (86 * side, -1), (20 * side, 5)], 3.0, BRASS,
               group="garm%d" % side, thick=2.0, edge_ramp=LACQUER, bevel=1.0)
        s.paint(((np.abs(s.X) + 40) % 8 < 1.0) & (np.abs(s.X) > 24), LACQUER, parts=["garm%d" % side],
                lvl_bias=-1)
        s.ellipsoid((78 * side, -5, 4.5), (11, 11, 1.6), LACQUER, group="gcradle%d" % side, spec=0)
        s.paint(np.abs(np.hypot(s.X - 78 * side, s.Y + 5) - 10) < 0.8, GOLD, parts=["gcradle%d" % side],
                lvl_bias=-1)
        s.slab([(12 * side, 10), (42 * side, 22), (40 * side, 28), (10 * side, 16)], 5.0, BRASS,
               group="marm%d" % side, thick=1.5, edge_ramp=LACQUER, bevel=0.8)
        s.ellipsoid((40 * side, 24, 6.0), (8, 8, 1.4), LACQUER, group="mcradle%d" % side, spec=0)
    # the star-stone disc it stands on: a tiled star-chart floor in a brass rim
    s.ellipsoid((0, 6, 2.0), (44, 34, 3.0), BRASS, group="rim", spec=0.5)
    s.ellipsoid((0, 6, 4.0), (40, 30.5, 1.5), STONE, group="floor", spec=0)
    tiles = (((s.X + 80) % 7 < 0.7) | ((s.Y + 80) % 7 < 0.7))
    s.paint(tiles, STONE, parts=["floor"], lvl_bias=-2)
    checker = (((s.X + 80) // 7 + (s.Y + 80) // 7) % 2 == 0)
    s.paint(checker & ~tiles, LACQUER, parts=["floor"], lvl_bias=1)
    # the compass rose inlaid in gold on the floor, under the sphere
    ang = np.arctan2(s.Y - 6, s.X)
    rr = np.hypot(s.X / 40, (s.Y - 6) / 30.5)
    rose = (np.abs(np.sin(ang * 4)) * rr * 40 < 1.2) & (rr > 0.55) & (rr < 0.93)
    s.paint(rose, GOLD, parts=["floor"], lvl_bias=0)
    s.paint(np.abs(rr - 0.93) < 0.03, GOLD, parts=["floor"], lvl_bias=-1)
    # the storm-star and its sphere of hoops: the far halves of the hoops behind the star
    s.ellipsoid((0, 0, 10.0), (15, 15, 15), STORM, group="star", spec=0, bias=0.15)
    for k, (rx, ry, tilt) in enumerate([(27, 27, 0.0), (27, 10, 0.35), (27, 10, -0.35), (10, 27, 0.0),
                                        (27, 18, math.pi / 2 + 0.5)]):
        _hoop(s, 0, 0, rx, ry, 2.6 if k == 0 else 2.0, tilt, BRASS if k else GOLD, 14, "hoop%d" % k)
    s.glow(0, 0, 12.5, 12.5, STORM, z=20, levels=[1, 2, 3, 4, 5])
    s.glow(0, 0, 5.0, 5.0, R["white"], z=21, levels=[4, 5])
    # the zodiac band's studs round the equator hoop, and lamps on the arms
    for k in range(12):
        a = k * math.pi / 6 + math.pi / 12
        s.px(27 * math.cos(a), 27 * math.sin(a), GOLD[5], z=30)
    for side in (-1, 1):
        for k in range(3):
            s.glow((34 + k * 16) * side, -4.5 - k * 0.6, 0.9, 0.9, STORM, z=8, levels=[4, 5])
    rivets(s, [(-30, 30), (30, 30), (-40, 6), (40, 6)], GOLD[5], z=6.5)
    return s.render()


def ex_giant():
    """An outer planet of the orrery: a banded storm-blue gas giant with a tilted brass ring
    (left; mirror for the right)."""
    s = Scene(36, 30, origin=(18, 15))
    # the ring's far half goes behind the globe, its near half across it
    _hoop(s, 0, 0, 16.5, 5.0, 2.4, -0.3, BRASS, 6, "ring")
    s.ellipsoid((0, 0, 6.0), (10.5, 10.5, 10.5), GAS, group="globe", spec=0.5)
    bands = np.sin((s.Y - (s.X * 0.3)) * 1.1) > 0.55
    s.paint(bands & (np.hypot(s.X, s.Y) < 10.2), GAS, parts=["globe"], lvl_bias=-1)
    storm_eye = np.hypot((s.X + 3.5) / 2.6, (s.Y - 3) / 1.6) < 1
    s.paint(storm_eye, EMBER, parts=["globe"], lvl_bias=0)
    _hoop(s, 0, 0, 16.5, 5.0, 2.4, -0.3, BRASS, 14, "ringfront", front_only=True)
    s.glow(-4, -5, 1.3, 1.3, R["white"], z=20, levels=[4])
    return s.render()


def ex_crown():
    """The Stormcrown itself, on top of the orrery: a brass crown of seven lightning rods, each
    tipped with a storm-lit ball; the boss's beams pour from it."""
    s = Scene(76, 28, origin=(38, 18))
    band = [(-34, 2), (34, 2), (30, 9), (-30, 9)]
    s.slab(band, 4.0, BRASS, group="band", thick=3.0, edge_ramp=LACQUER, bevel=1.2)
    s.paint(np.abs(s.Y - 5.5) < 0.7, GOLD, parts=["band"], lvl_bias=1)
    for k in range(7):
        x = -27 + k * 9
        h = 10 + (3 - abs(3 - k)) * 2.2
        s.lathe(x, 5.0, [(2 - h, 0.8), (-2, 1.2), (3, 1.8)], BRASS, group="rod%d" % k)
        s.ellipsoid((x, 1.5 - h, 7.0), (2.4, 2.4, 2.4), STONE, group="ball%d" % k, spec=1.0)
        s.glow(x, 1.5 - h, 1.6, 1.6, STORM, z=12, levels=[3, 4, 5])
    for x in (-18, 0, 18):
        s.ellipsoid((x, 5.5, 8.0), (2.6, 2.0, 1.0), STORM, group="gem%d" % int(x + 40), spec=1.0)
    return s.render()


def ex_lens():
    """The great telescope under the orrery: a lacquered tube banded in brass, pointing down,
    its objective lens lit teal; the needles come from it."""
    s = Scene(22, 34, origin=(11, 10))
    s.lathe(0, 3.0, [(-9, 4.2), (-6, 5.2), (8, 4.4), (14, 5.4), (18, 5.4), (19.5, 4.6)], LACQUER, group="tube")
    for y in (-6, 8, 14):
        s.paint(np.abs(s.Y - y) < 0.9, BRASS, parts=["tube"], lvl_bias=1)
    s.ellipsoid((0, -6, 7.0), (6.5, 4.0, 2.0), BRASS, group="mount", spec=0.9)
    s.glow(0, 19, 3.6, 1.8, STORM, z=10, levels=[2, 3, 4, 5])
    s.glow(-1, 18.6, 1.0, 0.8, R["white"], z=11, levels=[5])
    return s.render()


SPRITES = [
    *anims(2, ex_spark, ex_vane, ex_sextant),
    *boss_parts(71, mid7_astrolabe, ex_moon, ex_orrery, ex_giant, ex_crown, ex_lens),
]
