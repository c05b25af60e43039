//! The import rules ARCHITECTURE.md states, read from the sources: each layer
//! imports only the layers below it; the records and `engine/trace.rs` import
//! no stage (so a new phase kind is its record and one line in `phase.rs`); and
//! no two files of `src/tui/` import each other (a mode's module reads the
//! context it works on and the state types it opens, and nothing that reads it
//! back). A file's imports are the modules its code names, through `use` or a
//! path (`crate::…`, `super::…`, a child module's name); comments and a file's
//! own unit tests are not read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// The layers, lowest first.
const LAYERS: [&str; 9] = ["geometry", "engine", "notation", "scene", "lesson", "report", "session", "tui", "cli"];

/// A module's path from the crate root: `tui/modes/aim.rs` is ["tui", "modes", "aim"], `tui/view/mod.rs` is ["tui", "view"].
type Module = Vec<String>;

fn modules(dir: &Path, above: &[String], found: &mut BTreeMap<Module, PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            modules(&path, &[above, &[name]].concat(), found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let module = if matches!(name.as_str(), "mod" | "lib" | "main") { above.to_vec() } else { [above, &[name]].concat() };
            found.insert(module, path);
        }
    }
}

/// The code of a file without its comments and its `#[cfg(test)]` module.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap();
    text.lines().map(|l| l.split("//").next().unwrap()).collect::<Vec<_>>().join("\n")
}

/// Every path a `use` names, its braces spread out: `use a::{b, c::d}` is `a::b`, `a::c::d`.
fn spread(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else { return vec![tree.split(" as ").next().unwrap().trim().to_string()] };
    let (head, body) = (&tree[..open], &tree[open + 1..tree.rfind('}').unwrap()]);
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&body[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).flat_map(spread).map(|p| format!("{head}{p}")).collect()
}

/// The module a path names from inside `here`: the longest start of it that is a module.
fn resolve(here: &Module, path: &str, all: &BTreeMap<Module, PathBuf>) -> Option<Module> {
    let mut segments: Vec<&str> = path.split("::").map(str::trim).collect();
    let mut at: Module = match segments[0] {
        "crate" => {
            segments.remove(0);
            Vec::new()
        }
        "super" => {
            let mut at = here.clone();
            while segments.first() == Some(&"super") {
                at.pop()?;
                segments.remove(0);
            }
            at
        }
        "self" => {
            segments.remove(0);
            here.clone()
        }
        // A child module's name.
        first if all.contains_key(&[here.as_slice(), &[first.to_string()]].concat()) => here.clone(),
        _ => return None,
    };
    for s in segments {
        let deeper = [at.as_slice(), &[s.to_string()]].concat();
        if !all.contains_key(&deeper) {
            break;
        }
        at = deeper;
    }
    Some(at)
}

fn imports() -> (BTreeMap<Module, BTreeSet<Module>>, BTreeMap<Module, PathBuf>) {
    let mut all = BTreeMap::new();
    modules(Path::new(SRC), &[], &mut all);
    let mut graph = BTreeMap::new();
    for (module, path) in &all {
        let code = code(path);
        let mut named = Vec::new();
        for statement in code.split(';') {
            let statement = statement.trim();
            let statement = statement.strip_prefix("pub ").or_else(|| statement.strip_prefix("pub(crate) ")).unwrap_or(statement);
            let statement = statement.strip_prefix("pub(super) ").unwrap_or(statement);
            if let Some(tree) = statement.strip_prefix("use ") {
                named.extend(spread(tree));
            }
        }
        named.extend(paths_in(&code));
        let used: BTreeSet<Module> =
            named.iter().filter_map(|p| resolve(module, p, &all)).filter(|m| m != module && !m.is_empty()).collect();
        graph.insert(module.clone(), used);
    }
    (graph, all)
}

/// The paths written in code: `crate::tui::…`, `super::…` or `self::…`, up to the first character
/// that is not part of a path.
fn paths_in(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let i = from + i;
            from = i + start.len();
            // A whole word: not the end of `xsuper::`.
            if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
                continue;
            }
            // A visibility, `pub(in crate::engine)`, names no import.
            if code[..i].ends_with("(in ") {
                continue;
            }
            let end = code[i..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':')).map_or(code.len(), |e| i + e);
            found.push(code[i..end].trim_end_matches(':').to_string());
        }
    }
    found
}

fn under(m: &Module, top: &str) -> bool {
    m.first().is_some_and(|f| f == top)
}

fn layer(m: &Module) -> Option<usize> {
    LAYERS.iter().position(|l| under(m, l))
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let (graph, all) = imports();
    let mut upward = Vec::new();
    for (a, used) in &graph {
        let Some(own) = layer(a) else { continue };
        upward.extend(used.iter().filter(|b| layer(b).is_some_and(|l| l > own)).map(|b| format!("{}: {}", all[a].display(), b.join("::"))));
    }
    assert!(upward.is_empty(), "imports from a higher layer:\n{}", upward.join("\n"));
}

/// A record depends on `trace` and on the plain pieces a stage is built from
/// (bodies, actions, settings, the kernel, other records, the event method's
/// time-to-hit formulas), never on a stage or on the list of kinds: so the
/// list imports records, the stages import the list, and nothing comes back round.
#[test]
fn trace_and_the_records_import_no_stage() {
    const PLAIN: [&str; 6] = ["trace", "body", "action", "settings", "kernel", "handle"];
    let (graph, all) = imports();
    let mut wrong = Vec::new();
    for (a, used) in &graph {
        let record = a.len() > 2 && under(a, "engine") && a.last().is_some_and(|m| m == "record");
        if !(record || a == &["engine", "trace"]) {
            continue;
        }
        for b in used.iter().filter(|b| under(b, "engine")) {
            let allowed = match b.get(1).map(String::as_str) {
                Some(m) if PLAIN.contains(&m) => true,
                Some(_) => b.get(2).is_some_and(|m| m == "record") || b[1..] == ["event", "predict"],
                None => false,
            };
            if !allowed {
                wrong.push(format!("{}: {}", all[a].display(), b.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "a record or trace.rs imports a stage:\n{}", wrong.join("\n"));
}

#[test]
fn no_two_tui_files_import_each_other() {
    let (graph, all) = imports();
    assert!(graph.keys().filter(|m| under(m, "tui")).count() > 20, "the tui files are found: {:?}", all.keys().collect::<Vec<_>>());
    let file = |m: &Module| all[m].strip_prefix(SRC).unwrap().display().to_string();
    let mut both = Vec::new();
    for (a, used) in graph.iter().filter(|(a, _)| under(a, "tui")) {
        for b in used.iter().filter(|b| under(b, "tui")) {
            if a < b && graph.get(b).is_some_and(|u| u.contains(a)) {
                both.push(format!("{} ⇄ {}", file(a), file(b)));
            }
        }
    }
    assert!(both.is_empty(), "tui files that import each other:\n{}", both.join("\n"));
}

/// The check reads what it should: the stepping mode names the modes it opens.
#[test]
fn the_import_check_sees_imports() {
    let (graph, _) = imports();
    let m = |path: &str| path.split('/').map(str::to_string).collect::<Module>();
    let normal = &graph[&m("tui/modes/normal")];
    for opened in ["aim", "fields", "quiz", "prompt"] {
        assert!(normal.contains(&m(&format!("tui/modes/{opened}"))), "normal imports modes/{opened}.rs: {normal:?}");
    }
    assert!(normal.contains(&m("tui/context")), "{normal:?}");
    assert!(!graph[&m("tui/modes/aim")].contains(&m("tui/modes/normal")));
    // And across layers: a stage's record, and the session's use of the engine.
    assert!(graph[&m("engine/phase")].contains(&m("engine/correct/record")));
    assert!(graph[&m("session/timeline")].iter().any(|b| under(b, "engine")));
}
