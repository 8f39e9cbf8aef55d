//! The core's arena from Python: `arena_play` (a whole match on worker threads, the GIL
//! released), `arena_games` (chosen games of a match, for spreading one over processes), and
//! the results `GameResult`, `ArenaResult` and `Lengths`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use stratego_core as core;
use stratego_core::agents::Agent;
use stratego_core::arena::{AgentFactory, Arena, ArenaResult, GameResult, Progress};

use crate::agents::{answer_move, AgentArg, Recipe};
use crate::convert::{bounded, bounded_in, PlyCap, Seed};
use crate::outcome::{PyOutcome, PyTermination};
use crate::player::PyPlayer;
use crate::rules::RulesArg;
use crate::view::PyPlayerView;

/// What the threads of one match share: a stop flag and the first Python error (an agent's or
/// the progress callback's exception, an illegal answer, Ctrl-C). Once stopped, every agent
/// resigns at once, so the match ends in moments and the error is raised.
#[derive(Default)]
struct Stop {
    stopped: AtomicBool,
    error: Mutex<Option<PyErr>>,
}

impl Stop {
    fn is_set(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }
    fn fail(&self, e: PyErr) {
        let mut slot = self.error.lock().unwrap_or_else(|p| p.into_inner());
        slot.get_or_insert(e);
        self.stopped.store(true, Ordering::Relaxed);
    }
    fn take(&self) -> Option<PyErr> {
        self.error.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}

/// A built-in agent that resigns once the match is stopped.
struct Stoppable {
    agent: Box<dyn Agent + Send + Sync>,
    stop: Arc<Stop>,
}

impl Agent for Stoppable {
    fn choose(&mut self, view: &core::PlayerView) -> Option<core::Move> {
        if self.stop.is_set() {
            return None;
        }
        self.agent.choose(view)
    }
}

/// A Python callable as an agent: called under the GIL with the view.
struct Callback {
    callable: Arc<Py<PyAny>>,
    stop: Arc<Stop>,
}

impl Agent for Callback {
    fn choose(&mut self, view: &core::PlayerView) -> Option<core::Move> {
        if self.stop.is_set() {
            return None;
        }
        Python::attach(|py| {
            let answer = self.callable.bind(py).call1((PyPlayerView(view.clone()),));
            match answer.and_then(|a| answer_move(py, &a, view)) {
                Ok(mv) => mv,
                Err(e) => {
                    self.stop.fail(e);
                    None
                }
            }
        })
    }
}

/// Makes the agents of one side for the core's arena.
enum Factory {
    Builtin { recipe: Recipe, seed: u64, stop: Arc<Stop> },
    Python { callable: Arc<Py<PyAny>>, stop: Arc<Stop> },
}

impl Factory {
    fn new(agent: &AgentArg, stop: &Arc<Stop>, py: Python<'_>) -> Factory {
        match agent {
            AgentArg::Builtin { recipe, seed, .. } => {
                Factory::Builtin { recipe: *recipe, seed: *seed, stop: stop.clone() }
            }
            AgentArg::Python { callable, .. } => {
                Factory::Python { callable: Arc::new(callable.clone_ref(py)), stop: stop.clone() }
            }
        }
    }
}

impl AgentFactory for Factory {
    fn make(&self, game_seed: u64) -> Box<dyn Agent> {
        match self {
            // The agent's own seed is mixed in, so two seeds of one agent play different games
            // while seed 0 plays the very games of the core's arena.
            Factory::Builtin { recipe, seed, stop } => {
                Box::new(Stoppable { agent: recipe.make(game_seed ^ seed), stop: stop.clone() })
            }
            Factory::Python { callable, stop } => Box::new(Callback { callable: callable.clone(), stop: stop.clone() }),
        }
    }
}

/// Run `job` with the GIL released on its own thread while this thread watches for Ctrl-C
/// (Python only sees signals on the main thread), then raise the match's first error.
fn run_watched<R: Send>(py: Python<'_>, stop: &Arc<Stop>, job: impl FnOnce() -> R + Send) -> PyResult<R> {
    let outcome = py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel();
            let worker = scope.spawn(move || {
                let result = job();
                let _ = done.send(());
                result
            });
            while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(Duration::from_millis(50)) {
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    stop.fail(e);
                }
            }
            worker.join()
        })
    });
    let result = outcome.map_err(|_| PyRuntimeError::new_err("the arena stopped on an internal error"))?;
    match stop.take() {
        Some(e) => Err(e),
        None => Ok(result),
    }
}

/// A game index argument: an int in `0..2**32`.
fn game_index(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    bounded(obj, "game index", u32::MAX as u64).map(|i| i as u32)
}

/// The arena for `rules`, `seed` and an optional ply cap (at least 1).
fn arena_of(rules: &RulesArg, seed: Seed, max_plies: Option<PlyCap>) -> Arena {
    let arena = Arena::new(rules.0.clone()).seed(seed.0);
    match max_plies {
        Some(PlyCap(cap)) => arena.max_plies(cap),
        None => arena,
    }
}

/// Play `games` games of `a` against `b` under `rules` (see `stratego.arena.play`).
#[pyfunction]
#[pyo3(
    signature = (a, b, rules, games, seed = Seed(0), workers = None, max_plies = None, progress = None),
    text_signature = "(a, b, rules, games, seed=0, workers=None, max_plies=None, progress=None)"
)]
#[allow(clippy::too_many_arguments)] // the Python signature, keyword arguments all
pub fn arena_play(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    rules: RulesArg,
    games: &Bound<'_, PyAny>,
    seed: Seed,
    workers: Option<&Bound<'_, PyAny>>,
    max_plies: Option<PlyCap>,
    progress: Option<Py<PyAny>>,
) -> PyResult<PyArenaResult> {
    let (a, b) = (AgentArg::extract(a)?, AgentArg::extract(b)?);
    let games = bounded(games, "games", u32::MAX as u64)? as u32;
    let mut arena = arena_of(&rules, seed, max_plies).games(games);
    if let Some(w) = workers {
        arena = arena.workers(bounded_in(w, "workers", 1, 1 << 16)? as usize);
    }
    let stop = Arc::new(Stop::default());
    let (fa, fb) = (Factory::new(&a, &stop, py), Factory::new(&b, &stop, py));
    let report = |p: Progress| {
        if let Some(callback) = &progress {
            Python::attach(|py| {
                if let Err(e) = callback.call1(py, (p.done, p.total)) {
                    stop.fail(e);
                }
            });
        }
    };
    let stopped = || stop.is_set();
    let result = run_watched(py, &stop, || arena.play_until(&fa, &fb, &report, &stopped))?;
    Ok(PyArenaResult { result, names: [a.name().to_string(), b.name().to_string()] })
}

/// Play the games `indices` of the match `arena_play` would play, one after the other: each
/// is the very game of that index in the whole match (see `stratego.arena.play_games`).
#[pyfunction]
#[pyo3(
    signature = (a, b, rules, indices, seed = Seed(0), max_plies = None),
    text_signature = "(a, b, rules, indices, seed=0, max_plies=None)"
)]
pub fn arena_games(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    rules: RulesArg,
    indices: Vec<Bound<'_, PyAny>>,
    seed: Seed,
    max_plies: Option<PlyCap>,
) -> PyResult<Vec<PyGameResult>> {
    let (a, b) = (AgentArg::extract(a)?, AgentArg::extract(b)?);
    let indices = indices.iter().map(game_index).collect::<PyResult<Vec<u32>>>()?;
    let arena = arena_of(&rules, seed, max_plies);
    let stop = Arc::new(Stop::default());
    let (fa, fb) = (Factory::new(&a, &stop, py), Factory::new(&b, &stop, py));
    let play = || indices.iter().take_while(|_| !stop.is_set()).map(|&i| arena.game(i, &fa, &fb)).collect::<Vec<_>>();
    let games = run_watched(py, &stop, play)?;
    Ok(games.into_iter().map(PyGameResult).collect())
}

/// One game of a match: its index, the colour agent A played, the outcome, its length, who
/// forfeited (an agent that gave no move while it had one resigns), and the record to replay.
/// `GameResult(index, a_player, record, forfeit=None)` replays `record` (JSON text or dict)
/// to find the outcome and length.
#[pyclass(name = "GameResult", module = "stratego._stratego", frozen, eq, from_py_object)]
#[derive(Clone, PartialEq)]
pub struct PyGameResult(pub GameResult);

crate::getters::pymethods_with_getters! { PyGameResult, self, {
    /// The game's index in the match (pair `index // 2`).
    index: u32 = self.0.index;
    /// The colour agent A played.
    a_player: PyPlayer = self.0.a_player.into();
    /// How the game ended.
    outcome: PyOutcome = PyOutcome(self.0.outcome);
    /// Plies played.
    plies: u32 = self.0.plies;
    /// The player whose agent gave no move while it had one (and so resigned), or `None`.
    forfeit: Option<PyPlayer> = self.0.forfeit.map(Into::into);
    /// A's result: 1.0 for a win, 0.5 for a draw, 0.0 for a loss.
    a_score: f64 = self.0.a_score();
    /// The game as a record in JSON (`Game.from_record` replays it).
    record: String = serde_json::to_string(&self.0.record).expect("records serialize");
}, {
    #[new]
    #[pyo3(signature = (index, a_player, record, forfeit = None))]
    fn py_new(
        py: Python<'_>,
        index: &Bound<'_, PyAny>,
        a_player: PyPlayer,
        record: &Bound<'_, PyAny>,
        forfeit: Option<PyPlayer>,
    ) -> PyResult<Self> {
        let index = game_index(index)?;
        let record = crate::game::record_arg(py, record)?;
        let game = core::Game::from_record(&record).map_err(|e| crate::errors::record_error(py, &e))?;
        let outcome =
            game.outcome().ok_or_else(|| PyValueError::new_err("a game result's record must end the game"))?;
        let (a_player, forfeit) = (a_player.core(), forfeit.map(PyPlayer::core));
        if forfeit.is_some() && (outcome.termination != core::Termination::Resignation || outcome.winner == forfeit) {
            return Err(PyValueError::new_err("a forfeit is a resignation by the forfeiting player"));
        }
        Ok(PyGameResult(GameResult { index, a_player, outcome, plies: game.ply(), forfeit, record }))
    }
    fn __repr__(&self) -> String {
        let outcome = PyOutcome(self.0.outcome).__repr__();
        format!("<GameResult {}: A as {}, {outcome} after {} plies>", self.0.index, self.0.a_player, self.0.plies)
    }
    #[allow(clippy::type_complexity)] // the pickle protocol's shape: (callable, args)
    fn __reduce__(slf: &Bound<'_, Self>) -> (Py<PyAny>, (u32, PyPlayer, String, Option<PyPlayer>)) {
        let this = slf.get();
        (slf.get_type().into_any().unbind(), (this.0.index, this.a_player(), this.record(), this.forfeit()))
    }
} }

/// Game lengths in plies: how many games, the shortest, the longest, the mean and the median.
#[pyclass(name = "Lengths", module = "stratego._stratego", frozen, eq, from_py_object)]
#[derive(Clone, Copy, PartialEq)]
pub struct PyLengths(pub stratego_core::arena::Lengths);

crate::getters::pymethods_with_getters! { PyLengths, self, {
    /// Games counted.
    games: u32 = self.0.games;
    /// The shortest game (0 when there is none).
    min: u32 = self.0.min;
    /// The longest game.
    max: u32 = self.0.max;
    /// The mean length.
    mean: f64 = self.0.mean;
    /// The median length.
    median: f64 = self.0.median;
}, {
    #[new]
    fn py_new(games: u32, min: u32, max: u32, mean: f64, median: f64) -> Self {
        PyLengths(stratego_core::arena::Lengths { games, min, max, mean, median })
    }
    fn __repr__(&self) -> String {
        let l = &self.0;
        format!("Lengths(games={}, min={}, max={}, mean={:?}, median={:?})", l.games, l.min, l.max, l.mean, l.median)
    }
    fn __reduce__(slf: &Bound<'_, Self>) -> (Py<PyAny>, (u32, u32, u32, f64, f64)) {
        let l = slf.get().0;
        (slf.get_type().into_any().unbind(), (l.games, l.min, l.max, l.mean, l.median))
    }
} }

/// A match's games (in index order) and their summary from agent A's side: wins, draws and
/// losses, the score with its 95 % confidence interval, the Elo difference with its interval,
/// terminations by kind and game lengths. `ArenaResult(games, names=("A", "B"))` gathers
/// `GameResult`s (from shards of one match, in any order; each index at most once).
#[pyclass(name = "ArenaResult", module = "stratego._stratego", frozen)]
pub struct PyArenaResult {
    result: ArenaResult,
    names: [String; 2],
}

/// A fixed-width text table, columns separated by two spaces.
pub(crate) fn text_table(rows: &[Vec<String>]) -> String {
    let widths: Vec<usize> =
        (0..rows[0].len()).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
    let line = |r: &Vec<String>| {
        let cells: Vec<String> = r.iter().zip(&widths).map(|(cell, w)| format!("{cell:<w$}")).collect();
        cells.join("  ").trim_end().to_string()
    };
    rows.iter().map(line).collect::<Vec<_>>().join("\n")
}

/// An HTML table of the same rows, each row's first cell as its header.
fn html_table(rows: &[Vec<String>]) -> String {
    let escape = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let row = |r: &Vec<String>| {
        let (head, rest) = r.split_first().expect("rows have cells");
        let cells: String = rest.iter().map(|c| format!("<td>{}</td>", escape(c))).collect();
        format!("<tr><th>{}</th>{cells}</tr>", escape(head))
    };
    format!("<table>{}</table>", rows.iter().map(row).collect::<String>())
}

/// An Elo figure with its sign (`+inf` when a side never scored).
fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else if x.round() == 0.0 {
        "0".to_string() // neither "+0" nor "-0"
    } else {
        format!("{x:+.0}")
    }
}

impl PyArenaResult {
    /// The summary as rows of a table: one per figure.
    fn rows(&self) -> Vec<Vec<String>> {
        let s = &self.result.summary;
        let sc = &s.score;
        let mut rows = vec![
            vec!["A".into(), self.names[0].clone()],
            vec!["B".into(), self.names[1].clone()],
            vec!["games".into(), sc.games.to_string()],
            vec!["A wins / draws / losses".into(), format!("{} / {} / {}", sc.wins, sc.draws, sc.losses)],
            vec!["A score (95 % CI)".into(), format!("{:.3} [{:.3}, {:.3}]", sc.score, sc.ci.0, sc.ci.1)],
            vec![
                "Elo A - B (95 % CI)".into(),
                format!("{} [{}, {}]", signed(sc.elo), signed(sc.elo_ci.0), signed(sc.elo_ci.1)),
            ],
        ];
        let l = &s.lengths;
        rows.push(vec![
            "plies min / median / mean / max".into(),
            format!("{} / {} / {:.1} / {}", l.min, l.median, l.mean, l.max),
        ]);
        for (t, n) in &s.terminations {
            rows.push(vec![format!("ended by {}", stratego_core::arena::termination_label(*t)), n.to_string()]);
        }
        rows.push(vec!["forfeits".into(), self.forfeits().to_string()]);
        rows
    }
}

crate::getters::pymethods_with_getters! { PyArenaResult, self, {
    /// The games, in index order.
    games: Vec<PyGameResult> = self.result.games.iter().cloned().map(PyGameResult).collect();
    /// Every game as a record in JSON, in index order (`Game.from_record` replays any).
    records: Vec<String> = self.result.games.iter().map(|g| serde_json::to_string(&g.record).expect("records serialize")).collect();
    /// The agents' names: built-in agents by their `repr`, callables by `__name__`.
    names: (String, String) = (self.names[0].clone(), self.names[1].clone());
    /// Games A won.
    wins: u32 = self.result.summary.score.wins;
    /// Games drawn.
    draws: u32 = self.result.summary.score.draws;
    /// Games A lost.
    losses: u32 = self.result.summary.score.losses;
    /// A's mean score: (wins + draws / 2) / games (0.5 with no games).
    score: f64 = self.result.summary.score.score;
    /// The score's 95 % confidence interval (normal approximation over per-game results).
    score_ci: (f64, f64) = self.result.summary.score.ci;
    /// A's Elo advantage over B implied by the score (infinite when one side never scored).
    elo: f64 = self.result.summary.score.elo;
    /// The Elo difference's 95 % interval (the score interval's ends in Elo).
    elo_ci: (f64, f64) = self.result.summary.score.elo_ci;
    /// Whether A is better than B with 95 % confidence (the score interval lies above 0.5).
    significantly_better: bool = self.result.summary.score.significantly_better();
    /// Games an agent forfeited (it gave no move while it had one, and so resigned).
    forfeits: usize = self.result.games.iter().filter(|g| g.forfeit.is_some()).count();
    /// Every game's length in plies, in index order.
    plies: Vec<u32> = self.result.games.iter().map(|g| g.plies).collect();
    /// The game lengths' count, extremes, mean and median.
    lengths: PyLengths = PyLengths(self.result.summary.lengths);
}, {
    #[new]
    #[pyo3(signature = (games, names = None))]
    fn py_new(games: &Bound<'_, PyAny>, names: Option<(String, String)>) -> PyResult<Self> {
        let games = games
            .try_iter()?
            .map(|g| Ok(g?.cast::<PyGameResult>()?.get().clone()))
            .collect::<PyResult<Vec<PyGameResult>>>()?;
        let mut seen = std::collections::HashSet::new();
        if let Some(dup) = games.iter().find(|g| !seen.insert(g.0.index)) {
            return Err(PyValueError::new_err(format!("game {} is given twice", dup.0.index)));
        }
        let result = ArenaResult::from_games(games.into_iter().map(|g| g.0).collect());
        let (a, b) = names.unwrap_or_else(|| ("A".into(), "B".into()));
        Ok(PyArenaResult { result, names: [a, b] })
    }
    /// How many games ended each way: {Termination: count}.
    #[getter]
    fn terminations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (t, n) in &self.result.summary.terminations {
            d.set_item(PyTermination::from(*t), n)?;
        }
        Ok(d)
    }
    fn __len__(&self) -> usize {
        self.result.games.len()
    }
    /// Equal when the games are (the names are labels only).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyArenaResult>().is_ok_and(|o| o.get().result == self.result)
    }
    /// The summary table.
    fn __str__(&self) -> String {
        text_table(&self.rows())
    }
    /// The summary table for Jupyter.
    fn _repr_html_(&self) -> String {
        html_table(&self.rows())
    }
    fn __repr__(&self) -> String {
        let s = &self.result.summary.score;
        format!(
            "<ArenaResult {} vs {}: {} games, +{} ={} -{}, score {:.3} [{:.3}, {:.3}]>",
            self.names[0], self.names[1], s.games, s.wins, s.draws, s.losses, s.score, s.ci.0, s.ci.1
        )
    }
    #[allow(clippy::type_complexity)] // the pickle protocol's shape: (callable, args)
    fn __reduce__(slf: &Bound<'_, Self>) -> (Py<PyAny>, (Vec<PyGameResult>, (String, String))) {
        let this = slf.get();
        (slf.get_type().into_any().unbind(), (this.games(), this.names()))
    }
} }
