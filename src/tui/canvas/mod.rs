//! The scene in braille: bodies at their true poses, and the vectors the
//! current phase computed as labelled arrows. Everything drawn is read from
//! the phase record; nothing is recomputed.
//!
//! Drawing is in two passes: the shapes into the buffer, then the labels,
//! each placed where it covers no dot and no other label (`labels`). Static
//! boxes' hatching goes in last, under everything, so a floor's name can sit
//! on it. The bottom border states the arrows' scale (the legend).

mod camera;
mod labels;

pub use camera::{CanvasView, around};
pub use labels::{Placed, Rank};

use crate::engine::{Acted, ActionKind, Body, BodyState, Motion, Phase, PhaseData, Work};
use crate::geometry::{Pose, RegionTest, SatReport, Shape, box_vertices, segment_ends};
use crate::scene::YAxis;
use crate::tui::words::{Words, fill};
use glam::DVec2;
use labels::Label;
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::widgets::canvas::{Canvas, Context, Line as CLine};
use ratatui::widgets::{Block, Widget};
use ratatui::{buffer::Buffer, layout::Rect};
use std::cell::RefCell;

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
    /// Name the unselected bodies too.
    pub show_names: bool,
    /// Arrows in world units (see [`CanvasView::true_scale`]).
    pub true_scale: bool,
    /// A shot being aimed: from where, and the velocity it gives.
    pub shot: Option<(DVec2, DVec2)>,
    pub color: bool,
    /// A/B: B's bodies, drawn dimmed under A's.
    pub ghost: Option<(&'a [Body], &'a [BodyState])>,
    pub block: Block<'a>,
    /// The legend's words.
    pub words: &'static Words,
}

/// The scene's own window, or one around the bodies with a margin.
pub fn bounds(view: Option<(DVec2, DVec2)>, bodies: &[Body], motions: &[Motion]) -> (DVec2, DVec2) {
    view.unwrap_or_else(|| {
        let states: Vec<BodyState> = motions.iter().map(Motion::state).collect();
        around(bodies, &states)
    })
}

/// The window widened to the canvas's shape so circles stay round.
pub fn fit_window(window: (DVec2, DVec2), area: Rect) -> (DVec2, DVec2) {
    let (lo, hi) = window;
    // A braille cell holds 2×4 dots and is about twice as tall as wide: dots are square.
    let (w, h) = (area.width.saturating_sub(2).max(1) as f64 * 2.0, area.height.saturating_sub(2).max(1) as f64 * 4.0);
    let size = hi - lo;
    let centre = (lo + hi) / 2.0;
    let scale = (size.x / w).max(size.y / h);
    let half = DVec2::new(w, h) * scale / 2.0;
    (centre - half, centre + half)
}

/// What the drawing collects besides dots: labels to place, and what the
/// legend says of the arrows' lengths.
struct Pen<'p, 'c> {
    ctx: &'p mut Context<'c>,
    labels: Vec<Mark>,
    legend: Legend,
}

/// A label in world terms, before it has a cell.
struct Mark {
    text: String,
    at: DVec2,
    /// The side it should lie on, a world direction; zero: centred.
    toward: DVec2,
    rank: Rank,
    color: Color,
    /// A body's name: the body's radius, which bounds how far the name may go.
    size: Option<f64>,
}

/// The legend: the arrows drawn as directions only, then each scale.
#[derive(Default)]
struct Legend {
    directions: Vec<&'static str>,
    scales: Vec<String>,
}

impl Legend {
    fn direction(&mut self, name: &'static str) {
        if !self.directions.contains(&name) {
            self.directions.push(name);
        }
    }
    fn scale(&mut self, text: String) {
        if !self.scales.contains(&text) {
            self.scales.push(text);
        }
    }
}

/// A scale factor to three significant digits: a legend is read, not computed with.
fn short(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return crate::notation::num(x);
    }
    let digits = 2 - x.abs().log10().floor() as i32;
    let p = 10f64.powi(digits);
    crate::notation::num((x * p).round() / p)
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

    fn line(&self, pen: &mut Pen, a: DVec2, b: DVec2, color: Color) {
        let ((x1, y1), (x2, y2)) = (self.to_canvas(a), self.to_canvas(b));
        pen.ctx.draw(&CLine { x1, y1, x2, y2, color });
    }

    /// A label for the cell of world point `at`, to lie toward `toward` (a
    /// world direction; zero: centred).
    fn label(&self, pen: &mut Pen, text: impl Into<String>, at: DVec2, toward: DVec2, rank: Rank, color: Color) {
        pen.labels.push(Mark { text: text.into(), at, toward, rank, color, size: None });
    }

    fn arrow(&self, pen: &mut Pen, from: DVec2, v: DVec2, label: &str, color: Color) {
        let len = v.length();
        if len <= 0.0 || !len.is_finite() {
            return;
        }
        let tip = from + v;
        self.line(pen, from, tip, color);
        let head = (len * 0.3).min(self.unit() * 0.3);
        let back = -v / len * head;
        for angle in [0.45_f64, -0.45] {
            self.line(pen, tip, tip + DVec2::from_angle(angle).rotate(back), color);
        }
        if !label.is_empty() {
            self.label(pen, label, tip, v, Rank::Vector, color);
        }
    }

    /// A length that reads well on this window: an eighth of its width.
    fn unit(&self) -> f64 {
        (self.window.1.x - self.window.0.x) / 8.0
    }

    /// Braille dots per metre on `area`.
    fn dots_per_metre(&self, area: Rect) -> f64 {
        area.width as f64 * 2.0 / (self.window.1.x - self.window.0.x)
    }

    /// A circle as a polygon with as many sides as its size on screen needs:
    /// a ball three dots wide does not need 360 points.
    fn circle(&self, pen: &mut Pen, centre: DVec2, radius: f64, color: Color, dpm: f64) {
        let sides = (radius * dpm * std::f64::consts::TAU / 2.0).clamp(8.0, 96.0) as usize;
        let point = |k: usize| centre + DVec2::from_angle(k as f64 * std::f64::consts::TAU / sides as f64) * radius;
        for k in 0..sides {
            self.line(pen, point(k), point(k + 1), color);
        }
    }

    fn body(&self, pen: &mut Pen, i: usize, dpm: f64) {
        let (b, s) = (&self.bodies[i], &self.states[i]);
        let chosen = i == self.selected;
        let color = match (chosen, b.is_static()) {
            (true, _) => self.c(Color::Yellow),
            (false, true) => self.c(Color::DarkGray),
            (false, false) => self.c(Color::White),
        };
        self.outline(pen, &b.shape, b.is_static(), s, color, dpm);
        // Without colour the selected body is drawn twice, a dot apart.
        if chosen && !self.color && dpm > 0.0 {
            let d = 1.0 / dpm;
            match b.shape {
                Shape::Circle { radius } => self.circle(pen, s.position, radius + d, color, dpm),
                Shape::Box { size } => {
                    let v = box_vertices(size + 2.0 * d, Pose::new(s.position, s.angle));
                    for k in 0..4 {
                        self.line(pen, v[k], v[(k + 1) % 4], color);
                    }
                }
                Shape::Segment { half } => {
                    let [from, to] = segment_ends(half, Pose::new(s.position, s.angle));
                    let side = (to - from).normalize_or_zero().perp() * d;
                    for off in [side, -side] {
                        self.line(pen, from + off, to + off, color);
                    }
                }
            }
        }
        if self.show_bounds {
            self.circle(pen, s.position, b.shape.bounding_radius(), self.c(Color::DarkGray), dpm);
        }
        if chosen || self.show_names {
            let (text, rank) = match (chosen, self.color) {
                (true, false) => (format!("[{}]", b.name), Rank::Chosen),
                (true, true) => (b.name.clone(), Rank::Chosen),
                _ => (b.name.clone(), Rank::Name),
            };
            let size = Some(b.shape.bounding_radius());
            pen.labels.push(Mark { text, at: s.position, toward: DVec2::ZERO, rank, color, size });
        }
    }

    /// A shape at its state, with a spoke that shows its angle (static
    /// shapes have none; their hatching is drawn apart, see [`Self::hatch`]).
    fn outline(&self, pen: &mut Pen, shape: &Shape, fixed: bool, s: &BodyState, color: Color, dpm: f64) {
        let pose = Pose::new(s.position, s.angle);
        let spoke = DVec2::from_angle(s.angle);
        match *shape {
            Shape::Circle { radius } => {
                self.circle(pen, s.position, radius, color, dpm);
                self.line(pen, s.position, s.position + spoke * radius, color);
                if fixed {
                    self.line(pen, s.position - DVec2::X * radius, s.position + DVec2::X * radius, color);
                    self.line(pen, s.position - DVec2::Y * radius, s.position + DVec2::Y * radius, color);
                }
            }
            Shape::Box { size } => {
                let v = box_vertices(size, pose);
                for k in 0..4 {
                    self.line(pen, v[k], v[(k + 1) % 4], color);
                }
                if !fixed {
                    self.line(pen, s.position, s.position + spoke * size.x / 2.0, color);
                }
            }
            Shape::Segment { half } => {
                let [from, to] = segment_ends(half, pose);
                self.line(pen, from, to, color);
                // Ticks on both sides at the ends: a wall is hit from either side.
                let tick = (to - from).normalize_or_zero().perp() * self.unit() * 0.3;
                for end in [from, to] {
                    self.line(pen, end - tick, end + tick, color);
                }
            }
        }
    }

    /// Static boxes are shaded with hatching so they read as ground.
    fn hatch(&self, ctx: &mut Context) {
        for (i, (b, s)) in self.bodies.iter().zip(self.states).enumerate() {
            let Shape::Box { size } = b.shape else { continue };
            if !b.is_static() {
                continue;
            }
            let color = if i == self.selected { self.c(Color::Yellow) } else { self.c(Color::DarkGray) };
            let v = box_vertices(size, Pose::new(s.position, s.angle));
            let n = 6;
            for k in 1..n {
                let f = k as f64 / n as f64;
                let ((x1, y1), (x2, y2)) = (self.to_canvas(v[0].lerp(v[1], f)), self.to_canvas(v[3].lerp(v[2], f)));
                ctx.draw(&CLine { x1, y1, x2, y2, color });
            }
        }
    }

    /// A body that turns: an arc around its centre in the sense of ω, with
    /// a head. Only the sense is drawn; the bodies panel gives ω.
    fn spin(&self, pen: &mut Pen, b: &Body, s: &BodyState, label: &str, dpm: f64) {
        let w = s.angular_velocity;
        if b.is_static() || w.abs() <= 1e-9 || !w.is_finite() {
            return;
        }
        let r = match b.shape {
            Shape::Circle { radius } => radius * 0.6,
            Shape::Box { size } => size.min_element() * 0.35,
            Shape::Segment { .. } => return,
        };
        // Too small to read as an arc.
        if r * dpm < 3.0 {
            return;
        }
        let sense = w.signum();
        let (start, sweep) = (s.angle + 0.6, 4.2 * sense);
        let sides = ((r * dpm).ceil() as usize).clamp(6, 48);
        let point = |k: usize| s.position + DVec2::from_angle(start + sweep * k as f64 / sides as f64) * r;
        for k in 0..sides {
            self.line(pen, point(k), point(k + 1), self.c(Color::Cyan));
        }
        let tip = point(sides);
        let along = DVec2::from_angle(start + sweep).perp() * sense;
        let head = (r * 0.5).min(self.unit() * 0.3);
        for angle in [0.45_f64, -0.45] {
            self.line(pen, tip, tip + DVec2::from_angle(angle).rotate(-along * head), self.c(Color::Cyan));
        }
        if !label.is_empty() {
            self.label(pen, label, tip, along, Rank::Vector, self.c(Color::Cyan));
        }
        pen.legend.scale(fill(self.words.legend_spin, &[&"ω"]));
    }

    fn vectors(&self, pen: &mut Pen, phase: &Phase, dpm: f64) {
        let u = self.unit();
        let w = self.words;
        match (&phase.data, phase.pair) {
            (PhaseData::Detect(d), Some((a, b))) => {
                match &d.work {
                    Work::BoxBox(report) => self.supports(pen, report, [&self.bodies[a].name, &self.bodies[b].name]),
                    Work::BoxCircle { test, .. } => self.regions(pen, test),
                    Work::WallCircle { test, .. } => {
                        self.line(pen, test.nearest, test.nearest, self.c(Color::Green));
                        self.label(pen, self.words.terms.name("nearest"), test.nearest, DVec2::ZERO, Rank::Mark, self.c(Color::Green));
                    }
                    Work::CircleCircle | Work::WallBox { .. } | Work::TwoWalls => {}
                }
                if let Some(info) = d.info {
                    self.line(pen, info.start, info.end, self.c(Color::Magenta));
                    self.arrow(pen, info.start, info.normal * u, "n", self.c(Color::Red));
                    pen.legend.direction("n");
                    self.label(pen, self.words.terms.name("start"), info.start, -info.normal, Rank::Mark, self.c(Color::Magenta));
                }
                // A clipped manifold's second point.
                if let Some(second) = d.second {
                    self.line(pen, second.start, second.end, self.c(Color::Magenta));
                    self.label(
                        pen,
                        format!("{}₂", self.words.terms.name("start")),
                        second.start,
                        -second.normal,
                        Rank::Mark,
                        self.c(Color::Magenta),
                    );
                }
            }
            (PhaseData::Correct(c), Some((a, b))) => {
                let (da, db) = (-c.normal * c.s * c.inv_mass[0], c.normal * c.s * c.inv_mass[1]);
                let big = da.length().max(db.length());
                let k = if self.true_scale {
                    pen.legend.scale(fill(w.legend_true, &[&"Δx"]));
                    1.0
                } else if big > 0.0 {
                    pen.legend.scale(fill(w.legend_times, &[&"Δx", &short(u / big)]));
                    u / big
                } else {
                    0.0
                };
                self.arrow(pen, self.states[a].position, da * k, "Δx_a", self.c(Color::Cyan));
                self.arrow(pen, self.states[b].position, db * k, "Δx_b", self.c(Color::Cyan));
            }
            (PhaseData::Resolve(r), Some((a, b))) => {
                let c = &r.contact;
                let (xa, xb) = (self.states[a].position, self.states[b].position);
                self.arrow(pen, xa, c.r[0], "r_a", self.c(Color::Blue));
                self.arrow(pen, xb, c.r[1], "r_b", self.c(Color::Blue));
                self.arrow(pen, c.p, c.n * u, "n", self.c(Color::Red));
                pen.legend.direction("n");
                if let Some(t) = r.applied().map(|(_, t, _)| t).filter(|t| *t != DVec2::ZERO) {
                    self.arrow(pen, c.p, t * u, "t", self.c(Color::Green));
                    pen.legend.direction("t");
                }
                if self.true_scale {
                    self.arrow(pen, c.p, c.v_rel, "v_rel", self.c(Color::Magenta));
                    pen.legend.scale(fill(w.legend_per_second, &[&"v_rel"]));
                } else {
                    self.arrow(pen, c.p, c.v_rel.normalize_or_zero() * u * 1.5, "v_rel", self.c(Color::Magenta));
                    pen.legend.direction("v_rel");
                }
                if let Some((jn, t, jt)) = r.applied() {
                    self.impulses(pen, c.p, jn * c.n, jt * t, c.inv_mass);
                }
            }
            (PhaseData::Warm(wr), Some(_)) => {
                self.arrow(pen, wr.p, wr.n * u, "n", self.c(Color::Red));
                pen.legend.direction("n");
                let j = wr.n * wr.jn + wr.t * wr.jt;
                self.impulses(pen, wr.p, j, DVec2::ZERO, [wr.inv[0].0, wr.inv[1].0]);
            }
            (PhaseData::Forces(f), _) => {
                for a in &f.acted {
                    self.action(pen, a);
                }
                self.velocities(pen, dpm);
            }
            _ => self.velocities(pen, dpm),
        }
    }

    /// A contact's impulse: `jn` and `jt` (its normal and tangential parts) on
    /// A at `p`, and −J on B. Drawn on one scale so that their sizes compare,
    /// or, to scale, as the Δv each gives its body (J/m, m/s × 1 s).
    fn impulses(&self, pen: &mut Pen, p: DVec2, jn: DVec2, jt: DVec2, inv_mass: [f64; 2]) {
        let w = self.words;
        let (on_a, on_b) = (self.c(Color::Yellow), self.c(Color::LightYellow));
        let j = jn + jt;
        let named = |v: DVec2, name: &'static str| if v == DVec2::ZERO { "" } else { name };
        if self.true_scale {
            if inv_mass[0] > 0.0 {
                let (n_name, t_name) = if jt == DVec2::ZERO { ("J/m_a", "") } else { ("Jn/m_a", "Jt/m_a") };
                self.arrow(pen, p, jn * inv_mass[0], n_name, on_a);
                self.arrow(pen, p, jt * inv_mass[0], named(jt, t_name), on_a);
            }
            if inv_mass[1] > 0.0 {
                self.arrow(pen, p, -j * inv_mass[1], "−J/m_b", on_b);
            }
            pen.legend.scale(fill(w.legend_delta_v, &[&"J/m"]));
        } else {
            let big = j.length().max(jn.length());
            if big > 0.0 && big.is_finite() {
                let k = self.unit() * 1.5 / big;
                let n_name = if jt == DVec2::ZERO { "J" } else { "Jn" };
                self.arrow(pen, p, jn * k, n_name, on_a);
                self.arrow(pen, p, jt * k, named(jt, "Jt"), on_a);
                self.arrow(pen, p, -j * k, "−J", on_b);
                pen.legend.scale(fill(w.legend_per_metre, &[&"J", &format!("{} N·s", short(1.0 / k))]));
            }
        }
    }

    fn velocities(&self, pen: &mut Pen, dpm: f64) {
        let u = self.unit();
        let big = self.states.iter().map(|s| s.velocity.length()).filter(|v| v.is_finite()).fold(0.0, f64::max);
        let k = if self.true_scale { 1.0 } else { u * 1.2 / big };
        if big > 0.0 {
            for (i, s) in self.states.iter().enumerate() {
                let label = if i == self.selected { "v" } else { "" };
                self.arrow(pen, s.position, s.velocity * k, label, self.c(Color::Cyan));
            }
            let legend = if self.true_scale {
                fill(self.words.legend_per_second, &[&"v"])
            } else {
                fill(self.words.legend_per_metre, &[&"v", &format!("{} m/s", short(1.0 / k))])
            };
            pen.legend.scale(legend);
        }
        for (i, (b, s)) in self.bodies.iter().zip(self.states).enumerate() {
            self.spin(pen, b, s, if i == self.selected { "ω" } else { "" }, dpm);
        }
    }

    /// An action of the frame: for a force or impulse at a point, the arm r
    /// from the centre, the force, and the lever arm (the perpendicular from
    /// the centre to the force's line, the only part of r that turns the body).
    fn action(&self, pen: &mut Pen, a: &Acted) {
        let u = self.unit();
        let push = match a.kind {
            ActionKind::Force { force, .. } => Some((force, "F")),
            ActionKind::Impulse { impulse, .. } => Some((impulse, "J")),
            _ => None,
        };
        if let Some((_, label)) = push {
            pen.legend.direction(label);
        }
        match (push, a.arm) {
            (Some((f, label)), Some(r)) => {
                let at = a.centre + r;
                self.arrow(pen, a.centre, r, "r", self.c(Color::Blue));
                let dir = f.normalize_or_zero();
                self.arrow(pen, at, dir * u, label, self.c(Color::Yellow));
                let foot = at + dir * (a.centre - at).dot(dir);
                if foot.distance(a.centre) > 0.0 {
                    self.line(pen, a.centre, foot, self.c(Color::LightYellow));
                    let text = format!("arm {}", crate::notation::num(foot.distance(a.centre)));
                    self.label(pen, text, (a.centre + foot) / 2.0, foot - a.centre, Rank::Vector, self.c(Color::LightYellow));
                }
            }
            (Some((f, label)), None) => self.arrow(pen, a.centre, f.normalize_or_zero() * u, label, self.c(Color::Yellow)),
            _ => {
                let what = match a.kind {
                    ActionKind::Torque { .. } => "τ",
                    ActionKind::AngularImpulse(_) => "L",
                    _ => self.words.terms.name("v set"),
                };
                self.label(pen, what, a.centre, DVec2::ZERO, Rank::Vector, self.c(Color::Yellow));
            }
        }
    }

    /// Box–circle detection: the nearest edge, and its two side lines carried
    /// out past the corners, which split the outside of the edge into the
    /// three regions of the game-engine book.
    fn regions(&self, pen: &mut Pen, test: &RegionTest) {
        let reach = test.normal * self.unit() * 1.5;
        self.line(pen, test.first, test.second, self.c(Color::LightRed));
        for corner in [test.first, test.second] {
            self.line(pen, corner, corner + reach, self.c(Color::DarkGray));
        }
        self.label(
            pen,
            self.words.terms.name("beside"),
            (test.first + test.second) / 2.0 + reach,
            test.normal,
            Rank::Mark,
            self.c(Color::LightRed),
        );
    }

    /// Box–box detection: each support point found, marked and named by its face.
    fn supports(&self, pen: &mut Pen, report: &SatReport, names: [&str; 2]) {
        for (side, faces) in report.faces.iter().enumerate() {
            for (i, face) in faces.iter().enumerate() {
                let Some(p) = face.and_then(|f| f.support) else { continue };
                let d = self.unit() * 0.08;
                self.line(pen, p - DVec2::splat(d), p + DVec2::splat(d), self.c(Color::LightRed));
                self.line(pen, p + DVec2::new(-d, d), p + DVec2::new(d, -d), self.c(Color::LightRed));
                self.label(pen, format!("s: {} {i}", names[side]), p, DVec2::ZERO, Rank::Mark, self.c(Color::LightRed));
            }
        }
    }

    /// The canvas's bounds: x, and y as drawn (a y-down scene is mirrored).
    fn canvas_bounds(&self) -> ([f64; 2], [f64; 2]) {
        let (lo, hi) = self.window;
        let y = match self.y_axis {
            YAxis::Up => [lo.y, hi.y],
            YAxis::Down => [-hi.y, -lo.y],
        };
        ([lo.x, hi.x], y)
    }

    /// Draws the scene into `area` of `buf` and says where each label went.
    pub fn draw(self, area: Rect, buf: &mut Buffer) -> Vec<Placed> {
        (&self.block).render(area, buf);
        let inner = self.block.inner(area);
        if inner.is_empty() {
            return Vec::new();
        }
        let dpm = self.dots_per_metre(inner);
        let (xb, yb) = self.canvas_bounds();
        let collected = RefCell::new((Vec::new(), Legend::default()));
        Canvas::default()
            .marker(Marker::Braille)
            .x_bounds(xb)
            .y_bounds(yb)
            .paint(|ctx| {
                let mut pen = Pen { ctx, labels: Vec::new(), legend: Legend::default() };
                if let Some((bodies, states)) = self.ghost {
                    for (b, s) in bodies.iter().zip(states).filter(|(b, _)| !b.is_static()) {
                        self.outline(&mut pen, &b.shape, false, s, self.c(Color::DarkGray), dpm);
                    }
                    pen.ctx.layer();
                }
                for i in 0..self.bodies.len() {
                    self.body(&mut pen, i, dpm);
                }
                pen.ctx.layer();
                if let Some(phase) = self.phase.filter(|_| self.show_info) {
                    self.vectors(&mut pen, phase, dpm);
                }
                if let Some((from, aim)) = self.shot {
                    let label = format!("shot {} m/s", crate::notation::num(aim.length()));
                    let drawn = if self.true_scale { aim } else { aim.normalize_or_zero() * self.unit() * 2.0 };
                    self.arrow(&mut pen, from, drawn, &label, self.c(Color::LightRed));
                }
                *collected.borrow_mut() = (pen.labels, pen.legend);
            })
            .render(inner, buf);
        let (found, legend) = collected.into_inner();
        let labels = found.into_iter().map(|m| self.cell_label(m, inner, dpm)).collect();
        let placed = labels::place(labels, inner, buf);
        let mut layer = Buffer::empty(inner);
        Canvas::default().marker(Marker::Braille).x_bounds(xb).y_bounds(yb).paint(|ctx| self.hatch(ctx)).render(inner, &mut layer);
        labels::underlay(&layer, inner, buf, &placed);
        self.legend(&legend, area, buf);
        placed
    }

    /// A label at its world point as the canvas in `inner` draws it: the
    /// cell of the braille dot there (ratatui's rounding).
    fn cell_label(&self, m: Mark, inner: Rect, dpm: f64) -> Label {
        let (xb, yb) = self.canvas_bounds();
        let (x, y) = self.to_canvas(m.at);
        let dx = ((x - xb[0]) * (f64::from(inner.width) * 2.0 - 1.0) / (xb[1] - xb[0])).round();
        let dy = ((yb[1] - y) * (f64::from(inner.height) * 4.0 - 1.0) / (yb[1] - yb[0])).round();
        let cell = |d: f64, per: f64, origin: u16| ((d / per).floor().clamp(-1e4, 1e4) as i32) + i32::from(origin);
        let (tx, ty) = self.to_canvas(m.toward);
        let style = if m.rank >= Rank::Chosen && !self.color {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(m.color)
        };
        // A name may go as far as its body reaches on screen (2 dots a column, 4 a row).
        let reach = match m.size {
            Some(r) => {
                let dots = r * dpm;
                (((dots / 4.0) as i32).clamp(1, labels::REACH.0), ((dots / 2.0) as i32).clamp(1, labels::REACH.1 + 1))
            }
            None => labels::REACH,
        };
        Label { text: m.text, at: (cell(dx, 2.0, inner.x), cell(dy, 4.0, inner.y)), toward: (tx, -ty), rank: m.rank, style, reach }
    }

    /// The legend on the bottom border: which arrows show only a direction,
    /// and the scale of the others; as much as fits, whole parts only.
    fn legend(&self, legend: &Legend, area: Rect, buf: &mut Buffer) {
        let w = self.words;
        let mut parts = Vec::new();
        if !legend.directions.is_empty() {
            parts.push(fill(w.legend_directions, &[&legend.directions.join(" ")]));
        }
        parts.extend(legend.scales.iter().cloned());
        if parts.is_empty() {
            return;
        }
        parts.push(if self.true_scale { w.legend_key_fitted } else { w.legend_key_true }.to_string());
        let room = usize::from(area.width.saturating_sub(4));
        let mut text = String::new();
        let last = parts.len() - 1;
        for (i, part) in parts.into_iter().enumerate() {
            use unicode_width::UnicodeWidthStr;
            let next = if text.is_empty() { part } else { format!("{text} · {part}") };
            if next.width() > room {
                // A scale left out is said to be (the key's hint is not).
                if i < last && text.width() + 2 <= room {
                    text.push_str(" …");
                }
                break;
            }
            text = next;
        }
        if !text.is_empty() && area.height > 1 {
            buf.set_stringn(area.x + 1, area.bottom() - 1, format!(" {text} "), usize::from(area.width - 2), Style::default());
        }
    }
}

impl Widget for SceneView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.draw(area, buf);
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
