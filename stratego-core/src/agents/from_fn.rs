//! Any function from a view to a move, as an agent.

use super::Agent;
use crate::{Move, PlayerView};

/// An agent that calls a function: see [`from_fn`].
#[derive(Clone, Debug)]
pub struct FnAgent<F>(pub F);

/// Wrap a function from a view to a move as an [`Agent`] (for bots written as closures, and
/// for front doors whose agents are callables).
///
/// ```
/// use stratego_core::agents::{from_fn, Agent};
/// use stratego_core::{Edition, Game, Player, Rules};
/// let mut first = from_fn(|view: &stratego_core::PlayerView| view.legal_moves().first().copied());
/// let game = Game::random(Rules::edition(Edition::Isf), 1);
/// assert_eq!(first.choose(&game.view(Player::Red)), game.legal_moves().first().copied());
/// ```
pub fn from_fn<F: FnMut(&PlayerView) -> Option<Move>>(f: F) -> FnAgent<F> {
    FnAgent(f)
}

impl<F: FnMut(&PlayerView) -> Option<Move>> Agent for FnAgent<F> {
    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        (self.0)(view)
    }
}
