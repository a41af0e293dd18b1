"""The numbering of cards and trumps of `colver <https://pypi.org/project/colver/>`_.

colver is an independent Coinche engine (Rust, with Python bindings) that the
project's differential tests compare with this one. This module holds only the mapping
between the two engines' names for cards and trumps; it does not import colver.

* cards: colver numbers a card ``8 * block + position``; the blocks are spades, hearts,
  diamonds, clubs and the positions are 7 8 9 J Q K 10 A;
* trumps: colver's trump code ``t`` names the suit of block ``t``.

>>> from coinche import Card
>>> from coinche.testing.colver import TO_CARD, TO_COLVER, to_strain
>>> TO_CARD[0], TO_CARD[31]
(Card.parse('7S'), Card.parse('AC'))
>>> TO_COLVER[Card.parse("TH")]
14
>>> to_strain(1)
<Strain.HEARTS: 2>

The core package never imports this module.
"""

from __future__ import annotations

from typing import Final

from coinche import Card, Rank, Strain, Suit
from coinche._checks import check_int_range

__all__ = ["TO_CARD", "TO_COLVER", "to_strain"]

# colver's order of ranks within a suit block, and of suits between blocks
_COLVER_RANKS: Final = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
_COLVER_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
TO_CARD: Final[tuple[Card, ...]] = tuple(
    Card(_COLVER_RANKS[i % 8], _COLVER_SUITS[i // 8]) for i in range(32)
)
"""Our card for each of colver's card numbers 0 to 31.

>>> from coinche.testing.colver import TO_CARD
>>> [str(card) for card in TO_CARD[:8]]
['7S', '8S', '9S', 'JS', 'QS', 'KS', 'TS', 'AS']
"""
TO_COLVER: Final[dict[Card, int]] = {card: i for i, card in enumerate(TO_CARD)}
"""colver's number for each of our cards (the inverse of :data:`TO_CARD`).

>>> from coinche import Card
>>> from coinche.testing.colver import TO_COLVER
>>> TO_COLVER[Card.parse("7S")], TO_COLVER[Card.parse("AC")]
(0, 31)
"""


def to_strain(trump: int) -> Strain:
    """Our strain for colver's trump code (0 spades, 1 hearts, 2 diamonds, 3 clubs).

    >>> from coinche.testing.colver import to_strain
    >>> [str(to_strain(trump)) for trump in range(4)]
    ['S', 'H', 'D', 'C']
    """
    return Strain.from_suit(_COLVER_SUITS[check_int_range(trump, "trump", 0, 3)])
