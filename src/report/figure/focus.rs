//! A figure cut down to the bodies it is about, for a picture too small to
//! hold them all (a terminal of 24 rows): the phase's pair, or the body the
//! reader chose, with only their own arrows, marks and names. Nothing is
//! recomputed: elements are kept or left out as they are.

use super::{Figure, Outline};
use crate::geometry::Pose;
use glam::DVec2;

impl Figure {
    /// The bodies a small picture keeps: those the phase is about (its pair,
    /// the bodies it changed), else `otherwise` (a pair whose phase the
    /// figure does not show, its results being hidden; the chosen body).
    pub fn in_focus(&self, otherwise: &[usize]) -> Vec<usize> {
        let mut keep = if self.focus.is_empty() { otherwise.to_vec() } else { self.focus.clone() };
        keep.sort_unstable();
        keep.dedup();
        keep
    }

    /// The figure of `keep`'s bodies alone: their outlines and names, and the
    /// arrows, arcs, marks and lines that start on one of them (at either of
    /// its states). The other bodies' outlines where the phase found them are
    /// returned beside it, for a backend to draw faint and leave unlabelled.
    pub fn focused_on(mut self, keep: &[usize]) -> (Figure, Vec<Outline>) {
        let kept: Vec<Outline> = self.outlines.iter().filter(|o| keep.contains(&o.body)).cloned().collect();
        // A contact point or a support point lies on the bodies' surfaces give or take their overlap:
        // a hundredth of the picture.
        let near = (self.base.1 - self.base.0).max_element() / 100.0;
        let on_kept =
            |p: DVec2| kept.iter().any(|o| self.shapes[o.body].distance_to(Pose::new(o.state.position, o.state.angle), p) <= near);
        let vectors = self.vectors.iter().filter(|v| on_kept(v.from)).cloned().collect();
        let arcs = self.arcs.iter().filter(|a| on_kept(a.centre)).cloned().collect();
        let marks = self.marks.iter().filter(|m| on_kept(m.at)).cloned().collect();
        let lines = self.lines.iter().filter(|l| on_kept(l.a) || on_kept(l.b)).cloned().collect();
        (self.vectors, self.arcs, self.marks, self.lines) = (vectors, arcs, marks, lines);
        self.names.retain(|n| keep.contains(&n.0));
        let others = self.outlines.iter().filter(|o| !keep.contains(&o.body) && !o.ghost).cloned().collect();
        self.outlines = kept;
        (self, others)
    }
}
