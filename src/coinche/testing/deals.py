"""Builders of whole deals for tests: strategies that play a deal card by card, and fixed deals.

Install the optional extra ``testing`` (``pip install "coinche[testing]"``), which
brings `hypothesis <https://hypothesis.readthedocs.io>`_. Where
:mod:`coinche.testing.strategies` draws the library's values (a :class:`~coinche.Deal`
in any phase, reached through the state machine), this module works one level lower, on
the plain values a rules engine takes: four hands, a contract, eight tricks played with
:func:`coinche.legal_cards`. Everything goes through the public API of :mod:`coinche`.

* :func:`presets` - one of the six named :class:`~coinche.RuleConfig` presets;
* :func:`rules_with_strain` - a preset and a strain it allows, switching on no trump or
  all trump (with :func:`attrs.evolve`) for the presets whose auction is numeric bidding,
  so that those strains are covered too;
* :func:`contracts` - a contract the rules allow (value, capot, multiplier);
* :func:`hands` - four disjoint 8-card hands, a permutation of :data:`coinche.CARDS`;
* :func:`deal_cases` - all of the above at once, plus a random source for the play;
* :func:`play_random_deal` - eight tricks where every card comes from
  :func:`coinche.legal_cards`;
* fixed deals that many tests share: :data:`CAPOT_TRICKS` with :data:`FOUR_NINES`,
  :data:`SUIT_HANDS` with :func:`suits_deal`, and :func:`deal_in_play`.

>>> from hypothesis import given, settings
>>> from coinche import score_deal
>>> from coinche.testing.deals import DealCase, deal_cases
>>> @settings(max_examples=10)
... @given(deal_cases())
... def test_the_card_points_add_up(case: DealCase) -> None:
...     result = score_deal(case.contract, case.play(), case.rules)
...     assert sum(result.card_points.values()) in (162, case.rules.capot_card_points)
>>> test_the_card_points_add_up()

The core package never imports this module.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Final, Literal, TypeAlias

import attrs

from coinche import (
    CAPOT,
    CARDS,
    PASS,
    PRESETS,
    Announcement,
    AnnouncementKind,
    AuctionKind,
    Bid,
    Card,
    Contract,
    Deal,
    FirstLead,
    Hand,
    Phase,
    RuleConfig,
    Seat,
    SpecialBid,
    Strain,
    Trick,
    legal_cards,
    trick_winner,
)
from coinche._checks import check_callable, check_seat, check_sequence, check_type
from coinche.testing._hypothesis import st

__all__ = [
    "CAPOT_TRICKS",
    "FOUR_NINES",
    "PRESET_NAMES",
    "SEATS",
    "SUIT_HANDS",
    "SUIT_STRAINS",
    "DealCase",
    "Hands",
    "Observer",
    "allowed_strains",
    "contracts",
    "deal_cases",
    "deal_in_play",
    "hands",
    "play_random_deal",
    "presets",
    "rules_with_strain",
    "seats",
    "suits_deal",
]

Hands: TypeAlias = tuple[Hand, Hand, Hand, Hand]
"""The four hands of a deal, indexed by seat (``hands[Seat.EAST]`` is East's).

>>> from coinche import Hand, Seat
>>> from coinche.testing.deals import SUIT_HANDS, Hands
>>> dealt: Hands = SUIT_HANDS
>>> str(dealt[Seat.EAST])
'7D 8D 9D TD JD QD KD AD'
"""
Observer: TypeAlias = Callable[[Seat, Hand, Trick], None]
"""Called before each card with the seat to move, its remaining hand and the trick so far.

>>> from coinche import Contract, RuleConfig, Seat, Strain
>>> from coinche.testing.deals import SUIT_HANDS, Observer, play_random_deal
>>> import random
>>> movers = []
>>> watch: Observer = lambda seat, hand, trick: movers.append(seat)
>>> _ = play_random_deal(SUIT_HANDS, Contract(Seat.NORTH, Strain.SPADES, 80), RuleConfig(),
...                      random.Random(0), first_leader=Seat.NORTH, observe=watch)
>>> len(movers), movers[0]
(32, <Seat.NORTH: 0>)
"""
Multiplier: TypeAlias = Literal[1, 2, 4]

PRESET_NAMES: Final[tuple[str, ...]] = tuple(PRESETS)
"""The six preset names, in the order of :data:`coinche.PRESETS`.

>>> from coinche.testing.deals import PRESET_NAMES
>>> PRESET_NAMES[0], len(PRESET_NAMES)
('common', 6)
"""
SEATS: Final[tuple[Seat, ...]] = tuple(Seat)
"""The four seats in the order of play, from North.

>>> from coinche.testing.deals import SEATS
>>> [seat.letter for seat in SEATS]
['N', 'E', 'S', 'W']
"""
SUIT_STRAINS: Final[tuple[Strain, ...]] = (
    Strain.CLUBS,
    Strain.DIAMONDS,
    Strain.HEARTS,
    Strain.SPADES,
)
"""The four suit strains, clubs to spades.

>>> from coinche.testing.deals import SUIT_STRAINS
>>> [str(strain) for strain in SUIT_STRAINS]
['C', 'D', 'H', 'S']
"""


def seats() -> st.SearchStrategy[Seat]:
    """Any of the four seats.

    >>> from hypothesis import find
    >>> from coinche.testing.deals import seats
    >>> find(seats(), lambda seat: True)
    <Seat.NORTH: 0>
    """
    return st.sampled_from(SEATS)


def presets() -> st.SearchStrategy[RuleConfig]:
    """One of the six named presets, exactly as :meth:`RuleConfig.preset` builds it.

    >>> from hypothesis import find
    >>> from coinche.testing.deals import presets
    >>> find(presets(), lambda rules: rules.rounding).preset_name
    'ffb'
    """
    return st.sampled_from(PRESET_NAMES).map(RuleConfig.preset)


def allowed_strains(rules: RuleConfig) -> tuple[Strain, ...]:
    """The strains a contract may have under *rules*: the suits, then NT and AT if on.

    >>> from coinche import RuleConfig
    >>> from coinche.testing.deals import allowed_strains
    >>> [str(strain) for strain in allowed_strains(RuleConfig(allow_no_trump=True))]
    ['C', 'D', 'H', 'S', 'NT']
    """
    check_type(rules, RuleConfig, "rules")
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

    >>> from hypothesis import find
    >>> from coinche import RuleConfig, Strain
    >>> from coinche.testing.deals import rules_with_strain
    >>> rules, strain = find(rules_with_strain(RuleConfig.common()),
    ...                      lambda drawn: drawn[1] is Strain.NO_TRUMP)
    >>> rules.allow_no_trump, rules.allow_all_trump
    (True, False)
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

    >>> from hypothesis import find
    >>> from coinche import RuleConfig, Seat, Strain
    >>> from coinche.testing.deals import contracts
    >>> find(contracts(RuleConfig.min82(), Strain.HEARTS, Seat.EAST), lambda c: True)
    Contract(taker=<Seat.EAST: 1>, strain=<Strain.HEARTS: 2>, value=82, multiplier=1)
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
    """Four disjoint hands of eight cards: a shuffled pack dealt in four slices.

    >>> from hypothesis import find
    >>> from coinche.testing.deals import hands
    >>> dealt = find(hands(), lambda dealt: True)
    >>> [len(hand) for hand in dealt], len(dealt[0] | dealt[1] | dealt[2] | dealt[3])
    ([8, 8, 8, 8], 32)
    """
    return st.permutations(CARDS).map(_split)


@attrs.frozen
class DealCase:
    """Everything needed to play one random deal (see :func:`deal_cases`).

    >>> from coinche import Contract, RuleConfig, Seat, Strain
    >>> from coinche.testing.deals import SUIT_HANDS, DealCase
    >>> case = DealCase(RuleConfig(), Contract(Seat.NORTH, Strain.SPADES, 80),
    ...                 SUIT_HANDS, Seat.NORTH, seed=7)
    >>> case.play() == case.play()  # the same random source on every call
    True
    >>> len(case.play())
    8
    """

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
    """A random deal under the preset *preset_name* (or a drawn one), ready to play.

    >>> from hypothesis import find
    >>> from coinche.testing.deals import deal_cases
    >>> case = find(deal_cases("ffb"), lambda case: case.contract.multiplier == 2)
    >>> case.rules.preset_name, case.contract.multiplier, len(case.play())
    ('ffb', 2, 8)
    """
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

    >>> import random
    >>> from coinche import Contract, RuleConfig, Seat, Strain
    >>> from coinche.testing.deals import SUIT_HANDS, play_random_deal
    >>> tricks = play_random_deal(SUIT_HANDS, Contract(Seat.NORTH, Strain.SPADES, 80),
    ...                           RuleConfig(), random.Random(0), first_leader=Seat.NORTH)
    >>> len(tricks), tricks[0].leader
    (8, <Seat.NORTH: 0>)
    """
    held = list(check_sequence(hands, "hands", Hand, min_len=4, max_len=4))
    check_type(contract, Contract, "contract")
    check_type(rules, RuleConfig, "rules")
    check_type(rng, random.Random, "rng")
    if first_leader is not None:
        check_seat(first_leader, "first_leader")
    if observe is not None:
        check_callable(observe, "observe")
    if rules.first_lead is FirstLead.TAKER:
        leader = contract.taker
    elif first_leader is not None:
        leader = first_leader
    else:
        leader = rng.choice(SEATS)
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
"""Eight tricks where North leads the top card of each suit and takes every trick.

A capot, whose card points are 250 (common) or 252 (FFB); West plays the four nines
(9H 9S 9C 9D), an announcement of 150 (:data:`FOUR_NINES`) under rules that count
announcements. Any contract by North-South in hearts can be scored on them.

>>> from coinche import Contract, RuleConfig, Seat, Strain, score_deal
>>> from coinche.testing.deals import CAPOT_TRICKS, FOUR_NINES
>>> result = score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), CAPOT_TRICKS,
...                     RuleConfig.ffb(), announcements=[FOUR_NINES])
>>> result.capot, result.card_points.north_south, result.announcement_points.north_south
(<Team.NORTH_SOUTH: 0>, 252, 150)
"""

FOUR_NINES: Final = Announcement(
    AnnouncementKind.FOUR_OF_A_KIND, Hand.parse("9C 9D 9H 9S"), Seat.WEST
)
"""West's four nines in :data:`CAPOT_TRICKS`: an announcement of 150 under the FFB rules.

>>> from coinche.testing.deals import FOUR_NINES
>>> FOUR_NINES.points, FOUR_NINES.seat
(150, <Seat.WEST: 3>)
"""

SUIT_HANDS: Final[Hands] = (
    Hand.parse("7C 8C 9C TC JC QC KC AC"),
    Hand.parse("7D 8D 9D TD JD QD KD AD"),
    Hand.parse("7H 8H 9H TH JH QH KH AH"),
    Hand.parse("7S 8S 9S TS JS QS KS AS"),
)
"""Hands where every seat holds one whole suit: North the clubs, East the diamonds,
South the hearts, West the spades (so North's clubs, from the seven to the ace, are a
run of eight, and so are South's hearts: rules page, section 5).

>>> from coinche import Seat
>>> from coinche.testing.deals import SUIT_HANDS
>>> str(SUIT_HANDS[Seat.WEST])
'7S 8S 9S TS JS QS KS AS'
"""


def suits_deal(rules: RuleConfig) -> Deal:
    """The deal of :data:`SUIT_HANDS` under *rules*, dealt by West, in the play.

    North, first to speak, bids 80 in spades (West's suit) and the three others pass;
    North is to lead.

    >>> from coinche import Phase, RuleConfig
    >>> from coinche.testing.deals import suits_deal
    >>> deal = suits_deal(RuleConfig.ffb())
    >>> deal.phase is Phase.PLAY, str(deal.contract), deal.to_move
    (True, '80 S by N', <Seat.NORTH: 0>)
    """
    deal = Deal.from_hands(Seat.WEST, rules, SUIT_HANDS)
    for call in (Bid(80, Strain.SPADES), PASS, PASS, PASS):
        deal = deal.apply(call)
    return deal


def deal_in_play(rules: RuleConfig | None = None, rng: random.Random | None = None) -> Deal:
    """A deal just in the play: a fixed one, or one reached by a random auction.

    Without *rng*: the deal dealt by North from ``random.Random(1)`` under *rules* (the
    common rules by default; a numeric-bidding auction), where East, first to speak,
    bids 80 in hearts and the three others pass.

    With *rng*: a deal under *rules* dealt by a seat drawn by *rng*, whose auction is
    random legal calls drawn by *rng*; a deal thrown in (four passes) is followed by
    another, until an auction ends with a contract. The same *rng* state gives the same
    deal.

    >>> import random
    >>> from coinche import Phase, RuleConfig
    >>> from coinche.testing.deals import deal_in_play
    >>> deal = deal_in_play()
    >>> deal.phase is Phase.PLAY, str(deal.contract)
    (True, '80 H by E')
    >>> drawn = deal_in_play(RuleConfig.classic_belote(), random.Random(3))
    >>> drawn.phase is Phase.PLAY, drawn == deal_in_play(RuleConfig.classic_belote(),
    ...                                                  random.Random(3))
    (True, True)
    """
    rules = RuleConfig() if rules is None else check_type(rules, RuleConfig, "rules")
    if rng is None:
        deal = Deal.new(Seat.NORTH, rules, random.Random(1))
        for call in (Bid(80, Strain.HEARTS), PASS, PASS, PASS):
            deal = deal.apply(call)
        return deal
    check_type(rng, random.Random, "rng")
    while True:
        deal = Deal.new(Seat(rng.randrange(4)), rules, rng)
        while deal.phase is Phase.AUCTION:
            deal = deal.apply(rng.choice(deal.legal_actions()))
        if deal.phase is Phase.PLAY:
            return deal
