//! Where a figure's labels go, solved once for any backend: the backend says
//! how big its text is in world units (a terminal cell, or a font size over
//! the page's scale) and which lines it draws; each label, the most
//! important first, takes the nearest free place around its point, clear of
//! every line and every label placed before it. Where its full text finds no
//! place its name alone may; where neither does, it is dropped, and the
//! backend lists it in its legend.

use super::{Figure, Text};
use crate::scene::YAxis;
use glam::DVec2;
use std::borrow::Cow;
use unicode_width::UnicodeWidthStr;

/// How much a label matters: the more important are placed first and dropped last.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Rank {
    /// A body's name.
    Name,
    /// A support point, a start point, a line's length.
    Mark,
    /// A spin's arc.
    Spin,
    /// The chosen body's name.
    Chosen,
    /// An arrow the phase computed or a velocity.
    Vector,
}

/// Which element of the figure a label names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LabelOf {
    /// The index in `Figure::names`.
    Name(usize),
    Vector(usize),
    Mark(usize),
    Line(usize),
    Arc(usize),
    Axis,
}

/// A backend's text, in world units.
#[derive(Clone, Copy, Debug)]
pub struct Metrics {
    /// The width of one column of text (a terminal cell; about 0.6 em).
    pub column: f64,
    /// The height of a line of text.
    pub line: f64,
    /// The space a label keeps from a drawn line, either way (x, y).
    pub clearance: DVec2,
    /// The space between two labels (x, y).
    pub spacing: DVec2,
    /// Where labels may go (lower-left, upper-right).
    pub bounds: (DVec2, DVec2),
    /// Labels sit on a grid of text cells (a terminal) starting at the
    /// bounds' top-left corner.
    pub grid: bool,
    /// How far from its point a label may go: rows up or down, and columns
    /// of gap to either side.
    pub reach: (i32, i32),
    /// How many labels the backend has room to try: a screen of cells holds
    /// few, and a scene of thousands of bodies must not cost a search for
    /// each. Those past it, the least important, go to the legend untried.
    pub most: usize,
}

/// A label as placed: its text (full or short) and its box in the screen
/// frame (x right, y down, in metres; see [`Figure::screen`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    pub of: LabelOf,
    pub text: String,
    pub min: DVec2,
    pub max: DVec2,
}

#[derive(Clone, Debug, Default)]
pub struct Layout {
    pub placed: Vec<Placement>,
    /// Labels that found no place, the least important first: the legend
    /// lists them ([`Figure::label`] has their text).
    pub dropped: Vec<LabelOf>,
}

/// A label waiting for its place, in the screen frame.
struct Request {
    /// The label: its text is the figure's ([`Figure::label`]).
    of: LabelOf,
    rank: Rank,
    at: DVec2,
    /// The side it should lie on; zero: centred.
    toward: DVec2,
    /// How many rows away from `at` it may go.
    rows: i32,
}

/// The axes' text: x to the right, y up or down as the scene says.
pub fn axes_text(y_axis: YAxis) -> &'static str {
    match y_axis {
        YAxis::Up => "→x ↑y",
        YAxis::Down => "→x ↓y",
    }
}

impl Figure {
    /// Places the labels for a backend whose text is `m` and which draws
    /// `drawn` (world segments).
    pub fn layout(&self, m: &Metrics, drawn: &[(DVec2, DVec2)]) -> Layout {
        let (s0, s1) = (self.screen(m.bounds.0), self.screen(m.bounds.1));
        let (lo, hi) = (s0.min(s1), s0.max(s1));
        // A label is tested against the lines and labels near it: a line
        // that lies wholly outside the bounds, past the clearance, can touch none.
        let margin = m.clearance.abs() + m.spacing.abs() + DVec2::new(m.column, m.line);
        // (Room for all: a crowd draws tens of thousands, nearly all on screen.)
        let mut lines: Vec<(DVec2, DVec2)> = Vec::with_capacity(drawn.len());
        lines.extend(drawn.iter().map(|(a, b)| (self.screen(*a), self.screen(*b))).filter(|(a, b)| a.is_finite() && b.is_finite()));
        let crossed = Crossed::new(lo, (lo - margin, hi + margin), m, &lines);
        let mut requests = self.requests(m);
        // The most important first; among equals, in the figure's order.
        requests.sort_by_key(|r| std::cmp::Reverse(r.rank));
        let mut layout = Layout::default();
        let mut boxes: Vec<(DVec2, DVec2)> = Vec::new();
        let mut near_boxes = Near::new(lo - margin, hi + margin, m);
        // What a place is refused for at a glance: lying outside, or over a crossed cell.
        let inside = |min: DVec2, max: DVec2| min.x >= lo.x - 1e-9 && min.y >= lo.y - 1e-9 && max.x <= hi.x + 1e-9 && max.y <= hi.y + 1e-9;
        let open = |min: DVec2, max: DVec2| {
            let (cleared_min, cleared_max) = (min - m.clearance, max + m.clearance);
            inside(min, max) && !crossed.within(cleared_min.min(cleared_max), cleared_min.max(cleared_max))
        };
        let mut on_grid = OnGrid::of(&crossed, lo, m);
        let clear = |min: DVec2, max: DVec2, boxes: &[(DVec2, DVec2)], near_boxes: &Near| {
            let (spaced_min, spaced_max) = (min - m.spacing, max + m.spacing);
            let (cleared_min, cleared_max) = (min - m.clearance, max + m.clearance);
            open(min, max)
                && !near_boxes.any(spaced_min.min(spaced_max), spaced_min.max(spaced_max), |k| overlaps((spaced_min, spaced_max), boxes[k]))
                && !crossed.near(cleared_min.min(cleared_max), cleared_min.max(cleared_max), |k| {
                    let (a, b) = lines[k];
                    crosses(a, b, cleared_min, cleared_max)
                })
        };
        // The axes first, in the first free corner (bottom-left first), or bottom-left over the lines.
        let axes = axes_text(self.y_axis).to_string();
        let size = DVec2::new(axes.width() as f64 * m.column, m.line);
        // In a corner of the drawing's own window (the backend's bounds may reach
        // past it), else of the bounds, else anywhere along their bottom or top
        // edge, else anywhere, bottom up (a table whose cushions fill both edges).
        let (w0, w1) = (self.screen(self.window.0), self.screen(self.window.1));
        let corners = |lo: DVec2, hi: DVec2| {
            [DVec2::new(lo.x, hi.y - size.y), DVec2::new(hi.x - size.x, hi.y - size.y), lo, DVec2::new(hi.x - size.x, lo.y)]
        };
        let steps = ((hi.x - lo.x - size.x) / m.column).max(0.0) as usize;
        let along = (0..=steps).flat_map(|k| {
            let x = lo.x + k as f64 * m.column;
            [DVec2::new(x, hi.y - size.y), DVec2::new(x, lo.y)]
        });
        let rows = ((hi.y - lo.y - size.y) / m.line).max(0.0) as usize;
        let anywhere =
            (0..=rows).flat_map(|r| (0..=steps).map(move |k| DVec2::new(lo.x + k as f64 * m.column, hi.y - size.y - r as f64 * m.line)));
        let spots: Vec<DVec2> = corners(lo.max(w0.min(w1)), hi.min(w0.max(w1)))
            .into_iter()
            .chain(corners(lo, hi))
            .chain(along)
            .chain(anywhere)
            .map(|c| if m.grid { snap(c, lo, m) } else { c })
            .collect();
        let corner = spots.iter().copied().find(|&c| clear(c, c + size, &boxes, &near_boxes)).unwrap_or(spots[0]);
        near_boxes.insert(corner, corner + size, boxes.len());
        boxes.push((corner, corner + size));
        if let Some(g) = on_grid.as_mut() {
            g.place(corner, corner + size);
        }
        layout.placed.push(Placement { of: LabelOf::Axis, text: axes, min: corner, max: corner + size });
        let untried = requests.split_off(requests.len().min(m.most));
        for r in requests {
            // A vector's full text is its name and more, and writing its
            // numbers costs more than a search: in a crowd most names find
            // no place, and then neither does the full text (see `WIDER`);
            // off a grid that is not known.
            let hopeless = on_grid.is_some() && self.label_extends_short(r.of) && {
                let size = DVec2::new(self.label_short(r.of).width() as f64 * m.column, m.line);
                let test = Test { open: |min| open(min, min + size), inside: |min| inside(min, min + size), on_grid: on_grid.as_ref() };
                let mut found = false;
                let on_the_grid = walk(&r, size, m, lo, &test, WIDER, |min| found = found || clear(min, min + size, &boxes, &near_boxes));
                on_the_grid && !found
            };
            let full = if hopeless { None } else { Some(self.label(r.of)) };
            let spot = full.iter().flat_map(|full| [&**full, self.label_short(r.of)]).find_map(|text| {
                let size = DVec2::new(text.width() as f64 * m.column, m.line);
                let test = Test { open: |min| open(min, min + size), inside: |min| inside(min, min + size), on_grid: on_grid.as_ref() };
                candidates(&r, size, m, lo, &test)
                    .into_iter()
                    .find(|&min| clear(min, min + size, &boxes, &near_boxes))
                    .map(|min| (text.to_string(), min, min + size))
            });
            match spot {
                Some((text, min, max)) => {
                    if let Some(g) = on_grid.as_mut() {
                        g.place(min, max);
                    }
                    near_boxes.insert(min, max, boxes.len());
                    boxes.push((min, max));
                    layout.placed.push(Placement { of: r.of, text, min, max });
                }
                None => layout.dropped.push(r.of),
            }
        }
        layout.dropped.extend(untried.into_iter().map(|r| r.of));
        layout.dropped.reverse();
        layout
    }

    /// A label's text in full.
    pub fn label(&self, of: LabelOf) -> Cow<'_, str> {
        self.label_text(of).map_or_else(Cow::Borrowed, Text::full)
    }

    /// A label's name alone, for where its full text does not fit.
    pub fn label_short(&self, of: LabelOf) -> &str {
        self.label_text(of).map_or_else(|name| name, |t| t.short.as_str())
    }

    /// Whether a label's full text is its name with more after it.
    fn label_extends_short(&self, of: LabelOf) -> bool {
        self.label_text(of).is_ok_and(Text::extends_short)
    }

    /// A label's [`Text`], or the text of a label that has no other.
    fn label_text(&self, of: LabelOf) -> Result<&Text, &str> {
        match of {
            LabelOf::Vector(i) => Ok(&self.vectors[i].text),
            LabelOf::Mark(i) => Ok(&self.marks[i].text),
            LabelOf::Line(i) => self.lines[i].text.as_ref().ok_or(""),
            LabelOf::Arc(i) => Ok(&self.arcs[i].text),
            LabelOf::Name(i) => Err(&self.names[i].1),
            LabelOf::Axis => Err(axes_text(self.y_axis)),
        }
    }

    fn requests(&self, m: &Metrics) -> Vec<Request> {
        let mut out = Vec::with_capacity(self.vectors.len() + self.arcs.len() + self.marks.len() + self.lines.len() + self.names.len());
        let reach = m.reach.0;
        for (k, v) in self.vectors.iter().enumerate() {
            let (from, tip) = (self.screen(v.from), self.screen(v.from + self.scales.length(v)));
            let dir = (tip - from).normalize_or_zero();
            let (at, toward) = if v.middle { ((from + tip) / 2.0, dir.perp()) } else { (tip, dir) };
            out.push(Request { of: LabelOf::Vector(k), rank: Rank::Vector, at, toward, rows: reach });
        }
        for (k, a) in self.arcs.iter().enumerate() {
            let p = a.points(24);
            let (at, toward) = (self.screen(p[24]), (self.screen(p[24]) - self.screen(p[22])).normalize_or_zero());
            out.push(Request { of: LabelOf::Arc(k), rank: Rank::Spin, at, toward, rows: reach });
        }
        for (k, mark) in self.marks.iter().enumerate() {
            let at = self.screen(mark.at);
            out.push(Request {
                of: LabelOf::Mark(k),
                // The ringed mark (the least penetration) is the one the phase is about.
                rank: if mark.ring { Rank::Vector } else { Rank::Mark },
                at,
                toward: DVec2::new(0.7, 0.7),
                rows: reach,
            });
        }
        for (k, l) in self.lines.iter().enumerate() {
            if l.text.is_some() {
                let at = self.screen((l.a + l.b) / 2.0);
                out.push(Request { of: LabelOf::Line(k), rank: Rank::Mark, at, toward: DVec2::new(0.0, -1.0), rows: reach });
            }
        }
        for (k, (_, _, at, radius, chosen)) in self.names.iter().enumerate() {
            // A name stays on its body, not on a neighbour: as far as the body reaches, and a row.
            let rows = ((radius / m.line).round() as i32 + 1).clamp(1, m.reach.0 + 1);
            let rank = if *chosen { Rank::Chosen } else { Rank::Name };
            out.push(Request { of: LabelOf::Name(k), rank, at: self.screen(*at), toward: DVec2::ZERO, rows });
        }
        out
    }
}

/// How [`candidates`] refuses a place at a glance: `open` (outside, or over a
/// crossed cell), or on the text's own grid `inside` and the raster's counts.
struct Test<'a, O, I> {
    open: O,
    inside: I,
    on_grid: Option<&'a OnGrid>,
}

/// The raster when its cells are the text's (a screen): a place on the grid
/// then covers whole cells, columns i … i + w − 1 of row j counted from the
/// grid's corner, and the clearance (under half a cell) reaches into no other
/// whole cell, so the raster's answer for it is a row's count, in integers.
/// The labels placed are counted on the same cells: in a crowd the few free
/// places near the labels tried first are soon taken, and the hundreds tried
/// after would each test them all against those labels.
struct OnGrid {
    /// The grid's corner, in the raster's cells.
    offset: (i64, i64),
    /// The grid's corner and cell, in the screen frame.
    corner: DVec2,
    cell: DVec2,
    /// The raster's crossed cells, and those each placed label holds with
    /// the columns beside it its spacing keeps.
    held: Counts,
    /// Those columns, either side: a label keeps a column between it and the
    /// next where the spacing is under a column wide, none where it is nil.
    /// None where the spacing is of another kind: no cell is counted.
    beside: Option<i64>,
}

impl OnGrid {
    fn of(crossed: &Crossed, corner: DVec2, m: &Metrics) -> Option<OnGrid> {
        let cell = DVec2::new(m.column, m.line);
        let clear = m.clearance / cell;
        let fits = |c: f64| c > 1e-6 && c < 0.49;
        let usable = m.grid && cell.cmpgt(DVec2::ZERO).all() && crossed.cell == cell && fits(clear.x) && fits(clear.y);
        let offset = (corner - crossed.origin) / cell;
        // Two labels on the grid spaced as a screen spaces them (under a column
        // across, a hair less than nothing down) overlap only in one row, and
        // only when no column lies between them; with no spacing across, only
        // when they share one. A wider spacing makes more places overlap, these
        // among them: a place counted is still one the exact test refuses.
        let spacing = m.spacing / cell;
        let beside = (spacing.y > -0.5 && spacing.x >= 0.0).then_some(if spacing.x > 0.0 { 1 } else { 0 });
        usable.then(|| OnGrid {
            offset: (round(offset.x) as i64, round(offset.y) as i64),
            corner,
            cell,
            held: crossed.cells.clone(),
            beside,
        })
    }

    /// The raster's row and columns for grid cells `column` … `column + width − 1` of row `row`, if any lie on it.
    fn span(&self, column: i64, row: i64, width: i64) -> Option<(usize, usize, usize)> {
        let r = row + self.offset.1;
        let (c0, c1) = self.columns(column, width);
        (r >= 0 && r < self.held.rows() as i64 && c0 < c1).then_some((r as usize, c0, c1))
    }

    /// The raster's columns `c0` … `c1 − 1` for grid cells `column` … `column + width − 1`, cut to the raster.
    #[inline]
    fn columns(&self, column: i64, width: i64) -> (usize, usize) {
        let n = self.held.columns as i64;
        let c0 = column + self.offset.0;
        (c0.clamp(0, n) as usize, (c0 + width).clamp(0, n) as usize)
    }

    /// Calls `open` with each of columns `first` … `first + places − 1`, left
    /// to right, where a place `width` cells wide on row `row` (grid cells)
    /// has no cell that a line crosses or a placed label holds: a crowd's
    /// labels ask this of hundreds of thousands of places.
    fn each_open(&self, row: i64, first: i64, places: i64, width: i64, mut open: impl FnMut(i64)) {
        let r = row + self.offset.1;
        if r < 0 || r >= self.held.rows() as i64 {
            // Off the raster: nothing is counted there.
            return (first..first + places).for_each(open);
        }
        let before = self.held.row(r as usize);
        for column in first..first + places {
            let (c0, c1) = self.columns(column, width);
            if c0 >= c1 || before[c1] == before[c0] {
                open(column);
            }
        }
    }

    /// Counts the cells of a label placed from `min` to `max`, if it lies on the grid.
    fn place(&mut self, min: DVec2, max: DVec2) {
        let Some(beside) = self.beside else { return };
        let (at, size) = ((min - self.corner) / self.cell, (max - min) / self.cell);
        let whole = |v: f64| (v - round(v)).abs() < 1e-6;
        if !(whole(at.x) && whole(at.y) && whole(size.x) && round(size.y) == 1.0) {
            return;
        }
        let (column, row, width) = (round(at.x) as i64, round(at.y) as i64, round(size.x) as i64);
        if let Some((r, c0, c1)) = self.span(column - beside, row, width + 2 * beside) {
            self.held.mark(r, c0, c1);
        }
    }
}

/// How many columns more either side [`walk`] gives a vector's name when
/// it asks whether the full text can have a place. On the grid, every place
/// the full text is offered holds, inside its box and on the same row, a
/// place so offered to the name: the full text's columns are the name's,
/// reaching further left by as many columns as it is wider, and at most one
/// further right for the rounding of its span. A box inside another is
/// refused by no test that lets the other through: it lies inside the
/// bounds, over no line, crossed cell or spaced label the larger one does
/// not lie over. So where none of the name's is open, the full text has none.
const WIDER: i64 = 2;

/// The top-left corners a label of `size` may take around its point, the best
/// first: near it (a row counts as two columns, a row being about twice a
/// column's width), on the side asked for, else centred on it. Only those
/// the test lets through are ranked: in a crowd it refuses nearly all, and the
/// ranking would cost more than the refusing.
fn candidates<O: Fn(DVec2) -> bool, I: Fn(DVec2) -> bool>(
    r: &Request,
    size: DVec2,
    m: &Metrics,
    origin: DVec2,
    test: &Test<O, I>,
) -> Vec<DVec2> {
    let (w, h) = (size.x, size.y);
    let mut out: Vec<(f64, DVec2)> = Vec::new();
    walk(r, size, m, origin, test, 0, |min| {
        let gx = if min.x > r.at.x {
            min.x - r.at.x
        } else if min.x + w < r.at.x {
            r.at.x - (min.x + w)
        } else {
            0.0
        } / m.column;
        let rows = (min.y + h / 2.0 - r.at.y) / h;
        let dist = (gx * gx + 4.0 * rows * rows).sqrt();
        let mid = DVec2::new((min.x + w / 2.0 - r.at.x) / m.column, 2.0 * rows);
        let cost = if r.toward != DVec2::ZERO {
            let cos = if mid.length() > 0.0 { mid.normalize().dot(r.toward.normalize()) } else { 0.0 };
            dist + 2.0 * (1.0 - cos)
        } else {
            dist + 0.3 * mid.x.abs()
        };
        out.push((cost, min));
    });
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    out.dedup_by(|a, b| a.1 == b.1);
    out.into_iter().map(|(_, p)| p).collect()
}

/// Offers each top-left corner around the request's point that the test lets
/// through, row by row, left to right: on a grid, every column from the
/// label's width and a gap left of the point to a gap right of it, and
/// `wider` columns more either side; off it, a dozen steps. Whether the
/// places were the grid's.
fn walk<O: Fn(DVec2) -> bool, I: Fn(DVec2) -> bool>(
    r: &Request,
    size: DVec2,
    m: &Metrics,
    origin: DVec2,
    test: &Test<O, I>,
    wider: i64,
    mut offer: impl FnMut(DVec2),
) -> bool {
    let (w, h) = (size.x, size.y);
    let gap = m.column * f64::from(m.reach.1);
    // Columns across: every column on a grid, else a dozen steps.
    let span = w + 2.0 * gap;
    let step = if m.grid { m.column } else { (span / 16.0).max(m.column) };
    let steps = (span / step).ceil() as i32;
    // On the grid the k-th place across is the first's column plus k, unless
    // the first lies within a hair of a half column (where rounding could go
    // either way): then each is snapped as off the grid.
    let first = (r.at.x - w - gap - origin.x) / m.column;
    let columns = w / m.column;
    let grid = test.on_grid.filter(|_| (first - floor(first) - 0.5).abs() > 1e-6 && (columns - round(columns)).abs() < 1e-9);
    for dy in -r.rows..=r.rows {
        let y = r.at.y - h / 2.0 + f64::from(dy) * h;
        // The row a place snaps to, as `snap` finds it.
        let row = round((y - origin.y) / m.line);
        match grid {
            Some(g) => {
                let (from, places) = (round(first) as i64 - wider, i64::from(steps) + 1 + 2 * wider);
                g.each_open(row as i64, from, places, round(columns) as i64, |column| {
                    let min = origin + DVec2::new(column as f64, row) * DVec2::new(m.column, m.line);
                    if (test.inside)(min) {
                        offer(min);
                    }
                });
            }
            None => {
                for k in 0..=steps {
                    let mut min = DVec2::new(r.at.x - w - gap + f64::from(k) * step, y);
                    if m.grid {
                        min = snap(min, origin, m);
                    }
                    if (test.open)(min) {
                        offer(min);
                    }
                }
            }
        }
    }
    grid.is_some()
}

/// The labels' boxes filed by the patches of the screen they cover: a label
/// looks only at what lies in its own patches. Two boxes that share a point
/// share the patch that point falls in, so nothing near is missed.
struct Near {
    origin: DVec2,
    patch: DVec2,
    size: (usize, usize),
    patches: Vec<Vec<usize>>,
}

impl Near {
    /// Patches a few labels wide over `lo`–`hi` (at most 256 each way); what
    /// lies outside is filed at the edge.
    fn new(lo: DVec2, hi: DVec2, m: &Metrics) -> Near {
        let wanted = DVec2::new(m.column * 8.0, m.line * 2.0);
        let count = |span: f64, patch: f64| if span > 0.0 && patch > 0.0 { ((span / patch).ceil() as usize).clamp(1, 256) } else { 1 };
        let size = (count(hi.x - lo.x, wanted.x), count(hi.y - lo.y, wanted.y));
        // Patches that span the whole of lo–hi, however many there are.
        let patch = ((hi - lo) / DVec2::new(size.0 as f64, size.1 as f64)).max(DVec2::splat(f64::MIN_POSITIVE));
        Near { origin: lo, patch, size, patches: vec![Vec::new(); size.0 * size.1] }
    }

    /// The patches a box covers, columns and rows (those past the edge clamped onto it).
    fn span(&self, min: DVec2, max: DVec2) -> (std::ops::RangeInclusive<usize>, std::ops::RangeInclusive<usize>) {
        let at = |v: f64, o: f64, p: f64, n: usize| cell_of((v - o) / p, n);
        let (x0, x1) = (at(min.x, self.origin.x, self.patch.x, self.size.0), at(max.x, self.origin.x, self.patch.x, self.size.0));
        let (y0, y1) = (at(min.y, self.origin.y, self.patch.y, self.size.1), at(max.y, self.origin.y, self.patch.y, self.size.1));
        (x0..=x1, y0..=y1)
    }

    fn insert(&mut self, min: DVec2, max: DVec2, item: usize) {
        let (xs, ys) = self.span(min, max);
        for y in ys {
            for x in xs.clone() {
                self.patches[y * self.size.0 + x].push(item);
            }
        }
    }

    /// Whether `hit` holds for any item filed in a patch the box covers.
    fn any(&self, min: DVec2, max: DVec2, mut hit: impl FnMut(usize) -> bool) -> bool {
        let (xs, ys) = self.span(min, max);
        ys.into_iter().any(|y| xs.clone().any(|x| self.patches[y * self.size.0 + x].iter().any(|&k| hit(k))))
    }
}

/// The cells of a raster over the screen (text cells, or coarser over a
/// page that holds many) that a drawn line passes through. A line that crosses
/// a cell lying wholly inside a label's box crosses the box, so the place is
/// refused without testing it against each line near it: in a crowd of
/// thousands of arrows nearly every place is refused, and the tests cost
/// tens of milliseconds a screen. A place it does not refuse is tested exactly,
/// so the labels go where they would without it: the raster files each line
/// under the cells its box covers, and the exact tests look only at the
/// lines of the cells a place covers (a crowd puts a dozen in each).
struct Crossed {
    origin: DVec2,
    cell: DVec2,
    columns: usize,
    rows: usize,
    /// The cells a line crosses.
    cells: Counts,
    /// The lines filed under cell k (row by row) are `filed[start[k]..start[k + 1]]`.
    start: Vec<u32>,
    filed: Vec<u32>,
}

/// Marked cells of a raster, counted along each row: whether a row has a
/// marked cell between two columns is one subtraction.
#[derive(Clone)]
struct Counts {
    columns: usize,
    /// Per row, the marked cells before each column: row r, columns c0..c1
    /// hold `before[r * (columns + 1) + c1] − before[r * (columns + 1) + c0]`.
    before: Vec<u32>,
}

impl Counts {
    /// `marked` holds `rows` rows of `columns` cells.
    fn new(marked: &[bool], columns: usize, rows: usize) -> Counts {
        let mut before = Vec::with_capacity(rows * (columns + 1));
        for row in marked.chunks(columns.max(1)).take(rows) {
            let mut sum = 0;
            before.push(sum);
            for &x in row {
                sum += u32::from(x);
                before.push(sum);
            }
        }
        Counts { columns, before }
    }

    fn rows(&self) -> usize {
        self.before.len() / (self.columns + 1)
    }

    /// Whether a cell of row `row`, columns `c0` … `c1 − 1`, is marked.
    fn any(&self, row: usize, c0: usize, c1: usize) -> bool {
        let before = self.row(row);
        before[c1] > before[c0]
    }

    /// Row `row`'s counts: cells `c0` … `c1 − 1` hold `row[c1] − row[c0]` marked.
    fn row(&self, row: usize) -> &[u32] {
        &self.before[self.of_row(row)]
    }

    /// Where row `row`'s counts lie in `before`.
    fn of_row(&self, row: usize) -> std::ops::Range<usize> {
        row * (self.columns + 1)..(row + 1) * (self.columns + 1)
    }

    /// Marks the cells of row `row`, columns `c0` … `c1 − 1`.
    fn mark(&mut self, row: usize, c0: usize, c1: usize) {
        let range = self.of_row(row);
        let before = &mut self.before[range];
        // Each count is read (with the next, for whether its cell was marked) before it is written.
        let mut sum = 0;
        for c in 0..self.columns {
            let marked = (c0..c1).contains(&c) || before[c + 1] > before[c];
            before[c] = sum;
            sum += u32::from(marked);
        }
        before[self.columns] = sum;
    }
}

/// The most cells a raster has across or down.
const MOST_CELLS: f64 = 1024.0;

impl Crossed {
    /// A raster over `from`–`to` whose cells are the text's where it has room
    /// for them, lined up with the labels' grid from `grid` (the top-left corner).
    fn new(grid: DVec2, (from, to): (DVec2, DVec2), m: &Metrics, lines: &[(DVec2, DVec2)]) -> Crossed {
        let cell = DVec2::new(m.column.abs(), m.line.abs()).max((to - from).max(DVec2::ZERO) / MOST_CELLS);
        let lo = if cell.cmpgt(DVec2::ZERO).all() { grid - ((grid - from) / cell).ceil() * cell } else { from };
        let (hi, span) = (to, (to - lo).max(DVec2::ZERO));
        let count = |span: f64, cell: f64| if cell > 0.0 && span.is_finite() { (span / cell).ceil().max(1.0) as usize } else { 0 };
        let (columns, rows) = (count(span.x, cell.x), count(span.y, cell.y));
        let mut crossed = vec![false; columns * rows];
        // A line that only grazes a cell's edge is not counted in it: whatever
        // the rounding, a cell counted is crossed well inside any box around it.
        let inset = cell * 1e-6;
        // Its counts and filing are filled in below; its `span` finds a line's cells.
        let mut raster =
            Crossed { origin: lo, cell, columns, rows, cells: Counts::new(&[], columns, 0), start: Vec::new(), filed: Vec::new() };
        // Each line's cells (those past the edge clamped onto it), and how many lines each cell files.
        let mut spans = Vec::with_capacity(lines.len());
        let mut count = vec![0u32; columns * rows + 1];
        for (k, &(a, b)) in lines.iter().enumerate() {
            let (min, max) = (a.min(b), a.max(b));
            if columns == 0 || rows == 0 || max.x < lo.x || max.y < lo.y || min.x > hi.x || min.y > hi.y {
                continue;
            }
            let span = raster.span(min, max);
            for r in span.2..=span.3 {
                for c in span.0..=span.1 {
                    let corner = lo + cell * DVec2::new(c as f64, r as f64);
                    let at = r * columns + c;
                    crossed[at] = crossed[at] || crosses(a, b, corner + inset, corner + cell - inset);
                    count[at + 1] += 1;
                }
            }
            spans.push((k as u32, span));
        }
        for at in 1..count.len() {
            count[at] += count[at - 1];
        }
        let mut filed = vec![0; count.last().map_or(0, |&n| n as usize)];
        let mut next = count.clone();
        for (k, (c0, c1, r0, r1)) in spans {
            for r in r0..=r1 {
                for c in c0..=c1 {
                    filed[next[r * columns + c] as usize] = k;
                    next[r * columns + c] += 1;
                }
            }
        }
        raster.cells = Counts::new(&crossed, columns, rows);
        (raster.start, raster.filed) = (count, filed);
        raster
    }

    /// The cells a box covers, columns and rows (those past the edge clamped onto it, NaN onto the first).
    fn span(&self, min: DVec2, max: DVec2) -> (usize, usize, usize, usize) {
        // By the cell's reciprocal, which never decreases either: a line
        // counted in a cell crosses it by far more than the rounding.
        let index = |v: f64, o: f64, per: f64, n: usize| cell_of((v - o) * per, n);
        let (o, per, columns, rows) = (self.origin, self.cell.recip(), self.columns, self.rows);
        (
            index(min.x, o.x, per.x, columns),
            index(max.x, o.x, per.x, columns),
            index(min.y, o.y, per.y, rows),
            index(max.y, o.y, per.y, rows),
        )
    }

    /// Whether `hit` holds for a line filed under a cell the box `min`–`max`
    /// covers: every line whose box shares a point with it is among them.
    fn near(&self, min: DVec2, max: DVec2, mut hit: impl FnMut(usize) -> bool) -> bool {
        if self.columns == 0 || self.rows == 0 {
            return false;
        }
        let (c0, c1, r0, r1) = self.span(min, max);
        (r0..=r1).any(|r| {
            let (first, last) = (self.start[r * self.columns + c0] as usize, self.start[r * self.columns + c1 + 1] as usize);
            self.filed[first..last].iter().any(|&k| hit(k as usize))
        })
    }

    /// Whether a line crosses a cell that lies wholly inside the box `min`–`max`.
    fn within(&self, min: DVec2, max: DVec2) -> bool {
        // A cell's edge a hair outside the box still counts as inside: the
        // inset its lines were counted with is far larger than the hair.
        let first = |v: f64, o: f64, c: f64| (-floor(-((v - o) / c - 1e-9))).max(0.0);
        let last = |v: f64, o: f64, c: f64, n: usize| floor((v - o) / c + 1e-9).min(n as f64);
        if self.columns == 0 || self.rows == 0 {
            return false;
        }
        let (c0, c1) = (first(min.x, self.origin.x, self.cell.x), last(max.x, self.origin.x, self.cell.x, self.columns));
        let (r0, r1) = (first(min.y, self.origin.y, self.cell.y), last(max.y, self.origin.y, self.cell.y, self.rows));
        // Cells c0 ≤ c < c1 and rows r0 ≤ r < r1 lie inside.
        if !(c0 < c1 && r0 < r1) {
            return false;
        }
        let (c0, c1, r0, r1) = (c0 as usize, c1 as usize, r0 as usize, r1 as usize);
        (r0..r1).any(|r| self.cells.any(r, c0, c1))
    }
}

/// The cell of `n` along an axis that a point `t` cells from the start falls
/// in. Any mapping that never decreases files two boxes that share a point
/// under that point's cell; truncation is the floor here, as what lies before
/// the start (and NaN) goes to the first cell, and what lies past the end to the last.
fn cell_of(t: f64, n: usize) -> usize {
    if t >= 0.0 { (t as usize).min(n - 1) } else { 0 }
}

/// A point moved to the nearest corner of a text cell.
fn snap(p: DVec2, origin: DVec2, m: &Metrics) -> DVec2 {
    let cell = DVec2::new(m.column, m.line);
    let steps = (p - origin) / cell;
    origin + DVec2::new(round(steps.x), round(steps.y)) * cell
}

/// `x.floor()`, exactly, without a call into libm: the program is built for
/// any x86-64, which has no rounding instruction, and a crowded screen's
/// layout rounds millions of times. Past 2⁵² (every such number is whole)
/// and for NaN, libm's.
fn floor(x: f64) -> f64 {
    if x.abs() < 4.5e15 {
        let whole = x as i64 as f64;
        if whole > x { whole - 1.0 } else { whole }
    } else {
        x.floor()
    }
}

/// `x.round()` (halves away from zero), exactly, as [`floor`] is: what is
/// left after truncation is exact, so a half is known to be one.
fn round(x: f64) -> f64 {
    if x.abs() < 4.5e15 {
        let whole = x as i64 as f64;
        if (x - whole).abs() >= 0.5 { whole + x.signum() } else { whole }
    } else {
        x.round()
    }
}

fn overlaps(a: (DVec2, DVec2), b: (DVec2, DVec2)) -> bool {
    a.0.x < b.1.x && b.0.x < a.1.x && a.0.y < b.1.y && b.0.y < a.1.y
}

/// Whether segment a–b passes through the box `min`–`max` (Liang–Barsky clipping).
pub fn crosses(a: DVec2, b: DVec2, min: DVec2, max: DVec2) -> bool {
    if a.x.max(b.x) < min.x || a.x.min(b.x) > max.x || a.y.max(b.y) < min.y || a.y.min(b.y) > max.y {
        return false;
    }
    // Wholly inside (a crowd's short lines nearly all are, in their cells).
    if a.min(b).cmpge(min).all() && a.max(b).cmple(max).all() {
        return true;
    }
    let d = b - a;
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q) in [(-d.x, a.x - min.x), (d.x, max.x - a.x), (-d.y, a.y - min.y), (d.y, max.y - a.y)] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_crosses_a_box_it_passes_through_and_not_one_beside_it() {
        let (min, max) = (DVec2::new(0.0, 0.0), DVec2::new(2.0, 1.0));
        assert!(crosses(DVec2::new(-1.0, 0.5), DVec2::new(3.0, 0.5), min, max));
        assert!(crosses(DVec2::new(1.0, 0.2), DVec2::new(1.1, 0.3), min, max), "inside");
        assert!(!crosses(DVec2::new(-1.0, 2.0), DVec2::new(3.0, 1.5), min, max));
        assert!(!crosses(DVec2::new(2.5, -1.0), DVec2::new(4.0, 3.0), min, max));
        assert!(crosses(DVec2::new(-1.0, -1.0), DVec2::new(3.0, 3.0), min, max), "a diagonal");
    }

    /// A screen's text: cells `column` × `line` over `bounds`, a line kept a
    /// quarter column and an eighth of a line away, as the TUI asks.
    fn screen(column: f64, line: f64, bounds: (DVec2, DVec2)) -> Metrics {
        Metrics {
            column,
            line,
            clearance: DVec2::new(column / 4.0, line / 8.0),
            spacing: DVec2::ZERO,
            bounds,
            grid: true,
            reach: (3, 4),
            most: 100,
        }
    }

    /// `count` lines starting anywhere in `from` + `span`, each going up to `reach` / 2 either way.
    fn random_lines(rng: &mut fastrand::Rng, count: usize, (from, span): (DVec2, DVec2), reach: f64) -> Vec<(DVec2, DVec2)> {
        let mut at = |span: f64| rng.f64() * span;
        (0..count)
            .map(|_| {
                let a = from + DVec2::new(at(span.x), at(span.y));
                (a, a + DVec2::new(at(reach) - reach / 2.0, at(reach) - reach / 2.0))
            })
            .collect()
    }

    #[test]
    fn on_the_grid_the_places_are_those_the_raster_gives_off_it() {
        let m = screen(0.3, 0.7, (DVec2::new(-1.1, -2.3), DVec2::new(23.0, 12.4)));
        let mut rng = fastrand::Rng::with_seed(11);
        let lines = random_lines(&mut rng, 300, (DVec2::new(-2.0, -3.0), DVec2::new(26.0, 16.0)), 2.0);
        let mut at = |span: f64| rng.f64() * span;
        let (lo, hi) = m.bounds;
        let crossed = Crossed::new(lo, (lo - DVec2::ONE, hi + DVec2::ONE), &m, &lines);
        let on_grid = OnGrid::of(&crossed, lo, &m);
        assert!(on_grid.is_some());
        let inside = |min: DVec2, max: DVec2| min.x >= lo.x - 1e-9 && min.y >= lo.y - 1e-9 && max.x <= hi.x + 1e-9 && max.y <= hi.y + 1e-9;
        let (mut places, mut requests) = (0, Vec::new());
        for k in 0..500 {
            requests.push((DVec2::new(at(28.0) - 3.0, at(18.0) - 4.0), 1 + k % 9));
        }
        // Points on a half column, where rounding could go either way.
        requests.push((DVec2::new(lo.x + 5.5 * m.column, 3.0), 4));
        for (point, width) in requests {
            let r = Request { of: LabelOf::Axis, rank: Rank::Name, at: point, toward: DVec2::new(0.7, 0.7), rows: 3 };
            let size = DVec2::new(width as f64 * m.column, m.line);
            let open = |min: DVec2| {
                let (a, b) = (min - m.clearance, min + size + m.clearance);
                inside(min, min + size) && !crossed.within(a, b)
            };
            let test = |grid| Test { open, inside: |min| inside(min, min + size), on_grid: grid };
            let fast = candidates(&r, size, &m, lo, &test(on_grid.as_ref()));
            assert_eq!(fast, candidates(&r, size, &m, lo, &test(None)), "{point}, {width} columns");
            places += fast.len();
        }
        assert!(places > 3_000, "{places} places compared");
    }

    /// Where the walk of a vector's name, on the grid, finds no place, its
    /// full text has none: each place the full text is offered holds one of
    /// the name's on the same row, whatever the point, the widths and the
    /// rounding of the columns.
    #[test]
    fn each_place_of_a_full_text_holds_a_place_of_its_name() {
        let m = screen(0.3, 0.7, (DVec2::new(-1.1, -2.3), DVec2::new(23.0, 12.4)));
        let (lo, hi) = m.bounds;
        let crossed = Crossed::new(lo, (lo - DVec2::ONE, hi + DVec2::ONE), &m, &[]);
        let grid = OnGrid::of(&crossed, lo, &m).expect("a screen's grid");
        let mut rng = fastrand::Rng::with_seed(3);
        let (mut walked, mut compared) = (0, 0);
        for k in 0..3_000 {
            // Some points on a half column, where the rounding could go either way.
            let x = if k % 10 == 0 { lo.x + (rng.i64(0..70) as f64 + 0.5) * m.column } else { rng.f64() * 26.0 - 2.0 };
            let r = Request { of: LabelOf::Axis, rank: Rank::Vector, at: DVec2::new(x, rng.f64() * 16.0 - 3.0), toward: DVec2::X, rows: 2 };
            let (name, extra) = (rng.i64(1..9), rng.i64(1..30));
            let size = |columns: i64| DVec2::new(columns as f64 * m.column, m.line);
            let test = Test { open: |_| true, inside: |_| true, on_grid: Some(&grid) };
            let mut names = Vec::new();
            if !walk(&r, size(name), &m, lo, &test, WIDER, |min| names.push(min)) {
                continue;
            }
            walked += 1;
            for full in candidates(&r, size(name + extra), &m, lo, &test) {
                let holds = |p: &DVec2| {
                    (p.y - full.y).abs() < 1e-9 && p.x > full.x - 1e-9 && p.x + size(name).x < full.x + size(name + extra).x + 1e-9
                };
                assert!(names.iter().any(holds), "{} columns at {full} hold none of the name's {name} at {}", name + extra, r.at);
                compared += 1;
            }
        }
        assert!(walked > 2_500 && compared > 100_000, "{walked} names walked, {compared} places compared");
    }

    /// A place the grid refuses for the labels placed before lies over a
    /// line or overlaps one of them, spaced as the exact test spaces them;
    /// and with a column's spacing it refuses every place beside one.
    #[test]
    fn a_place_refused_for_the_labels_placed_overlaps_one() {
        let mut m = screen(0.3, 0.7, (DVec2::new(-1.1, -2.3), DVec2::new(23.0, 12.4)));
        m.spacing = DVec2::new(m.column * 0.99, -m.line * 0.01);
        let (lo, hi) = m.bounds;
        let lines = [(DVec2::new(2.0, 1.0), DVec2::new(9.0, 6.0))];
        let crossed = Crossed::new(lo, (lo - DVec2::ONE, hi + DVec2::ONE), &m, &lines);
        let mut grid = OnGrid::of(&crossed, lo, &m).expect("a screen's grid");
        let mut rng = fastrand::Rng::with_seed(5);
        let cell = DVec2::new(m.column, m.line);
        let place = |column: i64, row: i64, width: i64| {
            let min = lo + DVec2::new(column as f64, row as f64) * cell;
            (min, min + DVec2::new(width as f64, 1.0) * cell)
        };
        let mut labels = Vec::new();
        for _ in 0..40 {
            let (min, max) = place(rng.i64(-2..80), rng.i64(-2..22), rng.i64(1..9));
            grid.place(min, max);
            labels.push((min, max));
        }
        let (mut refused, mut beside) = (0, 0);
        for column in -3..82 {
            for row in -3..24 {
                for width in 1..9 {
                    let (min, max) = place(column, row, width);
                    let spaced = (min - m.spacing, max + m.spacing);
                    let overlapped = labels.iter().any(|&b| overlaps(spaced, b));
                    let crosses_line = crosses(lines[0].0, lines[0].1, min - m.clearance, max + m.clearance);
                    let mut open = false;
                    grid.each_open(row, column, 1, width, |_| open = true);
                    if !open {
                        assert!(overlapped || crosses_line, "{column}, {row}, {width} columns is refused");
                        refused += 1;
                    } else if overlapped {
                        // Only a place off the raster may overlap a label unrefused.
                        assert!(grid.span(column, row, width).is_none(), "{column}, {row}, {width} columns overlaps a label");
                    }
                    beside += usize::from(overlapped);
                }
            }
        }
        assert!(refused > 1_000 && beside > 1_000, "{refused} refused, {beside} beside a label");
    }

    #[test]
    fn floor_and_round_are_libms() {
        let mut values = vec![0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 1e-300, -1e-300];
        values.extend([4503599627370495.5, -4503599627370495.5, 4.5e15, 1e300, -1e300, f64::INFINITY, f64::NEG_INFINITY]);
        values.extend((0..2000).map(|k| (k as f64 - 1000.0) * 0.37 + 1e-7 * k as f64));
        for v in values {
            assert_eq!(floor(v), v.floor(), "floor {v}");
            assert_eq!(round(v), v.round(), "round {v}");
        }
        assert!(floor(f64::NAN).is_nan() && round(f64::NAN).is_nan());
    }

    /// The raster refuses a box only where a line crosses it, and in a crowd
    /// it refuses most boxes a line crosses: the labels go where the exact
    /// tests alone would put them, sooner.
    #[test]
    fn a_box_refused_by_the_raster_is_crossed_by_a_line() {
        let m = screen(0.5, 1.0, (DVec2::ZERO, DVec2::new(40.0, 20.0)));
        let lines = random_lines(&mut fastrand::Rng::with_seed(7), 400, (DVec2::splat(-2.0), DVec2::new(44.0, 24.0)), 3.0);
        let (lo, hi) = m.bounds;
        let crossed = Crossed::new(lo, (lo - DVec2::ONE, hi + DVec2::ONE), &m, &lines);
        let (mut refused, mut hit) = (0, 0);
        for k in 0..4000 {
            // Boxes on the text grid, grown by the clearance, as the layout asks.
            let min = DVec2::new((k % 80) as f64 * 0.5, (k / 80 % 20) as f64) - m.clearance;
            let max = min + DVec2::new(0.5 * (1 + k % 7) as f64, 1.0) + 2.0 * m.clearance;
            let exact = lines.iter().any(|&(a, b)| crosses(a, b, min, max));
            if crossed.within(min, max) {
                assert!(exact, "{min}–{max} is refused, and no line crosses it");
                refused += 1;
            }
            hit += usize::from(exact);
        }
        assert!(refused * 10 > hit * 7, "{refused} of {hit} crossed boxes refused at a glance");
    }
}
