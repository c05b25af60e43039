//! The world a step advances: its bodies in two halves, gravity, the clock,
//! the scene's actions, the contact memory, and the step's reusable buffers.

use super::body::{Body, BodyDef, BodyRef, BodyState, Motion};
use super::fast::levels;
use super::{Action, ContactMemory, broad, event};
use crate::geometry::Shape;
use glam::DVec2;

#[derive(Clone, Debug, PartialEq)]
pub struct World {
    /// What each body is: name, shape, material, mass, queued loads.
    pub bodies: Vec<Body>,
    /// How each body moves, at the same index: the hot half the passes work on
    /// (see [`Motion`]). A world always holds as many motions as bodies.
    pub motions: Vec<Motion>,
    pub gravity: DVec2,
    pub time: f64,
    pub frame: u64,
    /// What the scene does to bodies at given frames, applied in the forces phase.
    pub actions: Vec<Action>,
    /// With `warm_start`, the impulses each contact point summed last frame.
    pub contacts: ContactMemory,
    /// The step's working space, kept so a frame allocates nothing once it has grown.
    pub(super) scratch: Scratch,
}

/// Buffers the step reuses from frame to frame. No state depends on them: the
/// candidate list kept from one untraced frame to the next only says where to
/// look, and the step gives the same world with any valid list. So a copy of
/// the world starts with empty ones, and every world compares equal in them.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) broad: broad::Broad,
    pub(super) frame_start_velocities: Vec<(DVec2, f64)>,
    /// Each body's velocities when the summed solve begins (after the forces,
    /// before the warm phase): restitution's approach speeds are taken there.
    pub(super) solve_start_velocities: Vec<(DVec2, f64)>,
    /// Sedgewick & Wayne's queue and counts.
    pub(super) event: event::Scratch,
    /// Each body's `DVec2::from_angle(angle)`: angles hold through the passes.
    /// A disc looks the same at every angle and the narrow phase takes its
    /// centre alone, so its pose is taken unturned: a pile of discs spares a
    /// sine and a cosine each.
    pub(super) rotations: Vec<DVec2>,
    /// The untraced passes' visits grouped by level (see `levels`).
    pub(super) levels: levels::Levels,
}

impl Clone for Scratch {
    fn clone(&self) -> Scratch {
        Scratch::default()
    }
}

impl PartialEq for Scratch {
    fn eq(&self, _: &Scratch) -> bool {
        true
    }
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("Scratch")
    }
}

impl World {
    pub fn new(defs: Vec<BodyDef>, gravity: DVec2) -> World {
        let (bodies, motions) = defs.into_iter().map(|d| (d.body, d.motion)).unzip();
        World {
            bodies,
            motions,
            gravity,
            time: 0.0,
            frame: 0,
            actions: Vec::new(),
            contacts: ContactMemory::default(),
            scratch: Scratch::default(),
        }
    }

    /// Each body with its motion, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = BodyRef<'_>> + DoubleEndedIterator + Clone {
        self.bodies.iter().zip(&self.motions)
    }

    /// Body `i`'s two halves, if there is a body `i`.
    pub fn get(&self, i: usize) -> Option<BodyRef<'_>> {
        Some((self.bodies.get(i)?, self.motions.get(i)?))
    }

    /// Body `i`'s two halves to change, if there is a body `i`.
    pub fn get_mut(&mut self, i: usize) -> Option<(&mut Body, &mut Motion)> {
        Some((self.bodies.get_mut(i)?, self.motions.get_mut(i)?))
    }

    /// Body `i` whole, both halves copied.
    pub fn def(&self, i: usize) -> BodyDef {
        BodyDef::copy_of((&self.bodies[i], &self.motions[i]))
    }

    /// Body `i`'s kinetic energy, ½mv² + ½Iω².
    pub fn kinetic_energy_of(&self, i: usize) -> f64 {
        self.bodies[i].kinetic_energy(&self.motions[i])
    }

    /// Adds a body before the first wall, where a scene file's `[[body]]`
    /// entries put it, so a save and its reload list the bodies in one
    /// order and replay the same run. Returns its index.
    pub fn insert_body(&mut self, def: BodyDef) -> usize {
        let at = self.bodies.iter().position(|b| matches!(b.shape, Shape::Segment { .. })).unwrap_or(self.bodies.len());
        // The memory is keyed by body index, which shifts for the walls.
        self.contacts.clear();
        for a in &mut self.actions {
            if a.body >= at {
                a.body += 1;
            }
        }
        self.bodies.insert(at, def.body);
        self.motions.insert(at, def.motion);
        at
    }

    /// Puts `def` in body `i`'s place, both halves.
    pub fn set_body(&mut self, i: usize, def: BodyDef) {
        (self.bodies[i], self.motions[i]) = (def.body, def.motion);
    }

    /// Adds a body after every other, walls too; its index.
    pub fn push_body(&mut self, def: BodyDef) -> usize {
        self.bodies.push(def.body);
        self.motions.push(def.motion);
        self.bodies.len() - 1
    }

    /// Removes body `i`, and the actions on it; the others keep their bodies.
    pub fn remove_body(&mut self, i: usize) -> BodyDef {
        // The memory is keyed by body index, which shifts.
        self.contacts.clear();
        self.actions.retain(|a| a.body != i);
        for a in &mut self.actions {
            if a.body > i {
                a.body -= 1;
            }
        }
        BodyDef { body: self.bodies.remove(i), motion: self.motions.remove(i) }
    }

    pub fn kinetic_energy(&self) -> f64 {
        self.iter().map(|(b, m)| b.kinetic_energy(m)).sum()
    }

    pub fn momentum(&self) -> DVec2 {
        self.iter().map(|(b, m)| m.velocity * b.mass()).sum()
    }

    /// About how many bytes the world holds: what a cache of worlds counts.
    pub fn bytes(&self) -> usize {
        let names: usize = self.bodies.iter().map(|b| b.name.len()).sum();
        std::mem::size_of::<World>()
            + std::mem::size_of_val(&self.bodies[..])
            + std::mem::size_of_val(&self.motions[..])
            + names
            + self.contacts.bytes()
            + std::mem::size_of_val(&self.actions[..])
    }

    pub fn states(&self) -> Vec<BodyState> {
        self.motions.iter().map(Motion::state).collect()
    }
}
