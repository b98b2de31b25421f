"""Stage 4, Frostpeak Pass: A major with a Lydian D# (the bright, icy raised fourth), 128 bpm,
36 bars (67.5 s).

Bells, glockenspiel sparkle and a soft choir over a light beat.

Intro (bars 0-3)  bell arpeggios over A and B-over-A (the Lydian shimmer), choir pad.
A  (4-11)         the theme on a soft pulse lead doubled an octave up by bells.
B  (12-19)        F#m-D-A-E, the bells take the tune, the lead answers.
A' (20-27)        the theme with a held counter-line and 16th glockenspiel; a new rising end.
Coda (28-35)      hushed: slow bell tolls over glockenspiel ripples, D-E-C#m-F#m-D-E-B-E,
                  which resolves onto the intro's A.
"""
from music_engine import OCTAVE_BOUNCE, Song, chord_track

THEME = [
    "E5.4 A5.4 B5.2 C#6.2 E6.4",
    "D#6.6 C#6.2 B5.4 F#5.4",
    "G#5.4 C#6.4 E6.4 G#6.4",
    "F#6.6 E6.2 C#6.8",
    "A5.4 C#6.4 F#6.6 E6.2",
    "D6.4 F#6.4 A6.4 F#6.4",
    "E6.4 G#6.4 B6.6 D#6.2",
    "E6.12 B5.4",
]
RISE = ["E6.2 F#6.2 G#6.4 B6.4 E7.4", "D#7.8 B6.8"]
B_TUNE = [
    "C#6.6 B5.2 A5.4 C#6.4",
    "F#6.6 E6.2 D6.4 A5.4",
    "C#6.4 E6.4 A6.4 G#6.2 A6.2",
    "B6.12 G#6.4",
    "A6.6 G#6.2 F#6.4 C#6.4",
    "D6.4 F#6.4 A6.4 D7.4",
    "D#7.6 C#7.2 B6.4 F#6.4",
    "G#6.8 E6.4 B5.4",
]
B_ANSWER = [
    "-.8 A5.4 G#5.4",
    "-.8 F#5.4 E5.4",
    "-.8 C#6.4 E6.4",
    "-.8 E6.4 D#6.4",
    "-.8 C#6.4 A5.4",
    "-.8 A5.4 F#5.4",
    "-.8 F#5.4 D#5.4",
    "-.8 B5.4 G#5.4",
]
COUNTER = ["C#5.16", "D#5.16", "E5.16", "C#5.16", "C#5.16", "A4.16", "B4.16", "B4.16"]
CODA = ["F#6.8 A6.8", "G#6.8 B6.8", "E6.8 G#6.8", "C#7.16", "D7.4 C#7.4 A6.8", "B6.4 G#6.4 E6.8",
        "D#6.4 F#6.4 B6.8", "G#6.16"]


def song():
    s = Song(128, 36, seed=104)

    light = {"k": "x.........x.....", "S": "....x.......x...", "shk": "x.xxx.xxx.xxx.xx"}
    light2 = {"k": "x.....x...x.....", "S": "....x.......x...", "shk": "xxxxxxxxxxxxxxxx", "o": "......x.......x."}
    fill = {"k": "x.........x.....", "S": "....x.......x...", "t2": "........x.x.....", "t": "............x.x."}
    hush = {"shk": "x...x...x...x..."}

    # intro: bells alone over the shimmer
    bell_arp = [0, 1, 2, 3, 4, 3, 2, 1] * 2
    chord_track(s, "A B A B", [(0, 16, 0, 0)], bell_arp, arp_oct=5, arp_vol=0.5, bass_vol=0.7, pad=True,
                pad_kind="choir", pad_vol=0.45, arp_kind="glock")
    s.melody(["A6.16", "B6.16", "C#7.16", "D#7.16"], "bell", bus="bell", vol=0.8)
    s.groove(0, 4, hush)

    # A: theme, lead + bells an octave up
    arp8 = [0, None, 1, None, 2, None, 3, None, 4, None, 3, None, 2, None, 1, None]
    s.melody(THEME, "lead2", bus="lead", vol=1.0, transpose=-12, start_bar=4)
    s.melody(THEME, "bell", bus="bell", vol=0.55, start_bar=4)
    chord_track(s, "A B C#m A6 F#m D E E", OCTAVE_BOUNCE, arp8, arp_oct=5, arp_vol=0.4, bass_vol=0.8, start_bar=4,
                pad=True, pad_kind="choir", pad_vol=0.35, arp_kind="glock")
    s.groove(4, 12, light, fill)

    # B: the bells lead, the pulse answers
    s.melody(B_TUNE, "bell", bus="bell", vol=0.9, start_bar=12)
    s.melody(B_ANSWER, "lead2", bus="lead", vol=0.8, transpose=0, start_bar=12)
    syncop = [(0, 3, 0, 0), (3, 3, 7, 0), (6, 2, 12, 0), (8, 3, 0, 0), (11, 5, 7, 0)]
    chord_track(s, "F#m D A E F#m D B E", syncop, [0, 1, 2, 1] * 4, arp_oct=5, arp_vol=0.3, bass_vol=0.8, start_bar=12,
                pad=True, pad_kind="choir", pad_vol=0.35)
    s.groove(12, 20, light2, fill)

    # A': theme, counter-line, 16th glockenspiel, a rising ending
    a2 = THEME[:6] + RISE
    s.melody(a2, "lead2", bus="lead", vol=1.0, transpose=-12, start_bar=20)
    s.melody(a2, "bell", bus="bell", vol=0.5, start_bar=20)
    s.melody(COUNTER, "lead", bus="harm", vol=0.45, start_bar=20)
    chord_track(s, "A B C#m A6 F#m D E B", OCTAVE_BOUNCE, [0, 1, 2, 3, 4, 3, 2, 1] * 2, arp_oct=5, arp_vol=0.35,
                bass_vol=0.8, start_bar=20, pad=True, pad_kind="choir", pad_vol=0.35, arp_kind="glock")
    s.groove(20, 28, light2, fill)

    # coda: hushed tolls and ripples, back to A
    s.melody(CODA, "bell", bus="bell", vol=0.85, start_bar=28)
    ripple = [0, 1, 2, 3, 4, 5, 4, 3, 2, 1, 0, 1, 2, 3, 2, 1]
    chord_track(s, "D E C#m F#m D E B E", [(0, 8, 0, 0), (8, 8, 7, 0)], ripple, arp_oct=5, arp_vol=0.28, bass_vol=0.7,
                start_bar=28, pad=True, pad_kind="choir", pad_vol=0.4, arp_kind="glock")
    s.groove(28, 36, hush, {"k": "x.......x.......", "shk": "x.x.x.x.xxxxxxxx"}, vol=0.8, fills=(34, 35))

    s.crashes((4, 0.8), (12, 0.8), (20, 0.9))
    return s.render({"lead": 0.32, "harm": 0.22, "bell": 0.3, "arp": 0.2, "bass": 0.45, "pad": 0.22, "drums": 0.42},
                    echo={"lead": (3, 0.3), "bell": (6, 0.35), "arp": (3, 0.3)})
