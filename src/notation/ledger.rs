//! The ledger as it is read: one line of a phase's totals, before → after
//! where the phase changed them, and the mark of a phase that raised the
//! total energy.

use super::{num, vec2};
use crate::engine::{EnergyChange, PhaseKind, Totals, energy_rise};
use glam::DVec2;

/// `x` with rounding left by the running sums taken out: the totals are
/// updated by adding and removing bodies' parts, so a total that should be 0
/// can read 8.9e-16 against parts of size `scale`. Anything under 1e-12 of
/// the scale is printed as 0 (the ledger's rounding, see `energy_rise`).
fn tidy(x: f64, scale: f64) -> f64 {
    if x.abs() <= 1e-12 * scale { 0.0 } else { x }
}

fn scalar(b: f64, a: f64, unit: &str) -> String {
    let scale = b.abs().max(a.abs());
    let (b, a) = (num(tidy(b, scale)), num(tidy(a, scale)));
    if b == a { format!("{b} {unit}") } else { format!("{b} → {a} {unit}") }
}

fn vector(b: DVec2, a: DVec2, unit: &str) -> String {
    let scale = b.abs().max_element().max(a.abs().max_element());
    let tidy2 = |v: DVec2| DVec2::new(tidy(v.x, scale), tidy(v.y, scale));
    let (b, a) = (vec2(tidy2(b)), vec2(tidy2(a)));
    if b == a { format!("{b} {unit}") } else { format!("{b} → {a} {unit}") }
}

/// The totals across a phase: KE, PE, E = KE + PE, momentum p and angular
/// momentum L about the origin, each as `before → after` when it changed
/// (at the printed digits) and once when it did not.
pub fn totals_line(before: &Totals, after: &Totals) -> String {
    format!(
        "KE {} · PE {} · E {} · p {} · L {}",
        scalar(before.ke, after.ke, "J"),
        scalar(before.pe, after.pe, "J"),
        scalar(before.energy(), after.energy(), "J"),
        vector(before.momentum, after.momentum, "N·s"),
        scalar(before.angular_momentum, after.angular_momentum, "kg·m²/s"),
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

/// `▲ E +11.232 J` when a phase raised the total energy (see
/// [`energy_rise`]), for the trace, the handout and the screen.
pub fn rise_mark(kind: PhaseKind, before: &Totals, after: &Totals) -> Option<String> {
    energy_rise(kind, before, after).map(|rise| format!("▲ E +{} J", num(rise)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn totals(ke: f64, pe: f64) -> Totals {
        Totals { ke, pe, momentum: DVec2::new(6.0, 0.0), angular_momentum: 0.0 }
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
