//! The checks serde cannot make: values a parsed replay may not hold, each refused with the
//! line and column where it stands in the text.

use super::error::ReplayError;
use super::schema::{track_len, Replay, StageRecord, REPLAY_VERSION, REPLAY_VERSION_ONE_STAGE};
use crate::level::limits::MAX_PATH_LEN;
use crate::level::text::diag::line_col;
use crate::level::text::locate::{offset_of, Seg};
use crate::sim::model::player::MAX_POWER;

/// The bits [`Input::to_bits`](crate::sim::model::input::Input::to_bits) can set: seven buttons, the
/// top bit unused.
const INPUT_BITS: u8 = 0x7f;

/// Most stages one replay holds: a run of every shipped stage several loops over fits.
pub const MAX_STAGES: usize = 64;
/// Most steps one stage of a replay lasts: four and a half hours at 60 Hz, far past any stage
/// (at most 30 minutes long) with every continue taken, so that `verify` on a hostile file
/// ends in minutes.
pub const MAX_STAGE_STEPS: u64 = 1_000_000;
/// Longest replay name, stage name or game version, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// Whether `s` is a hash in the form the game writes: 16 hex digits.
fn is_hash(s: &str) -> bool {
    s.len() == 16 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Why `s` is not a short line of text, or `None` when it is: at most `max` characters and
/// no control characters (a name is shown in a menu and on one line of output).
fn bad_text(s: &str, max: usize) -> Option<String> {
    let n = s.chars().count();
    if n > max {
        Some(format!("is {n} characters long; at most {max}"))
    } else if s.chars().any(char::is_control) {
        Some("holds a control character".into())
    } else {
        None
    }
}

/// Checks `r`, parsed from `text` (the contents of `file`), holds only what a recorded run can:
/// one or two characters, a power level, one to [`MAX_STAGES`] stages, and per stage a start
/// on it, one track per character, runs of known buttons lasting a step or more and
/// [`MAX_STAGE_STEPS`] in all, a level path of at most [`MAX_PATH_LEN`] characters and a
/// well-formed hash. A version-2 or -3 file is also held to tracks of one length; a version-3
/// file to a well-formed rules fingerprint, short names and checkpoints that rise within their
/// stage. Version-1 files otherwise keep the rules and messages they had. The first fault
/// found is returned, in the order: the run's header, then each stage's fields, its input
/// tracks and its checkpoints.
pub(super) fn check_values(r: &Replay, file: &str, text: &str) -> Result<(), ReplayError> {
    let place = Place::new(r, file, text);
    check_header(r, &place)?;
    for (i, stage) in r.stages.iter().enumerate() {
        check_stage_fields(r, i, stage, &place)?;
        let steps = check_tracks(i, stage, &place)?;
        check_checkpoints(i, stage, steps, &place)?;
    }
    Ok(())
}

/// Where a faulty value stands and how a fault is worded, by the replay's layout: serde gives
/// values without positions, so the offending one is found again in the text.
struct Place<'a> {
    file: &'a str,
    text: &'a str,
    v1: bool,
    v3: bool,
}

impl<'a> Place<'a> {
    fn new(r: &Replay, file: &'a str, text: &'a str) -> Self {
        Place {
            file,
            text,
            v1: r.version == REPLAY_VERSION_ONE_STAGE,
            v3: r.version >= REPLAY_VERSION,
        }
    }

    /// The fault `message` at the value `path` leads to.
    fn at(&self, path: &[Seg], message: String) -> ReplayError {
        ReplayError::parse(
            self.file,
            line_col(self.text, offset_of(self.text, path)),
            message,
        )
    }

    /// Where stage `i`'s field sits: at the top level in version 1, in `stages` after.
    fn field(&self, i: usize, name: &'static str) -> Vec<Seg> {
        if self.v1 {
            vec![Seg::Field(name)]
        } else {
            vec![Seg::Field("stages"), Seg::Index(i), Seg::Field(name)]
        }
    }

    /// Version 1 messages stay as they were; a stage of a list is named in them.
    fn stage_prefix(&self, i: usize) -> String {
        if self.v1 {
            String::new()
        } else {
            format!("stage {}: ", i + 1)
        }
    }

    /// The stage's hash field, by the name each layout gives it.
    fn hash_field(&self) -> &'static str {
        if self.v3 {
            "level_hash"
        } else {
            "content_hash"
        }
    }
}

/// The run as a whole: its rules fingerprint and names (version 3), its characters, start
/// power, arcade settings and how many stages it lists.
fn check_header(r: &Replay, place: &Place) -> Result<(), ReplayError> {
    if place.v3 {
        if !is_hash(&r.rules) {
            return Err(place.at(
                &[Seg::Field("rules")],
                format!(
                    "rules {:?} is not a rules fingerprint (16 hex digits)",
                    r.rules
                ),
            ));
        }
        for (name, value) in [("game_version", &r.game_version), ("name", &r.name)] {
            if let Some(why) = bad_text(value, MAX_NAME_CHARS) {
                return Err(place.at(&[Seg::Field(name)], format!("{name} {why}")));
            }
        }
    }
    if r.characters.is_empty() || r.characters.len() > 2 {
        return Err(place.at(
            &[Seg::Field("characters")],
            format!(
                "a replay has one or two characters, not {}",
                r.characters.len()
            ),
        ));
    }
    if !(1..=MAX_POWER).contains(&r.start_power) {
        return Err(place.at(
            &[Seg::Field("start_power")],
            format!(
                "start_power {} is out of range: power levels run from 1 to {MAX_POWER}",
                r.start_power
            ),
        ));
    }
    if r.arcade != r.arcade.sanitised() {
        return Err(place.at(
            &[Seg::Field("arcade")],
            format!(
                "arcade {:?} is out of range: lives run from 1 to {}, continues to {}",
                r.arcade,
                crate::sim::model::arcade::MAX_LIVES,
                crate::sim::model::arcade::MAX_CONTINUES
            ),
        ));
    }
    if r.stages.is_empty() {
        return Err(place.at(
            &[Seg::Field("stages")],
            "a replay records at least one stage; this one lists none".into(),
        ));
    }
    if r.stages.len() > MAX_STAGES {
        return Err(place.at(
            &[Seg::Field("stages"), Seg::Index(MAX_STAGES)],
            format!(
                "{} stages: a replay records at most {MAX_STAGES}",
                r.stages.len()
            ),
        ));
    }
    Ok(())
}

/// Stage `i`'s own fields: its level's hash and path, its name, one track per character and
/// a start on the stage.
fn check_stage_fields(
    r: &Replay,
    i: usize,
    stage: &StageRecord,
    place: &Place,
) -> Result<(), ReplayError> {
    let pre = place.stage_prefix(i);
    let hash_field = place.hash_field();
    // Every version is held to the form the game writes. A version-1 file with another
    // form could never play (the level check compares the written form), and it used to
    // pass here only to be written back as a version-2 file that could not be read.
    if !is_hash(&stage.level_hash) {
        let kind = if place.v3 {
            "level hash"
        } else {
            "content hash"
        };
        return Err(place.at(
            &place.field(i, hash_field),
            format!(
                "{pre}{hash_field} {:?} is not a {kind} (16 hex digits)",
                stage.level_hash
            ),
        ));
    }
    if let Some(why) = bad_text(&stage.level, MAX_PATH_LEN) {
        return Err(place.at(&place.field(i, "level"), format!("{pre}level {why}")));
    }
    if let Some(why) = bad_text(&stage.name, MAX_NAME_CHARS) {
        return Err(place.at(&place.field(i, "name"), format!("{pre}name {why}")));
    }
    if stage.inputs.len() != r.characters.len() {
        return Err(place.at(
            &place.field(i, "inputs"),
            format!(
                "{pre}{} input tracks for {} characters: a replay has one track per character",
                stage.inputs.len(),
                r.characters.len()
            ),
        ));
    }
    if !stage.start_at.is_finite() || stage.start_at < 0.0 {
        return Err(place.at(
            &place.field(i, "start_at"),
            format!(
                "{pre}start_at {} is not a time on the stage (seconds from 0)",
                stage.start_at
            ),
        ));
    }
    Ok(())
}

/// Stage `i`'s input tracks: runs of known buttons lasting a step or more, every player's
/// track as long as player 1's (from version 2), and at most [`MAX_STAGE_STEPS`] in all.
/// Returns the steps the stage lasts.
fn check_tracks(i: usize, stage: &StageRecord, place: &Place) -> Result<u64, ReplayError> {
    let pre = place.stage_prefix(i);
    for (player, track) in stage.inputs.iter().enumerate() {
        for (run, &(bits, steps)) in track.iter().enumerate() {
            // Which element of the (bits, steps) tuple is wrong, and why.
            let (element, why) = if bits & !INPUT_BITS != 0 {
                (
                    0,
                    format!("holds bits {bits}: button bits run from 0 to {INPUT_BITS}"),
                )
            } else if steps == 0 {
                (
                    1,
                    "lasts 0 steps; every (bits, steps) run lasts at least 1".into(),
                )
            } else {
                continue;
            };
            let mut path = place.field(i, "inputs");
            path.extend([Seg::Index(player), Seg::Index(run), Seg::Index(element)]);
            return Err(place.at(
                &path,
                format!("{pre}input run {} of player {} {why}", run + 1, player + 1),
            ));
        }
    }
    // Playback follows player 1's track; a shorter second one would be padded with
    // idle input and a longer one cut, so the file is refused instead (new in v2).
    if !place.v1 {
        let first = stage.inputs.first().map_or(0, |t| track_len(t));
        if let Some((player, track)) = stage
            .inputs
            .iter()
            .enumerate()
            .find(|(_, t)| track_len(t) != first)
        {
            let mut path = place.field(i, "inputs");
            path.push(Seg::Index(player));
            return Err(place.at(
                &path,
                format!(
                    "{pre}player {}'s inputs last {} steps but player 1's last {first}: every player's track of a stage lasts as long",
                    player + 1,
                    track_len(track)
                ),
            ));
        }
    }
    let steps = stage.inputs.first().map_or(0, |t| track_len(t));
    if steps > MAX_STAGE_STEPS {
        let mut path = place.field(i, "inputs");
        path.push(Seg::Index(0));
        return Err(place.at(
            &path,
            format!("{pre}the inputs last {steps} steps; a stage of a replay lasts at most {MAX_STAGE_STEPS}"),
        ));
    }
    Ok(steps)
}

/// Stage `i`'s checkpoints: well-formed state hashes at steps that rise from 1 to the
/// stage's last, `steps`.
fn check_checkpoints(
    i: usize,
    stage: &StageRecord,
    steps: u64,
    place: &Place,
) -> Result<(), ReplayError> {
    let pre = place.stage_prefix(i);
    let mut last = 0;
    for (n, (step, hash)) in stage.checkpoints.iter().enumerate() {
        let mut path = place.field(i, "checkpoints");
        path.push(Seg::Index(n));
        let why = if u64::from(*step) > steps || *step <= last {
            format!("is at step {step}: checkpoints rise from step 1 to the stage's last ({steps}), each after the one before")
        } else if !is_hash(hash) {
            path.push(Seg::Index(1));
            format!("holds {hash:?}, not a state hash (16 hex digits)")
        } else {
            last = *step;
            continue;
        };
        return Err(place.at(&path, format!("{pre}checkpoint {} {why}", n + 1)));
    }
    Ok(())
}
