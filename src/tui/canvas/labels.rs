//! Where the canvas's labels went, and the hatching laid under them.
//!
//! The labels are placed by the figure (`report::figure`), once for every
//! backend; the canvas writes them into its cells.

use crate::report::figure::LabelOf;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// A label as placed: the cells its text covers (empty: left out, and listed
/// in the legend), and what it names in the figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub rect: Rect,
    pub text: String,
    pub of: Option<LabelOf>,
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
        underlay(&layer, area, &mut buf, &[Placed { rect: Rect::new(2, 0, 1, 1), text: "x".into(), of: None }]);
        assert_eq!(buf[(0, 0)].symbol(), "⠃");
        assert_eq!(buf[(1, 0)].symbol(), "⠂");
        assert_eq!(buf[(2, 0)].symbol(), "x");
    }
}
