"""What one seat may know of a deal: :class:`PlayerView`, made by :meth:`Deal.view
<coinche.Deal.view>` and given to the players.

>>> import random
>>> from coinche import RuleConfig, Seat
>>> from coinche.deal import Deal
>>> view = Deal.new(Seat.WEST, RuleConfig(), random.Random(1)).view(Seat.NORTH)
>>> view.seat, len(view.hand), view.to_move
(<Seat.NORTH: 0>, 8, <Seat.NORTH: 0>)
"""

from __future__ import annotations

from typing import Any

import attrs

from coinche._checks import check_bool, check_items, check_seat, check_type, short_repr
from coinche._trusted import Immutable, fill
from coinche.announcements import Announcement
from coinche.auction import Auction
from coinche.auction.classic import ClassicAuction
from coinche.calls import Call, ClassicCall
from coinche.cards import Card, Hand
from coinche.config import AuctionKind, RuleConfig
from coinche.contract import Contract
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.play import Trick, legal_cards
from coinche.seats import Seat
from coinche.step import Action, Node, Phase, Step, trusted_step, unrolled

__all__ = ["PlayerView"]


def _check_view(instance: PlayerView, attribute: attrs.Attribute[Any], value: object) -> None:
    check_seat(value, attribute.name)


@attrs.frozen(kw_only=True)
class PlayerView(Immutable):
    """What one seat may know of a deal: its own cards and what all have seen or heard.

    Never another seat's unplayed cards, except those shown in declared announcements
    and the turned card of the classic deal, which all have seen.
    Made by :meth:`Deal.view`.

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> rng = random.Random(2)
    >>> deal = Deal.new(Seat.SOUTH, RuleConfig(), rng)
    >>> while deal.phase.value == "auction":
    ...     deal = deal.apply(rng.choice(deal.legal_actions()))
    >>> view = deal.view(Seat.EAST)
    >>> view.seat, len(view.hand), view.phase.value
    (<Seat.EAST: 1>, 8, 'play')
    """

    seat: Seat = attrs.field(validator=_check_view)
    """The seat whose view this is."""
    rules: RuleConfig
    """The house rules."""
    dealer: Seat = attrs.field(validator=_check_view)
    """The dealer."""
    phase: Phase
    """The phase of the deal."""
    to_move: Seat | None
    """The seat to call or play next; ``None`` once the deal is over."""
    hand: Hand
    """The cards this seat still holds."""
    calls: tuple[tuple[Seat, Call | ClassicCall], ...]
    """Every call of the auction so far, with its caller."""
    contract: Contract | None
    """The contract, once the auction has ended with one."""
    tricks: tuple[Trick, ...]
    """The complete tricks."""
    trick: Trick | None
    """The trick being played; ``None`` outside the play."""
    announcements: tuple[Announcement, ...]
    """The announcements declared (public: all seats hear and see them)."""
    belote_declared: bool
    """True once belote has been declared (with ``belote_requires_declaration``)."""
    turned: Card | None = None
    """The card turned up in the classic deal (public: every seat has seen it, and knows
    it went to the taker); ``None`` in a coinche deal."""
    _log: Node | None = attrs.field(default=None, eq=False, repr=False, alias="log")
    # the deal's log, given by Deal.view (see steps); None for a view built without it
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    @property
    def steps(self) -> tuple[Step, ...]:
        """The deal's public log: every action so far as it was made (each call, each
        card with what was declared with it and whether belote was said), the same as
        :attr:`Deal.steps <coinche.Deal.steps>`: all of it is public. For a view built
        by hand (or read from a record), the steps its calls, tricks and announcements
        say, with belote as declared by default.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal, rng = Deal.new(Seat.WEST, RuleConfig(), random.Random(1)), random.Random(2)
        >>> for _ in range(9):
        ...     deal = deal.apply(rng.choice(deal.legal_actions()))
        >>> deal.view(Seat.EAST).steps == deal.steps
        True
        """
        log = self._log
        if log is not None:
            return tuple(trusted_step(node) for node in unrolled(log))
        made = [Step(seat, call) for seat, call in self.calls]
        first = self.tricks[0] if self.tricks else self.trick
        for trick in self._all_tricks():
            for seat, card in trick.plays():
                declare = None
                if trick is first and self.rules.announcements:
                    declare = tuple(a for a in self.announcements if a.seat is seat)
                made.append(Step(seat, card, declare=declare))
        return tuple(made)

    def legal_actions(self) -> tuple[Action, ...]:
        """What this seat may do now: the calls the auction lets it make (pagat's coinche
        at any time included, out of turn), or its legal cards in the play when it is to
        move; else nothing. For the seat to move, the same as :meth:`Deal.legal_actions
        <coinche.Deal.legal_actions>`.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.WEST, RuleConfig(), random.Random(1))
        >>> deal.view(Seat.NORTH).legal_actions() == deal.legal_actions()
        True
        >>> deal.view(Seat.EAST).legal_actions()       # North is to call
        ()
        """
        legal = self._legal
        if legal is None:
            legal = self._legal_now()
            fill(self, "_legal", legal)  # a cache field (eq=False)
        return legal

    def _legal_now(self) -> tuple[Action, ...]:
        seat, rules = self.seat, self.rules
        if self.phase is Phase.PLAY:
            if self.to_move is not seat:
                return ()
            contract, trick = self.contract, self.trick
            if contract is None or trick is None:
                raise InvalidDealError("a view of the play needs a contract and a trick")
            return legal_cards(self.hand, trick, contract.strain, rules).cards
        if self.phase is not Phase.AUCTION:
            return ()
        if rules.auction is AuctionKind.TURNED_CARD:
            if self.turned is None:
                raise InvalidDealError("a view of the turned-card auction needs its turned card")
            classic = ClassicAuction(self.dealer, rules, self.turned, self.calls)  # type: ignore[arg-type]
            return classic.legal_calls(seat)
        auction = Auction(self.dealer, rules, self.calls)  # type: ignore[arg-type]
        return auction.legal_calls(seat)

    def __str__(self) -> str:
        """What the seat sees, as a few lines of text (``print(view)``): its hand, the
        auction, the contract, the tricks and the trick so far, who is to move.

        >>> from coinche import Hand, RuleConfig, Seat, Strain
        >>> from coinche.auction import PASS, Bid
        >>> from coinche.deal import Deal
        >>> hands = [Hand.parse(text) for text in ("7C 8C 9C TC JC QC KC AC",
        ...     "7D 8D 9D TD JD QD KD AD", "7H 8H 9H TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS")]
        >>> deal = Deal.from_hands(Seat.WEST, RuleConfig(), hands)
        >>> deal = deal.apply(Bid(90, Strain.SPADES)).apply(PASS).apply(PASS).apply(PASS)
        >>> print(deal.apply(deal.legal_actions()[0]).view(Seat.EAST))
        View of EAST (dealer W), play phase, EAST to move
        Hand: 7D 8D 9D TD JD QD KD AD
        Auction: N 90 S, E pass, S pass, W pass
        Contract: 90 S by N
        Trick: N: 7C
        """
        mover = "nobody" if self.to_move is None else self.to_move.name
        lines = [
            f"View of {self.seat.name} (dealer {self.dealer.letter}), "
            f"{self.phase.value} phase, {mover} to move",
            f"Hand: {self.hand}",
        ]
        if self.turned is not None:
            lines.append(f"Turned card: {self.turned}")
        calls = ", ".join(f"{seat.letter} {call}" for seat, call in self.calls)
        lines.append(f"Auction: {calls or 'no call yet'}")
        if self.contract is not None:
            lines.append(f"Contract: {self.contract}")
        if self.announcements:
            lines.append("Announcements: " + "; ".join(str(a) for a in self.announcements))
        for number, trick in enumerate(self.tricks, 1):
            lines.append(f"Trick {number}: {trick}")
        if self.trick is not None and self.trick.cards:
            lines.append(f"Trick: {self.trick}")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:  # Jupyter draws what the seat sees (coinche.svg.deal)
        from coinche import svg  # noqa: PLC0415 - display hook (docs/architecture.rst)

        return svg.deal(self)

    def __attrs_post_init__(self) -> None:
        # The constructor is public (and player_view records load through it): check
        # the types, then what no deal can show (issue 10).
        check_type(self.rules, RuleConfig, "rules")
        check_type(self.phase, Phase, "phase")
        check_type(self.to_move, (Seat, type(None)), "to_move")
        check_type(self.hand, Hand, "hand")
        check_items(self.calls, tuple, "calls")
        check_type(self.contract, (Contract, type(None)), "contract")
        check_items(self.tricks, Trick, "tricks")
        check_type(self.trick, (Trick, type(None)), "trick")
        check_items(self.announcements, Announcement, "announcements")
        check_bool(self.belote_declared, "belote_declared")
        check_type(self.turned, (Card, type(None)), "turned")
        for name in ("calls", "tricks", "announcements"):
            if type(getattr(self, name)) is not tuple:
                raise CoincheTypeError(f"{name} must be a tuple")
        if len(self.hand) > 8:
            raise InvalidDealError(f"a player holds at most 8 cards, not {len(self.hand)}")
        if len(self.tricks) > 8:
            raise InvalidDealError(f"a deal has at most 8 tricks, not {len(self.tricks)}")
        played = 0
        for trick in (*self.tricks, *(() if self.trick is None else (self.trick,))):
            if played & trick.mask:
                raise InvalidDealError(f"{Hand.from_mask(played & trick.mask)} played twice")
            played |= trick.mask
        if played & self.hand.mask:
            raise InvalidDealError(
                f"{Hand.from_mask(played & self.hand.mask)} is both in the hand and played"
            )
        over = self.phase in (Phase.SCORED, Phase.THROWN_IN)
        if over != (self.to_move is None):
            raise InvalidDealError(
                f"in the {self.phase.value} phase, to_move must be "
                f"{'None' if over else 'a Seat'}, not {short_repr(self.to_move)}"
            )

    def _all_tricks(self) -> tuple[Trick, ...]:
        return (*self.tricks, *(() if self.trick is None else (self.trick,)))
