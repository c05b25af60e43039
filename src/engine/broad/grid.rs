//! Which listed bounds overlap, found through a grid of square cells.
//!
//! Sweeping along x alone tests every pair whose bounds overlap in x: in a
//! pile, a whole column of bodies each. The column grows with the pile, so a
//! build of the list cost more per body the more bodies there were (at 4,000
//! piled discs the builds took half the step). A grid with cells as wide as
//! the widest moving body's bounds tests each body against the few in the
//! cells its bounds cover.
//!
//! A pair is found once, in the cell that holds the lower-left corner of
//! where its two bounds overlap: that point lies in both, so both are in
//! that cell. A body whose bounds cover many cells (a long wall) is kept out of
//! the grid and tested against every body, as few bodies are that large.

use glam::DVec2;

/// A body whose bounds cover more cells than this is tested against every
/// body instead of being put in each of its cells.
const MOST_CELLS_A_BODY: usize = 16;

/// The grid is used when it needs no more cells than this many per body;
/// bodies spread far apart (one far from the rest) would need a vast grid,
/// and are swept along x instead.
const MOST_CELLS_PER_BODY: usize = 8;

/// A body's bounds as a cell holds them.
#[derive(Clone, Copy, Default)]
struct Entry {
    lo: DVec2,
    hi: DVec2,
    /// The column and row of the cell that holds `lo`.
    corner: [u32; 2],
}

/// The bodies in each cell, and those too large for any.
#[derive(Default)]
pub(super) struct Grid {
    origin: DVec2,
    cell: f64,
    columns: usize,
    rows: usize,
    /// The bodies in cell c: `bodies[starts[c]..starts[c + 1]]`, ascending.
    starts: Vec<u32>,
    bodies: Vec<u32>,
    /// Beside each entry of `bodies`: that body's bounds and the cell of
    /// their lower-left corner, so a cell's pairs are tested from memory laid
    /// out in a row rather than gathered body by body.
    entries: Vec<Entry>,
    /// Where each cell's next body goes, while filling.
    next: Vec<u32>,
    /// The bodies in no cell: too large for one, tested against all.
    pub(super) large: Vec<usize>,
}

impl Grid {
    /// Puts every body in the cells its bounds cover, with cells as wide as
    /// the widest bounds of a body that is not large; false, and nothing
    /// kept, when the grid would need too many cells for these bodies.
    pub(super) fn fill(&mut self, lo: &[DVec2], hi: &[DVec2], fixed: &[bool]) -> bool {
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
        // Room for the most cells these bodies may take, and for each in a few
        // of them, once: a pile that spreads does not grow the lists frame by frame.
        let most = MOST_CELLS_PER_BODY * n.max(1) + 1;
        for list in [&mut self.starts, &mut self.next] {
            list.reserve(most.saturating_sub(list.len()));
        }
        self.bodies.reserve((4 * n).saturating_sub(self.bodies.len()));
        self.entries.reserve((4 * n).saturating_sub(self.entries.len()));
        // Count each cell's bodies, then place them: a counting sort by cell.
        self.large.clear();
        self.starts.clear();
        self.starts.resize(self.columns * self.rows + 1, 0);
        for b in 0..n {
            match self.span(lo[b], hi[b]) {
                Some(span) => span.for_each(|c| self.starts[c + 1] += 1),
                None => self.large.push(b),
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
        for b in 0..n {
            if let Some(span) = self.span(lo[b], hi[b]) {
                let (column, row) = self.column_row(lo[b]);
                let entry = Entry { lo: lo[b], hi: hi[b], corner: [column as u32, row as u32] };
                span.for_each(|c| {
                    let at = self.next[c] as usize;
                    (self.bodies[at], self.entries[at]) = (b as u32, entry);
                    self.next[c] += 1;
                });
            }
        }
        true
    }

    /// Each pair of bodies whose bounds overlap, once: `found(a, b)`.
    pub(super) fn pairs(&self, lo: &[DVec2], hi: &[DVec2], mut found: impl FnMut(usize, usize)) {
        let overlap = |a: usize, b: usize| lo[a].cmple(hi[b]).all() && lo[b].cmple(hi[a]).all();
        for c in 0..self.columns * self.rows {
            let cell = [(c % self.columns) as u32, (c / self.columns) as u32];
            let (start, end) = (self.starts[c] as usize, self.starts[c + 1] as usize);
            let (bodies, entries) = (&self.bodies[start..end], &self.entries[start..end]);
            for (k, a) in entries.iter().enumerate() {
                for (m, b) in entries.iter().enumerate().skip(k + 1) {
                    // The corner of the overlap is the larger of the two
                    // corners, and its cell the larger of their cells, axis by
                    // axis (a cell's column and row grow with x and y).
                    let corner = [a.corner[0].max(b.corner[0]), a.corner[1].max(b.corner[1])];
                    if a.lo.cmple(b.hi).all() && b.lo.cmple(a.hi).all() && corner == cell {
                        found(bodies[k] as usize, bodies[m] as usize);
                    }
                }
            }
        }
        for (k, &a) in self.large.iter().enumerate() {
            for b in 0..lo.len() {
                // Two large bodies meet once, when the earlier in `large` is
                // `a` (`large` is in body order, as the bodies were put in).
                let later_large = self.large[..=k].binary_search(&b).is_ok();
                if b != a && !later_large && overlap(a, b) {
                    found(a, b);
                }
            }
        }
    }

    /// Every body in the cells the bounds `lo`–`hi` cover, and every large
    /// body (some more than once).
    pub(super) fn near(&self, lo: DVec2, hi: DVec2, mut found: impl FnMut(usize)) {
        let (first, last) = (self.column_row(lo), self.column_row(hi));
        for row in first.1..=last.1 {
            for column in first.0..=last.0 {
                let c = row * self.columns + column;
                self.bodies[self.starts[c] as usize..self.starts[c + 1] as usize].iter().for_each(|&b| found(b as usize));
            }
        }
        self.large.iter().for_each(|&b| found(b));
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
        for (l, h) in [(DVec2::new(-5.0, -1.0), DVec2::new(45.0, 0.5)), (DVec2::new(-1.0, -1.0), DVec2::new(0.2, 30.0))] {
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
        assert!(grid.fill(&lo, &hi, &fixed));
        assert_eq!(grid.large, vec![600], "the floor is too long for the grid's cells, the short wall is not");
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

    #[test]
    fn the_grid_near_bounds_holds_every_body_they_overlap() {
        let (lo, hi, fixed) = boxes();
        let mut grid = Grid::default();
        assert!(grid.fill(&lo, &hi, &fixed));
        // Bounds partly outside the grid, as a body listed again after a long push.
        let (qlo, qhi) = (DVec2::new(38.0, 20.0), DVec2::new(43.0, 27.0));
        let mut near = vec![];
        grid.near(qlo, qhi, |b| near.push(b));
        let missed: Vec<usize> =
            (0..lo.len()).filter(|&b| qlo.cmple(hi[b]).all() && lo[b].cmple(qhi).all() && !near.contains(&b)).collect();
        assert_eq!(missed, Vec::<usize>::new());
    }

    #[test]
    fn bodies_too_far_apart_are_left_to_the_sweep() {
        let lo = vec![DVec2::ZERO, DVec2::splat(1e6)];
        let hi = vec![DVec2::ONE, DVec2::splat(1e6 + 1.0)];
        assert!(!Grid::default().fill(&lo, &hi, &[false, false]));
    }
}
