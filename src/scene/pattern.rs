//! Patterns: many bodies from one table, where a person would otherwise write
//! (or press a key for) each. `[[rack]]` is rows of equal circles in a
//! triangle, as snooker's reds are racked; `[[row]]` and `[[grid]]` are copies
//! of one body (written in the pattern's `[row.body]` / `[grid.body]`) at a
//! spacing. They are expanded when the file is read, the copies taking the
//! places after the file's `[[body]]` entries, and a save keeps the table as
//! written while its copies are as it makes them.

use super::error::Seg;
use super::file::{BodyEntry, GridEntry, RackEntry, SceneFile, ShapeName};
use super::limits;
use glam::DVec2;

/// The most copies one pattern makes: a screenful of bodies to step through,
/// and a file of ten patterns stays within what the debugger plays.
pub const MOST_COPIES: i64 = 10_000;

/// A body a pattern made, and the path of the pattern's table in the file.
pub struct Copy {
    pub body: BodyEntry,
    pub from: Vec<Seg>,
}

/// What is wrong with a pattern's own keys: where, what and what to write.
pub type PatternProblem = (Vec<Seg>, String, String);

/// The copies every pattern of `raw` makes, in the order rack, row, grid and
/// each in file order, or the problems with its own keys (a pattern with a
/// problem makes no copy; its body's keys are checked as a `[[body]]`'s are,
/// once for each copy).
pub fn expand(raw: &SceneFile) -> (Vec<Copy>, Vec<PatternProblem>) {
    let mut copies = Vec::new();
    let mut problems = Vec::new();
    for (i, rack) in raw.rack.iter().enumerate() {
        let at = vec![Seg::Key("rack"), Seg::Index(i)];
        match rack_copies(rack) {
            Ok(bodies) => copies.extend(bodies.into_iter().map(|body| Copy { body, from: at.clone() })),
            Err((key, message, help)) => problems.push(([at, vec![Seg::Key(key)]].concat(), message, help)),
        }
    }
    let lines = raw.row.iter().map(|r| ("row", r.count, [1, 1], r.step, [0.0, 0.0], &r.body));
    let grids = raw.grid.iter().map(|g: &GridEntry| ("grid", g.columns * g.rows, [g.columns, g.rows], g.step, g.step, &g.body));
    let mut index = [0usize; 2];
    for (table, count, [columns, rows], step, row_step, body) in lines.chain(grids) {
        let k = usize::from(table == "grid");
        let at = vec![Seg::Key(table), Seg::Index(index[k])];
        index[k] += 1;
        let count_key = if table == "row" {
            "count"
        } else if columns < 1 {
            "columns"
        } else {
            "rows"
        };
        if columns < 1 || rows < 1 || count > MOST_COPIES {
            let message = format!("a {table} makes from 1 to {} copies", MOST_COPIES);
            problems.push(([at, vec![Seg::Key(count_key)]].concat(), message, "write e.g. count = 5".to_string()));
            continue;
        }
        if !step.iter().all(|&x| limits::COORDINATE.holds(x)) {
            let message = format!("each number of step must be {}", limits::COORDINATE.text);
            problems.push(([at, vec![Seg::Key("step")]].concat(), message, "write e.g. step = [1.0, 0.0]".to_string()));
            continue;
        }
        let (step, row_step) = (DVec2::from(step), DVec2::from(row_step));
        let first = DVec2::from(body.position);
        for n in 0..count {
            // A row steps along `step`; a grid's columns along x and its rows along y.
            let offset =
                if table == "row" { step * n as f64 } else { DVec2::new(step.x * (n % columns) as f64, row_step.y * (n / columns) as f64) };
            let mut copy = body.clone();
            copy.name = format!("{}{}", body.name, n + 1);
            copy.position = (first + offset).to_array();
            copies.push(Copy { body: copy, from: [at.clone(), vec![Seg::Key("body")]].concat() });
        }
    }
    (copies, problems)
}

/// A rack's balls, row by row from the apex: row k (from 0) has k + 1 balls,
/// its centre k·d·√3/2 from the apex along `direction`, the balls d apart
/// across it, d = 2·radius + gap: each ball touches (or clears by `gap`) the
/// two it sits between, as a triangle of equal circles packs.
fn rack_copies(rack: &RackEntry) -> Result<Vec<BodyEntry>, (&'static str, String, String)> {
    if !(1..=100).contains(&rack.rows) {
        return Err(("rows", "a rack has from 1 to 100 rows".to_string(), "write e.g. rows = 5 (15 balls)".to_string()));
    }
    if !limits::LENGTH.holds(rack.radius) {
        return Err(("radius", format!("radius must be {}", limits::LENGTH.text), "write e.g. radius = 0.02625".to_string()));
    }
    if !(rack.gap.is_finite() && (0.0..=limits::LENGTH.hi).contains(&rack.gap)) {
        return Err(("gap", "gap must be 0 or more, in m".to_string(), "write e.g. gap = 0.0 (the balls touch)".to_string()));
    }
    let direction = DVec2::from(rack.direction);
    if !direction.is_finite() || direction.length() < 1e-9 {
        return Err((
            "direction",
            "direction must be a vector other than [0, 0]".to_string(),
            "write e.g. direction = [1.0, 0.0]".to_string(),
        ));
    }
    let along = direction.normalize();
    let across = along.perp();
    let d = 2.0 * rack.radius + rack.gap;
    let apex = DVec2::from(rack.apex);
    let mut balls = Vec::new();
    for k in 0..rack.rows {
        let centre = apex + along * (k as f64 * d * 3f64.sqrt() / 2.0);
        for j in 0..=k {
            let position = centre + across * ((j as f64 - k as f64 / 2.0) * d);
            balls.push(BodyEntry {
                name: format!("{}{}", rack.name, balls.len() + 1),
                shape: ShapeName::Circle,
                radius: Some(rack.radius),
                size: None,
                mass: Some(rack.mass),
                is_static: false,
                inertia: None,
                position: position.to_array(),
                angle: 0.0,
                velocity: [0.0, 0.0],
                angular_velocity: 0.0,
                restitution: rack.restitution,
                friction: rack.friction,
            });
        }
    }
    Ok(balls)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rack_of_five_rows_is_fifteen_balls_each_touching_its_neighbours() {
        let raw: SceneFile =
            toml::from_str("[[rack]]\nname = \"red\"\nrows = 5\napex = [1.0, 0.0]\nradius = 0.5\nmass = 1.0\ndirection = [1.0, 0.0]\n")
                .unwrap();
        let (copies, problems) = expand(&raw);
        assert!(problems.is_empty());
        assert_eq!(copies.len(), 15);
        assert_eq!((copies[0].body.name.as_str(), copies[14].body.name.as_str()), ("red1", "red15"));
        let at = |i: usize| DVec2::from(copies[i].body.position);
        assert_eq!(at(0), DVec2::new(1.0, 0.0));
        // The back row stands 4·d·√3/2 = 2√3 behind the apex, its ends 2·d = 4 apart either side.
        let back: Vec<DVec2> = (10..15).map(at).collect();
        assert!(back.iter().all(|p| (p.x - (1.0 + 2.0 * 3f64.sqrt())).abs() < 1e-12));
        assert!((back[0].y.abs() - 2.0).abs() < 1e-12 && (back[4].y.abs() - 2.0).abs() < 1e-12);
        // Every ball touches each ball of the row behind it that it sits between.
        for (a, b) in [(0, 1), (0, 2), (1, 2), (1, 3), (4, 8), (9, 14)] {
            assert!((at(a).distance(at(b)) - 1.0).abs() < 1e-12, "{a}–{b}: {}", at(a).distance(at(b)));
        }
    }
}
