//! A yes-or-no question asked before a choice that throws a run away (the pause menu's QUIT TO
//! TITLE and RESTART STAGE), so that one key never loses a run: NO is chosen until the player
//! moves to YES.

use crate::app::services::menu_input::MenuInput;

/// The question up, and which answer the cursor is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirm {
    question: String,
    yes: bool,
}

/// What the player answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Yes,
    No,
}

impl Confirm {
    /// `question` asked, NO chosen.
    pub fn new(question: impl Into<String>) -> Confirm {
        Confirm {
            question: question.into(),
            yes: false,
        }
    }

    /// One frame's menu input: any direction moves between NO and YES, OK answers the one
    /// chosen, back answers NO. `None` while it is still asking.
    pub fn input(&mut self, m: &MenuInput) -> Option<Answer> {
        if m.back {
            return Some(Answer::No);
        }
        if m.ok {
            return Some(if self.yes { Answer::Yes } else { Answer::No });
        }
        if m.up || m.down || m.left || m.right {
            self.yes = !self.yes;
        }
        None
    }

    /// The rows as drawn, the question first, and the row the cursor is on.
    pub fn rows(&self) -> ([&str; 3], usize) {
        ([&self.question, "NO", "YES"], if self.yes { 2 } else { 1 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::services::menu_input::press::{back, down, left, ok, right, up};

    #[test]
    fn one_key_answers_no() {
        let mut c = Confirm::new("QUIT TO TITLE?");
        assert_eq!(c.rows(), (["QUIT TO TITLE?", "NO", "YES"], 1));
        assert_eq!(c.clone().input(&ok()), Some(Answer::No));
        assert_eq!(c.input(&back()), Some(Answer::No));
    }

    #[test]
    fn yes_must_be_chosen_then_picked() {
        let mut c = Confirm::new("RESTART STAGE?");
        assert_eq!(c.input(&down()), None);
        assert_eq!(c.rows().1, 2);
        assert_eq!(
            c.clone().input(&back()),
            Some(Answer::No),
            "back is always no"
        );
        assert_eq!(c.input(&right()), None);
        assert_eq!(c.input(&left()), None);
        assert_eq!(c.input(&up()), None);
        assert_eq!(c.input(&up()), None);
        assert_eq!(c.input(&ok()), Some(Answer::Yes));
    }
}
