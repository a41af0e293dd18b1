"""The exact wording of the errors of parse_call and of score_deal's contract check.

A mutation run (issue 4) left mutants alive that changed only these messages. The
messages are what a user reads when a call or a contract is refused, so they are
pinned here word for word, together with the boundary cases that must not raise.
Each message names the bad value, as the project's standards ask.
"""

from __future__ import annotations

import attrs
import pytest

from coinche import (
    CAPOT,
    GENERALE,
    Contract,
    DealResult,
    RuleConfig,
    Seat,
    Strain,
    Trick,
    score_deal,
)
from coinche.auction import COINCHE, PASS, SURCOINCHE, Bid, parse_call
from coinche.errors import CoincheTypeError, InvalidDealError, NotationError
from coinche.testing.deals import CAPOT_TRICKS

# A deal where North-South take every trick (North wins each with the top card of
# the suit led); any contract by North can be scored on it.
TRICKS = CAPOT_TRICKS

# The same for an all-trump contract, where J and 9 are the top cards of every suit:
# North leads the jack over 7, 8 and Q, then the nine over A, 10 and K.
TRICKS_ALL_TRUMP = tuple(
    Trick.parse(f"N: J{s} 7{s} 8{s} Q{s}") if half == 0 else Trick.parse(f"N: 9{s} A{s} T{s} K{s}")
    for s in "CDHS"
    for half in (0, 1)
)


# ------------------------------------------------------------------ parse_call
@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "double",
            "cannot read 'double' as a call (expected pass, coinche, surcoinche or a bid "
            "such as '100 H' or 'capot S')",
        ),
        (
            "",
            "cannot read '' as a call (expected pass, coinche, surcoinche or a bid "
            "such as '100 H' or 'capot S')",
        ),
        (
            "abc H",
            "cannot read 'abc H' as a call: unknown bid value 'abc' "
            "(expected a number, capot or generale)",
        ),
        (
            "100 Q",
            "cannot read '100 Q' as a call: unknown strain 'Q' "
            "(expected one of C D H S NT AT or a strain name)",
        ),
        (
            "capot no such",
            "cannot read 'capot no such' as a call: unknown strain 'no such' "
            "(expected one of C D H S NT AT or a strain name)",
        ),
    ],
)
def test_parse_call_messages(text: str, message: str) -> None:
    """A refused call text is quoted, with what was expected instead."""
    with pytest.raises(NotationError) as caught:
        parse_call(text)
    assert str(caught.value) == message


def test_parse_call_non_ascii_digits_are_not_a_value() -> None:
    """Arabic-Indic digits pass str.isdigit() but are not a bid value of the notation."""
    with pytest.raises(NotationError) as caught:
        parse_call("١٠٠ H")
    assert str(caught.value) == (
        "cannot read '١٠٠ H' as a call: unknown bid value '١٠٠' "
        "(expected a number, capot or generale)"
    )


def test_parse_call_of_a_huge_number() -> None:
    """Bid values stop at MAX_BID_VALUE, 1000 (issue 10); the message is cut short."""
    assert parse_call("1000 H") == Bid(1000, Strain.HEARTS)
    with pytest.raises(NotationError, match="unknown bid value") as caught:
        parse_call("9" * 5000 + " H")
    assert len(str(caught.value)) < 300


def test_parse_call_wrong_type() -> None:
    """Only text is read."""
    with pytest.raises(CoincheTypeError) as caught:
        parse_call(100)  # type: ignore[arg-type]
    assert str(caught.value) == "a call is read from a str, not int"


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("PASS", PASS),
        ("  Coinche ", COINCHE),
        ("surCOINCHE", SURCOINCHE),
        ("capot  no trump", Bid(CAPOT, Strain.NO_TRUMP)),
        ("Générale S", Bid(GENERALE, Strain.SPADES)),
        ("generale at", Bid(GENERALE, Strain.ALL_TRUMP)),
        ("90 ♥", Bid(90, Strain.HEARTS)),
    ],
)
def test_parse_call_accepts(text: str, call: object) -> None:
    """Words in any case and spacing, capot and générale (with or without the accent)."""
    assert parse_call(text) == call


# ------------------------------------------------------------------ score_deal's contract check
@pytest.mark.parametrize(
    ("contract", "rules", "message"),
    [
        (
            Contract(Seat.NORTH, Strain.NO_TRUMP, 80),
            RuleConfig.common(),
            "no-trump bids are not allowed (allow_no_trump is off)",
        ),
        (
            Contract(Seat.NORTH, Strain.ALL_TRUMP, 80),
            RuleConfig.common(),
            "all-trump bids are not allowed (allow_all_trump is off)",
        ),
        (
            Contract(Seat.NORTH, Strain.HEARTS, CAPOT),
            RuleConfig.classic_belote(),
            "there is no capot bid in the turned-card auction",
        ),
        (
            Contract(Seat.NORTH, Strain.HEARTS, GENERALE),
            RuleConfig.common(),
            "generale bids are not allowed (allow_generale is off)",
        ),
        (
            Contract(Seat.NORTH, Strain.HEARTS, 85),
            RuleConfig.common(),
            "85 is not a bid value: bids go up from 80 in steps of 10",
        ),
        (
            Contract(Seat.NORTH, Strain.HEARTS, 250),
            RuleConfig.ffb(),
            "250 is above the highest numeric bid, 240; capot stands above it",
        ),
        (
            Contract(Seat.NORTH, Strain.HEARTS, 80),
            RuleConfig.min82(),
            "80 is below the lowest bid, 82",
        ),
        (
            Contract(Seat.NORTH, Strain.HEARTS, 82, 2),
            RuleConfig.classic_belote(),
            "coinche is not allowed (allow_coinche is off)",
        ),
        (
            Contract(Seat.NORTH, Strain.HEARTS, 82, 4),
            RuleConfig.min82(),
            "surcoinche is not allowed (allow_surcoinche is off)",
        ),
        (
            Contract(Seat.NORTH, Strain.HEARTS, CAPOT, 2),
            RuleConfig.pagat(),
            "a capot bid may not be coinched (capot_can_be_coinched is off)",
        ),
    ],
)
def test_contract_messages(contract: Contract, rules: RuleConfig, message: str) -> None:
    """RULES.md sections 3 and 6: a contract the rules cannot produce is refused by name."""
    with pytest.raises(InvalidDealError) as caught:
        score_deal(contract, TRICKS, rules)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("contract", "rules"),
    [
        (Contract(Seat.NORTH, Strain.HEARTS, 160), RuleConfig.common()),
        (Contract(Seat.NORTH, Strain.HEARTS, 240), RuleConfig.ffb()),
        (Contract(Seat.NORTH, Strain.HEARTS, 162, 2), RuleConfig.min82()),
        (Contract(Seat.NORTH, Strain.HEARTS, CAPOT, 4), RuleConfig.ffb()),
        (Contract(Seat.NORTH, Strain.HEARTS, CAPOT), RuleConfig.pagat()),
        (
            Contract(Seat.NORTH, Strain.HEARTS, GENERALE, 2),
            attrs.evolve(RuleConfig.common(), allow_generale=True),
        ),
        (
            Contract(Seat.NORTH, Strain.NO_TRUMP, 80),
            attrs.evolve(RuleConfig.common(), allow_no_trump=True),
        ),
        (
            Contract(Seat.NORTH, Strain.ALL_TRUMP, 80),
            attrs.evolve(RuleConfig.common(), allow_all_trump=True),
        ),
    ],
)
def test_contracts_at_the_edges_are_accepted(contract: Contract, rules: RuleConfig) -> None:
    """The highest bids, allowed multipliers and switched-on strains are scored."""
    tricks = TRICKS_ALL_TRUMP if contract.strain is Strain.ALL_TRUMP else TRICKS
    result = score_deal(contract, tricks, rules)
    assert isinstance(result, DealResult)
    assert result.contract == contract


@pytest.mark.parametrize(
    ("contract", "rules", "message"),
    [
        ("80 H", RuleConfig.common(), "contract must be a Contract, not str"),
        (Contract(Seat.NORTH, Strain.HEARTS, 80), "common", "rules must be a RuleConfig, not str"),
    ],
)
def test_contract_check_types(contract: object, rules: object, message: str) -> None:
    """Wrong argument types name the type given."""
    with pytest.raises(CoincheTypeError) as caught:
        score_deal(contract, TRICKS, rules)  # type: ignore[arg-type]
    assert str(caught.value) == message
