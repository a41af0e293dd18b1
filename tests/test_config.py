"""RuleConfig: the presets as RULES.md states them, validation, and the bid range.

Every expected field value is read from RULES.md (cited by section and line in each
docstring); the presets are checked field by field, and where RULES.md section 9 says a
preset inherits from another ("pagat is ffb with 003's listed differences; contract_only
and min82 are common with their listed differences"), the inheritance is checked as a
whole: undoing the listed differences must give back the parent preset exactly.
"""

from __future__ import annotations

import re
from typing import Any, cast

import attrs
import pytest

import coinche
from coinche import (
    PRESETS,
    AuctionKind,
    CoincheTiming,
    Direction,
    FirstLead,
    RuleConfig,
    RuleConfigError,
    Scoring,
    errors,
)

PRESET_NAMES = ("common", "ffb", "pagat", "contract_only", "min82", "classic_belote")


# ------------------------------------------------------------------ presets: identity
def test_default_is_common() -> None:
    """RuleConfig() is the common preset (seed 000, RULES.md section 6 first row)."""
    assert RuleConfig() == RuleConfig.common()
    assert RuleConfig().preset_name == "common"


def test_the_six_presets_are_named() -> None:
    """PRESETS names the six systems of RULES.md section 6 (lines 174-179)."""
    assert tuple(PRESETS) == PRESET_NAMES


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_by_name(name: str) -> None:
    """RuleConfig.preset(name) builds the same rules as the class method of that name,
    and preset_name finds the name back."""
    rules = RuleConfig.preset(name)
    assert rules == getattr(RuleConfig, name)()
    assert rules == PRESETS[name]()
    assert rules.preset_name == name


def test_presets_are_all_different() -> None:
    """No two presets are equal, so preset_name is never ambiguous."""
    built = [RuleConfig.preset(name) for name in PRESET_NAMES]
    assert len(set(built)) == len(PRESET_NAMES)


@pytest.mark.parametrize("name", ["fbb", "FFB ", "", "belote"])
def test_unknown_preset_name(name: str) -> None:
    """An unknown preset name raises RuleConfigError quoting the name."""
    with pytest.raises(RuleConfigError, match=re.escape(repr(name))):
        RuleConfig.preset(name)


def test_unknown_preset_of_another_type() -> None:
    """A preset name that is not a str raises RuleConfigError too."""
    with pytest.raises(RuleConfigError, match="None"):
        RuleConfig.preset(cast(Any, None))


def test_evolved_rules_have_no_preset_name() -> None:
    """Changing any field of a preset gives rules that match no preset."""
    assert attrs.evolve(RuleConfig.ffb(), target=1000).preset_name is None
    assert attrs.evolve(RuleConfig.common(), allow_no_trump=True).preset_name is None


# ------------------------------------------------------------------ presets: fields
def test_common_preset_fields() -> None:
    """common (seed 000), field by field:

    - bids 80 to 160 by 10 (section 3, lines 60-62: "80, 90, ... 160", "`max_bid` is
      160 in 000");
    - no trump and all trump off (section 1, lines 24-26: "off in 000 unless switched
      on");
    - générale off (lines 67-69: "(003 variant, off by default)");
    - coinche on your own turn (line 76: "on your own turn (000, FFB 003)"), surcoinche
      allowed (lines 79-81), capot may be coinched (line 228, section 9);
    - first lead after the dealer (line 88); rule 3a partner exemption (line 100), rule
      2 overtrump on a trump lead (lines 97-98), rule 3c must still trump under an
      opponent's trump (lines 103-104: "you must still play a trump (000, ..."); no
      monter (lines 131-133, classic only);
    - belote counts toward the contract (line 140: "yes (000 ..."), credited without a
      declaration by default (lines 142-143); announcements off (line 144: "off in
      000");
    - capot card points 250 (line 160-161, row common line 174);
    - common scoring, no rounding, game 1000, one game (line 174);
    - deal 3-2-3 (lines 49-50, the default), clockwise (lines 18-19, 000).
    """
    rules = RuleConfig.common()
    assert (rules.min_bid, rules.bid_step, rules.max_bid) == (80, 10, 160)
    assert rules.allow_no_trump is False
    assert rules.allow_all_trump is False
    assert rules.allow_generale is False
    assert rules.auction is AuctionKind.BIDDING
    assert rules.allow_coinche is True
    assert rules.coinche_timing is CoincheTiming.IN_TURN
    assert rules.allow_surcoinche is True
    assert rules.capot_can_be_coinched is True
    assert rules.first_lead is FirstLead.AFTER_DEALER
    assert rules.partner_master_exemption is True
    assert rules.overtrump_on_trump_lead is True
    assert rules.overtrump_only_over_opponent is False
    assert rules.must_undertrump is True
    assert rules.monter is False
    assert rules.belote_counts_toward_contract is True
    assert rules.belote_requires_declaration is False
    assert rules.announcements is False
    assert rules.capot_card_points == 250
    assert rules.scoring is Scoring.COMMON
    assert rules.rounding is False
    assert rules.target == 1000
    assert rules.games_to_win == 1
    assert rules.deal_pattern == (3, 2, 3)
    assert rules.direction is Direction.CLOCKWISE


def test_ffb_preset_fields() -> None:
    """ffb (seed 003), its distinguishing fields:

    - no upper bid (line 62-64: "the FFB preset sets no upper limit");
    - announcements on (line 144: "on in FFB"; row ffb line 175: "announcements on");
    - may discard instead of undertrumping (line 105-106: "FFB option ... you may discard
      any card instead (`must_undertrump`)");
    - made needs more than the defenders, hence its own scoring (line 175);
    - rounding to the nearest 10 (line 175: "every deal score to the nearest 10, 5 up");
    - game 2000, capot 252 (line 175: "2000; capot 252"; line 161: "252 in all (003")
    - coinche in turn (line 76: "on your own turn (000, FFB 003)"), a capot can be
      coinched (line 78: FFB "die Gegner können nur passen oder coinchen");
    - counter-clockwise (line 19-20: '003 FFB: "gegen den Uhrzeigersinn"');
    - deal 3-3-2 or 2-3-3 (line 50: "3-3-2 and 2-3-3 (003)");
    - bids from 80 by 10 (line 60: "80, 90, ... (000, 001, 003").
    """
    rules = RuleConfig.ffb()
    assert rules.max_bid is None
    assert (rules.min_bid, rules.bid_step) == (80, 10)
    assert rules.announcements is True
    assert rules.must_undertrump is False
    assert rules.scoring is Scoring.FFB
    assert rules.rounding is True
    assert rules.target == 2000
    assert rules.capot_card_points == 252
    assert rules.coinche_timing is CoincheTiming.IN_TURN
    assert rules.capot_can_be_coinched is True
    assert rules.allow_surcoinche is True
    assert rules.direction is Direction.COUNTERCLOCKWISE
    assert rules.deal_pattern in {(3, 3, 2), (2, 3, 3)}
    assert rules.first_lead is FirstLead.AFTER_DEALER
    assert rules.belote_counts_toward_contract is True


def test_pagat_preset_fields() -> None:
    """pagat (003 Varianten): coinche at any time and a capot bid that cannot be
    coinched (lines 76-78: "at any time before the auction ends (pagat ...)", "or not
    (pagat)"; row pagat line 176: "a capot bid cannot be coinched; coinche at any time"),
    its own scoring (made needs max(V, 82)), and otherwise as ffb: rounding, 2000, 252,
    no max bid, announcements on, may discard instead of undertrumping."""
    rules = RuleConfig.pagat()
    assert rules.coinche_timing is CoincheTiming.ANY_TIME
    assert rules.capot_can_be_coinched is False
    assert rules.scoring is Scoring.PAGAT
    assert rules.rounding is True
    assert rules.target == 2000
    assert rules.capot_card_points == 252
    assert rules.max_bid is None
    assert rules.announcements is True
    assert rules.must_undertrump is False


def test_pagat_is_ffb_with_its_listed_differences() -> None:
    """Section 9, line 214: "pagat is ffb with 003's listed differences"; row pagat
    line 176: "everything not listed there as different is as ffb". Undoing the three
    differences (scoring, coinche timing, capot coinche) gives ffb exactly."""
    undone = attrs.evolve(
        RuleConfig.pagat(),
        scoring=Scoring.FFB,
        coinche_timing=CoincheTiming.IN_TURN,
        capot_can_be_coinched=True,
    )
    assert undone == RuleConfig.ffb()


def test_contract_only_preset_fields() -> None:
    """contract_only (seed 002):

    - belote cannot help make the contract (line 140-141: 'no (002 "ces 20 points ne
      peuvent vous aider")');
    - best of three games of 1000 (row line 177: "two games of 1000, a third if needed
      (best of three)"), so target 1000 and two games to win;
    - no rounding (line 177: "none"); max bid 160 (line 62 "`max_bid` is 160 in 000 and
      002", line 228); capot 250 and announcements off (line 215-216, inherited from
      common);
    - counter-clockwise (line 20-21: "002: the player to the dealer's right speaks and
      leads first").
    """
    rules = RuleConfig.contract_only()
    assert rules.belote_counts_toward_contract is False
    assert rules.games_to_win == 2
    assert rules.target == 1000
    assert rules.scoring is Scoring.CONTRACT_ONLY
    assert rules.rounding is False
    assert rules.max_bid == 160
    assert rules.capot_card_points == 250
    assert rules.announcements is False
    assert rules.direction is Direction.COUNTERCLOCKWISE


def test_contract_only_is_common_with_its_listed_differences() -> None:
    """Section 9, line 214-215: contract_only is "common with [its] listed differences":
    belote not counting, its scoring, best of three, and the direction of 002."""
    undone = attrs.evolve(
        RuleConfig.contract_only(),
        belote_counts_toward_contract=True,
        scoring=Scoring.COMMON,
        games_to_win=1,
        direction=Direction.CLOCKWISE,
    )
    assert undone == RuleConfig.common()


def test_min82_preset_fields() -> None:
    """min82 (seed 004):

    - bids 82, 92, ... 162 (line 61: "004 starts at 82 (82, 92, ... 162)"; line 228:
      "162 in min82");
    - no surcoinche (line 83: "004 has no surcoinche (option `allow_surcoinche`)"; row
      line 178: "no surcoinche"); coinche itself stays ("every score of the deal · 2");
    - game 2000, no rounding (line 178: "none", "2000 (1000 half game); min bid 82");
    - belote counts toward the contract, capot 250, announcements off (line 215-216).
    """
    rules = RuleConfig.min82()
    assert (rules.min_bid, rules.bid_step, rules.max_bid) == (82, 10, 162)
    assert rules.allow_surcoinche is False
    assert rules.allow_coinche is True
    assert rules.scoring is Scoring.MIN82
    assert rules.target == 2000
    assert rules.rounding is False
    assert rules.belote_counts_toward_contract is True
    assert rules.capot_card_points == 250
    assert rules.announcements is False
    assert rules.min82_adds_points is False


def test_min82_is_common_with_its_listed_differences() -> None:
    """Section 9, line 214-216: min82 is common with its listed differences: the bid
    range, no surcoinche, its scoring and the 2000 target."""
    undone = attrs.evolve(
        RuleConfig.min82(),
        min_bid=80,
        max_bid=160,
        allow_surcoinche=True,
        scoring=Scoring.COMMON,
        target=1000,
    )
    assert undone == RuleConfig.common()


def test_classic_belote_preset_fields() -> None:
    """classic_belote (seed 001):

    - the turned-card auction naming a suit, target 82 instead of a bid (section 8,
      lines 205-209: "Target 82 points instead of a numeric bid"); so no no-trump or
      all-trump contract;
    - the taker leads (line 88-89: "Seed 001's classic game: the taker leads");
    - no partner exemption (line 127-128), overtrump only over an opponent and not on a
      trump lead (lines 129-130), monter (lines 131-133);
    - runs only in plain suits, only the best declaration paid (line 158-159);
    - capot 252 (line 161: "001: a 90 bonus, same total");
    - classic scoring, no rounding (row line 179), game 1000 (line 225, section 9);
    - deal 3-2-3 (section 8, line 205: "Deal 3 then 2 ... three more").
    """
    rules = RuleConfig.classic_belote()
    assert rules.auction is AuctionKind.TURNED_CARD
    assert rules.min_bid == 82
    assert rules.max_bid == 82
    assert rules.allow_no_trump is False
    assert rules.allow_all_trump is False
    assert rules.first_lead is FirstLead.TAKER
    assert rules.partner_master_exemption is False
    assert rules.overtrump_on_trump_lead is False
    assert rules.overtrump_only_over_opponent is True
    assert rules.monter is True
    assert rules.announcements is True
    assert rules.runs_in_trump is False
    assert rules.only_best_announcement is True
    assert rules.capot_card_points == 252
    assert rules.scoring is Scoring.CLASSIC
    assert rules.rounding is False
    assert rules.target == 1000
    assert rules.deal_pattern == (3, 2, 3)


# ------------------------------------------------------------------ bid range
@pytest.mark.parametrize(
    ("name", "bids"),
    [
        # section 3, line 60: 80, 90, ... 160
        ("common", list(range(80, 161, 10))),
        ("contract_only", list(range(80, 161, 10))),
        # line 62-66: no upper limit, up to the highest step below 250: 240
        ("ffb", list(range(80, 241, 10))),
        ("pagat", list(range(80, 241, 10))),
        # line 61: 82, 92, ... 162
        ("min82", [82, 92, 102, 112, 122, 132, 142, 152, 162]),
        # section 8: the one fixed value 82
        ("classic_belote", [82]),
    ],
)
def test_numeric_bids_of_each_preset(name: str, bids: list[int]) -> None:
    """numeric_bids() lists every allowed bid value, lowest first, and
    highest_numeric_bid is the last of them."""
    rules = RuleConfig.preset(name)
    assert list(rules.numeric_bids()) == bids
    assert rules.highest_numeric_bid == bids[-1]


def test_ffb_highest_numeric_bid_is_240() -> None:
    """Section 3, lines 65-66: "Without an upper limit, numeric bids run up to the
    highest step below the capot value (240 when counting 80, 90, ...)"."""
    assert RuleConfig.ffb().max_bid is None
    assert RuleConfig.ffb().highest_numeric_bid == 240


@pytest.mark.parametrize(
    ("min_bid", "bid_step", "highest"),
    [
        (80, 10, 240),  # 250 itself is capot's value, so 240
        (82, 10, 242),  # 82 + 16 * 10; the next step, 252, is above 250
        (80, 5, 245),  # 80 + 33 * 5; 250 is capot
        (90, 20, 230),  # 90, 110, ... 230; 250 is capot
        (100, 7, 247),  # 100 + 21 * 7 = 247; 254 is above
    ],
)
def test_highest_numeric_bid_without_a_limit(min_bid: int, bid_step: int, highest: int) -> None:
    """With max_bid None, the highest bid is the last step strictly below 250 (capot)."""
    rules = attrs.evolve(RuleConfig(), min_bid=min_bid, bid_step=bid_step, max_bid=None)
    assert rules.highest_numeric_bid == highest
    assert list(rules.numeric_bids()) == list(range(min_bid, highest + 1, bid_step))


# ------------------------------------------------------------------ frozen, keyword-only
def test_rule_config_is_frozen() -> None:
    """A RuleConfig cannot be changed in place; attrs.evolve makes a new one."""
    rules = RuleConfig()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(rules, "target", 500)  # noqa: B010 - assigning on purpose, typed loosely
    assert rules.target == 1000
    assert attrs.evolve(rules, target=500).target == 500


def test_rule_config_is_keyword_only() -> None:
    """RuleConfig takes keyword arguments only."""
    make: Any = RuleConfig
    with pytest.raises(TypeError):
        make(Direction.CLOCKWISE)
    assert RuleConfig(target=500).target == 500


def test_rule_config_is_hashable() -> None:
    """Equal configurations hash alike, so they can key a dict or fill a set."""
    assert hash(RuleConfig()) == hash(RuleConfig.common())
    assert len({RuleConfig(), RuleConfig.common(), RuleConfig.ffb()}) == 2


# ------------------------------------------------------------------ validation
BAD_COMBINATIONS: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    # (id, changes to common(), the fields the message must name)
    ("min_bid above max_bid", {"min_bid": 170}, ("min_bid", "max_bid")),
    ("max_bid off step", {"max_bid": 155}, ("max_bid", "min_bid", "bid_step")),
    ("max_bid at capot", {"max_bid": 250}, ("max_bid",)),
    ("min_bid at capot", {"min_bid": 250, "max_bid": None}, ("min_bid",)),
    ("min_bid zero", {"min_bid": 0}, ("min_bid",)),
    ("bid_step zero", {"bid_step": 0}, ("bid_step",)),
    (
        "surcoinche without coinche",
        {"allow_coinche": False},
        ("allow_surcoinche", "allow_coinche"),
    ),
    ("capot card points 251", {"capot_card_points": 251}, ("capot_card_points",)),
    ("capot card points 162", {"capot_card_points": 162}, ("capot_card_points",)),
    ("deal pattern 3-3-3", {"deal_pattern": (3, 3, 3)}, ("deal_pattern",)),
    ("deal pattern 3-2-2", {"deal_pattern": (3, 2, 2)}, ("deal_pattern",)),
    ("deal pattern with 0", {"deal_pattern": (4, 4, 0)}, ("deal_pattern",)),
    ("deal pattern empty", {"deal_pattern": ()}, ("deal_pattern",)),
    ("deal pattern text", {"deal_pattern": "332"}, ("deal_pattern",)),
    ("target zero", {"target": 0}, ("target",)),
    ("games_to_win zero", {"games_to_win": 0}, ("games_to_win",)),
    ("turned card with a range", {"auction": "turned_card"}, ("auction", "max_bid")),
    ("min_bid as text", {"min_bid": "80"}, ("min_bid",)),
    ("min_bid as float", {"min_bid": 80.0}, ("min_bid",)),
    ("min_bid as bool", {"min_bid": True}, ("min_bid",)),
    ("max_bid as text", {"max_bid": "160"}, ("max_bid",)),
    ("target as text", {"target": "1000"}, ("target",)),
    ("rounding as int", {"rounding": 1}, ("rounding",)),
    ("announcements as None", {"announcements": None}, ("announcements",)),
    ("scoring unknown", {"scoring": "nope"}, ("scoring",)),
    ("scoring as int", {"scoring": 3}, ("scoring",)),
    ("direction unknown", {"direction": "sideways"}, ("direction",)),
    ("first_lead unknown", {"first_lead": "dealer"}, ("first_lead",)),
    ("coinche_timing unknown", {"coinche_timing": None}, ("coinche_timing",)),
    ("auction unknown", {"auction": "poker"}, ("auction",)),
]


@pytest.mark.parametrize(
    ("changes", "fields"),
    [case[1:] for case in BAD_COMBINATIONS],
    ids=[case[0] for case in BAD_COMBINATIONS],
)
def test_impossible_rules_raise_rule_config_error(
    changes: dict[str, Any], fields: tuple[str, ...]
) -> None:
    """attrs.evolve with a bad value or an impossible combination raises
    RuleConfigError (also a ValueError), and the message names every field involved."""
    with pytest.raises(RuleConfigError) as caught:
        attrs.evolve(RuleConfig.common(), **changes)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    for field in fields:
        assert field in message, (field, message)


@pytest.mark.parametrize(
    ("changes", "fields"),
    [
        ({"allow_no_trump": True}, ("allow_no_trump",)),
        ({"allow_all_trump": True}, ("allow_all_trump",)),
        ({"allow_generale": True}, ("allow_generale",)),
        ({"max_bid": None}, ("max_bid",)),
    ],
)
def test_turned_card_auction_names_a_suit_at_a_fixed_value(
    changes: dict[str, Any], fields: tuple[str, ...]
) -> None:
    """Section 8: the classic auction takes the turned suit or names a suit, with a
    target of 82: no no-trump, all-trump or générale, and no bid range."""
    with pytest.raises(RuleConfigError) as caught:
        attrs.evolve(RuleConfig.classic_belote(), **changes)
    for field in fields:
        assert field in str(caught.value)


def test_bad_value_is_named_in_the_message() -> None:
    """The message quotes the bad value itself, not only the field."""
    with pytest.raises(RuleConfigError, match=re.escape("'nope'")):
        attrs.evolve(RuleConfig(), scoring="nope")
    with pytest.raises(RuleConfigError, match=re.escape("'80'")):
        attrs.evolve(RuleConfig(), **cast(dict[str, Any], {"min_bid": "80"}))
    with pytest.raises(RuleConfigError, match="251"):
        attrs.evolve(RuleConfig(), capot_card_points=251)
    with pytest.raises(RuleConfigError, match=re.escape("(3, 3, 3)")):
        attrs.evolve(RuleConfig(), deal_pattern=(3, 3, 3))


@pytest.mark.parametrize("pattern", [(3, 2, 3), (3, 3, 2), (2, 3, 3), (8,), (2, 2, 2, 2)])
def test_deal_patterns_adding_to_eight_are_accepted(pattern: tuple[int, ...]) -> None:
    """Section 2, lines 49-50: packet patterns 3-2-3, 3-3-2, 2-3-3; any packets that add
    up to the eight cards of a hand are a valid pattern."""
    assert attrs.evolve(RuleConfig(), deal_pattern=pattern).deal_pattern == pattern


def test_valid_evolve_keeps_the_other_fields() -> None:
    """attrs.evolve changes the named fields and keeps every other one."""
    rules = attrs.evolve(RuleConfig.ffb(), target=1000, allow_no_trump=True)
    assert rules.target == 1000
    assert rules.allow_no_trump is True
    assert attrs.evolve(rules, target=2000, allow_no_trump=False) == RuleConfig.ffb()


# ------------------------------------------------------------------ bounds of the numeric rules
def test_every_numeric_rule_has_a_sane_range() -> None:
    # a game longer than 100,000 points or 100 games would never end in practice
    with pytest.raises(errors.RuleConfigError, match="target"):
        attrs.evolve(RuleConfig(), target=100_001)
    assert attrs.evolve(RuleConfig(), target=100_000).target == 100_000
    with pytest.raises(errors.RuleConfigError, match="games_to_win"):
        attrs.evolve(RuleConfig(), games_to_win=101)
    # a bid above the bound is refused when read, as a number too high for any bid
    with pytest.raises(errors.NotationError, match="is too high: no bid is above 1000"):
        coinche.parse_call("9" * 5000 + " H")


# ------------------------------------------------------------------ classic scoring
def test_classic_scoring_needs_the_classic_auction_at_82() -> None:
    # seed 001: in ordinary belote the bidding team needs 82, in Coinche the number it
    # named, so classic scoring with numeric bids, or a classic auction at 100, are
    # contradictions
    with pytest.raises(errors.RuleConfigError, match="scoring='classic'"):
        attrs.evolve(RuleConfig(), scoring="classic")
    with pytest.raises(errors.RuleConfigError, match="min_bid"):
        attrs.evolve(RuleConfig.classic_belote(), min_bid=100, max_bid=100)
    assert RuleConfig.classic_belote().min_bid == 82
