"""bg_scenes: drawing helpers for the picture backgrounds (endings, credits), in title.png's style:
dithered banded skies, cumulus clouds with a white rim and a violet shadow, layered silhouettes,
and the pilots' craft rendered with pixlib's small sprite renderer so they match the game sprites.
"""
import math

import numpy as np

from pixlib import BAYER4, OUTLINE, R, Scene, dilate, erode, paste, poly_mask


def C(h):
    h = h.lstrip("#")
    return np.array([int(h[i:i + 2], 16) for i in (0, 2, 4)], float)


class Canvas:
    """an RGB picture of w x h with coordinate grids and an ordered-dither matrix."""

    def __init__(self, w, h):
        self.w, self.h = w, h
        ys, xs = np.mgrid[0:h, 0:w].astype(float)
        self.X, self.Y = xs + 0.5, ys + 0.5
        self.bay = BAYER4[np.arange(h)[:, None] % 4, np.arange(w)[None, :] % 4]
        self.img = np.zeros((h, w, 3))

    def sky(self, stops, dither=0.9, y0=0, y1=None, mask=None):
        """banded vertical gradient: stops = [(t, colour)...], t from 0 (at y0) to 1 (at y1);
        painted only inside mask if one is given."""
        y1 = self.h if y1 is None else y1
        t = np.clip((self.Y - y0) / (y1 - y0), 0, 1)
        ts = np.array([s[0] for s in stops])
        # position in "band units" so that each stop is one band
        u = np.interp(t, ts, np.arange(len(stops)))
        k = np.clip(np.floor(u + (self.bay - 0.5) * dither + 0.5), 0, len(stops) - 1).astype(int)
        m = np.ones((self.h, self.w), bool) if mask is None else mask
        for i, (_, c) in enumerate(stops):
            self.img[m & (k == i)] = c

    def ell(self, cx, cy, rx, ry=None):
        ry = rx if ry is None else ry
        return ((self.X - cx) / rx) ** 2 + ((self.Y - cy) / ry) ** 2 <= 1.0

    def poly(self, pts):
        return poly_mask(self.X, self.Y, pts)

    def fill(self, mask, col):
        self.img[mask] = col

    def glow(self, cx, cy, radii, cols):
        """concentric dithered discs, outermost first."""
        d = np.hypot(self.X - cx, self.Y - cy)
        for r, c in zip(radii, cols):
            self.img[(d + self.bay * 2.5) < r] = c

    def stars(self, rng, n, y0, y1, x0=0, x1=None, cols=None, avoid=None):
        x1 = self.w if x1 is None else x1
        cols = cols or [C("#ffffff"), C("#a8c0ff"), C("#ffe6b0")]
        for s in range(n):
            x, y = int(rng.integers(x0, x1)), int(rng.integers(y0, y1))
            if avoid is not None and avoid[y, x]:
                continue
            c = cols[s % len(cols)]
            self.img[y, x] = c
            if s % 9 == 0 and 0 < x < self.w - 1 and 0 < y < self.h - 1:  # a twinkle
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    self.img[y + dy, x + dx] = self.img[y + dy, x + dx] * 0.4 + c * 0.6

    def full_moon(self, cx, cy, r, face, rim, off, shrink, halo=None, craters=(), crater_col=None):
        """a full moon of radius r at (cx, cy): `face` where the disc moved up-left by `off` (and
        `shrink` smaller) covers it, `rim` on the shadowed lower-right edge. `halo` = (radii, colours)
        glows round it first; each crater (x, y, r) is painted `crater_col` inside the disc."""
        moon = self.ell(cx, cy, r)
        if halo:
            self.glow(cx, cy, *halo)
        self.fill(moon, face)
        self.fill(moon & ~self.ell(cx - off, cy - off, r - shrink), rim)
        for mx, my, mr in craters:
            self.fill(self.ell(mx, my, mr) & moon, crater_col)

    def crescent(self, cx, cy, r, bite, col, halo=None):
        """a crescent moon: the disc of radius r at (cx, cy) less the disc `bite` = (x, y, r), painted
        `col` over an optional `halo` = (radii, colours). Returns its mask, for touches of light."""
        moon = self.ell(cx, cy, r) & ~self.ell(*bite)
        if halo:
            self.glow(cx, cy, *halo)
        self.fill(moon, col)
        return moon

    def clouds(self, blobs, body, shade, light, edge, seed, low=None, low_y=None, wobble=0.9):
        """cumulus built from ellipses, roughened by noise, lit from the top-left like title.png."""
        rng = np.random.default_rng(seed)
        n = _noise(self.w, self.h, 14, 16, rng) * 0.6 + _noise(self.w, self.h, 6, 8, rng) * 0.4
        cm = np.zeros((self.h, self.w), bool)
        for cx, cy, rx, ry in blobs:
            dd = ((self.X - cx) / rx) ** 2 + ((self.Y - cy) / ry) ** 2
            cm |= dd + (n - 0.5) * wobble < 1.0
        lit = cm & ~np.roll(np.roll(cm, 3, 0), 2, 1)
        shadow = cm & ~np.roll(np.roll(cm, -3, 0), -2, 1)
        self.img[cm] = body
        if low is not None:
            self.img[cm & (self.Y > low_y)] = low
        self.img[shadow] = shade
        self.img[lit] = light
        self.img[cm & ~erode(cm) & ~lit] = edge
        return cm

    def ridge(self, base, amps, col, seed=0):
        """fill everything below a wavy skyline: base + sum(a * sin(x / p + phase))."""
        line = np.full(self.w, float(base))
        xs = np.arange(self.w) + 0.5
        for a, p, ph in amps:
            line += a * np.sin(xs / p + ph + seed)
        m = self.Y > line[None, :]
        self.img[m] = col
        return m, line

    def speed_lines(self, lines):
        """faint speed lines behind a fast craft: each (y, x0, x1) row segment blended halfway to white."""
        for ly, lx0, lx1 in lines:
            self.img[ly, lx0:lx1] = self.img[ly, lx0:lx1] * 0.5 + C("#ffffff") * 0.5

    def lit_bands(self, bands, body, lit, height=2.2, puff=(0.3, 2, 1.8)):
        """long thin clouds lit from below by a low sun: each (cx, cy, rx) is a band rx wide and
        `height` tall with a puff on its top, `puff` = (its offset along x as a fraction of rx, its
        rise above cy, its height); the bottom two rows of every band take the `lit` colour."""
        dx, rise, puff_h = puff
        for cx, cy, rx in bands:
            band = self.ell(cx, cy, rx, height) | self.ell(cx + rx * dx, cy - rise, rx * 0.5, puff_h)
            self.fill(band, body)
            self.fill(band & ~np.roll(band, -2, 0), lit)

    def sprite(self, rgba, x, y):
        """alpha-paste an RGBA sprite with its top-left corner at (x, y)."""
        dst = np.dstack([np.clip(self.img + 0.5, 0, 255).astype(np.uint8), np.full((self.h, self.w), 255, np.uint8)])
        paste(dst, rgba, int(x), int(y))
        self.img = dst[..., :3].astype(float)

    def out(self):
        return self.img


EW, EH = 224, 160  # the size of an ending picture


def ending_canvas(stops, y1):
    """a blank ending picture, EW x EH, with its sky: the `Canvas.sky` gradient through `stops`, down to y1."""
    cv = Canvas(EW, EH)
    cv.sky(stops, y1=y1)
    return cv


def _noise(w, h, cx, cy, rng):
    gx, gy = w // cx + 3, h // cy + 3
    g = rng.random((gy, gx))
    ys, xs = np.mgrid[0:h, 0:w].astype(float)
    fx, fy = xs / cx, ys / cy
    x0, y0 = fx.astype(int), fy.astype(int)
    tx, ty = fx - x0, fy - y0
    tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
    a = g[y0, x0] * (1 - tx) + g[y0, x0 + 1] * tx
    b = g[y0 + 1, x0] * (1 - tx) + g[y0 + 1, x0 + 1] * tx
    return a * (1 - ty) + b * ty


def outlined(mask, col=OUTLINE):
    """a one-pixel outline ring around mask."""
    return dilate(mask) & ~mask


# ---------------------------------------------------------------- the pilots' craft, side-on
def vela_glider(flip=False, pilot=True):
    """Vela's cream-and-orange glider flying left, seen from a little above; Vela (unless
    pilot=False) in the open cockpit with her goggles up and her red scarf streaming back."""
    s = Scene(92, 48, origin=(46, 22))
    # far wing, above and behind the fuselage, foreshortened
    far = [(2, -1), (13, -1), (23, -15), (16, -16)]
    s.slab(far, -4, R["cream"], group="far", thick=1.0, edge_ramp=R["brown"], bias=-0.12)
    s.paint_poly([(17, -17), (24, -17), (22, -11), (14, -11)], R["orange"], z=-4, parts=["far"], lvl_bias=-1)
    # tail: a fin and the far stabiliser
    s.slab([(26, -1), (33, -1), (37, -12), (32, -12)], -1, R["orange"], group="fin", thick=1, edge_ramp=R["brown"])
    s.slab([(27, 0), (34, 0), (38, -4), (33, -4)], -2, R["cream"], group="stab_f", thick=1, edge_ramp=R["brown"])
    # fuselage: a slim body tapering into a boom
    s.ellipsoid((-8, 0, 0), (19, 4.6, 4.2), R["orange"], group="body")
    s.ellipsoid((18, -0.5, 0), (18, 2.4, 2.4), R["orange"], group="body")
    s.paint(np.abs(s.Y - 1.0) < 0.7, R["cream"], parts=["body"], lvl_bias=0)  # a cream cheat line
    if pilot:  # Vela: hair, goggles pushed up, her face looking ahead, scarf streaming back
        s.ellipsoid((-1.0, -5.5, 2), (3.2, 2.6, 2.2), R["cream"], group="coat")
        s.ellipsoid((-2.5, -9.5, 1), (4.0, 3.9, 3.2), R["hair_o"], group="head")
        s.ellipsoid((-5.2, -8.6, 3.4), (1.9, 2.5, 1.2), R["skin"], group="face", bias=0.1)
        s.ellipsoid((0.6, -8.0, 3.0), (1.6, 2.8, 1.2), R["hair_o"], group="tail")
        s.ellipsoid((-3.4, -12.6, 4.2), (2.2, 1.3, 1.0), R["brass"], group="gog")
        s.ellipsoid((-4.8, -12.7, 5.0), (1.0, 0.9, 0.5), R["glass"], group="lens", spec=1.2)
        for i in range(10):
            t = i / 9.0
            x = 1.5 + t * 18
            y = -6.2 - t * 3.0 + math.sin(t * 7.5) * 1.8
            s.ellipsoid((x, y, 4 - t), (1.4, 1.1 - t * 0.3, 0.8), R["red"], group="scarf", spec=0)
    # windscreen
    s.slab([(-11, -3), (-7.5, -3), (-8, -7), (-9.8, -6.5)], 5, R["glass"], group="screen", bevel=0.3, spec=1.0)
    # near wing, in front: long and swept towards the viewer
    near = [(-8, 2), (6, 2), (18, 24), (9, 25)]
    s.slab(near, 6, R["cream"], group="near", thick=1.4, edge_ramp=R["brown"])
    s.paint_poly([(12, 18), (20, 18), (20, 26), (9, 26), (9, 18)], R["orange"], z=6, parts=["near"])
    s.paint_poly([(10, 14.5), (17, 14.5), (17, 15.8), (10, 15.8)], R["orange"], z=6, parts=["near"])
    s.slab([(29, 1), (35, 1), (39, 8), (35, 8)], 4, R["cream"], group="stab_n", thick=1, edge_ramp=R["brown"])
    img = s.render()
    return img[:, ::-1] if flip else img


def brass_gunship():
    """Brass's heavy brass gunship afloat, facing left: a round boiler hull, stubby wing, twin
    cannons, two smoking stacks, and Brass's dome head in the cupola, waving."""
    s = Scene(96, 56, origin=(48, 30))
    # far cannon and far wing behind the hull
    s.ellipsoid((-16, -2, -6), (14, 1.8, 1.8), R["gunmetal"], group="gun_far")
    s.slab([(-4, -2), (10, -2), (14, -10), (4, -11)], -5, R["brown"], group="wing_far", thick=1.5,
           edge_ramp=R["char"])
    # stacks at the back
    for i, x in enumerate((14, 20)):
        s.slab([(x - 2, -6), (x + 2, -6), (x + 2.5, -20), (x - 1.5, -20)], -1 + i, R["gunmetal"], group="stack%d" % i,
               thick=1, bevel=1.0)
        s.ellipsoid((x + 0.5, -20, 1 + i), (2.4, 0.9, 1), R["char"], group="stacktop%d" % i)
    # the hull: a big round boiler
    s.ellipsoid((0, 2, 0), (24, 12, 10), R["brass"], group="hull")
    s.paint(np.abs(s.Y - 1) < 0.8, R["gold"], parts=["hull"], lvl_bias=1)  # a polished band
    for k in range(7):  # rivets along the band
        s.px(-18 + k * 6, 3.2, R["gold"][5], z=11)
    s.paint(s.mask_ellipse(-6, 6, 3.2, 2.6, z=8), R["gunmetal"], parts=["hull"])  # furnace hatch
    s.glow(-6, 6, 2.1, 1.6, R["fire"], z=12, levels=[2, 3, 4])
    # cupola with Brass standing in it: the gold dome head, cyan porthole eyes towards the crowd
    s.ellipsoid((-4, -8.5, 2), (7.5, 3.5, 5), R["gunmetal"], group="cupola")
    s.ellipsoid((-4.5, -15, 4), (6.4, 6.2, 5), R["gold"], group="head")
    s.lathe(-2, 6, [(-25, 1.0), (-21, 0.8)], R["gunmetal"], group="chim")
    s.ellipsoid((-7.6, -14, 8.5), (3.4, 3.0, 1.4), R["gunmetal"], group="plate")
    s.glow(-9.2, -14.6, 1.1, 1.1, R["cyan"], z=14, levels=[3, 5])
    s.glow(-6.2, -14.6, 1.1, 1.1, R["cyan"], z=14, levels=[3, 5])
    for j in range(2):
        s.box(-9.5, -12.3 + j * 1.3, -5.5, -11.7 + j * 1.3, 10, R["brass"], group="grill%d" % j, bevel=0)
    # a waving arm
    s.ellipsoid((3, -18, 6), (1.6, 4, 1.4), R["brass"], group="arm")
    s.ellipsoid((4, -23, 7), (2.1, 2.1, 1.6), R["gold"], group="hand")
    # near cannon and near wing in front, and a float under the hull
    s.ellipsoid((-18, 4, 9), (15, 2.2, 2.2), R["gunmetal"], group="gun_near")
    s.paint(np.abs(s.X + 31) < 0.8, R["brass"], parts=["gun_near"])
    s.slab([(-6, 6), (10, 6), (16, 16), (2, 17)], 11, R["brown"], group="wing_near", thick=1.5,
           edge_ramp=R["char"])
    s.paint_poly([(11, 6), (16, 6), (18, 17), (13, 17)], R["gold"], z=11, parts=["wing_near"], lvl_bias=-1)
    return s.render()


def wren_leaf(with_familiar=True, rider=True):
    """Wren riding her leaf glider to the left: a big green leaf with a broom-stem, Wren in a navy
    cloak and her violet hat, green hair, and (unless told not to) her white familiar flying
    alongside."""
    s = Scene(80, 48, origin=(40, 26))
    leaf = []
    for i in range(25):
        t = i / 24.0
        x = -26 + 46 * t
        w = 7.0 * math.sin(math.pi * t ** 0.85) ** 0.9
        leaf.append((x, 4 - w))
    for i in range(24, -1, -1):
        t = i / 24.0
        x = -26 + 46 * t
        w = 5.0 * math.sin(math.pi * t ** 0.85) ** 0.9
        leaf.append((x, 4 + w))
    s.slab(leaf, 0, R["leaf"], group="leaf", thick=1.5, edge_ramp=R["green"])
    X, Y = s.X, s.Y
    vein = (np.abs(Y - 4 + (X + 26) * 0.01) < 0.5) & (X > -24) & (X < 18)
    for k in range(-20, 16, 5):
        vein |= (np.abs((X - k) - np.abs(Y - 4) * 1.3) < 0.5) & (np.abs(Y - 4) < 5.5) & (np.abs(Y - 4) > 0.5)
    s.paint(vein, R["green"], parts=["leaf"], lvl_bias=-1)
    s.ellipsoid((27, 4.5, 1), (7, 0.9, 0.9), R["brown"], group="stem")
    s.ellipsoid((34, 4.5, 1), (3, 2.2, 1.5), R["khaki"], group="tuft")
    if rider:  # Wren sitting side-saddle
        s.ellipsoid((2, -3.5, 3), (5.5, 6.5, 3.5), R["navy"], group="robe")
        s.ellipsoid((2.5, -11.5, 3), (4.6, 4.8, 3.4), R["green"], group="hair")
        s.ellipsoid((-1.2, -11, 4.5), (3.6, 3.8, 2.8), R["skin"], group="face", bias=0.08)
        s.ellipsoid((5, -8, 3.5), (2.0, 3.0, 1.6), R["green"], group="hair")
        s.ellipsoid((1.5, -15, 7), (9, 1.8, 1), R["violet"], group="brim", spec=0)
        s.slab([(-3, -15.5), (6, -15.5), (9, -21), (14, -24.5), (15.5, -22), (10.5, -19.5), (6.5, -15.5)], 7.5,
               R["violet"], group="cone", bevel=1.0)
        s.paint(np.abs(s.Y + 16.6) < 0.7, R["yellow"], parts=["cone"], lvl_bias=-1)
        s.glow(15.5, -23.5, 1.3, 1.3, R["yellow"], z=20, levels=[4, 5])
        s.ellipsoid((-4, -3.5, 5), (3, 1.4, 1), R["navy"], group="arm")
        s.ellipsoid((-7, -3.5, 5.5), (1.3, 1.3, 1), R["skin"], group="hand")
    if with_familiar:  # a little white spirit with ears, flying behind
        s.ellipsoid((24, -10, 6), (3, 2.8, 2.5), R["white"], group="fam")
        s.ellipsoid((22.6, -13, 6), (0.8, 1.3, 0.6), R["white"], group="fam")
        s.ellipsoid((25.4, -13, 6), (0.8, 1.3, 0.6), R["white"], group="fam")
        s.px(22.8, -10.2, R["violet"][0], z=9)
        s.px(21.4, -9.0, R["pink"][4], z=9)
    img = s.render()
    if not rider:
        return img
    # eye and cheek on Wren's face (pixel-placed)
    ox, oy = 40, 26
    for x, y, c in ((-3, -12, OUTLINE), (-3, -11, R["violet"][2]), (-2, -9, R["pink"][4]), (-4, -8, R["red"][1])):
        img[oy + y, ox + x, :3] = c
        img[oy + y, ox + x, 3] = 255
    return img
