//! `impulse run --break-on COND` (DESIGN.md, "Finding the moment"): exit 0 at
//! the first phase that meets the condition, 1 when none does, 2 for a bad
//! condition, underlined where it goes wrong.

use std::process::{Command, Output};

fn impulse(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_impulse")).args(args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn energy_rises_stops_at_the_rotated_normal_resolve() {
    let out = impulse(&["run", "tangent-fix", "--break-on", "energy rises"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("break: frame 0 · phase 5/48 · resolve · pass 1 · m1–m2 · energy rises"));
    // Then that phase's derivation: the tangent turned from the normal, and text 000's wrong friction.
    assert!(stdout.contains("t = (n.y, −n.x)"), "{stdout}");
    assert!(stdout.contains("= −1.44 N·s"), "{stdout}");
    assert!(stdout.contains("= (3.312, −3.416) m/s"), "{stdout}");
}

#[test]
fn a_resolve_with_jn_below_minus_7_is_smooth_balls_first() {
    let out = impulse(&["run", "smooth-balls", "--break-on", "kind = resolve and jn < -7"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("break: frame 0 · phase 5/48 · resolve · pass 1 · m1–m2 · kind = resolve and jn < -7\n"), "{stdout}");
    assert!(stdout.contains("    jn = −(1 + e)·vrn / k_n\n       = −(1 + 1)·3 / 0.833333\n       = −7.2 N·s\n"), "{stdout}");
}

#[test]
fn a_condition_that_never_holds_exits_1() {
    let out = impulse(&["run", "smooth-balls", "--break-on", "jn < -100", "--frames", "20"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "no phase matched jn < -100 in 20 frames\n");
    // 600 frames unless told.
    let out = impulse(&["run", "smooth-balls", "--break-on", "nan"]);
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(1), "no phase matched nan in 600 frames\n".to_string()));
}

#[test]
fn a_bad_condition_exits_2_underlined() {
    let out = impulse(&["run", "smooth-balls", "--break-on", "kind = resolve and jn << -7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("condition:1:23: error: expected a comparison: < <= > >= == !=\n"), "{stderr}");
    assert!(stderr.contains("1 | kind = resolve and jn << -7\n  |                       ^^ here\n"), "{stderr}");
    let out = impulse(&["run", "smooth-balls", "--break-on", "contact m1 m3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("did you mean `m1`?"), "{}", text(&out.stderr));
}
