#!/usr/bin/env python3
"""Synthesise SkySweep's sound effects and music (chiptune style).

Run from the repository root:  python3 tools/gen_audio.py
Writes 16-bit PCM mono WAV files at 22050 Hz into assets/sfx/ and assets/music/.
Everything is generated from oscillators (band-limited pulse, stepped triangle,
noise), envelopes and pitch sweeps; the melodies are original. Deterministic.
Music loops seamlessly: every note's release and the echo tail that spill past
the end of the loop are folded back onto its start.
"""
import math
import os
import wave

import numpy as np

SR = 22050
RNG = np.random.default_rng(2024)


# ---------------------------------------------------------------- oscillators
def _blep(t, dt):
    out = np.zeros_like(t)
    m = t < dt
    x = t[m] / dt[m]
    out[m] = x + x - x * x - 1.0
    m2 = t > 1.0 - dt
    x = (t[m2] - 1.0) / dt[m2]
    out[m2] = x * x + x + x + 1.0
    return out


def phase_of(freq):
    """freq: array (Hz per sample) -> phase in [0, 1) and the per-sample increment."""
    dt = np.asarray(freq, float) / SR
    ph = np.cumsum(dt) - dt[0]
    return ph % 1.0, np.clip(dt, 1e-6, 0.5)


def pulse(freq, duty=0.5):
    t, dt = phase_of(freq)
    sq = np.where(t < duty, 1.0, -1.0)
    sq += _blep(t, dt)
    sq -= _blep((t - duty) % 1.0, dt)
    return sq


def tri(freq, steps=16):
    t, _ = phase_of(freq)
    v = 2.0 * np.abs(2.0 * t - 1.0) - 1.0
    if steps:
        v = np.round(v * (steps / 2 - 0.5)) / (steps / 2 - 0.5)
    return v


def sine(freq):
    t, _ = phase_of(freq)
    return np.sin(2 * np.pi * t)


def noise(n, rate=SR, seed=None):
    """sample-and-hold white noise; lower rate = lower 'pitch'."""
    rng = RNG if seed is None else np.random.default_rng(seed)
    hold = max(1, int(SR / max(1.0, rate)))
    k = n // hold + 2
    v = rng.uniform(-1, 1, k)
    return np.repeat(v, hold)[:n]


def lowpass(x, cutoff):
    """one-pole low-pass; cutoff may be an array (per sample)."""
    cutoff = np.broadcast_to(np.asarray(cutoff, float), x.shape)
    a = 1.0 - np.exp(-2 * np.pi * cutoff / SR)
    y = np.empty_like(x)
    acc = 0.0
    for i in range(len(x)):
        acc += a[i] * (x[i] - acc)
        y[i] = acc
    return y


def highpass(x, cutoff):
    return x - lowpass(x, cutoff)


def env_adsr(n, a=0.005, d=0.08, s=0.6, r=0.05, gate=None):
    gate = n if gate is None else min(n, gate)
    e = np.zeros(n)
    na, nd, nr = max(1, int(a * SR)), max(1, int(d * SR)), max(1, int(r * SR))
    i = np.arange(n)
    e = np.where(i < na, i / na, s + (1 - s) * np.exp(-(i - na) / nd * 3.0))
    rel = i >= gate
    if rel.any():
        lvl = e[min(gate, n - 1)]
        e = np.where(rel, lvl * np.exp(-(i - gate) / nr * 4.0), e)
    return e


def env_exp(n, decay):
    return np.exp(-np.arange(n) / (decay * SR))


def sweep(n, f0, f1, curve="exp"):
    t = np.linspace(0, 1, n)
    if curve == "exp":
        return f0 * (f1 / f0) ** t
    return f0 + (f1 - f0) * t


def secs(s):
    return int(s * SR)


# ---------------------------------------------------------------- output
def write_wav(path, x, peak=0.85):
    x = np.asarray(x, float)
    m = np.max(np.abs(x))
    if m > 0:
        x = x / m * peak
    # tiny fades only for one-shot effects (music handles its own loop)
    data = np.clip(np.round(x * 32767), -32768, 32767).astype("<i2")
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(data.tobytes())


def fade_edges(x, fin=0.002, fout=0.01):
    x = x.copy()
    a, b = secs(fin), secs(fout)
    if a:
        x[:a] *= np.linspace(0, 1, a)
    if b:
        x[-b:] *= np.linspace(1, 0, b)
    return x


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


SFX = {
    "shot": (sfx_shot, 0.32),
    "hit": (sfx_hit, 0.55),
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
}


# ---------------------------------------------------------------- music engine
NOTE_IDX = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def midi(name):
    """'C#5' -> midi number."""
    n = NOTE_IDX[name[0]]
    rest = name[1:]
    while rest and rest[0] in "#b":
        n += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    return n + 12 * (int(rest) + 1)


def mfreq(m):
    return 440.0 * 2 ** ((m - 69) / 12.0)


def parse_line(s):
    """'A4.2 -.2 C5.4' -> [(midi or None, steps)]"""
    out = []
    for tok in s.split():
        name, ln = tok.rsplit(".", 1)
        out.append((None if name == "-" else midi(name), int(ln)))
    return out


CHORDS = {"": [0, 4, 7], "m": [0, 3, 7], "7": [0, 4, 7, 10], "m7": [0, 3, 7, 10], "sus": [0, 5, 7]}


def chord_notes(sym):
    root = sym[0]
    rest = sym[1:]
    if rest[:1] in ("#", "b"):
        root += rest[0]
        rest = rest[1:]
    return NOTE_IDX[root[0]] + (1 if "#" in root else -1 if "b" in root else 0), CHORDS[rest]


class Song:
    def __init__(self, bpm, bars, steps_per_bar=16):
        self.bpm = bpm
        self.bars = bars
        self.spb = steps_per_bar
        self.step = 60.0 / bpm / 4.0  # 16th note
        self.n = int(round(bars * steps_per_bar * self.step * SR))
        self.tail = secs(1.5)
        self.buses = {}

    def bus(self, name):
        if name not in self.buses:
            self.buses[name] = np.zeros(self.n + self.tail)
        return self.buses[name]

    def t(self, step):
        return int(round(step * self.step * SR))

    def add(self, bus, start_step, sig):
        b = self.bus(bus)
        s = self.t(start_step)
        s %= self.n
        e = min(len(b), s + len(sig))
        b[s:e] += sig[:e - s]
        if s + len(sig) > len(b):  # wrap whatever does not fit
            rem = sig[e - s:]
            b[:len(rem)] += rem

    # instruments ------------------------------------------------
    def note(self, bus, start, steps, m, kind="lead", vol=1.0, gate=0.88):
        dur = steps * self.step
        n = secs(dur + 0.25)
        gate_n = secs(dur * gate)
        f0 = mfreq(m)
        t = np.arange(n) / SR
        if kind == "lead":
            vib = 1 + 0.006 * np.sin(2 * np.pi * 5.8 * t) * np.clip((t - 0.12) / 0.15, 0, 1)
            f = f0 * vib
            x = pulse(f, 0.25) * 0.8 + pulse(f * 1.003, 0.5) * 0.25
            e = env_adsr(n, 0.004, 0.12, 0.65, 0.08, gate=gate_n)
        elif kind == "lead2":
            vib = 1 + 0.005 * np.sin(2 * np.pi * 5.0 * t) * np.clip((t - 0.15) / 0.2, 0, 1)
            x = pulse(f0 * vib, 0.5) * 0.6 + tri(f0 * vib * 2, 0) * 0.4
            e = env_adsr(n, 0.01, 0.2, 0.7, 0.12, gate=gate_n)
        elif kind == "arp":
            x = pulse(np.full(n, f0), 0.125)
            e = env_adsr(n, 0.002, 0.05, 0.25, 0.03, gate=gate_n)
        elif kind == "bass":
            x = tri(np.full(n, f0)) * 0.9 + pulse(np.full(n, f0), 0.5) * 0.12
            e = env_adsr(n, 0.003, 0.1, 0.8, 0.03, gate=gate_n)
        elif kind == "pad":
            x = pulse(np.full(n, f0), 0.5) * 0.5 + pulse(np.full(n, f0 * 1.004), 0.25) * 0.5
            x = lowpass(x, 1800)
            e = env_adsr(n, 0.06, 0.4, 0.6, 0.25, gate=gate_n)
        else:
            raise ValueError(kind)
        self.add(bus, start, x * e * vol)

    def drum(self, start, kind, vol=1.0):
        if kind == "k":
            n = secs(0.16)
            x = sine(sweep(n, 160, 45)) * env_exp(n, 0.06) * 1.1
            x += noise(n, 8000) * env_exp(n, 0.004) * 0.3
        elif kind == "s":
            n = secs(0.16)
            x = noise(n, 11000) * env_exp(n, 0.05) * 0.7
            x += tri(sweep(n, 260, 170), 0) * env_exp(n, 0.04) * 0.5
        elif kind == "h":
            n = secs(0.04)
            x = highpass(noise(n, SR), 6000) * env_exp(n, 0.012) * 0.5
        elif kind == "o":
            n = secs(0.14)
            x = highpass(noise(n, SR), 5000) * env_exp(n, 0.05) * 0.45
        elif kind == "t":  # tom
            n = secs(0.18)
            x = tri(sweep(n, 220, 90), 0) * env_exp(n, 0.07) * 0.9
        elif kind == "c":  # crash
            n = secs(0.9)
            x = highpass(noise(n, SR), 3000) * env_exp(n, 0.3) * 0.45
        else:
            raise ValueError(kind)
        self.add("drums", start, x * vol)

    # patterns ---------------------------------------------------
    def melody(self, lines, kind="lead", bus="lead", vol=1.0, transpose=0, start_bar=0):
        step = start_bar * self.spb
        for line in lines:
            for m, ln in parse_line(line):
                if m is not None:
                    self.note(bus, step, ln, m + transpose, kind, vol)
                step += ln

    def drums(self, bar, pattern, vol=1.0):
        """pattern: string per voice over 16 steps, e.g. {'k': 'x...x...', ...}."""
        for kind, pat in pattern.items():
            for i, ch in enumerate(pat):
                if ch in "xX":
                    self.drum(bar * self.spb + i, kind, vol * (1.0 if ch == "X" else 0.75))

    def render(self, mix, echo=None):
        out = np.zeros(self.n)
        for name, buf in self.buses.items():
            b = buf[:self.n].copy()
            b[:len(buf) - self.n] += buf[self.n:]  # fold the tail onto the start
            g = mix.get(name, 1.0)
            if echo and name in echo:
                d = self.t(echo[name][0])
                fb = echo[name][1]
                b = b + fb * np.roll(b, d) + fb * fb * np.roll(b, 2 * d)
            out += b * g
        # gentle high cut to tame the pulse waves, done circularly so the loop stays seamless
        pre = np.concatenate([out[-2000:], out])
        pre = lowpass(pre, 7000)[2000:]
        return pre


def chord_track(song, prog, bass_pat, arp_pat=None, arp_oct=5, bass_oct=2, arp_vol=0.5, bass_vol=1.0, pad=False):
    """prog: list of chord symbols, one per bar.
    bass_pat: list of (step, steps, degree_offset_semitones, octave_add).
    arp_pat: list of chord-tone indices per 16th (None = rest)."""
    for bar, sym in enumerate(prog):
        root, ivs = chord_notes(sym)
        base = 12 * (bass_oct + 1) + root
        for st, ln, off, octv in bass_pat:
            song.note("bass", bar * song.spb + st, ln, base + off + 12 * octv, "bass", bass_vol)
        if arp_pat:
            abase = 12 * (arp_oct + 1) + root
            for i, ci in enumerate(arp_pat):
                if ci is None:
                    continue
                m = abase + ivs[ci % len(ivs)] + 12 * (ci // len(ivs))
                song.note("arp", bar * song.spb + i, 1, m, "arp", arp_vol, gate=0.7)
        if pad:
            pbase = 12 * 5 + root
            for iv in ivs[:3]:
                song.note("pad", bar * song.spb, song.spb, pbase + iv, "pad", 0.35, gate=0.95)


# ---------------------------------------------------------------- the tunes (all original)
def song_stage1():
    s = Song(150, 16)
    prog = ["D", "A", "Bm", "G", "D", "A", "G", "A", "Em", "G", "D", "A", "Em", "G", "A", "A7"]
    mel = [
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
    s.melody(mel, "lead", vol=1.0, transpose=-12)
    s.melody(mel[8:], "lead2", bus="harm", vol=0.45, transpose=-12 - 5, start_bar=8)
    bass = [(0, 2, 0, 0), (2, 2, 12, 0), (4, 2, 0, 0), (6, 2, 12, 0), (8, 2, 0, 0), (10, 2, 12, 0), (12, 2, 7, 0),
            (14, 2, 12, 0)]
    arp = [0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 4, 3, 2, 1, 2, 3]
    chord_track(s, prog, bass, arp, arp_oct=4, arp_vol=0.45)
    beat = {"k": "x.....x.x.......", "s": "....x.......x...", "h": "x.x.x.x.x.x.x.x."}
    fill = {"k": "x.....x.x.......", "s": "....x.......xxxx", "h": "x.x.x.x.x.x....."}
    for b in range(16):
        s.drums(b, fill if b in (7, 15) else beat)
    s.drum(0, "c")
    s.drum(8 * 16, "c")
    return s.render({"lead": 0.34, "harm": 0.3, "arp": 0.13, "bass": 0.42, "drums": 0.5},
                    echo={"lead": (3, 0.28)})


def song_stage2():
    s = Song(140, 16)
    prog = ["Am", "F", "G", "Em", "Am", "F", "G", "E", "Dm", "Am", "F", "G", "Dm", "Am", "E", "E7"]
    mel = [
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
    s.melody(mel, "lead", vol=1.0, transpose=-12)
    # counter-line an octave down in the second half
    s.melody(mel[8:], "lead2", bus="harm", vol=0.5, transpose=-24, start_bar=8)
    bass = [(i, 1, 12 if i % 4 == 2 else 0, 0) for i in range(16)]
    arp = [0, None, 1, None, 2, None, 1, None, 0, None, 1, None, 2, None, 3, None]
    chord_track(s, prog, bass, arp, arp_oct=4, arp_vol=0.5, bass_vol=0.9, pad=True)
    beat = {"k": "x...x...x...x...", "s": "....x.......x...", "h": "..x...x...x...x.", "o": "......x.......x."}
    fill = {"k": "x...x...x...x...", "s": "....x.......x.xx", "t": "........x.x.....", "h": "..x...x........."}
    for b in range(16):
        s.drums(b, fill if b in (7, 15) else beat)
    s.drum(0, "c")
    s.drum(8 * 16, "c")
    return s.render({"lead": 0.34, "harm": 0.28, "arp": 0.12, "bass": 0.45, "pad": 0.16, "drums": 0.5},
                    echo={"lead": (3, 0.3)})


def song_boss():
    s = Song(160, 20)
    prog = ["Em", "Em", "C", "D", "Em", "Em", "C", "B", "Am", "Em", "Am", "B", "C", "D", "B", "B7",
            "Em", "F", "Em", "B"]
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
    for b in range(20):
        s.drums(b, fill if b in (7, 15, 19) else beat, vol=0.9)
    for b in (0, 8, 16):
        s.drum(b * 16, "c")
    return s.render({"lead": 0.34, "harm": 0.28, "arp": 0.12, "bass": 0.45, "drums": 0.5},
                    echo={"lead": (3, 0.25)})


def song_title():
    s = Song(118, 16)
    prog = ["G", "D", "Em", "C", "G", "D", "C", "D", "Em", "C", "G", "D", "Em", "C", "D", "D7"]
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
    bass = [(0, 4, 0, 0), (4, 2, 7, 0), (6, 2, 12, 0), (8, 4, 0, 0), (12, 2, 7, 0), (14, 2, 12, 0)]
    arp = [0, None, 1, None, 2, None, 3, None, 2, None, 1, None, 2, None, 3, None]
    chord_track(s, prog, bass, arp, arp_oct=4, arp_vol=0.5, bass_vol=0.9, pad=True)
    beat = {"k": "x.......x.......", "s": "........x.......", "h": "x...x...x...x..."}
    beat2 = {"k": "x.....x.x.......", "s": "....x.......x...", "h": "x.x.x.x.x.x.x.x."}
    for b in range(16):
        s.drums(b, beat if b < 8 else beat2, vol=0.85)
    s.drum(0, "c")
    s.drum(8 * 16, "c")
    return s.render({"lead": 0.36, "harm": 0.25, "arp": 0.13, "bass": 0.42, "pad": 0.2, "drums": 0.42},
                    echo={"lead": (3, 0.32)})


MUSIC = {"title": song_title, "stage1": song_stage1, "stage2": song_stage2, "boss": song_boss}


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sfx_dir = os.path.join(root, "assets", "sfx")
    mus_dir = os.path.join(root, "assets", "music")
    os.makedirs(sfx_dir, exist_ok=True)
    os.makedirs(mus_dir, exist_ok=True)
    for name, (fn, peak) in SFX.items():
        write_wav(os.path.join(sfx_dir, name + ".wav"), fade_edges(fn(), 0.001, 0.004), peak)
    for name, fn in MUSIC.items():
        write_wav(os.path.join(mus_dir, name + ".wav"), fn(), 0.8)


if __name__ == "__main__":
    main()
