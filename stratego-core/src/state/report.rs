//! What a move did and how a game ended: the reports play returns.

use crate::macros::closed_enum;
use crate::{Battle, Move, Player, Rank};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Termination {
    /// The winner captured the Flag.
    FlagCaptured = 1,
    /// The loser has no legal move (moves barred by a repetition rule do not count).
    NoLegalMove = 2,
    /// Neither player can move: a draw.
    BothStuck = 3,
    /// The cap on total plies was reached: a draw. The rules' cap
    /// ([`Rules::max_plies`](crate::Rules::max_plies)), or the engine's own: a
    /// [`Game`](crate::Game) whose history holds [`MAX_RECORD_PLIES`](crate::MAX_RECORD_PLIES)
    /// entries.
    PlyCap = 4,
    /// The cap on plies without a battle was reached: a draw.
    NoBattleCap = 5,
    /// A player resigned.
    Resignation = 6,
}

closed_enum! {
    impl Termination [FlagCaptured, NoLegalMove, BothStuck, PlyCap, NoBattleCap, Resignation] {
        /// Every member, in value order.
        ALL;
    }
}

/// How a game ended: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why the game ended.
    pub termination: Termination,
}

/// A piece as the full-information game sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Its owner.
    pub owner: Player,
    /// Its rank.
    pub rank: Rank,
    /// Whether a battle has shown its rank to the opponent.
    pub revealed: bool,
    /// Whether it has moved.
    pub moved: bool,
}

/// What a battle did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BattleReport {
    /// The attacker's rank (now known to both players).
    pub attacker: Rank,
    /// The defender's rank (now known to both players).
    pub defender: Rank,
    /// Who survived.
    pub result: Battle,
}

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub player: Player,
    /// The moving piece's rank (public only when `battle` is `Some`).
    pub rank: Rank,
    /// The battle, when the move was an attack.
    pub battle: Option<BattleReport>,
    /// The outcome, when the move ended the game.
    pub outcome: Option<Outcome>,
}
