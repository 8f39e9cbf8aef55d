//! Per-env episode statistics and the final position of the last finished episode.

use crate::{Board, Outcome, Player};

/// Counts over an env's finished episodes (episodes abandoned by a reset are not counted).
///
/// ```
/// use stratego_core::{Edition, Rules, VecEnv};
/// let mut env = VecEnv::new(Rules::edition(Edition::Barrage), 2, 3)?;
/// let mut buffers = env.buffers();
/// env.reset(&mut buffers.outputs())?;
/// for _ in 0..3000 {
///     let actions = env.random_actions(7);
///     env.step(&actions, &mut buffers.outputs())?;
/// }
/// let stats = env.total_stats();
/// assert!(stats.episodes > 0);
/// assert_eq!(stats.episodes, stats.red_wins + stats.blue_wins + stats.draws + stats.truncated);
/// assert!(stats.mean_length() > 0.0);
/// # Ok::<(), stratego_core::VecEnvError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EpisodeStats {
    /// Finished episodes.
    pub episodes: u64,
    /// Of those, won by Red (flag captured or Blue left without a legal move).
    pub red_wins: u64,
    /// Of those, won by Blue.
    pub blue_wins: u64,
    /// Of those, drawn by the rules with nobody able to move (terminated, no winner).
    pub draws: u64,
    /// Of those, truncated: the VecEnv's ply cap, or a cap of the rules.
    pub truncated: u64,
    /// Plies over all finished episodes.
    pub plies: u64,
    /// Plies of the last finished episode (0 before the first ends).
    pub last_length: u32,
}

impl EpisodeStats {
    /// The mean length of the finished episodes, in plies (0.0 before any).
    ///
    /// ```
    /// let stats = stratego_core::EpisodeStats { episodes: 4, plies: 1000, ..Default::default() };
    /// assert_eq!(stats.mean_length(), 250.0);
    /// ```
    pub fn mean_length(&self) -> f64 {
        if self.episodes == 0 {
            0.0
        } else {
            self.plies as f64 / self.episodes as f64
        }
    }

    /// Add `other`'s counts (the last length taken from `other` when it has finished episodes).
    ///
    /// ```
    /// use stratego_core::EpisodeStats;
    /// let mut a = EpisodeStats { episodes: 1, red_wins: 1, plies: 10, last_length: 10, ..Default::default() };
    /// a.merge(&EpisodeStats { episodes: 2, truncated: 2, plies: 40, last_length: 20, ..Default::default() });
    /// assert_eq!((a.episodes, a.red_wins, a.truncated, a.plies, a.last_length), (3, 1, 2, 50, 20));
    /// ```
    pub fn merge(&mut self, other: &EpisodeStats) {
        self.episodes += other.episodes;
        self.red_wins += other.red_wins;
        self.blue_wins += other.blue_wins;
        self.draws += other.draws;
        self.truncated += other.truncated;
        self.plies += other.plies;
        if other.episodes > 0 {
            self.last_length = other.last_length;
        }
    }

    pub(crate) fn record(&mut self, end: &EpisodeEnd) {
        self.episodes += 1;
        self.plies += end.length as u64;
        self.last_length = end.length;
        match (end.truncated, end.outcome.and_then(|o| o.winner)) {
            (true, _) => self.truncated += 1,
            (false, Some(Player::Red)) => self.red_wins += 1,
            (false, Some(Player::Blue)) => self.blue_wins += 1,
            (false, None) => self.draws += 1,
        }
    }
}

/// How an env's episode ended, with its final position (full information: the env's own state,
/// not an observation).
///
/// ```
/// use stratego_core::{Edition, Rules, Termination, VecEnv};
/// let mut env = VecEnv::new(Rules::edition(Edition::Barrage), 1, 5)?;
/// let mut buffers = env.buffers();
/// env.reset(&mut buffers.outputs())?;
/// while env.final_position(0).is_none() {
///     let actions = env.random_actions(1);
///     env.step(&actions, &mut buffers.outputs())?;
/// }
/// let end = env.final_position(0).unwrap();
/// assert_eq!(end.episode, 0);
/// assert_eq!(end.board.ply(), end.length);
/// // Truncated exactly when no rule ended the game, or a cap of the rules did:
/// let capped = end.outcome.map_or(true, |o| matches!(o.termination, Termination::PlyCap | Termination::NoBattleCap));
/// assert_eq!(end.truncated, capped);
/// # Ok::<(), stratego_core::VecEnvError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpisodeEnd {
    /// Which of the env's episodes (0 for its first).
    pub episode: u64,
    /// Plies played in it.
    pub length: u32,
    /// The rules' outcome, or `None` when the VecEnv's ply cap cut the game.
    pub outcome: Option<Outcome>,
    /// Whether the episode was truncated (a ply cap) rather than terminated.
    pub truncated: bool,
    /// The position it ended in.
    pub board: Board,
}
