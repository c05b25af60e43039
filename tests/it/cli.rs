//! The binary as a user runs it: exit codes, the JSON contract, errors.

use std::process::{Command, Output};

fn impulse(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_impulse")).args(args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn json_trace_follows_the_contract() {
    let out = impulse(&["run", "rough-balls", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let frame = &v["frames"][0];
    assert_eq!(frame["frame"], 0);
    assert_eq!(frame["time"], 0.0);
    let resolve = frame["phases"].as_array().unwrap().iter().find(|p| p["kind"] == "resolve").unwrap();
    assert_eq!(resolve["iteration"], 1);
    assert_eq!(resolve["pair"], serde_json::json!(["m1", "m2"]));
    for name in ["p", "r_a", "r_b", "v_rel", "vrn", "jn", "t", "vrt", "jt"] {
        assert!(resolve["values"].get(name).is_some(), "resolve lacks {name}");
    }
    assert!((resolve["values"]["jn"].as_f64().unwrap() + 7.2).abs() < 1e-12);
    let detect = frame["phases"].as_array().unwrap().iter().find(|p| p["kind"] == "detect").unwrap();
    for name in ["contact", "depth", "normal", "start", "end"] {
        assert!(detect["values"].get(name).is_some(), "detect lacks {name}");
    }
    let body = &frame["bodies"][0];
    for key in ["name", "position", "angle", "velocity", "angular_velocity"] {
        assert!(body.get(key).is_some(), "bodies lack {key}");
    }
}

#[test]
fn a_sat_detect_in_json_keeps_its_values_and_lists_its_faces() {
    let out = impulse(&["run", "sat", "--format", "json", "--phases", "detect"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let detect = &v["frames"][0]["phases"][0];
    assert_eq!(detect["pair"], serde_json::json!(["plank", "crate"]));
    let faces = detect["faces"].as_array().unwrap();
    assert_eq!(faces.len(), 8);
    // The faces' numbers are in their rows, once: no value is named after a face.
    let values = detect["values"].as_object().unwrap();
    assert!(values.keys().all(|k| !k.contains("face") || k == "least_penetration"), "{values:?}");
    let least: Vec<_> = faces.iter().filter(|f| f["least"] == true).collect();
    assert_eq!(least.len(), 1);
    assert_eq!((&least[0]["body"], &least[0]["face"]), (&serde_json::json!("crate"), &serde_json::json!(3)));
    assert_eq!(detect["values"]["least_penetration"], "crate face 3");
    assert_eq!(least[0]["distance"], detect["values"]["depth"]);
}

#[test]
fn lessons_lists_the_ids_in_order() {
    let out = text(&impulse(&["lessons"]).stdout);
    let (list, sources) = out.split_once("\nsources:\n").expect("the sources after the lessons");
    let ids: Vec<&str> = list.lines().filter(|l| !l.starts_with(' ')).filter_map(|l| l.split_whitespace().next()).collect();
    // The order itself is pinned in tests/it/lessons.rs; here the command must print it.
    assert_eq!(ids, impulse::lesson::ids());
    // Every text a lesson can name is cited once, by the name the lessons use.
    for source in impulse::lesson::Source::ALL {
        assert!(sources.contains(&format!("{}: {}", source.short(), source.citation())), "{sources}");
    }
}

#[test]
fn check_exit_codes() {
    assert_eq!(impulse(&["check", "smooth-balls", "rough-balls"]).status.code(), Some(0));
    assert_eq!(impulse(&["check", "tests/fixtures/lesson-failing-check.toml"]).status.code(), Some(1));
    assert_eq!(impulse(&["check", "tests/fixtures/lesson-unknown-quantity.toml"]).status.code(), Some(2));
    assert_eq!(impulse(&["check", "no-such-lesson"]).status.code(), Some(2));
}

#[test]
fn an_unknown_lesson_lists_the_valid_ids() {
    let out = impulse(&["lesson", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("smooth-balls, rough-balls, tangent-fix, sat, relaxation"), "{}", text(&out.stderr));
}

#[test]
fn the_tui_refuses_without_a_terminal() {
    let out = impulse(&["lesson", "rough-balls"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("use `impulse run <ID|FILE>`"), "{}", text(&out.stderr));
}

#[test]
fn a_broken_scene_names_file_line_and_key_on_one_screen() {
    let dir = std::env::temp_dir().join(format!("impulse-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("broken.toml");
    std::fs::write(&file, "[[body]]\nname = \"ball\"\nshape = \"circle\"\nradius = 1.0\nmasss = 2.0\n").unwrap();
    let out = impulse(&["run", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.starts_with(&format!("{}:5:1: error: unknown key `masss`: did you mean `mass`?", file.display())), "{err}");
    assert!(err.contains("5 | masss = 2.0"), "{err}");
    assert!(err.lines().count() < 24, "fits one screen:\n{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 5, "the user's file is untouched");
}

#[test]
fn a_pile_on_a_floor_runs_600_frames_without_nan_or_falling_through() {
    let out = impulse(&["run", "examples/pile.toml", "--frames", "600", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let frames = v["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 600);
    for f in frames {
        for b in f["bodies"].as_array().unwrap() {
            let nums = [&b["position"][0], &b["position"][1], &b["velocity"][0], &b["velocity"][1], &b["angle"], &b["angular_velocity"]];
            assert!(nums.iter().all(|x| x.as_f64().is_some_and(f64::is_finite)), "{b}");
            // The floor's top is y = 0; nothing dynamic may end up below it or outside the walls.
            if !["floor", "left-wall", "right-wall"].contains(&b["name"].as_str().unwrap()) {
                let (x, y) = (b["position"][0].as_f64().unwrap(), b["position"][1].as_f64().unwrap());
                assert!(y > 0.0 && x.abs() < 10.0, "frame {}: {} at ({x}, {y})", f["frame"], b["name"]);
            }
        }
    }
}

#[test]
fn overlapping_bodies_are_allowed_with_a_located_warning() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new(env!("CARGO_BIN_EXE_impulse"))
        .args(["check", "tests/fixtures/overlap.toml"])
        .current_dir(root)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "tests/fixtures/overlap.toml: valid; it has no [[check]]s to run\n");
    let stderr = text(&out.stderr);
    // Two discs of radius 1 with centres 1.5 apart overlap by 2 − 1.5 = 0.5 m.
    assert!(
        stderr.starts_with("tests/fixtures/overlap.toml:17:1: warning: \"left\" and \"right\" overlap by 0.5 m at the start\n"),
        "{stderr}"
    );
    assert!(stderr.contains("= help: the first frame pushes them apart"), "{stderr}");
}

#[test]
fn new_writes_a_starter_that_checks_clean_and_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.toml");
    let file = path.to_str().unwrap();
    let out = impulse(&["new", file]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(written, impulse::scene::STARTER);
    let check = impulse(&["check", file]);
    assert_eq!((check.status.code(), text(&check.stderr)), (Some(0), String::new()), "the starter has no problems and no warnings");
    // Every solver key is there: the texts' defaults, but for those that make
    // a sound engine, which the starter turns on.
    let scene = impulse::scene::Scene::parse("starter", &written).unwrap();
    let sound = impulse::engine::Settings {
        coulomb_cap: true,
        restitution_threshold: 1.0,
        slop: 0.005,
        contact: impulse::engine::ContactModel::Clipped,
        relaxation_iterations: 30,
        warm_start: true,
        ..Default::default()
    };
    assert_eq!(scene.settings, sound);
    assert_eq!(scene.world.bodies.len(), 3);

    std::fs::write(&path, "my own work\n").unwrap();
    let again = impulse(&["new", file]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        text(&again.stderr).contains("a file or folder of this name exists; impulse new never writes over one"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "my own work\n");
}

#[test]
fn huge_frame_counts_are_clear_errors() {
    for frames in ["18446744073709551615", "1000000000", "0"] {
        let out = impulse(&["run", "smooth-balls", "--frames", frames]);
        assert_eq!(out.status.code(), Some(2), "--frames {frames}");
        assert!(text(&out.stderr).contains("1..=10000000"), "--frames {frames}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty());
    }
    let dir = tempfile::tempdir().unwrap();
    for frame in ["18446744073709551615", "9223372036854775807", "100001"] {
        let lesson = include_str!("../fixtures/lesson-failing-check.toml").replacen("[[check]]", &format!("[[check]]\nframe = {frame}"), 1);
        let path = dir.path().join("far.toml");
        std::fs::write(&path, lesson).unwrap();
        for command in ["check", "run"] {
            let out = impulse(&[command, path.to_str().unwrap()]);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{command} at frame {frame}: {err}");
            assert!(err.contains(&format!("error: frame {frame} is beyond the last frame a check may point at, 100000")), "{err}");
            assert!(err.contains("far.toml:"), "located: {err}");
        }
    }
}

/// `impulse bench` as JSON; timings vary from run to run, so only the shape and the counts are checked.
fn bench_json(args: &[&str]) -> serde_json::Value {
    let out = impulse(&[&["bench"], args, &["--format", "json"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn sorted_keys(v: &serde_json::Value) -> Vec<&str> {
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    keys
}

#[test]
fn bench_json_follows_the_contract() {
    // 60 frames: the pile starts in the air and lands within the first second.
    let v = bench_json(&["examples/pile.toml", "--frames", "60"]);
    assert_eq!(sorted_keys(&v), ["bodies", "contacts_per_step", "frames", "ms_per_step", "traced"]);
    let scene = impulse::scene::Scene::load(std::path::Path::new("examples/pile.toml")).unwrap();
    assert_eq!(v["bodies"], scene.world.bodies.len());
    assert_eq!((&v["frames"], &v["traced"]), (&serde_json::json!(60), &serde_json::json!(false)));
    let ms = &v["ms_per_step"];
    assert_eq!(sorted_keys(ms), ["max", "median", "min"]);
    let [min, median, max] = ["min", "median", "max"].map(|k| ms[k].as_f64().unwrap());
    assert!(0.0 <= min && min <= median && median <= max, "{ms}");
    assert!(v["contacts_per_step"].as_f64().unwrap() > 0.0, "a pile on a floor has contacts: {v}");
}

#[test]
fn bench_counts_the_same_contacts_traced_and_untraced() {
    let untraced = bench_json(&["relaxation", "--frames", "3"]);
    let traced = bench_json(&["relaxation", "--frames", "3", "--traced"]);
    assert_eq!(traced["traced"], true);
    assert!(untraced["contacts_per_step"].as_f64().unwrap() > 0.0, "the relaxation pile overlaps from the start: {untraced}");
    assert_eq!(untraced["contacts_per_step"], traced["contacts_per_step"]);
    assert_eq!(untraced["bodies"], traced["bodies"]);
}

#[test]
fn bench_text_is_one_line() {
    let out = impulse(&["bench", "rough-balls", "--frames", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let line = text(&out.stdout);
    assert_eq!(line.lines().count(), 1, "{line}");
    // The lesson's two balls: its passes go in levels (the texts' solver).
    assert!(line.starts_with("2 bodies (0 static) · 2 frames untraced · 100% of passes in levels · ms/step min "), "{line}");
    assert!(line.ends_with(" contacts/step\n"), "{line}");
}

#[test]
fn bench_refuses_a_bad_frame_count_with_exit_2() {
    for bad in ["0", "10000001", "-3", "1.5", "many", "99999999999999999999999"] {
        let out = impulse(&["bench", "rough-balls", "--frames", bad]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--frames {bad}: {err}");
        assert!(!err.contains("panicked"), "--frames {bad}: {err}");
        assert!(out.stdout.is_empty(), "--frames {bad}");
    }
    for bad in ["0", "-3", "many"] {
        let err = text(&impulse(&["bench", "rough-balls", "--frames", bad]).stderr);
        assert!(err.contains("give a whole number of frames from 1 to 10,000,000"), "--frames {bad}: {err}");
    }
}

#[test]
fn bench_of_a_missing_file_exits_2() {
    let out = impulse(&["bench", "no/such/scene.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read the scene file"), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
}

#[test]
fn run_filters_phases_and_can_print_bodies_only() {
    let out = impulse(&["run", "rough-balls", "--format", "json", "--phases", "resolve,detect"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let kinds: Vec<&str> = v["frames"][0]["phases"].as_array().unwrap().iter().map(|p| p["kind"].as_str().unwrap()).collect();
    assert!(kinds.iter().all(|k| *k == "resolve" || *k == "detect"), "{kinds:?}");
    assert!(kinds.contains(&"resolve") && kinds.contains(&"detect"));
    // The values of a phase come in the derivation's order, not the alphabet's.
    let resolve = v["frames"][0]["phases"].as_array().unwrap().iter().find(|p| p["kind"] == "resolve").unwrap();
    let names: Vec<&String> = resolve["values"].as_object().unwrap().keys().collect();
    assert_eq!(names[..3], ["p", "r_a", "r_b"]);

    let out = impulse(&["run", "smooth-balls", "--only", "bodies", "--frames", "2"]);
    let text = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text.lines().filter(|l| l.starts_with("frame ")).count(), 2, "{text}");
    assert!(!text.contains("resolve") && text.contains("= m1: x (5.952, 12.9527)"), "{text}");
}

/// A reader that stops early (`impulse check … | head -1`) closes the pipe:
/// the rest of the output is dropped quietly, never with a panic.
#[test]
fn a_closed_pipe_is_no_panic() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    for args in [&["check", "smooth-balls", "rough-balls", "tangent-fix", "sat", "relaxation"][..], &["lessons"]] {
        let mut child =
            Command::new(env!("CARGO_BIN_EXE_impulse")).args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(!first.is_empty());
        assert!(!text(&out.stderr).contains("panicked"), "{args:?}: {}", text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
}

/// `impulse check` with nothing after it checks every lesson, in lesson order.
#[test]
fn check_with_no_targets_checks_every_lesson() {
    let out = impulse(&["check"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let checked: Vec<String> =
        text(&out.stdout).lines().filter(|l| !l.starts_with(' ')).map(|l| l.split(':').next().unwrap().to_string()).collect();
    assert_eq!(checked, impulse::lesson::ids());
}

/// A file given to `impulse lesson` is pointed to `impulse scene`.
#[test]
fn a_file_given_as_a_lesson_id_is_sent_to_impulse_scene() {
    let out = impulse(&["lesson", "my.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("open it with `impulse scene my.toml`"), "{}", text(&out.stderr));
}

/// The help a newcomer reads first names the keys, the file format's starter and the exit codes,
/// and every argument of every command has a description.
#[test]
fn help_names_the_keys_the_starter_and_the_exit_codes() {
    let help = text(&impulse(&["--help"]).stdout);
    for needle in ["? shows every key", "impulse new scene.toml", "Exit codes: 0 ok, 1", "2 bad input"] {
        assert!(help.contains(needle), "--help lacks {needle:?}:\n{help}");
    }
    for command in ["lesson", "scene", "new", "lessons", "check", "run", "bench", "compare"] {
        let help = text(&impulse(&[command, "--help"]).stdout);
        // clap lists an undescribed positional argument as a bare `<NAME>` line.
        let bare: Vec<&str> = help.lines().filter(|l| l.trim_start().starts_with('<') && l.trim().ends_with('>')).collect();
        assert!(bare.is_empty(), "`impulse {command} --help` leaves {bare:?} undescribed:\n{help}");
    }
}

/// A write that fails part-way (here the file-size limit, as a full disk
/// would) leaves neither the scene nor a temporary file, so a retry succeeds.
#[cfg(unix)]
#[test]
fn new_on_a_full_disk_leaves_nothing_that_blocks_a_retry() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scene.toml");
    // `trap "" XFSZ`: the write gets EFBIG instead of the process being killed by SIGXFSZ (ignored signals survive exec).
    let script = format!("trap '' XFSZ; ulimit -f 1; exec '{}' new '{}'", env!("CARGO_BIN_EXE_impulse"), path.display());
    let out = Command::new("sh").args(["-c", &script]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("cannot write the starter scene"), "{}", text(&out.stderr));
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    let retry = impulse(&["new", path.to_str().unwrap()]);
    assert_eq!(retry.status.code(), Some(0), "{}", text(&retry.stderr));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), impulse::scene::STARTER);
}

/// Round-off shown as physics confuses a student ("why did a smooth ball's spin
/// change?"): smooth-balls' resolve leaves ω of about 1e-15, which text and
/// handouts write 0 and JSON keeps exactly.
#[test]
fn round_off_reads_zero_in_text_and_stays_exact_in_json() {
    let text = text(&impulse(&["run", "smooth-balls", "--phases", "resolve"]).stdout);
    assert!(text.contains("= 0 rad/s") && !text.contains("e-15") && !text.contains("e−15"), "{text}");
    let json = String::from_utf8(impulse(&["run", "smooth-balls", "--phases", "resolve", "--format", "json"]).stdout).unwrap();
    assert!(json.contains("e-15") || json.contains("E-15"), "JSON keeps the exact value");
}

/// One minus sign: the text trace writes negative numbers with U+2212, as the
/// narration does, while JSON keeps serde's numbers with ASCII `-`.
#[test]
fn text_writes_the_minus_sign_and_json_keeps_ascii() {
    let text = text(&impulse(&["run", "rough-balls", "--phases", "resolve"]).stdout);
    assert!(text.contains("−7.2"), "{text}");
    assert!(!text.contains("(-") && !text.contains(" -7.2"), "an ASCII minus on a number: {text}");
    assert!(text.contains("μ = (μ_a + μ_b) / 2") && !text.contains("mu ="), "{text}");
    assert_eq!(text.matches("(negated: vrt < 0)").count(), text.matches("jt = −μ·jn").count(), "{text}");
    let json = String::from_utf8(impulse(&["run", "rough-balls", "--phases", "resolve", "--format", "json"]).stdout).unwrap();
    assert!(!json.contains('−'), "JSON numbers stay ASCII");
    assert!(json.contains("-7.2") && json.contains("\"mu\""), "{json}");
    let _: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
}

#[test]
fn check_reports_every_problem_of_a_file_in_line_order() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("many.toml");
    let scene = "[world]\ndt = 0.0\n\n[solver]\ncorrection_rate = 2.0\n\n\
                 [[body]]\nname = \"a\"\nshape = \"circle\"\nradius = -1.0\nmass = 1.0\n\n\
                 [[body]]\nname = \"b\"\nshape = \"circle\"\nradius = 1.0\nmass = -3.0\ncolour = \"red\"\n\n\
                 [[body]]\nname = \"c\"\nshape = \"circle\"\nradius = 1.0\nmas = 2.0\nposition = [5.0]\n";
    std::fs::write(&file, scene).unwrap();
    let out = impulse(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    let found: Vec<&str> = stderr.lines().filter(|l| l.contains(": error: ")).map(|l| l.split_once("many.toml:").unwrap().1).collect();
    assert_eq!(
        found,
        [
            "2:1: error: dt must be between 0.000001 and 1 s",
            "5:1: error: correction_rate must be above 0 and at most 1",
            "10:1: error: radius must be between 0.001 and 10,000 m",
            "17:1: error: mass must be between 0.000001 and 1,000,000,000 kg",
            "18:1: error: unknown key `colour`",
            "24:1: error: unknown key `mas`: did you mean `mass`?",
            "25:12: error: `body.position`: expected two numbers [x, y], found one number",
        ],
        "{stderr}"
    );
}

/// `impulse new --lang zh`: the same scene, key for key and value for value,
/// with its comments in Chinese, and it checks clean.
#[test]
fn new_in_chinese_writes_the_same_scene_with_chinese_comments() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("场景.toml");
    let file = path.to_str().unwrap();
    let out = impulse(&["new", file, "--lang", "zh"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("已写入"), "{}", text(&out.stdout));
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(written, impulse::scene::STARTER_ZH);
    let tables = |s: &str| s.parse::<toml::Table>().unwrap();
    assert_eq!(tables(&written), tables(impulse::scene::STARTER), "the same keys and values as the English starter");
    let comments = written.lines().filter_map(|l| l.split_once('#').map(|(_, c)| c)).filter(|c| !c.trim().is_empty());
    // Every comment but a bare unit ("# m/s") is in Chinese.
    assert!(comments.clone().count() > 20 && comments.clone().all(|c| !c.is_ascii() || c.trim() == "m/s"), "every comment in Chinese");
    let check = impulse(&["check", file]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));
}

/// A number TOML does not read, written as people write it (`.5` as Python
/// takes it, a decimal comma, a unit, a fraction, a word), in a `--set`: the
/// error names the --set and says what to write there, as the file's errors do.
#[test]
fn a_set_with_a_number_toml_does_not_read_says_what_to_write() {
    let cases = [
        (
            "body.m1.radius=.5",
            "--set body.m1.radius=.5: error: `radius` is not a number as TOML writes one: write --set body.m1.radius=0.5",
        ),
        ("body.m1.radius=0,5", "`radius` is written with a decimal comma: write --set body.m1.radius=0.5, with a point"),
        ("body.*.mass=2kg", "`mass` takes a plain number, without `kg` after it: write --set body.*.mass=2:"),
        ("world.dt=1/60", "`dt` is a fraction, and TOML reads only numbers: write --set world.dt=0.016666666666666666"),
        ("solver.correction_rate=0,8", "write --set solver.correction_rate=0.8, with a point"),
        ("body.m1.radius=abc", "`radius` takes a number, and `abc` is not one: write e.g. --set body.m1.radius=2.0 (as the file has it)"),
        ("body.m1.velocity=1, 0", "`velocity` is two numbers without brackets: write --set body.m1.velocity=[1, 0]"),
    ];
    for (set, said) in cases {
        let out = impulse(&["check", "smooth-balls", "--set", set]);
        assert_eq!(out.status.code(), Some(2), "{set}");
        let err = text(&out.stderr);
        assert!(err.contains(said), "{set}: {err}");
        assert!(!err.contains("with --set:"), "{set}: the error is of the --set, not of a line the user never wrote: {err}");
    }
    // In Chinese too, with the --set to copy kept as written.
    let out = impulse(&["check", "smooth-balls", "--lang", "zh", "--set", "body.m1.radius=0,5"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("`radius` 用了小数逗号：写 --set body.m1.radius=0.5，用小数点"), "{err}");
    // A word stays a word where a word is meant.
    let out = impulse(&["check", "smooth-balls", "--set", "solver.tangent=sign-fixed"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}
