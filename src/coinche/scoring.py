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

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, NamedTuple

import attrs
from typing_extensions import override

from coinche import _kernel as K
from coinche._checks import (
    check_bool,
    check_int_range,
    check_items,
    check_iterable,
    check_type,
    is_instance,
)
from coinche._trusted import Immutable, fill, trusted
from coinche.announcements import (
    Announcement,
    check_declared,
    compare_announcements,
    find_in_mask,
)
from coinche.cards import Hand
from coinche.config import FirstLead, RuleConfig, Scoring
from coinche.contract import CAPOT, GENERALE, Contract, allowed_contract
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.play import LAST_TRICK_BONUS, Trick
from coinche.position import Position
from coinche.seats import Seat, Team

__all__ = ["DealResult", "ScoreTerm", "TeamPoints", "round_score", "score_deal"]

BELOTE_POINTS: Final = K.BELOTE_POINTS
CLASSIC_TARGET: Final = K.CLASSIC_TARGET
"""What the taking team of classic belote needs to make its contract (seed 001)."""
MAX_POINTS: Final = 10**9
"""The bound of any number of points (a team's score, a game total): far above any
real game, low enough that every figure prints."""
_FFB: Final = Scoring.FFB
_PAGAT: Final = Scoring.PAGAT
_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_TEAMS: Final = (Team.NORTH_SOUTH, Team.EAST_WEST)


@attrs.frozen
class TeamPoints(Immutable, Mapping[Team, int]):
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

    @override
    def __getitem__(self, team: Team) -> int:
        if team is Team.NORTH_SOUTH:
            return self.north_south
        if team is Team.EAST_WEST:
            return self.east_west
        raise KeyError(team)

    @override
    def __iter__(self) -> Iterator[Team]:
        return iter(_TEAMS)

    @override
    def __len__(self) -> int:
        return 2

    @override
    def __str__(self) -> str:
        return f"NS {self.north_south}, EW {self.east_west}"


@attrs.frozen
class ScoreTerm(Immutable):
    """One labelled term of a deal score: *team* scores *points* times *factor*.

    A team's deal score before rounding is the sum of its terms' :attr:`value`
    (:meth:`DealResult.terms`); :meth:`DealResult.breakdown` prints them.

    >>> from coinche import ScoreTerm, Team
    >>> term = ScoreTerm(Team.EAST_WEST, "contract", 80, 2)
    >>> str(term), term.value
    ('EW contract 80 x 2', 160)
    >>> ScoreTerm(Team.EAST_WEST, "contract", 80, 3)
    Traceback (most recent call last):
    ...
    coinche.errors.InvalidDealError: ScoreTerm.factor must be 1, 2 or 4, not 3
    """

    team: Team
    """The team that scores the term."""
    label: str
    """What the points are: ``contract``, ``total`` (the team's card points and
    announcements), ``card points`` (the 160 of a deal, or all 162 when the bidders
    are dedans), ``announcements`` (every announcement point of the deal), ``belote``,
    ``capot`` (250) or ``capot bid`` (500)."""
    points: int
    """The points before the factor."""
    factor: int = 1
    """What the points are multiplied by: 1, or the contract's multiplier."""

    def __attrs_post_init__(self) -> None:
        check_type(self.team, Team, "ScoreTerm.team")
        check_type(self.label, str, "ScoreTerm.label")
        check_int_range(self.points, "ScoreTerm.points", 0, MAX_POINTS, InvalidDealError)
        if type(self.factor) is not int or self.factor not in (1, 2, 4):
            check_int_range(self.factor, "ScoreTerm.factor", 1, 4, InvalidDealError)
            raise InvalidDealError(f"ScoreTerm.factor must be 1, 2 or 4, not {self.factor}")

    @property
    def value(self) -> int:
        """What the term adds to the team's score: points times factor."""
        return self.points * self.factor

    @override
    def __str__(self) -> str:
        times = f" x {self.factor}" if self.factor != 1 else ""
        return f"{self.team.short} {self.label} {self.points}{times}"


def round_score(points: int) -> int:
    """Round to the nearest 10, a 5 going up (FFB: 85 → 90, 84 → 80).

    >>> from coinche import round_score
    >>> round_score(85), round_score(84), round_score(232), round_score(0)
    (90, 80, 230, 0)
    """
    check_int_range(points, "points", -MAX_POINTS, MAX_POINTS, InvalidDealError)
    return K.round_score(points)


@attrs.frozen
class DealResult(Immutable):
    """The score of a finished deal, with every figure that led to it.

    >>> from coinche import Contract, Seat, Strain, Trick, score_deal
    >>> tricks = [Trick.parse(t) for t in (
    ...     "N: JH 7H 8H 9H", "N: 7S AS 8S 9S", "E: JS QS KS TS", "N: AC 7C 8C 9C",
    ...     "N: TC JC QC KC", "N: AD 7D 8D 9D", "N: TD JD QD KD", "N: AH TH KH QH")]
    >>> print(score_deal(Contract(Seat.NORTH, Strain.HEARTS, 160), tricks).breakdown())
    Contract: 160 H by N (North-South), common scoring
    Tricks: NS 7, EW 1; NS took the last trick (+10)
    Card points: NS 151, EW 11
    Announcements: none
    Totals for the contract: NS 151, EW 11
    Failed: NS 151 against 160
    Score NS: nothing = 0
    Score EW: card points 160 + contract 160 + announcements 0 = 320
    Deal score: NS 0, EW 320
    """

    # a DealResult built by hand is checked field by field; the library builds its own
    # with the trusted constructor (_result below), from figures it computed
    contract: Contract = attrs.field(validator=is_instance(Contract))
    """The contract the deal was played under."""
    score: TeamPoints = attrs.field(validator=is_instance(TeamPoints))
    """What each team adds to its game score, after rounding."""
    made: bool = attrs.field(validator=is_instance(bool))
    """Whether the bidders made the contract."""
    card_points: TeamPoints = attrs.field(validator=is_instance(TeamPoints))
    """Card points won, with the last-trick bonus, or the capot card points."""
    belote: Team | None = attrs.field(validator=is_instance(Team, optional=True))
    """The team credited with belote, if any."""
    announcement_points: TeamPoints = attrs.field(validator=is_instance(TeamPoints))
    """Announcement points that scored, after comparison (and capot)."""
    capot: Team | None = attrs.field(validator=is_instance(Team, optional=True))
    """The team that took all eight tricks, if any."""
    tricks_won: TeamPoints = attrs.field(validator=is_instance(TeamPoints))
    """How many tricks each team took."""
    _inputs: _Inputs | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def breakdown(self) -> str:
        """Every figure of the deal explained in words, one per line."""
        inputs = self._inputs
        if inputs is None:
            raise InvalidDealError("only a result made by score_deal can explain its figures")
        return "\n".join(_explain(inputs, _scored(inputs)))

    def terms(self) -> tuple[ScoreTerm, ...]:
        """The terms each team's score is the sum of (before rounding), in the order
        :meth:`breakdown` prints them.

        >>> from coinche import Contract, RuleConfig, Seat, Strain, Trick, score_deal
        >>> tricks = [Trick.parse(t) for t in (
        ...     "N: JH 7H 8H 9H", "N: AS 7S 8S 9S", "N: TS JS QS KS", "N: AC 7C 8C 9C",
        ...     "N: TC JC QC KC", "N: AD 7D 8D 9D", "N: TD JD QD KD", "N: AH TH KH QH")]
        >>> result = score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80, 2), tricks)
        >>> # common scoring, coinched and made: 160 + 2 x 80 + announcements 0 (no belote:
        >>> # K and Q of hearts fell from South and West)
        >>> [str(term) for term in result.terms()]
        ['NS card points 160', 'NS contract 80 x 2', 'NS announcements 0']
        >>> sum(term.value for term in result.terms())
        320

        :raises InvalidDealError: the result was not made by :func:`score_deal` (or read
            from its record), so its inputs are not known.
        """
        inputs = self._inputs
        if inputs is None:
            raise InvalidDealError("only a result made by score_deal can explain its figures")
        return _terms(_scored(inputs))

    def _repr_html_(self) -> str:  # Jupyter shows the score as tables (coinche.svg)
        from coinche import svg  # noqa: PLC0415 - display hook (docs/architecture.rst)

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
    return _result_of(inputs, _score(inputs, *counted))


def _count(
    contract: Contract, tricks: tuple[Trick, ...], rules: RuleConfig
) -> tuple[list[int], list[int], list[int], int]:
    """Check the tricks and count card points per team, tricks per seat, the cards
    each seat played (its hand at the start of the deal), and the seat that won the last
    trick."""
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
    return card_pts, won, hands, winner


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
    """What score_deal was called with, kept so that breakdown() can explain it. The
    tricks of a deal that :class:`~coinche.Deal` played are read from it when first
    needed (*source*: an object with a ``tricks`` attribute), not built at its end, and
    its figures from its finished play position (*position*), not counted again."""

    contract: Contract
    _tricks: tuple[Trick, ...] | None
    rules: RuleConfig
    declared: tuple[Announcement, ...] | None
    belote_declared: bool
    _source: Any = attrs.field(default=None, eq=False, repr=False)
    position: Position | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        tricks = self._tricks
        if tricks is None:
            tricks = self._source.tricks
            fill(self, "_tricks", tricks)  # filled once, from the source
        return tricks


_DEFAULT_RULES: Final = RuleConfig()


class _Scored(NamedTuple):
    """What the kernel said about one deal: its figures and terms, with the belote and
    announcements they were computed from (kept together for breakdown())."""

    figures: tuple[int, ...]
    terms: list[tuple[int, int, int, int]]
    won: list[int]
    last: int  # the seat that won the last trick
    holder: int  # the seat holding K and Q of trumps, or -1
    belote: int  # the team credited with belote, or -1
    listed: tuple[Announcement, ...]  # the announcements declared
    best: Team | None  # the team whose announcements score
    ann: list[int]  # the announcement points of each team before a capot takes them


def _score(
    inputs: _Inputs, card_pts: list[int], won: list[int], hands: list[int], last: int
) -> _Scored:
    """Ask the kernel for the belote, the announcements and the score of the counted
    tricks; every figure comes from the kernel, this function only converts."""
    contract, rules = inputs.contract, inputs.rules
    declared = inputs.declared
    strain = contract.strain

    # belote: one seat held both the king and the queen of trumps
    holder = K.belote_holder(hands[0], hands[1], hands[2], hands[3], strain)
    belote = -1
    if holder >= 0 and (inputs.belote_declared or not rules.belote_requires_declaration):
        belote = holder & 1

    # announcements, compared (the kernel gives the capot team those that score)
    ann = [0, 0]
    listed: tuple[Announcement, ...] = ()
    best: Team | None = None
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
        best, counted = compare_announcements(listed, strain, rules)
        if best is not None:
            ann[best] = sum(a.points for a in counted)
    elif declared:
        raise InvalidDealError("announcements are off in these rules, but some were declared")

    taker, _, kind, points, multiplier = contract.kernel_fields
    figures, terms = K.score_terms(
        rules.score_options,
        taker,
        kind,
        points,
        multiplier,
        card_pts[0],
        card_pts[1],
        (won[0], won[1], won[2], won[3]),
        belote,
        ann[0],
        ann[1],
    )
    return _Scored(figures, terms, won, last, holder, belote, listed, best, ann)


def _scored(inputs: _Inputs) -> _Scored:
    """The kernel's figures and terms for *inputs*: from the finished play position of
    a deal that :class:`~coinche.Deal` played (or a view of it), else from its tricks,
    counted (:func:`score_deal`'s own)."""
    pos = inputs.position
    if pos is None:
        return _score(inputs, *_count(inputs.contract, inputs.tricks, inputs.rules))
    listed = inputs.declared or ()
    best: Team | None = None
    ann = [0, 0]
    if listed:
        best, counted = compare_announcements(listed, inputs.contract.strain, inputs.rules)
        if best is not None:
            ann[best] = sum(a.points for a in counted)
    won = pos.won
    figures, terms = K.score_terms(
        pos.options,
        pos.taker,
        pos.kind,
        pos.value,
        pos.multiplier,
        pos.points[0],
        pos.points[1],
        won,
        pos.belote_team,
        pos.announcements[0],
        pos.announcements[1],
    )
    # once the deal is over its leader is the seat that won the last trick
    return _Scored(
        figures, terms, list(won), pos.leader, pos.belote_holder, pos.belote_team, listed,
        best, ann,
    )  # fmt: skip


def deal_inputs(
    contract: Contract,
    deal: object,
    rules: RuleConfig,
    declared: tuple[Announcement, ...],
    belote_declared: bool,
    position: Position,
) -> _Inputs:
    """What :meth:`DealResult.breakdown` and a result's record need of a deal that
    :class:`~coinche.Deal` played (its arguments were checked as it was played): its
    finished play *position*, and its tricks, read from *deal* when first asked for."""
    return _Inputs(contract, None, rules, declared, belote_declared, deal, position)


def _result_of(inputs: _Inputs, scored: _Scored) -> DealResult:
    """The DealResult of the kernel's figures."""
    return result_of_figures(inputs.contract, scored.figures, scored.won, scored.belote, inputs)


def result_of_figures(
    contract: Contract,
    figures: tuple[int, ...],
    won: Sequence[int],
    belote: int,
    inputs: _Inputs,
) -> DealResult:
    """The DealResult of a finished play position's kernel figures (*won*: tricks by
    seat; *belote*: the team credited, or -1): nothing is counted again here. *inputs*
    is what :meth:`DealResult.breakdown` explains (see :func:`deal_inputs`)."""
    capot = figures[K.F_CAPOT]
    return _result(
        contract,
        _points(figures[K.F_SCORE_NS], figures[K.F_SCORE_EW]),
        bool(figures[K.F_MADE]),
        _points(figures[K.F_CARDS_NS], figures[K.F_CARDS_EW]),
        _TEAMS[belote] if belote >= 0 else None,
        _points(figures[K.F_ANN_NS], figures[K.F_ANN_EW]),
        _TEAMS[capot] if capot >= 0 else None,
        _points(won[0] + won[2], won[1] + won[3]),
        inputs,
    )


# the words for the kernel's T_* term codes
_TERM_LABELS: Final = {
    K.T_BELOTE: "belote",
    K.T_CONTRACT: "contract",
    K.T_TOTAL: "total",
    K.T_ANNOUNCEMENTS: "announcements",
    K.T_CARD_POINTS: "card points",
    K.T_CAPOT: "capot",
    K.T_CAPOT_BID: "capot bid",
}


def _terms(scored: _Scored) -> tuple[ScoreTerm, ...]:
    """The kernel's terms as :class:`ScoreTerm` values."""
    return tuple(
        ScoreTerm(_TEAMS[team], _TERM_LABELS[what], points, factor)
        for team, what, points, factor in scored.terms
    )


def _sum_in_words(terms: Sequence[ScoreTerm]) -> str:
    """One team's terms as a sum: ``a + b``, a run of terms sharing a factor grouped as
    ``(a + b) x 2`` (one alone as ``a x 2``), ``nothing`` when there is none."""
    groups: list[list[ScoreTerm]] = []
    for term in terms:
        if groups and term.factor == groups[-1][0].factor:
            groups[-1].append(term)
        else:
            groups.append([term])
    words: list[str] = []
    for group in groups:
        sums = [f"{t.label} {t.points}" for t in group]
        factor = group[0].factor
        if factor == 1:
            words += sums
        elif len(sums) == 1:
            words.append(f"{sums[0]} x {factor}")
        else:
            words.append(f"({' + '.join(sums)}) x {factor}")
    return " + ".join(words) if words else "nothing"


def _explain(inputs: _Inputs, scored: _Scored) -> list[str]:
    """Put the kernel's figures and terms for one deal into words, one line each."""
    contract, rules = inputs.contract, inputs.rules
    figures, belote = scored.figures, scored.belote
    bidders = contract.taker & 1
    capot = figures[K.F_CAPOT]
    made = bool(figures[K.F_MADE])
    won = scored.won
    lines = [
        f"Contract: {contract} ({_team_name(bidders)}), {rules.scoring.value} scoring",
        f"Tricks: NS {won[0] + won[2]}, EW {won[1] + won[3]}; "
        f"{_TEAMS[scored.last & 1].short} took the last trick "
        f"(+{LAST_TRICK_BONUS})",
    ]
    says = lines.append
    if capot >= 0:
        says(
            f"Capot: {_TEAMS[capot].short} take all eight tricks, "
            f"card points {rules.capot_card_points}"
        )
    says(f"Card points: NS {figures[K.F_CARDS_NS]}, EW {figures[K.F_CARDS_EW]}")
    if scored.holder >= 0 and belote < 0:
        says(f"Belote: held by {_SEATS[scored.holder].name} but not declared")
    if belote >= 0:
        counts = "counts" if rules.belote_counts_toward_contract else "does not count"
        says(
            f"Belote: {_TEAMS[belote].short} (K and Q of trumps), {BELOTE_POINTS}, "
            f"{counts} toward the contract"
        )
    says(_announcements_in_words(scored, capot))
    total = [figures[K.F_TOTAL_NS], figures[K.F_TOTAL_EW]]
    says(f"Totals for the contract: NS {total[0]}, EW {total[1]}")
    says(
        ("Made: " if made else "Failed: ")
        + _why_made(contract, total, won, figures, rules.scoring)
    )
    terms = _terms(scored)
    raw = [figures[K.F_RAW_NS], figures[K.F_RAW_EW]]
    for t in _TEAMS:
        text = _sum_in_words([term for term in terms if term.team is t])
        says(f"Score {t.short}: {text} = {raw[t]}")
    score = [figures[K.F_SCORE_NS], figures[K.F_SCORE_EW]]
    if score != raw:
        says(f"Rounded to the nearest 10: NS {score[0]}, EW {score[1]}")
    says(f"Deal score: NS {score[0]}, EW {score[1]}")
    return lines


def _announcements_in_words(scored: _Scored, capot: int) -> str:
    if not scored.listed:
        return "Announcements: none"
    declared = "Announcements declared: " + "; ".join(str(a) for a in scored.listed)
    best = scored.best
    if best is None:
        return declared + "\nAnnouncements: the best of each team are equal, nobody scores"
    taken = " (taken by the capot team)" if capot >= 0 and capot != best else ""
    return (
        f"{declared}\nAnnouncements: {best.short} hold the best and score "
        f"{scored.ann[best]}{taken}"
    )


# The private constructors of TeamPoints and DealResult, for figures the kernel made
# (see coinche._trusted).
_points: Callable[[int, int], TeamPoints] = trusted(TeamPoints, "north_south", "east_west")
_result: Callable[..., DealResult] = trusted(
    DealResult,
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
    needed = figures[K.F_NEEDED]
    why = " (max of bid and 82)" if scoring is _PAGAT else ""
    return f"{_TEAMS[bidders].short} {total[bidders]} against {needed}{why}"


def _team_name(team: int) -> str:
    return ("North-South", "East-West")[team]
