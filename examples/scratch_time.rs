use impulse::engine::{NoTrace, record_frame, step};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scene = impulse::scene::Scene::load(std::path::Path::new(&args[1])).unwrap();
    let warm: usize = args.get(2).map_or(300, |s| s.parse().unwrap());
    let mut w = scene.world.clone();
    for _ in 0..warm {
        step(&mut w, &scene.settings, &mut NoTrace);
    }
    let mut times = vec![];
    let mut contacts = 0;
    for _ in 0..100 {
        let t = Instant::now();
        let st = step(&mut w, &scene.settings, &mut NoTrace);
        times.push(t.elapsed().as_secs_f64() * 1e3);
        contacts += st.contacts;
    }
    times.sort_by(f64::total_cmp);
    let mut tt = vec![];
    for _ in 0..(if std::env::var("TRACED").is_ok() { 5 } else { 0 }) {
        let t = Instant::now();
        let r = record_frame(&mut w, &scene.settings);
        tt.push(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(r);
    }
    tt.sort_by(f64::total_cmp);
    println!(
        "untraced median {:.3} ms (min {:.3}) contacts/step {}; traced median {:.3} ms",
        times[50],
        times[0],
        contacts / 100,
        tt.get(2).copied().unwrap_or(0.0)
    );
}
