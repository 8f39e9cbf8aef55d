"""The PettingZoo AEC environment (``stratego.envs.pettingzoo_env``) side by side with the
stratego_env anchor (JBLanier/stratego_env, Python + Numba), in one process and one run, the
two stepped in alternating pieces so that both see the same machine load.

What is timed, per agent step (episode resets are not timed for either):

- ``step``: the environment's step and the next observation, which is what the anchor's
  ``env.step`` returns; for ours ``env.step(a)`` and ``env.last()``. The pick is excluded.
- ``step + NumPy pick``: the same plus the picker both can use, ``np.flatnonzero(mask)`` and
  one random draw (``legal[rng.integers(len(legal))]``).
- ``step + ids pick`` (ours only): the draw from ``info["legal_actions"]`` instead of a scan.
- ``gymnasium_env``: a single-agent step (the agent's move, the random opponent's answer and
  the observation), picking from ``info["legal_actions"]``; two plies per step.

Goals (issue 19.6): ours at least 6x the anchor's ``step``, and at least 3x with the same
NumPy pick. The ratios printed are medians over the pieces of ours against the anchor's
median; figures from a loaded machine are provisional.

Setup: the anchor wants NumPy < 2 and gym 0.26, so both run in one virtual environment made
as ``../shared/anchors/README.md`` says, with the anchor copied out of the read-only shared
folder and this package built into it::

    cp -r ../shared/anchors/stratego_env /tmp/stratego-anchor && chmod -R u+w /tmp/stratego-anchor
    python3 -m venv /tmp/venv-anchor
    /tmp/venv-anchor/bin/pip install "numba==0.60.0" "llvmlite==0.43.0" "numpy<2" "gym==0.26.2" \\
        "python-socketio==4.6.0" "Flask-SocketIO==4.3.1" "python-engineio==3.13.2" \\
        "pettingzoo>=1.24" "gymnasium>=1.0" "maturin>=1.9.4,<2"
    /tmp/venv-anchor/bin/pip install -e /tmp/stratego-anchor
    (cd stratego-py && VIRTUAL_ENV=/tmp/venv-anchor PATH=/tmp/venv-anchor/bin:$PATH maturin develop --release)
    /tmp/venv-anchor/bin/python stratego-py/bench/aec_vs_anchor.py

The anchor's first import JIT-compiles for minutes (cached afterwards in its copied folder).
Options: ``--pieces`` (alternations, default 15), ``--steps`` (agent steps a piece, default
2000), ``--rules`` (ours, default ``isf``; the anchor plays its ``STANDARD`` version), ``--seed``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from typing import Any, Callable, Dict, List, Tuple

import numpy as np

import stratego
import stratego.envs

Piece = Callable[[int], Dict[str, float]]


def anchor_piece_maker(seed: int) -> Piece:
    """One piece of the anchor: ``steps`` agent steps, timing each step alone and with the
    pick. The config is its README's example with random setups."""
    from stratego_env import GameVersions, ObservationComponents, ObservationModes, StrategoMultiAgentEnv

    config = {
        "version": GameVersions.STANDARD,
        "random_player_assignment": False,
        "human_inits": False,
        "observation_mode": ObservationModes.PARTIALLY_OBSERVABLE,
    }
    env = StrategoMultiAgentEnv(env_config=config)
    mask_key = ObservationComponents.VALID_ACTIONS_MASK.value
    rng = np.random.default_rng(seed)
    obs = env.reset()
    clock = time.perf_counter

    def piece(steps: int) -> Dict[str, float]:
        nonlocal obs
        step_time = pick_time = 0.0
        for _ in range(steps):
            t0 = clock()
            ((player, seen),) = obs.items()
            legal = np.flatnonzero(seen[mask_key])
            action = int(legal[rng.integers(len(legal))])
            t1 = clock()
            obs, _rewards, done, _info = env.step(action_dict={player: action})
            t2 = clock()
            pick_time += t1 - t0
            step_time += t2 - t1
            if done["__all__"]:
                obs = env.reset()
        return {"step": steps / step_time, "step + NumPy pick": steps / (step_time + pick_time)}

    return piece


def ours_piece_maker(rules: str, seed: int) -> Piece:
    """One piece of ours: the standard AEC loop (``last``, ``step``) with the NumPy pick
    timed apart; then as many steps picking from the legal ids."""
    env = stratego.envs.pettingzoo_env(rules)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    clock = time.perf_counter

    def numpy_pick(obs: Dict[str, np.ndarray], info: Dict[str, Any]) -> int:
        legal = np.flatnonzero(obs["action_mask"])
        return int(legal[rng.integers(len(legal))])

    def ids_pick(obs: Dict[str, np.ndarray], info: Dict[str, Any]) -> int:
        ids = info["legal_actions"]
        return int(ids[rng.integers(len(ids))])

    def run(steps: int, pick: Callable[[Dict[str, np.ndarray], Dict[str, Any]], int]) -> Tuple[float, float]:
        """Seconds in ``step`` + ``last`` and in ``pick`` over ``steps`` steps."""
        step_time = pick_time = 0.0
        done = 0
        obs, _r, terminated, truncated, info = env.last()
        while done < steps:
            if terminated or truncated:
                env.reset(seed=int(rng.integers(2**31)))
                obs, _r, terminated, truncated, info = env.last()
                continue
            t0 = clock()
            action = pick(obs, info)
            t1 = clock()
            env.step(action)
            obs, _r, terminated, truncated, info = env.last()
            t2 = clock()
            pick_time += t1 - t0
            step_time += t2 - t1
            done += 1
        return step_time, pick_time

    def piece(steps: int) -> Dict[str, float]:
        step_time, pick_time = run(steps, numpy_pick)
        ids_step, ids_time = run(steps, ids_pick)
        return {
            "step": steps / step_time,
            "step + NumPy pick": steps / (step_time + pick_time),
            "step + ids pick": steps / (ids_step + ids_time),
        }

    return piece


def gymnasium_piece_maker(rules: str, seed: int) -> Piece:
    """Agent steps of ``gymnasium_env`` against its random opponent, picking from the ids."""
    env = stratego.envs.gymnasium_env(rules)
    rng = np.random.default_rng(seed)
    _obs, info = env.reset(seed=seed)
    clock = time.perf_counter

    def piece(steps: int) -> Dict[str, float]:
        nonlocal info
        elapsed = 0.0
        for _ in range(steps):
            t0 = clock()
            ids = info["legal_actions"]
            _obs, _reward, terminated, truncated, info = env.step(ids[rng.integers(len(ids))])
            elapsed += clock() - t0
            if terminated or truncated:
                _obs, info = env.reset(seed=int(rng.integers(2**31)))
        return {"gymnasium_env step + ids pick": steps / elapsed}

    return piece


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pieces", type=int, default=15)
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--rules", default="isf")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    print("loading the anchor (its first import JIT-compiles for minutes) ...", flush=True)
    makers: Dict[str, Piece] = {
        "anchor": anchor_piece_maker(args.seed),
        "ours": ours_piece_maker(args.rules, args.seed),
        "gymnasium": gymnasium_piece_maker(args.rules, args.seed),
    }
    for piece in makers.values():  # warm-up
        piece(200)
    rates: Dict[str, Dict[str, List[float]]] = {name: {} for name in makers}
    for _ in range(args.pieces):
        for name, piece in makers.items():
            for what, rate in piece(args.steps).items():
                rates[name].setdefault(what, []).append(rate)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, NumPy {np.__version__}, "
        f"stratego {stratego.__version__}; {args.pieces} pieces of {args.steps} steps; load average {load:.1f}"
    )
    anchor = {what: statistics.median(r) for what, r in rates["anchor"].items()}
    print(f"{'':44} {'steps/s (median)':>18} {'vs anchor step':>15} {'vs anchor + pick':>17}")
    for name in ("anchor", "ours", "gymnasium"):
        label = {"anchor": "stratego_env", "ours": f"pettingzoo_env({args.rules!r})", "gymnasium": ""}[name]
        for what, r in rates[name].items():
            median = statistics.median(r)
            row = f"{label + ' ' + what if label else what:44} {median:>18,.0f}"
            if name != "anchor":
                if what == "step":
                    row += f" {median / anchor['step']:>14.1f}x"
                elif what != "gymnasium_env step + ids pick":
                    row += f" {'':>15} {median / anchor['step + NumPy pick']:>16.1f}x"
            print(row)
    ours, theirs = rates["ours"], rates["anchor"]
    worst = {what: min(ours[what]) / max(theirs[what]) for what in ("step", "step + NumPy pick")}
    print(
        f"(ours' slowest piece against the anchor's fastest: step {worst['step']:.1f}x, "
        f"step + NumPy pick {worst['step + NumPy pick']:.1f}x)"
    )


if __name__ == "__main__":
    main()
