"""Speed of the bots' machinery (issue 12), one core, this interpreter's build.

Figures:

(a) ``sampled_deals_per_sec``: :meth:`coinche.bots.sampling.Sampler.sample` (masks) from a
    mid-play view (two tricks and a card played, common rules), the sampler built
    once; ``sampled_hands_per_sec`` the same through :func:`~coinche.bots.sampling.sample_deals`
    (four :class:`~coinche.Hand` values a deal); ``constraints_per_sec``: building the
    sampler from the view (the inference and the counting programme);
(b) ``pimc_decisions_per_sec``: :meth:`coinche.bots.players.PimcPlayer.choose` at 20 worlds,
    from views with 8, 12 and 16 cards left to play in the deal (``_8`` ...): the cost
    falls steeply with the cards left, the solver's first tricks being the dear ones;
(c) ``evaluate_contract_sec``: seconds for one :func:`coinche.bots.evaluate.evaluate_contract`
    of 100 hearts with 100 samples from a bare hand (whole deals solved).

``python benchmarks/bench_bots.py [--json FILE] [--quick]``; ``--quick`` runs (c) with
10 samples and (b) with fewer views. The compiled build compiles the kernel, the engine
and the double-dummy search (``_kernel``, ``engine``, ``_search``, ``solver``): there (b)
and (c) gain from the compiled solver, while the sampler, PIMC and the evaluation loop
stay interpreted in both builds. Run it with ``.venv-compiled/bin/python`` for those.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from coinche import COMPILED, Contract, Hand, RuleConfig, Seat, Strain
from coinche.bots.evaluate import evaluate_contract
from coinche.bots.players import PimcPlayer
from coinche.bots.sampling import Sampler, sample_deals
from coinche.deal import Deal, Phase, PlayerView


def view_after(cards: int, seed: int) -> tuple[Deal, PlayerView]:
    rng = random.Random(seed)
    while True:
        deal = Deal.new(Seat(rng.randrange(4)), RuleConfig.common(), rng)
        while deal.phase is Phase.AUCTION:
            deal = deal.apply(rng.choice(deal.legal_actions()))
        if deal.phase is not Phase.PLAY:
            continue
        for _ in range(cards):
            deal = deal.apply(rng.choice(deal.legal_actions()))
        if len(deal.legal_actions()) > 1:
            return deal, deal.view(deal.to_move or Seat.NORTH)


def main() -> None:
    parser = argparse.ArgumentParser(description="bots benchmark")
    parser.add_argument("--json")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    figures: dict[str, float] = {}

    _, view = view_after(9, 4)
    sampler = Sampler.from_view(view)
    rng = random.Random(1)
    n = 50000
    start = time.perf_counter()
    for _ in range(n):
        sampler.sample(rng)
    figures["sampled_deals_per_sec"] = n / (time.perf_counter() - start)
    start = time.perf_counter()
    sample_deals(view, n, rng)
    figures["sampled_hands_per_sec"] = n / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(200):
        Sampler.from_view(view)
    figures["constraints_per_sec"] = 200 / (time.perf_counter() - start)

    views = 2 if args.quick else 6
    for left in (8, 12, 16):
        player = PimcPlayer(worlds=20, rng=random.Random(2))
        elapsed = 0.0
        for seed in range(views):
            deal, v = view_after(32 - left, 100 + seed)
            start = time.perf_counter()
            player.choose(v, deal.legal_actions(), rng)
            elapsed += time.perf_counter() - start
        figures[f"pimc_decisions_per_sec_{left}"] = views / elapsed

    samples = 10 if args.quick else 100
    hand = Hand.parse("JH 9H AH AS TS 7C 8D 7S")
    start = time.perf_counter()
    value = evaluate_contract(
        hand, Contract(Seat.SOUTH, Strain.HEARTS, 100), RuleConfig.common(), samples,
        random.Random(3),
    )  # fmt: skip
    figures["evaluate_contract_sec"] = time.perf_counter() - start
    figures["evaluate_samples"] = samples
    figures["evaluate_score"] = value.score
    figures["evaluate_score_stderr"] = value.score_stderr
    figures["evaluate_card_points"] = value.card_points
    figures["evaluate_made"] = value.made

    print(f"build: {'compiled' if COMPILED else 'pure'}")
    for name, figure in figures.items():
        print(f"{name:32} {figure:12.2f}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(figures, out, indent=2)


if __name__ == "__main__":
    main()
