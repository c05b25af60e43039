//! Input at scale: the overlap checks find what a loop over every pair
//! finds; files too big, arrays too long and nesting too deep are refused
//! before they are parsed, saying why.

use impulse::geometry::collide;
use impulse::scene::Scene;

/// A scene of discs, turned boxes and walls crowded together, so that many pairs overlap.
fn crowded(seed: u64, bodies: usize, event_driven: bool) -> String {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut text = String::from("[world]\ngravity = [0.0, 0.0]\n");
    if event_driven {
        text += "[solver]\nmethod = \"event-driven\"\n";
    }
    for i in 0..bodies {
        let (x, y) = (rng.f64() * 20.0, rng.f64() * 20.0);
        let shape = if !event_driven && rng.bool() {
            format!("shape = \"box\"\nsize = [{}, {}]\nangle = {}", 0.5 + rng.f64() * 3.0, 0.5 + rng.f64(), rng.f64() * 6.0)
        } else {
            format!("shape = \"circle\"\nradius = {}", 0.3 + rng.f64())
        };
        let mass = if rng.u8(..5) == 0 { "static = true".to_string() } else { format!("mass = {}", 1.0 + rng.f64()) };
        text += &format!("[[body]]\nname = \"b{i}\"\n{shape}\n{mass}\nposition = [{x}, {y}]\n");
    }
    for i in 0..4 {
        let (x, y) = (rng.f64() * 20.0, rng.f64() * 20.0);
        text += &format!("[[wall]]\nname = \"w{i}\"\nfrom = [{x}, {y}]\nto = [{}, {}]\n", x + rng.f64() * 10.0, y - 3.0);
    }
    text
}

/// Every overlapping pair of the world, by a loop over every pair (j, then i < j), as the messages list them.
fn every_overlap(scene: &Scene) -> Vec<(String, String, f64)> {
    let bodies: Vec<_> = scene.world.iter().collect();
    let mut found = Vec::new();
    for (j, (b, mb)) in bodies.iter().enumerate() {
        for (a, ma) in &bodies[..j] {
            if a.is_static() && b.is_static() {
                continue;
            }
            if let Some(info) = collide(&a.shape, ma.pose(), &b.shape, mb.pose(), None).info
                && info.depth > 1e-9
            {
                found.push((a.name.clone(), b.name.clone(), info.depth));
            }
        }
    }
    found
}

#[test]
fn overlap_warnings_name_the_pairs_a_loop_over_every_pair_finds() {
    for seed in 0..20 {
        let text = crowded(seed, 60, false);
        let scene = Scene::parse("crowded.toml", &text).unwrap();
        let every = every_overlap(&scene);
        assert!(every.len() > 10, "seed {seed}: only {} overlaps; the scene should crowd", every.len());
        let expected: Vec<String> = every
            .iter()
            .take(10)
            .map(|(a, b, depth)| format!("\"{a}\" and \"{b}\" overlap by {} m at the start", impulse::notation::num(*depth)))
            .chain([format!("… and {} more overlapping pairs", every.len() - 10)])
            .collect();
        let got: Vec<&str> = scene.warnings.iter().map(|w| w.message.as_str()).collect();
        assert_eq!(got, expected, "seed {seed}");
    }
}

#[test]
fn event_driven_overlap_errors_name_the_pairs_a_loop_over_every_pair_finds() {
    for seed in 0..20 {
        let text = crowded(seed, 40, true);
        // The same bodies under the default method give the world to compare with.
        let plain = Scene::parse("crowded.toml", &text.replace("method = \"event-driven\"", "")).unwrap();
        let every = every_overlap(&plain);
        let error = Scene::parse("crowded.toml", &text).unwrap_err().render(false);
        let mut named = 0;
        for (a, b, depth) in every.iter().take(10) {
            let message = format!("\"{a}\" and \"{b}\" overlap by {} m at the start", impulse::notation::num(*depth));
            assert!(error.contains(&message), "seed {seed}: {message} missing from\n{error}");
            named += 1;
        }
        assert_eq!(error.matches("needs bodies apart").count(), named, "seed {seed}: {error}");
    }
}

/// A file over the size limit is refused by its size alone, before it is read
/// (a sparse file: 65 MB that take no room on disk).
#[test]
fn a_file_over_64_mb_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.toml");
    std::fs::File::create(&path).unwrap().set_len(65 * 1024 * 1024).unwrap();
    let error = Scene::load(&path).unwrap_err().render(false);
    assert!(error.contains("the file is 65.0 MB; a scene file may be at most 64 MB"), "{error}");
}

#[test]
fn a_million_numbers_in_a_position_are_refused_at_the_array() {
    let text = format!(
        "[[body]]\nname = \"b\"\nshape = \"circle\"\nradius = 1.0\nmass = 1.0\nposition = [{}]\n",
        vec!["0.0"; 1_000_000].join(", ")
    );
    let error = Scene::parse("long.toml", &text).unwrap_err().render(false);
    assert!(error.starts_with("long.toml:6:12: error: `position` holds an array of more than 1,000 elements"), "{}", &error[..300]);
    assert!(error.contains("help: a position, velocity or size is two numbers, e.g. position = [0.0, 2.0]"));
    // Two numbers too many still get the parser's own message, which counts them.
    let three = text.replace(&format!("[{}]", vec!["0.0"; 1_000_000].join(", ")), "[0.0, 0.0, 0.0]");
    assert!(Scene::parse("three.toml", &three).unwrap_err().render(false).contains("expected two numbers [x, y], found 3 numbers"));
}

#[test]
fn three_thousand_nested_headers_are_refused_at_the_first_too_deep() {
    let text: String = (1..=3_000).map(|k| format!("[{}]\n", vec!["a"; k].join("."))).collect();
    let error = Scene::parse("deep.toml", &text).unwrap_err().render(false);
    // Line 81 is the first header of 81 levels; its 80th dot is the 161st column.
    assert!(error.starts_with("deep.toml:81:161: error: keys, tables or arrays nest too deeply (more than 80 levels)"), "{error}");
    let eighty: String = (1..=80).map(|k| format!("[{}]\n", vec!["a"; k].join("."))).collect();
    assert!(!Scene::parse("eighty.toml", &eighty).unwrap_err().render(false).contains("nest too deeply"));
}

/// A disc of 1e9 kg pushing one of 1e-6 kg into a wall: the light disc bounces
/// between them ever faster, and from frame 11 on every frame reaches the event limit.
const SQUEEZE: &str = r#"
[world]
gravity = [0.0, 0.0]

[solver]
method = "event-driven"

[[body]]
name = "heavy"
shape = "circle"
radius = 1.0
mass = 1000000000.0
position = [0.0, 0.0]
velocity = [5.0, 0.0]

[[body]]
name = "light"
shape = "circle"
radius = 0.5
mass = 0.000001
position = [2.0, 0.0]

[[wall]]
name = "wall"
from = [3.0, -5.0]
to = [3.0, 5.0]
"#;

/// `run --frames 200` writes the first frame at the limit, says once why the
/// run stops there and what to change, and ends with exit 2.
#[test]
fn the_event_limit_stops_a_run_once_with_what_to_change() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("squeeze.toml");
    std::fs::write(&path, SQUEEZE).unwrap();
    let impulse = |format: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_impulse"))
            .args(["run", path.to_str().unwrap(), "--frames", "200", "--format", format])
            .output()
            .unwrap()
    };
    let text = impulse("text");
    assert_eq!(text.status.code(), Some(2));
    let stdout = String::from_utf8(text.stdout).unwrap();
    let stderr = String::from_utf8(text.stderr).unwrap();
    // Frames 0 to 11, the last of them at the limit of 1,000 + 100 for each of two discs and a wall.
    assert_eq!(stdout.lines().filter(|l| l.starts_with("frame ")).count(), 12);
    assert_eq!(stdout.matches("= stopped at 1300 events").count(), 1);
    assert_eq!(stderr.matches("frame 11 handled 1300 events").count(), 1, "{stderr}");
    assert!(stderr.contains("give the masses a smaller ratio, lower the speeds or the restitution, or write method = \"relaxation\""));
    // The JSON trace is closed where the run stops, and still parses.
    let json = impulse("json");
    assert_eq!(json.status.code(), Some(2));
    let trace: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(trace["frames"].as_array().unwrap().len(), 12);
}

/// The handout's search stops at its time budget, and the handout says so
/// (a budget of nothing: the search stops before its first frame).
#[test]
fn the_handout_search_stops_at_its_time_budget_with_a_note() {
    let scene = impulse::lesson::Lesson::parse("squeeze.toml", SQUEEZE).unwrap();
    let options = impulse::report::handout::Options::default();
    let built = impulse::report::handout::build_within(&scene, options, None, std::time::Duration::ZERO).unwrap();
    assert!(built.markdown.contains("*The search stopped at its time budget of 5 s"), "{}", built.markdown);
    assert!(built.markdown.contains("Frames searched: 0.*"));
    // Given time, the same search finds the frames where the discs meet.
    let built = impulse::report::handout::build_within(&scene, options, Some(12), std::time::Duration::from_secs(3600)).unwrap();
    assert!(!built.markdown.contains("time budget"));
    assert!(built.markdown.contains("heavy–light") || built.markdown.contains("light–wall"), "{}", built.markdown);
}
