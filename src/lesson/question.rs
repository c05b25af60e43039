//! `[[question]]`: predict, then see. A question is anchored to a phase as a
//! step is; its `answer` names a value the phase records, so the number a
//! learner is judged against is the run's own, never one typed in the file.
//! This module checks the tables as written, finds the recorded value a
//! question asks for, and judges what a learner typed or picked.

use super::Lang;
use super::{Lesson, QuestionEntry, Records, anchor_problem, body_names, find_phase};
use crate::engine::{BodyState, Phase, Value};
use crate::notation::units::{self, ReadError, Unit, parse_unit};
use crate::notation::{num, num_near, scale_of, significant, value_near};
use crate::scene::error::{locate, nearest};
use crate::scene::{Problem, SceneError, Seg};

/// The most choices a question may offer: the learner picks with a digit key.
pub const MAX_CHOICES: usize = 9;

/// Below this difference a typed number is right whatever the tolerance:
/// round-off in a value that is zero (1e-17 shown as 0).
pub const ROUND_OFF: f64 = 1e-9;

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
    /// The pair's restitution e at the phase, if it records one and the value
    /// is an impulse or a velocity the impulse left: an answer off by (1 + e)
    /// is graded as such. With its symbol: e, or Dobre & Ramtal's CR.
    pub restitution: Option<(f64, &'static str)>,
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
    // Restitution's factor (1 + e) is in an impulse and in the velocities it
    // leaves, never in what comes before it (vrn, vrt): only those are graded
    // against it. Dobre & Ramtal's pair bounce calls e CR.
    let restitution = quantities.iter().find_map(|q| match (q.name.as_str(), &q.value) {
        ("e", Value::Scalar(e)) => Some((*e, "e")),
        ("CR", Value::Scalar(e)) => Some((*e, "CR")),
        _ => None,
    });
    let of_impulse = |unit: &str, name: &str| unit == "N·s" || name.ends_with('\'');
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
        let restitution = restitution.filter(|_| of_impulse(q.unit, &q.name));
        return Ok(Truth { name: answer.to_string(), value, unit: q.unit, quantity: Some(i), restitution });
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
        // A body's velocity or spin after a phase that records e is one the impulse left.
        let restitution = restitution.filter(|_| matches!(field, "velocity" | "angular_velocity"));
        return Ok(Truth { name: answer.to_string(), value, unit, quantity: None, restitution });
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

/// How an answer stands against the run's value: right, or the kind of
/// slip it looks like, so the feedback can teach rather than only say no.
#[derive(Clone, Debug, PartialEq)]
pub enum Grade {
    Right,
    /// A choice that is not the right one.
    OtherChoice,
    /// The right size with the wrong sign (a vector: pointing the other way).
    WrongSign,
    /// The right number in the wrong unit: the unit typed, and what the
    /// answer is worth in the question's unit when the dimension agrees.
    WrongUnit {
        unit: String,
        worth: Option<String>,
    },
    /// Off by a factor (2, 10, or 1 + e: then `restitution` says so), and
    /// whether the answer is that much too large.
    Factor {
        factor: f64,
        restitution: bool,
        too_large: bool,
    },
    /// A vector's x and y the other way round.
    Swapped,
    /// Within 10 % but not within the question's tolerance: the share off.
    Close(f64),
    /// Further off: the share, and for a number whether its size is too
    /// large (−11.52 for −7.2 is too large, 0 too small) and whether its sign
    /// is wrong too; the share is then the sizes'.
    Off {
        share: f64,
        too_large: Option<bool>,
        wrong_sign: bool,
    },
}

/// Answers further off than this share are not "close".
pub const CLOSE: f64 = 0.1;

impl Grade {
    pub fn verdict(&self) -> Verdict {
        if *self == Grade::Right { Verdict::Right } else { Verdict::Wrong }
    }

    /// The grade as a quiz log writes it: `right`, `wrong-sign`, `wrong-unit`,
    /// `factor`, `swapped`, `close`, `off`, `wrong-choice`.
    pub fn key(&self) -> &'static str {
        match self {
            Grade::Right => "right",
            Grade::OtherChoice => "wrong-choice",
            Grade::WrongSign => "wrong-sign",
            Grade::WrongUnit { .. } => "wrong-unit",
            Grade::Factor { .. } => "factor",
            Grade::Swapped => "swapped",
            Grade::Close(_) => "close",
            Grade::Off { .. } => "off",
        }
    }

    /// What the learner is told of a wrong answer, without the answer:
    /// "right size, wrong sign". `truth` names the quantity asked for.
    pub fn feedback(&self, truth: Option<&Truth>, tolerance: f64, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        // Two digits say how far off: 3.3 %, 17 %.
        let pct = |share: f64| num(significant(share * 100.0, 2));
        match self {
            Grade::Right => String::new(),
            Grade::OtherChoice => (if zh { "不是这个" } else { "not that one" }).to_string(),
            Grade::WrongSign => {
                let vector = truth.is_some_and(|t| matches!(t.value, Value::Vector(_)));
                match (vector, zh) {
                    (true, false) => "right size, pointing the wrong way".to_string(),
                    (true, true) => "大小对了，方向反了".to_string(),
                    (false, false) => "right size, wrong sign".to_string(),
                    (false, true) => "大小对了，符号错了".to_string(),
                }
            }
            Grade::WrongUnit { unit, worth: Some(worth) } => {
                if zh {
                    format!("数字对了，单位错了：这里的 {unit} 合 {worth}")
                } else {
                    format!("the right number in the wrong unit: in {unit} it is {worth}")
                }
            }
            Grade::WrongUnit { unit, worth: None } => {
                let said = truth.map(|t| wrong_dimension(unit, t, lang)).unwrap_or_default();
                if zh { format!("数字对了，单位错了：{said}") } else { format!("the right number in the wrong unit: {said}") }
            }
            Grade::Factor { factor, restitution, too_large } => {
                let f = num_near(*factor, *factor);
                let symbol = truth.and_then(|t| t.restitution).map_or("e", |(_, symbol)| symbol);
                let e = match (restitution, zh) {
                    (false, _) => String::new(),
                    (true, false) => format!(" (1 + {symbol} is {f} here)"),
                    (true, true) => format!("（这里 1 + {symbol} 就是 {f}）"),
                };
                match (zh, too_large) {
                    (false, true) => format!("off by a factor of {f}{e}: {f} times too large"),
                    (false, false) => format!("off by a factor of {f}{e}: {f} times too small"),
                    (true, true) => format!("差了 {f} 倍{e}：偏大"),
                    (true, false) => format!("差了 {f} 倍{e}：偏小"),
                }
            }
            Grade::Swapped => {
                (if zh { "x 和 y 分量写反了：先写 x，再写 y" } else { "the components are swapped: x first, then y" }).to_string()
            }
            Grade::Close(share) => {
                let (off, asked) = (pct(*share), pct(tolerance));
                if zh {
                    format!("很接近：相差 {off} %，在 10 % 以内，但这里要求 ±{asked} %")
                } else {
                    format!("close: {off} % off, within 10 %, but this asks for ±{asked} %")
                }
            }
            Grade::Off { share, too_large, wrong_sign } => {
                let off = if share.is_finite() { pct(*share) } else { "100".to_string() };
                let sign = match (wrong_sign, zh) {
                    (false, _) => "",
                    (true, false) => "the wrong sign, and ",
                    (true, true) => "符号错了，而且",
                };
                // Of a negative answer, "too large" could be read either way: it is said of the size.
                let negative = truth.is_some_and(|t| matches!(t.value, Value::Scalar(x) if x < 0.0));
                let size = match (negative || *wrong_sign, zh) {
                    (false, _) => "",
                    (true, false) => " in size",
                    (true, true) => "大小",
                };
                match (zh, too_large) {
                    (false, Some(true)) => format!("{sign}too large{size}, by about {off} %"),
                    (false, Some(false)) => format!("{sign}too small{size}, by about {off} %"),
                    (false, None) => format!("off by about {off} % of its length"),
                    (true, Some(true)) => format!("{sign}{size}偏大，约 {off} %"),
                    (true, Some(false)) => format!("{sign}{size}偏小，约 {off} %"),
                    (true, None) => format!("相差约为其长度的 {off} %"),
                }
            }
        }
    }
}

/// "that is a speed; this asks for an impulse in N·s".
fn wrong_dimension(unit: &str, truth: &Truth, lang: Lang) -> String {
    let which = usize::from(lang == Lang::Zh);
    let typed = parse_unit(unit).ok().and_then(|u| u.dim.name());
    wrong_dimension_as(unit, typed.map_or(unit, |n| n[which]), truth, lang)
}

/// [`wrong_dimension`] with what the typed unit measures already named
/// (`typed`: its dimension's name, or the unit itself when it has none), for
/// the lesson player, which names it in the page.
pub fn wrong_dimension_as(unit: &str, typed: &str, truth: &Truth, lang: Lang) -> String {
    let which = usize::from(lang == Lang::Zh);
    let asked = parse_unit(truth.unit).ok().and_then(|u| u.dim.name());
    // A dimension with no name of its own is asked for by its unit alone.
    let asked = asked.map(|n| n[which]);
    match (lang, asked) {
        (Lang::Zh, _) if truth.unit.is_empty() => format!("{unit} 是{typed}；这里问的是纯数，不带单位"),
        (Lang::Zh, Some(asked)) => format!("{unit} 是{typed}；这里问的是{asked}，单位 {}", truth.unit),
        (Lang::Zh, None) => format!("{unit} 是{typed}；这里要的单位是 {}", truth.unit),
        _ if truth.unit.is_empty() => format!("{unit} is {typed}; this asks for a pure number, with no unit"),
        (_, Some(asked)) => format!("that is {typed}; this asks for {asked} in {}", truth.unit),
        (_, None) => format!("that is {typed}; this asks for a value in {}", truth.unit),
    }
}

/// An answer judged: how it stands, and the answer as read, for the screen
/// ("6 m/s", "(−2.88, −2.84)", or a choice's "1 negative").
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    pub grade: Grade,
    pub shown: String,
}

/// Judges `typed` against a number question's recorded value, or a choice
/// (its digit, or its words in either language) against the right one. An
/// answer that cannot be read, or one in a unit of another dimension whose
/// number is not the answer's either, is an error saying what to type; it
/// costs no try.
pub fn judge(q: &QuestionEntry, truth: Option<&Truth>, typed: &str, lang: Lang) -> Result<Judged, String> {
    let zh = lang == Lang::Zh;
    if typed.trim().is_empty() {
        return Err((if zh { "请输入答案（或按 Esc）" } else { "type an answer (or Esc)" }).to_string());
    }
    if let Some(choices) = &q.choices {
        let n = choices.len();
        let t = units::ascii_forms(typed.trim());
        let pick = match t.parse::<usize>().ok().filter(|k| (1..=n).contains(k)) {
            Some(k) => k - 1,
            None => match choice_by_words(q, &t) {
                Ok(k) => k,
                Err(fits) if fits.len() > 1 => {
                    let listed = fits.iter().map(|&k| q.choices(lang)[k]).collect::<Vec<_>>();
                    return Err(if zh {
                        format!("\"{}\" 符合 {} 个选项（{}）：多写几个字，或按它的编号", t.trim(), fits.len(), listed.join("、"))
                    } else {
                        format!("\"{}\" fits {} choices ({}): write more of it, or its number", t.trim(), fits.len(), listed.join("; "))
                    });
                }
                Err(_) => {
                    return Err(if zh {
                        format!("按 1 到 {n} 选择，或写出选项的文字")
                    } else {
                        format!("pick a choice with a key from 1 to {n}, or write its words")
                    });
                }
            },
        };
        let grade = if Some(pick) == q.correct_index() { Grade::Right } else { Grade::OtherChoice };
        return Ok(Judged { grade, shown: format!("{} {}", pick + 1, q.choices(lang)[pick]) });
    }
    let truth = truth.ok_or_else(|| "this question's value is not recorded here".to_string())?;
    let (wanted, answer) = match truth.value {
        Value::Scalar(a) => (1, vec![a]),
        Value::Vector(v) => (2, vec![v.x, v.y]),
        _ => return Err("this question's value is not a number".to_string()),
    };
    let read = units::read(typed, wanted).map_err(|e| read_error(e, wanted, typed, lang))?;
    let asked = parse_unit(truth.unit).unwrap_or(Unit::ONE);
    let raw = read.numbers.clone();
    let tol = q.tolerance();
    let near = |v: &[f64]| close(distance(v, &answer), length(&answer), tol);
    let shown_with = |v: &[f64], unit: &str| {
        let unit = if unit.is_empty() { String::new() } else { format!(" {unit}") };
        format!("{}{unit}", numbers_text(v))
    };
    let (value, agrees) = match &read.unit {
        None => (raw.clone(), true),
        Some((_, u)) if u.dim.agrees(asked.dim) => (raw.iter().map(|x| x * u.factor / asked.factor).collect(), true),
        Some(_) => (raw.clone(), false),
    };
    // As read: with the unit typed, or the question's, in which a bare number is read ("3 m/s").
    let shown = shown_with(&raw, read.unit.as_ref().map_or(truth.unit, |(t, _)| t));
    let judged = |grade| Ok(Judged { grade, shown: shown.clone() });
    if agrees && near(&value) {
        return judged(Grade::Right);
    }
    if let Some((unit, _)) = &read.unit
        && near(&raw)
    {
        let worth = agrees.then(|| shown_with(&value, truth.unit));
        return judged(Grade::WrongUnit { unit: unit.clone(), worth });
    }
    if let Some((unit, _)) = &read.unit
        && !agrees
    {
        return Err(wrong_dimension(unit, truth, lang));
    }
    let negated: Vec<f64> = value.iter().map(|x| -x).collect();
    if near(&negated) {
        return judged(Grade::WrongSign);
    }
    if wanted == 2 && near(&[value[1], value[0]]) {
        return judged(Grade::Swapped);
    }
    for (factor, restitution) in factors(truth.restitution.map(|(e, _)| e)) {
        let scaled = |by: f64| value.iter().map(|x| x * by).collect::<Vec<f64>>();
        for (by, too_large) in [(factor, false), (1.0 / factor, true)] {
            if near(&scaled(by)) {
                return judged(Grade::Factor { factor, restitution, too_large });
            }
        }
    }
    let share = distance(&value, &answer) / length(&answer);
    if share <= CLOSE {
        return judged(Grade::Close(share));
    }
    if wanted == 2 {
        return judged(Grade::Off { share, too_large: None, wrong_sign: false });
    }
    // A number's size is what is too large or too small, as with the factors
    // above: −11.52 for −7.2 is too large, as −14.4 is "2 times too large".
    let (typed, right) = (value[0], answer[0]);
    let wrong_sign = typed * right < 0.0;
    let share = (typed.abs() - right.abs()).abs() / right.abs();
    judged(Grade::Off { share, too_large: Some(typed.abs() > right.abs()), wrong_sign })
}

/// The choice `typed` names by its words, in either language: its whole
/// text, else the part before its `:` ("no" for "no: the corner is farther
/// than r"), else words that begin words of one choice only ("deep",
/// "crate 3"; in Chinese, where words are not spaced, a choice's text within
/// what was typed or the other way round: "负的" for "负"). Case and
/// punctuation do not count. The choices it fits when not exactly one.
fn choice_by_words(q: &QuestionEntry, typed: &str) -> Result<usize, Vec<usize>> {
    let plain = |text: &str| -> String {
        let kept: String = text.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { ' ' }).collect();
        kept.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let typed = plain(typed);
    if typed.is_empty() {
        return Err(Vec::new());
    }
    let texts: Vec<(usize, &str)> = [q.choices.as_deref(), q.choices_zh.as_deref()]
        .into_iter()
        .flatten()
        .flat_map(|list| list.iter().enumerate().map(|(k, c)| (k, c.as_str())))
        .collect();
    let head = |c: &str| c.split([':', '：']).next().unwrap_or(c).to_string();
    let words_fit = |c: &str| {
        let words: Vec<&str> = c.split(' ').collect();
        if typed.is_ascii() {
            typed.split(' ').all(|t| words.iter().any(|w| w.starts_with(t)))
        } else {
            !typed.contains(' ') && (c.contains(&typed) || words.iter().any(|w| !w.is_ascii() && typed.contains(w)))
        }
    };
    let tiers: [&dyn Fn(&str) -> bool; 3] = [&|c| plain(c) == typed, &|c| plain(&head(c)) == typed, &|c| words_fit(&plain(c))];
    for fits in tiers {
        let mut found: Vec<usize> = texts.iter().filter(|(_, c)| fits(c)).map(|(k, _)| *k).collect();
        found.sort_unstable();
        found.dedup();
        match found.len() {
            0 => continue,
            1 => return Ok(found[0]),
            _ => return Err(found),
        }
    }
    Err(Vec::new())
}

/// The factors a slip in a formula gives: 2 (a half forgotten or doubled),
/// 10 (a decimal point), and 1 + e (restitution's factor left out or put in
/// twice), each with whether it is 1 + e.
pub fn factors(restitution: Option<f64>) -> Vec<(f64, bool)> {
    let mut list = vec![(2.0, false), (10.0, false)];
    if let Some(e) = restitution.filter(|e| e.is_finite() && *e > ROUND_OFF) {
        match list.iter_mut().find(|(f, _)| (*f - (1.0 + e)).abs() < ROUND_OFF) {
            Some(same) => same.1 = true,
            None => list.push((1.0 + e, true)),
        }
    }
    list
}

fn distance(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum::<f64>().sqrt()
}

fn length(a: &[f64]) -> f64 {
    a.iter().map(|x| x * x).sum::<f64>().sqrt()
}

fn close(diff: f64, size: f64, tol: f64) -> bool {
    diff <= tol * size || diff <= ROUND_OFF
}

/// A number or a vector as the screen writes it: "−7.2", "(−2.88, −2.84)".
fn numbers_text(n: &[f64]) -> String {
    match n {
        [x] => num_near(*x, x.abs()),
        _ => format!("({})", n.iter().map(|x| num_near(*x, scale_of(n.iter().copied()))).collect::<Vec<_>>().join(", ")),
    }
}

/// What to write instead of an answer that cannot be read.
pub fn read_error(e: ReadError, wanted: usize, typed: &str, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let typed = typed.trim();
    match e {
        ReadError::UnknownUnit(u) if zh => format!("不认识单位 \"{u}\"：可以写 m/s、N·s、kg·m/s、rad/s、°、km/h 这样的单位"),
        ReadError::UnknownUnit(u) => format!("\"{u}\" is not a unit I know: write e.g. m/s, N·s, kg·m/s, rad/s, °, km/h"),
        ReadError::Repeated(u, symbol) if zh => format!("单位 \"{u}\" 把 {symbol} 写了两次：单位只写一次，幂写成 m/s² 这样"),
        ReadError::Repeated(u, symbol) => format!("\"{u}\" writes {symbol} twice: write the unit once, and a power as in m/s²"),
        _ if wanted == 2 && zh => format!("\"{typed}\" 不是一个向量：写两个数 x, y，如 (-2.88, -2.84)；要用小数逗号时用分号隔开：(6,5; 2)"),
        _ if wanted == 2 => {
            format!("\"{typed}\" is not a vector: write x, y, e.g. (-2.88, -2.84); with a decimal comma, split them with ; as in (6,5; 2)")
        }
        _ if zh => format!("\"{typed}\" 不是一个数：写一个数，可以带单位，如 -1.25 或 4.5 m/s"),
        _ => format!("\"{typed}\" is not one number: write e.g. -1.25 or 4.5 m/s"),
    }
}

/// The hints for a question, in the order they are given: the lesson's
/// own, then the formula that computes the value in symbols, then with the
/// numbers put in. A body's state is computed by the phase's quantity of
/// the same value and unit (`ω_a'` for `m1.angular_velocity`).
pub fn hints(q: &QuestionEntry, truth: Option<&Truth>, phase: &Phase, names: &[String], lang: Lang) -> Vec<String> {
    let mut list: Vec<String> = q.hint(lang).map(|h| h.trim().to_string()).into_iter().collect();
    let Some(truth) = truth else { return list };
    let quantities = phase.quantities(names);
    // A part of a body's state (`light.velocity.x`) is computed as that part of a vector (`v_i'`).
    let axis = q.answer.as_deref().and_then(|a| split_axis(a).1);
    let same = |value: &Value| match (value, axis, &truth.value) {
        (Value::Vector(v), Some("x"), Value::Scalar(x)) => v.x == *x,
        (Value::Vector(v), Some(_), Value::Scalar(y)) => v.y == *y,
        (value, ..) => *value == truth.value,
    };
    let computed = truth.quantity.or_else(|| quantities.iter().position(|x| same(&x.value) && x.unit == truth.unit && x.formula.is_some()));
    if let Some(i) = computed {
        // In the learner's language, as the derivation panel writes it (深度 for depth).
        let d = crate::notation::derive_in(&quantities[i], lang.terms());
        list.extend(d.symbols);
        list.extend(d.numbers);
    }
    list
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
        if let Some(t) = q.tries
            && !(1..=9).contains(&t)
        {
            problems.push(at(
                "tries",
                Problem::error(
                    format!("a learner gets 1 to 9 tries at a question, not {t}"),
                    "out of range",
                    Some(format!("write e.g. tries = 2 (the default is {})", super::file::DEFAULT_TRIES)),
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
        // The quiz numbers questions in file order ("Question 2 of 3"): one
        // asked before an earlier one in the file would come out of turn.
        let earlier = places.iter().enumerate().rev().find_map(|(k, p)| Some((k, (*p)?)));
        if let (Some((k, before)), Some(here)) = (earlier, place)
            && here < before
        {
            let (n, m) = (i + 1, k + 1);
            let problem = Problem::error(
                format!("question {n} is asked before question {m}: at frame {}, an earlier phase", here.0),
                "out of turn",
                Some(format!("put the questions in the order the run asks them: move question {n} above question {m}")),
            );
            problems.push(locate(&scene.source, &[Seg::Key("question"), Seg::Index(i), Seg::Key("kind")], problem));
        }
        places.push(place);
    }
    if problems.is_empty() { Ok(places) } else { Err(SceneError::new(&scene.file, &scene.source, problems)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::DVec2;

    fn question(extra: &str) -> QuestionEntry {
        toml::from_str(&format!("kind = \"resolve\"\nask = \"?\"\n{extra}")).unwrap()
    }

    fn vrt() -> Truth {
        Truth { name: "vrt".into(), value: Value::Scalar(6.0), unit: "m/s", quantity: None, restitution: Some((1.0, "e")) }
    }

    fn grade(truth: &Truth, typed: &str) -> Result<Grade, String> {
        judge(&question("answer = \"vrt\""), Some(truth), typed, Lang::En).map(|j| j.grade)
    }

    /// rough-balls: vrt = 6 m/s, jt = −1.44 N·s, ω1 = −0.28 rad/s; each
    /// slip a learner makes is named.
    #[test]
    fn answers_are_graded_by_the_slip_they_look_like() {
        let v = vrt();
        for right in ["6", "6 m/s", "6m/s", "6.0 m s^-1", "+6", "6,0", "21.6 km/h", "600 cm/s"] {
            assert_eq!(grade(&v, right), Ok(Grade::Right), "{right}");
        }
        assert_eq!(grade(&v, "-6"), Ok(Grade::WrongSign));
        assert_eq!(grade(&v, "−6 m/s"), Ok(Grade::WrongSign));
        assert_eq!(grade(&v, "6 N·s"), Ok(Grade::WrongUnit { unit: "N·s".into(), worth: None }));
        assert_eq!(grade(&v, "6 km/h"), Ok(Grade::WrongUnit { unit: "km/h".into(), worth: Some("1.66667 m/s".into()) }));
        let by = |factor, restitution, too_large| Ok(Grade::Factor { factor, restitution, too_large });
        assert_eq!(grade(&v, "12"), by(2.0, true, true));
        assert_eq!(grade(&v, "3"), by(2.0, true, false));
        assert_eq!(grade(&v, "0.6"), by(10.0, false, false));
        assert!(matches!(grade(&v, "5.7"), Ok(Grade::Close(s)) if (s - 0.05).abs() < 1e-12));
        assert!(matches!(grade(&v, "4"), Ok(Grade::Off { too_large: Some(false), wrong_sign: false, .. })));
        let refused = grade(&v, "7 N·s").unwrap_err();
        assert_eq!(refused, "that is an impulse (or a momentum); this asks for a speed in m/s");
        let e_half = Truth { restitution: Some((0.5, "e")), ..vrt() };
        assert_eq!(grade(&e_half, "4"), by(1.5, true, false));
        let said = Grade::Factor { factor: 1.5, restitution: true, too_large: false }.feedback(None, 0.01, Lang::En);
        assert_eq!(said, "off by a factor of 1.5 (1 + e is 1.5 here): 1.5 times too small");

        let jt = Truth { name: "jt".into(), value: Value::Scalar(-1.44), unit: "N·s", ..vrt() };
        for right in ["-1.44 N·s", "-1.44 N s", "-1.44 Ns", "-1.44 kg·m/s", "−1.44"] {
            assert_eq!(grade(&jt, right), Ok(Grade::Right), "{right}");
        }
        assert_eq!(grade(&jt, "-1.44 m/s"), Ok(Grade::WrongUnit { unit: "m/s".into(), worth: None }));
        assert_eq!(grade(&jt, "-2 m/s").unwrap_err(), "that is a speed; this asks for an impulse (or a momentum) in N·s");
        let omega = Truth { name: "m1.angular_velocity".into(), value: Value::Scalar(-0.28), unit: "rad/s", ..vrt() };
        assert_eq!(grade(&omega, "-0.28 rad/s"), Ok(Grade::Right));
        assert_eq!(grade(&omega, "-16.0428 °/s"), Ok(Grade::Right));
    }

    /// A share typed with % for a pure number (a restitution of 0.949).
    #[test]
    fn a_percent_is_a_share_of_one() {
        let e = Truth { name: "e".into(), value: Value::Scalar(0.949), unit: "", ..vrt() };
        assert_eq!(grade(&e, "94.9 %"), Ok(Grade::Right));
        assert_eq!(grade(&e, "94.9%"), Ok(Grade::Right));
        assert_eq!(grade(&vrt(), "600 %").unwrap_err(), "that is a pure number; this asks for a speed in m/s");
        assert_eq!(grade(&vrt(), " ").unwrap_err(), "type an answer (or Esc)");
    }

    #[test]
    fn a_vector_swapped_or_reversed_is_named() {
        let v1 = Truth { name: "v_a'".into(), value: Value::Vector(DVec2::new(-2.448, -2.264)), unit: "m/s", ..vrt() };
        assert_eq!(grade(&v1, "(-2.448, -2.264) m/s"), Ok(Grade::Right));
        assert_eq!(grade(&v1, "-2.264 -2.448"), Ok(Grade::Swapped));
        assert_eq!(grade(&v1, "(2.448; 2.264)"), Ok(Grade::WrongSign));
        assert!(grade(&v1, "3").unwrap_err().contains("is not a vector"));
        assert!(matches!(grade(&v1, "0, 0"), Ok(Grade::Off { too_large: None, .. })));
    }

    #[test]
    fn a_choice_is_its_digit_or_its_words_in_either_language() {
        let q = question("choices = [\"negative\", \"zero\", \"positive\"]\nchoices_zh = [\"负\", \"零\", \"正\"]\ncorrect = 1");
        let pick = |t: &str| judge(&q, None, t, Lang::Zh).map(|j| (j.grade, j.shown));
        assert_eq!(pick("1"), Ok((Grade::Right, "1 负".to_string())));
        assert_eq!(pick("Negative"), Ok((Grade::Right, "1 负".to_string())));
        assert_eq!(pick("正"), Ok((Grade::OtherChoice, "3 正".to_string())));
        assert!(pick("4").is_err());
        assert_eq!(pick("负的"), Ok((Grade::Right, "1 负".to_string())));
        assert_eq!(pick("负数"), Ok((Grade::Right, "1 负".to_string())));
        assert_eq!(pick("１"), Ok((Grade::Right, "1 负".to_string())));
        assert_eq!(pick("Pos!"), Ok((Grade::OtherChoice, "3 正".to_string())));
    }

    /// The lessons' own choices, picked by a word or the text before ':'.
    #[test]
    fn a_choice_is_picked_by_a_word_only_it_has() {
        let q = |choices: &str, zh: &str| question(&format!("choices = {choices}\nchoices_zh = {zh}\ncorrect = 1"));
        let pick = |q: &QuestionEntry, t: &str| judge(q, None, t, Lang::En).map(|j| j.shown);
        let corner = q(r#"["yes: out ≤ r", "no: the corner is farther than r"]"#, r#"["接触：out ≤ r", "不接触：角的距离大于 r"]"#);
        assert_eq!(pick(&corner, "no").unwrap(), "2 no: the corner is farther than r");
        assert_eq!(pick(&corner, "Yes").unwrap(), "1 yes: out ≤ r");
        assert_eq!(pick(&corner, "不接触").unwrap(), "2 no: the corner is farther than r");
        let stale = q(r#"["yes: it was predicted exactly", "no: it is stale"]"#, r#"["有效：它是精确预测的", "无效：它已过时"]"#);
        assert_eq!(pick(&stale, "stale").unwrap(), "2 no: it is stale");
        let faces = q(
            r#"["plank face 1", "plank face 2", "crate face 2", "crate face 3"]"#,
            r#"["plank 的面 1", "plank 的面 2", "crate 的面 2", "crate 的面 3"]"#,
        );
        assert_eq!(pick(&faces, "face 3").unwrap(), "4 crate face 3");
        assert_eq!(pick(&faces, "crate 3").unwrap(), "4 crate face 3");
        assert_eq!(
            pick(&faces, "face 2").unwrap_err(),
            "\"face 2\" fits 2 choices (plank face 2; crate face 2): write more of it, or its number"
        );
        let depth = q(r#"["shallower", "the same", "deeper"]"#, r#"["更浅", "一样", "更深"]"#);
        assert_eq!(pick(&depth, "deep").unwrap(), "3 deeper");
        assert_eq!(pick(&depth, "Deeper!").unwrap(), "3 deeper");
        assert_eq!(pick(&depth, "same").unwrap(), "2 the same");
        assert!(pick(&depth, "sideways").unwrap_err().starts_with("pick a choice with a key from 1 to 3"));
    }

    #[test]
    fn a_number_is_right_within_its_share_and_zero_within_round_off() {
        assert!(close(0.05, 7.2, 0.01));
        assert!(!close(0.1, 7.2, 0.01));
        assert!(close(1e-17, 1e-17, 0.01), "typing 0 for round-off");
        assert!(!close(0.01, 0.0, 0.01));
    }
}
