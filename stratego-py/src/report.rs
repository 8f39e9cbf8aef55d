//! `MoveReport` (what a move did, as the game knows it) and `PublicMove` (as both players saw
//! it: the mover's rank shows only in a battle).

use pyo3::prelude::*;
use stratego_core as core;

use crate::battle::PyBattleReport;
use crate::moves::PyMove;
use crate::outcome::PyOutcome;
use crate::player::PyPlayer;
use crate::rank::{PyNumbering, PyRank};

crate::getters::value_class! {
/// What one move did: the move, who played it, the moving piece's rank, the battle (if it was
/// an attack) and the outcome (if it ended the game).
"MoveReport", PyMoveReport(core::MoveReport), self, {
    /// Who played it.
    player: PyPlayer = self.0.player.into();
    /// The moving piece's rank (known to the opponent only when `battle` is set).
    rank: PyRank = self.0.rank.into();
    /// The battle, when the move was an attack.
    battle: Option<PyBattleReport> = self.0.battle.map(PyBattleReport);
    /// The outcome, when the move ended the game.
    outcome: Option<PyOutcome> = self.0.outcome.map(PyOutcome);
}, {
    /// A report with every field given.
    #[new]
    #[pyo3(signature = (move_, player, rank, battle = None, outcome = None))]
    fn py_new(
        move_: PyMove,
        player: PyPlayer,
        rank: PyRank,
        battle: Option<PyBattleReport>,
        outcome: Option<PyOutcome>,
    ) -> Self {
        PyMoveReport(core::MoveReport {
            mv: move_.0,
            player: player.core(),
            rank: rank.core(),
            battle: battle.map(|b| b.0),
            outcome: outcome.map(|o| o.0),
        })
    }
    /// The move.
    #[getter(r#move)]
    fn mv(&self) -> PyMove {
        PyMove(self.0.mv)
    }
    /// The move in `numbering`'s labels: `"9 a4-a5"`, or after a battle `"9 a4xa7 (1)"`. It
    /// shows the mover's rank, which the opponent does not see after a plain move.
    fn notation(&self, numbering: PyNumbering) -> String {
        self.0.notation(numbering.core())
    }
    /// With rank names: `"Scout a4-a5"`, `"Scout a4xa7 (Marshal)"`.
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        let battle = self.0.battle.map_or("None".into(), |b| PyBattleReport(b).__repr__());
        let outcome = self.0.outcome.map_or("None".into(), |o| PyOutcome(o).__repr__());
        format!(
            "MoveReport(Move('{}'), Player.{}, Rank.{}, {battle}, {outcome})",
            self.0.mv,
            self.0.player.name().to_ascii_uppercase(),
            self.0.rank.name().to_ascii_uppercase()
        )
    }
    #[allow(clippy::type_complexity)]
    fn __reduce__(
        &self,
        py: Python<'_>,
    ) -> (Py<PyAny>, (PyMove, PyPlayer, PyRank, Option<PyBattleReport>, Option<PyOutcome>)) {
        (
            py.get_type::<Self>().into_any().unbind(),
            (self.mv(), self.player(), self.rank(), self.battle(), self.outcome()),
        )
    }
} }

crate::getters::value_class! {
/// A move as both players saw it: the move, who played it, and the battle with both ranks.
/// A declined rescue is none: the opponent cannot tell it from no chance to rescue.
"PublicMove", PyPublicMove(core::PublicMove), self, {
    /// Who played it.
    player: PyPlayer = self.0.player.into();
    /// The battle it caused, with both ranks.
    battle: Option<PyBattleReport> = self.0.battle.map(PyBattleReport);
}, {
    /// A public move with every field given.
    #[new]
    #[pyo3(signature = (move_, player, battle = None))]
    fn py_new(move_: PyMove, player: PyPlayer, battle: Option<PyBattleReport>) -> Self {
        PyPublicMove(core::PublicMove { mv: move_.0, player: player.core(), battle: battle.map(|b| b.0) })
    }
    /// The move.
    #[getter(r#move)]
    fn mv(&self) -> PyMove {
        PyMove(self.0.mv)
    }
    /// The move as both players saw it, in `numbering`'s labels: `"a4-a5"` (the rank stays
    /// hidden), `"9 a4xa7 (1)"` after a battle.
    fn notation(&self, numbering: PyNumbering) -> String {
        self.0.notation(numbering.core())
    }
    /// With rank names where a battle showed them: `"a4-a5"`, `"Scout a4xa7 (Marshal)"`.
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        let battle = self.0.battle.map_or("None".into(), |b| PyBattleReport(b).__repr__());
        format!("PublicMove(Move('{}'), Player.{}, {battle})", self.0.mv, self.0.player.name().to_ascii_uppercase())
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (PyMove, PyPlayer, Option<PyBattleReport>)) {
        (py.get_type::<Self>().into_any().unbind(), (self.mv(), self.player(), self.battle()))
    }
} }
