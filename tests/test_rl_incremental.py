"""The single-deal environments' observations, kept up to date action by action,
against coinche.rl.observation built from the view, at every step of every preset."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")  # the rl extra (not in the compiled suite's venv)
pytest.importorskip("pettingzoo")


from coinche import PRESETS, Seat
from coinche.actions import legal_action_mask
from coinche.rl import CoincheAECEnv, CoincheGymEnv, observation
from coinche.rl._common import AGENTS, SEAT_OF


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("episode", ["deal", "game"])
def test_aec_observations_equal_the_views(preset: str, episode: str) -> None:
    env = CoincheAECEnv(preset, episode=episode)  # type: ignore[arg-type]
    rng = np.random.default_rng(5)
    steps = 0
    for seed in range(6):
        env.reset(seed=seed)
        for agent in env.agent_iter(max_iter=300):
            game = env.game
            state = env.deal if game is None else game
            totals = None if game is None else game.totals
            for other in AGENTS:  # every seat, the one to move and the others
                got = env.observe(other)["observation"]
                expected = observation(state.view(SEAT_OF[other]), totals)
                assert np.array_equal(got, expected), (preset, steps, other)
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = env.observe(agent)["action_mask"]
            expected_mask = np.frombuffer(legal_action_mask(env.deal), dtype=np.int8)
            assert np.array_equal(mask, expected_mask), (preset, steps)
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
    assert steps > 100


@pytest.mark.parametrize("preset", ["common", "ffb", "classic_belote"])
def test_gym_observations_equal_the_views(preset: str) -> None:
    env = CoincheGymEnv(preset, seat=Seat.WEST)
    rng = np.random.default_rng(2)
    for seed in range(5):
        obs, _ = env.reset(seed=seed)
        done = False
        while True:
            expected = observation(env.deal.view(Seat.WEST))
            assert np.array_equal(obs["observation"], expected)
            if done:
                break
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
