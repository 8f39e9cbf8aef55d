//! The uniform random agent.

use super::Agent;
use crate::rules::rng::SplitMix64;
use crate::{Move, PlayerView};

/// Plays a legal move drawn uniformly, a pure function of its seed and the views shown.
///
/// ```
/// use stratego_core::agents::{Agent, RandomAgent};
/// use stratego_core::{Edition, Game, Player, Rules};
/// let game = Game::random(Rules::edition(Edition::Barrage), 5);
/// let view = game.view(Player::Red);
/// let (a, b) = (RandomAgent::new(1).choose(&view), RandomAgent::new(1).choose(&view));
/// assert_eq!(a, b);
/// assert!(view.legal_moves().contains(&a.unwrap()));
/// ```
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: SplitMix64,
    moves: Vec<Move>,
}

impl RandomAgent {
    /// A random agent drawing from `seed`.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent { rng: SplitMix64::new(seed), moves: Vec::new() }
    }
}

impl Agent for RandomAgent {
    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        view.legal_moves_into(&mut self.moves);
        if self.moves.is_empty() {
            return None;
        }
        Some(self.moves[self.rng.below(self.moves.len())])
    }
}
