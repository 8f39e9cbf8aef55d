//! Matches between agents, and statistics over games.
//!
//! [`Arena`] plays agent A against agent B for N games in pairs: both games of a pair start
//! from the same two setups, with the agents' colours swapped, so neither agent profits from a
//! lucky setup or from moving first. Games run on worker threads, and every game is a pure
//! function of the arena's seed and its index, so a match gives the same games whatever the
//! number of workers. The result holds every game's [`crate::Record`] and a [`Summary`]: wins,
//! draws and losses, the score with its 95 % confidence interval, the Elo difference with its
//! interval, terminations by kind and game lengths.
//!
//! [`CollectionStats`] computes results by game type, termination and length over records
//! that already exist: the engine's own [`crate::Record`]s or Gravon archives.
//!
//! The module does no I/O: it returns records and takes a progress callback; writing files is
//! the caller's (see `examples/arena.rs`).
//!
//! ```
//! use stratego_core::agents::AgentKind;
//! use stratego_core::arena::Arena;
//! use stratego_core::{Edition, Rules};
//!
//! let arena = Arena::new(Rules::edition(Edition::Barrage)).games(4).seed(1).workers(2);
//! let result = arena.play(&AgentKind::Heuristic, &AgentKind::Random);
//! let s = &result.summary;
//! assert_eq!(s.score.wins + s.score.draws + s.score.losses, 4);
//! assert!(s.score.ci.0 <= s.score.score && s.score.score <= s.score.ci.1);
//! assert_eq!(result.games.len(), 4);
//! # assert_eq!(result.games, arena.workers(1).play(&AgentKind::Heuristic, &AgentKind::Random).games);
//! ```

mod collection;
mod factory;
mod lengths;
mod run;
mod score;
mod termination;

pub use collection::{CollectionStats, GroupStats};
pub use factory::AgentFactory;
pub use lengths::Lengths;
pub use run::{Arena, ArenaResult, GameResult, Progress, DEFAULT_MAX_PLIES};
pub use score::{Score, Summary};
pub use termination::{gravon_result_label, termination_label};
