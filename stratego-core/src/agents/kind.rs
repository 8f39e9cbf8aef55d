//! Agents named by text, for command lines and for making one agent per game.

use core::fmt;
use core::str::FromStr;

use super::search::MAX_SEARCH_BUDGET;
use super::{Agent, HeuristicAgent, RandomAgent, SamplingAgent, SearchAgent, DEFAULT_SEARCH_BUDGET};

/// Which agent to make, with its settings: a recipe that makes a fresh agent for any seed
/// (see [`AgentKind::make`]), written `random`, `heuristic`, `sampling` (optionally
/// `sampling:BUDGET`) or `search` (optionally `search:BUDGET`). This parser is the one place
/// where agent names are read: the arena, C, Python and the browser package all use it.
///
/// ```
/// use stratego_core::agents::{AgentKind, AgentKindError};
/// let kind: AgentKind = "sampling:64".parse()?;
/// assert_eq!(kind, AgentKind::Sampling { budget: 64 });
/// assert_eq!(kind.to_string(), "sampling:64");
/// assert_eq!("search:2000".parse::<AgentKind>()?, AgentKind::Search { budget: 2000 });
/// assert!(matches!("minimax".parse::<AgentKind>(), Err(AgentKindError::UnknownName(_))));
/// assert!(matches!("search:0".parse::<AgentKind>(), Err(AgentKindError::BadBudget { .. })));
/// assert!(matches!("search:-5".parse::<AgentKind>(), Err(AgentKindError::BadBudget { .. })));
/// assert!(matches!("search:2000000000".parse::<AgentKind>(), Err(AgentKindError::BadBudget { .. })));
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
    /// [`SearchAgent`] with `budget` playouts per decision.
    Search {
        /// Playouts per decision.
        budget: u32,
    },
}

/// An agent name that [`AgentKind`] cannot read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AgentKindError {
    /// No agent has this name.
    #[error("unknown agent {0:?}: expected random, heuristic, sampling[:BUDGET] or search[:BUDGET]")]
    UnknownName(String),
    /// The budget after the colon is not a whole number from 1 to 10^9.
    #[error("agent {name:?}: the budget must be a whole number from 1 to {max}, got {budget:?}")]
    BadBudget {
        /// The whole name as given.
        name: String,
        /// The text after the colon.
        budget: String,
        /// The largest budget accepted.
        max: u32,
    },
}

impl AgentKind {
    /// A fresh agent of this kind drawing from `seed` (`Send`, so that a front end may move
    /// it between threads).
    pub fn make(self, seed: u64) -> Box<dyn Agent + Send + Sync> {
        match self {
            AgentKind::Random => Box::new(RandomAgent::new(seed)),
            AgentKind::Heuristic => Box::new(HeuristicAgent::new(seed)),
            AgentKind::Sampling { budget } => Box::new(SamplingAgent::new(seed, budget)),
            AgentKind::Search { budget } => Box::new(SearchAgent::new(seed, budget)),
        }
    }
}

impl fmt::Display for AgentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentKind::Random => f.write_str("random"),
            AgentKind::Heuristic => f.write_str("heuristic"),
            AgentKind::Sampling { budget } => write!(f, "sampling:{budget}"),
            AgentKind::Search { budget } => write!(f, "search:{budget}"),
        }
    }
}

impl FromStr for AgentKind {
    type Err = AgentKindError;

    fn from_str(s: &str) -> Result<AgentKind, AgentKindError> {
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        let budget = |default: u32| -> Result<u32, AgentKindError> {
            let Some(text) = arg else { return Ok(default) };
            text.parse::<u32>().ok().filter(|b| (1..=MAX_SEARCH_BUDGET).contains(b)).ok_or_else(|| {
                AgentKindError::BadBudget { name: s.to_string(), budget: text.to_string(), max: MAX_SEARCH_BUDGET }
            })
        };
        match (name, arg) {
            ("random", None) => Ok(AgentKind::Random),
            ("heuristic", None) => Ok(AgentKind::Heuristic),
            ("sampling", _) => Ok(AgentKind::Sampling { budget: budget(super::sampling::DEFAULT_BUDGET)? }),
            ("search", _) => Ok(AgentKind::Search { budget: budget(DEFAULT_SEARCH_BUDGET)? }),
            _ => Err(AgentKindError::UnknownName(s.to_string())),
        }
    }
}
