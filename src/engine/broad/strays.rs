//! Bodies that left their listings in passes made in levels, and whether the
//! list still held every pair they could have met.
//!
//! In (i, j) order a body is listed again the moment a correction moves it
//! `RELIST_AFTER`·margin from where it was listed, so no pair left out of the
//! list can touch. Passes made in levels cannot list a body again in the
//! middle (the levels were made from the list), so they note where such a
//! body went and go on; once a pass is made, the notes say whether it was
//! made right:
//!
//! - A pair left out of the list has bounds (each body's box around the
//!   places it was listed from, widened by half the margin) that do not
//!   overlap: along x or along y, they are apart.
//! - A body's shape, while it stays within D of one of its places, lies in its
//!   bounds shrunk by margin/2 − D (grown, when D is more than that).
//! - So two bodies whose shrunk bounds do not overlap never touched, at any
//!   moment of the passes, and the literal loop's visit of their pair found
//!   nothing and changed nothing: the passes have the loop's bits.
//!
//! A body with no note stayed within `RELIST_AFTER`·margin all along (each
//! visit that moves a body checks it); a noted one within the farthest of its
//! notes. Only pairs with a noted body can fail the test, and only those that
//! are not listed matter. Most notes are of bodies pushed a little past the
//! limit, whose shrunk bounds still leave a gap to every body not listed with them.

use super::Broad;
use super::record::RELIST_AFTER;
use crate::engine::body::Motion;
use glam::DVec2;

/// A little of the margin, kept between shrunk bounds, far above round-off.
const KEPT_APART: f64 = 0.02;

/// At most one note per this many bodies: a pass that pushes more bodies
/// than that too far for the list is taken to have missed a pair, unweighed
/// (in a pile crushed deeper than its passes can push apart, weighing them
/// found one nearly always), and the threads stop at once.
const NOTES_PER_BODY: usize = 64;

/// A body that stays within this fraction of the relisting limit of the
/// first place it was listed from is not followed: it is taken to have gone
/// that far. (Most visits move their bodies much less; following each costs
/// the 1,000-disc pile's passes about 8 % of their time.)
const UNFOLLOWED: f64 = 0.5;

/// A body a correction moved farther from where it was listed than the list
/// allows, and farther than before in the step: in which pass, and how far (squared).
#[derive(Clone, Copy, Debug)]
struct Stray {
    pass: u32,
    body: u32,
    moved_squared: f64,
}

/// What one thread saw of how far bodies went from where they were listed,
/// in the passes made in levels since the step began or the last pass in
/// order: the farthest each went (squared), and notes of the passes in which
/// one went too far for the list, and farther than before. The notes are
/// bounded: past `room` of them, the pass that would add one is known only as too many.
#[derive(Default)]
pub(in crate::engine) struct Strays {
    far: Vec<f64>,
    seen: Vec<Stray>,
    room: usize,
    /// The first pass with a note that found no room.
    overflowed_in: Option<u32>,
}

impl Strays {
    /// Starts afresh, each body as far from where it was listed as `far` says (squared).
    pub(in crate::engine) fn watch_from(&mut self, far: impl Iterator<Item = f64>) {
        self.far.clear();
        self.far.extend(far);
        self.seen.clear();
        self.room = (self.far.len() / NOTES_PER_BODY).max(64);
        self.overflowed_in = None;
    }

    /// In pass `pass`, body `body` went √`moved` from where it was listed:
    /// kept if farther than before, and noted if also beyond √`beyond`.
    #[inline(always)]
    pub(in crate::engine) fn went(&mut self, pass: usize, body: usize, moved: f64, beyond: f64) {
        let far = &mut self.far[body];
        if moved > *far {
            *far = moved;
            if moved > beyond {
                self.note(Stray { pass: pass as u32, body: body as u32, moved_squared: moved });
            }
        }
    }

    fn note(&mut self, stray: Stray) {
        if self.seen.len() < self.room {
            self.seen.push(stray);
        } else {
            self.overflowed_in.get_or_insert(stray.pass);
        }
    }

    /// Whether more bodies went too far for the list than are noted.
    pub(in crate::engine) fn overflowed(&self) -> bool {
        self.overflowed_in.is_some()
    }

    /// Whether no body went too far for the list.
    pub(in crate::engine) fn is_empty(&self) -> bool {
        self.seen.is_empty() && self.overflowed_in.is_none()
    }

    /// The passes with notes, as bits (pass p: bit p, the last bit for
    /// passes beyond it).
    pub(in crate::engine) fn passes_noted(&self) -> u64 {
        self.seen.iter().fold(0, |bits, s| bits | 1 << s.pass.min(63))
    }

    /// How far body `c` went, squared, as the threads saw it.
    fn farthest_of(seen: [&Strays; 2], c: usize) -> f64 {
        seen[0].far[c].max(seen[1].far[c])
    }

    /// How many bodies went beyond √`beyond` from where they were listed.
    pub(in crate::engine) fn count_beyond(seen: [&Strays; 2], beyond: f64) -> usize {
        (0..seen[0].far.len()).filter(|&c| Strays::farthest_of(seen, c) > beyond).count()
    }
}

impl Broad {
    /// How far a body must go from where it was listed, squared, to be noted.
    #[inline(always)]
    pub(in crate::engine) fn stray_beyond_squared(&self) -> f64 {
        self.relist_beyond_squared()
    }

    /// How far body `body`, standing at `x`, is from the nearer place it was
    /// listed from, squared.
    #[inline(always)]
    pub(in crate::engine) fn moved_squared_at(&self, body: usize, x: DVec2) -> f64 {
        let [p, q] = self.listed_at[body];
        x.distance_squared(p).min(x.distance_squared(q))
    }

    /// [`Self::moved_squared_at`], where it is followed: beyond the
    /// `UNFOLLOWED` part of the limit.
    #[inline(always)]
    pub(in crate::engine) fn followed_at(&self, body: usize, x: DVec2) -> Option<f64> {
        let unfollowed = self.unfollowed_squared();
        let [p, q] = self.listed_at[body];
        let first = x.distance_squared(p);
        if first <= unfollowed {
            return None;
        }
        let moved = first.min(x.distance_squared(q));
        (moved > unfollowed).then_some(moved)
    }

    fn unfollowed_squared(&self) -> f64 {
        self.relist_beyond_squared() * (UNFOLLOWED * UNFOLLOWED)
    }

    /// The first pass after which the list may have missed a pair that
    /// touched (see the module's notes), given what two threads saw of how
    /// far bodies went; none when every pass was made right.
    pub(in crate::engine) fn first_pass_missed(&self, notes: [&Strays; 2], farthest: &mut Vec<(usize, f64)>) -> Option<usize> {
        let overflowed = notes.iter().filter_map(|n| n.overflowed_in).min().map(|p| p as usize);
        let last = notes.iter().flat_map(|n| n.seen.iter().map(|s| s.pass as usize)).max()?;
        if self.misses(notes, last, farthest) {
            // The first pass whose notes, with those before, fail.
            let first = (1..=last).find(|&pass| self.misses(notes, pass, farthest)).unwrap_or(last);
            return Some(overflowed.map_or(first, |o| o.min(first)));
        }
        overflowed
    }

    /// Whether, after pass `through`, some pair not listed may have touched.
    fn misses(&self, notes: [&Strays; 2], through: usize, farthest: &mut Vec<(usize, f64)>) -> bool {
        let limit = self.margin * RELIST_AFTER;
        // Each body noted by then once, with the farthest it had gone.
        farthest.clear();
        farthest
            .extend(notes.iter().flat_map(|n| &n.seen).filter(|s| s.pass as usize <= through).map(|s| (s.body as usize, s.moved_squared)));
        farthest.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)));
        farthest.dedup_by_key(|s| s.0);
        // Any other body went no farther than it had at the end, or than it
        // is followed from (and than the limit, if noted only later).
        let went = |c: usize| match farthest.binary_search_by_key(&c, |s| s.0) {
            Ok(k) => farthest[k].1.sqrt(),
            Err(_) => Strays::farthest_of(notes, c).max(self.unfollowed_squared()).sqrt().min(limit),
        };
        // A body's bounds shrunk to where its shape stayed, a little of the margin kept apart.
        let shrunk = |c: usize, went: f64| {
            let by = DVec2::splat(self.margin * (0.5 - KEPT_APART) - went);
            (self.lo[c] + by, self.hi[c] - by)
        };
        // Bodies that went past half the margin reach beyond their bounds: a
        // search around a body reaches that much farther to find them.
        let beyond = farthest.iter().map(|s| s.1.sqrt() - self.margin / 2.0).fold(0.0, f64::max);
        for &(b, _) in farthest.iter() {
            let (lo, hi) = shrunk(b, went(b));
            let mut missed = false;
            let mut meet = |c: usize| {
                if c == b || (self.fixed[b] && self.fixed[c]) || missed {
                    return;
                }
                let (c_lo, c_hi) = shrunk(c, went(c));
                if lo.cmple(c_hi).all() && c_lo.cmple(hi).all() {
                    missed = self.partners(b.min(c)).binary_search(&b.max(c)).is_err();
                }
            };
            let (around_lo, around_hi) = (lo - DVec2::splat(beyond), hi + DVec2::splat(beyond));
            if self.in_grid {
                // As listing a body again looks.
                self.grid.near(around_lo, around_hi, &mut meet);
            } else {
                (0..self.lo.len()).for_each(&mut meet);
            }
            if missed {
                return true;
            }
        }
        false
    }

    /// Lists again, where they stand, the bodies too far from where they
    /// were listed, so that a pass in (i, j) order may follow: that order
    /// lists a body again the moment it goes that far.
    pub(in crate::engine) fn list_strays_again(&mut self, motions: &[Motion], pass: usize) {
        for body in 0..motions.len() {
            if self.moved_squared(motions, body) > self.relist_beyond_squared() {
                let moved = self.moved(motions, body);
                let why = super::Relisted { body, moved, pair: (body, body) };
                self.relist_or_build(motions, pass, why, &mut crate::engine::NoTrace);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BodyDef, NoTrace, World};
    use crate::geometry::Shape;

    /// Unit discs B at x = 0 and C at 3.1, listed apart (the margin is 0.5 m:
    /// their bounds leave 0.6 m between them). B went 0.95 m toward C, past
    /// the limit (0.2 m); they meet once C has come 0.15 m toward B. C went
    /// less than the limit, so it is not noted, but how far it went counts.
    #[test]
    fn a_body_not_noted_counts_as_far_as_it_went() {
        let disc = |x: f64| BodyDef::dynamic("d", Shape::Circle { radius: 1.0 }, 1.0).at(DVec2::new(x, 0.0));
        let World { bodies, motions, .. } = World::new(vec![disc(0.0), disc(3.1)], DVec2::ZERO);
        let mut broad = Broad::default();
        broad.start_frame(&bodies, &motions, &mut NoTrace);
        assert_eq!((broad.margin, broad.partners(0)), (0.5, &[][..]), "B–C is left out");
        let beyond = broad.stray_beyond_squared();
        let watched = |c_went: f64| {
            let mut seen = [Strays::default(), Strays::default()];
            seen.iter_mut().for_each(|s| s.watch_from([0.0, 0.0].into_iter()));
            seen[0].went(1, 0, 0.95 * 0.95, beyond);
            seen[0].went(1, 1, c_went * c_went, beyond);
            assert_eq!(seen[0].seen.len(), 1, "only B is noted");
            broad.first_pass_missed([&seen[0], &seen[1]], &mut Vec::new())
        };
        // 0.95 + 0.1 m (a body is taken to have gone as far as it is followed from) < 1.1 m: apart.
        assert_eq!(watched(0.05), None);
        // 0.95 + 0.18 m ≥ 1.1 m: they may have met.
        assert_eq!(watched(0.18), Some(1));
    }
}
