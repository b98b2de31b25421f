//! EXTRAS: the music room, the endings gallery, the pilots' profiles and the player's record.
//!
//! Pilots come from [`Character::ALL`] and endings by their ids, so pilots added later appear
//! here without a change. What each page lists is built by plain functions of the player's
//! record, tested without a window.

use std::collections::BTreeMap;

use macroquad::prelude::*;

use skysweep::level::Difficulty;
use skysweep::save::player_data::{ending_id, PlayerData};
use skysweep::sim::Character;

use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::MenuInput;
use crate::render::ending::{self, EndingPage};
use crate::render::SpriteParams;
use crate::render::{menus, TITLE_GOLD};

/// Rows of a list on screen at once; longer lists scroll with the cursor.
const VISIBLE: usize = 12;

/// The pages, in the order of the first menu; the last row of that menu is BACK.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Menu,
    Music,
    Endings,
    Pilots,
    Record,
}

const MENU: [(&str, Page); 4] = [
    ("MUSIC ROOM", Page::Music),
    ("ENDINGS", Page::Endings),
    ("PILOTS", Page::Pilots),
    ("PLAYER DATA", Page::Record),
];

/// The music room's tracks from the catalog's `cues`, in the order the game plays them: the
/// title, the stages, the bosses, the ending. The Extra stage's own tracks (`extra`, as its
/// level names them) come last, and only once the game has been `cleared`: before that they
/// would give away what is locked. Cues the game does not name (an author's own) follow, by
/// name.
pub fn music_room(mut cues: Vec<String>, extra: &[String], cleared: bool) -> Vec<String> {
    let rank = |cue: &String| -> (u8, usize, String) {
        let stage = cue.strip_prefix("stage").and_then(|n| n.parse().ok());
        if let Some(i) = extra.iter().position(|e| e == cue) {
            return (5, i, String::new());
        }
        match (cue.as_str(), stage) {
            ("title", _) => (0, 0, String::new()),
            (_, Some(n)) => (1, n, String::new()),
            ("boss", _) => (2, 0, String::new()),
            ("final_boss", _) => (3, 0, String::new()),
            ("ending", _) => (4, 0, String::new()),
            (c, _) => (6, 0, c.to_string()),
        }
    };
    cues.retain(|c| cleared || !extra.contains(c));
    cues.sort_by_cached_key(rank);
    cues.dedup();
    cues
}

/// A music room row's name: the cue's title from `assets/music/titles.ron`, or without one
/// its cue name in words.
pub fn track_name(cue: &str, titles: &BTreeMap<String, String>) -> String {
    match titles.get(cue) {
        Some(title) => title.to_uppercase(),
        None => track_title(cue),
    }
}

/// A music cue's name for players: `final_boss` is FINAL BOSS, `stage3` STAGE 3.
pub fn track_title(cue: &str) -> String {
    let mut out = String::new();
    let mut prev_alpha = false;
    for ch in cue.chars() {
        if ch == '_' || ch == '-' {
            out.push(' ');
            prev_alpha = false;
            continue;
        }
        if ch.is_ascii_digit() && prev_alpha {
            out.push(' ');
        }
        prev_alpha = ch.is_alphabetic();
        out.push(ch.to_ascii_uppercase());
    }
    out
}

/// Every ending the gallery shows: each pilot's own, then any other seen (a pair's, say),
/// with whether it was seen. Unseen ones are listed too, locked.
pub fn endings(data: &PlayerData) -> Vec<(String, bool)> {
    let mut ids: Vec<String> = Character::ALL.iter().map(|c| ending_id(&[*c])).collect();
    ids.extend(
        data.endings_seen
            .iter()
            .filter(|id| !ids.contains(id))
            .cloned()
            .collect::<Vec<_>>(),
    );
    ids.into_iter()
        .map(|id| {
            let seen = data.seen(&id);
            (id, seen)
        })
        .collect()
}

/// The pilot whose own ending `id` is, if it is one pilot's.
fn ending_pilot(id: &str) -> Option<Character> {
    Character::ALL.into_iter().find(|c| ending_id(&[*c]) == id)
}

/// How the ending `id` unlocks, for the gallery's hint while the cursor is on it locked: a
/// pilot's own ending is seen by clearing the whole game flying that pilot alone (see
/// `player_record::game_cleared`).
pub fn unlock_hint(id: &str) -> String {
    match ending_pilot(id) {
        Some(c) => format!(
            "LOCKED: CLEAR THE GAME  FLYING {} ALONE  ESC BACK",
            c.name().to_uppercase()
        ),
        None => "LOCKED: CLEAR THE GAME  ESC BACK".into(),
    }
}

/// A gallery row: the pilots' names, or locked.
pub fn ending_row(id: &str, seen: bool) -> (String, String) {
    if seen {
        (id.replace('+', " & ").to_uppercase(), "SEEN".into())
    } else {
        ("? ? ?".into(), "LOCKED".into())
    }
}

fn clock(seconds: u64) -> String {
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// The record's rows: time and continues, each pilot's clears by difficulty, then each
/// stage's best per pilot.
pub fn record_rows(data: &PlayerData) -> Vec<(String, String)> {
    let mut rows = vec![
        ("TIME PLAYED".to_string(), clock(data.seconds_played)),
        (
            "CONTINUES USED".to_string(),
            data.continues_used.to_string(),
        ),
        ("CLEARS".to_string(), "E/N/H".to_string()),
    ];
    for c in Character::ALL {
        let counts: Vec<String> = Difficulty::ALL
            .iter()
            .map(|d| data.clears(c, *d).to_string())
            .collect();
        rows.push((format!(" {}", c.name().to_uppercase()), counts.join("/")));
    }
    rows.push(("BEST SCORES".to_string(), String::new()));
    if data.best.is_empty() {
        rows.push((" NONE YET".to_string(), String::new()));
    }
    for (stage, pilots) in &data.best {
        rows.push((format!(" {}", stage.to_uppercase()), String::new()));
        for (pilot, score) in pilots {
            rows.push((format!("  {}", pilot.to_uppercase()), score.to_string()));
        }
    }
    rows
}

/// The rows of `rows` on screen, scrolled so `cursor` shows, and the cursor's place in them.
fn window(rows: &[(String, String)], cursor: usize) -> (Vec<(String, String)>, usize) {
    let first = cursor
        .saturating_sub(VISIBLE - 1)
        .min(rows.len().saturating_sub(VISIBLE));
    let shown = rows.iter().skip(first).take(VISIBLE).cloned().collect();
    (shown, cursor.saturating_sub(first))
}

/// What one frame's input did.
#[derive(Debug, PartialEq)]
pub enum Action {
    None,
    /// Play the music room's track at this row.
    Play(usize),
    /// Show this seen pilot's ending page.
    ShowEnding(Character),
    /// Shot on an ending not seen yet: how it unlocks is said.
    Locked,
    Leave,
}

pub struct Extras {
    pub page: Page,
    /// The cursor on each page, kept when going back to the menu.
    pub cursor: usize,
    menu_cursor: usize,
    /// The music room's cues, by file name.
    tracks: Vec<String>,
    /// The cues' titles, as the catalog read them.
    titles: BTreeMap<String, String>,
    /// The cue the music room last started.
    playing: Option<usize>,
    /// Steps an ending page has been up, while one is shown.
    ending: Option<(Character, u32)>,
}

impl Extras {
    pub fn new(ctx: &mut Ctx) -> Extras {
        // The pilot pages show the pilots' measured damage.
        skysweep::sim::dps::measure_in_background();
        let shipped = ctx.shipped();
        let cues = shipped.catalog().music_cues().map(str::to_string).collect();
        // The Extra stage's tracks are whatever its level file plays.
        let extra: Vec<String> = shipped
            .extra_stage()
            .and_then(|path| shipped.load(&path).ok())
            .map(|level| vec![level.music.clone(), level.boss_music.clone()])
            .unwrap_or_default();
        let cleared = ctx.player_data().game_cleared();
        let mut x = Extras::with_tracks(music_room(cues, &extra, cleared));
        x.titles = shipped.catalog().music_titles().clone();
        x
    }

    pub fn with_tracks(tracks: Vec<String>) -> Extras {
        Extras {
            page: Page::Menu,
            cursor: 0,
            menu_cursor: 0,
            tracks,
            titles: BTreeMap::new(),
            playing: None,
            ending: None,
        }
    }

    /// How many rows the page has (the menu's BACK row included).
    fn rows(&self, data: &PlayerData) -> usize {
        match self.page {
            Page::Menu => MENU.len() + 1,
            Page::Music => self.tracks.len(),
            Page::Endings => endings(data).len(),
            Page::Pilots => Character::ALL.len(),
            Page::Record => record_rows(data).len(),
        }
    }

    /// One frame's menu input: moves, turns pages and says what to do.
    pub fn input(&mut self, m: &MenuInput, data: &PlayerData) -> Action {
        if self.ending.is_some() {
            if m.ok || m.back {
                self.ending = None;
            }
            return Action::None;
        }
        let n = self.rows(data);
        // Pilots turn with left and right too, as the select screen does.
        let (prev, next) = match self.page {
            Page::Pilots => (m.up || m.left, m.down || m.right),
            _ => (m.up, m.down),
        };
        if n > 0 {
            if prev {
                self.cursor = (self.cursor + n - 1) % n;
            }
            if next {
                self.cursor = (self.cursor + 1) % n;
            }
        }
        if m.back {
            return self.back();
        }
        if !m.ok {
            return Action::None;
        }
        match self.page {
            Page::Menu => match MENU.get(self.cursor) {
                Some((_, page)) => {
                    self.menu_cursor = self.cursor;
                    self.page = *page;
                    self.cursor = 0;
                    Action::None
                }
                None => Action::Leave,
            },
            Page::Music if self.cursor < self.tracks.len() => Action::Play(self.cursor),
            Page::Endings => match endings(data).get(self.cursor) {
                Some((id, true)) => ending_pilot(id).map_or(Action::None, |c| {
                    self.ending = Some((c, 0));
                    Action::ShowEnding(c)
                }),
                Some((_, false)) => Action::Locked,
                None => Action::None,
            },
            _ => Action::None,
        }
    }

    /// Back: from a page to the menu, from the menu out.
    fn back(&mut self) -> Action {
        if self.page == Page::Menu {
            return Action::Leave;
        }
        self.page = Page::Menu;
        self.cursor = self.menu_cursor;
        Action::None
    }

    fn draw_pilot(&self, draw: &mut Draw) {
        let r = &mut *draw.renderer;
        clear_background(Color::from_rgba(20, 28, 56, 255));
        let i = self.cursor.min(Character::ALL.len() - 1);
        let c = Character::ALL[i];
        let s = c.stats();
        let name = s.name.to_lowercase();
        r.text_centered("PILOTS", 112.0, 16.0, 1.0, TITLE_GOLD);
        r.sprite(
            &format!("portrait_{name}"),
            0,
            vec2(60.0, 70.0),
            SpriteParams::default(),
        );
        let bob = (draw.anim as f32 / 12.0).sin() * 2.0;
        r.sprite(
            &format!("ship_{name}"),
            2,
            vec2(160.0, 70.0 + bob),
            SpriteParams::default(),
        );
        r.text_centered(&s.name.to_uppercase(), 112.0, 112.0, 2.0, WHITE);
        let light = Color::from_rgba(220, 220, 240, 255);
        for (k, l) in menus::c_blurb(i).unwrap_or(&[]).iter().enumerate() {
            r.text_centered(l, 112.0, 140.0 + k as f32 * 11.0, 1.0, light);
        }
        let measured = |k: usize| match skysweep::sim::dps::ready() {
            Some(t) => format!("{:.0}", t[i][k]),
            None => "...".to_string(),
        };
        let stats = [
            ("SPEED", format!("{:.0}", s.speed)),
            // Measured against a target dummy, misses included (`sim::dps`), not shots
            // a second times damage a shot.
            ("DAMAGE/S POWER 1", measured(0)),
            ("DAMAGE/S POWER 4", measured(1)),
            ("SHOT SPEED", format!("{:.0}", s.shot_speed)),
            ("BOMB SECONDS", format!("{:.1}", s.bomb_steps as f32 / 60.0)),
            ("BOMB DAMAGE", format!("{:.0}", s.bomb_damage)),
        ];
        for (k, (label, value)) in stats.iter().enumerate() {
            let y = 184.0 + k as f32 * 12.0;
            r.text(
                label,
                vec2(20.0, y),
                1.0,
                Color::from_rgba(160, 220, 255, 255),
            );
            let w = r.text_width(value, 1.0);
            r.text(value, vec2(204.0 - w, y), 1.0, WHITE);
        }
        let hint = format!("< {}/{} >  ESC BACK", i + 1, Character::ALL.len());
        r.text_centered(
            &hint,
            112.0,
            290.0,
            1.0,
            Color::from_rgba(170, 180, 210, 255),
        );
    }
}

impl Scene for Extras {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        let before = (self.page, self.cursor);
        let action = self.input(m, ctx.player_data());
        if before != (self.page, self.cursor) {
            ctx.audio_mut().play("menu_move");
        }
        match action {
            Action::None => Transition::Stay,
            Action::Leave => Transition::ToTitle,
            Action::Play(i) => {
                ctx.audio_mut().music(&self.tracks[i]);
                self.playing = Some(i);
                Transition::Stay
            }
            Action::ShowEnding(_) => {
                ctx.audio_mut().play("menu_select");
                Transition::Stay
            }
            // The hint under the list already says how it unlocks.
            Action::Locked => {
                ctx.audio_mut().play("warning");
                Transition::Stay
            }
        }
    }

    fn step(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot) -> Transition {
        if let Some((_, steps)) = &mut self.ending {
            *steps = steps.saturating_add(1);
        }
        Transition::Stay
    }

    fn draw(&self, draw: &mut Draw) {
        if let Some((c, steps)) = self.ending {
            ending::draw(draw.renderer, EndingPage::Pilot(c), steps);
            return;
        }
        let data = draw.player_data;
        let unlock;
        let (title, rows, hint): (&str, Vec<(String, String)>, &str) = match self.page {
            Page::Menu => {
                let mut rows: Vec<_> = MENU
                    .iter()
                    .map(|(l, _)| (l.to_string(), String::new()))
                    .collect();
                rows.push(("BACK".into(), String::new()));
                ("EXTRAS", rows, "SHOT OPEN  ESC BACK")
            }
            Page::Music => {
                let rows = self
                    .tracks
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        let on = if self.playing == Some(i) {
                            "PLAYING"
                        } else {
                            ""
                        };
                        (track_name(t, &self.titles), on.to_string())
                    })
                    .collect();
                ("MUSIC ROOM", rows, "SHOT PLAY  ESC BACK")
            }
            Page::Endings => {
                let list = endings(data);
                let rows = list
                    .iter()
                    .map(|(id, seen)| ending_row(id, *seen))
                    .collect();
                let hint = match list.get(self.cursor) {
                    Some((id, false)) => {
                        unlock = unlock_hint(id);
                        unlock.as_str()
                    }
                    _ => "SHOT VIEW  ESC BACK",
                };
                ("ENDINGS", rows, hint)
            }
            Page::Record => ("PLAYER DATA", record_rows(data), "UP/DOWN SCROLL  ESC BACK"),
            Page::Pilots => return self.draw_pilot(draw),
        };
        let (rows, at) = window(&rows, self.cursor);
        menus::list(draw.renderer, title, &rows, at, hint);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::app::services::menu_input::press::{back, down, ok, with as press};

    #[test]
    fn the_music_room_plays_in_game_order_and_keeps_the_extra_for_the_cleared() {
        let cues: Vec<String> = [
            "boss",
            "ending",
            "extra_boss",
            "final_boss",
            "mine",
            "stage1",
            "stage10",
            "stage2",
            "stage7",
            "title",
        ]
        .map(String::from)
        .into();
        let extra = ["stage7".to_string(), "extra_boss".to_string()];
        assert_eq!(
            music_room(cues.clone(), &extra, false),
            [
                "title",
                "stage1",
                "stage2",
                "stage10",
                "boss",
                "final_boss",
                "ending",
                "mine"
            ]
        );
        let cleared = music_room(cues, &extra, true);
        assert_eq!(cleared[7..], ["stage7", "extra_boss", "mine"]);
    }

    #[test]
    fn track_titles_are_words() {
        assert_eq!(track_title("final_boss"), "FINAL BOSS");
        assert_eq!(track_title("stage3"), "STAGE 3");
        assert_eq!(track_title("title"), "TITLE");
        let titles = BTreeMap::from([("stage1".to_string(), "Meadowvale Morning".to_string())]);
        assert_eq!(track_name("stage1", &titles), "MEADOWVALE MORNING");
        assert_eq!(
            track_name("stage2", &titles),
            "STAGE 2",
            "untitled: its cue name"
        );
    }

    #[test]
    fn the_music_room_plays_the_chosen_track_and_back_returns_to_the_menu() {
        let data = PlayerData::default();
        let mut x = Extras::with_tracks(vec!["boss".into(), "title".into()]);
        assert_eq!(x.input(&ok(), &data), Action::None);
        assert_eq!(x.page, Page::Music);
        x.input(&down(), &data);
        assert_eq!(x.input(&ok(), &data), Action::Play(1));
        // Down past the last wraps to the first.
        x.input(&down(), &data);
        assert_eq!(x.input(&ok(), &data), Action::Play(0));
        assert_eq!(x.input(&back(), &data), Action::None);
        assert_eq!((x.page, x.cursor), (Page::Menu, 0));
        assert_eq!(x.input(&back(), &data), Action::Leave);
    }

    #[test]
    fn the_menus_last_row_leaves() {
        let data = PlayerData::default();
        let mut x = Extras::with_tracks(Vec::new());
        for _ in 0..MENU.len() {
            x.input(&down(), &data);
        }
        assert_eq!(x.input(&ok(), &data), Action::Leave);
    }

    #[test]
    fn endings_list_every_pilot_locked_until_seen_and_any_other_seen() {
        let mut data = PlayerData::default();
        let list = endings(&data);
        assert_eq!(list.len(), Character::ALL.len());
        assert!(list.iter().all(|(_, seen)| !seen));
        assert_eq!(ending_row(&list[0].0, false).0, "? ? ?");
        let wren = ending_id(&[Character::Wren]);
        data.record_ending(&wren);
        data.record_ending("vela+wren");
        let list = endings(&data);
        assert_eq!(list.len(), Character::ALL.len() + 1);
        assert!(list.contains(&(wren.clone(), true)));
        assert_eq!(ending_row("vela+wren", true).0, "VELA & WREN");
        // A seen pilot's ending opens its page; a locked one does not.
        let mut x = Extras::with_tracks(Vec::new());
        x.input(&down(), &data);
        x.input(&ok(), &data);
        assert_eq!(x.page, Page::Endings);
        assert_eq!(x.input(&ok(), &data), Action::Locked, "the first is locked");
        assert_eq!(
            unlock_hint(&list[0].0),
            "LOCKED: CLEAR THE GAME  FLYING VELA ALONE  ESC BACK",
            "and says how it unlocks"
        );
        let at = list.iter().position(|(id, _)| *id == wren).unwrap();
        for _ in 0..at {
            x.input(&down(), &data);
        }
        assert_eq!(x.input(&ok(), &data), Action::ShowEnding(Character::Wren));
        // Any key closes the page, back on the gallery.
        x.input(&ok(), &data);
        assert_eq!(x.page, Page::Endings);
        assert!(x.ending.is_none());
    }

    #[test]
    fn pilots_turn_with_left_and_right_through_every_pilot() {
        let data = PlayerData::default();
        let mut x = Extras::with_tracks(Vec::new());
        x.input(&down(), &data);
        x.input(&down(), &data);
        x.input(&ok(), &data);
        assert_eq!(x.page, Page::Pilots);
        for _ in 0..Character::ALL.len() {
            x.input(&press(|m| m.right = true), &data);
        }
        assert_eq!(x.cursor, 0);
        x.input(&press(|m| m.left = true), &data);
        assert_eq!(x.cursor, Character::ALL.len() - 1);
    }

    #[test]
    fn the_record_shows_time_continues_clears_and_bests() {
        let mut data = PlayerData::default();
        data.add_steps(60 * 3725);
        data.add_continues(4);
        data.record_clear(Character::Brass, Difficulty::Hard);
        data.record_score("Meadowvale", Character::Vela, 4321);
        let rows = record_rows(&data);
        let find = |label: &str| {
            rows.iter()
                .find(|(l, _)| l.trim() == label)
                .unwrap()
                .1
                .clone()
        };
        assert_eq!(find("TIME PLAYED"), "1:02:05");
        assert_eq!(find("CONTINUES USED"), "4");
        assert_eq!(find("BRASS"), "0/0/1");
        assert_eq!(find("VELA"), "0/0/0");
        assert!(rows.iter().any(|(l, _)| l.trim() == "MEADOWVALE"));
        assert!(rows.contains(&("  VELA".into(), "4321".into())));
        // Each pilot has a clears row.
        for c in Character::ALL {
            assert!(rows
                .iter()
                .any(|(l, _)| l.trim() == c.name().to_uppercase()));
        }
    }

    #[test]
    fn long_lists_scroll_to_keep_the_cursor_on_screen() {
        let rows: Vec<_> = (0..30).map(|i| (i.to_string(), String::new())).collect();
        let (shown, at) = window(&rows, 20);
        assert_eq!(shown.len(), VISIBLE);
        assert_eq!(shown[at].0, "20");
        assert_eq!(window(&rows, 0).1, 0);
    }
}
