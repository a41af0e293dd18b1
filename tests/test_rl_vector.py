"""coinche.rl.vector: the Gymnasium VectorEnv on the batch env."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")  # the rl extra (not in the compiled suite's venv)
pytest.importorskip("pettingzoo")

from gymnasium.vector import AutoresetMode

from coinche import RuleConfig, Seat
from coinche.actions import action_to_int, int_to_action
from coinche.bots.players import GreedyPlayer
from coinche.errors import CoincheTypeError, IllegalActionError
from coinche.rl import field_slice
from coinche.rl.batch import BatchEnv, deal_of
from coinche.rl.vector import CoincheVectorEnv, Policy, greedy_policy, random_policy


def _random(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


@pytest.mark.parametrize("preset", ["common", "ffb"])
def test_single_seat_agent_always_moves_and_gets_its_team_score(preset: str) -> None:
    envs = CoincheVectorEnv(
        preset, num_envs=8, seed=3, seat=Seat.EAST
    )  # as the others: one compilation
    obs, _ = envs.reset(seed=3)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(200):
        # the agent is East in every deal: the observation's absolute seat field says so
        assert (obs["observation"][:, field_slice("seat")].argmax(axis=1) == 1).all()
        assert obs["observation"].shape == (8, 998)
        assert obs in envs.observation_space
        actions = _random(obs["action_mask"], rng)
        obs, rewards, terminated, truncated, _ = envs.step(actions)
        assert not truncated.any()
        # a reward comes only with the end of a deal: East-West's score minus North-South's
        assert not rewards[~terminated].any()
        ended += int(terminated.sum())
    assert ended > 10


def test_self_play_rewards_of_every_seat() -> None:
    envs = CoincheVectorEnv("common", num_envs=8, seed=1, seat=None, compact=True)
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
        assert (rewards == every[np.arange(8), mover]).all()
        seen += int(terminated.sum())
    assert seen > 5


def test_bad_arguments() -> None:
    with pytest.raises(CoincheTypeError):
        CoincheVectorEnv(num_envs=2, seat=2)  # type: ignore[arg-type]
    envs = CoincheVectorEnv(num_envs=8, seat=Seat.NORTH)
    envs.reset(seed=0)
    with pytest.raises(IllegalActionError):
        envs.step(np.zeros(8, dtype=np.int64))  # a card in the auction


def _agrees_with_greedy_player(preset: str, policy: Policy, steps: int) -> int:
    """Drive a batch (the policy's actions, one in four random) and replay each deal on
    a Deal: the policy's action is GreedyPlayer's at every step; returns the count."""
    rules = RuleConfig.preset(preset)
    n, seed = 8, 5
    env = BatchEnv(preset, n=n, seed=seed)
    deals = [deal_of(rules, seed, i) for i in range(n)]
    player, rng, unused = GreedyPlayer(), np.random.default_rng(seed), random.Random(0)
    checked = 0
    for _ in range(steps):
        got = policy(env.observations, env.action_mask, rng)
        for i, deal in enumerate(deals):
            seat = deal.to_move
            assert seat is not None
            chosen = player.choose(deal.view(seat), deal.legal_actions(), unused)
            assert got[i] == action_to_int(chosen, rules), (preset, i, deal.calls)
            checked += 1
        actions = np.where(rng.random(n) < 0.75, got, env.sample(rng))
        env.step(actions)
        for i in range(n):
            after = deals[i].apply(int_to_action(int(actions[i]), rules))
            deals[i] = deal_of(rules, seed, int(env.deal_index[i])) if after.is_over else after
    return checked


@pytest.mark.parametrize("preset", ["common", "ffb", "pagat", "contract_only", "min82"])
def test_greedy_policy_is_the_greedy_player(preset: str) -> None:
    assert _agrees_with_greedy_player(preset, greedy_policy(preset), 240) == 8 * 240


def test_default_opponents_are_greedy_and_random_ones_can_be_asked_for() -> None:
    envs = CoincheVectorEnv("ffb", num_envs=8, seat=Seat.NORTH)
    assert _agrees_with_greedy_player("ffb", envs.opponent, 80) == 8 * 80  # 8 deals
    randomly = CoincheVectorEnv("ffb", num_envs=8, seed=1, seat=Seat.NORTH, opponent=random_policy)
    obs, _ = randomly.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(40):
        obs, _, _, _, _ = randomly.step(_random(obs["action_mask"], rng))
        assert (randomly.batch.to_move == int(Seat.NORTH)).all()


def test_vector_env_refuses_what_it_once_coerced() -> None:
    # floats, strings and None were once read as actions; a bad opponent, seed or
    # compact flag failed later with a bare error
    envs = CoincheVectorEnv(num_envs=8, seat=Seat.NORTH)
    obs, _ = envs.reset(seed=0)
    legal = np.argmax(obs["action_mask"], axis=1)
    for bad in (legal + 0.7, legal.astype(str), None, "32"):
        with pytest.raises(CoincheTypeError, match="actions"):
            envs.step(bad)  # type: ignore[arg-type]
    for seed in (-1, 2**64, 1.5, "3"):
        with pytest.raises(CoincheTypeError, match="seed"):
            CoincheVectorEnv(num_envs=1, seed=seed)  # type: ignore[arg-type]
        with pytest.raises(CoincheTypeError, match="seed"):
            envs.reset(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="opponent"):
        CoincheVectorEnv(num_envs=1, opponent=5)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="compact"):
        CoincheVectorEnv(num_envs=1, compact="no")  # type: ignore[arg-type]
    silent = CoincheVectorEnv(num_envs=8, seat=Seat.WEST, opponent=lambda *_: None)
    with pytest.raises(CoincheTypeError, match="opponent's actions"):
        silent.reset(seed=1)


def test_compact_observations_are_inside_their_space() -> None:
    # a bid word once packed 57 bits, above the space's bound of 2**32
    envs = CoincheVectorEnv("ffb", num_envs=8, seed=2, seat=None, compact=True)
    obs, _ = envs.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(60):
        assert obs in envs.observation_space
        obs, *_ = envs.step(_random(obs["action_mask"], rng))
