"""The Extra stage's boss, the storm's keeper: E minor, 184 bpm, 32 bars (41.7 s).

The stage track's storm theme turned into a duel: a galloping bass, double-time hats, an organ
that hammers the Phrygian F against E, and the theme cut down to a four-bar riff.

A  (bars 0-7)    the riff on the saw over Em-F-Em-B7, twice; gallop bass, drive.
B  (8-15)        the lead sings a long line over C-D-Em-Em-C-D-F-B7; organ stabs on the beat.
C  (16-23)       the grind: E and F alternate under toms and a high bell, rising fifths on top.
A' (24-31)       the riff doubled an octave down, crashes; B7 falls back into bar 0.
"""
from music_engine import DRIVE, GRIND, SNARE_ROLL, TOM_FILL, TOM_GROOVE, Song, chord_track, pushed_drive, sixteenths

# the drive with this track's own kick, for the sections that push harder
PUSH = pushed_drive("x..xx...x..xx...")
# the galloping bass under every section but the grind
GALLOP = sixteenths([0, 0, 12] * 4 + [7, 0, 12, 10])

RIFF = [
    "E5.2 E5.1 G5.1 B5.2 E5.1 G5.1 F5.2 E5.2 D#5.2 E5.2",
    "F5.2 F5.1 A5.1 C6.2 F5.1 A5.1 C6.2 B5.2 A5.2 F5.2",
    "E5.2 E5.1 G5.1 B5.2 E6.2 D6.2 B5.2 G5.2 E5.2",
    "D#5.2 F#5.2 A5.2 B5.2 D#6.4 B5.4",
]
LINE = [
    "G6.6 E6.2 C6.4 E6.4",
    "F#6.6 D6.2 A5.4 D6.4",
    "G6.4 B6.4 E7.8",
    "D7.4 B6.4 G6.4 E6.4",
    "E7.6 C7.2 G6.4 C7.4",
    "D7.6 A6.2 F#6.4 A6.4",
    "C7.4 A6.4 F6.4 A6.4",
    "B6.8 D#7.4 F#7.4",
]
FIFTHS = [
    "E6.8 B6.8",
    "F6.8 C7.8",
    "G6.8 D7.8",
    "A6.8 E7.8",
    "B6.8 F#7.8",
    "C7.8 G7.8",
    "D7.8 A7.8",
    "D#7.4 F#7.4 A7.4 B7.4",
]


def song():
    s = Song(184, 32, seed=109)

    # A: the riff
    prog_a = "Em F Em B7 Em F Em B7"
    s.melody(RIFF * 2, "saw", bus="lead", vol=1.0, transpose=-12)
    chord_track(s, prog_a, GALLOP, bass_vol=1.0)
    s.groove(0, 8, DRIVE, TOM_FILL)

    # B: the long line, organ on the beat
    prog_b = "C D Em Em C D F B7"
    s.melody(LINE, "lead", bus="lead", vol=1.0, transpose=-12, start_bar=8)
    chord_track(s, prog_b, GALLOP, [0, None, 1, None, 2, None, 3, None, 2, None, 1, None, 2, None, 3, None],
                arp_oct=4, arp_vol=0.5, bass_vol=1.0, start_bar=8, arp_kind="saw")
    s.stabs(8, prog_b, (0, 4, 8, 12), 2, octave=3, kind="organ", vol=0.4, gate=0.6)
    s.groove(8, 16, PUSH, TOM_FILL)

    # C: the grind and the rising fifths
    s.melody(FIFTHS, "lead", bus="lead", vol=0.9, transpose=-12, start_bar=16)
    s.melody(["E6.4 E6.4 E6.4 E6.4", "F6.4 F6.4 F6.4 F6.4"] * 3 + ["E6.16", "D#6.16"], "bell", bus="bell",
             vol=0.5, transpose=-12, start_bar=16)
    chord_track(s, "Em F Em F Em F Em B7", GRIND, bass_vol=1.0, start_bar=16, pad=True, pad_kind="choir", pad_vol=0.35)
    s.groove(16, 24, TOM_GROOVE, SNARE_ROLL)

    # A': the riff doubled an octave down
    s.melody(RIFF * 2, "saw", bus="lead", vol=1.0, transpose=-12, start_bar=24)
    s.melody(RIFF * 2, "saw", bus="harm", vol=0.5, transpose=-24, start_bar=24)
    chord_track(s, prog_a, GALLOP, [0, 1, 2, 1] * 4, arp_oct=4, arp_vol=0.4, bass_vol=1.0, start_bar=24,
                arp_kind="saw")
    s.groove(24, 32, PUSH, TOM_FILL)

    s.crashes(0, 8, 16, 24, 28)
    return s.render({"lead": 0.33, "harm": 0.24, "stab": 0.16, "pad": 0.14, "bell": 0.26, "arp": 0.1, "bass": 0.45,
                     "drums": 0.5},
                    echo={"lead": (3, 0.22), "bell": (6, 0.25)})
