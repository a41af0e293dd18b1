"""The calls of both auctions, as values, and how to read them back from text.

The coinche auction (:mod:`coinche.auction`): :class:`Pass`, :class:`Bid`,
:class:`Coinche`, :class:`Surcoinche` (``Call`` is their union), read by
:func:`parse_call`. The classic turned-card auction (:mod:`coinche.auction.classic`) adds
:class:`Take` and :class:`NameSuit` (``ClassicCall``), read by
:func:`parse_classic_call`; :func:`parse_any_call` reads a call of either. Every call
derives from one base, so that each auction can refuse the other's calls as illegal
rather than as the wrong type. Import them from :mod:`coinche`, :mod:`coinche.auction`
or :mod:`coinche.auction.classic`.

>>> from coinche.calls import PASS, TAKE, parse_any_call
>>> parse_any_call("Pass") is PASS, parse_any_call("take") is TAKE
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Final, TypeAlias, TypeVar

import attrs
from typing_extensions import override

from coinche._checks import check_seat, check_type, short_repr
from coinche._trusted import Immutable
from coinche.cards import Strain, Suit
from coinche.contract import (
    MAX_BID_VALUE,
    SpecialBid,
    bid_points,
    read_bid_value,
)
from coinche.errors import CoincheTypeError, InvalidDealError, NotationError
from coinche.seats import Seat

__all__ = [
    "COINCHE",
    "PASS",
    "SURCOINCHE",
    "TAKE",
    "AnyCall",
    "Bid",
    "Call",
    "ClassicCall",
    "Coinche",
    "NameSuit",
    "Pass",
    "Surcoinche",
    "Take",
    "parse_any_call",
    "parse_call",
    "parse_classic_call",
]


# ---------------------------------------------------------------------- the calls
class CallBase(Immutable):
    """The base of every call of either auction (this module's and those of
    :mod:`coinche.auction.classic`).

    Internal: an auction type-checks a call against it, then refuses the calls of the
    other auction with a reason instead of a type error.
    """

    __slots__ = ()


class WordCall(CallBase):
    """A call that is one word, its ``str()``: pass, coinche, surcoinche, take. Internal."""

    __slots__ = ()
    word: ClassVar[str]

    @override
    def __str__(self) -> str:
        return self.word


@attrs.frozen
class Pass(WordCall):
    """A pass: no bid this turn (a player who passed may bid again later).

    >>> from coinche.auction import PASS, Pass
    >>> str(Pass()), Pass() == PASS
    ('pass', True)
    """

    word: ClassVar = "pass"


def _check_bid_value(instance: Bid, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, SpecialBid):
        return
    if type(value) is int:
        if -MAX_BID_VALUE <= value <= MAX_BID_VALUE:
            return
        raise InvalidDealError(
            f"a bid value is at most {MAX_BID_VALUE} in size, not {short_repr(value)}"
        )
    raise CoincheTypeError(f"a bid value is an int, CAPOT or GENERALE, not {short_repr(value)}")


def _check_bid_strain(instance: Bid, attribute: attrs.Attribute[Any], value: object) -> None:
    check_type(value, Strain, "a bid's strain")


@attrs.frozen
class Bid(CallBase):
    """A bid: a value (points, :data:`~coinche.CAPOT` or :data:`~coinche.GENERALE`) and a strain.

    Whether the rules allow the value and the strain is the auction's business
    (:meth:`Auction.explain_call`); the constructor checks only the types.

    >>> from coinche import CAPOT, Strain
    >>> from coinche.auction import Bid
    >>> str(Bid(100, Strain.HEARTS)), str(Bid(CAPOT, Strain.SPADES))
    ('100 H', 'capot S')
    >>> Bid(CAPOT, Strain.CLUBS).points
    250
    >>> Bid("100", Strain.HEARTS)
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: a bid value is an int, CAPOT or GENERALE, not '100'
    """

    value: int | SpecialBid = attrs.field(validator=_check_bid_value)
    """Points, :data:`~coinche.CAPOT` or :data:`~coinche.GENERALE`."""
    strain: Strain = attrs.field(validator=_check_bid_strain)
    """The trump suit, no trump or all trump."""

    @property
    def points(self) -> int:
        """The bid's rank in the auction: its value, 250 for capot, 500 for générale."""
        return bid_points(self.value)

    @override
    def __str__(self) -> str:
        value = self.value
        text = value.value if isinstance(value, SpecialBid) else str(value)
        return f"{text} {self.strain.code}"


@attrs.frozen
class Coinche(WordCall):
    """A coinche (double) by an opponent of the highest bidder; it ends the bidding.

    >>> from coinche.auction import COINCHE, Coinche
    >>> Coinche() == COINCHE, f"{COINCHE}!"
    (True, 'coinche!')
    """

    word: ClassVar = "coinche"


@attrs.frozen
class Surcoinche(WordCall):
    """A surcoinche (redouble) by the bidding team, answering a coinche.

    >>> from coinche.auction import SURCOINCHE, parse_call
    >>> parse_call("SurCoinche") is SURCOINCHE
    True
    """

    word: ClassVar = "surcoinche"


Call: TypeAlias = Pass | Bid | Coinche | Surcoinche
"""Any call of the auction: :class:`Pass`, :class:`Bid`, :class:`Coinche`, :class:`Surcoinche`."""

PASS: Final = Pass()
"""The pass call."""
COINCHE: Final = Coinche()
"""The coinche call."""
SURCOINCHE: Final = Surcoinche()
"""The surcoinche call."""

CALL_TYPES: Final = (Pass, Bid, Coinche, Surcoinche)
"""The calls of the coinche auction (internal)."""
_WORD_CALLS: Final[dict[str, Call]] = {call.word: call for call in (PASS, COINCHE, SURCOINCHE)}
_W = TypeVar("_W")


def split_call(text: object, words: Mapping[str, _W]) -> tuple[list[str], _W | None]:
    """The words of *text*, a call being read, and the one-word call of *words* they
    make, if any. Shared with the readers of :mod:`coinche.auction.classic`."""
    if not isinstance(text, str):
        raise CoincheTypeError(f"a call is read from a str, not {type(text).__name__}")
    parts = text.split()
    return parts, words.get(" ".join(parts).lower())


def _is_bid_value(word: str) -> bool:
    try:
        read_bid_value(word)
    except NotationError:
        return False
    return True


def parse_call(text: str) -> Call:
    """Read a call written as ``str()`` writes it, in any case.

    ``pass``, ``coinche``, ``surcoinche``, or a bid: a value (a number, ``capot`` or
    ``generale``) then a strain as :meth:`~coinche.Strain.parse` reads it.

    >>> from coinche.auction import parse_call
    >>> parse_call("PASS"), parse_call("100 h")
    (Pass(), Bid(value=100, strain=<Strain.HEARTS: 2>))
    >>> parse_call(" capot  no trump "), parse_call("Surcoinche")
    (Bid(value=CAPOT, strain=<Strain.NO_TRUMP: 4>), Surcoinche())
    >>> parse_call("100 Q")
    Traceback (most recent call last):
    ...
    coinche.errors.NotationError: cannot read '100 Q' as a call: unknown strain 'Q' ...
    >>> parse_call("double")
    Traceback (most recent call last):
    ...
    coinche.errors.NotationError: cannot read 'double' as a call (expected pass, coinche, ...
    """
    words, found = split_call(text, _WORD_CALLS)
    if found is not None:
        return found
    if len(words) == 1 and _is_bid_value(words[0]):  # "capot", "80": no strain
        raise NotationError(
            f"cannot read {short_repr(text)} as a call: a bid needs its strain after the "
            f"value, as in {short_repr(f'{words[0]} S')} (one of C D H S NT AT or a strain "
            "name)"
        )
    if len(words) >= 2:
        try:
            value = read_bid_value(words[0])
        except NotationError as error:
            raise NotationError(f"cannot read {short_repr(text)} as a call: {error}") from None
        rest = " ".join(words[1:])
        try:
            strain = Strain.parse(rest)
        except NotationError:
            raise NotationError(
                f"cannot read {short_repr(text)} as a call: unknown strain {short_repr(rest)} "
                "(expected one of C D H S NT AT or a strain name)"
            ) from None
        return Bid(value, strain)
    raise NotationError(
        f"cannot read {short_repr(text)} as a call (expected pass, coinche, surcoinche or a bid "
        "such as '100 H' or 'capot S')"
    )


# ---------------------------------------------------------------------- the classic calls
@attrs.frozen
class Take(WordCall):
    """Round one: take the turned card's suit as trumps.

    >>> from coinche.auction.classic import TAKE, Take, parse_classic_call
    >>> parse_classic_call("Take") == Take() == TAKE, str(TAKE)
    (True, 'take')
    """

    word: ClassVar = "take"


def _check_suit(instance: NameSuit, attribute: attrs.Attribute[Any], value: object) -> None:
    check_type(value, Suit, "a named suit")


@attrs.frozen
class NameSuit(CallBase):
    """Round two: name *suit* as trumps (any suit, the turned one included).

    >>> from coinche import Suit
    >>> from coinche.auction.classic import NameSuit
    >>> str(NameSuit(Suit.CLUBS))
    'name C'
    >>> NameSuit("C")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: a named suit must be a Suit, not str ('C')
    """

    suit: Suit = attrs.field(validator=_check_suit)
    """The suit named as trumps."""

    @override
    def __str__(self) -> str:
        return f"name {self.suit.letter}"


ClassicCall: TypeAlias = Pass | Take | NameSuit | Coinche | Surcoinche
"""A call of the classic auction: pass, take, name a suit (and, with the coinche option,
coinche and surcoinche)."""

AnyCall: TypeAlias = Call | Take | NameSuit
"""A call of either auction: :data:`coinche.auction.Call` or :data:`ClassicCall`."""

TAKE: Final = Take()
"""The take call."""

NAME_CALLS: Final = tuple(NameSuit(suit) for suit in Suit)
CLASSIC_TYPES: Final = (Pass, Take, NameSuit, Coinche, Surcoinche)
"""The calls of the classic auction (internal)."""
_CLASSIC_WORDS: Final[dict[str, ClassicCall]] = {
    call.word: call for call in (PASS, TAKE, COINCHE, SURCOINCHE)
}


def parse_classic_call(text: str) -> ClassicCall:
    """Read a classic call written as ``str()`` writes it, in any case.

    ``pass``, ``take``, ``name`` then a suit (a letter, symbol or name), ``coinche``,
    ``surcoinche``.

    >>> from coinche.auction.classic import parse_classic_call
    >>> parse_classic_call("TAKE"), parse_classic_call(" name  h ")
    (Take(), NameSuit(suit=<Suit.HEARTS: 2>))
    >>> parse_classic_call("name NT")
    Traceback (most recent call last):
    ...
    coinche.errors.NotationError: cannot read 'name NT' as a call: a named suit is one of ...
    >>> parse_classic_call("100 H")
    Traceback (most recent call last):
    ...
    coinche.errors.NotationError: cannot read '100 H' as a classic call (expected pass, ...
    """
    words, found = split_call(text, _CLASSIC_WORDS)
    if found is not None:
        return found
    if len(words) >= 2 and words[0].lower() == "name":
        rest = " ".join(words[1:])
        try:
            strain = Strain.parse(rest)
        except NotationError:
            strain = Strain.NO_TRUMP
        suit = strain.trump_suit
        if suit is None:
            raise NotationError(
                f"cannot read {short_repr(text)} as a call: a named suit is one of C D H S "
                f"(or a suit name), not {short_repr(rest)}"
            )
        return NAME_CALLS[suit]
    raise NotationError(
        f"cannot read {short_repr(text)} as a classic call (expected pass, take, name and a suit "
        "such as 'name H', coinche or surcoinche)"
    )


def parse_any_call(text: str) -> AnyCall:
    """Read a call of either auction: a classic call (``take``, ``name H``) or one that
    :func:`coinche.auction.parse_call` reads (``pass``, ``100 H``, ``coinche``...).

    >>> from coinche.auction.classic import parse_any_call
    >>> parse_any_call("take"), parse_any_call("80 S")
    (Take(), Bid(value=80, strain=<Strain.SPADES: 3>))
    """
    words, _ = split_call(text, {})
    if words and words[0].lower() in ("take", "name"):
        return parse_classic_call(text)
    return parse_call(text)


# ---------------------------------------------------------------------- checks
_P = TypeVar("_P", bound=CallBase)


def check_call(call: object, words: str) -> None:
    """Raise CoincheTypeError, with *words* saying what a call is, unless *call* is a
    call of either auction (shared by both auctions)."""
    if not isinstance(call, CallBase):
        raise CoincheTypeError(f"{words}, not {short_repr(call)}")


def call_pairs(value: Iterable[tuple[Seat, _P]], words: str) -> tuple[tuple[Seat, _P], ...]:
    """Check a sequence of (seat, call) pairs, each call with :func:`check_call`; as a
    tuple. Shared by both auctions.
    """
    raw: object = value
    if isinstance(raw, (str, bytes)) or not hasattr(raw, "__iter__"):
        raise CoincheTypeError(
            f"calls must be a sequence of (seat, call) pairs, not {short_repr(value)}"
        )
    pairs = []
    for item in value:
        if not isinstance(item, tuple) or len(item) != 2:
            raise CoincheTypeError(
                f"each call must be a (seat, call) pair, not {short_repr(item)}"
            )
        check_seat(item[0])
        check_call(item[1], words)
        pairs.append(item)
    return tuple(pairs)
