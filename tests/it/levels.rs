//! Untraced, the relaxation passes are made level by level, the visits of two
//! moving discs four at a time (`engine/fast/levels.rs`); a tracer's passes are
//! made in (i, j) order. Both must leave the same world, bit for bit, frame
//! after frame: here the untraced step against a tracer that records nothing
//! and keeps the untraced candidate list, so that the order of the visits is
//! the only difference.

use crate::common;

use common::{bits, packed_pile, pile200};
use impulse::engine::{Filtered, Friction, NoTrace, Settings, Tangent, World, step};

fn same_in_order(name: &str, world: &World, settings: &Settings, frames: usize) {
    let (mut levels, mut in_order) = (world.clone(), world.clone());
    let mut contacts = 0;
    for frame in 0..frames {
        let a = step(&mut levels, settings, &mut NoTrace);
        let b = step(&mut in_order, settings, &mut Filtered::new(|_, _| false, false));
        contacts += a.contacts;
        assert_eq!((a.narrow_tests, a.contacts), (b.narrow_tests, b.contacts), "{name}: frame {frame}");
        assert_eq!(bits(&levels), bits(&in_order), "{name}: the states differ after frame {frame}");
    }
    assert!(contacts > 10 * frames, "{name}: only {contacts} contacts in {frames} frames");
}

/// 200 discs fall into a walled box and settle: while they land, corrections
/// push bodies out of their listings in the middle of passes, and each such
/// pass is made again in order.
#[test]
fn discs_falling_into_a_box_and_settling() {
    let pile = pile200();
    same_in_order("pile200", &pile.world, &pile.settings, 240);
}

/// The passes go in levels, the discs four at a time, with the texts' resolve
/// and any slop, threshold, rate or number of passes; with any other friction,
/// tangent or the cap, or no correction, in order (levels would not pay).
#[test]
fn with_each_solver_setting_the_pass_takes_on() {
    let pile = pile200();
    let texts = pile.settings.clone();
    let variants = [
        ("slop and threshold", Settings { slop: 0.005, restitution_threshold: 0.5, correction_rate: 0.4, ..texts.clone() }),
        ("no correction", Settings { position_correction: false, ..texts.clone() }),
        ("velocity-ratio friction", Settings { friction: Friction::VelocityRatio, ..texts.clone() }),
        ("sign-fixed tangent", Settings { tangent: Tangent::SignFixed, ..texts.clone() }),
        ("capped", Settings { coulomb_cap: true, ..texts.clone() }),
        ("four passes", Settings { relaxation_iterations: 4, ..texts }),
    ];
    for (name, settings) in variants {
        same_in_order(name, &pile.world, &settings, 150);
    }
}

/// Discs and boxes on a static floor: visits of a disc and a box, of two
/// boxes and of the floor share the levels with the discs.
#[test]
fn discs_and_boxes_on_a_floor() {
    same_in_order("packed pile", &packed_pile(), &Settings::default(), 150);
}
