//! The ledger as it is read: one line of a phase's totals, before → after
//! where the phase changed them, and the mark of a phase that raised the
//! total energy.

use super::{num, vec2};
use crate::engine::{EnergyChange, PhaseKind, Totals, energy_rise};
use glam::DVec2;

/// `x` with rounding left by the running sums taken out: the totals are
/// updated by adding and removing bodies' parts, so a total that should be 0
/// can read 8.9e-16 (or a KE −3.5e−18 J) against parts of size `terms`, the
/// magnitudes it was summed from ([`TermSizes`](crate::engine::TermSizes)).
/// Anything under 1e-12 of them is printed as 0 (the ledger's rounding, see
/// `energy_rise`); a small total summed from terms as small stands.
fn tidy(x: f64, terms: f64) -> f64 {
    if x.abs() <= 1e-12 * terms { 0.0 } else { x }
}

fn scalar(b: f64, a: f64, terms: f64, unit: &str) -> String {
    let scale = b.abs().max(a.abs()).max(terms);
    let (b, a) = (num(tidy(b, scale)), num(tidy(a, scale)));
    if b == a { format!("{b} {unit}") } else { format!("{b} → {a} {unit}") }
}

fn vector(b: DVec2, a: DVec2, terms: f64, unit: &str) -> String {
    let scale = b.abs().max_element().max(a.abs().max_element()).max(terms);
    let tidy2 = |v: DVec2| DVec2::new(tidy(v.x, scale), tidy(v.y, scale));
    let (b, a) = (vec2(tidy2(b)), vec2(tidy2(a)));
    if b == a { format!("{b} {unit}") } else { format!("{b} → {a} {unit}") }
}

/// The totals across a phase: KE, PE, E = KE + PE, momentum p and angular
/// momentum L about the origin, each as `before → after` when it changed
/// (at the printed digits) and once when it did not.
pub fn totals_line(before: &Totals, after: &Totals) -> String {
    let (tb, ta) = (before.terms, after.terms);
    format!(
        "KE {} · PE {} · E {} · p {} · L {}",
        scalar(before.ke, after.ke, tb.ke.max(ta.ke), "J"),
        scalar(before.pe, after.pe, tb.pe.max(ta.pe), "J"),
        scalar(before.energy(), after.energy(), (tb.ke + tb.pe).max(ta.ke + ta.pe), "J"),
        vector(before.momentum, after.momentum, tb.momentum.max(ta.momentum), "N·s"),
        scalar(before.angular_momentum, after.angular_momentum, tb.angular_momentum.max(ta.angular_momentum), "kg·m²/s"),
    )
}

/// `x` with its sign always written (`+0.1`, `−0.1`, `0`), tidied against `scale`.
fn signed(x: f64, scale: f64) -> String {
    let x = tidy(x, scale);
    if x > 0.0 { format!("+{}", num(x)) } else { num(x) }
}

/// What a phase did to the energy: `ΔKE +… J · ΔPE … J · ΔE … J`, then, where
/// gravity traded PE for KE in it, that share and what is left, and the
/// frame's integrator drift at the phase that closes the frame's motion.
pub fn energy_change_line(e: &EnergyChange) -> String {
    let scale = e.before.ke + e.before.pe.abs() + e.after.ke + e.after.pe.abs();
    let d = e.after - e.before;
    let mut line = format!("ΔKE {} J · ΔPE {} J · ΔE {} J", signed(d.ke, scale), signed(d.pe, scale), signed(e.de(), scale));
    if e.gravity != 0.0 {
        line += &format!(" (gravity's trade {} J, the rest {} J)", signed(e.gravity, scale), signed(e.rise(), scale));
    }
    if let Some(drift) = e.drift {
        line += &format!(" · integrator drift this frame {} J", signed(drift, scale));
    }
    line
}

/// Whether a phase is a positional correction that changed L at the printed
/// digits. L is taken about the origin, Σ (m·x×v + I·ω): a correction moves
/// bodies without touching their velocities, so L moves with them although
/// no impulse acted. Each reader says so beside the totals, in its words.
pub fn correction_moved_l(kind: PhaseKind, before: &Totals, after: &Totals) -> bool {
    let terms = before.terms.angular_momentum.max(after.terms.angular_momentum);
    kind == PhaseKind::Correct
        && scalar(before.angular_momentum, before.angular_momentum, terms, "")
            != scalar(after.angular_momentum, after.angular_momentum, terms, "")
}

/// `▲ E +11.232 J` when a phase raised the total energy (see
/// [`energy_rise`]), for the trace, the handout and the screen.
pub fn rise_mark(kind: PhaseKind, before: &Totals, after: &Totals) -> Option<String> {
    energy_rise(kind, before, after).map(|rise| format!("▲ E +{} J", num(rise)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn totals(ke: f64, pe: f64) -> Totals {
        Totals { ke, pe, momentum: DVec2::new(6.0, 0.0), angular_momentum: 0.0, terms: Default::default() }
    }

    #[test]
    fn round_off_is_judged_by_the_terms_a_total_was_summed_from() {
        use crate::engine::{BodyDef, BodyState, TermSizes};
        use crate::geometry::Shape;
        // A resting stack's KE, left by a running sum whose terms were 0.03 J.
        let mut at_rest = totals(-3.469446951953614e-18, 0.0);
        at_rest.terms = TermSizes { ke: 0.03, ..Default::default() };
        assert!(totals_line(&at_rest, &at_rest).starts_with("KE 0 J · "), "{}", totals_line(&at_rest, &at_rest));
        // A ball of 1 kg truly moving at 2e−9 m/s: its KE 2e−18 J is its one term, and stands.
        let ball = BodyDef::dynamic("b", Shape::Circle { radius: 0.5 }, 1.0);
        let slow = BodyState { position: DVec2::ZERO, angle: 0.0, velocity: DVec2::new(2e-9, 0.0), angular_velocity: 0.0 };
        let t = Totals::of_body(&ball.body, &slow, DVec2::ZERO);
        assert!(totals_line(&t, &t).starts_with("KE 2e−18 J · "), "{}", totals_line(&t, &t));
    }

    #[test]
    fn a_line_shows_what_changed_and_only_once_what_did_not() {
        let line = totals_line(&totals(27.0, 0.0), &totals(38.232, 0.0));
        assert_eq!(line, "KE 27 → 38.232 J · PE 0 J · E 27 → 38.232 J · p (6, 0) N·s · L 0 kg·m²/s");
    }

    #[test]
    fn an_energy_change_line_signs_every_delta_and_names_gravitys_trade() {
        let e = EnergyChange { before: totals(27.0, 10.0), after: totals(29.0, 8.5), gravity: 0.5, drift: Some(-0.25) };
        assert_eq!(
            energy_change_line(&e),
            "ΔKE +2 J · ΔPE −1.5 J · ΔE +0.5 J (gravity's trade +0.5 J, the rest 0 J) · integrator drift this frame −0.25 J"
        );
    }

    #[test]
    fn rounding_in_the_running_sums_reads_as_zero() {
        let mut after = totals(27.0, 0.0);
        after.momentum = DVec2::new(8.881784197001252e-16, -10.0);
        let mut before = after;
        before.momentum = DVec2::new(0.0, -10.0);
        assert!(totals_line(&before, &after).contains("p (0, −10) N·s"));
    }

    #[test]
    fn only_a_contact_phase_raising_energy_beyond_rounding_is_marked() {
        let (b, a) = (totals(27.0, 0.0), totals(38.232, 0.0));
        assert_eq!(rise_mark(PhaseKind::Resolve, &b, &a).as_deref(), Some("▲ E +11.232 J"));
        assert_eq!(rise_mark(PhaseKind::Resolve, &a, &b), None);
        assert_eq!(rise_mark(PhaseKind::Forces, &b, &a), None);
        // A rise of a few ulps is rounding, not the phase.
        assert_eq!(rise_mark(PhaseKind::Correct, &b, &totals(27.0 + 1e-13, 0.0)), None);
    }
}
