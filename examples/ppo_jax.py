"""PPO in JAX on whole deals of Coinche, bidding and play, against GreedyPlayer.

The learner's team (one shared policy at North and South) plays against GreedyPlayer
(:func:`coinche.arrays.greedy_action`, equal to the player at every decision) at East
and West, on the JAX engine (:mod:`coinche.arrays`). Every decision of the learner's
seats is the policy's: calls and cards, illegal actions masked. The policy is
:func:`coinche.rl.ppo.policy_logits` on :func:`coinche.rl.ppo.ppo_features`, a residual
on GreedyPlayer (its action is an input, and its logit gets a learned bonus), so that
training starts from GreedyPlayer's play and learns where to differ.

Each iteration is two compiled calls: the rollout (a batch of deals played out: the
auction in a loop that stops when every auction is over, the 32 cards in a scan,
every seat's decision taken in the same step for all deals) and the update (GAE with
gamma 1 and lambda 0.95, then epochs of minibatch Adam steps on PPO's clipped
objective with a value head and an entropy bonus, in one ``lax.scan``). A deal's
reward, at its end, is the learner's team's score minus the other's, *less the same
deal played by GreedyPlayer at all four seats* (a baseline that does not depend on the
learner's actions, so the policy gradient stays unbiased, and that cancels most of the
luck of the cards), divided by 500.

Evaluation is duplicate, as :func:`coinche.scale.arena.duplicate_match` counts it:
each deal is played twice, the learner's team at North-South and then at East-West
against GreedyPlayer; the figure is the learner's team's score minus GreedyPlayer's
team's, summed over the two tables, its mean over the deals with a 95% interval. The
learner plays the argmax of its logits there, as the exported player does.

The trained weights are written to ``--out`` (a ``.npz`` file of
:class:`coinche.rl.ppo.PpoNetwork`), which :class:`coinche.rl.ppo.PpoPlayer` plays on
NumPy alone: ``coinche match --ns ppo:weights=OUT --ew greedy``. A JSON summary (the
curve, the final evaluation, the budget) goes beside it (``OUT.json``).

Run (CPU, the budget in CPU minutes of this process)::

    JAX_PLATFORMS=cpu python examples/ppo_jax.py --minutes 30 --seed 0 --out ppo.npz

GPU (the budget in wall minutes)::

    python examples/ppo_jax.py --preset gpu --minutes 6 --seed 0 --out ppo.npz
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax

from coinche.arrays import Rules as RulesData
from coinche.arrays import (
    State,
    call_step,
    card_step,
    deal_keys,
    greedy_action,
    init,
    random_deals,
    rules_data,
)
from coinche.config import PRESETS, RuleConfig
from coinche.rl.batch import expand_row
from coinche.rl.ppo import PpoNetwork, policy_logits, ppo_features

Array = jax.Array
Params = dict[str, Any]
SCALE = 500.0
AUCTION = 0
CALLS_KEPT = 24  # auction steps recorded per deal; later calls are played, not learned from
SAMPLES_PER_DEAL = 20  # learner decisions kept per deal (16 cards and a few calls)

PRESET_SETTINGS: dict[str, dict[str, Any]] = {
    "cpu": {
        "batch": 512,
        "epochs": 3,
        "minibatches": 4,
        "hidden": "128,128",
        "lr": 5e-4,
        "eval_deals": 10_000,
        "quick_deals": 2_000,
        "log_every": 60.0,
    },
    "gpu": {
        "batch": 8192,
        "epochs": 4,
        "minibatches": 8,
        "hidden": "512,512",
        "lr": 3e-4,
        "eval_deals": 200_000,
        "quick_deals": 20_000,
        "log_every": 30.0,
    },
}


class Steps(NamedTuple):
    """What the rollout records at each step of each deal (a leading axis of steps,
    then deals)."""

    rows: Array  # the compact observation rows
    mask: Array
    hint: Array
    action: Array
    logp: Array
    value: Array
    learner: Array  # a decision of the learner's team, recorded


# ---------------------------------------------------------------------- playing
def decide(
    params: Params, st: State, key: Array, rules: RulesData, team: Array, sample: bool
) -> tuple[Array, Steps]:
    """The action of the seat to move in each deal: the policy's for the seats of
    *team* (0 North-South, 1 East-West; sampled, or its argmax), GreedyPlayer's for the
    others; and what the learner records."""
    rows = st.observation
    mask = st.legal_action_mask
    hint = jax.vmap(greedy_action, in_axes=(0, 0, None))(rows, mask, rules)
    obs = jax.vmap(expand_row)(rows)
    logits, value = policy_logits(params, ppo_features(obs, hint, jnp), obs, jnp)
    logits = jnp.where(mask, logits, -1e9)
    chosen = (
        jax.random.categorical(key, logits).astype(jnp.int32)
        if sample
        else jnp.argmax(logits, axis=1).astype(jnp.int32)
    )
    logp = jnp.take_along_axis(jax.nn.log_softmax(logits), chosen[:, None], axis=1)[:, 0]
    mover = st.current_player
    learner = ((mover & 1) == team) & (mover >= 0)
    action = jnp.where(learner, chosen, hint)
    return action, Steps(rows, mask, hint, chosen, logp, value, learner)


def play(
    params: Params, keys: Array, rules: RulesData, rng: Array, team: Array, sample: bool
) -> tuple[Array, Steps]:
    """Play the deals *keys* to their end, the policy at *team*'s seats; returns the
    scores (``n x 2``) and the steps recorded (``CALLS_KEPT + 32`` steps)."""
    st = jax.vmap(init, in_axes=(0, None))(keys, rules)
    n = keys.shape[0]

    def calls(st: State, action: Array) -> State:
        moved: State = jax.vmap(call_step, in_axes=(0, 0, None))(st, action, rules)
        return moved

    def cards(st: State, action: Array) -> State:
        moved: State = jax.vmap(card_step, in_axes=(0, 0, None))(st, action, rules)
        return moved

    def empty(shape: tuple[int, ...], dtype: Any) -> Array:
        return jnp.zeros((CALLS_KEPT, n, *shape), dtype)

    buf = Steps(
        empty((st.observation.shape[1],), jnp.int32),
        empty((st.legal_action_mask.shape[1],), jnp.bool_),
        empty((), jnp.int32),
        empty((), jnp.int32),
        empty((), jnp.float32),
        empty((), jnp.float32),
        empty((), jnp.bool_),
    )

    def bidding(st: State) -> Array:
        return jnp.any((st.phase == AUCTION) & ~st.terminated)

    def kept(carry: tuple[Array, State, Array, Steps]) -> Array:
        t, st, _, _ = carry
        return (t < CALLS_KEPT) & bidding(st)

    def call(carry: tuple[Array, State, Array, Steps]) -> tuple[Array, State, Array, Steps]:
        t, st, key, buf = carry
        key, sub = jax.random.split(key)
        action, rec = decide(params, st, sub, rules, team, sample)
        rec = rec._replace(learner=rec.learner & (st.phase == AUCTION))
        buf = jax.tree.map(lambda b, r: b.at[t].set(r), buf, rec)
        return t + 1, calls(st, action), key, buf

    def late(carry: tuple[State, Array]) -> tuple[State, Array]:
        st, key = carry
        key, sub = jax.random.split(key)
        action, _ = decide(params, st, sub, rules, team, sample)
        return calls(st, action), key

    _, st, rng, buf = lax.while_loop(kept, call, (jnp.int32(0), st, rng, buf))
    st, rng = lax.while_loop(lambda c: bidding(c[0]), late, (st, rng))

    def card(st: State, key: Array) -> tuple[State, Steps]:
        action, rec = decide(params, st, key, rules, team, sample)
        return cards(st, action), rec

    st, played = lax.scan(card, st, jax.random.split(rng, 32))
    steps = jax.tree.map(lambda a, b: jnp.concatenate([a, b]), buf, played)
    return st.scores, steps


# ---------------------------------------------------------------------- learning
class Batch(NamedTuple):
    """The learner's decisions of a rollout, gathered (fixed size; *weight* 0 pads)."""

    rows: Array
    mask: Array
    hint: Array
    action: Array
    logp: Array
    adv: Array
    ret: Array
    weight: Array


def advantages(steps: Steps, reward: Array, lam: float) -> tuple[Array, Array]:
    """GAE with gamma 1 over each deal's recorded learner decisions (the reward at the
    end): returns the advantages and the returns, by step and deal."""

    def back(carry: tuple[Array, Array], x: tuple[Array, Array]) -> tuple[Any, Array]:
        next_value, running = carry
        value, valid = x
        gae = next_value - value + lam * running
        return (
            jnp.where(valid, value, next_value),
            jnp.where(valid, gae, running),
        ), jnp.where(valid, gae, 0.0)

    start = (reward, jnp.zeros_like(reward))
    _, adv = lax.scan(back, start, (steps.value, steps.learner), reverse=True)
    return adv, adv + steps.value


def gather(steps: Steps, adv: Array, ret: Array, key: Array, size: int) -> tuple[Batch, Array]:
    """*size* learner decisions drawn from the rollout (all of them when there are no
    more), flattened; and how many there were."""
    flat = jax.tree.map(lambda x: x.reshape(-1, *x.shape[2:]), (steps, adv, ret))
    steps, adv, ret = flat
    total = steps.learner.shape[0]
    perm = jax.random.permutation(key, total)
    (pos,) = jnp.nonzero(steps.learner[perm], size=size, fill_value=0)
    count = jnp.sum(steps.learner)
    idx = perm[pos]
    weight = (jnp.arange(size) < count).astype(jnp.float32)
    return Batch(
        steps.rows[idx],
        steps.mask[idx],
        steps.hint[idx],
        steps.action[idx],
        steps.logp[idx],
        adv[idx],
        ret[idx],
        weight,
    ), count


def loss_fn(params: Params, mb: Batch, hp: dict[str, float]) -> tuple[Array, dict[str, Array]]:
    obs = jax.vmap(expand_row)(mb.rows)
    logits, value = policy_logits(params, ppo_features(obs, mb.hint, jnp), obs, jnp)
    logits = jnp.where(mb.mask, logits, -1e9)
    logp_all = jax.nn.log_softmax(logits)
    logp = jnp.take_along_axis(logp_all, mb.action[:, None], axis=1)[:, 0]
    w = mb.weight
    total = jnp.maximum(jnp.sum(w), 1.0)

    def mean(x: Array) -> Array:
        return jnp.sum(x * w) / total

    adv_mean = mean(mb.adv)
    adv = (mb.adv - adv_mean) / (jnp.sqrt(mean((mb.adv - adv_mean) ** 2)) + 1e-8)
    log_ratio = logp - mb.logp
    ratio = jnp.exp(log_ratio)
    clipped = jnp.clip(ratio, 1 - hp["clip"], 1 + hp["clip"])
    pg = -mean(jnp.minimum(ratio * adv, clipped * adv))
    vloss = 0.5 * mean((value - mb.ret) ** 2)
    p = jnp.exp(logp_all)
    entropy = mean(-jnp.sum(jnp.where(mb.mask, p * logp_all, 0.0), axis=1))
    loss = pg + hp["vf"] * vloss - hp["ent"] * entropy
    stats = {
        "pg": pg,
        "vloss": vloss,
        "entropy": entropy,
        "kl": mean(ratio - 1 - log_ratio),
        "clipfrac": mean((jnp.abs(ratio - 1) > hp["clip"]).astype(jnp.float32)),
    }
    return loss, stats


def make_train_step(
    rules: RulesData, batch: int, epochs: int, minibatches: int, hp: dict[str, float]
) -> Any:
    """The rollout and the update, each one compiled call."""
    size = batch * SAMPLES_PER_DEAL
    size -= size % minibatches
    optimizer = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(hp["lr"]))

    @jax.jit
    def rollout(params: Params, keys: Array, key: Array) -> tuple[Batch, dict[str, Array]]:
        k_play, k_base, k_gather = jax.random.split(key, 3)
        scores, steps = play(params, keys, rules, k_play, jnp.int32(0), True)
        base = random_deals(keys, rules, k_base, policy="greedy")
        diff = (scores[:, 0] - scores[:, 1]).astype(jnp.float32)
        base_diff = (base[:, 0] - base[:, 1]).astype(jnp.float32)
        reward = (diff - base_diff) / SCALE
        adv, ret = advantages(steps, reward, hp["lam"])
        data, count = gather(steps, adv, ret, k_gather, size)
        calls = jnp.sum(steps.learner[:CALLS_KEPT])
        stats = {
            "diff": jnp.mean(diff),
            "vs_greedy": jnp.mean(diff - base_diff),
            "samples": count.astype(jnp.float32),
            "calls": calls.astype(jnp.float32),
            "v0": jnp.sum(jnp.where(steps.learner, steps.value, 0.0)) / jnp.maximum(count, 1),
        }
        return data, stats

    @jax.jit
    def update(
        params: Params, opt: Any, data: Batch, key: Array
    ) -> tuple[Params, Any, dict[str, Array]]:
        def epoch(carry: tuple[Params, Any], k: Array) -> tuple[tuple[Params, Any], Any]:
            perm = jax.random.permutation(k, size)
            mbs = jax.tree.map(
                lambda x: x[perm].reshape(minibatches, size // minibatches, *x.shape[1:]), data
            )

            def step(carry: tuple[Params, Any], mb: Batch) -> tuple[tuple[Params, Any], Any]:
                params, opt = carry
                (_, stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, mb, hp)
                updates, opt = optimizer.update(grads, opt, params)
                return (optax.apply_updates(params, updates), opt), stats

            return lax.scan(step, carry, mbs)

        (params, opt), stats = lax.scan(epoch, (params, opt), jax.random.split(key, epochs))
        return params, opt, jax.tree.map(jnp.mean, stats)

    return optimizer, rollout, update


# ---------------------------------------------------------------------- evaluation
def make_evaluate(rules: RulesData) -> Any:
    @jax.jit
    def tables(params: Params, keys: Array) -> Array:
        """The duplicate difference of each deal: the learner's team (argmax) against
        GreedyPlayer at North-South, then at East-West, its score minus the other
        team's summed over the two tables."""
        rng = jax.random.key(0)  # unused: argmax and greedy draw nothing
        one, _ = play(params, keys, rules, rng, jnp.int32(0), False)
        two, _ = play(params, keys, rules, rng, jnp.int32(1), False)
        return (one[:, 0] - one[:, 1]) + (two[:, 1] - two[:, 0])

    return tables


def duplicate(tables: Any, params: Params, seed: int, deals: int, chunk: int) -> dict[str, float]:
    """The duplicate match of the learner against GreedyPlayer on *deals* deals of
    *seed*: mean difference a deal, its 95% interval."""
    out = []
    for start in range(0, deals, chunk):
        keys = jnp.asarray(deal_keys(seed, start, min(chunk, deals - start)))
        out.append(np.asarray(tables(params, keys)))
    d = np.concatenate(out).astype(np.float64)
    se = float(d.std(ddof=1) / math.sqrt(len(d)))
    mean = float(d.mean())
    return {"deals": len(d), "mean": mean, "low": mean - 1.96 * se, "high": mean + 1.96 * se}


def show(r: dict[str, float]) -> str:
    return f"{r['mean']:+.1f} ({r['low']:+.1f} to {r['high']:+.1f}) over {r['deals']:,} deals"


# ---------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", choices=sorted(PRESET_SETTINGS), default="cpu")
    parser.add_argument("--minutes", type=float, default=30.0, help="training budget")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        help="what --minutes counts: CPU time of this process (default on a CPU) or "
        "wall time (default on a GPU)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True, help="the weights (.npz)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="common")
    parser.add_argument("--batch", type=int)
    parser.add_argument("--epochs", type=int)
    parser.add_argument("--minibatches", type=int)
    parser.add_argument("--hidden")
    parser.add_argument("--lr", type=float)
    parser.add_argument("--ent", type=float, default=0.003)
    parser.add_argument("--prior", type=float, default=3.0, help="the hint's first bonus")
    parser.add_argument("--eval-deals", type=int)
    parser.add_argument("--quick-deals", type=int)
    parser.add_argument("--log-every", type=float, help="seconds (of --clock) between logs")
    parser.add_argument("--iterations", type=int, default=0, help="stop after these (0: none)")
    args = parser.parse_args(argv)
    cfg = dict(PRESET_SETTINGS[args.preset])
    for name in cfg:
        if getattr(args, name, None) is not None:
            cfg[name] = getattr(args, name)
    device = jax.devices()[0]
    clock_kind = args.clock or ("cpu" if device.platform == "cpu" else "wall")

    def clock() -> float:
        return time.process_time() if clock_kind == "cpu" else time.perf_counter()

    hidden = tuple(int(x) for x in str(cfg["hidden"]).split(","))
    hp = {"lr": float(cfg["lr"]), "clip": 0.2, "vf": 0.5, "ent": args.ent, "lam": 0.95}
    rules = rules_data(RuleConfig.preset(args.rules))
    batch = int(cfg["batch"])
    optimizer, rollout, update = make_train_step(
        rules, batch, int(cfg["epochs"]), int(cfg["minibatches"]), hp
    )
    tables = make_evaluate(rules)
    chunk = min(int(cfg["quick_deals"]), 10_000)
    net = PpoNetwork.initial(hidden, seed=args.seed, prior=args.prior)
    params: Params = jax.tree.map(jnp.asarray, net.params)
    opt = optimizer.init(params)
    info = {
        "jax": jax.__version__,
        "device": f"{device.platform}:{getattr(device, 'device_kind', '')}",
        "rules": args.rules,
        "preset": args.preset,
        "settings": cfg,
        "hp": hp,
        "seed": args.seed,
        "minutes": args.minutes,
        "clock": clock_kind,
        "command": " ".join(sys.argv),
    }
    print("config", json.dumps(info), flush=True)
    summary: dict[str, Any] = {"info": info, "curve": []}
    out: Path = args.out
    out.parent.mkdir(parents=True, exist_ok=True)

    def save() -> None:
        PpoNetwork.from_params(jax.device_get(params)).save(out)
        tmp = out.with_name(out.name + ".json.tmp")
        tmp.write_text(json.dumps(summary, indent=1))
        os.replace(tmp, out.with_name(out.name + ".json"))

    wall0, cpu0 = time.perf_counter(), time.process_time()
    quick_seed, final_seed = 2**32 + args.seed, 2**33 + args.seed
    start = clock()
    end = start + 60.0 * args.minutes
    key = jax.random.key(args.seed)
    iteration = deals = 0

    def progress() -> dict[str, Any]:
        return {
            "iteration": iteration,
            "deals": deals,
            "clock_min": (clock() - start) / 60,
            "wall_min": (time.perf_counter() - wall0) / 60,
            "cpu_min": (time.process_time() - cpu0) / 60,
        }

    last_log = None
    window: list[dict[str, float]] = []
    while True:
        now = clock()
        if now >= end or (args.iterations and iteration >= args.iterations):
            break
        key, k_roll, k_up = jax.random.split(key, 3)
        keys = jnp.asarray(deal_keys(args.seed, deals, batch))
        data, stats = rollout(params, keys, k_roll)
        params, opt, learn = update(params, opt, data, k_up)
        row = {k: float(v) for k, v in {**jax.device_get(stats), **jax.device_get(learn)}.items()}
        window.append(row)
        iteration += 1
        deals += batch
        if last_log is None or clock() - last_log >= float(cfg["log_every"]):
            quick = duplicate(tables, params, quick_seed, int(cfg["quick_deals"]), chunk)
            mean = {k: float(np.mean([w[k] for w in window])) for k in window[0]}
            point = {**progress(), "train": mean, "quick": quick}
            summary["curve"].append(point)
            print(
                f"[{point['clock_min']:5.1f} {clock_kind} min, {point['wall_min']:5.1f} wall] "
                f"it {iteration} deals {deals:,} | vs greedy in training {mean['vs_greedy']:+.1f}"
                f" | ent {mean['entropy']:.3f} kl {mean['kl']:.4f} clip {mean['clipfrac']:.3f} "
                f"vloss {mean['vloss']:.4f} samples/deal {mean['samples'] / batch:.1f} | "
                f"duplicate {show(quick)}",
                flush=True,
            )
            save()
            window = []
            last_log = clock()
    train = progress()
    summary["train"] = train
    print(f"trained: {json.dumps(train)}", flush=True)
    t0 = time.perf_counter()
    final = duplicate(tables, params, final_seed, int(cfg["eval_deals"]), chunk)
    final["seconds"] = time.perf_counter() - t0
    summary["final"] = final
    summary["total_cpu_min"] = (time.process_time() - cpu0) / 60
    print(f"final duplicate against GreedyPlayer: {show(final)}", flush=True)
    save()
    print(f"weights: {out} (summary {out.name}.json)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
