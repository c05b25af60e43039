//! `--set KEY=VALUE` (README.md, "Commands"): a change written into
//! the scene file's text before it is read, so an override goes through the
//! same reading and checks as the file and a bad one gets the file's message.

use super::SceneError;
use super::error::nearest;
use super::save::section;
use toml_edit::{DocumentMut, Item, Value};

/// What a `--set` names: `world.KEY`, `solver.KEY` or `body.NAME.KEY`
/// (`body.*.KEY`: every body that moves).
const TABLES: [&str; 3] = ["world", "solver", "body"];

/// `source` with every `KEY=VALUE` of `sets` written in, in order (a later one
/// wins). A value is read as TOML (`0.5`, `[0, 0]`, `true`), or else as a
/// word (`sign-fixed`), so names need no quotes on the command line.
pub fn apply(source: &str, sets: &[String]) -> Result<String, SceneError> {
    let mut doc: DocumentMut = source.parse().map_err(|_| SceneError::io("--set", "the file is not TOML".to_string()))?;
    for set in sets {
        let fail = |message: String| SceneError::io(&format!("--set {set}"), message);
        let Some((key, text)) = set.split_once('=') else {
            return Err(fail("write --set KEY=VALUE, e.g. --set solver.tangent=sign-fixed".to_string()));
        };
        let value = text.trim().parse::<Value>().unwrap_or_else(|_| Value::from(text.trim()));
        let path: Vec<&str> = key.trim().split('.').collect();
        match path[..] {
            ["world" | "solver", field] if !field.is_empty() => {
                section(&mut doc, path[0]).insert(field, Item::Value(value));
            }
            ["body", "*", field] if !field.is_empty() => {
                let moving = doc.get_mut("body").and_then(Item::as_array_of_tables_mut).into_iter().flat_map(|a| a.iter_mut());
                for body in moving.filter(|t| t.get("static").and_then(Item::as_bool) != Some(true)) {
                    body.insert(field, Item::Value(value.clone()));
                }
            }
            ["body", name, field] if !field.is_empty() => {
                let bodies = doc.get_mut("body").and_then(Item::as_array_of_tables_mut);
                let names: Vec<String> = bodies
                    .as_ref()
                    .map(|a| a.iter().filter_map(|t| t.get("name")?.as_str().map(str::to_string)).collect())
                    .unwrap_or_default();
                let Some(body) = bodies.and_then(|a| a.iter_mut().find(|t| t.get("name").and_then(Item::as_str) == Some(name))) else {
                    let options: Vec<&str> = names.iter().map(String::as_str).collect();
                    let guess = nearest(name, &options).map(|n| format!("did you mean `body.{n}.{field}`? ")).unwrap_or_default();
                    return Err(fail(format!("no body is named \"{name}\". {guess}The bodies are: {}", names.join(", "))));
                };
                body.insert(field, Item::Value(value));
            }
            _ => {
                let guess = nearest(path[0], &TABLES).map(|n| format!("did you mean `{n}`? ")).unwrap_or_default();
                return Err(fail(format!(
                    "unknown key `{key}`: {guess}a --set key is world.KEY, solver.KEY or body.NAME.KEY, e.g. solver.tangent=sign-fixed"
                )));
            }
        }
    }
    Ok(doc.to_string())
}
