use super::CollisionInfo;
use glam::DVec2;

/// Two discs touch when the distance between centres is at most the sum of the
/// radii. The normal runs centre to centre; `start` is B's surface point facing A.
///
/// Coincident centres have no direction between them: the game-engine book then picks a
/// fixed normal and takes the whole radius sum as depth, which we do with +y.
#[inline]
pub fn collide_circle_circle(ca: DVec2, ra: f64, cb: DVec2, rb: f64) -> Option<CollisionInfo> {
    let d = cb - ca;
    let dist = d.length();
    let sum = ra + rb;
    if dist > sum {
        return None;
    }
    let normal = if dist > 0.0 { d / dist } else { DVec2::Y };
    Some(CollisionInfo::new(sum - dist, normal, cb - normal * rb))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_discs_meet_at_text_000s_contact_point() {
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
