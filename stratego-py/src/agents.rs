//! The core's baseline agents (`RandomAgent`, `HeuristicAgent`, `SamplingAgent`,
//! `SearchAgent`) as Python callables from a `PlayerView` to a `Move`, with the setup each
//! wants, and the one place where an agent argument of the arena (a built-in agent or any
//! Python callable) becomes an agent recipe.

use pyo3::exceptions::PyTypeError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use stratego_core::agents::{Agent, AgentKind, HeuristicAgent, RandomAgent, SamplingAgent, SearchAgent};
use stratego_core::{Move, PlayerView};

use crate::convert::{bounded, bounded_in, type_name, ActionId, Seed};
use crate::moves::PyMove;
use crate::player::PyPlayer;
use crate::rules::RulesArg;
use crate::setup::PySetup;
use crate::view::PyPlayerView;

/// How to make a fresh built-in agent for any seed: what the arena needs of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recipe {
    /// `RandomAgent`.
    Random,
    /// `HeuristicAgent`.
    Heuristic,
    /// `SamplingAgent` with its budget and, when given, its candidates and horizon.
    Sampling { budget: u32, candidates: Option<usize>, horizon: Option<u32> },
    /// `SearchAgent` with its budget.
    Search { budget: u32 },
}

impl Recipe {
    /// A fresh agent of this recipe drawing from `seed`.
    pub fn make(self, seed: u64) -> Box<dyn Agent + Send + Sync> {
        match self {
            Recipe::Random => Box::new(RandomAgent::new(seed)),
            Recipe::Heuristic => Box::new(HeuristicAgent::new(seed)),
            Recipe::Sampling { budget, candidates, horizon } => {
                let mut agent = SamplingAgent::new(seed, budget);
                if let Some(k) = candidates {
                    agent = agent.with_candidates(k);
                }
                if let Some(h) = horizon {
                    agent = agent.with_horizon(h);
                }
                Box::new(agent)
            }
            Recipe::Search { budget } => Box::new(SearchAgent::new(seed, budget)),
        }
    }

    /// The constructor call that makes this recipe with `seed` (the agents' `repr`).
    fn repr(self, seed: u64) -> String {
        match self {
            Recipe::Random => format!("RandomAgent(seed={seed})"),
            Recipe::Heuristic => format!("HeuristicAgent(seed={seed})"),
            Recipe::Sampling { budget, candidates, horizon } => {
                let mut s = format!("SamplingAgent(seed={seed}, budget={budget}");
                if let Some(k) = candidates {
                    s += &format!(", candidates={k}");
                }
                if let Some(h) = horizon {
                    s += &format!(", horizon={h}");
                }
                s + ")"
            }
            Recipe::Search { budget } => format!("SearchAgent(seed={seed}, budget={budget})"),
        }
    }
}

/// The move an agent picks in `view`, the GIL released while it thinks (a sampling agent runs
/// hundreds of playouts).
fn choose(py: Python<'_>, agent: &mut (dyn Agent + Send + Sync), view: &PyPlayerView) -> Option<PyMove> {
    let view: &PlayerView = &view.0;
    py.detach(|| agent.choose(view)).map(PyMove)
}

/// The setup an agent wants for `player` under `rules`, or `None` when it takes the one it is
/// given; drawn with the GIL released, as its moves are (the search agent tries many draws).
fn setup_of(
    py: Python<'_>,
    agent: &mut (dyn Agent + Send + Sync),
    rules: &RulesArg,
    player: PyPlayer,
) -> Option<PySetup> {
    let (rules, player) = (&rules.0, player.core());
    py.detach(|| agent.setup(rules, player)).map(PySetup)
}

/// Plays a legal move drawn uniformly: `RandomAgent(seed=0)`. Call it with a `PlayerView` to
/// get a `Move` (`None` when the viewer cannot move); the same seed and the same views give the
/// same moves.
///
/// It pickles (and copies) as its recipe: the copy starts afresh from the seed.
#[pyclass(name = "RandomAgent", module = "stratego._stratego")]
pub struct PyRandomAgent {
    seed: u64,
    agent: Box<dyn Agent + Send + Sync>,
}

/// Scores each legal move from what the view shows (known-winning battles taken, known-losing
/// ones avoided, the Flag's neighbourhood guarded, unknown pieces probed with low ranks) and
/// plays the best, ties broken by the seed: `HeuristicAgent(seed=0)`.
///
/// It pickles (and copies) as its recipe: the copy starts afresh from the seed.
#[pyclass(name = "HeuristicAgent", module = "stratego._stratego")]
pub struct PyHeuristicAgent {
    seed: u64,
    agent: Box<dyn Agent + Send + Sync>,
}

/// Draws worlds consistent with its view (`PlayerView.sample_world`), plays every candidate
/// move followed by a short greedy continuation in each, and picks the best on average:
/// `SamplingAgent(seed=0, budget=256)`. `budget` is the number of playouts per decision;
/// `candidates` (quiet moves searched besides every attack) and `horizon` (plies of
/// continuation) default to the engine's choice.
///
/// It pickles (and copies) as its recipe: the copy starts afresh from the seed.
#[pyclass(name = "SamplingAgent", module = "stratego._stratego")]
pub struct PySamplingAgent {
    seed: u64,
    recipe: Recipe,
    agent: Box<dyn Agent + Send + Sync>,
}

/// Searches worlds drawn from a belief over the hidden enemy ranks (revealed ranks, moved
/// pieces, Scouts seen sliding, the counts left, a human setup prior, and pieces that walk
/// up to one it has seen) and plays the candidate that does best:
/// `SearchAgent(seed=0, budget=600)`. `budget` is the number of playouts per decision (1 to
/// 10**9), so its moves depend only on the seed and the views. It sets up human-like when
/// asked for a setup.
///
/// It pickles (and copies) as its recipe: the copy starts afresh from the seed.
#[pyclass(name = "SearchAgent", module = "stratego._stratego")]
pub struct PySearchAgent {
    seed: u64,
    budget: u32,
    agent: Box<dyn Agent + Send + Sync>,
}

crate::getters::pymethods_with_getters! { PySearchAgent, self, {
    /// The seed it was made with.
    seed: u64 = self.seed;
    /// Playouts per decision.
    budget: u32 = self.budget;
}, {
    #[new]
    #[pyo3(signature = (seed = Seed(0), budget = None), text_signature = "(seed=0, budget=600)")]
    fn py_new(seed: Seed, budget: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let budget = match budget {
            Some(b) => positive(b, "budget", stratego_core::agents::MAX_SEARCH_BUDGET as u64)? as u32,
            None => stratego_core::agents::DEFAULT_SEARCH_BUDGET,
        };
        Ok(PySearchAgent { seed: seed.0, budget, agent: Recipe::Search { budget }.make(seed.0) })
    }
    /// The setup this agent wants for `player` under `rules` (`Rules`, their text or an
    /// `Edition`), valid under them: human-like (the Flag kept back and boxed in) for
    /// `HeuristicAgent`, `SamplingAgent` and `SearchAgent`, `None` for `RandomAgent`, which takes
    /// the setup it is given. It draws from the agent's generator, so the same seed gives the same
    /// setup and each call draws afresh: ask once, before the agent's first move.
    fn setup(&mut self, py: Python<'_>, rules: RulesArg, player: PyPlayer) -> Option<PySetup> {
        setup_of(py, self.agent.as_mut(), &rules, player)
    }
    /// The move to play in `view` (`None` when the viewer cannot move).
    fn __call__(&mut self, py: Python<'_>, view: PyRef<'_, PyPlayerView>) -> Option<PyMove> {
        choose(py, self.agent.as_mut(), &view)
    }
    fn __repr__(&self) -> String {
        Recipe::Search { budget: self.budget }.repr(self.seed)
    }
    fn __reduce__(slf: &Bound<'_, Self>) -> (Py<PyAny>, (u64, u32)) {
        let this = slf.borrow();
        (slf.get_type().into_any().unbind(), (this.seed, this.budget))
    }
} }

/// `stratego.agents.agent(name, seed=0)`: the built-in agent a name means (`"random"`,
/// `"heuristic"`, `"sampling"`, `"sampling:N"`, `"search"`, `"search:N"`), read by the
/// engine's one parser of agent names. An unknown name or a budget outside 1..10**9 raises
/// `ValueError`.
#[pyfunction]
#[pyo3(name = "agent", signature = (name, seed = Seed(0)), text_signature = "(name, seed=0)")]
pub fn agent_by_name(py: Python<'_>, name: &str, seed: Seed) -> PyResult<Py<PyAny>> {
    let kind: AgentKind =
        name.parse().map_err(|e: stratego_core::agents::AgentKindError| PyValueError::new_err(e.to_string()))?;
    let s = seed.0;
    Ok(match kind {
        AgentKind::Random => Py::new(py, PyRandomAgent { seed: s, agent: Recipe::Random.make(s) })?.into_any(),
        AgentKind::Heuristic => Py::new(py, PyHeuristicAgent { seed: s, agent: Recipe::Heuristic.make(s) })?.into_any(),
        AgentKind::Sampling { budget } => {
            let recipe = Recipe::Sampling { budget, candidates: None, horizon: None };
            Py::new(py, PySamplingAgent { seed: s, recipe, agent: recipe.make(s) })?.into_any()
        }
        AgentKind::Search { budget } => {
            Py::new(py, PySearchAgent { seed: s, budget, agent: Recipe::Search { budget }.make(s) })?.into_any()
        }
    })
}

/// The default budget of `SamplingAgent`, the one the core's `sampling` agent name uses.
fn default_budget() -> u32 {
    match "sampling".parse::<stratego_core::agents::AgentKind>() {
        Ok(stratego_core::agents::AgentKind::Sampling { budget }) => budget,
        _ => 256,
    }
}

/// A count argument of `SamplingAgent`: at least 1.
fn positive(obj: &Bound<'_, PyAny>, what: &str, max: u64) -> PyResult<u64> {
    bounded_in(obj, what, 1, max)
}

/// The Python methods of an agent made from its seed alone (`RandomAgent`, `HeuristicAgent`):
/// the two differ only in their recipe.
macro_rules! seeded_agent_methods {
    ($class:ident, $recipe:expr) => {
        #[pymethods]
        impl $class {
            #[new]
            #[pyo3(signature = (seed = Seed(0)), text_signature = "(seed=0)")]
            fn py_new(seed: Seed) -> Self {
                $class { seed: seed.0, agent: $recipe.make(seed.0) }
            }
            /// The seed it was made with.
            #[getter]
            fn seed(&self) -> u64 {
                self.seed
            }
            /// The setup this agent wants for `player` under `rules` (`Rules`, their text or an
            /// `Edition`), valid under them: human-like (the Flag kept back and boxed in) for
            /// `HeuristicAgent`, `SamplingAgent` and `SearchAgent`, `None` for `RandomAgent`, which takes
            /// the setup it is given. It draws from the agent's generator, so the same seed gives the same
            /// setup and each call draws afresh: ask once, before the agent's first move.
            fn setup(&mut self, py: Python<'_>, rules: RulesArg, player: PyPlayer) -> Option<PySetup> {
                setup_of(py, self.agent.as_mut(), &rules, player)
            }
            /// The move to play in `view` (`None` when the viewer cannot move).
            fn __call__(&mut self, py: Python<'_>, view: PyRef<'_, PyPlayerView>) -> Option<PyMove> {
                choose(py, self.agent.as_mut(), &view)
            }
            fn __repr__(&self) -> String {
                $recipe.repr(self.seed)
            }
            fn __reduce__(slf: &Bound<'_, Self>) -> (Py<PyAny>, (u64,)) {
                (slf.get_type().into_any().unbind(), (slf.borrow().seed,))
            }
        }
    };
}

seeded_agent_methods!(PyRandomAgent, Recipe::Random);
seeded_agent_methods!(PyHeuristicAgent, Recipe::Heuristic);

#[pymethods]
impl PySamplingAgent {
    #[new]
    #[pyo3(
        signature = (seed = Seed(0), budget = None, candidates = None, horizon = None),
        text_signature = "(seed=0, budget=256, candidates=None, horizon=None)"
    )]
    fn py_new(
        seed: Seed,
        budget: Option<&Bound<'_, PyAny>>,
        candidates: Option<&Bound<'_, PyAny>>,
        horizon: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let budget = match budget {
            Some(b) => positive(b, "budget", u32::MAX as u64)? as u32,
            None => default_budget(),
        };
        let candidates = candidates.map(|k| positive(k, "candidates", 1 << 16)).transpose()?.map(|k| k as usize);
        let horizon = horizon.map(|h| bounded(h, "horizon", 1 << 16)).transpose()?.map(|h| h as u32);
        let recipe = Recipe::Sampling { budget, candidates, horizon };
        Ok(PySamplingAgent { seed: seed.0, recipe, agent: recipe.make(seed.0) })
    }
    /// The seed it was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }
    /// Playouts per decision.
    #[getter]
    fn budget(&self) -> u32 {
        match self.recipe {
            Recipe::Sampling { budget, .. } => budget,
            _ => unreachable!("a SamplingAgent holds a sampling recipe"),
        }
    }
    /// The setup this agent wants for `player` under `rules` (`Rules`, their text or an
    /// `Edition`), valid under them: human-like (the Flag kept back and boxed in) for
    /// `HeuristicAgent`, `SamplingAgent` and `SearchAgent`, `None` for `RandomAgent`, which takes
    /// the setup it is given. It draws from the agent's generator, so the same seed gives the same
    /// setup and each call draws afresh: ask once, before the agent's first move.
    fn setup(&mut self, py: Python<'_>, rules: RulesArg, player: PyPlayer) -> Option<PySetup> {
        setup_of(py, self.agent.as_mut(), &rules, player)
    }
    /// The move to play in `view` (`None` when the viewer cannot move).
    fn __call__(&mut self, py: Python<'_>, view: PyRef<'_, PyPlayerView>) -> Option<PyMove> {
        choose(py, self.agent.as_mut(), &view)
    }
    fn __repr__(&self) -> String {
        self.recipe.repr(self.seed)
    }
    #[allow(clippy::type_complexity)] // the pickle protocol's shape: (callable, args)
    fn __reduce__(slf: &Bound<'_, Self>) -> (Py<PyAny>, (u64, u32, Option<usize>, Option<u32>)) {
        let this = slf.borrow();
        let Recipe::Sampling { budget, candidates, horizon } = this.recipe else {
            unreachable!("a SamplingAgent holds a sampling recipe")
        };
        (slf.get_type().into_any().unbind(), (this.seed, budget, candidates, horizon))
    }
}

/// An agent argument of the arena: a built-in agent (played entirely in Rust, its own seed
/// mixed into each game's) or a Python callable from a view to a move.
pub enum AgentArg {
    /// A built-in agent's recipe and seed.
    Builtin { recipe: Recipe, seed: u64, name: String },
    /// A Python callable.
    Python { callable: Py<PyAny>, name: String },
}

impl AgentArg {
    /// Read an agent argument: a `RandomAgent`, `HeuristicAgent`, `SamplingAgent` or any
    /// callable; anything else is a `TypeError`.
    pub fn extract(obj: &Bound<'_, PyAny>) -> PyResult<AgentArg> {
        if let Ok(a) = obj.cast::<PyRandomAgent>() {
            let a = a.borrow();
            return Ok(AgentArg::Builtin { recipe: Recipe::Random, seed: a.seed, name: a.__repr__() });
        }
        if let Ok(a) = obj.cast::<PyHeuristicAgent>() {
            let a = a.borrow();
            return Ok(AgentArg::Builtin { recipe: Recipe::Heuristic, seed: a.seed, name: a.__repr__() });
        }
        if let Ok(a) = obj.cast::<PySamplingAgent>() {
            let a = a.borrow();
            return Ok(AgentArg::Builtin { recipe: a.recipe, seed: a.seed, name: a.__repr__() });
        }
        if let Ok(a) = obj.cast::<PySearchAgent>() {
            let a = a.borrow();
            return Ok(AgentArg::Builtin {
                recipe: Recipe::Search { budget: a.budget },
                seed: a.seed,
                name: a.__repr__(),
            });
        }
        if obj.is_callable() {
            let name = match obj.getattr("__name__").and_then(|n| n.extract::<String>()) {
                Ok(n) => n,
                Err(_) => obj.repr().map(|r| r.to_string()).unwrap_or_else(|_| type_name(obj)),
            };
            return Ok(AgentArg::Python { callable: obj.clone().unbind(), name });
        }
        Err(PyTypeError::new_err(format!(
            "an agent is a RandomAgent, HeuristicAgent, SamplingAgent, SearchAgent or a callable from a PlayerView to a Move, not {}",
            type_name(obj)
        )))
    }

    /// The agent's name in summaries: the built-in agent's `repr`, or the callable's `__name__`.
    pub fn name(&self) -> &str {
        match self {
            AgentArg::Builtin { name, .. } | AgentArg::Python { name, .. } => name,
        }
    }
}

/// A Python agent's answer as a move of `view`: `None` (resign), a `Move`, move text (in the
/// rules' numbering) or an action id (any integer, NumPy's too, in the viewer's frame). An
/// illegal move raises `IllegalMoveError`, an id out of range `ValueError`, anything else
/// `TypeError`. The one conversion of agents' answers: the arena calls it, and so may Python.
pub fn answer_move(py: Python<'_>, answer: &Bound<'_, PyAny>, view: &PlayerView) -> PyResult<Option<Move>> {
    if answer.is_none() {
        return Ok(None);
    }
    // Anything with `__index__` is an action id (Python and NumPy integers); text and `Move`s
    // have none.
    let mv = if !answer.is_instance_of::<PyString>() && answer.hasattr("__index__")? {
        let id: ActionId = answer.extract()?;
        crate::moves::action_move_of(view.rules(), view.player(), &id)?
    } else {
        crate::moves::move_arg_in(py, answer, view.rules().numbering()).map_err(|e| {
            if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) {
                PyTypeError::new_err(format!(
                    "an agent returns a Move, move text, an action id or None, not {}",
                    type_name(answer)
                ))
            } else {
                e
            }
        })?
    };
    view.check(mv).map_err(|e| crate::errors::illegal_move(py, &e))?;
    Ok(Some(mv))
}

/// `stratego.agents.answer_move(view, answer)`: the move an agent's `answer` means for `view`
/// (see the Rust function of the same name), or `None` for a resignation.
#[pyfunction]
#[pyo3(name = "answer_move")]
pub fn answer_move_py(
    py: Python<'_>,
    view: PyRef<'_, PyPlayerView>,
    answer: &Bound<'_, PyAny>,
) -> PyResult<Option<PyMove>> {
    answer_move(py, answer, &view.0).map(|m| m.map(PyMove))
}
