//! Names in Markdown. A body's name is the scene author's, and a handout is
//! rendered by whatever the reader opens it in: `<script>` or `<!--` would be
//! read as HTML (the comment hides the rest of the document), `[a](url)` as a
//! link, `|` would end a table cell and a backtick a code span. Written
//! through these, a name reads as the text it is.

/// `text` as Markdown that renders as exactly `text`: HTML's `<`, `>` and `&`
/// as entities, and the characters that make links, emphasis, code and
/// tables escaped with a backslash.
pub fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '(' | ')' | '|' | '!' | '~' | '#' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// A code span holding `text` as it is: its backticks are longer than any
/// run of backticks inside, as CommonMark asks.
pub fn code_span(text: &str) -> String {
    let ticks = "`".repeat(longest_backtick_run(text) + 1);
    // A space each side, which the renderer strips, keeps a backtick at an end apart from the delimiter.
    let pad = if text.starts_with('`') || text.ends_with('`') { " " } else { "" };
    format!("{ticks}{pad}{text}{pad}{ticks}")
}

/// The fence of a code block that may hold any of `texts`: three backticks,
/// or more than the longest run of them in the texts, so none closes it.
pub fn code_fence<'a>(texts: impl IntoIterator<Item = &'a str>) -> String {
    let longest = texts.into_iter().map(longest_backtick_run).max().unwrap_or(0);
    "`".repeat((longest + 1).max(3))
}

fn longest_backtick_run(text: &str) -> usize {
    text.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_links_and_tables_are_written_as_text() {
        assert_eq!(markdown_text("<!--"), "&lt;\\!--");
        assert_eq!(markdown_text("m2[a](javascript:alert(1))"), "m2\\[a\\]\\(javascript:alert\\(1\\)\\)");
        assert_eq!(markdown_text("a|b&c"), "a\\|b&amp;c");
        assert_eq!(markdown_text("m1 ball-2"), "m1 ball-2");
    }

    #[test]
    fn code_outlasts_the_backticks_inside() {
        assert_eq!(code_span("m1.velocity"), "`m1.velocity`");
        assert_eq!(code_span("a``b"), "```a``b```");
        assert_eq!(code_span("`x"), "`` `x ``");
        assert_eq!(code_fence(["plain"]), "```");
        assert_eq!(code_fence(["a````b", "c"]), "`````");
    }
}
