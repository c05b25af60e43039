//! The `[solver]` table's keys, one entry each: the key a file writes, the
//! names it takes, and how to read and write it in a [`SolverSection`]. The
//! saver, the settings editor, the session's "which setting differs" and the
//! lesson's "the narration describes …" line all walk this table, so a new
//! key is added here and in `SolverSection` (with its default and its check
//! in `validate`), and nowhere else.

use super::file::SolverSection;
use crate::engine::{ContactModel, Friction, Integrator, Method, Settings, Tangent};

/// A `[solver]` value as a file holds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SolverValue {
    Whole(i64),
    Number(f64),
    Flag(bool),
    /// One of the key's `choices`.
    Name(&'static str),
}

pub struct SolverKey {
    pub key: &'static str,
    /// The names the key takes (an enum's, or `true` and `false`); none for a number.
    pub choices: &'static [&'static str],
    pub get: fn(&SolverSection) -> SolverValue,
    /// Writes a value of the key's own kind; a name that is not one of
    /// `choices`, or a value of another kind, leaves the key as it was.
    pub set: fn(&mut SolverSection, SolverValue),
}

const FLAG: &[&str] = &["true", "false"];

macro_rules! solver_keys {
    ($($field:ident: $kind:ident $(($Enum:ty))?),+ $(,)?) => {
        /// In the order a file's `[solver]` table lists them.
        pub const SOLVER_KEYS: &[SolverKey] = &[$(solver_keys!(@key $field $kind $($Enum)?)),+];
    };
    (@key $field:ident Flag) => {
        solver_keys!(@held $field Flag FLAG)
    };
    (@key $field:ident $Kind:ident) => {
        solver_keys!(@held $field $Kind &[])
    };
    // A number or a flag: the field holds the value itself.
    (@held $field:ident $Kind:ident $choices:expr) => {
        SolverKey {
            key: stringify!($field),
            choices: $choices,
            get: |s| SolverValue::$Kind(s.$field),
            set: |s, v| if let SolverValue::$Kind(x) = v { s.$field = x },
        }
    };
    (@key $field:ident Name $Enum:ty) => {
        SolverKey {
            key: stringify!($field),
            choices: <$Enum>::NAMES,
            get: |s| SolverValue::Name(s.$field.name()),
            set: |s, v| {
                if let SolverValue::Name(n) = v
                    && let Some(x) = <$Enum>::from_name(n)
                {
                    s.$field = x;
                }
            },
        }
    };
}

solver_keys! {
    relaxation_iterations: Whole,
    correction_rate: Number,
    position_correction: Flag,
    friction: Name(Friction),
    tangent: Name(Tangent),
    coulomb_cap: Flag,
    restitution_threshold: Number,
    slop: Number,
    contact: Name(ContactModel),
    integrator: Name(Integrator),
    warm_start: Flag,
    method: Name(Method),
    side_tracking: Flag,
    velocity_correction: Flag,
}

/// The entry of a `[solver]` key; none for any other key.
pub fn solver_key(key: &str) -> Option<&'static SolverKey> {
    SOLVER_KEYS.iter().find(|k| k.key == key)
}

impl SolverSection {
    /// The `[solver]` table that gives these settings. `dt` is `[world]`'s,
    /// and `motion` no file's key (a lesson's toggle): every other field of
    /// the settings is named here, so a new one cannot be left out.
    pub fn of(settings: &Settings) -> SolverSection {
        let Settings {
            dt: _,
            relaxation_iterations,
            correction_rate,
            position_correction,
            friction,
            tangent,
            coulomb_cap,
            restitution_threshold,
            slop,
            contact,
            integrator,
            warm_start,
            motion: _,
            method,
            side_tracking,
            velocity_correction,
        } = *settings;
        SolverSection {
            relaxation_iterations: relaxation_iterations as i64,
            correction_rate,
            position_correction,
            friction,
            tangent,
            coulomb_cap,
            restitution_threshold,
            slop,
            contact,
            integrator,
            warm_start,
            method,
            side_tracking,
            velocity_correction,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key reads back what it wrote, and a section with every key
    /// changed from its default differs from the default at every key.
    #[test]
    fn every_key_writes_and_reads_its_own_field() {
        let d = SolverSection::default();
        let mut changed = d.clone();
        for k in SOLVER_KEYS {
            let other = match (k.get)(&d) {
                SolverValue::Whole(x) => SolverValue::Whole(x + 1),
                SolverValue::Number(x) => SolverValue::Number(x + 0.25),
                SolverValue::Flag(x) => SolverValue::Flag(!x),
                SolverValue::Name(n) => SolverValue::Name(k.choices.iter().copied().find(|&c| c != n).expect("two names at least")),
            };
            (k.set)(&mut changed, other);
            assert_eq!((k.get)(&changed), other, "{}", k.key);
        }
        for k in SOLVER_KEYS {
            assert_ne!((k.get)(&changed), (k.get)(&d), "{} was written by another key", k.key);
        }
        // A field added to the table's struct stops this from compiling: give it its key above.
        let SolverSection {
            relaxation_iterations: _,
            correction_rate: _,
            position_correction: _,
            friction: _,
            tangent: _,
            coulomb_cap: _,
            restitution_threshold: _,
            slop: _,
            contact: _,
            integrator: _,
            warm_start: _,
            method: _,
            side_tracking: _,
            velocity_correction: _,
        } = d;
        assert_eq!(SOLVER_KEYS.len(), 14);
        assert!(solver_key("slop").is_some() && solver_key("dt").is_none());
    }

    #[test]
    fn the_default_settings_give_the_default_table() {
        assert_eq!(SolverSection::of(&Settings::default()), SolverSection::default());
    }
}
