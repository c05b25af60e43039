//! The note on the status line: what the last key did, or why it did
//! nothing, kept as what happened rather than as a sentence, so the view
//! writes it in the screen's language ([`note_text`]). Text a variant holds
//! is what a lower layer or the lesson already wrote (a parser's message, an
//! edit's label as undo keeps it, a body's name), never words of the screen.

use super::effect::{Concern, Refusal};
use super::words::{Words, fill, words};
use crate::lesson::Lang;
use crate::notation::num;
use crate::scene::Problem;
use crate::session::quiz::Score;
use std::path::PathBuf;

#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// A finished sentence from a lower layer: the guard's non-finite
    /// message, the judge's reason an answer cannot be read.
    Said(String),
    /// Two notes at once, the first answering the key.
    Then(Box<Note>, Box<Note>),

    // The scene and what was typed.
    /// The scene opened with a warning (bodies overlapping at the start).
    Warning(Problem),
    /// What is wrong with a condition, an override or a name typed: message and help.
    Problem(Problem),
    /// A breakpoint's condition that cannot be read, from this column on.
    BadCondition {
        column: usize,
        problem: Problem,
    },
    /// A lesson's toggle whose overrides do not apply.
    ToggleFailed(Problem),

    // Keys.
    Unbound(char),
    /// A key that needs the phases on screen, pressed while frame `frame`
    /// is still being recorded.
    Recording {
        frame: u64,
    },
    AltChord(char),
    NoSelection,
    NoBodyThere,
    DelAgain {
        name: String,
    },
    Unsaved,
    QuitDrops {
        file: String,
    },
    BackDrops {
        file: String,
    },
    LeftUnsaved,

    // Edits and undo, with the label the edit gave itself (the session keeps it for undo).
    Edited {
        label: String,
        lost: Vec<usize>,
    },
    NotEdited(String),
    Undone {
        label: String,
    },
    Redone {
        label: String,
    },
    NothingToUndo,
    NothingToRedo,
    NoToggles {
        key: u8,
    },
    NotAToggle {
        key: u8,
    },
    EditCancelled,
    FieldsToFix(usize),
    TurnStep {
        degrees: f64,
    },
    GridStep {
        metres: f64,
    },
    StaticShot {
        name: String,
    },
    ShotCancelled,

    // What is shown.
    Bounds {
        shown: bool,
    },
    Vectors {
        shown: bool,
    },
    Chart {
        shown: bool,
    },
    Names {
        shown: bool,
    },
    TrueScale(bool),
    CanvasWide(bool),
    DerivationWide(bool),
    ViewWide {
        metres: f64,
    },
    ViewDragged,
    ViewMoved,
    Follows {
        name: String,
    },
    ViewStays,
    ViewOwn,
    ViewFitted,
    Copied {
        address: String,
    },
    Step(StepTitle),
    NoSteps,
    NoStepAfter,
    NoStepBefore,

    // Prompts and breakpoints.
    Cancelled,
    Frame(u64),
    FrameAtMost {
        limit: u64,
        ahead: u64,
    },
    WriteFrame,
    BreaksAtMost(usize),
    BreakpointAdded {
        number: usize,
        text: String,
    },
    BreakpointRemoved {
        number: usize,
        text: String,
    },
    BreakpointHit {
        number: usize,
        frame: u64,
        phase: usize,
        text: String,
    },
    NoBreakpoints,
    NoMatchAhead {
        last: u64,
        frames: u64,
    },
    NoMatchBack {
        stop: u64,
        frames: u64,
    },
    NoMatchBackToStart,
    AbOn {
        sets: Vec<String>,
    },
    AbOff,

    // Quiz and presenter.
    NoQuestions,
    QuizOn {
        questions: usize,
    },
    QuizOff,
    NoOpenQuestion,
    QuizModeOff,
    /// The answer given up, as the run recorded it.
    Revealed {
        answer: String,
    },
    /// A hint: the `n`th of `of`, in the lesson's words.
    Hint {
        n: usize,
        of: usize,
        text: String,
    },
    NoMoreHints,
    StaysOpen,
    Right {
        answer: String,
    },
    /// Wrong, with how (the judge's words) and the tries left.
    WrongTry {
        how: String,
        left: u32,
    },
    WrongLast {
        how: String,
        answer: String,
    },
    LeftUnanswered {
        question: usize,
    },
    QuizOver(Score),
    Presenter {
        on: bool,
    },
    NothingHidden,
    HiddenLeft(usize),

    // Saving.
    WriteName,
    NotSaved,
    /// The scene's text could not be made (the session's reason).
    SaveFailed(String),
    WriteFailed {
        path: PathBuf,
        error: String,
    },
    Saved {
        path: PathBuf,
        motion_off: bool,
        later: Vec<u64>,
    },
    WroteFrame {
        frame: u64,
        path: PathBuf,
        file: String,
        motion_off: bool,
    },
    /// What writing the scene's file would do beyond giving it new text.
    Concerns {
        path: PathBuf,
        concerns: Vec<Concern>,
    },
    Refused(Refusal),
    LogNotWritten(String),
}

/// What the note names a lesson's step by: its title, or, where the title
/// could give away what is hidden, the open question or the step's number.
#[derive(Clone, Debug, PartialEq)]
pub enum StepTitle {
    Titled(String),
    Question(usize),
    Numbered { k: usize, of: usize },
}

impl Note {
    /// `self`, then `next` after it.
    pub fn then(self, next: Note) -> Note {
        Note::Then(Box::new(self), Box::new(next))
    }
}

/// The note as the status line says it in `lang`.
pub fn note_text(note: &Note, lang: Lang) -> String {
    let w = words(lang);
    let shown = |on: bool| if on { w.shown } else { w.hidden };
    let motion = |off: bool| if off { w.motion_not_saved } else { "" };
    match note {
        Note::Said(text) => text.clone(),
        Note::Then(a, b) => format!("{} · {}", note_text(a, lang), note_text(b, lang)),
        Note::Warning(p) => fill(w.warning, &[&p.in_lang(lang).message]),
        Note::Problem(p) => problem_text(p, lang),
        Note::BadCondition { column, problem } => fill(w.at_column, &[column, &problem_text(problem, lang)]),
        Note::ToggleFailed(p) => p.in_lang(lang).message,
        Note::Unbound(c) => fill(w.unbound, &[&c.to_string()]),
        Note::Recording { frame } => fill(w.recording_wait, &[frame]),
        Note::AltChord(c) => fill(w.alt_chord, &[c]),
        Note::NoSelection => w.no_selection.to_string(),
        Note::NoBodyThere => w.no_body_there.to_string(),
        Note::DelAgain { name } => fill(w.del_again, &[name]),
        Note::Unsaved => w.unsaved.to_string(),
        Note::QuitDrops { file } => fill(w.quit_drops, &[file]),
        Note::BackDrops { file } => fill(w.back_drops, &[file]),
        Note::LeftUnsaved => w.left_unsaved.to_string(),
        Note::Edited { label, lost } if lost.is_empty() => label.clone(),
        Note::Edited { label, lost } => {
            let numbers = lost.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
            format!("{label}{}", fill(w.breaks_inert, &[&numbers]))
        }
        Note::NotEdited(why) => why.clone(),
        Note::Undone { label } => fill(w.undone, &[label]),
        Note::Redone { label } => fill(w.redone, &[label]),
        Note::NothingToUndo => w.nothing_to_undo.to_string(),
        Note::NothingToRedo => w.nothing_to_redo.to_string(),
        Note::NoToggles { key } => fill(w.no_toggles, &[key]),
        Note::NotAToggle { key } => fill(w.not_a_toggle, &[key]),
        Note::EditCancelled => w.edit_cancelled.to_string(),
        Note::FieldsToFix(1) => w.field_to_fix.to_string(),
        Note::FieldsToFix(n) => fill(w.fields_to_fix, &[n]),
        Note::TurnStep { degrees } => fill(w.turn_step, &[&num(*degrees)]),
        Note::GridStep { metres } => fill(w.grid_step, &[&num(*metres)]),
        Note::StaticShot { name } => fill(w.static_shot, &[name]),
        Note::ShotCancelled => w.shot_cancelled.to_string(),
        Note::Bounds { shown: on } => fill(w.bounds_note, &[&shown(*on)]),
        Note::Vectors { shown: on } => fill(w.vectors_note, &[&shown(*on)]),
        Note::Chart { shown: on } => if *on { w.chart_shown } else { w.chart_hidden }.to_string(),
        Note::Names { shown: on } => fill(w.names_note, &[&shown(*on)]),
        Note::TrueScale(on) => if *on { w.arrows_to_scale } else { w.arrows_fitted }.to_string(),
        Note::CanvasWide(on) => if *on { w.canvas_wide } else { w.panels_back }.to_string(),
        Note::DerivationWide(on) => if *on { w.derivation_wide } else { w.panels_back }.to_string(),
        Note::ViewWide { metres } => fill(w.view_wide, &[&num(*metres)]),
        Note::ViewDragged => w.view_dragged.to_string(),
        Note::ViewMoved => w.view_moved.to_string(),
        Note::Follows { name } => fill(w.note_follows, &[name]),
        Note::ViewStays => w.view_stays.to_string(),
        Note::ViewOwn => w.view_own.to_string(),
        Note::ViewFitted => w.note_fitted.to_string(),
        Note::Copied { address } => fill(w.copied, &[address]),
        Note::Step(title) => fill(w.step_note, &[&step_title(title, w)]),
        Note::NoSteps => w.no_steps.to_string(),
        Note::NoStepAfter => w.no_step_after.to_string(),
        Note::NoStepBefore => w.no_step_before.to_string(),
        Note::Cancelled => w.cancelled.to_string(),
        Note::Frame(n) => format!("{} {n}", w.frame),
        Note::FrameAtMost { limit, ahead } => fill(w.frame_at_most, &[limit, ahead]),
        Note::WriteFrame => w.write_frame.to_string(),
        Note::BreaksAtMost(n) => fill(w.breaks_at_most, &[n]),
        Note::BreakpointAdded { number, text } => fill(w.break_added, &[number, text]),
        Note::BreakpointRemoved { number, text } => fill(w.break_removed, &[number, text]),
        Note::BreakpointHit { number, frame, phase, text } => fill(w.break_hit, &[number, frame, phase, text]),
        Note::NoBreakpoints => w.no_breaks.to_string(),
        Note::NoMatchAhead { last, frames } => fill(w.no_match_ahead, &[last, frames]),
        Note::NoMatchBack { stop, frames } => fill(w.no_match_back, &[stop, frames]),
        Note::NoMatchBackToStart => w.no_match_back_to_start.to_string(),
        Note::AbOn { sets } => fill(w.ab_on, &[&sets.join(" ")]),
        Note::AbOff => w.ab_off.to_string(),
        Note::NoQuestions => w.no_questions.to_string(),
        Note::QuizOn { questions } => fill(w.quiz_on, &[questions]),
        Note::QuizOff => w.quiz_off.to_string(),
        Note::NoOpenQuestion => w.no_open_question.to_string(),
        Note::QuizModeOff => w.quiz_mode_off.to_string(),
        Note::Revealed { answer } => fill(w.revealed, &[answer]),
        Note::Hint { n, of, text } => fill(w.hint_n, &[n, of, text]),
        Note::NoMoreHints => w.no_more_hints.to_string(),
        Note::StaysOpen => w.stays_open.to_string(),
        Note::Right { answer } => fill(w.right, &[answer]),
        Note::WrongTry { how, left } => fill(w.wrong_try, &[how, left]),
        Note::WrongLast { how, answer } => fill(w.wrong_last, &[how, answer]),
        Note::LeftUnanswered { question } => fill(w.left_unanswered, &[&(question + 1)]),
        Note::QuizOver(score) => fill(w.quiz_over, &[&score.text(lang)]),
        Note::Presenter { on } => if *on { w.presenter_on } else { w.presenter_off }.to_string(),
        Note::NothingHidden => w.nothing_hidden.to_string(),
        Note::HiddenLeft(n) => fill(w.hidden_left, &[n]),
        Note::WriteName => w.write_name.to_string(),
        Note::NotSaved => w.not_saved.to_string(),
        Note::SaveFailed(why) => format!("{}: {why}", w.not_saved),
        Note::WriteFailed { path, error } => format!("{}: {}: {error}", w.not_saved, path.display()),
        Note::Saved { path, motion_off, later } => {
            let later = match later.as_slice() {
                [] => String::new(),
                frames => fill(w.later_edits, &[&frames.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")]),
            };
            fill(w.saved_built, &[&path.display().to_string(), &motion(*motion_off), &later])
        }
        Note::WroteFrame { frame, path, file, motion_off } => {
            fill(w.wrote_frame, &[&frame.to_string(), &path.display().to_string(), file, &motion(*motion_off)])
        }
        Note::Concerns { path, concerns } => {
            let said: Vec<String> = concerns.iter().map(|c| concern_text(c, w)).collect();
            format!("{} {}", path.display(), said.join(w.concern_and))
        }
        Note::Refused(Refusal::IsAFolder(path)) => fill(w.is_a_folder, &[&path.display().to_string()]),
        Note::Refused(Refusal::NoFolder(folder)) => fill(w.no_folder, &[&folder.display().to_string()]),
        Note::LogNotWritten(why) => fill(w.log_not_written, &[why]),
    }
}

/// A problem with what was typed: its message, then its help after the language's colon.
fn problem_text(p: &Problem, lang: Lang) -> String {
    let p = p.in_lang(lang);
    let help = p.help.as_deref().map(|h| format!("{}{h}", words(lang).colon)).unwrap_or_default();
    format!("{}{help}", p.message)
}

fn step_title(title: &StepTitle, w: &Words) -> String {
    match title {
        StepTitle::Titled(text) => text.clone(),
        StepTitle::Question(q) => fill(w.question_n, &[&(q + 1)]),
        StepTitle::Numbered { k, of } => format!("{}/{of}", k + 1),
    }
}

/// What the user hears of a concern, after the file's name (or "it").
fn concern_text(concern: &Concern, w: &Words) -> String {
    match concern {
        Concern::Deleted => w.concern_deleted.to_string(),
        Concern::ChangedOnDisk => w.concern_changed.to_string(),
        Concern::LinkTo(target) => fill(w.concern_link, &[&target.display()]),
        Concern::HardLink(1) => w.concern_hard_link.to_string(),
        Concern::HardLink(n) => fill(w.concern_hard_links, &[n]),
        Concern::ReadOnly => w.concern_read_only.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where `note`'s variant stands among all of them. A match with no
    /// catch-all: a new variant does not compile until it is counted here,
    /// and then the test below fails until it has a sample.
    fn variant(note: &Note) -> usize {
        use Note::*;
        match note {
            Said(_) => 0,
            Then(..) => 1,
            Warning(_) => 2,
            Problem(_) => 3,
            BadCondition { .. } => 4,
            ToggleFailed(_) => 5,
            Unbound(_) => 6,
            AltChord(_) => 7,
            NoSelection => 8,
            NoBodyThere => 9,
            DelAgain { .. } => 10,
            Unsaved => 11,
            QuitDrops { .. } => 12,
            BackDrops { .. } => 13,
            LeftUnsaved => 14,
            Edited { .. } => 15,
            NotEdited(_) => 16,
            Undone { .. } => 17,
            Redone { .. } => 18,
            NothingToUndo => 19,
            NothingToRedo => 20,
            NoToggles { .. } => 21,
            NotAToggle { .. } => 22,
            EditCancelled => 23,
            FieldsToFix(_) => 24,
            TurnStep { .. } => 25,
            GridStep { .. } => 26,
            StaticShot { .. } => 27,
            ShotCancelled => 28,
            Bounds { .. } => 29,
            Vectors { .. } => 30,
            Chart { .. } => 31,
            Names { .. } => 32,
            TrueScale(_) => 33,
            CanvasWide(_) => 34,
            ViewWide { .. } => 35,
            ViewDragged => 36,
            ViewMoved => 37,
            Follows { .. } => 38,
            ViewStays => 39,
            ViewOwn => 40,
            ViewFitted => 41,
            Copied { .. } => 42,
            Step(_) => 43,
            NoSteps => 44,
            NoStepAfter => 45,
            NoStepBefore => 46,
            Cancelled => 47,
            Frame(_) => 48,
            FrameAtMost { .. } => 49,
            WriteFrame => 50,
            BreaksAtMost(_) => 51,
            BreakpointAdded { .. } => 52,
            BreakpointRemoved { .. } => 53,
            BreakpointHit { .. } => 54,
            NoBreakpoints => 55,
            NoMatchAhead { .. } => 56,
            NoMatchBack { .. } => 57,
            NoMatchBackToStart => 58,
            AbOn { .. } => 59,
            AbOff => 60,
            NoQuestions => 61,
            QuizOn { .. } => 62,
            QuizOff => 63,
            NoOpenQuestion => 64,
            QuizModeOff => 65,
            Revealed { .. } => 66,
            Hint { .. } => 67,
            NoMoreHints => 68,
            StaysOpen => 69,
            Right { .. } => 70,
            WrongTry { .. } => 71,
            WrongLast { .. } => 72,
            LeftUnanswered { .. } => 73,
            QuizOver(_) => 74,
            Presenter { .. } => 75,
            NothingHidden => 76,
            HiddenLeft(_) => 77,
            WriteName => 78,
            NotSaved => 79,
            SaveFailed(_) => 80,
            WriteFailed { .. } => 81,
            Saved { .. } => 82,
            WroteFrame { .. } => 83,
            Concerns { .. } => 84,
            Refused(_) => 85,
            LogNotWritten(_) => 86,
            DerivationWide(_) => 87,
            Recording { .. } => 88,
        }
    }
    const VARIANTS: usize = 89;

    fn samples() -> Vec<Note> {
        use Note::*;
        let problem = || crate::scene::Problem::error("unknown body \"x\"", "here", Some("a body's name".to_string()));
        let (path, s) = (PathBuf::from("scene.toml"), |t: &str| t.to_string());
        vec![
            Said(s("a sentence")),
            NothingToUndo.then(NotSaved),
            Warning(problem()),
            Problem(problem()),
            BadCondition { column: 3, problem: problem() },
            ToggleFailed(problem()),
            Unbound('%'),
            AltChord('x'),
            NoSelection,
            NoBodyThere,
            DelAgain { name: s("crate") },
            Unsaved,
            QuitDrops { file: s("a.toml") },
            BackDrops { file: s("a.toml") },
            LeftUnsaved,
            Edited { label: s("moved crate"), lost: vec![1, 2] },
            NotEdited(s("no body to kick")),
            Undone { label: s("moved crate") },
            Redone { label: s("moved crate") },
            NothingToUndo,
            NothingToRedo,
            NoToggles { key: 7 },
            NotAToggle { key: 7 },
            EditCancelled,
            FieldsToFix(4),
            TurnStep { degrees: 15.0 },
            GridStep { metres: 0.5 },
            StaticShot { name: s("floor") },
            ShotCancelled,
            Bounds { shown: true },
            Vectors { shown: false },
            Chart { shown: true },
            Names { shown: false },
            TrueScale(true),
            CanvasWide(false),
            DerivationWide(true),
            Recording { frame: 360 },
            ViewWide { metres: 12.5 },
            ViewDragged,
            ViewMoved,
            Follows { name: s("ball") },
            ViewStays,
            ViewOwn,
            ViewFitted,
            Copied { address: s("3:resolve") },
            Step(StepTitle::Numbered { k: 1, of: 4 }),
            NoSteps,
            NoStepAfter,
            NoStepBefore,
            Cancelled,
            Frame(12),
            FrameAtMost { limit: 10_010, ahead: 10_000 },
            WriteFrame,
            BreaksAtMost(32),
            BreakpointAdded { number: 1, text: s("ball.vy < 0") },
            BreakpointRemoved { number: 1, text: s("ball.vy < 0") },
            BreakpointHit { number: 1, frame: 40, phase: 2, text: s("ball.vy < 0") },
            NoBreakpoints,
            NoMatchAhead { last: 639, frames: 600 },
            NoMatchBack { stop: 40, frames: 600 },
            NoMatchBackToStart,
            AbOn { sets: vec![s("world.dt=0.01")] },
            AbOff,
            NoQuestions,
            QuizOn { questions: 3 },
            QuizOff,
            NoOpenQuestion,
            QuizModeOff,
            Revealed { answer: s("vrn = 3 m/s") },
            Hint { n: 1, of: 2, text: s("vrn = v·n") },
            NoMoreHints,
            StaysOpen,
            Right { answer: s("vrn = 3 m/s") },
            WrongTry { how: s("too big"), left: 2 },
            WrongLast { how: s("too big"), answer: s("vrn = 3 m/s") },
            LeftUnanswered { question: 0 },
            QuizOver(Score { right: 2, wrong: 1, revealed: 0, open: 0 }),
            Presenter { on: true },
            NothingHidden,
            HiddenLeft(3),
            WriteName,
            NotSaved,
            SaveFailed(s("the scene has no bodies")),
            WriteFailed { path: path.clone(), error: s("permission denied") },
            Saved { path: path.clone(), motion_off: true, later: vec![2] },
            WroteFrame { frame: 2, path: path.clone(), file: s("a.toml"), motion_off: false },
            Concerns { path: path.clone(), concerns: vec![Concern::Deleted, Concern::HardLink(2), Concern::ReadOnly] },
            Refused(Refusal::NoFolder(path)),
            LogNotWritten(s("class.jsonl: permission denied")),
        ]
    }

    /// Every kind of note reads as a sentence in both languages, every
    /// placeholder of its words filled.
    #[test]
    fn every_note_reads_in_both_languages() {
        let samples = samples();
        let kinds: std::collections::BTreeSet<usize> = samples.iter().map(variant).collect();
        assert_eq!(kinds, (0..VARIANTS).collect(), "a sample of each kind of note");
        for note in &samples {
            for lang in [Lang::En, Lang::Zh] {
                let text = note_text(note, lang);
                assert!(!text.trim().is_empty(), "{note:?} in {lang:?}");
                assert!(!text.contains("{0}") && !text.contains("{1}"), "{note:?} in {lang:?}: {text}");
            }
        }
    }

    /// A note is kept as what happened, so the same one reads in either
    /// language, each in its own words.
    #[test]
    fn the_same_note_reads_in_either_language() {
        let note = Note::Undone { label: "moved crate".to_string() };
        assert_eq!(note_text(&note, Lang::En), "undone: moved crate");
        assert_eq!(note_text(&note, Lang::Zh), "已撤销：moved crate");
    }
}
