"""Throughput of the JAX engine (coinche.arrays), with today's baselines in the same run.

Figures (medians of ``--repeats`` runs, per wall-clock second and per CPU second of the
process; compile time reported apart, never counted):

* ``jax_deals_per_sec``: random whole deals (deal, auction, play, score, masks built) in
  one compiled call (:func:`coinche.arrays.random_deals`), at each batch size of
  ``--sizes``; the best size's figure;
* ``jax_steps_per_sec``: env steps (one action of one deal) of
  :class:`coinche.rl.batch.BatchEnv` driven step by step from Python, random actions
  drawn from its masks, compact observations built; ``jax_expanded_steps_per_sec`` the
  same with the 998-float observations expanded every step;
* ``numpy_batch_deals_per_sec``: the NumPy ``BatchEnv`` that the JAX engine replaced
  (its frozen copy, ``benchmarks/numpy_baseline``), random whole deals stepped from
  Python at its best batch size, 4,096: the same work as ``jax_deals_per_sec`` (deal,
  auction, play and score of whole deals, every action uniform over the legal ones;
  ``like_for_like`` shows both engines' mean deal score and share of deals thrown in,
  which agree when the action distributions do); ``numpy_batch_steps_per_sec`` its env
  steps, beside ``jax_steps_per_sec``;
* ``colver_native_rollouts_per_sec``: colver's native random play-phase rollouts
  (``Env.rollout``, one core), the anchor of bench.py;
* ``device``: the JAX device (and ``cpu``, the host's processor, ``load_average``, the
  host's 1-minute load before and after); ``digest``: a sha256 of the scores of 4,096
  random whole deals (seed 0, random key 0), the same on every device;
* with ``--phases``: the time of the rollout's parts at the largest size (dealing;
  dealing and the auction; the whole deal) and XLA's cost analysis of the whole.

Run: ``JAX_PLATFORMS=cpu python benchmarks/bench_jax.py [--json] [--sizes 1024,16384]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jax
import numpy as np

from coinche import RuleConfig, arrays
from coinche.rl.batch import BatchEnv, expand

sys.path.insert(0, str(Path(__file__).resolve().parent))


def timed(work: Callable[[], int], repeats: int) -> tuple[float, float]:
    """Medians of items per wall second and per CPU second over *repeats* runs."""
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(repeats):
        w, c = time.perf_counter(), time.process_time()
        items = work()
        wall.append(items / (time.perf_counter() - w))
        cpu.append(items / max(time.process_time() - c, 1e-9))
    return statistics.median(wall), statistics.median(cpu)


def digest(rules: arrays.Rules) -> str:
    scores = arrays.random_deals(arrays.deal_keys(0, 0, 4096), rules, jax.random.key(0))
    return hashlib.sha256(np.asarray(scores, dtype="<i4").tobytes()).hexdigest()[:16]


def jax_deals(rules: arrays.Rules, size: int, repeats: int) -> dict[str, float]:
    keys = jax.numpy.asarray(arrays.deal_keys(1, 0, size))
    start = time.perf_counter()
    arrays.random_deals(keys, rules, jax.random.key(0)).block_until_ready()
    compile_s = time.perf_counter() - start
    counter = iter(range(1, 1 << 30))

    def run() -> int:
        arrays.random_deals(keys, rules, jax.random.key(next(counter))).block_until_ready()
        return size

    wall, cpu = timed(run, repeats)
    return {
        "size": size,
        "deals_per_sec": wall,
        "deals_per_cpu_sec": cpu,
        "first_call_s": compile_s,
    }


def env_steps(
    preset: str, n: int, steps: int, repeats: int, expanded: bool
) -> tuple[float, float]:
    env = BatchEnv(preset, n=n, seed=2)
    rng = np.random.default_rng(2)
    env.step(env.sample(rng))  # compiled before timing
    if expanded:
        expand(env.observations)

    def run() -> int:
        for _ in range(steps):
            env.step(env.sample(rng))
            if expanded:
                expand(env.observations)
        return n * steps

    return timed(run, repeats)


def numpy_deals(preset: str, n: int, steps: int, repeats: int) -> dict[str, float]:
    from numpy_baseline.batch import BatchEnv as NumpyBatchEnv

    env = NumpyBatchEnv(preset, n=n, seed=2)
    rng = np.random.default_rng(2)
    scores: list[np.ndarray] = []

    def run() -> int:
        done = 0
        for _ in range(steps):
            env.step(env.sample(rng))
            done += int(env.terminated.sum())
            scores.append(env.final_scores[env.terminated])
        return done

    wall, cpu = timed(run, repeats)
    ended = np.concatenate(scores)
    return {
        "deals_per_sec": wall,
        "deals_per_cpu_sec": cpu,
        "steps_per_sec": wall * n * steps * repeats / max(len(ended), 1),
        "mean_score": float(ended.sum(axis=1).mean()),
        "thrown_in_share": float((ended.sum(axis=1) == 0).mean()),
    }


def jax_like_for_like(rules: arrays.Rules, size: int) -> dict[str, float]:
    keys = arrays.deal_keys(3, 0, size)
    scores = np.asarray(arrays.random_deals(keys, rules, jax.random.key(3)))
    return {
        "mean_score": float(scores.sum(axis=1).mean()),
        "thrown_in_share": float((scores.sum(axis=1) == 0).mean()),
    }


def phases(rules: arrays.Rules, size: int, repeats: int) -> dict[str, Any]:
    """The rollout's parts timed apart (each compiled alone) and XLA's cost analysis."""
    from coinche.arrays import _rollout, _rules

    keys = jax.numpy.asarray(arrays.deal_keys(1, 0, size))

    def dealing(k: jax.Array, r: arrays.Rules, salt: jax.Array) -> jax.Array:
        return _rules.deal(k)[1][0]

    def auction(k: jax.Array, r: arrays.Rules, salt: jax.Array) -> jax.Array:
        root = _rules.deal_root(k)
        _, hands = _rules.deal_of_root(root)
        return _rollout._random_auction(r, _rules.mix32(root ^ salt)) + hands[0].astype("int32")

    out: dict[str, Any] = {}
    for name, part in (
        ("deal", dealing),
        ("deal_auction", auction),
        ("whole", lambda k, r, salt: _rollout.rollout(k, r, salt, False)),
    ):
        run_part = jax.jit(jax.vmap(part, in_axes=(0, None, None)))
        salt = jax.numpy.uint32(12345)
        run_part(keys, rules, salt).block_until_ready()

        def run(run_part: Any = run_part, salt: Any = salt) -> int:
            run_part(keys, rules, salt).block_until_ready()
            return size

        wall, cpu = timed(run, repeats)
        out[f"{name}_ms"] = 1e3 * size / wall
        out[f"{name}_cpu_ms"] = 1e3 * size / cpu
    compiled = arrays._random_deals.lower(keys, rules, jax.random.key(0), False).compile()
    cost: Any = compiled.cost_analysis()
    cost = cost[0] if isinstance(cost, list) else cost or {}
    out["xla_cost"] = {k: cost[k] for k in ("flops", "bytes accessed") if k in cost}
    return out


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def colver_native(count: int, repeats: int) -> float:
    import colver

    def run() -> int:
        env = colver.Env.deal(dealer=0, seed=0)
        env.step(1)
        for _ in range(3):
            env.step(0)
        env.rollout(count)
        return count

    return timed(run, repeats)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1024,4096,16384,65536")
    parser.add_argument("--rules", default="common")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--env-deals", type=int, default=4096)
    parser.add_argument("--phases", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = arrays.rules_data(RuleConfig.preset(args.rules))
    out: dict[str, Any] = {
        "device": str(jax.devices()[0].device_kind),
        "cpu": f"{cpu_name()}, {os.cpu_count()} cores",
        "jax": jax.__version__,
        "rules": args.rules,
        "load_average": [round(os.getloadavg()[0], 2)],
    }
    out["digest"] = digest(rules)
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = [jax_deals(rules, size, args.repeats) for size in sizes]
    best = max(rows, key=lambda row: row["deals_per_sec"])
    out["jax_deals_by_size"] = rows
    out["jax_deals_per_sec"] = best["deals_per_sec"]
    out["jax_deals_per_cpu_sec"] = best["deals_per_cpu_sec"]
    steps = env_steps(args.rules, args.env_deals, 40, args.repeats, expanded=False)
    out["jax_steps_per_sec"], out["jax_steps_per_cpu_sec"] = steps
    steps = env_steps(args.rules, args.env_deals, 20, args.repeats, expanded=True)
    out["jax_expanded_steps_per_sec"], out["jax_expanded_steps_per_cpu_sec"] = steps
    numpy = numpy_deals(args.rules, 4096, 80, args.repeats)
    out["numpy_batch_deals_per_sec"] = numpy["deals_per_sec"]
    out["numpy_batch_deals_per_cpu_sec"] = numpy["deals_per_cpu_sec"]
    out["numpy_batch_steps_per_sec"] = numpy["steps_per_sec"]
    out["colver_native_rollouts_per_sec"] = colver_native(200_000, args.repeats)
    out["jax_over_numpy"] = out["jax_deals_per_sec"] / out["numpy_batch_deals_per_sec"]
    out["jax_over_numpy_per_cpu_sec"] = (
        out["jax_deals_per_cpu_sec"] / out["numpy_batch_deals_per_cpu_sec"]
    )
    out["like_for_like"] = {
        "jax": jax_like_for_like(rules, int(best["size"])),
        "numpy": {k: numpy[k] for k in ("mean_score", "thrown_in_share")},
    }
    if args.phases:
        out["phases"] = phases(rules, max(sizes), args.repeats)
    out["load_average"].append(round(os.getloadavg()[0], 2))
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for key, value in out.items():
        if key == "jax_deals_by_size":
            for row in value:
                print(
                    f"  jax random whole deals, batch {row['size']:>7}: "
                    f"{row['deals_per_sec']:>12,.0f}/s wall, {row['deals_per_cpu_sec']:>12,.0f}"
                    f"/CPU s (first call {row['first_call_s']:.1f} s)"
                )
        elif isinstance(value, float):
            print(f"{key:>34}: {value:,.1f}")
        else:
            print(f"{key:>34}: {value}")


if __name__ == "__main__":
    main()
