//! Saving (Ctrl-S) and writing a frame as a new scene (Ctrl-E): the name
//! asked for when there is no file, the question before a file is written
//! over, and what the shell's answer means. The text is made and read back
//! here; the shell writes it (`tui/effect.rs`).

use crate::lesson::Lang;
use crate::session::line::LineEdit;
use crate::tui::binding::{Binding, NONE, bind, hint_line};
use crate::tui::context::Context;
use crate::tui::effect::{Check, Concern, Effect, Outcome, Refusal};
use crate::tui::msg::Msg;
use crate::tui::words::{Words, fill, words};
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
                ctx.note = Some(words(ctx.lang).write_name.to_string());
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
    ctx.note = Some(words(ctx.lang).not_saved.to_string());
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
            ctx.note = Some(format!("{}: {why}", words(ctx.lang).not_saved));
            Then::Done
        }
    }
}

/// What the shell found or did for an effect (a write's answer, and the
/// clipboard's and the quiz log's, which only a failure speaks of).
pub fn performed(outcome: Outcome, ctx: &mut Context) -> Then {
    let w = words(ctx.lang);
    match outcome {
        Outcome::Ask(path, concerns) => {
            let said: Vec<String> = concerns.iter().map(|c| concern_words(c, w)).collect();
            ctx.note = Some(format!("{} {}", path.display(), said.join(w.concern_and)));
            Then::Overwrite(path)
        }
        Outcome::Exists(path) => {
            ctx.note = None;
            Then::Overwrite(path)
        }
        Outcome::Copied | Outcome::Logged(Ok(())) => Then::Stay,
        // The name typed cannot be written to: say why and let it be changed.
        Outcome::Refused(why) => {
            ctx.note = Some(match why {
                Refusal::IsAFolder(path) => fill(w.is_a_folder, &[&path.display().to_string()]),
                Refusal::NoFolder(folder) => fill(w.no_folder, &[&folder.display().to_string()]),
            });
            Then::Stay
        }
        // The answer stands; the teacher's file is what failed: said after the feedback.
        Outcome::Logged(Err(why)) => {
            let said = fill(w.log_not_written, &[&why]);
            ctx.note = Some(ctx.note.take().map_or(said.clone(), |n| format!("{n} · {said}")));
            Then::Stay
        }
        Outcome::Wrote { path, text, result } => {
            let shown = path.display().to_string();
            ctx.note = Some(match result {
                Ok(()) => {
                    // Motion is a switch of the session, not a key of the file.
                    let motion = if ctx.settings().motion { "" } else { w.motion_not_saved };
                    match ctx.exporting.take() {
                        Some(n) => fill(w.wrote_frame, &[&n.to_string(), &shown, &ctx.session.lesson.file, &motion]),
                        None => {
                            let later = match ctx.session.later_edits().as_slice() {
                                [] => String::new(),
                                frames => fill(w.later_edits, &[&frames.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")]),
                            };
                            ctx.session.saved_as(path, text, 0);
                            fill(w.saved_built, &[&shown, &motion, &later])
                        }
                    }
                }
                Err(e) => {
                    ctx.exporting = None;
                    format!("{}: {shown}: {e}", w.not_saved)
                }
            });
            Then::Done
        }
    }
}

/// What the user hears of a concern, after the file's name (or "it").
fn concern_words(concern: &Concern, w: &Words) -> String {
    match concern {
        Concern::Deleted => w.concern_deleted.to_string(),
        Concern::ChangedOnDisk => w.concern_changed.to_string(),
        Concern::LinkTo(target) => fill(w.concern_link, &[&target.display()]),
        Concern::HardLink(1) => w.concern_hard_link.to_string(),
        Concern::HardLink(n) => fill(w.concern_hard_links, &[n]),
        Concern::ReadOnly => w.concern_read_only.to_string(),
    }
}

/// What the status line asks while the name is typed (the line editor's
/// text follows), and the keys it gives, from their bindings' hints.
pub fn asking(ctx: &Context, lang: Lang) -> (String, String) {
    let w = words(lang);
    let what = ctx.exporting.map_or(w.save_as.to_string(), |n| fill(w.save_frame_as, &[&n]));
    (what, hint_line(SAVE_AS_KEYS, lang))
}
