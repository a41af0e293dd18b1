"""coinche.contract: Contract, and allowed_contract, the one rule for allowed contracts.

``allowed_contract`` is the rule the auction, ``score_deal`` and the test strategies
share: the auction's bids are the contracts it allows, ``score_deal`` refuses exactly
what it refuses, with the same words, and the strategies draw only allowed contracts.
The messages are pinned word for word (a mutation run left mutants alive that changed
only them), together with the boundary cases that must not raise.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinche import (
    CAPOT,
    GENERALE,
    Auction,
    AuctionKind,
    CoincheTypeError,
    Contract,
    DealResult,
    InvalidDealError,
    RuleConfig,
    Seat,
    Strain,
    Trick,
    allowed_contract,
    score_deal,
)
from coinche.auction import Bid
from coinche.testing.deals import CAPOT_TRICKS, SUIT_HANDS
from coinche.testing.strategies import contracts, rule_configs

N, E, S, W = Seat


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


# ------------------------------------------------------------------ score_deal's contract check
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


# ------------------------------------------------------------------ allowed_contract
@pytest.mark.parametrize(
    ("contract", "rules", "reason"),
    [
        # RULES.md section 3: common bids run 80 to 160 in tens, capot above them
        (Contract(N, Strain.HEARTS, 160), RuleConfig.common(), None),
        (Contract(N, Strain.HEARTS, CAPOT, 4), RuleConfig.common(), None),
        (Contract(N, Strain.HEARTS, 170), RuleConfig.common(),
         "170 is above the highest numeric bid, 160; capot stands above it"),
        # min82: 82, 92 ... 162
        (Contract(N, Strain.HEARTS, 92, 2), RuleConfig.min82(), None),
        (Contract(N, Strain.HEARTS, 90), RuleConfig.min82(),
         "90 is not a bid value: bids go up from 82 in steps of 10"),
        # pagat: a capot bid is not coinched; générale is off unless switched on
        (Contract(N, Strain.HEARTS, CAPOT, 2), RuleConfig.pagat(),
         "a capot bid may not be coinched (capot_can_be_coinched is off)"),
        (Contract(N, Strain.HEARTS, GENERALE), RuleConfig.pagat(),
         "generale bids are not allowed (allow_generale is off)"),
        (Contract(N, Strain.HEARTS, GENERALE, 2),
         attrs.evolve(RuleConfig.pagat(), allow_generale=True),
         "a generale bid may not be coinched (capot_can_be_coinched is off)"),
        # classic belote (section 8): the taker's 82 in a suit, no coinche, no capot
        (Contract(N, Strain.HEARTS, 82), RuleConfig.classic_belote(), None),
        (Contract(N, Strain.HEARTS, 82, 2), RuleConfig.classic_belote(),
         "coinche is not allowed (allow_coinche is off)"),
        (Contract(N, Strain.HEARTS, CAPOT), RuleConfig.classic_belote(),
         "there is no capot bid in the turned-card auction"),
    ],
)  # fmt: skip
def test_allowed_contract(contract: Contract, rules: RuleConfig, reason: str | None) -> None:
    assert allowed_contract(contract, rules) == reason


def test_allowed_contract_checks_its_types() -> None:
    with pytest.raises(CoincheTypeError, match="contract must be a Contract, not str"):
        allowed_contract("80 H", RuleConfig())  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="rules must be a RuleConfig, not str"):
        allowed_contract(Contract(N, Strain.HEARTS, 80), "common")  # type: ignore[arg-type]


_CANDIDATES = (*range(70, 260, 2), CAPOT, GENERALE)


@settings(max_examples=40)
@given(rule_configs())
def test_the_auctions_bids_are_the_allowed_contracts(rules: RuleConfig) -> None:
    """The first seat's bids are exactly the undoubled contracts allowed_contract allows,
    and a bid it refuses is refused by the auction with its words."""
    if rules.auction is not AuctionKind.BIDDING:
        return  # the classic auction has no bids (its contracts are tested above)
    auction = Auction.start(W, rules)
    bids = {call for call in auction.legal_calls(N) if isinstance(call, Bid)}
    for value in _CANDIDATES:
        for strain in Strain:
            reason = allowed_contract(Contract(N, strain, value), rules)
            assert (Bid(value, strain) in bids) is (reason is None)
            if reason is not None:
                assert auction.explain(N, Bid(value, strain)) == reason


@settings(max_examples=40)
@given(rule_configs(), st.data())
def test_score_deal_refuses_exactly_what_allowed_contract_refuses(
    rules: RuleConfig, data: st.DataObject
) -> None:
    contract = Contract(
        data.draw(st.sampled_from(list(Seat))),
        data.draw(st.sampled_from(list(Strain))),
        data.draw(st.sampled_from(_CANDIDATES)),
        data.draw(st.sampled_from([1, 2, 4])),
    )
    reason = allowed_contract(contract, rules)
    deal = finished(rules, contract)
    if deal is None:
        return
    if reason is None:
        assert score_deal(contract, deal, rules).contract == contract
    else:
        with pytest.raises(InvalidDealError) as caught:
            score_deal(contract, deal, rules)
        assert str(caught.value) == reason


def finished(rules: RuleConfig, contract: Contract) -> Any:
    """Eight tricks under *contract* that score_deal takes apart from the contract's own
    rules (the taker leads, each trick led by its winner), or None."""
    from coinche import trick_winner
    from coinche.play import Trick

    hands = [list(SUIT_HANDS[seat]) for seat in Seat]
    tricks = []
    leader = contract.taker
    for _ in range(8):
        trick = Trick(leader)
        seat = leader
        for _ in range(4):
            trick = trick.play(hands[seat].pop())
            seat = seat.next
        tricks.append(trick)
        leader = trick_winner(trick, contract.strain)
    return tricks


@settings(max_examples=50)
@given(rule_configs(), st.data())
def test_the_strategies_draw_allowed_contracts(rules: RuleConfig, data: st.DataObject) -> None:
    """Every contract the strategy draws under a rule set is one that rule set allows."""
    contract = data.draw(contracts(rules))
    assert allowed_contract(contract, rules) is None
