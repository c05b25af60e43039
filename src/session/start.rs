//! A start (the world and settings at the start of a frame) and which body is
//! which in it through edits.

use crate::engine::{BodyDef, Settings, World};
use std::sync::atomic::{AtomicU64, Ordering};

/// A body's identity through edits: renamed, edited, or with bodies added and
/// deleted around it, it is the same body; a body added is a new one, even
/// with a name a deleted body had. Breakpoints and saving follow it, not the
/// body's place in the list or its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BodyId(u64);

impl BodyId {
    /// One that no body has had before in this process, so a breakpoint on a
    /// deleted body never matches one added later (after undo, or in another
    /// scene opened since).
    fn fresh() -> BodyId {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        BodyId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

/// The world at the start of a frame and the settings it runs with from there.
/// Bodies are added and removed through its methods, which keep their ids.
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    pub world: World,
    pub settings: Settings,
    /// Each body's identity, in the world's order.
    ids: Vec<BodyId>,
}

impl Start {
    /// A start whose bodies are all new.
    pub fn new(world: World, settings: Settings) -> Start {
        let ids = world.bodies.iter().map(|_| BodyId::fresh()).collect();
        Start { world, settings, ids }
    }

    /// Which body is which, in the order of `world.bodies`.
    pub fn ids(&self) -> &[BodyId] {
        &self.ids
    }

    /// Where the body `id` is in the world, if it is there.
    pub fn index_of(&self, id: BodyId) -> Option<usize> {
        self.ids.iter().position(|&i| i == id)
    }

    /// Adds a new body before the first wall (`World::insert_body`); its index.
    pub fn add_body(&mut self, body: BodyDef) -> usize {
        let at = self.world.insert_body(body);
        self.ids.insert(at, BodyId::fresh());
        at
    }

    /// Adds a new wall after every body and wall; its index.
    pub fn add_wall(&mut self, wall: BodyDef) -> usize {
        self.ids.push(BodyId::fresh());
        self.world.push_body(wall)
    }

    /// Removes body `i` and the actions on it (`World::remove_body`).
    pub fn remove_body(&mut self, i: usize) -> BodyDef {
        self.ids.remove(i);
        self.world.remove_body(i)
    }

    /// About how many bytes it holds: what a cache of starts counts.
    pub fn bytes(&self) -> usize {
        self.world.bytes() + std::mem::size_of_val(&self.ids[..])
    }
}
