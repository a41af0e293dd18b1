"""coinche.errors: every exception of the library pickles, copies and prints."""

from __future__ import annotations

import copy
import pickle

import pytest

from coinche import (
    Card,
    Seat,
    Strain,
    errors,
)
from coinche.auction import PASS, Bid
from coinche.errors import IllegalActionError


# ------------------------------------------------------------------ every exception of the library
def _every_error() -> list[Exception]:
    card, seat = Card.parse("7S"), Seat.EAST
    return [
        errors.CoincheError("x"),
        errors.CoincheTypeError("x"),
        errors.CoincheValueError("x"),
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
        errors.DrawingError("size must be a positive number of pixels, not 0"),
    ]


def test_the_list_covers_every_exception_of_the_library() -> None:
    listed = {type(error) for error in _every_error()}
    exported = {getattr(errors, name) for name in errors.__all__}
    assert listed == exported


@pytest.mark.parametrize("error", _every_error(), ids=lambda e: type(e).__name__)
def test_every_exception_survives_pickle_copy_and_deepcopy(error: Exception) -> None:
    for clone in (pickle.loads(pickle.dumps(error)), copy.copy(error), copy.deepcopy(error)):
        assert type(clone) is type(error)
        assert str(clone) == str(error)
        assert clone.args == error.args
        assert vars(clone) == vars(error)


# ------------------------------------------------------------------ IllegalActionError
def test_errors_never_fail_on_a_bad_seat() -> None:
    error = IllegalActionError(PASS, "N", "why")  # type: ignore[arg-type]
    assert str(error) == "'N' may not do pass now: why"


# ------------------------------------------------------------------ IllegalActionError
@pytest.mark.parametrize("seat", [None, Seat.WEST])
def test_illegal_action_error_survives_pickling(seat: Seat | None) -> None:
    error = IllegalActionError(Card.parse("7C"), seat, "the deal is over")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is IllegalActionError
    assert (again.action, again.seat, again.reason) == (error.action, seat, error.reason)
    assert str(again) == str(error)
    assert str(error) == (
        "7C is not allowed now: the deal is over"
        if seat is None
        else "WEST may not do 7C now: the deal is over"
    )
