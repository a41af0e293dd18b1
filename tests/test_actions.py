"""The action table of coinche.actions: pinned meaning, round trips, masks against the rules."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from coinche import (
    CAPOT,
    CARDS,
    COINCHE,
    GENERALE,
    PASS,
    PRESETS,
    SURCOINCHE,
    TAKE,
    Bid,
    Card,
    CoincheTypeError,
    Deal,
    NameSuit,
    Phase,
    RuleConfig,
    RuleConfigError,
    Seat,
    Strain,
    Suit,
)
from coinche.actions import (
    NUM_ACTIONS,
    UnknownActionError,
    action_name,
    action_to_int,
    check_rules,
    int_to_action,
    legal_action_ints,
    legal_action_mask,
)
from coinche.auction import Auction
from coinche.auction.classic import ClassicAuction

ROOT = Path(__file__).resolve().parent.parent

# The table as documented, written out from its definition (never from the code): the
# cards rank by rank within each suit, clubs first; the five calls; the 17 levels of
# numeric bids, six strains each; capot and générale in six strains.
_RANKS = "789TJQKA"
_SUITS = "CDHS"
_STRAINS = ("C", "D", "H", "S", "NT", "AT")
PINNED: list[str] = (
    [rank + suit for suit in _SUITS for rank in _RANKS]
    + ["pass", "coinche", "surcoinche", "take"]
    + [f"name {suit}" for suit in _SUITS]
    + [f"bid level {level} {strain}" for level in range(17) for strain in _STRAINS]
    + [f"capot {strain}" for strain in _STRAINS]
    + [f"generale {strain}" for strain in _STRAINS]
)


def test_the_table_is_pinned() -> None:
    assert NUM_ACTIONS == len(PINNED) == 154
    assert [action_name(index) for index in range(NUM_ACTIONS)] == PINNED


def test_spot_values_of_the_table() -> None:
    # 8 * suit + rank: hearts is suit 2, the jack rank 4 -> 20
    assert action_to_int(Card.parse("JH")) == 20
    assert [action_to_int(call) for call in (PASS, COINCHE, SURCOINCHE, TAKE)] == [32, 33, 34, 35]
    assert action_to_int(NameSuit(Suit.HEARTS)) == 38
    # 100 is level 2 from 80 by 10; hearts is strain 2: 40 + 12 + 2
    assert action_to_int(Bid(100, Strain.HEARTS)) == 54
    # 240 is level 16 (ffb's ceiling): 40 + 96 + 5 for all trump
    assert action_to_int(Bid(240, Strain.ALL_TRUMP), RuleConfig.ffb()) == 141
    assert action_to_int(Bid(CAPOT, Strain.CLUBS)) == 142
    assert action_to_int(Bid(GENERALE, Strain.ALL_TRUMP)) == 153
    # min82: 82 is level 0, 162 is level 8
    assert action_to_int(Bid(82, Strain.CLUBS), RuleConfig.min82()) == 40
    assert action_to_int(Bid(162, Strain.SPADES), RuleConfig.min82()) == 40 + 48 + 3
    assert int_to_action(91, RuleConfig.min82()) == Bid(162, Strain.SPADES)


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_integer_round_trips(name: str) -> None:
    rules = RuleConfig.preset(name)
    for index in range(NUM_ACTIONS):
        assert action_to_int(int_to_action(index, rules), rules) == index


def test_the_docs_table_matches_the_code() -> None:
    """docs/rl.rst lists the table by ranges; each row must describe the code's integers."""
    text = (ROOT / "docs" / "rl.rst").read_text(encoding="utf-8")
    rows = {
        "0-31": "7C",
        "32": "pass",
        "33": "coinche",
        "34": "surcoinche",
        "35": "take",
        "36-39": "name C",
        "40-141": "bid level 0 C",
        "142-147": "capot C",
        "148-153": "generale C",
    }
    for span, first in rows.items():
        low = int(span.split("-")[0])
        assert f"``{span}``" in text, span
        assert action_name(low) == first


def test_bad_inputs() -> None:
    with pytest.raises(UnknownActionError, match="85 is not a bid value"):
        action_to_int(Bid(85, Strain.CLUBS))
    with pytest.raises(UnknownActionError, match="250 is not a bid value"):
        action_to_int(Bid(250, Strain.CLUBS))  # level 17: above the ceiling
    with pytest.raises(UnknownActionError):
        action_to_int(Bid(70, Strain.CLUBS))  # below the minimum
    with pytest.raises(UnknownActionError, match="-1 is not an action integer"):
        int_to_action(-1)
    with pytest.raises(UnknownActionError):
        int_to_action(NUM_ACTIONS)
    with pytest.raises(CoincheTypeError):
        int_to_action(True)
    with pytest.raises(CoincheTypeError):
        int_to_action("3")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        action_to_int("JH")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        legal_action_mask("deal")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        check_rules("common")  # type: ignore[arg-type]


def test_rules_beyond_the_ceiling_are_refused() -> None:
    fine = attrs.evolve(RuleConfig(), max_bid=None)  # 80 to 240: 17 levels, the ceiling
    check_rules(fine)
    too_many = attrs.evolve(RuleConfig(), min_bid=70, max_bid=None)  # 70 to 240: 18
    with pytest.raises(RuleConfigError, match="allow 18"):
        check_rules(too_many)
    deal = Deal.new(Seat.NORTH, too_many, random.Random(0))
    with pytest.raises(RuleConfigError):
        legal_action_mask(deal)
    with pytest.raises(RuleConfigError):
        legal_action_ints(deal)


def _view_calls(deal: Deal, seat: Seat) -> tuple[object, ...]:
    """What *seat* may call now, asked of an auction rebuilt from the public calls."""
    auction: Auction | ClassicAuction
    if deal.turned is not None:
        auction = ClassicAuction(deal.dealer, deal.rules, deal.turned, deal.calls)  # type: ignore[arg-type]
    else:
        auction = Auction(deal.dealer, deal.rules, deal.calls)  # type: ignore[arg-type]
    return auction.legal_calls(seat)


# 1,000 random deals per preset (enough to reach every action of the space), about a
# second a preset; the views' masks, which rebuild the auction at every call, on every 25th deal.
DEALS_PER_PRESET = 1000


@pytest.mark.parametrize("name", list(PRESETS))
def test_masks_and_round_trips_over_random_deals(name: str) -> None:
    rules = RuleConfig.preset(name)
    rng = random.Random(f"actions:{name}")
    phases: set[Phase] = set()
    any_time_coinches = 0
    for number in range(DEALS_PER_PRESET):
        deal = Deal.new(rng.choice(list(Seat)), rules, rng)
        with_views = number % 25 == 0
        while True:
            legal = deal.legal_actions()
            mask = legal_action_mask(deal)
            ints = [action_to_int(action, rules) for action in legal]
            assert [int_to_action(i, rules) for i in ints] == list(legal)
            assert sorted(ints) == [i for i in range(NUM_ACTIONS) if mask[i]]
            assert legal_action_ints(deal) == tuple(sorted(ints))
            assert len(set(ints)) == len(ints)
            if with_views:
                for seat in Seat:
                    view_mask = legal_action_mask(deal.view(seat))
                    if seat is deal.to_move:
                        assert view_mask == mask
                    elif deal.phase is Phase.AUCTION:
                        expected = {action_to_int(c, rules) for c in _view_calls(deal, seat)}  # type: ignore[arg-type]
                        assert {i for i in range(NUM_ACTIONS) if view_mask[i]} == expected
                        any_time_coinches += view_mask[33]
                    else:
                        assert not any(view_mask)
            if deal.is_over:
                assert not legal
                assert not any(mask)
                phases.add(deal.phase)
                break
            # pass half the time when allowed, so that deals are thrown in too
            deal = deal.apply(PASS if PASS in legal and rng.random() < 0.5 else rng.choice(legal))
    assert phases == {Phase.SCORED, Phase.THROWN_IN}
    # only pagat lets a seat not to move coinche, and random play gets there
    assert (any_time_coinches > 0) == (name == "pagat")


def test_cards_are_the_card_indices() -> None:
    assert [int_to_action(i) for i in range(32)] == list(CARDS)


def test_import_coinche_does_not_import_numpy() -> None:
    code = (
        "import sys, coinche, coinche.actions, coinche.bots.players\n"
        "bad = [m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel', 'coinche.rl')"
        " if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
