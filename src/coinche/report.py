"""The readable report of a deal: its hands, auction, tricks and score, for people.

:func:`render_deal` writes a finished deal for people to read: the hands, the auction,
every trick with its winner and its points, and the score explained line by line
(:meth:`~coinche.DealResult.breakdown`). :func:`render_auction`,
:func:`render_hands` and :func:`render_tricks` write one part each, and
:func:`render_position` a deal at any point. The one-line deal notation is
:mod:`coinche.notation`'s.

>>> from coinche import Strain, Trick
>>> from coinche.report import render_tricks
>>> # the jack (20) and nine (14) of trumps, the seven and eight (0): 34 points to North
>>> print(render_tricks([Trick.parse("N: JH 7H 8H 9H")], Strain.HEARTS))
Tricks (hearts are trumps):
   1  N: JH 7H 8H 9H  won by N, 34 points
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from coinche._checks import check_iterable, short_repr
from coinche.cards import Card, Hand, Strain
from coinche.config import PRESETS
from coinche.contract import Contract
from coinche.deal import Deal
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.notation import SUIT_ORDER, _holding, format_deal
from coinche.play import LAST_TRICK_BONUS, Trick, trick_points, trick_winner
from coinche.scoring import DealResult
from coinche.seats import Seat

__all__ = [
    "STRAIN_WORDS",
    "render_auction",
    "render_deal",
    "render_hands",
    "render_position",
    "render_tricks",
]

STRAIN_WORDS: Final = {
    Strain.CLUBS: "clubs are trumps",
    Strain.DIAMONDS: "diamonds are trumps",
    Strain.HEARTS: "hearts are trumps",
    Strain.SPADES: "spades are trumps",
    Strain.NO_TRUMP: "no trump",
    Strain.ALL_TRUMP: "all trump",
}
"""How a report names the strain of a contract (``hearts are trumps``, ``no trump``)."""


def render_hands(hands: Mapping[Seat, Hand], first: Seat = Seat.NORTH) -> str:
    """The hands one per line, suit by suit, from the seat *first* in the order of play.

    Any number of cards per hand; a seat missing from *hands* is left out.

    >>> from coinche import Hand, Seat
    >>> from coinche.report import render_hands
    >>> print(render_hands({Seat.NORTH: Hand.parse("AS TS JH 9H 7C"),
    ...                     Seat.SOUTH: Hand.parse("KD QD")}))
    Hands:
      N  S AT        H J9        D -         C 7
      S  S -         H -         D KQ        C -
    """
    if not isinstance(hands, Mapping):
        raise CoincheTypeError(
            f"hands must be a mapping from Seat to Hand, not {type(hands).__name__}"
        )
    if type(first) is not Seat:
        raise CoincheTypeError(f"first must be a Seat, not {short_repr(first)}")
    lines = ["Hands:"]
    for seat in first.cycle():
        hand = hands.get(seat)
        if hand is None:
            continue
        if not isinstance(hand, Hand):
            raise CoincheTypeError(
                f"the hand of {seat.name} must be a Hand, not {type(hand).__name__}"
            )
        parts = [f"{suit.letter} {_holding(hand, suit) or '-'}" for suit in SUIT_ORDER]
        lines.append(f"  {seat.letter}  " + "".join(part.ljust(12) for part in parts).rstrip())
    return "\n".join(lines)


def render_auction(
    calls: Iterable[tuple[Seat, object]],
    dealer: Seat | None = None,
    *,
    turned: Card | None = None,
) -> str:
    """The auction one call per line: the seat, then the call as ``str()`` writes it.

    *calls* are (seat, call) pairs in the order made, such as
    :attr:`coinche.auction.Auction.calls`; a call may be any object, or its text. The
    *turned* card of a classic deal (:attr:`coinche.Deal.turned`) is named in the
    heading.

    >>> from coinche import Card, Seat
    >>> from coinche.report import render_auction
    >>> print(render_auction([(Seat.NORTH, "pass"), (Seat.EAST, "take")], Seat.WEST,
    ...                      turned=Card.parse("JH")))
    Auction (W deals, turned card JH):
      N  pass
      E  take

    >>> from coinche import Seat
    >>> from coinche.report import render_auction
    >>> print(render_auction([(Seat.NORTH, "100 H"), (Seat.EAST, "coinche")], Seat.WEST))
    Auction (W deals):
      N  100 H
      E  coinche
    """
    if dealer is not None and type(dealer) is not Seat:
        raise CoincheTypeError(f"dealer must be a Seat, not {short_repr(dealer)}")
    if turned is not None and not isinstance(turned, Card):
        raise CoincheTypeError(f"turned must be a Card, not {short_repr(turned)}")
    notes = [] if dealer is None else [f"{dealer.letter} deals"]
    if turned is not None:
        notes.append(f"turned card {turned}")
    lines = [f"Auction ({', '.join(notes)}):" if notes else "Auction:"]
    check_iterable(calls, "calls")
    for item in calls:
        if not isinstance(item, tuple) or len(item) != 2 or type(item[0]) is not Seat:
            raise CoincheTypeError(
                f"each call must be a (Seat, call) pair, not {short_repr(item)}"
            )
        lines.append(f"  {item[0].letter}  {item[1]}")
    if len(lines) == 1:
        lines.append("  (no calls)")
    return "\n".join(lines)


def render_tricks(tricks: Sequence[Trick], strain: Strain) -> str:
    """Each trick on a line with its number, its winner and its card points.

    Incomplete tricks are shown without a winner. The last of eight complete tricks
    notes its bonus of 10.

    >>> from coinche import Strain, Trick
    >>> from coinche.report import render_tricks
    >>> print(render_tricks([Trick.parse("E: AH 7S KH"), ], Strain.SPADES))
    Tricks (spades are trumps):
       1  E: AH 7S KH
    """
    if type(strain) is not Strain:
        raise CoincheTypeError(f"strain must be a Strain, not {short_repr(strain)}")
    check_iterable(tricks, "tricks")
    listed = tuple(tricks)
    lines = [f"Tricks ({STRAIN_WORDS[strain]}):"]
    width = max((len(str(trick)) for trick in listed), default=0)
    for number, trick in enumerate(listed, 1):
        if not isinstance(trick, Trick):
            raise CoincheTypeError(f"trick {number} is a {type(trick).__name__}, not a Trick")
        line = f"  {number:2d}  {str(trick).ljust(width)}"
        if trick.is_complete:
            points = trick_points(trick, strain)
            line += f"  won by {trick_winner(trick, strain).letter}, {points} points"
            if number == 8 == len(listed):
                line += f" + {LAST_TRICK_BONUS} for the last trick"
        lines.append(line.rstrip())
    return "\n".join(lines)


def _played_hands(tricks: Sequence[Trick]) -> dict[Seat, Hand]:
    cards: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
    for trick in tricks:
        for seat, card in trick.plays():
            cards[seat].append(card)
    return {seat: Hand(held) for seat, held in cards.items()}


def render_deal(
    result: DealResult | Deal,
    *,
    calls: Iterable[tuple[Seat, object]] | None = None,
    dealer: Seat | None = None,
    hands: Mapping[Seat, Hand] | None = None,
    turned: Card | None = None,
) -> str:
    """A deal for people to read: hands, auction, tricks and the score explained.

    Given a :class:`~coinche.Deal`, it shows the deal as it stands: a finished one in
    full, with its dealt hands and its auction; one in progress as a table of the
    position (see :func:`render_position`). Otherwise *result* must come from
    :func:`~coinche.score_deal`, which keeps the contract,
    tricks and rules it scored. *hands* default to the cards each seat played; *calls*
    (seat, call) pairs and the *dealer* are shown when given, and the *turned* card of a
    classic deal in the auction's heading. The deal notation line starts with the
    dealer, or else with the first trick's leader.

    >>> from coinche import Contract, Seat, Strain, Trick, score_deal
    >>> from coinche.report import render_deal
    >>> tricks = [Trick.parse(t) for t in (
    ...     "N: JH 7H 8H 9H", "N: AS 7S 8S 9S", "N: TS JS QS KS", "N: AC 7C 8C 9C",
    ...     "N: TC JC QC KC", "N: AD 7D 8D 9D", "N: TD JD QD KD", "N: AH TH KH QH")]
    >>> result = score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), tricks)
    >>> print(render_deal(result, dealer=Seat.WEST,
    ...                   calls=[(Seat.NORTH, "80 H"), (Seat.EAST, "pass"),
    ...                          (Seat.SOUTH, "pass"), (Seat.WEST, "pass")]))
    Deal: W:K9.Q9.K9.K9 AT.AJ.AT.AT J7.T7.J7.J7 Q8.K8.Q8.Q8
    Hands:
      W  S K9        H Q9        D K9        C K9
      N  S AT        H AJ        D AT        C AT
      E  S J7        H T7        D J7        C J7
      S  S Q8        H K8        D Q8        C Q8
    Auction (W deals):
      N  80 H
      E  pass
      S  pass
      W  pass
    Tricks (hearts are trumps):
       1  N: JH 7H 8H 9H  won by N, 34 points
       2  N: AS 7S 8S 9S  won by N, 11 points
       3  N: TS JS QS KS  won by N, 19 points
       4  N: AC 7C 8C 9C  won by N, 11 points
       5  N: TC JC QC KC  won by N, 19 points
       6  N: AD 7D 8D 9D  won by N, 11 points
       7  N: TD JD QD KD  won by N, 19 points
       8  N: AH TH KH QH  won by N, 28 points + 10 for the last trick
    Score:
      Contract: 80 H by N (North-South), common scoring
      Tricks: NS 8, EW 0; NS took the last trick (+10)
      Capot: NS take all eight tricks, card points 250
      Card points: NS 250, EW 0
      Announcements: none
      Totals for the contract: NS 250, EW 0
      Made: NS 250 against 80
      Score NS: contract 80 + total 250 = 330
      Score EW: total 0 = 0
      Deal score: NS 330, EW 0
    """
    if isinstance(result, Deal):
        return _render_a_deal(result)
    if not isinstance(result, DealResult):
        raise CoincheTypeError(
            f"result must be a DealResult or a Deal, not {type(result).__name__}"
        )
    inputs = result._inputs
    if inputs is None:
        raise InvalidDealError("only a result made by score_deal knows its tricks to show")
    if dealer is not None and type(dealer) is not Seat:
        raise CoincheTypeError(f"dealer must be a Seat, not {short_repr(dealer)}")
    tricks = inputs.tricks
    first = dealer if dealer is not None else tricks[0].leader
    shown = _played_hands(tricks) if hands is None else hands
    sections = [f"Deal: {format_deal(first, shown)}", render_hands(shown, first)]
    if calls is not None:
        sections.append(render_auction(calls, dealer, turned=turned))
    elif turned is not None:
        sections.append(f"Turned card: {turned}")
    sections.append(render_tricks(tricks, inputs.contract.strain))
    sections.append("Score:\n" + "\n".join(f"  {line}" for line in result.breakdown().split("\n")))
    return "\n".join(sections)


def _render_a_deal(deal: Deal) -> str:
    result = deal.result
    if result is None:
        return render_position(deal)
    hands = dict(zip(Seat, deal.hands, strict=True))
    return render_deal(
        result, calls=deal.calls, dealer=deal.dealer, hands=hands, turned=deal.turned
    )


def render_position(deal: Deal) -> str:
    """A deal at any point, as a table: the cards each seat still holds, the auction, the
    contract, the complete tricks, the trick so far, who is to move and the score so far.

    ``str(deal)`` and ``print(deal)`` show the same.

    >>> from coinche import Card, Hand, RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Bid
    >>> from coinche.deal import Deal
    >>> hands = [Hand.parse(text) for text in ("7C 8C 9C TC JC QC KC AC",
    ...     "7D 8D 9D TD JD QD KD AD", "7H 8H 9H TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS")]
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig(), hands)
    >>> deal = deal.apply(Bid(90, Strain.SPADES)).apply(PASS).apply(PASS).apply(PASS)
    >>> for code in ("AC", "7D", "7H", "7S", "AS"):  # West trumps, wins, leads the AS
    ...     deal = deal.apply(Card.parse(code))
    >>> print(render_position(deal))
    Deal in progress (play phase), W deals, common rules
    Contract: 90 S by N (North-South)
    Hands (the cards still held):
      N  S -         H -         D -         C KQJT987
      E  S -         H -         D AKQJT98   C -
      S  S -         H AKQJT98   D -         C -
      W  S KQJT98    H -         D -         C -
    Auction (W deals):
      N  90 S
      E  pass
      S  pass
      W  pass
    Tricks (spades are trumps):
       1  N: AC 7D 7H 7S  won by W, 11 points
    Trick so far: W: AS
    To move: N
    So far: tricks NS 0, EW 1; card points NS 0, EW 11
    """
    if not isinstance(deal, Deal):
        raise CoincheTypeError(f"deal must be a Deal, not {type(deal).__name__}")
    contract = deal.contract
    heading = (
        f"Deal in progress ({deal.phase.value} phase), {deal.dealer.letter} deals, "
        f"{_rules_name(deal)} rules"
        if not deal.is_over
        else f"Deal {deal.phase.value.replace('_', ' ')}, {deal.dealer.letter} deals"
    )
    lines = [heading, f"Contract: {'none yet' if contract is None else _contract_words(contract)}"]
    held = {seat: deal.hand(seat) for seat in Seat}
    lines.append(
        render_hands(held, deal.dealer.next).replace("Hands:", "Hands (the cards still held):", 1)
    )
    lines.append(render_auction(deal.calls, deal.dealer, turned=deal.turned))
    if contract is not None:
        strain = contract.strain
        if deal.tricks:
            lines.append(render_tricks(deal.tricks, strain))
        trick = deal.trick
        if trick is not None:
            lines.append(f"Trick so far: {trick!s}")
        if deal.to_move is not None:
            lines.append(f"To move: {deal.to_move.letter}")
        won, points = deal.tricks_won, deal.card_points
        lines.append(
            f"So far: tricks NS {won.north_south}, EW {won.east_west}; "
            f"card points NS {points.north_south}, EW {points.east_west}"
        )
    elif deal.to_move is not None:
        lines.append(f"To move: {deal.to_move.letter}")
    return "\n".join(lines)


def _rules_name(deal: Deal) -> str:
    for name, make in PRESETS.items():
        if make() == deal.rules:
            return name
    return "house"


def _contract_words(contract: Contract) -> str:
    team = "North-South" if contract.taker.team == 0 else "East-West"
    return f"{contract} ({team})"
