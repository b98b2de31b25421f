"""Stage 1, the countryside: D major, 150 bpm, 40 bars (64 s).

A  (bars 0-15)  the original tune: theme, then its answer over Em-G-D-A.
B  (16-23)      a longer-breathed tune in B minor, open hi-hats, walking bass.
C  (24-31)      bridge: call and response between lead and glockenspiel over half-time drums,
                building back up with a tom fill.
A' (32-39)      the theme again, doubled an octave up on the glockenspiel, with a new
                turnaround (Em, A7) that leads back into bar 0.
"""
from music_engine import Song, chord_track

THEME = [
    "F#5.2 A5.2 D6.4 C#6.2 A5.2 F#5.4",
    "E5.2 A5.2 C#6.4 B5.2 A5.2 E5.4",
    "F#5.2 B5.2 D6.2 F#6.2 E6.4 D6.4",
    "B5.4 G5.2 A5.2 B5.4 D6.4",
    "F#5.2 A5.2 D6.4 E6.2 F#6.2 A6.4",
    "G6.2 F#6.2 E6.2 C#6.2 A5.4 E6.4",
    "D6.3 B5.3 G5.2 A5.2 B5.2 D6.4",
    "C#6.4 E6.4 A5.8",
    "G5.2 B5.2 E6.2 G6.2 F#6.2 E6.2 B5.4",
    "D6.2 B5.2 G5.2 B5.2 D6.4 G6.4",
    "F#6.3 E6.3 D6.2 A5.4 F#5.4",
    "E5.2 A5.2 C#6.2 E6.2 A6.8",
    "G6.2 F#6.2 E6.2 B5.2 G5.4 B5.4",
    "A5.2 B5.2 D6.4 G6.4 F#6.4",
    "E6.4 C#6.2 A5.2 E6.4 G6.4",
    "A6.6 G6.2 F#6.2 E6.2 C#6.4",
]
# A' ends the theme's first six bars with this turnaround instead
TURNAROUND = [
    "G6.2 F#6.2 E6.2 G6.2 B6.4 E6.4",
    "A6.4 C#6.4 E6.2 G6.2 A6.4",
]
B_TUNE = [
    "B5.6 C#6.2 D6.4 F#6.4",
    "G6.6 F#6.2 E6.4 D6.4",
    "F#6.4 A6.4 F#6.2 E6.2 D6.4",
    "E6.12 C#6.4",
    "B5.6 C#6.2 D6.4 B5.4",
    "D6.6 E6.2 G6.4 B6.4",
    "G6.4 F#6.4 E6.4 B5.4",
    "C#6.8 E6.4 A5.4",
]
# a counter-line under B, in longer notes
B_COUNTER = [
    "D5.8 F#5.8",
    "B4.8 D5.8",
    "A4.8 D5.8",
    "C#5.8 E5.8",
    "D5.8 F#5.8",
    "B4.8 G4.8",
    "G4.8 B4.8",
    "A4.8 C#5.8",
]
BRIDGE_CALL = [
    "D6.2 B5.2 D6.2 G6.2 -.8",
    "E6.2 C#6.2 E6.2 A6.2 -.8",
    "F#6.2 C#6.2 F#6.2 A6.2 C#7.4 A6.4",
    "B6.8 F#6.4 D6.4",
    "G6.2 D6.2 B5.2 D6.2 G6.4 B6.4",
    "A6.2 E6.2 C#6.2 E6.2 A6.4 C#7.4",
    "D7.4 C#7.4 B6.4 F#6.4",
    "A6.4 G6.4 F#6.4 E6.4",
]
BRIDGE_ANSWER = [
    "-.8 G6.2 B6.2 D7.4",
    "-.8 A6.2 C#7.2 E7.4",
    "-.16",
    "-.8 D7.2 C#7.2 B6.4",
]


def song():
    s = Song(150, 40, seed=101)

    # A: the original 16 bars
    s.melody(THEME, "lead", vol=1.0, transpose=-12)
    s.melody(THEME[8:], "lead2", bus="harm", vol=0.45, transpose=-12 - 5, start_bar=8)
    bass = [(0, 2, 0, 0), (2, 2, 12, 0), (4, 2, 0, 0), (6, 2, 12, 0), (8, 2, 0, 0), (10, 2, 12, 0), (12, 2, 7, 0),
            (14, 2, 12, 0)]
    arp = [0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 4, 3, 2, 1, 2, 3]
    chord_track(s, "D A Bm G D A G A Em G D A Em G A A7", bass, arp, arp_oct=4, arp_vol=0.45)
    beat = {"k": "x.....x.x.......", "s": "....x.......x...", "h": "x.x.x.x.x.x.x.x."}
    fill = {"k": "x.....x.x.......", "s": "....x.......xxxx", "h": "x.x.x.x.x.x....."}
    s.groove(0, 16, beat, fill, fills=(7, 15))

    # B: lyrical, in the relative minor
    s.melody(B_TUNE, "lead2", bus="lead", vol=1.05, transpose=-12, start_bar=16)
    s.melody(B_COUNTER, "lead", bus="harm", vol=0.4, start_bar=16)
    walk = [(0, 3, 0, 0), (3, 3, 7, 0), (6, 2, 12, 0), (8, 3, 0, 0), (11, 3, 7, 0), (14, 2, 5, 0)]
    arp_b = [0, None, 1, 2, None, 1, 2, 3, 0, None, 1, 2, None, 3, 2, 1]
    chord_track(s, "Bm G D A Bm G Em A", walk, arp_b, arp_oct=4, arp_vol=0.45, start_bar=16, pad=True, pad_vol=0.25)
    beat_b = {"k": "x.....x...x.....", "s": "....x.......x...", "h": "x.x...x.x.x...x.", "o": "....x.......x..."}
    fill_b = {"k": "x.....x...x.....", "s": "....x...x.x.xxxx", "h": "x.x...x........."}
    s.groove(16, 24, beat_b, fill_b)

    # C: bridge, half time, then building
    s.melody(BRIDGE_CALL, "lead", vol=1.0, transpose=-12, start_bar=24)
    s.melody(BRIDGE_ANSWER, "glock", bus="glock", vol=0.9, transpose=-12, start_bar=24)
    halves = [(0, 8, 0, 0), (8, 6, 7, 0), (14, 2, 12, 0)]
    chord_track(s, "G A F#m Bm", halves, [0, None, None, 1, None, None, 2, None] * 2, arp_oct=4, arp_vol=0.4,
                start_bar=24, pad=True, pad_vol=0.3)
    chord_track(s, "G A Bm A", bass, arp, arp_oct=4, arp_vol=0.45, start_bar=28)
    half = {"k": "x.........x.....", "s": "........x.......", "h": "x...x...x...x..."}
    build = {"k": "x.....x.x.......", "s": "....x.......x.x.", "h": "x.x.x.x.x.x.x.x."}
    roll = {"k": "x.......x.......", "s": "....x...xxxxXXXX", "t2": "..........x.....", "t3": "...........x...."}
    s.groove(24, 28, half)
    s.groove(28, 32, build, roll)

    # A': the theme with a sparkling double and a new turnaround
    a2 = THEME[:6] + TURNAROUND
    s.melody(a2, "lead", vol=1.0, transpose=-12, start_bar=32)
    s.melody(a2, "glock", bus="glock", vol=0.45, start_bar=32, gate=0.5)
    chord_track(s, "D A Bm G D A Em A7", bass, arp, arp_oct=4, arp_vol=0.45, start_bar=32)
    s.groove(32, 40, beat, fill)

    s.crashes(0, 8, (16, 0.8), (24, 0.7), 32)
    return s.render({"lead": 0.34, "harm": 0.3, "arp": 0.13, "bass": 0.42, "pad": 0.14, "glock": 0.22, "drums": 0.5},
                    echo={"lead": (3, 0.28), "glock": (6, 0.3)})
