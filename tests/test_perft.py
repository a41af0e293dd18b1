"""Perft: count the legal play sequences of fixed deals and compare with the fixture.

``fixtures/perft.json`` holds, for a handful of deals (hands, contract, preset), the
number of legal card sequences from the first lead to the end of trick 1, 2, 3 and (for
the narrower deals) 4. Those counts were computed by ``fixtures/make_perft.py``, a small
implementation of RULES.md section 4 that shares no code with the library; here the
library recounts them, depth first, with :func:`coinche.legal_cards`,
:class:`coinche.Trick` and :func:`coinche.trick_winner`. The format is documented in
``docs/testing.rst``, so that other engines can check themselves against the same file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from coinche import (
    Contract,
    FirstLead,
    Hand,
    RuleConfig,
    Seat,
    Strain,
    Trick,
    format_deal,
    legal_cards,
    parse_deal,
    trick_winner,
)
from coinche.records import from_data

# slow: a long suite, which make check-fast leaves out
# compiled: make compiled-test runs it again against the compiled build
pytestmark = [pytest.mark.slow, pytest.mark.compiled]

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "perft.json"
DATA: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = DATA["cases"]


def perft(
    hands: dict[Seat, Hand], leader: Seat, strain: Strain, rules: RuleConfig, tricks: int
) -> list[int]:
    """The number of legal card sequences to the end of trick 1, 2, ... *tricks*.

    A depth-first walk over every legal card; the last card of the deepest trick is
    counted, not played (the number of legal cards is the number of sequences).
    """
    held = dict(hands)
    counts = [0] * tricks

    def walk(trick: Trick, done: int) -> None:
        seat = trick.to_move
        hand = held[seat]
        legal = legal_cards(hand, trick, strain, rules)
        if len(trick.cards) == 3:
            counts[done] += len(legal)
            if done + 1 == tricks:
                return
        for card in legal:
            held[seat] = hand.remove(card)
            after = trick.play(card)
            if after.is_complete:
                walk(Trick(trick_winner(after, strain)), done + 1)
            else:
                walk(after, done)
        held[seat] = hand

    walk(Trick(leader), 0)
    return counts


def case_rules(case: dict[str, Any]) -> RuleConfig:
    return attrs.evolve(RuleConfig.preset(case["preset"]), **case["options"])


def case_contract(case: dict[str, Any]) -> Contract:
    contract = from_data({"type": "contract", **case["contract"]})
    assert isinstance(contract, Contract)
    return contract


def test_the_fixture_is_the_documented_format() -> None:
    assert DATA["format"] == "coinche-perft 1"
    assert len(CASES) >= 5
    names = [case["name"] for case in CASES]
    assert len(set(names)) == len(names)
    keys = {"name", "note", "preset", "options", "hands", "contract", "first_leader", "counts"}
    for case in CASES:
        assert set(case) == keys
        assert set(case["contract"]) == {"taker", "strain", "value", "multiplier"}
        assert 3 <= len(case["counts"]) <= 4
    # the cases cover the presets' different play rules and every kind of strain
    assert {case["preset"] for case in CASES} >= {"common", "ffb", "classic_belote"}
    assert {case["contract"]["strain"] for case in CASES} >= {"NT", "AT"}
    assert max(len(case["counts"]) for case in CASES) == 4


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_case_is_a_real_deal(case: dict[str, Any]) -> None:
    """Canonical deal notation, a contract the rules allow, the right first leader."""
    first, hands = parse_deal(case["hands"])
    assert format_deal(first, hands) == case["hands"]
    rules = case_rules(case)
    contract = case_contract(case)
    assert contract.strain.is_suit or (
        rules.allow_no_trump if contract.strain is Strain.NO_TRUMP else rules.allow_all_trump
    )
    assert contract.value in rules.numeric_bids()
    leader = Seat.parse(case["first_leader"])
    if rules.first_lead is FirstLead.TAKER:
        assert leader is contract.taker


@pytest.mark.heavy
@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_perft_counts(case: dict[str, Any]) -> None:
    _, hands = parse_deal(case["hands"])
    counts = perft(
        hands,
        Seat.parse(case["first_leader"]),
        case_contract(case).strain,
        case_rules(case),
        len(case["counts"]),
    )
    assert counts == case["counts"]


def test_perft_on_a_tiny_position() -> None:
    """The counter itself, on hands small enough to count by hand.

    Hearts trumps, North leads, one card each but East's two: North's lead is forced,
    East holds a heart and must follow with it, South and West have one card.
    """
    hands = {
        Seat.NORTH: Hand.parse("7H"),
        Seat.EAST: Hand.parse("8H AS"),
        Seat.SOUTH: Hand.parse("9C"),
        Seat.WEST: Hand.parse("7D"),
    }
    assert perft(hands, Seat.NORTH, Strain.HEARTS, RuleConfig(), 1) == [1]
    hands[Seat.EAST] = Hand.parse("8S AS")  # no heart: any card
    assert perft(hands, Seat.NORTH, Strain.HEARTS, RuleConfig(), 1) == [2]
