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

/// The Gravon game type of each edition Gravon played (the inverse of the core's replay
/// mapping; ISF rules with free placement are `classicfree`). The C ABI writes the same.
const GAME_TYPES: [(core::Edition, GameType); 3] = [
    (core::Edition::Isf, GameType::Classic),
    (core::Edition::Barrage, GameType::Barrage),
    (core::Edition::Duel, GameType::Duell),
];

/// The Gravon result code of each way a game ends (the draw caps have no code of their own:
/// they are written as a draw by agreement).
const RESULTS: [(core::Termination, ResultKind); 6] = [
    (core::Termination::FlagCaptured, ResultKind::FlagCaptured),
    (core::Termination::NoLegalMove, ResultKind::NoMoves),
    (core::Termination::BothStuck, ResultKind::BothStuck),
    (core::Termination::Resignation, ResultKind::Resignation),
    (core::Termination::PlyCap, ResultKind::DrawAgreed),
    (core::Termination::NoBattleCap, ResultKind::DrawAgreed),
];

/// A game as Gravon XML in the archive's layout, with the players' names. Gravon records
/// start from two setups on a 10x10 board under an edition Gravon played (Isf, Barrage, Duel);
/// anything else raises `ValueError`.
#[pyfunction]
#[pyo3(signature = (game, red = "", blue = ""))]
pub fn write_gravon(game: PyRef<'_, PyGame>, red: &str, blue: &str) -> PyResult<String> {
    let g = &game.0;
    let rules = g.rules();
    let game_type = match GAME_TYPES.iter().find(|(e, _)| *e == rules.base_edition()) {
        Some((core::Edition::Isf, _)) if rules.free_placement() => GameType::ClassicFree,
        Some((_, t)) => t.clone(),
        None => return Err(PyValueError::new_err(format!("Gravon has no game type for the rules {rules}"))),
    };
    let Some((red_setup, blue_setup)) = g.origin_setups() else {
        return Err(PyValueError::new_err("a Gravon record starts from two setups; this game started from a position"));
    };
    if rules.num_squares() != gravon::FIELD_LEN {
        return Err(PyValueError::new_err("Gravon records are 10x10 boards"));
    }
    let start = core::Game::new(rules.clone(), red_setup, blue_setup).expect("the game began from these setups");
    let field: String = start.position().chars().take(gravon::FIELD_LEN).map(|c| c.to_ascii_uppercase()).collect();
    let moves = g
        .history()
        .iter()
        .enumerate()
        .map(|(i, r)| GravonMove { ply: i as u32 + 1, from: r.mv.from, to: r.mv.to, rescue: None })
        .collect();
    let result = g.outcome().map(|o| GravonResult {
        kind: RESULTS.iter().find(|(t, _)| *t == o.termination).map_or(ResultKind::DrawAgreed, |(_, k)| *k),
        winner: o.winner,
    });
    let record = GameRecord { game_type, field: Some(field), moves, players: [red.into(), blue.into()], result };
    Ok(gravon::to_xml(&record))
}
