//! The high-score table, one page per difficulty; a new entry is highlighted. Each score that
//! carries its replay is marked (checked in the background: REPLAY once it plays back, NOT
//! VERIFIED when it no longer does) and plays with shot on its row.

use std::path::PathBuf;

use macroquad::prelude::Color;

use skysweep::level::Difficulty;
use skysweep::save::score_replays::{self, Check};
use skysweep::save::scores::Entry;
use skysweep::save::settings::SaveReplays;

use super::replay_offer::save_named;
use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::menu_page::MenuPage;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::MenuInput;
use crate::app::services::notice::Notice;
use crate::app::services::score_checks::{Mark, ScoreChecks};
use crate::app::session::Session;
use crate::render::menus::{self, ScoreRow};

pub struct HighScores {
    difficulty: Difficulty,
    /// The rank of the entry just named, shown highlighted.
    highlight: Option<usize>,
    /// The row chosen.
    cursor: usize,
    /// Where the scores' replays are; `None` without a data folder.
    dir: Option<PathBuf>,
}

/// What an input asks of the table, decided without a window so it can be tested.
#[derive(Debug, PartialEq, Eq)]
pub enum Action {
    None,
    Back,
    /// Play the replay of the row at this rank.
    Watch(usize),
}

impl HighScores {
    pub fn new(difficulty: Difficulty, highlight: Option<usize>) -> HighScores {
        HighScores {
            difficulty,
            highlight,
            cursor: highlight.unwrap_or(0),
            dir: score_replays::folder(),
        }
    }

    /// The table on `difficulty` with `row` chosen: back from watching its replay.
    pub fn at(difficulty: Difficulty, row: usize) -> HighScores {
        HighScores {
            cursor: row,
            ..HighScores::new(difficulty, None)
        }
    }

    /// One frame's input over `entries`, the table shown. Left and right turn the page, up and
    /// down choose a row, shot watches its replay (or leaves, on a row with none, as before
    /// scores carried replays), back leaves.
    pub fn input(&mut self, m: &MenuInput, entries: &[Entry]) -> Action {
        if m.left || m.right {
            let i = Difficulty::ALL
                .iter()
                .position(|d| *d == self.difficulty)
                .unwrap_or(1);
            let step = if m.right { 1 } else { 2 };
            self.difficulty = Difficulty::ALL[(i + step) % 3];
            self.cursor = 0;
            self.highlight = None;
            return Action::None;
        }
        let n = entries.len();
        if n > 0 && (m.up || m.down) {
            self.cursor = match m.up {
                true => (self.cursor + n - 1) % n,
                false => (self.cursor + 1) % n,
            };
        }
        if m.back {
            return Action::Back;
        }
        if m.ok {
            return match entries.get(self.cursor) {
                Some(e) if !e.replay.is_empty() => Action::Watch(self.cursor),
                _ => Action::Back,
            };
        }
        Action::None
    }

    /// Starts the replay of the row at `rank`, coming back here when it ends.
    fn watch(&self, ctx: &mut Ctx, rank: usize) -> Transition {
        let entry = ctx.scores().entries(self.difficulty).get(rank);
        let path = self
            .dir
            .as_deref()
            .zip(entry)
            .and_then(|(d, e)| score_replays::path_of(d, e));
        let ready = match path {
            Some(p) => crate::app::scenes::replays::load_for_play(ctx.shipped(), &p, 0),
            None => Err("This score has no replay.".into()),
        };
        match ready {
            Ok((replay, levels, carry)) => {
                let page = MenuPage::HighScores {
                    difficulty: self.difficulty,
                    row: rank,
                };
                let run = Session::watching(replay, levels, 0, carry, ctx.shipped());
                Transition::Begin(Box::new(run.chosen_in(page)))
            }
            Err(why) => {
                ctx.notices_mut().post(Notice::brief("CANNOT PLAY", why));
                Transition::Stay
            }
        }
    }

    /// The replays of every table, checked in the background from the first frame.
    fn ask_checks(&self, ctx: &mut Ctx) {
        let Some(dir) = &self.dir else {
            return;
        };
        ctx.check_score_replays(dir);
    }
}

/// The game just ended (its run still waits for the replay offer on the way to the title) and
/// the player watches a score's replay instead: the offer is skipped, the score keeps the
/// run's replay, and with SAVE REPLAYS on ALWAYS it goes to REPLAYS too, as the offer would
/// have put it.
fn keep_as_always(ctx: &mut Ctx, run: &mut RunSlot) {
    let Some(finished) = run.take().map(Session::finish) else {
        return;
    };
    // A `--record` file that failed still fails the game's exit status.
    if finished.recording_failed {
        ctx.mark_save_failed();
    }
    let (Some(mut replay), SaveReplays::Always) = (finished.replay, ctx.settings().save_replays)
    else {
        return;
    };
    let name = finished.name.unwrap_or_default();
    let saved = match skysweep::platform::data::replays_folder() {
        Some(dir) => save_named(&dir, &mut replay, &name).map_err(|e| e.to_string()),
        None => Err("there is no data folder".into()),
    };
    if let Err(e) = saved {
        ctx.mark_save_failed();
        ctx.notices_mut().post(Notice::brief("REPLAY NOT SAVED", e));
    }
}

/// A row's mark and its colour: what checking its replay found so far.
fn mark(checks: &ScoreChecks, entry: &Entry) -> Option<(&'static str, Color)> {
    if entry.replay.is_empty() {
        return None;
    }
    let green = Color::from_rgba(120, 230, 140, 255);
    let red = Color::from_rgba(255, 120, 110, 255);
    let grey = Color::from_rgba(150, 160, 190, 255);
    Some(match checks.mark(&entry.replay) {
        None | Some(Mark::Checking) => ("CHECKING", grey),
        Some(Mark::Done(c @ Check::Verified)) => (c.mark(), green),
        Some(Mark::Done(c)) => (c.mark(), red),
    })
}

/// The lines above the keys for the chosen row, each within 26 of the playfield's 28 columns: what
/// shot does, and why its replay no longer verifies when it does not.
pub fn hint(entry: Option<&Entry>, mark: Option<&Mark>) -> String {
    let Some(e) = entry else {
        return "NO SCORES YET".into();
    };
    if e.replay.is_empty() {
        return "NO REPLAY FOR THIS SCORE".into();
    }
    match mark {
        Some(Mark::Done(Check::NotVerified(why))) => {
            let why = menus::one_line(&menus::reason_beside_its_file(why, false), 26);
            format!("REPLAY NO LONGER VERIFIES\n{why}\nSHOT WATCHES ANYWAY")
        }
        Some(Mark::Done(Check::Missing)) => "THE REPLAY FILE IS GONE".into(),
        Some(Mark::Done(Check::Verified)) => "VERIFIED  SHOT WATCHES".into(),
        _ => "CHECKING  SHOT WATCHES".into(),
    }
}

impl Scene for HighScores {
    fn frame(&mut self, ctx: &mut Ctx, run: &mut RunSlot, m: &MenuInput) -> Transition {
        self.ask_checks(ctx);
        if m.up || m.down || m.left || m.right {
            ctx.audio_mut().play("menu_move");
        }
        let entries = ctx.scores().entries(self.difficulty).to_vec();
        match self.input(m, &entries) {
            Action::None => Transition::Stay,
            Action::Back => Transition::ToTitle,
            Action::Watch(rank) => {
                ctx.audio_mut().play("menu_select");
                keep_as_always(ctx, run);
                self.watch(ctx, rank)
            }
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let entries = draw.scores.entries(self.difficulty);
        let rows: Vec<ScoreRow> = entries
            .iter()
            .map(|e| ScoreRow {
                name: e.name.clone(),
                score: e.score,
                character: e.character.name().to_string(),
                subtitle: e.subtitle_parts(),
                mark: mark(draw.score_checks, e),
            })
            .collect();
        let chosen = entries.get(self.cursor);
        let hint = hint(
            chosen,
            chosen.and_then(|e| draw.score_checks.mark(&e.replay)),
        );
        let cursor = chosen.map(|_| self.cursor);
        menus::scores(
            draw.renderer,
            self.difficulty.name(),
            &rows,
            (self.highlight, cursor),
            &hint,
            draw.anim,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::services::menu_input::press;
    use skysweep::sim::Character;

    fn entry(score: u64, replay: &str) -> Entry {
        Entry {
            name: "ACE".into(),
            score,
            character: Character::Vela,
            stage: "Meadowvale".into(),
            rules: String::new(),
            replay: replay.into(),
        }
    }

    /// Issue #44: a row with a replay plays it on shot; one without leaves as the table always
    /// did; the page turns with left and right.
    #[test]
    fn shot_on_a_row_with_a_replay_watches_it() {
        let entries = [entry(900, "1_NORMAL_900.ron"), entry(500, "")];
        let mut t = HighScores::new(Difficulty::Normal, None);
        assert_eq!(t.input(&press::ok(), &entries), Action::Watch(0));
        assert_eq!(t.input(&press::down(), &entries), Action::None);
        assert_eq!(t.input(&press::ok(), &entries), Action::Back, "no replay");
        assert_eq!(t.input(&press::down(), &entries), Action::None);
        assert_eq!(t.cursor, 0, "down from the last wraps");
        assert_eq!(t.input(&press::right(), &entries), Action::None);
        assert_eq!((t.difficulty, t.cursor), (Difficulty::Hard, 0));
        assert_eq!(t.input(&press::back(), &entries), Action::Back);
        let back = HighScores::at(Difficulty::Easy, 1);
        assert_eq!((back.difficulty, back.cursor), (Difficulty::Easy, 1));
    }

    /// Issue #44: a row whose replay no longer verifies says so and why; the score is there.
    #[test]
    fn a_row_whose_replay_no_longer_verifies_says_so() {
        let e = entry(900, "1_NORMAL_900.ron");
        let broken = Mark::Done(Check::NotVerified("desynced at stage 1, 0:10".into()));
        let text = hint(Some(&e), Some(&broken));
        assert!(
            text.starts_with("REPLAY NO LONGER VERIFIES\nDESYNCED"),
            "{text}"
        );
        assert!(hint(Some(&e), Some(&Mark::Done(Check::Verified))).contains("VERIFIED"));
        assert!(hint(Some(&e), Some(&Mark::Checking)).starts_with("CHECKING"));
        // A damaged file's reason names the file, which is this row's: said without its path.
        let damaged = "/tmp/d/score_replays/1_NORMAL_900.ron:1:14: Expected colon";
        let damaged = Mark::Done(Check::NotVerified(damaged.into()));
        let text = hint(Some(&e), Some(&damaged));
        assert_eq!(text.lines().nth(1), Some("EXPECTED COLON"), "{text}");
        let long = Mark::Done(Check::NotVerified("x".repeat(80)));
        for m in [broken, long, Mark::Checking, Mark::Done(Check::Verified)] {
            let text = hint(Some(&e), Some(&m));
            assert!(text.lines().all(|l| l.chars().count() <= 26), "{text}");
        }
        assert_eq!(hint(Some(&entry(1, "")), None), "NO REPLAY FOR THIS SCORE");
        assert!(mark(&ScoreChecks::default(), &entry(1, "")).is_none());
        let checking = mark(&ScoreChecks::default(), &e).unwrap().0;
        assert_eq!(checking, "CHECKING");
    }
}
