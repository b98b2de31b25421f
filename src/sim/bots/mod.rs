//! The built-in pilot: [`autoplay::Bot`] reads the world as a player reads the screen and
//! answers with an [`Input`](super::Input), as well as its [`skill::Skill`] lets it. It drives
//! demos, smoke tests, the balance figures and the headless matrix.
//!
//! A bot never changes the world, and its own random draws come from a stream apart from the
//! game's, so an autoplayed run is as deterministic as a recorded one. Bots read the world
//! through its views and the model's numbers; they are not used by the world or its systems.

pub mod autoplay;
pub mod skill;
