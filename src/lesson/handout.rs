//! The Markdown handout: per narrated phase, the narration and every formula
//! as symbols, numbers put in, and result. A plain scene (no steps) lists every
//! phase that found a contact or changed a body.

use super::Lesson;
use super::{Place, step_at};
use crate::engine::{FrameRecord, Phase, Shown};
use crate::notation::{FACE_CAPTION, FACE_LEGEND, derive, face_markdown, num, phase_title, right_side, rise_mark, totals_line};
use std::fmt::Write;

/// The whole handout of the recorded frames.
pub fn handout(scene: &Lesson, frames: &super::Records, places: &[Option<Place>]) -> String {
    let mut h = Handout::new(scene);
    let mut md = h.head();
    for frame in frames.values() {
        md += &h.frame(frame, places);
    }
    md + &h.tail()
}

/// A handout written a frame at a time, so a long run is never held whole.
pub struct Handout<'a> {
    scene: &'a Lesson,
    names: Vec<String>,
    /// Sections written so far, for their numbers.
    sections: usize,
}

impl<'a> Handout<'a> {
    pub fn new(scene: &'a Lesson) -> Handout<'a> {
        Handout { scene, names: super::body_names(scene), sections: 0 }
    }

    /// The title and the table of bodies.
    pub fn head(&self) -> String {
        let mut md = String::new();
        match &self.scene.section {
            Some(l) => writeln!(md, "# {}\n\n*{}*\n", l.title, l.summary).unwrap(),
            None => writeln!(md, "# {}\n", self.scene.file).unwrap(),
        }
        bodies_table(&mut md, self.scene);
        md
    }

    /// A section per narrated phase of `frame` (per eventful phase in a scene without steps).
    pub fn frame(&mut self, frame: &FrameRecord, places: &[Option<Place>]) -> String {
        let mut md = String::new();
        let world = &self.scene.world;
        let ledger = frame.ledger(&world.bodies, world.gravity);
        for (pi, phase) in frame.phases.iter().enumerate() {
            let step = step_at(self.scene, places, (frame.frame, pi));
            if step.is_none() && (!self.scene.steps.is_empty() || !eventful(phase)) {
                continue;
            }
            self.sections += 1;
            let title = step.map_or_else(|| phase_title(phase, &self.names), |s| s.title.clone());
            writeln!(md, "## {}. {title}\n\n*Frame {} · {}*\n", self.sections, frame.frame, phase_title(phase, &self.names)).unwrap();
            if let Some(s) = step {
                writeln!(md, "{}\n", s.text.trim()).unwrap();
            }
            derivations(&mut md, phase, &self.names);
            let (before, after) = (&ledger[pi], &ledger[pi + 1]);
            let mark = rise_mark(phase.kind(), before, after).map_or(String::new(), |m| format!(" **{m}**"));
            writeln!(md, "Totals: {}{mark}\n", totals_line(before, after)).unwrap();
        }
        md
    }

    /// The numbers to verify, from the lesson's checks.
    pub fn tail(&self) -> String {
        let mut md = String::new();
        if self.scene.checks.is_empty() {
            return md;
        }
        writeln!(md, "## Numbers to verify\n").unwrap();
        for c in &self.scene.checks {
            let what = c
                .quantity
                .clone()
                .or_else(|| c.body.as_ref().map(|b| format!("{b}.{}", c.field.as_deref().unwrap_or(""))))
                .or(c.world.clone())
                .unwrap_or_default();
            let with =
                if c.with == Default::default() { String::new() } else { format!(", with {}", super::check::overrides_text(&c.with)) };
            let expected = match &c.expected {
                super::Expected::Scalar(x) => num(*x),
                super::Expected::Vector([x, y]) => format!("({}, {})", num(*x), num(*y)),
                super::Expected::Bool(b) => b.to_string(),
            };
            writeln!(md, "- `{what}` at {} (frame {}{with}): **{expected}**", super::describe(&c.anchor()), c.frame).unwrap();
        }
        md.push('\n');
        md
    }
}

fn eventful(p: &Phase) -> bool {
    !p.changes().is_empty() || p.found_contact()
}

fn bodies_table(md: &mut String, scene: &Lesson) {
    md.push_str("| body | shape | mass | position | velocity | ω | e | μ |\n|---|---|---|---|---|---|---|---|\n");
    for b in &scene.world.bodies {
        let shape = match b.shape {
            crate::geometry::Shape::Circle { radius } => format!("circle r {}", num(radius)),
            crate::geometry::Shape::Box { size } => format!("box {} × {}", num(size.x), num(size.y)),
            crate::geometry::Shape::Segment { half } => format!("wall {} long", num(2.0 * half.length())),
        };
        let mass = if b.is_static() { "static".to_string() } else { format!("{} kg", num(b.mass())) };
        writeln!(
            md,
            "| {} | {shape} | {mass} | ({}, {}) | ({}, {}) | {} | {} | {} |",
            b.name,
            num(b.position.x),
            num(b.position.y),
            num(b.velocity.x),
            num(b.velocity.y),
            num(b.angular_velocity),
            num(b.restitution),
            num(b.friction)
        )
        .unwrap();
    }
    md.push('\n');
}

fn derivations(md: &mut String, phase: &Phase, names: &[String]) {
    let quantities = phase.shown(names);
    if quantities.is_empty() {
        return;
    }
    md.push_str("```text\n");
    for shown in quantities {
        let q = match shown {
            Shown::Quantity(q) => q,
            // The separating axis test's faces: a pipe table between the formulas.
            Shown::Faces(table) => {
                writeln!(md, "```\n\n`{FACE_CAPTION}`: {FACE_LEGEND}.\n\n{}\n```text", face_markdown(&table)).unwrap();
                continue;
            }
        };
        let d = derive(&q);
        match (d.symbols, d.numbers) {
            (Some(s), Some(n)) => {
                let pad = " ".repeat(q.name.chars().count() + 1);
                writeln!(md, "{s}\n{pad}= {}\n{pad}= {}", right_side(&n), right_side(&d.result)).unwrap();
            }
            _ => writeln!(md, "{}", d.result).unwrap(),
        }
    }
    md.push_str("```\n\n");
}
