//! What the TUI asks of the world outside it, and the shell that does it.
//! `update` never touches a file: it returns an [`Effect`]; the event loop (or
//! a test) calls [`perform`] and hands the [`Outcome`] back.

use crate::scene::save::write_atomic;
use std::path::PathBuf;

/// What the TUI asks its shell to do: the file system is the shell's.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Write `text` to `path`, after `check`.
    Write { path: PathBuf, text: String, check: Check },
}

/// How careful a write must be.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// The file the scene came from: only while it still holds this text.
    Unchanged(String),
    /// A name typed in: not a folder, not in a missing folder, not over a file.
    New,
    /// The user said to write over it.
    None,
}

/// What the shell found or did.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    ChangedOnDisk(PathBuf),
    /// The file is read-only: its owner may have meant it to stay as it is.
    ReadOnly(PathBuf),
    Exists(PathBuf),
    Refused(String),
    Wrote {
        path: PathBuf,
        text: String,
        result: Result<(), String>,
    },
}

/// Performs an effect: the TUI's only file I/O. A write goes to a temporary
/// file that is then renamed, so a failed write never clobbers the file.
pub fn perform(effect: &Effect) -> Outcome {
    let Effect::Write { path, text, check } = effect;
    match check {
        Check::Unchanged(source) => {
            if std::fs::read_to_string(path).is_ok_and(|now| now != *source) {
                return Outcome::ChangedOnDisk(path.clone());
            }
            if std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()) {
                return Outcome::ReadOnly(path.clone());
            }
        }
        Check::New => {
            let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
            if path.is_dir() {
                return Outcome::Refused(format!("{} is a folder: write a file name", path.display()));
            } else if let Some(folder) = folder.filter(|f| !f.is_dir()) {
                return Outcome::Refused(format!("there is no folder {}", folder.display()));
            } else if path.exists() {
                return Outcome::Exists(path.clone());
            }
        }
        Check::None => {}
    }
    let result = write_atomic(path, text).map_err(|e| e.to_string());
    Outcome::Wrote { path: path.clone(), text: text.clone(), result }
}
