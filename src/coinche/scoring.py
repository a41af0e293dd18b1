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
from coinche.cards import Hand, Rank, Strain
from coinche.config import AuctionKind, FirstLead, RuleConfig, Scoring
from coinche.contract import CAPOT, GENERALE, Contract
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.play import LAST_TRICK_BONUS, POINTS, WIN_KEY, Trick, _master_index
from coinche.seats import Seat, Team

__all__ = ["DealResult", "TeamPoints", "round_score", "score_deal"]

BELOTE_POINTS: Final = 20
CLASSIC_TARGET: Final = 82
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
    return (points + 5) // 10 * 10


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


def _check_contract(contract: Contract, rules: RuleConfig) -> None:
    if not isinstance(contract, Contract):
        raise CoincheTypeError(f"contract must be a Contract, not {type(contract).__name__}")
    if not isinstance(rules, RuleConfig):
        raise CoincheTypeError(f"rules must be a RuleConfig, not {type(rules).__name__}")
    strain = contract.strain
    if strain is Strain.NO_TRUMP and not rules.allow_no_trump:
        raise InvalidDealError("no-trump contracts are off in these rules (allow_no_trump)")
    if strain is Strain.ALL_TRUMP and not rules.allow_all_trump:
        raise InvalidDealError("all-trump contracts are off in these rules (allow_all_trump)")
    value = contract.value
    if value is CAPOT:
        if rules.auction is AuctionKind.TURNED_CARD:
            raise InvalidDealError("there is no capot bid in the turned-card auction")
    elif value is GENERALE:
        if not rules.allow_generale:
            raise InvalidDealError("générale is off in these rules (allow_generale)")
    elif value not in rules.numeric_bids():
        bids = rules.numeric_bids()
        raise InvalidDealError(
            f"contract value {value} is not a bid these rules allow "
            f"({bids.start} to {bids[-1]} by {bids.step})"
        )
    multiplier = contract.multiplier
    if multiplier == 2 and not rules.allow_coinche:
        raise InvalidDealError("coinche is off in these rules: the multiplier must be 1")
    if multiplier == 4 and not rules.allow_surcoinche:
        raise InvalidDealError("surcoinche is off in these rules: the multiplier 4 is not allowed")
    if multiplier > 1 and value is CAPOT and not rules.capot_can_be_coinched:
        raise InvalidDealError("a capot bid cannot be coinched in these rules")


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
    coinche.errors.InvalidDealError: contract value 85 is not a bid these rules allow ...

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
    """Check the tricks and count card points per team, tricks per seat, belote seats."""
    if len(tricks) != 8:
        raise InvalidDealError(f"a finished deal has 8 tricks, not {len(tricks)}")
    strain = contract.strain
    points = POINTS[strain]
    trump = strain if strain < 4 else -1
    belote_mask = (1 << 8 * trump + Rank.KING) | (1 << 8 * trump + Rank.QUEEN) if trump >= 0 else 0
    belote_seats: list[int] = []
    card_pts = [0, 0]
    won = [0, 0, 0, 0]
    seen = 0
    winner = -1
    keys = WIN_KEY[strain]
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
        a, b, c, d = cards
        ia, ib, ic, id_ = a.index, b.index, c.index, d.index
        key = keys[a.suit]
        best = key[ia]
        pos = 0
        k = key[ib]
        if k > best:
            best = k
            pos = 1
        k = key[ic]
        if k > best:
            best = k
            pos = 2
        if key[id_] > best:
            pos = 3
        winner = (leader + pos) & 3
        won[winner] += 1
        card_pts[winner & 1] += points[ia] + points[ib] + points[ic] + points[id_]
        if mask & belote_mask:
            for pos, card in enumerate(cards):
                if card.mask & belote_mask:
                    belote_seats.append((leader + pos) & 3)
    card_pts[winner & 1] += LAST_TRICK_BONUS
    return card_pts, won, belote_seats


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


def _seat_hands(tricks: tuple[Trick, ...]) -> dict[Seat, int]:
    """The cards each seat played, as masks: its hand at the start of the deal."""
    hands = [0, 0, 0, 0]
    for trick in tricks:
        leader = trick.leader
        for pos, card in enumerate(trick.cards):
            hands[(leader + pos) & 3] |= card.mask
    return dict(zip(_SEATS, hands, strict=True))


def _score(
    inputs: _Inputs,
    card_pts: list[int],
    won: list[int],
    belote_seats: list[int],
    lines: list[str] | None,
) -> DealResult:
    """Turn the counted tricks into a result; with *lines*, also explain each figure."""
    says = lines.append if lines is not None else None
    contract, tricks, rules = inputs.contract, inputs.tricks, inputs.rules
    declared, belote_declared = inputs.declared, inputs.belote_declared
    strain = contract.strain
    bidders = contract.taker & 1
    defenders = 1 - bidders
    team_tricks = [won[0] + won[2], won[1] + won[3]]
    capot = 0 if team_tricks[0] == 8 else 1 if team_tricks[1] == 8 else -1
    if says:
        says(f"Contract: {contract} ({_team_name(bidders)}), {rules.scoring.value} scoring")
        says(
            f"Tricks: NS {team_tricks[0]}, EW {team_tricks[1]}; "
            f"{_TEAMS[_last_team(tricks, strain)].short} took the last trick "
            f"(+{LAST_TRICK_BONUS})"
        )
    if capot >= 0:
        card_pts = [0, 0]
        card_pts[capot] = rules.capot_card_points
        if says:
            says(
                f"Capot: {_TEAMS[capot].short} take all eight tricks, "
                f"card points {rules.capot_card_points}"
            )
    if says:
        says(f"Card points: NS {card_pts[0]}, EW {card_pts[1]}")

    # belote: one seat played both the king and the queen of trumps
    belote = -1
    if len(belote_seats) == 2 and belote_seats[0] == belote_seats[1]:
        if belote_declared or not rules.belote_requires_declaration:
            belote = belote_seats[0] & 1
        elif says:
            says(f"Belote: held by {_SEATS[belote_seats[0]].name} but not declared")
    bel = [0, 0]
    if belote >= 0:
        bel[belote] = BELOTE_POINTS
        if says:
            counts = "counts" if rules.belote_counts_toward_contract else "does not count"
            says(
                f"Belote: {_TEAMS[belote].short} (K and Q of trumps), {BELOTE_POINTS}, "
                f"{counts} toward the contract"
            )

    # announcements, compared; the capot team takes those that score
    ann = [0, 0]
    if rules.announcements:
        hands = _seat_hands(tricks)
        if declared is None:
            runs_in_trump = rules.runs_in_trump
            listed: tuple[Announcement, ...] = (
                find_in_mask(hands[Seat.NORTH], strain, runs_in_trump, Seat.NORTH)
                + find_in_mask(hands[Seat.EAST], strain, runs_in_trump, Seat.EAST)
                + find_in_mask(hands[Seat.SOUTH], strain, runs_in_trump, Seat.SOUTH)
                + find_in_mask(hands[Seat.WEST], strain, runs_in_trump, Seat.WEST)
            )
        else:
            listed = check_declared(declared, hands, strain, rules)
        team, counted = compare_announcements(listed, strain, rules)
        scored = sum(a.points for a in counted)
        if team is not None and scored:
            receiver = capot if capot >= 0 else int(team)
            ann[receiver] = scored
        if says:
            if not listed:
                says("Announcements: none")
            else:
                says("Announcements declared: " + "; ".join(str(a) for a in listed))
                if team is None:
                    says("Announcements: the best of each team are equal, nobody scores")
                else:
                    taken = " (taken by the capot team)" if capot >= 0 and capot != team else ""
                    says(f"Announcements: {team.short} hold the best and score {scored}{taken}")
    elif declared:
        raise InvalidDealError("announcements are off in these rules, but some were declared")
    elif says:
        says("Announcements: none")

    full = [card_pts[0] + ann[0] + bel[0], card_pts[1] + ann[1] + bel[1]]
    total = full if rules.belote_counts_toward_contract else [full[0] - bel[0], full[1] - bel[1]]
    all_ann = ann[0] + ann[1]
    value = contract.points
    scoring = rules.scoring
    if says:
        says(f"Totals for the contract: NS {total[0]}, EW {total[1]}")

    # made or failed
    if contract.value is CAPOT:
        made = team_tricks[bidders] == 8
    elif contract.value is GENERALE:
        made = won[contract.taker] == 8
    elif scoring is _FFB:
        made = total[bidders] >= value and total[bidders] > total[defenders]
    elif scoring is _PAGAT:
        made = total[bidders] >= max(value, 82)
    elif scoring is _CLASSIC:  # seed 001: ordinary belote's fixed target, not a number bid
        made = total[bidders] >= CLASSIC_TARGET
    else:
        made = total[bidders] >= value
    if says:
        says(("Made: " if made else "Failed: ") + _why_made(contract, total, won, scoring))

    m = contract.multiplier
    w = bidders if made else defenders
    lose = 1 - w
    score = [0, 0]
    parts: list[list[str]] = [[], []]  # words for each team's figure

    if scoring is _CLASSIC:
        if m == 1:
            if made:
                score = full[:]
                for t in (0, 1):
                    if says:
                        parts[t].append(f"its total {full[t] - bel[t]}")
            else:
                lot = card_pts[0] + card_pts[1]
                score[defenders] = lot + all_ann + bel[defenders]
                score[bidders] = bel[bidders]
                if says:
                    parts[defenders].append(
                        f"dedans: all card points {lot} + announcements {all_ann}"
                    )
        elif made:
            score[bidders] = (card_pts[bidders] + ann[bidders]) * m + bel[bidders]
            score[defenders] = full[defenders]
            if says:
                parts[bidders].append(f"points {card_pts[bidders] + ann[bidders]} x {m}")
                parts[defenders].append(f"its total {full[defenders] - bel[defenders]}")
        else:
            score[defenders] = value * m + bel[defenders]
            score[bidders] = bel[bidders]
            if says:
                parts[defenders].append(f"contract {value} x {m}")
    elif scoring is _CONTRACT_ONLY:
        if made:
            if contract.value is CAPOT:
                base = 500
                if says:
                    parts[bidders].append("capot bid made 500")
            elif capot == bidders and value < 250:
                base = 250
                if says:
                    parts[bidders].append("unbid capot 250")
            else:
                base = value
                if says:
                    parts[bidders].append(f"contract {value}")
        else:
            base = 160 + value
            if says:
                parts[defenders].append(f"160 + contract {value}")
        score[w] = base * m + bel[w]
        score[lose] = bel[lose]
        if m > 1 and says:
            parts[w][-1] += f", x {m}"
    elif scoring is _MIN82:
        plain = [card_pts[t] + ann[t] for t in (0, 1)]
        if made:
            base = value + (plain[bidders] if rules.min82_adds_points else 0)
            score[bidders] = base * m + bel[bidders]
            score[defenders] = plain[defenders] * m + bel[defenders]
            if says:
                parts[bidders].append(
                    f"contract {value}" + (f" + points {plain[bidders]}" if base != value else "")
                )
                parts[defenders].append(f"its points {plain[defenders]}")
        else:
            score[defenders] = (value + 160) * m + bel[defenders]
            score[bidders] = bel[bidders]
            if says:
                parts[defenders].append(f"contract {value} + 160")
        if m > 1:
            for t in (0, 1):
                if says and parts[t]:
                    parts[t][-1] += f", x {m}"
    elif scoring is _PAGAT and contract.value is CAPOT and m == 1:
        score[w] = 500 + bel[w]
        score[lose] = bel[lose]
        if says:
            parts[w].append("capot bid, flat 500")
    elif m == 1:  # common, ffb, pagat
        if made:
            score[bidders] = value + full[bidders]
            score[defenders] = full[defenders]
            if says:
                parts[bidders].append(f"contract {value} + total {full[bidders] - bel[bidders]}")
                parts[defenders].append(f"its total {full[defenders] - bel[defenders]}")
        else:
            score[defenders] = 160 + value + all_ann + bel[defenders]
            score[bidders] = bel[bidders]
            if says:
                parts[defenders].append(f"160 + contract {value} + announcements {all_ann}")
    else:
        base = 250 if made and capot == bidders else 160
        if scoring is _FFB:
            score[w] = (base + value + all_ann + bel[w]) * m
            if says:
                parts[w].append(f"({base} + contract {value} + announcements {all_ann}")
                parts[w][-1] += f" + belote {bel[w]}) x {m}" if bel[w] else f") x {m}"
        elif scoring is _PAGAT:
            score[w] = (base + value + all_ann) * m + bel[w]
            if says:
                parts[w].append(f"({base} + contract {value} + announcements {all_ann}) x {m}")
        else:  # common
            score[w] = 160 + m * value + all_ann + bel[w]
            if says:
                parts[w].append(f"160 + {m} x contract {value} + announcements {all_ann}")
        score[lose] = bel[lose]

    if says:
        for t in (0, 1):
            words = parts[t]
            if bel[t] and not (scoring is _FFB and m > 1 and t == w):
                words.append(f"belote {bel[t]}")
            text = " + ".join(words) if words else "nothing"
            says(f"Score {_TEAMS[t].short}: {text} = {score[t]}")
    if rules.rounding:
        rounded = [round_score(score[0]), round_score(score[1])]
        if says and rounded != score:
            says(f"Rounded to the nearest 10: NS {rounded[0]}, EW {rounded[1]}")
        score = rounded
    if says:
        says(f"Deal score: NS {score[0]}, EW {score[1]}")

    result = _new(DealResult)
    _set_result(
        result,
        contract,
        _points(score[0], score[1]),
        made,
        _points(card_pts[0], card_pts[1]),
        _TEAMS[belote] if belote >= 0 else None,
        _points(ann[0], ann[1]),
        _TEAMS[capot] if capot >= 0 else None,
        _points(team_tricks[0], team_tricks[1]),
        inputs,
    )
    return result


_new = object.__new__
_SET_NS = TeamPoints.north_south.__set__  # type: ignore[attr-defined]
_SET_EW = TeamPoints.east_west.__set__  # type: ignore[attr-defined]


def _points(north_south: int, east_west: int) -> TeamPoints:
    """A TeamPoints built through its slots: a trusted hot path skipping __init__."""
    points = _new(TeamPoints)
    _SET_NS(points, north_south)
    _SET_EW(points, east_west)
    return points


_RESULT_SLOTS: Final = tuple(
    getattr(DealResult, name).__set__
    for name in (
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
)


def _set_result(result: DealResult, *values: object) -> None:
    for setter, value in zip(_RESULT_SLOTS, values, strict=True):
        setter(result, value)


def _why_made(contract: Contract, total: list[int], won: list[int], scoring: Scoring) -> str:
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
        needed = max(value, 82)
        return f"{_TEAMS[bidders].short} {total[bidders]} against {needed} (max of bid and 82)"
    return f"{_TEAMS[bidders].short} {total[bidders]} against {value}"


def _team_name(team: int) -> str:
    return ("North-South", "East-West")[team]


def _last_team(tricks: tuple[Trick, ...], strain: Strain) -> int:
    last = tricks[-1]
    return (last.leader + _master_index(last.cards, strain)) & 3 & 1
