//! The world's totals frame by frame, as far as the run has gone: what the
//! energy chart draws. One point per frame (the totals at its start), taken
//! as the timeline runs frames, whether it records them or only plays them.
//!
//! Memory is bounded: at most [`CAP`] points. When full, every other point
//! goes and from then on only every `stride`-th frame is kept, so the chart of
//! a long run still spans it all, more thinly.

use crate::engine::{Totals, World};

/// Points kept at most: 4,096 × 56 bytes ≈ 230 kB, more than a chart's width.
pub const CAP: usize = 4096;

#[derive(Clone, Debug)]
pub struct Series {
    points: Vec<(u64, Totals)>,
    stride: u64,
}

impl Default for Series {
    fn default() -> Series {
        Series { points: Vec::new(), stride: 1 }
    }
}

impl Series {
    /// Takes the totals at the start of frame `frame`, from `world`, if the
    /// frame is on the stride and beyond the last point (a re-run of earlier
    /// frames adds nothing).
    pub fn take(&mut self, frame: u64, world: &World) {
        self.take_with(frame, || Totals::of_world(world));
    }

    /// The same, the totals worked out only if the point is kept (or already
    /// worked out elsewhere, by a frame played on another thread).
    pub fn take_with(&mut self, frame: u64, totals: impl FnOnce() -> Totals) {
        if !frame.is_multiple_of(self.stride) || self.points.last().is_some_and(|&(f, _)| f >= frame) {
            return;
        }
        if self.points.len() == CAP {
            self.stride *= 2;
            let stride = self.stride;
            self.points.retain(|&(f, _)| f.is_multiple_of(stride));
            if !frame.is_multiple_of(stride) {
                return;
            }
        }
        self.points.push((frame, totals()));
    }

    /// Forgets the points from frame `n` on: an edit there changed them.
    pub fn forget_from(&mut self, n: u64) {
        self.points.retain(|&(f, _)| f < n);
    }

    /// The points, by frame.
    pub fn points(&self) -> &[(u64, Totals)] {
        &self.points
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BodyDef;
    use crate::geometry::Shape;
    use glam::DVec2;

    fn ball() -> World {
        let mut b = BodyDef::dynamic("b", Shape::Circle { radius: 1.0 }, 2.0);
        b.motion.velocity = DVec2::new(3.0, 0.0);
        World::new(vec![b], DVec2::ZERO)
    }

    #[test]
    fn a_long_run_keeps_at_most_cap_points_spanning_it_all() {
        let (mut s, w) = (Series::default(), ball());
        for f in 0..100_000 {
            s.take(f, &w);
        }
        assert!(s.points().len() <= CAP);
        assert_eq!(s.points()[0].0, 0);
        assert!(s.points().last().unwrap().0 > 99_000, "the latest frames are still there");
        // ½·2·3² = 9 J.
        assert_eq!(s.points()[1].1.ke, 9.0);
    }

    #[test]
    fn frames_taken_again_are_ignored_and_an_edit_forgets_what_follows() {
        let (mut s, w) = (Series::default(), ball());
        for f in [0, 1, 2, 1, 2, 3] {
            s.take(f, &w);
        }
        assert_eq!(s.points().iter().map(|p| p.0).collect::<Vec<_>>(), [0, 1, 2, 3]);
        s.forget_from(2);
        s.take(2, &w);
        assert_eq!(s.points().iter().map(|p| p.0).collect::<Vec<_>>(), [0, 1, 2]);
    }
}
