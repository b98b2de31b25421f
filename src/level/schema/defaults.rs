//! The values a level field takes when it is left out, named by `#[serde(default = ...)]`
//! in the schema.

use super::PerDifficulty;

pub fn scroll_speed() -> f32 {
    24.0
}
pub fn max_bullets() -> u32 {
    crate::level::limits::DEFAULT_ENEMY_BULLETS as u32
}
pub fn ground() -> String {
    "backgrounds/stage1_ground.png".into()
}
pub fn sky() -> (u8, u8, u8) {
    (40, 60, 90)
}
pub fn one() -> f32 {
    1.0
}
pub fn one_u32() -> u32 {
    1
}
pub fn spawn_y() -> f32 {
    -16.0
}
pub fn warning_s() -> f32 {
    3.0
}
pub fn center_x() -> f32 {
    112.0
}
pub fn boss_music() -> String {
    "boss".into()
}
/// Long enough for a fair fight at full power; short enough that a player who cannot hurt
/// the mid-boss is not held forever.
pub fn mid_boss_wait_s() -> f32 {
    40.0
}
pub fn boss_y() -> f32 {
    80.0
}
pub fn hp() -> PerDifficulty<f32> {
    PerDifficulty::One(1.0)
}
pub fn one_per() -> PerDifficulty<u32> {
    PerDifficulty::One(1)
}
pub fn weapon_delay() -> f32 {
    0.8
}
pub fn weapon_interval() -> f32 {
    2.0
}
pub fn down() -> f32 {
    90.0
}
pub fn up() -> f32 {
    -90.0
}
pub fn air_speed() -> f32 {
    60.0
}
pub fn amplitude() -> f32 {
    40.0
}
pub fn period() -> f32 {
    2.0
}
pub fn hover_period() -> f32 {
    6.0
}
pub fn swoop_speed() -> f32 {
    110.0
}
pub fn turn_y() -> f32 {
    120.0
}
pub fn turn_rate() -> f32 {
    120.0
}
pub fn stop_y() -> f32 {
    70.0
}
pub fn wait() -> f32 {
    3.0
}
pub fn drive_speed() -> f32 {
    15.0
}
pub fn bullet_speed() -> f32 {
    90.0
}
pub fn spread() -> f32 {
    30.0
}
pub fn volley_interval() -> f32 {
    0.1
}
