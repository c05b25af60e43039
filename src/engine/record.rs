//! A frame as the debugger sees it: the state it started from and every phase.

use super::body::BodyState;
use super::trace::Phase;
use super::{Settings, World, step};

#[derive(Clone, Debug, PartialEq)]
pub struct FrameRecord {
    pub frame: u64,
    pub time: f64,
    pub start: Vec<BodyState>,
    pub phases: Vec<Phase>,
    pub end: Vec<BodyState>,
}

impl FrameRecord {
    /// Room to make for the next frame's phases: as many as this one had, and
    /// an eighth more (see [`record_frame_expecting`]).
    pub fn room_for_next(&self) -> usize {
        self.phases.len() + self.phases.len() / 8
    }

    /// About how many bytes the record holds (see [`Phase::bytes`]).
    pub fn bytes(&self) -> usize {
        let states = (self.start.len() + self.end.len()) * std::mem::size_of::<BodyState>();
        std::mem::size_of::<FrameRecord>() + states + self.phases.iter().map(Phase::bytes).sum::<usize>()
    }

    /// The bodies' states once phases `0..count` have run: the frame's start with
    /// each phase's recorded changes applied in order. Nothing is re-simulated.
    pub fn state_after(&self, count: usize) -> Vec<BodyState> {
        let mut states = self.start.clone();
        for phase in &self.phases[..count.min(self.phases.len())] {
            for change in phase.changes() {
                states[change.body] = change.after;
            }
        }
        states
    }
}

/// Steps the world one frame and keeps everything the step recorded.
pub fn record_frame(world: &mut World, settings: &Settings) -> FrameRecord {
    record_frame_expecting(world, settings, 0)
}

/// [`record_frame`] with room made for about `phases` records at once: a
/// caller that has seen a frame of the run knows roughly how many the next
/// one makes, and spares the list its regrowth.
pub fn record_frame_expecting(world: &mut World, settings: &Settings, phases: usize) -> FrameRecord {
    let (frame, time, start) = (world.frame, world.time, world.states());
    let mut records = Vec::with_capacity(phases);
    step(world, settings, &mut records);
    FrameRecord { frame, time, start, phases: records, end: world.states() }
}
