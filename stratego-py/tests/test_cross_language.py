"""The same seeded game, played through Rust and through Python, ends in the same position."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import stratego

from conftest import play_to_end

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("rules_text", ["isf(max_plies=3000)", "barrage(max_plies=3000)", "classic(max_plies=3000)"])
def test_rust_and_python_end_in_the_same_position(rules_text: str) -> None:
    if shutil.which("cargo") is None:
        pytest.skip("cargo is not installed: the Rust side cannot run")
    seeds = ["1", "2", "3"]
    out = subprocess.run(
        ["cargo", "run", "--quiet", "-p", "stratego-py", "--example", "seeded_games", "--", rules_text, *seeds],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rust = dict(line.split(" ", 1) for line in out.strip().splitlines())
    assert sorted(rust) == seeds
    rules = stratego.Rules(rules_text)
    for seed in seeds:
        game = play_to_end(stratego.Game.random(rules, seed=int(seed)))
        assert game.position() == rust[seed], (rules_text, seed)
