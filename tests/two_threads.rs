//! Two threads share the untraced passes of a world of many bodies on a
//! machine of two cores (`engine/fast/levels.rs`): each makes its half of
//! every level, waiting for the other where their halves meet. The world must
//! be the bits of the passes in (i, j) order, whether the threads' passes are
//! compiled for AVX2 (as the step that the processor chooses is) or not
//! (`step_portable`). A test binary of its own: with
//! other tests running beside it, the threads would find the machine busy and
//! leave the passes to one.

#[path = "it/common/mod.rs"]
mod common;

use common::{bits, pile200};
use impulse::engine::{Filtered, NoTrace, World, step, step_portable};

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

/// Row by row, the halves meet along one row; scrambled, nearly everywhere.
#[test]
fn two_threads_leave_the_bits_of_one() {
    let settings = pile200().settings;
    let two_cores = std::thread::available_parallelism().map_or(1, usize::from) >= 2;
    for (name, scrambled) in [("row by row", false), ("scrambled", true)] {
        let world = disc_block(30, 20, scrambled);
        let (mut shared, mut portable, mut in_order) = (world.clone(), world.clone(), world);
        let mut on_two = [0, 0];
        for frame in 0..40 {
            let a = step(&mut shared, &settings, &mut NoTrace);
            let p = step_portable(&mut portable, &settings, &mut NoTrace);
            let b = step(&mut in_order, &settings, &mut Filtered::new(|_, _| false, false));
            // (Narrow tests are not compared: a wall whose bounding circle a disc
            // touches is tested or not as the list holds it; see `StepStats`.)
            assert_eq!((a.contacts, p.contacts), (b.contacts, b.contacts), "{name}: frame {frame}");
            assert_eq!(bits(&shared), bits(&in_order), "{name}: the states differ after frame {frame}");
            assert_eq!(bits(&portable), bits(&in_order), "{name}: the portable step's states differ after frame {frame}");
            on_two[0] += usize::from(a.two_threads);
            on_two[1] += usize::from(p.two_threads);
        }
        // Most frames on a quiet machine; a busy one still tries now and then.
        assert!(!two_cores || on_two.iter().all(|&n| n > 0), "{name}: never on two threads: {on_two:?}");
        eprintln!("{name}: {} and {} of 40 frames on two threads (the step, the portable step)", on_two[0], on_two[1]);
    }
}
