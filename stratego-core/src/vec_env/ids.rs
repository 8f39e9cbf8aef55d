//! The bound on legal moves that sizes the padded legal-id rows ([`MaskKind::Ids`]).
//!
//! [`MaskKind::Ids`]: super::MaskKind::Ids

use crate::rules::bitboard::has;
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

/// Rows of up to this many legal ids sample with one weight computation per id.
const CUMULATIVE: usize = 256;

/// Draw one action per row of padded legal ids (`ids`: rows of `width` entries, each the legal
/// ids ascending then -1, as [`MaskKind::Ids`](crate::MaskKind::Ids) writes them) into `out`
/// (one per row), a pure function of `seed` and the rows: row `r` uses the `r`-th draw of
/// `seed`'s sequence, so a row's action does not depend on how many rows follow it.
///
/// `logits` picks the law: empty, uniform among the row's legal ids; `rows * width` values,
/// one per entry of `ids` (the softmax over the row's legal entries); or `rows * k` values for
/// some other `k`, one per action id (`logits[r * k + id]`, so `k` must exceed every id). A
/// row whose logits give no finite positive weight falls back to uniform; a row with no legal
/// id gets 0 (which a step then refuses, naming the env).
///
/// ```
/// use stratego_core::vec_env::sample_legal_ids;
/// let ids = [3, 7, -1, 5, -1, -1];
/// let mut out = [0; 2];
/// sample_legal_ids(&ids, 3, &[], 9, &mut out)?;
/// assert!([3, 7].contains(&out[0]) && out[1] == 5);
/// // Logits per entry: 7's weight is e^40 times 3's.
/// sample_legal_ids(&ids, 3, &[0.0, 40.0, 99.0, 0.0, 0.0, 0.0], 9, &mut out)?;
/// assert_eq!(out, [7, 5]);
/// # Ok::<(), stratego_core::VecEnvError>(())
/// ```
pub fn sample_legal_ids(
    ids: &[i32],
    width: usize,
    logits: &[f32],
    seed: u64,
    out: &mut [usize],
) -> Result<(), crate::VecEnvError> {
    use crate::VecEnvError::BufferLength;
    let rows = out.len();
    if ids.len() != rows * width {
        return Err(BufferLength { buffer: "legal ids", expected: rows * width, found: ids.len() });
    }
    if rows == 0 {
        return Ok(());
    }
    let per_action = !logits.is_empty() && logits.len() != ids.len();
    if !logits.is_empty() && logits.len() % rows != 0 {
        return Err(BufferLength { buffer: "logits", expected: rows * width, found: logits.len() });
    }
    let k = logits.len() / rows;
    if per_action {
        if let Some(&id) = ids.iter().filter(|&&id| id >= 0 && id as usize >= k).max() {
            return Err(BufferLength { buffer: "logits (one per action id)", expected: id as usize + 1, found: k });
        }
    }
    let mut rng = crate::rules::rng::SplitMix64::new(seed);
    for (r, a) in out.iter_mut().enumerate() {
        let row = &ids[r * width..][..width];
        let n = row.iter().take_while(|&&id| id >= 0).count();
        // 53 random bits as a float in [0, 1).
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if n == 0 {
            *a = 0;
            continue;
        }
        let logit = |j: usize| -> f64 {
            if per_action {
                f64::from(logits[r * k + row[j] as usize])
            } else {
                f64::from(logits[r * width + j])
            }
        };
        let mut pick = ((u * n as f64) as usize).min(n - 1);
        if !logits.is_empty() {
            let top = (0..n).map(logit).fold(f64::NEG_INFINITY, f64::max);
            // The running sums of the weights, kept on the stack for rows that fit (every
            // row of the editions), so each weight is computed once.
            let mut sums = [0f64; CUMULATIVE];
            let mut total = 0.0;
            for j in 0..n {
                total += (logit(j) - top).exp();
                if let Some(x) = sums.get_mut(j) {
                    *x = total;
                }
            }
            if total.is_finite() && total > 0.0 {
                let target = u * total;
                pick = if n <= CUMULATIVE {
                    sums[..n].iter().position(|&x| x > target).unwrap_or(n - 1)
                } else {
                    let mut acc = 0.0;
                    (0..n)
                        .position(|j| {
                            acc += (logit(j) - top).exp();
                            acc > target
                        })
                        .unwrap_or(n - 1)
                };
            }
        }
        *a = row[pick] as usize;
    }
    Ok(())
}
