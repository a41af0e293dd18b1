"""Cards, hands and tricks drawn as SVG, and what every picture shares: the geometry,
the colours, the card faces and the :class:`Svg` text (internal; :mod:`coinche.svg`
is the public module)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Final

from coinche._checks import check_bool, short_repr
from coinche.cards import Card, Hand, Rank, Strain, Suit
from coinche.config import Direction
from coinche.errors import CardNotInHandError, CoincheTypeError, DrawingError
from coinche.play import Trick, trick_master, trick_winner
from coinche.seats import Seat

DEFAULT_SIZE: Final = 60
"""The height of one card in pixels when no *size* is given."""

MAX_SIZE: Final = 10_000
"""The largest *size* (the height of one card in pixels) a picture may be drawn at;
a size must be more than 0 and at most this.

>>> from coinche import Card, svg
>>> svg.card(Card.parse("7C"), size=svg.MAX_SIZE + 1)
Traceback (most recent call last):
...
coinche.errors.DrawingError: size must be a positive number of pixels up to 10000, not 10001
"""


class Svg(str):
    """SVG text: a :class:`str` that Jupyter and IPython draw as a picture.

    >>> from coinche import Card, svg
    >>> picture = svg.card(Card.parse("TD"))
    >>> isinstance(picture, str), picture.startswith("<svg"), picture._repr_svg_() == picture
    (True, True, True)
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# ---------------------------------------------------------------- geometry and colours
_W: Final = 50  # a card, in the picture's own units
_H: Final = 70
_STEP: Final = 22  # the offset of the next card in a fanned hand
_GAP: Final = 6  # the extra space between two suits of a hand
_LIFT: Final = 8  # how far a marked card is raised
_MARGIN: Final = 6
_MINI: Final = 0.7  # the scale of the cards of the complete tricks
_MINI_STEP: Final = 17
_FONT: Final = "DejaVu Sans, Verdana, Arial, sans-serif"
_INK: Final = "#1a1a1a"
_TWO_COLOURS: Final = ("#1a1a1a", "#c8102e", "#c8102e", "#1a1a1a")  # by Suit
_FOUR_COLOURS: Final = ("#13802b", "#1659c7", "#c8102e", "#1a1a1a")
_LEGAL: Final = "#1e8c3a"
_WINNER: Final = "#e07b00"
_BACK: Final = "#294d8f"

# The suit symbols as shapes in a 100 by 100 box.
_SUIT_SHAPES: Final = (
    '<circle cx="50" cy="28" r="23"/><circle cx="26" cy="60" r="23"/>'
    '<circle cx="74" cy="60" r="23"/><path d="M50 28L26 60L74 60Z"/>'
    '<path d="M50 45C52 72 58 90 72 100H28C42 90 48 72 50 45Z"/>',
    '<path d="M50 0L88 50L50 100L12 50Z"/>',
    '<path d="M50 96C30 78 2 58 2 32C2 14 15 4 29 4C40 4 47 11 50 20'
    'C53 11 60 4 71 4C85 4 98 14 98 32C98 58 70 78 50 96Z"/>',
    '<path d="M50 2C30 24 2 42 2 64C2 80 14 90 28 90C38 90 45 85 48 78'
    "C47 88 42 95 32 100H68C58 95 53 88 52 78C55 85 62 90 72 90C86 90 98 80 98 64"
    'C98 42 70 24 50 2Z"/>',
)
_RANK_NAMES: Final = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")

# Suit order of a hand without trumps: the colours alternate.
_BASE_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_FACE_ORDER: Final = tuple(reversed(Rank))  # A K Q J 10 9 8 7
_PLAIN_ORDER: Final = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE,
                       Rank.EIGHT, Rank.SEVEN)  # fmt: skip
_TRUMP_ORDER: Final = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN,
                       Rank.EIGHT, Rank.SEVEN)  # fmt: skip


def _num(value: float) -> str:
    """A coordinate as short, stable text: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def card_name(card: Card) -> str:
    """The card in words, as its ``<title>`` starts: ``jack of hearts``.

    >>> from coinche import Card
    >>> from coinche.svg import card_name
    >>> card_name(Card.parse("TD"))
    'ten of diamonds'
    """
    if not isinstance(card, Card):
        raise CoincheTypeError(f"card must be a Card, not {type(card).__name__}")
    return f"{_RANK_NAMES[card.rank]} of {_SUIT_NAMES[card.suit]}"


def _check_size(size: object) -> float:
    if isinstance(size, bool) or not isinstance(size, (int, float)):
        raise CoincheTypeError(f"size must be a number of pixels, not {short_repr(size)}")
    if not 0 < size <= MAX_SIZE:  # compared exactly: a 400-digit int is never a float
        raise DrawingError(
            f"size must be a positive number of pixels up to {MAX_SIZE}, not {short_repr(size)}"
        )
    return float(size)


def _check_flag(value: object, name: str) -> bool:
    return check_bool(value, name)


def _check_strain(strain: object) -> Strain | None:
    if strain is not None and type(strain) is not Strain:
        raise CoincheTypeError(f"strain must be a Strain or None, not {short_repr(strain)}")
    return strain


def _colours(four_colour: bool) -> tuple[str, str, str, str]:
    return _FOUR_COLOURS if four_colour else _TWO_COLOURS


def _document(width: float, height: float, size: float, title: str, body: list[str]) -> Svg:
    scale = size / _H
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{_num(width * scale)}" height="{_num(height * scale)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" role="img" font-family="{_FONT}">'
    )
    return Svg("\n".join([head, f"<title>{_esc(title)}</title>", *body, "</svg>"]) + "\n")


# ---------------------------------------------------------------- one card
def _symbol(suit: Suit, x: float, y: float, box: float, colour: str) -> str:
    return (
        f'<g transform="translate({_num(x)} {_num(y)}) scale({_num(box / 100)})" '
        f'fill="{colour}">{_SUIT_SHAPES[suit]}</g>'
    )


def _face(
    card: Card,
    x: float,
    y: float,
    colours: Sequence[str],
    *,
    scale: float = 1,
    mark: str = "",
    css: str = "",
    outline: str | None = None,
) -> str:
    """One card face up, its top left corner at (x, y); *mark* ends its title."""
    colour = colours[card.suit]
    title = f"{card_name(card)}, {mark}" if mark else card_name(card)
    transform = f"translate({_num(x)} {_num(y)})"
    if scale != 1:
        transform += f" scale({_num(scale)})"
    stroke = (
        f'stroke="{outline}" stroke-width="3"' if outline else 'stroke="#777" stroke-width="1"'
    )
    fill = "#eefbea" if outline == _LEGAL else "#ffffff"
    css = f"card {css}" if css else "card"
    label = card.rank.label
    wide = len(label) > 1  # the 10, drawn a little smaller to fit its corner
    squeeze = ' letter-spacing="-1.5"' if wide else ""
    return "\n".join(
        [
            f'<g class="{_esc(css)}" transform="{transform}">',
            f"<title>{_esc(title)}</title>",
            f'<rect x="0.5" y="0.5" width="{_W - 1}" height="{_H - 1}" rx="4" fill="{fill}" '
            f"{stroke}/>",
            f'<text x="{2 if wide else 4}" y="18" font-size="{15 if wide else 17}" '
            f'font-weight="bold" fill="{colour}"{squeeze}>{label}</text>',
            _symbol(card.suit, 4.5, 22, 13, colour),
            _symbol(card.suit, 27.5, 42, 20, colour),
            "</g>",
        ]
    )


def _back(x: float, y: float) -> str:
    """One card face down, its top left corner at (x, y)."""
    transform = f"translate({_num(x)} {_num(y)})"
    return "\n".join(
        [
            f'<g class="card-back" transform="{transform}">',
            "<title>a hidden card</title>",
            f'<rect x="0.5" y="0.5" width="{_W - 1}" height="{_H - 1}" rx="4" fill="{_BACK}" '
            'stroke="#1b335f" stroke-width="1"/>',
            '<rect x="5" y="5" width="40" height="60" rx="2" fill="none" stroke="#ffffff" '
            'stroke-opacity="0.6"/>',
            '<path d="M25 17L37 35L25 53L13 35Z" fill="none" stroke="#ffffff" '
            'stroke-opacity="0.6"/>',
            "</g>",
        ]
    )


def _slot(x: float, y: float) -> str:
    """The dashed outline of a place where no card lies yet."""
    return (
        f'<rect x="{_num(x + 0.5)}" y="{_num(y + 0.5)}" width="{_W - 1}" height="{_H - 1}" '
        'rx="4" fill="none" stroke="#aaaaaa" stroke-dasharray="4 3"/>'
    )


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: float = 12,
    anchor: str = "start",
    bold: bool = False,
    colour: str = _INK,
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    middle = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}"{middle}{weight} '
        f'fill="{colour}">{_esc(text)}</text>'
    )


def card(card: Card, *, size: float = DEFAULT_SIZE, four_colour: bool = False) -> Svg:
    """One card, face up.

    >>> import xml.etree.ElementTree as ET
    >>> from coinche import Card, svg
    >>> root = ET.fromstring(svg.card(Card.parse("QS"), size=140))
    >>> root.get("height"), root.find("{http://www.w3.org/2000/svg}g").get("class")
    ('164', 'card')
    """
    if not isinstance(card, Card):
        raise CoincheTypeError(f"card must be a Card, not {type(card).__name__}")
    px = _check_size(size)
    colours = _colours(_check_flag(four_colour, "four_colour"))
    body = [_face(card, _MARGIN, _MARGIN, colours)]
    return _document(_W + 2 * _MARGIN, _H + 2 * _MARGIN, px, card_name(card), body)


# ---------------------------------------------------------------- hands
def _suit_order(strain: Strain | None) -> tuple[Suit, ...]:
    trump = None if strain is None else strain.trump_suit
    if trump is None:
        return _BASE_SUITS
    red = trump in (Suit.HEARTS, Suit.DIAMONDS)
    other = [s for s in _BASE_SUITS if (s in (Suit.HEARTS, Suit.DIAMONDS)) != red]
    same = [s for s in _BASE_SUITS if s is not trump and s not in other]
    return (trump, other[0], same[0], other[1])


def _rank_order(suit: Suit, strain: Strain | None) -> tuple[Rank, ...]:
    if strain is None:
        return _FACE_ORDER
    if strain is Strain.ALL_TRUMP or strain.trump_suit is suit:
        return _TRUMP_ORDER
    return _PLAIN_ORDER


def sorted_cards(hand: Hand, strain: Strain | None = None) -> tuple[tuple[Card, ...], ...]:
    """The cards of *hand* suit by suit, in the order the pictures show them.

    Empty suits are left out. See the module's decisions for the order.

    >>> from coinche import Hand, Strain
    >>> from coinche.svg import sorted_cards
    >>> hand = Hand.parse("7H JH AH TS 9D KC AC")
    >>> [" ".join(c.code for c in suit) for suit in sorted_cards(hand)]
    ['TS', 'AH JH 7H', 'AC KC', '9D']
    >>> [" ".join(c.code for c in suit) for suit in sorted_cards(hand, Strain.CLUBS)]
    ['AC KC', 'AH JH 7H', 'TS', '9D']
    >>> [" ".join(c.code for c in suit) for suit in sorted_cards(hand, Strain.HEARTS)]
    ['JH AH 7H', 'TS', '9D', 'AC KC']
    """
    if not isinstance(hand, Hand):
        raise CoincheTypeError(f"hand must be a Hand, not {type(hand).__name__}")
    strain = _check_strain(strain)
    groups = []
    for suit in _suit_order(strain):
        held = hand.of_suit(suit)
        if held:
            ranks = [rank for rank in _rank_order(suit, strain) if Card(rank, suit) in held]
            groups.append(tuple(Card(rank, suit) for rank in ranks))
    return tuple(groups)


def _fan_width(groups: Sequence[Sequence[object]]) -> float:
    count = sum(len(group) for group in groups)
    if count == 0:
        return 0
    return (count - 1) * _STEP + (len(groups) - 1) * _GAP + _W


def _fan(
    x: float,
    y: float,
    groups: Sequence[Sequence[Card]],
    colours: Sequence[str],
    legal: Hand | None,
) -> list[str]:
    """A hand fanned from (x, y + _LIFT): cards of *legal* raised and outlined."""
    parts: list[str] = []
    for number, group in enumerate(groups):
        for card in group:
            if legal is not None and card in legal:
                parts.append(
                    _face(card, x, y, colours, mark="may be played", css="legal", outline=_LEGAL)
                )
            else:
                parts.append(_face(card, x, y + _LIFT, colours))
            x += _STEP
        if number < len(groups) - 1:
            x += _GAP
    return parts


def _backs(x: float, y: float, count: int) -> list[str]:
    return [_back(x + i * _STEP, y + _LIFT) for i in range(count)]


def hand(
    hand: Hand,
    *,
    strain: Strain | None = None,
    legal: Hand | None = None,
    size: float = DEFAULT_SIZE,
    four_colour: bool = False,
) -> Svg:
    """A hand fanned out, sorted by suit (trumps first when *strain* is given).

    The cards of *legal*, which must be in the hand, are raised and outlined in green
    and their titles say ``may be played``.

    >>> import xml.etree.ElementTree as ET
    >>> from coinche import Hand, Strain, Trick, legal_cards, svg
    >>> held = Hand.parse("7S JS KD AD")
    >>> playable = legal_cards(held, Trick.parse("N: AH"), Strain.SPADES)
    >>> root = ET.fromstring(svg.hand(held, strain=Strain.SPADES, legal=playable))
    >>> [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")][1:]
    ['jack of spades, may be played', 'seven of spades, may be played',
     'ace of diamonds', 'king of diamonds']
    >>> svg.hand(held, legal=Hand.parse("7S 8S"))
    Traceback (most recent call last):
    ...
    coinche.errors.CardNotInHandError: legal names 8S, which is not in the hand KD AD 7S JS
    """
    groups = sorted_cards(hand, strain)
    if legal is not None:
        if not isinstance(legal, Hand):
            raise CoincheTypeError(f"legal must be a Hand or None, not {type(legal).__name__}")
        extra = legal - hand
        if extra:
            which = "which is" if len(extra) == 1 else "which are"
            raise CardNotInHandError(f"legal names {extra}, {which} not in the hand {hand}")
    px = _check_size(size)
    colours = _colours(_check_flag(four_colour, "four_colour"))
    lift = _LIFT if legal else 0
    width = max(_fan_width(groups), _W) + 2 * _MARGIN
    height = _H + lift + 2 * _MARGIN
    if groups:
        body = _fan(_MARGIN, _MARGIN + lift - _LIFT, groups, colours, legal or None)
    else:
        body = [_slot(_MARGIN, _MARGIN)]
    shown = " ".join(c.label for group in groups for c in group) or "no cards"
    return _document(width, height, px, f"hand: {shown}", body)


# ---------------------------------------------------------------- tricks
_TRICK_W: Final = 3 * _W + 20  # the four places of a trick, as a compass
_TRICK_H: Final = 2 * _H + 20


def _places(direction: Direction) -> dict[Seat, tuple[str, float, float]]:
    """Where each seat's card of a trick lies in the compass: side and (x, y)."""
    right, left = (Seat.EAST, Seat.WEST)
    if direction is Direction.COUNTERCLOCKWISE:
        right, left = left, right
    return {
        Seat.NORTH: ("top", _W + 10, 0),
        Seat.SOUTH: ("bottom", _W + 10, _H + 20),
        left: ("left", 0, _H / 2 + 10),
        right: ("right", 2 * _W + 20, _H / 2 + 10),
    }


def _trick_cards(
    x: float,
    y: float,
    trick: Trick,
    strain: Strain | None,
    colours: Sequence[str],
    direction: Direction,
    *,
    slots: bool,
) -> list[str]:
    """The cards of *trick* in the compass whose top left corner is (x, y)."""
    places = _places(direction)
    best: Seat | None = None
    mark = ""
    if strain is not None and trick.cards:
        if trick.is_complete:
            best, mark = trick_winner(trick, strain), "wins the trick"
        else:
            best, mark = trick_master(trick, strain), "winning the trick so far"
    played = dict(trick.plays())
    parts: list[str] = []
    for seat in (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH):  # back to front
        _, dx, dy = places[seat]
        card = played.get(seat)
        if card is None:
            if slots:
                parts.append(_slot(x + dx, y + dy))
        elif seat is best:
            parts.append(
                _face(card, x + dx, y + dy, colours, mark=mark, css="winner", outline=_WINNER)
            )
        else:
            parts.append(_face(card, x + dx, y + dy, colours))
    return parts


def trick(
    trick: Trick,
    strain: Strain | None = None,
    *,
    direction: Direction = Direction.CLOCKWISE,
    size: float = DEFAULT_SIZE,
    four_colour: bool = False,
) -> Svg:
    """A trick as the four places round the table, North at the top.

    Each card lies at the seat that played it; a seat that has not played shows an
    empty, dashed place. With a *strain* the winning card (of a complete trick) or the
    card winning so far is outlined in orange. East is on the right unless *direction*
    is counter-clockwise (see :attr:`coinche.RuleConfig.direction`).

    >>> import xml.etree.ElementTree as ET
    >>> from coinche import Strain, Trick, svg
    >>> root = ET.fromstring(svg.trick(Trick.parse("N: AH 7S KH TH"), Strain.SPADES))
    >>> [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    ['trick: N: A♥ 7♠ K♥ 10♥', 'ace of hearts', 'ten of hearts',
     'seven of spades, wins the trick', 'king of hearts']
    """
    if not isinstance(trick, Trick):
        raise CoincheTypeError(f"trick must be a Trick, not {type(trick).__name__}")
    strain = _check_strain(strain)
    if type(direction) is not Direction:
        raise CoincheTypeError(f"direction must be a Direction, not {short_repr(direction)}")
    px = _check_size(size)
    colours = _colours(_check_flag(four_colour, "four_colour"))
    pad = 18  # room for the seat names
    body = _trick_cards(pad, pad, trick, strain, colours, direction, slots=True)
    places = _places(direction)
    for seat, (side, dx, dy) in places.items():
        name = seat.name.title() + (", led" if seat is trick.leader else "")
        bold = seat is trick.leader
        cx = pad + dx + _W / 2
        if side == "top":
            body.append(_text(cx, pad - 5, name, size=11, anchor="middle", bold=bold))
        elif side == "bottom":
            body.append(_text(cx, pad + dy + _H + 13, name, size=11, anchor="middle", bold=bold))
        else:
            body.append(_text(cx, pad + dy - 5, name, size=11, anchor="middle", bold=bold))
    shown = " ".join(c.label for c in trick.cards)
    title = f"trick: {trick.leader.letter}: {shown}".rstrip()
    return _document(_TRICK_W + 2 * pad, _TRICK_H + 2 * pad, px, title, body)
