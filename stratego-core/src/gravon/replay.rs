//! Replaying Gravon records with the engine: the recorded human games as the judge of the
//! rules. [`super::rules_for`] says which rules each record was played under.

use crate::gravon::{GameRecord, GameType, ResultKind};
use crate::{Game, IllegalMove, Outcome, ParseError, Player, Rank, Rules, Setup, SetupError, Square, Termination};

use super::rules_for;

/// Why a record does not replay as recorded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The game type has no edition here (ultimate lightning, unknown types).
    #[error("unsupported game type {0}")]
    Unsupported(GameType),
    /// No setup field: the game was aborted during setup.
    #[error("no setup field")]
    NoField,
    /// The field has a letter that is no piece, or lakes where the rules have none.
    #[error("field: {0}")]
    Field(ParseError),
    /// A setup breaks the rules of its edition.
    #[error("setup: {0}")]
    Setup(SetupError),
    /// A recorded move is illegal.
    #[error("ply {ply}: {error}")]
    IllegalMove {
        /// 1-based ply of the move.
        ply: usize,
        /// Why the engine refused it.
        error: IllegalMove,
    },
    /// The end of the game disagrees with the recorded result.
    #[error("recorded {recorded}, but the engine ends with {engine:?}")]
    ResultMismatch {
        /// The recorded result, in words.
        recorded: String,
        /// How the engine ended the game after the last move (`None`: not over).
        engine: Option<Outcome>,
    },
}

/// The two setups written in a field.
fn setups(rules: &Rules, field: &str) -> Result<(Setup, Setup), ReplayError> {
    let mut pieces: [Vec<(Square, Rank)>; 2] = [Vec::new(), Vec::new()];
    for (i, ch) in field.bytes().enumerate() {
        let sq = Square::from_index(i, rules.width());
        let (player, offset) = match ch {
            b'B'..=b'M' => (Player::Red, ch - b'B'),
            b'N'..=b'Y' => (Player::Blue, ch - b'N'),
            b'A' | b'a' | b'_' => continue,
            _ => return Err(ReplayError::Field(ParseError::new("field", field, i, "not a piece letter"))),
        };
        let rank = Rank::from_gravon_offset(offset).expect("offset within B..M");
        pieces[player.index()].push((sq, rank));
    }
    let [red, blue] = pieces;
    Ok((Setup::new(Player::Red, red), Setup::new(Player::Blue, blue)))
}

/// Replay a record: build its rules and setups, play every recorded move (each must be legal),
/// and check the end against the recorded result. A flag capture must end the game with the
/// recorded winner taking the Flag; "cannot move" must leave the loser without a legal move;
/// "both stuck" must leave neither player a move; any other result (resignation, clocks,
/// agreement) must leave the game undecided on the board.
///
/// ```
/// use stratego_core::gravon::{parse_xml, replay};
/// let xml = r#"<stratego><game type="barrage">
///  <field content="AAAAAAAADBAAAAAAAAADAAAAAAAAAAAEAACKAALMAA__AA__AAAA__AA__AAAAAAPXAANWAAAAAAAAAAAAAAAAAAQOAAAAAAAAPY"/>
///  <move id="1" source="F4" target="F5"/>
///  <result type="3" winner="2"/></game></stratego>"#;
/// let game = replay(&parse_xml(xml)?, Some(2014))?;
/// assert_eq!(game.ply(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay(record: &GameRecord, year: Option<u32>) -> Result<Game, ReplayError> {
    let rules = rules_for(record, year)?;
    let field = record.field.as_deref().ok_or(ReplayError::NoField)?;
    for (i, ch) in field.bytes().enumerate() {
        if (ch == b'_') != rules.is_lake(Square::from_index(i, rules.width())) {
            return Err(ReplayError::Field(ParseError::new("field", field, i, "lakes differ from the rules' lakes")));
        }
    }
    let (red, blue) = setups(&rules, field)?;
    let mut game = Game::new(rules, red, blue).map_err(ReplayError::Setup)?;
    for (i, mv) in record.moves.iter().enumerate() {
        let illegal = |error| ReplayError::IllegalMove { ply: i + 1, error };
        game.play(crate::Move::new(mv.from, mv.to)).map_err(illegal)?;
        // A rescue decision is part of the recorded move: a `<rescue>` inside it, or none
        // (declined) when the rules offered one and the game went on.
        let last = i + 1 == record.moves.len();
        let decision = match mv.rescue {
            Some(rescue) => crate::Move::rescue(rescue_rank(rescue.piece, field)?, rescue.square),
            None if game.board().rescue_pending() && !last => crate::Move::DECLINE_RESCUE,
            None => continue,
        };
        game.play(decision).map_err(illegal)?;
    }
    let engine = game.outcome();
    let agrees = match record.result {
        None => engine.is_none(),
        Some(r) => match r.kind {
            ResultKind::FlagCaptured => {
                engine == Some(Outcome { winner: r.winner, termination: Termination::FlagCaptured })
            }
            ResultKind::NoMoves => engine == Some(Outcome { winner: r.winner, termination: Termination::NoLegalMove }),
            ResultKind::BothStuck => engine == Some(Outcome { winner: None, termination: Termination::BothStuck }),
            _ => engine.is_none(),
        },
    };
    if agrees {
        Ok(game)
    } else {
        let recorded = match record.result {
            Some(r) => format!("{:?} (winner {:?})", r.kind, r.winner),
            None => "no result".into(),
        };
        Err(ReplayError::ResultMismatch { recorded, engine })
    }
}

/// The rank of a `rescuepiece` code: a Gravon letter index (B = 1 ... Y = 24) whose colour
/// means nothing (the piece is the mover's).
pub(crate) fn rescue_rank(code: u8, field: &str) -> Result<Rank, ReplayError> {
    if !(1..=24).contains(&code) {
        let why = format!("rescuepiece must be 1..=24, found {code}");
        return Err(ReplayError::Field(ParseError::new("rescue", field, 0, why)));
    }
    Ok(Rank::from_gravon_offset((code - 1) % 12).expect("an offset below 12"))
}
