"""Train ``sb3_contrib.MaskablePPO`` on Barrage against the random agent, then play 100 games
each against ``random`` and ``heuristic`` and print the win rates and the training speed.

The single-agent environment (``stratego.envs.gymnasium_env``) has ``action_masks()``, so
MaskablePPO trains on it with no wrapper, and SB3's ``make_vec_env`` steps several of them at
once (each a separate game; the learner plays Red in even envs and Blue in odd ones).

    pip install "stratego[sb3]"   # stable-baselines3, sb3-contrib (and torch, from PyPI)
    python examples/train_maskable_ppo.py                   # 50,000 steps, 8 envs
    python examples/train_maskable_ppo.py --steps 20000 --games 20

Measured with ``--steps 20000`` (2026-12-04, a 2-vCPU machine shared with five compiling
builds, load average 8-11, so the speed is far below the machine's alone)::

    trained 20000 steps on 8 envs (barrage, planes): 12 steps/s
    against random: 28 wins, 1 draws, 71 losses in 100 games (win rate 28%, 60 s)
    against heuristic: 8 wins, 58 draws, 34 losses in 100 games (win rate 8%, 78 s)

20,000 steps do not make an agent that beats the random one: the run shows the loop end to
end. Training time is mostly torch's, over the 10,000 action ids of the policy's last layer.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Dict, Tuple

RULES = "barrage"
OBSERVATION = "planes"


def make_env(opponent: str, red: bool) -> Any:
    """One Barrage game against ``opponent``, the learner Red or Blue."""
    from stratego import Player
    from stratego.envs import gymnasium_env

    return gymnasium_env(RULES, opponent=opponent, player=Player.RED if red else Player.BLUE, observation=OBSERVATION)


def evaluate(model: Any, opponent: str, games: int, seed: int) -> Dict[str, int]:
    """Wins, draws and losses of ``model`` over ``games`` games against ``opponent``, half of
    them as Red; each action is the policy's most likely legal move."""
    tally = {"win": 0, "draw": 0, "loss": 0}
    for game in range(games):
        env = make_env(opponent, red=game % 2 == 0)
        obs, _ = env.reset(seed=seed + game)
        reward, done = 0.0, False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        tally["win" if reward > 0 else "loss" if reward < 0 else "draw"] += 1
    return tally


def train(steps: int, envs: int, seed: int) -> Tuple[Any, float]:
    """A MaskablePPO trained for ``steps`` env steps on ``envs`` games; the steps per second."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env

    counter = iter(range(envs))
    vec = make_vec_env(lambda: make_env("random", red=next(counter) % 2 == 0), n_envs=envs, seed=seed)
    model = MaskablePPO("MultiInputPolicy", vec, n_steps=256, batch_size=256, seed=seed, verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=steps)
    return model, steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=50_000, help="training steps (agent moves)")
    parser.add_argument("--envs", type=int, default=8, help="games stepped together while training")
    parser.add_argument("--games", type=int, default=100, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    model, rate = train(args.steps, args.envs, args.seed)
    print(f"trained {args.steps} steps on {args.envs} envs ({RULES}, {OBSERVATION}): {rate:.0f} steps/s")
    for opponent in ("random", "heuristic"):
        start = time.perf_counter()
        t = evaluate(model, opponent, args.games, seed=10_000 + args.seed)
        took = time.perf_counter() - start
        rate_pct = 100.0 * t["win"] / args.games
        print(
            f"against {opponent}: {t['win']} wins, {t['draw']} draws, {t['loss']} losses in {args.games} games"
            f" (win rate {rate_pct:.0f}%, {took:.0f} s)"
        )


if __name__ == "__main__":
    main()
