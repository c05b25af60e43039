//! The physics: a world of rigid bodies and the one function that steps it.
//!
//! A frame runs as named stages (ARCHITECTURE.md, "A frame"):
//! forces → broad (the candidate list) → for each relaxation pass, every
//! candidate pair in scene order: bound test, detect → correct → resolve →
//! integrate.

mod action;
mod body;
mod broad;
mod correct;
mod detect;
mod event;
mod forces;
mod guard;
mod integrate;
mod kernel;
mod ledger;
mod levels;
mod phases;
mod record;
mod reposition;
mod resolve;
mod trace;
mod walls;
mod warm;
#[cfg(target_arch = "x86_64")]
mod wide;

pub use action::{Action, ActionKind, actions_from};
pub use body::{Body, BodyDef, BodyRef, BodyState, Motion};
pub use broad::{BroadRecord, Relisted};
pub use correct::CorrectRecord;
pub use detect::{DetectRecord, FaceRow, FaceTable, Shown, Work, WorkRef};
pub use event::{EventBounceRecord, EventImpulse, EventRecord, HitOutcome, PredictRecord, Prediction, Queued, Stale, Tally, Target, Test};
pub use forces::{Acted, ForcesRecord, Load};
pub use guard::{NonFinite, guard};
pub use integrate::{IntegrateRecord, Moved};
pub use ledger::{EnergyChange, TermSizes, Totals, energy_rise};
pub use phases::{Phases, Room};
pub use record::{FrameRecord, record_frame, record_frame_expecting, record_frame_into};
pub use reposition::{
    EndpointRecord, Fallback, Outcome, PairBounceRecord, PairRepositionRecord, Shared, TouchRecord, VcorRecord, WallBounceRecord,
    WallRepositionRecord, WallTouchRecord,
};
pub use resolve::{Beyond, Contact, Given, Impulse, ResolveRecord, TwoPointCase, TwoPoints};
pub use trace::{BodyChange, Filtered, NoTrace, Phase, PhaseData, PhaseKind, Quantity, Tracer, Value};
pub use warm::{ContactMemory, Summed, WarmRecord};

use crate::geometry::{CollisionInfo, Pose, Shape};
use crate::named::named;
use glam::DVec2;

#[derive(Clone, Debug, PartialEq)]
pub struct World {
    /// What each body is: name, shape, material, mass, queued loads.
    pub bodies: Vec<Body>,
    /// How each body moves, at the same index: the hot half the passes work on
    /// (see [`Motion`]). A world always holds as many motions as bodies.
    pub motions: Vec<Motion>,
    pub gravity: DVec2,
    pub time: f64,
    pub frame: u64,
    /// What the scene does to bodies at given frames, applied in the forces phase.
    pub actions: Vec<Action>,
    /// With `warm_start`, the impulses each contact point summed last frame.
    pub contacts: ContactMemory,
    /// The step's working space, kept so a frame allocates nothing once it has grown.
    scratch: Scratch,
}

/// Buffers the step reuses from frame to frame. No state depends on them: the
/// candidate list kept from one untraced frame to the next only says where to
/// look, and the step gives the same world with any valid list. So a copy of
/// the world starts with empty ones, and every world compares equal in them.
#[derive(Default)]
struct Scratch {
    broad: broad::Broad,
    frame_start_velocities: Vec<(DVec2, f64)>,
    /// Each body's velocities when the summed solve begins (after the forces,
    /// before the warm phase): restitution's approach speeds are taken there.
    solve_start_velocities: Vec<(DVec2, f64)>,
    /// Sedgewick & Wayne's queue and counts.
    event: event::Scratch,
    /// Each body's `DVec2::from_angle(angle)`: angles hold through the passes.
    /// A disc looks the same at every angle and the narrow phase takes its
    /// centre alone, so its pose is taken unturned: a pile of discs spares a
    /// sine and a cosine each.
    rotations: Vec<DVec2>,
    /// The untraced passes' visits grouped by level (see `levels`).
    levels: levels::Levels,
}

impl Clone for Scratch {
    fn clone(&self) -> Scratch {
        Scratch::default()
    }
}

impl PartialEq for Scratch {
    fn eq(&self, _: &Scratch) -> bool {
        true
    }
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("Scratch")
    }
}

impl World {
    pub fn new(defs: Vec<BodyDef>, gravity: DVec2) -> World {
        let (bodies, motions) = defs.into_iter().map(|d| (d.body, d.motion)).unzip();
        World {
            bodies,
            motions,
            gravity,
            time: 0.0,
            frame: 0,
            actions: Vec::new(),
            contacts: ContactMemory::default(),
            scratch: Scratch::default(),
        }
    }

    /// Each body with its motion, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = BodyRef<'_>> + DoubleEndedIterator + Clone {
        self.bodies.iter().zip(&self.motions)
    }

    /// Body `i`'s two halves, if there is a body `i`.
    pub fn get(&self, i: usize) -> Option<BodyRef<'_>> {
        Some((self.bodies.get(i)?, self.motions.get(i)?))
    }

    /// Body `i`'s two halves to change, if there is a body `i`.
    pub fn get_mut(&mut self, i: usize) -> Option<(&mut Body, &mut Motion)> {
        Some((self.bodies.get_mut(i)?, self.motions.get_mut(i)?))
    }

    /// Body `i` whole, both halves copied.
    pub fn def(&self, i: usize) -> BodyDef {
        BodyDef::copy_of((&self.bodies[i], &self.motions[i]))
    }

    /// Body `i`'s kinetic energy, ½mv² + ½Iω².
    pub fn kinetic_energy_of(&self, i: usize) -> f64 {
        self.bodies[i].kinetic_energy(&self.motions[i])
    }

    /// Adds a body before the first wall, where a scene file's `[[body]]`
    /// entries put it, so a save and its reload list the bodies in one
    /// order and replay the same run. Returns its index.
    pub fn insert_body(&mut self, def: BodyDef) -> usize {
        let at = self.bodies.iter().position(|b| matches!(b.shape, Shape::Segment { .. })).unwrap_or(self.bodies.len());
        // The memory is keyed by body index, which shifts for the walls.
        self.contacts.clear();
        for a in &mut self.actions {
            if a.body >= at {
                a.body += 1;
            }
        }
        self.bodies.insert(at, def.body);
        self.motions.insert(at, def.motion);
        at
    }

    /// Puts `def` in body `i`'s place, both halves.
    pub fn set_body(&mut self, i: usize, def: BodyDef) {
        (self.bodies[i], self.motions[i]) = (def.body, def.motion);
    }

    /// Adds a body after every other, walls too; its index.
    pub fn push_body(&mut self, def: BodyDef) -> usize {
        self.bodies.push(def.body);
        self.motions.push(def.motion);
        self.bodies.len() - 1
    }

    /// Removes body `i`, and the actions on it; the others keep their bodies.
    pub fn remove_body(&mut self, i: usize) -> BodyDef {
        // The memory is keyed by body index, which shifts.
        self.contacts.clear();
        self.actions.retain(|a| a.body != i);
        for a in &mut self.actions {
            if a.body > i {
                a.body -= 1;
            }
        }
        BodyDef { body: self.bodies.remove(i), motion: self.motions.remove(i) }
    }

    pub fn kinetic_energy(&self) -> f64 {
        self.iter().map(|(b, m)| b.kinetic_energy(m)).sum()
    }

    pub fn momentum(&self) -> DVec2 {
        self.iter().map(|(b, m)| m.velocity * b.mass()).sum()
    }

    /// About how many bytes the world holds: what a cache of worlds counts.
    pub fn bytes(&self) -> usize {
        let names: usize = self.bodies.iter().map(|b| b.name.len()).sum();
        std::mem::size_of::<World>()
            + std::mem::size_of_val(&self.bodies[..])
            + std::mem::size_of_val(&self.motions[..])
            + names
            + self.contacts.bytes()
            + std::mem::size_of_val(&self.actions[..])
    }

    pub fn states(&self) -> Vec<BodyState> {
        self.motions.iter().map(Motion::state).collect()
    }
}

named! {
    /// How the rough-balls article and the game-engine book differ on friction.
    pub enum Friction {
        None = "none",
        /// The rough-balls article: jt = μ·jn whenever there is sliding.
        Coulomb = "coulomb",
        /// The game-engine book: jt = −μ·vrt / Kt, a fraction μ of the impulse that stops sliding.
        VelocityRatio = "velocity-ratio",
    }
}

named! {
    /// Which way the tangent points, the subject of the rough-balls article's bug and fixes.
    pub enum Tangent {
        /// t = (n.y, −n.x), whatever the sliding direction: the rough-balls article's first code.
        RotatedNormal = "rotated-normal",
        /// The same t, with the friction impulse negated when vrt < 0.
        SignFixed = "sign-fixed",
        /// t = (n×v_rel)×n normalised: the sliding direction itself.
        Projected = "projected",
    }
}

named! {
    /// Where two boxes touch: the game-engine book's one deepest corner, or the two ends of
    /// the incident face clipped to the reference face (Box2D's manifold).
    pub enum ContactModel {
        Single = "single",
        Clipped = "clipped",
    }
}

named! {
    /// How contact is handled (docs/scene-format.md, `method`).
    pub enum Method {
        /// The game-engine book: positional correction and impulses, relaxed over passes.
        Relaxation = "relaxation",
        /// Dobre & Ramtal: move, then put each ball back where it touched and bounce it.
        Reposition = "reposition",
        /// Sedgewick & Wayne: predict each hit, and jump from one to the next.
        EventDriven = "event-driven",
    }
}

named! {
    pub enum Integrator {
        SymplecticEuler = "symplectic-euler",
        /// Moves bodies with the velocities they had before the frame's forces.
        ExplicitEuler = "explicit-euler",
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub dt: f64,
    pub relaxation_iterations: usize,
    pub correction_rate: f64,
    pub position_correction: bool,
    pub friction: Friction,
    pub tangent: Tangent,
    pub coulomb_cap: bool,
    /// Below this approach speed (m/s) a contact bounces with e = 0, so the
    /// speed gravity adds each frame to a resting body is not bounced back.
    pub restitution_threshold: f64,
    /// Overlap (m) that positional correction leaves alone, so a resting
    /// contact stays touching instead of being pushed apart and falling back.
    pub slop: f64,
    pub contact: ContactModel,
    pub integrator: Integrator,
    /// Summed impulses, and contacts that begin each frame from the last one's (not in the texts).
    pub warm_start: bool,
    /// `false` freezes the forces and integrate stages (the game-engine book's motion toggle).
    pub motion: bool,
    pub method: Method,
    /// `reposition`: a ball whose centre crossed a wall's line since the last frame has hit it.
    pub side_tracking: bool,
    /// `reposition`: a ball put back to a wall takes the slower velocity it had there.
    pub velocity_correction: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            dt: 1.0 / 60.0,
            relaxation_iterations: 15,
            correction_rate: 0.8,
            position_correction: true,
            friction: Friction::Coulomb,
            tangent: Tangent::Projected,
            coulomb_cap: false,
            restitution_threshold: 0.0,
            slop: 0.0,
            contact: ContactModel::Single,
            integrator: Integrator::SymplecticEuler,
            warm_start: false,
            motion: true,
            method: Method::Relaxation,
            side_tracking: true,
            velocity_correction: true,
        }
    }
}

/// What a step did, counted even when nothing is traced (for `impulse bench`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepStats {
    /// Pairs that passed the bounding test and went to the narrow phase, over all passes.
    pub narrow_tests: usize,
    /// Narrow-phase tests that found contact, over all passes.
    pub contacts: usize,
}

/// Advances the world by one frame, telling `tracer` what each phase did.
///
/// On a processor with AVX2 the same code runs compiled for it (see
/// `wide.rs`): the same operations in the same order, so the same bits.
pub fn step<T: Tracer>(world: &mut World, settings: &Settings, tracer: &mut T) -> StepStats {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has the features `step_wide` is compiled for.
        return unsafe { wide::step_wide(world, settings, tracer) };
    }
    step_portable(world, settings, tracer)
}

/// [`step`] compiled for any processor of its kind, never for a wider one:
/// what a test compares the wide step with, bit for bit.
#[inline(always)]
pub fn step_portable<T: Tracer>(world: &mut World, settings: &Settings, tracer: &mut T) -> StepStats {
    debug_assert_eq!(world.bodies.len(), world.motions.len(), "a motion for every body");
    let stats = match settings.method {
        Method::Relaxation => relax(world, settings, tracer),
        Method::Reposition => {
            let stats = reposition::move_and_collide(&world.bodies, &mut world.motions, settings, world.gravity, tracer);
            forces(world, settings, tracer);
            stats
        }
        Method::EventDriven => {
            // Gravity is zero here; only the frame's actions (a shot) act, before the frame's flight.
            if world.actions.iter().any(|a| a.acts_in(world.frame)) {
                forces(world, settings, tracer);
            }
            let World { bodies, motions, scratch, time, .. } = world;
            event::run((bodies, motions), &mut scratch.event, (*time, settings.dt), settings.motion, tracer)
        }
    };
    world.time += settings.dt;
    world.frame += 1;
    stats
}

/// The frame's actions queue their loads, then gravity and the loads change the velocities.
fn forces<T: Tracer>(world: &mut World, settings: &Settings, tracer: &mut T) {
    if !settings.motion {
        return;
    }
    let World { bodies, motions, gravity, actions, frame, .. } = world;
    let count = bodies.len();
    let mut acted = Vec::new();
    for a in actions.iter().filter(|a| a.acts_in(*frame) && a.body < count) {
        if T::ENABLED {
            acted.push(Acted::of(a, &motions[a.body]));
        }
        a.apply(&mut bodies[a.body], &mut motions[a.body]);
    }
    forces::apply((bodies, motions), *gravity, settings.dt, acted, tracer);
}

/// The game-engine book's frame: forces, the broad phase, the relaxation passes, integrate.
/// (Inlined, so that the wide step compiles its passes for its processor.)
#[inline(always)]
fn relax<T: Tracer>(world: &mut World, settings: &Settings, tracer: &mut T) -> StepStats {
    world.scratch.frame_start_velocities.clear();
    if settings.integrator == Integrator::ExplicitEuler {
        world.scratch.frame_start_velocities.extend(world.motions.iter().map(|m| (m.velocity, m.angular_velocity)));
    }
    forces(world, settings, tracer);
    let World { bodies, motions, scratch, frame, contacts, .. } = world;
    let bodies = &bodies[..];
    scratch.solve_start_velocities.clear();
    if settings.warm_start {
        scratch.solve_start_velocities.extend(motions.iter().map(|m| (m.velocity, m.angular_velocity)));
    }
    let mut stats = StepStats::default();
    scratch.rotations.clear();
    scratch.rotations.extend(bodies.iter().zip(motions.iter()).map(|(b, m)| match b.shape {
        Shape::Circle { .. } => DVec2::X,
        _ => DVec2::from_angle(m.angle),
    }));
    let rotations = &scratch.rotations;
    let pose = |motions: &[Motion], i: usize| {
        let m = &motions[i];
        // A disc's pose is taken unturned, its angle as its rotation (see `Scratch::rotations`).
        let angle = if matches!(bodies[i].shape, Shape::Circle { .. }) { 0.0 } else { m.angle };
        Pose::turned(m.position, angle, rotations[i])
    };
    let (broad, levels) = (&mut scratch.broad, &mut scratch.levels);
    broad.start_frame(bodies, motions, tracer);
    if settings.warm_start {
        warm_start(bodies, motions, &pose, settings.contact, (*frame, &scratch.solve_start_velocities), contacts, tracer);
    }
    let mut solve = Solve { pass: 0, frame: *frame, memory: contacts, before: &scratch.solve_start_velocities };
    for pass in 1..=settings.relaxation_iterations {
        solve.pass = pass;
        // Untraced, the same visits in levels (the same bits: see `levels`);
        // summed impulses share their contact memory across visits, and stay in order.
        if !T::ENABLED && !settings.warm_start && levels.pass((bodies, motions), broad, &pose, settings, &mut solve, &mut stats) {
            continue;
        }
        for i in 0..bodies.len() {
            let mut k = 0;
            while let Some(j) = broad.partner(i, k) {
                k += 1;
                if visit_listed(bodies, motions, broad, (i, j), &pose, settings, &mut solve, tracer, &mut stats) == Visit::Contact
                    && settings.position_correction
                {
                    k = broad.follow(motions, pass, (i, j), k, tracer);
                }
            }
        }
    }
    solve.memory.end_frame(*frame);
    if settings.motion {
        integrate::run(motions, settings.dt, &scratch.frame_start_velocities, (PhaseKind::Integrate, None), tracer);
    }
    stats
}

/// What one visit of a pair found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visit {
    /// The bounding circles do not touch: nothing is tested or recorded.
    Apart,
    /// The narrow phase found no contact.
    NoContact,
    /// Detected, corrected and resolved.
    Contact,
}

/// One visit of the game-engine book's relaxation loop to the pair (a, b), a < b, in pass
/// `pass`: the bound test on the current positions, then detect → correct →
/// resolve. The step makes these visits in (a, b) order for the pairs its
/// candidate list holds; visiting every pair the same way gives the same world.
pub fn relax_pair<T: Tracer>(world: &mut World, a: usize, b: usize, settings: &Settings, pass: usize, tracer: &mut T) -> Visit {
    let World { bodies, motions, contacts, frame, .. } = world;
    if !broad::bounds_touch((&bodies[a], &motions[a]), (&bodies[b], &motions[b])) {
        return Visit::Apart;
    }
    let mut solve = Solve { pass, frame: *frame, memory: contacts, before: &[] };
    relax_touching(bodies, motions, (a, b), &|motions: &[Motion], i: usize| motions[i].pose(), settings, &mut solve, tracer)
}

/// Where in the frame a visit is, and what the summed solve keeps: the
/// contact memory, and the velocities the solve began from (empty: take a
/// point's approach speed at its first visit instead).
pub(crate) struct Solve<'a> {
    pub pass: usize,
    pub frame: u64,
    pub memory: &'a mut ContactMemory,
    pub before: &'a [(DVec2, f64)],
}

/// `warm_start`, before the first pass: each contact point of the last frame
/// whose pair still touches begins from the impulses it summed then (see
/// [`warm`]). The narrow phase is asked again, untraced, for where the point is now.
fn warm_start<T: Tracer>(
    bodies: &[Body],
    motions: &mut [Motion],
    pose: &impl Fn(&[Motion], usize) -> Pose,
    model: ContactModel,
    (frame, before): (u64, &[(DVec2, f64)]),
    memory: &mut ContactMemory,
    tracer: &mut T,
) {
    for key in memory.of_last_frame(frame) {
        let (a, b, feature) = (key.0 as usize, key.1 as usize, key.2);
        let still = broad::bounds_touch((&bodies[a], &motions[a]), (&bodies[b], &motions[b]))
            .then(|| detect::run(bodies, motions, a, b, (pose(motions, a), pose(motions, b)), model, 0, &mut NoTrace))
            .flatten()
            .and_then(|(first, second)| [Some(first), second].into_iter().flatten().zip(0..).find(|(at, _)| at.feature == feature));
        match still {
            Some((info, point)) => warm::warm((bodies, motions), key, (point, &info), (frame, before), memory, tracer),
            None => memory.forget(key),
        }
    }
}

/// A visit of a listed pair: the bound test on the current positions, then
/// [`relax_touching`], counted in `stats`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn visit_listed<T: Tracer>(
    bodies: &[Body],
    motions: &mut [Motion],
    broad: &broad::Broad,
    (a, b): (usize, usize),
    pose: &impl Fn(&[Motion], usize) -> Pose,
    settings: &Settings,
    solve: &mut Solve,
    tracer: &mut T,
    stats: &mut StepStats,
) -> Visit {
    if !broad.touch(motions, a, b) {
        return Visit::Apart;
    }
    stats.narrow_tests += 1;
    let visit = relax_touching(bodies, motions, (a, b), pose, settings, solve, tracer);
    stats.contacts += usize::from(visit == Visit::Contact);
    visit
}

/// A visit past the bound test: detect → correct → resolve, each body
/// standing at `pose(motions, i)`.
#[inline(always)]
fn relax_touching<T: Tracer>(
    bodies: &[Body],
    motions: &mut [Motion],
    (a, b): (usize, usize),
    pose: &impl Fn(&[Motion], usize) -> Pose,
    settings: &Settings,
    solve: &mut Solve,
    tracer: &mut T,
) -> Visit {
    let pass = solve.pass;
    // Two discs and the rest go to `respond` on paths of their own (see `detect::discs`).
    match detect::discs(&bodies[a], &bodies[b]) {
        Some(radii) => {
            let Some(info) = detect::run_discs(bodies, motions, a, b, radii, pass, tracer) else { return Visit::NoContact };
            respond(bodies, motions, (a, b), info, None, settings, solve, tracer);
        }
        None => {
            let poses = (pose(motions, a), pose(motions, b));
            let Some((info, second)) = detect::shapes(bodies, motions, a, b, poses, settings.contact, pass, tracer) else {
                return Visit::NoContact;
            };
            respond(bodies, motions, (a, b), info, second, settings, solve, tracer);
        }
    }
    Visit::Contact
}

/// correct → resolve at a contact the narrow phase found, deepest point first.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn respond<T: Tracer>(
    bodies: &[Body],
    motions: &mut [Motion],
    (a, b): (usize, usize),
    info: CollisionInfo,
    second: Option<CollisionInfo>,
    settings: &Settings,
    solve: &mut Solve,
    tracer: &mut T,
) {
    let pass = solve.pass;
    if settings.position_correction {
        // Once a pair, by the deepest point, at the texts' rate.
        correct::run(motions, a, b, &info, settings, pass, tracer);
    }
    if settings.warm_start {
        // Two points' normal sums solved together, then each point with its friction.
        // (Copies: the summed solve is not inlined, and `info` stays out of memory on the texts' path.)
        let given = second.and_then(|second| resolve::block_sums(bodies, motions, (a, b), [&info, &second], settings, solve));
        for (point, at) in [Some(info), second].into_iter().flatten().enumerate() {
            resolve::run_summed(
                bodies,
                motions,
                (a, b, point),
                &at,
                given.map(|(sums, case)| (sums[point], case)),
                settings,
                solve,
                tracer,
            );
        }
        return;
    }
    match second {
        None => resolve::run(bodies, motions, (a, b), &info, None, settings, pass, tracer),
        // A clipped manifold: both points' normal impulses solved together,
        // then applied point by point, each with its friction.
        Some(second) => match resolve::solve_two(bodies, motions, a, b, [&info, &second], settings) {
            Some(solve) => {
                for (point, at) in [info, second].iter().enumerate() {
                    let given = solve.given(point, motions, (a, b), info.normal);
                    resolve::run(bodies, motions, (a, b), at, Some(given), settings, pass, tracer);
                }
            }
            None => {
                resolve::run(bodies, motions, (a, b), &info, None, settings, pass, tracer);
                resolve::run(bodies, motions, (a, b), &second, None, settings, pass, tracer);
            }
        },
    }
}

/// Borrows two different motions of the slice mutably, in the order asked.
#[inline]
pub(crate) fn pair_mut(motions: &mut [Motion], a: usize, b: usize) -> (&mut Motion, &mut Motion) {
    debug_assert!(a < b);
    let (left, right) = motions.split_at_mut(b);
    (&mut left[a], &mut right[0])
}
