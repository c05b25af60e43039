//! The step the processor's features choose (`step`: with AVX2, compiled for
//! it) and the step compiled for any x86-64 (`step_portable`) leave the same
//! world, bit for bit, and record the same phases. (Without AVX2 both are the
//! portable step, and this holds trivially.)

use crate::common;

use common::{bits, packed_pile, pile200};
use impulse::engine::{ContactModel, NoTrace, Phase, Settings, World, step, step_portable};
use impulse::scene::{STARTER, Scene};

/// Steps two copies of `world` `frames` times, one each way, untraced,
/// comparing every state after every frame; then one traced frame each way.
fn same_both_ways(name: &str, world: &World, settings: &Settings, frames: usize) {
    let (mut chosen, mut portable) = (world.clone(), world.clone());
    let mut contacts = 0;
    for frame in 0..frames {
        let a = step(&mut chosen, settings, &mut NoTrace);
        contacts += a.contacts;
        let b = step_portable(&mut portable, settings, &mut NoTrace);
        assert_eq!((a.narrow_tests, a.contacts), (b.narrow_tests, b.contacts), "{name}: frame {frame}");
        assert_eq!(bits(&chosen), bits(&portable), "{name}: the states differ after frame {frame}");
    }
    assert!(contacts > 10 * frames, "{name}: only {contacts} contacts in {frames} frames");
    let (mut traced_chosen, mut traced_portable): (Vec<Phase>, Vec<Phase>) = (Vec::new(), Vec::new());
    step(&mut chosen, settings, &mut traced_chosen);
    step_portable(&mut portable, settings, &mut traced_portable);
    assert!(!traced_chosen.is_empty());
    assert!(traced_chosen == traced_portable, "{name}: the traced frames differ");
    assert_eq!(bits(&chosen), bits(&portable), "{name}: the states differ after the traced frame");
}

#[test]
fn the_texts_solver_on_a_pile_of_discs() {
    let pile = pile200();
    same_both_ways("pile200", &pile.world, &pile.settings, 120);
}

#[test]
fn the_texts_solver_on_discs_and_boxes_on_a_floor() {
    same_both_ways("mixed, texts", &packed_pile(), &Settings::default(), 150);
}

#[test]
fn the_starters_solver_warm_started_and_clipped() {
    let starter = Scene::parse("starter", STARTER).unwrap().settings;
    assert!(starter.warm_start, "the starter warm-starts (else this test repeats the last)");
    same_both_ways("mixed, starter", &packed_pile(), &starter, 150);
    let clipped = Settings { contact: ContactModel::Clipped, ..Settings::default() };
    same_both_ways("mixed, clipped", &packed_pile(), &clipped, 150);
}
