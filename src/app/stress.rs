//! `--stress N`: the rendering stress test's bullets.

use macroquad::prelude::*;

use skysweep::level::schema::BulletStyle;
use skysweep::sim::{Bullet, World, PLAYFIELD};

/// Fills the playfield with `n` slowly circling bullets.
pub fn fill_with_bullets(world: &mut World, n: u32) {
    let styles = [
        BulletStyle::Small,
        BulletStyle::Round,
        BulletStyle::Big,
        BulletStyle::Needle,
    ];
    for i in 0..n {
        // A low-discrepancy spread over the playfield, so the bullets cover it evenly.
        let x = (i as f32 * 0.618_034).fract() * PLAYFIELD.x;
        let y = (i as f32 * 0.754_878).fract() * PLAYFIELD.y;
        world.spawn_bullet(Bullet::new(
            vec2(x, y),
            20.0,
            (i * 37 % 360) as f32,
            0.0,
            90.0,
            styles[i as usize % 4],
        ));
    }
}
