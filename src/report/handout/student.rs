//! What a student's handout leaves out. Every result of a derivation is a
//! blank there; so is every state a phase changed. The narration is written
//! as a worked example and states the answers in prose ("jt = μ·jn = −1.44
//! N·s"), so a paragraph that states the number a `[[check]]` expects is held
//! back (the teacher's handout has it).
//!
//! A number is matched as a token: digits with an optional decimal part, not
//! glued to a letter (the 1 of "m1" is a name, not a number), its sign
//! ignored. A checked number that the scene also gives as an input (μ = 0.2,
//! a mass of 3 kg) cannot be held back wherever it appears, or the set-up
//! itself would go; it is held back where prose states it as a result, after
//! "=".

use crate::engine::World;
use crate::geometry::{Pose, Shape, segment_ends};
use crate::lesson::{Expected, Lesson};
use crate::notation::plain as num;
use std::collections::BTreeSet;

/// The numbers a student must find.
pub struct Answers {
    /// Checked numbers the scene does not give: held back wherever they appear.
    hidden: BTreeSet<String>,
    /// Checked numbers that are also inputs: held back where prose states them after "=".
    stated: BTreeSet<String>,
    /// Checked vectors as written, "(0, -10)": held back wherever they appear,
    /// or only after "=" when the scene gives the same vector (a body that stays put).
    vectors: BTreeSet<String>,
    stated_vectors: BTreeSet<String>,
    /// The hidden numbers' values (unsigned): prose rounds them ("1.530" for
    /// 1.52968), and a number so rounded states them as well.
    hidden_values: Vec<f64>,
}

impl Answers {
    pub fn of(scene: &Lesson) -> Answers {
        let given = given_numbers(&scene.world);
        let mut hidden = BTreeSet::new();
        let mut stated = BTreeSet::new();
        let mut vectors = BTreeSet::new();
        let mut stated_vectors = BTreeSet::new();
        let given_vectors = given_vectors(&scene.world);
        let mut hidden_values = Vec::new();
        for c in &scene.checks {
            // A zero vector (a body at rest) is everywhere, like 0.
            if let Expected::Vector([x, y]) = c.expected
                && (x, y) != (0.0, 0.0)
            {
                let v = format!("({}, {})", num(x), num(y));
                if given_vectors.contains(&v) {
                    stated_vectors.insert(v)
                } else {
                    vectors.insert(v)
                };
            }
            for x in checked_numbers(&c.expected) {
                let token = num(x.abs());
                // 0 is everywhere (a depth of 0, a ball at rest) and never the answer to a question.
                if token == "0" {
                    continue;
                }
                if given.contains(&token) {
                    stated.insert(token);
                } else {
                    hidden.insert(token);
                    hidden_values.push(x.abs());
                }
            }
        }
        Answers { hidden, stated, vectors, stated_vectors, hidden_values }
    }

    /// Whether `text` states one of the answers.
    pub fn revealed_in(&self, text: &str) -> bool {
        // Prose writes a minus as "−"; a vector perhaps without the space.
        let plain = text.replace('−', "-");
        let tight = plain.replace(", ", ",");
        if self.vectors.iter().any(|v| plain.contains(v.as_str()) || tight.contains(&v.replace(", ", ","))) {
            return true;
        }
        let squeezed = plain.replace(' ', "");
        if self.stated_vectors.iter().any(|v| squeezed.contains(&format!("={}", v.replace(' ', "")))) {
            return true;
        }
        tokens(&plain)
            .iter()
            .any(|t| self.hidden.contains(t.text) || (t.after_equals && self.stated.contains(t.text)) || self.rounds_to(t.text))
    }

    /// Whether prose's `token` is a hidden number rounded to its decimals
    /// ("1.530" for 1.52968). Only a token of three significant digits or more:
    /// a short one ("2", "0.5") is as likely a factor of the working.
    fn rounds_to(&self, token: &str) -> bool {
        let significant = token.trim_start_matches(['0', '.']).chars().filter(char::is_ascii_digit).count();
        let decimals = token.split_once('.').map_or(0, |(_, d)| d.len());
        let Ok(value) = token.parse::<f64>() else { return false };
        let half = 0.5 * 10f64.powi(-(decimals as i32)) * (1.0 + 1e-9);
        significant >= 3 && self.hidden_values.iter().any(|x| (x - value).abs() <= half)
    }
}

/// The numbers of a check's expected value (none for true or false).
pub fn checked_numbers(e: &Expected) -> Vec<f64> {
    match e {
        Expected::Scalar(x) => vec![*x],
        Expected::Vector([x, y]) => vec![*x, *y],
        Expected::Bool(_) => Vec::new(),
    }
}

/// The numbers the scene gives a student, as written (unsigned): each body's
/// make-up and start, each wall's ends, gravity and the actions' (a world has no dt).
pub fn given_numbers(world: &World) -> BTreeSet<String> {
    let mut xs: Vec<f64> = vec![world.gravity.x, world.gravity.y];
    for (b, m) in world.iter() {
        xs.extend([m.position.x, m.position.y, m.angle, m.velocity.x, m.velocity.y, m.angular_velocity, b.restitution, b.friction]);
        if !b.is_static() {
            xs.push(b.mass());
        }
        match b.shape {
            Shape::Circle { radius } => xs.push(radius),
            Shape::Box { size } => xs.extend([size.x, size.y]),
            Shape::Segment { half } => {
                for end in segment_ends(half, Pose::new(m.position, m.angle)) {
                    xs.extend([end.x, end.y]);
                }
                xs.push(2.0 * half.length());
            }
        }
    }
    for a in &world.actions {
        use crate::engine::ActionKind;
        match a.kind {
            ActionKind::Force { force: v, at, .. } | ActionKind::Impulse { impulse: v, at } => {
                xs.extend([v.x, v.y]);
                if let Some(at) = at {
                    xs.extend([at.x, at.y]);
                }
            }
            ActionKind::Torque { torque, .. } => xs.push(torque),
            ActionKind::AngularImpulse(l) => xs.push(l),
            ActionKind::Velocity(v) => xs.extend([v.x, v.y]),
        }
    }
    xs.into_iter().filter(|x| x.is_finite()).map(|x| num(x.abs())).collect()
}

/// The vectors the scene gives, as `plain` writes them (ASCII minus, as `revealed_in` compares): each body's position
/// and velocity, each wall's ends, gravity and the actions' vectors.
pub fn given_vectors(world: &World) -> BTreeSet<String> {
    let mut vs = vec![world.gravity];
    for (b, m) in world.iter() {
        vs.extend([m.position, m.velocity]);
        if let Shape::Segment { half } = b.shape {
            vs.extend(segment_ends(half, Pose::new(m.position, m.angle)));
        }
    }
    for a in &world.actions {
        use crate::engine::ActionKind;
        match a.kind {
            ActionKind::Force { force: v, at, .. } | ActionKind::Impulse { impulse: v, at } => {
                vs.extend([Some(v), at].into_iter().flatten())
            }
            ActionKind::Velocity(v) => vs.push(v),
            ActionKind::Torque { .. } | ActionKind::AngularImpulse(_) => {}
        }
    }
    vs.into_iter().map(|v| format!("({}, {})", num(v.x), num(v.y))).collect()
}

/// A number in prose.
#[derive(Debug, PartialEq)]
pub struct Token<'a> {
    pub text: &'a str,
    /// Written as a result: "= 6", "= −1.44 N·s" (not "= 3·2", where it is a factor).
    pub after_equals: bool,
}

/// The numbers in `text`: runs of digits with an optional decimal part, not
/// glued to a letter, digit or point before them (the 1 of "m1", "r1").
pub fn tokens(text: &str) -> Vec<Token<'_>> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        let glued = i > 0 && {
            let p = chars[i - 1].1;
            p.is_alphanumeric() || p == '_' || p == '.' || p == '\''
        };
        if !c.is_ascii_digit() || glued {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && chars[j].1.is_ascii_digit() {
            j += 1;
        }
        if j + 1 < chars.len() && chars[j].1 == '.' && chars[j + 1].1.is_ascii_digit() {
            j += 1;
            while j < chars.len() && chars[j].1.is_ascii_digit() {
                j += 1;
            }
        }
        let end = chars.get(j).map_or(text.len(), |c| c.0);
        // A result follows "=" (and perhaps a sign), and is not a factor of more arithmetic.
        let before = text[..start].trim_end_matches(['-', '−', '+']).trim_end();
        let next = text[end..].trim_start().chars().next();
        let factor = matches!(next, Some('·' | '×' | '*' | '/' | '+' | '−' | '-' | '^' | '²'));
        let glued_after = chars.get(j).is_some_and(|c| c.1.is_alphanumeric() && c.1 != 'J' && c.1 != 'm' && c.1 != 's');
        if !glued_after {
            out.push(Token { text: &text[start..end], after_equals: before.ends_with('=') && !factor });
        }
        i = j;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> Vec<&str> {
        tokens(s).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn numbers_are_found_as_prose_writes_them() {
        assert_eq!(texts("jt = μ·jn = 0.2·(−7.2) = −1.44 N·s"), ["0.2", "7.2", "1.44"]);
        assert_eq!(texts("m1 and r1 = (1.6, −1.2), 27 J"), ["1.6", "1.2", "27"]);
        assert_eq!(texts("v1y' = 2.5."), ["2.5"]);
    }

    /// sat's vrn is 1.52968 m/s; its narration writes 1.530.
    #[test]
    fn a_rounded_answer_is_an_answer() {
        let hidden = BTreeSet::from([num(1.529684374568977)]);
        let answers = Answers {
            hidden,
            stated: BTreeSet::new(),
            vectors: BTreeSet::new(),
            stated_vectors: BTreeSet::new(),
            hidden_values: vec![1.529684374568977],
        };
        assert!(answers.revealed_in("vrn = −e·1.530 after the first impulse"));
        assert!(answers.revealed_in("vrn = 1.52968 m/s"));
        assert!(!answers.revealed_in("a factor of 1.5, a half of 2"), "too short to be the answer rounded");
        assert!(!answers.revealed_in("1.540 m"));
    }

    #[test]
    fn a_result_follows_an_equals_sign() {
        let t = tokens("vrt = v_rel·t = 0.72 + 5.28 = 6 m/s; jn = −(1 + e)·3");
        let results: Vec<&str> = t.iter().filter(|t| t.after_equals).map(|t| t.text).collect();
        assert_eq!(results, ["6"]);
    }
}
