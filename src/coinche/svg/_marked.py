"""The play of a deal with some cards marked: :func:`marked_play` (what ``coinche
review --svg`` draws)."""

from __future__ import annotations

from collections.abc import Mapping

from coinche._checks import short_repr
from coinche.deal import Deal
from coinche.errors import CoincheTypeError, DrawingError
from coinche.play import trick_winner
from coinche.svg._draw import (
    _H,
    _MARGIN,
    _W,
    DEFAULT_SIZE,
    Svg,
    _check_flag,
    _check_size,
    _colours,
    _document,
    _face,
    _text,
)

_MARK = "#c8102e"  # the outline of a marked card
_ROW = _H + 34  # a trick's row: its cards, then the notes of its marked cards
_LABEL = 64  # room for "trick 8" on the left


def _check_notes(notes: object, played: int) -> dict[int, str]:
    if not isinstance(notes, Mapping):
        raise CoincheTypeError(f"notes must be a mapping of card numbers to text, not "
                               f"{short_repr(notes)}")  # fmt: skip
    checked: dict[int, str] = {}
    for number, text in notes.items():
        if type(number) is not int or not 0 <= number < played:
            raise DrawingError(
                f"a note is for a card played, numbered 0 to {played - 1}, "
                f"not {short_repr(number)}"
            )
        if not isinstance(text, str):
            raise CoincheTypeError(f"a note is a str, not {short_repr(text)}")
        checked[number] = text
    return checked


def marked_play(
    deal: Deal,
    notes: Mapping[int, str],
    *,
    size: float = DEFAULT_SIZE,
    four_colour: bool = False,
) -> Svg:
    """The cards played in *deal*, a row per trick in the order played, the cards
    numbered in *notes* (0 for the first card of the play) outlined in red with their
    note under the row.

    >>> import random, xml.etree.ElementTree as ET
    >>> from coinche import Deal, RuleConfig, Seat, svg
    >>> rng = random.Random(4)
    >>> deal = Deal.new(Seat.WEST, RuleConfig.common(), rng)
    >>> while len(deal.tricks) < 2:
    ...     deal = deal.apply(rng.choice(deal.legal_actions()))
    >>> root = ET.fromstring(svg.marked_play(deal, {5: "better: the ace"}))
    >>> [g.get("class") for g in root.iter("{http://www.w3.org/2000/svg}g")
    ...  if g.get("class", "").startswith("card")].count("card marked")
    1

    :raises DrawingError: a note for a card that was not played, or a bad *size*.
    :raises CoincheTypeError: an argument of the wrong type.
    """
    if not isinstance(deal, Deal):
        raise CoincheTypeError(f"deal must be a Deal, not {type(deal).__name__}")
    px = _check_size(size)
    colours = _colours(_check_flag(four_colour, "four_colour"))
    tricks = list(deal.tricks)
    current = deal.trick
    if current is not None and current.cards:
        tricks.append(current)
    played = sum(len(trick.cards) for trick in tricks)
    marks = _check_notes(notes, played)
    contract = deal.contract
    body: list[str] = []
    number = 0
    for row, trick in enumerate(tricks):
        y = _MARGIN + row * _ROW
        body.append(_text(_MARGIN, y + _H / 2 + 4, f"trick {row + 1}", bold=True))
        winner = (
            trick_winner(trick, contract.strain)
            if trick.is_complete and contract is not None
            else None
        )
        below: list[str] = []
        for place, (seat, card) in enumerate(trick.plays()):
            x = _LABEL + place * (_W + 12)
            note = marks.get(number)
            title = seat.name.lower() + (", wins the trick" if seat is winner else "")
            if note is not None:
                body.append(_face(card, x, y + 12, colours, mark=f"{title}, {note}",
                                  css="marked", outline=_MARK))  # fmt: skip
                below.append(f"{card.code}: {note}")
            else:
                body.append(_face(card, x, y + 12, colours, mark=title))
            body.append(_text(x + _W / 2, y + 9, seat.letter, size=10, anchor="middle"))
            number += 1
        if below:
            body.append(_text(_LABEL, y + _H + 26, "; ".join(below), size=11, colour=_MARK))
    width = _LABEL + 4 * (_W + 12) + 160
    height = 2 * _MARGIN + max(1, len(tricks)) * _ROW
    return _document(width, height, px, "the play, marked", body)
