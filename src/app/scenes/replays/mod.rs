//! The REPLAYS menu: every replay in `<data folder>/replays/`, newest first, with who played,
//! how far, and whether it plays here; play one from its start or a later stage, or delete
//! one after a confirmation. A file that cannot be played is listed with the reason and
//! never stops the menu.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use skysweep::level::Level;
use skysweep::run::Shipped;
use skysweep::sim::replay::listing::{self, Listing, ListingState};
use skysweep::sim::replay::verify::{carry_into, stages_of, StageFiles, StageSource};
use skysweep::sim::replay::Replay;

use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::MenuInput;
use crate::app::services::notice::Notice;
use crate::app::session::Session;
use crate::render::menus;
use crate::render::stage::StageCard;

/// The stage files replays name: as written, else under the folder that holds `levels/`.
fn stage_files(shipped: &Shipped) -> StageFiles {
    let root = shipped.levels_dir().parent().unwrap_or(Path::new(""));
    StageFiles::new(root, shipped.catalog().clone())
}

/// Characters across a row of the REPLAYS list.
const ROW_COLUMNS: usize = 26;

/// One row: a replay file and what its listing found.
#[derive(Clone, Debug)]
pub struct Row {
    pub path: PathBuf,
    pub listing: Listing,
}

impl Row {
    /// Whether the replay can be started (it may still desync under other rules).
    pub fn playable(&self) -> bool {
        matches!(
            self.listing.state,
            ListingState::Plays | ListingState::OtherRules
        )
    }

    /// Its state in words, for the row.
    pub fn state_text(&self) -> String {
        match &self.listing.state {
            ListingState::Plays => "PLAYS".into(),
            ListingState::OtherRules => "OTHER RULES VERSION: MAY DESYNC".into(),
            ListingState::StageChanged(why) => format!("A STAGE FILE CHANGED: {why}"),
            ListingState::Unplayable(why) => format!("UNPLAYABLE: {why}"),
        }
    }

    /// The row's lines: name and date; pilots and difficulty; stages and score.
    pub fn lines(&self) -> [String; 3] {
        let l = &self.listing;
        let name = match (l.name.is_empty(), self.path.file_name()) {
            (false, _) => l.name.clone(),
            (true, Some(f)) => f.to_string_lossy().into_owned(),
            (true, None) => "?".into(),
        };
        let pilots: Vec<String> = l.characters.iter().map(|c| format!("{c:?}")).collect();
        let difficulty = l.difficulty.map(|d| format!("{d:?}")).unwrap_or_default();
        // A long name (replay names run to 12 letters) keeps the day and drops the time, so
        // the row stays inside the list.
        let date = l.date_text();
        let mut first = format!("{name}  {date}");
        if first.chars().count() > ROW_COLUMNS {
            first = format!("{name}  {}", date.split(' ').next().unwrap_or_default());
        }
        [
            first,
            format!("{}  {difficulty}", pilots.join("+")).to_uppercase(),
            // Unpadded, so the state word beside it fits the row (a 7-digit score leaves five
            // letters of room).
            format!(
                "{} STAGE{} {}",
                l.stages.len(),
                if l.stages.len() == 1 { "" } else { "S" },
                l.final_score
            ),
        ]
    }
}

/// Every `.ron` file in `dir` as a row, newest first (the recorded date, then the file's
/// time for files that hold none). A missing folder is an empty list; no file stops it.
pub fn scan(dir: &Path, stages: &mut dyn StageSource) -> Vec<Row> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut rows: Vec<(u64, Row)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron") && p.is_file())
        .map(|path| {
            let listing = listing::list(&path, stages);
            let modified = std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_secs());
            let when = if listing.date > 0 {
                listing.date
            } else {
                modified
            };
            (when, Row { path, listing })
        })
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.path.cmp(&b.1.path)));
    rows.into_iter().map(|(_, r)| r).collect()
}

/// What the menu is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Moving through the rows; `from` is the stage (from 0) the chosen row would start at.
    Browse { from: usize },
    /// Asking whether to delete the row under the cursor; `yes` is the answer highlighted.
    ConfirmDelete { yes: bool },
}

/// What an input asks of the scene, decided without a window so it can be tested.
#[derive(Debug, PartialEq, Eq)]
pub enum Action {
    None,
    Back,
    /// Play the row at this index from this stage.
    Play {
        row: usize,
        from: usize,
    },
    /// The row's file was deleted (or the deletion failed, with why).
    Deleted(Result<(), String>),
    /// The row cannot be played: why.
    Refused(String),
}

/// The menu's state: its rows, cursor and mode.
pub struct Browser {
    pub rows: Vec<Row>,
    pub cursor: usize,
    pub mode: Mode,
}

impl Browser {
    pub fn new(rows: Vec<Row>) -> Browser {
        Browser {
            rows,
            cursor: 0,
            mode: Mode::Browse { from: 0 },
        }
    }

    /// One frame's menu input. Up/down move, left/right choose the starting stage, shot plays,
    /// the pause key (start) or Delete asks to delete, back leaves.
    pub fn input(&mut self, m: &MenuInput, delete: bool) -> Action {
        match self.mode {
            Mode::ConfirmDelete { yes } => {
                if m.left || m.right || m.up || m.down {
                    self.mode = Mode::ConfirmDelete { yes: !yes };
                    Action::None
                } else if m.back || (m.ok && !yes) {
                    self.mode = Mode::Browse { from: 0 };
                    Action::None
                } else if m.ok {
                    self.mode = Mode::Browse { from: 0 };
                    Action::Deleted(self.delete_current())
                } else {
                    Action::None
                }
            }
            Mode::Browse { from } => {
                let n = self.rows.len();
                if m.back {
                    return Action::Back;
                }
                if n == 0 {
                    return if m.ok { Action::Back } else { Action::None };
                }
                if m.up || m.down {
                    self.cursor = if m.up {
                        (self.cursor + n - 1) % n
                    } else {
                        (self.cursor + 1) % n
                    };
                    self.mode = Mode::Browse { from: 0 };
                    return Action::None;
                }
                let stages = self.rows[self.cursor].listing.stages.len().max(1);
                if m.left || m.right {
                    let from = if m.right {
                        (from + 1) % stages
                    } else {
                        (from + stages - 1) % stages
                    };
                    self.mode = Mode::Browse { from };
                    return Action::None;
                }
                if delete {
                    self.mode = Mode::ConfirmDelete { yes: false };
                    return Action::None;
                }
                if m.ok {
                    let row = &self.rows[self.cursor];
                    return match row.playable() {
                        true => Action::Play {
                            row: self.cursor,
                            from,
                        },
                        false => Action::Refused(row.state_text()),
                    };
                }
                Action::None
            }
        }
    }

    /// Deletes the file under the cursor and its row.
    fn delete_current(&mut self) -> Result<(), String> {
        let Some(row) = self.rows.get(self.cursor) else {
            return Ok(());
        };
        std::fs::remove_file(&row.path).map_err(|e| format!("{}: {e}", row.path.display()))?;
        self.rows.remove(self.cursor);
        self.cursor = self.cursor.min(self.rows.len().saturating_sub(1));
        Ok(())
    }
}

/// The REPLAYS scene.
pub struct ReplayBrowser {
    browser: Browser,
    /// Where the replays are, shown when there are none.
    dir: Option<PathBuf>,
}

impl ReplayBrowser {
    /// The menu over `<data folder>/replays/`, read now.
    pub fn new(ctx: &mut Ctx) -> ReplayBrowser {
        let dir = skysweep::platform::data::replays_folder();
        let rows = dir
            .as_deref()
            .map(|d| scan(d, &mut stage_files(ctx.shipped())))
            .unwrap_or_default();
        ReplayBrowser {
            browser: Browser::new(rows),
            dir,
        }
    }

    /// Starts the row's replay at stage `from`: the stages before it are played headless
    /// first for what they carry. Says why on screen when it cannot start.
    fn play(&mut self, ctx: &mut Ctx, row: usize, from: usize) -> Transition {
        let Some(row) = self.browser.rows.get(row) else {
            return Transition::Stay;
        };
        match load_for_play(ctx.shipped(), &row.path, from) {
            Ok((replay, levels, carry)) => {
                let run = Session::watching(replay, levels, from, carry, ctx.shipped());
                Transition::Begin(Box::new(run))
            }
            Err(why) => {
                ctx.notices_mut().post(Notice::brief("CANNOT PLAY", why));
                Transition::Stay
            }
        }
    }
}

/// A replay read, its stages loaded and checked, and what the stages before its start carry.
type ReadyToPlay = (Replay, Vec<Arc<Level>>, Vec<skysweep::sim::Carry>);

/// A replay read, its stages loaded and checked, and what the stages before `from` carry.
pub(super) fn load_for_play(
    shipped: &Shipped,
    path: &Path,
    from: usize,
) -> Result<ReadyToPlay, String> {
    let replay = Replay::load(path).map_err(|e| e.to_string())?;
    let file = path.display().to_string();
    let levels = stages_of(&file, &replay, &mut stage_files(shipped)).map_err(|e| e.to_string())?;
    let carry = match from {
        0 => Vec::new(),
        _ => carry_into(&replay, &levels, from)
            .map_err(|d| format!("it desynced before that stage: {d}"))?,
    };
    Ok((replay, levels, carry))
}

impl Scene for ReplayBrowser {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        use macroquad::prelude::{is_key_pressed, KeyCode};
        let delete = is_key_pressed(KeyCode::Delete);
        if m.up || m.down || m.left || m.right {
            ctx.audio_mut().play("menu_move");
        }
        match self.browser.input(m, delete) {
            Action::None => Transition::Stay,
            Action::Back => Transition::ToTitle,
            Action::Play { row, from } => {
                ctx.audio_mut().play("menu_select");
                self.play(ctx, row, from)
            }
            Action::Deleted(Ok(())) => Transition::Stay,
            Action::Deleted(Err(why)) => {
                ctx.notices_mut().post(Notice::brief("NOT DELETED", why));
                Transition::Stay
            }
            Action::Refused(why) => {
                ctx.notices_mut().post(Notice::brief("CANNOT PLAY", why));
                Transition::Stay
            }
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let b = &self.browser;
        let hint = match (b.rows.get(b.cursor), b.mode) {
            (None, _) => match &self.dir {
                Some(d) => format!("NO REPLAYS IN {}  ESC BACK", d.display()),
                None => "NO DATA FOLDER  ESC BACK".into(),
            },
            (Some(_), Mode::ConfirmDelete { yes }) => {
                format!(
                    "DELETE THIS REPLAY?  {}",
                    if yes { "[YES]  NO" } else { "YES  [NO]" }
                )
            }
            (Some(row), Mode::Browse { from }) => browse_hint(row, from),
        };
        // Three lines a replay, as many replays as fit above the hint (which grows upwards
        // with its lines), scrolled to keep the cursor in view.
        let shown = (menus::rows_above_hint(&hint) / 3).max(1);
        let first = b.cursor.saturating_sub(shown - 1);
        let mut rows: Vec<(String, String)> = Vec::new();
        for row in b.rows.iter().skip(first).take(shown) {
            let [a, p, s] = row.lines();
            rows.push((a, String::new()));
            rows.push((format!("  {p}"), String::new()));
            rows.push((format!("  {s}"), short_state(&row.listing.state).into()));
        }
        let cursor = (b.cursor - first) * 3;
        menus::list(draw.renderer, "REPLAYS", &rows, cursor, &hint);
    }
}

/// The hint under the list for the replay under the cursor: its state in full, the stage it
/// would start from, and the keys that do something for it (LEFT/RIGHT only for a replay of
/// several stages, SHOT only for one that plays).
fn browse_hint(row: &Row, from: usize) -> String {
    // An unplayable file's reason leaves its own path out (the row is that file); a changed
    // stage's path stays, in its own case.
    let state = match &row.listing.state {
        ListingState::Unplayable(why) => {
            format!("UNPLAYABLE: {}", menus::reason_beside_its_file(why, true))
        }
        _ => menus::capitals_but_paths(&row.state_text()),
    };
    let mut parts = vec![state];
    if let Some(stage) = row.listing.stages.get(from) {
        // The stage's own number, as its card shows it when the replay plays.
        let level = row.listing.levels.get(from).map_or("", String::as_str);
        let card = StageCard::of(level).title();
        let name = menus::unbroken(&stage.to_uppercase());
        parts.push(format!("FROM {card} {name}"));
    }
    if row.listing.stages.len() > 1 {
        parts.push("LEFT/RIGHT STAGE".into());
    }
    if row.playable() {
        parts.push("SHOT PLAYS".into());
    }
    parts.extend(["DEL DELETES".into(), "ESC BACK".into()]);
    parts.join("  ")
}

/// The state in one short word, for the row's right edge; the hint under the list says it in
/// full for the row under the cursor.
fn short_state(state: &ListingState) -> &'static str {
    match state {
        ListingState::Plays => "PLAYS",
        ListingState::OtherRules => "RULES",
        ListingState::StageChanged(_) => "EDITED",
        ListingState::Unplayable(_) => "BROKEN",
    }
}

#[cfg(test)]
mod tests;
