//! A/B (`/`): the scene run again with overrides typed on the status line
//! (`solver.tangent=sign-fixed`), shown beside this one at the same phase;
//! `/` or Esc closes it. The run B is the session's (`session::variant`); its
//! prompt is the status line's (`modes/prompt.rs`).

use crate::session::variant::{Variant, suggested};
use crate::tui::context::Context;
use crate::tui::note::Note;

/// `/`: closes A/B; or the overrides the prompt for B's opens with, a
/// suggestion for the settings in use.
pub fn key(ctx: &mut Context) -> Option<String> {
    if ctx.session.variant.is_some() {
        close(ctx);
        return None;
    }
    Some(suggested(ctx.settings()).unwrap_or_default().to_string())
}

/// A/B off.
pub fn close(ctx: &mut Context) {
    ctx.session.variant = None;
    ctx.note = Some(Note::AbOff);
}

/// A/B on: B is the file with `text`'s overrides, shown at the frame on
/// screen; whether it started (else the note says what is wrong with an override).
pub fn start(ctx: &mut Context, text: &str) -> bool {
    match Variant::new(&ctx.session.lesson, text) {
        Ok(variant) => {
            ctx.note = Some(Note::AbOn { sets: variant.sets.clone() });
            ctx.session.variant = Some(variant);
            ctx.go(ctx.frame, ctx.phase);
            true
        }
        // The prompt stays open with the file's message for the override.
        Err(e) => {
            ctx.note = Some(Note::Problem(e.problems[0].clone()));
            false
        }
    }
}
