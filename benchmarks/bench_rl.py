"""Throughput of the reinforcement-learning adapters (coinche.rl), on one core.

Each figure is the median of several repeats over the same seeded deals, in steps (one
action of one seat) per second, random legal actions throughout:

* ``Deal.apply_unchecked``: the library alone, the reference (a random legal action
  from ``legal_actions()`` each step);
* the same with the action integer and the mask of :mod:`coinche.actions` each step;
* ``observation()`` of the seat to move, per call;
* the PettingZoo AEC environment: ``last()`` (observation and mask) and ``step()``;
* the same with ``last(observe=False)`` (no observation built), the mask taken from
  ``legal_action_ints``;
* the Gymnasium environment: the agent's steps per second (the three other seats are
  random players and their moves are not counted);
* the OpenSpiel game, when ``pyspiel`` is installed: ``legal_actions()`` and
  ``apply_action()``, the 32 chance moves of the deal not counted.

* the batch env (:mod:`coinche.rl.batch`): N = 4,096 deals stepped together, random
  legal actions drawn from the masks (``BatchEnv.sample``), the compact observations and
  the masks built every step; env steps (one action of one deal) per second, with the
  sampling (``batch_steps_per_sec``) and without it (``batch_env_steps_per_sec``, the
  time of ``step`` alone), and the same with the 998-float observations expanded every
  step (``batch_expanded_steps_per_sec``);
* the engine's random playouts (``coinche.engine``), cards per second, for reference.

Run it with ``python benchmarks/bench_rl.py [--deals N] [--repeats R] [--rules NAME]``
(the extra ``coinche[rl]`` installed); ``--json`` prints the figures as JSON instead:
``batch_steps_per_sec``, ``batch_env_steps_per_sec``, ``batch_expanded_steps_per_sec``,
``aec_steps_per_sec``, ``gym_steps_per_sec``, ``engine_cards_per_sec`` (medians, by the
wall clock), and the same under ``per_cpu_second`` (per CPU second of the process: a
fairer figure for one core of a machine other jobs share).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from coinche import Deal, RuleConfig, Seat
from coinche.actions import int_to_action, legal_action_ints, legal_action_mask
from coinche.bots.players import RandomPlayer
from coinche.rl import CoincheAECEnv, CoincheGymEnv, observation


def deal_steps(rules: RuleConfig, deals: int) -> int:
    rng = random.Random(1)
    steps = 0
    for _ in range(deals):
        deal = Deal.new(Seat.WEST, rules, rng)
        while not deal.is_over:
            deal = deal.apply_unchecked(rng.choice(deal.legal_actions()))
            steps += 1
    return steps


def table_steps(rules: RuleConfig, deals: int) -> int:
    rng = random.Random(1)
    steps = 0
    for _ in range(deals):
        deal = Deal.new(Seat.WEST, rules, rng)
        while not deal.is_over:
            legal_action_mask(deal)
            index = rng.choice(legal_action_ints(deal))
            deal = deal.apply_unchecked(int_to_action(index, rules))
            steps += 1
    return steps


def observation_calls(rules: RuleConfig, deals: int) -> int:
    rng = random.Random(1)
    calls = 0
    for _ in range(deals):
        deal = Deal.new(Seat.WEST, rules, rng)
        while not deal.is_over:
            assert deal.to_move is not None
            observation(deal.view(deal.to_move))
            calls += 1
            deal = deal.apply_unchecked(rng.choice(deal.legal_actions()))
    return calls


def aec_steps(rules: RuleConfig, deals: int, observe: bool = True) -> int:
    env = CoincheAECEnv(rules)
    pick = random.Random(1)
    steps = 0
    for seed in range(deals):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last(observe)
            if terminated or truncated:
                env.step(None)
                continue
            if obs is not None:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[pick.randrange(len(legal))])
            else:
                action = pick.choice(legal_action_ints(env.deal))
            env.step(action)
            steps += 1
    return steps


def aec_steps_unobserved(rules: RuleConfig, deals: int) -> int:
    return aec_steps(rules, deals, observe=False)


def gym_steps(rules: RuleConfig, deals: int) -> int:
    env = CoincheGymEnv(rules, seat=Seat.SOUTH, players=RandomPlayer())
    pick = random.Random(1)
    steps = 0
    for seed in range(deals):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            action = int(legal[pick.randrange(len(legal))])
            obs, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            steps += 1
    return steps


def openspiel_steps(rules: RuleConfig, deals: int) -> int:
    import pyspiel

    import coinche.rl.openspiel  # noqa: F401

    name = rules.preset_name or "common"
    game = pyspiel.load_game("python_coinche", {"rules": name})
    rng = random.Random(1)
    steps = 0
    for _ in range(deals):
        state = game.new_initial_state()
        deck = list(range(32))
        rng.shuffle(deck)
        for card in deck:
            state.apply_action(card)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def batch_rates(
    rules: RuleConfig, n: int, steps: int, expanded: bool = False
) -> tuple[float, float, float, float]:
    """Steps per second of a BatchEnv of *n* deals: with the sampling, and step alone;
    by the wall clock, then per CPU second of this process."""
    from coinche.rl.batch import BatchEnv, expand

    env = BatchEnv(rules, n=n, seed=1)
    rng = np.random.default_rng(1)
    for _ in range(300):  # the deals drift apart: a steady mix of auctions and play
        env.step(env.sample(rng))
    in_step = in_cpu = 0.0
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(steps):
        actions = env.sample(rng)
        begin, begin_cpu = time.perf_counter(), time.process_time()
        env.step(actions)
        if expanded:
            expand(env.observations)
        in_step += time.perf_counter() - begin
        in_cpu += time.process_time() - begin_cpu
    total, total_cpu = time.perf_counter() - start, time.process_time() - cpu
    done = n * steps
    return done / total, done / in_step, done / total_cpu, done / in_cpu


def engine_cards(rules: RuleConfig, deals: int) -> int:
    from coinche import engine

    for n in range(deals):
        state = engine.PlayState.from_hands(
            engine.random_hands(n), rules, taker=0, strain=n & 3, value=80, leader=1
        )
        engine.random_playout(state, n)
    return 32 * deals


def measure(
    run: Callable[[RuleConfig, int], int], rules: RuleConfig, deals: int, repeats: int
) -> float:
    return measure_both(run, rules, deals, repeats)[0]


def measure_both(
    run: Callable[[RuleConfig, int], int], rules: RuleConfig, deals: int, repeats: int
) -> tuple[float, float]:
    """The median rate by the wall clock, and per CPU second of this process."""
    rates, cpu_rates = [], []
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        steps = run(rules, deals)
        rates.append(steps / (time.perf_counter() - start))
        cpu_rates.append(steps / (time.process_time() - cpu))
    return statistics.median(rates), statistics.median(cpu_rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="repeats (the median is shown)")
    parser.add_argument("--rules", default="common", help="a preset name")
    parser.add_argument("--batch", type=int, default=4096, help="deals in the batch env")
    parser.add_argument("--batch-steps", type=int, default=200, help="batch steps a repeat")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    rules = RuleConfig.preset(args.rules)
    batch = [batch_rates(rules, args.batch, args.batch_steps) for _ in range(args.repeats)]
    expanded = [
        batch_rates(rules, args.batch, args.batch_steps // 4, expanded=True)
        for _ in range(args.repeats)
    ]
    aec = measure_both(aec_steps, rules, args.deals, args.repeats)
    gym = measure_both(gym_steps, rules, args.deals, args.repeats)
    engine = measure_both(engine_cards, rules, args.deals * 10, args.repeats)

    def median(rows: list[tuple[float, float, float, float]], at: int) -> float:
        return statistics.median(row[at] for row in rows)

    figures = {
        "batch_steps_per_sec": median(batch, 0),
        "batch_env_steps_per_sec": median(batch, 1),
        "batch_expanded_steps_per_sec": median(expanded, 1),
        "aec_steps_per_sec": aec[0],
        "gym_steps_per_sec": gym[0],
        "engine_cards_per_sec": engine[0],
    }
    per_cpu = {
        "batch_steps_per_sec": median(batch, 2),
        "batch_env_steps_per_sec": median(batch, 3),
        "batch_expanded_steps_per_sec": median(expanded, 3),
        "aec_steps_per_sec": aec[1],
        "gym_steps_per_sec": gym[1],
        "engine_cards_per_sec": engine[1],
    }
    if args.json:
        import coinche

        head = {"rules": args.rules, "compiled": coinche.COMPILED}
        print(json.dumps({**head, **figures, "per_cpu_second": per_cpu}))
        return
    print(f"rules {args.rules}, batch of {args.batch}, median of {args.repeats}")
    print(f"{'figure':<40} {'per second':>12} {'per CPU second':>16}")
    for name, rate in figures.items():
        print(f"{name:<40} {rate:>12,.0f} {per_cpu[name]:>16,.0f}")
    runs: list[tuple[str, Callable[[RuleConfig, int], int]]] = [
        ("Deal.apply_unchecked, random legal action", deal_steps),
        ("  + action integers and masks (coinche.actions)", table_steps),
        ("observation() of the seat to move, calls/s", observation_calls),
        ("PettingZoo AEC env: last() + step()", aec_steps),
        ("PettingZoo AEC env: last(observe=False) + step()", aec_steps_unobserved),
        ("Gymnasium env: agent steps (3 random players)", gym_steps),
    ]
    try:
        import pyspiel  # noqa: F401

        runs.append(("OpenSpiel python_coinche: apply_action", openspiel_steps))
    except ImportError:
        print("(pyspiel is not installed: no OpenSpiel figure)")
    print(f"rules {args.rules}, {args.deals} deals a repeat, median of {args.repeats}")
    reference = None
    for label, run in runs:
        rate = measure(run, rules, args.deals, args.repeats)
        reference = reference or rate
        print(f"{label:<52} {rate:>10,.0f} steps/s  ({rate / reference:.0%} of the first)")


if __name__ == "__main__":
    main()
