//! Distances and neighbours on the board, as the agents measure them.

use crate::{PlayerView, Square};

/// King-step distance between two squares.
pub(super) fn king_distance(a: Square, b: Square) -> u8 {
    a.col().abs_diff(b.col()).max(a.row().abs_diff(b.row()))
}

/// Orthogonal-step distance between two squares, as a piece walks on an open board.
pub(super) fn step_distance(a: Square, b: Square) -> u8 {
    a.col().abs_diff(b.col()) + a.row().abs_diff(b.row())
}

/// The four orthogonal neighbours of `sq` that lie on the board.
pub(super) fn neighbours(view: &PlayerView, sq: Square) -> impl Iterator<Item = Square> + '_ {
    const STEPS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    STEPS.iter().filter_map(move |&(dc, dr)| {
        let col = sq.col().checked_add_signed(dc)?;
        let row = sq.row().checked_add_signed(dr)?;
        let n = Square::try_new(col, row)?;
        view.rules().contains(n).then_some(n)
    })
}
