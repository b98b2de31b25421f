//! Practice from a point in the stage (`--at`): the world it starts is the one the stage
//! would have reached by then, as far as the ground and its scroll go.

use skysweep::sim::{Input, World, WorldConfig};
use skysweep::testkit::scenario;

/// A stage whose scroll changes at once, then eases, then changes again.
const STAGE: &str = r#"Stage(
    name: "Scroll test",
    length_s: 120,
    scroll_speed: 30,
    events: [
        Scroll(at: 10, speed: 12),
        Scroll(at: 25, speed: 50, over_s: 4),
        Scroll(at: 40, speed: 20, over_s: 2),
    ],
)"#;

fn started_at(at: f32) -> World {
    let level = scenario::level(STAGE).expect("the test stage parses");
    let config = WorldConfig {
        start_at: at,
        ..WorldConfig::default()
    };
    scenario::world(level, config)
}

#[test]
fn starting_part_way_shows_the_ground_the_stage_would_have_reached() {
    let mut played = started_at(0.0);
    for at in [11.0_f32, 27.0, 30.0, 41.0, 60.0] {
        while played.stage_time() < at - 1e-3 {
            played.step(&[Input::default()]);
        }
        let practice = started_at(at);
        // Within one step of scrolling: the two may count the step that reaches `at` apart.
        let one_step = played.scroll_speed().max(practice.scroll_speed()) / 60.0 + 1e-3;
        assert!(
            (practice.scroll_offset() - played.scroll_offset()).abs() <= one_step,
            "at {at} s: practice starts at {} px, the stage had scrolled {} px",
            practice.scroll_offset(),
            played.scroll_offset()
        );
        assert!(
            (practice.scroll_speed() - played.scroll_speed()).abs() < 0.5,
            "at {at} s: practice scrolls at {}, the stage at {}",
            practice.scroll_speed(),
            played.scroll_speed()
        );
    }
}

#[test]
fn different_start_times_show_different_ground() {
    let a = started_at(30.0).scroll_offset();
    let b = started_at(60.0).scroll_offset();
    assert!(started_at(0.0).scroll_offset() == 0.0);
    assert!(a > 500.0 && b > a + 500.0, "30 s: {a} px, 60 s: {b} px");
}
