//! Plain C structs passed by value or written to caller memory: squares, moves, outcomes,
//! pieces, what a view shows on a square, what a move did, what is wrong with a setup.

use crate::enums::*;

/// A square by column (`col` 0 = file a) and row (`row` 0 = rank 1), as in `a1` = {0, 0},
/// `j10` = {9, 9}. The board index used by the encodings is `row * width + col`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct stratego_square {
    /// Column, 0 = file a.
    pub col: u8,
    /// Row, 0 = rank 1.
    pub row: u8,
}

/// A move: the piece on `from` goes to `to` (an attack when `to` holds an enemy piece). Under
/// rules with rescues it may also be a rescue decision, whose `from` is a reserved square off
/// every board: make those with `stratego_move_rescue` and `stratego_move_decline_rescue`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct stratego_move {
    /// Where the piece stands.
    pub from: stratego_square,
    /// Where it goes.
    pub to: stratego_square,
}

/// How a game stands: `is_over`, and once it is over the winner (`STRATEGO_PLAYER_NONE` for
/// a draw) and why it ended. While the game goes on: `false`, `STRATEGO_PLAYER_NONE`,
/// `STRATEGO_TERMINATION_NONE`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct stratego_outcome {
    /// Whether the game has ended.
    pub is_over: bool,
    /// The winner, or `STRATEGO_PLAYER_NONE` (a draw, or the game goes on).
    pub winner: stratego_player,
    /// Why it ended, or `STRATEGO_TERMINATION_NONE`.
    pub termination: stratego_termination,
}

/// A piece as the full-information game sees it. An empty square (or a lake) reads as
/// owner `STRATEGO_PLAYER_NONE`, rank `STRATEGO_RANK_UNKNOWN`, both flags false.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct stratego_piece {
    /// Its owner, or `STRATEGO_PLAYER_NONE` when the square is empty.
    pub owner: stratego_player,
    /// Its rank, or `STRATEGO_RANK_UNKNOWN` when the square is empty.
    pub rank: stratego_rank,
    /// Whether a battle has shown its rank to the opponent.
    pub revealed: bool,
    /// Whether it has moved.
    pub moved: bool,
}

/// What a player's view shows on one square. `rank` is the rank of an own piece, of an enemy
/// piece whose rank the viewer knows, and `STRATEGO_RANK_UNKNOWN` otherwise (empty squares,
/// lakes, hidden enemy pieces). A hidden rank is never present: the view does not hold it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct stratego_square_view {
    /// Empty, lake, own piece or enemy piece.
    pub kind: stratego_square_kind,
    /// The rank when known, else `STRATEGO_RANK_UNKNOWN`.
    pub rank: stratego_rank,
    /// Whether a battle revealed the piece.
    pub revealed: bool,
    /// Whether the piece has moved (so it is no Bomb or Flag).
    pub moved: bool,
    /// Whether an enemy piece was seen moving more than one square (always false for own
    /// pieces).
    pub slid: bool,
}

/// What one played move did. The mover's `rank` is full information (a game knows every
/// rank); both players learn it only when `battle` is not `STRATEGO_BATTLE_NONE`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct stratego_move_report {
    /// The move.
    pub mv: stratego_move,
    /// Who played it.
    pub player: stratego_player,
    /// The moving piece's rank.
    pub rank: stratego_rank,
    /// The battle's result, or `STRATEGO_BATTLE_NONE` when the move was no attack.
    pub battle: stratego_battle,
    /// The attacker's rank in a battle, else `STRATEGO_RANK_UNKNOWN`.
    pub attacker: stratego_rank,
    /// The defender's rank in a battle, else `STRATEGO_RANK_UNKNOWN`.
    pub defender: stratego_rank,
    /// How the game stood right after this move (`is_over` when the move ended it).
    pub outcome: stratego_outcome,
}

/// One problem of a setup, as found by `stratego_setup_problem_at`. Fields that do not apply to
/// the kind are zero (`has_square` false, `rank` `STRATEGO_RANK_UNKNOWN`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct stratego_setup_problem {
    /// What is wrong.
    pub kind: stratego_setup_problem_kind,
    /// Whether `square` names the square concerned.
    pub has_square: bool,
    /// The square concerned, when `has_square`.
    pub square: stratego_square,
    /// The rank concerned, or `STRATEGO_RANK_UNKNOWN`.
    pub rank: stratego_rank,
    /// For counts: the number expected (or allowed); for a wrong player: the expected player.
    pub expected: u32,
    /// For counts: the number found; for a wrong player: the setup's player.
    pub found: u32,
}

/// A piece with the square it stands on.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct stratego_placed_piece {
    /// Where it stands.
    pub square: stratego_square,
    /// The piece.
    pub piece: stratego_piece,
}

/// What a battle does (or would do): the result from the attacker's side and both ranks;
/// `STRATEGO_BATTLE_NONE` with both ranks `STRATEGO_RANK_UNKNOWN` when there is no battle or
/// a rank is not known.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct stratego_battle_report {
    /// The result, or `STRATEGO_BATTLE_NONE`.
    pub battle: stratego_battle,
    /// The attacker's rank, or `STRATEGO_RANK_UNKNOWN`.
    pub attacker: stratego_rank,
    /// The defender's rank, or `STRATEGO_RANK_UNKNOWN`.
    pub defender: stratego_rank,
}

/// A move of the public history, as both players saw it: the squares, the mover, and the
/// battle with both ranks when it was an attack. The mover's rank after a plain move is not
/// part of it (the opponent never saw it). A declined rescue is no public move: the opponent
/// cannot tell it from no chance to rescue.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct stratego_public_move {
    /// The move.
    pub mv: stratego_move,
    /// Who played it.
    pub player: stratego_player,
    /// The battle, or `STRATEGO_BATTLE_NONE` for a plain move.
    pub battle: stratego_battle_report,
}
