//! `Battle` (who survives an attack) and `BattleReport` (what one battle did).

use pyo3::prelude::*;
use stratego_core as core;

use crate::rank::PyRank;

/// The result of an attack, seen from the attacker.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyBattle {
    /// The defender is removed and the attacker takes its square.
    AttackerWins,
    /// The attacker is removed; the defender stays.
    DefenderWins,
    /// Both are removed.
    BothDie,
}

const BATTLES: [(core::Battle, PyBattle, &str); 3] = [
    (core::Battle::AttackerWins, PyBattle::AttackerWins, "ATTACKER_WINS"),
    (core::Battle::DefenderWins, PyBattle::DefenderWins, "DEFENDER_WINS"),
    (core::Battle::BothDie, PyBattle::BothDie, "BOTH_DIE"),
];

impl From<core::Battle> for PyBattle {
    fn from(b: core::Battle) -> Self {
        BATTLES.iter().find(|x| x.0 == b).map(|x| x.1).expect("every result is in the table")
    }
}

impl PyBattle {
    pub fn core(self) -> core::Battle {
        BATTLES.iter().find(|x| x.1 == self).map(|x| x.0).expect("every result is in the table")
    }
    fn name(self) -> &'static str {
        BATTLES.iter().find(|x| x.1 == self).map(|x| x.2).expect("every result is in the table")
    }
}

crate::enums::python_enum!(PyBattle, "Battle", BATTLES.map(|x| x.1));

/// What a battle did: both ranks (now known to both players) and who survived.
#[pyclass(name = "BattleReport", module = "stratego._stratego", eq, hash, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyBattleReport(pub core::BattleReport);

#[pymethods]
impl PyBattleReport {
    /// A report of `attacker` striking `defender` with `result`.
    #[new]
    fn py_new(attacker: PyRank, defender: PyRank, result: PyBattle) -> Self {
        PyBattleReport(core::BattleReport {
            attacker: attacker.core(),
            defender: defender.core(),
            result: result.core(),
        })
    }
    /// The attacker's rank.
    #[getter]
    fn attacker(&self) -> PyRank {
        self.0.attacker.into()
    }
    /// The defender's rank.
    #[getter]
    fn defender(&self) -> PyRank {
        self.0.defender.into()
    }
    /// Who survived.
    #[getter]
    fn result(&self) -> PyBattle {
        self.0.result.into()
    }
    pub fn __repr__(&self) -> String {
        format!(
            "BattleReport(Rank.{}, Rank.{}, Battle.{})",
            self.0.attacker.name().to_ascii_uppercase(),
            self.0.defender.name().to_ascii_uppercase(),
            PyBattle::from(self.0.result).name()
        )
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (PyRank, PyRank, PyBattle)) {
        (py.get_type::<Self>().into_any().unbind(), (self.attacker(), self.defender(), self.result()))
    }
}
