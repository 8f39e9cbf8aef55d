//! What each side of a sampled world knows when it weighs a capture: the playouts' fair play.

use super::{piece_value, Belief};
use crate::{Battle, Board, Move, PlayerView, Rank, Rules};

/// What the playouts count the Flag as when a side attacks a piece that might be it: the
/// heuristic's price of that chance, so that the modelled opponent probes as the heuristic does.
const FLAG_CHANCE: i32 = 300;

/// For each side, the expected material of attacking an enemy piece it has not seen, by the
/// attacker's rank and whether the target has moved: the searcher's odds come from its belief,
/// the enemy's from the searcher's own pieces it has not seen (which the searcher knows). A
/// sampled world gives every piece a rank, but neither side may use the ranks the other has
/// not shown: the searcher's side must not attack exactly the pieces that are weak in that
/// world, nor the enemy's side peek at the searcher's pieces.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sight {
    /// `[attacker's side][attacker's rank][target moved]`.
    unseen: [[[i32; 2]; Rank::COUNT]; 2],
}

impl Sight {
    /// The expectations of `view`'s player and of its enemy, once per decision.
    pub(crate) fn new(view: &PlayerView) -> Sight {
        let rules = view.rules();
        let me = view.player();
        let belief = Belief::new(view);
        let mine: [u8; Rank::COUNT] = core::array::from_fn(|r| belief.unaccounted(Rank::ALL[r]));
        let mut theirs = [0u8; Rank::COUNT];
        for (_, p) in view.pieces().filter(|(_, p)| !p.revealed) {
            theirs[p.rank.index()] += 1;
        }
        let mut unseen = [[[0; 2]; Rank::COUNT]; 2];
        for (side, pool) in [(me, mine), (me.opponent(), theirs)] {
            for a in Rank::ALL {
                for moved in [false, true] {
                    unseen[side.index()][a.index()][moved as usize] = expected(rules, a, &pool, moved);
                }
            }
        }
        Sight { unseen }
    }

    /// Of `moves` on `board`, the capture its side to move would make knowing only what it
    /// may know: the best exact gain on a piece it has seen, the best expected gain on one it
    /// has not; `None` when no capture gains.
    pub(crate) fn capture(&self, board: &Board, moves: &[Move]) -> Option<Move> {
        let side = board.to_move().index();
        let mut best: Option<(i32, Move)> = None;
        for &mv in moves {
            let (Some(a), Some(d)) = (board.piece_at(mv.from), board.piece_at(mv.to)) else { continue };
            let gain = if d.revealed {
                match board.rules().battle(a.rank, d.rank) {
                    Battle::AttackerWins => piece_value(d.rank),
                    Battle::BothDie => piece_value(d.rank) - piece_value(a.rank),
                    Battle::DefenderWins => continue,
                }
            } else {
                let g = self.unseen[side][a.rank.index()][d.moved as usize];
                if g <= 0 {
                    continue;
                }
                g
            };
            if gain >= 0 && best.is_none_or(|(g, _)| gain > g) {
                best = Some((gain, mv));
            }
        }
        best.map(|(_, mv)| mv)
    }
}

/// The expected material of `a` attacking a piece drawn from `pool` (a moved piece is no Bomb
/// or Flag).
fn expected(rules: &Rules, a: Rank, pool: &[u8; Rank::COUNT], moved: bool) -> i32 {
    let mut total = 0i32;
    let mut sum = 0i32;
    for r in Rank::ALL {
        let n = pool[r.index()] as i32;
        if n == 0 || (moved && !rules.movement(r).is_mobile()) {
            continue;
        }
        let theirs = if r == Rank::Flag { FLAG_CHANCE } else { piece_value(r) };
        let outcome = match rules.battle(a, r) {
            Battle::AttackerWins => theirs,
            Battle::DefenderWins => -piece_value(a),
            Battle::BothDie => theirs - piece_value(a),
        };
        total += n;
        sum += n * outcome;
    }
    if total == 0 {
        0
    } else {
        sum / total
    }
}
