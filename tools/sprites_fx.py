"""Sprites every stage shares: player shots and charge shots, enemy bullets, items, coins,
explosions, sparkles, the muzzle flash and the bomb ring. Mostly flat 2-D drawing (pixlib.Img).
"""
import math

import numpy as np

from pixlib import OUTLINE, R, Img, Scene, dilate, erode, paste
from sprite_frames import anims, stills
from sprite_parts import noise_field


# ====================================================================== shots and bullets
def glow_shape(w, h, fn, ramp, levels, outline=OUTLINE, alpha_rim=None):
    """fn(X, Y) -> 'distance' field, 1 at the rim, 0 in the centre; banded by levels (rim..centre)."""
    im = Img(w, h)
    d = fn(im.X, im.Y)
    hit = d <= 1.0
    k = np.clip(((1 - d) * len(levels)).astype(int), 0, len(levels) - 1)
    for i, lv in enumerate(levels):
        m = hit & (k == i)
        col = ramp[lv] if isinstance(lv, int) else lv
        im.fill(m, col)
    if outline is not None:
        im.outline(outline)
    return im.a


def ell_fn(cx, cy, rx, ry, p=2.0):
    return lambda X, Y: (np.abs((X - cx) / rx) ** p + np.abs((Y - cy) / ry) ** p) ** (1.0 / p)


def teardrop_fn(cx, top, bottom, rx, up=True):
    """pointed at the top (up=True) or bottom, round at the other end."""
    def f(X, Y):
        L = bottom - top
        t = (Y - top) / L if up else (bottom - Y) / L
        t = np.clip(t, 0, 1)
        width = rx * np.sqrt(np.clip(np.sin(np.pi * np.clip(t, 0, 1) ** 0.7), 0, 1))
        dx = np.abs(X - cx) / np.maximum(width, 1e-3)
        dy = np.where((Y < top) | (Y > bottom), 2.0, 0.0)
        dd = np.maximum(dx, np.abs(2 * t - 1) ** 3)
        return dd + dy
    return f


def shot_vela(f):
    lv = [2, 3, 4, 5] if f == 0 else [3, 4, 5, 5]
    return glow_shape(6, 12, teardrop_fn(3, 0.5, 11.5, 2.9), R["fire"], lv, outline=None)


def shot_brass(f):
    """Brass's heavy bolt: a brass slug 6 wide and 18 tall (his box stays 4 by 16, the rules'),
    a white-hot nose, a dark casing band, a shaded body and a flickering fire tail: fewer,
    bigger shots than anyone's, and a slug's shape, no enemy bullet's."""
    im = Img(6, 18)
    body = R["gold"]
    fire = R["fire"]
    # Across the slug, lit from the left: shade by column.
    shade = [body[2], body[4], body[5], body[4], body[3], body[2]]
    for y in range(18):
        half = [1, 2, 2, 3][y] if y < 4 else 3 if y < 14 else [2, 2, 1, 1][y - 14]
        for x in range(6):
            if abs(x + 0.5 - 3.0) > half:
                continue
            c = shade[x]
            if y < 3:
                c = (255, 255, 230) if f == 0 or x in (2, 3) else body[5]
            elif y in (6, 7):
                c = body[1] if y == 6 else body[2]
            if y >= 14:
                c = fire[5 - ((y + f + x) % 3)] if y < 16 else fire[3 + (y + f) % 2]
            im.px(x, y, c)
    return im.a


def impact_brass(f):
    """Where one of Brass's bolts lands: a white-hot flash, then a ring of fire throwing sparks,
    then embers. Outlined in the fire's darkest red while hot, as the explosions are."""
    im = Img(16, 16)
    fire = R["fire"]
    c = 7.5
    if f == 0:
        im.disc(c, c, 3.2, fire[4])
        im.disc(c, c, 2.0, (255, 255, 255))
        for dx, dy in ((0, -5), (0, 5), (-5, 0), (5, 0)):
            im.line(c, c, c + dx, c + dy, fire[5])
    elif f == 1:
        im.ring(c, c, 3.0, 5.2, fire[3])
        im.disc(c, c, 3.0, fire[5])
        for a in range(8):
            ang = a * math.pi / 4 + 0.3
            im.px(int(c + math.cos(ang) * 6.6), int(c + math.sin(ang) * 6.6), fire[4])
    elif f == 2:
        im.ring(c, c, 4.6, 6.4, fire[2])
        im.ring(c, c, 3.6, 4.6, fire[3])
        for a in range(6):
            ang = a * math.pi / 3 + 0.8
            im.px(int(c + math.cos(ang) * 7.2), int(c + math.sin(ang) * 7.2), fire[3])
    else:
        for a in range(7):
            ang = a * 2 * math.pi / 7 + 0.5
            r = 5.5 + (a % 3)
            im.px(int(c + math.cos(ang) * r), int(c + math.sin(ang) * r), fire[2 + a % 2])
        return im.a
    a = im.a[..., 3] > 0
    ring = dilate(a) & ~a
    im.a[ring, :3] = fire[0]
    im.a[ring, 3] = 255
    return im.a


def shot_wren(f):
    """A green leaf dart, point up, with no dark rim: Wren's own colour (her ship rides a leaf),
    a hue and a shape no enemy bullet has (enemy bullets are outlined discs and needles in red,
    cyan, magenta and blue), so her shots never read as bullets (tests/bullet_contrast.rs)."""
    im = Img(8, 8)
    leaf = R["leaf"]
    # A pointed oval, widest in the middle, tapering to a point at both ends.
    dx = np.abs(im.X - 4.0)
    t = (im.Y - 0.2) / 7.6
    half = 3.3 * np.sqrt(np.clip(np.sin(np.pi * np.clip(t, 0, 1)), 0, 1)) * (1.0 if f == 0 else 0.9)
    body = (dx <= half) & (t >= 0) & (t <= 1)
    im.fill(body, leaf[3])
    im.fill(body & (dx <= half - 1.0), leaf[4])
    im.fill(body & (dx < 0.6) & (t > 0.15) & (t < 0.9), leaf[5] if f == 0 else (240, 255, 200))
    return im.a


def lift(col, target):
    """`col` mixed towards white until its WCAG relative luminance reaches `target`."""
    def lum(c):
        lin = [(v / 255 / 12.92) if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    c = tuple(col[:3])
    for k in range(101):
        m = tuple(round(v + (255 - v) * k / 100) for v in c)
        if lum(m) >= target:
            return m
    return (255, 255, 255)


def bullet(size, ramp, f, core=(255, 255, 255)):
    """A round enemy bullet: the shared dark outline, then a bright rim in the bullet's hue
    (relative luminance at least 0.47), the hue deeper inside, a white core. The dark ring reads
    on light grounds and the bright rim on dark ones, so one of the two edge rings has 3:1
    contrast with any ground (tests/bullet_contrast.rs checks it on every stage)."""
    im = Img(size, size)
    c = size / 2.0
    r = c - 1.0
    rim = lift(ramp[4], 0.47 if f == 0 else 0.56)
    bands = [rim, ramp[3], ramp[4], ramp[5]]
    if size <= 6:
        levels = [0]
    elif size <= 8:
        levels = [0, 2] if f == 0 else [0, 3]
    else:
        levels = [0, 1, 1, 2, 3] if f == 0 else [0, 1, 2, 3, 3]
    im.radial(c, c, r, bands, levels)
    cr = max(0.9, r * (0.35 if f == 0 else 0.45))
    im.disc(c, c, cr, core)
    if size >= 8:
        im.px(int(c - r * 0.5), int(c - r * 0.5), (255, 255, 255))
    im.outline(OUTLINE)
    return im.a


def bullet_needle(f):
    """An ice-blue needle, point down: outline, a pale blue body, a white tip. Blue, not the
    old white and yellow, so it keeps a hue against grey concrete and differs from Brass's gold
    shots."""
    im = Img(4, 12)
    b = R["blue"]
    for j in range(1, 11):
        for i in range(1, 3):
            c = b[5] if i == 1 else lift(b[4], 0.55)
            if f == 1:
                c = (235, 250, 255) if i == 1 else b[5]
            if j >= 7:
                c = (255, 255, 255) if (i == 1 or f == 1) else b[5]
            im.px(i, j, c)
    im.outline(OUTLINE)
    # pointed tip at the bottom
    im.px(0, 10, (0, 0, 0, 0))
    im.px(3, 10, (0, 0, 0, 0))
    im.px(1, 11, OUTLINE)
    im.px(2, 11, OUTLINE)
    im.a[10, 1:3, :3] = (255, 255, 255)
    return im.a


# ---------------------------------------------------------------- glyph bits for item letters
LETTERS = {
    "P": ["####.", "##.##", "##.##", "####.", "##...", "##..."],
    "B": ["####.", "##.##", "####.", "##.##", "##.##", "####."],
}


def capsule(ramp, letter, f):
    s = Scene(16, 16, origin=(8, 8))
    s.ellipsoid((0, 0, 0), (6.6, 5.6, 4), ramp, group="shell", spec=1.0)
    s.lathe(0, 0, [(-6.2, 0.0), (-5.9, 2.0), (5.9, 2.0), (6.2, 0)], R["steel"], group="band") if False else None
    s.paint(np.abs(s.X) > 4.6, R["steel"], parts=["shell"])
    img = s.render()
    rows = LETTERS[letter]
    col = (255, 255, 255) if f == 0 else R["yellow"][5]
    for pass_, (ox, oy, c) in enumerate(((6, 6, ramp[0]), (5, 5, col))):
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == "#":
                    img[oy + y, ox + x, :3] = c
    if f == 1:
        # blink: brighter rim
        a = img[..., 3] > 0
        rim = a & ~erode(a)
        img[rim, :3] = (255, 255, 255)
    return img


def coin(f):
    im = Img(12, 12)
    g = R["gold"]
    widths = [5.0, 3.6, 1.4, 3.6]
    if f < 4:
        w = widths[f]
        back = f == 3
        im.radial(6, 6, w, g, [3, 4, 4, 5] if not back else [2, 3, 3, 4], ry=5.0)
        if w > 2:
            inner = im.ell(6, 6, w * 0.62, 3.2)
            im.fill(inner & ~im.ell(6.0, 6.0, w * 0.45, 2.4), g[3] if back else g[2])
            if w > 4:
                im.px(5, 4, g[5])
                im.px(5, 5, g[5])
                im.px(6, 7, g[5])
        im.px(int(6 - w * 0.6), 3, g[5])
        im.outline(R["brown"][0])
    else:
        im.radial(6, 6, 5.0, R["white"], [3, 4, 5, 5], ry=5.0)
        im.fill(im.ell(6, 6, 2.4, 3.0), (255, 255, 255))
        if f == 5:
            for x, y in ((6, 0), (6, 11), (0, 6), (11, 6)):
                im.px(x, y, (255, 255, 240))
        im.outline(R["gold"][3])
    return im.a


# ---------------------------------------------------------------- effects
def explosion(size, nframes, seed):
    rng = np.random.default_rng(seed)
    c = size / 2.0
    nb = 5 if size <= 16 else 8 if size <= 32 else 12
    blobs = []
    for i in range(nb):
        a = rng.random() * 2 * math.pi
        d = rng.random() * 0.22 * size if i else 0
        blobs.append((c + math.cos(a) * d, c + math.sin(a) * d, (0.16 + rng.random() * 0.12) * size,
                      rng.random() * 0.3))
    nz = noise_field(size, size, seed + 1, scale=max(2.0, size / 10)) - 0.5
    nz2 = noise_field(size, size, seed + 2, scale=max(1.5, size / 16)) - 0.5
    ys, xs = np.mgrid[0:size, 0:size] + 0.5
    frames = []
    for f in range(nframes):
        t = f / (nframes - 1)
        field = np.full((size, size), -5.0)
        for (bx, by, br, dl) in blobs:
            tt = max(0.0, t - dl * 0.3)
            r = br * (0.35 + 0.9 * min(1.0, tt / 0.45) ** 0.6) * (1 + 0.15 * tt)
            by2 = by - tt * size * 0.06  # smoke rises
            d = np.sqrt((xs - bx) ** 2 + (ys - by2) ** 2) / max(r, 0.5)
            field = np.maximum(field, 1 - d)
        field = field + nz * 0.35 + nz2 * 0.2
        field = np.where(np.sqrt((xs - c) ** 2 + (ys - c) ** 2) > c - 1.5, -5.0, field)
        im = np.zeros((size, size, 4), np.uint8)
        heat = 1.0 - t * 1.25  # fire cools down
        if t < 0.55:
            # fireball: banded fire ramp, hot centre
            m = field > 0.02
            lvl = np.clip(field * 2.2 + heat * 3.2 - 0.6, 0, 5).astype(int)
            fr = R["fire"].cols
            im[m, :3] = fr[lvl[m]]
            im[m, 3] = 255
            # smoke creeping in at the rim late in the fire phase
            if t > 0.25:
                sm = m & (field < 0.12 + (t - 0.25))
                im[sm, :3] = R["smoke"].cols[2]
        else:
            # smoke: dissipating, holes grow
            k = (t - 0.55) / 0.45
            m = field > 0.05 + k * 0.35
            lvl = np.clip((field - k * 0.3) * 5 + 1.2 - k * 1.2, 0, 5).astype(int)
            im[m, :3] = R["smoke"].cols[lvl[m]]
            im[m, 3] = 255
            # embers
            e = m & (field > 0.55 - k * 0.2) & (nz2 > 0.1) & (k < 0.6)
            im[e, :3] = R["fire"].cols[2]
            # checker dither away the thin edge, then fade alpha
            thin = m & (field < 0.2 + k * 0.35) & (((xs.astype(int) + ys.astype(int)) % 2) == 0)
            im[thin, 3] = 0
            im[m & ~thin, 3] = int(255 * (1 - 0.55 * k ** 1.5))
        if t < 0.2:
            core = field > 0.55
            im[core, :3] = (255, 255, 255)
        # dark rim for readability in the fire phase
        if t < 0.55:
            a = im[..., 3] > 0
            ring = dilate(a) & ~a
            im[ring, :3] = R["fire"].cols[0]
            im[ring, 3] = 255
        frames.append(im)
    return frames


def sparkle(f):
    im = Img(8, 8)
    L = [1, 3, 2, 1][f]
    col = (255, 255, 255)
    c2 = R["cyan"][4]
    if f == 3:
        im.px(3, 3, c2)
        im.px(4, 4, c2)
        im.px(3, 4, R["cyan"][3])
        im.px(4, 3, R["cyan"][3])
        return im.a
    for i in range(-L, L + 1):
        cc = col if abs(i) < max(1, L - 1) else c2
        im.px(4 + i, 4, cc)
        im.px(4, 4 + i, cc)
        im.px(3 + i, 3, cc) if False else None
    if f == 1:
        for x, y in ((2, 2), (6, 2), (2, 6), (6, 6)):
            im.px(x, y, R["cyan"][3])
    if f == 0:
        im.px(4, 4, col)
        im.px(3, 4, c2)
        im.px(4, 3, c2)
    return im.a


def muzzle(f):
    im = Img(8, 8)
    if f == 0:
        im.poly([(4, 0), (6.5, 6), (4, 8), (1.5, 6)], R["fire"][4])
        im.poly([(4, 2), (5.5, 6), (4, 7.5), (2.5, 6)], R["fire"][5])
        im.px(4, 6, (255, 255, 255))
        im.px(3, 6, (255, 255, 255))
    else:
        im.poly([(4, 1), (7.5, 5), (4, 8), (0.5, 5)], R["fire"][3])
        im.poly([(4, 2.5), (6, 5.2), (4, 7.4), (2, 5.2)], R["fire"][5])
        im.px(3, 5, (255, 255, 255))
        im.px(4, 5, (255, 255, 255))
    return im.a


def bomb_ring():
    im = Img(64, 64)
    d = np.sqrt((im.X - 32) ** 2 + (im.Y - 32) ** 2)
    a = np.zeros((64, 64))
    cols = np.zeros((64, 64, 3))
    # soft inner haze, bright ring, thin outer edge
    haze = (d < 27) & (d > 14)
    a[haze] = 60 * ((d[haze] - 14) / 13.0)
    cols[haze] = R["cyan"][5]
    b1 = (d >= 27) & (d < 28.5)
    a[b1] = 170
    cols[b1] = R["cyan"][4]
    b2 = (d >= 28.5) & (d < 30.5)
    a[b2] = 255
    cols[b2] = (255, 255, 255)
    b3 = (d >= 30.5) & (d < 31.5)
    a[b3] = 200
    cols[b3] = R["blue"][4]
    # dither the haze into a sparse pattern for a pixel look
    ys, xs = np.mgrid[0:64, 0:64]
    dith = haze & (((xs + ys) % 2) == 1)
    a[dith] = 0
    im.a[..., :3] = cols.astype(np.uint8)
    im.a[..., 3] = a.astype(np.uint8)
    return im.a


def charge_vela(f):
    # a blazing firebird chevron
    s = Img(32, 32)
    flap = 0 if f == 0 else 2
    outer = [(16, 1), (21, 9), (31, 12 + flap), (24, 17), (20, 31), (16, 25), (12, 31), (8, 17), (1, 12 + flap),
             (11, 9)]
    s.poly(outer, R["fire"][2])
    mid = [(16, 4), (20, 11), (27, 13 + flap), (21, 16), (18, 26), (16, 22), (14, 26), (11, 16), (5, 13 + flap),
           (12, 11)]
    s.poly(mid, R["fire"][3 + f])
    s.poly([(16, 6), (19, 13), (16, 20), (13, 13)], R["fire"][5])
    s.disc(16, 12, 2.2, (255, 255, 255))
    s.outline(R["fire"][0])
    return s.a


def charge_brass(f):
    s = Scene(16, 48, origin=(8, 24))
    # a giant steam-driven drill bolt
    s.lathe(0, 0, [(-23, 0.2), (-16, 4.5), (-6, 6.2), (-4, 6.4), (-3, 4.6), (8, 4.6), (10, 3.0), (16, 3.0)],
            R["gold"], group="drill", spec=1.0)
    # spiral grooves that move between frames
    groove = np.abs(((s.Y + s.X * 0.9 + f * 3) % 6) - 3) < 0.8
    s.paint(groove & (s.Y < -4.5), R["brass"], parts=["drill"], lvl_bias=-1)
    s.paint(np.abs(s.Y - 2) < 1, R["gunmetal"], parts=["drill"])
    img = s.render()
    # steam jet trailing behind
    jet = Img(16, 48)
    for k, (y, r) in enumerate(((41, 3.2), (45, 2.6))):
        jet.disc(8 + (1 if (k + f) % 2 else -1), y, r, R["white"][4 if k == f else 3])
    jet.outline(R["white"][0])
    paste(jet.a, img, 0, 0)
    return jet.a


def charge_wren(f):
    im = Img(24, 24)
    # rune ring
    d = np.sqrt((im.X - 12) ** 2 + (im.Y - 12) ** 2)
    ang = np.arctan2(im.Y - 12, im.X - 12) + f * 0.4
    ring = (d > 8.6) & (d < 10.5)
    im.fill(ring & (np.sin(ang * 6) > -0.3), R["violet"][4])
    im.fill(ring & (np.sin(ang * 6) > 0.6), R["pink"][5])
    # star orb
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5 + f * math.pi / 5
        r = 8.0 if k % 2 == 0 else 3.8
        pts.append((12 + r * math.cos(a), 12 + r * math.sin(a)))
    im.poly(pts, R["magenta"][3])
    im.radial(12, 12, 4.5, R["pink"], [4, 5, 5])
    im.disc(12, 12, 1.8, (255, 255, 255))
    im.outline(R["violet"][0])
    return im.a


def bullet_small(f):
    return bullet(6, R["pink"], f)


def bullet_round(f):
    return bullet(8, R["cyan"], f)


def bullet_big(f):
    return bullet(14, R["magenta"], f)


def item_p(f):
    return capsule(R["red"], "P", f)


def item_b(f):
    return capsule(R["blue"], "B", f)


SPRITES = [
    *anims(2, shot_vela, shot_brass, shot_wren, charge_vela, charge_brass, charge_wren),
    *anims(2, bullet_small, bullet_round, bullet_big, bullet_needle, item_p, item_b),
    *anims(6, coin),
    ("explosion_small", lambda: explosion(16, 6, 11)),
    ("explosion_medium", lambda: explosion(32, 8, 22)),
    ("explosion_large", lambda: explosion(64, 8, 33)),
    *anims(4, sparkle),
    *anims(4, impact_brass),
    *anims(2, muzzle),
    *stills(bomb_ring),
]
