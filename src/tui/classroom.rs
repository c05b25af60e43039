//! What the classroom modes hold: quiz and presenter switched on or off, the
//! learner's answers, feedback and hints (`modes/quiz.rs` and
//! `modes/presenter.rs` are how they change).

use crate::session::quiz::Quiz;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// The classroom's switches and the learner's answers.
#[derive(Clone, Debug, Default)]
pub struct Classroom {
    /// Quiz mode: a question's phase hides its results until it is answered.
    pub quiz: bool,
    /// Presenter mode: every phase hides its results until `R` shows them.
    pub presenter: bool,
    pub answers: Quiz,
    /// Results `R` has shown at the phase on screen, by the quantity's place among the phase's.
    pub revealed: BTreeSet<usize>,
    /// Quiz mode is past every question (or has them all answered): the score shows.
    pub finished: bool,
    /// The last feedback on each question answered, shown under it.
    pub feedback: BTreeMap<usize, String>,
    /// How many of each question's hints have been given.
    pub hints: BTreeMap<usize, usize>,
    /// `--quiz-log FILE`: each answer is appended there as a JSON line.
    pub log: Option<PathBuf>,
}
