//! Agents named by text, for command lines and for making one agent per game.

use core::fmt;
use core::str::FromStr;

use super::{Agent, HeuristicAgent, RandomAgent, SamplingAgent};

/// Which agent to make, with its settings: a recipe that makes a fresh agent for any seed
/// (see [`AgentKind::make`]), written `random`, `heuristic` or `sampling` (optionally
/// `sampling:BUDGET`).
///
/// ```
/// use stratego_core::agents::AgentKind;
/// let kind: AgentKind = "sampling:64".parse()?;
/// assert_eq!(kind, AgentKind::Sampling { budget: 64 });
/// assert_eq!(kind.to_string(), "sampling:64");
/// assert!("minimax".parse::<AgentKind>().is_err());
/// # Ok::<(), stratego_core::agents::AgentKindError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgentKind {
    /// [`RandomAgent`].
    Random,
    /// [`HeuristicAgent`].
    Heuristic,
    /// [`SamplingAgent`] with `budget` playouts per decision.
    Sampling {
        /// Playouts per decision.
        budget: u32,
    },
}

/// An agent name that [`AgentKind`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown agent {0:?}: expected random, heuristic, sampling or sampling:BUDGET")]
pub struct AgentKindError(pub String);

impl AgentKind {
    /// A fresh agent of this kind drawing from `seed`.
    pub fn make(self, seed: u64) -> Box<dyn Agent> {
        match self {
            AgentKind::Random => Box::new(RandomAgent::new(seed)),
            AgentKind::Heuristic => Box::new(HeuristicAgent::new(seed)),
            AgentKind::Sampling { budget } => Box::new(SamplingAgent::new(seed, budget)),
        }
    }
}

impl fmt::Display for AgentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentKind::Random => f.write_str("random"),
            AgentKind::Heuristic => f.write_str("heuristic"),
            AgentKind::Sampling { budget } => write!(f, "sampling:{budget}"),
        }
    }
}

impl FromStr for AgentKind {
    type Err = AgentKindError;

    fn from_str(s: &str) -> Result<AgentKind, AgentKindError> {
        let bad = || AgentKindError(s.to_string());
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        match (name, arg) {
            ("random", None) => Ok(AgentKind::Random),
            ("heuristic", None) => Ok(AgentKind::Heuristic),
            ("sampling", None) => Ok(AgentKind::Sampling { budget: super::sampling::DEFAULT_BUDGET }),
            ("sampling", Some(b)) => {
                b.parse().ok().filter(|&b| b > 0).map(|budget| AgentKind::Sampling { budget }).ok_or_else(bad)
            }
            _ => Err(bad()),
        }
    }
}
