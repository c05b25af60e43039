//! `impulse compare <ID|FILE> --set … [--frames N]`.

use super::{load_as_written, say};
use crate::report;
use crate::scene::SceneError;
use std::process::ExitCode;

pub fn compare(target: &str, sets: &[String], frames: Option<u64>) -> Result<ExitCode, SceneError> {
    let a = load_as_written(target)?;
    let b = a.with_sets(sets)?;
    say(&report::compare(&a, &b, sets, frames));
    Ok(ExitCode::SUCCESS)
}
