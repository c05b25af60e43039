//! The quiz in the lesson panel: the question asked at the phase on screen,
//! its choices, and once it is answered the verdict, the answer as the run
//! recorded it (with its unit) and the lesson's explanation; the score once
//! the quiz is over. Read from the state; the answer from the phase's record.

use super::theme::Theme;
use crate::lesson::Verdict;
use crate::session::quiz::Answer;
use crate::tui::app::Stepper;
use crate::tui::words::{fill, words};
use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};

/// The lines the lesson panel shows above the narration: none unless quiz
/// mode is on and the phase asks a question (or the quiz is over).
pub(super) fn question_lines(s: &Stepper, theme: &Theme) -> Vec<Line<'static>> {
    if !s.class.quiz {
        return Vec::new();
    }
    let lang = s.lang;
    let w = words(lang);
    let mut lines = Vec::new();
    if s.class.finished {
        let score = s.class.answers.score().text(lang);
        lines.push(Line::styled(format!("{} {score}", w.panel_quiz), theme.fg(Color::Cyan).add_modifier(Modifier::BOLD)));
        lines.extend(score_lines(s, theme));
    }
    let total = s.session.lesson.questions.len();
    // In the file's order: those answered here, each with its feedback, then
    // the one being asked, so feedback is read before the next question.
    let here = s.questions_here();
    let asked = here.iter().copied().find(|&q| s.class.answers.is_open(q));
    for q in here.into_iter().filter(|&q| !s.class.answers.is_open(q) || Some(q) == asked) {
        let question = &s.session.lesson.questions[q];
        if !lines.is_empty() {
            lines.push(Line::from(""));
        }
        let head = format!("{} {} {} {total} · ", w.panel_question, q + 1, w.panel_of);
        lines.push(Line::from(vec![
            Span::styled(head, theme.fg(Color::Yellow).add_modifier(Modifier::BOLD)),
            Span::styled(question.ask(lang).trim().to_string(), theme.strong()),
        ]));
        let choices = question.choices(lang);
        if !choices.is_empty() {
            let listed: Vec<String> = choices.iter().enumerate().map(|(k, c)| format!("{} {c}", k + 1)).collect();
            lines.push(Line::from(format!("  {}", listed.join("   "))));
        }
        let answer = &s.class.answers.answers[q];
        let mark = match answer {
            Answer::Open => {
                let within = crate::notation::num(question.tolerance() * 100.0);
                let how = match (choices.len(), s.truth_of(question)) {
                    (n, _) if n > 0 => fill(w.how_pick, &[&n, &w.panel_later]),
                    (_, Some(t)) if !t.unit.is_empty() => fill(w.how_unit, &[&t.unit, &within, &w.panel_later]),
                    _ => fill(w.how_plain, &[&w.panel_later]),
                };
                lines.push(Line::styled(format!("  {how}"), theme.dim()));
                // A wrong try so far, and the hints given.
                if let Some(said) = s.class.feedback.get(&q) {
                    lines.push(Line::styled(format!("  ✗ {said}"), theme.fg(Color::Red)));
                }
                let given = s.class.hints.get(&q).copied().unwrap_or(0);
                for hint in s.hints_of(q).into_iter().take(given) {
                    lines.push(Line::styled(format!("  › {hint}"), theme.fg(Color::Cyan)));
                }
                continue;
            }
            // The verdict in the words and punctuation the status line uses for it.
            Answer::Given { verdict, typed } => {
                let template = match (verdict, choices.is_empty()) {
                    (Verdict::Right, _) => w.right,
                    (_, true) => w.wrong_wrote,
                    (_, false) => w.wrong_picked,
                };
                let color = if *verdict == Verdict::Right { Color::Green } else { Color::Red };
                let mark = if *verdict == Verdict::Right { "✓" } else { "✗" };
                (mark, color, fill(template, &[&s.answer_text(q), typed]))
            }
            Answer::Revealed => ("→", Color::Cyan, fill(w.revealed, &[&s.answer_text(q)])),
        };
        lines.push(Line::from(vec![
            Span::styled(format!("  {} ", mark.0), theme.fg(mark.1).add_modifier(Modifier::BOLD)),
            Span::raw(mark.2),
        ]));
        // How a wrong answer was wrong: the slip it looks like.
        if let (Answer::Given { verdict: Verdict::Wrong, .. }, Some(said)) = (answer, s.class.feedback.get(&q)) {
            lines.push(Line::styled(format!("  {said}"), theme.fg(Color::Red)));
        }
        // An explanation works the phase through, and would give away what a question still open here asks.
        if let Some(explain) = question.explain(lang).filter(|_| asked.is_none()) {
            lines.push(Line::from(format!("  {}", explain.trim())));
        }
    }
    lines
}

/// The score's lines, one a question: ✓, ✗, revealed or skipped, what was
/// answered, and the tries it took when more than one.
fn score_lines(s: &Stepper, theme: &Theme) -> Vec<Line<'static>> {
    let w = words(s.lang);
    let answers = &s.class.answers;
    answers
        .answers
        .iter()
        .enumerate()
        .map(|(q, answer)| {
            let tries = answers.tries.get(q).copied().unwrap_or(0);
            let tries = if tries > 1 { format!(" · {}", fill(w.tries_n, &[&tries])) } else { String::new() };
            let (mark, color, what) = match answer {
                Answer::Given { verdict: Verdict::Right, typed } => ("✓", Color::Green, format!("{typed}{tries}")),
                Answer::Given { verdict: Verdict::Wrong, typed } => ("✗", Color::Red, format!("{typed}{tries}")),
                Answer::Revealed => ("·", Color::Cyan, w.panel_revealed.to_string()),
                Answer::Open => ("·", Color::Yellow, w.skipped.to_string()),
            };
            Line::from(vec![Span::styled(format!("  Q{} {mark} ", q + 1), theme.fg(color).add_modifier(Modifier::BOLD)), Span::raw(what)])
        })
        .collect()
}
