"""bg_figures: the five pilots as small figures for the ending pictures, drawn with pixlib's
sprite renderer so they share the game sprites' light, ramps and outline.

Each pilot keeps the same colours everywhere (their ship sprite, portrait and every ending):
  Vela   orange hair, cream flight coat, red scarf, brass goggles pushed up
  Brass  gold dome head, gunmetal face plate, cyan porthole eyes, brass boiler body, a chimney
  Wren   green hair, navy cloak, violet hat with a yellow band, a white familiar with ears
  Orla   dark brown braid, yellow sou'wester, navy knit, red-and-white scarf, yellow boots; a
         brass-framed ornithopter with tan canvas wings, a red-and-white band on the tail and a
         big lens lamp at the nose
  Rook   bald with white side tufts, a white walrus moustache and brows, brass goggles on his
         brow, olive overalls;
         a white enamel bathtub gyrocopter on claw feet, with two rust-red pods on arms

Figures face right and stand on their feet at the bottom centre of the returned RGBA array;
`flip=True` mirrors them to face left. Craft are side-on and face left unless flipped.
"""
import math

import numpy as np

from pixlib import OUTLINE, R, Scene

# ---------------------------------------------------------------- people

PEOPLE = {
    "vela": dict(coat=R["cream"], legs=R["brown"], boots=R["char"], hair=R["hair_o"]),
    "wren": dict(coat=R["navy"], legs=R["navy"], boots=R["char"], hair=R["green"]),
    "orla": dict(coat=R["navy"], legs=R["slate"], boots=R["yellow"], hair=R["hair_b"]),
    "rook": dict(coat=R["olive"], legs=R["olive"], boots=R["char"], hair=R["white"]),
}

# arm end points (hand x, y relative to the shoulder) for each pose, near arm then far arm
POSES = {
    "stand": ((1.0, 8.0), (-1.0, 8.0)),
    "wave": ((6.0, -7.0), (-1.0, 8.0)),
    "reach": ((7.5, 1.5), (6.0, 3.0)),
    "hold": ((5.5, 3.5), (4.5, 4.5)),
    "cheer": ((3.5, -8.5), (-3.0, -8.0)),
    "hips": ((3.5, 5.0), (-3.5, 5.0)),
}


def _limb(s, x0, y0, x1, y1, z, r, ramp, group):
    """a round limb as a row of overlapping ellipsoids from (x0, y0) to (x1, y1)."""
    n = max(2, int(math.hypot(x1 - x0, y1 - y0) / 1.2) + 1)
    for i in range(n):
        t = i / (n - 1)
        s.ellipsoid((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, z), (r, r, r), ramp, group=group, spec=0)


def person(who, pose="stand", flip=False, sit=False):
    """one of the four human pilots standing (or sitting, legs forward) in a pose from POSES;
    about 26 px tall, feet at the bottom centre of a 32x36 array."""
    p = PEOPLE[who]
    s = Scene(32, 36, origin=(16, 34))
    rook = who == "rook"
    lean = 1.2 if rook else 0.0  # Rook stoops
    hy = -23.5 if not sit else -18.5
    ty = -14 if not sit else -9
    if sit:
        for z, g in ((-1.5, "legf"), (1.5, "legn")):
            _limb(s, 0, -4, 7, -3.5, z, 1.7, p["legs"], g)
            _limb(s, 7, -3.5, 8, 0, z, 1.6, p["legs"], g)
            s.ellipsoid((9, -0.5, z + 0.5), (2.2, 1.1, 1.5), p["boots"], group=g + "b")
    else:
        for x, z, g in ((-1.6, -1, "legf"), (1.6, 1, "legn")):
            s.ellipsoid((x, -4.5, z), (1.7, 4.6, 1.6), p["legs"], group=g)
            s.ellipsoid((x + 0.8, -0.8, z + 0.5), (2.3, 1.2, 1.6), p["boots"], group=g + "b")
    # the far arm goes behind the body
    sh = (0.5 + lean, ty - 3.5)
    hx, hy_ = POSES[pose][1]
    _limb(s, sh[0] - 1, sh[1], sh[0] - 1 + hx, sh[1] + hy_, -3, 1.3, p["coat"], "armf")
    s.ellipsoid((sh[0] - 1 + hx, sh[1] + hy_ + 0.5, -3), (1.3, 1.3, 1.2), R["skin"], group="handf")
    # body
    if who == "wren":  # a cloak to the ankles
        s.lathe(0, 0, [(ty - 5, 3.0), (ty, 4.2), (ty + 6, 5.0), (-1.5, 5.6)], p["coat"], group="body")
    elif rook:
        s.ellipsoid((lean, ty, 0), (5.2, 6.0, 4), p["coat"], group="body")
        s.paint(s.mask_ellipse(lean + 1.5, ty - 0.5, 1.6, 1.4, z=4), R["olive"], parts=["body"], lvl_bias=-1)
        s.box(lean - 3, ty - 6.5, lean - 2, ty - 1, 4, R["olive"], group="strap", bevel=0)
        s.box(lean + 2, ty - 6.5, lean + 3, ty - 1, 4, R["olive"], group="strap", bevel=0)
    else:
        s.ellipsoid((0, ty, 0), (4.3, 6.0, 3.4), p["coat"], group="body")
        s.ellipsoid((0, ty + 5, 0), (4.6, 2.4, 3.4), p["coat"], group="body")
    if who == "orla":  # the red-and-white scarf, striped like the lighthouse
        s.ellipsoid((0.5, ty - 5.5, 1.5), (3.6, 1.7, 2.4), R["red"], group="scarf")
        s.paint((s.X.astype(int) % 2 == 0), R["white"], parts=["scarf"])
    if who == "vela":  # the red scarf, its end blowing back
        s.ellipsoid((0.5, ty - 5.5, 1.5), (3.4, 1.6, 2.4), R["red"], group="scarf")
        _limb(s, -2.5, ty - 5, -6.5, ty - 6.5, 1, 1.0, R["red"], "scarf")
    if who == "wren":
        s.ellipsoid((0.5, ty - 5.2, 2.5), (1.3, 1.0, 1), R["yellow"], group="clasp")
    # head
    hx0 = 0.8 + lean * 1.5
    s.ellipsoid((hx0, hy, 1), (3.5, 3.7, 3.0), R["skin"], group="face", bias=0.06)
    if who == "vela":
        for cx, cy, rx, ry in ((-1.2, hy - 1.6, 3.6, 2.8), (1.8, hy - 2.6, 2.6, 1.8), (-2.6, hy + 0.8, 1.8, 2.8)):
            s.ellipsoid((hx0 + cx, cy, 1.6), (rx, ry, 2.6), p["hair"], group="hair")
        s.ellipsoid((hx0 + 0.2, hy - 3.6, 3.2), (2.2, 1.0, 1.0), R["brass"], group="gog")
        s.ellipsoid((hx0 + 1.3, hy - 3.7, 3.8), (0.9, 0.8, 0.5), R["glass"], group="lens", spec=1.2)
    elif who == "wren":
        s.ellipsoid((hx0 - 1.4, hy - 0.6, 0.5), (3.2, 3.8, 2.6), p["hair"], group="hair")
        s.ellipsoid((hx0 - 2.6, hy + 2.4, 0), (1.8, 3.0, 1.6), p["hair"], group="hair")
        s.ellipsoid((hx0, hy - 3.2, 4), (6.5, 1.2, 1), R["violet"], group="brim", spec=0)
        s.slab([(hx0 - 3.5, hy - 3.5), (hx0 + 3.2, hy - 3.5), (hx0 + 1.5, hy - 8), (hx0 - 2.5, hy - 11.5),
                (hx0 - 3.5, hy - 10)], 4.5, R["violet"], group="cone", bevel=1.0)
        s.paint(np.abs(s.Y - (hy - 4.4)) < 0.6, R["yellow"], parts=["cone"], lvl_bias=-1)
    elif who == "orla":
        s.ellipsoid((hx0 - 1.0, hy - 1.4, 1.4), (3.5, 3.0, 2.6), p["hair"], group="hair")
        # the yellow sou'wester: a crown and a wide brim, lower at the back
        s.ellipsoid((hx0 - 0.4, hy - 3.6, 1.2), (3.4, 2.5, 2.6), R["yellow"], group="crown")
        s.slab([(hx0 - 5.5, hy - 1.2), (hx0 - 3, hy - 2.6), (hx0 + 3.5, hy - 2.8), (hx0 + 5.2, hy - 2.2),
                (hx0 + 3.5, hy - 1.6), (hx0 - 3, hy - 1.4)], 3.6, R["yellow"], group="brim", bevel=0.8)
        # the long braid down her back, tied with a red ribbon
        _limb(s, hx0 - 3.2, hy + 0.5, hx0 - 4.5, hy + 8.5, -0.5, 1.1, p["hair"], "braid")
        s.ellipsoid((hx0 - 4.6, hy + 9.2, 0), (1.0, 0.8, 1), R["red"], group="ribbon", spec=0)
    elif rook:
        s.ellipsoid((hx0 - 2.8, hy + 0.4, 1.2), (1.4, 2.0, 1.4), p["hair"], group="hair")  # a white side tuft
        s.lathe(hx0, 1.2, [(hy - 3.0, 3.2), (hy - 2.2, 3.6)], R["char"], group="strap")
        s.ellipsoid((hx0 + 1.6, hy - 2.7, 3.6), (1.7, 1.4, 1.0), R["brass"], group="gog")
        s.ellipsoid((hx0 + 1.9, hy - 2.8, 4.4), (0.9, 0.8, 0.5), R["glass"], group="lens", spec=1.2)
        # the walrus moustache and a bushy brow: the grumpy part
        s.ellipsoid((hx0 + 2.0, hy + 1.6, 3.6), (2.6, 1.2, 1.0), p["hair"], group="tache", spec=0)
        s.ellipsoid((hx0 + 2.2, hy - 0.9, 3.9), (1.5, 0.6, 0.6), p["hair"], group="brow", spec=0)
    # the near arm in front
    hx, hy_ = POSES[pose][0]
    _limb(s, sh[0] + 1, sh[1], sh[0] + 1 + hx, sh[1] + hy_, 3.5, 1.35, p["coat"], "armn")
    s.ellipsoid((sh[0] + 1 + hx, sh[1] + hy_ + 0.5, 3.8), (1.3, 1.3, 1.2), R["skin"], group="handn")
    img = s.render()
    # the eye, pixel-placed like the sprites' faces
    ex = int(16 + hx0 + 1.8)
    ey = int(34 + hy - (0.2 if rook else 0.4))
    img[ey, ex, :3] = OUTLINE
    if who != "rook":
        img[ey + 2, ex, :3] = R["pink"][4]
    return img[:, ::-1] if flip else img


def hand_pos(pose, sit=False, who="vela", near=True):
    """where a person()'s hand ends up in its 32x36 array (to hang props on it)."""
    lean = 1.2 if who == "rook" else 0.0
    ty = -14 if not sit else -9
    hx, hy = POSES[pose][0 if near else 1]
    return 16 + 0.5 + lean + (1 if near else -1) + hx, 34 + ty - 3.5 + hy + 0.5


def brass_robot(pose="stand", flip=False):
    """Brass on his own feet: dome head with porthole eyes, boiler barrel body, pipe legs, a
    chimney on the head puffing steam; about 34 px tall in a 36x42 array, facing right."""
    s = Scene(36, 42, origin=(18, 40))
    for x, z, g in ((-3, -1.5, "legf"), (3, 1.5, "legn")):
        s.lathe(x, z, [(-10, 1.6), (-3, 1.6)], R["gunmetal"], group=g)
        s.ellipsoid((x + 1, -1.5, z + 0.5), (3.2, 1.6, 2.2), R["brass"], group=g + "f")
    hx, hy = POSES[pose][1]
    _limb(s, -1, -20, -1 + hx * 1.2, -20 + hy * 1.2, -4, 1.6, R["brass"], "armf")
    s.ellipsoid((-1 + hx * 1.2, -19.5 + hy * 1.2, -4), (2.0, 2.0, 1.6), R["gold"], group="handf")
    s.ellipsoid((0, -15, 0), (7.0, 7.5, 5.5), R["brass"], group="body")
    s.paint(np.abs(s.Y + 15) < 0.7, R["gold"], parts=["body"], lvl_bias=1)
    for k in range(5):
        s.px(-5 + k * 2.6, -13.4, R["gold"][5], z=6)
    s.paint(s.mask_ellipse(1.5, -10.5, 2.2, 1.8, z=5), R["gunmetal"], parts=["body"])
    s.glow(1.5, -10.5, 1.5, 1.2, R["fire"], z=8, levels=[2, 3, 4])
    s.lathe(-3.5, -1, [(-36.5, 1.1), (-30, 0.9)], R["gunmetal"], group="chim")
    s.ellipsoid((0, -28, 1), (6.2, 6.0, 5), R["gold"], group="head")
    s.ellipsoid((2.4, -27, 4.2), (3.8, 3.4, 1.6), R["gunmetal"], group="plate")
    s.glow(3.8, -28, 1.1, 1.1, R["cyan"], z=9, levels=[3, 5])
    s.glow(1.2, -28, 1.0, 1.0, R["cyan"], z=9, levels=[3, 5])
    s.box(0.5, -25.6, 5, -25, 6, R["brass"], group="grill", bevel=0)
    for x, y, r in ((-3.5, -38.5, 1.3), (-1.6, -40.0, 1.0)):
        s.ellipsoid((x, y, 2), (r, r, r), R["white"], group="steam", spec=0, bias=0.1)
    s.ellipsoid((-5.6, -13, -1), (2.2, 2.0, 2), R["gold"], group="shf")
    hx, hy = POSES[pose][0]
    _limb(s, 4.5, -20, 4.5 + hx * 1.2, -20 + hy * 1.2, 5, 1.7, R["brass"], "armn")
    s.ellipsoid((4.5 + hx * 1.2, -19.5 + hy * 1.2, 5.5), (2.1, 2.1, 1.7), R["gold"], group="handn")
    s.ellipsoid((4.5, -20, 5), (2.4, 2.2, 2), R["gold"], group="shn")
    img = s.render()
    return img[:, ::-1] if flip else img


def familiar(flip=False):
    """Wren's familiar: a little white spirit with long ears and pink cheeks (11x12, facing right)."""
    s = Scene(13, 13, origin=(6.5, 8))
    s.ellipsoid((0, 0, 0), (3.2, 3.0, 2.6), R["white"], group="fam")
    s.ellipsoid((-1.6, -3.2, 0), (0.8, 1.5, 0.6), R["white"], group="fam")
    s.ellipsoid((1.4, -3.3, 0), (0.8, 1.5, 0.6), R["white"], group="fam")
    s.ellipsoid((-2.6, 2.4, -1), (1.2, 0.8, 0.8), R["white"], group="tail")
    s.px(1.0, -0.4, R["violet"][0], z=5)
    s.px(2.4, 0.8, R["pink"][4], z=5)
    img = s.render()
    return img[:, ::-1] if flip else img


# ---------------------------------------------------------------- the new pilots' craft
def orla_ornithopter(flip=False, wings_up=True, lamp_on=True, pilot=True):
    """Orla's ornithopter flying left: a brass boat-frame with ribs, two red-striped canvas wings
    (raised or lowered mid-beat), a fan tail, and the big lens lamp at the nose; Orla in her
    yellow oilskin at the tiller, her braid flying back. 84x56."""
    s = Scene(84, 56, origin=(42, 30))

    def wing(z, up, group, bias):
        root_y = -2
        tip = (18, -26) if up else (16, 20)
        r0 = 4 if up else -6
        pts = [(r0, root_y), (r0 + 14, root_y)]
        n = 7
        for i in range(n + 1):  # the trailing edge scalloped between ribs
            t = i / n
            x = r0 + 14 + (tip[0] + 8 - r0 - 14) * t
            y = root_y + (tip[1] - root_y) * t
            pts.append((x + (1.2 if i % 2 else 0), y))
        pts += [(tip[0] - 2, tip[1] + (1 if up else -1)), (r0 + 3, root_y + (tip[1] - root_y) * 0.5), (r0, root_y)]
        s.slab(pts, z, R["khaki"], group=group, thick=1.0, edge_ramp=R["brown"], bias=bias + 0.08)
        X, Y = s.X, s.Y
        for k in range(4):  # brass ribs fanning out from the root
            a = k / 3.0
            ex, ey = r0 + (tip[0] + 6 - r0) * (0.35 + a * 0.65), tip[1] * (1.0 - a * 0.3) + root_y * a * 0.3
            d = np.abs((X - r0 - 6) * (ey - root_y) - (Y - root_y) * (ex - r0 - 6)) / math.hypot(ex - r0 - 6,
                                                                                               ey - root_y)
            s.paint(d < 0.5, R["brass"], parts=[group], lvl_bias=0)

    wing(-5, wings_up, "far", -0.12)
    # fan tail
    s.slab([(18, 0), (32, -7), (34, -2), (34, 3), (32, 7), (18, 2)], -1, R["khaki"], group="tail", thick=1,
           edge_ramp=R["brown"], bias=0.08)
    band = (s.X > 25) & (s.X < 33)
    s.paint(band, R["white"], parts=["tail"])
    s.paint(band & ((s.X.astype(int) // 2) % 2 == 0), R["red"], parts=["tail"])
    # the hull: a brass keel with ribs showing
    s.ellipsoid((-2, 3, 0), (18, 5.5, 5), R["brass"], group="hull")
    s.ellipsoid((16, 1.5, 0), (8, 2.4, 2.4), R["brass"], group="hull")
    for k in range(6):
        s.paint(np.abs(s.X - (-14 + k * 5)) < 0.5, R["brown"], parts=["hull"], lvl_bias=0)
    s.paint(np.abs(s.Y - 2.0) < 0.6, R["gold"], parts=["hull"], lvl_bias=1)
    if pilot:  # Orla at the tiller
        s.ellipsoid((1, -4.5, 1.5), (3.6, 4, 2.6), R["navy"], group="coat")
        s.ellipsoid((0.5, -7.6, 2.6), (3.2, 1.4, 2.2), R["red"], group="scarf")
        s.paint((s.X.astype(int) % 2 == 0), R["white"], parts=["scarf"])
        s.ellipsoid((0, -10.5, 1.5), (3.3, 3.4, 2.8), R["skin"], group="face", bias=0.06)
        s.ellipsoid((1.4, -11.2, 1.8), (3.2, 2.6, 2.6), R["hair_b"], group="hair")
        s.ellipsoid((0.8, -13.6, 2.0), (3.4, 2.4, 2.6), R["yellow"], group="crown")
        s.slab([(-5, -12.4), (-2, -13.6), (5, -13.4), (7.5, -11.4), (4, -12.2), (-2, -12.0)], 4.2, R["yellow"],
               group="brim", bevel=0.8)
        for i in range(7):
            t = i / 6.0
            s.ellipsoid((3.5 + t * 9, -9.5 - t * 1.5 + math.sin(t * 6) * 1.0, 0.5), (1.1, 1.0, 0.8), R["hair_b"],
                        group="braid", spec=0)
        s.ellipsoid((13.2, -10.3, 0.5), (1.0, 0.8, 0.8), R["red"], group="ribbon", spec=0)
        s.ellipsoid((-3, -4.5, 3.5), (2.6, 1.2, 1), R["navy"], group="arm")
    # the lens lamp at the nose: a brass drum with a big round lens
    s.lathe(-21, 0, [(-7, 5.6), (-6, 6.2), (5, 6.2), (6, 5.6)], R["brass"], group="drum")
    s.paint(np.abs(s.X + 19) < 0.6, R["gold"], parts=["drum"], lvl_bias=1)
    s.ellipsoid((-26, -0.5, 1), (3.0, 6.6, 6.6), R["brass"], group="bezel")
    s.ellipsoid((-27.2, -0.5, 2), (2.2, 5.4, 5.4), R["glass"], group="lens", spec=1.4)
    if lamp_on:
        s.glow(-27.6, -0.5, 2.0, 5.0, R["yellow"], z=20, levels=[2, 3, 4, 5])
        s.glow(-28.0, -0.5, 0.8, 2.2, R["white"], z=21, levels=[5])
    wing(7, wings_up, "near", 0.0)
    img = s.render()
    if pilot:
        ex, ey = 42 - 2, 30 - 11  # Orla's eye and cheek
        img[ey, ex, :3] = OUTLINE
        img[ey + 2, ex - 1, :3] = R["pink"][4]
    return img[:, ::-1] if flip else img


def rook_gyro(flip=False, rotor=True, pilot=True):
    """Rook's bathtub gyrocopter flying left: a white enamel tub on brass claw feet, a rotor mast
    with long blades, a pusher propeller at the back and a rust-red pod on an arm each side; Rook
    sitting in the tub with his goggles down and his moustache in the wind. 96x60."""
    s = Scene(96, 60, origin=(48, 36))
    # far pod on its arm, behind the tub
    s.box(5, -4, 7, 10, -6, R["gunmetal"], group="armf", bevel=0)
    s.ellipsoid((2, 10.5, -9), (8, 2.6, 2.6), R["rust"], group="podf", bias=-0.1)
    s.ellipsoid((-6, 10.5, -9), (1.4, 1.8, 1.8), R["gunmetal"], group="podf_n")
    # rotor mast and a blurred disc of blades
    s.lathe(3, -1, [(-20, 0.9), (-6, 1.0)], R["gunmetal"], group="mast")
    s.ellipsoid((3, -20.5, 0), (2.0, 1.2, 2.0), R["brass"], group="hub")
    if rotor:
        s.ellipsoid((3, -21.5, -0.5), (36, 1.0, 6), R["steel"], group="blade", spec=0, bias=-0.1)
        s.paint(np.abs(s.X - 3) > 20, R["slate"], parts=["blade"], lvl_bias=0)
    # pusher prop at the back
    s.lathe(22, 0, [(0, 1.5), (3, 1.5)], R["gunmetal"], group="shaft")
    s.ellipsoid((24, 1.5, 0), (2.5, 2.5, 2.5), R["gunmetal"], group="engine")
    s.ellipsoid((27, 1.5, 1), (0.9, 8, 2), R["steel"], group="prop", spec=0)
    # the tub, with a rolled rim, and Rook in it
    if pilot:
        s.ellipsoid((-2, -2.5, -1), (4.6, 5.0, 3.2), R["olive"], group="rook")
        s.ellipsoid((-3.5, -9.5, 0.5), (3.5, 3.6, 3.0), R["skin"], group="face", bias=0.06)
        s.ellipsoid((-0.6, -9.0, 0.8), (1.3, 1.8, 1.3), R["white"], group="tuft")
        s.lathe(-3.5, 0.5, [(-12.6, 3.3), (-11.8, 3.6)], R["char"], group="gstrap")
        s.ellipsoid((-6.0, -12.2, 2.6), (1.8, 1.5, 1.0), R["brass"], group="gog")
        s.ellipsoid((-6.4, -12.2, 3.4), (1.0, 0.9, 0.5), R["glass"], group="lens", spec=1.2)
        s.ellipsoid((-6.4, -8.0, 3.0), (2.8, 1.2, 1.0), R["white"], group="tache", spec=0)
        s.ellipsoid((-6.8, -6.6, 3.4), (1.4, 0.9, 0.8), R["white"], group="tache", spec=0)
    tub = [(-20, -2), (18, -2), (17, 4), (13, 8), (-15, 8), (-19, 4)]
    s.slab(tub, 3, R["white"], group="tub", thick=2, edge_ramp=R["steel"], bevel=1.2)
    s.paint(np.abs(s.Y + 1.0) < 0.8, R["white"], parts=["tub"], lvl_bias=1)
    s.ellipsoid((-19, -2, 3), (2.0, 1.4, 1.4), R["white"], group="rim")
    s.ellipsoid((17.5, -2, 3), (1.6, 1.3, 1.3), R["white"], group="rim")
    s.ellipsoid((12, -3.6, 2), (1.0, 1.8, 1.0), R["brass"], group="tap")  # the bath tap
    s.ellipsoid((13.2, -4.8, 2.5), (1.5, 0.6, 0.6), R["brass"], group="tap")
    for x in (-12, 10):  # claw feet
        s.ellipsoid((x, 9, 4), (2.2, 1.6, 1.4), R["brass"], group="foot%d" % x)
        s.ellipsoid((x - 1.8, 10, 4.6), (1.0, 0.7, 0.8), R["brass"], group="foot%d" % x)
    # near pod on its arm, in front of the tub
    s.box(1, 4, 3.4, 11, 6, R["gunmetal"], group="armn", bevel=0)
    s.ellipsoid((-2, 12.5, 10), (8.5, 2.8, 2.8), R["rust"], group="podn")
    s.paint(np.abs(s.X + 2) < 0.6, R["brass"], parts=["podn"], lvl_bias=0)
    s.ellipsoid((-10.5, 12.5, 10), (1.5, 2.0, 2.0), R["gunmetal"], group="podn_n")
    s.glow(-11.2, 12.5, 0.9, 1.1, R["yellow"], z=15, levels=[3, 5])
    img = s.render()
    return img[:, ::-1] if flip else img
