"""Melee strikes and bombs, one of each for every pilot, in the pilot's own colours.

A melee strike is a short close-range hit in front of the ship; a bomb is the pilot's own
screen-clearing attack (the pale `bomb_ring` stays in the atlas for compatibility). Each sprite
here is flat 2-D effect drawing (pixlib.Img) on the shared ramps; how the game is meant to draw
them is in assets/README.md:

- `melee_*`: 32x32, 4 frames (wind-up, strike, follow-through, fade), upright, centred ~20 px
  ahead of the ship; 3 ticks a frame.
- `bomb_vela` gust streaks (tiled in rows, sliding across), `bomb_wren` magic circle (centred,
  scaled up), `bomb_brass` steam blast (centred, drawn 2x), `bomb_orla` + `bomb_orla_core`
  the lighthouse beam (rotated about the lamp), `bomb_rook` scrap pieces + `bomb_rook_blast`.
Deterministic: every random choice uses a fixed seed.
"""
import math

import numpy as np

from pixlib import OUTLINE, R, Img, Scene, paste
from sprite_parts import overlay, round_stack
from sprites_fx import explosion
from sprites_pilots import LAMP

BAYER2 = np.array([[0, 2], [3, 1]])


def _dither(im, mask, keep):
    """Clears about (1 - keep) of mask's pixels in an ordered pattern (keep 0..1)."""
    ys, xs = np.mgrid[0:im.h, 0:im.w]
    gone = mask & ((BAYER2[ys % 2, xs % 2] + 0.5) / 4.0 > keep)
    im.a[gone] = 0


def _arc(im, cx, cy, r, a0, a1, width, cols, keep_tail=1.0):
    """A crescent swept from angle a0 (tail) to a1 (head), radians, screen y down. Thickness grows
    towards the head to `width`; colours cols[0] at the tail .. cols[-1] at the head."""
    dx, dy = im.X - cx, im.Y - cy
    d = np.sqrt(dx * dx + dy * dy)
    ang = np.arctan2(dy, dx)
    span = a1 - a0
    t = ((ang - a0) * np.sign(span)) % (2 * math.pi) / abs(span)
    on = t <= 1.0
    half = 0.5 + width * 0.5 * np.sin(np.clip(t, 0, 1) * math.pi * 0.5) ** 0.8
    band = on & (np.abs(d - r) < half) & (d < r + half) & (d - r > -half)
    k = np.clip((t * len(cols)).astype(int), 0, len(cols) - 1)
    for i, c in enumerate(cols):
        im.fill(band & (k == i), c)
    # the outer rim of the crescent is its brightest line
    rim = band & (d - r > half - 1.2) & (t > 0.35)
    im.fill(rim, cols[-1])
    if keep_tail < 1.0:
        _dither(im, band & (t < 0.35), keep_tail)
    return band


def _star(im, x, y, r, col, core=(255, 255, 255)):
    """A four-point sparkle: arms r px long, a white centre."""
    for i in range(-r, r + 1):
        im.px(x + i, y, col)
        im.px(x, y + i, col)
    im.px(x, y, core)


# ====================================================================== melee strikes
def melee_vela(f):
    """A cutting gust: a cream-and-orange wind crescent swept right to left across the front."""
    im = Img(32, 32)
    cols = [R["orange"][2], R["orange"][4], R["cream"][4], R["cream"][5], (255, 255, 255)]
    _arc(im, 16, 21, 12 + f * 0.8, -0.2 - 0.4 * f, -0.2 - 0.4 * f - [1.2, 2.2, 2.7, 2.9][f], [5, 7, 6, 3][f], cols,
         keep_tail=[1.0, 0.75, 0.5, 0.25][f])
    if f == 3:
        _dither(im, im.a[..., 3] > 0, 0.5)
        return im.a
    im.outline(R["orange"][0])
    # wind lines inside the crescent, trailing it (drawn after the outline: thin, unlined)
    for k, dr in enumerate((5.0, 7.5)):
        a0 = -0.5 - 0.4 * f - k * 0.3
        _arc(im, 16, 21, 12 + f * 0.8 - dr, a0, a0 - [0.8, 1.6, 2.0][f], 0, [R["orange"][4], R["cream"][5]],
             keep_tail=0.5)
    return im.a


def melee_brass(f):
    """A steam-piston punch: the gold ram shoots up, hits with a white flash and a ring of steam."""
    im = Img(32, 32)
    ram_top = [18, 6, 8, 12][f]
    if f < 3:
        # the steam ring bursting out of the hit
        if f >= 1:
            rr = [0, 7, 11][f]
            for k in range(8):
                a = k * math.pi / 4 + 0.3
                x, y = 16 + math.cos(a) * rr, 10 + math.sin(a) * rr * 0.8
                im.radial(x, y, 2.4 + f * 0.6, R["white"], [2, 3, 4, 5])
        # rod and ram
        im.rect(14, ram_top + 6, 17, 31, R["gunmetal"][3])
        im.rect(14, ram_top + 6, 14, 31, R["gunmetal"][4])
        im.rect(10, ram_top, 21, ram_top + 6, R["gold"][3])
        im.rect(10, ram_top, 21, ram_top + 1, R["gold"][5])
        im.rect(10, ram_top + 5, 21, ram_top + 6, R["brass"][2])
        for x in (12, 19):
            im.px(x, ram_top + 3, R["gold"][5])
        im.outline(OUTLINE)
        if f == 1:
            # the impact flash on the ram's face
            im.radial(16, ram_top - 1, 7, R["fire"], [3, 4, 5, 5], ry=4)
            _star(im, 16, ram_top - 2, 6, R["yellow"][5])
    else:
        for k in range(8):
            a = k * math.pi / 4 + 0.3
            im.radial(16 + math.cos(a) * 13, 10 + math.sin(a) * 10.4, 3.0, R["white"], [1, 2, 3])
        _dither(im, im.a[..., 3] > 0, 0.5)
    return im.a


def melee_wren(f):
    """A wand flourish: a violet-and-pink arc of magic swept left to right, shedding stars."""
    im = Img(32, 32)
    cols = [R["violet"][2], R["violet"][3], R["magenta"][3], R["pink"][4], (255, 240, 255)]
    a0 = math.pi + 0.2 + 0.4 * f
    _arc(im, 16, 21, 12 + f * 0.8, a0, a0 + [1.2, 2.2, 2.7, 2.9][f], [5, 7, 6, 3][f], cols,
         keep_tail=[1.0, 0.75, 0.5, 0.25][f])
    if f < 3:
        im.outline(R["violet"][0])
    else:
        _dither(im, im.a[..., 3] > 0, 0.5)
    stars = [[(9, 12)], [(6, 14), (14, 6), (24, 9)], [(5, 9), (16, 4), (26, 6), (27, 15)], [(8, 5), (22, 3)]][f]
    for k, (x, y) in enumerate(stars):
        _star(im, x, y, 2 if (k + f) % 2 else 1, R["yellow"][5] if k % 2 else R["pink"][5])
    return im.a


def melee_orla(f):
    """The lens flash: a blinding white starburst with amber rays and a ring, right ahead."""
    im = Img(32, 32)
    cx, cy = 16, 16
    dx, dy = im.X - cx, im.Y - cy
    d = np.sqrt(dx * dx + dy * dy)
    ang = np.arctan2(dy, dx)
    ray_len = [9, 16, 15, 8][f]
    ray_w = [0.6, 0.8, 0.6, 0.5][f]
    # distance from the nearest of 8 rays (sin(4a) / 4 is the angle to it, near a ray)
    perp = d * np.abs(np.sin(ang * 4)) / 4
    rays = (perp < ray_w) & (d < ray_len) & (np.abs(np.sin(ang * 2)) < 0.2)
    rays |= (perp < ray_w * 0.8) & (d < ray_len * 0.7)
    core_r = [3.2, 5.0, 3.5, 0][f]
    halo_r = [5.0, 8.0, 6.5, 0][f]
    im.fill(rays, LAMP[4])
    im.fill(rays & (d < ray_len * 0.6), LAMP[5])
    if halo_r:
        im.fill(d < halo_r, LAMP[3])
        im.fill(d < halo_r - 1.5, LAMP[4])
        im.fill(d < core_r, (255, 255, 255))
    ring_r = [0, 11, 13.5, 14.5][f]
    if ring_r:
        ring = np.abs(d - ring_r) < 0.8
        im.fill(ring, LAMP[4] if f < 3 else LAMP[2])
        if f >= 2:
            _dither(im, ring, 0.5)
    if f == 3:
        _dither(im, rays, 0.5)
        im.fill(d < 2.0, LAMP[4])
    return im.a


def melee_rook(f):
    """A spinning wrench: a steel spanner turned a quarter each frame, a motion arc behind it."""
    im = Img(32, 32)
    ang = math.radians(-120 + f * 80)
    ca, sa = math.cos(ang), math.sin(ang)
    # motion arc behind the jaw
    if f > 0:
        _arc(im, 16, 16, 12.5, ang - 1.6, ang - 0.2, 3, [R["steel"][1], R["steel"][2], R["steel"][3]], keep_tail=0.5)
        _dither(im, im.a[..., 3] > 0, 0.75)
    s = Scene(32, 32, origin=(16, 16))

    def rot(pts):
        return [(x * ca - y * sa, x * sa + y * ca) for x, y in pts]
    s.slab(rot([(-11, -1.4), (7, -1.4), (7, 1.4), (-11, 1.4)]), 3, R["steel"], group="handle", bevel=0.8)
    s.slab(rot([(6, -4.5), (13.5, -4.5), (13.5, -1.6), (10.5, -1.6), (10.5, 1.6), (13.5, 1.6), (13.5, 4.5),
                (6, 4.5)]), 3.5, R["steel"], group="jaw", bevel=1.0)
    round_stack(s, -11 * ca, -11 * sa, [(3.5, 2.6, 1.2, R["steel"], "ring"), (5.0, 1.1, 0.5, R["slate"], "hole")])
    img = s.render()
    paste(im.a, img, 0, 0)
    if f in (1, 2):
        # sparks off the jaw as it connects
        jx, jy = 16 + ca * 14, 16 + sa * 14
        for k, (ox, oy) in enumerate(((1, -2), (3, 0), (2, 2))):
            im.px(jx + ox * (1 if ca >= 0 else -1), jy + oy, R["fire"][4 + k % 2])
    return im.a


# ====================================================================== bombs
def bomb_vela(f):
    """A wind-storm gust, 96x40, 4 frames: three streaks curling into eddies at their front
    (right). Drawn in rows that slide across the whole playfield; mirror for leftward gusts."""
    im = Img(96, 40)
    for k, (y, x0, x1, r) in enumerate(((11, 2, 66, 7.0), (24, 14, 80, 8.5), (34, 0, 52, 5.0))):
        ph = f * math.pi / 2 + k
        # the streak: a waving band, 3 px at the front thinning to a dotted tail
        for x in range(x0, x1):
            t = (x - x0) / (x1 - x0)
            yy = y + math.sin(x * 0.11 + ph) * 1.5
            if t < 0.25 and (x + f) % 2:
                continue
            im.px(x, yy, R["orange"][4] if t < 0.25 else R["cream"][4] if t < 0.5 else (255, 255, 255))
            if t > 0.25:
                im.px(x, yy + 1, R["cream"][3] if t < 0.6 else R["cream"][4])
            if t > 0.6:
                im.px(x, yy - 1, R["cream"][5])
                im.px(x, yy + 2, R["orange"][3])
        # the eddy at the head: a spiral curling up and back, a quarter turn on each frame
        cx, cy = x1 - 1, y - r + 1
        for i in range(90):
            u = i / 89
            a = math.pi / 2 - u * 5.0 - ph * 0.5
            rr = r * (1 - u * 0.75)
            px_, py_ = cx + math.cos(a) * rr, cy + math.sin(a) * rr
            im.px(px_, py_, (255, 255, 255) if u < 0.45 else R["cream"][4])
            if u < 0.5:
                im.px(px_, py_ + 1, R["cream"][4])
                im.px(px_ + 1, py_ + 1, R["orange"][3])
    im.outline(R["orange"][1])
    # flecks of leaf and dust caught in the wind
    rng = np.random.default_rng(71 + f)
    for _ in range(12):
        im.px(rng.integers(4, 92), rng.integers(2, 38), (R["orange"][4], R["leaf"][4], R["cream"][5])[_ % 3])
    return im.a


def bomb_wren(f):
    """The magic circle, 96x96, 4 frames: a double ring of runes turning one way, a hexagram
    turning the other, sparkles at its points. Centred on Wren, scaled up as it opens."""
    im = Img(96, 96)
    c = 48
    dx, dy = im.X - c, im.Y - c
    d = np.sqrt(dx * dx + dy * dy)
    ang = np.arctan2(dy, dx)
    im.fill(np.abs(d - 45) < 1.0, R["violet"][4])
    im.fill(np.abs(d - 38) < 0.7, R["violet"][3])
    # runes between the rings: little ticks and bars that march round
    ra = (ang + f * math.pi / 24) % (math.pi / 12)
    runes = (d > 39.5) & (d < 43.5) & (ra < math.pi / 30)
    runes |= (np.abs(d - 41.5) < 0.6) & ((ra > math.pi / 20) & (ra < math.pi / 14))
    im.fill(runes, R["pink"][4])
    # the hexagram and its inner ring
    for tri in range(2):
        pts = []
        for k in range(3):
            a = -math.pi / 2 + tri * math.pi / 3 + k * 2 * math.pi / 3 - f * math.pi / 18
            pts.append((c + 36 * math.cos(a), c + 36 * math.sin(a)))
        for k in range(3):
            (x0, y0), (x1, y1) = pts[k], pts[(k + 1) % 3]
            im.line(round(x0), round(y0), round(x1), round(y1), R["magenta"][4])
            im.line(round(x0), round(y0) + 1, round(x1), round(y1) + 1, R["violet"][2])
    im.fill(np.abs(d - 18) < 0.7, R["violet"][4])
    im.fill(np.abs(d - 15) < 0.6, R["pink"][3])
    # a faint violet wash inside, dithered
    wash = (d < 37) & (im.a[..., 3] == 0)
    im.fill(wash, R["violet"][3])
    _dither(im, wash, 0.12)
    for k in range(6):
        a = -math.pi / 2 + k * math.pi / 3 - f * math.pi / 18
        _star(im, round(c + 36 * math.cos(a)), round(c + 36 * math.sin(a)), 3 if (k + f) % 2 else 2,
              R["yellow"][5] if k % 2 else R["pink"][5])
    for k in range(8):
        a = k * math.pi / 4 + f * math.pi / 24
        im.px(c + 45 * math.cos(a), c + 45 * math.sin(a), (255, 255, 255))
    _star(im, c, c, 4 + f % 2, R["yellow"][5])
    return im.a


def bomb_brass(f):
    """The steam blast, 96x96, 5 frames: a fireball in the boiler's colours that bursts into a
    ring of steam rolling outward. Centred on Brass, drawn 2x so the ring crosses the field."""
    im = Img(96, 96)
    rng = np.random.default_rng(81)
    ring_r = [0, 16, 28, 38, 44][f]
    puff = [0, 6.0, 7.0, 6.5, 5.0][f]
    if f >= 1:
        n = 16
        for k in range(n):
            a = k * 2 * math.pi / n + rng.uniform(-0.1, 0.1)
            rr = ring_r + rng.uniform(-2, 2)
            x, y = 48 + math.cos(a) * rr, 48 + math.sin(a) * rr
            im.radial(x, y, puff * rng.uniform(0.8, 1.1), R["white"], [1, 2, 3, 4, 5] if f < 4 else [1, 2, 3])
            # the lit top-left of each puff
            im.px(x - puff * 0.4, y - puff * 0.4, (255, 255, 255))
    if f <= 1:
        core = [14, 13][f]
        im.radial(48, 48, core, R["fire"], [[1, 2, 3, 4, 5, 5], [1, 2, 3, 4, 5]][f])
        if f == 0:
            for k in range(8):
                a = k * math.pi / 4
                im.line(48, 48, round(48 + math.cos(a) * 20), round(48 + math.sin(a) * 20), R["gold"][5])
            im.disc(48, 48, 6, (255, 255, 255))
    if f == 2:
        # the fireball gone to smoke, a few embers still glowing in it
        im.radial(48, 48, 10, R["smoke"], [1, 2, 3])
        _dither(im, im.ell(48, 48, 10), 0.5)
        for k in range(6):
            a = k * math.pi / 3 + 0.5
            im.px(48 + math.cos(a) * 5, 48 + math.sin(a) * 5, R["fire"][3 + k % 2])
    if f >= 1:
        # brass scraps and rivets thrown out with the steam
        for k in range(10):
            a = k * 2 * math.pi / 10 + 0.4
            rr = ring_r * 1.1 + 4
            im.px(48 + math.cos(a) * rr, 48 + math.sin(a) * rr, R["gold"][4 if k % 2 else 5])
    if f < 4:
        im.outline(R["brass"][0])
    if f >= 3:
        _dither(im, im.a[..., 3] > 0, 0.75 if f == 3 else 0.5)
    return im.a


def bomb_orla(f):
    """The lighthouse beam, 48x240, 2 frames (shimmer): narrow at the lamp (bottom centre) and
    widening to the top, a white core in amber light. Rotated about its bottom-centre pivot."""
    im = Img(48, 240)
    t = (240 - im.Y) / 240.0  # 0 at the lamp, 1 at the far end
    half = 3.0 + 21.0 * t
    d = np.abs(im.X - 24) / half
    inside = d < 1.0
    bands = [(1.0, LAMP[2]), (0.8, LAMP[3]), (0.55, LAMP[4]), (0.25, LAMP[5])]
    for lim, col in bands:
        im.fill(d < lim, col)
    # shimmering bands of brighter light travelling along the beam
    wave = np.sin(im.Y * 0.16 - np.abs(im.X - 24) * 0.5 + f * math.pi) > 0.8
    im.fill(inside & wave & (d < 0.8) & (d > 0.55), LAMP[4])
    # a thin haze beyond the rim, and the far end fading out
    _dither(im, inside & (d > 0.8), 0.5)
    for lim, keep in ((0.82, 0.75), (0.9, 0.5), (0.96, 0.25)):
        _dither(im, inside & (t > lim), keep)
    return im.a


def bomb_orla_core(f):
    """The lamp's lens at the heart of the beam, 40x40, 2 frames: Fresnel rings round a white
    core with a flare of rays; drawn at the beam's pivot, over the ship."""
    im = Img(40, 40)
    dx, dy = im.X - 20, im.Y - 20
    d = np.sqrt(dx * dx + dy * dy)
    ang = np.arctan2(dy, dx) + f * math.pi / 8
    rays = (np.abs(np.sin(ang * 4)) * d < 1.0) & (d < 19)
    im.fill(rays, LAMP[3])
    im.fill(rays & (d < 12), LAMP[4])
    im.radial(20, 20, 12, LAMP, [2, 3, 4, 4, 5])
    for r in (5.5, 8.5, 11.0):
        im.fill(np.abs(d - r) < 0.5, LAMP[2] if r > 10 else LAMP[3])
    im.fill(np.abs(d - 12.5) < 0.8, R["brass"][3])
    im.disc(20, 20, 3.5, (255, 255, 255))
    return im.a


def _scrap(kind):
    """One falling piece of scrap, 16x16, shaded like a sprite."""
    s = Scene(16, 16, origin=(8, 8))
    if kind == 0:  # a cog
        ang = np.arctan2(s.Y, s.X)
        rr = np.sqrt(s.X ** 2 + s.Y ** 2)
        s.ellipsoid((0, 0, 1), (6.5, 6.5, 2.0), R["brass"], group="cog")
        s.paint(rr > 6.5 - 1.6 * (np.sin(ang * 8) < 0), R["brass"], parts=["cog"], lvl_bias=-1)
        s.ellipsoid((0, 0, 3.5), (2.0, 2.0, 0.6), R["char"], group="hole")
    elif kind == 1:  # a bent pipe
        s.lathe(-2, 1, [(-6, 1.8), (2, 1.8)], R["rust"], group="pipe")
        s.slab([(-3.8, 1), (6, 1), (6, 4.6), (-3.8, 4.6)], 1.8, R["rust"], group="elbow", bevel=1.2)
        s.ellipsoid((-2, -6, 2), (1.9, 0.8, 0.5), R["char"], group="bore")
    elif kind == 2:  # a riveted plate
        s.slab([(-6, -5), (5, -6), (6, 3), (1, 6), (-5, 4)], 1.5, R["gunmetal"], group="plate", thick=1.0,
               bevel=0.8)
        for x, y in ((-4, -3), (3, -4), (4, 2), (-3, 2)):
            s.px(x, y, R["steel"][5], z=2)
    else:  # a nut and bolt
        s.lathe(0, 1, [(-7, 1.1), (3, 1.1)], R["steel"], group="bolt")
        s.paint(((s.Y + 20) % 2) < 0.8, R["steel"], parts=["bolt"], lvl_bias=-1)
        s.slab([(-3.5, 1.5), (3.5, 1.5), (3.5, 5.5), (-3.5, 5.5)], 2.5, R["brass"], group="nut", bevel=1.0)
    return s.render()


def bomb_rook(f):
    """Rook's scrap, 16x16, 4 frames that are 4 different pieces (cog, pipe, plate, bolt): the
    renderer picks one per falling piece and spins it as it drops."""
    return _scrap(f)


def bomb_rook_blast():
    """A small scrap-burst blast, 24x24, 6 frames: a fireball with bits of scrap flying out."""
    out = explosion(24, 6, 91)
    rng = np.random.default_rng(92)
    bits = [(rng.uniform(0, 2 * math.pi), rng.integers(0, 2)) for _ in range(6)]
    for f, img in enumerate(out[:4]):
        def fling(im, f=f):
            for a, col in bits:
                r = 5 + f * 2.5
                im.px(12 + math.cos(a) * r, 12 + math.sin(a) * r, (R["gunmetal"][2], R["rust"][3])[col])
        overlay(img, fling)
    return out


SPRITES = [
    *[(fn.__name__, lambda fn=fn: [fn(f) for f in range(4)]) for fn in (melee_vela, melee_brass, melee_wren,
                                                                        melee_orla, melee_rook)],
    ("bomb_vela", lambda: [bomb_vela(f) for f in range(4)]),
    ("bomb_wren", lambda: [bomb_wren(f) for f in range(4)]),
    ("bomb_brass", lambda: [bomb_brass(f) for f in range(5)]),
    ("bomb_orla", lambda: [bomb_orla(f) for f in range(2)]),
    ("bomb_orla_core", lambda: [bomb_orla_core(f) for f in range(2)]),
    ("bomb_rook", lambda: [bomb_rook(f) for f in range(4)]),
    ("bomb_rook_blast", bomb_rook_blast),
]
