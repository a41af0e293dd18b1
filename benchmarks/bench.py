"""Throughput of coinche, pure and compiled, side by side with colver in the same run.

Figures (each the median of ``--repeats`` runs, one core):

(a) ``legal_cards_per_sec``: the public, checked :func:`coinche.legal_cards` over
    distinct mid-trick positions reached by random legal play (mixed presets);
(b) ``deal_api_deals_per_sec``: complete random deals through :class:`coinche.Deal`
    under the common preset, auction included: a random legal action each turn
    (checked ``apply``), then the result;
(c) ``engine_deals_per_sec``: complete random deals through :mod:`coinche.engine`:
    deal the cards, one bid (80 in a random suit by the seat after the dealer, who
    leads) and three passes, 32 random legal cards, the score;
(d) ``engine_legal_per_sec``: ``PlayState.legal_mask()`` queries on positions of
    random deals;
(e) ``engine_playouts_per_sec``: :func:`coinche.engine.random_playouts`, one call
    playing ``10 * --deals`` random playouts from the start of one deal (the batch entry
    point: the loop never returns to Python, as colver's ``Env.rollout``);
(f) ``solve_ms_median`` and ``colver_solve_ms_median``: milliseconds of CPU a full-deal
    double-dummy solve, ``--solve-deals`` random FFB deals (one suit each), our solver and
    colver's in the same run, values checked equal; ``pimc_decision_ms``: a
    :class:`~coinche.bots.players.PimcPlayer` decision on the first card at 20 worlds
    (median of ``--decisions``; ``benchmarks/bench_solver.py`` measures them);
and colver's, measured in the same run as each build's figures, interleaved with them,
on the same work: ``colver_deals_per_sec``
(``Env.deal`` + one bid and three passes + random legal actions to the end, driven
from Python), ``colver_legal_per_sec`` (``Env.legal_actions()`` on positions of random
deals) and ``colver_native_rollouts_per_sec`` (``Env.rollout``: random play-phase
rollouts that never leave Rust).

``python benchmarks/bench.py`` runs itself once per build: in this interpreter for the
pure build (with ``src/`` first on the path) and in ``.venv-compiled`` (built by
``make test``; ``--compiled-python PATH`` names another interpreter) for the compiled
one, and prints a table with the ratios to colver.
``--json FILE`` writes the figures, each ``{"pure": x, "compiled": y}``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent
_COMPILED_PYTHON = _ROOT / ".venv-compiled" / "bin" / "python"

FIGURES = (
    "engine_deals_per_sec",
    "deal_api_deals_per_sec",
    "legal_cards_per_sec",
    "engine_legal_per_sec",
    "engine_playouts_per_sec",
    "colver_deals_per_sec",
    "colver_legal_per_sec",
    "colver_native_rollouts_per_sec",
    "solve_ms_median",
    "colver_solve_ms_median",
    "pimc_decision_ms",
)


# ---------------------------------------------------------------- the work
def bench_legal_cards(seed: int, minimum: int) -> float:
    import attrs

    from coinche import CARDS, PRESETS, Hand, RuleConfig, Seat, Strain, Trick, legal_cards
    from coinche import trick_winner as winner_of

    rng = random.Random(seed)
    presets = [
        attrs.evolve(RuleConfig.preset(name), allow_no_trump=True, allow_all_trump=True)
        if name != "classic_belote"
        else RuleConfig.preset(name)
        for name in PRESETS
    ]
    positions: list[tuple[Hand, Trick, Strain, RuleConfig]] = []
    seen: set[tuple[int, int, int, int, int]] = set()
    while len(positions) < minimum:
        rules = rng.choice(presets)
        strains = [s for s in Strain if s < 4 or rules.allow_no_trump]
        strain = rng.choice(strains)
        deck = list(CARDS)
        rng.shuffle(deck)
        hands = [Hand(deck[8 * i : 8 * i + 8]) for i in range(4)]
        leader = Seat(rng.randrange(4))
        for _ in range(8):
            trick = Trick(leader)
            seat = leader
            for _ in range(4):
                hand = hands[seat]
                key = (hand.mask, trick.mask, int(trick.leader), int(strain), rules.play_flags)
                if trick.cards and key not in seen:
                    seen.add(key)
                    positions.append((hand, trick, strain, rules))
                card = rng.choice(legal_cards(hand, trick, strain, rules).cards)
                hands[seat] = hand.remove(card)
                trick = trick.play(card)
                seat = seat.next
            leader = winner_of(trick, strain)
    start = time.perf_counter()
    for hand, trick, strain, rules in positions:
        legal_cards(hand, trick, strain, rules)
    return len(positions) / (time.perf_counter() - start)


def bench_deal_api(seed: int, count: int) -> float:
    from coinche import RuleConfig, Seat
    from coinche.deal import Deal

    rng = random.Random(seed)
    rules = RuleConfig.common()
    start = time.perf_counter()
    for _ in range(count):
        deal = Deal.new(Seat(rng.randrange(4)), rules, rng)
        while not deal.is_over:
            deal = deal.apply(rng.choice(deal.legal_actions()))
        _ = deal.result
    return count / (time.perf_counter() - start)


def bench_engine_deals(seed: int, count: int) -> float:
    from coinche import RuleConfig, engine

    rules = RuleConfig.common()
    rng = random.Random(seed)
    start = time.perf_counter()
    for n in range(count):
        dealer = n & 3
        first = (dealer + 1) & 3
        state = engine.PlayState.from_hands(
            engine.random_hands(seed + n),
            rules,
            taker=first,
            strain=rng.randrange(4),
            value=80,
            leader=first,
        )
        engine.random_playout(state, n)
    return count / (time.perf_counter() - start)


def bench_engine_legal(seed: int, deals: int) -> float:
    from coinche import RuleConfig, engine

    rules = RuleConfig.common()
    calls = 0
    elapsed = 0.0
    for n in range(deals):
        state = engine.PlayState.from_hands(
            engine.random_hands(seed + n), rules, taker=0, strain=n & 3, value=80, leader=1
        )
        x = n + 1
        while not state.is_over:
            legal = state.legal_mask
            start = time.perf_counter()
            for _ in range(10):
                mask = legal()
            elapsed += time.perf_counter() - start
            calls += 10
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            state.play(engine.random_card(mask, x))
    return calls / elapsed


def bench_engine_playouts(seed: int, count: int) -> float:
    from coinche import RuleConfig, engine

    # the deal of bench_colver_native: clubs (colver's action 1: 80 in clubs) by the
    # seat after the dealer, who leads
    state = engine.PlayState.from_hands(
        engine.random_hands(seed), RuleConfig.common(), taker=1, strain=0, value=80, leader=1
    )
    start = time.perf_counter()
    engine.random_playouts(state, count, seed)
    return count / (time.perf_counter() - start)


def bench_colver_deals(seed: int, count: int) -> float:
    import colver

    rng = random.Random(seed)
    start = time.perf_counter()
    for n in range(count):
        env = colver.Env.deal(dealer=n & 3, seed=seed + n)
        env.step(1 + rng.randrange(4))  # 80 in one of the four suits
        for _ in range(3):
            env.step(0)  # pass
        while not env.is_terminal():
            env.step(rng.choice(env.legal_actions()))
    return count / (time.perf_counter() - start)


def bench_colver_legal(seed: int, deals: int) -> float:
    import colver

    rng = random.Random(seed)
    calls = 0
    elapsed = 0.0
    for n in range(deals):
        env = colver.Env.deal(dealer=0, seed=seed + n)
        env.step(1 + (n & 3))
        for _ in range(3):
            env.step(0)
        while not env.is_terminal():
            legal = env.legal_actions
            start = time.perf_counter()
            for _ in range(10):
                actions = legal()
            elapsed += time.perf_counter() - start
            calls += 10
            env.step(rng.choice(actions))
    return calls / elapsed


def bench_colver_native(seed: int, count: int) -> float:
    import colver

    env = colver.Env.deal(dealer=0, seed=seed)
    env.step(1)
    for _ in range(3):
        env.step(0)
    start = time.perf_counter()
    env.rollout(count)
    return count / (time.perf_counter() - start)


# ---------------------------------------------------------------- one build
def measure(args: argparse.Namespace, with_colver: bool) -> dict[str, float]:
    work: dict[str, Callable[[], float]] = {
        "engine_deals_per_sec": lambda: bench_engine_deals(args.seed, args.deals),
        "deal_api_deals_per_sec": lambda: bench_deal_api(args.seed, max(1, args.deals // 10)),
        "legal_cards_per_sec": lambda: bench_legal_cards(args.seed, args.positions),
        "engine_legal_per_sec": lambda: bench_engine_legal(args.seed, max(1, args.deals // 10)),
        "engine_playouts_per_sec": lambda: bench_engine_playouts(args.seed, args.deals * 10),
    }
    if with_colver:
        work.update(
            {
                "colver_deals_per_sec": lambda: bench_colver_deals(
                    args.seed, max(1, args.deals // 10)
                ),
                "colver_legal_per_sec": lambda: bench_colver_legal(
                    args.seed, max(1, args.deals // 10)
                ),
                "colver_native_rollouts_per_sec": lambda: bench_colver_native(
                    args.seed, args.deals * 10
                ),
            }
        )
    figures: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(args.repeats):  # interleaved, so that load hits every figure alike
        for name, run in work.items():
            figures[name].append(run())
    found = {name: statistics.median(values) for name, values in figures.items()}
    if args.solve_deals:  # the solver's figures: benchmarks/bench_solver.py's measure
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from bench_solver import measure as measure_solver

        solver = measure_solver(args.solve_deals, args.seed, args.decisions)
        for name in ("solve_ms_median", "colver_solve_ms_median", "pimc_decision_ms"):
            if name in solver and (args.decisions or name != "pimc_decision_ms"):
                found[name] = solver[name]
    return found


def _has_colver() -> bool:
    try:
        import colver  # noqa: F401
    except ImportError:
        return False
    return True


def _run_build(
    python: str, args: argparse.Namespace, env: dict[str, str], decisions: int
) -> dict[str, Any]:
    command = [python, __file__, "--worker", "--seed", str(args.seed), "--deals"]
    command += [str(args.deals), "--positions", str(args.positions)]
    command += ["--repeats", str(args.repeats), "--solve-deals", str(args.solve_deals)]
    command += ["--decisions", str(decisions)]
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--deals", type=int, default=20_000, help="engine deals a repeat")
    parser.add_argument("--positions", type=int, default=20_000, help="distinct positions")
    parser.add_argument("--repeats", type=int, default=3, help="repeats; medians are shown")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument(
        "--solve-deals",
        type=int,
        default=30,
        help="full FFB deals solved by both solvers (solve_ms_median; 0: none)",
    )
    parser.add_argument(
        "--decisions",
        type=int,
        default=5,
        help="PIMC decisions at 20 worlds on the first card (pimc_decision_ms; 0: none)",
    )
    parser.add_argument(
        "--pure-decisions",
        type=int,
        default=1,
        help="the same for the pure build (about a minute each; default 1)",
    )
    parser.add_argument(
        "--compiled-python",
        type=Path,
        default=_COMPILED_PYTHON,
        help="the interpreter of the compiled build (default: .venv-compiled's)",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        import coinche

        figures = measure(args, with_colver=_has_colver())
        print(json.dumps({"compiled": coinche.COMPILED, "figures": figures}))
        return 0

    pure_env = {**os.environ, "PYTHONPATH": str(_ROOT / "src")}
    builds = {"pure": _run_build(sys.executable, args, pure_env, args.pure_decisions)}
    if args.compiled_python.exists():
        compiled_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        builds["compiled"] = _run_build(
            str(args.compiled_python), args, compiled_env, args.decisions
        )
    assert not builds["pure"]["compiled"], "the pure run imported a compiled kernel"
    if "compiled" in builds:
        assert builds["compiled"]["compiled"], f"{args.compiled_python} is not the compiled build"

    table: dict[str, dict[str, float | None]] = {}
    for name in FIGURES:
        row: dict[str, float | None] = {}
        for build in ("pure", "compiled"):
            row[build] = builds[build]["figures"].get(name) if build in builds else None
        table[name] = row
    # colver is measured in each build's run, interleaved with ours, so that every
    # ratio compares figures taken under the same load

    print(f"seed {args.seed}, {args.deals:,} engine deals, medians of {args.repeats} repeats")
    print(f"{'figure':34} {'pure':>14} {'compiled':>14}")
    for name, row in table.items():
        cells = [f"{row[b]:>14,.0f}" if row[b] is not None else f"{'-':>14}" for b in row]
        print(f"{name:34} {cells[0]} {cells[1]}")
    ratios = [
        ("(c) engine deals / colver deals", "engine_deals_per_sec", "colver_deals_per_sec"),
        ("(b) Deal API deals / colver deals", "deal_api_deals_per_sec", "colver_deals_per_sec"),
        ("engine legal / colver legal_actions", "engine_legal_per_sec", "colver_legal_per_sec"),
        ("colver solve time / ours", "colver_solve_ms_median", "solve_ms_median"),
        (
            "engine deals / colver native rollout",
            "engine_deals_per_sec",
            "colver_native_rollouts_per_sec",
        ),
        (
            "(e) engine playouts / colver rollout",
            "engine_playouts_per_sec",
            "colver_native_rollouts_per_sec",
        ),
    ]
    print()
    for label, ours, theirs in ratios:
        cells = []
        for build in ("pure", "compiled"):
            a, b = table[ours][build], table[theirs][build]
            cells.append(f"{a / b:>13.2f}x" if a and b else f"{'-':>14}")
        print(f"{label:34} {cells[0]} {cells[1]}")
    if args.json:
        args.json.write_text(json.dumps(table, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
