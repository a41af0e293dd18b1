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

from coinche._checks import check_bool, check_items, check_type, short_repr
from coinche.announcements import Announcement
from coinche.calls import Call, ClassicCall
from coinche.cards import Card, Hand
from coinche.config import RuleConfig
from coinche.contract import Contract
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.play import Trick
from coinche.seats import Seat
from coinche.step import Phase

__all__ = ["PlayerView"]


def _check_view(instance: PlayerView, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not Seat:
        raise CoincheTypeError(f"{attribute.name} must be a Seat, not {short_repr(value)}")


@attrs.frozen(kw_only=True)
class PlayerView:
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

    def _repr_svg_(self) -> str:  # Jupyter draws what the seat sees (coinche.svg.deal)
        from coinche import svg

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
