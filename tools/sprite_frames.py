"""sprite_frames: how drawing functions become named lists of atlas frames.

A stage module lists its sprites as a table of (name, make) pairs, where make() returns the
frames; gen_sprites.build() adds them to the atlas in table order (which fixes their place in
atlas.png and atlas.ron). Sprites are named after the function that draws them. Boss and
mid-boss parts get three frames from `boss_frames`: intact, damaged and destroyed.
"""
import numpy as np

from pixlib import OUTLINE, R, erode


def anims(n, *fns):
    """Sprites of n frames: frame f is fn(f)."""
    return [(fn.__name__, lambda fn=fn: [fn(f) for f in range(n)]) for fn in fns]


def stills(*fns):
    """Single-frame sprites: fn()."""
    return [(fn.__name__, lambda fn=fn: [fn()]) for fn in fns]


def boss_parts(first_seed, *fns):
    """Boss parts whose damage is seeded first_seed, first_seed + 1, ... in order."""
    return [(fn.__name__, lambda fn=fn, seed=seed: boss_frames(fn, seed)) for seed, fn in enumerate(fns, first_seed)]


def damage(img, state, seed):
    """state 0 intact, 1 damaged (darker, cracks, smoke), 2 destroyed (charred, broken, burning)."""
    if state == 0:
        return img
    rng = np.random.default_rng(seed * 7 + state)
    h, w = img.shape[:2]
    out = img.copy()
    a = out[..., 3] > 0
    outl = a & (np.abs(out[..., :3].astype(int) - np.array(OUTLINE)).sum(-1) < 6)
    rgb = out[..., :3].astype(float)
    lum = rgb.mean(-1, keepdims=True)
    if state == 1:
        rgb = rgb * 0.8 + lum * 0.08
    else:
        char = np.array([52, 40, 44], float)
        rgb = (rgb * 0.38 + lum * 0.12 + char * 0.35)
    out[..., :3] = np.clip(rgb, 0, 255).astype(np.uint8)
    out[outl, :3] = OUTLINE
    interior = erode(erode(a))
    pts = np.argwhere(interior)
    if state == 2:
        # bites out of the silhouette
        edge = np.argwhere(a & ~erode(a))
        for k in range(max(3, (w * h) // 500)):
            y, x = edge[rng.integers(len(edge))]
            r = rng.uniform(1.5, 2.5 + min(w, h) / 14)
            ys, xs = np.mgrid[0:h, 0:w]
            m = ((xs - x) ** 2 + (ys - y) ** 2) < r * r
            m &= (np.sin(xs * 1.7 + ys * 2.3) > -0.6)  # jagged
            out[m] = 0
        a = out[..., 3] > 0
        # re-outline the broken edge with dark burnt colour
        inner_edge = a & ~erode(a)
        out[inner_edge, :3] = OUTLINE
        # burn holes with glowing rims
        interior = erode(erode(a))
        pts = np.argwhere(interior)
        for k in range(max(2, (w * h) // 700)):
            y, x = pts[rng.integers(len(pts))]
            r = rng.uniform(1.0, 1.2 + min(w, h) / 26)
            ys, xs = np.mgrid[0:h, 0:w]
            d = np.sqrt((xs + 0.5 - x) ** 2 + (ys + 0.5 - y) ** 2)
            hole = (d < r) & a
            rim = (d >= r) & (d < r + 1.0) & a & ((xs - x) + (ys - y) > 0)
            out[rim, :3] = R["fire"][1]
            out[hole, :3] = (20, 12, 16)
            if k % 2:
                out[y, x, :3] = R["fire"][3]
    # cracks: short random walks, dark with a light lip
    ncr = (w * h) // (260 if state == 1 else 180)
    for k in range(max(2, ncr)):
        if len(pts) == 0:
            break
        y, x = pts[rng.integers(len(pts))]
        dx, dy = rng.choice([-1, 1]), rng.choice([-1, 1])
        for step in range(int(rng.integers(4, 9 + min(w, h) // 8))):
            if not (0 <= x < w and 0 <= y < h) or out[y, x, 3] == 0:
                break
            out[y, x, :3] = OUTLINE
            if 0 <= y - 1 < h and out[y - 1, x, 3] and step % 2 == 0:
                c = out[y - 1, x, :3].astype(int) + 40
                out[y - 1, x, :3] = np.clip(c, 0, 255)
            if rng.random() < 0.5:
                x += dx
            else:
                y += dy
            if rng.random() < 0.2:
                dx = -dx
    # smoke puffs (and fire when destroyed)
    npuff = 2 + (w * h) // 1200 + (2 if state == 2 else 0)
    for k in range(npuff):
        if len(pts) == 0:
            break
        y, x = pts[rng.integers(len(pts))]
        r = rng.uniform(1.6, 2.2 + min(w, h) / 22)
        ys, xs = np.mgrid[0:h, 0:w]
        d = np.sqrt((xs + 0.5 - x) ** 2 + (ys + 0.5 - y) ** 2)
        blob = (d < r) & (out[..., 3] > 0)
        lit = ((xs - x) + (ys - y)) < -r * 0.3
        sm = R["smoke"]
        base = 2 if state == 2 else 3
        out[blob, :3] = sm[base]
        out[blob & lit, :3] = sm[base + 1]
        out[blob & (d > r - 1), :3] = sm[base - 1]
        if state == 2 and k % 2 == 0:
            f = (d < r * 0.45) & blob
            out[f, :3] = R["fire"][4]
            out[(d < r * 0.7) & blob & ~f & ~lit, :3] = R["fire"][2]
    return out


def boss_frames(fn, seed):
    base = fn()
    return [damage(base, st, seed) for st in range(3)]
