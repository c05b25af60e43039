//! One figure of a phase, for every way of drawing it: the bodies' shapes at
//! the phase's start and end, the vectors the phase's record holds (each with
//! its kind, value, unit and label), spin arcs, marks and lines, the axes and
//! the scale of each kind of arrow, and the labels placed once (`layout`).
//!
//! The braille canvas and the handout's SVG are two backends of a `Figure`:
//! they map its world points to cells or pixels and pick colours by kind, and
//! neither reads the record again. Everything is read from the phase's record
//! or the bodies' states before and after it; nothing is recomputed.

mod build;
mod focus;
mod layout;

pub use build::{Input, MANY, figure, typical_speed};
pub use layout::{LabelOf, Layout, Metrics, Placement, Rank, axes_text, crosses};

use crate::engine::BodyState;
use crate::geometry::{Pose, Shape, box_vertices, segment_ends};
use crate::lesson::Lang;
use crate::notation::{num_near, significant};
use crate::scene::YAxis;
use glam::DVec2;

/// What an arrow, mark or line shows: the backends colour by it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Velocity,
    Impulse,
    Force,
    /// An arm r from a centre to a point.
    Arm,
    Normal,
    Tangent,
    RelativeVelocity,
    /// A displacement: a correction or a reposition.
    Shift,
    /// A support point, a nearest point, a region edge, a wall's `dist`.
    Mark,
    Spin,
    /// The contact point, a start point.
    Point,
    /// The line of centres.
    Guide,
}

/// How an arrow's value becomes a length in the world; it says the value's unit too.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scale {
    /// Already metres: drawn as it is.
    Length,
    Velocity,
    Impulse,
    Force,
    /// A unit vector (n, t): drawn at a fixed stated length.
    Unit,
    /// A displacement, magnified when too small to see.
    Shift,
}

/// A label's text: in full ("n (0.8, −0.6)"), and its name alone ("n") for
/// where the full text does not fit.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    pub short: String,
    full: Full,
}

/// A label's full text, or what makes it: a figure of a crowd asks thousands
/// of its vectors for a place, a screen has room for a few dozen, and writing
/// the numbers of all of them cost more than drawing the screen.
#[derive(Clone, Debug, PartialEq)]
enum Full {
    Written(String),
    /// The name, the vector's numbers and the unit: "v d7 (1.2, −3) m/s".
    Vector(DVec2, &'static str),
}

impl Text {
    pub fn plain(s: impl Into<String>) -> Text {
        let s = s.into();
        Text { full: Full::Written(s.clone()), short: s }
    }

    pub fn new(full: String, short: impl Into<String>) -> Text {
        Text { full: Full::Written(full), short: short.into() }
    }

    /// A vector's label: its name, then its numbers and unit, written when read.
    pub fn vector(name: impl Into<String>, v: DVec2, unit: &'static str) -> Text {
        Text { full: Full::Vector(v, unit), short: name.into() }
    }

    /// Whether the full text is the short one with more after it (a
    /// vector's name, then its numbers).
    pub fn extends_short(&self) -> bool {
        matches!(self.full, Full::Vector(..))
    }

    /// The label in full.
    pub fn full(&self) -> std::borrow::Cow<'_, str> {
        match &self.full {
            Full::Written(s) => s.as_str().into(),
            Full::Vector(v, "") => format!("{} {}", self.short, vec_text(*v)).into(),
            Full::Vector(v, unit) => format!("{} {} {unit}", self.short, vec_text(*v)).into(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Vector {
    pub from: DVec2,
    /// In its unit (m, m/s, N·s, N; a unit vector has none).
    pub value: DVec2,
    pub kind: Kind,
    pub scale: Scale,
    pub unit: &'static str,
    pub text: Text,
    /// A value before the phase (drawn dashed).
    pub dashed: bool,
    /// Labelled at its middle (an arm, whose tip is shared with others), not past its tip.
    pub middle: bool,
}

#[derive(Clone, Debug)]
pub struct Mark {
    pub at: DVec2,
    pub kind: Kind,
    pub text: Text,
    /// Ringed: the one that matters (the least penetration's support point).
    pub ring: bool,
}

#[derive(Clone, Debug)]
pub struct Line {
    pub a: DVec2,
    pub b: DVec2,
    pub kind: Kind,
    pub dashed: bool,
    pub text: Option<Text>,
}

/// A spin: an arc around a centre, turning the way ω turns (not to scale).
#[derive(Clone, Debug)]
pub struct Arc {
    pub centre: DVec2,
    /// The arc's radius (m) and where it starts (rad).
    pub radius: f64,
    pub start: f64,
    pub omega: f64,
    pub text: Text,
    pub dashed: bool,
}

/// How far a spin's arc turns (rad).
pub const SWEEP: f64 = 2.4;

impl Arc {
    /// The arc as points, `n` + 1 of them, from its start to its head.
    pub fn points(&self, n: usize) -> Vec<DVec2> {
        let sweep = SWEEP * self.omega.signum();
        (0..=n).map(|k| self.centre + DVec2::from_angle(self.start + sweep * k as f64 / n as f64) * self.radius).collect()
    }
}

/// A body drawn at a state: where the phase found it, or (a ghost) where it left it.
#[derive(Clone, Debug)]
pub struct Outline {
    pub body: usize,
    pub state: BodyState,
    pub ghost: bool,
}

/// Metres in the world per unit of each scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scales {
    pub velocity: f64,
    pub impulse: f64,
    pub force: f64,
    /// The length a unit vector is drawn (m).
    pub unit: f64,
    /// How many times a displacement is magnified.
    pub shift: f64,
}

impl Scale {
    /// The unit of a value drawn at this scale.
    pub fn unit(self) -> &'static str {
        match self {
            Scale::Length | Scale::Shift => "m",
            Scale::Velocity => "m/s",
            Scale::Impulse => "N·s",
            Scale::Force => "N",
            Scale::Unit => "",
        }
    }
}

impl Scales {
    /// The vector's drawn length, in metres.
    pub fn length(&self, v: &Vector) -> DVec2 {
        match v.scale {
            Scale::Length => v.value,
            Scale::Velocity => v.value * self.velocity,
            Scale::Impulse => v.value * self.impulse,
            Scale::Force => v.value * self.force,
            Scale::Unit => v.value.normalize_or_zero() * self.unit,
            Scale::Shift => v.value * self.shift,
        }
    }
}

pub struct Figure {
    pub y_axis: YAxis,
    /// The language of its words.
    pub lang: Lang,
    pub outlines: Vec<Outline>,
    pub vectors: Vec<Vector>,
    pub arcs: Vec<Arc>,
    pub marks: Vec<Mark>,
    pub lines: Vec<Line>,
    /// Each body's name where it is drawn, the body's reach (m), and whether it is the chosen one.
    pub names: Vec<(usize, String, DVec2, f64, bool)>,
    /// The contact point of a resolve or warm phase.
    pub contact: Option<DVec2>,
    pub scales: Scales,
    /// The world window around the shapes and marks (no arrows), with a margin.
    pub base: (DVec2, DVec2),
    /// The base window widened to take in every arrow.
    pub window: (DVec2, DVec2),
    /// Bodies this phase is about: named and given arrows even in a crowd.
    pub focus: Vec<usize>,
    /// The colour key: kind and what it means.
    pub keys: Vec<(Kind, String)>,
    /// The bodies' shapes (the figure's outlines index them).
    pub shapes: Vec<Shape>,
}

impl Figure {
    pub fn is_used(&self, s: Scale) -> bool {
        self.vectors.iter().any(|v| v.scale == s)
    }

    /// A world point in the screen frame: x right, y down, still in metres.
    pub fn screen(&self, p: DVec2) -> DVec2 {
        match self.y_axis {
            YAxis::Up => DVec2::new(p.x, -p.y),
            YAxis::Down => p,
        }
    }

    /// Every line the figure draws, as world segments: outlines (circles as
    /// polygons of `sides`), spokes, arrows with their heads, arcs, marks and
    /// lines. Labels keep off them.
    pub fn segments(&self, sides: usize) -> Vec<(DVec2, DVec2)> {
        let mut out = Vec::new();
        for o in &self.outlines {
            outline_segments(&self.shapes[o.body], &o.state, sides, &mut out);
        }
        let head = self.head();
        for v in &self.vectors {
            let len = self.scales.length(v);
            if len != DVec2::ZERO {
                arrow_segments(v.from, v.from + len, head, &mut out);
            }
        }
        for a in &self.arcs {
            let p = a.points(24);
            out.extend(p.windows(2).map(|w| (w[0], w[1])));
            arrow_segments(p[22], p[24], head, &mut out);
        }
        let dot = self.dot();
        for m in &self.marks {
            out.push((m.at - DVec2::splat(dot), m.at + DVec2::splat(dot)));
            out.push((m.at + DVec2::new(-dot, dot), m.at + DVec2::new(dot, -dot)));
        }
        out.extend(self.lines.iter().map(|l| (l.a, l.b)));
        out
    }
}

impl Figure {
    /// The longest an arrow's head is drawn (m): a fortieth of the window.
    pub fn head(&self) -> f64 {
        (self.base.1 - self.base.0).max_element() / 40.0
    }

    /// Half the size of a mark's cross (m).
    pub fn dot(&self) -> f64 {
        (self.base.1 - self.base.0).max_element() * 0.006
    }
}

/// An arrow's shaft and the two strokes of its head, at most `head` long.
pub fn arrow_segments(from: DVec2, tip: DVec2, head: f64, out: &mut Vec<(DVec2, DVec2)>) {
    out.push((from, tip));
    let len = from.distance(tip);
    if len > 0.0 {
        let back = (from - tip) / len * (len * 0.3).min(head);
        for angle in [0.45_f64, -0.45] {
            out.push((tip, tip + DVec2::from_angle(angle).rotate(back)));
        }
    }
}

/// A body's outline at a state as segments, with the spoke that shows its angle.
pub fn outline_segments(shape: &Shape, s: &BodyState, sides: usize, out: &mut Vec<(DVec2, DVec2)>) {
    let pose = Pose::new(s.position, s.angle);
    let spoke = DVec2::from_angle(s.angle);
    match *shape {
        Shape::Circle { radius } => {
            let point = |k: usize| s.position + DVec2::from_angle(k as f64 * std::f64::consts::TAU / sides as f64) * radius;
            out.extend((0..sides).map(|k| (point(k), point(k + 1))));
            out.push((s.position, s.position + spoke * radius));
        }
        Shape::Box { size } => {
            let v = box_vertices(size, pose);
            out.extend((0..4).map(|k| (v[k], v[(k + 1) % 4])));
            out.push((s.position, s.position + spoke * size.x / 2.0));
        }
        Shape::Segment { half } => {
            let [from, to] = segment_ends(half, pose);
            out.push((from, to));
        }
    }
}

/// A number on a picture: four significant digits, enough to read from the
/// back of a room (the derivation beside it keeps six), round-off as 0.
pub fn pic(x: f64, scale: f64) -> String {
    num_near(significant(x, 4), scale)
}

pub fn vec_text(v: DVec2) -> String {
    let scale = v.abs().max_element();
    format!("({}, {})", pic(v.x, scale), pic(v.y, scale))
}

/// The largest of {1, 2, 5}·10^k not above `x` (x > 0).
pub fn nice(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return 1.0;
    }
    let p = 10f64.powf(x.log10().floor());
    let m = x / p;
    let f = if m >= 5.0 {
        5.0
    } else if m >= 2.0 {
        2.0
    } else {
        1.0
    };
    f * p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_scales() {
        assert_eq!(nice(0.37), 0.2);
        assert_eq!(nice(7.0), 5.0);
        assert_eq!(nice(1.0), 1.0);
        assert_eq!(nice(19.9), 10.0);
        assert_eq!(nice(0.0), 1.0);
    }

    #[test]
    fn a_body_at_rest_gets_no_long_arrow() {
        let def = crate::engine::BodyDef::dynamic("box", Shape::Box { size: DVec2::new(1.0, 1.0) }, 1.0);
        let bodies = [def.parts().0.clone()];
        // What the relaxation leaves of a resting box's velocity after a frame.
        let resting = BodyState { position: DVec2::ZERO, angle: 0.0, velocity: DVec2::new(0.0, -1.81e-6), angular_velocity: 0.0 };
        let given = [BodyState { velocity: DVec2::ZERO, ..resting }];
        let drawn = |typical: f64| {
            let states = [resting];
            let input = Input { typical_speed: typical, all_names: true, ..Input::set_up(&bodies, &states) };
            let f = figure(&input);
            f.scales.length(&f.vectors[0]).length() / (f.base.1 - f.base.0).max_element()
        };
        // Fitted to its own speed, the round-off would be a quarter of the picture long.
        assert!(drawn(0.0) > 0.1);
        // Fitted to gravity's step (9.81 m/s² · 1/60 s), it is a dot.
        let typical = typical_speed(&given, DVec2::new(0.0, -9.81), 1.0 / 60.0);
        assert!((typical - 0.1635).abs() < 1e-12);
        assert!(drawn(typical) < 1e-4, "{}", drawn(typical));
    }

    #[test]
    fn four_figures_on_pictures() {
        assert_eq!(pic(-0.0255767, 0.0), "−0.02558");
        assert_eq!(vec_text(DVec2::new(1.39974, 1.07273)), "(1.4, 1.073)");
    }
}
