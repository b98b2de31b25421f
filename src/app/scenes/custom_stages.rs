//! CUSTOM STAGES: every stage in the player's stages folder, each with its name, its length
//! and whether it passes `check`. A good stage plays alone with hot reload on, its scores kept
//! out of the table; a broken one opens its diagnostics.
//!
//! Only the player's files: the game's own stages are played through the campaign, PRACTICE
//! and the Extra stage, which keep their locks (stages reached, the game cleared). Listed
//! here too, they bypassed every one of them (issue #42). A player who wants to play with a
//! shipped stage copies its file into the folder, where it loads as it does in `levels/`.
//!
//! Stages are checked lazily, one a frame, so a folder of many stages never stalls the menu.

use std::path::{Path, PathBuf};

use skysweep::level::{load_stage, Catalog, LevelError};
use skysweep::platform::data::folder;
use skysweep::run::{RunKind, RunPlan, Stages};
use skysweep::sim::Character;

use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::MenuInput;
use crate::app::services::notice::{Notice, SOURCE_COLUMNS};
use crate::app::session;
use crate::render::{menus, notice_box, Layout};

/// Rows of the list on screen at once; the list scrolls with the cursor.
const VISIBLE: usize = 9;

/// What checking a stage file found.
#[derive(Clone, Debug)]
pub enum Status {
    /// Not checked yet.
    Unchecked,
    /// Passes `check`: its name and length in seconds.
    Good { name: String, length_s: f32 },
    /// Fails `check`, with the diagnostics the in-game error box shows.
    Broken(LevelError),
}

/// One file of the list.
#[derive(Clone, Debug)]
pub struct StageEntry {
    pub path: PathBuf,
    pub status: Status,
}

impl StageEntry {
    /// The row: the stage's name (its file's until checked) and its length or state.
    pub fn row(&self) -> (String, String) {
        let file = self
            .path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().to_uppercase());
        match &self.status {
            Status::Unchecked => (file, "...".into()),
            Status::Good { name, length_s } => {
                let secs = length_s.max(0.0).round() as u32;
                (
                    name.to_uppercase(),
                    format!("{}:{:02}", secs / 60, secs % 60),
                )
            }
            Status::Broken(_) => (file, "ERRORS".into()),
        }
    }
}

/// The player's stages folder, `<data folder>/stages/`, created if missing.
pub fn stages_folder() -> Option<PathBuf> {
    let dir = folder("data")?.join("stages");
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("warning: stages folder {} not created: {e}", dir.display());
    }
    Some(dir)
}

/// Every `.ron` file directly in `dir`, by name; none when it cannot be read. Definitions
/// files (`uses`) are among them until checked, then dropped (see [`is_defs`]).
pub fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = read
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

/// Whether `path` holds a definitions file (`Defs(...)`): shared patterns and enemies, which
/// are part of stages, not stages to play.
fn is_defs(path: &Path, catalog: &Catalog) -> bool {
    matches!(
        skysweep::level::load::check::check_file(path, catalog),
        Ok(skysweep::level::load::check::Checked::Defs { .. })
    )
}

/// What the list does with one frame's menu input.
#[derive(Debug, PartialEq)]
pub enum Choice {
    None,
    Play(PathBuf),
    ShowErrors(usize),
    Back,
}

/// The list's state without the window: entries, cursor and pilot.
pub struct StageList {
    pub entries: Vec<StageEntry>,
    pub cursor: usize,
    /// The pilot the stage is played with, an index into [`Character::ALL`].
    pub pilot: usize,
}

impl StageList {
    /// The stages in the player's folder `yours` (none without one); never the game's own.
    pub fn new(yours: Option<&Path>) -> StageList {
        let entries = yours
            .map(ron_files)
            .unwrap_or_default()
            .into_iter()
            .map(|path| StageEntry {
                path,
                status: Status::Unchecked,
            })
            .collect();
        StageList {
            entries,
            cursor: 0,
            pilot: 0,
        }
    }

    /// Checks the first unchecked entry against `catalog`; false once all are checked.
    /// Definitions files leave the list.
    pub fn check_next(&mut self, catalog: &Catalog) -> bool {
        let Some(i) = self
            .entries
            .iter()
            .position(|e| matches!(e.status, Status::Unchecked))
        else {
            return false;
        };
        let path = self.entries[i].path.clone();
        match load_stage(&path, catalog) {
            Ok(level) => {
                self.entries[i].status = Status::Good {
                    name: level.name,
                    length_s: level.length_s,
                }
            }
            Err(_) if is_defs(&path, catalog) => {
                self.entries.remove(i);
                if self.cursor > i {
                    self.cursor -= 1;
                }
                self.cursor = self.cursor.min(self.entries.len().saturating_sub(1));
            }
            Err(e) => self.entries[i].status = Status::Broken(e),
        }
        true
    }

    /// Up and down move, left and right change the pilot, ok plays or opens the errors.
    pub fn input(&mut self, m: &MenuInput) -> Choice {
        if m.back {
            return Choice::Back;
        }
        let n = self.entries.len();
        let pilots = Character::ALL.len();
        if m.left {
            self.pilot = (self.pilot + pilots - 1) % pilots;
        }
        if m.right {
            self.pilot = (self.pilot + 1) % pilots;
        }
        if n == 0 {
            return Choice::None;
        }
        if m.up {
            self.cursor = (self.cursor + n - 1) % n;
        }
        if m.down {
            self.cursor = (self.cursor + 1) % n;
        }
        if !m.ok {
            return Choice::None;
        }
        let entry = &self.entries[self.cursor];
        match &entry.status {
            Status::Good { .. } => Choice::Play(entry.path.clone()),
            Status::Broken(_) => Choice::ShowErrors(self.cursor),
            Status::Unchecked => Choice::None,
        }
    }

    /// The rows on screen, scrolled so the cursor shows, and the cursor's place among them.
    pub fn window(&self) -> (Vec<(String, String)>, usize) {
        let first = self
            .cursor
            .saturating_sub(VISIBLE - 1)
            .min(self.entries.len().saturating_sub(VISIBLE));
        let rows = self.entries.iter().skip(first).take(VISIBLE);
        (rows.map(StageEntry::row).collect(), self.cursor - first)
    }
}

pub struct CustomStages {
    list: StageList,
    folder: Option<PathBuf>,
    catalog: Catalog,
}

impl CustomStages {
    pub fn new(ctx: &mut Ctx) -> CustomStages {
        let folder = stages_folder();
        CustomStages {
            list: StageList::new(folder.as_deref()),
            folder,
            catalog: ctx.shipped().catalog().clone(),
        }
    }
}

impl Scene for CustomStages {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        self.list.check_next(&self.catalog);
        let before = (self.list.cursor, self.list.pilot);
        let choice = self.list.input(m);
        if before != (self.list.cursor, self.list.pilot) {
            ctx.audio_mut().play("menu_move");
        }
        match choice {
            Choice::None => Transition::Stay,
            Choice::Back => Transition::ToTitle,
            Choice::ShowErrors(i) => {
                ctx.audio_mut().play("warning");
                match &self.list.entries[i].status {
                    Status::Broken(e) => Transition::push(StageErrors::new(e)),
                    _ => Transition::Stay,
                }
            }
            Choice::Play(path) => {
                ctx.audio_mut().play("menu_select");
                // Played alone as an author's stage is, on the settings' difficulty and rules.
                let plan = RunPlan {
                    pilots: vec![Character::ALL[self.list.pilot]],
                    difficulty: ctx.settings().difficulty,
                    arcade: ctx.settings().arcade,
                    seed: ctx.next_seed(),
                    ..RunPlan::new(RunKind::Custom, Stages::One(path))
                };
                match session::prepared(ctx, &plan, "CANNOT PLAY") {
                    Some(run) => Transition::Begin(Box::new(run)),
                    None => Transition::Stay,
                }
            }
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let (mut rows, mut cursor) = self.list.window();
        let empty = rows.is_empty();
        if empty {
            // A line to read, not a row to pick: nothing is highlighted.
            rows.push(("NO STAGES YET".into(), String::new()));
            cursor = rows.len();
        }
        let pilot = Character::ALL[self.list.pilot].name().to_uppercase();
        let folder = self
            .folder
            .as_ref()
            .map_or_else(|| "NONE".into(), |f| f.display().to_string());
        let hint = if empty {
            format!("PUT A STAGE FILE (A COPY OF ONE OF THE GAME'S, SAY) IN:  {folder}  ESC BACK")
        } else {
            format!("PILOT < {pilot} >  YOUR STAGES, IN:  {folder}  ESC BACK")
        };
        menus::list(draw.renderer, "CUSTOM STAGES", &rows, cursor, &hint);
    }
}

/// A broken stage's diagnostics, as the in-game error box shows them; any key goes back.
pub struct StageErrors {
    notice: Notice,
}

impl StageErrors {
    pub fn new(e: &LevelError) -> StageErrors {
        StageErrors {
            notice: Notice::level_errors(
                "STAGE HAS ERRORS",
                e,
                "Fix the file and choose it again.  ESC BACK",
            ),
        }
    }
}

impl Scene for StageErrors {
    fn frame(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        Transition::when(m.ok || m.back, || Transition::Pop)
    }

    fn draw(&self, _draw: &mut Draw) {}

    fn draw_panels(&self, draw: &mut Draw, layout: &Layout) {
        let n = &self.notice;
        notice_box::draw(draw.renderer, layout, &n.title, &n.text, SOURCE_COLUMNS);
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skysweep::platform::data::find_data;

    use crate::app::services::menu_input::press::with as press;

    /// A folder with a good stage (a copy of a shipped one), a broken one and a stray file.
    fn folder_of_stages() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let shipped = find_data("levels");
        for f in ["stage1.ron", "common.ron"] {
            std::fs::copy(shipped.join(f), dir.path().join(f)).unwrap();
        }
        std::fs::write(dir.path().join("broken.ron"), "Stage(name: \"x\", oops)").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "not a stage").unwrap();
        dir
    }

    fn checked(dir: &Path) -> StageList {
        let catalog = skysweep::run::Shipped::find().catalog().clone();
        let mut list = StageList::new(Some(dir));
        let mut guard = 0;
        while list.check_next(&catalog) {
            guard += 1;
            assert!(guard < 100, "checking ends");
        }
        list
    }

    #[test]
    fn lists_only_yours_and_drops_definitions() {
        let dir = folder_of_stages();
        let list = checked(dir.path());
        let yours: Vec<_> = list.entries.iter().collect();
        let names: Vec<_> = yours
            .iter()
            .map(|e| e.path.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["broken.ron", "stage1.ron"]);
        assert!(matches!(yours[0].status, Status::Broken(_)));
        let Status::Good { length_s, .. } = &yours[1].status else {
            panic!("stage1 passes check");
        };
        assert!(*length_s > 30.0);
        assert!(yours[1].row().1.contains(':'), "{:?}", yours[1].row());
        assert_eq!(yours[0].row().1, "ERRORS");
        assert_eq!(list.entries.len(), 2, "the copied common.ron is no stage");
    }

    /// Issue #42: on a save that reached only stages 1 to 3, CUSTOM STAGES listed and played
    /// stages 4 to 6 and the secret Extra stage. The game's own stages are not its to offer.
    #[test]
    fn the_games_own_stages_are_not_listed_so_no_lock_is_bypassed() {
        let empty = tempfile::tempdir().unwrap();
        let list = checked(empty.path());
        assert!(list.entries.is_empty(), "{:?}", list.entries);
        let levels = find_data("levels");
        let dir = folder_of_stages();
        let list = checked(dir.path());
        assert!(
            list.entries.iter().all(|e| !e.path.starts_with(&levels)),
            "{:?}",
            list.entries
        );
    }

    #[test]
    fn ok_plays_a_good_stage_and_opens_a_broken_ones_errors() {
        let dir = folder_of_stages();
        let mut list = checked(dir.path());
        assert_eq!(list.input(&press(|m| m.ok = true)), Choice::ShowErrors(0));
        assert_eq!(list.input(&press(|m| m.down = true)), Choice::None);
        let Choice::Play(p) = list.input(&press(|m| m.ok = true)) else {
            panic!("a good stage plays");
        };
        assert_eq!(p, dir.path().join("stage1.ron"));
        // Up from the top wraps to the bottom; back leaves.
        list.cursor = 0;
        list.input(&press(|m| m.up = true));
        assert_eq!(list.cursor, list.entries.len() - 1);
        assert_eq!(list.input(&press(|m| m.back = true)), Choice::Back);
    }

    #[test]
    fn left_and_right_cycle_every_pilot() {
        let mut list = StageList::new(None);
        assert!(list.entries.is_empty());
        assert_eq!(list.input(&press(|m| m.ok = true)), Choice::None);
        for _ in 0..Character::ALL.len() {
            list.input(&press(|m| m.right = true));
        }
        assert_eq!(list.pilot, 0);
        list.input(&press(|m| m.left = true));
        assert_eq!(list.pilot, Character::ALL.len() - 1);
    }

    #[test]
    fn the_window_keeps_the_cursor_on_screen() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..20 {
            std::fs::write(dir.path().join(format!("s{i:02}.ron")), "x").unwrap();
        }
        let mut list = StageList::new(Some(dir.path()));
        list.cursor = 15;
        let (rows, at) = list.window();
        assert_eq!(rows.len(), VISIBLE);
        assert_eq!(rows[at].0, "S15");
        list.cursor = 0;
        assert_eq!(list.window().1, 0);
    }
}
