//! The run as the debugger walks it, edits included.
//!
//! A run is its *starts*: the world and settings the user set at the start of
//! some frames (frame 0 is the scene; every edit adds one). Everything else
//! follows from them, because the engine is deterministic, so what is kept
//! beyond them is only a cache: recent frames keep their full records, so
//! stepping back inside them is instant, and every `KEYFRAME_EVERY` frames the
//! world is kept, so an evicted frame is rebuilt by re-running at most that
//! many frames. Undo swaps starts back; nothing else needs remembering.

use crate::engine::{Body, FrameRecord, NoTrace, Settings, World, record_frame, step};
use std::collections::BTreeMap;

const KEYFRAME_EVERY: u64 = 32;
const CACHED_FRAMES: usize = 256;

/// The world at the start of a frame and the settings it runs with from there.
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    pub world: World,
    pub settings: Settings,
}

/// The starts from some frame on: what an edit replaces and what undo puts back.
pub type Starts = BTreeMap<u64, Start>;

pub struct Timeline {
    starts: Starts,
    /// Starts of frames, every `KEYFRAME_EVERY`th and every one in `starts`,
    /// so a re-run never crosses an edit.
    keyframes: BTreeMap<u64, Start>,
    records: BTreeMap<u64, FrameRecord>,
    /// The start of frame `reached`, the first not yet run.
    frontier: Start,
    reached: u64,
}

impl Timeline {
    pub fn new(world: World, settings: Settings) -> Timeline {
        let start = Start { world, settings };
        Timeline {
            starts: BTreeMap::from([(0, start.clone())]),
            keyframes: BTreeMap::from([(0, start.clone())]),
            records: BTreeMap::new(),
            frontier: start,
            reached: 0,
        }
    }

    /// How many frames have been run.
    pub fn reached(&self) -> u64 {
        self.reached
    }

    /// The start set by the user that frame `n` runs under.
    fn governing(&self, n: u64) -> &Start {
        self.starts.range(..=n).next_back().map(|(_, s)| s).expect("frame 0 has a start")
    }

    /// The settings frame `n` runs with.
    pub fn settings(&self, n: u64) -> &Settings {
        &self.governing(n).settings
    }

    /// The bodies of frame `n` as defined (shape, mass, name …); their motion
    /// is in the frame's record. Only an edit changes them.
    pub fn bodies(&self, n: u64) -> &[Body] {
        &self.governing(n).world.bodies
    }

    /// The record of frame `n`, running or re-running frames as needed.
    pub fn frame(&mut self, n: u64) -> &FrameRecord {
        if !self.records.contains_key(&n) {
            let record = if n >= self.reached {
                self.run_to(n)
            } else {
                let mut start = self.start(n);
                record_frame(&mut start.world, &start.settings)
            };
            if self.records.len() >= CACHED_FRAMES {
                // Drop the cached frame furthest from where the user is looking.
                let far = *self.records.keys().max_by_key(|&&k| k.abs_diff(n)).expect("cache is full");
                self.records.remove(&far);
            }
            self.records.insert(n, record);
        }
        &self.records[&n]
    }

    /// The record of frame `n` if it is at hand, for a view that must not run anything.
    pub fn cached(&self, n: u64) -> Option<&FrameRecord> {
        self.records.get(&n)
    }

    fn advance_frontier(&mut self, record: bool) -> Option<FrameRecord> {
        let Start { world, settings } = &mut self.frontier;
        let out = if record {
            Some(record_frame(world, settings))
        } else {
            step(world, settings, &mut NoTrace);
            None
        };
        self.reached += 1;
        if let Some(start) = self.starts.get(&self.reached) {
            self.frontier = start.clone();
        } else if self.reached.is_multiple_of(KEYFRAME_EVERY) {
            self.keyframes.insert(self.reached, self.frontier.clone());
        }
        out
    }

    fn run_to(&mut self, n: u64) -> FrameRecord {
        while self.reached < n {
            self.advance_frontier(false);
        }
        self.advance_frontier(true).expect("recorded")
    }

    /// The start of frame `n`, rebuilt from the nearest keyframe before it.
    pub fn start(&mut self, n: u64) -> Start {
        while self.reached < n {
            self.advance_frontier(false);
        }
        if n == self.reached {
            return self.frontier.clone();
        }
        let (&k, start) = self.keyframes.range(..=n).next_back().expect("frame 0 is a keyframe");
        let mut start = start.clone();
        for _ in k..n {
            step(&mut start.world, &start.settings, &mut NoTrace);
        }
        start
    }

    /// The starts from frame `n` on.
    pub fn starts_from(&self, n: u64) -> Starts {
        self.starts.range(n..).map(|(&k, s)| (k, s.clone())).collect()
    }

    /// Replaces the starts from frame `n` on with `starts` (all at frames ≥ n)
    /// and forgets what was run from `n` on. Earlier frames stay as they were.
    pub fn replace_from(&mut self, n: u64, starts: Starts) {
        debug_assert!(starts.keys().all(|&k| k >= n));
        self.records.retain(|&k, _| k < n);
        self.keyframes.retain(|&k, _| k < n);
        self.starts.retain(|&k, _| k < n);
        self.keyframes.extend(starts.iter().map(|(&k, s)| (k, s.clone())));
        self.starts.extend(starts);
        if self.reached >= n {
            let (&k, start) = self.keyframes.range(..=n).next_back().expect("frame 0 is a keyframe");
            (self.reached, self.frontier) = (k, start.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Body, Tangent};
    use crate::geometry::Shape;
    use glam::DVec2;

    fn falling() -> Timeline {
        let floor = Body::fixed("floor", Shape::Box { size: DVec2::new(10.0, 1.0) });
        let mut ball = Body::dynamic("ball", Shape::Circle { radius: 0.5 }, 1.0).at(DVec2::new(0.0, 3.0));
        ball.restitution = 0.5;
        Timeline::new(World::new(vec![floor, ball], DVec2::new(0.0, -9.8)), Settings::default())
    }

    fn edit(t: &mut Timeline, n: u64, change: impl FnOnce(&mut Start)) -> Starts {
        let before = t.starts_from(n);
        let mut start = t.start(n);
        change(&mut start);
        t.replace_from(n, Starts::from([(n, start)]));
        before
    }

    fn view_many(t: &mut Timeline) {
        for n in 0..=(CACHED_FRAMES as u64 + 50) {
            t.frame(n); // viewing one frame after another pushes the oldest out
        }
    }

    #[test]
    fn an_evicted_frame_is_rebuilt_identically() {
        let mut t = falling();
        let early = t.frame(40).clone();
        view_many(&mut t);
        assert!(!t.records.contains_key(&40));
        assert_eq!(t.frame(40), &early);
    }

    #[test]
    fn an_edit_keeps_the_past_and_replaces_the_future() {
        let mut t = falling();
        let before = t.frame(5).clone();
        edit(&mut t, 10, |s| s.world.bodies[1].velocity = DVec2::new(3.0, 0.0));
        assert_eq!(t.frame(5), &before);
        assert_eq!(t.frame(10).start[1].velocity, DVec2::new(3.0, 0.0));
    }

    #[test]
    fn frames_before_a_settings_edit_rerun_with_their_own_settings() {
        let mut t = falling();
        let early = t.frame(3).clone();
        edit(&mut t, 40, |s| s.settings.tangent = Tangent::RotatedNormal);
        view_many(&mut t);
        assert!(!t.records.contains_key(&3));
        assert_eq!(t.frame(3), &early);
        assert_eq!(t.settings(3).tangent, Tangent::Projected);
        assert_eq!(t.settings(40).tangent, Tangent::RotatedNormal);
    }

    #[test]
    fn undoing_an_earlier_edit_brings_back_a_later_one() {
        let mut t = falling();
        edit(&mut t, 20, |s| s.world.bodies[1].velocity = DVec2::new(2.0, 0.0));
        let with_late_edit = t.frame(60).clone();
        let before = edit(&mut t, 10, |s| s.world.bodies[1].position.x = -3.0);
        assert_ne!(t.frame(60), &with_late_edit);
        t.replace_from(10, before);
        assert_eq!(t.frame(60), &with_late_edit);
        assert_eq!(t.frame(20).start[1].velocity, DVec2::new(2.0, 0.0));
    }

    #[test]
    fn bodies_follow_the_edit_that_governs_a_frame() {
        let mut t = falling();
        edit(&mut t, 7, |s| s.world.bodies.push(Body::dynamic("new", Shape::Circle { radius: 0.2 }, 1.0)));
        assert_eq!(t.bodies(6).len(), 2);
        assert_eq!(t.bodies(7).len(), 3);
        assert_eq!(t.frame(8).start.len(), 3);
    }
}
