"""Matches between agents, and statistics over games.

``play(a, b, rules, games=N)`` plays agent A against agent B in pairs: both games of a pair
start from the same two setups with the colours swapped, so neither agent profits from a lucky
setup or from moving first. Every game is a pure function of the seed and its index, so the
same seed gives the same games whatever the number of ``workers``. The result holds every game
(``games``, ``records``) and the summary from A's side: ``wins``, ``draws``, ``losses``,
``score`` with its 95 % interval ``score_ci``, the Elo difference ``elo`` with ``elo_ci``,
``terminations`` by kind and game ``lengths``. ``print(result)`` shows a summary table (and a
notebook an HTML one).

>>> import stratego
>>> from stratego.agents import HeuristicAgent, RandomAgent
>>> result = stratego.arena.play(HeuristicAgent(), RandomAgent(), "barrage", games=8, seed=1)
>>> result.wins + result.draws + result.losses
8
>>> result.score_ci[0] <= result.score <= result.score_ci[1]
True
>>> replayed = stratego.Game.from_record(result.records[0])

``stats(records)`` counts results by game type, termination and length over records that
already exist (the engine's, or Gravon XML):

>>> table = stratego.arena.stats(result.records)
>>> table.total.games
8

Built-in agents play entirely in Rust on ``workers`` threads with the GIL released. A Python
callable is called back under the GIL, so on a standard (GIL) build of Python extra workers do
not make it faster; its games are reproducible across workers when it decides from the view
alone (it is one object shared by all games, not a fresh agent per game).
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Iterable, List, Optional, Union

from ._rules_arg import RulesLike, as_rules
from ._stratego import (
    ArenaResult,
    CollectionStats,
    GameResult,
    GroupStats,
    Lengths,
    Rules,
    arena_games,
    arena_play,
    collection_stats,
)

__all__ = [
    "ArenaResult",
    "CollectionStats",
    "GameResult",
    "GroupStats",
    "Lengths",
    "play",
    "play_games",
    "stats",
]

Progress = Union[bool, Callable[[int, int], Any], None]


class _StderrBar:
    """``progress=True``: one self-overwriting line on stderr, ended when the match is."""

    def __init__(self, label: str) -> None:
        self.label = label

    def __call__(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        bar = "#" * filled + "-" * (width - filled)
        end = "\n" if done >= total else ""
        sys.stderr.write(f"\r{self.label} [{bar}] {done}/{total} games{end}")
        sys.stderr.flush()


def progress_callback(progress: Progress, label: str = "arena") -> Optional[Callable[[int, int], Any]]:
    """The callback a ``progress`` argument stands for: ``True`` draws a bar on stderr, a
    callable is called as ``progress(done, total)`` after each finished game, ``False`` or
    ``None`` reports nothing.

    >>> progress_callback(False) is None
    True
    """
    if progress is True:
        return _StderrBar(label)
    if progress is False or progress is None:
        return None
    if callable(progress):
        return progress
    raise TypeError(f"progress must be a bool or a callable(done, total), not {type(progress).__name__}")


def play(
    a: Any,
    b: Any,
    rules: RulesLike,
    games: int = 100,
    seed: int = 0,
    workers: Optional[int] = None,
    *,
    max_plies: Optional[int] = None,
    progress: Progress = False,
) -> ArenaResult:
    """Play ``games`` games of agent ``a`` against agent ``b`` under ``rules`` (a ``Rules`` or
    its text form) and return the ``ArenaResult``.

    Game ``i`` belongs to pair ``i // 2``; A plays Red in a pair's first game and Blue in its
    second, both from the pair's two setups. Agents are built-in agents (``stratego.agents``;
    each game gets a fresh one, its seed drawn from the match seed and mixed with the agent's
    own) or any callable from a ``PlayerView`` to a ``Move`` (or move text, or ``None`` to
    resign). ``workers`` is the number of threads (the machine's by default); the games do not
    depend on it. Every game is capped at ``max_plies`` (2000 by default, or the rules' own
    smaller cap), a draw when reached. ``progress=True`` draws a bar on stderr; a callable gets
    ``(done, total)`` after each game.

    An exception raised by a Python agent (or the progress callback), an illegal move it
    returns (``IllegalMoveError``) or Ctrl-C stops the match and is raised here.

    >>> from stratego.agents import RandomAgent
    >>> r = play(RandomAgent(seed=1), RandomAgent(seed=2), "barrage", games=4, seed=9, workers=2)
    >>> r == play(RandomAgent(seed=1), RandomAgent(seed=2), "barrage", games=4, seed=9, workers=1)
    True
    """
    return arena_play(
        a,
        b,
        as_rules(rules),
        games,
        seed=seed,
        workers=workers,
        max_plies=max_plies,
        progress=progress_callback(progress),
    )


def play_games(
    a: Any,
    b: Any,
    rules: RulesLike,
    indices: Iterable[int],
    seed: int = 0,
    *,
    max_plies: Optional[int] = None,
) -> List[GameResult]:
    """Play only the games ``indices`` of the match ``play`` would play with these arguments,
    one after the other on one thread (with the GIL released for built-in agents). Each is the
    very game of that index in the whole match, so shards of one match played anywhere gather
    into the same result: ``ArenaResult(shard_1 + shard_2 + ...)``.

    >>> from stratego.agents import HeuristicAgent, RandomAgent
    >>> whole = play(HeuristicAgent(), RandomAgent(), "barrage", games=4, seed=2)
    >>> shards = [play_games(HeuristicAgent(), RandomAgent(), "barrage", ix, seed=2) for ix in ([0, 3], [1, 2])]
    >>> ArenaResult(shards[0] + shards[1]) == whole
    True
    """
    return arena_games(a, b, as_rules(rules), list(indices), seed=seed, max_plies=max_plies)


def stats(records: Iterable[Any]) -> CollectionStats:
    """Statistics over existing games, grouped by rule set (engine records) or game type
    (Gravon records): results, terminations by name and lengths, per group and in ``total``.

    ``records`` may mix engine records (JSON text as ``Game.record()`` writes it, or its dict),
    ``Game`` and ``GameResult`` objects, and Gravon XML text. A record that does not replay
    raises the engine's error.

    >>> import stratego
    >>> game = stratego.Game.random(stratego.Rules.edition("barrage"), seed=0)
    >>> outcome = game.resign(stratego.Player.BLUE)
    >>> s = stats([game.record()])
    >>> (s.total.games, s.total.red_wins, s.total.terminations)
    (1, 1, {'resigned': 1})
    """
    return collection_stats(records)
