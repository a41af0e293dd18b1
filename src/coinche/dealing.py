"""Dealing (rules page, section 2): the deck, the shuffle and cut, the packets, the stock.

A :class:`~coinche.Deal` is dealt here: :meth:`Deal.new <coinche.Deal.new>` shuffles
and cuts, :meth:`Deal.from_deck <coinche.Deal.from_deck>` deals a given deck, and
:meth:`Deal.from_hands <coinche.Deal.from_hands>` checks hands dealt elsewhere. This
module holds no state of a deal: it turns a deck into hands.

>>> from coinche import CARDS, RuleConfig, Seat
>>> from coinche.dealing import deal_hands, turned_card_deal
>>> str(deal_hands(CARDS, Seat.WEST, (3, 2, 3))[Seat.NORTH])
'7C 8C 9C JD QD JH QH KH'
>>> dealt = turned_card_deal(CARDS, Seat.WEST, RuleConfig.classic_belote())
>>> dealt.turned, len(dealt.stock)
(Card.parse('JH'), 11)

Decisions (each is documented behaviour):

- **Dealing**: a copy of :data:`~coinche.CARDS` is shuffled with the caller's
  :class:`random.Random`, cut at a point the same generator draws (1 to 31 cards go to
  the bottom), then dealt in packets of :attr:`~coinche.RuleConfig.deal_pattern`, each
  round of packets starting with the seat after the dealer, in the order of play.
- **The classic turned-card deal** (``auction='turned_card'``, the ``classic_belote``
  preset, rules page, section 8), from a deck (shuffled and cut as above, or given to
  :meth:`Deal.from_deck <coinche.Deal.from_deck>`), top first:

  1. five cards each, in the packets of :attr:`~coinche.RuleConfig.deal_pattern` that
     add up to five (3 then 2 for 3-2-3, 2 then 3 for 2-3-3); a pattern whose packets
     never add up to five (3-3-2) deals 3 then 2. Each round of packets starts with
     the seat after the dealer;
  2. the next card is turned up (:attr:`TurnedCardDeal.turned`, public: it is in every
     :class:`~coinche.PlayerView`); the 11 cards under it are the stock
     (:attr:`TurnedCardDeal.stock`);
  3. the auction is a :class:`~coinche.auction.classic.ClassicAuction`;
  4. when it ends with a taker, the stock is dealt in one round from the seat after
     the dealer, in the order of play: three cards to each seat, two to the taker, who
     also gets the turned card (:meth:`TurnedCardDeal.complete`). The taker leads.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from coinche import _kernel as K
from coinche._checks import (
    check_seat,
    check_sequence,
    check_type,
    is_instance,
    is_tuple_of,
    short_repr,
)
from coinche.cards import CARDS, Card, Hand, hand_from_mask
from coinche.config import RuleConfig
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.seats import Seat

__all__ = ["TurnedCardDeal", "deal_hands", "first_packets", "turned_card_deal"]

Hands = tuple[Hand, Hand, Hand, Hand]

_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_FULL: Final = (1 << 32) - 1
_MASKS: Final = tuple(card.mask for card in CARDS)  # the deck, as card masks
_FIRST_CARDS: Final = 5  # classic: five cards each before the turned card
_STOCK_CARDS: Final = 11  # classic: the cards under the turned card


# ------------------------------------------------------------------ the packets
def deal_hands(deck: Sequence[Card], dealer: Seat, pattern: Sequence[int]) -> Hands:
    """Deal the 32 cards of *deck*, top first, in packets of *pattern*.

    Each round gives one packet to every seat in the order of play, starting with the
    seat after *dealer*. The result is indexed by seat.

    >>> from coinche import CARDS, Seat
    >>> from coinche.dealing import deal_hands
    >>> hands = deal_hands(CARDS, Seat.WEST, (3, 2, 3))
    >>> str(hands[Seat.NORTH])   # cards 0-2, then 12-13, then 20-22 of the deck
    '7C 8C 9C JD QD JH QH KH'
    >>> deal_hands(CARDS, Seat.WEST, (3, 3))
    Traceback (most recent call last):
    ...
    coinche.errors.InvalidDealError: dealing needs 32 cards and packets adding up to 8, ...

    :raises InvalidDealError: not 32 cards, the 32 cards not all there, or packets that
        do not add up to eight.
    """
    cards = check_sequence(deck, "deck", Card)
    check_seat(dealer, "dealer")
    packets = check_sequence(pattern, "pattern", int)
    if len(cards) != 32 or sum(packets) != 8:
        raise InvalidDealError(
            f"dealing needs 32 cards and packets adding up to 8, not {len(cards)} cards "
            f"and {packets}"
        )
    seen = 0
    for card in cards:
        seen |= card.mask
    if seen != _FULL:
        raise InvalidDealError(f"the deck does not hold the 32 cards: {Hand.from_mask(seen)}")
    return deal_masks([card.mask for card in cards], dealer, packets)


@functools.lru_cache(maxsize=64)
def dealing_positions(dealer: Seat, pattern: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each seat, the deck positions (top first, from 0) it is dealt when the packets
    of *pattern* go round from the seat after *dealer*.

    >>> from coinche import Seat
    >>> from coinche.dealing import dealing_positions
    >>> dealing_positions(Seat.WEST, (3, 2))[Seat.NORTH]    # North is dealt first
    (0, 1, 2, 12, 13)
    """
    positions: list[list[int]] = [[], [], [], []]
    pos = 0
    for size in pattern:
        for seat in dealer.next.cycle():
            positions[seat].extend(range(pos, pos + size))
            pos += size
    return tuple(tuple(places) for places in positions)


@functools.lru_cache(maxsize=64)
def _dealing_order(dealer: Seat, pattern: tuple[int, ...]) -> tuple[Callable[[Any], Any], ...]:
    """For each seat, a getter of the deck positions it is dealt (see deal_hands)."""
    return tuple(operator.itemgetter(*places) for places in dealing_positions(dealer, pattern))


def deal_masks(deck: list[int], dealer: Seat, pattern: tuple[int, ...]) -> Hands:
    """The hands dealt from a deck of 32 distinct card masks (the checks are done)."""
    north, east, south, west = _dealing_order(dealer, pattern)
    # the masks of one hand are distinct bits: their sum is their union
    return (
        hand_from_mask(sum(north(deck))),
        hand_from_mask(sum(east(deck))),
        hand_from_mask(sum(south(deck))),
        hand_from_mask(sum(west(deck))),
    )


def shuffled_masks(rng: random.Random) -> list[int]:
    """The deck as card masks, shuffled by *rng* and cut at a point *rng* draws (1 to 31
    cards go to the bottom): what :meth:`Deal.new <coinche.Deal.new>` deals.

    ``rng.shuffle(deck)`` then ``rng.randint(1, 31)``; for a plain
    :class:`random.Random`, the same draws written out (:meth:`random.Random.shuffle`'s
    swaps, each index drawn as its ``_randbelow`` draws it, from ``getrandbits``): the
    same deck from the same state, at a third of the cost of a Python call a card.

    >>> import random
    >>> deck = list(_MASKS)
    >>> rng = random.Random(8)
    >>> rng.shuffle(deck)
    >>> cut = rng.randint(1, 31)
    >>> shuffled_masks(random.Random(8)) == deck[cut:] + deck[:cut]
    True
    """
    deck = list(_MASKS)
    if type(rng) is not random.Random:  # a subclass may draw its own way
        rng.shuffle(deck)
        cut = rng.randint(1, 31)
        return deck[cut:] + deck[:cut]
    bits = rng.getrandbits
    for i in range(31, 0, -1):  # shuffle: swap i with j, 0 <= j <= i
        size = _BITS[i]
        j = bits(size)
        while j > i:
            j = bits(size)
        deck[i], deck[j] = deck[j], deck[i]
    cut = bits(5)  # randint(1, 31): 1 + a draw below 31
    while cut >= 31:
        cut = bits(5)
    cut += 1
    return deck[cut:] + deck[:cut]


# the bits a draw below n + 1 takes: (n + 1).bit_length(), as random's _randbelow
_BITS: Final = tuple((n + 1).bit_length() for n in range(32))


def check_deck(deck: object) -> tuple[Card, ...]:
    """The 32 distinct cards of *deck*, top first; the library's error otherwise."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise CoincheTypeError(
            f"deck must be a sequence of 32 Card objects, not {short_repr(deck)}"
        )
    cards = tuple(deck)
    seen = 0
    for card in cards:
        if type(card) is not Card:
            raise CoincheTypeError(f"deck holds Card objects, not {short_repr(card)}")
        if seen & card.mask:
            raise InvalidDealError(f"{card} is in the deck twice")
        seen |= card.mask
    if len(cards) != 32:
        raise InvalidDealError(f"a deck has 32 cards, not {len(cards)}")
    return cards


def check_hands(hands: object, size: int = 8) -> Hands:
    """Check four disjoint hands of *size* cards, given by seat or as a 4-sequence."""
    if isinstance(hands, Mapping):
        for key in hands:
            if type(key) is not Seat:
                raise CoincheTypeError(f"a key of hands must be a Seat, not {short_repr(key)}")
        missing = [seat.name for seat in _SEATS if seat not in hands]
        if missing:
            raise InvalidDealError(f"hands has no hand for {', '.join(missing)}")
        listed = [hands[seat] for seat in _SEATS]
    elif isinstance(hands, Sequence) and not isinstance(hands, (str, bytes)):
        if len(hands) != 4:
            raise InvalidDealError(f"a deal has 4 hands, not {len(hands)}")
        listed = list(hands)
    else:
        raise CoincheTypeError(
            f"hands must map each Seat to a Hand (or list 4 hands), not {type(hands).__name__}"
        )
    for seat, hand in zip(_SEATS, listed, strict=True):
        if not isinstance(hand, Hand):
            raise CoincheTypeError(
                f"the hand of {seat.name} is a {type(hand).__name__}, not a Hand"
            )
    masks = [hand.mask for hand in listed]
    problem = K.hands_problem(masks[0], masks[1], masks[2], masks[3], size)
    if problem != K.DEAL_OK:
        seat = _SEATS[problem >> 8]
        hand = listed[seat]
        if problem & 0xFF == K.DEAL_SIZE:
            raise InvalidDealError(f"{seat.name} holds {len(hand)} cards ({hand}), not {size}")
        earlier = 0
        for other in _SEATS[:seat]:
            earlier |= masks[other]
        card = Hand.from_mask(earlier & hand.mask).cards[0]
        owner = next(other for other in _SEATS[:seat] if masks[other] & card.mask)
        raise InvalidDealError(f"{card} is dealt to both {owner.name} and {seat.name}")
    return (listed[0], listed[1], listed[2], listed[3])


def _four(masks: Sequence[int]) -> Hands:
    return (
        hand_from_mask(masks[0]),
        hand_from_mask(masks[1]),
        hand_from_mask(masks[2]),
        hand_from_mask(masks[3]),
    )


# ------------------------------------------------------------------ the turned card
@attrs.frozen
class TurnedCardDeal:
    """The turned-card deal (rules page, section 8): what is dealt before the auction
    and what is left for after it (see the module's decisions).

    >>> from coinche import CARDS, RuleConfig, Seat
    >>> from coinche.dealing import turned_card_deal
    >>> dealt = turned_card_deal(CARDS, Seat.WEST, RuleConfig.classic_belote())
    >>> [len(hand) for hand in dealt.first_hands], dealt.turned, len(dealt.stock)
    ([5, 5, 5, 5], Card.parse('JH'), 11)
    """

    turned: Card = attrs.field(validator=is_instance(Card))
    """The card turned up after the first five cards; the taker gets it."""
    first_hands: Hands = attrs.field(validator=is_tuple_of(Hand, length=4))
    """The five-card hands dealt before the auction, indexed by seat."""
    stock: tuple[Card, ...] = attrs.field(validator=is_tuple_of(Card))
    """The 11 cards dealt after the auction, in the order they are dealt."""

    def complete(self, dealer: Seat, taker: Seat) -> Hands:
        """The eight-card hands once the stock is dealt: three to each seat from the seat
        after *dealer*, two to *taker*, who also gets the turned card.

        >>> from coinche import CARDS, RuleConfig, Seat
        >>> from coinche.dealing import turned_card_deal
        >>> dealt = turned_card_deal(CARDS, Seat.WEST, RuleConfig.classic_belote())
        >>> hands = dealt.complete(Seat.WEST, Seat.NORTH)
        >>> [len(hand) for hand in hands], dealt.turned in hands[Seat.NORTH]
        ([8, 8, 8, 8], True)
        """
        check_seat(dealer, "dealer")
        check_seat(taker, "taker")
        masks = [hand.mask for hand in self.first_hands]
        stock = self.stock
        pos = 0
        for seat in dealer.next.cycle():
            size = 2 if seat is taker else 3
            for card in stock[pos : pos + size]:
                masks[seat] |= card.mask
            pos += size
        masks[taker] |= self.turned.mask
        return _four(masks)


def first_packets(pattern: Sequence[int]) -> tuple[int, ...]:
    """The packets of *pattern* that deal the first five cards, or (3, 2).

    >>> from coinche.dealing import first_packets
    >>> first_packets((3, 2, 3)), first_packets((2, 3, 3)), first_packets((3, 3, 2))
    ((3, 2), (2, 3), (3, 2))
    """
    if type(pattern) is not tuple:
        pattern = check_sequence(pattern, "pattern", int)
    return _first_packets(pattern)


@functools.lru_cache(maxsize=16)
def _first_packets(pattern: tuple[int, ...]) -> tuple[int, ...]:
    total = 0
    for index, size in enumerate(pattern):
        total += size
        if total == _FIRST_CARDS:
            return pattern[: index + 1]
        if total > _FIRST_CARDS:
            break
    return (3, 2)


def turned_card_deal(cards: Sequence[Card], dealer: Seat, rules: RuleConfig) -> TurnedCardDeal:
    """The turned-card deal of 32 distinct *cards*, top first (see the module's decisions).

    >>> from coinche import CARDS, RuleConfig, Seat
    >>> from coinche.dealing import turned_card_deal
    >>> dealt = turned_card_deal(CARDS, Seat.WEST, RuleConfig.classic_belote())
    >>> str(dealt.first_hands[Seat.NORTH]), dealt.turned  # cards 0-2 and 12-13, card 20
    ('7C 8C 9C JD QD', Card.parse('JH'))
    """
    cards = check_deck(cards)
    check_seat(dealer, "dealer")
    check_type(rules, RuleConfig, "rules")
    masks = [0, 0, 0, 0]
    pos = 0
    for size in first_packets(rules.deal_pattern):
        for seat in dealer.next.cycle():
            for card in cards[pos : pos + size]:
                masks[seat] |= card.mask
            pos += size
    return TurnedCardDeal(cards[pos], _four(masks), tuple(cards[pos + 1 :]))


def check_turned_card_deal(hands: object, turned: object, stock: object) -> TurnedCardDeal:
    """Check the five-card hands, the turned card and the stock of a turned-card deal."""
    if turned is None or stock is None:
        raise InvalidDealError(
            "the turned-card deal (auction='turned_card') needs the five-card hands, "
            "turned= (the turned card) and stock= (the 11 other cards, in the order dealt)"
        )
    first = check_hands(hands, _FIRST_CARDS)
    if type(turned) is not Card:
        raise CoincheTypeError(f"turned must be a Card, not {short_repr(turned)}")
    if isinstance(stock, (str, bytes)) or not isinstance(stock, Sequence):
        raise CoincheTypeError(
            f"stock must be a sequence of Card objects, not {short_repr(stock)}"
        )
    cards = tuple(stock)
    if len(cards) != _STOCK_CARDS:
        raise InvalidDealError(f"the stock holds {len(cards)} cards, not {_STOCK_CARDS}")
    seen = first[0].mask | first[1].mask | first[2].mask | first[3].mask
    for card in (turned, *cards):
        if type(card) is not Card:
            raise CoincheTypeError(f"stock holds Card objects, not {short_repr(card)}")
        if seen & card.mask:
            raise InvalidDealError(f"{card} is dealt twice (hands, turned card and stock)")
        seen |= card.mask
    return TurnedCardDeal(turned, first, cards)
