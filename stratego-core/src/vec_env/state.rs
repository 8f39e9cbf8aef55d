//! One env's whole state, to save a [`VecEnv`](crate::VecEnv) and build it again (Python's
//! pickling uses it, with each board as its lossless position text).

use super::stats::{EpisodeEnd, EpisodeStats};
use crate::Board;

/// Everything one env of a [`VecEnv`](crate::VecEnv) holds: its game, where it is in its
/// sequence of episodes, its statistics and its last finished episode. Taken with
/// [`VecEnv::env_state`](crate::VecEnv::env_state), given back to
/// [`VecEnv::from_env_states`](crate::VecEnv::from_env_states).
///
/// ```
/// use stratego_core::{Edition, Rules, VecEnv};
/// let mut env = VecEnv::new(Rules::edition(Edition::Isf), 2, 3)?;
/// let mut out = env.buffers();
/// env.reset(&mut out.outputs())?;
/// env.step(&env.random_actions(0), &mut out.outputs())?;
/// let state = env.env_state(1).unwrap();
/// assert_eq!((state.episode, state.plies), (0, 1));
/// assert_eq!(&state.board, env.board(1).unwrap());
/// # Ok::<(), stratego_core::VecEnvError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnvState {
    /// The current game's position.
    pub board: Board,
    /// Which of the env's episodes it is (0 for its first).
    pub episode: u64,
    /// Plies played in it.
    pub plies: u32,
    /// Of those, the plies an opponent played before the learner's first move (0 in
    /// self-play): a reset moves on only from a game the learner has played in.
    pub opening: u32,
    /// Counts over the env's finished episodes.
    pub stats: EpisodeStats,
    /// How its last finished episode ended, if one has.
    pub last_end: Option<EpisodeEnd>,
}
