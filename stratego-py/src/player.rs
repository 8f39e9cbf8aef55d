//! `Player` (a Python enum defined in `stratego/_enums.py`): Red (moves first) and Blue.

use stratego_core as core;

/// One of the two sides. `Player.RED` moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyPlayer {
    /// Moves first; home rows at the bottom.
    Red,
    /// Moves second; home rows at the top.
    Blue,
}

impl From<core::Player> for PyPlayer {
    fn from(p: core::Player) -> Self {
        match p {
            core::Player::Red => PyPlayer::Red,
            core::Player::Blue => PyPlayer::Blue,
        }
    }
}

impl From<PyPlayer> for core::Player {
    fn from(p: PyPlayer) -> Self {
        match p {
            PyPlayer::Red => core::Player::Red,
            PyPlayer::Blue => core::Player::Blue,
        }
    }
}

impl PyPlayer {
    pub fn core(self) -> core::Player {
        self.into()
    }
}

crate::enums::python_enum!(PyPlayer, "Player", [PyPlayer::Red, PyPlayer::Blue]);
