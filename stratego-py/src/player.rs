//! `Player` (a Python enum defined in `stratego/_enums.py`): Red (moves first) and Blue.

/// One of the two sides. `Player.RED` moves first.
pub type PyPlayer = crate::enums::PyEnum<stratego_core::Player>;
