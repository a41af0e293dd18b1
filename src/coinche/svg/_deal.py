"""The deal diagram: four hands round the table, the trick, the auction and the
score so far (internal; :func:`coinche.svg.deal` is the public function)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from coinche._checks import short_repr
from coinche.cards import Card, Hand, Strain, Suit
from coinche.config import AuctionKind, Direction, RuleConfig
from coinche.deal import Deal
from coinche.errors import CoincheTypeError, DrawingError
from coinche.play import Trick, legal_cards, trick_winner
from coinche.scoring import DealResult, TeamPoints
from coinche.seats import Seat
from coinche.step import Phase
from coinche.svg._draw import (
    _GAP,
    _H,
    _INK,
    _LEGAL,
    _LIFT,
    _MINI,
    _MINI_STEP,
    _STEP,
    _TRICK_H,
    _TRICK_W,
    _W,
    _WINNER,
    DEFAULT_SIZE,
    Svg,
    _backs,
    _check_flag,
    _check_size,
    _colours,
    _document,
    _esc,
    _face,
    _fan,
    _fan_width,
    _num,
    _text,
    _trick_cards,
    sorted_cards,
)
from coinche.view import PlayerView


# ---------------------------------------------------------------- deals
class _Position:
    """What a deal diagram shows, gathered from a Deal or a PlayerView."""

    def __init__(self, subject: object, show: object, legal: bool) -> None:
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
        self.result: DealResult | None = subject.result
        # what the deal (or the view) says of the tricks won so far, from its position
        self.card_points: TeamPoints = subject.card_points
        self.tricks_won: TeamPoints = subject.tricks_won
        in_play = self.phase is Phase.PLAY and self.to_move is not None
        self.as_dealt = self.phase is Phase.SCORED  # every card played: draw the deal
        if isinstance(subject, Deal):
            for seat in Seat:
                held = subject.hands[seat] if self.as_dealt else subject.hand(seat)
                if shown is None or seat in shown:
                    self.faces[seat] = held
                else:
                    self.backs[seat] = len(held)
            if legal and in_play and self.to_move in self.faces:
                self.legal = Hand(c for c in subject.legal_actions() if isinstance(c, Card))
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
        own = subject.hand
        if self.as_dealt:  # the view's hand as dealt: the cards it played
            own = Hand(
                card for done in self.tricks for seat, card in done.plays() if seat is viewer
            )
        for seat in Seat:
            if seat is viewer and (shown is None or viewer in shown):
                self.faces[seat] = own
            else:
                self.backs[seat] = dealt if self.as_dealt else dealt - played[seat]
        contract = self.contract
        if legal and in_play and self.to_move in self.faces and contract is not None:
            assert self.trick is not None
            self.legal = legal_cards(subject.hand, self.trick, contract.strain, self.rules)

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
        raise CoincheTypeError(
            f"show must be seats (an iterable of Seat) or None, not {short_repr(show)}"
        )
    seats = tuple(show)
    for seat in seats:
        if type(seat) is not Seat:
            raise CoincheTypeError(f"show holds Seat values, not {short_repr(seat)}")
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
        y += _LINE
        parts.append(_text(x, y, f"Tricks: {pos.tricks_won}"))
        if result is None:
            y += _LINE
            parts.append(_text(x, y, f"Card points: {pos.card_points}"))
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
    along the bottom with their winners. The seat to move is named in green. Once all
    eight tricks are played, the hands are drawn as they were dealt (a view's own hand:
    the cards it played).

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
        not more than 0 and at most :data:`~coinche.svg.MAX_SIZE`.
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
        if pos.as_dealt:
            below = middle_y + _TRICK_H / 2 + 4 + _LINE
            body.append(_text(centre, below, "the hands as dealt", anchor="middle"))
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
