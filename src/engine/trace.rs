//! What the step records. The step is generic over a [`Tracer`]; with
//! [`NoTrace`] every `if T::ENABLED` block is removed at compile time, so the
//! fast path builds none of the records below.

use super::body::BodyState;
use glam::DVec2;

pub trait Tracer {
    const ENABLED: bool;
    fn record(&mut self, phase: Phase);
}

/// The tracer that keeps nothing and costs nothing.
pub struct NoTrace;

impl Tracer for NoTrace {
    const ENABLED: bool = false;
    fn record(&mut self, _: Phase) {}
}

impl Tracer for Vec<Phase> {
    const ENABLED: bool = true;
    fn record(&mut self, phase: Phase) {
        self.push(phase);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseKind {
    Forces,
    Broad,
    Detect,
    Correct,
    Resolve,
    Integrate,
}

impl PhaseKind {
    pub const ALL: [PhaseKind; 6] =
        [PhaseKind::Forces, PhaseKind::Broad, PhaseKind::Detect, PhaseKind::Correct, PhaseKind::Resolve, PhaseKind::Integrate];

    /// The name used in files, the JSON trace and on screen.
    pub fn name(self) -> &'static str {
        match self {
            PhaseKind::Forces => "forces",
            PhaseKind::Broad => "broad",
            PhaseKind::Detect => "detect",
            PhaseKind::Correct => "correct",
            PhaseKind::Resolve => "resolve",
            PhaseKind::Integrate => "integrate",
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

/// A body's state before and after a phase that changed it.
#[derive(Clone, Debug, PartialEq)]
pub struct BodyChange {
    pub body: usize,
    pub before: BodyState,
    pub after: BodyState,
}

/// The record of one phase. Applying `changes` in order to a frame's start state
/// rebuilds the world after any phase.
#[derive(Clone, Debug, PartialEq)]
pub struct Phase {
    pub kind: PhaseKind,
    /// The relaxation pass, from 1; none for forces and integrate.
    pub iteration: Option<usize>,
    /// Indices of the two bodies, A first.
    pub pair: Option<(usize, usize)>,
    pub values: Vec<Quantity>,
    pub changes: Vec<BodyChange>,
    /// Broad phase only: the pairs that go on to the narrow phase.
    pub candidates: Vec<(usize, usize)>,
}

impl Phase {
    pub fn new(kind: PhaseKind, iteration: Option<usize>, pair: Option<(usize, usize)>) -> Phase {
        Phase { kind, iteration, pair, values: Vec::new(), changes: Vec::new(), candidates: Vec::new() }
    }

    pub fn value(&self, name: &str) -> Option<&Value> {
        self.values.iter().find(|q| q.name == name).map(|q| &q.value)
    }
}
