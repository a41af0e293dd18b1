"""Reinforcement-learning adapters: observations, PettingZoo and Gymnasium environments.

This package needs the optional extra ``coinche[rl]`` (NumPy, Gymnasium, PettingZoo);
the core of :mod:`coinche` never imports it. The OpenSpiel game is
:mod:`coinche.rl.openspiel` (the extra ``coinche[openspiel]``), imported on its own.

- :func:`observation` and :data:`OBSERVATION_FIELDS`: what one seat may know, as a
  fixed-size vector; :func:`observation_space` is its Gymnasium space, with the mask;
- :func:`aec_env` / :class:`CoincheAECEnv`: the four seats as PettingZoo agents
  (:mod:`coinche.rl.aec` has PettingZoo's names, ``env()`` and ``raw_env()``);
- :class:`CoincheGymEnv`: one seat against the library's players, for Gymnasium,
  registered as :data:`ENV_ID`, ``"coinche/Coinche-v0"`` (:func:`register_envs`);
- :mod:`coinche.rl.batch` (imported on its own): :class:`~coinche.rl.batch.BatchEnv`,
  thousands of deals stepped together on the JAX engine, and :mod:`coinche.rl.vector`,
  a Gymnasium ``VectorEnv`` on it (:mod:`coinche.rl.sb3`, the extra ``coinche[sb3]``,
  makes it a Stable-Baselines3 ``VecEnv``);
- :mod:`coinche.rl.policy` and :mod:`coinche.rl.ppo` (imported on their own): trained
  players that run on NumPy, the first for the cards, the second (trained by PPO in
  ``examples/ppo_jax.py``) for whole deals.

Actions are the integers of :mod:`coinche.actions`. Every environment pays the same
rewards, chosen with ``reward=`` (``"scaled"`` by default; the "Reinforcement learning"
page, "Rewards").

>>> import gymnasium
>>> import coinche.rl
>>> coinche.rl.ENV_ID
'coinche/Coinche-v0'
>>> gymnasium.make(coinche.rl.ENV_ID).unwrapped.reward_kind
'scaled'
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium  # noqa: F401
    import numpy as _numpy  # noqa: F401
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"coinche.rl needs NumPy, Gymnasium and PettingZoo ({error.name} is missing): "
        "pip install 'coinche[rl]'"
    ) from error

from coinche.rl._common import AGENTS, observation_space
from coinche.rl.aec import CoincheAECEnv, aec_env
from coinche.rl.gym import ENV_ID, CoincheGymEnv, register_envs
from coinche.rl.observation import OBSERVATION_FIELDS, OBSERVATION_SIZE, field_slice, observation

register_envs()

__all__ = [
    "AGENTS",
    "ENV_ID",
    "OBSERVATION_FIELDS",
    "OBSERVATION_SIZE",
    "CoincheAECEnv",
    "CoincheGymEnv",
    "aec_env",
    "field_slice",
    "observation",
    "observation_space",
    "register_envs",
]
