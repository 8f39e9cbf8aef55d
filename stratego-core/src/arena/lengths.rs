//! Game lengths in plies: count, extremes, mean and median.

/// Summary of game lengths in plies.
///
/// ```
/// use stratego_core::arena::Lengths;
/// let l = Lengths::of(&[30, 10, 20, 40]);
/// assert_eq!((l.games, l.min, l.max), (4, 10, 40));
/// assert_eq!((l.mean, l.median), (25.0, 25.0));
/// assert_eq!(Lengths::of(&[]).games, 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Lengths {
    /// How many games.
    pub games: u32,
    /// The shortest (0 without games).
    pub min: u32,
    /// The longest (0 without games).
    pub max: u32,
    /// The mean (0 without games).
    pub mean: f64,
    /// The median: the middle length, or the mean of the two middle ones (0 without games).
    pub median: f64,
}

impl Lengths {
    /// The summary of `plies`, one length per game.
    pub fn of(plies: &[u32]) -> Lengths {
        if plies.is_empty() {
            return Lengths::default();
        }
        let mut sorted = plies.to_vec();
        sorted.sort_unstable();
        let n = sorted.len();
        let median =
            if n % 2 == 1 { sorted[n / 2] as f64 } else { (sorted[n / 2 - 1] as f64 + sorted[n / 2] as f64) / 2.0 };
        Lengths {
            games: n as u32,
            min: sorted[0],
            max: sorted[n - 1],
            mean: sorted.iter().map(|&p| p as f64).sum::<f64>() / n as f64,
            median,
        }
    }
}
