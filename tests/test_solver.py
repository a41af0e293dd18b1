"""Tests of the double-dummy solver (issue 11), against independent references.

* A plain minimax written here (no pruning, no table, no equivalent cards, no capot
  shortcut: it plays every legal card to the end and counts the card points as
  score_deal does) on random positions with at most four tricks left, under every
  preset and strain, many of them in the middle of a trick.
* ``makes`` against a brute force over the public :class:`~coinche.Deal` (each line
  played to the end, and the contract judged by :func:`~coinche.score_deal`).
* colver's double-dummy solver (``Env.solve_all_suits`` and ``Env.solve_scores``) under
  ``RuleConfig.ffb()``, colver's reading of the rules of play.

The large colver run (200 full deals) takes a few minutes in pure Python: it runs when
the environment variable ``COINCHE_SLOW`` is set (``COINCHE_SLOW=1 pytest ...``); the
default run solves a smaller sample (see ``COLVER_DEALS``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinche import (
    CAPOT,
    CARDS,
    GENERALE,
    PRESETS,
    AuctionKind,
    Card,
    Contract,
    Deal,
    FirstLead,
    Hand,
    InvalidDealError,
    RuleConfig,
    Seat,
    Strain,
    Team,
    TeamPoints,
    score_deal,
    trick_points,
    trick_winner,
)
from coinche import _kernel as K
from coinche.auction import PASS, Bid
from coinche.errors import CoincheTypeError
from coinche.solver import best_line, dd_table, makes, solve, solve_cards, solve_deal

SLOW: Final = bool(os.environ.get("COINCHE_SLOW"))
MINIMAX_POSITIONS: Final = 2000
COLVER_DEALS: Final = 200 if SLOW else 16


# ---------------------------------------------------------------- building deals
def playable(rules: RuleConfig, strain: Strain) -> RuleConfig:
    """*rules* with numeric bidding and *strain* allowed (the rules of play unchanged),
    so that any preset can reach its play phase through Bid + passes."""
    new = rules
    if rules.auction is not AuctionKind.BIDDING:
        new = attrs.evolve(new, auction=AuctionKind.BIDDING)
    if strain is Strain.NO_TRUMP and not rules.allow_no_trump:
        new = attrs.evolve(new, allow_no_trump=True)
    if strain is Strain.ALL_TRUMP and not rules.allow_all_trump:
        new = attrs.evolve(new, allow_all_trump=True)
    assert new.play_flags == rules.play_flags
    return new


def start(
    hands: Sequence[Hand], rules: RuleConfig, strain: Strain, dealer: Seat, taker: Seat
) -> Deal:
    """A deal in its play phase: *taker* bids the lowest bid in *strain*, all others pass."""
    deal = Deal.from_hands(dealer, rules, list(hands))
    while deal.to_move != taker:
        deal = deal.apply(PASS)
    deal = deal.apply(Bid(rules.numeric_bids()[0], strain))
    for _ in range(3):
        deal = deal.apply(PASS)
    return deal


def random_hands(rng: random.Random) -> list[Hand]:
    cards = list(CARDS)
    rng.shuffle(cards)
    return [Hand(cards[8 * i : 8 * i + 8]) for i in range(4)]


def random_deal(rng: random.Random, preset: str, strain: Strain) -> Deal:
    rules = playable(RuleConfig.preset(preset), strain)
    return start(random_hands(rng), rules, strain, Seat(rng.randrange(4)), Seat(rng.randrange(4)))


def play_randomly(deal: Deal, rng: random.Random, cards: int) -> Deal:
    for _ in range(cards):
        deal = deal.apply(rng.choice(deal.legal_actions()))
    return deal


# ---------------------------------------------------------------- the plain minimax
def minimax(
    hands: list[int],
    seat: int,
    trick: list[int],
    strain: int,
    flags: int,
    side: int,
    won: list[int],
    tricks: list[int],
    capot: int,
) -> int:
    """*side*'s card points at the end of the deal, both teams playing perfectly: every
    legal card tried, to the end. *won* and *tricks* are each team's points and tricks
    so far; the last trick earns 10; a team with every trick gets *capot* points."""
    if not trick and not hands[seat]:
        if tricks[1 - side] == 0:
            return capot
        if tricks[side] == 0:
            return 0
        return won[side]
    t = [*trick, 0, 0, 0]
    legal = K.legal_mask(hands[seat], len(trick), t[0], t[1], t[2], strain, flags)
    values = []
    for card in range(32):
        if not legal >> card & 1:
            continue
        hands[seat] ^= 1 << card
        played = [*trick, card]
        if len(played) < 4:
            v = minimax(hands, (seat + 1) % 4, played, strain, flags, side, won, tricks, capot)
        else:
            leader = (seat + 1) % 4
            winner = K.trick_winner(leader, played[0], played[1], played[2], card, strain)
            points = sum(K.card_points(c, strain) for c in played)
            if not any(hands):
                points += 10
            won[winner % 2] += points
            tricks[winner % 2] += 1
            v = minimax(hands, winner, [], strain, flags, side, won, tricks, capot)
            won[winner % 2] -= points
            tricks[winner % 2] -= 1
        hands[seat] ^= 1 << card
        values.append(v)
    return max(values) if seat % 2 == side else min(values)


def minimax_deal(deal: Deal, side: int) -> int:
    """The minimax value of a deal in its play phase (the history read from the Deal)."""
    contract = deal.contract
    trick = deal.trick
    assert contract is not None
    assert trick is not None
    strain = contract.strain
    won = [0, 0]
    tricks = [0, 0]
    for done in deal.tricks:
        team = int(trick_winner(done, strain)) % 2
        won[team] += trick_points(done, strain)
        tricks[team] += 1
    to_move = deal.to_move
    assert to_move is not None
    return minimax(
        [deal.hand(seat).mask for seat in Seat],
        int(to_move),
        [card.index for card in trick.cards],
        int(strain),
        deal.rules.play_flags,
        side,
        won,
        tricks,
        deal.rules.capot_card_points,
    )


def expected_points(deal: Deal, side: int) -> TeamPoints:
    """Both figures as the solver documents them, from minimax values: the side's value;
    the other team's is the capot when the side scores 0 and the other team can force a
    capot, 0 when the side makes the capot, else 162 minus the side's."""
    capot = deal.rules.capot_card_points
    mine = minimax_deal(deal, side)
    if mine == capot:
        theirs = 0
    elif mine == 0 and minimax_deal(deal, 1 - side) == capot:
        theirs = capot
    else:
        theirs = 162 - mine
    return TeamPoints(mine, theirs) if side == 0 else TeamPoints(theirs, mine)


# ---------------------------------------------------------------- minimax tests
def test_minimax_reference_counts_like_score_deal() -> None:
    """The reference itself: on a finished line it returns score_deal's card points."""
    rng = random.Random(3)
    for preset in PRESETS:
        deal = play_randomly(random_deal(rng, preset, Strain.HEARTS), rng, 31)
        final = deal.apply(deal.legal_actions()[0])
        result = final.result
        assert result is not None
        for side in (0, 1):
            assert minimax_deal(deal, side) == result.card_points[Team(side)]


def test_equal_to_plain_minimax_on_random_endings() -> None:
    rng = random.Random(20_261_130)
    strains = list(Strain)
    presets = list(PRESETS)
    mid_trick = capots = 0
    for number in range(MINIMAX_POSITIONS):
        preset = presets[number % len(presets)]
        strain = strains[number // len(presets) % len(strains)]
        deal = random_deal(rng, preset, strain)
        # at most four tricks left: between 16 and 31 cards played
        deal = play_randomly(deal, rng, rng.randrange(16, 32))
        trick = deal.trick
        assert trick is not None
        mid_trick += bool(trick.cards)
        contract = deal.contract
        assert contract is not None
        side = int(contract.taker) % 2
        expected = expected_points(deal, side)
        capots += deal.rules.capot_card_points in expected.values()
        got = solve(deal)
        assert got.card_points == expected, (preset, strain, deal.history)
        assert got.side == Team(side)
    assert mid_trick > MINIMAX_POSITIONS // 2
    assert capots > 20


def test_card_values_equal_plain_minimax() -> None:
    rng = random.Random(11)
    for number in range(120):
        preset = list(PRESETS)[number % len(PRESETS)]
        strain = list(Strain)[number % 6]
        deal = play_randomly(random_deal(rng, preset, strain), rng, rng.randrange(16, 31))
        contract = deal.contract
        assert contract is not None
        side = int(contract.taker) % 2
        values = solve_cards(deal)
        assert set(values) == set(deal.legal_actions())
        for card, points in values.items():
            after = deal.apply(card)
            if after.is_over:
                result = after.result
                assert result is not None
                assert points[Team(side)] == result.card_points[Team(side)]
            else:
                assert points == expected_points(after, side)
        best = max(p[Team(side)] for p in values.values())
        worst = min(p[Team(side)] for p in values.values())
        value = solve(deal).card_points[Team(side)]
        mover = deal.to_move
        assert mover is not None
        assert value == (best if mover.team == Team(side) else worst)


# ---------------------------------------------------------------- makes
def made_by_brute_force(deal: Deal, contract: Contract) -> bool:
    """Whether the bidders can force a line that score_deal judges made."""
    if deal.is_over:
        result = score_deal(
            contract,
            deal.tricks,
            deal.rules,
            announcements=deal.announcements,
            belote_declared=deal.belote_declared,
        )
        return result.made
    mover = deal.to_move
    assert mover is not None
    outcomes = (made_by_brute_force(deal.apply(card), contract) for card in deal.legal_actions())
    return any(outcomes) if mover.team == contract.team else all(outcomes)


def test_makes_equals_brute_force_over_score_deal() -> None:
    rng = random.Random(5)
    kinds = {"made": 0, "failed": 0}
    for number in range(300):
        preset = list(PRESETS)[number % len(PRESETS)]
        strain = list(Strain)[number % 6]
        deal = play_randomly(random_deal(rng, preset, strain), rng, rng.randrange(22, 32))
        base = deal.contract
        assert base is not None
        rules = deal.rules
        values: list[object] = [*rules.numeric_bids(), CAPOT]
        if rules.allow_generale:
            values.append(GENERALE)
        value = rng.choice(values)
        multiplier = rng.choice((1, 2)) if rules.allow_coinche and value is not CAPOT else 1
        contract = Contract(base.taker, base.strain, value, multiplier)  # type: ignore[arg-type]
        expected = made_by_brute_force(deal, contract)
        kinds["made" if expected else "failed"] += 1
        assert makes(deal, contract) == expected, (preset, str(contract), deal.history)
    assert min(kinds.values()) > 50


def test_makes_defaults_to_the_deal_contract() -> None:
    rng = random.Random(8)
    deal = play_randomly(random_deal(rng, "common", Strain.SPADES), rng, 26)
    contract = deal.contract
    assert contract is not None
    assert makes(deal) == made_by_brute_force(deal, contract)


# ---------------------------------------------------------------- colver
if TYPE_CHECKING:
    import colver
else:
    colver = pytest.importorskip("colver", reason="colver (the test group) is needed")

from test_differential import TO_CARD, TO_COLVER, to_strain  # noqa: E402


def test_equal_to_colver_on_full_deals() -> None:
    """colver's ``solve_all_suits``: North-South's card points in each trump suit with
    the seat after the dealer leading, both sides perfect, capot counting 252."""
    rng = random.Random(20_261_201)
    ffb = RuleConfig.ffb()
    capots = 0
    for number in range(COLVER_DEALS):
        deck = list(range(32))
        rng.shuffle(deck)
        colver_hands = [sorted(deck[8 * i : 8 * i + 8]) for i in range(4)]
        dealer = rng.randrange(4)
        env = colver.Env.deal_with_hands(dealer, colver_hands)
        theirs = env.solve_all_suits()["suits"]  # type: ignore[attr-defined]
        trump = number % 4  # every suit in turn
        hands = [Hand(TO_CARD[i] for i in hand) for hand in colver_hands]
        ours = solve_deal(hands, to_strain(trump), Seat((dealer + 1) % 4), ffb)
        assert [ours.card_points.north_south, ours.card_points.east_west] == theirs[trump], (
            colver_hands,
            dealer,
            trump,
        )
        capots += 252 in theirs[trump]
    assert COLVER_DEALS < 100 or capots > 0


def test_card_values_equal_colver_mid_deal() -> None:
    """colver's ``solve_scores``: North-South's card points after each legal card."""
    rng = random.Random(42)
    ffb = RuleConfig.ffb()
    for _ in range(12):
        deck = list(range(32))
        rng.shuffle(deck)
        colver_hands = [sorted(deck[8 * i : 8 * i + 8]) for i in range(4)]
        dealer = rng.randrange(4)
        trump = rng.randrange(4)
        taker = Seat(rng.randrange(4))
        env = colver.Env.deal_with_hands(dealer, colver_hands)
        env.set_contract(trump, 80, taker.team, 0)
        env.set_phase_playing()
        hands = [Hand(TO_CARD[i] for i in hand) for hand in colver_hands]
        rules = attrs.evolve(ffb, first_lead=FirstLead.AFTER_DEALER)
        deal = start(hands, rules, to_strain(trump), Seat(dealer), taker)
        assert deal.to_move == Seat((dealer + 1) % 4)
        for _ in range(rng.randrange(10, 20)):
            card = rng.choice(deal.legal_actions())
            assert isinstance(card, Card)
            deal = deal.apply(card)
            env.step(TO_COLVER[card])
        scores = {TO_CARD[c]: ns for c, ns in env.solve_scores()["scores"]}
        ours = {card: points.north_south for card, points in solve_cards(deal).items()}
        assert ours == scores, deal.history


# ---------------------------------------------------------------- properties
@st.composite
def positions(draw: st.DrawFn) -> Deal:
    preset = draw(st.sampled_from(list(PRESETS)))
    strain = draw(st.sampled_from(list(Strain)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    deal = random_deal(rng, preset, strain)
    return play_randomly(deal, rng, draw(st.integers(12, 31)))


@settings(max_examples=60, deadline=None)
@given(positions())
def test_value_never_exceeds_the_points_left(deal: Deal) -> None:
    contract = deal.contract
    trick = deal.trick
    assert contract is not None
    assert trick is not None
    side = contract.team
    strain = contract.strain
    rest = sum(K.mask_points(deal.hand(seat).mask, int(strain)) for seat in Seat)
    rest += sum(K.card_points(card.index, int(strain)) for card in trick.cards) + 10
    won = [0, 0]
    for t in deal.tricks:
        won[trick_winner(t, strain).team] += trick_points(t, strain)
    done = TeamPoints(won[0], won[1])
    value = solve(deal).card_points[side]
    assert value == deal.rules.capot_card_points or value - done[side] <= rest
    assert value >= done[side] or value == 0


def rotate(hands: Sequence[Hand]) -> list[Hand]:
    """Each hand moved two seats on: North's to South and East's to West, and back."""
    return [hands[2], hands[3], hands[0], hands[1]]


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(list(Strain)), st.sampled_from(list(PRESETS)))
def test_swapping_the_partners_hands_changes_nothing(
    seed: int, strain: Strain, preset: str
) -> None:
    """Swap the two defenders' hands, and the two declarers' hands, and move the lead two
    seats on: every seat keeps its place in the order of play relative to its partner
    and its opponents, so the value is the same."""
    rng = random.Random(seed)
    hands = random_hands(rng)
    leader = Seat(rng.randrange(4))
    rules = RuleConfig.preset(preset)
    one = solve_deal(hands, strain, leader, rules)
    two = solve_deal(rotate(hands), strain, Seat((leader + 2) % 4), rules)
    assert one.card_points == two.card_points


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(list(Strain)), st.sampled_from(list(PRESETS)))
def test_solve_at_the_root_equals_solve_deal(seed: int, strain: Strain, preset: str) -> None:
    rng = random.Random(seed)
    rules = playable(RuleConfig.preset(preset), strain)
    hands = random_hands(rng)
    taker = Seat(rng.randrange(4))
    deal = start(hands, rules, strain, Seat(rng.randrange(4)), taker)
    leader = deal.to_move
    assert leader is not None
    expected = solve_deal(hands, strain, leader, rules, side=taker.team)
    got = solve(deal)
    assert got.card_points == expected.card_points
    assert got.side == expected.side == taker.team


# ---------------------------------------------------------------- the best line
def test_best_line_scores_the_solved_value() -> None:
    rng = random.Random(9)
    for preset in PRESETS:
        deal = play_randomly(random_deal(rng, preset, Strain.DIAMONDS), rng, 12)
        contract = deal.contract
        assert contract is not None
        value = solve(deal).card_points
        for card in best_line(deal):
            deal = deal.apply(card)
        result = deal.result
        assert result is not None
        assert result.card_points[contract.team] == value[contract.team]


def test_dd_table_has_every_allowed_strain_and_seat() -> None:
    hands = [
        Hand.parse(text)
        for text in (
            "JH 9H AH TH KH QH 8H 7H",
            "7C 8C 9C TC JC QC KC AC",
            "7S 8S 9S TS JS QS KS AS",
            "7D 8D 9D TD JD QD KD AD",
        )
    ]
    table = dd_table(hands, RuleConfig.common())
    assert list(table) == list(Strain)[:4]  # common: no NT, no AT
    # hearts: whoever leads, North's eight hearts win eight tricks
    assert all(table[Strain.HEARTS][seat] == TeamPoints(250, 0) for seat in Seat)
    # clubs: East's eight clubs win eight tricks
    assert all(table[Strain.CLUBS][seat] == TeamPoints(0, 250) for seat in Seat)
    every = attrs.evolve(RuleConfig.common(), allow_no_trump=True, allow_all_trump=True)
    assert list(dd_table(hands, every)) == list(Strain)


# ---------------------------------------------------------------- bad input
def test_bad_arguments_are_refused() -> None:
    hands = random_hands(random.Random(1))
    rules = RuleConfig()
    with pytest.raises(InvalidDealError, match="EAST's hand does not hold 8 cards"):
        solve_deal(
            [hands[0], Hand(hands[1].cards[:7]), hands[2], hands[3]],
            Strain.HEARTS,
            Seat.NORTH,
            rules,
        )
    with pytest.raises(InvalidDealError, match="repeats a card"):
        solve_deal([hands[0], hands[0], hands[2], hands[3]], Strain.HEARTS, Seat.NORTH, rules)
    with pytest.raises(CoincheTypeError):
        solve_deal(hands[:3], Strain.HEARTS, Seat.NORTH, rules)
    with pytest.raises(CoincheTypeError):
        solve_deal(hands, "H", Seat.NORTH, rules)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        solve_deal(hands, Strain.HEARTS, 0, rules)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        solve_deal(hands, Strain.HEARTS, Seat.NORTH, "ffb")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        solve_deal(hands, Strain.HEARTS, Seat.NORTH, rules, side=0)  # type: ignore[arg-type]
    deal = Deal.from_hands(Seat.WEST, rules, hands)
    with pytest.raises(InvalidDealError, match="play phase, not in the auction phase"):
        solve(deal)
    with pytest.raises(CoincheTypeError):
        solve("deal")  # type: ignore[arg-type]
    played = start(hands, rules, Strain.HEARTS, Seat.WEST, Seat.NORTH)
    with pytest.raises(CoincheTypeError):
        makes(played, "80 H")  # type: ignore[arg-type]


def test_card_keys_are_cards() -> None:
    deal = start(random_hands(random.Random(2)), RuleConfig(), Strain.CLUBS, Seat.WEST, Seat.NORTH)
    deal = play_randomly(deal, random.Random(2), 20)
    assert all(isinstance(card, Card) for card in solve_cards(deal))
