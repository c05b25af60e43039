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

/// `columns` × `rows` discs listed row by row, or in a scrambled order,
/// packed so that neighbours overlap, falling onto a floor between walls.
fn disc_block(columns: usize, rows: usize, scrambled: bool) -> World {
    use glam::DVec2;
    use impulse::engine::BodyDef;
    use impulse::geometry::Shape;
    let n = columns * rows;
    // 7919 is prime and n is not a multiple of it, so k ↦ 7919·k mod n visits every place once.
    let place = |k: usize| if scrambled { (k * 7919) % n } else { k };
    let mut bodies: Vec<BodyDef> = (0..n)
        .map(|k| {
            let at = place(k);
            let radius = 0.5 + 0.05 * (at % 7) as f64;
            let centre = DVec2::new((at % columns) as f64 * 1.0, (at / columns) as f64 * 1.0 + 1.0);
            let mut disc = BodyDef::dynamic(format!("d{k}"), Shape::Circle { radius }, radius * radius).at(centre);
            disc.motion.velocity = DVec2::new(if at % 2 == 0 { 0.5 } else { -0.5 }, -1.0);
            (disc.body.friction, disc.body.restitution) = (0.3, 0.2);
            disc
        })
        .collect();
    let width = columns as f64;
    for (name, at, size) in [
        ("floor", DVec2::new(width / 2.0, -0.5), DVec2::new(width + 4.0, 1.0)),
        ("left", DVec2::new(-1.5, rows as f64), DVec2::new(1.0, 2.0 * rows as f64 + 4.0)),
        ("right", DVec2::new(width + 0.5, rows as f64), DVec2::new(1.0, 2.0 * rows as f64 + 4.0)),
    ] {
        let mut wall = BodyDef::fixed(name, Shape::Box { size }).at(at);
        (wall.body.friction, wall.body.restitution) = (0.3, 0.2);
        bodies.push(wall);
    }
    World::new(bodies, DVec2::new(0.0, -9.8))
}

/// With many bodies on a machine of two cores, two threads share the passes,
/// each making its half of every level and waiting for the other where their
/// halves meet; row by row, the halves meet along one row; scrambled, nearly
/// everywhere. Either way the world is the bits of the passes in order.
#[test]
fn two_threads_leave_the_bits_of_one() {
    let settings = pile200().settings;
    for (name, scrambled) in [("row by row", false), ("scrambled", true)] {
        let world = disc_block(30, 20, scrambled);
        same_in_order(name, &world, &settings, 40);
        if std::thread::available_parallelism().map_or(1, usize::from) >= 2 {
            let mut shared = world.clone();
            let on_two = (0..40).filter(|_| step(&mut shared, &settings, &mut NoTrace).two_threads).count();
            assert!(on_two >= 20, "{name}: two threads in only {on_two} of 40 frames");
        }
    }
}
