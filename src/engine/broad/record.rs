//! What the broad phase found, and what a person reads from it.

use crate::engine::trace::{Quantity, Record};

/// Why a body's pairs were listed again inside the passes.
/// How far a body may move from where it was listed before its pairs are
/// listed again, as a fraction of the margin: two bodies that each moved less
/// than this still leave a fifth of the margin between pairs the list left
/// out, far above round-off.
pub(in crate::engine) const RELIST_AFTER: f64 = 0.4;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Relisted {
    pub body: usize,
    /// How far it had moved from where it was listed.
    pub moved: f64,
    /// The pair whose correction moved it.
    pub pair: (usize, usize),
}

/// How many candidate pairs a broad phase names; a count says how many more.
const SHOWN_PAIRS: usize = 12;

/// What a build of the candidate list found, or what listing one body again added.
#[derive(Clone, Debug, PartialEq)]
pub struct BroadRecord {
    pub bodies: usize,
    pub margin: f64,
    /// The pairs whose bounds came within the margin, in (i, j) order; when a
    /// body was listed again, only the pairs that were new.
    pub candidates: Vec<(usize, usize)>,
    /// Inside the passes: the body that moved too far.
    pub relisted: Option<Relisted>,
    /// Whether the whole list was built again (after many bodies were listed again).
    pub rebuilt: bool,
}

impl Record for BroadRecord {
    fn quantities(&self, names: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| format!("#{i}"));
        let margin = Quantity::new("margin", self.margin, "m")
            .by("{r_min}/2  (half the smallest moving body's bounding radius)", vec![("r_min", (2.0 * self.margin).into())]);
        let mut q = vec![Quantity::new("bodies", self.bodies as f64, ""), margin];
        let count = self.candidates.len() as f64;
        let mut pairs: Vec<String> = self.candidates.iter().take(SHOWN_PAIRS).map(|&(a, b)| format!("{}–{}", name(a), name(b))).collect();
        if self.candidates.len() > SHOWN_PAIRS {
            pairs.push(format!("… and {} more", self.candidates.len() - SHOWN_PAIRS));
        }
        let label = if self.relisted.is_some() && !self.rebuilt { "new pairs" } else { "pairs" };
        let pairs = Quantity::new(label, if pairs.is_empty() { "none".to_string() } else { pairs.join(", ") }.as_str(), "");
        let Some(r) = self.relisted else {
            q.push(Quantity::new("candidates", count, ""));
            q.push(pairs);
            return q;
        };
        let limit = RELIST_AFTER * self.margin;
        q.push(Quantity::new("moved", r.moved, "m"));
        q.push(
            Quantity::new("limit", limit, "m")
                .by("{fraction}·{margin}", vec![("fraction", RELIST_AFTER.into()), ("margin", self.margin.into())]),
        );
        let why = format!("correcting {}–{} moved {} more than {RELIST_AFTER} of the margin", name(r.pair.0), name(r.pair.1), name(r.body));
        q.push(Quantity::new("listed again", why.as_str(), ""));
        if self.rebuilt {
            q.push(Quantity::new("candidates", count, "").by("the whole list built again", vec![]));
        } else {
            q.push(Quantity::new("new candidates", count, ""));
        }
        q.push(pairs);
        q
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.candidates[..])
    }
}
