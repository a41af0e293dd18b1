"""Train the models of :class:`coinche.bots.bidding.ValueBidder` (``coinche/bots/_valuer.py``).

The bidder values a contract in an imagined world by what double-dummy play would
make of it, estimated by a small network instead of solved (a solve costs some 15 ms
compiled, the network some 0.1 ms), and reads the other seats' calls with a linear
estimate of what one hand is worth. Both learn from the same solved deals:

1. **Deals**: random deals (deal ``i`` shuffled by ``random.Random(f"dd:{i}")``), and for
   each of the four suits as trumps a random seat leading trick one; the label is the
   card points of each team with best play (:func:`coinche.bots.solver.solve_deal`,
   colver's rules: a capot counts 252). Written to ``--work`` in lines of JSON, so that
   a stopped run picks up where it was.
2. **World model**: the four hands, seen from the leader (each card one-hot by the
   seat holding it, counted from the leader; the trump suit first), give the leader's
   team's card points (a capot 162, the squared error) and whether either team takes
   every trick (two logistic outputs); two hidden layers of ReLU units, Adam on NumPy,
   the three plain suits permuted at random in each epoch. A tenth of the deals is
   held out and its error printed after each epoch.
3. **Hand model**: one hand (its cards by seat from the leader, the number of trumps)
   gives its team's card points, by least squares over every seat of every sample.

Run it from the repository with the compiled build (the labels are solves)::

    .venv-compiled/bin/python examples/train_bidder.py --work /tmp/bidder-work \\
        --deals 20000 --out src/coinche/bots/data/valuer-v1.json

NumPy is needed here only (the ``rl`` extra); the bidder reads the weights in plain
Python. The seeds are fixed: the same build gives the same weights.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

from coinche import Seat, Strain
from coinche.bots.solver import solve_deal
from coinche.cards import hand_from_mask
from coinche.testing.colver import RULES

SUITS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)


def solve_deals(path: Path, count: int) -> None:
    """Append to *path* the solved deals it does not hold yet, up to *count*."""
    done = sum(1 for _ in path.open()) if path.exists() else 0
    began = time.process_time()
    with path.open("a") as out:
        for number in range(done, count):
            rng = random.Random(f"dd:{number}")
            deck = list(range(32))
            rng.shuffle(deck)
            masks = [sum(1 << c for c in deck[8 * i : 8 * i + 8]) for i in range(4)]
            hands = [hand_from_mask(m) for m in masks]
            row = []
            for strain in SUITS:
                leader = rng.randrange(4)
                points = solve_deal(hands, strain, Seat(leader), RULES).card_points
                row.append((int(strain), leader, points.north_south))
            out.write(json.dumps([masks, row]) + "\n")
            if number % 500 == 0:
                out.flush()
                print(f"  {number} deals solved, {time.process_time() - began:.0f} s")


def samples(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """Each (deal, trump, leader): the holder of each canonical card counted from the
    leader (32 small ints), and the leader's team's card points (a capot 252, the
    other team's capot 0)."""
    holders, targets = [], []
    for line in path.open():
        masks, row = json.loads(line)
        holder = np.zeros(32, dtype=np.int64)
        for seat, mask in enumerate(masks):
            for card in range(32):
                if mask >> card & 1:
                    holder[card] = seat
        for trump, leader, north_south in row:
            order = [trump] + [s for s in range(4) if s != trump]
            canon = np.concatenate([holder[8 * s : 8 * s + 8] for s in order])
            holders.append((canon - leader) % 4)
            if leader % 2 == 0:
                targets.append(north_south)
            else:  # the leader's team is East-West
                targets.append(
                    0 if north_south > 162 else 252 if north_south == 0 else 162 - north_south
                )
    return np.array(holders), np.array(targets, dtype=np.float64)


def one_hot(holders: np.ndarray) -> np.ndarray:
    out = np.zeros((len(holders), 128), dtype=np.float32)
    out[np.arange(len(holders))[:, None], np.arange(32)[None, :] * 4 + holders] = 1.0
    return out


def shuffle_plain_suits(holders: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The three plain suits of each sample in a random order."""
    blocks = holders[:, 8:].reshape(len(holders), 3, 8)
    order = np.argsort(rng.random((len(holders), 3)), axis=1)
    shuffled = np.take_along_axis(blocks, order[:, :, None], axis=1)
    return np.concatenate([holders[:, :8], shuffled.reshape(len(holders), 24)], axis=1)


def train_world(
    holders: np.ndarray, points: np.ndarray, hidden: tuple[int, int], epochs: int
) -> dict[str, list[object]]:
    rng = np.random.default_rng(0)
    target = np.stack([np.minimum(points, 162) / 162.0, points > 162, points == 0], axis=1).astype(
        np.float32
    )
    order = rng.permutation(len(points))
    test, train = order[: len(points) // 10], order[len(points) // 10 :]
    h1, h2 = hidden

    def init(a: int, b: int) -> np.ndarray:
        scaled: np.ndarray = rng.standard_normal((a, b)) * np.sqrt(2 / a)
        return scaled.astype(np.float32)

    p = {"W1": init(128, h1), "b1": np.zeros(h1, np.float32), "W2": init(h1, h2),
         "b2": np.zeros(h2, np.float32), "W3": init(h2, 3) * 0.1,
         "b3": np.zeros(3, np.float32)}  # fmt: skip
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(v) for k, v in p.items()}

    def forward(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        a1 = np.maximum(x @ p["W1"] + p["b1"], 0)
        a2 = np.maximum(a1 @ p["W2"] + p["b2"], 0)
        return a1, a2, a2 @ p["W3"] + p["b3"]

    x_test = one_hot(holders[test])
    step, rate = 0, 1e-3
    for epoch in range(epochs):
        x_all = one_hot(shuffle_plain_suits(holders[train], rng))
        t_all = target[train]
        batches = rng.permutation(len(train))
        for start in range(0, len(batches), 256):
            i = batches[start : start + 256]
            x, t = x_all[i], t_all[i]
            a1, a2, out = forward(x)
            g = np.empty_like(out)
            g[:, 0] = 20 * (out[:, 0] - t[:, 0])  # squared error, weighed against the logs
            g[:, 1:] = 1 / (1 + np.exp(-out[:, 1:])) - t[:, 1:]
            g /= len(i)
            grads = {"W3": a2.T @ g, "b3": g.sum(0)}
            d2 = (g @ p["W3"].T) * (a2 > 0)
            grads["W2"], grads["b2"] = a1.T @ d2, d2.sum(0)
            d1 = (d2 @ p["W2"].T) * (a1 > 0)
            grads["W1"], grads["b1"] = x.T @ d1, d1.sum(0)
            step += 1
            for k in p:
                m[k] = 0.9 * m[k] + 0.1 * grads[k]
                v[k] = 0.999 * v[k] + 0.001 * grads[k] ** 2
                p[k] -= (
                    rate * (m[k] / (1 - 0.9**step)) / (np.sqrt(v[k] / (1 - 0.999**step)) + 1e-8)
                )
        if epoch == int(0.7 * epochs):
            rate /= 3
        _, _, out = forward(x_test)
        error = np.sqrt(np.mean((out[:, 0] - target[test, 0]) ** 2)) * 162
        chance = 1 / (1 + np.exp(-out[:, 1:]))
        truth = target[test, 1:]
        loss = -np.mean(truth * np.log(chance + 1e-9) + (1 - truth) * np.log(1 - chance + 1e-9))
        print(
            f"  epoch {epoch}: held-out error {error:.2f} card points, capot log loss {loss:.4f}"
        )
        sys.stdout.flush()
    return {"w1": p["W1"].tolist(), "b1": p["b1"].tolist(), "w2": p["W2"].T.tolist(),
            "b2": p["b2"].tolist(), "w3": p["W3"].T.tolist(), "b3": p["b3"].tolist()}  # fmt: skip


def train_hand(holders: np.ndarray, points: np.ndarray) -> dict[str, object]:
    """Least squares: each seat's hand (its cards by its place from the leader, its
    trumps) to its team's card points (a capot 162)."""
    n = len(points)
    leader_team = np.minimum(points, 162)
    rows, targets = [], []
    for rel in range(4):
        mine = (holders == rel).astype(np.float64)  # 32 canonical cards
        features = np.zeros((n, 128 + 9))
        features[:, rel * 32 : rel * 32 + 32] = mine
        features[np.arange(n), 128 + mine[:, :8].sum(1).astype(int)] = 1.0
        rows.append(features)
        targets.append(leader_team if rel % 2 == 0 else 162 - leader_team)
    x, y = np.concatenate(rows), np.concatenate(targets)
    ridge = 1e-2 * np.eye(x.shape[1])
    w = np.linalg.solve(x.T @ x + ridge, x.T @ (y - y.mean()))
    error = np.sqrt(np.mean((x @ w + y.mean() - y) ** 2))
    print(f"  hand model: error {error:.1f} card points (spread {y.std():.1f})")
    return {
        "hand_cards": w[:128].reshape(4, 32).round(4).tolist(),
        "hand_length": w[128:].round(4).tolist(),
        "hand_bias": round(float(y.mean()), 4),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--work", type=Path, required=True, help="where the solved deals go")
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--hidden", type=int, nargs=2, default=(64, 32))
    parser.add_argument("--out", type=Path, required=True, help="the weights (JSON)")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    data = args.work / "solved.jsonl"
    print(f"solving {args.deals} deals into {data}")
    solve_deals(data, args.deals)
    holders, points = samples(data)
    holders, points = holders[: 4 * args.deals], points[: 4 * args.deals]
    print(f"{len(points)} samples; training the world model")
    weights: dict[str, object] = {
        **train_world(holders, points, tuple(args.hidden), args.epochs),
        **train_hand(holders, points),
    }
    args.out.write_text(json.dumps(_rounded(weights), separators=(",", ":")) + "\n")
    print(f"weights written to {args.out}")
    return 0


def _rounded(value: object) -> object:
    """Floats to 5 significant digits (the file stays small; the error is far below
    the models')."""
    if isinstance(value, float):
        return float(f"{value:.5g}")
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    return value


if __name__ == "__main__":
    raise SystemExit(main())
