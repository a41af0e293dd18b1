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

if TYPE_CHECKING:
    from coinche.cards import Card
    from coinche.seats import Seat

__all__ = [
    "CardNotInHandError",
    "CoincheError",
    "CoincheTypeError",
    "IllegalCardError",
    "InvalidDealError",
    "NotationError",
    "RuleConfigError",
]


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
        who = "this seat" if seat is None else seat.name
        super().__init__(f"{who} may not play {card}: {reason}")
