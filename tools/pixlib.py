"""pixlib: a tiny procedural pixel-art toolkit shared by the SkySweep asset generators.

Everything here is original code. The main pieces are:

* colour ramps with hue shifting (shadows lean violet, highlights lean yellow),
* `Scene`: a miniature ray-cast / z-buffer renderer for sprites. Shapes are
  described in object space (x right, y down the screen, z towards the viewer),
  can be rolled about the y axis (used for the banking frames of the player
  ships), are shaded with a fixed top-left light and quantised to a ramp. Part
  boundaries get dark separation lines and the silhouette gets a dark outline,
  which gives the crisp look of hand-made arcade sprites.
* `Img`: plain 2-D RGBA drawing helpers for effects, bullets and items.
* `Atlas`: a shelf packer that writes the atlas PNG and its RON description.
"""
import colorsys
import math

import numpy as np
from PIL import Image

OUTLINE = (22, 14, 34)  # the shared near-black outline colour (deep violet)

# light direction (towards the light): up-left on screen and towards the viewer
LIGHT = np.array([-0.55, -0.7, 0.9])
LIGHT = LIGHT / np.linalg.norm(LIGHT)
HALF = LIGHT + np.array([0.0, 0.0, 1.0])
HALF = HALF / np.linalg.norm(HALF)

BAYER4 = (np.array([[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]]) + 0.5) / 16.0


def hexc(s):
    s = s.lstrip("#")
    return tuple(int(s[i:i + 2], 16) for i in (0, 2, 4))


def _lerp_hue(a, b, f):
    d = ((b - a + 540.0) % 360.0) - 180.0
    return (a + d * f) % 360.0


# ---------------------------------------------------------------- ramps
class Ramp:
    registry = []

    def __init__(self, cols):
        self.cols = np.array([c if isinstance(c, tuple) else hexc(c) for c in cols], dtype=np.uint8)
        self.id = len(Ramp.registry)
        Ramp.registry.append(self)

    def __len__(self):
        return len(self.cols)

    def __getitem__(self, i):
        return tuple(int(v) for v in self.cols[max(0, min(len(self.cols) - 1, i))])


def make_ramp(hue, sat, n=6, v0=0.16, v1=0.98, shift=0.3, s_top=None, s_bot=None):
    """A hue-shifted ramp from dark to light. hue in degrees, sat 0..1."""
    s_top = sat * 0.55 if s_top is None else s_top
    s_bot = min(1.0, sat * 1.1) if s_bot is None else s_bot
    cols = []
    for i in range(n):
        t = i / (n - 1)
        if t < 0.5:
            h = _lerp_hue(hue, 262.0, (0.5 - t) * 2 * shift)
        else:
            h = _lerp_hue(hue, 58.0, (t - 0.5) * 2 * shift)
        v = v0 + (v1 - v0) * (t ** 0.85)
        s = s_bot + (s_top - s_bot) * (t ** 1.6)
        r, g, b = colorsys.hsv_to_rgb(h / 360.0, max(0.0, min(1.0, s)), max(0.0, min(1.0, v)))
        cols.append((int(round(r * 255)), int(round(g * 255)), int(round(b * 255))))
    return Ramp(cols)


# A shared, coherent palette of ramps (6 steps each, dark -> light).
R = {}
R["orange"] = make_ramp(22, 0.85, v0=0.22)
R["cream"] = make_ramp(38, 0.32, v0=0.30, v1=1.0, s_bot=0.45, s_top=0.10)
R["red"] = make_ramp(356, 0.82, v0=0.2)
R["gold"] = make_ramp(44, 0.80, v0=0.2, v1=1.0, s_top=0.35)
R["brass"] = make_ramp(36, 0.70, v0=0.17, v1=0.98, s_top=0.30)
R["brown"] = make_ramp(24, 0.60, v0=0.13, v1=0.72)
R["green"] = make_ramp(112, 0.70, v0=0.16, v1=0.92)
R["leaf"] = make_ramp(88, 0.75, v0=0.18, v1=0.95)
R["violet"] = make_ramp(276, 0.62, v0=0.18, v1=0.95, shift=0.15)
R["steel"] = make_ramp(215, 0.22, v0=0.18, v1=0.95, s_bot=0.38, s_top=0.06)
R["gunmetal"] = make_ramp(225, 0.25, v0=0.12, v1=0.72, s_bot=0.4)
R["navy"] = make_ramp(222, 0.62, v0=0.14, v1=0.80, shift=0.1)
R["blue"] = make_ramp(208, 0.78, v0=0.2, v1=1.0, shift=0.1, s_top=0.25)
R["cyan"] = make_ramp(188, 0.75, v0=0.25, v1=1.0, s_top=0.15, shift=0.08)
R["skin"] = make_ramp(24, 0.42, v0=0.38, v1=1.0, s_bot=0.6, s_top=0.18, shift=0.2)
R["pink"] = make_ramp(330, 0.65, v0=0.3, v1=1.0, s_top=0.2)
R["magenta"] = make_ramp(305, 0.8, v0=0.25, v1=1.0, s_top=0.2)
R["yellow"] = make_ramp(52, 0.85, v0=0.35, v1=1.0, s_top=0.2)
R["olive"] = make_ramp(70, 0.45, v0=0.15, v1=0.75)
R["khaki"] = make_ramp(45, 0.38, v0=0.18, v1=0.82)
R["slate"] = make_ramp(200, 0.18, v0=0.14, v1=0.78, s_bot=0.3)
R["rust"] = make_ramp(14, 0.70, v0=0.16, v1=0.82)
R["char"] = make_ramp(20, 0.25, v0=0.07, v1=0.42, s_bot=0.35)
R["tile"] = make_ramp(8, 0.62, v0=0.18, v1=0.85)
R["white"] = make_ramp(220, 0.10, v0=0.45, v1=1.0, s_bot=0.25, s_top=0.0)
R["glass"] = make_ramp(198, 0.65, v0=0.18, v1=1.0, s_top=0.05, shift=0.08)
R["hair_o"] = make_ramp(16, 0.80, v0=0.25, v1=0.98)
R["hair_b"] = make_ramp(28, 0.55, v0=0.13, v1=0.65)
R["fire"] = Ramp(["#5a0f1a", "#b3261e", "#ee5a12", "#ff9a1f", "#ffd84a", "#fff6c8"])
R["smoke"] = Ramp(["#1e1a26", "#3a3440", "#57505a", "#7a7276", "#a09a98", "#c8c2bc"])


# ---------------------------------------------------------------- masks
def poly_mask(X, Y, pts):
    inside = np.zeros(X.shape, bool)
    n = len(pts)
    for i in range(n):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % n]
        if y1 == y2:
            continue
        cond = (y1 > Y) != (y2 > Y)
        xint = (x2 - x1) * (Y - y1) / (y2 - y1) + x1
        inside ^= cond & (X < xint)
    return inside


def shift(a, dx, dy, fill=False):
    """shift a 2-D array by (dx, dy) with fill."""
    out = np.full_like(a, fill)
    h, w = a.shape[:2]
    xs0, xs1 = max(0, -dx), min(w, w - dx)
    ys0, ys1 = max(0, -dy), min(h, h - dy)
    out[ys0 + dy:ys1 + dy, xs0 + dx:xs1 + dx] = a[ys0:ys1, xs0:xs1]
    return out


def dilate(m, diag=False):
    o = m.copy()
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        o |= shift(m, dx, dy)
    if diag:
        for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
            o |= shift(m, dx, dy)
    return o


def erode(m):
    o = m.copy()
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        o &= shift(m, dx, dy, True)
    return o


def edge_normals(mask):
    """outward 2-D direction at each pixel of mask, from a blurred mask gradient."""
    f = mask.astype(float)
    b = f.copy()
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)):
        b += shift(f, dx, dy, 0.0)
    b /= 9.0
    gx = shift(b, -1, 0, 0.0) - shift(b, 1, 0, 0.0)
    gy = shift(b, 0, -1, 0.0) - shift(b, 0, 1, 0.0)
    n = np.sqrt(gx * gx + gy * gy) + 1e-9
    return -gx / n, -gy / n


# ---------------------------------------------------------------- the 3-D-lite sprite renderer
class Scene:
    """Render shapes into a w x h sprite. Object origin at (ox, oy) pixels."""

    def __init__(self, w, h, origin=None, roll=0.0, light=None):
        self.w, self.h = w, h
        ox, oy = origin if origin is not None else (w / 2.0, h / 2.0)
        ys, xs = np.mgrid[0:h, 0:w]
        self.X = xs + 0.5 - ox
        self.Y = ys + 0.5 - oy
        self.ox, self.oy = ox, oy
        a = math.radians(roll)
        self.c, self.s = math.cos(a), math.sin(a)
        self.L = LIGHT if light is None else light
        self.z = np.full((h, w), -1e9)
        self.inten = np.zeros((h, w))
        self.rid = np.full((h, w), -1, int)
        self.lvl = np.zeros((h, w), int)
        self.part = np.full((h, w), -1, int)
        self.noline = np.zeros((h, w), bool)
        self.over = np.zeros((h, w, 4), np.uint8)  # raw pixel overrides (alpha>0 wins)
        self.nparts = 0
        self.groups = {}

    # ------------------------------------------------ helpers
    def _pid(self, group):
        if group is None:
            self.nparts += 1
            return self.nparts
        if group not in self.groups:
            self.nparts += 1
            self.groups[group] = self.nparts
        return self.groups[group]

    def view_x(self, x, z=0.0):
        return x * self.c + z * self.s

    def view_z(self, x, z=0.0):
        return -x * self.s + z * self.c

    def _shade(self, nx, ny, nz, ramp, spec=0.6, dither=0.0, bias=0.0, flat=None, gain=1.0):
        """returns (fraction 0..1 of the ramp, integer level)."""
        L = self.L
        d = nx * L[0] + ny * L[1] + nz * L[2]
        f = (1.25 + 2.8 * gain * d) / 5.0  # flat-up ~0.65, lit curve ~0.8, shadow side ~0.1
        if flat is not None:
            f = np.full_like(d, flat)
        f = f + bias
        n = len(ramp)
        lv = f * (n - 1)
        if dither:
            h, w = lv.shape
            lv = lv + (BAYER4[np.arange(h)[:, None] % 4, np.arange(w)[None, :] % 4] - 0.5) * dither
        lv = np.clip(np.floor(lv + 0.5), 1, n - 1)
        if spec:
            hv = nx * HALF[0] + ny * HALF[1] + nz * HALF[2]
            lv = np.where(hv > 1.0 - 0.06 * spec, n - 1, lv)
        return f, lv.astype(int)

    def _write(self, hit, depth, nx, ny, nz, ramp, group=None, line=True, **kw):
        pid = self._pid(group)
        w = hit & (depth > self.z)
        if not w.any():
            return w
        I, lv = self._shade(nx, ny, nz, ramp, **kw)
        self.z[w] = depth[w]
        self.inten[w] = I[w]
        self.rid[w] = ramp.id
        self.lvl[w] = lv[w]
        self.part[w] = pid
        self.noline[w] = not line
        return w

    # ------------------------------------------------ primitives
    def ellipsoid(self, c, r, ramp, group=None, **kw):
        cx, cy, cz = c
        rx, ry, rz = r
        X, Y = self.X, self.Y
        cs, sn = self.c, self.s
        a0 = X * cs - cx
        a1 = -sn
        b0 = X * sn - cz
        b1 = cs
        q = ((Y - cy) / ry) ** 2
        A = a1 * a1 / rx ** 2 + b1 * b1 / rz ** 2
        B = 2 * (a0 * a1 / rx ** 2 + b0 * b1 / rz ** 2)
        C = a0 * a0 / rx ** 2 + b0 * b0 / rz ** 2 + q - 1
        disc = B * B - 4 * A * C
        hit = disc >= 0
        t = (-B + np.sqrt(np.maximum(disc, 0))) / (2 * A)
        ox_ = X * cs - t * sn
        oz_ = X * sn + t * cs
        gx = (ox_ - cx) / rx ** 2
        gy = (Y - cy) / ry ** 2
        gz = (oz_ - cz) / rz ** 2
        n = np.sqrt(gx * gx + gy * gy + gz * gz) + 1e-9
        gx, gy, gz = gx / n, gy / n, gz / n
        vx = gx * cs + gz * sn
        vz = -gx * sn + gz * cs
        return self._write(hit, t, vx, gy, vz, ramp, group, **kw)

    def lathe(self, x, z, prof, ramp, group=None, **kw):
        """surface of revolution around an axis parallel to y at (x, z).
        prof = [(y, r), ...] sorted by y."""
        ys = np.array([p[0] for p in prof], float)
        rs = np.array([p[1] for p in prof], float)
        Y = self.Y
        r = np.interp(Y, ys, rs)
        dr = np.gradient(np.interp(np.arange(self.h) + 0.5 - self.oy, ys, rs))[:, None] * np.ones((1, self.w))
        inside_y = (Y >= ys[0]) & (Y <= ys[-1])
        Xc = self.view_x(x, z)
        Zc = self.view_z(x, z)
        dx = (self.X - Xc) / np.maximum(r, 1e-6)
        hit = inside_y & (np.abs(dx) < 1.0) & (r > 0.05)
        nz = np.sqrt(np.clip(1 - dx * dx, 0, 1))
        nx = dx
        ny = -dr * nz
        n = np.sqrt(nx * nx + ny * ny + nz * nz) + 1e-9
        depth = Zc + r * nz
        return self._write(hit, depth, nx / n, ny / n, nz / n, ramp, group, **kw)

    def slab(self, pts, z, ramp, group=None, thick=0.0, bevel=0.6, edge_ramp=None, **kw):
        """flat plate with polygon pts (object x, y) at height z."""
        cs, sn = self.c, self.s
        # top face: object x = (X - z*sn)/cs
        xo = (self.X - z * sn) / cs
        hit = poly_mask(xo, self.Y, pts)
        depth = -xo * sn + z * cs
        if thick > 0:
            zb = z - thick
            xb = (self.X - zb * sn) / cs
            hb = poly_mask(xb, self.Y, pts)
            db = -xb * sn + zb * cs
            er = edge_ramp or ramp
            one = np.ones_like(xb)
            self._write(hb & ~hit, db, one * 0, one * 0, one, er, group, flat=0.25, spec=0)
        nx = np.full(hit.shape, sn)
        ny = np.zeros(hit.shape)
        nz = np.full(hit.shape, cs)
        if bevel:
            ex, ey = edge_normals(hit)
            edge = hit & ~erode(hit)
            nx = np.where(edge, nx + ex * bevel, nx)
            ny = np.where(edge, ny + ey * bevel, ny)
            n = np.sqrt(nx * nx + ny * ny + nz * nz)
            nx, ny, nz = nx / n, ny / n, nz / n
        return self._write(hit, depth, nx, ny, nz, ramp, group, **kw)

    def box(self, x0, y0, x1, y1, z, ramp, **kw):
        return self.slab([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], z, ramp, **kw)

    # ------------------------------------------------ decoration
    def paint(self, mask, ramp, parts=None, lvl_bias=0, keep_lines=True):
        """re-colour already drawn pixels (keeping their shading) where mask."""
        m = mask & (self.rid >= 0)
        if parts is not None:
            m &= np.isin(self.part, [self.groups.get(p, p) if isinstance(p, str) else p for p in parts])
        n = len(ramp)
        lv = np.clip(np.floor(self.inten * (n - 1) + 0.5) + lvl_bias, 0, n - 1).astype(int)
        self.rid[m] = ramp.id
        self.lvl[m] = lv[m]
        return m

    def paint_poly(self, pts, ramp, z=None, **kw):
        """paint a polygon given in object coords (projected at height z, default at surface)."""
        if z is None:
            xo = self.X / self.c
        else:
            xo = (self.X - z * self.s) / self.c
        return self.paint(poly_mask(xo, self.Y, pts), ramp, **kw)

    def mask_ellipse(self, cx, cy, rx, ry, z=0.0):
        xo = (self.X - z * self.s) / self.c
        return ((xo - cx) / rx) ** 2 + ((self.Y - cy) / ry) ** 2 <= 1.0

    def set_lvl(self, mask, lvl, ramp=None):
        m = mask & (self.rid >= 0)
        if ramp is not None:
            self.rid[m] = ramp.id
        self.lvl[m] = lvl
        return m

    def px(self, x, y, col, z=0.0):
        """raw pixel override in object coords (x, y of pixel centre offsets)."""
        X = self.view_x(x, z) + self.ox
        Y = y + self.oy
        ix, iy = int(math.floor(X)), int(math.floor(Y))
        if 0 <= ix < self.w and 0 <= iy < self.h:
            self.over[iy, ix] = tuple(col)[:3] + (255,)

    def glow(self, cx, cy, rx, ry, ramp, z=5.0, levels=None, group=None):
        """emissive ellipse: radial ramp from edge (low) to centre (high), always on top."""
        X = self.X - self.view_x(cx, z)
        d = np.sqrt((X / rx) ** 2 + ((self.Y - cy) / ry) ** 2)
        hit = d <= 1.0
        n = len(ramp)
        levels = levels or list(range(n))
        k = np.clip(((1 - d) * len(levels)).astype(int), 0, len(levels) - 1)
        lv = np.array(levels)[k]
        pid = self._pid(group)
        depth = np.full(hit.shape, 1e6 + z)
        w = hit
        self.z[w] = depth[w]
        self.rid[w] = ramp.id
        self.lvl[w] = lv[w]
        self.inten[w] = 1.0
        self.part[w] = pid
        self.noline[w] = True
        return w

    # ------------------------------------------------ output
    def render(self, outline=OUTLINE, sep=True, sep_eps=0.6, outer=True, sep_dark=0):
        h, w = self.h, self.w
        img = np.zeros((h, w, 4), np.uint8)
        opaque = self.rid >= 0
        lvl = self.lvl.copy()
        if sep:
            line = np.zeros((h, w), bool)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                pq = shift(self.part, dx, dy, -1)
                zq = shift(self.z, dx, dy, -1e9)
                nl = shift(self.noline, dx, dy, True)
                line |= opaque & (pq >= 0) & (pq != self.part) & (zq > self.z + sep_eps) & ~nl
            lvl = np.where(line, sep_dark, lvl)
        for r in Ramp.registry:
            m = self.rid == r.id
            if m.any():
                img[m, :3] = r.cols[np.clip(lvl[m], 0, len(r) - 1)]
                img[m, 3] = 255
        o = self.over[..., 3] > 0
        img[o] = self.over[o]
        if outer and outline is not None:
            a = img[..., 3] > 0
            ring = dilate(a) & ~a
            img[ring] = tuple(outline) + (255,)
        return img


# ---------------------------------------------------------------- plain 2-D drawing
class Img:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.a = np.zeros((h, w, 4), np.uint8)
        ys, xs = np.mgrid[0:h, 0:w]
        self.X = xs + 0.5
        self.Y = ys + 0.5

    def fill(self, mask, col, alpha=255):
        col = tuple(col)
        if len(col) == 4:
            alpha = col[3]
            col = col[:3]
        self.a[mask, :3] = col
        self.a[mask, 3] = alpha
        return mask

    def ell(self, cx, cy, rx, ry=None):
        ry = rx if ry is None else ry
        return ((self.X - cx) / rx) ** 2 + ((self.Y - cy) / ry) ** 2 <= 1.0

    def disc(self, cx, cy, r, col, ry=None):
        return self.fill(self.ell(cx, cy, r, ry), col)

    def ring(self, cx, cy, r0, r1, col):
        d = np.sqrt((self.X - cx) ** 2 + (self.Y - cy) ** 2)
        return self.fill((d >= r0) & (d <= r1), col)

    def poly(self, pts, col):
        return self.fill(poly_mask(self.X, self.Y, pts), col)

    def rect(self, x0, y0, x1, y1, col):
        """inclusive integer rect"""
        col = tuple(col)
        alpha = col[3] if len(col) == 4 else 255
        self.a[y0:y1 + 1, x0:x1 + 1, :3] = col[:3]
        self.a[y0:y1 + 1, x0:x1 + 1, 3] = alpha

    def px(self, x, y, col):
        x, y = int(math.floor(x)), int(math.floor(y))
        if 0 <= x < self.w and 0 <= y < self.h:
            col = tuple(col)
            self.a[y, x, :3] = col[:3]
            self.a[y, x, 3] = col[3] if len(col) == 4 else 255

    def line(self, x0, y0, x1, y1, col):
        x0, y0, x1, y1 = int(x0), int(y0), int(x1), int(y1)
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx = 1 if x0 < x1 else -1
        sy = 1 if y0 < y1 else -1
        err = dx + dy
        while True:
            self.px(x0, y0, col)
            if x0 == x1 and y0 == y1:
                break
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x0 += sx
            if e2 <= dx:
                err += dx
                y0 += sy

    def outline(self, col=OUTLINE, diag=False):
        a = self.a[..., 3] > 0
        ring = dilate(a, diag) & ~a
        self.fill(ring, col)

    def radial(self, cx, cy, r, ramp, levels, ry=None, mask=None):
        """concentric bands: levels[0] at the rim ... levels[-1] in the centre."""
        ry = r if ry is None else ry
        d = np.sqrt(((self.X - cx) / r) ** 2 + ((self.Y - cy) / ry) ** 2)
        hit = d <= 1.0
        if mask is not None:
            hit &= mask
        k = np.clip(((1 - d) * len(levels)).astype(int), 0, len(levels) - 1)
        for i, lv in enumerate(levels):
            m = hit & (k == i)
            self.fill(m, ramp[lv])
        return hit


def paste(dst, src, x, y):
    """alpha-over paste of RGBA array src into dst at (x, y) (clipped)."""
    h, w = src.shape[:2]
    H, W = dst.shape[:2]
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(W, x + w), min(H, y + h)
    if x1 <= x0 or y1 <= y0:
        return
    s = src[y0 - y:y1 - y, x0 - x:x1 - x].astype(float)
    d = dst[y0:y1, x0:x1].astype(float)
    sa = s[..., 3:4] / 255.0
    da = d[..., 3:4] / 255.0
    oa = sa + da * (1 - sa)
    oc = (s[..., :3] * sa + d[..., :3] * da * (1 - sa)) / np.maximum(oa, 1e-9)
    dst[y0:y1, x0:x1, :3] = np.clip(oc + 0.5, 0, 255).astype(np.uint8)
    dst[y0:y1, x0:x1, 3] = np.clip(oa[..., 0] * 255 + 0.5, 0, 255).astype(np.uint8)


# ---------------------------------------------------------------- atlas
class Atlas:
    def __init__(self, width=512):
        self.width = width
        self.sprites = {}  # name -> (w, h, [frames arrays])
        self.order = []

    def add(self, name, frames):
        h, w = frames[0].shape[:2]
        for f in frames:
            assert f.shape[:2] == (h, w), (name, f.shape, (h, w))
        self.sprites[name] = (w, h, frames)
        self.order.append(name)

    def pack(self):
        # shelf packing of individual frames, tallest first; 1 px gutter
        items = []
        for name in self.order:
            w, h, frames = self.sprites[name]
            for i, f in enumerate(frames):
                items.append((h, w, name, i))
        items.sort(key=lambda t: (-t[0], -t[1], self.order.index(t[2]), t[3]))
        x = y = 0
        shelf_h = 0
        pos = {}
        for h, w, name, i in items:
            if x + w > self.width:
                x = 0
                y += shelf_h + 1
                shelf_h = 0
            pos[(name, i)] = (x, y)
            x += w + 1
            shelf_h = max(shelf_h, h)
        total_h = y + shelf_h
        H = 1
        while H < total_h:
            H *= 2
        img = np.zeros((H, self.width, 4), np.uint8)
        for (name, i), (px_, py_) in pos.items():
            w, h, frames = self.sprites[name]
            img[py_:py_ + h, px_:px_ + w] = frames[i]
        self.pos = pos
        self.img = img
        return img

    def save(self, png_path, ron_path, image_ref, script):
        img = self.pack()
        Image.fromarray(img, "RGBA").save(png_path, optimize=True)
        lines = ["// generated by %s; do not edit by hand" % script, "Atlas(",
                 '    image: "%s",' % image_ref, "    sprites: {"]
        for name in self.order:
            w, h, frames = self.sprites[name]
            fr = ", ".join("(%d, %d)" % self.pos[(name, i)] for i in range(len(frames)))
            lines.append('        "%s": Sprite(size: (%d, %d), frames: [%s]),' % (name, w, h, fr))
        lines += ["    },", ")", ""]
        with open(ron_path, "w") as f:
            f.write("\n".join(lines))


def contact_sheet(groups, scale=4, bg=(58, 66, 84), path=None, cols_max=900):
    """groups: list of (name, [frames]) -> upscaled preview image."""
    pad = 4
    x = y = pad
    row_h = 0
    placements = []
    for name, frames in groups:
        h, w = frames[0].shape[:2]
        gw = len(frames) * (w + 2)
        if x + gw > cols_max and x > pad:
            x = pad
            y += row_h + pad
            row_h = 0
        placements.append((x, y, frames))
        x += gw + pad * 2
        row_h = max(row_h, h)
    W = cols_max + pad
    H = y + row_h + pad
    sheet = np.zeros((H, W, 4), np.uint8)
    sheet[..., :3] = bg
    sheet[..., 3] = 255
    # checker to show transparency
    ys, xs = np.mgrid[0:H, 0:W]
    chk = ((xs // 4 + ys // 4) % 2) == 0
    sheet[chk, :3] = (bg[0] + 8, bg[1] + 8, bg[2] + 8)
    for x, y, frames in placements:
        for f in frames:
            paste(sheet, f, x, y)
            x += f.shape[1] + 2
    im = Image.fromarray(sheet, "RGBA").resize((W * scale, H * scale), Image.NEAREST)
    if path:
        im.save(path)
    return im
