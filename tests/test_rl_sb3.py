"""Stable-Baselines3's trainers on the vector env, through coinche.rl.sb3.Sb3VecEnv."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("jax", reason="the vector env needs the jax extra")
pytest.importorskip(
    "sb3_contrib",
    reason="sb3-contrib, Stable-Baselines3 and PyTorch (the dependency group sb3, kept out "
    "of dev for PyTorch's size) are not installed",
)

from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

from coinche import Seat
from coinche.errors import CoincheTypeError
from coinche.rl.sb3 import Sb3VecEnv
from coinche.rl.vector import CoincheVectorEnv


def test_maskable_ppo_learns_on_the_vector_env_unchanged() -> None:
    # every action MaskablePPO takes goes through CoincheVectorEnv.step, which raises
    # IllegalActionError on an action the mask forbids: 512 steps of 8 deals, none raised
    venv = Sb3VecEnv(CoincheVectorEnv("common", num_envs=8, seed=1))
    assert is_masking_supported(venv)
    model = MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=64, n_epochs=1, seed=0)
    model.learn(512)
    assert model.num_timesteps >= 512
    obs = venv.reset()
    masks = get_action_masks(venv)
    assert obs.shape == (8, 998)
    assert masks.shape == (8, 154)
    assert np.array_equal(masks, venv.env.action_masks())
    actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
    assert masks[np.arange(8), actions].all()


def test_steps_autoreset_and_attributes() -> None:
    venv = Sb3VecEnv(CoincheVectorEnv("common", num_envs=4, seed=2, seat=Seat.NORTH))
    venv.seed(7)
    venv.reset()
    assert venv.env.batch.seed == 7  # the seed given reaches the deals
    ended = 0
    for _ in range(40):  # a deal lasts at most 8 cards and a few calls of North's
        masks = venv.action_masks()
        actions = np.array([np.flatnonzero(m)[0] for m in masks])
        obs, rewards, dones, infos = venv.step(actions)
        assert isinstance(obs, np.ndarray)
        assert obs.flags.writeable
        assert obs.shape == (4, 998)
        assert len(infos) == 4
        assert not any(infos)
        assert not rewards[~dones].any()  # rewards only as a deal ends
        ended += int(dones.sum())
    assert ended >= 4
    assert venv.get_attr("num_envs") == [4] * 4
    assert venv.get_attr("seat", indices=[0, 2]) == [Seat.NORTH] * 2
    assert venv.env_is_wrapped(object) == [False] * 4
    assert len(venv.env_method("action_masks", indices=1)) == 1
    venv.set_attr("compact", False)
    venv.close()


def test_bad_envs_are_refused() -> None:
    with pytest.raises(CoincheTypeError, match="env must be a CoincheVectorEnv"):
        Sb3VecEnv("common")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="env must have a seat"):
        Sb3VecEnv(CoincheVectorEnv("common", num_envs=2, seat=None))
