//! The fixed segments a ball can hit, for the methods that take walls as
//! lines (Dobre & Ramtal's and Sedgewick & Wayne's): each `[[wall]]`, and each face of a
//! static box, which never moves and so is four walls.

use super::body::{Body, Motion};
use crate::geometry::{Shape, box_vertices, segment_ends};
use glam::DVec2;

/// A fixed segment a ball can hit: a wall, or one face of a static box.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WallSegment {
    /// The body it belongs to: its material, and the pair the phases name.
    pub body: usize,
    pub from: DVec2,
    pub to: DVec2,
}

/// Every wall, and each face of every static box (a box that never moves is
/// four walls), in scene order.
pub(crate) fn segments(bodies: &[Body], motions: &[Motion]) -> Vec<WallSegment> {
    let mut out = Vec::new();
    for (body, (b, m)) in bodies.iter().zip(motions).enumerate() {
        match b.shape {
            Shape::Segment { half } => {
                let [from, to] = segment_ends(half, m.pose());
                out.push(WallSegment { body, from, to });
            }
            Shape::Box { size } if m.is_static() => {
                let v = box_vertices(size, m.pose());
                out.extend((0..4).map(|k| WallSegment { body, from: v[k], to: v[(k + 1) % 4] }));
            }
            _ => {}
        }
    }
    out
}
