//! The caller's output slices for [`VecEnv::step`](crate::VecEnv::step) and
//! [`VecEnv::reset`](crate::VecEnv::reset), and owned buffers of the right shapes.

use super::config::{MaskKind, ObservationKind, VecEnvConfig};
use super::error::VecEnvError;
use crate::Rules;

/// Where the observations go: `n` blocks of [`ObservationKind::len`] elements, env `i`'s block
/// first at `i * len`. The variant must match the VecEnv's [`ObservationKind`].
#[derive(Debug)]
pub enum ObservationBuffer<'a> {
    /// For [`ObservationKind::Planes`]: `f32 [n, C, H, W]`.
    Planes(&'a mut [f32]),
    /// For [`ObservationKind::CompactPlanes`]: `u8 [n, C, H, W]`.
    CompactPlanes(&'a mut [u8]),
    /// For [`ObservationKind::BoardCodes`]: `u8 [n, S]`.
    BoardCodes(&'a mut [u8]),
}

/// Where the masks go: `n` blocks of [`MaskKind::len`] elements. The variant must match the
/// VecEnv's [`MaskKind`].
#[derive(Debug)]
pub enum MaskBuffer<'a> {
    /// For [`MaskKind::Bytes`]: `u8 [n, A]`.
    Bytes(&'a mut [u8]),
    /// For [`MaskKind::Bits`]: `u64 [n, ceil(A / 64)]`.
    Bits(&'a mut [u64]),
    /// For [`MaskKind::Ids`]: `i32 [n, L]`, each row the legal ids ascending, then -1.
    Ids(&'a mut [i32]),
}

/// The caller's slices that a step or a reset fills, one entry (or block) per env. Build one
/// from [`StepBuffers::outputs`], or from slices of your own (numpy arrays, a C caller's
/// memory).
#[derive(Debug)]
pub struct StepOutputs<'a> {
    /// The next mover's observation, in its frame.
    pub observations: ObservationBuffer<'a>,
    /// The next mover's legal actions.
    pub masks: MaskBuffer<'a>,
    /// The next mover: 0 Red, 1 Blue ([`Player::index`](crate::Player::index)).
    pub to_move: &'a mut [u8],
    /// The side whose action this step played (at a reset: the side to move), so its reward is
    /// `rewards[2 * i + actors[i]]`. Against an opponent: the learner's side in the episode
    /// this step belongs to (an ended episode's, in the step it ended).
    pub actors: &'a mut [u8],
    /// `[n, 2]`: Red's and Blue's reward for this step: +1 / -1 for the winner / loser of an
    /// episode that ended in this step, 0 otherwise (draws and truncations included).
    pub rewards: &'a mut [f32],
    /// Whether the episode ended by the rules in this step (flag captured, no legal move, both
    /// stuck).
    pub terminated: &'a mut [bool],
    /// Whether the episode was cut in this step by a ply cap (the VecEnv's, or a cap of the
    /// rules: total plies, plies without a battle).
    pub truncated: &'a mut [bool],
    /// Plies of the episode this step belongs to: for an env that ended in this step, the
    /// finished episode's length (its new game has 0).
    pub episode_lengths: &'a mut [u32],
}

impl<'a> StepOutputs<'a> {
    /// The same slices, borrowed for a shorter time (to split them into shards).
    pub(crate) fn reborrow(&mut self) -> StepOutputs<'_> {
        let observations = match &mut self.observations {
            ObservationBuffer::Planes(b) => ObservationBuffer::Planes(b),
            ObservationBuffer::CompactPlanes(b) => ObservationBuffer::CompactPlanes(b),
            ObservationBuffer::BoardCodes(b) => ObservationBuffer::BoardCodes(b),
        };
        let masks = match &mut self.masks {
            MaskBuffer::Bytes(b) => MaskBuffer::Bytes(b),
            MaskBuffer::Bits(b) => MaskBuffer::Bits(b),
            MaskBuffer::Ids(b) => MaskBuffer::Ids(b),
        };
        StepOutputs {
            observations,
            masks,
            to_move: self.to_move,
            actors: self.actors,
            rewards: self.rewards,
            terminated: self.terminated,
            truncated: self.truncated,
            episode_lengths: self.episode_lengths,
        }
    }

    /// Split off the blocks of the first `envs` envs (each observation `obs` elements, each
    /// mask `mask`), leaving the rest in `self`: the shard one thread fills.
    pub(crate) fn split_front(&mut self, envs: usize, obs: usize, mask: usize) -> StepOutputs<'a> {
        fn front<'a, T>(slice: &mut &'a mut [T], len: usize) -> &'a mut [T] {
            let (a, b) = core::mem::take(slice).split_at_mut(len);
            *slice = b;
            a
        }
        let observations = match &mut self.observations {
            ObservationBuffer::Planes(b) => ObservationBuffer::Planes(front(b, envs * obs)),
            ObservationBuffer::CompactPlanes(b) => ObservationBuffer::CompactPlanes(front(b, envs * obs)),
            ObservationBuffer::BoardCodes(b) => ObservationBuffer::BoardCodes(front(b, envs * obs)),
        };
        let masks = match &mut self.masks {
            MaskBuffer::Bytes(b) => MaskBuffer::Bytes(front(b, envs * mask)),
            MaskBuffer::Bits(b) => MaskBuffer::Bits(front(b, envs * mask)),
            MaskBuffer::Ids(b) => MaskBuffer::Ids(front(b, envs * mask)),
        };
        StepOutputs {
            observations,
            masks,
            to_move: front(&mut self.to_move, envs),
            actors: front(&mut self.actors, envs),
            rewards: front(&mut self.rewards, 2 * envs),
            terminated: front(&mut self.terminated, envs),
            truncated: front(&mut self.truncated, envs),
            episode_lengths: front(&mut self.episode_lengths, envs),
        }
    }

    /// Check every length and kind for `n` envs of `config` under `rules` (`mask`: the
    /// elements of one env's mask, computed once by the VecEnv).
    pub(crate) fn check(&self, rules: &Rules, config: &VecEnvConfig, n: usize, mask: usize) -> Result<(), VecEnvError> {
        let len = |buffer, expected: usize, found: usize| {
            if expected == found {
                Ok(())
            } else {
                Err(VecEnvError::BufferLength { buffer, expected, found })
            }
        };
        let kind = |buffer, expected: &'static str, found: &'static str| {
            if expected == found {
                Ok(())
            } else {
                Err(VecEnvError::BufferKind { buffer, expected, found })
            }
        };
        let (obs_kind, obs_len) = match &self.observations {
            ObservationBuffer::Planes(b) => (ObservationKind::Planes, b.len()),
            ObservationBuffer::CompactPlanes(b) => (ObservationKind::CompactPlanes, b.len()),
            ObservationBuffer::BoardCodes(b) => (ObservationKind::BoardCodes, b.len()),
        };
        kind("observations", config.observation.name(), obs_kind.name())?;
        len("observations", n * config.observation.len(rules), obs_len)?;
        let (mask_kind, mask_len) = match &self.masks {
            MaskBuffer::Bytes(b) => (MaskKind::Bytes, b.len()),
            MaskBuffer::Bits(b) => (MaskKind::Bits, b.len()),
            MaskBuffer::Ids(b) => (MaskKind::Ids, b.len()),
        };
        kind("masks", config.mask.name(), mask_kind.name())?;
        len("masks", n * mask, mask_len)?;
        len("to_move", n, self.to_move.len())?;
        len("actors", n, self.actors.len())?;
        len("rewards", 2 * n, self.rewards.len())?;
        len("terminated", n, self.terminated.len())?;
        len("truncated", n, self.truncated.len())?;
        len("episode_lengths", n, self.episode_lengths.len())
    }
}

/// Owned output buffers shaped for one VecEnv ([`VecEnv::buffers`](crate::VecEnv::buffers)):
/// allocate once, then lend them to every step with [`StepBuffers::outputs`]. The observation
/// and mask vectors of the kinds the VecEnv does not write stay empty.
///
/// ```
/// use stratego_core::{Edition, MaskKind, ObservationKind, Rules, VecEnv, VecEnvConfig};
/// let config = VecEnvConfig::default().with_observation(ObservationKind::BoardCodes).with_mask(MaskKind::Bits);
/// let env = VecEnv::with_config(Rules::edition(Edition::Isf), 4, 0, config)?;
/// let buffers = env.buffers();
/// assert_eq!((buffers.bytes.len(), buffers.planes.len(), buffers.mask_bits.len()), (400, 0, 4 * 157));
/// assert_eq!(buffers.rewards.len(), 8);
/// # Ok::<(), stratego_core::VecEnvError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepBuffers {
    /// Observations as float planes (empty unless the VecEnv writes them).
    pub planes: Vec<f32>,
    /// Observations as bytes: compact planes or byte boards (empty unless the VecEnv writes one).
    pub bytes: Vec<u8>,
    /// Masks as bytes (empty unless the VecEnv writes them).
    pub mask_bytes: Vec<u8>,
    /// Masks as bits (empty unless the VecEnv writes them).
    pub mask_bits: Vec<u64>,
    /// Padded legal ids (empty unless the VecEnv writes them).
    pub legal_ids: Vec<i32>,
    /// See [`StepOutputs::to_move`].
    pub to_move: Vec<u8>,
    /// See [`StepOutputs::actors`].
    pub actors: Vec<u8>,
    /// See [`StepOutputs::rewards`].
    pub rewards: Vec<f32>,
    /// See [`StepOutputs::terminated`].
    pub terminated: Vec<bool>,
    /// See [`StepOutputs::truncated`].
    pub truncated: Vec<bool>,
    /// See [`StepOutputs::episode_lengths`].
    pub episode_lengths: Vec<u32>,
    observation: ObservationKind,
    mask: MaskKind,
}

impl StepBuffers {
    pub(crate) fn new(rules: &Rules, config: &VecEnvConfig, n: usize, mask: usize) -> StepBuffers {
        let obs = n * config.observation.len(rules);
        let mask = n * mask;
        let (planes, bytes) = match config.observation {
            ObservationKind::Planes => (vec![0.0; obs], Vec::new()),
            ObservationKind::CompactPlanes | ObservationKind::BoardCodes => (Vec::new(), vec![0; obs]),
        };
        let (mut mask_bytes, mut mask_bits, mut legal_ids) = (Vec::new(), Vec::new(), Vec::new());
        match config.mask {
            MaskKind::Bytes => mask_bytes = vec![0; mask],
            MaskKind::Bits => mask_bits = vec![0; mask],
            MaskKind::Ids => legal_ids = vec![-1; mask],
        }
        StepBuffers {
            planes,
            bytes,
            mask_bytes,
            mask_bits,
            legal_ids,
            to_move: vec![0; n],
            actors: vec![0; n],
            rewards: vec![0.0; 2 * n],
            terminated: vec![false; n],
            truncated: vec![false; n],
            episode_lengths: vec![0; n],
            observation: config.observation,
            mask: config.mask,
        }
    }

    /// Lend the buffers as the slices a step fills.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules, VecEnv};
    /// let mut env = VecEnv::new(Rules::edition(Edition::Isf), 2, 0)?;
    /// let mut buffers = env.buffers();
    /// env.reset(&mut buffers.outputs())?;
    /// assert_eq!(buffers.to_move, [0, 0]); // Red opens every game
    /// # Ok::<(), stratego_core::VecEnvError>(())
    /// ```
    pub fn outputs(&mut self) -> StepOutputs<'_> {
        let observations = match self.observation {
            ObservationKind::Planes => ObservationBuffer::Planes(&mut self.planes),
            ObservationKind::CompactPlanes => ObservationBuffer::CompactPlanes(&mut self.bytes),
            ObservationKind::BoardCodes => ObservationBuffer::BoardCodes(&mut self.bytes),
        };
        let masks = match self.mask {
            MaskKind::Bytes => MaskBuffer::Bytes(&mut self.mask_bytes),
            MaskKind::Bits => MaskBuffer::Bits(&mut self.mask_bits),
            MaskKind::Ids => MaskBuffer::Ids(&mut self.legal_ids),
        };
        StepOutputs {
            observations,
            masks,
            to_move: &mut self.to_move,
            actors: &mut self.actors,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            episode_lengths: &mut self.episode_lengths,
        }
    }
}
