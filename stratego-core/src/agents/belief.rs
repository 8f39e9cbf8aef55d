//! What a player may believe about the enemy's hidden ranks, from its view alone.

use super::geometry::neighbours;
use super::piece_value;
use crate::{EnemyPiece, PlayerView, Rank, Rules, Square};

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
    /// Enemy pieces whose rank the view does not show: those that never moved, and those
    /// that did.
    hidden_unmoved: u8,
    hidden_moved: u8,
}

impl Belief {
    /// The belief of `view`'s player.
    pub fn new(view: &PlayerView) -> Belief {
        let opp = view.player().opponent();
        let army = view.army(opp);
        let mut pool: [u8; Rank::COUNT] =
            core::array::from_fn(|r| army[r].saturating_sub(view.captured_count(opp, Rank::ALL[r])));
        let (mut hidden_unmoved, mut hidden_moved) = (0u8, 0u8);
        for (_, e) in view.enemy_pieces() {
            match e.rank {
                Some(r) => pool[r.index()] = pool[r.index()].saturating_sub(1),
                None if e.moved => hidden_moved += 1,
                None => hidden_unmoved += 1,
            }
        }
        Belief { pool, hidden_unmoved, hidden_moved }
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

    /// Relative odds of each rank (by [`Rank::index`]) for `piece` that also place the
    /// immobile ranks (Bombs, the Flag) where they must stand: among the hidden pieces that
    /// never moved. [`Belief::odds`] spreads them over every hidden piece that fits, so once
    /// many pieces have moved it prices an unmoved piece's chance of being a Bomb too low.
    ///
    /// For a hidden piece that never moved, with `u` such pieces, `m` hidden pieces that
    /// moved and `i` immobile pieces unaccounted for, an immobile rank with `n` pieces left
    /// has the chance `n / u` and a mobile one `n / (u + m - i) * (u - i) / u`. Counts that
    /// cannot hold (a free army's) fall back to [`Belief::odds`].
    ///
    /// ```
    /// use stratego_core::agents::{Agent, Belief, HeuristicAgent};
    /// use stratego_core::{Edition, Game, Player, Rank, Rules};
    /// let mut game = Game::random(Rules::edition(Edition::Isf), 3);
    /// let mut agents = [HeuristicAgent::new(1), HeuristicAgent::new(2)];
    /// while game.ply() < 80 {
    ///     let mover = game.to_move();
    ///     game.play(agents[mover.index()].choose(&game.view(mover)).unwrap())?;
    /// }
    /// let view = game.view(Player::Red);
    /// let belief = Belief::new(&view);
    /// let (_, unmoved) = view.enemy_pieces().find(|(_, e)| e.rank.is_none() && !e.moved).unwrap();
    /// let bomb_share = |odds: [u32; Rank::COUNT]| odds[Rank::Bomb.index()] as f64 / odds.iter().sum::<u32>() as f64;
    /// let spread = belief.odds(view.rules(), unmoved).map(u32::from);
    /// assert!(bomb_share(belief.placed_odds(view.rules(), unmoved)) > bomb_share(spread));
    /// # Ok::<(), stratego_core::IllegalMove>(())
    /// ```
    pub fn placed_odds(&self, rules: &Rules, piece: EnemyPiece) -> [u32; Rank::COUNT] {
        let spread = self.odds(rules, piece).map(u32::from);
        if piece.rank.is_some() || piece.moved {
            return spread;
        }
        let immobile = |i: usize| !rules.movement(Rank::ALL[i]).is_mobile();
        let (u, m) = (self.hidden_unmoved as u32, self.hidden_moved as u32);
        let i: u32 = (0..Rank::COUNT).filter(|&r| immobile(r)).map(|r| spread[r]).sum();
        if u < i || u + m <= i {
            return spread;
        }
        core::array::from_fn(|r| spread[r] * if immobile(r) { u + m - i } else { u - i })
    }
}

/// The enemy's hidden pieces that moved and stand next to a piece of the viewer's whose rank
/// the enemy has seen, each with the most valuable such rank, written to `out`. The enemy
/// knows that rank and its own, so a piece that walks up to it, or stays beside it, most
/// likely beats it: a weaker one would keep away.
pub(crate) fn bold_pieces(view: &PlayerView, out: &mut Vec<(Square, Rank)>) {
    out.clear();
    let me = view.player();
    for (sq, _) in view.enemy_pieces().filter(|(_, e)| e.rank.is_none() && e.moved) {
        let seen = neighbours(view, sq)
            .filter_map(|n| view.piece_at(n).filter(|p| p.owner == me && p.revealed).map(|p| p.rank))
            .max_by_key(|&r| piece_value(r));
        if let Some(rank) = seen {
            out.push((sq, rank));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::{Agent, HeuristicAgent};
    use crate::{Edition, Game, Player};

    /// Over the hidden pieces that never moved, the placed odds' chances of an immobile rank
    /// add up to the immobile pieces unaccounted for: they all stand there.
    #[test]
    fn placed_odds_put_every_immobile_piece_on_the_unmoved_ones() {
        for (edition, seed) in [(Edition::Isf, 1), (Edition::Isf, 2), (Edition::Barrage, 3)] {
            let mut game = Game::random(Rules::edition(edition), seed);
            let mut agents = [HeuristicAgent::new(seed), HeuristicAgent::new(seed + 1)];
            let mut checked = 0;
            while !game.is_over() && game.ply() < 300 {
                let view = game.view(Player::Red);
                let belief = Belief::new(&view);
                let rules = view.rules();
                let immobile = |r: &Rank| !rules.movement(*r).is_mobile();
                let left: u32 = Rank::ALL.iter().filter(|r| immobile(r)).map(|&r| belief.unaccounted(r) as u32).sum();
                let unmoved: Vec<EnemyPiece> =
                    view.enemy_pieces().map(|(_, e)| e).filter(|e| e.rank.is_none() && !e.moved).collect();
                if !unmoved.is_empty() {
                    let expected: f64 = unmoved
                        .iter()
                        .map(|&e| {
                            let odds = belief.placed_odds(rules, e);
                            let imm: u32 = Rank::ALL.iter().filter(|r| immobile(r)).map(|r| odds[r.index()]).sum();
                            imm as f64 / odds.iter().sum::<u32>() as f64
                        })
                        .sum();
                    assert!(
                        (expected - left as f64).abs() < 1e-9,
                        "{edition:?} ply {}: {expected} vs {left}",
                        game.ply()
                    );
                    checked += 1;
                }
                let mover = game.to_move();
                let mv = agents[mover.index()].choose(&game.view(mover)).expect("a move");
                game.play(mv).expect("legal");
            }
            assert!(checked > 10, "{edition:?}: only {checked} positions checked");
        }
    }
}
