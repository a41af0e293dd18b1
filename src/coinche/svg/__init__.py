"""Pictures of cards, hands, tricks and deals as SVG, and score tables as HTML.

Everything here returns text: the SVG is written by hand, with no drawing library, so
the module needs nothing beyond the standard library. The SVG functions return an
:class:`Svg`, a :class:`str` that also draws itself in Jupyter; the values of the
library draw themselves too (``_repr_svg_`` on :class:`~coinche.Hand`,
:class:`~coinche.Trick`, :class:`~coinche.Deal` and :class:`~coinche.PlayerView`,
``_repr_html_`` on :class:`~coinche.DealResult` and :class:`~coinche.game.Game`).

>>> import xml.etree.ElementTree as ET
>>> from coinche import Hand, Strain, svg
>>> picture = svg.hand(Hand.parse("JH 9H AS 7C"), strain=Strain.HEARTS)
>>> root = ET.fromstring(picture)
>>> [title.text for title in root.iter("{http://www.w3.org/2000/svg}title")]
['hand: J♥ 9♥ A♠ 7♣', 'jack of hearts', 'nine of hearts', 'ace of spades', 'seven of clubs']

Decisions (each is documented behaviour):

- **Card faces**: a white card with its rank and suit symbol in the top left corner and
  a large symbol below, in the suit's colour: red hearts and diamonds, black clubs and
  spades, or with ``four_colour=True`` green clubs and blue diamonds. Suit symbols are
  drawn as shapes, so no font needs the ``♣ ♦ ♥ ♠`` glyphs. Every card is a ``<g>``
  element of class ``card`` whose ``<title>`` names it (``jack of hearts``), followed
  by what the picture marks on it (``, may be played``, ``, wins the trick``); a card
  drawn face down is of class ``card-back`` and its title is ``a hidden card``.
- **Size**: *size* is the height of one card in pixels (a card is 5 wide for 7 high);
  the whole picture scales with it, and stays sharp at any zoom (it has a
  ``viewBox``). It is more than 0 and at most :data:`MAX_SIZE` (10,000): anything else
  raises :class:`~coinche.errors.DrawingError`.
- **Hand order**: suits alternate in colour, trumps first when a strain is known
  (without one: spades, hearts, clubs, diamonds); within a suit the cards run from the
  strongest down under that strain (trump order for trumps and in all trump), or from
  the ace down in face order without a strain.
- **The deal diagram**: North at the top and South at the bottom; East on the right
  when the rules play clockwise (:attr:`~coinche.RuleConfig.direction`), on the left
  when they play counter-clockwise. The trick in progress is in the middle (during a
  classic auction, the turned card); the contract, the auction, announcements and the
  score so far are on the right; the complete tricks run along the bottom, each with
  its winning card raised and outlined.
"""

from __future__ import annotations

from coinche.svg._deal import deal
from coinche.svg._draw import (
    DEFAULT_SIZE,
    MAX_SIZE,
    Svg,
    card,
    card_name,
    hand,
    sorted_cards,
    trick,
)
from coinche.svg._marked import marked_play
from coinche.svg._tables import result_table, score_sheet

__all__ = [
    "DEFAULT_SIZE",
    "MAX_SIZE",
    "Svg",
    "card",
    "card_name",
    "deal",
    "hand",
    "marked_play",
    "result_table",
    "score_sheet",
    "sorted_cards",
    "trick",
]
