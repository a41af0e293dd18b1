"""The vocabulary of a deal's steps: its :class:`Phase`, its :data:`Action`, and the
:class:`Step` its log (:attr:`Deal.steps <coinche.Deal.steps>`) is made of.

>>> from coinche import Card, Seat
>>> from coinche.deal import Phase, Step
>>> str(Step(Seat.NORTH, Card.parse("JH"))), Phase.PLAY.value
('N JH', 'play')
"""

from __future__ import annotations

import enum
from typing import Any, TypeAlias

import attrs

from coinche._checks import check_items, short_repr
from coinche.announcements import Announcement
from coinche.calls import Call, CallBase, ClassicCall
from coinche.cards import Card
from coinche.errors import CoincheTypeError
from coinche.seats import Seat

__all__ = ["Action", "Phase", "Step"]

_new = object.__new__
_setattr = object.__setattr__

Action: TypeAlias = Call | ClassicCall | Card
"""What a seat does in a deal: a call (:mod:`coinche.auction`, or
:mod:`coinche.auction.classic` in the turned-card auction) in the auction, a
:class:`~coinche.Card` in the play.

>>> from coinche import Card
>>> from coinche.auction import PASS
>>> from coinche.deal import Action
>>> actions: list[Action] = [PASS, Card.parse("JH")]
>>> [str(action) for action in actions]
['pass', 'JH']
"""


class Phase(enum.StrEnum):
    """Where a :class:`Deal` stands.

    >>> from coinche.deal import Phase
    >>> [phase.value for phase in Phase]
    ['auction', 'play', 'scored', 'thrown_in']
    """

    AUCTION = "auction"
    """The players call; :meth:`Deal.legal_actions` gives calls."""
    PLAY = "play"
    """The contract is played; :meth:`Deal.legal_actions` gives cards."""
    SCORED = "scored"
    """All eight tricks are played: :attr:`Deal.result` holds the score."""
    THROWN_IN = "thrown_in"
    """All four passed without a bid: nothing is scored, the next dealer deals."""


def _check_step_seat(instance: Step, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not Seat:
        raise CoincheTypeError(f"a step's seat must be a Seat, not {short_repr(value)}")


def _check_step_action(instance: Step, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, (Card, CallBase)):
        raise CoincheTypeError(f"a step's action is a call or a Card, not {short_repr(value)}")


def _to_declared(value: object) -> tuple[Announcement, ...] | None:
    return None if value is None else check_items(value, Announcement, "declare")


def _check_step_belote(instance: Step, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and type(value) is not bool:
        raise CoincheTypeError(f"a step's belote is True, False or None, not {short_repr(value)}")


@attrs.frozen
class Step:
    """One action of a deal as it was made: who, what, and for a card what went with it.

    :attr:`Deal.steps` is the deal's log of them, the way python-chess keeps a move
    stack: every call and card in order, with its seat, what was declared with it and
    whether belote was said. :meth:`Deal.apply` takes a step as well as a bare action,
    so replaying a log is applying its steps, every one checked. A step says where each
    of its parts applies: *declare* goes with a card of the first trick when the rules
    have announcements, *belote* with the card that decides belote (the first of the
    king and queen of trumps its holder plays, under
    :attr:`~coinche.RuleConfig.belote_requires_declaration`); elsewhere they are
    ``None``, and a step that gives them elsewhere is refused.

    >>> from coinche import Card, Hand, RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Bid
    >>> from coinche.deal import Deal, Step
    >>> hands = [Hand.parse(text) for text in ("7C 8C 9C TC JC QC KC AC",
    ...     "7D 8D 9D TD JD QD KD AD", "7H 8H 9H TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS")]
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig.ffb(), hands)
    >>> deal = deal.apply(Bid(80, Strain.SPADES)).apply(PASS).apply(PASS).apply(PASS)
    >>> deal = deal.apply(Card.parse("AC"))   # North leads, declaring all it holds
    >>> [str(step) for step in deal.steps]
    ['N 80 S', 'E pass', 'S pass', 'W pass', 'N AC']
    >>> deal.steps[-1].declare == deal.declarable(Seat.NORTH) != ()
    True
    >>> deal.steps[0].declare is None         # a call declares nothing
    True
    >>> deal.apply(Step(Seat.SOUTH, Card.parse("8H")))
    Traceback (most recent call last):
    ...
    coinche.errors.IllegalActionError: SOUTH may not do 8H now: it is EAST's turn
    """

    seat: Seat = attrs.field(validator=_check_step_seat)
    """The seat that acted."""
    action: Action = attrs.field(validator=_check_step_action)
    """The call or card."""
    declare: tuple[Announcement, ...] | None = attrs.field(default=None, converter=_to_declared)
    """The announcements declared with this card (``()``: none), for a card of the first
    trick when the rules have announcements; ``None`` elsewhere. Given to
    :meth:`Deal.apply`, ``None`` there means everything the seat holds."""
    belote: bool | None = attrs.field(default=None, validator=_check_step_belote)
    """Whether belote was said with this card, for the card that decides it; ``None``
    elsewhere. Given to :meth:`Deal.apply`, ``None`` there means ``True``."""

    def __str__(self) -> str:
        return f"{self.seat.letter} {self.action}"


def trusted_step(node: Node) -> Step:
    """The step a node of the log holds (checked when it was made)."""
    step = _new(Step)
    _setattr(step, "seat", node[1])
    _setattr(step, "action", node[2])
    _setattr(step, "declare", node[3])
    _setattr(step, "belote", node[4])
    return step


# The log of a deal is a persistent stack: each node is (the node before, seat, action,
# declare, belote), so a new action shares every node of the deal it was made in.
Node: TypeAlias = tuple["Node | None", Seat, Action, tuple[Announcement, ...] | None, bool | None]


def unrolled(node: Node | None) -> list[Node]:
    """The nodes of a log, oldest first, from its last one."""
    nodes: list[Node] = []
    while node is not None:
        nodes.append(node)
        node = node[0]
    nodes.reverse()
    return nodes
