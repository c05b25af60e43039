//! The quiz in the lesson panel: the question asked at the phase on screen,
//! its choices, and once it is answered the verdict, the answer as the run
//! recorded it (with its unit) and the lesson's explanation; the score once
//! the quiz is over. Read from the state; the answer from the phase's record.

use super::theme::Theme;
use crate::lesson::{Lang, Verdict};
use crate::session::quiz::Answer;
use crate::tui::app::Stepper;
use crate::tui::words::fill;
use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};

/// The quiz's own words, in English and Chinese.
struct Words {
    question: &'static str,
    of: &'static str,
    revealed: &'static str,
    later: &'static str,
    quiz: &'static str,
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::En => Words {
            question: "Question",
            of: "of",
            revealed: "revealed",
            later: "Tab a hint · Esc later, then ! the answer",
            quiz: "Quiz:",
        },
        Lang::Zh => Words {
            question: "问题", of: "/", revealed: "答案", later: "Tab 提示 · Esc 稍后再答，之后 ! 看答案", quiz: "测验："
        },
    }
}

/// The lines the lesson panel shows above the narration: none unless quiz
/// mode is on and the phase asks a question (or the quiz is over).
pub(super) fn question_lines(s: &Stepper, theme: &Theme) -> Vec<Line<'static>> {
    if !s.class.quiz {
        return Vec::new();
    }
    let lang = s.lang;
    let w = words(lang);
    let screen = crate::tui::words::words(lang);
    let mut lines = Vec::new();
    if s.class.finished {
        let score = s.class.answers.score().text(lang);
        lines.push(Line::styled(format!("{} {score}", w.quiz), theme.fg(Color::Cyan).add_modifier(Modifier::BOLD)));
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
        let head = format!("{} {} {} {total} · ", w.question, q + 1, w.of);
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
                let how = match (choices.len(), s.truth_of(question), lang) {
                    (n, _, Lang::Zh) if n > 0 => format!("按 1 到 {n} 选择，或写出选项的文字 · {}", w.later),
                    (_, Some(t), Lang::Zh) if !t.unit.is_empty() => {
                        format!("输入答案（单位 {}，误差 {within}% 以内），按 Enter · {}", t.unit, w.later)
                    }
                    (_, _, Lang::Zh) => format!("输入答案，按 Enter · {}", w.later),
                    (n, _, _) if n > 0 => format!("press 1 to {n}, or type a choice's words · {}", w.later),
                    (_, Some(t), _) if !t.unit.is_empty() => {
                        format!("type your answer in {} (±{within}%), then Enter · {}", t.unit, w.later)
                    }
                    _ => format!("type your answer, then Enter · {}", w.later),
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
                    (Verdict::Right, _) => screen.right,
                    (_, true) => screen.wrong_wrote,
                    (_, false) => screen.wrong_picked,
                };
                let color = if *verdict == Verdict::Right { Color::Green } else { Color::Red };
                let mark = if *verdict == Verdict::Right { "✓" } else { "✗" };
                (mark, color, fill(template, &[&s.answer_text(q), typed]))
            }
            Answer::Revealed => ("→", Color::Cyan, fill(screen.revealed, &[&s.answer_text(q)])),
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
    let screen = crate::tui::words::words(s.lang);
    let answers = &s.class.answers;
    answers
        .answers
        .iter()
        .enumerate()
        .map(|(q, answer)| {
            let tries = answers.tries.get(q).copied().unwrap_or(0);
            let tries = if tries > 1 { format!(" · {}", crate::tui::words::fill(screen.tries_n, &[&tries])) } else { String::new() };
            let (mark, color, what) = match answer {
                Answer::Given { verdict: Verdict::Right, typed } => ("✓", Color::Green, format!("{typed}{tries}")),
                Answer::Given { verdict: Verdict::Wrong, typed } => ("✗", Color::Red, format!("{typed}{tries}")),
                Answer::Revealed => ("·", Color::Cyan, w.revealed.to_string()),
                Answer::Open => ("·", Color::Yellow, screen.skipped.to_string()),
            };
            Line::from(vec![Span::styled(format!("  Q{} {mark} ", q + 1), theme.fg(color).add_modifier(Modifier::BOLD)), Span::raw(what)])
        })
        .collect()
}
