"""coinche.bots.inference: worlds drawn with a likelihood of the calls.

Expected figures are worked out from the rules and from Bayes' rule by hand (see each
test), never read from the sampler's output.
"""

from __future__ import annotations

import math
import random

import pytest

from coinche import Hand, Rank, RuleConfig, Seat, Strain, card_points
from coinche.auction import COINCHE, PASS, Bid
from coinche.bots.inference import (
    BidderModel,
    StrengthModel,
    UniformModel,
    WorldModel,
    dealt_hands,
    sample_worlds,
    weigh_worlds,
)
from coinche.bots.players import GreedyPlayer, trump_strength
from coinche.bots.sampling import Sampler, replay
from coinche.cards import hand_from_mask
from coinche.deal import Action, Deal, PlayerView
from coinche.errors import CoincheTypeError, CoincheValueError, InvalidDealError

JH = Hand.parse("JH").mask


def _auction_view(seed: int = 4) -> PlayerView:
    """West deals; North bids 80 hearts, East passes: South's view."""
    deal = Deal.new(Seat.WEST, RuleConfig.ffb(), random.Random(seed))
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS)
    return deal.view(Seat.SOUTH)


def _play_view(seed: int) -> PlayerView:
    """A deal played by greedy players to somewhere in its play."""
    rng = random.Random(seed)
    deal = Deal.new(Seat(seed % 4), RuleConfig.ffb(), rng)
    player = GreedyPlayer()
    while deal.phase.value == "auction" and deal.to_move is not None:
        deal = deal.apply(player.choose(deal.view(deal.to_move), deal.legal_actions(), rng))
        if deal.phase.value == "auction" and len(deal.calls) > 12:
            break
    steps = rng.randrange(3, 20)
    while deal.phase.value == "play" and steps:
        deal = deal.apply(rng.choice(deal.legal_actions()))
        steps -= 1
    seat = deal.to_move
    return deal.view(seat if seat is not None else Seat.NORTH)


class NoJackNorth:
    """A likelihood that is 0 for the worlds where North holds the jack of hearts."""

    def weight(self, view: PlayerView, hands: tuple[int, int, int, int]) -> float:
        return 0.0 if hands[Seat.NORTH] & JH else 1.0


class HalfJackNorth:
    """Worlds where North holds the jack of hearts are half as likely."""

    def weight(self, view: PlayerView, hands: tuple[int, int, int, int]) -> float:
        return 0.5 if hands[Seat.NORTH] & JH else 1.0


def _east_view() -> PlayerView:
    """East's view of a deal before any call, East without the jack of hearts."""
    for seed in range(100):
        view = Deal.new(Seat.WEST, RuleConfig.ffb(), random.Random(seed)).view(Seat.EAST)
        if not view.hand.mask & JH:
            return view
    raise AssertionError("no such deal")


@pytest.mark.parametrize("seed", range(6))
def test_every_world_agrees_with_the_view(seed: int) -> None:
    # with the default model, in the auction and in the play: replaying the view's calls
    # and cards from the world's hands is legal and shows the same view
    for view in (_auction_view(seed), _play_view(seed)):
        for hands in sample_worlds(view, 6, random.Random(seed), BidderModel()):
            assert replay(view, hands).view(view.seat) == view


def test_a_world_of_likelihood_zero_is_never_drawn() -> None:
    view = _east_view()
    worlds = sample_worlds(view, 300, random.Random(1), NoJackNorth())
    assert len(worlds) == 300
    assert not any(w[Seat.NORTH] & JH for w in worlds)


def test_the_fallback_never_draws_a_world_of_likelihood_zero() -> None:
    # 20 draws for 50 worlds: the fallback fills up with the draws not kept, but only
    # those of a weight above 0, so it returns fewer worlds than asked
    view = _east_view()
    worlds = sample_worlds(view, 50, random.Random(2), NoJackNorth(), draws=20)
    assert 0 < len(worlds) <= 20
    assert not any(w[Seat.NORTH] & JH for w in worlds)


def test_the_fallback_takes_the_heaviest_draws() -> None:
    class Tiny:
        def weight(self, view: PlayerView, hands: tuple[int, int, int, int]) -> float:
            return 1e-9 if hands[Seat.NORTH] & JH else 1e-6

    view = _east_view()
    # one draw in 10**6 is kept: the 30 draws are all in the fallback, and the first
    # 10 of them by weight hold the worlds where North lacks the jack, when there
    # are 10 of them; P(fewer than 10 of 30 at 2/3 each) is about 0.0001
    worlds = sample_worlds(view, 10, random.Random(3), Tiny(), draws=30)
    assert len(worlds) == 10
    assert not any(w[Seat.NORTH] & JH for w in worlds)


def test_only_worlds_of_likelihood_zero_raise() -> None:
    class Never:
        def weight(self, view: PlayerView, hands: tuple[int, int, int, int]) -> float:
            return 0.0

    with pytest.raises(InvalidDealError, match="weight 0 to each of the 7 worlds"):
        sample_worlds(_east_view(), 3, random.Random(0), Never(), draws=7)


def test_rejection_follows_the_likelihood() -> None:
    # East holds 8 cards and not JH: JH is one of the 24 hidden cards, North holds 8 of
    # them, so uniformly P(North holds JH) = 8/24 = 1/3. With weight 1/2 for those
    # worlds, Bayes: (1/3 * 1/2) / (1/3 * 1/2 + 2/3 * 1) = 1/5.
    view = _east_view()
    n = 4000
    worlds = sample_worlds(view, n, random.Random(5), HalfJackNorth())
    share = sum(1 for w in worlds if w[Seat.NORTH] & JH) / n
    sigma = math.sqrt(0.2 * 0.8 / n)  # 0.0063
    assert abs(share - 0.2) < 4 * sigma


def test_uniform_sampling_is_unchanged() -> None:
    # no model, and the uniform model: the very draws of the sampler, in order
    view = _play_view(3)
    expected_rng = random.Random(9)
    sampler = Sampler.from_view(view)
    expected = [sampler.sample(expected_rng) for _ in range(25)]
    assert sample_worlds(view, 25, random.Random(9)) == expected
    assert sample_worlds(view, 25, random.Random(9), UniformModel()) == expected
    assert [w for w, _ in weigh_worlds(view, 25, random.Random(9))] == expected


def test_importance_weights_are_the_models() -> None:
    view = _east_view()
    for hands, weight in weigh_worlds(view, 40, random.Random(4), HalfJackNorth()):
        assert weight == (0.5 if hands[Seat.NORTH] & JH else 1.0)


def test_the_bidder_model_by_hand() -> None:
    # North: JH 9H AH TH and four small clubs and diamonds: greedy strength in hearts
    # 20 + 14 + 11 + 10 + 4 * 10 = 95 (no side ace), clubs 0 + 30 = 30: it bids 80 H.
    hands = [
        Hand.parse(text)
        for text in (
            "JH 9H AH TH 7C 8C 9C 7D",
            "AC TC KC QC JS 8D 9D TD",
            "AD KD QD JD 8H 7H TS JC",
            "AS KS QS 9S 8S 7S KH QH",
        )
    ]
    deal = Deal.from_hands(Seat.WEST, RuleConfig.ffb(), hands)
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS)
    view = deal.view(Seat.SOUTH)
    world = (hands[0].mask, hands[1].mask, hands[2].mask, hands[3].mask)
    model = BidderModel(floor=0.01, near=0.3)
    # East (AC TC KC QC JS 8D 9D TD): clubs 11+10+4+3 + 4 * 10 = 68, diamonds 14+10 + 30
    # + 10 (AC) = 64, spades 20 + 10 + 10 = 40: below 90, the lowest bid; and it lacks
    # the jack of hearts, so no coinche: it passes, as it did. Both calls: weight 1.
    assert model.weight(view, world) == 1.0
    # North and East swap hands: North with East's cards (68 at best) would pass, not
    # bid 80 H: the floor; East with North's hearts holds their jack and nine and would coinche
    # 80 H instead of passing (GreedyPlayer's "clearly beats"): the floor again
    swapped = (hands[1].mask, hands[0].mask, hands[2].mask, hands[3].mask)
    assert model.weight(view, swapped) == pytest.approx(0.01 * 0.01)
    # a jump: had North bid 100 H, greedy North (95) would have bid 80 H, the same strain
    # at another value: near; East (68 at best, the lowest bid 110) still passes
    jump = Deal.from_hands(Seat.WEST, RuleConfig.ffb(), hands)
    jump = jump.apply(Bid(100, Strain.HEARTS)).apply(PASS)
    assert model.weight(jump.view(Seat.SOUTH), world) == pytest.approx(0.3)


def test_the_viewers_own_calls_are_not_weighed() -> None:
    # North's own 80 H says nothing of the hidden hands: from North's view only East's
    # pass counts. Greedy East passes there unless it holds the jack and nine of hearts
    # (it would coinche) or its best suit is worth 90 (the lowest bid) or more.
    deal = Deal.new(Seat.WEST, RuleConfig.ffb(), random.Random(0))
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS)
    view = deal.view(Seat.NORTH)
    model = BidderModel(floor=0.0)
    jack_nine = Hand.parse("JH 9H").mask
    seen = set()
    for hands in sample_worlds(view, 60, random.Random(1)):
        east = hand_from_mask(hands[Seat.EAST])
        best = max(trump_strength(east, strain) for strain in RuleConfig.ffb().strains())
        passes = hands[Seat.EAST] & jack_nine != jack_nine and best < 90
        assert model.weight(view, hands) == (1.0 if passes else 0.0)
        seen.add(passes)
    assert seen == {True, False}


class SlowGreedy:
    """GreedyPlayer behind another type: BidderModel asks it through its views."""

    def __init__(self) -> None:
        self.inner = GreedyPlayer()

    def choose(self, view: PlayerView, legal: tuple[Action, ...], rng: random.Random) -> Action:
        return self.inner.choose(view, legal, rng)


@pytest.mark.parametrize("seed", range(8))
def test_the_fast_greedy_calls_are_greedy_players(seed: int) -> None:
    # the model reads GreedyPlayer's calls on masks: the same weights as asking the
    # player itself, on random auctions (random calls, coinches included)
    rng = random.Random(seed)
    deal = Deal.new(Seat(seed % 4), RuleConfig.ffb(), rng)
    for _ in range(rng.randrange(3, 9)):
        legal = deal.legal_actions()
        coinches = [a for a in legal if a == COINCHE]
        bids = [a for a in legal if isinstance(a, Bid)]
        if coinches and rng.random() < 0.3:
            deal = deal.apply(coinches[0])
        elif bids and rng.random() < 0.5:
            deal = deal.apply(min(bids, key=lambda b: b.points))
        else:
            deal = deal.apply(PASS if PASS in legal else rng.choice(legal))
        if deal.phase.value != "auction":  # ended: start again
            deal = Deal.new(Seat(seed % 4), RuleConfig.ffb(), rng)
    assert deal.to_move is not None
    view = deal.view(deal.to_move)
    fast, slow = BidderModel(floor=0.1, near=0.4), BidderModel(SlowGreedy(), floor=0.1, near=0.4)
    for hands in sample_worlds(view, 40, rng):
        assert fast.weight(view, hands) == slow.weight(view, hands)


def test_dealt_hands_add_the_cards_played() -> None:
    view = _play_view(2)
    now = tuple(replay(view, sample_worlds(view, 1, random.Random(0))[0]).hand(s).mask
                for s in Seat)  # fmt: skip
    dealt = dealt_hands(view, now)
    assert all(bin(h).count("1") == 8 for h in dealt)
    assert sum(dealt) == 0xFFFFFFFF


def test_models_are_world_models() -> None:
    assert isinstance(BidderModel(), WorldModel)
    assert isinstance(UniformModel(), WorldModel)
    assert isinstance(NoJackNorth(), WorldModel)


def test_bad_arguments_are_named() -> None:
    view = _east_view()
    rng = random.Random(0)
    with pytest.raises(CoincheTypeError, match="n must be an int from 0 to 1000000, not -1"):
        sample_worlds(view, -1, rng)
    with pytest.raises(CoincheTypeError, match=r"rng must be a random\.Random, not int"):
        sample_worlds(view, 1, 3)  # type: ignore[arg-type]
    with pytest.raises(
        CoincheTypeError, match=r"model must be a WorldModel or None, not int \(3\)"
    ):
        sample_worlds(view, 1, rng, 3)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="draws must be an int from 1 to 40000000, not 0"):
        sample_worlds(view, 1, rng, UniformModel(), draws=0)
    # a count of 400 digits is refused at once (it used to draw for ever)
    with pytest.raises(CoincheTypeError, match="n must be an int from 0 to 1000000, not <an int"):
        sample_worlds(view, 10**400, rng)
    with pytest.raises(CoincheTypeError, match="view must be a PlayerView, not NoneType"):
        UniformModel().weight(None, (1, 2, 4, 8))  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="hands must hold at least 4 items, not 3"):
        BidderModel().weight(view, (1, 2, 4))  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match=r"hands\[1\] must be an int from 0 to 4294967295"):
        dealt_hands(view, (1, -2, 4, 8))
    with pytest.raises(CoincheTypeError, match="expected a PlayerView, not str"):
        sample_worlds("view", 1, rng)  # type: ignore[arg-type]
    for bad in (1.5, -0.1, float("nan"), "1", 10**400, True):

        class Bad:
            def __init__(self, value: object) -> None:
                self.value = value

            def weight(self, view: PlayerView, hands: tuple[int, int, int, int]) -> object:
                return self.value

        with pytest.raises(CoincheTypeError, match="weight is a number from 0 to 1"):
            sample_worlds(view, 1, rng, Bad(bad))  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="floor must be from 0 to 1, not 2"):
        BidderModel(floor=2)
    with pytest.raises(CoincheTypeError, match="near must be a number, not 'x'"):
        BidderModel(near="x")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="bidder must be a Player, not int"):
        BidderModel(3)


def test_at_most_draws_worlds_are_drawn() -> None:
    calls = []

    class Counting:
        def weight(self, view: PlayerView, hands: tuple[int, int, int, int]) -> float:
            calls.append(1)
            return 0.0 if len(calls) < 1000 else 1.0

    with pytest.raises(InvalidDealError):
        sample_worlds(_east_view(), 5, random.Random(0), Counting(), draws=13)
    assert len(calls) == 13


def test_trump_strength_counts_as_its_docs_say() -> None:
    """trump_strength (on the hand's mask, the form GreedyPlayer's calls and the bidder
    model read) against its rule written out on Card values: the trumps' card points,
    10 a trump, 10 for each ace of another suit, 20 for the king and queen of trumps."""
    rng = random.Random(0)
    for _ in range(500):
        hand = hand_from_mask(sum(1 << c for c in rng.sample(range(32), rng.randrange(0, 9))))
        for strain in (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES):
            suit = strain.trump_suit
            trumps = [card for card in hand if card.suit is suit]
            expected = sum(card_points(card, strain) for card in trumps) + 10 * len(trumps)
            expected += 10 * sum(
                1 for card in hand if card.rank is Rank.ACE and card.suit is not suit
            )
            ranks = {card.rank for card in trumps}
            if Rank.KING in ranks and Rank.QUEEN in ranks:
                expected += 20
            assert trump_strength(hand, strain) == expected


def test_one_model_follows_the_play() -> None:
    # a model kept across the decisions of a deal (as a player keeps it) weighs each
    # position as a fresh model does: the cards played change the hands as dealt
    rng = random.Random(6)
    deal = Deal.new(Seat.WEST, RuleConfig.ffb(), rng)
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    kept = {seat: BidderModel(floor=0.1) for seat in Seat}  # one a seat, as its player's
    for _ in range(20):
        assert deal.to_move is not None
        view = deal.view(deal.to_move)
        for hands in sample_worlds(view, 10, rng):
            fresh = BidderModel(floor=0.1).weight(view, hands)
            assert kept[view.seat].weight(view, hands) == fresh
        deal = deal.apply(rng.choice(deal.legal_actions()))


def _strength_deal() -> Deal:
    """West deals (North calls first): North the six highest hearts, East the six
    highest clubs, South only sevens, eights and nines, West the five highest spades."""
    hands = [
        Hand.parse(text)
        for text in (
            "JH 9H AH TH KH QH 7C 8C",
            "AC TC KC QC JC 9C AD TD",
            "7D 8D 7S 8S 9D 9S 8H 7H",
            "AS TS KS QS JS KD QD JD",
        )
    ]
    return Deal.from_hands(Seat.WEST, RuleConfig.ffb(), hands)


def test_the_strength_model_reads_a_pass_as_no_bid_in_the_hand() -> None:
    # North passes first. With the six highest hearts (J 9 A 10 K Q) North takes every
    # trump trick with hearts as trumps: a hand that bids. Seen from East, the world
    # where North holds it and passed is therefore less likely than the world where
    # North and South swap hands (North passing with sevens, eights and nines, no jack
    # and no ace, which bids nothing).
    deal = _strength_deal()
    dealt = tuple(deal.hand(seat).mask for seat in Seat)
    n, e, s, w = dealt
    view = deal.apply(PASS).view(Seat.EAST)
    model = StrengthModel()
    assert model.weight(view, (s, e, n, w)) > 10 * model.weight(view, (n, e, s, w))


def test_the_strength_model_reads_a_coinche_as_the_contracts_trumps() -> None:
    # North bids 80 spades and East coinches: a coinche says the coincher expects the
    # contract to fail, which the five highest spades (J A 10 K Q, West's hand) do:
    # with them East takes at least five tricks of trumps. Seen from South, the world
    # where East holds them is more likely than the one where East holds clubs and
    # West the spades (North's bid reads North's hand, the same in both worlds).
    deal = _strength_deal()
    n, e, s, w = (deal.hand(seat).mask for seat in Seat)
    view = deal.apply(Bid(80, Strain.SPADES)).apply(COINCHE).view(Seat.SOUTH)
    model = StrengthModel()
    assert model.weight(view, (n, w, s, e)) > 4 * model.weight(view, (n, e, s, w))


def test_the_strength_models_bad_arguments_are_named() -> None:
    with pytest.raises(CoincheValueError, match=r"spread must be a number from 0\.1 to 162"):
        StrengthModel(spread=0)
    with pytest.raises(CoincheTypeError, match="shift must be a number from -162 to 162, not"):
        StrengthModel(shift="x")  # type: ignore[arg-type]
    with pytest.raises(CoincheValueError, match="floor must be a number from 0 to 1, not 2"):
        StrengthModel(floor=2)
    with pytest.raises(CoincheValueError, match="coinche_shift must be a number from -162"):
        StrengthModel(coinche_shift=10**400)
