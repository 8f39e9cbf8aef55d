//! Gravon StraDoS2 XML in and out: `read_gravon` replays a record into a `Game`,
//! `write_gravon` writes a game in the archive's layout, `parse_gravon` gives the raw record.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use stratego_core as core;
use stratego_core::gravon::{self, GameRecord, GameType, GravonMove, GravonResult, ReplayError, ResultKind};

use crate::errors::{illegal_move_at, parse_error, parse_error_text, setup_error};
use crate::game::PyGame;

fn gravon_error(py: Python<'_>, xml: &str, e: &gravon::GravonError) -> PyErr {
    parse_error_text(py, "gravon record", xml, e.to_string())
}

fn replay_error(py: Python<'_>, e: &ReplayError) -> PyErr {
    match e {
        ReplayError::Field(p) => parse_error(py, p),
        ReplayError::Setup(s) => setup_error(py, s),
        ReplayError::IllegalMove { ply, error } => illegal_move_at(py, error, Some(*ply)),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// The raw record of a Gravon XML file as plain data (the dict `json.loads` gives of the
/// core's record: `game_type`, `field`, `moves`, `players`, `result`). Raises `ParseError`.
#[pyfunction]
pub fn parse_gravon<'py>(py: Python<'py>, xml: &str) -> PyResult<Bound<'py, PyAny>> {
    let record = gravon::parse_xml(xml).map_err(|e| gravon_error(py, xml, &e))?;
    let json = serde_json::to_string(&record).expect("records serialize");
    py.import("json")?.call_method1("loads", (json,))
}

/// Replay a Gravon XML record into a game: every move checked, and the end compared with the
/// recorded result. `year` (the game's year, often in the file name) picks the two-squares
/// limit Gravon used then (5 before 2013, else 3). Raises `ParseError`, `SetupError`,
/// `IllegalMoveError` (with `ply`) or `ValueError` (unsupported type, result mismatch).
#[pyfunction]
#[pyo3(signature = (xml, year = None))]
pub fn read_gravon(py: Python<'_>, xml: &str, year: Option<u32>) -> PyResult<PyGame> {
    let record = gravon::parse_xml(xml).map_err(|e| gravon_error(py, xml, &e))?;
    gravon::replay(&record, year).map(PyGame).map_err(|e| replay_error(py, &e))
}

/// The Gravon game type of these rules, when Gravon had one.
fn game_type(rules: &core::Rules) -> Option<GameType> {
    let base = core::Rules::edition(rules.base_edition());
    match rules.base_edition() {
        core::Edition::Isf if rules.free_placement() => Some(GameType::ClassicFree),
        core::Edition::Isf => Some(GameType::Classic),
        core::Edition::Barrage => Some(GameType::Barrage),
        core::Edition::Duel if base.army() == rules.army() => Some(GameType::Duell),
        _ => None,
    }
}

/// A game as Gravon XML in the archive's layout, with the players' names. The start must be a
/// full 10x10 position of an edition Gravon played (Isf, Barrage, Duel); the result is written
/// for flag captures, no-move losses, both stuck and resignations.
#[pyfunction]
#[pyo3(signature = (game, red = "", blue = ""))]
pub fn write_gravon(game: PyRef<'_, PyGame>, red: &str, blue: &str) -> PyResult<String> {
    let g = &game.0;
    let rules = g.rules();
    let game_type = game_type(rules)
        .ok_or_else(|| PyValueError::new_err(format!("Gravon has no game type for the rules {rules}")))?;
    if rules.num_squares() != gravon::FIELD_LEN {
        return Err(PyValueError::new_err("Gravon records are 10x10 boards"));
    }
    let start = match g.record().start {
        core::Start::Setups { .. } => core::Game::new(
            rules.clone(),
            g.origin_setups().expect("started from setups").0,
            g.origin_setups().expect("started from setups").1,
        )
        .expect("the setups were valid")
        .position(),
        core::Start::Position(p) => p,
    };
    let field: String = start.chars().take(gravon::FIELD_LEN).map(|c| c.to_ascii_uppercase()).collect();
    let moves = g
        .history()
        .iter()
        .enumerate()
        .map(|(i, r)| GravonMove { ply: i as u32 + 1, from: r.mv.from, to: r.mv.to, rescue: None })
        .collect();
    let result = g.outcome().and_then(|o| {
        let kind = match o.termination {
            core::Termination::FlagCaptured => ResultKind::FlagCaptured,
            core::Termination::NoLegalMove => ResultKind::NoMoves,
            core::Termination::BothStuck => ResultKind::BothStuck,
            core::Termination::Resignation => ResultKind::Resignation,
            _ => return None,
        };
        Some(GravonResult { kind, winner: o.winner })
    });
    let record = GameRecord { game_type, field: Some(field), moves, players: [red.into(), blue.into()], result };
    Ok(gravon::to_xml(&record))
}
