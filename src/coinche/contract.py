"""The contract a deal is played under: taker, strain, value and multiplier.

>>> from coinche import CAPOT, Contract, Seat, Strain
>>> contract = Contract(Seat.NORTH, Strain.HEARTS, 100, multiplier=2)
>>> str(contract), contract.team, contract.points
('100 H by N, coinched', <Team.NORTH_SOUTH: 0>, 100)
>>> Contract(Seat.EAST, Strain.SPADES, CAPOT).points
250

:func:`allowed_contract` says whether a rule set allows a contract, and which rule
refuses it: the one check the auction, scoring and the test strategies share.
"""

from __future__ import annotations

import enum
from typing import Final, Literal

import attrs
from typing_extensions import override

from coinche import _kernel as K
from coinche._checks import short_repr
from coinche._trusted import Immutable
from coinche.cards import Strain
from coinche.config import CAPOT_VALUE, GENERALE_VALUE, AuctionKind, RuleConfig
from coinche.errors import CoincheTypeError, InvalidDealError, NotationError
from coinche.seats import Seat, Team

__all__ = ["CAPOT", "GENERALE", "Contract", "SpecialBid", "allowed_contract"]


class SpecialBid(enum.Enum):
    """The two bids above every number: capot and générale."""

    CAPOT = "capot"
    """The bidding team promises all eight tricks (worth 250 as a bid)."""
    GENERALE = "generale"
    """The taker alone promises all eight tricks (worth 500 as a bid, a decision)."""

    @override
    def __repr__(self) -> str:
        return self.name


CAPOT: Final = SpecialBid.CAPOT
"""The capot bid: all eight tricks for the bidding team."""
GENERALE: Final = SpecialBid.GENERALE
"""The générale bid: all eight tricks for the taker alone."""

_MULTIPLIER_WORDS: Final = {1: "", 2: ", coinched", 4: ", surcoinched"}
_MULTIPLIER_READ: Final = {"coinched": 2, "surcoinched": 4}


def bid_points(value: int | SpecialBid) -> int:
    """What a bid value is worth in points: the number, 250 for capot, 500 for générale.

    >>> from coinche.contract import CAPOT, bid_points
    >>> bid_points(120), bid_points(CAPOT)
    (120, 250)
    """
    if value is CAPOT:
        return CAPOT_VALUE
    if value is GENERALE:
        return GENERALE_VALUE
    assert isinstance(value, int)
    return value


def _check_value(instance: Contract, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, SpecialBid):
        return
    if type(value) is not int:
        raise CoincheTypeError(
            f"a contract value is an int, CAPOT or GENERALE, not {short_repr(value)}"
        )
    if value <= 0:
        raise InvalidDealError(f"a contract value must be positive, not {short_repr(value)}")
    if value > MAX_BID_VALUE:
        raise InvalidDealError(
            f"a contract value must be at most {MAX_BID_VALUE}, not {short_repr(value)}"
        )


MAX_BID_VALUE: Final = 1000
"""The highest number a bid or a contract may hold (no rule set bids above 250; the
bound keeps absurd integers, which ``str()`` may refuse to print, out)."""

_SPECIAL_WORDS: Final = {"capot": CAPOT, "generale": GENERALE, "générale": GENERALE}


def read_bid_value(word: str) -> int | SpecialBid:
    """A bid's value written as ``str()`` writes it: a number (ASCII digits) up to
    :data:`MAX_BID_VALUE`, ``capot`` or ``generale`` (``générale``), in any case. The one
    reader of bid values, for calls and contracts alike (internal).

    >>> from coinche.contract import read_bid_value
    >>> read_bid_value("100"), read_bid_value("Capot")
    (100, CAPOT)
    >>> read_bid_value("10000")
    Traceback (most recent call last):
    ...
    coinche.errors.NotationError: bid value 10000 is too high: no bid is above 1000 (...

    :raises NotationError: *word* is not a bid value; the message says why.
    """
    lowered = word.lower()
    if lowered in _SPECIAL_WORDS:
        return _SPECIAL_WORDS[lowered]
    if word.isascii() and word.isdigit():
        digits = word.lstrip("0") or "0"
        if len(digits) <= 4 and int(digits) <= MAX_BID_VALUE:
            return int(digits)
        shown = word if len(word) <= 20 else short_repr(word, 24)
        raise NotationError(
            f"bid value {shown} is too high: no bid is above {MAX_BID_VALUE} (a rule "
            "set's own bids stop lower, at 160 in common; capot and generale stand above "
            "the numbers)"
        )
    raise NotationError(
        f"unknown bid value {short_repr(word)} (expected a number, capot or generale)"
    )


@attrs.frozen
class Contract(Immutable):
    """What the taker's team promised: a strain, a value, and the coinche multiplier.

    *value* is a number, :data:`CAPOT` or :data:`GENERALE`; *multiplier* is 1, 2
    (coinched) or 4 (surcoinched). Whether the rules allow it is
    :func:`allowed_contract`'s business (the auction and :func:`coinche.score_deal` ask it).

    >>> from coinche import GENERALE, Contract, Seat, Strain
    >>> Contract(Seat.SOUTH, Strain.NO_TRUMP, GENERALE, 4)
    Contract(taker=<Seat.SOUTH: 2>, strain=<Strain.NO_TRUMP: 4>, value=GENERALE, multiplier=4)
    >>> Contract(Seat.SOUTH, Strain.CLUBS, 90, 3)
    Traceback (most recent call last):
    ...
    coinche.errors.InvalidDealError: a contract multiplier is 1, 2 or 4, not 3
    """

    taker: Seat = attrs.field()
    """The seat whose bid became the contract."""
    strain: Strain = attrs.field()
    """Trumps: a suit, no trump or all trump."""
    value: int | SpecialBid = attrs.field(validator=_check_value)
    """The bid: a number of points, :data:`CAPOT` or :data:`GENERALE`."""
    multiplier: Literal[1, 2, 4] = attrs.field(default=1)
    """1, 2 once coinched, 4 once surcoinched."""

    @taker.validator
    def _check_taker(self, attribute: attrs.Attribute[Seat], value: object) -> None:
        if type(value) is not Seat:
            raise CoincheTypeError(f"a contract's taker must be a Seat, not {short_repr(value)}")

    @strain.validator
    def _check_strain(self, attribute: attrs.Attribute[Strain], value: object) -> None:
        if type(value) is not Strain:
            raise CoincheTypeError(
                f"a contract's strain must be a Strain, not {short_repr(value)}"
            )

    @multiplier.validator
    def _check_multiplier(self, attribute: attrs.Attribute[int], value: object) -> None:
        if type(value) is not int or value not in (1, 2, 4):
            raise InvalidDealError(f"a contract multiplier is 1, 2 or 4, not {short_repr(value)}")

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read a contract written as ``str()`` writes it, in any case: the bid's value
        (a number, ``capot`` or ``generale``), its strain (as :meth:`Strain.parse
        <coinche.Strain.parse>` reads it), ``by`` and the taker's seat, then
        ``, coinched`` or ``, surcoinched`` when it is.

        >>> from coinche import Contract
        >>> Contract.parse("100 H by N")
        Contract(taker=<Seat.NORTH: 0>, strain=<Strain.HEARTS: 2>, value=100, multiplier=1)
        >>> str(Contract.parse("capot no trump by e, surcoinched"))
        'capot NT by E, surcoinched'
        >>> Contract.parse("100 H")
        Traceback (most recent call last):
        ...
        coinche.errors.NotationError: cannot read '100 H' as a contract: expected a bid, ...

        :raises NotationError: *text* is not a contract (the message says which part).
        :raises CoincheTypeError: *text* is not a str.
        """
        if not isinstance(text, str):
            raise CoincheTypeError(f"a contract is read from a str, not {type(text).__name__}")
        head, comma, tail = text.partition(",")
        multiplier = _MULTIPLIER_READ.get(" ".join(tail.lower().split())) if comma else 1
        words = head.split()
        at = max((i for i, word in enumerate(words) if word.lower() == "by"), default=-1)
        bid, taker = words[: max(at, 0)], " ".join(words[at + 1 :])
        try:
            if multiplier is None:
                raise NotationError(
                    f"expected coinched or surcoinched after the comma, not "
                    f"{short_repr(tail.strip())}"
                )
            if at < 0 or len(bid) < 2 or not taker:
                raise NotationError(
                    "expected a bid, 'by' and the taker, as in '100 H by N' (then "
                    "', coinched' or ', surcoinched' when it is)"
                )
            value = read_bid_value(bid[0])
            strain = Strain.parse(" ".join(bid[1:]))
            return cls(Seat.parse(taker), strain, value, multiplier)  # type: ignore[arg-type]
        except (NotationError, InvalidDealError) as error:  # InvalidDealError: a 0 bid
            raise NotationError(
                f"cannot read {short_repr(text)} as a contract: {error}"
            ) from error

    @property
    def points(self) -> int:
        """The contract's value V in points: the bid, 250 for capot, 500 for générale."""
        return bid_points(self.value)

    @property
    def is_capot(self) -> bool:
        """True for a capot bid."""
        return self.value is CAPOT

    @property
    def is_generale(self) -> bool:
        """True for a générale bid."""
        return self.value is GENERALE

    @property
    def team(self) -> Team:
        """The taker's team (the bidders)."""
        return self.taker.team

    @property
    def kernel_fields(self) -> tuple[int, int, int, int, int]:
        """The contract as the integer kernel reads it: ``(taker, strain, kind, points,
        multiplier)``, the seat and the strain as ints and *kind* 0 for a number, 1 for
        capot, 2 for générale (the one place a contract becomes ints).

        >>> from coinche import CAPOT, Contract, Seat, Strain
        >>> Contract(Seat.EAST, Strain.HEARTS, 100, 2).kernel_fields
        (1, 2, 0, 100, 2)
        >>> Contract(Seat.WEST, Strain.SPADES, CAPOT).kernel_fields
        (3, 3, 1, 250, 1)
        """
        value = self.value
        kind = K.CAPOT if value is CAPOT else K.GENERALE if value is GENERALE else K.NUMERIC
        return int(self.taker), int(self.strain), kind, bid_points(value), self.multiplier

    @override
    def __str__(self) -> str:
        value = self.value.value if isinstance(self.value, SpecialBid) else str(self.value)
        return (
            f"{value} {self.strain.code} by {self.taker.letter}"
            + _MULTIPLIER_WORDS[self.multiplier]
        )


def allowed_contract(contract: Contract, rules: RuleConfig) -> str | None:
    """The rule of *rules* that refuses *contract*, in plain words; ``None`` when allowed.

    A contract is allowed when its bid could be made in the auction of *rules* and its
    multiplier reached there: the value is one of :meth:`~coinche.RuleConfig.numeric_bids`,
    capot (not in the turned-card auction) or générale (with
    :attr:`~coinche.RuleConfig.allow_generale`); the strain a suit, or no trump and all
    trump when allowed; the multiplier 1, 2 with :attr:`~coinche.RuleConfig.allow_coinche`,
    4 with :attr:`~coinche.RuleConfig.allow_surcoinche`, and 1 on a capot or générale
    bid when :attr:`~coinche.RuleConfig.capot_can_be_coinched` is off. The first rule
    broken, in that order, is named. The auction refuses a bid or a (sur)coinche with
    these words, :func:`~coinche.score_deal` a contract.

    >>> from coinche import CAPOT, Contract, RuleConfig, Seat, Strain
    >>> from coinche.contract import allowed_contract
    >>> allowed_contract(Contract(Seat.NORTH, Strain.HEARTS, 100, 2), RuleConfig.common())
    >>> print(allowed_contract(Contract(Seat.NORTH, Strain.HEARTS, 85), RuleConfig.common()))
    85 is not a bid value: bids go up from 80 in steps of 10
    >>> print(allowed_contract(Contract(Seat.EAST, Strain.SPADES, CAPOT, 2), RuleConfig.pagat()))
    a capot bid may not be coinched (capot_can_be_coinched is off)

    :raises CoincheTypeError: *contract* is not a :class:`Contract` or *rules* not a
        :class:`~coinche.RuleConfig`.
    """
    if not isinstance(contract, Contract):
        raise CoincheTypeError(f"contract must be a Contract, not {type(contract).__name__}")
    if not isinstance(rules, RuleConfig):
        raise CoincheTypeError(f"rules must be a RuleConfig, not {type(rules).__name__}")
    return contract_refusal(contract.value, contract.strain, contract.multiplier, rules)


def contract_refusal(
    value: int | SpecialBid, strain: Strain, multiplier: int, rules: RuleConfig
) -> str | None:
    """:func:`allowed_contract` on the parts of a contract, unchecked: what the auctions
    ask of a bid (whose value may be any int, even one no contract holds)."""
    if value is CAPOT and rules.auction is AuctionKind.TURNED_CARD:
        return "there is no capot bid in the turned-card auction"
    if value is GENERALE and not rules.allow_generale:
        return "generale bids are not allowed (allow_generale is off)"
    if isinstance(value, int):
        lowest, top, step = rules.min_bid, rules.highest_numeric_bid, rules.bid_step
        if value < lowest:
            return f"{value} is below the lowest bid, {lowest}"
        if value > top:
            return f"{value} is above the highest numeric bid, {top}; capot stands above it"
        if (value - lowest) % step:
            return f"{value} is not a bid value: bids go up from {lowest} in steps of {step}"
    if strain is Strain.NO_TRUMP and not rules.allow_no_trump:
        return "no-trump bids are not allowed (allow_no_trump is off)"
    if strain is Strain.ALL_TRUMP and not rules.allow_all_trump:
        return "all-trump bids are not allowed (allow_all_trump is off)"
    if multiplier == 4 and not rules.allow_surcoinche:
        return "surcoinche is not allowed (allow_surcoinche is off)"
    if multiplier > 1 and not rules.allow_coinche:
        return "coinche is not allowed (allow_coinche is off)"
    if multiplier > 1 and isinstance(value, SpecialBid) and not rules.capot_can_be_coinched:
        return f"a {value.value} bid may not be coinched (capot_can_be_coinched is off)"
    return None
