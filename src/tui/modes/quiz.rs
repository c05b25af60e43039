//! Predict, then see (docs/quiz.md). Quiz mode (`Q`, or `impulse lesson ID
//! --quiz`) hides the derivation's results at a lesson's `[[question]]`
//! phases until the learner answers at the prompt this module opens: a
//! number, judged against the value the run recorded there, or a choice's
//! digit. `!` gives a question up. The answers and the score are the
//! session's (`session::quiz`); which lines are hidden is the context's
//! (`Context::hidden_lines`), read by the view.

use crate::lesson::{Judged, Lang, Verdict, judge};
use crate::session::line::LineEdit;
use crate::session::quiz::{Answer, past_every_question};
use crate::tui::binding::{Binding, NONE, bind, hint_line};
use crate::tui::context::Context;
use crate::tui::effect::Effect;
use crate::tui::msg::Msg;
use crate::tui::note::{Note, note_text};
use crate::tui::words::{fill, words};
use crossterm::event::KeyCode::*;

/// The answer prompt's keys: it owns the keyboard, every other key is typed.
pub static KEYS: &[Binding] = &[
    bind!(Answer, "Enter", "check the answer against the run", "用运行结果核对答案", Msg::Accept, [(Enter, NONE)], hint: "Enter check", "Enter 核对"),
    bind!(Answer, "Tab", "a hint (the lesson's, then the formula)", "提示（先是课程的，再是公式）", Msg::Hint, [(Tab, NONE)], hint: "Tab hint", "Tab 提示"),
    bind!(Answer, "PgDn PgUp", "scroll the derivation", "推导向下 / 向上滚动", Msg::ScrollDown, [(PageDown, NONE)]),
    bind!(Answer, "", "", "", Msg::ScrollUp, [(PageUp, NONE)]),
    bind!(Answer, "Esc", "answer later (then ! shows the answer)", "稍后回答（之后 ! 显示答案）", Msg::Cancel, [(Esc, NONE)], hint: "Esc later", "Esc 稍后"),
];

/// The status line's answer prompt: which question, and what is typed so far.
#[derive(Clone, Debug, PartialEq)]
pub struct AnswerPrompt {
    pub question: usize,
    pub text: LineEdit,
}

/// Where the keys go after a key at the answer prompt.
#[derive(Debug, PartialEq)]
pub enum Then {
    Stay,
    /// Back to stepping.
    Done,
    /// Settled: the next question at the same phase is asked.
    Next(AnswerPrompt),
}

/// Quiz mode on or off, questions in `lang` (`--quiz`, `--lang`); the prompt
/// for a question at the phase on screen, asked at once.
pub fn switch(ctx: &mut Context, quiz: bool, lang: Lang) -> Option<AnswerPrompt> {
    (ctx.class.quiz, ctx.lang) = (quiz && !ctx.session.lesson.questions.is_empty(), lang);
    if quiz && !ctx.class.quiz {
        ctx.note = Some(Note::NoQuestions);
    }
    asked(ctx)
}

/// The prompt for the first open question at the phase on screen, if there
/// is one and play is stopped (the keys are stepping's when this is asked).
pub fn asked(ctx: &Context) -> Option<AnswerPrompt> {
    if ctx.running {
        return None;
    }
    ctx.open_here().first().map(|&question| AnswerPrompt { question, text: LineEdit::default() })
}

/// The quiz's keys while stepping (`Q`, `!`, Enter); the prompt they open, if any.
pub fn key(msg: Msg, ctx: &mut Context) -> Option<AnswerPrompt> {
    match msg {
        Msg::ToggleQuiz if ctx.session.lesson.questions.is_empty() => ctx.note = Some(Note::NoQuestions),
        Msg::ToggleQuiz => {
            ctx.class.quiz = !ctx.class.quiz;
            ctx.note = Some(if ctx.class.quiz { Note::QuizOn { questions: ctx.session.lesson.questions.len() } } else { Note::QuizOff });
            if ctx.class.quiz {
                return asked(ctx);
            }
        }
        Msg::ShowAnswer => return show_answer(ctx),
        // Enter asks the question here, or says why not.
        Msg::Answer => {
            let prompt = asked(ctx);
            if prompt.is_none() {
                ctx.note = Some(if ctx.class.quiz { Note::NoOpenQuestion } else { Note::QuizModeOff });
            }
            return prompt;
        }
        _ => {}
    }
    None
}

/// `!`: gives up the first open question here and shows its answer;
/// the next one at the phase, if any, is asked.
fn show_answer(ctx: &mut Context) -> Option<AnswerPrompt> {
    let Some(q) = ctx.open_here().first().copied() else {
        ctx.note = Some(if ctx.class.quiz { Note::NoOpenQuestion } else { Note::QuizModeOff });
        return None;
    };
    give_up(ctx, q);
    asked(ctx)
}

/// Question `q` settled as given up, its answer on the status line.
pub fn give_up(ctx: &mut Context, q: usize) {
    ctx.class.answers.settle(q, Answer::Revealed);
    ctx.note = Some(Note::Revealed { answer: ctx.answer_text(q) });
}

/// A key while the answer prompt is open: it owns the keyboard, so
/// every key goes to the answer's text, and only Enter, Tab, Esc and
/// the scrolling of the derivation do anything else.
pub fn update(p: &mut AnswerPrompt, msg: Msg, ctx: &mut Context) -> Then {
    let choice = ctx.session.lesson.questions[p.question].choices.is_some();
    match msg {
        // A choice's digit, typed first, picks it at once.
        Msg::Input(c) if choice && p.text.is_empty() && c.is_ascii_digit() => {
            p.text.insert(c);
            return submit(p, ctx);
        }
        // What the last Enter said stays in the panel; the status line clears for the new text.
        _ if msg.edit_line(&mut p.text) => ctx.note = None,
        Msg::Accept => return submit(p, ctx),
        Msg::Hint => ctx.note = Some(next_hint(ctx, p.question).unwrap_or(Note::NoMoreHints)),
        Msg::ScrollDown => ctx.scroll_derivation(true),
        Msg::ScrollUp => ctx.scroll_derivation(false),
        Msg::Cancel => {
            ctx.note = Some(Note::StaysOpen);
            return Then::Done;
        }
        _ => {}
    }
    Then::Stay
}

/// Gives question `q`'s next hint, as a note; none when all are given.
fn next_hint(ctx: &mut Context, q: usize) -> Option<Note> {
    let all = ctx.hints_of(q);
    let given = ctx.class.hints.entry(q).or_default();
    let hint = all.get(*given)?;
    *given += 1;
    Some(Note::Hint { n: *given, of: all.len(), text: hint.clone() })
}

/// Judges what the prompt holds. One that cannot be read keeps the
/// prompt open and costs no try; a wrong one with tries left says how it
/// is wrong and gives the next hint; the last wrong one, or a right one,
/// settles the question and shows the answer.
fn submit(p: &mut AnswerPrompt, ctx: &mut Context) -> Then {
    let (q, typed) = (p.question, p.text.to_string());
    let question = &ctx.session.lesson.questions[q];
    let truth = ctx.truth_of(question);
    let judged = match judge(question, truth.as_ref(), &typed, ctx.lang) {
        Ok(j) => j,
        Err(why) => {
            ctx.note = Some(Note::Said(why));
            return Then::Stay;
        }
    };
    let (allowed, tolerance, question_is_choice) = (question.tries(), question.tolerance(), question.choices.is_some());
    let tries = ctx.class.answers.tried(q);
    log_answer(ctx, q, &typed, &judged, tries);
    let how = judged.grade.feedback(truth.as_ref(), tolerance, ctx.lang);
    let right = judged.grade.verdict() == Verdict::Right;
    let feedback = if right {
        Note::Right { answer: ctx.answer_text(q) }
    } else if tries < allowed {
        Note::WrongTry { how, left: allowed - tries }
    } else {
        Note::WrongLast { how, answer: ctx.answer_text(q) }
    };
    ctx.class.feedback.insert(q, note_text(&feedback, ctx.lang));
    // A try left: the next hint comes with the feedback (the panel lists the hints given).
    let hint = if right || tries >= allowed { None } else { next_hint(ctx, q) };
    ctx.note = Some(match hint {
        Some(h) => feedback.then(h),
        None => feedback,
    });
    // A choice is picked afresh; a number stays, to be mended with the line editor.
    if question_is_choice {
        p.text.clear();
    }
    if !(right || tries >= allowed) {
        return Then::Stay;
    }
    ctx.class.answers.settle(q, Answer::Given { verdict: judged.grade.verdict(), typed: judged.shown });
    // Another question at the same phase is asked next, under this one's feedback.
    asked(ctx).map_or(Then::Done, Then::Next)
}

/// With `--quiz-log`, a line for the teacher's file: the shell appends it, with the time.
fn log_answer(ctx: &mut Context, q: usize, typed: &str, judged: &Judged, tries: u32) {
    let Some(path) = ctx.class.log.clone() else { return };
    let lesson = ctx.session.lesson.section.as_ref().map_or_else(|| ctx.session.lesson.file.clone(), |l| l.id.clone());
    let record = serde_json::json!({
        "lesson": lesson,
        "question": q + 1,
        "answer": typed.trim(),
        "verdict": judged.grade.key(),
        "tries": tries,
    });
    ctx.effect = Some(Effect::Log { path, record });
}

/// After every key: a new phase shows its own lines hidden again, says when
/// a question was left unanswered or the quiz is over (with the score), and
/// gives the prompt for an open question there (asked if the keys are stepping's).
pub fn after_key(ctx: &mut Context, from: (u64, usize), open_before: &[usize]) -> Option<AnswerPrompt> {
    let here = (ctx.frame, ctx.phase);
    if here != from {
        ctx.class.revealed.clear();
    }
    if !ctx.class.quiz || ctx.session.lesson.questions.is_empty() || ctx.playing.is_some() {
        return None;
    }
    let mut prompt = None;
    if here != from {
        if here > from
            && let Some(&q) = open_before.iter().find(|&&q| ctx.class.answers.is_open(q))
            && ctx.note.is_none()
        {
            ctx.note = Some(Note::LeftUnanswered { question: q });
        }
        prompt = asked(ctx);
    }
    let past = past_every_question(&ctx.session.lesson, ctx.record(), &ctx.names(), ctx.phase);
    let score = ctx.class.answers.score();
    let finished = past || score.open == 0;
    if finished && !ctx.class.finished {
        let over = Note::QuizOver(score);
        ctx.note = Some(match ctx.note.take() {
            Some(n) => n.then(over),
            None => over,
        });
    }
    ctx.class.finished = finished;
    prompt
}

/// What the prompt asks (`Q2 Your answer`), and the keys the status line
/// gives while it is open, from the key map's hints; a choice is picked by
/// its digit or its words, not checked with Enter.
pub fn asking(p: &AnswerPrompt, ctx: &Context, lang: Lang) -> (String, String) {
    let w = words(lang);
    let question = &ctx.session.lesson.questions[p.question];
    let n = question.choices.as_ref().map_or(0, Vec::len);
    let (what, keys) = if n > 0 {
        let others = hint_line(KEYS.iter().filter(|b| b.msg != Msg::Accept), lang);
        (w.your_pick, format!("{} · {others}", fill(w.pick_first, &[&n])))
    } else {
        (w.your_answer, hint_line(KEYS, lang))
    };
    (format!("Q{} {what}", p.question + 1), keys)
}
