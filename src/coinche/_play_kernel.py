"""The play's one step, on a fixed set of integer fields: :class:`PlayCore` (part of
the kernel, beside :mod:`coinche._kernel`, whose rules it asks; compiled by mypyc in the
optional build).

A card leaves its seat's hand and joins the trick; the fourth card gives the trick, its
card points (the last trick's 10 with the last one) and the lead to its winner. That is
written here once: :meth:`Position.after <coinche.position.Position.after>` steps a
copy of a core, and :class:`~coinche.engine.PlayState` (a core), the engine's playouts
and the double-dummy search step one in place.

>>> from coinche import Hand
>>> from coinche._play_kernel import TRICK_GOES_ON, PlayCore
>>> hands = [Hand.parse(h).mask for h in ("AH 7C", "7H 8C", "9H 9C", "TH TC")]
>>> core = PlayCore(*hands, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # clubs, North leads
>>> [core.step(card) == TRICK_GOES_ON for card in (23, 16, 18, 19)]  # AH 7H 9H TH
[True, True, True, False]
>>> core.leader, core.p0, core.p1, core.w0   # North's ace wins: 11 + 0 + 0 + 10 points
(0, 21, 0, 1)
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from coinche._kernel import LAST_TRICK_BONUS, trick_result

__all__ = ["TRICK_GOES_ON", "PlayCore"]

# 1 << card is written _BIT32 >> (32 - card): mypyc compiles a literal 1 << card on an
# i64 card as a 32-bit shift (1 << 31 comes out negative), and a table costs a bounds check
_BIT32: Final = 0x100000000
TRICK_GOES_ON: Final = -1
"""What :meth:`PlayCore.step` returns for a card that does not complete its trick."""


class PlayCore:
    """The cards of a deal's play as a fixed set of integer fields, and its one step.

    The hands by seat (``h0`` to ``h3``, masks), the strain and the play options
    (``flags``), the trick in progress (its ``leader``, its ``size``, 0 to 3, and its
    cards ``c0 c1 c2``, meaningful below ``size``), the seat ``to_move``, the card
    points won by each team (``p0 p1``, the last-trick bonus included) and the tricks
    won by each seat (``w0`` to ``w3``). Every field is an ``i64``: a native field once
    compiled, so that a step allocates nothing.

    :meth:`step` plays a card in place and is the play's only step: the position of a
    deal (:meth:`Position.after <coinche.position.Position.after>`, on a copy), the
    engine's mutable state (:class:`~coinche.engine.PlayState`, a subclass), its
    playouts and the double-dummy search (in place) all call it. :meth:`unstep` takes
    a card back. Nothing is checked: the card must be legal.
    """

    __slots__ = (
        "c0", "c1", "c2", "flags", "h0", "h1", "h2", "h3", "leader", "p0", "p1", "size",
        "strain", "to_move", "w0", "w1", "w2", "w3",
    )  # fmt: skip

    h0: i64
    h1: i64
    h2: i64
    h3: i64
    strain: i64
    flags: i64
    leader: i64
    size: i64
    to_move: i64
    c0: i64
    c1: i64
    c2: i64
    p0: i64
    p1: i64
    w0: i64
    w1: i64
    w2: i64
    w3: i64

    def __init__(
        self,
        h0: i64,
        h1: i64,
        h2: i64,
        h3: i64,
        strain: i64,
        flags: i64,
        leader: i64,
        size: i64,
        c0: i64,
        c1: i64,
        c2: i64,
        p0: i64,
        p1: i64,
        w0: i64,
        w1: i64,
        w2: i64,
        w3: i64,
    ) -> None:
        self.h0 = h0
        self.h1 = h1
        self.h2 = h2
        self.h3 = h3
        self.strain = strain
        self.flags = flags
        self.leader = leader
        self.size = size
        self.to_move = (leader + size) & 3
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        self.p0 = p0
        self.p1 = p1
        self.w0 = w0
        self.w1 = w1
        self.w2 = w2
        self.w3 = w3

    def load(self, other: PlayCore) -> None:
        """Take every field of *other* (a playout's start, set again)."""
        self.h0 = other.h0
        self.h1 = other.h1
        self.h2 = other.h2
        self.h3 = other.h3
        self.strain = other.strain
        self.flags = other.flags
        self.leader = other.leader
        self.size = other.size
        self.to_move = other.to_move
        self.c0 = other.c0
        self.c1 = other.c1
        self.c2 = other.c2
        self.p0 = other.p0
        self.p1 = other.p1
        self.w0 = other.w0
        self.w1 = other.w1
        self.w2 = other.w2
        self.w3 = other.w3

    def hand(self, seat: i64) -> i64:
        """The cards *seat* holds."""
        if seat == 0:
            return self.h0
        if seat == 1:
            return self.h1
        return self.h2 if seat == 2 else self.h3

    def step(self, card: i64) -> i64:
        """The seat to move plays *card*, **unchecked**: it leaves the hand and joins the
        trick; the fourth card gives the trick to its winner, who leads next, with its
        card points (and the last trick's 10 once the hands are empty).

        Returns :data:`TRICK_GOES_ON`, or for the card that completes a trick what
        :meth:`unstep` needs, packed: ``leader | points << 2 | c0 << 10 | c1 << 15 |
        c2 << 20`` (the trick's leader, the points it gave, its first three cards).
        """
        seat = self.to_move
        keep = ~(_BIT32 >> (32 - card))  # ~(1 << card)
        if seat == 0:
            self.h0 &= keep
        elif seat == 1:
            self.h1 &= keep
        elif seat == 2:
            self.h2 &= keep
        else:
            self.h3 &= keep
        n = self.size
        if n == 3:
            return self._complete(card)
        if n == 0:
            self.c0 = card
        elif n == 1:
            self.c1 = card
        else:
            self.c2 = card
        self.size = n + 1
        self.to_move = (seat + 1) & 3
        return TRICK_GOES_ON

    def _complete(self, card: i64) -> i64:
        """The rest of :meth:`step` for the fourth card of a trick (apart, so that the
        step of the other cards stays small: a smaller function to call)."""
        leader = self.leader
        c0 = self.c0
        c1 = self.c1
        c2 = self.c2
        strain = self.strain
        result = trick_result(leader, c0, c1, c2, card, strain)
        winner = result & 3
        gained = result >> 2
        if not (self.h0 | self.h1 | self.h2 | self.h3):
            gained += LAST_TRICK_BONUS
        if winner & 1:
            self.p1 += gained
        else:
            self.p0 += gained
        if winner == 0:
            self.w0 += 1
        elif winner == 1:
            self.w1 += 1
        elif winner == 2:
            self.w2 += 1
        else:
            self.w3 += 1
        self.leader = winner
        self.to_move = winner
        self.size = 0
        return leader | gained << 2 | c0 << 10 | c1 << 15 | c2 << 20

    def unstep(self, card: i64, record: i64) -> None:
        """Take back *card*, the last card played, given what :meth:`step` returned for
        it: the fields are as they were before it."""
        if record == TRICK_GOES_ON:
            seat = (self.to_move + 3) & 3
            self.size -= 1
        else:  # it completed a trick: the trick, its leader and its points back
            winner = self.leader
            gained = record >> 2 & 0xFF
            if winner & 1:
                self.p1 -= gained
            else:
                self.p0 -= gained
            if winner == 0:
                self.w0 -= 1
            elif winner == 1:
                self.w1 -= 1
            elif winner == 2:
                self.w2 -= 1
            else:
                self.w3 -= 1
            leader = record & 3
            self.leader = leader
            self.c0 = record >> 10 & 31
            self.c1 = record >> 15 & 31
            self.c2 = record >> 20 & 31
            self.size = 3
            seat = (leader + 3) & 3
        self.to_move = seat
        bit = _BIT32 >> (32 - card)  # 1 << card
        if seat == 0:
            self.h0 |= bit
        elif seat == 1:
            self.h1 |= bit
        elif seat == 2:
            self.h2 |= bit
        else:
            self.h3 |= bit
