"""bg_common: shared helpers for the background generators (gen_backgrounds.py and tools/bg_*.py).

Stage grounds are W x H = 224 x 640 and must tile vertically, so everything that touches the
ground works modulo H in y: the noise is periodic in y, masks wrap around the seam
(`rect_mask`, `disc_mask`), shadows are rolled, and paths are functions of y with period H.
Only x is clamped at the image edges.
"""
import math

import numpy as np
from PIL import Image

from pixlib import BAYER4, shift

W, H = 224, 640
YS, XS = np.mgrid[0:H, 0:W].astype(float)
BAYER = BAYER4[np.arange(H)[:, None] % 4, np.arange(W)[None, :] % 4]

# Light comes from the top-left and from above, as on the sprites (pixlib.LIGHT).
SUN = np.array([-0.55, -0.7, 0.9])
SUN = SUN / np.linalg.norm(SUN)


def C(h):
    h = h.lstrip("#")
    return np.array([int(h[i:i + 2], 16) for i in (0, 2, 4)], float)


# ---------------------------------------------------------------- periodic noise
def pnoise(w, h, cell_x, cell_y, seed, period_y=None):
    """smooth value noise, periodic in y with the image height (cell_y must divide h)."""
    rng = np.random.default_rng(seed)
    gx = int(math.ceil(w / cell_x)) + 2
    gy = h // cell_y
    g = rng.random((gy, gx))
    ys, xs = np.mgrid[0:h, 0:w].astype(float)
    fx, fy = xs / cell_x, ys / cell_y
    x0, y0 = fx.astype(int), fy.astype(int)
    tx, ty = fx - x0, fy - y0
    tx = tx * tx * (3 - 2 * tx)
    ty = ty * ty * (3 - 2 * ty)
    y1 = (y0 + 1) % gy
    y0 = y0 % gy
    a = g[y0, x0] * (1 - tx) + g[y0, x0 + 1] * tx
    b = g[y1, x0] * (1 - tx) + g[y1, x0 + 1] * tx
    return a * (1 - ty) + b * ty


def fbm(w, h, base, seed, octaves=4):
    tot = np.zeros((h, w))
    amp, s = 1.0, 0.0
    cell = base
    for o in range(octaves):
        cy = max(1, cell)
        while h % cy:
            cy -= 1
        tot += pnoise(w, h, max(1, cell), cy, seed + o) * amp
        s += amp
        amp *= 0.5
        cell = max(1, cell // 2)
    return tot / s


# ---------------------------------------------------------------- wrapped masks
def wrap_dy(y, cy, h=H):
    return ((y - cy + h / 2) % h) - h / 2


def disc_mask(cx, cy, r, ry=None):
    ry = r if ry is None else ry
    return ((XS + 0.5 - cx) / r) ** 2 + (wrap_dy(YS + 0.5, cy) / ry) ** 2 <= 1.0


def rect_mask(x0, y0, x1, y1):
    """wrapped rectangle (x1, y1 exclusive)."""
    dy = (YS - y0) % H
    return (XS >= x0) & (XS < x1) & (dy < (y1 - y0))


def shade_drop(img, mask, dx=1, dy=1, k=0.72):
    """darken the ground where mask casts a shadow (down-right), wrapping in y."""
    sh = np.roll(np.roll(mask, dy, 0), dx, 1) & ~mask
    if dx > 0:
        sh[:, :dx] = False
    img[sh] *= k


def save(img, path, alpha=None):
    arr = np.clip(img + 0.5, 0, 255).astype(np.uint8)
    if alpha is not None:
        arr = np.dstack([arr, np.clip(alpha, 0, 255).astype(np.uint8)])
        Image.fromarray(arr, "RGBA").save(path, optimize=True)
    else:
        Image.fromarray(arr, "RGB").save(path, optimize=True)


def mute(img, amount=0.18, target=(104, 112, 96)):
    t = np.array(target, float)
    return img * (1 - amount) + t * amount


# ---------------------------------------------------------------- helpers for the later stages
def roll_x(a, dx):
    """shift along x with the edge column repeated (x does not wrap, y is untouched)."""
    if dx == 0:
        return a.copy()
    out = np.roll(a, dx, 1)
    if dx > 0:
        out[:, :dx] = a[:, :1]
    else:
        out[:, dx:] = a[:, -1:]
    return out


def wshift(m, dx, dy, fill=False):
    """shift a mask: wraps in y (the tile's period), fills in x."""
    out = np.roll(m, dy, 0)
    return shift(out, dx, 0, fill) if dx else out


def wdilate(m, n=1):
    """dilate n times with the y wrap kept (pixlib.dilate would cut the seam)."""
    for _ in range(n):
        m = m | np.roll(m, 1, 0) | np.roll(m, -1, 0) | shift(m, 1, 0) | shift(m, -1, 0)
    return m


def werode(m):
    return m & np.roll(m, 1, 0) & np.roll(m, -1, 0) & shift(m, 1, 0, True) & shift(m, -1, 0, True)


def rim(m):
    """pixels of m on its boundary (4-neighbourhood), seam-safe."""
    return m & ~werode(m)


def quant(value, cols, dither=0.6, bay=None):
    """quantise value (0..1) to a list of colours with ordered dither; returns an (h, w, 3) image."""
    bay = BAYER if bay is None else bay
    n = len(cols)
    k = np.clip((value * n + (bay - 0.5) * dither).astype(int), 0, n - 1)
    out = np.zeros(value.shape + (3,))
    for i, c in enumerate(cols):
        out[k == i] = c
    return out


def paint_q(img, mask, value, cols, dither=0.6):
    q = quant(value, cols, dither)
    img[mask] = q[mask]


def hillshade(h, relief=1.0):
    """Lambert term of the height field h under SUN (y wraps, x clamps); ~0.78 on flat ground."""
    gx = (roll_x(h, -1) - roll_x(h, 1)) * 0.5 * relief
    gy = (np.roll(h, -1, 0) - np.roll(h, 1, 0)) * 0.5 * relief
    n = np.sqrt(gx * gx + gy * gy + 1.0)
    return (-gx * SUN[0] - gy * SUN[1] + SUN[2]) / n


def cast_shadow(h, reach=24, slope=0.9):
    """True where terrain up-left of a pixel rises above the light ray through it.
    `slope` is the height the ray drops per pixel travelled (one diagonal step = 1 px in x and y)."""
    sh = np.zeros(h.shape, bool)
    for s in range(1, reach + 1):
        other = roll_x(np.roll(h, s, 0), s)
        sh |= other - s * slope > h + 0.01
    return sh


def lit_blob(img, mask, cx, cy, r, cols, dither=0.8, bias=1.4):
    """shade a round thing (tree, tank, heap) lit from the top-left, cols dark -> light."""
    dx = XS + 0.5 - cx
    dy = wrap_dy(YS + 0.5, cy)
    lit = -(dx + dy) / (r * 1.4)
    n = len(cols)
    lv = np.clip((lit * 1.6 + bias * (n - 1) / 3.0 + (BAYER - 0.5) * dither).astype(int), 0, n - 1)
    for i in range(n):
        img[mask & (lv == i)] = cols[i]


def sine_sum(y, base, terms):
    """base + sum of a * sin(k * t + p) over terms [(a, k, p)], with t = 2 pi y / H: a smooth
    winding x = f(y) that repeats every H, so it meets itself at the tile seam."""
    t = 2 * math.pi * y / H
    out = base
    for a, k, p in terms:
        out = out + a * np.sin(k * t + p)
    return out


class Path:
    """A winding line x = f(y) with period H, for roads, rails and rivers.

    f is `base` plus sine terms [(amplitude, harmonic, phase)] plus `extra(y)` if given (which
    must be periodic in H too). `across` is the signed distance (px) from the centre line,
    measured square to the line, and `along` is the distance along it, rescaled so that exactly
    `period` units fit in H: sleepers or dashes spaced by a divisor of `period` therefore meet
    seamlessly at the tile seam.
    """

    def __init__(self, terms, base, period=640, extra=None):
        self.terms = terms
        self.base = base
        self.extra = extra
        ys = np.arange(H * 4) / 4.0
        dx = self.slope(ys)
        seg = np.sqrt(1 + dx * dx) / 4.0
        arc = np.concatenate([[0], np.cumsum(seg)])
        self.length = arc[-1]
        self._arc = arc[:-1] * period / self.length
        self._ys = ys
        self.period = period
        y = YS + 0.5
        cx = self.x(y)
        sl = self.slope(y)
        nrm = np.sqrt(1 + sl * sl)
        d = XS + 0.5 - cx
        self.across = d / nrm
        self.along = (np.interp(y, ys, self._arc) + d * sl / nrm * period / self.length) % period

    def x(self, y):
        y = np.asarray(y, float)
        out = sine_sum(y, np.full(np.shape(y), float(self.base)), self.terms)
        if self.extra is not None:
            out = out + self.extra(y)
        return out

    def slope(self, y):
        y = np.asarray(y, float)
        return (self.x(y + 0.25) - self.x(y - 0.25)) * 2.0

    def band(self, half):
        return np.abs(self.across) < half


def draw_rails(img, p, ballast, sleeper, rail, gauge=2.5, spacing=4, mask=None, shadow=0.75):
    """a railway track on path p: ballast bed, sleepers every `spacing` units, two rails."""
    m = np.ones(img.shape[:2], bool) if mask is None else mask
    bed = p.band(gauge + 2.6) & m
    img[bed & ~p.band(gauge + 1.6)] *= shadow
    img[p.band(gauge + 1.6) & m] = ballast
    img[p.band(gauge + 1.6) & m & (BAYER > 0.75)] = ballast * 0.85
    ties = p.band(gauge + 1.4) & m & ((p.along % spacing) < 1.2)
    img[ties] = sleeper
    for s in (-1, 1):
        r = (np.abs(p.across - s * gauge) < 0.55) & m
        img[r] = rail
    return bed


def voronoi_cracks(mask, n, seed, width=0.9):
    """crack lines inside mask: edges of a Voronoi diagram of n random seeds (distances wrap in y)."""
    rng = np.random.default_rng(seed)
    ys, xs = np.nonzero(mask)
    pick = rng.choice(len(ys), size=n, replace=False)
    px, py = xs[pick] + rng.random(n), ys[pick] + rng.random(n)
    d1 = np.full(mask.shape, 1e9)
    d2 = np.full(mask.shape, 1e9)
    for x, y in zip(px, py):
        d = np.sqrt((XS + 0.5 - x) ** 2 + wrap_dy(YS + 0.5, y) ** 2)
        d2 = np.where(d < d1, d1, np.minimum(d2, d))
        d1 = np.minimum(d1, d)
    return mask & (d2 - d1 < width), d1


def hatch(mask, spacing, width=1, axis=1, offset=0):
    """stripes square to axis (axis=1: vertical stripes along x)."""
    coord = XS if axis == 1 else YS
    return mask & (((coord - offset) % spacing) < width)


def box_roof(img, x0, y0, x1, y1, col, ridge="x", shadow=(3, 3), k=0.55, edge=0.6, rib=None):
    """a building seen from above: lit half, shaded half, dark eaves and a drop shadow.
    ridge='x' runs the ridge along x (the halves are top and bottom)."""
    m = rect_mask(x0, y0, x1, y1)
    if shadow:
        shade_drop(img, m, shadow[0], shadow[1], k)
    img[m] = col
    if ridge == "x":
        mid = (y0 + y1) / 2.0
        dark = m & (wrap_dy(YS + 0.5, mid) > 0)
        lite = m & (np.abs(wrap_dy(YS + 0.5, mid)) < 1)
    elif ridge == "y":
        mid = (x0 + x1) / 2.0
        dark = m & (XS + 0.5 > mid)
        lite = m & (np.abs(XS + 0.5 - mid) < 1)
    else:
        dark = np.zeros_like(m)
        lite = m & (((YS - y0) % H) < 1)
    img[dark] = col * 0.8
    if rib:
        img[hatch(m, rib, 1, 1 if ridge == "x" else 0, x0 if ridge == "x" else y0)] *= 0.88
    img[lite] = np.minimum(col * 1.18, 255)
    img[rim(m)] = col * edge
    return m


def window(cx, cy, r):
    """index arrays for a small wrapped window around (cx, cy): (rows, cols, local dx, local dy).
    Use img[np.ix_(rows, cols)] to read and write it; much faster than full-size masks."""
    rows = np.arange(int(math.floor(cy - r)) - 1, int(math.ceil(cy + r)) + 2)
    cols = np.arange(max(0, int(math.floor(cx - r)) - 1), min(W, int(math.ceil(cx + r)) + 2))
    dy = rows[:, None] + 0.5 - cy
    dx = cols[None, :] + 0.5 - cx
    return rows % H, cols, dx + 0 * dy, dy + 0 * dx


def jitter_points(mask, spacing, seed, jitter=0.8):
    """points on a jittered grid (about `spacing` apart) that fall inside mask; y stays in [0, H)."""
    rng = np.random.default_rng(seed)
    pts = []
    for gy in np.arange(0, H, spacing):
        for gx in np.arange(0, W, spacing):
            x = gx + spacing * (0.5 + (rng.random() - 0.5) * jitter)
            y = (gy + spacing * (0.5 + (rng.random() - 0.5) * jitter)) % H
            if 0 <= x < W and mask[int(y), int(x)]:
                pts.append((x, y, rng.random()))
    return pts


class Seg:
    """A straight piece of line from (x0, y0) to (x1, y1), with the same `across`/`along`/`band`
    interface as Path (y differences wrap, so a segment may cross the tile seam)."""

    def __init__(self, x0, y0, x1, y1):
        dx, dy = x1 - x0, y1 - y0
        self.length = math.hypot(dx, dy)
        ux, uy = dx / self.length, dy / self.length
        px = XS + 0.5 - x0
        py = wrap_dy(YS + 0.5, y0)
        self.along = px * ux + py * uy
        self.across = -px * uy + py * ux
        self.inside = (self.along >= 0) & (self.along <= self.length)

    def band(self, half):
        return (np.abs(self.across) < half) & self.inside


def glow_spill(img, src, reach, col, strength=0.5):
    """tint pixels near src towards col, fading over `reach` px with an ordered dither."""
    d = np.zeros(src.shape)
    cur = src.copy()
    for i in range(1, reach + 1):
        cur = wdilate(cur, 1)
        d[cur & (d == 0) & ~src] = i
    m = (d > 0)
    f = (1 - d / (reach + 1)) * strength
    f = np.where(BAYER < f * 1.6, f, f * 0.5)
    img[m] = img[m] * (1 - f[m, None]) + col * f[m, None]
