//! Empty: this crate exists for its benchmark (`collide.rs`) and that benchmark's test
//! (`peers.rs`), which need criterion, broccoli and parry2d; keeping them in a crate of their
//! own keeps those dependencies out of the game's `cargo test`.
