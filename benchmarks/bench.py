"""Throughput of the core rules, through the public API, on one core.

Prints three figures with a fixed seed:

* ``legal_cards`` calls per second over distinct mid-trick positions reached by random
  legal play (every call computes its answer; nothing is cached between calls);
* ``score_deal`` calls per second over distinct finished deals;
* complete deals per second: deal, play a random legal card each turn, score;
* complete deals per second through :class:`coinche.Deal`, auction included: a random
  legal action each turn (checked ``apply`` and the unchecked fast path), then scored;
* complete games per second through :class:`coinche.Game` (random legal actions).

Run it with ``make bench`` or ``python benchmarks/bench.py [--deals N] [--rules NAME]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

import attrs

import coinche
from coinche import (
    CARDS,
    Contract,
    Deal,
    FirstLead,
    Game,
    Hand,
    RuleConfig,
    Seat,
    Strain,
    Trick,
    legal_cards,
    score_deal,
    trick_winner,
)

Position = tuple[Hand, Trick, Strain, RuleConfig]


def _rules_with_all_strains(rules: RuleConfig) -> RuleConfig:
    if rules.auction is coinche.AuctionKind.BIDDING:
        return attrs.evolve(rules, allow_no_trump=True, allow_all_trump=True)
    return rules


def random_contract(rng: random.Random, rules: RuleConfig) -> Contract:
    """A contract the rules allow, at random (numeric values only)."""
    strains = [Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES]
    if rules.allow_no_trump:
        strains.append(Strain.NO_TRUMP)
    if rules.allow_all_trump:
        strains.append(Strain.ALL_TRUMP)
    return Contract(rng.choice(list(Seat)), rng.choice(strains), rng.choice(rules.numeric_bids()))


def play_deal(
    rng: random.Random,
    contract: Contract,
    rules: RuleConfig,
    seen: Callable[[Hand, Trick], None] | None = None,
) -> list[Trick]:
    """Shuffle, deal 8 cards each, and play 8 tricks of random legal cards."""
    deck = list(CARDS)
    rng.shuffle(deck)
    hands = [Hand(deck[8 * i : 8 * i + 8]) for i in range(4)]
    strain = contract.strain
    leader = contract.taker if rules.first_lead is FirstLead.TAKER else rng.choice(list(Seat))
    tricks: list[Trick] = []
    for _ in range(8):
        trick = Trick(leader)
        seat = leader
        for _ in range(4):
            hand = hands[seat]
            if seen is not None:
                seen(hand, trick)
            card = rng.choice(legal_cards(hand, trick, strain, rules).cards)
            hands[seat] = hand.remove(card)
            trick = trick.play(card)
            seat = seat.next
        tricks.append(trick)
        leader = trick_winner(trick, strain)
    return tricks


def _rate(count: int, seconds: float) -> str:
    return f"{count / seconds:>12,.0f} /s  ({count:,} in {seconds:.2f} s)"


def bench_legal_cards(rng: random.Random, presets: Sequence[RuleConfig], minimum: int) -> str:
    positions: list[Position] = []
    keys: set[tuple[int, int, int, int, int]] = set()
    while len(positions) < minimum:
        rules = rng.choice(presets)
        contract = random_contract(rng, rules)

        def keep(
            hand: Hand, trick: Trick, rules: RuleConfig = rules, strain: Strain = contract.strain
        ) -> None:
            if trick.cards:  # mid-trick: at least one card played
                key = (hand.mask, trick.mask, trick.leader, strain, rules.play_flags)
                if key not in keys:
                    keys.add(key)
                    positions.append((hand, trick, strain, rules))

        play_deal(rng, contract, rules, keep)
    rounds = 5
    start = time.perf_counter()
    for _ in range(rounds):
        for hand, trick, strain, rules in positions:
            legal_cards(hand, trick, strain, rules)
    elapsed = time.perf_counter() - start
    return f"legal_cards ({len(positions):,} distinct positions): " + _rate(
        rounds * len(positions), elapsed
    )


def bench_score_deal(rng: random.Random, presets: Sequence[RuleConfig], count: int) -> str:
    deals = []
    for _ in range(count):
        rules = rng.choice(presets)
        contract = random_contract(rng, rules)
        deals.append((contract, play_deal(rng, contract, rules), rules))
    start = time.perf_counter()
    for contract, tricks, rules in deals:
        score_deal(contract, tricks, rules)
    elapsed = time.perf_counter() - start
    return f"score_deal ({count:,} distinct deals):        " + _rate(count, elapsed)


def bench_full_deals(rng: random.Random, presets: Sequence[RuleConfig], count: int) -> str:
    start = time.perf_counter()
    for _ in range(count):
        rules = rng.choice(presets)
        contract = random_contract(rng, rules)
        score_deal(contract, play_deal(rng, contract, rules), rules)
    elapsed = time.perf_counter() - start
    return "deals played and scored:                    " + _rate(count, elapsed)


def bench_deal_machine(
    rng: random.Random, presets: Sequence[RuleConfig], count: int, *, checked: bool
) -> str:
    seats = list(Seat)
    start = time.perf_counter()
    for _ in range(count):
        deal = Deal.new(rng.choice(seats), rng.choice(presets), rng)
        while not deal.is_over:
            action = rng.choice(deal.legal_actions())
            deal = deal.apply(action) if checked else deal.apply_unchecked(action)
        _ = deal.result
    elapsed = time.perf_counter() - start
    how = "apply, checked" if checked else "apply_unchecked"
    return f"Deal with auction ({how}):{' ' * (19 - len(how))}" + _rate(count, elapsed)


def bench_games(rng: random.Random, presets: Sequence[RuleConfig], count: int) -> str:
    seats = list(Seat)
    deals = 0
    start = time.perf_counter()
    for _ in range(count):
        game = Game.new(rng.choice(presets), rng.choice(seats), rng)
        while not game.is_over:
            game = game.apply_unchecked(rng.choice(game.legal_actions()))
        deals += len(game.results) + game.thrown_in
    elapsed = time.perf_counter() - start
    return (
        "games played to the target:                 "
        + _rate(count, elapsed)
        + f", {deals / count:.1f} deals a game"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--deals", type=int, default=20_000, help="deals to score and to play")
    parser.add_argument("--positions", type=int, default=20_000, help="distinct positions")
    parser.add_argument("--games", type=int, default=100, help="whole games to play")
    parser.add_argument(
        "--rules",
        choices=["all", *coinche.PRESETS],
        default="all",
        help="preset to run (default: a random preset per deal)",
    )
    args = parser.parse_args(argv)
    names = list(coinche.PRESETS) if args.rules == "all" else [args.rules]
    presets = [_rules_with_all_strains(RuleConfig.preset(name)) for name in names]
    print(f"coinche {coinche.__version__}, presets: {', '.join(names)}, seed {args.seed}")
    print(bench_legal_cards(random.Random(args.seed), presets, args.positions))
    print(bench_score_deal(random.Random(args.seed), presets, args.deals))
    print(bench_full_deals(random.Random(args.seed), presets, args.deals))
    machine_deals = max(1, args.deals // 4)
    print(bench_deal_machine(random.Random(args.seed), presets, machine_deals, checked=True))
    print(bench_deal_machine(random.Random(args.seed), presets, machine_deals, checked=False))
    print(bench_games(random.Random(args.seed), presets, args.games))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
