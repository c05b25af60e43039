//! `--set` and `impulse compare` as a user runs them.

use std::process::{Command, Output};

fn impulse(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_impulse")).args(args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The line of `report` for quantity `name` in the side-by-side table.
fn row<'a>(report: &'a str, name: &str) -> &'a str {
    let named = |l: &&str| {
        let rest = l.strip_prefix("  ≠ ").or_else(|| l.strip_prefix("    "));
        rest.is_some_and(|r| r.starts_with(&format!("{name} ")))
    };
    report.lines().find(named).unwrap_or_else(|| panic!("no row {name} in\n{report}"))
}

/// The rough-balls article's collision mirrored (tangent-fix): with the rotated-normal
/// tangent t = (n.y, −n.x) = (−0.6, 0.8) for n = (−0.8, −0.6); projecting the
/// relative velocity v_rel = (1.2, −6.6) off n leaves v_rel − 3·n = (3.6, −4.8),
/// so the projected tangent is (0.6, −0.8) and vrt = 6. Both take jt = μ·jn =
/// 0.2·(−7.2) = −1.44, so J = jn·n + jt·t differs: (6.624, 3.168) against
/// (4.896, 5.472), and m1 leaves at (2.448, −2.264), ω 0.28 — rough-balls mirrored.
#[test]
fn compare_tangent_fix_finds_the_resolve_and_the_tangent() {
    let out = impulse(&["compare", "tangent-fix", "--set", "solver.tangent=projected"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("first difference: frame 0, phase 5 of 48\n  A: resolve · pass 1 · m1–m2"), "{report}");
    for same in ["n", "vrn", "jn", "jt"] {
        assert!(!row(&report, same).contains("≠"), "{same} should agree: {report}");
    }
    assert_eq!(row(&report, "jn").split_whitespace().collect::<Vec<_>>(), ["jn", "−7.2", "−7.2"]);
    assert_eq!(row(&report, "jt").split_whitespace().collect::<Vec<_>>(), ["jt", "−1.44", "−1.44"]);
    assert_eq!(row(&report, "t").split_whitespace().collect::<Vec<_>>(), ["≠", "t", "(−0.6,", "0.8)", "(0.6,", "−0.8)"]);
    assert_eq!(row(&report, "vrt").split_whitespace().collect::<Vec<_>>(), ["≠", "vrt", "−6", "6"]);
    assert!(row(&report, "J").contains("(6.624, 3.168)") && row(&report, "J").contains("(4.896, 5.472)"), "{report}");
    assert!(row(&report, "v_a'").contains("(3.312, −3.416)") && row(&report, "v_a'").contains("(2.448, −2.264)"), "{report}");
    assert!(report.contains("  m1: ≠ x, θ, v, ω\n"), "{report}");
    assert!(report.contains("    B  x (14.0408, 12.9623)  θ 0.00466667  v (2.448, −2.264)  ω 0.28\n"), "{report}");
}

/// The energy the two tangents leave: the rotated-normal tangent's friction
/// adds 11.232 J to the 27 J the balls brought (38.232 J), the projected one
/// takes 6.048 J away (20.952 J); momentum (0, −10) N·s and L are kept by both.
#[test]
fn compare_ends_with_both_runs_totals_and_names_the_lesson_by_its_id() {
    let out = impulse(&["compare", "tangent-fix", "--set", "solver.tangent=projected"]);
    let report = text(&out.stdout);
    assert!(report.starts_with("A: lesson tangent-fix as written\nB: with --set solver.tangent=projected\n"), "{report}");
    assert!(!report.contains("lessons/"), "{report}");
    let tail: Vec<Vec<&str>> = report.lines().rev().take(7).map(|l| l.split_whitespace().collect()).collect();
    let words = |row: &[&str]| row.join(" ");
    assert_eq!((words(&tail[6]).as_str(), words(&tail[5]).as_str()), ("totals:", "A B B − A"));
    assert_eq!(words(&tail[4]), "≠ KE 38.232 J 20.952 J −17.28 J");
    assert_eq!(words(&tail[3]), "PE 0 J 0 J 0 J");
    assert_eq!(words(&tail[2]), "≠ E 38.232 J 20.952 J −17.28 J");
    assert_eq!(words(&tail[1]), "p (0, −10) N·s (0, −10) N·s (0, 0) N·s");
    assert_eq!(words(&tail[0]), "L −136 kg·m²/s −136 kg·m²/s 0 kg·m²/s");
}

#[test]
fn compare_with_a_setting_that_changes_nothing_says_so() {
    // smooth-balls has no friction: the tangent is never used.
    let out = impulse(&["compare", "smooth-balls", "--set", "solver.tangent=sign-fixed", "--frames", "3"]);
    assert_eq!(out.status.code(), Some(0));
    let report = text(&out.stdout);
    assert!(report.contains("A and B agree at every phase of 3 frame(s)."), "{report}");
    assert!(report.contains("  m1: same\n"), "{report}");
}

#[test]
fn set_changes_what_runs() {
    let out = impulse(&["run", "tangent-fix", "--set", "solver.tangent=sign-fixed", "--phases", "resolve"]);
    assert_eq!(out.status.code(), Some(0));
    // The sign-fixed tangent gives rough-balls' mirrored result, ω1 = 0.28.
    assert!(text(&out.stdout).contains("= 1 + ((−1.6, −1.2)×(4.896, 5.472))/4\n         = 0.28 rad/s"), "{}", text(&out.stdout));
    let out = impulse(&["check", "tangent-fix", "--set", "solver.tangent=projected"]);
    assert_eq!(out.status.code(), Some(1), "the lesson's rotated-normal checks fail under the fix");
    let out = impulse(&["bench", "smooth-balls", "--frames", "5", "--set", "world.gravity=[0,-9.8]", "--set", "body.m1.friction=0.5"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_bad_key_gets_did_you_mean_and_exit_2() {
    let out = impulse(&["run", "tangent-fix", "--set", "solver.tangnet=projected"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("lessons/tangent-fix.toml with --set:25:1: error: unknown key `tangnet`: did you mean `tangent`?"), "{err}");
    let out = impulse(&["check", "tangent-fix", "--set", "body.m3.friction=0.5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no body is named \"m3\". did you mean `body.m1.friction`?"), "{}", text(&out.stderr));
    let out = impulse(&["bench", "tangent-fix", "--set", "wrld.dt=0.1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("did you mean `world`?"), "{}", text(&out.stderr));
    let out = impulse(&["compare", "tangent-fix", "--set", "solver.tangent"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("write --set KEY=VALUE"), "{}", text(&out.stderr));
}

#[test]
fn a_bad_value_gets_the_files_message_and_exit_2() {
    let out = impulse(&["run", "tangent-fix", "--set", "solver.tangent=sideways"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("tangent-fix.toml with --set:24:11: error: `solver.tangent`: unknown value \"sideways\""), "{err}");
    assert!(err.contains("write one of \"rotated-normal\", \"sign-fixed\", \"projected\""), "{err}");
    // A number the file itself would refuse, with the file's message.
    let out = impulse(&["compare", "tangent-fix", "--set", "body.m1.friction=-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("with --set:35:1: error: friction must be from 0 to 2"), "{}", text(&out.stderr));
    let out = impulse(&["run", "smooth-balls", "--set", "world.dt=0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("dt must be between 0.000001 and 1 s"), "{}", text(&out.stderr));
}

#[test]
fn compare_is_in_the_help() {
    let out = impulse(&["--help"]);
    assert!(text(&out.stdout).contains("compare"), "{}", text(&out.stdout));
}
