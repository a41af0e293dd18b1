"""A double-dummy solver: best play with the four hands open, under every rule set.

Given the cards left in the four hands (and the trick in progress, if any), the solver
finds how many card points a side takes when both teams play perfectly, the side
maximising its card points and the other team minimising them. It answers for every
preset and strain (the rules of play come from the integer kernel,
:mod:`coinche._kernel`, through ``RuleConfig.play_flags``), from any point of the play.

The public functions take library values:

- :func:`solve_deal`: four dealt hands, a strain, the leading seat, the rules;
- :func:`solve`: a :class:`~coinche.Deal` in its play phase, at any point, even in the
  middle of a trick (the taker's team is the side);
- :func:`solve_cards`: the value of each legal card of the seat to move;
- :func:`solve_ending`: the cards left in the four hands and the trick in progress,
  without the history (a bot's endings);
- :func:`makes`: whether the taker's team makes its contract with best play;
- :func:`best_line`: one line of best play from a position to the end;
- :func:`dd_table`: the double-dummy table, every strain with every seat leading.

The search itself works on plain ints, in the internal module ``coinche.bots._search`` (see
the docs' solver page for the techniques and what each saved): a card is an index 0-31,
a hand a 32-bit mask, a seat 0-3.

>>> from coinche import Hand, RuleConfig, Seat, Strain
>>> from coinche.bots.solver import solve_deal
>>> hands = [Hand.parse(h) for h in ("JH 9H AH TH KH QH 8H 7H", "7C 8C 9C TC JC QC KC AC",
...          "7S 8S 9S TS JS QS KS AS", "7D 8D 9D TD JD QD KD AD")]
>>> # North holds every heart: leading them, North-South take all eight tricks
>>> solve_deal(hands, Strain.HEARTS, Seat.NORTH, RuleConfig.ffb()).card_points
TeamPoints(north_south=252, east_west=0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from coinche import _kernel as K
from coinche._checks import check_sequence, check_type, short_repr
from coinche.bots._search import (
    _ab,
    _can_take_all,
    _capot_points,
    _Ctx,
    _ctx,
    _left,
    _load,
    _solve_position,
    _team_tricks,
)
from coinche.cards import CARDS, Card, Hand, Strain
from coinche.config import RuleConfig
from coinche.contract import GENERALE, Contract
from coinche.deal import Deal, Phase
from coinche.dealing import check_hands
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.play import Trick
from coinche.position import Position
from coinche.scoring import TeamPoints
from coinche.seats import Seat, Team

__all__ = [
    "Progress",
    "Solution",
    "best_line",
    "capot_team",
    "dd_table",
    "makes",
    "solve",
    "solve_cards",
    "solve_deal",
    "solve_ending",
]


# ---------------------------------------------------------------- public API
class Solution(NamedTuple):
    """What the solver found for a position."""

    card_points: TeamPoints
    """Each team's card points at the end of the deal with best play, counted as
    :func:`~coinche.score_deal` counts them (last trick 10, capot 250 or 252)."""
    side: Team
    """The team that maximised its card points (the other minimised them)."""
    nodes: int
    """Positions searched (every card tried is one), to compare searches; it takes part
    in the tuple's equality, so compare ``card_points`` to compare answers."""


def open_position(
    hands: tuple[int, int, int, int],
    strain: int,
    flags: int,
    options: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...],
    won: tuple[int, int, int, int],
) -> Position:
    """A position for the search alone, with no contract (the solver's public functions
    that take hands rather than a deal): *trick* the cards of the trick in progress led
    by *leader*, *won* the tricks each seat is taken to have won."""
    t = (*trick, 0, 0, 0)
    return Position(
        hands, strain, flags, leader, len(trick), t[0], t[1], t[2], (0, 0), won,
        options, 0, K.NUMERIC, 0, 1, -1, -1, 0, (0, 0),
    )  # fmt: skip


def _points(side: int, mine: int, theirs: int) -> TeamPoints:
    return TeamPoints(mine, theirs) if side == 0 else TeamPoints(theirs, mine)


def solve_deal(
    hands: Sequence[Hand],
    strain: Strain,
    leader: Seat,
    rules: RuleConfig,
    side: Team = Team.NORTH_SOUTH,
) -> Solution:
    """Solve a whole deal: *hands* (four hands of eight cards, by seat from North),
    *strain*, the seat that leads trick one, the rules; *side* maximises its card
    points, the other team minimises them.

    ``card_points[side]`` is the exact value. The other team's figure is 162 minus it,
    except that it is the capot (250 or 252, the side 0) when the side can be kept from
    winning any trick: a line where the side scores 0 is a capot exactly when the
    other team can force one.

    :raises InvalidDealError: the hands do not form a deal (as :meth:`Deal.from_hands
        <coinche.Deal.from_hands>` says it).
    :raises CoincheTypeError: an argument of the wrong type.
    """
    masks = _deal_masks(hands)
    if not isinstance(strain, Strain):
        raise CoincheTypeError(f"strain must be a Strain, not {short_repr(strain)}")
    if not isinstance(leader, Seat):
        raise CoincheTypeError(f"leader must be a Seat, not {short_repr(leader)}")
    if not isinstance(rules, RuleConfig):
        raise CoincheTypeError(f"rules must be a RuleConfig, not {type(rules).__name__}")
    if not isinstance(side, Team):
        raise CoincheTypeError(f"side must be a Team, not {short_repr(side)}")
    pos = open_position(
        masks, int(strain), rules.play_flags, rules.score_options, int(leader), (), (0, 0, 0, 0)
    )
    cx = _ctx(pos, int(side))
    mine, theirs = _solve_position(pos, int(side), cx)
    return Solution(_points(int(side), mine, theirs), side, cx.nodes)


def solve_ending(
    hands: Sequence[Hand],
    strain: Strain,
    rules: RuleConfig,
    trick: Trick,
    side: Team = Team.NORTH_SOUTH,
) -> int:
    """The card points *side* takes from the cards still in play with best play: the
    cards of *hands* (what each seat has left, by seat from North) and of *trick* (the
    trick in progress, maybe empty: it says who leads), the last trick's 10 included.

    An ending knows nothing of the tricks before it, so no capot is counted: both teams
    are taken to have won a trick already. The hands must be the right sizes: one card
    fewer for the seats that have played to *trick*.

    >>> from coinche import Hand, RuleConfig, Seat, Strain, Trick
    >>> from coinche.bots.solver import solve_ending
    >>> hands = [Hand.parse(h) for h in ("AH", "7H", "8D", "9C")]
    >>> solve_ending(hands, Strain.SPADES, RuleConfig(), Trick(Seat.EAST))  # AH + 10
    21

    :raises InvalidDealError: the hands and the trick do not fit together.
    :raises CoincheTypeError: an argument of the wrong type (*side* a
        :class:`~coinche.Team`, as for :func:`solve_deal`).
    """
    listed: tuple[Hand, ...] = check_sequence(hands, "hands", Hand, min_len=4, max_len=4)
    if not isinstance(trick, Trick) or len(trick.cards) > 3:
        raise CoincheTypeError(f"trick must be a Trick in progress, not {short_repr(trick)}")
    if not isinstance(strain, Strain) or not isinstance(rules, RuleConfig):
        raise CoincheTypeError("strain must be a Strain and rules a RuleConfig")
    if not isinstance(side, Team):
        raise CoincheTypeError(f"side must be a Team, not {short_repr(side)}")
    masks = [hand.mask for hand in listed]
    seen = trick.mask
    for seat in Seat:
        if masks[seat] & seen:
            raise InvalidDealError(f"{seat.name}'s hand repeats a card in play")
        seen |= masks[seat]
    played = {seat for seat, _ in trick.plays()}
    size = len(listed[trick.to_move])
    for seat in Seat:
        want = size - 1 if seat in played else size
        if len(listed[seat]) != want or size == 0:
            raise InvalidDealError(
                f"{seat.name} holds {len(listed[seat])} cards; with the trick {trick} "
                f"every seat to play holds {size} (at least 1), the others one fewer"
            )
    # no capot in an ending: each team is taken to have won a trick already
    pos = open_position(
        (masks[0], masks[1], masks[2], masks[3]),
        int(strain),
        rules.play_flags,
        rules.score_options,
        int(trick.leader),
        tuple(card.index for card in trick.cards),
        (1, 1, 0, 0),
    )
    return _solve_position(pos, int(side))[0]


def _deal_masks(hands: Sequence[Hand]) -> tuple[int, int, int, int]:
    """The masks of four hands that form a deal, checked as :class:`~coinche.Deal`
    checks the hands it is dealt (:func:`coinche.dealing.check_hands`)."""
    north, east, south, west = check_hands(hands)
    return north.mask, east.mask, south.mask, west.mask


def _position(deal: Deal) -> Position:
    """The play position of a deal in its play phase (:attr:`Deal.position
    <coinche.Deal.position>`)."""
    if not isinstance(deal, Deal):
        raise CoincheTypeError(f"expected a Deal, not {type(deal).__name__}")
    pos = deal.position
    if pos is None or deal.phase is not Phase.PLAY:
        raise InvalidDealError(
            f"the solver needs a deal in its play phase, not in the {deal.phase.value} phase"
        )
    return pos


def _taker_position(deal: Deal) -> tuple[Position, int]:
    """:func:`_position` of *deal* and the taker's team (the side the search maximises)."""
    pos = _position(deal)
    contract = deal.contract
    assert contract is not None
    return pos, int(contract.taker) & 1


def solve(deal: Deal) -> Solution:
    """Solve a deal in its play phase from where it stands, even in the middle of a
    trick: the card points of each team at the end with best play from here, the points
    already won included, the taker's team as the side.

    :raises InvalidDealError: the deal is not in its play phase.
    """
    pos, side = _taker_position(deal)
    cx = _ctx(pos, side)
    mine, theirs = _solve_position(pos, side, cx)
    return Solution(_points(side, mine, theirs), Team(side), cx.nodes)


def _final_points(pos: Position, side: int) -> tuple[int, int]:
    """The card points of a finished position, capot counted."""
    other = 1 - side
    if _team_tricks(pos, other) == 0:
        return _capot_points(pos), 0
    if _team_tricks(pos, side) == 0:
        return 0, _capot_points(pos)
    return pos.points[side], pos.points[other]


def _solve_after(pos: Position, side: int, cx: _Ctx, guess: int = -1) -> tuple[int, int]:
    if not pos.left and not pos.size:
        return _final_points(pos, side)
    return _solve_position(pos, side, cx, guess)


Progress = Callable[[int, int], None]
"""A *progress* callback of :func:`solve_cards`, :func:`best_line` and :func:`dd_table`:
called as ``progress(done, total)``, first with ``done`` 0 before any work, then after
each unit of work (a card valued, a card of the line chosen, a cell of the table), the
last call with ``done == total``."""


def _check_progress(progress: object) -> Progress | None:
    if progress is not None and not callable(progress):
        raise CoincheTypeError(
            f"progress must be a callable (done, total) or None, not {short_repr(progress)}"
        )
    return progress


def solve_cards(deal: Deal, *, progress: Progress | None = None) -> dict[Card, TeamPoints]:
    """The value of each legal card of the seat to move: each team's card points at the
    end with best play after that card (the taker's team as the side), by card.

    *progress*, if given, is called as ``progress(done, total)`` with *total* the legal
    cards: with 0 first, then as each card is valued (a search of seconds to minutes
    in pure Python at trick one).

    >>> from coinche import Deal, RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Bid
    >>> from coinche.notation import parse_deal
    >>> dealer, hands = parse_deal(
    ...     "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig(), hands).apply(Bid(80, Strain.SPADES))
    >>> for _ in range(3):
    ...     deal = deal.apply(PASS)
    >>> for _ in range(28):   # seven tricks: North's trumps draw everything
    ...     deal = deal.apply(deal.legal_actions()[0])
    >>> calls = []
    >>> solve_cards(deal, progress=lambda done, total: calls.append((done, total)))
    {Card.parse('AS'): TeamPoints(north_south=250, east_west=0)}
    >>> calls
    [(0, 1), (1, 1)]

    :raises InvalidDealError: the deal is not in its play phase.
    :raises CoincheTypeError: *progress* is not callable.
    """
    report = _check_progress(progress)
    pos, side = _taker_position(deal)
    return _card_values(pos, side, _ctx(pos, side), report)


def _card_values(
    pos: Position, side: int, cx: _Ctx, report: Progress | None = None
) -> dict[Card, TeamPoints]:
    """:func:`solve_cards` on a position with the context *cx*, its tables kept from
    card to card (the positions after two cards are those of one deal). Each card's
    search first asks whether it is worth the card before (``_Ctx.guess``): a right
    guess costs two null-window probes instead of about eight."""
    values: dict[Card, TeamPoints] = {}
    legal = pos.legal_mask()
    total = legal.bit_count()
    if report is not None:
        report(0, total)
    guess = -1
    while legal:
        card = K.lowest(legal)
        legal &= legal - 1
        after = pos.after(card)
        mine, theirs = _solve_after(after, side, cx, guess)
        guess = mine
        values[CARDS[card]] = _points(side, mine, theirs)
        if report is not None:
            report(len(values), total)
    return values


def best_line(deal: Deal, *, progress: Progress | None = None) -> tuple[Card, ...]:
    """One line of best play from where *deal* stands to the end of the deal: at each
    turn the first card (in index order) that keeps the value of the position.

    *progress*, if given, is called as ``progress(done, total)``: *total* is one more
    than the cards left to play (the search of the position, then each card of the
    line); with 0 first.

    :raises InvalidDealError: the deal is not in its play phase.
    :raises CoincheTypeError: *progress* is not callable.
    """
    report = _check_progress(progress)
    pos, side = _taker_position(deal)
    cx = _ctx(pos, side)
    total = 1 + sum(hand.bit_count() for hand in pos.hands)
    if report is not None:
        report(0, total)
    target = _solve_position(pos, side, cx)[0]
    if report is not None:
        report(1, total)
    line: list[Card] = []
    while pos.left:
        legal = pos.legal_mask()
        chosen = K.lowest(legal)
        while legal:
            card = K.lowest(legal)
            legal &= legal - 1
            after = pos.after(card)
            if _solve_after(after, side, cx)[0] == target:
                chosen = card
                break
        line.append(CARDS[chosen])
        pos = pos.after(chosen)
        if report is not None:
            report(1 + len(line), total)
    return tuple(line)


def dd_table(
    hands: Sequence[Hand], rules: RuleConfig, *, progress: Progress | None = None
) -> dict[Strain, dict[Seat, TeamPoints]]:
    """The double-dummy table: for each strain *rules* allow, and each seat leading
    trick one, the card points of each team with best play (North-South as the side).

    *progress*, if given, is called as ``progress(done, total)`` with *total* the cells
    of the table (four seats for each strain, 16 to 24 whole-deal solves): with 0
    first, then as each cell is solved.

    :raises InvalidDealError: the hands do not form a deal.
    :raises CoincheTypeError: an argument of the wrong type.
    """
    report = _check_progress(progress)
    _deal_masks(hands)  # the hands and the rules checked before any progress call
    if not isinstance(rules, RuleConfig):
        raise CoincheTypeError(f"rules must be a RuleConfig, not {type(rules).__name__}")
    strains = rules.strains()
    total = 4 * len(strains)
    if report is not None:
        report(0, total)
    table: dict[Strain, dict[Seat, TeamPoints]] = {}
    for strain in strains:
        row: dict[Seat, TeamPoints] = {}
        for seat in Seat:
            row[seat] = solve_deal(hands, strain, seat, rules).card_points
            if report is not None:
                report(4 * len(table) + len(row), total)
        table[strain] = row
    return table


def capot_team(points: TeamPoints) -> int:
    """The team that took every trick in a solver's *points*, or -1: a capot shows as
    the rules' 250 or 252 card points to 0, more than the :data:`~coinche._kernel.ALL_POINTS`
    (162) of a deal that is no capot.

    >>> from coinche.bots.solver import capot_team
    >>> from coinche.scoring import TeamPoints
    >>> capot_team(TeamPoints(0, 252)), capot_team(TeamPoints(162, 0))
    (1, -1)
    """
    if type(points) is not TeamPoints:
        check_type(points, TeamPoints, "points")
    if points.north_south > K.ALL_POINTS:
        return 0
    return 1 if points.east_west > K.ALL_POINTS else -1


def _made(
    rules: RuleConfig,
    contract: Contract,
    cards_bidders: int,
    capot: int,
    belote: int,
    ann: tuple[int, int],
) -> bool:
    """Whether the kernel's scoring says the contract is made with the bidders' card
    points *cards_bidders*; *capot* the team taking every trick (or -1), a générale
    counted as the taker's."""
    taker, _, kind, points, multiplier = contract.kernel_fields
    bidders = taker & 1
    cards = [0, 0]
    cards[bidders] = cards_bidders
    cards[1 - bidders] = K.ALL_POINTS - cards_bidders
    figures = K.score_points(
        rules.score_options, taker, kind, points, multiplier, cards[0], cards[1], capot,
        1 if capot == bidders else 0, belote, ann[0], ann[1],
    )  # fmt: skip
    return bool(figures[K.F_MADE])


def makes(deal: Deal, contract: Contract | None = None) -> bool:
    """Whether the taker's team makes *contract* (by default the deal's) with best play
    from where the deal stands, scored by the deal's rules with belote and the
    announcements as the deal stands (see the docs' solver page).

    The threshold comes from the kernel's scoring; the search is one null-window test
    ("can the bidders reach it?"), cheaper than a full solve.

    :raises InvalidDealError: the deal is not in its play phase, or *contract* is in
        another strain than the deal.
    """
    pos = _position(deal)
    if contract is None:
        contract = deal.contract
        assert contract is not None
    if not isinstance(contract, Contract):
        raise CoincheTypeError(f"contract must be a Contract, not {type(contract).__name__}")
    if int(contract.strain) != pos.strain:
        raise InvalidDealError(
            f"the contract {contract} is not in the strain the deal is played in "
            f"({Strain(pos.strain).name})"
        )
    rules = deal.rules
    taker = int(contract.taker)
    bidders = taker & 1
    defenders = 1 - bidders
    # belote and the announcements as the position credits them (seats yet to declare
    # declaring everything, a belote not yet said said)
    belote, ann = pos.belote_team, pos.announcements
    cx = _ctx(pos, bidders)
    if contract.value is GENERALE:
        if any(pos.won[s] for s in range(4) if s != taker):
            return False
        return _can_take_all(pos, bidders, 1 << taker, cx)
    if _team_tricks(pos, defenders) == 0 and _can_take_all(pos, bidders, 5 << bidders, cx):
        return _made(rules, contract, 0, bidders, belote, ann)
    # the bidders cannot force a capot: the least card points that make the contract
    need = -1
    for points in range(K.ALL_POINTS + 1):
        if _made(rules, contract, points, -1, belote, ann):
            need = points
            break
    if need < 0:
        return False
    if need == 0 or need <= pos.points[bidders]:
        # made unless the bidders take no trick at all (the defenders' capot)
        if _team_tricks(pos, bidders) > 0 or _made(rules, contract, 0, defenders, belote, ann):
            return True
        return not _can_take_all(pos, defenders, 5 << defenders, _ctx(pos, defenders))
    t = need - pos.points[bidders]
    _load(cx, pos)
    return _ab(cx, _left(pos), t - 1, t, 0) >= t
