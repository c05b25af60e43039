//! The status line: where the run is, the solver settings, the last note and the keys.

use super::Theme;
use crate::engine::Method;
use crate::notation::num;
use crate::tui::app::{Mode, SPEEDS, Stepper};
use crate::tui::breaks::Ask;
use crate::tui::words::{Words, fill};
use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The hints that fit in `room` columns, in their reading order (phase, frame,
/// run, edit, help, quit); help and quit whatever the room. `HINTS` are the
/// stepping keys, most wanted first ([`Words::hints`](crate::tui::words::Words)):
/// `? help` and `q quit` always stay; the others go, whole, when the line is short.
fn hints(room: usize, w: &Words) -> String {
    const HELP_AND_QUIT: usize = 2;
    let hint = |k: usize| w.hints[k];
    let mut kept: Vec<usize> = (0..HELP_AND_QUIT).collect();
    let len = |kept: &[usize]| kept.iter().map(|&k| hint(k).width() + 3).sum::<usize>() + 1;
    for k in HELP_AND_QUIT..w.hints.len() {
        let mut more = kept.clone();
        more.push(k);
        if len(&more) > room {
            break;
        }
        kept = more;
    }
    let order = [2, 3, 4, 5, 0, 1];
    let shown: Vec<&str> = order.iter().filter(|k| kept.contains(k)).map(|&k| hint(k)).collect();
    format!(" {}", shown.join(" · "))
}

pub(super) fn status_line<'a>(s: &Stepper, names: &[String], theme: &Theme, width: u16) -> Paragraph<'a> {
    let w = theme.words;
    let ask = |text: String| Paragraph::new(Line::styled(text, theme.fg(Color::Yellow).add_modifier(Modifier::BOLD)));
    match &s.mode {
        Mode::SaveAs(name) => {
            let why = s.note.as_deref().map(|n| format!("  {n}")).unwrap_or_default();
            return ask(format!(" {}: {name}█   {}{why}", w.save_as, w.save_as_keys));
        }
        Mode::Overwrite(path) => {
            let why = s.note.as_deref().map(|n| format!("{n}. ")).unwrap_or_default();
            return ask(format!(" {why}{}", fill(w.write_over, &[&path.display()])));
        }
        Mode::Prompt(p) => {
            let (what, keys) = match p.ask {
                Ask::Breakpoint => (w.break_on, w.break_on_keys),
                Ask::Frame => (w.go_to_frame, w.go_to_frame_keys),
                Ask::Variant => (w.variant_with, w.variant_keys),
            };
            // What is wrong with the text typed comes before the keys, which the user knows by then.
            let after = s.note.clone().unwrap_or_else(|| format!("({keys})"));
            return ask(format!(" {what}: {}█   {after}", p.text));
        }
        Mode::Answer(p) => {
            let question = &s.session.lesson.questions[p.question];
            let n = question.choices.as_ref().map_or(0, Vec::len);
            let keys = if n > 0 { fill(w.pick_keys, &[&n]) } else { w.answer_keys.to_string() };
            let after = s.note.clone().unwrap_or_else(|| format!("({keys})"));
            let what = if n > 0 { w.your_pick } else { w.your_answer };
            return ask(format!(" Q{} {what}: {}█   {after}", p.question + 1, p.text));
        }
        Mode::Breaks(i) => {
            let list = &s.breaks.list;
            return ask(format!(" {}", fill(w.breakpoint_of, &[&(i + 1), &list.len(), &list[*i].text])));
        }
        _ => {}
    }
    let settings = s.settings();
    let mut parts = vec![format!("{} {}", w.frame, s.frame)];
    if s.playing.is_none() {
        let record = s.record();
        let phase = &record.phases[s.phase];
        parts.push(format!("t {} s", num(record.time)));
        match phase.iteration {
            Some(k) if phase.iteration_name() == "event" => parts.push(format!("{} {k}", w.event)),
            Some(k) => parts.push(format!("{} {k}/{}", w.pass, settings.relaxation_iterations)),
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
            parts.push(w.side_tracking_off.to_string());
        }
        if !settings.velocity_correction {
            parts.push(w.vcor_off.to_string());
        }
    } else {
        parts.push(format!("{} {}", w.tangent, settings.tangent.name()));
        if !settings.position_correction {
            parts.push(w.correction_off.to_string());
        } else if settings.correction_rate != crate::engine::Settings::default().correction_rate {
            parts.push(format!("{} {}", w.rate, num(settings.correction_rate)));
        }
    }
    if !settings.motion {
        parts.push(w.motion_off.to_string());
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
        parts.push(fill(w.running, &[&format!("{:.0}", s.measured_fps), &num(SPEEDS[s.speed])]));
    }
    // The note answers the last key, so it comes first and is never cut off.
    let mut spans = Vec::new();
    if let Some(note) = &s.note {
        spans.push(Span::styled(format!(" {note} │"), theme.fg(Color::Yellow)));
    }
    let used: usize = spans.iter().map(|s| s.content.width()).sum();
    let hint = match &s.mode {
        Mode::Aim(shot) if !shot.typed.is_empty() => format!(" {}", fill(w.aim_typed, &[&shot.typed])),
        Mode::Aim(shot) => {
            format!(" {}", fill(w.aim, &[&num(shot.aim.length())]))
        }
        Mode::Fields(_) => format!(" {}", w.fields_keys),
        _ => {
            let state = format!(" {} ", parts.join(" · ")).width();
            hints(usize::from(width).saturating_sub(used + state), w)
        }
    };
    // Where the line is too short even for help and quit, the state gives way, cut with "…".
    let room = usize::from(width).saturating_sub(used + hint.width());
    let mut state = format!(" {} ", parts.join(" · "));
    if state.width() > room && room > 1 {
        state = cut(&state, room - 1) + "…";
    }
    spans.push(Span::styled(state, theme.strong()));
    spans.push(Span::styled(hint, theme.dim()));
    Paragraph::new(Line::from(spans))
}

/// The longest start of `text` that takes at most `columns` cells: a Chinese
/// character takes two.
pub(super) fn cut(text: &str, columns: usize) -> String {
    let mut used = 0;
    text.chars()
        .take_while(|c| {
            used += c.width().unwrap_or(0);
            used <= columns
        })
        .collect()
}
