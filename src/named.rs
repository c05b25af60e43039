//! Enums whose variants have names in files and on screen, each name written
//! once: the table a `named!` enum is declared with gives its serde names,
//! `name()` and `ALL`, so files, errors, the help and the TUI never restate them.

/// Declares a `Copy` enum from a table of variants and their names.
macro_rules! named {
    ($(#[$meta:meta])* pub enum $Enum:ident { $($(#[$vmeta:meta])* $Variant:ident = $name:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
        pub enum $Enum {
            $($(#[$vmeta])* #[serde(rename = $name)] $Variant,)+
        }

        impl $Enum {
            /// Every variant, in the order of the table.
            pub const ALL: &[$Enum] = &[$($Enum::$Variant),+];

            /// Their names, in the same order.
            pub const NAMES: &[&str] = &[$($name),+];

            /// The name files and the screen use.
            pub fn name(self) -> &'static str {
                match self {
                    $($Enum::$Variant => $name,)+
                }
            }

            /// The variant a name stands for.
            pub fn from_name(name: &str) -> Option<$Enum> {
                $Enum::ALL.iter().copied().find(|v| v.name() == name)
            }
        }
    };
}

pub(crate) use named;

/// The names of `all`, quoted and joined: `"a", "b"`.
pub fn quoted<T: Copy>(all: &[T], name: impl Fn(T) -> &'static str) -> String {
    all.iter().map(|&v| format!("\"{}\"", name(v))).collect::<Vec<_>>().join(", ")
}
