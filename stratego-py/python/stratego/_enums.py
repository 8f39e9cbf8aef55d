"""The engine's closed sets as Python enums: ``Player``, ``Rank``, ``Numbering``, ``Edition``,
``Termination``, ``Battle`` and ``IllegalReason``.

They are ordinary :mod:`enum` classes, so they iterate, have a length, look members up by name
and by value, and pickle by name:

>>> import stratego
>>> len(stratego.Rank), list(stratego.Player)
(12, [Player.RED, Player.BLUE])
>>> stratego.Rank["MARSHAL"], stratego.Rank.MARSHAL.value
(Rank.MARSHAL, 10)

Values are the engine's (and the C ABI's) indices: ``Rank`` counts Flag 0, Spy 1, Scout 2, ...,
Marshal 10, Bomb 11 in every numbering, ``Player`` is Red 0, Blue 1, and the other sets count
from 0 in the order listed. ``Rank`` and ``Player`` are :class:`enum.IntEnum` (their index
is how encodings and arrays address them); the others are plain :class:`enum.Enum`.

A rank's *label* depends on the numbering (the Marshal is "10" in Modern/ISF numbering and "1"
in Classic), so labels never go through ``Rank(...)``, only through an explicit call:

>>> stratego.Rank.from_label("10", stratego.Numbering.MODERN)
Rank.MARSHAL
>>> stratego.Rank.from_label("1", stratego.Numbering.CLASSIC)
Rank.MARSHAL
>>> stratego.Rank.MARSHAL.label(stratego.Numbering.CLASSIC)
'1'

The old spellings still work: ``Rank("Marshal")``, ``Player("red")``, ``Edition("isf")`` (a
name in any case), ``Rank.all()``, ``Rank.from_index(10)``, ``rank.index``.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, List, Optional, Type, TypeVar, Union

if TYPE_CHECKING:
    from ._stratego import Rules

__all__ = ["Battle", "Edition", "IllegalReason", "Numbering", "Player", "Rank", "SquareKind", "Termination"]


_E = TypeVar("_E", bound=enum.Enum)


def _by_name(cls: Type[_E], value: object) -> Optional[_E]:
    """The member of ``cls`` named ``value`` in any case, for ``Cls("name")`` (also how pickles
    from before these classes were enums load); a ``ParseError`` naming the choices."""
    if isinstance(value, str):
        member = cls.__members__.get(value.upper())
        if member is not None:
            return member
        from .errors import ParseError

        names = ", ".join(m.name for m in cls)
        reason = f"expected one of {names} (any case)"
        what = cls.__name__.lower()
        raise ParseError(f"invalid {what} {value!r}: {reason}", what=what, text=value, reason=reason)
    return None


class _Named:
    """What every set shares: eval-able reprs (``Rank.MARSHAL``), as every other repr of the
    module, and ``Cls("name")`` in any case."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{getattr(self, 'name')}"

    @classmethod
    def _missing_(cls, value: object) -> object:
        return _by_name(cls, value)  # type: ignore[type-var]


class Player(_Named, enum.IntEnum):
    """One of the two sides: ``Player.RED`` (0) moves first, ``Player.BLUE`` (1) second.
    ``str(player)`` is ``"red"`` or ``"blue"``; ``Player("r")`` and ``Player("Blue")`` read a name.
    """

    RED = 0
    BLUE = 1

    @classmethod
    def _missing_(cls, value: object) -> Optional[Player]:
        if isinstance(value, str) and value.lower() in ("r", "b"):
            return cls.RED if value.lower() == "r" else cls.BLUE
        return _by_name(cls, value)

    @staticmethod
    def from_index(index: int) -> Player:
        """The player at ``index``: 0 for Red, 1 for Blue (the same as ``Player(index)``)."""
        return Player(_index(index, "player index", 1))

    @property
    def index(self) -> int:
        """0 for Red, 1 for Blue (the value)."""
        return int(self.value)

    @property
    def opponent(self) -> Player:
        """The other player."""
        return Player.BLUE if self is Player.RED else Player.RED

    def __str__(self) -> str:
        return self.name.lower()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Numbering(_Named, enum.Enum):
    """How ranks are labelled; the rules are the same whichever is shown.
    ``CLASSIC`` (0): Milton Bradley, 1 = Marshal .. 9 = Scout, S = Spy.
    ``MODERN`` (1), also spelled ``ISF``: European / ISF, 10 = Marshal .. 2 = Scout, 1 = Spy.
    """

    CLASSIC = 0
    MODERN = 1
    #: The ISF's name for the modern numbering (an alias: ``Numbering.ISF is Numbering.MODERN``).
    ISF = 1

    def label(self, rank: Rank) -> str:
        """The label of ``rank`` in this numbering: ``"10"``, ``"S"``, ``"B"``."""
        from ._stratego import _rank_label

        return _rank_label(rank, self)

    def rank(self, label: str) -> Optional[Rank]:
        """The rank labelled ``label`` (``"10"``, ``"S"``) in this numbering, or ``None``."""
        from ._stratego import _rank_of_label

        return _rank_of_label(label, self)

    def __str__(self) -> str:
        return self.name.lower()


class Rank(_Named, enum.IntEnum):
    """A piece's rank. Values are the engine's index order, the same in every numbering:
    FLAG 0, SPY 1, SCOUT 2, MINER 3, SERGEANT 4, LIEUTENANT 5, CAPTAIN 6, MAJOR 7, COLONEL 8,
    GENERAL 9, MARSHAL 10, BOMB 11; ranks compare in that order. ``str(rank)`` is the English
    name (``"Marshal"``); a numbering's label goes through ``Rank.from_label`` and ``label``.
    """

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

    @classmethod
    def _missing_(cls, value: object) -> Optional[Rank]:
        if isinstance(value, str) and value.strip().isdigit():
            from .errors import ParseError

            reason = (
                "a label's rank depends on the numbering: "
                f"use Rank.from_label({value!r}, Numbering.MODERN) or Numbering.CLASSIC"
            )
            raise ParseError(f"invalid rank {value!r}: {reason}", what="rank", text=value, reason=reason)
        return _by_name(cls, value)

    @staticmethod
    def all() -> List[Rank]:
        """Every rank, in index order (the same as ``list(Rank)``)."""
        return list(Rank)

    @staticmethod
    def from_index(index: int) -> Rank:
        """The rank at ``index`` (Flag 0, Spy 1, ..., Marshal 10, Bomb 11)."""
        return Rank(_index(index, "rank index", 11))

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

    @property
    def index(self) -> int:
        """Position in ``Rank.all()`` (the value): Flag 0, Spy 1, ..., Marshal 10, Bomb 11."""
        return int(self.value)

    def label(self, numbering: Numbering = Numbering.MODERN) -> str:
        """The label in ``numbering`` (Modern by default): ``"10"``, ``"S"``, ``"B"``.
        ``rules.label(rank)`` uses the rules' own numbering."""
        return numbering.label(self)

    def __str__(self) -> str:
        return self.name.capitalize()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Edition(_Named, enum.Enum):
    """A published rule set; ``Rules.edition(Edition.ISF)`` gives its preset. ``str(edition)``
    is the name the rules text form uses (``"isf"``); ``Edition("isf")`` reads it back."""

    CLASSIC = 0
    JUMBO = 1
    ISF = 2
    BARRAGE = 3
    DUEL = 4
    ESTRATEGIA = 5
    ULTIMATE_LIGHTNING = 6

    @staticmethod
    def all() -> List[Edition]:
        """Every edition (the same as ``list(Edition)``)."""
        return list(Edition)

    def __str__(self) -> str:
        return self.name.lower()


class Termination(_Named, enum.Enum):
    """Why a game ended: ``FLAG_CAPTURED``, ``NO_LEGAL_MOVE`` (the loser cannot move),
    ``BOTH_STUCK`` (a draw), ``PLY_CAP`` and ``NO_BATTLE_CAP`` (draws by a cap), ``RESIGNATION``."""

    FLAG_CAPTURED = 0
    NO_LEGAL_MOVE = 1
    BOTH_STUCK = 2
    PLY_CAP = 3
    NO_BATTLE_CAP = 4
    RESIGNATION = 5


class Battle(_Named, enum.Enum):
    """The result of an attack, seen from the attacker: ``ATTACKER_WINS`` (it takes the square),
    ``DEFENDER_WINS`` (the attacker is removed), ``BOTH_DIE``."""

    ATTACKER_WINS = 0
    DEFENDER_WINS = 1
    BOTH_DIE = 2


class IllegalReason(_Named, enum.Enum):
    """Why a move is not legal (``IllegalMoveError.reason``); ``str(reason)`` is a sentence."""

    GAME_OVER = 0
    OFF_BOARD = 1
    NO_PIECE = 2
    NOT_YOUR_PIECE = 3
    IMMOVABLE = 4
    OWN_PIECE = 5
    LAKE = 6
    UNREACHABLE = 7
    BLOCKED = 8
    SLIDE_ATTACK = 9
    TWO_SQUARE_RULE = 10
    CHASE_RULE = 11
    NO_RETURN = 12
    RESCUE_PENDING = 13
    NO_RESCUE_PENDING = 14
    NOT_CAPTURED = 15
    OUTSIDE_RESCUE_ZONE = 16
    OCCUPIED = 17
    NOT_YOUR_TURN = 18

    def __str__(self) -> str:
        from ._stratego import _reason_text

        return _reason_text(self)


class SquareKind(_Named, str, enum.Enum):
    """What a square holds for the player who sees it (``SquareView.kind``): ``EMPTY``,
    ``LAKE``, ``OWN`` (a piece of the viewer) or ``ENEMY``. Each member is also its text, so
    ``view.square("a1").kind == "own"`` holds and a member hashes, prints and serializes as
    that text."""

    EMPTY = "empty"
    LAKE = "lake"
    OWN = "own"
    ENEMY = "enemy"

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    def __hash__(self) -> int:
        return hash(str(self.value))


def _index(index: object, what: str, top: int) -> int:
    """``index`` as an int in ``0..=top``: a ``ValueError`` naming the range, a ``TypeError``
    for no integer (bools included)."""
    import operator

    if isinstance(index, bool):
        raise TypeError(f"{what} must be an int, not bool")
    try:
        i = operator.index(index)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be an int, not {type(index).__name__}") from None
    if not 0 <= i <= top:
        raise ValueError(f"{what} must be in 0..={top}, got {i}")
    return i


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
