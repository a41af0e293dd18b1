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

This auction and the classic turned-card one (:class:`coinche.auction.classic.ClassicAuction`)
are two kinds of :class:`BaseAuction`: the same surface (:meth:`~BaseAuction.apply`,
:meth:`~BaseAuction.explain`, :meth:`~BaseAuction.is_legal`,
:meth:`~BaseAuction.legal_calls`, :attr:`~BaseAuction.contract`...) and the same
answer to a coinche; each has its own steps and refusals. Either refuses the other's
calls as illegal (an :class:`~coinche.errors.IllegalCallError`), so a deal never needs
to ask which one it runs.

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
- Which bids, strains and multipliers a rule set allows is
  :func:`~coinche.contract.allowed_contract`'s to say: a bid is refused in its words.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterable
from typing import Final, Self

import attrs
from typing_extensions import override

from coinche._trusted import fill
from coinche.auction._base import (
    _OVER,
    _OWN_PHASES,
    AuctionState,
    BaseAuction,
    check_dealer,
    check_rules,
)
from coinche.calls import (
    CALL_TYPES,
    COINCHE,
    PASS,
    AnyCall,
    Bid,
    Call,
    CallBase,
    Coinche,
    Surcoinche,
    call_pairs,
)
from coinche.cards import Strain
from coinche.config import AuctionKind, CoincheTiming, RuleConfig
from coinche.contract import CAPOT, GENERALE, SpecialBid, contract_refusal
from coinche.seats import Seat

__all__ = ["Auction"]  # the calls are coinche.calls's, the base _base's: see the package


# ---------------------------------------------------------------------- the coinche auction
_BIDDING: Final = _OWN_PHASES
_state: Final = tuple.__new__  # an AuctionState of all its fields, without a Python call


@attrs.frozen
class _Ladder:
    """Every bid the rules allow, in legal_calls order, with each bid's rank, and why a
    coinche of a bid of each rank is refused (``None``: it may be coinched).

    Its bids are the ones :meth:`Auction.legal_calls` lists, the same objects each time:
    ``rank`` gives the points of each by its ``id`` (a bid found there is one the rules
    allow: the auction asks :func:`~coinche.contract.contract_refusal` only of the
    others), and ``listed`` the legal calls of the seat to move, made once for each
    highest bid and each answer to whether it may coinche."""

    bids: tuple[Bid, ...]
    points: tuple[int, ...]
    no_coinche: dict[int, str | None]
    rank: dict[int, int] = attrs.field(init=False)
    listed: dict[tuple[int, bool], tuple[Call, ...]] = attrs.field(init=False, factory=dict)

    @rank.default
    def _rank(self) -> dict[int, int]:
        return {id(bid): points for bid, points in zip(self.bids, self.points, strict=True)}

    def above(self, points: int) -> tuple[Bid, ...]:
        return self.bids[bisect.bisect_right(self.points, points) :]

    def legal(self, points: int, can_coinche: bool) -> tuple[Call, ...]:
        """Pass, the bids above *points* (-1: every bid), and a coinche if it may."""
        key = (points, can_coinche)
        found = self.listed.get(key)
        if found is None:
            bids = self.above(points)
            found = (PASS, *bids, COINCHE) if can_coinche else (PASS, *bids)
            self.listed[key] = found
        return found


@functools.lru_cache(maxsize=64)
def _ladder(rules: RuleConfig) -> _Ladder:
    values = (*rules.numeric_bids(), CAPOT, GENERALE)
    bids = tuple(
        Bid(value, strain)
        for value in values
        for strain in Strain
        if contract_refusal(value, strain, 1, rules) is None
    )
    # the multiplier's rules look at the value only: one answer for each rank
    no_coinche = {bid.points: contract_refusal(bid.value, bid.strain, 2, rules) for bid in bids}
    return _Ladder(bids, tuple(bid.points for bid in bids), no_coinche)


_CALL_WORDS: Final = (
    "a call is a Pass, Bid, Coinche or Surcoinche (see parse_call; or, in the classic "
    "auction, a Take or NameSuit)"
)


def _to_calls(value: Iterable[tuple[Seat, Call]]) -> tuple[tuple[Seat, Call], ...]:
    return call_pairs(value, _CALL_WORDS)


_DEFAULT_RULES: Final = RuleConfig()
_OTHER_RULES: Final = (
    "the turned-card auction (section 8 of the rules page) is not part of this module but "
    "coinche.auction.classic.ClassicAuction; coinche.auction runs the bidding auction only"
)


@attrs.frozen(slots=False)  # fields in __dict__: a call copies them (see _base)
class Auction(BaseAuction[Call]):
    """A coinche auction: the dealer, the rules, and every call made, with its caller.

    Immutable: :meth:`apply` returns a new auction. Constructing one directly, or with
    :meth:`replay`, checks every call; :meth:`start` opens an empty one. A rule set with
    ``auction='turned_card'`` raises :class:`~coinche.RuleConfigError`: the classic
    turned-card auction is :class:`coinche.auction.classic.ClassicAuction`. The surface it
    shares with that one is :class:`BaseAuction`'s.

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
    rules: RuleConfig = attrs.field(validator=check_rules)
    """The house rules: bid values, strains, coinche and surcoinche options."""
    calls: tuple[tuple[Seat, Call], ...] = attrs.field(default=(), converter=_to_calls)
    """Every call in the order made, each with the seat that made it."""
    _state: AuctionState = attrs.field(init=False, eq=False, repr=False)
    _bids: _Ladder = attrs.field(init=False, eq=False, repr=False)

    # this kind of auction: its rules, its calls, its rounds, what a coinche doubles
    _KIND, _OWN, _ROUNDS, _TAKEN = AuctionKind.BIDDING, CALL_TYPES, 1, "bid"
    _TYPE_WORDS, _NOT_MINE = _CALL_WORDS, _OTHER_RULES

    # ------------------------------------------------------------------ constructors
    @classmethod
    def start(cls, dealer: Seat, rules: RuleConfig = _DEFAULT_RULES) -> Self:
        """A new auction, before any call; the seat after *dealer* speaks first.

        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import Auction
        >>> Auction.start(Seat.SOUTH, RuleConfig.ffb()).to_move
        <Seat.WEST: 3>
        """
        return cls(dealer, rules)

    @classmethod
    def replay(
        cls, dealer: Seat, rules: RuleConfig, calls: Iterable[tuple[Seat, AnyCall]]
    ) -> Self:
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
        return cls.start(dealer, rules)._replayed(calls)

    # ------------------------------------------------------------------ state
    @property
    def highest_bid(self) -> tuple[Seat, Bid] | None:
        """The highest bid so far and the seat that made it; ``None`` before any bid.

        >>> from coinche import RuleConfig, Seat, Strain
        >>> from coinche.auction import Auction, Bid
        >>> auction = Auction.start(Seat.NORTH, RuleConfig())
        >>> auction.apply(Seat.EAST, Bid(90, Strain.CLUBS)).highest_bid
        (<Seat.EAST: 1>, Bid(value=90, strain=<Strain.CLUBS: 0>))
        """
        state = self._state
        if state.bid is None:
            return None
        assert state.taker is not None
        return (state.taker, state.bid)

    # ------------------------------------------------------------------ the rules
    @override
    def _prepare(self) -> None:
        fill(self, "_bids", _ladder(self.rules))

    @override
    def _first_state(self) -> AuctionState:
        return AuctionState(_BIDDING, self.dealer.next)

    @override
    def _step(self, state: AuctionState, seat: Seat, call: CallBase) -> AuctionState:
        # the two states of every call, a bid and a pass going on, as whole tuples
        # (phase, to_move, passes, taker, bid, trump, coincher, multiplier, thrown_in)
        if isinstance(call, Bid):
            return _state(AuctionState, (_BIDDING, seat.next, 0, seat, call, None, None, 1, False))
        if isinstance(call, Coinche):
            return self._coinched(state, seat)
        passes = state.passes + 1
        bid = state.bid
        if bid is None and passes == 4:
            return AuctionState(_OVER, None, thrown_in=True)
        if bid is not None and passes == 3:
            return state._replace(phase=_OVER, to_move=None)
        return _state(
            AuctionState, (_BIDDING, seat.next, passes, state.taker, bid, None, None, 1, False)
        )

    @override
    def _stake(self, state: AuctionState) -> tuple[int | SpecialBid, Strain] | None:
        bid = state.bid
        return None if bid is None else (bid.value, bid.strain)

    @override
    def _refusal(self, state: AuctionState, seat: Seat, call: CallBase) -> str | None:
        if isinstance(call, Coinche):
            return self._coinche_reason(state, seat)
        if isinstance(call, Surcoinche):
            # no coinche to answer; but first the rule that forbids it altogether, if any
            return self._doubled(state, 4) or "there is no coinche to answer"
        if seat is not state.to_move:
            assert state.to_move is not None
            return f"it is {state.to_move.name}'s turn"
        if isinstance(call, Bid):
            return self._bid_reason(state, seat, call)
        return None

    def _bid_reason(self, state: AuctionState, seat: Seat, bid: Bid) -> str | None:
        points = self._bids.rank.get(id(bid))  # one of the ladder's: the rules allow it
        if points is None:
            refused = contract_refusal(bid.value, bid.strain, 1, self.rules)
            if refused is not None:
                return refused
            points = bid.points
        highest = state.bid
        if highest is not None and points <= highest.points:
            value = bid.value
            shown = value.value if isinstance(value, SpecialBid) else value
            assert state.taker is not None
            return f"{shown} is not higher than the highest bid, {highest} by {state.taker.letter}"
        return None

    def _coinche_reason(self, state: AuctionState, seat: Seat) -> str | None:
        bid = state.bid
        if bid is None:
            return "there is no bid to coinche"
        refused = self._bids.no_coinche.get(bid.points)  # coinche off; a capot bid
        if refused is not None:
            return refused
        bidder = state.taker
        assert bidder is not None
        if bidder.team is seat.team:
            who = "your own" if bidder is seat else f"your partner {bidder.name}'s"
            return f"the highest bid, {bid}, is {who}; only an opponent may coinche"
        if seat is not state.to_move and self.rules.coinche_timing is CoincheTiming.IN_TURN:
            assert state.to_move is not None
            return (
                f"it is {state.to_move.name}'s turn, and a coinche is made only in turn "
                "(coinche_timing is 'in_turn')"
            )
        return None

    @override
    def _legal(self, state: AuctionState, seat: Seat) -> tuple[Call, ...]:
        can_coinche = self._coinche_reason(state, seat) is None
        if seat is not state.to_move:
            return (COINCHE,) if can_coinche else ()
        highest = state.bid
        return self._bids.legal(-1 if highest is None else highest.points, can_coinche)

    @override
    def _foreign(self, call: CallBase) -> str:
        return (
            f"{call} is a call of the classic turned-card auction; these rules "
            "(auction='bidding') bid numbers"
        )

    @override
    def _closed(self, state: AuctionState) -> str:
        return "the bid has been coinched: nobody may bid any more"
