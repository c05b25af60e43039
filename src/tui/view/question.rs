//! The quiz in the lesson panel: the question asked at the phase on screen,
//! its choices, and once it is answered the verdict, the answer as the run
//! recorded it (with its unit) and the lesson's explanation; the score once
//! the quiz is over. Read from the state; the answer from the phase's record.

use super::Theme;
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
    later: &'static str,
    quiz: &'static str,
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::En => Words { question: "Question", of: "of", later: "R a hint · ! the answer · Esc later", quiz: "Quiz:" },
        Lang::Zh => Words { question: "问题", of: "/", later: "R 提示 · ! 看答案 · Esc 稍后再答", quiz: "测验：" },
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
    }
    let total = s.session.lesson.questions.len();
    // The question being asked first, then those answered here, the latest first.
    let here = s.questions_here();
    let asked = here.iter().copied().find(|&q| s.class.answers.is_open(q));
    let answered = here.iter().rev().copied().filter(|&q| !s.class.answers.is_open(q));
    for q in asked.into_iter().chain(answered) {
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
                    (n, _, Lang::Zh) if n > 0 => format!("按 1 到 {n} 选择 · {}", w.later),
                    (_, Some(t), Lang::Zh) if !t.unit.is_empty() => {
                        format!("输入答案（单位 {}，误差 {within}% 以内），按 Enter · {}", t.unit, w.later)
                    }
                    (_, _, Lang::Zh) => format!("输入答案，按 Enter · {}", w.later),
                    (n, _, _) if n > 0 => format!("press 1 to {n} · {}", w.later),
                    (_, Some(t), _) if !t.unit.is_empty() => {
                        format!("type your answer in {} (±{within}%), then Enter · {}", t.unit, w.later)
                    }
                    _ => format!("type your answer, then Enter · {}", w.later),
                };
                lines.push(Line::styled(format!("  {how}"), theme.dim()));
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
        // An explanation works the phase through, and would give away what a question still open here asks.
        if let Some(explain) = question.explain(lang).filter(|_| asked.is_none()) {
            lines.push(Line::from(format!("  {}", explain.trim())));
        }
    }
    lines
}
