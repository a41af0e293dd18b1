"""Speed of the double-dummy solver against colver's, on the same full deals.

For each of ``--deals`` random deals (fixed seed), one strain (the four suits in turn)
and the seat after a random dealer leading, under ``RuleConfig.ffb()`` (colver's rules
of play), it solves the deal with :func:`coinche.bots.solver.solve_deal` and with colver's
``Env.solve_all_suits`` (which solves the four suits at once: a quarter of its time is
counted as one solve), checks that both give the same card points, and prints the median
time per full-deal solve of each, their ratio, and the nodes our solver searched
(median and total). It also times positions with four tricks left (what a bot pays per
decision) with our solver alone. Whether ``coinche.bots.solver`` runs compiled (mypyc) or
interpreted is printed first.

Run it with ``python benchmarks/bench_solver.py [--deals N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from coinche import CARDS, Hand, Rank, RuleConfig, Seat, Strain, Suit
from coinche.bots import _search
from coinche.bots import solver as S

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    env_class: Any = None
    try:
        import colver

        env_class = colver.Env
    except ImportError:  # pragma: no cover - the test group installs it
        pass
    compiled = not _search.__file__.endswith(".py")
    kind = "compiled" if compiled else "pure Python"
    print(f"coinche.bots._search: {kind} ({_search.__file__})")
    rules = RuleConfig.ffb()
    rng = random.Random(args.seed)
    ours: list[float] = []
    theirs: list[float] = []
    nodes: list[int] = []
    for number in range(args.deals):
        deck = list(range(32))
        rng.shuffle(deck)
        colver_hands = [sorted(deck[8 * i : 8 * i + 8]) for i in range(4)]
        dealer = rng.randrange(4)
        trump = number % 4
        strain = Strain.from_suit(_SUITS[trump])
        hands = [Hand(_TO_CARD[i] for i in hand) for hand in colver_hands]
        start = time.perf_counter()
        solution = S.solve_deal(hands, strain, Seat((dealer + 1) % 4), rules)
        ours.append(time.perf_counter() - start)
        nodes.append(solution.nodes)
        if env_class is not None:
            env = env_class.deal_with_hands(dealer, colver_hands)
            start = time.perf_counter()
            suits = env.solve_all_suits()["suits"]
            theirs.append((time.perf_counter() - start) / 4)
            points = solution.card_points
            assert [points.north_south, points.east_west] == suits[trump], number
    print(f"full deals: {args.deals}, one strain and one leader each, ffb rules")
    print(f"  coinche.bots.solver median {statistics.median(ours) * 1000:9.1f} ms per solve")
    if theirs:
        ratio = statistics.median(ours) / statistics.median(theirs)
        print(f"  colver         median {statistics.median(theirs) * 1000:9.1f} ms per solve")
        print(f"  ratio (medians): {ratio:.1f}x colver's time; same values on every deal")
    print(
        f"  nodes: median {statistics.median(nodes):,.0f}, total {sum(nodes):,}, "
        f"{sum(ours) / sum(nodes) * 1e6:.2f} µs per node"
    )
    # positions with four tricks left: what a bot pays per decision
    short: list[float] = []
    for _ in range(200):
        deck = list(range(32))
        rng.shuffle(deck)
        # four cards each of 16 random cards: a position with four tricks left, after
        # tricks won by both teams (so no capot)
        cut = [sum(1 << c for c in deck[4 * i : 4 * i + 4]) for i in range(4)]
        pos = _search.open_position(
            (cut[0], cut[1], cut[2], cut[3]),
            rng.randrange(6),
            rules.play_flags,
            rules.score_options,
            rng.randrange(4),
            (),
            (1, 1, 1, 1),
        )
        start = time.perf_counter()
        _search._solve_position(pos, 0)
        short.append(time.perf_counter() - start)
    print(
        f"positions with four tricks left (200): median "
        f"{statistics.median(short) * 1000:.2f} ms, max {max(short) * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
