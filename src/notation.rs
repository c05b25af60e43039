//! How the numbers are written: every number to six significant digits, a
//! quantity as three lines (symbols, numbers put in, result), a phase's title
//! and a body's state in one line. Below the scene, the lessons and the
//! reports, so that each writes numbers the same way; it knows the engine's
//! records and nothing else.

mod faces;
mod lang;
mod ledger;
mod markdown;
mod stopped;
pub mod terms;
pub mod units;

pub use faces::{FACE_CAPTION, FACE_LEGEND, FaceLine, face_lines, face_lines_in, face_markdown, face_markdown_in};
pub use lang::Lang;
pub use ledger::{correction_moved_l, energy_change_line, rise_mark, totals_line};
pub use markdown::{code_fence, code_span, markdown_text};
pub use stopped::{event_limit_message, event_limit_reached, non_finite_message, non_finite_message_in};
pub use terms::{ActionWords, Terms};

use crate::engine::{BodyState, Phase, PhaseKind, Quantity, Value};
use glam::DVec2;
use std::fmt::Write;

/// Significant digits printed everywhere, so snapshots are stable and the
/// texts' numbers (−7.2, −1.44, −0.28) read as they do on paper.
const DIGITS: usize = 6;

/// The minus sign a person reads: U+2212, as the narration and the formulas
/// write it (−7.2, not -7.2).
pub const MINUS: char = '−';

/// A number to `DIGITS` significant digits, trailing zeros dropped, no "-0",
/// with the minus sign U+2212 (`−7.2`, `1e−17`). For text a person types back
/// (the field editor) use `plain`, which keeps ASCII `-`.
pub fn num(x: f64) -> String {
    let s = plain(x);
    if s.contains('-') { s.replace('-', "−") } else { s }
}

/// `x` cut to `digits` significant digits (1 to 17), as the nearest f64:
/// 3.0999999999999996 to 12 digits is 3.1.
pub fn significant(x: f64, digits: usize) -> f64 {
    format!("{x:.*e}", digits.saturating_sub(1)).parse().unwrap_or(x)
}

/// A number as `num` writes it but with ASCII `-`, for text a user edits and
/// a parser reads back (`-7.2`).
pub fn plain(x: f64) -> String {
    if !x.is_finite() {
        return format!("{x}");
    }
    if x == 0.0 {
        return "0".into();
    }
    let exp = x.abs().log10().floor() as i32;
    if !(-5..=5).contains(&exp) {
        let s = format!("{:.*e}", DIGITS - 1, x);
        let (mantissa, e) = s.split_once('e').unwrap_or((&s, "0"));
        return format!("{}e{e}", trim(mantissa));
    }
    let decimals = (DIGITS as i32 - 1 - exp).max(0) as usize;
    let s = trim(&format!("{x:.decimals$}"));
    if s == "-0" { "0".into() } else { s }
}

/// Below this share of the numbers around it a value is round-off, not
/// physics (ω = 1e-15 after a smooth ball's impulse), and is written 0.
/// JSON keeps the exact values.
const NOISE: f64 = 1e-12;

/// `x` as shown among numbers as large as `scale` (and no smaller than 1).
fn shown(x: f64, scale: f64) -> f64 {
    if x.abs() < NOISE * scale.max(1.0) { 0.0 } else { x }
}

/// A number written among others as large as `scale`: round-off reads 0.
pub fn num_near(x: f64, scale: f64) -> String {
    num(shown(x, scale))
}

/// The largest magnitude among `values`: the scale their round-off is judged by.
pub fn scale_of(values: impl IntoIterator<Item = f64>) -> f64 {
    values.into_iter().filter(|x| x.is_finite()).fold(0.0, |m, x| m.max(x.abs()))
}

fn magnitudes(v: &Value) -> Vec<f64> {
    match v {
        Value::Scalar(x) => vec![*x],
        Value::Vector(v) => vec![v.x, v.y],
        _ => Vec::new(),
    }
}

/// A value written among numbers as large as `scale`: round-off reads 0.
pub fn value_near(v: &Value, scale: f64) -> String {
    value_near_in(v, scale, &terms::EN)
}

fn value_near_in(v: &Value, scale: f64, t: &Terms) -> String {
    match v {
        Value::Scalar(x) => num_near(*x, scale),
        Value::Vector(v) => format!("({}, {})", num_near(v.x, scale), num_near(v.y, scale)),
        other => value_in(other, t),
    }
}

fn trim(s: &str) -> String {
    if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s.to_string() }
}

fn vec2(v: DVec2) -> String {
    format!("({}, {})", num(v.x), num(v.y))
}

pub fn value(v: &Value) -> String {
    value_in(v, &terms::EN)
}

/// A value, its yes, no and none in the words of `t`.
pub fn value_in(v: &Value, t: &Terms) -> String {
    match v {
        Value::Scalar(x) => num(*x),
        Value::Vector(v) => vec2(*v),
        Value::Bool(b) => if *b { t.yes } else { t.no }.into(),
        Value::Text(text) => t.text(text),
        Value::Absent => t.none.into(),
    }
}

/// A quantity as three lines: the formula in symbols, the same with the
/// numbers put in, and the result with its unit. Without a formula only the
/// result is there.
#[derive(Clone, Debug, PartialEq)]
pub struct Derivation {
    pub symbols: Option<String>,
    pub numbers: Option<String>,
    pub result: String,
}

/// A quantity's or input's name as a person reads it: `mu` (the JSON value's
/// name, which checks and breakpoints use) is written μ.
pub fn label(name: &str) -> &str {
    label_in(name, &terms::EN)
}

/// [`label`] in the words of `t`: `distance` is 距离 in Chinese.
pub fn label_in<'a>(name: &'a str, t: &Terms) -> &'a str {
    match name {
        "mu" => "μ",
        other => t.name(other),
    }
}

/// A formula template's remark, two spaces and a bracket at its end
/// ("−{mu}·{jn}  (negated: vrt < 0)"), split from the formula, so that the
/// remark is written once, on the symbols line.
fn split_remark(template: &str) -> (&str, &str) {
    match template.rfind("  (") {
        Some(i) if template.ends_with(')') && !template[i..].contains('{') => template.split_at(i),
        _ => (template, ""),
    }
}

pub fn derive(q: &Quantity) -> Derivation {
    derive_in(q, &terms::EN)
}

/// [`derive`] with names, yes, no and none in the words of `t`.
pub fn derive_in(q: &Quantity, t: &Terms) -> Derivation {
    derive_veiled(q, t, |_| false)
}

/// As [`derive_in`], but an input for which `veiled` holds is put in as its
/// symbol, not its number: a result the learner has yet to find
/// (`jn = −(1 + e)·vrn / k_n` while vrn and k_n are hidden).
pub fn derive_veiled(q: &Quantity, t: &Terms, veiled: impl Fn(&str) -> bool) -> Derivation {
    let unit = if q.unit.is_empty() || matches!(q.value, Value::Bool(_) | Value::Text(_) | Value::Absent) {
        String::new()
    } else {
        format!(" {}", q.unit)
    };
    // A quantity's numbers are judged by the largest among its result and inputs.
    let scale = scale_of(magnitudes(&q.value).into_iter().chain(q.inputs.iter().flat_map(|(_, v)| magnitudes(v))));
    let name = label_in(&q.name, t);
    let result = format!("{name} = {}{unit}", value_near_in(&q.value, scale, t));
    let Some(template) = q.formula else {
        return Derivation { symbols: None, numbers: None, result };
    };
    let template = &t.template(template);
    // A formula with nothing to put in is a remark on the result ("0: friction is off").
    if !template.contains('{') {
        return Derivation { symbols: None, numbers: None, result: format!("{result}  ({template})") };
    }
    let symbols = fill(template, |name| label_in(name, t).to_string());
    let (formula, _remark) = split_remark(template);
    let numbers = fill(formula, |name| {
        let v = q.inputs.iter().find(|(n, _)| *n == name).map(|(_, v)| v).filter(|_| !veiled(name));
        match v {
            // A negative number put into a formula reads wrongly without brackets: −(1 + e)·(−3).
            Some(Value::Scalar(x)) if shown(*x, scale) < 0.0 => format!("({})", num_near(*x, scale)),
            Some(v) => value_near_in(v, scale, t),
            None => label_in(name, t).to_string(),
        }
    });
    Derivation { symbols: Some(format!("{name} = {symbols}")), numbers: Some(format!("{name} = {numbers}")), result }
}

/// The quantity, among `quantities` before the one at `at`, whose value an
/// input of it named `input` is: the one of that name, or, for a body's own
/// quantities (`Δω box1 = τ/I·dt`), the one of that name and the same body
/// (`τ box1`); a vector's part (`n.y`) is the vector's. None for a value
/// from outside the phase (a body's velocity before it, a point an earlier
/// phase found).
pub fn input_source(quantities: &[Quantity], at: usize, input: &str) -> Option<usize> {
    let input = input.strip_suffix(".x").or_else(|| input.strip_suffix(".y")).unwrap_or(input);
    let name = &quantities.get(at)?.name;
    let owners = name.match_indices(' ').map(|(k, _)| &name[k..]);
    let candidates: Vec<String> = std::iter::once(input.to_string()).chain(owners.map(|owner| format!("{input}{owner}"))).collect();
    quantities[..at].iter().rposition(|q| candidates.contains(&q.name))
}

/// Replaces every `{name}` in `template` by `f(name)`.
fn fill(template: &str, f: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else { break };
        out.push_str(&f(&rest[open + 1..open + close]));
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// "resolve · pass 1 · m1–m2" (Sedgewick & Wayne: "event · event 3 · a–b"): what a phase is, in one line.
pub fn phase_title(phase: &Phase, names: &[String]) -> String {
    phase_title_in(phase, names, &terms::EN)
}

/// [`phase_title`] in the words of `w`: "求解 · 第 1 轮 · m1–m2".
pub fn phase_title_in(phase: &Phase, names: &[String], w: &Terms) -> String {
    use terms::with_number;
    let mut t = (w.kind)(phase.kind()).to_string();
    match (phase.iteration, phase.kind()) {
        (Some(k), _) if phase.iteration_name() == "pass" => write!(t, " · {}", with_number(w.pass, k)).unwrap(),
        (Some(k), PhaseKind::Event) if phase.pair.is_none() => t = format!("{} · {}", with_number(w.event, k), w.frame_end),
        (Some(k), PhaseKind::Event) => t = with_number(w.event, k),
        (Some(0), PhaseKind::Predict) => write!(t, " · {}", w.frame_start).unwrap(),
        (Some(k), PhaseKind::Predict) => write!(t, " · {}", with_number(w.after_event, k)).unwrap(),
        (Some(k), PhaseKind::Move) => write!(t, " · {}", with_number(w.to_event, k)).unwrap(),
        (Some(k), _) => write!(t, " · {}", with_number(w.event, k)).unwrap(),
        (None, _) => {}
    }
    if let Some((a, b)) = phase.pair {
        write!(t, " · {}–{}", names[a], names[b]).unwrap();
    }
    t
}

pub fn state_line(name: &str, s: &BodyState) -> String {
    let scale = state_scale(s);
    let n = |x: f64| num_near(x, scale);
    format!(
        "{name}: x ({}, {})  θ {}  v ({}, {})  ω {}",
        n(s.position.x),
        n(s.position.y),
        n(s.angle),
        n(s.velocity.x),
        n(s.velocity.y),
        n(s.angular_velocity)
    )
}

/// The scale a body's state is written at: its largest coordinate, angle or speed.
pub fn state_scale(s: &BodyState) -> f64 {
    scale_of([s.position.x, s.position.y, s.angle, s.velocity.x, s.velocity.y, s.angular_velocity])
}

/// What follows "name = " in a derivation line.
pub fn right_side(line: &str) -> &str {
    line.split_once(" = ").map_or(line, |(_, rhs)| rhs)
}

/// An action of a scene in words, with its numbers: "force (9000, 0) N at
/// (32, 98), 1 frame".
pub fn action_text(kind: &crate::engine::ActionKind) -> String {
    action_text_in(kind, &terms::EN)
}

/// [`action_text`] in the words of `t`.
pub fn action_text_in(kind: &crate::engine::ActionKind, t: &Terms) -> String {
    use crate::engine::ActionKind;
    let w = &t.action;
    let at = |at: Option<glam::DVec2>| at.map_or(w.at_centre.to_string(), |p| w.at.replace("{0}", &vec2(p)));
    let frames = |n: u64| if n == 1 { w.one_frame.to_string() } else { w.frames.replace("{0}", &n.to_string()) };
    match *kind {
        ActionKind::Force { force, at: point, frames: n } => format!("{} {} N {}, {}", w.force, vec2(force), at(point), frames(n)),
        ActionKind::Torque { torque, frames: n } => format!("{} {} N·m, {}", w.torque, num(torque), frames(n)),
        ActionKind::Impulse { impulse, at: point } => format!("{} {} N·s {}", w.impulse, vec2(impulse), at(point)),
        ActionKind::AngularImpulse(l) => format!("{} {} N·m·s", w.angular_impulse, num(l)),
        ActionKind::Velocity(v) => w.velocity.replace("{0}", &vec2(v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_the_texts_write_them() {
        assert_eq!(num(-7.2), "−7.2");
        assert_eq!(num(-1.44), "−1.44");
        assert_eq!(num(-1.0 + 0.72), "−0.28"); // -0.28000000000000003 in f64
        assert_eq!(num(5.0 / 6.0), "0.833333");
        assert_eq!(num(27.000000000001), "27");
        assert_eq!(num(-1e-17), "−1e−17");
        assert_eq!(num(2.5e-7), "2.5e−7");
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(123456789.0), "1.23457e8");
        assert_eq!(num(654321.0), "654321");
    }

    #[test]
    fn a_remark_is_written_once_on_the_symbols_line() {
        let q = Quantity::new("jt", 1.44, "N·s").by("−{mu}·{jn}  (negated: vrt < 0)", vec![("mu", 0.2.into()), ("jn", (-7.2).into())]);
        let d = derive(&q);
        assert_eq!(d.symbols.as_deref(), Some("jt = −μ·jn  (negated: vrt < 0)"));
        assert_eq!(d.numbers.as_deref(), Some("jt = −0.2·(−7.2)"));
        assert_eq!(d.result, "jt = 1.44 N·s");
        // A bracket holding an input is part of the formula, not a remark.
        let q = Quantity::new("x", 2.0, "").by("2·({a})", vec![("a", 1.0.into())]);
        assert_eq!(derive(&q).numbers.as_deref(), Some("x = 2·(1)"));
    }

    #[test]
    fn a_veiled_input_is_put_in_as_its_symbol() {
        let jn = Quantity::new("jn", -7.2, "N·s")
            .by("−(1 + {e})·{vrn} / {k_n}", vec![("e", 1.0.into()), ("vrn", 3.0.into()), ("k_n", (5.0 / 6.0).into())]);
        assert_eq!(derive_veiled(&jn, &terms::EN, |name| name != "e").numbers.as_deref(), Some("jn = −(1 + 1)·vrn / k_n"));
        assert_eq!(derive_veiled(&jn, &terms::EN, |_| false), derive(&jn));
    }

    #[test]
    fn an_input_comes_from_the_quantity_of_its_name_its_bodys_or_its_vectors() {
        let q = |name: &str| Quantity::new(name, 1.0, "");
        let forces = [q("τ box1"), q("τ box2"), q("Δω box2")];
        assert_eq!(input_source(&forces, 2, "τ"), Some(1), "box2's own torque");
        let resolve = [q("n"), q("vrn"), q("t"), q("jn")];
        assert_eq!(input_source(&resolve, 3, "vrn"), Some(1));
        assert_eq!(input_source(&resolve, 2, "n.y"), Some(0), "a vector's part");
        assert_eq!(input_source(&resolve, 1, "v_rel"), None, "from outside the phase");
        assert_eq!(input_source(&resolve, 1, "jn"), None, "only earlier quantities");
    }

    #[test]
    fn mu_reads_as_the_greek_letter() {
        let q = Quantity::new("mu", 0.2, "").by("({μ_a} + {μ_b}) / 2", vec![("μ_a", 0.2.into()), ("μ_b", 0.2.into())]);
        let d = derive(&q);
        assert_eq!(d.symbols.as_deref(), Some("μ = (μ_a + μ_b) / 2"));
        assert_eq!(d.result, "μ = 0.2");
        assert_eq!(q.name, "mu");
    }

    #[test]
    fn plain_numbers_keep_the_ascii_minus_and_parse_back() {
        assert_eq!(plain(-7.2), "-7.2");
        assert_eq!(plain(-1e-17), "-1e-17");
        assert_eq!(plain(-0.0), "0");
        for x in [-7.2, -1.44, -1e-17, 3.5, -123456789.0] {
            assert_eq!(plain(x).parse::<f64>().unwrap(), plain(x).parse::<f64>().unwrap());
            assert_eq!(plain(x).replace('-', "−"), num(x));
        }
        assert!(plain(-7.2).parse::<f64>().is_ok());
    }

    #[test]
    fn round_off_reads_0_on_screen_and_stays_exact_in_json() {
        // ω after a smooth ball's impulse, among numbers of order 1 to 10.
        let omega = -1.18424e-15;
        assert_eq!(num_near(omega, 10.0), "0");
        assert_eq!(num_near(-8.88178e-16, scale_of([0.0, -10.0])), "0");
        assert_eq!(num_near(-7.2, 10.0), "−7.2");
        // A small value that is the scale itself is physics, not noise.
        assert_eq!(num_near(-2e-13, 0.0), "0");
        assert_eq!(num_near(-2e-7, 1e-6), "−2e−7");
        let q = Quantity::new("ω", omega, "rad/s").by("{w} + {dw}", vec![("w", 0.0.into()), ("dw", omega.into())]);
        assert_eq!(derive(&q).result, "ω = 0 rad/s");
        let json = serde_json::to_value(omega).unwrap();
        assert_eq!(json.as_f64(), Some(omega));
    }

    #[test]
    fn a_quantity_reads_in_three_lines() {
        let q = Quantity::new("jn", -7.2, "N·s")
            .by("−(1 + {e})·{vrn} / {k_n}", vec![("e", 1.0.into()), ("vrn", 3.0.into()), ("k_n", (5.0 / 6.0).into())]);
        let d = derive(&q);
        assert_eq!(d.symbols.as_deref(), Some("jn = −(1 + e)·vrn / k_n"));
        assert_eq!(d.numbers.as_deref(), Some("jn = −(1 + 1)·3 / 0.833333"));
        assert_eq!(d.result, "jn = −7.2 N·s");
    }
}
