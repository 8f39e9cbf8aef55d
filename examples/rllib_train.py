"""Self-play PPO on Stratego with RLlib: the PettingZoo environment behind RLlib's
``PettingZooEnv`` wrapper, one policy shared by both sides (each sees the board in its own
frame), and RLlib's action-masking RLModule so only legal moves are ever sampled.

    pip install "stratego[envs]" "ray[rllib]" torch
    python examples/rllib_train.py                          # 3 PPO iterations on Barrage
    python examples/rllib_train.py --rules "isf(max_plies=1000)" --iterations 20
    python examples/rllib_train.py --check                  # no torch: check the wiring only

``--check`` (and a run without torch installed) builds the wrapped environment, plays whole
games through RLlib's multi-agent API with legal random actions, and builds and validates the
PPO configuration, without training: RLlib's RLModules need torch, which PyPI's Linux wheels
ship with gigabytes of CUDA libraries. On a CPU-only machine
``pip install torch --index-url https://download.pytorch.org/whl/cpu`` is far smaller.

To train on a Ray cluster, start it (``ray start --head`` and ``ray start --address=...``),
then pass ``--address auto`` and raise ``--env-runners``.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from typing import Any, Dict, Optional

import gymnasium as gym
import numpy as np

import stratego
from stratego.envs import pettingzoo_env

#: The one policy both sides play (parameter sharing: the observations are in the mover's
#: frame, so Red and Blue positions look alike to it).
POLICY = "shared"


def masked_env(rules: str, seed: Optional[int] = None) -> Any:
    """The PettingZoo AEC environment with each observation in the layout RLlib's
    action-masking RLModule reads: ``{"observations": float32 [C*H*W], "action_mask":
    float32 [num_actions]}`` (flat planes, so the default MLP encoder fits any board)."""
    from pettingzoo.utils import BaseWrapper

    class RLlibObservations(BaseWrapper):
        def __init__(self, env: Any) -> None:
            super().__init__(env)
            rules_ = env.unwrapped.rules
            size = int(np.prod(rules_.observation_shape))
            self._space = gym.spaces.Dict(
                {
                    "observations": gym.spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": gym.spaces.Box(0.0, 1.0, (rules_.num_actions,), np.float32),
                }
            )

        def observation_space(self, agent: str) -> Any:
            return self._space

        def observe(self, agent: str) -> Dict[str, np.ndarray]:
            obs = super().observe(agent)
            return {
                "observations": obs["observation"].reshape(-1),
                "action_mask": obs["action_mask"].astype(np.float32),
            }

    env = RLlibObservations(pettingzoo_env(rules=rules))
    if seed is not None:
        env.reset(seed=seed)
    return env


def rllib_env(config: Dict[str, Any]) -> Any:
    """The environment as RLlib builds it from ``env_config``."""
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    return PettingZooEnv(masked_env(config.get("rules", "barrage(max_plies=200)"), config.get("seed")))


def ppo_config(rules: str, env_runners: int = 0, batch: int = 1024) -> Any:
    """PPO for self-play: both agents map to ``POLICY``, an ``ActionMaskingTorchRLModule``."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    register_env("stratego", rllib_env)
    return (
        PPOConfig()
        # RLlib's own env check steps with unmasked random actions, which an illegal move
        # refuses; `check` plays masked ones instead.
        .environment("stratego", env_config={"rules": rules}, disable_env_checking=True)
        .framework("torch")
        .env_runners(num_env_runners=env_runners, rollout_fragment_length=batch // max(env_runners, 1))
        .multi_agent(policies={POLICY}, policy_mapping_fn=lambda agent_id, episode, **kwargs: POLICY)
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    POLICY: RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"fcnet_hiddens": [128, 128], "head_fcnet_hiddens": [128]},
                    )
                }
            )
        )
        .training(train_batch_size_per_learner=batch, minibatch_size=batch // 4, num_epochs=2, lr=3e-4)
    )


def check(rules: str, games: int = 3) -> None:
    """Plays ``games`` whole games through the wrapped environment with random legal actions
    and checks what RLlib is given; then builds the PPO configuration and, with torch
    installed, validates it."""
    env = rllib_env({"rules": rules})
    rng = np.random.default_rng(0)
    for episode in range(games):
        obs, _infos = env.reset(seed=episode)
        plies, totals = 0, {agent: 0.0 for agent in env.possible_agents}
        while True:
            (agent, seen), = obs.items()  # turn-based: only the mover observes
            assert env.observation_space[agent].contains(seen), "observation outside its space"
            legal = np.flatnonzero(seen["action_mask"])
            assert legal.size > 0, "the mover has a legal move"
            obs, rewards, terminated, truncated, _infos = env.step({agent: int(rng.choice(legal))})
            plies += 1
            for a, r in rewards.items():
                totals[a] += r
            if terminated["__all__"] or truncated["__all__"]:
                break
        assert sum(totals.values()) == 0.0, "zero-sum rewards"
        outcome = env.env.unwrapped.game.outcome
        result = f"{outcome.result()} ({outcome.termination.name})"
        print(f"check: game {episode}: {plies} plies, {result}, rewards {totals}")
    config = ppo_config(rules)
    if importlib.util.find_spec("torch") is None:
        print("check: PPO config built; validate() skipped: it needs torch, which is not installed")
        return
    config.validate()
    print(f"check: PPO config validated (policy {POLICY!r}, RLModule ActionMaskingTorchRLModule)")


def train(rules: str, iterations: int, env_runners: int, batch: int, address: Optional[str]) -> Dict[str, Any]:
    """Trains PPO for ``iterations`` and returns the last result."""
    import ray

    ray.init(address=address, num_cpus=None if address else max(env_runners, 1) + 1, include_dashboard=False)
    try:
        algo = ppo_config(rules, env_runners, batch).build_algo()
        result: Dict[str, Any] = {}
        for i in range(iterations):
            result = algo.train()
            runners = result.get("env_runners", {})
            learner = result.get("learners", {}).get(POLICY, {})
            print(
                f"train: iteration {i + 1}: {runners.get('num_env_steps_sampled_lifetime', '?')} env steps, "
                f"{runners.get('num_episodes_lifetime', '?')} episodes, "
                f"mean episode length {runners.get('episode_len_mean', float('nan')):.1f}, "
                f"policy loss {learner.get('policy_loss', float('nan')):.4f}"
            )
        algo.stop()
        return result
    finally:
        ray.shutdown()


def main(argv: Optional[list] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="barrage(max_plies=200)", help="rules text (default: %(default)s)")
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--env-runners", type=int, default=0, help="0: sample in the driver")
    parser.add_argument("--batch", type=int, default=1024, help="env steps per iteration")
    parser.add_argument("--address", default=None, help="a Ray cluster's address (default: a local Ray)")
    parser.add_argument("--check", action="store_true", help="check the wiring only, do not train")
    args = parser.parse_args(argv)
    stratego.Rules(args.rules)  # a clear error for bad rules before Ray starts
    try:
        import ray.rllib  # noqa: F401
    except ImportError as err:  # plain ray ships ray.rllib without its dependencies
        print(f"rllib_train: needs ray[rllib] ({err}); pip install 'stratego[rllib]'", file=sys.stderr)
        return 2
    check(args.rules)
    if args.check:
        return 0
    if importlib.util.find_spec("torch") is None:
        print("train: skipped: torch is not installed (RLlib's RLModules need it); pip install torch")
        return 0
    train(args.rules, args.iterations, args.env_runners, args.batch, args.address)
    return 0


if __name__ == "__main__":
    sys.exit(main())
