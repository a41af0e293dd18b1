"""How strong the built-in players are: duplicate matches with think times.

Each row is a duplicate match (:func:`coinche.scale.arena.duplicate_match`: every deal
played twice, the teams swapping seats) between two players given as ``coinche match``
reads them (``pimc:worlds=20,max_cards=24``, ``evaluating:samples=4,play=pimc``,
``greedy``, a bidder with another player's cards as ``score+pimc:worlds=20``), on the
same deals for every row (one seed), or as one of colver's agents,
``colver:BIDDER+PLAY`` (``colver:v2+isdd:20``: its rule-based bidder v2 and its
information-set double-dummy player over 20 worlds a card; the bidders v1, v3,
heuristic, smart and maxi, the players ``isdd:N``, ``ismcts:MS``, ``heuristic`` and
``rule``, see :func:`coinche.testing.colver.agent_spec`), played through
:class:`coinche.testing.colver.ColverPlayer`, which compares the legal actions of both
engines at every turn and stops the row on a difference. Two kinds of rows:

- ``--play A B``: the card play alone. colver's rules (FFB, announcements off, bids
  to 160: :data:`coinche.testing.colver.RULES`); every call is
  fixed: the seat after the dealer takes 80 in a suit read from its own hand (the mask
  of its cards modulo 4, the same at both tables, so every suit comes up alike) and the
  others pass. Both teams play the same contracts: the difference is the card play.
- ``--deal A B``: whole deals, the auction included, under FFB rules (colver's rules,
  :data:`~coinche.testing.colver.RULES`, when a side is colver's or with
  ``--colver-rules``); a second line gives the share of the tables at which each side
  took the contract, the share of those it made, how many of them the other side
  coinched and how many of those it made all the same, a third each side's mean think
  time per call and per card.

Printed per row: the first player's mean deal-score difference per deal, its 95%
interval, and each side's mean think time per decision (milliseconds, in process; with
``--cpu`` the process's CPU time, which a loaded machine does not inflate). Run
it with the compiled build for the issue's figures::

    .venv-compiled/bin/python benchmarks/bench_strength.py --deals 1000 \\
        --play pimc:worlds=20,max_cards=24 greedy --json strength.json

Without rows it runs the default rows: the PIMC player of today's defaults against the
one of before issue 25 (card points, from the third trick, no budget, nothing kept),
each of them against GreedyPlayer, and the evaluating bidder against GreedyPlayer.
``--json FILE`` writes every row's figures; every 100 deals a row prints its figures so
far and writes them there too (``"complete": false``), so that a long run stopped early
still leaves its first deals measured.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple, TypeVar

from typing_extensions import override

import coinche
from coinche import RuleConfig
from coinche.auction import PASS, Bid
from coinche.bots.players import Player
from coinche.cards import Strain
from coinche.cli._scale import PlayerSpec, _player_spec
from coinche.deal import Action, Phase, PlayerView
from coinche.errors import NotationError
from coinche.scale.arena import DuplicateDeal, DuplicateMatch, duplicate_match, match_deals
from coinche.scale.executors import InProcess
from coinche.testing.colver import RULES, ColverPlayer, DealBook, agent_spec

_CLOCK: dict[str, list[float]] = {}  # think times by label: the match runs in process
_TIMER = [time.perf_counter]  # --cpu: time.process_time, this process's CPU time
T = TypeVar("T")
R = TypeVar("R")


class Timed:
    """A player that records how long *inner* takes over each decision."""

    def __init__(self, inner: Player, label: str) -> None:
        self.inner = inner
        self.label = label

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        timer = _TIMER[0]
        start = timer()
        action = self.inner.choose(view, legal, rng)
        spent = timer() - start
        _CLOCK.setdefault(self.label, []).append(spent)
        phase = "call" if view.phase is Phase.AUCTION else "card"
        _CLOCK.setdefault(f"{self.label}_{phase}", []).append(spent)
        return action


class FixedAuction:
    """The fixed auction of a ``--play`` row, then *inner*'s cards."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase is not Phase.AUCTION:
            return self.inner.choose(view, legal, rng)
        if view.seat is view.dealer.next and not view.calls:
            return Bid(80, Strain(view.hand.mask % 4))
        return PASS


class Reporting(InProcess):
    """The in-process executor that, every *every* deals, prints the row's figures so far
    and hands them to *save* (so that a long row stopped early still leaves its first
    deals measured). The blocks run in order, as :class:`InProcess` runs them."""

    def __init__(self, every: int, save: Callable[[DuplicateMatch], None]) -> None:
        self.every = every
        self.save = save

    @override
    def run(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        deals: list[DuplicateDeal] = []
        for number, played in super().run(function, tasks):
            before = len(deals) // self.every
            deals.extend(played)  # type: ignore[arg-type]
            if len(deals) // self.every > before:
                self.save(DuplicateMatch.from_deals(deals))
            yield number, played


class ColverSpec(NamedTuple):
    """A side of a row played by one of colver's agents (``colver:v2+isdd:20``)."""

    name: str

    @override
    def __str__(self) -> str:
        return f"colver:{self.name}"


Spec = PlayerSpec | ColverSpec


def _spec(text: str) -> Spec:
    """A side of a row: ``colver:BIDDER+PLAY``, or a player as ``coinche match`` reads it."""
    if text.startswith("colver:"):
        name = text.removeprefix("colver:")
        try:
            agent_spec(name)
        except NotationError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        return ColverSpec(name)
    return _player_spec(text)


def _build(spec: Spec, book: Callable[[], DealBook]) -> Player:
    return ColverPlayer(spec.name, book()) if isinstance(spec, ColverSpec) else spec.build()


def _row(
    kind: str,
    a: Spec,
    b: Spec,
    deals: int,
    seed: int,
    save: Callable[[dict[str, object]], None] = lambda row: None,
    every: int = 100,
    start: int = 0,
    colver_rules: bool = False,
) -> dict[str, object]:
    against_colver = isinstance(a, ColverSpec) or isinstance(b, ColverSpec)
    rules = RULES if kind == "play" or against_colver or colver_rules else RuleConfig.ffb()
    books: list[DealBook] = []

    def book() -> DealBook:  # the match's deals, made once for both sides
        if not books:
            books.append(DealBook(match_deals(deals, rules, seed, start)))
        return books[0]

    first: Player = Timed(_build(a, book), "a")
    second: Player = Timed(_build(b, book), "b")
    if kind == "play":
        first, second = FixedAuction(first), FixedAuction(second)
    _CLOCK.clear()
    began = time.perf_counter()

    def partial(so_far: DuplicateMatch) -> None:
        (low, high), n = so_far.confidence_interval, len(so_far.deals)
        print(f"    ... {n} deals: {so_far.mean:+.1f} ({low:+.1f} to {high:+.1f})")
        sys.stdout.flush()
        counts = _contracts(so_far) if kind == "deal" else {}
        save({"kind": kind, "first": str(a), "second": str(b), "deals": n, "start": start,
              "complete": False, "mean": so_far.mean, "low": low, "high": high, **counts,
              "differences": [deal.difference for deal in so_far.deals],
              "table_records": _tables(so_far)})  # fmt: skip

    executor = Reporting(every, partial)
    match = duplicate_match(first, second, deals, rules, seed, executor=executor, start=start)
    elapsed = time.perf_counter() - began
    low, high = match.confidence_interval
    think = {k: 1000 * sum(v) / len(v) if v else 0.0 for k, v in _CLOCK.items()}
    counts = _contracts(match) if kind == "deal" else {}
    return {
        "kind": kind,
        "rules": "colver" if rules is RULES else "ffb",
        "first": str(a),
        "second": str(b),
        "deals": deals,
        "start": start,
        "complete": True,
        "mean": match.mean,
        "low": low,
        "high": high,
        "first_ms_per_decision": think.get("a", 0.0),
        "second_ms_per_decision": think.get("b", 0.0),
        "first_ms_per_call": think.get("a_call", 0.0),
        "second_ms_per_call": think.get("b_call", 0.0),
        "first_ms_per_card": think.get("a_card", 0.0),
        "second_ms_per_card": think.get("b_card", 0.0),
        "seconds": elapsed,
        **counts,
        "differences": [deal.difference for deal in match.deals],
        "table_records": _tables(match),
    }


def _tables(match: DuplicateMatch) -> list[list[object]]:
    """Each table of each deal, for a later study of the contracts: the dealer, the
    hands (masks by seat), the first team's seats (0 North-South), then for a deal
    played the taker, strain, bid points and multiplier of the contract, whether it
    was made, each team's card points and deal score (North-South first)."""
    out: list[list[object]] = []
    for deal in match.deals:
        for table, finished in enumerate(deal.tables):
            row: list[object] = [int(finished.dealer), [h.mask for h in finished.hands], table]
            result = finished.result
            if result is not None:
                c = result.contract
                points, score = result.card_points, result.score
                row += [int(c.taker), int(c.strain), c.points, c.multiplier, result.made,
                        points.north_south, points.east_west, score.north_south,
                        score.east_west]  # fmt: skip
            out.append(row)
    return out


_OLD_PIMC = "pimc:worlds=20,max_cards=24,objective=points,nodes=0,keep=0"  # before issue 25


def _contracts(match: DuplicateMatch) -> dict[str, int]:
    """How many contracts each side took, made and had coinched, over both tables."""
    out: dict[str, int] = {
        f"{side}_{what}": 0 for side in ("first", "second") for what in _COUNTED
    }
    for deal in match.deals:
        for table, finished in enumerate(deal.tables):  # the first team NS at table one
            result = finished.result
            if result is None:
                continue
            contract = result.contract
            side = "first" if int(contract.taker) & 1 == table else "second"
            out[f"{side}_taken"] += 1
            out[f"{side}_made"] += int(result.made)
            out[f"{side}_coinched"] += int(contract.multiplier > 1)
            out[f"{side}_coinched_made"] += int(contract.multiplier > 1 and result.made)
    out["tables"] = 2 * len(match.deals)
    return out


_COUNTED = ("taken", "made", "coinched", "coinched_made")


def _contract_line(row: dict[str, object]) -> str:
    """The share of contracts taken and made by each side, for a deal row."""
    tables = int(str(row["tables"])) or 1
    parts = []
    for side in ("first", "second"):
        taken, made = int(str(row[f"{side}_taken"])), int(str(row[f"{side}_made"]))
        coinched = int(str(row[f"{side}_coinched"]))
        coinched_made = int(str(row.get(f"{side}_coinched_made", 0)))
        rate = f"{100 * made / taken:.0f}%" if taken else "-"
        parts.append(
            f"{side} took {100 * taken / tables:.0f}% of the tables, made {rate} of those, "
            f"{coinched} coinched ({coinched_made} made)"
        )
    times = (
        f"    ms a call {row['first_ms_per_call']:.1f} and {row['second_ms_per_call']:.1f}, "
        f"ms a card {row['first_ms_per_card']:.1f} and {row['second_ms_per_card']:.1f}"
    )
    return "    contracts: " + "; ".join(parts) + "\n" + times


_DEFAULT_ROWS = (
    ("play", "pimc:worlds=20,max_cards=32", _OLD_PIMC),
    ("play", "pimc:worlds=20,max_cards=32", "greedy"),
    ("play", _OLD_PIMC, "greedy"),
    ("deal", "evaluating:samples=4,play=pimc", "greedy"),
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals a row")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--start",
        type=int,
        default=0,
        help="play the run's deals from this number on (a long row split in parts; a "
        "multiple of 20 gives the whole run's results)",
    )
    parser.add_argument("--play", nargs=2, action="append", metavar=("A", "B"), default=[])
    parser.add_argument("--deal", nargs=2, action="append", metavar=("A", "B"), default=[])
    parser.add_argument("--json", type=Path, help="write the rows to this file")
    parser.add_argument(
        "--colver-rules",
        action="store_true",
        help="deal rows under colver's rules (FFB, announcements off, bids to 160) between "
        "the library's players too (rows against colver always are)",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="think times in this process's CPU time, not the wall clock (a shared machine)",
    )
    args = parser.parse_args(argv)
    _TIMER[0] = time.process_time if args.cpu else time.perf_counter
    rows = [("play", a, b) for a, b in args.play] + [("deal", a, b) for a, b in args.deal]
    if not rows:
        rows = list(_DEFAULT_ROWS)
    try:
        specs = [(kind, _spec(a), _spec(b)) for kind, a, b in rows]
    except argparse.ArgumentTypeError as error:
        parser.error(str(error))
    build = "compiled" if coinche.COMPILED else "pure"
    first = f" from deal {args.start}" if args.start else ""
    print(f"{build} build, seed {args.seed}, {args.deals} duplicate deals a row{first}")
    print(f"{'row':52} {'mean':>7} {'95% interval':>17} {'ms/dec A':>9} {'ms/dec B':>9}")
    found: list[dict[str, object]] = []

    def save(row: dict[str, object]) -> None:  # the rows so far, the last one perhaps partial
        if args.json:
            text = json.dumps({"build": build, "rows": [*found, row]}, indent=2)
            args.json.write_text(text + "\n")

    for kind, a, b in specs:
        row = _row(
            kind, a, b, args.deals, args.seed, save, start=args.start,
            colver_rules=args.colver_rules,
        )  # fmt: skip
        found.append(row)
        label = f"{kind} ({row['rules']} rules): {a} vs {b}"
        print(
            f"{label:52} {row['mean']:+7.1f} {row['low']:+8.1f} to {row['high']:+6.1f} "
            f"{row['first_ms_per_decision']:9.1f} {row['second_ms_per_decision']:9.1f}"
        )
        if kind == "deal":
            print(_contract_line(row))
        sys.stdout.flush()
    if args.json:
        args.json.write_text(json.dumps({"build": build, "rows": found}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
