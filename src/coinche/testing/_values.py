"""The strategies of :mod:`coinche.testing.strategies` for the small values, the rule
sets and the contracts (internal: import them from :mod:`coinche.testing.strategies`,
which also holds the auctions and deals drawn from them).

>>> from hypothesis import find
>>> from coinche.testing._values import hands
>>> len(find(hands(min_size=3), lambda hand: True))
3
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable
from typing import Any, Final, Literal, TypeAlias

import attrs

from coinche.cards import CARDS, Card, Hand, Strain
from coinche.config import CAPOT_VALUE, PRESETS, AuctionKind, RuleConfig
from coinche.contract import CAPOT, GENERALE, Contract, SpecialBid, allowed_contract
from coinche.deal import Deal
from coinche.errors import RuleConfigError
from coinche.play import Trick
from coinche.seats import Seat
from coinche.testing._hypothesis import InvalidArgument, check_sizes, reject, st

__all__ = [
    "RulesArgument",
    "cards",
    "contracts",
    "deals_of_hands",
    "hands",
    "rule_configs",
    "seats",
    "strains",
    "tricks",
]

RulesArgument: TypeAlias = RuleConfig | st.SearchStrategy[RuleConfig] | None
"""The *rules* parameter of the strategies (documented in coinche.testing.strategies)."""

Multiplier: TypeAlias = Literal[1, 2, 4]

_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_MULTIPLIERS: Final[tuple[Multiplier, ...]] = (1, 2, 4)
_PATTERNS: Final = ((3, 2, 3), (3, 3, 2), (2, 3, 3))
_BID_STEPS: Final = (10, 1, 2, 5, 20)
_TARGETS: Final = (500, 1000, 1500, 2000, 3000)
_LADDER_FIELDS: Final = frozenset({"auction", "min_bid", "bid_step", "max_bid"})


# ---------------------------------------------------------------------- small values
@functools.cache
def _below(n: int) -> st.SearchStrategy[int]:
    """An index from 0 to n - 1 (strategies are cached: building one costs more than a draw)."""
    return st.integers(0, n - 1)


def _one_of_these(values: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    """``st.sampled_from(values)``, cached (the types are in the key: 1 == Suit.DIAMONDS)."""
    return _sampled(tuple((type(value), value) for value in values))


@functools.lru_cache(maxsize=256)
def _sampled(typed: tuple[tuple[type, Any], ...]) -> st.SearchStrategy[Any]:
    return st.sampled_from(tuple(value for _, value in typed))


_BOOLEANS: Final = st.booleans()
_MIN_BIDS: Final = st.integers(50, 200)
_SEAT_STRATEGY: Final = st.sampled_from(_SEATS)
_CARD_STRATEGY: Final = st.sampled_from(CARDS)
_DECKS: Final = st.permutations(CARDS)


def seats() -> st.SearchStrategy[Seat]:
    """Any of the four seats.

    >>> from hypothesis import find
    >>> from coinche.testing.strategies import seats
    >>> find(seats(), lambda seat: seat.letter == "W")
    <Seat.WEST: 3>
    """
    return _SEAT_STRATEGY


def cards() -> st.SearchStrategy[Card]:
    """Any of the 32 cards; shrinks toward the seven of clubs (index order).

    >>> from hypothesis import find
    >>> from coinche import Suit
    >>> from coinche.testing.strategies import cards
    >>> find(cards(), lambda card: card.suit is Suit.HEARTS)
    Card.parse('7H')
    """
    return _CARD_STRATEGY


def hands(min_size: int = 0, max_size: int = 32) -> st.SearchStrategy[Hand]:
    """A hand of *min_size* to *max_size* different cards (any cards: not a dealt hand).

    >>> from hypothesis import find
    >>> from coinche.testing.strategies import hands
    >>> find(hands(min_size=3, max_size=5), lambda hand: True)
    Hand.parse('7C 8C 9C')

    :raises hypothesis.errors.InvalidArgument: unless ``0 <= min_size <= max_size <= 32``.
    """
    check_sizes(min_size, max_size, 32)
    return st.lists(cards(), min_size=min_size, max_size=max_size, unique=True).map(Hand)


def _split(deck: list[Card]) -> dict[Seat, Hand]:
    return {seat: Hand(deck[8 * seat : 8 * seat + 8]) for seat in _SEATS}


def deals_of_hands() -> st.SearchStrategy[dict[Seat, Hand]]:
    """Four disjoint hands of eight cards, one for each seat: the 32 cards, dealt.

    The result suits :meth:`Deal.from_hands <coinche.Deal.from_hands>` and
    :func:`~coinche.format_deal`.

    >>> from hypothesis import find
    >>> from coinche import Hand, Seat
    >>> from coinche.testing.strategies import deals_of_hands
    >>> dealt = find(deals_of_hands(), lambda hands: True)
    >>> list(dealt) == list(Seat), [len(hand) for hand in dealt.values()]
    (True, [8, 8, 8, 8])
    >>> len(Hand(card for hand in dealt.values() for card in hand))
    32
    """
    return st.permutations(CARDS).map(_split)


def strains(rules: RuleConfig | None = None) -> st.SearchStrategy[Strain]:
    """A strain a contract may have under *rules* (all six when *rules* is ``None``).

    The four suits, then no trump and all trump when the rules allow them.

    >>> from hypothesis import find
    >>> from coinche import RuleConfig, Strain
    >>> from coinche.testing.strategies import strains
    >>> find(strains(RuleConfig.common()), lambda strain: not strain.is_suit)
    Traceback (most recent call last):
    ...
    hypothesis.errors.NoSuchExample: No examples found of condition lambda strain: ...
    """
    if rules is None:
        return st.sampled_from(tuple(Strain))
    _check_rules(rules)
    return st.sampled_from(_allowed_strains(rules))


@functools.lru_cache(maxsize=256)
def _allowed_strains(rules: RuleConfig) -> tuple[Strain, ...]:
    """The strains :func:`~coinche.contract.allowed_contract` allows (at the lowest bid)."""
    return tuple(strain for strain in Strain if _allowed(rules, strain, rules.min_bid, 1))


def _allowed(
    rules: RuleConfig, strain: Strain, value: int | SpecialBid, times: Multiplier
) -> bool:
    return allowed_contract(Contract(Seat.NORTH, strain, value, times), rules) is None


@st.composite
def _tricks(draw: st.DrawFn, min_size: int, max_size: int) -> Trick:
    leader = draw(seats())
    played = draw(st.lists(cards(), min_size=min_size, max_size=max_size, unique=True))
    return Trick(leader, tuple(played))


def tricks(min_size: int = 0, max_size: int = 4) -> st.SearchStrategy[Trick]:
    """A trick of *min_size* to *max_size* different cards led by any seat.

    The cards are any cards (for a trick played by the rules, take
    :attr:`Deal.tricks <coinche.Deal.tricks>` of :func:`deals`).

    >>> from hypothesis import find
    >>> from coinche.testing.strategies import tricks
    >>> find(tricks(), lambda trick: trick.is_complete)
    Trick.parse('N: 7C 8C 9C TC')

    :raises hypothesis.errors.InvalidArgument: unless ``0 <= min_size <= max_size <= 4``.
    """
    check_sizes(min_size, max_size, 4)
    return _tricks(min_size, max_size)


# ---------------------------------------------------------------------- rule sets
def _check_rules(rules: object) -> None:
    if not isinstance(rules, RuleConfig):
        raise InvalidArgument(f"rules must be a RuleConfig, not {type(rules).__name__}")


def _preset_names(presets: Iterable[str] | None) -> tuple[str, ...]:
    if presets is None:
        return tuple(PRESETS)
    if isinstance(presets, str):
        raise InvalidArgument(f"presets is a collection of preset names, not the str {presets!r}")
    names = tuple(presets)
    unknown = [name for name in names if name not in PRESETS]
    if unknown:
        raise InvalidArgument(
            f"unknown preset {', '.join(map(repr, unknown))}; known: {', '.join(PRESETS)}"
        )
    if not names:
        raise InvalidArgument("presets must name at least one preset")
    return names


def _near(name: str, value: object) -> st.SearchStrategy[Any]:
    """Values of the field *name* of RuleConfig, shrinking toward the preset's *value*."""
    if type(value) is bool:
        return st.sampled_from((value, not value))
    if isinstance(value, enum.Enum):
        return st.sampled_from((value, *(member for member in type(value) if member != value)))
    if name == "deal_pattern":
        assert isinstance(value, tuple)
        return st.one_of(
            st.sampled_from((value, *(p for p in _PATTERNS if p != value))), _compositions()
        )
    if name == "capot_card_points":
        return st.sampled_from((value, 502 - value if value in (250, 252) else 250))
    if name == "target":
        return st.one_of(st.just(value), st.sampled_from(_TARGETS), st.integers(1, 5000))
    if name == "games_to_win":
        return st.one_of(st.just(value), st.integers(1, 3))
    return st.just(value)  # a field this module does not know: the preset's value


@functools.lru_cache(maxsize=256)
def _near_cached(name: str, value: object) -> st.SearchStrategy[Any]:
    return _near(name, value)


@st.composite
def _compositions(draw: st.DrawFn) -> tuple[int, ...]:
    """Packet sizes adding up to 8."""
    left = 8
    packets: list[int] = []
    while left:
        size = 1 + draw(_below(left))
        packets.append(size)
        left -= size
    return tuple(packets)


@st.composite
def _ladder(draw: st.DrawFn, base: RuleConfig, kind: AuctionKind) -> dict[str, Any]:
    """min_bid, bid_step and max_bid that go together under the auction *kind*."""
    min_bid, step, max_bid = base.min_bid, base.bid_step, base.max_bid
    if draw(_BOOLEANS):
        min_bid = draw(_MIN_BIDS)
        step = draw(_one_of_these(_BID_STEPS))
        if draw(_BOOLEANS):  # a highest bid, or none (the last step below capot)
            max_bid = min_bid + step * draw(_below((CAPOT_VALUE - 1 - min_bid) // step + 1))
        else:
            max_bid = None
    if kind is AuctionKind.TURNED_CARD:
        max_bid = min_bid
    return {"auction": kind, "min_bid": min_bid, "bid_step": step, "max_bid": max_bid}


@st.composite
def _random_rule_config(
    draw: st.DrawFn, names: tuple[str, ...], kinds: tuple[AuctionKind, ...]
) -> RuleConfig:
    """A preset of *names* with any of its options changed, the whole still valid."""
    base = RuleConfig.preset(draw(_one_of_these(names)))
    values: dict[str, Any] = {}
    for field in attrs.fields(RuleConfig):
        if field.init and field.name not in _LADDER_FIELDS:
            values[field.name] = draw(_near_cached(field.name, getattr(base, field.name)))
    # the preset's own auction three times out of four (when it may be drawn at all)
    weighted = tuple((base.auction,) * 3 if base.auction in kinds else ()) + tuple(kinds)
    values.update(draw(_ladder(base, draw(_one_of_these(weighted)))))
    if values["auction"] is AuctionKind.TURNED_CARD:  # names a suit, at a fixed value
        values.update(allow_no_trump=False, allow_all_trump=False, allow_generale=False)
    if not values["allow_coinche"]:
        values["allow_surcoinche"] = False
    try:
        return RuleConfig(**values)
    except RuleConfigError:  # pragma: no cover - a combination rule this module misses
        reject()


def _rule_configs(
    names: tuple[str, ...], random_combinations: bool, kinds: tuple[AuctionKind, ...]
) -> st.SearchStrategy[RuleConfig]:
    in_kinds = tuple(name for name in names if RuleConfig.preset(name).auction in kinds)
    strategies: list[st.SearchStrategy[RuleConfig]] = []
    if in_kinds:
        strategies.append(st.sampled_from(in_kinds).map(RuleConfig.preset))
    if random_combinations:
        strategies.append(_random_rule_config(names, kinds))
    if not strategies:
        raise InvalidArgument(f"none of the presets {', '.join(names)} can be drawn here")
    return st.one_of(strategies)


def rule_configs(
    presets: Iterable[str] | None = None, *, random_combinations: bool = True
) -> st.SearchStrategy[RuleConfig]:
    """A valid :class:`~coinche.RuleConfig`: one of *presets*, or a variation of one.

    *presets* names the presets to draw from (every preset of :data:`~coinche.PRESETS`
    when ``None``). With *random_combinations*, half the examples start from one of
    them and change any of its options: the booleans and enums, the bid ladder
    (``min_bid``, ``bid_step``, ``max_bid``), the packets of the deal, the capot card
    points, the target and the number of games, always in a combination that
    :class:`~coinche.RuleConfig` accepts. Variations shrink toward the preset.

    >>> from hypothesis import find
    >>> from coinche.testing.strategies import rule_configs
    >>> find(rule_configs(random_combinations=False), lambda rules: rules.rounding).preset_name
    'ffb'
    >>> rules = find(rule_configs(["common"]), lambda rules: rules.allow_all_trump)
    >>> rules.allow_all_trump, rules.preset_name
    (True, None)

    :raises hypothesis.errors.InvalidArgument: an unknown preset name.
    """
    return _rule_configs(_preset_names(presets), random_combinations, tuple(AuctionKind))


# A deal of 32 distinct cards to try rule sets on (see _can_deal).
_PROBE_DECK: Final = CARDS


@functools.lru_cache(maxsize=512)
def _can_deal(rules: RuleConfig) -> bool:
    """Whether :class:`~coinche.Deal` supports *rules* (its auction, mainly)."""
    try:
        Deal.from_deck(Seat.NORTH, rules, _PROBE_DECK)
    except RuleConfigError:
        return False
    return True


def _dealable_kinds() -> tuple[AuctionKind, ...]:
    """The auction kinds Deal supports, tried on the preset of each."""
    probes = {
        AuctionKind.BIDDING: RuleConfig.common(),
        AuctionKind.TURNED_CARD: RuleConfig.classic_belote(),
    }
    return tuple(kind for kind, rules in probes.items() if _can_deal(rules))


def _rules_strategy(
    rules: RulesArgument, usable: Callable[[RuleConfig], bool], kinds: tuple[AuctionKind, ...]
) -> st.SearchStrategy[RuleConfig]:
    """The rule sets a strategy draws from, given its *rules* argument."""
    if rules is None:
        return _rule_configs(tuple(PRESETS), True, kinds).filter(usable)
    if isinstance(rules, st.SearchStrategy):
        return rules.filter(usable)
    _check_rules(rules)
    if not usable(rules):
        raise InvalidArgument(f"these rules cannot be used here: {rules!r}")
    return st.just(rules)


# ---------------------------------------------------------------------- contracts
@functools.lru_cache(maxsize=256)
def _values(rules: RuleConfig) -> tuple[int | SpecialBid, ...]:
    """The contract values *rules* allow, lowest first (numbers, capot, générale)."""
    candidates = (*rules.numeric_bids(), CAPOT, GENERALE)
    return tuple(value for value in candidates if _allowed(rules, Strain.CLUBS, value, 1))


@functools.lru_cache(maxsize=1024)
def _multipliers(rules: RuleConfig, value: int | SpecialBid) -> tuple[Multiplier, ...]:
    """The multipliers *rules* allow on a contract of *value*, 1 first."""
    return tuple(times for times in _MULTIPLIERS if _allowed(rules, Strain.CLUBS, value, times))


@st.composite
def _contracts(draw: st.DrawFn, rules: st.SearchStrategy[RuleConfig]) -> Contract:
    drawn = draw(rules)
    strain = draw(_one_of_these(_allowed_strains(drawn)))
    value = draw(_one_of_these(_values(drawn)))
    multiplier = draw(_one_of_these(_multipliers(drawn, value)))
    return Contract(draw(seats()), strain, value, multiplier)


def contracts(rules: RulesArgument = None) -> st.SearchStrategy[Contract]:
    """A contract that *rules* allow (:func:`~coinche.score_deal` accepts it).

    The strain is a suit, or no trump and all trump when allowed; the value one of
    ``rules.numeric_bids()``, capot (in the bidding auction) or générale (when
    allowed); the multiplier 1, 2 with coinche, 4 with surcoinche, and 1 on a capot or
    générale bid that ``capot_can_be_coinched`` keeps from being coinched.

    >>> from hypothesis import find
    >>> from coinche import RuleConfig
    >>> from coinche.testing.strategies import contracts
    >>> find(contracts(RuleConfig.ffb()), lambda contract: contract.multiplier == 4)
    Contract(taker=<Seat.NORTH: 0>, strain=<Strain.CLUBS: 0>, value=80, multiplier=4)
    """
    return _contracts(_rules_strategy(rules, lambda _: True, tuple(AuctionKind)))
