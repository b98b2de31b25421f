"""The new pilots' solo endings (224x160), painted like bg_endings.py's three:

ending_orla: blue hour on the rocky coast. Orla's ornithopter flies home to the lighthouse, lamp
             lit, and the fishing boats come in behind her light while the beam sweeps the sky.
ending_rook: night in Rook's cluttered hangar. The bathtub gyrocopter is parked, the medal hangs
             on a nail by the spanners, and Rook sits in his armchair under the lamp with tea.
"""
import math

import numpy as np

from bg_figures import orla_ornithopter, person, rook_gyro
from bg_scenes import EH, EW, C, Canvas, ending_canvas
from bg_sets import (beam, cottage_block, crate, drum, foam_line, hangar_inside, lighthouse, propeller, rocks,
                     sea)



def fishing_boat(cv, x, y, hull, sail, lamp, flip=False):
    """a small fishing smack side-on, with a brown sail and a lit lantern at the masthead."""
    d = -1 if flip else 1
    cv.fill(cv.poly([(x - 9 * d, y - 2), (x + 10 * d, y - 2), (x + 7 * d, y + 2), (x - 7 * d, y + 2)]), hull)
    cv.img[y - 2, min(x - 9 * d, x + 10 * d):max(x - 9 * d, x + 10 * d)] = hull * 1.4
    cv.img[y - 16:y - 2, x] = C("#2a2026")
    cv.fill(cv.poly([(x + 1 * d, y - 15), (x + 8 * d, y - 4), (x + 1 * d, y - 4)]), sail)
    cv.fill(cv.poly([(x - 1 * d, y - 12), (x - 6 * d, y - 4), (x - 1 * d, y - 4)]), sail * 0.8)
    cv.glow(x + 0.5, y - 16, [3.5, 2], [lamp * 0.5 + cv.img[y - 16, x] * 0.5, lamp])
    cv.img[y + 3, x - 8:x + 9] = cv.img[y + 3, x - 8:x + 9] * 0.6 + lamp * 0.4  # the lantern on the water


def ending_orla():
    rng = np.random.default_rng(7401)
    cv = ending_canvas([(0.0, C("#101838")), (0.18, C("#16224a")), (0.36, C("#1e3260")), (0.54, C("#284878")),
                        (0.7, C("#3a6a8e")), (0.82, C("#6a94a4")), (0.92, C("#c0a894")), (1.0, C("#e8b884"))], y1=98)
    cv.stars(rng, 34, 0, 46)
    # a thin moon and long, dark clouds lit from below by the last of the sunset
    cv.crescent(30, 22, 5, (32.5, 20.5, 4.6), C("#f0ecd0"))
    cv.lit_bands([(58, 70, 46), (150, 62, 34), (20, 84, 30)], C("#2a3a62"), C("#d0a088"), puff=(-0.3, 1.6, 1.8))
    # the lighthouse beam sweeps out over the sea towards the upper left
    lx, ly = 186, 40
    beam(cv, lx, ly, math.pi + 0.32, 0.11, 220, C("#fff0b8"), 0.4)
    sea(cv, 98, [C("#4a7a96"), C("#3a6886"), C("#2e5876"), C("#244868"), C("#1c3a5a"), C("#162e4c")],
        C("#a8c8d4"), glints=C("#f0e0b8"), seed=1, x_sun=40, sun_col=C("#e8c08a"))
    # the headland: layered rock rising to the lighthouse, the keeper's cottage beside it
    far = rocks(cv, [(118, 100), (134, 94), (150, 90), (166, 80), (176, 76), (206, 74), (224, 78), (224, 112),
                     (130, 112)], C("#2e3450"), C("#4a5276"), C("#1c2038"), seed=3)
    cv.fill(far & (cv.Y < 82) & (cv.X > 168) & (cv.bay > 0.3), C("#3e5a5a"))  # grass on the top
    cottage_block(cv, 160, 82, 12, 7, C("#d8d4c8") * 0.7, C("#4a3040"), win=C("#ffd27a"))
    cx, cy = lighthouse(cv, 188, 76, 30, 11, 7, C("#e4e0d8") * 0.85, C("#b04040") * 0.85, C("#9a98a0"),
                        C("#fff2b0"), C("#2c2a34"), night=True)
    cv.glow(cx, cy, [9, 6, 4], [C("#6a7a8a"), C("#c8b87a"), C("#fff0b8")])
    cv.img[int(cy) - 2:int(cy) + 2, int(cx) - 3:int(cx) + 4] = C("#ffffff")
    near = rocks(cv, [(150, 160), (160, 126), (176, 112), (196, 104), (224, 100), (224, 160)], C("#20243c"),
                 C("#3a4064"), C("#121428"), seed=4)
    foam_line(cv, far | near, C("#c8dce4"), y_min=99)
    # the boats follow her light home, their own lanterns lit
    fishing_boat(cv, 96, 118, C("#3a2a2a"), C("#8a5a40"), C("#ffd27a"), flip=True)
    fishing_boat(cv, 58, 108, C("#3a2a2a"), C("#7a5040"), C("#ffd27a"), flip=True)
    fishing_boat(cv, 126, 104, C("#3a2a2a"), C("#8a5a40"), C("#ffd27a"), flip=True)
    # dark rocks in the near left corner with surf
    fg = rocks(cv, [(0, 132), (14, 128), (30, 134), (44, 146), (52, 160), (0, 160)], C("#1a1c30"),
               C("#30365a"), C("#0e1020"), seed=5)
    foam_line(cv, fg, C("#b8d0dc"), y_min=120)
    # Orla, heading home, her lamp throwing a short cone ahead of her
    beam(cv, 124, 47.5, 0.08, 0.2, 56, C("#fff0b8"), 0.5)
    cv.sprite(orla_ornithopter(flip=True), 54, 18)
    return cv.out()


def _lamplight(cv, lx, ly, keep):
    """the hanging lamp's light: a warm cone to the floor, and every pixel outside `keep` (the
    night through the door) darkened with distance in four dithered steps."""
    cone = cv.poly([(lx - 3, ly + 2), (lx + 4, ly + 2), (lx + 40, 150), (lx - 36, 150)]) & ~keep
    d = np.hypot((cv.X - lx) * 0.75, cv.Y - ly - 60)
    k = np.clip(((d - 24) / 30 + (cv.bay - 0.5) * 0.8).astype(int), 0, 3)
    f = np.array([1.3, 1.05, 0.84, 0.66])[k]
    warm = np.array([1.0, 0.92, 0.8])
    m = ~keep
    cv.img[m] = np.minimum(cv.img[m] * f[m, None] * (warm * 0.3 + 0.7), 255)
    glow = cone & (cv.bay < 0.5)
    cv.img[glow] = cv.img[glow] * 0.9 + C("#ffe0a0") * 0.1


def ending_rook():
    rng = np.random.default_rng(7501)
    cv = Canvas(EW, EH)
    lamp_x, lamp_y = 66, 34

    def night_view(door):  # a starry night through the door, the airfield's lights running off
        cv.sky([(0.0, C("#0c1028")), (0.4, C("#121a3a")), (0.8, C("#1a284c")), (1.0, C("#24365a"))], y0=30,
               y1=112, mask=door)
        cv.stars(rng, 40, 32, 100, x0=119, x1=213, avoid=~door)
        cv.full_moon(196, 46, 6, C("#f0ecd4"), C("#c0bcb0"), 1.5, 0.5, halo=([14, 10], [C("#1a2444"), C("#222e52")]))
        field = door & (cv.Y > 112)
        cv.fill(field, C("#1a2030"))
        cv.fill(field & (cv.Y > 118), C("#141826"))
        for k in range(12):
            cv.img[113 + k % 2, 124 + k * 8] = C("#ffd27a") if k % 3 else C("#7ad0ff")

    door, night = hangar_inside(cv, C("#4a3430"), (118, 214, 30, 128), night_view, bench_x=2, seed=7502)
    # the gyro, parked in the doorway with its rotor still
    cv.sprite(rook_gyro(rotor=True, pilot=False), 108, 80)
    # clutter: drums, crates, a tyre and a spare propeller on the wall
    drum(cv, 212, 140, C("#a04a34"), r=5, h=12)
    drum(cv, 200, 146, C("#4a6a8a"), r=5, h=12)
    crate(cv, 4, 146, 18, 14, C("#8a6a44"))
    crate(cv, 8, 132, 12, 10, C("#7a5a3a"))
    propeller(cv, 100, 44)
    tyre = cv.ell(180, 150, 7, 7) & ~cv.ell(180, 150, 3.5, 3.5)
    cv.fill(tyre, C("#1e1a1e"))
    cv.fill(tyre & (cv.X < 178) & (cv.Y < 148), C("#3e3a40"))
    # the armchair under the lamp, and Rook in it with his tea
    back = cv.ell(66, 118, 11, 14) & (cv.Y < 134)
    cv.fill(back, C("#7a3a34"))
    cv.fill(back & ~np.roll(np.roll(back, 2, 0), 2, 1), C("#a85a44"))
    seat = cv.ell(72, 136, 15, 8) & (cv.Y < 144)
    cv.fill(seat, C("#6a3030"))
    cv.fill(seat & ~np.roll(seat, 2, 0), C("#9a5040"))
    arm = cv.ell(84, 132, 5, 8) & (cv.Y < 144)
    cv.fill(arm, C("#8a4436"))
    cv.fill(arm & ~np.roll(np.roll(arm, 1, 0), 1, 1), C("#b8684c"))
    cv.img[144:148, 58:60] = C("#2a1e1c")
    cv.img[144:148, 80:82] = C("#2a1e1c")
    cv.sprite(person("rook", "hold", sit=True), 56, 106)
    cv.img[112:115, 79:81] = C("#e8e4dc")  # the mug
    cv.img[113, 81] = C("#e8e4dc")
    for i in range(4):  # steam from the mug
        cv.img[110 - i * 2, 79 + (i % 2)] = cv.img[110 - i * 2, 79 + (i % 2)] * 0.5 + C("#d8d0c8") * 0.5
    _lamplight(cv, lamp_x, lamp_y, door & np.all(cv.img == night, axis=2))
    # the lamp, hanging on its flex
    cv.img[20:lamp_y - 3, lamp_x] = C("#1a1414")
    cv.fill(cv.poly([(lamp_x - 6, lamp_y + 2), (lamp_x - 2, lamp_y - 3), (lamp_x + 3, lamp_y - 3),
                     (lamp_x + 7, lamp_y + 2)]), C("#3a5a4a"))
    cv.img[lamp_y + 2, lamp_x - 2:lamp_x + 4] = C("#fff6c8")
    return cv.out()
