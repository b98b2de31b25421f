//! How visible things in play are: the player's shots, the background, the enemy bullets.
//! Only drawing reads these. The shots are drawn a little faint by default; BULLET OUTLINE (a
//! light ring) is off by default: the bullets' own art carries the genre's dark rim, and the
//! contrast test (`render/bullet_contrast.rs`) found a second, outer dark rim loses them on
//! dark ground.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Visibility {
    /// Opacity of the players' shots, percent: [`MIN_SHOT_OPACITY`] to 100 in tens.
    pub shot_opacity: u8,
    /// How much the background (ground and clouds) is darkened, percent: 0 to
    /// [`MAX_BACKGROUND_DIM`] in tens.
    pub background_dim: u8,
    /// A light ring round every enemy bullet, so dark bullets read on dark ground.
    pub bullet_outline: bool,
}

/// How opaque the players' shots are by default: a little faint, as Taisei draws them, so an
/// enemy bullet in the stream reads against less bright colour behind it (issue #43).
pub const DEFAULT_SHOT_OPACITY: u8 = 70;

/// Faintest the shots may be: fainter, a player loses track of their own fire.
pub const MIN_SHOT_OPACITY: u8 = 20;
/// Most the background may be dimmed.
pub const MAX_BACKGROUND_DIM: u8 = 60;

impl Default for Visibility {
    fn default() -> Self {
        Visibility {
            shot_opacity: DEFAULT_SHOT_OPACITY,
            background_dim: 0,
            bullet_outline: false,
        }
    }
}

impl Visibility {
    /// Shot opacity one notch (ten percent) in `dir`, within its range.
    pub fn step_opacity(&mut self, dir: i32) {
        self.shot_opacity = notch(self.shot_opacity, dir, MIN_SHOT_OPACITY, 100);
    }

    /// Background dimming one notch (ten percent) in `dir`, within its range.
    pub fn step_dim(&mut self, dir: i32) {
        self.background_dim = notch(self.background_dim, dir, 0, MAX_BACKGROUND_DIM);
    }

    /// The values clamped into range, for a hand-edited file.
    pub fn clamped(self) -> Visibility {
        Visibility {
            shot_opacity: self.shot_opacity.clamp(MIN_SHOT_OPACITY, 100),
            background_dim: self.background_dim.min(MAX_BACKGROUND_DIM),
            bullet_outline: self.bullet_outline,
        }
    }
}

/// `v` moved ten in `dir`, rounded to tens and kept within `lo..=hi`.
fn notch(v: u8, dir: i32, lo: u8, hi: u8) -> u8 {
    let tens = (v as i32 + 5) / 10 + dir;
    (tens * 10).clamp(lo as i32, hi as i32) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notches_stay_in_range_and_the_defaults_change_nothing() {
        let mut v = Visibility::default();
        assert_eq!((v.shot_opacity, v.background_dim), (70, 0));
        v.step_opacity(1);
        v.step_opacity(1);
        v.step_opacity(1);
        v.step_opacity(1);
        assert_eq!(v.shot_opacity, 100, "no brighter than opaque");
        for _ in 0..20 {
            v.step_opacity(-1);
            v.step_dim(1);
        }
        assert_eq!((v.shot_opacity, v.background_dim), (20, 60));
        v.step_dim(-1);
        assert_eq!(v.background_dim, 50);
        let wild = Visibility {
            shot_opacity: 0,
            background_dim: 255,
            bullet_outline: true,
        }
        .clamped();
        assert_eq!((wild.shot_opacity, wild.background_dim), (20, 60));
    }
}
