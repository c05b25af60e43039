//! Actions: what a scene does to a body at given frames (the rigid-body blog's ways to
//! set a body turning), applied at the start of the frame's forces phase.
//!
//! A force F through the world point `at` also turns the body: the torque is
//! τ = r × F with r = at − x, so only the part of F across the arm turns it
//! (for a horizontal F that is the arm's vertical offset). Held for a frame,
//! F and τ change v by F/m·dt and ω by τ/I·dt; an impulse J through `at`
//! changes them at once, by J/m and (r × J)/I, and an angular impulse L by L/I.
//! A set velocity replaces v, as a shot does.

use super::body::{Body, Motion};
use glam::DVec2;

#[derive(Clone, Debug, PartialEq)]
pub struct Action {
    /// The first frame it acts in.
    pub frame: u64,
    /// The body, by index.
    pub body: usize,
    pub kind: ActionKind,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ActionKind {
    /// Held for `frames` frames; `at` is a world point (none: the centre).
    Force {
        force: DVec2,
        at: Option<DVec2>,
        frames: u64,
    },
    Torque {
        torque: f64,
        frames: u64,
    },
    Impulse {
        impulse: DVec2,
        at: Option<DVec2>,
    },
    AngularImpulse(f64),
    /// Sets the velocity (m/s).
    Velocity(DVec2),
}

/// The actions of a world that starts at frame `now`, as a scene file that
/// starts there must say them: those over are gone, the others count their
/// frames from `now`, and one under way keeps the frames it has left.
pub fn actions_from(actions: &[Action], now: u64) -> Vec<Action> {
    let left = |a: &Action| (a.frame + a.frames()).saturating_sub(now.max(a.frame));
    actions
        .iter()
        .filter(|a| a.frame + a.frames() > now)
        .map(|a| {
            let kind = match a.kind {
                ActionKind::Force { force, at, .. } => ActionKind::Force { force, at, frames: left(a) },
                ActionKind::Torque { torque, .. } => ActionKind::Torque { torque, frames: left(a) },
                other => other,
            };
            Action { frame: a.frame.saturating_sub(now), body: a.body, kind }
        })
        .collect()
}

impl Action {
    /// How many frames it acts in.
    pub fn frames(&self) -> u64 {
        match self.kind {
            ActionKind::Force { frames, .. } | ActionKind::Torque { frames, .. } => frames,
            _ => 1,
        }
    }

    /// Whether it acts in `frame`.
    pub fn acts_in(&self, frame: u64) -> bool {
        frame >= self.frame && frame - self.frame < self.frames()
    }

    /// Queues the action's load on its body for this frame's forces phase;
    /// a velocity is set at once.
    pub(super) fn apply(&self, body: &mut Body, motion: &mut Motion) {
        // Through the centre when no point is given: no arm, no turn.
        let arm = self.arm(motion.position).unwrap_or(DVec2::ZERO);
        match self.kind {
            ActionKind::Force { force, .. } => body.apply_force(force, arm),
            ActionKind::Torque { torque, .. } => body.apply_torque(torque),
            ActionKind::Impulse { impulse, .. } => body.apply_impulse(impulse, arm),
            ActionKind::AngularImpulse(l) => body.apply_angular_impulse(l),
            ActionKind::Velocity(v) => motion.velocity = v,
        }
    }

    /// From the centre `x` to the point a force or an impulse acts at, r = at − x;
    /// none when it acts through the centre.
    pub(super) fn arm(&self, x: DVec2) -> Option<DVec2> {
        match self.kind {
            ActionKind::Force { at: Some(at), .. } | ActionKind::Impulse { at: Some(at), .. } => Some(at - x),
            _ => None,
        }
    }

    /// The kind's name, as the file's key.
    pub fn key(&self) -> &'static str {
        match self.kind {
            ActionKind::Force { .. } => "force",
            ActionKind::Torque { .. } => "torque",
            ActionKind::Impulse { .. } => "impulse",
            ActionKind::AngularImpulse(_) => "angular_impulse",
            ActionKind::Velocity(_) => "velocity",
        }
    }
}
