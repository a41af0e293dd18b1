"""Deal, play and score one deal of Coinche at random, under a preset of your choice.

The script shuffles the 32 cards with ``random.Random(seed)``, deals them in packets
(:attr:`coinche.RuleConfig.deal_pattern`) from the seat after the dealer, and skips the
auction: the seat after the dealer takes the contract at the lowest bid the rules allow
(:attr:`coinche.RuleConfig.min_bid`), in the suit it holds most of. Every player then
plays a card chosen at random among :func:`coinche.legal_cards`, and
:func:`coinche.score_deal` scores the eight tricks and explains every figure.

Run it from the repository with the project's environment (``make demo`` plays a whole
game with the ``coinche play`` command instead), choosing the rules, the seed and the
strain::

    .venv/bin/python examples/score_a_deal.py --rules ffb --seed 7
    .venv/bin/python examples/score_a_deal.py --rules common --strain NT

The same seed, rules and strain always give the same deal: nothing uses the global
:mod:`random` state.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import attrs

import coinche
from coinche import Contract, Hand, RuleConfig, Seat, Strain, Suit, Trick

STRAIN_NAMES = {
    Strain.CLUBS: "clubs",
    Strain.DIAMONDS: "diamonds",
    Strain.HEARTS: "hearts",
    Strain.SPADES: "spades",
    Strain.NO_TRUMP: "no trump",
    Strain.ALL_TRUMP: "all trump",
}


def deal_hands(rng: random.Random, dealer: Seat, rules: RuleConfig) -> dict[Seat, Hand]:
    """Shuffle the 32 cards and deal them in the packets of ``rules.deal_pattern``.

    The first packet goes to the seat after the dealer, and round the table in the
    order of play, as rules page, section 2 describes.
    """
    deck = list(coinche.CARDS)
    rng.shuffle(deck)
    dealt: dict[Seat, list[coinche.Card]] = {seat: [] for seat in Seat}
    position = 0
    for packet in rules.deal_pattern:
        for seat in dealer.next.cycle():
            dealt[seat].extend(deck[position : position + packet])
            position += packet
    return {seat: Hand(cards) for seat, cards in dealt.items()}


def longest_suit(hand: Hand) -> Strain:
    """The suit the hand holds most cards of; on a tie, the one with more trump points."""

    def weight(suit: Suit) -> tuple[int, int]:
        strain = Strain.from_suit(suit)
        cards = hand.of_suit(suit)
        return len(cards), sum(coinche.card_points(card, strain) for card in cards)

    return Strain.from_suit(max(Suit, key=weight))


def choose_rules(preset: str, strain: Strain | None) -> RuleConfig:
    """The preset, with no trump or all trump switched on if ``--strain`` asks for it."""
    rules = RuleConfig.preset(preset)
    if strain is Strain.NO_TRUMP and not rules.allow_no_trump:
        rules = attrs.evolve(rules, allow_no_trump=True)
    if strain is Strain.ALL_TRUMP and not rules.allow_all_trump:
        rules = attrs.evolve(rules, allow_all_trump=True)
    return rules


def play_deal(
    rng: random.Random,
    hands: dict[Seat, Hand],
    contract: Contract,
    leader: Seat,
    rules: RuleConfig,
) -> list[Trick]:
    """Play eight tricks, each seat choosing a random legal card, and print them."""
    strain = contract.strain
    tricks: list[Trick] = []
    taken = dict.fromkeys(coinche.Team, 0)
    for number in range(1, 9):
        trick = Trick(leader)
        while not trick.is_complete:
            seat = trick.to_move
            card = rng.choice(coinche.legal_cards(hands[seat], trick, strain, rules).cards)
            hands[seat] = hands[seat].remove(card)
            trick = trick.play(card)
        winner = coinche.trick_winner(trick, strain)
        points = coinche.trick_points(trick, strain)
        bonus = "  + 10 for the last trick (dix de der)" if number == 8 else ""
        print(
            f"  {number}. {trick!s:<15} won by {winner.name:<5} "
            f"({winner.team.short}) {points:>3} points{bonus}"
        )
        taken[winner.team] += points + (10 if number == 8 else 0)
        tricks.append(trick)
        leader = winner
    ns, ew = taken[coinche.Team.NORTH_SOUTH], taken[coinche.Team.EAST_WEST]
    print(f"  Card points taken: NS {ns}, EW {ew}")
    return tricks


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``--rules``, ``--seed`` and ``--strain``."""
    parser = argparse.ArgumentParser(
        description="Deal, play and score one deal of Coinche at random under a preset.",
    )
    parser.add_argument(
        "--rules",
        choices=list(coinche.PRESETS),
        default="common",
        metavar="PRESET",
        help="the rule set: " + ", ".join(coinche.PRESETS) + " (default: common)",
    )
    parser.add_argument(
        "--seed", type=int, default=1, metavar="N", help="seed of the shuffle (default: 1)"
    )
    parser.add_argument(
        "--strain",
        metavar="STRAIN",
        help="trumps: C, D, H, S, NT or AT (default: the taker's longest suit)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    preset: str = args.rules
    seed: int = args.seed
    strain: Strain | None = None
    if args.strain is not None:
        try:
            strain = Strain.parse(args.strain)
        except coinche.NotationError as error:
            parser.error(str(error))
    try:
        rules = choose_rules(preset, strain)
    except coinche.RuleConfigError as error:
        parser.error(f"--strain {args.strain} is not possible with --rules {preset}: {error}")

    rng = random.Random(seed)
    dealer = Seat(rng.randrange(4))
    hands = deal_hands(rng, dealer, rules)
    taker = dealer.next
    if strain is None:
        strain = longest_suit(hands[taker])
    contract = Contract(taker, strain, rules.min_bid)
    # rules page, section 4: the seat after the dealer leads, or the taker in classic belote
    leader = taker if rules.first_lead is coinche.FirstLead.TAKER else dealer.next

    changed = "" if rules.preset_name == preset else f", with {STRAIN_NAMES[strain]} allowed"
    print(f"Rules: {preset}{changed}; seed {seed}")
    print(f"Dealer: {dealer.name}")
    print("Hands:")
    for seat in Seat:
        print(f"  {seat.name:<5} {hands[seat]}")
    if rules.auction is coinche.AuctionKind.TURNED_CARD:
        why = f"the classic game: the taker's team needs {rules.min_bid} points"
    else:
        why = "the lowest bid these rules allow"
    print(
        f"Contract: {contract.value} in {STRAIN_NAMES[strain]} by {taker.name} "
        f"({taker.team.short}), {why}"
    )
    print(f"Tricks ({leader.name} leads the first):")
    tricks = play_deal(rng, hands, contract, leader, rules)

    result = coinche.score_deal(contract, tricks, rules)
    print()
    print(result.breakdown())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
