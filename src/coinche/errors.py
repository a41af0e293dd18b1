"""The exceptions raised by :mod:`coinche`.

Every exception the library raises on purpose derives from :class:`CoincheError`, and
also from the standard :class:`ValueError` (or :class:`TypeError`) a caller would
catch anyway, so ``except ValueError`` keeps working.

>>> import coinche
>>> try:
...     coinche.Card.parse("ZZ")
... except coinche.CoincheError as error:
...     print(type(error).__name__, "-", error)
NotationError - cannot read 'ZZ' as a card: unknown rank 'Z'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing_extensions import override

from coinche._short import short_repr, short_text

if TYPE_CHECKING:
    from coinche.cards import Card
    from coinche.seats import Seat

__all__ = [
    "CardNotInHandError",
    "CoincheError",
    "CoincheTypeError",
    "CoincheValueError",
    "DrawingError",
    "IllegalActionError",
    "IllegalCallError",
    "IllegalCardError",
    "InvalidDealError",
    "InvalidRecordError",
    "NotationError",
    "RuleConfigError",
]


def _who(seat: object) -> str:
    """The name of *seat* for a message; a short repr when it is not a seat."""
    name = getattr(seat, "name", None)
    if isinstance(name, str) and type(seat).__name__ == "Seat":
        return name
    return short_repr(seat)


def _what(value: object) -> str:
    """*value* as a message shows it: its str, cut down, and never raising."""
    if isinstance(value, int) and not isinstance(value, bool):
        return short_repr(value)
    try:
        return short_text(str(value))
    except Exception:  # a str() that raises (a huge int inside a bid, say)
        return short_repr(value)


class CoincheError(Exception):
    """Root of every exception the library raises on purpose.

    >>> import coinche
    >>> issubclass(coinche.NotationError, coinche.CoincheError)
    True
    """


class CoincheTypeError(CoincheError, TypeError):
    """An argument of the wrong type, such as a string where a :class:`~coinche.Card` is due.

    >>> import coinche
    >>> coinche.Hand(["JH"])
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: a Hand holds Card objects, not str ('JH'); use Hand.parse ...
    """


class CoincheValueError(CoincheTypeError, ValueError):
    """An argument of the right type whose value is refused: an int out of its range, a
    number that is not finite, a word that is not one of the choices, a sequence of the
    wrong length.

    Catch it as :class:`ValueError` (or :class:`CoincheValueError`). It is also a
    :class:`CoincheTypeError`, because the library raised that for out-of-range
    arguments before this class existed: code that catches :class:`CoincheTypeError`
    (or :class:`TypeError`) around such a call keeps working. Errors of the rules
    (:class:`InvalidDealError`, :class:`RuleConfigError`, ...) are not value errors of
    this kind: they stay what they are.

    >>> import coinche
    >>> from coinche.bots.ismcts import IsmctsPlayer
    >>> IsmctsPlayer(iterations=0)
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheValueError: iterations must be an int from 1 to 10000000, not 0
    >>> issubclass(coinche.CoincheValueError, ValueError), issubclass(
    ...     coinche.CoincheValueError, coinche.CoincheTypeError)
    (True, True)
    """


class NotationError(CoincheError, ValueError):
    """A card, hand or other text could not be read.

    >>> import coinche
    >>> coinche.Hand.parse("JH JH")
    Traceback (most recent call last):
    ...
    coinche.errors.NotationError: card JH appears twice in 'JH JH'
    """


class RuleConfigError(CoincheError, ValueError):
    """A :class:`~coinche.RuleConfig` has a bad value or an impossible combination.

    The message names every field involved.

    >>> import attrs, coinche
    >>> attrs.evolve(coinche.RuleConfig(), min_bid=170)
    Traceback (most recent call last):
    ...
    coinche.errors.RuleConfigError: min_bid (170) is above max_bid (160)
    """


class CardNotInHandError(CoincheError, ValueError):
    """A card was asked of a hand that does not hold it.

    >>> import coinche
    >>> coinche.Hand.parse("7C").remove(coinche.Card.parse("AS"))
    Traceback (most recent call last):
    ...
    coinche.errors.CardNotInHandError: AS is not in the hand 7C
    """


class InvalidDealError(CoincheError, ValueError):
    """Tricks, a contract or announcements that cannot describe a real deal.

    For example a card seen twice, fewer than eight complete tricks, a trick not led by
    the winner of the previous one, or a contract value the rules do not allow.

    >>> import coinche
    >>> coinche.Trick(coinche.Seat.NORTH, coinche.Card.parse_many("JH JH"))
    Traceback (most recent call last):
    ...
    coinche.errors.InvalidDealError: card JH is played twice in the trick
    """


class IllegalCardError(CoincheError, ValueError):
    """A card that the rules do not allow the seat to play now.

    Carries the *card*, the *seat* that tried to play it, and the *reason* in plain
    words (the same text :func:`~coinche.explain_card` gives).

    >>> import coinche
    >>> error = coinche.IllegalCardError(
    ...     coinche.Card.parse("7S"), coinche.Seat.EAST, "you must follow hearts")
    >>> print(error)
    EAST may not play 7S: you must follow hearts
    >>> error.reason
    'you must follow hearts'
    """

    card: Card
    seat: Seat | None
    reason: str

    def __init__(self, card: Card, seat: Seat | None, reason: str) -> None:
        self.card = card
        self.seat = seat
        self.reason = reason
        who = "this seat" if seat is None else _who(seat)
        super().__init__(f"{who} may not play {_what(card)}: {reason}")

    @override
    def __reduce__(self) -> tuple[type[IllegalCardError], tuple[Card, Seat | None, str]]:
        return (type(self), (self.card, self.seat, self.reason))


class IllegalCallError(CoincheError, ValueError):
    """A call that the rules of the auction do not allow the seat to make now.

    Carries the *seat* that tried to call, the *call*, and the *reason* in plain words
    (the same text :meth:`coinche.auction.Auction.explain_call` gives).

    >>> from coinche import Seat, Strain
    >>> from coinche.auction import Bid
    >>> from coinche.errors import IllegalCallError
    >>> error = IllegalCallError(
    ...     Seat.SOUTH, Bid(90, Strain.HEARTS), "90 is not higher than the highest bid, 100 S")
    >>> print(error)
    SOUTH may not call 90 H: 90 is not higher than the highest bid, 100 S
    >>> error.reason
    '90 is not higher than the highest bid, 100 S'
    """

    seat: Seat
    call: Call
    reason: str

    def __init__(self, seat: Seat, call: Call, reason: str) -> None:
        self.seat = seat
        self.call = call
        self.reason = reason
        super().__init__(f"{_who(seat)} may not call {_what(call)}: {reason}")

    @override
    def __reduce__(self) -> tuple[type[IllegalCallError], tuple[Seat, Call, str]]:
        return (type(self), (self.seat, self.call, self.reason))


if TYPE_CHECKING:
    from coinche.auction import Call


class InvalidRecordError(CoincheError, ValueError):
    """A JSON record that :mod:`coinche.records` cannot read back into a value.

    Malformed JSON, a missing or unknown ``type`` tag, a missing, unknown or mistyped
    field, or values that the rules refuse. The message starts with the *path* of the
    bad field (such as ``tricks[3].cards[1]``; empty for the record as a whole); when a
    library error lies behind it (a bad card code, a bad rule combination), that error
    is the ``__cause__``.

    >>> from coinche.errors import InvalidRecordError
    >>> error = InvalidRecordError("cannot read 'ZZ' as a card", "tricks[3].cards[1]")
    >>> print(error)
    invalid record at tricks[3].cards[1]: cannot read 'ZZ' as a card
    >>> error.path, error.detail
    ('tricks[3].cards[1]', "cannot read 'ZZ' as a card")
    """

    path: str
    detail: str

    def __init__(self, detail: str, path: str = "") -> None:
        self.detail = detail
        self.path = path
        where = f" at {path}" if path else ""
        super().__init__(f"invalid record{where}: {detail}")

    @override
    def __reduce__(self) -> tuple[type[InvalidRecordError], tuple[str, str]]:
        return (type(self), (self.detail, self.path))


class DrawingError(CoincheError, ValueError):
    """A picture that :mod:`coinche.svg` cannot draw as asked.

    A *size* that is not a positive number of pixels up to
    :data:`coinche.svg.MAX_SIZE`, or a hand asked face up that the
    drawing may not show (another seat's cards in a :class:`~coinche.PlayerView`).

    >>> from coinche import Card, svg
    >>> svg.card(Card.parse("JH"), size=0)
    Traceback (most recent call last):
    ...
    coinche.errors.DrawingError: size must be a positive number of pixels up to 10000, not 0
    """


class IllegalActionError(CoincheError, ValueError):
    """An action that does not fit the state of a deal or a game now.

    A card during the auction, a call during the play, any action once the deal or the
    game is over, or announcements that cannot be declared. (A card the rules of play
    forbid raises :class:`IllegalCardError`; a call the auction forbids,
    :class:`IllegalCallError`.) Carries the *action*, the *seat* it was made for
    (``None`` when nobody is to move) and the *reason* in plain words.

    >>> from coinche import Card, Seat
    >>> from coinche.errors import IllegalActionError
    >>> error = IllegalActionError(Card.parse("7C"), Seat.NORTH, "the auction is not over")
    >>> print(error)
    NORTH may not do 7C now: the auction is not over
    >>> error.reason
    'the auction is not over'
    """

    action: object
    seat: Seat | None
    reason: str

    def __init__(self, action: object, seat: Seat | None, reason: str) -> None:
        self.action = action
        self.seat = seat
        self.reason = reason
        if seat is None:
            super().__init__(f"{_what(action)} is not allowed now: {reason}")
        else:
            super().__init__(f"{_who(seat)} may not do {_what(action)} now: {reason}")

    @override
    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[object, Seat | None, str]]:
        return (type(self), (self.action, self.seat, self.reason))
