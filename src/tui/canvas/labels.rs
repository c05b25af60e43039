//! Labels placed after the shapes are drawn, so that none covers a shape or
//! another label.
//!
//! The canvas collects its labels while it draws (text, the cell they
//! belong to, the side they should lie on, how much they matter). Once the
//! shapes are in the buffer, each label, the most important first, takes the
//! nearest free place around its cell: a run of cells that are all blank (no
//! braille dot, no other label). A label that finds none is left out, so the
//! least important go first: an unselected body's name before a support or
//! region mark, and those before the names of vectors. A vector's name, or
//! the selected body's, that finds no blank place takes the nearest place
//! free of other labels, over the dots.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use unicode_width::UnicodeWidthStr;

/// How much a label matters: the more important are placed first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Rank {
    /// An unselected body's name.
    Name,
    /// A support point, a region, a contact's start.
    Mark,
    /// The selected body's name.
    Chosen,
    /// The name of an arrow the phase computed.
    Vector,
}

/// A label waiting for its place.
#[derive(Clone, Debug)]
pub struct Label {
    pub text: String,
    /// The cell it belongs to (an arrow's tip, a body's centre), in the
    /// buffer's columns and rows; it may lie outside the drawing.
    pub at: (i32, i32),
    /// On which side of that cell it should lie, on screen (x right, y
    /// down); zero: centred on the cell.
    pub toward: (f64, f64),
    pub rank: Rank,
    pub style: Style,
    /// How far from `at` it may go: rows, and columns of gap.
    pub reach: (i32, i32),
}

/// A label as placed: the cells its text covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub rect: Rect,
    pub text: String,
}

/// How far from its cell a vector's label may go: rows above and below, and
/// columns of gap to either side. A body's name says its own reach: the
/// body's size, so that a name stays on its body, not on a neighbour.
pub const REACH: (i32, i32) = (2, 3);

fn blank(symbol: &str) -> bool {
    symbol == " " || symbol == "\u{2800}"
}

/// The places a label `width` columns wide may take around its cell, the
/// best first: near the cell (a row counts as two columns, as a cell is
/// twice as tall as wide), on the side asked for, else centred on it.
fn candidates(label: &Label, width: i32) -> Vec<(i32, i32)> {
    let (cx, cy) = label.at;
    let (tx, ty) = label.toward;
    let along = (tx * tx + ty * ty).sqrt();
    let (rows, gap) = label.reach;
    let mut out: Vec<(f64, i32, i32)> = Vec::new();
    for dy in -rows..=rows {
        for x0 in cx - width - gap..=cx + gap + 1 {
            let last = x0 + width - 1;
            let gx = if x0 > cx {
                x0 - cx
            } else if last < cx {
                cx - last
            } else {
                0
            };
            let dist = f64::from(gx * gx + 4 * dy * dy).sqrt();
            let (mx, my) = (f64::from(x0) + f64::from(width - 1) / 2.0 - f64::from(cx), f64::from(2 * dy));
            let cost = if along > 0.0 {
                let m = (mx * mx + my * my).sqrt();
                let cos = if m > 0.0 { (mx * tx + my * ty) / (m * along) } else { 0.0 };
                dist + 2.0 * (1.0 - cos)
            } else {
                dist + 0.3 * mx.abs()
            };
            out.push((cost, x0, cy + dy));
        }
    }
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    out.into_iter().map(|(_, x, y)| (x, y)).collect()
}

/// Places `labels` in `area` of `buf`, where the shapes are already drawn,
/// and writes them; returns where each placed label went.
pub fn place(mut labels: Vec<Label>, area: Rect, buf: &mut Buffer) -> Vec<Placed> {
    // Most important first; among equals, in the order drawn.
    labels.sort_by_key(|l| std::cmp::Reverse(l.rank));
    let (w, h) = (i32::from(area.width), i32::from(area.height));
    let mut taken = vec![false; (w * h) as usize];
    let mut placed = Vec::new();
    for label in labels {
        let width = label.text.width() as i32;
        if width == 0 || width > w {
            continue;
        }
        let places = candidates(&label, width);
        let inside = |&(x0, y): &(i32, i32)| x0 >= 0 && y >= 0 && x0 + width <= w && y < h;
        // Blank cells (or, at the last resort, any cells) that no label
        // takes, with no label right beside them: `r_a` `Jt` must not read `r_aJt`.
        let free = |x0: i32, y: i32, over_dots: bool| {
            let apart = [x0 - 1, x0 + width].iter().all(|&x| x < 0 || x >= w || !taken[(y * w + x) as usize]);
            apart
                && (x0..x0 + width).all(|x| {
                    let cell = &buf[(area.x + x as u16, area.y + y as u16)];
                    !taken[(y * w + x) as usize] && (over_dots || blank(cell.symbol()))
                })
        };
        let relative = |(x0, y): (i32, i32)| (x0 - i32::from(area.x), y - i32::from(area.y));
        let local: Vec<(i32, i32)> = places.into_iter().map(relative).filter(inside).collect();
        let spot = local
            .iter()
            .find(|&&(x, y)| free(x, y, false))
            .or_else(|| (label.rank >= Rank::Chosen).then(|| local.iter().find(|&&(x, y)| free(x, y, true))).flatten());
        let Some(&(x0, y)) = spot else { continue };
        for x in x0..x0 + width {
            taken[(y * w + x) as usize] = true;
        }
        let (x, y) = (area.x + x0 as u16, area.y + y as u16);
        buf.set_stringn(x, y, &label.text, width as usize, label.style);
        placed.push(Placed { rect: Rect::new(x, y, width as u16, 1), text: label.text });
    }
    placed
}

/// Adds `layer` (braille drawn into a buffer of `area` alone) to `buf`
/// under what is there: its dots join the dots of a cell, fill a blank
/// cell, and leave a label's cells alone.
pub fn underlay(layer: &Buffer, area: Rect, buf: &mut Buffer, placed: &[Placed]) {
    let dots = |s: &str| s.chars().next().filter(|c| ('\u{2800}'..='\u{28ff}').contains(c)).map(|c| c as u32 - 0x2800);
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let under = &layer[(x, y)];
            let Some(add) = dots(under.symbol()).filter(|&d| d != 0) else { continue };
            if placed.iter().any(|p| p.rect.contains(ratatui::layout::Position::new(x, y))) {
                continue;
            }
            let fg = under.fg;
            let cell = &mut buf[(x, y)];
            if cell.symbol() == " " {
                cell.set_char(char::from_u32(0x2800 + add).expect("a braille pattern")).set_fg(fg);
            } else if let Some(have) = dots(cell.symbol()) {
                let both = if have == 0 { add } else { have | add };
                let keep = if have == 0 { fg } else { cell.fg };
                cell.set_char(char::from_u32(0x2800 + both).expect("a braille pattern")).set_fg(keep);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(text: &str, at: (i32, i32), toward: (f64, f64), rank: Rank) -> Label {
        Label { text: text.to_string(), at, toward, rank, style: Style::default(), reach: REACH }
    }

    #[test]
    fn a_label_goes_beyond_the_tip_and_the_next_finds_another_place() {
        let area = Rect::new(0, 0, 20, 5);
        let mut buf = Buffer::empty(area);
        // A dot at the tip (10, 2).
        buf[(10, 2)].set_char('⠁');
        let placed =
            place(vec![label("n", (10, 2), (1.0, 0.0), Rank::Vector), label("t", (10, 2), (1.0, 0.0), Rank::Vector)], area, &mut buf);
        assert_eq!(placed[0].rect, Rect::new(11, 2, 1, 1));
        assert_ne!(placed[1].rect, placed[0].rect);
        assert_eq!(buf[(10, 2)].symbol(), "⠁", "the dot stays");
    }

    #[test]
    fn names_are_dropped_before_vectors_and_centred() {
        let area = Rect::new(0, 0, 3, 1);
        let mut buf = Buffer::empty(area);
        let placed =
            place(vec![label("m1", (1, 0), (0.0, 0.0), Rank::Name), label("Jn", (1, 0), (0.0, 0.0), Rank::Vector)], area, &mut buf);
        assert_eq!(placed.len(), 1);
        assert_eq!(placed[0].text, "Jn");
    }

    #[test]
    fn the_hatching_joins_the_dots_and_leaves_labels_alone() {
        let area = Rect::new(0, 0, 3, 1);
        let mut buf = Buffer::empty(area);
        buf[(0, 0)].set_char('⠁');
        buf[(2, 0)].set_char('x');
        let mut layer = Buffer::empty(area);
        for x in 0..3 {
            layer[(x, 0)].set_char('⠂');
        }
        underlay(&layer, area, &mut buf, &[Placed { rect: Rect::new(2, 0, 1, 1), text: "x".into() }]);
        assert_eq!(buf[(0, 0)].symbol(), "⠃");
        assert_eq!(buf[(1, 0)].symbol(), "⠂");
        assert_eq!(buf[(2, 0)].symbol(), "x");
    }
}
