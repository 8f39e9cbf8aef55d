//! `Setup`: one player's placement, random or from text, validated against rules on demand.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use stratego_core as core;

use crate::convert::{seed_or_fresh, Seed};
use crate::player::PyPlayer;
use crate::rank::PyRank;
use crate::rules::RulesArg;
use crate::square::{square_arg, PySquare};

/// The pieces one player places before the game: `Setup(player, {square: rank, ...})`,
/// `Setup.random(rules, player, seed=0)` or `Setup.parse(rules, player, text)`. Built
/// freely; `validate(rules)` (or starting a `Game`) checks it against the rules.
#[pyclass(name = "Setup", module = "stratego._stratego", eq, hash, frozen, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PySetup(pub core::Setup);

crate::getters::pymethods_with_getters! { PySetup, self, {
    /// The player this setup is for.
    player: PyPlayer = self.0.player().into();
    /// The pieces as (Square, Rank) pairs, in board order.
    pieces: Vec<(PySquare, PyRank)> = self.0.pieces().iter().map(|&(s, r)| (PySquare(s), r.into())).collect();
}, {
    /// A setup of `player` from `pieces`: a dict {square: Rank} or pairs (square, Rank), squares
    /// as `Square` or names. Not checked against any rules yet.
    #[new]
    fn py_new(py: Python<'_>, player: PyPlayer, pieces: &Bound<'_, PyAny>) -> PyResult<Self> {
        let mut out = Vec::new();
        let pair = |sq: &Bound<'_, PyAny>, rank: &Bound<'_, PyAny>| -> PyResult<(core::Square, core::Rank)> {
            let rank: PyRank =
                rank.extract().map_err(|_| PyTypeError::new_err("a setup maps squares to Rank values"))?;
            Ok((square_arg(py, sq)?, rank.core()))
        };
        if let Ok(dict) = pieces.cast::<PyDict>() {
            for (k, v) in dict.iter() {
                out.push(pair(&k, &v)?);
            }
        } else {
            for item in pieces.try_iter()? {
                let (sq, rank): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
                    item?.extract().map_err(|_| PyTypeError::new_err("setup pieces are (square, Rank) pairs"))?;
                out.push(pair(&sq, &rank)?);
            }
        }
        Ok(PySetup(core::Setup::new(player.core(), out)))
    }
    /// A setup drawn uniformly among the valid ones (placement constraints included): a pure
    /// function of `seed`, or fresh entropy from the operating system on each call without one.
    #[staticmethod]
    #[pyo3(signature = (rules, player, seed = None), text_signature = "(rules, player, seed=None)")]
    fn random(py: Python<'_>, rules: RulesArg, player: PyPlayer, seed: Option<Seed>) -> PyResult<Self> {
        Ok(PySetup(core::Setup::random(&rules.0, player.core(), seed_or_fresh(py, seed)?)))
    }
    /// A setup as a human might make it (the engine's `Setup::human_like`): drawn from the
    /// frequencies of human setups for the 40-piece editions and Barrage, from a rule-based
    /// sampler (the Flag on the back row, Bombs beside it) for the others; a pure function of
    /// `seed`, or fresh entropy without one.
    #[staticmethod]
    #[pyo3(signature = (rules, player, seed = None), text_signature = "(rules, player, seed=None)")]
    fn human_like(py: Python<'_>, rules: RulesArg, player: PyPlayer, seed: Option<Seed>) -> PyResult<Self> {
        Ok(PySetup(core::Setup::human_like(&rules.0, player.core(), seed_or_fresh(py, seed)?)))
    }
    /// A Red and a Blue setup that are valid together (no square shared, also with free
    /// placement): the pair `Game.random` starts from; a pure function of `seed`, or fresh
    /// entropy without one.
    #[staticmethod]
    #[pyo3(signature = (rules, seed = None), text_signature = "(rules, seed=None)")]
    fn random_pair(py: Python<'_>, rules: RulesArg, seed: Option<Seed>) -> PyResult<(Self, Self)> {
        let (red, blue) = core::Setup::random_pair(&rules.0, seed_or_fresh(py, seed)?);
        Ok((PySetup(red), PySetup(blue)))
    }
    /// Read the text form: the player's setup zone in the player's own frame, front row first,
    /// each row from the player's left, one Gravon letter per square (`A` empty, `B` Bomb, `C`
    /// Spy, `D` Scout, `E` Miner, `F` Sergeant, `G` Lieutenant, `H` Captain, `I` Major, `J`
    /// Colonel, `K` General, `L` Marshal, `M` Flag). Checks letters and length only.
    #[staticmethod]
    fn parse(py: Python<'_>, rules: RulesArg, player: PyPlayer, text: &str) -> PyResult<Self> {
        core::Setup::parse(&rules.0, player.core(), text).map(PySetup).map_err(|e| crate::errors::parse_error(py, &e))
    }
    /// The squares of `player`'s setup zone in text order.
    #[staticmethod]
    fn zone_squares(rules: RulesArg, player: PyPlayer) -> Vec<PySquare> {
        core::Setup::zone_squares(&rules.0, player.core()).into_iter().map(PySquare).collect()
    }
    /// The text form under `rules` (see `parse`).
    fn to_text(&self, rules: RulesArg) -> String {
        self.0.to_text(&rules.0)
    }
    /// Raise `SetupError` listing every problem when the setup breaks `rules`.
    fn validate(&self, py: Python<'_>, rules: RulesArg) -> PyResult<()> {
        self.0.validate(&rules.0).map_err(|e| crate::errors::setup_error(py, &e))
    }
    /// Every problem with the setup under `rules` (empty when it is valid).
    fn problems(&self, rules: RulesArg) -> Vec<crate::setup_problem::PySetupProblem> {
        match self.0.validate(&rules.0) {
            Ok(()) => Vec::new(),
            Err(e) => e.problems.into_iter().map(crate::setup_problem::PySetupProblem).collect(),
        }
    }
    /// Whether the setup is valid under `rules`.
    fn is_valid(&self, rules: RulesArg) -> bool {
        self.0.validate(&rules.0).is_ok()
    }
    fn __len__(&self) -> usize {
        self.0.pieces().len()
    }
    fn __repr__(&self) -> String {
        let pieces: Vec<String> =
            self.0.pieces().iter().map(|(s, r)| format!("'{s}': Rank.{}", r.name().to_ascii_uppercase())).collect();
        format!("Setup(Player.{}, {{{}}})", self.0.player().name().to_ascii_uppercase(), pieces.join(", "))
    }
    #[allow(clippy::type_complexity)]
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (PyPlayer, Vec<(PySquare, PyRank)>)) {
        (py.get_type::<Self>().into_any().unbind(), (self.player(), self.pieces()))
    }
} }
