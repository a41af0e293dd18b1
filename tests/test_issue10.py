# mypy: disable-error-code="arg-type, list-item"
# (this module passes wrong types on purpose, to check that they are refused)
"""Issue 10: defects found by adversarial testing, and what a newcomer trips on.

Each test names the item of the issue it pins. Every one of them failed before its fix.
"""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

import coinche
from coinche import (
    Announcement,
    AnnouncementKind,
    Card,
    Contract,
    Hand,
    RuleConfig,
    Seat,
    Strain,
    Team,
    TeamPoints,
    Trick,
    errors,
    records,
    score_deal,
)
from coinche.auction import PASS, Auction, Bid
from coinche.deal import Deal, Phase, PlayerView
from coinche.errors import CoincheTypeError, IllegalActionError, InvalidDealError
from coinche.game import Game
from coinche.notation import render_auction, render_tricks

# North leads the top card of each suit and takes every trick. West plays the four
# nines (9H 9S 9C 9D), an announcement of 150 under the FFB rules.
CAPOT_TRICKS = tuple(
    Trick.parse(text)
    for text in (
        "N: JH 7H 8H 9H",
        "N: AS 7S 8S 9S",
        "N: TS JS QS KS",
        "N: AC 7C 8C 9C",
        "N: TC JC QC KC",
        "N: AD 7D 8D 9D",
        "N: TD JD QD KD",
        "N: AH TH KH QH",
    )
)
FOUR_NINES = Announcement(AnnouncementKind.FOUR_OF_A_KIND, Hand.parse("9C 9D 9H 9S"), Seat.WEST)


# ------------------------------------------------------------------ item 1
def test_item1_runs_count_in_no_trump_when_runs_in_trump_is_off() -> None:
    # runs_in_trump=False drops runs in the trump suit only; no trump has no trump
    # suit, so the tierce 7H 8H 9H (a quarte with TH) still counts.
    rules = attrs.evolve(RuleConfig.ffb(), runs_in_trump=False, allow_no_trump=True)
    found = coinche.find_announcements(
        Hand.parse("7H 8H 9H TH 7C 9D JS AS"), Strain.NO_TRUMP, rules
    )
    assert [a.kind for a in found] == [AnnouncementKind.QUARTE]
    # ... while in hearts the same run is in trumps and does not count
    assert coinche.find_announcements(Hand.parse("7H 8H 9H TH"), Strain.HEARTS, rules) == ()


# ------------------------------------------------------------------ item 2
def test_item2_result_keeps_a_copy_of_the_announcements() -> None:
    rules = RuleConfig.ffb()
    contract = Contract(Seat.NORTH, Strain.HEARTS, 80)
    declared = [FOUR_NINES]
    result = score_deal(contract, CAPOT_TRICKS, rules, announcements=declared)
    before, dumped = result.breakdown(), records.dumps(result)
    assert "four nines" in before
    declared.clear()
    assert result.breakdown() == before
    assert records.dumps(result) == dumped
    assert records.loads(dumped) == result
    # a generator is read once, by score_deal: the breakdown still sees the four nines
    once = score_deal(contract, CAPOT_TRICKS, rules, announcements=(a for a in [FOUR_NINES]))
    assert once.breakdown() == before


def test_item2_belote_declared_must_be_a_bool() -> None:
    contract = Contract(Seat.NORTH, Strain.HEARTS, 80)
    with pytest.raises(CoincheTypeError, match="belote_declared must be a bool"):
        score_deal(contract, CAPOT_TRICKS, belote_declared="no")


# ------------------------------------------------------------------ item 4
def _every_error() -> list[Exception]:
    card, seat = Card.parse("7S"), Seat.EAST
    return [
        errors.CoincheError("x"),
        errors.CoincheTypeError("x"),
        errors.NotationError("x"),
        errors.RuleConfigError("x"),
        errors.CardNotInHandError("x"),
        errors.InvalidDealError("x"),
        errors.IllegalCardError(card, seat, "you must follow hearts"),
        errors.IllegalCardError(card, None, "you must follow hearts"),
        errors.IllegalCallError(seat, Bid(90, Strain.HEARTS), "too low"),
        errors.InvalidRecordError("bad", "tricks[3]"),
        errors.IllegalActionError(card, seat, "the auction is on"),
        errors.IllegalActionError(PASS, None, "the deal is over"),
    ]


def test_item4_the_list_covers_every_exception_of_the_library() -> None:
    listed = {type(error) for error in _every_error()}
    exported = {getattr(errors, name) for name in errors.__all__}
    assert listed == exported


@pytest.mark.parametrize("error", _every_error(), ids=lambda e: type(e).__name__)
def test_item4_every_exception_survives_pickle_copy_and_deepcopy(error: Exception) -> None:
    for clone in (pickle.loads(pickle.dumps(error)), copy.copy(error), copy.deepcopy(error)):
        assert type(clone) is type(error)
        assert str(clone) == str(error)
        assert clone.args == error.args
        assert vars(clone) == vars(error)


# ------------------------------------------------------------------ item 5
def _deal_in_play() -> Deal:
    deal = Deal.new(Seat.NORTH, RuleConfig(), random.Random(1))
    deal = deal.apply(Bid(80, Strain.HEARTS))
    for _ in range(3):
        deal = deal.apply(PASS)
    assert deal.phase is Phase.PLAY
    return deal


def test_item5_apply_call_with_a_string_seat_after_the_auction() -> None:
    deal = _deal_in_play()
    with pytest.raises(CoincheTypeError, match="seat must be a Seat, not 'N'"):
        deal.apply_call("N", PASS)
    with pytest.raises(IllegalActionError, match="the auction is over"):
        deal.apply_call(Seat.NORTH, PASS)
    game = Game.new(RuleConfig(), Seat.NORTH, random.Random(1))
    game = attrs.evolve(game, deal=deal)
    with pytest.raises(CoincheTypeError, match="seat must be a Seat, not 'N'"):
        game.apply_call("N", PASS)


def test_item5_errors_never_fail_on_a_bad_seat() -> None:
    error = IllegalActionError(PASS, "N", "why")
    assert str(error) == "'N' may not do pass now: why"


# ------------------------------------------------------------------ item 6
RULES = RuleConfig()
CONTRACT = Contract(Seat.NORTH, Strain.HEARTS, 80)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Trick(Seat.NORTH, None), "a trick's cards must be an iterable"),
        (lambda: score_deal(CONTRACT, None), "tricks must be an iterable"),
        (
            lambda: score_deal(CONTRACT, CAPOT_TRICKS, announcements=5),
            "announcements must be an iterable",
        ),
        (
            lambda: coinche.compare_announcements(None, Strain.HEARTS, RULES),
            "announcements must be an iterable",
        ),
        (
            lambda: coinche.compare_announcements([FOUR_NINES], "H", RULES),
            "strain must be a Strain",
        ),
        (lambda: FOUR_NINES.strength(None), "strain must be a Strain"),
        (
            lambda: Auction.replay(Seat.NORTH, RULES, None),
            "calls must be a sequence of",
        ),
        (
            lambda: Auction.replay(Seat.NORTH, RULES, [(Seat.EAST,)]),
            "each call must be a",
        ),
        (lambda: render_tricks(None, Strain.HEARTS), "tricks must be an iterable"),
        (lambda: render_auction(None), "calls must be an iterable"),
        (lambda: coinche.round_score(None), "points must be an int"),
        (lambda: coinche.round_score(84.9), "points must be an int"),
        (
            lambda: Deal.new(Seat.NORTH, RULES, random.Random(0)).apply(PASS, declare=5),
            "declare must be an iterable",
        ),
        (lambda: records.loads_as('{"type": "team", "team": "EW"}', []), "cls must be a"),
    ],
)
def test_item6_bad_argument_types_raise_coinche_type_error(call: object, message: str) -> None:
    with pytest.raises(CoincheTypeError, match=message):
        call()  # type: ignore[operator]


# ------------------------------------------------------------------ item 7
def test_item7_team_points_checks_its_fields() -> None:
    with pytest.raises(CoincheTypeError, match="north_south"):
        TeamPoints("a", None)
    with pytest.raises(CoincheTypeError, match="east_west"):
        TeamPoints(0, True)
    with pytest.raises(InvalidDealError, match="north_south"):
        TeamPoints(10**12, 0)
    assert TeamPoints(-20, 160)[Team.NORTH_SOUTH] == -20


def test_item7_game_refuses_bad_totals() -> None:
    game = Game.new(RuleConfig(), Seat.NORTH, random.Random(1))
    with pytest.raises(CoincheTypeError):
        attrs.evolve(game, totals=TeamPoints("a", None))
    with pytest.raises(CoincheTypeError, match="totals"):
        attrs.evolve(game, totals=(0, 0))


def _view() -> PlayerView:
    return _deal_in_play().view(Seat.EAST)


def test_item7_player_view_checks_types() -> None:
    view = _view()
    hash(view)
    for field, bad in [
        ("phase", "play"),
        ("hand", "7C 8C"),
        ("tricks", [1]),
        ("calls", None),
        ("belote_declared", 0),
        ("contract", "80 H"),
        ("to_move", 1),
    ]:
        with pytest.raises(CoincheTypeError, match=field):
            attrs.evolve(view, **{field: bad})


def test_item7_player_view_checks_consistency() -> None:
    view = _view()
    # an eleven-card hand: no player ever holds more than eight
    with pytest.raises(InvalidDealError, match="at most 8 cards"):
        attrs.evolve(view, hand=view.hand | Hand.parse("7C 8C 9C TC JC QC KC AC"))
    # a card both in the hand and in the trick being played
    card = view.hand.cards[0]
    with pytest.raises(InvalidDealError, match="both in the hand and played"):
        attrs.evolve(view, trick=Trick(Seat.NORTH, [card]))
    # a scored deal has no seat to move; a deal being played has one
    with pytest.raises(InvalidDealError, match="to_move"):
        attrs.evolve(view, phase=Phase.SCORED)
    with pytest.raises(InvalidDealError, match="to_move"):
        attrs.evolve(view, to_move=None)


def test_item7_player_view_records_are_checked() -> None:
    view = _view()
    data = records.to_data(view)
    assert records.from_data(data) == view
    bad = dict(data, phase="scored")
    with pytest.raises(errors.InvalidRecordError):
        records.from_data(bad)
    bad = dict(data, hand=str(view.hand | Hand.parse("7C 8C 9C TC JC QC KC AC")))
    with pytest.raises(errors.InvalidRecordError):
        records.from_data(bad)
