//! The music's title as a stage shows it: the stage's track as the stage starts, and the
//! boss's as its music takes over mid-stage, each for a few seconds from when it began.

use std::collections::BTreeMap;

use skysweep::sim::GameEvent;

use crate::app::scenes::extras::track_name;

/// The title of the music playing and the step of the stage it began at.
#[derive(Clone, Debug, PartialEq)]
pub struct MusicBanner {
    cue: String,
    title: String,
    since: u64,
}

impl MusicBanner {
    /// The stage's own music, `cue` (no title for no music), beginning at step `frame`.
    pub fn new(cue: &str, titles: &BTreeMap<String, String>, frame: u64) -> MusicBanner {
        let title = match cue {
            "" => String::new(),
            cue => track_name(cue, titles),
        };
        MusicBanner {
            cue: cue.to_string(),
            title,
            since: frame,
        }
    }

    /// After a step at `frame` with `events`: a boss's entrance brings in `boss_cue`, whose
    /// title then shows, unless it is the music already playing (or none).
    pub fn after_step(
        &mut self,
        events: &[GameEvent],
        boss_cue: &str,
        titles: &BTreeMap<String, String>,
        frame: u64,
    ) {
        let boss = events
            .iter()
            .any(|e| matches!(e, GameEvent::BossAppears { .. }));
        if boss && !boss_cue.is_empty() && boss_cue != self.cue {
            *self = MusicBanner::new(boss_cue, titles, frame);
        }
    }

    pub fn title(&self) -> &str {
        &self.title
    }

    /// Steps the title has shown for at the stage's step `frame` (0 after a rewind to before
    /// it began).
    pub fn shown_for(&self, frame: u64) -> u64 {
        frame.saturating_sub(self.since)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles() -> BTreeMap<String, String> {
        BTreeMap::from([
            ("stage1".to_string(), "Meadowvale Morning".to_string()),
            ("boss".to_string(), "Iron in the Sky".to_string()),
        ])
    }

    #[test]
    fn the_boss_music_shows_its_title_from_the_step_it_starts() {
        let t = titles();
        let mut b = MusicBanner::new("stage1", &t, 0);
        assert_eq!((b.title(), b.shown_for(100)), ("MEADOWVALE MORNING", 100));
        b.after_step(&[], "boss", &t, 4000);
        assert_eq!(b.title(), "MEADOWVALE MORNING", "no boss yet");
        let boss = GameEvent::BossAppears { name: "X".into() };
        b.after_step(std::slice::from_ref(&boss), "boss", &t, 5000);
        assert_eq!((b.title(), b.shown_for(5000)), ("IRON IN THE SKY", 0));
        assert_eq!(b.shown_for(5060), 60);
        let again = b.clone();
        b.after_step(&[boss], "boss", &t, 6000);
        assert_eq!(b, again, "a second boss with the same music starts nothing");
    }

    #[test]
    fn a_boss_on_the_stages_own_music_or_on_none_shows_nothing_new() {
        let t = titles();
        let boss = [GameEvent::BossAppears { name: "X".into() }];
        let mut b = MusicBanner::new("stage1", &t, 0);
        b.after_step(&boss, "stage1", &t, 5000);
        b.after_step(&boss, "", &t, 5000);
        assert_eq!(b.shown_for(5000), 5000);
        assert_eq!(MusicBanner::new("", &t, 0).title(), "");
    }
}
