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

from typing import TYPE_CHECKING, Final

from coinche import _kernel as K

if TYPE_CHECKING:
    from coinche.announcements import Announcement
    from coinche.config import RuleConfig
    from coinche.deal import Deal

__all__ = [
    "PlayState",
    "cards_of",
    "lowest_card",
    "random_card",
    "random_hands",
    "random_playout",
]

_MASK32: Final = 0xFFFFFFFF


def lowest_card(mask: int) -> int:
    """The index of the lowest card in a non-empty *mask* (clubs 7 first).

    >>> from coinche import Hand, engine
    >>> engine.lowest_card(Hand.parse("AS 9H").mask)     # 9H: index 8 * 2 + 2
    18
    """
    return K.lowest(mask)


def cards_of(mask: int) -> list[int]:
    """The indices of the cards in *mask*, lowest first.

    >>> from coinche import Hand, engine
    >>> engine.cards_of(Hand.parse("7C 8C AS").mask)
    [0, 1, 31]
    """
    found: list[int] = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _xorshift(x: int) -> int:
    """One step of a 32-bit xorshift generator (never 0 from a non-zero seed)."""
    x ^= (x << 13) & _MASK32
    x ^= x >> 17
    x ^= (x << 5) & _MASK32
    return x


def _seed(seed: int) -> int:
    """A non-zero 32-bit generator state from any int."""
    x = (seed * 2654435761 + 0x9E3779B9) & _MASK32
    return x if x else 0x9E3779B9


def random_card(mask: int, x: int) -> int:
    """The card of non-empty *mask* chosen by the 32-bit random number *x*.

    The same *mask* and *x* give the same card on every platform and build.

    >>> from coinche import Hand, engine
    >>> engine.random_card(Hand.parse("7C 8C").mask, 3)   # 3 % 2 = 1: the second card
    1
    """
    k = x % mask.bit_count()
    while k:
        mask &= mask - 1
        k -= 1
    return K.lowest(mask)


def random_hands(seed: int) -> tuple[int, int, int, int]:
    """Four random hands of eight cards (masks, by seat) drawn from *seed*.

    A Fisher-Yates shuffle driven by the engine's own small generator: fast, and the
    same on every platform and build, but not for cryptography.

    >>> from coinche import engine
    >>> hands = engine.random_hands(2026)
    >>> [bin(h).count("1") for h in hands], hands[0] | hands[1] | hands[2] | hands[3]
    ([8, 8, 8, 8], 4294967295)
    """
    deck = list(range(32))
    x = _seed(seed)
    for i in range(31, 0, -1):
        x = _xorshift(x)
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    masks = [0, 0, 0, 0]
    for i in range(32):
        masks[i >> 3] |= K.BIT[deck[i]]
    return masks[0], masks[1], masks[2], masks[3]


class PlayState:
    """The play phase of one deal, on ints, mutable (see the module's docs).

    Build one with :meth:`from_deal` (any point of a :class:`~coinche.Deal`'s play, even
    in the middle of a trick) or :meth:`from_hands` (four hand masks and a contract).
    Attributes are read-only by convention: change a state only through
    :meth:`play`, :meth:`undo` and :meth:`copy`.

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

    hands: list[int]
    """The cards each seat still holds, as masks, by seat."""
    strain: int
    """The contract's strain, 0 to 5."""
    flags: int
    """The play options (:attr:`RuleConfig.play_flags <coinche.RuleConfig.play_flags>`)."""
    leader: int
    """The seat that led the trick in progress."""
    to_move: int
    """The seat to play (meaningless once :attr:`is_over`)."""
    count: int
    """How many cards are in the trick in progress (0 to 3)."""
    trick: list[int]
    """The cards of the trick in progress (the first :attr:`count` entries)."""
    points: list[int]
    """Card points won so far by each team (with the last-trick bonus at the end)."""
    won: list[int]
    """Tricks won so far by each seat."""
    played: list[int]
    """Every card played in the deal, in order (those before the conversion included)."""
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
    belote_team: int
    """The team credited with belote at the end, or -1."""
    announcements: tuple[int, int]
    """Announcement points that score, by team (after comparison)."""
    _undo: list[int]

    def __init__(
        self,
        hands: list[int],
        strain: int,
        flags: int,
        leader: int,
        options: tuple[int, ...],
        taker: int,
        kind: int,
        value: int,
        multiplier: int,
        belote_team: int,
        announcements: tuple[int, int],
    ) -> None:
        self.hands = hands
        self.strain = strain
        self.flags = flags
        self.leader = leader
        self.to_move = leader
        self.count = 0
        self.trick = [0, 0, 0, 0]
        self.points = [0, 0]
        self.won = [0, 0, 0, 0]
        self.played = []
        self.options = options
        self.taker = taker
        self.kind = kind
        self.value = value
        self.multiplier = multiplier
        self.belote_team = belote_team
        self.announcements = announcements
        self._undo = []

    # ------------------------------------------------------------------ building
    @classmethod
    def from_hands(
        cls,
        hands: list[int] | tuple[int, ...],
        rules: RuleConfig,
        *,
        taker: int,
        strain: int,
        value: int,
        leader: int,
        multiplier: int = 1,
        kind: int = 0,
    ) -> PlayState:
        """A deal about to start its play: four hand masks (by seat) and a contract.

        *value* is the contract's points (250 for a capot, with *kind* 1; 500 for a
        générale, *kind* 2). Belote goes to the holder's team (declared), and with
        announcements on every seat declares everything it holds, as
        :class:`~coinche.Deal` does by default. The hands are not checked: use
        :class:`~coinche.Deal` for checked input.
        """
        masks = [hands[0], hands[1], hands[2], hands[3]]
        holder = K.belote_holder(masks[0], masks[1], masks[2], masks[3], strain)
        ann = _announcement_points(masks, [0, 1, 2, 3], [], strain, rules)
        return cls(
            masks,
            strain,
            rules.play_flags,
            leader,
            rules.score_options,
            taker,
            kind,
            value,
            multiplier,
            holder & 1 if holder >= 0 else -1,
            ann,
        )

    @classmethod
    def from_deal(cls, deal: Deal) -> PlayState:
        """The play of *deal* from where it stands (its auction must be over).

        Announcements already declared count as declared; seats that have not yet
        played in the first trick declare everything they hold, and a belote holder
        that has not yet played its king or queen declares belote (the defaults of
        :meth:`Deal.apply <coinche.Deal.apply>`), so that :meth:`to_deal` replays the
        same deal.

        :raises InvalidDealError: the deal is not in its play phase.
        """
        from coinche.contract import CAPOT, GENERALE
        from coinche.deal import Phase
        from coinche.errors import InvalidDealError

        if deal.phase is not Phase.PLAY:
            raise InvalidDealError(
                f"a PlayState starts from a deal in its play phase, not {deal.phase.value}"
            )
        contract = deal.contract
        assert contract is not None
        rules = deal.rules
        strain = int(contract.strain)
        dealt = [deal.hands[seat].mask for seat in range(4)]
        kind = 1 if contract.value is CAPOT else 2 if contract.value is GENERALE else 0
        # replay the cards played so far on a fresh state from the dealt hands
        first = [card for trick in deal.tricks for card in trick.cards]
        current = deal.trick
        if current is not None:
            first += current.cards
        assert current is not None  # in the play phase there is always a trick
        leader0 = deal.tricks[0].leader if deal.tricks else current.leader
        holder = K.belote_holder(dealt[0], dealt[1], dealt[2], dealt[3], strain)
        belote_team = -1
        if holder >= 0:
            played_mask = 0
            for card in first:
                played_mask |= card.mask
            # the holder declares with the first of its king and queen, by default
            untouched = not played_mask & K.belote_mask(strain)
            if not rules.belote_requires_declaration or deal.belote_declared or untouched:
                belote_team = holder & 1
        # announcements: those declared, plus everything of seats yet to play in trick 1
        not_yet: list[int] = []
        if not deal.tricks:
            started = len(current.cards) if current is not None else 0
            not_yet = [(int(leader0) + i) & 3 for i in range(started, 4)]
        ann = _announcement_points(dealt, not_yet, list(deal.announcements), strain, rules)
        state = cls(
            dealt,
            strain,
            rules.play_flags,
            int(leader0),
            rules.score_options,
            int(contract.taker),
            kind,
            contract.points,
            contract.multiplier,
            belote_team,
            ann,
        )
        for card in first:
            state.play(card.index)
        return state

    def to_deal(self, deal: Deal) -> Deal:
        """*deal* with the cards this state played since it was taken from *deal*.

        Each card is applied through :meth:`Deal.apply <coinche.Deal.apply>`, checked,
        with the default declarations; *deal* must be the deal this state came from (or
        that deal at an earlier point of its play).

        :raises IllegalActionError: a card is not legal in *deal* (not the same deal).
        """
        from coinche.cards import CARDS

        done = sum(len(trick.cards) for trick in deal.tricks)
        if deal.trick is not None:
            done += len(deal.trick.cards)
        for card in self.played[done:]:
            deal = deal.apply(CARDS[card])
        return deal

    def copy(self) -> PlayState:
        """An independent copy (its own lists): play on one, the other stays."""
        other = PlayState(
            self.hands[:],
            self.strain,
            self.flags,
            self.leader,
            self.options,
            self.taker,
            self.kind,
            self.value,
            self.multiplier,
            self.belote_team,
            self.announcements,
        )
        other.to_move = self.to_move
        other.count = self.count
        other.trick = self.trick[:]
        other.points = self.points[:]
        other.won = self.won[:]
        other.played = self.played[:]
        other._undo = self._undo[:]
        return other

    # ------------------------------------------------------------------ playing
    @property
    def is_over(self) -> bool:
        """True once all 32 cards are played."""
        return len(self.played) == 32

    @property
    def tricks_played(self) -> int:
        """How many tricks are complete."""
        return len(self.played) >> 2

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points won so far by North-South and East-West."""
        return self.points[0], self.points[1]

    def legal_mask(self) -> int:
        """The cards the seat to move may play, as a mask (never empty before the end)."""
        t = self.trick
        return (
            K.legal(
                self.hands[self.to_move], self.count, t[0], t[1], t[2], self.strain, self.flags
            )
            & _MASK32
        )

    def play(self, card: int) -> None:
        """The seat to move plays *card* (an index), **unchecked**.

        The card must be in :meth:`legal_mask`; anything else leaves a state that no
        deal can reach.
        """
        seat = self.to_move
        self.hands[seat] &= ~K.BIT[card]
        n = self.count
        trick = self.trick
        trick[n] = card
        self.played.append(card)
        if n < 3:
            self.count = n + 1
            self.to_move = (seat + 1) & 3
            return
        leader = self.leader
        strain = self.strain
        winner = K.trick_winner(leader, trick[0], trick[1], trick[2], card, strain)
        gained = K.trick_points(trick[0], trick[1], trick[2], card, strain)
        if len(self.played) == 32:
            gained += K.LAST_TRICK_BONUS
        self.points[winner & 1] += gained
        self.won[winner] += 1
        self._undo.append(leader | gained << 2)
        self.leader = winner
        self.to_move = winner
        self.count = 0

    def play_checked(self, card: int) -> None:
        """:meth:`play`, after checking that *card* is legal.

        :raises IllegalCardError: *card* is not in :meth:`legal_mask`.
        :raises InvalidDealError: *card* is not a card index, or the deal is over.
        """
        from coinche.cards import CARDS
        from coinche.errors import IllegalCardError, InvalidDealError
        from coinche.seats import Seat

        if type(card) is not int or not 0 <= card < 32:
            raise InvalidDealError(f"a card index is an int from 0 to 31, not {card!r:.40}")
        if self.is_over:
            raise InvalidDealError("the deal is over: no card can be played")
        if not self.legal_mask() & K.BIT[card]:
            raise IllegalCardError(
                CARDS[card], Seat(self.to_move), "it is not among the legal cards"
            )
        self.play(card)

    def undo(self) -> None:
        """Take back the last card played (the state is as it was before it).

        :raises IndexError: no card was played on this state.
        """
        card = self.played.pop()
        n = self.count
        if n == 0:  # the card completed a trick: restore the trick and its winner
            packed = self._undo.pop()
            winner = self.leader
            self.leader = packed & 3
            self.points[winner & 1] -= packed >> 2
            self.won[winner] -= 1
            played = self.played
            size = len(played)
            self.trick[0] = played[size - 3]
            self.trick[1] = played[size - 2]
            self.trick[2] = played[size - 1]
            n = 4
        seat = (self.leader + n - 1) & 3
        self.count = n - 1
        self.to_move = seat
        self.hands[seat] |= K.BIT[card]

    def score(self) -> tuple[int, int]:
        """The deal score of North-South and East-West (the deal must be over).

        The same figure as :attr:`DealResult.score <coinche.DealResult.score>` for the
        same deal, computed by the same kernel function.
        """
        figures = K.score(
            self.options,
            self.taker,
            self.kind,
            self.value,
            self.multiplier,
            self.points[0],
            self.points[1],
            (self.won[0], self.won[1], self.won[2], self.won[3]),
            self.belote_team,
            self.announcements[0],
            self.announcements[1],
        )
        return figures[K.F_SCORE_NS], figures[K.F_SCORE_EW]

    def __repr__(self) -> str:
        return (
            f"<PlayState strain={self.strain} to_move={self.to_move} "
            f"played={len(self.played)} points={self.points[0]}/{self.points[1]}>"
        )


def random_playout(state: PlayState, seed: int) -> tuple[int, int]:
    """Play random legal cards from *state* to the end; return the deal's score.

    *state* is changed (played out): pass ``state.copy()`` to keep it. The choices come
    from the engine's own generator seeded by *seed*, so the same state and seed give
    the same deal, interpreted or compiled.

    >>> from coinche import RuleConfig, engine
    >>> hands = engine.random_hands(1)
    >>> state = engine.PlayState.from_hands(hands, RuleConfig.common(), taker=0,
    ...                                     strain=2, value=80, leader=1)
    >>> ns, ew = engine.random_playout(state.copy(), seed=5)
    >>> state.tricks_played, sum(state.won)       # the copy was played, not state
    (0, 0)
    """
    x = _seed(seed)
    played = state.played
    while len(played) < 32:
        x = _xorshift(x)
        state.play(random_card(state.legal_mask(), x))
    return state.score()


def _announcement_points(
    hands: list[int],
    declaring: list[int],
    declared: list[Announcement],
    strain: int,
    rules: RuleConfig,
) -> tuple[int, int]:
    """Announcement points by team: *declared* plus all those of the *declaring* seats."""
    if not rules.announcements:
        return 0, 0
    from coinche.announcements import compare_announcements, find_in_mask
    from coinche.cards import Strain
    from coinche.seats import Seat

    listed = list(declared)
    for seat in declaring:
        listed += find_in_mask(hands[seat], Strain(strain), rules.runs_in_trump, Seat(seat))
    team, counted = compare_announcements(listed, Strain(strain), rules)
    points = [0, 0]
    if team is not None:
        points[int(team)] = sum(a.points for a in counted)
    return points[0], points[1]
