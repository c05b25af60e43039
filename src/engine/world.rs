//! The world a step advances: its bodies in two halves, gravity, the clock,
//! the scene's actions, the contact memory, and the step's reusable buffers.

use super::body::{Body, BodyDef, BodyRef, BodyState, Motion};
use super::fast::levels;
use super::handle::{BodyHandle, Handles};
use super::{Action, ContactMemory, broad, event};
use crate::geometry::Shape;
use glam::DVec2;

#[derive(Clone, Debug, PartialEq)]
pub struct World {
    /// What each body is: name, shape, material, mass, queued loads. Bodies
    /// come and go only through the world's methods, which keep the two halves
    /// and the handles in step (hence a slice, not a `Vec`).
    pub bodies: Box<[Body]>,
    /// How each body moves, at the same index: the hot half the passes work on
    /// (see [`Motion`]).
    pub motions: Box<[Motion]>,
    /// Each body's handle, at the same index.
    pub(super) handles: Handles,
    pub gravity: DVec2,
    pub time: f64,
    pub frame: u64,
    /// What the scene does to bodies at given frames, applied in the forces phase.
    pub actions: Vec<Action>,
    /// With `warm_start`, the impulses each contact point summed last frame,
    /// kept by the bodies' handles: an edit leaves them.
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
        let (bodies, motions): (Vec<Body>, Vec<Motion>) = defs.into_iter().map(|d| (d.body, d.motion)).unzip();
        World {
            handles: Handles::first(bodies.len()),
            bodies: bodies.into_boxed_slice(),
            motions: motions.into_boxed_slice(),
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

    /// Each body's handle, in order.
    pub fn handles(&self) -> &[BodyHandle] {
        self.handles.all()
    }

    /// Where the body `handle` is, if it is in this world.
    pub fn place(&self, handle: BodyHandle) -> Option<usize> {
        self.handles.place(handle)
    }

    /// New bodies get a generation of at least `floor`: an editor that keeps
    /// copies of a world (to undo) passes the highest [`Self::next_generation`]
    /// of any of them, so that a body added after an undo is never taken for
    /// one added before it.
    pub fn raise_generation(&mut self, floor: u32) {
        self.handles.raise(floor);
    }

    /// The generation the next body added gets.
    pub fn next_generation(&self) -> u32 {
        self.handles.next_generation()
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
        for a in &mut self.actions {
            if a.body >= at {
                a.body += 1;
            }
        }
        self.put(at, def);
        at
    }

    /// Puts `def` in body `i`'s place, both halves.
    pub fn set_body(&mut self, i: usize, def: BodyDef) {
        (self.bodies[i], self.motions[i]) = (def.body, def.motion);
    }

    /// Adds a body after every other, walls too; its index.
    pub fn push_body(&mut self, def: BodyDef) -> usize {
        let at = self.bodies.len();
        self.put(at, def);
        at
    }

    /// `def` at place `at`, with a new handle.
    fn put(&mut self, at: usize, def: BodyDef) {
        self.handles.insert(at);
        let (mut bodies, mut motions) = (std::mem::take(&mut self.bodies).into_vec(), std::mem::take(&mut self.motions).into_vec());
        bodies.insert(at, def.body);
        motions.insert(at, def.motion);
        (self.bodies, self.motions) = (bodies.into_boxed_slice(), motions.into_boxed_slice());
    }

    /// Removes body `i`, its contacts and the actions on it; the others keep
    /// their bodies, handles and contacts.
    pub fn remove_body(&mut self, i: usize) -> BodyDef {
        let gone = self.handles.remove(i);
        self.contacts.forget_body(gone);
        self.actions.retain(|a| a.body != i);
        for a in &mut self.actions {
            if a.body > i {
                a.body -= 1;
            }
        }
        let (mut bodies, mut motions) = (std::mem::take(&mut self.bodies).into_vec(), std::mem::take(&mut self.motions).into_vec());
        let def = BodyDef { body: bodies.remove(i), motion: motions.remove(i) };
        (self.bodies, self.motions) = (bodies.into_boxed_slice(), motions.into_boxed_slice());
        def
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
            + self.handles.bytes()
            + names
            + self.contacts.bytes()
            + std::mem::size_of_val(&self.actions[..])
    }

    pub fn states(&self) -> Vec<BodyState> {
        self.motions.iter().map(Motion::state).collect()
    }
}
