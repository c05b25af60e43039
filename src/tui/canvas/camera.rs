//! What part of the world the canvas shows, and how: view state the keys
//! change (zoom, pan, follow, fit, names, true scale, layout). None of it is
//! physics, none of it is saved, and no edit changes it.

use crate::engine::{Body, BodyState};
use glam::DVec2;

/// How far one zoom key goes.
pub const ZOOM_STEP: f64 = 1.5;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct CanvasView {
    /// The part of the world the user zoomed, panned or fitted to (lower-left,
    /// upper-right); none: the scene's own window.
    pub window: Option<(DVec2, DVec2)>,
    /// The window's centre stays on the selected body.
    pub follow: bool,
    /// The window is the one `0` fitted to the bodies (a second `0` goes back
    /// to the scene's own).
    pub fitted: bool,
    /// Unselected bodies go unnamed.
    pub hide_names: bool,
    /// Arrows in world units: displacements in metres, velocities as
    /// m/s × 1 s, impulses as the Δv they give (J/m × 1 s).
    pub true_scale: bool,
    /// What has the screen: the panels, or the canvas or the derivation alone.
    pub full: Full,
}

/// What takes the screen, the panels giving way (`|`, `\`): on a small
/// terminal a picture or a long derivation needs every row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Full {
    #[default]
    Panels,
    Canvas,
    Derivation,
}

impl Full {
    /// `to` takes the screen, or, if it has it, gives it back to the panels.
    pub fn toggled(self, to: Full) -> Full {
        if self == to { Full::Panels } else { to }
    }
}

impl CanvasView {
    /// The window to draw, before it is widened to the canvas's shape: the
    /// one chosen, else the scene's, centred on `followed` when following.
    pub fn window(&self, scene: (DVec2, DVec2), followed: Option<DVec2>) -> (DVec2, DVec2) {
        let (lo, hi) = self.window.unwrap_or(scene);
        match followed.filter(|p| self.follow && p.is_finite()) {
            Some(p) => {
                let half = (hi - lo) / 2.0;
                (p - half, p + half)
            }
            None => (lo, hi),
        }
    }

    /// Zooms in (`steps` > 0) or out about the window's centre, or about
    /// the point `at`, which stays where it is on screen (a followed body
    /// stays in the middle).
    pub fn zoom(&mut self, scene: (DVec2, DVec2), followed: Option<DVec2>, steps: i8, at: Option<DVec2>) {
        let (lo, hi) = self.window(scene, followed);
        let old = (hi - lo) / 2.0;
        let half = old / ZOOM_STEP.powi(i32::from(steps));
        // Between a millimetre and the coordinates' range (±1,000,000 m).
        let half = half * (5e-4 / half.min_element()).max(1.0) * (2e6 / half.max_element()).min(1.0);
        let mid = (lo + hi) / 2.0;
        let centre = match at.filter(|p| p.is_finite() && !self.follow) {
            Some(p) => p + (mid - p) * (half / old),
            None => mid,
        };
        self.window = Some((centre - half, centre + half));
        self.fitted = false;
    }

    /// Moves the window by `by` (world units). It stops following.
    pub fn shift(&mut self, scene: (DVec2, DVec2), followed: Option<DVec2>, by: DVec2) {
        let (lo, hi) = self.window(scene, followed);
        if by.is_finite() {
            self.window = Some((lo + by, hi + by));
            (self.follow, self.fitted) = (false, false);
        }
    }

    /// Moves the window a quarter of its size; (`dx`, `dy`) in screen
    /// directions (right, up). Panning stops following.
    pub fn pan(&mut self, scene: (DVec2, DVec2), followed: Option<DVec2>, y_down: bool, dx: i8, dy: i8) {
        let (lo, hi) = self.window(scene, followed);
        let dy = if y_down { -dy } else { dy };
        self.shift(scene, followed, (hi - lo) * DVec2::new(f64::from(dx), f64::from(dy)) / 4.0);
    }
}

/// A window around bodies at `states`, with a margin (the scene's own
/// window is one around them at the start).
pub fn around(bodies: &[Body], states: &[BodyState]) -> (DVec2, DVec2) {
    let (mut lo, mut hi) = (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY));
    for (b, s) in bodies.iter().zip(states).filter(|(_, s)| s.position.is_finite()) {
        let r = b.shape.bounding_radius();
        lo = lo.min(s.position - r);
        hi = hi.max(s.position + r);
    }
    if !lo.is_finite() || !hi.is_finite() {
        (lo, hi) = (DVec2::splat(-10.0), DVec2::splat(10.0));
    }
    let margin = (hi - lo).max_element().max(1.0) * 0.15;
    (lo - margin, hi + margin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_in_then_out_comes_back_and_pan_moves_a_quarter() {
        let scene = (DVec2::new(0.0, 0.0), DVec2::new(8.0, 4.0));
        let mut v = CanvasView::default();
        v.zoom(scene, None, 1, None);
        let (lo, hi) = v.window(scene, None);
        assert!(((hi - lo) - DVec2::new(8.0, 4.0) / 1.5).length() < 1e-12);
        v.zoom(scene, None, -1, None);
        let (lo, hi) = v.window(scene, None);
        assert!((lo - scene.0).length() < 1e-12 && (hi - scene.1).length() < 1e-12);
        v.pan(scene, None, false, 1, 1);
        let (lo, _) = v.window(scene, None);
        assert!((lo - DVec2::new(2.0, 1.0)).length() < 1e-12);
        // About a point: it stays put.
        let mut z = CanvasView::default();
        let p = DVec2::new(2.0, 1.0);
        z.zoom(scene, None, 1, Some(p));
        let (lo, hi) = z.window(scene, None);
        assert!(((p - lo) / (hi - lo) - DVec2::new(0.25, 0.25)).length() < 1e-12);
        // In a y-down scene "up" on screen is toward −y.
        let mut d = CanvasView::default();
        d.pan(scene, None, true, 0, 1);
        assert!((d.window(scene, None).0 - DVec2::new(0.0, -1.0)).length() < 1e-12);
    }

    #[test]
    fn following_centres_the_window_on_the_body() {
        let scene = (DVec2::ZERO, DVec2::new(4.0, 2.0));
        let v = CanvasView { follow: true, ..CanvasView::default() };
        assert_eq!(v.window(scene, Some(DVec2::new(10.0, 10.0))), (DVec2::new(8.0, 9.0), DVec2::new(12.0, 11.0)));
    }
}
