//! The settings editor (`O`): the world and solver settings at the start of
//! the frame on screen, in the field editor (`modes/fields.rs` takes its
//! keys); named settings are picked, not typed.

use crate::tui::context::Context;
use crate::tui::fields::FieldEditor;
use crate::tui::words::words;

/// The editor over the settings at the start of the frame on screen.
pub fn open(ctx: &mut Context) -> FieldEditor {
    let start = ctx.session.timeline.start(ctx.frame);
    FieldEditor::settings(&start, &words(ctx.lang).settings_fields)
}
