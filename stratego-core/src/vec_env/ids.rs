//! The bound on legal moves that sizes the padded legal-id rows ([`MaskKind::Ids`]).
//!
//! [`MaskKind::Ids`]: super::MaskKind::Ids

use crate::bitboard::has;
use crate::{Battle, Movement, Rank, Reach, Rules};

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Rules {
    /// An upper bound on the number of legal moves in any position of these rules: the width
    /// of a padded legal-id row ([`MaskKind::Ids`](crate::MaskKind::Ids)). 244 under ISF and
    /// Classic, 441 under Ultimate Lightning (its rescue decisions).
    ///
    /// How it is derived, from the rules alone:
    /// - A legal move is a pair (piece, target square), so a piece has at most as many moves
    ///   as squares its movement reaches from its best square of the board with no other piece
    ///   on it (lakes block slides and are never targets): 4 for a one-square step, 18 for a
    ///   Scout on a 10 x 10 board (9 along its row, 9 along its column), 12 for a two-square
    ///   piece. The bound for moves is the sum, over the ranks, of the army's count of the rank
    ///   (the most a player may field, with a free army; rescues only bring back captured
    ///   pieces, so the count holds) times that reach: ISF's 8 Scouts give 144, its 25 other
    ///   movable pieces 100.
    /// - Under rules with rescues, a pending rescue offers each captured rank on each empty
    ///   square of the rescue zone, and the decline: at most (ranks that can be captured
    ///   without ending the game) x (squares of the rescue zone) + 1. A Flag counts only when a
    ///   battle against it can remove it without winning the game.
    ///
    /// The bound is the larger of the two. It is not tight (pieces block one another), and a
    /// test over random games and built worst cases checks that no position exceeds it.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules};
    /// assert_eq!(Rules::edition(Edition::Isf).max_legal_actions(), 8 * 18 + 25 * 4);
    /// assert_eq!(Rules::edition(Edition::UltimateLightning).max_legal_actions(), 11 * 40 + 1);
    /// ```
    pub fn max_legal_actions(&self) -> usize {
        let moves: usize = Rank::ALL
            .into_iter()
            .map(|rank| usize::from(self.army_count(rank)) * max_reach(self, self.movement(rank)))
            .sum();
        moves.max(max_decisions(self))
    }
}

/// The most squares `movement` reaches from any square of an otherwise empty board.
fn max_reach(rules: &Rules, movement: Movement) -> usize {
    if !movement.is_mobile() {
        return 0;
    }
    let (w, h) = (i32::from(rules.width()), i32::from(rules.height()));
    let lakes = rules.derived().lakes;
    let open = |c: i32, r: i32| c >= 0 && r >= 0 && c < w && r < h && !has(lakes, (r * w + c) as usize);
    let mut best = 0;
    for row in 0..h {
        for col in 0..w {
            if !open(col, row) {
                continue;
            }
            let mut reached = [false; crate::MAX_SQUARES];
            for (reach, dirs) in [(movement.orthogonal, ORTHOGONAL), (movement.diagonal, DIAGONAL)] {
                for (dc, dr) in dirs {
                    let (mut c, mut r) = (col + dc, row + dr);
                    match reach {
                        Reach::None => {}
                        Reach::Step => {
                            if open(c, r) {
                                reached[(r * w + c) as usize] = true;
                            }
                        }
                        Reach::Slide => {
                            while open(c, r) {
                                reached[(r * w + c) as usize] = true;
                                (c, r) = (c + dc, r + dr);
                            }
                        }
                        Reach::TwoSteps => {
                            if open(c, r) {
                                reached[(r * w + c) as usize] = true;
                                // The second square: straight on or turned, never back.
                                for (ec, er) in dirs {
                                    let (c2, r2) = (c + ec, r + er);
                                    if (c2, r2) != (col, row) && open(c2, r2) {
                                        reached[(r2 * w + c2) as usize] = true;
                                    }
                                }
                            }
                        }
                    }
                }
            }
            best = best.max(reached.iter().filter(|&&x| x).count());
        }
    }
    best
}

/// The most rescue decisions a position can offer (0 without rescues).
fn max_decisions(rules: &Rules) -> usize {
    if rules.rescues() == 0 {
        return 0;
    }
    // Taking the Flag by winning the battle ends the game; only a battle that removes both
    // pieces leaves a captured Flag behind.
    let flag_lost_quietly = Rank::ALL.into_iter().any(|a| {
        rules.movement(a).is_mobile() && rules.army_count(a) > 0 && rules.battle(a, Rank::Flag) == Battle::BothDie
    });
    let ranks =
        Rank::ALL.into_iter().filter(|&r| rules.army_count(r) > 0 && (r != Rank::Flag || flag_lost_quietly)).count();
    let zone = rules.derived().rescue_zone.iter().map(|z| z.count_ones() as usize).max().unwrap_or(0);
    ranks * zone + 1
}
