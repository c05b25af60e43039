//! Every scene in `tests/broken/` has one mistake a person would make. `impulse check`
//! must refuse it with exit code 2, name file:line:column first, leave the file
//! alone, and say what is wrong; the exact message is locked by a snapshot
//! (top-level `snapshots/`).

use std::path::Path;
use std::process::Command;

use crate::common;
use common::snapshot_settings;

/// Whether `line` is `<file>:<line>:<col>: error: …` with line and column ≥ 1.
fn names_file_line_col(line: &str, file: &str) -> bool {
    let Some(rest) = line.strip_prefix(file).and_then(|r| r.strip_prefix(':')) else { return false };
    let mut parts = rest.splitn(3, ':');
    let number = |p: Option<&str>| p.filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())).and_then(|s| s.parse::<u64>().ok());
    let (Some(l), Some(c), Some(tail)) = (number(parts.next()), number(parts.next()), parts.next()) else { return false };
    l >= 1 && c >= 1 && tail.starts_with(" error: ")
}

#[test]
fn first_line_check_accepts_only_file_line_col() {
    let f = "tests/broken/x.toml";
    assert!(names_file_line_col("tests/broken/x.toml:3:12: error: unknown key", f));
    assert!(!names_file_line_col("tests/broken/x.toml: error: unknown key", f));
    assert!(!names_file_line_col("tests/broken/x.toml:0:1: error: unknown key", f));
    assert!(!names_file_line_col("tests/broken/x.toml:3:: error: unknown key", f));
    assert!(!names_file_line_col("tests/broken/x.toml:3:4: warning: unknown key", f));
    assert!(!names_file_line_col("other.toml:3:4: error: unknown key", f));
}

#[test]
fn every_broken_scene_is_refused_with_a_located_message() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seen = 0;
    // Every file is run and snapshotted; what is wrong with any of them is told at the end, all at once.
    let mut wrong = Vec::new();
    snapshot_settings().bind(|| {
        insta::glob!("../broken", "*.toml", |path| {
            seen += 1;
            let name = path.file_name().unwrap().to_str().unwrap();
            let file = format!("tests/broken/{name}");
            let before = std::fs::read(path).unwrap();
            let out =
                Command::new(env!("CARGO_BIN_EXE_impulse")).args(["check", &file]).current_dir(root).env("NO_COLOR", "1").output().unwrap();
            let stderr = String::from_utf8(out.stderr).unwrap();
            if out.status.code() != Some(2) {
                wrong.push(format!("{file}: exit code {:?}, expected 2", out.status.code()));
            }
            if !out.stdout.is_empty() {
                wrong.push(format!("{file}: stdout should be empty, got\n{}", String::from_utf8_lossy(&out.stdout)));
            }
            let first = stderr.lines().next().unwrap_or("");
            if !names_file_line_col(first, &file) {
                wrong.push(format!("{file}: the first line should be `{file}:<line>:<col>: error: …`, got\n{first}"));
            }
            if std::fs::read(path).unwrap() != before {
                wrong.push(format!("{file}: the file was changed"));
            }
            insta::assert_snapshot!("broken", stderr);
        });
    });
    assert!(seen >= 24, "only {seen} broken scenes in tests/broken/");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
