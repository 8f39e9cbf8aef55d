"""Game: checked play, undo, copies, records, outcomes and histories."""

from __future__ import annotations

import json

import pytest

import stratego
from stratego import Game, IllegalMoveError, IllegalReason, Move, Player, Rank, Rules, Setup, Square

from conftest import data_dir, play_to_end, position


def test_names_from_the_issue(isf: Rules) -> None:
    red = Setup.random(isf, Player.RED, seed=0)
    blue = Setup.random(isf, Player.BLUE, seed=0)
    game = Game(isf, red, blue)
    assert game.to_move == Player.RED and game.ply == 0 and game.outcome is None
    assert all(isinstance(m, Move) for m in game.legal_moves)
    pair = Setup.random_pair(isf, seed=0)
    assert Game.random(isf, seed=0) == Game(isf, *pair) != Game.random(isf, seed=1)
    assert [s.player for s in pair] == [Player.RED, Player.BLUE]
    game.play(str(game.legal_moves[0]))
    assert game.ply == 1 and game.to_move == Player.BLUE
    again = Game.from_position(isf, game.position())
    assert again.position() == game.position()


def test_play_accepts_move_or_text_and_reports_battles(game: Game) -> None:
    reports = []
    while game.ply < 400 and game.outcome is None:
        moves = game.legal_moves
        mv = moves[(game.ply * 7919) % len(moves)]
        reports.append(game.play(mv if game.ply % 2 else str(mv)))
    assert reports == game.history
    battles = [r for r in reports if r.battle is not None]
    assert battles, "400 plies of this game hold battles"
    b = battles[0].battle
    assert b is not None and b.attacker == battles[0].rank
    assert isinstance(b.result, stratego.Battle)


def test_undo_pop_copy(game: Game) -> None:
    start = game.copy()
    first = game.legal_moves[0]
    game.push(first)
    assert game.peek() == first
    fork = game.copy()
    assert game.pop() == first
    assert game == start
    assert fork.ply == 1 and fork != game
    assert game.undo() is None
    with pytest.raises(IndexError):
        game.pop()


def test_pop_at_the_start_keeps_a_resignation_and_undo_takes_it_back(game: Game) -> None:
    game.resign(Player.RED)
    assert game.outcome is not None
    with pytest.raises(IndexError):
        game.pop()
    assert game.outcome is not None, "a refused pop changes nothing"
    assert game.undo() is None
    assert game.outcome is None


def _unchanged(game: Game, action) -> BaseException:
    before = game.position(), game.record(), game.ply
    with pytest.raises(Exception) as err:
        action()
    assert (game.position(), game.record(), game.ply) == before
    return err.value


# Gravon letters: Red B Bomb, D Scout, F Sergeant, L Marshal, M Flag; Blue = Red + 12 (P Scout,
# R Sergeant, Y Flag).
OPEN = {"a1": "M", "b1": "B", "c4": "F", "e2": "D", "e4": "F", "a10": "Y", "e8": "R", "j9": "R"}
REASONS = [
    (IllegalReason.NO_PIECE, "isf", "f5-f6"),
    (IllegalReason.NOT_YOUR_PIECE, "isf", "e8-e7"),
    (IllegalReason.IMMOVABLE, "isf", "b1-b2"),
    (IllegalReason.OWN_PIECE, "isf", "e2-e1"),  # with a Red Sergeant put on e1
    (IllegalReason.OFF_BOARD, "isf", "a1-a11"),
    (IllegalReason.LAKE, "isf", "c4-c5"),
    (IllegalReason.UNREACHABLE, "isf", "e4-e6"),
    (IllegalReason.UNREACHABLE, "isf", "e4-f5"),
    (IllegalReason.BLOCKED, "isf", "e2-e6"),
    (IllegalReason.SLIDE_ATTACK, "isf(slide_attacks=off)", "e2-e7"),  # with e3..e6 cleared
]


@pytest.mark.parametrize("reason, rules_text, text", REASONS)
def test_illegal_moves_of_each_reason_change_nothing(reason: IllegalReason, rules_text: str, text: str) -> None:
    rules = Rules(rules_text)
    pieces = dict(OPEN)
    if reason == IllegalReason.OWN_PIECE:
        pieces["e1"] = "F"
    if reason == IllegalReason.SLIDE_ATTACK:
        pieces.update({"e4": "A", "e7": "R"})
    game = Game.from_position(rules, position(rules, pieces))
    err = _unchanged(game, lambda: game.play(text))
    assert isinstance(err, IllegalMoveError) and isinstance(err, ValueError)
    assert (err.move, err.reason) == (Move(text), reason), str(err)
    assert not game.is_legal(text)
    with pytest.raises(IllegalMoveError):
        game.check(text)
    if reason != IllegalReason.OFF_BOARD:
        err = _unchanged(game, lambda: game.play_action(rules.action_id(game.to_move, text)))
        assert err.reason == reason


def test_no_return_rule() -> None:
    rules = Rules("estrategia")
    game = Game.from_position(rules, position(rules, {"a1": "M", "c3": "F", "j10": "Y", "h8": "R"}))
    game.play("c3-c4")
    game.play("h8-h7")
    err = _unchanged(game, lambda: game.play("c4-c3"))
    assert err.reason == IllegalReason.NO_RETURN


def test_chase_rule_from_the_fixtures() -> None:
    folder = data_dir()
    if folder is None:
        pytest.skip("skipped: ../shared/data is absent (set STRATEGO_DATA to the data folder)")
    cases = json.loads((folder / "fixtures" / "chase_rule_cases.json").read_text())
    cols, rows = "ABCDEFGHIK", "123456789:"

    def square(text: str) -> Square:
        return Square.at(cols.index(text[0]), rows.index(text[1]))

    rules = Rules("isf(two_square=off)")
    checked = 0
    for name in sorted(cases)[:5]:
        case = cases[name]
        moves = [Move(square(m[:2]), square(m[3:5])) for m in case["moves_gravon_coords"]]
        first = moves[0].from_square.index(10)
        side = "r" if case["board"][first] in "BCDEFGHIJKLM" else "b"
        game = Game.from_position(rules, f"{case['board']} {side} 0")
        for mv in moves[:-1]:
            game.play(mv)
        err = _unchanged(game, lambda: game.play(moves[-1]))
        assert err.reason == IllegalReason.CHASE_RULE, name
        checked += 1
    assert checked == 5


def test_two_square_rule_then_flag_capture_then_game_over() -> None:
    rules = Rules("isf")
    # Red: Flag a1, Sergeant b2; Blue: Flag j10, Sergeant j9.
    game = Game.from_position(rules, position(rules, {"a1": "M", "b2": "F", "j10": "Y", "j9": "R"}))
    for mv in ["b2-b3", "j9-j8", "b3-b2", "j8-j9", "b2-b3", "j9-j8"]:
        game.play(mv)
    err = _unchanged(game, lambda: game.play("b3-b2"))
    assert err.reason == IllegalReason.TWO_SQUARE_RULE
    # A Red Sergeant next to Blue's Flag takes it; a move afterwards is GAME_OVER.
    game = Game.from_position(rules, position(rules, {"a1": "M", "i10": "F", "j10": "Y", "a9": "R"}))
    report = game.play("i10-j10")
    assert report.battle is not None and report.battle.defender == Rank.FLAG
    assert game.outcome == stratego.Outcome(Player.RED, stratego.Termination.FLAG_CAPTURED)
    assert report.outcome == game.outcome
    err = _unchanged(game, lambda: game.play("a9-a8"))
    assert err.reason == IllegalReason.GAME_OVER


def test_moves_after_the_end_raise_game_over(isf: Rules) -> None:
    game = play_to_end(Game.random(isf, seed=3))
    outcome = game.outcome
    assert outcome is not None and outcome.termination in set(
        [stratego.Termination.FLAG_CAPTURED, stratego.Termination.NO_LEGAL_MOVE, stratego.Termination.BOTH_STUCK]
    )
    assert outcome.result() in ("1-0", "0-1", "1/2-1/2")
    assert game.legal_moves == [] and game.legal_actions() == []
    err = _unchanged(game, lambda: game.play("a4-a5"))
    assert err.reason == IllegalReason.GAME_OVER
    err = _unchanged(game, lambda: game.play_action(0))
    assert err.reason == IllegalReason.GAME_OVER


def test_bad_input_raises_clear_errors_and_changes_nothing(game: Game) -> None:
    for bad in [None, 42, 3.5, b"a4-a5", ["a4", "a5"]]:
        err = _unchanged(game, lambda: game.play(bad))  # type: ignore[arg-type]
        assert isinstance(err, TypeError), bad
    for text in ["", "a4", "a4a5", "z1-a2", "a0-a1", "a4-a99", "a4-"]:
        err = _unchanged(game, lambda: game.play(text))
        assert isinstance(err, stratego.ParseError), text
        assert err.what == "move" and err.text == text
    for action in [-1, 10_000, 2**64, 2**200]:
        err = _unchanged(game, lambda: game.play_action(action))
        assert isinstance(err, ValueError) and not isinstance(err, IllegalMoveError), action
    for action in [None, 1.0, "3040", True]:
        err = _unchanged(game, lambda: game.play_action(action))  # type: ignore[arg-type]
        assert isinstance(err, TypeError), action
    illegal = next(a for a in range(10_000) if a not in set(game.legal_actions()))
    err = _unchanged(game, lambda: game.play_action(illegal))
    assert isinstance(err, IllegalMoveError)
    with pytest.raises(TypeError):
        game.view("red")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Game.random(Rules("isf"), seed=-1)
    with pytest.raises(ValueError):
        Game.random(Rules("isf"), seed=2**64)


def test_records_round_trip_as_json(game: Game) -> None:
    for _ in range(30):
        game.play(game.legal_moves[-1])
    text = game.record()
    data = json.loads(text)
    assert data["rules"] == "isf" and len(data["moves"]) == 30
    assert Game.from_record(text) == game
    assert Game.from_record(data) == game
    with pytest.raises(stratego.ParseError):
        Game.from_record("{not json")
    data["moves"][3] = "a1-a10"
    with pytest.raises(IllegalMoveError) as err:
        Game.from_record(data)
    assert err.value.ply == 4
    with pytest.raises(TypeError):
        Game.from_record(42)  # type: ignore[arg-type]


def test_captured_and_army(isf: Rules) -> None:
    game = play_to_end(Game.random(isf, seed=11))
    for player in (Player.RED, Player.BLUE):
        lost = game.captured(player)
        on_board = sum(
            1 for sq in isf.squares() if (p := game.piece_at(sq)) is not None and p.owner == player
        )
        assert len(lost) + on_board == isf.army_size
        assert game.army(player) == isf.army
        assert game.view(player).captured(player) == lost


def test_resign(game: Game) -> None:
    outcome = game.resign(Player.BLUE)
    assert outcome.winner == Player.RED and outcome.termination == stratego.Termination.RESIGNATION
    assert game.outcome == outcome
    assert Game.from_record(game.record()).outcome == outcome
