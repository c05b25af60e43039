//! Where the summed impulses of the contact points live between visits.
//!
//! A pass visits each touching point once and reads and writes its sums; at
//! 30 passes that is tens of thousands of look-ups a frame. The points are
//! kept in lists by the handle slot of their pair's first body
//! ([`Chains`]). A look-up walks its first body's list: the few points of its
//! pairs, most of them in the cache already, since the visits before it in
//! (i, j) order were of the same body.

use super::Sums;
use crate::engine::chains::Chains;
use crate::engine::handle::BodyHandle;
use crate::geometry::Feature;

/// A contact point: the pair, by handle, and the parts of the two shapes that
/// made it. Handles, not places: a body added or removed by an edit moves the
/// others' places, and their contacts stay theirs.
pub(in crate::engine) type Key = (BodyHandle, BodyHandle, Feature);

/// The sums of every contact point of the last frame and this one. Part of the
/// world's state: the next frame starts from them. The warm phase sorts the
/// keys, so they come in the same (pair, feature) order on every run.
#[derive(Clone, Debug, Default)]
pub struct ContactMemory {
    /// The points, in the order first found, listed by their first body's slot.
    points: Chains<Point>,
    /// How many points are not forgotten.
    live: usize,
}

#[derive(Clone, Copy, Debug)]
struct Point {
    key: Key,
    sums: Sums,
    /// Forgotten in this frame: left in place until the frame ends, so the lists hold.
    gone: bool,
}

impl ContactMemory {
    /// Where the point `key` is, forgotten or not.
    #[inline]
    fn find(&self, key: Key) -> Option<usize> {
        self.points.list(key.0.slot()).find(|(_, p)| p.key == key).map(|(at, _)| at)
    }

    /// A point not forgotten, by where it is.
    fn live_at(&self, key: Key) -> Option<usize> {
        self.find(key).filter(|&at| !self.points.get(at).gone)
    }

    /// The point `key` holds `sums` from now on: where it was, or new.
    fn put(&mut self, key: Key, sums: Sums) -> usize {
        if let Some(at) = self.find(key) {
            let point = self.points.get_mut(at);
            self.live += usize::from(point.gone);
            (point.sums, point.gone) = (sums, false);
            return at;
        }
        self.live += 1;
        self.points.push(key.0.slot(), Point { key, sums, gone: false })
    }

    /// Keeps the points `keep` says to.
    fn retain(&mut self, keep: impl Fn(&Point) -> bool) {
        self.points.retain(|p| !p.gone && keep(p), |p| p.key.0.slot());
        self.live = self.points.len();
    }

    fn live(&self) -> impl Iterator<Item = &Point> {
        self.points.items().filter(|p| !p.gone)
    }

    /// The contacts of `frame − 1` whose bodies are in the world, with their
    /// places: those the warm phase may start from, in scene order (the
    /// bodies' places, then the feature).
    pub(in crate::engine) fn of_last_frame(&self, frame: u64, place: impl Fn(BodyHandle) -> Option<usize>) -> Vec<(usize, usize, Key)> {
        let last = self.live().filter(|p| p.sums.frame + 1 == frame);
        let mut keys: Vec<_> = last.filter_map(|p| Some((place(p.key.0)?, place(p.key.1)?, p.key))).collect();
        keys.sort_unstable_by_key(|&(a, b, k)| (a, b, k.2));
        keys
    }

    /// Forgets the contacts this frame did not touch.
    pub(in crate::engine) fn end_frame(&mut self, frame: u64) {
        self.retain(|p| p.sums.frame == frame);
    }

    pub(in crate::engine) fn forget(&mut self, key: Key) {
        if let Some(at) = self.live_at(key) {
            self.points.get_mut(at).gone = true;
            self.live -= 1;
        }
    }

    /// Forgets the contacts of a body that left the world.
    pub(in crate::engine) fn forget_body(&mut self, gone: BodyHandle) {
        self.retain(|p| p.key.0 != gone && p.key.1 != gone);
    }

    /// The sums of the pair's contact point that `feature` made.
    pub fn get(&self, a: BodyHandle, b: BodyHandle, feature: Feature) -> Option<&Sums> {
        self.live_at((a, b, feature)).map(|at| &self.points.get(at).sums)
    }

    /// Every remembered point of the pair (a, b), in feature order.
    pub fn of_pair(&self, a: BodyHandle, b: BodyHandle) -> Vec<(Feature, Sums)> {
        let mut points: Vec<_> = self.live().filter(|p| (p.key.0, p.key.1) == (a, b)).map(|p| (p.key.2, p.sums)).collect();
        points.sort_unstable_by_key(|(f, _)| *f);
        points
    }

    /// About how many bytes the memory holds, for the caches that keep worlds.
    pub fn bytes(&self) -> usize {
        self.points.bytes()
    }

    pub fn len(&self) -> usize {
        self.live
    }

    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Where the sums a visit moves are: this frame's if the point was
    /// visited (or warmed) already, else fresh ones at `p` along `n`, with
    /// vrn₀ = `vrn()`. Good for [`Self::sums`] until the memory is next changed.
    #[inline]
    pub(in crate::engine) fn point_for(
        &mut self,
        key: Key,
        frame: u64,
        (n, p): (glam::DVec2, glam::DVec2),
        vrn: impl Fn() -> f64,
    ) -> usize {
        match self.find(key) {
            Some(at) if !self.points.get(at).gone && self.points.get(at).sums.frame == frame => at,
            _ => self.put(key, Sums { frame, jn: 0.0, jt: 0.0, n, p, vrn0: vrn() }),
        }
    }

    /// The sums of the point [`Self::point_for`] gave.
    #[inline]
    pub(in crate::engine) fn sums(&self, at: usize) -> &Sums {
        &self.points.get(at).sums
    }

    /// [`Self::sums`], to change.
    #[inline]
    pub(in crate::engine) fn sums_at(&mut self, at: usize) -> &mut Sums {
        &mut self.points.get_mut(at).sums
    }

    pub(in crate::engine) fn keep(&mut self, key: Key, sums: Sums) {
        self.put(key, sums);
    }
}

/// Two memories are the same if they remember the same points with the same
/// sums, whatever order they found them in.
impl PartialEq for ContactMemory {
    fn eq(&self, other: &ContactMemory) -> bool {
        self.live == other.live && self.live().all(|p| other.get(p.key.0, p.key.1, p.key.2) == Some(&p.sums))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::handle::Handles;
    use glam::DVec2;

    fn sums(frame: u64, jn: f64) -> Sums {
        Sums { frame, jn, jt: 0.0, n: DVec2::Y, p: DVec2::ZERO, vrn0: 0.0 }
    }

    #[test]
    fn points_are_found_forgotten_and_kept_across_frames_by_their_key() {
        let h = Handles::first(4);
        let [a, b, c, d] = [0, 1, 2, 3].map(|i| h.all()[i]);
        let one = Feature::ROUND;
        let mut memory = ContactMemory::default();
        let ab = memory.point_for((a, b, one), 1, (DVec2::Y, DVec2::ZERO), || 2.0);
        memory.sums_at(ab).jn = -1.0;
        memory.keep((a, c, one), sums(1, -2.0));
        memory.keep((c, d, one), sums(1, -3.0));
        memory.keep((b, d, one), sums(0, -4.0));
        // The same key again is the same point; another frame's is made fresh.
        assert_eq!(memory.point_for((a, b, one), 1, (DVec2::X, DVec2::ONE), || 9.0), ab);
        assert_eq!(memory.get(a, b, one).map(|s| (s.jn, s.vrn0)), Some((-1.0, 2.0)));
        let bd = memory.point_for((b, d, one), 1, (DVec2::X, DVec2::ONE), || 9.0);
        assert_eq!(memory.sums(bd).jn, 0.0);
        assert_eq!(memory.get(b, a, one), None, "a pair's bodies come in order");
        assert_eq!(memory.len(), 4);

        memory.forget((a, c, one));
        assert_eq!((memory.get(a, c, one), memory.len()), (None, 3));
        assert_eq!(memory.get(a, b, one).map(|s| s.jn), Some(-1.0), "its chain still holds");
        memory.keep((a, c, one), sums(2, -5.0));
        assert_eq!((memory.get(a, c, one).map(|s| s.jn), memory.len()), (Some(-5.0), 4));

        let places = |x: BodyHandle| h.place(x);
        let last: Vec<_> = memory.of_last_frame(2, places).into_iter().map(|(i, j, _)| (i, j)).collect();
        assert_eq!(last, [(0, 1), (1, 3), (2, 3)]);
        memory.end_frame(1);
        assert_eq!(memory.len(), 3, "the point of frame 2 is forgotten");
        memory.forget_body(d);
        assert_eq!(memory.len(), 1);
        assert_eq!(memory.get(a, b, one).map(|s| s.jn), Some(-1.0));

        let mut again = ContactMemory::default();
        again.keep((a, b, one), *memory.get(a, b, one).unwrap());
        assert_eq!(again, memory, "the same points in another order");
    }
}
