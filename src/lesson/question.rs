//! `[[question]]`: predict, then see. A question is anchored to a phase as a
//! step is; its `answer` names a value the phase records, so the number a
//! learner is judged against is the run's own, never one typed in the file.
//! This module checks the tables as written, finds the recorded value a
//! question asks for, and judges what a learner typed or picked.

use super::{Lesson, QuestionEntry, Records, anchor_problem, body_names, find_phase};
use crate::engine::{BodyState, Phase, Value};
use crate::notation::{num_near, scale_of, value_near};
use crate::scene::error::{locate, nearest};
use crate::scene::{Problem, SceneError, Seg};
use glam::DVec2;

/// The most choices a question may offer: the learner picks with a digit key.
pub const MAX_CHOICES: usize = 9;

/// Below this difference a typed number is right whatever the tolerance:
/// round-off in a value that is zero (1e-17 shown as 0).
const ROUND_OFF: f64 = 1e-9;

/// The body fields an answer may name after a body's name, with their units.
const BODY_FIELDS: [(&str, &str); 4] = [("position", "m"), ("angle", "rad"), ("velocity", "m/s"), ("angular_velocity", "rad/s")];

/// The value a question asks for, as the run recorded it.
#[derive(Clone, Debug, PartialEq)]
pub struct Truth {
    /// As the question names it: `vrn`, `v_rel.y`, `m1.angular_velocity`.
    pub name: String,
    /// A number or a vector.
    pub value: Value,
    pub unit: &'static str,
    /// Where it stands among the phase's quantities (none for a body's state).
    pub quantity: Option<usize>,
}

impl Truth {
    /// "vrn = 3 m/s", written as the derivation writes it.
    pub fn text(&self) -> String {
        let unit = if self.unit.is_empty() { String::new() } else { format!(" {}", self.unit) };
        format!("{} = {}{unit}", self.name, value_near(&self.value, scale_of(magnitude(&self.value))))
    }
}

fn magnitude(v: &Value) -> Vec<f64> {
    match v {
        Value::Scalar(x) => vec![*x],
        Value::Vector(v) => vec![v.x, v.y],
        _ => vec![],
    }
}

/// The value `answer` names at `phase`: a quantity the phase records (with
/// `.x` or `.y` for a part of a vector), or a body's state once the phase has
/// run (`after` gives the states). A problem, not yet located, otherwise.
pub fn truth(answer: &str, phase: &Phase, names: &[String], after: impl FnOnce() -> Vec<BodyState>) -> Result<Truth, Problem> {
    let quantities = phase.quantities(names);
    // A quantity by its name (names hold no dots), or a part of one.
    let whole = quantities.iter().position(|q| q.name == answer).map(|i| (i, None));
    let found = whole.or_else(|| {
        let (base, axis) = split_axis(answer);
        axis?;
        quantities.iter().position(|q| q.name == base).map(|i| (i, axis))
    });
    if let Some((i, axis)) = found {
        let q = &quantities[i];
        let value = number(answer, &q.value, axis)?;
        return Ok(Truth { name: answer.to_string(), value, unit: q.unit, quantity: Some(i) });
    }
    // A body's state: "m1.velocity", "m1.velocity.x".
    let body = names.iter().enumerate().filter(|(_, n)| answer.starts_with(&format!("{n}."))).max_by_key(|(_, n)| n.len());
    if let Some((b, name)) = body {
        let rest = &answer[name.len() + 1..];
        let (field, axis) = split_axis(rest);
        let Some(&(field, unit)) = BODY_FIELDS.iter().find(|(f, _)| *f == field) else {
            let fields: Vec<&str> = BODY_FIELDS.iter().map(|(f, _)| *f).collect();
            let help = match nearest(field, &fields) {
                Some(n) => format!("did you mean `{name}.{n}`? A body's fields are {}", fields.join(", ")),
                None => format!("a body's fields are {}", fields.join(", ")),
            };
            return Err(Problem::error(format!("a body has no field `{field}`"), "unknown field", Some(help)));
        };
        let s = after()[b];
        let value = match field {
            "position" => Value::Vector(s.position),
            "angle" => Value::Scalar(s.angle),
            "velocity" => Value::Vector(s.velocity),
            _ => Value::Scalar(s.angular_velocity),
        };
        let value = number(answer, &value, axis)?;
        return Ok(Truth { name: answer.to_string(), value, unit, quantity: None });
    }
    let have: Vec<&str> = quantities.iter().map(|q| q.name.as_str()).collect();
    let guess = nearest(answer, &have).map(|n| format!("did you mean `{n}`? ")).unwrap_or_default();
    let body =
        names.first().map_or(String::new(), |n| format!("; or a body's state after it, e.g. `{n}.velocity` or `{n}.angular_velocity`"));
    let help = if have.is_empty() {
        format!("this phase records no values{body}")
    } else {
        format!("{guess}This phase records: {}{body}", have.join(", "))
    };
    Err(Problem::error(format!("the {} phase records no value `{answer}`", phase.kind().name()), "not recorded here", Some(help)))
}

/// "v_rel.y" → ("v_rel", Some("y")); "vrn" → ("vrn", None).
fn split_axis(name: &str) -> (&str, Option<&str>) {
    match name.rsplit_once('.') {
        Some((base, axis @ ("x" | "y"))) => (base, Some(axis)),
        _ => (name, None),
    }
}

/// `value` as an answer: a number or a vector, or the part `axis` of a vector.
fn number(name: &str, value: &Value, axis: Option<&str>) -> Result<Value, Problem> {
    let what = match value {
        Value::Bool(_) => "true or false",
        Value::Text(_) => "a word",
        Value::Absent => "absent here",
        Value::Scalar(_) if axis.is_some() => "a number, with no x or y part",
        Value::Scalar(x) => return Ok(Value::Scalar(*x)),
        Value::Vector(v) => {
            return Ok(match axis {
                Some("x") => Value::Scalar(v.x),
                Some(_) => Value::Scalar(v.y),
                None => Value::Vector(*v),
            });
        }
    };
    Err(Problem::error(
        format!("`{name}` is {what}, not a number a learner can type"),
        "not a number",
        Some("ask it with choices: write choices = [\"…\", \"…\"] and correct = 1 instead of answer".to_string()),
    ))
}

/// What a learner's answer was judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Right,
    Wrong,
}

/// Judges `typed` against a number question's recorded value, or a digit
/// against a choice question's right choice. An answer that cannot be read
/// (letters, one number for a vector) is an error saying what to type.
pub fn judge(q: &QuestionEntry, truth: Option<&Truth>, typed: &str) -> Result<Verdict, String> {
    let right = |ok: bool| if ok { Verdict::Right } else { Verdict::Wrong };
    if let Some(choices) = &q.choices {
        let n = choices.len();
        let pick = typed.trim().parse::<usize>().ok().filter(|k| (1..=n).contains(k));
        let pick = pick.ok_or_else(|| format!("pick a choice with a key from 1 to {n}"))?;
        return Ok(right(Some(pick - 1) == q.correct_index()));
    }
    let truth = truth.ok_or_else(|| "this question's value is not recorded here".to_string())?;
    let numbers = read_numbers(typed)?;
    let tol = q.tolerance();
    match (&truth.value, numbers.as_slice()) {
        (Value::Scalar(a), [x]) => Ok(right(close((x - a).abs(), a.abs(), tol))),
        (Value::Vector(a), [x, y]) => Ok(right(close((DVec2::new(*x, *y) - *a).length(), a.length(), tol))),
        (Value::Vector(_), _) => Err("write two numbers, x and y, e.g. -2.88, -2.84".to_string()),
        _ => Err("write one number, e.g. -7.2".to_string()),
    }
}

fn close(diff: f64, size: f64, tol: f64) -> bool {
    diff <= tol * size || diff <= ROUND_OFF
}

/// The numbers in what a learner typed: "3", "-7.2", "−1.44" (a minus sign
/// as printed), "1e-3", "(-2.88, -2.84)", "-2.88 -2.84".
fn read_numbers(typed: &str) -> Result<Vec<f64>, String> {
    let text = typed.replace('−', "-");
    let text = text.trim().trim_start_matches('(').trim_end_matches(')');
    let parts = text.split([',', ';', ' ']).filter(|p| !p.is_empty());
    let numbers: Result<Vec<f64>, _> = parts.map(|p| p.parse::<f64>()).collect();
    match numbers {
        Ok(n) if !n.is_empty() && n.iter().all(|x| x.is_finite()) => Ok(n),
        _ => Err(format!("\"{}\" is not a number: write e.g. -7.2 (or x, y for a vector)", typed.trim())),
    }
}

/// The questions' tables as written: each is answered one way (a value the
/// run records, or choices with the right one named), its tolerance a share
/// from 0 to 1, its choices 2 to 9 of them, distinct and each with its Chinese
/// where any is given.
pub fn questions_valid(lesson: &Lesson) -> Result<(), SceneError> {
    let mut problems = Vec::new();
    for (i, q) in lesson.questions.iter().enumerate() {
        let at = |key: &'static str, p: Problem| locate(&lesson.source, &[Seg::Key("question"), Seg::Index(i), Seg::Key(key)], p);
        let n = i + 1;
        match (&q.answer, &q.choices) {
            (None, None) => problems.push(at(
                "ask",
                Problem::error(
                    format!("question {n} has no answer"),
                    "answered how?",
                    Some("write answer = \"jn\" (a value the phase records, typed in as a number), or choices = [\"…\", \"…\"] with correct = 1".to_string()),
                ),
            )),
            (Some(_), Some(_)) => problems.push(at(
                "choices",
                Problem::error(
                    format!("question {n} has both an answer and choices"),
                    "one or the other",
                    Some("keep answer for a number the learner types, or choices and correct for a pick, not both".to_string()),
                ),
            )),
            _ => {}
        }
        if let Some(answer) = &q.answer
            && answer.trim().is_empty()
        {
            problems.push(at(
                "answer",
                Problem::error(
                    "an answer names a value",
                    "empty",
                    Some("write e.g. answer = \"jn\" or answer = \"m1.velocity\"".to_string()),
                ),
            ));
        }
        if let Some(t) = q.tolerance {
            if q.choices.is_some() {
                problems.push(at(
                    "tolerance",
                    Problem::error(
                        "a tolerance is for a typed number; a choice is right or not",
                        "not used",
                        Some("leave tolerance out of a question with choices".to_string()),
                    ),
                ));
            } else if !(t.is_finite() && (0.0..=1.0).contains(&t)) {
                problems.push(at(
                    "tolerance",
                    Problem::error(
                        "a question's tolerance must be a share of the answer from 0 to 1",
                        "out of range",
                        Some("write e.g. tolerance = 0.01 (1 % either way)".to_string()),
                    ),
                ));
            }
        }
        match (&q.choices, &q.correct) {
            (None, Some(_)) => problems.push(at(
                "correct",
                Problem::error(
                    "correct names one of the choices, and this question has none",
                    "no choices",
                    Some("write choices = [\"…\", \"…\"], or leave correct out of a question with an answer".to_string()),
                ),
            )),
            (Some(_), None) => problems.push(at(
                "choices",
                Problem::error(
                    format!("question {n}'s choices name no right one"),
                    "which is right?",
                    Some("write correct = 1 (the first choice) or correct = \"the choice's text\"".to_string()),
                ),
            )),
            _ => {}
        }
        let Some(choices) = &q.choices else { continue };
        if !(2..=MAX_CHOICES).contains(&choices.len()) {
            problems.push(at(
                "choices",
                Problem::error(
                    format!(
                        "a question offers 2 to {MAX_CHOICES} choices (the learner picks with the keys 1 to 9); this one has {}",
                        choices.len()
                    ),
                    "too few or too many",
                    Some("write e.g. choices = [\"negative\", \"zero\", \"positive\"]".to_string()),
                ),
            ));
        }
        let repeated = choices.iter().enumerate().find(|(k, c)| c.trim().is_empty() || choices[..*k].contains(c));
        if let Some((_, c)) = repeated {
            let (message, label) = if c.trim().is_empty() {
                ("a choice is empty".to_string(), "empty")
            } else {
                (format!("\"{c}\" is a choice twice"), "repeated")
            };
            problems.push(at("choices", Problem::error(message, label, Some("give each choice its own words".to_string()))));
        }
        if let Some(zh) = &q.choices_zh
            && zh.len() != choices.len()
        {
            problems.push(at(
                "choices_zh",
                Problem::error(
                    format!("choices_zh has {} choices and choices has {}", zh.len(), choices.len()),
                    "not one for each",
                    Some("write one Chinese choice for each English one, in the same order".to_string()),
                ),
            ));
        }
        if let Some(correct) = &q.correct
            && q.correct_index().is_none()
            && (2..=MAX_CHOICES).contains(&choices.len())
        {
            let first = &choices[0];
            let problem = match correct {
                super::Correct::Number(k) => Problem::error(
                    format!("correct = {k}, but there are {} choices", choices.len()),
                    "no such choice",
                    Some(format!("write a number from 1 to {}, or the right choice's text, e.g. correct = \"{first}\"", choices.len())),
                ),
                super::Correct::Text(t) => {
                    let options: Vec<&str> = choices.iter().map(String::as_str).collect();
                    let help = match nearest(t, &options) {
                        Some(c) => format!("did you mean \"{c}\"? The choices are \"{}\"", options.join("\", \"")),
                        None => format!("write one of \"{}\", or its number from 1", options.join("\", \"")),
                    };
                    Problem::error(format!("\"{t}\" is not one of the choices"), "no such choice", Some(help))
                }
            };
            problems.push(at("correct", problem));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(SceneError::new(&lesson.file, &lesson.source, problems)) }
}

/// Checks that every question lands on a phase of the scene's run and that
/// its answer names a number recorded there. Returns where each lands; none
/// for one beyond the frames that were run.
pub fn anchor_questions(scene: &Lesson, frames: &Records) -> Result<Vec<Option<super::Place>>, SceneError> {
    let names = body_names(scene);
    let mut problems = Vec::new();
    let mut places = Vec::new();
    for (i, q) in scene.questions.iter().enumerate() {
        let at = q.anchor();
        if let Some(p) = anchor_problem(scene, "question", i, &at, frames, &names) {
            problems.push(p);
            continue;
        }
        let place = frames.get(&at.frame).and_then(|f| Some((at.frame, find_phase(f, &at, &names)?)));
        if let (Some((frame, index)), Some(answer)) = (place, &q.answer) {
            let record = &frames[&frame];
            if let Err(p) = truth(answer, &record.phases.at(index), &names, || record.state_after(index + 1)) {
                problems.push(locate(&scene.source, &[Seg::Key("question"), Seg::Index(i), Seg::Key("answer")], p));
            }
        }
        places.push(place);
    }
    if problems.is_empty() { Ok(places) } else { Err(SceneError::new(&scene.file, &scene.source, problems)) }
}

/// A number as the quiz writes a typed answer back: the learner's digits, read.
pub fn typed_text(typed: &str) -> String {
    match read_numbers(typed) {
        Ok(n) if n.len() == 1 => num_near(n[0], n[0].abs()),
        Ok(n) => format!("({})", n.iter().map(|x| num_near(*x, scale_of(n.iter().copied()))).collect::<Vec<_>>().join(", ")),
        Err(_) => typed.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_numbers_read_as_printed() {
        assert_eq!(read_numbers("−7.2"), Ok(vec![-7.2]));
        assert_eq!(read_numbers(" (-2.88, -2.84) "), Ok(vec![-2.88, -2.84]));
        assert_eq!(read_numbers("-2.88 -2.84"), Ok(vec![-2.88, -2.84]));
        assert_eq!(read_numbers("1e-3"), Ok(vec![1e-3]));
        assert!(read_numbers("abc").is_err());
        assert!(read_numbers("").is_err());
        assert!(read_numbers("inf").is_err());
    }

    #[test]
    fn a_number_is_right_within_its_share_and_zero_within_round_off() {
        assert!(close(0.05, 7.2, 0.01));
        assert!(!close(0.1, 7.2, 0.01));
        assert!(close(1e-17, 1e-17, 0.01), "typing 0 for round-off");
        assert!(!close(0.01, 0.0, 0.01));
    }
}
