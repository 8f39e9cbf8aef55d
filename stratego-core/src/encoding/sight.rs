//! What one player knows of a position, as the encoders read it: the one code path behind the
//! encoders of [`PlayerView`], [`Board`] and [`Game`](crate::Game).

use crate::rules::bitboard::Bitboard;
use crate::state::State;
use crate::{Board, Player, PlayerView, Rules};

/// A position seen by `viewer`, borrowed (nothing is copied).
///
/// The state may hold the true rank of every piece (a board's) or placeholders for the ranks
/// the viewer does not know (a view's). The encoders give the same bytes for both because they
/// read an enemy piece's rank only where its cell says a battle revealed it, or where its square
/// is in `spotted`; everywhere else they use tables that map every rank alike.
#[derive(Clone, Copy)]
pub(crate) struct Sight<'a> {
    pub(crate) rules: &'a Rules,
    pub(crate) state: &'a State,
    pub(crate) viewer: Player,
    /// Enemy squares whose rank the viewer knows although no battle revealed it: those in sight
    /// under rules with limited sight; empty under the others.
    pub(crate) spotted: Bitboard,
}

impl<'a> Sight<'a> {
    /// The viewer's sight from its view: the view already knows which ranks are hidden.
    pub(crate) fn of_view(view: &'a PlayerView) -> Sight<'a> {
        let (rules, state, viewer) = (view.rules(), view.state(), view.player());
        let spotted =
            if rules.visibility().is_some() { state.occ[viewer.opponent().index()] & !view.hidden() } else { 0 };
        Sight { rules, state, viewer, spotted }
    }

    /// `viewer`'s sight of a full-information board: the enemy pieces in sight, computed from
    /// the positions of the viewer's own pieces (public to the viewer), as a view computes them.
    pub(crate) fn of_board(board: &'a Board, viewer: Player) -> Sight<'a> {
        let (rules, state) = (&board.rules, &board.state);
        let spotted = match rules.visibility() {
            Some(radius) => {
                crate::view::dilate(rules, state.occ[viewer.index()], radius) & state.occ[viewer.opponent().index()]
            }
            None => 0,
        };
        Sight { rules, state, viewer, spotted }
    }

    /// Whether the viewer may move now: its turn, and the game goes on.
    #[inline(always)]
    pub(crate) fn may_move(&self) -> bool {
        self.state.outcome.is_none() && self.state.to_move == self.viewer
    }
}
