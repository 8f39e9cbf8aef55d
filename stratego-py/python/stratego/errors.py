"""The engine's exceptions. Each derives from ``ValueError`` and carries the details as
attributes; a call that raises one has changed nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

if TYPE_CHECKING:
    from ._stratego import IllegalReason, Move, SetupProblem

__all__ = ["ParseError", "TooLargeError", "SetupError", "IllegalMoveError", "RulesError"]


class ParseError(ValueError):
    """Text that could not be read: ``what`` it was meant to be (``"square"``, ``"move"``,
    ``"rules"``, ``"record"``, ...), the ``text``, the byte ``position`` and the ``reason``."""

    what: str
    text: str
    position: int
    reason: str

    def __init__(self, message: str, *, what: str = "", text: str = "", position: int = 0, reason: str = "") -> None:
        super().__init__(message)
        self.what = what
        self.text = text
        self.position = position
        self.reason = reason


class TooLargeError(ParseError):
    """Input over its size limit, refused before it was read: a text longer than its reader
    accepts (rules, setup, position, record or view JSON, Gravon XML) or a record or view with
    more moves than a game can hold. A ``ParseError``, so ``except ParseError`` catches it too.
    Each limit holds the longest text the engine writes for a game it plays, so what the
    engine writes always reads back; ``position`` is the limit, and ``reason`` names it."""


class SetupError(ValueError):
    """A setup (or two) that breaks the rules: ``problems`` lists every problem found, each a
    ``SetupProblem`` (``kind``, ``square``, ``rank``, ``expected``, ``found``; ``str`` is the
    sentence)."""

    problems: List[SetupProblem]

    def __init__(self, message: str, *, problems: Optional[List[SetupProblem]] = None) -> None:
        super().__init__(message)
        self.problems = list(problems or [])


class IllegalMoveError(ValueError):
    """A move the rules do not allow now: ``move`` and ``reason`` (an ``IllegalReason``);
    ``ply`` is the 1-based ply when the move comes from a replayed record, else ``None``."""

    move: Optional[Move]
    reason: Optional[IllegalReason]
    ply: Optional[int]

    def __init__(
        self,
        message: str,
        *,
        move: Optional[Move] = None,
        reason: Optional[IllegalReason] = None,
        ply: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.move = move
        self.reason = reason
        self.ply = ply


class RulesError(ValueError):
    """Rules that cannot be played: the builder's inputs contradict each other."""
