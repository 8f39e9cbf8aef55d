//! `Game`: checked play by default, undo, records, outcomes, views, and the RL entry points
//! (action ids, observations, masks, the byte board) for the side to move or either player.

use numpy::{PyArray1, PyArray3};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyType};
use stratego_core as core;

use crate::battle::PyBattleReport;
use crate::convert::{ActionId, Depth, Plies, Seed};
use crate::errors::{illegal_move, parse_error, parse_error_text, record_error, setup_error};
use crate::moves::{action_id_of, action_move_of, move_arg_in, PyMove};
use crate::outcome::PyOutcome;
use crate::piece::PyPiece;
use crate::player::PyPlayer;
use crate::rank::PyRank;
use crate::report::PyMoveReport;
use crate::rules::{PyRules, RulesArg};
use crate::setup::PySetup;
use crate::square::{square_arg, PySquare};
use crate::view::PyPlayerView;

/// A game: rules, position and history. `Game(rules, red_setup, blue_setup)`,
/// `Game.random(rules, seed=0)`, `Game.from_position(rules, text)` or `Game.from_record(json)`.
/// Every move is checked: an illegal one raises `IllegalMoveError` and changes nothing.
#[pyclass(name = "Game", module = "stratego._stratego")]
#[derive(Clone)]
pub struct PyGame(pub core::Game);

impl PyGame {
    /// The game as `player` (the side to move by default) sees it, for the encoders: they read
    /// the position without building a view or copying the history, O(1) per call.
    fn seen_by(&self, player: Option<PyPlayer>) -> crate::encode::GameAs<'_> {
        crate::encode::GameAs { game: &self.0, player: player.map_or(self.0.to_move(), |p| p.core()) }
    }

    /// A move argument, text read in these rules' numbering.
    fn move_of(&self, py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<core::Move> {
        move_arg_in(py, obj, self.0.rules().numbering())
    }

    fn play_core(&mut self, py: Python<'_>, mv: core::Move) -> PyResult<core::MoveReport> {
        self.0.play(mv).map_err(|e| illegal_move(py, &e))
    }
}

/// A game record given as JSON text or as the dict `json.loads` makes of it.
pub(crate) fn record_arg(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<core::Record> {
    let text = if let Ok(s) = record.cast::<PyString>() {
        s.to_cow()?.into_owned()
    } else if record.cast::<PyDict>().is_ok() {
        py.import("json")?.call_method1("dumps", (record,))?.extract::<String>()?
    } else {
        return Err(PyTypeError::new_err("a record is JSON text or a dict"));
    };
    core::limits::check_record_json(&text).map_err(|e| parse_error(py, &e))?;
    serde_json::from_str(&text).map_err(|e| parse_error_text(py, "record", &text, e.to_string()))
}

#[pymethods]
impl PyGame {
    /// Start a game from two setups, both checked against `rules` (a `SetupError` lists every
    /// problem of both).
    #[new]
    fn py_new(py: Python<'_>, rules: RulesArg, red: PyRef<'_, PySetup>, blue: PyRef<'_, PySetup>) -> PyResult<Self> {
        core::Game::new(rules.0.clone(), red.0.clone(), blue.0.clone()).map(PyGame).map_err(|e| setup_error(py, &e))
    }
    /// A game from two random setups that are valid together (`Setup.random_pair`). With a
    /// `seed` it is a pure function of it (the same game `Game::random` gives in Rust); without
    /// one, each call draws fresh entropy from the operating system. `rules` may be `Rules`,
    /// their text form (`"barrage"`) or an `Edition`.
    #[staticmethod]
    #[pyo3(signature = (rules, seed = None), text_signature = "(rules, seed=None)")]
    fn random(py: Python<'_>, rules: RulesArg, seed: Option<Seed>) -> PyResult<Self> {
        Ok(PyGame(core::Game::random(rules.0, crate::convert::seed_or_fresh(py, seed)?)))
    }
    /// Load a position string: one Gravon letter per square from a1 row by row (`A` empty, `_`
    /// lake, Red `B`..`M`, Blue `N`..`Y`, lower case = revealed), the side to move (`r`/`b`)
    /// and the ply, as `position()` writes it; or the full text of `position_full()`.
    #[staticmethod]
    fn from_position(py: Python<'_>, rules: RulesArg, text: &str) -> PyResult<Self> {
        core::Game::from_position(rules.0.clone(), text).map(PyGame).map_err(|e| parse_error(py, &e))
    }
    /// Replay a record (JSON text from `record()`, or its dict), checking every move.
    #[classmethod]
    fn from_record(_cls: &Bound<'_, PyType>, py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<Self> {
        let record = record_arg(py, record)?;
        core::Game::from_record(&record).map(PyGame).map_err(|e| record_error(py, &e))
    }
    /// The game as a record in JSON: rules, start, moves (and a resignation). `from_record`
    /// replays it to an equal game.
    fn record(&self) -> String {
        serde_json::to_string(&self.0.record()).expect("records serialize")
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(self.0.rules().clone())
    }
    /// Whose turn it is.
    #[getter]
    fn to_move(&self) -> PyPlayer {
        self.0.to_move().into()
    }
    /// Plies played (from the start position's ply).
    #[getter]
    fn ply(&self) -> u32 {
        self.0.ply()
    }
    /// Plies since the last battle.
    #[getter]
    fn quiet_plies(&self) -> u32 {
        self.0.quiet_plies()
    }
    /// How the game ended, or `None` while it goes on.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        self.0.outcome().map(PyOutcome)
    }
    /// Whether the side to move must now decide on a rescue (`Move.rescue(...)` or
    /// `Move.DECLINE_RESCUE`); its turn is not over until it does.
    #[getter]
    fn rescue_pending(&self) -> bool {
        self.0.board().rescue_pending()
    }
    /// Rescues `player` may still make (0 under rules without rescues).
    fn rescues_left(&self, player: PyPlayer) -> u8 {
        self.0.board().rescues_left(player.core())
    }
    /// Whether the piece on `square` has rescued already (so it may not again).
    fn has_rescued(&self, py: Python<'_>, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.board().has_rescued(crate::square::square_arg(py, square)?))
    }
    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    /// The legal moves of the side to move (none once the game is over). A `list` of `Move`
    /// that also answers for move text: `"a4-a5" in game.legal_moves`.
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::moves::move_list(py, self.0.legal_moves())
    }
    /// How many legal moves the side to move has.
    fn legal_move_count(&self) -> usize {
        self.0.legal_move_count()
    }
    /// Whether `move` (a `Move` or text) is legal now.
    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_legal(self.move_of(py, r#move)?))
    }
    /// Raise `IllegalMoveError` saying why when `move` is not legal now; change nothing.
    fn check(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        self.0.check(self.move_of(py, r#move)?).map_err(|e| illegal_move(py, &e))
    }
    /// Play `move` (a `Move`, or text such as `"a4-a5"` or notation such as `"9 a4xa7 (1)"`
    /// in the rules' numbering) and report what it did. An illegal move
    /// raises `IllegalMoveError` (with `move` and `reason`) and changes nothing.
    fn play(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyMoveReport> {
        let mv = self.move_of(py, r#move)?;
        self.play_core(py, mv).map(PyMoveReport)
    }
    /// The same as `play` (the python-chess name).
    fn push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyMoveReport> {
        self.play(py, r#move)
    }
    /// Take back the last move (a resignation goes with it); the move, or `None` at the start.
    fn undo(&mut self) -> Option<PyMove> {
        self.0.undo().mv().map(PyMove)
    }
    /// Take back the last move and return it; `IndexError` at the start, where nothing changes
    /// (python-chess's `pop`; `undo` also takes back a resignation made before any move).
    fn pop(&mut self) -> PyResult<PyMove> {
        // Refuse before touching the game: `undo` at the start takes a resignation back.
        if self.0.history().is_empty() {
            return Err(PyIndexError::new_err("pop from a game with no moves"));
        }
        match self.0.undo() {
            core::Undone::Move(mv) => Ok(PyMove(mv)),
            core::Undone::Resignation | core::Undone::Nothing => {
                Err(PyIndexError::new_err("pop from a game with no moves"))
            }
        }
    }
    /// The last move played, or `None`.
    fn peek(&self) -> Option<PyMove> {
        self.0.history().last().map(|r| PyMove(r.mv))
    }
    /// `player` resigns: the opponent wins. A finished game is unchanged.
    fn resign(&mut self, player: PyPlayer) -> PyOutcome {
        PyOutcome(self.0.resign(player.core()))
    }
    /// A legal move drawn uniformly by `entropy` (a well-mixed 64-bit number, such as
    /// `random.getrandbits(64)`: the draw reads its high bits), or `None` when there is none.
    fn random_move(&self, entropy: Seed) -> Option<PyMove> {
        self.0.random_move(entropy.0).map(PyMove)
    }
    /// Play uniformly random legal moves (a pure function of `seed`) until the game ends or
    /// `max_plies` more plies were played; the outcome, or `None` when the limit stopped it.
    #[pyo3(signature = (seed = Seed(0), max_plies = Plies(100_000)), text_signature = "($self, seed=0, max_plies=100000)")]
    fn playout(&mut self, py: Python<'_>, seed: Seed, max_plies: Plies) -> Option<PyOutcome> {
        let game = &mut self.0;
        py.detach(|| game.playout(seed.0, max_plies.0)).map(PyOutcome)
    }
    /// Every move played, with what it did (battles included).
    #[getter]
    fn history(&self) -> Vec<PyMoveReport> {
        self.0.history().iter().map(|&r| PyMoveReport(r)).collect()
    }
    /// The piece on `square`, or `None` (also off the board).
    fn piece_at(&self, py: Python<'_>, square: &Bound<'_, PyAny>) -> PyResult<Option<PyPiece>> {
        Ok(self.0.piece_at(square_arg(py, square)?).map(PyPiece))
    }
    /// The pieces `player` has lost, strongest last.
    fn captured(&self, player: PyPlayer) -> Vec<PyRank> {
        self.0.captured(player.core()).into_iter().map(Into::into).collect()
    }
    /// `player`'s army: {Rank: count} (ranks with none left out).
    fn army<'py>(&self, py: Python<'py>, player: PyPlayer) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (i, &n) in self.0.army(player.core()).iter().enumerate() {
            if n > 0 {
                d.set_item(PyRank::from(core::Rank::ALL[i]), n)?;
            }
        }
        Ok(d)
    }
    /// The short position string: the letters, the side to move and the ply (see
    /// `from_position`). It forgets moved flags, start squares and repetition state.
    fn position(&self) -> String {
        self.0.position()
    }
    /// The full position text: the short one plus every fact the board knows (moved and slid
    /// pieces, start squares, captures, repetition state, outcome); `from_position` reads it
    /// back to an equal board.
    fn position_full(&self) -> String {
        self.0.position_full()
    }
    /// A 64-bit hash of the position and its rule state (Zobrist), for transposition tables:
    /// equal boards hash alike.
    fn position_hash(&self) -> u64 {
        self.0.board().hash()
    }
    /// Every piece on the board with its square, in board order (a1, b1, ...).
    fn pieces(&self) -> Vec<(PySquare, PyPiece)> {
        self.0.pieces().map(|(s, p)| (PySquare(s), PyPiece(p))).collect()
    }
    /// `player`'s pieces with their squares, in board order.
    fn pieces_of(&self, player: PyPlayer) -> Vec<(PySquare, PyPiece)> {
        self.0.pieces_of(player.core()).map(|(s, p)| (PySquare(s), PyPiece(p))).collect()
    }
    /// What `move` would do as an attack (the battle of the two pieces), or `None` when it is
    /// no attack. Legality is not checked.
    fn battle_of(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Option<PyBattleReport>> {
        Ok(self.0.battle_of(self.move_of(py, r#move)?).map(PyBattleReport))
    }
    /// What `player` may know now, history included.
    fn view(&self, player: PyPlayer) -> PyPlayerView {
        PyPlayerView(self.0.view(player.core()))
    }
    /// The number of leaf positions `depth` plies ahead (moves counted as the rules allow).
    fn perft(&self, py: Python<'_>, depth: Depth) -> u64 {
        let game = &self.0;
        py.detach(|| core::perft(game, depth.0))
    }

    /// The sorted legal action ids of the side to move.
    fn legal_actions(&self) -> Vec<usize> {
        crate::encode::Source::legal_actions(&self.seen_by(None))
    }
    /// Play action id `action` for the side to move (`from * S + to` in its frame). An id out of
    /// range raises `ValueError`, an illegal one `IllegalMoveError`; neither changes anything.
    fn play_action(&mut self, py: Python<'_>, action: ActionId) -> PyResult<()> {
        let mv = action_move_of(self.0.rules(), self.0.to_move(), &action)?;
        self.play_core(py, mv).map(|_| ())
    }
    /// The action id of `move` (a `Move` or text) for the side to move; the same as
    /// `game.view(game.to_move).action_id(move)` and `rules.action_id(game.to_move, move)`.
    fn action_id(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        action_id_of(py, self.0.rules(), self.0.to_move(), r#move)
    }
    /// The move of action id `action` for the side to move (legal or not); the inverse of
    /// `action_id`. An id outside `0..num_actions` raises `ValueError`.
    fn action_move(&self, action: ActionId) -> PyResult<PyMove> {
        action_move_of(self.0.rules(), self.0.to_move(), &action).map(PyMove)
    }
    /// `player`'s observation (the side to move by default): `float32 [C, H, W]` planes in
    /// the player's frame, from what the player may know only.
    #[pyo3(signature = (player = None))]
    fn observation<'py>(&self, py: Python<'py>, player: Option<PyPlayer>) -> PyResult<Bound<'py, PyArray3<f32>>> {
        crate::encode::observation(py, &self.seen_by(player))
    }
    /// Write `player`'s observation into `out` (shape `rules.observation_shape`): `float32`
    /// planes, or `uint8` for the compact planes.
    #[pyo3(signature = (out, player = None))]
    fn observation_into(&self, out: &Bound<'_, PyAny>, player: Option<PyPlayer>) -> PyResult<()> {
        crate::encode::observation_into(out, &self.seen_by(player))
    }
    /// The legal-action mask of the side to move: `uint8 [num_actions]`, 1 where legal.
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        crate::encode::action_mask(py, &self.seen_by(None))
    }
    /// Write the side to move's mask into `out` (`uint8`, `int8` or `bool`, length `num_actions`);
    /// returns the number of legal actions.
    fn action_mask_into(&self, out: &Bound<'_, PyAny>) -> PyResult<usize> {
        crate::encode::action_mask_into(out, &self.seen_by(None))
    }
    /// `player`'s byte board (the side to move by default): `uint8 [S]`, one code per square.
    #[pyo3(signature = (player = None))]
    fn board_codes<'py>(&self, py: Python<'py>, player: Option<PyPlayer>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        crate::encode::board_codes(py, &self.seen_by(player))
    }
    /// Write `player`'s byte board into `out` (`uint8`, length `S`).
    #[pyo3(signature = (out, player = None))]
    fn board_codes_into(&self, out: &Bound<'_, PyAny>, player: Option<PyPlayer>) -> PyResult<()> {
        crate::encode::board_codes_into(out, &self.seen_by(player))
    }

    /// An SVG picture: `perspective`'s view with hidden enemies masked (Red's by default), or
    /// the full board with `reveal=True`. Other keywords go to `stratego.svg.board`.
    #[pyo3(signature = (perspective = None, reveal = false, **options))]
    fn svg<'py>(
        slf: &Bound<'py, Self>,
        perspective: Option<PyPlayer>,
        reveal: bool,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let kwargs = PyDict::new(slf.py());
        if let Some(o) = options {
            kwargs.update(o.as_mapping())?;
        }
        kwargs.set_item("perspective", perspective)?;
        kwargs.set_item("reveal", reveal)?;
        slf.py().import("stratego.svg")?.getattr("game_svg")?.call((slf,), Some(&kwargs))
    }
    /// The picture Jupyter shows: Red's view, hidden enemies masked.
    fn _repr_svg_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::svg(slf, None, false, None)
    }

    /// A copy that plays on independently.
    fn copy(&self) -> PyGame {
        self.clone()
    }
    fn __copy__(&self) -> PyGame {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.extract::<PyRef<'_, PyGame>>().is_ok_and(|o| o.0 == self.0)
    }
    /// The full-information board as text.
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        let state = match self.0.outcome() {
            Some(o) => PyOutcome(o).result().to_string(),
            None => format!("{} to move", self.0.to_move()),
        };
        format!("<Game {} ply {}, {state}>", self.0.rules(), self.0.ply())
    }
    /// Games pickle as their records, so a game resumes in another process.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_record = slf.get_type().getattr("from_record")?;
        Ok((from_record, (slf.borrow().record(),)))
    }
}
