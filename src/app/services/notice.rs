//! The message box on screen: a save that failed, a level with errors, an asset that would
//! not load, a replay saved. Every scene posts its notices to the one [`Notices`] service the
//! context holds; the router counts their time each frame and draws the one on screen.

use skysweep::level::text::report::{render_all, Style};
use skysweep::level::LevelError;

/// Columns a level error's source line is cut to in the error box: what the default window
/// shows at twice the font's size.
pub const SOURCE_COLUMNS: usize = 72;

/// A message box on screen.
pub struct Notice {
    pub title: String,
    pub text: String,
    /// The lines are shown as they are, across the window, in a fixed-width font: a level
    /// error's source line with its caret. Otherwise the text is wrapped in the playfield.
    pub preformatted: bool,
    /// Frames left on screen; `None` stays until replaced or cleared.
    frames_left: Option<u32>,
    /// Only confirms something that went as asked: see [`Notice::done`].
    done: bool,
}

impl Notice {
    /// Stays until replaced or cleared.
    pub fn lasting(title: &str, text: String) -> Notice {
        Notice {
            title: title.into(),
            text,
            preformatted: false,
            frames_left: None,
            done: false,
        }
    }

    /// Five seconds on screen.
    pub fn brief(title: &str, text: String) -> Notice {
        Notice::for_frames(title, text, 300)
    }

    /// `frames` frames on screen (60 a second).
    pub fn for_frames(title: &str, text: String, frames: u32) -> Notice {
        Notice {
            title: title.into(),
            text,
            preformatted: false,
            frames_left: Some(frames),
            done: false,
        }
    }

    /// Assets that would not load: long enough to read, not for the whole game.
    pub fn asset_errors(failed: &[String]) -> Notice {
        Notice::for_frames(
            "ASSET ERROR",
            format!(
                "{}\n\nThese assets could not be loaded; what they show or play is missing.",
                failed.join("\n")
            ),
            600,
        )
        .preformatted()
    }

    /// The same notice with its lines kept as they are (see [`Notice::preformatted`]).
    pub fn preformatted(mut self) -> Notice {
        self.preformatted = true;
        self
    }

    /// A level's errors, each with its source line and a caret under the column, until a good
    /// save replaces them. Shows the first three, each source line cut to [`SOURCE_COLUMNS`]
    /// around its caret; `footer` follows them.
    pub fn level_errors(title: &str, e: &LevelError, footer: &str) -> Notice {
        const SHOWN: usize = 3;
        let mut text = render_all(
            e.diagnostics.iter().take(SHOWN),
            Style::Plain,
            SOURCE_COLUMNS,
        );
        if let n @ 1.. = e.diagnostics.len().saturating_sub(SHOWN) {
            text.push_str(&format!("\n\n...and {n} more (see the terminal)"));
        }
        if !footer.is_empty() {
            text.push_str("\n\n");
            text.push_str(footer);
        }
        Notice::lasting(title, text).preformatted()
    }

    /// [`Notice::brief`] for something that went as asked (REPLAY SAVED): the player's next
    /// move may clear it (see [`Notice::is_done`]). A failure stays its full time.
    pub fn done(title: &str, text: String) -> Notice {
        Notice {
            done: true,
            ..Notice::brief(title, text)
        }
    }

    /// Whether this only confirms something that went as asked ([`Notice::done`]).
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Counts a frame; true when the notice has had its time.
    pub fn tick(&mut self) -> bool {
        match &mut self.frames_left {
            Some(0) => true,
            Some(n) => {
                *n -= 1;
                false
            }
            None => false,
        }
    }
}

/// The one message box on screen, if any: every notice is posted here, and only the latest
/// shows.
#[derive(Default)]
pub struct Notices {
    current: Option<Notice>,
}

impl Notices {
    /// Shows `notice` in place of the one on screen.
    pub fn post(&mut self, notice: Notice) {
        self.current = Some(notice);
    }

    /// Takes the notice off the screen.
    pub fn clear(&mut self) {
        self.current = None;
    }

    /// Takes the notice off the screen when it only confirms something done
    /// ([`Notice::done`]): the player has moved on.
    pub fn clear_done(&mut self) {
        if self.current.as_ref().is_some_and(Notice::is_done) {
            self.current = None;
        }
    }

    /// The notice on screen.
    pub fn current(&self) -> Option<&Notice> {
        self.current.as_ref()
    }

    /// Counts a frame: a notice that has had its time goes.
    pub fn tick(&mut self) {
        if self.current.as_mut().is_some_and(Notice::tick) {
            self.current = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skysweep::level::{Diagnostic, Source};

    #[test]
    fn level_errors_show_the_source_line_and_count_the_rest() {
        let src = Source::new("s.ron", "Stage(\n  sprite: \"air_dron\",\n)");
        let at = src.text.find('"').unwrap();
        let d = Diagnostic::in_source(&src, at..at + 10, "unknown sprite");
        let e = LevelError {
            diagnostics: vec![d; 5],
        };
        let n = Notice::level_errors(
            "SAVE HAS ERRORS",
            &e,
            "The last good version keeps running.",
        );
        assert!(n.preformatted);
        assert!(n.text.starts_with(
            "error: unknown sprite\n --> s.ron:2:11\n  |\n2 |   sprite: \"air_dron\",\n  |           ^^^^^^^^^^"
        ), "{}", n.text);
        assert_eq!(n.text.matches("error:").count(), 3);
        assert!(n
            .text
            .ends_with("...and 2 more (see the terminal)\n\nThe last good version keeps running."));
    }

    #[test]
    fn a_posted_notice_shows_until_its_time_is_up_or_it_is_replaced() {
        let mut notices = Notices::default();
        assert!(notices.current().is_none());
        notices.post(Notice::for_frames("A", "a".into(), 1));
        notices.tick();
        assert_eq!(notices.current().map(|n| n.title.as_str()), Some("A"));
        notices.tick();
        assert!(notices.current().is_none());
        notices.post(Notice::lasting("B", "b".into()));
        notices.post(Notice::done("C", "c".into()));
        assert_eq!(notices.current().map(|n| n.title.as_str()), Some("C"));
        notices.clear_done();
        assert!(notices.current().is_none());
        notices.post(Notice::lasting("D", "d".into()));
        notices.clear_done();
        assert!(notices.current().is_some());
        notices.clear();
        assert!(notices.current().is_none());
    }

    #[test]
    fn only_a_notice_of_something_done_is_done() {
        assert!(Notice::done("REPLAY SAVED", "PTA".into()).is_done());
        assert!(!Notice::brief("REPLAY NOT SAVED", "disk full".into()).is_done());
        assert!(!Notice::lasting("LEVEL", "x".into()).is_done());
        assert!(!Notice::asset_errors(&["a.png".into()]).is_done());
    }
}
