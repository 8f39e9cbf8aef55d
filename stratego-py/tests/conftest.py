"""Shared fixtures: standard rules and seeded games."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import stratego


@pytest.fixture
def isf() -> stratego.Rules:
    return stratego.Rules.edition("isf")


@pytest.fixture
def game(isf: stratego.Rules) -> stratego.Game:
    return stratego.Game.random(isf, seed=7)


def play_to_end(game: stratego.Game, pick: int = 7919, limit: int = 20_000) -> stratego.Game:
    """Play the deterministic policy the Rust example uses: move number (ply * pick) % n."""
    while game.outcome is None:
        assert game.ply < limit, "the game should have ended (give the rules a ply cap)"
        moves = game.legal_moves
        game.play(moves[(game.ply * pick) % len(moves)])
    return game


def data_dir() -> Path | None:
    """The recorded games folder (`$STRATEGO_DATA` or `../shared/data` beside the repo)."""
    env = os.environ.get("STRATEGO_DATA")
    root = Path(__file__).resolve().parents[2]
    path = Path(env) if env else root.parent / "shared" / "data"
    return path if path.is_dir() else None


def position(rules: stratego.Rules, pieces: dict, side: str = "r", ply: int = 0) -> str:
    """A position string with `pieces` ({square name: Gravon letter}) and lakes where the rules
    have them."""
    letters = []
    for sq in rules.squares():
        letters.append("_" if rules.is_lake(sq) else pieces.get(sq.name, "A"))
    return f"{''.join(letters)} {side} {ply}"
