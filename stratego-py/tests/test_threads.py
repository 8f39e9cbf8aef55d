"""Threads and interrupts. What the module does today, and what these tests hold it to:

- ``Game`` and ``VecEnv`` are mutable PyO3 classes, borrow-checked at run time. The calls that
  release the GIL (``Game.playout``, ``Game.perft``, ``VecEnv.step``/``reset``) keep their borrow
  while they run, so another thread that touches the same object meanwhile is *refused* with
  ``RuntimeError`` ("Already borrowed" / "Already mutably borrowed") and nothing changes; calls
  that keep the GIL run one at a time. Nothing is locked or waited for.
- Separate games in separate threads run in parallel and end exactly as when run alone.
- An interrupt (``KeyboardInterrupt`` from ``_thread.interrupt_main``) reaches Python only between
  calls, so a batch of ``VecEnv.step`` is never cut in half: every env is valid afterwards.
"""

from __future__ import annotations

import _thread
import threading
from typing import Callable, List

import numpy as np
import pytest

import stratego
from stratego import Game, Player, Rules

BORROWED = ("already borrowed", "already mutably borrowed")


def is_borrow_refusal(e: BaseException) -> bool:
    return isinstance(e, RuntimeError) and any(s in str(e).lower() for s in BORROWED)


def run_threads(targets: List[Callable[[], None]]) -> List[BaseException]:
    errors: List[BaseException] = []

    def wrap(f: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            try:
                f()
            except BaseException as e:  # noqa: BLE001 - reported to the test
                errors.append(e)

        return run

    threads = [threading.Thread(target=wrap(f)) for f in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def play_seeded(game: Game, plies: int, salt: int) -> None:
    for ply in range(plies):
        if game.is_over:
            return
        moves = game.legal_moves
        game.play(moves[(ply * 7919 + salt) % len(moves)])


@pytest.mark.parametrize("edition", ["isf", "barrage", "estrategia"])
def test_separate_games_in_threads_end_as_alone(edition: str) -> None:
    rules = Rules(edition)
    games = [Game.random(rules, seed=s) for s in range(4)]
    outcomes = [Game.random(rules, seed=s) for s in range(4)]
    errors = run_threads([lambda g=g, s=s: (play_seeded(g, 150, s), g.playout(seed=s)) and None for s, g in enumerate(games)])
    assert errors == []
    for s, alone in enumerate(outcomes):
        play_seeded(alone, 150, s)
        alone.playout(seed=s)
        assert games[s].position_full() == alone.position_full()
        assert games[s].outcome == alone.outcome
        assert games[s].history == alone.history


def test_a_shared_game_refuses_a_second_user_while_a_playout_runs() -> None:
    rules = Rules("isf(max_plies=100000)")
    game = Game.random(rules, seed=9)
    reference = Game.random(rules, seed=9)
    started = threading.Event()
    stop = threading.Event()
    seen: List[BaseException] = []
    reads = 0

    def playout() -> None:
        started.set()
        try:
            for _ in range(20):
                game.playout(seed=3, max_plies=500)
        finally:
            stop.set()

    def reader_and_writer() -> None:
        nonlocal reads
        started.wait()
        while not stop.is_set():
            for call in (game.position, game.legal_actions, lambda: game.play("z9-z10"), game.observation):
                try:
                    call()
                    reads += 1
                except BaseException as e:  # noqa: BLE001 - checked below
                    seen.append(e)

    errors = run_threads([playout, reader_and_writer])
    assert errors == []
    # Every failure is the borrow refusal or the refused bad move, never a crash or another error.
    for e in seen:
        assert is_borrow_refusal(e) or isinstance(e, stratego.ParseError), repr(e)
    # The game is as if the playouts had run alone: nothing the other thread did got in.
    for _ in range(20):
        reference.playout(seed=3, max_plies=500)
    assert game.position_full() == reference.position_full()
    assert game.history == reference.history
    assert game.outcome == reference.outcome


def test_a_shared_game_from_many_threads_stays_consistent() -> None:
    """Four threads play, undo and read one game with the GIL held: each call is whole."""
    rules = Rules("isf")
    game = Game.random(rules, seed=4)
    army = {p: sum(game.army(p).values()) for p in (Player.RED, Player.BLUE)}

    def worker(salt: int) -> None:
        for i in range(300):
            try:
                if game.is_over or (i + salt) % 5 == 0:
                    game.undo()
                else:
                    moves = game.legal_moves
                    if moves:
                        game.play(moves[(i * 31 + salt) % len(moves)])
            except stratego.IllegalMoveError:
                pass  # another thread moved first: the move was checked and refused
            except RuntimeError as e:
                assert is_borrow_refusal(e), repr(e)
            view = game.view(Player.RED)
            assert view.player == Player.RED

    errors = run_threads([lambda s=s: worker(s) for s in range(4)])
    assert errors == []
    # Pieces conserved, and the history replays to the same position.
    for p in (Player.RED, Player.BLUE):
        assert len(game.pieces_of(p)) + len(game.captured(p)) == army[p]
    again = Game.from_record(game.record())
    assert again.position_full() == game.position_full()


def test_a_shared_vec_env_stepped_from_two_threads() -> None:
    """Two threads step one VecEnv: a step that finds it in use is refused, the rest play."""
    rules = Rules("barrage")
    env = stratego.VecEnv(rules, 8, seed=2, observation="board_codes")
    refusals: List[BaseException] = []
    steps = [0]

    def run(salt: int) -> None:
        for i in range(200):
            try:
                env.step(env.random_actions(i * 2 + salt))
                steps[0] += 1
            except RuntimeError as e:
                refusals.append(e)
            except ValueError as e:
                # The other thread stepped between random_actions and step: a checked refusal.
                assert "env" in str(e), repr(e)

    errors = run_threads([lambda: run(0), lambda: run(1)])
    assert errors == []
    assert all(is_borrow_refusal(e) for e in refusals), refusals[:3]
    assert steps[0] > 0
    assert_every_env_valid(env)


def assert_every_env_valid(env: stratego.VecEnv) -> None:
    """Each env's lossless position reads back, its mask is the legal actions of that position,
    and a further step of legal actions plays."""
    rules = env.rules
    for i in range(env.num_envs):
        # The short text would drop the repetition rules' memory, and with it barred moves.
        game = Game.from_position(rules, env.position_full(i))
        legal = np.flatnonzero(env.masks[i]) if env.mask_kind == "bytes" else None
        if legal is not None:
            assert list(legal) == game.legal_actions(), f"env {i}: mask and position disagree"
        assert int(env.to_move[i]) == int(game.to_move)
    env.step(env.random_actions(12345))


def calls_until_interrupted(call: Callable[[int], object], limit: int) -> int:
    """Call ``call(0)``, ``call(1)``, ... until ``_thread.interrupt_main`` 0.05 s in raises
    ``KeyboardInterrupt`` (which must come before ``limit`` calls); the number of calls that
    returned."""
    timer = threading.Timer(0.05, _thread.interrupt_main)
    calls = 0
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            while calls < limit:
                call(calls)
                calls += 1
    finally:
        timer.cancel()
    assert calls < limit
    return calls


def test_an_interrupted_batch_leaves_every_env_valid() -> None:
    rules = Rules("isf")
    env = stratego.VecEnv(rules, 32, seed=7)
    steps = calls_until_interrupted(lambda s: env.step(env.random_actions(s)), 1_000_000)
    assert_every_env_valid(env)
    # The env goes on deterministically from where it stands: replaying the same steps on a fresh
    # env lands on the same positions. The interrupt may land after the last step returned and
    # before it was counted, so the batch played `steps` or `steps + 1` steps, whole either way.
    after = [env.position(i) for i in range(32)]
    candidates = []
    for played in (steps, steps + 1):
        fresh = stratego.VecEnv(rules, 32, seed=7)
        for s in range(played):
            fresh.step(fresh.random_actions(s))
        fresh.step(fresh.random_actions(12345))  # the step assert_every_env_valid played
        candidates.append([fresh.position(i) for i in range(32)])
    assert after in candidates, "the interrupted env matches no whole number of steps"


def test_an_interrupted_playout_leaves_the_game_valid() -> None:
    rules = Rules("isf(max_plies=1000000)")
    game = Game.random(rules, seed=5)
    def round_trip(seed: int) -> None:
        game.playout(seed=seed, max_plies=50)
        game.undo()

    calls_until_interrupted(round_trip, 100_000)
    again = Game.from_record(game.record())
    assert again.position_full() == game.position_full()
    if not game.is_over:
        game.play(game.legal_moves[0])
