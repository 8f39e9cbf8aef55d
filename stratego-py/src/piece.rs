//! `Piece` (a piece as the full game knows it) and `SquareView` (a square as one player knows
//! it: empty, lake, own piece, or enemy piece with only its public facts).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use stratego_core as core;

use crate::player::PyPlayer;
use crate::rank::PyRank;

crate::getters::value_class! {
/// A piece: owner, rank, whether a battle revealed it, whether it has moved.
"Piece", PyPiece(core::Piece), self, {
    /// Its owner.
    owner: PyPlayer = self.0.owner.into();
    /// Its rank.
    rank: PyRank = self.0.rank.into();
    /// Whether a battle has shown its rank to the opponent.
    revealed: bool = self.0.revealed;
    /// Whether it has moved.
    moved: bool = self.0.moved;
}, {
    /// A piece with every field given.
    #[new]
    #[pyo3(signature = (owner, rank, revealed = false, moved = false))]
    fn py_new(owner: PyPlayer, rank: PyRank, revealed: bool, moved: bool) -> Self {
        PyPiece(core::Piece { owner: owner.core(), rank: rank.core(), revealed, moved })
    }
    fn __repr__(&self) -> String {
        format!(
            "Piece(Player.{}, Rank.{}, revealed={}, moved={})",
            self.0.owner.name().to_ascii_uppercase(),
            self.0.rank.name().to_ascii_uppercase(),
            py_bool(self.0.revealed),
            py_bool(self.0.moved)
        )
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (PyPlayer, PyRank, bool, bool)) {
        (py.get_type::<Self>().into_any().unbind(), (self.owner(), self.rank(), self.0.revealed, self.0.moved))
    }
} }

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// What one player knows of a square. `kind` is `"empty"`, `"lake"`, `"own"` or `"enemy"`;
/// `owner` is set for pieces; `rank` for own pieces and for enemy pieces whose rank the viewer
/// knows (else `None`); `revealed`, `moved` and `slid` (seen moving more than one square,
/// enemy pieces only) are public facts.
#[pyclass(name = "SquareView", module = "stratego._stratego", eq, hash, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PySquareView {
    pub view: core::SquareView,
    /// The viewer, so that an own piece and an enemy piece can name their owner.
    pub viewer: core::Player,
}

const KINDS: [&str; 4] = ["empty", "lake", "own", "enemy"];

/// What a square holds for its viewer.
pub type PySquareKind = crate::enums::PyEnum<core::SquareKind>;

impl PySquareView {
    fn kind_name(&self) -> &'static str {
        KINDS[self.kind_index()]
    }
    fn kind_index(&self) -> usize {
        match self.view {
            core::SquareView::Empty => 0,
            core::SquareView::Lake => 1,
            core::SquareView::Own(_) => 2,
            core::SquareView::Enemy(_) => 3,
        }
    }
}

crate::getters::pymethods_with_getters! { PySquareView, self, {
    /// A `SquareKind`: `EMPTY`, `LAKE`, `OWN` or `ENEMY`, each equal to its text (`"own"`).
    kind: PySquareKind = self.view.kind().into();
    /// The viewer.
    viewer: PyPlayer = self.viewer.into();
    /// Whether the (enemy) piece was seen moving more than one square.
    slid: bool = matches!(self.view, core::SquareView::Enemy(e) if e.slid);
    /// Whether a piece stands here.
    is_piece: bool = matches!(self.view, core::SquareView::Own(_) | core::SquareView::Enemy(_));
}, {
    /// A square view with every field given (as `repr` writes it). `viewer` is the player
    /// who sees the square; for a piece, `owner` may name its owner instead (or as well, when
    /// the two agree with `kind`).
    #[new]
    #[pyo3(signature = (kind, viewer = None, rank = None, revealed = false, moved = false, slid = false, *, owner = None))]
    #[allow(clippy::too_many_arguments)] // the Python signature
    fn py_new(
        kind: &Bound<'_, PyAny>,
        viewer: Option<PyPlayer>,
        rank: Option<PyRank>,
        revealed: bool,
        moved: bool,
        slid: bool,
        owner: Option<PyPlayer>,
    ) -> PyResult<Self> {
        // A `SquareKind` or its text ("own").
        let kind: String = match kind.extract::<PySquareKind>() {
            Ok(k) => KINDS[usize::from(core::ClosedEnum::value(k.core()))].to_string(),
            Err(_) => kind.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "kind must be a SquareKind or its text ({}), not {}",
                    KINDS.join(", "),
                    crate::convert::type_name(kind)
                ))
            })?,
        };
        let kind = kind.as_str();
        // The viewer of an own piece is its owner, of an enemy piece the owner's opponent.
        let from_owner = owner.and_then(|o| match kind {
            "own" => Some(o.core()),
            "enemy" => Some(o.core().opponent()),
            _ => None,
        });
        let viewer = match (viewer.map(PyPlayer::core), from_owner) {
            (Some(v), Some(f)) if v != f => {
                return Err(PyValueError::new_err(format!(
                    "an {kind} piece seen by {v} is not owned by {}",
                    owner.map_or("?".into(), |o| o.core().to_string())
                )))
            }
            (Some(v), _) | (None, Some(v)) => v,
            (None, None) => {
                return Err(PyValueError::new_err("give the viewer (or, for a piece, its owner)".to_string()))
            }
        };
        let view = match (kind, rank) {
            ("empty", None) => core::SquareView::Empty,
            ("lake", None) => core::SquareView::Lake,
            ("own", Some(r)) => core::SquareView::Own(core::Piece { owner: viewer, rank: r.core(), revealed, moved }),
            ("enemy", r) => {
                core::SquareView::Enemy(core::EnemyPiece { rank: r.map(|r| r.core()), revealed, moved, slid })
            }
            _ => {
                return Err(PyValueError::new_err(format!(
                    "kind must be one of {KINDS:?} (with a rank for 'own', none for 'empty' and 'lake'), got {kind:?}"
                )))
            }
        };
        Ok(PySquareView { view, viewer })
    }
    /// The piece's owner, `None` on an empty square or a lake.
    #[getter]
    fn owner(&self) -> Option<PyPlayer> {
        match self.view {
            core::SquareView::Own(_) => Some(self.viewer.into()),
            core::SquareView::Enemy(_) => Some(self.viewer.opponent().into()),
            _ => None,
        }
    }
    /// The rank, when the viewer knows it.
    #[getter]
    fn rank(&self) -> Option<PyRank> {
        match self.view {
            core::SquareView::Own(p) => Some(p.rank.into()),
            core::SquareView::Enemy(e) => e.rank.map(Into::into),
            _ => None,
        }
    }
    /// Whether a battle revealed the piece.
    #[getter]
    fn revealed(&self) -> bool {
        match self.view {
            core::SquareView::Own(p) => p.revealed,
            core::SquareView::Enemy(e) => e.revealed,
            _ => false,
        }
    }
    /// Whether the piece has moved.
    #[getter]
    fn moved(&self) -> bool {
        match self.view {
            core::SquareView::Own(p) => p.moved,
            core::SquareView::Enemy(e) => e.moved,
            _ => false,
        }
    }
    /// `SquareView('enemy', owner=Player.BLUE, rank=None, ..., viewer=Player.RED)`: the owner
    /// first, where a reader looks for it, and the viewer named as such.
    fn __repr__(&self) -> String {
        let player = |p: core::Player| format!("Player.{}", p.name().to_ascii_uppercase());
        if !self.is_piece() {
            return format!("SquareView('{}', viewer={})", self.kind_name(), player(self.viewer));
        }
        let rank = self.rank().map_or("None".into(), |r| format!("Rank.{}", r.core().name().to_ascii_uppercase()));
        let owner = self.owner().map_or(self.viewer, PyPlayer::core);
        format!(
            "SquareView('{}', owner={}, rank={rank}, revealed={}, moved={}, slid={}, viewer={})",
            self.kind_name(),
            player(owner),
            py_bool(self.revealed()),
            py_bool(self.moved()),
            py_bool(self.slid()),
            player(self.viewer)
        )
    }
    #[allow(clippy::type_complexity)]
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (&'static str, PyPlayer, Option<PyRank>, bool, bool, bool)) {
        (
            py.get_type::<Self>().into_any().unbind(),
            (self.kind_name(), self.viewer(), self.rank(), self.revealed(), self.moved(), self.slid()),
        )
    }
} }
