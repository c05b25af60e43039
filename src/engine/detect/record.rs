//! What the narrow phase computed, and the derivation a person reads from it:
//! the tests' work, and the separating axis test's faces as a table.

use crate::engine::body::BodyRef;
use crate::engine::trace::{Quantity, Record, Value};
use crate::geometry::{CollisionInfo, FaceTest, RegionTest, SatReport, SegmentBoxReport, SegmentTest};
use glam::DVec2;

/// How the narrow phase reached its answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Work {
    CircleCircle,
    /// Every face tested, its support point and distance (boxed: it is large).
    BoxBox(Box<SatReport>),
    /// The nearest edge of the box and the region the circle's centre is in
    /// (boxed, like the SAT's report, so the common detect record stays small).
    BoxCircle {
        test: Box<RegionTest>,
        box_is_a: bool,
    },
    /// A wall and a circle: the wall's point nearest the centre.
    WallCircle {
        test: Box<SegmentTest>,
        wall_is_a: bool,
    },
    /// Two walls are both fixed: never tested.
    TwoWalls,
    /// A wall and a box: every face the separating axis test tried.
    WallBox {
        report: Box<SegmentBoxReport>,
        wall_is_a: bool,
    },
}

impl Work {
    /// The work borrowed, as the narrow phase hands it to a tracer.
    pub fn as_ref(&self) -> WorkRef<'_> {
        match self {
            Work::CircleCircle => WorkRef::CircleCircle,
            Work::BoxBox(report) => WorkRef::BoxBox(report),
            Work::BoxCircle { test, box_is_a } => WorkRef::BoxCircle { test, box_is_a: *box_is_a },
            Work::WallCircle { test, wall_is_a } => WorkRef::WallCircle { test, wall_is_a: *wall_is_a },
            Work::TwoWalls => WorkRef::TwoWalls,
            Work::WallBox { report, wall_is_a } => WorkRef::WallBox { report, wall_is_a: *wall_is_a },
        }
    }

    /// The bytes of its boxed report, if any.
    pub(in crate::engine) fn boxed_bytes(&self) -> usize {
        use std::mem::size_of_val;
        match self {
            Work::BoxBox(report) => size_of_val(&**report),
            Work::BoxCircle { test, .. } => size_of_val(&**test),
            Work::WallCircle { test, .. } => size_of_val(&**test),
            Work::WallBox { report, .. } => size_of_val(&**report),
            Work::CircleCircle | Work::TwoWalls => 0,
        }
    }
}

/// [`Work`] as the narrow phase hands it to a tracer, its report borrowed
/// from the stack: a tracer copies it to where it keeps reports.
#[derive(Clone, Copy, Debug)]
pub enum WorkRef<'r> {
    CircleCircle,
    BoxBox(&'r SatReport),
    BoxCircle { test: &'r RegionTest, box_is_a: bool },
    WallCircle { test: &'r SegmentTest, wall_is_a: bool },
    TwoWalls,
    WallBox { report: &'r SegmentBoxReport, wall_is_a: bool },
}

impl WorkRef<'_> {
    /// The work as a record of its own keeps it: each report in a box.
    pub fn to_work(self) -> Work {
        match self {
            WorkRef::CircleCircle => Work::CircleCircle,
            WorkRef::BoxBox(report) => Work::BoxBox(Box::new(*report)),
            WorkRef::BoxCircle { test, box_is_a } => Work::BoxCircle { test: Box::new(*test), box_is_a },
            WorkRef::WallCircle { test, wall_is_a } => Work::WallCircle { test: Box::new(*test), wall_is_a },
            WorkRef::TwoWalls => Work::TwoWalls,
            WorkRef::WallBox { report, wall_is_a } => Work::WallBox { report: Box::new(*report), wall_is_a },
        }
    }
}

/// A detect phase. `W` is how the narrow phase's work is held: [`Work`] in a
/// record of its own; borrowed ([`WorkRef`]) on its way to a tracer; by its
/// place in a frame's list of reports in [`super::Phases`].
#[derive(Clone, Debug, PartialEq)]
pub struct DetectRecord<W = Work> {
    /// The bound test's inputs: the centres and bounding radii when visited.
    pub x_a: DVec2,
    pub x_b: DVec2,
    pub r_a: f64,
    pub r_b: f64,
    pub work: W,
    /// The game-engine book's collision info, the normal from A toward B; none: no contact.
    pub info: Option<CollisionInfo>,
    /// The second point of a clipped box–box manifold.
    pub second: Option<CollisionInfo>,
    /// Whether the normal was turned round to point from A toward B.
    pub flipped: bool,
}

impl<W> DetectRecord<W> {
    pub(in crate::engine) fn of(
        ((ba, ma), (bb, mb)): (BodyRef, BodyRef),
        work: W,
        (info, second): (Option<CollisionInfo>, Option<CollisionInfo>),
        flipped: bool,
    ) -> DetectRecord<W> {
        DetectRecord {
            x_a: ma.position,
            x_b: mb.position,
            r_a: ba.shape.bounding_radius(),
            r_b: bb.shape.bounding_radius(),
            work,
            info,
            second,
            flipped,
        }
    }

    /// The same record with its work held another way.
    pub fn map_work<V>(self, hold: impl FnOnce(W) -> V) -> DetectRecord<V> {
        let DetectRecord { x_a, x_b, r_a, r_b, work, info, second, flipped } = self;
        DetectRecord { x_a, x_b, r_a, r_b, work: hold(work), info, second, flipped }
    }
}

impl Record for DetectRecord {
    fn quantities(&self, _: &[String], names: (&str, &str)) -> Vec<Quantity> {
        self.build(names, false)
            .into_iter()
            .flat_map(|s| match s {
                Shown::Quantity(q) => vec![q],
                Shown::Faces(table) => table.quantities(),
            })
            .collect()
    }

    fn heap_bytes(&self) -> usize {
        self.work.boxed_bytes()
    }

    fn found_contact(&self) -> bool {
        self.info.is_some()
    }
}

impl DetectRecord {
    /// The quantities as a reader sees them: the same, in the same order,
    /// but the faces of the separating axis test gathered into one table.
    pub(in crate::engine) fn shown(&self, names: (&str, &str)) -> Vec<Shown> {
        self.build(names, true)
    }

    fn build(&self, (a, b): (&str, &str), tabled: bool) -> Vec<Shown> {
        let distance = self.x_a.distance(self.x_b);
        let sum = self.r_a + self.r_b;
        let mut out: Vec<Shown> = [
            Quantity::new("distance", distance, "m").by("|{x_b} − {x_a}|", vec![("x_b", self.x_b.into()), ("x_a", self.x_a.into())]),
            Quantity::new("radius sum", sum, "m").by("{r_a} + {r_b}", vec![("r_a", self.r_a.into()), ("r_b", self.r_b.into())]),
            Quantity::new("bounds touch", distance <= sum, "")
                .by("{distance} ≤ {radius sum}", vec![("distance", distance.into()), ("radius sum", sum.into())]),
        ]
        .into_iter()
        .map(Shown::Quantity)
        .collect();
        match self.faces((a, b)) {
            Some(table) => {
                let separating = table.separating();
                let least = table.least().map(|r| format!("{} face {}", r.body, r.face));
                if tabled {
                    out.push(Shown::Faces(table));
                } else {
                    out.extend(table.quantities().into_iter().map(Shown::Quantity));
                }
                out.extend(separating.map(|why| Shown::Quantity(Quantity::new("separating axis", why.as_str(), ""))));
                out.extend(least.map(|l| Shown::Quantity(Quantity::new("least penetration", Value::Text(l), ""))));
            }
            None => {
                let mut work = Vec::new();
                self.work_quantities((a, b), &mut work);
                out.extend(work.into_iter().map(Shown::Quantity));
            }
        }
        let mut push = |q: Quantity| out.push(Shown::Quantity(q));
        push(Quantity::new("contact", self.info.is_some(), ""));
        if let Some(i) = self.info {
            if self.flipped {
                push(Quantity::new("flipped", true, ""));
            }
            push(Quantity::new("depth", i.depth, "m"));
            push(Quantity::new("normal", i.normal, ""));
            push(Quantity::new("start", i.start, "m"));
            push(
                Quantity::new("end", i.end, "m").by(
                    "{start} + {normal}·{depth}",
                    vec![("start", i.start.into()), ("normal", i.normal.into()), ("depth", i.depth.into())],
                ),
            );
        }
        if let Some(s) = self.second {
            push(Quantity::new("second depth", s.depth, "m").by("clipped: the incident face's other end", vec![]));
            push(Quantity::new("second start", s.start, "m"));
            push(Quantity::new("second end", s.end, "m").by(
                "{second start} + {normal}·{second depth}",
                vec![("second start", s.start.into()), ("normal", s.normal.into()), ("second depth", s.depth.into())],
            ));
        }
        out
    }

    /// Every face the separating axis test tried (two boxes, or a wall and a
    /// box) as the step recorded it; none for the other methods.
    pub fn faces(&self, (a, b): (&str, &str)) -> Option<FaceTable> {
        let table = match &self.work {
            Work::BoxBox(report) => Some(FaceTable::new([(a, &report.faces[0][..]), (b, &report.faces[1][..])], report.axis)),
            Work::WallBox { report, wall_is_a } => {
                let (wall, boxed) = if *wall_is_a { (a, b) } else { (b, a) };
                Some(FaceTable::new([(wall, &report.segment[..]), (boxed, &report.boxed[..])], report.axis))
            }
            _ => None,
        };
        table.filter(|t| !t.rows.is_empty())
    }

    /// The working of the narrow-phase methods other than the separating
    /// axis test (whose faces are [`Self::faces`]), for the derivation panel.
    fn work_quantities(&self, (a, b): (&str, &str), out: &mut Vec<Quantity>) {
        match &self.work {
            Work::CircleCircle | Work::BoxBox(_) | Work::WallBox { .. } => {}
            Work::WallCircle { test, wall_is_a } => {
                let (wall, centre) = if *wall_is_a { (a, self.x_b) } else { (b, self.x_a) };
                let SegmentTest { from, to, along, nearest, distance } = **test;
                out.push(Quantity::new(format!("{wall} from"), from, "m"));
                out.push(Quantity::new(format!("{wall} to"), to, "m"));
                let c = ("c", Value::from(centre));
                out.push(
                    Quantity::new("along", along, "")
                        .by("({c} − {from})·({to} − {from}) / |{to} − {from}|²", vec![c.clone(), ("from", from.into()), ("to", to.into())]),
                );
                let place = if along <= 0.0 {
                    "the wall's from end"
                } else if along >= 1.0 {
                    "the wall's to end"
                } else {
                    "beside the wall"
                };
                out.push(Quantity::new("nearest point", nearest, "m").by(
                    "{from} + ({to} − {from})·clamp({along}, 0, 1)",
                    vec![("from", from.into()), ("to", to.into()), ("along", along.into())],
                ));
                out.push(Quantity::new("nearest is", place, ""));
                out.push(Quantity::new("gap", distance, "m").by("|{c} − {nearest point}|", vec![c, ("nearest point", nearest.into())]));
            }
            Work::TwoWalls => {}
            Work::BoxCircle { test, box_is_a } => {
                let (who, centre) = if *box_is_a { (a, self.x_b) } else { (b, self.x_a) };
                let RegionTest { first, second, normal, .. } = **test;
                out.push(Quantity::new("nearest edge", Value::Text(format!("{who} face {}", test.edge)), ""));
                out.push(Quantity::new("edge start", first, "m"));
                out.push(Quantity::new("edge end", second, "m"));
                out.push(Quantity::new("edge normal", normal, ""));
                let c = ("c", Value::from(centre));
                out.push(
                    Quantity::new("out", test.out, "m").by("({c} − {v1})·{n}", vec![c.clone(), ("v1", first.into()), ("n", normal.into())]),
                );
                out.push(
                    Quantity::new("along start", test.along_first, "m²")
                        .by("({c} − {v1})·({v2} − {v1})", vec![c.clone(), ("v1", first.into()), ("v2", second.into())]),
                );
                out.push(
                    Quantity::new("along end", test.along_second, "m²")
                        .by("({c} − {v2})·({v1} − {v2})", vec![c, ("v2", second.into()), ("v1", first.into())]),
                );
                out.push(Quantity::new("region", test.region.describe(), ""));
            }
        }
    }
}

/// What a reader sees of a phase, in the order of the derivation: a
/// quantity, or the separating axis test's faces as one table.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown {
    Quantity(Quantity),
    Faces(FaceTable),
}

/// One face of the separating axis test: the face of `body` tested against
/// the corners of `against`, as the step recorded it.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceRow {
    pub body: String,
    pub against: String,
    pub face: usize,
    /// The face's outward normal n.
    pub normal: DVec2,
    /// The face's first corner f.
    pub on_face: DVec2,
    /// The other body's corner deepest behind the face; none: no corner is, and the face separates.
    pub support: Option<DVec2>,
    /// How far the support point lies behind the face, d = (s − f)·(−n); positive: behind it.
    pub distance: Option<f64>,
    /// The face of least penetration, the one the test chose.
    pub least: bool,
}

/// Every face the separating axis test tried, A's (or the wall's) first, in
/// the order tried; faces after a separating one were never tried and are left out.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceTable {
    pub rows: Vec<FaceRow>,
}

impl FaceTable {
    /// `sides`: each polygon's name and its faces' tests; `axis` the face of
    /// least penetration as (side, face).
    fn new(sides: [(&str, &[Option<FaceTest>]); 2], axis: Option<(usize, usize)>) -> FaceTable {
        let mut rows = Vec::new();
        for (side, (body, faces)) in sides.iter().enumerate() {
            let against = sides[1 - side].0;
            for (face, test) in faces.iter().enumerate() {
                let Some(t) = test else { continue };
                rows.push(FaceRow {
                    body: body.to_string(),
                    against: against.to_string(),
                    face,
                    normal: t.normal,
                    on_face: t.on_face,
                    support: t.support,
                    distance: t.distance,
                    least: axis == Some((side, face)),
                });
            }
        }
        FaceTable { rows }
    }

    /// The row of the face of least penetration.
    pub fn least(&self) -> Option<&FaceRow> {
        self.rows.iter().find(|r| r.least)
    }

    /// Why the test stopped early: the face no corner lies behind.
    pub fn separating(&self) -> Option<String> {
        let r = self.rows.iter().find(|r| r.support.is_none())?;
        Some(format!("no corner of {} lies behind {}'s face {}: it separates", r.against, r.body, r.face))
    }

    /// Each face as three quantities (normal, support, distance), named
    /// "plank face 0 normal" …: the values JSON, checks and breakpoints read.
    pub fn quantities(&self) -> Vec<Quantity> {
        let mut out = Vec::new();
        for r in &self.rows {
            let (own, i) = (&r.body, r.face);
            out.push(Quantity::new(format!("{own} face {i} normal"), r.normal, ""));
            out.push(Quantity::new(format!("{own} face {i} support"), r.support, "m"));
            let dist = Quantity::new(format!("{own} face {i} distance"), r.distance, "m");
            out.push(match r.support {
                Some(s) => dist.by(FACE_DISTANCE, vec![("s", s.into()), ("f", r.on_face.into()), ("n", r.normal.into())]),
                None => dist,
            });
        }
        out
    }
}

/// How far a face's support point lies behind it.
const FACE_DISTANCE: &str = "({s} − {f})·(−{n})";
