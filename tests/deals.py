"""Hypothesis strategies and helpers that build and play whole deals for the tests.

Everything here goes through the public API of :mod:`coinche`. The building blocks:

* :func:`presets` - one of the six named :class:`~coinche.RuleConfig` presets;
* :func:`rules_with_strain` - a preset and a strain it allows, switching on no trump or
  all trump (with :func:`attrs.evolve`) for the presets whose auction is numeric bidding,
  so that those strains are covered too;
* :func:`contracts` - a contract the rules allow (value, capot, multiplier);
* :func:`hands` - four disjoint 8-card hands, a permutation of :data:`coinche.CARDS`;
* :func:`deal_cases` - all of the above at once, plus a random source for the play;
* :func:`play_random_deal` - eight tricks where every card comes from
  :func:`coinche.legal_cards`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Final, Literal, TypeAlias

import attrs
from hypothesis import strategies as st

from coinche import (
    CAPOT,
    CARDS,
    PRESETS,
    AuctionKind,
    Card,
    Contract,
    FirstLead,
    Hand,
    RuleConfig,
    Seat,
    SpecialBid,
    Strain,
    Trick,
    legal_cards,
    trick_winner,
)

__all__ = [
    "CAPOT_TRICKS",
    "PRESET_NAMES",
    "SEATS",
    "SUIT_STRAINS",
    "DealCase",
    "Hands",
    "Observer",
    "allowed_strains",
    "contracts",
    "deal_cases",
    "hands",
    "play_random_deal",
    "presets",
    "rules_with_strain",
    "seats",
]

Hands: TypeAlias = tuple[Hand, Hand, Hand, Hand]
"""The four hands of a deal, indexed by seat (``hands[Seat.EAST]`` is East's)."""
Observer: TypeAlias = Callable[[Seat, Hand, Trick], None]
"""Called before each card with the seat to move, its remaining hand and the trick so far."""
Multiplier: TypeAlias = Literal[1, 2, 4]

PRESET_NAMES: Final[tuple[str, ...]] = tuple(PRESETS)
"""The six preset names, in the order of :data:`coinche.PRESETS`."""
SEATS: Final[tuple[Seat, ...]] = tuple(Seat)
SUIT_STRAINS: Final[tuple[Strain, ...]] = (
    Strain.CLUBS,
    Strain.DIAMONDS,
    Strain.HEARTS,
    Strain.SPADES,
)


def seats() -> st.SearchStrategy[Seat]:
    """Any of the four seats."""
    return st.sampled_from(SEATS)


def presets() -> st.SearchStrategy[RuleConfig]:
    """One of the six named presets, exactly as :meth:`RuleConfig.preset` builds it."""
    return st.sampled_from(PRESET_NAMES).map(RuleConfig.preset)


def allowed_strains(rules: RuleConfig) -> tuple[Strain, ...]:
    """The strains a contract may have under *rules*: the suits, then NT and AT if on."""
    extra = ((Strain.NO_TRUMP,) if rules.allow_no_trump else ()) + (
        (Strain.ALL_TRUMP,) if rules.allow_all_trump else ()
    )
    return SUIT_STRAINS + extra


@st.composite
def rules_with_strain(
    draw: st.DrawFn, rules: RuleConfig | None = None
) -> tuple[RuleConfig, Strain]:
    """A rule set (*rules*, or a drawn preset) and a strain a contract may have under it.

    Where the auction is numeric bidding, no trump and all trump may be drawn even when
    the preset has them off: the rules are then evolved to switch that strain on (and
    only that one, so suit contracts keep the exact preset). The classic turned-card
    auction names a suit only, so it gets the four suits.
    """
    base = draw(presets()) if rules is None else rules
    if base.auction is AuctionKind.BIDDING:
        candidates: tuple[Strain, ...] = tuple(Strain)
    else:
        candidates = allowed_strains(base)
    strain = draw(st.sampled_from(candidates))
    if strain is Strain.NO_TRUMP and not base.allow_no_trump:
        base = attrs.evolve(base, allow_no_trump=True)
    if strain is Strain.ALL_TRUMP and not base.allow_all_trump:
        base = attrs.evolve(base, allow_all_trump=True)
    return base, strain


@functools.cache
def _values(rules: RuleConfig) -> st.SearchStrategy[int | SpecialBid]:
    """The contract values *rules* allow: every numeric bid, and capot when bidding."""
    values: list[int | SpecialBid] = list(rules.numeric_bids())
    if rules.auction is AuctionKind.BIDDING:
        values.append(CAPOT)
    return st.sampled_from(values)


@functools.cache
def _multipliers(rules: RuleConfig, capot: bool) -> st.SearchStrategy[Multiplier]:
    """The multipliers a contract (a capot bid if *capot*) may carry under *rules*."""
    if capot and not rules.capot_can_be_coinched:
        return st.just(1)
    allowed: tuple[Multiplier, ...] = (1,)
    if rules.allow_coinche:
        allowed += (2,)
    if rules.allow_surcoinche:
        allowed += (4,)
    return st.sampled_from(allowed)


@st.composite
def contracts(
    draw: st.DrawFn, rules: RuleConfig, strain: Strain, taker: Seat | None = None
) -> Contract:
    """A contract in *strain* that *rules* allow, by *taker* or a drawn seat.

    The value is one of ``rules.numeric_bids()``, or capot when the auction is numeric
    bidding; the multiplier is 1, or 2 with ``allow_coinche``, or 4 with
    ``allow_surcoinche``, and stays 1 on a capot bid unless ``capot_can_be_coinched``.
    """
    value = draw(_values(rules))
    multiplier = draw(_multipliers(rules, value is CAPOT))
    seat = draw(seats()) if taker is None else taker
    return Contract(seat, strain, value, multiplier)


def _split(cards: Sequence[Card]) -> Hands:
    return (
        Hand(cards[0:8]),
        Hand(cards[8:16]),
        Hand(cards[16:24]),
        Hand(cards[24:32]),
    )


def hands() -> st.SearchStrategy[Hands]:
    """Four disjoint hands of eight cards: a shuffled pack dealt in four slices."""
    return st.permutations(CARDS).map(_split)


@attrs.frozen
class DealCase:
    """Everything needed to play one random deal (see :func:`deal_cases`)."""

    rules: RuleConfig
    contract: Contract
    hands: Hands
    first_leader: Seat
    """Who leads the first trick: the taker when the rules say so, else a drawn seat."""
    seed: int
    """Seeds the :class:`random.Random` that picks each card among the legal ones."""

    def rng(self) -> random.Random:
        """A fresh random source for the play, the same on every call."""
        return random.Random(self.seed)

    def play(self, observe: Observer | None = None) -> tuple[Trick, ...]:
        """Play the deal with :func:`play_random_deal`."""
        return play_random_deal(
            self.hands,
            self.contract,
            self.rules,
            self.rng(),
            first_leader=self.first_leader,
            observe=observe,
        )


@st.composite
def deal_cases(draw: st.DrawFn, preset_name: str | None = None) -> DealCase:
    """A random deal under the preset *preset_name* (or a drawn one), ready to play."""
    base = None if preset_name is None else RuleConfig.preset(preset_name)
    rules, strain = draw(rules_with_strain(base))
    contract = draw(contracts(rules, strain))
    # the taker leads where the rules say so; otherwise the seat after a drawn dealer
    first_leader = contract.taker if rules.first_lead is FirstLead.TAKER else draw(seats())
    return DealCase(
        rules=rules,
        contract=contract,
        hands=draw(hands()),
        first_leader=first_leader,
        seed=draw(st.integers(0, 2**32 - 1)),
    )


def play_random_deal(
    hands: Hands,
    contract: Contract,
    rules: RuleConfig,
    rng: random.Random,
    *,
    first_leader: Seat | None = None,
    observe: Observer | None = None,
) -> tuple[Trick, ...]:
    """Play eight tricks from *hands*, each card drawn by *rng* among the legal ones.

    The first trick is led by the taker when ``rules.first_lead`` is
    :attr:`FirstLead.TAKER`; otherwise by *first_leader*, or a seat drawn by *rng*. Each
    later trick is led by the :func:`trick_winner` of the one before. *observe*, if
    given, is called before every card with the seat to move, its hand and the trick
    so far, so that a test can check each position.
    """
    if rules.first_lead is FirstLead.TAKER:
        leader = contract.taker
    elif first_leader is not None:
        leader = first_leader
    else:
        leader = rng.choice(SEATS)
    held = list(hands)
    tricks: list[Trick] = []
    for _ in range(8):
        trick = Trick(leader)
        for seat in leader.cycle():
            hand = held[seat]
            if observe is not None:
                observe(seat, hand, trick)
            card = rng.choice(legal_cards(hand, trick, contract.strain, rules).cards)
            held[seat] = hand.remove(card)
            trick = trick.play(card)
        tricks.append(trick)
        leader = trick_winner(trick, contract.strain)
    return tuple(tricks)


# North leads the top card of each suit and takes every trick: a capot, whose card
# points are 250 (common) or 252 (FFB); West plays the four nines (9H 9S 9C 9D), an
# announcement of 150 under rules that count announcements. Shared by several suites.
CAPOT_TRICKS: Final = tuple(
    Trick.parse(text)
    for text in (
        "N: JH 7H 8H 9H",
        "N: AS 7S 8S 9S",
        "N: TS JS QS KS",
        "N: AC 7C 8C 9C",
        "N: TC JC QC KC",
        "N: AD 7D 8D 9D",
        "N: TD JD QD KD",
        "N: AH TH KH QH",
    )
)
