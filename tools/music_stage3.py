"""Stage 3, Redrock Canyon: E Phrygian dominant (E F G# A B C D), 156 bpm, 40 bars (61.5 s).

A twangy, driving desert ride: a galloping bass, shaker and castanet clicks, a slide-in
"guitar" lead with slapback echo and a whistled tune in the middle.

Intro (bars 0-3)  the gallop riff alone on the twang guitar.
A  (4-11)         the twang tune, E-E-F-E, then through A minor.
A2 (12-19)        the tune varied, with a held harmony line.
B  (20-27)        a whistled (flute) melody over Am-Dm-G-C-F-Dm-E-E7; strummed twang arpeggios.
Break (28-31)     16th-note twang runs over clicks and toms.
A3 (32-39)        the tune an octave up over its own lower double, and a new F-E cadence that leads back into the intro.
"""
from music_engine import Song, chord_track

INTRO = [
    "E4.2 E4.1 E4.1 G#4.2 E4.1 E4.1 B4.2 A4.2 G#4.4",
    "E4.2 E4.1 E4.1 G#4.2 E4.1 E4.1 B4.2 D5.2 C5.4",
    "F4.2 F4.1 F4.1 A4.2 F4.1 F4.1 C5.2 B4.2 A4.4",
    "G#4.2 F4.2 E4.4 -.8",
]
TUNE = [
    "E5.3 F5.1 G#5.4 B5.6 A5.2",
    "G#5.2 F5.2 E5.4 -.4 B4.2 D5.2",
    "C5.3 F5.1 A5.4 C6.4 B5.2 A5.2",
    "G#5.8 -.4 E5.2 F5.2",
    "A5.3 B5.1 C6.4 E6.4 D6.2 C6.2",
    "B5.3 A5.1 G5.4 D5.4 G5.4",
    "A5.2 G5.2 F5.2 E5.2 F5.4 A5.4",
    "G#5.6 F5.2 E5.8",
]
TUNE2 = [
    "E5.3 F5.1 G#5.4 B5.4 E6.4",
    "D6.2 C6.2 B5.2 G#5.2 B5.8",
    "C6.3 A5.1 F5.4 A5.2 C6.2 F6.4",
    "E6.8 D6.4 B5.4",
    "C6.2 B5.2 A5.2 E5.2 A5.4 C6.4",
    "D6.2 C6.2 B5.2 G5.2 D6.4 B5.4",
    "C6.4 A5.4 F6.4 E6.2 D6.2",
    "E6.12 -.4",
]
TUNE2_HARM = ["B4.8 G#4.8", "B4.8 G#4.8", "A4.8 C5.8", "B4.16", "E5.8 C5.8", "D5.8 B4.8", "A4.8 C5.8", "G#4.16"]
WHISTLE = [
    "A5.6 C6.2 E6.8",
    "F6.6 E6.2 D6.4 A5.4",
    "B5.6 D6.2 G6.4 F6.4",
    "E6.12 G5.4",
    "A5.6 C6.2 F6.4 E6.4",
    "D6.4 F6.4 A6.4 F6.4",
    "G#6.6 F6.2 E6.4 D6.4",
    "B5.4 D6.4 G#5.8",
]
RUNS = [
    "E5.1 F5.1 G#5.1 B5.1 E6.2 B5.2 G#5.1 F5.1 E5.2 B4.4",
    "F5.1 A5.1 C6.1 F6.1 A6.2 F6.2 C6.1 A5.1 F5.2 C5.4",
    "G#5.1 B5.1 E6.1 G#6.1 B6.4 A6.2 G#6.2 F6.2 E6.2",
    "F6.4 E6.2 D6.2 C6.2 B5.2 G#5.4",
]
CADENCE = [
    "C6.2 A5.2 F5.2 A5.2 C6.2 F6.2 E6.2 D6.2",
    "E6.4 B5.4 G#5.4 F5.4",
]
GALLOP = [(0, 2, 0, 0), (2, 1, 0, 0), (3, 1, 0, 0), (4, 2, 7, 0), (6, 1, 0, 0), (7, 1, 0, 0), (8, 2, 0, 0),
          (10, 1, 0, 0), (11, 1, 0, 0), (12, 2, 7, 0), (14, 1, 12, 0), (15, 1, 0, 0)]


def song():
    s = Song(156, 40, seed=103)

    drive = {"k": "x.....x.x.....x.", "s": "....x.......x...", "shk": "xxxxxxxxxxxxxxxx", "click": "..x...x...x...x."}
    gallop = {"k": "x.......x.......", "click": "x.xxx.xxx.xxx.xx", "shk": "..x...x...x...x."}
    fill = {"k": "x.....x.x.......", "s": "....x.......x...", "t2": "........x.x.....", "t3": "............x.x.",
            "shk": "xxxxxxxx........"}
    brk = {"k": "x.......x.....x.", "click": "x.xxx.xxx.xxx.xx", "t3": "......x.......x.", "s": "....x.......x..."}

    # intro: the riff alone, gallop underneath
    s.melody(INTRO, "twang", bus="lead", vol=1.0)
    chord_track(s, "E E F E", GALLOP, bass_vol=0.9)
    s.groove(0, 4, gallop, fill)

    # A and A2
    s.melody(TUNE, "twang", bus="lead", vol=1.0, transpose=-12, start_bar=4)
    s.melody(TUNE2, "twang", bus="lead", vol=1.0, transpose=-12, start_bar=12)
    s.melody(TUNE2_HARM, "lead2", bus="harm", vol=0.5, transpose=-12, start_bar=12)
    for start in (4, 12):
        chord_track(s, "E E F E Am G F E", GALLOP, bass_vol=0.9, start_bar=start)
        s.groove(start, start + 8, drive, fill)

    # B: the whistle, with strummed twang chords
    s.melody(WHISTLE, "flute", bus="whistle", vol=1.0, start_bar=20)
    strum = [0, 1, 2, 3, None, None, 2, None, 0, 1, 2, 3, None, 2, None, 1]
    half_gallop = [(0, 3, 0, 0), (3, 3, 7, 0), (6, 2, 12, 0), (8, 3, 0, 0), (11, 3, 7, 0), (14, 2, 10, 0)]
    chord_track(s, "Am Dm G C F Dm E E7", half_gallop, strum, arp_oct=4, arp_vol=0.55, bass_vol=0.9, start_bar=20,
                arp_kind="twang")
    s.groove(20, 28, drive, fill, vol=0.9)

    # break: runs over the clicks
    s.melody(RUNS, "twang", bus="lead", vol=1.0, transpose=-12, start_bar=28)
    chord_track(s, "E F E F", GALLOP, bass_vol=0.9, start_bar=28)
    s.groove(28, 32, brk)

    # A3: the tune an octave up, then the cadence into the intro
    s.melody(TUNE[:6] + CADENCE, "twang", bus="lead", vol=0.9, start_bar=32)
    s.melody(TUNE[:6] + CADENCE, "lead2", bus="harm", vol=0.35, transpose=-12, start_bar=32)
    chord_track(s, "E E F E Am G F E", GALLOP, bass_vol=0.9, start_bar=32)
    s.groove(32, 40, drive, fill)

    s.crashes(4, (12, 0.8), 20, 32)
    return s.render({"lead": 0.36, "harm": 0.25, "whistle": 0.38, "arp": 0.16, "bass": 0.45, "drums": 0.5},
                    echo={"lead": (3, 0.3), "whistle": (3, 0.3)})
