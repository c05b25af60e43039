//! What the TUI asks of the world outside it, and the shell that does it.
//! `update` never touches a file: it returns an [`Effect`]; the event loop (or
//! a test) calls [`perform`] and hands the [`Outcome`] back.

use crate::scene::save::write_atomic;
use std::path::{Path, PathBuf};

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
    /// What the user must hear about the file before it is written: the
    /// save waits for a yes.
    Ask(PathBuf, Vec<Concern>),
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
            let concerns = concerns(path, source);
            if !concerns.is_empty() {
                return Outcome::Ask(path.clone(), concerns);
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

/// What a save does to the file the scene came from beyond giving it new
/// text, each of which the user is told before anything is written.
#[derive(Clone, Debug, PartialEq)]
pub enum Concern {
    /// It is gone: the save makes it anew.
    Deleted,
    /// It holds other text than the one opened: someone else's work.
    ChangedOnDisk,
    /// It was replaced by a link: the save writes into this file, which may
    /// be anywhere (said only with a change, as a link opened as one holds
    /// the text opened).
    LinkTo(PathBuf),
    /// It has this many other names (hard links). The save writes a new file
    /// and renames it over this name, so a failure midway never leaves half a
    /// scene; the other names keep the old text.
    HardLink(u64),
    /// Its owner may have meant it to stay as it is.
    ReadOnly,
}

/// The concerns about writing the file at `path`, opened holding `source`.
fn concerns(path: &Path, source: &str) -> Vec<Concern> {
    let Ok(entry) = std::fs::symlink_metadata(path) else { return vec![Concern::Deleted] };
    let mut found = Vec::new();
    match std::fs::read(path) {
        // A link whose file is gone: the save puts a file in the link's place.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => found.push(Concern::Deleted),
        Ok(now) if now != source.as_bytes() => found.push(Concern::ChangedOnDisk),
        _ => {}
    }
    // The file it now writes into comes first: a narrow screen cuts the end.
    if entry.file_type().is_symlink() && found.contains(&Concern::ChangedOnDisk) {
        found.insert(0, Concern::LinkTo(std::fs::canonicalize(path).unwrap_or_else(|_| std::fs::read_link(path).unwrap_or_default())));
    }
    if let Ok(file) = std::fs::metadata(path) {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if file.nlink() > 1 {
                found.push(Concern::HardLink(file.nlink() - 1));
            }
        }
        if file.permissions().readonly() {
            found.push(Concern::ReadOnly);
        }
    }
    found
}
