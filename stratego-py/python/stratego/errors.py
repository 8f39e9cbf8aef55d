"""The engine's exceptions. Each derives from ``ValueError`` and carries the details as
attributes; a call that raises one has changed nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

if TYPE_CHECKING:
    from ._stratego import IllegalReason, Move

__all__ = ["ParseError", "SetupError", "IllegalMoveError", "RulesError"]


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


class SetupError(ValueError):
    """A setup (or two) that breaks the rules: ``problems`` lists every problem found, one
    sentence each."""

    problems: List[str]

    def __init__(self, message: str, *, problems: Optional[List[str]] = None) -> None:
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
