//! Checks a parsed file against what the physics can use, collecting every
//! problem with its place in the file and what to write instead. A body is
//! checked on its own too, so the TUI's field editor gives the same messages.

use super::Scene;
use super::error::Document;
use super::error::{self, Problem, SceneError, Seg};
use super::file::{BodyEntry, SceneFile, ShapeName, SolverSection, WallEntry, WorldSection};
use super::limits::{self, Limit};
use crate::engine::{Action, ActionKind, Body, BodyDef, Method, Settings, World};
use crate::geometry::{Shape, collide};
use glam::DVec2;
use std::collections::HashMap;

/// Overlaps shallower than this count as touching, as the lessons start.
const OVERLAP_WARNING: f64 = 1e-9;

/// How many problems of one kind (overlapping pairs, reused names) are shown;
/// the rest are counted in one last line, so a file of 300 coincident bodies
/// gives a screenful, not 44,850 warnings.
const SHOWN_OF_A_KIND: usize = 10;

pub(super) fn scene(mut raw: SceneFile, file: &str, source: &str) -> Result<Scene, SceneError> {
    let mut v = Problems::default();
    let doc = Document::parse(source);
    settings_problems(&mut v, &raw.world, &raw.solver);
    let (copies, pattern_problems) = super::pattern::expand(&raw);
    for (path, message, help) in pattern_problems {
        v.bad(&path, &message, &help);
    }
    raw.written_at = (0..raw.body.len()).map(|i| vec![Seg::Key("body"), Seg::Index(i)]).collect();
    for copy in copies {
        raw.written_at.push(copy.from);
        raw.body.push(copy.body);
    }
    let mut bodies = Vec::new();
    let mut first_named: HashMap<&str, Vec<Seg>> = HashMap::new();
    let mut reused = 0;
    let names = raw.body.iter().zip(&raw.written_at).map(|(b, at)| (b.name.as_str(), at.clone()));
    let names = names.chain(raw.wall.iter().enumerate().map(|(i, w)| (w.name.as_str(), vec![Seg::Key("wall"), Seg::Index(i)])));
    for (i, b) in raw.body.iter().enumerate() {
        match body(b) {
            Ok(body) => bodies.push(body),
            Err(problems) => {
                for p in problems {
                    v.bad(&body_key(&raw, i, p.key), &p.message, &p.help);
                }
            }
        }
    }
    for (i, w) in raw.wall.iter().enumerate() {
        match wall(w) {
            Ok(wall) => bodies.push(wall),
            Err(problems) => {
                for p in problems {
                    v.bad(&[Seg::Key("wall"), Seg::Index(i), Seg::Key(p.key)], &p.message, &p.help);
                }
            }
        }
    }
    for (name, place) in names {
        let first = first_named.entry(name).or_insert_with(|| place.to_vec());
        if first[..] == place[..] {
            continue;
        }
        reused += 1;
        if reused > SHOWN_OF_A_KIND {
            continue;
        }
        let line = doc.span_of(&[first.clone(), vec![Seg::Key("name")]].concat()).map(|r| error::line_col(source, r.start).0);
        let help = match line {
            Some(l) => format!("the first \"{name}\" is on line {l}; give each body and wall its own name"),
            None => "give each body and wall its own name".to_string(),
        };
        let kind = |at: &[Seg]| if at.first() == Some(&Seg::Key("wall")) { "wall" } else { "body" };
        v.bad(&[&place[..], &[Seg::Key("name")]].concat(), &named_twice(kind(first), kind(&place), name), &help);
    }
    if reused > SHOWN_OF_A_KIND {
        let more = reused - SHOWN_OF_A_KIND;
        v.bad(
            &[Seg::Key("body")],
            &format!("… and {} more bodies named as an earlier one", thousands(more)),
            "give each body and wall its own name",
        );
    }
    method_problems(&mut v, &raw, &bodies);
    let actions: Vec<Action> = raw.action.iter().enumerate().filter_map(|(i, a)| action(&mut v, i, a, &bodies)).collect();
    if !v.0.is_empty() {
        return Err(SceneError::new(file, source, v.located(&doc)));
    }
    let (w, s) = (&raw.world, &raw.solver);
    let settings = settings_of(w, s);
    let overlapping = overlaps(&bodies);
    let mut warnings: Vec<Problem> = overlapping
        .iter()
        .take(SHOWN_OF_A_KIND)
        .map(|&(a, b, depth)| {
            let message = format!(
                "\"{}\" and \"{}\" overlap by {} m at the start",
                bodies[a].body.name,
                bodies[b].body.name,
                crate::notation::num(depth)
            );
            let help = "the first frame pushes them apart; move one if they should only touch".to_string();
            let problem = Problem { warning: true, ..Problem::error(message, "overlaps an earlier body", Some(help)) };
            doc.locate(&entry_key(&raw, b, "position"), problem)
        })
        .collect();
    if let Some(more) = overlapping.len().checked_sub(SHOWN_OF_A_KIND).filter(|&n| n > 0) {
        let message = format!("… and {} more overlapping pairs", thousands(more));
        let help = "the first frame pushes them apart; spread the bodies out if they should only touch".to_string();
        let problem = Problem { warning: true, ..Problem::error(message, "", Some(help)) };
        warnings.push(problem);
    }
    let uncapped = s.friction == crate::engine::Friction::Coulomb && !s.coulomb_cap;
    for (i, b) in bodies.iter().enumerate().filter(|(_, b)| uncapped && b.body.friction > limits::FRICTION_UNCAPPED) {
        let message = format!(
            "friction {} above 1 without coulomb_cap: jt = μ·jn can reverse the sliding and add energy",
            crate::notation::num(b.body.friction)
        );
        let help = "write coulomb_cap = true in [solver], or a friction of at most 1".to_string();
        let problem = Problem { warning: true, ..Problem::error(message, "can add energy", Some(help)) };
        warnings.push(doc.locate(&body_key(&raw, i, "friction"), problem));
    }
    let mut world = World::new(bodies, DVec2::from(w.gravity));
    world.actions = actions;
    Ok(Scene {
        world,
        settings,
        y_axis: w.y_axis,
        view: w.view.map(|[lo, hi]| (DVec2::from(lo), DVec2::from(hi))),
        warnings,
        origin: None,
        file: file.to_string(),
        source: source.to_string(),
    })
}

/// The `[world]` and `[solver]` tables on their own: each number in its
/// range, and the settings that rule each other out.
fn settings_problems(v: &mut Problems, w: &WorldSection, s: &SolverSection) {
    v.limit(
        &[Seg::Key("world"), Seg::Key("gravity")],
        "each number of gravity",
        &w.gravity,
        &limits::GRAVITY,
        "write e.g. gravity = [0.0, -9.8]",
    );
    v.limit(&[Seg::Key("world"), Seg::Key("dt")], "dt", &[w.dt], &limits::DT, "write e.g. dt = 0.016666666666666666 (1/60 s)");
    if let Some([lo, hi]) = w.view {
        let path = [Seg::Key("world"), Seg::Key("view")];
        let corners = [lo[0], lo[1], hi[0], hi[1]];
        if v.limit(&path, "each number of view", &corners, &limits::COORDINATE, "write view = [[xmin, ymin], [xmax, ymax]]")
            && !(lo[0] < hi[0] && lo[1] < hi[1])
        {
            v.bad(&path, "the view's first corner must be below and left of its second", "write view = [[xmin, ymin], [xmax, ymax]]");
        }
    }
    if !(1..=1000).contains(&s.relaxation_iterations) {
        v.bad(
            &[Seg::Key("solver"), Seg::Key("relaxation_iterations")],
            "relaxation_iterations must be from 1 to 1000",
            "write relaxation_iterations = 15, as the texts do",
        );
    }
    if !(s.correction_rate.is_finite() && s.correction_rate > 0.0 && s.correction_rate <= 1.0) {
        v.bad(
            &[Seg::Key("solver"), Seg::Key("correction_rate")],
            "correction_rate must be above 0 and at most 1",
            "the game-engine book (Build Your Own 2D Game Engine) uses correction_rate = 0.8 (80 % of the overlap removed each pass)",
        );
    }
    v.limit(
        &[Seg::Key("solver"), Seg::Key("restitution_threshold")],
        "restitution_threshold",
        &[s.restitution_threshold],
        &limits::RESTITUTION_THRESHOLD,
        "write e.g. restitution_threshold = 0.5 (m/s), or 0 to bounce at every speed as the texts do",
    );
    v.limit(
        &[Seg::Key("solver"), Seg::Key("slop")],
        "slop",
        &[s.slop],
        &limits::SLOP,
        "write e.g. slop = 0.01 (m), or 0 to correct every overlap as the texts do",
    );
    // Summed impulses keep friction's sum inside Coulomb's cone along n⊥, so
    // the texts' other friction and tangents would be silently ignored.
    if s.warm_start && s.friction == crate::engine::Friction::VelocityRatio {
        v.bad(
            &[Seg::Key("solver"), Seg::Key("friction")],
            "friction = \"velocity-ratio\" has no say with warm_start = true: summed friction stays inside Coulomb's cone",
            "write friction = \"coulomb\" (or \"none\"), or warm_start = false",
        );
    }
    if s.warm_start && s.tangent != crate::engine::Tangent::Projected {
        v.bad(
            &[Seg::Key("solver"), Seg::Key("tangent")],
            &format!(
                "tangent = \"{}\" has no say with warm_start = true: summed friction acts along n⊥ with either sign",
                s.tangent.name()
            ),
            "write tangent = \"projected\", or warm_start = false to see the texts' tangents",
        );
    }
}

/// What a method cannot take of the scene's bodies and actions (`bodies`:
/// those checked, in the world's order: the file's bodies, then its walls).
fn method_problems(v: &mut Problems, raw: &SceneFile, bodies: &[BodyDef]) {
    if raw.solver.method == Method::Reposition {
        reposition_only(v, raw, bodies);
    }
    if raw.solver.method == Method::EventDriven {
        event_driven_only(v, raw, bodies, DVec2::from(raw.world.gravity));
    }
}

/// The settings a checked file gives the step (motion on: it is no key of a file).
fn settings_of(w: &WorldSection, s: &SolverSection) -> Settings {
    Settings {
        dt: w.dt,
        relaxation_iterations: s.relaxation_iterations as usize,
        correction_rate: s.correction_rate,
        position_correction: s.position_correction,
        friction: s.friction,
        tangent: s.tangent,
        coulomb_cap: s.coulomb_cap,
        restitution_threshold: s.restitution_threshold,
        slop: s.slop,
        contact: s.contact,
        integrator: s.integrator,
        warm_start: s.warm_start,
        motion: true,
        method: s.method,
        side_tracking: s.side_tracking,
        velocity_correction: s.velocity_correction,
    }
}

/// A scene's world and solver tables checked as a file's are, with what the
/// method cannot take of its bodies and actions (`bodies`: those of `raw`,
/// checked, in the world's order), so the settings editor gives the file's
/// messages: the settings, or every problem at its key path.
pub fn settings(raw: &SceneFile, bodies: &[BodyDef]) -> Result<Settings, Vec<(Vec<Seg>, BodyProblem)>> {
    let mut v = Problems::default();
    settings_problems(&mut v, &raw.world, &raw.solver);
    method_problems(&mut v, raw, bodies);
    if v.0.is_empty() { Ok(settings_of(&raw.world, &raw.solver)) } else { Err(v.0) }
}

/// Where the `i`th body of the world is written: the file's bodies come
/// first, its walls after them; `key` of it (`position` stands for a wall's `from`).
/// Where key `key` of the world's body `i` is written: in its `[[body]]`, the
/// pattern that made it, or its `[[wall]]`.
fn entry_key(raw: &SceneFile, i: usize, key: &'static str) -> Vec<Seg> {
    match i.checked_sub(raw.body.len()) {
        None => body_key(raw, i, key),
        Some(w) => vec![Seg::Key("wall"), Seg::Index(w), Seg::Key(if key == "position" { "from" } else { key })],
    }
}

/// Where key `key` of `[[body]]` entry `i` (or the pattern that made it) is written.
fn body_key(raw: &SceneFile, i: usize, key: &'static str) -> Vec<Seg> {
    let at = raw.written_at.get(i).cloned().unwrap_or_else(|| vec![Seg::Key("body"), Seg::Index(i)]);
    [at, vec![Seg::Key(key)]].concat()
}

/// Dobre & Ramtal's method moves balls without turning them and knows circles and
/// walls only (a static box is its four faces): what it cannot take is
/// refused, naming the method.
fn reposition_only(v: &mut Problems, raw: &SceneFile, bodies: &[BodyDef]) {
    let method = "method = \"reposition\" (after Dobre & Ramtal)";
    let help = "write method = \"relaxation\" in [solver] for boxes and spin, or make the body a circle";
    for (i, b) in raw.body.iter().enumerate() {
        let at = |key| body_key(raw, i, key);
        if b.shape == ShapeName::Box && !b.is_static {
            let message = format!("\"{}\" is a moving box: {method} moves circles only (a static box is four walls)", b.name);
            v.bad(&at("shape"), &message, help);
        } else if b.angular_velocity != 0.0 {
            v.bad(&at("angular_velocity"), &format!("{method} does not turn bodies: \"{}\" cannot spin", b.name), help);
        }
    }
    for (i, a) in raw.action.iter().enumerate() {
        let turns = a.torque.is_some() || a.angular_impulse.is_some() || (a.at.is_some() && bodies.iter().any(|b| b.body.name == a.body));
        if turns {
            let key = if a.torque.is_some() {
                "torque"
            } else if a.angular_impulse.is_some() {
                "angular_impulse"
            } else {
                "at"
            };
            v.bad(
                &[Seg::Key("action"), Seg::Index(i), Seg::Key(key)],
                &format!("{method} does not turn bodies: a torque, an angular impulse or a point off the centre has no effect"),
                "leave it out, or write method = \"relaxation\" in [solver]",
            );
        }
    }
}

/// Sedgewick & Wayne's method predicts straight paths between hits of discs and walls
/// that never overlap: what it cannot take is refused, saying why.
fn event_driven_only(v: &mut Problems, raw: &SceneFile, bodies: &[BodyDef], gravity: DVec2) {
    let method = "method = \"event-driven\" (after Sedgewick & Wayne)";
    let other = "or write method = \"relaxation\" in [solver]";
    if gravity != DVec2::ZERO {
        v.bad(
            &[Seg::Key("world"), Seg::Key("gravity")],
            &format!("{method} predicts straight paths between hits: gravity would bend them"),
            &format!("write gravity = [0.0, 0.0] in [world], {other}"),
        );
    }
    for (i, b) in raw.body.iter().enumerate().filter(|(_, b)| b.shape == ShapeName::Box) {
        v.bad(
            &body_key(raw, i, "shape"),
            &format!("\"{}\" is a box: {method} knows discs and walls only", b.name),
            &format!("make it a circle, put [[wall]]s where its faces are, {other}"),
        );
    }
    for (i, a) in raw.action.iter().enumerate() {
        let key = if a.force.is_some() {
            "force"
        } else if a.torque.is_some() {
            "torque"
        } else {
            continue;
        };
        v.bad(
            &[Seg::Key("action"), Seg::Index(i), Seg::Key(key)],
            &format!("{method} predicts straight paths between hits: a {key} acting over time would bend them"),
            &format!("give an impulse or a velocity instead, {other}"),
        );
    }
    // A hit is predicted before it happens; an overlap there is nothing to undo it.
    for &(i, j, depth) in overlaps(bodies).iter().take(SHOWN_OF_A_KIND) {
        let (a, b) = (&bodies[i].body.name, &bodies[j].body.name);
        let depth = crate::notation::num(depth);
        v.bad(
            &entry_key(raw, j, "position"),
            &format!("\"{a}\" and \"{b}\" overlap by {depth} m at the start: {method} needs bodies apart, or just touching"),
            "move one of them: the method predicts each hit before it happens and has no way to undo an overlap",
        );
    }
}

/// The last frame an action may start in or last to: as far as `impulse run --frames` goes.
pub const LAST_ACTION_FRAME: i64 = 10_000_000;

/// One `[[action]]`, checked against the bodies (`None` after a problem).
fn action(v: &mut Problems, i: usize, a: &super::file::ActionEntry, bodies: &[BodyDef]) -> Option<Action> {
    let at = |key: &'static str| [Seg::Key("action"), Seg::Index(i), Seg::Key(key)];
    let before = v.0.len();
    let body = bodies.iter().position(|b| b.body.name == a.body);
    match body {
        None => {
            let names: Vec<&str> = bodies.iter().map(|b| b.body.name.as_str()).collect();
            let help = match error::nearest(&a.body, &names) {
                Some(n) => format!("did you mean \"{n}\"? The bodies are {}", names.join(", ")),
                None => format!("the bodies are {}", names.join(", ")),
            };
            v.bad(&at("body"), &format!("no body is named \"{}\"", a.body), &help);
        }
        Some(b) if bodies[b].body.is_static() => {
            v.bad(&at("body"), &format!("\"{}\" is static: nothing moves it", a.body), "act on a body with a mass");
        }
        Some(_) => {}
    }
    if !(0..=LAST_ACTION_FRAME).contains(&a.frame) {
        v.bad(&at("frame"), &format!("frame must be from 0 to {LAST_ACTION_FRAME}"), "write frame = 0 for the first frame");
    }
    let kinds = [("force", a.force.is_some()), ("torque", a.torque.is_some()), ("impulse", a.impulse.is_some())]
        .into_iter()
        .chain([("angular_impulse", a.angular_impulse.is_some()), ("velocity", a.velocity.is_some())])
        .filter(|k| k.1)
        .map(|k| k.0)
        .collect::<Vec<_>>();
    let help = "write exactly one of force = [Fx, Fy], torque = τ, impulse = [Jx, Jy], angular_impulse = L, velocity = [vx, vy]";
    match kinds.as_slice() {
        [] => v.bad(&[Seg::Key("action"), Seg::Index(i)], "an action needs a kind", help),
        [_] => {}
        [_, second, ..] => {
            v.bad(&at(second), &format!("an action has one kind; this one gives {}: {}", kinds.len(), kinds.join(" and ")), help)
        }
    }
    let force = [a.force.unwrap_or_default().as_slice(), a.torque.as_slice()].concat();
    let impulse = [a.impulse.unwrap_or_default().as_slice(), a.angular_impulse.as_slice()].concat();
    let help = "write a smaller number";
    for (key, what, xs, limit) in [
        ("force", "each number of a force or torque", force, &limits::FORCE),
        ("impulse", "each number of an impulse or angular impulse", impulse, &limits::IMPULSE),
        ("velocity", "each number of velocity", a.velocity.unwrap_or_default().to_vec(), &limits::SPEED),
        ("at", "each number of at", a.at.unwrap_or_default().to_vec(), &limits::COORDINATE),
    ] {
        let key = match key {
            "force" if a.force.is_none() => "torque",
            "impulse" if a.impulse.is_none() => "angular_impulse",
            k => k,
        };
        v.limit(&at(key), what, &xs, limit, help);
    }
    if a.at.is_some() && a.force.is_none() && a.impulse.is_none() {
        v.bad(&at("at"), "`at` is the point a force or an impulse acts through", "leave it out, or give a force or an impulse");
    }
    if let Some(n) = a.frames {
        if a.force.is_none() && a.torque.is_none() {
            v.bad(&at("frames"), "only a force or a torque lasts for frames", "leave `frames` out: the others act once");
        } else if !(1..=LAST_ACTION_FRAME).contains(&n) {
            v.bad(&at("frames"), &format!("frames must be from 1 to {LAST_ACTION_FRAME}"), "write frames = 1 for one frame");
        }
    }
    if v.0.len() > before {
        return None;
    }
    let frames = a.frames.unwrap_or(1) as u64;
    let point = a.at.map(DVec2::from);
    let kind = match (a.force, a.torque, a.impulse, a.angular_impulse, a.velocity) {
        (Some(f), ..) => ActionKind::Force { force: DVec2::from(f), at: point, frames },
        (_, Some(t), ..) => ActionKind::Torque { torque: t, frames },
        (_, _, Some(j), ..) => ActionKind::Impulse { impulse: DVec2::from(j), at: point },
        (_, _, _, Some(l), _) => ActionKind::AngularImpulse(l),
        (.., Some(vel)) => ActionKind::Velocity(DVec2::from(vel)),
        _ => return None,
    };
    Some(Action { frame: a.frame as u64, body: body?, kind })
}

/// Pairs that overlap (more than touching), with the depth, in the order of a
/// loop over every pair (i, j), i < j, by j then i: the messages name the same
/// first pairs whatever the number of bodies.
///
/// Only pairs whose boxes (axis-aligned) meet can overlap, and a sweep finds
/// those in about the time of a sort: a file of 100,000 bodies loads in
/// seconds, where testing every pair would take minutes.
fn overlaps(bodies: &[BodyDef]) -> Vec<(usize, usize, f64)> {
    let poses: Vec<_> = bodies.iter().map(|b| b.motion.pose()).collect();
    // Widened by the depth that counts, so a box rounded a hair small never hides one.
    let bounds: Vec<(DVec2, DVec2)> = bodies
        .iter()
        .zip(&poses)
        .map(|(b, pose)| {
            let half = b.body.shape.half_extent(pose.angle) + DVec2::splat(OVERLAP_WARNING);
            (pose.position - half, pose.position + half)
        })
        .collect();
    let mut near = boxes_that_meet(&bounds);
    near.retain(|&(i, j)| !(bodies[i].body.is_static() && bodies[j].body.is_static()));
    near.sort_unstable_by_key(|&(i, j)| (j, i));
    near.into_iter()
        .filter_map(|(i, j)| {
            let (a, b) = (&bodies[i].body, &bodies[j].body);
            let info = collide(&a.shape, poses[i], &b.shape, poses[j], None).info?;
            (info.depth > OVERLAP_WARNING).then_some((i, j, info.depth))
        })
        .collect()
}

/// One coordinate of a point.
type Axis = fn(DVec2) -> f64;

/// The pairs (i, j), i < j, of boxes (lower-left, upper-right corners) that
/// meet, edges touching included. Sort and sweep along the axis the boxes'
/// centres spread over most, so a scene laid out in a tall column costs no
/// more than one laid out in a wide row.
fn boxes_that_meet(bounds: &[(DVec2, DVec2)]) -> Vec<(usize, usize)> {
    let spread = |axis: Axis| {
        let centres = bounds.iter().map(|&(lo, hi)| axis(lo + hi));
        let (min, max) = centres.fold((f64::INFINITY, f64::NEG_INFINITY), |(min, max), c| (min.min(c), max.max(c)));
        max - min
    };
    let (along, across): (Axis, Axis) = if spread(|p| p.y) > spread(|p| p.x) { (|p| p.y, |p| p.x) } else { (|p| p.x, |p| p.y) };
    let mut order: Vec<usize> = (0..bounds.len()).collect();
    order.sort_unstable_by(|&a, &b| along(bounds[a].0).total_cmp(&along(bounds[b].0)));
    let mut found = Vec::new();
    for (k, &a) in order.iter().enumerate() {
        let (lo_a, hi_a) = bounds[a];
        for &b in &order[k + 1..] {
            let (lo_b, hi_b) = bounds[b];
            if along(lo_b) > along(hi_a) {
                break;
            }
            if across(lo_b) <= across(hi_a) && across(lo_a) <= across(hi_b) {
                found.push((a.min(b), a.max(b)));
            }
        }
    }
    found
}

/// Problems found so far, each at its TOML path.
#[derive(Default)]
struct Problems(Vec<(Vec<Seg>, BodyProblem)>);

impl Problems {
    fn bad(&mut self, path: &[Seg], message: &str, help: &str) {
        let key = match path.last() {
            Some(Seg::Key(k)) => k,
            _ => "",
        };
        self.0.push((path.to_vec(), BodyProblem { key, message: message.to_string(), help: help.to_string() }));
    }

    /// Every number of `xs` within `limit` (which also rules out TOML's `nan` and `inf`).
    fn limit(&mut self, path: &[Seg], what: &str, xs: &[f64], limit: &Limit, help: &str) -> bool {
        let ok = xs.iter().all(|&x| limit.holds(x));
        if !ok {
            self.bad(path, &format!("{what} must be {}", limit.text), help);
        }
        ok
    }

    fn located(self, doc: &Document) -> Vec<Problem> {
        self.0
            .into_iter()
            .map(|(path, p)| {
                let label = p.message.split(':').next().unwrap_or(&p.message).to_string();
                doc.locate(&path, Problem::error(p.message, label, Some(p.help)))
            })
            .collect()
    }
}

/// What is wrong with one key of a body, and what to write instead.
#[derive(Clone, Debug, PartialEq)]
pub struct BodyProblem {
    pub key: &'static str,
    pub message: String,
    pub help: String,
}

/// Two entries, of these kinds ("body" or "wall"), share `name`.
fn named_twice(first: &str, second: &str, name: &str) -> String {
    let both = match (first, second) {
        ("body", "body") => "two bodies are".to_string(),
        ("wall", "wall") => "two walls are".to_string(),
        (a, b) => format!("a {a} and a {b} are"),
    };
    format!("{both} named \"{name}\"")
}

/// Whether body `i` of `bodies` may be called `name`, by a file's rules: a
/// name as its entry takes it, and no other body or wall called so.
pub fn check_new_name(bodies: &[Body], i: usize, name: &str) -> Result<(), Problem> {
    let kind = |b: &Body| if matches!(b.shape, Shape::Segment { .. }) { "wall" } else { "body" };
    let mut v = Problems::default();
    name_problems(&mut v, name, kind(&bodies[i]));
    if let Some((_, other)) = bodies.iter().enumerate().find(|&(j, b)| j != i && b.name == name) {
        v.bad(&[Seg::Key("name")], &named_twice(kind(other), kind(&bodies[i]), name), "give each body and wall its own name");
    }
    v.0.first().map_or(Ok(()), |(_, p)| Err(Problem::error(p.message.clone(), "", Some(p.help.clone()))))
}

fn name_problems(v: &mut Problems, name: &str, what: &str) {
    if name.trim().is_empty() {
        v.bad(
            &[Seg::Key("name")],
            &format!("a {what}'s name cannot be empty"),
            &format!("write e.g. name = \"{}\"", if what == "wall" { "floor" } else { "ball" }),
        );
    }
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        // A name is printed in traces and messages; a control character in it could drive the terminal.
        v.bad(
            &[Seg::Key("name")],
            &format!("a {what}'s name cannot hold a control character (here U+{:04X})", u32::from(c)),
            "write the name with letters, digits, spaces and punctuation",
        );
    }
    if let Some(c) = name.chars().find(|&c| super::error::is_format(c)) {
        // Invisible, it would make a name read as another on screen and in every output.
        v.bad(
            &[Seg::Key("name")],
            &format!("a {what}'s name cannot hold U+{:04X}, {}", u32::from(c), super::error::format_kind(c)),
            "write the name again with letters, digits, spaces and punctuation only (a copy from a web page or a chat may carry it)",
        );
    }
}

fn material_problems(v: &mut Problems, restitution: f64, friction: f64) {
    v.limit(
        &[Seg::Key("restitution")],
        "restitution",
        &[restitution],
        &limits::RESTITUTION,
        "write e.g. restitution = 0.5 (1 is perfectly elastic, 0 perfectly plastic)",
    );
    v.limit(
        &[Seg::Key("friction")],
        "friction",
        &[friction],
        &limits::FRICTION,
        "the rough-balls article's table: steel on steel 0.25, wood on wood 0.3; above 1 is rubber on dry concrete",
    );
}

/// A wall as written, checked: a static segment body standing at its
/// middle, or every problem with it.
pub fn wall(w: &WallEntry) -> Result<BodyDef, Vec<BodyProblem>> {
    let mut v = Problems::default();
    let at = |key: &'static str| [Seg::Key(key)];
    name_problems(&mut v, &w.name, "wall");
    let ends_ok = v.limit(&at("from"), "each number of from", &w.from, &limits::COORDINATE, "write e.g. from = [0.0, 0.0]")
        & v.limit(&at("to"), "each number of to", &w.to, &limits::COORDINATE, "write e.g. to = [10.0, -3.0]");
    let (from, to) = (DVec2::from(w.from), DVec2::from(w.to));
    if ends_ok && !limits::LENGTH.holds(from.distance(to)) {
        let what = if from == to {
            "its two ends are the same point".to_string()
        } else {
            format!("it is {} m long", crate::notation::num(from.distance(to)))
        };
        v.bad(
            &at("to"),
            &format!("wall \"{}\" must be {} long: {what}", w.name, limits::LENGTH.text),
            "move `to` away from `from`: a wall runs from one end to the other",
        );
    }
    material_problems(&mut v, w.restitution, w.friction);
    if !v.0.is_empty() {
        return Err(v.0.into_iter().map(|(_, p)| p).collect());
    }
    let (middle, half) = crate::geometry::segment_between(from, to);
    let mut wall = BodyDef::fixed(w.name.clone(), Shape::Segment { half }).at(middle);
    (wall.body.restitution, wall.body.friction) = (w.restitution, w.friction);
    Ok(wall)
}

/// A body as written, checked: the body, or every problem with it.
pub fn body(b: &BodyEntry) -> Result<BodyDef, Vec<BodyProblem>> {
    let mut v = Problems::default();
    let at = |key: &'static str| [Seg::Key(key)];
    name_problems(&mut v, &b.name, "body");
    let shape = match b.shape {
        ShapeName::Circle => {
            if b.size.is_some() {
                v.bad(&at("size"), "a circle has a radius, not a size", "write radius = … instead of size");
            }
            match b.radius {
                None => {
                    v.bad(&at("shape"), "a circle needs a radius", "add radius = 1.0 (metres)");
                    None
                }
                Some(r) if !limits::LENGTH.holds(r) => {
                    v.bad(&at("radius"), &format!("radius must be {}", limits::LENGTH.text), "write e.g. radius = 1.0");
                    None
                }
                Some(r) => Some(Shape::Circle { radius: r }),
            }
        }
        ShapeName::Box => {
            if b.radius.is_some() {
                v.bad(&at("radius"), "a box has a size, not a radius", "write size = [width, height] instead of radius");
            }
            match b.size {
                None => {
                    v.bad(&at("shape"), "a box needs a size", "add size = [width, height], e.g. size = [2.0, 1.0]");
                    None
                }
                Some(s) if !s.iter().all(|&x| limits::LENGTH.holds(x)) => {
                    v.bad(
                        &at("size"),
                        &format!("a box's width and height must be {}", limits::LENGTH.text),
                        "write e.g. size = [2.0, 1.0]",
                    );
                    None
                }
                Some(s) => Some(Shape::Box { size: DVec2::from(s) }),
            }
        }
    };
    v.limit(&at("position"), "each number of position", &b.position, &limits::COORDINATE, "write e.g. position = [0.0, 2.0]");
    v.limit(&at("angle"), "angle", &[b.angle], &limits::ANGLE, "write e.g. angle = 0.3 (radians)");
    v.limit(&at("velocity"), "each number of velocity", &b.velocity, &limits::SPEED, "write e.g. velocity = [1.0, 0.0]");
    v.limit(
        &at("angular_velocity"),
        "angular_velocity",
        &[b.angular_velocity],
        &limits::ANGULAR_SPEED,
        "write e.g. angular_velocity = 1.0",
    );
    material_problems(&mut v, b.restitution, b.friction);
    if b.is_static {
        if b.mass.is_some() {
            v.bad(&at("mass"), "a static body has no mass", "remove `mass`, or remove `static = true` to let it move");
        }
        if b.inertia.is_some() {
            v.bad(&at("inertia"), "a static body has no inertia", "remove `inertia`");
        }
        if b.velocity != [0.0, 0.0] || b.angular_velocity != 0.0 {
            let key = if b.velocity != [0.0, 0.0] { "velocity" } else { "angular_velocity" };
            v.bad(&at(key), "a static body never moves", "remove the velocity, or give the body a mass instead of `static = true`");
        }
    } else {
        match b.mass {
            None => v.bad(&at("shape"), "a moving body needs a mass", "add mass = 1.0 (kg), or static = true for a wall or floor"),
            Some(m) if !limits::MASS.holds(m) => v.bad(
                &at("mass"),
                &format!("mass must be {}", limits::MASS.text),
                "write e.g. mass = 1.0, or static = true for a body that never moves",
            ),
            Some(_) => {}
        }
        if let Some(inertia) = b.inertia {
            let help = "leave it out to use the shape's (disc m r²/2, box m(w²+h²)/12)";
            v.limit(&at("inertia"), "inertia", &[inertia], &limits::INERTIA, help);
        }
    }
    let (Some(shape), true) = (shape, v.0.is_empty()) else {
        return Err(v.0.into_iter().map(|(_, p)| p).collect());
    };
    let mut def = BodyDef::fixed(b.name.clone(), shape);
    if let (false, Some(mass)) = (b.is_static, b.mass) {
        def.set_mass(mass, b.inertia);
    }
    let m = &mut def.motion;
    (m.position, m.angle, m.velocity, m.angular_velocity) = (DVec2::from(b.position), b.angle, DVec2::from(b.velocity), b.angular_velocity);
    (def.body.restitution, def.body.friction) = (b.restitution, b.friction);
    Ok(def)
}

/// 44847 as "44,847", for counts in messages.
pub(super) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands_groups_by_three() {
        assert_eq!(super::thousands(7), "7");
        assert_eq!(super::thousands(44_847), "44,847");
        assert_eq!(super::thousands(1_000_000), "1,000,000");
    }
}
