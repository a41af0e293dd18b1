"""The classic belote auction (rules page, section 8): take the turned suit, name a suit, pass.

In classic belote (seed 001, the ``classic_belote`` preset, ``auction='turned_card'``)
nobody bids a number. After five cards each, the next card of the stock is turned up.
Round one, from the seat after the dealer: :class:`Take` the turned card's suit as
trumps, or :class:`~coinche.auction.Pass`. If all four pass, round two: name any suit
(:class:`NameSuit`) or pass. If all four pass again, the deal is thrown in. The taker's
team then needs 82 points: the contract's value is :attr:`~coinche.RuleConfig.min_bid`.

A :class:`ClassicAuction` is a :class:`coinche.auction.BaseAuction`, as the coinche
auction is: :meth:`~ClassicAuction.start`, :meth:`~ClassicAuction.apply` (raising
:class:`~coinche.IllegalCallError`), :meth:`~ClassicAuction.explain`,
:meth:`~ClassicAuction.legal_calls`, :attr:`~ClassicAuction.contract`,
:attr:`~ClassicAuction.thrown_in` and so on, and the same answer to a coinche.
:func:`parse_classic_call` reads the text ``str()`` gives back.

>>> from coinche import Card, RuleConfig, Seat
>>> from coinche.auction import PASS
>>> from coinche.auction.classic import TAKE, ClassicAuction, NameSuit, parse_classic_call
>>> auction = ClassicAuction.start(Seat.WEST, RuleConfig.classic_belote(), Card.parse("JH"))
>>> auction.to_move, auction.legal_calls(Seat.NORTH)  # the seat after the dealer speaks
(<Seat.NORTH: 0>, (Pass(), Take()))
>>> auction = auction.apply(Seat.NORTH, PASS).apply(Seat.EAST, TAKE)
>>> auction.is_over, str(auction.contract)
(True, '82 H by E')
>>> [str(call) for _, call in auction.calls]
['pass', 'take']
>>> parse_classic_call("Name spades")
NameSuit(suit=<Suit.SPADES: 3>)

Decisions (points the rule books leave open; each is documented behaviour):

- **decision** (rules page, section 9): round two allows any suit, the turned one included.
- **decision**: the contract's value is :attr:`~coinche.RuleConfig.min_bid` (82 in
  ``classic_belote``) and its multiplier 1, unless the coinche option is on.
- **decision**, the coinche option (seed 001's Coinche paragraph): with
  :attr:`~coinche.RuleConfig.allow_coinche` on (``attrs.evolve(classic_belote(),
  allow_coinche=True)``), the taking call (take or name) does not end the auction at
  once: the two defenders, in the order of play after the taker, may each coinche or
  pass, in turn (the taker's partner is skipped). A coinche makes the multiplier 2;
  with :attr:`~coinche.RuleConfig.allow_surcoinche` the bidding team then answers as
  in the coinche auction (the two bidders in the order of play after the coincher,
  surcoinche for a multiplier of 4, or pass). Two passes of the defenders end the
  auction at multiplier 1. :attr:`~coinche.RuleConfig.coinche_timing` does not apply:
  here a coinche is always made in turn.
- :meth:`ClassicAuction.legal_calls` lists :data:`~coinche.auction.PASS` first, then
  :data:`TAKE` (round one), or the four :class:`NameSuit` calls in suit order (round
  two), or :data:`~coinche.auction.COINCHE` / :data:`~coinche.auction.SURCOINCHE`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, Self

import attrs
from typing_extensions import override

from coinche._checks import check_type
from coinche.auction._base import (
    _OVER,
    _OWN_PHASES,
    AuctionState,
    BaseAuction,
    answered,
    check_dealer,
    check_rules,
)
from coinche.calls import (
    CLASSIC_TYPES,
    COINCHE,
    NAME_CALLS,
    PASS,
    TAKE,
    AnyCall,
    CallBase,
    ClassicCall,
    Coinche,
    NameSuit,
    Pass,
    Surcoinche,
    Take,
    call_pairs,
    parse_any_call,
    parse_classic_call,
)
from coinche.cards import Card, Strain, Suit
from coinche.config import AuctionKind, RuleConfig
from coinche.contract import SpecialBid
from coinche.seats import Seat

__all__ = [
    "TAKE",
    "AnyCall",
    "ClassicAuction",
    "ClassicCall",
    "NameSuit",
    "Take",
    "parse_any_call",
    "parse_classic_call",
]


# ---------------------------------------------------------------------- the state
_ROUND_ONE: Final = _OWN_PHASES
_ROUND_TWO: Final = _OWN_PHASES + 1
_DOUBLING: Final = _OWN_PHASES + 2  # with allow_coinche: the defenders may coinche the take

_LEGAL: Final[dict[int, tuple[ClassicCall, ...]]] = {
    _ROUND_ONE: (PASS, TAKE),
    _ROUND_TWO: (PASS, *NAME_CALLS),
    _DOUBLING: (PASS, COINCHE),
}
_SUIT_WORDS: Final = ("clubs", "diamonds", "hearts", "spades")
_OTHER_RULES: Final = (
    "ClassicAuction runs the turned-card auction (section 8 of the rules page) only; "
    "numeric bidding is coinche.auction.Auction"
)
_CALL_WORDS: Final = (
    "a call of the classic auction is a Pass, Take, NameSuit, Coinche or Surcoinche "
    "(see parse_classic_call)"
)


def _to_calls(value: Iterable[tuple[Seat, ClassicCall]]) -> tuple[tuple[Seat, ClassicCall], ...]:
    return call_pairs(value, _CALL_WORDS)


def _check_turned(
    instance: ClassicAuction, attribute: attrs.Attribute[Any], value: object
) -> None:
    check_type(value, Card, "the turned card")


# ---------------------------------------------------------------------- the auction
@attrs.frozen(slots=False)  # fields in __dict__: a call copies them (see _base)
class ClassicAuction(BaseAuction[ClassicCall]):
    """A classic belote auction: the dealer, the rules, the turned card and every call.

    Immutable: :meth:`apply` returns a new auction. Constructing one directly, or with
    :meth:`replay`, checks every call; :meth:`start` opens an empty one. The rules must
    use ``auction='turned_card'`` (:class:`~coinche.RuleConfigError` otherwise). The
    surface it shares with the coinche auction is :class:`~coinche.auction.BaseAuction`'s.

    Round one, from the seat after the dealer: :data:`TAKE` or pass; four passes open
    round two, from the seat after the dealer again: :class:`NameSuit` or pass; four
    passes more throw the deal in. A take or a named suit ends the auction (see the
    module's decisions for the coinche option).

    >>> from coinche import Card, RuleConfig, Seat, Suit
    >>> from coinche.auction import PASS
    >>> from coinche.auction.classic import ClassicAuction, NameSuit
    >>> auction = ClassicAuction.start(Seat.NORTH, RuleConfig.classic_belote(),
    ...                                Card.parse("7D"))
    >>> for seat in Seat.EAST.cycle():         # round one: all pass
    ...     auction = auction.apply(seat, PASS)
    >>> auction.round, [str(call) for call in auction.legal_calls(Seat.EAST)]
    (2, ['pass', 'name C', 'name D', 'name H', 'name S'])
    >>> auction = auction.apply(Seat.EAST, NameSuit(Suit.SPADES))
    >>> auction.contract
    Contract(taker=<Seat.EAST: 1>, strain=<Strain.SPADES: 3>, value=82, multiplier=1)
    >>> auction.apply(Seat.SOUTH, PASS)
    Traceback (most recent call last):
    ...
    coinche.errors.IllegalCallError: SOUTH may not call pass: the auction is over
    """

    dealer: Seat = attrs.field(validator=check_dealer)
    """The dealer; the seat after the dealer speaks first in each round."""
    rules: RuleConfig = attrs.field(validator=check_rules)
    """The house rules (``auction='turned_card'``)."""
    turned: Card = attrs.field(validator=_check_turned)
    """The card turned up after the first five cards: its suit is on offer in round one."""
    calls: tuple[tuple[Seat, ClassicCall], ...] = attrs.field(default=(), converter=_to_calls)
    """Every call in the order made, each with the seat that made it."""
    _state: AuctionState = attrs.field(init=False, eq=False, repr=False)

    # this kind of auction: its rules, its calls, its rounds, what a coinche doubles
    _KIND, _OWN, _ROUNDS, _TAKEN = AuctionKind.TURNED_CARD, CLASSIC_TYPES, 2, "contract"
    _TYPE_WORDS, _NOT_MINE = _CALL_WORDS, _OTHER_RULES

    # ------------------------------------------------------------------ constructors
    @classmethod
    def start(cls, dealer: Seat, rules: RuleConfig, turned: Card) -> Self:
        """A new auction, before any call; the seat after *dealer* speaks first.

        >>> from coinche import Card, RuleConfig, Seat
        >>> from coinche.auction.classic import ClassicAuction
        >>> ClassicAuction.start(Seat.SOUTH, RuleConfig.classic_belote(), Card.parse("AS")).to_move
        <Seat.WEST: 3>
        """
        return cls(dealer, rules, turned)

    @classmethod
    def replay(
        cls,
        dealer: Seat,
        rules: RuleConfig,
        turned: Card,
        calls: Iterable[tuple[Seat, AnyCall]],
    ) -> Self:
        """The auction after *calls*, each (seat, call) pair checked in turn.

        Raises :class:`~coinche.IllegalCallError` at the first illegal call.

        >>> from coinche import Card, RuleConfig, Seat, Suit
        >>> from coinche.auction import PASS
        >>> from coinche.auction.classic import ClassicAuction, NameSuit
        >>> N, E, S, W = Seat
        >>> ClassicAuction.replay(W, RuleConfig.classic_belote(), Card.parse("9C"),
        ...                       [(N, PASS), (E, NameSuit(Suit.HEARTS))])
        Traceback (most recent call last):
        ...
        coinche.errors.IllegalCallError: EAST may not call name H: round one offers only ...
        """
        return cls.start(dealer, rules, turned)._replayed(calls)

    # ------------------------------------------------------------------ state
    @property
    def round(self) -> int:
        """1 or 2 while the trumps are still to be chosen; 0 after that (taken, or
        thrown in).

        >>> from coinche import Card, RuleConfig, Seat
        >>> from coinche.auction.classic import ClassicAuction
        >>> ClassicAuction.start(Seat.NORTH, RuleConfig.classic_belote(), Card.parse("7D")).round
        1
        """
        phase = self._state.phase
        return phase - _ROUND_ONE + 1 if phase in (_ROUND_ONE, _ROUND_TWO) else 0

    @property
    def taker(self) -> Seat | None:
        """The seat that took or named the trumps; ``None`` before that and when thrown in.

        >>> from coinche import Card, RuleConfig, Seat
        >>> from coinche.auction.classic import TAKE, ClassicAuction
        >>> auction = ClassicAuction.start(Seat.NORTH, RuleConfig.classic_belote(),
        ...                                Card.parse("7D"))
        >>> auction.taker, auction.apply(Seat.EAST, TAKE).taker
        (None, <Seat.EAST: 1>)
        """
        return self._state.taker

    @property
    def trump(self) -> Suit | None:
        """The trump suit once a seat has taken or named it; ``None`` before that.

        >>> from coinche import Card, RuleConfig, Seat, Suit
        >>> from coinche.auction import PASS
        >>> from coinche.auction.classic import ClassicAuction, NameSuit
        >>> N, E, S, W = Seat
        >>> calls = [(seat, PASS) for seat in (E, S, W, N)]   # round one: all pass
        >>> rules = RuleConfig.classic_belote()
        >>> auction = ClassicAuction.replay(N, rules, Card.parse("7D"), calls)
        >>> auction.trump, auction.apply(E, NameSuit(Suit.SPADES)).trump
        (None, <Suit.SPADES: 3>)
        """
        state = self._state
        return state.trump if state.taker is not None else None

    # ------------------------------------------------------------------ the rules
    @override
    def _first_state(self) -> AuctionState:
        return AuctionState(_ROUND_ONE, self.dealer.next, trump=self.turned.suit)

    @override
    def _step(self, state: AuctionState, seat: Seat, call: CallBase) -> AuctionState:
        if isinstance(call, (Take, NameSuit)):
            suit = call.suit if isinstance(call, NameSuit) else state.trump
            taken = AuctionState(_DOUBLING, seat.next, taker=seat, trump=suit)
            if self._doubled(taken, 2) is not None:  # no coinche: the take ends the auction
                return taken._replace(phase=_OVER, to_move=None)
            return taken
        if isinstance(call, Coinche):
            return self._coinched(state, seat)
        if state.phase == _DOUBLING:  # the defenders answer the take
            assert state.taker is not None
            return answered(state, seat, call, state.taker)
        passes = state.passes + 1
        if passes < 4:
            return state._replace(to_move=seat.next, passes=passes)
        if state.phase == _ROUND_ONE:
            return state._replace(phase=_ROUND_TWO, to_move=self.dealer.next, passes=0)
        return AuctionState(_OVER, None, thrown_in=True)

    @override
    def _stake(self, state: AuctionState) -> tuple[int | SpecialBid, Strain] | None:
        # the turned suit, then the suit taken or named, at the classic target
        trump = state.trump
        return None if trump is None else (self.rules.min_bid, Strain.from_suit(trump))

    @override
    def _refusal(self, state: AuctionState, seat: Seat, call: CallBase) -> str | None:
        if isinstance(call, (Coinche, Surcoinche)):
            # the contract coinched or surcoinched: the rules may not allow it at all
            refused = self._doubled(state, 2 if isinstance(call, Coinche) else 4)
            if refused is not None:
                return refused
        if seat is not state.to_move:
            assert state.to_move is not None
            return f"it is {state.to_move.name}'s turn"
        phase = state.phase
        if isinstance(call, Pass):
            return None
        if isinstance(call, (Take, NameSuit)):
            if state.taker is not None:
                return self._closed(state)
            if isinstance(call, Take) and phase == _ROUND_TWO:
                return "the turned suit is taken in round one; in round two name a suit or pass"
            if isinstance(call, NameSuit) and phase == _ROUND_ONE:
                assert state.trump is not None
                return (
                    f"round one offers only the turned suit, {_SUIT_WORDS[state.trump]}: "
                    "take or pass; a suit is named in round two"
                )
            return None
        if phase == _DOUBLING:
            if isinstance(call, Coinche):
                return None
            return "the contract is not coinched: there is nothing to surcoinche"
        return f"nobody has taken yet: there is nothing to {call}"

    @override
    def _legal(self, state: AuctionState, seat: Seat) -> tuple[ClassicCall, ...]:
        return _LEGAL[state.phase] if seat is state.to_move else ()

    @override
    def _foreign(self, call: CallBase) -> str:
        return (
            "the classic auction has no numeric bids: take the turned suit (round one), "
            "name a suit (round two) or pass"
        )

    @override
    def _closed(self, state: AuctionState) -> str:
        assert state.taker is not None
        assert state.trump is not None
        return f"the trumps are chosen: {state.taker.name} took {_SUIT_WORDS[state.trump]}"
