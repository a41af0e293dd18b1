"""Random deals to count instructions of under callgrind: a noise-free check of speed.

Machines here are shared and timings swing by 10% or more; an instruction count does not.
Run the same work twice, with *n* deals and with none, and subtract, so that start-up and
imports cancel out::

    for n in 0 200; do
      PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=cg.$n \\
        python benchmarks/callgrind_deals.py deal_api $n 2>&1 | grep refs
    done

``deal_api``: complete random deals through the checked :class:`coinche.Deal` (common
rules, auction included), as ``bench.py``'s (b); ``engine``: ``PlayState.from_hands`` then
``engine.random_playout``, as (c); ``playouts``: one ``engine.random_playouts`` call of
*n* playouts from the start of one deal, as (e); ``solve``: *n* full-deal double-dummy
solves (:func:`coinche.bots.solver.solve_deal`, FFB rules, one suit each, the hands of
``engine.random_hands``), whose node counts are printed so that two builds can be seen to
search the same tree. ``PYTHONHASHSEED=0`` keeps dict and set work the same from run to
run. Figures are in docs/performance.rst.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence


def deal_api(count: int) -> None:
    from coinche import RuleConfig, Seat
    from coinche.deal import Deal

    rng = random.Random(2026)
    rules = RuleConfig.common()
    for _ in range(count):
        deal = Deal.new(Seat(rng.randrange(4)), rules, rng)
        while not deal.is_over:
            deal = deal.apply(rng.choice(deal.legal_actions()))


def engine(count: int) -> None:
    from coinche import RuleConfig
    from coinche import engine as E

    rules = RuleConfig.common()
    for i in range(count):
        state = E.PlayState.from_hands(
            E.random_hands(i), rules, taker=i & 3, strain=i % 4, value=80, leader=(i + 1) & 3
        )
        E.random_playout(state, i)


def playouts(count: int) -> None:
    from coinche import RuleConfig
    from coinche import engine as E

    state = E.PlayState.from_hands(
        E.random_hands(2026), RuleConfig.common(), taker=1, strain=0, value=80, leader=1
    )
    E.random_playouts(state, count, 0)


def solve(count: int) -> None:
    from coinche import RuleConfig, Seat, Strain
    from coinche import engine as E
    from coinche.bots.solver import solve_deal
    from coinche.cards import hand_from_mask

    rules = RuleConfig.ffb()
    nodes = []
    for i in range(count):
        hands = [hand_from_mask(mask) for mask in E.random_hands(100 + i)]
        nodes.append(solve_deal(hands, Strain(i % 4), Seat((i + 1) % 4), rules).nodes)
    print("nodes", nodes)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("work", choices=["deal_api", "engine", "playouts", "solve"])
    parser.add_argument("count", type=int, help="deals to play (0: start-up only)")
    args = parser.parse_args(argv)
    import coinche  # imported in the empty run too, so that the subtraction removes it

    if args.work == "solve":  # the solver's tables are built at import: not counted
        import coinche.bots.solver
    work = {"deal_api": deal_api, "engine": engine, "playouts": playouts, "solve": solve}
    work[args.work](args.count)
    print("compiled" if coinche.COMPILED else "pure")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
