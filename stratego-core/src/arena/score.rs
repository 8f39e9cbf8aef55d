//! A match score with its confidence interval, and the Elo difference it implies.

use super::Lengths;
use crate::Termination;

/// Two-sided 95 % quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// One side's results over a match, seen from agent A: wins, draws, losses, the score (a win
/// counts 1, a draw ½) with its 95 % confidence interval, and the Elo difference with its
/// interval.
///
/// The interval is the normal approximation over games: score ± 1.96 · sd / √n, where sd is
/// the standard deviation of the per-game results (1, ½ or 0), clamped to [0, 1]. The arena's
/// paired games (same setups, colours swapped) make a pair's results pull against each other
/// when a setup favours one side, so counting games as independent gives an interval that is,
/// if anything, too wide. The Elo difference is `-400 · log10(1/score − 1)` (±∞ at a score of
/// 1 or 0), and its interval is the score interval's ends mapped the same way.
///
/// ```
/// use stratego_core::arena::Score;
/// let s = Score::from_counts(3, 1, 1); // W W W D L: score 0.7
/// assert!((s.score - 0.7).abs() < 1e-12);
/// assert!((s.elo - 147.19).abs() < 0.01);
/// assert!(s.ci.0 < 0.7 && s.ci.1 == 1.0);
/// assert_eq!(Score::from_counts(0, 0, 0).games, 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// Games counted.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// `(wins + draws / 2) / games`; ½ without games.
    pub score: f64,
    /// The score's 95 % confidence interval.
    pub ci: (f64, f64),
    /// The Elo difference the score implies.
    pub elo: f64,
    /// The Elo difference's 95 % confidence interval.
    pub elo_ci: (f64, f64),
}

/// The Elo difference of a score: `-400 · log10(1/score − 1)`.
fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl Score {
    /// The score of `wins`, `draws` and `losses`.
    pub fn from_counts(wins: u32, draws: u32, losses: u32) -> Score {
        let games = wins + draws + losses;
        if games == 0 {
            return Score {
                games,
                wins,
                draws,
                losses,
                score: 0.5,
                ci: (0.0, 1.0),
                elo: 0.0,
                elo_ci: (f64::NEG_INFINITY, f64::INFINITY),
            };
        }
        let n = games as f64;
        let score = (wins as f64 + draws as f64 / 2.0) / n;
        let mean_square = (wins as f64 + draws as f64 / 4.0) / n;
        let variance = (mean_square - score * score).max(0.0);
        let half = Z95 * (variance / n).sqrt();
        let ci = ((score - half).max(0.0), (score + half).min(1.0));
        Score { games, wins, draws, losses, score, ci, elo: elo_of(score), elo_ci: (elo_of(ci.0), elo_of(ci.1)) }
    }

    /// Whether the whole confidence interval lies above ½: A is better, at 95 %.
    pub fn significantly_better(&self) -> bool {
        self.ci.0 > 0.5
    }
}

/// The summary of a match, from agent A's side.
///
/// ```
/// use stratego_core::arena::Summary;
/// use stratego_core::Termination;
/// let s = Summary::of([(1.0, Termination::FlagCaptured, 40), (0.5, Termination::PlyCap, 100)]);
/// assert_eq!((s.score.wins, s.score.draws, s.score.losses), (1, 1, 0));
/// assert_eq!(s.terminations, vec![(Termination::FlagCaptured, 1), (Termination::PlyCap, 1)]);
/// assert_eq!(s.lengths.median, 70.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Wins, draws, losses, score and Elo, for A.
    pub score: Score,
    /// How many games ended each way, in the order of first appearance.
    pub terminations: Vec<(Termination, u32)>,
    /// Game lengths in plies.
    pub lengths: Lengths,
}

impl Summary {
    /// Summarise games given as (A's result: 1, ½ or 0; how it ended; plies).
    pub fn of(games: impl IntoIterator<Item = (f64, Termination, u32)>) -> Summary {
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        let mut terminations: Vec<(Termination, u32)> = Vec::new();
        let mut plies = Vec::new();
        for (result, termination, length) in games {
            if result > 0.75 {
                wins += 1;
            } else if result > 0.25 {
                draws += 1;
            } else {
                losses += 1;
            }
            match terminations.iter_mut().find(|(t, _)| *t == termination) {
                Some((_, n)) => *n += 1,
                None => terminations.push((termination, 1)),
            }
            plies.push(length);
        }
        Summary { score: Score::from_counts(wins, draws, losses), terminations, lengths: Lengths::of(&plies) }
    }
}
