"""Imagining the hidden hands: what a seat knows of the others' cards, and deals drawn
uniformly from everything that agrees with it.

A bot sees its own hand and what was played. :func:`constraints` turns a
:class:`~coinche.deal.PlayerView` into what that implies for each other seat: the cards
it must hold, the cards it cannot hold and how many cards it holds. :func:`count_deals`
counts the deals of the hidden cards that agree, exactly, and :func:`sample_deals` draws
deals from them, each with the same probability (by counting, not by rejection).

>>> import random
>>> from coinche import RuleConfig, Seat, Strain
>>> from coinche.auction import PASS, Bid
>>> from coinche.deal import Deal
>>> from coinche.bots.sampling import constraints, count_deals, sample_deals
>>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(3))
>>> deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
>>> rng = random.Random(0)
>>> for _ in range(9):           # two tricks and a card
...     deal = deal.apply(rng.choice(deal.legal_actions()))
>>> view = deal.view(Seat.SOUTH)
>>> known = constraints(view)
>>> view.trick.leader, known.sizes    # West led the third trick: five cards left
(<Seat.WEST: 3>, (6, 6, 6, 5))
>>> hands = sample_deals(view, 2, random.Random(1))[0]
>>> hands[Seat.SOUTH] == view.hand, sum(len(h) for h in hands)
(True, 23)
>>> count_deals(view) > 0
True

Where the inferences come from (each is sound: the true deal always agrees):

- **Cards played.** Each card a seat played was legal for the hand it held then, so
  that hand lacked every card that would have made it illegal. The test is the
  kernel's own (:func:`coinche._kernel.legal`), asked about the trick as it stood:
  card *x* is excluded from seat *s* when the hand *s* is known to have held then (the
  card it played, the cards it played later, the cards it is known to hold still) plus
  *x* would not allow the card played. Why one card at a time is enough is proved in
  :func:`_exclusions`.
- **Belote** (only when the rules ask for it to be declared, so that the view says so):
  the seat that declared it with the first of the king and queen of trumps holds the
  other, until it plays it.
- **Announcements** show their cards: the declaring seat holds those not yet played.
- **Classic belote**: the turned card went to the taker.

Decisions (documented behaviour):

- No inference is drawn from what was *not* declared: a seat may keep an announcement
  or its belote to itself (``declare=`` and ``belote=False`` in
  :meth:`Deal.apply <coinche.deal.Deal.apply>`), so silence proves nothing. Nor from
  the auction's calls, which follow no rule about the cards: worlds weighted by what
  the calls say are :func:`coinche.bots.inference.sample_worlds`'s.
- A deal *agrees* with a view when playing the same cards from it, with the same
  declarations, is legal at every card and shows the same view.
- Views of the play phase, and coinche-auction views (every seat holds eight unseen
  cards); a classic view before the stock is dealt is refused.
- **A view no deal can show is refused where it is made**: the
  :class:`~coinche.PlayerView` constructor (and so a view record) checks the whole view,
  each trick complete but the last, led by the winner of the one before (the first by
  :meth:`RuleConfig.first_leader <coinche.RuleConfig.first_leader>`), the seat to move
  the next in the trick, the viewer's hand eight cards less those it played, and each
  card the viewer played legal for the hand it held then. What is left to the sampler
  is a view whose hidden seats no deal fits (their announcements, the suits they showed
  out of): :func:`count_deals` gives 0 (the exact answer), :attr:`Constraints.consistent`
  is false and :attr:`Constraints.problem` says what is wrong, and
  :func:`sample_deals` and :meth:`Sampler.sample` raise
  :class:`~coinche.InvalidDealError` with that reason.

>>> import attrs
>>> from coinche import Trick
>>> attrs.evolve(view, trick=Trick(Seat.NORTH, view.trick.cards))
Traceback (most recent call last):
...
coinche.errors.InvalidDealError: no deal shows this view: trick 3 (N: ...) is led by NORTH, ...
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence
from math import factorial
from typing import Final

import attrs

from coinche import _kernel as K
from coinche._checks import (
    MASK_LIMIT,
    check_int_range,
    check_sequence,
    check_type,
    is_instance,
    is_int,
    is_tuple_of,
)
from coinche.announcements import AnnouncementKind
from coinche.bots._view_checks import play_problem
from coinche.cards import CARDS, Card, Hand, hand_from_mask
from coinche.deal import Deal, PlayerView
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.seats import Seat

__all__ = ["Constraints", "Sampler", "constraints", "count_deals", "replay", "sample_deals"]

_ALL: Final = 0xFFFFFFFF
_BIT: Final = K.BIT
MAX_DEALS: Final = 1_000_000
"""The most deals one call of :func:`sample_deals` draws."""
_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


@attrs.frozen
class Constraints:
    """What a seat's view implies about every hand, by seat (North first).

    For the viewing seat, ``must`` is its own hand and ``cannot`` every other card.

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> from coinche.bots.sampling import constraints
    >>> view = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0)).view(Seat.EAST)
    >>> known = constraints(view)            # the auction: nothing known but East's hand
    >>> known.sizes, len(known.hidden), known.must[Seat.NORTH]
    ((8, 8, 8, 8), 24, Hand.parse(''))
    """

    seat: Seat = attrs.field(validator=is_instance(Seat))
    """The viewing seat."""
    sizes: tuple[int, int, int, int] = attrs.field(validator=is_tuple_of(int, length=4))
    """How many cards each seat holds now."""
    must: tuple[Hand, Hand, Hand, Hand] = attrs.field(validator=is_tuple_of(Hand, length=4))
    """The cards each seat is known to hold now."""
    cannot: tuple[Hand, Hand, Hand, Hand] = attrs.field(validator=is_tuple_of(Hand, length=4))
    """Hidden cards each seat cannot hold (those another seat must hold included)."""
    hidden: Hand = attrs.field(validator=is_instance(Hand))
    """Every card the viewing seat has not seen: neither in its hand nor played."""
    consistent: bool = attrs.field(default=True, validator=is_instance(bool))
    """False when the view contradicts itself (a card played that the hand then, or the
    cards known to be in it, made illegal; a trick led by the wrong seat): then no deal
    agrees, and :attr:`problem` says why."""
    runs: tuple[tuple[int, int, tuple[int, ...]], ...] = attrs.field(
        default=(), validator=is_tuple_of(tuple)
    )
    """The declared runs that a hand must still explain, as ``(seat, cards it played,
    masks of its declared announcements)``: a declared run is one the library finds in
    the seat's dealt hand (:func:`~coinche.find_announcements`), so the hand did not
    extend it, nor break it into a four of a kind. That condition involves several
    cards at once (a four of a kind is four cards), so it is not in :attr:`cannot`: the
    sampler enforces it exactly (see :class:`Sampler`)."""
    strain: int = attrs.field(default=0, validator=is_int(0, 5))
    """The contract's strain (0 before it is known)."""
    runs_in_trump: bool = attrs.field(default=True, validator=is_instance(bool))
    """The rules' :attr:`~coinche.RuleConfig.runs_in_trump`."""
    problem: str | None = attrs.field(default=None, validator=is_instance(str, optional=True))
    """Why no deal agrees, in words, when :attr:`consistent` is false (the first thing
    found wrong); ``None`` otherwise."""


def _exclusions(
    known: int, candidates: int, n: int, trick: list[int], card: int, strain: int, flags: int
) -> int:
    """The candidates that the seat cannot have held when it played *card*.

    *known* is the part of the hand known then (it contains *card*), *trick* the cards
    before it in the trick (``n`` of them). Returns the mask of candidates *x* such that
    *card* is not legal for ``known | x``.

    Why single-card tests are sound and complete. In every branch of
    :func:`coinche._kernel.legal` the trick alone fixes a list of card classes
    ``A1, A2, ..., Am`` (for a suit contract and a plain suit led: the higher cards of
    the led suit when monter applies, the led suit, the trumps over the best trump, the
    trumps; for a trump lead: the higher trumps, the trumps; no trump: the led suit; all
    trump: the higher cards of the led suit, the led suit), which classes appear
    depending on the trick and the flags but never on the hand; and the legal cards of
    a hand *h* are ``h & A_i`` for the first class *i* that *h* meets, or all of *h* if
    it meets none. So a card *c* of *h* is legal exactly when *h* meets no class before
    the first class that contains *c*: when *h* avoids the union *U* of those classes.
    "*h* avoids *U*" holds for ``known | X`` exactly when it holds for ``known`` and for
    ``known | x`` for each *x* of *X*: a conjunction of one-card conditions. Hence the
    hidden part *X* agrees with the card played exactly when it avoids the cards this
    function returns (complete), and never excludes a card the true hand held (sound).
    ``tests/test_sampling.py`` checks the class structure against the kernel on random
    positions, and the whole inference by brute force.
    """
    c0 = trick[0] if n > 0 else 0
    c1 = trick[1] if n > 1 else 0
    c2 = trick[2] if n > 2 else 0
    bit = _BIT[card]
    out = 0
    rest = candidates
    while rest:
        low = rest & -rest
        rest ^= low
        if not K.legal(known | low, n, c0, c1, c2, strain, flags) & bit:
            out |= low
    return out


def constraints(view: PlayerView) -> Constraints:
    """What *view* implies about the four hands (see the module's docs).

    A view that no deal can show (see the module's decisions) gives constraints with
    :attr:`~Constraints.consistent` false and :attr:`~Constraints.problem` saying why.

    :raises CoincheTypeError: *view* is not a :class:`~coinche.deal.PlayerView`.
    :raises InvalidDealError: a classic view before the stock is dealt.
    """
    if not isinstance(view, PlayerView):
        raise CoincheTypeError(f"expected a PlayerView, not {type(view).__name__}")
    me = int(view.seat)
    mine = view.hand.mask
    contract = view.contract
    if contract is None and view.turned is not None:
        raise InvalidDealError(
            "a classic deal's hands are complete only after its auction: sample from a "
            "view of the play"
        )
    # every card played, in order: (seat, card, trick before it, trick number)
    plays: list[tuple[int, int, list[int], int]] = []
    tricks = list(view.tricks)
    if view.trick is not None:
        tricks.append(view.trick)
    played = 0
    for number, trick in enumerate(tricks, 1):
        cards = [c.index for c in trick.cards]
        for pos, card in enumerate(cards):
            plays.append(((int(trick.leader) + pos) & 3, card, cards[:pos], number))
            played |= _BIT[card]
    sizes = [8, 8, 8, 8]
    for seat, _, _, _ in plays:
        sizes[seat] -= 1
    hidden = _ALL & ~mine & ~played
    must = [0, 0, 0, 0]
    must[me] = mine
    # the first is kept: why no deal agrees (the view itself was checked when made)
    problems: list[str] = []

    def hold(seat: int, cards: int) -> None:
        cards &= ~played
        if seat == me and cards & ~mine:
            extra = hand_from_mask(cards & ~mine)
            problems.append(f"{_SEATS[me].name} is shown holding {extra}, not in its hand")
        elif seat != me:
            must[seat] |= cards

    declared: dict[int, list[int]] = {}
    has_run: set[int] = set()
    for announcement in view.announcements:
        by = int(announcement.seat)
        hold(by, announcement.cards.mask)
        declared.setdefault(by, []).append(announcement.cards.mask)
        if announcement.kind is not AnnouncementKind.FOUR_OF_A_KIND:
            has_run.add(by)
    if contract is not None:
        strain = int(contract.strain)
        pair = K.belote_mask(strain)
        if view.belote_declared and pair:
            first = next((p for p in plays if _BIT[p[1]] & pair), None)
            if first is not None:
                hold(first[0], pair)
        if view.turned is not None:
            hold(int(contract.taker), view.turned.mask)
    for seat in range(4):
        if seat != me and must[seat] & ~hidden:
            seen = hand_from_mask(must[seat] & ~hidden)
            who, viewer = _SEATS[seat].name, _SEATS[me].name
            problems.append(f"{who} is shown holding {seen}, which {viewer} has seen")
    for a in range(4):
        for b in range(a + 1, 4):
            if must[a] & must[b]:
                both = hand_from_mask(must[a] & must[b])
                who = f"{_SEATS[a].name} and {_SEATS[b].name}"
                problems.append(f"both {who} are shown holding {both}")
    free = hidden & ~(must[0] | must[1] | must[2] | must[3])
    cannot = [0, 0, 0, 0]
    for seat in range(4):
        cannot[seat] = hidden & ~must[seat] & ~free  # another seat's known cards
    cannot[me] = _ALL & ~mine
    if contract is not None:
        strain = int(contract.strain)
        flags = view.rules.play_flags
        later = [0, 0, 0, 0]  # cards each seat played after the play being looked at
        for seat, card, before, number in reversed(plays):
            later[seat] |= _BIT[card]
            if seat == me:  # its plays were checked when the view was made
                continue
            known = later[seat] | must[seat]  # the part of its hand then that is known
            wrong = play_problem(view, seat, card, number, before, known)
            if wrong is not None:
                problems.append(wrong)
            cannot[seat] |= _exclusions(known, free, len(before), before, card, strain, flags)
    for seat in range(4):
        if sizes[seat] < must[seat].bit_count():
            problems.append(
                f"{_SEATS[seat].name} holds {sizes[seat]} cards, but is shown holding "
                f"{must[seat].bit_count()}"
            )
    played_by = [0, 0, 0, 0]
    for seat, card, _, _ in plays:
        played_by[seat] |= _BIT[card]
    runs = tuple(
        (seat, played_by[seat], tuple(masks))
        for seat, masks in sorted(declared.items())
        if seat != me and seat in has_run
    )
    # announcements are declared only with a contract (in the first trick)
    strain_now = int(contract.strain) if contract is not None else 0
    problem = problems[0] if problems else None
    return Constraints(
        view.seat,
        (sizes[0], sizes[1], sizes[2], sizes[3]),
        (
            hand_from_mask(must[0]),
            hand_from_mask(must[1]),
            hand_from_mask(must[2]),
            hand_from_mask(must[3]),
        ),
        (
            hand_from_mask(cannot[0]),
            hand_from_mask(cannot[1]),
            hand_from_mask(cannot[2]),
            hand_from_mask(cannot[3]),
        ),
        hand_from_mask(hidden),
        problem is None,
        runs,
        strain_now,
        view.rules.runs_in_trump,
        problem,
    )


def _multinomial(total: int, parts: Sequence[int]) -> int:
    out = factorial(total)
    for k in parts:
        out //= factorial(k)
    return out


def _splits(total: int, limits: list[int]) -> list[tuple[int, ...]]:
    """Every way to write *total* as ``k_0 + k_1 + ...`` with ``0 <= k_i <= limits[i]``."""
    if not limits:
        return [()] if total == 0 else []
    out: list[tuple[int, ...]] = []
    for k in range(min(total, limits[0]) + 1):
        for tail in _splits(total - k, limits[1:]):
            out.append((k, *tail))
    return out


class Sampler:
    """Counts and draws the deals that agree with fixed constraints, on masks.

    The free cards (hidden and not known to be anywhere) fall into classes by the seats
    that may hold them (at most 15 classes, usually 2 or 3). A dynamic programme over
    the classes and the seats' remaining sizes counts the deals: from a state (class
    *i*, cards each seat still needs) the count is the sum, over the ways to split the
    class's *m* cards among its seats (*k* cards to each), of the multinomial
    ``m! / prod(k!)`` (which cards go where) times the count of the next state. A deal
    is drawn by walking the classes, choosing each split with probability its share
    of the count, then dealing the class's cards in a uniformly shuffled order: every
    agreeing deal comes out with probability exactly ``1 / count``.

    Build one with :meth:`from_view`, or from masks for the fast path of a bot.

    >>> import random
    >>> from coinche.bots.sampling import Sampler
    >>> # two seats need one card each; the first may not hold card 0: one deal
    >>> sampler = Sampler([0, 0, 0, 0], [1, 1, 0, 0], 0b11, [1, 0, 0, 0])
    >>> sampler.count, sampler.sample(random.Random(0))
    (1, (2, 1, 0, 0))
    """

    count: int
    """How many deals agree."""
    problem: str | None = attrs.field(default=None, validator=is_instance(str, optional=True))
    """Why no deal agrees, when the view contradicts itself (:attr:`Constraints.problem`)."""

    def __init__(
        self,
        fixed: Sequence[int],
        need: Sequence[int],
        free: int,
        cannot: Sequence[int],
        runs: Sequence[tuple[int, int, tuple[int, ...]]] = (),
        strain: int = 0,
        runs_in_trump: bool = True,
    ) -> None:
        """*fixed*: the cards each seat is known to hold; *need*: how many more cards
        each seat gets from *free*; *cannot*: the cards each seat may not get; *runs*,
        *strain*, *runs_in_trump*: as :attr:`Constraints.runs`."""
        self.fixed = (fixed[0], fixed[1], fixed[2], fixed[3])
        self._runs = tuple(runs)
        self._strain = strain
        self._runs_in_trump = runs_in_trump
        by_seats: dict[int, list[int]] = {}
        rest = free
        while rest:
            low = rest & -rest
            rest ^= low
            card = low.bit_length() - 1
            seats = 0
            for seat in range(4):
                if need[seat] > 0 and not cannot[seat] & low:
                    seats |= 1 << seat
            by_seats.setdefault(seats, []).append(card)
        # classes with fewer seats first: fewer splits near the root of the programme
        order = sorted(by_seats, key=lambda s: (s.bit_count(), s))
        self._classes: list[tuple[list[int], list[int]]] = [
            ([seat for seat in range(4) if s >> seat & 1], by_seats[s]) for s in order
        ]
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choices: dict[
            tuple[int, tuple[int, ...]], tuple[list[int], list[tuple[int, ...]]]
        ] = {}
        start = (need[0], need[1], need[2], need[3])
        if min(start) < 0 or sum(start) != free.bit_count():
            self.count = 0
        else:
            self.count = self._count(0, start)
        self._start = start
        if self.count and self._runs:
            self.count = _count_with_runs(
                list(self.fixed),
                list(start),
                free,
                list(cannot),
                self._runs,
                strain,
                runs_in_trump,
            )

    def _runs_hold(self, hands: list[int]) -> bool:
        return _runs_found(self._runs, hands, self._strain, self._runs_in_trump)

    def _count(self, index: int, need: tuple[int, ...]) -> int:
        if index == len(self._classes):
            return 1 if not any(need) else 0
        key = (index, need)
        found = self._memo.get(key)
        if found is not None:
            return found
        seats, cards = self._classes[index]
        m = len(cards)
        total = 0
        cumulative: list[int] = []
        splits: list[tuple[int, ...]] = []
        for split in _splits(m, [need[s] for s in seats]):
            after = list(need)
            for seat, k in zip(seats, split, strict=True):
                after[seat] -= k
            ways = self._count(index + 1, tuple(after))
            if ways:
                total += _multinomial(m, split) * ways
                cumulative.append(total)
                splits.append(split)
        self._memo[key] = total
        self._choices[key] = (cumulative, splits)
        return total

    def sample(self, rng: random.Random) -> tuple[int, int, int, int]:
        """One agreeing deal, uniformly: the four hands as masks, by seat.

        :raises InvalidDealError: no deal agrees.
        """
        if not self.count:
            why = "" if self.problem is None else f": {self.problem}"
            raise InvalidDealError(f"no deal of the hidden cards agrees with what was seen{why}")
        while True:  # a declared run the hand must explain: exact rejection, rarely used
            hands = self._draw(rng)
            if not self._runs or self._runs_hold(hands):
                return hands[0], hands[1], hands[2], hands[3]

    def _draw(self, rng: random.Random) -> list[int]:
        """A deal drawn uniformly from those meeting every condition but the runs'."""
        hands = list(self.fixed)
        need = self._start
        choices = self._choices
        bit = _BIT
        for index, (seats, cards) in enumerate(self._classes):
            cumulative, splits = choices[(index, need)]
            split = splits[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            if len(seats) == 1:
                mask = 0
                for card in cards:
                    mask |= bit[card]
                hands[seats[0]] |= mask
            else:
                deck = cards[:]
                rng.shuffle(deck)
                pos = 0
                for seat, k in zip(seats, split, strict=True):
                    mask = 0
                    for card in deck[pos : pos + k]:
                        mask |= bit[card]
                    hands[seat] |= mask
                    pos += k
            after = list(need)
            for seat, k in zip(seats, split, strict=True):
                after[seat] -= k
            need = (after[0], after[1], after[2], after[3])
        return hands

    @classmethod
    def from_constraints(cls, known: Constraints) -> Sampler:
        """The sampler of what *known* allows."""
        must = [h.mask for h in known.must]
        free = known.hidden.mask & ~(must[0] | must[1] | must[2] | must[3])
        need = [known.sizes[s] - len(known.must[s]) for s in range(4)]
        cannot = [h.mask for h in known.cannot]
        sampler = cls(must, need, free, cannot, known.runs, known.strain, known.runs_in_trump)
        if not known.consistent:
            sampler.count = 0
            sampler.problem = known.problem
        return sampler

    @classmethod
    def from_view(cls, view: PlayerView) -> Sampler:
        """The sampler of the deals that agree with *view* (see :func:`constraints`)."""
        return cls.from_constraints(constraints(view))


def _runs_found(
    runs: Sequence[tuple[int, int, tuple[int, ...]]],
    hands: Sequence[int],
    strain: int,
    runs_in_trump: bool,
) -> bool:
    """Whether each seat's dealt hand (*hands* plus the cards it played) holds, among the
    announcements the kernel finds in it, every one the seat declared."""
    for seat, played, masks in runs:
        found = {
            p & _ALL for p in K.find_announcements(hands[seat] | played, strain, runs_in_trump)
        }
        for mask in masks:
            if mask not in found:
                return False
    return True


def _run_cards(masks: Sequence[int]) -> int:
    """The cards whose holding decides whether declared runs are found: each run's
    neighbours in its suit, and every card of the ranks of the run and its neighbours
    (a four of a kind is formed first and takes its card away from a run)."""
    near = 0
    for mask in masks:
        low = K.lowest(mask)
        high = mask.bit_length() - 1
        near |= mask
        if low & 7:
            near |= _BIT[low - 1]
        if high & 7 != 7:
            near |= _BIT[high + 1]
    out = near
    for card in range(32):
        if near >> card & 1:
            out |= 0x01010101 << (card & 7)
    return out


def _count_with_runs(
    fixed: list[int],
    need: list[int],
    free: int,
    cannot: list[int],
    runs: Sequence[tuple[int, int, tuple[int, ...]]],
    strain: int,
    runs_in_trump: bool,
) -> int:
    """The exact count when declared runs must be found: for the first seat with runs,
    every way it can hold the free cards that decide them (at most its need), each
    checked with the kernel's own search for announcements, times the count of the rest
    (recursively for the next seat's runs)."""
    if not runs:
        return Sampler(fixed, need, free, cannot).count
    seat, played, masks = runs[0]
    relevant = _run_cards(masks) & free & ~cannot[seat]
    cards = [c for c in range(32) if relevant >> c & 1]
    total = 0
    for size in range(min(need[seat], len(cards)) + 1):
        for chosen in itertools.combinations(cards, size):
            held = 0
            for card in chosen:
                held |= _BIT[card]
            hand = fixed[seat] | held
            if not _runs_found([(seat, played, masks)], [hand] * 4, strain, runs_in_trump):
                continue
            fixed2 = fixed[:]
            fixed2[seat] |= held
            need2 = need[:]
            need2[seat] -= size
            cannot2 = cannot[:]
            cannot2[seat] |= relevant & ~held
            total += _count_with_runs(
                fixed2, need2, free & ~held, cannot2, runs[1:], strain, runs_in_trump
            )
    return total


def count_deals(view: PlayerView) -> int:
    """How many deals of the hidden cards agree with *view*, exactly.

    A deal is the four hands as they stand now; the viewing seat's is its own hand.

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> view = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0)).view(Seat.EAST)
    >>> from math import comb
    >>> count_deals(view) == comb(24, 8) * comb(16, 8)    # 8 of 24 to N, 8 of 16 to S
    True

    :raises CoincheTypeError, InvalidDealError: as :func:`constraints`.
    """
    return Sampler.from_view(view).count


def _agreeing_sampler(view: PlayerView) -> Sampler:
    """The sampler of *view*, or :class:`InvalidDealError` saying why no deal agrees."""
    sampler = Sampler.from_view(view)
    if not sampler.count:
        why = "" if sampler.problem is None else f": {sampler.problem}"
        raise InvalidDealError(
            f"no deal of the hidden cards agrees with {view.seat.name}'s view{why}"
        )
    return sampler


def sample_deals(
    view: PlayerView, n: int, rng: random.Random
) -> list[tuple[Hand, Hand, Hand, Hand]]:
    """*n* deals drawn uniformly and independently from those agreeing with *view*.

    Each deal is the four hands as they stand now, by seat; the viewing seat's hand is
    its own. For many draws from one view, build a :class:`Sampler` once and call
    :meth:`Sampler.sample`, which gives masks.

    :raises InvalidDealError: no deal agrees with *view*.
    :raises CoincheTypeError: as :func:`constraints`, or *n* not an int.
    """
    check_int_range(n, "n", 0, MAX_DEALS)
    check_type(rng, random.Random, "rng")
    sampler = _agreeing_sampler(view)
    out: list[tuple[Hand, Hand, Hand, Hand]] = []
    for _ in range(n):
        a, b, c, d = sampler.sample(rng)
        out.append((hand_from_mask(a), hand_from_mask(b), hand_from_mask(c), hand_from_mask(d)))
    return out


def replay(view: PlayerView, hands: Sequence[Hand | int]) -> Deal:
    """The deal in which *hands* (the four hands as they stand now, by seat, as hands or
    masks) are held after everything *view* saw: dealt again, the same calls and cards
    applied with the same declarations, each checked.

    Its :meth:`~coinche.deal.Deal.view` for the viewing seat is *view* when the hands
    agree with it. Bots solve these deals; tests use it as the definition of agreeing.

    :raises IllegalCardError, IllegalActionError, InvalidDealError: the hands do not
        agree with *view* (a card that would not have been legal, an announcement not
        held, hands that are not a deal).
    """
    if type(view) is not PlayerView:
        check_type(view, PlayerView, "view")
    given: tuple[object, ...] = check_sequence(hands, "hands", min_len=4, max_len=4)
    masks = [
        h.mask if isinstance(h, Hand) else check_int_range(h, f"hands[{seat}]", 0, MASK_LIMIT)
        for seat, h in enumerate(given)
    ]
    now = masks[:]
    tricks = list(view.tricks)
    if view.trick is not None:
        tricks.append(view.trick)
    for trick in tricks:  # each seat's dealt hand: what it holds and what it played
        for player, played_card in trick.plays():
            masks[player] |= _BIT[played_card.index]
    contract = view.contract
    deal: Deal
    if view.turned is not None:
        if contract is None:
            raise InvalidDealError("a classic deal is replayed from a view of its play")
        taker = int(contract.taker)
        turned = view.turned.index
        if not masks[taker] >> turned & 1:
            raise InvalidDealError("in the classic deal the taker holds the turned card")
        first: list[Hand] = []
        extra: list[list[int]] = [[], [], [], []]
        for seat in range(4):
            cards = [c for c in range(32) if masks[seat] >> c & 1 and c != turned]
            first.append(hand_from_mask(sum(_BIT[c] for c in cards[:5])))
            extra[seat] = cards[5:]
        stock = [CARDS[c] for seat in view.dealer.next.cycle() for c in extra[int(seat)]]
        deal = Deal.from_hands(view.dealer, view.rules, first, turned=view.turned, stock=stock)
    else:
        deal = Deal.from_hands(view.dealer, view.rules, [hand_from_mask(m) for m in masks])
    for step in view.steps:  # the public log, as it was made
        if isinstance(step.action, Card) and step.belote is None:
            # belote not at stake, or a view without its log: as the view declares it
            deal = deal.apply(step.action, declare=step.declare, belote=view.belote_declared)
        else:
            deal = deal.apply(step)
    if [deal.hand(seat).mask for seat in _SEATS] != now:
        raise InvalidDealError("the hands are not a deal of the cards the view has not seen")
    if deal.view(view.seat) != view:  # the promise above, whatever the view
        raise InvalidDealError("the view's log, replayed on these hands, shows another deal")
    return deal
