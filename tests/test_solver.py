"""Tests of the double-dummy solver, against independent references.

* A plain minimax written here (no pruning, no table, no equivalent cards, no capot
  shortcut: it plays every legal card to the end and counts the card points as
  score_deal does) on random positions with at most four tricks left, under every
  preset and strain, many of them in the middle of a trick.
* ``makes`` against a brute force over the public :class:`~coinche.Deal` (each line
  played to the end, and the contract judged by :func:`~coinche.score_deal`).
* colver's double-dummy solver (``Env.solve_all_suits`` and ``Env.solve_scores``) under
  ``RuleConfig.ffb()``, colver's reading of the rules of play.

* Symmetries (hypothesis): the two defenders' hands swapped together with the two
  declarers' hands and the lead moved two seats on (swapping the defenders alone
  changes who plays second and who plays fourth, so it is a symmetry only together
  with the declarers' swap); the plain suits renamed; the two teams' values of an
  ending adding up to every point left; the value never above the points left.

The large colver run (200 full deals) takes a few minutes in pure Python: it runs when
the environment variable ``COINCHE_SLOW`` is set (``COINCHE_SLOW=1 pytest ...``); the
default run solves a smaller sample (see ``COLVER_DEALS``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from pathlib import Path
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
    Scoring,
    Seat,
    Strain,
    Team,
    TeamPoints,
    Trick,
    score_deal,
    trick_points,
    trick_winner,
)
from coinche import _kernel as K
from coinche.auction import PASS, Bid
from coinche.bots.solver import (
    Solution,
    best_line,
    dd_table,
    makes,
    solve,
    solve_cards,
    solve_deal,
    solve_ending,
)
from coinche.errors import CoincheTypeError
from coinche.testing.colver import TO_CARD, TO_COLVER, to_strain

# compiled: make compiled-test runs it again against the compiled build
pytestmark = pytest.mark.compiled

SLOW: Final = bool(os.environ.get("COINCHE_SLOW"))
MINIMAX_POSITIONS: Final = 2000
COLVER_DEALS: Final = 200 if SLOW else 8


# ---------------------------------------------------------------- building deals
def playable(rules: RuleConfig, strain: Strain) -> RuleConfig:
    """*rules* with numeric bidding and *strain* allowed (the rules of play unchanged),
    so that any preset can reach its play phase through Bid + passes. Classic belote's
    scoring needs its turned-card auction (its taker needs 82, not a bid), so classic
    rules are scored as common ones here; their rules of play stay classic."""
    new = rules
    if rules.auction is not AuctionKind.BIDDING:
        scoring = Scoring.COMMON if rules.scoring is Scoring.CLASSIC else rules.scoring
        new = attrs.evolve(new, auction=AuctionKind.BIDDING, scoring=scoring)
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
    n = len(trick)
    t = [*trick, 0, 0, 0]
    legal = K.legal_mask(hands[seat], n, t[0], t[1], t[2], strain, flags)
    maximise = seat % 2 == side
    best = -1 if maximise else 1000
    for card in range(32):
        if not legal >> card & 1:
            continue
        hands[seat] ^= 1 << card
        if n < 3:
            t[n] = card
            v = minimax(hands, (seat + 1) % 4, t[: n + 1], strain, flags, side, won, tricks, capot)
        else:
            leader = (seat + 1) % 4
            winner = K.trick_winner(leader, t[0], t[1], t[2], card, strain)
            points = K.trick_points(t[0], t[1], t[2], card, strain)
            if not hands[seat]:
                points += 10
            won[winner % 2] += points
            tricks[winner % 2] += 1
            v = minimax(hands, winner, [], strain, flags, side, won, tricks, capot)
            won[winner % 2] -= points
            tricks[winner % 2] -= 1
        hands[seat] ^= 1 << card
        best = max(best, v) if maximise else min(best, v)
    return best


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


@pytest.mark.heavy
def test_equal_to_plain_minimax_on_random_endings() -> None:
    rng = random.Random(20_261_130)
    strains = list(Strain)
    presets = list(PRESETS)
    mid_trick = capots = 0
    for number in range(MINIMAX_POSITIONS):
        preset = presets[number % len(presets)]
        strain = strains[number // len(presets) % len(strains)]
        deal = random_deal(rng, preset, strain)
        # at most four tricks left: 16 to 31 cards played (16, the costliest for the
        # minimax, in one position of 32, the others evenly)
        deal = play_randomly(deal, rng, 16 if number % 32 == 0 else rng.randrange(17, 32))
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


@pytest.mark.heavy
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
    # late in the deal with the lowest bid: the bidders often hold enough already
    for number in range(120):
        preset = list(PRESETS)[number % len(PRESETS)]
        deal = play_randomly(random_deal(rng, preset, Strain.CLUBS), rng, rng.randrange(24, 32))
        dealt = deal.contract
        assert dealt is not None
        assert makes(deal) == made_by_brute_force(deal, dealt), deal.history


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


@pytest.mark.heavy
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


@pytest.mark.heavy
@settings(max_examples=2, deadline=None)
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


@pytest.mark.heavy
@settings(max_examples=3, deadline=None)
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


def test_dd_table_has_every_allowed_strain_and_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table asks solve_deal for each strain the rules allow and each leading seat
    (solve_deal itself is tested above; a stand-in keeps this test fast)."""
    import coinche.bots.solver

    if not coinche.bots.solver.__file__.endswith(".py"):  # pragma: no cover - compiled build
        pytest.skip("compiled by mypyc, dd_table calls solve_deal directly: no stand-in")
    asked: list[tuple[Strain, Seat]] = []

    def fake(
        hands: Sequence[Hand], strain: Strain, leader: Seat, rules: RuleConfig
    ) -> coinche.bots.solver.Solution:
        asked.append((strain, leader))
        points = TeamPoints(10 * int(strain) + int(leader), 0)
        return coinche.bots.solver.Solution(points, Team.NORTH_SOUTH, 0)

    monkeypatch.setattr(coinche.bots.solver, "solve_deal", fake)
    hands = random_hands(random.Random(6))
    table = dd_table(hands, RuleConfig.common())
    assert list(table) == list(Strain)[:4]  # common: no NT, no AT
    assert asked == [(strain, seat) for strain in list(Strain)[:4] for seat in Seat]
    assert table[Strain.SPADES][Seat.WEST] == TeamPoints(33, 0)
    every = attrs.evolve(RuleConfig.common(), allow_no_trump=True, allow_all_trump=True)
    assert list(dd_table(hands, every)) == list(Strain)


def test_progress_is_called_for_each_unit_of_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Long solver calls were once silent. progress(done, total) is called with 0
    first, then once per unit: each legal card (solve_cards), the search and then each
    card of the line (best_line), each cell of the table (dd_table)."""
    import coinche.bots.solver

    rng = random.Random(4)
    deal = play_randomly(random_deal(rng, "ffb", Strain.SPADES), rng, 22)
    calls: list[tuple[int, int]] = []
    cards = len(deal.legal_actions())  # every action in the play is a card
    values = solve_cards(deal, progress=lambda done, total: calls.append((done, total)))
    assert values == solve_cards(deal)
    assert calls == [(done, cards) for done in range(cards + 1)]
    calls.clear()
    # 22 cards played: 10 left to play, so 1 + 10 units
    line = best_line(deal, progress=lambda done, total: calls.append((done, total)))
    assert len(line) == 10
    assert calls == [(done, 11) for done in range(12)]
    with pytest.raises(CoincheTypeError, match="progress must be a callable"):
        solve_cards(deal, progress=3)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="progress must be a callable"):
        best_line(deal, progress="bar")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="progress must be a callable"):
        dd_table(random_hands(rng), RuleConfig(), progress=True)  # type: ignore[arg-type]
    if not coinche.bots.solver.__file__.endswith(".py"):  # pragma: no cover - compiled build
        return  # dd_table calls solve_deal directly: no stand-in

    def fake(hands: object, strain: Strain, leader: Seat, rules: object) -> Solution:
        calls.append((-1, -1))  # a solve, between two progress calls
        return Solution(TeamPoints(0, 162), Team.NORTH_SOUTH, 0)

    monkeypatch.setattr(coinche.bots.solver, "solve_deal", fake)
    calls.clear()
    # common rules: four strains, four leaders, 16 cells, each one solve
    dd_table(random_hands(rng), RuleConfig.common(), progress=lambda *c: calls.append(c))
    assert calls == [(0, 16)] + [c for done in range(1, 17) for c in ((-1, -1), (done, 16))]
    calls.clear()
    every = attrs.evolve(RuleConfig.common(), allow_no_trump=True, allow_all_trump=True)
    dd_table(random_hands(rng), every, progress=lambda *c: calls.append(c))
    assert calls[0] == (0, 24)
    assert calls[-1] == (24, 24)


# ---------------------------------------------------------------- bad input
def test_bad_arguments_are_refused() -> None:
    hands = random_hands(random.Random(1))
    rules = RuleConfig()
    # the hands are checked as a Deal checks them, in its words
    with pytest.raises(InvalidDealError, match=r"EAST holds 7 cards \(.*\), not 8"):
        solve_deal(
            [hands[0], Hand(hands[1].cards[:7]), hands[2], hands[3]],
            Strain.HEARTS,
            Seat.NORTH,
            rules,
        )
    with pytest.raises(InvalidDealError, match="is dealt to both NORTH and EAST"):
        solve_deal([hands[0], hands[0], hands[2], hands[3]], Strain.HEARTS, Seat.NORTH, rules)
    with pytest.raises(InvalidDealError, match="a deal has 4 hands, not 3"):
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
    with pytest.raises(InvalidDealError, match="not in the strain the deal is played in"):
        makes(played, Contract(Seat.NORTH, Strain.SPADES, 80))


def test_card_keys_are_cards() -> None:
    deal = start(random_hands(random.Random(2)), RuleConfig(), Strain.CLUBS, Seat.WEST, Seat.NORTH)
    deal = play_randomly(deal, random.Random(2), 20)
    assert all(isinstance(card, Card) for card in solve_cards(deal))


# ---------------------------------------------------------------- the command
def test_solve_command_on_deal_notation(capsys: pytest.CaptureFixture[str]) -> None:
    from coinche.cli import main

    # North holds every spade, East every heart, South every diamond, West every club:
    # in spades, North leads trumps and takes every trick whatever it leads (capot, 250)
    notation = "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"
    assert main(["solve", notation, "--strain", "S", "--no-table"]) == 0
    out = capsys.readouterr().out
    assert "Value with best play: NS 250, EW 0" in out
    assert "Each card of NORTH:\n  7S  NS 250, EW 0\n  8S  NS 250, EW 0" in out
    assert out.count("won by N") == 8


def test_solve_command_on_a_deal_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from coinche import dumps
    from coinche.cli import main

    rng = random.Random(4)
    deal = random_deal(rng, "ffb", Strain.SPADES)
    finished = play_randomly(deal, rng, 32)
    path = tmp_path / "deal.json"
    path.write_text(dumps(finished), encoding="utf-8")
    assert main(["solve", str(path), "--played", "22", "--no-table"]) == 0
    out = capsys.readouterr().out
    at = play_randomly(deal, random.Random(0), 0)
    for _, card in finished.history[len(finished.calls) : len(finished.calls) + 22]:
        assert isinstance(card, Card)
        at = at.apply(card)
    assert f"Value with best play: {solve(at).card_points}" in out
    for card, points in solve_cards(at).items():
        assert f"  {card}  {points}\n" in out
    assert main(["solve", str(path), "--played", "32"]) == 2


def test_solve_command_prints_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import coinche.cli._analysis
    from coinche.cli import main

    def table(hands: object, rules: object) -> dict[Strain, dict[Seat, TeamPoints]]:
        return {Strain.HEARTS: {seat: TeamPoints(100 + seat, 62 - seat) for seat in Seat}}

    # the solve command's own name for the solver's table (imported at its module's top)
    monkeypatch.setattr(coinche.cli._analysis, "dd_table", table)
    assert main(["solve", "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2].split() == ["N", "E", "S", "W"]
    assert out[-1].split() == ["H", "100", "101", "102", "103"]


def test_solve_command_refuses_what_it_cannot_solve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from coinche import dumps
    from coinche.cli import main

    seat = tmp_path / "seat.json"
    seat.write_text(dumps(Seat.WEST), encoding="utf-8")
    assert main(["solve", str(seat)]) == 2
    assert "holds a Seat record" in capsys.readouterr().err
    deal = Deal.from_hands(Seat.WEST, RuleConfig(), random_hands(random.Random(3)))
    for _ in range(4):
        deal = deal.apply(PASS)
    thrown = tmp_path / "thrown.json"
    thrown.write_text(dumps(deal), encoding="utf-8")
    assert main(["solve", str(thrown)]) == 2
    assert "without a contract" in capsys.readouterr().err
    assert main(["solve", str(thrown), "--played", "-1"]) == 2


# ---------------------------------------------------------------- each technique is sound
@pytest.mark.parametrize("technique", ["merge", "use_tt", "order", "sure", "quick", "bisect"])
def test_each_technique_changes_nodes_not_values(technique: str) -> None:
    """Switched off one at a time, on positions with five tricks left: the same values."""
    from coinche.bots import _search as S
    from coinche.bots import solver

    rng = random.Random(77)
    for number in range(30):
        deck = list(range(32))
        rng.shuffle(deck)
        masks = [sum(1 << c for c in deck[5 * i : 5 * i + 5]) for i in range(4)]
        flags = RuleConfig.preset(list(PRESETS)[number % 6]).play_flags
        # tricks won by seat: North-South none (a capot is possible) in one third
        won = (0, 1, 0, 0) if number % 3 else (1, 1, 0, 0)
        pos = solver.open_position(
            (masks[0], masks[1], masks[2], masks[3]),
            number % 6,
            flags,
            RuleConfig.common().score_options,  # a capot's card points: 250
            rng.randrange(4),
            (),
            won,
        )._replace(points=(30, 0))
        full = S._ctx(pos, 0)
        plain = S._ctx(pos, 0)
        setattr(plain, technique, False)
        assert S._solve_position(pos, 0, full) == S._solve_position(pos, 0, plain)


def test_solve_ending_refuses_hands_that_do_not_fit() -> None:
    rules = RuleConfig()
    hands = [Hand.parse(h) for h in ("AH", "7H", "8D", "9C")]
    with pytest.raises(InvalidDealError, match="EAST holds 1 cards"):
        solve_ending(hands, Strain.SPADES, rules, Trick.parse("E: 7S"))
    with pytest.raises(InvalidDealError, match="repeats a card in play"):
        solve_ending(hands, Strain.SPADES, rules, Trick.parse("E: AH"))
    with pytest.raises(CoincheTypeError):
        solve_ending(hands[:3], Strain.SPADES, rules, Trick(Seat.EAST))
    with pytest.raises(CoincheTypeError):
        solve_ending(hands, Strain.SPADES, rules, "E:")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        solve_ending(hands, "S", rules, Trick(Seat.EAST))  # type: ignore[arg-type]
    # West to play to East's 7H with the other three hands one card down: fine
    short = [Hand.parse(h) for h in ("AH", "", "8D", "9C")]
    assert solve_ending(short, Strain.SPADES, rules, Trick.parse("E: 7H")) == 21


@pytest.mark.parametrize(
    "side", [Seat.EAST, True, 2, -1, 0, "EW", None, pytest.param(10**5000, id="huge")]
)
def test_solve_ending_checks_side_as_solve_deal_does(side: object) -> None:
    """Seat.EAST and True (ints 1) once silently meant East-West, 2 and -1
    raised bare errors; a side is a Team, as for solve_deal."""
    hands = [Hand.parse(h) for h in ("AH", "7H", "8D", "9C")]
    with pytest.raises(CoincheTypeError, match="side must be a Team"):
        solve_ending(hands, Strain.SPADES, RuleConfig(), Trick(Seat.EAST), side)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="side must be a Team"):
        solve_deal(random_hands(random.Random(1)), Strain.HEARTS, Seat.NORTH, RuleConfig(), side)  # type: ignore[arg-type]


@st.composite
def endings(draw: st.DrawFn) -> tuple[list[Hand], Strain, RuleConfig, Seat]:
    """Four hands of 1 to 5 cards from a shuffled pack, a strain, a preset, a leader."""
    size = draw(st.integers(1, 5))
    cards = draw(st.permutations(CARDS))
    hands = [Hand(cards[size * i : size * i + size]) for i in range(4)]
    strain = draw(st.sampled_from(list(Strain)))
    rules = RuleConfig.preset(draw(st.sampled_from(list(PRESETS))))
    return hands, strain, rules, draw(st.sampled_from(list(Seat)))


@settings(max_examples=80, deadline=None)
@given(endings())
def test_swapping_both_pairs_in_an_ending_changes_nothing(
    ending: tuple[list[Hand], Strain, RuleConfig, Seat],
) -> None:
    """The two defenders' hands swapped (and the two declarers'), the lead two seats on:
    the same order of play relative to partner and opponents, the same value."""
    hands, strain, rules, leader = ending
    one = solve_ending(hands, strain, rules, Trick(leader))
    two = solve_ending(rotate(hands), strain, rules, Trick(Seat((leader + 2) % 4)))
    assert one == two
    points = sum(K.mask_points(hand.mask, int(strain)) for hand in hands) + 10
    assert 0 <= one <= points
    # and the two teams' values add up to every point left (no capot in an ending)
    assert one + solve_ending(hands, strain, rules, Trick(leader), Team.EAST_WEST) == points


@settings(max_examples=80, deadline=None)
@given(endings(), st.permutations(range(4)))
def test_renaming_the_plain_suits_changes_nothing(
    ending: tuple[list[Hand], Strain, RuleConfig, Seat], order: list[int]
) -> None:
    """Suits other than trumps exchanged in every hand (all four in no trump and all
    trump, where no suit is special): the same value."""
    hands, strain, rules, leader = ending
    suits = list(order)
    if strain < 4:  # keep the trump suit where it is
        plain = [s for s in suits if s != strain]
        suits = [int(strain) if s == strain else plain.pop(0) for s in range(4)]

    def rename(hand: Hand) -> Hand:
        return Hand(CARDS[8 * suits[card.index // 8] + card.index % 8] for card in hand)

    renamed = [rename(hand) for hand in hands]
    assert solve_ending(hands, strain, rules, Trick(leader)) == solve_ending(
        renamed, strain, rules, Trick(leader)
    )


# ---------------------------------------------------------------- the native search
def test_guessing_each_card_from_the_last_changes_nodes_not_values() -> None:
    """solve_cards starts each card's bisection at the value of the card before
    (``_Ctx.guess``); switched off, every card's value is the same."""
    from coinche.bots import _search as S
    from coinche.bots.solver import _card_values

    rng = random.Random(31)
    searched = []
    for number in range(12):
        preset = list(PRESETS)[number % len(PRESETS)]
        deal = play_randomly(random_deal(rng, preset, list(Strain)[number % 6]), rng, 14)
        pos = deal.position
        contract = deal.contract
        assert pos is not None
        assert contract is not None
        side = int(contract.taker) & 1
        guessed = S._ctx(pos, side)
        plain = S._ctx(pos, side)
        plain.guess = False
        assert _card_values(pos, side, guessed) == _card_values(pos, side, plain)
        searched.append((guessed.nodes, plain.nodes))
    assert any(a != b for a, b in searched)  # the guess did change the searches


def test_the_last_card_index_leaves_the_hand() -> None:
    """The ace of spades is card 31, the top bit of a hand: playing it must take it out
    of the hand (compiled, ``1 << 31`` on an i64 once came out negative and the search
    went on with the ace still held). North KS QC, East 7S TC, South QS JS, West AS 7D,
    no trump, South to lead: South leads a spade, West must follow with the ace and
    wins (JS or QS, AS, KS, 7S), then leads 7D that nobody can follow and wins the last
    trick too: North-South take no card point."""
    hands = [Hand.parse(h) for h in ("KS QC", "7S TC", "QS JS", "AS 7D")]
    assert solve_ending(hands, Strain.NO_TRUMP, RuleConfig.ffb(), Trick(Seat.SOUTH)) == 0
    # East-West take every card point left and the 10, no-trump points: KS 4, QC 3,
    # 7S 0, TC 10, QS 3, JS 2, AS 19, 7D 0, then 10: 51
    side = Team.EAST_WEST
    assert solve_ending(hands, Strain.NO_TRUMP, RuleConfig.ffb(), Trick(Seat.SOUTH), side) == 51


def test_lowest_card_of_every_mask() -> None:
    """The de Bruijn lowest bit: for each card, masks with it as the lowest card (and
    any higher cards) give its index."""
    rng = random.Random(3)
    for card in range(32):
        for _ in range(20):
            mask = (rng.getrandbits(32) | 1 << card) >> card << card
            assert K.lowest(mask) == card


def test_the_table_keeps_every_entry_as_it_grows() -> None:
    """The open-addressing table doubles when half full and loses nothing on the way:
    every key stored is found with its last value, an absent key is not."""
    from coinche.bots import _search as S

    rng = random.Random(8)
    table = S._Table()
    stored: dict[int, int] = {}
    while len(stored) < 5000:
        key = rng.getrandbits(32) | rng.randrange(4) << 32 | S._MARK
        stored[key] = rng.getrandbits(24)
        S._put(table, key, stored[key])
    for key in list(stored)[:100]:  # values overwritten in place
        stored[key] = 7
        S._put(table, key, 7)
    assert table.used == len(stored)
    if S._NATIVE:  # compiled, the vec table doubled on the way (interpreted, a dict)
        assert table.bits > S._MIN_BITS
    assert all(S._find(table, key) == value for key, value in stored.items())
    assert S._find(table, S._MARK | 5 << 32) == -1  # leader 5: no such key stored
