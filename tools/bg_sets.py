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


def hangar_inside(cv, wall, door_rect, paint_view, bench_x, seed, medal=True):
    """Rook's workshop from the inside: a plank wall, roof trusses, a big open door (its view
    painted by paint_view(door_mask)), a pegboard of tools over a bench with jars and a vice,
    the medal on its nail, and a stained concrete floor. Returns (door mask, a copy of the image
    just after the view was painted, to tell the view's pixels from the room's later)."""
    dx0, dx1, dy0, floor_y = door_rect
    cv.img[:] = wall
    cv.img[:, ::7] = wall * 0.8
    door = (cv.X > dx0) & (cv.X < dx1) & (cv.Y > dy0) & (cv.Y < floor_y)
    paint_view(door)
    view = cv.img.copy()
    cv.img[dy0 - 4:dy0, dx0 - 2:dx1 + 2] = C("#2a1e1c")  # lintel and jambs
    cv.img[dy0:floor_y, dx0 - 2:dx0] = C("#2a1e1c")
    cv.img[dy0:floor_y, dx1:dx1 + 2] = C("#2a1e1c")
    for x in range(-20, cv.w, 40):  # roof trusses
        for t in np.linspace(0, 1, 40):
            cv.img[int(2 + t * 14), min(cv.w - 1, max(0, int(x + t * 40)))] = C("#241a18")
        cv.img[0:18, max(0, x):x + 2] = C("#241a18")
    cv.img[16:20, :] = C("#2a1e1c")
    cv.img[16, :] = C("#5a4038")
    bx = bench_x
    tools_wall(cv, bx + 4, 46, bx + 54, 70, C("#6a5040"), [C("#b8bcc4"), C("#8a9098"), C("#c04a3a")], seed)
    cv.img[82:86, bx:bx + 62] = C("#6a4a30")
    cv.img[82, bx:bx + 62] = C("#a07850")
    cv.img[86:floor_y, bx + 2:bx + 5] = C("#3a2820")
    cv.img[86:floor_y, bx + 56:bx + 59] = C("#3a2820")
    for jx, col in ((10, C("#6a9a6a")), (16, C("#c8a050")), (22, C("#7a8ab0"))):  # jars of bolts
        cv.img[76:82, bx + jx:bx + jx + 4] = col * 0.7
        cv.img[76, bx + jx:bx + jx + 4] = C("#d8d8d0")
        cv.img[77:81, bx + jx] = col
    cv.img[74:82, bx + 38:bx + 46] = C("#4a4e58")  # the vice
    cv.img[74, bx + 38:bx + 46] = C("#8a90a0")
    if medal:
        mx = bx + 88 if bx + 88 < min(dx0 - 4, cv.w - 4) or dx1 + 4 < bx + 88 < cv.w - 4 else bx - 30
        cv.img[56:58, mx] = C("#2a2020")  # its nail
        cv.fill(cv.poly([(mx - 2, 58), (mx + 2, 58), (mx + 1.5, 64), (mx - 1.5, 64)]), C("#3a6ab0"))
        cv.img[58:64, mx] = C("#c84a3a")
        cv.glow(mx, 67, [3.2, 2.2], [C("#a07820"), C("#ffd84a")])
        cv.img[66, mx - 1] = C("#fff6c8")
    flo = cv.Y >= floor_y
    cv.sky([(0.0, C("#6a5a50")), (0.4, C("#5a4a44")), (0.8, C("#483c3a")), (1.0, C("#3a3032"))], y0=floor_y,
           mask=flo)
    for sx, sy, rx in ((96, 140, 10), (150, 150, 14), (30, 152, 8)):
        cv.img[flo & cv.ell(sx, sy, rx, 2.5)] *= 0.78
    return door, view


def grumble(cv, x, y, col=C("#f0ece0"), ink=C("#3a3030")):
    """a little speech puff with a scribble in it, over a grumbling head at (x, y) (its bottom)."""
    g = cv.ell(x, y - 5, 6, 3.6)
    cv.fill(g, col)
    cv.fill(g & ~np.roll(np.roll(g, -1, 0), -1, 1), col * 0.8)
    for t in np.linspace(0, 7, 30):
        cv.img[int(y - 5 + math.sin(t * 2.6) * 1.5), int(x - 3.5 + t)] = ink
    cv.img[y - 2:y, x - 1] = col
    cv.img[y, x - 2] = col


def sparkle(cv, x, y, col, big=False):
    """a four-pointed glint of magic."""
    cv.img[y, x] = C("#ffffff")
    for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        cv.img[y + d[1], x + d[0]] = col
        if big:
            cv.img[y + 2 * d[1], x + 2 * d[0]] = col * 0.7 + cv.img[y + 2 * d[1], x + 2 * d[0]] * 0.3


def lantern_top(cv, x, g, half, white, red, shade, lamp, iron):
    """the top of the lighthouse close up: tower, a wide gallery on corbels, the glazed lantern
    room with its lamp, and a domed cap with a vent ball. The rail is drawn separately
    (gallery_rail) so figures can stand behind it. Returns the lamp's centre."""
    tower = cv.poly([(x - half * 0.8, g), (x + half * 0.8, g), (x + half * 1.05, cv.h), (x - half * 1.05, cv.h)])
    band = (((cv.Y - g) // 26).astype(int) % 2 == 1)
    rel = (cv.X - x) / half
    cv.fill(tower, white)
    cv.fill(tower & band, red)
    cv.fill(tower & (rel > 0.3), shade)
    cv.fill(tower & band & (rel > 0.3), red * 0.7)
    for k in range(-3, 4):  # corbels under the gallery
        cx = x + k * half * 0.3
        cv.fill(cv.poly([(cx - 3, g + 3), (cx + 3, g + 3), (cx, g + 9)]), iron * 1.3)
    cv.img[g:g + 3, int(x - half - 12):int(x + half + 12)] = iron
    cv.img[g, int(x - half - 12):int(x + half + 12)] = iron * 2.2
    lh = int(half * 1.1)
    x0, x1 = int(x - half + 3), int(x + half - 3)
    cv.img[g - 6:g, x0:x1] = iron * 1.4
    cv.img[g - 6 - lh:g - 6, x0:x1] = lamp
    for mx in range(x0, x1, 7):
        cv.img[g - 6 - lh:g - 6, mx] = iron
    cv.img[g - 6 - lh // 2, x0:x1] = iron
    cap = cv.ell(x, g - 6 - lh, half - 1, 10) & (cv.Y < g - 6 - lh)
    cv.fill(cap, iron * 1.5)
    cv.fill(cap & (cv.X < x - half * 0.3) & (cv.Y < g - 8 - lh), iron * 2.4)
    cv.fill(cap & (cv.X > x + half * 0.4), iron)
    cv.fill(cv.ell(x, g - 18 - lh, 2.5), iron * 1.6)
    cv.img[g - 26 - lh:g - 20 - lh, int(x)] = iron
    return x, g - 6 - lh / 2


def gallery_rail(cv, x0, x1, y, iron):
    """the gallery's railing from x0 to x1, its top rail at y and balusters down to y + 9."""
    cv.img[y:y + 9, x0:x1:3] = iron * 1.3
    cv.img[y, x0:x1] = iron * 1.8
    cv.img[y + 4, x0:x1] = iron * 1.3


def propeller(cv, x, y, span=14, wood=C("#9a6a3a"), hub=C("#c8a050")):
    """a spare two-bladed wooden propeller hung on a wall, tilted, with a brass hub."""
    for side in (-1, 1):
        blade = cv.poly([(x, y - 1.5), (x + side * span, y - side * 5 - 1.5), (x + side * (span + 1), y - side * 5 + 1),
                         (x, y + 1.5)])
        cv.fill(blade, wood)
        cv.fill(blade & (cv.Y < y - side * 5 * np.abs(cv.X - x) / span), np.minimum(wood * 1.3, 255))
    cv.fill(cv.ell(x, y, 2.2), hub)
    cv.img[int(y) - 1, int(x) - 1] = C("#fff0c0")
