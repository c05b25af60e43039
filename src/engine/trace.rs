//! What a phase's record says of itself, whatever stage made it: the values
//! a person reads (name, value, unit, formula and inputs), the bodies it
//! changed, and the kind it is shown and searched as. Every record implements
//! [`Record`]. This module names no stage: the stages' records depend on it,
//! and the list of kinds that a tracer keeps is `phase.rs`.
//!
//! The quantities are made from a record only when a phase is shown or
//! exported, so recording a phase costs a copy of a few numbers, not a string
//! per value.

use super::body::{BodyState, Motion};
use glam::DVec2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseKind {
    Forces,
    Broad,
    Detect,
    Correct,
    Resolve,
    Integrate,
    /// `warm_start`: a contact still touching begins from last frame's impulse.
    Warm,
    /// Dobre & Ramtal's method: x += v·dt, first in the frame.
    Move,
    /// Dobre & Ramtal: a ball put back to where it touched.
    Reposition,
    /// Dobre & Ramtal: the velocity at the wall, slower than where the hit was caught.
    VelocityCorrection,
    /// Dobre & Ramtal: the normal velocities exchanged or turned round.
    Bounce,
    /// Dobre & Ramtal: a ball off a wall's end, a fixed point.
    Endpoint,
    /// Sedgewick & Wayne: when a disc will hit another disc or a wall.
    Predict,
    /// Sedgewick & Wayne: the earliest hit taken from the queue, valid or stale.
    Event,
}

impl PhaseKind {
    pub const ALL: [PhaseKind; 14] = [
        PhaseKind::Forces,
        PhaseKind::Broad,
        PhaseKind::Warm,
        PhaseKind::Detect,
        PhaseKind::Correct,
        PhaseKind::Resolve,
        PhaseKind::Integrate,
        PhaseKind::Move,
        PhaseKind::Reposition,
        PhaseKind::VelocityCorrection,
        PhaseKind::Bounce,
        PhaseKind::Endpoint,
        PhaseKind::Predict,
        PhaseKind::Event,
    ];

    /// The name used in files, the JSON trace and on screen.
    pub fn name(self) -> &'static str {
        match self {
            PhaseKind::Forces => "forces",
            PhaseKind::Broad => "broad",
            PhaseKind::Detect => "detect",
            PhaseKind::Correct => "correct",
            PhaseKind::Resolve => "resolve",
            PhaseKind::Integrate => "integrate",
            PhaseKind::Warm => "warm",
            PhaseKind::Move => "move",
            PhaseKind::Reposition => "reposition",
            PhaseKind::VelocityCorrection => "velocity-correction",
            PhaseKind::Bounce => "bounce",
            PhaseKind::Endpoint => "endpoint",
            PhaseKind::Predict => "predict",
            PhaseKind::Event => "event",
        }
    }

    pub fn from_name(name: &str) -> Option<PhaseKind> {
        PhaseKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Scalar(f64),
    Vector(DVec2),
    Bool(bool),
    Text(String),
    /// Asked for but not there, e.g. a face with no support point.
    Absent,
}

impl From<f64> for Value {
    fn from(x: f64) -> Value {
        Value::Scalar(x)
    }
}
impl From<DVec2> for Value {
    fn from(v: DVec2) -> Value {
        Value::Vector(v)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Text(s.to_string())
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(o: Option<T>) -> Value {
        o.map_or(Value::Absent, Into::into)
    }
}

/// One computed value with how it was computed. `formula` names its inputs in
/// braces, e.g. `−(1 + {e})·{vrn} / {k_n}`; a view prints it once with the names
/// and once with `inputs` put in.
#[derive(Clone, Debug, PartialEq)]
pub struct Quantity {
    pub name: String,
    pub value: Value,
    pub unit: &'static str,
    pub formula: Option<&'static str>,
    pub inputs: Vec<(&'static str, Value)>,
}

impl Quantity {
    pub fn new(name: impl Into<String>, value: impl Into<Value>, unit: &'static str) -> Quantity {
        Quantity { name: name.into(), value: value.into(), unit, formula: None, inputs: Vec::new() }
    }

    pub fn by(mut self, formula: &'static str, inputs: Vec<(&'static str, Value)>) -> Quantity {
        self.formula = Some(formula);
        self.inputs = inputs;
        self
    }
}

/// A body's state after a phase that changed it; the state before is the one
/// the phases before left (`FrameRecord::state_after`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyChange {
    pub body: usize,
    pub after: BodyState,
}

impl BodyChange {
    /// The states of a pair's two bodies, after a phase that changed them.
    pub(super) fn both((a, ma): (usize, &Motion), (b, mb): (usize, &Motion)) -> [BodyChange; 2] {
        [BodyChange { body: a, after: ma.state() }, BodyChange { body: b, after: mb.state() }]
    }
}

/// How many bodies a forces or integrate phase writes out formula by formula;
/// the others follow the same formula, and a line counts them.
pub(super) const SHOWN_BODIES: usize = 8;

/// "… and 992 more bodies, by the same formula", when a phase moved more than it shows.
pub(super) fn more_bodies(changed: usize) -> Option<Quantity> {
    let more = changed.checked_sub(SHOWN_BODIES).filter(|&n| n > 0)?;
    Some(Quantity::new("more", format!("{more} more bodies, by the same formula").as_str(), ""))
}

/// What a phase's record says of itself, whatever its kind: the same few
/// questions the trace, the debugger and the budgets ask of every phase.
pub trait Record {
    /// Every value the phase computed, in the order of the derivation, with
    /// its formula and inputs. `names` are the bodies' names by index, `pair`
    /// the names of the phase's two bodies.
    fn quantities(&self, names: &[String], pair: (&str, &str)) -> Vec<Quantity>;
    /// The bodies the phase moved or sped up, with their states after it.
    fn changes(&self) -> &[BodyChange] {
        &[]
    }
    /// Bytes the record holds beyond its own size (its lists and boxes):
    /// what a cache of records counts against its budget.
    fn heap_bytes(&self) -> usize {
        0
    }
    /// Whether the phase is a detection that found contact (or, for Sedgewick &
    /// Wayne's method, a valid event: the touch itself).
    fn found_contact(&self) -> bool {
        false
    }
}

/// A boxed record (the large ones are boxed so that a detect phase, the most
/// common, stays small) answers as its record, its box counted in its bytes.
impl<R: Record> Record for Box<R> {
    fn quantities(&self, names: &[String], pair: (&str, &str)) -> Vec<Quantity> {
        (**self).quantities(names, pair)
    }
    fn changes(&self) -> &[BodyChange] {
        (**self).changes()
    }
    fn heap_bytes(&self) -> usize {
        std::mem::size_of::<R>() + (**self).heap_bytes()
    }
    fn found_contact(&self) -> bool {
        (**self).found_contact()
    }
}
