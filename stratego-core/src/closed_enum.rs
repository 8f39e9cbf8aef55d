//! The closed sets of the vocabulary (`Player`, `Rank`, ...) as one table of names and values,
//! which the C and Python crates read instead of keeping copies of their own.

use core::fmt;

use crate::{Battle, Edition, IllegalReason, Numbering, Player, Rank, SetupProblemKind, SquareKind, Termination};

/// A closed set of named values: a fieldless enum whose discriminants are the values every
/// front door uses (the C constants, the Python enum values).
///
/// ```
/// use stratego_core::{ClosedEnum, Termination};
/// assert_eq!(Termination::NAME, "Termination");
/// assert_eq!(Termination::FlagCaptured.value(), 1);
/// assert_eq!(Termination::FlagCaptured.screaming_name(), "FLAG_CAPTURED");
/// assert_eq!(Termination::from_value(1), Some(Termination::FlagCaptured));
/// ```
pub trait ClosedEnum: Copy + Eq + fmt::Debug + 'static {
    /// The set's name, the same in every language: `"Player"`, `"IllegalReason"`.
    const NAME: &'static str;
    /// Every member, in value order.
    const MEMBERS: &'static [Self];

    /// The member's value: its discriminant, also its C constant and its Python enum value.
    fn value(self) -> u8;

    /// The member as Rust spells it: `"FlagCaptured"`.
    fn rust_name(self) -> String {
        format!("{self:?}")
    }

    /// The member as C and Python spell it: `"FLAG_CAPTURED"`.
    fn screaming_name(self) -> String {
        let mut out = String::new();
        for (i, c) in self.rust_name().chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_uppercase());
        }
        out
    }

    /// The member with `value`, or `None` (any integer may come in from C or Python).
    fn from_value(value: u32) -> Option<Self> {
        Self::MEMBERS.iter().copied().find(|m| u32::from(m.value()) == value)
    }
}

macro_rules! closed_enums {
    ($($ty:ident),* $(,)?) => {
        $(impl ClosedEnum for $ty {
            const NAME: &'static str = stringify!($ty);
            const MEMBERS: &'static [Self] = &$ty::ALL;
            #[inline]
            fn value(self) -> u8 {
                self as u8
            }
        })*

        /// Every closed set as `(name, [(SCREAMING_NAME, value)])`, in a fixed order: the one
        /// table the C header test and the Python enum classes are checked against.
        pub fn closed_enum_table() -> Vec<(&'static str, Vec<(String, u8)>)> {
            vec![$(($ty::NAME, $ty::ALL.iter().map(|m| (m.screaming_name(), m.value())).collect())),*]
        }
    };
}

closed_enums!(Player, Rank, Numbering, Edition, Termination, Battle, IllegalReason, SetupProblemKind, SquareKind);

#[cfg(test)]
mod tests {
    use super::*;

    fn check<E: ClosedEnum>() {
        let values: Vec<u8> = E::MEMBERS.iter().map(|m| m.value()).collect();
        assert!(values.windows(2).all(|w| w[0] < w[1]), "{} members are in value order: {values:?}", E::NAME);
        for &m in E::MEMBERS {
            assert_eq!(E::from_value(m.value().into()), Some(m));
        }
        assert_eq!(E::from_value(256), None);
    }

    #[test]
    fn every_set_is_in_value_order_and_reads_back() {
        check::<Player>();
        check::<Rank>();
        check::<Numbering>();
        check::<Edition>();
        check::<Termination>();
        check::<Battle>();
        check::<IllegalReason>();
        check::<SetupProblemKind>();
        check::<SquareKind>();
        assert_eq!(closed_enum_table().len(), 9);
    }

    #[test]
    fn screaming_names_split_words() {
        assert_eq!(Edition::UltimateLightning.screaming_name(), "ULTIMATE_LIGHTNING");
        assert_eq!(IllegalReason::NotYourTurn.screaming_name(), "NOT_YOUR_TURN");
        assert_eq!(Rank::Marshal.screaming_name(), "MARSHAL");
    }
}
