"""What makes a seat's view impossible whatever the hidden cards (internal, for the
sampler).

A :class:`~coinche.PlayerView` built by hand (or loaded from a record) may show what no
deal can: a trick led by the wrong seat, the wrong seat to move, a card the viewer could
not have played from the hand it held. :func:`view_problem` says what, in words. The
rules come from below: the first leader from :meth:`RuleConfig.first_leader
<coinche.RuleConfig.first_leader>`, trick winners and legal cards from the kernel, the
words from :func:`~coinche.explain_card`.

>>> import random
>>> from coinche import RuleConfig, Seat
>>> from coinche.deal import Deal
>>> from coinche.bots._view_checks import view_problem
>>> view = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0)).view(Seat.EAST)
>>> view_problem(view) is None
True
"""

from __future__ import annotations

from typing import Final

from coinche import _kernel as K
from coinche._checks import short_repr
from coinche.cards import CARDS, hand_from_mask
from coinche.play import Trick, explain_card
from coinche.seats import Seat
from coinche.step import Phase
from coinche.view import PlayerView

__all__ = ["play_problem", "view_problem"]

_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def play_problem(
    view: PlayerView, seat: int, card: int, number: int, before: list[int], held: int
) -> str | None:
    """Why *seat*'s *card* (an index), played in trick *number* after the cards *before*,
    was not legal for the hand *held* (a mask: all of it, or the part known), in words;
    ``None`` when it was. The kernel decides; *view* gives the contract and the rules.

    >>> import random
    >>> from coinche import PASS, Bid, RuleConfig, Seat, Strain
    >>> from coinche.deal import Deal
    >>> from coinche.bots._view_checks import play_problem
    >>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0))
    >>> for call in (Bid(80, Strain.HEARTS), PASS, PASS, PASS):
    ...     deal = deal.apply(call)
    >>> view = deal.view(Seat.NORTH)
    >>> # a heart (20 is JH) led, a spade (24 is 7S) played from a hand that holds 9H (21)
    >>> play_problem(view, 1, 24, 1, [20], 1 << 24 | 1 << 21)
    "EAST's 7S in trick 1 was not legal: trumps were led: you must play a trump (rule 2)"
    """
    contract = view.contract
    assert contract is not None
    n = len(before)
    c0 = before[0] if n > 0 else 0
    c1 = before[1] if n > 1 else 0
    c2 = before[2] if n > 2 else 0
    if K.legal(held, n, c0, c1, c2, int(contract.strain), view.rules.play_flags) >> card & 1:
        return None
    trick = Trick(_SEATS[(seat - n) & 3], [CARDS[c] for c in before])
    why = explain_card(CARDS[card], hand_from_mask(held), trick, contract.strain, view.rules)
    return f"{_SEATS[seat].name}'s {CARDS[card]} in trick {number} was not legal: {why}"


def _tricks_problem(view: PlayerView, tricks: list[Trick]) -> str | None:
    """A complete trick of fewer than four cards, a trick not led by the winner of the
    one before (the first by the seat the rules name), or the wrong seat to move."""
    contract = view.contract
    if contract is None:
        return "cards were played, but there is no contract" if tricks else None
    strain = int(contract.strain)
    leader = int(view.rules.first_leader(view.dealer, contract.taker))
    for number, trick in enumerate(tricks, 1):
        cards = [c.index for c in trick.cards]
        if number <= len(view.tricks) and len(cards) != 4:
            return f"trick {number} ({trick}) is not complete"
        if number > 8:
            return f"trick {number} ({trick}) is one too many: a deal has 8 tricks"
        if number > len(view.tricks) and len(cards) == 4:
            return f"the trick being played ({trick}) has four cards: it is complete"
        if int(trick.leader) != leader:
            due = _SEATS[leader].name
            why = f"{due} won trick {number - 1}" if number > 1 else f"{due} leads first"
            return f"trick {number} ({trick}) is led by {trick.leader.name}, but {why}"
        if len(cards) == 4:
            leader = K.trick_winner(leader, cards[0], cards[1], cards[2], cards[3], strain)
    if view.phase is Phase.PLAY:
        current = view.trick
        if current is None:
            return "the play is on, but no trick is being played"
        due_seat = _SEATS[(int(current.leader) + len(current.cards)) & 3]
        if view.to_move is not due_seat:
            return f"{due_seat.name} plays next in {current}, not {short_repr(view.to_move)}"
    return None


def view_problem(view: PlayerView) -> str | None:
    """What makes *view* impossible whatever the other hands hold, in words; ``None``
    when some deal may show it.

    The tricks (each complete but the one being played, each led by the winner of the
    one before, the first by :meth:`RuleConfig.first_leader
    <coinche.RuleConfig.first_leader>`, the seat to move the next in the trick), the
    number of cards the viewer holds (eight less those it played), and each card the
    viewer played: legal for the hand it held then, its hand now and the cards it played
    from that trick on.
    """
    tricks = list(view.tricks)
    if view.trick is not None:
        tricks.append(view.trick)
    problem = _tricks_problem(view, tricks)
    if problem is not None:
        return problem
    me = int(view.seat)
    mine: list[tuple[int, int, list[int]]] = []  # the viewer's plays: card, trick, before
    for number, trick in enumerate(tricks, 1):
        pos = (me - int(trick.leader)) & 3
        if pos < len(trick.cards):
            cards = [c.index for c in trick.cards]
            mine.append((cards[pos], number, cards[:pos]))
    if len(view.hand) + len(mine) != 8:
        return (
            f"{view.seat.name} holds {len(view.hand)} cards, but has played {len(mine)} of its 8"
        )
    held = view.hand.mask
    for card, number, before in reversed(mine):
        held |= 1 << card
        problem = play_problem(view, me, card, number, before, held)
        if problem is not None:
            return problem
    return None
