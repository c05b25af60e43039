//! The docs name only what exists. A reader who follows ARCHITECTURE.md, README.md, BENCHMARKS.md or a
//! page of docs/ to a file, a command, a flag or a `module::item` must find it; when the code moves on and
//! a doc does not, this fails and names the doc, the line and the name.
//!
//! What counts as a name, kept simple so that a doc never has to be written around the test:
//! - a repo path: a word that starts with one of the repo's folders (`src/engine/warm.rs`, `tests/`), a
//!   path under src/ written from a module (`engine/warm.rs`), or a bare `.rs` / `.md` file name;
//! - a command: in code (a fenced block or a `span`), `impulse SUBCOMMAND --flag …`, `SUBCOMMAND --flag`
//!   or a lone `--flag`, checked against what the binary's `--help` lists;
//! - a symbol: in a `span`, a path such as `engine::resolve::block_sums` or `Phase::kind` that starts with
//!   one of the crate's modules or types, checked against a grep of src/ for its items.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The repo's folders a path may start with.
const FOLDERS: [&str; 9] = ["src", "tests", "docs", "benches", "examples", "lessons", "scripts", "fuzz", "snapshots"];

/// The crate's top modules: a symbol path starting with one of them is the crate's.
const MODULES: [&str; 12] =
    ["crate", "impulse", "geometry", "engine", "notation", "scene", "lesson", "report", "session", "tui", "cli", "named"];

/// ARCHITECTURE.md is a map, not a manual.
const MOST_ARCHITECTURE_LINES: usize = 250;

struct Doc {
    name: String,
    text: String,
}

fn docs() -> Vec<Doc> {
    let mut paths: Vec<PathBuf> = ["ARCHITECTURE.md", "README.md", "BENCHMARKS.md"].iter().map(|p| Path::new(ROOT).join(p)).collect();
    paths.extend(files_under(&Path::new(ROOT).join("docs")).into_iter().filter(|p| p.extension().is_some_and(|e| e == "md")));
    paths
        .into_iter()
        .map(|p| Doc {
            name: p.strip_prefix(ROOT).unwrap().display().to_string(),
            text: std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())),
        })
        .collect()
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return found };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        // Build output, history and the fuzzer's thousands of inputs hold nothing a doc names.
        if [".git", "target", "corpus", "artifacts"].iter().any(|skip| name == *skip) {
            continue;
        }
        if path.is_dir() {
            found.extend(files_under(&path));
        } else {
            found.push(path);
        }
    }
    found
}

/// Each line of a doc with the code on it: a fenced block's line whole, else its `spans` (a span may
/// go on to the next line of its paragraph).
fn code_by_line(text: &str) -> Vec<(usize, Vec<String>, bool)> {
    let mut fenced = false;
    let mut open = false;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            open = false;
            continue;
        }
        if fenced {
            lines.push((i + 1, vec![line.to_string()], true));
            continue;
        }
        open &= !line.trim().is_empty();
        let mut spans = Vec::new();
        for (k, part) in line.split('`').enumerate() {
            if k > 0 {
                open = !open;
            }
            if open {
                spans.push(part.to_string());
            }
        }
        lines.push((i + 1, spans, false));
    }
    lines
}

fn words_of(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| !(c.is_alphanumeric() || "_.-/*".contains(c))).filter(|w| !w.is_empty())
}

#[test]
fn every_path_a_doc_names_exists() {
    let root = Path::new(ROOT);
    let file_names: BTreeSet<String> =
        files_under(root).iter().filter_map(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned()).collect();
    let src_modules: BTreeSet<String> = std::fs::read_dir(root.join("src"))
        .unwrap()
        .flatten()
        .map(|e| e.path().file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|m| m != "lib" && m != "main")
        .collect();
    let mut missing = Vec::new();
    for doc in docs() {
        for (n, line) in doc.text.lines().enumerate() {
            for word in words_of(line) {
                let word = word.trim_end_matches(['.', ',', ')']);
                let Some(first) = word.split('/').next() else { continue };
                let path = if word.contains('/') && FOLDERS.contains(&first) {
                    root.join(word)
                } else if word.contains('/') && src_modules.contains(first) && (word.ends_with(".rs") || word.ends_with('/')) {
                    root.join("src").join(word)
                } else {
                    // A Rust file, a capitalised document (README.md) or a numbered decision; other `.md` names
                    // are what the program writes (a handout's).
                    let named = word.ends_with(".rs")
                        || word.strip_suffix(".md").is_some_and(|stem| {
                            stem.chars().all(|c| c.is_ascii_uppercase()) || stem.chars().take(4).all(|c| c.is_ascii_digit())
                        });
                    if !word.contains('/') && named && !file_names.contains(word) {
                        missing.push(format!("{}:{}: {word}", doc.name, n + 1));
                    }
                    continue;
                };
                // `lessons/*.toml`: the folder before the pattern must exist.
                let path = match word.find('*') {
                    Some(at) => root.join(&word[..at]),
                    None => path,
                };
                if !path.exists() {
                    missing.push(format!("{}:{}: {word}", doc.name, n + 1));
                }
            }
        }
    }
    assert!(missing.is_empty(), "docs name paths that do not exist:\n{}", missing.join("\n"));
}

/// The binary's subcommands and, for each, the flags it takes, as its `--help` lists them.
fn cli() -> BTreeMap<String, BTreeSet<String>> {
    let help = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_impulse")).args(args).arg("--help").output().unwrap();
        assert!(out.status.success(), "impulse {args:?} --help failed");
        String::from_utf8(out.stdout).unwrap()
    };
    let section = |text: &str, title: &str| -> Vec<String> {
        text.lines()
            .skip_while(|l| !l.starts_with(title))
            .skip(1)
            .take_while(|l| l.starts_with(' ') || l.is_empty())
            .map(str::to_string)
            .collect()
    };
    let flags = |text: &str| -> BTreeSet<String> {
        section(text, "Options:")
            .iter()
            .flat_map(|l| {
                l.split([' ', ',']).filter(|w| w.starts_with("--")).map(|w| w.split('=').next().unwrap().to_string()).collect::<Vec<_>>()
            })
            .collect()
    };
    let top = help(&[]);
    let mut commands = BTreeMap::new();
    commands.insert(String::new(), flags(&top));
    for line in section(&top, "Commands:") {
        let Some(name) = line.split_whitespace().next() else { continue };
        if name != "help" {
            commands.insert(name.to_string(), flags(&help(&[name])));
        }
    }
    assert!(commands.len() > 5, "impulse --help lists no commands:\n{top}");
    commands
}

#[test]
fn every_command_and_flag_a_doc_names_exists() {
    let commands = cli();
    let any_flag: BTreeSet<&String> = commands.values().flatten().collect();
    let mut wrong = Vec::new();
    for doc in docs() {
        // In a fenced block a command's description goes on under it, indented, flags and all.
        let mut current: Option<String> = None;
        for (n, spans, fenced) in code_by_line(&doc.text) {
            for span in spans {
                let code = span.split(" # ").next().unwrap();
                let mut words = code.split_whitespace().peekable();
                let Some(&first) = words.peek() else { continue };
                let command = if first == "impulse" || first.ends_with("/impulse") {
                    words.next();
                    match words.peek() {
                        Some(sub) if !sub.starts_with('-') && !sub.starts_with('<') && !sub.starts_with('[') => {
                            let sub = words.next().unwrap();
                            if !commands.contains_key(sub) {
                                wrong.push(format!("{}:{n}: no command `impulse {sub}`", doc.name));
                                current = None;
                                continue;
                            }
                            Some(sub.to_string())
                        }
                        _ => Some(String::new()),
                    }
                } else if commands.contains_key(first) && !first.is_empty() && code.contains(" --") {
                    words.next();
                    Some(first.to_string())
                } else if first.starts_with("--") {
                    None
                } else if fenced && code.starts_with(' ') {
                    current.clone()
                } else {
                    current = None;
                    continue;
                };
                if fenced {
                    current = command.clone();
                }
                for flag in words.map(|w| w.trim_start_matches(['[', '('])).filter(|w| w.starts_with("--")) {
                    let flag: String = flag.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
                    if flag == "--" {
                        continue;
                    }
                    let known = match &command {
                        Some(sub) => commands[sub.as_str()].contains(&flag) || commands[""].contains(&flag),
                        None => any_flag.contains(&flag),
                    };
                    if !known {
                        let of = command.as_deref().map_or(String::new(), |c| format!(" of `impulse {c}`"));
                        wrong.push(format!("{}:{n}: no flag {flag}{of}", doc.name));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "docs name commands or flags the binary does not take:\n{}", wrong.join("\n"));
}

/// What src/ defines, by kind of name.
#[derive(Default)]
struct Items {
    /// Modules: files, folders and `mod` blocks.
    modules: BTreeSet<String>,
    /// `pub` (or `pub(…)`) items: what a module path may end in.
    public: BTreeSet<String>,
    /// Types of any visibility: what a path may pass through.
    types: BTreeSet<String>,
    /// What may follow a type: its functions, fields, variants and constants.
    members: BTreeSet<String>,
}

fn identifier(s: &str) -> String {
    s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

fn items() -> Items {
    let mut items = Items::default();
    for path in files_under(&Path::new(ROOT).join("src")) {
        items.modules.insert(path.file_stem().unwrap().to_string_lossy().into_owned());
        if let Some(parent) = path.parent().and_then(Path::file_name) {
            items.modules.insert(parent.to_string_lossy().into_owned());
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let indented = line.starts_with(' ');
            let line = line.trim_start();
            let (public, rest) = match line.strip_prefix("pub") {
                Some(rest) if rest.starts_with('(') => (true, rest.split_once(") ").map_or("", |(_, r)| r)),
                Some(rest) if rest.starts_with(' ') => (true, rest.trim_start()),
                _ => (false, line),
            };
            let rest = rest.trim_start_matches("const fn ").trim_start_matches("unsafe ").trim_start_matches("async ");
            for keyword in ["fn ", "struct ", "enum ", "trait ", "mod ", "type ", "const ", "static "] {
                if let Some(name) = rest.strip_prefix(keyword).map(identifier).filter(|n| !n.is_empty()) {
                    if public {
                        items.public.insert(name.clone());
                    }
                    match keyword {
                        "mod " => items.modules.insert(name),
                        "struct " | "enum " | "trait " | "type " => items.types.insert(name),
                        _ => items.members.insert(name),
                    };
                }
            }
            // A public field, `pub name: Type`.
            let field = identifier(rest);
            if public && !field.is_empty() && rest[field.len()..].starts_with(':') {
                items.members.insert(field);
            }
            // An enum's variant: an indented capitalised name, then `(`, `{`, `,`, `=` or the line's end.
            let variant = identifier(line);
            let after = line[variant.len()..].trim_start();
            if indented
                && variant.starts_with(|c: char| c.is_ascii_uppercase())
                && (after.is_empty() || after.starts_with(['(', '{', ',', '=']))
            {
                items.members.insert(variant);
            }
        }
    }
    items
}

/// The `a::b::c` paths in a span of code.
fn symbol_paths(span: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for word in span.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
        let segments: Vec<String> = word.split("::").map(str::to_string).collect();
        if segments.len() > 1 && segments.iter().all(|s| !s.is_empty() && !s.starts_with(|c: char| c.is_ascii_digit())) {
            paths.push(segments);
        }
    }
    paths
}

#[test]
fn every_symbol_a_doc_names_exists() {
    let items = items();
    let mut missing = Vec::new();
    for doc in docs() {
        for (n, spans, fenced) in code_by_line(&doc.text) {
            if fenced {
                continue;
            }
            for path in spans.iter().flat_map(|s| symbol_paths(s)) {
                let first = path[0].as_str();
                // `std::…`, `glam::…`: another crate's.
                if !MODULES.contains(&first) && !items.types.contains(first) {
                    continue;
                }
                let (last, through) = path.split_last().unwrap();
                let through_ok = through.iter().all(|s| {
                    if s.starts_with(|c: char| c.is_ascii_uppercase()) {
                        items.types.contains(s)
                    } else {
                        items.modules.contains(s) || MODULES.contains(&s.as_str())
                    }
                });
                let after_type = through.last().is_some_and(|s| s.starts_with(|c: char| c.is_ascii_uppercase()));
                let last_ok = items.public.contains(last) || (after_type && items.members.contains(last));
                if !through_ok || !last_ok {
                    missing.push(format!("{}:{n}: {}", doc.name, path.join("::")));
                }
            }
        }
    }
    assert!(missing.is_empty(), "docs name symbols src/ does not define:\n{}", missing.join("\n"));
}

#[test]
fn architecture_is_a_map_not_a_manual() {
    let text = std::fs::read_to_string(Path::new(ROOT).join("ARCHITECTURE.md")).unwrap();
    let lines = text.lines().count();
    assert!(lines <= MOST_ARCHITECTURE_LINES, "ARCHITECTURE.md has {lines} lines; at most {MOST_ARCHITECTURE_LINES}");
}

/// The checks themselves: each must catch what it is for, or a passing run means nothing.
#[test]
fn the_checks_catch_what_they_are_for() {
    let items = items();
    assert!(items.public.contains("block_sums") && items.modules.contains("resolve"));
    assert!(!items.public.contains("no_such_function"));
    assert!(items.members.contains("Idle"), "an enum variant (Msg::Idle)");
    assert_eq!(symbol_paths("engine::resolve::block_sums(a, b)"), vec![vec!["engine", "resolve", "block_sums"]]);
    assert!(symbol_paths("a.b, 1::2").is_empty());
    let commands = cli();
    assert!(commands["run"].contains("--break-on") && commands[""].contains("--lang"));
    assert!(!commands.contains_key("frobnicate"));
    let code = code_by_line("a `impulse run --x` b\n```sh\nimpulse new f\n```\n");
    assert_eq!(code[0].1, vec!["impulse run --x"]);
    assert_eq!(code[1], (3, vec!["impulse new f".to_string()], true));
}
