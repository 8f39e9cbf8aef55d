"""``MoveList``: what ``Game.legal_moves`` and ``PlayerView.legal_moves`` return."""

from __future__ import annotations

from typing import List

from ._stratego import Move

__all__ = ["MoveList"]


class MoveList(List[Move]):
    """The legal moves, in the engine's order: a ``list`` of ``Move`` that also answers for
    move text, as python-chess users test ``move in board.legal_moves``.

    >>> import stratego
    >>> moves = stratego.Game.random("barrage", seed=1).legal_moves
    >>> moves[0] in moves, str(moves[0]) in moves, "a1-a2" in moves
    (True, True, False)

    Text that is no move raises ``ParseError``; anything but a ``Move`` or text ``TypeError``
    (a list would quietly say ``False``).
    """

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            item = Move(item)
        elif not isinstance(item, Move):
            raise TypeError(f"legal moves hold Moves: test a Move or move text such as 'a4-a5', not {type(item).__name__}")
        return list.__contains__(self, item)
