"""What both auctions share (internal; :mod:`coinche.auction` re-exports
:class:`BaseAuction`): the state the calls add up to, the answer to a coinche, the
validators of the dealer and the rules, and :class:`BaseAuction`, whose two kinds are
the coinche auction (:class:`coinche.auction.Auction`, in :mod:`coinche.auction.bidding`)
and the classic one (:class:`coinche.auction.classic.ClassicAuction`).

>>> from coinche.auction import Auction, BaseAuction
>>> from coinche.auction.classic import ClassicAuction
>>> issubclass(Auction, BaseAuction) and issubclass(ClassicAuction, BaseAuction)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Final, Generic, Literal, NamedTuple, Self, TypeVar, cast

import attrs

from coinche._checks import check_seat, check_type, short_repr
from coinche._trusted import Immutable, fill
from coinche.calls import (
    PASS,
    SURCOINCHE,
    AnyCall,
    Bid,
    Call,
    CallBase,
    Coinche,
    Pass,
    Surcoinche,
    call_pairs,
    check_call,
)
from coinche.cards import Strain, Suit
from coinche.config import AuctionKind, RuleConfig
from coinche.contract import Contract, SpecialBid, contract_refusal
from coinche.errors import IllegalCallError, RuleConfigError
from coinche.seats import Seat

__all__ = ["AuctionState", "BaseAuction", "answered", "check_dealer", "check_rules"]


# ---------------------------------------------------------------------- the state
# The phases both auctions share; each numbers its own phases from _OWN_PHASES.
_OVER: Final = 0
_ANSWERING: Final = 1  # after a coinche, the bidding team may surcoinche
_OWN_PHASES: Final = 2
_ANSWERS: Final = (PASS, SURCOINCHE)  # the calls of the seat answering a coinche


class AuctionState(NamedTuple):
    """What the calls so far add up to, in either auction; derived from the calls, never
    compared. Internal (a tuple: the auctions make one at every call)."""

    phase: int
    to_move: Seat | None
    passes: int = 0  # consecutive passes (in the classic auction: in this round)
    taker: Seat | None = None  # the highest bidder; in the classic auction, who took
    bid: Bid | None = None  # the highest bid (coinche auction)
    trump: Suit | None = None  # the turned suit, then the trump chosen (classic auction)
    coincher: Seat | None = None
    multiplier: Literal[1, 2, 4] = 1
    thrown_in: bool = False


def answered(state: AuctionState, seat: Seat, call: CallBase, first: Seat) -> AuctionState:
    """The state after *seat* answers with *call*, where the two players after *first*
    answer in the order of play and *first*'s partner is skipped (see the decisions):
    the bidding team after a coinche, the defenders after the classic taking call."""
    if isinstance(call, Surcoinche):
        return state._replace(phase=_OVER, to_move=None, multiplier=4)
    if seat is first.next:
        return state._replace(to_move=first.previous)
    return state._replace(phase=_OVER, to_move=None)


_C = TypeVar("_C", bound=CallBase)


def check_dealer(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """attrs validator of an auction's dealer (shared with the classic auction)."""
    check_seat(value, "dealer")


def check_rules(
    instance: BaseAuction[Any], attribute: attrs.Attribute[Any], value: object
) -> None:
    """attrs validator of an auction's rules: a RuleConfig of the auction's kind."""
    rules = check_type(value, RuleConfig, "rules")
    if rules.auction is not instance._KIND:
        raise RuleConfigError(f"auction={short_repr(rules.auction.value)}: {instance._NOT_MINE}")


def _rebuild(auction: _A, calls: tuple[Any, ...], state: AuctionState) -> _A:
    """*auction* with *calls* and *state* in place of its own, every other field the
    same (a new call changes only ``calls`` and ``_state``): its field values, copied,
    become the new auction's (an auction class keeps its fields in its ``__dict__``, as
    :class:`~coinche.Deal` does; see coinche._trusted)."""
    new = _new(type(auction))
    fields = auction.__dict__.copy()
    fields["calls"] = calls
    fields["_state"] = state
    fill(new, "__dict__", fields)
    return new


_new: Final = object.__new__
_A = TypeVar("_A", bound="BaseAuction[Any]")


# ---------------------------------------------------------------------- the base
class BaseAuction(Immutable, Generic[_C]):
    """What every auction shares: the surface, the answer to a coinche, the replay.

    :class:`~coinche.auction.Auction` (numeric bids) and
    :class:`~coinche.auction.classic.ClassicAuction` (the turned card) are its two
    kinds; they differ only in their own steps and refusals.
    Both are immutable values holding :attr:`dealer`, :attr:`rules` and :attr:`calls`.
    Every action has the same three methods: :meth:`explain` (the rule that refuses
    it, or ``None``), :meth:`is_legal` and :meth:`apply`, each given the seat and the
    call. A call of the other auction is refused like any illegal call.

    >>> from coinche import Card, RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Auction, BaseAuction, Bid
    >>> from coinche.auction.classic import TAKE, ClassicAuction
    >>> auctions: list[BaseAuction] = [
    ...     Auction.start(Seat.WEST, RuleConfig.common()),
    ...     ClassicAuction.start(Seat.WEST, RuleConfig.classic_belote(), Card.parse("JH")),
    ... ]
    >>> [auction.is_legal(Seat.NORTH, TAKE) for auction in auctions]
    [False, True]
    >>> [auction.explain(Seat.NORTH, PASS) for auction in auctions]
    [None, None]
    >>> print(auctions[0].explain(Seat.NORTH, TAKE))
    take is a call of the classic turned-card auction; these rules (auction='bidding') ...
    >>> auctions[1].apply(Seat.NORTH, Bid(80, Strain.HEARTS))
    Traceback (most recent call last):
    ...
    coinche.errors.IllegalCallError: NORTH may not call 80 H: the classic auction has no ...
    """

    __slots__ = ()

    dealer: Seat
    """The dealer; the seat after the dealer speaks first."""
    rules: RuleConfig
    """The house rules."""
    calls: tuple[tuple[Seat, _C], ...]
    """Every call in the order made, each with the seat that made it."""
    _state: AuctionState

    # What each kind of auction says about itself.
    _KIND: ClassVar[AuctionKind]  # the rules it runs under
    _NOT_MINE: ClassVar[str]  # why other rules are refused
    _OWN: ClassVar[tuple[type[CallBase], ...]]  # its calls
    _TYPE_WORDS: ClassVar[str]  # what its calls are, for a type error
    _ROUNDS: ClassVar[int]  # how many rounds of passes throw the deal in
    _TAKEN: ClassVar[str]  # what a coinche doubles: the bid, the contract

    def __attrs_post_init__(self) -> None:
        self._prepare()
        state = self._first_state()
        for seat, call in self.calls:
            reason = self._reason(state, seat, call)
            if reason is not None:
                raise IllegalCallError(seat, cast(Call, call), reason)
            state = self._next(state, seat, call)
        fill(self, "_state", state)

    def _replayed(self, calls: Iterable[tuple[Seat, AnyCall]]) -> Self:
        """This auction after *calls*, each (seat, call) pair checked in turn."""
        auction = self
        for seat, call in call_pairs(calls, self._TYPE_WORDS):
            auction = auction.apply(seat, call)
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
        """True when nobody bid or took: the deal is thrown in (four passes in the coinche
        auction, four in each round of the classic one).

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
    def contract(self) -> Contract | None:
        """The contract once the auction is over; ``None`` before that or when thrown in.

        Its multiplier is 2 after a coinche, 4 after a surcoinche.

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
        if state.phase != _OVER:
            return None
        return self._contract(state)

    # ------------------------------------------------------------------ legality
    def legal_calls(self, seat: Seat) -> tuple[_C, ...]:
        """Every call *seat* may make now, in a fixed order; empty when it may not call.

        The coinche auction: :data:`PASS` first when legal, then the bids (numbers
        ascending, each in :class:`~coinche.Strain` order, then capot bids, then
        générale bids), then :data:`COINCHE`. With ``coinche_timing='any_time'`` a seat
        not to move gets ``(COINCHE,)`` when it may coinche out of turn. The classic
        auction lists the calls of the seat to move only: ``(PASS, TAKE)`` in round one,
        :data:`PASS` then a :class:`~coinche.auction.classic.NameSuit` for each suit in suit order
        in round two, ``(PASS, COINCHE)`` for a defender after the taking call (the
        coinche option). In either, ``(PASS, SURCOINCHE)`` for the bidder answering a
        coinche.

        >>> from coinche import Card, RuleConfig, Seat, Strain
        >>> from coinche.auction import COINCHE, Auction, Bid
        >>> from coinche.auction.classic import ClassicAuction
        >>> auction = Auction.start(Seat.NORTH, RuleConfig.common())
        >>> auction = auction.apply(Seat.EAST, Bid(150, Strain.CLUBS))
        >>> [str(call) for call in auction.legal_calls(Seat.SOUTH)]
        ['pass', '160 C', '160 D', '160 H', '160 S', 'capot C', 'capot D', 'capot H', ...]
        >>> auction.legal_calls(Seat.SOUTH)[-1], auction.legal_calls(Seat.WEST)
        (Coinche(), ())
        >>> pagat = Auction.start(Seat.NORTH, RuleConfig.pagat())
        >>> pagat.apply(Seat.EAST, Bid(100, Strain.HEARTS)).legal_calls(Seat.NORTH)
        (Coinche(),)
        >>> coinched = auction.apply(Seat.SOUTH, COINCHE)    # West answers first
        >>> coinched.legal_calls(Seat.WEST), coinched.legal_calls(Seat.EAST)
        ((Pass(), Surcoinche()), ())
        >>> classic = ClassicAuction.start(Seat.NORTH, RuleConfig.classic_belote(),
        ...                                Card.parse("7D"))
        >>> classic.legal_calls(Seat.EAST), classic.legal_calls(Seat.SOUTH)
        ((Pass(), Take()), ())
        """
        check_seat(seat)
        return self._legal_calls_of(seat)

    def _legal_calls_of(self, seat: Seat) -> tuple[_C, ...]:
        """:meth:`legal_calls` for a *seat* known to be a :class:`~coinche.Seat`, unchecked:
        the deal's own question about its seat to move (internal).

        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import Auction
        >>> auction = Auction.start(Seat.NORTH, RuleConfig.common())
        >>> auction._legal_calls_of(Seat.EAST) == auction.legal_calls(Seat.EAST)
        True
        """
        state = self._state
        if state.phase == _OVER:
            return ()
        if state.phase == _ANSWERING:
            return cast(tuple[_C, ...], _ANSWERS) if seat is state.to_move else ()
        return self._legal(state, seat)

    def _reason_of(self, seat: Seat, call: CallBase) -> str | None:
        """:meth:`explain_call` for a *seat* and a *call* known to be a
        :class:`~coinche.Seat` and a call of either auction, unchecked: the deal's own
        question about the action it is given (internal).

        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import PASS, Auction
        >>> print(Auction.start(Seat.NORTH, RuleConfig.common())._reason_of(Seat.SOUTH, PASS))
        it is EAST's turn
        """
        return self._reason(self._state, seat, call)

    def explain_call(self, seat: Seat, call: AnyCall) -> str | None:
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
        check_call(call, self._TYPE_WORDS)
        return self._reason(self._state, seat, call)

    def explain(self, seat: Seat, call: AnyCall) -> str | None:
        """The rule that refuses *call* by *seat* now, or ``None``: :meth:`explain_call`,
        named as :meth:`coinche.Deal.explain` is.

        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import SURCOINCHE, Auction
        >>> print(Auction.start(Seat.NORTH, RuleConfig.common()).explain(Seat.EAST, SURCOINCHE))
        there is no coinche to answer
        """
        return self.explain_call(seat, call)

    def is_legal_call(self, seat: Seat, call: AnyCall) -> bool:
        """True when *seat* may make *call* now.

        >>> from coinche import RuleConfig, Seat, Strain
        >>> from coinche.auction import Auction, Bid
        >>> auction = Auction.start(Seat.NORTH, RuleConfig.common())
        >>> auction.is_legal_call(Seat.EAST, Bid(80, Strain.NO_TRUMP))  # no trump is off
        False
        """
        return self.explain_call(seat, call) is None

    def is_legal(self, seat: Seat, call: AnyCall) -> bool:
        """True when *seat* may make *call* now: :meth:`is_legal_call`, named as
        :meth:`coinche.Deal.is_legal` is.

        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import PASS, Auction
        >>> Auction.start(Seat.NORTH, RuleConfig.common()).is_legal(Seat.EAST, PASS)
        True
        """
        return self.explain_call(seat, call) is None

    # ------------------------------------------------------------------ making calls
    def apply(self, seat: Seat, call: AnyCall) -> Self:
        """The auction after *seat* makes *call*; this one is unchanged.

        Raises :class:`~coinche.errors.IllegalCallError` (a :class:`ValueError`) with the
        reason :meth:`explain` gives when the call is not legal.

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
            raise IllegalCallError(seat, cast(Call, call), reason)
        return self.apply_unchecked(seat, call)

    def apply_unchecked(self, seat: Seat, call: AnyCall) -> Self:
        """The auction after *seat* makes *call*, without checking that it is legal.

        A fast path for trusted loops (simulations, search) whose calls come from
        :meth:`legal_calls`. Given an illegal call the result is unspecified: it may
        hold a state no legal sequence reaches, and constructing an auction from its
        :attr:`calls` would raise. A call of the other auction goes through
        :meth:`apply`, which refuses it. Use :meth:`apply` for calls from outside.

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
        if not isinstance(call, self._OWN):
            return self.apply(seat, call)
        state = self._state
        if state.phase == _ANSWERING:  # _next, written out: every call's step
            assert state.coincher is not None
            state = answered(state, seat, call, state.coincher)
        else:
            state = self._step(state, seat, call)
        return _rebuild(self, (*self.calls, (seat, call)), state)

    # ------------------------------------------------------------------ the rules
    def _next(self, state: AuctionState, seat: Seat, call: CallBase) -> AuctionState:
        """The state after *seat* makes *call*, assuming the call is legal."""
        if state.phase == _ANSWERING:
            assert state.coincher is not None
            return answered(state, seat, call, state.coincher)
        return self._step(state, seat, call)

    def _coinched(self, state: AuctionState, seat: Seat) -> AuctionState:
        """The state after *seat* coinches: the bidding team answers when the rules allow
        the contract surcoinched; otherwise the auction is over."""
        if self._doubled(state, 4) is not None:
            return state._replace(phase=_OVER, to_move=None, coincher=seat, multiplier=2)
        return state._replace(phase=_ANSWERING, to_move=seat.next, coincher=seat, multiplier=2)

    def _contract(self, state: AuctionState) -> Contract | None:
        """The contract the calls so far make, at the state's multiplier; ``None`` before
        a seat has bid or taken."""
        stake = self._stake(state)
        if stake is None or state.taker is None:
            return None
        value, strain = stake
        return Contract(state.taker, strain, value, state.multiplier)

    def _doubled(self, state: AuctionState, multiplier: int) -> str | None:
        """Why the rules refuse the contract at stake in *state* at *multiplier*; ``None``
        when they allow it, or when nothing is at stake yet."""
        stake = self._stake(state)
        if stake is None:
            return None
        return contract_refusal(stake[0], stake[1], multiplier, self.rules)

    def _reason(self, state: AuctionState, seat: Seat, call: CallBase) -> str | None:
        """Why *seat* may not make *call* in *state*; ``None`` when it may."""
        if state.phase == _OVER:
            if not state.thrown_in:
                return "the auction is over"
            twice = " twice" if self._ROUNDS == 2 else ""
            return f"the auction is over: all four passed{twice} and the deal is thrown in"
        if not isinstance(call, self._OWN):
            return self._foreign(call)
        if state.phase != _ANSWERING:
            return self._refusal(state, seat, call)
        # answering a coinche: the bidding team passes or surcoinches, in turn
        assert state.coincher is not None
        assert state.taker is not None
        assert state.to_move is not None
        if isinstance(call, Coinche):
            return f"the {self._TAKEN} is already coinched (by {state.coincher.name})"
        if isinstance(call, Surcoinche):
            bidders = state.taker.team
            if seat.team is not bidders:
                first, second = bidders.seats
                return f"only the bidding team, {first.name} and {second.name}, may surcoinche"
        elif not isinstance(call, Pass):  # a bid, a take, a named suit
            return self._closed(state)
        if seat is not state.to_move:
            return f"it is {state.to_move.name}'s turn"
        return None

    # What each kind of auction adds.
    def _prepare(self) -> None:
        """Set what the auction derives from its rules, before its calls are replayed."""

    def _first_state(self) -> AuctionState:
        raise NotImplementedError

    def _step(self, state: AuctionState, seat: Seat, call: CallBase) -> AuctionState:
        """The state after one of this auction's own calls, outside the answer to a coinche."""
        raise NotImplementedError

    def _refusal(self, state: AuctionState, seat: Seat, call: CallBase) -> str | None:
        """Why *seat* may not make its own *call*, outside the answer to a coinche."""
        raise NotImplementedError

    def _legal(self, state: AuctionState, seat: Seat) -> tuple[_C, ...]:
        """The legal calls outside the answer to a coinche."""
        raise NotImplementedError

    def _stake(self, state: AuctionState) -> tuple[int | SpecialBid, Strain] | None:
        """The value and strain of the contract the calls are about, if any."""
        raise NotImplementedError

    def _foreign(self, call: CallBase) -> str:
        """Why a call of the other auction is refused."""
        raise NotImplementedError

    def _closed(self, state: AuctionState) -> str:
        """Why a bid (or a take) is refused once the bid (or the take) is coinched."""
        raise NotImplementedError
