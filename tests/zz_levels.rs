use impulse::engine::{Filtered, NoTrace, step};
use impulse::scene::Scene;
#[test]
fn levels_same_bits() {
    let scene = Scene::parse("benches/discs1000.toml", include_str!("../benches/discs1000.toml")).unwrap();
    let settings = scene.settings.clone();
    let mut w1 = scene.world.clone();
    let mut w2 = scene.world;
    for f in 0..600 {
        let s1 = step(&mut w1, &settings, &mut NoTrace);
        let mut none = Filtered::new(|_, _| false, false);
        let s2 = step(&mut w2, &settings, &mut none);
        assert_eq!(s1, s2, "frame {f}");
        for (a, b) in w1.states().iter().zip(w2.states()) {
            assert_eq!(format!("{:?}", a), format!("{:?}", b), "frame {f}");
        }
    }
}
