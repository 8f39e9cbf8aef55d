"""A Stratego rules engine: every edition, validated setups, legal moves, outcomes,
hidden-information views, SVG boards and NumPy encodings for reinforcement learning.

>>> import stratego
>>> rules = stratego.Rules("isf(two_square=5)")
>>> game = stratego.Game.random(rules, seed=0)
>>> report = game.play(game.legal_moves[0])
>>> game.ply
1

The RL environments live in ``stratego.envs`` (install the ``envs`` extra); importing
``stratego`` does not import pettingzoo or gymnasium. Baseline agents are in
``stratego.agents``, matches between agents and statistics over records in ``stratego.arena``,
seeded self-play in ``stratego.selfplay``, and both on a Ray cluster in
``stratego.distributed`` (the ``distributed`` extra; imported only when asked for).
"""

from ._stratego import (
    DEFAULT_MAX_PLIES,
    ENCODING_VERSION,
    PLANES,
    RESCUE_PLANES,
    Battle,
    BattleReport,
    Edition,
    Game,
    IllegalReason,
    Move,
    MoveReport,
    Numbering,
    Outcome,
    Piece,
    Player,
    PlayerView,
    PublicMove,
    Rank,
    Rules,
    Setup,
    Square,
    SetupProblem,
    SetupProblemKind,
    SquareKind,
    SquareView,
    Termination,
    VecEnv,
    __version__,
    parse_gravon,
    perft,
    write_gravon,
)
from . import agents, arena, envs, gravon, selfplay, svg
from .gravon import iter_gravon, read_gravon
from .errors import IllegalMoveError, ParseError, RulesError, SetupError, TooLargeError

__all__ = [
    "DEFAULT_MAX_PLIES",
    "ENCODING_VERSION",
    "PLANES",
    "RESCUE_PLANES",
    "Battle",
    "BattleReport",
    "Edition",
    "Game",
    "IllegalMoveError",
    "IllegalReason",
    "Move",
    "MoveReport",
    "Numbering",
    "Outcome",
    "ParseError",
    "Piece",
    "Player",
    "PlayerView",
    "PublicMove",
    "Rank",
    "Rules",
    "RulesError",
    "Setup",
    "SetupError",
    "Square",
    "SetupProblem",
    "SetupProblemKind",
    "SquareKind",
    "SquareView",
    "Termination",
    "TooLargeError",
    "VecEnv",
    "__version__",
    "iter_gravon",
    "parse_gravon",
    "perft",
    "read_gravon",
    "write_gravon",
]
