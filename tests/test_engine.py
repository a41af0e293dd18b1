"""coinche.engine against the checked Deal: same legal cards, same play, same score.

The engine and Deal share the kernel, so agreement here shows that the engine's own
state keeping (hands, trick, leader, points, undo) is right: every expected value
comes from the Deal API walking the same line, never from the engine itself.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche import (
    PRESETS,
    Card,
    Hand,
    IllegalCardError,
    InvalidDealError,
    RuleConfig,
    Seat,
    engine,
)
from coinche.deal import Deal, Phase

# compiled: make compiled-test runs it again against the compiled build
pytestmark = pytest.mark.compiled

_VARIANTS = [
    *(PRESETS[name]() for name in PRESETS),
    # no trump and all trump reached through the auction
    attrs.evolve(RuleConfig.common(), allow_no_trump=True, allow_all_trump=True),
    attrs.evolve(RuleConfig.ffb(), allow_no_trump=True, allow_all_trump=True),
]


def _deal_in_play(rules: RuleConfig, rng: random.Random) -> Deal:
    """A deal whose auction was played with random legal calls, in its play phase."""
    while True:
        deal = Deal.new(Seat(rng.randrange(4)), rules, rng)
        while deal.phase is Phase.AUCTION:
            legal = deal.legal_actions()
            # pass half the time so that auctions end; a bid otherwise
            calls = [a for a in legal if not isinstance(a, Card)]
            deal = deal.apply(rng.choice(calls))
        if deal.phase is Phase.PLAY:
            return deal


def _mask(actions: tuple[object, ...]) -> int:
    mask = 0
    for action in actions:
        assert isinstance(action, Card)
        mask |= action.mask
    return mask


@pytest.mark.parametrize("rules", _VARIANTS, ids=lambda r: r.preset_name or "variant")
def test_engine_follows_deal_from_any_point(rules: RuleConfig) -> None:
    rng = random.Random(str(rules))
    for _ in range(25):
        deal = _deal_in_play(rules, rng)
        # walk a random number of cards through Deal first, then convert
        for _ in range(rng.randrange(32)):
            deal = deal.apply(rng.choice(deal.legal_actions()))
        state = engine.PlayState.from_deal(deal)
        start = deal
        while not deal.is_over:
            assert state.legal_mask() == _mask(deal.legal_actions())
            assert deal.to_move is not None
            assert state.to_move == deal.to_move
            card = rng.choice(deal.legal_actions())
            assert isinstance(card, Card)
            deal = deal.apply(card)
            state.play(card.index)
        assert state.is_over
        result = deal.result
        assert result is not None
        assert state.card_points == (
            result.card_points.north_south,
            result.card_points.east_west,
        ) or (result.capot is not None)
        assert state.score() == (result.score.north_south, result.score.east_west)
        # the line played on the state, replayed through Deal, is the same deal
        assert state.to_deal(start) == deal


@pytest.mark.parametrize("rules", _VARIANTS, ids=lambda r: r.preset_name or "variant")
def test_undo_restores_every_field(rules: RuleConfig) -> None:
    rng = random.Random(repr(rules))
    deal = _deal_in_play(rules, rng)
    state = engine.PlayState.from_deal(deal)
    snapshots = []
    while not state.is_over:
        snapshots.append(_fields(state))
        cards = engine.cards_of(state.legal_mask())
        state.play(rng.choice(cards))
    while snapshots:
        state.undo()
        assert _fields(state) == snapshots.pop()
    with pytest.raises(IndexError):
        state.undo()


def _fields(state: engine.PlayState) -> tuple[object, ...]:
    return (
        tuple(state.hands),
        state.leader,
        state.to_move,
        state.count,
        state.trick,
        tuple(state.points),
        tuple(state.won),
        tuple(state.played),
    )


def test_copy_is_independent() -> None:
    rng = random.Random(3)
    state = engine.PlayState.from_deal(_deal_in_play(RuleConfig.common(), rng))
    other = state.copy()
    other.play(engine.lowest_card(other.legal_mask()))
    assert len(state.played) == 0
    assert len(other.played) == 1
    assert _fields(state) != _fields(other)


@given(st.integers(min_value=-(2**64), max_value=2**64))
def test_random_hands_are_a_deal(seed: int) -> None:
    hands = engine.random_hands(seed)
    assert [bin(h).count("1") for h in hands] == [8, 8, 8, 8]
    assert hands[0] | hands[1] | hands[2] | hands[3] == 0xFFFFFFFF
    assert engine.random_hands(seed) == hands  # reproducible


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(range(6)))
def test_random_playout_plays_legal_cards_and_counts_every_point(seed: int, strain: int) -> None:
    rules = attrs.evolve(RuleConfig.common(), allow_no_trump=True, allow_all_trump=True)
    hands = engine.random_hands(seed)
    state = engine.PlayState.from_hands(
        hands, rules, taker=seed & 3, strain=strain, value=80, leader=(seed >> 2) & 3
    )
    replay = state.copy()
    engine.random_playout(state, seed)
    # every card the playout chose was legal when it was played (replayed, checked)
    for card in state.played:
        replay.play_checked(card)
    assert replay.score() == state.score()
    # 152 card points + 10 for the last trick, or a capot's 250 to one team
    assert sum(state.card_points) in (162, 250) or 0 in state.card_points
    assert sum(state.won) == 8


def test_play_checked_refuses_bad_cards() -> None:
    hands = [
        Hand.parse(text).mask
        for text in (
            "JH 9H AH TH KH QH 8H 7H",
            "7C 8C 9C TC JC QC KC AC",
            "7S 8S 9S TS JS QS KS AS",
            "7D 8D 9D TD JD QD KD AD",
        )
    ]
    state = engine.PlayState.from_hands(
        hands, RuleConfig.common(), taker=0, strain=2, value=80, leader=0
    )
    # North leads: a club is not in its hand (all hearts)
    with pytest.raises(IllegalCardError, match="NORTH may not play 7C"):
        state.play_checked(Card.parse("7C").index)
    with pytest.raises(InvalidDealError, match="0 to 31, not 32"):
        state.play_checked(32)
    state.play_checked(Card.parse("JH").index)
    # East holds only clubs and no trump: it may play any of them
    assert state.legal_mask() == hands[1]


def test_from_deal_refuses_a_deal_in_its_auction() -> None:
    deal = Deal.new(Seat.NORTH, RuleConfig.common(), random.Random(1))
    with pytest.raises(InvalidDealError, match="play phase, not auction"):
        engine.PlayState.from_deal(deal)
