//! The field editor (`e`): the selected body's values as text boxes. Enter
//! checks them with the scene file's own rules, so a value the editor takes
//! is one a file could hold, and a mistake reads as it would in a file. A
//! wall's fields are those of `[[wall]]`: its two ends and its material.

use crate::engine::Body;
use crate::scene::file::{BODY_NUMBERS, BodyEntry, WallEntry};
use crate::scene::{BodyProblem, body, wall};

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub label: &'static str,
    /// The file key it stands for, and which number of a vector.
    key: &'static str,
    part: usize,
    pub text: String,
    /// The text the editor opened with: a field left as it was keeps the
    /// body's exact value (the text shows it to six digits, an angle in degrees).
    shown: String,
    pub error: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FieldEditor {
    /// Which body, and the body as it was when the editor opened.
    pub body: usize,
    entry: Entry,
    pub fields: Vec<Field>,
    pub focus: usize,
}

/// A value as the editor shows it: six significant digits, as everywhere on
/// screen (a field left alone keeps the exact value behind it), with ASCII
/// `-` so that the text parses when it is typed back.
fn text(x: f64) -> String {
    crate::notation::plain(x)
}

/// The angle is typed in degrees, as z and x turn it; files keep radians.
const ANGLE: &str = "angle";

/// The body as its file entry would say it.
#[derive(Clone, Debug, PartialEq)]
enum Entry {
    Body(BodyEntry),
    Wall(WallEntry),
}

fn field(label: &'static str, key: &'static str, part: usize, value: String) -> Field {
    Field { label, key, part, shown: value.clone(), text: value, error: None }
}

impl FieldEditor {
    pub fn open(index: usize, b: &Body) -> FieldEditor {
        if let Some(w) = WallEntry::from_body(b) {
            let mut fields = Vec::new();
            for (key, end) in [("from", w.from), ("to", w.to)] {
                let labels = if key == "from" { ["from x (m)", "from y (m)"] } else { ["to x (m)", "to y (m)"] };
                fields.extend(labels.into_iter().zip(end).enumerate().map(|(part, (label, x))| field(label, key, part, text(x))));
            }
            fields.push(field("restitution e", "restitution", 0, text(w.restitution)));
            fields.push(field("friction μ", "friction", 0, text(w.friction)));
            return FieldEditor { body: index, entry: Entry::Wall(w), fields, focus: 0 };
        }
        let e = BodyEntry::from_body(b);
        let mut fields = vec![field("mass (kg, or static)", "mass", 0, e.mass.map_or("static".to_string(), text))];
        for number in &BODY_NUMBERS {
            for (part, (label, &x)) in number.labels.iter().zip((number.get)(&e)).enumerate() {
                if number.key == ANGLE {
                    fields.push(field("angle θ (°)", number.key, part, text(x.to_degrees())));
                } else {
                    fields.push(field(label, number.key, part, text(x)));
                }
            }
        }
        match (e.radius, e.size) {
            (Some(r), _) => fields.push(field("radius (m)", "radius", 0, text(r))),
            (_, Some([w, h])) => {
                fields.push(field("width (m)", "size", 0, text(w)));
                fields.push(field("height (m)", "size", 1, text(h)));
            }
            (None, None) => {}
        }
        FieldEditor { body: index, entry: Entry::Body(e), fields, focus: 0 }
    }

    pub fn name(&self) -> &str {
        match &self.entry {
            Entry::Body(e) => &e.name,
            Entry::Wall(w) => &w.name,
        }
    }

    pub fn next(&mut self) {
        self.focus = (self.focus + 1) % self.fields.len();
    }

    pub fn prev(&mut self) {
        self.focus = (self.focus + self.fields.len() - 1) % self.fields.len();
    }

    pub fn input(&mut self, c: char) {
        self.fields[self.focus].text.push(c);
    }

    pub fn erase(&mut self) {
        self.fields[self.focus].text.pop();
    }

    pub fn clear(&mut self) {
        self.fields[self.focus].text.clear();
    }

    /// The body the fields describe, or `None` with each bad field marked.
    pub fn apply(&mut self) -> Option<Body> {
        let mut entry = self.entry.clone();
        for f in &mut self.fields {
            f.error = None;
            let t = f.text.trim();
            if t == f.shown {
                continue;
            }
            if let (Entry::Body(e), "mass") = (&mut entry, f.key)
                && t.eq_ignore_ascii_case("static")
            {
                (e.mass, e.is_static, e.inertia) = (None, true, None);
                continue;
            }
            let Ok(typed) = t.parse::<f64>() else {
                let hint = if f.key == "mass" { "write a number of kilograms, or static" } else { "write e.g. 1.5" };
                f.error = Some(format!("\"{t}\" is not a number: {hint}"));
                continue;
            };
            let x = if f.key == ANGLE { typed.to_radians() } else { typed };
            match (&mut entry, f.key, f.part) {
                (Entry::Wall(w), "from", k) => w.from[k] = x,
                (Entry::Wall(w), "to", k) => w.to[k] = x,
                (Entry::Wall(w), "restitution", _) => w.restitution = x,
                (Entry::Wall(w), _, _) => w.friction = x,
                (Entry::Body(e), "mass", _) => (e.mass, e.is_static) = (Some(x), false),
                (Entry::Body(e), "radius", _) => e.radius = Some(x),
                (Entry::Body(e), "size", k) => e.size.get_or_insert([x, x])[k] = x,
                (Entry::Body(e), key, k) => {
                    if let Some(number) = BODY_NUMBERS.iter().find(|n| n.key == key) {
                        (number.get_mut)(e)[k] = x;
                    }
                }
            }
        }
        // A field that is not a number keeps its old value here, so the
        // rules still speak about all the others at once.
        let unreadable = self.fields.iter().any(|f| f.error.is_some());
        let checked = match &entry {
            Entry::Body(e) => body(e),
            Entry::Wall(w) => wall(w),
        };
        match checked {
            Ok(b) if !unreadable => Some(b),
            Ok(_) => None,
            Err(problems) => {
                for p in problems {
                    self.mark(&p, &entry);
                }
                None
            }
        }
    }

    /// Shows a problem on the field it names: for a vector, on the number
    /// that breaks the rule; a body-wide one on the first field.
    fn mark(&mut self, p: &BodyProblem, entry: &Entry) {
        let finite = |v: &[f64; 2]| v.iter().position(|x| !x.is_finite());
        let part = match (entry, p.key) {
            (Entry::Wall(w), "from") => finite(&w.from),
            (Entry::Wall(w), "to") => finite(&w.to),
            (Entry::Wall(_), _) => None,
            (Entry::Body(e), "position") => finite(&e.position),
            // Not finite, or (for a static body) not zero.
            (Entry::Body(e), "velocity") => finite(&e.velocity).or_else(|| e.velocity.iter().position(|x| *x != 0.0)),
            (Entry::Body(e), "size") => e.size.and_then(|s| s.iter().position(|x| !(x.is_finite() && *x > 0.0))),
            _ => None,
        };
        let on = |f: &Field| f.key == p.key && part.is_none_or(|k| f.part == k);
        let i = self.fields.iter().position(on).unwrap_or(0);
        if self.fields[i].error.is_none() {
            self.fields[i].error = Some(format!("{}: {}", p.message, p.help));
        }
    }

    /// Which fields are wrong now, for the status line.
    pub fn errors(&self) -> usize {
        self.fields.iter().filter(|f| f.error.is_some()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;
    use glam::DVec2;

    fn ball() -> Body {
        let mut b = Body::dynamic("ball", Shape::Circle { radius: 0.5 }, 2.0).at(DVec2::new(1.0, 2.0));
        b.friction = 0.1;
        b
    }

    fn set(ed: &mut FieldEditor, label_start: &str, value: &str) {
        ed.focus = ed.fields.iter().position(|f| f.label.starts_with(label_start)).unwrap();
        ed.clear();
        value.chars().for_each(|c| ed.input(c));
    }

    #[test]
    fn unchanged_fields_give_back_the_same_body() {
        let mut ed = FieldEditor::open(0, &ball());
        assert_eq!(ed.apply(), Some(ball()));
    }

    /// Degrees in the editor, radians in the body; a field left alone keeps
    /// its exact value although the editor shows six digits.
    #[test]
    fn the_angle_is_typed_in_degrees_and_untouched_fields_stay_exact() {
        let mut b = ball();
        b.angle = 0.3;
        b.position.x = 1.0085439676677088;
        let mut ed = FieldEditor::open(0, &b);
        let shown = |ed: &FieldEditor, start: &str| ed.fields.iter().find(|f| f.label.starts_with(start)).unwrap().text.clone();
        assert_eq!((shown(&ed, "angle θ (°)"), shown(&ed, "position x")), ("17.1887".to_string(), "1.00854".to_string()));
        assert_eq!(ed.apply(), Some(b.clone()), "nothing typed, nothing changed");
        set(&mut ed, "angle", "90");
        let turned = ed.apply().unwrap();
        assert_eq!(turned.angle, std::f64::consts::FRAC_PI_2);
        assert_eq!(turned.position.x, 1.0085439676677088);
    }

    #[test]
    fn a_valid_edit_changes_only_its_value() {
        let mut ed = FieldEditor::open(0, &ball());
        set(&mut ed, "friction", "0.4");
        set(&mut ed, "velocity y", "-3");
        let b = ed.apply().unwrap();
        assert_eq!((b.friction, b.velocity, b.mass()), (0.4, DVec2::new(0.0, -3.0), 2.0));
    }

    #[test]
    fn bad_values_are_marked_with_the_file_rules_messages() {
        let mut ed = FieldEditor::open(0, &ball());
        set(&mut ed, "mass", "-1");
        set(&mut ed, "restitution", "1.5");
        set(&mut ed, "angle", "abc");
        assert_eq!(ed.apply(), None);
        let error = |ed: &FieldEditor, l: &str| ed.fields.iter().find(|f| f.label.starts_with(l)).unwrap().error.clone().unwrap();
        assert!(error(&ed, "angle").contains("\"abc\" is not a number"));
        assert!(error(&ed, "mass").starts_with("mass must be between 0.000001 and 1,000,000,000 kg"));
        assert!(error(&ed, "restitution").starts_with("restitution must be from 0 to 1"));
        assert_eq!(ed.errors(), 3);
    }

    #[test]
    fn a_bad_second_number_is_marked_on_its_own_field() {
        let mut ed = FieldEditor::open(0, &ball());
        set(&mut ed, "velocity y", "inf");
        assert_eq!(ed.apply(), None);
        let marked: Vec<_> = ed.fields.iter().filter(|f| f.error.is_some()).map(|f| f.label).collect();
        assert_eq!(marked, ["velocity y (m/s)"]);
    }

    /// A wall's fields are its ends: moving one end keeps the other where it
    /// was (to the last bit), and two equal ends are refused with the file's words.
    #[test]
    fn a_wall_edits_its_ends() {
        let w = WallEntry { name: "ramp".into(), from: [0.0, 0.0], to: [4.0, -3.0], restitution: 1.0, friction: 0.0 };
        let ramp = wall(&w).unwrap();
        let mut ed = FieldEditor::open(3, &ramp);
        let labels: Vec<_> = ed.fields.iter().map(|f| f.label).collect();
        assert_eq!(labels, ["from x (m)", "from y (m)", "to x (m)", "to y (m)", "restitution e", "friction μ"]);
        assert_eq!(ed.apply(), Some(ramp.clone()));
        set(&mut ed, "to y", "3");
        set(&mut ed, "friction", "0.2");
        let moved = ed.apply().unwrap();
        assert_eq!(WallEntry::from_body(&moved).unwrap(), WallEntry { to: [4.0, 3.0], friction: 0.2, ..w });
        set(&mut ed, "to x", "0");
        set(&mut ed, "to y", "0");
        assert_eq!(ed.apply(), None);
        let error = ed.fields.iter().find(|f| f.label == "to x (m)").unwrap().error.clone().unwrap();
        assert!(error.contains("its two ends are the same point"), "{error}");
    }

    #[test]
    fn static_makes_a_body_fixed_and_needs_it_at_rest() {
        let mut ed = FieldEditor::open(0, &ball());
        set(&mut ed, "mass", "static");
        assert!(ed.apply().unwrap().is_static());
        set(&mut ed, "velocity x", "1");
        assert_eq!(ed.apply(), None);
        let velocity = ed.fields.iter().find(|f| f.label.starts_with("velocity x")).unwrap();
        assert!(velocity.error.as_ref().unwrap().starts_with("a static body never moves"));
    }
}
