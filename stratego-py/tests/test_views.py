"""Views hold what one player may know and nothing more: two games that differ only in hidden
enemy ranks look the same to that player, in every form (view, observation, mask, byte board,
picture), and no picture of a view shows a hidden rank."""

from __future__ import annotations

import copy
import json
import pickle
import re

import numpy as np
import pytest

import stratego
from stratego import Game, Player, PlayerView, Rank, Rules, Setup, SquareKind

SWAPPABLE = (Rank.SERGEANT, Rank.LIEUTENANT, Rank.CAPTAIN, Rank.MAJOR, Rank.COLONEL, Rank.GENERAL, Rank.MARSHAL)


def twin_games(rules: Rules, seed: int) -> tuple[Game, Game, set]:
    """Two games whose Blue armies differ in the ranks of two stepping pieces (so the legal
    moves are the same), and the squares of those two pieces."""
    red = Setup.random(rules, Player.RED, seed)
    blue = Setup.random(rules, Player.BLUE, seed)
    pieces = blue.pieces
    ranks = [r for _sq, r in pieces]
    i = next(k for k, r in enumerate(ranks) if r in SWAPPABLE)
    k = next(k for k, (_sq, r) in enumerate(pieces) if r in SWAPPABLE and r != ranks[i])
    ranks[i], ranks[k] = ranks[k], ranks[i]
    other = Setup(Player.BLUE, [(sq, r) for (sq, _), r in zip(pieces, ranks)])
    return Game(rules, red, blue), Game(rules, red, other), {pieces[i][0], pieces[k][0]}


def same_for_red(a: Game, b: Game, pictures: bool = True) -> None:
    va, vb = a.view(Player.RED), b.view(Player.RED)
    assert va == vb
    assert va.squares() == vb.squares()
    assert np.array_equal(a.observation(Player.RED), b.observation(Player.RED))
    assert np.array_equal(a.board_codes(Player.RED), b.board_codes(Player.RED))
    assert np.array_equal(va.action_mask(), vb.action_mask())
    if a.to_move == Player.RED:
        assert np.array_equal(a.action_mask(), b.action_mask())
        assert a.legal_actions() == b.legal_actions()
    assert str(va) == str(vb)
    assert va.record() == vb.record()
    if pictures:
        assert a.svg() == b.svg() == va.svg()
        assert va._repr_svg_() == vb._repr_svg_()
        assert va.sample_world(5).position() == vb.sample_world(5).position()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_games_differing_in_hidden_ranks_look_the_same(seed: int) -> None:
    rules = Rules("isf")
    a, b, swapped = twin_games(rules, seed)
    assert a.position() != b.position()
    same_for_red(a, b)
    plies = 0
    while a.outcome is None and plies < 300:
        moves = a.legal_moves
        assert moves == b.legal_moves
        start = (a.ply * 7919) % len(moves)

        def tells_apart(mv: stratego.Move) -> bool:
            # A battle of a swapped piece would reveal its rank.
            return a.piece_at(mv.to_square) is not None and bool({mv.from_square, mv.to_square} & swapped)

        safe = [m for m in moves[start:] + moves[:start] if not tells_apart(m)]
        if not safe:
            break
        mv = safe[0]
        swapped = {mv.to_square if s == mv.from_square else s for s in swapped}
        a.play(mv)
        b.play(mv)
        plies += 1
        same_for_red(a, b, pictures=plies % 25 == 0 or any(r.battle for r in a.history[-1:]))
    assert plies >= 100
    assert a.view(Player.BLUE) != b.view(Player.BLUE)  # Blue knows its own ranks


def hidden_squares(view: stratego.PlayerView) -> list:
    return [sq for sq, sv in view.squares() if sv.kind is SquareKind.ENEMY and sv.rank is None]


def test_svg_of_a_view_never_shows_a_hidden_rank() -> None:
    rules = Rules("isf")
    game = Game.random(rules, seed=4)
    for _ in range(120):
        if game.outcome is not None:
            break
        game.play(game.legal_moves[(game.ply * 7919) % len(game.legal_moves)])
    for player in (Player.RED, Player.BLUE):
        view = game.view(player)
        svg = view.svg()
        hidden = hidden_squares(view)
        assert hidden
        groups = re.findall(r'<g class="piece (red|blue) enemy hidden[ a-z]*"[^>]*>.*?</g>', svg)
        assert len(groups) == len(hidden)
        for group in re.findall(r'<g class="piece [a-z]+ enemy hidden[ a-z]*"[^>]*>(.*?)</g>', svg):
            assert re.search(r">\?</text>", group)
        # The masked game picture is the view's picture.
        assert game.svg(perspective=player) == svg
        # The full board is drawn only when asked for, and then it names the hidden pieces.
        full = game.svg(perspective=player, reveal=True)
        assert "hidden" not in full and full != svg


def test_view_squares_and_facts(game: Game) -> None:
    view = game.view(Player.RED)
    squares = view.squares()
    assert len(squares) == 100
    kinds = {sv.kind for _sq, sv in squares}
    assert kinds == set(SquareKind) and {str(k) for k in kinds} == {"empty", "lake", "own", "enemy"}
    a10 = view.square("a10")
    assert a10.kind is SquareKind.ENEMY and a10.rank is None and a10.owner == Player.BLUE
    own = view.square("a1")
    assert own.kind is SquareKind.OWN and own.rank == game.piece_at("a1").rank
    assert view.legal_moves == game.legal_moves
    assert view.legal_actions() == game.legal_actions()
    assert game.view(Player.BLUE).legal_moves == []
    world = view.sample_world(3)
    assert world.view(Player.RED).squares() == squares
    # The world keeps Red's army and gives Blue a full army of the right counts.
    blue = [world.piece_at(sq) for sq, sv in squares if sv.kind is SquareKind.ENEMY]
    counts: dict = {}
    for piece in blue:
        counts[piece.rank] = counts.get(piece.rank, 0) + 1
    assert counts == game.rules.army


def test_observation_planes_and_byte_board(game: Game) -> None:
    obs = game.observation()
    assert obs.dtype == np.float32 and obs.shape == game.rules.observation_shape
    names = [name for name, _meaning in stratego.PLANES]
    lake = obs[names.index("lake")]
    assert lake.sum() == 8
    assert obs[names.index("to_move")].all()
    assert not game.observation(Player.BLUE)[names.index("to_move")].any()
    assert obs[names.index("enemy_hidden_unmoved")].sum() == 40
    codes = game.board_codes()
    assert codes.dtype == np.uint8 and codes.shape == (100,)
    assert (codes == 1).sum() == 8  # lakes
    assert stratego.ENCODING_VERSION >= 1


@pytest.mark.parametrize("edition", ["isf", "barrage", "estrategia", "classic"])
@pytest.mark.parametrize("plies", [0, 40, 3000])
def test_views_pickle_and_deepcopy_as_their_records(edition: str, plies: int) -> None:
    game = Game.random(Rules(edition), seed=plies + 1)
    k = 0
    while game.outcome is None and game.ply < plies:
        actions = game.legal_actions()
        game.play_action(actions[(k * 7919) % len(actions)])
        k += 1
    for player in (Player.RED, Player.BLUE):
        view = game.view(player)
        for again in (pickle.loads(pickle.dumps(view)), copy.deepcopy(view), PlayerView.from_record(view.record())):
            assert again == view
            assert again.record() == view.record()
            assert again.squares() == view.squares()
            assert again.history == view.history
            assert again.legal_moves == view.legal_moves
            assert np.array_equal(again.observation(), view.observation())
            assert np.array_equal(again.action_mask(), view.action_mask())
            assert np.array_equal(again.board_codes(), view.board_codes())
            assert again.sample_world(3) == view.sample_world(3)
        # The record holds no hidden rank: every unknown enemy piece is a `?`.
        letters = json.loads(view.record())["position"].split(" ")[0]
        assert letters.count("?") == len(hidden_squares(view))


def test_view_records_that_contradict_themselves_are_refused() -> None:
    view = Game.random(Rules("isf"), seed=1).view(Player.RED)
    record = json.loads(view.record())
    assert PlayerView.from_record(record) == view  # a dict works too
    letters, rest = record["position"].split(" ", 1)
    # A second, revealed Blue Marshal (x) where the army has one.
    bad = dict(record, position=letters.replace("?", "x", 2) + " " + rest)
    with pytest.raises(stratego.ParseError, match="Marshal"):
        PlayerView.from_record(bad)
    with pytest.raises(stratego.ParseError):
        PlayerView.from_record(dict(record, position=letters + " " + rest.replace("over=", "moved=k11 over=")))
    with pytest.raises(stratego.ParseError):
        PlayerView.from_record("{not json")
    with pytest.raises(TypeError):
        PlayerView.from_record(42)  # type: ignore[arg-type]
