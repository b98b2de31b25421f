"""Sprites of the fourth and fifth pilots: their ships, Rook's side pod, portraits, shots and
charge shots. Drawn with the same Scene renderer, ramps and outline as the first three
(sprites_players.py), so they sit beside them on the select screen.

- **Orla**, the lighthouse keeper's daughter: a lamp-driven ornithopter with a brass frame,
  canvas wings that flap and a big lens lamp at the nose. Yellow sou'wester, navy knit, a
  red-and-white lighthouse band on the tail. Main shot: a thin piercing lamp-laser (a beam that
  passes through enemies); charge: a wide lens-flare beam.
- **Rook**, a grumpy old mechanic in a bathtub gyrocopter: white enamel tub on claw feet, a
  gyro rotor above, a pusher propeller behind and two side pods on arms that lock to the angle
  they hold while fire is held. The pods fire rivets; charge: the pods fire a spread of bolts.

Frame contracts (see assets/README.md):
- `ship_orla`, `ship_rook`: 10 frames. 0-4 bank hard-left .. hard-right like every `ship_*`;
  5-9 are the same banks in the second animation phase (Orla's wings down, Rook's rotor a
  quarter turn on). A renderer that knows only 5 frames can keep using 0-4.
- `pod_rook`: 2 frames (idle, firing), pointing up, pivot at the sprite centre; the renderer
  rotates it to the pod's locked angle and draws it at (+-13, +3) from the ship.
"""
import math

import numpy as np

from pixlib import OUTLINE, R, Img, Ramp, Scene
from sprite_parts import overlay, prop_blur, rotor_blade
from sprites_players import BANK, blush, draw_pattern, finish_portrait, portrait_panel

# Orla's lamp light: warm white to amber, the colour of her beam.
LAMP = Ramp(["#6a3a10", "#c87a18", "#f4b42c", "#ffe070", "#fff4b8", "#ffffff"])
# Rook's tub enamel: a cool white with a hint of green, darker than the `white` ramp.
ENAMEL = Ramp(["#2c3a3e", "#55676a", "#8a9c9a", "#b8c8c2", "#dce8e0", "#f6fbf4"])


# ====================================================================== ships
def _orla(roll, down):
    s = Scene(24, 28, origin=(12, 14), roll=roll)
    # canvas wings: full span when level, shorter and swept back when beating down
    span, sweep = (8.0, 2.4) if down else (11.2, 0.0)
    for side in (-1, 1):
        # a bird's wing: a curved brass leading edge, canvas scalloped between the ribs behind it
        ribs = [0.42, 0.72, 1.0]
        wing = [(1.5 * side, -4.6), (span * 0.5 * side, -5.8 + sweep * 0.4), (span * side, -3.8 + sweep)]
        for k in reversed(range(3)):
            x = span * ribs[k] * side
            y = 2.8 + sweep * ribs[k] - k * 1.4
            wing += [(x, y), (x - (span * 0.15) * side, y - 1.2)]
        wing += [(1.5 * side, 3.4)]
        s.slab(wing, 0.8, R["cream"], group="wing%d" % side, thick=0.8, edge_ramp=R["khaki"], bevel=0.5)
        s.paint_poly([(1.5 * side, -4.7), (span * 0.5 * side, -5.9 + sweep * 0.4), (span * side, -3.9 + sweep),
                      (span * side, -2.6 + sweep), (span * 0.5 * side, -4.5 + sweep * 0.4), (1.5 * side, -3.3)],
                     R["brass"], z=0.8, parts=["wing%d" % side], lvl_bias=-1)
        for k in ribs[:2]:
            x = span * k * side
            s.paint_poly([(x - 0.45, -5), (x + 0.45, -5), (x + 0.45, 4 + sweep), (x - 0.45, 4 + sweep)], R["brown"],
                         z=0.8, parts=["wing%d" % side], lvl_bias=0)
        # tail vanes
        s.slab([(0.8 * side, 7.0), (4.0 * side, 9.6), (3.6 * side, 11.4), (0.8 * side, 10.6)], 0.8, R["cream"],
               group="tail%d" % side, thick=0.8, edge_ramp=R["khaki"])
    # brass frame: a slim fuselage with a red-and-white band near the tail
    s.lathe(0, 1.4, [(-9.0, 1.4), (-7, 2.3), (-2, 2.5), (4, 2.1), (9, 1.2), (12.4, 0.6)], R["brass"], group="body")
    band = (s.Y > 5.5) & (s.Y < 9.5)
    s.paint(band & (((s.Y + 20) // 1.3 % 2) == 0), R["red"], parts=["body"])
    s.paint(band & (((s.Y + 20) // 1.3 % 2) == 1), R["white"], parts=["body"])
    # pilot: navy knit, yellow sou'wester with a wide brim (its back flap trails behind)
    s.ellipsoid((0, 2.6, 3.2), (1.9, 2.4, 1.5), R["navy"], group="rider")
    s.ellipsoid((0, 0.0, 4.4), (2.5, 2.4, 0.6), R["yellow"], group="brim", spec=0)
    s.ellipsoid((0, 1.6, 4.0), (1.7, 1.4, 0.5), R["yellow"], group="brim", spec=0)
    s.ellipsoid((0, -0.2, 5.0), (1.5, 1.5, 1.0), R["yellow"], group="crown")
    # the lens lamp: a brass housing around a big glowing lens at the nose
    s.ellipsoid((0, -9.6, 2.4), (3.6, 3.3, 2.2), R["brass"], group="lamp")
    s.glow(0, -10.0, 2.0, 1.9, LAMP, z=5, levels=[3, 4, 5])
    s.px(-0.6, -10.6, (255, 255, 255), z=6)
    img = s.render()

    def spark(im):
        # a bright pixel of light at the very tip of the lens
        im.px(11 + round(roll / 19 * 0.5), 1, LAMP[4])
        im.px(12 + round(roll / 19 * 0.5), 1, LAMP[5])
    return overlay(img, spark)


def ship_orla():
    return [_orla(r, False) for r in BANK] + [_orla(r, True) for r in BANK]


def _rook(roll, phase):
    s = Scene(24, 28, origin=(12, 14), roll=roll)
    # pod arms: gunmetal struts out to the flanks, a joint at each end (the pods are drawn there)
    for side in (-1, 1):
        s.slab([(5 * side, 1.6), (10.8 * side, 2.2), (10.8 * side, 3.8), (5 * side, 4.4)], 1.5, R["gunmetal"],
               group="arm%d" % side, thick=1.0, bevel=0.5)
        s.ellipsoid((10.6 * side, 3.0, 2.2), (1.4, 1.4, 1.2), R["brass"], group="joint%d" % side)
    # claw feet peeking out under the tub
    for sx in (-1, 1):
        for sy in (-1, 1):
            s.ellipsoid((5.9 * sx, 6.6 * sy + 1.4, 0.2), (1.3, 1.4, 0.8), R["brass"], group="foot")
    # the bathtub: a rolled enamel rim round a deep inside (its painted rust skirt shows in a bank)
    def oval(rx, ry, cy, n=28):
        return [(rx * math.copysign(abs(math.cos(t)) ** 0.8, math.cos(t)),
                 cy + ry * math.copysign(abs(math.sin(t)) ** 0.8, math.sin(t))) for t in
                (2 * math.pi * k / n for k in range(n))]
    s.slab(oval(6.6, 9.8, 1.0), 3.2, ENAMEL, group="tub", thick=3.0, edge_ramp=R["rust"], bevel=2.2)
    s.slab(oval(4.7, 7.8, 1.4), 3.3, R["slate"], group="inside", bevel=0.0, bias=-0.2, spec=0)
    s.paint(s.Y > 6.0, R["slate"], parts=["inside"], lvl_bias=-1)
    # taps at the foot end (the nose): hot and cold
    s.ellipsoid((0, -7.4, 4.2), (1.7, 1.0, 0.8), R["brass"], group="taps")
    s.px(-1.8, -7.4, R["red"][4], z=5.2)
    s.px(1.8, -7.4, R["cyan"][4], z=5.2)
    # Rook: olive overalls, bald head with white tufts, goggles on his brow
    s.ellipsoid((0, 3.0, 4.6), (3.3, 3.2, 1.8), R["olive"], group="rider", bias=0.12)
    for side in (-1, 1):
        s.ellipsoid((3.0 * side, 1.4, 5.0), (1.0, 1.6, 0.8), R["khaki"], group="arm%d" % side)
    s.ellipsoid((0, -0.4, 6.6), (2.4, 2.4, 1.6), R["skin"], group="head")
    for side in (-1, 1):
        s.ellipsoid((2.0 * side, 0.6, 6.2), (0.9, 1.1, 0.8), R["white"], group="tuft%d" % side, spec=0)
    s.paint(s.mask_ellipse(0, -1.4, 2.2, 0.55, z=7.8), R["gunmetal"], parts=["head"], lvl_bias=1)
    # the gyro rotor mast behind him, and the pusher prop's hub at the tail
    s.ellipsoid((0, 6.5, 5.6), (1.2, 1.2, 1.0), R["gunmetal"], group="mast")
    s.ellipsoid((0, 11.6, 2.4), (1.6, 1.3, 1.1), R["brass"], group="hub")
    img = s.render()

    def blades(im):
        # a two-blade gyro rotor on the mast behind his back, a turn of 50 degrees between phases
        cx, cy = 11.5 + roll / 19 * 0.6, 20.5
        rotor_blade(im, cx, cy, 11, math.radians(-20 + 50 * phase), R["steel"][4], R["steel"][2])
        im.px(cx, cy, R["brass"][5])
        prop_blur(im, cx, 26, phase, R["steel"], span=3)
    return overlay(img, blades)


def ship_rook():
    return [_rook(r, 0) for r in BANK] + [_rook(r, 1) for r in BANK]


def pod_rook(f):
    """A side pod: a riveted gunmetal drum with a brass rivet gun, pointing up."""
    s = Scene(12, 14, origin=(6, 7.5))
    s.lathe(0, 2.5, [(-6.5, 0.9), (-5, 1.1), (-1, 1.1)], R["brass"], group="barrel")
    s.ellipsoid((0, 1.5, 1.5), (4.6, 4.6, 3.0), R["gunmetal"], group="drum")
    s.paint(np.abs(s.Y - 1.5) < 0.5, R["rust"], parts=["drum"], lvl_bias=0)
    s.ellipsoid((0, 1.2, 4.0), (1.8, 1.8, 0.8), R["brass"], group="cap")
    for a in range(4):
        t = math.pi / 4 + a * math.pi / 2
        s.px(3.2 * math.cos(t), 1.5 + 3.2 * math.sin(t), R["steel"][5], z=4)
    if f == 1:
        s.glow(0, -6.4, 1.4, 1.0, R["fire"], z=9, levels=[4, 5])
    return s.render()


# ====================================================================== portraits
def portrait_orla():
    s = Scene(48, 48, origin=(0, 0))
    # navy fisherman's knit with a red-and-white scarf
    s.ellipsoid((24, 53, 0), (20, 14, 8), R["navy"], group="knit")
    s.paint(((s.X + s.Y * 0.0) % 3 < 1) & (s.Y > 41), R["navy"], parts=["knit"], lvl_bias=-1)
    s.ellipsoid((24, 40.5, 6), (10, 4.0, 4), R["red"], group="scarf")
    s.paint(((s.X + 40) // 3 % 2) == 0, R["white"], parts=["scarf"])
    # dark braid over the right shoulder
    for k, (x, y) in enumerate(((35, 33), (36.5, 37), (37.5, 41), (38, 45))):
        s.ellipsoid((x, y, 10 - k), (2.4, 2.3, 2), R["hair_b"], group="braid%d" % (k % 2))
    s.ellipsoid((24, 25, -4), (12.5, 12, 8), R["hair_b"], group="hairback")
    s.ellipsoid((24, 26, 4), (10, 10.5, 8), R["skin"], group="face", bias=0.08)
    s.ellipsoid((13.5, 27, 2), (2, 3, 2), R["skin"], group="ear")
    s.ellipsoid((34.5, 27, 2), (2, 3, 2), R["skin"], group="ear")
    for cx, cy, rx, ry in ((17, 19, 5, 4.5), (23, 18, 5, 4), (30, 18.5, 5.5, 4.5), (15, 22, 2.5, 4.5)):
        s.ellipsoid((cx, cy, 10), (rx, ry, 4), R["hair_b"], group="bangs")
    # the yellow sou'wester: a wide brim, lower at the back, and a round crown
    for side in (-1, 1):
        # the brim sloping down over the ears, the way a sou'wester keeps the rain off the neck
        s.ellipsoid((24 + 11.5 * side, 20.5, 6), (5.5, 7.5, 3), R["yellow"], group="flap%d" % side, bias=-0.08)
    s.ellipsoid((24, 15.0, 13), (17.5, 4.6, 2), R["yellow"], group="brim")
    s.ellipsoid((24, 9.5, 12), (10.5, 8.0, 6), R["yellow"], group="crown")
    s.paint(np.abs(s.Y - 13.4) < 0.6, R["orange"], parts=["crown"], lvl_bias=0)
    # a little brass lamp pin on the hat band
    s.glow(31, 13.2, 1.6, 1.6, LAMP, z=30, levels=[3, 4, 5])
    # eyes: sea-grey, level and calm
    cm = {"k": OUTLINE, "w": (255, 255, 255), "i": R["slate"][2], "I": R["cyan"][4]}
    draw_pattern(s, 16, 25, [".kkkk", "kwiik", "kiIi.", ".iIi."], cm)
    draw_pattern(s, 27, 25, ["kkkk.", "kwiik", ".iIik", ".iIi."], cm)
    # freckles, nose, a small determined smile
    for x, y in ((17, 31), (19, 32), (29, 32), (31, 31)):
        s.px(x + 0.5, y + 0.5, R["skin"][2])
    draw_pattern(s, 23, 30, ["k"], {"k": R["skin"][2]})
    draw_pattern(s, 21, 34, [".kkkk", "....."], {"k": R["red"][1]})
    blush(s, 31)
    top, bottom = (150, 196, 214), (34, 52, 108)
    img = finish_portrait(s, top, bottom, R["navy"][0])
    # the lighthouse beam sweeping through the backdrop from the top-left (only where the
    # backdrop itself shows)
    ys, xs = np.mgrid[0:48, 0:48]
    beam = (np.abs((ys - 2) - (xs - 2) * 0.35) < 2.0 + xs * 0.1) & (xs > 0) & (xs < 47) & (ys > 0) & (ys < 47)
    behind = np.all(img[..., :3] == portrait_panel(top, bottom, R["navy"][0])[..., :3], -1)
    lift = beam & behind
    img[lift, :3] = np.minimum(255, img[lift, :3].astype(int) + np.array([60, 54, 20])).astype(np.uint8)
    return img


def portrait_rook():
    s = Scene(48, 48, origin=(0, 0))
    # olive overalls with a brass buckle, a wrench over his shoulder
    s.ellipsoid((24, 55, 0), (22, 15, 8), R["olive"], group="overall")
    s.ellipsoid((24, 45, 6), (8, 4, 3), R["khaki"], group="shirt")
    for x in (15, 33):
        s.box(x - 2, 40, x + 2, 48, 8, R["olive"], group="strap%d" % x, bevel=0.5)
        s.ellipsoid((x, 43, 10), (1.4, 1.4, 1), R["brass"], group="buckle%d" % x)
    s.slab([(36, 48), (39.5, 48), (43.5, 30), (40.5, 29.5)], 14, R["steel"], group="wrench", bevel=0.8)
    s.slab([(38, 30.5), (46, 30.5), (46.5, 24), (44, 27), (41.5, 26.5), (40, 23.5)], 14, R["steel"],
           group="wrench", bevel=0.8)
    # bald head, big ears, grey side hair
    s.ellipsoid((24, 24, 4), (11.5, 12.5, 8), R["skin"], group="face", bias=0.02)
    s.ellipsoid((12, 27, 2), (2.5, 3.5, 2), R["skin"], group="ear")
    s.ellipsoid((36, 27, 2), (2.5, 3.5, 2), R["skin"], group="ear")
    for x in (13.5, 34.5):
        s.ellipsoid((x, 21, 9), (3.4, 4.4, 3), R["white"], group="tuft%d" % x, bias=-0.05)
    # goggles pushed up on the forehead
    s.lathe(24, 12, [(14.0, 0.9), (15.4, 0.9)], R["char"], group="strap")
    for gx in (19.5, 28.5):
        s.ellipsoid((gx, 14.5, 14), (3.8, 3.2, 2), R["brass"], group="gog")
        s.ellipsoid((gx, 14.5, 15.5), (2.6, 2.1, 1.2), R["glass"], group="lens", spec=1.2)
    # grumpy: a heavy frowning brow, narrowed eyes
    cm = {"k": OUTLINE, "w": (236, 236, 228), "i": R["brown"][2], "b": R["white"][2], "B": R["white"][4]}
    draw_pattern(s, 15, 20, ["BBb...", ".BBBb."], cm)
    draw_pattern(s, 27, 20, ["...bBB", ".bBBB."], cm)
    draw_pattern(s, 16, 23, ["kkkkk", ".wik."], cm)
    draw_pattern(s, 27, 23, ["kkkkk", ".kiw."], cm)
    # a big round nose and a walrus moustache over a downturned mouth
    s.ellipsoid((24, 28.5, 13), (2.4, 2.2, 1.5), R["skin"], group="nose")
    for x, r in ((20, 3.6), (28, 3.6)):
        s.ellipsoid((x, 32.5, 13), (r, 2.1, 1.5), R["white"], group="tache", spec=0)
    draw_pattern(s, 21, 35, [".kkkk.", "k....k"], {"k": R["red"][0]})
    # stubble and an oil smudge on the cheek
    for x, y in ((17, 33), (31, 33), (19, 36), (29, 36), (24, 37)):
        s.px(x + 0.5, y + 0.5, R["skin"][2])
    draw_pattern(s, 30, 28, ["kk."], {"k": R["char"][1]})
    return finish_portrait(s, (196, 200, 150), (66, 76, 70), R["olive"][0])


# ====================================================================== shots and charges
def shot_orla(f):
    """A piece of the lamp-laser, 6x16, that tiles vertically: a white core in amber haze, its
    shimmer shifting between the two frames. The renderer stacks pieces from ship to target."""
    im = Img(6, 16)
    for y in range(16):
        wob = (y + f * 4) % 8
        core = 1 if wob < 4 else 0
        for x in range(6):
            d = abs(x - 2.5)
            if d < 0.6 + core * 0.5:
                c = LAMP[5]
            elif d < 1.6:
                c = LAMP[4]
            elif d < 2.6 and (y + x + f) % 2 == 0:
                c = LAMP[2]
            else:
                continue
            im.px(x, y, c)
    return im.a


def shot_rook(f):
    """A rivet, 4x7, head first: a hot brass head and a steel shank with a spark trail."""
    im = Img(4, 7)
    im.rect(1, 2, 2, 5, R["steel"][4])
    im.px(2, 3, R["steel"][2])
    im.px(2, 4, R["steel"][2])
    im.rect(0, 0, 3, 1, R["brass"][4])
    im.px(1, 0, R["gold"][5])
    im.px(0, 0, R["brass"][2])
    im.px(3, 1, R["brass"][2])
    im.px(1 + f, 6, R["fire"][4])
    return im.a


def charge_orla(f):
    """A piece of the lens-flare beam, 24x32, that tiles vertically: a white-hot core in amber
    light with a dithered haze, lens-ghost rings and flare glints drifting up it (2 frames)."""
    im = Img(24, 32)
    X, Y = im.X - 12, im.Y
    # the beam's edge ripples a little along its length (period 16, so pieces tile)
    edge = 10.5 + 0.8 * np.sin((Y + f * 8) * math.pi / 8)
    d = np.abs(X) / edge
    for lim, c in ((1.15, LAMP[2]), (1.0, LAMP[3]), (0.78, LAMP[4]), (0.3, LAMP[5])):
        im.fill(d < lim, c)
    _haze = (d >= 1.0) & (d < 1.15) & (((im.X.astype(int) + im.Y.astype(int)) % 2) == 0)
    im.a[_haze, 3] = 0
    # lens ghosts: thin rings riding the beam, half a piece apart
    for k in range(2):
        cy = (8 + 16 * k - f * 8) % 32
        dy = np.minimum(np.abs(Y - cy), 32 - np.abs(Y - cy))
        r = np.sqrt(X * X + dy * dy)
        im.fill((np.abs(r - 6.0) < 0.6) & (d > 0.3), LAMP[3])
    # flare glints: short bright dashes at the beam's edges
    for k, side in ((0, -1), (1, 1)):
        y = (4 + 16 * k - f * 8) % 32
        x = 12 + side * 7
        im.a[y, min(x, x + side * 3):max(x, x + side * 3) + 1, :3] = (255, 255, 255)
    return im.a


def charge_rook(f):
    """A heavy bolt, 8x14, pointing up: a hex head, a threaded steel shank, a spark at the back;
    the pods fire a spread of them."""
    s = Scene(8, 14, origin=(4, 7))
    s.lathe(0, 0, [(-6.8, 0.3), (-5.6, 1.6), (4.0, 1.6)], R["steel"], group="shank", spec=1.0)
    s.paint(((s.Y + 20 + f) % 2) < 0.8, R["steel"], parts=["shank"], lvl_bias=-2)
    s.box(-3.2, 3.4, 3.2, 6.0, 2.0, R["brass"], group="head", bevel=1.0)
    img = s.render()

    def tail(im):
        im.px(3 + f, 13, R["fire"][5])
        im.px(4 - f, 13, R["fire"][3])
    return overlay(img, tail)


SPRITES = [
    ("ship_orla", ship_orla),
    ("ship_rook", ship_rook),
    ("pod_rook", lambda: [pod_rook(f) for f in range(2)]),
    ("portrait_orla", lambda: [portrait_orla()]),
    ("portrait_rook", lambda: [portrait_rook()]),
    *[(fn.__name__, lambda fn=fn: [fn(f) for f in range(2)]) for fn in (shot_orla, shot_rook, charge_orla,
                                                                        charge_rook)],
]
