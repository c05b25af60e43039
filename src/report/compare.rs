//! `impulse compare`: the same scene run as written (A) and with overrides
//! (B) in lockstep, reported as the first phase where a value differs and
//! both final states. Only what the two records hold is compared; values are
//! compared exactly, since the same arithmetic on the same inputs gives the
//! same bits, and any difference traces back to the override.

use crate::engine::{self, BodyState, FrameRecord, NoTrace, Phase, Totals, Value, World};
use crate::lesson::{self, Lesson};
use crate::notation::{num, phase_title, value};
use std::fmt::Write;

/// The mark beside a value that differs between A and B.
pub const DIFFERS: &str = "≠";

/// One row of a side-by-side phase: a quantity's name and its value in A and
/// in B (absent when that run's phase has no such quantity).
pub struct Row {
    pub name: String,
    pub a: Option<Value>,
    pub b: Option<Value>,
}

impl Row {
    pub fn differs(&self) -> bool {
        self.a != self.b
    }
}

/// The quantities of two phases side by side, in A's derivation order with
/// those only B has after them.
pub fn rows(a: &Phase, b: &Phase, names: &[String]) -> Vec<Row> {
    let (qa, qb) = (a.quantities(names), b.quantities(names));
    let mut rows: Vec<Row> = qa
        .iter()
        .map(|q| Row { name: q.name.clone(), a: Some(q.value.clone()), b: qb.iter().find(|p| p.name == q.name).map(|p| p.value.clone()) })
        .collect();
    rows.extend(qb.iter().filter(|q| !qa.iter().any(|p| p.name == q.name)).map(|q| Row {
        name: q.name.clone(),
        a: None,
        b: Some(q.value.clone()),
    }));
    rows
}

/// Whether two phases differ: another kind, pair or pass, or any value.
fn phases_differ(a: &Phase, b: &Phase, names: &[String]) -> bool {
    a.kind() != b.kind() || a.pair != b.pair || a.iteration != b.iteration || rows(a, b, names).iter().any(Row::differs)
}

/// The report: `frames` frames (none: as far as A's steps and checks reach).
/// `what` names the scene as the person named it (`lesson tangent-fix`, or
/// the file they gave).
pub fn compare(a: &Lesson, b: &Lesson, what: &str, sets: &[String], frames: Option<u64>) -> String {
    let names = lesson::body_names(a);
    let frames = frames.unwrap_or_else(|| lesson::frames_needed(a));
    let mut out = format!("A: {what} as written\nB: with --set {}\n\n", sets.join(" --set "));
    let (mut wa, mut wb): (World, World) = (a.world.clone(), b.world.clone());
    let mut found = false;
    for _ in 0..frames {
        if found {
            // Past the first difference only the final states are reported: no records needed.
            engine::step(&mut wa, &a.settings, &mut NoTrace);
            engine::step(&mut wb, &b.settings, &mut NoTrace);
            continue;
        }
        let (fa, fb) = (engine::record_frame(&mut wa, &a.settings), engine::record_frame(&mut wb, &b.settings));
        if let Some(text) = first_difference(&fa, &fb, &names) {
            out += &text;
            found = true;
        }
    }
    if !found {
        writeln!(out, "A and B agree at every phase of {frames} frame(s).").unwrap();
    }
    writeln!(out, "\nafter {frames} frame(s), t = {} s:", num(wa.time)).unwrap();
    out += &final_states(&names, &wa.states(), &wb.states());
    out += &totals_side_by_side(&Totals::of_world(&wa), &Totals::of_world(&wb));
    out
}

/// The world's totals in A and in B and what B has more: what a change of
/// model did to the energy and momentum, the last lines of the report.
fn totals_side_by_side(a: &Totals, b: &Totals) -> String {
    let d = *b - *a;
    let scale = crate::notation::scale_of([a.ke, a.pe.abs(), b.ke, b.pe.abs(), a.momentum.length(), b.momentum.length()])
        .max(a.angular_momentum.abs())
        .max(b.angular_momentum.abs());
    let num = |x: f64| crate::notation::num_near(x, scale);
    let pair = |v: glam::DVec2| format!("({}, {})", num(v.x), num(v.y));
    let rows = [
        ("KE", num(a.ke), num(b.ke), num(d.ke), "J"),
        ("PE", num(a.pe), num(b.pe), num(d.pe), "J"),
        ("E", num(a.energy()), num(b.energy()), num(b.energy() - a.energy()), "J"),
        ("p", pair(a.momentum), pair(b.momentum), pair(d.momentum), "N·s"),
        ("L", num(a.angular_momentum), num(b.angular_momentum), num(d.angular_momentum), "kg·m²/s"),
    ];
    let cell = |x: &str, unit: &str| format!("{x} {unit}");
    let a_width = rows.iter().map(|r| cell(&r.1, r.4).chars().count()).max().unwrap_or(1);
    let b_width = rows.iter().map(|r| cell(&r.2, r.4).chars().count()).max().unwrap_or(1);
    let mut out = format!("\ntotals:\n      {:a_width$}  {:b_width$}  B − A\n", "A", "B");
    for (name, x, y, dx, unit) in rows {
        let mark = if x != y { DIFFERS } else { " " };
        writeln!(out, "  {mark} {name:2}  {:a_width$}  {:b_width$}  {}", cell(&x, unit), cell(&y, unit), cell(&dx, unit)).unwrap();
    }
    out
}

/// The first phase of a frame where A and B differ, A and B side by side.
fn first_difference(fa: &FrameRecord, fb: &FrameRecord, names: &[String]) -> Option<String> {
    let count = fa.phases.len().max(fb.phases.len());
    let i = (0..count).find(|&i| match (fa.phases.get(i), fb.phases.get(i)) {
        (Some(a), Some(b)) => phases_differ(&a, &b, names),
        _ => true,
    })?;
    let mut out = format!("first difference: frame {}, phase {} of {}\n", fa.frame, i + 1, fa.phases.len());
    let (pa, pb) = (fa.phases.get(i), fb.phases.get(i));
    let title = |p: Option<&Phase>| p.map_or("(no phase: the frame has ended)".to_string(), |p| phase_title(p, names));
    writeln!(out, "  A: {}\n  B: {}", title(pa.as_deref()), title(pb.as_deref())).unwrap();
    if let (Some(pa), Some(pb)) = (pa, pb) {
        let rows = rows(&pa, &pb, names);
        let shown = |v: &Option<Value>| v.as_ref().map_or("—".to_string(), value);
        let width = rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(0);
        let a_width = rows.iter().map(|r| shown(&r.a).chars().count()).max().unwrap_or(0).max(1);
        writeln!(out, "    {:width$}  {:a_width$}  B", "", "A").unwrap();
        for r in &rows {
            let mark = if r.differs() { DIFFERS } else { " " };
            writeln!(out, "  {mark} {:width$}  {:a_width$}  {}", r.name, shown(&r.a), shown(&r.b)).unwrap();
        }
    }
    Some(out)
}

/// Each body's state in A and in B, with the quantities that differ marked.
fn final_states(names: &[String], a: &[BodyState], b: &[BodyState]) -> String {
    let mut out = String::new();
    for ((name, sa), sb) in names.iter().zip(a).zip(b) {
        // Round-off reads 0 beside the body's own numbers, as in the text trace.
        let scale = crate::notation::state_scale(sa).max(crate::notation::state_scale(sb));
        let num = |x: f64| crate::notation::num_near(x, scale);
        let pair = |x: glam::DVec2| format!("({}, {})", num(x.x), num(x.y));
        let fields = [
            ("x", pair(sa.position), pair(sb.position)),
            ("θ", num(sa.angle), num(sb.angle)),
            ("v", pair(sa.velocity), pair(sb.velocity)),
            ("ω", num(sa.angular_velocity), num(sb.angular_velocity)),
        ];
        let differing: Vec<&str> = fields.iter().filter(|(_, x, y)| x != y).map(|(k, ..)| *k).collect();
        let note = if differing.is_empty() { "same".to_string() } else { format!("{DIFFERS} {}", differing.join(", ")) };
        writeln!(out, "  {name}: {note}").unwrap();
        for (run, pick) in [("A", 1), ("B", 2)] {
            let line: Vec<String> = fields.iter().map(|f| format!("{} {}", f.0, if pick == 1 { &f.1 } else { &f.2 })).collect();
            writeln!(out, "    {run}  {}", line.join("  ")).unwrap();
        }
    }
    out
}
