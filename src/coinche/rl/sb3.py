"""A :class:`~coinche.rl.vector.CoincheVectorEnv` as a Stable-Baselines3 ``VecEnv``.

Stable-Baselines3 and sb3-contrib take their own ``VecEnv`` class, not Gymnasium's
vector envs: :class:`Sb3VecEnv` wraps one, unchanged underneath, so that their
trainers run on the batch of deals as they are. sb3-contrib's ``MaskablePPO`` reads the
legal actions through ``env_method("action_masks")``, which :class:`Sb3VecEnv`
answers with the vector env's :meth:`~coinche.rl.vector.CoincheVectorEnv.action_masks`.
Observations are the vector env's ``observation`` arrays (the 998 floats of
:func:`coinche.rl.observation`, or with ``compact=True`` the compact ints); a deal
that ends is replaced in the same step (``dones`` True, the reward the ended deal's,
the observation the next deal's first turn), and nothing is truncated, so there is no
``terminal_observation`` to bootstrap from.

This module needs Stable-Baselines3 (``pip install 'coinche[sb3]'``, which brings
PyTorch); the rest of :mod:`coinche.rl` never imports it.

>>> from sb3_contrib import MaskablePPO
>>> from coinche.rl.sb3 import Sb3VecEnv
>>> from coinche.rl.vector import CoincheVectorEnv
>>> venv = Sb3VecEnv(CoincheVectorEnv("common", num_envs=8, seed=0))
>>> model = MaskablePPO("MlpPolicy", venv, n_steps=16, batch_size=64, seed=0)
>>> model.learn(256).num_timesteps >= 256
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from stable_baselines3.common.vec_env import VecEnv

from coinche._checks import short_repr
from coinche.errors import CoincheTypeError
from coinche.rl.vector import CoincheVectorEnv

__all__ = ["Sb3VecEnv"]


class Sb3VecEnv(VecEnv):
    """*env* (a :class:`~coinche.rl.vector.CoincheVectorEnv` with a ``seat``: one agent
    a deal) as a Stable-Baselines3 ``VecEnv`` of ``env.num_envs`` environments (see the
    module). Attributes and methods asked of one environment are the vector env's.

    :raises CoincheTypeError: *env* is not a CoincheVectorEnv, or plays self-play
        (``seat=None``: its rewards are each mover's, not one agent's).
    """

    def __init__(self, env: CoincheVectorEnv) -> None:
        if not isinstance(env, CoincheVectorEnv):
            raise CoincheTypeError(f"env must be a CoincheVectorEnv, not {short_repr(env)}")
        if env.seat is None:
            raise CoincheTypeError("env must have a seat: a VecEnv's rewards are one agent's")
        self.env = env
        self._actions: npt.NDArray[np.int64] = np.zeros(env.num_envs, dtype=np.int64)
        space = env.single_observation_space
        assert isinstance(space, spaces.Dict)  # the observation and the mask
        super().__init__(env.num_envs, space["observation"], env.single_action_space)

    def reset(self) -> npt.NDArray[Any]:
        """New deals (of the seed given to :meth:`seed`, else the next seed)."""
        seed = self._seeds[0]
        obs, _ = self.env.reset(seed=seed)
        self._reset_seeds()
        observations: npt.NDArray[Any] = np.array(obs["observation"])  # a writable copy
        return observations

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        self._actions = np.asarray(actions)

    def step_wait(
        self,
    ) -> tuple[
        npt.NDArray[Any], npt.NDArray[np.float32], npt.NDArray[np.bool_], list[dict[str, Any]]
    ]:
        obs, rewards, terminated, truncated, _ = self.env.step(self._actions)
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        return np.array(obs["observation"]), rewards, dones, infos  # a writable copy

    def close(self) -> None:
        self.env.close()

    def _count(self, indices: int | Iterable[int] | None) -> int:
        return len(list(self._get_indices(indices)))

    def get_attr(self, attr_name: str, indices: int | Iterable[int] | None = None) -> list[Any]:
        return [getattr(self.env, attr_name)] * self._count(indices)

    def set_attr(
        self, attr_name: str, value: Any, indices: int | Iterable[int] | None = None
    ) -> None:
        setattr(self.env, attr_name, value)

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: int | Iterable[int] | None = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        chosen = list(self._get_indices(indices))
        if method_name == "action_masks":  # one row per environment
            masks = self.env.action_masks()
            return [masks[i] for i in chosen]
        result = getattr(self.env, method_name)(*method_args, **method_kwargs)
        return [result] * len(chosen)

    def env_is_wrapped(
        self, wrapper_class: type[Any], indices: int | Iterable[int] | None = None
    ) -> list[bool]:
        return [False] * self._count(indices)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of each environment's agent now (``num_envs x 154``)."""
        return self.env.action_masks()
