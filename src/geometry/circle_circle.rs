use super::CollisionInfo;
use super::lane::{Lane, V2};
use glam::DVec2;

/// Two discs touch when the distance between centres is at most the sum of the
/// radii. The normal runs centre to centre; `start` is B's surface point facing A.
///
/// Coincident centres have no direction between them: the game-engine book then picks a
/// fixed normal and takes the whole radius sum as depth, which we do with +y.
#[inline]
pub fn collide_circle_circle(ca: DVec2, ra: f64, cb: DVec2, rb: f64) -> Option<CollisionInfo> {
    let c = circles_meet(V2::from(ca), ra, V2::from(cb), rb);
    if c.dist > c.sum {
        return None;
    }
    Some(CollisionInfo::new(c.sum - c.dist, c.normal.into(), c.start.into()))
}

/// Where two circles would touch, for one pair or four at once (see [`Lane`]).
#[derive(Clone, Copy, Debug)]
pub struct CirclesMeet<L> {
    /// |x_b − x_a|², which the bound test compares with the radii's sum squared.
    pub dist2: L,
    pub dist: L,
    /// The radii's sum: the circles touch when `dist ≤ sum`.
    pub sum: L,
    /// From A to B; +y when the centres coincide, so it is always a unit.
    pub normal: V2<L>,
    /// B's point deepest inside A.
    pub start: V2<L>,
}

#[inline(always)]
pub fn circles_meet<L: Lane>(ca: V2<L>, ra: L, cb: V2<L>, rb: L) -> CirclesMeet<L> {
    let d = cb - ca;
    let dist2 = d.dot(d);
    let dist = dist2.sqrt();
    let (zero, one) = (L::splat(0.0), L::splat(1.0));
    let normal = dist.if_above_v(zero, || d.over(dist), || V2::new(zero, one));
    CirclesMeet { dist2, dist, sum: ra + rb, normal, start: cb - normal.scale(rb) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_discs_meet_at_the_rough_balls_articles_contact_point() {
        let info = collide_circle_circle(DVec2::new(6.0, 13.0), 2.0, DVec2::new(10.0, 10.0), 3.0).expect("touching counts as contact");
        assert_eq!(info.depth, 0.0);
        assert!((info.start - DVec2::new(7.6, 11.8)).length() < 1e-12);
        assert!((info.normal - DVec2::new(0.8, -0.6)).length() < 1e-12);
    }

    #[test]
    fn coincident_centres_give_a_finite_normal() {
        let info = collide_circle_circle(DVec2::ZERO, 1.0, DVec2::ZERO, 2.0).unwrap();
        assert_eq!(info.normal, DVec2::Y);
        assert_eq!(info.depth, 3.0);
    }

    #[test]
    fn apart_discs_do_not_collide() {
        assert!(collide_circle_circle(DVec2::ZERO, 1.0, DVec2::new(3.0, 0.0), 1.0).is_none());
    }
}
