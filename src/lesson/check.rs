//! Running a lesson's `[[check]]`s: each names a value at a phase and the
//! number the texts (or an independent hand computation) give for it.

use super::Lesson;
use super::{Overrides, Records, anchor_problem, anchored_frames, body_names, find_phase, run, with_overrides};
use crate::engine::Value;
use crate::lesson::{CheckEntry, Expected};
use crate::notation::{num, scale_of, value as show, value_near};
use crate::scene::error::{locate, nearest};
use crate::scene::{Problem, SceneError, Seg};
use glam::DVec2;

#[derive(Clone, Debug, PartialEq)]
pub struct CheckOutcome {
    /// What was checked and where, e.g. "jn at resolve · pass 1 · m1–m2 (frame 0)".
    pub what: String,
    /// The same in Chinese: "jn · 求解 · 第 1 轮 · m1–m2 · 第 0 帧".
    pub what_zh: String,
    pub expected: String,
    pub actual: String,
    pub passed: bool,
    pub note: Option<String>,
}

const BODY_FIELDS: [&str; 5] = ["position", "angle", "velocity", "angular_velocity", "kinetic_energy"];
const WORLD_FIELDS: [&str; 4] = ["kinetic_energy", "potential_energy", "energy", "momentum"];

/// Runs every check. Bad checks (an unknown quantity, a phase that never
/// happens) are input errors; a wrong number is an outcome that did not pass.
pub fn run_checks(scene: &Lesson) -> Result<Vec<CheckOutcome>, SceneError> {
    let names = body_names(scene);
    let frames = anchored_frames(scene)?;
    let mut runs: Vec<(Overrides, Records)> = Vec::new();
    let mut outcomes = Vec::new();
    let mut problems = Vec::new();
    for (i, c) in scene.checks.iter().enumerate() {
        if !runs.iter().any(|(o, _)| *o == c.with) {
            runs.push((c.with.clone(), run(scene, &with_overrides(&scene.settings, &c.with), &frames)?));
        }
        let records = &runs.iter().find(|(o, _)| *o == c.with).expect("run just made").1;
        match check_one(scene, i, c, records, &names) {
            Ok(outcome) => outcomes.push(outcome),
            Err(p) => problems.push(p),
        }
    }
    if problems.is_empty() { Ok(outcomes) } else { Err(SceneError::new(&scene.file, &scene.source, problems)) }
}

fn check_one(scene: &Lesson, i: usize, c: &CheckEntry, records: &Records, names: &[String]) -> Result<CheckOutcome, Problem> {
    let here = |key: &'static str, p: Problem| locate(&scene.source, &[Seg::Key("check"), Seg::Index(i), Seg::Key(key)], p);
    let at = c.anchor();
    if let Some(p) = anchor_problem(scene, "check", i, &at, records, names) {
        return Err(p);
    }
    let frame = &records[&at.frame];
    let index = find_phase(frame, &at, names).expect("anchor checked above");
    let phase = &frame.phases.at(index);
    let after = || frame.state_after(index + 1);
    let (label, actual) = match (&c.quantity, &c.body, &c.field, &c.world) {
        (Some(q), None, None, None) => {
            let quantities = phase.quantities(names);
            let value = quantities.iter().find(|v| v.name == *q).map(|v| v.value.clone()).ok_or_else(|| {
                let have: Vec<&str> = quantities.iter().map(|v| v.name.as_str()).collect();
                let help = match nearest(q, &have) {
                    Some(n) => format!("did you mean `{n}`? This phase computes: {}", have.join(", ")),
                    None => format!("this phase computes: {}", have.join(", ")),
                };
                here(
                    "quantity",
                    Problem::error(format!("the {} phase has no quantity `{q}`", phase.kind().name()), "not computed here", Some(help)),
                )
            })?;
            (q.clone(), value)
        }
        (None, Some(b), Some(f), None) => {
            let Some(bi) = names.iter().position(|n| n == b) else {
                return Err(here(
                    "body",
                    Problem::error(
                        format!("no body is named \"{b}\""),
                        "unknown body",
                        Some(format!("the bodies are {}", names.join(", "))),
                    ),
                ));
            };
            let s = after()[bi];
            let value = match f.as_str() {
                "position" => Value::Vector(s.position),
                "angle" => Value::Scalar(s.angle),
                "velocity" => Value::Vector(s.velocity),
                "angular_velocity" => Value::Scalar(s.angular_velocity),
                "kinetic_energy" => Value::Scalar(world_after(scene, &after()).kinetic_energy_of(bi)),
                _ => return Err(here("field", unknown(f, &BODY_FIELDS))),
            };
            (format!("{b}.{f}"), value)
        }
        (None, None, None, Some(w)) => {
            let world = world_after(scene, &after());
            let value = match w.as_str() {
                "kinetic_energy" => Value::Scalar(world.kinetic_energy()),
                // The ledger's: −m·g·x summed, zero at the origin.
                "potential_energy" => Value::Scalar(crate::engine::Totals::of_world(&world).pe),
                "energy" => Value::Scalar(crate::engine::Totals::of_world(&world).energy()),
                "momentum" => Value::Vector(world.momentum()),
                _ => return Err(here("world", unknown(w, &WORLD_FIELDS))),
            };
            (format!("total {w}"), value)
        }
        _ => {
            let help = "write quantity = \"jn\", or body = \"m1\" with field = \"velocity\", or world = \"kinetic_energy\"";
            return Err(here(
                "kind",
                Problem::error(
                    "a check names one value: a quantity, a body's field, or a world total",
                    "what is checked?",
                    Some(help.into()),
                ),
            ));
        }
    };
    let passed = compare(&c.expected, &actual, c.tolerance).ok_or_else(|| {
        here(
            "expected",
            Problem::error(
                format!("`{label}` is {}, which cannot be compared with this expected value", kind_of(&actual)),
                "wrong kind of value",
                None,
            ),
        )
    })?;
    let mut what = format!("{label} at {} (frame {})", crate::lesson::describe(&at), at.frame);
    let zh = super::Lang::Zh;
    // A world total is named by its key, after the word for total.
    let label_zh = label.strip_prefix("total ").map_or(label.clone(), |key| format!("总量 {key}"));
    let mut what_zh = format!("{label_zh} · {} · 第 {} 帧", crate::lesson::describe_in(&at, zh.terms()), at.frame);
    if c.with != Overrides::default() {
        what += &format!(" with {}", overrides_text(&c.with));
        what_zh += &format!("，设置 {}", overrides_text_in(&c.with, zh));
    }
    // Round-off in what the run gave reads 0 beside the expected value's size ("got (0, -10)").
    let expected_size = match c.expected {
        Expected::Scalar(x) => scale_of([x]),
        Expected::Vector([x, y]) => scale_of([x, y]),
        Expected::Bool(_) => 0.0,
    };
    let actual_text = value_near(&actual, expected_size);
    Ok(CheckOutcome { what, what_zh, expected: expected_text(&c.expected), actual: actual_text, passed, note: c.note.clone() })
}

fn unknown(word: &str, options: &[&str]) -> Problem {
    let help = match nearest(word, options) {
        Some(n) => format!("did you mean \"{n}\"? Choose from {}", options.join(", ")),
        None => format!("choose from {}", options.join(", ")),
    };
    Problem::error(format!("unknown value \"{word}\""), "not one of the choices", Some(help))
}

/// The scene's bodies (masses, shapes) in the states a phase left them in.
fn world_after(scene: &Lesson, states: &[crate::engine::BodyState]) -> crate::engine::World {
    let mut w = scene.world.clone();
    for (m, s) in w.motions.iter_mut().zip(states) {
        m.set_state(s);
    }
    w
}

fn compare(expected: &Expected, actual: &Value, tol: f64) -> Option<bool> {
    match (expected, actual) {
        (Expected::Scalar(e), Value::Scalar(a)) => Some((a - e).abs() <= tol),
        (Expected::Vector(e), Value::Vector(a)) => Some((*a - DVec2::from(*e)).abs().max_element() <= tol),
        (Expected::Bool(e), Value::Bool(a)) => Some(e == a),
        _ => None,
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Scalar(_) => "a number",
        Value::Vector(_) => "a vector",
        Value::Bool(_) => "true or false",
        Value::Text(_) => "text",
        Value::Absent => "absent",
    }
}

fn expected_text(e: &Expected) -> String {
    match e {
        Expected::Scalar(x) => num(*x),
        Expected::Vector([x, y]) => format!("({}, {})", num(*x), num(*y)),
        Expected::Bool(b) => show(&Value::Bool(*b)),
    }
}

pub fn overrides_text(o: &Overrides) -> String {
    overrides_text_in(o, super::Lang::En)
}

/// [`overrides_text`] in `lang`: in Chinese every setting is its key and
/// value as the file writes them, joined by the Chinese comma.
pub fn overrides_text_in(o: &Overrides, lang: super::Lang) -> String {
    let mut parts = Vec::new();
    if let Some(t) = o.tangent {
        parts.push(format!("tangent {}", t.name()));
    }
    if let Some(f) = o.friction {
        parts.push(format!("friction {}", f.name()));
    }
    if let Some(n) = o.relaxation_iterations {
        parts.push(match lang {
            super::Lang::En => format!("{n} relaxation passes"),
            super::Lang::Zh => format!("relaxation_iterations {n}"),
        });
    }
    if let Some(c) = o.coulomb_cap {
        parts.push(format!("coulomb_cap {c}"));
    }
    if let Some(t) = o.restitution_threshold {
        parts.push(format!("restitution_threshold {} m/s", num(t)));
    }
    if let Some(slop) = o.slop {
        parts.push(format!("slop {} m", num(slop)));
    }
    if let Some(c) = o.contact {
        parts.push(format!("contact {}", c.name()));
    }
    if let Some(i) = o.integrator {
        parts.push(format!("integrator {}", i.name()));
    }
    if let Some(w) = o.warm_start {
        parts.push(format!("warm_start {w}"));
    }
    if let Some(m) = o.method {
        parts.push(format!("method {}", m.name()));
    }
    if let Some(t) = o.side_tracking {
        parts.push(format!("side_tracking {t}"));
    }
    if let Some(v) = o.velocity_correction {
        parts.push(format!("velocity_correction {v}"));
    }
    parts.join(if lang == super::Lang::Zh { "，" } else { ", " })
}
