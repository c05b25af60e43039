//! `--set KEY=VALUE` (README.md, "Commands"): a change written into
//! the scene file's text before it is read, so an override goes through the
//! same reading and checks as the file and a bad one gets the file's message;
//! but a number TOML cannot read (`0,5`, `0.5m`) is told of the --set itself,
//! with the --set to write instead, as the user never saw the line it became.

use super::SceneError;
use super::error::{bare_set_value, nearest};
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
        let (key, text) = (key.trim(), text.trim());
        let read = text.parse::<Value>().ok();
        let value = read.clone().unwrap_or_else(|| Value::from(text));
        let path: Vec<&str> = key.split('.').collect();
        // A number or a vector written as TOML cannot read it (`0.5m`, `0,5`,
        // or `abc` where the file has a number): said of the --set, not of the
        // line it would have become. A word where the file has none or a
        // word stays a word (`solver.tangent=sign-fixed`).
        let unread = |now: Option<&Item>| -> Result<(), SceneError> {
            let now = now.and_then(Item::as_value);
            if read.is_some() || now.is_some_and(Value::is_str) {
                return Ok(());
            }
            let field = path.last().copied().unwrap_or(key);
            let said = bare_set_value(field, text);
            let wanted = match now {
                Some(Value::Array(_)) => "a vector, [x, y]",
                Some(Value::Float(_) | Value::Integer(_)) => "a number",
                _ if said.is_some() => "a number",
                _ => return Ok(()),
            };
            let (message, help) = said.unwrap_or_else(|| (format!("`{field}` takes {wanted}, and `{text}` is not one"), None));
            let help = help.map(|h| h.replacen(&format!("write {field} = "), &format!("write --set {key}="), 1)).unwrap_or_else(|| {
                let now = now.map(|v| v.to_string()).unwrap_or_default();
                format!("write e.g. --set {key}={} (as the file has it)", now.trim())
            });
            Err(fail(format!("{message}: {help}")))
        };
        match path[..] {
            ["world" | "solver", field] if !field.is_empty() => {
                unread(doc.get(path[0]).and_then(|t| t.get(field)))?;
                section(&mut doc, path[0]).insert(field, Item::Value(value));
            }
            ["body", "*", field] if !field.is_empty() => {
                let moving = doc.get_mut("body").and_then(Item::as_array_of_tables_mut).into_iter().flat_map(|a| a.iter_mut());
                for body in moving.filter(|t| t.get("static").and_then(Item::as_bool) != Some(true)) {
                    unread(body.get(field))?;
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
                unread(body.get(field))?;
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
