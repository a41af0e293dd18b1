"""Why a card another seat played was not legal for the hand it may have held
(internal, for the sampler).

A :class:`~coinche.PlayerView` is checked when it is made: its calls give its contract,
its tricks are led by the seats the rules name, its seat held what it played (see
:class:`~coinche.PlayerView`). What the view cannot check alone is the other seats'
play against the hands a world gives them: :func:`play_problem` says, in words, why a
card was not legal for a hand, with the kernel's legal cards and
:func:`~coinche.explain_card`'s words.
"""

from __future__ import annotations

from typing import Final

from coinche import _kernel as K
from coinche.cards import CARDS, hand_from_mask
from coinche.play import Trick, explain_card
from coinche.seats import Seat
from coinche.view import PlayerView

__all__ = ["play_problem"]

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
