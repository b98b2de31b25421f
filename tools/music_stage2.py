"""Stage 2, the harbour: A minor, 140 bpm, 36 bars (61.7 s).

A  (bars 0-15)  the original tune and its counter-line.
B  (16-23)      the relative major: a soaring tune over C-G-Am-Em-F-C-Dm-E, 16th hi-hats.
C  (24-27)      breakdown: bass riff, toms and long held notes that rise to G#.
A' (28-35)      the theme's first phrase with the counter-line, then a new E-E7 run that
                falls back into bar 0.
"""
from music_engine import OCTAVE_BOUNCE, Song, chord_track, sixteenths

THEME = [
    "A5.3 E5.3 A5.2 B5.2 C6.2 B5.2 A5.2",
    "C6.4 A5.2 F5.2 A5.4 C6.4",
    "B5.3 G5.3 D6.2 C6.2 B5.2 G5.4",
    "E5.4 G5.4 B5.4 E6.4",
    "A5.3 E5.3 A5.2 C6.2 E6.2 D6.2 C6.2",
    "F6.4 E6.2 D6.2 C6.4 A5.4",
    "B5.2 C6.2 D6.4 G6.4 F6.2 D6.2",
    "E6.6 D6.2 B5.2 G#5.2 E5.4",
    "D6.2 F6.2 A6.4 G6.2 F6.2 E6.2 D6.2",
    "C6.4 E6.4 A5.8",
    "A5.2 C6.2 F6.4 E6.2 F6.2 G6.4",
    "D6.4 B5.4 G5.4 B5.4",
    "F6.2 E6.2 D6.2 A5.2 D6.4 F6.4",
    "E6.3 C6.3 A5.2 E6.4 C6.4",
    "B5.2 G#5.2 E5.2 G#5.2 B5.4 D6.4",
    "E6.4 D6.4 B5.4 G#5.4",
]
# A' ends the theme's first six bars with this run instead
RUN = [
    "B5.2 C6.2 D6.2 E6.2 G#6.4 B6.4",
    "D7.4 B6.4 G#6.4 E6.4",
]
B_TUNE = [
    "E6.4 G6.4 C7.6 B6.2",
    "B6.4 A6.2 G6.2 D6.8",
    "C7.4 B6.2 A6.2 E6.4 A6.4",
    "G6.10 E6.2 G6.2 B6.2",
    "A6.4 G6.2 F6.2 C6.4 F6.4",
    "E6.4 D6.2 C6.2 G5.4 C6.4",
    "D6.2 E6.2 F6.4 A6.4 F6.2 D6.2",
    "E6.6 F6.2 E6.2 D6.2 B5.4",
]
B_HARMONY = [
    "C6.8 E6.8", "D6.8 B5.8", "E6.8 C6.8", "B5.16",
    "C6.8 A5.8", "G5.8 E5.8", "A5.8 F5.8", "G#5.16",
]
BREAK = ["A5.16", "C6.16", "F6.8 A6.8", "G#6.16"]


def song():
    s = Song(140, 36, seed=102)

    # A: the original 16 bars
    s.melody(THEME, "lead", vol=1.0, transpose=-12)
    s.melody(THEME[8:], "lead2", bus="harm", vol=0.5, transpose=-24, start_bar=8)
    bass = sixteenths([0, 0, 12, 0] * 4)
    arp = [0, None, 1, None, 2, None, 1, None, 0, None, 1, None, 2, None, 3, None]
    chord_track(s, "Am F G Em Am F G E Dm Am F G Dm Am E E7", bass, arp, arp_oct=4, arp_vol=0.5, bass_vol=0.9,
                pad=True)
    beat = {"k": "x...x...x...x...", "s": "....x.......x...", "h": "..x...x...x...x.", "o": "......x.......x."}
    fill = {"k": "x...x...x...x...", "s": "....x.......x.xx", "t": "........x.x.....", "h": "..x...x........."}
    s.groove(0, 16, beat, fill, fills=(7, 15))

    # B: relative major, brighter and busier
    s.melody(B_TUNE, "lead", vol=1.0, transpose=-12, start_bar=16)
    s.melody(B_HARMONY, "lead2", bus="harm", vol=0.45, transpose=-12, start_bar=16)
    arp_b = [0, 1, 2, 1] * 4
    chord_track(s, "C G Am Em F C Dm E", OCTAVE_BOUNCE, arp_b, arp_oct=5, arp_vol=0.35, bass_vol=0.9, start_bar=16,
                pad=True, pad_vol=0.3)
    beat_b = {"k": "x.....x.x.....x.", "s": "....x.......x...", "h": "xxxxxxxxxxxxxxxx"}
    fill_b = {"k": "x.....x.x.......", "s": "....x...x.xxXXXX", "h": "xxxxxxxx........"}
    s.groove(16, 24, beat_b, fill_b, vol=0.9)

    # C: breakdown
    s.melody(BREAK, "lead2", bus="lead", vol=0.9, transpose=-12, start_bar=24)
    riff = [(0, 2, 0, 0), (3, 1, 0, 0), (4, 2, 12, 0), (6, 2, 0, 0), (8, 1, 3, 0), (9, 1, 0, 0), (10, 2, 7, 0),
            (12, 2, 10, 0), (14, 2, 12, 0)]
    chord_track(s, "Am Am F E", riff, bass_vol=1.0, start_bar=24, pad=True, pad_vol=0.4)
    toms = {"k": "x.......x.......", "t3": "..x.......x.....", "t": "......x.......x.", "h": "x...x...x...x..."}
    s.groove(24, 28, toms, fill)

    # A': the theme returns with its counter-line; a new run falls back into bar 0
    a2 = THEME[:6] + RUN
    s.melody(a2, "lead", vol=1.0, transpose=-12, start_bar=28)
    s.melody(a2, "lead2", bus="harm", vol=0.4, transpose=-24, start_bar=28)
    chord_track(s, "Am F G Em Am F E E7", bass, arp, arp_oct=4, arp_vol=0.5, bass_vol=0.9, start_bar=28, pad=True)
    s.groove(28, 36, beat, fill)

    s.crashes(0, 8, 16, (24, 0.6), 28)
    return s.render({"lead": 0.34, "harm": 0.28, "arp": 0.12, "bass": 0.45, "pad": 0.16, "drums": 0.5},
                    echo={"lead": (3, 0.3)})
