//! The live plot: collide time per frame over the last five seconds, one line per broad phase
//! tried. Each phase keeps its own history while another runs, so the lines stay comparable.

use macroquad::prelude::*;

use skysweep::platform::percentile::quantile;

use super::phase::Method;
use crate::render::Renderer;

/// Samples a line keeps: five seconds at the lab's 60 frames a second.
pub const HISTORY: usize = 300;

/// The last [`HISTORY`] values pushed, oldest first when read.
#[derive(Clone, Debug)]
pub struct Ring {
    buf: Vec<f32>,
    /// Where the next value goes once the buffer is full.
    next: usize,
}

impl Default for Ring {
    fn default() -> Self {
        Ring {
            buf: Vec::with_capacity(HISTORY),
            next: 0,
        }
    }
}

impl Ring {
    pub fn push(&mut self, v: f32) {
        if self.buf.len() < HISTORY {
            self.buf.push(v);
        } else {
            self.buf[self.next] = v;
            self.next = (self.next + 1) % HISTORY;
        }
    }

    pub fn len(&self) -> usize {
        self.buf.len()
    }

    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    pub fn clear(&mut self) {
        self.buf.clear();
        self.next = 0;
    }

    /// Oldest first.
    pub fn iter(&self) -> impl Iterator<Item = f32> + '_ {
        let (new, old) = self.buf.split_at(self.next);
        old.iter().chain(new).copied()
    }

    /// The median of the values held, `None` when empty.
    pub fn median(&self) -> Option<f32> {
        let mut v: Vec<f32> = self.buf.clone();
        v.sort_by(f32::total_cmp);
        quantile(&v, 0.5)
    }
}

/// One history per broad phase.
#[derive(Clone, Debug, Default)]
pub struct Plot {
    lines: [Ring; Method::ALL.len()],
}

impl Plot {
    /// Adds one frame's collide time (µs) to `phase`'s line.
    pub fn push(&mut self, phase: Method, us: f64) {
        self.lines[phase.index()].push(us as f32);
    }

    pub fn line(&self, phase: Method) -> &Ring {
        &self.lines[phase.index()]
    }

    /// Forgets every line: times from another scene or population do not compare.
    pub fn clear(&mut self) {
        self.lines.iter_mut().for_each(Ring::clear);
    }

    /// The decades the y axis spans, as powers of ten of µs: from the one holding the
    /// smallest value to the one above the largest, at least one decade.
    pub fn decades(&self) -> (i32, i32) {
        let (mut lo, mut hi) = (f32::MAX, 0.0f32);
        for v in self.lines.iter().flat_map(Ring::iter) {
            let v = v.max(1.0);
            lo = lo.min(v);
            hi = hi.max(v);
        }
        if hi == 0.0 {
            return (1, 3);
        }
        let lo = lo.log10().floor() as i32;
        let hi = (hi.log10().ceil() as i32).max(lo + 1);
        (lo, hi)
    }
}

/// Where `us` sits on a log axis spanning decades `lo` to `hi`: 0 at the bottom, 1 at the top.
pub fn height_of(us: f32, (lo, hi): (i32, i32)) -> f32 {
    ((us.max(1.0).log10() - lo as f32) / (hi - lo) as f32).clamp(0.0, 1.0)
}

/// The line colour of each phase.
pub fn method_color(p: Method) -> Color {
    match p {
        Method::Sap => Color::from_rgba(90, 200, 255, 255),
        Method::Tree => Color::from_rgba(255, 160, 60, 255),
        Method::Brute => Color::from_rgba(235, 100, 235, 255),
    }
}

/// A time for the axis and legend: "85us", "1.2ms", "40ms".
pub fn duration(us: f64) -> String {
    if us < 999.5 {
        format!("{:.0}us", us.max(0.0))
    } else if us < 9_950.0 {
        format!("{:.1}ms", us / 1e3)
    } else {
        format!("{:.0}ms", us / 1e3)
    }
}

/// A decade's label, 10^`d` µs: "10us", "100us", "1ms", "10ms", "1s".
pub fn decade_label(d: i32) -> String {
    match d {
        ..=2 => format!("{}us", 10u64.pow(d.max(0) as u32)),
        3..=5 => format!("{}ms", 10u64.pow(d as u32 - 3)),
        _ => format!("{}s", 10u64.pow(d as u32 - 6)),
    }
}

/// Draws the plot in `area` (screen pixels): decade grid lines with their labels on the left,
/// newest frame at the right edge, and one line per phase that has a history.
pub fn draw(plot: &Plot, r: &Renderer, area: Rect, text: f32) {
    draw_rectangle(
        area.x,
        area.y,
        area.w,
        area.h,
        Color::from_rgba(0, 0, 0, 150),
    );
    let label_w = r.text_width("100ms ", text);
    let graph = Rect::new(
        area.x + label_w,
        area.y + 4.0,
        area.w - label_w - 4.0,
        area.h - 8.0,
    );
    let decades = plot.decades();
    let y_of = |us: f32| graph.y + graph.h * (1.0 - height_of(us, decades));
    for d in decades.0..=decades.1 {
        let us = 10f32.powi(d);
        let y = y_of(us).round();
        draw_rectangle(graph.x, y, graph.w, 1.0, Color::from_rgba(70, 80, 110, 255));
        let label = decade_label(d);
        let ly = (y - 4.0 * text).clamp(area.y, area.y + area.h - 8.0 * text);
        r.text(
            &label,
            vec2(area.x + 2.0, ly),
            text,
            Color::from_rgba(150, 160, 190, 255),
        );
    }
    let dx = graph.w / (HISTORY - 1) as f32;
    for p in Method::ALL {
        let line = plot.line(p);
        if line.is_empty() {
            continue;
        }
        let start = HISTORY - line.len();
        let mut last: Option<Vec2> = None;
        for (i, us) in line.iter().enumerate() {
            let pt = vec2(graph.x + (start + i) as f32 * dx, y_of(us));
            if let Some(a) = last {
                draw_line(a.x, a.y, pt.x, pt.y, 1.5, method_color(p));
            }
            last = Some(pt);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ring_keeps_the_last_five_seconds_oldest_first() {
        let mut r = Ring::default();
        assert!(r.is_empty() && r.median().is_none());
        for v in 0..10 {
            r.push(v as f32);
        }
        assert_eq!(
            r.iter().collect::<Vec<_>>(),
            (0..10).map(|v| v as f32).collect::<Vec<_>>()
        );
        for v in 10..(HISTORY + 125) {
            r.push(v as f32);
        }
        assert_eq!(r.len(), HISTORY);
        let kept: Vec<f32> = r.iter().collect();
        let want: Vec<f32> = (125..HISTORY + 125).map(|v| v as f32).collect();
        assert_eq!(kept, want);
        assert_eq!(r.median(), Some((125 + HISTORY / 2) as f32));
        r.clear();
        assert!(r.is_empty());
        r.push(7.0);
        assert_eq!(r.iter().collect::<Vec<_>>(), [7.0]);
    }

    #[test]
    fn each_phase_keeps_its_own_line() {
        let mut plot = Plot::default();
        for _ in 0..5 {
            plot.push(Method::Sap, 50.0);
        }
        plot.push(Method::Brute, 4000.0);
        assert_eq!(plot.line(Method::Sap).len(), 5);
        assert_eq!(plot.line(Method::Brute).len(), 1);
        assert!(plot.line(Method::Tree).is_empty());
        plot.clear();
        assert!(Method::ALL.iter().all(|&p| plot.line(p).is_empty()));
    }

    #[test]
    fn the_axis_spans_whole_decades_around_every_line() {
        let mut plot = Plot::default();
        assert_eq!(plot.decades(), (1, 3));
        plot.push(Method::Sap, 42.0);
        assert_eq!(plot.decades(), (1, 2));
        plot.push(Method::Brute, 4_200.0);
        assert_eq!(plot.decades(), (1, 4));
        // A value exactly on a decade is its top, not a decade more.
        plot.push(Method::Tree, 10_000.0);
        assert_eq!(plot.decades(), (1, 4));
        let d = plot.decades();
        assert_eq!(height_of(10.0, d), 0.0);
        assert_eq!(height_of(10_000.0, d), 1.0);
        assert!((height_of(100.0, d) - 1.0 / 3.0).abs() < 1e-6);
        assert_eq!(height_of(1e9, d), 1.0);
        assert_eq!(height_of(0.0, d), 0.0);
    }

    #[test]
    fn decade_labels_use_the_unit_that_keeps_them_whole() {
        let labels: Vec<String> = (0..=7).map(decade_label).collect();
        assert_eq!(
            labels,
            ["1us", "10us", "100us", "1ms", "10ms", "100ms", "1s", "10s"]
        );
    }
}
