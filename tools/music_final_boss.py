"""The final boss: C# minor, 176 bpm, 48 bars (65.5 s).

Urgent and relentless: a 16th-note bass ostinato, a buzzing saw riff, four-on-the-floor kicks
with 16th hi-hats, brass stabs and a climbing chain in the breakdown.

A  (bars 0-7)    the saw riff over C#m-C#m-A-B-C#m-C#m-D-G#7 (D, the flat second, for menace).
B  (8-15)        a long-note pulse melody over F#m-G#m-A-B; the saw turns to 8th arpeggios.
C  (16-23)       climbing figures over A-B-G#m-C#m-A-B-G#-G#7, brass stabs on the offbeats.
D  (24-31)       breakdown: C# and D grind against each other, toms, a rising chain of fifths
                 that ends in a 16th snare roll.
A' (32-39)       the riff with a parallel fourth below.
B' (40-47)       the melody with an octave-down double and crashes; G#7 leads back into bar 0.
"""
from music_engine import DRIVE, GRIND, OSTINATO, SNARE_ROLL, TOM_FILL, TOM_GROOVE, Song, chord_track, pushed_drive

# the drive with this track's own kick, for the sections that push harder
PUSH = pushed_drive("x...x...x...x.x.")

RIFF = [
    "C#5.2 C#5.1 E5.1 G#5.2 C#5.1 E5.1 F#5.2 E5.2 D#5.2 E5.2",
    "C#5.2 C#5.1 E5.1 G#5.2 C#6.2 B5.2 G#5.2 F#5.2 E5.2",
    "A5.2 A5.1 C#6.1 E6.2 A5.1 C#6.1 E6.2 D#6.2 C#6.2 B5.2",
    "B5.2 B5.1 D#6.1 F#6.2 B5.1 D#6.1 F#6.4 D#6.4",
    "C#5.2 C#5.1 E5.1 G#5.2 C#5.1 E5.1 F#5.2 E5.2 D#5.2 E5.2",
    "C#5.2 C#5.1 E5.1 G#5.2 C#6.2 B5.2 G#5.2 F#5.2 E5.2",
    "D6.2 D6.1 F#6.1 A6.2 D6.2 F#6.2 A6.2 B6.2 A6.2",
    "G#6.4 F#6.2 E6.2 D#6.2 B#5.2 G#5.4",
]
MELODY = [
    "A5.6 G#5.2 F#5.4 C#6.4",
    "B5.6 A5.2 G#5.4 D#6.4",
    "C#6.4 E6.4 A6.6 G#6.2",
    "F#6.8 D#6.4 B5.4",
    "A6.6 G#6.2 F#6.4 E6.4",
    "D#6.6 E6.2 F#6.4 B5.4",
    "C#6.4 E6.4 G#6.4 A6.4",
    "G#6.8 B#6.4 D#7.4",
]
CLIMB = [
    "E6.2 C#6.2 E6.2 A6.2 G#6.4 E6.4",
    "F#6.2 D#6.2 F#6.2 B6.2 A6.4 F#6.4",
    "G#6.2 D#6.2 G#6.2 B6.2 D#7.4 B6.4",
    "C#7.8 G#6.4 E6.4",
    "A6.2 G#6.2 F#6.2 E6.2 C#6.4 E6.4",
    "B6.2 A6.2 G#6.2 F#6.2 D#6.4 F#6.4",
    "B#6.4 D#7.4 G#7.4 F#7.4",
    "F#7.4 D#7.4 B#6.4 G#6.4",
]
CHAIN = ["C#6.8 G#5.8", "D6.8 A5.8", "E6.8 C#6.8", "F#6.8 D6.8", "G#6.8 E6.8", "A6.8 F#6.8", "B6.8 G#6.8",
         "B#6.4 D#7.4 F#7.4 G#7.4"]


def song():
    s = Song(176, 48, seed=107)

    # A: the riff
    prog_a = "C#m C#m A B C#m C#m D G#7"
    s.melody(RIFF, "saw", bus="lead", vol=1.0, transpose=-12)
    chord_track(s, prog_a, OSTINATO, bass_vol=1.0)
    s.groove(0, 8, DRIVE, TOM_FILL)

    # B: melody over 8th arpeggios
    s.melody(MELODY, "lead", bus="lead", vol=1.0, transpose=-12, start_bar=8)
    chord_track(s, "F#m G#m A B F#m G#m A G#", OSTINATO,
                [0, None, 1, None, 2, None, 3, None, 2, None, 1, None, 2, None, 3, None], arp_oct=4, arp_vol=0.6,
                bass_vol=1.0, start_bar=8, arp_kind="saw")
    s.groove(8, 16, PUSH, TOM_FILL)

    # C: climbing figures and stabs
    prog_c = "A B G#m C#m A B G# G#7"
    s.melody(CLIMB, "saw", bus="lead", vol=0.9, transpose=-12, start_bar=16)
    chord_track(s, prog_c, OSTINATO, bass_vol=1.0, start_bar=16)
    s.stabs(16, prog_c, (2, 6, 10, 14), 1, gate=0.7)
    s.groove(16, 24, PUSH, TOM_FILL)

    # D: breakdown, the chain
    s.melody(CHAIN, "lead", bus="lead", vol=0.9, transpose=-12, start_bar=24)
    s.melody(CHAIN, "saw", bus="harm", vol=0.45, transpose=-24, start_bar=24)
    chord_track(s, "C#m D C#m D C#m D E G#7", GRIND, bass_vol=1.0, start_bar=24, pad=True, pad_vol=0.35)
    s.groove(24, 32, TOM_GROOVE, SNARE_ROLL)

    # A': the riff in parallel fourths
    s.melody(RIFF, "saw", bus="lead", vol=1.0, transpose=-12, start_bar=32)
    s.melody(RIFF, "saw", bus="harm", vol=0.5, transpose=-17, start_bar=32)
    chord_track(s, prog_a, OSTINATO, bass_vol=1.0, start_bar=32)
    s.groove(32, 40, DRIVE, TOM_FILL)

    # B': the melody, doubled, back to the top
    s.melody(MELODY, "lead", bus="lead", vol=1.0, transpose=-12, start_bar=40)
    s.melody(MELODY, "lead2", bus="harm", vol=0.5, transpose=-24, start_bar=40)
    chord_track(s, "F#m G#m A B F#m G#m A G#7", OSTINATO, [0, 1, 2, 1] * 4, arp_oct=4, arp_vol=0.45, bass_vol=1.0,
                start_bar=40, arp_kind="saw")
    s.groove(40, 48, PUSH, TOM_FILL)

    s.crashes(0, 8, 16, 32, 40, 44)
    return s.render({"lead": 0.33, "harm": 0.24, "stab": 0.16, "pad": 0.14, "arp": 0.1, "bass": 0.45, "drums": 0.5},
                    echo={"lead": (3, 0.22)})
