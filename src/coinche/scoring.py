"""Scoring a finished deal under each system of section 6 of the rules page.

>>> from coinche import Contract, RuleConfig, Seat, Strain, Team, Trick, score_deal
>>> tricks = [Trick.parse(t) for t in (
...     "N: JH 7H 8H 9H", "N: AS 7S 8S 9S", "N: TS JS QS KS", "N: AC 7C 8C 9C",
...     "N: TC JC QC KC", "N: AD 7D 8D 9D", "N: TD JD QD KD", "N: AH TH KH QH")]
>>> result = score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), tricks)
>>> # North-South take all eight tricks: capot, 250 card points, plus the contract 80
>>> result.made, result.capot, dict(result.score)
(True, <Team.NORTH_SOUTH: 0>, {<Team.NORTH_SOUTH: 0>: 330, <Team.EAST_WEST: 1>: 0})
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Final

import attrs

from coinche import _kernel as K
from coinche._checks import (
    check_bool,
    check_int_range,
    check_items,
    check_iterable,
)
from coinche.announcements import (
    Announcement,
    check_declared,
    compare_announcements,
    find_in_mask,
)
from coinche.cards import Hand, Strain
from coinche.config import FirstLead, RuleConfig, Scoring
from coinche.contract import CAPOT, GENERALE, Contract, allowed_contract
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.play import LAST_TRICK_BONUS, Trick, _master_index
from coinche.seats import Seat, Team

__all__ = ["DealResult", "TeamPoints", "round_score", "score_deal"]

BELOTE_POINTS: Final = K.BELOTE_POINTS
CLASSIC_TARGET: Final = K.CLASSIC_TARGET
"""What the taking team of classic belote needs to make its contract (seed 001)."""
MAX_POINTS: Final = 10**9
"""The bound of any number of points (a team's score, a game total): far above any
real game, low enough that every figure prints."""
_FFB: Final = Scoring.FFB
_PAGAT: Final = Scoring.PAGAT
_CLASSIC: Final = Scoring.CLASSIC
_CONTRACT_ONLY: Final = Scoring.CONTRACT_ONLY
_MIN82: Final = Scoring.MIN82
_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_TEAMS: Final = (Team.NORTH_SOUTH, Team.EAST_WEST)


@attrs.frozen
class TeamPoints(Mapping[Team, int]):
    """A read-only mapping from each :class:`~coinche.Team` to a number of points.

    >>> from coinche import Team, TeamPoints
    >>> points = TeamPoints(230, 50)
    >>> points[Team.NORTH_SOUTH], dict(points)
    (230, {<Team.NORTH_SOUTH: 0>: 230, <Team.EAST_WEST: 1>: 50})
    """

    north_south: int
    """Points of North-South."""
    east_west: int
    """Points of East-West."""

    def __attrs_post_init__(self) -> None:
        for name in ("north_south", "east_west"):
            value = getattr(self, name)
            if type(value) is not int or not -MAX_POINTS <= value <= MAX_POINTS:
                check_int_range(
                    value, f"TeamPoints.{name}", -MAX_POINTS, MAX_POINTS, InvalidDealError
                )

    def __getitem__(self, team: Team) -> int:
        if team is Team.NORTH_SOUTH:
            return self.north_south
        if team is Team.EAST_WEST:
            return self.east_west
        raise KeyError(team)

    def __iter__(self) -> Iterator[Team]:
        return iter(_TEAMS)

    def __len__(self) -> int:
        return 2

    def __str__(self) -> str:
        return f"NS {self.north_south}, EW {self.east_west}"


def round_score(points: int) -> int:
    """Round to the nearest 10, a 5 going up (FFB: 85 → 90, 84 → 80).

    >>> from coinche import round_score
    >>> round_score(85), round_score(84), round_score(232), round_score(0)
    (90, 80, 230, 0)
    """
    check_int_range(points, "points", -MAX_POINTS, MAX_POINTS, InvalidDealError)
    return K.round_score(points)


@attrs.frozen
class DealResult:
    """The score of a finished deal, with every figure that led to it.

    >>> from coinche import Contract, Seat, Strain, Trick, score_deal
    >>> tricks = [Trick.parse(t) for t in (
    ...     "N: JH 7H 8H 9H", "N: AS 7S 8S 9S", "N: TS JS QS KS", "N: AC 7C 8C 9C",
    ...     "N: TC JC QC KC", "N: AD 7D 8D 9D", "N: TD JD QD KD", "N: AH TH KH QH")]
    >>> print(score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), tricks).breakdown())
    Contract: 80 H by N (North-South), common scoring
    Tricks: NS 8, EW 0; NS took the last trick (+10)
    Capot: NS take all eight tricks, card points 250
    Card points: NS 250, EW 0
    Announcements: none
    Totals for the contract: NS 250, EW 0
    Made: NS 250 against 80
    Score NS: contract 80 + total 250 = 330
    Score EW: its total 0 = 0
    Deal score: NS 330, EW 0
    """

    contract: Contract
    """The contract the deal was played under."""
    score: TeamPoints
    """What each team adds to its game score, after rounding."""
    made: bool
    """Whether the bidders made the contract."""
    card_points: TeamPoints
    """Card points won, with the last-trick bonus, or the capot card points."""
    belote: Team | None
    """The team credited with belote, if any."""
    announcement_points: TeamPoints
    """Announcement points that scored, after comparison (and capot)."""
    capot: Team | None
    """The team that took all eight tricks, if any."""
    tricks_won: TeamPoints
    """How many tricks each team took."""
    _inputs: _Inputs | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def breakdown(self) -> str:
        """Every figure of the deal explained in words, one per line."""
        inputs = self._inputs
        if inputs is None:
            raise InvalidDealError("only a result made by score_deal can explain its figures")
        lines: list[str] = []
        _score(inputs, *_count(inputs.contract, inputs.tricks, inputs.rules), lines)
        return "\n".join(lines)

    def _repr_html_(self) -> str:  # Jupyter shows the score as tables (coinche.svg)
        from coinche import svg

        return svg.result_table(self)


def _check_contract(contract: Contract, rules: RuleConfig) -> None:
    refused = allowed_contract(contract, rules)  # raises CoincheTypeError on wrong types
    if refused is not None:
        raise InvalidDealError(refused)


def score_deal(
    contract: Contract,
    tricks: Sequence[Trick],
    rules: RuleConfig | None = None,
    *,
    announcements: Sequence[Announcement] | None = None,
    belote_declared: bool = True,
) -> DealResult:
    """Score a finished deal: eight complete tricks played under *contract*.

    The tricks are checked to form a real deal: eight of four cards, 32 different
    cards, each trick led by the winner of the previous one (and the first by the taker
    when the rules say so). Legality of each card is not checked here.

    With announcements on in *rules*, *announcements* ``None`` means every seat declared
    all it held (the hands are known from the tricks); a sequence means exactly those
    were declared, and each is checked against the cards the seat played. Belote goes
    to the team whose player played both the king and queen of trumps; with
    :attr:`~coinche.RuleConfig.belote_requires_declaration`, only when
    *belote_declared* is true.

    >>> from coinche import Contract, RuleConfig, Seat, Strain, Trick, score_deal
    >>> tricks = [Trick.parse(t) for t in (
    ...     "N: JH 7H 8H 9H", "N: AS 7S 8S 9S", "N: TS JS QS KS", "N: AC 7C 8C 9C",
    ...     "N: TC JC QC KC", "N: AD 7D 8D 9D", "N: TD JD QD KD", "N: AH TH KH QH")]
    >>> score_deal(Contract(Seat.NORTH, Strain.HEARTS, 85), tricks)
    Traceback (most recent call last):
    ...
    coinche.errors.InvalidDealError: 85 is not a bid value: bids go up from 80 in steps of 10

    :raises InvalidDealError: the tricks, contract or announcements cannot be a real deal
        under *rules*.
    :raises CoincheTypeError: an argument of the wrong type.
    """
    if rules is None:
        rules = _DEFAULT_RULES
    _check_contract(contract, rules)
    # copies, not the caller's objects: the result's breakdown() and record must not
    # change when the caller later clears a list or has used up a generator
    check_iterable(tricks, "tricks")
    tricks = tuple(tricks)
    if announcements is not None:
        announcements = check_items(announcements, Announcement, "announcements")
    check_bool(belote_declared, "belote_declared")
    counted = _count(contract, tricks, rules)
    inputs = _Inputs(contract, tricks, rules, announcements, belote_declared)
    return _score(inputs, *counted, None)


def _count(
    contract: Contract, tricks: tuple[Trick, ...], rules: RuleConfig
) -> tuple[list[int], list[int], list[int]]:
    """Check the tricks and count card points per team, tricks per seat, and the cards
    each seat played (its hand at the start of the deal)."""
    if len(tricks) != 8:
        raise InvalidDealError(f"a finished deal has 8 tricks, not {len(tricks)}")
    strain = contract.strain
    hands = [0, 0, 0, 0]
    card_pts = [0, 0]
    won = [0, 0, 0, 0]
    seen = 0
    winner = -1
    taker_leads = rules.first_lead is FirstLead.TAKER
    taker = contract.taker
    for number, trick in enumerate(tricks, 1):
        if type(trick) is not Trick and not isinstance(trick, Trick):
            raise CoincheTypeError(f"trick {number} is a {type(trick).__name__}, not a Trick")
        cards = trick.cards
        mask = trick.mask
        leader = trick.leader
        if (
            len(cards) != 4
            or seen & mask
            or (leader != winner if winner >= 0 else taker_leads and leader is not taker)
        ):
            _trick_error(number, trick, seen, winner, contract)
        seen |= mask
        a, b, c, d = cards[0].index, cards[1].index, cards[2].index, cards[3].index
        winner = K.trick_winner(leader, a, b, c, d, strain)
        won[winner] += 1
        card_pts[winner & 1] += K.trick_points(a, b, c, d, strain)
        hands[leader] |= cards[0].mask
        hands[(leader + 1) & 3] |= cards[1].mask
        hands[(leader + 2) & 3] |= cards[2].mask
        hands[(leader + 3) & 3] |= cards[3].mask
    card_pts[winner & 1] += K.LAST_TRICK_BONUS
    return card_pts, won, hands


def _trick_error(number: int, trick: Trick, seen: int, winner: int, contract: Contract) -> None:
    """Raise the InvalidDealError that explains why *trick* cannot follow the others."""
    if len(trick.cards) != 4:
        raise InvalidDealError(f"trick {number} ({trick}) is not complete")
    if seen & trick.mask:
        again = Hand.from_mask(seen & trick.mask)
        raise InvalidDealError(f"trick {number} ({trick}) plays {again} again")
    if winner >= 0:
        raise InvalidDealError(
            f"trick {number} ({trick}) is led by {trick.leader.name}, but "
            f"{_SEATS[winner].name} won trick {number - 1}"
        )
    if trick.leader is not contract.taker:
        raise InvalidDealError(
            f"the taker {contract.taker.name} leads the first trick in these rules, "
            f"not {trick.leader.name}"
        )


@attrs.frozen
class _Inputs:
    """What score_deal was called with, kept so that breakdown() can explain it."""

    contract: Contract
    tricks: tuple[Trick, ...]
    rules: RuleConfig
    declared: tuple[Announcement, ...] | None
    belote_declared: bool


_DEFAULT_RULES: Final = RuleConfig()


def _score(
    inputs: _Inputs,
    card_pts: list[int],
    won: list[int],
    hands: list[int],
    lines: list[str] | None,
) -> DealResult:
    """Turn the counted tricks into a result; with *lines*, also explain each figure.

    Every figure comes from the kernel; this function only reads the inputs, asks the
    kernel for the announcements and the score, and puts the figures into words.
    """
    contract, rules = inputs.contract, inputs.rules
    declared, belote_declared = inputs.declared, inputs.belote_declared
    strain = contract.strain
    taker = int(contract.taker)

    # belote: one seat held both the king and the queen of trumps
    holder = K.belote_holder(hands[0], hands[1], hands[2], hands[3], strain)
    belote = -1
    if holder >= 0 and (belote_declared or not rules.belote_requires_declaration):
        belote = holder & 1

    # announcements, compared (the kernel gives the capot team those that score)
    ann = [0, 0]
    listed: tuple[Announcement, ...] = ()
    team: Team | None = None
    if rules.announcements:
        seat_hands = dict(zip(_SEATS, hands, strict=True))
        if declared is None:
            runs_in_trump = rules.runs_in_trump
            listed = tuple(
                a
                for seat in _SEATS
                for a in find_in_mask(seat_hands[seat], strain, runs_in_trump, seat)
            )
        else:
            listed = check_declared(declared, seat_hands, strain, rules)
        team, counted = compare_announcements(listed, strain, rules)
        if team is not None:
            ann[team] = sum(a.points for a in counted)
    elif declared:
        raise InvalidDealError("announcements are off in these rules, but some were declared")

    value = contract.value
    kind = K.CAPOT if value is CAPOT else K.GENERALE if value is GENERALE else K.NUMERIC
    figures = K.score(
        rules.score_options,
        taker,
        kind,
        contract.points,
        contract.multiplier,
        card_pts[0],
        card_pts[1],
        (won[0], won[1], won[2], won[3]),
        belote,
        ann[0],
        ann[1],
    )
    capot = figures[K.F_CAPOT]
    if lines is not None:
        _explain(inputs, figures, won, holder, belote, listed, team, ann, lines)

    return _result(
        contract,
        _points(figures[K.F_SCORE_NS], figures[K.F_SCORE_EW]),
        bool(figures[K.F_MADE]),
        _points(figures[K.F_CARDS_NS], figures[K.F_CARDS_EW]),
        _TEAMS[belote] if belote >= 0 else None,
        _points(*_capot_announcements(ann, capot)),
        _TEAMS[capot] if capot >= 0 else None,
        _points(won[0] + won[2], won[1] + won[3]),
        inputs,
    )


def _capot_announcements(ann: list[int], capot: int) -> tuple[int, int]:
    """The announcement points as scored: the capot team holds those of both teams."""
    if capot < 0:
        return ann[0], ann[1]
    both = ann[0] + ann[1]
    return (both, 0) if capot == 0 else (0, both)


def _explain(
    inputs: _Inputs,
    figures: tuple[int, ...],
    won: list[int],
    holder: int,
    belote: int,
    listed: tuple[Announcement, ...],
    team: Team | None,
    ann_before_capot: list[int],
    lines: list[str],
) -> None:
    """Put the kernel's figures for one deal into words, one line each."""
    says = lines.append
    contract, tricks, rules = inputs.contract, inputs.tricks, inputs.rules
    strain = contract.strain
    scoring = rules.scoring
    bidders = contract.taker & 1
    defenders = 1 - bidders
    capot = figures[K.F_CAPOT]
    made = bool(figures[K.F_MADE])
    card_pts = [figures[K.F_CARDS_NS], figures[K.F_CARDS_EW]]
    total = [figures[K.F_TOTAL_NS], figures[K.F_TOTAL_EW]]
    ann = list(_capot_announcements(ann_before_capot, capot))
    bel = [0, 0]
    if belote >= 0:
        bel[belote] = BELOTE_POINTS
    full_less_bel = [card_pts[0] + ann[0], card_pts[1] + ann[1]]
    all_ann = ann[0] + ann[1]
    value = contract.points
    base = figures[K.F_BASE]
    m = contract.multiplier
    w = bidders if made else defenders
    team_tricks = [won[0] + won[2], won[1] + won[3]]

    says(f"Contract: {contract} ({_team_name(bidders)}), {rules.scoring.value} scoring")
    says(
        f"Tricks: NS {team_tricks[0]}, EW {team_tricks[1]}; "
        f"{_TEAMS[_last_team(tricks, strain)].short} took the last trick "
        f"(+{LAST_TRICK_BONUS})"
    )
    if capot >= 0:
        says(
            f"Capot: {_TEAMS[capot].short} take all eight tricks, "
            f"card points {rules.capot_card_points}"
        )
    says(f"Card points: NS {card_pts[0]}, EW {card_pts[1]}")
    if holder >= 0 and belote < 0:
        says(f"Belote: held by {_SEATS[holder].name} but not declared")
    if belote >= 0:
        counts = "counts" if rules.belote_counts_toward_contract else "does not count"
        says(
            f"Belote: {_TEAMS[belote].short} (K and Q of trumps), {BELOTE_POINTS}, "
            f"{counts} toward the contract"
        )
    if not rules.announcements or not listed:
        says("Announcements: none")
    else:
        says("Announcements declared: " + "; ".join(str(a) for a in listed))
        if team is None:
            says("Announcements: the best of each team are equal, nobody scores")
        else:
            scored = ann_before_capot[team]
            taken = " (taken by the capot team)" if capot >= 0 and capot != team else ""
            says(f"Announcements: {team.short} hold the best and score {scored}{taken}")
    says(f"Totals for the contract: NS {total[0]}, EW {total[1]}")
    says(("Made: " if made else "Failed: ") + _why_made(contract, total, won, figures, scoring))

    parts: list[list[str]] = [[], []]  # words for each team's figure
    if scoring is _CLASSIC:
        if m == 1:
            if made:
                parts[0].append(f"its total {full_less_bel[0]}")
                parts[1].append(f"its total {full_less_bel[1]}")
            else:
                parts[defenders].append(
                    f"dedans: all card points {base} + announcements {all_ann}"
                )
        elif made:
            parts[bidders].append(f"points {base} x {m}")
            parts[defenders].append(f"its total {full_less_bel[defenders]}")
        else:
            parts[defenders].append(f"contract {value} x {m}")
    elif scoring is _CONTRACT_ONLY:
        if not made:
            parts[defenders].append(f"160 + contract {value}")
        elif contract.value is CAPOT:
            parts[bidders].append("capot bid made 500")
        elif base != value:
            parts[bidders].append("unbid capot 250")
        else:
            parts[bidders].append(f"contract {value}")
        if m > 1:
            parts[w][-1] += f", x {m}"
    elif scoring is _MIN82:
        if made:
            added = f" + points {base - value}" if base != value else ""
            parts[bidders].append(f"contract {value}{added}")
            parts[defenders].append(f"its points {full_less_bel[defenders]}")
        else:
            parts[defenders].append(f"contract {value} + 160")
        if m > 1:
            for t in (0, 1):
                if parts[t]:
                    parts[t][-1] += f", x {m}"
    elif scoring is _PAGAT and contract.value is CAPOT and m == 1:
        parts[w].append("capot bid, flat 500")
    elif m == 1:  # common, ffb, pagat
        if made:
            parts[bidders].append(f"contract {value} + total {full_less_bel[bidders]}")
            parts[defenders].append(f"its total {full_less_bel[defenders]}")
        else:
            parts[defenders].append(f"160 + contract {value} + announcements {all_ann}")
    elif scoring is _FFB:
        parts[w].append(f"({base} + contract {value} + announcements {all_ann}")
        parts[w][-1] += f" + belote {bel[w]}) x {m}" if bel[w] else f") x {m}"
    elif scoring is _PAGAT:
        parts[w].append(f"({base} + contract {value} + announcements {all_ann}) x {m}")
    else:  # common
        parts[w].append(f"160 + {m} x contract {value} + announcements {all_ann}")

    raw = [figures[K.F_RAW_NS], figures[K.F_RAW_EW]]
    for t in (0, 1):
        words = parts[t]
        if bel[t] and not (scoring is _FFB and m > 1 and t == w):
            words.append(f"belote {bel[t]}")
        text = " + ".join(words) if words else "nothing"
        says(f"Score {_TEAMS[t].short}: {text} = {raw[t]}")
    score = [figures[K.F_SCORE_NS], figures[K.F_SCORE_EW]]
    if score != raw:
        says(f"Rounded to the nearest 10: NS {score[0]}, EW {score[1]}")
    says(f"Deal score: NS {score[0]}, EW {score[1]}")


_setattr = object.__setattr__


def _points(north_south: int, east_west: int) -> TeamPoints:
    """The one private constructor of :class:`TeamPoints`, for figures the kernel made.

    The public constructor's checks are skipped; the fields are set with
    ``object.__setattr__``, as attrs' own ``__init__`` does for a frozen class.
    """
    points = object.__new__(TeamPoints)
    _setattr(points, "north_south", north_south)
    _setattr(points, "east_west", east_west)
    return points


_RESULT_FIELDS: Final = (
    "contract",
    "score",
    "made",
    "card_points",
    "belote",
    "announcement_points",
    "capot",
    "tricks_won",
    "_inputs",
)


def _result(*values: object) -> DealResult:
    """The one private constructor of :class:`DealResult`, used by :func:`score_deal`."""
    result = object.__new__(DealResult)
    for name, value in zip(_RESULT_FIELDS, values, strict=True):
        _setattr(result, name, value)
    return result


def _why_made(
    contract: Contract,
    total: list[int],
    won: list[int],
    figures: tuple[int, ...],
    scoring: Scoring,
) -> str:
    bidders = contract.taker & 1
    defenders = 1 - bidders
    value = contract.points
    if contract.value is CAPOT:
        taken = won[bidders] + won[bidders + 2]
        return f"{_TEAMS[bidders].short} took {taken} of 8 tricks"
    if contract.value is GENERALE:
        return f"{contract.taker.name} alone took {won[contract.taker]} of 8 tricks"
    if scoring is _FFB:
        return (
            f"{_TEAMS[bidders].short} {total[bidders]} against {value} and "
            f"{_TEAMS[defenders].short} {total[defenders]} (needs at least the contract "
            "and more than the defenders)"
        )
    if scoring is _PAGAT:
        needed = figures[K.F_NEEDED]
        return f"{_TEAMS[bidders].short} {total[bidders]} against {needed} (max of bid and 82)"
    return f"{_TEAMS[bidders].short} {total[bidders]} against {value}"


def _team_name(team: int) -> str:
    return ("North-South", "East-West")[team]


def _last_team(tricks: tuple[Trick, ...], strain: Strain) -> int:
    last = tricks[-1]
    return (last.leader + _master_index(last.cards, strain)) & 3 & 1
