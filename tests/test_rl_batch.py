"""The JAX engine (coinche.arrays) and the batch env on it, against the library, deal by deal.

Every equality test drives the batch env and :class:`~coinche.Deal` with the same actions
(random, or GreedyPlayer's) and compares what each says at every step: the mask
(``legal_action_mask``), the observation (:func:`coinche.rl.observation` of the seat to
move), the seat to move, and at the end the rewards and the deal's score; under greedy
actions the JAX greedy action is GreedyPlayer's at every decision.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

pytest.importorskip("gymnasium")  # the rl extra (not in the compiled suite's venv)
pytest.importorskip("pettingzoo")
pytest.importorskip("jax")

import jax
import jax.numpy as jnp
from hypothesis import given, settings
from hypothesis import strategies as st

from coinche import Deal, RuleConfig, Seat, _shuffle, arrays
from coinche import _kernel as K
from coinche._shuffle import dealt_hands
from coinche.actions import NUM_ACTIONS, action_to_int, int_to_action, legal_action_mask
from coinche.bots.players import GreedyPlayer
from coinche.errors import (
    CoincheTypeError,
    CoincheValueError,
    IllegalActionError,
    RuleConfigError,
)
from coinche.rl import observation
from coinche.rl.batch import COMPACT_SIZE, BatchEnv, deal_of, expand, to_compact_int32
from coinche.rl.vector import greedy_policy

PRESETS = ["common", "ffb", "pagat", "contract_only", "min82"]


def _mask(deal: Deal) -> np.ndarray:
    return np.frombuffer(legal_action_mask(deal), dtype=np.int8).astype(bool)


def _drive(preset: str, seed: int, n: int, steps: int, greedy: bool = False) -> int:
    """Step a batch of *n* deals *steps* times (random legal actions, or GreedyPlayer's
    three times in four), replaying each deal on a Deal; returns how many deals were
    compared to their end."""
    rules = RuleConfig.preset(preset)
    env = BatchEnv(preset, n=n, seed=seed, reward="score")  # the raw score differences
    deals = [deal_of(rules, seed, i) for i in range(n)]
    rng = np.random.default_rng(seed)
    policy = greedy_policy(rules)
    player, unused = GreedyPlayer(), random.Random(0)
    finished = 0
    for _ in range(steps):
        full = expand(env.observations)
        chosen = policy(env.observations, env.action_mask, rng) if greedy else None
        for i, deal in enumerate(deals):
            seat = deal.to_move
            assert seat is not None
            assert env.to_move[i] == seat, (preset, seed, i)
            assert np.array_equal(env.action_mask[i], _mask(deal)), (preset, seed, i)
            expected = observation(deal.view(seat))
            assert np.array_equal(full[i], expected), np.flatnonzero(full[i] != expected)
            if chosen is not None:
                choice = player.choose(deal.view(seat), deal.legal_actions(), unused)
                assert chosen[i] == action_to_int(choice, rules), (preset, i, deal.calls)
        actions = env.sample(rng)
        if chosen is not None:
            actions = np.where(rng.random(n) < 0.75, chosen, actions)
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
@pytest.mark.parametrize("seed", [0, 1])
def test_batch_equals_deal_replay(preset: str, seed: int) -> None:
    # 8 deals x 320 steps: about 60 deals played out per case, auctions and play
    # (8 deals a batch in every stepping test of the rl suites: one compilation)
    assert _drive(preset, seed, 8, 320) > 20


@pytest.mark.parametrize("preset", PRESETS)
def test_greedy_line_equals_deal_replay_and_the_greedy_player(preset: str) -> None:
    # GreedyPlayer's actions three times in four: contracts it bids, coinches, its play
    assert _drive(preset, 3, 8, 240, greedy=True) > 10


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_large_equality_run(preset: str) -> None:
    # the long run: 64 deals x 1,200 steps per seed, random then greedy (about 1,600
    # deals and 60,000 positions per preset)
    for seed in (10, 11):
        assert _drive(preset, seed, 64, 1200) > 500
    assert _drive(preset, 12, 64, 600, greedy=True) > 200


def test_one_compilation_serves_every_preset() -> None:
    from coinche.rl import batch

    sizes = []
    for preset in PRESETS:  # the first preset compiles, unless a test before did
        env = BatchEnv(preset, n=8, seed=0)
        env.step(env.sample(np.random.default_rng(0)))
        sizes.append(batch._advance_jit._cache_size())  # type: ignore[attr-defined]
    assert sizes[1:] == sizes[:1] * (len(PRESETS) - 1)


def test_batch_deals_do_not_depend_on_batch_size() -> None:
    # slot j of a batch of n plays deal j, then j + n ...: deal 5 of seed 9 is the same
    # deal in a batch of 16 (slot 5) and of 8 (slot 5), and deal_of gives it too
    small, large = BatchEnv(n=8, seed=9), BatchEnv(n=16, seed=9)
    assert np.array_equal(np.asarray(small.state.hands[5]), np.asarray(large.state.hands[5]))
    deal = deal_of("common", 9, 5)
    assert [h.mask for h in deal.hands] == np.asarray(large.state.hands[5]).tolist()


@pytest.mark.parametrize(
    ("seed", "index"), [(0, 0), (3, 2**32 - 1), (3, 2**32), (2**64 - 1, 2**64 - 1), (2**40, 77)]
)
def test_the_engine_deals_what_deal_of_deals(seed: int, index: int) -> None:
    # the JAX shuffle and the plain-Python one, across the 32-bit word boundaries
    dealer, hands = arrays._rules.deal(jnp.asarray(arrays.deal_key(seed, index)))
    expected = dealt_hands(seed, index)
    assert (int(dealer), np.asarray(hands).tolist()) == expected
    assert sorted(bin(h).count("1") for h in expected[1]) == [8, 8, 8, 8]
    assert expected[1][0] | expected[1][1] | expected[1][2] | expected[1][3] == 0xFFFFFFFF


def test_slots_move_on_by_the_batch_size_across_a_word() -> None:
    key = jnp.asarray(arrays.deal_key(1, 2**32 - 2))
    after = arrays._rules.advance_key(key, jnp.asarray([5, 0], jnp.uint32))
    assert np.asarray(after).tolist() == arrays.deal_key(1, 2**32 + 3).tolist()


def test_seeds_and_indices_are_checked() -> None:
    # seed 2**64 once dealt seed 0's deals; -1, floats, strings and 2**70 are refused
    for bad in (-1, 2**64, 1.5, "3", None, 2**70):
        with pytest.raises(CoincheTypeError, match="seed"):
            deal_of("common", bad, 0)  # type: ignore[arg-type]
        with pytest.raises(CoincheTypeError, match="index"):
            deal_of("common", 0, bad)  # type: ignore[arg-type]
        with pytest.raises(CoincheTypeError, match="seed"):
            BatchEnv("common", n=1, seed=bad)  # type: ignore[arg-type]
    assert deal_of("common", np.int64(3), 1) == deal_of("common", 3, 1)  # type: ignore[arg-type]


def test_classic_belote_is_refused() -> None:
    with pytest.raises(RuleConfigError, match="turned-card"):
        BatchEnv("classic_belote", n=2)
    with pytest.raises(RuleConfigError, match="belote_requires_declaration"):
        BatchEnv(RuleConfig(belote_requires_declaration=True), n=2)


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
    with pytest.raises(CoincheTypeError, match="booleans"):
        env.step(np.array([32, 32]), where=np.array([1, 0]))


def test_where_all_false_moves_nothing() -> None:
    # once NumPy's bare ValueError; now every deal stays as it is
    env = BatchEnv(n=8, seed=4)
    before = env.observations.copy()
    env.step(np.zeros(8, dtype=np.int64), where=np.zeros(8, dtype=bool))  # actions unread
    assert np.array_equal(env.observations, before)
    assert not env.terminated.any()


def test_compact_observation_width() -> None:
    assert BatchEnv(n=1).observations.shape == (1, COMPACT_SIZE)
    with pytest.raises(CoincheTypeError, match="columns"):
        expand(np.zeros((2, 3), dtype=np.int64))
    with pytest.raises(CoincheTypeError, match="integers"):
        expand(np.zeros((2, COMPACT_SIZE)))


_compact = jax.jit(jax.vmap(arrays._engine.compact))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.randoms(use_true_random=False))
def test_observation_ignores_hidden_hands(seed: int, steps: int, rnd: random.Random) -> None:
    # play a deal a few steps, then deal the cards the observer cannot see (the other
    # seats' unplayed, unshown cards) again at random: the same compact observation
    env = BatchEnv(RuleConfig.ffb(), n=8, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        env.step(env.sample(rng))
    state = jax.tree.map(lambda field: field[:1], env.state)  # the deal of slot 0
    me = int(env.to_move[0])
    hands = np.asarray(state.hands[0]).astype(np.int64)
    shown = np.asarray(state.shown[0]).astype(np.int64)
    hidden = [int(hands[s]) & ~int(shown[s]) if s != me else 0 for s in range(4)]
    pool = [c for s in range(4) for c in range(32) if hidden[s] >> c & 1]
    rnd.shuffle(pool)
    new = hands.copy()
    for s in range(4):
        count = bin(hidden[s]).count("1")
        new[s] = (int(hands[s]) & ~hidden[s]) | sum(1 << c for c in pool[:count])
        pool = pool[count:]
    changed = state._replace(hands=jnp.asarray(new[None, :].astype(np.uint32)))
    seat = jnp.asarray([me], jnp.int32)
    assert np.array_equal(np.asarray(_compact(changed, seat)), np.asarray(_compact(state, seat)))
    assert np.array_equal(np.asarray(_compact(state, seat))[0], np.asarray(state.observation[0]))


_score = jax.jit(jax.vmap(arrays._engine.score, in_axes=(0, None)))


@pytest.mark.parametrize("preset", PRESETS)
def test_score_equals_kernel(preset: str) -> None:
    # random inputs over the whole domain of K.score: every contract kind, multiplier,
    # taker, belote and announcements, and trick splits weighted towards capots and
    # générales (a seat or a team taking all eight), so every branch is reached
    rules = RuleConfig.preset(preset)
    options = rules.score_options
    rng = np.random.default_rng(20)
    m = 4000
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
    base = BatchEnv(rules, n=m).state

    def i32(a: np.ndarray) -> jax.Array:
        return jnp.asarray(a.astype(np.int32))

    states = base._replace(
        taker=i32(taker), kind=i32(kind), value=i32(value), multiplier=i32(mult),
        won=i32(won), points=i32(cards), belote=i32(belote), credit=i32(ann),
    )  # fmt: skip
    got = np.asarray(_score(states, arrays.rules_data(rules).score_options))
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

    seed, n = 4, 8
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
    # 4,000 copies of one deal's opening: the common auction's opening has 41 legal
    # actions (pass, 36 bids, 4 capots), each drawn about 100 times
    env = BatchEnv("common", n=4000, seed=0)
    env.action_mask[:] = env.action_mask[0]
    drawn = env.sample(np.random.default_rng(0))
    counts = np.bincount(drawn, minlength=NUM_ACTIONS)
    legal = env.action_mask[0]
    assert not counts[~legal].any()
    assert (counts[legal] > 50).all()
    assert legal.sum() == 41


def test_the_jax_random_action_draws_every_legal_action() -> None:
    # the engine's own uniform draw, on one mask of 5 actions spread over three words
    mask = np.zeros(NUM_ACTIONS, dtype=bool)
    mask[[0, 31, 32, 100, 153]] = True
    bits = jax.random.bits(jax.random.key(3), (5000,), jnp.uint32)
    draw = jax.jit(jax.vmap(arrays.random_action, in_axes=(0, None)))
    counts = np.bincount(np.asarray(draw(bits, jnp.asarray(mask))), minlength=NUM_ACTIONS)
    assert not counts[~mask].any()
    assert (counts[mask] > 850).all()  # 1,000 each expected


ROLLOUT_SIZE = 64  # one batch size for every rollout test: one compilation per policy


def _replay_random(rules: RuleConfig, seed: int, index: int, salt: int) -> tuple[list[int], Deal]:
    """Deal *index* of *seed* played on a Deal with the random actions the rollout draws:
    call i and card p each pick, from the library's own legal actions in increasing
    order, the one :func:`coinche._shuffle.draw` and ``pick`` give (plain Python)."""
    deal = deal_of(rules, seed, index)
    root = _shuffle.root(seed, index)
    calls = cards = 0
    while not deal.is_over:
        legal = np.flatnonzero(_mask(deal))
        if legal[0] < 32:  # the play: every legal action is a card
            word = _shuffle.draw(root, salt, _shuffle.CARD_DRAWS + cards)
            cards += 1
        else:
            word = _shuffle.draw(root, salt, calls)
            calls += 1
        deal = deal.apply(int_to_action(int(legal[_shuffle.pick(word, len(legal))]), rules))
    return _final(deal), deal


def _final(deal: Deal) -> list[int]:
    result = deal.result
    return [0, 0] if result is None else [result.score.north_south, result.score.east_west]


def _rollout_equals_replay(preset: str, seed: int, n: int, greedy: bool) -> Counter[str]:
    """Roll *n* deals out in JAX and replay each on a Deal (the rollout's random draws,
    or GreedyPlayer at every decision): the same scores, deal by deal. Returns what
    the deals covered (contract kinds, multipliers, thrown in, announcements)."""
    rules = RuleConfig.preset(preset)
    rng = jax.random.key(seed)
    salt = int(jax.random.bits(rng, (), jnp.uint32))
    policy = "greedy" if greedy else "random"
    got = np.zeros((0, 2), dtype=np.int64)
    for start in range(0, n, ROLLOUT_SIZE):
        keys = arrays.deal_keys(seed, start, ROLLOUT_SIZE)
        scores = arrays.random_deals(keys, arrays.rules_data(rules), rng, policy=policy)
        got = np.concatenate([got, np.asarray(scores)])
    player, unused = GreedyPlayer(), random.Random(0)
    seen: Counter[str] = Counter()
    for i in range(n):
        if greedy:
            deal = deal_of(rules, seed, i)
            while (seat := deal.to_move) is not None:
                deal = deal.apply(player.choose(deal.view(seat), deal.legal_actions(), unused))
            expected = _final(deal)
        else:
            expected, deal = _replay_random(rules, seed, i, salt)
        assert got[i].tolist() == expected, (preset, seed, i, deal.calls)
        result = deal.result
        if result is None:
            seen["thrown in"] += 1
            continue
        seen[f"x{result.contract.multiplier}"] += 1
        seen["made" if result.made else "failed"] += 1
        seen["capot" if result.capot is not None else "no capot"] += 1
        points = result.announcement_points
        seen["announcements" if points.north_south or points.east_west else "none"] += 1
    return seen


@pytest.mark.parametrize("preset", PRESETS)
def test_rollout_equals_deal_replay(preset: str) -> None:
    # 128 random whole deals per preset, the same scores as the library's Deal with the
    # same actions; random calls coinche often (surcoinche where the preset allows it)
    seen = _rollout_equals_replay(preset, 21, 128, greedy=False)
    rules = RuleConfig.preset(preset)
    cases = ["x1", "x2", "made", "failed", "capot"] + ["x4"] * rules.allow_surcoinche
    cases += ["announcements"] * rules.announcements
    for case in cases:
        assert seen[case], (case, seen)


@pytest.mark.parametrize("preset", PRESETS)
def test_greedy_rollout_equals_the_greedy_player(preset: str) -> None:
    seen = _rollout_equals_replay(preset, 22, 64, greedy=True)
    for case in ("x1", "made", "thrown in"):
        assert seen[case], (case, seen)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_large_rollout_equality_run(preset: str) -> None:
    # the long run: 4,096 random and 1,024 greedy whole deals per preset
    _rollout_equals_replay(preset, 30, 4096, greedy=False)
    _rollout_equals_replay(preset, 31, 1024, greedy=True)


def test_random_deals_are_reproducible_and_batch_free() -> None:
    rules = arrays.rules_data(RuleConfig.common())
    keys = arrays.deal_keys(5, 0, ROLLOUT_SIZE)
    first = np.asarray(arrays.random_deals(keys, rules, jax.random.key(2)))
    again = np.asarray(arrays.random_deals(keys, rules, jax.random.key(2)))
    assert np.array_equal(first, again)
    # a deal's draws are its own: deals 1.. of the same seed, one slot on, play the same
    shifted = np.asarray(
        arrays.random_deals(arrays.deal_keys(5, 1, ROLLOUT_SIZE), rules, jax.random.key(2))
    )
    assert np.array_equal(first[1:], shifted[:-1])
    # and another random key draws other actions
    other = np.asarray(arrays.random_deals(keys, rules, jax.random.key(3)))
    assert not np.array_equal(first, other)
    with pytest.raises(CoincheTypeError, match="policy"):
        arrays.random_deals(keys, rules, jax.random.key(2), policy="best")


def test_packed_card_words_equal_the_kernel_tables() -> None:
    # the engine's card functions (shifts of packed words) against the kernel's tables,
    # for every strain, led suit and card
    from coinche.arrays import _rules as E

    strain, led, card = (
        a.ravel() for a in np.meshgrid(range(6), range(4), range(32), indexing="ij")
    )

    def tables(s: jax.Array, suit: jax.Array, c: jax.Array) -> tuple[jax.Array, ...]:
        st = E.strain_words(s)
        return (
            E.card_order(c, st),
            E.card_points(c, st),
            E.win_key(c, st, suit),
            E.higher_cards(c, st),
        )

    order, points, key, higher = jax.jit(jax.vmap(tables))(
        jnp.asarray(strain, jnp.int32), jnp.asarray(led, jnp.int32), jnp.asarray(card, jnp.int32)
    )
    at = strain * 32 + card
    assert np.asarray(order).tolist() == [K.ORDER[i] for i in at]
    assert np.asarray(points).tolist() == [K.POINTS[i] for i in at]
    assert np.asarray(higher).tolist() == [K.HIGHER[i] for i in at]
    assert np.asarray(key).tolist() == [
        K.WIN_KEY[(s * 4 + u) * 32 + c] for s, u, c in zip(strain, led, card, strict=True)
    ]


def test_a_count_of_thousands_of_digits_is_named_not_crashed() -> None:
    with pytest.raises(CoincheTypeError, match="not <an int of 5001 digits>"):
        BatchEnv("common", n=-(10**5000))


def test_deal_keys_check_their_arguments() -> None:
    with pytest.raises(CoincheTypeError, match="n must be"):
        arrays.deal_keys(0, 0, 0)
    with pytest.raises(CoincheTypeError, match="last index"):
        arrays.deal_keys(0, 2**64 - 1, 2)
    with pytest.raises(CoincheTypeError, match="rules"):
        arrays.rules_data("common")  # type: ignore[arg-type]
    state = arrays.batch_init(
        jnp.asarray(arrays.deal_keys(0, 0, 8)), arrays.rules_data(RuleConfig())
    )
    assert isinstance(Seat(int(state.dealer[0])), Seat)


def test_the_array_doors_name_a_bad_argument() -> None:
    # each door checks what JAX knows when it traces (types, shapes, dtypes), so a bad
    # argument gets a library error naming it, never JAX's "Error interpreting argument"
    rules = arrays.rules_data(RuleConfig())
    state = arrays.init(arrays.deal_key(1, 0), rules)
    states = arrays.batch_init(arrays.deal_keys(1, 0, 2), rules)
    with pytest.raises(CoincheTypeError, match="call rules_data once"):
        arrays.step(state, 32, RuleConfig())  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="state must be a State"):
        arrays.step(deal_of("common", 1, 0), 32, rules)  # type: ignore[arg-type]
    with pytest.raises(CoincheValueError, match="state must be a State of one deal"):
        arrays.step(states, 32, rules)  # a batch: that is batch_step's
    with pytest.raises(CoincheValueError, match="action must be an int from 0 to 153"):
        arrays.step(state, 154, rules)
    with pytest.raises(CoincheTypeError, match=r"action must be .* not bool \(True\)"):
        arrays.step(state, True, rules)
    with pytest.raises(CoincheTypeError, match="action must be an action integer"):
        arrays.step(state, jnp.float32(32), rules)
    with pytest.raises(
        CoincheValueError, match=r"actions must be an integer array of shape \(2,\)"
    ):
        arrays.batch_step(states, np.zeros(3, np.int32), rules)
    with pytest.raises(CoincheValueError, match="actions must hold actions from 0 to 153"):
        arrays.batch_step(states, np.array([32, -1]), rules)
    with pytest.raises(CoincheValueError, match=r"key must be a uint32 array of shape \(4,\)"):
        arrays.init(arrays.deal_keys(1, 0, 2), rules)
    with pytest.raises(CoincheTypeError, match="keys must be a uint32 array"):
        arrays.batch_init(arrays.deal_keys(1, 0, 2).astype(np.int64), rules)
    with pytest.raises(CoincheValueError, match="card must be an int from 0 to 31"):
        arrays.card_step(state, 32, rules)  # a call, not a card
    with pytest.raises(CoincheTypeError, match="observe must be a bool"):
        arrays.call_step(state, 32, rules, observe=1)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="row must be an int32 array"):
        arrays.greedy_action(state.legal_action_mask, state.legal_action_mask, rules)
    with pytest.raises(CoincheValueError, match="mask allows no action"):
        arrays.random_action(0, np.zeros(NUM_ACTIONS, np.bool_))
    with pytest.raises(CoincheTypeError, match="rng must be a JAX random key"):
        arrays.random_deals(arrays.deal_keys(1, 0, 2), rules, 0)  # type: ignore[arg-type]
    with pytest.raises(CoincheValueError, match="policy must be one of"):
        arrays.random_deals(arrays.deal_keys(1, 0, 2), rules, jax.random.key(0), "best")
    # under the caller's jit and vmap the same checks run once, at trace time
    with pytest.raises(CoincheTypeError, match="action must be an action integer"):
        jax.jit(arrays.step)(state, jnp.float32(32), rules)
    moved = jax.jit(jax.vmap(arrays.step, in_axes=(0, 0, None)))(states, jnp.full(2, 32), rules)
    # a pass by each deal's first seat: the next seat in the order of play is to move
    assert np.asarray(moved.current_player).tolist() == [
        (int(seat) + 1) % 4 for seat in np.asarray(states.current_player)
    ]
    # every integer type of an action reaches the same compiled step: the same deal
    assert np.array_equal(
        np.asarray(arrays.step(state, np.int64(32), rules).observation),
        np.asarray(arrays.step(state, 32, rules).observation),
    )


def test_compact_rows_are_checked() -> None:
    env = BatchEnv("common", n=2)
    assert np.array_equal(to_compact_int32(env.observations), np.asarray(env.state.observation))
    with pytest.raises(CoincheTypeError, match="compact observations are integers"):
        to_compact_int32(None)  # type: ignore[arg-type]
    with pytest.raises(CoincheValueError, match="46 columns"):
        to_compact_int32(np.zeros((2, 45), np.int64))
    with pytest.raises(CoincheValueError, match="32-bit masks"):
        to_compact_int32(np.full((1, COMPACT_SIZE), 2**32, np.int64))
    with pytest.raises(CoincheValueError, match="n must be an int from 1 to 16777216"):
        BatchEnv("common", n=10**400)
