//! The texts the lessons follow, named as a reader knows them: the short name
//! is the one narration, docs and comments use. A lesson's `[lesson] source`
//! names one of these, and `impulse lessons`, the menu and the handout show its citation.

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

    /// [`Source::short`] in `lang`: the Chinese names the lessons' Chinese narration uses.
    pub fn short_in(self, lang: super::Lang) -> &'static str {
        match (lang, self) {
            (super::Lang::En, _) => self.short(),
            (super::Lang::Zh, Source::RoughBalls) => "粗糙小球一文",
            (super::Lang::Zh, Source::GameEngine) => "游戏引擎书",
            (super::Lang::Zh, Source::RigidBodyBlog) => "刚体动力学博客",
            (super::Lang::Zh, Source::DobreRamtal) => "Dobre 与 Ramtal",
            (super::Lang::Zh, Source::Algs4) => "Sedgewick 与 Wayne",
        }
    }

    /// [`Source::citation`] in `lang`: in Chinese, with the titles the texts
    /// were read under (the books' own titles where the narration keeps them).
    pub fn citation_in(self, lang: super::Lang) -> &'static str {
        match (lang, self) {
            (super::Lang::En, _) => self.citation(),
            (super::Lang::Zh, Source::RoughBalls) => "《粗糙均匀小球间的碰撞》，2011 年一篇讲 C#/XNA 二维物理引擎的博客文章",
            (super::Lang::Zh, Source::GameEngine) => {
                "《Build Your Own 2D Game Engine and Create Great Web Games》（Apress）第 9 章“用刚体形状模拟世界”（Simulating the World with RigidShapes）"
            }
            (super::Lang::Zh, Source::RigidBodyBlog) => "一篇讲刚体动力学的博客文章（《刚体动力学》）：力、力矩与转动惯量",
            (super::Lang::Zh, Source::DobreRamtal) => {
                "Dobre 与 Ramtal，《Physics for JavaScript Games, Animation, and Simulations》（Apress）第 11 章“碰撞”"
            }
            (super::Lang::Zh, Source::Algs4) => {
                "Sedgewick 与 Wayne，《算法（第 4 版）》6.1 节事件驱动模拟（algs4 的 CollisionSystem），经由一篇讲冲量法的中文文章"
            }
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
