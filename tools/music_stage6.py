"""Stage 6, the Sky Citadel (the final stage): D harmonic minor, 132 bpm, 36 bars (65.5 s).

Grand and ominous: organ chords, a brass theme, timpani, a tolling bell and a choir.

Intro (bars 0-3)  a gong, organ chords Dm-Bb-Gm-A, timpani rolls, the bell tolls D.
A  (4-11)         the brass theme, Dm-C-Bb-A-Gm-Dm-Bb-A, marching drums.
B  (12-19)        a pulse lead rises through Gm-A-Dm-F-Bb-Gm-E-A; snare rolls, choir.
C  (20-27)        the grand part: the theme's shape in F major with held harmony and crashes.
A' (28-35)        the brass theme again under a high sustained counter-line, ending on A7,
                  the dominant that falls back into the intro.
"""
from music_engine import Song, chord_track, eighths

THEME = [
    "D5.6 A5.2 A5.4 F5.2 E5.2",
    "E5.6 G5.2 G5.4 E5.2 C5.2",
    "D5.4 F5.4 Bb5.6 A5.2",
    "A5.12 C#5.4",
    "D5.6 G5.2 Bb5.4 D6.4",
    "C#6.4 D6.4 A5.8",
    "Bb5.4 A5.2 G5.2 F5.4 D5.4",
    "E5.4 F5.4 E5.4 C#5.4",
]
RISING = [
    "G5.2 A5.2 Bb5.4 D6.6 C6.2",
    "C#6.6 E6.2 A5.8",
    "F5.2 G5.2 A5.4 D6.6 C6.2",
    "C6.8 A5.4 F5.4",
    "D6.2 E6.2 F6.4 Bb6.6 A6.2",
    "G6.6 F6.2 E6.4 D6.4",
    "G#5.4 B5.4 E6.4 D6.4",
    "C#6.8 E6.4 A6.4",
]
GRAND = [
    "A5.6 C6.2 F6.8",
    "E6.6 D6.2 C6.4 G5.4",
    "A5.4 D6.4 F6.4 A6.4",
    "Bb6.8 A6.4 F6.4",
    "A6.6 G6.2 F6.4 C6.4",
    "E6.4 G6.4 C7.8",
    "D7.4 C7.4 Bb6.4 F6.4",
    "E6.6 F6.2 E6.4 C#6.4",
]
GRAND_HARM = ["F5.8 A5.8", "G5.8 E5.8", "F5.8 D5.8", "F5.8 D5.8", "C5.8 F5.8", "G5.8 E5.8", "F5.8 D5.8",
              "C#5.8 E5.8"]
COUNTER = ["A5.16", "G5.16", "F5.16", "E5.16", "D6.16", "F6.16", "D6.8 F6.8", "E6.8 C#6.8"]


def song():
    s = Song(132, 36, seed=106)

    march = {"K": "x.......x.......", "S": "....x.......x...", "h": "x.x.x.x.x.x.x.x."}
    roll = {"K": "x.......x.......", "S": "....x..x....x.xx", "h": "x.x.x.x.x.x.x.x."}
    grand = {"K": "x.....x.x.......", "S": "....x.......x...", "o": "..x...x...x...x.", "h": "x.x.x.x.x.x.x.x."}
    fill = {"K": "x.......x.......", "S": "....x...xxxxXXXX", "t2": "........x.......", "t3": "..........x.x..."}

    # intro: gong, organ, timpani, the bell
    intro = "Dm Bb Gm A"
    s.drum(0, "gong", 1.0, pitch=73.4)
    s.stabs(0, intro, (0,), 16, octave=3, kind="organ", vol=0.55, gate=0.97)
    for bar in range(4):  # timpani roll swelling into the next bar
        s.timpani_roll(bar, 8, 0.25, 0.06, "A2" if bar % 2 else "D2")
    s.melody(["D6.8 D6.8"] * 3 + ["C#6.8 C#6.8"], "bell", bus="bell", vol=0.7, transpose=-12)
    chord_track(s, intro, [(0, 16, 0, 0)], bass_vol=0.8)

    # A: the brass theme
    octs = eighths([0, 12] * 4)
    s.melody(THEME, "brass", bus="lead", vol=1.0, transpose=-12, start_bar=4)
    chord_track(s, "Dm C Bb A Gm Dm Bb A", octs, [0, None, 1, None, 2, None, 1, None] * 2, arp_oct=4, arp_vol=0.35,
                bass_vol=0.9, start_bar=4, pad=True, pad_kind="organ", pad_vol=0.3, pad_oct=3)
    s.groove(4, 12, march, fill, each=lambda b: s.drum(b * 16, "timp", 0.7, pitch="D2"))

    # B: rising lead, choir
    s.melody(RISING, "lead", bus="lead", vol=0.9, transpose=-12, start_bar=12)
    s.melody(RISING, "brass", bus="harm", vol=0.35, transpose=-24, start_bar=12)
    chord_track(s, "Gm A Dm F Bb Gm E A", octs, [0, 1, 2, 1] * 4, arp_oct=4, arp_vol=0.3, bass_vol=0.9, start_bar=12,
                pad=True, pad_kind="choir", pad_vol=0.45, pad_oct=4)
    s.groove(12, 20, roll, fill)

    # C: grand, in F major
    s.melody(GRAND, "brass", bus="lead", vol=1.0, transpose=-12, start_bar=20)
    s.melody(GRAND_HARM, "brass", bus="harm", vol=0.55, transpose=-12, start_bar=20)
    chord_track(s, "F C Dm Bb F C Bb A", octs, [0, 1, 2, 3, 2, 1, 2, 3] * 2, arp_oct=4, arp_vol=0.3, bass_vol=1.0,
                start_bar=20, pad=True, pad_kind="organ", pad_vol=0.3, pad_oct=3)

    def crash_and_timp(b):
        if b % 2 == 0:
            s.drum(b * 16, "c", 0.8)
            s.drum(b * 16, "timp", 0.8, pitch="F2" if b < 26 else "A2")

    s.groove(20, 28, grand, fill, each=crash_and_timp)

    # A': theme under a high counter-line, ending on the dominant
    s.melody(THEME, "brass", bus="lead", vol=1.0, transpose=-12, start_bar=28)
    s.melody(COUNTER, "lead2", bus="harm", vol=0.5, start_bar=28)
    chord_track(s, "Dm C Bb A Gm Dm Bb A7", octs, [0, None, 1, None, 2, None, 3, None] * 2, arp_oct=4, arp_vol=0.35,
                bass_vol=0.9, start_bar=28, pad=True, pad_kind="choir", pad_vol=0.45, pad_oct=4)
    s.groove(28, 36, march, fill, each=lambda b: s.drum(b * 16, "timp", 0.7, pitch="D2" if b < 35 else "A2"))
    s.melody(["D6.16", "-.16", "-.16", "-.16", "D6.16", "-.16", "-.16", "C#6.16"], "bell", bus="bell", vol=0.6,
             transpose=-12, start_bar=28)

    s.crashes(4, (12, 0.9))
    s.drum(28 * 16, "gong", 0.8, pitch=73.4)
    return s.render({"lead": 0.33, "harm": 0.24, "stab": 0.2, "pad": 0.18, "bell": 0.3, "arp": 0.12, "bass": 0.45,
                     "drums": 0.5},
                    echo={"lead": (6, 0.25), "bell": (6, 0.3)})
