"""The ending and credits: F major, 112 bpm, 32 bars (68.6 s).

Warm and triumphant, then gentle; it loops, so the gentle part climbs back into the fanfare.

Fanfare (bars 0-11)  brass tune in thirds over F-C-Dm-Bb..., march snare and timpani.
Gentle (12-27)       a soft flute melody over harp-like plucked arpeggios and a choir, no drums
                     but a shaker: F-Am-Bb-F-Gm-C-F-C, Dm-Am-Bb-F-Gm-Am-Bb-C.
Rise (28-31)         Dm-Bb-Gm-C7: the lead climbs, drums return with a snare roll into bar 0.
"""
from music_engine import ROOT_FIFTH_OCTAVE, Song, chord_track

FANFARE = [
    "C5.3 C5.1 F5.4 A5.4 C6.4",
    "Bb5.3 A5.1 G5.4 E5.4 C5.4",
    "D5.3 E5.1 F5.4 A5.4 D6.4",
    "D6.6 C6.2 Bb5.8",
    "A5.3 Bb5.1 C6.4 F6.6 E6.2",
    "D6.4 C6.4 G5.4 C6.4",
    "D6.4 F6.4 Bb5.4 D6.4",
    "C6.12 E5.4",
    "F5.3 G5.1 A5.4 D6.4 F6.4",
    "F6.6 E6.2 D6.4 Bb5.4",
    "C6.4 E6.4 G6.4 Bb6.4",
    "A6.16",
]
FANFARE_HARM = [
    "A4.8 C5.8", "G4.8 E4.8", "A4.8 F4.8", "F5.8 F5.8", "F5.8 A5.8", "G5.8 E5.8", "F5.8 D5.8", "E5.16",
    "D5.8 F5.8", "D5.8 F5.8", "E5.8 G5.8", "C6.16",
]
GENTLE = [
    "A5.8 G5.4 F5.4",
    "E5.8 C5.8",
    "D5.6 F5.2 Bb5.8",
    "A5.16",
    "G5.8 A5.4 Bb5.4",
    "C6.8 E5.8",
    "F5.6 G5.2 A5.8",
    "G5.16",
    "F5.8 E5.4 D5.4",
    "C5.8 E5.8",
    "F5.6 G5.2 A5.4 Bb5.4",
    "C6.16",
    "Bb5.8 A5.4 G5.4",
    "A5.8 C6.8",
    "D6.6 C6.2 Bb5.4 A5.4",
    "G5.16",
]
RISE = ["D6.4 F6.4 A6.8", "Bb6.4 A6.4 F6.8", "G6.4 A6.4 Bb6.4 D7.4", "C7.8 Bb6.4 G6.4"]


def song():
    s = Song(112, 32, seed=108)

    march = {"k": "x.......x.......", "s": "....x.......x...", "h": "x.x.x.x.x.x.x.x."}
    march2 = {"k": "x.....x.x.......", "s": "....x..x....x...", "h": "x.x.x.x.x.x.x.x."}
    fill = {"k": "x.......x.......", "s": "....x...x.x.xxxx", "t": "........x.......", "t3": "..........x....."}
    shaker = {"shk": "x...x...x...x..."}

    # fanfare
    s.melody(FANFARE, "brass", bus="lead", vol=1.0, transpose=-12)
    s.melody(FANFARE_HARM, "brass", bus="harm", vol=0.5, transpose=-12)
    chord_track(s, "F C Dm Bb F C Bb C Dm Bb C F", ROOT_FIFTH_OCTAVE, [0, None, 1, None, 2, None, 3, None] * 2,
                arp_oct=4, arp_vol=0.4, bass_vol=0.9, pad=True, pad_vol=0.3)

    def timp(b):
        if b % 4 == 0:
            s.drum(b * 16, "timp", 0.8, pitch="F2")

    s.groove(0, 8, march, fill, vol=0.85, each=timp)
    s.groove(8, 12, march2, vol=0.85, each=timp)
    s.drum(10 * 16 + 8, "timp", 0.8, pitch="C3")
    s.crashes((11, 0.9))
    s.melody(["-.16"] * 11 + ["F6.16"], "bell", bus="bell", vol=0.6, transpose=-12)

    # gentle: flute, harp, choir
    s.melody(GENTLE, "flute", bus="flute", vol=1.0, transpose=-12, start_bar=12)
    harp = [0, None, 1, None, 2, None, 3, None, 4, None, 3, None, 2, None, 1, None]
    chord_track(s, "F Am Bb F Gm C F C Dm Am Bb F Gm Am Bb C", [(0, 8, 0, 0), (8, 8, 7, 0)], harp, arp_oct=4,
                arp_vol=0.6, bass_vol=0.5, start_bar=12, arp_kind="pluck", pad=True, pad_kind="choir", pad_vol=0.3)
    s.groove(20, 28, shaker, vol=0.6)

    # rise back to the fanfare
    s.melody(RISE, "lead2", bus="lead", vol=0.9, transpose=-12, start_bar=28)
    chord_track(s, "Dm Bb Gm C7", ROOT_FIFTH_OCTAVE, [0, 1, 2, 1] * 4, arp_oct=4, arp_vol=0.4, bass_vol=0.9,
                start_bar=28, pad=True, pad_vol=0.3)
    for b in range(28, 32):
        s.drums(b, march if b < 31 else {"k": "x.......x.......", "s": "x.x.x.x.xxxxXXXX"}, vol=0.5 + 0.1 * (b - 28))
    s.drum(31 * 16, "timp", 0.7, pitch="C3")

    s.crashes(0, (8, 0.8))
    return s.render({"lead": 0.34, "harm": 0.24, "flute": 0.4, "bell": 0.25, "arp": 0.16, "bass": 0.42, "pad": 0.2,
                     "drums": 0.45},
                    echo={"lead": (3, 0.25), "flute": (6, 0.3), "arp": (6, 0.25)})
