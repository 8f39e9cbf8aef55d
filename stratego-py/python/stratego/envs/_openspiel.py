"""The engine as an OpenSpiel Python game (see ``stratego.envs.openspiel_game``).

Importing this module imports ``pyspiel`` and registers the game ``python_stratego``; the
package imports it only when ``openspiel_game`` is called.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np
import pyspiel

from .._stratego import DEFAULT_MAX_PLIES, Game, Player, Rules, Setup
from ._options import capped, observation_argument

#: The name the game is registered under (``pyspiel.load_game(GAME_NAME, {...})``).
GAME_NAME = "python_stratego"

#: ``max_game_length`` of a game without any cap (``max_plies=0`` on rules without their own):
#: OpenSpiel wants a number, and this one (the largest its C++ int holds) stands for none.
UNBOUNDED_LENGTH = 2**31 - 1

#: Game parameters and their defaults. ``rules`` is the rules' text form read as a nested
#: OpenSpiel parameter (the engine's text form is also a game string: ``isf()``,
#: ``isf(two_square=5)``); ``seed`` draws the setups (a deterministic setup phase: no chance
#: nodes); ``red_setup`` / ``blue_setup`` are fixed setups in ``Setup.text`` form that replace
#: the drawn ones; ``max_plies`` caps the game (``DEFAULT_MAX_PLIES`` by default, the rules'
#: own cap when lower; 0: only the rules' own cap); ``observation`` is the tensors' encoding
#: (``planes``, ``compact_planes``, the same planes since OpenSpiel's tensors are floats, or
#: ``board_codes``).
PARAMETERS: Dict[str, Any] = {
    "rules": {"name": "isf"},
    "seed": 0,
    "red_setup": "",
    "blue_setup": "",
    "max_plies": DEFAULT_MAX_PLIES,
    "observation": "planes",
}


def rules_parameter(rules: Rules) -> Dict[str, Any]:
    """The ``rules`` game parameter of a rule set (its text form as OpenSpiel reads it)."""
    return dict(pyspiel.game_parameters_from_string(str(rules)))


def rules_text(parameter: Any) -> str:
    """The rules' text form back from the ``rules`` game parameter."""
    if isinstance(parameter, str):
        return parameter
    settings = {k: v for k, v in parameter.items() if k != "name"}
    if not settings:
        return str(parameter["name"])
    written = ",".join(f"{k}={_setting(v)}" for k, v in settings.items())
    return f"{parameter['name']}({written})"


def _setting(value: Any) -> str:
    # OpenSpiel reads `true` / `false` as booleans; the rules text wants them back as words.
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_PLAYERS = (Player.RED, Player.BLUE)

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Stratego (stratego engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


def game_rules(params: Dict[str, Any]) -> Rules:
    """The rules a parameter dict describes, ending in a draw at the ply cap."""
    rules = Rules(rules_text(params["rules"]))
    max_plies = int(params["max_plies"])
    if max_plies < 0:
        raise ValueError(f"max_plies must be 0 (only the rules' own cap) or positive, got {max_plies}")
    return capped(rules, max_plies or None)


def initial_game(rules: Rules, params: Dict[str, Any]) -> Game:
    """The start of every game these parameters describe: setups drawn from ``seed``, each
    replaced by the fixed one when given."""
    drawn = Setup.random_pair(rules, seed=int(params["seed"]))
    fixed = (str(params["red_setup"]), str(params["blue_setup"]))
    red, blue = (
        Setup.parse(rules, player, text) if text else setup
        for player, text, setup in zip(_PLAYERS, fixed, drawn)
    )
    return Game(rules, red, blue)


class StrategoGame(pyspiel.Game):
    """Stratego as an OpenSpiel game: player 0 is Red (moves first), player 1 Blue. Actions
    are the engine's action ids (``from * S + to`` in the mover's frame), so
    ``num_distinct_actions()`` is ``rules.num_actions``."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = {**PARAMETERS, **(params or {})}
        self.rules = game_rules(params)
        self.observation_kind = observation_argument(params["observation"])
        self._start = initial_game(self.rules, params)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rules.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=int(self.rules.max_plies or UNBOUNDED_LENGTH),
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> "StrategoState":
        """The position after the setup phase, Red to move."""
        return StrategoState(self, self._start.copy())

    def make_py_observer(
        self, iig_obs_type: Optional[Any] = None, params: Optional[Dict[str, Any]] = None
    ) -> "StrategoObserver":
        """An observer of one player's view (the only kind the engine gives)."""
        return StrategoObserver(self.rules, iig_obs_type, params, self.observation_kind)


class StrategoState(pyspiel.State):
    """One position of a game. ``game`` is the engine's ``Game`` (the full position: read it
    only for the referee's side, never to decide for a player)."""

    def __init__(self, game: StrategoGame, position: Optional[Game] = None) -> None:
        super().__init__(game)
        self.game = position if position is not None else game._start.copy()
        #: Public moves played before ``game`` starts, in notation (set for a resampled
        #: world, which starts at the position it was drawn in).
        self.earlier_moves: Tuple[str, ...] = ()

    def current_player(self) -> int:
        if self.game.outcome is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.game.to_move)

    def _legal_actions(self, player: int) -> List[int]:
        # Sorted ascending by the engine; only the player to move is ever asked.
        return self.game.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.game.play_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.game.rules.action_move(Player(player), int(action)))

    def is_terminal(self) -> bool:
        return self.game.outcome is not None

    def returns(self) -> List[float]:
        outcome = self.game.outcome
        if outcome is None:
            return [0.0, 0.0]
        return [float(outcome.reward(p)) for p in _PLAYERS]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Optional[Callable[[], float]] = None
    ) -> "StrategoState":
        """A state ``player_id`` cannot tell from this one, drawn by the engine's
        ``PlayerView.sample_world`` with a seed from ``probability_sampler`` (a callable giving
        floats in [0, 1), such as ``pyspiel.UniformProbabilitySampler(0., 1.)``; a fresh
        random seed without it). The state starts at this position, so its ``history()`` is
        empty, but its information state for ``player_id`` equals this one's."""
        if probability_sampler is None:
            seed = int(np.random.default_rng().integers(2**63))
        else:
            seed = int(float(probability_sampler()) * 2**53)
        view = self.game.view(Player(player_id))
        state = StrategoState(self.get_game(), view.sample_world(seed))
        state.earlier_moves = self.public_moves()
        return state

    def public_moves(self) -> Tuple[str, ...]:
        """Every move so far as both players saw it (battles show both ranks)."""
        numbering = self.game.rules.numbering
        now = tuple(m.notation(numbering) for m in self.game.view(Player.RED).history)
        return self.earlier_moves + now

    def __str__(self) -> str:
        return f"{self.game}\nply {self.game.ply}, {self.game.position_full()}"


class StrategoObserver:
    """Observer of one player's view (OpenSpiel's ``PyObserver`` interface). The tensor is
    the engine's observation planes ``float32 [C, H, W]`` (``stratego.PLANES``; with the
    ``board_codes`` observation, the byte board as ``S`` floats), in the observer's frame;
    they already carry what that player has learnt of each enemy piece (revealed ranks,
    moved, seen sliding), so the information-state tensor is the same. The information-state
    string adds every public move to the board, so it is perfect recall; the observation
    string is the board alone."""

    def __init__(
        self, rules: Rules, iig_obs_type: Optional[Any], params: Optional[Dict[str, Any]], encoding: str = "planes"
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            raise ValueError("only one player's own view can be observed (public and private information)")
        self.perfect_recall = bool(kind.perfect_recall)
        shape = (rules.num_squares,) if encoding == "board_codes" else tuple(rules.observation_shape)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self._codes = np.zeros(rules.num_squares, np.uint8) if encoding == "board_codes" else None

    def set_from(self, state: StrategoState, player: int) -> None:
        if self._codes is None:
            state.game.observation_into(self.dict["observation"], Player(player))
        else:
            state.game.board_codes_into(self._codes, Player(player))
            self.tensor[:] = self._codes

    def string_from(self, state: StrategoState, player: int) -> str:
        view = state.game.view(Player(player))
        board = f"{view.player} at ply {view.ply}, {view.to_move} to move\n{view}"
        if not self.perfect_recall:
            return board
        return board + "\nmoves: " + " ".join(state.public_moves())


def load(params: Dict[str, Any]) -> Any:
    """The registered game with these parameters, through ``pyspiel.load_game``."""
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise ValueError(f"unknown parameters {unknown}; the game takes {sorted(PARAMETERS)}")
    return pyspiel.load_game(GAME_NAME, dict(params))


pyspiel.register_game(_GAME_TYPE, StrategoGame)
