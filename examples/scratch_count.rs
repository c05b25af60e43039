use impulse::engine::{NoTrace, PhaseData, record_frame, step};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scene = impulse::scene::Scene::load(std::path::Path::new(&args[1])).unwrap();
    let mut w = scene.world.clone();
    for _ in 0..300 {
        step(&mut w, &scene.settings, &mut NoTrace);
    }
    let r = record_frame(&mut w.clone(), &scene.settings);
    for p in &r.phases {
        if let PhaseData::Broad(b) = &p.data {
            if let Some((a, c)) = b.rebuilt {
                println!("pass {:?} {} {} cand {}", p.iteration, w.bodies[a].name, w.bodies[c].name, b.candidates.len());
            }
        }
    }
}
