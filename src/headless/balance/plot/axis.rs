//! The pacing picture's x-axis: timeline seconds, the clock `at`, `gaps` and markers are
//! written in, with each boss fight's play time let in as a band where the timeline waited
//! for it. Outside the bands a point's x is its timeline time plus the bands before it; inside
//! one, the band's start plus the play time into the fight.

use super::{At, Hold, HoldKind, Trace};

/// One boss fight's band: where the timeline waited (`at`, timeline seconds), and as wide as
/// the longest of the pictured runs' fights there.
#[derive(Clone, Debug, PartialEq)]
pub struct Band {
    pub kind: HoldKind,
    pub at: f32,
    /// Play seconds: the longest run's fight.
    pub width: f32,
    /// Where the band starts on the axis.
    pub x0: f32,
}

/// The axis shared by every run in one picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub bands: Vec<Band>,
    /// The axis's end: the furthest any run reached, and at least the stage's length.
    pub end: f32,
}

/// Two waits are the same fight when the same kind of boss held the timeline at the same time.
fn same(h: &Hold, kind: HoldKind, at: f32) -> bool {
    h.kind == kind && (h.at - at).abs() < 0.5
}

impl Axis {
    /// The axis for `traces` of a stage `length_s` timeline seconds long.
    pub fn new(traces: &[Trace], length_s: f32) -> Axis {
        let mut bands: Vec<Band> = Vec::new();
        for h in traces.iter().flat_map(|t| &t.holds) {
            match bands.iter_mut().find(|b| same(h, b.kind, b.at)) {
                Some(b) => b.width = b.width.max(h.play_s),
                None => bands.push(Band {
                    kind: h.kind,
                    at: h.at,
                    width: h.play_s,
                    x0: 0.0,
                }),
            }
        }
        bands.sort_by(|a, b| a.at.total_cmp(&b.at));
        let mut before = 0.0;
        for b in &mut bands {
            b.width = b.width.max(0.5);
            b.x0 = b.at + before;
            before += b.width;
        }
        let mut axis = Axis { bands, end: 1.0 };
        let reached = traces
            .iter()
            .filter_map(|t| t.samples.last().map(|s| axis.x(t, s.0)))
            .fold(0.0f32, f32::max);
        axis.end = reached.max(axis.timeline_x(length_s)).max(1.0);
        axis
    }

    /// Where timeline second `t` is, outside any fight: after every band that began before it.
    pub fn timeline_x(&self, t: f32) -> f32 {
        t + self
            .bands
            .iter()
            .filter(|b| b.at < t)
            .map(|b| b.width)
            .sum::<f32>()
    }

    /// Where `at`, a point of run `trace`, is.
    pub fn x(&self, trace: &Trace, at: At) -> f32 {
        let band = at
            .hold
            .and_then(|k| trace.holds.get(k))
            .and_then(|h| self.bands.iter().find(|b| same(h, b.kind, b.at)));
        if let Some(b) = band {
            return b.x0 + at.into.min(b.width);
        }
        let done = &trace.holds[..at.past.min(trace.holds.len())];
        at.t + self
            .bands
            .iter()
            .filter(|b| b.at < at.t || done.iter().any(|h| same(h, b.kind, b.at)))
            .map(|b| b.width)
            .sum::<f32>()
    }
}

/// A round step for about `count` ticks over `0..max`: 1, 2 or 5 times a power of ten.
pub fn nice_step(max: f32, count: u32) -> f32 {
    let raw = (max / count.max(1) as f32).max(1e-3);
    let power = 10f32.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * power)
}

/// The ticks from 0 to `max`, `step` apart, as numbers and their labels (no `.0` on whole
/// numbers).
pub fn ticks(max: f32, step: f32) -> Vec<(f32, String)> {
    let n = (max / step + 1e-4).floor() as u32;
    (0..=n)
        .map(|i| {
            let v = i as f32 * step;
            let label = if step >= 1.0 {
                format!("{}", v.round() as i64)
            } else {
                format!("{v:.1}")
            };
            (v, label)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace_with(holds: Vec<Hold>, last: At) -> Trace {
        Trace {
            holds,
            samples: vec![(last, 0, 0)],
            ..Trace::default()
        }
    }

    fn hold(kind: HoldKind, at: f32, play_s: f32) -> Hold {
        Hold {
            kind,
            at,
            play_s,
            ..Hold::default()
        }
    }

    #[test]
    fn fights_are_bands_as_wide_as_the_longest_run_and_push_the_timeline_on() {
        let end = At {
            t: 100.0,
            hold: None,
            into: 0.0,
            past: 1,
        };
        let easy = trace_with(vec![hold(HoldKind::MidBoss, 40.0, 10.0)], end);
        let hard = trace_with(vec![hold(HoldKind::MidBoss, 40.0, 25.0)], end);
        let axis = Axis::new(&[easy.clone(), hard], 90.0);
        assert_eq!(axis.bands.len(), 1, "one fight, one band");
        assert_eq!((axis.bands[0].x0, axis.bands[0].width), (40.0, 25.0));
        assert_eq!(
            axis.timeline_x(30.0),
            30.0,
            "before the fight: timeline seconds"
        );
        assert_eq!(axis.timeline_x(60.0), 85.0, "after: moved on by the band");
        let in_fight = At {
            t: 40.0,
            hold: Some(0),
            into: 4.0,
            past: 0,
        };
        assert_eq!(axis.x(&easy, in_fight), 44.0);
        let just_after = At {
            t: 40.0,
            hold: None,
            into: 0.0,
            past: 1,
        };
        assert_eq!(
            axis.x(&easy, just_after),
            65.0,
            "after the band, not before it"
        );
        assert_eq!(axis.end, 125.0);
    }

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(nice_step(150.0, 8), 20.0);
        assert_eq!(nice_step(37.0, 5), 10.0);
        assert_eq!(nice_step(4.0, 4), 1.0);
        assert_eq!(nice_step(0.8, 4), 0.2);
        let t = ticks(37.0, 10.0);
        let labels: Vec<&str> = t.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(labels, ["0", "10", "20", "30"]);
    }
}
