//! The options menu: volumes, display, shake, difficulty, TATE and replays on its first page,
//! then pages for the shot, the arcade rules and visibility, and the way into key rebinding.
//!
//! The menu's logic ([`OptionsMenu::input`]) works on the settings alone, so its tests feed it
//! menu input as data; [`Options`] is the scene that applies each change at once and draws.

use super::controls::Controls;
use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::MenuInput;
use crate::render::menus::{self, RowLook};
use skysweep::save::settings::{Setting, Settings};

/// A page of the options menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Main,
    Shot,
    Arcade,
    Visibility,
}

/// What a row of the menu does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    /// Left and right (or a pick) step this setting.
    Set(Setting),
    /// Opens another page.
    Open(Page),
    /// Opens rebinding: 1P keys, 2P keys, pad buttons.
    Rebind(usize),
    /// Back to the page before, or out of the menu.
    Back,
}

const MAIN: [Row; 15] = [
    Row::Set(Setting::MusicVolume),
    Row::Set(Setting::EffectsVolume),
    Row::Set(Setting::DisplayScale),
    Row::Set(Setting::Fullscreen),
    Row::Set(Setting::ScreenShake),
    Row::Set(Setting::Difficulty),
    Row::Set(Setting::Tate),
    Row::Set(Setting::SaveReplays),
    Row::Open(Page::Shot),
    Row::Open(Page::Arcade),
    Row::Open(Page::Visibility),
    Row::Rebind(0),
    Row::Rebind(1),
    Row::Rebind(2),
    Row::Back,
];

/// The settings of the pages MAIN opens, a row each; BACK follows them.
const SHOT: [Setting; 2] = [Setting::ShotMode, Setting::RapidFire];
const ARCADE: [Setting; 4] = [
    Setting::Lives,
    Setting::Extends,
    Setting::Continues,
    Setting::AskDifficulty,
];
const VISIBILITY: [Setting; 3] = [
    Setting::ShotOpacity,
    Setting::BackgroundDim,
    Setting::BulletOutline,
];

impl Page {
    /// The page's rows: MAIN's as listed, another page's settings and then BACK.
    fn rows(self) -> Vec<Row> {
        let settings: &[Setting] = match self {
            Page::Main => return MAIN.to_vec(),
            Page::Shot => &SHOT,
            Page::Arcade => &ARCADE,
            Page::Visibility => &VISIBILITY,
        };
        let rows = settings.iter().map(|s| Row::Set(*s));
        rows.chain([Row::Back]).collect()
    }

    fn title(self) -> &'static str {
        match self {
            Page::Main => "OPTIONS",
            Page::Shot => "SHOT",
            Page::Arcade => "ARCADE",
            Page::Visibility => "VISIBILITY",
        }
    }
}

/// What one frame of input did, for the scene to act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    None,
    /// The cursor moved or a page opened or closed.
    Moved,
    /// This setting changed in the settings given: apply it now.
    Changed(Setting),
    /// A setting the game in play keeps was asked to change.
    Locked,
    /// Open rebinding page `n` (1P keys, 2P keys, pad buttons).
    Rebind(usize),
    /// Out of the options.
    Leave,
}

/// The options menu's state: the page and the cursor on it.
pub struct OptionsMenu {
    page: Page,
    cursor: usize,
    /// Opened from the pause menu: settings that would change the game in play wait for the
    /// title's options.
    in_game: bool,
}

impl OptionsMenu {
    pub fn new(in_game: bool) -> OptionsMenu {
        OptionsMenu {
            page: Page::Main,
            cursor: 0,
            in_game,
        }
    }

    fn row(&self) -> Row {
        self.page.rows()[self.cursor]
    }

    /// One frame of menu input: up and down move, left and right step the setting under the
    /// cursor, a pick steps it forward or opens what the row names, back closes a page (then
    /// the menu). Changes land in `settings`.
    pub fn input(&mut self, m: &MenuInput, settings: &mut Settings) -> Action {
        let len = self.page.rows().len();
        if m.up || m.down {
            self.cursor = (self.cursor + if m.up { len - 1 } else { 1 }) % len;
            return Action::Moved;
        }
        if m.left || m.right {
            return match self.row() {
                Row::Set(s) => self.step(settings, s, if m.right { 1 } else { -1 }),
                _ => Action::None,
            };
        }
        if m.ok {
            return match self.row() {
                Row::Set(s) => self.step(settings, s, 1),
                Row::Open(page) => {
                    self.page = page;
                    self.cursor = 0;
                    Action::Moved
                }
                Row::Rebind(n) => Action::Rebind(n),
                Row::Back => self.back(),
            };
        }
        if m.back {
            return self.back();
        }
        Action::None
    }

    fn step(&self, settings: &mut Settings, setting: Setting, dir: i32) -> Action {
        if self.in_game && locked_in_game(setting) {
            return Action::Locked;
        }
        settings.adjust(setting, dir);
        Action::Changed(setting)
    }

    /// Back to the first page, the cursor on the page just left; out from the first page.
    fn back(&mut self) -> Action {
        if self.page == Page::Main {
            return Action::Leave;
        }
        let left = Row::Open(self.page);
        self.page = Page::Main;
        self.cursor = MAIN.iter().position(|r| *r == left).unwrap_or(0);
        Action::Moved
    }

    /// The page's rows as the menu shows them: label and value.
    fn rows(&self, c: &Settings) -> Vec<(String, String)> {
        self.page
            .rows()
            .iter()
            .map(|row| match row {
                Row::Set(s) => (label(*s).into(), value(c, *s)),
                Row::Open(p) => (p.title().into(), ">".into()),
                Row::Rebind(n) => (["1P KEYS", "2P KEYS", "PAD BUTTONS"][*n].into(), "".into()),
                Row::Back => ("BACK".into(), String::new()),
            })
            .collect()
    }

    /// Whether `row` shows a setting this menu cannot change: a rule, in the game in play.
    fn locked(&self, row: Row) -> bool {
        matches!(row, Row::Set(s) if self.in_game && locked_in_game(s))
    }

    /// The page as drawn: its rows with their looks, a locked row greyed with a line under it
    /// saying why, and where the cursor's row landed among them.
    fn shown(&self, c: &Settings) -> (Vec<(String, String)>, Vec<RowLook>, usize) {
        let (mut rows, mut looks, mut cursor) = (Vec::new(), Vec::new(), 0);
        for (i, (row, text)) in self.page.rows().iter().zip(self.rows(c)).enumerate() {
            if i == self.cursor {
                cursor = rows.len();
            }
            rows.push(text);
            if self.locked(*row) {
                looks.push(RowLook::Locked);
                rows.push((format!("  {LOCKED_NOTE}"), String::new()));
                looks.push(RowLook::Note);
            } else {
                looks.push(RowLook::Plain);
            }
        }
        (rows, looks, cursor)
    }

    /// The hint under the page, for the row under the cursor where the row needs one.
    fn hint(&self) -> &'static str {
        match (self.page, self.in_game) {
            _ if self.row() == Row::Set(Setting::RapidFire) => RAPID_FIRE_HINT,
            // Its rows say it: the page's fifteen rows and DIFFICULTY's note fill the page.
            (Page::Main, true) => "",
            (Page::Arcade, true) => "ESC BACK",
            (Page::Arcade, false) => "LEFT/RIGHT SET  OTHER RULES MARK THE SCORE",
            _ => "LEFT/RIGHT SET  ESC BACK",
        }
    }
}

/// What a locked row's note says: the title's OPTIONS change it, for the game after this.
const LOCKED_NOTE: &str = "FOR THE NEXT GAME";

/// What RAPID FIRE does, under its row: the label alone does not say, nor that it takes the
/// charge attack away (see `RapidFire`).
const RAPID_FIRE_HINT: &str =
    "PRESSES SHOT FOR YOU  NO CHARGE ATTACK WHILE ON  LEFT/RIGHT SET  ESC BACK";

/// Settings the pause menu's options show but do not change: the game in play keeps the rules
/// it started with, so its score stays on one table and its replay under one set of rules.
pub fn locked_in_game(setting: Setting) -> bool {
    setting.is_rule()
}

fn label(s: Setting) -> &'static str {
    match s {
        Setting::MusicVolume => "MUSIC VOLUME",
        Setting::EffectsVolume => "EFFECTS VOLUME",
        Setting::DisplayScale => "DISPLAY SCALE",
        Setting::Fullscreen => "FULLSCREEN",
        Setting::ScreenShake => "SCREEN SHAKE",
        Setting::Difficulty => "DIFFICULTY",
        Setting::AskDifficulty => "ASK DIFFICULTY",
        Setting::Tate => "TATE",
        Setting::SaveReplays => "SAVE REPLAYS",
        Setting::ShotMode => "SHOT",
        Setting::RapidFire => "RAPID FIRE",
        Setting::Lives => "LIVES",
        Setting::Extends => "EXTENDS",
        Setting::Continues => "CONTINUES",
        Setting::ShotOpacity => "SHOT OPACITY",
        Setting::BackgroundDim => "BACKGROUND DIM",
        Setting::BulletOutline => "BULLET OUTLINE",
    }
}

/// A setting's value as the menu shows it.
fn value(c: &Settings, s: Setting) -> String {
    let pct = |v: f32| format!("{:>3}%", (v * 100.0).round() as u32);
    let on = |b: bool| if b { "ON" } else { "OFF" }.to_string();
    match s {
        Setting::MusicVolume => pct(c.music_volume),
        Setting::EffectsVolume => pct(c.effects_volume),
        Setting::DisplayScale if c.display_scale == 0 => "AUTO".into(),
        Setting::DisplayScale => format!("{}X", c.display_scale),
        Setting::Fullscreen => on(c.fullscreen),
        Setting::ScreenShake => on(c.screen_shake),
        Setting::Difficulty => c.difficulty.name().to_uppercase(),
        Setting::AskDifficulty => on(c.ask_difficulty),
        Setting::Tate => c.tate.label().into(),
        Setting::SaveReplays => c.save_replays.name().into(),
        Setting::ShotMode => c.shot.mode.label().into(),
        Setting::RapidFire => c.shot.rapid.label(),
        Setting::Lives => c.arcade.lives.to_string(),
        Setting::Extends => c.arcade.extends.label().into(),
        Setting::Continues => c.arcade.continues.label(),
        Setting::ShotOpacity => format!("{}%", c.visibility.shot_opacity),
        Setting::BackgroundDim => format!("{}%", c.visibility.background_dim),
        Setting::BulletOutline => on(c.visibility.bullet_outline),
    }
}

/// The options scene: [`OptionsMenu`] with each change applied and saved at once.
pub struct Options {
    menu: OptionsMenu,
}

impl Options {
    /// The options from the title screen: every setting can change.
    pub fn new() -> Options {
        Options {
            menu: OptionsMenu::new(false),
        }
    }

    /// The options pushed over the pause menu: they apply at once, except those that would
    /// change the rules mid-game (see [`locked_in_game`]).
    pub fn in_game() -> Options {
        Options {
            menu: OptionsMenu::new(true),
        }
    }
}

impl Scene for Options {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        match self.menu.input(m, ctx.settings_mut()) {
            Action::None => Transition::Stay,
            Action::Moved => {
                ctx.audio_mut().play("menu_move");
                Transition::Stay
            }
            Action::Changed(setting) => {
                // The router writes the settings file this same frame.
                ctx.apply(setting);
                ctx.audio_mut().play("menu_move");
                Transition::Stay
            }
            Action::Locked => {
                ctx.audio_mut().play("warning");
                Transition::Stay
            }
            Action::Rebind(n) => {
                ctx.audio_mut().play("menu_select");
                Transition::push(Controls::new(n))
            }
            Action::Leave => Transition::Pop,
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let (rows, looks, cursor) = self.menu.shown(draw.settings);
        let words = (self.menu.page.title(), self.menu.hint());
        menus::list_with_looks(draw.renderer, words, &rows, &looks, cursor);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skysweep::level::Difficulty;
    use skysweep::save::settings::{RapidFire, ShotMode};
    use skysweep::sim::Continues;

    use crate::app::services::menu_input::press::{back, down, left, ok, right, up};

    /// Moves the cursor down to the row labelled `label` on the menu's page.
    /// Goes to the row `label` of the page on screen and opens it.
    fn open(menu: &mut OptionsMenu, c: &mut Settings, label: &str) {
        go_to(menu, c, label);
        menu.input(&ok(), c);
    }

    fn go_to(menu: &mut OptionsMenu, c: &mut Settings, label: &str) {
        for _ in 0..menu.page.rows().len() {
            if menu.rows(c)[menu.cursor].0 == label {
                return;
            }
            menu.input(&down(), c);
        }
        panic!("no row {label} on {:?}", menu.page);
    }

    #[test]
    fn every_setting_has_one_row_and_only_the_rules_wait_for_the_title() {
        let seen: Vec<Setting> = [Page::Main, Page::Shot, Page::Arcade, Page::Visibility]
            .iter()
            .flat_map(|p| p.rows())
            .filter_map(|r| match r {
                Row::Set(s) => Some(s),
                _ => None,
            })
            .collect();
        for s in Setting::ALL {
            let rows = seen.iter().filter(|x| **x == s).count();
            assert_eq!(rows, 1, "{s:?} has one row");
        }
        let locked: Vec<Setting> = Setting::ALL
            .into_iter()
            .filter(|s| locked_in_game(*s))
            .collect();
        assert_eq!(
            locked,
            [
                Setting::Difficulty,
                Setting::Lives,
                Setting::Extends,
                Setting::Continues
            ]
        );
        for p in [Page::Shot, Page::Arcade, Page::Visibility] {
            assert_eq!(p.rows().last(), Some(&Row::Back), "{p:?} ends in BACK");
        }
    }

    #[test]
    fn the_shot_page_switches_auto_fire_and_steps_rapid_fire() {
        let mut c = Settings::default();
        let mut menu = OptionsMenu::new(false);
        go_to(&mut menu, &mut c, "SHOT");
        assert_eq!(menu.input(&ok(), &mut c), Action::Moved);
        assert_eq!(menu.page, Page::Shot);
        assert_eq!(
            menu.input(&right(), &mut c),
            Action::Changed(Setting::ShotMode)
        );
        assert_eq!(c.shot.mode, ShotMode::Auto);
        assert_eq!(menu.rows(&c)[0].1, "AUTO-FIRE");
        menu.input(&down(), &mut c);
        menu.input(&left(), &mut c);
        assert_eq!(c.shot.rapid, RapidFire::Per10, "left from OFF wraps");
        assert_eq!(menu.rows(&c)[1].1, "10/S");
        // Its row says what it does, and what it costs.
        assert!(
            menu.hint().contains("PRESSES SHOT FOR YOU"),
            "{}",
            menu.hint()
        );
        assert!(menu.hint().contains("NO CHARGE ATTACK"), "{}", menu.hint());
        // Back returns to the first page with the cursor on the page's row.
        assert_eq!(menu.input(&back(), &mut c), Action::Moved);
        assert_eq!(menu.page, Page::Main);
        assert_eq!(menu.rows(&c)[menu.cursor].0, "SHOT");
        assert_eq!(menu.input(&back(), &mut c), Action::Leave);
    }

    #[test]
    fn arcade_rules_change_on_the_title_and_wait_in_game() {
        let mut c = Settings::default();
        let mut menu = OptionsMenu::new(false);
        open(&mut menu, &mut c, "ARCADE");
        assert_eq!(menu.input(&left(), &mut c), Action::Changed(Setting::Lives));
        menu.input(&left(), &mut c);
        assert_eq!(c.arcade.lives, 1);
        menu.input(&down(), &mut c);
        menu.input(&left(), &mut c);
        assert_eq!(menu.rows(&c)[1].1, "OFF");
        menu.input(&down(), &mut c);
        menu.input(&right(), &mut c);
        assert_eq!(c.arcade.continues, Continues::Limited(0));
        assert_eq!(c.arcade.tag(), "1L NOEXT 0C");
        // Arcade purists skip the difficulty question (issue #43).
        menu.input(&down(), &mut c);
        assert_eq!(
            menu.input(&ok(), &mut c),
            Action::Changed(Setting::AskDifficulty)
        );
        assert!(!c.ask_difficulty);
        assert_eq!(menu.rows(&c)[3], ("ASK DIFFICULTY".into(), "OFF".into()));
        // The last row leaves the page.
        menu.input(&down(), &mut c);
        assert_eq!(menu.input(&ok(), &mut c), Action::Moved);
        assert_eq!(menu.page, Page::Main);

        let before = c.clone();
        let mut paused = OptionsMenu::new(true);
        go_to(&mut paused, &mut c, "DIFFICULTY");
        assert_eq!(paused.input(&right(), &mut c), Action::Locked);
        open(&mut paused, &mut c, "ARCADE");
        for m in [right(), left(), ok()] {
            assert_eq!(paused.input(&m, &mut c), Action::Locked);
        }
        assert_eq!(c, before, "nothing changed mid-game");
        assert_eq!(c.difficulty, Difficulty::Normal);
    }

    #[test]
    fn a_locked_row_is_greyed_and_says_why_on_the_page() {
        let c = Settings::default();
        let paused = OptionsMenu::new(true);
        let (rows, looks, _) = paused.shown(&c);
        let at = rows.iter().position(|r| r.0 == "DIFFICULTY").unwrap();
        assert_eq!(looks[at], RowLook::Locked);
        assert_eq!(rows[at + 1].0.trim(), "FOR THE NEXT GAME");
        assert_eq!(looks[at + 1], RowLook::Note);
        // Every other row of the page is as on the title.
        let locked = looks.iter().filter(|l| **l != RowLook::Plain).count();
        assert_eq!(locked, 2, "DIFFICULTY and its note");
        assert!(
            rows.len() <= menus::rows_above_hint(paused.hint()),
            "the note fits above the hint"
        );
        // On the title nothing is locked.
        let (rows, looks, _) = OptionsMenu::new(false).shown(&c);
        assert!(looks.iter().all(|l| *l == RowLook::Plain));
        assert_eq!(rows.len(), MAIN.len());
    }

    #[test]
    fn the_visibility_page_steps_its_values_and_shows_them() {
        let mut c = Settings::default();
        let mut menu = OptionsMenu::new(true);
        open(&mut menu, &mut c, "VISIBILITY");
        let shown = |menu: &OptionsMenu, c: &Settings| -> Vec<String> {
            menu.rows(c).into_iter().map(|(_, v)| v).collect()
        };
        assert_eq!(shown(&menu, &c), ["70%", "0%", "OFF", ""]);
        menu.input(&left(), &mut c);
        menu.input(&down(), &mut c);
        for _ in 0..3 {
            menu.input(&right(), &mut c);
        }
        menu.input(&down(), &mut c);
        assert_eq!(
            menu.input(&ok(), &mut c),
            Action::Changed(Setting::BulletOutline),
            "visibility changes in play too"
        );
        assert_eq!(shown(&menu, &c), ["60%", "30%", "ON", ""]);
        // Up from the first row wraps to BACK.
        for _ in 0..3 {
            menu.input(&up(), &mut c);
        }
        assert_eq!(menu.rows(&c)[menu.cursor].0, "BACK");
    }

    #[test]
    fn rebinding_rows_open_their_pages_and_back_leaves() {
        let mut c = Settings::default();
        let mut menu = OptionsMenu::new(false);
        go_to(&mut menu, &mut c, "2P KEYS");
        assert_eq!(menu.input(&ok(), &mut c), Action::Rebind(1));
        menu.input(&down(), &mut c);
        menu.input(&down(), &mut c);
        assert_eq!(menu.rows(&c)[menu.cursor].0, "BACK");
        assert_eq!(menu.input(&ok(), &mut c), Action::Leave);
        assert_eq!(c, Settings::default(), "moving about changes nothing");
    }
}
