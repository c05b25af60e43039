//! A rewritten file in the form its author saved it: toml_edit drops a
//! byte-order mark and writes every line end as `\n`, so the BOM is put back
//! and each line gets the end the same line had in the file. Editors that
//! mix ends (a file pasted together from two systems) show every line that
//! changed on save as a difference; only lines the save wrote anew may differ.

use std::collections::HashMap;

const BOM: char = '\u{feff}';

/// `text`, a rewrite of `source`, with `source`'s byte-order mark and line
/// ends. A line the rewrite kept keeps its end; a changed line takes the end
/// of the line it replaces; a new line, the end of the line before it.
pub fn with_line_ends(source: &str, text: String) -> String {
    let (bom, old) = match source.strip_prefix(BOM) {
        Some(rest) => (true, rest),
        None => (false, source),
    };
    let new = text.strip_prefix(BOM).unwrap_or(&text);
    let crlf = old.matches("\r\n").count();
    let lines = old.matches('\n').count();
    // One kind of end for the whole file: no need to match lines.
    let body = if crlf == 0 && !new.contains('\r') {
        new.to_string()
    } else if crlf == lines && crlf > 0 {
        new.replace("\r\n", "\n").replace('\n', "\r\n")
    } else {
        matched_ends(old, new)
    };
    if bom { format!("{BOM}{body}") } else { body }
}

/// A line's text without its end, and its end (`\n`, `\r\n`, or none for a
/// last line without one).
fn split_lines(text: &str) -> Vec<(&str, &str)> {
    text.split_inclusive('\n')
        .map(|line| {
            let bare = line.strip_suffix('\n').map_or(line, |l| l.strip_suffix('\r').unwrap_or(l));
            (bare, &line[bare.len()..])
        })
        .collect()
}

/// `new` with each line's end taken from the line of `old` it matches.
/// Lines that occur once in each file anchor the match (a body's `name`
/// line), kept in order by the longest increasing run of them, as patience
/// diff does; between two anchors, equal lines at either side match and the
/// rest pair off in order. Linear but for the sort, however large the file.
fn matched_ends(old: &str, new: &str) -> String {
    let (old, new) = (split_lines(old), split_lines(new));
    let mut ends: Vec<Option<&str>> = vec![None; new.len()];
    let mut from = (0, 0);
    for (i, j) in anchors(&old, &new).into_iter().chain([(old.len(), new.len())]) {
        pair_between(&old, &new, from, (i, j), &mut ends);
        if i < old.len() {
            ends[j] = Some(old[i].1);
        }
        from = (i + 1, j + 1);
    }
    let mut out = String::with_capacity(new.iter().map(|(l, _)| l.len() + 2).sum());
    let mut before = old.first().map_or("\n", |l| l.1);
    for ((line, end), matched) in new.iter().zip(ends) {
        out.push_str(line);
        // A line the rewrite ends with no break stays so.
        let end = if end.is_empty() { "" } else { matched.filter(|e| !e.is_empty()).unwrap_or(before) };
        out.push_str(end);
        before = if end.is_empty() { before } else { end };
    }
    out
}

/// Pairs (old index, new index) of lines that occur exactly once in each,
/// in an order both files agree on (the longest such run).
fn anchors(old: &[(&str, &str)], new: &[(&str, &str)]) -> Vec<(usize, usize)> {
    let (in_old, in_new) = (counted(old), counted(new));
    let mut pairs: Vec<(usize, usize)> = in_new
        .iter()
        .filter(|(_, (n, _))| *n == 1)
        .filter_map(|(line, &(_, j))| in_old.get(line).filter(|(n, _)| *n == 1).map(|&(_, i)| (i, j)))
        .collect();
    pairs.sort_unstable_by_key(|&(_, j)| j);
    longest_increasing(&pairs)
}

/// Each line's text: how often it occurs, and where first.
fn counted<'a>(lines: &[(&'a str, &str)]) -> HashMap<&'a str, (usize, usize)> {
    let mut seen: HashMap<&str, (usize, usize)> = HashMap::new();
    for (k, &(line, _)) in lines.iter().enumerate() {
        seen.entry(line).and_modify(|e| e.0 += 1).or_insert((1, k));
    }
    seen
}

/// The longest run of `pairs` (sorted by new index) whose old indices rise too.
fn longest_increasing(pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    // tails[k]: the pair ending the best run of length k + 1 found so far.
    let mut tails: Vec<usize> = Vec::new();
    let mut previous: Vec<Option<usize>> = vec![None; pairs.len()];
    for (k, &(i, _)) in pairs.iter().enumerate() {
        let at = tails.partition_point(|&t| pairs[t].0 < i);
        previous[k] = at.checked_sub(1).map(|p| tails[p]);
        if at == tails.len() {
            tails.push(k);
        } else {
            tails[at] = k;
        }
    }
    let mut run = Vec::with_capacity(tails.len());
    let mut k = tails.last().copied();
    while let Some(at) = k {
        run.push(pairs[at]);
        k = previous[at];
    }
    run.reverse();
    run
}

/// Ends for the new lines between two anchors: equal lines at the start and
/// the end of the stretch match; the lines left pair off in order, a changed
/// line taking the end of the one it replaces (new lines beyond stay unset).
fn pair_between<'a>(old: &[(&str, &'a str)], new: &[(&str, &str)], from: (usize, usize), to: (usize, usize), ends: &mut [Option<&'a str>]) {
    let (old, new) = (&old[from.0..to.0], &new[from.1..to.1]);
    let ends = &mut ends[from.1..to.1];
    let head = old.iter().zip(new).take_while(|(o, n)| o.0 == n.0).count();
    let tail = old[head..].iter().rev().zip(new[head..].iter().rev()).take_while(|(o, n)| o.0 == n.0).count();
    for k in 0..head {
        ends[k] = Some(old[k].1);
    }
    for k in 0..tail {
        ends[new.len() - 1 - k] = Some(old[old.len() - 1 - k].1);
    }
    let middle = old.len() - head - tail;
    for k in 0..(new.len() - head - tail).min(middle) {
        ends[head + k] = Some(old[head + k].1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_lines_keep_their_ends_and_new_ones_take_the_end_before_them() {
        let source = "\u{feff}# a\r\n[world]\ngravity = [0.0, 1.0] # c\r\n\r\n[[body]]\r\nname = \"x\"\nmass = 1.0\r\n# end\n";
        // What toml_edit writes after mass and dt were set.
        let text = "# a\n[world]\ngravity = [0.0, 1.0] # c\ndt = 0.5\n\n[[body]]\nname = \"x\"\nmass = 2.0\n# end\n".to_string();
        let kept = with_line_ends(source, text);
        assert_eq!(
            kept,
            "\u{feff}# a\r\n[world]\ngravity = [0.0, 1.0] # c\r\ndt = 0.5\r\n\r\n[[body]]\r\nname = \"x\"\nmass = 2.0\r\n# end\n"
        );
    }

    #[test]
    fn one_kind_of_end_is_kept_for_every_line() {
        assert_eq!(with_line_ends("a\r\nb\r\n", "a\nb\nc\n".to_string()), "a\r\nb\r\nc\r\n");
        assert_eq!(with_line_ends("a\nb\n", "a\nc".to_string()), "a\nc");
        assert_eq!(with_line_ends("\u{feff}a\n", "a\n".to_string()), "\u{feff}a\n");
    }

    #[test]
    fn a_removed_stretch_and_an_added_one_keep_the_others_in_step() {
        let source = "x\r\n1\n2\n3\ny\r\nz\n";
        assert_eq!(with_line_ends(source, "x\ny\nnew\nnewer\nz\n".to_string()), "x\r\ny\r\nnew\r\nnewer\r\nz\n");
        assert_eq!(with_line_ends(source, "x\n1\n2b\n3\ny\nz\n".to_string()), "x\r\n1\n2b\n3\ny\r\nz\n");
    }
}
