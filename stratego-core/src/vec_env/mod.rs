//! [`VecEnv`]: many self-play games stepped in one call, for reinforcement learning.
//!
//! One semantics everywhere (Rust, C, Python):
//! - [`VecEnv::step`] takes one action id per env, for that env's player to move (ids in the
//!   mover's frame, see [`crate::encoding`]), and writes into the caller's slices
//!   ([`StepOutputs`]): the next mover's observation and mask, `to_move`, `rewards` `[n, 2]` for
//!   Red and Blue (+1 / -1 at a win, 0 otherwise and at a draw), `terminated` (flag captured, no
//!   legal move, both stuck), `truncated` (a ply cap: the VecEnv's [`VecEnvConfig::max_plies`]
//!   or a cap of the rules), and the episode length.
//! - Auto-reset in the same step: an env whose episode ends reports it in that step's outputs
//!   and already holds its next game, whose observation is the one written. The final
//!   position stays available through [`VecEnv::final_position`].
//! - Env `i`'s `k`-th game starts from setups drawn from the VecEnv seed, `i` and `k` alone, so
//!   a run is reproducible whatever the batch size: env 3 of a batch of 64 plays the games env 3
//!   of a batch of 4 plays, given the same actions.
//! - All actions are checked before any is played: an illegal one is an error naming the env
//!   index ([`VecEnvError::InvalidAction`]), and no env changes. A wrong buffer is refused the
//!   same way.
//! - Observation and mask kinds are chosen at construction ([`VecEnvConfig`]).
//!
//! Stepping is plain sequential code with no threads and no allocation (outside the rare new
//! game), so a caller may release a lock around it (Python releases the GIL).
//!
//! ```
//! use stratego_core::{Edition, MaskKind, ObservationKind, Rules, VecEnv, VecEnvConfig};
//! let config = VecEnvConfig::default().with_observation(ObservationKind::BoardCodes).with_mask(MaskKind::Bits);
//! let mut env = VecEnv::with_config(Rules::edition(Edition::Isf), 8, 42, config)?;
//! let mut buffers = env.buffers();
//! env.reset(&mut buffers.outputs())?;
//! for step in 0..100 {
//!     // A policy would read buffers.bytes (8 x 100) and buffers.mask_bits (8 x 157) here.
//!     let actions = env.random_actions(step);
//!     env.step(&actions, &mut buffers.outputs())?;
//! }
//! // Every env played 100 plies, over its finished episodes and its current game:
//! assert!((0..8).all(|i| env.stats(i).unwrap().plies + env.board(i).unwrap().ply() as u64 == 100));
//! # Ok::<(), stratego_core::VecEnvError>(())
//! ```

mod config;
mod error;
mod outputs;
mod state;
mod stats;

pub use config::{MaskKind, ObservationKind, VecEnvConfig};
pub use error::VecEnvError;
pub use outputs::{MaskBuffer, ObservationBuffer, StepBuffers, StepOutputs};
pub use state::EnvState;
pub use stats::{EpisodeEnd, EpisodeStats};

use crate::rng::SplitMix64;
use crate::{Board, Game, Move, Player, Rules, Setup, Termination};

/// How many setup pairs a new game may try before the rules count as unplayable (odd rules can
/// start with no legal move).
const SETUP_ATTEMPTS: u32 = 64;

/// `n` self-play games of one rule set, stepped together. See the [module docs](self).
#[derive(Clone, Debug)]
pub struct VecEnv {
    rules: Rules,
    seed: u64,
    config: VecEnvConfig,
    envs: Vec<Slot>,
    /// The checked moves of the step in progress (kept to stay off the heap).
    moves: Vec<Move>,
}

/// One env: its game, where it is in its sequence of episodes, and what it has seen.
#[derive(Clone, Debug)]
struct Slot {
    board: Board,
    episode: u64,
    plies: u32,
    stats: EpisodeStats,
    last_end: Option<EpisodeEnd>,
}

/// The seed of env `env`'s `episode`-th game (attempt `attempt`), from the VecEnv seed only.
fn episode_seed(seed: u64, env: usize, episode: u64, attempt: u32) -> u64 {
    let mix = |a: u64, b: u64| SplitMix64::new(a ^ SplitMix64::new(b).next_u64()).next_u64();
    mix(mix(mix(seed, env as u64), episode), attempt as u64)
}

/// The start of env `env`'s `episode`-th game: the first of its seeded setup pairs that makes a
/// game that goes on.
fn episode_board(rules: &Rules, seed: u64, env: usize, episode: u64) -> Result<Board, VecEnvError> {
    for attempt in 0..SETUP_ATTEMPTS {
        let s = episode_seed(seed, env, episode, attempt);
        // A pair drawn together: with free placement the two armies must not share a square.
        let (red, blue) = Setup::random_pair(rules, s);
        if let Ok(game) = Game::new(rules.clone(), red, blue) {
            if !game.is_over() {
                return Ok(game.board().clone());
            }
        }
    }
    Err(VecEnvError::Unplayable { attempts: SETUP_ATTEMPTS })
}

impl Slot {
    fn new(rules: &Rules, seed: u64, env: usize, episode: u64) -> Result<Slot, VecEnvError> {
        Ok(Slot {
            board: episode_board(rules, seed, env, episode)?,
            episode,
            plies: 0,
            stats: EpisodeStats::default(),
            last_end: None,
        })
    }

    /// Move on to the next episode. A rule set that gave a first game gives the next ones; if
    /// one ever did not, the env keeps its finished game (every action is then refused as game
    /// over) rather than fail the whole step.
    fn next_episode(&mut self, rules: &Rules, seed: u64, env: usize) {
        let episode = self.episode + 1;
        if let Ok(board) = episode_board(rules, seed, env, episode) {
            self.board = board;
            self.episode = episode;
            self.plies = 0;
        }
    }
}

impl VecEnv {
    /// `n` envs of `rules` with the default [`VecEnvConfig`] (float planes, byte masks, a cap of
    /// [`VecEnvConfig::DEFAULT_MAX_PLIES`] plies), seeded by `seed`. Every env holds the first
    /// game of its sequence.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let env = VecEnv::new(Rules::edition(Edition::Isf), 16, 0)?;
    /// assert_eq!(env.len(), 16);
    /// assert_eq!(env.board(3).unwrap().ply(), 0);
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn new(rules: Rules, n: usize, seed: u64) -> Result<VecEnv, VecEnvError> {
        VecEnv::with_config(rules, n, seed, VecEnvConfig::default())
    }

    /// `n` envs of `rules` writing what `config` says, seeded by `seed`.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv, VecEnvConfig, VecEnvError};
    /// let rules = Rules::edition(Edition::Classic);
    /// let config = VecEnvConfig::default().with_max_plies(0);
    /// assert_eq!(VecEnv::with_config(rules, 4, 0, config).unwrap_err(), VecEnvError::ZeroPlyCap);
    /// ```
    pub fn with_config(rules: Rules, n: usize, seed: u64, config: VecEnvConfig) -> Result<VecEnv, VecEnvError> {
        if n == 0 {
            return Err(VecEnvError::NoEnvs);
        }
        if config.max_plies == 0 {
            return Err(VecEnvError::ZeroPlyCap);
        }
        let envs = (0..n).map(|i| Slot::new(&rules, seed, i, 0)).collect::<Result<Vec<_>, _>>()?;
        Ok(VecEnv { rules, seed, config, envs, moves: Vec::with_capacity(n) })
    }

    /// The number of envs.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// assert_eq!(VecEnv::new(Rules::edition(Edition::Duel), 3, 0)?.len(), 3);
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    #[allow(clippy::len_without_is_empty)] // never empty: construction refuses n = 0
    pub fn len(&self) -> usize {
        self.envs.len()
    }

    /// The rules every env plays.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let env = VecEnv::new(Rules::edition(Edition::Duel), 1, 0)?;
    /// assert_eq!(env.rules().num_squares(), 100);
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seed every env's games are drawn from.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// assert_eq!(VecEnv::new(Rules::edition(Edition::Isf), 1, 99)?.seed(), 99);
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// What the VecEnv writes and when it truncates.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv, VecEnvConfig};
    /// assert_eq!(*VecEnv::new(Rules::edition(Edition::Isf), 1, 0)?.config(), VecEnvConfig::default());
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn config(&self) -> &VecEnvConfig {
        &self.config
    }

    /// Output buffers shaped for this VecEnv, to lend to every step with
    /// [`StepBuffers::outputs`].
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let env = VecEnv::new(Rules::edition(Edition::Isf), 2, 0)?;
    /// assert_eq!(env.buffers().planes.len(), 2 * 32 * 100);
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn buffers(&self) -> StepBuffers {
        StepBuffers::new(&self.rules, &self.config, self.envs.len())
    }

    /// Env `env`'s current position (full information: the env's state, not an observation),
    /// or `None` past the last env.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let env = VecEnv::new(Rules::edition(Edition::Isf), 2, 0)?;
    /// assert!(env.board(1).is_some() && env.board(2).is_none());
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn board(&self, env: usize) -> Option<&Board> {
        self.envs.get(env).map(|s| &s.board)
    }

    /// Which of its episodes env `env` is playing (0 for its first), or `None` past the last env.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// assert_eq!(VecEnv::new(Rules::edition(Edition::Isf), 2, 0)?.episode(0), Some(0));
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn episode(&self, env: usize) -> Option<u64> {
        self.envs.get(env).map(|s| s.episode)
    }

    /// How env `env`'s last finished episode ended, with its final position; `None` before one
    /// ends (or past the last env).
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// assert!(VecEnv::new(Rules::edition(Edition::Isf), 1, 0)?.final_position(0).is_none());
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn final_position(&self, env: usize) -> Option<&EpisodeEnd> {
        self.envs.get(env).and_then(|s| s.last_end.as_ref())
    }

    /// Env `env`'s statistics over its finished episodes, or `None` past the last env.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// assert_eq!(VecEnv::new(Rules::edition(Edition::Isf), 1, 0)?.stats(0).unwrap().episodes, 0);
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn stats(&self, env: usize) -> Option<&EpisodeStats> {
        self.envs.get(env).map(|s| &s.stats)
    }

    /// The statistics of all envs together.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// assert_eq!(VecEnv::new(Rules::edition(Edition::Isf), 4, 0)?.total_stats().episodes, 0);
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn total_stats(&self) -> EpisodeStats {
        let mut total = EpisodeStats::default();
        for s in &self.envs {
            total.merge(&s.stats);
        }
        total
    }

    /// A uniformly random legal action for each env's mover, a pure function of `seed` and the
    /// positions (for baselines, tests and benchmarks). Written into `out` (one per env).
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let env = VecEnv::new(Rules::edition(Edition::Isf), 3, 0)?;
    /// let mut actions = [0; 3];
    /// env.random_actions_into(5, &mut actions);
    /// assert!(actions.iter().enumerate().all(|(i, &a)| env.board(i).unwrap().check_action(a).is_ok()));
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn random_actions_into(&self, seed: u64, out: &mut [usize]) {
        let mut rng = SplitMix64::new(seed);
        for (slot, a) in self.envs.iter().zip(out.iter_mut()) {
            let board = &slot.board;
            *a =
                board.random_move(rng.next_u64()).and_then(|mv| self.rules.action_id(board.to_move(), mv)).unwrap_or(0);
        }
    }

    /// The random actions of [`VecEnv::random_actions_into`] as a new vector.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let env = VecEnv::new(Rules::edition(Edition::Isf), 3, 0)?;
    /// assert_eq!(env.random_actions(1), env.random_actions(1));
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn random_actions(&self, seed: u64) -> Vec<usize> {
        let mut out = vec![0; self.envs.len()];
        self.random_actions_into(seed, &mut out);
        out
    }

    /// Env `env`'s whole state (see [`EnvState`]), or `None` past the last env.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let env = VecEnv::new(Rules::edition(Edition::Isf), 2, 0)?;
    /// assert_eq!(env.env_state(0).unwrap().plies, 0);
    /// assert!(env.env_state(2).is_none());
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn env_state(&self, env: usize) -> Option<EnvState> {
        self.envs.get(env).map(|s| EnvState {
            board: s.board.clone(),
            episode: s.episode,
            plies: s.plies,
            stats: s.stats,
            last_end: s.last_end.clone(),
        })
    }

    /// A VecEnv holding `states` (one per env, as [`VecEnv::env_state`] gave them), which then
    /// goes on exactly as the one they were taken from: the same games, the same next episodes.
    /// Refused when `states` is empty, the ply cap is 0, or a board is of other rules.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let rules = Rules::edition(Edition::Isf);
    /// let mut a = VecEnv::new(rules.clone(), 3, 5)?;
    /// let mut out = a.buffers();
    /// a.reset(&mut out.outputs())?;
    /// a.step(&a.random_actions(1), &mut out.outputs())?;
    /// let states = (0..3).map(|i| a.env_state(i).unwrap()).collect();
    /// let mut b = VecEnv::from_env_states(rules, a.seed(), *a.config(), states)?;
    /// let actions = a.random_actions(2);
    /// a.step(&actions, &mut out.outputs())?;
    /// b.step(&actions, &mut b.buffers().outputs())?;
    /// assert!((0..3).all(|i| a.env_state(i) == b.env_state(i)));
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn from_env_states(
        rules: Rules,
        seed: u64,
        config: VecEnvConfig,
        states: Vec<EnvState>,
    ) -> Result<VecEnv, VecEnvError> {
        if states.is_empty() {
            return Err(VecEnvError::NoEnvs);
        }
        if config.max_plies == 0 {
            return Err(VecEnvError::ZeroPlyCap);
        }
        if let Some(env) = states.iter().position(|s| s.board.rules() != &rules) {
            return Err(VecEnvError::OtherRules { env });
        }
        let n = states.len();
        let envs = states
            .into_iter()
            .map(|s| Slot { board: s.board, episode: s.episode, plies: s.plies, stats: s.stats, last_end: s.last_end })
            .collect();
        Ok(VecEnv { rules, seed, config, envs, moves: Vec::with_capacity(n) })
    }

    /// Start over with a new seed: every env's statistics and episode count go back to zero and
    /// it holds the first game of its new sequence. Call [`VecEnv::reset`] to write the outputs.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let mut a = VecEnv::new(Rules::edition(Edition::Isf), 2, 1)?;
    /// a.reseed(7)?;
    /// let b = VecEnv::new(Rules::edition(Edition::Isf), 2, 7)?;
    /// assert_eq!(a.board(1), b.board(1));
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn reseed(&mut self, seed: u64) -> Result<(), VecEnvError> {
        let envs = (0..self.envs.len()).map(|i| Slot::new(&self.rules, seed, i, 0)).collect::<Result<Vec<_>, _>>()?;
        self.envs = envs;
        self.seed = seed;
        Ok(())
    }

    /// Give every env a fresh game and write the outputs: an env that has played a ply since its
    /// game began moves on to its next episode (the abandoned one is not counted in the
    /// statistics); a fresh env keeps its game. Rewards are 0, flags false, lengths 0.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let mut env = VecEnv::new(Rules::edition(Edition::Isf), 2, 0)?;
    /// let mut buffers = env.buffers();
    /// env.reset(&mut buffers.outputs())?;
    /// assert_eq!(env.episode(0), Some(0)); // it was fresh
    /// env.step(&env.random_actions(0), &mut buffers.outputs())?;
    /// env.reset(&mut buffers.outputs())?;
    /// assert_eq!(env.episode(0), Some(1));
    /// assert_eq!(buffers.episode_lengths, [0, 0]);
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn reset(&mut self, out: &mut StepOutputs<'_>) -> Result<(), VecEnvError> {
        out.check(&self.rules, &self.config, self.envs.len())?;
        let (rules, seed) = (&self.rules, self.seed);
        for (i, slot) in self.envs.iter_mut().enumerate() {
            if slot.plies > 0 {
                slot.next_episode(rules, seed, i);
            }
            write(rules, &self.config, &slot.board, i, out);
            out.rewards[2 * i] = 0.0;
            out.rewards[2 * i + 1] = 0.0;
            out.terminated[i] = false;
            out.truncated[i] = false;
            out.episode_lengths[i] = slot.plies;
        }
        Ok(())
    }

    /// Play `actions[i]` in env `i` for every env, then write the outputs (see the
    /// [module docs](self)). Every action and buffer is checked first: on an error nothing is
    /// played and no output written.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv, VecEnvError};
    /// let mut env = VecEnv::new(Rules::edition(Edition::Isf), 3, 0)?;
    /// let mut buffers = env.buffers();
    /// env.reset(&mut buffers.outputs())?;
    /// let mut actions = env.random_actions(9);
    /// actions[2] = 0; // a1-a1: no move
    /// match env.step(&actions, &mut buffers.outputs()) {
    ///     Err(VecEnvError::InvalidAction { env: 2, .. }) => {}
    ///     other => panic!("{other:?}"),
    /// }
    /// assert!((0..3).all(|i| env.board(i).unwrap().ply() == 0)); // nothing was played
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn step(&mut self, actions: &[usize], out: &mut StepOutputs<'_>) -> Result<(), VecEnvError> {
        let n = self.envs.len();
        if actions.len() != n {
            return Err(VecEnvError::ActionCount { expected: n, found: actions.len() });
        }
        out.check(&self.rules, &self.config, n)?;
        self.moves.clear();
        for (env, (slot, &id)) in self.envs.iter().zip(actions).enumerate() {
            let mv = slot.board.check_action(id).map_err(|error| VecEnvError::InvalidAction { env, error })?;
            self.moves.push(mv);
        }
        let (rules, config, seed) = (&self.rules, &self.config, self.seed);
        for (i, (slot, &mv)) in self.envs.iter_mut().zip(&self.moves).enumerate() {
            let report = slot.board.play_unchecked(mv);
            slot.plies += 1;
            let (mut red, mut blue) = (0.0, 0.0);
            let (mut terminated, mut truncated) = (false, false);
            match report.outcome {
                Some(o) if matches!(o.termination, Termination::PlyCap | Termination::NoBattleCap) => truncated = true,
                Some(o) => {
                    terminated = true;
                    match o.winner {
                        Some(Player::Red) => (red, blue) = (1.0, -1.0),
                        Some(Player::Blue) => (red, blue) = (-1.0, 1.0),
                        None => {}
                    }
                }
                None => truncated = slot.plies >= config.max_plies,
            }
            out.episode_lengths[i] = slot.plies;
            if terminated || truncated {
                let end = EpisodeEnd {
                    episode: slot.episode,
                    length: slot.plies,
                    outcome: report.outcome,
                    truncated,
                    board: slot.board.clone(),
                };
                slot.stats.record(&end);
                slot.last_end = Some(end);
                slot.next_episode(rules, seed, i);
            }
            out.rewards[2 * i] = red;
            out.rewards[2 * i + 1] = blue;
            out.terminated[i] = terminated;
            out.truncated[i] = truncated;
            write(rules, config, &slot.board, i, out);
        }
        Ok(())
    }
}

/// Write env `i`'s observation, mask and mover. The buffers were checked: the encoders' own
/// length checks cannot fail.
#[inline]
fn write(rules: &Rules, config: &VecEnvConfig, board: &Board, i: usize, out: &mut StepOutputs<'_>) {
    let mover = board.to_move();
    out.to_move[i] = mover.index() as u8;
    let obs = config.observation.len(rules);
    let _ = match &mut out.observations {
        ObservationBuffer::Planes(b) => board.observation_into(mover, &mut b[i * obs..][..obs]),
        ObservationBuffer::CompactPlanes(b) => board.observation_into(mover, &mut b[i * obs..][..obs]),
        ObservationBuffer::BoardCodes(b) => board.board_codes_into(mover, &mut b[i * obs..][..obs]),
    };
    let mask = config.mask.len(rules);
    let _ = match &mut out.masks {
        MaskBuffer::Bytes(b) => board.legal_action_mask_into(&mut b[i * mask..][..mask]),
        MaskBuffer::Bits(b) => board.legal_action_bits_into(&mut b[i * mask..][..mask]),
    };
}
