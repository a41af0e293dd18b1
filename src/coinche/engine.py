"""A fast play-phase engine on ints, for simulations, solvers and bots.

The value layer (:class:`~coinche.Deal`, :func:`~coinche.legal_cards`) checks every
argument and builds immutable objects at every card: right for a game server, slow for
a loop that plays millions of cards. :class:`PlayState` is the same play phase on
plain ints, computed by the same kernel as the rest of the library: cards are indices
0 to 31 (:attr:`Card.index <coinche.Card.index>`, ``8 * suit + rank``), hands and
sets of cards are 32-bit masks (:attr:`Hand.mask <coinche.Hand.mask>`), seats are
0 to 3 (North, East, South, West) and a team is ``seat & 1``.

A state is **mutable**: :meth:`PlayState.play` plays a card and :meth:`PlayState.undo`
takes it back, the way a search walks a tree (python-chess's ``push``/``pop``), and
:meth:`PlayState.copy` forks it. That is cheaper than building a new state per card,
which every search and playout would pay at every node. :meth:`~PlayState.play` does
**not** check that the card is legal: ask :meth:`~PlayState.legal_mask` first, or use
:meth:`~PlayState.play_checked`.

>>> import random
>>> from coinche import Bid, PASS, RuleConfig, Seat, Strain, engine
>>> from coinche.deal import Deal
>>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(7))
>>> deal = deal.apply(Bid(90, Strain.SPADES))
>>> for _ in range(3):
...     deal = deal.apply(PASS)
>>> state = engine.PlayState.from_deal(deal)
>>> state.to_move, state.tricks_played, state.is_over
(0, 0, False)
>>> mask = state.legal_mask()            # North leads: any card of its hand
>>> mask == deal.hand(Seat.NORTH).mask
True
>>> while not state.is_over:
...     state.play(engine.lowest_card(state.legal_mask()))
>>> finished = state.to_deal(deal)       # the same line, replayed through Deal
>>> finished.result.score.north_south == state.score()[0]
True
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, SupportsIndex, cast

from mypy_extensions import i64
from typing_extensions import override

from coinche import _kernel as K
from coinche import _playout as P
from coinche._checks import check_int_range, check_type, short_repr
from coinche._play_kernel import TRICK_GOES_ON, PlayCore
from coinche._playout import GREEDY, RANDOM
from coinche.cards import CARDS
from coinche.config import RuleConfig
from coinche.errors import CoincheTypeError, IllegalCardError, InvalidDealError
from coinche.position import (
    Position,
    _bad_argument,
    _integer,
    _not_over,
    announcement_credit,
)
from coinche.seats import Seat

if TYPE_CHECKING:  # an annotation: the deal is read, never imported (see _position_of)
    from coinche.deal import Deal

__all__ = [
    "GREEDY",
    "RANDOM",
    "PlayState",
    "Position",
    "announcement_credit",
    "cards_of",
    "lowest_card",
    "playout",
    "playouts",
    "random_card",
    "random_hands",
    "random_playout",
    "random_playouts",
]

_MASK32: Final = 0xFFFFFFFF


def lowest_card(mask: SupportsIndex) -> int:
    """The index of the lowest card in a non-empty *mask* (clubs 7 first).

    >>> from coinche import Hand, engine
    >>> engine.lowest_card(Hand.parse("AS 9H").mask)     # 9H: index 8 * 2 + 2
    18

    *mask* is an integer (an ``int``, or a NumPy integer read as one; the same in both
    builds).

    :raises InvalidDealError: *mask* is empty or not a 32-bit mask.
    """
    return K.lowest(_mask(mask, "lowest_card", 1))


def cards_of(mask: SupportsIndex) -> list[int]:
    """The indices of the cards in *mask*, lowest first.

    >>> from coinche import Hand, engine
    >>> engine.cards_of(Hand.parse("7C 8C AS").mask)
    [0, 1, 31]

    :raises InvalidDealError: *mask* is not a 32-bit mask (an integer from 0 to
        2**32 - 1).
    """
    bits = _mask(mask, "cards_of", 0)
    found: list[int] = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


def _mask(mask: object, what: str, low: int) -> int:
    """*mask* as an int if it is an integer (an ``int`` or a type with ``__index__``,
    not a ``bool``) from *low* to 2**32 - 1; else the library's error naming it."""
    if type(mask) is int and low <= mask <= _MASK32:  # the usual case, cheaply
        return mask
    try:
        number = -1 if isinstance(mask, bool) else operator.index(cast(SupportsIndex, mask))
    except TypeError:
        number = -1
    if number < 0 or number > _MASK32:
        raise InvalidDealError(f"{what} takes a 32-bit card mask, not {short_repr(mask)}")
    if number < low:
        raise InvalidDealError(f"{what} needs a mask holding at least one card, not 0")
    return number


def random_card(mask: SupportsIndex, x: SupportsIndex) -> int:
    """The card of non-empty *mask* chosen by the 32-bit random number *x*.

    The same *mask* and *x* give the same card on every platform and build.

    >>> from coinche import Hand, engine
    >>> engine.random_card(Hand.parse("7C 8C").mask, 3)   # 3 % 2 = 1: the second card
    1

    :raises InvalidDealError: *mask* is empty or not a 32-bit mask.
    :raises CoincheTypeError: *x* is not an integer (of 64 bits at most).
    """
    bits = _mask(mask, "random_card", 1)
    return P.pick(bits, _integer(x, "x", -(1 << 63), (1 << 63) - 1) % K.count(bits))


def random_hands(seed: object) -> tuple[int, int, int, int]:
    """Four random hands of eight cards (masks, by seat) drawn from *seed*.

    A Fisher-Yates shuffle driven by the engine's own small generator: fast, and the
    same on every platform and build, but not for cryptography.

    >>> from coinche import engine
    >>> hands = engine.random_hands(2026)
    >>> [bin(h).count("1") for h in hands], hands[0] | hands[1] | hands[2] | hands[3]
    ([8, 8, 8, 8], 4294967295)
    """
    # *seed* an int (any size; typed object so that the compiled build checks it too)
    number: int = seed if type(seed) is int else check_type(seed, int, "seed")
    deck = list(range(32))
    x = P.seed_of(number)
    for i in range(31, 0, -1):
        x = P.xorshift(x)
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    masks = [0, 0, 0, 0]
    for i in range(32):
        masks[i >> 3] |= K.BIT[deck[i]]
    return masks[0], masks[1], masks[2], masks[3]


class PlayState(PlayCore):
    """The mutable twin of :class:`Position`, for search (see the module's docs).

    The same fields as a :class:`Position` (:attr:`hands` and the others), changed in
    place: :meth:`play` plays a card, :meth:`undo` takes it back, :meth:`copy` forks
    the state, :meth:`position` freezes it. Build one with :meth:`from_deal` (any point
    of a :class:`~coinche.Deal`'s play, even in the middle of a trick),
    :meth:`from_position` or :meth:`from_hands` (four hand masks and a contract).
    Attributes are read-only by convention: change a state only through :meth:`play`,
    :meth:`undo` and :meth:`copy`. States copy, deep-copy and pickle, in both builds.

    Its cards, trick and points are fields of the kernel's ``PlayCore`` (whose step
    :meth:`play` calls): ``strain``, ``flags`` (:attr:`RuleConfig.play_flags
    <coinche.RuleConfig.play_flags>`), ``leader`` and ``size`` (0 to 3) of the trick in
    progress and its cards ``c0 c1 c2`` (below ``size``), ``to_move`` (the seat to play).
    The kernel's own methods that it inherits (``step``, ``unstep``, ``load``, ``hand``)
    are the search's unchecked fast paths, like :meth:`play`: a caller outside the search
    uses :meth:`play_checked`, :meth:`undo`, :meth:`copy` and :attr:`hands`.

    >>> from coinche import Hand, RuleConfig, engine
    >>> hands = [Hand.parse(h).mask for h in ("JH 9H AH TH KH QH 8H 7H",
    ...          "7C 8C 9C TC JC QC KC AC", "7S 8S 9S TS JS QS KS AS",
    ...          "7D 8D 9D TD JD QD KD AD")]
    >>> state = engine.PlayState.from_hands(hands, RuleConfig.common(), taker=0,
    ...                                     strain=2, value=80, leader=0)
    >>> while not state.is_over:       # North cashes eight hearts: capot
    ...     state.play(engine.lowest_card(state.legal_mask()))
    >>> state.card_points, state.score()    # 250 + belote 20 + contract 80
    ((162, 0), (350, 0))
    """

    # slots: interpreted, past 30 attributes CPython 3.11 stops sharing instance dict keys
    __slots__ = (
        "_base", "_origin", "_undo", "announcements", "belote_holder", "belote_open",
        "belote_team", "kind", "multiplier", "options", "played", "taker", "value",
    )  # fmt: skip

    played: list[int]
    """Every card played in the deal, in order (with :meth:`from_deal`, those before
    the conversion included; with :meth:`from_position`, only those played since)."""
    options: tuple[int, ...]
    """As :attr:`Position.options` (and the next four: the contract's figures)."""
    taker: i64
    kind: i64
    value: i64
    multiplier: i64
    belote_holder: i64
    """As :attr:`Position.belote_holder`."""
    belote_team: i64
    """The team credited with belote at the end, or -1 (as :attr:`Position.belote_team`;
    a state's holder always declares it)."""
    belote_open: i64
    """1 while the holder must still declare belote, as the state was made: a state's
    holder always declares it, so :meth:`position` reads whether it still has to from
    the holder's hand (:attr:`Position.belote_open`)."""
    announcements: tuple[int, int]
    """Announcement points that score, by team (after comparison)."""
    _origin: Position  # the position this state was made at
    _base: i64  # how many of played were played before this state was made
    _undo: list[int]  # per complete trick: what the kernel's step returned for it

    def __init__(self, pos: object, played: object) -> None:
        # the constructor is public (both builds): its arguments checked, typed object so
        # that the compiled build reaches the checks too
        if type(pos) is not Position:
            check_type(pos, Position, "pos")
        position = cast(Position, pos)
        moves = _check_played(played)
        h = position.hands
        p = position.points
        w = position.won
        super().__init__(
            h[0], h[1], h[2], h[3], position.strain, position.flags, position.leader,
            position.size, position.c0, position.c1, position.c2, p[0], p[1], w[0], w[1],
            w[2], w[3],
        )  # fmt: skip
        self.played = moves
        self.options = position.options
        self.taker = position.taker
        self.kind = position.kind
        self.value = position.value
        self.multiplier = position.multiplier
        self.belote_holder = position.belote_holder
        self.belote_team = position.belote_team
        self.belote_open = position.belote_open
        self.announcements = position.announcements
        self._origin = position
        self._base = len(moves)
        self._undo = []

    @property
    def hands(self) -> tuple[int, int, int, int]:
        """The cards each seat still holds, as masks, by seat (a new tuple each time:
        change the hands only through :meth:`play` and :meth:`undo`)."""
        return self.h0, self.h1, self.h2, self.h3

    @property
    def points(self) -> tuple[int, int]:
        """Card points won so far by each team (with the last-trick bonus at the end),
        as :attr:`card_points`."""
        return self.p0, self.p1

    @property
    def won(self) -> tuple[int, int, int, int]:
        """Tricks won so far by each seat."""
        return self.w0, self.w1, self.w2, self.w3

    # ------------------------------------------------------------------ building
    @classmethod
    def from_position(cls, pos: object) -> PlayState:
        """A state at *pos*, a :class:`Position`; :meth:`undo` goes back no further.

        (*pos* is typed ``object`` so that the compiled build, too, answers anything
        else with the library's error, not with its own TypeError.)

        >>> from coinche import RuleConfig, engine
        >>> pos = engine.Position.start(engine.random_hands(1), RuleConfig(), taker=0,
        ...                             strain=3, value=80, leader=0)
        >>> state = engine.PlayState.from_position(pos)
        >>> state.position() == pos
        True
        """
        if not isinstance(pos, Position):
            _bad_argument(f"from_position takes a Position, not {type(pos).__name__}")
        return cls(pos, [])

    @classmethod
    def from_hands(
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
    ) -> PlayState:
        """A deal about to start its play: :meth:`Position.start`'s position (its
        arguments checked as it checks them) as a state.

        :raises CoincheTypeError: as :meth:`Position.start`.
        """
        return cls(
            Position.start(
                hands,
                rules,
                taker=taker,
                strain=strain,
                value=value,
                leader=leader,
                multiplier=multiplier,
                kind=kind,
            ),
            [],
        )

    @classmethod
    def from_deal(cls, deal: Deal) -> PlayState:
        """The play of *deal* from where it stands (its auction must be over): its
        :attr:`~coinche.Deal.position`, with the cards played so far in :attr:`played`.

        The position counts the announcements already declared as declared; seats that
        have not yet played in the first trick declare everything they hold, and a belote
        holder that has not yet played its king or queen declares belote (the defaults of
        :meth:`Deal.apply <coinche.Deal.apply>`), so that :meth:`to_deal` replays the
        same deal.

        :raises InvalidDealError: *deal* is not a deal in its play phase.
        """
        pos = _position_of(deal, "from_deal")
        if pos is None or deal.is_over:
            raise InvalidDealError(
                f"a PlayState starts from a deal in its play phase, not {deal.phase.value}"
            )
        return cls(pos, deal._card_indices())

    def position(self) -> Position:
        """The state as an immutable :class:`Position`."""
        n = self.size
        return Position(
            (self.h0, self.h1, self.h2, self.h3), self.strain, self.flags, self.leader, n,
            self.c0 if n > 0 else 0, self.c1 if n > 1 else 0, self.c2 if n > 2 else 0,
            (self.p0, self.p1), (self.w0, self.w1, self.w2, self.w3), self.options,
            self.taker, self.kind, self.value, self.multiplier, self.belote_holder,
            self.belote_team, self._belote_still_open(), self.announcements,
        )  # fmt: skip

    def _belote_still_open(self) -> int:
        """1 while the holder must still declare belote: it was open when the state was
        made and the holder still holds both the king and the queen of trumps."""
        if not self.belote_open:
            return 0
        pair = K.belote_mask(self.strain)
        return 1 if self.hand(self.belote_holder) & pair == pair else 0

    def to_deal(self, deal: Deal) -> Deal:
        """*deal* with the cards this state played since it was taken from *deal*.

        Each card is applied through :meth:`Deal.apply <coinche.Deal.apply>`, checked,
        with the default declarations. *deal* must be the deal this state came from (the
        deal of :meth:`from_deal`, or a deal whose :attr:`~coinche.Deal.position` is the
        one :meth:`from_position` was given), or that deal at an earlier point of the
        state's line.

        :raises InvalidDealError: *deal* is not that deal (its cards or its position
            are not those of this state's line).
        """
        if _position_of(deal, "to_deal") == self._origin:
            rest = self.played[self._base :]
        else:
            done = deal._card_indices()
            if len(done) > len(self.played) or self.played[: len(done)] != done:
                raise InvalidDealError(
                    "to_deal needs the deal this state came from (or an earlier point of "
                    "its line): the cards that deal has played are not this state's"
                )
            rest = self.played[len(done) :]
        for card in rest:
            if not deal.is_legal(CARDS[card]):
                break
            deal = deal.apply(CARDS[card])
        if deal.position != self.position():
            raise InvalidDealError(
                "to_deal needs the deal this state came from: this state's cards do not "
                "replay on it to the state's position"
            )
        return deal

    def copy(self) -> PlayState:
        """An independent copy (its own lists): play on one, the other stays."""
        other = PlayState(self._origin, self.played[:])  # then what play and undo change
        other.load(self)
        other._base = self._base
        other._undo = self._undo[:]
        return other

    def __copy__(self) -> PlayState:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> PlayState:
        return self.copy()

    @override
    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return _restore, (
            self.position(),
            self._origin,
            self.played[:],
            self._base,
            self._undo[:],
        )

    # ------------------------------------------------------------------ playing
    @property
    def is_over(self) -> bool:
        """True once all 32 cards are played."""
        return self.w0 + self.w1 + self.w2 + self.w3 == 8

    @property
    def tricks_played(self) -> int:
        """How many tricks are complete."""
        return self.w0 + self.w1 + self.w2 + self.w3

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick in progress, in the order played."""
        return (self.c0, self.c1, self.c2)[: self.size]

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points won so far by North-South and East-West."""
        return self.p0, self.p1

    def legal_mask(self) -> int:
        """The cards the seat to move may play, as a mask (empty once the deal is over)."""
        t = self.to_move  # (the hand read here: a call less, the engine's hottest query)
        hand = self.h0 if t == 0 else self.h1 if t == 1 else self.h2 if t == 2 else self.h3
        legal = K.legal(hand, self.size, self.c0, self.c1, self.c2, self.strain, self.flags)
        return legal & _MASK32

    def play(self, card: SupportsIndex) -> None:
        """The seat to move plays *card*, **unchecked**: the kernel's step
        (``PlayCore.step``), in place.

        *card* is a card index, 0 to 31: an ``int``, or any integer type with
        ``__index__`` (a NumPy integer), kept as the ``int`` it stands for; the same in
        both builds. Whether the card is legal is not checked: it must be in
        :meth:`legal_mask`, anything else leaves a state that no deal can reach. Use
        :meth:`play_checked` for input from outside the program.

        :raises InvalidDealError: *card* is not a card index.
        """
        index = card if type(card) is int and 0 <= card < 32 else _card_index(card)
        record = self.step(index)
        self.played.append(index)
        if record != TRICK_GOES_ON:
            self._undo.append(record)

    def play_checked(self, card: object) -> None:
        """:meth:`play`, after checking that *card* is legal.

        *card* is an integer from 0 to 31: an ``int`` or any integer type with
        ``__index__`` (a NumPy integer), but not a ``bool``; the same in both builds.

        :raises IllegalCardError: *card* is not in :meth:`legal_mask`.
        :raises InvalidDealError: *card* is not a card index, or the deal is over.
        """
        index = _card_index(card)
        if self.is_over:
            raise InvalidDealError("the deal is over: no card can be played")
        if not self.legal_mask() & K.BIT[index]:
            raise IllegalCardError(
                CARDS[index], Seat(self.to_move), "it is not among the legal cards"
            )
        self.play(index)

    def undo(self) -> None:
        """Take back the last card played (the state is as it was before it).

        :raises InvalidDealError: no card was played on this state (a state made by
            :meth:`from_deal` does not go back before the deal it was made from).
        """
        if len(self.played) <= self._base:
            raise InvalidDealError("nothing to undo: no card was played on this state")
        card: i64 = self.played.pop()
        # a state at the start of a trick had its last card complete one (the trick it
        # was made in, if any, began before it and is never taken back whole)
        self.unstep(card, self._undo.pop() if self.size == 0 else TRICK_GOES_ON)

    def score(self) -> tuple[int, int]:
        """The deal score of North-South and East-West once the deal is over: the same
        figure as :attr:`DealResult.score <coinche.DealResult.score>` for the same deal,
        computed by the same kernel function.

        :raises InvalidDealError: the deal is not over.
        """
        if not self.is_over:
            _not_over(len(self.played))
        ann = self.announcements
        return K.deal_score(
            self.options,
            self.taker,
            self.kind,
            self.value,
            self.multiplier,
            self.p0,
            self.p1,
            self.w0,
            self.w1,
            self.w2,
            self.w3,
            self.belote_team,
            ann[0],
            ann[1],
        )

    @override
    def __repr__(self) -> str:
        return (
            f"<PlayState strain={self.strain} to_move={self.to_move} "
            f"played={len(self.played)} points={self.p0}/{self.p1}>"
        )


# ---------------------------------------------------------------------- playouts
def _check_playout(
    state: object, count: object, seed: object, policy: object
) -> tuple[PlayState, int, int, int]:
    """The arguments of the playout functions, or the library's error for a bad one
    (they are typed ``object``, so that the compiled build too answers with it)."""
    if (  # the usual case first, cheaply
        isinstance(state, PlayState)
        and type(count) is int
        and 0 <= count <= 1 << 62
        and type(seed) is int
        and type(policy) is int
        and RANDOM <= policy <= GREEDY
    ):
        return state, count, seed, policy
    if not isinstance(state, PlayState):
        _bad_argument(f"a playout starts from a PlayState, not {type(state).__name__}")
    return (
        state,
        check_int_range(count, "n", 0, 1 << 62),
        check_type(seed, int, "seed"),
        check_int_range(policy, "policy (engine.RANDOM or engine.GREEDY)", RANDOM, GREEDY),
    )


def _play_in_place(state: PlayState, policy: i64, seed: int) -> tuple[int, int]:
    """:func:`playout` unchecked: the engine's loop on the state, keeping its cards and
    tricks as :meth:`PlayState.play` does (so that :meth:`PlayState.undo` works)."""
    P.play_out(state, policy, P.seed_of(seed), state.played, state._undo)
    return state.score()


def random_playout(state: object, seed: object) -> tuple[int, int]:
    """Play random legal cards from *state* to the end; return the deal's score.

    *state* is changed (played out): pass ``state.copy()`` to keep it. The choices come
    from the engine's own generator seeded by *seed*, so the same state and seed give
    the same deal, interpreted or compiled. The same as ``playout(state, RANDOM, seed)``.

    >>> from coinche import RuleConfig, engine
    >>> hands = engine.random_hands(1)
    >>> state = engine.PlayState.from_hands(hands, RuleConfig.common(), taker=0,
    ...                                     strain=2, value=80, leader=1)
    >>> ns, ew = engine.random_playout(state.copy(), seed=5)
    >>> state.tricks_played, sum(state.won)       # the copy was played, not state
    (0, 0)

    :raises CoincheTypeError: *state* is not a PlayState or *seed* not an int.
    """
    checked, _, seed_int, _ = _check_playout(state, 1, seed, RANDOM)
    return _play_in_place(checked, RANDOM, seed_int)


def playout(state: object, policy: object = RANDOM, seed: object = 0) -> tuple[int, int]:
    """Play *state* to the end by *policy* (:data:`RANDOM` or :data:`GREEDY`); return
    the deal's score (North-South, East-West).

    *state* is changed, as by :meth:`PlayState.play` card by card (:attr:`PlayState.played`
    holds the line, :meth:`PlayState.undo` takes it back): pass ``state.copy()`` to keep
    it. The line is chosen in one call to the engine's loop (compiled in the compiled
    build); *seed* drives :data:`RANDOM` as in :func:`random_playout`.

    >>> from coinche import RuleConfig, engine
    >>> state = engine.PlayState.from_hands(engine.random_hands(1), RuleConfig.common(),
    ...                                     taker=0, strain=2, value=80, leader=1)
    >>> score = engine.playout(state, engine.GREEDY)
    >>> state.is_over, len(state.played), score == state.score()
    (True, 32, True)

    :raises CoincheTypeError: *state* is not a PlayState, *policy* not one of the two,
        or *seed* not an int.
    """
    checked, _, seed_int, code = _check_playout(state, 1, seed, policy)
    return _play_in_place(checked, code, seed_int)


def playouts(
    state: object, n: object, seed: object = 0, policy: object = RANDOM
) -> tuple[int, int]:
    """The totals of *n* playouts' deal scores from *state*: ``(North-South, East-West)``
    summed over the playouts; *state* is left unchanged.

    Playout ``i`` (0 to n - 1) is ``playout(state.copy(), policy, seed + i)``: with
    :data:`RANDOM`, the same deal as ``random_playout(state.copy(), seed + i)``. The
    whole batch runs in one call to the engine's loop (compiled in the compiled build:
    nothing returns to Python per card nor per playout).

    >>> from coinche import RuleConfig, engine
    >>> state = engine.PlayState.from_hands(engine.random_hands(1), RuleConfig.common(),
    ...                                     taker=0, strain=2, value=80, leader=1)
    >>> ns, ew = engine.playouts(state, 100, seed=7)
    >>> first = engine.random_playout(state.copy(), 7)   # playout 0 of the batch
    >>> one = engine.playouts(state, 1, seed=7)
    >>> one == first, state.tricks_played
    (True, 0)

    :raises CoincheTypeError: *state* is not a PlayState, *n* not an int >= 0,
        *policy* not :data:`RANDOM` or :data:`GREEDY`, or *seed* not an int.
    """
    st, count, seed_int, code = _check_playout(state, n, seed, policy)
    ann = st.announcements
    ns, ew = P.totals(
        st,
        st.options,
        (st.taker, st.kind, st.value, st.multiplier),
        (st.belote_team, ann[0], ann[1]),
        code,
        count,
        seed_int & 0xFFFFFFFF,
    )
    return ns, ew


def random_playouts(state: object, n: object, seed: object = 0) -> tuple[int, int]:
    """:func:`playouts` with the :data:`RANDOM` policy: the totals of *n* random
    playouts from *state* (left unchanged), playout ``i`` being
    ``random_playout(state.copy(), seed + i)``.

    >>> from coinche import RuleConfig, engine
    >>> state = engine.PlayState.from_hands(engine.random_hands(3), RuleConfig.common(),
    ...                                     taker=0, strain=1, value=80, leader=1)
    >>> loop = [engine.random_playout(state.copy(), 10 + i) for i in range(5)]
    >>> engine.random_playouts(state, 5, seed=10) == (sum(s[0] for s in loop),
    ...                                               sum(s[1] for s in loop))
    True

    :raises CoincheTypeError: as :func:`playouts`.
    """
    return playouts(state, n, seed, RANDOM)


def _restore(
    pos: Position,
    origin: Position,
    played: list[int],
    base: int,
    undo: list[int],
) -> PlayState:
    """A PlayState from what :meth:`PlayState.__reduce__` keeps (pickling)."""
    state = PlayState(pos, played)
    state._origin = origin
    state._base = base
    state._undo = undo
    return state


def _check_played(played: object) -> list[int]:
    """*played* a list of at most 32 card indices (what a PlayState keeps), else the
    library's error naming it."""
    if type(played) is not list or len(played) > 32:
        raise CoincheTypeError(
            f"played must be a list of at most 32 card indices, not {short_repr(played)}"
        )
    for card in played:
        if type(card) is not int or not 0 <= card < 32:
            raise CoincheTypeError(
                f"played must hold card indices from 0 to 31, not {short_repr(card)}"
            )
    return cast(list[int], played)


def _card_index(card: object) -> int:
    """A card index from an integer-like *card* (not a bool), checked to be 0 to 31."""
    index = -1
    if not isinstance(card, bool):
        try:
            index = operator.index(cast(SupportsIndex, card))
        except TypeError:
            index = -1
    if not 0 <= index < 32:
        raise InvalidDealError(f"a card index is an integer from 0 to 31, not {short_repr(card)}")
    return index


def _position_of(deal: Deal, what: str) -> Position | None:
    """*deal*'s :attr:`~coinche.Deal.position` (read, not imported: the deal module is
    a layer up), or the library's error when *deal* is no Deal."""
    given: object = deal
    pos: object = getattr(given, "position", _NO_POSITION)
    if pos is None or (pos is not _NO_POSITION and isinstance(pos, Position)):
        return pos
    return _bad_argument(f"{what} takes a Deal, not {type(given).__name__}")


_NO_POSITION: Final = object()
