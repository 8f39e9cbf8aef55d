"""What a bot writer reaches for: pieces, battles, legality on views, full positions, the
position hash, and notation in the edition's numbering."""

from __future__ import annotations

import pytest

import stratego
from stratego import Battle, Game, Move, Numbering, Player, Rank, Rules, SquareKind

from conftest import position


def played(rules_text: str = "isf", seed: int = 3, plies: int = 120) -> Game:
    game = Game.random(Rules(rules_text), seed=seed)
    while game.ply < plies and game.outcome is None:
        game.play(game.legal_moves[(game.ply * 7919) % len(game.legal_moves)])
    return game


def test_pieces_and_views_agree() -> None:
    game = played()
    pieces = game.pieces()
    assert [sq for sq, _ in pieces] == sorted(sq for sq, _ in pieces)
    assert all(game.piece_at(sq) == p for sq, p in pieces)
    for player in (Player.RED, Player.BLUE):
        mine = game.pieces_of(player)
        assert all(p.owner == player for _, p in mine)
        view = game.view(player)
        assert view.pieces() == mine
        enemies = view.enemy_pieces()
        assert [sq for sq, _ in enemies] == [sq for sq, _ in game.pieces_of(player.opponent)]
        assert all(sv.kind is SquareKind.ENEMY and (sv.rank is None or sv.revealed or sv.rank == game.piece_at(sq).rank) for sq, sv in enemies)
    assert len(pieces) == len(game.pieces_of(Player.RED)) + len(game.pieces_of(Player.BLUE))


def test_view_legality_and_battles_from_what_the_viewer_knows() -> None:
    game = played()
    # Play on to a position where the side to move can attack, so both kinds of move are tried.
    while not any(game.piece_at(m.to_square) is not None for m in game.legal_moves):
        game.play(game.legal_moves[(game.ply * 7919) % len(game.legal_moves)])
    me = game.to_move
    view = game.view(me)
    assert not view.is_over
    for mv in view.legal_moves:
        assert view.is_legal(mv) and game.is_legal(mv)
        view.check(mv)
        known = view.battle_of(mv)
        if known is not None:
            assert known == game.battle_of(mv)
    attack = next(m for m in game.legal_moves if game.piece_at(m.to_square) is not None)
    assert game.battle_of(attack) is not None
    assert game.battle_of(next(m for m in game.legal_moves if game.piece_at(m.to_square) is None)) is None
    with pytest.raises(stratego.IllegalMoveError) as refused:
        game.view(me.opponent).check(view.legal_moves[0])
    assert refused.value.reason == stratego.IllegalReason.NOT_YOUR_TURN
    assert not game.view(me.opponent).is_legal(view.legal_moves[0])
    assert stratego.IllegalReason["NOT_YOUR_TURN"] is stratego.IllegalReason.NOT_YOUR_TURN


def test_full_positions_round_trip_and_hash() -> None:
    game = played("estrategia", seed=2, plies=60)
    copy = Game.from_position(game.rules, game.position_full())
    assert copy.position_full() == game.position_full()
    assert copy.position_hash() == game.position_hash()
    assert copy.legal_moves == game.legal_moves
    short = Game.from_position(game.rules, game.position())
    assert short.position() == game.position()
    before = game.position_hash()
    game.play(game.legal_moves[0])
    assert game.position_hash() != before
    game.undo()
    assert game.position_hash() == before


def test_notation_in_the_editions_numbering() -> None:
    rules = Rules("classic")
    # A Red Scout on a4 strikes a Blue Marshal on a7; Flags on j1 and j10.
    game = Game.from_position(rules, position(rules, {"j1": "M", "a4": "D", "a7": "X", "j10": "Y"}))
    report = game.play("9 a4xa7 (1)")
    assert report.notation(rules.numbering) == "9 a4xa7 (1)"
    assert str(report) == "Scout a4xa7 (Marshal)"
    assert report.battle == stratego.BattleReport(Rank.SCOUT, Rank.MARSHAL, Battle.DEFENDER_WINS)
    public = game.view(Player.BLUE).history[-1]
    assert public.notation(Numbering.MODERN) == "2 a4xa7 (10)"
    assert Move.parse_notation("Scout a4xa7 (Marshal)") == Move("a4-a7")
    assert Move.parse_notation("9 a4-a7", Numbering.CLASSIC) == Move("a4-a7")
    with pytest.raises(stratego.ParseError):
        Move.parse_notation("Dragon a4xa7")
    quiet = Game.random(Rules("isf"), seed=1)
    mv = quiet.legal_moves[0]
    quiet.play(mv)
    assert quiet.view(Player.BLUE).history[0].notation(Numbering.MODERN) == str(mv)
