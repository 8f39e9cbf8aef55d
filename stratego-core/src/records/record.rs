//! The canonical serialization of a game: rules, start, moves.

use crate::{Game, IllegalMove, Move, ParseError, Player, Rules, Setup, SetupError, Termination};

/// How a recorded game started.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Start {
    /// From two setups, in their text form.
    Setups {
        /// Red's setup text.
        #[cfg_attr(feature = "serde", serde(deserialize_with = "crate::limits::bounded::setup_text"))]
        red: String,
        /// Blue's setup text.
        #[cfg_attr(feature = "serde", serde(deserialize_with = "crate::limits::bounded::setup_text"))]
        blue: String,
    },
    /// From a position string, short or full (see [`Game::from_position`]).
    Position(#[cfg_attr(feature = "serde", serde(deserialize_with = "crate::limits::bounded::position_text"))] String),
}

/// A game as data: serialize it (serde, e.g. JSON) and [`Game::from_record`] replays it to an
/// equal game.
///
/// Records are lossless: a game that began from setups records them; any other game (from a
/// position string, or a world drawn by [`crate::PlayerView::sample_world`] mid-game) records
/// its start as a full position string ([`crate::Board::position_full`]), with moved flags,
/// start squares, captures and the repetition rules' state, so every game replays exactly.
///
/// ```
/// use stratego_core::{Edition, Game, Player, Rules, Setup};
/// let rules = Rules::edition(Edition::Barrage);
/// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 3), Setup::random(&rules, Player::Blue, 4))?;
/// for _ in 0..10 {
///     let Some(&mv) = game.legal_moves().first() else { break };
///     game.play(mv)?;
/// }
/// let record = game.record();
/// assert_eq!(Game::from_record(&record)?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Record {
    /// The rules' text form.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "crate::limits::bounded::rules_text"))]
    pub rules: String,
    /// The start.
    pub start: Start,
    /// Every move, in order (at most [`MAX_RECORD_PLIES`](crate::MAX_RECORD_PLIES)).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "crate::limits::bounded::moves"))]
    pub moves: Vec<Move>,
    /// The player who resigned, if the game ended so.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub resigned: Option<Player>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The rules text does not parse.
    #[error("rules: {0}")]
    Rules(ParseError),
    /// The start does not parse.
    #[error("start: {0}")]
    Start(ParseError),
    /// A setup breaks the rules.
    #[error("setup: {0}")]
    Setup(SetupError),
    /// More moves than [`MAX_RECORD_PLIES`](crate::MAX_RECORD_PLIES), refused before anything
    /// is read or played: a size refusal (its text starts with
    /// [`SIZE_REFUSAL`](crate::limits::SIZE_REFUSAL)).
    #[error("too large: {plies} moves, over the limit of {limit}")]
    TooLong {
        /// How many moves the record holds.
        plies: usize,
        /// The limit.
        limit: usize,
    },
    /// A recorded move is illegal.
    #[error("ply {ply}: {error}")]
    Move {
        /// 1-based ply of the move.
        ply: usize,
        /// Why it is illegal.
        error: IllegalMove,
    },
}

impl RecordError {
    /// Whether the record was refused for its size: too many moves, or a rules or start text
    /// over its limit.
    pub fn is_too_large(&self) -> bool {
        match self {
            RecordError::TooLong { .. } => true,
            RecordError::Rules(e) | RecordError::Start(e) => e.is_too_large(),
            RecordError::Setup(_) | RecordError::Move { .. } => false,
        }
    }
}

impl Game {
    /// This game as a [`Record`].
    pub fn record(&self) -> Record {
        let start = match self.origin_setups() {
            Some((red, blue)) => Start::Setups { red: red.to_text(self.rules()), blue: blue.to_text(self.rules()) },
            None => Start::Position(crate::state::text::full_text(self.rules(), self.start_state())),
        };
        let resigned = self
            .outcome()
            .filter(|o| o.termination == Termination::Resignation)
            .and_then(|o| o.winner)
            .map(Player::opponent);
        Record {
            rules: self.rules().to_string(),
            start,
            moves: self.history().iter().map(|r| r.mv).collect(),
            resigned,
        }
    }

    /// Replay a record, checking every move.
    pub fn from_record(record: &Record) -> Result<Game, RecordError> {
        if record.moves.len() > crate::MAX_RECORD_PLIES {
            return Err(RecordError::TooLong { plies: record.moves.len(), limit: crate::MAX_RECORD_PLIES });
        }
        let rules: Rules = record.rules.parse().map_err(RecordError::Rules)?;
        let mut game = match &record.start {
            Start::Setups { red, blue } => {
                let red = Setup::parse(&rules, Player::Red, red).map_err(RecordError::Start)?;
                let blue = Setup::parse(&rules, Player::Blue, blue).map_err(RecordError::Start)?;
                Game::new(rules, red, blue).map_err(RecordError::Setup)?
            }
            Start::Position(p) => Game::from_position(rules, p).map_err(RecordError::Start)?,
        };
        for (i, &mv) in record.moves.iter().enumerate() {
            game.play(mv).map_err(|error| RecordError::Move { ply: i + 1, error })?;
        }
        if let Some(p) = record.resigned {
            game.resign(p);
        }
        Ok(game)
    }
}
