//! Engine games as Gravon records, for the rule sets Gravon played.

use crate::gravon::{GameRecord, GameType, GravonMove, GravonResult, Rescue, ResultKind, FIELD_LEN};
use crate::{Edition, Game, Player, Square, Termination};

/// How each engine termination is written as a Gravon result code. Gravon has no ply caps:
/// a capped game is written as a draw by agreement, which its rules leave undecided.
const RESULT_CODES: [(Termination, ResultKind); 6] = [
    (Termination::FlagCaptured, ResultKind::FlagCaptured),
    (Termination::NoLegalMove, ResultKind::NoMoves),
    (Termination::BothStuck, ResultKind::BothStuck),
    (Termination::Resignation, ResultKind::Resignation),
    (Termination::PlyCap, ResultKind::DrawAgreed),
    (Termination::NoBattleCap, ResultKind::DrawAgreed),
];

/// The Gravon game type of the engine's rules, where there is one: the standard 10×10 board
/// with `Isf` (`classic`, or `classicfree` with free placement), `Barrage` or `Duel` (`duell`).
fn game_type(game: &Game) -> Option<GameType> {
    let rules = game.rules();
    if (rules.width(), rules.height()) != (10, 10) {
        return None;
    }
    match rules.base_edition() {
        Edition::Isf if rules.free_placement() => Some(GameType::ClassicFree),
        Edition::Isf => Some(GameType::Classic),
        Edition::Barrage => Some(GameType::Barrage),
        Edition::Duel => Some(GameType::Duell),
        Edition::UltimateLightning => Some(GameType::UltimateLightning),
        _ => None,
    }
}

/// `game` as a Gravon record (setup field, every move, the result), with `players` as the
/// names; `None` when Gravon has no such game: rules outside `classic`, `classicfree`,
/// `barrage`, `duell` and `ultimate lightning` on the 10×10 board, or a game that did not begin
/// from two setups. A rescue is written inside the move that triggered it; a declined rescue is
/// not written (Gravon records none). A name longer than
/// [`MAX_PLAYER_NAME`](crate::limits::MAX_PLAYER_NAME) bytes is cut at a character boundary,
/// so that the XML of every game fits [`MAX_XML_BYTES`](crate::MAX_XML_BYTES).
/// [`crate::gravon::replay`] plays the record back under Gravon's rules for its type (which
/// have no ply cap: a capped game is written as a draw by agreement).
///
/// ```
/// use stratego_core::gravon::{from_game, parse_xml, replay, to_xml};
/// use stratego_core::{Edition, Game, Rules};
/// let mut game = Game::random(Rules::edition(Edition::Barrage), 3);
/// game.playout(8, 10_000);
/// let xml = to_xml(&from_game(&game, ["red bot", "blue bot"]).expect("barrage is a Gravon game"));
/// let back = replay(&parse_xml(&xml)?, None)?;
/// assert_eq!((back.outcome(), back.history().len()), (game.outcome(), game.history().len()));
/// assert!(from_game(&Game::random(Rules::edition(Edition::Classic), 1), ["a", "b"]).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_game(game: &Game, players: [&str; 2]) -> Option<GameRecord> {
    let game_type = game_type(game)?;
    let (red, blue) = game.origin_setups()?;
    let rules = game.rules();
    let mut field: Vec<u8> =
        (0..FIELD_LEN).map(|i| if rules.is_lake(Square::from_index(i, rules.width())) { b'_' } else { b'A' }).collect();
    for (setup, base) in [(&red, b'B'), (&blue, b'N')] {
        for &(sq, rank) in setup.pieces() {
            field[sq.index(rules.width())] = base + rank.gravon_offset();
        }
    }
    // A rescue decision belongs to the move before it: Gravon writes a rescue inside that
    // move, and a decline not at all.
    let mut moves: Vec<GravonMove> = Vec::with_capacity(game.history().len());
    for r in game.history() {
        if r.mv.is_decision() {
            if let (Some((rank, square)), Some(last)) = (r.mv.rescued(), moves.last_mut()) {
                let colour = if r.player == Player::Red { 1 } else { 13 };
                last.rescue = Some(Rescue { square, piece: colour + rank.gravon_offset() });
            }
            continue;
        }
        moves.push(GravonMove { ply: moves.len() as u32 + 1, from: r.mv.from, to: r.mv.to, rescue: None });
    }
    let result = game.outcome().map(|o| {
        let kind = RESULT_CODES.iter().find(|(t, _)| *t == o.termination).map_or(ResultKind::DrawAgreed, |(_, k)| *k);
        GravonResult { kind, winner: o.winner }
    });
    Some(GameRecord {
        game_type,
        field: Some(String::from_utf8(field).ok()?),
        moves,
        players: [Player::Red, Player::Blue]
            .map(|p| crate::limits::prefix_within(players[p.index()], crate::limits::MAX_PLAYER_NAME).to_string()),
        result,
    })
}
