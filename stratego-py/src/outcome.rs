//! `Outcome` (winner and termination) and `Termination`.

use pyo3::prelude::*;
use stratego_core as core;

use crate::player::PyPlayer;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyTermination {
    /// The winner captured the Flag.
    FlagCaptured,
    /// The loser has no legal move.
    NoLegalMove,
    /// Neither player can move: a draw.
    BothStuck,
    /// The cap on total plies was reached: a draw.
    PlyCap,
    /// The cap on plies without a battle was reached: a draw.
    NoBattleCap,
    /// A player resigned.
    Resignation,
}

const TERMINATIONS: [(core::Termination, PyTermination, &str); 6] = [
    (core::Termination::FlagCaptured, PyTermination::FlagCaptured, "FLAG_CAPTURED"),
    (core::Termination::NoLegalMove, PyTermination::NoLegalMove, "NO_LEGAL_MOVE"),
    (core::Termination::BothStuck, PyTermination::BothStuck, "BOTH_STUCK"),
    (core::Termination::PlyCap, PyTermination::PlyCap, "PLY_CAP"),
    (core::Termination::NoBattleCap, PyTermination::NoBattleCap, "NO_BATTLE_CAP"),
    (core::Termination::Resignation, PyTermination::Resignation, "RESIGNATION"),
];

impl From<core::Termination> for PyTermination {
    fn from(t: core::Termination) -> Self {
        TERMINATIONS.iter().find(|x| x.0 == t).map(|x| x.1).expect("every termination is in the table")
    }
}

impl PyTermination {
    pub fn core(self) -> core::Termination {
        TERMINATIONS.iter().find(|x| x.1 == self).map(|x| x.0).expect("every termination is in the table")
    }
    fn name(self) -> &'static str {
        TERMINATIONS.iter().find(|x| x.1 == self).map(|x| x.2).expect("every termination is in the table")
    }
}

crate::enums::python_enum!(PyTermination, "Termination", TERMINATIONS.map(|x| x.1));

/// How a game ended: `winner` (`None` for a draw) and `termination`.
#[pyclass(name = "Outcome", module = "stratego._stratego", eq, hash, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyOutcome(pub core::Outcome);

#[pymethods]
impl PyOutcome {
    /// An outcome: `Outcome(Player.RED, Termination.FLAG_CAPTURED)`, or `Outcome(None, ...)`.
    #[new]
    fn py_new(winner: Option<PyPlayer>, termination: PyTermination) -> Self {
        PyOutcome(core::Outcome { winner: winner.map(Into::into), termination: termination.core() })
    }
    /// The winner, or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<PyPlayer> {
        self.0.winner.map(Into::into)
    }
    /// Why the game ended.
    #[getter]
    fn termination(&self) -> PyTermination {
        self.0.termination.into()
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
        format!("Outcome({winner}, Termination.{})", PyTermination::from(self.0.termination).name())
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (Option<PyPlayer>, PyTermination)) {
        (py.get_type::<Self>().into_any().unbind(), (self.winner(), self.termination()))
    }
}
