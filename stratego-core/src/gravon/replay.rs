//! Replaying Gravon records with the engine: the recorded human games as the judge of the rules.
//!
//! Game types map to editions: `classic` → [`Edition::Isf`], `barrage` → [`Edition::Barrage`],
//! `duell` → [`Edition::Duel`] on 4 setup rows (as Gravon played it), `classicfree` → `Isf`
//! with free placement (each side places any pieces, up to the standard counts, on any square
//! off the lakes). Ultimate lightning
//! is not an edition here, so its games are reported as unsupported.
//!
//! Gravon let players choose the two-squares limit (3, the ISF rule, or 5, the older rule) and
//! the records do not say which. We use 5 for games before 2013 and 3 from 2013 on, except 5 for
//! any game whose own moves contain a back-and-forth run longer than 3. Over the 9,556 classic,
//! barrage, classicfree and duell games of the shared data, this gives limit 5 to the 1,974
//! games of 2004–2006 and to 9 games of 2013–2014, and limit 3 to the other 7,573
//! (`cargo run --release --example gravon_replay -- --limits ../shared/data/gravon` counts them).

use crate::gravon::{GameRecord, GameType, ResultKind};
use crate::repetition::Run;
use crate::{
    Edition, Game, IllegalMove, Outcome, ParseError, Player, Rank, Rules, Setup, SetupError, Square, Termination,
};

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

/// The year in a Gravon file name such as `classic-2014.5-2245.xml` (the month is 0-based).
pub fn year_from_file_name(name: &str) -> Option<u32> {
    let base = name.rsplit(['/', '\\']).next()?;
    let after = base.split_once('-')?.1;
    let year = after.split(['.', '-']).next()?;
    year.parse().ok().filter(|y| (1990..2100).contains(y))
}

/// The longest run of moves of one piece back and forth across one square border, in the
/// recorded moves (the quantity the two-squares rule limits).
fn longest_back_and_forth(rules: &Rules, record: &GameRecord) -> u8 {
    let w = rules.width();
    let mut runs = [Run::NONE; 2];
    let mut longest = 0;
    for (i, mv) in record.moves.iter().enumerate() {
        let run = &mut runs[i % 2];
        run.record(rules, u8::MAX, mv.from.index(w) & 127, mv.to.index(w) & 127, true);
        longest = longest.max(run.longest());
    }
    longest
}

/// The two-squares limit a game was played with, by the rule in the module docs.
pub fn two_square_limit_for(record: &GameRecord, year: Option<u32>) -> u8 {
    let by_date = if year.is_some_and(|y| y < 2013) { 5 } else { 3 };
    if by_date == 3 && longest_back_and_forth(&Rules::edition(Edition::Isf), record) > 3 {
        5
    } else {
        by_date
    }
}

/// The rules a record was played under (see the module docs).
pub fn rules_for(record: &GameRecord, year: Option<u32>) -> Result<Rules, ReplayError> {
    let builder = match &record.game_type {
        GameType::Classic => Rules::edition(Edition::Isf).to_builder(),
        GameType::Barrage => Rules::edition(Edition::Barrage).to_builder(),
        GameType::Duell => Rules::edition(Edition::Duel).to_builder().setup_rows(4),
        GameType::ClassicFree => Rules::edition(Edition::Isf).to_builder().free_army(true).free_placement(true),
        other => return Err(ReplayError::Unsupported(other.clone())),
    };
    Ok(builder.two_square(Some(two_square_limit_for(record, year))).build().expect("the Gravon rule sets are valid"))
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
        game.play(crate::Move::new(mv.from, mv.to)).map_err(|error| ReplayError::IllegalMove { ply: i + 1, error })?;
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
