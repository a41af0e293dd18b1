"""What the API answers, as JSON: the state one seat may see, a finished deal, a review
(internal).

Every answer is built from what the library lets the seat know: the seat's
:class:`~coinche.PlayerView` (its own hand, never another's unplayed cards) and the
deals that are over. The shapes are TypedDicts, so that mypy checks the builders and
FastAPI writes them into the OpenAPI schema.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict

from coinche import svg
from coinche.actions import action_to_int
from coinche.announcements import Announcement
from coinche.bots.review import CallReview, Review
from coinche.cards import Card, Rank, Strain
from coinche.contract import Contract
from coinche.deal import Action, Deal, Phase, PlayerView
from coinche.play import Trick, trick_points, trick_winner
from coinche.records import to_data
from coinche.scoring import TeamPoints
from coinche.seats import Seat
from coinche.web._store import GameEntry

__all__ = [
    "DealDetail",
    "ReviewState",
    "SeatState",
    "deal_detail",
    "declared_text",
    "review_state",
    "seat_state",
]


class Points(TypedDict):
    """A figure for each team."""

    NS: int
    EW: int


class LegalAction(TypedDict):
    """One action the seat may make: as text (the library's notation) and as an
    integer of :mod:`coinche.actions`."""

    action: str
    int: int


class Play(TypedDict):
    seat: str
    card: str


class TrickState(TypedDict):
    """A trick: its number (1 to 8), leader and cards; once complete, who won it and
    its card points."""

    number: int
    leader: str
    cards: list[Play]
    winner: str | None
    points: int | None


class CallState(TypedDict):
    seat: str
    call: str


class ContractState(TypedDict):
    text: str
    taker: str
    strain: str
    value: int | str
    multiplier: int


class AnnouncementState(TypedDict):
    """A declared announcement: ``text`` as a step writes it (``tierce (QH KH AH)``)."""

    seat: str
    kind: str
    text: str
    cards: list[str]
    points: int


class BeloteState(TypedDict):
    seat: str
    text: str


class DealSummary(TypedDict):
    """A deal of the game: ``index`` from 0; its contract, whether it was made and its
    score once it is scored."""

    index: int
    dealer: str
    phase: str
    contract: str | None
    made: bool | None
    score: Points | None


class SeatState(TypedDict):
    """What one seat may know of the game (or anyone, with no seat): the current deal
    as the seat's :class:`~coinche.PlayerView` shows it, what it may do, the deals and
    the score."""

    game_id: str
    version: int
    rules: str
    options: dict[str, Any]
    target: int
    direction: str
    seed: int | None
    seats: dict[str, str]
    seat: str | None
    deal_index: int
    dealer: str
    phase: str
    to_move: str | None
    thinking: str | None
    bot_error: str | None
    hand: list[str] | None
    hand_sizes: dict[str, int]
    turned: str | None
    calls: list[CallState]
    contract: ContractState | None
    trick: TrickState | None
    last_trick: TrickState | None
    tricks_won: Points
    card_points: Points
    announcements: list[AnnouncementState]
    belote: list[BeloteState]
    legal: list[LegalAction]
    declarable: list[str]
    belote_cards: list[str]
    totals: Points
    games_won: Points
    over: bool
    winner: str | None
    deals: list[DealSummary]
    score_sheet_html: str
    view: dict[str, Any] | None


class DealDetail(TypedDict):
    """A deal that is over: its summary, its score explained (text and an HTML table)
    and its play drawn (SVG)."""

    summary: DealSummary
    breakdown: str | None
    result_html: str | None
    diagram_svg: str


class CostlyCard(TypedDict):
    """A card that gave up card points or deal score with the hands open: the better
    card, what it would have kept (``score_cost`` ``None`` when not scored)."""

    number: int
    trick: int
    seat: str
    card: str
    best: str
    cost: int
    score_cost: int | None


class CostlyCall(TypedDict):
    """A call whose best alternative was expected to score more (with worlds only)."""

    number: int
    seat: str
    call: str
    best: str
    cost: float


class ReviewState(TypedDict):
    """A finished deal's review (:func:`coinche.bots.review.review`), in two parts:
    ``status`` is ``pending`` until its cards are reviewed with the hands open, then
    ``ready``; ``calls_status`` is ``pending`` until the calls are estimated over
    ``worlds`` worlds each, then ``ready`` (``off`` when the server does not estimate
    them, ``failed`` when it failed: asked again, it starts again). Once ready: the
    library's ``review`` record (a row per call and card), the costly cards and calls,
    the text breakdown, and the play drawn with the costly cards outlined and their
    better card (``svg``)."""

    status: str
    calls_status: str
    worlds: int
    costly_cards: list[CostlyCard]
    costly_calls: list[CostlyCall]
    breakdown: str
    svg: str
    record: dict[str, Any] | None


def _points(points: TeamPoints) -> Points:
    return {"NS": points.north_south, "EW": points.east_west}


def _contract(contract: Contract) -> ContractState:
    value = contract.value
    return {
        "text": str(contract),
        "taker": contract.taker.letter,
        "strain": contract.strain.code,
        "value": value if isinstance(value, int) else str(value),
        "multiplier": contract.multiplier,
    }


def _trick(trick: Trick, number: int, strain: Strain | None) -> TrickState:
    done = trick.is_complete and strain is not None
    assert strain is not None or not done
    return {
        "number": number,
        "leader": trick.leader.letter,
        "cards": [{"seat": seat.letter, "card": card.code} for seat, card in trick.plays()],
        "winner": trick_winner(trick, strain).letter if done and strain is not None else None,
        "points": trick_points(trick, strain) if done and strain is not None else None,
    }


def declared_text(announcement: Announcement) -> str:
    """An announcement as a step writes it: its kind and its cards, without its seat
    (``tierce (QH KH AH)``), what the API's ``declare`` takes back."""
    text = str(announcement)
    return text[: text.rindex(" by ")]


def _announcement(announcement: Announcement) -> AnnouncementState:
    return {
        "seat": announcement.seat.letter,
        "kind": announcement.kind.value,
        "text": declared_text(announcement),
        "cards": [card.code for card in announcement.cards],
        "points": announcement.points,
    }


def _belote(view: PlayerView) -> list[BeloteState]:
    """Belote as the table knows it. Where the rules require it to be declared: said
    with the first of the king and queen of trumps (``belote``), then ``belote and
    rebelote`` with the second; a holder who kept quiet is not shown (the belote does
    not count). Otherwise: once one seat has played both the king and the queen."""
    contract = view.contract
    suit = None if contract is None else contract.strain.trump_suit
    if suit is None:
        return []
    players: dict[Rank, Seat] = {}
    for trick in (*view.tricks, *(() if view.trick is None else (view.trick,))):
        for seat, card in trick.plays():
            if card.suit is suit and card.rank in (Rank.KING, Rank.QUEEN):
                players[card.rank] = seat
    king, queen = players.get(Rank.KING), players.get(Rank.QUEEN)
    both = king if king is not None and king is queen else None
    if view.rules.belote_requires_declaration:
        said = next((step.seat for step in view.steps if step.belote), None)
        if said is None:
            return []
        return [{"seat": said.letter, "text": "belote and rebelote" if said is both else "belote"}]
    return [] if both is None else [{"seat": both.letter, "text": "belote and rebelote"}]


def _belote_cards(view: PlayerView) -> list[str]:
    """The cards with which the seat of *view*, to play now, says belote or keeps quiet:
    its king and queen of trumps while it holds both, where the rules require belote to
    be declared (the first of them played decides)."""
    contract = view.contract
    if (
        not view.rules.belote_requires_declaration
        or view.phase is not Phase.PLAY
        or view.to_move is not view.seat
        or contract is None
        or contract.strain.trump_suit is None
    ):
        return []
    suit = contract.strain.trump_suit
    pair = [c for c in view.hand if c.suit is suit and c.rank in (Rank.KING, Rank.QUEEN)]
    return [card.code for card in pair] if len(pair) == 2 else []


def _legal(actions: tuple[Action, ...], view: PlayerView) -> list[LegalAction]:
    return [{"action": str(a), "int": action_to_int(a, view.rules)} for a in actions]


def _summary(index: int, deal: Deal) -> DealSummary:
    result = deal.result
    return {
        "index": index,
        "dealer": deal.dealer.letter,
        "phase": deal.phase.value,
        "contract": None if deal.contract is None else str(deal.contract),
        "made": None if result is None else result.made,
        "score": None if result is None else _points(result.score),
    }


def _sorted_hand(hand: Any, contract: Contract | None) -> list[str]:
    strain = None if contract is None else contract.strain
    return [card.code for group in svg.sorted_cards(hand, strain) for card in group]


def _declarable(entry: GameEntry, seat: Seat, view: PlayerView) -> list[str]:
    """What *seat* may declare with its card, when it is to play in the first trick."""
    deal = entry.game.deal
    if view.phase is not Phase.PLAY or view.to_move is not seat or view.tricks:
        return []
    return [declared_text(a) for a in deal.declarable(seat)]


def seat_state(entry: GameEntry, seat: Seat | None) -> SeatState:
    """The state of *entry*'s game as *seat* may see it (``None``: what all may see)."""
    game = entry.game
    deal = game.deal
    view = deal.view(Seat.NORTH if seat is None else seat)  # hand dropped when no seat
    contract = view.contract
    strain = None if contract is None else contract.strain
    won, points = view.tricks_won, view.card_points  # the view's, from its position
    sizes = {s.letter: len(deal.hand(s)) for s in Seat}  # how many cards: public
    finished = game.deals if game.is_over else game.deals[:-1]
    winner = game.winner
    return {
        "game_id": entry.id,
        "version": entry.version,
        "rules": entry.preset,
        "options": dict(entry.options),
        "target": game.rules.target,
        "direction": game.rules.direction.value,
        "seed": entry.seed if game.is_over else None,  # it would tell every hand
        "seats": {s.letter: entry.kind(s) for s in Seat},
        "seat": None if seat is None else seat.letter,
        "deal_index": len(game.deals) - 1,
        "dealer": view.dealer.letter,
        "phase": view.phase.value,
        "to_move": None if game.to_move is None else game.to_move.letter,
        "thinking": None if entry.thinking is None else entry.thinking.letter,
        "bot_error": entry.bot_error,
        "hand": None if seat is None else _sorted_hand(view.hand, contract),
        "hand_sizes": sizes,
        "turned": None if view.turned is None else view.turned.code,
        "calls": [{"seat": s.letter, "call": str(call)} for s, call in view.calls],
        "contract": None if contract is None else _contract(contract),
        "trick": None if view.trick is None else _trick(view.trick, len(view.tricks) + 1, strain),
        "last_trick": _trick(view.tricks[-1], len(view.tricks), strain) if view.tricks else None,
        "tricks_won": {"NS": won.north_south, "EW": won.east_west},
        "card_points": {"NS": points.north_south, "EW": points.east_west},
        "announcements": [_announcement(a) for a in view.announcements],
        "belote": _belote(view),
        "legal": [] if seat is None or game.is_over else _legal(view.legal_actions(), view),
        "declarable": [] if seat is None else _declarable(entry, seat, view),
        "belote_cards": [] if seat is None else _belote_cards(view),
        "totals": _points(game.totals),
        "games_won": _points(game.games_won),
        "over": game.is_over,
        "winner": None if winner is None else winner.short,
        "deals": [_summary(index, d) for index, d in enumerate(finished)],
        "score_sheet_html": svg.score_sheet(game),
        "view": None if seat is None else to_data(view),
    }


def deal_detail(index: int, deal: Deal) -> DealDetail:
    """A finished deal, explained and drawn."""
    result = deal.result
    return {
        "summary": _summary(index, deal),
        "breakdown": None if result is None else result.breakdown(),
        "result_html": None if result is None else svg.result_table(result),
        # a deal thrown in was never played: its hands stay face down
        "diagram_svg": svg.deal(deal, size=48, show=None if result else ()),
    }


def _note(best: Card, cost: int, score_cost: int | None) -> str:
    text = f"better {best.code}: +{cost} card points"
    if score_cost:
        text += f", {score_cost:+d} score"
    return text


def review_state(
    cards: Review | None,
    deal: Deal,
    calls: tuple[CallReview, ...] | None = None,
    calls_status: str = "off",
    worlds: int = 0,
) -> ReviewState:
    """A review as the API answers it: *cards* the open-hands review (``None``: still
    being computed), *calls* the calls estimated over *worlds* worlds each (``None``:
    not estimated, or not yet: *calls_status* says which)."""
    if cards is None:
        return {
            "status": "pending",
            "calls_status": calls_status,
            "worlds": 0,
            "costly_cards": [],
            "costly_calls": [],
            "breakdown": "",
            "svg": "",
            "record": None,
        }
    found = cards
    if calls is not None:
        found = Review(calls=calls, cards=cards.cards, worlds=worlds, seed=cards.seed)
    costly = found.costly()
    notes = {row.number: _note(row.best, row.cost, row.score_cost) for row in costly}
    costly_cards: list[CostlyCard] = [
        {
            "number": row.number,
            "trick": row.number // 4 + 1,
            "seat": row.seat.letter,
            "card": row.card.code,
            "best": row.best.code,
            "cost": row.cost,
            "score_cost": row.score_cost,
        }
        for row in costly
    ]
    costly_calls: list[CostlyCall] = [
        {
            "number": row.number,
            "seat": row.seat.letter,
            "call": str(row.call),
            "best": str(row.best),
            "cost": row.cost,
        }
        for row in found.calls
        if row.cost is not None and row.cost > 0 and row.best is not None
    ]
    return {
        "status": "ready",
        "calls_status": calls_status,
        "worlds": found.worlds,
        "costly_cards": costly_cards,
        "costly_calls": costly_calls,
        "breakdown": found.breakdown(),
        "svg": svg.marked_play(deal, notes, size=48),
        "record": to_data(found),
    }
