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
//! Nothing is recomputed: every point and vector is read from the phase's
//! record or from the bodies' states before and after it.

use super::words::{self, Word};
use crate::engine::event::EventImpulse;
use crate::engine::{Body, BodyState, Phase, PhaseData, Work};
use crate::geometry::{Pose, Shape, box_vertices, segment_ends};
use crate::lesson::Lang;
use crate::notation::{num, num_near, significant};
use crate::scene::YAxis;
use glam::DVec2;
use std::fmt::Write;

/// What one picture shows.
pub struct Stage<'a> {
    pub bodies: &'a [Body],
    /// The states the phase started from, and those it left.
    pub before: &'a [BodyState],
    pub after: &'a [BodyState],
    /// The scene's start: what a student is given.
    pub given: &'a [BodyState],
    /// None: the set-up, the bodies at `before` with their velocities.
    pub phase: Option<&'a Phase>,
    pub y_axis: YAxis,
    pub view: Option<(DVec2, DVec2)>,
    pub lang: Lang,
    /// Only what a student is given: no vector the phase worked out, no number it found.
    pub student: bool,
    /// The picture's title (SVG `<title>`), e.g. "Frame 0 · resolve · pass 1 · m1–m2".
    pub title: String,
}

/// The SVG text of the picture.
pub fn picture(stage: &Stage) -> String {
    let drawing = contents(stage);
    render(stage, &drawing)
}

// Pixels: the picture is this wide; the drawing at most this tall.
const WIDTH: f64 = 720.0;
const MAX_HEIGHT: f64 = 540.0;
const PAD: f64 = 28.0;
const FONT: f64 = 12.0;
const ROW: f64 = 20.0;
/// Above this many bodies, only those of the phase are named and given arrows.
const MANY: usize = 40;

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
/// How far a spin's arc turns (rad).
const SWEEP: f64 = 2.4;

/// How an arrow's vector becomes a length on the page.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Scale {
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

struct Arrow {
    from: DVec2,
    /// In the scale's own unit.
    v: DVec2,
    scale: Scale,
    label: String,
    color: &'static str,
    dashed: bool,
    /// Labelled at its middle (an arm, whose tip is shared with others), not past its tip.
    middle: bool,
}

struct Mark {
    at: DVec2,
    label: String,
    color: &'static str,
    /// Ringed: the one that matters (the least penetration's support point).
    ring: bool,
}

struct Line {
    a: DVec2,
    b: DVec2,
    color: &'static str,
    dashed: bool,
    label: Option<String>,
}

/// A spin: an arc around a centre, turning the way ω turns (not to scale).
struct Spin {
    centre: DVec2,
    /// The arc's radius (m) and where it starts (rad).
    radius: f64,
    start: f64,
    omega: f64,
    label: String,
    dashed: bool,
}

#[derive(Default)]
struct Drawing {
    spins: Vec<Spin>,
    arrows: Vec<Arrow>,
    marks: Vec<Mark>,
    lines: Vec<Line>,
    /// Bodies drawn again, dashed, where the phase left them.
    ghosts: Vec<usize>,
    /// Bodies this phase is about: named and given arrows even in a crowd.
    focus: Vec<usize>,
    /// The colour key: colour and what it means (a dot for a point, else a bar).
    keys: Vec<(&'static str, String)>,
}

impl Drawing {
    fn key(&mut self, color: &'static str, what: String) {
        if !self.keys.iter().any(|(c, w)| *c == color && *w == what) {
            self.keys.push((color, what));
        }
    }

    fn arrow(&mut self, from: DVec2, v: DVec2, scale: Scale, label: String, color: &'static str) {
        if v.is_finite() && from.is_finite() && v != DVec2::ZERO {
            self.arrows.push(Arrow { from, v, scale, label, color, dashed: false, middle: scale == Scale::Length });
        }
    }

    fn dashed(&mut self, from: DVec2, v: DVec2, scale: Scale, label: String, color: &'static str) {
        if v.is_finite() && from.is_finite() && v != DVec2::ZERO {
            self.arrows.push(Arrow { from, v, scale, label, color, dashed: true, middle: false });
        }
    }

    fn mark(&mut self, at: DVec2, label: String, color: &'static str) {
        if at.is_finite() {
            self.marks.push(Mark { at, label, color, ring: false });
        }
    }
}

/// A number on a picture: four significant digits, enough to read from the
/// back of a room (the derivation beside it keeps six), round-off as 0.
fn pic(x: f64, scale: f64) -> String {
    num_near(significant(x, 4), scale)
}

fn vec_text(v: DVec2) -> String {
    let scale = v.abs().max_element();
    format!("({}, {})", pic(v.x, scale), pic(v.y, scale))
}

/// "n (0.8, -0.6)", or the bare name in a student's picture.
fn named(name: &str, v: DVec2, unit: &str, student: bool) -> String {
    if student {
        return name.to_string();
    }
    let unit = if unit.is_empty() { String::new() } else { format!(" {unit}") };
    format!("{name} {}{unit}", vec_text(v))
}

/// What the picture of `stage` holds, read from its phase's record.
fn contents(stage: &Stage) -> Drawing {
    let mut d = Drawing::default();
    let lang = stage.lang;
    let w = |word: Word| word.get(lang).to_string();
    let name = |i: usize| stage.bodies.get(i).map_or("?", |b| b.name.as_str());
    let phase = match stage.phase {
        Some(p) if !stage.student => p,
        // The set-up, or a student's picture: the bodies and the velocities given.
        _ => {
            if let Some((a, b)) = stage.phase.and_then(|p| p.pair) {
                d.focus = vec![a, b];
            }
            given_velocities(stage, &mut d);
            return d;
        }
    };
    if let Some((a, b)) = phase.pair {
        d.focus = vec![a, b];
    }
    d.focus.extend(phase.changes().iter().map(|c| c.body));
    let s = stage.before;
    match &phase.data {
        PhaseData::Forces(r) => {
            for a in &r.acted {
                use crate::engine::ActionKind;
                let push = match a.kind {
                    ActionKind::Force { force, .. } => Some((force, Scale::Force, "F", "N")),
                    ActionKind::Impulse { impulse, .. } => Some((impulse, Scale::Impulse, "J", "N·s")),
                    _ => None,
                };
                if let Some((f, scale, label, unit)) = push {
                    let at = a.centre + a.arm.unwrap_or(DVec2::ZERO);
                    if let Some(arm) = a.arm.filter(|r| *r != DVec2::ZERO) {
                        d.arrow(a.centre, arm, Scale::Length, named("r", arm, "m", false), ARM);
                        d.key(ARM, w(words::ARM));
                    }
                    d.arrow(at, f, scale, named(label, f, unit, false), IMPULSE);
                    d.key(IMPULSE, if scale == Scale::Force { w(words::FORCE) } else { w(words::IMPULSE) });
                }
            }
            velocity_change(stage, &mut d);
            if !d.arrows.iter().any(|a| a.scale == Scale::Velocity) {
                velocities(stage, stage.after, &mut d, false);
            }
        }
        PhaseData::Detect(r) => {
            let (a, b) = phase.pair.unwrap_or((0, 0));
            // The line of centres, for two circles or a pair not touching.
            let centres = || Line {
                a: r.x_a,
                b: r.x_b,
                color: GREY,
                dashed: true,
                label: Some(format!("{} {} m", lang.terms().name("distance"), pic(r.x_a.distance(r.x_b), 0.0))),
            };
            match &r.work {
                Work::BoxBox(report) => {
                    for (side, faces) in report.faces.iter().enumerate() {
                        for (i, face) in faces.iter().enumerate() {
                            let Some(p) = face.and_then(|f| f.support) else { continue };
                            let least = report.axis == Some((side, i));
                            let owner = name(if side == 0 { a } else { b });
                            let face = format!("{owner} {} {i}", w(words::FACE));
                            let label = if least { format!("{face}: {}", w(words::LEAST)) } else { face };
                            d.mark(p, label, MARK);
                            if let Some(m) = d.marks.last_mut().filter(|_| least) {
                                m.ring = true;
                            }
                        }
                    }
                    d.key(MARK, format!("{}; ○ {}", w(words::SUPPORT), w(words::LEAST)));
                }
                Work::WallBox { report, wall_is_a } => {
                    let (a, b) = if *wall_is_a { (a, b) } else { (b, a) };
                    let faces = report.segment.iter().chain(report.boxed.iter()).enumerate();
                    for (k, face) in faces {
                        let Some(p) = face.and_then(|f| f.support) else { continue };
                        let (side, i) = if k < 2 { (0, k) } else { (1, k - 2) };
                        let owner = name(if side == 0 { a } else { b });
                        let face = format!("{owner} {} {i}", w(words::FACE));
                        let least = report.axis == Some((side, i));
                        let label = if least { format!("{face}: {}", w(words::LEAST)) } else { face };
                        d.mark(p, label, MARK);
                        if let Some(m) = d.marks.last_mut().filter(|_| least) {
                            m.ring = true;
                        }
                    }
                    d.key(MARK, format!("{}; ○ {}", w(words::SUPPORT), w(words::LEAST)));
                }
                Work::BoxCircle { test, .. } => {
                    d.lines.push(Line { a: test.first, b: test.second, color: MARK, dashed: false, label: None });
                    let mid = (test.first + test.second) / 2.0;
                    d.arrow(mid, test.normal, Scale::Unit, format!("{} {} n {}", w(words::EDGE), test.edge, vec_text(test.normal)), MARK);
                }
                Work::WallCircle { test, .. } => {
                    d.mark(test.nearest, format!("{} {}", w(words::NEAREST), vec_text(test.nearest)), MARK);
                    d.key(MARK, w(words::NEAREST));
                }
                Work::CircleCircle => d.lines.push(centres()),
                Work::TwoWalls => {}
            }
            match r.info {
                Some(info) => {
                    if info.depth > 0.0 {
                        d.lines.push(Line {
                            a: info.start,
                            b: info.end,
                            color: SHIFT,
                            dashed: false,
                            label: Some(format!("{} {} m", w(words::DEPTH), pic(info.depth, 0.0))),
                        });
                    }
                    d.mark(info.start, format!("{} {} m", lang.terms().name("start"), vec_text(info.start)), INK);
                    d.arrow(info.start, info.normal, Scale::Unit, named("n", info.normal, "", false), NORMAL);
                    d.key(NORMAL, w(words::NORMAL));
                    if let Some(second) = r.second {
                        d.mark(second.start, format!("{}₂ {} m", lang.terms().name("start"), vec_text(second.start)), INK);
                    }
                }
                None if !matches!(r.work, Work::CircleCircle) => d.lines.push(centres()),
                None => {}
            }
        }
        PhaseData::Correct(c) => {
            if let Some((a, b)) = phase.pair {
                let (da, db) = (-c.normal * c.s * c.inv_mass[0], c.normal * c.s * c.inv_mass[1]);
                d.arrow(s[a].position, da, Scale::Shift, named("Δx", da, "m", false), SHIFT);
                d.arrow(s[b].position, db, Scale::Shift, named("Δx", db, "m", false), SHIFT);
                d.key(SHIFT, w(words::CORRECTION));
                d.ghosts = vec![a, b];
            }
        }
        PhaseData::Resolve(r) => {
            let c = &r.contact;
            let (a, b) = phase.pair.unwrap_or((0, 0));
            d.mark(c.p, format!("p {} m", vec_text(c.p)), INK);
            d.key(INK, w(words::CONTACT_POINT));
            d.arrow(c.x[0], c.r[0], Scale::Length, named("r_a", c.r[0], "m", false), ARM);
            d.arrow(c.x[1], c.r[1], Scale::Length, named("r_b", c.r[1], "m", false), ARM);
            d.key(ARM, w(words::ARM));
            d.arrow(c.p, c.n, Scale::Unit, named("n", c.n, "", false), NORMAL);
            d.key(NORMAL, w(words::NORMAL));
            if let Some((_, t, _)) = r.applied().filter(|(_, t, _)| *t != DVec2::ZERO) {
                d.arrow(c.p, t, Scale::Unit, named("t", t, "", false), TANGENT);
                d.key(TANGENT, w(words::TANGENT));
            }
            d.arrow(c.p, c.v_rel, Scale::Velocity, named("v_rel", c.v_rel, "m/s", false), RELATIVE);
            d.key(RELATIVE, w(words::RELATIVE_VELOCITY));
            if let Some(j) = r.impulse.as_ref().map(|i| i.j).or_else(|| r.applied().map(|(jn, t, jt)| jn * c.n + jt * t)) {
                d.arrow(c.p, j, Scale::Impulse, format!("J → {} {}", name(a), named("", j, "N·s", false).trim()), IMPULSE);
                d.arrow(c.p, -j, Scale::Impulse, format!("−J → {}", name(b)), IMPULSE);
                d.key(IMPULSE, w(words::IMPULSE));
            }
            spin_change(stage, &mut d, Some(c.p));
        }
        PhaseData::Warm(r) => {
            d.mark(r.p, format!("p {} m", vec_text(r.p)), INK);
            d.arrow(r.p, r.n, Scale::Unit, named("n", r.n, "", false), NORMAL);
            let j = r.n * r.jn + r.t * r.jt;
            d.arrow(r.p, j, Scale::Impulse, named("J", j, "N·s", false), IMPULSE);
            d.key(NORMAL, w(words::NORMAL));
            d.key(IMPULSE, w(words::IMPULSE));
        }
        PhaseData::Integrate(r) | PhaseData::Move(r) => {
            d.ghosts = r.changes.iter().map(|c| c.body).collect();
            d.focus.clear();
            velocities(stage, stage.before, &mut d, false);
        }
        PhaseData::Broad(_) | PhaseData::Predict(_) | PhaseData::Event(_) => velocities(stage, stage.before, &mut d, false),
        PhaseData::Touch(t) => {
            d.lines.push(Line {
                a: t.x[0],
                b: t.x[1],
                color: GREY,
                dashed: true,
                label: Some(format!("{} {} m", lang.terms().name("distance"), pic(t.x[0].distance(t.x[1]), 0.0))),
            });
            velocities(stage, stage.before, &mut d, false);
        }
        PhaseData::WallTouch(t) => {
            d.arrow(t.x, t.dist, Scale::Length, named("dist", t.dist, "m", false), MARK);
            d.key(MARK, w(words::DIST));
            velocities(stage, stage.before, &mut d, false);
        }
        PhaseData::PairReposition(r) => {
            if let Some((a, b)) = phase.pair {
                d.arrow(r.x[0], r.shift[0], Scale::Shift, named("Δx", r.shift[0], "m", false), SHIFT);
                d.arrow(r.x[1], r.shift[1], Scale::Shift, named("Δx", r.shift[1], "m", false), SHIFT);
                d.key(SHIFT, w(words::SHIFT_SCALE));
                d.ghosts = vec![a, b];
            }
        }
        PhaseData::WallReposition(r) => {
            d.arrow(r.x, -r.displ, Scale::Shift, named("−displ", -r.displ, "m", false), SHIFT);
            d.key(SHIFT, w(words::SHIFT_SCALE));
            d.arrow(r.x, r.n, Scale::Unit, named("n", r.n, "", false), NORMAL);
            d.key(NORMAL, w(words::NORMAL));
            d.ghosts = vec![r.changes[0].body];
        }
        PhaseData::WallBounce(r) => {
            let at = s[r.changes[0].body].position;
            d.arrow(at, r.wall_normal, Scale::Unit, named("N", r.wall_normal, "", false), NORMAL);
            d.key(NORMAL, w(words::NORMAL));
            d.dashed(at, r.normal, Scale::Velocity, named("v_n", r.normal, "m/s", false), NORMAL);
            d.dashed(at, r.tangent, Scale::Velocity, named("v_t", r.tangent, "m/s", false), TANGENT);
            d.key(TANGENT, w(words::TANGENT));
            velocity_change(stage, &mut d);
        }
        PhaseData::Endpoint(r) => {
            d.mark(r.end, format!("end {} m", vec_text(r.end)), MARK);
            d.arrow(r.x, r.n, Scale::Unit, named("n", r.n, "", false), NORMAL);
            d.key(NORMAL, w(words::NORMAL));
            velocity_change(stage, &mut d);
        }
        PhaseData::PairBounce(r) => {
            if let Some((a, _)) = phase.pair {
                d.arrow(s[a].position, r.n, Scale::Unit, named("n", r.n, "", false), NORMAL);
                d.key(NORMAL, w(words::NORMAL));
            }
            velocity_change(stage, &mut d);
        }
        PhaseData::VelocityCorrection(_) => velocity_change(stage, &mut d),
        PhaseData::EventBounce(r) => {
            match r.how {
                EventImpulse::Discs { x, f, .. } => {
                    d.arrow(x[0], f, Scale::Impulse, named("J", f, "N·s", false), IMPULSE);
                    d.key(IMPULSE, w(words::IMPULSE));
                }
                EventImpulse::Face { n, .. } => {
                    if let Some(c) = r.changes.first() {
                        d.arrow(s[c.body].position, n, Scale::Unit, named("n", n, "", false), NORMAL);
                        d.key(NORMAL, w(words::NORMAL));
                    }
                }
            }
            velocity_change(stage, &mut d);
        }
    }
    d
}

/// The bodies' velocities as the picture's states hold them, labelled with
/// the body's name (and numbers unless `bare`). In a crowd, only the focus.
fn velocities(stage: &Stage, states: &[BodyState], d: &mut Drawing, bare: bool) {
    let crowd = stage.bodies.len() > MANY;
    for (i, (b, st)) in stage.bodies.iter().zip(states).enumerate() {
        if b.is_static() || (crowd && !d.focus.contains(&i)) {
            continue;
        }
        let label = if bare { format!("v {}", b.name) } else { format!("v {} {} m/s", b.name, vec_text(st.velocity)) };
        d.arrow(st.position, st.velocity, Scale::Velocity, label, VELOCITY);
    }
    if d.arrows.iter().any(|a| a.scale == Scale::Velocity) {
        d.key(VELOCITY, words::VELOCITY.get(stage.lang).to_string());
    }
}

/// The set-up or a student's picture: each velocity the scene gives (as it
/// was at the start), with its numbers; a velocity some phase has changed is
/// a result, not drawn. (A correction that moved a body changed no velocity:
/// its given velocity is still drawn, where the body now is.)
fn given_velocities(stage: &Stage, d: &mut Drawing) {
    let crowd = stage.bodies.len() > MANY;
    for (i, (b, st)) in stage.bodies.iter().zip(stage.before).enumerate() {
        let given = stage.given.get(i).is_some_and(|g| g.velocity == st.velocity);
        if b.is_static() || !given || (crowd && !d.focus.contains(&i)) {
            continue;
        }
        d.arrow(st.position, st.velocity, Scale::Velocity, format!("v {} {} m/s", b.name, vec_text(st.velocity)), VELOCITY);
        let given_spin = stage.given.get(i).is_some_and(|g| g.angular_velocity == st.angular_velocity);
        if given_spin && st.angular_velocity != 0.0 {
            spin(d, b, st, 0.6, format!("ω {} {} rad/s", b.name, pic(st.angular_velocity, 0.0)), false, None);
        }
    }
    if !d.arrows.is_empty() {
        d.key(VELOCITY, words::VELOCITY.get(stage.lang).to_string());
    }
}

/// The velocities a phase changed: before (dashed) and after (solid), for the
/// bodies it changed; the others' velocities are not drawn.
fn velocity_change(stage: &Stage, d: &mut Drawing) {
    let Some(phase) = stage.phase else { return };
    let mut any = false;
    for c in phase.changes() {
        let (b, a) = (&stage.before[c.body], &c.after);
        let Some(body) = stage.bodies.get(c.body) else { continue };
        if b.velocity == a.velocity {
            continue;
        }
        d.dashed(b.position, b.velocity, Scale::Velocity, format!("v {} {} m/s", body.name, vec_text(b.velocity)), VELOCITY);
        d.arrow(a.position, a.velocity, Scale::Velocity, format!("v' {} {} m/s", body.name, vec_text(a.velocity)), VELOCITY);
        any = true;
    }
    spin_change(stage, d, None);
    if any {
        d.key(VELOCITY, format!("{} / {}", words::BEFORE_V.get(stage.lang), words::AFTER_V.get(stage.lang)));
    }
}

/// The spins a phase changed: before (dashed, inside) and after (solid).
/// With `away`, the arcs sit on the side of each body away from that point (the contact).
fn spin_change(stage: &Stage, d: &mut Drawing, away: Option<DVec2>) {
    let Some(phase) = stage.phase else { return };
    for c in phase.changes() {
        let (b, a) = (&stage.before[c.body], &c.after);
        let Some(body) = stage.bodies.get(c.body) else { continue };
        // Round-off in ω (1e-15 after a smooth ball's impulse) is no change of spin.
        let scale = crate::notation::state_scale(b).max(crate::notation::state_scale(a));
        let (before, after) = (num_near(b.angular_velocity, scale), num_near(a.angular_velocity, scale));
        if before != after {
            let facing = away.map(|p| (b.position - p).to_angle());
            spin(d, body, b, 0.45, format!("ω {} {before} rad/s", body.name), true, facing);
            spin(d, body, a, 0.7, format!("ω' {} {after} rad/s", body.name), false, facing);
        }
    }
}

/// An arc around `body` at `share` of its size, turning as `state`'s ω.
/// The arc is centred on the angle `facing` when given, else starts a quarter turn past the radius line.
fn spin(d: &mut Drawing, body: &Body, state: &BodyState, share: f64, label: String, dashed: bool, facing: Option<f64>) {
    let radius = match body.shape {
        Shape::Circle { radius } => radius,
        Shape::Box { size } => size.min_element() / 2.0,
        Shape::Segment { .. } => return,
    } * share;
    // Away from the radius line, which marks the angle, or centred where asked.
    let start = match facing {
        Some(mid) => mid - SWEEP / 2.0 * state.angular_velocity.signum(),
        None => state.angle + std::f64::consts::FRAC_PI_2,
    };
    if state.angular_velocity != 0.0 && state.angular_velocity.is_finite() {
        d.spins.push(Spin { centre: state.position, radius, start, omega: state.angular_velocity, label, dashed });
    }
}

/// The largest of {1, 2, 5}·10^k not above `x` (x > 0).
fn nice(x: f64) -> f64 {
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

/// Metres on the page per unit of each scale, fitted to a window `size` wide.
struct Scales {
    velocity: f64,
    impulse: f64,
    force: f64,
    /// The length a unit vector is drawn (m).
    unit: f64,
    /// How many times a displacement is magnified.
    shift: f64,
}

impl Scales {
    fn of(d: &Drawing, size: f64) -> Scales {
        let largest =
            |s: Scale| d.arrows.iter().filter(|a| a.scale == s).map(|a| a.v.length()).filter(|x| x.is_finite()).fold(0.0, f64::max);
        // The longest of each kind is drawn about a quarter of the window long, at a round scale.
        let fit = |s: Scale| {
            let big = largest(s);
            if big > 0.0 { nice(0.25 * size / big) } else { 1.0 }
        };
        let shift_big = largest(Scale::Shift);
        // A displacement shorter than 3 % of the window is magnified by a power of ten.
        let shift = if shift_big > 0.0 && shift_big < 0.03 * size { 10f64.powf((0.12 * size / shift_big).log10().floor()) } else { 1.0 };
        Scales { velocity: fit(Scale::Velocity), impulse: fit(Scale::Impulse), force: fit(Scale::Force), unit: nice(0.2 * size), shift }
    }

    /// The arrow's vector in metres on the page.
    fn length(&self, a: &Arrow) -> DVec2 {
        match a.scale {
            Scale::Length => a.v,
            Scale::Velocity => a.v * self.velocity,
            Scale::Impulse => a.v * self.impulse,
            Scale::Force => a.v * self.force,
            Scale::Unit => a.v.normalize_or_zero() * self.unit,
            Scale::Shift => a.v * self.shift,
        }
    }
}

/// The world window: the scene's view, or the bodies with a margin; widened
/// to take in every arrow and mark.
fn window(stage: &Stage, d: &Drawing, scales: Option<&Scales>) -> (DVec2, DVec2) {
    let (mut lo, mut hi) = (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY));
    let mut take = |p: DVec2, r: f64| {
        if p.is_finite() && r.is_finite() {
            lo = lo.min(p - r);
            hi = hi.max(p + r);
        }
    };
    match stage.view {
        Some((a, b)) => {
            take(a, 0.0);
            take(b, 0.0);
        }
        None => {
            for (b, s) in stage.bodies.iter().zip(stage.before.iter().chain(stage.after)) {
                take(s.position, b.shape.bounding_radius());
            }
            for (b, s) in stage.bodies.iter().zip(stage.after) {
                take(s.position, b.shape.bounding_radius());
            }
        }
    }
    for m in &d.marks {
        take(m.at, 0.0);
    }
    if let Some(scales) = scales {
        for a in &d.arrows {
            take(a.from + scales.length(a), 0.0);
        }
    }
    if !lo.is_finite() || !hi.is_finite() {
        return (DVec2::splat(-10.0), DVec2::splat(10.0));
    }
    let size = (hi - lo).max_element().max(1e-3);
    // A margin, more when there is no view to say where the picture ends.
    let margin = if stage.view.is_some() && scales.is_none() { 0.0 } else { size * 0.06 };
    (lo - margin, hi + margin)
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

    /// A world direction as a page direction (y flipped when y is up).
    fn dir(&self, v: DVec2) -> DVec2 {
        match self.y_axis {
            YAxis::Up => DVec2::new(v.x, -v.y),
            YAxis::Down => v,
        }
    }
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

/// A label's box on the page, for keeping labels apart.
#[derive(Clone, Copy)]
struct Rect {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Rect {
    fn overlaps(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }
}

/// Labels placed so far; each new one takes the first free spot of its candidates.
struct Labels {
    placed: Vec<Rect>,
    /// The arrows' lines, by arrow, which a label should not cover (its own arrow least of all).
    obstacles: Vec<(usize, Rect)>,
    width: f64,
    height: f64,
    out: String,
}

impl Labels {
    /// Places `text` at the first of `spots` (x, y baseline, anchor) where it overlaps nothing placed.
    fn place(&mut self, text: &str, spots: &[(f64, f64, Anchor)], color: &str, class: &str, own: Option<usize>) {
        if text.is_empty() || spots.is_empty() {
            return;
        }
        let w = text_width(text, FONT);
        let rect_of = |(x, y, anchor): (f64, f64, Anchor)| {
            let x0 = match anchor {
                Anchor::Start => x,
                Anchor::Middle => x - w / 2.0,
                Anchor::End => x - w,
            };
            Rect { x0, y0: y - FONT, x1: x0 + w, y1: y + 3.0 }
        };
        let inside = |r: &Rect| r.x0 >= 2.0 && r.x1 <= self.width - 2.0 && r.y0 >= 2.0 && r.y1 <= self.height - 2.0;
        // Clear of labels and lines; else clear of labels and its own arrow (the halo keeps it readable over another line).
        let clear = |r: &Rect, all: bool| {
            inside(r)
                && !self.placed.iter().any(|p| p.overlaps(r))
                && !self.obstacles.iter().any(|(owner, p)| (all || Some(*owner) == own) && p.overlaps(r))
        };
        let free = spots
            .iter()
            .copied()
            .find(|&s| clear(&rect_of(s), true))
            .or_else(|| spots.iter().copied().find(|&s| clear(&rect_of(s), false)));
        // Nowhere free: the first spot that stays on the page, moved down past what is there.
        let (x, mut y, anchor) = free.unwrap_or(spots[0]);
        if free.is_none() {
            let mut r = rect_of((x, y, anchor));
            let mut tries = 0;
            while self.placed.iter().any(|p| p.overlaps(&r)) && tries < 40 {
                y += FONT + 2.0;
                r = rect_of((x, y, anchor));
                tries += 1;
            }
        }
        let r = rect_of((x, y, anchor));
        self.placed.push(r);
        // A white halo keeps a label readable over lines: a copy of the text
        // drawn first with a wide white stroke, then the text itself. (Not
        // `paint-order`, which some renderers ignore and draw white over it.)
        let (anchor, text) = (anchor.name(), escape(text));
        writeln!(
            self.out,
            r#"<text class="{class} halo" x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" fill="white" stroke="white" stroke-width="3">{text}</text>"#
        )
        .unwrap();
        writeln!(self.out, r#"<text class="{class}" x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" fill="{color}">{text}</text>"#).unwrap();
    }
}

#[derive(Clone, Copy)]
enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn name(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// Places to try for a label at page point (x, y) beside a direction `dir`
/// (a unit vector on the page): past the tip first, then to either side.
fn spots_at(x: f64, y: f64, dir: DVec2) -> Vec<(f64, f64, Anchor)> {
    let anchor = if dir.x > 0.3 {
        Anchor::Start
    } else if dir.x < -0.3 {
        Anchor::End
    } else {
        Anchor::Middle
    };
    let ahead = DVec2::new(x, y) + dir * 8.0;
    let base = ahead.y
        + if dir.y > 0.3 {
            FONT
        } else if dir.y < -0.3 {
            -2.0
        } else {
            4.0
        };
    let mut spots = vec![(ahead.x, base, anchor)];
    for dy in [-16.0, 16.0, -32.0, 32.0, -48.0, 48.0] {
        spots.push((ahead.x, base + dy, anchor));
    }
    for (dx, a) in [(10.0, Anchor::Start), (-10.0, Anchor::End)] {
        for dy in [0.0, -16.0, 16.0] {
            spots.push((x + dx, y + 4.0 + dy, a));
        }
    }
    spots
}

fn render(stage: &Stage, d: &Drawing) -> String {
    let base = window(stage, d, None);
    let scales = Scales::of(d, (base.1 - base.0).max_element());
    let (lo, hi) = window(stage, d, Some(&scales));
    let size = hi - lo;
    let k = ((WIDTH - 2.0 * PAD) / size.x.max(1e-9)).min((MAX_HEIGHT - 2.0 * PAD) / size.y.max(1e-9));
    let drawn = size * k;
    let left = (WIDTH - drawn.x) / 2.0;
    let page = Page { lo, hi, k, left, top: PAD, y_axis: stage.y_axis };
    let legend_top = PAD + drawn.y + PAD;
    let legend = legend_rows(stage, d, &scales);
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
    let mut labels = Labels { placed: Vec::new(), obstacles: Vec::new(), width: WIDTH, height: legend_top, out: String::new() };
    let crowd = stage.bodies.len() > MANY;

    svg.push_str("<g id=\"bodies\">\n");
    for (i, b) in stage.bodies.iter().enumerate() {
        let Some(s) = stage.before.get(i) else { continue };
        shape(&mut svg, &page, b, s, false, i);
    }
    for &i in &d.ghosts {
        if let (Some(b), Some(s)) = (stage.bodies.get(i), stage.after.get(i)) {
            shape(&mut svg, &page, b, s, true, i);
        }
    }
    svg.push_str("</g>\n");

    svg.push_str("<g id=\"vectors\">\n");
    for l in &d.lines {
        let ((x1, y1), (x2, y2)) = (page.at(l.a), page.at(l.b));
        let dash = if l.dashed { r#" stroke-dasharray="5 4""# } else { "" };
        writeln!(svg, r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{}" stroke-width="2"{dash}/>"#, l.color)
            .unwrap();
    }
    for m in &d.marks {
        let (x, y) = page.at(m.at);
        writeln!(svg, r#"<circle cx="{x:.1}" cy="{y:.1}" r="3.5" fill="{}"/>"#, m.color).unwrap();
        if m.ring {
            writeln!(svg, r#"<circle cx="{x:.1}" cy="{y:.1}" r="8" fill="none" stroke="{}" stroke-width="2"/>"#, m.color).unwrap();
        }
    }
    let mut tips = Vec::new();
    for a in &d.arrows {
        let len = scales.length(a);
        let (x1, y1) = page.at(a.from);
        let (x2, y2) = page.at(a.from + len);
        arrow(&mut svg, (x1, y1), (x2, y2), a.color, a.dashed);
        let dir = page.dir(len).normalize_or_zero();
        tips.push(if a.middle { ((x1 + x2) / 2.0, (y1 + y2) / 2.0, dir.perp()) } else { (x2, y2, dir) });
        // The line, as small boxes along it, for labels to keep off.
        let (from, to) = (DVec2::new(x1, y1), DVec2::new(x2, y2));
        let steps = (from.distance(to) / 6.0).ceil().min(400.0) as usize;
        for k in 0..=steps {
            let p = from.lerp(to, k as f64 / steps.max(1) as f64);
            labels.obstacles.push((tips.len() - 1, Rect { x0: p.x - 2.0, y0: p.y - 2.0, x1: p.x + 2.0, y1: p.y + 2.0 }));
        }
    }
    let mut spin_tips = Vec::new();
    for sp in &d.spins {
        let sweep = SWEEP * sp.omega.signum();
        let points: Vec<DVec2> = (0..=24)
            .map(|k| {
                let (x, y) = page.at(sp.centre + DVec2::from_angle(sp.start + sweep * k as f64 / 24.0) * sp.radius);
                DVec2::new(x, y)
            })
            .collect();
        let path: Vec<String> = points[..23].iter().map(|p| format!("{:.1},{:.1}", p.x, p.y)).collect();
        let dash = if sp.dashed { r#" stroke-dasharray="4 3""# } else { "" };
        writeln!(svg, r#"<polyline class="spin" points="{}" fill="none" stroke="{SPIN}" stroke-width="1.8"{dash}/>"#, path.join(" "))
            .unwrap();
        let (a, b) = (points[22], points[24]);
        arrow(&mut svg, (a.x, a.y), (b.x, b.y), SPIN, sp.dashed);
        spin_tips.push((b.x, b.y, (b - a).normalize_or_zero()));
    }
    svg.push_str("</g>\n");

    // Labels: names first (they matter most), then marks, lines and arrows.
    for (i, b) in stage.bodies.iter().enumerate() {
        let Some(s) = stage.before.get(i) else { continue };
        if crowd && !d.focus.contains(&i) {
            continue;
        }
        let spots = name_spots(&page, b, s);
        labels.place(&b.name, &spots, INK, "name", None);
    }
    for m in &d.marks {
        let (x, y) = page.at(m.at);
        labels.place(&m.label, &spots_at(x, y, DVec2::new(0.7, 0.7).normalize()), m.color, "mark", None);
    }
    for l in &d.lines {
        if let Some(text) = &l.label {
            let (x, y) = page.at((l.a + l.b) / 2.0);
            labels.place(text, &spots_at(x, y, DVec2::new(0.0, -1.0)), l.color, "line", None);
        }
    }
    for (k, (a, (x, y, dir))) in d.arrows.iter().zip(tips).enumerate() {
        labels.place(&a.label, &spots_at(x, y, dir), a.color, "arrow", Some(k));
    }
    for (sp, (x, y, dir)) in d.spins.iter().zip(spin_tips) {
        labels.place(&sp.label, &spots_at(x, y, dir), SPIN, "spin", None);
    }
    svg.push_str("<g id=\"labels\">\n");
    svg.push_str(&labels.out);
    svg.push_str("</g>\n");

    svg.push_str("<g id=\"legend\">\n");
    for (row, item) in legend.iter().enumerate() {
        let y = legend_top + row as f64 * ROW;
        item.draw(&mut svg, &page, y);
    }
    svg.push_str("</g>\n</svg>\n");
    svg
}

/// Where a body's name may go: beside a wall near its ends; above a small
/// shape or below it; inside a large one.
fn name_spots(page: &Page, b: &Body, s: &BodyState) -> Vec<(f64, f64, Anchor)> {
    let pose = Pose::new(s.position, s.angle);
    let outline: Vec<DVec2> = match b.shape {
        Shape::Segment { half } => {
            let [from, to] = segment_ends(half, pose);
            let n = page.dir((to - from).perp()).normalize_or_zero() * 14.0;
            let mut spots = Vec::new();
            for f in [0.12, 0.88, 0.3, 0.7] {
                let (x, y) = page.at(from.lerp(to, f));
                spots.push((x + n.x, y + n.y + 4.0, Anchor::Middle));
                spots.push((x - n.x, y - n.y + 4.0, Anchor::Middle));
            }
            return spots;
        }
        Shape::Circle { radius } => {
            (0..16).map(|k| s.position + DVec2::from_angle(k as f64 * std::f64::consts::TAU / 16.0) * radius).collect()
        }
        Shape::Box { size } => box_vertices(size, pose).to_vec(),
    };
    let points: Vec<(f64, f64)> = outline.iter().map(|p| page.at(*p)).collect();
    let top = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let bottom = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let (left, right) =
        (points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min), points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max));
    let (x, y) = page.at(s.position);
    let inside = (x, y + FONT + 6.0, Anchor::Middle);
    let mut spots = vec![
        (x, top - 5.0, Anchor::Middle),
        (x, bottom + FONT + 3.0, Anchor::Middle),
        (right + 4.0, y + 4.0, Anchor::Start),
        (left - 4.0, y + 4.0, Anchor::End),
    ];
    // A shape wide and tall enough holds its name.
    if right - left > text_width(&b.name, FONT) + 40.0 && bottom - top > 3.0 * FONT {
        spots.insert(0, inside);
        spots.insert(1, (x, y - 8.0, Anchor::Middle));
    } else {
        spots.push(inside);
    }
    spots
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
fn legend_rows(stage: &Stage, d: &Drawing, scales: &Scales) -> Vec<Legend> {
    let lang = stage.lang;
    let w = |word: Word| word.get(lang);
    let base = window(stage, d, None);
    let size = (base.1 - base.0).max_element();
    let bar = nice(size / 5.0);
    let up = stage.y_axis == YAxis::Up;
    let axes = if up { w(words::Y_UP) } else { w(words::Y_DOWN) }.to_string();
    let mut rows = vec![Legend::Bar { metres: bar, text: format!("{} {} m", w(words::SCALE_BAR), num(bar)), up, axes }];
    let used = |s: Scale| d.arrows.iter().any(|a| a.scale == s);
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
    if !d.ghosts.is_empty() {
        rows.push(Legend::Note(format!("- - - {}", w(words::AFTER))));
    }
    // The colour key, wrapped to the page's width.
    let mut items = Vec::new();
    let mut width = 0.0;
    for (color, what) in &d.keys {
        let item = 18.0 + text_width(what, FONT) + 16.0;
        if width + item > WIDTH - 2.0 * PAD && !items.is_empty() {
            rows.push(Legend::Key { items: std::mem::take(&mut items) });
            width = 0.0;
        }
        items.push((*color, what.clone()));
        width += item;
    }
    if !items.is_empty() {
        rows.push(Legend::Key { items });
    }
    rows
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
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
    }
}
