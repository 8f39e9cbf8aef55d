//! `Edition` (a Python enum defined in `stratego/_enums.py`): the published rule sets, each a
//! preset of `Rules`.

/// A published rule set; `Rules.edition(Edition.ISF)` gives its preset.
pub type PyEdition = crate::enums::PyEnum<stratego_core::Edition>;
