//! The lesson panel: the step of the lesson at the phase on screen.

use super::theme::Theme;
use crate::lesson::{StepEntry, find_phase, step_settings};
use crate::session::stale_banner;
use crate::tui::app::Stepper;
use ratatui::style::Style;
use ratatui::text::{Line, Text};
use ratatui::widgets::{Paragraph, Wrap};

/// The lesson panel's title and text.
pub(super) fn narration(s: &Stepper, theme: &Theme) -> (String, Paragraph<'static>) {
    let (step, here) = current_step(s);
    // The narration at an open question may give its answer away, its title
    // too ("The early exit: a face with no support point"): both follow the
    // answer. In presenter mode the narration of the phase follows its results.
    let held = if !s.open_here().is_empty() {
        Some(theme.words.narration_held)
    } else if here && s.class.presenter && s.outcome_hidden() {
        Some(theme.words.narration_held_presenter)
    } else {
        None
    };
    let (title, text) = match step {
        Some(_) if let Some(held) = held => (theme.words.lesson_title.to_string(), held.to_string()),
        Some(st) if here => (format!(" {} ", st.title(s.lang)), st.text(s.lang).trim().to_string()),
        Some(st) => (format!(" {} {} ", st.title(s.lang), theme.words.continued), st.text(s.lang).trim().to_string()),
        None => (theme.words.lesson_title.to_string(), theme.words.press_n.to_string()),
    };
    let style = if here && held.is_none() { Style::default() } else { theme.dim() };
    // Styled a line at a time, so the question's lines above keep their own style.
    let mut shown = Text::from(text.lines().map(|l| Line::styled(l.to_string(), style)).collect::<Vec<_>>());
    // In quiz mode, the question asked here (or the score) comes before the narration.
    let asked = super::question::question_lines(s, theme);
    if !asked.is_empty() {
        shown.lines.splice(0..0, asked.into_iter().chain([Line::from("")]));
    }
    // The narration's numbers are the lesson's: say so first when the screen no longer shows them.
    if let Some(banner) = stale_banner(&s.session.lesson, step, s.settings(), s.bodies()) {
        shown.lines.insert(0, Line::styled(format!("⚠ {banner}"), theme.warning()));
    }
    (title, Paragraph::new(shown).wrap(Wrap { trim: true }))
}

/// The step anchored at the current phase, or else the last one before it
/// (with `false`), so the narration stays while unnarrated phases pass. A
/// step with settings of its own (`with`) narrates another run than the
/// lesson's: it is shown only while the screen has those settings (the fix
/// of tangent-fix once `t` has reached it), and then before a step without
/// them at the same phase.
fn current_step(s: &Stepper) -> (Option<&StepEntry>, bool) {
    let names = s.names();
    let here = (s.frame, s.phase);
    let lesson = &s.session.lesson;
    let mut best: Option<((u64, usize), &StepEntry)> = None;
    for step in &lesson.steps {
        let own = step.with != Default::default();
        if step.frame > s.frame || (own && step_settings(lesson, step) != *s.settings()) {
            continue;
        }
        let at = if step.frame == s.frame && s.playing.is_none() {
            find_phase(s.record(), &step.anchor(), &names).map(|p| (step.frame, p))
        } else {
            Some((step.frame, usize::MAX))
        };
        if let Some(at) = at.filter(|at| *at <= here)
            && best.is_none_or(|(b, other)| at > b || (at == b && (own || other.with == Default::default())))
        {
            best = Some((at, step));
        }
    }
    match best {
        Some((at, step)) => (Some(step), at == here),
        None => (None, false),
    }
}
