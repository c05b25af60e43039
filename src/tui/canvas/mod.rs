//! The scene in braille: bodies at their true poses, and the vectors the
//! current phase computed as labelled arrows. Everything drawn is read from
//! the phase record; nothing is recomputed.

use crate::engine::{Acted, ActionKind, Body, BodyState, Phase, PhaseData, Work};
use crate::geometry::{Pose, RegionTest, SatReport, Shape, box_vertices, segment_ends};
use crate::scene::YAxis;
use glam::DVec2;
use ratatui::style::Color;
use ratatui::symbols::Marker;
use ratatui::widgets::canvas::{Canvas, Context, Line as CLine};
use ratatui::widgets::{Block, Widget};
use ratatui::{buffer::Buffer, layout::Rect};

pub struct SceneView<'a> {
    pub bodies: &'a [Body],
    pub states: &'a [BodyState],
    pub phase: Option<&'a Phase>,
    pub selected: usize,
    pub y_axis: YAxis,
    /// World window: lower-left and upper-right.
    pub window: (DVec2, DVec2),
    pub show_bounds: bool,
    /// Draw the phase's vectors.
    pub show_info: bool,
    /// A shot being aimed: from where, and the velocity it gives.
    pub shot: Option<(DVec2, DVec2)>,
    pub color: bool,
    /// A/B: B's bodies, drawn dimmed under A's.
    pub ghost: Option<(&'a [Body], &'a [BodyState])>,
    pub block: Block<'a>,
    /// Braille dots per metre, set when rendering into an area.
    pub dots_per_metre: f64,
}

/// The scene's own window, or one around the bodies with a margin.
pub fn bounds(view: Option<(DVec2, DVec2)>, bodies: &[Body]) -> (DVec2, DVec2) {
    view.unwrap_or_else(|| {
        let (mut lo, mut hi) = (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY));
        for b in bodies {
            let r = b.shape.bounding_radius();
            lo = lo.min(b.position - r);
            hi = hi.max(b.position + r);
        }
        if bodies.is_empty() {
            (lo, hi) = (DVec2::splat(-10.0), DVec2::splat(10.0));
        }
        let margin = (hi - lo).max_element().max(1.0) * 0.15;
        (lo - margin, hi + margin)
    })
}

/// The window widened to the canvas's shape so circles stay round.
pub fn fit_window(view: Option<(DVec2, DVec2)>, bodies: &[Body], area: Rect) -> (DVec2, DVec2) {
    let (lo, hi) = bounds(view, bodies);
    // A braille cell holds 2×4 dots and is about twice as tall as wide: dots are square.
    let (w, h) = (area.width.saturating_sub(2).max(1) as f64 * 2.0, area.height.saturating_sub(2).max(1) as f64 * 4.0);
    let size = hi - lo;
    let centre = (lo + hi) / 2.0;
    let scale = (size.x / w).max(size.y / h);
    let half = DVec2::new(w, h) * scale / 2.0;
    (centre - half, centre + half)
}

impl SceneView<'_> {
    fn c(&self, c: Color) -> Color {
        if self.color { c } else { Color::Reset }
    }

    /// World to canvas: the canvas's y grows upward, so a y-down scene is mirrored.
    fn to_canvas(&self, p: DVec2) -> (f64, f64) {
        match self.y_axis {
            YAxis::Up => (p.x, p.y),
            YAxis::Down => (p.x, -p.y),
        }
    }

    fn line(&self, ctx: &mut Context, a: DVec2, b: DVec2, color: Color) {
        let ((x1, y1), (x2, y2)) = (self.to_canvas(a), self.to_canvas(b));
        ctx.draw(&CLine { x1, y1, x2, y2, color });
    }

    fn arrow(&self, ctx: &mut Context, from: DVec2, v: DVec2, label: &str, color: Color) {
        let len = v.length();
        if len <= 0.0 || !len.is_finite() {
            return;
        }
        let tip = from + v;
        self.line(ctx, from, tip, color);
        let head = (len * 0.3).min(self.unit() * 0.3);
        let back = -v / len * head;
        for angle in [0.45_f64, -0.45] {
            self.line(ctx, tip, tip + DVec2::from_angle(angle).rotate(back), color);
        }
        let (x, y) = self.to_canvas(tip + v / len * head * 0.5);
        ctx.print(x, y, ratatui::text::Span::styled(label.to_string(), ratatui::style::Style::default().fg(color)));
    }

    /// A length that reads well on this window: an eighth of its width.
    fn unit(&self) -> f64 {
        (self.window.1.x - self.window.0.x) / 8.0
    }

    /// A circle as a polygon with as many sides as its size on screen needs:
    /// a ball three dots wide does not need 360 points.
    fn circle(&self, ctx: &mut Context, centre: DVec2, radius: f64, color: Color) {
        let sides = (radius * self.dots_per_metre * std::f64::consts::TAU / 2.0).clamp(8.0, 96.0) as usize;
        let point = |k: usize| centre + DVec2::from_angle(k as f64 * std::f64::consts::TAU / sides as f64) * radius;
        for k in 0..sides {
            self.line(ctx, point(k), point(k + 1), color);
        }
    }

    fn body(&self, ctx: &mut Context, i: usize) {
        let (b, s) = (&self.bodies[i], &self.states[i]);
        let color = match (i == self.selected, b.is_static()) {
            (true, _) => self.c(Color::Yellow),
            (false, true) => self.c(Color::DarkGray),
            (false, false) => self.c(Color::White),
        };
        self.outline(ctx, b, s, color);
        if self.show_bounds {
            self.circle(ctx, s.position, b.shape.bounding_radius(), self.c(Color::DarkGray));
        }
    }

    /// A body's shape at its state, with a spoke that shows its angle.
    fn outline(&self, ctx: &mut Context, b: &Body, s: &BodyState, color: Color) {
        let pose = Pose::new(s.position, s.angle);
        let spoke = DVec2::from_angle(s.angle);
        match b.shape {
            Shape::Circle { radius } => {
                self.circle(ctx, s.position, radius, color);
                self.line(ctx, s.position, s.position + spoke * radius, color);
            }
            Shape::Box { size } => {
                let v = box_vertices(size, pose);
                for k in 0..4 {
                    self.line(ctx, v[k], v[(k + 1) % 4], color);
                }
                if b.is_static() {
                    // Shade static boxes with hatching so they read as ground.
                    let n = 6;
                    for k in 1..n {
                        let f = k as f64 / n as f64;
                        self.line(ctx, v[0].lerp(v[1], f), v[3].lerp(v[2], f), color);
                    }
                } else {
                    self.line(ctx, s.position, s.position + spoke * size.x / 2.0, color);
                }
            }
            Shape::Segment { half } => {
                let [from, to] = segment_ends(half, pose);
                self.line(ctx, from, to, color);
                // Ticks on both sides at the ends: a wall is hit from either side.
                let tick = (to - from).normalize_or_zero().perp() * self.unit() * 0.3;
                for end in [from, to] {
                    self.line(ctx, end - tick, end + tick, color);
                }
            }
        }
        if b.is_static()
            && let Shape::Circle { radius } = b.shape
        {
            self.line(ctx, s.position - DVec2::X * radius, s.position + DVec2::X * radius, color);
            self.line(ctx, s.position - DVec2::Y * radius, s.position + DVec2::Y * radius, color);
        }
    }

    fn vectors(&self, ctx: &mut Context, phase: &Phase) {
        let u = self.unit();
        match (&phase.data, phase.pair) {
            (PhaseData::Detect(d), Some((a, b))) => {
                match &d.work {
                    Work::BoxBox(report) => self.supports(ctx, report, [&self.bodies[a].name, &self.bodies[b].name]),
                    Work::BoxCircle { test, .. } => self.regions(ctx, test),
                    Work::WallCircle { test, .. } => {
                        self.line(ctx, test.nearest, test.nearest, self.c(Color::Green));
                        let (x, y) = self.to_canvas(test.nearest);
                        ctx.print(x, y, "nearest");
                    }
                    Work::CircleCircle | Work::WallBox { .. } | Work::TwoWalls => {}
                }
                if let Some(info) = d.info {
                    self.line(ctx, info.start, info.end, self.c(Color::Magenta));
                    self.arrow(ctx, info.start, info.normal * u, "n", self.c(Color::Red));
                    let (x, y) = self.to_canvas(info.start);
                    ctx.print(x, y, "start");
                }
                // A clipped manifold's second point.
                if let Some(second) = d.second {
                    self.line(ctx, second.start, second.end, self.c(Color::Magenta));
                    let (x, y) = self.to_canvas(second.start);
                    ctx.print(x, y, "start₂");
                }
            }
            (PhaseData::Correct(c), Some((a, b))) => {
                let (da, db) = (-c.normal * c.s * c.inv_mass[0], c.normal * c.s * c.inv_mass[1]);
                let big = da.length().max(db.length());
                let k = if big > 0.0 { u / big } else { 0.0 };
                self.arrow(ctx, self.states[a].position, da * k, "Δx_a", self.c(Color::Cyan));
                self.arrow(ctx, self.states[b].position, db * k, "Δx_b", self.c(Color::Cyan));
            }
            (PhaseData::Resolve(r), Some((a, b))) => {
                let c = &r.contact;
                let (xa, xb) = (self.states[a].position, self.states[b].position);
                self.arrow(ctx, xa, c.r[0], "r_a", self.c(Color::Blue));
                self.arrow(ctx, xb, c.r[1], "r_b", self.c(Color::Blue));
                self.arrow(ctx, c.p, c.n * u, "n", self.c(Color::Red));
                if let Some(t) = r.applied().map(|(_, t, _)| t).filter(|t| *t != DVec2::ZERO) {
                    self.arrow(ctx, c.p, t * u, "t", self.c(Color::Green));
                }
                self.arrow(ctx, c.p, c.v_rel.normalize_or_zero() * u * 1.5, "v_rel", self.c(Color::Magenta));
                // Impulses share one scale so their sizes compare.
                if let Some((jn, t, jt)) = r.applied() {
                    let (jn, jt) = (jn * c.n, jt * t);
                    let big = jn.length().max(jt.length());
                    if big > 0.0 {
                        self.arrow(ctx, c.p, jn * (u * 1.5 / big), "Jn", self.c(Color::Yellow));
                        self.arrow(ctx, c.p, jt * (u * 1.5 / big), "Jt", self.c(Color::LightYellow));
                    }
                }
            }
            (PhaseData::Warm(w), Some(_)) => {
                self.arrow(ctx, w.p, w.n * u, "n", self.c(Color::Red));
                let j = w.n * w.jn + w.t * w.jt;
                self.arrow(ctx, w.p, j.normalize_or_zero() * u * 1.5, "J", self.c(Color::Yellow));
            }
            (PhaseData::Forces(f), _) => {
                for a in &f.acted {
                    self.action(ctx, a);
                }
                self.velocities(ctx);
            }
            _ => self.velocities(ctx),
        }
    }

    fn velocities(&self, ctx: &mut Context) {
        let u = self.unit();
        let big = self.states.iter().map(|s| s.velocity.length()).fold(0.0, f64::max);
        if big > 0.0 {
            for (i, s) in self.states.iter().enumerate() {
                let label = if i == self.selected { "v" } else { "" };
                self.arrow(ctx, s.position, s.velocity * (u * 1.2 / big), label, self.c(Color::Cyan));
            }
        }
    }

    /// An action of the frame: for a force or impulse at a point, the arm r
    /// from the centre, the force, and the lever arm (the perpendicular from
    /// the centre to the force's line, the only part of r that turns the body).
    fn action(&self, ctx: &mut Context, a: &Acted) {
        let u = self.unit();
        let push = match a.kind {
            ActionKind::Force { force, .. } => Some((force, "F")),
            ActionKind::Impulse { impulse, .. } => Some((impulse, "J")),
            _ => None,
        };
        match (push, a.arm) {
            (Some((f, label)), Some(r)) => {
                let at = a.centre + r;
                self.arrow(ctx, a.centre, r, "r", self.c(Color::Blue));
                let dir = f.normalize_or_zero();
                self.arrow(ctx, at, dir * u, label, self.c(Color::Yellow));
                let foot = at + dir * (a.centre - at).dot(dir);
                if foot.distance(a.centre) > 0.0 {
                    self.line(ctx, a.centre, foot, self.c(Color::LightYellow));
                    let (x, y) = self.to_canvas((a.centre + foot) / 2.0);
                    ctx.print(x, y, format!("arm {}", crate::notation::num(foot.distance(a.centre))));
                }
            }
            (Some((f, label)), None) => self.arrow(ctx, a.centre, f.normalize_or_zero() * u, label, self.c(Color::Yellow)),
            _ => {
                let (x, y) = self.to_canvas(a.centre);
                let what = match a.kind {
                    ActionKind::Torque { .. } => "τ",
                    ActionKind::AngularImpulse(_) => "L",
                    _ => "v set",
                };
                ctx.print(x, y, what);
            }
        }
    }

    /// Box–circle detection: the nearest edge, and its two side lines carried
    /// out past the corners, which split the outside of the edge into the
    /// three regions of text 001.
    fn regions(&self, ctx: &mut Context, test: &RegionTest) {
        let reach = test.normal * self.unit() * 1.5;
        self.line(ctx, test.first, test.second, self.c(Color::LightRed));
        for corner in [test.first, test.second] {
            self.line(ctx, corner, corner + reach, self.c(Color::DarkGray));
        }
        let (x, y) = self.to_canvas((test.first + test.second) / 2.0 + reach);
        ctx.print(x, y, "beside");
    }

    /// Box–box detection: each support point found, marked and named by its face.
    fn supports(&self, ctx: &mut Context, report: &SatReport, names: [&str; 2]) {
        for (side, faces) in report.faces.iter().enumerate() {
            for (i, face) in faces.iter().enumerate() {
                let Some(p) = face.and_then(|f| f.support) else { continue };
                let d = self.unit() * 0.08;
                self.line(ctx, p - DVec2::splat(d), p + DVec2::splat(d), self.c(Color::LightRed));
                self.line(ctx, p + DVec2::new(-d, d), p + DVec2::new(d, -d), self.c(Color::LightRed));
                let (x, y) = self.to_canvas(p);
                ctx.print(x, y, format!("{} {i}", names[side]));
            }
        }
    }
}

impl Widget for SceneView<'_> {
    fn render(mut self, area: Rect, buf: &mut Buffer) {
        self.dots_per_metre = area.width.saturating_sub(2) as f64 * 2.0 / (self.window.1.x - self.window.0.x);
        let (lo, hi) = self.window;
        let (ylo, yhi) = match self.y_axis {
            YAxis::Up => (lo.y, hi.y),
            YAxis::Down => (-hi.y, -lo.y),
        };
        Canvas::default()
            .block(self.block.clone())
            .marker(Marker::Braille)
            .x_bounds([lo.x, hi.x])
            .y_bounds([ylo, yhi])
            .paint(|ctx| {
                if let Some((bodies, states)) = self.ghost {
                    for (b, s) in bodies.iter().zip(states).filter(|(b, _)| !b.is_static()) {
                        self.outline(ctx, b, s, self.c(Color::DarkGray));
                    }
                    ctx.layer();
                }
                for i in 0..self.bodies.len() {
                    self.body(ctx, i);
                }
                for (b, s) in self.bodies.iter().zip(self.states) {
                    let (x, y) = self.to_canvas(s.position);
                    ctx.print(x, y, b.name.clone());
                }
                ctx.layer();
                if let Some(phase) = self.phase.filter(|_| self.show_info) {
                    self.vectors(ctx, phase);
                }
                if let Some((from, aim)) = self.shot {
                    let label = format!("shot {} m/s", crate::notation::num(aim.length()));
                    self.arrow(ctx, from, aim.normalize_or_zero() * self.unit() * 2.0, &label, self.c(Color::LightRed));
                }
            })
            .render(area, buf);
    }
}

/// The world point under a terminal cell of the canvas drawn in `area` (its
/// border included) with `window`, or none outside the drawing.
pub fn point_at(area: Rect, window: (DVec2, DVec2), y_axis: YAxis, column: u16, row: u16) -> Option<DVec2> {
    let inner = area.inner(ratatui::layout::Margin::new(1, 1));
    if !inner.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let (lo, hi) = window;
    let fx = (f64::from(column - inner.x) + 0.5) / f64::from(inner.width);
    let fy = (f64::from(row - inner.y) + 0.5) / f64::from(inner.height);
    let x = lo.x + fx * (hi.x - lo.x);
    Some(match y_axis {
        // The top row is the window's high y; in a y-down scene it is the low y.
        YAxis::Up => DVec2::new(x, hi.y - fy * (hi.y - lo.y)),
        YAxis::Down => DVec2::new(x, lo.y + fy * (hi.y - lo.y)),
    })
}
