//! A message box on screen: a save that failed, a level with errors.

/// A message box on screen.
pub struct Notice {
    pub title: String,
    pub text: String,
    /// Frames left on screen; `None` stays until replaced or cleared.
    frames_left: Option<u32>,
}

impl Notice {
    /// Stays until replaced or cleared.
    pub fn lasting(title: &str, text: String) -> Notice {
        Notice {
            title: title.into(),
            text,
            frames_left: None,
        }
    }

    /// Five seconds on screen.
    pub fn brief(title: &str, text: String) -> Notice {
        Notice {
            title: title.into(),
            text,
            frames_left: Some(300),
        }
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
