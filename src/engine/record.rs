//! A frame as the debugger sees it: the state it started from and every phase.

use super::body::{BodyState, Motion};
use super::fast::phases::{PhaseCounts, Phases};
use super::{Settings, StepStats, World, step};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct FrameRecord {
    pub frame: u64,
    pub time: f64,
    pub start: Vec<BodyState>,
    pub phases: Phases,
    pub end: Vec<BodyState>,
}

impl FrameRecord {
    /// Room to make for the next frame's phases: as many as this one had, and
    /// an eighth more (see [`record_frame_expecting`]).
    pub fn room_for_next(&self) -> PhaseCounts {
        self.phases.room_for_next()
    }

    /// About how many bytes the record holds (see [`Phases::bytes`]).
    pub fn bytes(&self) -> usize {
        let states = (self.start.len() + self.end.len()) * std::mem::size_of::<BodyState>();
        std::mem::size_of::<FrameRecord>() - std::mem::size_of::<Phases>() + states + self.phases.bytes()
    }

    /// The bodies' states once phases `0..count` have run: the frame's start with
    /// each phase's recorded changes applied in order. Nothing is re-simulated.
    pub fn state_after(&self, count: usize) -> Vec<BodyState> {
        let mut states = self.start.clone();
        for i in 0..count.min(self.phases.len()) {
            for change in self.phases.changes(i) {
                states[change.body] = change.after;
            }
        }
        states
    }
}

/// Steps the world one frame and keeps everything the step recorded.
pub fn record_frame(world: &mut World, settings: &Settings) -> FrameRecord {
    record_frame_expecting(world, settings, PhaseCounts::default())
}

/// [`record_frame`] with room made for `room` records of each kind at once: a
/// caller that has seen a frame of the run knows roughly how many the next
/// one makes, and spares the lists their regrowth.
pub fn record_frame_expecting(world: &mut World, settings: &Settings, room: PhaseCounts) -> FrameRecord {
    let mut record = FrameRecord { phases: Phases::with_room(room), ..FrameRecord::default() };
    record_frame_into(&mut record, world, settings);
    record
}

/// [`record_frame`] into `record`, a frame read and done with: its lists keep
/// their room, so after the first frame the passes' phases allocate nothing
/// with the texts' settings (what the other phases keep, and what options
/// beyond the texts add to a resolve, is still boxed: see [`Phases`]).
/// Returns what the step counted, as the untraced step does.
pub fn record_frame_into(record: &mut FrameRecord, world: &mut World, settings: &Settings) -> StepStats {
    (record.frame, record.time) = (world.frame, world.time);
    record.start.clear();
    record.start.extend(world.motions.iter().map(Motion::state));
    record.phases.clear();
    let stats = step(world, settings, &mut record.phases);
    record.end.clear();
    record.end.extend(world.motions.iter().map(Motion::state));
    stats
}
