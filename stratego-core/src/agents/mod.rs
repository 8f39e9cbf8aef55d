//! Baseline opponents: agents that pick a move from what one player may know.
//!
//! Every agent decides from a [`PlayerView`] only, so it cannot read a hidden enemy rank,
//! and is a pure function of its seed and the views it has been shown: the same seed and the
//! same views give the same moves on every platform.
//!
//! | agent | how it decides |
//! |---|---|
//! | [`RandomAgent`] | a legal move drawn uniformly |
//! | [`HeuristicAgent`] | scores each move: known-winning battles, known-losing ones avoided, the flag's neighbourhood guarded, unknown pieces probed with low ranks |
//! | [`SamplingAgent`] | draws worlds consistent with the view, plays each candidate move and a short greedy continuation in every world, and picks the best on average |
//! | [`SearchAgent`] | a belief over the hidden ranks (with a human setup prior), determinized search with a node budget over worlds drawn from it |
//!
//! Every agent may choose its own setup ([`Agent::setup`]): the heuristic, sampling and
//! search agents set up human-like ([`Setup::human_like`]) with the Flag kept back, the
//! random agent takes the uniform draw it is given.
//!
//! ```
//! use stratego_core::agents::{Agent, HeuristicAgent, RandomAgent};
//! use stratego_core::{Edition, Game, Player, Rules};
//!
//! let mut game = Game::random(Rules::edition(Edition::Barrage), 1);
//! let mut red = HeuristicAgent::new(1);
//! let mut blue = RandomAgent::new(2);
//! while !game.is_over() && game.ply() < 400 {
//!     let view = game.view(game.to_move());
//!     let agent: &mut dyn Agent = if game.to_move() == Player::Red { &mut red } else { &mut blue };
//!     let mv = agent.choose(&view).expect("a player to move has a legal move");
//!     game.play(mv)?;
//! }
//! # Ok::<(), stratego_core::IllegalMove>(())
//! ```

mod belief;
mod eval;
mod flag_guard;
mod from_fn;
mod geometry;
mod heuristic;
mod kind;
mod random;
mod sampling;
mod search;
mod setup_model;
mod setup_table;
mod setups;

pub use belief::Belief;
pub use eval::piece_value;
pub use from_fn::{from_fn, FnAgent};
pub use heuristic::HeuristicAgent;
pub use kind::{AgentKind, AgentKindError};
pub use random::RandomAgent;
pub use sampling::SamplingAgent;
pub use search::{Deadline, SearchAgent, DEFAULT_SEARCH_BUDGET, MAX_SEARCH_BUDGET};
pub use setup_model::SetupModel;

use crate::{Move, Player, PlayerView, Rules, Setup};

/// A player: given what it may know, it picks a move.
///
/// `choose` is called only for the player to move; it returns one of
/// [`PlayerView::legal_moves`], or `None` when there is none (the game is over, or it is not
/// the viewer's turn). An agent may keep state between calls (a random generator, a memory of
/// the game), but must decide from the views it is shown only.
///
/// ```
/// use stratego_core::agents::{Agent, RandomAgent};
/// use stratego_core::{Edition, Game, Player, Rules};
/// let game = Game::random(Rules::edition(Edition::Isf), 3);
/// let view = game.view(Player::Red);
/// let mv = RandomAgent::new(7).choose(&view).expect("Red moves first");
/// assert!(view.is_legal(mv));
/// assert_eq!(RandomAgent::new(7).choose(&game.view(Player::Blue)), None); // not Blue's turn
/// ```
pub trait Agent {
    /// The move to play in `view`'s position, or `None` when the viewer cannot move.
    fn choose(&mut self, view: &PlayerView) -> Option<Move>;

    /// The setup this agent wants for `player` under `rules`, or `None` to take the one it is
    /// given (the arena's uniform draw). Called once before a game, before any `choose`.
    fn setup(&mut self, rules: &Rules, player: Player) -> Option<Setup> {
        let _ = (rules, player);
        None
    }
}

impl<A: Agent + ?Sized> Agent for Box<A> {
    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        (**self).choose(view)
    }
    fn setup(&mut self, rules: &Rules, player: Player) -> Option<Setup> {
        (**self).setup(rules, player)
    }
}

impl<A: Agent + ?Sized> Agent for &mut A {
    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        (**self).choose(view)
    }
    fn setup(&mut self, rules: &Rules, player: Player) -> Option<Setup> {
        (**self).setup(rules, player)
    }
}
