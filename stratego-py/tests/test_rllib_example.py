"""The RLlib example (``examples/rllib_train.py``) runs as far as the installed packages allow:
with ``ray[rllib]`` it plays whole games through RLlib's PettingZoo wrapper and builds the PPO
configuration; with torch as well it trains PPO with the action-masking RLModule."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rllib_train.py"


def rllib_imports() -> bool:
    """Whether ``ray.rllib`` imports: plain ``ray`` ships the ``ray.rllib`` package without its
    dependencies (dm-tree, ...), so finding the package is not enough. Tried in a child process
    so that Ray stays out of the test process."""
    if importlib.util.find_spec("ray") is None:
        return False
    done = subprocess.run([sys.executable, "-c", "import ray.rllib"], capture_output=True, timeout=300, check=False)
    return done.returncode == 0


HAS_RLLIB = rllib_imports()
HAS_TORCH = importlib.util.find_spec("torch") is not None

needs_rllib = pytest.mark.skipif(not HAS_RLLIB, reason="ray[rllib] is not installed: the RLlib example is not run")
needs_torch = pytest.mark.skipif(
    not HAS_TORCH, reason="torch is not installed: PPO is not trained (STRATEGO_RLLIB_TRAIN=1 installs it)"
)


def run_example(*args: str, timeout: int = 600) -> str:
    # A child process: Ray's workers and warnings stay out of the test process.
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), *args], capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"the example failed:\n{done.stdout}\n{done.stderr[-4000:]}"
    return done.stdout


@needs_rllib
def test_rllib_wrapper_plays_whole_games_and_the_config_builds() -> None:
    out = run_example("--check", "--rules", "barrage(max_plies=150)")
    games = [line for line in out.splitlines() if line.startswith("check: game")]
    assert len(games) == 3
    assert all("plies" in line and "rewards" in line for line in games)
    assert "check: PPO config" in out


@needs_rllib
@needs_torch
def test_rllib_trains_ppo_with_action_masking() -> None:
    out = run_example("--rules", "barrage(max_plies=100)", "--iterations", "2", "--batch", "400")
    iterations = [line for line in out.splitlines() if line.startswith("train: iteration")]
    assert len(iterations) == 2, out
    assert "check: PPO config validated" in out
