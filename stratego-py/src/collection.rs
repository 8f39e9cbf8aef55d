//! Statistics over games that already exist (the core's `CollectionStats`): results by game
//! type, termination and length, over engine records and Gravon XML alike.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use stratego_core::arena::{CollectionStats, GroupStats};
use stratego_core::gravon;

use crate::arena::{PyGameResult, PyLengths};
use crate::game::PyGame;

/// Counts over the games of one group (one rule set, or one Gravon game type): results,
/// terminations by name (`"flag"`, `"no-move"`, `"ply-cap"`, ...) and lengths.
#[pyclass(name = "GroupStats", module = "stratego._stratego", frozen)]
pub struct PyGroupStats(GroupStats);

crate::getters::pymethods_with_getters! { PyGroupStats, self, {
    /// Games in the group.
    games: u32 = self.0.games;
    /// Games Red won.
    red_wins: u32 = self.0.red_wins;
    /// Games Blue won.
    blue_wins: u32 = self.0.blue_wins;
    /// Games drawn.
    draws: u32 = self.0.draws;
    /// Games whose record stops before the end.
    unfinished: u32 = self.0.unfinished;
    /// Red's mean score over the finished games, or `None` when none finished.
    red_score: Option<f64> = self.0.red_score();
    /// The game lengths in plies.
    lengths: PyLengths = PyLengths(self.0.lengths());
}, {
    /// How many games ended each way: {name: count}.
    #[getter]
    fn terminations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (t, n) in &self.0.terminations {
            d.set_item(t, n)?;
        }
        Ok(d)
    }
    fn __repr__(&self) -> String {
        let g = &self.0;
        format!(
            "<GroupStats: {} games, Red {} / draws {} / Blue {}, {} unfinished>",
            g.games, g.red_wins, g.draws, g.blue_wins, g.unfinished
        )
    }
} }

/// Results by group (the rules' text of engine records, the game type of Gravon records), and
/// over all games (`total`). From `stratego.arena.stats(records)`.
#[pyclass(name = "CollectionStats", module = "stratego._stratego", frozen)]
pub struct PyCollectionStats(CollectionStats);

#[pymethods]
impl PyCollectionStats {
    /// {group: GroupStats}, groups in sorted order.
    #[getter]
    fn groups<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (name, g) in &self.0.groups {
            d.set_item(name, PyGroupStats(g.clone()))?;
        }
        Ok(d)
    }
    /// Every group together.
    #[getter]
    fn total(&self) -> PyGroupStats {
        PyGroupStats(self.0.total())
    }
    /// A table: one row per group and the total.
    fn __str__(&self) -> String {
        let mut rows = vec![vec![
            "group".to_string(),
            "games".into(),
            "red".into(),
            "draws".into(),
            "blue".into(),
            "unfinished".into(),
            "mean plies".into(),
            "terminations".into(),
        ]];
        let total = self.0.total();
        let named = self.0.groups.iter().map(|(n, g)| (n.as_str(), g)).chain([("total", &total)]);
        for (name, g) in named {
            let ends: Vec<String> = g.terminations.iter().map(|(t, n)| format!("{t} {n}")).collect();
            rows.push(vec![
                name.to_string(),
                g.games.to_string(),
                g.red_wins.to_string(),
                g.draws.to_string(),
                g.blue_wins.to_string(),
                g.unfinished.to_string(),
                format!("{:.1}", g.lengths().mean),
                ends.join(", "),
            ]);
        }
        crate::arena::text_table(&rows)
    }
    fn __repr__(&self) -> String {
        format!("<CollectionStats: {} games in {} groups>", self.0.total().games, self.0.groups.len())
    }
}

/// Statistics over `records`: engine records (JSON text or dict, a `Game`, a `GameResult`) and
/// Gravon XML text, mixed freely. A record that does not replay raises the engine's error
/// (`ParseError`, `IllegalMoveError`, ...) naming nothing else; nothing is counted then.
#[pyfunction]
pub fn collection_stats(py: Python<'_>, records: &Bound<'_, PyAny>) -> PyResult<PyCollectionStats> {
    let mut stats = CollectionStats::new();
    for item in records.try_iter()? {
        let item = item?;
        if let Ok(game) = item.cast::<PyGame>() {
            stats.add_record(&game.borrow().0.record()).map_err(|e| crate::errors::record_error(py, &e))?;
            continue;
        }
        if let Ok(result) = item.cast::<PyGameResult>() {
            stats.add_record(&result.get().0.record).map_err(|e| crate::errors::record_error(py, &e))?;
            continue;
        }
        if let Ok(text) = item.cast::<PyString>() {
            let text = text.to_cow()?;
            if text.trim_start().starts_with('<') {
                let record = gravon::parse_xml(&text)
                    .map_err(|e| crate::errors::parse_error_text(py, "gravon record", &text, e.to_string()))?;
                stats.add_gravon(&record);
                continue;
            }
        }
        let record = crate::game::record_arg(py, &item)?;
        stats.add_record(&record).map_err(|e| crate::errors::record_error(py, &e))?;
    }
    Ok(PyCollectionStats(stats))
}
