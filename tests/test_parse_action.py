"""Reading actions and steps from text: parse_action (what a server receives from a
player) and Step.parse, the inverse of str(step).

The expected values are read off the notations by hand: a card is its rank then its
suit ("JH", "10H"), a call as the auction writes it ("pass", "80 H", "take", "name H").
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings

from coinche import (
    CAPOT,
    COINCHE,
    GENERALE,
    PASS,
    TAKE,
    Announcement,
    AnnouncementKind,
    Bid,
    Card,
    CoincheTypeError,
    Contract,
    Deal,
    Hand,
    NameSuit,
    NotationError,
    Phase,
    RuleConfig,
    Seat,
    Step,
    Strain,
    Suit,
    parse_action,
)
from coinche.game import Game
from coinche.testing.strategies import contracts, deals

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def coinche_deal() -> Deal:
    return Deal.new(W, RuleConfig.common(), random.Random(1))


def classic_deal() -> Deal:
    return Deal.new(W, RuleConfig.classic_belote(), random.Random(1))


def in_play() -> Deal:
    deal = coinche_deal()
    for call in (Bid(80, Strain.HEARTS), PASS, PASS, PASS):
        deal = deal.apply(call)
    assert deal.phase is Phase.PLAY
    return deal


def test_without_a_deal_any_card_or_call_reads() -> None:
    assert parse_action("JH") == Card.parse("JH")
    assert parse_action("10h") == Card.parse("TH")  # 10 is the ten, as in Card.parse
    assert parse_action(" pass ") == PASS
    assert parse_action("80 H") == Bid(80, Strain.HEARTS)
    assert parse_action("coinche") == COINCHE
    assert parse_action("take") == TAKE
    assert parse_action("name S") == NameSuit(Suit.SPADES)
    with pytest.raises(NotationError, match=r"cannot read 'ZZ' as an action: an action is a card"):
        parse_action("ZZ")


def test_in_the_play_the_text_is_a_card() -> None:
    deal = in_play()
    assert parse_action("jh", deal) == Card.parse("JH")
    # garbage is reported as what the play expects, not as "cannot read 'ZZ' as a call"
    with pytest.raises(NotationError) as caught:
        parse_action("ZZ", deal)
    message = str(caught.value)
    assert "as a call" not in message
    assert "in the play an action is a card, like 'JH' or '10H'" in message
    with pytest.raises(NotationError, match=r"it is a call, and the auction is over"):
        parse_action("pass", deal)
    # a view knows the phase as well as the deal
    assert parse_action("7S", deal.view(N)) == Card.parse("7S")


def test_in_the_auction_the_text_is_a_call_of_the_deals_auction() -> None:
    deal = coinche_deal()
    assert parse_action("100 s", deal) == Bid(100, Strain.SPADES)
    with pytest.raises(NotationError, match=r"it is a card, and in the auction an action is a "
                       r"call, like 'pass', '80 H' or 'coinche'"):  # fmt: skip
        parse_action("JH", deal)
    with pytest.raises(NotationError, match=r"'take' now: it is a call of classic belote"):
        parse_action("take", deal)
    with pytest.raises(NotationError, match=r"unknown strain 'Q'"):  # the parser's reason
        parse_action("100 Q", deal)
    classic = classic_deal()
    assert parse_action("Take", classic) == TAKE
    with pytest.raises(NotationError, match=r"'80 H' now: it is a call of the coinche auction, "
                       r"and in the auction an action is a call, like 'pass', 'take' or "
                       r"'name H'"):  # fmt: skip
        parse_action("80 H", classic)
    # min82 bids from 82: the example follows the rules
    min82 = Deal.new(W, RuleConfig.min82(), random.Random(1))
    with pytest.raises(NotationError, match=r"like 'pass', '82 H' or 'coinche'"):
        parse_action("ZZ", min82)


def test_a_finished_deal_takes_no_text() -> None:
    deal = coinche_deal()
    for _ in range(4):
        deal = deal.apply(PASS)
    assert deal.phase is Phase.THROWN_IN
    with pytest.raises(NotationError, match=r"the deal is thrown in and takes no more action"):
        parse_action("pass", deal)


def test_bad_arguments() -> None:
    with pytest.raises(CoincheTypeError, match=r"an action is read from a str, not int"):
        parse_action(3)  # type: ignore[arg-type]
    with pytest.raises(
        CoincheTypeError, match=r"deal must be a Deal, a PlayerView or a Game, not 'x'"
    ):
        parse_action("JH", "x")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match=r"a step is read from a str, not NoneType"):
        Step.parse(None)  # type: ignore[arg-type]


def test_step_text_by_hand() -> None:
    assert Step.parse("N 80 S") == Step(N, Bid(80, Strain.SPADES))
    assert Step.parse("e pass") == Step(E, PASS)
    assert Step.parse(" s\t100  h ") == Step(S, Bid(100, Strain.HEARTS))  # any spaces
    tierce = Announcement(AnnouncementKind.TIERCE, Hand.parse("QH KH AH"), W)
    step = Step(W, Card.parse("AH"), (tierce,))
    assert str(step) == "W AH declare tierce (QH KH AH)"
    assert Step.parse("W AH declare tierce (QH KH AH)") == step
    jacks = Announcement(AnnouncementKind.FOUR_OF_A_KIND, Hand.parse("JC JD JH JS"), S)
    step = Step(S, Card.parse("KH"), (jacks,), False)
    assert str(step) == "S KH declare four jacks (JC JD JH JS) no belote"
    assert Step.parse(str(step)) == step
    assert str(Step(S, Card.parse("KH"), (), True)) == "S KH declare nothing belote"
    for bad, reason in (
        ("N", "cannot read '' as an action"),
        ("X JH", "cannot read 'X' as a seat"),
        ("N JH declare tierce QH", "cannot read 'tierce QH' as an announcement"),
        ("N JH declare fifty (QH KH AH)", "unknown announcement 'fifty'"),
        ("N JH declare tierce (QH KH AS)", "QH KH AS is not a run of one suit"),
    ):
        with pytest.raises(
            NotationError, match=re.escape(f"cannot read '{bad}' as a step: {reason}")
        ):
            Step.parse(bad)


@settings(max_examples=60, deadline=None)
@given(deals())
def test_steps_round_trip_through_their_text(deal: Deal) -> None:
    for step in deal.steps:
        assert Step.parse(str(step)) == step
        assert parse_action(str(step.action)) == step.action


@settings(max_examples=30, deadline=None)
@given(deals(phase=Phase.PLAY))
def test_a_deal_reads_its_legal_actions(deal: Deal) -> None:
    for action in deal.legal_actions():
        assert parse_action(str(action), deal) == action


@settings(max_examples=30, deadline=None)
@given(deals(phase=Phase.AUCTION))
def test_an_auction_reads_its_legal_calls(deal: Deal) -> None:
    for action in deal.legal_actions():
        assert parse_action(str(action), deal) == action


# ------------------------------------------------------------------ what a newcomer types
def test_a_bid_number_above_any_bid_says_so() -> None:
    """ "10000 H" was "unknown bid value '10000' (expected a number ...)": it is a number.
    The message says it is too high, and the deal's message keeps that reason."""
    with pytest.raises(NotationError) as caught:
        parse_action("10000 H")
    assert "bid value 10000 is too high: no bid is above 1000" in str(caught.value)
    deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(1))
    with pytest.raises(NotationError) as caught:
        parse_action("10000 H", deal)
    assert str(caught.value).startswith(
        "cannot read '10000 H' now: bid value 10000 is too high: no bid is above 1000"
    )
    assert parse_action("01000 H") == Bid(1000, Strain.HEARTS)  # leading zeros: a number


@pytest.mark.parametrize("text", ["capot", "80", "generale", "Capot"])
def test_a_bid_without_its_strain_says_so(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert f"a bid needs its strain after the value, as in '{text} S'" in str(caught.value)


def test_parse_action_reads_what_a_game_expects_now() -> None:
    game = Game.new(RuleConfig.common(), Seat.WEST, random.Random(2))
    assert parse_action("80 H", game) == Bid(80, Strain.HEARTS)
    with pytest.raises(NotationError, match="in the auction an action is a call"):
        parse_action("JH", game)
    for call in (Bid(80, Strain.HEARTS), PASS, PASS, PASS):
        game = game.apply(call)
    assert game.phase is Phase.PLAY
    assert parse_action("JH", game) == Card.parse("JH")


@pytest.mark.parametrize(
    ("text", "contract"),
    [
        ("100 H by N", Contract(Seat.NORTH, Strain.HEARTS, 100)),
        ("80 c BY s,coinched", Contract(Seat.SOUTH, Strain.CLUBS, 80, 2)),
        ("capot no trump by East, surcoinched", Contract(Seat.EAST, Strain.NO_TRUMP, CAPOT, 4)),
        ("générale AT by W", Contract(Seat.WEST, Strain.ALL_TRUMP, GENERALE)),
    ],
)
def test_contract_parse_reads_what_str_writes(text: str, contract: Contract) -> None:
    assert Contract.parse(text) == contract
    assert Contract.parse(str(contract)) == contract


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("100 H", "expected a bid, 'by' and the taker"),
        ("100 Q by N", "cannot read 'Q' as a strain"),
        ("10000 H by N", "bid value 10000 is too high"),
        ("0 H by N", "a contract value must be positive, not 0"),
        ("100 H by X", "cannot read 'X' as a seat"),
        ("100 H by N, doubled", "expected coinched or surcoinched after the comma"),
    ],
)
def test_contract_parse_names_the_bad_part(text: str, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        Contract.parse(text)
    assert str(caught.value).startswith(f"cannot read {text!r} as a contract: {reason}")


@given(contracts())
def test_contract_parse_reads_back_every_contract(contract: Contract) -> None:
    assert Contract.parse(str(contract)) == contract
