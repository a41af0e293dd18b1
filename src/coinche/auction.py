"""The coinche auction (rules page, section 3): pass, bid, coinche and surcoinche.

An :class:`Auction` is an immutable record of the calls made so far, each with the seat
that made it. :meth:`Auction.start` opens one; :meth:`Auction.apply` returns a new one
with a call added, or raises :class:`~coinche.errors.IllegalCallError` naming the rule
broken. Once the auction is over, :attr:`Auction.contract` is the contract to play, or
:attr:`Auction.thrown_in` says the four players passed.

The calls are :class:`Pass`, :class:`Bid`, :class:`Coinche` and :class:`Surcoinche`;
``Call`` is their union, and :data:`PASS`, :data:`COINCHE` and :data:`SURCOINCHE` are
ready-made instances. :func:`parse_call` reads the text ``str()`` gives back.

>>> from coinche import RuleConfig, Seat, Strain
>>> from coinche.auction import COINCHE, PASS, SURCOINCHE, Auction, Bid, parse_call
>>> auction = Auction.start(Seat.WEST, RuleConfig.common())
>>> auction.to_move  # the seat after the dealer speaks first
<Seat.NORTH: 0>
>>> auction = auction.apply(Seat.NORTH, Bid(100, Strain.HEARTS))
>>> auction = auction.apply(Seat.EAST, COINCHE)
>>> auction = auction.apply(Seat.SOUTH, PASS).apply(Seat.NORTH, SURCOINCHE)
>>> auction.is_over, str(auction.contract)
(True, '100 H by N, surcoinched')
>>> [str(call) for _, call in auction.calls]
['100 H', 'coinche', 'pass', 'surcoinche']
>>> parse_call("Capot nt"), str(parse_call("GENERALE S"))
(Bid(value=CAPOT, strain=<Strain.NO_TRUMP: 4>), 'generale S')

Decisions (points the rule books leave open; each is documented behaviour):

- **decision**: after a coinche the two players of the bidding team answer in the order
  of play starting after the coincher; the coincher's partner is skipped, never to move
  (rules page, section 9: surcoinche follows 000; FFB's "three passes" give the same
  result). This holds for an out-of-turn coinche too: the answer starts after the
  coincher, whoever was to move when it came.
- **decision**: after a coinche no out-of-turn call is allowed, whatever the coinche
  timing; a surcoinche is made in turn by the bidding-team player to move.
- **decision**: :attr:`~coinche.RuleConfig.capot_can_be_coinched` also governs a
  générale bid, which likewise promises all eight tricks.
- **decision**: a player may outbid their partner; any strictly higher bid is legal.
- **decision**: capot is always biddable, above the highest numeric bid; générale only
  with :attr:`~coinche.RuleConfig.allow_generale`.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable, Iterable
from typing import Any, Final, Literal, TypeAlias, TypeVar

import attrs

from coinche._checks import short_repr
from coinche.cards import Strain
from coinche.config import CAPOT_VALUE, AuctionKind, CoincheTiming, RuleConfig
from coinche.contract import (
    CAPOT,
    GENERALE,
    MAX_BID_VALUE,
    Contract,
    SpecialBid,
    bid_points,
)
from coinche.errors import (
    CoincheTypeError,
    IllegalCallError,
    InvalidDealError,
    NotationError,
    RuleConfigError,
)
from coinche.seats import Seat

__all__ = [
    "COINCHE",
    "PASS",
    "SURCOINCHE",
    "Auction",
    "Bid",
    "Call",
    "Coinche",
    "Pass",
    "Surcoinche",
    "parse_call",
]


# ---------------------------------------------------------------------- the calls
@attrs.frozen
class Pass:
    """A pass: no bid this turn (a player who passed may bid again later).

    >>> from coinche.auction import PASS, Pass
    >>> str(Pass()), Pass() == PASS
    ('pass', True)
    """

    def __str__(self) -> str:
        return "pass"


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
    if type(value) is not Strain:
        raise CoincheTypeError(f"a bid's strain must be a Strain, not {short_repr(value)}")


@attrs.frozen
class Bid:
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

    def __str__(self) -> str:
        value = self.value
        text = value.value if isinstance(value, SpecialBid) else str(value)
        return f"{text} {self.strain.code}"


@attrs.frozen
class Coinche:
    """A coinche (double) by an opponent of the highest bidder; it ends the bidding.

    >>> from coinche.auction import COINCHE, Coinche
    >>> str(Coinche()), Coinche() == COINCHE
    ('coinche', True)
    """

    def __str__(self) -> str:
        return "coinche"


@attrs.frozen
class Surcoinche:
    """A surcoinche (redouble) by the bidding team, answering a coinche.

    >>> from coinche.auction import SURCOINCHE, Surcoinche
    >>> str(Surcoinche()), Surcoinche() == SURCOINCHE
    ('surcoinche', True)
    """

    def __str__(self) -> str:
        return "surcoinche"


Call: TypeAlias = Pass | Bid | Coinche | Surcoinche
"""Any call of the auction: :class:`Pass`, :class:`Bid`, :class:`Coinche`, :class:`Surcoinche`."""

PASS: Final = Pass()
"""The pass call."""
COINCHE: Final = Coinche()
"""The coinche call."""
SURCOINCHE: Final = Surcoinche()
"""The surcoinche call."""

_CALL_TYPES: Final = (Pass, Bid, Coinche, Surcoinche)
_WORD_CALLS: Final[dict[str, Call]] = {
    "pass": PASS,
    "coinche": COINCHE,
    "surcoinche": SURCOINCHE,
}
_SPECIAL_WORDS: Final = {"capot": CAPOT, "generale": GENERALE, "générale": GENERALE}


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
    if not isinstance(text, str):
        raise CoincheTypeError(f"a call is read from a str, not {type(text).__name__}")
    words = text.split()
    found = _WORD_CALLS.get(" ".join(words).lower())
    if found is not None:
        return found
    if len(words) >= 2:
        head = words[0].lower()
        value: int | SpecialBid
        if head in _SPECIAL_WORDS:
            value = _SPECIAL_WORDS[head]
        elif head.isascii() and head.isdigit() and len(head) <= 4 and int(head) <= MAX_BID_VALUE:
            value = int(head)
        else:
            raise NotationError(
                f"cannot read {short_repr(text)} as a call: "
                f"unknown bid value {short_repr(words[0])} "
                "(expected a number, capot or generale)"
            )
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


# ---------------------------------------------------------------------- the state
_BIDDING: Final = 0
_ANSWERING: Final = 1  # after a coinche, the bidding team may surcoinche
_OVER: Final = 2


@attrs.frozen
class _State:
    """What the calls so far add up to; derived from the calls, never compared."""

    phase: int
    to_move: Seat | None
    highest: tuple[Seat, Bid] | None = None
    passes: int = 0  # consecutive passes since the last bid (or the start)
    coincher: Seat | None = None
    multiplier: Literal[1, 2, 4] = 1
    thrown_in: bool = False


@attrs.frozen
class _Ladder:
    """Every bid the rules allow, in legal_calls order, with each bid's rank."""

    bids: tuple[Bid, ...]
    points: tuple[int, ...]

    def above(self, points: int) -> tuple[Bid, ...]:
        return self.bids[bisect.bisect_right(self.points, points) :]


@functools.lru_cache(maxsize=64)
def _ladder(rules: RuleConfig) -> _Ladder:
    strains = [
        strain
        for strain in Strain
        if strain.is_suit
        or (strain is Strain.NO_TRUMP and rules.allow_no_trump)
        or (strain is Strain.ALL_TRUMP and rules.allow_all_trump)
    ]
    values: list[int | SpecialBid] = [*rules.numeric_bids(), CAPOT]
    if rules.allow_generale:
        values.append(GENERALE)
    bids = tuple(Bid(value, strain) for value in values for strain in strains)
    return _Ladder(bids, tuple(bid.points for bid in bids))


def _step(state: _State, rules: RuleConfig, seat: Seat, call: Call) -> _State:
    """The state after *seat* makes *call*, assuming the call is legal."""
    if state.phase == _BIDDING:
        if isinstance(call, Bid):
            return _State(_BIDDING, seat.next, (seat, call))
        if isinstance(call, Coinche):
            if not rules.allow_surcoinche:
                return _State(_OVER, None, state.highest, coincher=seat, multiplier=2)
            return _State(_ANSWERING, seat.next, state.highest, coincher=seat, multiplier=2)
        passes = state.passes + 1
        if state.highest is None and passes == 4:
            return _State(_OVER, None, thrown_in=True)
        if state.highest is not None and passes == 3:
            return _State(_OVER, None, state.highest)
        return attrs.evolve(state, to_move=seat.next, passes=passes)
    # answering a coinche
    if isinstance(call, Surcoinche):
        return attrs.evolve(state, phase=_OVER, to_move=None, multiplier=4)
    assert state.coincher is not None
    if seat is state.coincher.next:
        # decision: the coincher's partner is skipped; the other bidder answers next
        return attrs.evolve(state, to_move=state.coincher.previous)
    return attrs.evolve(state, phase=_OVER, to_move=None)


def _bid_reason(rules: RuleConfig, highest: tuple[Seat, Bid] | None, bid: Bid) -> str | None:
    value = bid.value
    if value is GENERALE and not rules.allow_generale:
        return "generale bids are not allowed (allow_generale is off)"
    if isinstance(value, int):
        top = rules.highest_numeric_bid
        if value < rules.min_bid:
            return f"{value} is below the lowest bid, {rules.min_bid}"
        if value > top:
            return f"{value} is above the highest numeric bid, {top}; capot stands above it"
        if (value - rules.min_bid) % rules.bid_step:
            return (
                f"{value} is not a bid value: bids go up from {rules.min_bid} "
                f"in steps of {rules.bid_step}"
            )
    if bid.strain is Strain.NO_TRUMP and not rules.allow_no_trump:
        return "no-trump bids are not allowed (allow_no_trump is off)"
    if bid.strain is Strain.ALL_TRUMP and not rules.allow_all_trump:
        return "all-trump bids are not allowed (allow_all_trump is off)"
    if highest is not None and bid.points <= highest[1].points:
        shown = value.value if isinstance(value, SpecialBid) else value
        return f"{shown} is not higher than the highest bid, {highest[1]} by {highest[0].letter}"
    return None


def _coinche_reason(state: _State, rules: RuleConfig, seat: Seat) -> str | None:
    if not rules.allow_coinche:
        return "coinche is not allowed (allow_coinche is off)"
    if state.phase == _ANSWERING:
        assert state.coincher is not None
        return f"the bid is already coinched (by {state.coincher.name})"
    highest = state.highest
    if highest is None:
        return "there is no bid to coinche"
    bidder, bid = highest
    if bidder.team is seat.team:
        who = "your own" if bidder is seat else f"your partner {bidder.name}'s"
        return f"the highest bid, {bid}, is {who}; only an opponent may coinche"
    if bid.points >= CAPOT_VALUE and not rules.capot_can_be_coinched:
        assert isinstance(bid.value, SpecialBid)
        return f"a {bid.value.value} bid may not be coinched (capot_can_be_coinched is off)"
    if seat is not state.to_move and rules.coinche_timing is CoincheTiming.IN_TURN:
        assert state.to_move is not None
        return (
            f"it is {state.to_move.name}'s turn, and a coinche is made only in turn "
            "(coinche_timing is 'in_turn')"
        )
    return None


def _surcoinche_reason(state: _State, rules: RuleConfig, seat: Seat) -> str | None:
    if not rules.allow_surcoinche:
        return "surcoinche is not allowed (allow_surcoinche is off)"
    if state.phase != _ANSWERING:
        return "there is no coinche to answer"
    assert state.highest is not None
    assert state.to_move is not None
    bidders = state.highest[0].team
    if seat.team is not bidders:
        first, second = bidders.seats
        return f"only the bidding team, {first.name} and {second.name}, may surcoinche"
    if seat is not state.to_move:
        return f"it is {state.to_move.name}'s turn"
    return None


def _reason(state: _State, rules: RuleConfig, seat: Seat, call: Call) -> str | None:
    """Why *seat* may not make *call* in *state*; ``None`` when it may."""
    if state.phase == _OVER:
        if state.thrown_in:
            return "the auction is over: all four passed and the deal is thrown in"
        return "the auction is over"
    if isinstance(call, Coinche):
        return _coinche_reason(state, rules, seat)
    if isinstance(call, Surcoinche):
        return _surcoinche_reason(state, rules, seat)
    if isinstance(call, Bid) and state.phase == _ANSWERING:
        return "the bid has been coinched: nobody may bid any more"
    if seat is not state.to_move:
        assert state.to_move is not None
        return f"it is {state.to_move.name}'s turn"
    if isinstance(call, Bid):
        return _bid_reason(rules, state.highest, call)
    return None


def check_seat(seat: object) -> None:
    """Raise CoincheTypeError unless *seat* is a Seat (shared with the classic auction)."""
    if type(seat) is not Seat:
        raise CoincheTypeError(f"seat must be a Seat, not {short_repr(seat)}")


def _check_call(call: object) -> None:
    if not isinstance(call, _CALL_TYPES):
        raise CoincheTypeError(
            "a call is a Pass, Bid, Coinche or Surcoinche "
            f"(see parse_call), not {short_repr(call)}"
        )


_C = TypeVar("_C")


def call_pairs(
    value: Iterable[tuple[Seat, _C]], check_call: Callable[[object], None]
) -> tuple[tuple[Seat, _C], ...]:
    """Check a sequence of (seat, call) pairs, each call by *check_call*; as a tuple.

    Shared by this auction and :class:`coinche.classic.ClassicAuction`.
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
        check_call(item[1])
        pairs.append(item)
    return tuple(pairs)


def _to_calls(value: Iterable[tuple[Seat, Call]]) -> tuple[tuple[Seat, Call], ...]:
    return call_pairs(value, _check_call)


def check_dealer(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """attrs validator of an auction's dealer (shared with the classic auction)."""
    if type(value) is not Seat:
        raise CoincheTypeError(f"dealer must be a Seat, not {short_repr(value)}")


def _check_rules(instance: Auction, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, RuleConfig):
        raise CoincheTypeError(f"rules must be a RuleConfig, not {short_repr(value)}")
    if value.auction is not AuctionKind.BIDDING:
        raise RuleConfigError(
            f"auction={short_repr(value.auction.value)}: "
            "the turned-card auction (section 8 of the rules page) "
            "is not part of this module but coinche.classic.ClassicAuction; "
            "coinche.auction runs the bidding auction only"
        )


_DEFAULT_RULES: Final = RuleConfig()


# ---------------------------------------------------------------------- the auction
@attrs.frozen
class Auction:
    """A coinche auction: the dealer, the rules, and every call made, with its caller.

    Immutable: :meth:`apply` returns a new auction. Constructing one directly, or with
    :meth:`replay`, checks every call; :meth:`start` opens an empty one. A rule set with
    ``auction='turned_card'`` raises :class:`~coinche.RuleConfigError`: the classic
    turned-card auction is :class:`coinche.classic.ClassicAuction`.

    The seat after the dealer speaks first, then each in the order of play. A bid
    followed by three passes ends the auction; four passes with no bid throw the deal
    in. A coinche ends the bidding; with :attr:`~coinche.RuleConfig.allow_surcoinche`
    the bidding team then answers (see the module's decisions), without it the auction
    ends at once.

    >>> from coinche import RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Auction, Bid
    >>> auction = Auction.start(Seat.NORTH, RuleConfig.common())
    >>> auction = auction.apply(Seat.EAST, Bid(80, Strain.SPADES))
    >>> for seat in (Seat.SOUTH, Seat.WEST, Seat.NORTH):
    ...     auction = auction.apply(seat, PASS)
    >>> auction.contract
    Contract(taker=<Seat.EAST: 1>, strain=<Strain.SPADES: 3>, value=80, multiplier=1)
    >>> auction.apply(Seat.EAST, PASS)
    Traceback (most recent call last):
    ...
    coinche.errors.IllegalCallError: EAST may not call pass: the auction is over
    >>> Auction.start(Seat.NORTH, RuleConfig.classic_belote())
    Traceback (most recent call last):
    ...
    coinche.errors.RuleConfigError: auction='turned_card': the turned-card auction ...
    """

    dealer: Seat = attrs.field(validator=check_dealer)
    """The dealer; the seat after the dealer speaks first."""
    rules: RuleConfig = attrs.field(validator=_check_rules)
    """The house rules: bid values, strains, coinche and surcoinche options."""
    calls: tuple[tuple[Seat, Call], ...] = attrs.field(default=(), converter=_to_calls)
    """Every call in the order made, each with the seat that made it."""
    _state: _State = attrs.field(init=False, eq=False, repr=False)
    _bids: _Ladder = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        state = _State(_BIDDING, self.dealer.next)
        for seat, call in self.calls:
            reason = _reason(state, self.rules, seat, call)
            if reason is not None:
                raise IllegalCallError(seat, call, reason)
            state = _step(state, self.rules, seat, call)
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_bids", _ladder(self.rules))

    # ------------------------------------------------------------------ constructors
    @classmethod
    def start(cls, dealer: Seat, rules: RuleConfig = _DEFAULT_RULES) -> Auction:
        """A new auction, before any call; the seat after *dealer* speaks first.

        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import Auction
        >>> Auction.start(Seat.SOUTH, RuleConfig.ffb()).to_move
        <Seat.WEST: 3>
        """
        return cls(dealer, rules)

    @classmethod
    def replay(
        cls, dealer: Seat, rules: RuleConfig, calls: Iterable[tuple[Seat, Call]]
    ) -> Auction:
        """The auction after *calls*, each (seat, call) pair checked in turn.

        Raises :class:`~coinche.errors.IllegalCallError` at the first illegal call.

        >>> from coinche import RuleConfig, Seat, Strain
        >>> from coinche.auction import PASS, Auction, Bid
        >>> N, E, S, W = Seat
        >>> rules = RuleConfig.common()
        >>> Auction.replay(W, rules, [(N, PASS), (E, PASS), (S, PASS), (W, PASS)]).thrown_in
        True
        >>> Auction.replay(W, rules, [(N, Bid(90, Strain.CLUBS)), (E, Bid(90, Strain.HEARTS))])
        Traceback (most recent call last):
        ...
        coinche.errors.IllegalCallError: EAST may not call 90 H: 90 is not higher than ...
        """
        auction = cls.start(dealer, rules)
        for seat, call in _to_calls(calls):
            auction = auction.apply(seat, call)
        return auction

    @classmethod
    def _build(
        cls,
        dealer: Seat,
        rules: RuleConfig,
        calls: tuple[tuple[Seat, Call], ...],
        state: _State,
        bids: _Ladder,
    ) -> Auction:
        # Bypasses __init__ (and its replay of every call): the state is already known.
        auction = object.__new__(cls)
        for name, value in (
            ("dealer", dealer),
            ("rules", rules),
            ("calls", calls),
            ("_state", state),
            ("_bids", bids),
        ):
            object.__setattr__(auction, name, value)
        return auction

    # ------------------------------------------------------------------ state
    @property
    def to_move(self) -> Seat | None:
        """The seat whose turn it is to call; ``None`` once the auction is over.

        After a coinche it is the bidding-team player who answers next.

        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import PASS, Auction
        >>> Auction.start(Seat.NORTH, RuleConfig()).apply(Seat.EAST, PASS).to_move
        <Seat.SOUTH: 2>
        """
        return self._state.to_move

    @property
    def is_over(self) -> bool:
        """True once the auction has ended, with a contract or thrown in.

        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import Auction
        >>> Auction.start(Seat.NORTH, RuleConfig()).is_over
        False
        """
        return self._state.phase == _OVER

    @property
    def thrown_in(self) -> bool:
        """True when all four players passed without a bid: the deal is thrown in.

        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import PASS, Auction
        >>> auction = Auction.start(Seat.NORTH, RuleConfig())
        >>> for seat in Seat.EAST.cycle():
        ...     auction = auction.apply(seat, PASS)
        >>> auction.thrown_in, auction.is_over, auction.contract
        (True, True, None)
        """
        return self._state.thrown_in

    @property
    def highest_bid(self) -> tuple[Seat, Bid] | None:
        """The highest bid so far and the seat that made it; ``None`` before any bid.

        >>> from coinche import RuleConfig, Seat, Strain
        >>> from coinche.auction import Auction, Bid
        >>> auction = Auction.start(Seat.NORTH, RuleConfig())
        >>> auction.apply(Seat.EAST, Bid(90, Strain.CLUBS)).highest_bid
        (<Seat.EAST: 1>, Bid(value=90, strain=<Strain.CLUBS: 0>))
        """
        return self._state.highest

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over; ``None`` before that or when thrown in.

        Its taker made the last bid; its multiplier is 2 after a coinche, 4 after a
        surcoinche.

        >>> from coinche import RuleConfig, Seat, Strain
        >>> from coinche.auction import COINCHE, Auction, Bid
        >>> auction = Auction.start(Seat.NORTH, RuleConfig.min82())
        >>> auction = auction.apply(Seat.EAST, Bid(102, Strain.DIAMONDS))
        >>> auction.contract is None
        True
        >>> str(auction.apply(Seat.SOUTH, COINCHE).contract)  # min82: no surcoinche
        '102 D by E, coinched'
        """
        state = self._state
        if state.phase != _OVER or state.highest is None:
            return None
        seat, bid = state.highest
        return Contract(seat, bid.strain, bid.value, state.multiplier)

    # ------------------------------------------------------------------ legality
    def legal_calls(self, seat: Seat) -> tuple[Call, ...]:
        """Every call *seat* may make now, in a fixed order.

        :data:`PASS` first when legal, then the bids (numbers ascending, each in
        :class:`~coinche.Strain` order, then capot bids, then générale bids), then
        :data:`COINCHE`, then :data:`SURCOINCHE`. Empty when *seat* may not call now.
        With ``coinche_timing='any_time'`` a seat not to move gets ``(COINCHE,)`` when it
        may coinche out of turn.

        >>> from coinche import RuleConfig, Seat, Strain
        >>> from coinche.auction import Auction, Bid
        >>> auction = Auction.start(Seat.NORTH, RuleConfig.common())
        >>> auction = auction.apply(Seat.EAST, Bid(150, Strain.CLUBS))
        >>> [str(call) for call in auction.legal_calls(Seat.SOUTH)]
        ['pass', '160 C', '160 D', '160 H', '160 S', 'capot C', 'capot D', 'capot H', ...]
        >>> auction.legal_calls(Seat.SOUTH)[-1], auction.legal_calls(Seat.WEST)
        (Coinche(), ())
        >>> pagat = Auction.start(Seat.NORTH, RuleConfig.pagat())
        >>> pagat.apply(Seat.EAST, Bid(100, Strain.HEARTS)).legal_calls(Seat.NORTH)
        (Coinche(),)
        """
        check_seat(seat)
        state = self._state
        if state.phase == _ANSWERING:
            return (PASS, SURCOINCHE) if seat is state.to_move else ()
        if state.phase == _OVER:
            return ()
        can_coinche = _coinche_reason(state, self.rules, seat) is None
        if seat is not state.to_move:
            return (COINCHE,) if can_coinche else ()
        highest = state.highest
        bids = self._bids.above(highest[1].points) if highest is not None else self._bids.bids
        if can_coinche:
            return (PASS, *bids, COINCHE)
        return (PASS, *bids)

    def explain_call(self, seat: Seat, call: Call) -> str | None:
        """Why *seat* may not make *call* now, in plain words; ``None`` when it may.

        >>> from coinche import RuleConfig, Seat, Strain
        >>> from coinche.auction import COINCHE, Auction, Bid
        >>> auction = Auction.start(Seat.NORTH, RuleConfig.common())
        >>> print(auction.explain_call(Seat.EAST, Bid(85, Strain.SPADES)))
        85 is not a bid value: bids go up from 80 in steps of 10
        >>> print(auction.explain_call(Seat.EAST, COINCHE))
        there is no bid to coinche
        >>> auction.explain_call(Seat.EAST, Bid(90, Strain.SPADES)) is None
        True
        """
        check_seat(seat)
        _check_call(call)
        return _reason(self._state, self.rules, seat, call)

    def is_legal_call(self, seat: Seat, call: Call) -> bool:
        """True when *seat* may make *call* now.

        >>> from coinche import RuleConfig, Seat, Strain
        >>> from coinche.auction import Auction, Bid
        >>> auction = Auction.start(Seat.NORTH, RuleConfig.common())
        >>> auction.is_legal_call(Seat.EAST, Bid(80, Strain.NO_TRUMP))  # no trump is off
        False
        """
        return self.explain_call(seat, call) is None

    # ------------------------------------------------------------------ making calls
    def apply(self, seat: Seat, call: Call) -> Auction:
        """The auction after *seat* makes *call*; this one is unchanged.

        Raises :class:`~coinche.errors.IllegalCallError` (a :class:`ValueError`) with the
        reason :meth:`explain_call` gives when the call is not legal.

        >>> from coinche import RuleConfig, Seat, Strain
        >>> from coinche.auction import COINCHE, Auction, Bid
        >>> auction = Auction.start(Seat.NORTH, RuleConfig.common())
        >>> auction = auction.apply(Seat.EAST, Bid(100, Strain.HEARTS))
        >>> auction.apply(Seat.WEST, COINCHE)
        Traceback (most recent call last):
        ...
        coinche.errors.IllegalCallError: WEST may not call coinche: the highest bid, 100 H, ...
        """
        reason = self.explain_call(seat, call)
        if reason is not None:
            raise IllegalCallError(seat, call, reason)
        return self.apply_unchecked(seat, call)

    def apply_unchecked(self, seat: Seat, call: Call) -> Auction:
        """The auction after *seat* makes *call*, without checking that it is legal.

        A fast path for trusted loops (simulations, search) whose calls come from
        :meth:`legal_calls`. Given an illegal call the result is unspecified: it may
        hold a state no legal sequence reaches, and constructing an :class:`Auction` from
        its :attr:`calls` would raise. Use :meth:`apply` for calls from outside.

        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import Auction
        >>> auction = Auction.start(Seat.NORTH, RuleConfig.common())
        >>> while not auction.is_over:
        ...     seat = auction.to_move
        ...     assert seat is not None
        ...     auction = auction.apply_unchecked(seat, auction.legal_calls(seat)[-1])
        >>> [str(call) for _, call in auction.calls]  # the top bid, coinche, surcoinche
        ['capot S', 'coinche', 'surcoinche']
        """
        state = _step(self._state, self.rules, seat, call)
        return Auction._build(
            self.dealer, self.rules, (*self.calls, (seat, call)), state, self._bids
        )
