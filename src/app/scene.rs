//! The contract every screen of the game keeps, and the transitions the router applies.
//!
//! A scene owns its own state. Once per rendered frame the router calls [`Scene::frame`] on the
//! scene on top (menus and other choices), then [`Scene::step`] once per fixed step it owes
//! (only play moves there), and last [`Scene::draw`], which only reads. Shared services (settings,
//! audio, pads, the stores, the renderer) live in [`Ctx`] and are lent to each call; the run in
//! play is the router's, lent as a [`RunSlot`] to the calls that may change it; drawing is
//! lent [`Draw`], what it may read and the renderer.

use std::sync::Arc;

use skysweep::level::Level;
use skysweep::sim::World;

use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::menu_page::MenuPage;
use crate::app::services::menu_input::MenuInput;
use crate::app::session::{Session, StagePlace};
use crate::render::menus::{NoticeBand, NOTICE_BAND};
use crate::render::Layout;

/// The run in play, if any: the router's, lent to a scene's update.
pub type RunSlot = Option<Session>;

/// What happens after a scene's update.
pub enum Transition {
    /// Stay on this scene.
    Stay,
    /// Put a scene on top; the one below keeps its state untouched until it is on top again.
    Push(Box<dyn Scene>),
    /// Take this scene off, back to the one below.
    Pop,
    /// Leave every scene on the stack for this one.
    Switch(Box<dyn Scene>),
    /// Back to the title screen and its music, leaving every scene on the stack. The router
    /// builds the title, so a scene that ends there need not know it.
    ToTitle,
    /// Back to one of the title's menus, leaving every scene on the stack; the router builds
    /// it, so a scene that ends there need not know it.
    ToMenu(MenuPage),
    /// Start this run at its first stage, leaving every scene on the stack (and any run before
    /// it, which ends); the router keeps the run and builds the stage in play.
    Begin(Box<Session>),
    /// The title row `row` (an index into the title's full list) was picked, and `then`
    /// follows: the router keeps the row, where the title's cursor waits when the player
    /// comes back to it.
    TitleRow { row: usize, then: Box<Transition> },
    /// Start the stage at this place of the run (a new game, the next stage, the next loop),
    /// leaving every scene on the stack; the router builds the stage in play.
    Play(StagePlace),
    /// Play the stage at this place again from its beginning (the pause menu's RESTART): the
    /// run's recording ends first, and a replay starts over from its first stage.
    Restart(StagePlace),
    /// End the game.
    Quit,
}

impl Transition {
    pub fn switch(scene: impl Scene + 'static) -> Transition {
        Transition::Switch(Box::new(scene))
    }

    pub fn push(scene: impl Scene + 'static) -> Transition {
        Transition::Push(Box::new(scene))
    }

    /// `then()` when `cond` holds, else stay.
    pub fn when(cond: bool, then: impl FnOnce() -> Transition) -> Transition {
        if cond {
            then()
        } else {
            Transition::Stay
        }
    }

    pub fn is_stay(&self) -> bool {
        matches!(self, Transition::Stay)
    }
}

pub trait Scene {
    /// Once per rendered frame, while this scene is on top.
    fn frame(&mut self, ctx: &mut Ctx, run: &mut RunSlot, m: &MenuInput) -> Transition;

    /// Once per fixed 60 Hz step, while this scene is on top.
    fn step(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot) -> Transition {
        Transition::Stay
    }

    /// Draws into the playfield. Reads the scene; only the renderer changes.
    fn draw(&self, draw: &mut Draw);

    /// Draws outside the playfield, after it is on screen (side panels, the hitbox overlay).
    fn draw_panels(&self, _draw: &mut Draw, _layout: &Layout) {}

    /// Where a message box goes while this scene is on top: somewhere it covers nothing that
    /// matters (the title keeps its logo clear).
    fn notice_band(&self) -> NoticeBand {
        NOTICE_BAND
    }

    /// Drawn over the scene below it (a pause menu over the stage) rather than alone.
    fn is_overlay(&self) -> bool {
        false
    }

    /// The world in play, if this scene plays one: the HUD's high score, the sky colour and
    /// the frame summary read it.
    fn world(&self) -> Option<&World> {
        None
    }

    /// Where in the run this scene plays, if it plays a stage.
    fn place(&self) -> Option<&StagePlace> {
        None
    }

    /// True while this scene is live play, which alone takes the keys tapped between steps.
    fn is_play(&self) -> bool {
        false
    }

    /// A good save of the watched level file arrived while this scene is on the stack.
    /// `Stay` lets the router keep the new version for the next start.
    fn level_saved(
        &mut self,
        _ctx: &mut Ctx,
        _run: &mut RunSlot,
        _level: &Arc<Level>,
    ) -> Transition {
        Transition::Stay
    }

    /// The game is ending (quit, window closed, `--frames` done): keep what must not be lost.
    fn on_exit(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot) {}
}
