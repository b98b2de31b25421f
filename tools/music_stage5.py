"""Stage 5, the Ironworks: C minor, 120 bpm, 32 bars (64 s).

Heavy and mechanical: palm-muted power-chord riffs, a gritty bass, a buzzing saw lead, and
percussion made of the factory itself (press thuds, anvil strikes, ring-modulated clanks,
steam hisses) on a strict 16th-note grid.

Intro (bars 0-3)  the machines start: press, clanks, steam, a pulsing bass drone.
A  (4-11)         the chug riff; from bar 8 the saw lead's theme over it.
B  (12-19)        Ab-Bb-Fm-G-Ab-Bb-Cm-G7, the lead climbs, organ stabs off the beat.
Break (20-23)     percussion only with a clockwork arpeggio, C minor to Db and G.
A' (24-31)        the riff and theme with a lower double, and a new climbing answer that turns
                  on G (B natural) back into the intro.
"""
from music_engine import Song, bar_chords, chord_notes, chord_track, eighths

RIFF = [
    "C3.2 C3.1 C3.1 -.2 C3.2 Eb3.2 C3.2 F3.2 Gb3.2",
    "C3.2 C3.1 C3.1 -.2 C3.2 Bb2.2 C3.2 G2.4",
    "C3.2 C3.1 C3.1 -.2 C3.2 Eb3.2 C3.2 F3.2 Gb3.2",
    "Ab2.2 Ab2.1 Ab2.1 -.2 Ab2.2 Bb2.2 -.2 B2.2 B2.2",
]
RIFF_TO_G = "G2.2 G2.1 G2.1 -.2 G2.2 Ab2.2 -.2 B2.2 B2.2"
THEME = [
    "G5.6 Ab5.2 G5.4 Eb5.4",
    "F5.4 Eb5.2 D5.2 C5.8",
    "G5.6 Ab5.2 Bb5.4 C6.4",
    "Ab5.6 G5.2 F5.4 Eb5.4",
]
ANSWER = [
    "C6.6 D6.2 Eb6.4 G6.4",
    "F6.4 Eb6.2 D6.2 C6.8",
    "Eb6.6 F6.2 G6.4 C7.4",
    "B6.8 D7.4 G6.4",
]
CLIMB = [
    "C6.6 Eb6.2 C6.4 Ab5.4",
    "D6.6 F6.2 D6.4 Bb5.4",
    "C6.4 Ab5.4 F5.4 Ab5.4",
    "B5.8 D6.4 F6.4",
    "Eb6.6 D6.2 C6.4 Eb6.4",
    "F6.6 Eb6.2 D6.4 F6.4",
    "G6.4 F6.2 Eb6.2 D6.4 C6.4",
    "B5.6 C6.2 D6.4 G5.4",
]
CHUG_STEPS = [(0, 2), (2, 1), (3, 1), (6, 2), (8, 2), (10, 1), (11, 1), (14, 2)]


def chugs(s, start_bar, prog, vol=0.9):
    """Palm-muted power chords on each bar's root, in a fixed syncopated grid."""
    for i, sym in enumerate(bar_chords(prog)):
        root, _ = chord_notes(sym)
        m = 48 + root if root < 7 else 36 + root  # keep the roots between G2 and F#3
        for st, ln in CHUG_STEPS:
            s.note("chug", (start_bar + i) * s.spb + st, ln, m, "chug", vol)


def song():
    s = Song(120, 32, seed=105)

    machines = {"press": "x.......x.......", "clank": "..x...x...x..x.x", "hiss": "......x.........",
                "h": "x.xxx.xxx.xxx.xx", "anvil": "............x..."}
    heavy = {"K": "x.....x...x.....", "S": "....x.......x...", "clank": "..x...x...x...x.", "h": "xxxxxxxxxxxxxxxx"}
    heavy2 = {"K": "x.x...x...x.x...", "S": "....x.......x...", "clank": "..x...x...x...x.", "h": "xxxxxxxxxxxxxxxx",
              "anvil": "x...............", "hiss": "..............x."}
    fill = {"K": "x.....x.x.......", "S": "....x...x.xxXXXX", "clank": "..x...x.........", "press": "x..............."}
    brk = {"press": "x.....x...x.....", "anvil": "....x.......x...", "hiss": "..............x.",
           "clank": "x.xx.x.xx.xx.x.x", "h": "..x...x...x...x."}
    drone = eighths([0] * 8)
    pump = [(0, 2, 0, 0), (2, 1, 0, 0), (3, 1, 12, 0), (4, 2, 0, 0), (6, 2, 0, 0), (8, 2, 0, 0), (10, 1, 0, 0),
            (11, 1, 12, 0), (12, 2, 0, 0), (14, 2, 7, 0)]

    # intro: the machines alone
    chord_track(s, "Cm Cm Cm Cm", drone, bass_vol=0.8, bass_kind="sub")
    s.groove(0, 4, machines, fill)

    # A: riff, then the theme over it
    for start in (4, 8):
        s.melody(RIFF, "chug", bus="chug", vol=1.0, start_bar=start)
        chord_track(s, "Cm Cm Cm Ab", pump, bass_vol=0.9, bass_kind="sub", start_bar=start)
    s.melody(THEME, "saw", bus="lead", vol=1.0, transpose=-12, start_bar=8)
    s.groove(4, 8, heavy)
    s.groove(8, 12, heavy2, fill)

    # B: the lead climbs over chugs and off-beat organ stabs
    s.melody(CLIMB, "saw", bus="lead", vol=1.0, transpose=-12, start_bar=12)
    prog_b = "Ab Bb Fm G Ab Bb Cm G7"
    chugs(s, 12, prog_b)
    chord_track(s, prog_b, pump, bass_vol=0.9, bass_kind="sub", start_bar=12)
    s.stabs(12, prog_b, (3, 6, 11), 2, kind="organ", vol=0.45, gate=0.6)
    s.groove(12, 20, heavy2, fill)

    # break: the factory and a clockwork arpeggio
    clock = [0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 4, 3, 2, 1, 0, 2]
    chord_track(s, "Cm Cm Db G", drone, clock, arp_oct=4, arp_vol=0.5, bass_vol=0.8, bass_kind="sub",
                start_bar=20)
    s.groove(20, 24, brk, fill)

    # A': riff, theme with a lower double, and the answer
    for start in (24, 28):
        turn = start == 28  # the last bar turns on G, the dominant, back into the intro
        s.melody(RIFF[:3] + [RIFF_TO_G if turn else RIFF[3]], "chug", bus="chug", vol=1.0, start_bar=start)
        chord_track(s, "Cm Cm Cm G" if turn else "Cm Cm Cm Ab", pump, bass_vol=0.9, bass_kind="sub", start_bar=start)
    s.melody(THEME + ANSWER, "saw", bus="lead", vol=1.0, transpose=-12, start_bar=24)
    s.melody(THEME + ANSWER, "lead2", bus="harm", vol=0.45, transpose=-24, start_bar=24)
    s.groove(24, 32, heavy2, fill)

    s.crashes(4, 12, 24)
    return s.render({"lead": 0.3, "harm": 0.22, "chug": 0.3, "stab": 0.16, "arp": 0.14, "bass": 0.5, "drums": 0.55},
                    echo={"lead": (3, 0.22)})
