//! The status line: where the run is, the solver settings, the last note and the keys.

use super::theme::Theme;
use crate::engine::Method;
use crate::notation::num;
use crate::tui::app::{Mode, SPEEDS, Stepper};
use crate::tui::keys::hints;
use crate::tui::modes::{aim, breaks, fields, prompt, quiz, save};
use crate::tui::note::note_text;
use crate::tui::words::fill;
use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

pub(super) fn status_line<'a>(s: &Stepper, names: &[String], theme: &Theme, width: u16) -> Paragraph<'a> {
    let w = theme.words;
    let width = usize::from(width);
    let note = s.note.as_ref().map(|n| note_text(n, theme.lang));
    let ask = |text: String| Paragraph::new(Line::styled(fit_words(&text, width), theme.fg(Color::Yellow).add_modifier(Modifier::BOLD)));
    // A line typed into: what is asked and the text so far, then what is wrong
    // with it or, shortened to the room left, the keys.
    let typing = |head: String, keys: &str| {
        let room = width.saturating_sub(head.width() + 3);
        let after = match &note {
            Some(note) => fit_words(note, room),
            None => format!("({})", fit_items(keys, room.saturating_sub(2))),
        };
        ask(format!("{head}   {after}"))
    };
    match &s.mode {
        Mode::SaveAs(name) => {
            let (what, keys) = save::asking(s, theme.lang);
            return typing(format!(" {what}: {}", name.with_cursor()), &keys);
        }
        Mode::Overwrite(path) => {
            let question = fill(w.write_over, &[&path.display()]);
            // Why it asks goes first; when the question would not fit with
            // it, the reason stays (it names what the save would do) with only
            // the keys of the question.
            return match note.as_deref() {
                Some(note) if format!(" {note}. {question}").width() <= width => ask(format!(" {note}. {question}")),
                Some(note) => ask(format!(" {} y / n", fit_words(note, width.saturating_sub(7)))),
                None => ask(format!(" {question}")),
            };
        }
        Mode::Prompt(p) => {
            let (what, keys) = prompt::asking(p, theme.lang);
            return typing(format!(" {what}: {}", p.text.with_cursor()), &keys);
        }
        Mode::Answer(p) => {
            let (what, keys) = quiz::asking(p, s, theme.lang);
            return typing(format!(" {what}: {}", p.text.with_cursor()), &keys);
        }
        Mode::Breaks(i) => return ask(format!(" {}", breaks::status(*i, s, theme.lang))),
        _ => {}
    }
    let settings = s.settings();
    let mut parts = Vec::new();
    if s.playing.is_none() {
        // The phase's address says frame, kind, pass and pair, in the form `--at` reads.
        let record = s.record();
        let address = crate::session::address::Address::of(record, s.phase, names);
        // The address keeps the English kind `--at` reads; another language names it too.
        let kind = (w.terms.kind)(address.kind);
        let kind = if kind == address.kind.name() { String::new() } else { format!("{kind} ") };
        parts.push(format!("{address} ({kind}{}/{})", s.phase + 1, record.phases.len()));
        parts.push(format!("t {} s", num(record.time)));
    } else {
        parts.push(format!("{} {}", w.frame, s.frame));
    }
    if let Some(to) = s.awaited {
        parts.push(fill(w.recording, &[&to.frame]));
    }
    // The switches of the method in use: Dobre & Ramtal's has no tangent, passes or correction rate.
    if settings.method == Method::EventDriven {
        parts.push((w.terms.method)(settings.method).to_string());
    } else if settings.method == Method::Reposition {
        parts.push((w.terms.method)(settings.method).to_string());
        if !settings.side_tracking {
            parts.push(w.side_tracking_off.to_string());
        }
        if !settings.velocity_correction {
            parts.push(w.vcor_off.to_string());
        }
    } else {
        parts.push(format!("{} {}", w.tangent, (w.terms.tangent)(settings.tangent)));
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
        parts.push(format!("{} {}/{}", w.status_quiz, score.total() - score.open, score.total()));
    }
    if s.class.presenter {
        parts.push(w.status_presenter.to_string());
    }
    if s.running {
        // The speed as a share of real time; the rate really shown, measured by the shell, and the one asked for.
        parts.push(fill(w.running, &[&SPEEDS[s.speed].1, &format!("{:.0}", s.measured_fps), &format!("{:.0}", s.fps())]));
    }
    // The note answers the last key, so it comes first; only a note longer
    // than the line loses its end.
    let mut spans = Vec::new();
    if let Some(note) = &note {
        spans.push(Span::styled(format!(" {} │", fit_words(note, width.saturating_sub(HELP_AND_QUIT_ROOM))), theme.fg(Color::Yellow)));
    }
    let used: usize = spans.iter().map(|s| s.content.width()).sum();
    let room = width.saturating_sub(used);
    let hint = match &s.mode {
        Mode::Aim(shot) => format!(" {}", fit_items(&aim::status(shot, w), room.saturating_sub(1))),
        Mode::Fields(ed) => format!(" {}", fit_items(&fields::keys(ed, theme.lang), room.saturating_sub(1))),
        mode => {
            let state = format!(" {} ", parts.join(" · ")).width();
            hints(mode.scope(), theme.lang, room.saturating_sub(state))
        }
    };
    // Where the line is too short even for the keys, the state gives way, cut
    // with "…", or gone where less than its frame number would be left.
    let room = room.saturating_sub(hint.width());
    let mut state = format!(" {} ", parts.join(" · "));
    if state.width() > room {
        state = if room >= 12 { cut(&state, room - 1) + "…" } else { String::new() };
    }
    spans.push(Span::styled(state, theme.strong()));
    spans.push(Span::styled(hint, theme.dim()));
    Paragraph::new(Line::from(spans))
}

/// What a note leaves of the line: room for `? help · q quit`.
const HELP_AND_QUIT_ROOM: usize = 20;

/// `text` if it fits in `columns`, else its longest start that ends between
/// words, marked "…" (a text with no space in reach, Chinese, is cut between
/// characters, marked the same).
fn fit_words(text: &str, columns: usize) -> String {
    if text.width() <= columns {
        return text.to_string();
    }
    let start = cut(text, columns.saturating_sub(1));
    let between = start.rfind(' ').filter(|&i| i > start.len() / 2).map_or(start.as_str(), |i| start[..i].trim_end());
    format!("{between}…")
}

/// A list of keys, `a · b · c`, shortened to `columns` by dropping whole
/// items before the last (the first says what the line is, the last how to
/// leave it): `a · … · c`.
fn fit_items(list: &str, columns: usize) -> String {
    if list.width() <= columns {
        return list.to_string();
    }
    let items: Vec<&str> = list.split(" · ").collect();
    if items.len() <= 2 {
        return fit_words(list, columns);
    }
    let (first, last) = (items[0], items[items.len() - 1]);
    let mut kept = vec![first];
    for &item in &items[1..items.len() - 1] {
        let longer = [kept.as_slice(), &[item, "…", last]].concat().join(" · ");
        if longer.width() > columns {
            break;
        }
        kept.push(item);
    }
    let shortened = [kept.as_slice(), &["…", last]].concat().join(" · ");
    fit_words(&shortened, columns)
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
