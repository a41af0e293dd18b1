"""coinche.rl.batch against the library, deal by deal (issue 20's proof).

The batch env reimplements the play in NumPy and the auction as a table: every test
here drives it and :class:`~coinche.Deal` with the same random actions and compares
what each says at every step: the mask (``legal_action_mask``), the observation
(:func:`coinche.rl.observation` of the seat to move), the seat to move, and at the end
the rewards and the deal's score.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")  # the rl extra (not in the compiled suite's venv)
pytest.importorskip("pettingzoo")

from hypothesis import given, settings
from hypothesis import strategies as st

from coinche import Card, Deal, Hand, RuleConfig, Seat
from coinche.actions import NUM_ACTIONS, int_to_action, legal_action_mask
from coinche.errors import CoincheTypeError, IllegalActionError, RuleConfigError
from coinche.rl import observation
from coinche.rl.batch import COMPACT_SIZE, BatchEnv, deal_of, expand

PRESETS = ["common", "ffb", "pagat", "contract_only", "min82"]


def _mask(deal: Deal) -> np.ndarray:
    return np.frombuffer(legal_action_mask(deal), dtype=np.int8).astype(bool)


def _drive(preset: str, seed: int, n: int, steps: int) -> int:
    """Step a batch of *n* deals *steps* times with random legal actions, replaying each
    deal on a Deal; returns how many deals were compared to their end."""
    rules = RuleConfig.preset(preset)
    env = BatchEnv(preset, n=n, seed=seed, reward="score")  # the raw score differences
    deals = [deal_of(rules, seed, i) for i in range(n)]
    rng = np.random.default_rng(seed)
    finished = 0
    for _ in range(steps):
        full = expand(env.observations)
        for i, deal in enumerate(deals):
            assert deal.to_move is not None
            assert env.to_move[i] == deal.to_move, (preset, seed, i)
            assert np.array_equal(env.action_mask[i], _mask(deal)), (preset, seed, i)
            expected = observation(deal.view(deal.to_move))
            assert np.array_equal(full[i], expected), np.flatnonzero(full[i] != expected)
        actions = env.sample(rng)
        env.step(actions)
        for i in range(n):
            deal = deals[i].apply(int_to_action(int(actions[i]), rules))
            if deal.is_over:
                assert env.terminated[i]
                result = deal.result
                if result is None:  # thrown in: no reward
                    assert env.thrown_in[i]
                    assert not env.rewards[i].any()
                else:
                    ns, ew = result.score.north_south, result.score.east_west
                    assert env.final_scores[i].tolist() == [ns, ew]
                    assert env.rewards[i].tolist() == [ns - ew, ew - ns, ns - ew, ew - ns]
                finished += 1
                deal = deal_of(rules, seed, int(env.deal_index[i]))
            else:
                assert not env.terminated[i]
                assert not env.rewards[i].any()
            deals[i] = deal
    return finished


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_batch_equals_deal_replay(preset: str, seed: int) -> None:
    # 16 deals x 160 steps: about 60 deals played out per case, auctions and play
    assert _drive(preset, seed, 16, 160) > 20


def test_batch_deals_do_not_depend_on_batch_size() -> None:
    # slot j of a batch of n plays deal j, then j + n ...: deal 5 of seed 9 is the same
    # deal in a batch of 8 (slot 5) and of 6 (slot 5), and deal_of gives it too
    small, large = BatchEnv(n=6, seed=9), BatchEnv(n=8, seed=9)
    assert small.observations[5, 3] == large.observations[5, 3]  # to move's hand
    deal = deal_of("common", 9, 5)
    assert [h.mask for h in deal.hands] == large._hands[5].tolist()


def test_classic_belote_is_refused() -> None:
    with pytest.raises(RuleConfigError, match="turned-card"):
        BatchEnv("classic_belote", n=2)


def test_bad_actions_raise() -> None:
    env = BatchEnv(n=2, seed=0)
    with pytest.raises(CoincheTypeError, match="2 integers"):
        env.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(CoincheTypeError):
        env.step(np.zeros(2))  # floats
    # in the auction no card is legal: action 0 (7C) is refused, naming deal 0
    with pytest.raises(IllegalActionError, match="deal 0"):
        env.step(np.array([0, 32]))
    with pytest.raises(IllegalActionError):
        env.step(np.array([32, NUM_ACTIONS]))


def test_compact_observation_width() -> None:
    assert BatchEnv(n=1).observations.shape == (1, COMPACT_SIZE)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.randoms(use_true_random=False))
def test_observation_ignores_hidden_hands(seed: int, steps: int, rnd: random.Random) -> None:
    # play a deal a few steps, then deal the cards the observer cannot see (the other
    # seats' unplayed, unshown cards) again at random: the same compact observation
    rules = RuleConfig.ffb()
    env = BatchEnv(rules, n=1, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        env.step(env.sample(rng))
    me = int(env.to_move[0])
    before = env.observations.copy()
    hidden = [int(env._hands[0, s]) & ~int(env._shown[0, s]) for s in range(4)]
    pool = [c for s in range(4) if s != me for c in range(32) if hidden[s] >> c & 1]
    rnd.shuffle(pool)
    for s in range(4):
        if s == me:
            continue
        count = bin(hidden[s]).count("1")
        new = sum(1 << c for c in pool[:count])
        pool = pool[count:]
        env._hands[0, s] = (int(env._hands[0, s]) & ~hidden[s]) | new
    env._refresh()
    assert np.array_equal(env.observations, before)


def test_deal_of_matches_hands() -> None:
    deal = deal_of("common", 3, 0)
    assert isinstance(deal.hands[0], Hand)
    assert sum(len(h) for h in deal.hands) == 32
    assert isinstance(deal.dealer, Seat)
    assert all(isinstance(c, Card) for c in deal.hands[1])


@pytest.mark.parametrize("preset", PRESETS)
def test_vector_score_equals_kernel(preset: str) -> None:
    # random inputs over the whole domain of K.score: every contract kind, multiplier,
    # taker, belote and announcements, and trick splits weighted towards capots and
    # générales (a seat or a team taking all eight), so every branch is reached
    from coinche import _kernel as K
    from coinche.rl._batch_score import score as vector_score

    options = RuleConfig.preset(preset).score_options
    rng = np.random.default_rng(20)
    m = 20_000
    taker = rng.integers(0, 4, m)
    kind = rng.choice([0, 0, 0, 1, 2], m)
    value = np.where(kind == 1, 250, np.where(kind == 2, 500, rng.integers(8, 25, m) * 10))
    mult = rng.choice([1, 2, 4], m)
    won = rng.multinomial(8, [0.25] * 4, m)
    sweep = rng.random(m)
    won[sweep < 0.1] = 0
    won[sweep < 0.1, taker[sweep < 0.1]] = 8  # the taker alone
    pair = (sweep >= 0.1) & (sweep < 0.2)
    won[pair] = 0
    won[pair, (taker[pair] + 1) & 3] = 8  # the defenders
    ns = rng.integers(0, 163, m)
    cards = np.stack([ns, 162 - ns], axis=1)
    belote = rng.integers(-1, 2, m)
    ann = rng.integers(0, 3, (m, 2)) * rng.choice([0, 20, 50, 100, 150, 200], (m, 2))
    ann[rng.random(m) < 0.5] = 0
    got = vector_score(options, taker, kind, value, mult, cards, won, belote, ann)
    for i in range(m):
        figures = K.score(
            options, int(taker[i]), int(kind[i]), int(value[i]), int(mult[i]),
            int(cards[i, 0]), int(cards[i, 1]),
            (int(won[i, 0]), int(won[i, 1]), int(won[i, 2]), int(won[i, 3])),
            int(belote[i]), int(ann[i, 0]), int(ann[i, 1]),
        )  # fmt: skip
        assert (figures[0], figures[1]) == tuple(got[i].tolist()), i


@pytest.mark.parametrize("preset", ["common", "pagat", "min82"])
def test_batch_equals_the_aec_env(preset: str) -> None:
    # the single-deal env playing deal_of(seed, slot) with the batch's actions: the same
    # observation of the seat to move, the same mask, the same rewards at the end
    from coinche.rl import CoincheAECEnv
    from coinche.rl._common import AGENTS

    seed, n = 4, 6
    env = BatchEnv(preset, n=n, seed=seed, reward="score")
    singles = [CoincheAECEnv(preset, reward="score") for _ in range(n)]
    for i, single in enumerate(singles):
        single.reset(options={"deal": deal_of(preset, seed, i)})
    rng = np.random.default_rng(seed)
    ended = 0
    for _ in range(120):
        full = expand(env.observations)
        for i, single in enumerate(singles):
            agent = single.agent_selection
            assert AGENTS.index(agent) == env.to_move[i]
            seen = single.observe(agent)
            assert np.array_equal(seen["observation"], full[i])
            assert np.array_equal(seen["action_mask"].astype(bool), env.action_mask[i])
        actions = env.sample(rng)
        env.step(actions)
        for i, single in enumerate(singles):
            single.step(int(actions[i]))
            if single.terminations[AGENTS[0]]:
                assert env.terminated[i]
                assert [single.rewards[a] for a in AGENTS] == env.rewards[i].tolist()
                single.reset(options={"deal": deal_of(preset, seed, int(env.deal_index[i]))})
                ended += 1
            else:
                assert not env.terminated[i]
    assert ended > 5


def test_sample_draws_every_legal_action_and_nothing_else() -> None:
    # one deal, the same position drawn from 4,000 times: the opening of the common
    # auction has 41 legal actions (pass, 36 bids, 4 capots), each drawn about 100 times
    env = BatchEnv("common", n=4000, seed=0)
    env._hands[:] = env._hands[0]
    env._pub[:] = env._pub[0]
    env._refresh()
    drawn = env.sample(np.random.default_rng(0))
    counts = np.bincount(drawn, minlength=NUM_ACTIONS)
    legal = env.action_mask[0]
    assert not counts[~legal].any()
    assert (counts[legal] > 50).all()
    assert legal.sum() == 41


def test_sample_draws_every_legal_card() -> None:
    # step one deal into its play, copy it to 4,000 slots: each legal card is drawn
    env = BatchEnv("common", n=4000, seed=0)
    rng = np.random.default_rng(1)
    while env._phase[0] != 1:
        env.step(env.sample(rng))
    for name in ("_hands", "_pub", "_astate", "_size", "_led", "_master", "_master_key"):
        getattr(env, name)[:] = getattr(env, name)[0]
    for name in ("_master_pos", "_trumped", "_trick_points", "_tricks_done"):
        getattr(env, name)[:] = getattr(env, name)[0]
    env._refresh()
    counts = np.bincount(env.sample(rng), minlength=NUM_ACTIONS)
    legal = env.action_mask[0]
    assert legal[:32].sum() == 8  # a lead: any of the eight cards
    assert not counts[~legal].any()
    assert (counts[legal] > 300).all()


def test_a_count_of_thousands_of_digits_is_named_not_crashed() -> None:
    """The message once printed the argument with repr, which Python refuses for an int
    of more than 4,300 digits (its own ValueError, not the library's error)."""
    with pytest.raises(CoincheTypeError, match="not <an int of 5001 digits>"):
        BatchEnv("common", n=-(10**5000))
