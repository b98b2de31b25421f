#!/usr/bin/env python3
"""Synthesise SkySweep's sound effects and music (chiptune style).

Run from the repository root:  python3 tools/gen_audio.py
Writes Ogg Vorbis files into assets/sfx/ (mono, 22050 Hz) and assets/music/ (stereo, 44100 Hz), encoded
by Debian's `oggenc` (vorbis-tools), and each track's loop region into assets/music/loops.ron.
Everything is generated from oscillators (band-limited pulse, stepped triangle,
noise), envelopes and pitch sweeps; the melodies are original. Deterministic.
Music loops seamlessly: every note's release and the echo tail that spill past
the end of the loop are folded back onto its start. A stage or boss track opens with a one-bar
drum intro that plays once; the loop region then runs from the loop's first bar to the end.

The oscillators live in music_synth.py, the sequencer in music_engine.py, and each
longer song in its own music_<track>.py module; title and boss stay here.
`python3 tools/gen_audio.py NAME...` renders only the named sound effects and music tracks.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import music_ending  # noqa: E402
import music_extra_boss  # noqa: E402
import music_final_boss  # noqa: E402
import music_stage1  # noqa: E402
import music_stage2  # noqa: E402
import music_stage3  # noqa: E402
import music_stage4  # noqa: E402
import music_stage5  # noqa: E402
import music_stage6  # noqa: E402
import music_stage7  # noqa: E402
from music_engine import ROOT_FIFTH_OCTAVE, Song, chord_track  # noqa: E402
from music_engine import Song as _Song  # noqa: E402
from music_synth import (SR, env_adsr, env_exp, fade_edges, halve_rate, lowpass, noise, pulse, secs,  # noqa: E402
                         sine, sweep, tri, write_ogg)


# ---------------------------------------------------------------- sound effects
def sfx_shot():
    n = secs(0.05)
    f = sweep(n, 1500, 620)
    x = pulse(f, 0.25) * env_exp(n, 0.018)
    x += noise(n, 9000, 1) * env_exp(n, 0.006) * 0.3
    return lowpass(x, 5000)


def sfx_hit():
    n = secs(0.07)
    x = pulse(sweep(n, 420, 140), 0.5) * env_exp(n, 0.025) * 0.7
    x += noise(n, 11000, 2) * env_exp(n, 0.02)
    return x


def sfx_armor():
    """A shot glancing off armour: a bright metallic clink (two inharmonic rings over a tick),
    higher and harder than a hit's thud, so 'this does nothing' is heard apart from 'hit'."""
    n = secs(0.12)
    t = np.arange(n) / SR
    ring = (np.sin(2 * np.pi * 2350 * t) + 0.6 * np.sin(2 * np.pi * 3710 * t)) * env_exp(n, 0.035)
    tick = noise(n, 14000, 12) * env_exp(n, 0.004) * 0.8
    return lowpass(ring * 0.6 + tick, 9000)


def sfx_explode_small():
    n = secs(0.38)
    nz = noise(n, 7000, 3)
    x = lowpass(nz, sweep(n, 5000, 300)) * env_exp(n, 0.11) * 1.4
    x += pulse(sweep(n, 160, 40), 0.5) * env_exp(n, 0.06) * 0.6
    return fade_edges(x)


def sfx_explode_large():
    n = secs(1.3)
    nz = noise(n, 5000, 4)
    x = lowpass(nz, sweep(n, 3500, 120)) * env_exp(n, 0.42) * 1.6
    x += sine(sweep(n, 110, 28)) * env_exp(n, 0.35) * 0.9
    # crackles
    cr = noise(n, 2500, 5) * (noise(n, 30, 6) > 0.55)
    x += lowpass(cr, 2500) * env_exp(n, 0.5) * 0.6
    return fade_edges(x, fout=0.05)


def sfx_pickup():
    notes = [1046.5, 1318.5, 1568.0, 2093.0]
    out = []
    for i, f in enumerate(notes):
        n = secs(0.04)
        out.append(pulse(np.full(n, f), 0.25) * env_exp(n, 0.05))
    return fade_edges(np.concatenate(out))


def sfx_coin():
    a = secs(0.06)
    b = secs(0.22)
    x1 = pulse(np.full(a, 987.8), 0.5)
    x2 = pulse(np.full(b, 1318.5), 0.5) * env_exp(b, 0.08)
    return fade_edges(np.concatenate([x1, x2])) * 0.8


def sfx_power_up():
    n = secs(0.65)
    t = np.arange(n) / SR
    base = sweep(n, 300, 1400)
    step = 2 ** (np.floor(t * 40) % 3 * 4 / 12)  # fast arpeggio
    x = pulse(base * step, 0.25) * env_adsr(n, 0.01, 0.3, 0.7, 0.15, gate=secs(0.5))
    x += tri(base * 0.5) * 0.4 * env_adsr(n, 0.01, 0.3, 0.7, 0.15, gate=secs(0.5))
    return fade_edges(x)


def sfx_power_down():
    n = secs(0.55)
    t = np.arange(n) / SR
    base = sweep(n, 900, 160)
    wob = 1 + 0.04 * np.sin(2 * np.pi * 14 * t)
    x = pulse(base * wob, 0.5) * env_adsr(n, 0.005, 0.3, 0.6, 0.1, gate=secs(0.45))
    return fade_edges(lowpass(x, 3500))


def sfx_bomb():
    n1 = secs(0.35)
    whoosh = lowpass(noise(n1, 12000, 7), sweep(n1, 400, 6000)) * np.linspace(0.2, 1, n1)
    n2 = secs(1.6)
    boom = lowpass(noise(n2, 6000, 8), sweep(n2, 4000, 90)) * env_exp(n2, 0.55) * 1.6
    boom += sine(sweep(n2, 90, 24)) * env_exp(n2, 0.6) * 1.2
    boom += pulse(sweep(n2, 220, 30), 0.5) * env_exp(n2, 0.15) * 0.5
    x = np.concatenate([whoosh, boom])
    return fade_edges(x, fout=0.08)


def sfx_death():
    n = secs(1.25)
    t = np.arange(n) / SR
    f = sweep(n, 900, 50)
    x = pulse(f * (1 + 0.06 * np.sin(2 * np.pi * 18 * t)), 0.5) * env_exp(n, 0.45) * 0.7
    x += lowpass(noise(n, 6000, 9), sweep(n, 4000, 200)) * env_exp(n, 0.4) * 1.2
    return fade_edges(x, fout=0.06)


def sfx_extra_life():
    seq = [(523.3, 0.07), (659.3, 0.07), (784.0, 0.07), (1046.5, 0.07), (784.0, 0.07), (1046.5, 0.07),
           (1318.5, 0.07), (1568.0, 0.32)]
    out = []
    for f, d in seq:
        n = secs(d)
        e = env_adsr(n, 0.003, 0.05, 0.7, 0.02, gate=n - secs(0.01))
        out.append((pulse(np.full(n, f), 0.25) * 0.7 + tri(np.full(n, f / 2)) * 0.5) * e)
    return fade_edges(np.concatenate(out))


def sfx_menu_move():
    n = secs(0.035)
    return pulse(np.full(n, 1760.0), 0.5) * env_exp(n, 0.015)


def sfx_menu_select():
    a, b = secs(0.06), secs(0.16)
    x1 = pulse(np.full(a, 1046.5), 0.25) * env_exp(a, 0.05)
    x2 = pulse(np.full(b, 1568.0), 0.25) * env_exp(b, 0.07)
    return fade_edges(np.concatenate([x1, x2]))


def sfx_warning():
    out = []
    for k in range(3):
        n = secs(0.42)
        t = np.arange(n) / SR
        f = np.where(t < 0.21, 660.0, 880.0)
        x = (pulse(f, 0.5) * 0.6 + tri(f / 2) * 0.6) * env_adsr(n, 0.01, 0.1, 0.8, 0.03, gate=secs(0.4))
        out.append(x)
        out.append(np.zeros(secs(0.1)))
    return fade_edges(np.concatenate(out))


def sfx_charge():
    n = secs(0.75)
    t = np.arange(n) / SR
    f = sweep(n, 180, 1200)
    trem = 0.6 + 0.4 * np.sin(2 * np.pi * (10 + 30 * t) * t)
    x = pulse(f, 0.125) * trem * np.linspace(0.3, 1, n)
    x += lowpass(noise(n, 9000, 10), 3000) * 0.15 * np.linspace(0, 1, n)
    return fade_edges(x, fout=0.03)


def sfx_melee():
    """The melee strike: a short swish, then a heavy thump with a metallic ring."""
    a = secs(0.07)
    swish = lowpass(noise(a, 12000, 11), sweep(a, 1500, 7000)) * np.linspace(0.2, 1, a) * 0.7
    n = secs(0.42)
    t = np.arange(n) / SR
    thump = sine(sweep(n, 150, 45)) * env_exp(n, 0.09) * 1.5
    thump += lowpass(noise(n, 8000, 12), sweep(n, 6000, 400)) * env_exp(n, 0.035) * 1.1
    ring = pulse(np.full(n, 1320.0), 0.25) * env_exp(n, 0.12) * 0.25
    ring *= 0.8 + 0.2 * np.sin(2 * np.pi * 23 * t)
    return fade_edges(np.concatenate([swish, thump + ring]), fout=0.04)


SFX = {
    "shot": (sfx_shot, 0.32),
    "hit": (sfx_hit, 0.55),
    "armor": (sfx_armor, 0.45),
    "explode_small": (sfx_explode_small, 0.75),
    "explode_large": (sfx_explode_large, 0.9),
    "pickup": (sfx_pickup, 0.6),
    "coin": (sfx_coin, 0.5),
    "power_up": (sfx_power_up, 0.7),
    "power_down": (sfx_power_down, 0.7),
    "bomb": (sfx_bomb, 0.92),
    "death": (sfx_death, 0.9),
    "extra_life": (sfx_extra_life, 0.75),
    "menu_move": (sfx_menu_move, 0.45),
    "menu_select": (sfx_menu_select, 0.6),
    "warning": (sfx_warning, 0.8),
    "charge": (sfx_charge, 0.6),
    "melee": (sfx_melee, 0.9),
}


# ---------------------------------------------------------------- the tunes (all original)
def song_boss():
    s = Song(160, 20)
    prog = "Em Em C D Em Em C B Am Em Am B C D B B7 Em F Em B"
    mel = [
        "E5.2 G5.2 B5.2 E6.2 D#6.2 E6.2 B5.4",
        "G5.2 A5.2 B5.4 C6.2 B5.2 A5.2 G5.2",
        "E6.4 C6.2 G5.2 E6.2 F#6.2 G6.4",
        "F#6.4 D6.2 A5.2 F#6.2 E6.2 D6.4",
        "E6.2 B5.2 G5.2 B5.2 E6.2 G6.2 B6.4",
        "A6.2 G6.2 F#6.2 E6.2 D#6.4 B5.4",
        "C6.3 E6.3 G6.2 F#6.2 E6.2 D6.4",
        "D#6.4 F#6.4 B6.4 A6.4",
        "A5.2 C6.2 E6.4 D6.2 C6.2 B5.4",
        "G5.2 B5.2 E6.4 F#6.2 G6.2 E6.4",
        "C6.2 E6.2 A6.4 G6.2 F#6.2 E6.4",
        "D#6.4 B5.4 F#6.4 D#6.4",
        "E6.2 G6.2 C7.4 B6.2 A6.2 G6.4",
        "F#6.2 A6.2 D7.4 C7.2 A6.2 F#6.4",
        "B6.4 A6.2 G6.2 F#6.4 D#6.4",
        "B5.8 D#6.4 F#6.4",
        "E6.2 E6.2 -.2 E6.2 G6.2 F#6.2 E6.2 D6.2",
        "F6.4 E6.2 C6.2 A5.4 C6.4",
        "B5.2 E6.2 G6.2 B6.2 A6.2 G6.2 E6.4",
        "F#6.4 D#6.4 B5.4 -.4",
    ]
    s.melody(mel, "lead", vol=1.0, transpose=-12)
    s.melody(mel[8:16], "lead2", bus="harm", vol=0.45, transpose=-12 - 12 + 7, start_bar=8)
    bass = [(i, 1, [0, 0, 12, 0, 0, 12, 0, 10, 0, 0, 12, 0, 7, 0, 12, 10][i], 0) for i in range(16)]
    arp = [0, 2, 1, 2, 0, 2, 1, 2, 0, 2, 1, 2, 0, 2, 1, 2]
    chord_track(s, prog, bass, arp, arp_oct=4, arp_vol=0.4, bass_vol=1.0)
    beat = {"k": "x.x...x.x.x...x.", "s": "....x.......x...", "h": "xxxxxxxxxxxxxxxx"}
    fill = {"k": "x.x...x.x.......", "s": "....x.......xxxx", "t": "........x.x.x...", "h": "xxxxxxxx........"}
    s.groove(0, 20, beat, fill, vol=0.9, fills=(7, 15, 19))
    s.crashes(0, 8, 16)
    return s.render({"lead": 0.34, "harm": 0.28, "arp": 0.12, "bass": 0.45, "drums": 0.5},
                    echo={"lead": (3, 0.25)}, dc_cut=None)


def song_title():
    s = Song(118, 16)
    prog = "G D Em C G D C D Em C G D Em C D D7"
    mel = [
        "D5.4 G5.4 B5.6 A5.2",
        "A5.6 F#5.2 D5.8",
        "E5.4 G5.4 B5.4 D6.4",
        "C6.6 B5.2 G5.8",
        "D5.4 G5.4 B5.4 D6.4",
        "F#6.6 E6.2 D6.4 A5.4",
        "G5.4 A5.4 B5.4 C6.4",
        "D6.12 -.4",
        "B5.4 E6.4 G6.6 F#6.2",
        "E6.4 C6.4 G5.8",
        "D6.4 G6.4 B6.6 A6.2",
        "A6.8 F#6.8",
        "G6.4 F#6.4 E6.4 B5.4",
        "C6.4 E6.4 G6.4 E6.4",
        "F#6.4 A6.4 D6.4 F#6.4",
        "A6.8 -.4 D6.4",
    ]
    s.melody(mel, "lead2", bus="lead", vol=1.0, transpose=-12)
    s.melody(mel[8:], "lead", bus="harm", vol=0.35, transpose=-12 - 12, start_bar=8)
    arp = [0, None, 1, None, 2, None, 3, None, 2, None, 1, None, 2, None, 3, None]
    chord_track(s, prog, ROOT_FIFTH_OCTAVE, arp, arp_oct=4, arp_vol=0.5, bass_vol=0.9, pad=True)
    beat = {"k": "x.......x.......", "s": "........x.......", "h": "x...x...x...x..."}
    beat2 = {"k": "x.....x.x.......", "s": "....x.......x...", "h": "x.x.x.x.x.x.x.x."}
    s.groove(0, 8, beat, vol=0.85)
    s.groove(8, 16, beat2, vol=0.85)
    s.crashes(0, 8)
    return s.render({"lead": 0.36, "harm": 0.25, "arp": 0.13, "bass": 0.42, "pad": 0.2, "drums": 0.42},
                    echo={"lead": (3, 0.32)}, dc_cut=None)


MUSIC = {
    "title": song_title,
    "stage1": music_stage1.song,
    "stage2": music_stage2.song,
    "boss": song_boss,
    "stage3": music_stage3.song,
    "stage4": music_stage4.song,
    "stage5": music_stage5.song,
    "stage6": music_stage6.song,
    "final_boss": music_final_boss.song,
    "stage7": music_stage7.song,
    "extra_boss": music_extra_boss.song,
    "ending": music_ending.song,
}


# The tracks that open with a drum intro played once before the loop: every stage's and boss's.
# The title and the ending loop from their first sample.
NO_INTRO = ("title", "ending")


def drum_intro(loop):
    """One bar at the loop's tempo that plays once before it: a kick on the downbeat, then a
    snare roll swelling into the loop's first bar. Its last 20 ms cross-fade into the loop's own
    last 20 ms, which flow into the loop's first sample, so the join has no click."""
    s = _Song(loop.bpm, 1, loop.spb, seed=77)
    s.drum(0, "K", 0.9)
    for step in range(loop.spb // 2, loop.spb):
        s.drum(step, "s", 0.35 + 0.6 * (step - loop.spb // 2) / (loop.spb // 2))
    x = s.render_once({"drums": 0.5})
    k = secs(0.02)
    ramp = np.linspace(0.0, 1.0, k)[:, None]
    x[-k:] = x[-k:] * (1 - ramp) + loop.samples[-k:] * ramp
    return x


def seam_report(x, start=0):
    """Loop seam as the game will play it (last frame -> frame `start`), in the units of the
    written 16-bit file, over the louder channel."""
    q = np.round(x / np.max(np.abs(x)) * 0.8 * 32767)
    jump = np.max(np.abs(q[start] - q[-1]))
    steps = np.abs(np.diff(q[start:], axis=0))
    return "jump %d (p99.9 step %d), median step %d" % (jump, np.percentile(steps, 99.9), np.median(steps))


def write_loops(path, loops):
    """The loop regions, in frames at `SR`: a RON map from cue to (start, end), end exclusive."""
    lines = ["// Each music cue's loop region in sample frames at %d Hz: the track plays from its" % SR,
             "// first frame, and from `end` (exclusive: the track's length) goes on at `start`.",
             "// Written by tools/gen_audio.py with the .ogg files; do not edit by hand.",
             "{"]
    for name in sorted(loops):
        start, end = loops[name]
        lines.append('    "%s": (start: %d, end: %d),' % (name, start, end))
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def read_loops(path):
    """The loop regions already written, so that rendering some tracks keeps the others'."""
    import re
    if not os.path.exists(path):
        return {}
    pat = re.compile(r'"(\w+)": \(start: (\d+), end: (\d+)\)')
    return {m[1]: (int(m[2]), int(m[3])) for m in pat.finditer(open(path).read())}


def main():
    """`gen_audio.py` writes everything; `gen_audio.py NAME...` writes only the named sound
    effects and music tracks."""
    only = sys.argv[1:]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sfx_dir = os.path.join(root, "assets", "sfx")
    mus_dir = os.path.join(root, "assets", "music")
    os.makedirs(sfx_dir, exist_ok=True)
    os.makedirs(mus_dir, exist_ok=True)
    unknown = [name for name in only if name not in MUSIC and name not in SFX]
    if unknown:
        sys.exit("unknown name(s): %s; known: %s" % (", ".join(unknown), ", ".join(list(SFX) + list(MUSIC))))
    for name, (fn, peak) in SFX.items():
        if not only or name in only:
            # Effects are decoded whole into the game's memory (8 bytes a frame), so they keep
            # the half rate they always had: short chiptune blips lose nothing above 11 kHz.
            x = halve_rate(fade_edges(fn(), 0.001, 0.004))
            write_ogg(os.path.join(sfx_dir, name + ".ogg"), x, peak, rate=SR // 2)
    loops_path = os.path.join(mus_dir, "loops.ron")
    loops = read_loops(loops_path)
    for name, fn in MUSIC.items():
        if only and name not in only:
            continue
        loop = fn()
        x = loop.samples
        start = 0
        if name not in NO_INTRO:
            intro = drum_intro(loop)
            start = len(intro)
            x = np.concatenate([intro, x])
        write_ogg(os.path.join(mus_dir, name + ".ogg"), x, 0.8)
        loops[name] = (start, len(x))
        print("%-11s %6.2f s, loop from %5.2f s  %s" % (name, len(x) / SR, start / SR, seam_report(x, start)))
    write_loops(loops_path, loops)


if __name__ == "__main__":
    main()
