//! kira's output on the sound device through cpal, paced to the clock.
//!
//! A real device asks for sound as fast as it plays it, and cpal's thread sleeps in between.
//! Some devices do not: ALSA's null device, and the stand-ins of virtual machines and
//! containers, take every buffer at once, and cpal's thread then mixes as fast as a core
//! allows, taking that core from the frame (a quarter of one under Xvfb with the null device,
//! where the game fell from 60 to 45 frames a second). So the mix waits whenever the sound it
//! has handed over runs more than [`LEAD`] ahead of the clock. A real device holds less than
//! that, so there it never waits.
//!
//! A stream that fails (a device unplugged) is dropped, and a watcher opens the default device
//! again, every [`RETRY`], with the same mix: the game plays on meanwhile, silently, and no
//! frame waits on any of it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use kira::backend::cpal::cpal;
use kira::backend::cpal::Error;
use kira::backend::{Backend, Renderer};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};

/// How far the sound handed to the device may run ahead of the clock: more than any real
/// device buffers, and far less than a device that takes everything at once would.
const LEAD: Duration = Duration::from_millis(200);
/// How often the watcher looks at the stream, and tries again to open a lost device.
const RETRY: Duration = Duration::from_millis(500);

/// The clock the mix keeps to: how much sound has been handed over since `since`.
#[derive(Debug, Default)]
struct Pace {
    since: Option<Instant>,
    /// Seconds of sound handed over since `since`.
    handed: f64,
}

impl Pace {
    /// Before `frames` more at `rate` are mixed at `now`: how long to wait first so that, once
    /// handed over, they run at most [`LEAD`] ahead of the clock. A device that fell behind
    /// (a stall, a suspend) has that debt forgiven, rather than being fed a burst to catch up.
    fn wait(&mut self, now: Instant, frames: usize, rate: u32) -> Duration {
        let since = *self.since.get_or_insert(now);
        let mut elapsed = now.saturating_duration_since(since).as_secs_f64();
        if self.handed + LEAD.as_secs_f64() < elapsed {
            (self.since, self.handed, elapsed) = (Some(now), 0.0, 0.0);
        }
        self.handed += frames as f64 / f64::from(rate.max(1));
        let ahead = self.handed - elapsed - LEAD.as_secs_f64();
        Duration::from_secs_f64(ahead.max(0.0))
    }
}

/// The mix, shared by the stream that plays it and the watcher that opens a new stream for it.
type Mix = Arc<Mutex<Renderer>>;

/// kira's backend: the default output device through cpal, paced (see the module's doc).
pub struct PacedCpal {
    device: Option<cpal::Device>,
    config: cpal::StreamConfig,
    /// Set when the backend is dropped: the watcher ends, and its stream with it.
    stop: Arc<AtomicBool>,
}

impl Drop for PacedCpal {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

impl Backend for PacedCpal {
    type Settings = ();
    type Error = Error;

    fn setup((): (), _internal_buffer_size: usize) -> Result<(Self, u32), Error> {
        let (device, config) = default_device()?;
        let rate = config.sample_rate;
        let stop = Arc::new(AtomicBool::new(false));
        Ok((
            PacedCpal {
                device: Some(device),
                config,
                stop,
            },
            rate,
        ))
    }

    /// Opens the stream on a watcher thread (which owns it, as cpal's streams need not be
    /// `Send`), and returns once it plays or has failed to open.
    fn start(&mut self, renderer: Renderer) -> Result<(), Error> {
        let device = self.device.take().ok_or(Error::NoDefaultOutputDevice)?;
        let (config, stop) = (self.config, self.stop.clone());
        let mix: Mix = Arc::new(Mutex::new(renderer));
        let (opened, first) = mpsc::channel();
        std::thread::Builder::new()
            .name("sound watcher".into())
            .spawn(move || watch(device, config, mix, stop, opened))
            .map_err(|_| Error::NoDefaultOutputDevice)?;
        first.recv().unwrap_or(Err(Error::NoDefaultOutputDevice))
    }
}

fn default_device() -> Result<(cpal::Device, cpal::StreamConfig), Error> {
    let device = cpal::default_host()
        .default_output_device()
        .ok_or(Error::NoDefaultOutputDevice)?;
    let config = device.default_output_config()?.config();
    Ok((device, config))
}

/// Plays `mix` on `device`, says how the first opening went on `opened`, then keeps a stream
/// open until `stop`: one that fails is dropped and the default device opened again.
fn watch(
    device: cpal::Device,
    config: cpal::StreamConfig,
    mix: Mix,
    stop: Arc<AtomicBool>,
    opened: mpsc::Sender<Result<(), Error>>,
) {
    let failed = Arc::new(AtomicBool::new(false));
    let mut stream = match play(&device, config, &mix, &failed) {
        Ok(s) => Some(s),
        Err(e) => {
            let _ = opened.send(Err(e));
            return;
        }
    };
    let _ = opened.send(Ok(()));
    while !stop.load(Ordering::SeqCst) {
        std::thread::sleep(RETRY);
        if failed.swap(false, Ordering::SeqCst) {
            stream = None;
        }
        if stream.is_none() {
            stream = default_device()
                .and_then(|(device, config)| play(&device, config, &mix, &failed))
                .ok();
        }
    }
    drop(stream);
}

/// A playing stream of `mix` on `device`; `failed` is set if the stream fails later.
fn play(
    device: &cpal::Device,
    config: cpal::StreamConfig,
    mix: &Mix,
    failed: &Arc<AtomicBool>,
) -> Result<cpal::Stream, Error> {
    let (rate, channels) = (config.sample_rate, config.channels);
    lock(mix).on_change_sample_rate(rate);
    let (mix, failed) = (mix.clone(), failed.clone());
    let mut pace = Pace::default();
    let stream = device.build_output_stream(
        config,
        move |out: &mut [f32], _: &cpal::OutputCallbackInfo| {
            let frames = out.len() / usize::from(channels.max(1));
            let wait = pace.wait(Instant::now(), frames, rate);
            if !wait.is_zero() {
                std::thread::sleep(wait);
            }
            let mut mix = lock(&mix);
            mix.on_start_processing();
            mix.process(out, channels);
        },
        move |e: cpal::Error| {
            if matches!(
                e.kind(),
                cpal::ErrorKind::DeviceNotAvailable | cpal::ErrorKind::StreamInvalidated
            ) {
                failed.store(true, Ordering::SeqCst);
            }
        },
        None,
    )?;
    stream.play()?;
    Ok(stream)
}

/// The mix, even if a callback once panicked holding it: sound is never worth a crash.
fn lock(mix: &Mix) -> std::sync::MutexGuard<'_, Renderer> {
    mix.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: u32 = 48_000;
    const BUFFER: usize = 1024;

    fn buffer_time() -> Duration {
        Duration::from_secs_f64(BUFFER as f64 / f64::from(RATE))
    }

    #[test]
    fn a_device_that_plays_in_real_time_never_waits() {
        let mut pace = Pace::default();
        let start = Instant::now();
        // It asks for a buffer a little before the last one has played, now and then late.
        for i in 0..10_000u32 {
            let jitter = Duration::from_micros(u64::from(i % 7) * 900);
            let now = start + buffer_time() * i + jitter;
            assert_eq!(pace.wait(now, BUFFER, RATE), Duration::ZERO, "buffer {i}");
        }
    }

    #[test]
    fn a_device_that_takes_everything_at_once_is_held_to_the_clock() {
        let mut pace = Pace::default();
        let start = Instant::now();
        let mut now = start;
        for _ in 0..5_000 {
            // The device takes each buffer at once: only the waits move the clock.
            now += pace.wait(now, BUFFER, RATE) + Duration::from_micros(5);
        }
        let handed = buffer_time() * 5_000;
        let elapsed = now - start;
        assert!(
            handed <= elapsed + LEAD + buffer_time(),
            "{handed:?} in {elapsed:?}"
        );
        assert!(
            handed + buffer_time() >= elapsed,
            "it ran no slower than the clock"
        );
    }

    #[test]
    fn a_stall_is_forgiven_not_repaid_with_a_burst() {
        let mut pace = Pace::default();
        let start = Instant::now();
        assert_eq!(pace.wait(start, BUFFER, RATE), Duration::ZERO);
        // Five seconds with no call (a suspend), then a device that takes everything at once.
        let after = start + Duration::from_secs(5);
        let mut without_wait = 0;
        while pace.wait(after, BUFFER, RATE).is_zero() {
            without_wait += 1;
            assert!(without_wait < 100, "the stall was repaid");
        }
        let lead = LEAD.as_secs_f64() * f64::from(RATE) / BUFFER as f64;
        assert!(
            f64::from(without_wait) <= lead.ceil(),
            "{without_wait} buffers at once"
        );
    }
}
