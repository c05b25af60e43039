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
        // (Narrow tests are not compared: a wall whose bounding circle a disc
        // touches is tested or not as the list holds it; see `StepStats`.)
        assert_eq!(a.contacts, b.contacts, "{name}: frame {frame}");
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

/// 400 unit discs packed 1.2 m apart, each overlapping its neighbours by
/// 0.8 m, on a floor: the corrections push discs farther than the list
/// allows in pass after pass. A pass made in levels is kept when those discs
/// met no pair the list left out, and made again in order when they may have:
/// the same bits as the passes in order, both ways taken.
#[test]
fn a_crushed_pile_keeps_the_passes_its_strays_allow() {
    use glam::DVec2;
    use impulse::engine::BodyDef;
    use impulse::geometry::Shape;
    let disc = |i: usize| {
        let at = DVec2::new((i % 20) as f64 * 1.2, 1.0 + (i / 20) as f64 * 1.2);
        BodyDef::dynamic(format!("d{i}"), Shape::Circle { radius: 1.0 }, 1.0).at(at)
    };
    let mut bodies: Vec<BodyDef> = (0..400).map(disc).collect();
    bodies.push(BodyDef::fixed("floor", Shape::Box { size: DVec2::new(40.0, 1.0) }).at(DVec2::new(11.4, -0.5)));
    let world = World::new(bodies, DVec2::new(0.0, -9.8));
    let settings = Settings::default();
    same_in_order("crushed", &world, &settings, 60);

    let (mut levels, mut in_levels, mut kept) = (world.clone(), 0, 0);
    for _ in 0..60 {
        let stats = step(&mut levels, &settings, &mut NoTrace);
        (in_levels, kept) = (in_levels + stats.passes_in_levels, kept + stats.kept_with_strays);
    }
    let passes = 60 * settings.relaxation_iterations;
    eprintln!("in levels {in_levels} of {passes}, kept with strays {kept}");
    assert!(kept > 0 && in_levels < passes, "{in_levels} of {passes} passes in levels, {kept} kept with strays");
}
