//! Moves as both players saw them: the public history games share with their views.

use crate::{BattleReport, Move, Player};

/// A move as both players saw it: the mover's rank shows only in a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PublicMove {
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub player: Player,
    /// The battle it caused, with both ranks.
    pub battle: Option<BattleReport>,
}

impl crate::MoveReport {
    /// The move as both players saw it: the report without the mover's rank (public only in
    /// a battle, where the battle report carries it) and without the outcome. `None` for a
    /// declined rescue: the opponent cannot tell a decline from no chance to rescue, and a
    /// chance would tell them the piece that reached their back row is no Scout.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Move, Player, Rules};
    /// let mut game = Game::random(Rules::edition(Edition::UltimateLightning), 3);
    /// game.playout(4, 150);
    /// let seen: Vec<_> = game.history().iter().filter_map(|r| r.public()).collect();
    /// assert_eq!(game.view(Player::Blue).history(), &seen[..]);
    /// assert!(seen.iter().all(|m| m.mv != Move::DECLINE_RESCUE));
    /// ```
    #[inline]
    pub fn public(&self) -> Option<PublicMove> {
        (!self.mv.is_decline()).then_some(PublicMove { mv: self.mv, player: self.player, battle: self.battle })
    }
}

/// A log of public moves only, so that sharing it shares nothing the viewer may not know.
pub(crate) type PublicHistory = crate::game::history::History<(), PublicMove>;
