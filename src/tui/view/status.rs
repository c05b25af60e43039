//! The status line: where the run is, the solver settings, the last note and the keys.

use super::Theme;
use crate::engine::Method;
use crate::notation::num;
use crate::tui::app::{Mode, SPEEDS, Stepper};
use crate::tui::breaks::Ask;
use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The stepping keys shown, most wanted first: `? help` and `q quit` always
/// stay; the others go, whole, when the line is short.
const HINTS: [&str; 6] = ["? help", "q quit", "n/N phase", "f/F frame", "Space run", "e edit"];

/// The hints that fit in `room` columns, in their reading order (phase, frame,
/// run, edit, help, quit); help and quit whatever the room.
fn hints(room: usize) -> String {
    let mut kept: Vec<usize> = vec![0, 1];
    let len = |kept: &[usize]| kept.iter().map(|&k| HINTS[k].chars().count() + 3).sum::<usize>() + 1;
    for k in 2..HINTS.len() {
        let mut more = kept.clone();
        more.push(k);
        if len(&more) > room {
            break;
        }
        kept = more;
    }
    let order = [2, 3, 4, 5, 0, 1];
    let shown: Vec<&str> = order.iter().filter(|k| kept.contains(k)).map(|&k| HINTS[k]).collect();
    format!(" {}", shown.join(" · "))
}

pub(super) fn status_line<'a>(s: &Stepper, names: &[String], theme: &Theme, width: u16) -> Paragraph<'a> {
    let ask = |text: String| Paragraph::new(Line::styled(text, theme.fg(Color::Yellow).add_modifier(Modifier::BOLD)));
    match &s.mode {
        Mode::SaveAs(name) => {
            let why = s.note.as_deref().map(|n| format!("  {n}")).unwrap_or_default();
            return ask(format!(" Save as: {name}█   (Enter save · Esc cancel){why}"));
        }
        Mode::Overwrite(path) => {
            let why = s.note.as_deref().map(|n| format!("{n}. ")).unwrap_or_default();
            return ask(format!(" {why}Write over {}? y / n", path.display()));
        }
        Mode::Prompt(p) => {
            let (what, keys) = match p.ask {
                Ask::Breakpoint => ("Break on", "Enter add · ↑↓ history · Esc cancel"),
                Ask::Frame => ("Go to frame", "Enter go · Esc cancel"),
                Ask::Variant => ("A/B, B with", "KEY=VALUE … · Enter run B beside A · Esc cancel"),
            };
            // What is wrong with the text typed comes before the keys, which the user knows by then.
            let after = s.note.clone().unwrap_or_else(|| format!("({keys})"));
            return ask(format!(" {what}: {}█   {after}", p.text));
        }
        Mode::Answer(p) => {
            let question = &s.session.lesson.questions[p.question];
            let n = question.choices.as_ref().map_or(0, Vec::len);
            let keys = if n > 0 {
                format!("1–{n} pick · R hint · S show · Esc later")
            } else {
                "Enter check · R hint · S show · Esc later".to_string()
            };
            let after = s.note.clone().unwrap_or_else(|| format!("({keys})"));
            let what = if n > 0 { "Your pick" } else { "Your answer" };
            return ask(format!(" Q{} {what}: {}█   {after}", p.question + 1, p.text));
        }
        Mode::Breaks(i) => {
            let list = &s.breaks.list;
            return ask(format!(" Breakpoint {} of {}: {}   (↑↓ choose · Del remove · Esc close)", i + 1, list.len(), list[*i].text));
        }
        _ => {}
    }
    let settings = s.settings();
    let mut parts = vec![format!("frame {}", s.frame)];
    if s.playing.is_none() {
        let record = s.record();
        let phase = &record.phases[s.phase];
        parts.push(format!("t {} s", num(record.time)));
        match phase.iteration {
            Some(k) if phase.iteration_name() == "event" => parts.push(format!("event {k}")),
            Some(k) => parts.push(format!("pass {k}/{}", settings.relaxation_iterations)),
            None => {}
        }
        if let Some((a, b)) = phase.pair {
            parts.push(format!("{}–{}", names[a], names[b]));
        }
        parts.push(format!("{} ({}/{})", phase.kind().name(), s.phase + 1, record.phases.len()));
    }
    // The switches of the method in use: text 003's has no tangent, passes or correction rate.
    if settings.method == Method::EventDriven {
        parts.push("event-driven".to_string());
    } else if settings.method == Method::Reposition {
        parts.push("reposition".to_string());
        if !settings.side_tracking {
            parts.push("side tracking off".to_string());
        }
        if !settings.velocity_correction {
            parts.push("vcor off".to_string());
        }
    } else {
        parts.push(format!("tangent {}", settings.tangent.name()));
        if !settings.position_correction {
            parts.push("correction off".to_string());
        } else if settings.correction_rate != crate::engine::Settings::default().correction_rate {
            parts.push(format!("rate {}", num(settings.correction_rate)));
        }
    }
    if !settings.motion {
        parts.push("motion off".to_string());
    }
    if s.class.quiz {
        let score = s.class.answers.score();
        parts.push(format!("quiz {}/{}", score.total() - score.open, score.total()));
    }
    if s.class.presenter {
        parts.push("presenter".to_string());
    }
    if s.running {
        // The rate really shown, measured by the shell, and the one asked for.
        parts.push(format!("▶ {:.0} of {} fps", s.measured_fps, num(SPEEDS[s.speed])));
    }
    // The note answers the last key, so it comes first and is never cut off.
    let mut spans = Vec::new();
    if let Some(note) = &s.note {
        spans.push(Span::styled(format!(" {note} │"), theme.fg(Color::Yellow)));
    }
    let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
    let hint = match &s.mode {
        Mode::Aim(shot) if !shot.typed.is_empty() => format!(" speed {}█ m/s: Enter fire · a as an action · Esc cancel", shot.typed),
        Mode::Aim(shot) => {
            format!(" aim {} m/s: ←→ turn · ↑↓ power · type a speed · Enter fire · a as an action · Esc cancel", num(shot.aim.length()))
        }
        Mode::Fields(_) => " ↑↓ field · Enter apply · Esc cancel".to_string(),
        _ => {
            let state = format!(" {} ", parts.join(" · ")).chars().count();
            hints(usize::from(width).saturating_sub(used + state))
        }
    };
    // Where the line is too short even for help and quit, the state gives way, cut with "…".
    let room = usize::from(width).saturating_sub(used + hint.chars().count());
    let mut state = format!(" {} ", parts.join(" · "));
    if state.chars().count() > room && room > 1 {
        state = format!("{}…", state.chars().take(room - 1).collect::<String>());
    }
    spans.push(Span::styled(state, theme.strong()));
    spans.push(Span::styled(hint, theme.dim()));
    Paragraph::new(Line::from(spans))
}
