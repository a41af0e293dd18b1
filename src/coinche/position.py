"""The one play position of a deal: :class:`Position`, frozen, on ints.

The play of a deal is written once, here, on top of the kernel
(:mod:`coinche._kernel`, every rule on ints): :class:`~coinche.Deal` holds a position
during its play (:attr:`Deal.position <coinche.Deal.position>`), the double-dummy
solver searches it, and :class:`coinche.engine.PlayState` is its mutable twin for
search and simulation. Cards are indices 0 to 31 (``8 * suit + rank``), sets of cards
32-bit masks, seats 0 to 3 (North, East, South, West) and a team ``seat & 1``.

>>> import random
>>> from coinche import RuleConfig, Seat, Strain
>>> from coinche.auction import PASS, Bid
>>> from coinche.deal import Deal
>>> deal = Deal.new(Seat.WEST, RuleConfig(), random.Random(7))
>>> deal = deal.apply(Bid(90, Strain.SPADES)).apply(PASS).apply(PASS).apply(PASS)
>>> pos = deal.position
>>> pos.to_move, pos.size, pos.points
(0, 0, (0, 0))
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Final, NamedTuple, NoReturn, SupportsIndex

from coinche import _kernel as K
from coinche._checks import check_sequence, short_repr
from coinche._play_kernel import TRICK_GOES_ON, PlayCore
from coinche.announcements import Announcement, compare_announcements, find_in_mask
from coinche.cards import Strain
from coinche.config import RuleConfig
from coinche.contract import MAX_BID_VALUE
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.seats import Seat

__all__ = ["Position", "announcement_credit"]

_MASK32: Final = 0xFFFFFFFF


class Position(NamedTuple):
    """One point of a deal's play, on ints, immutable: what the rules need from here on.

    The one play position of the library: :class:`~coinche.Deal` holds one during its
    play (:attr:`Deal.position <coinche.Deal.position>`), a
    :class:`~coinche.PlayerView` is made from it, the double-dummy solver searches it,
    and :class:`PlayState` is its mutable twin (the same fields, changed in place by
    :meth:`PlayState.play` and :meth:`PlayState.undo`). Every field is an int or a
    fixed-size tuple of ints; nothing here is derived later from a list of tricks.

    :meth:`after` gives the position after a card, :meth:`legal_mask` the cards the seat
    to move may play, :meth:`score` the deal's score once it is over.

    >>> from coinche import Hand, RuleConfig, engine
    >>> hands = [Hand.parse(h).mask for h in ("JH 9H AH TH KH QH 8H 7H",
    ...          "7C 8C 9C TC JC QC KC AC", "7S 8S 9S TS JS QS KS AS",
    ...          "7D 8D 9D TD JD QD KD AD")]
    >>> pos = engine.Position.start(hands, RuleConfig.common(), taker=0, strain=2,
    ...                             value=80, leader=0)
    >>> pos.to_move, pos.is_over, pos.belote_team   # North holds JH ... and KH QH
    (0, False, 0)
    >>> while not pos.is_over:       # North cashes eight hearts: capot
    ...     pos = pos.after(engine.lowest_card(pos.legal_mask()))
    >>> pos.points, pos.won, pos.score()    # 250 + belote 20 + contract 80
    ((162, 0), (8, 0, 0, 0), (350, 0))
    """

    hands: tuple[int, int, int, int]
    """The cards each seat still holds, as masks, by seat."""
    strain: int
    """The contract's strain, 0 to 5 (four suits, no trump, all trump)."""
    flags: int
    """The play options (:attr:`RuleConfig.play_flags <coinche.RuleConfig.play_flags>`)."""
    leader: int
    """The seat that led (or leads) the trick in progress."""
    size: int
    """How many cards the trick in progress holds, 0 to 3."""
    c0: int
    """Its first card (0 when :attr:`size` is 0)."""
    c1: int
    """Its second card (0 when :attr:`size` < 2)."""
    c2: int
    """Its third card (0 when :attr:`size` < 3)."""
    points: tuple[int, int]
    """Card points won by each team in complete tricks (the last-trick bonus
    included once the deal is over)."""
    won: tuple[int, int, int, int]
    """Tricks won by each seat."""
    options: tuple[int, ...]
    """The scoring options (:attr:`RuleConfig.score_options
    <coinche.RuleConfig.score_options>`)."""
    taker: int
    """The taker's seat."""
    kind: int
    """The contract's kind: 0 a number, 1 capot, 2 générale."""
    value: int
    """The contract's points (250 for capot, 500 for générale)."""
    multiplier: int
    """1, coinched 2, surcoinched 4."""
    belote_holder: int
    """The seat that was dealt the king and queen of trumps, or -1."""
    belote_team: int
    """The team credited with belote, or -1. While its holder has still to declare it
    (:attr:`belote_open`), the credit it gets by declaring it (the default)."""
    belote_open: int
    """1 while the holder must still declare belote (with
    :attr:`~coinche.RuleConfig.belote_requires_declaration`, before it plays the first
    of its king and queen), else 0."""
    announcements: tuple[int, int]
    """Announcement points that score, by team, after comparison; in the first trick,
    with the seats yet to play declaring everything they hold (the default)."""

    # ------------------------------------------------------------------ building
    @classmethod
    def start(
        cls,
        hands: Sequence[SupportsIndex],
        rules: RuleConfig,
        *,
        taker: SupportsIndex,
        strain: SupportsIndex,
        value: SupportsIndex,
        leader: SupportsIndex,
        multiplier: SupportsIndex = 1,
        kind: SupportsIndex = 0,
    ) -> Position:
        """The position of a deal about to start its play: four hand masks (by seat)
        and a contract. *value* is the contract's points (250 for a capot, with *kind*
        1; 500 for a générale, *kind* 2). Every seat declares all the announcements it
        holds and belote is declared (the defaults of :meth:`Deal.apply
        <coinche.Deal.apply>`).

        Each number is an integer (an ``int``, or a type with ``__index__`` such as
        NumPy's, read as the ``int`` it stands for; not a ``bool``) in its range: a
        hand a 32-bit mask, a seat 0 to 3, the strain 0 to 5. Whether the hands form a
        deal is not checked: :class:`~coinche.Deal` is the checked way in.

        :raises CoincheTypeError: an argument that is not such an integer, or *rules*
            not a :class:`~coinche.RuleConfig`.
        """
        if not isinstance(rules, RuleConfig):
            raise CoincheTypeError(f"rules must be a RuleConfig, not {short_repr(rules)}")
        kind_of_hands = type(hands)  # a list or a tuple (the usual), else any sequence
        if (
            kind_of_hands is not list
            and kind_of_hands is not tuple
            and (isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence))
        ) or len(hands) != 4:
            raise CoincheTypeError(f"hands must be 4 hand masks, by seat, not {short_repr(hands)}")
        h0 = _integer(hands[0], "a hand mask", 0, K.ALL_CARDS)
        h1 = _integer(hands[1], "a hand mask", 0, K.ALL_CARDS)
        h2 = _integer(hands[2], "a hand mask", 0, K.ALL_CARDS)
        h3 = _integer(hands[3], "a hand mask", 0, K.ALL_CARDS)
        strain = _integer(strain, "strain", 0, 5)
        taker = _integer(taker, "taker", 0, 3)
        leader = _integer(leader, "leader", 0, 3)
        value = _integer(value, "value", 0, MAX_BID_VALUE)
        multiplier = _integer(multiplier, "multiplier", 1, 4)
        kind = _integer(kind, "kind", K.NUMERIC, K.GENERALE)
        holder = K.belote_holder(h0, h1, h2, h3, strain)
        pending = 1 if holder >= 0 and rules.belote_requires_declaration else 0
        ann = (
            _credit([h0, h1, h2, h3], [0, 1, 2, 3], [], strain, rules)
            if rules.announcements
            else (0, 0)  # (what it answers; no lists built for nothing in a hot loop)
        )
        return _tuple_new(Position, (
            (h0, h1, h2, h3), strain, rules.play_flags, leader, 0, 0, 0, 0, (0, 0),
            (0, 0, 0, 0), rules.score_options, taker, kind, value, multiplier, holder,
            holder & 1 if holder >= 0 else -1, pending, ann,
        ))  # fmt: skip

    # ------------------------------------------------------------------ reading
    @property
    def to_move(self) -> int:
        """The seat to play (the leader once the deal is over)."""
        return (self.leader + self.size) & 3

    @property
    def tricks_played(self) -> int:
        """How many tricks are complete."""
        won = self.won
        return won[0] + won[1] + won[2] + won[3]

    @property
    def is_over(self) -> bool:
        """True once the eighth trick is complete."""
        won = self.won
        return won[0] + won[1] + won[2] + won[3] == 8

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick in progress, in the order played."""
        return (self.c0, self.c1, self.c2)[: self.size]

    @property
    def left(self) -> int:
        """Every card not yet played, as a mask (the four hands together)."""
        h = self.hands
        return h[0] | h[1] | h[2] | h[3]

    def legal_mask(self) -> int:
        """The cards the seat to move may play, as a mask (empty once the deal is over).

        >>> from coinche import RuleConfig, engine
        >>> pos = engine.Position.start(engine.random_hands(3), RuleConfig(), taker=0,
        ...                             strain=0, value=80, leader=0)
        >>> pos.legal_mask() == pos.hands[0]        # a lead: any card
        True
        """
        return (
            K.legal(
                self.hands[(self.leader + self.size) & 3],
                self.size,
                self.c0,
                self.c1,
                self.c2,
                self.strain,
                self.flags,
            )
            & _MASK32
        )

    # ------------------------------------------------------------------ the step
    def after(self, card: int, belote: bool = True) -> Position:
        """The position after the seat to move plays *card* (an index), **unchecked**.

        *belote*: whether the belote holder, playing the first of its king and queen of
        trumps, declares belote (only when the rules require it; ignored otherwise).
        The card must be in :meth:`legal_mask`: :meth:`Deal.apply
        <coinche.Deal.apply>` is the checked way. The step is the kernel's
        (:meth:`PlayCore.step <coinche._play_kernel.PlayCore.step>`), on a copy.
        """
        (hands, strain, flags, leader, n, c0, c1, c2, points, won, options, taker, kind, value,
         multiplier, holder, belote_team, belote_open, announcements) = self  # fmt: skip
        if belote_open and (leader + n) & 3 == holder and K.BIT[card] & K.belote_mask(strain):
            belote_open = 0
            if not belote:
                belote_team = -1
        h0, h1, h2, h3 = hands
        # the kernel's step on a copy of the cards and the trick (its points and tricks
        # counted from 0): what it changes is read back, the rest kept as it is
        core = PlayCore(h0, h1, h2, h3, strain, flags, leader, n, c0, c1, c2, 0, 0, 0, 0, 0, 0)
        seat = (leader + n) & 3
        record = core.step(card)
        if seat == 0:
            hands = (core.h0, h1, h2, h3)
        elif seat == 1:
            hands = (h0, core.h1, h2, h3)
        elif seat == 2:
            hands = (h0, h1, core.h2, h3)
        else:
            hands = (h0, h1, h2, core.h3)
        if record == TRICK_GOES_ON:
            if n == 0:
                c0 = card
            elif n == 1:
                c1 = card
            else:
                c2 = card
            return _tuple_new(Position, (
                hands, strain, flags, leader, n + 1, c0, c1, c2, points, won, options, taker,
                kind, value, multiplier, holder, belote_team, belote_open, announcements,
            ))  # fmt: skip
        w0, w1, w2, w3 = won
        return _tuple_new(Position, (
            hands, strain, flags, core.leader, 0, 0, 0, 0,
            (points[0] + core.p0, points[1] + core.p1),
            (w0 + core.w0, w1 + core.w1, w2 + core.w2, w3 + core.w3), options, taker, kind,
            value, multiplier, holder, belote_team, belote_open, announcements,
        ))  # fmt: skip

    # ------------------------------------------------------------------ the end
    def score_figures(self) -> tuple[int, ...]:
        """The kernel's ``F_*`` score figures of the finished deal (see
        :func:`score`)."""
        w = self.won
        return K.score(
            self.options,
            self.taker,
            self.kind,
            self.value,
            self.multiplier,
            self.points[0],
            self.points[1],
            (w[0], w[1], w[2], w[3]),
            self.belote_team,
            self.announcements[0],
            self.announcements[1],
        )

    def score(self) -> tuple[int, int]:
        """The deal score of North-South and East-West once the deal is over: the same
        figure as :attr:`DealResult.score <coinche.DealResult.score>`, by the same
        kernel function.

        :raises InvalidDealError: the deal is not over.
        """
        if not self.is_over:
            _not_over(self.tricks_played * 4 + self.size)
        figures = self.score_figures()
        return figures[K.F_SCORE_NS], figures[K.F_SCORE_EW]


# the step's constructor: a Position built from its fields in order, in one go (the
# generated __new__ takes keywords and costs a Python frame at every card)
_tuple_new: Final = tuple.__new__


def announcement_credit(
    hands: Sequence[SupportsIndex],
    declaring: Sequence[SupportsIndex],
    declared: Sequence[Announcement],
    strain: SupportsIndex,
    rules: RuleConfig,
) -> tuple[int, int]:
    """The announcement points that score, by team (after comparison, before a capot
    takes them): *declared* plus everything the *declaring* seats hold in *hands* (dealt
    hand masks, by seat). ``(0, 0)`` when the rules have no announcements.

    >>> from coinche import Hand, RuleConfig, engine
    >>> hands = [Hand.parse(h).mask for h in ("7H 8H 9H TH JH QH KH AH",
    ...          "7C 8C 9C TC JC QC KC AC", "7S 8S 9S TS JS QS KS AS",
    ...          "7D 8D 9D TD JD QD KD AD")]
    >>> # each seat holds a run of eight, one announcement of 100 (rules page, 6.3):
    >>> # in clubs East's run is in trumps and beats the others, so East-West score both
    >>> # of theirs, 200; with East declaring alone, its 100
    >>> engine.announcement_credit(hands, [0, 1, 2, 3], [], 0, RuleConfig.ffb())
    (0, 200)
    >>> engine.announcement_credit(hands, [1], [], 0, RuleConfig.ffb())
    (0, 100)

    :raises CoincheTypeError: an argument of the wrong type (the numbers read as
        :meth:`Position.start` reads them).
    :raises CoincheValueError: not four hands, or more than four declaring seats.
    """
    if not isinstance(rules, RuleConfig):
        raise CoincheTypeError(f"rules must be a RuleConfig, not {short_repr(rules)}")
    given: tuple[object, ...] = check_sequence(hands, "hands", min_len=4, max_len=4)
    masks = [_integer(h, "a hand mask", 0, K.ALL_CARDS) for h in given]
    given = check_sequence(declaring, "declaring", max_len=4)
    seats = [_integer(s, "a seat", 0, 3) for s in given]
    listed = check_sequence(declared, "declared", Announcement)
    return _credit(masks, seats, listed, _integer(strain, "strain", 0, 5), rules)


def _credit(
    hands: Sequence[int],
    declaring: Sequence[int],
    declared: Sequence[Announcement],
    strain: int,
    rules: RuleConfig,
) -> tuple[int, int]:
    """:func:`announcement_credit` of arguments already checked."""
    if not rules.announcements:
        return 0, 0
    listed = list(declared)
    for seat in declaring:
        listed += find_in_mask(hands[seat], Strain(strain), rules.runs_in_trump, Seat(seat))
    team, counted = compare_announcements(listed, Strain(strain), rules)
    points = [0, 0]
    if team is not None:
        points[int(team)] = sum(a.points for a in counted)
    return points[0], points[1]


def _integer(value: object, name: str, low: int, high: int) -> int:
    """*value* as an int, if it is an integer from *low* to *high*: an ``int`` or a
    type with ``__index__`` (NumPy's), not a ``bool``; else the library's error naming
    it (the same in both builds: the compiled one would refuse a NumPy int itself)."""
    if type(value) is int and low <= value <= high:  # the usual case, cheaply
        return value
    number = -1
    index = False
    if not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
            index = True
        except TypeError:
            pass
    if not index or not low <= number <= high:
        raise CoincheTypeError(
            f"{name} must be an integer from {low} to {high}, not {short_repr(value)}"
        )
    return number


def _not_over(played: int) -> NoReturn:
    raise InvalidDealError(f"the deal is not over: {played} of its 32 cards are played")


def _bad_argument(message: str) -> NoReturn:
    raise CoincheTypeError(message)
