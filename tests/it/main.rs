//! Every integration test, in one binary.
//!
//! Each file directly in `tests/` would be a crate of its own, each linking the whole game;
//! one binary links it once, as large Rust projects (cargo, rust-analyzer) keep one
//! `tests/<name>/main.rs` whose modules are the test files. Each module here is one former
//! test file, named for what it tests; `support` holds what several of them share (running
//! the binary, temporary folders). Run one file's tests with `cargo test --test it collide_api::`.
//!
//! The binary's global allocator is `no_alloc`'s counting one: it counts only on a thread that
//! asks, so the other tests run as they would under the system allocator.

mod support;

mod architecture;
mod autoplay;
mod balance_cli;
mod bot_targets;
mod check_levels;
mod collide_api;
mod collide_extremes;
mod collide_proptest;
mod collide_resolution;
mod collide_scenes;
mod collide_shapes;
mod extra_stage;
mod fuzz_corpus;
mod hostile_files;
mod level_assets;
mod level_context;
mod level_difficulty;
mod level_docs;
mod level_lints;
mod level_load;
mod level_messages;
mod level_paths;
mod level_unclosed;
mod level_uses_game;
mod level_watch;
mod level_waves;
mod music_loops;
mod no_alloc;
mod pilots;
mod play_maths;
mod practice_start;
mod replay_stages;
mod replay_verify;
mod score_replays_cli;
mod sim_arcade;
mod sim_cli;
mod sim_rules;
mod sim_shapes;
mod skills;
mod soak_cli;
mod source_limits;
mod stray_stage;
mod strikes_and_bombs;
mod tiered_stage;
mod timeline;
mod turned_weapons;
mod window_cli;
