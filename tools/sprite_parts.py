"""sprite_parts: drawing pieces that the sprite modules for every stage share.

pixlib knows how to shade shapes; this module knows what SkySweep's machines are made of:
caterpillar tracks, gun pads with hazard paint, rotor blades, rivets, burnt-out ruins. Each
helper draws exactly what its callers drew inline before, in the same order and with the same
arithmetic, so the atlas stays byte-identical when a sprite switches to it.
"""
import math

import numpy as np

from pixlib import R, Img, erode, poly_mask


# ---------------------------------------------------------------- 2-D touches over a rendered sprite
def overlay(img, fn):
    """Lets fn(Img) draw straight onto the RGBA array img (in place); returns img."""
    im = Img(img.shape[1], img.shape[0])
    im.a = img
    fn(im)
    return im.a


def rotor_blade(im, cx, cy, length, ang, col, col2):
    """A propeller/rotor blade pair through (cx, cy) at angle ang, with a one-pixel blur trail."""
    for k in (0, math.pi):
        a = ang + k
        im.line(round(cx), round(cy), round(cx + math.cos(a) * length), round(cy + math.sin(a) * length), col)
        a2 = a - 0.35
        im.px(round(cx + math.cos(a2) * length * 0.8), round(cy + math.sin(a2) * length * 0.8), col2)


def prop_blur(im, cx, cy, f, ramp, span=2):
    """A nose-on propeller seen from above: a bar `span` px each side (frame 0), or a bright hub
    with dim tips (frame 1)."""
    if f == 0:
        im.line(round(cx - span), cy, round(cx + span), cy, ramp[4])
        return
    for dx in range(1, span):
        im.px(round(cx - dx), cy, ramp[2])
        im.px(round(cx + dx), cy, ramp[2])
    im.px(round(cx), cy, ramp[5])


def twin_props(img, x, y, f, ramp, span=2):
    """prop_blur on both flanks of img, x px either side of its centre line, on row y."""
    def props(im):
        for side in (-1, 1):
            prop_blur(im, img.shape[1] / 2 + x * side - 0.5, y, f, ramp, span)
    return overlay(img, props)


def soft_edge(img):
    """Dithers away every other pixel of the rim, in place: for things lying flat on the ground."""
    a = img[..., 3] > 0
    edge = a & ~erode(a)
    ys, xs = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    img[edge & ((xs + ys) % 2 == 0), 3] = 0
    return img


def embers(img, rng, count, xs, ys, ramp=R["fire"], levels=(2, 5), keep=None):
    """Scatters `count` glowing pixels over img; x from range xs, y from ys, colour a random
    level of ramp. `keep(x, y)` may veto a spot (its colour is then not drawn from rng)."""
    for _ in range(count):
        x, y = rng.integers(*xs), rng.integers(*ys)
        if keep is None or keep(x, y):
            img[y, x, :3] = ramp[rng.integers(*levels)]


# ---------------------------------------------------------------- noise
def noise_field(w, h, seed, scale=4.0):
    """Smooth value noise in 0..1 over a w x h sprite, one random lattice value per `scale` px."""
    rng = np.random.default_rng(seed)
    gw, gh = int(w / scale) + 3, int(h / scale) + 3
    g = rng.random((gh, gw))
    ys, xs = np.mgrid[0:h, 0:w]
    fx, fy = xs / scale, ys / scale
    x0, y0 = fx.astype(int), fy.astype(int)
    tx, ty = fx - x0, fy - y0
    tx = tx * tx * (3 - 2 * tx)
    ty = ty * ty * (3 - 2 * ty)
    a = g[y0, x0] * (1 - tx) + g[y0, x0 + 1] * tx
    b = g[y0 + 1, x0] * (1 - tx) + g[y0 + 1, x0 + 1] * tx
    return a * (1 - ty) + b * ty


# ---------------------------------------------------------------- surface details on a Scene
def rivets(s, pts, col, z):
    for x, y in pts:
        s.px(x, y, col, z=z)


def stripes(s, part, ramp, period=4.0, width=2.0, mask=None, lvl_bias=-1):
    """Diagonal stripes of one colour painted over an already drawn part."""
    m = ((s.X + s.Y) % period) < width
    if mask is not None:
        m &= mask
    s.paint(m, ramp, parts=[part], lvl_bias=lvl_bias)


def hazard_band(s, parts, mask, diag, period, light=R["yellow"], dark=R["char"], light_bias=-1, dark_bias=1):
    """Two-colour hazard paint over mask: `light` where diag (a coordinate field) is in the first
    half of each period, `dark` in the second."""
    on = mask & ((diag % period) < period / 2)
    s.paint(on, light, parts=parts, lvl_bias=light_bias)
    s.paint(mask & ~on, dark, parts=parts, lvl_bias=dark_bias)


def staggered_seams(s, row, col, stagger, width=0.7, off=40):
    """The seam mask of brickwork or deck plating: rows `row` px high, joints every `col` px,
    every other row shifted by `stagger`. `off` keeps the modulo arguments positive."""
    return (((s.Y + off) % row) < width) | (((s.X + off + ((s.Y + off) // row % 2) * stagger) % col) < width)


def rivet_rows(s, row, lo, hi, pitch, off=40):
    """Rivets every `pitch` px along a band lo..hi px into each plate row of height `row`."""
    return (((s.Y + off) % row) > lo) & (((s.Y + off) % row) < hi) & (((s.X + (off + 1)) % pitch) < 0.8)


def track(s, cx, y0, y1, z, ramp, group, half, cleat_half, phase, f=0, bevel=0.8, period=4, cleat=1.1):
    """A caterpillar track centred on x = cx from y0 to y1; its cleats roll 2 px a frame.
    Returns the cleat mask."""
    s.box(cx - half, y0, cx + half, y1, z, ramp, group=group, bevel=bevel)
    m = (np.abs(s.X - cx) < cleat_half) & (((s.Y + phase + f * 2) % period) < cleat)
    s.paint(m, ramp, parts=[group], lvl_bias=-2)
    return m


def regular_polygon(n, r, phase=0.0):
    """n corners on a circle of radius r, the first at angle `phase` (n even)."""
    return [(r * math.cos(k * math.pi / (n / 2) + phase), r * math.sin(k * math.pi / (n / 2) + phase))
            for k in range(n)]


def hazard_pad(s, sides, radius, phase, ramp, stripe_ramp, stripe_from, spokes, cut):
    """A gun emplacement's flat polygon pad, hazard-painted in `spokes` wedges outside radius
    `stripe_from`. Returns the distance field from the centre, for the rings drawn on top."""
    s.slab(regular_polygon(sides, radius, phase), 1.0, ramp, group="pad", bevel=1.0)
    ang = np.arctan2(s.Y, s.X)
    rr = np.sqrt(s.X ** 2 + s.Y ** 2)
    s.paint((rr > stripe_from) & (np.sin(ang * spokes) > cut), stripe_ramp, parts=["pad"], lvl_bias=-1)
    return rr


def ringed_dome(s, rr, dome, ring, ring_r, ring_bias, hub):
    """The armoured dome of a ground gun: a painted ring round it and a hub on top."""
    s.ellipsoid((0, 0, 1.5), (6.6, 6.6, 2.8), dome, group="dome")
    s.paint(np.abs(rr - ring_r) < 0.5, ring, parts=["dome"], lvl_bias=ring_bias)
    s.ellipsoid((0, 0, 3.8), (3.2, 3.2, 1.0), hub, group="hub")


def round_stack(s, x, y, layers):
    """Round parts stacked on one upright axis at (x, y), drawn bottom first: each layer is
    (z, radius, half-height, ramp, group), an ellipsoid centred at height z (a dome and its cap,
    a joint and its pin)."""
    for z, r, h, ramp, group in layers:
        s.ellipsoid((x, y, z), (r, r, h), ramp, group=group)


def gun_ring(s, x, y, z, ramp, r=3.6):
    """The round mount a turret's shared gun_barrel sprite turns on."""
    s.ellipsoid((x, y, z), (r, r, 1.4), ramp, group="ring")
    s.ellipsoid((x, y, z + 1.0), (r * 0.55, r * 0.55, 0.6), R["gunmetal"], group="ringc", spec=0)


def tail_fins(s, pts, ramp, edge):
    """An airship's two horizontal tail fins; pts outline the right-hand one."""
    for side in (-1, 1):
        s.slab([(x * side, y) for x, y in pts], 0.5, ramp, group="fin%d" % side, thick=1.0, edge_ramp=edge)


def airship(s, fin_pts, vfin, envelope, skin, fin, trim, edge, bands):
    """An airship seen from above, nose down: tail fins, a vertical fin (top, bottom, height,
    thickness), the envelope (a lathe profile) with `trim` bands round it at each y in bands
    and a seam along its back."""
    tail_fins(s, fin_pts, fin, edge)
    top, bottom, z, thick = vfin
    s.box(-1.2, top, 1.2, bottom, z, fin, group="vfin", thick=thick, edge_ramp=edge)
    s.lathe(0, 0, envelope, skin, group="env")
    for yy in bands:
        s.paint(np.abs(s.Y - yy) < 0.6, trim, parts=["env"])
    s.paint(np.abs(s.X) < 0.6, trim, parts=["env"], lvl_bias=1)


def side_pods(s, x, profile, ramp=R["gunmetal"]):
    """Engine pods (lathes along y) on both flanks, x px out from the centre line."""
    for side in (-1, 1):
        s.lathe(x * side, 0, profile, ramp, group="pod%d" % side)


# ---------------------------------------------------------------- ruins (what a building leaves when shot)
def rect_pts(hw, hh):
    return [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]


def charred_floor(s, hw, hh, seed, ramp, dark_above, light_below):
    """A burnt floor slab, blotched dark and, where the noise is low, with bare `ramp` showing."""
    s.box(-hw, -hh, hw, hh, 0, R["char"], group="floor", bevel=0)
    nz = noise_field(s.w, s.h, seed, 3.0)
    s.paint(nz > dark_above, R["char"], parts=["floor"], lvl_bias=-1)
    s.paint(nz < light_below, ramp, parts=["floor"], lvl_bias=-2)


def broken_wall(s, outer, inner, gaps, ramp):
    """The wall stumps between two centred rectangles (half sizes), flat and upright, with gaps."""
    rim = poly_mask(s.X, s.Y, rect_pts(*outer)) & ~poly_mask(s.X, s.Y, rect_pts(*inner)) & ~gaps
    one = np.ones_like(s.X)
    s._write(rim, one * 3, one * 0, one * 0, one, ramp, "wall")


def fallen_beams(s, rng, count, spread, half, width, z):
    """Charred beams lying across the floor at random heights within +-spread."""
    for k in range(count):
        y0 = rng.uniform(-spread, spread)
        s.box(-half, y0, half, y0 + width, z, R["char"], group="beam%d" % k, bevel=0.5)


def rubble(s, rng, count, span, radii, z, ramps, group, bias):
    """Round lumps of debris: every third one in ramps[1], the others in ramps[0]."""
    for k in range(count):
        x, y = rng.uniform(-span[0], span[0]), rng.uniform(-span[1], span[1])
        r = rng.uniform(*radii)
        s.ellipsoid((x, y, z), (r, r, r * 0.7), ramps[0] if k % 3 else ramps[1], group=group % k, bias=bias)
