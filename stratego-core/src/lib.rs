//! A Stratego rules engine: every edition, validated setups, legal moves, outcomes and
//! hidden-information views. Pure: no I/O, no clock, no global state; randomness comes from
//! seeds the caller gives.
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

#![warn(missing_docs)]

// The layers, lowest first; each imports only from the layers below it.
pub mod agents;
pub mod arena;
mod board;
pub mod encoding;
mod game;
pub mod gravon;
pub mod limits;
mod records;
mod rules;
mod state;
pub mod vec_env;
mod view;

pub use board::Board;
pub use encoding::{board_code, ActionError, EncodingError, MaskValue, Plane, PlaneValue, ENCODING_VERSION, PLANES};
pub use game::{perft, Game, PublicMove, Undone};
pub use limits::{
    MAX_ERROR_TEXT, MAX_MOVE_TEXT, MAX_NOTATION_TEXT, MAX_POSITION_TEXT, MAX_RECORD_JSON_BYTES, MAX_RECORD_PLIES,
    MAX_RULES_TEXT, MAX_SETUP_TEXT, MAX_VIEW_JSON_BYTES, MAX_XML_BYTES,
};
pub use records::{Record, RecordError, Start, ViewError, ViewRecord};
pub use rules::{
    Battle, Constraint, Edition, IllegalMove, IllegalReason, Move, Movement, Numbering, ParseError, ParseErrorKind,
    Player, Rank, Reach, RescueZone, Rules, RulesBuilder, RulesError, Setup, SetupError, SetupLineError, SetupProblem,
    Square, MAX_SIDE, MAX_SQUARES,
};
pub use state::{BattleReport, MoveReport, Outcome, Piece, Termination};
pub use vec_env::{
    AgentColor, EnvState, EpisodeEnd, EpisodeStats, MaskBuffer, MaskKind, ObservationBuffer, ObservationKind,
    StepBuffers, StepOutputs, VecEnv, VecEnvConfig, VecEnvError,
};
pub use view::{EnemyPiece, PlayerView, SquareView};

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
