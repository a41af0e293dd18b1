"""coinche.bots.evaluate: obvious hands give the obvious answer; a brute force agrees."""

from __future__ import annotations

import itertools
import random
from functools import cache

import attrs
import pytest

from coinche import _kernel as K
from coinche.auction import PASS, Bid, Coinche
from coinche.bots.evaluate import EvaluatingBidder, evaluate_contract
from coinche.bots.sampling import replay
from coinche.cards import Hand, Strain
from coinche.config import RuleConfig
from coinche.contract import CAPOT, GENERALE, Contract
from coinche.deal import Deal, PlayerView
from coinche.engine import PlayState
from coinche.errors import CoincheError, CoincheTypeError, InvalidDealError
from coinche.seats import Seat
from coinche.testing.deals import deal_in_play

ALL_HEARTS = Hand.parse("JH 9H AH TH KH QH 8H 7H")
NOTHING = Hand.parse("7C 8C 9C 7D 8D 9D 7S 8S")  # no trump, no ace, no point at all


@pytest.mark.heavy
@pytest.mark.parametrize(
    ("rules", "score"),
    [
        # common: capot made, bidders 250 + (250 card points + belote 20)
        (RuleConfig.common(), 520),
        # ffb without announcements: 250 + 252 + 20 = 522, rounded to 520
        (attrs.evolve(RuleConfig.ffb(), announcements=False), 520),
    ],
)
def test_every_trump_makes_a_capot(rules: RuleConfig, score: int) -> None:
    for leader in Seat:  # whoever leads: a card of another suit is trumped
        value = evaluate_contract(
            ALL_HEARTS, Contract(Seat.SOUTH, Strain.HEARTS, CAPOT), rules, 2,
            random.Random(3), leader=leader,
        )  # fmt: skip
        assert value.made == 1.0
        assert value.card_points == rules.capot_card_points
        assert value.taker_score == score
        assert value.score == score
        assert value.score_stderr == 0
        assert value.samples == 2


@pytest.mark.heavy
def test_no_trump_no_ace_fails_160() -> None:
    """160 needs nearly every point; with eight cards worth nothing the defenders, who
    hold 16 of the 24 others, always take a trick with points in it (or the last).
    Failed: defenders 160 + 160 (+ belote and announcements): the net is at most -300."""
    value = evaluate_contract(
        NOTHING, Contract(Seat.NORTH, Strain.HEARTS, 160), RuleConfig.common(), 4,
        random.Random(5),
    )  # fmt: skip
    assert value.made == 0.0
    assert value.score <= -300
    assert value.margin < 0
    assert value.taker_score in (0.0, 5.0, 10.0, 15.0, 20.0)  # only their belote, if any


# ---------------------------------------------------------------- brute force
def minimax_points(state: PlayState, bidders: int) -> int:
    """The bidders' final card points with best play by both sides, by exhaustive
    search on the kernel's rules (independent of coinche.bots.solver)."""

    @cache
    def search(hands: tuple[int, ...], trick: tuple[int, ...], leader: int, won: int) -> int:
        if not any(hands) and not trick:
            return won
        seat = (leader + len(trick)) & 3
        t = [*trick, 0, 0, 0]
        legal = K.legal_mask(hands[seat], len(trick), t[0], t[1], t[2], state.strain, state.flags)
        results = []
        for card in range(32):
            if not legal >> card & 1:
                continue
            h = list(hands)
            h[seat] &= ~(1 << card)
            cards = (*trick, card)
            if len(cards) < 4:
                results.append(search(tuple(h), cards, leader, won))
                continue
            winner = K.trick_winner(leader, cards[0], cards[1], cards[2], cards[3], state.strain)
            gained = K.trick_points(cards[0], cards[1], cards[2], cards[3], state.strain)
            if not any(h):
                gained += 10
            gain = gained if winner & 1 == bidders else 0
            results.append(search(tuple(h), (), winner, won + gain))
        return max(results) if seat & 1 == bidders else min(results)

    trick = tuple(state.trick[: state.size])
    return search(tuple(state.hands), trick, state.leader, state.points[bidders])


def endgame() -> PlayerView:
    """A view with three tricks to play in which both teams have won a trick (so no
    capot can change the card points)."""
    rng = random.Random(17)
    while True:
        deal = deal_in_play(RuleConfig.common(), rng)
        for _ in range(20):
            deal = deal.apply(rng.choice(deal.legal_actions()))
        state = PlayState.from_deal(deal)
        if min(state.won[0] + state.won[2], state.won[1] + state.won[3]) > 0:
            return deal.view(deal.to_move or Seat.NORTH)


def test_agrees_with_brute_force_over_every_agreeing_deal() -> None:
    view = endgame()
    contract = view.contract
    assert contract is not None
    rules = view.rules
    bidders = int(contract.taker) & 1
    me = int(view.seat)
    seen = view.hand.mask
    sizes = [8, 8, 8, 8]
    for trick in (*view.tricks, *([view.trick] if view.trick else [])):
        seen |= trick.mask
        for pos in range(len(trick.cards)):
            sizes[(int(trick.leader) + pos) & 3] -= 1
    hidden = [c for c in range(32) if not seen >> c & 1]
    a, b, c = (s for s in range(4) if s != me)
    nets, points = [], []
    for first in itertools.combinations(hidden, sizes[a]):
        rest = [x for x in hidden if x not in first]
        for second in itertools.combinations(rest, sizes[b]):
            hands = [0, 0, 0, 0]
            hands[me] = view.hand.mask
            hands[a] = sum(1 << x for x in first)
            hands[b] = sum(1 << x for x in second)
            hands[c] = sum(1 << x for x in rest if x not in second)
            try:
                deal = replay(view, hands)
            except CoincheError:
                continue
            state = PlayState.from_deal(deal)
            mine = minimax_points(state, bidders)
            cards = [0, 0]
            cards[bidders], cards[1 - bidders] = mine, 162 - mine
            f = K.score(
                rules.score_options, int(contract.taker), 0, contract.points,
                contract.multiplier, cards[0], cards[1], (2, 2, 2, 2),
                state.belote_team, *state.announcements,
            )  # fmt: skip
            nets.append(f[bidders] - f[1 - bidders])
            points.append(mine)
    exact_points = sum(points) / len(points)
    exact_net = sum(nets) / len(nets)
    value = evaluate_contract(view, contract, rules, 400, random.Random(9))
    assert value.card_points == pytest.approx(exact_points, abs=4 * value.card_points_stderr + 1)
    assert value.score == pytest.approx(exact_net, abs=4 * value.score_stderr + 1)
    assert len(set(points)) > 1  # the deals differ: the test measures the sampling


def test_argument_checks() -> None:
    rng = random.Random(0)
    c = Contract(Seat.NORTH, Strain.HEARTS, 100)
    with pytest.raises(CoincheTypeError):
        evaluate_contract("JH", c, RuleConfig(), 1, rng)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        evaluate_contract(ALL_HEARTS, c, RuleConfig(), 0, rng)
    with pytest.raises(InvalidDealError):
        evaluate_contract(Hand.parse("JH"), c, RuleConfig(), 1, rng)
    with pytest.raises(InvalidDealError):
        evaluate_contract(
            ALL_HEARTS, Contract(Seat.NORTH, Strain.HEARTS, GENERALE), RuleConfig(), 1, rng
        )
    view = endgame()
    assert view.contract is not None
    other = Contract(view.contract.taker.next, view.contract.strain, 100)
    with pytest.raises(InvalidDealError):
        evaluate_contract(view, other, RuleConfig(), 1, rng)


# ---------------------------------------------------------------- the bidder
@pytest.mark.heavy
def test_bidder_passes_with_nothing_and_coinches_a_hopeless_contract() -> None:
    hands = [
        NOTHING,
        Hand.parse("JH 9H AH TH KH QH 8H 7H"),
        Hand.parse("AC TC KC QC JC AD TD KD"),
        Hand.parse("QD JD 9S TS JS QS KS AS"),
    ]
    # bids start at 160: with eight cards worth nothing North makes no 160 (see
    # test_no_trump_no_ace_fails_160) and no capot, so it passes
    rules = attrs.evolve(RuleConfig.common(), min_bid=160)
    deal = Deal.from_hands(Seat.WEST, rules, hands)
    bidder = EvaluatingBidder(samples=1, rng=random.Random(1))
    assert bidder.choose(deal.view(Seat.NORTH), deal.legal_actions(), random.Random(0)) == PASS
    # East bids 120 clubs. South holds J A 10 K Q of clubs (only the 9 beats the four
    # lower ones, once) and A 10 K of diamonds: North-South take well over 62 card
    # points in any world, so East-West's total stays under 100, failing by 20 or more:
    # South coinches.
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    deal = deal.apply(PASS).apply(Bid(120, Strain.CLUBS))
    action = bidder.choose(deal.view(Seat.SOUTH), deal.legal_actions(), random.Random(0))
    assert isinstance(action, Coinche)
    # South's own call never goes over a partner's bid
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS)
    assert bidder.choose(deal.view(Seat.SOUTH), deal.legal_actions(), random.Random(0)) == PASS


def test_more_argument_checks() -> None:
    rng = random.Random(0)
    c = Contract(Seat.NORTH, Strain.HEARTS, 100)
    with pytest.raises(CoincheTypeError):
        evaluate_contract(ALL_HEARTS, "100 H", RuleConfig(), 1, rng)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        evaluate_contract(ALL_HEARTS, c, "common", 1, rng)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        evaluate_contract(ALL_HEARTS, c, RuleConfig(), 1, 7)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        EvaluatingBidder(samples=0)
    scored = Deal.from_hands(Seat.WEST, RuleConfig(), [ALL_HEARTS, *_REST])
    for _ in range(4):
        scored = scored.apply(PASS)  # thrown in
    with pytest.raises(InvalidDealError):
        evaluate_contract(scored.view(Seat.NORTH), c, RuleConfig(), 1, rng)


_REST = [
    Hand.parse("AC TC KC QC JC 9C 8C 7S"),
    Hand.parse("AD TD KD QD JD 8S 9S TS"),
    Hand.parse("AS KS QS JS 7C 7D 8D 9D"),
]


def test_from_an_auction_view_every_trump_is_a_capot() -> None:
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), [ALL_HEARTS, *_REST])
    value = evaluate_contract(
        deal.view(Seat.NORTH), Contract(Seat.NORTH, Strain.HEARTS, CAPOT),
        RuleConfig.common(), 1, random.Random(2),
    )  # fmt: skip
    assert value.made == 1.0
    assert value.card_points == 250


@pytest.mark.heavy
def test_classic_taker_with_six_top_trumps_makes_82() -> None:
    """North holds J 9 A 10 K of hearts, the Q is turned and North takes: it gets the Q
    and leads (the taker leads). Leading trumps it wins six tricks with J 9 A 10 K Q,
    62 card points, plus belote 20: 82, made whatever the other cards."""
    rules = RuleConfig.classic_belote()
    first = [
        Hand.parse("JH 9H AH TH KH"),
        Hand.parse("7C 8C 9C TC JC"),
        Hand.parse("7D 8D 9D TD JD"),
        Hand.parse("7S 8S 9S TS JS"),
    ]
    stock = list(Hand.parse("QC KC AC QD KD AD QS KS AS 8H 7H"))
    from coinche.cards import Card

    deal = Deal.from_hands(Seat.WEST, rules, first, turned=Card.parse("QH"), stock=stock)
    view = deal.view(Seat.NORTH)
    assert view.turned == Card.parse("QH")
    value = evaluate_contract(
        view, Contract(Seat.NORTH, Strain.HEARTS, 82), rules, 2, random.Random(6)
    )
    assert value.made == 1.0
    assert value.card_points >= 62


def test_bidder_delegates_cards_and_the_classic_auction() -> None:
    from coinche.bots.players import GreedyPlayer

    bidder = EvaluatingBidder(samples=1, rng=random.Random(0))
    greedy = GreedyPlayer()
    rng = random.Random(4)
    classic = Deal.new(Seat.WEST, RuleConfig.classic_belote(), rng)
    view = classic.view(Seat.NORTH)
    legal = classic.legal_actions()
    assert bidder.choose(view, legal, rng) == greedy.choose(view, legal, rng)
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), [ALL_HEARTS, *_REST])
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    view = deal.view(Seat.NORTH)
    assert bidder.choose(view, deal.legal_actions(), rng) == greedy.choose(
        view, deal.legal_actions(), rng
    )


@pytest.mark.heavy
def test_bidder_surcoinches_a_sure_capot_and_bids_it() -> None:
    """Every trump: any heart contract is a capot, so North bids capot hearts (the
    highest bid, expected to pay) and, its 80 hearts coinched, surcoinches (margin 190
    and more)."""
    from coinche.auction import Surcoinche

    bidder = EvaluatingBidder(samples=1, rng=random.Random(0))
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), [ALL_HEARTS, *_REST])
    first = bidder.choose(deal.view(Seat.NORTH), deal.legal_actions(), random.Random(0))
    assert first == Bid(CAPOT, Strain.HEARTS)
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(Coinche())
    action = bidder.choose(deal.view(Seat.NORTH), deal.legal_actions(), random.Random(0))
    assert isinstance(action, Surcoinche)
