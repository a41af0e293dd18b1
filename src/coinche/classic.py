"""The classic belote auction (rules page, section 8): take the turned suit, name a suit, pass.

In classic belote (seed 001, the ``classic_belote`` preset, ``auction='turned_card'``)
nobody bids a number. After five cards each, the next card of the stock is turned up.
Round one, from the seat after the dealer: :class:`Take` the turned card's suit as
trumps, or :class:`~coinche.auction.Pass`. If all four pass, round two: name any suit
(:class:`NameSuit`) or pass. If all four pass again, the deal is thrown in. The taker's
team then needs 82 points: the contract's value is :attr:`~coinche.RuleConfig.min_bid`.

A :class:`ClassicAuction` has the surface of :class:`coinche.auction.Auction`:
:meth:`~ClassicAuction.start`, :meth:`~ClassicAuction.apply` (raising
:class:`~coinche.IllegalCallError`), :meth:`~ClassicAuction.legal_calls`,
:attr:`~ClassicAuction.contract`, :attr:`~ClassicAuction.thrown_in` and so on.
:func:`parse_classic_call` reads the text ``str()`` gives back.

>>> from coinche import Card, RuleConfig, Seat
>>> from coinche.auction import PASS
>>> from coinche.classic import TAKE, ClassicAuction, NameSuit, parse_classic_call
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
from typing import Any, Final, Literal, TypeAlias, cast

import attrs

from coinche._checks import short_repr
from coinche.auction import (
    COINCHE,
    PASS,
    SURCOINCHE,
    Bid,
    Call,
    Coinche,
    Pass,
    Surcoinche,
    call_pairs,
    check_dealer,
    check_seat,
)
from coinche.cards import Card, Strain, Suit
from coinche.config import AuctionKind, RuleConfig
from coinche.contract import Contract
from coinche.errors import CoincheTypeError, IllegalCallError, NotationError, RuleConfigError
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


# ---------------------------------------------------------------------- the calls
@attrs.frozen
class Take:
    """Round one: take the turned card's suit as trumps.

    >>> from coinche.classic import TAKE, Take
    >>> str(Take()), Take() == TAKE
    ('take', True)
    """

    def __str__(self) -> str:
        return "take"


def _check_suit(instance: NameSuit, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not Suit:
        raise CoincheTypeError(f"a named suit must be a Suit, not {short_repr(value)}")


@attrs.frozen
class NameSuit:
    """Round two: name *suit* as trumps (any suit, the turned one included).

    >>> from coinche import Suit
    >>> from coinche.classic import NameSuit
    >>> str(NameSuit(Suit.CLUBS))
    'name C'
    >>> NameSuit("C")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: a named suit must be a Suit, not 'C'
    """

    suit: Suit = attrs.field(validator=_check_suit)
    """The suit named as trumps."""

    def __str__(self) -> str:
        return f"name {self.suit.letter}"


ClassicCall: TypeAlias = Pass | Take | NameSuit | Coinche | Surcoinche
"""A call of the classic auction: pass, take, name a suit (and, with the coinche option,
coinche and surcoinche)."""

AnyCall: TypeAlias = Call | Take | NameSuit
"""A call of either auction: :data:`coinche.auction.Call` or :data:`ClassicCall`."""

TAKE: Final = Take()
"""The take call."""

_NAME_CALLS: Final = tuple(NameSuit(suit) for suit in Suit)
_CLASSIC_TYPES: Final = (Pass, Take, NameSuit, Coinche, Surcoinche)
_ANY_TYPES: Final = (*_CLASSIC_TYPES, Bid)
_WORD_CALLS: Final[dict[str, ClassicCall]] = {
    "pass": PASS,
    "take": TAKE,
    "coinche": COINCHE,
    "surcoinche": SURCOINCHE,
}


def parse_classic_call(text: str) -> ClassicCall:
    """Read a classic call written as ``str()`` writes it, in any case.

    ``pass``, ``take``, ``name`` then a suit (a letter, symbol or name), ``coinche``,
    ``surcoinche``.

    >>> from coinche.classic import parse_classic_call
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
    if not isinstance(text, str):
        raise CoincheTypeError(f"a call is read from a str, not {type(text).__name__}")
    words = text.split()
    found = _WORD_CALLS.get(" ".join(words).lower())
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
        return _NAME_CALLS[suit]
    raise NotationError(
        f"cannot read {short_repr(text)} as a classic call (expected pass, take, name and a suit "
        "such as 'name H', coinche or surcoinche)"
    )


def parse_any_call(text: str) -> AnyCall:
    """Read a call of either auction: a classic call (``take``, ``name H``) or one that
    :func:`coinche.auction.parse_call` reads (``pass``, ``100 H``, ``coinche``...).

    >>> from coinche.classic import parse_any_call
    >>> parse_any_call("take"), parse_any_call("80 S")
    (Take(), Bid(value=80, strain=<Strain.SPADES: 3>))
    """
    from coinche.auction import parse_call

    if not isinstance(text, str):
        raise CoincheTypeError(f"a call is read from a str, not {type(text).__name__}")
    words = text.split()
    if words and words[0].lower() in ("take", "name"):
        return parse_classic_call(text)
    return parse_call(text)


# ---------------------------------------------------------------------- the state
_ROUND_ONE: Final = 0
_ROUND_TWO: Final = 1
_DOUBLING: Final = 2  # with allow_coinche: the defenders may coinche the taking call
_ANSWERING: Final = 3  # after a coinche, with allow_surcoinche: the bidders may answer
_OVER: Final = 4

_LEGAL: Final[dict[int, tuple[ClassicCall, ...]]] = {
    _ROUND_ONE: (PASS, TAKE),
    _ROUND_TWO: (PASS, *_NAME_CALLS),
    _DOUBLING: (PASS, COINCHE),
    _ANSWERING: (PASS, SURCOINCHE),
}


@attrs.frozen
class _State:
    """What the calls so far add up to; derived from the calls, never compared."""

    phase: int
    to_move: Seat | None
    passes: int = 0  # passes in the current round
    taker: Seat | None = None
    trump: Suit | None = None
    coincher: Seat | None = None
    multiplier: Literal[1, 2, 4] = 1
    thrown_in: bool = False


def _taken(rules: RuleConfig, seat: Seat, suit: Suit) -> _State:
    if rules.allow_coinche:
        return _State(_DOUBLING, seat.next, taker=seat, trump=suit)
    return _State(_OVER, None, taker=seat, trump=suit)


def _step(state: _State, rules: RuleConfig, dealer: Seat, seat: Seat, call: AnyCall) -> _State:
    """The state after *seat* makes *call*, assuming the call is legal."""
    phase = state.phase
    if isinstance(call, Take):
        assert state.trump is not None  # the turned suit, set by start
        return _taken(rules, seat, state.trump)
    if isinstance(call, NameSuit):
        return _taken(rules, seat, call.suit)
    if isinstance(call, Coinche):
        if not rules.allow_surcoinche:
            return attrs.evolve(state, phase=_OVER, to_move=None, coincher=seat, multiplier=2)
        return attrs.evolve(
            state, phase=_ANSWERING, to_move=seat.next, coincher=seat, multiplier=2
        )
    if isinstance(call, Surcoinche):
        return attrs.evolve(state, phase=_OVER, to_move=None, multiplier=4)
    # a pass
    if phase in (_ROUND_ONE, _ROUND_TWO):
        passes = state.passes + 1
        if passes < 4:
            return attrs.evolve(state, to_move=seat.next, passes=passes)
        if phase == _ROUND_ONE:
            return attrs.evolve(state, phase=_ROUND_TWO, to_move=dealer.next, passes=0)
        return _State(_OVER, None, thrown_in=True)
    # answering: the first of two players passed; the second (skipping a partner) speaks
    first = state.taker if phase == _DOUBLING else state.coincher
    assert first is not None
    if seat is first.next:
        return attrs.evolve(state, to_move=first.previous)
    return attrs.evolve(state, phase=_OVER, to_move=None)


_SUIT_WORDS: Final = ("clubs", "diamonds", "hearts", "spades")


def _reason(state: _State, rules: RuleConfig, seat: Seat, call: AnyCall) -> str | None:
    """Why *seat* may not make *call* in *state*; ``None`` when it may."""
    phase = state.phase
    if phase == _OVER:
        if state.thrown_in:
            return "the auction is over: all four passed twice and the deal is thrown in"
        return "the auction is over"
    if isinstance(call, Bid):
        return (
            "the classic auction has no numeric bids: take the turned suit (round one), "
            "name a suit (round two) or pass"
        )
    if isinstance(call, Coinche) and not rules.allow_coinche:
        return "coinche is not allowed (allow_coinche is off)"
    if isinstance(call, Surcoinche) and not rules.allow_surcoinche:
        return "surcoinche is not allowed (allow_surcoinche is off)"
    if seat is not state.to_move:
        assert state.to_move is not None
        return f"it is {state.to_move.name}'s turn"
    if isinstance(call, Pass):
        return None
    taker = state.taker
    if taker is not None and isinstance(call, (Take, NameSuit)):
        assert state.trump is not None
        return f"the trumps are chosen: {taker.name} took {_SUIT_WORDS[state.trump]}"
    if isinstance(call, Take):
        if phase == _ROUND_TWO:
            return "the turned suit is taken in round one; in round two name a suit or pass"
        return None
    if isinstance(call, NameSuit):
        if phase == _ROUND_ONE:
            assert state.trump is not None
            return (
                f"round one offers only the turned suit, {_SUIT_WORDS[state.trump]}: take "
                "or pass; a suit is named in round two"
            )
        return None
    if isinstance(call, Coinche):
        if phase == _DOUBLING:
            return None
        if phase == _ANSWERING:
            assert state.coincher is not None
            return f"the contract is already coinched (by {state.coincher.name})"
        return "nobody has taken yet: there is nothing to coinche"
    # a surcoinche
    if phase == _ANSWERING:
        return None
    if phase == _DOUBLING:
        return "the contract is not coinched: there is nothing to surcoinche"
    return "nobody has taken yet: there is nothing to surcoinche"


def _check_call(call: object) -> None:
    if not isinstance(call, _ANY_TYPES):
        raise CoincheTypeError(
            "a call of the classic auction is a Pass, Take, NameSuit, Coinche or "
            f"Surcoinche (see parse_classic_call), not {short_repr(call)}"
        )


def _to_calls(value: Iterable[tuple[Seat, ClassicCall]]) -> tuple[tuple[Seat, ClassicCall], ...]:
    return call_pairs(value, _check_call)


def _check_rules(instance: ClassicAuction, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, RuleConfig):
        raise CoincheTypeError(f"rules must be a RuleConfig, not {short_repr(value)}")
    if value.auction is not AuctionKind.TURNED_CARD:
        raise RuleConfigError(
            f"auction={short_repr(value.auction.value)}: "
            "ClassicAuction runs the turned-card auction "
            "(section 8 of the rules page) only; numeric bidding is coinche.auction.Auction"
        )


def _check_turned(
    instance: ClassicAuction, attribute: attrs.Attribute[Any], value: object
) -> None:
    if type(value) is not Card:
        raise CoincheTypeError(f"the turned card must be a Card, not {short_repr(value)}")


def _illegal(seat: Seat, call: AnyCall, reason: str) -> IllegalCallError:
    # IllegalCallError is annotated with coinche.auction's Call; a classic call is shown
    # by its str() all the same.
    return IllegalCallError(seat, cast(Call, call), reason)


# ---------------------------------------------------------------------- the auction
@attrs.frozen
class ClassicAuction:
    """A classic belote auction: the dealer, the rules, the turned card and every call.

    Immutable: :meth:`apply` returns a new auction. Constructing one directly, or with
    :meth:`replay`, checks every call; :meth:`start` opens an empty one. The rules must
    use ``auction='turned_card'`` (:class:`~coinche.RuleConfigError` otherwise).

    Round one, from the seat after the dealer: :data:`TAKE` or pass; four passes open
    round two, from the seat after the dealer again: :class:`NameSuit` or pass; four
    passes more throw the deal in. A take or a named suit ends the auction (see the
    module's decisions for the coinche option).

    >>> from coinche import Card, RuleConfig, Seat, Suit
    >>> from coinche.auction import PASS
    >>> from coinche.classic import ClassicAuction, NameSuit
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
    rules: RuleConfig = attrs.field(validator=_check_rules)
    """The house rules (``auction='turned_card'``)."""
    turned: Card = attrs.field(validator=_check_turned)
    """The card turned up after the first five cards: its suit is on offer in round one."""
    calls: tuple[tuple[Seat, ClassicCall], ...] = attrs.field(default=(), converter=_to_calls)
    """Every call in the order made, each with the seat that made it."""
    _state: _State = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        state = self._first_state()
        for seat, call in self.calls:
            reason = _reason(state, self.rules, seat, call)
            if reason is not None:
                raise _illegal(seat, call, reason)
            state = _step(state, self.rules, self.dealer, seat, call)
        object.__setattr__(self, "_state", state)

    def _first_state(self) -> _State:
        return _State(_ROUND_ONE, self.dealer.next, trump=self.turned.suit)

    # ------------------------------------------------------------------ constructors
    @classmethod
    def start(cls, dealer: Seat, rules: RuleConfig, turned: Card) -> ClassicAuction:
        """A new auction, before any call; the seat after *dealer* speaks first.

        >>> from coinche import Card, RuleConfig, Seat
        >>> from coinche.classic import ClassicAuction
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
        calls: Iterable[tuple[Seat, ClassicCall]],
    ) -> ClassicAuction:
        """The auction after *calls*, each (seat, call) pair checked in turn.

        Raises :class:`~coinche.IllegalCallError` at the first illegal call.

        >>> from coinche import Card, RuleConfig, Seat, Suit
        >>> from coinche.auction import PASS
        >>> from coinche.classic import ClassicAuction, NameSuit
        >>> N, E, S, W = Seat
        >>> ClassicAuction.replay(W, RuleConfig.classic_belote(), Card.parse("9C"),
        ...                       [(N, PASS), (E, NameSuit(Suit.HEARTS))])
        Traceback (most recent call last):
        ...
        coinche.errors.IllegalCallError: EAST may not call name H: round one offers only ...
        """
        auction = cls.start(dealer, rules, turned)
        for seat, call in calls:
            auction = auction.apply(seat, call)
        return auction

    @classmethod
    def _build(
        cls,
        dealer: Seat,
        rules: RuleConfig,
        turned: Card,
        calls: tuple[tuple[Seat, ClassicCall], ...],
        state: _State,
    ) -> ClassicAuction:
        # Bypasses __init__ (and its replay of every call): the state is already known.
        auction = object.__new__(cls)
        for name, value in (
            ("dealer", dealer),
            ("rules", rules),
            ("turned", turned),
            ("calls", calls),
            ("_state", state),
        ):
            object.__setattr__(auction, name, value)
        return auction

    # ------------------------------------------------------------------ state
    @property
    def to_move(self) -> Seat | None:
        """The seat whose turn it is to call; ``None`` once the auction is over."""
        return self._state.to_move

    @property
    def is_over(self) -> bool:
        """True once the auction has ended, with a taker or thrown in."""
        return self._state.phase == _OVER

    @property
    def thrown_in(self) -> bool:
        """True when all four passed in both rounds: the deal is thrown in.

        >>> from coinche import Card, RuleConfig, Seat
        >>> from coinche.auction import PASS
        >>> from coinche.classic import ClassicAuction
        >>> auction = ClassicAuction.start(Seat.NORTH, RuleConfig.classic_belote(),
        ...                                Card.parse("7D"))
        >>> for seat in Seat.EAST.cycle() * 2:
        ...     auction = auction.apply(seat, PASS)
        >>> auction.thrown_in, auction.is_over, auction.contract
        (True, True, None)
        """
        return self._state.thrown_in

    @property
    def round(self) -> int:
        """1 or 2 while the trumps are still to be chosen; 0 after that (taken, or
        thrown in)."""
        phase = self._state.phase
        return phase + 1 if phase <= _ROUND_TWO else 0

    @property
    def taker(self) -> Seat | None:
        """The seat that took or named the trumps; ``None`` before that and when thrown in."""
        return self._state.taker

    @property
    def trump(self) -> Suit | None:
        """The trump suit once a seat has taken or named it; ``None`` before that."""
        state = self._state
        return state.trump if state.taker is not None else None

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over; ``None`` before that or when thrown in.

        Its taker took or named the trumps; its value is
        :attr:`~coinche.RuleConfig.min_bid` (82); its multiplier 1, or 2 and 4 after a
        coinche and a surcoinche (the coinche option).
        """
        state = self._state
        if state.phase != _OVER or state.taker is None:
            return None
        assert state.trump is not None
        return Contract(
            state.taker, Strain.from_suit(state.trump), self.rules.min_bid, state.multiplier
        )

    # ------------------------------------------------------------------ legality
    def legal_calls(self, seat: Seat) -> tuple[ClassicCall, ...]:
        """Every call *seat* may make now: empty unless *seat* is to move.

        Round one ``(PASS, TAKE)``; round two :data:`~coinche.auction.PASS` then a
        :class:`NameSuit` for each suit in suit order; with the coinche option
        ``(PASS, COINCHE)`` for a defender after the taking call, ``(PASS, SURCOINCHE)``
        for a bidder answering a coinche.

        >>> from coinche import Card, RuleConfig, Seat
        >>> from coinche.classic import ClassicAuction
        >>> auction = ClassicAuction.start(Seat.NORTH, RuleConfig.classic_belote(),
        ...                                Card.parse("7D"))
        >>> auction.legal_calls(Seat.EAST), auction.legal_calls(Seat.SOUTH)
        ((Pass(), Take()), ())
        """
        check_seat(seat)
        state = self._state
        if seat is not state.to_move:
            return ()
        return _LEGAL[state.phase]

    def explain_call(self, seat: Seat, call: AnyCall) -> str | None:
        """Why *seat* may not make *call* now, in plain words; ``None`` when it may.

        >>> from coinche import Card, RuleConfig, Seat, Strain
        >>> from coinche.auction import Bid
        >>> from coinche.classic import TAKE, ClassicAuction
        >>> auction = ClassicAuction.start(Seat.NORTH, RuleConfig.classic_belote(),
        ...                                Card.parse("7D"))
        >>> print(auction.explain_call(Seat.EAST, Bid(90, Strain.HEARTS)))
        the classic auction has no numeric bids: take the turned suit (round one), ...
        >>> auction.explain_call(Seat.EAST, TAKE) is None
        True
        """
        check_seat(seat)
        _check_call(call)
        return _reason(self._state, self.rules, seat, call)

    def is_legal_call(self, seat: Seat, call: AnyCall) -> bool:
        """True when *seat* may make *call* now."""
        return self.explain_call(seat, call) is None

    # ------------------------------------------------------------------ making calls
    def apply(self, seat: Seat, call: AnyCall) -> ClassicAuction:
        """The auction after *seat* makes *call*; this one is unchanged.

        Raises :class:`~coinche.IllegalCallError` (a :class:`ValueError`) with the reason
        :meth:`explain_call` gives when the call is not legal.

        >>> from coinche import Card, RuleConfig, Seat
        >>> from coinche.classic import TAKE, ClassicAuction
        >>> auction = ClassicAuction.start(Seat.NORTH, RuleConfig.classic_belote(),
        ...                                Card.parse("7D"))
        >>> auction.apply(Seat.SOUTH, TAKE)
        Traceback (most recent call last):
        ...
        coinche.errors.IllegalCallError: SOUTH may not call take: it is EAST's turn
        """
        reason = self.explain_call(seat, call)
        if reason is not None:
            raise _illegal(seat, call, reason)
        return self.apply_unchecked(seat, call)

    def apply_unchecked(self, seat: Seat, call: AnyCall) -> ClassicAuction:
        """The auction after *seat* makes *call*, without checking that it is legal.

        A fast path for trusted loops whose calls come from :meth:`legal_calls`; given
        an illegal call the result is unspecified. Use :meth:`apply` for calls from
        outside.
        """
        state = _step(self._state, self.rules, self.dealer, seat, call)
        classic = cast(ClassicCall, call)
        return ClassicAuction._build(
            self.dealer, self.rules, self.turned, (*self.calls, (seat, classic)), state
        )
