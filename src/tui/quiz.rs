//! Predict, then see (DESIGN.md, "Classroom"). Quiz mode (`Q`, or `impulse
//! lesson ID --quiz`) hides the derivation's results at a lesson's
//! `[[question]]` phases until the learner answers on the status line: a
//! number, judged against the value the run recorded there, or a choice's
//! digit. Presenter mode (`P`) hides every phase's results for a teacher at
//! the front. `R` shows the next hidden line, one a press; showing a number
//! question's own line gives that question up. The answers and the score are
//! the session's (`session::quiz`); which lines are hidden is worked out here
//! and read by the view.

use super::app::{Mode, Msg, Stepper};
use super::words::{fill, words};
use crate::lesson::{Lang, QuestionEntry, Truth, Verdict, judge, truth};
use crate::session::quiz::{Answer, Quiz, past_every_question, questions_at};
use std::collections::BTreeSet;

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
}

/// The status line's answer prompt: which question, and what is typed so far.
#[derive(Clone, Debug, PartialEq)]
pub struct AnswerPrompt {
    pub question: usize,
    pub text: String,
}

/// What may be typed into an answer: a number, a vector's two, a choice's digit.
pub fn answer_char(c: char) -> bool {
    c.is_ascii_digit() || ".-+eE, ()−".contains(c)
}

impl Stepper {
    /// Quiz mode on or off, questions in `lang`; on, a question at the phase
    /// on screen is asked at once.
    pub fn classroom(&mut self, quiz: bool, lang: Lang) {
        (self.class.quiz, self.lang) = (quiz && !self.session.lesson.questions.is_empty(), lang);
        if quiz && !self.class.quiz {
            self.note = Some(words(lang).no_questions.to_string());
        }
        self.ask_here();
    }

    /// The questions asked at the phase on screen (none while playing).
    pub fn questions_here(&self) -> Vec<usize> {
        if self.playing.is_some() || self.session.lesson.questions.is_empty() {
            return Vec::new();
        }
        let names: Vec<String> = self.bodies().iter().map(|b| b.name.clone()).collect();
        questions_at(&self.session.lesson, self.record(), &names, self.phase)
    }

    /// The questions at the phase on screen that still hide its results
    /// (and its narration, which may give them away).
    pub fn open_here(&self) -> Vec<usize> {
        if !self.class.quiz {
            return Vec::new();
        }
        self.questions_here().into_iter().filter(|&q| self.class.answers.is_open(q)).collect()
    }

    /// The value question `q` asks for at the phase on screen, read from its record.
    pub fn truth_of(&self, q: &QuestionEntry) -> Option<Truth> {
        let answer = q.answer.as_deref()?;
        let names: Vec<String> = self.bodies().iter().map(|b| b.name.clone()).collect();
        let record = self.record();
        truth(answer, &record.phases.at(self.phase), &names, || record.state_after(self.phase + 1)).ok()
    }

    /// Every result quiz or presenter mode hides at the phase on screen, shown
    /// or not, by the quantity's place in the derivation: all of them, in
    /// presenter mode or while a question here is open. A formula further
    /// down puts a hidden result in as its symbol (`tui::view::derivation`),
    /// so `jn = −(1 + e)·vrn / k_n` gives neither vrn nor k_n away.
    fn hideable(&self) -> Vec<usize> {
        let asking = self.class.presenter || !self.open_here().is_empty();
        if self.playing.is_some() || !asking {
            return Vec::new();
        }
        let names: Vec<String> = self.bodies().iter().map(|b| b.name.clone()).collect();
        (0..self.record().phases.at(self.phase).quantities(&names).len()).collect()
    }

    /// The results of the derivation on screen that are hidden now, by the
    /// quantity's place among the phase's. The one set every panel consults:
    /// the derivation, and through [`Self::outcome_hidden`] the canvas, the
    /// bodies, the totals, the chart and the narration.
    pub fn hidden_lines(&self) -> BTreeSet<usize> {
        if !(self.class.quiz || self.class.presenter) || self.playing.is_some() {
            return BTreeSet::new();
        }
        self.hideable().into_iter().filter(|l| !self.class.revealed.contains(l)).collect()
    }

    /// Whether the phase's outcome (the bodies after it, its totals, its
    /// vectors, the narration anchored here) is hidden: some result still is.
    pub fn outcome_hidden(&self) -> bool {
        !self.hidden_lines().is_empty()
    }

    pub(super) fn classroom_key(&mut self, msg: Msg) {
        match msg {
            Msg::ToggleQuiz if self.session.lesson.questions.is_empty() => {
                self.note = Some(words(self.lang).no_questions.to_string());
            }
            Msg::ToggleQuiz => {
                self.class.quiz = !self.class.quiz;
                self.note = Some(if self.class.quiz {
                    let n = self.session.lesson.questions.len();
                    fill(words(self.lang).quiz_on, &[&n])
                } else {
                    words(self.lang).quiz_off.to_string()
                });
                if self.class.quiz {
                    self.ask_here();
                }
            }
            Msg::TogglePresenter => {
                self.class.presenter = !self.class.presenter;
                self.class.revealed.clear();
                self.note =
                    Some(if self.class.presenter { words(self.lang).presenter_on } else { words(self.lang).presenter_off }.to_string());
            }
            Msg::Reveal => self.reveal(),
            Msg::ShowAnswer => self.show_answer(),
            // Enter asks the question here (the guard opens the prompt), or says why not.
            Msg::Answer if !self.ask_here() => {
                self.note = Some(if self.class.quiz {
                    words(self.lang).no_open_question.to_string()
                } else {
                    "quiz mode is off: Q turns it on".to_string()
                });
            }
            _ => {}
        }
    }

    /// Opens the answer prompt for the first open question at the phase on
    /// screen, if there is one; whether it did.
    pub(super) fn ask_here(&mut self) -> bool {
        if self.running || self.mode != Mode::Step {
            return false;
        }
        match self.open_here().first() {
            Some(&question) => {
                self.mode = Mode::Answer(AnswerPrompt { question, text: String::new() });
                true
            }
            None => false,
        }
    }

    /// `R`: shows the next hidden result. A number question whose own result
    /// it shows is given up; a choice question once all its lines are shown.
    fn reveal(&mut self) {
        let hideable = self.hideable();
        let Some(&next) = hideable.iter().find(|l| !self.class.revealed.contains(l)) else {
            self.note = Some(words(self.lang).nothing_hidden.to_string());
            return;
        };
        self.class.revealed.insert(next);
        let left = hideable.iter().filter(|l| !self.class.revealed.contains(l)).count();
        self.note = Some(fill(words(self.lang).hidden_left, &[&left]));
        for q in self.open_here() {
            let question = &self.session.lesson.questions[q];
            let own = self.truth_of(question).and_then(|t| t.quantity);
            let given_up = match own {
                Some(line) => self.class.revealed.contains(&line),
                None => left == 0,
            };
            if given_up {
                self.class.answers.settle(q, Answer::Revealed);
                self.note = Some(fill(words(self.lang).revealed, &[&self.answer_text(q)]));
            }
        }
        if let Mode::Answer(p) = &self.mode
            && !self.class.answers.is_open(p.question)
        {
            self.mode = Mode::Step;
            // Another question at the same phase is asked next.
            self.ask_here();
        }
    }

    /// `S`: gives up the question being asked here (the first open one) and
    /// shows its answer; the next one at the phase, if any, is asked.
    fn show_answer(&mut self) {
        let asked = match &self.mode {
            Mode::Answer(p) => Some(p.question),
            _ => self.open_here().first().copied(),
        };
        let Some(q) = asked else {
            self.note = Some(if self.class.quiz { words(self.lang).no_open_question } else { words(self.lang).quiz_mode_off }.to_string());
            return;
        };
        self.class.answers.settle(q, Answer::Revealed);
        self.note = Some(fill(words(self.lang).revealed, &[&self.answer_text(q)]));
        self.mode = Mode::Step;
        self.ask_here();
    }

    /// The right answer to question `q`, as the phase on screen recorded it:
    /// "vrn = 3 m/s", or "1 negative".
    pub fn answer_text(&self, q: usize) -> String {
        let question = &self.session.lesson.questions[q];
        if question.choices.is_some() {
            let choices = question.choices(self.lang);
            return question.correct_index().map_or(String::new(), |k| format!("{} {}", k + 1, choices[k]));
        }
        self.truth_of(question).map_or_else(|| words(self.lang).not_recorded.to_string(), |t| t.text())
    }

    pub(super) fn answer_update(&mut self, msg: Msg) {
        let Mode::Answer(p) = &mut self.mode else { return };
        let question = &self.session.lesson.questions[p.question];
        match msg {
            Msg::Input(c) if question.choices.is_some() => {
                p.text = c.to_string();
                self.submit();
            }
            Msg::Input(c) => p.text.push(c),
            Msg::Erase => drop(p.text.pop()),
            Msg::ClearField => p.text.clear(),
            Msg::Accept => self.submit(),
            Msg::Reveal => self.reveal(),
            Msg::ShowAnswer => self.show_answer(),
            Msg::Cancel => {
                self.mode = Mode::Step;
                self.note = Some(words(self.lang).stays_open.to_string());
            }
            // Looking around keeps the prompt (the derivation scrolls under it) ...
            Msg::ScrollDown
            | Msg::ScrollUp
            | Msg::NarrationDown
            | Msg::NarrationUp
            | Msg::ToggleBounds
            | Msg::ToggleInfo
            | Msg::ToggleChart
            | Msg::SelectNext
            | Msg::SelectPrev => self.step_update(msg),
            // ... a key that moves or switches a mode closes it and does what it does when stepping ...
            Msg::NextPhase
            | Msg::PrevPhase
            | Msg::NextFrame
            | Msg::PrevFrame
            | Msg::First
            | Msg::Last
            | Msg::Restart
            | Msg::ToggleRun
            | Msg::NextStep
            | Msg::PrevStep
            | Msg::NextMatch
            | Msg::PrevMatch
            | Msg::GoToFrame
            | Msg::ToggleQuiz
            | Msg::TogglePresenter
            | Msg::Click(_) => {
                self.mode = Mode::Step;
                self.update_step(msg);
            }
            // ... and an edit is a slip of the finger here: it changes nothing.
            _ => {
                let how = match &question.choices {
                    Some(c) => fill(words(self.lang).press_choice, &[&c.len()]),
                    None => words(self.lang).type_number.to_string(),
                };
                self.note = Some(fill(words(self.lang).not_answer, &[&how]));
            }
        }
    }

    /// Judges what the prompt holds; a reading error keeps the prompt open.
    fn submit(&mut self) {
        let Mode::Answer(p) = &self.mode else { return };
        let (q, typed) = (p.question, p.text.clone());
        let question = &self.session.lesson.questions[q];
        match judge(question, self.truth_of(question).as_ref(), &typed) {
            Err(why) => self.note = Some(why),
            Ok(verdict) => {
                let (shown, wrote) = if question.choices.is_some() {
                    let k: usize = typed.trim().parse().unwrap_or(1);
                    (format!("{k} {}", question.choices(self.lang)[k - 1]), words(self.lang).wrong_picked)
                } else {
                    (crate::lesson::question::typed_text(&typed), words(self.lang).wrong_wrote)
                };
                self.class.answers.settle(q, Answer::Given { verdict, typed: shown.clone() });
                self.mode = Mode::Step;
                self.note = Some(match verdict {
                    Verdict::Right => fill(words(self.lang).right, &[&self.answer_text(q)]),
                    Verdict::Wrong => fill(wrote, &[&self.answer_text(q), &shown]),
                });
                // Another question at the same phase is asked next.
                self.ask_here();
            }
        }
    }

    /// After every key: a new phase shows its own lines hidden again, opens
    /// the answer prompt at an open question, and says when a question was
    /// left unanswered or the quiz is over (with the score).
    pub(super) fn after_key(&mut self, from: (u64, usize), open_before: Vec<usize>) {
        let here = (self.frame, self.phase);
        if here != from {
            self.class.revealed.clear();
        }
        if !self.class.quiz || self.session.lesson.questions.is_empty() || self.playing.is_some() {
            return;
        }
        if here != from {
            if here > from
                && let Some(&q) = open_before.iter().find(|&&q| self.class.answers.is_open(q))
                && self.note.is_none()
            {
                self.note = Some(fill(words(self.lang).left_unanswered, &[&(q + 1)]));
            }
            self.ask_here();
        }
        let names: Vec<String> = self.bodies().iter().map(|b| b.name.clone()).collect();
        let past = past_every_question(&self.session.lesson, self.record(), &names, self.phase);
        let score = self.class.answers.score();
        let finished = past || score.open == 0;
        if finished && !self.class.finished {
            let over = fill(words(self.lang).quiz_over, &[&score.text(self.lang)]);
            self.note = Some(self.note.take().map_or(over.clone(), |n| format!("{n} · {over}")));
        }
        self.class.finished = finished;
    }

    /// The open questions at the phase on screen, before a key moves away.
    pub(super) fn open_questions(&self) -> Vec<usize> {
        self.open_here()
    }
}
