//! Any bytes as a scene or lesson file: reading it must give a lesson or an
//! error, never a panic; a lesson that reads must step a few traced frames
//! without one.
#![no_main]

use impulse::engine::record_frame;
use impulse::lesson::Lesson;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else { return };
    let Ok(lesson) = Lesson::parse("fuzz.toml", source) else { return };
    let mut world = lesson.world.clone();
    for _ in 0..3 {
        let record = record_frame(&mut world, &lesson.settings);
        std::hint::black_box(record);
    }
});
