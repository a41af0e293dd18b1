"""Speed of the double-dummy solver against colver's, on the same full deals, and of a
PIMC decision at trick one.

For each of ``--deals`` random deals (fixed seed), one strain (the four suits in turn)
and the seat after a random dealer leading, under ``RuleConfig.ffb()`` (colver's rules
of play), it solves the deal with :func:`coinche.bots.solver.solve_deal` and with colver's
``Env.solve_all_suits`` (which solves the four suits at once: a quarter of its time is
counted as one solve), checks that both give the same card points, and prints the median
time per full-deal solve of each, their ratio, and the nodes our solver searched
(median and total). It then times :meth:`coinche.bots.players.PimcPlayer.choose` at 20
worlds on the first card of trick one (``max_cards=32``), the median over several deals,
and positions with four tricks left (what a bot pays per decision late in a deal).
Whether ``coinche.bots.solver`` runs compiled (mypyc) or interpreted is printed first.

Times are CPU time of this process (``time.process_time``, so that a busy machine
skews them less than wall-clock time). Run it with
``python benchmarks/bench_solver.py [--deals N] [--seed S] [--decisions D] [--json FILE]``;
``--json`` writes ``solve_ms_median``, ``colver_solve_ms_median``, ``pimc_decision_ms``,
``nodes_median`` and ``compiled``. :func:`measure` gives the same figures to a caller
(``benchmarks/bench.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from coinche import CARDS, Deal, Hand, Rank, RuleConfig, Seat, Strain, Suit
from coinche.auction import PASS, Bid
from coinche.bots import solver as S
from coinche.bots.players import PimcPlayer

# colver's card numbering: blocks spades, hearts, diamonds, clubs; in each block the
# ranks 7 8 9 J Q K 10 A (see tests/test_differential.py, which checks this mapping)
_RANKS = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_TO_CARD = tuple(CARDS[8 * _SUITS[i // 8] + _RANKS[i % 8]] for i in range(32))


def compiled() -> bool:
    """Whether the solver this interpreter imports is the mypyc-compiled one."""
    return not S.__file__.endswith(".py")


def full_deals(deals: int, seed: int) -> dict[str, Any]:
    """Solve *deals* random full deals with both solvers (values checked equal): the
    times per solve in ms and the nodes of each of our solves."""
    env_class: Any = None
    try:
        import colver

        env_class = colver.Env
    except ImportError:  # pragma: no cover - the test group installs it
        pass
    rules = RuleConfig.ffb()
    rng = random.Random(seed)
    ours: list[float] = []
    theirs: list[float] = []
    nodes: list[int] = []
    for number in range(deals):
        deck = list(range(32))
        rng.shuffle(deck)
        colver_hands = [sorted(deck[8 * i : 8 * i + 8]) for i in range(4)]
        dealer = rng.randrange(4)
        trump = number % 4
        strain = Strain.from_suit(_SUITS[trump])
        hands = [Hand(_TO_CARD[i] for i in hand) for hand in colver_hands]
        start = time.process_time()
        solution = S.solve_deal(hands, strain, Seat((dealer + 1) % 4), rules)
        ours.append((time.process_time() - start) * 1000)
        nodes.append(solution.nodes)
        if env_class is not None:
            env = env_class.deal_with_hands(dealer, colver_hands)
            start = time.process_time()
            suits = env.solve_all_suits()["suits"]
            theirs.append((time.process_time() - start) * 1000 / 4)
            points = solution.card_points
            assert [points.north_south, points.east_west] == suits[trump], number
    return {"ours": ours, "theirs": theirs, "nodes": nodes}


def first_trick_deals(count: int, seed: int) -> list[Deal]:
    """*count* random deals at their first card, each with a contract of 80 in a random
    suit taken by the first seat to speak (common rules)."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        deal = Deal.new(Seat(rng.randrange(4)), RuleConfig.common(), rng)
        deal = deal.apply(Bid(80, Strain(rng.randrange(4))))
        for _ in range(3):
            deal = deal.apply(PASS)
        deals.append(deal)
    return deals


def pimc_decisions(count: int, seed: int) -> list[float]:
    """The time in ms of a PIMC decision (20 worlds, searched from the first card) on
    the first card of *count* random deals."""
    times = []
    for number, deal in enumerate(first_trick_deals(count, seed)):
        player = PimcPlayer(worlds=20, rng=random.Random(number), max_cards=32)
        seat = deal.to_move
        assert seat is not None
        view, legal = deal.view(seat), deal.legal_actions()
        start = time.process_time()
        player.choose(view, legal, random.Random(0))
        times.append((time.process_time() - start) * 1000)
    return times


def measure(deals: int = 30, seed: int = 2026, decisions: int = 5) -> dict[str, float]:
    """The figures of ``--json``: ``solve_ms_median`` and ``colver_solve_ms_median`` (ms
    per full-deal solve, *deals* deals, both solvers in the same run), ``nodes_median``,
    ``pimc_decision_ms`` (median of *decisions* first-card PIMC decisions at 20 worlds)
    and ``compiled`` (1.0 or 0.0)."""
    full = full_deals(deals, seed)
    figures = {
        "solve_ms_median": statistics.median(full["ours"]),
        "nodes_median": float(statistics.median(full["nodes"])),
        "pimc_decision_ms": statistics.median(pimc_decisions(decisions, seed)),
        "compiled": float(compiled()),
    }
    if full["theirs"]:
        figures["colver_solve_ms_median"] = statistics.median(full["theirs"])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--decisions", type=int, default=5)
    parser.add_argument("--json")
    args = parser.parse_args()
    kind = "compiled" if compiled() else "pure Python"
    print(f"coinche.bots.solver: {kind} ({S.__file__})")
    full = full_deals(args.deals, args.seed)
    ours, theirs, nodes = full["ours"], full["theirs"], full["nodes"]
    print(f"full deals: {args.deals}, one strain and one leader each, ffb rules")
    print(f"  coinche.bots.solver median {statistics.median(ours):9.1f} ms per solve")
    if theirs:
        ratio = statistics.median(ours) / statistics.median(theirs)
        print(f"  colver         median {statistics.median(theirs):9.1f} ms per solve")
        print(f"  ratio (medians): {ratio:.2f}x colver's time; same values on every deal")
    print(
        f"  nodes: median {statistics.median(nodes):,.0f}, total {sum(nodes):,}, "
        f"{sum(ours) / sum(nodes) * 1e3:.3f} µs per node"
    )
    pimc = pimc_decisions(args.decisions, args.seed) or [float("nan")]
    print(
        f"PIMC at 20 worlds, first card of the deal ({args.decisions} deals): median "
        f"{statistics.median(pimc):.0f} ms, max {max(pimc):.0f} ms"
    )
    if args.json:
        figures: dict[str, Any] = {
            "solve_ms_median": statistics.median(ours),
            "nodes_median": statistics.median(nodes),
            "pimc_decision_ms": statistics.median(pimc),
            "compiled": compiled(),
        }
        if theirs:
            figures["colver_solve_ms_median"] = statistics.median(theirs)
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)


if __name__ == "__main__":
    main()
