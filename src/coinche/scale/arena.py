"""Matches between players in which the luck of the cards cancels out.

:func:`duplicate_match` plays each deal twice with the same cards at the same seats,
the two teams swapping seats between the two tables, as duplicate bridge does: what one
team was dealt at one table, the other team is dealt at the other. The difference of
the two teams' scores, summed over both tables, measures the players, not the cards.

>>> from coinche import RuleConfig
>>> from coinche.scale.arena import duplicate_match
>>> from coinche.bots.players import GreedyPlayer, RandomPlayer
>>> match = duplicate_match(GreedyPlayer(), RandomPlayer(), 4, RuleConfig.common(), seed=1)
>>> len(match.deals), match.deals[0].tables[0].dealer == match.deals[0].tables[1].dealer
(4, True)
>>> match.deals[0].tables[0].hands == match.deals[0].tables[1].hands   # the same cards
True

The deals are played in blocks, each an independent task seeded from the master seed
and the deals' numbers only, on an executor of :mod:`coinche.scale.executors`: in this
process (the default), on a pool of local processes or on Ray, with the same results
on each (see the docs' page "Running at scale").

>>> from coinche.scale.executors import InProcess
>>> again = duplicate_match(GreedyPlayer(), RandomPlayer(), 4, RuleConfig.common(), seed=1,
...                         executor=InProcess(), block=3)
>>> again == match
True
"""

from __future__ import annotations

import copy
import math
import numbers
import random
from collections.abc import Callable, Sequence
from typing import Final

import attrs
from typing_extensions import override

from coinche._checks import (
    check_callable,
    check_int_range,
    check_seed,
    check_sequence,
    check_type,
    is_int,
    is_number,
    is_tuple_of,
    short_repr,
)
from coinche.bots.players import Player, play_deal
from coinche.config import RuleConfig
from coinche.deal import Deal
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.scale.executors import Executor, InProcess
from coinche.scoring import MAX_POINTS
from coinche.seats import Seat

__all__ = [
    "BLOCK",
    "MAX_DEALS",
    "DuplicateDeal",
    "DuplicateMatch",
    "deal_rng",
    "duplicate_match",
    "match_deals",
]

_Z95: Final = 1.959963984540054  # the 97.5th percentile of the standard normal law

MAX_DEALS: Final = 10**12
"""The most deals a match plays, and the highest *start* and *block*."""

BLOCK: Final = 20
"""Deals per task of :func:`duplicate_match` by default: small enough to keep two
workers busy to the end of a short match and to move a progress bar, large enough that
shipping a task costs little beside playing it."""


@attrs.frozen
class DuplicateDeal:
    """One deal played at both tables.

    >>> import random
    >>> from coinche import Deal, RuleConfig, Seat
    >>> from coinche.scale.arena import DuplicateDeal
    >>> deal = Deal.new(Seat.NORTH, RuleConfig(), random.Random(1))
    >>> DuplicateDeal((deal, deal), float("nan"))
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: DuplicateDeal.difference must be an int from ...
    """

    tables: tuple[Deal, Deal] = attrs.field(validator=is_tuple_of(Deal, length=2))
    """The finished deal at table one (the first team North-South) and table two (the
    first team East-West)."""
    difference: int = attrs.field(validator=is_int(-2 * MAX_POINTS, 2 * MAX_POINTS))
    """The first team's deal score minus the second team's, summed over both tables
    (0 for a deal thrown in at both)."""


@attrs.frozen
class DuplicateMatch:
    """The result of :func:`duplicate_match`."""

    deals: tuple[DuplicateDeal, ...] = attrs.field(validator=is_tuple_of(DuplicateDeal))
    """Each deal, in order."""
    mean: float = attrs.field(validator=is_number(-2 * MAX_POINTS, 2 * MAX_POINTS))
    """The mean of :attr:`DuplicateDeal.difference` over the deals: positive when the
    first team did better."""
    stderr: float = attrs.field(validator=is_number(0))
    """The standard error of :attr:`mean` (sample standard deviation over sqrt(n); 0 for
    fewer than two deals)."""

    @classmethod
    def from_deals(cls, deals: Sequence[DuplicateDeal]) -> DuplicateMatch:
        """The match of *deals*, its mean and standard error computed from them: the
        parts of a match split with ``start=`` joined into the whole (their deals in
        order), or the deals a match has played so far.

        >>> from coinche import RuleConfig
        >>> from coinche.bots.players import GreedyPlayer, RandomPlayer
        >>> rules = RuleConfig.common()
        >>> whole = duplicate_match(GreedyPlayer(), RandomPlayer(), 30, rules, 9)
        >>> head = duplicate_match(GreedyPlayer(), RandomPlayer(), 20, rules, 9)
        >>> tail = duplicate_match(GreedyPlayer(), RandomPlayer(), 10, rules, 9, start=20)
        >>> DuplicateMatch.from_deals(head.deals + tail.deals) == whole
        True

        :raises CoincheTypeError: *deals* is not a sequence of :class:`DuplicateDeal`.
        """
        played = check_sequence(deals, "deals", DuplicateDeal)
        n = len(played)
        mean = sum(r.difference for r in played) / n if n else 0.0
        stderr = 0.0
        if n > 1:
            var = sum((r.difference - mean) ** 2 for r in played) / (n - 1)
            stderr = math.sqrt(var / n)
        return cls(played, mean, stderr)

    @property
    def confidence_interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean difference per deal, mean plus or
        minus 1.96 standard errors (the normal approximation: meant for 30 deals or
        more)."""
        return self.mean - _Z95 * self.stderr, self.mean + _Z95 * self.stderr

    @override
    def __str__(self) -> str:
        low, high = self.confidence_interval
        return (
            f"{len(self.deals)} deals: first team {self.mean:+.1f} a deal "
            f"(95% CI {low:+.1f} to {high:+.1f})"
        )


def _is_player(value: object) -> bool:
    """Whether *value* has a ``choose`` method, as a Player must (a number is never one:
    NumPy's numbers have a ``choose`` of their own)."""
    return callable(getattr(value, "choose", None)) and not isinstance(value, numbers.Number)


def _team_players(players: object, name: str) -> tuple[Player, Player]:
    pair = players if isinstance(players, tuple) else (players, players)
    if len(pair) != 2 or not all(_is_player(one) for one in pair):
        raise CoincheTypeError(
            f"{name} is one Player or a pair of them, not {short_repr(players)}"
        )
    return pair[0], pair[1]


def deal_rng(seed: int, number: int) -> random.Random:
    """The generator that shuffles deal *number* (from 0) of a run seeded *seed*: it
    depends on those two only, so a deal is the same whichever task or worker deals it
    (:func:`duplicate_match` and :func:`coinche.scale.datasets.generate` both use it).

    >>> from coinche.scale.arena import deal_rng
    >>> deal_rng(7, 3).random() == deal_rng(7, 3).random() != deal_rng(7, 4).random()
    True

    :raises CoincheTypeError: *seed* or *number* is not an int of at most 100 digits.
    """
    return random.Random(f"{check_seed(seed)}:{check_seed(number, 'number')}")


def match_deals(count: int, rules: RuleConfig, seed: int, start: int = 0) -> tuple[Deal, ...]:
    """The new deals *start* to *start + count - 1* of a run seeded *seed*, as
    :func:`duplicate_match` deals them (deal ``i`` shuffled by :func:`deal_rng` from
    *seed* and ``i``, its dealer ``Seat(i % 4)``), before their auction: for a player
    that must know a match's deals beforehand (:class:`coinche.testing.colver.DealBook`).

    >>> from coinche import RuleConfig
    >>> from coinche.bots.players import GreedyPlayer
    >>> from coinche.scale.arena import duplicate_match, match_deals
    >>> deals = match_deals(3, RuleConfig.common(), seed=5, start=2)
    >>> match = duplicate_match(GreedyPlayer(), GreedyPlayer(), 1, RuleConfig.common(), 5,
    ...                         start=4)
    >>> match.deals[0].tables[0].hands == deals[2].hands
    True

    :raises CoincheTypeError: an argument of the wrong type.
    :raises CoincheValueError: a count or *start* below 0 or above :data:`MAX_DEALS`, a
        seed of more than 100 digits.
    """
    count = check_int_range(count, "count", 0, MAX_DEALS)
    start = check_int_range(start, "start", 0, MAX_DEALS)
    check_type(rules, RuleConfig, "rules")
    seed = check_seed(seed)
    return tuple(_new_deal(rules, seed, number) for number in range(start, start + count))


def _new_deal(rules: RuleConfig, seed: int, number: int) -> Deal:
    """Deal *number* of a run seeded *seed* (see :func:`match_deals`)."""
    return Deal.new(Seat(number % 4), rules, deal_rng(seed, number))


@attrs.frozen
class _Block:
    """One task of a match: deals *start* to *start + count - 1*."""

    first: tuple[Player, Player]
    second: tuple[Player, Player]
    rules: RuleConfig
    seed: int
    start: int
    count: int
    deals: tuple[Deal, ...] | None  # the given deals, or None for new ones


def _play_block(block: _Block) -> list[DuplicateDeal]:
    """Play one block's deals at both tables. The players are copied first, so that a
    player that keeps state (its own generator) starts every block as it was given,
    whether the block runs here or in another process."""
    first, second = copy.deepcopy((block.first, block.second))
    tables_one = {Seat.NORTH: first[0], Seat.SOUTH: first[1]}
    tables_one.update({Seat.EAST: second[0], Seat.WEST: second[1]})
    tables_two = {Seat.EAST: first[0], Seat.WEST: first[1]}
    tables_two.update({Seat.NORTH: second[0], Seat.SOUTH: second[1]})
    results: list[DuplicateDeal] = []
    for offset in range(block.count):
        number = block.start + offset
        if block.deals is None:
            deal = _new_deal(block.rules, block.seed, number)
        else:
            deal = block.deals[offset]
        plays = f"{block.seed}:{number}:play"
        one = play_deal(deal, tables_one, random.Random(plays))
        two = play_deal(deal, tables_two, random.Random(plays))
        diff = 0
        if one.result is not None:
            score = one.result.score
            diff += score.north_south - score.east_west
        if two.result is not None:
            score = two.result.score
            diff += score.east_west - score.north_south
        results.append(DuplicateDeal((one, two), diff))
    return results


def _check_given(deal: object, place: int, rules: RuleConfig) -> None:
    """Refuse given deal number *place* unless it is a Deal before its auction, under
    *rules*."""
    deal = check_type(deal, Deal, f"deals[{place}]")
    if deal.is_over or deal.calls:
        made = len(deal.calls)
        state = (
            f"the deal is over, {deal.phase.value}"
            if deal.is_over
            else f"{made} call{'s' if made != 1 else ''} made"
        )
        raise InvalidDealError(
            f"deals[{place}] is not before its auction ({state}): duplicate_match plays "
            "each given deal from the start of its auction"
        )
    if deal.rules != rules:
        differ = [
            field.name
            for field in attrs.fields(RuleConfig)
            if getattr(deal.rules, field.name) != getattr(rules, field.name)
        ]
        raise InvalidDealError(
            f"deals[{place}] is under other rules than rules (they differ in "
            f"{', '.join(differ)}): deal it under the match's rules"
        )


def duplicate_match(
    players_ns: Player | tuple[Player, Player],
    players_ew: Player | tuple[Player, Player],
    deals: int | Sequence[Deal],
    rules: RuleConfig,
    seed: int,
    *,
    executor: Executor | None = None,
    block: int = BLOCK,
    progress: Callable[[int], None] | None = None,
    start: int = 0,
) -> DuplicateMatch:
    """Play each deal at two tables, the teams swapping seats; compare their scores.

    *players_ns* is the first team (one player for both seats, or a pair: the first
    plays North at table one and East at table two, the second South and West),
    *players_ew* the second. *deals* is a number of new deals (deal ``i`` shuffled by
    :func:`deal_rng` from *seed* and ``i``, its dealer ``Seat(i % 4)``) or the deals
    themselves, before their auction and under *rules*. At table one the first team
    sits North-South; at table two the same deal is played again with the first team
    East-West. Each table draws its players' randomness from a generator seeded from
    *seed* and the deal's number, the same at both tables.

    The deals are played in blocks of *block* deals, each an independent task run by
    *executor* (:mod:`coinche.scale.executors`; by default in this process). Each block
    starts from a copy of the players as given, so the results are the same on every
    executor; they do not depend on *block* either, unless a player keeps state from
    one deal to the next (such as a :class:`~coinche.bots.players.PimcPlayer` given its own
    generator). *progress*, if given, is called with the number of deals of each block
    as it finishes (in this process).

    *start* numbers the new deals from *start* rather than 0: deals *start* to *start +
    deals - 1* of a run seeded *seed*, with the players' generators of those numbers, so
    that a long match can be split by hand into parts whose deals together are the whole
    run's (the same deals and, for a *start* that is a multiple of *block*, the same
    results).

    >>> from coinche import RuleConfig
    >>> from coinche.bots.players import GreedyPlayer, RandomPlayer
    >>> whole = duplicate_match(GreedyPlayer(), RandomPlayer(), 4, RuleConfig.common(), 9)
    >>> part = duplicate_match(
    ...     GreedyPlayer(), RandomPlayer(), 2, RuleConfig.common(), 9, start=2)
    >>> part.deals == whole.deals[2:]
    True

    :raises CoincheTypeError: a player or an argument of the wrong type, or a *start*
        other than 0 with given deals.
    :raises InvalidDealError: a given deal whose auction has begun (or that is over), or
        that is under other rules than *rules*; the message names its place in *deals*.
    """
    first = _team_players(players_ns, "players_ns")
    second = _team_players(players_ew, "players_ew")
    check_type(rules, RuleConfig, "rules")
    seed = check_seed(seed)
    block = check_int_range(block, "block", 1, MAX_DEALS)
    executor = InProcess() if executor is None else check_type(executor, Executor, "executor")
    start = check_int_range(start, "start", 0, MAX_DEALS)
    if progress is not None:
        check_callable(progress, "progress")
    given: tuple[Deal, ...] | None = None
    if start and type(deals) is not int:
        raise CoincheTypeError(
            f"start numbers new deals: give a number of deals with start={start}, not deals"
        )
    if isinstance(deals, int):  # a count (a bool is refused: True is not one deal)
        total = check_int_range(deals, "deals", 0, MAX_DEALS)
    else:
        given = check_sequence(deals, "deals")
        for place, deal in enumerate(given):
            _check_given(deal, place, rules)
        total = len(given)
    tasks = [
        _Block(
            first,
            second,
            rules,
            seed,
            start + offset,
            min(block, total - offset),
            None if given is None else given[offset : offset + block],
        )
        for offset in range(0, total, block)
    ]
    blocks: dict[int, list[DuplicateDeal]] = {}
    for number, played in executor.run(_play_block, tasks):
        blocks[number] = played
        if progress is not None:
            progress(len(played))
    return DuplicateMatch.from_deals(
        [deal for number in range(len(tasks)) for deal in blocks[number]]
    )
