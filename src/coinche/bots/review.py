"""Review a played deal: what each card and each call cost, with the hands open and as
the player saw it.

:func:`review` replays a :class:`~coinche.Deal` (finished or not; a deal read back by
:mod:`coinche.records` is a deal like any other) and asks, at every decision:

- for each **card**, with all hands open: the double-dummy value of the card played
  for the seat's team (its card points at the end of the deal, both teams playing
  perfectly from there on, as :func:`coinche.bots.solver.solve_cards` counts them) and
  of the best card it held then; the difference is the card's cost in card points.
  Each value is also scored under the deal's contract and rules (belote, the
  announcements, capot, the coinche multiplier): the cost in deal score.
- for each card again, as the player saw it: the estimate of a
  :class:`~coinche.bots.players.PimcPlayer` (mean card points over *worlds* deals drawn
  from that seat's view) of the card played and of its best alternative;
- for each **call** of the auction: the expected deal score of the call made and of
  the best call, over *worlds* deals drawn from the caller's hand (the method of
  :func:`~coinche.bots.evaluate.evaluate_contract`).

The same deal, *worlds* and *seed* always give the same review.

.. pytest-mark: heavy

>>> from coinche import Deal, RuleConfig, Seat, Strain
>>> from coinche.auction import PASS, Bid
>>> from coinche.notation import parse_deal
>>> from coinche.bots.review import review
>>> _, hands = parse_deal("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")
>>> deal = Deal.from_hands(Seat.WEST, RuleConfig(), hands).apply(Bid(80, Strain.SPADES))
>>> for _ in range(3):
...     deal = deal.apply(PASS)
>>> while not deal.is_over:   # each seat plays its lowest legal card
...     deal = deal.apply(deal.legal_actions()[0])
>>> found = review(deal, open_only=True)
>>> len(found.calls), len(found.cards), found.costly()
(4, 32, ())
>>> row = found.cards[0]       # North's trumps take every trick, whatever it leads
>>> row.seat.name, str(row.card), row.points, row.best == row.card, row.cost
('NORTH', '7S', 250, True, 0)
>>> row.score                  # capot 250 + belote 20 + the contract's 80, to nothing
350

Decisions (documented behaviour):

- **Which cards are reviewed**: the cards of the play from the first card of the deal
  on, also the forced ones (a single legal card costs nothing).
- **The open-hands values** are those of the solver: the taker's team plays for the
  most card points, the defenders for the fewest; declarations still to come are
  taken as the library's defaults (every seat declares all it holds, a belote holder
  says belote). A contract's deal score is the seat's team's score minus the other
  team's; for a générale it is not given (the solver counts tricks by team).
- **The best card**: the highest value, ties to the card worth fewer points, then to
  the lower card index (as :class:`~coinche.bots.players.PimcPlayer` breaks them).
- **A call's estimate**: the score, for the caller's team minus the other team, of the
  contract the auction would end with if that call were the last: a bid, its own
  contract; a coinche or surcoinche, the standing contract doubled or redoubled; a
  pass, the standing contract as it is (0 when no bid stands: a deal thrown in scores
  nothing). The worlds are drawn from the caller's hand alone, the first lead as the
  rules give it; a générale bid is not estimated, nor are the calls of the classic
  turned-card auction (their estimates are ``None``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Final, Literal

import attrs

from coinche import _kernel as K
from coinche._checks import (
    check_bool,
    check_callable,
    check_int_range,
    check_seed,
    check_type,
    is_instance,
    is_int,
    is_number,
    is_tuple_of,
)
from coinche.auction import Bid, Coinche, Pass, Surcoinche
from coinche.auction.classic import AnyCall, parse_any_call
from coinche.bots._search import _Ctx, _ctx
from coinche.bots.evaluate import _leader, _opening_sampler, _opening_world, _score, _World
from coinche.bots.pimc import PimcPlayer
from coinche.bots.solver import _card_values
from coinche.calls import CallBase
from coinche.cards import Card, Strain
from coinche.config import AuctionKind, RuleConfig
from coinche.contract import GENERALE, Contract
from coinche.deal import Deal, Phase
from coinche.errors import CoincheValueError, InvalidDealError
from coinche.position import Position
from coinche.records import Field, Fields, JsonObject, register, to_data
from coinche.scoring import MAX_POINTS, TeamPoints
from coinche.seats import Seat

__all__ = ["CallReview", "CardReview", "Review", "review"]

Progress = Callable[[int, int], object]
"""What :func:`review` reports progress to: ``progress(done, total)``."""

MAX_WORLDS: Final = 10_000
"""The most worlds :func:`review` draws for one decision."""
MAX_CARD_POINTS: Final = 252
"""The most card points a team takes in a deal: 162, and 90 more for capot (the
solver's count; a row's points and estimates are from 0 to it)."""
MAX_CALLS: Final = 1000
"""The most calls a reviewed auction holds (the rows' numbers are below it)."""


@attrs.frozen
class CardReview:
    """One card of a reviewed deal (see :mod:`coinche.bots.review`).

    >>> from coinche import Card, Seat
    >>> from coinche.bots.review import CardReview
    >>> row = CardReview(number=0, seat=Seat.NORTH, card=Card.parse("7S"), points=60,
    ...                  best=Card.parse("JS"), best_points=81, score=-240, best_score=250)
    >>> row.cost, row.score_cost, row.costly
    (21, 490, True)
    """

    number: int = attrs.field(validator=is_int(0, 31))
    """The card's place in the play: 0 for the first card of the deal, up to 31."""
    seat: Seat = attrs.field(validator=is_instance(Seat))
    """The seat that played it."""
    card: Card = attrs.field(validator=is_instance(Card))
    """The card played."""
    points: int = attrs.field(validator=is_int(0, MAX_CARD_POINTS))
    """Open hands: the seat's team's card points at the end after this card."""
    best: Card = attrs.field(validator=is_instance(Card))
    """Open hands: the best card the seat held (the card played when it was best)."""
    best_points: int = attrs.field(validator=is_int(0, MAX_CARD_POINTS))
    """Open hands: the seat's team's card points after the best card."""
    score: int | None = attrs.field(validator=is_int(-MAX_POINTS, MAX_POINTS, optional=True))
    """Open hands: the seat's team's deal score minus the other team's after this card
    (``None`` for a générale)."""
    best_score: int | None = attrs.field(validator=is_int(-MAX_POINTS, MAX_POINTS, optional=True))
    """The same after the card with the best deal score."""
    estimate: float | None = attrs.field(
        default=None, validator=is_number(0, MAX_CARD_POINTS, optional=True)
    )
    """As the seat saw it: the PIMC mean card points of the card played (``None`` when
    not estimated: an open-hands review, or a single legal card)."""
    alternative: Card | None = attrs.field(
        default=None, validator=is_instance(Card, optional=True)
    )
    """As the seat saw it: the best other card by PIMC (``None`` when not estimated)."""
    alternative_estimate: float | None = attrs.field(
        default=None, validator=is_number(0, MAX_CARD_POINTS, optional=True)
    )
    """The PIMC mean card points of :attr:`alternative`."""

    @property
    def cost(self) -> int:
        """Card points given up, open hands: :attr:`best_points` - :attr:`points`."""
        return self.best_points - self.points

    @property
    def score_cost(self) -> int | None:
        """Deal score given up, open hands (``None`` when not scored)."""
        if self.score is None or self.best_score is None:
            return None
        return self.best_score - self.score

    @property
    def costly(self) -> bool:
        """True when the card gave up card points or deal score, open hands."""
        return self.cost > 0 or bool(self.score_cost)


@attrs.frozen
class CallReview:
    """One call of a reviewed deal's auction (see :mod:`coinche.bots.review`).

    >>> from coinche import PASS, Bid, Seat, Strain
    >>> from coinche.bots.review import CallReview
    >>> row = CallReview(number=0, seat=Seat.EAST, call=PASS, estimate=0.0,
    ...                  best=Bid(80, Strain.HEARTS), best_estimate=35.5)
    >>> row.cost
    35.5
    """

    number: int = attrs.field(validator=is_int(0, MAX_CALLS - 1))
    """The call's place in the auction, from 0."""
    seat: Seat = attrs.field(validator=is_instance(Seat))
    """The seat that called."""
    call: AnyCall = attrs.field(validator=is_instance(CallBase))
    """The call made."""
    estimate: float | None = attrs.field(
        validator=is_number(-MAX_POINTS, MAX_POINTS, optional=True)
    )
    """The mean deal score of the caller's team minus the other team's, had the
    auction ended with this call (``None``: not estimated)."""
    best: AnyCall | None = attrs.field(validator=is_instance(CallBase, optional=True))
    """The legal call with the best estimate (``None``: not estimated)."""
    best_estimate: float | None = attrs.field(
        validator=is_number(-MAX_POINTS, MAX_POINTS, optional=True)
    )
    """Its estimate."""

    @property
    def cost(self) -> float | None:
        """How much better the best call was expected to do (``None``: not estimated)."""
        if self.estimate is None or self.best_estimate is None:
            return None
        return self.best_estimate - self.estimate


def _breakdown_card(row: CardReview) -> str:
    mark = "!" if row.costly else " "
    best = "" if row.best == row.card else f"best {row.best} {row.best_points}"
    score = "" if row.score_cost is None else f"score {row.score:+d}"
    if row.score_cost:
        score += f" (best {row.best_score:+d})"
    seen = ""
    if row.estimate is not None:
        seen = f"pimc {row.estimate:.1f}"
        if row.alternative is not None and row.alternative_estimate is not None:
            seen += f", {row.alternative} {row.alternative_estimate:.1f}"
    cells = [f"{mark} {row.number + 1:2d} {row.seat.letter} {row.card}", f"{row.points:3d}"]
    cells += [part for part in (best, score, seen) if part]
    return "  ".join(cells)


@attrs.frozen
class Review:
    """What :func:`review` found: a row per call and per card, in the order made.

    >>> from coinche import Card, Seat
    >>> from coinche.bots.review import CardReview, Review
    >>> row = CardReview(number=0, seat=Seat.NORTH, card=Card.parse("7S"), points=60,
    ...                  best=Card.parse("JS"), best_points=81, score=-240, best_score=250)
    >>> print(Review(calls=(), cards=(row,), worlds=0, seed=0).breakdown())
    cards (open hands: the team's card points at the end; ! gave some up)
    !  1 N 7S   60  best JS 81  score -240 (best +250)
    """

    calls: tuple[CallReview, ...] = attrs.field(validator=is_tuple_of(CallReview))
    """A row per call of the auction."""
    cards: tuple[CardReview, ...] = attrs.field(validator=is_tuple_of(CardReview))
    """A row per card played."""
    worlds: int = attrs.field(validator=is_int(0, MAX_WORLDS))
    """The worlds drawn for each estimate (0: an open-hands review, no estimates)."""
    seed: int = attrs.field()
    """The seed the worlds were drawn from."""

    @seed.validator
    def _check_seed(self, attribute: attrs.Attribute[int], value: object) -> None:
        check_seed(value, "Review.seed")

    def __attrs_post_init__(self) -> None:
        if len(self.cards) > 32:
            raise CoincheValueError(
                f"Review.cards must hold at most 32 rows, not {len(self.cards)}"
            )

    def costly(self) -> tuple[CardReview, ...]:
        """The cards that gave up card points or deal score, open hands."""
        return tuple(row for row in self.cards if row.costly)

    def breakdown(self) -> str:
        """The review as text: a line per call, then a line per card."""
        lines: list[str] = []
        if self.calls:
            if any(call.estimate is not None for call in self.calls):
                lines.append("calls (expected score of the caller's team had the auction ended)")
            elif self.worlds == 0:
                lines.append("calls (not estimated: an open-hands review draws no worlds)")
            else:
                lines.append("calls (not estimated: no estimates in the turned-card auction)")
            for call in self.calls:
                if call.estimate is None or call.best_estimate is None:
                    lines.append(f"   {call.number + 1:2d} {call.seat.letter} {call.call}")
                    continue
                mark = "!" if call.cost else " "
                best = "" if call.best == call.call else f"  best {call.best} "
                best += f"{call.best_estimate:+.1f}" if best else ""
                lines.append(
                    f"{mark} {call.number + 1:2d} {call.seat.letter} {call.call}  "
                    f"{call.estimate:+.1f}{best}"
                )
        if self.cards:
            lines.append("cards (open hands: the team's card points at the end; ! gave some up)")
            lines.extend(_breakdown_card(row) for row in self.cards)
        return "\n".join(lines)


# ---------------------------------------------------------------- open hands
def _best_first(values: Mapping[Card, int], strain: int) -> list[Card]:
    """The cards of *values*, highest value first, ties to fewer points then lower index."""
    return sorted(values, key=lambda c: (-values[c], K.POINTS[strain * 32 + c.index], c.index))


def _margin(rules: RuleConfig, contract: Contract, world: _World, team: int) -> int:
    """*team*'s deal score minus the other team's on a solved *world*."""
    figures = _score(rules, contract, world)
    return figures[K.F_SCORE_NS + team] - figures[K.F_SCORE_NS + 1 - team]


def _deal_score(
    rules: RuleConfig, contract: Contract, pos: Position, points: TeamPoints, team: int
) -> int:
    """*team*'s deal score minus the other's once the deal ends with *points* (belote and
    the announcements as *pos* credits them)."""
    ns, ew = points.north_south, points.east_west
    world: _World = (ns, ew, pos.belote_team, pos.announcements[0], pos.announcements[1])
    return _margin(rules, contract, world, team)


class _OpenSearch:
    """The solver's search for one reviewed deal: one context, its transposition table
    kept from each reviewed position to the next (they are positions of one deal, so a
    position found again, on the line played or off it, is the same position)."""

    def __init__(self) -> None:
        self._context: _Ctx | None = None

    def card_values(self, pos: Position, side: int) -> dict[Card, TeamPoints]:
        if self._context is None:
            self._context = _ctx(pos, side)
        return _card_values(pos, side, self._context)


def _open_row(number: int, deal: Deal, card: Card, search: _OpenSearch) -> CardReview:
    pos = deal.position
    contract = deal.contract
    assert pos is not None
    assert contract is not None
    seat = Seat(pos.to_move)
    team = seat.team
    solved = search.card_values(pos, int(contract.taker) & 1)
    points = {c: v[team] for c, v in solved.items()}
    best = _best_first(points, pos.strain)[0]
    if points[card] == points[best]:
        best = card  # the card played was as good as any
    score: int | None = None
    best_score: int | None = None
    if contract.value is not GENERALE:
        scores = {
            c: _deal_score(deal.rules, contract, pos.after(c.index), v, int(team))
            for c, v in solved.items()
        }
        score, best_score = scores[card], max(scores.values())
    return CardReview(
        number=number,
        seat=seat,
        card=card,
        points=points[card],
        best=best,
        best_points=points[best],
        score=score,
        best_score=best_score,
    )


def _seen(row: CardReview, deal: Deal, worlds: int, seed: int) -> CardReview:
    """*row* with the PIMC estimates of its card and of the best other card."""
    legal = deal.legal_actions()
    if len(legal) < 2:
        return row
    # mean card points over every world (the estimates the review documents), not the
    # player's default deal-score objective under a search budget
    player = PimcPlayer(worlds=worlds, max_cards=32, objective="points", nodes=None, keep=False)
    rng = random.Random(f"coinche-review:{seed}:card:{row.number}")
    values = player.card_values(deal.view(row.seat), legal, rng)
    played = next(v for c, v in values if c == row.card)
    other, other_value = next((c, v) for c, v in values if c != row.card)
    return attrs.evolve(row, estimate=played, alternative=other, alternative_estimate=other_value)


# ---------------------------------------------------------------- calls
AnyBiddingCall = Pass | Bid | Coinche | Surcoinche


class _CallWorlds:
    """The worlds drawn for each seat's calls, solved in each strain on first need."""

    def __init__(self, deal: Deal, worlds: int, seed: int) -> None:
        self.deal = deal
        self.worlds = worlds
        self.seed = seed
        self._hands: dict[Seat, list[tuple[int, int, int, int]]] = {}
        self._solved: dict[tuple[Seat, Strain, int], list[_World]] = {}

    def solved(self, seat: Seat, strain: Strain, taker: Seat) -> list[_World]:
        side = int(taker) & 1
        key = (seat, strain, side)
        found = self._solved.get(key)
        if found is None:
            hands = self._hands.get(seat)
            if hands is None:
                rng = random.Random(f"coinche-review:{self.seed}:calls:{seat.letter}")
                sampler = _opening_sampler(self.deal.hands[seat].mask, int(seat), int(seat), None)
                hands = [sampler.sample(rng) for _ in range(self.worlds)]
                self._hands[seat] = hands
            rules = self.deal.rules
            contract = Contract(taker, strain, 80)
            leader = _leader(rules, contract, self.deal.dealer, None)
            found = [_opening_world(h, strain, leader, rules, side) for h in hands]
            self._solved[key] = found
        return found

    def value(self, seat: Seat, contract: Contract | None) -> float:
        """The mean score of *seat*'s team minus the other's under *contract*."""
        if contract is None:
            return 0.0
        worlds = self.solved(seat, contract.strain, contract.taker)
        rules = self.deal.rules
        team = int(seat) & 1
        return sum(_margin(rules, contract, world, team) for world in worlds) / len(worlds)


def _standing(deal: Deal) -> Contract | None:
    """The contract the calls of *deal* so far would make if the auction ended now."""
    highest: tuple[Seat, Bid] | None = None
    multiplier: Literal[1, 2, 4] = 1
    for seat, call in deal.calls:
        if isinstance(call, Bid):
            highest, multiplier = (seat, call), 1
        elif isinstance(call, Coinche):
            multiplier = 2
        elif isinstance(call, Surcoinche):
            multiplier = 4
    if highest is None:
        return None
    seat, bid = highest
    return Contract(seat, bid.strain, bid.value, multiplier)


def _after_call(deal: Deal, seat: Seat, call: AnyBiddingCall) -> Contract | None:
    """The contract the auction would end with if *call* were the last."""
    standing = _standing(deal)
    if isinstance(call, Bid):
        return Contract(seat, call.strain, call.value)
    if standing is None or isinstance(call, Pass):
        return standing
    multiplier: Literal[2, 4] = 2 if isinstance(call, Coinche) else 4
    return attrs.evolve(standing, multiplier=multiplier)


def _unestimated(number: int, seat: Seat, call: AnyCall) -> CallReview:
    return CallReview(
        number=number, seat=seat, call=call, estimate=None, best=None, best_estimate=None
    )


def _call_row(
    number: int, deal: Deal, seat: Seat, call: AnyBiddingCall, worlds: _CallWorlds
) -> CallReview:
    estimates: dict[AnyBiddingCall, float] = {}
    for option in deal.view(seat).legal_actions():
        if isinstance(option, Pass | Bid | Coinche | Surcoinche):
            if isinstance(option, Bid) and option.value is GENERALE:
                continue  # not estimated: the solver counts tricks by team
            estimates[option] = worlds.value(seat, _after_call(deal, seat, option))
    if (isinstance(call, Bid) and call.value is GENERALE) or call not in estimates:
        return _unestimated(number, seat, call)
    best = max(estimates, key=lambda c: estimates[c])  # the first of equals, in legal order
    return CallReview(
        number=number,
        seat=seat,
        call=call,
        estimate=estimates[call],
        best=best,
        best_estimate=estimates[best],
    )


# ---------------------------------------------------------------- review
def _as_dealt(deal: Deal) -> Deal:
    """*deal* as dealt, before its first call (also the OpenSpiel game's)."""
    if deal.turned is None:
        return Deal.from_hands(deal.dealer, deal.rules, deal.hands)
    return Deal.from_hands(
        deal.dealer, deal.rules, deal.first_hands, turned=deal.turned, stock=deal.stock
    )


def _check(deal: object, worlds: object, seed: object, progress: object) -> None:
    check_type(deal, Deal, "deal")
    check_int_range(worlds, "worlds", 1, MAX_WORLDS)
    check_seed(seed)
    if progress is not None:
        check_callable(progress, "progress")


def review(
    deal: Deal,
    *,
    worlds: int = 8,
    seed: int = 0,
    open_only: bool = False,
    progress: Progress | None = None,
) -> Review:
    """Review every call and card of *deal* (see :mod:`coinche.bots.review`).

    *worlds* deals are drawn for each estimate, from *seed*: the same arguments give the
    same review. With *open_only*, only the open-hands values are computed (no worlds
    drawn: fast; the estimates are ``None`` and :attr:`Review.worlds` is 0).
    *progress*, if given, is called as ``progress(done, total)`` with *total* the
    decisions to review: with 0 first, then after each call and card.

    :raises CoincheTypeError: an argument of the wrong type.
    :raises InvalidDealError: a deal thrown in (nothing was played).
    """
    _check(deal, worlds, seed, progress)
    check_bool(open_only, "open_only")
    if deal.phase is Phase.THROWN_IN:
        raise InvalidDealError("a deal thrown in has no play to review")
    steps = deal.steps
    total = len(steps)
    if progress is not None:
        progress(0, total)
    classic = deal.rules.auction is AuctionKind.TURNED_CARD
    call_worlds = None if open_only or classic else _CallWorlds(deal, worlds, seed)
    calls: list[CallReview] = []
    cards: list[CardReview] = []
    at = _as_dealt(deal)
    search = _OpenSearch()
    for done, step in enumerate(steps, 1):
        action = step.action
        if isinstance(action, Card):
            row = _open_row(len(cards), at, action, search)
            if not open_only:
                row = _seen(row, at, worlds, seed)
            cards.append(row)
        elif isinstance(action, Pass | Bid | Coinche | Surcoinche) and call_worlds is not None:
            calls.append(_call_row(len(calls), at, step.seat, action, call_worlds))
        else:  # open hands only, or a call of the classic auction: not estimated
            calls.append(_unestimated(len(calls), step.seat, action))
        at = at.apply(step)
        if progress is not None:
            progress(done, total)
    return Review(
        calls=tuple(calls), cards=tuple(cards), worlds=0 if open_only else worlds, seed=seed
    )


# ---------------------------------------------------------------- records
def _encode_card_review(row: CardReview) -> JsonObject:
    return {
        "number": row.number,
        "seat": row.seat.letter,
        "card": row.card.code,
        "points": row.points,
        "best": row.best.code,
        "best_points": row.best_points,
        "score": row.score,
        "best_score": row.best_score,
        "estimate": row.estimate,
        "alternative": None if row.alternative is None else row.alternative.code,
        "alternative_estimate": row.alternative_estimate,
    }


def _int_or_none(field: Field) -> int | None:
    return None if field.is_null() else field.integer()


def _number_or_none(field: Field) -> float | None:
    return None if field.is_null() else field.number()


def _decode_card_review(fields: Fields) -> CardReview:
    alternative = fields["alternative"]
    return CardReview(
        number=fields["number"].integer(),
        seat=fields["seat"].seat(),
        card=fields["card"].card(),
        points=fields["points"].integer(),
        best=fields["best"].card(),
        best_points=fields["best_points"].integer(),
        score=_int_or_none(fields["score"]),
        best_score=_int_or_none(fields["best_score"]),
        estimate=_number_or_none(fields["estimate"]),
        alternative=None if alternative.is_null() else alternative.card(),
        alternative_estimate=_number_or_none(fields["alternative_estimate"]),
    )


def _encode_call_review(row: CallReview) -> JsonObject:
    return {
        "number": row.number,
        "seat": row.seat.letter,
        "call": str(row.call),
        "estimate": row.estimate,
        "best": None if row.best is None else str(row.best),
        "best_estimate": row.best_estimate,
    }


def _decode_call_review(fields: Fields) -> CallReview:
    best = fields["best"]
    return CallReview(
        number=fields["number"].integer(),
        seat=fields["seat"].seat(),
        call=fields["call"].parse(parse_any_call),
        estimate=_number_or_none(fields["estimate"]),
        best=None if best.is_null() else best.parse(parse_any_call),
        best_estimate=_number_or_none(fields["best_estimate"]),
    )


def _encode_review(found: Review) -> JsonObject:
    return {
        "calls": [to_data(row) for row in found.calls],
        "cards": [to_data(row) for row in found.cards],
        "worlds": found.worlds,
        "seed": found.seed,
    }


def _decode_review(fields: Fields) -> Review:
    return Review(
        calls=tuple(item.record(CallReview) for item in fields["calls"].items()),
        cards=tuple(item.record(CardReview) for item in fields["cards"].items()),
        worlds=fields["worlds"].integer(),
        seed=fields["seed"].integer(),
    )


register(CardReview, "card_review", _encode_card_review, _decode_card_review)
register(CallReview, "call_review", _encode_call_review, _decode_call_review)
register(Review, "review", _encode_review, _decode_review)
