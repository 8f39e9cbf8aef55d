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

pub mod agents;
#[cfg(feature = "threads")]
pub mod arena;
mod bitboard;
mod board;
mod closed_enum;
mod display;
mod edition;
pub mod encoding;
mod error;
mod game;
pub mod gravon;
mod hash;
mod history;
mod kinds;
pub mod limits;
mod moves;
mod notation;
mod perft;
mod pieces;
mod player;
mod position;
mod random_game;
mod rank;
mod record;
mod repetition;
mod rng;
mod rules;
mod rules_text;
mod setup;
mod square;
mod state;
mod undo_record;
mod undone;
#[cfg(feature = "threads")]
pub mod vec_env;
mod view;
mod view_record;

pub use board::Board;
pub use closed_enum::{closed_enum_table, ClosedEnum};
pub use edition::Edition;
pub use encoding::{board_code, ActionError, EncodingError, MaskValue, Plane, PlaneValue, ENCODING_VERSION, PLANES};
pub use error::{IllegalMove, IllegalReason, ParseError, ParseErrorKind, RulesError, SetupError, SetupProblem};
pub use game::{BattleReport, Game, MoveReport, Outcome, Piece, Termination};
pub use kinds::{SetupProblemKind, SquareKind};
pub use limits::{
    MAX_ERROR_TEXT, MAX_MOVE_TEXT, MAX_NOTATION_TEXT, MAX_POSITION_TEXT, MAX_RECORD_JSON_BYTES, MAX_RECORD_PLIES,
    MAX_RULES_TEXT, MAX_SETUP_TEXT, MAX_VIEW_JSON_BYTES, MAX_XML_BYTES,
};
pub use moves::Move;
pub use perft::perft;
pub use player::Player;
pub use rank::{Numbering, Rank};
pub use record::{Record, RecordError, Start};
pub use rules::{Battle, Constraint, Movement, Reach, RescueZone, Rules, RulesBuilder};
pub use setup::{Setup, SetupLineError};
pub use square::{Square, MAX_SIDE, MAX_SQUARES};
pub use undone::Undone;
#[cfg(feature = "threads")]
pub use vec_env::{
    AgentColor, EnvState, EpisodeEnd, EpisodeStats, MaskBuffer, MaskKind, ObservationBuffer, ObservationKind,
    StepBuffers, StepOutputs, VecEnv, VecEnvConfig, VecEnvError,
};
pub use view::{EnemyPiece, PlayerView, PublicMove, SquareView};
pub use view_record::{ViewError, ViewRecord};

#[cfg(doctest)]
mod book_doctests;
