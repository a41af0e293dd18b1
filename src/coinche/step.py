"""The vocabulary of a deal's steps: its :class:`Phase`, its :data:`Action`, and the
:class:`Step` its log (:attr:`Deal.steps <coinche.Deal.steps>`) is made of.

>>> from coinche import Card, Seat
>>> from coinche.deal import Phase, Step
>>> str(Step(Seat.NORTH, Card.parse("JH"))), Phase.PLAY.value
('N JH', 'play')

:func:`parse_action` reads an action typed or sent as text (what a server receives),
:meth:`Step.parse` a step as ``str()`` writes it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeAlias

import attrs
from typing_extensions import override

from coinche._checks import check_items, short_repr
from coinche._trusted import Immutable, trusted
from coinche.announcements import Announcement, AnnouncementKind
from coinche.calls import (
    Call,
    CallBase,
    ClassicCall,
    parse_any_call,
    parse_call,
    parse_classic_call,
)
from coinche.cards import Card, Hand
from coinche.config import AuctionKind, RuleConfig
from coinche.errors import CoincheError, CoincheTypeError, NotationError
from coinche.seats import Seat

if TYPE_CHECKING:
    from coinche.deal import Deal
    from coinche.game import Game
    from coinche.view import PlayerView

__all__ = ["Action", "Phase", "Step", "parse_action"]

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
class Step(Immutable):
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
    ['N 80 S', 'E pass', 'S pass', 'W pass', 'N AC declare quinte (7C 8C 9C TC JC QC KC AC)']
    >>> Step.parse(str(deal.steps[-1])) == deal.steps[-1]
    True
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

    @override
    def __str__(self) -> str:
        # "N 80 S", "E JH", "S AC declare tierce (QH KH AH)", "W KS declare nothing belote"
        text = f"{self.seat.letter} {self.action}"
        declare = self.declare
        if declare is not None:
            text += " declare " + (", ".join(_declared(a) for a in declare) or "nothing")
        if self.belote is not None:
            text += " belote" if self.belote else " no belote"
        return text

    @classmethod
    def parse(cls, text: str) -> Step:
        """Read a step as ``str()`` writes it: the seat's letter, then the action (a card
        or a call of either auction, read by :func:`parse_action`), then for a card
        ``declare`` and the announcements declared with it (each its kind and its
        cards, ``nothing`` for none) and ``belote`` or ``no belote``, when the step
        gives them. Case and extra spaces do not matter; the announcements belong to
        the step's seat.

        >>> from coinche.deal import Step
        >>> Step.parse("n 80 s"), str(Step.parse("E  JH"))
        (Step(seat=<Seat.NORTH: 0>, action=Bid(value=80, strain=<Strain.SPADES: 3>), \
declare=None, belote=None), 'E JH')
        >>> step = Step.parse("W AH declare tierce (QH KH AH), four jacks (JC JD JH JS)")
        >>> [str(a) for a in step.declare]
        ['tierce (QH KH AH) by W', 'four jacks (JC JD JH JS) by W']
        >>> str(Step.parse("S KH declare nothing no belote"))
        'S KH declare nothing no belote'
        >>> Step.parse("N 80")
        Traceback (most recent call last):
        ...
        coinche.errors.NotationError: cannot read 'N 80' as a step: cannot read '80' as an ...

        :raises NotationError: *text* is not a step.
        :raises CoincheTypeError: *text* is not a str.
        """
        if not isinstance(text, str):
            raise CoincheTypeError(f"a step is read from a str, not {type(text).__name__}")
        try:
            return _parse_step(text)
        except CoincheError as error:
            raise NotationError(f"cannot read {short_repr(text)} as a step: {error}") from error


# ---------------------------------------------------------------------- reading text
_FOUR_WORDS: Final = {
    "jacks": "J", "nines": "9", "aces": "A", "tens": "T", "kings": "K", "queens": "Q",
}  # fmt: skip


def _declared(announcement: Announcement) -> str:
    """An announcement as a step writes it: its kind and its cards (its seat is the
    step's)."""
    text = str(announcement)
    return text[: text.rindex(" by ")]


def _parse_announcement(text: str, seat: Seat) -> Announcement:
    name, paren, rest = text.partition("(")
    cards = rest.removesuffix(")")
    if not paren or cards == rest:
        raise NotationError(
            f"cannot read {short_repr(text.strip())} as an announcement "
            "(expected its kind and its cards, such as 'tierce (QH KH AH)')"
        )
    words = name.lower().split()
    if len(words) == 2 and words[0] == "four" and words[1] in _FOUR_WORDS:
        kind = AnnouncementKind.FOUR_OF_A_KIND
    elif len(words) == 1 and words[0] in ("tierce", "quarte", "quinte"):
        kind = AnnouncementKind(words[0])
    else:
        raise NotationError(
            f"unknown announcement {short_repr(name.strip())} (expected tierce, quarte, "
            "quinte or four jacks, nines, aces, tens, kings or queens)"
        )
    return Announcement(kind, Hand.parse(cards), seat)


def _parse_step(text: str) -> Step:
    words = text.split()
    seat = Seat.parse(words[0] if words else "")
    words = words[1:]
    lowered = [word.lower() for word in words]
    belote: bool | None = None
    if lowered[-2:] == ["no", "belote"]:
        belote, words, lowered = False, words[:-2], lowered[:-2]
    elif lowered[-1:] == ["belote"]:
        belote, words, lowered = True, words[:-1], lowered[:-1]
    declare: tuple[Announcement, ...] | None = None
    if "declare" in lowered:
        at = lowered.index("declare")
        declared = " ".join(words[at + 1 :])
        words = words[:at]
        if declared.lower() == "nothing":
            declare = ()
        else:
            declare = tuple(_parse_announcement(a, seat) for a in declared.split(","))
    return Step(seat, parse_action(" ".join(words)), declare, belote)


_ANY_ACTION: Final = (
    "an action is a card, like 'JH' or '10H', or a call, like 'pass', '80 H', 'coinche', "
    "'take' or 'name H'"
)


def _auction_examples(rules: RuleConfig) -> str:
    if rules.auction is AuctionKind.TURNED_CARD:
        examples = ["'pass'", "'take'", "'name H'"]
    else:
        examples = ["'pass'", f"'{rules.min_bid} H'"]
    if rules.allow_coinche:
        examples.append("'coinche'")
    return ", ".join(examples[:-1]) + " or " + examples[-1]


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except NotationError:
        return False
    return True


def parse_action(text: str, deal: Deal | PlayerView | Game | None = None) -> Action:
    """Read an action written as text: a card (as :meth:`Card.parse
    <coinche.Card.parse>` reads it) or a call (as
    :func:`~coinche.auction.classic.parse_any_call` reads it), what a server receives from a
    player.

    Given a *deal* (a :class:`~coinche.Deal`, a :class:`~coinche.PlayerView` or a
    :class:`~coinche.game.Game`, whose current deal it reads), the text is read as what
    the deal expects now: a card in the play, a call of the deal's
    auction (coinche or classic) in the auction, and the error says so. Whether the
    action is legal is the deal's question (:meth:`Deal.explain
    <coinche.Deal.explain>`).

    >>> import random
    >>> from coinche import Deal, RuleConfig, Seat
    >>> from coinche import parse_action
    >>> parse_action("10h"), parse_action("80 H"), parse_action("take")
    (Card.parse('TH'), Bid(value=80, strain=<Strain.HEARTS: 2>), Take())
    >>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(1))
    >>> parse_action("Coinche", deal)
    Coinche()
    >>> parse_action("JH", deal)
    Traceback (most recent call last):
    ...
    coinche.errors.NotationError: cannot read 'JH' now: it is a card, and in the auction ...
    >>> parse_action("ZZ")
    Traceback (most recent call last):
    ...
    coinche.errors.NotationError: cannot read 'ZZ' as an action: an action is a card, ...

    :raises NotationError: *text* is not an action (of the kind *deal* expects now).
    :raises CoincheTypeError: *text* is not a str, or *deal* not a deal, a view or a
        game.
    """
    if not isinstance(text, str):
        raise CoincheTypeError(f"an action is read from a str, not {type(text).__name__}")
    if deal is None:
        if _is_card(text):
            return Card.parse(text)
        if _is_call(text):
            return parse_any_call(text)
        reason = _bid_reason(text)
        raise NotationError(
            f"cannot read {short_repr(text)} as an action: {reason or _ANY_ACTION}"
        )
    phase = getattr(deal, "phase", None)
    rules = getattr(deal, "rules", None)
    if type(phase) is not Phase or not isinstance(rules, RuleConfig):
        raise CoincheTypeError(
            f"deal must be a Deal, a PlayerView or a Game, not {short_repr(deal)}"
        )
    if phase is Phase.PLAY:
        if _is_card(text):
            return Card.parse(text)
        what = "a call, and the auction is over" if _is_call(text) else "not a card"
        raise NotationError(
            f"cannot read {short_repr(text)} now: it is {what}; in the play an action is "
            "a card, like 'JH' or '10H'"
        )
    if phase is Phase.AUCTION:
        classic = rules.auction is AuctionKind.TURNED_CARD
        try:
            return parse_classic_call(text) if classic else parse_call(text)
        except NotationError as error:
            # the parser's reason when it names one ("unknown strain 'Q' ...")
            _, colon, reason = str(error).partition(" as a call: ")
            found = error
        if _is_card(text):
            what = "it is a card, and"
        elif _is_call(text):
            kind = "the coinche auction" if classic else "classic belote"
            what = f"it is a call of {kind}, and"
        else:
            what = f"{reason};" if colon else "it is not a call, and"
        raise NotationError(
            f"cannot read {short_repr(text)} now: {what} in the auction an action is a "
            f"call, like {_auction_examples(rules)}"
        ) from found
    raise NotationError(
        f"cannot read {short_repr(text)} now: the deal is {phase.value.replace('_', ' ')} "
        "and takes no more action"
    )


def _bid_reason(text: str) -> str | None:
    """Why *text*, which starts with a bid's value (a number, capot or generale), is not
    a bid: a number too high, or no strain; None for any other text."""
    words = text.split()
    head = words[0].lower() if words else ""
    if not (head.isascii() and head.isdigit()) and head not in ("capot", "generale", "générale"):
        return None
    try:
        parse_call(text)
    except NotationError as error:
        _, colon, reason = str(error).partition(" as a call: ")
        return reason if colon else None
    raise AssertionError(f"{text!r} is a bid")  # the caller found it is no call


def _is_call(text: str) -> bool:
    try:
        parse_any_call(text)
    except NotationError:
        return False
    return True


def trusted_step(node: Node) -> Step:
    """The step a node of the log holds (checked when it was made)."""
    return _trusted_step(node[1], node[2], node[3], node[4])


_trusted_step: Callable[..., Step] = trusted(Step, "seat", "action", "declare", "belote")


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
