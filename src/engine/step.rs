//! The one step function: one frame of whichever method the settings name.

use super::forces::record::Acted;
use super::{Method, Settings, Tracer, World, event, relax, reposition};

/// What a step did, counted even when nothing is traced (for `impulse bench`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepStats {
    /// Pairs that passed the bounding test and went to the narrow phase, over all passes.
    /// Untraced, only listed pairs are tested, and which pairs the list holds
    /// depends on when bodies were listed again: a pair of a disc and a wall
    /// whose bounding circles touch while their shapes are apart may be
    /// counted or not. Contacts, and the world, are the same either way.
    pub narrow_tests: usize,
    /// Narrow-phase tests that found contact, over all passes.
    pub contacts: usize,
    /// Whether two threads shared passes (untraced, many bodies, two cores:
    /// see `engine/fast/levels.rs`); the world is the same bits either way.
    pub two_threads: bool,
    /// Passes made in levels, on one thread or two (untraced); the rest went
    /// in (i, j) order. The same bits either way.
    pub passes_in_levels: usize,
    /// Of those, passes in which a correction moved a body farther than the
    /// list allows, kept because it met no pair the list left out
    /// (`engine/broad/strays.rs`).
    pub kept_with_strays: usize,
}

/// Advances the world by one frame, telling `tracer` what each phase did.
///
/// On a processor with AVX2 the same code runs compiled for it (see
/// `fast/wide.rs`): the same operations in the same order, so the same bits.
pub fn step<T: Tracer>(world: &mut World, settings: &Settings, tracer: &mut T) -> StepStats {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has the features `step_wide` is compiled for.
        return unsafe { super::fast::wide::step_wide(world, settings, tracer) };
    }
    step_portable(world, settings, tracer)
}

/// [`step`] compiled for any processor of its kind, never for a wider one:
/// what a test compares the wide step with, bit for bit.
#[inline(always)]
pub fn step_portable<T: Tracer>(world: &mut World, settings: &Settings, tracer: &mut T) -> StepStats {
    step_compiled(world, settings, tracer, false)
}

/// The step, compiled as its caller is; `wide` says whether that is for
/// AVX2, so that the passes the second thread makes are compiled the same
/// way (a thread's work is a function of its own, and would otherwise be portable).
#[inline(always)]
pub(super) fn step_compiled<T: Tracer>(world: &mut World, settings: &Settings, tracer: &mut T, wide: bool) -> StepStats {
    debug_assert_eq!(world.bodies.len(), world.motions.len(), "a motion for every body");
    let stats = match settings.method {
        Method::Relaxation => relax::relax(world, settings, tracer, wide),
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
pub(super) fn forces<T: Tracer>(world: &mut World, settings: &Settings, tracer: &mut T) {
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
    super::forces::apply((bodies, motions), *gravity, settings.dt, acted, tracer);
}
