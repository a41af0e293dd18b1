"""Matches between players in which the luck of the cards cancels out.

:func:`duplicate_match` plays each deal twice with the same cards at the same seats,
the two teams swapping seats between the two tables, as duplicate bridge does: what one
team was dealt at one table, the other team is dealt at the other. The difference of
the two teams' scores, summed over both tables, measures the players, not the cards.

>>> from coinche import RuleConfig
>>> from coinche.arena import duplicate_match
>>> from coinche.players import GreedyPlayer, RandomPlayer
>>> match = duplicate_match(GreedyPlayer(), RandomPlayer(), 4, RuleConfig.common(), seed=1)
>>> len(match.deals), match.deals[0].tables[0].dealer == match.deals[0].tables[1].dealer
(4, True)
>>> match.deals[0].tables[0].hands == match.deals[0].tables[1].hands   # the same cards
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

import attrs

from coinche.config import RuleConfig
from coinche.deal import Deal
from coinche.errors import CoincheTypeError
from coinche.players import Player, play_deal
from coinche.seats import Seat

__all__ = ["DuplicateDeal", "DuplicateMatch", "duplicate_match"]

_Z95: Final = 1.959963984540054  # the 97.5th percentile of the standard normal law


@attrs.frozen
class DuplicateDeal:
    """One deal played at both tables."""

    tables: tuple[Deal, Deal]
    """The finished deal at table one (the first team North-South) and table two (the
    first team East-West)."""
    difference: int
    """The first team's deal score minus the second team's, summed over both tables
    (0 for a deal thrown in at both)."""


@attrs.frozen
class DuplicateMatch:
    """The result of :func:`duplicate_match`."""

    deals: tuple[DuplicateDeal, ...]
    """Each deal, in order."""
    mean: float
    """The mean of :attr:`DuplicateDeal.difference` over the deals: positive when the
    first team did better."""
    stderr: float
    """The standard error of :attr:`mean` (sample standard deviation over sqrt(n); 0 for
    fewer than two deals)."""

    @property
    def confidence_interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean difference per deal, mean plus or
        minus 1.96 standard errors (the normal approximation: meant for 30 deals or
        more)."""
        return self.mean - _Z95 * self.stderr, self.mean + _Z95 * self.stderr

    def __str__(self) -> str:
        low, high = self.confidence_interval
        return (
            f"{len(self.deals)} deals: first team {self.mean:+.1f} a deal "
            f"(95% CI {low:+.1f} to {high:+.1f})"
        )


def _team_players(players: object, name: str) -> tuple[Player, Player]:
    if isinstance(players, tuple):
        if len(players) != 2:
            raise CoincheTypeError(f"{name} is one Player or a pair of them")
        return players[0], players[1]
    if not callable(getattr(players, "choose", None)):
        raise CoincheTypeError(f"{name} is one Player or a pair of them, not {players!r}")
    return players, players  # type: ignore[return-value]


def duplicate_match(
    players_ns: Player | tuple[Player, Player],
    players_ew: Player | tuple[Player, Player],
    deals: int | Sequence[Deal],
    rules: RuleConfig,
    seed: int,
) -> DuplicateMatch:
    """Play each deal at two tables, the teams swapping seats; compare their scores.

    *players_ns* is the first team (one player for both seats, or a pair: the first
    plays North at table one and East at table two, the second South and West),
    *players_ew* the second. *deals* is a number of new deals (shuffled from *seed*,
    the dealer going round) or the deals themselves, before their auction. At table one
    the first team sits North-South; at table two the same deal is played again with
    the first team East-West. Each table draws its players' randomness from a
    generator seeded from *seed* and the deal's number, the same at both tables.

    :raises CoincheTypeError: a player or an argument of the wrong type.
    """
    first = _team_players(players_ns, "players_ns")
    second = _team_players(players_ew, "players_ew")
    if not isinstance(rules, RuleConfig):
        raise CoincheTypeError(f"rules must be a RuleConfig, not {type(rules).__name__}")
    if type(seed) is not int:
        raise CoincheTypeError(f"seed must be an int, not {seed!r}")
    listed: list[Deal]
    if isinstance(deals, int):
        shuffle = random.Random(seed)
        listed = [Deal.new(Seat(i % 4), rules, shuffle) for i in range(deals)]
    else:
        listed = list(deals)
        for deal in listed:
            if not isinstance(deal, Deal):
                raise CoincheTypeError(f"deals holds Deal objects, not {type(deal).__name__}")
    tables_one = {Seat.NORTH: first[0], Seat.SOUTH: first[1]}
    tables_one.update({Seat.EAST: second[0], Seat.WEST: second[1]})
    tables_two = {Seat.EAST: first[0], Seat.WEST: first[1]}
    tables_two.update({Seat.NORTH: second[0], Seat.SOUTH: second[1]})
    results: list[DuplicateDeal] = []
    for number, deal in enumerate(listed):
        one = play_deal(deal, tables_one, random.Random(seed * 1_000_003 + number))
        two = play_deal(deal, tables_two, random.Random(seed * 1_000_003 + number))
        diff = 0
        if one.result is not None:
            score = one.result.score
            diff += score.north_south - score.east_west
        if two.result is not None:
            score = two.result.score
            diff += score.east_west - score.north_south
        results.append(DuplicateDeal((one, two), diff))
    n = len(results)
    mean = sum(r.difference for r in results) / n if n else 0.0
    stderr = 0.0
    if n > 1:
        var = sum((r.difference - mean) ** 2 for r in results) / (n - 1)
        stderr = math.sqrt(var / n)
    return DuplicateMatch(tuple(results), mean, stderr)
