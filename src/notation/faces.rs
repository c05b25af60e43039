//! The separating axis test's faces as one table: a row a face, with its
//! normal n, first corner f, support point s and distance d = (s − f)·(−n),
//! and a mark on the face that decided (least penetration, or the face that
//! separates). The rows are the three-line convention laid flat: the caption
//! is the formula in symbols, the columns the numbers put in, d the result.
//!
//! The text trace lays the table out in aligned columns, the handout as a
//! pipe table; the derivation panel asks for the widest layout that fits its
//! width, dropping the face's corner, then the body's name from each row (the
//! rows are grouped under it), then the normal, then the support point.

use super::num_near;
use super::scale_of;
use super::terms::Terms;
use crate::engine::{FaceRow, FaceTable};
use std::fmt::Write;
use unicode_width::UnicodeWidthStr;

/// The formula of every row, in symbols.
pub const FACE_CAPTION: &str = "d = (s − f)·(−n)";

/// What the letters are, said once under the formula.
pub const FACE_LEGEND: &str = super::terms::EN.face_legend;

/// A row's numbers, written as the other derivations write them: round-off
/// against the row's largest number reads 0.
struct Cells {
    label: String,
    face: String,
    normal: String,
    corner: String,
    support: String,
    distance: String,
    least: bool,
    /// The face no corner lies behind: the test stopped there.
    separates: bool,
}

fn cells(r: &FaceRow, t: &Terms) -> Cells {
    let s = r.support.unwrap_or_default();
    let scale = scale_of([r.normal.x, r.normal.y, r.on_face.x, r.on_face.y, s.x, s.y, r.distance.unwrap_or(0.0)]);
    let v = |v: glam::DVec2| format!("({}, {})", num_near(v.x, scale), num_near(v.y, scale));
    Cells {
        label: format!("{} {}", r.body, r.face),
        face: r.face.to_string(),
        normal: v(r.normal),
        corner: v(r.on_face),
        support: r.support.map_or_else(|| t.none.to_string(), v),
        distance: r.distance.map_or_else(|| t.none.to_string(), |d| num_near(d, scale)),
        least: r.least,
        separates: r.support.is_none(),
    }
}

impl Cells {
    fn mark(&self, long: bool, t: &Terms) -> String {
        match (self.least, self.separates, long) {
            (true, _, true) => format!("◀ {}", t.face_least),
            (_, true, true) => format!("◀ {}", t.face_separates),
            (true, _, false) | (_, true, false) => "◀".into(),
            _ => String::new(),
        }
    }
}

/// One line of the laid-out table.
#[derive(Clone, Debug, PartialEq)]
pub enum FaceLine {
    /// The column names, with units.
    Header(String),
    /// "plank's faces, crate's corners:", over that body's rows when the rows leave its name out.
    Group(String),
    /// A face; `marked` on the face that decided.
    Row { text: String, marked: bool },
    /// The columns a narrow layout left out.
    Hidden(String),
}

/// Which columns a layout shows.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Layout {
    /// The body's name on every row ("plank 0"), else a group line over its rows.
    named: bool,
    normal: bool,
    corner: bool,
    support: bool,
    long_mark: bool,
    /// Spaces between the columns of numbers.
    gap: usize,
}

/// From the widest to the narrowest; the last fits any panel of 20 columns.
const LAYOUTS: [Layout; 7] = [
    Layout { named: true, normal: true, corner: true, support: true, long_mark: true, gap: GAP },
    Layout { named: true, normal: true, corner: false, support: true, long_mark: true, gap: GAP },
    Layout { named: false, normal: true, corner: false, support: true, long_mark: true, gap: GAP },
    Layout { named: false, normal: true, corner: false, support: true, long_mark: false, gap: GAP },
    // The vectors' brackets keep them apart.
    Layout { named: false, normal: true, corner: false, support: true, long_mark: false, gap: 1 },
    Layout { named: false, normal: false, corner: false, support: true, long_mark: false, gap: GAP },
    Layout { named: false, normal: false, corner: false, support: false, long_mark: false, gap: GAP },
];

/// Spaces between columns.
const GAP: usize = 2;

/// The table in aligned columns, the widest layout whose lines fit `width`
/// display columns (any width: the widest of all, as the text trace prints it).
pub fn face_lines(table: &FaceTable, width: Option<usize>) -> Vec<FaceLine> {
    face_lines_in(table, width, &super::terms::EN)
}

/// [`face_lines`] in the words of `t`.
pub fn face_lines_in(table: &FaceTable, width: Option<usize>, t: &Terms) -> Vec<FaceLine> {
    let rows: Vec<Cells> = table.rows.iter().map(|r| cells(r, t)).collect();
    let fits = |lines: &[FaceLine]| {
        width.is_none_or(|w| {
            lines.iter().all(|l| match l {
                FaceLine::Header(t) | FaceLine::Row { text: t, .. } => t.width() <= w,
                // The group and hidden lines are prose: a narrow panel wraps them.
                FaceLine::Group(_) | FaceLine::Hidden(_) => true,
            })
        })
    };
    let mut last = Vec::new();
    for layout in LAYOUTS {
        last = lay_out(table, &rows, layout, t);
        if fits(&last) {
            break;
        }
    }
    last
}

fn lay_out(table: &FaceTable, rows: &[Cells], layout: Layout, t: &Terms) -> Vec<FaceLine> {
    let [face, normal, corner, support] = t.face_heads;
    // Each column: its header and a cell per row; d is aligned on its decimal point.
    let mut columns: Vec<(&str, Vec<String>)> = Vec::new();
    if layout.named {
        columns.push((face, rows.iter().map(|c| c.label.clone()).collect()));
    } else {
        // The group line over the rows says whose faces they are.
        columns.push(("", rows.iter().map(|c| c.face.clone()).collect()));
    }
    if layout.normal {
        columns.push((normal, rows.iter().map(|c| c.normal.clone()).collect()));
    }
    if layout.corner {
        columns.push((corner, rows.iter().map(|c| c.corner.clone()).collect()));
    }
    if layout.support {
        columns.push((support, rows.iter().map(|c| c.support.clone()).collect()));
    }
    columns.push(("d (m)", decimal_aligned(rows.iter().map(|c| c.distance.as_str()))));
    let widths: Vec<usize> =
        columns.iter().map(|(head, cells)| cells.iter().map(|c| c.width()).chain([head.width()]).max().unwrap_or(0)).collect();
    let join = |cells: Vec<&str>| {
        let mut line = String::new();
        for (k, (cell, w)) in cells.iter().zip(&widths).enumerate() {
            if k > 0 {
                // The face's name or number stands apart from the numbers.
                line.extend(std::iter::repeat_n(' ', if k == 1 { GAP } else { layout.gap }));
            }
            line.push_str(cell);
            line.extend(std::iter::repeat_n(' ', w.saturating_sub(cell.width())));
        }
        line
    };
    let mut out = vec![FaceLine::Header(join(columns.iter().map(|(h, _)| *h).collect()).trim_end().to_string())];
    let mut group = None;
    for (i, (row, cells)) in table.rows.iter().zip(rows).enumerate() {
        if !layout.named && group != Some(&row.body) {
            group = Some(&row.body);
            out.push(FaceLine::Group(t.face_group.replace("{0}", &row.body).replace("{1}", &row.against)));
        }
        let mut text = join(columns.iter().map(|(_, c)| c[i].as_str()).collect());
        let mark = cells.mark(layout.long_mark, t);
        if !mark.is_empty() {
            text.push(' ');
            text.push_str(&mark);
        }
        out.push(FaceLine::Row { text: text.trim_end().to_string(), marked: !mark.is_empty() });
    }
    let hidden: Vec<&str> = [(layout.normal, "n"), (layout.corner, "f"), (layout.support, "s")]
        .into_iter()
        .filter_map(|(shown, name)| (!shown).then_some(name))
        .collect();
    if !hidden.is_empty() {
        out.push(FaceLine::Hidden(t.face_narrow.replace("{0}", &hidden.join(", "))));
    }
    out
}

/// Numbers padded so that their decimal points line up (an integer's point
/// is after its last digit); a word ("none") stays where it is.
fn decimal_aligned<'a>(cells: impl Iterator<Item = &'a str> + Clone) -> Vec<String> {
    let whole = |c: &str| c.starts_with(|ch: char| ch == '-' || ch.is_ascii_digit()).then(|| c.find(['.', 'e']).unwrap_or(c.len()));
    let left = cells.clone().filter_map(whole).max().unwrap_or(0);
    cells.map(|c| format!("{}{c}", " ".repeat(whole(c).map_or(0, |w| left - w)))).collect()
}

/// The table as Markdown: a pipe table, every column, the deciding row's d in bold.
/// `blank`: every worked-out cell (normal, corners, support, distance, mark)
/// left for a student to fill in; only the faces are named.
pub fn face_markdown(table: &FaceTable, blank: bool) -> String {
    face_markdown_in(table, blank, &super::terms::EN)
}

/// [`face_markdown`] in the words of `t`.
pub fn face_markdown_in(table: &FaceTable, blank: bool, t: &Terms) -> String {
    let [face, normal, corner, support] = t.face_heads;
    let mut md = format!("| {face} | {normal} | {corner} | {support} | d (m) | |\n|---|---|---|---|--:|---|\n");
    for (row, c) in table.rows.iter().zip(table.rows.iter().map(|r| cells(r, t))) {
        let d = match (blank, c.least) {
            (true, _) => "____".to_string(),
            (false, true) => format!("**{}**", c.distance),
            (false, false) => c.distance.clone(),
        };
        let mark = if blank { String::new() } else { c.mark(true, t) };
        let [normal, corner, support] = if blank { ["____"; 3] } else { [&c.normal, &c.corner, &c.support].map(String::as_str) };
        writeln!(md, "| {} {} | {normal} | {corner} | {support} | {d} | {mark} |", super::markdown_text(&row.body), row.face).unwrap();
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::DVec2;

    fn row(body: &str, face: usize, distance: f64, least: bool) -> FaceRow {
        FaceRow {
            body: body.into(),
            against: "b".into(),
            face,
            normal: DVec2::new(0.6, -0.8),
            on_face: DVec2::new(1.0, 2.0),
            support: Some(DVec2::new(-1.5, 0.25)),
            distance: Some(distance),
            least,
        }
    }

    #[test]
    fn distances_line_up_on_their_points() {
        assert_eq!(decimal_aligned(["3.01655", "0.570432", "12", "none"].into_iter()), [" 3.01655", " 0.570432", "12", "none"]);
    }

    #[test]
    fn round_off_in_a_row_reads_zero() {
        let mut r = row("a", 0, 1e-17, false);
        r.normal = DVec2::new(1.0, 6.1e-17);
        let c = cells(&r, &super::super::terms::EN);
        assert_eq!((c.normal.as_str(), c.distance.as_str()), ("(1, 0)", "0"));
        // Alone, a small distance is physics, not round-off.
        let mut small = row("a", 0, 1e-9, false);
        small.on_face = DVec2::ZERO;
        assert_eq!(cells(&small, &super::super::terms::EN).distance, "1e−9");
    }

    #[test]
    fn a_narrow_panel_drops_columns_and_never_overflows() {
        let table = FaceTable { rows: (0..4).map(|i| row("plank", i, 0.5 + i as f64, i == 1)).collect() };
        let wide = face_lines(&table, None);
        assert!(matches!(&wide[0], FaceLine::Header(h) if h.contains("corner f")));
        for width in [20, 30, 40, 58, 80] {
            let lines = face_lines(&table, Some(width));
            for l in &lines {
                if let FaceLine::Header(t) | FaceLine::Row { text: t, .. } = l {
                    assert!(t.width() <= width, "{width}: {t:?}");
                }
            }
            assert_eq!(lines.iter().filter(|l| matches!(l, FaceLine::Row { marked: true, .. })).count(), 1);
        }
    }

    #[test]
    fn a_pipe_in_a_name_does_not_break_the_markdown_table() {
        let table = FaceTable { rows: vec![row("a|b", 0, 0.5, true)] };
        let md = face_markdown(&table, false);
        let body = md.lines().nth(2).unwrap();
        assert_eq!(body.matches(" | ").count(), 5, "{body}");
        assert!(body.contains("a\\|b 0") && body.contains("**0.5**") && body.ends_with("◀ least |"));
    }
}
