# mypy: disable-error-code="arg-type, list-item"
# (this module passes wrong types on purpose, to check that they are refused)
"""The argument checks (coinche._checks) as every public function meets them.

A wrong type is a CoincheTypeError naming the argument; a number out of range is the
library's error, whose message names the value without printing a huge one; a message
never holds the whole of a long bad value; and the helpers that print values never fail.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from typing_extensions import override

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
from coinche._checks import (
    check_callable,
    check_choice,
    check_int_range,
    check_number,
    check_seat,
    check_seed,
    check_sequence,
    check_type,
    is_choice,
    is_instance,
    is_int,
    is_number,
    is_tuple_of,
)
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
        @override
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

        @override
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


# ------------------------------------------------------------------ one checker per kind of value
def test_a_value_error_is_also_the_type_error_it_was_before() -> None:
    # out-of-range ints raised CoincheTypeError before CoincheValueError existed: both
    # kinds of except clause still catch one, and ValueError now does too
    with pytest.raises(errors.CoincheValueError) as caught:
        check_int_range(0, "worlds", 1, 10)
    assert isinstance(caught.value, CoincheTypeError)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, TypeError)
    assert str(caught.value) == "worlds must be an int from 1 to 10, not 0"
    # a wrong type is a type error only
    with pytest.raises(CoincheTypeError) as wrong:
        check_int_range("3", "worlds", 1, 10)
    assert not isinstance(wrong.value, ValueError)
    # the caller's own error for a number the rules refuse
    with pytest.raises(InvalidDealError):
        check_int_range(200, "points", 0, 162, InvalidDealError)


@pytest.mark.parametrize("value", [True, False, 1.0, 1.5, "3", None, [1], b"1"])
def test_check_int_range_coerces_nothing(value: object) -> None:
    with pytest.raises(CoincheTypeError) as caught:
        check_int_range(value, "n", 0, 10)
    assert not isinstance(caught.value, errors.CoincheValueError)


def test_numpy_integers_only_where_asked_and_given_back_as_int() -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(CoincheTypeError):
        check_int_range(np.int64(3), "n", 0, 10)
    found = check_int_range(np.int64(3), "n", 0, 10, numpy=True)
    assert type(found) is int
    assert found == 3
    assert type(check_seed(np.uint8(7), numpy=True)) is int
    # NumPy's bool is no more an int than Python's, and an array of one is not a scalar
    for value in (np.bool_(True), np.array([3]), np.float32(3.0)):
        with pytest.raises(CoincheTypeError):
            check_int_range(value, "n", 0, 10, numpy=True)
    assert check_number(np.float32(0.5), "p", 0, 1, numpy=True) == 0.5
    with pytest.raises(errors.CoincheValueError):
        check_number(np.float64("nan"), "p")


def test_check_seed_bounds_at_one_hundred_digits() -> None:
    assert check_seed(10**100 - 1) == 10**100 - 1
    assert check_seed(-(10**100) + 1) == -(10**100) + 1
    for value in (10**100, -(10**100), 10**400):
        with pytest.raises(errors.CoincheValueError, match="at most 100 digits"):
            check_seed(value)
    with pytest.raises(CoincheTypeError, match="rng_seed must be"):
        check_seed(1.0, "rng_seed")


@pytest.mark.parametrize(
    ("value", "low", "high", "message"),
    [
        (math.nan, None, None, "x must be a finite number, not nan"),
        (math.inf, 0, None, "x must be a number from 0, not inf"),
        (-math.inf, None, 5, "x must be a number up to 5, not -inf"),
        (10**400, None, None, "x must be a finite number, not <an int of 401 digits>"),
        (10**400, 0, 100, "x must be a number from 0 to 100, not <an int of 401 digits>"),
        (-(10**400), 0, 100, "x must be a number from 0 to 100, not <an int of 401 digits>"),
        (100.5, 0, 100, "x must be a number from 0 to 100, not 100.5"),
    ],
)
def test_check_number_refuses_what_is_not_a_finite_number_in_range(
    value: object, low: float | None, high: float | None, message: str
) -> None:
    with pytest.raises(errors.CoincheValueError) as caught:
        check_number(value, "x", low, high)
    assert str(caught.value) == message


@given(st.integers() | st.floats(allow_nan=True, allow_infinity=True))
def test_check_number_gives_the_number_or_a_library_error(value: float) -> None:
    # whatever the int (of any size) or float: the same number as a float when it is
    # finite and within the bounds, else a CoincheValueError; never OverflowError
    try:
        found = check_number(value, "x", -1e6, 1e6)
    except errors.CoincheValueError:
        assert not (math.isfinite(value) and -1e6 <= value <= 1e6)
    else:
        assert type(found) is float
        assert found == value


@given(st.integers(), st.integers(-50, 50), st.integers(-50, 50))
def test_check_int_range_keeps_exactly_the_ints_in_range(value: int, low: int, high: int) -> None:
    try:
        found = check_int_range(value, "n", low, high)
    except errors.CoincheValueError:
        assert not low <= value <= high
    else:
        assert found == value
        assert low <= value <= high


def test_check_choice_sequence_and_callable() -> None:
    assert check_choice("score", "objective", ("score", "points")) == "score"
    with pytest.raises(CoincheTypeError) as caught:
        check_choice(1, "objective", ("score", "points"))
    assert str(caught.value) == "objective must be one of 'score', 'points', not int (1)"
    assert check_sequence(iter([1, 2]), "xs", int) == (1, 2)  # copied, a generator too
    with pytest.raises(errors.CoincheValueError, match="at most 3 items"):
        check_sequence(itertools.count(), "xs", max_len=3)  # never followed to the end
    with pytest.raises(CoincheTypeError, match="xs must be an iterable"):
        check_sequence("abc", "xs")
    with pytest.raises(CoincheTypeError, match=r"xs\[0\] must be an int"):
        check_sequence([True], "xs", int)
    assert check_callable(print, "progress") is print


def test_validators_name_the_class_and_field() -> None:
    @attrs.frozen
    class Row:
        number: int = attrs.field(validator=is_int(0, 31))
        mean: float | None = attrs.field(validator=is_number(optional=True))
        seat: Seat = attrs.field(validator=is_instance(Seat))
        seats: tuple[Seat, ...] = attrs.field(validator=is_tuple_of(Seat, length=2))
        kind: str = attrs.field(default="table", validator=is_choice(("table", "evaluated")))

    ok = Row(3, None, Seat.NORTH, (Seat.NORTH, Seat.SOUTH))
    assert ok.mean is None
    assert Row(3, 2, Seat.NORTH, (Seat.NORTH, Seat.SOUTH)).mean == 2  # kept as given
    bad: list[tuple[dict[str, object], type[Exception], str]] = [
        ({"number": 32}, errors.CoincheValueError, "Row.number must be an int from 0 to 31"),
        ({"mean": math.inf}, errors.CoincheValueError, "Row.mean must be a finite number"),
        ({"seat": 0}, CoincheTypeError, "Row.seat must be a Seat"),
        ({"seats": [Seat.NORTH, Seat.SOUTH]}, CoincheTypeError, "Row.seats must be a tuple"),
        ({"seats": (Seat.NORTH,)}, errors.CoincheValueError, "Row.seats must hold 2 items"),
        ({"kind": "tables"}, errors.CoincheValueError, "Row.kind must be one of 'table'"),
        ({"kind": 1}, CoincheTypeError, "Row.kind must be one of 'table', 'evaluated', not int"),
    ]
    for change, error, message in bad:
        with pytest.raises(error, match=message):
            attrs.evolve(ok, **change)
