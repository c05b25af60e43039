//! The game-engine book's frame: forces, the broad phase, the relaxation
//! passes over the candidate pairs in scene order, integrate; and a visit of
//! one pair: bound test, detect → correct → resolve.

use super::body::{Body, Motion};
use super::handle::{BodyHandle, Handles};
use super::phase::Declining;
use super::step::forces;
use super::{
    ContactMemory, ContactModel, Integrator, NoTrace, Phase, PhaseKind, Settings, StepStats, Tracer, World, broad, correct, detect,
    integrate, resolve, warm,
};
use crate::geometry::{CollisionInfo, Pose, Shape, boxes_apart};
use glam::DVec2;

/// The game-engine book's frame: forces, the broad phase, the relaxation passes, integrate.
/// (Inlined, so that the wide step compiles its passes for its processor;
/// `wide`: it is the wide step.)
#[inline(always)]
pub(super) fn relax<T: Tracer>(world: &mut World, settings: &Settings, tracer: &mut T, wide: bool) -> StepStats {
    world.scratch.frame_start_velocities.clear();
    if settings.integrator == Integrator::ExplicitEuler {
        world.scratch.frame_start_velocities.extend(world.motions.iter().map(|m| (m.velocity, m.angular_velocity)));
    }
    forces(world, settings, tracer);
    let World { bodies, motions, scratch, frame, contacts, handles, .. } = world;
    let bodies = &bodies[..];
    scratch.solve_start_velocities.clear();
    if settings.warm_start {
        scratch.solve_start_velocities.extend(motions.iter().map(|m| (m.velocity, m.angular_velocity)));
    }
    let mut stats = StepStats::default();
    scratch.rotations.clear();
    scratch.rotations.extend(bodies.iter().zip(motions.iter()).map(|(b, m)| rotation(b, m)));
    let rotations = &scratch.rotations;
    let pose_of = |m: &Motion, i: usize| pass_pose(&bodies[i], m, rotations[i]);
    let pose = |motions: &[Motion], i: usize| pose_of(&motions[i], i);
    if T::KEEPS_VISITS && !settings.warm_start {
        tracer.passes_begin(bodies, motions, settings);
    }
    let (broad, levels) = (&mut scratch.broad, &mut scratch.levels);
    // Untraced, the same visits in levels (the same bits: see `levels`), on
    // two threads where they pay, else a pass at a time; summed impulses
    // share their contact memory across visits, and stay in order.
    let levelled = !T::ENABLED && !settings.warm_start;
    if levelled {
        levels.step_begins(broad, wide);
    }
    broad.start_frame(bodies, motions, tracer);
    if settings.warm_start {
        warm_start(bodies, motions, &pose, settings.contact, (*frame, &scratch.solve_start_velocities), (contacts, handles), tracer);
    }
    let mut solve = Solve { pass: 0, frame: *frame, memory: contacts, handles: handles.all(), before: &scratch.solve_start_velocities };
    let on_two_threads = if levelled { levels.two_threads((bodies, motions), broad, &pose_of, settings, &mut stats) } else { 0 };
    for pass in on_two_threads + 1..=settings.relaxation_iterations {
        solve.pass = pass;
        if levelled && levels.pass((bodies, motions), broad, &pose_of, settings, &mut solve, &mut stats) {
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

/// A body's rotation through a frame's passes, worked out once as they
/// begin (a body's angle holds through them): a disc's is none.
#[inline(always)]
fn rotation(body: &Body, m: &Motion) -> DVec2 {
    match body.shape {
        Shape::Circle { .. } => DVec2::X,
        _ => DVec2::from_angle(m.angle),
    }
}

/// Where a body stands in a pass, its rotation worked out before.
#[inline(always)]
fn pass_pose(body: &Body, m: &Motion, rotation: DVec2) -> Pose {
    // A disc's pose is taken unturned, its angle as its rotation (see `Scratch::rotations`).
    let angle = if matches!(body.shape, Shape::Circle { .. }) { 0.0 } else { m.angle };
    Pose::turned(m.position, angle, rotation)
}

/// A visit of the passes made again, for the bodies `bodies` of the pair
/// `(a, b)` standing at `before` as it began, in pass `pass`: the records
/// the pass handed its tracer, bit for bit (without the warm start, a visit
/// reads nothing else). What a recorder that keeps only a visit's start
/// ([`Tracer::KEEPS_VISITS`]) gives back when the visit is read.
pub(super) fn visit_again(bodies: [&Body; 2], before: [Motion; 2], (a, b): (usize, usize), pass: usize, settings: &Settings) -> Vec<Phase> {
    let bodies = bodies.map(Body::clone);
    let mut motions = before;
    let rotations = [0, 1].map(|k| rotation(&bodies[k], &motions[k]));
    let pose = |motions: &[Motion], k: usize| pass_pose(&bodies[k], &motions[k], rotations[k]);
    let mut memory = ContactMemory::default();
    let mut solve = Solve { pass, frame: 0, memory: &mut memory, handles: &[], before: &[] };
    let mut phases: Vec<Phase> = Vec::with_capacity(4);
    // Made as bodies 0 and 1 of a world of two, then named by their places in the frame.
    relax_touching(&bodies, &mut motions, (0, 1), &pose, settings, &mut solve, &mut phases);
    for phase in &mut phases {
        phase.pair = Some((a, b));
        phase.data.renumber([a, b]);
    }
    phases
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
    let World { bodies, motions, contacts, frame, handles, .. } = world;
    if !broad::bounds_touch((&bodies[a], &motions[a]), (&bodies[b], &motions[b])) {
        return Visit::Apart;
    }
    let mut solve = Solve { pass, frame: *frame, memory: contacts, handles: handles.all(), before: &[] };
    relax_touching(bodies, motions, (a, b), &|motions: &[Motion], i: usize| motions[i].pose(), settings, &mut solve, tracer)
}

/// Where in the frame a visit is, and what the summed solve keeps: the
/// contact memory, and the velocities the solve began from (empty: take a
/// point's approach speed at its first visit instead).
pub(crate) struct Solve<'a> {
    pub pass: usize,
    pub frame: u64,
    pub memory: &'a mut ContactMemory,
    /// The bodies' handles, by place: the memory's keys.
    pub handles: &'a [BodyHandle],
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
    (memory, handles): (&mut ContactMemory, &Handles),
    tracer: &mut T,
) {
    for (a, b, key) in memory.of_last_frame(frame, |h| handles.place(h)) {
        let feature = key.2;
        let still = broad::bounds_touch((&bodies[a], &motions[a]), (&bodies[b], &motions[b]))
            .then(|| detect::run(bodies, motions, a, b, (pose(motions, a), pose(motions, b)), model, 0, &mut NoTrace))
            .flatten()
            .and_then(|(first, second)| [Some(first), second].into_iter().flatten().zip(0..).find(|(at, _)| at.feature == feature));
        match still {
            Some((info, point)) => warm::warm((bodies, motions), (a, b, key), (point, &info), (frame, before), memory, tracer),
            None => memory.forget(key),
        }
    }
}

/// A visit of a listed pair: the bound test on the current positions, then
/// [`relax_touching`], counted in `stats`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn visit_listed<T: Tracer>(
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
    let visit = if T::KEEPS_VISITS && !settings.warm_start {
        tracer.visit_begins(solve.pass, (a, b), [motions[a], motions[b]]);
        if known_apart(bodies, motions, (a, b), pose) {
            // Its one phase, a detect that found nothing, is kept by the
            // visit's start like the others, and made in full when read.
            tracer.declined(PhaseKind::Detect, None);
            Visit::NoContact
        } else {
            relax_touching(bodies, motions, (a, b), pose, settings, solve, &mut Declining(tracer))
        }
    } else {
        relax_touching(bodies, motions, (a, b), pose, settings, solve, tracer)
    };
    stats.contacts += usize::from(visit == Visit::Contact);
    visit
}

/// Whether the narrow phase is sure to find no contact for a pair whose
/// bounding circles touch: not two discs (their circles are their shapes),
/// and their boxes apart. A long wall's circle meets every body near it, so
/// traced, most of a walled pile's tests are of this kind; a recorder that
/// keeps visits by their start needs only their answer, and a reader's visit,
/// made again, makes the test in full.
#[inline(always)]
fn known_apart(bodies: &[Body], motions: &[Motion], (a, b): (usize, usize), pose: &impl Fn(&[Motion], usize) -> Pose) -> bool {
    detect::discs(&bodies[a], &bodies[b]).is_none()
        && boxes_apart((&bodies[a].shape, pose(motions, a)), (&bodies[b].shape, pose(motions, b)))
}

/// A visit past the bound test: detect → correct → resolve, each body
/// standing at `pose(motions, i)`.
#[inline(always)]
pub(super) fn relax_touching<T: Tracer>(
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
        // (Copies: `info` stays out of memory on the texts' path.)
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
