//! `impulse compare <ID|FILE> --set … [--frames N]`.

use super::{load_as_written, say};
use crate::lesson::Lang;
use crate::report;
use crate::scene::SceneError;
use std::process::ExitCode;

pub fn compare(target: &str, sets: &[String], frames: Option<u64>, lang: Lang) -> Result<ExitCode, SceneError> {
    let a = load_as_written(target, lang)?;
    let b = a.with_sets(sets)?;
    // A lesson by its id: the file it was built from is not on the user's disk.
    let what = match &a.section {
        Some(l) if a.file != target => format!("lesson {}", l.id),
        _ => target.to_string(),
    };
    say(&report::compare(&a, &b, &what, sets, frames));
    Ok(ExitCode::SUCCESS)
}
