"""The engine's batch entry points: playout, playouts and random_playouts.

Each is pinned against what it stands for, computed another way: random_playouts
against a Python loop of random_playout on copies, the GREEDY policy against
GreedyPlayer playing the same deal through the checked Deal API, and the in-place
playout against the same cards played one by one; plus a deal whose score the rules
fix by hand, and the errors of bad arguments.
"""

from __future__ import annotations

import random

import attrs
import pytest

from coinche import PRESETS, CoincheTypeError, Hand, RuleConfig, engine
from coinche.bots.players import GreedyPlayer
from coinche.cards import Card
from coinche.testing.deals import deal_in_play

# compiled: make compiled-test runs it again against the compiled build
pytestmark = pytest.mark.compiled

_VARIANTS = [
    *(PRESETS[name]() for name in PRESETS),
    attrs.evolve(RuleConfig.common(), allow_no_trump=True, allow_all_trump=True),
    attrs.evolve(RuleConfig.ffb(), allow_no_trump=True, allow_all_trump=True),
]


def _states(count: int, seed: int) -> list[engine.PlayState]:
    """States of every preset and strain, some at the start of the play, some in the
    middle of a trick or of the deal (random legal cards played first)."""
    rng = random.Random(seed)
    states = []
    for i in range(count):
        deal = deal_in_play(_VARIANTS[i % len(_VARIANTS)], rng)
        for _ in range(rng.randrange(20)):
            deal = deal.apply(rng.choice(deal.legal_actions()))
        states.append(engine.PlayState.from_deal(deal))
    return states


def _snapshot(state: engine.PlayState) -> tuple[object, ...]:
    return (state.position(), tuple(state.played), state.to_move)


def test_random_playouts_are_the_sum_of_a_python_loop_of_random_playout() -> None:
    for k, state in enumerate(_states(60, 1)):
        before = _snapshot(state)
        seed = 1000 * k - 30_000  # negative seeds too
        loop = [engine.random_playout(state.copy(), seed + i) for i in range(7)]
        expected = (sum(s[0] for s in loop), sum(s[1] for s in loop))
        assert engine.random_playouts(state, 7, seed) == expected
        assert engine.playouts(state, 7, seed, engine.RANDOM) == expected
        assert _snapshot(state) == before  # the batch left the state as it was


def test_seeds_beyond_32_bits_give_the_same_playouts_as_the_loop() -> None:
    state = _states(1, 2)[0]
    seed = 2**40 + 5  # the generator reads the seed modulo 2**32, both ways
    loop = [engine.random_playout(state.copy(), seed + i) for i in range(3)]
    assert engine.random_playouts(state, 3, seed) == (
        sum(s[0] for s in loop),
        sum(s[1] for s in loop),
    )


def test_greedy_playout_plays_the_cards_of_greedy_player() -> None:
    rng = random.Random(3)
    player = GreedyPlayer()
    strains = set()
    for i in range(150):
        deal = deal_in_play(_VARIANTS[i % len(_VARIANTS)], rng)
        state = engine.PlayState.from_deal(deal)
        strains.add(state.strain)
        start = len(state.played)
        score = engine.playout(state, engine.GREEDY)
        cards = []
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            card = player.choose(deal.view(seat), deal.legal_actions(), rng)
            assert isinstance(card, Card)
            cards.append(card.index)
            deal = deal.apply(card)
        assert state.played[start:] == cards
        assert deal.result is not None
        assert score == tuple(deal.result.score.values())
    assert strains == set(range(6))  # every strain was met


def test_greedy_playouts_repeat_one_greedy_deal() -> None:
    # the greedy policy draws nothing: every playout of a batch is the same deal
    for state in _states(10, 4):
        one = engine.playout(state.copy(), engine.GREEDY)
        assert engine.playouts(state, 5, 9, engine.GREEDY) == (5 * one[0], 5 * one[1])


def test_a_playout_in_place_is_the_cards_played_one_by_one() -> None:
    for state in _states(20, 5):
        other = state.copy()
        origin = state.position()
        start = len(state.played)
        expected = engine.random_playout(state.copy(), 77)
        score = engine.playout(state, engine.RANDOM, 77)
        assert score == expected
        for card in state.played[start:]:
            assert other.legal_mask() >> card & 1
            other.play(card)
        assert other.position() == state.position()
        assert score == other.score()
        for _ in state.played[start:]:  # and undo walks it back
            state.undo()
        assert state.position() == origin
        assert len(state.played) == start


def test_a_forced_capot_scores_the_same_in_every_playout() -> None:
    # North holds all eight hearts, hearts are trumps and North leads: nobody can follow
    # nor trump, so North takes every trick whatever the others discard: a capot, 250,
    # plus belote (North's KH QH) 20 plus the contract 80 = 350 for North-South (common
    # scoring, a made contract scores its value plus the points); East-West score 0
    hands = [
        Hand.parse(h).mask
        for h in (
            "JH 9H AH TH KH QH 8H 7H",
            "7C 8C 9C TC JC QC KC AC",
            "7S 8S 9S TS JS QS KS AS",
            "7D 8D 9D TD JD QD KD AD",
        )
    ]
    state = engine.PlayState.from_hands(
        hands, RuleConfig.common(), taker=0, strain=2, value=80, leader=0
    )
    assert engine.random_playouts(state, 25, 123) == (25 * 350, 0)
    assert engine.playouts(state, 4, 0, engine.GREEDY) == (4 * 350, 0)


def test_no_playout_totals_zero_and_a_finished_state_its_score() -> None:
    state = _states(1, 6)[0]
    assert engine.random_playouts(state, 0, 1) == (0, 0)
    engine.random_playout(state, 1)
    ns, ew = state.score()
    assert engine.random_playouts(state, 3, 1) == (3 * ns, 3 * ew)


@pytest.mark.parametrize(
    ("call", "text"),
    [
        (lambda s: engine.random_playouts("state", 1, 0), "PlayState, not str"),
        (lambda s: engine.random_playouts(s, -1, 0), "n must be an int from 0"),
        (lambda s: engine.random_playouts(s, True, 0), "n must be an int from 0"),
        (lambda s: engine.random_playouts(s, 1.5, 0), "n must be an int from 0"),
        (lambda s: engine.random_playouts(s, 1, "7"), "seed must be an int"),
        (lambda s: engine.playouts(s, 1, 0, 2), "policy"),
        (lambda s: engine.playout(s, -1), "policy"),
        (lambda s: engine.playout(None, engine.GREEDY), "PlayState, not NoneType"),
        (lambda s: engine.random_playout(s, None), "seed must be an int"),
    ],
)
def test_bad_arguments_get_the_library_error(call: object, text: str) -> None:
    state = _states(1, 7)[0]
    before = _snapshot(state)
    with pytest.raises(CoincheTypeError, match=text):
        call(state)  # type: ignore[operator]
    assert _snapshot(state) == before
