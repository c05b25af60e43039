//! `impulse run --break-on COND` (README, "Commands"): exit 0 at
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
    // Then that phase's derivation: the tangent turned from the normal, and the rough-balls article's wrong friction.
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

/// A ball thrown up and across with gravity and nothing else, under `integrator`.
fn thrown_ball(dir: &std::path::Path, integrator: &str) -> String {
    let file = dir.join(format!("thrown-{integrator}.toml"));
    let scene = format!(
        "[world]\ngravity = [0.0, -9.8]\n\n[solver]\nintegrator = \"{integrator}\"\n\n\
         [[body]]\nname = \"ball\"\nshape = \"circle\"\nradius = 0.5\nmass = 2.0\nposition = [0.0, 10.0]\nvelocity = [1.0, 3.0]\n"
    );
    std::fs::write(&file, scene).unwrap();
    file.to_str().unwrap().to_string()
}

#[test]
fn gravity_alone_never_raises_energy_under_either_integrator() {
    let dir = tempfile::tempdir().unwrap();
    for integrator in ["symplectic-euler", "explicit-euler"] {
        let file = thrown_ball(dir.path(), integrator);
        for cond in ["energy rises by 0.01", "energy rises"] {
            let out = impulse(&["run", &file, "--break-on", cond]);
            assert_eq!(out.status.code(), Some(1), "{integrator}, {cond}: {}", text(&out.stdout));
            assert_eq!(text(&out.stdout), format!("no phase matched {cond} in 600 frames\n"));
        }
    }
}

#[test]
fn the_integrators_drift_is_a_term_of_its_own_at_the_frames_integrate() {
    // Over one frame of free fall, forces gives ΔKE = m·g·(v + ½g·dt)·dt and
    // integrate ΔPE = −m·g·(v + g·dt)·dt (symplectic), so E moves by
    // −½·m·|g|²·dt²; explicit Euler moves with v, not v + g·dt: +½·m·|g|²·dt².
    let half = 0.5 * 2.0 * 9.8 * 9.8 / 3600.0;
    let dir = tempfile::tempdir().unwrap();
    for (integrator, cond, drift) in
        [("symplectic-euler", "integrator drift < -0.02", -half), ("explicit-euler", "integrator drift > 0.02", half)]
    {
        let out = impulse(&["run", &thrown_ball(dir.path(), integrator), "--break-on", cond, "--format", "json"]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["format"], 2);
        assert_eq!((json["match"]["frame"].as_u64(), json["match"]["phase"]["kind"].as_str()), (Some(0), Some("integrate")));
        let energy = &json["match"]["phase"]["energy"];
        let got = energy["integrator_drift"].as_f64().unwrap();
        assert!((got - drift).abs() < 1e-12, "{integrator}: drift {got}, expected {drift}");
        // Integrate moves PE only, and all of it is gravity's trade.
        assert_eq!(energy["d_ke"], 0.0);
        assert_eq!(energy["gravity"], energy["d_pe"]);
    }
}

#[test]
fn a_match_prints_the_energy_before_and_after() {
    let out = impulse(&["run", "tangent-fix", "--break-on", "energy rises"]);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().take(3).collect();
    // The rough-balls article's mirrored case: 27 J before, 38.232 J after the wrong friction.
    assert_eq!(lines[1], "  energy: ΔKE +11.232 J · ΔPE 0 J · ΔE +11.232 J");
    assert!(lines[2].starts_with("  totals: KE 27 → 38.232 J · PE 0 J · E 27 → 38.232 J"), "{stdout}");
}

#[test]
fn break_on_writes_json_when_asked_and_null_when_nothing_matched() {
    let out = impulse(&["run", "smooth-balls", "--break-on", "jn < -100", "--frames", "20", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json, serde_json::json!({"format": 2, "condition": "jn < -100", "frames": 20, "match": null}));
    let out = impulse(&["run", "tangent-fix", "--break-on", "energy rises", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let m = &json["match"];
    assert_eq!((m["index"].as_u64(), m["phase_count"].as_u64(), m["phase"]["kind"].as_str()), (Some(4), Some(48), Some("resolve")));
    assert!((m["phase"]["energy"]["d_e"].as_f64().unwrap() - 11.232).abs() < 1e-9, "{m}");
}
