"""Value types: eval-able reprs, equality and hashing, and pickle / copy round trips of every
class."""

from __future__ import annotations

import copy
import pickle

import pytest

import stratego
from stratego import (
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
    PublicMove,
    Rank,
    Rules,
    Setup,
    Square,
    SquareView,
    Termination,
)

NAMESPACE = {name: getattr(stratego, name) for name in stratego.__all__}


def values() -> list:
    rules = Rules("isf(two_square=5)")
    game = Game.random(rules, seed=5)
    while not any(r.battle for r in game.history):
        game.play(game.legal_moves[(game.ply * 7919) % len(game.legal_moves)])
    battle_report = next(r for r in game.history if r.battle)
    view = game.view(Player.RED)
    return [
        Player.RED,
        Player.BLUE,
        Edition.ESTRATEGIA,
        Numbering.CLASSIC,
        Rank.MARSHAL,
        Rank.FLAG,
        IllegalReason.TWO_SQUARE_RULE,
        Battle.BOTH_DIE,
        Termination.NO_LEGAL_MOVE,
        Square("j10"),
        Move("a4-a5"),
        Outcome(Player.BLUE, Termination.FLAG_CAPTURED),
        Outcome(None, Termination.PLY_CAP),
        battle_report.battle,
        battle_report,
        view.history[-1],
        game.piece_at("a1"),
        view.square("a10"),
        view.square("c5"),
        rules,
        Setup.random(rules, Player.BLUE, seed=3),
    ]


@pytest.mark.parametrize("value", values(), ids=repr)
def test_repr_evals_back_and_pickle_and_copy_round_trip(value: object) -> None:
    assert eval(repr(value), NAMESPACE) == value
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.deepcopy(value) == value
    assert copy.copy(value) == value
    assert hash(pickle.loads(pickle.dumps(value))) == hash(value)


def test_games_pickle_as_records_and_resume() -> None:
    game = Game.random(Rules("barrage"), seed=2)
    for _ in range(25):
        game.play(game.legal_moves[0])
    for again in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game), game.copy()):
        assert again == game and again is not game
        again.play(again.legal_moves[0])
        assert again.ply == game.ply + 1
    game.resign(Player.RED)
    assert pickle.loads(pickle.dumps(game)).outcome == game.outcome


def test_views_pickle_and_copy() -> None:
    view = Game.random(Rules("isf"), seed=1).view(Player.BLUE)
    for again in (pickle.loads(pickle.dumps(view)), copy.deepcopy(view), copy.copy(view)):
        assert again == view


def test_exceptions_pickle_with_their_details() -> None:
    game = Game.random(Rules("isf"), seed=1)
    with pytest.raises(stratego.IllegalMoveError) as err:
        game.play("a1-a2")
    again = pickle.loads(pickle.dumps(err.value))
    assert (again.move, again.reason, str(again)) == (err.value.move, err.value.reason, str(err.value))
    with pytest.raises(stratego.SetupError) as serr:
        Setup(Player.RED, {"a1": Rank.FLAG}).validate(Rules("isf"))
    assert pickle.loads(pickle.dumps(serr.value)).problems == serr.value.problems
    with pytest.raises(stratego.ParseError) as perr:
        Square("z9")
    assert pickle.loads(pickle.dumps(perr.value)).reason == perr.value.reason


def test_equality_and_hashing() -> None:
    assert Square("c5") == Square.at(2, 4) and hash(Square("c5")) == hash(Square.at(2, 4))
    assert Square("a2") > Square("j1")  # board order: row first
    assert Move("a4", "a5") == Move("a4-a5") == Move(Square("a4"), Square("a5"))
    assert len({Move("a4-a5"), Move("a4-a5"), Move("a5-a4")}) == 2
    assert Rank.SPY < Rank.MARSHAL < Rank.BOMB
    assert Rules("isf") == Rules.edition(Edition.ISF) and hash(Rules("isf")) == hash(Rules.edition("isf"))
    assert Rules("isf") != Rules("classic")
    assert Player.RED.opponent == Player.BLUE and Player["BLUE"] == Player.BLUE and Player(1) == Player.BLUE
    assert {Player.RED: 1}[Player(0)] == 1


def test_names_labels_and_text() -> None:
    assert str(Player.RED) == "red" and Player.RED.name == "RED" and Player.BLUE.value == 1
    assert str(Rank.MARSHAL) == "Marshal" and Rank.MARSHAL.name == "MARSHAL" and Rank.MARSHAL.value == 10
    assert Rank.MARSHAL.label() == "10" and Rank.MARSHAL.label(Numbering.CLASSIC) == "1"
    assert Rules("classic").label(Rank.SCOUT) == "9" and Rules("isf").label(Rank.SCOUT) == "2"
    assert Numbering.CLASSIC.rank("S") == Rank.SPY and Numbering.MODERN.rank("x") is None
    assert Rank["SCOUT"] == Rank.SCOUT == Rank(2)
    assert [r.value for r in Rank] == list(range(12))
    assert str(IllegalReason.LAKE) == "lakes cannot be entered or crossed"
    assert Square("c5").name == "c5" and (Square("c5").col, Square("c5").row) == (2, 4)
    assert Square("c5").index(10) == 42 and Square.from_index(42, 10) == Square("c5")
    assert Outcome(Player.RED, Termination.FLAG_CAPTURED).result() == "1-0"
    assert Outcome(None, Termination.BOTH_STUCK).reward(Player.RED) == 0
    assert len(stratego.PLANES) == 32 and stratego.PLANES[29][0] == "lake"


@pytest.mark.parametrize(
    "make",
    [
        lambda: Square("k0"),
        lambda: Square(""),
        lambda: Square("a17"),
        lambda: Move("a4a5"),
    ],
)
def test_malformed_text_raises_parse_error(make) -> None:
    with pytest.raises(stratego.ParseError):
        make()


@pytest.mark.parametrize(
    "make, error",
    [
        (lambda: Square(None), TypeError),
        (lambda: Square(3), TypeError),
        (lambda: Square.at(-1, 0), ValueError),
        (lambda: Square.at(0, 2**80), ValueError),
        (lambda: Square.at(16, 0), ValueError),
        (lambda: Square.at(1.5, 0), TypeError),
        (lambda: Move(None), TypeError),
        (lambda: Player(2), ValueError),
        (lambda: Rank(12), ValueError),
        (lambda: Rank(-1), ValueError),
        (lambda: Player("green"), ValueError),
        (lambda: Rank("king"), ValueError),
        (lambda: IllegalReason("nope"), ValueError),
        (lambda: SquareView("own", Player.RED), ValueError),
    ],
)
def test_bad_values_raise_clear_errors(make, error) -> None:
    with pytest.raises(error):
        make()


def test_constructors_that_repr_uses() -> None:
    report = MoveReport(Move("a4-a5"), Player.RED, Rank.SCOUT, BattleReport(Rank.SCOUT, Rank.SPY, Battle.ATTACKER_WINS))
    assert report.move == Move("a4-a5") and report.battle.defender == Rank.SPY and report.outcome is None
    public = PublicMove(Move("a4-a5"), Player.RED)
    assert public.battle is None
    piece = Piece(Player.BLUE, Rank.BOMB, revealed=True)
    assert piece.revealed and not piece.moved
    sv = SquareView("enemy", Player.RED, None, moved=True)
    assert sv.owner == Player.BLUE and sv.rank is None and sv.moved and sv.is_piece
