//! The lesson parts of a scene file: `[lesson]`, `[[step]]`, `[[check]]`,
//! `[[toggle]]` and `[[question]]`.

use crate::engine::{ContactModel, Friction, Integrator, Tangent};
use crate::scene::save::{rename_strings, with_line_ends};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct LessonSection {
    pub id: String,
    pub title: String,
    pub order: i64,
    pub summary: String,
    /// The lesson's title and summary in Chinese.
    pub title_zh: Option<String>,
    pub summary_zh: Option<String>,
    /// The text the lesson follows (`impulse lessons` names it).
    pub source: Option<super::Source>,
}

impl LessonSection {
    pub fn title(&self, lang: super::Lang) -> &str {
        lang.pick(&self.title, self.title_zh.as_deref())
    }
    pub fn summary(&self, lang: super::Lang) -> &str {
        lang.pick(&self.summary, self.summary_zh.as_deref())
    }
}

/// Where in the run a step or check is anchored: a phase of a frame, narrowed
/// by pass and pair when the kind happens more than once.
#[derive(Debug, Clone, PartialEq)]
pub struct Anchor {
    pub frame: u64,
    pub kind: String,
    pub iteration: Option<usize>,
    pub pair: Option<[String; 2]>,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct StepEntry {
    #[serde(default)]
    pub frame: u64,
    pub kind: String,
    pub iteration: Option<usize>,
    pub pair: Option<[String; 2]>,
    /// Settings beside the lesson's for this step's run: the step narrates
    /// that run's phase (a fix beside the bug), and the TUI shows it only
    /// when the settings on screen are the lesson's with these.
    #[serde(default)]
    pub with: Overrides,
    pub title: String,
    pub text: String,
    /// The same step in Chinese.
    pub title_zh: Option<String>,
    pub text_zh: Option<String>,
}

impl StepEntry {
    pub fn title(&self, lang: super::Lang) -> &str {
        lang.pick(&self.title, self.title_zh.as_deref())
    }
    pub fn text(&self, lang: super::Lang) -> &str {
        lang.pick(&self.text, self.text_zh.as_deref())
    }
}

/// `[[toggle]]`: a key the lesson names (a digit) that switches between the
/// file as written and the file with `sets` (`--set`-style changes) at the
/// frame on screen, as the rough-balls article's demo switches friction and restitution.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct ToggleEntry {
    pub key: String,
    pub label: String,
    #[serde(default)]
    pub label_zh: Option<String>,
    pub sets: Vec<String>,
}

impl ToggleEntry {
    pub fn label(&self, lang: super::Lang) -> &str {
        lang.pick(&self.label, self.label_zh.as_deref())
    }
}

/// Solver settings a check runs under instead of the scene's, so one lesson can
/// compare a bug with its fix.
#[derive(Deserialize, Debug, Clone, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Overrides {
    pub tangent: Option<Tangent>,
    pub friction: Option<Friction>,
    pub relaxation_iterations: Option<i64>,
    pub coulomb_cap: Option<bool>,
    pub restitution_threshold: Option<f64>,
    pub slop: Option<f64>,
    pub contact: Option<ContactModel>,
    pub integrator: Option<Integrator>,
    pub warm_start: Option<bool>,
    pub method: Option<crate::engine::Method>,
    pub side_tracking: Option<bool>,
    pub velocity_correction: Option<bool>,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum Expected {
    Scalar(f64),
    Vector([f64; 2]),
    Bool(bool),
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct CheckEntry {
    #[serde(default)]
    pub frame: u64,
    pub kind: String,
    pub iteration: Option<usize>,
    pub pair: Option<[String; 2]>,
    /// A value the phase computed, by its trace name (`jn`, `depth`, …).
    pub quantity: Option<String>,
    /// Or a body's state once the phase has run …
    pub body: Option<String>,
    pub field: Option<String>,
    /// … or a whole-world total once the phase has run: `kinetic_energy`,
    /// `potential_energy`, `energy` (their sum), `momentum`.
    pub world: Option<String>,
    pub expected: Expected,
    #[serde(default = "default_tolerance")]
    pub tolerance: f64,
    #[serde(default)]
    pub with: Overrides,
    pub note: Option<String>,
}

fn default_tolerance() -> f64 {
    1e-9
}

/// `[[question]]`: asked at a phase, anchored as a step is. The learner
/// answers with a number, judged against the value the run records there
/// (`answer` names it; the file never holds the number), or picks one of
/// `choices`, `correct` naming the right one.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct QuestionEntry {
    #[serde(default)]
    pub frame: u64,
    pub kind: String,
    pub iteration: Option<usize>,
    pub pair: Option<[String; 2]>,
    pub ask: String,
    pub ask_zh: Option<String>,
    /// A value the phase records: a quantity by its trace name (`jt`, `vrn`),
    /// or a body's state after the phase (`m1.angular_velocity`); a vector's
    /// part with `.x` or `.y` (`v_rel.y`, `m1.velocity.x`).
    pub answer: Option<String>,
    /// How far a typed number may be from the recorded one, as a share of its
    /// size: 0.01 (1 %) unless given.
    pub tolerance: Option<f64>,
    pub choices: Option<Vec<String>>,
    pub choices_zh: Option<Vec<String>>,
    /// The right choice: its text, or its number counted from 1 as on screen.
    pub correct: Option<Correct>,
    pub explain: Option<String>,
    pub explain_zh: Option<String>,
    /// The quantity as the lesson speaks of it ("m1's spin ω after the
    /// impulse"), for the feedback; the `answer`'s name where none is given.
    pub name: Option<String>,
    pub name_zh: Option<String>,
    /// The lesson's own hint, the first one a learner is given.
    pub hint: Option<String>,
    pub hint_zh: Option<String>,
    /// How many answers a learner may give before the answer is shown: 2 unless given.
    pub tries: Option<u32>,
}

/// A question's `correct`: `correct = 2` or `correct = "negative"`.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum Correct {
    Number(i64),
    Text(String),
}

/// A learner may answer twice unless the question says otherwise: a slip
/// is graded and hinted at before the answer is shown.
pub const DEFAULT_TRIES: u32 = 2;

/// A typed answer is right within 1 % of the recorded value unless the question says otherwise.
pub const DEFAULT_QUESTION_TOLERANCE: f64 = 0.01;

impl QuestionEntry {
    pub fn ask(&self, lang: super::Lang) -> &str {
        lang.pick(&self.ask, self.ask_zh.as_deref())
    }
    pub fn explain(&self, lang: super::Lang) -> Option<&str> {
        self.explain.as_deref().map(|en| lang.pick(en, self.explain_zh.as_deref()))
    }
    /// The choices in `lang` (the English ones where the file gives no Chinese).
    pub fn choices(&self, lang: super::Lang) -> Vec<&str> {
        let en = self.choices.as_deref().unwrap_or_default();
        let zh = self.choices_zh.as_deref().filter(|zh| zh.len() == en.len());
        match (lang, zh) {
            (super::Lang::Zh, Some(zh)) => zh.iter().map(String::as_str).collect(),
            _ => en.iter().map(String::as_str).collect(),
        }
    }
    pub fn name(&self, lang: super::Lang) -> Option<&str> {
        self.name.as_deref().map(|en| lang.pick(en, self.name_zh.as_deref()))
    }
    pub fn hint(&self, lang: super::Lang) -> Option<&str> {
        self.hint.as_deref().map(|en| lang.pick(en, self.hint_zh.as_deref()))
    }
    pub fn tries(&self) -> u32 {
        self.tries.unwrap_or(DEFAULT_TRIES)
    }
    pub fn tolerance(&self) -> f64 {
        self.tolerance.unwrap_or(DEFAULT_QUESTION_TOLERANCE)
    }
    /// The index (from 0) of the right choice, when `correct` names one.
    pub fn correct_index(&self) -> Option<usize> {
        let choices = self.choices.as_deref()?;
        match self.correct.as_ref()? {
            Correct::Number(n) => usize::try_from(*n).ok().filter(|&n| (1..=choices.len()).contains(&n)).map(|n| n - 1),
            Correct::Text(t) => choices.iter().position(|c| c == t),
        }
    }
}

macro_rules! anchored {
    ($($t:ty),*) => {$(
        impl $t {
            pub fn anchor(&self) -> Anchor {
                Anchor { frame: self.frame, kind: self.kind.clone(), iteration: self.iteration, pair: self.pair.clone() }
            }
        }
    )*};
}
anchored!(StepEntry, CheckEntry, QuestionEntry);

/// `text` (a lesson or scene file) with the bodies renamed by `renamed` (the
/// file's name → the new one) in its lesson tables: the pairs of steps, checks
/// and questions, a check's `body`, a question's answer about a body
/// (`m1.velocity.x`) and a key's `body.NAME.KEY` changes. They mean the same
/// bodies under their new names; the narration's words are left as written.
pub fn rename_bodies(text: &str, renamed: &BTreeMap<&str, &str>) -> Result<String, String> {
    if renamed.is_empty() {
        return Ok(text.to_string());
    }
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| e.message().to_string())?;
    let name = |old: &str| renamed.get(old).map(|n| n.to_string());
    for table in ["step", "check", "question"] {
        rename_strings(&mut doc, table, "pair", &name);
    }
    rename_strings(&mut doc, "check", "body", &name);
    // The longest name the answer starts with, as `question::truth` reads it.
    let answer = |a: &str| {
        let old = renamed.keys().filter(|old| a.strip_prefix(**old).is_some_and(|rest| rest.starts_with('.'))).max_by_key(|o| o.len())?;
        Some(format!("{}{}", renamed[old], &a[old.len()..]))
    };
    rename_strings(&mut doc, "question", "answer", &answer);
    // `body.NAME.KEY=VALUE`, as `scene::overrides` reads it.
    let set = |s: &str| {
        let (key, value) = s.split_once('=')?;
        let [table, old, field] = key.trim().split('.').collect::<Vec<_>>()[..] else { return None };
        (table == "body").then_some(())?;
        Some(format!("body.{}.{field}={value}", renamed.get(old)?))
    };
    rename_strings(&mut doc, "toggle", "sets", &set);
    Ok(with_line_ends(text, doc.to_string()))
}
