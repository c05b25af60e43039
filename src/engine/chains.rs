//! Many short lists that grow an item at a time, kept as chains through one
//! vector: each item links to the one put in its list before it, and a table
//! holds each list's latest. Putting an item in costs one push, and nothing
//! moves when the lists grow; reading a list walks it, the latest first. The
//! broad phase keeps the bodies listed again this way, cell by cell, and the
//! contact memory its points, by the first body of their pair.

/// The end of a list.
const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub(super) struct Chains<T> {
    /// Per list, its latest item, or [`NONE`].
    latest: Vec<u32>,
    /// Each item, and the item of its list put in before it.
    items: Vec<(T, u32)>,
}

impl<T> Default for Chains<T> {
    fn default() -> Self {
        Chains { latest: Vec::new(), items: Vec::new() }
    }
}

impl<T> Chains<T> {
    /// `lists` empty lists.
    pub(super) fn clear(&mut self, lists: usize) {
        self.latest.clear();
        self.latest.resize(lists, NONE);
        self.items.clear();
    }

    /// Room for `lists` lists and `items` items, kept across clears.
    pub(super) fn reserve(&mut self, lists: usize, items: usize) {
        self.latest.reserve(lists.saturating_sub(self.latest.len()));
        self.items.reserve(items.saturating_sub(self.items.len()));
    }

    /// Puts `item` first in list `list` (the lists up to it made, empty, if
    /// there are fewer), and says where it is.
    #[inline]
    pub(super) fn push(&mut self, list: usize, item: T) -> usize {
        if self.latest.len() <= list {
            self.latest.resize(list + 1, NONE);
        }
        let at = self.items.len();
        self.items.push((item, self.latest[list]));
        self.latest[list] = u32::try_from(at).expect("fewer than 2^32 items");
        at
    }

    /// The items of list `list`, the latest first, each with where it is.
    #[inline]
    pub(super) fn list(&self, list: usize) -> impl Iterator<Item = (usize, &T)> {
        let mut at = self.latest.get(list).copied().unwrap_or(NONE);
        std::iter::from_fn(move || {
            let here = at as usize;
            let (item, before) = self.items.get(here)?;
            at = *before;
            Some((here, item))
        })
    }

    /// Every item, in the order they were put in.
    pub(super) fn items(&self) -> impl Iterator<Item = &T> {
        self.items.iter().map(|(item, _)| item)
    }

    #[inline]
    pub(super) fn get(&self, at: usize) -> &T {
        &self.items[at].0
    }

    #[inline]
    pub(super) fn get_mut(&mut self, at: usize) -> &mut T {
        &mut self.items[at].0
    }

    pub(super) fn len(&self) -> usize {
        self.items.len()
    }

    /// Keeps the items `keep` says to, in their order, each in the list `list_of` gives.
    pub(super) fn retain(&mut self, keep: impl FnMut(&T) -> bool, list_of: impl Fn(&T) -> usize) {
        let mut keep = keep;
        self.items.retain(|(item, _)| keep(item));
        self.latest.fill(NONE);
        for (at, (item, before)) in self.items.iter_mut().enumerate() {
            let list = list_of(item);
            if self.latest.len() <= list {
                self.latest.resize(list + 1, NONE);
            }
            *before = self.latest[list];
            self.latest[list] = at as u32;
        }
    }

    /// About how many bytes the lists hold.
    pub(super) fn bytes(&self) -> usize {
        self.latest.capacity() * std::mem::size_of::<u32>() + self.items.capacity() * std::mem::size_of::<(T, u32)>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_list_reads_latest_first_and_keeps_its_items_through_a_retain() {
        let mut chains = Chains::default();
        chains.clear(2);
        for (list, item) in [(0, 'a'), (1, 'b'), (0, 'c'), (3, 'd'), (0, 'e')] {
            chains.push(list, item);
        }
        let list = |chains: &Chains<char>, l| chains.list(l).map(|(_, &c)| c).collect::<String>();
        assert_eq!([list(&chains, 0), list(&chains, 1), list(&chains, 2), list(&chains, 3)], ["eca", "b", "", "d"]);
        assert_eq!(chains.list(0).map(|(at, _)| at).collect::<Vec<_>>(), [4, 2, 0]);
        let list_of = |c: &char| {
            if *c == 'b' {
                1
            } else if *c == 'd' {
                3
            } else {
                0
            }
        };
        chains.retain(|&c| c != 'c', list_of);
        assert_eq!([list(&chains, 0), list(&chains, 1), list(&chains, 3)], ["ea", "b", "d"]);
        assert_eq!(chains.items().collect::<String>(), "abde");
        chains.clear(1);
        assert_eq!((chains.len(), list(&chains, 0)), (0, String::new()));
    }
}
