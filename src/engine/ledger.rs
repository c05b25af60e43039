//! The ledger: the world's totals before and after every phase.
//!
//! Kinetic energy ½mv² + ½Iω², potential energy −m·(g·x) (zero at the
//! origin, so it is m·g·h for gravity pointing down), momentum Σ m·v and
//! angular momentum about the origin Σ (m·x×v + I·ω). Static bodies have no
//! mass and count for nothing.
//!
//! A phase changes only the bodies its record lists, so the totals after it
//! are the totals before with those bodies' old parts taken out and their new
//! parts put in: a frame's ledger costs one pass over the bodies and a few
//! numbers per phase, however many phases there are. The frame's start is
//! summed afresh, so rounding cannot build up from frame to frame.
//!
//! The debugger's totals panel sums the same way, from marks along the frame
//! (`session/marks.rs`), so its numbers are this ledger's, bit for bit.

use super::World;
use super::body::{Body, BodyState};
use super::phase::PhaseData;
use super::record::FrameRecord;
use super::trace::PhaseKind;
use crate::geometry::cross;
use glam::DVec2;
use std::ops::{Add, Sub};

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Totals {
    pub ke: f64,
    pub pe: f64,
    pub momentum: DVec2,
    pub angular_momentum: f64,
    /// How large the terms were that each total was summed from.
    pub terms: TermSizes,
}

/// For each total, the magnitudes of every term added to it or taken from it,
/// added up. A total's rounding is a few ulps of these, not of the total
/// itself: a resting stack's KE, summed from bodies that moved a moment ago,
/// can cancel to −3.5e−18 J, far below what its terms (10⁻² J) can resolve,
/// while a body that truly moves at a micrometre a second has terms as small
/// as its KE, and its KE stands.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TermSizes {
    pub ke: f64,
    pub pe: f64,
    pub momentum: f64,
    pub angular_momentum: f64,
}

impl Add for TermSizes {
    type Output = TermSizes;
    fn add(self, o: TermSizes) -> TermSizes {
        TermSizes {
            ke: self.ke + o.ke,
            pe: self.pe + o.pe,
            momentum: self.momentum + o.momentum,
            angular_momentum: self.angular_momentum + o.angular_momentum,
        }
    }
}

impl Totals {
    /// Kinetic plus potential energy.
    pub fn energy(&self) -> f64 {
        self.ke + self.pe
    }

    /// One body's part of the totals in the state `s`.
    pub fn of_body(body: &Body, s: &BodyState, gravity: DVec2) -> Totals {
        let (m, i) = (body.mass(), body.inertia());
        if body.is_static() {
            return Totals::default();
        }
        let (x, v, w) = (s.position, s.velocity, s.angular_velocity);
        let ke = 0.5 * m * v.length_squared() + 0.5 * i * w * w;
        Totals {
            ke,
            pe: -m * gravity.dot(x),
            momentum: m * v,
            angular_momentum: m * cross(x, v) + i * w,
            // Each product's own terms: x×v and g·x cancel inside themselves.
            terms: TermSizes {
                ke,
                pe: m * (gravity.x * x.x).abs() + m * (gravity.y * x.y).abs(),
                momentum: m * v.abs().max_element(),
                angular_momentum: m * ((x.x * v.y).abs() + (x.y * v.x).abs()) + (i * w).abs(),
            },
        }
    }

    /// The totals of `world` as it stands.
    pub fn of_world(world: &World) -> Totals {
        world.iter().fold(Totals::default(), |t, (b, m)| t + Totals::of_body(b, &m.state(), world.gravity))
    }

    /// The totals of the bodies in the states `states` (one per body).
    pub fn of(bodies: &[Body], states: &[BodyState], gravity: DVec2) -> Totals {
        bodies.iter().zip(states).fold(Totals::default(), |t, (b, s)| t + Totals::of_body(b, s, gravity))
    }
}

impl Add for Totals {
    type Output = Totals;
    fn add(self, o: Totals) -> Totals {
        Totals {
            ke: self.ke + o.ke,
            pe: self.pe + o.pe,
            momentum: self.momentum + o.momentum,
            angular_momentum: self.angular_momentum + o.angular_momentum,
            terms: self.terms + o.terms,
        }
    }
}

impl Sub for Totals {
    type Output = Totals;
    fn sub(self, o: Totals) -> Totals {
        Totals {
            ke: self.ke - o.ke,
            pe: self.pe - o.pe,
            momentum: self.momentum - o.momentum,
            angular_momentum: self.angular_momentum - o.angular_momentum,
            // A term taken out rounds as one put in.
            terms: self.terms + o.terms,
        }
    }
}

/// The totals part way through a frame, and the bodies' states there: the
/// frame's start, then each phase's changes taken out and put in. Each body's
/// part of the totals is kept as it was summed, so a change takes out the very
/// number it once put in, without working it out again. The ledger walks a
/// frame with it, and the debugger's marks (`session/marks.rs`) resume it part
/// way, so both give the same bits.
pub struct RunningTotals {
    pub totals: Totals,
    pub states: Vec<BodyState>,
    parts: Vec<Totals>,
}

impl RunningTotals {
    /// At the start of the frame `record` holds, run by `bodies` under `gravity`.
    pub fn start(record: &FrameRecord, bodies: &[Body], gravity: DVec2) -> RunningTotals {
        let parts: Vec<Totals> = bodies.iter().zip(&record.start).map(|(b, s)| Totals::of_body(b, s, gravity)).collect();
        let totals = parts.iter().fold(Totals::default(), |t, &part| t + part);
        RunningTotals { totals, states: record.start.clone(), parts }
    }

    /// Where a walk of the same frame stood, from its totals and states there
    /// (each body's part is its state's, as the walk kept it).
    pub fn resume(totals: Totals, states: Vec<BodyState>, bodies: &[Body], gravity: DVec2) -> RunningTotals {
        let parts = bodies.iter().zip(&states).map(|(b, s)| Totals::of_body(b, s, gravity)).collect();
        RunningTotals { totals, states, parts }
    }

    /// Phase `k`'s changes.
    pub fn apply(&mut self, record: &FrameRecord, bodies: &[Body], gravity: DVec2, k: usize) {
        for change in record.phases.changes(k) {
            let part = Totals::of_body(&bodies[change.body], &change.after, gravity);
            self.totals = self.totals - self.parts[change.body] + part;
            self.parts[change.body] = part;
            self.states[change.body] = change.after;
        }
    }
}

impl FrameRecord {
    /// The totals at the frame's start and after each phase: element `k` holds
    /// them once phases `0..k` have run, so phase `k` goes from `ledger[k]` to
    /// `ledger[k + 1]`. `bodies` gives the masses (the world the frame ran in).
    pub fn ledger(&self, bodies: &[Body], gravity: DVec2) -> Vec<Totals> {
        let mut walk = RunningTotals::start(self, bodies, gravity);
        let mut ledger = Vec::with_capacity(self.phases.len() + 1);
        ledger.push(walk.totals);
        for k in 0..self.phases.len() {
            walk.apply(self, bodies, gravity, k);
            ledger.push(walk.totals);
        }
        ledger
    }

    /// The totals across each phase: element `k` holds them before and after
    /// phase `k`, so the list can be filtered along with the phases.
    pub fn ledger_spans(&self, bodies: &[Body], gravity: DVec2) -> Vec<(Totals, Totals)> {
        self.ledger(bodies, gravity).windows(2).map(|w| (w[0], w[1])).collect()
    }
}

/// What a phase did to the total energy E = KE + PE, with gravity's part
/// kept apart.
///
/// Gravity trades PE for KE over a frame, but the trade is split between two
/// phases: forces adds g·dt to v (KE changes, PE does not) and integrate moves
/// x (PE changes, KE does not). Judged alone, either moves E by the whole
/// exchange, so `gravity` holds the share that is that exchange: in forces,
/// the work of gravity's impulse m·g·dt on the mean of the velocities before
/// and after it (which is exactly gravity's part of ΔKE, the loads' work
/// being the rest); in integrate and move, the whole ΔPE. What is left,
/// [`EnergyChange::rise`], is what the phase did to E by any other means.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EnergyChange {
    pub before: Totals,
    pub after: Totals,
    /// The part of ΔE that is gravity trading PE for KE, in J.
    pub gravity: f64,
    /// The integrator's own error, held by the frame's last forces,
    /// integrate or move phase: the sum of the frame's gravity shares,
    /// which integrating exactly would make 0. Symplectic Euler on a body in
    /// free fall gives −½·m·|g|²·dt² a frame; explicit Euler +½·m·|g|²·dt².
    pub drift: Option<f64>,
}

impl EnergyChange {
    /// ΔE = ΔKE + ΔPE across the phase.
    pub fn de(&self) -> f64 {
        self.after.energy() - self.before.energy()
    }

    /// ΔE less gravity's share: what the phase did to E beyond gravity's
    /// trade (the loads' work in forces; 0 in integrate).
    pub fn rise(&self) -> f64 {
        self.de() - self.gravity
    }

    /// Whether [`EnergyChange::rise`] exceeds `by` and the ledger's rounding.
    pub fn rises_by(&self, by: f64) -> bool {
        self.rise() > by.max(rounding(&self.before, &self.after))
    }
}

/// What the ledger's running sums may be off by across one phase (see
/// [`energy_rise`]).
fn rounding(before: &Totals, after: &Totals) -> f64 {
    let scale = before.ke + before.pe.abs() + after.ke + after.pe.abs();
    (1e-9 * scale).max(1e-12)
}

impl FrameRecord {
    /// Each phase's [`EnergyChange`], from [`FrameRecord::ledger`]; `bodies`
    /// gives the masses and `gravity` the field the frame ran in.
    pub fn energy_changes(&self, bodies: &[Body], gravity: DVec2) -> Vec<EnergyChange> {
        let ledger = self.ledger(bodies, gravity);
        let mut changes: Vec<EnergyChange> = ledger
            .windows(2)
            .enumerate()
            .map(|(k, w)| {
                let (before, after) = (w[0], w[1]);
                let gravity = match self.phases.kind(k) {
                    PhaseKind::Forces => match &self.phases.at(k).data {
                        PhaseData::Forces(r) => r
                            .changes
                            .iter()
                            .zip(&r.before)
                            .map(|(c, (v0, _))| bodies[c.body].mass() * r.dt * r.gravity.dot((*v0 + c.after.velocity) / 2.0))
                            .sum(),
                        _ => 0.0,
                    },
                    PhaseKind::Integrate | PhaseKind::Move => after.pe - before.pe,
                    _ => 0.0,
                };
                EnergyChange { before, after, gravity, drift: None }
            })
            .collect();
        let moving = |k: &usize| matches!(self.phases.kind(*k), PhaseKind::Forces | PhaseKind::Integrate | PhaseKind::Move);
        if let Some(last) = (0..changes.len()).rev().find(moving) {
            changes[last].drift = Some((0..changes.len()).filter(moving).map(|k| changes[k].gravity).sum());
        }
        changes
    }
}

/// The rise in total energy across a phase of kind `kind` that went from
/// `before` to `after`, when it counts as one: none if it fell, stayed, or
/// moved by no more than rounding.
///
/// Rounding: the totals are sums of a few f64 terms per body, updated by one
/// subtraction and one addition per changed body, each off by at most half an
/// ulp (≈1.1e-16) of the running sum. Even a frame of 10⁵ updates stays below
/// 1e-11 of the energy's scale (KE + |PE|), so a rise under 1e-9 of that scale
/// (or 1e-12 J for a world at rest near the origin) is rounding, and anything
/// above it is the phase's doing.
///
/// Forces and integrate never count: loads do work there, and gravity's work
/// is split between them (forces adds g·dt to v with PE unchanged, integrate
/// moves x with KE unchanged), so each alone moves E even in a frame that
/// keeps it. Only resolve and correct, where no load acts, are held to it.
pub fn energy_rise(kind: PhaseKind, before: &Totals, after: &Totals) -> Option<f64> {
    if !matches!(kind, PhaseKind::Resolve | PhaseKind::Correct) {
        return None;
    }
    let rise = after.energy() - before.energy();
    (rise > rounding(before, after)).then_some(rise)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BodyDef, Settings, record_frame};
    use crate::geometry::Shape;

    /// A frame of 200 discs landing in a heap on a floor: some 5,000 phases,
    /// hundreds of them moving bodies, often one that moved a phase before.
    fn landing() -> (World, FrameRecord) {
        let floor = BodyDef::fixed("floor", Shape::Box { size: DVec2::new(30.0, 1.0) });
        let discs = (0..200).map(|i| {
            let (column, row) = (f64::from(i % 20), f64::from(i / 20));
            BodyDef::dynamic(format!("d{i}"), Shape::Circle { radius: 0.5 }, 1.0 + f64::from(i % 3))
                .at(DVec2::new(column * 1.02 - 10.0 + 0.1 * row, 1.0 + row * 1.02))
        });
        let mut world = World::new(std::iter::once(floor).chain(discs).collect(), DVec2::new(0.0, -9.8));
        let settings = Settings::default();
        for _ in 0..40 {
            record_frame(&mut world, &settings);
        }
        let bodies = world.clone();
        (bodies, record_frame(&mut world, &settings))
    }

    /// The ledger as first written: each change's old part worked out again
    /// from the state the body was in.
    fn summed_afresh(record: &FrameRecord, bodies: &[Body], gravity: DVec2) -> Vec<Totals> {
        let mut states = record.start.clone();
        let mut totals = Totals::of(bodies, &states, gravity);
        let mut ledger = vec![totals];
        for k in 0..record.phases.len() {
            for change in record.phases.changes(k) {
                let body = &bodies[change.body];
                totals = totals - Totals::of_body(body, &states[change.body], gravity) + Totals::of_body(body, &change.after, gravity);
                states[change.body] = change.after;
            }
            ledger.push(totals);
        }
        ledger
    }

    /// Every number of the totals, as bits: −0 and 0 differ.
    fn bits(ledger: &[Totals]) -> Vec<[u64; 9]> {
        let t = |t: &Totals| {
            [t.ke, t.pe, t.momentum.x, t.momentum.y, t.angular_momentum, t.terms.ke, t.terms.pe, t.terms.momentum, t.terms.angular_momentum]
                .map(f64::to_bits)
        };
        ledger.iter().map(t).collect()
    }

    #[test]
    fn a_ledger_is_the_ledger_summed_afresh_bit_for_bit() {
        let (world, record) = landing();
        let (bodies, gravity) = (&world.bodies[..], world.gravity);
        let moved = (0..record.phases.len()).filter(|&k| !record.phases.changes(k).is_empty()).count();
        assert!(moved > 500, "{moved} of {} phases moved bodies", record.phases.len());
        let afresh = bits(&summed_afresh(&record, bodies, gravity));
        assert_eq!(afresh.len(), record.phases.len() + 1);
        assert_eq!(bits(&record.ledger(bodies, gravity)), afresh);
    }
}
