//! `VecEnv`: the core's batched self-play environments, stepped with the GIL released, writing
//! into NumPy arrays that the env allocates once and returns from every call.

use numpy::{Element, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use stratego_core as core;
use stratego_core::Perspective;

use crate::convert::{bounded, bounded_in, Plies, Seed};
use crate::outcome::PyOutcome;
use crate::player::PyPlayer;
use crate::rules::PyRules;

/// `n` games of one rule set, stepped together: self-play, or a learner against a built-in
/// opponent.
///
/// ``VecEnv(rules, n, seed=0, *, observation="planes", mask="bytes", max_plies=2000,
/// opponent=None, agent_color="random", threads=1)``.
/// ``step(actions)`` plays one action id per env (for that env's side to move, in its frame)
/// with the GIL released and returns ``(observations, masks, rewards, terminated, truncated)``:
/// the next mover's observation (``float32 [n, C, H, W]`` planes, ``uint8 [n, C, H, W]``
/// compact planes or ``uint8 [n, S]`` byte boards) and legal actions (``mask="bytes"``:
/// ``uint8 [n, A]``; ``"bits"``: ``uint64 [n, ceil(A / 64)]`` packed; ``"ids"``: ``int32 [n, L]``,
/// each row the legal ids ascending then -1, with ``L = max_legal_actions``), rewards
/// ``float32 [n, 2]`` for Red and Blue (+1 / -1 at a win, else 0), and ``bool [n]`` flags.
/// ``to_move`` (``uint8 [n]``, 0 Red / 1 Blue), ``actors`` (``uint8 [n]``: the side whose action
/// the step played, so its reward is ``rewards[i, actors[i]]``) and ``episode_lengths``
/// (``uint32 [n]``) are attributes. The arrays are the env's own, allocated once and
/// overwritten by every call: copy them to keep them.
///
/// With ``opponent`` (``"random"``, ``"heuristic"``, ``"sampling:N"`` or ``"search:N"``) each env's learner
/// plays the side ``agent_color`` gives (``"random"``: drawn per episode from the seed, the
/// env and its episode count; or ``"red"``, ``"blue"``) and the built-in agent answers inside
/// the step, so every observation is the learner's. ``threads`` (default 1; an int in
/// 1..=1024, a count above ``n`` stepping on ``n`` threads; or ``"auto"``: the CPUs this
/// process may use, but no more than one thread per 256 envs, below which handing a shard to a
/// thread costs more than it saves) steps contiguous shards of the envs in parallel, with the
/// same results as one thread. A threaded VecEnv times its steps and leaves its worker threads
/// out while stepping alone is faster (when other processes keep the cores busy), trying both
/// ways now and then, so threads never make it much slower than one thread.
///
/// An env whose episode ends reports it in that step and already holds its next game (its
/// final position: ``final_position(i)``). Env ``i``'s games come from the seed, ``i`` and its
/// episode count, so runs do not depend on ``n``. Every action is checked before any is played:
/// an illegal one raises ``ValueError`` naming the env (its ``env`` attribute) and changes
/// nothing.
#[pyclass(name = "VecEnv", module = "stratego._stratego")]
pub struct PyVecEnv {
    env: core::VecEnv,
    /// The output arrays, typed as the config says.
    observations: Py<PyAny>,
    masks: Py<PyAny>,
    to_move: Py<PyArray1<u8>>,
    actors: Py<PyArray1<u8>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    episode_lengths: Py<PyArray1<u32>>,
    /// The actions of the step in progress, converted (kept to stay off the heap).
    actions: Vec<usize>,
}

/// One env as pickled: its board's full position text, episode, plies (and of those the
/// opponent's opening), statistics (episodes, red wins, blue wins, draws, truncated, plies,
/// last length) and last finished episode (episode, length, final position text).
type SavedEnv = (String, u64, (u32, u32), (u64, u64, u64, u64, u64, u64, u32), Option<(u64, u32, String)>);

/// The config the keyword arguments describe.
fn config_of(
    n: usize,
    observation: &str,
    mask: &str,
    max_plies: u32,
    opponent: Option<&str>,
    agent_color: &str,
    threads: &Bound<'_, PyAny>,
) -> PyResult<core::VecEnvConfig> {
    let parse_error = |e: core::ParseError| PyValueError::new_err(e.to_string());
    let observation: core::ObservationKind = observation.parse().map_err(parse_error)?;
    let mask: core::MaskKind = mask.parse().map_err(parse_error)?;
    let agent_color: core::AgentColor = agent_color.parse().map_err(parse_error)?;
    let opponent = match opponent {
        None => None,
        Some(name) => {
            Some(name.parse::<core::agents::AgentKind>().map_err(|e| PyValueError::new_err(format!("opponent: {e}")))?)
        }
    };
    Ok(core::VecEnvConfig::default()
        .with_observation(observation)
        .with_mask(mask)
        .with_max_plies(max_plies)
        .with_opponent(opponent)
        .with_agent_color(agent_color)
        .with_threads(threads_of(threads, n)?))
}

/// Envs per thread below which `"auto"` adds no thread: handing a shard to a parked worker
/// and waiting for it costs 13-19 µs on a loaded 2-vCPU guest, and a shard should be worth
/// several times that (256 env-steps are 100-250 µs).
const AUTO_SHARD: usize = 256;

/// `threads` as a count: an int of at least 1, or `"auto"`: the CPUs this process may use, but
/// at most one thread per `AUTO_SHARD` envs (and at least one).
fn threads_of(threads: &Bound<'_, PyAny>, n: usize) -> PyResult<usize> {
    if let Ok(text) = threads.extract::<String>() {
        if text == "auto" {
            let cpus = std::thread::available_parallelism().map_or(1, |c| c.get());
            return Ok(cpus.min(n / AUTO_SHARD).max(1));
        }
        return Err(PyValueError::new_err(format!("threads must be an int or 'auto', got {text:?}")));
    }
    // 0, a negative count and a huge one are refused with the same words.
    Ok(bounded_in(threads, "threads", 1, 1024)? as usize)
}

fn vec_env_error(e: &core::VecEnvError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A `ValueError` naming the env, with `env` and `action` attributes.
fn invalid_action(py: Python<'_>, env: usize, action: Bound<'_, PyAny>, message: String) -> PyErr {
    let err = PyValueError::new_err(message);
    let value = err.value(py);
    let _ = value.setattr("env", env);
    let _ = value.setattr("action", action);
    err
}

/// A zeroed array of `shape`, as the generic object the struct keeps.
fn zeros<T: Element>(py: Python<'_>, shape: &[usize]) -> Py<PyAny> {
    PyArrayDyn::<T>::zeros(py, shape, false).into_any().unbind()
}

/// Borrow the elements of an array the env made (so of the right type, shape and layout).
fn slice_of<'py, T: Element>(array: &Bound<'py, PyAny>) -> PyResult<numpy::PyReadwriteArrayDyn<'py, T>> {
    let typed = array.cast::<PyArrayDyn<T>>().map_err(|e| PyTypeError::new_err(e.to_string()))?;
    typed
        .try_readwrite()
        .map_err(|e| PyValueError::new_err(format!("the VecEnv's arrays are borrowed elsewhere ({e})")))
}

impl PyVecEnv {
    /// Run `f` on the core env and the output slices, with the GIL released.
    fn with_outputs<R: Send>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut core::VecEnv, &[usize], &mut core::StepOutputs<'_>) -> R + Send,
    ) -> PyResult<R> {
        let config = *self.env.config();
        let obs = self.observations.bind(py);
        let masks = self.masks.bind(py);
        let (mut obs_f32, mut obs_u8) = (None, None);
        match config.observation {
            core::ObservationKind::Planes => obs_f32 = Some(slice_of::<f32>(obs)?),
            _ => obs_u8 = Some(slice_of::<u8>(obs)?),
        }
        let (mut mask_u8, mut mask_bits, mut mask_ids) = (None, None, None);
        match config.mask {
            core::MaskKind::Bytes => mask_u8 = Some(slice_of::<u8>(masks)?),
            core::MaskKind::Bits => mask_bits = Some(slice_of::<u64>(masks)?),
            core::MaskKind::Ids => mask_ids = Some(slice_of::<i32>(masks)?),
        }
        let mut to_move = self.to_move.bind(py).try_readwrite().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut actors = self.actors.bind(py).try_readwrite().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut rewards = self.rewards.bind(py).try_readwrite().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut terminated =
            self.terminated.bind(py).try_readwrite().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut truncated =
            self.truncated.bind(py).try_readwrite().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut lengths =
            self.episode_lengths.bind(py).try_readwrite().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let contiguous = || PyValueError::new_err("the VecEnv's arrays must stay C-contiguous");
        let observations = match (&mut obs_f32, &mut obs_u8, config.observation) {
            (Some(a), _, _) => core::ObservationBuffer::Planes(a.as_slice_mut().map_err(|_| contiguous())?),
            (_, Some(a), core::ObservationKind::CompactPlanes) => {
                core::ObservationBuffer::CompactPlanes(a.as_slice_mut().map_err(|_| contiguous())?)
            }
            (_, Some(a), _) => core::ObservationBuffer::BoardCodes(a.as_slice_mut().map_err(|_| contiguous())?),
            _ => return Err(contiguous()),
        };
        let masks = match (&mut mask_u8, &mut mask_bits, &mut mask_ids) {
            (Some(a), _, _) => core::MaskBuffer::Bytes(a.as_slice_mut().map_err(|_| contiguous())?),
            (_, Some(a), _) => core::MaskBuffer::Bits(a.as_slice_mut().map_err(|_| contiguous())?),
            (_, _, Some(a)) => core::MaskBuffer::Ids(a.as_slice_mut().map_err(|_| contiguous())?),
            _ => return Err(contiguous()),
        };
        let mut out = core::StepOutputs {
            observations,
            masks,
            to_move: to_move.as_slice_mut().map_err(|_| contiguous())?,
            actors: actors.as_slice_mut().map_err(|_| contiguous())?,
            rewards: rewards.as_slice_mut().map_err(|_| contiguous())?,
            terminated: terminated.as_slice_mut().map_err(|_| contiguous())?,
            truncated: truncated.as_slice_mut().map_err(|_| contiguous())?,
            episode_lengths: lengths.as_slice_mut().map_err(|_| contiguous())?,
        };
        let (env, actions) = (&mut self.env, &self.actions[..]);
        let _writing = crate::out_array::DetachedWriters::enter();
        Ok(py.detach(move || f(env, actions, &mut out)))
    }

    /// Read `actions` (a sequence or array of ints, one per env) into `self.actions`, raising a
    /// `ValueError` naming the env for a value that is no action id. Nothing else changes.
    fn read_actions(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = self.env.len();
        let num_actions = self.env.rules().num_actions();
        self.actions.clear();
        // The fast path: an int64 array, as policies usually give.
        if let Ok(array) = actions.cast::<PyArray1<i64>>() {
            let read = array.try_readonly().map_err(|e| PyValueError::new_err(e.to_string()))?;
            let values = read.as_slice().map_err(|_| PyValueError::new_err("actions must be C-contiguous"))?;
            if values.len() != n {
                return Err(vec_env_error(&core::VecEnvError::ActionCount { expected: n, found: values.len() }));
            }
            for (env, &a) in values.iter().enumerate() {
                match usize::try_from(a) {
                    Ok(id) => self.actions.push(id),
                    Err(_) => {
                        let shown = a.into_pyobject(py)?.into_any();
                        return Err(invalid_action(
                            py,
                            env,
                            shown,
                            format!(
                                "env {env}: action id {a} is out of range: the rules have {num_actions} action ids"
                            ),
                        ));
                    }
                }
            }
            return Ok(());
        }
        if let Ok(array) = actions.cast::<numpy::PyUntypedArray>() {
            let kind = array.dtype().kind();
            if kind != b'i' && kind != b'u' {
                return Err(PyTypeError::new_err(format!(
                    "actions must be integers, got an array of {}",
                    array.dtype()
                )));
            }
            if array.ndim() != 1 {
                return Err(PyValueError::new_err(format!(
                    "actions must be one-dimensional (one per env), got shape {:?}",
                    array.shape()
                )));
            }
        }
        let len = actions.len().map_err(|_| PyTypeError::new_err("actions must be a sequence of ints, one per env"))?;
        if len != n {
            return Err(vec_env_error(&core::VecEnvError::ActionCount { expected: n, found: len }));
        }
        for env in 0..n {
            let item = actions.get_item(env)?;
            let id = bounded(&item, "action id", num_actions as u64 - 1).map_err(|e| {
                let message = format!("env {env}: {}", e.value(py));
                if e.is_instance_of::<PyTypeError>(py) {
                    PyTypeError::new_err(message)
                } else {
                    invalid_action(py, env, item.clone(), message)
                }
            })?;
            self.actions.push(id as usize);
        }
        Ok(())
    }

    fn result<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                self.observations.clone_ref(py).into_bound(py),
                self.masks.clone_ref(py).into_bound(py),
                self.rewards.clone_ref(py).into_bound(py).into_any(),
                self.terminated.clone_ref(py).into_bound(py).into_any(),
                self.truncated.clone_ref(py).into_bound(py).into_any(),
            ],
        )
    }

    /// Wrap a core env: allocate its arrays once and fill them for the envs as they stand.
    fn wrap(py: Python<'_>, env: core::VecEnv) -> PyResult<Self> {
        let (n, observation, mask) = (env.len(), env.config().observation, env.config().mask);
        let r = env.rules();
        let obs_shape: Vec<usize> = match observation {
            core::ObservationKind::BoardCodes => vec![n, r.num_squares()],
            _ => std::iter::once(n).chain(r.observation_shape()).collect(),
        };
        let observations = match observation {
            core::ObservationKind::Planes => zeros::<f32>(py, &obs_shape),
            _ => zeros::<u8>(py, &obs_shape),
        };
        let masks = match mask {
            core::MaskKind::Bytes => zeros::<u8>(py, &[n, env.mask_len()]),
            core::MaskKind::Bits => zeros::<u64>(py, &[n, env.mask_len()]),
            core::MaskKind::Ids => zeros::<i32>(py, &[n, env.mask_len()]),
        };
        let mut this = PyVecEnv {
            env,
            observations,
            masks,
            to_move: PyArray1::zeros(py, n, false).unbind(),
            actors: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArray2::zeros(py, [n, 2], false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
            episode_lengths: PyArray1::zeros(py, n, false).unbind(),
            actions: Vec::with_capacity(n),
        };
        this.with_outputs(py, |env, _, out| env.observe(out))?.map_err(|e| vec_env_error(&e))?;
        Ok(this)
    }

    fn env_index(&self, i: usize) -> PyResult<usize> {
        if i < self.env.len() {
            Ok(i)
        } else {
            Err(PyIndexError::new_err(format!("env index {i} out of range: the VecEnv has {} envs", self.env.len())))
        }
    }
}

fn stats_dict<'py>(py: Python<'py>, s: &core::EpisodeStats) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("episodes", s.episodes)?;
    d.set_item("red_wins", s.red_wins)?;
    d.set_item("blue_wins", s.blue_wins)?;
    d.set_item("draws", s.draws)?;
    d.set_item("truncated", s.truncated)?;
    d.set_item("plies", s.plies)?;
    d.set_item("last_length", s.last_length)?;
    d.set_item("mean_length", s.mean_length())?;
    Ok(d)
}

crate::getters::pymethods_with_getters! { PyVecEnv, self, {
    /// The number of envs.
    num_envs: usize = self.env.len();
    /// The rules every env plays.
    rules: PyRules = PyRules(self.env.rules().clone());
    /// The seed every env's games come from.
    seed: u64 = self.env.seed();
    /// `"planes"`, `"compact_planes"` or `"board_codes"`.
    observation_kind: &'static str = self.env.config().observation.name();
    /// `"bytes"`, `"bits"` or `"ids"`.
    mask_kind: &'static str = self.env.config().mask.name();
    /// The ply cap.
    max_plies: u32 = self.env.config().max_plies;
    /// The built-in opponent (`"random"`, `"heuristic"`, `"sampling:N"`, `"search:N"`), or `None` in
    /// self-play.
    opponent: Option<String> = self.env.config().opponent.map(|k| k.to_string());
    /// The learner's side against an opponent: `"random"` (drawn per episode), `"red"` or
    /// `"blue"`.
    agent_color: &'static str = self.env.config().agent_color.name();
    /// Threads a step runs on.
    threads: usize = self.env.config().threads;
    /// The width `L` of the `"ids"` rows: the rules' bound on legal moves.
    max_legal_actions: usize = self.env.rules().max_legal_actions();
}, {
    /// `n` envs of `rules`, seeded by `seed`; `observation` is `"planes"`, `"compact_planes"` or
    /// `"board_codes"`, `mask` is `"bytes"`, `"bits"` or `"ids"`, episodes reaching `max_plies`
    /// plies are truncated, `opponent` (`None`: self-play) answers the learner, who plays
    /// `agent_color`, and a step runs on `threads` threads.
    #[new]
    #[pyo3(
        signature = (rules, n, seed = Seed(0), *, observation = "planes", mask = "bytes", max_plies = Plies(core::VecEnvConfig::DEFAULT_MAX_PLIES), opponent = None, agent_color = "random", threads = None),
        text_signature = "(rules, n, seed=0, *, observation='planes', mask='bytes', max_plies=2000, opponent=None, agent_color='random', threads=1)"
    )]
    #[allow(clippy::too_many_arguments)] // the Python keyword arguments
    fn py_new(
        py: Python<'_>,
        rules: crate::rules::RulesArg,
        n: &Bound<'_, PyAny>,
        seed: Seed,
        observation: &str,
        mask: &str,
        max_plies: Plies,
        opponent: Option<&str>,
        agent_color: &str,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        // A bound that keeps the arrays allocatable: 2**20 envs of float planes are 13 GB.
        let n = bounded(n, "n", 1 << 20)? as usize;
        let one = 1usize.into_pyobject(py)?.into_any();
        let config = config_of(n, observation, mask, max_plies.0, opponent, agent_color, threads.unwrap_or(&one))?;
        let rules = rules.0;
        let env = py.detach(|| core::VecEnv::with_config(rules, n, seed.0, config)).map_err(|e| vec_env_error(&e))?;
        PyVecEnv::wrap(py, env)
    }

    /// Give every env a fresh game (with `seed`, start every env's sequence over from that seed)
    /// and return `(observations, masks)`. An env that has played since its game began moves on
    /// to its next episode; a fresh one keeps its game.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<Seed>) -> PyResult<Bound<'py, PyTuple>> {
        if let Some(seed) = seed {
            let env = &mut self.env;
            py.detach(|| env.reseed(seed.0)).map_err(|e| vec_env_error(&e))?;
        }
        self.with_outputs(py, |env, _, out| env.reset(out))?.map_err(|e| vec_env_error(&e))?;
        PyTuple::new(py, [self.observations.clone_ref(py).into_bound(py), self.masks.clone_ref(py).into_bound(py)])
    }

    /// Play `actions[i]` in env `i` for every env (all checked first) and return
    /// `(observations, masks, rewards, terminated, truncated)`.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        self.read_actions(py, actions)?;
        let result = self.with_outputs(py, |env, actions, out| env.step(actions, out))?;
        match result {
            Ok(()) => self.result(py),
            Err(core::VecEnvError::InvalidAction { env, error }) => {
                let id = self.actions[env];
                Err(invalid_action(py, env, id.into_pyobject(py)?.into_any(), format!("env {env}: {error}")))
            }
            Err(e) => Err(vec_env_error(&e)),
        }
    }

    /// A uniformly random legal action per env (`int64 [n]`), a pure function of `seed` and the
    /// positions: a baseline policy.
    #[pyo3(signature = (seed = Seed(0)), text_signature = "($self, seed=0)")]
    fn random_actions<'py>(&self, py: Python<'py>, seed: Seed) -> Bound<'py, PyArray1<i64>> {
        let mut ids = vec![0usize; self.env.len()];
        self.env.random_actions_into(seed.0, &mut ids);
        PyArray1::from_iter(py, ids.into_iter().map(|a| a as i64))
    }

    /// One action per row of padded legal ids (`int32 [n, L]`, as `mask="ids"` writes them):
    /// uniform among the row's legal ids, or drawn from the softmax of `logits` (`float32`,
    /// `[n, L]` aligned with the ids, or `[n, A]` indexed by action id), a pure function of
    /// `seed` and the rows. Returns `int64 [n]`; runs with the GIL released.
    #[staticmethod]
    #[pyo3(signature = (ids, logits = None, seed = Seed(0)), text_signature = "(ids, logits=None, seed=0)")]
    fn sample_legal_ids<'py>(
        py: Python<'py>,
        ids: numpy::PyReadonlyArray2<'py, i32>,
        logits: Option<numpy::PyReadonlyArray2<'py, f32>>,
        seed: Seed,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let [rows, width] = [ids.shape()[0], ids.shape()[1]];
        let contiguous = || PyValueError::new_err("ids and logits must be C-contiguous");
        let id_slice = ids.as_slice().map_err(|_| contiguous())?;
        let logit_slice: &[f32] = match &logits {
            Some(l) if l.shape()[0] != rows => {
                return Err(PyValueError::new_err(format!("logits have {} rows, the ids {rows}", l.shape()[0])))
            }
            Some(l) => l.as_slice().map_err(|_| contiguous())?,
            None => &[],
        };
        let mut out = vec![0usize; rows];
        py.detach(|| core::vec_env::sample_legal_ids(id_slice, width, logit_slice, seed.0, &mut out))
            .map_err(|e| vec_env_error(&e))?;
        Ok(PyArray1::from_iter(py, out.into_iter().map(|a| a as i64)))
    }

    fn __len__(&self) -> usize {
        self.env.len()
    }
    /// The observations array (overwritten by every call).
    #[getter]
    fn observations(&self, py: Python<'_>) -> Py<PyAny> {
        self.observations.clone_ref(py)
    }
    /// The masks array (overwritten by every call).
    #[getter]
    fn masks(&self, py: Python<'_>) -> Py<PyAny> {
        self.masks.clone_ref(py)
    }
    /// `uint8 [n]`: each env's side to move (0 Red, 1 Blue).
    #[getter]
    fn to_move(&self, py: Python<'_>) -> Py<PyArray1<u8>> {
        self.to_move.clone_ref(py)
    }
    /// `uint8 [n]`: the side whose action the last step played (after a reset: the side to
    /// move); against an opponent, the learner's side in the episode the step belongs to.
    #[getter]
    fn actors(&self, py: Python<'_>) -> Py<PyArray1<u8>> {
        self.actors.clone_ref(py)
    }
    /// `float32 [n, 2]`: the last step's rewards for Red and Blue.
    #[getter]
    fn rewards(&self, py: Python<'_>) -> Py<PyArray2<f32>> {
        self.rewards.clone_ref(py)
    }
    /// `bool [n]`: which episodes the rules ended in the last step.
    #[getter]
    fn terminated(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.terminated.clone_ref(py)
    }
    /// `bool [n]`: which episodes a ply cap cut in the last step.
    #[getter]
    fn truncated(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.truncated.clone_ref(py)
    }
    /// `uint32 [n]`: plies of the episode the last step belongs to (an ended episode's length
    /// in the step it ended).
    #[getter]
    fn episode_lengths(&self, py: Python<'_>) -> Py<PyArray1<u32>> {
        self.episode_lengths.clone_ref(py)
    }

    /// Which of its episodes env `i` is playing (0 for its first).
    fn episode(&self, i: usize) -> PyResult<u64> {
        Ok(self.env.episode(self.env_index(i)?).unwrap_or(0))
    }
    /// Env `i`'s current short position string (pieces, side to move, ply: the env's state,
    /// not an observation). It leaves out the repetition rules' memory; use `position_full(i)`
    /// to rebuild the env exactly with `Game.from_position`.
    fn position(&self, i: usize) -> PyResult<String> {
        Ok(self.env.board(self.env_index(i)?).map(|b| b.position()).unwrap_or_default())
    }
    /// Env `i`'s current position as lossless text (`Game.position_full`'s form): a game read
    /// back from it has the same legal moves as the env, repetition rules included.
    fn position_full(&self, i: usize) -> PyResult<String> {
        Ok(self.env.board(self.env_index(i)?).map(|b| b.position_full()).unwrap_or_default())
    }
    /// How env `i`'s last finished episode ended: a dict with `episode`, `length`, `outcome`
    /// (an `Outcome`, or `None` when the ply cap cut it), `truncated` and `position` (its final
    /// position string); `None` before one ends.
    fn final_position<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(end) = self.env.final_position(self.env_index(i)?) else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("episode", end.episode)?;
        d.set_item("length", end.length)?;
        d.set_item("outcome", end.outcome.map(PyOutcome))?;
        d.set_item("truncated", end.truncated)?;
        d.set_item("position", end.board.position())?;
        Ok(Some(d))
    }
    /// The observation `player` had of env `i`'s last finished episode's final position, of
    /// the kind this VecEnv writes (a new array), or `None` before one ends: what Gymnasium's
    /// same-step autoreset reports as `final_obs`.
    fn final_observation<'py>(&self, py: Python<'py>, i: usize, player: PyPlayer) -> PyResult<Option<Py<PyAny>>> {
        let Some(end) = self.env.final_position(self.env_index(i)?) else {
            return Ok(None);
        };
        let (board, player, rules) = (&end.board, player.core(), self.env.rules());
        let encoding = |e: core::EncodingError| PyValueError::new_err(e.to_string());
        let planes: Vec<usize> = rules.observation_shape().to_vec();
        Ok(Some(match self.env.config().observation {
            core::ObservationKind::Planes => {
                let mut v = vec![0f32; planes.iter().product()];
                board.seen_by(player).observation_into(&mut v).map_err(encoding)?;
                PyArray1::from_vec(py, v).reshape(planes)?.into_any().unbind()
            }
            core::ObservationKind::CompactPlanes => {
                let mut v = vec![0u8; planes.iter().product()];
                board.seen_by(player).observation_into(&mut v).map_err(encoding)?;
                PyArray1::from_vec(py, v).reshape(planes)?.into_any().unbind()
            }
            core::ObservationKind::BoardCodes => {
                let mut v = vec![0u8; rules.num_squares()];
                board.seen_by(player).board_codes_into(&mut v).map_err(encoding)?;
                PyArray1::from_vec(py, v).into_any().unbind()
            }
        }))
    }
    /// Env `i`'s statistics over its finished episodes (a dict of counts and `mean_length`).
    fn stats<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyDict>> {
        let s = self.env.stats(self.env_index(i)?).copied().unwrap_or_default();
        stats_dict(py, &s)
    }
    /// The statistics of all envs together.
    fn total_stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        stats_dict(py, &self.env.total_stats())
    }

    /// Pickling and `copy`: the rules, the seed, the config and every env's state (each board as
    /// its lossless position text). The copy goes on exactly as the original; its arrays hold
    /// the current observations and masks, with rewards 0, flags false and lengths so far.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let c = self.env.config();
        let envs: Vec<SavedEnv> = (0..self.env.len())
            .filter_map(|i| self.env.env_state(i))
            .map(|s| {
                let t = &s.stats;
                (
                    s.board.position_full(),
                    s.episode,
                    (s.plies, s.opening),
                    (t.episodes, t.red_wins, t.blue_wins, t.draws, t.truncated, t.plies, t.last_length),
                    s.last_end.map(|e| (e.episode, e.length, e.board.position_full())),
                )
            })
            .collect();
        let from_state = py.get_type::<Self>().getattr("_from_state")?;
        let rules = Bound::new(py, PyRules(self.env.rules().clone()))?.into_any();
        let options =
            (c.observation.name(), c.mask.name(), c.max_plies, self.opponent(), c.agent_color.name(), c.threads);
        let args = (rules, self.env.seed(), options, envs);
        Ok((from_state, args.into_pyobject(py)?))
    }

    /// Rebuild a pickled VecEnv (see `__reduce__`).
    #[staticmethod]
    fn _from_state(
        py: Python<'_>,
        rules: PyRef<'_, PyRules>,
        seed: Seed,
        options: (String, String, Plies, Option<String>, String, Bound<'_, PyAny>),
        envs: Vec<SavedEnv>,
    ) -> PyResult<Self> {
        let (observation, mask, max_plies, opponent, agent_color, threads) = options;
        let config =
            config_of(envs.len(), &observation, &mask, max_plies.0, opponent.as_deref(), &agent_color, &threads)?;
        let rules = rules.0.clone();
        let board = |text: &str| {
            core::Game::from_position(rules.clone(), text)
                .map(|g| g.board().clone())
                .map_err(|e| crate::errors::parse_error(py, &e))
        };
        let mut states = Vec::with_capacity(envs.len());
        for (text, episode, (plies, opening), t, last) in envs {
            let last_end = match last {
                Some((episode, length, text)) => {
                    let board = board(&text)?;
                    let outcome = board.outcome();
                    let truncated = outcome.is_none_or(|o| {
                        matches!(o.termination, core::Termination::PlyCap | core::Termination::NoBattleCap)
                    });
                    Some(core::EpisodeEnd { episode, length, outcome, truncated, board })
                }
                None => None,
            };
            let stats = core::EpisodeStats {
                episodes: t.0,
                red_wins: t.1,
                blue_wins: t.2,
                draws: t.3,
                truncated: t.4,
                plies: t.5,
                last_length: t.6,
            };
            states.push(core::EnvState { board: board(&text)?, episode, plies, opening, stats, last_end });
        }
        let env =
            core::VecEnv::from_env_states(rules.clone(), seed.0, config, states).map_err(|e| vec_env_error(&e))?;
        PyVecEnv::wrap(py, env)
    }

    fn __repr__(&self) -> String {
        let c = self.env.config();
        let mut text = format!(
            "VecEnv(Rules({:?}), {}, seed={}, observation={:?}, mask={:?}, max_plies={}",
            self.env.rules().to_string(),
            self.env.len(),
            self.env.seed(),
            c.observation.name(),
            c.mask.name(),
            // The cap that applies: the rules' own when it is the lower.
            self.env.rules().max_plies().map_or(c.max_plies, |cap| cap.min(c.max_plies))
        );
        if let Some(opponent) = c.opponent {
            text += &format!(", opponent={:?}, agent_color={:?}", opponent.to_string(), c.agent_color.name());
        }
        if c.threads != 1 {
            text += &format!(", threads={}", c.threads);
        }
        text + ")"
    }
} }
