//! The field editors: the selected body's values (`e`), or the scene's world
//! and solver settings (`O`), as text boxes, and the named settings as
//! choices that cycle. Enter checks them with the scene file's own rules, so
//! a value the editor takes is one a file could hold, and a mistake reads as
//! it would in a file. A wall's fields are those of `[[wall]]`: its two ends
//! and its material.

use crate::engine::{BodyDef, BodyRef, Settings};
use crate::scene::file::{BODY_NUMBERS, BodyEntry, SceneFile, WallEntry};
use crate::scene::{BodyProblem, Seg, SolverValue, body, limits, settings, solver_key, wall};
use crate::session::Start;
use crate::session::line::LineEdit;
use glam::DVec2;

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub label: &'static str,
    /// The file key it stands for, and which number of a vector.
    key: &'static str,
    part: usize,
    pub text: LineEdit,
    /// The text the editor opened with: a field left as it was keeps the
    /// body's exact value (the text shows it to six digits, an angle in degrees).
    shown: String,
    /// The names a setting cycles through (←/→, Space); none for a typed field.
    pub choices: &'static [&'static str],
    pub error: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FieldEditor {
    /// What the fields describe, as it was when the editor opened.
    target: Target,
    pub fields: Vec<Field>,
    pub focus: usize,
}

/// What Enter gives: the body edited (its index in the world), or the settings and gravity.
#[derive(Clone, Debug, PartialEq)]
pub enum Applied {
    Body(usize, BodyDef),
    /// With the changes as a file would write them, for the note.
    Settings(Box<Settings>, DVec2, String),
}

/// What applying the editor's values changed, for the note.
pub enum Put {
    /// The body, by its name.
    Body(String),
    /// The settings as a file would write them.
    Settings(String),
}

impl Applied {
    /// Puts the values into a start, saying what changed; none when nothing did.
    pub fn put(self, s: &mut Start) -> Option<Put> {
        match self {
            Applied::Body(i, def) => {
                let name = def.body.name.clone();
                s.world.set_body(i, def);
                Some(Put::Body(name))
            }
            Applied::Settings(settings, gravity, changes) => {
                // Motion is a switch of the session, not a setting of the file.
                let settings = Settings { motion: s.settings.motion, ..*settings };
                if settings == s.settings && gravity == s.world.gravity {
                    return None;
                }
                (s.settings, s.world.gravity) = (settings, gravity);
                Some(Put::Settings(changes))
            }
        }
    }
}

/// A value as the editor shows it: six significant digits, as everywhere on
/// screen (a field left alone keeps the exact value behind it), with ASCII
/// `-` so that the text parses when it is typed back.
fn text(x: f64) -> String {
    crate::notation::plain(x)
}

/// The angle is typed in degrees, as z and x turn it; files keep radians.
const ANGLE: &str = "angle";

/// A body (its index in the world) as its file entry would say it.
#[derive(Clone, Debug, PartialEq)]
enum Entry {
    Body(usize, BodyEntry),
    Wall(usize, WallEntry),
}

/// What the fields describe: a body, or the scene's `[world]` and `[solver]`
/// tables with the bodies and actions the methods' rules look at (the bodies
/// also checked, as the world holds them).
#[derive(Clone, Debug, PartialEq)]
enum Target {
    Body(Entry),
    Settings(Box<SceneFile>, Vec<BodyDef>),
}

/// The settings the editor lists, in order: the file key, and which number of
/// a vector. Their labels are [`Words::settings_fields`](crate::tui::words::Words), in the same order.
pub const SETTINGS: [(&str, usize); 17] = [
    ("gravity", 0),
    ("gravity", 1),
    ("dt", 0),
    ("method", 0),
    ("relaxation_iterations", 0),
    ("correction_rate", 0),
    ("position_correction", 0),
    ("friction", 0),
    ("tangent", 0),
    ("coulomb_cap", 0),
    ("restitution_threshold", 0),
    ("slop", 0),
    ("contact", 0),
    ("integrator", 0),
    ("warm_start", 0),
    ("side_tracking", 0),
    ("velocity_correction", 0),
];

/// The names a setting takes, as the file writes them; none for a number.
fn choices(key: &str) -> &'static [&'static str] {
    solver_key(key).map_or(&[], |k| k.choices)
}

/// A setting as the file writes it (a number to six digits, a name, true or false).
fn setting(f: &SceneFile, key: &str, part: usize) -> String {
    match (key, solver_key(key)) {
        ("gravity", _) => text(f.world.gravity[part]),
        (_, Some(k)) => match (k.get)(&f.solver) {
            SolverValue::Whole(x) => x.to_string(),
            SolverValue::Number(x) => text(x),
            SolverValue::Flag(x) => x.to_string(),
            SolverValue::Name(x) => x.to_string(),
        },
        _ => text(f.world.dt),
    }
}

/// Puts the text of a setting's field into the tables, or says why it cannot
/// be read. A name is one of [`choices`], so it is always found.
fn put_setting(f: &mut SceneFile, key: &str, part: usize, t: &str) -> Result<(), String> {
    let number = || t.parse::<f64>().map_err(|_| format!("\"{t}\" is not a number: write e.g. 1.5"));
    let Some(k) = solver_key(key) else {
        match key {
            "gravity" => f.world.gravity[part] = number()?,
            _ => f.world.dt = number()?,
        }
        return Ok(());
    };
    let value = match (k.get)(&f.solver) {
        SolverValue::Whole(_) => SolverValue::Whole(t.parse().map_err(|_| format!("\"{t}\" is not a whole number: write e.g. 15"))?),
        SolverValue::Number(_) => SolverValue::Number(number()?),
        SolverValue::Flag(_) => SolverValue::Flag(t == "true"),
        SolverValue::Name(was) => SolverValue::Name(k.choices.iter().copied().find(|&c| c == t).unwrap_or(was)),
    };
    (k.set)(&mut f.solver, value);
    Ok(())
}

/// Every label the body and wall editor writes, in English; the screen shows
/// them in its language ([`Words::body_fields`](crate::tui::words::Words), in this order).
pub const BODY_FIELDS: [&str; 16] = [
    "mass (kg, or static)",
    "restitution e",
    "friction μ",
    "velocity x (m/s)",
    "velocity y (m/s)",
    "angular velocity ω (rad/s)",
    "position x (m)",
    "position y (m)",
    ANGLE_LABEL,
    "radius (m)",
    "width (m)",
    "height (m)",
    "from x (m)",
    "from y (m)",
    "to x (m)",
    "to y (m)",
];

/// The angle as the editor takes it: in degrees.
const ANGLE_LABEL: &str = "angle θ (°)";

/// An angle typed in the editor, in radians: degrees as `30`, `30°` or
/// `30 deg`, radians as `0.5 rad` (the file's unit).
pub fn angle(t: &str) -> Option<f64> {
    let t = t.trim();
    let (number, radians) = match t.strip_suffix("rad") {
        Some(n) => (n, true),
        None => (t.strip_suffix('°').or_else(|| t.strip_suffix("deg")).unwrap_or(t), false),
    };
    let x: f64 = number.trim().parse().ok()?;
    Some(if radians { x } else { x.to_radians() })
}

fn field(label: &'static str, key: &'static str, part: usize, value: String) -> Field {
    Field { label, key, part, text: LineEdit::selected(value.clone()), shown: value, choices: &[], error: None }
}

impl FieldEditor {
    /// The editor of body `index`, labelled with `labels` (the screen's
    /// language for each of [`BODY_FIELDS`], in its order).
    pub fn open(index: usize, b: BodyRef, labels: &[&'static str; BODY_FIELDS.len()]) -> FieldEditor {
        let mut ed = FieldEditor::of_body(index, b);
        for f in &mut ed.fields {
            f.label = labels[BODY_FIELDS.iter().position(|&l| l == f.label).expect("every body label is in BODY_FIELDS")];
        }
        ed
    }

    fn of_body(index: usize, b: BodyRef) -> FieldEditor {
        if let Some(w) = WallEntry::from_body(b) {
            let mut fields = Vec::new();
            for (key, end) in [("from", w.from), ("to", w.to)] {
                let labels = if key == "from" { ["from x (m)", "from y (m)"] } else { ["to x (m)", "to y (m)"] };
                fields.extend(labels.into_iter().zip(end).enumerate().map(|(part, (label, x))| field(label, key, part, text(x))));
            }
            fields.push(field("restitution e", "restitution", 0, text(w.restitution)));
            fields.push(field("friction μ", "friction", 0, text(w.friction)));
            return FieldEditor { target: Target::Body(Entry::Wall(index, w)), fields, focus: 0 };
        }
        let e = BodyEntry::from_body(b);
        let mut fields = vec![field("mass (kg, or static)", "mass", 0, e.mass.map_or("static".to_string(), text))];
        for number in &BODY_NUMBERS {
            for (part, (label, &x)) in number.labels.iter().zip((number.get)(&e)).enumerate() {
                if number.key == ANGLE {
                    fields.push(field(ANGLE_LABEL, number.key, part, text(x.to_degrees())));
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
        FieldEditor { target: Target::Body(Entry::Body(index, e)), fields, focus: 0 }
    }

    /// The world and solver settings of a start, labelled in the screen's language.
    pub fn settings(start: &Start, labels: &[&'static str; SETTINGS.len()]) -> FieldEditor {
        let raw = SceneFile::from_world(&start.world, &start.settings);
        let fields = SETTINGS
            .iter()
            .zip(labels)
            .map(|(&(key, part), &label)| Field { choices: choices(key), ..field(label, key, part, setting(&raw, key, part)) })
            .collect();
        let defs = start.world.iter().map(BodyDef::copy_of).collect();
        FieldEditor { target: Target::Settings(Box::new(raw), defs), fields, focus: 0 }
    }

    /// The body's name; none for the settings.
    pub fn name(&self) -> Option<&str> {
        match &self.target {
            Target::Body(Entry::Body(_, e)) => Some(&e.name),
            Target::Body(Entry::Wall(_, w)) => Some(&w.name),
            Target::Settings(..) => None,
        }
    }

    pub fn next(&mut self) {
        self.focus_on((self.focus + 1) % self.fields.len());
    }

    pub fn prev(&mut self) {
        self.focus_on((self.focus + self.fields.len() - 1) % self.fields.len());
    }

    /// Whether the field in focus is a setting's name, cycled and not typed.
    pub fn is_choice(&self) -> bool {
        !self.fields[self.focus].choices.is_empty()
    }

    /// The text of the field in focus, to type into.
    pub fn line(&mut self) -> &mut LineEdit {
        &mut self.fields[self.focus].text
    }

    /// Moves to field `i` with its text selected whole, as when the editor opened.
    fn focus_on(&mut self, i: usize) {
        self.focus = i;
        self.fields[i].text.select_all();
    }

    /// The next (+1) or previous (−1) name of a choice; a typed field stays.
    pub fn cycle(&mut self, by: i8) {
        let f = &mut self.fields[self.focus];
        let n = f.choices.len();
        if let Some(i) = f.choices.iter().position(|&c| f.text == c) {
            f.text.set(f.choices[(i + n).wrapping_add_signed(isize::from(by)) % n]);
        }
    }

    /// The file key of the focused field (`position`, `angle`, …).
    pub fn focused_key(&self) -> &'static str {
        self.fields[self.focus].key
    }

    /// The body or settings the fields describe, or `None` with each bad field marked.
    pub fn apply(&mut self) -> Option<Applied> {
        let mut entry = match &self.target {
            Target::Body(e) => e.clone(),
            Target::Settings(raw, bodies) => return apply_settings(&mut self.fields, raw, bodies),
        };
        for f in &mut self.fields {
            f.error = None;
            let t = f.text.as_str().trim();
            if t == f.shown {
                continue;
            }
            if let (Entry::Body(_, e), "mass") = (&mut entry, f.key)
                && t.eq_ignore_ascii_case("static")
            {
                (e.mass, e.is_static, e.inertia) = (None, true, None);
                continue;
            }
            let read = if f.key == ANGLE { angle(t) } else { t.parse::<f64>().ok() };
            let Some(x) = read else {
                let hint = match f.key {
                    "mass" => "write a number of kilograms, or static",
                    ANGLE => "write degrees, e.g. 30 or 30°, or radians, e.g. 0.5 rad",
                    _ => "write e.g. 1.5",
                };
                f.error = Some(format!("\"{t}\" is not a number: {hint}"));
                continue;
            };
            match (&mut entry, f.key, f.part) {
                (Entry::Wall(_, w), "from", k) => w.from[k] = x,
                (Entry::Wall(_, w), "to", k) => w.to[k] = x,
                (Entry::Wall(_, w), "restitution", _) => w.restitution = x,
                (Entry::Wall(_, w), _, _) => w.friction = x,
                (Entry::Body(_, e), "mass", _) => (e.mass, e.is_static) = (Some(x), false),
                (Entry::Body(_, e), "radius", _) => e.radius = Some(x),
                (Entry::Body(_, e), "size", k) => e.size.get_or_insert([x, x])[k] = x,
                (Entry::Body(_, e), key, k) => {
                    if let Some(number) = BODY_NUMBERS.iter().find(|n| n.key == key) {
                        (number.get_mut)(e)[k] = x;
                    }
                }
            }
        }
        // A field that is not a number keeps its old value here, so the
        // rules still speak about all the others at once.
        let unreadable = self.fields.iter().any(|f| f.error.is_some());
        let (index, checked) = match &entry {
            Entry::Body(i, e) => (*i, body(e)),
            Entry::Wall(i, w) => (*i, wall(w)),
        };
        match checked {
            Ok(b) if !unreadable => Some(Applied::Body(index, b)),
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
            (Entry::Wall(_, w), "from") => finite(&w.from),
            (Entry::Wall(_, w), "to") => finite(&w.to),
            (Entry::Body(_, e), "position") => finite(&e.position),
            // Not finite, or (for a static body) not zero.
            (Entry::Body(_, e), "velocity") => finite(&e.velocity).or_else(|| e.velocity.iter().position(|x| *x != 0.0)),
            (Entry::Body(_, e), "size") => e.size.and_then(|s| s.iter().position(|x| !(x.is_finite() && *x > 0.0))),
            _ => None,
        };
        mark_on(&mut self.fields, p.key, part, p);
    }

    /// Which fields are wrong now, for the status line.
    pub fn errors(&self) -> usize {
        self.fields.iter().filter(|f| f.error.is_some()).count()
    }
}

/// The settings the fields give, checked as a file's `[world]` and
/// `[solver]` are, with the methods' rules on the scene's bodies and actions.
fn apply_settings(fields: &mut [Field], raw: &SceneFile, bodies: &[BodyDef]) -> Option<Applied> {
    let mut edited = raw.clone();
    let mut changes: Vec<&str> = Vec::new();
    for f in fields.iter_mut() {
        f.error = None;
        let t = f.text.as_str().trim();
        if t == f.shown {
            continue;
        }
        match put_setting(&mut edited, f.key, f.part, t) {
            Ok(()) if changes.contains(&f.key) => {}
            Ok(()) => changes.push(f.key),
            Err(why) => f.error = Some(why),
        }
    }
    // As a file writes them: `gravity = [0, -5]`, `method = "reposition"`.
    let changes: Vec<String> = changes
        .iter()
        .map(|key| match *key {
            "gravity" => format!("gravity = [{}, {}]", setting(&edited, key, 0), setting(&edited, key, 1)),
            _ if solver_key(key).is_some_and(|k| matches!((k.get)(&edited.solver), SolverValue::Name(_))) => {
                format!("{key} = \"{}\"", setting(&edited, key, 0))
            }
            _ => format!("{key} = {}", setting(&edited, key, 0)),
        })
        .collect();
    let unreadable = fields.iter().any(|f| f.error.is_some());
    match settings(&edited, bodies) {
        Ok(s) if !unreadable => Some(Applied::Settings(Box::new(s), DVec2::from(edited.world.gravity), changes.join(", "))),
        Ok(_) => None,
        Err(problems) => {
            for (path, p) in problems {
                mark_setting(fields, &path, &p, &edited);
            }
            None
        }
    }
}

/// Shows a problem with the settings on the field of its key: one the
/// method has with a body or an action on the method; gravity's on the
/// number out of range, or else (a method without gravity) not zero.
fn mark_setting(fields: &mut [Field], path: &[Seg], p: &BodyProblem, edited: &SceneFile) {
    let key = match path {
        [Seg::Key("world" | "solver"), Seg::Key(key)] => *key,
        _ => "method",
    };
    let g = edited.world.gravity;
    let part = (key == "gravity").then(|| g.iter().position(|&x| !limits::GRAVITY.holds(x)).or(g.iter().position(|&x| x != 0.0)));
    mark_on(fields, key, part.flatten(), p);
}

/// Puts a problem on the field of `key` (and `part`, if given), else on
/// the first; a field keeps the first problem found with it.
fn mark_on(fields: &mut [Field], key: &str, part: Option<usize>, p: &BodyProblem) {
    let on = |f: &Field| f.key == key && part.is_none_or(|k| f.part == k);
    let i = fields.iter().position(on).unwrap_or(0);
    if fields[i].error.is_none() {
        fields[i].error = Some(format!("{}: {}", p.message, p.help));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;
    use crate::session::line::LineKey;
    use glam::DVec2;

    fn ball() -> BodyDef {
        let mut b = BodyDef::dynamic("ball", Shape::Circle { radius: 0.5 }, 2.0).at(DVec2::new(1.0, 2.0));
        b.body.friction = 0.1;
        b
    }

    fn applied(ed: &mut FieldEditor) -> Option<BodyDef> {
        match ed.apply()? {
            Applied::Body(_, b) => Some(b),
            Applied::Settings(..) => None,
        }
    }

    fn set(ed: &mut FieldEditor, label_start: &str, value: &str) {
        ed.focus = ed.fields.iter().position(|f| f.label.starts_with(label_start)).unwrap();
        ed.line().set(value);
    }

    #[test]
    fn unchanged_fields_give_back_the_same_body() {
        let mut ed = FieldEditor::open(0, ball().parts(), &BODY_FIELDS);
        assert_eq!(applied(&mut ed), Some(ball()));
    }

    /// Degrees in the editor, radians in the body; a field left alone keeps
    /// its exact value although the editor shows six digits.
    #[test]
    fn the_angle_is_typed_in_degrees_and_untouched_fields_stay_exact() {
        let mut b = ball();
        b.motion.angle = 0.3;
        b.motion.position.x = 1.0085439676677088;
        let mut ed = FieldEditor::open(0, b.parts(), &BODY_FIELDS);
        let shown = |ed: &FieldEditor, start: &str| ed.fields.iter().find(|f| f.label.starts_with(start)).unwrap().text.to_string();
        assert_eq!((shown(&ed, "angle θ (°)"), shown(&ed, "position x")), ("17.1887".to_string(), "1.00854".to_string()));
        assert_eq!(applied(&mut ed), Some(b.clone()), "nothing typed, nothing changed");
        set(&mut ed, "angle", "90");
        let turned = applied(&mut ed).unwrap();
        assert_eq!(turned.motion.angle, std::f64::consts::FRAC_PI_2);
        assert_eq!(turned.motion.position.x, 1.0085439676677088);
    }

    /// A field is opened selected whole: typing replaces it (no seven
    /// Backspaces to clear `17.1887`), ← and → move the cursor to edit it.
    #[test]
    fn a_field_is_selected_whole_and_the_arrows_edit_it() {
        let mut b = ball();
        b.motion.angle = 0.3;
        let mut ed = FieldEditor::open(0, b.parts(), &BODY_FIELDS);
        ed.focus_on(ed.fields.iter().position(|f| f.key == ANGLE).unwrap());
        "45".chars().for_each(|c| ed.line().insert(c));
        assert_eq!(ed.fields[ed.focus].text, "45");
        ed.prev();
        ed.next();
        assert!(ed.line().is_selected(), "a field comes back selected");
        ed.line().key(LineKey::Left); // the cursor at the start
        ed.line().insert('1');
        ed.line().key(LineKey::Right);
        ed.line().key(LineKey::Right);
        ed.line().key(LineKey::Backspace); // the 5
        ed.line().insert('0');
        assert_eq!(ed.fields[ed.focus].text, "140");
        assert_eq!(applied(&mut ed).unwrap().motion.angle, 140f64.to_radians());
        ed.next();
        ed.line().key(LineKey::Backspace);
        assert_eq!(ed.fields[ed.focus].text, "", "Backspace takes the selection");
    }

    #[test]
    fn angles_take_degrees_or_radians() {
        assert_eq!(angle("30"), Some(30f64.to_radians()));
        assert_eq!(angle("30°"), Some(30f64.to_radians()));
        assert_eq!(angle(" -90 deg"), Some(-90f64.to_radians()));
        assert_eq!(angle("0.5 rad"), Some(0.5));
        assert_eq!(angle("0.5rad"), Some(0.5));
        assert_eq!(angle("rad"), None);
        let mut ed = FieldEditor::open(0, ball().parts(), &BODY_FIELDS);
        set(&mut ed, "angle", "0.25 rad");
        assert_eq!(applied(&mut ed).unwrap().motion.angle, 0.25);
    }

    #[test]
    fn a_valid_edit_changes_only_its_value() {
        let mut ed = FieldEditor::open(0, ball().parts(), &BODY_FIELDS);
        set(&mut ed, "friction", "0.4");
        set(&mut ed, "velocity y", "-3");
        let b = applied(&mut ed).unwrap();
        assert_eq!((b.body.friction, b.motion.velocity, b.body.mass()), (0.4, DVec2::new(0.0, -3.0), 2.0));
    }

    #[test]
    fn bad_values_are_marked_with_the_file_rules_messages() {
        let mut ed = FieldEditor::open(0, ball().parts(), &BODY_FIELDS);
        set(&mut ed, "mass", "-1");
        set(&mut ed, "restitution", "1.5");
        set(&mut ed, "angle", "abc");
        assert_eq!(applied(&mut ed), None);
        let error = |ed: &FieldEditor, l: &str| ed.fields.iter().find(|f| f.label.starts_with(l)).unwrap().error.clone().unwrap();
        assert!(error(&ed, "angle").contains("\"abc\" is not a number"));
        assert!(error(&ed, "mass").starts_with("mass must be between 0.000001 and 1,000,000,000 kg"));
        assert!(error(&ed, "restitution").starts_with("restitution must be from 0 to 1"));
        assert_eq!(ed.errors(), 3);
    }

    #[test]
    fn a_bad_second_number_is_marked_on_its_own_field() {
        let mut ed = FieldEditor::open(0, ball().parts(), &BODY_FIELDS);
        set(&mut ed, "velocity y", "inf");
        assert_eq!(applied(&mut ed), None);
        let marked: Vec<_> = ed.fields.iter().filter(|f| f.error.is_some()).map(|f| f.label).collect();
        assert_eq!(marked, ["velocity y (m/s)"]);
    }

    /// Every label the editor gives a circle, a box and a wall is one the
    /// screen knows in both languages.
    #[test]
    fn every_body_label_is_translated() {
        let w = WallEntry { name: "ramp".into(), from: [0.0, 0.0], to: [4.0, -3.0], restitution: 1.0, friction: 0.0 };
        let crate_ = BodyDef::dynamic("crate", Shape::Box { size: DVec2::ONE }, 1.0);
        let mut seen = Vec::new();
        for b in [ball(), crate_, wall(&w).unwrap()] {
            seen.extend(FieldEditor::open(0, b.parts(), &BODY_FIELDS).fields.iter().map(|f| f.label));
        }
        seen.sort();
        seen.dedup();
        let mut all = BODY_FIELDS.to_vec();
        all.sort();
        assert_eq!(seen, all);
    }

    /// A wall's fields are its ends: moving one end keeps the other where it
    /// was (to the last bit), and two equal ends are refused with the file's words.
    #[test]
    fn a_wall_edits_its_ends() {
        let w = WallEntry { name: "ramp".into(), from: [0.0, 0.0], to: [4.0, -3.0], restitution: 1.0, friction: 0.0 };
        let ramp = wall(&w).unwrap();
        let mut ed = FieldEditor::open(3, ramp.parts(), &BODY_FIELDS);
        let labels: Vec<_> = ed.fields.iter().map(|f| f.label).collect();
        assert_eq!(labels, ["from x (m)", "from y (m)", "to x (m)", "to y (m)", "restitution e", "friction μ"]);
        assert_eq!(applied(&mut ed), Some(ramp.clone()));
        set(&mut ed, "to y", "3");
        set(&mut ed, "friction", "0.2");
        let moved = applied(&mut ed).unwrap();
        assert_eq!(WallEntry::from_body(moved.parts()).unwrap(), WallEntry { to: [4.0, 3.0], friction: 0.2, ..w });
        set(&mut ed, "to x", "0");
        set(&mut ed, "to y", "0");
        assert_eq!(applied(&mut ed), None);
        let error = ed.fields.iter().find(|f| f.label == "to x (m)").unwrap().error.clone().unwrap();
        assert!(error.contains("its two ends are the same point"), "{error}");
    }

    #[test]
    fn static_makes_a_body_fixed_and_needs_it_at_rest() {
        let mut ed = FieldEditor::open(0, ball().parts(), &BODY_FIELDS);
        set(&mut ed, "mass", "static");
        assert!(applied(&mut ed).unwrap().body.is_static());
        set(&mut ed, "velocity x", "1");
        assert_eq!(applied(&mut ed), None);
        let velocity = ed.fields.iter().find(|f| f.label.starts_with("velocity x")).unwrap();
        assert!(velocity.error.as_ref().unwrap().starts_with("a static body never moves"));
    }
}
