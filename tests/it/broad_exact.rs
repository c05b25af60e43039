//! The broad phase gives exactly the game-engine book's loop: every pair (i, j), i < j, in
//! scene order, in every pass, with the bounding circles tested at the moment
//! the pair is visited. The loop is written out here literally, O(n²) a pass,
//! and the engine's step (candidate list, margin, rebuilds) must leave the
//! same world, bit for bit.

use glam::DVec2;
use impulse::engine::{BodyDef, Friction, NoTrace, PhaseKind, Settings, Tangent, World, record_frame, relax_pair, step};
use impulse::geometry::Shape;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// The game-engine book's relaxation loop as the text writes it, with motion off so the
/// frame is nothing but the passes.
fn literal_loop(world: &mut World, s: &Settings) {
    for pass in 1..=s.relaxation_iterations {
        for i in 0..world.bodies.len() {
            for j in i + 1..world.bodies.len() {
                if world.bodies[i].is_static() && world.bodies[j].is_static() {
                    continue;
                }
                relax_pair(world, i, j, s, pass, &mut NoTrace);
            }
        }
    }
}

fn no_motion(passes: usize) -> Settings {
    Settings { relaxation_iterations: passes, motion: false, ..Settings::default() }
}

fn disc(name: &str, x: f64) -> BodyDef {
    BodyDef::dynamic(name, Shape::Circle { radius: 1.0 }, 1.0).at(DVec2::new(x, 0.0))
}

/// Unit discs at x = 0, 1 and 3.1, one pass at rate 0.8. A–B overlap by 1 m:
/// the correction pushes each 0.4 m apart, so B (now at 1.4) overlaps C by
/// 0.3 m, and the loop, visiting B–C after A–B, removes 80 % of it: 0.06 m
/// are left. A list made at the start of the pass, when B and C were 0.1 m
/// apart, would never visit B–C.
#[test]
fn a_pair_pushed_together_earlier_in_the_pass_is_visited() {
    let mut world = World::new(vec![disc("A", 0.0), disc("B", 1.0), disc("C", 3.1)], DVec2::ZERO);
    let frame = record_frame(&mut world, &no_motion(1));
    let b_c = frame.phases.iter().filter(|p| p.kind() == PhaseKind::Detect && p.pair == Some((1, 2))).count();
    assert_eq!(b_c, 1, "B–C is detected in the one pass");
    let overlap = 2.0 - (world.motions[2].position.x - world.motions[1].position.x);
    assert!((overlap - 0.06).abs() < 1e-12, "B–C overlap left: {overlap}");
}

/// The same untraced, where the pass is made in levels: A–B overlap by
/// 1.5 m, so the correction pushes B 0.6 m toward C, which the list left out
/// (their bounds 0.05 m apart: the margin is 0.5 m). B went farther than the
/// list allows, and far enough to reach C: the pass is made again in order,
/// which lists B again and visits B–C, 80 % of their 0.05 m overlap removed.
#[test]
fn untraced_a_disc_pushed_into_one_the_list_left_out_is_visited() {
    let mut world = World::new(vec![disc("A", 0.0), disc("B", 0.5), disc("C", 3.05)], DVec2::ZERO);
    let stats = step(&mut world, &no_motion(1), &mut NoTrace);
    assert_eq!((stats.contacts, stats.passes_in_levels), (2, 0), "A–B and B–C met, in order");
    let overlap = 2.0 - (world.motions[2].position.x - world.motions[1].position.x);
    assert!((overlap - 0.01).abs() < 1e-12, "B–C overlap left: {overlap}");
}

#[derive(Clone, Debug)]
struct Placed {
    is_box: bool,
    size: DVec2,
    at: DVec2,
    angle: f64,
    velocity: DVec2,
    fixed: bool,
}

/// A body, a box with chance `boxes`, else a disc.
fn placed(boxes: f64) -> impl Strategy<Value = Placed> {
    (
        prop::bool::weighted(boxes),
        0.2..1.5f64,
        0.2..1.5f64,
        -6.0..6.0f64,
        -6.0..6.0f64,
        -3.2..3.2f64,
        -2.0..2.0f64,
        -2.0..2.0f64,
        prop::bool::weighted(0.15),
    )
        .prop_map(|(is_box, w, h, x, y, angle, vx, vy, fixed)| Placed {
            is_box,
            size: DVec2::new(w, h),
            at: DVec2::new(x, y),
            angle,
            velocity: DVec2::new(vx, vy),
            fixed,
        })
}

fn build(placed: &[Placed]) -> World {
    let bodies = placed
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let shape = if p.is_box { Shape::Box { size: p.size } } else { Shape::Circle { radius: p.size.x / 2.0 } };
            let mut b = BodyDef::dynamic(format!("b{i}"), shape, p.size.x * p.size.y).at(p.at);
            b.motion.angle = p.angle;
            b.motion.velocity = p.velocity;
            b.body.restitution = 0.3;
            b.body.friction = 0.4;
            if p.fixed {
                b.make_static();
            }
            b
        })
        .collect();
    World::new(bodies, DVec2::ZERO)
}

/// Crowded piles of discs and boxes (some static) in a 12 m square: many
/// overlaps, deep ones among them, so corrections move bodies far enough to
/// make the list be rebuilt mid-pass.
#[test]
fn the_step_leaves_the_same_world_as_the_literal_loop() {
    let mut runner = TestRunner::new(Config { cases: 300, ..Config::default() });
    let strategy = (prop::collection::vec(placed(0.5), 2..=40), 1usize..=15);
    runner
        .run(&strategy, |(placed, passes)| {
            let s = no_motion(passes);
            let (mut fast, mut literal) = (build(&placed), build(&placed));
            let mut traced = fast.clone();
            step(&mut fast, &s, &mut NoTrace);
            literal_loop(&mut literal, &s);
            let frame = record_frame(&mut traced, &s);
            prop_assert_eq!(fast.states(), literal.states(), "untraced step");
            prop_assert_eq!(traced.states(), literal.states(), "traced step");
            prop_assert_eq!(frame.end, literal.states());
            Ok(())
        })
        .unwrap();
}

/// Frame after frame, the untraced list serves on and its margin widens while
/// corrections keep moving bodies out of their listings (few passes, deep
/// overlaps): the world stays the literal loop's, bit for bit.
#[test]
fn frame_after_frame_the_step_leaves_the_same_world_as_the_literal_loop() {
    let mut runner = TestRunner::new(Config { cases: 100, ..Config::default() });
    // Squeezed into a square of 2.4 to 12 m: the deepest overlaps widen the margin most.
    let strategy = (prop::collection::vec(placed(0.5), 2..=40), 1usize..=4, 2usize..=12, 0.2..1.0f64);
    runner
        .run(&strategy, |(mut placed, passes, frames, squeeze)| {
            for p in &mut placed {
                p.at *= squeeze;
            }
            let s = no_motion(passes);
            let (mut fast, mut literal) = (build(&placed), build(&placed));
            for frame in 0..frames {
                step(&mut fast, &s, &mut NoTrace);
                literal_loop(&mut literal, &s);
                prop_assert_eq!(fast.states(), literal.states(), "frame {}", frame);
            }
            Ok(())
        })
        .unwrap();
}

/// Any solver settings the game-engine book's passes take, on crowded piles of mostly
/// discs: untraced, where the texts' resolve is made (Coulomb friction along the
/// projected tangent, uncapped, with correction) the passes are made in levels,
/// two moving discs' visits four at a time; otherwise in order.
#[test]
fn with_any_solver_settings_the_step_leaves_the_same_world_as_the_literal_loop() {
    let mut runner = TestRunner::new(Config { cases: 300, ..Config::default() });
    // The texts' resolve (four discs at a time) in about a quarter of the cases.
    let friction = prop_oneof![3 => Just(Friction::Coulomb), 1 => Just(Friction::VelocityRatio), 1 => Just(Friction::None)];
    let tangent = prop_oneof![3 => Just(Tangent::Projected), 1 => Just(Tangent::RotatedNormal), 1 => Just(Tangent::SignFixed)];
    let solver = (friction, tangent, prop::bool::weighted(0.15), prop::bool::weighted(0.85), 0.0..0.05f64, 0.0..1.0f64, 0.1..1.0f64);
    let strategy = (prop::collection::vec(placed(0.15), 2..=40), 1usize..=15, 0.3..1.0f64, solver);
    runner
        .run(&strategy, |(mut placed, passes, squeeze, (friction, tangent, coulomb_cap, position_correction, slop, threshold, rate))| {
            for p in &mut placed {
                p.at *= squeeze;
            }
            let s = Settings {
                friction,
                tangent,
                coulomb_cap,
                position_correction,
                slop,
                restitution_threshold: threshold,
                correction_rate: rate,
                ..no_motion(passes)
            };
            let (mut fast, mut literal) = (build(&placed), build(&placed));
            for frame in 0..3 {
                step(&mut fast, &s, &mut NoTrace);
                literal_loop(&mut literal, &s);
                prop_assert_eq!(fast.states(), literal.states(), "frame {}", frame);
            }
            Ok(())
        })
        .unwrap();
}

/// 300 unit discs packed 1.2 m apart (each overlapping its neighbours by
/// 0.8 m), 15 passes: the corrections push discs farther than the list allows
/// in most passes. Untraced, such a pass made in levels is kept when the
/// discs that went too far met no pair the list left out, else made again in
/// order (`engine/broad/strays.rs`); either way the literal loop's world.
#[test]
fn a_crushed_pile_whose_passes_keep_their_strays_leaves_the_literal_loops_world() {
    let disc = |i: usize| {
        let at = DVec2::new((i % 20) as f64 * 1.2, (i / 20) as f64 * 1.2);
        BodyDef::dynamic(format!("d{i}"), Shape::Circle { radius: 1.0 }, 1.0).at(at)
    };
    let world = World::new((0..300).map(disc).collect(), DVec2::ZERO);
    let s = no_motion(15);
    let (mut fast, mut literal, mut kept) = (world.clone(), world, 0);
    for frame in 0..4 {
        kept += step(&mut fast, &s, &mut NoTrace).kept_with_strays;
        literal_loop(&mut literal, &s);
        assert_eq!(fast.states(), literal.states(), "frame {frame}");
    }
    assert!(kept > 0, "no pass was kept with a disc gone too far for the list");
}
