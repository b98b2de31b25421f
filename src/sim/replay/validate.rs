//! The checks serde cannot make: values a parsed replay may not hold, each refused with the
//! line and column where it stands in the text.

use super::error::ReplayError;
use super::schema::{track_len, Replay, REPLAY_VERSION_ONE_STAGE};
use crate::level::diag::line_col;
use crate::level::locate::{offset_of, Seg};
use crate::sim::player::MAX_POWER;

/// The bits [`Input::to_bits`](crate::sim::input::Input::to_bits) can set: seven buttons, the
/// top bit unused.
const INPUT_BITS: u8 = 0x7f;

/// Checks `r`, parsed from `text` (the contents of `file`), holds only what a recorded run can:
/// one or two characters, a power level, at least one stage, and per stage a start on it, one
/// track per character, runs of known buttons lasting a step or more, and a well-formed content
/// hash. A version-2 file is also held to tracks of one length; version-1 files otherwise keep
/// the rules and messages they had. The first fault found is returned.
pub(super) fn check_values(r: &Replay, file: &str, text: &str) -> Result<(), ReplayError> {
    let v1 = r.version == REPLAY_VERSION_ONE_STAGE;
    // serde gives values without positions: find the offending one again in the text.
    let at = |path: &[Seg], message: String| {
        ReplayError::parse(file, line_col(text, offset_of(text, path)), message)
    };
    // Where stage `i`'s field sits: at the top level in version 1, in `stages` after.
    let field = |i: usize, name: &'static str| -> Vec<Seg> {
        if v1 {
            vec![Seg::Field(name)]
        } else {
            vec![Seg::Field("stages"), Seg::Index(i), Seg::Field(name)]
        }
    };
    // Version 1 messages stay as they were; a stage of a list is named in them.
    let stage_prefix = |i: usize| {
        if v1 {
            String::new()
        } else {
            format!("stage {}: ", i + 1)
        }
    };
    if r.characters.is_empty() || r.characters.len() > 2 {
        return Err(at(
            &[Seg::Field("characters")],
            format!(
                "a replay has one or two characters, not {}",
                r.characters.len()
            ),
        ));
    }
    if !(1..=MAX_POWER).contains(&r.start_power) {
        return Err(at(
            &[Seg::Field("start_power")],
            format!(
                "start_power {} is out of range: power levels run from 1 to {MAX_POWER}",
                r.start_power
            ),
        ));
    }
    if r.stages.is_empty() {
        return Err(at(
            &[Seg::Field("stages")],
            "a replay records at least one stage; this one lists none".into(),
        ));
    }
    for (i, stage) in r.stages.iter().enumerate() {
        let pre = stage_prefix(i);
        let hash_ok = stage.content_hash.len() == 16
            && stage.content_hash.bytes().all(|b| b.is_ascii_hexdigit());
        // Both versions are held to the form the game writes. A version-1 file with another
        // form could never play (the level check compares the written form), and it used to
        // pass here only to be written back as a version-2 file that could not be read.
        if !hash_ok {
            return Err(at(
                &field(i, "content_hash"),
                format!(
                    "{pre}content_hash {:?} is not a content hash (16 hex digits)",
                    stage.content_hash
                ),
            ));
        }
        if stage.inputs.len() != r.characters.len() {
            return Err(at(
                &field(i, "inputs"),
                format!(
                    "{pre}{} input tracks for {} characters: a replay has one track per character",
                    stage.inputs.len(),
                    r.characters.len()
                ),
            ));
        }
        if !stage.start_at.is_finite() || stage.start_at < 0.0 {
            return Err(at(
                &field(i, "start_at"),
                format!(
                    "{pre}start_at {} is not a time on the stage (seconds from 0)",
                    stage.start_at
                ),
            ));
        }
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
                let mut path = field(i, "inputs");
                path.extend([Seg::Index(player), Seg::Index(run), Seg::Index(element)]);
                return Err(at(
                    &path,
                    format!("{pre}input run {} of player {} {why}", run + 1, player + 1),
                ));
            }
        }
        // Playback follows player 1's track; a shorter second one would be padded with
        // idle input and a longer one cut, so the file is refused instead (new in v2).
        if !v1 {
            let first = stage.inputs.first().map_or(0, |t| track_len(t));
            if let Some((player, track)) = stage
                .inputs
                .iter()
                .enumerate()
                .find(|(_, t)| track_len(t) != first)
            {
                let mut path = field(i, "inputs");
                path.push(Seg::Index(player));
                return Err(at(
                    &path,
                    format!(
                        "{pre}player {}'s inputs last {} steps but player 1's last {first}: every player's track of a stage lasts as long",
                        player + 1,
                        track_len(track)
                    ),
                ));
            }
        }
    }
    Ok(())
}
