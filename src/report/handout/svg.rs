//! One picture of a handout step, as SVG written by hand: the bodies' shapes at
//! the phase (a circle with a radius line to show its turn, a box, a wall as a
//! segment), the vectors the phase's record holds as labelled arrows, and a
//! legend with the scale bar and the scale of every kind of arrow.
//!
//! Everything is to scale. Lengths (arms r, depths, shifts) are drawn in world
//! metres; a velocity, an impulse or a force is drawn at a stated scale of its
//! own ("velocity 1 m/s = 0.5 m"), unit vectors (n, t) at a stated length, and
//! a correction too small to see is magnified by a stated factor. The y axis
//! points the way the scene says (`y_axis`), so a y-down scene (the
//! rough-balls article's) looks as its text draws it.
//!
//! The picture is a backend of the phase's [`Figure`]: the figure says what
//! is drawn, at which scale, and where each label goes; this file maps it to
//! the page and picks the colours.

use super::words::{self, Word};
use crate::engine::{Body, BodyState};
use crate::geometry::{Pose, Shape, box_vertices, segment_ends};
use crate::notation::num;
use crate::report::figure::{self, Figure, Kind, LabelOf, Layout, Metrics, Scale, nice};
use crate::scene::YAxis;
use glam::DVec2;
use std::fmt::Write;

/// What one picture shows: the figure's input and the picture's title.
pub struct Stage<'a> {
    pub input: figure::Input<'a>,
    /// The picture's title (SVG `<title>`), e.g. "Frame 0 · resolve · pass 1 · m1–m2".
    pub title: String,
}

// Pixels: the picture is this wide; the drawing at most this tall.
const WIDTH: f64 = 720.0;
const MAX_HEIGHT: f64 = 540.0;
const PAD: f64 = 28.0;
const FONT: f64 = 12.0;
const ROW: f64 = 20.0;

const INK: &str = "#222222";
const GREY: &str = "#777777";
const NORMAL: &str = "#d62728";
const TANGENT: &str = "#2ca02c";
const RELATIVE: &str = "#9467bd";
const IMPULSE: &str = "#e67e00";
const ARM: &str = "#1f77b4";
const VELOCITY: &str = "#0f8b8d";
const SHIFT: &str = "#8c564b";
const MARK: &str = "#c2185b";
const SPIN: &str = "#5d4aa8";

fn color(kind: Kind) -> &'static str {
    match kind {
        Kind::Velocity => VELOCITY,
        Kind::Impulse | Kind::Force => IMPULSE,
        Kind::Arm => ARM,
        Kind::Normal => NORMAL,
        Kind::Tangent => TANGENT,
        Kind::RelativeVelocity => RELATIVE,
        Kind::Shift => SHIFT,
        Kind::Mark => MARK,
        Kind::Spin => SPIN,
        Kind::Point => INK,
        Kind::Guide => GREY,
    }
}

/// World to page.
struct Page {
    lo: DVec2,
    hi: DVec2,
    /// Pixels per metre.
    k: f64,
    /// Where the window's corner sits on the page.
    left: f64,
    top: f64,
    y_axis: YAxis,
}

impl Page {
    fn at(&self, p: DVec2) -> (f64, f64) {
        let x = self.left + (p.x - self.lo.x) * self.k;
        let y = match self.y_axis {
            YAxis::Up => self.top + (self.hi.y - p.y) * self.k,
            YAxis::Down => self.top + (p.y - self.lo.y) * self.k,
        };
        (x, y)
    }

    /// The world point at a page point.
    fn world(&self, x: f64, y: f64) -> DVec2 {
        let wx = self.lo.x + (x - self.left) / self.k;
        match self.y_axis {
            YAxis::Up => DVec2::new(wx, self.hi.y - (y - self.top) / self.k),
            YAxis::Down => DVec2::new(wx, self.lo.y + (y - self.top) / self.k),
        }
    }

    /// A point of the figure's screen frame (x right, y down, metres) on the page.
    fn screen_at(&self, p: DVec2) -> DVec2 {
        let top = match self.y_axis {
            YAxis::Up => -self.hi.y,
            YAxis::Down => self.lo.y,
        };
        DVec2::new(self.left + (p.x - self.lo.x) * self.k, self.top + (p.y - top) * self.k)
    }
}

/// The page's text in world units, for the figure's label placement: labels
/// may go anywhere above the legend.
fn metrics(page: &Page, legend_top: f64) -> Metrics {
    let px = 1.0 / page.k;
    let (a, b) = (page.world(2.0, 2.0), page.world(WIDTH - 2.0, legend_top - 2.0));
    Metrics {
        column: 0.6 * FONT * px,
        line: (FONT + 4.0) * px,
        clearance: DVec2::splat(2.5 * px),
        spacing: DVec2::new(3.0 * px, 1.0 * px),
        bounds: (a.min(b), a.max(b)),
        grid: false,
        reach: (5, 6),
        // A handout's figure names a few bodies: every label is tried.
        most: usize::MAX,
    }
}

/// Sides of the polygon a circle's outline is, for labels to keep off.
const SIDES: usize = 24;

/// The page `figure` is drawn on: the world window to scale on the page,
/// and where the legend starts.
fn page(fig: &Figure) -> (Page, f64) {
    let (lo, hi) = fig.window;
    let size = hi - lo;
    let k = ((WIDTH - 2.0 * PAD) / size.x.max(1e-9)).min((MAX_HEIGHT - 2.0 * PAD) / size.y.max(1e-9));
    let drawn = size * k;
    let left = (WIDTH - drawn.x) / 2.0;
    (Page { lo, hi, k, left, top: PAD, y_axis: fig.y_axis }, PAD + drawn.y + PAD)
}

/// Where the picture of `figure` puts its labels (in the figure's screen
/// frame), and which it leaves out, with the lines they keep off.
pub fn layout(fig: &Figure) -> (Layout, Vec<(DVec2, DVec2)>) {
    let (page, legend_top) = page(fig);
    let lines = fig.segments(SIDES);
    (fig.layout(&metrics(&page, legend_top), &lines), lines)
}

/// The SVG of `figure` for `stage`: the shapes, the vectors to the figure's
/// scales, the labels where the figure placed them, and the legend.
pub fn draw(stage: &Stage, fig: &Figure) -> String {
    let (page, legend_top) = page(fig);
    let (left, drawn) = (page.left, (page.hi - page.lo) * page.k);
    let (layout, _) = layout(fig);
    let legend = legend_rows(stage, fig, &layout);
    let height = legend_top + legend.len() as f64 * ROW + 10.0;
    let mut svg = String::new();
    writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0}" height="{height:.0}" viewBox="0 0 {WIDTH:.0} {height:.0}" font-family="DejaVu Sans, Noto Sans CJK SC, sans-serif" font-size="{FONT:.0}">"#
    )
    .unwrap();
    writeln!(svg, "<title>{}</title>", escape(&stage.title)).unwrap();
    writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#).unwrap();
    // The window's frame.
    writeln!(svg, r##"<rect x="{left:.1}" y="{PAD:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="#dddddd"/>"##, drawn.x, drawn.y)
        .unwrap();

    if stage.input.student {
        grid(&mut svg, &page, scale_bar(fig));
    }
    svg.push_str("<g id=\"bodies\">\n");
    for o in &fig.outlines {
        if let Some(b) = stage.input.bodies.get(o.body) {
            shape(&mut svg, &page, b, &o.state, o.ghost, o.body);
        }
    }
    svg.push_str("</g>\n");

    svg.push_str("<g id=\"vectors\">\n");
    for l in &fig.lines {
        let ((x1, y1), (x2, y2)) = (page.at(l.a), page.at(l.b));
        let dash = if l.dashed { r#" stroke-dasharray="5 4""# } else { "" };
        writeln!(svg, r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{}" stroke-width="2"{dash}/>"#, color(l.kind))
            .unwrap();
    }
    for m in &fig.marks {
        let (x, y) = page.at(m.at);
        writeln!(svg, r#"<circle cx="{x:.1}" cy="{y:.1}" r="3.5" fill="{}"/>"#, color(m.kind)).unwrap();
        if m.ring {
            writeln!(svg, r#"<circle cx="{x:.1}" cy="{y:.1}" r="8" fill="none" stroke="{}" stroke-width="2"/>"#, color(m.kind)).unwrap();
        }
    }
    for v in &fig.vectors {
        let len = fig.scales.length(v);
        arrow(&mut svg, page.at(v.from), page.at(v.from + len), color(v.kind), v.dashed);
    }
    for a in &fig.arcs {
        let points: Vec<(f64, f64)> = a.points(24).into_iter().map(|p| page.at(p)).collect();
        let path: Vec<String> = points[..23].iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let dash = if a.dashed { r#" stroke-dasharray="4 3""# } else { "" };
        writeln!(svg, r#"<polyline class="spin" points="{}" fill="none" stroke="{SPIN}" stroke-width="1.8"{dash}/>"#, path.join(" "))
            .unwrap();
        arrow(&mut svg, points[22], points[24], SPIN, a.dashed);
    }
    svg.push_str("</g>\n");

    svg.push_str("<g id=\"labels\">\n");
    for p in &layout.placed {
        let (class, fill) = match p.of {
            LabelOf::Name(_) => ("name", INK),
            LabelOf::Vector(i) => ("arrow", color(fig.vectors[i].kind)),
            LabelOf::Mark(i) => ("mark", color(fig.marks[i].kind)),
            LabelOf::Line(i) => ("line", color(fig.lines[i].kind)),
            LabelOf::Arc(_) => ("spin", SPIN),
            LabelOf::Axis => ("axes", GREY),
        };
        let at = page.screen_at(p.min);
        let (x, y) = (at.x, at.y + FONT);
        // A white halo keeps a label readable over a fill: a copy of the text
        // drawn first with a wide white stroke, then the text itself. (Not
        // `paint-order`, which some renderers ignore and draw white over it.)
        let text = escape(&p.text);
        writeln!(svg, r#"<text class="{class} halo" x="{x:.1}" y="{y:.1}" fill="white" stroke="white" stroke-width="3">{text}</text>"#)
            .unwrap();
        writeln!(svg, r#"<text class="{class}" x="{x:.1}" y="{y:.1}" fill="{fill}">{text}</text>"#).unwrap();
    }
    svg.push_str("</g>\n");

    svg.push_str("<g id=\"legend\">\n");
    for (row, item) in legend.iter().enumerate() {
        let y = legend_top + row as f64 * ROW;
        item.draw(&mut svg, &page, y);
    }
    svg.push_str("</g>\n</svg>\n");
    svg
}

/// The scale bar's length in metres: a round number, about a fifth of the drawing.
fn scale_bar(fig: &Figure) -> f64 {
    nice((fig.base.1 - fig.base.0).max_element() / 5.0)
}

/// Light lines at every `step` metres (the scale bar's round length) across
/// the window: a student measures positions and arrows off the page with them.
fn grid(svg: &mut String, page: &Page, step: f64) {
    const MOST: f64 = 80.0;
    let (lo, hi) = (page.lo, page.hi);
    // A step too fine for the window (a tiny scale bar in a wide view) would blacken it.
    let step = step * ((hi - lo).max_element() / step / MOST).ceil().max(1.0);
    svg.push_str("<g id=\"grid\" stroke=\"#ececec\" stroke-width=\"1\">\n");
    let first = |a: f64| (a / step).ceil() as i64;
    for i in first(lo.x)..=(hi.x / step).floor() as i64 {
        let x = i as f64 * step;
        let ((x1, y1), (x2, y2)) = (page.at(DVec2::new(x, lo.y)), page.at(DVec2::new(x, hi.y)));
        writeln!(svg, r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#).unwrap();
    }
    for i in first(lo.y)..=(hi.y / step).floor() as i64 {
        let y = i as f64 * step;
        let ((x1, y1), (x2, y2)) = (page.at(DVec2::new(lo.x, y)), page.at(DVec2::new(hi.x, y)));
        writeln!(svg, r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#).unwrap();
    }
    svg.push_str("</g>\n");
}

/// Text escaped for SVG content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // XML 1.0 has no place for other control characters, and a format
            // character would reorder or hide a label (names never hold either).
            c if crate::scene::error::is_hostile(c) => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

/// About how wide `text` is at `size` px: CJK characters are square, others about 0.6 em.
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().map(|c| if u32::from(c) >= 0x2E80 { size } else { size * 0.6 }).sum()
}

/// A body's outline at a state; dashed for where the phase left it.
fn shape(svg: &mut String, page: &Page, b: &Body, s: &BodyState, ghost: bool, index: usize) {
    let (stroke, fill) = match (b.is_static(), ghost) {
        (_, true) => (GREY, "none"),
        (true, false) => ("#555555", "#e4e4e4"),
        (false, false) => (INK, "#f6f6f6"),
    };
    let dash = if ghost { r#" stroke-dasharray="4 3""# } else { "" };
    let class = if ghost { "ghost" } else { "body" };
    writeln!(svg, r#"<g class="{class}" data-body="{index}" data-name="{}">"#, escape(&b.name)).unwrap();
    let pose = Pose::new(s.position, s.angle);
    let spoke = DVec2::from_angle(s.angle);
    match b.shape {
        Shape::Circle { radius } => {
            let (cx, cy) = page.at(s.position);
            let r = radius * page.k;
            writeln!(svg, r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"{dash}/>"#)
                .unwrap();
            let (x2, y2) = page.at(s.position + spoke * radius);
            writeln!(svg, r#"<line x1="{cx:.1}" y1="{cy:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="1"{dash}/>"#)
                .unwrap();
        }
        Shape::Box { size } => {
            let points: Vec<String> = box_vertices(size, pose)
                .iter()
                .map(|v| {
                    let (x, y) = page.at(*v);
                    format!("{x:.1},{y:.1}")
                })
                .collect();
            writeln!(svg, r#"<polygon points="{}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"{dash}/>"#, points.join(" ")).unwrap();
            if !b.is_static() {
                let (cx, cy) = page.at(s.position);
                let (x2, y2) = page.at(s.position + spoke * size.x / 2.0);
                writeln!(svg, r#"<line x1="{cx:.1}" y1="{cy:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="1"{dash}/>"#)
                    .unwrap();
            }
        }
        Shape::Segment { half } => {
            let [from, to] = segment_ends(half, pose);
            let ((x1, y1), (x2, y2)) = (page.at(from), page.at(to));
            writeln!(svg, r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="3"{dash}/>"#)
                .unwrap();
        }
    }
    svg.push_str("</g>\n");
}

/// An arrow on the page from `a` to `b`, with a filled head.
fn arrow(svg: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), color: &str, dashed: bool) {
    let (a, b) = (DVec2::new(x1, y1), DVec2::new(x2, y2));
    let len = a.distance(b);
    if !(len.is_finite()) || len < 0.5 {
        return;
    }
    let dir = (b - a) / len;
    let head = (len * 0.4).min(10.0);
    let base = b - dir * head;
    let side = dir.perp() * head * 0.45;
    let (l, r) = (base + side, base - side);
    let dash = if dashed { r#" stroke-dasharray="6 4""# } else { "" };
    writeln!(
        svg,
        r#"<line class="arrow" x1="{x1:.1}" y1="{y1:.1}" x2="{:.1}" y2="{:.1}" stroke="{color}" stroke-width="2"{dash}/>"#,
        base.x, base.y
    )
    .unwrap();
    let fill = if dashed { "white" } else { color };
    writeln!(
        svg,
        r#"<polygon points="{x2:.1},{y2:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="{color}" stroke-width="1.2"/>"#,
        l.x, l.y, r.x, r.y
    )
    .unwrap();
}

/// A row of the legend.
enum Legend {
    /// The scale bar: this many metres; and the axes, y up or down.
    Bar {
        metres: f64,
        text: String,
        up: bool,
        axes: String,
    },
    /// A scale of arrows: a bar of `value` units, `metres` long on the page.
    ArrowScale {
        metres: f64,
        color: &'static str,
        text: String,
    },
    /// A colour and what it means; the axes at the end of the first row.
    Key {
        items: Vec<(&'static str, String)>,
    },
    Note(String),
}

impl Legend {
    fn draw(&self, svg: &mut String, page: &Page, y: f64) {
        let x0 = PAD;
        match self {
            Legend::Bar { metres, text, up, axes } => {
                axes_glyph(svg, *up, axes, y);
                let w = metres * page.k;
                writeln!(svg, r#"<g id="scale-bar">"#).unwrap();
                writeln!(svg, r#"<rect x="{x0:.1}" y="{:.1}" width="{w:.1}" height="5" fill="{INK}"/>"#, y - 8.0).unwrap();
                writeln!(svg, r#"<rect x="{x0:.1}" y="{:.1}" width="{:.1}" height="5" fill="white" stroke="{INK}"/>"#, y - 8.0, w / 2.0)
                    .unwrap();
                writeln!(svg, r#"<text class="legend" x="{:.1}" y="{y:.1}" fill="{INK}">{}</text>"#, x0 + w + 8.0, escape(text)).unwrap();
                svg.push_str("</g>\n");
            }
            Legend::ArrowScale { metres, color, text } => {
                let w = metres * page.k;
                arrow(svg, (x0, y - 5.0), (x0 + w, y - 5.0), color, false);
                writeln!(svg, r#"<text class="legend" x="{:.1}" y="{y:.1}" fill="{INK}">{}</text>"#, x0 + w + 8.0, escape(text)).unwrap();
            }
            Legend::Key { items } => {
                let mut x = x0;
                for (color, what) in items {
                    if *color == INK {
                        writeln!(svg, r#"<circle cx="{:.1}" cy="{:.1}" r="3.5" fill="{color}"/>"#, x + 7.0, y - 4.0).unwrap();
                    } else {
                        writeln!(svg, r#"<rect x="{x:.1}" y="{:.1}" width="14" height="4" fill="{color}"/>"#, y - 6.0).unwrap();
                    }
                    writeln!(svg, r#"<text class="legend" x="{:.1}" y="{y:.1}" fill="{INK}">{}</text>"#, x + 18.0, escape(what)).unwrap();
                    x += 18.0 + text_width(what, FONT) + 16.0;
                }
            }
            Legend::Note(text) => {
                writeln!(svg, r#"<text class="legend" x="{x0:.1}" y="{y:.1}" fill="{INK}">{}</text>"#, escape(text)).unwrap();
            }
        }
    }
}

/// Small x and y arrows at the right of the legend's first row, y the way the scene points it.
fn axes_glyph(svg: &mut String, up: bool, text: &str, y: f64) {
    let ox = WIDTH - PAD - 110.0;
    let (oy, dy) = if up { (y, -14.0) } else { (y - 14.0, 14.0) };
    arrow(svg, (ox, oy), (ox + 20.0, oy), GREY, false);
    arrow(svg, (ox, oy), (ox, oy + dy), GREY, false);
    writeln!(svg, r#"<text class="legend" x="{:.1}" y="{:.1}" fill="{GREY}">x</text>"#, ox + 23.0, oy + 4.0).unwrap();
    writeln!(svg, r#"<text class="legend" x="{:.1}" y="{:.1}" fill="{GREY}">y</text>"#, ox - 10.0, oy + dy + 4.0).unwrap();
    writeln!(svg, r#"<text class="legend" x="{:.1}" y="{:.1}" fill="{GREY}">{}</text>"#, ox + 36.0, oy + 4.0, escape(text)).unwrap();
}

/// The legend: the scale bar (and the axes), each arrow scale in use, the colour key.
fn legend_rows(stage: &Stage, fig: &Figure, layout: &Layout) -> Vec<Legend> {
    let lang = stage.input.lang;
    let w = |word: Word| word.get(lang);
    let scales = &fig.scales;
    let size = (fig.base.1 - fig.base.0).max_element();
    let bar = scale_bar(fig);
    let up = stage.input.y_axis == YAxis::Up;
    let axes = if up { w(words::Y_UP) } else { w(words::Y_DOWN) }.to_string();
    let mut rows = vec![Legend::Bar { metres: bar, text: format!("{} {} m", w(words::SCALE_BAR), num(bar)), up, axes }];
    let used = |s: Scale| fig.is_used(s);
    let mut arrow_scale = |s: Scale, per: f64, unit: &str, word: Word, color: &'static str| {
        if used(s) {
            // A bar of a round number of units about a fifth of the window long.
            let value = nice(size / 5.0 / per);
            let text = format!("{} {unit} ({}: 1 {unit} = {} m)", num(value), w(word), num(per));
            rows.push(Legend::ArrowScale { metres: value * per, color, text });
        }
    };
    arrow_scale(Scale::Velocity, scales.velocity, "m/s", words::VELOCITY_SCALE, VELOCITY);
    arrow_scale(Scale::Impulse, scales.impulse, "N·s", words::IMPULSE_SCALE, IMPULSE);
    arrow_scale(Scale::Force, scales.force, "N", words::FORCE, IMPULSE);
    if used(Scale::Unit) {
        rows.push(Legend::Note(format!("{} {} m {}", w(words::UNIT_VECTORS), num(scales.unit), w(words::LONG))));
    }
    if used(Scale::Shift) && scales.shift != 1.0 {
        rows.push(Legend::Note(format!("{}: {} ×{}", w(words::SHIFT_SCALE), w(words::MAGNIFIED), num(scales.shift))));
    }
    if fig.outlines.iter().any(|o| o.ghost) {
        rows.push(Legend::Note(format!("- - - {}", w(words::AFTER))));
    }
    // The colour key, wrapped to the page's width.
    let mut items = Vec::new();
    let mut width = 0.0;
    for (kind, what) in &fig.keys {
        let color = color(*kind);
        let item = 18.0 + text_width(what, FONT) + 16.0;
        if width + item > WIDTH - 2.0 * PAD && !items.is_empty() {
            rows.push(Legend::Key { items: std::mem::take(&mut items) });
            width = 0.0;
        }
        items.push((color, what.clone()));
        width += item;
    }
    if !items.is_empty() {
        rows.push(Legend::Key { items });
    }
    // The labels that found no place, each said once.
    let mut left_out: Vec<std::borrow::Cow<'_, str>> = Vec::new();
    for &of in &layout.dropped {
        let text = fig.label(of);
        if !left_out.contains(&text) {
            left_out.push(text);
        }
    }
    if !left_out.is_empty() {
        let text = format!("{}{}", w(words::LEFT_OUT), left_out.join(w(words::LIST_COMMA)));
        rows.extend(wrap(&text).into_iter().map(Legend::Note));
    }
    rows
}

/// A note cut into lines that fit the page's width.
fn wrap(text: &str) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("a line");
        if !line.is_empty() && text_width(&format!("{line} {word}"), FONT) > WIDTH - 2.0 * PAD {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
    }
}
