//! What a bot reaches for first: the pieces as (square, piece) pairs, and what a move would do.

use crate::rules::bitboard::{bits, Bitboard};
use crate::{BattleReport, Board, Move, Piece, Player, Square};

impl Board {
    /// Every piece on the board with its square, in square index order (a1, b1, ...).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// assert_eq!(game.board().pieces().count(), 80);
    /// let (square, piece) = game.pieces().next().unwrap();
    /// assert_eq!((square.to_string(), piece.owner), ("a1".to_string(), Player::Red));
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces_in(self.state.occ[0] | self.state.occ[1])
    }

    /// `player`'s pieces with their squares, in square index order.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Barrage);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// assert!(game.pieces_of(Player::Blue).all(|(_, p)| p.owner == Player::Blue));
    /// assert_eq!(game.pieces_of(Player::Blue).count(), rules.army_size());
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn pieces_of(&self, player: Player) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces_in(self.state.occ[player.index()])
    }

    fn pieces_in(&self, squares: Bitboard) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let coords = &self.rules.derived().coords;
        bits(squares).filter_map(move |i| {
            let sq = coords[i & 127];
            Some((sq, self.piece_at(sq)?))
        })
    }

    /// What `mv` would do as an attack: the battle between the piece on `mv.from` and the enemy
    /// piece on `mv.to`, or `None` when either square holds no such piece. It does not check that
    /// the move is legal.
    ///
    /// ```
    /// use stratego_core::{Battle, Edition, Game, Rank, Rules};
    /// let rules = Rules::edition(Edition::Isf);
    /// // A Red Scout (D) on e4 faces a Blue Marshal (W) on e5; Flags on a1 and j10.
    /// let letters = "M".to_string() + &"A".repeat(29) + "AAAADAAAAA" + "AA__XA__AA" + "AA__AA__AA" + &"A".repeat(39) + "Y";
    /// let game = Game::from_position(rules, &format!("{letters} r 0"))?;
    /// let battle = game.battle_of("e4-e5".parse()?).expect("an attack");
    /// assert_eq!((battle.attacker, battle.defender, battle.result), (Rank::Scout, Rank::Marshal, Battle::DefenderWins));
    /// assert_eq!(game.battle_of("e4-f4".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn battle_of(&self, mv: Move) -> Option<BattleReport> {
        let (attacker, defender) = (self.piece_at(mv.from)?, self.piece_at(mv.to)?);
        (attacker.owner != defender.owner).then(|| BattleReport {
            attacker: attacker.rank,
            defender: defender.rank,
            result: self.rules.battle(attacker.rank, defender.rank),
        })
    }
}
