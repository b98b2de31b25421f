//! Pilot select: each player picks a pilot with their own keys or pad and readies up; the
//! stage starts when everyone is ready: the whole game, or the Extra stage alone.

use macroquad::prelude::*;

use skysweep::headless::run_setup;
use skysweep::sim::Character;

use super::ctx::Ctx;
use super::draw::Draw;
use super::keyboard::key_from_name;
use super::menu_input::MenuInput;
use super::notice::Notice;
use super::scene::{Scene, StagePlace, Transition};
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
    fn frame(&mut self, ctx: &mut Ctx, m: &MenuInput) -> Transition {
        let players = self.cursors.len();
        let two = players == 2;
        for p in 0..players {
            let keys = &ctx.settings.keys[p];
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
                    ctx.audio.play("menu_move");
                }
                if right {
                    self.cursors[p] = (self.cursors[p] + 1) % PILOTS;
                    ctx.audio.play("menu_move");
                }
                if ok {
                    self.ready[p] = true;
                    ctx.audio.play("menu_select");
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
            let characters = self.cursors.iter().map(|c| Character::ALL[*c]).collect();
            ctx.run.new_game();
            if self.extra {
                let Some(path) = run_setup::shipped_extra_stage() else {
                    ctx.message = Some(Notice::brief(
                        "EXTRA STAGE",
                        format!("levels/{} is missing.", skysweep::level::EXTRA_STAGE),
                    ));
                    return Transition::ToTitle;
                };
                ctx.run.play_extra(path);
            }
            Transition::Play(StagePlace {
                index: 0,
                loop_index: ctx.run.base_config.loop_index,
                characters,
            })
        } else {
            Transition::Stay
        }
    }

    fn draw(&self, draw: &mut Draw) {
        menus::select(draw.renderer, &self.cursors, &self.ready, draw.anim)
    }
}
