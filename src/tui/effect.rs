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
    /// Append `record`, with the time added, as one JSON line to `path`
    /// (`--quiz-log`): the file is added to, never written over.
    Log { path: PathBuf, record: serde_json::Value },
    /// Put `text` on the clipboard through the terminal (OSC 52), where the
    /// terminal allows it; the status line shows it too, to copy by hand.
    Copy(String),
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

/// Why a name typed to save under cannot be written to (the view says it in
/// the screen's language).
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    IsAFolder(PathBuf),
    NoFolder(PathBuf),
}

/// What the shell found or did.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// What the user must hear about the file before it is written: the
    /// save waits for a yes.
    Ask(PathBuf, Vec<Concern>),
    Exists(PathBuf),
    Refused(Refusal),
    /// The clipboard sequence was sent (whether the terminal took it, it cannot say).
    Copied,
    Wrote {
        path: PathBuf,
        text: String,
        result: Result<(), String>,
    },
    /// A quiz log line appended, or why not.
    Logged(Result<(), String>),
}

/// Performs an effect: the TUI's only file I/O. A write goes to a temporary
/// file that is then renamed, so a failed write never clobbers the file.
pub fn perform(effect: &Effect) -> Outcome {
    let (path, text, check) = match effect {
        Effect::Write { path, text, check } => (path, text, check),
        Effect::Log { path, record } => return Outcome::Logged(append_log(path, record).map_err(|e| format!("{}: {e}", path.display()))),
        Effect::Copy(text) => {
            let copy = crossterm::clipboard::CopyToClipboard::to_clipboard_from(text.as_bytes());
            let _ = crossterm::execute!(std::io::stdout(), copy);
            return Outcome::Copied;
        }
    };
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
                return Outcome::Refused(Refusal::IsAFolder(path.clone()));
            } else if let Some(folder) = folder.filter(|f| !f.is_dir()) {
                return Outcome::Refused(Refusal::NoFolder(folder.to_path_buf()));
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

/// Appends one line to a quiz log: the record with `"time"` (UTC, to the
/// second) at its end. One `write` of the whole line, in append mode, so
/// lines from several learners' sessions into one file stay whole.
fn append_log(path: &std::path::Path, record: &serde_json::Value) -> std::io::Result<()> {
    use std::io::Write;
    let mut record = record.clone();
    if let Some(map) = record.as_object_mut() {
        map.insert("time".to_string(), utc_now().into());
    }
    let line = format!("{record}\n");
    std::fs::OpenOptions::new().create(true).append(true).open(path)?.write_all(line.as_bytes())
}

/// Now, as `2026-11-27T07:05:09Z`.
fn utc_now() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rest / 3600, rest / 60 % 60, rest % 60)
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, proleptic Gregorian).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_784), (2026, 11, 27));
    }

    /// The log is appended to: what was in the file stays, each answer a line.
    #[test]
    fn a_quiz_log_is_appended_to_never_written_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("class.jsonl");
        std::fs::write(&path, "{\"earlier\":true}\n").unwrap();
        for q in [1, 2] {
            let effect = Effect::Log { path: path.clone(), record: serde_json::json!({ "question": q }) };
            assert_eq!(perform(&effect), Outcome::Logged(Ok(())));
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], "{\"earlier\":true}");
        let second: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
        assert_eq!(second["question"], 2);
        assert!(second["time"].as_str().unwrap().ends_with('Z'));
    }
}
