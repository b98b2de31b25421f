//! SAVE REPLAY: on the way to the title after a run, the run's recording is offered for
//! keeping, as the SAVE REPLAYS option says (always: straight to its name; ask: YES or NO
//! first; never: not offered). Named with the same entry as high scores, written atomically
//! to `<data folder>/replays/`.

use std::path::{Path, PathBuf};

use macroquad::prelude::*;

use skysweep::save::scores::clean_replay_name;
use skysweep::save::settings::SaveReplays;
use skysweep::sim::replay::Replay;

use super::name_entry::draft::{self, NameDraft, TypingGate};
use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::MenuInput;
use crate::app::services::notice::Notice;
use crate::app::session::Finished;
use crate::render::menus;
use skysweep::platform::data::replays_folder;

pub struct ReplayOffer {
    replay: Replay,
    /// Still asking YES or NO; `yes` is highlighted.
    asking: Option<bool>,
    draft: NameDraft,
    gate: TypingGate,
}

impl ReplayOffer {
    /// The offer for the run that just ended, if it left a recording and the option allows
    /// it; the name starts on the one just given to the run's high score.
    pub fn offer(ctx: &mut Ctx, finished: Finished) -> Option<ReplayOffer> {
        let replay = finished.replay?;
        let asking = match ctx.settings().save_replays {
            SaveReplays::Never => return None,
            SaveReplays::Ask => Some(true),
            SaveReplays::Always => None,
        };
        while get_char_pressed().is_some() {}
        Some(ReplayOffer {
            replay,
            asking,
            draft: finished.name.as_deref().map_or_else(
                || NameDraft::replay_starting_as(""),
                NameDraft::replay_starting_as,
            ),
            gate: TypingGate::opened_with(get_keys_down()),
        })
    }
}

/// A file name for a replay named `name` recorded at `date` (seconds since 1970) in `dir`,
/// not taken yet: `<date>_<name>.ron`, then `_2`, `_3`... Only letters and digits of the name
/// are kept, so no name can leave the folder.
pub fn file_for(dir: &Path, name: &str, date: u64) -> PathBuf {
    let safe: String = clean_replay_name(name)
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let stem = format!("{date}_{}", if safe.is_empty() { "REPLAY" } else { &safe });
    let mut path = dir.join(format!("{stem}.ron"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stem}_{n}.ron"));
        n += 1;
    }
    path
}

/// Names `replay` and writes it into `dir`, made if missing. Returns where.
pub fn save_named(dir: &Path, replay: &mut Replay, name: &str) -> std::io::Result<PathBuf> {
    replay.name = clean_replay_name(name);
    std::fs::create_dir_all(dir)?;
    let path = file_for(dir, &replay.name, replay.date);
    replay.save(&path)?;
    Ok(path)
}

/// The name a replay left on the offer is kept under when the game ends there: the letters
/// chosen so far, or none (the file is then `<date>_REPLAY.ron`).
fn name_on_close(draft: &NameDraft) -> String {
    match draft.name_so_far() {
        n if n == draft::UNNAMED => String::new(),
        n => n.trim_end().to_string(),
    }
}

impl Scene for ReplayOffer {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        if let Some(yes) = self.asking {
            if m.left || m.right || m.up || m.down {
                self.asking = Some(!yes);
                ctx.audio_mut().play("menu_move");
            } else if m.back || (m.ok && !yes) {
                return Transition::ToTitle;
            } else if m.ok {
                ctx.audio_mut().play("menu_select");
                self.asking = None;
                while get_char_pressed().is_some() {}
                self.gate = TypingGate::opened_with(get_keys_down());
            }
            return Transition::Stay;
        }
        let done = draft::edit(&mut self.draft, &mut self.gate, m);
        if !done {
            return Transition::Stay;
        }
        ctx.audio_mut().play("menu_select");
        let name = self.draft.name();
        let saved = match replays_folder() {
            Some(dir) => save_named(&dir, &mut self.replay, &name).map_err(|e| e.to_string()),
            None => Err("there is no data folder".into()),
        };
        let notice = match saved {
            Ok(path) => {
                eprintln!("replay saved to {}", path.display());
                Notice::done("REPLAY SAVED", format!("{name}\nSEE REPLAYS"))
            }
            Err(e) => {
                ctx.mark_save_failed();
                Notice::brief("REPLAY NOT SAVED", e)
            }
        };
        ctx.notices_mut().post(notice);
        Transition::ToTitle
    }

    /// The game ends on the offer (the window closed on SAVE REPLAY? or on the name): the
    /// replay is kept, named as far as it was, rather than lost with the process; REPLAYS
    /// deletes it in two presses if it was not wanted.
    fn on_exit(&mut self, ctx: &mut Ctx, _run: &mut RunSlot) {
        let name = name_on_close(&self.draft);
        let saved = match replays_folder() {
            Some(dir) => save_named(&dir, &mut self.replay, &name).map_err(|e| e.to_string()),
            None => Err("there is no data folder".into()),
        };
        match saved {
            Ok(path) => eprintln!("replay kept on closing: {}", path.display()),
            Err(e) => {
                eprintln!("warning: replay not saved: {e}");
                ctx.mark_save_failed();
            }
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let steps = self.replay.len() as u64;
        let stages = self.replay.stages.len();
        let info = format!(
            "{stages} STAGE{}  {}:{:02}  {:08}",
            if stages == 1 { "" } else { "S" },
            steps / 3600,
            steps / 60 % 60,
            self.replay.final_score()
        );
        match self.asking {
            Some(yes) => {
                let rows = vec![
                    (info, String::new()),
                    ("YES".to_string(), String::new()),
                    ("NO".to_string(), String::new()),
                ];
                let cursor = if yes { 1 } else { 2 };
                menus::list(draw.renderer, "SAVE REPLAY?", &rows, cursor, "SHOT CHOOSES");
            }
            None => {
                let name: String = self.draft.letters().iter().collect();
                let mut marks: String = " ".repeat(self.draft.letters().len());
                marks.replace_range(self.draft.pos()..=self.draft.pos(), "^");
                let rows = vec![
                    (info, String::new()),
                    (String::new(), String::new()),
                    (format!("NAME  {name}"), String::new()),
                    (format!("      {marks}"), String::new()),
                ];
                menus::list(
                    draw.renderer,
                    "NAME THE REPLAY",
                    &rows,
                    2,
                    "TYPE A NAME  ENTER SAVES",
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{file_for, save_named};
    use skysweep::level::Difficulty;
    use skysweep::sim::replay::Replay;
    use skysweep::testkit::scenario::replay_of;

    #[test]
    fn a_named_replay_is_saved_where_the_menu_finds_it_and_never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let inside = dir.path().join("replays");
        let mut r = replay_of("levels/stage1.ron", 5, Difficulty::Hard, 1_700_000_000);
        let first = save_named(&inside, &mut r, "../../ab").unwrap();
        assert_eq!(first.parent().unwrap(), inside);
        let back = Replay::load(&first).unwrap();
        assert_eq!(back.name, r.name);
        assert_eq!(back.seed, 5);
        let second = save_named(&inside, &mut r, "../../ab").unwrap();
        assert_ne!(first, second);
        assert!(first.exists() && second.exists());
        assert!(file_for(&inside, "", 1).ends_with("1_REPLAY.ron"));
        let rows = crate::app::scenes::replays::scan(&inside, &mut NoStages);
        assert_eq!(rows.len(), 2);
    }

    #[test]
    fn a_replay_left_on_the_offer_is_kept_named_as_far_as_it_went() {
        use super::name_on_close;
        use crate::app::scenes::name_entry::draft::NameDraft;
        let mut d = NameDraft::replay_starting_as("");
        assert_eq!(name_on_close(&d), "", "no name: the file says REPLAY");
        "rev".chars().for_each(|c| d.type_char(c));
        assert_eq!(name_on_close(&d), "REV");
        let dir = tempfile::tempdir().unwrap();
        let mut r = replay_of("levels/stage1.ron", 5, Difficulty::Hard, 9);
        let unnamed = save_named(dir.path(), &mut r, "").unwrap();
        assert!(unnamed.ends_with("9_REPLAY.ron"), "{}", unnamed.display());
    }

    struct NoStages;
    impl skysweep::sim::replay::verify::StageSource for NoStages {
        fn stage(&mut self, _: &str) -> Result<std::sync::Arc<skysweep::level::Level>, String> {
            Err("none".into())
        }
    }
}
