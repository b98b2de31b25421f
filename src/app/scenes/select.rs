//! Pilot select: each player picks a pilot with their own keys or pad and readies up; the
//! stage starts when everyone is ready: the whole game, or the Extra stage alone.

use macroquad::prelude::*;

use skysweep::run::{RunKind, RunPlan, Stages};
use skysweep::sim::Character;

use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::keyboard::key_from_name;
use crate::app::services::menu_input::MenuInput;
use crate::app::services::notice::Notice;
use crate::app::session;
use crate::render::menus;
use skysweep::save::pad::PadButton;

/// How many pilots there are to choose from.
const PILOTS: usize = Character::ALL.len();

pub struct Select {
    /// Each player's highlighted pilot, an index into [`Character::ALL`].
    cursors: Vec<usize>,
    ready: Vec<bool>,
    /// The pilot flies the Extra stage alone, not the whole game.
    extra: bool,
}

impl Select {
    pub fn new(players: usize) -> Select {
        // The pilots' measured damage, shown on the page, is ready in a moment.
        skysweep::sim::dps::measure_in_background();
        Select {
            cursors: (0..players).collect(),
            ready: vec![false; players],
            extra: false,
        }
    }

    /// One player's select for the Extra stage (issue #31).
    pub fn extra() -> Select {
        Select {
            extra: true,
            ..Select::new(1)
        }
    }
}

impl Scene for Select {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        let players = self.cursors.len();
        let two = players == 2;
        for p in 0..players {
            let keys = &ctx.settings().keys[p];
            let pressed = |names: &Vec<String>| {
                names
                    .iter()
                    .filter_map(|k| key_from_name(k))
                    .any(is_key_pressed)
            };
            // With two players each pad drives its own player; with one, any pad does.
            let pad = |b: PadButton| m.pad(b, two.then_some(p));
            let keyboard_menu = p == 0;
            let left = pressed(&keys.left)
                || pad(PadButton::DPadLeft)
                || keyboard_menu && is_key_pressed(KeyCode::Left);
            let right = pressed(&keys.right)
                || pad(PadButton::DPadRight)
                || keyboard_menu && is_key_pressed(KeyCode::Right);
            let ok = pressed(&keys.shot)
                || pad(PadButton::South)
                || pad(PadButton::Start)
                || keyboard_menu && is_key_pressed(KeyCode::Enter);
            let back = pressed(&keys.bomb) || pad(PadButton::East);
            if !self.ready[p] {
                if left {
                    self.cursors[p] = (self.cursors[p] + PILOTS - 1) % PILOTS;
                    ctx.audio_mut().play("menu_move");
                }
                if right {
                    self.cursors[p] = (self.cursors[p] + 1) % PILOTS;
                    ctx.audio_mut().play("menu_move");
                }
                if ok {
                    self.ready[p] = true;
                    ctx.audio_mut().play("menu_select");
                }
            } else if back {
                self.ready[p] = false;
            }
        }
        let leave = is_key_pressed(KeyCode::Escape)
            || m.pad(PadButton::Select, None)
            || (m.back && self.ready.iter().all(|r| !*r) && m.pad(PadButton::East, None));
        if leave {
            Transition::ToTitle
        } else if self.ready.iter().all(|r| *r) {
            let pilots = self.cursors.iter().map(|c| Character::ALL[*c]).collect();
            let (kind, stages) = match self.extra {
                false => (RunKind::Arcade, Stages::Campaign),
                true => match ctx.shipped().extra_stage() {
                    Some(path) => (RunKind::Extra, Stages::One(path)),
                    None => {
                        ctx.notices_mut().post(Notice::brief(
                            "EXTRA STAGE",
                            format!("levels/{} is missing.", skysweep::level::EXTRA_STAGE),
                        ));
                        return Transition::ToTitle;
                    }
                },
            };
            // A new game: a seed of its own (and so an order of its own for the first
            // stages), on the difficulty and arcade rules the settings say.
            let plan = RunPlan {
                pilots,
                difficulty: ctx.settings().difficulty,
                arcade: ctx.settings().arcade,
                seed: ctx.next_seed(),
                ..RunPlan::new(kind, stages)
            };
            match session::prepared(ctx, &plan, "CANNOT START") {
                Some(run) => Transition::Begin(Box::new(run)),
                None => Transition::ToTitle,
            }
        } else {
            Transition::Stay
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let dps = skysweep::sim::dps::ready();
        menus::select(draw.renderer, &self.cursors, &self.ready, draw.anim, dps)
    }
}
