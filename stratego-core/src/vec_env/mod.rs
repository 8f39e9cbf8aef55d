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
//! - Observation and mask kinds are chosen at construction ([`VecEnvConfig`]); the mask may
//!   also be the legal ids themselves, padded ([`MaskKind::Ids`]).
//! - Against an opponent ([`VecEnvConfig::with_opponent`]) each env has a learner, who plays
//!   the side [`VecEnvConfig::agent_color`] gives in each episode, and a built-in agent
//!   ([`crate::agents`]) on the other side: a step plays the learner's action, then the
//!   agent's replies until the learner is to move again (or the episode ends), so every
//!   observation is the learner's. When the learner is Blue, the agent's opening move is
//!   played as the episode starts. The agent's choices are drawn from the seed, the env, its
//!   episode count and the ply, so they too do not depend on the batch or the threads.
//! - With [`VecEnvConfig::threads`] `k > 1` a step splits the envs into contiguous chunks
//!   (eight per thread) that the calling thread and `k - 1` worker threads claim in turn; the
//!   VecEnv starts the workers at its first such step and keeps them parked between steps
//!   (waking one costs a tenth of starting one). A worker still asleep when the calling
//!   thread runs out of chunks is not waited for, so a late wake-up (the caller's program ran
//!   a while between steps and the worker's CPU slept) never makes a step slower than one
//!   thread. Results are the same as on one thread, since each env's step reads and writes
//!   only its own game and blocks.
//!
//! Stepping on one thread allocates nothing outside the rare new game (and the opponent
//! agents' own work); a threaded step also makes three short lists of its chunks (one entry
//! per chunk: the borrowed slices it hands out), against a step of hundreds of microseconds.
//! It keeps no global state, so a caller may release a lock around it (Python releases the
//! GIL).
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

mod ids;
mod pool;

pub use ids::sample_legal_ids;

pub use config::{AgentColor, MaskKind, ObservationKind, VecEnvConfig};
pub use error::VecEnvError;
pub use outputs::{MaskBuffer, ObservationBuffer, StepBuffers, StepOutputs};
pub use state::EnvState;
pub use stats::{EpisodeEnd, EpisodeStats};

use std::sync::atomic::{AtomicBool, Ordering};

use crate::agents::AgentKind;
use crate::rules::rng::SplitMix64;
use crate::{Board, Game, Move, Outcome, Perspective, Player, Rules, Setup, Termination};

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
    /// Elements of one env's mask block (the id bound is worked out once).
    mask_len: usize,
    /// One list of legal ids per thread, reused by every step that writes ids.
    scratch: Vec<Vec<usize>>,
    /// The threads beyond the caller's that a step with `threads > 1` runs on.
    pool: pool::Workers,
}

/// One env: its game, where it is in its sequence of episodes, and what it has seen.
#[derive(Clone, Debug)]
struct Slot {
    board: Board,
    episode: u64,
    plies: u32,
    stats: EpisodeStats,
    last_end: Option<EpisodeEnd>,
    /// The learner's side in this episode (against an opponent).
    learner: Player,
    /// Plies the opponent played before the learner's first move (0 in self-play).
    opening: u32,
}

/// What every env's step reads: shared, read-only, by every shard.
#[derive(Clone, Copy)]
struct Ctx<'a> {
    rules: &'a Rules,
    config: &'a VecEnvConfig,
    seed: u64,
    obs_len: usize,
    mask_len: usize,
}

/// The `attempt` value of [`episode_seed`] that draws the learner's side (setups use 0..64).
const COLOR_DRAW: u32 = u32::MAX;
/// The `attempt` value of [`episode_seed`] behind the opponent's choices.
const OPPONENT_DRAW: u32 = u32::MAX - 1;

/// The seed of env `env`'s `episode`-th game (attempt `attempt`), from the VecEnv seed only.
fn episode_seed(seed: u64, env: usize, episode: u64, attempt: u32) -> u64 {
    let mix = |a: u64, b: u64| SplitMix64::new(a ^ SplitMix64::new(b).next_u64()).next_u64();
    mix(mix(mix(seed, env as u64), episode), attempt as u64)
}

/// The learner's side in env `env`'s `episode`-th game under `config` (Red in self-play).
fn learner_of(config: &VecEnvConfig, seed: u64, env: usize, episode: u64) -> Player {
    match config.agent_color {
        _ if config.opponent.is_none() => Player::Red,
        AgentColor::Red => Player::Red,
        AgentColor::Blue => Player::Blue,
        AgentColor::Random => {
            if episode_seed(seed, env, episode, COLOR_DRAW) >> 63 == 0 {
                Player::Red
            } else {
                Player::Blue
            }
        }
    }
}

/// The opponent's move on `board`, drawn from `entropy`: a fresh agent of `kind` on the
/// mover's view (so its choice is a function of the position and `entropy` alone). The
/// random agent draws straight from the board, uniformly among the legal moves, as
/// [`crate::agents::RandomAgent`] does, without building a view.
fn opponent_move(kind: AgentKind, board: &Board, entropy: u64) -> Option<Move> {
    match kind {
        AgentKind::Random => board.random_move(entropy),
        _ => kind.make(entropy).choose(&board.view(board.to_move())).or_else(|| board.random_move(entropy)),
    }
}

/// Let the opponent move until the learner is to move, the game ends or the ply cap is
/// reached; counts the plies in `plies`.
fn opponent_replies(ctx: &Ctx<'_>, board: &mut Board, learner: Player, env: usize, episode: u64, plies: &mut u32) {
    let Some(kind) = ctx.config.opponent else { return };
    let base = episode_seed(ctx.seed, env, episode, OPPONENT_DRAW);
    while board.outcome().is_none() && board.to_move() != learner && *plies < ctx.config.max_plies {
        let entropy = SplitMix64::new(base ^ u64::from(*plies)).next_u64();
        let Some(mv) = opponent_move(kind, board, entropy) else { return };
        board.play_unchecked(mv);
        *plies += 1;
    }
}

/// The start of env `env`'s `episode`-th game, with the plies the opponent opened with: the
/// first of its seeded setup pairs that makes a game that goes on (past the opponent's
/// opening, against an opponent).
fn episode_board(ctx: &Ctx<'_>, env: usize, episode: u64) -> Result<(Board, u32), VecEnvError> {
    let learner = learner_of(ctx.config, ctx.seed, env, episode);
    for attempt in 0..SETUP_ATTEMPTS {
        let s = episode_seed(ctx.seed, env, episode, attempt);
        // A pair drawn together: with free placement the two armies must not share a square.
        let (red, blue) = Setup::random_pair(ctx.rules, s);
        if let Ok(game) = Game::new(ctx.rules.clone(), red, blue) {
            if !game.is_over() {
                let mut board = game.board().clone();
                let mut plies = 0;
                opponent_replies(ctx, &mut board, learner, env, episode, &mut plies);
                if !board.is_over() && plies < ctx.config.max_plies {
                    return Ok((board, plies));
                }
            }
        }
    }
    Err(VecEnvError::Unplayable { attempts: SETUP_ATTEMPTS })
}

impl Slot {
    fn new(ctx: &Ctx<'_>, env: usize, episode: u64) -> Result<Slot, VecEnvError> {
        let (board, plies) = episode_board(ctx, env, episode)?;
        Ok(Slot {
            board,
            episode,
            plies,
            stats: EpisodeStats::default(),
            last_end: None,
            learner: learner_of(ctx.config, ctx.seed, env, episode),
            opening: plies,
        })
    }

    /// Move on to the next episode. A rule set that gave a first game gives the next ones; if
    /// one ever did not, the env keeps its finished game (every action is then refused as game
    /// over) rather than fail the whole step.
    fn next_episode(&mut self, ctx: &Ctx<'_>, env: usize) {
        let episode = self.episode + 1;
        if let Ok((board, plies)) = episode_board(ctx, env, episode) {
            self.board = board;
            self.episode = episode;
            self.plies = plies;
            self.opening = plies;
            self.learner = learner_of(ctx.config, ctx.seed, env, episode);
        }
    }

    /// Play `mv` (checked), the opponent's replies, and end the episode if it ended: env
    /// `i`'s part of a step, writing into block `j` of `out`.
    fn step(&mut self, ctx: &Ctx<'_>, i: usize, mv: Move, j: usize, out: &mut StepOutputs<'_>, ids: &mut Vec<usize>) {
        let actor = self.board.to_move();
        let mut outcome = self.board.play_unchecked(mv).outcome;
        self.plies += 1;
        if outcome.is_none() && ctx.config.opponent.is_some() {
            opponent_replies(ctx, &mut self.board, self.learner, i, self.episode, &mut self.plies);
            outcome = self.board.outcome();
        }
        let (mut red, mut blue) = (0.0, 0.0);
        let (mut terminated, mut truncated) = (false, false);
        match outcome {
            Some(o) if matches!(o.termination, Termination::PlyCap | Termination::NoBattleCap) => truncated = true,
            Some(Outcome { winner, .. }) => {
                terminated = true;
                match winner {
                    Some(Player::Red) => (red, blue) = (1.0, -1.0),
                    Some(Player::Blue) => (red, blue) = (-1.0, 1.0),
                    None => {}
                }
            }
            None => truncated = self.plies >= ctx.config.max_plies,
        }
        out.episode_lengths[j] = self.plies;
        if terminated || truncated {
            let end =
                EpisodeEnd { episode: self.episode, length: self.plies, outcome, truncated, board: self.board.clone() };
            self.stats.record(&end);
            self.last_end = Some(end);
            self.next_episode(ctx, i);
        }
        out.actors[j] = actor.index() as u8;
        out.rewards[2 * j] = red;
        out.rewards[2 * j + 1] = blue;
        out.terminated[j] = terminated;
        out.truncated[j] = truncated;
        write(ctx, &self.board, j, out, ids);
    }
}

/// Check the actions of envs `base..base + slots.len()` into `moves`; the first refused one
/// is the error, naming its env.
fn check_shard(base: usize, slots: &[Slot], actions: &[usize], moves: &mut [Move]) -> Result<(), VecEnvError> {
    for (j, ((slot, &id), mv)) in slots.iter().zip(actions).zip(moves).enumerate() {
        *mv = slot.board.check_action(id).map_err(|error| VecEnvError::InvalidAction { env: base + j, error })?;
    }
    Ok(())
}

/// Step envs `base..base + slots.len()` with their checked `moves`, into `out` (their blocks
/// only).
fn step_shard(
    ctx: &Ctx<'_>,
    base: usize,
    slots: &mut [Slot],
    moves: &[Move],
    out: &mut StepOutputs<'_>,
    ids: &mut Vec<usize>,
) {
    for (j, (slot, &mv)) in slots.iter_mut().zip(moves).enumerate() {
        slot.step(ctx, base + j, mv, j, out, ids);
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
        check_config(&config)?;
        let mask_len = config.mask.len(&rules);
        let scratch = scratch(&config, n, mask_len);
        let mut env = VecEnv {
            rules,
            seed,
            config,
            envs: Vec::new(),
            moves: Vec::with_capacity(n),
            mask_len,
            scratch,
            pool: pool::Workers::default(),
        };
        env.envs = env.fresh_slots(n, seed)?;
        Ok(env)
    }

    /// What every env's step reads.
    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            rules: &self.rules,
            config: &self.config,
            seed: self.seed,
            obs_len: self.config.observation.len(&self.rules),
            mask_len: self.mask_len,
        }
    }

    /// `n` envs at the first game of their sequences from `seed`.
    fn fresh_slots(&self, n: usize, seed: u64) -> Result<Vec<Slot>, VecEnvError> {
        let ctx = Ctx { seed, ..self.ctx() };
        (0..n).map(|i| Slot::new(&ctx, i, 0)).collect()
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
        StepBuffers::new(&self.rules, &self.config, self.envs.len(), self.mask_len)
    }

    /// The elements of one env's mask block: [`MaskKind::len`] for this VecEnv's rules (for
    /// [`MaskKind::Ids`], the padded row's width, [`Rules::max_legal_actions`]).
    ///
    /// ```
    /// use stratego_core::{Edition, MaskKind, Rules, VecEnv, VecEnvConfig};
    /// let config = VecEnvConfig::default().with_mask(MaskKind::Ids);
    /// let env = VecEnv::with_config(Rules::edition(Edition::Isf), 2, 0, config)?;
    /// assert_eq!(env.mask_len(), 244);
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn mask_len(&self) -> usize {
        self.mask_len
    }

    /// The side the learner plays in env `env`'s current episode (against an opponent; the
    /// side to move in self-play), or `None` past the last env.
    ///
    /// ```
    /// use stratego_core::{agents::AgentKind, AgentColor, Edition, Rules, VecEnv, VecEnvConfig};
    /// let config = VecEnvConfig::default().with_opponent(Some(AgentKind::Random)).with_agent_color(AgentColor::Blue);
    /// let env = VecEnv::with_config(Rules::edition(Edition::Isf), 2, 0, config)?;
    /// // The opponent (Red) has opened: the learner, Blue, is to move.
    /// assert_eq!(env.learner(0), Some(stratego_core::Player::Blue));
    /// assert_eq!(env.board(0).unwrap().ply(), 1);
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn learner(&self, env: usize) -> Option<Player> {
        let slot = self.envs.get(env)?;
        Some(if self.config.opponent.is_some() { slot.learner } else { slot.board.to_move() })
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
        let n = self.envs.len().min(out.len());
        let pick = |base: usize, chunk: &mut [usize]| {
            for (i, a) in (base..).zip(chunk) {
                let board = &self.envs[i].board;
                let mv = board.random_move(SplitMix64::nth(seed, i));
                *a = mv.and_then(|mv| self.rules.action_id(board.to_move(), mv)).unwrap_or(0);
            }
        };
        // On the step's threads when it uses them: picking costs a fair part of a step.
        match &self.pool.0 {
            Some(pool) if self.config.threads > 1 => pool.fill_chunks(&mut out[..n], RANDOM_CHUNK, &pick),
            _ => pick(0, &mut out[..n]),
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
            opening: s.opening,
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
        check_config(&config)?;
        if let Some(env) = states.iter().position(|s| s.board.rules() != &rules) {
            return Err(VecEnvError::OtherRules { env });
        }
        let learner = |i: usize, s: &EnvState| learner_of(&config, seed, i, s.episode);
        if config.opponent.is_some() {
            let waiting = |(i, s): &(usize, &EnvState)| !s.board.is_over() && s.board.to_move() != learner(*i, s);
            if let Some((env, _)) = states.iter().enumerate().find(waiting) {
                return Err(VecEnvError::OpponentToMove { env });
            }
        }
        let n = states.len();
        let envs = states
            .into_iter()
            .enumerate()
            .map(|(i, s)| Slot {
                learner: learner(i, &s),
                board: s.board,
                episode: s.episode,
                plies: s.plies,
                opening: s.opening,
                stats: s.stats,
                last_end: s.last_end,
            })
            .collect();
        let mask_len = config.mask.len(&rules);
        let scratch = scratch(&config, n, mask_len);
        Ok(VecEnv {
            rules,
            seed,
            config,
            envs,
            moves: Vec::with_capacity(n),
            mask_len,
            scratch,
            pool: pool::Workers::default(),
        })
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
        self.envs = self.fresh_slots(self.envs.len(), seed)?;
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
        out.check(&self.rules, &self.config, self.envs.len(), self.mask_len)?;
        let ctx = Ctx { rules: &self.rules, config: &self.config, ..self.ctx() };
        for (i, slot) in self.envs.iter_mut().enumerate() {
            if slot.plies > slot.opening {
                slot.next_episode(&ctx, i);
            }
        }
        self.observe(out)
    }

    /// Write the outputs for the envs as they are, changing nothing: each mover's observation
    /// and mask, rewards 0, flags false, and each current episode's length so far.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let mut env = VecEnv::new(Rules::edition(Edition::Isf), 2, 0)?;
    /// let mut buffers = env.buffers();
    /// env.reset(&mut buffers.outputs())?;
    /// env.step(&env.random_actions(0), &mut buffers.outputs())?;
    /// env.observe(&mut buffers.outputs())?;
    /// assert_eq!((buffers.episode_lengths.as_slice(), env.episode(0)), (&[1, 1][..], Some(0)));
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn observe(&self, out: &mut StepOutputs<'_>) -> Result<(), VecEnvError> {
        out.check(&self.rules, &self.config, self.envs.len(), self.mask_len)?;
        let ctx = self.ctx();
        let mut ids = Vec::new();
        for (i, slot) in self.envs.iter().enumerate() {
            write(&ctx, &slot.board, i, out, &mut ids);
            out.actors[i] = slot.board.to_move().index() as u8;
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
        out.check(&self.rules, &self.config, n, self.mask_len)?;
        let threads = self.config.threads.clamp(1, n);
        if threads > 1 {
            if self.pool.0.as_ref().is_some_and(|p| !p.is_ours()) {
                // Forked since the threads started (Python's multiprocessing does): start anew.
                self.pool.0 = None;
            }
            self.pool.0.get_or_insert_with(|| pool::Pool::new(threads - 1));
        }
        // A pool whose worker could not start steps on this thread alone.
        let threaded = threads > 1 && self.pool.0.as_ref().is_some_and(pool::Pool::all_started);
        if !threaded {
            self.moves.clear();
            self.moves.resize(n, Move::DECLINE_RESCUE);
            check_shard(0, &self.envs, actions, &mut self.moves)?;
            let ctx = Ctx { rules: &self.rules, config: &self.config, seed: self.seed, ..self.ctx() };
            step_shard(&ctx, 0, &mut self.envs, &self.moves, out, &mut self.scratch[0]);
            return Ok(());
        }
        let (obs_len, mask_len) = (self.config.observation.len(&self.rules), self.mask_len);
        let ctx = Ctx { rules: &self.rules, config: &self.config, seed: self.seed, obs_len, mask_len };
        // Contiguous chunks of envs, several per thread, claimed in turn by whichever threads
        // take part: the calling thread always, a worker once it is awake (see `pool`). First
        // every chunk's actions are checked, then, once all are and no action anywhere was
        // refused, the chunks are played: the all-or-nothing contract without a serial pass
        // over every env in each step. A thread that runs out of chunks to check waits for
        // the others' at a gate that lets it sleep (see `pool::Gate`).
        let size = n.div_ceil(threads * CHUNKS_PER_THREAD).max(MIN_CHUNK);
        self.moves.clear();
        self.moves.resize(n, Move::DECLINE_RESCUE);
        let mut rest = out.reborrow();
        let (mut slots, mut moves, mut acts) = (&mut self.envs[..], &mut self.moves[..], actions);
        let mut chunks = Vec::with_capacity(n.div_ceil(size));
        while !slots.is_empty() {
            let base = n - slots.len();
            let k = size.min(slots.len());
            let (chunk, tail) = core::mem::take(&mut slots).split_at_mut(k);
            let (chunk_moves, tail_moves) = core::mem::take(&mut moves).split_at_mut(k);
            let (chunk_acts, tail_acts) = acts.split_at(k);
            (slots, moves, acts) = (tail, tail_moves, tail_acts);
            let chunk_out = rest.split_front(k, obs_len, mask_len);
            chunks.push(std::sync::Mutex::new(Some((base, chunk, chunk_acts, chunk_moves, chunk_out))));
        }
        // Each chunk's first refusal; the lowest chunk's is the one a single thread reports.
        let refused: Vec<std::sync::Mutex<Option<VecEnvError>>> =
            chunks.iter().map(|_| std::sync::Mutex::new(None)).collect();
        let scratch: Vec<std::sync::Mutex<&mut Vec<usize>>> =
            self.scratch.iter_mut().map(std::sync::Mutex::new).collect();
        let any_refused = AtomicBool::new(false);
        let (next_check, next_play) = (pool::Claims::new(chunks.len()), pool::Claims::new(chunks.len()));
        let checked = pool::Gate::new(chunks.len());
        fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
            m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
        }
        let job = |w: usize| {
            while let Some(c) = next_check.next(w) {
                let chunk = &chunks[c];
                if let Some((base, slots, acts, moves, _)) = lock(chunk).as_mut() {
                    if let Err(e) = check_shard(*base, slots, acts, moves) {
                        any_refused.store(true, Ordering::Relaxed);
                        *lock(&refused[c]) = Some(e);
                    }
                }
                checked.count();
            }
            checked.wait();
            if any_refused.load(Ordering::Relaxed) {
                return;
            }
            let mut ids = lock(&scratch[w]);
            while let Some(c) = next_play.next(w) {
                let chunk = &chunks[c];
                if let Some((base, slots, _, moves, mut out)) = lock(chunk).take() {
                    step_shard(&ctx, base, slots, moves, &mut out, &mut ids);
                }
            }
        };
        if let Some(pool) = self.pool.0.as_mut() {
            pool.run(&job);
        }
        match refused.into_iter().find_map(|r| r.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner)) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// How many chunks of envs a threaded step makes per thread: enough that a thread that joins
/// late still finds work, few enough that claiming them costs nothing next to playing them.
const CHUNKS_PER_THREAD: usize = 8;
/// The fewest envs in a chunk.
const MIN_CHUNK: usize = 16;
/// The envs in a chunk of [`VecEnv::random_actions_into`] on threads.
const RANDOM_CHUNK: usize = 64;

/// Refuse a config no VecEnv can run.
fn check_config(config: &VecEnvConfig) -> Result<(), VecEnvError> {
    if config.max_plies == 0 {
        return Err(VecEnvError::ZeroPlyCap);
    }
    if config.threads == 0 {
        return Err(VecEnvError::ZeroThreads);
    }
    Ok(())
}

/// Write env `i`'s observation, mask and mover (`ids`: a list to reuse for the legal ids). The
/// buffers were checked: the encoders' own length checks cannot fail.
#[inline]
fn write(ctx: &Ctx<'_>, board: &Board, i: usize, out: &mut StepOutputs<'_>, ids: &mut Vec<usize>) {
    let mover = board.to_move();
    out.to_move[i] = mover.index() as u8;
    let obs = ctx.obs_len;
    let _ = match &mut out.observations {
        ObservationBuffer::Planes(b) => board.seen_by(mover).observation_into(&mut b[i * obs..][..obs]),
        ObservationBuffer::CompactPlanes(b) => board.seen_by(mover).observation_into(&mut b[i * obs..][..obs]),
        ObservationBuffer::BoardCodes(b) => board.seen_by(mover).board_codes_into(&mut b[i * obs..][..obs]),
    };
    let mask = ctx.mask_len;
    let _ = match &mut out.masks {
        MaskBuffer::Bytes(b) => board.legal_action_mask_into(&mut b[i * mask..][..mask]),
        MaskBuffer::Bits(b) => board.legal_action_bits_into(&mut b[i * mask..][..mask]),
        MaskBuffer::Ids(b) => {
            write_ids(board, &mut b[i * mask..][..mask], ids);
            Ok(0)
        }
    };
}

/// Write the mover's legal ids into `row`, ascending (as [`Board::legal_actions_into`] sorts
/// them), then -1 to its end.
#[inline(never)]
fn write_ids(board: &Board, row: &mut [i32], ids: &mut Vec<usize>) {
    board.legal_actions_into(ids);
    // Rules::max_legal_actions bounds every position (tests/vec_env_ids.rs checks it).
    debug_assert!(ids.len() <= row.len(), "more legal moves than the rules' bound");
    let n = ids.len().min(row.len());
    for (x, &id) in row.iter_mut().zip(&ids[..n]) {
        *x = id as i32;
    }
    row[n..].fill(-1);
}

/// The id lists of the threads a step may use (empty unless the VecEnv writes ids).
fn scratch(config: &VecEnvConfig, n: usize, mask_len: usize) -> Vec<Vec<usize>> {
    let room = if config.mask == MaskKind::Ids { mask_len } else { 0 };
    (0..config.threads.clamp(1, n)).map(|_| Vec::with_capacity(room)).collect()
}
