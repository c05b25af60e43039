//! The texts the lessons follow, named as a reader knows them. Users have
//! never heard of "text 000": a lesson's `[lesson] source` names one of these,
//! and `impulse lessons`, the menu and the handout show its citation.

crate::named::named! {
    /// A source text, by the key `[lesson] source` gives.
    pub enum Source {
        RoughBalls = "rough-balls-article",
        GameEngine = "build-your-own-2d-game-engine",
        RigidBodyBlog = "rigid-body-blog",
        DobreRamtal = "dobre-ramtal",
        Algs4 = "algs4",
    }
}

impl Source {
    /// A short name for a list: what narration calls the text.
    pub fn short(self) -> &'static str {
        match self {
            Source::RoughBalls => "the rough-balls article",
            Source::GameEngine => "the game-engine book",
            Source::RigidBodyBlog => "the rigid-body blog",
            Source::DobreRamtal => "Dobre & Ramtal",
            Source::Algs4 => "Sedgewick & Wayne",
        }
    }

    /// The full citation, as README.md's "Sources" lists it.
    pub fn citation(self) -> &'static str {
        match self {
            Source::RoughBalls => "\"Collision of rough uniform balls\", a 2011 blog chapter on a C#/XNA 2D physics engine",
            Source::GameEngine => {
                "Build Your Own 2D Game Engine and Create Great Web Games (Apress), ch. 9 \"Simulating the World with RigidShapes\""
            }
            Source::RigidBodyBlog => "a blog chapter on rigid-body dynamics: force, torque and the moment of inertia",
            Source::DobreRamtal => {
                "Dobre & Ramtal, Physics for JavaScript Games, Animation, and Simulations (Apress), ch. 11 \"Collisions\""
            }
            Source::Algs4 => {
                "Sedgewick & Wayne, Algorithms 4th ed., §6.1 event-driven simulation (algs4 CollisionSystem), via a Chinese article on the impulse approach"
            }
        }
    }
}
