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
  ``viewBox``).
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

import html
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from coinche.cards import Card, Hand, Rank, Strain, Suit
from coinche.config import AuctionKind, Direction, RuleConfig
from coinche.errors import CardNotInHandError, CoincheTypeError, DrawingError
from coinche.play import Trick, legal_cards, trick_master, trick_points, trick_winner
from coinche.seats import Seat, Team

if TYPE_CHECKING:
    from coinche.deal import Deal, PlayerView
    from coinche.game import Game
    from coinche.scoring import DealResult

__all__ = [
    "DEFAULT_SIZE",
    "Svg",
    "card",
    "card_name",
    "deal",
    "hand",
    "result_table",
    "score_sheet",
    "sorted_cards",
    "trick",
]

DEFAULT_SIZE: Final = 60
"""The height of one card in pixels when no *size* is given."""


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
        raise CoincheTypeError(f"size must be a number of pixels, not {size!r}")
    if not math.isfinite(size) or size <= 0:
        raise DrawingError(f"size must be a positive number of pixels, not {size!r}")
    return float(size)


def _check_flag(value: object, name: str) -> bool:
    if type(value) is not bool:
        raise CoincheTypeError(f"{name} must be True or False, not {value!r}")
    return value


def _check_strain(strain: object) -> Strain | None:
    if strain is not None and type(strain) is not Strain:
        raise CoincheTypeError(f"strain must be a Strain or None, not {strain!r}")
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
        raise CoincheTypeError(f"direction must be a Direction, not {direction!r}")
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


# ---------------------------------------------------------------- deals
class _Position:
    """What a deal diagram shows, gathered from a Deal or a PlayerView."""

    def __init__(self, subject: object, show: object, legal: bool) -> None:
        from coinche.deal import Deal, Phase, PlayerView
        from coinche.scoring import score_deal

        if not isinstance(subject, (Deal, PlayerView)):
            raise CoincheTypeError(
                f"deal draws a Deal or a PlayerView, not {type(subject).__name__}"
            )
        shown = _check_show(show)
        self.rules: RuleConfig = subject.rules
        self.dealer: Seat = subject.dealer
        self.phase: Phase = subject.phase
        self.to_move: Seat | None = subject.to_move
        self.contract = subject.contract
        self.calls = subject.calls
        self.tricks: tuple[Trick, ...] = subject.tricks
        self.trick: Trick | None = subject.trick
        self.announcements = subject.announcements
        self.belote_declared: bool = subject.belote_declared
        self.turned: Card | None = subject.turned
        self.viewer: Seat | None = None
        self.faces: dict[Seat, Hand] = {}
        self.backs: dict[Seat, int] = {}
        self.legal: Hand | None = None
        self.result: DealResult | None = None
        in_play = self.phase is Phase.PLAY and self.to_move is not None
        if isinstance(subject, Deal):
            for seat in Seat:
                held = subject.hand(seat)
                if shown is None or seat in shown:
                    self.faces[seat] = held
                else:
                    self.backs[seat] = len(held)
            if legal and in_play and self.to_move in self.faces:
                self.legal = Hand(c for c in subject.legal_actions() if isinstance(c, Card))
            self.result = subject.result
            return
        viewer = subject.seat
        self.viewer = viewer
        if shown is not None and shown - {viewer}:
            other = sorted(shown - {viewer})[0]
            raise DrawingError(
                f"show names {other.name}, whose cards the view of {viewer.name} does not "
                "know; a PlayerView can show only its own hand"
            )
        played = dict.fromkeys(Seat, 0)
        for done in (*self.tricks, *(() if self.trick is None else (self.trick,))):
            for seat, _ in done.plays():
                played[seat] += 1
        dealt = len(subject.hand) + played[viewer]
        for seat in Seat:
            if seat is viewer and (shown is None or viewer in shown):
                self.faces[seat] = subject.hand
            else:
                self.backs[seat] = dealt - played[seat]
        contract = self.contract
        if legal and in_play and self.to_move in self.faces and contract is not None:
            assert self.trick is not None
            self.legal = legal_cards(subject.hand, self.trick, contract.strain, self.rules)
        if self.phase is Phase.SCORED and contract is not None:
            self.result = score_deal(
                contract,
                self.tricks,
                self.rules,
                announcements=self.announcements,
                belote_declared=self.belote_declared,
            )

    @property
    def strain(self) -> Strain | None:
        return None if self.contract is None else self.contract.strain

    @property
    def turned_in_middle(self) -> bool:
        """True while the turned card lies on the table (before anyone has taken it)."""
        return self.turned is not None and self.contract is None


def _check_show(show: object) -> frozenset[Seat] | None:
    if show is None:
        return None
    if isinstance(show, (str, bytes)) or not isinstance(show, Iterable):
        raise CoincheTypeError(f"show must be seats (an iterable of Seat) or None, not {show!r}")
    seats = tuple(show)
    for seat in seats:
        if type(seat) is not Seat:
            raise CoincheTypeError(f"show holds Seat values, not {seat!r}")
    return frozenset(seats)


_HAND_W: Final = 7 * _STEP + 3 * _GAP + _W  # the widest hand: eight cards in four suits
_LABEL: Final = 16  # the line of a seat's name above its hand
_ROW: Final = _LABEL + _LIFT + _H
_PANEL_W: Final = 240
_LINE: Final = 16
_SEAT_COLUMNS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def _segments(text: str, colours: Sequence[str]) -> list[tuple[str, str]]:
    """A call's text (``100 H``, ``name S``, ``pass``) as (text, colour) pieces, with the
    suit letter turned into its symbol in the suit's colour."""
    head, space, last = text.rpartition(" ")
    if space and len(last) == 1 and last in "CDHS":
        suit = Suit("CDHS".index(last))
        return [(f"{head} ", _INK), (suit.symbol, colours[suit])]
    return [(text, _INK)]


def _rich(x: float, y: float, pieces: Sequence[tuple[str, str]], *, size: float = 12) -> str:
    spans = "".join(
        _esc(text) if colour == _INK else f'<tspan fill="{colour}">{_esc(text)}</tspan>'
        for text, colour in pieces
    )
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" fill="{_INK}">{spans}</text>'
    )


def _auction_rows(pos: _Position) -> list[list[tuple[Seat, str]]]:
    """The calls in a grid of rows, one column per seat (N E S W): a call goes on the
    current row unless its seat's column is already passed, then on a new row."""
    rows: list[list[tuple[Seat, str]]] = []
    last = 0
    for seat, call in pos.calls:
        column = _SEAT_COLUMNS.index(seat)
        if not rows or column <= last:
            rows.append([])
        rows[-1].append((seat, str(call)))
        last = column
    return rows


def _points_so_far(pos: _Position, strain: Strain) -> tuple[list[int], list[int]]:
    won = [0, 0]
    points = [0, 0]
    for done in pos.tricks:
        team = trick_winner(done, strain).team
        won[team] += 1
        points[team] += trick_points(done, strain)
    return won, points


def _panel(x: float, y: float, pos: _Position, colours: Sequence[str]) -> tuple[list[str], float]:
    """The text beside the table; returns the parts and the y below the last line."""
    parts: list[str] = []
    name = pos.rules.preset_name or "house"
    game = "Classic belote" if pos.rules.auction is AuctionKind.TURNED_CARD else "Coinche"
    y += 12
    parts.append(_text(x, y, f"{game}, {name} rules", bold=True))
    y += _LINE
    parts.append(_text(x, y, f"{pos.dealer.name.title()} deals"))
    y += _LINE
    contract = pos.contract
    if contract is not None:
        head, _, tail = str(contract).partition(" by ")
        parts.append(
            _rich(x, y, [("Contract: ", _INK), *_segments(head, colours), (f" by {tail}", _INK)])
        )
    elif pos.phase.value == "thrown_in":
        parts.append(_text(x, y, "Thrown in: nobody bid"))
    else:
        parts.append(_text(x, y, "Contract: none yet"))
    y += _LINE + 6
    parts.append(_text(x, y, "Auction", bold=True))
    y += _LINE
    width = _PANEL_W / 4
    for i, seat in enumerate(_SEAT_COLUMNS):
        parts.append(_text(x + i * width, y, seat.letter, size=11, bold=True, colour="#555555"))
    first = _SEAT_COLUMNS.index(pos.dealer.next)
    rows = _auction_rows(pos)
    if not rows:
        y += 14
        parts.append(_text(x + first * width, y, "…", size=11))
    for row in rows:
        y += 14
        for seat, text in row:
            column = _SEAT_COLUMNS.index(seat)
            parts.append(_rich(x + column * width, y, _segments(text, colours), size=11))
    if pos.turned is not None:
        y += _LINE + 4
        turned = [("Turned card: ", _INK), (pos.turned.label, colours[pos.turned.suit])]
        if contract is not None:
            turned.append((f", taken by {contract.taker.letter}", _INK))
        parts.append(_rich(x, y, turned))
    if pos.announcements or pos.belote_declared:
        y += _LINE + 6
        parts.append(_text(x, y, "Announced", bold=True))
        for announcement in pos.announcements:
            y += 14
            parts.append(_text(x, y, str(announcement), size=11))
        if pos.belote_declared:
            y += 14
            parts.append(_text(x, y, "belote", size=11))
    result = pos.result
    if contract is not None:
        y += _LINE + 6
        parts.append(_text(x, y, "Score" if result is not None else "So far", bold=True))
        won, points = _points_so_far(pos, contract.strain)
        y += _LINE
        parts.append(_text(x, y, f"Tricks: NS {won[0]}, EW {won[1]}"))
        if result is None:
            y += _LINE
            parts.append(_text(x, y, f"Card points: NS {points[0]}, EW {points[1]}"))
        else:
            y += _LINE
            cards = result.card_points
            parts.append(_text(x, y, f"Card points: {cards}"))
            y += _LINE
            made = "made" if result.made else "down"
            parts.append(_text(x, y, f"Contract {made}: {result.score}", bold=True))
    return parts, y + 6


def _label(pos: _Position, seat: Seat) -> tuple[str, bool]:
    """A seat's name with what marks it (dealer, to move, this view), and whether the
    seat is to move."""
    words = [seat.name.title()]
    if seat is pos.dealer:
        words.append("(dealer)")
    if seat is pos.viewer:
        words.append("(this view)")
    moving = seat is pos.to_move
    if moving:
        words.append("to play" if pos.phase.value == "play" else "to call")
    return " ".join(words), moving


def _hand_width(pos: _Position, seat: Seat) -> float:
    if seat in pos.faces:
        return _fan_width(sorted_cards(pos.faces[seat], pos.strain))
    count = pos.backs[seat]
    return 0 if count == 0 else (count - 1) * _STEP + _W


def _seat_hand(
    pos: _Position, seat: Seat, x: float, y: float, colours: Sequence[str], anchor_end: bool
) -> list[str]:
    """A seat's name, then its hand below it, the row's top left corner at (x, y)."""
    text, moving = _label(pos, seat)
    label_x = x + _hand_width(pos, seat) if anchor_end else x
    parts = [
        _text(
            label_x,
            y + 12,
            text,
            anchor="end" if anchor_end else "start",
            bold=True,
            colour=_LEGAL if moving else _INK,
        )
    ]
    if seat in pos.faces:
        legal = pos.legal if seat is pos.to_move else None
        groups = sorted_cards(pos.faces[seat], pos.strain)
        parts.extend(_fan(x, y + _LABEL, groups, colours, legal))
    else:
        parts.extend(_backs(x, y + _LABEL, pos.backs[seat]))
    return parts


def _status(pos: _Position) -> str:
    if pos.phase.value == "thrown_in":
        return "thrown in"
    if pos.phase.value == "scored":
        return "all eight tricks played"
    assert pos.to_move is not None
    if pos.phase.value == "auction":
        return f"{pos.to_move.name.title()} to call"
    return f"{pos.to_move.name.title()} to lead"


def _trick_row(
    x: float, y: float, pos: _Position, strain: Strain, colours: Sequence[str]
) -> list[str]:
    """The complete tricks side by side, each card by its seat, the winner raised."""
    parts: list[str] = []
    width = 3 * _MINI_STEP + _W * _MINI
    for number, done in enumerate(pos.tricks, 1):
        winner = trick_winner(done, strain)
        left = x + (number - 1) * (width + 8)
        parts.append(_text(left, y + 10, f"{number}. won by {winner.letter}", size=10))
        for i, (seat, card) in enumerate(done.plays()):
            cx = left + i * _MINI_STEP
            if seat is winner:
                mark = "wins the trick"
                parts.append(
                    _face(
                        card,
                        cx,
                        y + 14,
                        colours,
                        scale=_MINI,
                        mark=mark,
                        css="winner",
                        outline=_WINNER,
                    )
                )
            else:
                parts.append(_face(card, cx, y + 20, colours, scale=_MINI))
    return parts


def deal(
    deal: Deal | PlayerView,
    *,
    show: Iterable[Seat] | None = None,
    legal: bool = False,
    size: float = DEFAULT_SIZE,
    four_colour: bool = False,
) -> Svg:
    """The classic diagram of a deal, or of what one player may see of it.

    The four hands round the table (North at the top), each sorted by suit with trumps
    first once there is a contract; the trick in progress in the middle; beside it the
    contract, the auction, the announcements and the score so far; the complete tricks
    along the bottom with their winners. The seat to move is named in green.

    *show* is the seats whose cards are drawn face up: all four for a
    :class:`~coinche.Deal` and the view's own seat for a
    :class:`~coinche.PlayerView` when it is ``None``; the other hands are drawn as
    card backs. With *legal*, the cards the seat to move may play are raised and
    outlined in green (in the play, when its hand is face up).

    >>> import random, xml.etree.ElementTree as ET
    >>> from coinche import Deal, RuleConfig, Seat, svg
    >>> deal = Deal.new(Seat.WEST, RuleConfig(), random.Random(4))
    >>> root = ET.fromstring(svg.deal(deal, show=[Seat.SOUTH]))
    >>> classes = [g.get("class") for g in root.iter("{http://www.w3.org/2000/svg}g")]
    >>> classes.count("card"), classes.count("card-back")
    (8, 24)
    >>> svg.deal(deal.view(Seat.NORTH), show=[Seat.SOUTH])
    Traceback (most recent call last):
    ...
    coinche.errors.DrawingError: show names SOUTH, whose cards the view of NORTH does not
    know; a PlayerView can show only its own hand

    :raises DrawingError: *show* names a seat that a view does not know, or *size* is
        not a positive number.
    """
    pos = _Position(deal, show, _check_flag(legal, "legal"))
    px = _check_size(size)
    colours = _colours(_check_flag(four_colour, "four_colour"))
    right, left = (Seat.EAST, Seat.WEST)
    if pos.rules.direction is Direction.COUNTERCLOCKWISE:
        right, left = left, right
    m = 10
    box_x = m + _HAND_W + 20
    right_x = box_x + _TRICK_W + 20
    centre = box_x + _TRICK_W / 2
    middle_y = m + _ROW + 8
    south_y = middle_y + _TRICK_H + 8
    side_y = middle_y + (_TRICK_H - _ROW) / 2
    body: list[str] = []
    north_w = _hand_width(pos, Seat.NORTH)
    body += _seat_hand(pos, Seat.NORTH, centre - north_w / 2, m, colours, False)
    body += _seat_hand(pos, left, box_x - 20 - _hand_width(pos, left), side_y, colours, True)
    body += _seat_hand(pos, right, right_x, side_y, colours, False)
    south_w = _hand_width(pos, Seat.SOUTH)
    body += _seat_hand(pos, Seat.SOUTH, centre - south_w / 2, south_y, colours, False)
    trick = pos.trick
    if trick is not None and trick.cards:
        direction = pos.rules.direction
        body += _trick_cards(box_x, middle_y, trick, pos.strain, colours, direction, slots=False)
    elif pos.turned_in_middle:
        assert pos.turned is not None
        turned = _face(
            pos.turned, centre - _W / 2, middle_y + 30, colours, mark="turned up", css="turned"
        )
        body.append(turned)
        body.append(_text(centre, middle_y + _TRICK_H - 8, _status(pos), anchor="middle"))
    else:
        body.append(_text(centre, middle_y + _TRICK_H / 2 + 4, _status(pos), anchor="middle"))
    table_w = right_x + _HAND_W
    panel, panel_bottom = _panel(table_w + 14, m, pos, colours)
    body += panel
    bottom = max(south_y + _ROW, panel_bottom)
    if pos.tricks:
        assert pos.strain is not None
        body += _trick_row(m, bottom + 6, pos, pos.strain, colours)
        bottom += 6 + 20 + _H * _MINI
    width = table_w + 14 + _PANEL_W + m
    contract = "" if pos.contract is None else f", {pos.contract}"
    whose = "" if pos.viewer is None else f" seen by {pos.viewer.name}"
    title = f"deal{whose}: {pos.dealer.name} deals, {pos.phase.value}{contract}"
    return _document(width, bottom + m, px, title, body)


# ---------------------------------------------------------------- HTML tables
def _row(cells: Iterable[str], *, head: bool = False) -> str:
    tag = "th" if head else "td"
    return "<tr>" + "".join(f"<{tag}>{cell}</{tag}>" for cell in cells) + "</tr>"


def result_table(result: DealResult) -> str:
    """A finished deal's score as HTML: a table of each team's figures, then every
    line of :meth:`~coinche.DealResult.breakdown` (when the result can explain itself).

    What :class:`~coinche.DealResult` shows in Jupyter.

    >>> from coinche import Contract, Seat, Strain, Trick, score_deal, svg
    >>> tricks = [Trick.parse(t) for t in (
    ...     "N: JH 7H 8H 9H", "N: AS 7S 8S 9S", "N: TS JS QS KS", "N: AC 7C 8C 9C",
    ...     "N: TC JC QC KC", "N: AD 7D 8D 9D", "N: TD JD QD KD", "N: AH TH KH QH")]
    >>> page = svg.result_table(score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), tricks))
    >>> print(page.split("\\n")[1])
    <caption>80 H by N: made; NS 330, EW 0</caption>
    >>> "<tr><th>Capot</th><td>capot</td><td></td></tr>" in page
    True
    """
    from coinche.errors import InvalidDealError
    from coinche.scoring import DealResult

    if not isinstance(result, DealResult):
        raise CoincheTypeError(f"result must be a DealResult, not {type(result).__name__}")
    made = "made" if result.made else "down"

    def row(label: str, cells: Iterable[object]) -> str:
        return f"<tr><th>{label}</th>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>"

    def flag(team: Team | None, word: str) -> list[str]:
        return [word if team is t else "" for t in Team]

    lines = [
        '<table class="coinche-result">',
        f"<caption>{_esc(str(result.contract))}: {made}; {_esc(str(result.score))}</caption>",
        _row(["", "NS", "EW"], head=True),
        row("Tricks", result.tricks_won.values()),
        row("Card points", result.card_points.values()),
        row("Belote", flag(result.belote, "belote")),
        row("Announcements", result.announcement_points.values()),
    ]
    if result.capot is not None:
        lines.append(row("Capot", flag(result.capot, "capot")))
    lines.append(row("Score", result.score.values()))
    lines.append("</table>")
    try:
        breakdown = result.breakdown()
    except InvalidDealError:
        return "\n".join(lines) + "\n"
    lines.append('<table class="coinche-breakdown">')
    for line in breakdown.split("\n"):
        label, _, rest = line.partition(": ")
        lines.append(f"<tr><th>{_esc(label)}</th><td>{_esc(rest)}</td></tr>")
    lines.append("</table>")
    return "\n".join(lines) + "\n"


def score_sheet(game: Game) -> str:
    """A game's score sheet as HTML: one row per scored deal, with the contract, whether
    it was made, each team's score and the running totals; a game won in a match is
    noted and its totals start again from 0.

    What :class:`~coinche.game.Game` shows in Jupyter.

    >>> import random
    >>> from coinche import Contract, Deal, Game, RuleConfig, Seat, Strain, TeamPoints
    >>> from coinche import Trick, score_deal, svg
    >>> capot = score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), [Trick.parse(t) for t in (
    ...     "N: JH 7H 8H 9H", "N: AS 7S 8S 9S", "N: TS JS QS KS", "N: AC 7C 8C 9C",
    ...     "N: TC JC QC KC", "N: AD 7D 8D 9D", "N: TD JD QD KD", "N: AH TH KH QH")])
    >>> game = Game(RuleConfig(), 0, Deal.new(Seat.WEST, RuleConfig(), random.Random(0)),
    ...             deal_number=2, results=(capot, capot), totals=TeamPoints(660, 0))
    >>> import xml.etree.ElementTree as ET
    >>> table = ET.fromstring(svg.score_sheet(game))
    >>> table.find("caption").text
    'Coinche, common rules, game to 1000: NS 660, EW 0'
    >>> [[cell.text for cell in row] for row in table.iter("tr")][1:]
    [['1', '80 H by N', 'made', '330', '0', '330', '0'],
     ['2', '80 H by N', 'made', '330', '0', '660', '0']]
    """
    from coinche.game import Game, _game_winner
    from coinche.scoring import TeamPoints

    if not isinstance(game, Game):
        raise CoincheTypeError(f"game must be a Game, not {type(game).__name__}")
    rules = game.rules
    kind = "Classic belote" if rules.auction is AuctionKind.TURNED_CARD else "Coinche"
    length = f"game to {rules.target}"
    if rules.games_to_win > 1:
        length = f"first to win {rules.games_to_win} games of {rules.target}"
    caption = f"{kind}, {rules.preset_name or 'house'} rules, {length}: {game.totals}"
    if game.winner is not None:
        caption += f", won by {game.winner.short}"
    lines = [
        '<table class="coinche-score-sheet">',
        f"<caption>{_esc(caption)}</caption>",
        _row(["Deal", "Contract", "", "NS", "EW", "Total NS", "Total EW"], head=True),
    ]
    ns = ew = 0
    games = 0
    for number, result in enumerate(game.results, 1):
        score = result.score
        ns += score.north_south
        ew += score.east_west
        made = "made" if result.made else "down"
        cells = [str(number), _esc(str(result.contract)), made]
        cells += [str(score.north_south), str(score.east_west), str(ns), str(ew)]
        lines.append(_row(cells))
        winner = _game_winner(TeamPoints(ns, ew), rules.target)
        if winner is not None and rules.games_to_win > 1:
            games += 1
            lines.append(
                f'<tr><td colspan="7">Game {games} won by {winner.short}'
                + ("" if number == len(game.results) and game.is_over else "; new totals")
                + "</td></tr>"
            )
            if not (number == len(game.results) and game.is_over):
                ns = ew = 0
    if game.thrown_in:
        lines.append(f'<tr><td colspan="7">Thrown in: {game.thrown_in}</td></tr>')
    lines.append("</table>")
    return "\n".join(lines) + "\n"
