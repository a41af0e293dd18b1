"""The ``reward=`` option of every environment: ``"score"``, ``"scaled"`` and
``"win"``, one transform (coinche.rl._common.Rewards) behind all of them.

The expected values come from the rules: under the common preset the largest gap
between the two teams' deal scores is a made capot bid, surcoinched, with every
announcement and belote: 160 card points + 250 x 4 + 550 announcement points + 20 =
1,730 (tests/test_openspiel_infostate.py::test_a_capot_bound_worked_by_hand works it
out), so ``"scaled"`` is the score difference divided by 1,730; ``"win"`` is +1 for the
team that scored more, -1 for the other, 0 for a deal thrown in.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest

pytest.importorskip("gymnasium")  # the rl extra (not in the compiled suite's venv)
pytest.importorskip("pettingzoo")

from coinche import Deal, RuleConfig, Seat
from coinche.bots.players import GreedyPlayer
from coinche.errors import CoincheTypeError
from coinche.rl import CoincheAECEnv, CoincheGymEnv
from coinche.rl._common import AGENTS, Rewards
from coinche.rl.batch import BatchEnv
from coinche.rl.vector import CoincheVectorEnv

COMMON_BOUND = 160 + 250 * 4 + 550 + 20  # 1,730: see the module


def _expected(kind: str, diff: float) -> float:
    """The reward of a score difference *diff* under the common preset, by the rules."""
    if kind == "score":
        return diff
    if kind == "scaled":
        return diff / COMMON_BOUND
    return 1.0 if diff > 0 else -1.0 if diff < 0 else 0.0


def test_the_transform_worked_by_hand() -> None:
    common = RuleConfig.common()
    # 410 - 0: an 80 contract made with 162 card points, say; 173 is a tenth of 1,730
    assert Rewards("score", common).of(410.0) == 410.0
    assert Rewards("scaled", common).of(173.0) == 0.1
    assert Rewards("scaled", common).of(-COMMON_BOUND) == -1.0
    assert [Rewards("win", common).of(d) for d in (410.0, -20.0, 0.0)] == [1.0, -1.0, 0.0]
    # the array form gives the same, in the array's dtype
    diffs = np.array([173.0, -COMMON_BOUND, 0.0], dtype=np.float32)
    scaled = Rewards("scaled", common).of_array(diffs)
    assert scaled.dtype == np.float32
    assert scaled.tolist() == [np.float32(0.1), -1.0, 0.0]
    assert Rewards("win", common).of_array(diffs).tolist() == [1.0, -1.0, 0.0]
    # the bound of each kind: the largest reward a deal can give
    assert [Rewards(k, common).bound for k in ("score", "scaled", "win")] == [1730.0, 1.0, 1.0]


_BAD = ["points", "", "SCORE", 3, None, 10**5000, ["score"], np.array(["score"])]


@pytest.mark.parametrize("bad", _BAD, ids=lambda value: type(value).__name__)
def test_every_env_refuses_a_bad_reward_naming_it(bad: object) -> None:
    def refused(make: Callable[[], object]) -> None:
        with pytest.raises(CoincheTypeError, match="reward must be one of 'score', 'scaled'"):
            make()

    refused(lambda: CoincheAECEnv("common", reward=bad))  # type: ignore[arg-type]
    refused(lambda: CoincheGymEnv("common", reward=bad))  # type: ignore[arg-type]
    refused(lambda: BatchEnv("common", n=2, reward=bad))  # type: ignore[arg-type]
    refused(lambda: CoincheVectorEnv("common", num_envs=2, reward=bad))  # type: ignore[arg-type]
    refused(lambda: Rewards(bad, RuleConfig.common()))
    with pytest.raises(CoincheTypeError, match="<an int of 5001 digits>"):
        Rewards(10**5000, RuleConfig.common())  # cut down, never printed whole


def _random_aec_deal(env: CoincheAECEnv, rng: random.Random) -> dict[str, float]:
    totals = dict.fromkeys(AGENTS, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return totals


@pytest.mark.parametrize("kind", ["score", "scaled", "win"])
def test_aec_rewards_of_each_kind(kind: str) -> None:
    rng = random.Random(kind)
    seen = set()
    for seed in range(25):  # "win" in a deal episode: the deal's sign (it used to raise)
        env = CoincheAECEnv("common", reward=kind)  # type: ignore[arg-type]
        env.reset(seed=seed)
        totals = _random_aec_deal(env, rng)
        result = env.deal.result
        diff = 0.0 if result is None else float(result.score.north_south - result.score.east_west)
        north = _expected(kind, diff)
        assert totals == {"north": north, "east": -north, "south": north, "west": -north}
        seen.add(np.sign(north))
    assert seen >= {-1.0, 1.0}  # both teams won a deal


def test_aec_scaled_rewards_over_a_game_add_up_to_the_totals_scaled() -> None:
    env = CoincheAECEnv("common", episode="game", reward="scaled")
    env.reset(seed=5)
    totals = _random_aec_deal(env, random.Random(5))
    game = env.game
    assert game is not None
    assert game.is_over
    # each deal pays its difference / 1,730 as it ends: the sum is the totals' gap / 1,730
    gap = (game.totals.north_south - game.totals.east_west) / COMMON_BOUND
    assert totals["north"] == pytest.approx(gap)
    assert totals["east"] == pytest.approx(-gap)


@pytest.mark.parametrize("kind", ["score", "scaled", "win"])
def test_gym_rewards_of_each_kind(kind: str) -> None:
    env = CoincheGymEnv("common", seat=Seat.EAST, reward=kind)  # type: ignore[arg-type]
    rng = random.Random(kind)
    for seed in range(12):
        obs, _ = env.reset(seed=seed)
        total, done = 0.0, env.deal.is_over
        while not done:
            action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            obs, reward, done, _, _ = env.step(action)
            total += float(reward)
        result = env.deal.result
        # East's team is East-West
        diff = 0.0 if result is None else float(result.score.east_west - result.score.north_south)
        assert total == _expected(kind, diff)


def test_gym_illegal_reward_defaults_to_the_worst_deal() -> None:
    # the lowest reward a deal can give: minus the bound, in each kind's units
    worst = {"score": -1730.0, "scaled": -1.0, "win": -1.0}
    for kind, value in worst.items():
        env = CoincheGymEnv("common", seat=Seat.NORTH, players=GreedyPlayer(), reward=kind)  # type: ignore[arg-type]
        assert env.illegal_reward == value
        deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0))  # North speaks
        env.reset(options={"deal": deal})
        _, reward, terminated, _, info = env.step(0)  # a card in the auction
        assert (reward, terminated, info) == (value, True, {"illegal_action": True})
    with pytest.raises(CoincheTypeError, match="illegal_reward"):
        CoincheGymEnv(illegal_reward="-1")  # type: ignore[arg-type]


def _drive_batch(env: BatchEnv, steps: int) -> list[np.ndarray]:
    """The rewards of each step of *env* under random legal actions (always the same)."""
    rng = np.random.default_rng(11)
    rewards = []
    for _ in range(steps):
        env.step(env.sample(rng))
        rewards.append(env.rewards.copy())
    return rewards


def test_batch_rewards_of_each_kind_are_the_score_transformed() -> None:
    # the same seed and the same random actions: the same deals, paid three ways
    # (8 deals a batch, as in the other rl suites: one compilation)
    score = _drive_batch(BatchEnv("common", n=8, seed=2, reward="score"), 300)
    scaled = _drive_batch(BatchEnv("common", n=8, seed=2, reward="scaled"), 300)
    win = _drive_batch(BatchEnv("common", n=8, seed=2, reward="win"), 300)
    paid = 0
    for raw, by_bound, by_sign in zip(score, scaled, win, strict=True):
        assert np.array_equal(by_bound, (raw / np.float32(COMMON_BOUND)).astype(np.float32))
        assert np.array_equal(by_sign, np.sign(raw))
        paid += int(np.count_nonzero(raw[:, 0]))
    assert paid > 10
    assert BatchEnv("common", n=8).reward.kind == "scaled"  # the default


@pytest.mark.parametrize("seat", [Seat.SOUTH, None])
def test_vector_rewards_of_each_kind(seat: Seat | None) -> None:
    runs = {}
    for kind in ("score", "scaled", "win"):
        envs = CoincheVectorEnv("common", num_envs=8, seed=4, seat=seat, reward=kind)
        obs, _ = envs.reset(seed=4)
        rng = np.random.default_rng(4)
        got = []
        for _ in range(80):
            actions = [rng.choice(np.flatnonzero(row)) for row in obs["action_mask"]]
            obs, rewards, _terminated, _, _ = envs.step(np.array(actions))
            got.append(rewards)
        runs[kind] = np.array(got)
    assert np.count_nonzero(runs["score"]) > 10
    assert np.array_equal(runs["scaled"], (runs["score"] / np.float32(COMMON_BOUND)))
    assert np.array_equal(runs["win"], np.sign(runs["score"]))


def test_openspiel_reward_parameter_and_utility_range() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import coinche.rl.openspiel  # noqa: F401  (registers python_coinche)

    expected_range = {"score": 1730.0, "scaled": 1.0, "win": 1.0}
    returns = {}
    for kind, bound in expected_range.items():
        game = pyspiel.load_game("python_coinche", {"rules": "common", "reward": kind})
        assert (game.min_utility(), game.max_utility()) == (-bound, bound)
        state = game.new_initial_state()
        rng = random.Random(7)  # the same deal and the same line for every kind
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns[kind] = state.returns()
    diff = returns["score"][0]
    assert diff != 0.0  # this line is scored, not thrown in
    for kind in ("scaled", "win"):
        north = _expected(kind, diff)
        assert returns[kind] == [north, -north, north, -north]
        assert all(-1.0 <= value <= 1.0 for value in returns[kind])
    assert pyspiel.load_game("python_coinche").get_parameters()["reward"] == "scaled"
    with pytest.raises(CoincheTypeError, match="reward must be one of"):
        pyspiel.load_game("python_coinche", {"reward": "points"})


def test_rlcard_game_reward() -> None:
    rlcard = pytest.importorskip("rlcard")
    import coinche.rl.rlcard  # noqa: F401  (registers "coinche")

    payoffs = {}
    for kind in ("score", "scaled", "win"):
        env = rlcard.make("coinche", config={"seed": 3, "game_reward": kind})
        state, _ = env.reset()
        rng = random.Random(3)
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
        payoffs[kind] = env.get_payoffs().tolist()
    diff = payoffs["score"][0]
    assert diff != 0.0
    for kind in ("scaled", "win"):
        north = _expected(kind, diff)
        assert payoffs[kind] == [north, -north, north, -north]
    default = rlcard.make("coinche", config={"seed": 3})
    assert default.game.reward.kind == "scaled"
    with pytest.raises(CoincheTypeError, match="reward must be one of"):
        rlcard.make("coinche", config={"game_reward": "points"})


def test_illegal_reward_must_be_finite() -> None:
    from coinche.rl import CoincheGymEnv

    for bad in (float("nan"), float("inf"), -float("inf"), 10**400):
        with pytest.raises(CoincheTypeError, match="illegal_reward"):
            CoincheGymEnv(illegal_reward=bad)
    assert CoincheGymEnv(illegal_reward=-3).illegal_reward == -3.0


def test_aec_reset_seed_is_checked() -> None:
    from coinche.rl import CoincheAECEnv

    env = CoincheAECEnv()
    env.reset(seed=np.int64(3))  # type: ignore[arg-type]  # a NumPy int is an int
    first = env.observe(env.agent_selection)["observation"]
    env.reset(seed=3)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], first)
    for bad in (1.5, "3", True, 10**200):
        with pytest.raises(CoincheTypeError, match="seed"):
            env.reset(seed=bad)  # type: ignore[arg-type]
