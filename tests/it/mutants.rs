//! 2,000 mutants of the embedded lessons and the starter scene — a byte
//! changed, a number swapped for a hostile one (1e308, 5e-324, nan, u64::MAX …),
//! a line dropped, doubled or moved — from a fixed seed. Each is parsed,
//! checked and stepped three frames (a quarter of them with the first frame
//! traced and written as text and JSON): nothing may panic, every refusal must render, and no output may hold a non-finite value
//! (the ranges keep a file's numbers far from overflow, so the run-time guard
//! has nothing to stop in three frames).

use impulse::engine::{self, NoTrace, record_frame};
use impulse::lesson::{self, Lesson};
use impulse::report;
use impulse::scene::STARTER;

const MUTANTS: usize = 2_000;
/// One mutant in this many has its first frame traced and written out (a
/// traced frame costs as much as the parse and the untraced frames together).
const TRACED_EVERY: usize = 4;

/// Numbers a hostile file would write.
const HOSTILE: [&str; 16] = [
    "1e308",
    "-1e308",
    "5e-324",
    "1e-310",
    "nan",
    "inf",
    "-inf",
    "0",
    "-0.0",
    "-1",
    "18446744073709551615",
    "9223372036854775807",
    "100001",
    "1e200",
    "2.5",
    "1000000",
];

/// Bytes that change the structure of TOML, or are not allowed in it.
const BYTES: &[u8] = b"[]{}=\",.\n#-+e0123456789 \x1b\x07\\";

/// xorshift64*: a fixed sequence, so a failure names a mutant that can be rebuilt.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

/// Where the numbers of `text` are, as byte ranges.
fn numbers(text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts = bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric() && bytes[i - 1] != b'_');
        if !starts {
            i += 1;
            continue;
        }
        let start = if i > 0 && bytes[i - 1] == b'-' { i - 1 } else { i };
        while i < bytes.len() && (bytes[i].is_ascii_digit() || matches!(bytes[i], b'.' | b'e' | b'E' | b'-' | b'+')) {
            i += 1;
        }
        found.push(start..i);
    }
    found
}

fn mutate(source: &str, rng: &mut Rng) -> String {
    match rng.below(3) {
        0 => {
            let mut bytes = source.as_bytes().to_vec();
            let at = rng.below(bytes.len());
            bytes[at] = BYTES[rng.below(BYTES.len())];
            String::from_utf8_lossy(&bytes).into_owned()
        }
        1 => {
            let spots = numbers(source);
            let spot = spots[rng.below(spots.len())].clone();
            format!("{}{}{}", &source[..spot.start], HOSTILE[rng.below(HOSTILE.len())], &source[spot.end..])
        }
        _ => {
            let mut lines: Vec<&str> = source.lines().collect();
            let at = rng.below(lines.len());
            match rng.below(3) {
                0 => {
                    lines.remove(at);
                }
                1 => lines.insert(at, lines[at]),
                _ => {
                    let line = lines.remove(at);
                    let to = rng.below(lines.len() + 1);
                    lines.insert(to, line);
                }
            }
            lines.join("\n")
        }
    }
}

/// Everything a user could ask of the mutant; panics if an output holds a
/// non-finite value. `traced`: the first frame is recorded and written out.
/// Whether the mutant was read (not refused).
fn exercise(name: &str, text: &str, traced: bool) -> bool {
    let scene = match Lesson::parse(name, text) {
        Ok(scene) => scene,
        Err(e) => {
            assert!(!e.render(false).is_empty());
            return false;
        }
    };
    let _ = scene.render_warnings(false);
    if lesson::anchored_frames(&scene).is_ok() && lesson::frames_needed(&scene) <= 10 {
        match lesson::run_checks(&scene) {
            Ok(outcomes) => assert!(!format!("{outcomes:?}").contains("NaN"), "{name}: {outcomes:?}\n{text}"),
            Err(e) => assert!(!e.render(false).is_empty()),
        }
    }
    let mut world = scene.world.clone();
    if traced {
        let names = lesson::body_names(&scene);
        let record = record_frame(&mut world, &scene.settings);
        assert_eq!(engine::guard(&record), Ok(()), "{name}: the guard stopped frame 0\n{text}");
        let spans = record.ledger_spans(&scene.world.bodies, scene.world.gravity);
        let text_out = report::text_frame(&names, &record, &spans);
        let mut json = Vec::new();
        report::write_json_frame(&mut json, &names, &scene.world.bodies, &record, &spans).unwrap();
        let json = String::from_utf8(json).unwrap();
        for out in [&text_out, &json] {
            assert!(!out.contains("NaN") && !out.contains("inf"), "{name}: a non-finite value\n{out}\nfrom\n{text}");
        }
    }
    for frame in world.frame..3 {
        engine::step(&mut world, &scene.settings, &mut NoTrace);
        assert!(world.states().iter().all(|s| s.is_finite()), "{name}: frame {frame} left a state non-finite\n{text}");
    }
    true
}

#[test]
fn two_thousand_mutants_neither_panic_nor_print_a_non_finite_value() {
    let mut originals: Vec<(String, String)> =
        lesson::embedded().into_iter().map(|l| l.unwrap()).map(|l| (l.file.clone(), l.source.clone())).collect();
    originals.push(("starter.toml".to_string(), STARTER.to_string()));
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut refused, mut ran) = (0, 0);
    for k in 0..MUTANTS {
        let (file, source) = &originals[k % originals.len()];
        let text = mutate(source, &mut rng);
        let name = format!("mutant {k} of {file}");
        match exercise(&name, &text, k % TRACED_EVERY == 0) {
            true => ran += 1,
            false => refused += 1,
        }
    }
    // Both paths are exercised: most mutants still read, a good share are refused.
    assert!(ran > MUTANTS / 4 && refused > MUTANTS / 10, "{ran} ran, {refused} refused");
}
