"""Reinforcement-learning environments over the engine (install the ``envs`` extra:
``pip install stratego[envs]``).

- ``pettingzoo_env(rules=...)``: a PettingZoo AEC environment for self-play, two agents
  ``player_0`` (Red, moves first) and ``player_1`` (Blue).
- ``gymnasium_env(rules=..., opponent=...)``: a single-agent Gymnasium environment against a
  built-in opponent (``"random"``, ``"heuristic"``, ``"sampling:N"``) or any callable from a
  ``PlayerView`` to a move.
- ``vector_env(rules=..., num_envs=...)``: a Gymnasium vector environment stepping many games
  in Rust against built-in opponents.
- ``openspiel_game(rules=...)``: the engine registered as the OpenSpiel game
  ``python_stratego`` (install the ``openspiel`` extra), for OpenSpiel's algorithms.

The three single-game front doors take the same options: ``rules`` (a ``Rules`` or its text,
ISF by default), ``observation`` (``"planes"``: ``float32 [C, H, W]``; ``"compact_planes"``:
the same planes as ``uint8``; ``"board_codes"``: ``uint8 [S]``, one code per square) and
``max_plies``, a cap of ``DEFAULT_MAX_PLIES`` (2000) plies by default, as ``VecEnv`` and the
arena have, so that every episode ends (``None``: no cap but the rules' own). A cap is a
truncation (Gymnasium's ``truncated``, PettingZoo's ``truncations``; for OpenSpiel a terminal
state with draw returns), never a termination. Setups can be fixed per episode with
``reset(options={"red_setup": ..., "blue_setup": ...})`` (a ``Setup`` or its text).

Observations are dicts ``{"observation": ..., "action_mask": bool [num_actions]}`` computed
from the acting player's view only; action ids are ``from * S + to`` in that player's frame
(see ``Rules.num_actions``), and ``info["legal_actions"]`` lists the mover's legal ids, so a
policy need not scan the 10,000-entry mask. The action spaces' ``sample(mask)`` takes these
masks (and Gymnasium's ``int8`` ones).

Importing this package imports none of pettingzoo, gymnasium or pyspiel: each function imports
its library when called. The Gymnasium ids ``stratego/Stratego-v0`` (ISF) and one per edition
(``stratego/Classic-v0``, ``stratego/Barrage-v0``, ... see ``GYMNASIUM_IDS``) are registered
when gymnasium is imported, whether before or after this package (an import hook waits for it
instead of importing it), so ``gymnasium.make("stratego/Barrage-v0", opponent="heuristic")``
and ``gymnasium.make_vec("stratego/Barrage-v0", num_envs=64,
vectorization_mode="vector_entry_point")`` work after ``import stratego``.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
import warnings
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, Sequence, Union

from .._stratego import DEFAULT_MAX_PLIES

if TYPE_CHECKING:
    from .._stratego import Move, Player, PlayerView, Rules, Setup

__all__ = [
    "DEFAULT_MAX_PLIES",
    "GYMNASIUM_IDS",
    "gymnasium_env",
    "openspiel_game",
    "pettingzoo_env",
    "sample_legal_ids",
    "vector_env",
]

#: The registered Gymnasium ids and the rules each one plays (its ``kwargs["rules"]``).
GYMNASIUM_IDS: Dict[str, str] = {
    "stratego/Stratego-v0": "isf",
    "stratego/Classic-v0": "classic",
    "stratego/Jumbo-v0": "jumbo",
    "stratego/Barrage-v0": "barrage",
    "stratego/Duel-v0": "duel",
    "stratego/Estrategia-v0": "estrategia",
    "stratego/UltimateLightning-v0": "ultimate_lightning",
}

def pettingzoo_env(
    rules: Union["Rules", str, None] = None,
    render_mode: Optional[str] = None,
    *,
    observation: str = "planes",
    max_plies: Optional[int] = DEFAULT_MAX_PLIES,
    **options: Any,
) -> Any:
    """A PettingZoo AEC environment for self-play (a ``pettingzoo.AECEnv``).

    ``rules`` are a ``Rules`` or their text form (ISF by default); ``observation`` is
    ``"planes"``, ``"compact_planes"`` or ``"board_codes"``; episodes end at the latest after
    ``max_plies`` plies (a truncation; ``None``: no cap but the rules' own). ``render_mode`` is
    ``None``, ``"ansi"``, ``"rgb_array"`` or ``"svg"``; pictures show ``render_perspective``'s
    view (Red's by default) unless ``render_reveal=True``. An illegal action raises
    ``IllegalMoveError`` and changes nothing.

    >>> env = pettingzoo_env("barrage", max_plies=100)
    >>> env.reset(seed=1)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     env.step(None if terminated or truncated else info["legal_actions"][0])
    """
    from ._pettingzoo import StrategoAECEnv

    return StrategoAECEnv(
        rules=rules, render_mode=render_mode, observation=observation, max_plies=max_plies, **options
    )


def gymnasium_env(
    rules: Union["Rules", str, None] = None,
    opponent: Union[str, Callable[["PlayerView"], Union["Move", str, int, None]]] = "random",
    player: Optional["Player"] = None,
    render_mode: Optional[str] = None,
    *,
    observation: str = "planes",
    max_plies: Optional[int] = DEFAULT_MAX_PLIES,
    **options: Any,
) -> Any:
    """A single-agent Gymnasium environment: the agent plays ``player`` (Red by default) and
    ``opponent`` answers each move: ``"random"``, ``"heuristic"``, ``"sampling:N"`` (the core's
    agents, ``N`` worlds per decision), or a callable from a ``PlayerView`` to a ``Move``, move
    text, an action id or ``None`` (it resigns, and loses). ``observation`` and ``max_plies`` as
    for ``pettingzoo_env`` (each step is two plies). An illegal action ends the episode with
    reward -1 and ``info["illegal_action"] = True``, leaving the game as it was.

    >>> env = gymnasium_env("barrage", opponent="heuristic", observation="board_codes")
    >>> obs, info = env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.step(info["legal_actions"][0])
    """
    from ._gymnasium import StrategoEnv

    return StrategoEnv(
        rules=rules,
        opponent=opponent,
        player=player,
        render_mode=render_mode,
        observation=observation,
        max_plies=max_plies,
        **options,
    )


def openspiel_game(
    rules: Union["Rules", str, None] = None,
    seed: int = 0,
    red_setup: Union["Setup", str, None] = None,
    blue_setup: Union["Setup", str, None] = None,
    max_plies: Optional[int] = DEFAULT_MAX_PLIES,
    observation: str = "planes",
) -> Any:
    """The engine as an OpenSpiel game (a ``pyspiel.Game``), registered on first call as
    ``python_stratego`` so ``pyspiel.load_game`` and game strings also reach it.

    Player 0 is Red, player 1 Blue; actions are the engine's action ids, legal ones sorted;
    the information-state and observation tensors are the acting player's observation
    (``observation``: ``"planes"``, ``"compact_planes"`` or ``"board_codes"``, as floats), so
    no hidden rank reaches them; returns are +1 / -1 at a win, 0 at a draw. There are no
    chance nodes: the setups are drawn from ``seed`` (each ``seed`` is one deterministic
    game), or fixed by ``red_setup`` / ``blue_setup`` (a ``Setup`` or its text). Games end
    after ``max_plies`` plies (2000 by default, or the rules' own cap when lower) in a
    terminal state with draw returns, and that is ``max_game_length()``; ``None`` leaves only
    the rules' own cap. States support ``resample_from_infostate`` (from
    ``PlayerView.sample_world``), ``clone`` and serialization.

    >>> game = openspiel_game("barrage", seed=1, max_plies=200)
    >>> state = game.new_initial_state()
    >>> state.apply_action(state.legal_actions()[0])
    """
    from . import _openspiel, _options

    chosen = _options.as_rules(rules)
    cap = _options.max_plies_argument(max_plies)
    params: Dict[str, Any] = {
        "rules": _openspiel.rules_parameter(chosen),
        "seed": int(seed),
        "max_plies": 0 if cap is None else cap,
        "observation": _options.observation_argument(observation),
    }
    for name, setup in (("red_setup", red_setup), ("blue_setup", blue_setup)):
        if setup is not None:
            params[name] = setup if isinstance(setup, str) else setup.to_text(chosen)
    return _openspiel.load(params)


def __getattr__(name: str) -> Any:
    # `vector_env` and `sample_legal_ids` live in `_vector`, which imports gymnasium; it loads
    # on first use.
    if name in ("vector_env", "sample_legal_ids"):
        return getattr(importlib.import_module("._vector", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register_gymnasium_ids() -> None:
    """Register ``GYMNASIUM_IDS`` with Gymnasium (imports it). Each id's ``entry_point`` is
    ``gymnasium_env``'s class with ``kwargs={"rules": ...}``; ``gymnasium.make(id, rules=...,
    opponent=..., observation=..., max_plies=...)`` passes its keywords on. Its
    ``vector_entry_point`` is ``vector_env`` (for ``make_vec(...,
    vectorization_mode="vector_entry_point")``). Its ``max_episode_steps`` is the default ply
    cap, ``DEFAULT_MAX_PLIES``: Gymnasium's ``TimeLimit`` counts steps, each two plies, so it
    is an outer bound that the environment's own cap (1,000 steps by default) reaches first,
    for any ``max_plies`` up to twice it; with ``max_plies=None`` or a larger cap, pass
    ``max_episode_steps=-1`` (no ``TimeLimit``) or a larger one to ``gymnasium.make``.
    Ids already registered are left alone."""
    import gymnasium

    for env_id, rules in GYMNASIUM_IDS.items():
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env_id,
            entry_point="stratego.envs._gymnasium:StrategoEnv",
            vector_entry_point="stratego.envs._vector:vector_env",
            max_episode_steps=DEFAULT_MAX_PLIES,
            kwargs={"rules": rules},
        )


class _RegisterAfterImport(importlib.abc.MetaPathFinder):
    """Waits for ``import gymnasium`` and registers the ids right after gymnasium's own
    ``__init__`` ran, so importing this package does not import gymnasium. A mere lookup
    (``importlib.util.find_spec("gymnasium")``, as optional-dependency checks do) registers
    nothing and keeps the hook waiting."""

    def __init__(self) -> None:
        self._finding = False

    def find_spec(
        self, fullname: str, path: Optional[Sequence[str]], target: Optional[types.ModuleType] = None
    ) -> Optional[importlib.machinery.ModuleSpec]:
        if fullname != "gymnasium" or self._finding:
            return None
        self._finding = True
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            self._finding = False
        loader = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: types.ModuleType) -> None:
            run(module)
            if self in sys.meta_path:
                sys.meta_path.remove(self)
            try:
                register_gymnasium_ids()
            except Exception as err:  # a registration problem must not break `import gymnasium`
                warnings.warn(f"stratego.envs could not register its Gymnasium ids: {err}", RuntimeWarning)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _register_when_gymnasium_loads() -> None:
    if "gymnasium" in sys.modules:
        register_gymnasium_ids()
    elif not any(isinstance(f, _RegisterAfterImport) for f in sys.meta_path):
        sys.meta_path.insert(0, _RegisterAfterImport())


_register_when_gymnasium_loads()
