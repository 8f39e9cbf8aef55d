//! The `stratego._stratego` Python module: the engine's types wrapped one file each. Every
//! rule stays in `stratego-core`; these files only translate values and errors.
//!
//! The typed Python package around it lives in `python/stratego/`.

#![deny(missing_docs)]

mod agents;
mod arena;
mod battle;
mod collection;
mod convert;
mod edition;
mod encode;
mod enums;
mod errors;
mod game;
mod getters;
mod gravon;
mod moves;
mod out_array;
mod outcome;
mod piece;
mod player;
mod position;
mod rank;
mod report;
mod rules;
mod setup;
mod setup_problem;
mod square;
mod vec_env;
mod view;

use pyo3::prelude::*;

/// The native module. Each export is one line, so adding a type is one line here.
#[pymodule(gil_used = false)]
mod _stratego {
    use pyo3::prelude::*;

    #[pymodule_export]
    use crate::agents::{
        agent_by_name, answer_move_py, PyHeuristicAgent, PyRandomAgent, PySamplingAgent, PySearchAgent,
    };
    #[pymodule_export]
    use crate::arena::{arena_games, arena_play, PyArenaResult, PyGameResult, PyLengths};
    #[pymodule_export]
    use crate::battle::PyBattleReport;
    #[pymodule_export]
    use crate::collection::{collection_stats, PyCollectionStats, PyGroupStats};
    #[pymodule_export]
    use crate::enums::_enum_table;
    #[pymodule_export]
    use crate::errors::_reason_text;
    #[pymodule_export]
    use crate::game::PyGame;
    #[pymodule_export]
    use crate::gravon::{_gravon_year, parse_gravon, read_gravon, write_gravon};
    #[pymodule_export]
    use crate::moves::PyMove;
    #[pymodule_export]
    use crate::outcome::PyOutcome;
    #[pymodule_export]
    use crate::perft;
    #[pymodule_export]
    use crate::piece::{PyPiece, PySquareView};
    #[pymodule_export]
    use crate::rank::{_rank_label, _rank_of_label};
    #[pymodule_export]
    use crate::report::{PyMoveReport, PyPublicMove};
    #[pymodule_export]
    use crate::rules::PyRules;
    #[pymodule_export]
    use crate::setup::PySetup;
    #[pymodule_export]
    use crate::setup_problem::PySetupProblem;
    #[pymodule_export]
    use crate::square::PySquare;
    #[pymodule_export]
    use crate::vec_env::PyVecEnv;
    #[pymodule_export]
    use crate::view::PyPlayerView;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        // The enums are Python classes (`stratego/_enums.py`); this module names them too, so
        // that `stratego._stratego.Rank` (and pickles made when the enums lived here) resolve.
        let enums = m.py().import("stratego._enums")?;
        for (name, _) in stratego_core::closed_enum_table() {
            m.add(name, enums.getattr(name)?)?;
        }
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add("ENCODING_VERSION", stratego_core::ENCODING_VERSION)?;
        // The one ply cap of every loop the package offers (VecEnv, the arena, the envs).
        m.add("DEFAULT_MAX_PLIES", stratego_core::VecEnvConfig::DEFAULT_MAX_PLIES)?;
        let planes: Vec<(&str, &str)> = stratego_core::PLANES.to_vec();
        m.add("PLANES", planes)?;
        let rescue_planes: Vec<(&str, &str)> = stratego_core::encoding::RESCUE_PLANES.to_vec();
        m.add("RESCUE_PLANES", rescue_planes)?;
        Ok(())
    }
}

/// The number of leaf positions `depth` plies ahead of `game` (the GIL released meanwhile).
#[pyfunction]
fn perft(py: Python<'_>, game: PyRef<'_, game::PyGame>, depth: convert::Depth) -> u64 {
    let g = game.0.clone();
    py.detach(|| stratego_core::perft(&g, depth.0))
}
