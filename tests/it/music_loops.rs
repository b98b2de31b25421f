//! The music the game loops (`assets/music/*.ogg`), decoded as the game decodes it (kira, with
//! symphonia's Vorbis decoder): stereo at 44.1 kHz, each track as long as its loop region in
//! `assets/music/loops.ron` says, stage tracks long enough, every level's music a file that
//! is there, and a loop seam that cannot be heard, i.e. the region's last sample flows into its
//! first as smoothly as any two neighbouring samples inside the track, with no gap of silence.
//!
//! The seam check is itself tested on deliberately broken copies of a track.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kira::sound::static_sound::StaticSoundData;
use kira::sound::streaming::StreamingSoundData;
use rayon::prelude::*;
use skysweep::level::assets::music_loops::{LoopRegion, LOOPS, LOOPS_FILE};
use skysweep::level::assets::{is_long_music, GAME_MUSIC};
use skysweep::level::Catalog;

const RATE: u32 = 44_100;

/// Every looping track the game ships: the game's own list.
fn looped() -> impl Iterator<Item = &'static str> {
    GAME_MUSIC.iter().copied()
}

/// A sample this close to zero counts as silence (about -54 dBFS).
const QUIET: i32 = 64;
/// Longest run of silence allowed across the seam: 10 ms.
const MAX_QUIET_RUN: usize = RATE as usize / 100;

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

fn music_path(name: &str) -> PathBuf {
    assets().join("music").join(format!("{name}.ogg"))
}

/// The channel count and sample rate a Vorbis stream declares in its identification header
/// (the first packet: 1, "vorbis", a 4-byte version, the channels, the rate).
fn vorbis_header(bytes: &[u8]) -> Result<(u8, u32), String> {
    if !bytes.starts_with(b"OggS") {
        return Err("not an Ogg file".into());
    }
    let head = &bytes[..bytes.len().min(256)];
    let at = head
        .windows(7)
        .position(|w| w == b"\x01vorbis")
        .ok_or("no Vorbis identification header")?;
    let h = &head[at + 7..];
    if h.len() < 9 {
        return Err("the Vorbis header is cut short".into());
    }
    Ok((h[4], u32::from_le_bytes([h[5], h[6], h[7], h[8]])))
}

/// A track decoded whole: its rate and its two channels as 16-bit-scale integers.
struct Track {
    rate: u32,
    channels: [Vec<i16>; 2],
}

fn decode(path: &Path) -> Track {
    let data =
        StaticSoundData::from_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let scale = |x: f32| (x * 32767.0).round().clamp(-32768.0, 32767.0) as i16;
    let left = data.frames.iter().map(|f| scale(f.left)).collect();
    let right = data.frames.iter().map(|f| scale(f.right)).collect();
    Track {
        rate: data.sample_rate,
        channels: [left, right],
    }
}

fn loops() -> BTreeMap<String, LoopRegion> {
    let cues = GAME_MUSIC.iter().map(|c| c.to_string()).collect();
    let (loops, problems) = LOOPS_FILE.load(&assets().join(LOOPS), &cues);
    assert!(problems.is_empty(), "{problems:?}");
    loops
}

/// The part of a channel that loops.
fn region(x: &[i16], r: LoopRegion) -> &[i16] {
    &x[r.start as usize..r.end as usize]
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
fn every_track_decodes_to_stereo_at_44100_hz_and_ends_where_its_loop_does() {
    let dir = assets().join("music");
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|f| f.strip_suffix(".ogg").map(str::to_owned))
        .collect();
    on_disk.sort();
    let mut expected: Vec<String> = looped().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(
        on_disk, expected,
        "assets/music holds exactly the looped tracks"
    );
    let loops = loops();
    for name in looped() {
        let bytes = std::fs::read(music_path(name)).unwrap();
        assert_eq!(
            vorbis_header(&bytes),
            Ok((2, RATE)),
            "{name}: channels, rate"
        );
        // The length as the game's streaming sees it, from the stream's last page; the seam
        // test below decodes every frame, and a track decoding short would fail it.
        let stream = StreamingSoundData::from_file(music_path(name)).unwrap();
        let r = loops[name];
        let frames = stream.num_frames() as u64;
        assert_eq!(r.end, frames, "{name}: the loop ends at the track's end");
        assert!(r.start < r.end, "{name}: {r:?}");
        // An intro, if any, is a short lead-in: the loop is nearly all of the track.
        assert!(
            r.start <= u64::from(RATE) * 3,
            "{name}: intro of {} frames",
            r.start
        );
        assert!(r.end - r.start > u64::from(RATE), "{name}: {r:?}");
    }
}

#[test]
fn every_levels_music_is_a_file_that_is_there() {
    let catalog = Catalog::load(&assets());
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut stages = skysweep::level::load::stage_files::stage_files(&dir).unwrap();
    stages.extend(skysweep::level::load::stage_files::extra_stage(&dir));
    assert!(
        stages.len() >= 7,
        "the campaign and the Extra stage: {stages:?}"
    );
    for path in stages {
        let level = skysweep::level::load::load_stage(&path, &catalog)
            .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        for cue in [&level.music, &level.boss_music] {
            assert!(!cue.is_empty(), "{}: no music", path.display());
            let file = music_path(cue);
            assert!(
                file.is_file(),
                "{}: {} is not there",
                path.display(),
                file.display()
            );
        }
    }
}

#[test]
fn stage_and_final_boss_loops_last_at_least_a_minute() {
    let long: Vec<_> = GAME_MUSIC
        .into_iter()
        .filter(|t| is_long_music(t))
        .collect();
    assert_eq!(long.len(), 8, "seven stages and the final boss: {long:?}");
    let loops = loops();
    for name in long {
        let r = loops[name];
        let seconds = (r.end - r.start) as f64 / f64::from(RATE);
        assert!(seconds >= 60.0, "{name} loops every {seconds:.2} s");
    }
}

#[test]
fn every_loop_seam_is_click_free_and_gapless() {
    let loops = loops();
    // A track at a time per core: each decodes and scans a few million frames.
    let names: Vec<&str> = looped().collect();
    names.par_iter().for_each(|&name| {
        let t = decode(&music_path(name));
        assert_eq!(t.rate, RATE, "{name}");
        assert_eq!(
            t.channels[0].len() as u64,
            loops[name].end,
            "{name}: decoded length"
        );
        // Stereo in earnest: the sides differ (the harmony and accompaniment are panned).
        assert_ne!(t.channels[0], t.channels[1], "{name}: both sides the same");
        for (side, x) in t.channels.iter().enumerate() {
            let fault = seam_fault(region(x, loops[name]));
            assert_eq!(fault, Ok(()), "{name}, channel {side}");
        }
    });
}

#[test]
fn a_loop_cut_mid_note_is_caught() {
    let r = loops()["stage1"];
    let t = decode(&music_path("stage1"));
    let x = region(&t.channels[0], r);
    // End the loop, somewhere in its last second, where it is furthest from its first sample.
    let last_second = x.len() - RATE as usize..x.len();
    let cut = last_second
        .max_by_key(|&i| (i32::from(x[i]) - i32::from(x[0])).abs())
        .unwrap();
    let fault = seam_fault(&x[..=cut]);
    assert!(matches!(fault, Err(SeamFault::Jump { .. })), "{fault:?}");
}

#[test]
fn a_loop_that_stops_and_starts_from_silence_is_caught() {
    // Fade smoothly to zero, wait a fifth of a second, fade back in: no jump, no kink, a gap.
    let r = loops()["stage1"];
    let t = decode(&music_path("stage1"));
    let mut x: Vec<i16> = region(&t.channels[0], r).to_vec();
    let fade = RATE as usize / 20;
    let n = x.len();
    for i in 0..fade {
        let g = i as f64 / fade as f64;
        let g = g * g;
        x[i] = (f64::from(x[i]) * g) as i16;
        x[n - 1 - i] = (f64::from(x[n - 1 - i]) * g) as i16;
    }
    x.extend(std::iter::repeat_n(0, RATE as usize / 5));
    let fault = seam_fault(&x);
    assert!(matches!(fault, Err(SeamFault::Gap { .. })), "{fault:?}");
}

#[test]
fn a_file_that_is_not_ogg_vorbis_or_is_cut_short_is_refused() {
    let bytes = std::fs::read(music_path("title")).unwrap();
    assert_eq!(vorbis_header(&bytes), Ok((2, RATE)));
    assert!(vorbis_header(b"RIFF....WAVEfmt ").is_err());
    assert!(vorbis_header(&bytes[..30]).is_err());
    let dir = crate::support::tempdir();
    let path = dir.path().join("broken.ogg");
    std::fs::write(&path, &bytes[..bytes.len() / 50]).unwrap();
    let whole = StaticSoundData::from_file(music_path("title")).unwrap();
    // A file cut short either fails to decode or decodes to less than the whole track.
    if let Ok(cut) = StaticSoundData::from_file(&path) {
        assert!(cut.frames.len() < whole.frames.len());
    }
}
