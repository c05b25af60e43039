//! `impulse handout` in a folder others can write to (issue 35, §2): a link
//! planted where the list of written files or a handout file goes is never
//! followed. Without `--force` the run stops, naming the link and where it
//! points; with `--force` the link itself is replaced. The list is read only
//! as a plain file of bounded size.
#![cfg(unix)]

use std::os::unix::fs::{FileTypeExt, symlink};
use std::path::Path;
use std::process::{Command, Output};

fn impulse(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_impulse")).args(args).current_dir(dir).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Whether `path` is a plain file, not a link.
fn is_plain_file(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file())
}

/// A run refused with exit 2 that names each link and its target, and wrote nothing.
fn refused_naming(out: &Output, links: &[(&str, &str)], folder: &Path) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    for (name, target) in links {
        assert!(err.contains(&format!("{name} is a link to {target}")), "{err}");
    }
    assert!(err.contains("nothing was written") && err.contains("--force"), "{err}");
    assert!(!folder.join("step-01.svg").exists(), "a picture was written");
}

#[test]
fn a_planted_list_link_is_refused_and_forced_over_without_touching_its_target() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("d")).unwrap();
    std::fs::write(dir.join("victim"), "precious\n").unwrap();
    symlink("../victim", dir.join("d/.impulse-handout")).unwrap();
    let out = impulse(&["handout", "rough-balls", "--out", "d"], dir);
    refused_naming(&out, &[(".impulse-handout", "../victim")], &dir.join("d"));
    assert_eq!(read(&dir.join("victim")), "precious\n");
    // With --force the list is written in the link's place.
    let out = impulse(&["handout", "rough-balls", "--out", "d", "--force"], dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(read(&dir.join("victim")), "precious\n");
    assert!(is_plain_file(&dir.join("d/.impulse-handout")));
    assert!(read(&dir.join("d/.impulse-handout")).contains("\nrough-balls.md\n"));
}

#[test]
fn a_listed_file_that_is_a_link_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("d4")).unwrap();
    std::fs::write(dir.join("victim4"), "precious\n").unwrap();
    std::fs::write(dir.join("d4/.impulse-handout"), "rough-balls.md\n").unwrap();
    symlink("../victim4", dir.join("d4/rough-balls.md")).unwrap();
    let out = impulse(&["handout", "rough-balls", "--out", "d4"], dir);
    refused_naming(&out, &[("rough-balls.md", "../victim4")], &dir.join("d4"));
    assert_eq!(read(&dir.join("victim4")), "precious\n");
    assert_eq!(read(&dir.join("d4/.impulse-handout")), "rough-balls.md\n", "the list is left as it was");
}

#[test]
fn force_replaces_a_link_itself_never_what_it_points_to() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("d5")).unwrap();
    std::fs::write(dir.join("victim5"), "precious\n").unwrap();
    symlink("../victim5", dir.join("d5/rough-balls.md")).unwrap();
    let out = impulse(&["handout", "rough-balls", "--out", "d5", "--force"], dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(read(&dir.join("victim5")), "precious\n");
    let md = dir.join("d5/rough-balls.md");
    assert!(is_plain_file(&md));
    assert!(read(&md).starts_with("# Rough balls"), "{}", read(&md));
}

#[test]
fn a_link_to_a_folder_is_refused_and_forced_over_leaving_the_folder_empty() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("h")).unwrap();
    std::fs::create_dir(dir.join("elsewhere")).unwrap();
    symlink("../elsewhere", dir.join("h/step-02.svg")).unwrap();
    let out = impulse(&["handout", "rough-balls", "--out", "h"], dir);
    refused_naming(&out, &[("step-02.svg", "../elsewhere")], &dir.join("h"));
    let out = impulse(&["handout", "rough-balls", "--out", "h", "--force"], dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(is_plain_file(&dir.join("h/step-02.svg")));
    assert_eq!(std::fs::read_dir(dir.join("elsewhere")).unwrap().count(), 0, "nothing written into the linked folder");
}

#[test]
fn a_link_to_dev_null_is_refused_and_forced_over_leaving_dev_null_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("n")).unwrap();
    symlink("/dev/null", dir.join("n/rough-balls.md")).unwrap();
    symlink("/dev/null", dir.join("n/.impulse-handout")).unwrap();
    let out = impulse(&["handout", "rough-balls", "--out", "n"], dir);
    refused_naming(&out, &[(".impulse-handout", "/dev/null"), ("rough-balls.md", "/dev/null")], &dir.join("n"));
    let out = impulse(&["handout", "rough-balls", "--out", "n", "--force"], dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    assert!(is_plain_file(&dir.join("n/rough-balls.md")) && is_plain_file(&dir.join("n/.impulse-handout")));
}

#[test]
fn the_list_is_read_only_as_a_plain_file_of_bounded_size() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("big")).unwrap();
    // Two megabytes of names: no handout writes that many.
    std::fs::write(dir.join("big/.impulse-handout"), "step-01.svg\n".repeat(180_000)).unwrap();
    let out = impulse(&["handout", "rough-balls", "--out", "big"], dir);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains(".impulse-handout") && stderr(&out).contains("over 1024 kB"), "{}", stderr(&out));
    // A pipe in its place is not waited on.
    std::fs::create_dir(dir.join("pipe")).unwrap();
    let made = Command::new("mkfifo").arg(dir.join("pipe/.impulse-handout")).status().unwrap();
    assert!(made.success());
    let out = impulse(&["handout", "rough-balls", "--out", "pipe"], dir);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("not a plain file"), "{}", stderr(&out));
}
