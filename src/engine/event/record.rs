//! What Sedgewick & Wayne's method computed: the predictions, the events
//! taken from the queue, the bounces, and the derivations a person reads.

use crate::engine::event::predict::{Prediction, Target};
use crate::engine::trace::{BodyChange, Quantity, Record};
use glam::DVec2;

/// The frame's tally, on its last event.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub popped: usize,
    pub invalid: usize,
    pub inserted: usize,
    pub largest: usize,
    /// The frame stopped handling events at the limit.
    pub limited: bool,
    pub limit: usize,
}

/// An event in the queue's view: when, what, and whether it is still valid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Queued {
    pub t: f64,
    pub a: usize,
    pub target: Target,
    pub valid: bool,
}

/// A disc's collision count moved on since the event was made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stale {
    pub body: usize,
    pub made: u32,
    pub now: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EventRecord {
    /// The event's time in the run (s).
    pub t: f64,
    /// The disc and what it hits; none for the frame's end.
    pub hit: Option<(usize, Target)>,
    pub stale: Option<Stale>,
    pub tally: Option<Tally>,
    /// The next events after this one, earliest first.
    pub queue: Vec<Queued>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PredictRecord {
    /// The run's time when the test was made (s).
    pub now: f64,
    pub prediction: Prediction,
    /// The hit is within the frame and went into the queue.
    pub queued: bool,
    pub queue: Vec<Queued>,
}

impl Record for EventRecord {
    fn quantities(&self, names: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let mut q = Vec::new();
        match self.hit {
            Some((_, target)) => {
                q.push(Quantity::new("event", target.kind(), ""));
                q.push(Quantity::new("t", self.t, "s"));
                match self.stale {
                    None => q.push(Quantity::new("valid", true, "").by("no disc of it has bounced since it was made", vec![])),
                    Some(s) => {
                        let name = names.get(s.body).map_or("a disc", String::as_str);
                        q.push(Quantity::new("valid", false, "").by("a disc of it has bounced since it was made", vec![]));
                        let why = format!("{name} has bounced since: its count was {} when the event was made, {} now", s.made, s.now);
                        q.push(Quantity::new("stale", why.as_str(), ""));
                    }
                }
            }
            None => {
                q.push(Quantity::new("event", "frame end", ""));
                q.push(Quantity::new("t", self.t, "s").by("the frame's end: every body moves there (algs4's redraw)", vec![]));
            }
        }
        if let Some(t) = self.tally {
            q.push(Quantity::new("popped", t.popped as f64, ""));
            q.push(Quantity::new("invalid", t.invalid as f64, "").by("popped, but stale: skipped", vec![]));
            q.push(Quantity::new("inserted", t.inserted as f64, ""));
            q.push(Quantity::new("largest queue", t.largest as f64, ""));
            if t.limited {
                let note = "stopped at {limit} events: the bodies stay where the last one left them, the rest of the frame unplayed";
                q.push(Quantity::new("limit", true, "").by(note, vec![("limit", (t.limit as f64).into())]));
            }
        }
        q
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.queue[..])
    }

    fn found_contact(&self) -> bool {
        self.hit.is_some() && self.stale.is_none()
    }
}

impl Record for PredictRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        self.prediction.quantities(self.now, self.queued)
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.queue[..])
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct EventBounceRecord {
    pub e: f64,
    pub how: EventImpulse,
    pub changes: Vec<BodyChange>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EventImpulse {
    /// Two discs, or a disc and a wall's end (`m[1]` none: fixed).
    Discs { x: [DVec2; 2], v: [DVec2; 2], m: [Option<f64>; 2], r: [f64; 2], dr: DVec2, dv: DVec2, dvdr: f64, j: f64, f: DVec2 },
    /// A disc off a wall's face.
    Face { v: DVec2, n: DVec2, vn: f64 },
}

impl Record for EventBounceRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let e = self.e;
        let after = |k: usize| self.changes.get(k).map_or(DVec2::ZERO, |c| c.after.velocity);
        match self.how {
            EventImpulse::Discs { x, v, m, r, dr, dv, dvdr, j, f } => {
                let sigma = r[0] + r[1];
                let mut q = vec![
                    Quantity::new("Δr", dr, "m").by("{x_j} − {x_i}", vec![("x_j", x[1].into()), ("x_i", x[0].into())]),
                    Quantity::new("Δv", dv, "m/s").by("{v_j} − {v_i}", vec![("v_j", v[1].into()), ("v_i", v[0].into())]),
                    Quantity::new("Δv·Δr", dvdr, "m²/s").by("{Δv}·{Δr}", vec![("Δv", dv.into()), ("Δr", dr.into())]),
                    Quantity::new("σ", sigma, "m").by("{r_i} + {r_j}", vec![("r_i", r[0].into()), ("r_j", r[1].into())]),
                    Quantity::new("e", e, ""),
                ];
                let common = vec![("e", e.into()), ("Δv·Δr", dvdr.into()), ("σ", sigma.into())];
                let jq = match m {
                    [Some(mi), Some(mj)] => Quantity::new("J", j, "N·s").by(
                        "(1 + {e})·{m_i}·{m_j}·{Δv·Δr} / (({m_i} + {m_j})·{σ})",
                        [vec![("m_i", mi.into()), ("m_j", mj.into())], common].concat(),
                    ),
                    [Some(mi), None] => Quantity::new("J", j, "N·s")
                        .by("(1 + {e})·{m_i}·{Δv·Δr} / {σ}  (j fixed: m_j → ∞)", [vec![("m_i", mi.into())], common].concat()),
                    [None, Some(mj)] => Quantity::new("J", j, "N·s")
                        .by("(1 + {e})·{m_j}·{Δv·Δr} / {σ}  (i fixed: m_i → ∞)", [vec![("m_j", mj.into())], common].concat()),
                    [None, None] => Quantity::new("J", j, "N·s").by("0: both fixed", vec![]),
                };
                q.push(jq);
                q.push(Quantity::new("F", f, "N·s").by("{J}·{Δr} / {σ}", vec![("J", j.into()), ("Δr", dr.into()), ("σ", sigma.into())]));
                let mut k = 0;
                if let Some(mi) = m[0] {
                    q.push(
                        Quantity::new("v_i'", after(k), "m/s")
                            .by("{v_i} + {F} / {m_i}", vec![("v_i", v[0].into()), ("F", f.into()), ("m_i", mi.into())]),
                    );
                    k += 1;
                }
                if let Some(mj) = m[1] {
                    q.push(
                        Quantity::new("v_j'", after(k), "m/s")
                            .by("{v_j} − {F} / {m_j}", vec![("v_j", v[1].into()), ("F", f.into()), ("m_j", mj.into())]),
                    );
                }
                q
            }
            EventImpulse::Face { v, n, vn } => vec![
                Quantity::new("N", n, "").by("the wall's unit normal, toward the disc", vec![]),
                Quantity::new("v·N", vn, "m/s").by("{v}·{N}", vec![("v", v.into()), ("N", n.into())]),
                Quantity::new("e", e, ""),
                Quantity::new("v'", after(0), "m/s")
                    .by("{v} − (1 + {e})·{v·N}·{N}", vec![("v", v.into()), ("e", e.into()), ("v·N", vn.into()), ("N", n.into())]),
            ],
        }
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.changes[..])
    }
}
