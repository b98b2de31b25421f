//! What happened: during a step, for sound and effects to react to (the simulation never
//! depends on whether anyone listens), and over the run, in its totals.

use std::sync::Arc;

use glam::Vec2;

use super::item::ItemKind;

/// Something a player would see or hear. Emitted in the order it happened.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEvent {
    Shot {
        player: usize,
    },
    /// An enemy part took damage (`armored`: it is guarded and took none).
    Hit {
        pos: Vec2,
        armored: bool,
    },
    /// An enemy or part blew up; `size` 0 small, 1 medium, 2 large.
    Explosion {
        pos: Vec2,
        size: u8,
    },
    /// A destroyed ground enemy leaves a wreck sprite on the scrolling ground.
    Wreck {
        pos: Vec2,
        sprite: Arc<str>,
    },
    ItemTaken {
        player: usize,
        kind: ItemKind,
        pos: Vec2,
        score: u64,
    },
    PowerUp {
        player: usize,
    },
    PowerDown {
        player: usize,
    },
    Bomb {
        player: usize,
    },
    /// A charge attack was released.
    Charge {
        player: usize,
    },
    /// A charge released up close became a melee strike at `pos`.
    Melee {
        player: usize,
        pos: Vec2,
    },
    /// The charge gauge reached a new whole level.
    ChargeReady {
        player: usize,
    },
    Death {
        player: usize,
        pos: Vec2,
    },
    ExtraLife {
        player: usize,
    },
    /// An enemy bullet was cancelled (by a bomb or a boss's fall).
    BulletCancelled {
        pos: Vec2,
    },
    Warning {
        text: Arc<str>,
        duration_s: f32,
    },
    BossAppears {
        name: Arc<str>,
    },
    /// Enemy `key`, of type `enemy` (an index into the level's enemies), entered its phase
    /// `phase`, titled `name` if the level names it. A boss's or mid-boss's first phase is
    /// reported as the timeline brings it in; later ones as they start.
    BossPhase {
        key: usize,
        enemy: usize,
        phase: usize,
        name: Option<Arc<str>>,
    },
    BossDefeated {
        name: Arc<str>,
        bonus: u64,
    },
    StageClear,
    GameOver,
    Continue {
        player: usize,
    },
}

/// Totals for the summary and the results screen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunStats {
    pub deaths: u32,
    pub bombs_used: u32,
    /// Charges released up close as melee strikes.
    pub melee_strikes: u32,
    pub power_downs: u32,
    pub kills_air: u32,
    pub kills_ground: u32,
    pub items_power: u32,
    pub items_bomb: u32,
    pub items_coin: u32,
    pub bosses_defeated: u32,
    pub boss_parts_destroyed: u32,
    pub max_live_boxes: usize,
    pub max_enemy_bullets: usize,
    /// Enemy bullets fired on this stage: what a difficulty's density and fire rate come to
    /// (`balance` compares the difficulties by it). Counted, not part of the state: the hash
    /// leaves it out, as it follows from the bullets spawned.
    pub enemy_bullets_fired: u64,
    pub continues: u32,
}
