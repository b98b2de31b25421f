"""Chiptune DSP shared by SkySweep's sound effects and music.

Band-limited pulse, stepped triangle, sine and sample-and-hold noise oscillators, envelopes,
one-pole filters and the Ogg Vorbis writer (Debian's `oggenc`, from vorbis-tools). Everything is deterministic: noise without an explicit
seed draws from the module generator, which each song resets with `reseed` so that one
track's drums never depend on which tracks were rendered before it.
"""
import os
import subprocess
import tempfile
import wave

import numpy as np

# Everything, effects and music, is rendered at CD rate; the game mixes at the device's rate.
SR = 44100
RNG = np.random.default_rng(2024)


def reseed(seed):
    """Restart the shared noise generator (used by unseeded `noise` calls, i.e. drum hits)."""
    global RNG
    RNG = np.random.default_rng(seed)


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
def to_pcm16(x, peak=0.85):
    """Samples (n,) mono or (n, 2) stereo, normalised to `peak` of full scale, as 16-bit ints."""
    x = np.asarray(x, float)
    m = np.max(np.abs(x))
    if m > 0:
        x = x / m * peak
    return np.clip(np.round(x * 32767), -32768, 32767).astype("<i2")


def write_wav(path, x, peak=0.85, rate=SR):
    """A 16-bit PCM WAV file of `x` (mono (n,) or stereo (n, 2)) at `rate`."""
    data = to_pcm16(x, peak)
    with wave.open(path, "wb") as w:
        w.setnchannels(1 if data.ndim == 1 else data.shape[1])
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())


def halve_rate(x):
    """Mono `x` at `SR` resampled to half the rate: everything above the new Nyquist frequency
    cut (an ideal band limit, taken circularly: a one-shot effect starts and ends silent)."""
    n = len(x) // 2 * 2
    spectrum = np.fft.rfft(x[:n])[: n // 4 + 1]
    return np.fft.irfft(spectrum, n // 2) * 0.5


# Vorbis quality (oggenc -q, -1..10): 2 is about 96 kbit/s for stereo at 44.1 kHz, where the
# pulse waves' edges stay clean and the music (about 12 minutes) fits the assets' 10 MB budget.
OGG_QUALITY = 2


def write_ogg(path, x, peak=0.85, quality=OGG_QUALITY, rate=SR):
    """An Ogg Vorbis file of `x` at `rate`, encoded by `oggenc` from a 16-bit WAV. Vorbis keeps
    the exact sample count (the last page's granule position), so a loop's end stays exact.
    oggenc is deterministic for the same input and version; no date or encoder comment is
    written beyond its own vendor string."""
    with tempfile.TemporaryDirectory() as tmp:
        wav = os.path.join(tmp, "in.wav")
        write_wav(wav, x, peak, rate)
        subprocess.run(["oggenc", "-Q", "-q", str(quality), "--serial", "1", "-o", path, wav], check=True)


def fade_edges(x, fin=0.002, fout=0.01):
    x = x.copy()
    a, b = secs(fin), secs(fout)
    if a:
        x[:a] *= np.linspace(0, 1, a)
    if b:
        x[-b:] *= np.linspace(1, 0, b)
    return x
