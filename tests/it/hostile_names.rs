//! One hostile body name through every output (issue 35, §4). A name that
//! holds an invisible format character (a bidirectional control, a
//! zero-width one) is refused at the door, where it is, like a control
//! character. A name of plain characters that mean something elsewhere
//! (HTML, Markdown links, XML) is accepted, and every output writes it for
//! its medium: as it is in the trace and JSON, escaped in Markdown and SVG,
//! never raw in an error echo or a message on the terminal.

use impulse::scene::STARTER;
use impulse::tui::Msg;
use impulse::tui::app::Mode;
use std::path::Path;
use std::process::{Command, Output};

use crate::common;
use common::act;

/// HTML that runs, a comment that hides the rest of a page, a link, a CDATA
/// end, quotes, a code span and a table cell's end: all in one name.
const HOSTILE: &str = "<script>alert(1)</script> a&b\"c'd]]><!-- m2[a](javascript:alert(1)) `x` |";

fn impulse(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_impulse")).args(args).current_dir(dir).env("NO_COLOR", "1").output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

/// The starter with its ball called `name` (a TOML basic string).
fn starter_with_ball(name: &str) -> String {
    let quoted: String = name.chars().flat_map(|c| if matches!(c, '"' | '\\') { vec!['\\', c] } else { vec![c] }).collect();
    STARTER.replace("name = \"ball\"", &format!("name = \"{quoted}\""))
}

/// Nothing in `out` would drive a terminal or reorder its text.
fn terminal_safe(what: &str, out: &str) {
    let invisible = |c: char| matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}');
    let bad = out.chars().find(|&c| (c.is_control() && c != '\n' && c != '\t') || invisible(c));
    assert_eq!(bad, None, "{what}: {out}");
}

/// Outside code blocks and spans, the Markdown holds none of the name's HTML,
/// comment or link raw, and holds the name escaped.
fn markdown_safe(what: &str, md: &str) {
    let mut fenced = false;
    for line in md.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            for raw in ["<script", "<!--", "](javascript", "]]>"] {
                assert!(!line.contains(raw), "{what}: {raw} raw in {line}");
            }
        }
    }
    let escaped =
        "&lt;script&gt;alert\\(1\\)&lt;/script&gt; a&amp;b\"c'd\\]\\]&gt;&lt;\\!-- m2\\[a\\]\\(javascript:alert\\(1\\)\\) \\`x\\` \\|";
    assert!(md.contains(escaped), "{what}: the name is not written escaped");
}

#[test]
fn one_hostile_name_through_every_output() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("hostile.toml"), starter_with_ball(HOSTILE)).unwrap();

    // check: the name is a name a file may hold.
    let out = impulse(&["check", "hostile.toml"], dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));

    // run, text: the name as it is, on the lines of its pair.
    let out = impulse(&["run", "hostile.toml", "--frames", "80"], dir);
    assert_eq!(out.status.code(), Some(0));
    let trace = text(&out.stdout);
    assert!(trace.contains(&format!("floor–{HOSTILE}")), "the pair is not named");
    terminal_safe("run text", &trace);

    // run, JSON: the name comes back exactly.
    let out = impulse(&["run", "hostile.toml", "--frames", "80", "--format", "json"], dir);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let bodies = json["frames"][0]["bodies"].as_array().unwrap();
    assert!(bodies.iter().any(|b| b["name"] == HOSTILE), "{bodies:?}");
    let paired = json["frames"].as_array().unwrap().iter().flat_map(|f| f["phases"].as_array().unwrap()).any(|p| p["pair"][1] == HOSTILE);
    assert!(paired, "no phase names the pair");

    // run, Markdown.
    let out = impulse(&["run", "hostile.toml", "--frames", "80", "--format", "markdown"], dir);
    markdown_safe("run --format markdown", &text(&out.stdout));

    // handout: the Markdown, and each picture is XML whose labels read the name back.
    let out = impulse(&["handout", "hostile.toml", "--out", "h"], dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    markdown_safe("handout", &std::fs::read_to_string(dir.join("h/hostile.md")).unwrap());
    let mut named = 0;
    for picture in
        std::fs::read_dir(dir.join("h")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "svg"))
    {
        let svg = std::fs::read_to_string(&picture).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{}: not XML: {e}", picture.display()));
        named += doc.descendants().filter(|n| n.attribute("data-name") == Some(HOSTILE)).count();
        assert!(!svg.contains("<script"), "{}", picture.display());
    }
    assert!(named > 0, "no picture names the ball");

    // An error that echoes a name typed to --set: written out, never raw.
    let typed = format!("body.{HOSTILE}\u{202e}\u{1b}]0;x\u{7}.mass=2");
    let out = impulse(&["run", "hostile.toml", "--set", &typed], dir);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("no body is named") && err.contains("\\u{202e}\\u{1b}]0;x\\u{7}"), "{err}");
    terminal_safe("--set error", &err);

    // impulse new, for a file name holding an escape sequence.
    let out = impulse(&["new", "t\u{1b}]0;pwned\u{7}.toml"], dir);
    assert_eq!(out.status.code(), Some(0));
    let said = text(&out.stdout);
    assert!(said.contains("wrote t\\u{1b}]0;pwned\\u{7}.toml"), "{said}");
    terminal_safe("impulse new", &said);
}

#[test]
fn a_name_with_a_format_character_is_refused_where_it_is() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let line = STARTER.lines().position(|l| l == "name = \"ball\"").unwrap() + 1;
    std::fs::write(dir.join("plain.toml"), STARTER).unwrap();
    for (c, kind) in [
        ('\u{202e}', "bidirectional control"),
        ('\u{200b}', "zero-width"),
        ('\u{feff}', "zero-width"),
        ('\u{2066}', "bidirectional control"),
        ('\u{00ad}', "format character"),
    ] {
        std::fs::write(dir.join("f.toml"), starter_with_ball(&format!("ba{c}ll"))).unwrap();
        let out = impulse(&["check", "f.toml"], dir);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        let code = format!("U+{:04X}", u32::from(c));
        assert!(err.contains(&format!("f.toml:{line}:1: error: a body's name cannot hold {code}, ")) && err.contains(kind), "{err}");
        terminal_safe("check", &err);
        // --set with the same name meets the same check.
        let out = impulse(&["check", "plain.toml", "--set", &format!("body.ball.name=ba{c}ll")], dir);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(&format!("error: a body's name cannot hold {code}, ")), "{err}");
        terminal_safe("check --set", &err);
    }
}

#[test]
fn renaming_in_the_debugger_refuses_a_format_character() {
    let mut s = common::starter();
    while s.bodies()[s.selected].name != "ball" {
        act(&mut s, Msg::SelectNext);
    }
    act(&mut s, Msg::Rename);
    act(&mut s, Msg::ClearField);
    for c in "ba\u{202e}ll".chars() {
        act(&mut s, Msg::Input(c));
    }
    act(&mut s, Msg::Accept);
    assert!(matches!(s.mode, Mode::Prompt(_)), "the prompt stays open");
    let note = s.note_text().unwrap();
    assert!(note.starts_with("a body's name cannot hold U+202E, a bidirectional control"), "{note}");
    assert_eq!(s.bodies()[s.selected].name, "ball");
}
