//! The music the game loops (`assets/music/*.wav`): the format the mixer expects, long enough
//! stage tracks, and a loop seam that cannot be heard, i.e. the last sample flows into the first
//! as smoothly as any two neighbouring samples inside the track, with no gap of silence.
//!
//! The seam check is itself tested on deliberately broken copies written to temporary files.

use std::fs;
use std::path::{Path, PathBuf};

use skysweep::level::assets::{is_long_music, GAME_MUSIC};

const RATE: u32 = 22_050;

/// Every looping track the game ships: the game's own list.
fn looped() -> impl Iterator<Item = &'static str> {
    GAME_MUSIC.iter().copied()
}

/// A sample this close to zero counts as silence (about -54 dBFS).
const QUIET: i32 = 64;
/// Longest run of silence allowed across the seam: 10 ms.
const MAX_QUIET_RUN: usize = RATE as usize / 100;

struct Wav {
    channels: u16,
    rate: u32,
    bits: u16,
    samples: Vec<i16>,
}

/// Parses a RIFF/WAVE file holding PCM (`fmt ` tag 1); other chunks are skipped.
fn parse_wav(bytes: &[u8]) -> Result<Wav, String> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err("not a RIFF/WAVE file".into());
    }
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let u32_at =
        |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    let mut fmt = None;
    let mut data = None;
    let mut at = 12;
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let len = u32_at(at + 4) as usize;
        let body = at + 8;
        let end = body.checked_add(len).filter(|&e| e <= bytes.len());
        let end = end
            .ok_or_else(|| format!("chunk {:?} runs past the file", String::from_utf8_lossy(id)))?;
        match id {
            b"fmt " if len >= 16 => {
                if u16_at(body) != 1 {
                    return Err(format!("format tag {} is not PCM", u16_at(body)));
                }
                fmt = Some((u16_at(body + 2), u32_at(body + 4), u16_at(body + 14)));
            }
            b"data" => data = Some(&bytes[body..end]),
            _ => {}
        }
        at = end + (len & 1); // chunks are padded to even lengths
    }
    let (channels, rate, bits) = fmt.ok_or("no fmt chunk")?;
    let data = data.ok_or("no data chunk")?;
    if bits != 16 {
        return Ok(Wav {
            channels,
            rate,
            bits,
            samples: Vec::new(),
        });
    }
    let samples = data
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect();
    Ok(Wav {
        channels,
        rate,
        bits,
        samples,
    })
}

fn read_wav(path: &Path) -> Wav {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_wav(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Writes mono 16-bit PCM at `RATE`, as the generator does.
fn write_wav(path: &Path, samples: &[i16]) {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    fs::write(path, out).unwrap();
}

fn music_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/music")
        .join(format!("{name}.wav"))
}

/// The `q`-quantile (0..=1) of `values`.
fn quantile(mut values: Vec<i32>, q: f64) -> i32 {
    let k = ((values.len() - 1) as f64 * q).round() as usize;
    *values.select_nth_unstable(k).1
}

#[derive(Debug, PartialEq)]
enum SeamFault {
    /// The step from the last sample to the first is an outlier among the track's own steps.
    Jump { seam: i32, p999: i32 },
    /// The slope changes at the seam more sharply than almost anywhere inside.
    Kink { seam: i32, p999: i32 },
    /// The loop ends and/or starts with a run of silence.
    Gap { samples: usize },
}

/// Why the seam of a loop (played last sample -> first sample) would be heard, if it would.
/// Thresholds come from the track itself: the 99.9th percentile of its sample-to-sample steps
/// (`|x[i+1] - x[i]|`) and of its slope changes (`|x[i+1] - 2 x[i] + x[i-1]|`).
/// Pulse-wave edges and white-noise hi-hats step by a fifth of full scale all the time, so a
/// splice that happens to step no more than they do passes: this catches the clicks that stand
/// out from the track, and the gaps, not every splice.
fn seam_fault(x: &[i16]) -> Result<(), SeamFault> {
    let x: Vec<i32> = x.iter().map(|&s| i32::from(s)).collect();
    let n = x.len();
    assert!(n > 4, "track too short to have a seam");
    let steps = x.windows(2).map(|w| (w[1] - w[0]).abs()).collect();
    let p999 = quantile(steps, 0.999);
    let seam = (x[0] - x[n - 1]).abs();
    if seam > p999 {
        return Err(SeamFault::Jump { seam, p999 });
    }
    let kinks = x
        .windows(3)
        .map(|w| (w[2] - 2 * w[1] + w[0]).abs())
        .collect();
    let p999 = quantile(kinks, 0.999);
    for seam in [x[0] - 2 * x[n - 1] + x[n - 2], x[1] - 2 * x[0] + x[n - 1]] {
        if seam.abs() > p999 {
            return Err(SeamFault::Kink {
                seam: seam.abs(),
                p999,
            });
        }
    }
    let quiet = |s: &&i32| s.abs() <= QUIET;
    let gap = x.iter().rev().take_while(quiet).count() + x.iter().take_while(quiet).count();
    if gap > MAX_QUIET_RUN {
        return Err(SeamFault::Gap { samples: gap });
    }
    Ok(())
}

#[test]
fn every_looped_track_is_mono_16_bit_at_22050_hz() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/music");
    let mut on_disk: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|f| f.strip_suffix(".wav").map(str::to_owned))
        .collect();
    on_disk.sort();
    let mut expected: Vec<String> = looped().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(
        on_disk, expected,
        "assets/music holds exactly the looped tracks"
    );
    for name in looped() {
        let w = read_wav(&music_path(name));
        assert_eq!(
            (w.channels, w.rate, w.bits),
            (1, RATE, 16),
            "{name}: channels, rate, bits"
        );
        assert!(
            w.samples.len() > RATE as usize,
            "{name}: {} samples",
            w.samples.len()
        );
    }
}

#[test]
fn stage_and_final_boss_tracks_last_at_least_a_minute() {
    let long: Vec<_> = GAME_MUSIC
        .into_iter()
        .filter(|t| is_long_music(t))
        .collect();
    assert_eq!(long.len(), 8, "seven stages and the final boss: {long:?}");
    for name in long {
        let w = read_wav(&music_path(name));
        let seconds = w.samples.len() as f64 / f64::from(w.rate);
        assert!(seconds >= 60.0, "{name} lasts {seconds:.2} s");
    }
}

#[test]
fn every_loop_seam_is_click_free_and_gapless() {
    for name in looped() {
        let w = read_wav(&music_path(name));
        assert_eq!(seam_fault(&w.samples), Ok(()), "{name}");
    }
}

#[test]
fn a_loop_cut_mid_note_is_caught() {
    let x = read_wav(&music_path("stage1")).samples;
    // End the loop, somewhere in its last second, where it is furthest from its first sample.
    let last_second = x.len() - RATE as usize..x.len();
    let cut = last_second
        .max_by_key(|&i| (i32::from(x[i]) - i32::from(x[0])).abs())
        .unwrap();
    let dir = crate::support::tempdir();
    let path = dir.path().join("cut.wav");
    write_wav(&path, &x[..=cut]);
    let fault = seam_fault(&read_wav(&path).samples);
    assert!(matches!(fault, Err(SeamFault::Jump { .. })), "{fault:?}");
}

#[test]
fn a_loop_that_stops_and_starts_from_silence_is_caught() {
    // Fade smoothly to zero, wait a fifth of a second, fade back in: no jump, no kink, a gap.
    let mut x: Vec<i16> = read_wav(&music_path("stage1")).samples;
    let fade = RATE as usize / 20;
    let n = x.len();
    for i in 0..fade {
        let g = i as f64 / fade as f64;
        let g = g * g;
        x[i] = (f64::from(x[i]) * g) as i16;
        x[n - 1 - i] = (f64::from(x[n - 1 - i]) * g) as i16;
    }
    x.extend(std::iter::repeat_n(0, RATE as usize / 5));
    let dir = crate::support::tempdir();
    let path = dir.path().join("gap.wav");
    write_wav(&path, &x);
    let fault = seam_fault(&read_wav(&path).samples);
    assert!(matches!(fault, Err(SeamFault::Gap { .. })), "{fault:?}");
}

#[test]
fn a_wav_that_is_not_pcm_or_is_truncated_is_rejected() {
    let mut bytes = fs::read(music_path("title")).unwrap();
    bytes.truncate(bytes.len() / 2); // the data chunk now claims more than the file holds
    assert!(parse_wav(&bytes).is_err());
    let mut bytes = fs::read(music_path("title")).unwrap();
    bytes[20] = 3; // IEEE float
    assert!(parse_wav(&bytes).is_err());
}
