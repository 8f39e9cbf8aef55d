//! The reads a game and a player's view share, written once against `core::Position`: each
//! class's `#[pymethods]` block is made by `position_pymethods!`, which adds them to its own.

/// `#[pymethods] impl $t { <the shared reads> $own }`, reading the position at `$inner`
/// (an expression of `$s`, e.g. `self.0`). One block per class, as PyO3 wants, holding both.
macro_rules! position_pymethods {
    ($t:ty, $s:ident => $inner:expr, { $($own:tt)* }) => {
        #[pymethods]
        impl $t {
            /// The rules.
            #[getter]
            fn rules(&$s) -> crate::rules::PyRules {
                crate::rules::PyRules(core::Position::rules(&$inner).clone())
            }
            /// Whose turn it is.
            #[getter]
            fn to_move(&$s) -> crate::player::PyPlayer {
                core::Position::to_move(&$inner).into()
            }
            /// Plies played (from the start position's ply). A rescue decision ends the turn of
            /// the move before it and adds no ply, though the history holds it.
            #[getter]
            fn ply(&$s) -> u32 {
                core::Position::ply(&$inner)
            }
            /// How the game ended, or `None` while it goes on.
            #[getter]
            fn outcome(&$s) -> Option<crate::outcome::PyOutcome> {
                core::Position::outcome(&$inner).map(crate::outcome::PyOutcome)
            }
            /// Whether the game has ended.
            #[getter]
            fn is_over(&$s) -> bool {
                core::Position::is_over(&$inner)
            }
            /// The pieces `player` has lost (public: every capture is a battle), strongest last.
            fn captured(&$s, player: crate::player::PyPlayer) -> Vec<crate::rank::PyRank> {
                core::Position::captured(&$inner, player.core()).into_iter().map(Into::into).collect()
            }
            /// Rescues `player` may still make (0 under rules without rescues; public).
            fn rescues_left(&$s, player: crate::player::PyPlayer) -> u8 {
                core::Position::rescues_left(&$inner, player.core())
            }
            /// Whether the piece on `square` (either side's) has rescued already, so it may not
            /// again (public).
            fn has_rescued(&$s, py: Python<'_>, square: &Bound<'_, PyAny>) -> PyResult<bool> {
                Ok(core::Position::has_rescued(&$inner, crate::square::square_arg(py, square)?))
            }
            /// `player`'s army (public): {Rank: count}, ranks with none left out.
            fn army<'py>(&$s, py: Python<'py>, player: crate::player::PyPlayer) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
                let d = pyo3::types::PyDict::new(py);
                for (i, &n) in $inner.army(player.core()).iter().enumerate() {
                    if n > 0 {
                        d.set_item(crate::rank::PyRank::from(core::Rank::ALL[i]), n)?;
                    }
                }
                Ok(d)
            }
            $($own)*
        }
    };
}

pub(crate) use position_pymethods;
