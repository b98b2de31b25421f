//! Bounds on what a level may ask for, so a file shared by a stranger cannot exhaust memory
//! or stall the game. Each is reported as an ordinary level error.

/// Largest level or definitions file read, in bytes.
pub const MAX_FILE_BYTES: usize = 256 * 1024;
/// Events on one stage's timeline.
pub const MAX_EVENTS: usize = 2_000;
/// Enemies one spawn event may bring in.
pub const MAX_SPAWN_COUNT: u32 = 64;
/// Bullets one volley of a pattern may fire.
pub const MAX_BULLETS_PER_VOLLEY: u32 = 720;
/// Volleys one weapon shot may fire.
pub const MAX_VOLLEYS: u32 = 120;
/// Points in one waypoint path.
pub const MAX_WAYPOINTS: usize = 32;
/// Parts (legs) of one sequence path.
pub const MAX_LEGS: usize = 16;
/// Boxes of one multi-part enemy.
pub const MAX_PARTS: usize = 32;
/// Weapons in one list (an enemy's, or a phase's).
pub const MAX_WEAPONS: usize = 16;
/// Boss phases.
pub const MAX_PHASES: usize = 16;
/// Parallax background layers.
pub const MAX_LAYERS: usize = 4;
/// Longest stage, seconds.
pub const MAX_STAGE_S: f32 = 1_800.0;
/// Fastest speed anywhere, pixels per second.
pub const MAX_SPEED: f32 = 2_000.0;
/// Largest bullet acceleration, pixels per second squared.
pub const MAX_ACCEL: f32 = 2_000.0;
/// Largest HP of a part.
pub const MAX_HP: f32 = 100_000.0;
/// Largest score of one enemy.
pub const MAX_SCORE: u32 = 10_000_000;
/// Enemy bullets alive at once for a stage that does not set `max_bullets`; more are not
/// fired (the simulation enforces it).
pub const DEFAULT_ENEMY_BULLETS: usize = 6_000;
/// The most enemy bullets a stage may ask for with `max_bullets`. The world reserves for the
/// stage's own figure when it loads, so this bounds the memory a shared file can claim.
pub const MAX_ENEMY_BULLETS: usize = 100_000;
/// Enemies alive at once; further spawns wait (the simulation enforces it).
pub const MAX_ENEMIES: usize = 512;
/// Definitions files one stage may `uses`.
pub const MAX_USES: usize = 16;
/// Patterns and enemy types in one stage, counting those from `uses`.
pub const MAX_PATTERNS: usize = 1_000;
pub const MAX_ENEMY_TYPES: usize = 1_000;
/// Named markers on one stage.
pub const MAX_MARKERS: usize = 64;
/// Longest name (stage, marker, sprite, music cue) and warning text, in characters.
pub const MAX_NAME_LEN: usize = 64;
/// Longest asset or `uses` path, in bytes.
pub const MAX_PATH_LEN: usize = 200;
/// Errors reported for one stage before giving up: past this, they are mostly echoes.
pub const MAX_DIAGNOSTICS: usize = 100;
