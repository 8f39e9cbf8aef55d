//! Why a [`VecEnv`](crate::VecEnv) call was refused. Every refusal leaves every env as it was.

use crate::ActionError;

/// A refused [`VecEnv`](crate::VecEnv) call; no env changed.
///
/// ```
/// use stratego_core::{Edition, Rules, VecEnv, VecEnvError};
/// let err = VecEnv::new(Rules::edition(Edition::Isf), 0, 7).unwrap_err();
/// assert_eq!(err, VecEnvError::NoEnvs);
/// assert_eq!(err.to_string(), "a VecEnv needs at least one env");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VecEnvError {
    /// `n` was 0.
    #[error("a VecEnv needs at least one env")]
    NoEnvs,
    /// The ply cap was 0.
    #[error("max_plies must be at least 1")]
    ZeroPlyCap,
    /// The thread count was 0.
    #[error("threads must be at least 1")]
    ZeroThreads,
    /// Against an opponent, a saved env's game has the opponent to move (the learner must be).
    #[error("env {env}: the opponent is to move, but a VecEnv against an opponent waits for its learner")]
    OpponentToMove {
        /// The env's index.
        env: usize,
    },
    /// The rules gave no playable start from random setups.
    #[error("no playable game from random setups under these rules after {attempts} attempts")]
    Unplayable {
        /// How many setup pairs were tried.
        attempts: u32,
    },
    /// A saved env's board is of other rules than the VecEnv's.
    #[error("env {env}: its board is of other rules than the VecEnv's")]
    OtherRules {
        /// The env's index.
        env: usize,
    },
    /// `step` got a number of actions other than the number of envs.
    #[error("expected {expected} actions (one per env), got {found}")]
    ActionCount {
        /// The number of envs.
        expected: usize,
        /// The number of actions given.
        found: usize,
    },
    /// An env's action cannot be played now; nothing was played in any env.
    #[error("env {env}: {error}")]
    InvalidAction {
        /// The env's index.
        env: usize,
        /// Why its action was refused.
        error: ActionError,
    },
    /// An output buffer has the wrong length.
    #[error("{buffer} buffer has {found} elements, expected {expected}")]
    BufferLength {
        /// Which buffer (`"observations"`, `"masks"`, `"to_move"`, `"rewards"`, ...).
        buffer: &'static str,
        /// The length `n` envs need.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// An output buffer is of another kind than the VecEnv was built to write.
    #[error("{buffer} buffer holds {found}, but this VecEnv writes {expected}")]
    BufferKind {
        /// Which buffer (`"observations"` or `"masks"`).
        buffer: &'static str,
        /// The kind the VecEnv writes.
        expected: &'static str,
        /// The kind given.
        found: &'static str,
    },
}
