//! `Battle` (who survives an attack) and `BattleReport` (what one battle did).

use pyo3::prelude::*;
use stratego_core::{self as core, ClosedEnum};

use crate::rank::PyRank;

/// The result of an attack, seen from the attacker.
pub type PyBattle = crate::enums::PyEnum<core::Battle>;

crate::getters::value_class! {
/// What a battle did: both ranks (now known to both players) and who survived.
"BattleReport", PyBattleReport(core::BattleReport), self, {
    /// The attacker's rank.
    attacker: PyRank = self.0.attacker.into();
    /// The defender's rank.
    defender: PyRank = self.0.defender.into();
    /// Who survived.
    result: PyBattle = self.0.result.into();
}, {
    /// A report of `attacker` striking `defender` with `result`.
    #[new]
    fn py_new(attacker: PyRank, defender: PyRank, result: PyBattle) -> Self {
        PyBattleReport(core::BattleReport {
            attacker: attacker.core(),
            defender: defender.core(),
            result: result.core(),
        })
    }
    pub fn __repr__(&self) -> String {
        format!(
            "BattleReport(Rank.{}, Rank.{}, Battle.{})",
            self.0.attacker.name().to_ascii_uppercase(),
            self.0.defender.name().to_ascii_uppercase(),
            self.0.result.screaming_name()
        )
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (PyRank, PyRank, PyBattle)) {
        (py.get_type::<Self>().into_any().unbind(), (self.attacker(), self.defender(), self.result()))
    }
} }
