//! The import rules ARCHITECTURE.md states, read from the sources: each layer
//! imports only the layers below it; the records and `engine/trace.rs` import
//! no stage (so a new phase kind is its record and one line in `phase.rs`).
//! (`tui_imports.rs` checks that no two files of `tui/` import each other.)

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The layers, lowest first.
const LAYERS: [&str; 9] = ["geometry", "engine", "notation", "scene", "lesson", "report", "session", "tui", "cli"];

/// A source file and the module paths (from the crate root) its `use` lines name.
struct Source {
    path: PathBuf,
    module: Vec<String>,
    imports: Vec<Vec<String>>,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&root, &mut files);
    files
        .into_iter()
        .map(|path| {
            let module = module_of(&path.strip_prefix(&root).unwrap().to_string_lossy());
            let text = std::fs::read_to_string(&path).unwrap();
            let imports = uses(&text).iter().flat_map(|u| expand(u)).filter_map(|p| resolve(&module, &p)).collect();
            Source { path, module, imports }
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `engine/correct/record.rs` → [engine, correct, record]; a `mod.rs` is its folder.
fn module_of(relative: &str) -> Vec<String> {
    let trimmed = relative.trim_end_matches(".rs").trim_end_matches("/mod");
    if matches!(trimmed, "lib" | "main" | "mod") {
        return Vec::new();
    }
    trimmed.split('/').map(str::to_string).collect()
}

/// The text of each `use` statement outside test modules, without `use` and `;`.
fn uses(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap();
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let line_start = rest[..at].rfind('\n').map_or(0, |i| i + 1);
        let before = rest[line_start..at].trim();
        let after = &rest[at + 4..];
        let end = after.find(';').unwrap_or(after.len());
        if before.is_empty() || before == "pub" || before.starts_with("pub(") {
            out.push(after[..end].split_whitespace().collect::<Vec<_>>().join(""));
        }
        rest = &after[end..];
    }
    out
}

/// `a::{b, c::{d, e}}` → a::b, a::c::d, a::c::e.
fn expand(path: &str) -> Vec<String> {
    let Some(open) = path.find('{') else { return vec![path.to_string()] };
    let (head, inner) = (&path[..open], &path[open + 1..path.len() - 1]);
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).flat_map(|p| expand(&format!("{head}{p}"))).collect()
}

/// The module path from the crate root that `path`, written in `module`, names;
/// none for another crate.
fn resolve(module: &[String], path: &str) -> Option<Vec<String>> {
    let mut segments: Vec<&str> = path.split("::").collect();
    let mut base: Vec<String> = match segments[0] {
        "crate" => {
            segments.remove(0);
            Vec::new()
        }
        "super" | "self" => {
            let mut base = module.to_vec();
            while let Some(&s) = segments.first().filter(|s| **s == "super" || **s == "self") {
                if s == "super" {
                    base.pop();
                }
                segments.remove(0);
            }
            base
        }
        // A child module named directly (`use record::X` in `correct.rs`).
        first if module_is_parent_of(module, first) => module.to_vec(),
        _ => return None,
    };
    base.extend(segments.iter().map(|s| s.split(" as ").next().unwrap().to_string()));
    Some(base)
}

fn module_is_parent_of(module: &[String], child: &str) -> bool {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(module.join("/"));
    root.join(format!("{child}.rs")).exists() || root.join(child).join("mod.rs").exists()
}

fn layer(module: &[String]) -> Option<usize> {
    LAYERS.iter().position(|l| module.first().is_some_and(|m| m == l))
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let mut upward = BTreeSet::new();
    let sources = sources();
    let read: usize = sources.iter().map(|s| s.imports.len()).sum();
    assert!(read > 1000, "only {read} imports read: the reader is broken");
    for s in sources {
        let Some(own) = layer(&s.module) else { continue };
        for import in &s.imports {
            if layer(import).is_some_and(|l| l > own) {
                upward.insert(format!("{}: {}", s.path.display(), import.join("::")));
            }
        }
    }
    assert!(upward.is_empty(), "imports from a higher layer:\n{}", upward.into_iter().collect::<Vec<_>>().join("\n"));
}

/// A record depends on `trace` and on the plain pieces a stage is built from
/// (bodies, actions, settings, the kernel, geometry, other records), never on a
/// stage or on the list of kinds: so the list imports records, the stages
/// import the list, and nothing comes back round.
#[test]
fn trace_and_the_records_import_no_stage() {
    const PLAIN: [&str; 6] = ["trace", "body", "action", "settings", "kernel", "handle"];
    let mut wrong = Vec::new();
    for s in sources() {
        let is_record = s.module.len() > 2 && s.module[0] == "engine" && s.module.last().is_some_and(|m| m == "record");
        if !(is_record || s.module == ["engine", "trace"]) {
            continue;
        }
        for import in s.imports.iter().filter(|i| i.first().is_some_and(|m| m == "engine")) {
            let allowed = match import.get(1).map(String::as_str) {
                Some(m) if PLAIN.contains(&m) => true,
                // Another stage's record, or the event method's time-to-hit formulas.
                Some(_) => import.get(2).is_some_and(|m| m == "record") || import[1..].starts_with(&["event".into(), "predict".into()]),
                None => false,
            };
            if !allowed {
                wrong.push(format!("{}: {}", s.path.display(), import.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "a record or trace.rs imports a stage:\n{}", wrong.join("\n"));
}
