//! A phase's record read into a figure: which vectors, marks, lines and arcs
//! it shows, with their labels, and the scales they are drawn at.

use super::{Arc, Figure, Kind, Line, Mark, Outline, SWEEP, Scale, Scales, Text, Vector, nice, pic, vec_text};
use crate::engine::event::EventImpulse;
use crate::engine::{ActionKind, Body, BodyState, Phase, PhaseData, Work};
use crate::geometry::Shape;
use crate::lesson::Lang;
use crate::notation::{num_near, state_scale};
use crate::report::handout::words::{self, Word};
use crate::scene::YAxis;
use glam::DVec2;

/// What a figure is drawn from.
pub struct Input<'a> {
    pub bodies: &'a [Body],
    /// The states the phase started from, and those it left.
    pub before: &'a [BodyState],
    pub after: &'a [BodyState],
    /// What a student is given (the scene's start); with no phase, the
    /// velocities drawn are those still as given.
    pub given: &'a [BodyState],
    /// None: the set-up, the bodies at `before` with their given velocities.
    pub phase: Option<&'a Phase>,
    pub y_axis: YAxis,
    /// The scene's own window, if it has one.
    pub view: Option<(DVec2, DVec2)>,
    pub lang: Lang,
    /// Only what a student is given: no vector the phase worked out, no number it found.
    pub student: bool,
    /// A speed the scene itself has (see [`typical_speed`]): velocity arrows
    /// are fitted to it at least, so bodies at rest, whose velocities are
    /// round-off, get no long arrows.
    pub typical_speed: f64,
    /// Every arrow at 1 m per unit (m/s × 1 s, N·s as metres), not fitted.
    pub true_scale: bool,
    /// Name every body, or only the chosen one.
    pub all_names: bool,
    pub chosen: Option<usize>,
}

#[cfg(test)]
impl<'a> Input<'a> {
    /// The set-up picture of `bodies` at `states` (given, before and after
    /// alike), in English, y up, nothing chosen: where a test starts.
    pub fn set_up(bodies: &'a [Body], states: &'a [BodyState]) -> Input<'a> {
        Input {
            bodies,
            before: states,
            after: states,
            given: states,
            phase: None,
            y_axis: YAxis::Up,
            view: None,
            lang: Lang::En,
            student: false,
            typical_speed: 0.0,
            true_scale: false,
            all_names: false,
            chosen: None,
        }
    }
}

/// Above this many bodies (a crowd), only those of the phase are named and given arrows.
pub const MANY: usize = 40;

/// The speed a scene has of its own: the largest velocity it gives a body, or
/// what gravity adds in one step, whichever is larger.
pub fn typical_speed(given: &[BodyState], gravity: DVec2, dt: f64) -> f64 {
    let given = given.iter().map(|s| s.velocity.length()).filter(|v| v.is_finite()).fold(0.0, f64::max);
    let fall = (gravity * dt).length();
    if fall.is_finite() { given.max(fall) } else { given }
}

struct Builder<'a, 'i> {
    input: &'i Input<'a>,
    f: Figure,
}

impl Builder<'_, '_> {
    fn key(&mut self, kind: Kind, what: impl Into<String>) {
        let what = what.into();
        if !self.f.keys.iter().any(|(k, w)| *k == kind && *w == what) {
            self.f.keys.push((kind, what));
        }
    }

    fn word(&self, word: Word) -> String {
        word.get(self.input.lang).to_string()
    }

    fn push(&mut self, from: DVec2, value: DVec2, kind: Kind, scale: Scale, text: Text, dashed: bool) {
        let unit = scale.unit();
        if value.is_finite() && from.is_finite() && value != DVec2::ZERO {
            let middle = scale == Scale::Length && !dashed;
            self.f.vectors.push(Vector { from, value, kind, scale, unit, text, dashed, middle });
        }
    }

    fn arrow(&mut self, from: DVec2, value: DVec2, kind: Kind, scale: Scale, name: &str) {
        self.push(from, value, kind, scale, Text::vector(name, value, scale.unit()), false);
    }

    fn mark(&mut self, at: DVec2, kind: Kind, text: Text, ring: bool) {
        if at.is_finite() {
            self.f.marks.push(Mark { at, kind, text, ring });
        }
    }

    fn name(&self, i: usize) -> &str {
        self.input.bodies.get(i).map_or("?", |b| b.name.as_str())
    }

    fn crowd(&self) -> bool {
        self.input.bodies.len() > MANY
    }

    /// Which bodies are in focus, by place: a scene of thousands asks once a body.
    fn in_focus(&self) -> Vec<bool> {
        let mut mask = vec![false; self.input.bodies.len()];
        for &i in &self.f.focus {
            if let Some(m) = mask.get_mut(i) {
                *m = true;
            }
        }
        mask
    }
}

/// The figure of `input`'s phase.
pub fn figure(input: &Input) -> Figure {
    let n = input.bodies.len().min(input.before.len());
    let f = Figure {
        y_axis: input.y_axis,
        lang: input.lang,
        outlines: (0..n).map(|i| Outline { body: i, state: input.before[i], ghost: false }).collect(),
        vectors: Vec::new(),
        arcs: Vec::new(),
        marks: Vec::new(),
        lines: Vec::new(),
        names: Vec::new(),
        contact: None,
        scales: Scales { velocity: 1.0, impulse: 1.0, force: 1.0, unit: 1.0, shift: 1.0 },
        base: (DVec2::ZERO, DVec2::ZERO),
        window: (DVec2::ZERO, DVec2::ZERO),
        focus: Vec::new(),
        keys: Vec::new(),
        shapes: input.bodies.iter().map(|b| b.shape).collect(),
    };
    let mut b = Builder { input, f };
    let mut ghosts = Vec::new();
    match input.phase {
        Some(p) if !input.student => contents(&mut b, p, &mut ghosts),
        // The set-up, or a student's picture: the bodies and the velocities given.
        _ => {
            if let Some((x, y)) = input.phase.and_then(|p| p.pair) {
                b.f.focus = vec![x, y];
            }
            given_velocities(&mut b);
        }
    }
    for i in ghosts {
        // Where the phase moved a body: none moved it nowhere (a zero correction).
        let moved = |s: &&BodyState| i < n && (s.position != input.before[i].position || s.angle != input.before[i].angle);
        if let Some(s) = input.after.get(i).filter(moved) {
            b.f.outlines.push(Outline { body: i, state: *s, ghost: true });
        }
    }
    let (crowd, focus) = (b.crowd(), b.in_focus());
    for (i, &in_focus) in focus.iter().enumerate().take(n) {
        let chosen = input.chosen == Some(i);
        if (crowd && !in_focus && !chosen) || !(input.all_names || chosen) {
            continue;
        }
        let body = &input.bodies[i];
        b.f.names.push((i, body.name.clone(), input.before[i].position, body.shape.bounding_radius(), chosen));
    }
    let mut f = b.f;
    f.base = window(input, &f, None);
    let size = (f.base.1 - f.base.0).max_element();
    f.scales = if input.true_scale {
        Scales { unit: nice(0.2 * size), ..Scales::of(&f, size, 0.0, true) }
    } else {
        Scales::of(&f, size, input.typical_speed, false)
    };
    f.window = window(input, &f, Some(&f.scales));
    f
}

fn contents(b: &mut Builder, phase: &Phase, ghosts: &mut Vec<usize>) {
    let input = b.input;
    let lang = input.lang;
    if let Some((x, y)) = phase.pair {
        b.f.focus = vec![x, y];
    }
    b.f.focus.extend(phase.changes().iter().map(|c| c.body));
    let s = input.before;
    match &phase.data {
        PhaseData::Forces(r) => {
            for a in &r.acted {
                let push = match a.kind {
                    ActionKind::Force { force, .. } => Some((force, Scale::Force, Kind::Force, "F")),
                    ActionKind::Impulse { impulse, .. } => Some((impulse, Scale::Impulse, Kind::Impulse, "J")),
                    _ => None,
                };
                if let Some((f, scale, kind, label)) = push {
                    let at = a.centre + a.arm.unwrap_or(DVec2::ZERO);
                    if let Some(arm) = a.arm.filter(|r| *r != DVec2::ZERO) {
                        b.arrow(a.centre, arm, Kind::Arm, Scale::Length, "r");
                        b.key(Kind::Arm, b.word(words::ARM));
                    }
                    b.arrow(at, f, kind, scale, label);
                    let what = if scale == Scale::Force { b.word(words::FORCE) } else { b.word(words::IMPULSE) };
                    b.key(kind, what);
                }
            }
            velocity_change(b, phase);
            if !b.f.vectors.iter().any(|v| v.scale == Scale::Velocity) {
                velocities(b, input.after);
            }
        }
        PhaseData::Detect(r) => {
            let (pa, pb) = phase.pair.unwrap_or((0, 0));
            // The line of centres, for two circles or a pair not touching.
            let centres = Line {
                a: r.x_a,
                b: r.x_b,
                kind: Kind::Guide,
                dashed: true,
                text: Some(Text::plain(format!("{} {} m", lang.terms().name("distance"), pic(r.x_a.distance(r.x_b), 0.0)))),
            };
            let supports =
                |b: &mut Builder, faces: Vec<(usize, usize, Option<DVec2>)>, axis: Option<(usize, usize)>, owners: (usize, usize)| {
                    for (side, i, p) in faces {
                        let Some(p) = p else { continue };
                        let least = axis == Some((side, i));
                        let owner = b.name(if side == 0 { owners.0 } else { owners.1 }).to_string();
                        let face = format!("{owner} {} {i}", b.word(words::FACE));
                        let text = if least { format!("{face}: {}", b.word(words::LEAST)) } else { face };
                        b.mark(p, Kind::Mark, Text::plain(text), least);
                    }
                    let key = format!("{}; ○ {}", b.word(words::SUPPORT), b.word(words::LEAST));
                    b.key(Kind::Mark, key);
                };
            match &r.work {
                Work::BoxBox(report) => {
                    let faces = report
                        .faces
                        .iter()
                        .enumerate()
                        .flat_map(|(side, faces)| faces.iter().enumerate().map(move |(i, f)| (side, i, f.and_then(|f| f.support))))
                        .collect();
                    supports(b, faces, report.axis, (pa, pb));
                }
                Work::WallBox { report, wall_is_a } => {
                    let owners = if *wall_is_a { (pa, pb) } else { (pb, pa) };
                    let faces = report
                        .segment
                        .iter()
                        .chain(report.boxed.iter())
                        .enumerate()
                        .map(|(k, f)| if k < 2 { (0, k, f.and_then(|f| f.support)) } else { (1, k - 2, f.and_then(|f| f.support)) })
                        .collect();
                    supports(b, faces, report.axis, owners);
                }
                Work::BoxCircle { test, .. } => {
                    b.f.lines.push(Line { a: test.first, b: test.second, kind: Kind::Mark, dashed: false, text: None });
                    let mid = (test.first + test.second) / 2.0;
                    let text = Text::new(
                        format!("{} {} n {}", b.word(words::EDGE), test.edge, vec_text(test.normal)),
                        format!("{} {}", b.word(words::EDGE), test.edge),
                    );
                    b.push(mid, test.normal, Kind::Mark, Scale::Unit, text, false);
                }
                Work::WallCircle { test, .. } => {
                    let text = Text::new(format!("{} {}", b.word(words::NEAREST), vec_text(test.nearest)), b.word(words::NEAREST));
                    b.mark(test.nearest, Kind::Mark, text, false);
                    b.key(Kind::Mark, b.word(words::NEAREST));
                }
                Work::CircleCircle => b.f.lines.push(centres.clone()),
                Work::TwoWalls => {}
            }
            match r.info {
                Some(info) => {
                    if info.depth > 0.0 {
                        let text = Text::plain(format!("{} {} m", b.word(words::DEPTH), pic(info.depth, 0.0)));
                        b.f.lines.push(Line { a: info.start, b: info.end, kind: Kind::Shift, dashed: false, text: Some(text) });
                    }
                    let start = lang.terms().name("start");
                    b.mark(info.start, Kind::Point, Text::new(format!("{start} {} m", vec_text(info.start)), start), false);
                    b.arrow(info.start, info.normal, Kind::Normal, Scale::Unit, "n");
                    b.key(Kind::Normal, b.word(words::NORMAL));
                    if let Some(second) = r.second {
                        let text = Text::new(format!("{start}₂ {} m", vec_text(second.start)), format!("{start}₂"));
                        b.mark(second.start, Kind::Point, text, false);
                    }
                }
                None if !matches!(r.work, Work::CircleCircle) => b.f.lines.push(centres),
                None => {}
            }
        }
        PhaseData::Correct(c) => {
            if let Some((a, bb)) = phase.pair {
                let [da, db] = c.shifts();
                b.arrow(s[a].position, da, Kind::Shift, Scale::Shift, "Δx");
                b.arrow(s[bb].position, db, Kind::Shift, Scale::Shift, "Δx");
                b.key(Kind::Shift, b.word(words::CORRECTION));
                *ghosts = vec![a, bb];
            }
        }
        PhaseData::Resolve(r) => {
            let c = &r.contact;
            let (pa, pb) = phase.pair.unwrap_or((0, 0));
            b.f.contact = Some(c.p);
            b.mark(c.p, Kind::Point, Text::vector("p", c.p, "m"), false);
            b.key(Kind::Point, b.word(words::CONTACT_POINT));
            b.arrow(c.x[0], c.r[0], Kind::Arm, Scale::Length, "r_a");
            b.arrow(c.x[1], c.r[1], Kind::Arm, Scale::Length, "r_b");
            b.key(Kind::Arm, b.word(words::ARM));
            b.arrow(c.p, c.n, Kind::Normal, Scale::Unit, "n");
            b.key(Kind::Normal, b.word(words::NORMAL));
            if let Some((_, t, _)) = r.applied().filter(|(_, t, _)| *t != DVec2::ZERO) {
                b.arrow(c.p, t, Kind::Tangent, Scale::Unit, "t");
                b.key(Kind::Tangent, b.word(words::TANGENT));
            }
            b.arrow(c.p, c.v_rel, Kind::RelativeVelocity, Scale::Velocity, "v_rel");
            b.key(Kind::RelativeVelocity, b.word(words::RELATIVE_VELOCITY));
            if let Some(j) = r.impulse.as_ref().map(|i| i.j).or_else(|| r.applied().map(|(jn, t, jt)| jn * c.n + jt * t)) {
                let on_a = format!("J → {}", b.name(pa));
                b.push(c.p, j, Kind::Impulse, Scale::Impulse, Text::vector(&on_a, j, "N·s"), false);
                let on_b = Text::plain(format!("−J → {}", b.name(pb)));
                b.push(c.p, -j, Kind::Impulse, Scale::Impulse, on_b, false);
                b.key(Kind::Impulse, b.word(words::IMPULSE));
            }
            spin_change(b, phase, Some(c.p));
        }
        PhaseData::Warm(r) => {
            b.f.contact = Some(r.p);
            b.mark(r.p, Kind::Point, Text::vector("p", r.p, "m"), false);
            b.arrow(r.p, r.n, Kind::Normal, Scale::Unit, "n");
            let j = r.n * r.jn + r.t * r.jt;
            b.arrow(r.p, j, Kind::Impulse, Scale::Impulse, "J");
            b.key(Kind::Normal, b.word(words::NORMAL));
            b.key(Kind::Impulse, b.word(words::IMPULSE));
        }
        PhaseData::Integrate(r) | PhaseData::Move(r) => {
            *ghosts = r.changes.iter().map(|c| c.body).collect();
            b.f.focus.clear();
            velocities(b, input.before);
        }
        PhaseData::Broad(_) | PhaseData::Predict(_) | PhaseData::Event(_) => velocities(b, input.before),
        PhaseData::Touch(t) => {
            let text = Text::plain(format!("{} {} m", lang.terms().name("distance"), pic(t.x[0].distance(t.x[1]), 0.0)));
            b.f.lines.push(Line { a: t.x[0], b: t.x[1], kind: Kind::Guide, dashed: true, text: Some(text) });
            velocities(b, input.before);
        }
        PhaseData::WallTouch(t) => {
            b.arrow(t.x, t.dist, Kind::Mark, Scale::Length, "dist");
            b.key(Kind::Mark, b.word(words::DIST));
            velocities(b, input.before);
        }
        PhaseData::PairReposition(r) => {
            if let Some((a, bb)) = phase.pair {
                b.arrow(r.x[0], r.shift[0], Kind::Shift, Scale::Shift, "Δx");
                b.arrow(r.x[1], r.shift[1], Kind::Shift, Scale::Shift, "Δx");
                b.key(Kind::Shift, b.word(words::SHIFT_SCALE));
                *ghosts = vec![a, bb];
            }
        }
        PhaseData::WallReposition(r) => {
            b.arrow(r.x, -r.displ, Kind::Shift, Scale::Shift, "−displ");
            b.key(Kind::Shift, b.word(words::SHIFT_SCALE));
            b.arrow(r.x, r.n, Kind::Normal, Scale::Unit, "n");
            b.key(Kind::Normal, b.word(words::NORMAL));
            *ghosts = vec![r.changes[0].body];
        }
        PhaseData::WallBounce(r) => {
            let at = s[r.changes[0].body].position;
            b.arrow(at, r.wall_normal, Kind::Normal, Scale::Unit, "N");
            b.key(Kind::Normal, b.word(words::NORMAL));
            b.push(at, r.normal, Kind::Normal, Scale::Velocity, Text::vector("v_n", r.normal, "m/s"), true);
            b.push(at, r.tangent, Kind::Tangent, Scale::Velocity, Text::vector("v_t", r.tangent, "m/s"), true);
            b.key(Kind::Tangent, b.word(words::TANGENT));
            velocity_change(b, phase);
        }
        PhaseData::Endpoint(r) => {
            b.mark(r.end, Kind::Mark, Text::vector("end", r.end, "m"), false);
            b.arrow(r.x, r.n, Kind::Normal, Scale::Unit, "n");
            b.key(Kind::Normal, b.word(words::NORMAL));
            velocity_change(b, phase);
        }
        PhaseData::PairBounce(r) => {
            if let Some((a, _)) = phase.pair {
                b.arrow(s[a].position, r.n, Kind::Normal, Scale::Unit, "n");
                b.key(Kind::Normal, b.word(words::NORMAL));
            }
            velocity_change(b, phase);
        }
        PhaseData::VelocityCorrection(_) => velocity_change(b, phase),
        PhaseData::EventBounce(r) => {
            match r.how {
                EventImpulse::Discs { x, f, .. } => {
                    b.arrow(x[0], f, Kind::Impulse, Scale::Impulse, "J");
                    b.key(Kind::Impulse, b.word(words::IMPULSE));
                }
                EventImpulse::Face { n, .. } => {
                    if let Some(c) = r.changes.first() {
                        b.arrow(s[c.body].position, n, Kind::Normal, Scale::Unit, "n");
                        b.key(Kind::Normal, b.word(words::NORMAL));
                    }
                }
            }
            velocity_change(b, phase);
        }
    }
}

/// The bodies' velocities at `states`, labelled with the body's name. In a crowd, only the focus.
fn velocities(b: &mut Builder, states: &[BodyState]) {
    let (crowd, focus) = (b.crowd(), b.in_focus());
    for (i, (body, st)) in b.input.bodies.iter().zip(states).enumerate() {
        if body.is_static() || (crowd && !focus[i]) {
            continue;
        }
        let text = Text::vector(named("v", &body.name), st.velocity, "m/s");
        b.push(st.position, st.velocity, Kind::Velocity, Scale::Velocity, text, false);
    }
    if b.f.vectors.iter().any(|v| v.scale == Scale::Velocity) {
        b.key(Kind::Velocity, b.word(words::VELOCITY));
    }
}

/// The set-up or a student's picture: each velocity the scene gives (as it
/// was at the start), with its numbers; a velocity some phase has changed is
/// a result, not drawn. (A correction that moved a body changed no velocity:
/// its given velocity is still drawn, where the body now is.)
fn given_velocities(b: &mut Builder) {
    let input = b.input;
    let (crowd, focus) = (b.crowd(), b.in_focus());
    for (i, (body, st)) in input.bodies.iter().zip(input.before).enumerate() {
        let given = input.given.get(i).is_some_and(|g| g.velocity == st.velocity);
        if body.is_static() || !given || (crowd && !focus[i]) {
            continue;
        }
        let text = Text::vector(named("v", &body.name), st.velocity, "m/s");
        b.push(st.position, st.velocity, Kind::Velocity, Scale::Velocity, text, false);
        let given_spin = input.given.get(i).is_some_and(|g| g.angular_velocity == st.angular_velocity);
        if given_spin && st.angular_velocity != 0.0 {
            let text = spin_text("ω", &body.name, st.angular_velocity, 0.0);
            spin(b, body, st, 0.6, text, false, None);
        }
    }
    if !b.f.vectors.is_empty() {
        b.key(Kind::Velocity, b.word(words::VELOCITY));
    }
}

/// A vector's or a spin's name: what it is, then whose ("v d7"). Written for
/// every body of a crowd, so put together without the formatting machinery.
fn named(what: &str, body: &str) -> String {
    [what, " ", body].concat()
}

fn spin_text(name: &str, body: &str, omega: f64, scale: f64) -> Text {
    Text::new(format!("{name} {body} {} rad/s", pic(omega, scale)), named(name, body))
}

/// The velocities a phase changed: before (dashed) and after (solid), for the
/// bodies it changed; the others' velocities are not drawn.
fn velocity_change(b: &mut Builder, phase: &Phase) {
    let input = b.input;
    let mut any = false;
    // Two arrows a body: a crowd's forces change thousands.
    b.f.vectors.reserve(2 * phase.changes().len());
    for c in phase.changes() {
        let (before, after) = (&input.before[c.body], &c.after);
        let Some(body) = input.bodies.get(c.body) else { continue };
        if before.velocity == after.velocity {
            continue;
        }
        let text = Text::vector(named("v", &body.name), before.velocity, "m/s");
        b.push(before.position, before.velocity, Kind::Velocity, Scale::Velocity, text, true);
        let text = Text::vector(named("v'", &body.name), after.velocity, "m/s");
        b.push(after.position, after.velocity, Kind::Velocity, Scale::Velocity, text, false);
        any = true;
    }
    spin_change(b, phase, None);
    if any {
        let key = format!("{} / {}", b.word(words::BEFORE_V), b.word(words::AFTER_V));
        b.key(Kind::Velocity, key);
    }
}

/// The spins a phase changed: before (dashed, inside) and after (solid).
/// With `away`, the arcs sit on the side of each body away from that point (the contact).
fn spin_change(b: &mut Builder, phase: &Phase, away: Option<DVec2>) {
    let input = b.input;
    for c in phase.changes() {
        let (before, after) = (&input.before[c.body], &c.after);
        let Some(body) = input.bodies.get(c.body) else { continue };
        // Round-off in ω (1e-15 after a smooth ball's impulse) is no change of spin.
        let scale = state_scale(before).max(state_scale(after));
        // A spin the phase left exactly as it was is no change; only one it moved
        // is written out to compare (a crowd's forces touch thousands).
        let same = before.angular_velocity == after.angular_velocity;
        if !same && num_near(before.angular_velocity, scale) != num_near(after.angular_velocity, scale) {
            let facing = away.map(|p| (before.position - p).to_angle());
            spin(b, body, before, 0.45, spin_text("ω", &body.name, before.angular_velocity, scale), true, facing);
            spin(b, body, after, 0.7, spin_text("ω'", &body.name, after.angular_velocity, scale), false, facing);
        }
    }
}

/// An arc around `body` at `share` of its size, turning as `state`'s ω.
/// The arc is centred on the angle `facing` when given, else starts a quarter turn past the radius line.
fn spin(b: &mut Builder, body: &Body, state: &BodyState, share: f64, text: Text, dashed: bool, facing: Option<f64>) {
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
        b.f.arcs.push(Arc { centre: state.position, radius, start, omega: state.angular_velocity, text, dashed });
    }
}

impl Scales {
    /// Scales fitted to a window `size` wide: the longest of each kind of
    /// arrow about a quarter of it, at a round scale; velocities fitted to
    /// `typical` at least.
    ///
    /// A field of more than [`MANY`] arrows of a kind (a crowd's forces, say)
    /// is fitted like a quiver plot instead: the longest as long as the room
    /// each arrow has, √(area / count). Quarter-window arrows from thousands
    /// of bodies would cover the picture many times over, hiding the bodies
    /// and costing a drawing in proportion; arrows that keep to their own
    /// room show the field, and together cover about the picture once.
    fn of(f: &Figure, size: f64, typical: f64, true_scale: bool) -> Scales {
        if true_scale {
            return Scales { velocity: 1.0, impulse: 1.0, force: 1.0, unit: 1.0, shift: 1.0 };
        }
        let of_scale = |s: Scale| f.vectors.iter().filter(move |v| v.scale == s);
        let largest = |s: Scale| of_scale(s).map(|v| v.value.length()).filter(|x| x.is_finite()).fold(0.0, f64::max);
        let extent = (f.base.1 - f.base.0).max(DVec2::ZERO);
        let room = |s: Scale| match of_scale(s).count() {
            count if count > MANY => (extent.x * extent.y / count as f64).sqrt().min(0.25 * size),
            _ => 0.25 * size,
        };
        let fit = |s: Scale, big: f64| if big > 0.0 { nice(room(s) / big) } else { 1.0 };
        let shift_big = largest(Scale::Shift);
        // A displacement shorter than 3 % of the window is magnified by a power of ten.
        let shift = if shift_big > 0.0 && shift_big < 0.03 * size { 10f64.powf((0.12 * size / shift_big).log10().floor()) } else { 1.0 };
        let typical = if typical.is_finite() { typical } else { 0.0 };
        Scales {
            velocity: fit(Scale::Velocity, largest(Scale::Velocity).max(typical)),
            impulse: fit(Scale::Impulse, largest(Scale::Impulse)),
            force: fit(Scale::Force, largest(Scale::Force)),
            unit: nice(0.2 * size),
            shift,
        }
    }
}

/// The world window: the scene's view, or the bodies with a margin; widened
/// to take in every mark, and with `scales` every arrow.
fn window(input: &Input, f: &Figure, scales: Option<&Scales>) -> (DVec2, DVec2) {
    let (mut lo, mut hi) = (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY));
    let mut take = |p: DVec2, r: f64| {
        if p.is_finite() && r.is_finite() {
            lo = lo.min(p - r);
            hi = hi.max(p + r);
        }
    };
    match input.view {
        Some((a, b)) => {
            take(a, 0.0);
            take(b, 0.0);
        }
        None => {
            for (b, s) in input.bodies.iter().zip(input.before.iter().chain(input.after)) {
                take(s.position, b.shape.bounding_radius());
            }
            for (b, s) in input.bodies.iter().zip(input.after) {
                take(s.position, b.shape.bounding_radius());
            }
        }
    }
    for m in &f.marks {
        take(m.at, 0.0);
    }
    if let Some(scales) = scales {
        for v in &f.vectors {
            take(v.from + scales.length(v), 0.0);
        }
    }
    if !lo.is_finite() || !hi.is_finite() {
        return (DVec2::splat(-10.0), DVec2::splat(10.0));
    }
    let size = (hi - lo).max_element().max(1e-3);
    // A margin, more when there is no view to say where the picture ends.
    let margin = if input.view.is_some() && scales.is_none() { 0.0 } else { size * 0.06 };
    (lo - margin, hi + margin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crowds_arrows_keep_to_the_room_each_body_has() {
        // side × side discs on a grid 2 m apart, each with an arrow of (3, 4) m/s.
        let arrows = |side: usize| {
            let def = crate::engine::BodyDef::dynamic("d", Shape::Circle { radius: 0.5 }, 1.0);
            let bodies = vec![def.parts().0.clone(); side * side];
            let at = |k: usize| DVec2::new((k % side) as f64, (k / side) as f64) * 2.0;
            let states: Vec<BodyState> =
                (0..side * side).map(|k| BodyState { position: at(k), angle: 0.0, velocity: DVec2::ZERO, angular_velocity: 0.0 }).collect();
            let input = Input::set_up(&bodies, &states);
            let mut f = figure(&input);
            let v = DVec2::new(3.0, 4.0);
            f.vectors = (0..side * side)
                .map(|k| Vector {
                    from: at(k),
                    value: v,
                    kind: Kind::Velocity,
                    scale: Scale::Velocity,
                    unit: "m/s",
                    text: Text::plain("v"),
                    dashed: false,
                    middle: false,
                })
                .collect();
            let extent = f.base.1 - f.base.0;
            let scales = Scales::of(&f, extent.max_element(), 0.0, false);
            (scales.velocity * 5.0, extent)
        };
        // Four arrows: the longest about a quarter of the picture (at a round scale, down to 2.5 times shorter).
        let (few, extent) = arrows(2);
        assert!(few > 0.1 * extent.max_element() && few <= 0.25 * extent.max_element(), "{few} in {extent}");
        // 2,500 arrows: no longer than the room each has, √(area / 2,500), and not 2.5 times shorter.
        let (crowd, extent) = arrows(50);
        let room = (extent.x * extent.y / 2500.0).sqrt();
        assert!(crowd <= room && crowd > room / 2.5, "{crowd} against a room of {room}");
    }
}
