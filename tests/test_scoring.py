"""Scoring a finished deal (RULES.md sections 5, 6 and 9) with hand-built deals.

Every deal below is eight concrete tricks written as ``"N: JH 7H 8H 9H"`` (North led
JH, then East 7H, South 8H, West 9H). Each trick is led by the winner of the one
before, and the 32 cards are all different. The comment beside each trick names its
winner and its card points, so that the totals can be checked by hand with the tables
of RULES.md section 1 (hearts are trumps in every deal here):

* trumps: J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 0, 7 0 (order J 9 A 10 K Q 8 7);
* plain suits: A 11, 10 10, K 4, Q 3, J 2, 9 8 7 0 (order A 10 K Q J 9 8 7);
* the last trick adds 10; a deal holds 152 + 10 = 162.

Expected scores are worked out by hand from the section 6 table and the section 9
decisions; each test shows the arithmetic in a comment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given, settings

from coinche import (
    CAPOT,
    GENERALE,
    Announcement,
    AnnouncementKind,
    CoincheTypeError,
    Contract,
    Deal,
    DealResult,
    Hand,
    InvalidDealError,
    RuleConfig,
    ScoreTerm,
    Scoring,
    Seat,
    SpecialBid,
    Strain,
    Team,
    TeamPoints,
    Trick,
    records,
    round_score,
    score_deal,
)
from coinche.testing.deals import CAPOT_TRICKS, FOUR_NINES
from coinche.testing.strategies import finished_deals

# compiled: make compiled-test runs it again against the compiled build
pytestmark = pytest.mark.compiled

NS = Team.NORTH_SOUTH
EW = Team.EAST_WEST
Multiplier = Literal[1, 2, 4]


def deal(*texts: str) -> tuple[Trick, ...]:
    """Eight tricks read from text; checks that they hold 32 different cards, 4 a trick."""
    tricks = tuple(Trick.parse(text) for text in texts)
    assert len(tricks) == 8
    assert all(len(trick.cards) == 4 for trick in tricks)
    assert len({card for trick in tricks for card in trick.cards}) == 32
    return tricks


def pair(points: Mapping[Team, int]) -> tuple[int, int]:
    """A per-team figure as (North-South, East-West)."""
    return points[NS], points[EW]


def hearts(
    value: int | SpecialBid, multiplier: Multiplier = 1, taker: Seat = Seat.NORTH
) -> Contract:
    """A hearts contract (every deal in this file has hearts as trumps)."""
    return Contract(taker, Strain.HEARTS, value, multiplier)


def score(
    tricks: tuple[Trick, ...],
    contract: Contract,
    rules: RuleConfig,
    announcements: list[Announcement] | None = None,
) -> DealResult:
    """score_deal with the announcements argument passed only when given."""
    return score_deal(contract, tricks, rules, announcements=announcements)


def classic_with_coinche() -> RuleConfig:
    """The classic_belote preset with coinche allowed, to reach its 'coinched' cell."""
    return attrs.evolve(RuleConfig.classic_belote(), allow_coinche=True)


# ----------------------------------------------------------------------------- deals

# RULES.md line 190, seed 003: NS take 102 + last trick 10 = 112 and hold belote
# (North plays KH and QH); EW 50. No seat holds a run or a four of a kind.
DEAL_112 = deal(
    "N: 9H 7H JH 8H",  # S wins with JH: 9H 14 + JH 20 = 34 (NS)
    "S: QS KS TS AS",  # E wins with AS: 3 + 4 + 10 + 11 = 28 (EW)
    "E: AC AD 7C 8C",  # E wins with AC (AD is a discard): 11 + 11 = 22 (EW)
    "E: 7D TD 8D 9D",  # S wins with TD: 10 (NS)
    "S: KD QD JD 9C",  # S wins with KD: 4 + 3 + 2 = 9 (NS)
    "S: TC JC KH QC",  # N trumps with KH: 10 + 2 + 4 + 3 = 19 (NS)
    "N: QH 7S AH 8S",  # S wins with AH over QH: 3 + 11 = 14 (NS)
    "S: TH 9S KC JS",  # S wins with TH: 10 + 4 + 2 = 16, + 10 last trick (NS)
)  # NS 34 + 10 + 9 + 19 + 14 + 16 + 10 = 112; EW 28 + 22 = 50

# RULES.md lines 192-193, seed 003: NS only 90 card points (with the last trick) and
# belote (North plays KH and QH): 90 + 20 = 110; EW 72. No announcements held.
DEAL_90 = deal(
    "N: 9H 7H JH 8H",  # S wins with JH: 14 + 20 = 34 (NS)
    "S: QS KS TS AS",  # E wins with AS: 3 + 4 + 10 + 11 = 28 (EW)
    "E: AC AD TC 8C",  # E wins with AC: 11 + 11 + 10 = 32 (EW)
    "E: 7D TD 8D 9D",  # S wins with TD: 10 (NS)
    "S: KD QD JD 9C",  # S wins with KD: 4 + 3 + 2 = 9 (NS)
    "S: 7S TH 8S JS",  # W trumps with TH: 10 + 2 = 12 (EW)
    "W: 7C KH QC KC",  # N trumps with KH: 4 + 3 + 4 = 11 (NS)
    "N: QH 9S AH JC",  # S wins with AH: 3 + 11 + 2 = 16, + 10 last trick (NS)
)  # NS 34 + 10 + 9 + 11 + 16 + 10 = 90; EW 28 + 32 + 12 = 72

# North-South take all eight tricks (capot); KH (S) and QH (E) are split: no belote.
# No announcements held (N holds three aces only).
DEAL_CAPOT = deal(
    "N: JH 7H 8H TH",  # N: 20 + 10 = 30
    "N: 9H QH KH 7S",  # N: 14 + 3 + 4 = 21
    "N: AH 8S 7C 7D",  # N: 11
    "N: AS 9S JS KS",  # N: 11 + 2 + 4 = 17
    "N: TS QS 8C 8D",  # N: 10 + 3 = 13
    "N: AC 9C JC KC",  # N: 11 + 2 + 4 = 17
    "N: TC QC KD JD",  # N: 10 + 3 + 4 + 2 = 19
    "N: 9D TD AD QD",  # S wins with AD: 10 + 11 + 3 = 24, + 10 last trick
)  # NS all eight tricks, 152 + 10 = 162 card points, counted as a capot

# The same capot, but South plays both KH (trick 2) and QH (trick 3): belote NS.
DEAL_CAPOT_BELOTE = deal(
    "N: JH 7H 8H TH",  # N: 30
    "N: 9H 7C KH 7S",  # N: 14 + 4 = 18
    "N: AH 8S QH 7D",  # N: 11 + 3 = 14
    "N: AS 9S JS KS",  # N: 17
    "N: TS QS 8C 8D",  # N: 13
    "N: AC 9C JC KC",  # N: 17
    "N: TC QC KD JD",  # N: 19
    "N: 9D TD AD QD",  # S: 24 + 10
)  # NS all eight tricks and belote

# As DEAL_CAPOT, but North leads AD to the last trick: North alone takes all eight.
DEAL_GENERALE = deal(
    "N: JH 7H 8H TH",  # N: 30
    "N: 9H QH KH 7S",  # N: 21
    "N: AH 8S 7C 7D",  # N: 11
    "N: AS 9S JS KS",  # N: 17
    "N: TS QS 8C 8D",  # N: 13
    "N: AC 9C JC KC",  # N: 17
    "N: TC QC KD JD",  # N: 19
    "N: AD TD 9D QD",  # N wins with AD: 11 + 10 + 3 = 24, + 10 last trick
)  # North wins every trick; no belote (E QH, S KH); N holds four aces (used with
# announcements off only)

# As DEAL_CAPOT, but East holds AD and takes the last trick: NS 7 tricks.
DEAL_CAPOT_FAILED = deal(
    "N: JH 7H 8H TH",  # N: 30 (NS)
    "N: 9H QH KH 7S",  # N: 21 (NS)
    "N: AH 8S 7C 7D",  # N: 11 (NS)
    "N: AS 9S JS KS",  # N: 17 (NS)
    "N: TS QS 8C 8D",  # N: 13 (NS)
    "N: AC 9C JC KC",  # N: 17 (NS)
    "N: TC QC KD JD",  # N: 19 (NS)
    "N: 9D AD TD QD",  # E wins with AD: 11 + 10 + 3 = 24, + 10 last trick (EW)
)  # NS 30 + 21 + 11 + 17 + 13 + 17 + 19 = 128; EW 34; no belote

# A capot for NS where West holds a tierce JD QD KD (top K) and South a tierce
# 7C 8C 9C (top 9): EW hold the best announcement; no belote (S KH, E QH).
DEAL_CAPOT_ANNOUNCEMENTS = deal(
    "N: JH 7H 8H TH",  # N: 30
    "N: 9H QH KH 7S",  # N: 21
    "N: AH 8S 7C 7D",  # N: 11
    "N: AS 9S JS KS",  # N: 17
    "N: TS QS 8C KD",  # N: 10 + 3 + 4 = 17
    "N: AC JC 9C KC",  # N: 11 + 2 + 4 = 17
    "N: TC QC 8D JD",  # N: 10 + 3 + 2 = 15
    "N: 9D TD AD QD",  # S: 24 + 10
)  # NS all eight tricks

# NS 50 card points with belote (North plays KH and QH in tricks 6 and 7), EW 112.
DEAL_DEDANS = deal(
    "N: 9H JH 7H 8H",  # E wins with JH: 14 + 20 = 34 (EW)
    "E: AS KS TS QS",  # E wins with AS: 11 + 4 + 10 + 3 = 28 (EW)
    "E: AC AD 7C 8C",  # E wins with AC: 22 (EW)
    "E: 7D TD 8D 9D",  # S wins with TD: 10 (NS)
    "S: KD QD JD 9C",  # S wins with KD: 9 (NS)
    "S: TC AH KH QC",  # W trumps with AH over N's KH: 10 + 11 + 4 + 3 = 28 (EW)
    "W: 7S QH JS 8S",  # N trumps with QH: 3 + 2 = 5 (NS)
    "N: KC 9S TH JC",  # S trumps with TH: 4 + 10 + 2 = 16, + 10 last trick (NS)
)  # NS 10 + 9 + 5 + 16 + 10 = 50; EW 34 + 28 + 22 + 28 = 112

# 81 against 81, no belote (S KH, N QH), no announcements.
DEAL_81_81 = deal(
    "N: 9H JH 7H 8H",  # E wins with JH: 34 (EW)
    "E: AS TS KS 9D",  # E wins with AS: 11 + 10 + 4 = 25 (EW)
    "E: AC AD 7C 8C",  # E wins with AC: 22 (EW)
    "E: 7D TD 8D QS",  # S wins with TD: 10 + 3 = 13 (NS)
    "S: KD QD JD 9C",  # S wins with KD: 9 (NS)
    "S: KH JC TC QC",  # S wins with KH (trump): 4 + 2 + 10 + 3 = 19 (NS)
    "S: AH 7S QH 8S",  # S wins with AH: 11 + 3 = 14 (NS)
    "S: TH 9S KC JS",  # S wins with TH: 10 + 4 + 2 = 16, + 10 last trick (NS)
)  # NS 13 + 9 + 19 + 14 + 16 + 10 = 81; EW 34 + 25 + 22 = 81

# 82 against 80, no belote, no announcements.
DEAL_82_80 = deal(
    "N: 9H JH 7H 8H",  # E wins with JH: 34 (EW)
    "E: AS TS 8D QS",  # E wins with AS: 11 + 10 + 3 = 24 (EW)
    "E: AC AD 7C 8C",  # E wins with AC: 22 (EW)
    "E: 7D TD KS 9D",  # S wins with TD: 10 + 4 = 14 (NS)
    "S: KD QD JD 9C",  # S wins: 9 (NS)
    "S: KH JC TC QC",  # S wins: 19 (NS)
    "S: AH 7S QH 8S",  # S wins: 14 (NS)
    "S: TH 9S KC JS",  # S wins: 16, + 10 last trick (NS)
)  # NS 14 + 9 + 19 + 14 + 16 + 10 = 82; EW 34 + 24 + 22 = 80

# 88 against 74, no belote, no announcements.
DEAL_88_74 = deal(
    "N: KC JH 7H 8H",  # E trumps with JH: 4 + 20 = 24 (EW)
    "E: AS TS KS QS",  # E wins with AS: 28 (EW)
    "E: AC AD 7C 8C",  # E wins with AC: 22 (EW)
    "E: 7D TD 8D 9D",  # S wins with TD: 10 (NS)
    "S: KD QD JD 9C",  # S wins: 9 (NS)
    "S: KH JC TC QC",  # S wins: 19 (NS)
    "S: AH 7S QH 8S",  # S wins: 14 (NS)
    "S: TH 9S 9H JS",  # N wins with 9H over TH: 10 + 14 + 2 = 26, + 10 last (NS)
)  # NS 10 + 9 + 19 + 14 + 26 + 10 = 88; EW 24 + 28 + 22 = 74

# 87 against 75, no belote, no announcements.
DEAL_87_75 = deal(
    "N: KC JH 7H 8H",  # E trumps with JH: 24 (EW)
    "E: AS TS QD QS",  # E wins with AS: 11 + 10 + 3 + 3 = 27 (EW)
    "E: AC AD JC 8C",  # E wins with AC: 11 + 11 + 2 = 24 (EW)
    "E: 7D TD 8D 9D",  # S wins with TD: 10 (NS)
    "S: KD KS JD 9C",  # S wins with KD: 4 + 4 + 2 = 10 (NS)
    "S: KH 7C TC QC",  # S wins with KH (trump): 4 + 10 + 3 = 17 (NS)
    "S: AH 7S QH 8S",  # S wins: 14 (NS)
    "S: TH 9S 9H JS",  # N wins with 9H: 26, + 10 last trick (NS)
)  # NS 10 + 10 + 17 + 14 + 26 + 10 = 87; EW 24 + 27 + 24 = 75

# North holds a quinte 7S-JS (100); East holds four kings (100). Nothing else.
# KH (E) and QH (W) are split: no belote.
DEAL_FOUR_KINGS = deal(
    "N: JH 7H 9H 8H",  # N wins with JH: 20 + 14 = 34 (NS)
    "N: AC 8C TC 7C",  # N wins with AC: 11 + 10 = 21 (NS)
    "N: AD 7D TD 9D",  # N wins with AD: 11 + 10 = 21 (NS)
    "N: 7S KS QS JC",  # E wins with KS: 4 + 3 + 2 = 9 (EW)
    "E: KH AH QH 8S",  # S wins with AH: 4 + 11 + 3 = 18 (NS)
    "S: TH QC 9S KC",  # S wins with TH: 10 + 3 + 4 = 17 (NS)
    "S: AS JD TS KD",  # S wins with AS: 11 + 2 + 10 + 4 = 27 (NS)
    "S: 8D QD JS 9C",  # W wins with QD: 3 + 2 = 5, + 10 last trick (EW)
)  # NS 34 + 21 + 21 + 18 + 17 + 27 = 138; EW 9 + 5 + 10 = 24

# North holds a tierce 8H 9H TH in trumps, East a tierce 8C 9C TC: both 20, three
# cards, top card 10. No belote (S KH, W QH).
DEAL_TRUMP_TIERCE = deal(
    "N: AS 7S JS 8S",  # N wins with AS: 11 + 2 = 13 (NS)
    "N: KS 9S TS QS",  # S wins with TS: 4 + 10 + 3 = 17 (NS)
    "S: AC JC 7C 8C",  # S wins with AC: 11 + 2 = 13 (NS)
    "S: KC QC 8D 9C",  # S wins with KC: 4 + 3 = 7 (NS)
    "S: TD JD AD QD",  # N wins with AD: 10 + 2 + 11 + 3 = 26 (NS)
    "N: 8H JH AH 7H",  # E wins with JH: 20 + 11 = 31 (EW)
    "E: TC KH KD 9H",  # N wins with 9H over KH: 10 + 4 + 4 + 14 = 32 (NS)
    "N: TH 7D 9D QH",  # N wins with TH over QH: 10 + 3 = 13, + 10 last trick (NS)
)  # NS 13 + 17 + 13 + 7 + 26 + 32 + 13 + 10 = 131; EW 31

# North holds a tierce 8S 9S TS, East a tierce 8C 9C TC: both in plain suits, equal
# in every way. No belote (N KH, W QH).
DEAL_EQUAL_TIERCES = deal(
    "N: AD 7D 9D JD",  # N wins with AD: 11 + 2 = 13 (NS)
    "N: 8D QD TD KD",  # S wins with TD: 3 + 10 + 4 = 17 (NS)
    "S: AC JC 7C 8C",  # S wins with AC: 13 (NS)
    "S: KC QC 8S 9C",  # S wins with KC: 7 (NS)
    "S: AS 7S 9S JS",  # S wins with AS: 11 + 2 = 13 (NS)
    "S: KS QS TS 9H",  # E trumps with 9H: 4 + 3 + 10 + 14 = 31 (EW)
    "E: TC JH 8H AH",  # S trumps with JH: 10 + 20 + 11 = 41 (NS)
    "S: TH QH KH 7H",  # S wins with TH: 10 + 3 + 4 = 17, + 10 last trick (NS)
)  # NS 13 + 17 + 13 + 7 + 13 + 41 + 17 + 10 = 131; EW 31


# ------------------------------------------------------------- worked examples (sec. 6)


def test_example_000_made_100_hearts() -> None:
    """RULES.md lines 188-189 (000): 100 hearts, 112 + belote 20: bidders 232, defenders 50."""
    result = score(DEAL_112, hearts(100), RuleConfig.common())
    assert pair(result.card_points) == (112, 50)
    assert result.belote is NS
    assert result.made
    # bidders V + their total: 100 + (112 + 20) = 232; defenders their total 50
    assert pair(result.score) == (232, 50)


def test_example_003_made_rounded() -> None:
    """RULES.md lines 190-191 (003): NS 102 + 10 = 112 and belote: 232 -> 230, EW 50."""
    result = score(DEAL_112, hearts(100), RuleConfig.ffb())
    assert pair(result.card_points) == (112, 50)
    assert result.belote is NS
    assert pair(result.announcement_points) == (0, 0)
    assert result.made
    # 100 + 112 + 20 = 232, rounded to the nearest 10: 230; EW 50
    assert pair(result.score) == (230, 50)


def test_example_003_coinched() -> None:
    """RULES.md line 191 (003): coinched, (160 + 100 + 20) x 2 = 560, East-West 0."""
    result = score(DEAL_112, hearts(100, 2), RuleConfig.ffb())
    assert result.made
    assert pair(result.score) == (560, 0)


def test_example_003_failed_bid_120() -> None:
    """RULES.md lines 192-193 (003): bid 120 with only 90 + 20 = 110: EW 280, NS 20."""
    result = score(DEAL_90, hearts(120), RuleConfig.ffb())
    assert pair(result.card_points) == (90, 72)
    assert result.belote is NS
    assert not result.made
    # EW 160 + 120 = 280; NS keep their belote 20
    assert pair(result.score) == (20, 280)


def test_example_003_pagat_coinched() -> None:
    """RULES.md line 193 (003, pagat): coinched, (160 + 100) x 2 + 20 = 540."""
    result = score(DEAL_112, hearts(100, 2), RuleConfig.pagat())
    assert result.made
    assert pair(result.score) == (540, 0)


def test_example_003_capot_bid_made() -> None:
    """RULES.md line 194 (003): a bid capot made, 252 + 250 = 502 -> 500."""
    result = score(DEAL_CAPOT, hearts(CAPOT), RuleConfig.ffb())
    assert result.capot is NS
    assert pair(result.tricks_won) == (8, 0)
    assert pair(result.card_points) == (252, 0)
    assert result.made
    assert pair(result.score) == (500, 0)


def test_example_003_capot_bid_failed() -> None:
    """RULES.md line 194 (003): a bid capot failed, 160 + 250 = 410 to the defenders."""
    result = score(DEAL_CAPOT_FAILED, hearts(CAPOT), RuleConfig.ffb())
    assert result.capot is None
    assert pair(result.tricks_won) == (7, 1)
    assert pair(result.card_points) == (128, 34)
    assert not result.made
    assert pair(result.score) == (0, 410)


def test_example_000_capot_bid_made() -> None:
    """RULES.md line 195 (000): a capot bid made scores 250 + 250 = 500."""
    result = score(DEAL_CAPOT, hearts(CAPOT), RuleConfig.common())
    assert result.capot is NS
    assert pair(result.card_points) == (250, 0)
    assert result.made
    assert pair(result.score) == (500, 0)


# --------------------------------------------------------- every preset, each case


@pytest.mark.parametrize(
    ("preset", "value", "expected"),
    [
        # NS total 112 + belote 20 = 132 >= 100: 100 + 132 = 232; EW their total 50
        pytest.param("common", 100, (232, 50), id="common"),
        # 132 >= 100 and 132 > 50: 232 rounded to 230; EW 50
        pytest.param("ffb", 100, (230, 50), id="ffb"),
        # 132 >= max(100, 82): as ffb, 230 and 50
        pytest.param("pagat", 100, (230, 50), id="pagat"),
        # 112 without belote >= 100: NS the contract 100 + belote on top 20; EW 0
        pytest.param("contract_only", 100, (120, 0), id="contract_only"),
        # 132 >= 102: NS the contract 102 + belote on top 20; EW their points 50
        pytest.param("min82", 102, (122, 50), id="min82"),
        # 132 >= 82: each team its total, NS 132, EW 50
        pytest.param("classic_belote", 82, (132, 50), id="classic_belote"),
    ],
)
def test_made_each_preset(preset: str, value: int, expected: tuple[int, int]) -> None:
    """RULES.md lines 174-179, columns 'made when' and 'made, m = 1', on DEAL_112."""
    result = score(DEAL_112, hearts(value), RuleConfig.preset(preset))
    assert result.made
    assert result.belote is NS
    assert pair(result.score) == expected


@pytest.mark.parametrize(
    ("preset", "tricks", "value", "expected"),
    [
        # NS 90 + 20 = 110 < 120: EW 160 + 120 = 280; NS only their belote 20
        pytest.param("common", DEAL_90, 120, (20, 280), id="common"),
        pytest.param("ffb", DEAL_90, 120, (20, 280), id="ffb"),
        # 110 < max(120, 82): as ffb
        pytest.param("pagat", DEAL_90, 120, (20, 280), id="pagat"),
        # 90 < 120: EW 160 + 120 = 280; NS belote on top 20
        pytest.param("contract_only", DEAL_90, 120, (20, 280), id="contract_only"),
        # 110 < 122: EW 122 + 160 = 282; NS 0 + belote 20
        pytest.param("min82", DEAL_90, 122, (20, 282), id="min82"),
        # classic: NS 50 + 20 = 70 < 82, dedans: EW 162 + no declarations; belote stays
        pytest.param("classic_belote", DEAL_DEDANS, 82, (20, 162), id="classic_belote"),
    ],
)
def test_failed_each_preset_belote_stays(
    preset: str, tricks: tuple[Trick, ...], value: int, expected: tuple[int, int]
) -> None:
    """RULES.md lines 174-179 'failed, m = 1', and lines 139 and 183: a failed taker keeps
    its belote."""
    result = score(tricks, hearts(value), RuleConfig.preset(preset))
    assert not result.made
    assert result.belote is NS
    assert pair(result.score) == expected


@pytest.mark.parametrize(
    ("rules", "value", "expected"),
    [
        # winner 160 + 2 x 100 + belote 20 = 380; other team only its belote 0
        pytest.param(RuleConfig.common(), 100, (380, 0), id="common"),
        # (160 + 100 + 20) x 2 = 560
        pytest.param(RuleConfig.ffb(), 100, (560, 0), id="ffb"),
        # (160 + 100) x 2 + 20 = 540
        pytest.param(RuleConfig.pagat(), 100, (540, 0), id="pagat"),
        # the contract score x 2, belote not multiplied: 100 x 2 + 20 = 220
        pytest.param(RuleConfig.contract_only(), 100, (220, 0), id="contract_only"),
        # every score x 2, belote after: NS 102 x 2 + 20 = 224, EW 50 x 2 = 100
        pytest.param(RuleConfig.min82(), 102, (224, 100), id="min82"),
        # classic coinche paragraph: bidders' points x 2 + belote = 112 x 2 + 20 = 244;
        # the defenders keep their own total 50 (section 9, line 223)
        pytest.param(classic_with_coinche(), 82, (244, 50), id="classic_belote+coinche"),
    ],
)
def test_coinched_made_each_preset(
    rules: RuleConfig, value: int, expected: tuple[int, int]
) -> None:
    """RULES.md lines 174-179, column 'coinched (m = 2 or 4)', m = 2, made, on DEAL_112."""
    result = score(DEAL_112, hearts(value, 2), rules)
    assert result.made
    assert pair(result.score) == expected


@pytest.mark.parametrize(
    ("rules", "tricks", "value", "expected"),
    [
        # EW 160 + 2 x 120 = 400; NS only their belote 20
        pytest.param(RuleConfig.common(), DEAL_90, 120, (20, 400), id="common"),
        # EW (160 + 120) x 2 = 560; NS belote 20
        pytest.param(RuleConfig.ffb(), DEAL_90, 120, (20, 560), id="ffb"),
        pytest.param(RuleConfig.pagat(), DEAL_90, 120, (20, 560), id="pagat"),
        # EW (160 + 120) x 2 = 560; NS belote 20
        pytest.param(RuleConfig.contract_only(), DEAL_90, 120, (20, 560), id="contract_only"),
        # every score x 2: EW (122 + 160) x 2 = 564; NS 0 x 2 + belote 20
        pytest.param(RuleConfig.min82(), DEAL_90, 122, (20, 564), id="min82"),
        # classic coinche paragraph, failed: defenders V x m = 82 x 2 = 164; NS belote 20
        pytest.param(
            classic_with_coinche(), DEAL_DEDANS, 82, (20, 164), id="classic_belote+coinche"
        ),
    ],
)
def test_coinched_failed_each_preset(
    rules: RuleConfig, tricks: tuple[Trick, ...], value: int, expected: tuple[int, int]
) -> None:
    """RULES.md lines 174-179, column 'coinched (m = 2 or 4)', m = 2, failed."""
    result = score(tricks, hearts(value, 2), rules)
    assert not result.made
    assert pair(result.score) == expected


@pytest.mark.parametrize(
    ("preset", "made_expected", "failed_expected"),
    [
        # made: 160 + 4 x 100 + 20 = 580; failed: EW 160 + 4 x 120 = 640, NS 20
        pytest.param("common", (580, 0), (20, 640), id="common"),
        # made: (160 + 100 + 20) x 4 = 1120; failed: (160 + 120) x 4 = 1120, NS 20
        pytest.param("ffb", (1120, 0), (20, 1120), id="ffb"),
        # made: (160 + 100) x 4 + 20 = 1060; failed: (160 + 120) x 4 = 1120, NS 20
        pytest.param("pagat", (1060, 0), (20, 1120), id="pagat"),
        # made: 100 x 4 + 20 = 420; failed: (160 + 120) x 4 = 1120, NS 20
        pytest.param("contract_only", (420, 0), (20, 1120), id="contract_only"),
    ],
)
def test_surcoinched_each_preset(
    preset: str, made_expected: tuple[int, int], failed_expected: tuple[int, int]
) -> None:
    """RULES.md lines 174-177, column 'coinched (m = 2 or 4)' with m = 4 (min82 and
    classic_belote have no surcoinche: see the error tests)."""
    rules = RuleConfig.preset(preset)
    made = score(DEAL_112, hearts(100, 4), rules)
    assert made.made
    assert pair(made.score) == made_expected
    failed = score(DEAL_90, hearts(120, 4), rules)
    assert not failed.made
    assert pair(failed.score) == failed_expected


@pytest.mark.parametrize(
    ("preset", "card_points", "expected"),
    [
        # bidders V + their total: 250 + 250 = 500
        pytest.param("common", 250, (500, 0), id="common"),
        # 250 + 252 = 502, rounded to 500
        pytest.param("ffb", 252, (500, 0), id="ffb"),
        # a capot bid scores a flat 500
        pytest.param("pagat", 252, (500, 0), id="pagat"),
        # a capot bid made scores 500
        pytest.param("contract_only", 250, (500, 0), id="contract_only"),
        # bidders V = 250; defenders their points, 0
        pytest.param("min82", 250, (250, 0), id="min82"),
    ],
)
def test_capot_bid_made_each_preset(
    preset: str, card_points: int, expected: tuple[int, int]
) -> None:
    """RULES.md lines 168-170 and 174-178: a capot bid (V = 250) made, without belote."""
    result = score(DEAL_CAPOT, hearts(CAPOT), RuleConfig.preset(preset))
    assert result.made
    assert result.capot is NS
    assert result.belote is None
    assert pair(result.card_points) == (card_points, 0)
    assert pair(result.score) == expected


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        # 250 + (250 + 20) = 520
        pytest.param("common", (520, 0), id="common"),
        # 250 + 252 + 20 = 522, rounded to 520
        pytest.param("ffb", (520, 0), id="ffb"),
        # flat 500 + belote 20 = 520
        pytest.param("pagat", (520, 0), id="pagat"),
        # 500 + belote on top 20 = 520
        pytest.param("contract_only", (520, 0), id="contract_only"),
        # 250 + belote on top 20 = 270
        pytest.param("min82", (270, 0), id="min82"),
    ],
)
def test_capot_bid_made_with_belote_each_preset(preset: str, expected: tuple[int, int]) -> None:
    """RULES.md lines 174-178 and 181-183: a capot bid made, with belote for the bidders."""
    result = score(DEAL_CAPOT_BELOTE, hearts(CAPOT), RuleConfig.preset(preset))
    assert result.made
    assert result.belote is NS
    assert pair(result.score) == expected


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        # defenders 160 + 250 = 410; bidders only their belote, none
        pytest.param("common", (0, 410), id="common"),
        pytest.param("ffb", (0, 410), id="ffb"),
        # a failed capot bid gives the defenders 500
        pytest.param("pagat", (0, 500), id="pagat"),
        # defenders 160 + V = 410
        pytest.param("contract_only", (0, 410), id="contract_only"),
        # defenders V + 160 = 410; bidders 0
        pytest.param("min82", (0, 410), id="min82"),
    ],
)
def test_capot_bid_failed_each_preset(preset: str, expected: tuple[int, int]) -> None:
    """RULES.md lines 168 and 174-178: capot made only with all 8 tricks; 7 tricks fail."""
    result = score(DEAL_CAPOT_FAILED, hearts(CAPOT), RuleConfig.preset(preset))
    assert not result.made
    assert pair(result.score) == expected


@pytest.mark.parametrize(
    ("rules", "tricks", "made", "expected"),
    [
        # winner 160 + 2 x 250 = 660 (common keeps 160)
        pytest.param(RuleConfig.common(), DEAL_CAPOT, True, (660, 0), id="common-made"),
        # (250 + 250) x 2 = 1000: 250 instead of 160 when the bidders made a capot
        pytest.param(RuleConfig.ffb(), DEAL_CAPOT, True, (1000, 0), id="ffb-made"),
        # the contract score x 2: 500 x 2 = 1000
        pytest.param(
            RuleConfig.contract_only(), DEAL_CAPOT, True, (1000, 0), id="contract_only-made"
        ),
        # every score x 2: 250 x 2 = 500, EW 0 x 2
        pytest.param(RuleConfig.min82(), DEAL_CAPOT, True, (500, 0), id="min82-made"),
        # failed: 160 + 2 x 250 = 660 to EW
        pytest.param(RuleConfig.common(), DEAL_CAPOT_FAILED, False, (0, 660), id="common-failed"),
        # failed: (160 + 250) x 2 = 820 to EW
        pytest.param(RuleConfig.ffb(), DEAL_CAPOT_FAILED, False, (0, 820), id="ffb-failed"),
    ],
)
def test_coinched_capot_bid(
    rules: RuleConfig, tricks: tuple[Trick, ...], made: bool, expected: tuple[int, int]
) -> None:
    """RULES.md lines 174-178 'coinched' column with V = 250; line 228: capot can be
    coinched in common."""
    result = score(tricks, hearts(CAPOT, 2), rules)
    assert result.made is made
    assert pair(result.score) == expected


@pytest.mark.parametrize(
    ("preset", "value", "expected"),
    [
        # 80 + 250 = 330
        pytest.param("common", 80, (330, 0), id="common"),
        # 80 + 252 = 332, rounded to 330
        pytest.param("ffb", 80, (330, 0), id="ffb"),
        pytest.param("pagat", 80, (330, 0), id="pagat"),
        # an unbid capot scores 250
        pytest.param("contract_only", 80, (250, 0), id="contract_only"),
        # bidders V = 82; defenders their points 0
        pytest.param("min82", 82, (82, 0), id="min82"),
        # each team its total; capot +90: 162 + 90 = 252
        pytest.param("classic_belote", 82, (252, 0), id="classic_belote"),
    ],
)
def test_unbid_capot_each_preset(preset: str, value: int, expected: tuple[int, int]) -> None:
    """RULES.md lines 160-162 and 174-179: all eight tricks on a numeric contract."""
    result = score(DEAL_CAPOT, hearts(value), RuleConfig.preset(preset))
    assert result.made
    assert result.capot is NS
    assert pair(result.score) == expected


def test_min82_option_adds_the_bidders_points() -> None:
    """RULES.md line 178: min82 made, bidders V, option '+ their points' (004)."""
    rules = attrs.evolve(RuleConfig.min82(), min82_adds_points=True)
    result = score(DEAL_112, hearts(102), rules)
    assert result.made
    # 102 + their points 112 + belote 20 = 234; EW their points 50
    assert pair(result.score) == (234, 50)


def test_generale_made_by_the_taker_alone() -> None:
    """RULES.md lines 168-170 and 238-239: générale V = 500, ordinary formulas, made when
    the taker personally wins all eight tricks."""
    rules = attrs.evolve(RuleConfig.common(), allow_generale=True)
    result = score(DEAL_GENERALE, hearts(GENERALE), rules)
    assert result.made
    assert result.capot is NS
    # common, made: V + total = 500 + 250 = 750
    assert pair(result.score) == (750, 0)


def test_generale_failed_when_partner_takes_a_trick() -> None:
    """RULES.md lines 238-239: South taking the last trick is a capot but no générale."""
    rules = attrs.evolve(RuleConfig.common(), allow_generale=True)
    result = score(DEAL_CAPOT, hearts(GENERALE), rules)
    assert result.capot is NS
    assert not result.made
    # common, failed: defenders 160 + 500 = 660; bidders no belote, 0
    assert pair(result.score) == (0, 660)


def test_belote_does_not_count_toward_contract_only() -> None:
    """RULES.md line 177 (contract_only: total without belote >= V) against line 174."""
    # DEAL_90 with a bid of 100: card points 90, belote 20.
    # common: 90 + 20 = 110 >= 100, made: 100 + 110 = 210; EW 72
    common = score(DEAL_90, hearts(100), RuleConfig.common())
    assert common.made
    assert pair(common.score) == (210, 72)
    # contract_only: 90 < 100, failed: EW 160 + 100 = 260; NS keep belote 20
    contract_only = score(DEAL_90, hearts(100), RuleConfig.contract_only())
    assert not contract_only.made
    assert contract_only.belote is NS
    assert pair(contract_only.score) == (20, 260)


def test_belote_requires_declaration() -> None:
    """RULES.md lines 141-143: with the option on, undeclared belote is not credited."""
    rules = attrs.evolve(RuleConfig.common(), belote_requires_declaration=True)
    undeclared = score_deal(hearts(100), DEAL_112, rules, belote_declared=False)
    assert undeclared.belote is None
    # 112 >= 100: 100 + 112 = 212; EW 50
    assert pair(undeclared.score) == (212, 50)
    declared = score_deal(hearts(100), DEAL_112, rules, belote_declared=True)
    assert declared.belote is NS
    assert pair(declared.score) == (232, 50)


def test_ffb_81_against_81_fails() -> None:
    """RULES.md line 175: ffb made needs total >= V and > the defenders; 81 vs 81 fails."""
    result = score(DEAL_81_81, hearts(80), RuleConfig.ffb())
    assert pair(result.card_points) == (81, 81)
    assert not result.made
    # EW 160 + 80 = 240; NS nothing
    assert pair(result.score) == (0, 240)


def test_common_81_against_81_is_made() -> None:
    """RULES.md line 174: common made when the bidders' total >= V, whatever the defenders."""
    result = score(DEAL_81_81, hearts(80), RuleConfig.common())
    assert result.made
    # 80 + 81 = 161; EW 81
    assert pair(result.score) == (161, 81)


def test_pagat_81_on_80_fails() -> None:
    """RULES.md line 176: pagat made when total >= max(V, 82); 81 on an 80 bid fails."""
    result = score(DEAL_81_81, hearts(80), RuleConfig.pagat())
    assert not result.made
    # EW 160 + 80 = 240
    assert pair(result.score) == (0, 240)


def test_pagat_82_on_80_is_made() -> None:
    """RULES.md line 176: pagat made when total >= max(V, 82); 82 on an 80 bid is made."""
    result = score(DEAL_82_80, hearts(80), RuleConfig.pagat())
    assert pair(result.card_points) == (82, 80)
    assert result.made
    # 80 + 82 = 162 -> 160; EW 80
    assert pair(result.score) == (160, 80)


def test_rounding_four_goes_down() -> None:
    """RULES.md line 175 (ffb rounding: nearest 10, 5 up) and line 240: x4 rounds down."""
    result = score(DEAL_88_74, hearts(80), RuleConfig.ffb())
    assert pair(result.card_points) == (88, 74)
    assert result.made
    # NS 80 + 88 = 168 -> 170; EW 74 -> 70
    assert pair(result.score) == (170, 70)


def test_rounding_five_goes_up() -> None:
    """RULES.md line 175 (ffb rounding: nearest 10, 5 up): x5 rounds up."""
    result = score(DEAL_87_75, hearts(80), RuleConfig.ffb())
    assert pair(result.card_points) == (87, 75)
    assert result.made
    # NS 80 + 87 = 167 -> 170; EW 75 -> 80
    assert pair(result.score) == (170, 80)


def test_no_rounding_in_common() -> None:
    """RULES.md line 174, column 'rounding': none in common."""
    result = score(DEAL_87_75, hearts(80), RuleConfig.common())
    # 80 + 87 = 167; EW 75, unrounded
    assert pair(result.score) == (167, 75)


# ------------------------------------------------------------------- announcements


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # NS 138; EW 24 + four kings 100 = 124; 138 > 124, made:
        # NS 80 + 138 = 218 -> 220; EW 124 -> 120
        pytest.param(RuleConfig.ffb(), (220, 120), id="ffb"),
        pytest.param(RuleConfig.pagat(), (220, 120), id="pagat"),
        # no rounding: 218 and 124
        pytest.param(
            attrs.evolve(RuleConfig.common(), announcements=True), (218, 124), id="common+ann"
        ),
        # classic: 138 >= 82, each team its total: NS 138, EW 24 + 100 = 124
        pytest.param(RuleConfig.classic_belote(), (138, 124), id="classic_belote"),
    ],
)
def test_four_of_a_kind_beats_run(rules: RuleConfig, expected: tuple[int, int]) -> None:
    """RULES.md lines 150-152: at equal value (100) a four of a kind beats a run."""
    value = 82 if rules.scoring is Scoring.CLASSIC else 80
    result = score(DEAL_FOUR_KINGS, hearts(value), rules)
    assert pair(result.card_points) == (138, 24)
    assert pair(result.announcement_points) == (0, 100)
    assert result.made
    assert pair(result.score) == expected


def test_announcements_off_in_common() -> None:
    """RULES.md line 144: announcements off in 000 (common): the held ones score nothing."""
    result = score(DEAL_FOUR_KINGS, hearts(80), RuleConfig.common())
    assert pair(result.announcement_points) == (0, 0)
    # 80 + 138 = 218; EW 24
    assert pair(result.score) == (218, 24)


def test_only_declared_announcements_count() -> None:
    """RULES.md line 234: the caller may say what was declared; East's kings undeclared."""
    quinte = Announcement(AnnouncementKind.QUINTE, Hand.parse("7S 8S 9S TS JS"), Seat.NORTH)
    result = score(DEAL_FOUR_KINGS, hearts(80), RuleConfig.ffb(), [quinte])
    assert pair(result.announcement_points) == (100, 0)
    # NS 138 + 100 = 238: 80 + 238 = 318 -> 320; EW 24 -> 20
    assert pair(result.score) == (320, 20)
    nothing = score(DEAL_FOUR_KINGS, hearts(80), RuleConfig.ffb(), [])
    assert pair(nothing.announcement_points) == (0, 0)
    # 80 + 138 = 218 -> 220; EW 24 -> 20
    assert pair(nothing.score) == (220, 20)


def test_equal_runs_broken_by_trumps() -> None:
    """RULES.md lines 153-155: equal runs (value, length, top card): the run in trumps wins."""
    north = Announcement(AnnouncementKind.TIERCE, Hand.parse("8H 9H TH"), Seat.NORTH)
    east = Announcement(AnnouncementKind.TIERCE, Hand.parse("8C 9C TC"), Seat.EAST)
    # both found when nothing is said (line 234), and both declared explicitly
    for declared in (None, [north, east]):
        result = score(DEAL_TRUMP_TIERCE, hearts(80), RuleConfig.ffb(), declared)
        assert pair(result.card_points) == (131, 31)
        assert pair(result.announcement_points) == (20, 0)
        # NS 131 + 20 = 151: 80 + 151 = 231 -> 230; EW 31 -> 30
        assert pair(result.score) == (230, 30)
        text = result.breakdown()
        assert str(north) in text
        assert str(east) in text


def test_equal_runs_nobody_scores() -> None:
    """RULES.md line 155: runs equal in every way, neither in trumps: nobody scores."""
    north = Announcement(AnnouncementKind.TIERCE, Hand.parse("8S 9S TS"), Seat.NORTH)
    east = Announcement(AnnouncementKind.TIERCE, Hand.parse("8C 9C TC"), Seat.EAST)
    for declared in (None, [north, east]):
        result = score(DEAL_EQUAL_TIERCES, hearts(80), RuleConfig.ffb(), declared)
        assert pair(result.card_points) == (131, 31)
        assert pair(result.announcement_points) == (0, 0)
        # 80 + 131 = 211 -> 210; EW 31 -> 30
        assert pair(result.score) == (210, 30)
        text = result.breakdown()
        assert str(north) in text
        assert str(east) in text
    # declared by North alone, North's tierce scores: 80 + 151 = 231 -> 230
    alone = score(DEAL_EQUAL_TIERCES, hearts(80), RuleConfig.ffb(), [north])
    assert pair(alone.announcement_points) == (20, 0)
    assert pair(alone.score) == (230, 30)


def test_capot_team_takes_opponents_announcements() -> None:
    """RULES.md line 162 and lines 235-237: the capot team scores the opponents' winning
    announcements; its own that lost the comparison still do not count."""
    result = score(DEAL_CAPOT_ANNOUNCEMENTS, hearts(80), RuleConfig.ffb())
    assert result.capot is NS
    text = result.breakdown()
    assert str(Announcement(AnnouncementKind.TIERCE, Hand.parse("JD QD KD"), Seat.WEST)) in text
    assert str(Announcement(AnnouncementKind.TIERCE, Hand.parse("7C 8C 9C"), Seat.SOUTH)) in text
    # W's tierce (top K) beats S's tierce (top 9): EW's 20 score, taken by NS;
    # S's own 20 lost the comparison and does not count.
    assert pair(result.announcement_points) == (20, 0)
    # 80 + 252 + 20 = 352 -> 350; EW 0
    assert pair(result.score) == (350, 0)


def test_pagat_capot_bid_flat_500_without_announcements() -> None:
    """RULES.md line 176: pagat, a capot bid scores a flat 500 (+ belote, no announcements)."""
    result = score(DEAL_CAPOT_ANNOUNCEMENTS, hearts(CAPOT), RuleConfig.pagat())
    assert result.made
    assert pair(result.score) == (500, 0)


# -------------------------------------------------------------------------- errors


def test_seven_tricks() -> None:
    """score_deal: a finished deal has 8 tricks (RULES.md line 44: 162 a deal)."""
    with pytest.raises(InvalidDealError, match="8 tricks, not 7"):
        score_deal(hearts(100), DEAL_112[:7], RuleConfig.common())


def test_incomplete_trick() -> None:
    """score_deal: each trick has one card from each seat (RULES.md line 90)."""
    tricks = (*DEAL_112[:7], Trick.parse("S: TH 9S KC"))
    with pytest.raises(InvalidDealError, match=r"trick 8 .* is not complete"):
        score_deal(hearts(100), tricks, RuleConfig.common())


def test_card_played_twice_across_tricks() -> None:
    """score_deal: 32 different cards (RULES.md line 15); 8H of trick 1 comes again."""
    tricks = (*DEAL_112[:7], Trick.parse("S: TH 9S KC 8H"))
    with pytest.raises(InvalidDealError, match=r"trick 8 .*plays 8H again"):
        score_deal(hearts(100), tricks, RuleConfig.common())


def test_trick_not_led_by_previous_winner() -> None:
    """score_deal: the winner leads the next trick (RULES.md line 90)."""
    tricks = (*DEAL_112[:7], Trick.parse("N: KC JS TH 9S"))
    with pytest.raises(InvalidDealError, match="led by NORTH, but SOUTH won trick 7"):
        score_deal(hearts(100), tricks, RuleConfig.common())


def test_first_trick_not_led_by_taker_classic() -> None:
    """RULES.md lines 88-89 (001: the taker leads); DEAL_112 is led by North, taker South."""
    with pytest.raises(InvalidDealError, match="taker SOUTH leads the first trick"):
        score_deal(hearts(82, taker=Seat.SOUTH), DEAL_112, RuleConfig.classic_belote())


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (85, "85 is not a bid value"),
        (170, "170 is above the highest numeric bid, 160"),
        (70, "70 is below the lowest bid, 80"),
    ],
)
def test_contract_value_not_allowed_common(value: int, words: str) -> None:
    """RULES.md lines 60-62: common bids run 80, 90, ... 160."""
    with pytest.raises(InvalidDealError, match=words):
        score_deal(hearts(value), DEAL_112, RuleConfig.common())


def test_contract_value_80_not_allowed_min82() -> None:
    """RULES.md lines 61 and 178: min82 bids run 82, 92, ... 162."""
    with pytest.raises(InvalidDealError, match="80 is below the lowest bid, 82"):
        score_deal(hearts(80), DEAL_112, RuleConfig.min82())


def test_no_trump_not_allowed() -> None:
    """RULES.md lines 24-26: no trump is off in 000 unless switched on."""
    contract = Contract(Seat.NORTH, Strain.NO_TRUMP, 100)
    with pytest.raises(InvalidDealError, match="no-trump bids are not allowed"):
        score_deal(contract, DEAL_112, RuleConfig.common())


def test_all_trump_not_allowed() -> None:
    """RULES.md lines 24-26: all trump is off in 000 unless switched on."""
    contract = Contract(Seat.NORTH, Strain.ALL_TRUMP, 100)
    with pytest.raises(InvalidDealError, match="all-trump bids are not allowed"):
        score_deal(contract, DEAL_112, RuleConfig.common())


def test_surcoinche_not_allowed_min82() -> None:
    """RULES.md lines 83 and 178: 004 (min82) has no surcoinche."""
    with pytest.raises(InvalidDealError, match="surcoinche is not allowed"):
        score_deal(hearts(102, 4), DEAL_112, RuleConfig.min82())


def test_coinche_not_allowed_classic() -> None:
    """RULES.md section 8: the classic turned-card game has no coinche (preset option)."""
    with pytest.raises(InvalidDealError, match="coinche is not allowed"):
        score_deal(hearts(82, 2), DEAL_112, RuleConfig.classic_belote())


def test_capot_bid_in_classic() -> None:
    """RULES.md section 8: the classic auction has no capot bid (a target of 82)."""
    with pytest.raises(InvalidDealError, match="no capot bid"):
        score_deal(hearts(CAPOT), DEAL_CAPOT, RuleConfig.classic_belote())


def test_generale_not_allowed() -> None:
    """RULES.md lines 67-69: générale is an option, off by default."""
    with pytest.raises(InvalidDealError, match="generale bids are not allowed"):
        score_deal(hearts(GENERALE), DEAL_GENERALE, RuleConfig.common())


def test_coinched_capot_pagat() -> None:
    """RULES.md line 176: under pagat a capot bid cannot be coinched."""
    with pytest.raises(InvalidDealError, match="capot bid may not be coinched"):
        score_deal(hearts(CAPOT, 2), DEAL_CAPOT, RuleConfig.pagat())


def test_declared_announcements_when_off() -> None:
    """RULES.md line 144: announcements off in common; declaring some is an error."""
    quinte = Announcement(AnnouncementKind.QUINTE, Hand.parse("7S 8S 9S TS JS"), Seat.NORTH)
    with pytest.raises(InvalidDealError, match="announcements are off"):
        score_deal(hearts(80), DEAL_FOUR_KINGS, RuleConfig.common(), announcements=[quinte])


def test_declared_announcement_not_held() -> None:
    """RULES.md line 148: an announcement is of cards in the player's hand."""
    quinte = Announcement(AnnouncementKind.QUINTE, Hand.parse("7S 8S 9S TS JS"), Seat.EAST)
    with pytest.raises(InvalidDealError, match="EAST did not hold"):
        score_deal(hearts(80), DEAL_FOUR_KINGS, RuleConfig.ffb(), announcements=[quinte])


# ----------------------------------------------------------------------- breakdown


def test_breakdown_made_ffb() -> None:
    """RULES.md lines 190-191: the breakdown shows 112, 50, belote, 232 and 230."""
    text = score(DEAL_112, hearts(100), RuleConfig.ffb()).breakdown()
    assert "Card points: NS 112, EW 50" in text
    assert "Belote: NS" in text
    assert "232" in text
    assert "Made" in text
    assert "Deal score: NS 230, EW 50" in text


def test_breakdown_failed_ffb() -> None:
    """RULES.md lines 192-193: the breakdown shows the failure, 160 + 120 and 280 / 20."""
    text = score(DEAL_90, hearts(120), RuleConfig.ffb()).breakdown()
    assert "Card points: NS 90, EW 72" in text
    assert "Failed" in text
    assert "160 + contract 120" in text
    assert "Deal score: NS 20, EW 280" in text


def test_breakdown_capot_announcements() -> None:
    """RULES.md line 162: the breakdown names the capot and the taken announcements."""
    text = score(DEAL_CAPOT_ANNOUNCEMENTS, hearts(80), RuleConfig.ffb()).breakdown()
    assert "Capot" in text
    assert "252" in text
    assert "Deal score: NS 350, EW 0" in text


# ----------------------------------------------------------------------- score terms


def test_terms_of_the_003_coinched_example() -> None:
    """RULES.md line 191 (003): coinched, (160 + 100 + 20) x 2 = 560, East-West 0.

    ffb multiplies the winner's whole figure, belote included, and counts the
    announcements of the deal (none here): four terms of North-South, each x 2."""
    result = score(DEAL_112, hearts(100, 2), RuleConfig.ffb())
    assert result.terms() == (
        ScoreTerm(NS, "card points", 160, 2),
        ScoreTerm(NS, "contract", 100, 2),
        ScoreTerm(NS, "announcements", 0, 2),
        ScoreTerm(NS, "belote", 20, 2),
    )
    assert (
        "Score NS: (card points 160 + contract 100 + announcements 0 + belote 20) x 2 = 560"
        in (result.breakdown().split("\n"))
    )


def test_terms_of_the_003_pagat_coinched_example() -> None:
    """RULES.md line 193 (003, pagat): (160 + 100) x 2 + 20 = 540: belote not multiplied."""
    result = score(DEAL_112, hearts(100, 2), RuleConfig.pagat())
    assert result.terms() == (
        ScoreTerm(NS, "card points", 160, 2),
        ScoreTerm(NS, "contract", 100, 2),
        ScoreTerm(NS, "announcements", 0, 2),
        ScoreTerm(NS, "belote", 20),
    )
    assert (
        "Score NS: (card points 160 + contract 100 + announcements 0) x 2 + belote 20 = 540"
        in (result.breakdown().split("\n"))
    )


def test_terms_of_the_000_example() -> None:
    """RULES.md lines 188-189 (000): bidders 100 + their total (112 + belote 20), defenders
    their total 50."""
    result = score(DEAL_112, hearts(100), RuleConfig.common())
    assert result.terms() == (
        ScoreTerm(NS, "contract", 100),
        ScoreTerm(NS, "total", 112),
        ScoreTerm(EW, "total", 50),
        ScoreTerm(NS, "belote", 20),
    )


@settings(max_examples=40, deadline=None)
@given(finished_deals())
def test_each_score_is_the_sum_of_its_terms(deal: Deal) -> None:
    """Each team's deal score is the sum of its terms, rounded when the rules round."""
    result = deal.result
    assert result is not None
    terms = result.terms()
    for team in Team:
        raw = sum(term.value for term in terms if term.team is team)
        assert result.score[team] == (round_score(raw) if deal.rules.rounding else raw)
        # the breakdown prints the same sum
        assert f"= {raw}\n" in result.breakdown().split(f"Score {team.short}: ")[1]


def test_terms_need_the_inputs_of_score_deal() -> None:
    made_by_hand = DealResult(
        hearts(80), TeamPoints(0, 0), False, TeamPoints(0, 162), None, TeamPoints(0, 0),
        None, TeamPoints(0, 8),
    )  # fmt: skip
    with pytest.raises(InvalidDealError, match="only a result made by score_deal"):
        made_by_hand.terms()


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((0, "contract", 80, 1), CoincheTypeError, "ScoreTerm.team must be a Team, not int"),
        ((NS, None, 80, 1), CoincheTypeError, "ScoreTerm.label must be a str, not NoneType"),
        ((NS, "contract", -10, 1), InvalidDealError, "ScoreTerm.points must be an int from 0"),
        ((NS, "contract", "80", 1), CoincheTypeError, "ScoreTerm.points must be an int"),
        ((NS, "contract", 80, 3), InvalidDealError, "ScoreTerm.factor must be 1, 2 or 4, not 3"),
        ((NS, "contract", 80, 8), InvalidDealError, "ScoreTerm.factor must be an int from 1"),
        ((NS, "contract", 80, True), CoincheTypeError, "ScoreTerm.factor must be an int"),
    ],
)
def test_score_term_refuses_bad_values(
    args: tuple[object, ...], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        ScoreTerm(*args)  # type: ignore[arg-type]


# ------------------------------------------------ the announcements and belote given to score_deal
def test_result_keeps_a_copy_of_the_announcements() -> None:
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
    once = score_deal(contract, CAPOT_TRICKS, rules, announcements=(a for a in [FOUR_NINES]))  # type: ignore[arg-type]
    assert once.breakdown() == before


def test_belote_declared_must_be_a_bool() -> None:
    contract = Contract(Seat.NORTH, Strain.HEARTS, 80)
    with pytest.raises(CoincheTypeError, match="belote_declared must be a bool"):
        score_deal(contract, CAPOT_TRICKS, belote_declared="no")  # type: ignore[arg-type]


# ------------------------------------------------------------------ TeamPoints
def test_team_points_checks_its_fields() -> None:
    with pytest.raises(CoincheTypeError, match="north_south"):
        TeamPoints("a", None)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="east_west"):
        TeamPoints(0, True)
    with pytest.raises(InvalidDealError, match="north_south"):
        TeamPoints(10**12, 0)
    assert TeamPoints(-20, 160)[Team.NORTH_SOUTH] == -20


# ------------------------------------------------------- results, breakdowns and the tricks scored
def test_only_a_scored_result_has_a_breakdown() -> None:
    made_by_hand = DealResult(
        Contract(Seat.NORTH, Strain.HEARTS, 80),
        TeamPoints(0, 0),
        False,
        TeamPoints(0, 162),
        None,
        TeamPoints(0, 0),
        None,
        TeamPoints(0, 8),
    )
    with pytest.raises(
        InvalidDealError, match=r"^only a result made by score_deal can explain its figures$"
    ):
        made_by_hand.breakdown()


def test_a_trick_led_by_another_seat_than_the_winner_of_the_last_one() -> None:
    tricks = [Trick.parse(f"N: {r}H {r}S {r}C {r}D") for r in "789TJQKA"]
    tricks[1] = Trick.parse("E: 8S 8C 8D 8H")  # North won trick 1
    with pytest.raises(
        InvalidDealError,
        match=re.escape("trick 2 (E: 8S 8C 8D 8H) is led by EAST, but NORTH won trick 1"),
    ):
        score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), tricks)


def test_declared_plain_runs_count_in_classic_belote() -> None:
    """RULES.md section 5: in classic belote runs count in plain suits (not in trumps)."""
    tricks = [Trick.parse(f"N: {r}H {r}S {r}C {r}D") for r in "789TJQKA"]
    tierce = Announcement(AnnouncementKind.TIERCE, Hand.parse("7S 8S 9S"), Seat.EAST)
    contract = Contract(Seat.NORTH, Strain.HEARTS, 82)
    result = score_deal(contract, tricks, RuleConfig.classic_belote(), announcements=[tierce])
    # North-South take every trick: the capot team scores East's tierce (section 5)
    assert result.announcement_points == TeamPoints(20, 0)
    assert result.score == TeamPoints(252 + 20 + 20, 0)


def test_team_points_is_a_mapping_of_the_two_teams() -> None:
    points = TeamPoints(230, 50)
    assert len(points) == 2
    assert list(points) == [Team.NORTH_SOUTH, Team.EAST_WEST]
    assert dict(points) == {Team.NORTH_SOUTH: 230, Team.EAST_WEST: 50}
    with pytest.raises(KeyError) as info:
        points[Seat.NORTH]  # type: ignore[index]
    assert info.value.args == (Seat.NORTH,)


def test_the_result_holds_the_contract_it_was_scored_under() -> None:
    tricks = [Trick.parse(f"N: {r}H {r}S {r}C {r}D") for r in "789TJQKA"]
    contract = Contract(Seat.NORTH, Strain.HEARTS, 120, 2)
    assert score_deal(contract, tricks).contract == contract


def test_belote_declared_is_true_unless_said() -> None:
    """score_deal's belote_declared defaults to True: belote counts when it must be said."""
    tricks = [Trick.parse(f"N: {r}H {r}S {r}C {r}D") for r in "789TJQKA"]
    rules = attrs.evolve(RuleConfig.common(), belote_requires_declaration=True)
    contract = Contract(Seat.NORTH, Strain.HEARTS, 80)
    assert score_deal(contract, tricks, rules).belote is Team.NORTH_SOUTH
    assert score_deal(contract, tricks, rules, belote_declared=False).belote is None


def test_scoring_something_else_than_tricks_is_a_type_error() -> None:
    tricks: list[Any] = [Trick.parse(f"N: {r}H {r}S {r}C {r}D") for r in "789TJQKA"]
    tricks[2] = "N: 9H 9S 9C 9D"
    with pytest.raises(CoincheTypeError) as info:
        score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), tricks)
    assert str(info.value) == "trick 3 is a str, not a Trick"
