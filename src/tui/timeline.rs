//! The run as the debugger walks it. Recent frames keep their full records, so
//! stepping back inside them is instant (the start state plus each phase's
//! recorded changes). Every `KEYFRAME_EVERY` frames the world at the frame's
//! start is kept, so an evicted frame is rebuilt from the nearest keyframe by
//! re-running at most that many frames: the engine is deterministic.

use crate::engine::{FrameRecord, NoTrace, Settings, World, record_frame, step};
use std::collections::BTreeMap;

const KEYFRAME_EVERY: u64 = 32;
const CACHED_FRAMES: usize = 256;

pub struct Timeline {
    pub settings: Settings,
    /// Worlds at frame starts, by frame: every `KEYFRAME_EVERY`th, and the frame
    /// of each rewrite, so nothing is ever re-run across an edit.
    keyframes: BTreeMap<u64, World>,
    records: BTreeMap<u64, FrameRecord>,
    /// The world at the start of frame `reached`, the first not yet run.
    frontier: World,
    reached: u64,
}

impl Timeline {
    pub fn new(world: World, settings: Settings) -> Timeline {
        Timeline { settings, keyframes: BTreeMap::from([(0, world.clone())]), records: BTreeMap::new(), frontier: world, reached: 0 }
    }

    /// How many frames have been run.
    pub fn reached(&self) -> u64 {
        self.reached
    }

    /// The record of frame `n` (counted from the timeline's start), running or
    /// re-running frames as needed.
    pub fn frame(&mut self, n: u64) -> &FrameRecord {
        if !self.records.contains_key(&n) {
            let record = if n >= self.reached { self.run_to(n) } else { record_frame(&mut self.world_at(n), &self.settings) };
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
        let out = if record {
            Some(record_frame(&mut self.frontier, &self.settings))
        } else {
            step(&mut self.frontier, &self.settings, &mut NoTrace);
            None
        };
        self.reached += 1;
        if self.reached.is_multiple_of(KEYFRAME_EVERY) {
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

    /// The world at the start of frame `n` (n ≤ reached), rebuilt from the
    /// nearest keyframe before it.
    pub fn world_at(&mut self, n: u64) -> World {
        if n > self.reached {
            self.run_to(n - 1);
        }
        if n == self.reached {
            return self.frontier.clone();
        }
        let (&k, world) = self.keyframes.range(..=n).next_back().expect("frame 0 is a keyframe");
        let mut world = world.clone();
        for _ in k..n {
            step(&mut world, &self.settings, &mut NoTrace);
        }
        world
    }

    /// Forgets everything from frame `n` on and continues from `world` (the
    /// state at the start of frame `n`) with `settings`. Earlier frames stay.
    pub fn rewrite_from(&mut self, n: u64, world: World, settings: Settings) {
        self.records.retain(|&k, _| k < n);
        self.keyframes.retain(|&k, _| k < n);
        self.keyframes.insert(n, world.clone());
        self.frontier = world;
        self.reached = n;
        self.settings = settings;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Body;
    use crate::geometry::Shape;
    use glam::DVec2;

    fn falling() -> Timeline {
        let floor = Body::fixed("floor", Shape::Box { size: DVec2::new(10.0, 1.0) });
        let mut ball = Body::dynamic("ball", Shape::Circle { radius: 0.5 }, 1.0).at(DVec2::new(0.0, 3.0));
        ball.restitution = 0.5;
        Timeline::new(World::new(vec![floor, ball], DVec2::new(0.0, -9.8)), Settings::default())
    }

    #[test]
    fn an_evicted_frame_is_rebuilt_identically() {
        let mut t = falling();
        let early = t.frame(40).clone();
        for n in 0..=(CACHED_FRAMES as u64 + 50) {
            t.frame(n); // viewing one frame after another pushes the oldest out
        }
        assert!(!t.records.contains_key(&40));
        assert_eq!(t.frame(40), &early);
    }

    #[test]
    fn a_rewrite_keeps_the_past_and_replaces_the_future() {
        let mut t = falling();
        let before = t.frame(5).clone();
        let mut w = t.world_at(10);
        w.bodies[1].velocity = DVec2::new(3.0, 0.0);
        t.rewrite_from(10, w, Settings::default());
        assert_eq!(t.frame(5), &before);
        assert_eq!(t.frame(10).start[1].velocity, DVec2::new(3.0, 0.0));
    }
}
