//! Which listed bounds overlap, found through a grid of square cells.
//!
//! Sweeping along x alone tests every pair whose bounds overlap in x: in a
//! pile, a whole column of bodies each. The column grows with the pile, so a
//! build of the list cost more per body the more bodies there were (at 4,000
//! piled discs the builds took half the step). A grid with cells as wide as
//! the widest moving body's bounds tests each body against the few near it.
//!
//! A body no wider than a cell (its bounds reach into two cells at most on
//! each axis) is kept once, in the cell of its lower-left corner. Two such
//! bodies can only overlap if those corners are at most a cell apart on each
//! axis, so a cell's bodies are tested against each other and against four of
//! its eight neighbours (right, and the three above): every pair of
//! neighbouring cells is met once, and so is every pair.
//!
//! A body wider than a cell (a static box larger than the discs) is put in
//! each cell its bounds cover, and a pair that holds one is found in the cell
//! of the lower-left corner of where the two bounds overlap: that point lies
//! in both, so both are in that cell, and it is one cell. A body whose bounds
//! cover many cells (a long wall) is kept out of the grid and tested against
//! every body, as few bodies are that large.
//!
//! A body listed again between fills is also put in every cell its new
//! bounds cover, in lists of their own, so a search near some bounds finds it
//! where it now is without looking at every body listed again.

use crate::engine::chains::Chains;
use glam::DVec2;

/// A body whose bounds cover more cells than this is tested against every
/// body instead of being put in each of its cells.
const MOST_CELLS_A_BODY: usize = 16;

/// The grid is used when it needs no more cells than this many per body;
/// bodies spread far apart (one far from the rest) would need a vast grid,
/// and are swept along x instead.
const MOST_CELLS_PER_BODY: usize = 8;

/// The bodies listed again since the grid was filled, each in every cell its
/// new bounds cover (a list per cell), and those whose new bounds cover too
/// many cells: a search finds a body where it was last listed without
/// looking at every body listed again.
#[derive(Default)]
struct Moved {
    cells: Chains<u32>,
    /// The bodies whose new bounds cover too many cells, tested against every search.
    large: Vec<usize>,
}

/// A body's bounds as a cell holds them.
#[derive(Clone, Copy, Default)]
struct Entry {
    lo: DVec2,
    hi: DVec2,
    /// The column and row of the cell that holds `lo`.
    corner: [u32; 2],
}

/// Bodies by cell: `bodies[starts[c]..starts[c + 1]]` are in cell c,
/// ascending, with their bounds beside them in `entries`, so that a cell's
/// pairs are tested from memory laid out in a row rather than gathered body
/// by body.
#[derive(Default)]
struct Cells {
    starts: Vec<u32>,
    bodies: Vec<u32>,
    entries: Vec<Entry>,
    /// Where each cell's next body goes, while filling.
    next: Vec<u32>,
}

impl Cells {
    /// Puts each body in the cells `cells_of` gives it (none: not here), at
    /// most `most` entries in all: a counting sort by cell. Room for `most` is
    /// kept, so a pile whose wide bodies change their cells as the margin
    /// changes does not grow the lists frame by frame.
    fn fill<I: Iterator<Item = usize>>(
        &mut self,
        (count, bodies, most): (usize, usize, usize),
        cells_of: impl Fn(usize) -> Option<(I, Entry)>,
    ) {
        self.bodies.reserve(most.saturating_sub(self.bodies.len()));
        self.entries.reserve(most.saturating_sub(self.entries.len()));
        self.starts.clear();
        self.starts.resize(count + 1, 0);
        for b in 0..bodies {
            if let Some((cells, _)) = cells_of(b) {
                cells.for_each(|c| self.starts[c + 1] += 1);
            }
        }
        for c in 1..self.starts.len() {
            self.starts[c] += self.starts[c - 1];
        }
        let entries = *self.starts.last().unwrap_or(&0) as usize;
        self.bodies.clear();
        self.bodies.resize(entries, 0);
        self.entries.clear();
        self.entries.resize(entries, Entry::default());
        self.next.clear();
        self.next.extend_from_slice(&self.starts);
        for b in 0..bodies {
            if let Some((cells, entry)) = cells_of(b) {
                cells.for_each(|c| {
                    let at = self.next[c] as usize;
                    (self.bodies[at], self.entries[at]) = (b as u32, entry);
                    self.next[c] += 1;
                });
            }
        }
    }

    /// Cell c's bodies and their bounds.
    fn of(&self, c: usize) -> (&[u32], &[Entry]) {
        let (start, end) = (self.starts[c] as usize, self.starts[c + 1] as usize);
        (&self.bodies[start..end], &self.entries[start..end])
    }
}

/// The bodies in cells, and those too large for any.
#[derive(Default)]
pub(super) struct Grid {
    origin: DVec2,
    cell: f64,
    columns: usize,
    rows: usize,
    /// The bodies no wider than a cell, each in the cell of its lower-left corner.
    small: Cells,
    /// The bodies wider than a cell, in each cell they cover.
    wide: Cells,
    /// The bodies in no cell: too large for one, tested against all.
    pub(super) large: Vec<usize>,
    /// The bodies listed again since the grid was filled, where they were listed.
    moved: Moved,
    /// Scratch, while filling: each body's corner cell, and whether it is small.
    corners: Vec<([u32; 2], bool)>,
}

/// Whether two bounds overlap (touching counts).
#[inline(always)]
fn overlap(a: &Entry, b: &Entry) -> bool {
    a.lo.cmple(b.hi).all() && b.lo.cmple(a.hi).all()
}

/// Each pair of a body of `one` and a body of `other` that `keep` takes:
/// `found(a, b)`, a from `one`; `WITHIN`, when `other` is `one`, each pair once.
///
/// Whether two bounds overlap is as hard to foretell as a coin toss in a
/// pile, and a branch that guesses wrong costs more than the test: so each
/// pair is written to a short buffer whether it is kept or not, and the
/// buffer's end moves on only if it is; `found` hears of the kept ones after.
#[inline(always)]
fn each_pair<const WITHIN: bool>(
    one: (&[u32], &[Entry]),
    (bodies, entries): (&[u32], &[Entry]),
    keep: impl Fn(&Entry, &Entry) -> bool,
    found: &mut impl FnMut(usize, usize),
) {
    let mut kept = [(0_u32, 0_u32); BUFFERED];
    let mut end = 0;
    for (k, a) in one.1.iter().enumerate() {
        let first = if WITHIN { k + 1 } else { 0 };
        for (m, b) in entries.iter().enumerate().skip(first) {
            kept[end] = (one.0[k], bodies[m]);
            end += usize::from(keep(a, b));
            if end == BUFFERED {
                kept.iter().for_each(|&(a, b)| found(a as usize, b as usize));
                end = 0;
            }
        }
    }
    kept[..end].iter().for_each(|&(a, b)| found(a as usize, b as usize));
}

/// How many pairs [`each_pair`] keeps before it hands them over.
const BUFFERED: usize = 64;

impl Grid {
    /// Puts every body in the grid, with cells as wide as the widest bounds of
    /// a moving body, with room for `relists` bodies listed again; false, and
    /// nothing kept, when the grid would need too many cells for these bodies.
    pub(super) fn fill(&mut self, lo: &[DVec2], hi: &[DVec2], fixed: &[bool], relists: usize) -> bool {
        let n = lo.len();
        // The cell: the largest extent of a moving body (a static one may be a long wall).
        let widest = (0..n).filter(|&b| !fixed[b]).map(|b| (hi[b] - lo[b]).max_element()).fold(0.0, f64::max);
        let (mut low, mut high) = (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY));
        for b in (0..n).filter(|&b| !fixed[b]) {
            (low, high) = (low.min(lo[b]), high.max(hi[b]));
        }
        if !(widest > 0.0 && widest.is_finite() && low.is_finite() && high.is_finite()) {
            return false;
        }
        let cells_of = |extent: f64| (extent / widest) as usize as f64 + 1.0;
        let (columns, rows) = (cells_of(high.x - low.x), cells_of(high.y - low.y));
        if columns * rows > (MOST_CELLS_PER_BODY * n.max(1)) as f64 {
            return false;
        }
        (self.origin, self.cell, self.columns, self.rows) = (low, widest, columns as usize, rows as usize);
        // Room for the most cells these bodies may take, once: a pile that
        // spreads does not grow the lists frame by frame.
        let most = MOST_CELLS_PER_BODY * n.max(1) + 1;
        for list in [&mut self.small.starts, &mut self.small.next, &mut self.wide.starts, &mut self.wide.next] {
            list.reserve(most.saturating_sub(list.len()));
        }
        self.moved.cells.reserve(most, MOST_CELLS_A_BODY * relists);
        self.moved.large.reserve(relists.saturating_sub(self.moved.large.len()));
        let count = self.columns * self.rows;
        let (mut small, mut wide, mut large, mut corners) = (
            std::mem::take(&mut self.small),
            std::mem::take(&mut self.wide),
            std::mem::take(&mut self.large),
            std::mem::take(&mut self.corners),
        );
        let grid = &*self;
        // Each body's corner cell, and whether it fits: at most two cells on
        // each axis, as this grid places the bounds' ends (all the moving
        // bodies, but for round-off); then two that overlap have corners at
        // most a cell apart, however the ends round.
        corners.clear();
        corners.extend((0..n).map(|b| {
            let ((c0, r0), (c1, r1)) = (grid.column_row(lo[b]), grid.column_row(hi[b]));
            ([c0 as u32, r0 as u32], c1 - c0 <= 1 && r1 - r0 <= 1)
        }));
        let entry = |b: usize| Entry { lo: lo[b], hi: hi[b], corner: corners[b].0 };
        let wide_bodies = corners.iter().filter(|(_, fits)| !fits).count();
        small.fill((count, n, n), |b| {
            let ([column, row], fits) = corners[b];
            fits.then(|| (std::iter::once(row as usize * grid.columns + column as usize), entry(b)))
        });
        wide.fill((count, n, MOST_CELLS_A_BODY * wide_bodies), |b| {
            if corners[b].1 { None } else { grid.span(lo[b], hi[b]).map(|span| (span, entry(b))) }
        });
        large.clear();
        large.extend((0..n).filter(|&b| !corners[b].1 && grid.span(lo[b], hi[b]).is_none()));
        (self.small, self.wide, self.large, self.corners) = (small, wide, large, corners);
        self.moved.cells.clear(count);
        self.moved.large.clear();
        true
    }

    /// Notes that `body` is now listed with the bounds `lo`–`hi`, for [`Self::near`].
    pub(super) fn listed_again(&mut self, body: usize, lo: DVec2, hi: DVec2) {
        match self.span(lo, hi) {
            Some(cells) => cells.for_each(|c| _ = self.moved.cells.push(c, body as u32)),
            None => self.moved.large.push(body),
        }
    }

    /// Each pair of bodies whose bounds overlap, once: `found(a, b)`.
    pub(super) fn pairs(&self, lo: &[DVec2], hi: &[DVec2], mut found: impl FnMut(usize, usize)) {
        for row in 0..self.rows {
            for column in 0..self.columns {
                let c = row * self.columns + column;
                // The small bodies of the cell among themselves, then with those of four neighbours.
                let small = self.small.of(c);
                each_pair::<true>(small, small, overlap, &mut found);
                let (right, above) = (column + 1 < self.columns, row + 1 < self.rows);
                let neighbours = [
                    (right, c + 1),
                    (above && column > 0, c + self.columns - 1),
                    (above, c + self.columns),
                    (above && right, c + self.columns + 1),
                ];
                for (_, d) in neighbours.into_iter().filter(|&(there, _)| there) {
                    each_pair::<false>(small, self.small.of(d), overlap, &mut found);
                }
                // The wide bodies of the cell with each other and with the
                // small ones whose bounds reach into it (their corners are in
                // this cell or the three before it), each pair in the cell of
                // the corner of its overlap.
                let wide = self.wide.of(c);
                if wide.0.is_empty() {
                    continue;
                }
                let cell = [column as u32, row as u32];
                let here = |a: &Entry, b: &Entry| [a.corner[0].max(b.corner[0]), a.corner[1].max(b.corner[1])] == cell && overlap(a, b);
                each_pair::<true>(wide, wide, here, &mut found);
                for (dc, dr) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    if column >= dc && row >= dr {
                        each_pair::<false>(wide, self.small.of(c - dr * self.columns - dc), here, &mut found);
                    }
                }
            }
        }
        let meet = |a: usize, b: usize| lo[a].cmple(hi[b]).all() && lo[b].cmple(hi[a]).all();
        for (k, &a) in self.large.iter().enumerate() {
            for b in 0..lo.len() {
                // Two large bodies meet once, when the earlier in `large` is
                // `a` (`large` is in body order, as the bodies were put in).
                let later_large = self.large[..=k].binary_search(&b).is_ok();
                if b != a && !later_large && meet(a, b) {
                    found(a, b);
                }
            }
        }
    }

    /// Every body whose bounds, as the grid was filled or as it was last
    /// listed again, may overlap `lo`–`hi`, and every large body (some more
    /// than once).
    pub(super) fn near(&self, lo: DVec2, hi: DVec2, mut found: impl FnMut(usize)) {
        let (first, last) = (self.column_row(lo), self.column_row(hi));
        // A small body's corner is at most a cell before the bounds it overlaps.
        for row in first.1.saturating_sub(1)..=last.1 {
            for column in first.0.saturating_sub(1)..=last.0 {
                let c = row * self.columns + column;
                self.small.of(c).0.iter().for_each(|&b| found(b as usize));
                if row >= first.1 && column >= first.0 {
                    self.wide.of(c).0.iter().for_each(|&b| found(b as usize));
                    self.moved.cells.list(c).for_each(|(_, &b)| found(b as usize));
                }
            }
        }
        self.large.iter().chain(&self.moved.large).for_each(|&b| found(b));
    }

    /// The cells the bounds cover, or none if they are too many.
    fn span(&self, lo: DVec2, hi: DVec2) -> Option<impl Iterator<Item = usize> + use<>> {
        let ((c0, r0), (c1, r1)) = (self.column_row(lo), self.column_row(hi));
        let columns = self.columns;
        ((c1 - c0 + 1) * (r1 - r0 + 1) <= MOST_CELLS_A_BODY).then(|| (r0..=r1).flat_map(move |r| (c0..=c1).map(move |c| r * columns + c)))
    }

    /// The column and row of the cell that holds `p`; a point beyond the
    /// grid (a static body's bounds reach past the moving bodies) is taken
    /// to the nearest cell.
    fn column_row(&self, p: DVec2) -> (usize, usize) {
        // Taken from 0 up, the conversion to an integer rounds down, as `floor`
        // would (which, outside the step compiled for AVX2, is a call).
        let at = ((p - self.origin) / self.cell).max(DVec2::ZERO);
        let column = (at.x as usize).min(self.columns - 1);
        let row = (at.y as usize).min(self.rows - 1);
        (column, row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boxes of a pile and two long walls, placed by a fixed generator.
    fn boxes() -> (Vec<DVec2>, Vec<DVec2>, Vec<bool>) {
        let mut seed = 7_u64;
        let mut next = move || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (seed >> 11) as f64 / (1_u64 << 53) as f64
        };
        let (mut lo, mut hi, mut fixed) = (vec![], vec![], vec![]);
        for _ in 0..600 {
            let (centre, half) = (DVec2::new(40.0 * next(), 25.0 * next()), 0.3 + 0.6 * next());
            lo.push(centre - half);
            hi.push(centre + half);
            fixed.push(false);
        }
        // A long floor, a short wall, and a block across the wall.
        let walls = [
            (DVec2::new(-5.0, -1.0), DVec2::new(45.0, 0.5)),
            (DVec2::new(-1.0, -1.0), DVec2::new(0.2, 30.0)),
            (DVec2::new(-0.5, 10.0), DVec2::new(3.0, 12.0)),
        ];
        for (l, h) in walls {
            lo.push(l);
            hi.push(h);
            fixed.push(true);
        }
        (lo, hi, fixed)
    }

    #[test]
    fn the_grid_finds_each_overlapping_pair_once() {
        let (lo, hi, fixed) = boxes();
        let mut grid = Grid::default();
        assert!(grid.fill(&lo, &hi, &fixed, 4));
        assert_eq!(grid.large, vec![600], "the floor is too long for the grid's cells, the short wall is not");
        assert!((1..grid.columns * grid.rows).any(|c| grid.wide.of(c).0.len() == 2), "the wall and the block share a cell");
        let mut found = vec![];
        grid.pairs(&lo, &hi, |a, b| found.push((a.min(b), a.max(b))));
        let n = found.len();
        found.sort_unstable();
        found.dedup();
        assert_eq!(found.len(), n, "no pair twice");
        let overlap = |a: usize, b: usize| lo[a].cmple(hi[b]).all() && lo[b].cmple(hi[a]).all();
        let every: Vec<(usize, usize)> =
            (0..lo.len()).flat_map(|a| (a + 1..lo.len()).map(move |b| (a, b))).filter(|&(a, b)| overlap(a, b)).collect();
        assert!(every.len() > 600, "a crowded scene: {} pairs", every.len());
        assert_eq!(found, every);
    }

    /// Forty bodies heaped on one spot, all overlapping: one cell's pairs
    /// are far more than `each_pair` keeps before handing them over.
    #[test]
    fn a_heap_in_one_cell_gives_every_pair_once() {
        let centres: Vec<DVec2> = (0..40).map(|k| DVec2::new(0.005 * k as f64, 0.003 * (k % 7) as f64)).collect();
        let lo: Vec<DVec2> = centres.iter().map(|c| c - 0.5).collect();
        let hi: Vec<DVec2> = centres.iter().map(|c| c + 0.5).collect();
        let mut grid = Grid::default();
        assert!(grid.fill(&lo, &hi, &[false; 40], 0));
        let mut found = vec![];
        grid.pairs(&lo, &hi, |a, b| found.push((a.min(b), a.max(b))));
        assert!(found.len() > 4 * BUFFERED);
        found.sort_unstable();
        let every: Vec<(usize, usize)> = (0..40).flat_map(|a| (a + 1..40).map(move |b| (a, b))).collect();
        assert_eq!(found, every);
    }

    #[test]
    fn the_grid_near_bounds_holds_every_body_they_overlap() {
        let (lo, hi, fixed) = boxes();
        let mut grid = Grid::default();
        assert!(grid.fill(&lo, &hi, &fixed, 4));
        // Bounds partly outside the grid, as a body listed again after a long push.
        let (qlo, qhi) = (DVec2::new(38.0, 20.0), DVec2::new(43.0, 27.0));
        let mut near = vec![];
        grid.near(qlo, qhi, |b| near.push(b));
        let missed: Vec<usize> =
            (0..lo.len()).filter(|&b| qlo.cmple(hi[b]).all() && lo[b].cmple(qhi).all() && !near.contains(&b)).collect();
        assert_eq!(missed, Vec::<usize>::new());
    }

    /// Bodies listed again after the grid was filled are found where they
    /// were listed again: moved across the scene, one to bounds too large for
    /// the cells, and one listed again twice.
    #[test]
    fn the_grid_near_bounds_holds_the_bodies_listed_again() {
        let (mut lo, mut hi, fixed) = boxes();
        let mut grid = Grid::default();
        assert!(grid.fill(&lo, &hi, &fixed, 4));
        let moves = [
            (3, DVec2::new(30.0, 2.0), 0.8),
            (17, DVec2::new(2.0, 22.0), 9.0),
            (40, DVec2::new(10.0, 10.0), 0.5),
            (40, DVec2::new(31.0, 3.0), 0.5),
        ];
        for (b, centre, half) in moves {
            (lo[b], hi[b]) = (centre - half, centre + half);
            grid.listed_again(b, lo[b], hi[b]);
        }
        assert_eq!(grid.moved.large, vec![17]);
        let searches = [(DVec2::new(29.0, 1.0), DVec2::new(32.0, 4.0)), (DVec2::new(1.0, 21.0), DVec2::new(3.0, 23.0))];
        let found: Vec<Vec<usize>> = searches
            .iter()
            .map(|&(qlo, qhi)| {
                let mut near = vec![];
                grid.near(qlo, qhi, |b| near.push(b));
                let missed: Vec<usize> =
                    (0..lo.len()).filter(|&b| qlo.cmple(hi[b]).all() && lo[b].cmple(qhi).all() && !near.contains(&b)).collect();
                assert_eq!(missed, Vec::<usize>::new());
                near
            })
            .collect();
        assert!(found[0].contains(&3) && found[0].contains(&40), "the moved bodies overlap the first search");
        // A fill forgets them.
        assert!(grid.fill(&lo, &hi, &fixed, 4));
        assert!(grid.moved.cells.len() == 0 && grid.moved.large.is_empty());
    }

    #[test]
    fn bodies_too_far_apart_are_left_to_the_sweep() {
        let lo = vec![DVec2::ZERO, DVec2::splat(1e6)];
        let hi = vec![DVec2::ONE, DVec2::splat(1e6 + 1.0)];
        assert!(!Grid::default().fill(&lo, &hi, &[false, false], 0));
    }
}
