"""SkySweep's little chiptune sequencer: note names, instruments, drums and the loop renderer,
and the drum grooves and bass patterns that several tracks share.

A `Song` is a fixed number of bars at one tempo, written onto named buses (lead, bass, drums...)
in 16th-note steps. Every event may ring past the end of the loop; `Song.add` wraps whatever
spills over back onto the start, and `Song.render` mixes, echoes and filters circularly, so the
rendered loop is one period of an endless signal: the last sample flows into the first.
"""
import numpy as np

from music_synth import (SR, env_adsr, env_exp, highpass, lowpass, noise, pulse, reseed, secs, sine,
                         sweep, tri)

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


CHORDS = {"": [0, 4, 7], "m": [0, 3, 7], "7": [0, 4, 7, 10], "m7": [0, 3, 7, 10], "sus": [0, 5, 7],
          "maj7": [0, 4, 7, 11], "add9": [0, 4, 7, 14], "5": [0, 7, 12], "dim": [0, 3, 6], "aug": [0, 4, 8],
          "m9": [0, 3, 7, 14], "6": [0, 4, 7, 9]}


def chord_notes(sym):
    root = sym[0]
    rest = sym[1:]
    if rest[:1] in ("#", "b"):
        root += rest[0]
        rest = rest[1:]
    return NOTE_IDX[root[0]] + (1 if "#" in root else -1 if "b" in root else 0), CHORDS[rest]


def _vib(t, depth, rate, delay, ramp):
    return 1 + depth * np.sin(2 * np.pi * rate * t) * np.clip((t - delay) / ramp, 0, 1)


def _partials(t, f0, parts):
    """Additive bell/metal tone: (ratio, amplitude, decay seconds); partials above 9 kHz are dropped."""
    x = np.zeros_like(t)
    for ratio, amp, dec in parts:
        if f0 * ratio < 9000:
            x += amp * np.sin(2 * np.pi * f0 * ratio * t) * np.exp(-t / dec)
    return x


# Extra seconds each newer instrument rings after its gate closes (the original four kinds use 0.25).
RING = {"bell": 1.6, "glock": 0.9, "pluck": 0.9, "twang": 0.35, "brass": 0.3, "organ": 0.3, "flute": 0.35,
        "choir": 0.6}


class Song:
    def __init__(self, bpm, bars, steps_per_bar=16, seed=2024):
        reseed(seed)
        self.bpm = bpm
        self.bars = bars
        self.spb = steps_per_bar
        self.step = 60.0 / bpm / 4.0  # 16th note
        self.n = int(round(bars * steps_per_bar * self.step * SR))
        self.tail = secs(4.0)
        self.buses = {}

    @property
    def seconds(self):
        return self.n / SR

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
        n = secs(dur + RING.get(kind, 0.25))
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
        elif kind == "twang":  # desert guitar: slides up into the note, bright pluck, late wide vibrato
            f = f0 * 2 ** (-0.8 * np.exp(-t / 0.035) / 12) * _vib(t, 0.009, 6.5, 0.2, 0.15)
            x = pulse(f, 0.125) * np.exp(-t / 0.08) * 0.8 + pulse(f, 0.5) * 0.45 + tri(f, 0) * 0.45
            e = env_adsr(n, 0.002, 0.3, 0.5, 0.07, gate=gate_n)
        elif kind == "bell":  # struck bell: inharmonic partials, long ring
            x = _partials(t, f0, [(1, 1.0, 1.1), (2.0, 0.55, 0.7), (2.76, 0.4, 0.45), (5.4, 0.25, 0.2),
                                  (8.93, 0.15, 0.1)])
            x += pulse(np.full(n, f0), 0.25) * np.exp(-t / 0.02) * 0.3
            e = env_adsr(n, 0.001, 1.0, 1.0, 0.6, gate=max(gate_n, secs(0.6)))
        elif kind == "glock":
            x = np.sin(2 * np.pi * f0 * t) + 0.35 * np.sin(2 * np.pi * f0 * 4.0 * t) * np.exp(-t / 0.08)
            x = x * np.exp(-t / 0.45)
            e = env_adsr(n, 0.001, 1.0, 1.0, 0.4, gate=max(gate_n, secs(0.3)))
        elif kind == "pluck":  # soft harp-like pluck
            x = tri(np.full(n, f0), 0) * 0.8 + pulse(np.full(n, f0), 0.25) * np.exp(-t / 0.04) * 0.35
            x = x * np.exp(-t / 0.5)
            e = env_adsr(n, 0.002, 1.0, 1.0, 0.3, gate=max(gate_n, secs(0.25)))
        elif kind == "brass":
            f = f0 * 2 ** (-0.6 * np.exp(-t / 0.05) / 12) * _vib(t, 0.007, 5.5, 0.22, 0.2)
            x = pulse(f, 0.5) * 0.45 + pulse(f * 1.002, 0.25) * 0.45 + tri(f * 0.5, 0) * 0.3
            e = env_adsr(n, 0.035, 0.3, 0.75, 0.1, gate=gate_n)
        elif kind == "organ":
            fc = np.full(n, f0)
            x = pulse(fc, 0.5) * 0.45 + pulse(fc * 2, 0.5) * 0.25 + pulse(fc * 3, 0.5) * 0.1 + tri(fc * 0.5, 0) * 0.35
            e = env_adsr(n, 0.012, 0.2, 0.9, 0.12, gate=gate_n)
        elif kind == "choir":  # slow, soft pad without the per-note filter
            fc = np.full(n, f0)
            x = tri(fc * 1.003, 0) * 0.6 + tri(fc * 0.997, 0) * 0.6 + pulse(fc * 2, 0.5) * 0.06
            e = env_adsr(n, 0.25, 0.6, 0.85, 0.5, gate=gate_n)
        elif kind == "flute":
            f = f0 * _vib(t, 0.006, 5.2, 0.18, 0.25)
            x = tri(f, 0) * 0.85 + pulse(f, 0.5) * 0.12 + noise(n, 8000, 0) * 0.03
            e = env_adsr(n, 0.04, 0.2, 0.8, 0.12, gate=gate_n)
        elif kind == "saw":  # stacked octave squares make a buzzy, saw-like stair wave
            f = f0 * _vib(t, 0.006, 6.2, 0.15, 0.15)
            x = pulse(f, 0.5) * 0.6 + pulse(f * 2, 0.5) * 0.3 + pulse(f * 4, 0.5) * 0.15
            e = env_adsr(n, 0.003, 0.15, 0.7, 0.06, gate=gate_n)
        elif kind == "chug":  # palm-muted power chord
            fc = np.full(n, f0)
            x = pulse(fc, 0.5) * 0.6 + pulse(fc * 1.4983, 0.5) * 0.45 + pulse(fc * 2, 0.25) * 0.3
            e = env_adsr(n, 0.002, 0.07, 0.35, 0.03, gate=gate_n)
        elif kind == "sub":  # gritty bass
            fc = np.full(n, f0)
            x = tri(fc) * 0.85 + pulse(fc, 0.25) * 0.3
            e = env_adsr(n, 0.003, 0.12, 0.75, 0.03, gate=gate_n)
        else:
            raise ValueError(kind)
        self.add(bus, start, x * e * vol)

    def drum(self, start, kind, vol=1.0, pitch=None):
        """One hit of drum `kind` at step `start`. `pitch` tunes the anvil, the timpani and the gong:
        in Hz, or a note name such as "D2"."""
        if isinstance(pitch, str):
            pitch = mfreq(midi(pitch))
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
        elif kind in ("t", "t2", "t3"):  # toms: mid, high, low
            f0, f1 = {"t": (220, 90), "t2": (300, 140), "t3": (150, 60)}[kind]
            n = secs(0.18)
            x = tri(sweep(n, f0, f1), 0) * env_exp(n, 0.07) * 0.9
        elif kind == "c":  # crash
            n = secs(0.9)
            x = highpass(noise(n, SR), 3000) * env_exp(n, 0.3) * 0.45
        elif kind == "K":  # heavy kick
            n = secs(0.3)
            x = sine(sweep(n, 130, 36)) * env_exp(n, 0.11) * 1.25
            x += lowpass(noise(n, 9000), 2500) * env_exp(n, 0.006) * 0.5
        elif kind == "S":  # big snare / clap
            n = secs(0.26)
            x = noise(n, 11000) * env_exp(n, 0.085) * 0.8
            x += tri(sweep(n, 240, 160), 0) * env_exp(n, 0.05) * 0.45
        elif kind == "anvil":  # hammer on steel
            n = secs(0.6)
            t = np.arange(n) / SR
            x = _partials(t, pitch or 1180, [(1, 1.0, 0.22), (1.43, 0.7, 0.16), (2.15, 0.5, 0.1), (2.87, 0.35, 0.06)])
            x += highpass(noise(n, SR), 2000) * env_exp(n, 0.004) * 0.8
            x *= 0.55
        elif kind == "clank":  # short, ring-modulated metal
            n = secs(0.12)
            x = pulse(np.full(n, 540.0), 0.5) * pulse(np.full(n, 823.0), 0.3) * env_exp(n, 0.03) * 0.45
            x += highpass(noise(n, SR), 3000) * env_exp(n, 0.006) * 0.4
        elif kind == "hiss":  # steam valve
            n = secs(0.4)
            t = np.arange(n) / SR
            x = highpass(noise(n, SR), 3500) * (1 - np.exp(-t / 0.02)) * np.exp(-t / 0.12) * 0.5
        elif kind == "press":  # the thud of a press
            n = secs(0.35)
            x = sine(sweep(n, 85, 30)) * env_exp(n, 0.14) * 1.1
            x += lowpass(noise(n, 4000), 500) * env_exp(n, 0.05) * 1.2
        elif kind == "click":  # castanet / rim click
            n = secs(0.05)
            x = tri(np.full(n, 2100.0), 0) * env_exp(n, 0.006) * 0.5
            x += highpass(noise(n, SR), 4000) * env_exp(n, 0.003) * 0.5
        elif kind == "shk":  # shaker
            n = secs(0.09)
            t = np.arange(n) / SR
            x = highpass(noise(n, SR), 7000) * (1 - np.exp(-t / 0.008)) * np.exp(-t / 0.03) * 0.5
        elif kind == "timp":  # timpani, tuned by `pitch`
            n = secs(1.0)
            f = pitch or 98.0
            x = sine(sweep(n, f * 1.15, f)) * env_exp(n, 0.35) + tri(np.full(n, f * 1.5), 0) * env_exp(n, 0.12) * 0.3
            x += lowpass(noise(n, 6000), 1200) * env_exp(n, 0.02) * 0.5
        elif kind == "gong":
            n = secs(3.0)
            t = np.arange(n) / SR
            x = _partials(t, pitch or 110.0, [(1, 1.0, 1.6), (1.47, 0.7, 1.3), (2.09, 0.55, 0.9), (2.56, 0.4, 0.7),
                                             (3.24, 0.3, 0.5), (4.6, 0.2, 0.3)])
            x *= (1 - np.exp(-t / 0.015)) * 0.6
        else:
            raise ValueError(kind)
        # A millisecond's rise: a hit that jumps from silence to full scale in one sample is a
        # click, loudest where a loop starts on its downbeat.
        k = secs(0.001)
        x[:k] *= np.linspace(0.0, 1.0, k)
        self.add("drums", start, x * vol)

    # patterns ---------------------------------------------------
    def melody(self, lines, kind="lead", bus="lead", vol=1.0, transpose=0, start_bar=0, gate=0.88):
        """One string per bar (or per several whole bars); a line that does not fill whole bars is a typo."""
        step = start_bar * self.spb
        for line in lines:
            notes = parse_line(line)
            total = sum(ln for _, ln in notes)
            if total % self.spb:
                raise ValueError(f"melody line lasts {total} steps, not whole bars: {line!r}")
            for m, ln in notes:
                if m is not None:
                    self.note(bus, step, ln, m + transpose, kind, vol, gate)
                step += ln

    def drums(self, bar, pattern, vol=1.0):
        """pattern: string per voice over 16 steps, e.g. {'k': 'x...x...', ...}."""
        for kind, pat in pattern.items():
            for i, ch in enumerate(pat):
                if ch in "xX":
                    self.drum(bar * self.spb + i, kind, vol * (1.0 if ch == "X" else 0.75))

    def groove(self, start, end, beat, fill=None, vol=1.0, fills=None, each=None):
        """Drum pattern `beat` on bars start..end-1, with `fill` instead on the bars in `fills`
        (default: the last one). each(bar), if given, runs right after each bar's pattern, for
        hits that go with the groove (the order of hits matters: drums draw shared noise)."""
        if fills is None:
            fills = (end - 1,)
        for b in range(start, end):
            self.drums(b, fill if fill is not None and b in fills else beat, vol)
            if each is not None:
                each(b)

    def crashes(self, *hits):
        """A crash cymbal on the first step of each bar; a hit is a bar or (bar, volume)."""
        for hit in hits:
            bar, vol = hit if isinstance(hit, tuple) else (hit, 1.0)
            self.drum(bar * self.spb, "c", vol)

    def stab(self, bar, step, steps, sym, octave=4, kind="brass", vol=0.5, bus="stab", gate=0.88):
        """Every tone of chord `sym` at once, root in `octave`."""
        root, ivs = chord_notes(sym)
        for iv in ivs:
            self.note(bus, bar * self.spb + step, steps, 12 * (octave + 1) + root + iv, kind, vol, gate)

    def stabs(self, start_bar, prog, steps, length, **stab_args):
        """A `stab` of each bar's chord in `prog` (see `bar_chords`; bars from `start_bar` on) at every
        step in `steps`, `length` steps long; `stab_args` go to `stab` (octave, kind, vol, bus, gate)."""
        for i, sym in enumerate(bar_chords(prog)):
            for step in steps:
                self.stab(start_bar + i, step, length, sym, **stab_args)

    def timpani_roll(self, bar, first_step, vol, swell, pitch):
        """Timpani on every step of `bar` from `first_step` to the bar's end, `swell` louder each step."""
        for step in range(first_step, self.spb):
            self.drum(bar * self.spb + step, "timp", vol + swell * (step - first_step), pitch=pitch)

    def render(self, mix, echo=None, cutoff=7000, dc_cut=20, pan=None):
        """Mix the buses into one period of the loop, in stereo: a `Rendered` whose samples are
        (n, 2). Each bus sits at its place in `PAN` (or `pan`, which overrides it), and an echo's
        two taps go one to each side of its bus. `dc_cut` (Hz) removes the offset that narrow
        pulse waves carry, which would otherwise waste headroom; None keeps it."""
        places = dict(PAN, **(pan or {}))
        out = np.zeros((self.n, 2))
        for name, buf in self.buses.items():
            b = buf[:self.n].copy()
            b[:len(buf) - self.n] += buf[self.n:]  # fold the tail onto the start
            g = mix.get(name, 1.0)
            p = places.get(name, 0.0)
            out += _panned(b * g, p)
            if echo and name in echo:
                d = self.t(echo[name][0])
                fb = echo[name][1]
                out += _panned(fb * np.roll(b, d) * g, max(-1.0, p - 0.6))
                out += _panned(fb * fb * np.roll(b, 2 * d) * g, min(1.0, p + 0.6))
        for ch in range(2):
            out[:, ch] = _tame(out[:, ch], cutoff, dc_cut)
        return Rendered(out, self.bpm, self.spb)

    def render_once(self, mix, cutoff=7000):
        """Mix the buses into stereo played once, not looped: whatever rings past the last bar
        is dropped (the caller fades it into what follows)."""
        out = np.zeros((self.n, 2))
        for name, buf in self.buses.items():
            out += _panned(buf[:self.n] * mix.get(name, 1.0), PAN.get(name, 0.0))
        for ch in range(2):
            out[:, ch] = lowpass(out[:, ch], cutoff)
        return out


class Rendered:
    """A rendered loop: `samples` (n, 2) and the tempo it was written at (beats per minute and
    steps per bar), which an intro played before it needs."""

    def __init__(self, samples, bpm, spb):
        self.samples = samples
        self.bpm = bpm
        self.spb = spb


# Where each bus sits between left (-1) and right (1): the tune and the bass in the middle,
# the harmony and the accompaniment spread either side of it, as a band stands on a stage.
PAN = {"lead": 0.0, "bass": 0.0, "drums": 0.0, "pad": 0.0, "harm": -0.35, "arp": 0.4, "stab": -0.25,
       "bell": 0.3, "glock": 0.35, "whistle": -0.2, "flute": -0.25, "chug": -0.3}


def _panned(x, place):
    """Mono `x` placed at `place` (-1..1) by the constant-power law, at unit gain in the middle."""
    a = (place + 1.0) * np.pi / 4.0
    g = np.sqrt(2.0)
    return np.stack([x * np.cos(a) * g, x * np.sin(a) * g], axis=1)


def _tame(x, cutoff, dc_cut):
    """The gentle high cut that tames the pulse waves, and the DC cut, both done circularly so
    the loop stays seamless."""
    pre = np.concatenate([x[-2000:], x])
    pre = lowpass(pre, cutoff)[2000:]
    if dc_cut:
        pre = highpass(np.concatenate([pre[-8000:], pre]), dc_cut)[8000:]
    return pre


# ---------------------------------------------------------------- shared patterns
# Drum patterns for `Song.drums` / `Song.groove`, shared by the fast tracks (the final boss, the Extra
# stage and its boss). The key order is the order the hits are drawn in, which fixes the noise
# they get: a variant built with dict(DRIVE, K=...) keeps it.
DRIVE = {"K": "x...x...x...x...", "S": "....x.......x...", "h": "xxxxxxxxxxxxxxxx", "o": "..x...x...x...x."}
TOM_FILL = {"K": "x...x...x...x...", "S": "....x...x.x.xxxx", "t2": "........x.......", "t": "..........x.....",
            "t3": "............x..."}
TOM_GROOVE = {"K": "x...x...x...x...", "t3": "..x...x...x.....", "t": "......x.......x.", "h": "x.x.x.x.x.x.x.x."}
SNARE_ROLL = {"K": "x...x...x...x...", "S": "xxxxxxxxxxxxXXXX"}


def pushed_drive(kick):
    """DRIVE with a track's own `kick` line and a snare pickup on the bar's last 16th, for the
    sections that push harder."""
    return dict(DRIVE, K=kick, S="....x.......x..x")


def sixteenths(offsets):
    """A `chord_track` bass pattern of 16th notes, one per offset (semitones above the root)."""
    return [(step, 1, off, 0) for step, off in enumerate(offsets)]


def eighths(offsets):
    """A `chord_track` bass pattern of 8th notes, one per offset (semitones above the root)."""
    return [(2 * i, 2, off, 0) for i, off in enumerate(offsets)]


# Bass patterns for `chord_track`: the driving 16th ostinato of the storm tracks, the grind that
# rocks between root and octave, and the bounce root-octave-fifth-octave in 8ths.
OSTINATO = sixteenths([0, 0, 12, 0, 0, 12, 0, 7, 0, 0, 12, 0, 7, 0, 12, 10])
GRIND = sixteenths([0, 12] * 8)
OCTAVE_BOUNCE = eighths([0, 12, 7, 12] * 2)
# A quarter-note root, then the fifth and the octave in 8ths, twice a bar: the title's and the ending's bass.
ROOT_FIFTH_OCTAVE = [(0, 4, 0, 0), (4, 2, 7, 0), (6, 2, 12, 0), (8, 4, 0, 0), (12, 2, 7, 0), (14, 2, 12, 0)]


def bar_chords(prog):
    """'Em C D B7' -> ['Em', 'C', 'D', 'B7']: a chord progression is written like a melody line,
    one chord symbol a bar, separated by spaces."""
    return prog.split()


def chord_track(song, prog, bass_pat, arp_pat=None, arp_oct=5, bass_oct=2, arp_vol=0.5, bass_vol=1.0, pad=False,
                start_bar=0, bass_kind="bass", arp_kind="arp", pad_kind="pad", pad_vol=0.35, pad_oct=4):
    """prog: the chord symbols, one per bar from `start_bar` on, in one string (see `bar_chords`).
    bass_pat: list of (step, steps, degree_offset_semitones, octave_add).
    arp_pat: list of chord-tone indices per 16th (None = rest)."""
    for i, sym in enumerate(bar_chords(prog)):
        bar = start_bar + i
        root, ivs = chord_notes(sym)
        base = 12 * (bass_oct + 1) + root
        for st, ln, off, octv in bass_pat:
            song.note("bass", bar * song.spb + st, ln, base + off + 12 * octv, bass_kind, bass_vol)
        if arp_pat:
            abase = 12 * (arp_oct + 1) + root
            for j, ci in enumerate(arp_pat):
                if ci is None:
                    continue
                m = abase + ivs[ci % len(ivs)] + 12 * (ci // len(ivs))
                song.note("arp", bar * song.spb + j, 1, m, arp_kind, arp_vol, gate=0.7)
        if pad:
            pbase = 12 * (pad_oct + 1) + root
            for iv in ivs[:3]:
                song.note("pad", bar * song.spb, song.spb, pbase + iv, pad_kind, pad_vol, gate=0.95)
