//! TATE: the whole picture (playfield, side panels, notices) is composed upright at the turned
//! monitor's size, then put on the window turned a quarter, so a monitor stood on its side
//! shows it upright. The controls need no change: see [`Tate`].

use macroquad::prelude::*;

use skysweep::save::tate::Tate;

/// The size the picture is composed at for a window of `window` pixels: the sides swapped
/// when the monitor is turned.
pub fn picture_size(tate: Tate, window: Vec2) -> Vec2 {
    if tate.turned() {
        vec2(window.y, window.x)
    } else {
        window
    }
}

/// Where point `p` of the upright picture lands on a window of `window` pixels (x right, y
/// down). Turned 90 (clockwise), the monitor's top is the window's left edge and its right is
/// the window's top; turned 270, the other way round.
pub fn to_window(tate: Tate, window: Vec2, p: Vec2) -> Vec2 {
    match tate {
        Tate::Off => p,
        Tate::Turned90 => vec2(p.y, window.y - p.x),
        Tate::Turned270 => vec2(window.x - p.y, p.x),
    }
}

/// Draws `picture` (composed at [`picture_size`]) on the window, turned for `tate`, with the
/// current (default) camera and material.
pub fn draw_turned(picture: &Texture2D, tate: Tate, window: Vec2) {
    let size = picture_size(tate, window);
    // The picture's corners with the texture's corners: a render target drawn upright has its
    // first texel row at the top, as `present_playfield` draws it.
    let corners = [
        (vec2(0.0, 0.0), vec2(0.0, 0.0)),
        (vec2(size.x, 0.0), vec2(1.0, 0.0)),
        (vec2(size.x, size.y), vec2(1.0, 1.0)),
        (vec2(0.0, size.y), vec2(0.0, 1.0)),
    ];
    let vertices = corners
        .iter()
        .map(|(p, uv)| {
            let w = to_window(tate, window, *p);
            Vertex::new(w.x, w.y, 0.0, uv.x, uv.y, WHITE)
        })
        .collect();
    draw_mesh(&Mesh {
        vertices,
        indices: vec![0, 1, 2, 0, 2, 3],
        texture: Some(picture.clone()),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINDOW: Vec2 = Vec2::new(1280.0, 1024.0);

    #[test]
    fn the_turned_picture_fills_the_window_exactly() {
        for tate in Tate::ALL {
            let size = picture_size(tate, WINDOW);
            let corners = [Vec2::ZERO, vec2(size.x, 0.0), size, vec2(0.0, size.y)];
            let on: Vec<Vec2> = corners
                .iter()
                .map(|c| to_window(tate, WINDOW, *c))
                .collect();
            for w in &on {
                assert!(
                    w.x >= 0.0 && w.y >= 0.0 && w.x <= WINDOW.x && w.y <= WINDOW.y,
                    "{tate:?}: {w} is off the window"
                );
            }
            // Each window corner is met once: the picture covers it with no gap.
            for c in [Vec2::ZERO, vec2(WINDOW.x, 0.0), WINDOW, vec2(0.0, WINDOW.y)] {
                assert_eq!(on.iter().filter(|w| **w == c).count(), 1, "{tate:?} at {c}");
            }
        }
        assert_eq!(picture_size(Tate::Turned90, WINDOW), vec2(1024.0, 1280.0));
    }

    #[test]
    fn up_in_the_picture_is_up_on_the_turned_monitor() {
        // A step up the picture (the way the ship flies when the player presses up) moves
        // toward the edge that became the monitor's top.
        let centre = picture_size(Tate::Turned90, WINDOW) * 0.5;
        let up = |tate| {
            to_window(tate, WINDOW, centre + vec2(0.0, -1.0)) - to_window(tate, WINDOW, centre)
        };
        assert_eq!(up(Tate::Off), vec2(0.0, -1.0));
        assert_eq!(
            up(Tate::Turned90),
            vec2(-1.0, 0.0),
            "the window's left edge is the top"
        );
        assert_eq!(
            up(Tate::Turned270),
            vec2(1.0, 0.0),
            "the window's right edge is the top"
        );
        // And right stays a quarter turn clockwise from up, so the picture is not mirrored.
        for tate in Tate::ALL {
            let right =
                to_window(tate, WINDOW, centre + vec2(1.0, 0.0)) - to_window(tate, WINDOW, centre);
            let u = up(tate);
            assert_eq!(right, vec2(-u.y, u.x), "{tate:?}");
        }
    }
}
