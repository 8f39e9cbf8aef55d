//! Making a fresh agent for each game, so that worker threads share no agent state.

use crate::agents::{Agent, AgentKind};

/// Makes a fresh agent for one game from that game's seed. The arena calls it once per
/// game and side, on the worker thread that plays the game, so agents need not be `Send` and
/// never share state; the factory itself is shared by the workers (`Sync`).
///
/// Implemented by [`AgentKind`] and by any `Fn(u64) -> impl Agent` closure:
///
/// ```
/// use stratego_core::agents::{AgentKind, HeuristicAgent, RandomAgent};
/// use stratego_core::arena::{AgentFactory, Arena};
/// use stratego_core::{Edition, Rules};
/// let arena = Arena::new(Rules::edition(Edition::Barrage)).games(2);
/// let closure = |seed: u64| HeuristicAgent::new(seed);
/// let by_kind = arena.play(&AgentKind::Heuristic, &|seed: u64| RandomAgent::new(seed));
/// let by_closure = arena.play(&closure, &AgentKind::Random);
/// assert_eq!(by_kind.games, by_closure.games);
/// ```
pub trait AgentFactory: Sync {
    /// A fresh agent drawing from `seed`.
    fn make(&self, seed: u64) -> Box<dyn Agent>;
}

impl AgentFactory for AgentKind {
    fn make(&self, seed: u64) -> Box<dyn Agent> {
        AgentKind::make(*self, seed)
    }
}

impl<F, A> AgentFactory for F
where
    F: Fn(u64) -> A + Sync,
    A: Agent + 'static,
{
    fn make(&self, seed: u64) -> Box<dyn Agent> {
        Box::new(self(seed))
    }
}
