//! Files made to hurt, run through the binary as a user would: thousands of
//! problems of one kind come as a few messages and a count, a name that would
//! drive the terminal never reaches it raw, and friction above 1 without
//! `coulomb_cap` is accepted with a warning.

use std::process::{Command, Output};

fn check(name: &str, text: &str) -> (Output, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_impulse")).arg("check").arg(&path).env("NO_COLOR", "1").output().unwrap();
    let stderr = String::from_utf8(out.stderr.clone()).unwrap();
    (out, stderr)
}

fn ball(name: &str, x: f64) -> String {
    format!("[[body]]\nname = \"{name}\"\nshape = \"circle\"\nradius = 0.5\nmass = 1.0\nposition = [{x}, 0.0]\n\n")
}

#[test]
fn three_hundred_coincident_bodies_give_ten_warnings_and_a_count() {
    let text: String = (0..300).map(|i| ball(&format!("b{i}"), 0.0)).collect();
    let (out, stderr) = check("coincident.toml", &text);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr.matches("warning: \"").count(), 10, "{stderr}");
    // 300·299/2 = 44,850 pairs overlap; ten are shown.
    assert!(stderr.contains("warning: … and 44,840 more overlapping pairs"), "{stderr}");
}

#[test]
fn five_thousand_duplicate_names_give_ten_errors_and_a_count() {
    let text: String = (0..5000).map(|i| ball("b", 2.0 * i as f64)).collect();
    let (out, stderr) = check("duplicates.toml", &text);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr.matches("error: two bodies are named \"b\"").count(), 10, "{stderr}");
    assert!(stderr.contains("error: … and 4,989 more bodies named as an earlier one"), "{stderr}");
    assert!(stderr.contains("help: the first \"b\" is on line 2; give each body and wall its own name"), "{stderr}");
}

#[test]
fn a_control_character_in_a_message_is_written_out_not_sent() {
    // An action naming a body that does not exist echoes the name in the message.
    let text = format!("{}[[action]]\nbody = \"\\u001b]0;pwned\\u0007\"\nimpulse = [1.0, 0.0]\n", ball("ball", 0.0));
    let (out, stderr) = check("osc.toml", &text);
    assert_eq!(out.status.code(), Some(2));
    assert!(!stderr.contains('\u{1b}') && !stderr.contains('\u{7}'), "{stderr:?}");
    assert!(stderr.contains(r#"error: no body is named "\u{1b}]0;pwned\u{7}""#), "{stderr}");
}

#[test]
fn friction_above_one_without_the_cap_is_a_warning_and_with_it_is_silent() {
    let body = format!("{}\nfriction = 1.5\n", ball("crate", 0.0).trim_end());
    let (out, stderr) = check("sticky.toml", &body);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("warning: friction 1.5 above 1 without coulomb_cap: jt = μ·jn can reverse the sliding and add energy"),
        "{stderr}"
    );
    assert!(stderr.contains("help: write coulomb_cap = true in [solver], or a friction of at most 1"), "{stderr}");
    let (out, stderr) = check("capped.toml", &format!("[solver]\ncoulomb_cap = true\n\n{body}"));
    assert_eq!(out.status.code(), Some(0));
    assert!(!stderr.contains("friction"), "{stderr}");
}
