//! Gravon StraDoS2 XML in and out: `read_gravon` replays a record into a `Game`,
//! `write_gravon` writes a game in the archive's layout, `parse_gravon` gives the raw record.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use stratego_core::gravon::{self, ReplayError};

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

/// The year in a Gravon file name such as `classic-2014.5-2245.xml`, or `None`: what
/// `stratego.gravon` passes as `year` for files and archive members.
#[pyfunction]
pub fn _gravon_year(name: &str) -> Option<u32> {
    gravon::year_from_file_name(name)
}

/// A game as Gravon XML in the archive's layout, with the players' names. Gravon records
/// start from two setups on a 10x10 board under an edition Gravon played (Isf, Barrage, Duel);
/// anything else raises `ValueError`. A game ended by a ply cap is written as a draw by
/// agreement (Gravon had no caps).
#[pyfunction]
#[pyo3(signature = (game, red = "", blue = ""))]
pub fn write_gravon(game: PyRef<'_, PyGame>, red: &str, blue: &str) -> PyResult<String> {
    let record = gravon::from_game(&game.0, [red, blue]).ok_or_else(|| {
        PyValueError::new_err(format!(
            "Gravon has no such game: its records are classic, classicfree, barrage or duell games on \
             the 10x10 board that began from two setups (these rules: {})",
            game.0.rules()
        ))
    })?;
    Ok(gravon::to_xml(&record))
}
