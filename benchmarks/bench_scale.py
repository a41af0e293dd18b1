"""Scaling: deals per second of a duplicate match and of dataset generation, on one
worker and on two, and the parallel efficiency.

Each figure is the median of ``--repeats`` runs of the same work (the same seed, so
the same deals) on:

- ``in process``: one worker, no parallel machinery at all (the baseline);
- ``pool 1`` and ``pool 2``: :class:`~coinche.scale.executors.LocalPool` with one and two
  worker processes (process start-up included, as a user pays it);
- ``ray 2``: :class:`~coinche.scale.executors.RayCluster` on a local Ray with two CPUs (with
  ``--ray``; Ray's start-up is not included), or on the cluster at ``--ray ADDRESS``.

Efficiency is the two-worker rate over twice the in-process rate: 100% would be a
perfect doubling. Before each workload the script measures the machine's own ceiling:
a plain Python loop run once, then twice at the same time on two processes (no
coinche, no data moved); on a machine whose two CPUs are hyperthreads of one core, or
shared with other work, that ceiling is well under 100% and no executor can beat it.

The match is PIMC (the command's ``pimc``: 10 worlds, the last 16 cards searched)
against GreedyPlayer; the dataset is double-dummy tables of endings of ``--tricks``
tricks (8: whole deals, 16 full solves each: use the compiled build).
Run from the repository root::

    .venv/bin/python benchmarks/bench_scale.py --ray
    .venv-compiled/bin/python benchmarks/bench_scale.py --tricks 8 --dataset-deals 32
"""

from __future__ import annotations

import argparse
import concurrent.futures
import statistics
import tempfile
import time
from collections.abc import Callable

from coinche import COMPILED, RuleConfig
from coinche.bots.players import GreedyPlayer, PimcPlayer
from coinche.scale.arena import duplicate_match
from coinche.scale.datasets import generate
from coinche.scale.executors import Executor, InProcess, LocalPool, RayCluster


def _burn(n: int) -> float:
    start = time.perf_counter()
    total = 0
    for i in range(n):
        total += i * i
    return time.perf_counter() - start


def ceiling(repeats: int) -> float:
    """The two-process efficiency of a plain CPU-bound loop: the rate of two copies
    run at once over twice the rate of one (median of *repeats*)."""
    n = 10_000_000
    ratios = []
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        list(pool.map(_burn, [1000, 1000]))  # start both workers first
        for _ in range(repeats):
            one = _burn(n)
            start = time.perf_counter()
            list(pool.map(_burn, [n, n]))
            ratios.append(one / (time.perf_counter() - start))
    return statistics.median(ratios)


def median_rate(work: Callable[[], int], repeats: int) -> float:
    """The median over *repeats* runs of deals per second (work returns its deals)."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        deals = work()
        rates.append(deals / (time.perf_counter() - start))
    return statistics.median(rates)


def match_work(executor: Executor, deals: int) -> Callable[[], int]:
    pimc = PimcPlayer(worlds=10, max_cards=16)
    rules = RuleConfig.common()

    def work() -> int:
        match = duplicate_match(pimc, GreedyPlayer(), deals, rules, 1, executor=executor, block=4)
        return len(match.deals)

    return work


def dataset_work(executor: Executor, deals: int, tricks: int) -> Callable[[], int]:
    def work() -> int:
        with tempfile.TemporaryDirectory() as out:
            run = generate(
                "table", deals, RuleConfig.common(), 1, executor, out=out, tricks=tricks,
                shard_size=max(1, deals // 8),
            )  # fmt: skip
        return run.new_deals

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--match-deals", type=int, default=48)
    parser.add_argument("--dataset-deals", type=int, default=48)
    parser.add_argument("--tricks", type=int, default=6)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS")
    args = parser.parse_args()
    executors: list[tuple[str, Executor]] = [
        ("in process", InProcess()),
        ("pool 1", LocalPool(1)),
        ("pool 2", LocalPool(2)),
    ]
    cluster = None
    if args.ray is not None:
        cluster = RayCluster(args.ray or None, num_cpus=None if args.ray else 2)
        executors.append((f"ray {cluster.workers}", cluster))
    print(f"{'compiled' if COMPILED else 'pure Python'} build, median of {args.repeats} runs")
    workloads: list[tuple[str, Callable[[Executor], Callable[[], int]]]] = [
        (
            f"match, pimc vs greedy, {args.match_deals} deals",
            lambda executor: match_work(executor, args.match_deals),
        ),
        (
            f"dataset, {args.tricks}-trick tables, {args.dataset_deals} deals",
            lambda executor: dataset_work(executor, args.dataset_deals, args.tricks),
        ),
    ]
    try:
        for title, make in workloads:
            print(f"\n{title}")
            print(f"  machine ceiling now (a plain loop on 2 processes): {ceiling(3):.0%}")
            print(f"  {'executor':<12}{'deals/s':>10}{'efficiency':>12}")
            base = 0.0
            for name, executor in executors:
                rate = median_rate(make(executor), args.repeats)
                if name == "in process":
                    base = rate
                workers = int(name.split()[-1]) if name != "in process" else 1
                efficiency = f"{rate / (workers * base):.0%}" if base else ""
                print(f"  {name:<12}{rate:>10.2f}{efficiency:>12}")
    finally:
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    main()
