"""A duplicate match between PimcPlayer and GreedyPlayer: does PIMC play better?

Both teams bid with :class:`~coinche.bots.players.GreedyPlayer` (PimcPlayer's default
bidder), so at both tables of a deal the contract is the same and the difference is the
card play alone. Prints the match (mean score difference per deal for PIMC, with its
95% confidence interval) and the time taken. Too slow for the test suite: a few
seconds a deal in pure Python. Run from the repository root::

    .venv/bin/python benchmarks/pimc_match.py --deals 200 --worlds 10 --max-cards 28
"""

from __future__ import annotations

import argparse
import random
import time

from coinche import RuleConfig
from coinche.bots.players import GreedyPlayer, PimcPlayer
from coinche.scale.arena import duplicate_match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=10)
    parser.add_argument("--max-cards", type=int, default=28)
    parser.add_argument("--rules", default="common")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    start = time.perf_counter()
    pimc = PimcPlayer(worlds=args.worlds, rng=random.Random(args.seed), max_cards=args.max_cards)
    match = duplicate_match(
        pimc, GreedyPlayer(), args.deals, RuleConfig.preset(args.rules), seed=args.seed
    )
    played = sum(1 for d in match.deals if d.tables[0].result is not None)
    print(f"PimcPlayer(worlds={args.worlds}, max_cards={args.max_cards}) vs GreedyPlayer,")
    print(f"{args.rules} rules, seed {args.seed}: {match}")
    print(f"deals played (not thrown in): {played}; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
