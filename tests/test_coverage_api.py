"""Documented behaviour of contracts, announcements and errors that no other test checked.

Found by the branch coverage report (issue 4): each test checks what a docstring or
RULES.md promises, the exception a wrong argument raises (the docstrings' ``:raises
CoincheTypeError: an argument of the wrong type``) or a rule of section 5.
"""

from __future__ import annotations

import pickle
import re
from typing import Any

import attrs
import pytest

from coinche import (
    CAPOT,
    GENERALE,
    Announcement,
    AnnouncementKind,
    Card,
    CoincheTypeError,
    Contract,
    Hand,
    InvalidDealError,
    RuleConfig,
    Seat,
    Strain,
    Trick,
    compare_announcements,
    find_announcements,
    score_deal,
)
from coinche.errors import IllegalActionError

TIERCE = AnnouncementKind.TIERCE


# ------------------------------------------------------------------ contracts
@pytest.mark.parametrize(
    ("value", "capot", "generale"),
    [(80, False, False), (CAPOT, True, False), (GENERALE, False, True)],
)
def test_contract_is_capot_and_is_generale(value: Any, capot: bool, generale: bool) -> None:
    contract = Contract(Seat.EAST, Strain.SPADES, value)
    assert (contract.is_capot, contract.is_generale) == (capot, generale)


@pytest.mark.parametrize(
    ("taker", "strain", "value", "error", "message"),
    [
        ("N", Strain.HEARTS, 80, CoincheTypeError, "a contract's taker must be a Seat, not 'N'"),
        (0, Strain.HEARTS, 80, CoincheTypeError, "a contract's taker must be a Seat, not 0"),
        (Seat.NORTH, "H", 80, CoincheTypeError, "a contract's strain must be a Strain"),
        (Seat.NORTH, 2, 80, CoincheTypeError, "a contract's strain must be a Strain, not 2"),
        (Seat.NORTH, Strain.HEARTS, "80", CoincheTypeError, "a contract value is an int"),
        (Seat.NORTH, Strain.HEARTS, 80.0, CoincheTypeError, "a contract value is an int"),
        (Seat.NORTH, Strain.HEARTS, True, CoincheTypeError, "a contract value is an int"),
        (Seat.NORTH, Strain.HEARTS, 0, InvalidDealError, "must be positive, not 0"),
        (Seat.NORTH, Strain.HEARTS, -80, InvalidDealError, "must be positive, not -80"),
    ],
)
def test_contract_refuses_bad_fields(
    taker: Any, strain: Any, value: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        Contract(taker, strain, value)


# ------------------------------------------------------------------ announcements
@pytest.mark.parametrize(
    ("kind", "cards", "seat", "message"),
    [
        ("tierce", Hand.parse("7H 8H 9H"), Seat.NORTH, "kind must be an AnnouncementKind"),
        (TIERCE, "7H 8H 9H", Seat.NORTH, "cards must be a Hand, not str"),
        (TIERCE, Card.parse_many("7H 8H 9H"), Seat.NORTH, "cards must be a Hand, not tuple"),
        (TIERCE, Hand.parse("7H 8H 9H"), "N", "seat must be a Seat, not 'N'"),
        (TIERCE, Hand.parse("7H 8H 9H"), 0, "seat must be a Seat, not 0"),
    ],
)
def test_announcement_refuses_wrong_types(kind: Any, cards: Any, seat: Any, message: str) -> None:
    with pytest.raises(CoincheTypeError, match=re.escape(message)):
        Announcement(kind, cards, seat)


HAND = Hand.parse("7H 8H 9H TH 7C")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("7H 8H 9H", Strain.CLUBS, RuleConfig.ffb(), Seat.EAST), "hand must be a Hand"),
        ((HAND, "C", RuleConfig.ffb(), Seat.EAST), "strain must be a Strain, not 'C'"),
        ((HAND, Strain.CLUBS, "ffb", Seat.EAST), "rules must be a RuleConfig, not str"),
        ((HAND, Strain.CLUBS, RuleConfig.ffb(), 1), "seat must be a Seat, not 1"),
    ],
)
def test_find_announcements_refuses_wrong_types(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(CoincheTypeError, match=re.escape(message)):
        find_announcements(*args)


def test_compare_announcements_refuses_other_objects() -> None:
    tierce = Announcement(TIERCE, Hand.parse("7H 8H 9H"), Seat.NORTH)
    with pytest.raises(CoincheTypeError, match="expected Announcement objects, not str"):
        compare_announcements([tierce, "tierce"], Strain.CLUBS, RuleConfig.ffb())  # type: ignore[list-item]
    with pytest.raises(CoincheTypeError, match="rules must be a RuleConfig"):
        compare_announcements([tierce], Strain.CLUBS, None)  # type: ignore[arg-type]


# North holds every heart and leads them in order; East follows with spades, South with
# clubs, West with diamonds. Hearts or all trump, North wins every trick.
ALL_HEARTS = tuple(Trick.parse(f"N: {rank}H {rank}S {rank}C {rank}D") for rank in "789TJQKA")


def _declared(*announcements: tuple[str, Seat]) -> list[Announcement]:
    return [Announcement(TIERCE, Hand.parse(cards), seat) for cards, seat in announcements]


def test_a_card_serves_in_one_declared_announcement_only() -> None:
    """RULES.md section 9: each card is used once (fours first, then the longest runs)."""
    declared = _declared(("7H 8H 9H", Seat.NORTH), ("9H TH JH", Seat.NORTH))
    with pytest.raises(InvalidDealError, match="9H already serves in another announcement"):
        score_deal(
            Contract(Seat.NORTH, Strain.HEARTS, 80),
            ALL_HEARTS,
            RuleConfig.ffb(),
            announcements=declared,
        )
    # the same two runs held by two seats are fine
    declared = _declared(("7S 8S 9S", Seat.EAST), ("7C 8C 9C", Seat.SOUTH))
    result = score_deal(
        Contract(Seat.NORTH, Strain.HEARTS, 80),
        ALL_HEARTS,
        RuleConfig.ffb(),
        announcements=declared,
    )
    assert result.capot is not None


def test_a_declared_run_in_trumps_is_refused_when_runs_in_trump_is_off() -> None:
    """RULES.md section 4/5, classic belote: runs count in plain suits only."""
    rules = attrs.evolve(RuleConfig.ffb(), runs_in_trump=False)
    hearts = Contract(Seat.NORTH, Strain.HEARTS, 80)
    with pytest.raises(InvalidDealError, match="runs in trumps do not count in these rules"):
        score_deal(hearts, ALL_HEARTS, rules, announcements=_declared(("7H 8H 9H", Seat.NORTH)))
    # a run in a plain suit is fine
    score_deal(hearts, ALL_HEARTS, rules, announcements=_declared(("7S 8S 9S", Seat.EAST)))
    # in all trump every suit is trumps
    all_trump = attrs.evolve(rules, allow_all_trump=True)
    contract = Contract(Seat.NORTH, Strain.ALL_TRUMP, 80)
    with pytest.raises(InvalidDealError, match="runs in trumps do not count in these rules"):
        score_deal(
            contract, ALL_HEARTS, all_trump, announcements=_declared(("7S 8S 9S", Seat.EAST))
        )


# ------------------------------------------------------------------ errors
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
