"""coinche.engine against the checked Deal: same legal cards, same play, same score.

The engine and Deal share the kernel, so agreement here shows that the engine's own
state keeping (hands, trick, leader, points, undo) is right: every expected value
comes from the Deal API walking the same line, never from the engine itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import SupportsIndex

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche import (
    CARDS,
    PRESETS,
    Card,
    CoincheTypeError,
    Hand,
    IllegalCardError,
    InvalidDealError,
    RuleConfig,
    Seat,
    engine,
)
from coinche.deal import Deal
from coinche.testing.deals import deal_in_play

# compiled: make compiled-test runs it again against the compiled build
pytestmark = pytest.mark.compiled

_VARIANTS = [
    *(PRESETS[name]() for name in PRESETS),
    # no trump and all trump reached through the auction
    attrs.evolve(RuleConfig.common(), allow_no_trump=True, allow_all_trump=True),
    attrs.evolve(RuleConfig.ffb(), allow_no_trump=True, allow_all_trump=True),
]


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
        deal = deal_in_play(rules, rng)
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
    deal = deal_in_play(rules, rng)
    state = engine.PlayState.from_deal(deal)
    snapshots = []
    while not state.is_over:
        snapshots.append(_fields(state))
        cards = engine.cards_of(state.legal_mask())
        state.play(rng.choice(cards))
    while snapshots:
        state.undo()
        assert _fields(state) == snapshots.pop()
    with pytest.raises(InvalidDealError, match="nothing to undo"):
        state.undo()


def _fields(state: engine.PlayState) -> tuple[object, ...]:
    return (
        tuple(state.hands),
        state.leader,
        state.to_move,
        state.size,
        state.trick,
        tuple(state.points),
        tuple(state.won),
        tuple(state.played),
    )


def test_copy_is_independent() -> None:
    rng = random.Random(3)
    state = engine.PlayState.from_deal(deal_in_play(RuleConfig.common(), rng))
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


# ---------------------------------------------------------------- bad input and copies
def test_states_copy_deep_copy_and_pickle_in_both_builds() -> None:
    """A player holding a PlayState is deep-copied by duplicate_match and pickled by the
    pools: the compiled class must support both, as the pure one does."""
    import copy
    import pickle

    rng = random.Random(8)
    state = engine.PlayState.from_deal(deal_in_play(RuleConfig.ffb(), rng))
    for _ in range(6):  # into the second trick: the undo stack holds a trick
        state.play(engine.lowest_card(state.legal_mask()))
    for other in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert _fields(other) == _fields(state)
        assert other.position() == state.position()
        other.undo()  # each copy undoes on its own lists: the original keeps its card
        assert len(other.played) == len(state.played) - 1
        assert other.position() != state.position()


def test_to_deal_refuses_a_deal_of_another_line() -> None:
    """to_deal replays the state's cards on the deal it came from; given the same hands
    after another first card, it must refuse, not mix the two lines."""
    rng = random.Random(9)
    start = deal_in_play(RuleConfig.common(), rng)
    state = engine.PlayState.from_deal(start)
    first, second = engine.cards_of(state.legal_mask())[:2]  # North leads: any two cards
    state.play(first)
    other = start.apply(CARDS[second])
    with pytest.raises(InvalidDealError, match="not this state's"):
        state.to_deal(other)
    assert state.to_deal(start) == start.apply(CARDS[first])
    # undo goes back to the deal the state came from, and no further
    state.undo()
    assert state.to_deal(start) == start
    with pytest.raises(InvalidDealError, match="nothing to undo"):
        state.undo()


def test_card_arguments_are_integers_in_both_builds() -> None:
    """play_checked takes any integer with __index__ (a NumPy integer, as an RL loop
    holds), but not a bool, and refuses the rest with the library's error: pure and
    compiled alike."""
    np = pytest.importorskip("numpy")
    rng = random.Random(10)
    state = engine.PlayState.from_deal(deal_in_play(RuleConfig.common(), rng))
    card = engine.lowest_card(state.legal_mask())
    for bad in (True, 1.0, "3", None, -1, 32):
        with pytest.raises(InvalidDealError, match="integer from 0 to 31"):
            state.play_checked(bad)
    state.play_checked(np.int64(card))
    assert state.played[-1] == card
    assert type(state.played[-1]) is int


class Index:
    """An integer that is no int: what NumPy's integers are to the engine (the compiled
    build's venv has no NumPy, so the tests of both builds use this one)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def _integer_types() -> list[Callable[[int], SupportsIndex]]:
    kinds: list[Callable[[int], SupportsIndex]] = [Index]
    try:
        import numpy as np
    except ImportError:  # the compiled build's venv
        return kinds
    return [*kinds, np.int64, np.uint32]


@pytest.mark.parametrize("kind", _integer_types())
def test_the_engine_reads_integer_types_as_ints_in_both_builds(
    kind: Callable[[int], SupportsIndex],
) -> None:
    """PlayState.from_hands, play, lowest_card, cards_of and random_card take any
    integer with __index__ (NumPy's), read as the int it stands for, and the state
    holds ints: the same deal, pure and compiled (the compiled build once refused a
    NumPy int with a bare TypeError and the pure one kept it in the state)."""
    hands = engine.random_hands(5)
    rules = RuleConfig.common()
    plain = engine.PlayState.from_hands(hands, rules, taker=1, strain=2, value=90, leader=1)
    numpy_like = engine.PlayState.from_hands(
        [kind(h) for h in hands],
        rules,
        taker=kind(1),
        strain=kind(2),
        value=kind(90),
        leader=kind(1),
        multiplier=kind(1),
        kind=kind(0),
    )
    assert numpy_like.position() == plain.position()
    assert all(type(h) is int for h in numpy_like.position().hands)
    while not plain.is_over:
        mask = plain.legal_mask()
        card = engine.lowest_card(kind(mask))
        assert card == engine.cards_of(kind(mask))[0]
        assert engine.random_card(kind(mask), kind(0)) == card
        plain.play(card)
        numpy_like.play(kind(card))
    assert numpy_like.played == plain.played
    assert all(type(card) is int for card in numpy_like.played)
    assert numpy_like.score() == plain.score()


def test_engine_numbers_out_of_range_or_not_integers_are_refused_by_name() -> None:
    """Not an integer, a bool, or an integer out of range: the library's error naming
    the argument and the value, in both builds (a strain of 7 once read past the
    kernel's tables: an IndexError compiled, a wrong answer pure)."""
    hands = engine.random_hands(5)
    rules = RuleConfig.common()
    contract = {"taker": 0, "strain": 0, "value": 80, "leader": 0}
    for name, bad in [
        ("strain", 7),
        ("strain", True),
        ("taker", 4),
        ("leader", -1),
        ("value", 1.5),
        ("multiplier", 8),
        ("kind", 3),
        ("taker", "1"),
    ]:
        with pytest.raises(CoincheTypeError, match=f"{name} must be an integer from"):
            engine.PlayState.from_hands(hands, rules, **{**contract, name: bad})  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="a hand mask must be an integer from 0 to"):
        engine.PlayState.from_hands([*hands[:3], 1 << 32], rules, **contract)
    with pytest.raises(CoincheTypeError, match="hands must be 4 hand masks"):
        engine.PlayState.from_hands(hands[:3], rules, **contract)
    with pytest.raises(CoincheTypeError, match="rules must be a RuleConfig, not 'common'"):
        engine.PlayState.from_hands(hands, "common", **contract)  # type: ignore[arg-type]
    with pytest.raises(InvalidDealError, match="at least one card, not 0"):
        engine.lowest_card(0)  # the kernel's lowest card of nothing: a silent 0 before
    with pytest.raises(InvalidDealError, match="32-bit card mask, not True"):
        engine.lowest_card(True)
    with pytest.raises(CoincheTypeError, match="x must be an integer"):
        engine.random_card(1, 2.0)  # type: ignore[arg-type]
    state = engine.PlayState.from_hands(hands, rules, **contract)
    for bad in (32, -1, True, 2.0, "3"):
        with pytest.raises(InvalidDealError, match="integer from 0 to 31"):
            state.play(bad)  # type: ignore[arg-type]
    assert state.played == []  # nothing was played


def test_engine_functions_refuse_bad_input() -> None:
    with pytest.raises(InvalidDealError, match="32-bit card mask, not -1"):
        engine.cards_of(-1)  # a negative mask used to loop for ever
    with pytest.raises(InvalidDealError, match="32-bit card mask, not 4294967296"):
        engine.cards_of(1 << 32)
    with pytest.raises(InvalidDealError, match="at least one card"):
        engine.random_card(0, 5)
    with pytest.raises(CoincheTypeError, match="from_deal takes a Deal, not NoneType"):
        engine.PlayState.from_deal(None)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="from_position takes a Position, not int"):
        engine.PlayState.from_position(3)
    state = engine.PlayState.from_deal(deal_in_play(RuleConfig.common(), random.Random(1)))
    with pytest.raises(InvalidDealError, match="nothing to undo"):
        state.undo()
    # the score of a deal not yet over is not a score: 1 card of 32 played
    state.play(engine.lowest_card(state.legal_mask()))
    with pytest.raises(InvalidDealError, match="not over: 1 of its 32 cards"):
        state.score()
    with pytest.raises(InvalidDealError, match="not over: 1 of its 32 cards"):
        state.position().score()


def test_position_is_the_deal_s_play_state() -> None:
    """Deal.position is the state its play runs on: the engine reads it, and stepping
    the position with the card a deal plays gives the next deal's position."""
    rng = random.Random(11)
    deal = deal_in_play(RuleConfig.ffb(), rng)
    while not deal.is_over:
        pos = deal.position
        assert pos is not None
        assert pos.legal_mask() == _mask(deal.legal_actions())
        assert engine.PlayState.from_deal(deal).position() == pos
        card = rng.choice(deal.legal_actions())
        assert isinstance(card, Card)
        deal = deal.apply(card)
        after = deal.position
        assert after is not None
        # the credit of announcements is the same: every seat declares by default
        assert pos.after(card.index) == after
    result = deal.result
    assert result is not None
    assert deal.position is not None
    assert deal.position.score() == (result.score.north_south, result.score.east_west)


def test_undo_of_a_trick_begun_before_the_state() -> None:
    """A state made from a position in the middle of a trick knows the trick's first cards
    only from that position: undoing the card that completes the trick must restore them
    (and undo no further than the position)."""
    rng = random.Random(12)
    deal = deal_in_play(RuleConfig.ffb(), rng)
    for _ in range(6):  # two cards into the second trick
        deal = deal.apply(rng.choice(deal.legal_actions()))
    pos = deal.position
    assert pos is not None
    assert pos.size == 2
    state = engine.PlayState.from_position(pos)
    seen = [state.position()]
    for _ in range(5):  # complete the trick, then three cards into the next
        state.play(engine.lowest_card(state.legal_mask()))
        seen.append(state.position())
    while len(seen) > 1:
        seen.pop()
        state.undo()
        assert state.position() == seen[-1]
    assert state.position() == pos
    with pytest.raises(InvalidDealError, match="nothing to undo"):
        state.undo()
