"""PimcPlayer and duplicate_match: checked against brute force and against reasoning.

The 200-deal match of PIMC against GreedyPlayer is too slow for the suite: it is
benchmarks/pimc_match.py, whose figures are in the docs' Bots page.
"""

from __future__ import annotations

import itertools
import random
import statistics

import pytest

from coinche.bots.players import GreedyPlayer, PimcPlayer, RandomPlayer
from coinche.bots.sampling import replay
from coinche.bots.solver import solve_cards
from coinche.cards import CARDS, Card
from coinche.config import RuleConfig
from coinche.deal import Deal, PlayerView
from coinche.errors import CoincheError, CoincheTypeError, IllegalCardError, InvalidDealError
from coinche.scale.arena import duplicate_match
from coinche.seats import Seat
from coinche.testing.deals import deal_in_play


def exact_card_means(view: PlayerView) -> dict[Card, float]:
    """Each legal card's mean value for the seat's team over every agreeing deal,
    enumerated (every split of the hidden cards, kept when it replays to the view)."""
    me = int(view.seat)
    seen = view.hand.mask
    sizes = [8, 8, 8, 8]
    for trick in (*view.tricks, *([view.trick] if view.trick else [])):
        seen |= trick.mask
        for pos in range(len(trick.cards)):
            sizes[(int(trick.leader) + pos) & 3] -= 1
    hidden = [c for c in range(32) if not seen >> c & 1]
    others = [s for s in range(4) if s != me]
    totals: dict[Card, int] = {}
    worlds = 0
    a, b, c = others
    for first in itertools.combinations(hidden, sizes[a]):
        rest = [x for x in hidden if x not in first]
        for second in itertools.combinations(rest, sizes[b]):
            third = [x for x in rest if x not in second]
            hands = [0, 0, 0, 0]
            hands[me] = view.hand.mask
            hands[a] = sum(1 << x for x in first)
            hands[b] = sum(1 << x for x in second)
            hands[c] = sum(1 << x for x in third)
            try:
                deal = replay(view, hands)
            except CoincheError:
                continue
            if deal.view(view.seat) != view:
                continue
            worlds += 1
            for card, points in solve_cards(deal).items():
                totals[card] = totals.get(card, 0) + points[view.seat.team]
    return {card: total / worlds for card, total in totals.items()}


def endgame_view() -> PlayerView:
    """A view three tricks from the end where the cards' exact means differ by 10+."""
    rng = random.Random(31)
    while True:
        deal = deal_in_play(RuleConfig.common(), rng)
        for _ in range(20):
            deal = deal.apply(rng.choice(deal.legal_actions()))
        view = deal.view(deal.to_move or Seat.NORTH)
        if len(deal.legal_actions()) < 3:
            continue
        means = exact_card_means(view)
        if max(means.values()) - min(means.values()) >= 10:
            return view


@pytest.mark.heavy
def test_pimc_picks_the_card_best_on_average_over_every_agreeing_deal() -> None:
    view = endgame_view()
    exact = exact_card_means(view)
    player = PimcPlayer(worlds=300, rng=random.Random(4), objective="points", nodes=None)
    values = player.card_values(view, list(exact), None)  # the player's own generator
    assert {card for card, _ in values} == set(exact)
    for card, mean in values:  # 300 draws: within a few points of the exact mean
        assert mean == pytest.approx(exact[card], abs=8)
    chosen = player.choose(view, list(exact), random.Random(0))
    assert isinstance(chosen, Card)
    assert exact[chosen] >= max(exact.values()) - 3  # a sign error would pick the worst


def test_pimc_plays_one_legal_card_without_searching() -> None:
    rng = random.Random(2)
    deal = deal_in_play(RuleConfig.common(), rng)
    for _ in range(31):
        deal = deal.apply(rng.choice(deal.legal_actions()))
    legal = deal.legal_actions()
    assert len(legal) == 1
    player = PimcPlayer(worlds=1, rng=random.Random(0))
    state = player.rng.getstate() if player.rng else None
    assert player.choose(deal.view(deal.to_move or Seat.NORTH), legal, rng) == legal[0]
    assert player.rng is not None
    assert player.rng.getstate() == state


def test_pimc_delegates_calls_and_early_cards() -> None:
    rng = random.Random(3)
    deal = Deal.new(Seat.WEST, RuleConfig.common(), rng)
    view = deal.view(Seat.NORTH)
    greedy = GreedyPlayer()
    pimc = PimcPlayer(worlds=2)
    assert pimc.choose(view, deal.legal_actions(), rng) == greedy.choose(
        view, deal.legal_actions(), rng
    )
    played = deal_in_play(RuleConfig.common(), rng)
    seat = played.to_move or Seat.NORTH
    early = PimcPlayer(worlds=2, max_cards=8)  # 32 cards left: the fallback's card
    assert early.choose(played.view(seat), played.legal_actions(), rng) == greedy.choose(
        played.view(seat), played.legal_actions(), rng
    )
    with pytest.raises(InvalidDealError):
        pimc.card_values(view, deal.legal_actions(), rng)  # the auction: no card
    with pytest.raises(CoincheTypeError):
        PimcPlayer(worlds=0)
    with pytest.raises(CoincheTypeError):
        PimcPlayer(max_cards=33)


@pytest.mark.parametrize("name", ["ffb", "classic_belote"])
def test_pimc_plays_whole_deals_of_other_presets(name: str) -> None:
    rules = RuleConfig.preset(name)
    match = duplicate_match(
        PimcPlayer(worlds=2, rng=random.Random(1), max_cards=12), GreedyPlayer(), 2, rules, 5
    )
    assert all(d.tables[0].is_over and d.tables[1].is_over for d in match.deals)


# ---------------------------------------------------------------- duplicate matches
def test_identical_deterministic_teams_tie_on_every_deal() -> None:
    """GreedyPlayer is deterministic and sees only its seat: at both tables the same
    cards get the same play, so each team's gain at one table is its loss at the
    other and every difference is exactly 0."""
    match = duplicate_match(GreedyPlayer(), GreedyPlayer(), 12, RuleConfig.common(), seed=3)
    assert [d.difference for d in match.deals] == [0] * 12
    assert match.mean == 0
    assert match.stderr == 0


def test_duplicate_match_figures() -> None:
    match = duplicate_match(GreedyPlayer(), RandomPlayer(), 40, RuleConfig.ffb(), seed=8)
    for d in match.deals:
        one, two = d.tables
        assert one.hands == two.hands
        assert one.dealer == two.dealer
        diff = 0
        if one.result is not None:
            diff += one.result.score.north_south - one.result.score.east_west
        if two.result is not None:
            diff += two.result.score.east_west - two.result.score.north_south
        assert d.difference == diff
    diffs = [d.difference for d in match.deals]
    assert match.mean == pytest.approx(statistics.mean(diffs))
    assert match.stderr == pytest.approx(statistics.stdev(diffs) / 40**0.5)
    low, high = match.confidence_interval
    assert low == pytest.approx(match.mean - 1.96 * match.stderr, rel=1e-3)
    assert high == pytest.approx(match.mean + 1.96 * match.stderr, rel=1e-3)
    assert low > 0  # greedy play beats random play by far
    assert "40 deals" in str(match)


def test_duplicate_match_takes_deals_and_pairs() -> None:
    rng = random.Random(4)
    deals = [Deal.new(Seat.NORTH, RuleConfig.common(), rng) for _ in range(3)]
    match = duplicate_match(
        (GreedyPlayer(), GreedyPlayer()),
        (RandomPlayer(), RandomPlayer()),
        deals,
        RuleConfig.common(),
        seed=1,
    )
    assert [d.tables[0].hands for d in match.deals] == [d.hands for d in deals]
    with pytest.raises(CoincheTypeError):
        duplicate_match("x", GreedyPlayer(), 1, RuleConfig(), 1)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        duplicate_match(GreedyPlayer(), GreedyPlayer(), ["x"], RuleConfig(), 1)  # type: ignore[list-item]
    with pytest.raises(CoincheTypeError):
        duplicate_match(GreedyPlayer(), GreedyPlayer(), 1, "common", 1)  # type: ignore[arg-type]


def test_card_values_needs_a_generator() -> None:
    rng = random.Random(6)
    deal = deal_in_play(RuleConfig.common(), rng)
    view = deal.view(deal.to_move or Seat.NORTH)
    with pytest.raises(CoincheTypeError, match="generator"):
        PimcPlayer(worlds=1).card_values(view, deal.legal_actions(), None)
    assert repr(PimcPlayer(worlds=3, max_cards=12, objective="points", nodes=None)) == (
        "PimcPlayer(worlds=3, max_cards=12, objective='points', nodes=None)"
    )


# ---------------------------------------------------------------- defaults and max_cards
def _no_search(*args: object) -> None:
    raise AssertionError("the solver was asked")


def test_max_cards_leaves_the_first_card_to_the_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With max_cards=20 a PimcPlayer answers the first card of a deal as its
    fallback does, without the double-dummy search; by default (max_cards=32) it
    searches from the first card."""
    rng = random.Random(5)
    deal = deal_in_play(RuleConfig.common(), rng)
    seat = deal.to_move or Seat.NORTH
    view, legal = deal.view(seat), deal.legal_actions()
    assert len(legal) == 8  # the first card: all 32 cards still to play
    assert PimcPlayer().max_cards == 32
    monkeypatch.setattr(PimcPlayer, "_world_values", _no_search)
    with pytest.raises(AssertionError, match="solver was asked"):
        PimcPlayer().choose(view, legal, rng)
    pimc = PimcPlayer(max_cards=20)
    assert pimc.choose(view, legal, rng) == GreedyPlayer().choose(view, legal, rng)


def test_card_values_honours_max_cards_as_choose_does(monkeypatch: pytest.MonkeyPatch) -> None:
    import math

    rng = random.Random(6)
    deal = deal_in_play(RuleConfig.common(), rng)
    seat = deal.to_move or Seat.NORTH
    view, legal = deal.view(seat), deal.legal_actions()
    pimc = PimcPlayer(worlds=2, max_cards=8)  # 32 cards left: no search
    monkeypatch.setattr(PimcPlayer, "_world_values", _no_search)
    values = pimc.card_values(view, legal, rng)
    # the fallback's card first, every legal card listed, none valued
    assert values[0][0] == GreedyPlayer().choose(view, legal, rng)
    assert {card for card, _ in values} == set(legal)
    assert len(values) == len(legal)
    assert all(math.isnan(value) for _, value in values)
    assert values[0][0] == pimc.choose(view, legal, rng)


def test_choose_plays_the_best_card_of_card_values() -> None:
    rng = random.Random(7)
    deal = deal_in_play(RuleConfig.common(), rng)
    for _ in range(24):  # two tricks from the end: 8 cards left
        deal = deal.apply(rng.choice(deal.legal_actions()))
    while len(deal.legal_actions()) < 2:
        deal = deal.apply(deal.legal_actions()[0])
    seat = deal.to_move or Seat.NORTH
    view, legal = deal.view(seat), deal.legal_actions()
    pimc = PimcPlayer(worlds=3)
    values = pimc.card_values(view, legal, random.Random(1))
    assert pimc.choose(view, legal, random.Random(1)) == values[0][0]
    assert {card for card, _ in values} == set(legal)
    assert len(values) == len(legal)
    # legal narrows the cards valued; a card the seat may not play is refused
    some = legal[:1]
    assert [card for card, _ in pimc.card_values(view, some, random.Random(1))] == list(some)
    other = next(card for card in CARDS if card not in legal)
    with pytest.raises(IllegalCardError):
        pimc.card_values(view, [other], random.Random(1))
