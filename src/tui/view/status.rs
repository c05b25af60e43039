//! The status line: where the run is, the solver settings, the last note and the keys.

use super::Theme;
use crate::notation::num;
use crate::tui::app::{Mode, SPEEDS, Stepper};
use crate::tui::breaks::Ask;
use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

pub(super) fn status_line<'a>(s: &Stepper, names: &[String], theme: &Theme) -> Paragraph<'a> {
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
        if let Some(k) = phase.iteration {
            parts.push(format!("pass {k}/{}", settings.relaxation_iterations));
        }
        if let Some((a, b)) = phase.pair {
            parts.push(format!("{}–{}", names[a], names[b]));
        }
        parts.push(format!("{} ({}/{})", phase.kind().name(), s.phase + 1, record.phases.len()));
    }
    parts.push(format!("tangent {}", settings.tangent.name()));
    if !settings.motion {
        parts.push("motion off".to_string());
    }
    if !settings.position_correction {
        parts.push("correction off".to_string());
    } else if settings.correction_rate != crate::engine::Settings::default().correction_rate {
        parts.push(format!("rate {}", num(settings.correction_rate)));
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
    spans.push(Span::styled(format!(" {} ", parts.join(" · ")), theme.strong()));
    let hint = match &s.mode {
        Mode::Aim(shot) => format!(" aim {} m/s: ←→ turn · ↑↓ power · click · Enter fire · Esc cancel", num(shot.aim.length())),
        Mode::Fields(_) => " ↑↓ field · Enter apply · Esc cancel".to_string(),
        _ => " n/N phase · f/F frame · Space run · e edit · ? help · q quit".to_string(),
    };
    spans.push(Span::styled(hint, theme.dim()));
    Paragraph::new(Line::from(spans))
}
