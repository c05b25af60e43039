//! The debugger's breakpoints, held by the bodies' identities, and the
//! conditions typed so far.

use crate::engine::Body;
use crate::engine::BodyHandle;
use crate::session::condition::Condition;
use std::collections::BTreeMap;

/// The breakpoints and the conditions typed so far. A breakpoint holds the
/// bodies it names by identity: it follows a body renamed or moved in the list
/// by an edit, and matches nothing in frames whose world lacks one of them
/// (deleted there, or not yet added).
#[derive(Clone, Debug, Default)]
pub struct Breakpoints {
    pub list: Vec<Condition<BodyHandle>>,
    pub history: Vec<String>,
    /// The name each body they name had when last seen, for a body that is gone.
    pub(super) last_names: BTreeMap<BodyHandle, String>,
}

impl Breakpoints {
    /// The breakpoints that can match in a world whose bodies are `handles`, with
    /// their bodies as its indices, and each one's number in the list.
    pub(super) fn live(&self, handles: &[BodyHandle]) -> (Vec<Condition>, Vec<usize>) {
        let found = self.list.iter().enumerate().filter_map(|(k, c)| Some((c.map_bodies(|id| handles.iter().position(|i| i == id))?, k)));
        found.unzip()
    }

    /// Notes the names of the bodies of a world (`handles`, `bodies`) that they name.
    pub(super) fn remember(&mut self, handles: &[BodyHandle], bodies: &[Body]) {
        for (id, b) in handles.iter().zip(bodies) {
            if self.list.iter().any(|c| c.bodies().any(|n| n == id)) {
                self.last_names.insert(*id, b.name.clone());
            }
        }
    }

    /// The numbers (from 1) of those that name a body of `before` that `after` lacks.
    pub(super) fn lost(&self, before: &[BodyHandle], after: &[BodyHandle]) -> Vec<usize> {
        let gone = |id: &BodyHandle| before.contains(id) && !after.contains(id);
        self.list.iter().enumerate().filter(|(_, c)| c.bodies().any(gone)).map(|(k, _)| k + 1).collect()
    }
}
