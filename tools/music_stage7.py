"""The Extra stage, the Stormcrown: E minor with a Phrygian F, 168 bpm, 48 bars (68.6 s).

A storm above the clouds and a curtain of bullets: the fastest and densest track. A 16th-note
saw arpeggio never stops, the bass drives in 16ths, thunder rolls on timpani and gong.

Intro (bars 0-3)  thunder: a gong, timpani rolls, organ chords Em-F-D-B7.
A  (4-11)         the storm theme on the lead over Em-C-D-B-Em-C-F-B7, saw arpeggios, drive.
B  (12-19)        the choir enters; a high pulse line over Am-Em-F-C-Am-Em-F-B.
C  (20-27)        brass stabs on the offbeats; the theme climbs through C-D-Em-G-C-D-F-B7.
D  (28-35)        the eye of the storm: half-time drums, a tolling bell, the F grinding on E.
A' (36-43)        the theme in thirds under a high counter-line, crashes every other bar.
Outro (44-47)     a snare-roll climb on Em-F-D-B7; B7 falls back into the intro's Em.
"""
from music_engine import DRIVE, GRIND, OSTINATO, SNARE_ROLL, TOM_FILL, Song, chord_track, pushed_drive

# the drive with this track's own kick, for the sections that push harder
PUSH = pushed_drive("x...x..xx...x...")

THEME = [
    "E5.4 B5.4 G5.2 F#5.2 E5.4",
    "G5.4 C6.4 B5.2 A5.2 G5.4",
    "F#5.4 A5.4 D6.6 C6.2",
    "B5.8 D#6.4 F#6.4",
    "E6.4 D6.2 B5.2 G5.4 E5.4",
    "E6.4 C6.2 G5.2 E6.4 G6.4",
    "F6.6 E6.2 C6.4 A5.4",
    "B5.4 D#6.4 F#6.4 A6.4",
]
HIGH = [
    "A6.8 G6.4 E6.4",
    "B6.8 G6.4 E6.4",
    "A6.4 F6.4 C7.8",
    "G6.8 E6.4 C6.4",
    "A6.6 B6.2 C7.4 E7.4",
    "D7.6 B6.2 G6.4 E6.4",
    "F6.4 A6.4 C7.4 F7.4",
    "D#7.8 B6.4 F#6.4",
]
CLIMB = [
    "C6.2 E6.2 G6.2 E6.2 C7.4 G6.4",
    "D6.2 F#6.2 A6.2 F#6.2 D7.4 A6.4",
    "E6.2 G6.2 B6.2 G6.2 E7.4 B6.4",
    "G6.2 B6.2 D7.2 B6.2 G7.8",
    "C7.2 G6.2 E6.2 G6.2 C7.4 E7.4",
    "D7.2 A6.2 F#6.2 A6.2 D7.4 F#7.4",
    "F7.4 E7.4 C7.4 A6.4",
    "B6.4 A6.4 F#6.4 D#6.4",
]
EYE = ["E5.16", "F5.16", "E5.16", "F5.8 E5.8", "G5.16", "F5.16", "E5.16", "D#5.8 F#5.8"]
COUNTER = ["B6.16", "C7.16", "A6.16", "B6.16", "G6.16", "C7.16", "A6.16", "D#7.16"]


def song():
    s = Song(168, 48, seed=108)

    half = {"K": "x.......x.......", "S": "........x.......", "h": "x.x.x.x.x.x.x.x."}
    storm = [0, 1, 2, 3, 2, 1, 2, 3, 4, 3, 2, 1, 2, 3, 4, 5]

    # intro: thunder and organ
    intro = "Em F D B7"
    s.drum(0, "gong", 1.0, pitch=82.4)
    s.stabs(0, intro, (0,), 16, octave=3, kind="organ", vol=0.55, gate=0.97)
    for bar in range(4):  # rolling thunder on the timpani
        s.timpani_roll(bar, 4, 0.2, 0.05, "B2" if bar == 3 else "E2")
    chord_track(s, intro, GRIND, bass_vol=0.8)
    s.drum(2 * 16, "gong", 0.6, pitch=82.4)

    # A: the storm theme
    prog_a = "Em C D B Em C F B7"
    s.melody(THEME, "lead", bus="lead", vol=1.0, transpose=-12, start_bar=4)
    chord_track(s, prog_a, OSTINATO, storm, arp_oct=4, arp_vol=0.5, bass_vol=1.0, start_bar=4, arp_kind="saw")
    s.groove(4, 12, DRIVE, TOM_FILL)

    # B: choir and the high line
    s.melody(HIGH, "lead2", bus="lead", vol=0.9, transpose=-12, start_bar=12)
    s.melody(HIGH, "brass", bus="harm", vol=0.35, transpose=-24, start_bar=12)
    chord_track(s, "Am Em F C Am Em F B", OSTINATO, storm, arp_oct=4, arp_vol=0.4, bass_vol=1.0, start_bar=12,
                arp_kind="saw", pad=True, pad_kind="choir", pad_vol=0.45, pad_oct=4)
    s.groove(12, 20, PUSH, TOM_FILL)

    # C: stabs and the climb
    prog_c = "C D Em G C D F B7"
    s.melody(CLIMB, "saw", bus="lead", vol=0.9, transpose=-12, start_bar=20)
    chord_track(s, prog_c, OSTINATO, bass_vol=1.0, start_bar=20)
    s.stabs(20, prog_c, (2, 6, 10, 14), 1, gate=0.7)
    s.groove(20, 28, PUSH, TOM_FILL, each=lambda b: s.drum(b * 16, "timp", 0.7, pitch="E2"))

    # D: the eye of the storm
    s.melody(EYE, "brass", bus="lead", vol=0.9, transpose=-12, start_bar=28)
    s.melody(["E6.8 E6.8"] * 7 + ["D#6.8 D#6.8"], "bell", bus="bell", vol=0.6, transpose=-12, start_bar=28)
    chord_track(s, "Em F Em F Em F Em B7", GRIND, [0, None, 1, None, 2, None, 1, None] * 2, arp_oct=4, arp_vol=0.35,
                bass_vol=0.9, start_bar=28, pad=True, pad_kind="organ", pad_vol=0.3, pad_oct=3)
    s.groove(28, 36, half, SNARE_ROLL)

    # A': the theme in thirds under the counter-line
    s.melody(THEME, "lead", bus="lead", vol=1.0, transpose=-12, start_bar=36)
    s.melody(THEME, "lead2", bus="harm", vol=0.45, transpose=-16, start_bar=36)
    s.melody(COUNTER, "lead2", bus="harm", vol=0.4, start_bar=36)
    chord_track(s, prog_a, OSTINATO, storm, arp_oct=4, arp_vol=0.45, bass_vol=1.0, start_bar=36, arp_kind="saw")
    s.groove(36, 44, DRIVE, TOM_FILL)

    # outro: the climb back into the thunder
    s.melody(["E6.4 G6.4 B6.4 E7.4", "F7.8 C7.8", "D7.4 F#6.4 A6.4 D7.4", "D#7.8 B6.4 F#6.4"], "saw", bus="lead",
             vol=0.8, transpose=-12, start_bar=44)
    chord_track(s, intro, OSTINATO, storm, arp_oct=4, arp_vol=0.45, bass_vol=1.0, start_bar=44, arp_kind="saw")
    s.groove(44, 48, PUSH, SNARE_ROLL, fills=(46, 47))

    s.crashes(4, 12, 20, 28, 36, 38, 40, 42, 44)
    return s.render({"lead": 0.33, "harm": 0.24, "stab": 0.16, "pad": 0.16, "bell": 0.28, "arp": 0.1, "bass": 0.45,
                     "drums": 0.5},
                    echo={"lead": (3, 0.22), "bell": (6, 0.3)})
