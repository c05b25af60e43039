//! Predict, then see (docs/quiz.md). Quiz mode (`Q`, or `impulse
//! lesson ID --quiz`) hides the derivation's results at a lesson's
//! `[[question]]` phases until the learner answers on the status line: a
//! number, judged against the value the run recorded there, or a choice's
//! digit. Presenter mode (`P`) hides every phase's results for a teacher at
//! the front. `R` shows the next hidden line, one a press; showing a number
//! question's own line gives that question up. The answers and the score are
//! the session's (`session::quiz`); which lines are hidden is worked out here
//! and read by the view.

use super::app::{Mode, Msg, Stepper};
use super::classroom::AnswerPrompt;
use super::effect::Effect;
use super::words::{fill, words};
use crate::engine::Quantity;
use crate::lesson::{Judged, Lang, QuestionEntry, Truth, Verdict, hints, judge, truth};
use crate::session::line::LineEdit;
use crate::session::quiz::{Answer, past_every_question, questions_at};
use std::collections::BTreeSet;

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
        let mut t = truth(answer, &record.phases.at(self.phase), &names, || record.state_after(self.phase + 1)).ok()?;
        // Named as the lesson speaks of it ("m1's spin ω after the impulse"), where it says.
        if let Some(name) = q.name(self.lang) {
            t.name = name.trim().to_string();
        }
        Some(t)
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
        let quantities = self.record().phases.at(self.phase).quantities(&names);
        (0..quantities.len()).filter(|&k| !is_setting(&quantities[k])).collect()
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
                self.mode = Mode::Answer(AnswerPrompt { question, text: LineEdit::default() });
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
        let mut gave_up = false;
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
                gave_up = true;
            }
        }
        if gave_up {
            // Another question at the same phase is asked next.
            self.ask_here();
        }
    }

    /// `!`: gives up the first open question here and shows its answer;
    /// the next one at the phase, if any, is asked.
    fn show_answer(&mut self) {
        let Some(q) = self.open_here().first().copied() else {
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

    /// A key while the answer prompt is open: it owns the keyboard, so
    /// every key goes to the answer's text, and only Enter, Tab, Esc and
    /// the scrolling of the derivation do anything else.
    pub(super) fn answer_update(&mut self, msg: Msg) {
        let Mode::Answer(p) = &mut self.mode else { return };
        let choice = self.session.lesson.questions[p.question].choices.is_some();
        match msg {
            // A choice's digit, typed first, picks it at once.
            Msg::Input(c) if choice && p.text.is_empty() && c.is_ascii_digit() => {
                p.text.insert(c);
                self.submit();
            }
            // What the last Enter said stays in the panel; the status line clears for the new text.
            _ if msg.edit_line(&mut p.text) => self.note = None,
            Msg::Accept => self.submit(),
            Msg::Hint => {
                let q = p.question;
                self.note = Some(self.next_hint(q).unwrap_or_else(|| words(self.lang).no_more_hints.to_string()));
            }
            Msg::ScrollDown | Msg::ScrollUp => self.step_update(msg),
            Msg::Cancel => {
                self.mode = Mode::Step;
                self.note = Some(words(self.lang).stays_open.to_string());
            }
            _ => {}
        }
    }

    /// The hints of question `q`, in the order they are given (see [`hints`]).
    pub fn hints_of(&self, q: usize) -> Vec<String> {
        let question = &self.session.lesson.questions[q];
        let names: Vec<String> = self.bodies().iter().map(|b| b.name.clone()).collect();
        let truth = self.truth_of(question);
        hints(question, truth.as_ref(), &self.record().phases.at(self.phase), &names, self.lang)
    }

    /// Gives question `q`'s next hint, written as the note shows it; none when all are given.
    fn next_hint(&mut self, q: usize) -> Option<String> {
        let all = self.hints_of(q);
        let given = self.class.hints.entry(q).or_default();
        let hint = all.get(*given)?;
        *given += 1;
        Some(fill(words(self.lang).hint_n, &[given, &all.len(), hint]))
    }

    /// Judges what the prompt holds. One that cannot be read keeps the
    /// prompt open and costs no try; a wrong one with tries left says how it
    /// is wrong and gives the next hint; the last wrong one, or a right one,
    /// settles the question and shows the answer.
    fn submit(&mut self) {
        let Mode::Answer(p) = &self.mode else { return };
        let (q, typed) = (p.question, p.text.to_string());
        let question = &self.session.lesson.questions[q];
        let truth = self.truth_of(question);
        let judged = match judge(question, truth.as_ref(), &typed, self.lang) {
            Ok(j) => j,
            Err(why) => return self.note = Some(why),
        };
        let (allowed, tolerance, question_is_choice) = (question.tries(), question.tolerance(), question.choices.is_some());
        let tries = self.class.answers.tried(q);
        self.log_answer(q, &typed, &judged, tries);
        let w = words(self.lang);
        let how = judged.grade.feedback(truth.as_ref(), tolerance, self.lang);
        let right = judged.grade.verdict() == Verdict::Right;
        let feedback = if right {
            fill(w.right, &[&self.answer_text(q)])
        } else if tries < allowed {
            fill(w.wrong_try, &[&how, &(allowed - tries)])
        } else {
            fill(w.wrong_last, &[&how, &self.answer_text(q)])
        };
        self.class.feedback.insert(q, feedback.clone());
        // A try left: the next hint comes with the feedback (the panel lists the hints given).
        let hint = if right || tries >= allowed { None } else { self.next_hint(q) };
        self.note = Some(hint.map_or(feedback.clone(), |h| format!("{feedback} · {h}")));
        // A choice is picked afresh; a number stays, to be mended with the line editor.
        if let Mode::Answer(p) = &mut self.mode
            && question_is_choice
        {
            p.text.clear();
        }
        if right || tries >= allowed {
            self.class.answers.settle(q, Answer::Given { verdict: judged.grade.verdict(), typed: judged.shown });
            self.mode = Mode::Step;
            // Another question at the same phase is asked next, under this one's feedback.
            self.ask_here();
        }
    }

    /// With `--quiz-log`, a line for the teacher's file: the shell appends it, with the time.
    fn log_answer(&mut self, q: usize, typed: &str, judged: &Judged, tries: u32) {
        let Some(path) = self.class.log.clone() else { return };
        let lesson = self.session.lesson.section.as_ref().map_or_else(|| self.session.lesson.file.clone(), |l| l.id.clone());
        let record = serde_json::json!({
            "lesson": lesson,
            "question": q + 1,
            "answer": typed.trim(),
            "verdict": judged.grade.key(),
            "tries": tries,
        });
        self.effect = Some(Effect::Log { path, record });
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

/// The time step is the world's setting, given before any question: a
/// derivation shows it as the lesson's `[world]` sets it, never as `dt = ?`.
fn is_setting(q: &Quantity) -> bool {
    q.name == "dt" && q.formula.is_none()
}
