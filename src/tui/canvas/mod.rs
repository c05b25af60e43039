//! The scene in braille: a backend of the phase's [`Figure`]. The figure
//! says what is drawn (the bodies at the phase's start and, dashed, where it
//! left them; its vectors to its scales; arcs, marks, lines) and places the
//! labels, given the size of a terminal cell in world units; this file maps
//! world points to braille dots and cells and picks the colours. Nothing is
//! read from the record here.
//!
//! What only the screen has is drawn besides: the selection, bounding
//! circles, B's bodies under A's. Their lines are handed to the layout too, so
//! no label covers them. (A shot being aimed is a velocity of the figure.) Static boxes that lie square
//! are hatched so they read as ground (under the labels); a turned one is
//! outlined only. The bottom border states the arrows' scales and the
//! labels left out (the legend).

mod camera;
mod labels;
mod raster;

pub use camera::{CanvasView, Full, around};
pub use labels::Placed;
use raster::{Lines, Segment};

use crate::engine::{Body, BodyState, Motion};
use crate::geometry::{Pose, Shape, box_vertices, segment_ends};
use crate::report::figure::{Figure, Kind, LabelOf, MANY, Metrics, Outline, Scale, arrow_segments, outline_segments};
use crate::scene::YAxis;
use crate::tui::words::{Words, fill};
use glam::DVec2;
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::widgets::canvas::{Canvas, Line as CLine};
use ratatui::widgets::{Block, Widget};
use ratatui::{buffer::Buffer, layout::Rect};
use unicode_width::UnicodeWidthStr;

pub struct SceneView<'a> {
    pub bodies: &'a [Body],
    /// The bodies as the screen shows them (after the phase): the selection,
    /// bounding circles are drawn there.
    pub states: &'a [BodyState],
    /// The phase's figure: what is drawn, and where its labels go.
    pub figure: &'a Figure,
    /// Bodies left out of the figure (a small canvas shows the pair in
    /// focus): drawn faint and unlabelled.
    pub faint: &'a [Outline],
    pub selected: usize,
    pub y_axis: YAxis,
    /// World window: lower-left and upper-right.
    pub window: (DVec2, DVec2),
    pub show_bounds: bool,
    /// Arrows in world units (see [`CanvasView::true_scale`]).
    pub true_scale: bool,
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

/// A scale factor to three significant digits: a legend is read, not computed with.
fn short(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return crate::notation::num(x);
    }
    let digits = 2 - x.abs().log10().floor() as i32;
    let p = 10f64.powi(digits);
    crate::notation::num((x * p).round() / p)
}

/// A line to draw: its ends (world), its colour, dashed or not, and its layer
/// (drawn over the lower ones).
struct Stroke {
    a: DVec2,
    b: DVec2,
    color: Color,
    dashed: bool,
    layer: u8,
}

/// The canvas's layers, bottom up.
const UNDER: u8 = 0;
const BODIES: u8 = 1;
const VECTORS: u8 = 2;

impl SceneView<'_> {
    fn c(&self, c: Color) -> Color {
        if self.color { c } else { Color::Reset }
    }

    fn kind_color(&self, kind: Kind) -> Color {
        self.c(match kind {
            Kind::Velocity | Kind::Shift | Kind::Spin => Color::Cyan,
            Kind::Impulse | Kind::Force => Color::Yellow,
            Kind::Arm => Color::Blue,
            Kind::Normal => Color::Red,
            Kind::Tangent => Color::Green,
            Kind::RelativeVelocity | Kind::Point => Color::Magenta,
            Kind::Mark => Color::LightRed,
            Kind::Guide => Color::DarkGray,
        })
    }

    /// World to canvas: the canvas's y grows upward, so a y-down scene is mirrored.
    fn to_canvas(&self, p: DVec2) -> (f64, f64) {
        match self.y_axis {
            YAxis::Up => (p.x, p.y),
            YAxis::Down => (p.x, -p.y),
        }
    }

    /// Braille dots per metre on `area`.
    fn dots_per_metre(&self, area: Rect) -> f64 {
        area.width as f64 * 2.0 / (self.window.1.x - self.window.0.x)
    }

    /// Every line of the picture: the figure's and the screen's own.
    fn strokes(&self, dpm: f64) -> Vec<Stroke> {
        let fig = self.figure;
        // A crowd's bodies are a dot each, and its arrows three lines.
        let mut out = Vec::with_capacity(fig.outlines.len() + 3 * fig.vectors.len());
        // One buffer for every element's lines: a crowd has tens of thousands.
        let mut lines: Vec<(DVec2, DVec2)> = Vec::new();
        let mut push = |lines: &mut Vec<(DVec2, DVec2)>, color: Color, dashed: bool, layer: u8| {
            out.extend(lines.drain(..).map(|(a, b)| Stroke { a, b, color, dashed, layer }));
        };
        // A circle has as many sides as its size on screen needs: a ball three dots wide does not need 96.
        let sides = |radius: f64| (radius * dpm * std::f64::consts::TAU / 2.0).clamp(8.0, 96.0) as usize;
        let crowd = self.bodies.len() > MANY;
        let dot = |shape: &Shape| crowd && is_dot(shape, dpm);
        let outline = |shape: &Shape, s: &BodyState, v: &mut Vec<(DVec2, DVec2)>| {
            if dot(shape) {
                v.push((s.position, s.position));
                return;
            }
            let sides = match *shape {
                Shape::Circle { radius } => sides(radius),
                _ => 0,
            };
            outline_segments(shape, s, sides, v);
        };
        if let Some((bodies, states)) = self.ghost {
            for (b, s) in bodies.iter().zip(states).filter(|(b, _)| !b.is_static()) {
                outline(&b.shape, s, &mut lines);
                push(&mut lines, self.c(Color::DarkGray), false, UNDER);
            }
        }
        // The bodies a small canvas leaves out of the figure: faint, and still kept clear of labels.
        for o in self.faint {
            if let Some(b) = self.bodies.get(o.body) {
                outline(&b.shape, &o.state, &mut lines);
                push(&mut lines, self.c(Color::DarkGray), false, UNDER);
            }
        }
        for o in &fig.outlines {
            let Some(b) = self.bodies.get(o.body) else { continue };
            let color = match (o.ghost, o.body == self.selected, b.is_static()) {
                (true, _, _) => self.c(Color::DarkGray),
                (false, true, _) => self.c(Color::Yellow),
                (false, false, true) => self.c(Color::DarkGray),
                (false, false, false) => self.c(Color::White),
            };
            outline(&b.shape, &o.state, &mut lines);
            let layer = if o.ghost { UNDER } else { BODIES };
            if dot(&b.shape) {
                push(&mut lines, color, false, layer);
                continue;
            }
            // A static box shows no angle; a static disc a cross; a wall ticks at its ends (it is hit from either side).
            let pose = Pose::new(o.state.position, o.state.angle);
            match b.shape {
                Shape::Box { .. } if b.is_static() => {
                    lines.pop();
                }
                Shape::Circle { radius } if b.is_static() => {
                    let p = o.state.position;
                    lines.push((p - DVec2::X * radius, p + DVec2::X * radius));
                    lines.push((p - DVec2::Y * radius, p + DVec2::Y * radius));
                }
                Shape::Segment { half } => {
                    let [from, to] = segment_ends(half, pose);
                    let tick = (to - from).normalize_or_zero().perp() * self.unit() * 0.3;
                    lines.extend([from, to].map(|end| (end - tick, end + tick)));
                }
                _ => {}
            }
            push(&mut lines, color, o.ghost, layer);
        }
        if let (Some(b), Some(s)) = (self.bodies.get(self.selected), self.states.get(self.selected)) {
            // Without colour the selected body is drawn twice, a dot apart.
            if !self.color && dpm > 0.0 {
                let d = 1.0 / dpm;
                match b.shape {
                    Shape::Circle { radius } => {
                        outline_segments(&Shape::Circle { radius: radius + d }, s, sides(radius + d), &mut lines);
                        lines.pop();
                    }
                    Shape::Box { size } => {
                        let v = box_vertices(size + 2.0 * d, Pose::new(s.position, s.angle));
                        lines.extend((0..4).map(|k| (v[k], v[(k + 1) % 4])));
                    }
                    Shape::Segment { half } => {
                        let [from, to] = segment_ends(half, Pose::new(s.position, s.angle));
                        let side = (to - from).normalize_or_zero().perp() * d;
                        lines.extend([(from + side, to + side), (from - side, to - side)]);
                    }
                }
                push(&mut lines, self.c(Color::Yellow), false, BODIES);
            }
        }
        if self.show_bounds {
            for (b, s) in self.bodies.iter().zip(self.states) {
                let r = b.shape.bounding_radius();
                outline_segments(&Shape::Circle { radius: r }, s, sides(r), &mut lines);
                lines.pop();
                push(&mut lines, self.c(Color::DarkGray), false, UNDER);
            }
        }
        let head = fig.head().min(self.unit() * 0.3);
        for v in &fig.vectors {
            arrow_segments(v.from, v.from + fig.scales.length(v), head, &mut lines);
            push(&mut lines, self.kind_color(v.kind), v.dashed, VECTORS);
        }
        for a in &fig.arcs {
            let p = a.points(24);
            lines.extend(p.windows(2).map(|w| (w[0], w[1])));
            arrow_segments(p[22], p[24], head, &mut lines);
            push(&mut lines, self.kind_color(Kind::Spin), a.dashed, VECTORS);
        }
        let dot = fig.dot().max(1.5 / dpm.max(1e-300));
        for m in &fig.marks {
            let (p, d) = (m.at, dot);
            lines.extend([(p - DVec2::splat(d), p + DVec2::splat(d)), (p + DVec2::new(-d, d), p + DVec2::new(d, -d))]);
            if m.ring {
                let point = |k: usize| p + DVec2::from_angle(k as f64 * std::f64::consts::TAU / 12.0) * 2.0 * d;
                lines.extend((0..12).map(|k| (point(k), point(k + 1))));
            }
            push(&mut lines, self.kind_color(m.kind), false, VECTORS);
        }
        for l in &fig.lines {
            lines.push((l.a, l.b));
            push(&mut lines, self.kind_color(l.kind), l.dashed, VECTORS);
        }
        out
    }

    /// A length that reads well on this window: an eighth of its width.
    fn unit(&self) -> f64 {
        (self.window.1.x - self.window.0.x) / 8.0
    }

    /// The canvas's bounds, x and y as drawn (a y-down scene is mirrored),
    /// half a dot in from the window's edges: then a dot's cell is the cell
    /// the window's grid puts it in (ratatui rounds to the nearest dot).
    fn canvas_bounds(&self, inner: Rect) -> ([f64; 2], [f64; 2]) {
        let (lo, hi) = self.window;
        let dot = (hi - lo) / DVec2::new(f64::from(inner.width) * 2.0, f64::from(inner.height) * 4.0) / 2.0;
        let y = match self.y_axis {
            YAxis::Up => [lo.y + dot.y, hi.y - dot.y],
            YAxis::Down => [-hi.y + dot.y, -lo.y - dot.y],
        };
        ([lo.x + dot.x, hi.x - dot.x], y)
    }

    /// A terminal cell in world units, for the figure's labels.
    fn metrics(&self, inner: Rect) -> Metrics {
        let (lo, hi) = self.window;
        let cell = (hi - lo) / DVec2::new(f64::from(inner.width), f64::from(inner.height));
        Metrics {
            column: cell.x,
            line: cell.y,
            // Half a dot either way: a line's dots are rounded to the nearest.
            clearance: cell / DVec2::new(4.0, 8.0),
            // A column between labels: `r_a` `Jt` must not read `r_aJt`.
            spacing: DVec2::new(cell.x * 0.99, -cell.y * 0.01),
            bounds: self.window,
            grid: true,
            reach: (3, 4),
            // A label takes a row and, with its gap, eight columns at the least: more cannot fit.
            most: usize::from(inner.width) * usize::from(inner.height) / 8,
        }
    }

    /// Draws the scene into `area` of `buf` and says where each label went
    /// (a label left out, listed in the legend, has an empty rectangle).
    pub fn draw(self, area: Rect, buf: &mut Buffer) -> Vec<Placed> {
        (&self.block).render(area, buf);
        let inner = self.block.inner(area);
        if inner.is_empty() {
            return Vec::new();
        }
        let dpm = self.dots_per_metre(inner);
        let (xb, yb) = self.canvas_bounds(inner);
        let strokes = self.strokes(dpm);
        // Half a dot, in the canvas's units.
        let half =
            DVec2::new((xb[1] - xb[0]) / (f64::from(inner.width) * 2.0 - 1.0), (yb[1] - yb[0]) / (f64::from(inner.height) * 4.0 - 1.0))
                / 2.0;
        let drawn: Vec<(DVec2, DVec2)> = strokes.iter().map(|s| (s.a, s.b)).collect();
        let fig = self.figure;
        let layout = fig.layout(&self.metrics(inner), &drawn);
        let crowd = self.bodies.len() > MANY;
        let resolution = (f64::from(inner.width) * 2.0, f64::from(inner.height) * 4.0);
        let layers = [UNDER, BODIES, VECTORS].map(|layer| {
            let mut segments = Vec::with_capacity(strokes.iter().filter(|s| s.layer == layer).count());
            for s in strokes.iter().filter(|s| s.layer == layer) {
                // Dashed: every other tenth. A crowd's dashed line under ten
                // dots long is drawn whole: its dashes would be under a dot,
                // and it would cost five lines.
                let dashed = s.dashed && !(crowd && s.a.distance(s.b) * dpm < 10.0);
                let pieces = if dashed { 10 } else { 1 };
                for k in (0..pieces).step_by(if dashed { 2 } else { 1 }) {
                    let (a, b) = (s.a.lerp(s.b, k as f64 / pieces as f64), s.a.lerp(s.b, (k + 1) as f64 / pieces as f64));
                    let ((x1, y1), (x2, y2)) = (self.to_canvas(a), self.to_canvas(b));
                    let (x1, x2) = (onto(x1, xb, half.x), onto(x2, xb, half.x));
                    let (y1, y2) = (onto(y1, yb, half.y), onto(y2, yb, half.y));
                    segments.push(Segment { from: (x1, y1), to: (x2, y2), color: s.color });
                }
            }
            segments
        });
        Canvas::default()
            .marker(Marker::Braille)
            .x_bounds(xb)
            .y_bounds(yb)
            .paint(|ctx| {
                for segments in &layers {
                    ctx.draw(&Lines { segments, x: xb, y: yb, resolution });
                    ctx.layer();
                }
            })
            .render(inner, buf);
        let mut placed = Vec::new();
        let mut left_out: Vec<String> = Vec::new();
        let (lo, hi) = (fig.screen(self.window.0), fig.screen(self.window.1));
        let origin = lo.min(hi);
        let m = self.metrics(inner);
        for p in &layout.placed {
            let column = ((p.min.x - origin.x) / m.column).round() as i32;
            let row = ((p.min.y - origin.y) / m.line).round() as i32;
            let width = p.text.width() as i32;
            let fits = column >= 0 && row >= 0 && column + width <= i32::from(inner.width) && row < i32::from(inner.height);
            let (x, y) = (inner.x + column.max(0) as u16, inner.y + row.max(0) as u16);
            // The layout keeps labels off every line; a cell with a dot in it after all is no place for one.
            let blank = fits && (x..x + width as u16).all(|x| matches!(buf[(x, y)].symbol(), " " | "\u{2800}"));
            if !blank {
                left_out.push(p.text.clone());
                placed.push(Placed { rect: Rect::new(inner.x, inner.y, 0, 0), text: p.text.clone(), of: Some(p.of) });
                continue;
            }
            buf.set_stringn(x, y, &p.text, width as usize, self.label_style(p.of));
            placed.push(Placed { rect: Rect::new(x, y, width as u16, 1), text: p.text.clone(), of: Some(p.of) });
        }
        for &of in &layout.dropped {
            // Its name alone: the full texts of a crowd's thousands of labels are never shown.
            let short = fig.label_short(of);
            placed.push(Placed { rect: Rect::new(inner.x, inner.y, 0, 0), text: short.to_string(), of: Some(of) });
            left_out.push(short.to_string());
        }
        let mut layer = Buffer::empty(inner);
        Canvas::default().marker(Marker::Braille).x_bounds(xb).y_bounds(yb).paint(|ctx| self.hatch(ctx)).render(inner, &mut layer);
        let drawn_labels: Vec<Placed> = placed.iter().filter(|p| p.rect.width > 0).cloned().collect();
        labels::underlay(&layer, inner, buf, &drawn_labels);
        self.legend(&left_out, area, buf);
        placed
    }

    fn label_style(&self, of: LabelOf) -> Style {
        let fig = self.figure;
        let color = match of {
            LabelOf::Vector(i) => self.kind_color(fig.vectors[i].kind),
            LabelOf::Mark(i) => self.kind_color(fig.marks[i].kind),
            LabelOf::Line(i) => self.kind_color(fig.lines[i].kind),
            LabelOf::Arc(_) => self.kind_color(Kind::Spin),
            LabelOf::Axis => self.c(Color::DarkGray),
            LabelOf::Name(i) => {
                let (body, .., chosen) = fig.names[i];
                if chosen && !self.color {
                    return Style::default().add_modifier(Modifier::BOLD);
                }
                match (chosen, self.bodies.get(body).is_some_and(Body::is_static)) {
                    (true, _) => self.c(Color::Yellow),
                    (false, true) => self.c(Color::DarkGray),
                    (false, false) => self.c(Color::White),
                }
            }
        };
        Style::default().fg(color)
    }

    /// Static boxes that lie square are shaded with hatching so they read as
    /// ground; a turned one is outlined only (a slanted hatch reads as a shape of its own).
    fn hatch(&self, ctx: &mut ratatui::widgets::canvas::Context) {
        for o in self.figure.outlines.iter().filter(|o| !o.ghost) {
            let Some(b) = self.bodies.get(o.body) else { continue };
            let Shape::Box { size } = b.shape else { continue };
            let s = &o.state;
            let square = (s.angle / std::f64::consts::FRAC_PI_2).fract().abs() < 1e-9;
            if !b.is_static() || !square {
                continue;
            }
            let color = if o.body == self.selected { self.c(Color::Yellow) } else { self.c(Color::DarkGray) };
            let v = box_vertices(size, Pose::new(s.position, s.angle));
            let n = 6;
            for k in 1..n {
                let f = k as f64 / n as f64;
                let ((x1, y1), (x2, y2)) = (self.to_canvas(v[0].lerp(v[1], f)), self.to_canvas(v[3].lerp(v[2], f)));
                ctx.draw(&CLine { x1, y1, x2, y2, color });
            }
        }
    }

    /// The legend on the bottom border: the arrows' scales, the labels left
    /// out; as much as fits, whole parts only.
    fn legend(&self, left_out: &[String], area: Rect, buf: &mut Buffer) {
        let w = self.words;
        let fig = self.figure;
        let sc = &fig.scales;
        let mut parts = Vec::new();
        let per =
            |name: &str, per_metre: f64, unit: &str| fill(w.legend_per_metre, &[&name, &format!("{} {unit}", short(1.0 / per_metre))]);
        if fig.is_used(Scale::Velocity) {
            parts.push(per("v", sc.velocity, "m/s"));
        }
        if fig.is_used(Scale::Impulse) {
            parts.push(per("J", sc.impulse, "N·s"));
        }
        if fig.is_used(Scale::Force) {
            parts.push(per("F", sc.force, "N"));
        }
        if self.true_scale && fig.is_used(Scale::Shift) {
            parts.push(fill(w.legend_true, &[&"Δx"]));
        } else if fig.is_used(Scale::Shift) && sc.shift != 1.0 {
            parts.push(fill(w.legend_times, &[&"Δx", &short(sc.shift)]));
        }
        let mut directions: Vec<&str> = Vec::new();
        for v in fig.vectors.iter().filter(|v| v.scale == Scale::Unit) {
            if !directions.contains(&v.text.short.as_str()) {
                directions.push(&v.text.short);
            }
        }
        if !directions.is_empty() {
            parts.push(fill(w.legend_directions, &[&directions.join(" ")]));
        }
        if !fig.arcs.is_empty() {
            parts.push(fill(w.legend_spin, &[&"ω"]));
        }
        let listed = (!left_out.is_empty()).then_some(parts.len());
        let room = usize::from(area.width.saturating_sub(4));
        if !left_out.is_empty() {
            let lang = fig.lang;
            // Only what the border can show: a list of thousands is cut within its first line anyway.
            let mut list = String::new();
            let mut width = 0;
            for text in left_out {
                if width > room {
                    break;
                }
                if !list.is_empty() {
                    list.push(' ');
                }
                list.push_str(text);
                width += text.width() + 1;
            }
            parts.push(format!("{}{list}", crate::report::handout::words::UNLABELLED.get(lang)));
        }
        if parts.is_empty() {
            return;
        }
        parts.push(if self.true_scale { w.legend_key_fitted } else { w.legend_key_true }.to_string());
        let mut text = String::new();
        let last = parts.len() - 1;
        for (i, part) in parts.into_iter().enumerate() {
            let next = if text.is_empty() { part.clone() } else { format!("{text} · {part}") };
            if next.width() > room {
                // A list of labels left out is cut at a word, and says it goes
                // on: at the last word that fits, found from the front (a
                // pile's list of 2,000 labels, measured from its end, took
                // longer than drawing the frame).
                let cut = next
                    .char_indices()
                    .filter(|(_, c)| *c == ' ')
                    .map(|(i, _)| &next[..i])
                    .take_while(|t| t.width() + 2 <= room)
                    .last()
                    .filter(|t| t.width() > text.width() + 3);
                if let Some(cut) = cut.filter(|_| listed == Some(i)) {
                    text = format!("{cut} …");
                    break;
                }
                // A part left out is said to be (the key's hint is not).
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

/// Whether a body of a crowd is drawn as one braille dot: it is narrower than
/// a cell (two dots), so an outline would be a smudge over its neighbours, and
/// a scene of thousands of bodies costs a dot each, not a polygon each. (A
/// lesson's few small balls keep their outlines: a blob of a few dots is
/// easier to find than one dot.)
fn is_dot(shape: &Shape, dots_per_metre: f64) -> bool {
    2.0 * shape.bounding_radius() * dots_per_metre < 2.0
}

/// A coordinate in the half dot outside `bounds` (the window's edge: a floor
/// drawn along it) moved onto them, so that it is drawn in the edge's dots.
fn onto(v: f64, [lo, hi]: [f64; 2], half: f64) -> f64 {
    let dot = half * 1.0001;
    if v < lo && v >= lo - dot {
        lo
    } else if v > hi && v <= hi + dot {
        hi
    } else {
        v
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BodyDef;
    use crate::lesson::Lang;
    use crate::report::figure::{Input, figure};

    /// The canvas of one static 4 m × 2 m box turned `angle`, on 40×20 cells.
    fn floor_at(angle: f64) -> Buffer {
        canvas_of(&[BodyDef::fixed("floor", Shape::Box { size: DVec2::new(4.0, 2.0) })], angle, 4.0)
    }

    /// The canvas of bodies at the origin turned `angle`, on 40×20 cells
    /// over a window `half` metres either way.
    fn canvas_of(defs: &[BodyDef], angle: f64, half: f64) -> Buffer {
        let bodies: Vec<Body> = defs.iter().map(|d| d.parts().0.clone()).collect();
        let state = BodyState { position: DVec2::ZERO, angle, velocity: DVec2::ZERO, angular_velocity: 0.0 };
        let states = vec![state; bodies.len()];
        let input = Input::set_up(&bodies, &states);
        let fig = figure(&input);
        let area = Rect::new(0, 0, 40, 20);
        let window = fit_window((DVec2::splat(-half), DVec2::splat(half)), area);
        let view = SceneView {
            bodies: &bodies,
            states: &states,
            figure: &fig,
            faint: &[],
            selected: bodies.len(),
            y_axis: YAxis::Up,
            window,
            show_bounds: false,
            true_scale: false,
            color: false,
            ghost: None,
            block: Block::bordered(),
            words: crate::tui::words::words(Lang::En),
        };
        let mut buf = Buffer::empty(area);
        view.draw(area, &mut buf);
        buf
    }

    /// The braille dots set in a buffer.
    fn dots(buf: &Buffer) -> u32 {
        buf.content()
            .iter()
            .filter_map(|c| c.symbol().chars().next())
            .map(|c| c as u32)
            .filter(|c| (0x2800..=0x28ff).contains(c))
            .map(|c| (c - 0x2800).count_ones())
            .sum()
    }

    /// The canvas of `count` discs of `radius`, all at the origin, on 40×20 cells over a window 80 m wide.
    fn discs(count: usize, radius: f64) -> Buffer {
        canvas_of(&vec![BodyDef::dynamic("d", Shape::Circle { radius }, 1.0); count], 0.0, 40.0)
    }

    #[test]
    fn in_a_crowd_a_body_narrower_than_a_cell_is_one_dot_and_a_wider_one_an_outline() {
        // 76 dots across 80 m (the window fitted to 38 inner columns): a cell is about 2.1 m wide.
        let crowd = MANY + 1;
        assert_eq!(dots(&discs(crowd, 0.9)), 1, "discs 1.8 m across, on one spot:\n{:?}", discs(crowd, 0.9));
        assert!(dots(&discs(crowd, 3.0)) > 8, "discs 6 m across are outlined:\n{:?}", discs(crowd, 3.0));
        assert!(dots(&discs(1, 0.9)) > 1, "a lesson's lone small ball keeps its outline:\n{:?}", discs(1, 0.9));
    }

    #[test]
    fn a_square_static_box_is_hatched_and_a_turned_one_outlined() {
        // The box's middle, between its outline's edges.
        let middle = |buf: &Buffer| (18..22).any(|x| buf[(x, 10)].symbol() != " ");
        assert!(middle(&floor_at(0.0)), "hatched:\n{:?}", floor_at(0.0));
        assert!(!middle(&floor_at(0.3)), "outlined only:\n{:?}", floor_at(0.3));
    }
}
