"""Train the network of :class:`coinche.rl.policy.PolicyPlayer` ("learned PIMC").

Each training position is a seat to play with more than one legal card; its label is
the double-dummy value of every legal card (:func:`coinche.bots.solver.solve_cards` on
the true deal, all hands open: the card points the seat's team takes from there to the
end), and the network learns to predict it from :func:`coinche.rl.policy.features`,
what the seat may know only. It is PIMC with the sampling and the search learned once,
ahead of time, instead of done at every card.

Two rounds, each a data set then eight epochs of Adam on NumPy (squared error over the
legal cards, the non-trump suits permuted at random in each batch: the rules do not
tell them apart):

1. deals bid and played by :class:`~coinche.bots.players.GreedyPlayer` at all four seats
   (each card random with probability 0.1, to see more positions); the network starts
   from random weights;
2. deals played by the round-one network at all four seats (self-play, the same
   exploration), added to the first data set (DAgger: the positions the network's own
   play reaches); the network goes on from round one's weights, its loss adding three
   times the squared error of the differences between the cards of a position (what
   alone decides the card played: ``--centered``).

A deal the greedy auction throws in is given a contract of 80 in a random strain
(mostly a suit), taken by a random seat, so that no deal is wasted. The first lead is
labelled in one deal of three (its search is half of the labelling time). After each
epoch the network plays a 200-deal duplicate match against GreedyPlayer (common rules,
seed 20261) and the mean score a deal is logged: the training curve.

Run it from the repository with the compiled build (the labels are searches); the
seeds are fixed, so the same build gives the same weights::

    python examples/train_policy.py --work /tmp/policy-work \\
        --out src/coinche/rl/data/policy-v1.npz

About 45 minutes on one core of the compiled build, on a shared machine: 4,500 deals
a round (88,000 positions), about 17 minutes to play and label them, 4 minutes to
train each round with the curve's matches. Each stage's output is kept in ``--work``,
so a stopped run picks up where it was.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import attrs
import numpy as np

from coinche import RuleConfig, Seat
from coinche.auction import PASS, Bid
from coinche.bots.players import GreedyPlayer, Player
from coinche.bots.solver import solve_cards
from coinche.cards import Card, Strain
from coinche.deal import Deal
from coinche.rl.policy import (
    FEATURE_FIELDS,
    FEATURE_SIZE,
    PolicyNetwork,
    PolicyPlayer,
    canonical_card,
    feature_slice,
    features,
)
from coinche.scale.arena import duplicate_match

RULES = RuleConfig.common()
# the deals of the data sets: common rules with no trump and all trump allowed (the
# greedy auction never bids them; some forced contracts do, so the network sees them)
DATA_RULES = attrs.evolve(RULES, allow_no_trump=True, allow_all_trump=True)
EPSILON = 0.1
FIRST_LEAD_EVERY = 3
CURVE_DEALS = 200
CURVE_SEED = 20261
HIDDEN = (192, 128)
_STRAINS = (0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5)  # mostly suits


def _log(text: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} {text}", flush=True)


def _forced_contract(deal: Deal, rng: random.Random) -> Deal:
    """*deal* (fresh) with a contract of 80 in a random strain by a random seat."""
    taker = Seat(rng.randrange(4))
    strain = Strain(rng.choice(_STRAINS))
    while deal.phase.value == "auction":
        bid = deal.to_move is taker and not any(
            isinstance(call, Bid) for _, call in deal.view(taker).calls
        )
        deal = deal.apply(Bid(80, strain) if bid else PASS)
    return deal


def generate(deals: int, seed: int, player: Player) -> dict[str, np.ndarray]:
    """Play *deals* deals with *player* at every seat; label each position."""
    rng = random.Random(seed)
    bidder = GreedyPlayer()
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    ms: list[np.ndarray] = []
    start = time.perf_counter()
    for number in range(deals):
        fresh = Deal.new(Seat(number % 4), DATA_RULES, rng)
        deal = fresh
        while deal.phase.value == "auction":
            seat = deal.to_move
            assert seat is not None
            deal = deal.apply(bidder.choose(deal.view(seat), deal.legal_actions(), rng))
        if deal.is_over:  # thrown in: a contract of 80 at random
            deal = _forced_contract(fresh, rng)
        contract = deal.contract
        assert contract is not None
        strain = int(contract.strain)
        label_lead = number % FIRST_LEAD_EVERY == 0
        first = True
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            legal = deal.legal_actions()
            cards = [a for a in legal if isinstance(a, Card)]
            view = deal.view(seat)
            if len(cards) > 1 and (label_lead or not first):
                x = features(view)
                # the points the team has taken so far (the label is what it takes from here)
                taken = round(float(x[feature_slice("points").start]) * 162)
                values = solve_cards(deal)
                y = np.zeros(32, dtype=np.float32)
                m = np.zeros(32, dtype=bool)
                for card, points in values.items():
                    k = canonical_card(card.index, strain)
                    y[k] = (points[seat.team] - taken) / 162.0
                    m[k] = True
                xs.append(x.astype(np.float16))
                ys.append(y.astype(np.float16))
                ms.append(m)
            first = False
            if len(cards) > 1 and rng.random() < EPSILON:
                action: object = rng.choice(cards)
            else:
                action = player.choose(view, legal, rng)
            deal = deal.apply(action)  # type: ignore[arg-type]
        if (number + 1) % 500 == 0:
            rate = (number + 1) / (time.perf_counter() - start)
            _log(f"  {number + 1} deals, {len(xs)} positions, {rate:.1f} deals/s")
    return {"x": np.stack(xs), "y": np.stack(ys), "m": np.stack(ms)}


def _permutations() -> np.ndarray:
    """Column permutations of the feature vector and of the 32 outputs that swap the
    three non-trump suits (canonical suits 1 to 3) among themselves: 6 of them."""
    feats = []
    for order in itertools.permutations((1, 2, 3)):
        place = (0, *order)  # canonical suit s goes to place[s]
        card = np.array([8 * place[c >> 3] + (c & 7) for c in range(32)])
        cols = np.arange(FEATURE_SIZE)
        off = 0
        for field, size in FEATURE_FIELDS:
            if size % 32 == 0 and field not in ("trick_number",):
                for block in range(size // 32):
                    base = off + 32 * block
                    cols[base + card] = base + np.arange(32)
            elif field == "voids":
                for seat in range(3):
                    base = off + 4 * seat
                    cols[base + np.array(place)] = base + np.arange(4)
            off += size
        feats.append(np.concatenate([cols, FEATURE_SIZE + np.argsort(card)]))
    return np.stack(feats)


def train(
    data: dict[str, np.ndarray],
    epochs: int,
    seed: int,
    start: PolicyNetwork | None,
    curve: list[dict[str, float | str]],
    label: str,
    centered: float = 0.0,
) -> PolicyNetwork:
    """Adam on the squared error over legal cards (plus *centered* times the squared
    error of the differences between a position's cards, which alone decide the card
    played); a duplicate match after each epoch."""
    rng = np.random.default_rng(seed)
    x_all, y_all, m_all = data["x"], data["y"], data["m"]
    n = len(x_all)
    perms = _permutations()
    sizes = (FEATURE_SIZE, *HIDDEN, 32)
    if start is None:
        params: list[np.ndarray] = []
        for a, b in itertools.pairwise(sizes):
            params.append(rng.normal(0, np.sqrt(2.0 / a), (a, b)).astype(np.float32))
            params.append(np.zeros(b, dtype=np.float32))
    else:
        params = [p.copy() for layer in start.layers for p in layer]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    step = 0
    batch = 256
    for epoch in range(epochs):
        lr = 1e-3 if epoch < epochs - 2 else 3e-4
        order = rng.permutation(n)
        total = 0.0
        began = time.perf_counter()
        for i in range(0, n - batch + 1, batch):
            idx = order[i : i + batch]
            x = x_all[idx].astype(np.float32)
            y = y_all[idx].astype(np.float32)
            m = m_all[idx].astype(np.float32)
            p = perms[rng.integers(len(perms))]
            # one permutation a batch (of suits 1 to 3: the trumps, if any, stay first)
            whole = np.concatenate([x, y], axis=1)[:, p]
            x, y = whole[:, :FEATURE_SIZE], whole[:, FEATURE_SIZE:]
            m = m[:, p[FEATURE_SIZE:] - FEATURE_SIZE]
            acts = [x]
            h = x
            layers = len(params) // 2
            for j in range(layers):
                h = h @ params[2 * j] + params[2 * j + 1]
                if j < layers - 1:
                    h = np.maximum(h, 0.0)
                acts.append(h)
            err = (h - y) * m
            total += float((err**2).sum())
            if centered:  # the error of each card against the mean error of its position
                count = np.maximum(m.sum(axis=1, keepdims=True), 1.0)
                err = err + centered * (err - err.sum(axis=1, keepdims=True) / count) * m
            grad = 2.0 * err / max(1.0, float(m.sum()))
            grads: list[np.ndarray] = [np.empty(0)] * len(params)
            for j in reversed(range(layers)):
                grads[2 * j] = acts[j].T @ grad
                grads[2 * j + 1] = grad.sum(axis=0)
                if j:
                    grad = (grad @ params[2 * j].T) * (acts[j] > 0)
            step += 1
            for k, g in enumerate(grads):
                moments[k] = 0.9 * moments[k] + 0.1 * g
                squares[k] = 0.999 * squares[k] + 0.001 * g * g
                mh = moments[k] / (1 - 0.9**step)
                vh = squares[k] / (1 - 0.999**step)
                params[k] -= lr * mh / (np.sqrt(vh) + 1e-8)
        took = time.perf_counter() - began
        net = PolicyNetwork([(params[2 * j], params[2 * j + 1]) for j in range(len(params) // 2)])
        rmse = float(np.sqrt(total / m_all.sum())) * 162
        match = duplicate_match(PolicyPlayer(net), GreedyPlayer(), CURVE_DEALS, RULES, CURVE_SEED)
        low, high = match.confidence_interval
        curve.append(
            {"round": label, "epoch": epoch + 1, "rmse_points": rmse, "mean": match.mean,
             "low": low, "high": high}
        )  # fmt: skip
        _log(
            f"  {label} epoch {epoch + 1}: rmse {rmse:.1f} points ({took:.0f} s); against "
            f"greedy {match.mean:+.1f} ({low:+.1f} to {high:+.1f}) a deal"
        )
    return net


def _cached(path: Path, make: object) -> dict[str, np.ndarray]:
    if path.exists():
        with np.load(path) as data:
            kept: dict[str, np.ndarray] = dict(data.items())
            return kept
    assert callable(make)
    made: dict[str, np.ndarray] = make()
    np.savez(path, **made)  # type: ignore[arg-type]
    return made


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work", type=Path, required=True, help="the stages' outputs")
    parser.add_argument("--out", type=Path, required=True, help="the network's .npz file")
    parser.add_argument("--deals", type=int, default=4500, help="deals a round (4500)")
    parser.add_argument("--epochs", type=int, default=8, help="epochs a round (8)")
    parser.add_argument(
        "--centered", type=float, default=3.0, help="weight of the centred error, round 2 (3)"
    )
    parser.add_argument("--stop-after", choices=("data1", "net1", "data2"), default=None)
    args = parser.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    curve: list[dict[str, float | str]] = []
    _log("round 1: deals played by GreedyPlayer")
    data1 = _cached(args.work / "data1.npz", lambda: generate(args.deals, 1, GreedyPlayer()))
    _log(f"round 1: {len(data1['x'])} positions")
    if args.stop_after == "data1":
        return 0
    net1_path = args.work / "net1.npz"
    if net1_path.exists():
        net1 = PolicyNetwork.load(net1_path)
    else:
        net1 = train(data1, args.epochs, 11, None, curve, "round 1")
        net1.save(net1_path)
        (args.work / "curve1.json").write_text(json.dumps(curve, indent=1))
    if args.stop_after == "net1":
        return 0
    _log("round 2: deals played by the round-one network (self-play)")
    data2 = _cached(args.work / "data2.npz", lambda: generate(args.deals, 2, PolicyPlayer(net1)))
    _log(f"round 2: {len(data2['x'])} positions")
    if args.stop_after == "data2":
        return 0
    both = {key: np.concatenate([data1[key], data2[key]]) for key in data1}
    net2 = train(both, args.epochs, 12, net1, curve, "round 2", args.centered)
    net2.save(args.out)
    (args.work / "curve2.json").write_text(json.dumps(curve, indent=1))
    _log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
