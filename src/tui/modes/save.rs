//! Saving (Ctrl-S) and writing a frame as a new scene (Ctrl-E): the name
//! asked for when there is no file, the question before a file is written
//! over, and what the shell's answer means. The text is made and read back
//! here; the shell writes it (`tui/effect.rs`).

use crate::lesson::Lang;
use crate::session::line::LineEdit;
use crate::tui::binding::{Binding, NONE, bind, hint_line};
use crate::tui::context::Context;
use crate::tui::effect::{Check, Effect, Outcome};
use crate::tui::msg::Msg;
use crate::tui::note::Note;
use crate::tui::words::{fill, words};
use crossterm::event::KeyCode::*;
use std::path::{Path, PathBuf};

/// Typing the name to save to.
pub static SAVE_AS_KEYS: &[Binding] = &[
    bind!(SaveAs, "Enter", "save to the file named", "保存到所给的文件", Msg::Accept, [(Enter, NONE)], hint: "Enter save", "Enter 保存"),
    bind!(SaveAs, "Esc", "cancel", "取消", Msg::Cancel, [(Esc, NONE)], hint: "Esc cancel", "Esc 取消"),
];

/// The question before a file is written over.
pub static OVERWRITE_KEYS: &[Binding] = &[
    bind!(Overwrite, "y", "write over the file", "覆盖文件", Msg::Yes, [(Char('y'), NONE)]),
    bind!(Overwrite, "n Esc", "keep the file as it is", "保留原文件", Msg::No, [(Char('n'), NONE), (Esc, NONE)]),
];

/// Where the keys go after a save's key or the shell's answer.
#[derive(Debug, PartialEq)]
pub enum Then {
    /// The prompt or question stays.
    Stay,
    /// Saved, or not: back to stepping.
    Done,
    /// Ask before writing over this file.
    Overwrite(PathBuf),
}

/// Ctrl-S: the scene as built — the start of frame 0, with every edit
/// made there — back into the file it came from, whatever frame is on
/// screen, if the file still holds what was read (else the shell's
/// answer makes us ask); a lesson asks for a name: the prompt, if one opens.
pub fn save(ctx: &mut Context) -> Option<LineEdit> {
    ctx.exporting = None;
    match ctx.session.lesson.origin.clone() {
        Some(path) => {
            let source = ctx.session.lesson.source.clone();
            write(ctx, path, Check::Unchanged(source));
            None
        }
        None => {
            let id = ctx.session.lesson.section.as_ref().map_or("scene", |l| l.id.as_str());
            Some(LineEdit::new(format!("{id}.toml")))
        }
    }
}

/// Ctrl-E: the start of the frame on screen as a new scene, in a file of
/// its own (a name is asked, and an existing file is written over only
/// when the user says so); the scene on screen keeps its own file.
pub fn export_frame(ctx: &mut Context) -> LineEdit {
    let stem = match (&ctx.session.lesson.origin, &ctx.session.lesson.section) {
        (Some(path), _) => path.with_extension("").display().to_string(),
        (None, Some(l)) => l.id.clone(),
        (None, None) => "scene".to_string(),
    };
    ctx.exporting = Some(ctx.frame);
    LineEdit::new(format!("{stem}-frame{}.toml", ctx.frame))
}

/// A key while the name is typed.
pub fn update_name(name: &mut LineEdit, msg: Msg, ctx: &mut Context) -> Then {
    if msg.edit_line(name) {
        return Then::Stay;
    }
    match msg {
        Msg::Accept => {
            let path = PathBuf::from(name.as_str().trim());
            if path.as_os_str().is_empty() {
                ctx.note = Some(Note::WriteName);
                Then::Stay
            } else {
                write(ctx, path, Check::New)
            }
        }
        Msg::Cancel | Msg::No => cancel(ctx),
        _ => Then::Stay,
    }
}

/// A key at the question before writing over `path`.
pub fn update_overwrite(path: &Path, msg: Msg, ctx: &mut Context) -> Then {
    match msg {
        Msg::Yes => write(ctx, path.to_path_buf(), Check::None),
        Msg::Cancel | Msg::No => cancel(ctx),
        _ => Then::Stay,
    }
}

fn cancel(ctx: &mut Context) -> Then {
    ctx.exporting = None;
    ctx.note = Some(Note::NotSaved);
    Then::Done
}

/// Asks the shell to write a start to `path` — frame 0's, or the frame
/// being exported — so reopening the file shows it as frame 0. The text
/// is made and read back here, before the shell touches any file.
fn write(ctx: &mut Context, path: PathBuf, check: Check) -> Then {
    match ctx.session.save_text(ctx.exporting.unwrap_or(0), &path.display().to_string()) {
        Ok(text) => {
            ctx.effect = Some(Effect::Write { path, text, check });
            Then::Stay
        }
        Err(why) => {
            ctx.exporting = None;
            ctx.note = Some(Note::SaveFailed(why));
            Then::Done
        }
    }
}

/// What the shell found or did for an effect (a write's answer, and the
/// clipboard's and the quiz log's, which only a failure speaks of).
pub fn performed(outcome: Outcome, ctx: &mut Context) -> Then {
    match outcome {
        Outcome::Ask(path, concerns) => {
            ctx.note = Some(Note::Concerns { path: path.clone(), concerns });
            Then::Overwrite(path)
        }
        Outcome::Exists(path) => {
            ctx.note = None;
            Then::Overwrite(path)
        }
        Outcome::Copied | Outcome::Logged(Ok(())) => Then::Stay,
        // The name typed cannot be written to: say why and let it be changed.
        Outcome::Refused(why) => {
            ctx.note = Some(Note::Refused(why));
            Then::Stay
        }
        // The answer stands; the teacher's file is what failed: said after the feedback.
        Outcome::Logged(Err(why)) => {
            let said = Note::LogNotWritten(why);
            ctx.note = Some(match ctx.note.take() {
                Some(n) => n.then(said),
                None => said,
            });
            Then::Stay
        }
        Outcome::Wrote { path, text, result } => {
            // Motion is a switch of the session, not a key of the file.
            let motion_off = !ctx.settings().motion;
            ctx.note = Some(match result {
                Ok(()) => match ctx.exporting.take() {
                    Some(frame) => Note::WroteFrame { frame, path, file: ctx.session.lesson.file.clone(), motion_off },
                    None => {
                        let later = ctx.session.later_edits();
                        ctx.session.saved_as(path.clone(), text, 0);
                        Note::Saved { path, motion_off, later }
                    }
                },
                Err(error) => {
                    ctx.exporting = None;
                    Note::WriteFailed { path, error }
                }
            });
            Then::Done
        }
    }
}

/// What the status line asks while the name is typed (the line editor's
/// text follows), and the keys it gives, from their bindings' hints.
pub fn asking(ctx: &Context, lang: Lang) -> (String, String) {
    let w = words(lang);
    let what = ctx.exporting.map_or(w.save_as.to_string(), |n| fill(w.save_frame_as, &[&n]));
    (what, hint_line(SAVE_AS_KEYS, lang))
}
