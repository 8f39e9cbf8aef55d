"""The engine's closed sets as Python enums: ``Player``, ``Rank``, ``Numbering``, ``Edition``,
``Termination``, ``Battle`` and ``IllegalReason``.

They are ordinary :mod:`enum` classes, so they iterate, have a length, look members up by name
and by value, and pickle by name:

>>> import stratego
>>> len(stratego.Rank), list(stratego.Player)
(12, [Player.RED, Player.BLUE])
>>> stratego.Rank["MARSHAL"], stratego.Rank.MARSHAL.value
(Rank.MARSHAL, 10)

Names and values are the engine's, the same in Rust and C (``STRATEGO_RANK_MARSHAL`` is 10):
``Rank`` counts Flag 0, Spy 1, Scout 2, ..., Marshal 10, Bomb 11 in every numbering, ``Player``
is Red 0, Blue 1; ``Termination``, ``Battle``, ``IllegalReason`` and ``SetupProblemKind`` count
from 1 (C keeps 0 for "none"). The member lines between the ``generated`` markers are written
by ``scripts/gen_enums.py`` from the engine's table (``_stratego._enum_table()``), and a test
fails when they differ. ``Rank``, ``Player`` and ``SquareKind`` are :class:`enum.IntEnum`
(their value is how encodings and arrays address them); the others are plain
:class:`enum.Enum`.

A rank's *label* depends on the numbering (the Marshal is "10" in Modern/ISF numbering and "1"
in Classic), so labels never go through ``Rank(...)``, only through an explicit call:

>>> stratego.Rank.from_label("10", stratego.Numbering.MODERN)
Rank.MARSHAL
>>> stratego.Rank.from_label("1", stratego.Numbering.CLASSIC)
Rank.MARSHAL
>>> stratego.Rank.MARSHAL.label(stratego.Numbering.CLASSIC)
'1'
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Optional, Union

if TYPE_CHECKING:
    from ._stratego import Rules

__all__ = [
    "Battle",
    "Edition",
    "IllegalReason",
    "Numbering",
    "Player",
    "Rank",
    "SetupProblemKind",
    "SquareKind",
    "Termination",
]


class _Named:
    """What every set shares: eval-able reprs (``Rank.MARSHAL``), as every other repr of the
    module."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{getattr(self, 'name')}"


class _Lowercase(_Named):
    """A set whose ``str`` is the lowercase name (``"red"``, ``"isf"``): the text form reads."""

    def __str__(self) -> str:
        return str(getattr(self, "name")).lower()


class Player(_Lowercase, enum.IntEnum):
    """One of the two sides: ``Player.RED`` (0) moves first, ``Player.BLUE`` (1) second.
    ``str(player)`` is ``"red"`` or ``"blue"``; ``Player(1)`` is ``Player.BLUE``."""

    # generated: Player
    RED = 0
    BLUE = 1
    # end generated

    @property
    def opponent(self) -> Player:
        """The other player."""
        return Player.BLUE if self is Player.RED else Player.RED

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Numbering(_Lowercase, enum.Enum):
    """How ranks are labelled; the rules are the same whichever is shown.
    ``CLASSIC`` (0): Milton Bradley, 1 = Marshal .. 9 = Scout, S = Spy.
    ``MODERN`` (1): European / ISF, 10 = Marshal .. 2 = Scout, 1 = Spy.
    """

    # generated: Numbering
    CLASSIC = 0
    MODERN = 1
    # end generated

    def label(self, rank: Rank) -> str:
        """The label of ``rank`` in this numbering: ``"10"``, ``"S"``, ``"B"``."""
        from ._stratego import _rank_label

        return _rank_label(rank, self)

    def rank(self, label: str) -> Optional[Rank]:
        """The rank labelled ``label`` (``"10"``, ``"S"``) in this numbering, or ``None``."""
        from ._stratego import _rank_of_label

        return _rank_of_label(label, self)


class Rank(_Named, enum.IntEnum):
    """A piece's rank. Values are the engine's index order, the same in every numbering:
    FLAG 0, SPY 1, SCOUT 2, MINER 3, SERGEANT 4, LIEUTENANT 5, CAPTAIN 6, MAJOR 7, COLONEL 8,
    GENERAL 9, MARSHAL 10, BOMB 11; ranks compare in that order. ``str(rank)`` is the English
    name (``"Marshal"``); a numbering's label goes through ``Rank.from_label`` and ``label``.
    """

    # generated: Rank
    FLAG = 0
    SPY = 1
    SCOUT = 2
    MINER = 3
    SERGEANT = 4
    LIEUTENANT = 5
    CAPTAIN = 6
    MAJOR = 7
    COLONEL = 8
    GENERAL = 9
    MARSHAL = 10
    BOMB = 11
    # end generated

    @staticmethod
    def from_label(label: str, numbering: Union[Numbering, Rules, Edition, str]) -> Rank:
        """The rank labelled ``label`` (``"10"``, ``"S"``, ``"B"``) in ``numbering``: a
        ``Numbering``, or the ``Rules``/``Edition`` (or rules text) whose numbering applies.
        A ``ValueError`` when no rank has that label there.

        >>> Rank.from_label("S", Numbering.CLASSIC)
        Rank.SPY
        >>> Rank.from_label("1", "classic")
        Rank.MARSHAL
        """
        n = _numbering_of(numbering)
        rank = n.rank(label)
        if rank is None:
            labels = ", ".join(n.label(r) for r in Rank)
            raise ValueError(f"no rank is labelled {label!r} in the {n} numbering (labels: {labels})")
        return rank

    def label(self, numbering: Numbering = Numbering.MODERN) -> str:
        """The label in ``numbering`` (Modern by default): ``"10"``, ``"S"``, ``"B"``.
        ``rules.label(rank)`` uses the rules' own numbering."""
        return numbering.label(self)

    def __str__(self) -> str:
        return self.name.capitalize()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Edition(_Lowercase, enum.Enum):
    """A published rule set; ``Rules.edition(Edition.ISF)`` gives its preset. ``str(edition)``
    is the name the rules text form uses (``"isf"``), which ``Rules.edition`` also takes."""

    # generated: Edition
    CLASSIC = 0
    JUMBO = 1
    ISF = 2
    BARRAGE = 3
    DUEL = 4
    ESTRATEGIA = 5
    ULTIMATE_LIGHTNING = 6
    # end generated


class Termination(_Named, enum.Enum):
    """Why a game ended: ``FLAG_CAPTURED``, ``NO_LEGAL_MOVE`` (the loser cannot move),
    ``BOTH_STUCK`` (a draw), ``PLY_CAP`` and ``NO_BATTLE_CAP`` (draws by a cap), ``RESIGNATION``."""

    # generated: Termination
    FLAG_CAPTURED = 1
    NO_LEGAL_MOVE = 2
    BOTH_STUCK = 3
    PLY_CAP = 4
    NO_BATTLE_CAP = 5
    RESIGNATION = 6
    # end generated


class Battle(_Named, enum.Enum):
    """The result of an attack, seen from the attacker: ``ATTACKER_WINS`` (it takes the square),
    ``DEFENDER_WINS`` (the attacker is removed), ``BOTH_DIE``."""

    # generated: Battle
    ATTACKER_WINS = 1
    DEFENDER_WINS = 2
    BOTH_DIE = 3
    # end generated


class IllegalReason(_Named, enum.Enum):
    """Why a move is not legal (``IllegalMoveError.reason``); ``str(reason)`` is a sentence."""

    # generated: IllegalReason
    GAME_OVER = 1
    OFF_BOARD = 2
    NO_PIECE = 3
    NOT_YOUR_PIECE = 4
    IMMOVABLE = 5
    OWN_PIECE = 6
    LAKE = 7
    UNREACHABLE = 8
    BLOCKED = 9
    SLIDE_ATTACK = 10
    TWO_SQUARE_RULE = 11
    CHASE_RULE = 12
    NO_RETURN = 13
    RESCUE_PENDING = 14
    NO_RESCUE_PENDING = 15
    NOT_CAPTURED = 16
    OUTSIDE_RESCUE_ZONE = 17
    OCCUPIED = 18
    NOT_YOUR_TURN = 19
    # end generated

    def __str__(self) -> str:
        from ._stratego import _reason_text

        return _reason_text(self)


class SquareKind(_Lowercase, enum.IntEnum):
    """What a square holds for the player who sees it (``SquareView.kind``): ``EMPTY`` (0),
    ``LAKE`` (1), ``OWN`` (2, a piece of the viewer) or ``ENEMY`` (3). ``str(kind)`` is the
    lowercase name, the text ``SquareView("own", ...)`` takes."""

    # generated: SquareKind
    EMPTY = 0
    LAKE = 1
    OWN = 2
    ENEMY = 3
    # end generated


class SetupProblemKind(_Named, enum.Enum):
    """What is wrong with a setup (``SetupProblem.kind``)."""

    # generated: SetupProblemKind
    WRONG_PLAYER = 1
    OFF_BOARD = 2
    OUTSIDE_ZONE = 3
    ON_LAKE = 4
    OCCUPIED = 5
    WRONG_COUNT = 6
    TOO_MANY = 7
    FLAG_NOT_IN_CORNER = 8
    MISPLACED = 9
    # end generated


def _numbering_of(source: object) -> Numbering:
    """The numbering a ``Numbering``, ``Rules``, ``Edition`` or rules text stands for."""
    if isinstance(source, Numbering):
        return source
    from ._stratego import Rules

    if isinstance(source, Edition):
        return Rules.edition(source).numbering
    if isinstance(source, (Rules, str)):
        return (source if isinstance(source, Rules) else Rules(source)).numbering
    raise TypeError(f"expected a Numbering, Rules, Edition or rules text, not {type(source).__name__}")
