"""The one-line deal notation, and the hand notation it is made of.

Deal notation
-------------

One line holds the four hands of a deal, in the manner of the PBN format of bridge::

    N:AKT.J9.Q87.A 8.7.AK.KQJ9 ...

* the letter of the first seat (``N``, ``E``, ``S`` or ``W``), then a colon;
* the four hands, separated by a space, in the order of play from that seat;
* each hand as four suit holdings separated by dots, in the order
  **spades . hearts . diamonds . clubs**;
* each holding as rank letters from the highest face value to the lowest:
  ``A K Q J T 9 8 7`` (face order whatever the trumps); an empty holding is empty
  (``AKQJT987...`` holds eight spades).

:func:`format_deal` writes it, always in this canonical form. :func:`parse_deal` reads
it and is lenient about case, ``10`` for ``T``, ``-`` for an empty holding, ranks
in any order and extra spaces; it insists on four disjoint hands of eight cards. One
hand alone is :func:`format_hand` / :func:`parse_hand`.

>>> from coinche import Hand, Seat
>>> from coinche.notation import format_deal, format_hand, parse_deal
>>> format_hand(Hand.parse("AS KS TS JH 9H QD 8D 7D AC"))
'AKT.J9.Q87.A'
>>> text = "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"
>>> first, hands = parse_deal(text)
>>> first, hands[Seat.EAST]
(<Seat.NORTH: 0>, Hand.parse('7H 8H 9H TH JH QH KH AH'))
>>> format_deal(first, hands) == text
True
>>> parse_deal("W:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT98")
Traceback (most recent call last):
...
coinche.errors.NotationError: cannot read 'W:AKQJT987... ...' as a deal: SOUTH holds 7 cards ...

The readable report of a deal (``render_deal`` and the other ``render_*`` functions)
is :mod:`coinche.report`'s, which writes its hands in this notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from coinche._checks import check_int_range, short_repr
from coinche.cards import CARDS, SPACES, Hand, Rank, Suit, plain_text
from coinche.dealing import check_hands
from coinche.errors import CoincheTypeError, CoincheValueError, InvalidDealError, NotationError
from coinche.seats import Seat

__all__ = [
    "RANK_ORDER",
    "SUIT_ORDER",
    "format_deal",
    "format_hand",
    "parse_deal",
    "parse_hand",
]

SUIT_ORDER: Final[tuple[Suit, Suit, Suit, Suit]] = (
    Suit.SPADES,
    Suit.HEARTS,
    Suit.DIAMONDS,
    Suit.CLUBS,
)
"""The order of the suit holdings in the deal notation: spades, hearts, diamonds, clubs."""
RANK_ORDER: Final[tuple[Rank, ...]] = tuple(reversed(Rank))
"""The order of the ranks in a holding: A K Q J T 9 8 7 (face value, highest first)."""

_RANK_LETTERS: Final = {rank.letter: rank for rank in Rank}

_DOTTED_ORDER: Final = (
    "spades.hearts.diamonds.clubs (the PBN order, spades first, whereas a Hand prints clubs first)"
)


# ------------------------------------------------------------------ one hand
def _holding(hand: Hand, suit: Suit) -> str:
    return "".join(card.rank.letter for card in reversed(hand.of_suit(suit).cards))


def format_hand(hand: Hand) -> str:
    """*hand* as four dotted suit holdings, spades first, ranks highest first.

    >>> from coinche import Hand
    >>> from coinche.notation import format_hand
    >>> format_hand(Hand.parse("7C 9H JH AS TS"))
    'AT.J9..7'
    >>> format_hand(Hand())
    '...'
    """
    if not isinstance(hand, Hand):
        raise CoincheTypeError(f"hand must be a Hand, not {type(hand).__name__}")
    return ".".join(_holding(hand, suit) for suit in SUIT_ORDER)


def _read_hand(text: str) -> Hand:
    """Read dotted holdings; the NotationError says what is wrong, not where."""
    groups = text.split(".")
    if len(groups) != 4:
        raise NotationError(
            f"{short_repr(text)} has {len(groups)} suit holding{'s' if len(groups) != 1 else ''}; "
            f"a hand is four, {_DOTTED_ORDER}"
        )
    mask = 0
    for suit, group in zip(SUIT_ORDER, groups, strict=True):
        word = group.upper().replace("10", "T")
        if word == "-":
            continue
        for letter in word:
            rank = _RANK_LETTERS.get(letter)
            if rank is None:
                raise NotationError(
                    f"{short_repr(text)}: {short_repr(letter)} "
                    f"in the {suit.name.lower()} is not a rank "
                    "(expected A K Q J T 9 8 7; the holdings are spades.hearts.diamonds.clubs)"
                )
            card = CARDS[8 * suit + rank]
            if mask & card.mask:
                raise NotationError(f"{short_repr(text)}: {card} appears twice")
            mask |= card.mask
    return Hand.from_mask(mask)


def parse_hand(text: str) -> Hand:
    """Read a hand written as four dotted suit holdings (see :func:`format_hand`).

    The holdings are in the order **spades.hearts.diamonds.clubs**, as in PBN, the
    opposite of the order in which a :class:`~coinche.Hand` prints (clubs first): the
    ``AT`` below is the ace and ten of spades, the ``7`` the seven of clubs. Case does
    not matter, ``10`` stands for ``T`` and ``-`` for an empty holding.

    >>> from coinche.notation import parse_hand
    >>> parse_hand("AT.j9.-.7")
    Hand.parse('7C 9H JH TS AS')
    >>> parse_hand("AT.J9.7")
    Traceback (most recent call last):
    ...
    coinche.errors.NotationError: cannot read 'AT.J9.7' as a hand: 'AT.J9.7' has 3 suit ...
    """
    if not isinstance(text, str):
        raise CoincheTypeError(f"a hand is read from a str, not {type(text).__name__}")
    if not plain_text(text):
        raise NotationError(
            f"cannot read {short_repr(text)} as a hand: it holds characters other than "
            "ASCII letters and digits"
        )
    try:
        return _read_hand(text.strip(SPACES))
    except NotationError as error:
        raise NotationError(f"cannot read {short_repr(text)} as a hand: {error}") from None


# ------------------------------------------------------------------ a deal
def _check_cards(cards: object) -> int:
    """A hand's size in the notation: 8, or 5 (the hands dealt before the classic
    auction)."""
    if type(cards) is not int or cards not in (5, 8):
        check_int_range(cards, "cards", 5, 8)
        raise CoincheValueError(f"cards must be 8, or 5 in the classic deal, not {cards}")
    return cards


def format_deal(first: Seat, hands: Mapping[Seat, Hand], *, cards: int = 8) -> str:
    """The four *hands* in deal notation, starting with the seat *first*.

    *hands* must hold four disjoint hands of eight cards (of *cards* cards: 5 for the
    hands dealt before the classic auction), one for each seat.

    >>> from coinche import CARDS, Hand, Seat
    >>> from coinche.notation import format_deal
    >>> hands = {seat: Hand(CARDS[8 * seat : 8 * seat + 8]) for seat in Seat}
    >>> format_deal(Seat.WEST, hands)
    'W:AKQJT987... ...AKQJT987 ..AKQJT987. .AKQJT987..'
    >>> format_deal(Seat.WEST, {**hands, Seat.NORTH: Hand()})
    Traceback (most recent call last):
    ...
    coinche.errors.InvalidDealError: NORTH holds 0 cards (), not 8

    :raises InvalidDealError: the hands are not four disjoint hands of eight cards.
    :raises CoincheTypeError: an argument of the wrong type.
    """
    if type(first) is not Seat:
        raise CoincheTypeError(f"first must be a Seat, not {short_repr(first)}")
    check_hands(hands, _check_cards(cards))  # as a Deal checks its hands, in its words
    return f"{first.letter}:" + " ".join(format_hand(hands[seat]) for seat in first.cycle())


def parse_deal(text: str, *, cards: int = 8) -> tuple[Seat, dict[Seat, Hand]]:
    """Read a deal in deal notation: the first seat, and each seat's hand.

    The dict lists the seats in the order of play from the first seat. Each hand must
    hold eight cards, or *cards* (5 for the hands dealt before the classic auction).

    >>> from coinche.notation import parse_deal
    >>> first, hands = parse_deal("s:akqjt987... .akqjt987.. ..akqjt987. ...akqjt987")
    >>> first, [seat.letter for seat in hands], str(hands[first])
    (<Seat.SOUTH: 2>, ['S', 'W', 'N', 'E'], '7S 8S 9S TS JS QS KS AS')
    >>> parse_deal("N:AKQJT987... .AKQJT987.. ..AKQJT987.")
    Traceback (most recent call last):
    ...
    coinche.errors.NotationError: cannot read 'N:AKQJT987... .AKQJT987.. ..AKQJT987.' as a ...

    :raises NotationError: the text is not four disjoint hands of eight cards.
    :raises CoincheTypeError: *text* is not a str.
    """
    if not isinstance(text, str):
        raise CoincheTypeError(f"a deal is read from a str, not {type(text).__name__}")
    _check_cards(cards)
    try:
        return _read_deal(text, cards)
    except NotationError as error:
        shown = text if len(text) <= 60 else text[:56] + " ..."
        raise NotationError(f"cannot read {shown!r} as a deal: {error}") from None


def _read_deal(text: str, size: int = 8) -> tuple[Seat, dict[Seat, Hand]]:
    head, colon, rest = text.strip().partition(":")
    if not colon:
        raise NotationError(
            "write the first seat, a colon and four hands, as in 'N:AKT.J9.Q87.A 8.7.AK.KQJ9 ...'"
        )
    first = Seat.parse(head)
    words = rest.split()
    if len(words) != 4:
        raise NotationError(
            f"found {len(words)} hand{'s' if len(words) != 1 else ''}, not 4 separated by spaces"
        )
    hands: dict[Seat, Hand] = {}
    for seat, word in zip(first.cycle(), words, strict=True):
        try:
            hand = _read_hand(word)
        except NotationError as error:
            raise NotationError(f"the hand of {seat.name}: {error}") from None
        hands[seat] = hand
    try:
        check_hands(hands, size)  # the check a Deal makes of its hands, in its words
    except InvalidDealError as error:
        raise NotationError(str(error)) from None
    return first, hands
