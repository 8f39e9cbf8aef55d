//! What a player may believe about the enemy's hidden ranks, from its view alone.

use crate::{EnemyPiece, PlayerView, Rank, Rules};

/// The enemy ranks still unaccounted for (the army less the captured pieces and the ranks the
/// view shows), and from them the odds of each rank for one enemy piece: a known rank is
/// certain, a piece that moved is no Bomb or Flag, a piece that slid is a sliding rank.
///
/// ```
/// use stratego_core::agents::Belief;
/// use stratego_core::{Edition, Game, Player, Rank, Rules};
/// let game = Game::random(Rules::edition(Edition::Isf), 1);
/// let view = game.view(Player::Red);
/// let belief = Belief::new(&view);
/// assert_eq!(belief.unaccounted(Rank::Bomb), 6);
/// let (_, piece) = view.enemy_pieces().next().unwrap();
/// let odds = belief.odds(view.rules(), piece);
/// assert_eq!(odds.iter().map(|&n| n as u32).sum::<u32>(), 40);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Belief {
    pool: [u8; Rank::COUNT],
}

impl Belief {
    /// The belief of `view`'s player.
    pub fn new(view: &PlayerView) -> Belief {
        let opp = view.player().opponent();
        let army = view.army(opp);
        let mut pool: [u8; Rank::COUNT] =
            core::array::from_fn(|r| army[r].saturating_sub(view.captured_count(opp, Rank::ALL[r])));
        for (_, e) in view.enemy_pieces() {
            if let Some(r) = e.rank {
                pool[r.index()] = pool[r.index()].saturating_sub(1);
            }
        }
        Belief { pool }
    }

    /// Enemy pieces of `rank` on the board whose rank the view does not show.
    pub fn unaccounted(&self, rank: Rank) -> u8 {
        self.pool[rank.index()]
    }

    /// Relative odds of each rank (by [`Rank::index`]) for `piece`.
    pub fn odds(&self, rules: &Rules, piece: EnemyPiece) -> [u8; Rank::COUNT] {
        if let Some(r) = piece.rank {
            let mut one = [0; Rank::COUNT];
            one[r.index()] = 1;
            return one;
        }
        let fits = |r: Rank| {
            let m = rules.movement(r);
            (!piece.moved || m.is_mobile()) && (!piece.slid || m.goes_far())
        };
        let odds = core::array::from_fn(|i| if fits(Rank::ALL[i]) { self.pool[i] } else { 0 });
        if odds.iter().all(|&n| n == 0) {
            // Counts can run out when the view's army is only a maximum (a free army).
            return core::array::from_fn(|i| fits(Rank::ALL[i]) as u8);
        }
        odds
    }
}
