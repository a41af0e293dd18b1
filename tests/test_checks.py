# mypy: disable-error-code="arg-type, list-item"
# (this module passes wrong types on purpose, to check that they are refused)
"""The argument checks (coinche._checks) as every public function meets them.

A wrong type is a CoincheTypeError naming the argument; a number out of range is the
library's error, whose message names the value without printing a huge one; a message
never holds the whole of a long bad value; and the helpers that print values never fail.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

import coinche
from coinche import (
    Card,
    Contract,
    Hand,
    RuleConfig,
    Seat,
    Strain,
    TeamPoints,
    Trick,
    errors,
    records,
    score_deal,
)
from coinche._checks import check_seat, check_type
from coinche.auction import PASS, Auction, Bid
from coinche.deal import Deal
from coinche.errors import CoincheTypeError, IllegalActionError, InvalidDealError
from coinche.game import Game
from coinche.report import render_auction, render_tricks
from coinche.testing.deals import CAPOT_TRICKS, FOUR_NINES

# ------------------------------------------------------------------ bad argument types
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
def test_bad_argument_types_raise_coinche_type_error(call: object, message: str) -> None:
    with pytest.raises(CoincheTypeError, match=message):
        call()  # type: ignore[operator]


# ------------------------------------------------------------------ huge integers and long text
HUGE = 10**5000  # str() refuses an int of more than 4300 digits


def test_huge_integers_are_refused_at_the_boundary() -> None:
    # each refusal is a library error whose message prints (no bare ValueError)
    cases: list[tuple[Callable[[], object], type[Exception]]] = [
        (lambda: Bid(HUGE, Strain.HEARTS), InvalidDealError),
        (lambda: Contract(Seat.NORTH, Strain.HEARTS, HUGE), InvalidDealError),
        (lambda: attrs.evolve(RuleConfig(), target=HUGE), errors.RuleConfigError),
        (lambda: attrs.evolve(RuleConfig(), min_bid=-HUGE), errors.RuleConfigError),
        (lambda: Card.from_index(HUGE), errors.NotationError),
        (lambda: TeamPoints(HUGE, 0), InvalidDealError),
        (lambda: coinche.round_score(HUGE), InvalidDealError),
    ]
    for make, error in cases:
        with pytest.raises(error) as caught:
            make()
        assert "<an int of 5001 digits>" in str(caught.value)
    game = Game.new(RuleConfig(), Seat.NORTH, random.Random(1))
    for field in ("seed", "deal_number", "thrown_in"):
        with pytest.raises(CoincheTypeError, match=field):
            attrs.evolve(game, **{field: HUGE})


def test_messages_never_hold_the_whole_bad_value() -> None:
    with pytest.raises(errors.NotationError) as caught:
        Hand.parse("X" * 100_000)
    assert len(str(caught.value)) < 200


# ------------------------------------------------------------------ the checks themselves
def test_short_repr_never_raises_and_stays_short() -> None:
    from coinche._checks import short_repr, short_text

    class BrokenRepr:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

        def __str__(self) -> str:
            raise RuntimeError("no str")

    assert short_repr(BrokenRepr()) == "<a BrokenRepr>"
    assert short_repr([HUGE]) == "<a list>"  # repr of the list would refuse the int
    assert short_repr(list(range(100))).endswith("...]")
    assert short_text("abc") == "abc"
    assert short_text("x" * 100) == "x" * 57 + "... (100 characters)"
    # an error message built around a value whose str() and repr() raise
    assert str(IllegalActionError(BrokenRepr(), None, "why")) == (
        "<a BrokenRepr> is not allowed now: why"
    )


def test_check_seat_refuses_the_int_a_seat_equals() -> None:
    # Seat.EAST == 1, but the int 1 is not a seat: the message names the type and value
    assert check_seat(Seat.EAST, "dealer") is Seat.EAST
    with pytest.raises(CoincheTypeError) as caught:
        check_seat(1, "dealer")
    assert str(caught.value) == "dealer must be a Seat, not int (1)"
    with pytest.raises(CoincheTypeError) as caught:
        check_seat("N")
    assert str(caught.value) == "seat must be a Seat, not str ('N')"


def test_check_type_names_a_foreign_type_with_its_module() -> None:
    # "a Random" would not say which Random: a type from outside the library and the
    # builtins is named with its module
    with pytest.raises(CoincheTypeError) as caught:
        check_type(1, random.Random, "rng")
    assert str(caught.value) == "rng must be a random.Random, not int (1)"
