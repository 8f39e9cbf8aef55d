//! A Stratego rules engine: every edition, validated setups, legal moves, outcomes and
//! hidden-information views. No I/O and no global state; randomness comes from seeds the caller
//! gives.
//!
//! Threads and the clock: only [`vec_env`] and [`arena`] use them (worker threads, and the clock
//! that times a worker's wake-up), and both sit behind the cargo feature `threads`, on by
//! default. With `--no-default-features` those two modules are not built and the core uses no
//! thread and no clock: that build is the one for `wasm32-unknown-unknown`.
//!
//! ```
//! use stratego_core::{Edition, Game, Player, Rules, Setup};
//!
//! let rules = Rules::edition(Edition::Isf);
//! let red = Setup::random(&rules, Player::Red, 1);
//! let blue = Setup::random(&rules, Player::Blue, 2);
//! let mut game = Game::new(rules, red, blue)?;
//! while game.outcome().is_none() {
//!     let moves = game.legal_moves();
//!     game.play(moves[game.ply() as usize % moves.len()])?;
//! }
//! println!("{:?}", game.outcome());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

// The layers, lowest first; a module imports only from the layers above it in this list.
// Declaration macros every layer uses.
mod macros;
// Rules: the vocabulary (squares, ranks, moves, errors), the rule set and setups.
mod rules;
// The flat position state: cells and bitboards, move generation, repetition, rescue, reports.
mod state;
// A position without history, then a game with its history, then one player's view of it.
mod board;
mod game;
mod view;
// The kinds naming the data-carrying variants of rules and views, then the closed sets' table.
mod kinds;
// (the table reads every closed set, the kinds included)
mod closed_enum;
// What is computed from positions: RL encodings, and records written and read back.
pub mod encoding;
pub mod gravon;
// The read API shared by boards, games and views.
mod position;
mod records;
// Baseline players, and the loops that run many games (worker threads: feature `threads`).
pub mod agents;
#[cfg(feature = "threads")]
pub mod arena;
#[cfg(feature = "threads")]
pub mod vec_env;
// Input size limits of every parser.
pub mod limits;

pub use board::Board;
pub use closed_enum::{closed_enum_table, ClosedEnum};
pub use encoding::{
    board_code, ActionError, EncodingError, MaskValue, Perspective, Plane, PlaneValue, SeenBy, ENCODING_VERSION, PLANES,
};
pub use game::{perft, Game, PublicMove, Undone};
pub use kinds::{SetupProblemKind, SquareKind};
pub use limits::{
    MAX_ERROR_TEXT, MAX_MOVE_TEXT, MAX_NOTATION_TEXT, MAX_POSITION_TEXT, MAX_RECORD_JSON_BYTES, MAX_RECORD_PLIES,
    MAX_RULES_TEXT, MAX_SETUP_TEXT, MAX_VIEW_JSON_BYTES, MAX_XML_BYTES,
};
pub use position::Position;
pub use records::{Record, RecordError, Start, ViewError, ViewRecord};
pub use rules::{
    Battle, Constraint, Edition, IllegalMove, IllegalReason, Move, Movement, Numbering, ParseError, ParseErrorKind,
    Player, Rank, Reach, RescueZone, Rules, RulesBuilder, RulesError, Setup, SetupError, SetupLineError, SetupProblem,
    Square, MAX_SIDE, MAX_SQUARES,
};
pub use state::{BattleReport, MoveReport, Outcome, Piece, Termination};
#[cfg(feature = "threads")]
pub use vec_env::{
    AgentColor, EnvState, EpisodeEnd, EpisodeStats, MaskBuffer, MaskKind, ObservationBuffer, ObservationKind,
    StepBuffers, StepOutputs, VecEnv, VecEnvConfig, VecEnvError,
};
pub use view::{EnemyPiece, PlayerView, RankPrior, SquareView};

#[cfg(doctest)]
mod book_doctests;
