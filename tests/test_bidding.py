"""coinche.bots.bidding: ScoreBidder and ValueBidder call by the expected deal score.

Every expected call is argued from the rules (FFB scoring, RULES.md) by hand in the
test's comments; none is read from the bidder's output.
"""

from __future__ import annotations

import random

import attrs
import pytest

from coinche import Hand, RuleConfig, Seat, Strain
from coinche.auction import COINCHE, PASS, SURCOINCHE, Bid
from coinche.bots.bidding import ScoreBidder, ValueBidder
from coinche.bots.evaluate import EvaluatingBidder
from coinche.bots.players import GreedyPlayer
from coinche.cli._scale import _player_spec
from coinche.contract import CAPOT
from coinche.deal import Deal
from coinche.errors import CoincheTypeError, CoincheValueError

FFB = RuleConfig.ffb()


def _deal(*texts: str) -> Deal:
    """West deals (North calls first and leads first), hands North, East, South, West."""
    return Deal.from_hands(Seat.WEST, FFB, [Hand.parse(text) for text in texts])


@pytest.mark.heavy
def test_todays_bidder_overbids_where_the_score_bidder_passes() -> None:
    # FFB, West deals, North calls first with 7C 9C TC 7D QD TH 9S KS: no jack and no
    # ace, 41 card points (9C 14 + TC 10 as clubs; TH 10, KS 4, QD 3), 54 by
    # GreedyPlayer's count in clubs, less elsewhere.
    #
    # By hand: to make 80 the bidders need a total of 81 or more of the 162 card points
    # (and more than the defenders). The other 121 points lie in the three hidden
    # hands; South holds a third of them on average (40), so North-South start from
    # about 81 in their own hands, without one master card: the jack of trumps and the
    # four aces (64 points) are each with an opponent two times in three. A failed 80
    # costs 160 + 80 = 240 (more with announcements, twice that if coinched); a made 80
    # gains 80 plus the margin of card points, about 80 + 2 * 90 - 162 = 98. Bidding pays
    # only if the contract is made more than 240 / (240 + 98) = 71% of the time, which
    # a hand with no master card and partner unknown is not; higher bids need more.
    # So the right call is to pass.
    #
    # Today's EvaluatingBidder bids: with two double-dummy worlds it finds a bid with
    # a positive mean score (double-dummy play places every card for the taker).
    deal = Deal.new(Seat.WEST, FFB, random.Random(12))
    view = deal.view(Seat.NORTH)
    assert view.hand == Hand.parse("7C 9C TC 7D QD TH 9S KS")
    legal = deal.legal_actions()
    today = EvaluatingBidder(samples=2).choose(view, legal, random.Random(0))
    assert isinstance(today, Bid)
    for seed in range(3):
        assert ScoreBidder(samples=32).choose(view, legal, random.Random(seed)) == PASS


@pytest.mark.parametrize("bidder", [ScoreBidder, ValueBidder])
def test_it_coinches_a_capot_that_cannot_be_made(bidder: type[ScoreBidder]) -> None:
    # North holds the jack of hearts, the master trump: it wins a trick whatever is
    # played, so East's capot in hearts (all eight tricks) fails in every world.
    # Failed, the defenders score 160 + 250 (+ announcements) at multiplier 1, twice
    # that coinched: coinching gains at least 410 points over passing (more than
    # either bidder's margin, ValueBidder's coinche margin 40 included).
    deal = _deal(
        "JH 7C 8C 9C 7D 8D 9D 7S",
        "AH TH KH QH 9H 8H 7H AS",
        "AC TC KC QC JC TD 8S 9S",
        "AD KD QD JD TS JS QS KS",
    )
    deal = deal.apply(PASS).apply(Bid(CAPOT, Strain.HEARTS)).apply(PASS).apply(PASS)
    view = deal.view(Seat.NORTH)
    assert COINCHE in deal.legal_actions()
    assert bidder(samples=16).choose(view, deal.legal_actions(), random.Random(0)) == COINCHE


def _all_hearts_coinched() -> Deal:
    """North holds all eight hearts and bid 80 hearts; East coinched, South passed:
    North to call."""
    deal = _deal(
        "JH 9H AH TH KH QH 8H 7H",
        "AC TC KC QC JC 9C 8C 7S",
        "AD TD KD QD JD 8S 9S TS",
        "AS KS QS JS 7C 7D 8D 9D",
    )
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(COINCHE).apply(PASS)
    assert deal.to_move is Seat.NORTH
    return deal


def test_it_surcoinches_a_contract_it_cannot_lose() -> None:
    # North holds all eight hearts and leads first: each trick it plays a trump and
    # nobody else holds one, so it takes all eight tricks, in every world. Its 80
    # hearts coinched is made with a capot: (250 + 80 + announcements + belote) x 2;
    # surcoinched x 4, at least 660 more.
    deal = _all_hearts_coinched()
    legal = deal.legal_actions()
    assert ScoreBidder(samples=16).choose(deal.view(Seat.NORTH), legal, random.Random(0)) == (
        SURCOINCHE
    )


def test_it_does_not_surcoinche_a_contract_it_will_lose() -> None:
    # North bid capot in hearts without a heart and East coinched. A capot needs all
    # eight tricks; by the world model East holds the jack of hearts (GreedyPlayer
    # coinches a capot only with it), the master trump, which takes a trick. The
    # contract fails: surcoinching would double the loss, so North passes.
    deal = _deal(
        "7C 8C 9C 7D 8D 9D 7S 8S",
        "JH TH KH QH 9H AC TC 9S",
        "AH 8H 7H KC QC JC AS TS",
        "AD KD QD JD TD JS QS KS",
    )
    deal = deal.apply(Bid(CAPOT, Strain.HEARTS)).apply(COINCHE).apply(PASS)
    legal = deal.legal_actions()
    assert SURCOINCHE in legal
    assert ScoreBidder(samples=16).choose(deal.view(Seat.NORTH), legal, random.Random(0)) == PASS


def test_over_its_partner_it_only_raises_in_the_partners_strain() -> None:
    # South opened 80 hearts; North holds all eight spades (a capot in spades). The
    # documented rule: over its own team's bid it bids only in that strain, so its
    # call is a pass or a bid in hearts, never in spades.
    deal = Deal.from_hands(
        Seat.NORTH,  # East calls first: East, South, West, North
        FFB,
        [
            Hand.parse(text)
            for text in (
                "JS 9S AS TS KS QS 8S 7S",
                "AC TC KC QC JC 9C 8C 7H",
                "JH 9H AH TH KH 8D 9D TD",
                "AD KD QD JD 7D QH 8H 7C",
            )
        ],
    )
    deal = deal.apply(PASS).apply(Bid(80, Strain.HEARTS)).apply(PASS)
    assert deal.to_move is Seat.NORTH
    call = ScoreBidder(samples=16).choose(
        deal.view(Seat.NORTH), deal.legal_actions(), random.Random(0)
    )
    assert call == PASS or (isinstance(call, Bid) and call.strain is Strain.HEARTS)


def test_passing_before_any_bid_is_worth_nothing() -> None:
    # with no bid yet, passing all round throws the deal in: 0 for both teams
    deal = Deal.new(Seat.WEST, FFB, random.Random(3))
    worths = ScoreBidder(samples=4).worths(
        deal.view(Seat.NORTH), deal.legal_actions(), random.Random(0)
    )
    assert worths[PASS] == 0.0
    assert all(isinstance(call, Bid) for call in worths if call != PASS)


def test_the_card_play_and_the_classic_auction_go_to_the_other_players() -> None:
    # cards: the player given (GreedyPlayer by default); the turned-card auction:
    # GreedyPlayer's rules
    rng = random.Random(0)
    deal = Deal.new(Seat.WEST, FFB, rng)
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    view, legal = deal.view(Seat.NORTH), deal.legal_actions()
    bidder = ScoreBidder(samples=2)
    assert bidder.choose(view, legal, rng) == GreedyPlayer().choose(view, legal, rng)
    classic = Deal.new(Seat.WEST, RuleConfig.classic_belote(), random.Random(1))
    assert classic.to_move is not None
    view = classic.view(classic.to_move)
    assert bidder.choose(view, classic.legal_actions(), rng) == GreedyPlayer().choose(
        view, classic.legal_actions(), rng
    )


def test_bad_arguments_are_named() -> None:
    with pytest.raises(CoincheTypeError, match="samples must be an int >= 1, not 0"):
        ScoreBidder(samples=0)
    with pytest.raises(CoincheTypeError, match="coinche_risk must be a number from 0 to 1"):
        ScoreBidder(coinche_risk=1.5)
    with pytest.raises(CoincheTypeError, match="margin must be an int, not 'x'"):
        ScoreBidder(margin="x")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="draws must be an int >= 1 or None, not 0"):
        ScoreBidder(draws=0)
    with pytest.raises(
        CoincheTypeError, match=r"model must be a WorldModel or None, not int \(3\)"
    ):
        ScoreBidder(model=3)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="player must be a Player, not int"):
        ScoreBidder(player=3)
    with pytest.raises(CoincheTypeError, match=r"rng must be a random\.Random, not int"):
        ScoreBidder(rng=3)  # type: ignore[arg-type]


def test_the_match_spec() -> None:
    bidder = _player_spec("score:samples=8,risk=30,margin=5,play=greedy").build()
    assert isinstance(bidder, ScoreBidder)
    assert (bidder.samples, bidder.coinche_risk, bidder.margin) == (8, 0.3, 5)
    default = _player_spec("score").build()
    assert isinstance(default, ScoreBidder)
    assert (default.samples, default.coinche_risk, default.margin) == (64, 0.5, 30)
    with pytest.raises(Exception, match="score: risk must be a whole number from 0 to 100"):
        _player_spec("score:risk=101")


# ValueBidder: the same choice by the expected deal score, each world valued by the
# learned double-dummy estimate (ScoreBidder's situations above, argued the same way)


def test_the_value_bidder_bids_a_hand_of_five_top_trumps_and_three_aces() -> None:
    # North (first to call) holds J 9 A 10 K of hearts and the three other aces: with
    # hearts as trumps it takes the first five trump tricks (the jack, the nine, then
    # the ace and ten fall on nothing higher) and its three aces; the defenders can
    # keep at most the tricks it cannot reach, so 80 hearts is made in every world and
    # at least 100 is worth bidding (made, 100 + the card points beat 80 + them). Its
    # call is a bid in hearts of 100 or more; never a pass.
    deal = _deal(
        "JH 9H AH TH KH AS AD AC",
        "QC TC KC JC 9C 8C 7S 8S",
        "QD TD KD JD 8D 9S TS QS",
        "7H 8H QH KS JS 7C 7D 9D",
    )
    call = ValueBidder(samples=16).choose(
        deal.view(Seat.NORTH), deal.legal_actions(), random.Random(0)
    )
    assert isinstance(call, Bid)
    assert call.strain is Strain.HEARTS
    assert call.points >= 100


def test_the_value_bidder_bids_suits_only() -> None:
    # its network knows suit contracts only: under rules with no-trump and all-trump
    # bids, none is ever valued or made, whatever the hand
    rules = attrs.evolve(RuleConfig.ffb(), allow_no_trump=True, allow_all_trump=True)
    bidder = ValueBidder(samples=4)
    for seed in range(6):
        deal = Deal.new(Seat.WEST, rules, random.Random(seed))
        worths = bidder.worths(deal.view(Seat.NORTH), deal.legal_actions(), random.Random(0))
        assert worths[PASS] == 0.0  # no bid yet: a pass throws the deal in
        assert any(isinstance(call, Bid) for call in worths)  # the suit bids are there
        assert all(
            call == PASS or (isinstance(call, Bid) and call.strain.is_suit) for call in worths
        )


def test_the_value_bidders_bad_arguments_are_named() -> None:
    with pytest.raises(CoincheTypeError, match="coinche_margin must be an int, not 'x'"):
        ValueBidder(coinche_margin="x")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="spread must be a number from 1 to 162, not"):
        ValueBidder(spread="x")  # type: ignore[arg-type]
    with pytest.raises(CoincheValueError, match="spread must be a number from 1 to 162, not 0"):
        ValueBidder(spread=0)
    with pytest.raises(CoincheValueError, match="opponents must be a number from -162 to 162"):
        ValueBidder(opponents=10**400)
    with pytest.raises(CoincheTypeError, match="surcoinche_margin must be an int or None"):
        ValueBidder(surcoinche_margin=1.5)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="declarer must be a number from -162 to 162"):
        ValueBidder(declarer=True)
    with pytest.raises(CoincheTypeError, match="samples must be an int >= 1, not 0"):
        ValueBidder(samples=0)


def test_the_value_bidders_match_spec() -> None:
    bidder = _player_spec("value:samples=8,risk=20,margin=5,coinche_margin=60,spread=30").build()
    assert isinstance(bidder, ValueBidder)
    assert (bidder.samples, bidder.coinche_risk, bidder.margin) == (8, 0.2, 5)
    assert (bidder.coinche_margin, bidder.surcoinche_margin, bidder.spread) == (60, 60, 30.0)
    high = _player_spec("value:surcoinche_margin=500").build()
    assert isinstance(high, ValueBidder)
    assert (high.coinche_margin, high.surcoinche_margin) == (40, 500)
    with pytest.raises(Exception, match="value: spread must be a number from 1 to 162"):
        _player_spec("value:spread=0")


def test_the_value_bidders_surcoinche_margin() -> None:
    # North holds all eight hearts and leads: it takes every trick (as for ScoreBidder
    # above), so its 80 hearts coinched is made with a capot, (250 + 80 + belote 20) x 2
    # = 700 (the estimate leaves announcements out), x 4 surcoinched: surcoinching
    # gains 700 over passing, more than the default margin (40), less than 1,000.
    deal = _all_hearts_coinched()
    view, legal = deal.view(Seat.NORTH), deal.legal_actions()
    assert ValueBidder(samples=8).choose(view, legal, random.Random(0)) == SURCOINCHE
    never = ValueBidder(samples=8, surcoinche_margin=1000)
    assert never.choose(view, legal, random.Random(0)) == PASS
