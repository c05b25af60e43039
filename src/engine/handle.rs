//! Who a body is, apart from where it sits in the world's lists.
//!
//! The step visits bodies in scene order, in dense lists, and every record
//! names a body by its place there. An edit moves places: a body added goes
//! in before the first wall, a body removed closes the gap. What must follow a
//! body through that — the contact memory's sums, a breakpoint, the name a
//! save writes it under — holds its handle instead: a slot that keeps its
//! place in the list, and the generation of the body living in the slot, so a
//! handle to a removed body never finds the body put in its slot later (as
//! Box2D's `b2BodyId` and Rapier's `RigidBodyHandle` do).

/// A body's identity in a world, through edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BodyHandle {
    slot: u32,
    generation: u32,
}

impl BodyHandle {
    /// The slot the body lives in: small and dense, so tables can be indexed by it.
    pub(super) fn slot(self) -> usize {
        self.slot as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Slot {
    generation: u32,
    /// The body's place in the dense lists; none while the slot is free.
    place: Option<u32>,
}

/// The handles of a world's bodies, in scene order, and where each is.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Handles {
    dense: Vec<BodyHandle>,
    slots: Vec<Slot>,
    /// The generation the next new body gets. One counter for every slot, so
    /// a caller that keeps handles across copies of a world (an editor's undo
    /// and redo) can keep new bodies apart from any it saw: [`Self::raise`].
    next_generation: u32,
}

impl Handles {
    /// `n` bodies in their first slots, in order.
    pub(super) fn first(n: usize) -> Handles {
        let slots: Vec<Slot> = (0..n).map(|i| Slot { generation: 0, place: Some(place(i)) }).collect();
        let dense = (0..n).map(|i| BodyHandle { slot: place(i), generation: 0 }).collect();
        Handles { dense, slots, next_generation: 1 }
    }

    pub(super) fn all(&self) -> &[BodyHandle] {
        &self.dense
    }

    /// Where the body `handle` is, if it is in the world.
    pub(super) fn place(&self, handle: BodyHandle) -> Option<usize> {
        let slot = self.slots.get(handle.slot as usize)?;
        if slot.generation != handle.generation {
            return None;
        }
        slot.place.map(|p| p as usize)
    }

    /// A new body at place `at`, the bodies from there on one place later.
    pub(super) fn insert(&mut self, at: usize) -> BodyHandle {
        let generation = self.next_generation;
        self.next_generation += 1;
        let slot = match self.slots.iter().position(|s| s.place.is_none()) {
            Some(free) => free,
            None => {
                self.slots.push(Slot { generation, place: None });
                self.slots.len() - 1
            }
        };
        self.slots[slot] = Slot { generation, place: Some(place(at)) };
        let handle = BodyHandle { slot: place(slot), generation };
        self.dense.insert(at, handle);
        self.renumber(at + 1);
        handle
    }

    /// The body at place `at` leaves; its slot is free for a later body.
    pub(super) fn remove(&mut self, at: usize) -> BodyHandle {
        let handle = self.dense.remove(at);
        self.slots[handle.slot as usize].place = None;
        self.renumber(at);
        handle
    }

    /// New bodies get a generation of at least `floor`.
    pub(super) fn raise(&mut self, floor: u32) {
        self.next_generation = self.next_generation.max(floor);
    }

    pub(super) fn next_generation(&self) -> u32 {
        self.next_generation
    }

    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of_val(&self.dense[..]) + std::mem::size_of_val(&self.slots[..])
    }

    /// The slots of the bodies from place `from` on point at their places again.
    fn renumber(&mut self, from: usize) {
        for (i, h) in self.dense.iter().enumerate().skip(from) {
            self.slots[h.slot as usize].place = Some(place(i));
        }
    }
}

/// A place or slot number as the tables keep it (a world holds far fewer than
/// 2³² bodies: the scene's limits cap it).
fn place(i: usize) -> u32 {
    u32::try_from(i).expect("a world of fewer than 2^32 bodies")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handle_follows_its_body_and_never_finds_a_later_one() {
        let mut h = Handles::first(3);
        let [a, b, c] = [h.all()[0], h.all()[1], h.all()[2]];
        let d = h.insert(1);
        assert_eq!([h.place(a), h.place(d), h.place(b), h.place(c)], [Some(0), Some(1), Some(2), Some(3)]);
        assert_eq!(h.remove(2), b);
        assert_eq!(h.place(b), None);
        assert_eq!(h.place(c), Some(2));
        // The new body takes b's slot, under a generation b never had.
        let e = h.insert(3);
        assert_eq!(e.slot, b.slot);
        assert_ne!(e, b);
        assert_eq!((h.place(b), h.place(e)), (None, Some(3)));
        assert_eq!(h.all(), &[a, d, c, e]);
    }

    #[test]
    fn a_raised_counter_keeps_new_bodies_apart_from_copies() {
        let mut one = Handles::first(2);
        let mut two = one.clone();
        let x = one.insert(2);
        two.raise(one.next_generation());
        let y = two.insert(2);
        assert_ne!(x, y);
        assert_eq!(two.place(x), None);
    }
}
