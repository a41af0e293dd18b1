"""coinche.rl.vector: the Gymnasium VectorEnv on the batch env."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")  # the rl extra (not in the compiled suite's venv)
pytest.importorskip("pettingzoo")

from gymnasium.vector import AutoresetMode

from coinche import Seat
from coinche.errors import CoincheTypeError, IllegalActionError
from coinche.rl import field_slice
from coinche.rl.vector import CoincheVectorEnv


def _random(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


@pytest.mark.parametrize("preset", ["common", "ffb"])
def test_single_seat_agent_always_moves_and_gets_its_team_score(preset: str) -> None:
    envs = CoincheVectorEnv(preset, num_envs=6, seed=3, seat=Seat.EAST)
    obs, _ = envs.reset(seed=3)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(200):
        # the agent is East in every deal: the observation's absolute seat field says so
        assert (obs["observation"][:, field_slice("seat")].argmax(axis=1) == 1).all()
        assert obs["observation"].shape == (6, 998)
        assert obs in envs.observation_space
        actions = _random(obs["action_mask"], rng)
        obs, rewards, terminated, truncated, _ = envs.step(actions)
        assert not truncated.any()
        # a reward comes only with the end of a deal: East-West's score minus North-South's
        assert not rewards[~terminated].any()
        ended += int(terminated.sum())
    assert ended > 10


def test_self_play_rewards_of_every_seat() -> None:
    envs = CoincheVectorEnv("common", num_envs=4, seed=1, seat=None, compact=True)
    envs.reset(seed=1)
    rng = np.random.default_rng(1)
    seen = 0
    for _ in range(200):
        mover = envs.batch.to_move.copy()
        _, rewards, terminated, _, info = envs.step(_random(envs.action_masks(), rng))
        every = info["rewards"]
        # partners get the same reward, opponents its opposite; the mover's is its own
        assert (every[:, 0] == every[:, 2]).all()
        assert (every[:, 0] == -every[:, 1]).all()
        assert (rewards == every[np.arange(4), mover]).all()
        seen += int(terminated.sum())
    assert seen > 5


def test_bad_arguments() -> None:
    with pytest.raises(CoincheTypeError):
        CoincheVectorEnv(num_envs=2, seat=2)  # type: ignore[arg-type]
    envs = CoincheVectorEnv(num_envs=2, seat=Seat.NORTH)
    envs.reset(seed=0)
    with pytest.raises(IllegalActionError):
        envs.step(np.array([0, 0]))  # a card in the auction
