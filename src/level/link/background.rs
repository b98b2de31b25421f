//! The stage's background: its ground image and parallax layers checked, and the
//! [`Background`] drawn behind the play built from them.

use super::validate::finite_in;
use super::Linker;
use crate::level::assets::AssetKind;
use crate::level::confined::is_confined_asset;
use crate::level::limits;
use crate::level::resolved::{Background, Parallax};
use crate::level::schema::BackgroundDef;
use crate::level::text::locate::Seg;

/// The background drawn behind the play, as `def` gives it.
pub(super) fn resolve(def: &BackgroundDef) -> Background {
    Background {
        ground: def.ground.clone(),
        layers: def
            .layers
            .iter()
            .map(|l| Parallax {
                image: l.image.clone(),
                speed: l.speed,
                alpha: l.alpha,
            })
            .collect(),
        sky: def.sky,
    }
}

/// Checks the stage's background: the ground image and each layer's image, speed and alpha.
pub(super) fn check_background(r: &mut Linker, bg: &BackgroundDef) {
    let src = r.stage_src;
    let ground_at = [Seg::Field("background"), Seg::Field("ground")];
    let layer_at = |i: usize| {
        [
            Seg::Field("background"),
            Seg::Field("layers"),
            Seg::Index(i),
            Seg::Field("image"),
        ]
    };
    if is_confined_asset(&bg.ground) {
        r.asset(src, &ground_at, AssetKind::Image, "ground", &bg.ground);
    } else {
        r.err(
            src,
            &ground_at,
            format!(
                "ground \"{}\" must be a relative path inside assets/ (no `..`, not absolute)",
                bg.ground
            ),
        );
    }
    r.too_many(
        src,
        &[Seg::Field("background"), Seg::Field("layers")],
        bg.layers.len(),
        limits::MAX_LAYERS,
        |n| format!("{n} background layers"),
    );
    for (i, l) in bg.layers.iter().enumerate().take(limits::MAX_LAYERS) {
        let field = format!("background layer {}: image", i + 1);
        if is_confined_asset(&l.image) {
            r.asset(src, &layer_at(i), AssetKind::Image, &field, &l.image);
        } else {
            r.err(
                src,
                &layer_at(i),
                format!(
                    "{field} \"{}\" must be a relative path inside assets/ (no `..`, not absolute)",
                    l.image
                ),
            );
        }
        let at = |f: &'static str| {
            [
                Seg::Field("background"),
                Seg::Field("layers"),
                Seg::Index(i),
                Seg::Field(f),
            ]
        };
        if !finite_in(l.speed, 0.0, 8.0) {
            r.err(
                src,
                &at("speed"),
                format!(
                    "background layer {}: speed must be 0 to 8, found {}",
                    i + 1,
                    l.speed
                ),
            );
        }
        if !finite_in(l.alpha, 0.0, 1.0) {
            r.err(
                src,
                &at("alpha"),
                format!(
                    "background layer {}: alpha must be 0 to 1, found {}",
                    i + 1,
                    l.alpha
                ),
            );
        }
    }
}
