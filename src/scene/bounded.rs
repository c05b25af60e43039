//! What a file may be before it is parsed. The TOML parser holds a token and
//! an event for every bracket, comma and dot of the whole file before it
//! checks a single value: a million-number `position` took 313 MB, and 3,000
//! nested `[a.a.a…]` headers 622 MB, before their errors. So the size is
//! checked when the file is read, and one pass over the text (strings and
//! comments skipped) stops at the first array longer than any key takes or
//! the first nesting deeper than any scene goes.

use super::error::{Problem, SceneError};
use super::validate::thousands;

/// The largest scene file read: 100,000 bodies take about 21 MB.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The most elements of one array. A position, velocity or size takes 2; the
/// longest lists of a lesson (a question's choices, a toggle's settings) a few.
pub const MAX_ARRAY_ELEMENTS: usize = 1_000;

/// The deepest nesting of tables, arrays and dotted keys, as the parser's own
/// limit: a scene needs three levels.
pub const MAX_DEPTH: usize = 80;

/// A file of `bytes` bytes, refused when over [`MAX_FILE_BYTES`].
pub fn file_size(file: &str, bytes: u64) -> Result<(), SceneError> {
    if bytes <= MAX_FILE_BYTES {
        return Ok(());
    }
    let mb = |b: u64| b as f64 / (1024.0 * 1024.0);
    Err(SceneError::io(
        file,
        format!(
            "the file is {:.1} MB; a scene file may be at most {:.0} MB (100,000 bodies take about 21 MB). Check that this is the scene you meant, or split it",
            mb(bytes),
            mb(MAX_FILE_BYTES)
        ),
    ))
}

/// The text's arrays and nesting within the limits, or the first place they are not.
pub fn text(file: &str, source: &str) -> Result<(), SceneError> {
    match first_excess(source.as_bytes()) {
        None => Ok(()),
        Some(Excess::LongArray { at, key }) => {
            let named = key.map(|k| format!("`{}` ", &source[k])).unwrap_or_default();
            let message =
                format!("{named}holds an array of more than {} elements; no key of a scene takes so many", thousands(MAX_ARRAY_ELEMENTS));
            let help = "a position, velocity or size is two numbers, e.g. position = [0.0, 2.0]";
            Err(located(file, source, at, message, "too long", help))
        }
        Some(Excess::Deep { at }) => {
            let message = format!("keys, tables or arrays nest too deeply (more than {MAX_DEPTH} levels)");
            let help = "a scene needs at most three levels, e.g. [[body]] with position = [0.0, 2.0]";
            Err(located(file, source, at, message, "too deep", help))
        }
    }
}

fn located(file: &str, source: &str, at: usize, message: String, label: &str, help: &str) -> SceneError {
    let end = source[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    let problem = Problem { span: Some(at..end), ..Problem::error(message, label, Some(help.to_string())) };
    SceneError::new(file, source, vec![problem])
}

#[derive(Debug, PartialEq)]
enum Excess {
    /// An array that opens at `at`, the value of the key written at `key` when it has one.
    LongArray { at: usize, key: Option<std::ops::Range<usize>> },
    /// The place where nesting first goes past the limit.
    Deep { at: usize },
}

/// One open bracket: where, and how many elements so far (an array's commas).
struct Open {
    at: usize,
    byte: u8,
    /// A `[header]` or `[[header]]` at the start of a line, not an array.
    header: bool,
    commas: usize,
    key: Option<std::ops::Range<usize>>,
}

/// Walks the text once, as TOML reads it: strings and comments are skipped,
/// brackets and braces nest, a comma inside an array starts its next element,
/// and the dots of a key (in a header, before `=`, or in an inline table) count
/// as levels.
fn first_excess(text: &[u8]) -> Option<Excess> {
    let mut open: Vec<Open> = Vec::new();
    // Whether the bytes now read are a key (dots nest), and where that key began.
    let mut in_key = true;
    let mut key_start: Option<usize> = None;
    let mut last_key: Option<std::ops::Range<usize>> = None;
    let mut dots = 0;
    let mut line_start = true;
    let mut i = 0;
    while i < text.len() {
        let byte = text[i];
        match byte {
            b'#' => {
                while i < text.len() && text[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'"' | b'\'' => {
                let start = i;
                i = past_string(text, i);
                if in_key && key_start.is_none() {
                    key_start = Some(start);
                }
                line_start = false;
                continue;
            }
            b'\n' => {
                if open.is_empty() {
                    in_key = true;
                    line_start = true;
                    dots = 0;
                    key_start = None;
                }
            }
            b' ' | b'\t' | b'\r' => {}
            b'[' | b'{' => {
                let header = byte == b'[' && (line_start || open.last().is_some_and(|o| o.header && o.at + 1 == i));
                open.push(Open { at: i, byte, header, commas: 0, key: if header { None } else { last_key.clone() } });
                if open.len() > MAX_DEPTH {
                    return Some(Excess::Deep { at: i });
                }
                in_key = header || byte == b'{';
                dots = 0;
                key_start = None;
                line_start = false;
            }
            b']' | b'}' => {
                open.pop();
                in_key = open.last().is_some_and(|o| o.header);
                line_start = false;
            }
            b',' => {
                if let Some(o) = open.last_mut() {
                    o.commas += 1;
                    if o.byte == b'[' && !o.header && o.commas > MAX_ARRAY_ELEMENTS {
                        return Some(Excess::LongArray { at: o.at, key: o.key.clone() });
                    }
                    in_key = o.byte == b'{';
                    dots = 0;
                    key_start = None;
                }
            }
            b'=' => {
                if let Some(start) = key_start {
                    last_key = Some(start..trim_end(text, start, i));
                }
                in_key = false;
                dots = 0;
                key_start = None;
            }
            b'.' if in_key => {
                dots += 1;
                if open.len() + dots > MAX_DEPTH {
                    return Some(Excess::Deep { at: i });
                }
            }
            _ => {
                if in_key && key_start.is_none() {
                    key_start = Some(i);
                }
                line_start = false;
            }
        }
        i += 1;
    }
    None
}

/// The end of `text[start..end]` without its trailing blanks.
fn trim_end(text: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && matches!(text[end - 1], b' ' | b'\t') {
        end -= 1;
    }
    end
}

/// Where the string that opens at `i` ends (just past its closing quote):
/// basic strings have escapes, literal ones none, and either may be tripled
/// to run over lines.
fn past_string(text: &[u8], i: usize) -> usize {
    let quote = text[i];
    let tripled = text[i..].starts_with(&[quote; 3]);
    let mut j = i + if tripled { 3 } else { 1 };
    while j < text.len() {
        match text[j] {
            b'\\' if quote == b'"' => j += 2,
            b'\n' if !tripled => return j,
            c if c == quote => {
                if !tripled {
                    return j + 1;
                }
                if text[j..].starts_with(&[quote; 3]) {
                    // Up to two more quotes may close a tripled string: they belong to it.
                    let mut end = j + 3;
                    while end < text.len() && text[end] == quote && end < j + 5 {
                        end += 1;
                    }
                    return end;
                }
                j += 1;
            }
            _ => j += 1,
        }
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_limit_takes_64_mb_and_no_byte_more() {
        assert!(file_size("f", MAX_FILE_BYTES).is_ok());
        assert!(file_size("f", MAX_FILE_BYTES + 1).is_err());
    }

    #[test]
    fn a_scene_as_written_passes() {
        let text = "[world]\ngravity = [0.0, -9.8] # down\n[[body]]\nname = \"a, b [c]\"\nposition = [1.0, 2.0]\nview = [[0.0, 0.0], [1.0, 1.0]]\n";
        assert_eq!(first_excess(text.as_bytes()), None);
        assert_eq!(first_excess(crate::scene::STARTER.as_bytes()), None);
    }

    #[test]
    fn commas_in_strings_and_comments_are_not_elements() {
        let many = ",".repeat(5_000);
        let text = format!("[[body]]\nname = \"{many}\"\n# {many}\nnote = '''\n{many}'''\nposition = [1.0, 2.0]\n");
        assert_eq!(first_excess(text.as_bytes()), None);
    }

    #[test]
    fn a_long_array_is_found_at_its_bracket_with_its_key() {
        let text = format!("[[body]]\nposition = [{}]\n", vec!["0.0"; 2_000].join(", "));
        let Some(Excess::LongArray { at, key }) = first_excess(text.as_bytes()) else { panic!("not found") };
        assert_eq!((&text[at..at + 1], &text[key.unwrap()]), ("[", "position"));
    }

    #[test]
    fn deep_headers_dotted_keys_and_brackets_are_found() {
        let header = format!("[{}]\n", vec!["a"; 100].join("."));
        assert!(matches!(first_excess(header.as_bytes()), Some(Excess::Deep { .. })));
        let dotted = format!("{} = 1\n", vec!["a"; 100].join("."));
        assert!(matches!(first_excess(dotted.as_bytes()), Some(Excess::Deep { .. })));
        let brackets = format!("x = {}\n", "[".repeat(100));
        assert!(matches!(first_excess(brackets.as_bytes()), Some(Excess::Deep { .. })));
        // Numbers have dots too, and are no keys.
        assert_eq!(first_excess(format!("x = [{}]\n", vec!["1.5"; 900].join(", ")).as_bytes()), None);
    }
}
