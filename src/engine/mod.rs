//! The physics: a world of rigid bodies and the one function that steps it.
//!
//! A frame runs as named stages (ARCHITECTURE.md, "A frame"):
//! forces → broad (the candidate list) → for each relaxation pass, every
//! candidate pair in scene order: bound test, detect → correct → resolve →
//! integrate.

mod action;
mod body;
mod broad;
mod chains;
mod correct;
mod detect;
pub mod event;
mod fast;
mod forces;
mod guard;
mod handle;
mod integrate;
mod kernel;
mod ledger;
mod phase;
mod record;
mod relax;
pub mod reposition;
mod resolve;
mod settings;
mod step;
mod trace;
mod walls;
mod warm;
mod world;

pub use action::{Action, ActionKind, actions_from};
pub(crate) use body::pair_mut;
pub use body::{Body, BodyDef, BodyRef, BodyState, Motion};
pub use broad::record::{BroadRecord, Relisted};
pub use correct::record::CorrectRecord;
pub use detect::record::{DetectRecord, FaceRow, FaceTable, Shown, Work, WorkRef};
pub use fast::phases::{PhaseCounts, Phases};
pub use forces::record::{Acted, ForcesRecord, Load};
pub use guard::{NonFinite, guard};
pub use handle::BodyHandle;
pub use integrate::record::{IntegrateRecord, Moved};
pub use ledger::{EnergyChange, RunningTotals, TermSizes, Totals, energy_rise};
pub use phase::{Filtered, NoTrace, Phase, PhaseData, Tracer};
pub use record::{FrameRecord, record_frame, record_frame_expecting, record_frame_into};
pub(crate) use relax::Solve;
pub use relax::{Visit, relax_pair};
use relax::{relax_touching, visit_listed};
pub use resolve::record::{Contact, Impulse, OptionTerms, ResolveRecord, TwoPointCase, TwoPointShare, TwoPoints};
pub use settings::{ContactModel, Friction, Integrator, Method, Settings, Tangent};
pub use step::{StepStats, step, step_portable};
pub use trace::{BodyChange, PhaseKind, Quantity, Record, Value};
pub use warm::ContactMemory;
pub use warm::record::{Summed, WarmRecord};
pub use world::World;
