"""Ultimate Lightning from Python: the edition, its rules as builder keywords, and the rescue
decision as a Move (made, listed, played, refused, recorded, encoded)."""

from __future__ import annotations

import json
import pickle

import pytest

from stratego import PLANES, RESCUE_PLANES, Edition, Game, IllegalMoveError, IllegalReason, Move, Player, Rank, Rules, Square, SquareKind

from conftest import position


@pytest.fixture
def ul() -> Rules:
    return Rules.edition(Edition.ULTIMATE_LIGHTNING)


def at_the_gate(rules: Rules) -> Game:
    """Red: Flag a1, Sergeant c2, Miner a9 (the rest lost); Blue: Sergeant j7, Flag j10."""
    return Game.from_position(rules, position(rules, {"a1": "M", "c2": "F", "a9": "E", "j7": "R", "j10": "Y"}))


def test_the_edition_and_its_rules(ul: Rules) -> None:
    assert str(ul) == "ultimate_lightning" and Rules("ultimate_lightning") == ul
    assert ul.army_size == 20 and ul.rescues == 2 and ul.attacker_wins_ties
    assert ul.rescue_zone == "setup" and Rank.SCOUT not in ul.rescue_ranks and Rank.MINER in ul.rescue_ranks
    assert ul.movement[Rank.CAPTAIN] == ("two", "none")
    assert ul.observation_shape == (37, 10, 10) and ul.num_actions == 10_000 + 1_200 + 1
    assert [name for name, _ in RESCUE_PLANES][0] == "rescue_pending" and len(PLANES + RESCUE_PLANES) == 37
    # Each rule alone, as a builder keyword, round-tripping through the text form and to_dict.
    mixed = Rules.builder("isf", rescues=1, rescue_ranks=[Rank.MINER], rescue_zone="half", attacker_wins_ties=True)
    assert str(mixed) == "isf(ties=attacker,rescues=1,rescue_ranks=Miner,rescue_zone=half)"
    assert Rules(str(mixed)) == mixed == Rules.builder(mixed.base_edition, **mixed.to_dict())
    with pytest.raises(ValueError):
        Rules.builder("isf", rescues=5)
    with pytest.raises(ValueError):
        Rules.builder("isf", rescue_zone="anywhere")


def test_a_rescue_is_a_move_of_its_own() -> None:
    mv = Move.rescue(Rank.SCOUT, "b2")
    assert str(mv) == "rescue:Scout@b2" and Move("rescue:Scout@b2") == mv
    assert mv.rescued == (Rank.SCOUT, Square("b2")) and mv.is_decision and not mv.is_decline
    assert str(Move.DECLINE_RESCUE) == "decline" and Move("decline").is_decline
    assert Move("a4-a5").rescued is None and not Move("a4-a5").is_decision
    assert pickle.loads(pickle.dumps(mv)) == mv


def test_entering_the_back_row_lets_the_same_player_decide(ul: Rules) -> None:
    game = at_the_gate(ul)
    game.play("a9-a10")
    assert game.rescue_pending and game.to_move == Player.RED
    assert all(m.is_decision for m in game.legal_moves) and Move.DECLINE_RESCUE in game.legal_moves
    assert all(i >= 10_000 for i in game.legal_actions())
    view = game.view(Player.BLUE)
    assert view.rescue_pending and view.legal_moves == []
    pending_plane = view.observation()[len(PLANES)]
    assert pending_plane.shape == (10, 10) and pending_plane.min() == 1.0
    with pytest.raises(IllegalMoveError) as e:
        game.play("c2-c3")
    assert e.value.reason == IllegalReason.RESCUE_PENDING
    before = game.copy()
    for bad, reason in [
        (Move.rescue(Rank.SPY, "d5"), IllegalReason.OUTSIDE_RESCUE_ZONE),
        (Move.rescue(Rank.SPY, "c2"), IllegalReason.OCCUPIED),
        (Move.rescue(Rank.FLAG, "d2"), IllegalReason.NOT_CAPTURED),
    ]:
        with pytest.raises(IllegalMoveError) as e:
            game.play(bad)
        assert e.value.reason == reason
    assert game == before
    game.play(Move.rescue(Rank.SPY, "d4"))
    assert not game.rescue_pending and game.to_move == Player.BLUE
    assert game.rescues_left(Player.RED) == 1 and game.has_rescued("a10")
    seen = game.view(Player.BLUE)
    assert seen.square("d4").kind is SquareKind.ENEMY and seen.square("d4").rank == Rank.SPY
    assert seen.rescues_left(Player.RED) == 1 and seen.has_rescued("a10")
    # Records carry the decision; undo takes it back.
    assert Game.from_record(game.record()) == game
    assert "rescue:Spy@d4" in json.loads(game.record())["moves"]
    assert game.undo() == Move.rescue(Rank.SPY, "d4") and game.rescue_pending


def test_declining_ends_the_turn(ul: Rules) -> None:
    game = at_the_gate(ul)
    game.play("a9-a10")
    game.play(Move.DECLINE_RESCUE)
    assert game.to_move == Player.BLUE and game.rescues_left(Player.RED) == 2
    # The decline is in the game's history but not in the public one: a Scout earns no
    # rescue, so Blue seeing a decline would learn that the Miner is no Scout.
    assert game.history[-1].move == Move.DECLINE_RESCUE
    assert [m.move for m in game.view(Player.BLUE).history] == [Move("a9-a10")]
    with pytest.raises(IllegalMoveError) as e:
        game.play("decline")
    assert e.value.reason == IllegalReason.NO_RESCUE_PENDING


def test_random_ultimate_lightning_games_play_through_action_ids(ul: Rules) -> None:
    decisions = 0
    for seed in range(20):
        game = Game.random(ul, seed=seed)
        while not game.is_over and game.ply < 2000:
            ids = game.legal_actions()
            game.play_action(ids[(game.ply * 7919 + seed) % len(ids)])
            decisions += game.history[-1].move.is_decision
    assert decisions > 0
