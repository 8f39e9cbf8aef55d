"""The habits of python-chess, PettingZoo and NumPy users: rules as text, fresh entropy, one
move-id mapping, agents that answer with ids, honest range errors, `in legal_moves`."""

from __future__ import annotations

import pickle
from typing import Any, Callable, List

import numpy as np
import pytest

import stratego
from stratego import Edition, Game, Move, Player, Rules, Setup, SquareView
from stratego.agents import RandomAgent, answer_move


def test_every_rules_argument_takes_text_and_editions() -> None:
    barrage = Rules("barrage")
    assert Game.random("barrage", seed=3) == Game.random(barrage, seed=3) == Game.random(Edition.BARRAGE, seed=3)
    assert Setup.random("isf", Player.RED, seed=4) == Setup.random(Rules("isf"), Player.RED, seed=4)
    assert Setup.random_pair("barrage", seed=5) == Setup.random_pair(barrage, seed=5)
    red, blue = Setup.random_pair("barrage", seed=5)
    assert Game("barrage", red, blue) == Game(barrage, red, blue)
    assert red.is_valid("barrage") and red.problems("barrage") == [] and red.to_text("barrage") == red.to_text(barrage)
    assert Setup.parse("barrage", Player.RED, red.to_text(barrage)) == red
    assert Setup.zone_squares("duel", Player.RED) == Setup.zone_squares(Rules("duel"), Player.RED)
    position = Game.random(barrage, seed=1).position()
    assert Game.from_position("barrage", position) == Game.from_position(barrage, position)
    with pytest.raises(stratego.ParseError):
        Game.random("no such edition")
    with pytest.raises(TypeError, match="rules must be Rules, their text form"):
        Game.random(3)  # type: ignore[arg-type]


def test_without_a_seed_each_game_is_fresh_and_with_one_reproducible() -> None:
    fresh = {Game.random("isf").position() for _ in range(4)}
    assert len(fresh) == 4  # 4 draws from 2**64 seeds: a repeat would be a broken source
    assert len({Setup.random("isf", Player.BLUE).to_text("isf") for _ in range(4)}) == 4
    assert Game.random("isf", seed=9) == Game.random("isf", seed=9)
    assert Game.random("isf", seed=0) == Game.random("isf", seed=0) != Game.random("isf", seed=1)


def test_one_move_id_mapping_on_game_view_and_rules() -> None:
    game = Game.random("isf", seed=2)
    for _ in range(2):  # Red to move, then Blue (ids are in the mover's frame)
        player = game.to_move
        view, rules = game.view(player), game.rules
        for move in game.legal_moves:
            ids = {game.action_id(move), view.action_id(move), rules.action_id(player, move), view.action_id(str(move))}
            assert len(ids) == 1
            (i,) = ids
            assert game.action_move(i) == view.action_move(i) == rules.action_move(player, i) == move
        assert sorted(game.action_id(m) for m in game.legal_moves) == game.legal_actions() == view.legal_actions()
        game.play(game.legal_moves[0])
    # The other player's view maps ids in its own frame, as Rules does for that player.
    other = game.view(game.to_move.opponent)
    assert other.action_move(123) == game.rules.action_move(game.to_move.opponent, 123)
    for call in (game.action_move, game.view(Player.RED).action_move, lambda a: game.rules.action_move(Player.RED, a)):
        for bad in (-1, 10_000, 2**70, np.int64(-2)):
            with pytest.raises(ValueError, match=rf"action id must be in 0\.\.10000, got {int(bad)}$"):
                call(bad)
        with pytest.raises(TypeError, match="not bool"):
            call(True)


def test_an_agent_may_answer_a_move_text_an_id_or_none() -> None:
    view = Game.random("barrage", seed=6).view(Player.RED)
    move = view.legal_moves[0]
    for answer in (move, str(move), view.action_id(move), np.int64(view.action_id(move)), np.uint16(view.action_id(move))):
        assert answer_move(view, answer) == move
    assert answer_move(view, None) is None
    with pytest.raises(stratego.IllegalMoveError):
        answer_move(view, "a1-a2")
    with pytest.raises(ValueError, match="0..10000"):
        answer_move(view, -1)
    with pytest.raises(TypeError, match="a Move, move text, an action id or None"):
        answer_move(view, 1.5)

    def by_id(v: stratego.PlayerView) -> int:
        return v.legal_actions()[0]

    def by_move(v: stratego.PlayerView) -> Move:
        return v.action_move(v.legal_actions()[0])

    # The arena plays an agent answering ids exactly as the one answering the same moves.
    ids = stratego.arena.play(by_id, RandomAgent(), "barrage", games=2, seed=1, max_plies=200)
    moves = stratego.arena.play(by_move, RandomAgent(), "barrage", games=2, seed=1, max_plies=200)
    assert ids.records == moves.records


RANGE_CASES: List[Any] = [
    (lambda: Rules.builder("isf", width=300), r"width must be 2\.\.=16, found 300"),
    (lambda: Rules.builder("isf", width=1), r"width must be 2\.\.=16, found 1"),
    (lambda: Rules.builder("isf", height=-3), r"height must be 2\.\.=16, found -3"),
    (lambda: Rules.builder("isf", two_square=0), r"two_square must be 1\.\.=255, found 0"),
    (lambda: Rules.builder("isf", two_square=256), r"two_square must be 1\.\.=255, found 256"),
    (lambda: Rules.builder("isf", max_plies=-1), r"max_plies must be 1\.\.=4294967295, found -1"),
    (lambda: Rules.builder("isf", rescues=5), r"rescues must be 0\.\.=4, found 5"),
    (lambda: Rules.builder("isf", setup_rows=300), r"setup_rows must be 1\.\.=5 on a board of height 10.*found 300"),
    (lambda: Rules("isf").replace(visibility=-1), r"visibility must be 0\.\.=255, found -1"),
]


@pytest.mark.parametrize("call, message", RANGE_CASES)
def test_a_rules_number_out_of_range_is_the_rules_error_the_engine_gives(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(stratego.RulesError, match=message):
        call()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: Game.random("isf", seed=1).play_action(-1), r"action id must be in 0\.\.10000, got -1"),
        (lambda: stratego.arena.play(RandomAgent(), RandomAgent(), "isf", games=2, max_plies=0), r"max_plies must be in 1\.\.=4294967295, got 0"),
        (lambda: stratego.arena.play(RandomAgent(), RandomAgent(), "isf", games=2, max_plies=-4), r"max_plies must be in 1\.\.=4294967295, got -4"),
        (lambda: stratego.arena.play(RandomAgent(), RandomAgent(), "isf", games=2, workers=0), r"workers must be in 1\.\.=65536, got 0"),
        (lambda: stratego.agents.SamplingAgent(budget=-1), r"budget must be in 1\.\.=4294967295, got -1"),
        (lambda: stratego.Square.from_index(3, 0), r"width must be in 1\.\.=16, got 0"),
        (lambda: stratego.Square("a1").index(-1), r"width must be in 1\.\.=16, got -1"),
        (lambda: Game.random("isf", seed=-1), r"seed must be in 0\.\.=18446744073709551615, got -1"),
        (lambda: Game.random("isf", seed=1).playout(max_plies=-1), r"max_plies must be in 0\.\.=4294967295, got -1"),
    ],
)
def test_every_range_error_names_the_real_range(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_text_is_in_the_legal_moves_as_python_chess_users_test_it() -> None:
    game = Game.random("isf", seed=2)
    moves = game.legal_moves
    assert isinstance(moves, list) and all(isinstance(m, Move) for m in moves)
    first = str(moves[0])
    assert first in moves and moves[0] in moves and first in game.view(Player.RED).legal_moves
    # A square's neighbour that no piece can reach: text of a real move, just not a legal one.
    illegal = next(f"{a}-{b}" for a, b in [("a1", "a2"), ("b1", "b2"), ("c1", "c2")] if not game.is_legal(f"{a}-{b}"))
    assert illegal not in moves
    with pytest.raises(stratego.ParseError):
        "not a move" in moves
    with pytest.raises(TypeError, match="test a Move or move text"):
        3 in moves
    assert pickle.loads(pickle.dumps(moves)) == moves


def test_a_square_view_repr_names_the_owner_first() -> None:
    view = Game.random("isf", seed=2).view(Player.RED)
    enemy = view.square("a10")
    assert repr(enemy).startswith("SquareView('enemy', owner=Player.BLUE, rank=None,") and repr(enemy).endswith("viewer=Player.RED)")
    own = view.square("a1")
    assert repr(own).startswith("SquareView('own', owner=Player.RED, rank=Rank.")
    assert repr(view.square("c5")) == "SquareView('lake', viewer=Player.RED)"
    for square in (enemy, own, view.square("c5"), view.square("e5")):
        assert eval(repr(square), vars(stratego)) == square
    assert SquareView("enemy", owner=Player.BLUE) == SquareView("enemy", Player.RED)
    with pytest.raises(ValueError, match="not owned by"):
        SquareView("enemy", Player.RED, owner=Player.RED)
    with pytest.raises(ValueError, match="give the viewer"):
        SquareView("empty")
