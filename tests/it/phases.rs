//! A frame's phases kept in lists by kind (`Phases`) give back, phase by
//! phase, exactly what a plain `Vec<Phase>` tracer keeps of the same step:
//! every embedded lesson (texts 001 to 004, walls and events among them) and
//! a ball on a wall's end, between them every kind of phase; a
//! packed pile of discs and boxes with the texts' solver and with the sound
//! options, clipped manifolds and summed impulses; 200 discs in a walled box.
//! And a record written over frame after frame (`record_frame_into`) holds
//! each frame as a fresh one does.

use crate::common;

use impulse::engine::{
    ContactModel, FrameRecord, NoTrace, Phase, PhaseKind, Phases, Settings, World, record_frame, record_frame_into, step,
};
use impulse::lesson;

/// Steps `frames` frames of two copies of `world`, one into a `Vec<Phase>` and
/// one into `Phases`, and compares every phase, its kind and its changes.
/// Returns the kinds of phase seen.
fn same_phases(what: &str, world: &World, settings: &Settings, frames: usize) -> Vec<PhaseKind> {
    let (mut plain, mut listed) = (world.clone(), world.clone());
    let mut kept = Phases::new();
    let mut kinds = Vec::new();
    for frame in 0..frames {
        let mut whole: Vec<Phase> = Vec::new();
        step(&mut plain, settings, &mut whole);
        kept.clear();
        step(&mut listed, settings, &mut kept);
        assert_eq!(kept.len(), whole.len(), "{what}, frame {frame}: as many phases");
        for (i, phase) in whole.iter().enumerate() {
            assert_eq!(&*kept.at(i), phase, "{what}, frame {frame}, phase {i}");
            assert_eq!(kept.kind(i), phase.kind(), "{what}, frame {frame}, phase {i}: kind");
            assert_eq!((kept.iteration(i), kept.pair(i)), (phase.iteration, phase.pair), "{what}, frame {frame}, phase {i}: pass, pair");
            assert_eq!(kept.changes(i), phase.changes(), "{what}, frame {frame}, phase {i}: changes");
        }
        assert_eq!(kept.iter().collect::<Vec<_>>(), whole, "{what}, frame {frame}: in order");
        assert_eq!(kept.iter().rev().collect::<Vec<_>>(), whole.iter().rev().cloned().collect::<Vec<_>>(), "{what}: backwards");
        assert_eq!(kept.get(whole.len()), None);
        for phase in &whole {
            if !kinds.contains(&phase.kind()) {
                kinds.push(phase.kind());
            }
        }
    }
    kinds
}

#[test]
fn every_lesson_keeps_the_phases_a_list_keeps() {
    let mut kinds = Vec::new();
    for lesson in lesson::embedded() {
        let lesson = lesson.expect("an embedded lesson parses");
        let scene = &lesson.scene;
        let frames = lesson::frames_needed(&lesson) as usize;
        let name = lesson.section.as_ref().map_or("a lesson", |s| s.id.as_str()).to_string();
        let seen = same_phases(&name, &scene.world, &scene.settings, frames);
        assert!(!seen.is_empty(), "{name} records phases");
        kinds.extend(seen);
    }
    // A ball that lands on a wall's end (Dobre & Ramtal's endpoint bounce, which no
    // lesson shows), and the warm start.
    let end = ledge();
    kinds.extend(same_phases("a wall's end", &end.world, &end.settings, 40));
    kinds.extend(same_phases("the warm start", &common::packed_pile(), &Settings { warm_start: true, ..Settings::default() }, 2));
    let missing: Vec<_> = PhaseKind::ALL.iter().filter(|k| !kinds.contains(k)).collect();
    assert!(missing.is_empty(), "no scene here makes {missing:?}");
}

#[test]
fn a_pile_of_discs_and_boxes_keeps_the_phases_a_list_keeps() {
    let pile = common::packed_pile();
    // The floor's bounding circle meets bodies whose boxes are well clear of
    // it: visits a recorder keeping them by their start answers without the
    // narrow phase, and still gives back in full.
    let (floor, poses) = (pile.bodies.len() - 1, pile.motions.iter().map(|m| m.pose()).collect::<Vec<_>>());
    let clear = (0..floor)
        .filter(|&b| {
            let ends = [&pile.bodies[b], &pile.bodies[floor]].map(|x| x.shape);
            let reach = ends[0].bounding_radius() + ends[1].bounding_radius();
            poses[b].position.distance(poses[floor].position) <= reach
                && impulse::geometry::boxes_apart((&ends[0], poses[b]), (&ends[1], poses[floor]))
        })
        .count();
    assert!(clear > 30, "{clear} bodies clear of the floor within its circle");
    let texts = Settings::default();
    same_phases("the texts' solver", &pile, &texts, 12);
    let walled = common::pile200();
    same_phases("a walled pile", &walled.world, &walled.settings, 10);
    let sound = Settings { coulomb_cap: true, slop: 0.01, restitution_threshold: 0.5, ..Settings::default() };
    same_phases("the sound options", &pile, &sound, 8);
    let clipped = Settings { contact: ContactModel::Clipped, ..sound.clone() };
    same_phases("clipped manifolds", &pile, &clipped, 8);
    let warm = Settings { warm_start: true, ..clipped };
    same_phases("summed impulses", &pile, &warm, 8);
}

#[test]
fn a_record_written_over_holds_each_frame_as_a_fresh_one() {
    let settings = Settings { contact: ContactModel::Clipped, ..Settings::default() };
    let (mut fresh, mut reused) = (common::packed_pile(), common::packed_pile());
    let mut record = FrameRecord::default();
    for _ in 0..10 {
        let stats = record_frame_into(&mut record, &mut reused, &settings);
        assert_eq!(record, record_frame(&mut fresh, &settings));
        // What the step counted is what its record shows.
        let found = record.phases.iter().filter(|p| p.found_contact()).count();
        assert!(found > 0);
        assert_eq!(stats.contacts, found);
    }
    // Both worlds stepped as the untraced step steps them.
    let mut untraced = common::packed_pile();
    for _ in 0..10 {
        step(&mut untraced, &settings, &mut NoTrace);
    }
    assert_eq!(common::bits(&untraced), common::bits(&reused));
}

/// A ball dropped onto the end of a wall, Dobre & Ramtal's way: its detects keep a
/// wall's report, which `Phases` keeps whole.
fn ledge() -> impulse::scene::Scene {
    let end = "[world]\ngravity = [0.0, -10.0]\ndt = 0.05\n[solver]\nmethod = \"reposition\"\n\
               [[body]]\nname = \"ball\"\nshape = \"circle\"\nradius = 0.5\nmass = 1.0\nposition = [4.3, 1.5]\n\
               [[wall]]\nname = \"ledge\"\nfrom = [0.0, 0.0]\nto = [4.0, 0.0]\n";
    impulse::scene::Scene::parse("ledge.toml", end).unwrap()
}

#[test]
fn kept_phases_filter_as_a_list_does() {
    let ledge = ledge();
    let mut walls = ledge.world.clone();
    for _ in 0..10 {
        step(&mut walls, &ledge.settings, &mut NoTrace);
    }
    for (world, settings) in [(common::packed_pile(), Settings::default()), (walls, ledge.settings)] {
        let frame = record_frame(&mut world.clone(), &settings);
        // Every other phase, so that each kind is both kept and let go.
        let every_other = || {
            let mut n = 0;
            move |_: &Phase| {
                n += 1;
                n % 2 == 1
            }
        };
        let mut kept = frame.phases.clone();
        let room = kept.bytes();
        kept.retain(every_other());
        let wanted: Vec<Phase> = frame.phases.iter().filter(every_other()).collect();
        assert!(wanted.len() > 1 && wanted.len() < frame.phases.len());
        assert_eq!(kept.iter().collect::<Vec<_>>(), wanted);
        assert_eq!(wanted.iter().cloned().collect::<Phases>(), kept, "built phase by phase, the same phases");
        assert_eq!(kept.bytes(), room, "filtered in place: the lists keep their room");
        // Read in place as taken out.
        for (k, phase) in wanted.iter().enumerate() {
            let in_place = (kept.kind(k), kept.iteration(k), kept.pair(k), kept.changes(k));
            assert_eq!(in_place, (phase.kind(), phase.iteration, phase.pair, phase.changes()));
        }
    }
}

/// A pass's visits are kept by how they began, and made again when read
/// (docs/adr/0090-visits-kept-by-their-start.md): a frame of the pile keeps
/// less than half the bytes of the same phases kept record by record.
#[test]
fn visits_kept_by_their_start_take_less_than_half_the_bytes() {
    let frame = record_frame(&mut common::packed_pile(), &Settings::default());
    let listed: Phases = frame.phases.iter().collect();
    assert_eq!(listed, frame.phases);
    let (kept, records) = (frame.phases.bytes(), listed.bytes());
    assert!(kept * 2 < records, "{kept} bytes kept by the recorder, {records} record by record");
}
