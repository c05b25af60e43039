//! The run-time guard. The scene format's ranges keep every number a file can
//! give far from overflow, but a run can still gain energy without end (the
//! texts' uncapped friction multiplies a sliding speed each frame), and a speed
//! that reaches infinity turns into NaN at the next product with zero. So after
//! each frame the states are checked, and a run stops at the first non-finite
//! one, naming the phase that produced it, instead of showing NaN.

use super::{BodyState, FrameRecord};

impl BodyState {
    pub fn is_finite(&self) -> bool {
        self.position.is_finite() && self.angle.is_finite() && self.velocity.is_finite() && self.angular_velocity.is_finite()
    }
}

/// Where a run stopped being finite.
#[derive(Clone, Debug, PartialEq)]
pub struct NonFinite {
    /// The frame whose step produced it.
    pub frame: u64,
    /// The index, in the frame's record, of the first phase that left a body non-finite (none when
    /// the frame ran untraced).
    pub phase: Option<usize>,
    /// The bodies whose state is not finite at the end of the frame.
    pub bodies: Vec<usize>,
}

/// Checks a frame's end states; its phases (empty when the frame ran untraced) name the first
/// phase that left a body non-finite.
pub fn guard(record: &FrameRecord) -> Result<(), NonFinite> {
    let bodies: Vec<usize> = record.end.iter().enumerate().filter(|(_, s)| !s.is_finite()).map(|(i, _)| i).collect();
    if bodies.is_empty() {
        return Ok(());
    }
    let phase = (0..record.phases.len()).find(|&k| record.phases.changes(k).iter().any(|c| !c.after.is_finite()));
    Err(NonFinite { frame: record.frame, phase, bodies })
}
