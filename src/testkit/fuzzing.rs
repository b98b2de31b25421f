//! The fuzz targets' bodies, in the library so that `cargo test` replays the saved corpus and
//! every crasher through exactly the code the fuzzer ran (see `fuzz/README.md` and
//! `tests/it/fuzz_corpus.rs`). Each function takes arbitrary bytes, must never panic, hang or
//! allocate without bound, and asserts the promises its loader makes.
//!
//! The settings and scores targets' bodies are beside these, in [`super::save_fuzz`].

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::level::{load_stage, parse_stage, Catalog, Level, LevelError, Source};
use crate::sim::replay::Replay;
use crate::sim::{Character, Input, World, WorldConfig};

/// `levels/common.ron` as shipped: the definitions every fuzzed stage is parsed with.
pub const COMMON: &str = include_str!("../../levels/common.ron");
/// The first shipped stage, which fuzzed replays are checked against and played on.
const STAGE1: &str = include_str!("../../levels/stage1.ron");
/// Ten seconds of play: enough for spawns, weapons, bosses' phases and parts to interact.
const LEVEL_STEPS: u32 = 600;
/// Steps of a fuzzed replay played back.
const REPLAY_STEPS: usize = 300;

/// Checks what every level error promises: at least one diagnostic, each at a real position,
/// and a message that can be printed.
fn check_error(e: &LevelError) {
    assert!(!e.diagnostics.is_empty(), "an error with no diagnostic");
    for d in &e.diagnostics {
        assert!(d.line >= 1 && d.col >= 1, "{d}");
    }
    let _ = e.to_string();
}

/// Arbitrary bytes as a stage, parsed with [`COMMON`] as its definitions: loading must never
/// panic or hang, every error must name a position, and any stage that loads must run in the
/// simulation without panicking.
///
/// Layout: byte 0 picks the start time (0 to 255 s, so late events and bosses are reached
/// within the steps run), byte 1 the run options and the seed of the inputs, and the rest is
/// the stage's text.
pub fn level(data: &[u8]) {
    if data.len() < 2 {
        return;
    }
    let (start, options, text) = (data[0], data[1], &data[2..]);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    match parse_with_common("fuzz.ron", text, "common.ron") {
        Ok(level) => play(level, start, options),
        Err(e) => check_error(&e),
    }
}

/// `text` parsed as the stage `name`, with the shipped definitions as the file `common`;
/// every sprite name is taken as it is.
fn parse_with_common(name: &str, text: &str, common: &str) -> Result<Level, LevelError> {
    let stage = Source::new(name, text);
    let defs = [Source::new(common, COMMON)];
    parse_stage(&stage, &defs, &Catalog::unchecked())
}

/// Steps a world on `level` from `start` seconds with inputs drawn from `options`.
fn play(level: Level, start: u8, options: u8) {
    let characters = match options & 3 {
        0 => vec![Character::Vela],
        1 => vec![Character::Brass],
        2 => vec![Character::Wren],
        _ => vec![Character::Vela, Character::Wren],
    };
    let config = WorldConfig {
        seed: u64::from(options),
        characters,
        invincible: options & 4 != 0,
        start_at: f32::from(start).min(level.length_s),
        ..WorldConfig::default()
    };
    let players = config.characters.len();
    let mut world = World::new(Arc::new(level), config);
    // A cheap generator for varied but reproducible inputs: the same input bytes, the same run.
    let mut bits = u32::from(options) | 0x9e37_0000;
    let mut inputs = vec![Input::default(); players];
    for _ in 0..LEVEL_STEPS {
        bits ^= bits << 13;
        bits ^= bits >> 17;
        bits ^= bits << 5;
        for (p, input) in inputs.iter_mut().enumerate() {
            *input = Input::from_bits((bits >> (8 * p)) as u8 | 0x10);
        }
        world.step(&inputs);
        if world.cleared() || world.game_over() {
            break;
        }
    }
    let _ = world.state_hash();
}

/// The files a fuzzed stage's `uses` can name; anything else is missing or refused.
pub const USES_FILES: [&str; 2] = ["common.ron", "extra.ron"];

/// Arbitrary bytes as a stage and the definitions files it `uses`, written to `dir` and
/// loaded from there as the game loads them: the `uses` list is followed, confined to the
/// folder, and errors in any file come back together, each at a position.
///
/// Layout: the bytes split at NUL into the stage's text, then the text of each of
/// [`USES_FILES`] in order (a file with no part is not written, so it is missing). `dir` is
/// emptied of those names first.
pub fn level_uses_in(dir: &Path, data: &[u8]) {
    let mut parts = data.split(|&b| b == 0);
    let stage_path = dir.join("stage.ron");
    let stage = parts.next().unwrap_or_default();
    let written = std::fs::write(&stage_path, stage);
    for name in USES_FILES {
        let p = dir.join(name);
        let _ = std::fs::remove_file(&p);
        if let Some(text) = parts.next() {
            std::fs::write(&p, text).expect("the fuzzer's folder is writable");
        }
    }
    written.expect("the fuzzer's folder is writable");
    match load_stage(&stage_path, &Catalog::unchecked()) {
        // The level target plays what loads; this one is about finding and reading files.
        Ok(_) => {}
        Err(e) => check_error(&e),
    }
}

/// [`level_uses_in`] in a folder of this thread's own under the system's temporary folder,
/// made at the first call and reused (libFuzzer calls it millions of times).
pub fn level_uses(data: &[u8]) {
    thread_local! {
        static DIR: std::path::PathBuf = {
            let d = std::env::temp_dir().join(format!(
                "skysweep-fuzz-uses-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            ));
            std::fs::create_dir_all(&d).expect("a folder for the fuzzed files");
            d
        };
    }
    DIR.with(|d| level_uses_in(d, data));
}

/// The shipped first stage, parsed once.
fn stage1() -> &'static Arc<Level> {
    static LEVEL: OnceLock<Arc<Level>> = OnceLock::new();
    LEVEL.get_or_init(|| {
        let level = parse_with_common("levels/stage1.ron", STAGE1, "levels/common.ron");
        Arc::new(level.expect("the shipped stage loads"))
    })
}

/// Arbitrary bytes as a replay file: parsing never panics; a replay that parses writes back
/// as text that parses to the same replay, its checks against a real stage answer without
/// panicking, and its first steps play.
pub fn replay(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let r = match Replay::from_ron("fuzz.ron", text) {
        Ok(r) => r,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let again = Replay::from_ron("again.ron", &r.to_ron()).expect("a replay's own text parses");
    assert_eq!(
        again,
        Replay {
            version: again.version,
            ..r.clone()
        },
        "the text written holds the replay read"
    );
    let level = stage1();
    for i in 0..r.stages.len() {
        let _ = r.check_level("fuzz.ron", i, level);
        let _ = r.check_start("fuzz.ron", i, &level.source, level.length_s);
    }
    let first = &r.stages[0];
    let config = WorldConfig {
        seed: r.seed,
        characters: r.characters.clone(),
        difficulty: r.difficulty,
        invincible: r.invincible,
        start_at: first.start_at.min(level.length_s),
        start_power: r.start_power,
        loop_index: first.loop_index,
        ..WorldConfig::default()
    };
    let mut world = World::new(level.clone(), config);
    for inputs in first.steps().take(REPLAY_STEPS) {
        world.step(&inputs);
    }
    let _ = world.state_hash();
}

/// Arbitrary bytes as a replay file, played as `skysweep verify` and the window play one:
/// parsing never panics; a replay that parses, whatever its version, is listed and verified
/// against the shipped first stage (which finds no other stage) without panicking, and one
/// whose stages all name that stage plays [`REPLAY_STEPS`] steps with its checkpoints
/// compared. The saved corpus holds version-3 recordings, so mutations reach the checkpoints.
/// Returns the steps played, so a test can tell the corpus reaches play.
pub fn replay_verify(data: &[u8]) -> u64 {
    use crate::sim::replay::{listing, verify};
    /// Finds only the shipped first stage.
    struct Stage1;
    impl verify::StageSource for Stage1 {
        fn stage(&mut self, level: &str) -> Result<Arc<Level>, String> {
            if level == "levels/stage1.ron" {
                Ok(stage1().clone())
            } else {
                Err("not the fuzzed stage".into())
            }
        }
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return 0;
    };
    let r = match Replay::from_ron("fuzz.ron", text) {
        Ok(r) => r,
        Err(e) => {
            let _ = e.to_string();
            return 0;
        }
    };
    let row = listing::listing_of("fuzz.ron", &r, &mut Stage1);
    let _ = (row.date_text(), format!("{:?}", row.state));
    let Ok(levels) = verify::stages_of("fuzz.ron", &r, &mut Stage1) else {
        return 0;
    };
    let played = verify::play(&r, &levels, levels.len(), REPLAY_STEPS as u64);
    assert!(played.steps <= REPLAY_STEPS as u64);
    if let Some(d) = played.desync {
        let _ = (d.to_string(), d.time_text());
    }
    played.steps
}

/// A save file's bytes through the parser every player's file goes through
/// ([`crate::save::store::parse_saved`]), for the binary's settings and scores targets.
pub fn saved<T: serde::de::DeserializeOwned>(data: &[u8]) -> crate::save::store::Parsed<T> {
    crate::save::store::parse_saved(data.to_vec())
}

/// The saved corpus and crashers of fuzz target `target` (`fuzz/saved/TARGET/`), in name
/// order; there are at least three.
pub fn saved_inputs(target: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/saved")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a folder entry").path())
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{}: the corpus is there", dir.display());
    files
}

/// Runs `entry`, the body of fuzz target `target`, on each of its [`saved_inputs`]. The file
/// is named on stderr first; the panic's own message says what broke.
pub fn run_saved(target: &str, mut entry: impl FnMut(&[u8])) {
    for f in saved_inputs(target) {
        let data = std::fs::read(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        eprintln!("{target}: {}", f.display());
        entry(&data);
    }
}
