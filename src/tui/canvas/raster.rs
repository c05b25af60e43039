//! The canvas's lines as braille dots. A crowd's picture is tens of
//! thousands of short lines, so a layer's lines are drawn as one shape: a
//! line wholly inside the canvas goes straight to its dots, rounded to the
//! nearest as ratatui's canvas rounds them, and walked as its `Line` walks
//! them (Bresenham's steps along the longer axis), so the dots are the same;
//! only a line that reaches past the canvas is handed to ratatui's `Line` to
//! be clipped.

use ratatui::style::Color;
use ratatui::widgets::canvas::{Line, Painter, Shape};

/// A line to draw, in the canvas's coordinates (x right, y up).
#[derive(Clone, Copy, Debug)]
pub struct Segment {
    pub from: (f64, f64),
    pub to: (f64, f64),
    pub color: Color,
}

/// A layer's lines over a canvas `resolution` dots across and down, whose
/// bounds are `x` and `y`.
pub struct Lines<'a> {
    pub segments: &'a [Segment],
    pub x: [f64; 2],
    pub y: [f64; 2],
    pub resolution: (f64, f64),
}

impl Lines<'_> {
    /// The dot a point inside the bounds falls on: the nearest, counted from
    /// the top-left corner.
    fn dot(&self, (x, y): (f64, f64)) -> Option<(usize, usize)> {
        let ([left, right], [bottom, top]) = (self.x, self.y);
        let inside = x >= left && x <= right && y >= bottom && y <= top;
        let (width, height) = (right - left, top - bottom);
        (inside && width > 0.0 && height > 0.0)
            .then(|| (nearest((x - left) * (self.resolution.0 - 1.0) / width), nearest((top - y) * (self.resolution.1 - 1.0) / height)))
    }
}

/// `v.round()` for `v ≥ 0` without a call into libm: the whole part by
/// truncation, and a half or more of what is left rounds up (the remainder
/// of a truncation is exact).
fn nearest(v: f64) -> usize {
    let whole = v as usize;
    if v - whole as f64 >= 0.5 { whole + 1 } else { whole }
}

impl Shape for Lines<'_> {
    fn draw(&self, painter: &mut Painter) {
        for s in self.segments {
            match (self.dot(s.from), self.dot(s.to)) {
                (Some(a), Some(b)) => walk(a, b, |x, y| painter.paint(x, y, s.color)),
                _ => Line::new(s.from.0, s.from.1, s.to.0, s.to.1, s.color).draw(painter),
            }
        }
    }
}

/// The dots of the line from `a` to `b`: one a step along the axis it
/// spans more of (y when both are equal), from that axis's lower end; the
/// other coordinate steps when the error `d` passes zero (the step taken
/// after the last dot is never drawn, so it may run past the end).
fn walk(a: (usize, usize), b: (usize, usize), mut plot: impl FnMut(usize, usize)) {
    let steep = a.1.abs_diff(b.1) >= a.0.abs_diff(b.0);
    // (along, across): x and y, or y and x for a steep line.
    let turn = |p: (usize, usize)| if steep { (p.1, p.0) } else { p };
    let (a, b) = (turn(a), turn(b));
    let (start, end) = if a.0 > b.0 { (b, a) } else { (a, b) };
    let (along, across) = ((end.0 - start.0) as isize, start.1.abs_diff(end.1) as isize);
    let mut d = 2 * across - along;
    let mut other = start.1;
    for at in start.0..=end.0 {
        let (x, y) = turn((at, other));
        plot(x, y);
        if d > 0 {
            other = if start.1 > end.1 { other.saturating_sub(1) } else { other + 1 };
            d -= 2 * along;
        }
        d += 2 * across;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::symbols::Marker;
    use ratatui::widgets::Widget;
    use ratatui::widgets::canvas::Canvas;

    /// `segments` drawn on a 12×6 braille canvas over 0–10 × 0–7, as one
    /// shape (`Lines`) or as ratatui's lines one by one.
    fn drawn(segments: &[Segment], ours: bool) -> Buffer {
        let area = Rect::new(0, 0, 12, 6);
        let (x, y) = ([0.0, 10.0], [0.0, 7.0]);
        let mut buf = Buffer::empty(area);
        Canvas::default()
            .marker(Marker::Braille)
            .x_bounds(x)
            .y_bounds(y)
            .paint(|ctx| {
                if ours {
                    ctx.draw(&Lines { segments, x, y, resolution: (24.0, 24.0) });
                } else {
                    for s in segments {
                        ctx.draw(&Line::new(s.from.0, s.from.1, s.to.0, s.to.1, s.color));
                    }
                }
            })
            .render(area, &mut buf);
        buf
    }

    #[test]
    fn lines_in_every_direction_and_past_the_edges_have_ratatuis_dots() {
        // A fan of lines from points inside and outside, by a fixed
        // generator: steep, shallow, diagonal, flat, a point, and ends on
        // and past the bounds.
        let mut seed = 12345_u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut segments = vec![
            Segment { from: (0.0, 0.0), to: (10.0, 7.0), color: Color::Red },
            Segment { from: (10.0, 0.0), to: (0.0, 7.0), color: Color::Red },
            Segment { from: (2.0, 3.5), to: (2.0, 3.5), color: Color::Red },
            Segment { from: (1.0, 6.0), to: (9.0, 6.0), color: Color::Red },
            Segment { from: (5.0, 0.0), to: (5.0, 7.0), color: Color::Red },
            Segment { from: (-3.0, 2.0), to: (4.0, 9.0), color: Color::Red },
        ];
        for _ in 0..400 {
            let mut point = || (next() * 14.0 - 2.0, next() * 10.0 - 1.5);
            segments.push(Segment { from: point(), to: point(), color: Color::Red });
        }
        for s in &segments {
            assert_eq!(drawn(&[*s], true), drawn(&[*s], false), "{s:?}");
        }
    }

    #[test]
    fn a_point_is_rounded_to_its_nearest_dot() {
        assert_eq!(nearest(0.0), 0);
        assert_eq!(nearest(2.5), 3);
        assert_eq!(nearest(2.4999999999999996), 2);
        assert_eq!(nearest(0.49999999999999994), 0);
        assert_eq!(nearest(7.75), 8);
    }
}
