//! docs/scene-format.md and `impulse new --full` against the parser: every
//! key a table accepts is documented in its section and listed in the
//! reference, and every key they name is accepted.

use impulse::lesson::Lesson;
use impulse::scene::REFERENCE;
use std::collections::BTreeSet;

/// What the parser lists after `prefix` in its error for `text`.
fn listed(text: &str, prefix: &str) -> BTreeSet<String> {
    let err = Lesson::parse("probe.toml", text).unwrap_err().to_string();
    let line = err.lines().find_map(|l| l.split_once(prefix)).unwrap_or_else(|| panic!("no `{prefix}` in\n{err}")).1;
    line.split(", ").map(str::to_string).collect()
}

/// Every table the parser reads, as written in a file, and the keys it accepts.
fn accepted() -> Vec<(String, BTreeSet<String>)> {
    let tables = listed("[[zzz]]\n", "the tables allowed here are: ");
    assert!(tables.len() >= 13, "{tables:?}");
    tables
        .into_iter()
        .map(|t| {
            let header = if ["world", "solver", "lesson"].contains(&t.as_str()) { format!("[{t}]") } else { format!("[[{t}]]") };
            let keys = listed(&format!("{header}\nzzz = 1\n"), "the keys allowed here are: ");
            (header, keys)
        })
        .collect()
}

/// The keys at the head of each list item of the doc's section for `header`.
fn documented(doc: &str, header: &str) -> BTreeSet<String> {
    let start = doc.find(&format!("## `{header}`")).unwrap_or_else(|| panic!("docs/scene-format.md has no section {header}"));
    let section = &doc[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
    let mut keys = BTreeSet::new();
    for item in section.lines().filter_map(|l| l.strip_prefix("- `")) {
        let head = format!("`{}", item.split(" — ").next().unwrap());
        keys.extend(head.split('`').skip(1).step_by(2).map(str::to_string));
    }
    keys
}

/// The words of the reference block of `header` (its lines up to the next table's).
fn in_reference(header: &str) -> String {
    let start = REFERENCE.find(&format!("# {header}")).unwrap_or_else(|| panic!("the reference has no {header}"));
    let block = &REFERENCE[start + 2..];
    block[..block.find("\n# [").unwrap_or(block.len())].to_string()
}

#[test]
fn every_key_the_parser_accepts_is_documented_and_every_documented_key_is_accepted() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/scene-format.md")).unwrap();
    let tables = accepted();
    for (header, keys) in &tables {
        let named = documented(&doc, header);
        assert_eq!(&named, keys, "docs/scene-format.md, {header}: documented ≠ accepted");
        let reference = in_reference(header);
        let words: BTreeSet<&str> = reference.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).collect();
        let missing: Vec<&String> = keys.iter().filter(|k| !words.contains(k.as_str())).collect();
        assert!(missing.is_empty(), "`impulse new --full` does not list {missing:?} under {header}");
    }
    let headers: Vec<&str> = tables.iter().map(|(h, _)| h.as_str()).collect();
    for header in ["[world]", "[solver]", "[[body]]", "[[wall]]", "[[action]]", "[[rack]]", "[[row]]", "[[grid]]", "[[question]]"] {
        assert!(headers.contains(&header), "{headers:?}");
    }
}

#[test]
fn the_readme_links_the_reference_page() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(readme.contains("](docs/scene-format.md)"));
}
