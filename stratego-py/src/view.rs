//! `PlayerView`: what one player may know, and nothing more. The encoders, the legal moves
//! and the SVG picture of a view are computed from it alone.

use numpy::{PyArray1, PyArray3};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use stratego_core as core;

use crate::battle::PyBattleReport;
use crate::convert::Seed;
use crate::errors::{parse_error, parse_error_text};
use crate::game::PyGame;
use crate::moves::{move_arg_in, PyMove};
use crate::piece::{PyPiece, PySquareView};
use crate::player::PyPlayer;
use crate::report::PyPublicMove;
use crate::square::{square_arg, PySquare};

/// What one player may know: own pieces, enemy pieces with only their public facts, both
/// captured lists and the public history. Hidden enemy ranks are not in it at all. From
/// `game.view(player)`.
#[pyclass(name = "PlayerView", module = "stratego._stratego", frozen)]
#[derive(Clone)]
pub struct PyPlayerView(pub core::PlayerView);

crate::position::position_pymethods! { PyPlayerView, self => self.0, {
    /// The viewer.
    #[getter]
    fn player(&self) -> PyPlayer {
        self.0.player().into()
    }
    /// What the viewer knows of `square` (empty off the board).
    fn square(&self, py: Python<'_>, square: &Bound<'_, PyAny>) -> PyResult<PySquareView> {
        let sq = square_arg(py, square)?;
        Ok(PySquareView { view: self.0.square(sq), viewer: self.0.player() })
    }
    /// Every square in index order (a1, b1, ...) with what the viewer knows of it.
    fn squares(&self) -> Vec<(PySquare, PySquareView)> {
        let viewer = self.0.player();
        self.0.squares().map(|(sq, view)| (PySquare(sq), PySquareView { view, viewer })).collect()
    }
    /// The viewer's pieces with their squares, in board order.
    fn pieces(&self) -> Vec<(PySquare, PyPiece)> {
        self.0.pieces().map(|(s, p)| (PySquare(s), PyPiece(p))).collect()
    }
    /// The enemy pieces as the viewer knows them (`SquareView`s of kind `"enemy"`), in board order.
    fn enemy_pieces(&self) -> Vec<(PySquare, PySquareView)> {
        let viewer = self.0.player();
        let view = |e| PySquareView { view: core::SquareView::Enemy(e), viewer };
        self.0.enemy_pieces().map(|(s, e)| (PySquare(s), view(e))).collect()
    }
    /// Whether `move` is legal for the viewer now (decided from what the viewer knows).
    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_legal(move_arg_in(py, r#move, self.0.rules().numbering())?))
    }
    /// Raise `IllegalMoveError` saying why when `move` is not legal for the viewer now.
    fn check(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = move_arg_in(py, r#move, self.0.rules().numbering())?;
        self.0.check(mv).map_err(|e| crate::errors::illegal_move(py, &e))
    }
    /// Whether the side to move must now decide on a rescue (public to both players).
    #[getter]
    fn rescue_pending(&self) -> bool {
        self.0.rescue_pending()
    }
    /// The battle `move` would cause, when the viewer knows both ranks; else `None`.
    fn battle_of(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Option<PyBattleReport>> {
        Ok(self.0.battle_of(move_arg_in(py, r#move, self.0.rules().numbering())?).map(PyBattleReport))
    }
    /// The moves so far, as both players saw them.
    #[getter]
    fn history(&self) -> Vec<PyPublicMove> {
        self.0.history().iter().map(|&m| PyPublicMove(m)).collect()
    }
    /// The viewer's legal moves (empty when it is not the viewer's turn or the game is over). A `list` of `Move`
    /// that also answers for move text: `"a4-a5" in game.legal_moves`.
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::moves::move_list(py, self.0.legal_moves())
    }
    /// The action id of `move` (a `Move` or text) for the viewer; the same mapping as
    /// `Game.action_id` and `Rules.action_id(view.player, move)`.
    fn action_id(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        crate::moves::action_id_of(py, self.0.rules(), self.0.player(), r#move)
    }
    /// The move of action id `action` for the viewer (legal or not); the inverse of
    /// `action_id`. An id outside `0..num_actions` raises `ValueError`.
    fn action_move(&self, action: crate::convert::ActionId) -> PyResult<PyMove> {
        crate::moves::action_move_of(self.0.rules(), self.0.player(), &action).map(PyMove)
    }
    /// The viewer's sorted legal action ids.
    fn legal_actions(&self) -> Vec<usize> {
        self.0.legal_actions()
    }
    /// The observation: `float32 [C, H, W]` in the viewer's frame.
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<f32>>> {
        crate::encode::observation(py, &self.0)
    }
    /// Write the observation into `out` (shape `rules.observation_shape`): `float32` planes,
    /// or `uint8` for the compact planes.
    fn observation_into(&self, out: &Bound<'_, PyAny>) -> PyResult<()> {
        crate::encode::observation_into(out, &self.0)
    }
    /// The viewer's legal-action mask: `uint8 [num_actions]`.
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        crate::encode::action_mask(py, &self.0)
    }
    /// Write the mask into `out` (`uint8`, `int8` or `bool`, length `num_actions`); returns the number
    /// of legal actions.
    fn action_mask_into(&self, out: &Bound<'_, PyAny>) -> PyResult<usize> {
        crate::encode::action_mask_into(out, &self.0)
    }
    /// The byte board: `uint8 [S]` in the viewer's frame.
    fn board_codes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        crate::encode::board_codes(py, &self.0)
    }
    /// Write the byte board into `out` (`uint8`, length `S`).
    fn board_codes_into(&self, out: &Bound<'_, PyAny>) -> PyResult<()> {
        crate::encode::board_codes_into(out, &self.0)
    }
    /// A full game consistent with this view, as a pure function of `seed`: the viewer's pieces
    /// and every known enemy rank kept, the enemy army's counts respected, a piece seen sliding
    /// given a sliding rank, a moved piece a mobile rank. It starts at this position.
    #[pyo3(signature = (seed = Seed(0)), text_signature = "($self, seed=0)")]
    fn sample_world(&self, seed: Seed) -> PyGame {
        PyGame(self.0.sample_world(seed.0))
    }
    /// An SVG picture of the view (hidden enemy ranks cannot show: the view has none).
    /// Keywords go to `stratego.svg.board`.
    #[pyo3(signature = (**options))]
    fn svg<'py>(slf: &Bound<'py, Self>, options: Option<&Bound<'py, PyDict>>) -> PyResult<Bound<'py, PyAny>> {
        slf.py().import("stratego.svg")?.getattr("view_svg")?.call((slf,), options)
    }
    /// The picture Jupyter shows.
    fn _repr_svg_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::svg(slf, None)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.extract::<PyRef<'_, PyPlayerView>>().is_ok_and(|o| o.0 == self.0)
    }
    /// The board as the viewer knows it: unknown enemy ranks show as `?`.
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("<PlayerView of {} at ply {}, {}>", self.0.player(), self.0.ply(), self.0.rules())
    }
    fn __copy__(&self) -> PyPlayerView {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPlayerView {
        self.clone()
    }
    /// The view as JSON: the rules, the viewer, the position as the viewer knows it (unknown
    /// enemy ranks written `?`) and the public history; no hidden rank is in it.
    /// `PlayerView.from_record` reads it back to an equal view.
    fn record(&self) -> String {
        serde_json::to_string(&self.0.to_record()).expect("view records serialize")
    }
    /// Read a view back from `record()` (JSON text, or its dict); a record whose facts
    /// contradict each other raises `ParseError` saying which.
    #[classmethod]
    fn from_record(_cls: &Bound<'_, PyType>, py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text = crate::game::json_text(py, record, "a view record")?;
        core::limits::check_view_json(&text).map_err(|e| parse_error(py, &e))?;
        let record: core::ViewRecord =
            serde_json::from_str(&text).map_err(|e| parse_error_text(py, "view", &text, e.to_string()))?;
        core::PlayerView::from_record(&record).map(PyPlayerView).map_err(|e| view_error(py, &e))
    }
    /// Views pickle as their records, which hold no hidden rank.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_record = slf.get_type().getattr("from_record")?;
        Ok((from_record, (slf.get().record(),)))
    }
}}

/// A view record that does not read back, as `stratego.ParseError`.
fn view_error(py: Python<'_>, e: &core::ViewError) -> PyErr {
    match e {
        core::ViewError::Rules(p) | core::ViewError::Position(p) => parse_error(py, p),
        other => parse_error_text(py, "view", "", other.to_string()),
    }
}
