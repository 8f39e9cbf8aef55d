//! `Outcome` (winner and termination) and `Termination`.

use pyo3::prelude::*;
use stratego_core::{self as core, ClosedEnum};

use crate::player::PyPlayer;

/// Why a game ended.
pub type PyTermination = crate::enums::PyEnum<core::Termination>;

crate::getters::value_class! {
/// How a game ended: `winner` (`None` for a draw) and `termination`.
"Outcome", PyOutcome(core::Outcome), self, {
    /// The winner, or `None` for a draw.
    winner: Option<PyPlayer> = self.0.winner.map(Into::into);
    /// Why the game ended.
    termination: PyTermination = self.0.termination.into();
}, {
    /// An outcome: `Outcome(Player.RED, Termination.FLAG_CAPTURED)`, or `Outcome(None, ...)`.
    #[new]
    fn py_new(winner: Option<PyPlayer>, termination: PyTermination) -> Self {
        PyOutcome(core::Outcome { winner: winner.map(crate::enums::PyEnum::core), termination: termination.core() })
    }
    /// `"1-0"` when Red won, `"0-1"` when Blue won, `"1/2-1/2"` for a draw.
    pub fn result(&self) -> &'static str {
        match self.0.winner {
            Some(core::Player::Red) => "1-0",
            Some(core::Player::Blue) => "0-1",
            None => "1/2-1/2",
        }
    }
    /// The reward of `player`: +1 for a win, -1 for a loss, 0 for a draw.
    fn reward(&self, player: PyPlayer) -> i32 {
        match self.0.winner {
            Some(w) if w == player.core() => 1,
            Some(_) => -1,
            None => 0,
        }
    }
    pub fn __repr__(&self) -> String {
        let winner = match self.0.winner {
            Some(p) => format!("Player.{}", p.name().to_ascii_uppercase()),
            None => "None".into(),
        };
        format!("Outcome({winner}, Termination.{})", self.0.termination.screaming_name())
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (Option<PyPlayer>, PyTermination)) {
        (py.get_type::<Self>().into_any().unbind(), (self.winner(), self.termination()))
    }
} }
