"""bg_sets: scenery pieces shared by the new ending pictures (bg_homes.py, bg_pairs*.py): the
sea, rocky shores, Orla's lighthouse, Rook's hangar inside and out, and small props. Every
piece paints onto a bg_scenes.Canvas and takes its colours as arguments, so one shape can be lit
for noon, sunset or night. Light comes from the top-left, as in the sprites.
"""
import math

import numpy as np

from bg_scenes import C
from pixlib import erode


def sea(cv, y0, bands, ripple, glints=None, seed=0, x_sun=None, sun_col=None):
    """water from y0 to the bottom: flat bands getting darker towards the viewer, rows of ripple
    highlights, and an optional sun (or moon) path of broken light under x_sun."""
    water = cv.Y > y0
    k = np.clip(((cv.Y - y0) / max(1, (cv.h - y0) / len(bands))).astype(int), 0, len(bands) - 1)
    for i, c in enumerate(bands):
        cv.img[water & (k == i)] = c
    rip = water & (cv.Y.astype(int) % 3 == 0) & \
        (np.sin(cv.X * (0.35 - (cv.Y - y0) * 0.004) + cv.Y * 2.1 + seed) > 0.6)
    cv.img[rip] = cv.img[rip] * 0.6 + ripple * 0.4
    if x_sun is not None:
        spread = 4 + (cv.Y - y0) * 0.35
        path = water & (np.abs(cv.X - x_sun) < spread) & (cv.Y.astype(int) % 2 == 0) & \
            (np.sin(cv.X * 0.9 + cv.Y * 1.7 + seed) > 0.1 + np.abs(cv.X - x_sun) / spread * 0.7)
        cv.img[path] = sun_col
    if glints is not None:
        g = water & (cv.Y.astype(int) % 4 == 1) & (np.sin(cv.X * 0.21 + cv.Y * 3.3 + seed) > 0.985)
        cv.img[g] = glints
    return water


def rocks(cv, pts, body, lit, dark, seed=0):
    """a heap of coastal rock from a polygon: faceted, lit on the upper-left faces."""
    m = cv.poly(pts)
    cv.fill(m, body)
    # facets: a few straight cracks, the faces to their upper left catch the light
    rng = np.random.default_rng(seed)
    xs = [p[0] for p in pts]
    for _ in range(6):
        x = rng.uniform(min(xs), max(xs))
        face = m & (cv.X + (cv.Y - cv.Y.min()) * rng.uniform(-0.8, 0.8) < x) & \
            (cv.X + (cv.Y - cv.Y.min()) * rng.uniform(-0.8, 0.8) > x - rng.uniform(3, 9))
        cv.img[face] = body * 0.55 + lit * 0.45
    cv.fill(m & ~np.roll(np.roll(m, 2, 0), 1, 1), lit)
    cv.fill(m & ~np.roll(np.roll(m, -2, 0), -1, 1) & (cv.bay > 0.3), dark)
    return m


def foam_line(cv, mask, col, y_min=0):
    """surf where water meets the bottom edge of land: the pixels just outside mask, below it."""
    edge = np.roll(mask, 1, 0) & ~mask & (cv.Y > y_min)
    edge |= (np.roll(mask, 1, 1) | np.roll(mask, -1, 1)) & ~mask & (cv.Y > y_min) & (cv.bay > 0.5)
    cv.fill(edge, col)


def lighthouse(cv, x, base, h, w0, w1, white, red, shade, lamp, roof, night=False, stripes=4):
    """Orla's lighthouse: a tapering tower (bottom width w0, top w1) with red bands, a gallery,
    the lantern room and a domed cap. Returns the lantern centre (x, y)."""
    top = base - h
    tower = cv.poly([(x - w0 / 2, base), (x - w1 / 2, top), (x + w1 / 2, top), (x + w0 / 2, base)])
    band = ((cv.Y - top) / h * stripes * 2).astype(int) % 2 == 1
    rel = (cv.X - x) / (w0 / 2)
    cv.fill(tower, white)
    cv.fill(tower & band, red)
    cv.fill(tower & (rel > 0.25), shade)
    cv.fill(tower & band & (rel > 0.25), red * 0.7)
    cv.fill(tower & (rel < -0.55) & ~band, white * 0.3 + C("#ffffff") * 0.7)
    # a door and two small windows
    cv.img[base - 7:base, int(x - 2):int(x + 1)] = C("#2a2030")
    for wy in (top + h * 0.35, top + h * 0.65):
        cv.img[int(wy):int(wy) + 2, int(x - 1):int(x + 1)] = lamp if night else C("#2a2a40")
    # gallery, lantern and cap
    g = int(top)
    cv.img[g - 2:g, int(x - w1 / 2 - 3):int(x + w1 / 2 + 3)] = C("#2c2a34")
    cv.img[g - 5:g - 2, int(x - w1 / 2 - 3)] = C("#2c2a34")
    cv.img[g - 5:g - 2, int(x + w1 / 2 + 2)] = C("#2c2a34")
    cv.img[g - 5, int(x - w1 / 2 - 3):int(x + w1 / 2 + 3)] = C("#2c2a34")
    lh = max(5, int(w1 * 0.8))
    lx0, lx1 = int(x - w1 / 2 + 1), int(x + w1 / 2 - 1)
    cv.img[g - 2 - lh:g - 2, lx0:lx1] = roof
    cv.img[g - 1 - lh:g - 3, lx0 + 1:lx1 - 1] = lamp
    for mx in range(lx0 + 2, lx1 - 1, 3):
        cv.img[g - 1 - lh:g - 3, mx] = roof
    cap = cv.ell(x - 0.5, g - 2 - lh, w1 / 2 + 0.5, 3.2) & (cv.Y < g - 2 - lh)
    cv.fill(cap, roof)
    cv.fill(cap & (cv.X < x - 1) & (cv.Y < g - 3 - lh), roof * 0.6 + C("#ffffff") * 0.4)
    cv.img[g - 7 - lh:g - 4 - lh, int(x - 1)] = roof
    return x - 0.5, g - 2 - lh / 2


def beam(cv, x, y, ang, spread, length, col, strength=0.35):
    """a lighthouse beam: a wedge of light from (x, y) towards ang, fading with distance."""
    a = np.arctan2(cv.Y - y, cv.X - x)
    d = np.hypot(cv.X - x, cv.Y - y)
    da = np.abs(((a - ang) + math.pi) % (2 * math.pi) - math.pi)
    m = (da < spread) & (d < length)
    f = strength * (1 - d / length) * (1 - da / spread * 0.5)
    f = np.where(cv.bay < f * 2.2, f + 0.1, f * 0.6)
    cv.img[m] = cv.img[m] * (1 - f[m, None]) + col * f[m, None]
    return m


def cottage_block(cv, x, base, w, h, wall, roof, win=None):
    """a small keeper's cottage seen side-on: wall, pitched roof, chimney and a window."""
    cv.img[base - h:base, x:x + w] = wall
    cv.img[base - h:base, x + w - 2:x + w] = wall * 0.8
    cv.fill(cv.poly([(x - 1, base - h + 0.5), (x + w / 2, base - h - 5), (x + w + 1, base - h + 0.5)]), roof)
    cv.img[base - h - 5:base - h - 1, x + w - 4:x + w - 2] = roof
    if win is not None:
        cv.img[base - h + 2:base - h + 4, x + 2:x + 4] = win


# ---------------------------------------------------------------- Rook's hangar
def hangar_outside(cv, x0, x1, base, top, metal, dark, lit, door_col, door_open=0.0):
    """the hangar seen from the apron: a barrel roof of corrugated sheet over a wide door
    opening; door_open (0..1) slides the doors apart onto the dark inside. Returns the door
    rectangle (x0, y0, x1, y1)."""
    w = x1 - x0
    cx = (x0 + x1) / 2
    wall_top = top + (base - top) * 0.35
    body = (cv.X > x0) & (cv.X < x1) & (cv.Y > wall_top) & (cv.Y < base)
    roof = cv.ell(cx, wall_top + 1, w / 2, (wall_top - top) + 1) & (cv.Y <= wall_top + 1)
    shell = body | roof
    cv.fill(shell, metal)
    ribs = shell & ((cv.X.astype(int) - x0) % 4 == 0)
    cv.fill(ribs, metal * 0.82)
    cv.fill(roof & ~np.roll(roof, 2, 0), lit)
    cv.fill(shell & (cv.X > x1 - w * 0.18), metal * 0.78)
    cv.fill(shell & ~erode(shell), dark)
    dx0, dx1 = int(x0 + w * 0.16), int(x1 - w * 0.16)
    dy0 = int(wall_top + 2)
    cv.img[dy0:base, dx0:dx1] = C("#1a1418")
    gap = int((dx1 - dx0) / 2 * door_open)
    mid = (dx0 + dx1) // 2
    for a, b in ((dx0, mid - gap), (mid + gap, dx1)):
        if b > a:
            cv.img[dy0:base, a:b] = door_col
            cv.img[dy0:base, a:b][:, ::3] = door_col * 0.8
            cv.img[dy0, a:b] = door_col * 1.15
            cv.img[dy0:base, a] = dark
            cv.img[dy0:base, b - 1] = dark
    return dx0, dy0, dx1, base


def drum(cv, x, base, col, r=4, h=9):
    """an oil drum standing on the ground: lit left, hoops, a rim on top."""
    body = (np.abs(cv.X - x) < r) & (cv.Y > base - h) & (cv.Y < base)
    cv.fill(body, col)
    cv.fill(body & (cv.X > x + r * 0.35), col * 0.72)
    cv.fill(body & (cv.X < x - r * 0.45), np.minimum(col * 1.25, 255))
    for hy in (base - h + 3, base - 3):
        cv.fill(body & (np.abs(cv.Y - hy) < 0.5), col * 0.6)
    top = cv.ell(x, base - h, r, 1.2)
    cv.fill(top, col * 0.5)
    cv.fill(top & ~erode(top), col * 0.9)


def crate(cv, x, base, w, h, col):
    """a plank crate, lit on its left face."""
    cv.img[base - h:base, x:x + w] = col
    cv.img[base - h:base, x + w - 2:x + w] = col * 0.75
    cv.img[base - h, x:x + w] = np.minimum(col * 1.2, 255)
    for k in range(base - h + 3, base, 3):
        cv.img[k, x:x + w] = col * 0.8
    cv.img[base - h:base, x] = col * 0.6
    cv.img[base - h:base, x + w // 2] = col * 0.7


def tools_wall(cv, x0, y0, x1, y1, board, tool_cols, seed):
    """a pegboard with spanners, hammers and a saw hung on it."""
    cv.img[y0:y1, x0:x1] = board
    cv.img[y0:y1:3, x0:x1:3] = board * 0.7
    rng = np.random.default_rng(seed)
    x = x0 + 2
    while x < x1 - 3:
        kind = int(rng.integers(3))
        c = tool_cols[int(rng.integers(len(tool_cols)))]
        y = y0 + 2 + int(rng.integers(0, 3))
        if kind == 0:  # spanner
            cv.img[y:y + 7, x] = c
            cv.img[y:y + 2, x - 1:x + 2] = c
            cv.img[y, x] = board
        elif kind == 1:  # hammer
            cv.img[y + 1:y + 8, x] = C("#8a5a34")
            cv.img[y:y + 2, x - 1:x + 3] = c
        else:  # saw
            cv.fill(cv.poly([(x - 1, y), (x + 4, y), (x + 4, y + 2), (x - 1, y + 8)]), c)
            cv.img[y:y + 3, x - 2:x] = C("#8a5a34")
        x += 4 + int(rng.integers(0, 3))
