"""JSON records (coinche.records): round trips, the documented format, and bad input.

Round trips are checked for every supported type, with hypothesis drawing the values
(random hands, tricks, contracts, rule sets, announcements, calls, whole played deals).
Every category of malformed record must raise InvalidRecordError with a message naming
the path of the bad field; fuzzing (random text, random JSON, and valid records with
one part replaced by random JSON) checks that nothing but the library's own errors ever
escapes.
"""

from __future__ import annotations

import contextlib
import copy
import json
import pickle
import random
from collections.abc import Callable
from typing import Any, Literal, TypeVar

import attrs
import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from coinche import (
    CAPOT,
    CARDS,
    GENERALE,
    PASS,
    PRESETS,
    Announcement,
    AnnouncementKind,
    Auction,
    AuctionKind,
    Card,
    CoincheError,
    CoincheTiming,
    CoincheTypeError,
    Contract,
    Deal,
    DealResult,
    Direction,
    FirstLead,
    Game,
    Hand,
    IllegalActionError,
    IllegalCallError,
    IllegalCardError,
    InvalidDealError,
    InvalidRecordError,
    NotationError,
    Phase,
    PlayerView,
    Rank,
    RuleConfig,
    RuleConfigError,
    Scoring,
    Seat,
    Strain,
    Team,
    TeamPoints,
    Trick,
    dumps,
    errors,
    find_announcements,
    format_deal,
    loads,
    loads_as,
    parse_call,
    parse_deal,
    records,
    score_deal,
)
from coinche.auction import COINCHE, SURCOINCHE, Bid, Call, Pass
from coinche.contract import MAX_BID_VALUE
from coinche.records import (
    RULE_FIELDS,
    Field,
    Fields,
    JsonObject,
    from_data,
    record_type,
    register,
    to_data,
)
from coinche.testing.deals import (
    CAPOT_TRICKS,
    DealCase,
    contracts,
    deal_cases,
    play_random_deal,
    presets,
    rules_with_strain,
    seats,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# North leads every trick and wins all eight (hearts are trumps): a capot, 250 card
# points, and under the common rules 80 + 250 = 330 for North-South.
CAPOT_RESULT = score_deal(Contract(N, Strain.HEARTS, 80), CAPOT_TRICKS)


def roundtrip(value: object) -> object:
    """loads(dumps(value)), also checking that the text is stable and to_data agrees."""
    text = dumps(value)
    back = loads(text)
    assert dumps(back) == text
    data = to_data(value)
    assert json.loads(json.dumps(data)) == data  # plain JSON data
    assert from_data(data) == value
    return back


# ------------------------------------------------------------------ strategies
cards = st.sampled_from(CARDS)
hands = st.sets(cards).map(Hand)
teams = st.sampled_from(tuple(Team))
strains = st.sampled_from(tuple(Strain))


@st.composite
def tricks(draw: st.DrawFn) -> Trick:
    played = draw(st.lists(cards, unique=True, max_size=4))
    return Trick(draw(seats()), tuple(played))


MULTIPLIERS: tuple[Literal[1, 2, 4], ...] = (1, 2, 4)


@st.composite
def any_contracts(draw: st.DrawFn) -> Contract:
    """Any contract the constructor takes, whether or not some rules allow it."""
    value = draw(st.integers(1, MAX_BID_VALUE) | st.sampled_from([CAPOT, GENERALE]))
    multiplier = draw(st.sampled_from(MULTIPLIERS))
    return Contract(draw(seats()), draw(strains), value, multiplier)


# A few values for each RuleConfig option; random rule sets change a few options of a
# preset and keep the combinations RuleConfig accepts.
RULE_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "direction": st.sampled_from(tuple(Direction)),
    "allow_no_trump": st.booleans(),
    "allow_all_trump": st.booleans(),
    "deal_pattern": st.sampled_from([(3, 2, 3), (3, 3, 2), (2, 3, 3), (4, 4), (8,)]),
    "auction": st.sampled_from(tuple(AuctionKind)),
    "min_bid": st.sampled_from([80, 82, 90, 100]),
    "bid_step": st.sampled_from([10, 5, 1]),
    "max_bid": st.sampled_from([None, 160, 162, 180, 240]),
    "allow_generale": st.booleans(),
    "allow_coinche": st.booleans(),
    "coinche_timing": st.sampled_from(tuple(CoincheTiming)),
    "capot_can_be_coinched": st.booleans(),
    "allow_surcoinche": st.booleans(),
    "first_lead": st.sampled_from(tuple(FirstLead)),
    "partner_master_exemption": st.booleans(),
    "overtrump_on_trump_lead": st.booleans(),
    "overtrump_only_over_opponent": st.booleans(),
    "must_undertrump": st.booleans(),
    "monter": st.booleans(),
    "belote_counts_toward_contract": st.booleans(),
    "belote_requires_declaration": st.booleans(),
    "announcements": st.booleans(),
    "runs_in_trump": st.booleans(),
    "only_best_announcement": st.booleans(),
    "capot_card_points": st.sampled_from([250, 252]),
    "scoring": st.sampled_from(tuple(Scoring)),
    "rounding": st.booleans(),
    "min82_adds_points": st.booleans(),
    "target": st.sampled_from([500, 1000, 1500, 2000, 3000]),
    "games_to_win": st.sampled_from([1, 2]),
}


@st.composite
def rule_configs(draw: st.DrawFn) -> RuleConfig:
    base = draw(presets())
    names = draw(st.lists(st.sampled_from(sorted(RULE_VALUES)), unique=True, max_size=6))
    changes = {name: draw(RULE_VALUES[name]) for name in names}
    try:
        return attrs.evolve(base, **changes)
    except RuleConfigError:
        reject()


_FOUR_RANKS = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)
_RUN_KINDS = {3: AnnouncementKind.TIERCE, 4: AnnouncementKind.QUARTE}


@st.composite
def announcements(draw: st.DrawFn) -> Announcement:
    seat = draw(seats())
    if draw(st.booleans()):
        rank = draw(st.sampled_from(_FOUR_RANKS))
        four = Hand(CARDS[8 * suit + rank] for suit in range(4))
        return Announcement(AnnouncementKind.FOUR_OF_A_KIND, four, seat)
    suit = draw(st.integers(0, 3))
    length = draw(st.integers(3, 8))
    start = draw(st.integers(0, 8 - length))
    run = Hand(CARDS[8 * suit + rank] for rank in range(start, start + length))
    return Announcement(_RUN_KINDS.get(length, AnnouncementKind.QUINTE), run, seat)


@st.composite
def calls(draw: st.DrawFn) -> Call:
    words: list[Call] = [PASS, COINCHE, SURCOINCHE]
    if draw(st.booleans()):
        return draw(st.sampled_from(words))
    value = draw(st.integers(1, 500) | st.sampled_from([CAPOT, GENERALE]))
    return Bid(value, draw(strains))


@st.composite
def deal_results(draw: st.DrawFn) -> DealResult:
    """A random deal played by legal cards and scored, with random declarations."""
    case: DealCase = draw(deal_cases())
    played = case.play()
    rules, strain = case.rules, case.contract.strain
    found = [a for seat in Seat for a in find_announcements(case.hands[seat], strain, rules, seat)]
    declared = draw(st.none() | st.lists(st.sampled_from(found), unique=True) if found else
                    st.none() | st.just([]))  # fmt: skip
    return score_deal(
        case.contract,
        played,
        rules,
        announcements=declared,
        belote_declared=draw(st.booleans()),
    )


# ------------------------------------------------------------------ round trips
@given(cards)
def test_card_roundtrip(card: Card) -> None:
    assert roundtrip(card) is card


@given(hands)
def test_hand_roundtrip(hand: Hand) -> None:
    assert roundtrip(hand) == hand


@given(seats())
def test_seat_roundtrip(seat: Seat) -> None:
    assert roundtrip(seat) is seat


@given(teams)
def test_team_roundtrip(team: Team) -> None:
    assert roundtrip(team) is team


@given(strains)
def test_strain_roundtrip(strain: Strain) -> None:
    assert roundtrip(strain) is strain


@given(tricks())
def test_trick_roundtrip(trick: Trick) -> None:
    assert roundtrip(trick) == trick


@given(any_contracts())
def test_contract_roundtrip(contract: Contract) -> None:
    assert roundtrip(contract) == contract


@given(st.data())
def test_contract_roundtrip_for_the_rules(data: st.DataObject) -> None:
    rules, strain = data.draw(rules_with_strain())
    contract = data.draw(contracts(rules, strain))
    assert roundtrip(contract) == contract


@pytest.mark.parametrize("name", list(PRESETS))
def test_preset_roundtrip(name: str) -> None:
    rules = RuleConfig.preset(name)
    back = roundtrip(rules)
    assert back == rules
    assert isinstance(back, RuleConfig)
    assert back.preset_name == name


@given(rule_configs())
def test_rules_roundtrip(rules: RuleConfig) -> None:
    assert roundtrip(rules) == rules


@given(announcements())
def test_announcement_roundtrip(announcement: Announcement) -> None:
    assert roundtrip(announcement) == announcement


@given(st.integers(-(10**6), 10**6), st.integers(-(10**6), 10**6))
def test_team_points_roundtrip(ns: int, ew: int) -> None:
    assert roundtrip(TeamPoints(ns, ew)) == TeamPoints(ns, ew)


@given(calls())
def test_call_roundtrip(call: Call) -> None:
    assert roundtrip(call) == call


@given(deal_results())
def test_deal_result_roundtrip(result: DealResult) -> None:
    back = roundtrip(result)
    assert isinstance(back, DealResult)
    assert back == result
    assert back.breakdown() == result.breakdown()


def test_deal_result_roundtrip_with_announcements_and_belote() -> None:
    # ffb, hearts: North holds KH QH (belote) and the tierce 7S 8S 9S; East the tierces
    # 7C 8C 9C and 9D TD JD; South the quarte 8H-JH and the tierce TS JS QS; West the
    # tierce QD KD AD: six announcements.
    hands = (
        Hand.parse("KH QH 7S 8S 9S AC TC 7D"),
        Hand.parse("9D TD JD 7C 8C 9C KC QC"),
        Hand.parse("JH 9H AH TH 8H TS JS QS"),
        Hand.parse("7H KS AS 8D QD KD AD JC"),
    )
    rules = RuleConfig.ffb()
    contract = Contract(N, Strain.HEARTS, 100, 2)
    played = play_random_deal(hands, contract, rules, random.Random(7), first_leader=E)
    declared = [
        a for seat in Seat for a in find_announcements(hands[seat], Strain.HEARTS, rules, seat)
    ]
    assert len(declared) == 6
    for announced in (None, declared, declared[:2], []):
        for belote_declared in (True, False):
            result = score_deal(
                contract,
                played,
                rules,
                announcements=announced,
                belote_declared=belote_declared,
            )
            back = roundtrip(result)
            assert back == result
            assert isinstance(back, DealResult)
            assert back.breakdown() == result.breakdown()
            data = to_data(result)
            expected = None if announced is None else [to_data(a) for a in announced]
            assert data["announcements"] == expected
            assert data["belote_declared"] is belote_declared
    assert score_deal(contract, played, rules).belote is Team.NORTH_SOUTH


# ------------------------------------------------------------------ the format
def test_small_values_are_written_as_documented() -> None:
    assert to_data(Card.parse("10h")) == {"type": "card", "code": "TH"}
    assert to_data(Hand.parse("AS JH 9H 7C")) == {"type": "hand", "cards": "7C 9H JH AS"}
    assert to_data(Seat.WEST) == {"type": "seat", "seat": "W"}
    assert to_data(Team.EAST_WEST) == {"type": "team", "team": "EW"}
    assert to_data(Strain.ALL_TRUMP) == {"type": "strain", "strain": "AT"}
    assert to_data(TeamPoints(230, 50)) == {
        "type": "team_points",
        "north_south": 230,
        "east_west": 50,
    }
    assert to_data(PASS) == {"type": "call", "call": "pass"}
    assert to_data(Bid(CAPOT, Strain.SPADES)) == {"type": "call", "call": "capot S"}


def test_trick_contract_and_announcement_format() -> None:
    assert dumps(Trick.parse("E: AH 7S")) == (
        '{"type": "trick", "leader": "E", "cards": ["AH", "7S"]}'
    )
    assert to_data(Contract(S, Strain.NO_TRUMP, GENERALE, 4)) == {
        "type": "contract",
        "taker": "S",
        "strain": "NT",
        "value": "generale",
        "multiplier": 4,
    }
    assert to_data(Contract(E, Strain.CLUBS, CAPOT))["value"] == "capot"
    tierce = Announcement(AnnouncementKind.TIERCE, Hand.parse("QH KH AH"), W)
    assert to_data(tierce) == {
        "type": "announcement",
        "kind": "tierce",
        "cards": "QH KH AH",
        "seat": "W",
    }


def test_rules_record_has_one_field_per_option() -> None:
    options = [field.name for field in attrs.fields(RuleConfig) if field.init]
    data = to_data(RuleConfig.ffb())
    assert list(data) == ["type", *options]
    assert list(RULE_FIELDS) == options
    assert sorted(RULE_VALUES) == sorted(options)  # the random rule sets cover every option
    assert data["direction"] == "counterclockwise"
    assert data["deal_pattern"] == [3, 3, 2]
    assert data["max_bid"] is None
    assert data["scoring"] == "ffb"
    assert data["rounding"] is True


def test_deal_result_record_holds_inputs_then_figures() -> None:
    data: Any = to_data(CAPOT_RESULT)
    assert list(data) == [
        "type",
        "contract",
        "tricks",
        "rules",
        "announcements",
        "belote_declared",
        "score",
        "made",
        "card_points",
        "belote",
        "announcement_points",
        "capot",
        "tricks_won",
    ]
    assert data["type"] == "deal_result"
    assert data["tricks"][0] == {"type": "trick", "leader": "N", "cards": ["JH", "7H", "8H", "9H"]}
    assert data["score"] == {"type": "team_points", "north_south": 330, "east_west": 0}
    assert data["capot"] == "NS"
    assert data["belote"] is None  # K and Q of hearts were played by West and South
    assert data["announcements"] is None
    assert data["belote_declared"] is True


def test_indent_is_passed_to_json() -> None:
    assert dumps(Seat.NORTH, indent=2) == '{\n  "type": "seat",\n  "seat": "N"\n}'


def test_record_types() -> None:
    assert record_type(Card) == "card"
    assert record_type(RuleConfig) == "rules"
    assert record_type(Pass) == "call"
    with pytest.raises(CoincheTypeError, match="int has no record format"):
        record_type(int)


# ------------------------------------------------------------------ reading by hand
def test_deal_result_from_inputs_only() -> None:
    # a record written by hand: the inputs, the rules as a preset, no figures
    data = {
        "type": "deal_result",
        "contract": {
            "type": "contract",
            "taker": "N",
            "strain": "H",
            "value": 80,
            "multiplier": 1,
        },
        "tricks": [to_data(trick) for trick in CAPOT_TRICKS],
        "rules": {"type": "rules", "preset": "common"},
    }
    result = from_data(data)
    assert result == CAPOT_RESULT
    assert isinstance(result, DealResult)
    assert result.breakdown() == CAPOT_RESULT.breakdown()


def test_rules_from_a_preset_with_changes() -> None:
    rules = loads('{"type": "rules", "preset": "ffb", "target": 1000, "max_bid": 160}')
    assert rules == attrs.evolve(RuleConfig.ffb(), target=1000, max_bid=160)
    assert loads('{"type": "rules", "preset": "min82"}') == RuleConfig.min82()


def test_lenient_card_and_seat_text_is_read() -> None:
    trick = loads('{"type": "trick", "leader": "west", "cards": ["10h", "J♥"]}')
    assert trick == Trick(W, (Card.parse("TH"), Card.parse("JH")))
    assert loads('{"type": "team", "team": "north_south"}') is Team.NORTH_SOUTH


def test_loads_as_checks_the_type() -> None:
    assert loads_as(dumps(CAPOT_RESULT), DealResult) == CAPOT_RESULT
    assert loads_as(dumps(PASS), Pass) == PASS
    with pytest.raises(InvalidRecordError, match="expected a 'contract' record, not a 'trick'"):
        loads_as(dumps(CAPOT_TRICKS[0]), Contract)
    with pytest.raises(InvalidRecordError, match="expected a Bid, not a Pass") as info:
        loads_as(dumps(PASS), Bid)
    assert info.value.path == ""
    with pytest.raises(CoincheTypeError, match="int has no record format"):
        loads_as("{}", int)


# ------------------------------------------------------------------ bad records
Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: object) -> Mutation:
    """A mutation setting the field at *path* ("tricks[3].cards[1]") to *value*."""

    def mutate(data: dict[str, Any]) -> None:
        parent, key = _locate(data, path)
        parent[key] = value

    return mutate


def _delete(path: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        parent, key = _locate(data, path)
        del parent[key]

    return mutate


def _locate(data: Any, path: str) -> tuple[Any, Any]:
    keys: list[Any] = []
    for part in path.split("."):
        name, _, rest = part.partition("[")
        keys.append(name)
        keys.extend(int(index) for index in rest.rstrip("]").split("][") if index)
    target = data
    for key in keys[:-1]:
        target = target[key]
    return target, keys[-1]


BAD_TIERCE = {"type": "announcement", "kind": "tierce", "cards": "7H 8H TH", "seat": "N"}
GOOD_TIERCE = {"type": "announcement", "kind": "tierce", "cards": "7S 8S 9S", "seat": "N"}

# (id, mutation of the capot deal's record, path of the error, words of the message,
# type of the library error behind it or None)
BAD_RECORDS: list[tuple[str, Mutation, str, str, type[Exception] | None]] = [
    ("missing field", _delete("contract"), "contract", "missing field", None),
    ("unknown field", _set("extra", 1), "extra", "unknown field in a 'deal_result'", None),
    ("missing option", _delete("rules.target"), "rules.target", "missing field", None),
    ("unknown option", _set("rules.colour", "red"), "rules.colour", "unknown field", None),
    (
        "string for an integer",
        _set("rules.min_bid", "80"),
        "rules.min_bid",
        "expected an integer, not a string ('80')",
        None,
    ),
    (
        "boolean for an integer",
        _set("rules.min_bid", True),
        "rules.min_bid",
        "expected an integer, not true",
        None,
    ),
    (
        "float for an integer",
        _set("rules.target", 1000.0),
        "rules.target",
        "expected an integer, not a number (1000.0)",
        None,
    ),
    (
        "integer for a boolean",
        _set("rules.allow_coinche", 1),
        "rules.allow_coinche",
        "expected true or false, not a number (1)",
        None,
    ),
    (
        "null for a boolean",
        _set("rules.monter", None),
        "rules.monter",
        "expected true or false, not null",
        None,
    ),
    (
        "unknown enum value",
        _set("rules.scoring", "fbb"),
        "rules.scoring",
        "expected one of 'common', 'ffb', 'pagat'",
        None,
    ),
    (
        "string for an array",
        _set("rules.deal_pattern", "323"),
        "rules.deal_pattern",
        "expected an array, not a string ('323')",
        None,
    ),
    (
        "bad array element",
        _set("rules.deal_pattern", [3, "2", 3]),
        "rules.deal_pattern[1]",
        "expected an integer",
        None,
    ),
    (
        "options that do not go together",
        _set("rules.min_bid", 170),
        "rules",
        "min_bid (170) is above max_bid (160)",
        RuleConfigError,
    ),
    (
        "bad deal pattern",
        _set("rules.deal_pattern", [3, 3]),
        "rules",
        "deal_pattern must be positive packet sizes adding up to 8",
        RuleConfigError,
    ),
    (
        "unknown preset",
        _set("rules", {"type": "rules", "preset": "fbb"}),
        "rules.preset",
        "unknown preset 'fbb'",
        RuleConfigError,
    ),
    (
        "bad option beside a preset",
        _set("rules", {"type": "rules", "preset": "ffb", "target": "2000"}),
        "rules.target",
        "expected an integer",
        None,
    ),
    (
        "wrong nested tag",
        _set("rules.type", "contract"),
        "rules",
        "expected a 'rules' record, not a 'contract' record",
        None,
    ),
    ("no tag", _delete("rules.type"), "rules", "the object has no 'type' tag", None),
    ("tag not a string", _set("rules.type", 5), "rules.type", "expected a string", None),
    (
        "string for an object",
        _set("rules", "common"),
        "rules",
        "expected an object with a 'type' tag, not a string ('common')",
        None,
    ),
    (
        "bad card code",
        _set("tricks[3].cards[1]", "ZZ"),
        "tricks[3].cards[1]",
        "cannot read 'ZZ' as a card: unknown rank 'Z'",
        NotationError,
    ),
    (
        "number for a card",
        _set("tricks[3].cards[1]", 31),
        "tricks[3].cards[1]",
        "expected a string, not a number (31)",
        None,
    ),
    (
        "cards as one string",
        _set("tricks[3].cards", "AC 7C 8C 9C"),
        "tricks[3].cards",
        "expected an array",
        None,
    ),
    (
        "five cards in a trick",
        _set("tricks[3].cards", ["AC", "7C", "8C", "9C", "7D"]),
        "tricks[3].cards",
        "a trick holds at most 4 cards, not 5",
        None,
    ),
    (
        "a card twice in a trick",
        _set("tricks[3].cards", ["AC", "AC", "8C", "9C"]),
        "tricks[3]",
        "card AC is played twice in the trick",
        InvalidDealError,
    ),
    (
        "bad seat",
        _set("tricks[0].leader", "X"),
        "tricks[0].leader",
        "cannot read 'X' as a seat",
        NotationError,
    ),
    ("tricks not an array", _set("tricks", {}), "tricks", "expected an array", None),
    (
        "seven tricks",
        lambda data: data["tricks"].pop(),
        "tricks",
        "a finished deal has 8 tricks, not 7",
        None,
    ),
    (
        "a card played twice in the deal",
        _set("tricks[7].cards[0]", "JH"),
        "",
        "trick 8 (N: JH TH KH QH) plays JH again",
        InvalidDealError,
    ),
    (
        "a trick led by the wrong seat",
        _set("tricks[2].leader", "E"),
        "",
        "trick 3 (E: TS JS QS KS) is led by EAST, but NORTH won trick 2",
        InvalidDealError,
    ),
    (
        "string for a contract value",
        _set("contract.value", "100"),
        "contract.value",
        'expected a number, "capot" or "generale", not a string (\'100\')',
        None,
    ),
    (
        "zero contract value",
        _set("contract.value", 0),
        "contract.value",
        "a contract value must be positive, not 0",
        None,
    ),
    (
        "a value the rules do not allow",
        _set("contract.value", 85),
        "",
        "85 is not a bid value: bids go up from 80 in steps of 10",
        InvalidDealError,
    ),
    (
        "bad multiplier",
        _set("contract.multiplier", 3),
        "contract.multiplier",
        "a contract multiplier is 1, 2 or 4, not 3",
        None,
    ),
    (
        "bad strain",
        _set("contract.strain", "X"),
        "contract.strain",
        "cannot read 'X' as a strain",
        NotationError,
    ),
    (
        "announcements not an array",
        _set("announcements", "none"),
        "announcements",
        "expected an array, not a string ('none')",
        None,
    ),
    (
        "unknown announcement kind",
        _set("announcements", [{**GOOD_TIERCE, "kind": "sixte"}]),
        "announcements[0].kind",
        "expected one of 'tierce', 'quarte', 'quinte', 'four_of_a_kind', not 'sixte'",
        None,
    ),
    (
        "not a run",
        _set("announcements", [BAD_TIERCE]),
        "announcements[0]",
        "7H 8H TH is not a run: the ranks are not consecutive",
        InvalidDealError,
    ),
    (
        "announcements where the rules have none",
        _set("announcements", [GOOD_TIERCE]),
        "",
        "announcements are off in these rules, but some were declared",
        InvalidDealError,
    ),
    (
        "string for a flag",
        _set("belote_declared", "yes"),
        "belote_declared",
        "expected true or false, not a string ('yes')",
        None,
    ),
    (
        "a score that was edited",
        _set("score.north_south", 320),
        "score",
        "the record says NS 320, EW 0, but the tricks score NS 330, EW 0",
        None,
    ),
    (
        "made that was edited",
        _set("made", False),
        "made",
        "the record says false, but the tricks score true",
        None,
    ),
    (
        "capot that was edited",
        _set("capot", None),
        "capot",
        "the record says none, but the tricks score NS",
        None,
    ),
    (
        "bad team",
        _set("belote", "XY"),
        "belote",
        "cannot read 'XY' as a team (expected NS or EW)",
        NotationError,
    ),
    (
        "string for points",
        _set("tricks_won.east_west", "0"),
        "tricks_won.east_west",
        "expected an integer, not a string ('0')",
        None,
    ),
]


def _check_error(
    error: InvalidRecordError, path: str, words: str, cause: type[Exception] | None
) -> None:
    assert error.path == path
    where = f" at {path}" if path else ""
    assert str(error).startswith(f"invalid record{where}: ")
    assert words in str(error)
    if cause is None:
        assert error.__cause__ is None or isinstance(error.__cause__, ValueError)
    else:
        assert isinstance(error.__cause__, cause)
        assert str(error.__cause__) in str(error)


@pytest.mark.parametrize(
    ("mutate", "path", "words", "cause"),
    [pytest.param(*case[1:], id=case[0]) for case in BAD_RECORDS],
)
def test_bad_deal_result_records(
    mutate: Mutation, path: str, words: str, cause: type[Exception] | None
) -> None:
    data = to_data(CAPOT_RESULT)
    mutate(data)
    with pytest.raises(InvalidRecordError) as info:
        loads(json.dumps(data))
    _check_error(info.value, path, words, cause)
    with pytest.raises(InvalidRecordError) as again:  # the same through from_data
        from_data(data)
    assert str(again.value) == str(info.value)


BAD_TEXTS: list[tuple[str, str, str, str, type[Exception] | None]] = [
    ("empty", "", "", "not valid JSON: Expecting value: line 1 column 1", ValueError),
    ("cut short", '{"type": "seat", "seat": "N"', "", "not valid JSON", ValueError),
    (
        "extra data",
        '{"type": "seat", "seat": "N"} x',
        "",
        "not valid JSON: Extra data",
        ValueError,
    ),
    ("NaN", '{"type": "team_points", "north_south": NaN, "east_west": 0}', "", "NaN", None),
    ("array", '[{"type": "seat", "seat": "N"}]', "", "expected an object", None),
    ("string", '"TH"', "", "expected an object with a 'type' tag, not a string ('TH')", None),
    ("no tag", '{"code": "TH"}', "", "the object has no 'type' tag", None),
    (
        "unknown tag",
        '{"type": "carte", "code": "TH"}',
        "type",
        "unknown record type 'carte'",
        None,
    ),
    ("tag null", '{"type": null}', "type", "expected a string, not null", None),
    (
        "duplicate key",
        '{"type": "card", "code": "TH", "code": "JH"}',
        "",
        "the key 'code' appears twice in one object",
        None,
    ),
    ("deep", "[" * 100_000, "", "nested too deeply", RecursionError),
    (
        "huge number",
        '{"type": "team_points", "north_south": 1' + "0" * 5000 + ', "east_west": 0}',
        "",
        "not valid JSON",
        ValueError,
    ),
    (
        "bad call",
        '{"type": "call", "call": "double"}',
        "call",
        "cannot read 'double' as a call",
        NotationError,
    ),
    ("hand with a repeat", '{"type": "hand", "cards": "JH JH"}', "cards", "twice", NotationError),
    (
        "top-level card",
        '{"type": "card", "code": "1H"}',
        "code",
        "unknown rank '1'",
        NotationError,
    ),
]


@pytest.mark.parametrize(
    ("text", "path", "words", "cause"),
    [pytest.param(*case[1:], id=case[0]) for case in BAD_TEXTS],
)
def test_bad_texts(text: str, path: str, words: str, cause: type[Exception] | None) -> None:
    with pytest.raises(InvalidRecordError) as info:
        loads(text)
    error = info.value
    assert error.path == path
    assert words in str(error)
    if cause is not None:
        assert isinstance(error.__cause__, cause)


def test_invalid_record_error_is_a_value_error_and_pickles() -> None:
    error = InvalidRecordError("cannot read 'ZZ' as a card", "tricks[3].cards[1]")
    assert isinstance(error, CoincheError)
    assert isinstance(error, ValueError)
    back = pickle.loads(pickle.dumps(error))
    assert (str(back), back.path, back.detail) == (str(error), error.path, error.detail)
    assert str(InvalidRecordError("bad")) == "invalid record: bad"


def test_reading_something_else_than_text() -> None:
    with pytest.raises(CoincheTypeError, match="a record is read from a str, not bytes"):
        loads(b'{"type": "seat", "seat": "N"}')  # type: ignore[arg-type]


def test_writing_what_has_no_record_format() -> None:
    with pytest.raises(CoincheTypeError, match="str has no record format"):
        dumps("JH")
    with pytest.raises(CoincheTypeError, match="bool has no record format"):
        to_data(True)
    with pytest.raises(CoincheTypeError, match="has no record format"):
        to_data(Card.parse_many("JH TH"))


def test_writing_a_result_not_made_by_score_deal() -> None:
    bare = DealResult(
        contract=Contract(N, Strain.HEARTS, 80),
        score=TeamPoints(0, 0),
        made=False,
        card_points=TeamPoints(0, 0),
        belote=None,
        announcement_points=TeamPoints(0, 0),
        capot=None,
        tricks_won=TeamPoints(0, 0),
    )
    with pytest.raises(InvalidDealError, match="only a DealResult made by score_deal"):
        dumps(bare)


# ------------------------------------------------------------------ registering types
@attrs.frozen
class _Note:
    seat: Seat
    text: str


def _write_note(note: _Note) -> JsonObject:
    return {"seat": note.seat.letter, "text": note.text}


def _read_note(fields: Fields) -> _Note:
    seat = fields["seat"].seat()
    text = fields["text"].text()
    if not text:
        raise NotationError("a note needs some text")  # a library error: wrapped
    return _Note(seat, text)


register(_Note, "test_note", _write_note, _read_note)


def test_a_registered_type_round_trips_and_nests() -> None:
    note = _Note(E, "belote")
    assert loads(dumps(note)) == note
    assert loads_as(dumps(note), _Note) == note
    with pytest.raises(InvalidRecordError) as info:
        loads('{"type": "test_note", "seat": "E", "text": ""}')
    assert info.value.path == ""
    assert isinstance(info.value.__cause__, NotationError)
    with pytest.raises(InvalidRecordError, match="at mood: unknown field"):
        loads('{"type": "test_note", "seat": "E", "text": "x", "mood": 1}')


def test_register_refuses_conflicts() -> None:
    with pytest.raises(CoincheTypeError, match="'trick' is already used by Trick"):
        register(_Note, "trick", _write_note, _read_note)
    with pytest.raises(CoincheTypeError, match="register needs a class"):
        register("note", "note2", _write_note, _read_note)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="non-empty str"):
        register(_Note, "", _write_note, _read_note)
    with pytest.raises(CoincheTypeError, match="Pass already has the record type 'call'"):
        register(Pass, "only_pass", _write_note, _read_note)
    # registering the same class again replaces its format, and keeps working
    register(_Note, "test_note", _write_note, _read_note)
    assert record_type(_Note) == "test_note"


def test_field_reading_helpers() -> None:
    assert Field(None, "x").is_null()
    assert Field("NT", "s").strain() is Strain.NO_TRUMP
    assert Field("EW", "t").team() is Team.EAST_WEST
    assert Field([], "a").items() == []
    with pytest.raises(InvalidRecordError, match=r"at a\.b: expected an array, not an object"):
        Field({}, "a.b").items()
    assert "Field(" in repr(Field(1, "x"))


# ------------------------------------------------------------------ fuzzing
def _only_record_errors(call: Callable[[], object]) -> None:
    with contextlib.suppress(InvalidRecordError):
        call()


@given(st.text())
def test_loads_of_any_text_raises_only_invalid_record_error(text: str) -> None:
    _only_record_errors(lambda: loads(text))


TAGS: tuple[str, ...] = ("card", "hand", "seat", "team", "strain", "trick", "contract", "rules")
TAGS += ("announcement", "team_points", "deal_result", "call")
KEYS: tuple[str, ...] = (
    "type",
    "code",
    "cards",
    "seat",
    "team",
    "strain",
    "leader",
    "taker",
    "value",
)
KEYS += ("multiplier", "preset", "kind", "call", "contract", "tricks", "rules")
WORDS: tuple[str, ...] = (
    "TH",
    "JH 9H",
    "N",
    "NS",
    "H",
    "capot",
    "generale",
    "pass",
    "100 H",
    "common",
)
WORDS += ("tierce", "four_of_a_kind", "clockwise", "ffb", *TAGS)

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(WORDS)
)
json_values: st.SearchStrategy[Any] = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), children, max_size=5)
    ),
    max_leaves=20,
)


@given(json_values)
def test_from_data_of_any_json_raises_only_invalid_record_error(data: Any) -> None:
    _only_record_errors(lambda: from_data(data))


@given(st.sampled_from(TAGS), st.dictionaries(st.sampled_from(KEYS), json_values, max_size=6))
def test_tagged_objects_of_random_fields(tag: str, fields: dict[str, Any]) -> None:
    _only_record_errors(lambda: from_data({**fields, "type": tag}))


def _places(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in *data*, for replacing or deleting a part."""
    found: list[tuple[Any, Any]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            found.append((data, key))
            found.extend(_places(value))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.append((data, index))
            found.extend(_places(value))
    return found


SAMPLE_RECORDS: list[JsonObject] = [
    to_data(CAPOT_RESULT),
    to_data(RuleConfig.ffb()),
    to_data(Contract(N, Strain.HEARTS, CAPOT, 2)),
    to_data(Trick.parse("N: AH 7S")),
    to_data(Announcement(AnnouncementKind.TIERCE, Hand.parse("QH KH AH"), W)),
]


@given(st.sampled_from(SAMPLE_RECORDS), st.data())
def test_valid_records_with_one_part_changed(record: JsonObject, data: st.DataObject) -> None:
    mutated = copy.deepcopy(record)
    places = _places(mutated)
    container, key = data.draw(st.sampled_from(places))
    if isinstance(container, dict) and data.draw(st.booleans()):
        del container[key]
    else:
        container[key] = data.draw(json_values)
    _only_record_errors(lambda: loads(json.dumps(mutated)))


# ------------------------------------------------------------------ huge numbers
def test_records_name_a_huge_number_without_printing_it() -> None:
    # JSON reads up to 4300 digits; the message shows the size, not the digits
    with pytest.raises(errors.InvalidRecordError) as caught:
        records.loads('{"type": "seat", "seat": ' + "9" * 4000 + "}")
    assert str(caught.value) == (
        "invalid record at seat: expected a string, not a number (<an int of 4001 digits>)"
    )


# ======================================================================================
# JSON records of deals, games, auctions and views: canonical replays that round-trip.
#
# A ``deal`` record is the rules, the dealer, the dealt hands (deal notation) and the
# actions; a ``game`` record the rules, the first dealer, the cards of each deal dealt
# and the actions of the match (never the seed: see test_dealt_games.py). Reading one
# replays every action with the checked API, so these tests check:
#
# * round trips of every reachable state (hypothesis: random legal play from
#   ``Deal.new``, stopped at a random point, with out-of-turn coinches, announcements
#   declared or not, belote declared or not), and of games in progress and finished;
# * the documented shape of the records;
# * tampered records (a card changed, two actions swapped, an action dropped, a hand
#   changed, the dealer changed): ``InvalidRecordError`` at the first bad action, with the
#   library's error as its cause;
# * malformed records (not JSON, bad fields): ``InvalidRecordError`` and nothing else.


SEATS = (N, E, S, W)

BIDDING_PRESETS = ("common", "ffb", "pagat", "contract_only", "min82")
"""The coinche presets (classic_belote's records: tests/test_classic.py)."""
RULES: tuple[RuleConfig, ...] = (
    *(RuleConfig.preset(name) for name in BIDDING_PRESETS),
    # belote declared by its holder, and the taker leading: options no preset combines
    attrs.evolve(RuleConfig.ffb(), belote_requires_declaration=True),
    attrs.evolve(RuleConfig.pagat(), belote_requires_declaration=True, first_lead=FirstLead.TAKER),
)

State = TypeVar("State", Deal, Game)


# ------------------------------------------------------------------ random legal play
def random_step(state: State, deal: Deal, rng: random.Random) -> State:
    """*state* after one random legal action; *deal* is its current deal.

    In the auction: sometimes an out-of-turn coinche (pagat), often a pass (so that
    deals are thrown in and contracts stay low), else any legal call. In the play: any
    legal card, declaring a random part of the seat's announcements in the first trick,
    and declaring belote or not at random.
    """
    seat = deal.to_move
    assert seat is not None
    if deal.phase is Phase.AUCTION:
        others = [s for s in SEATS if s is not seat and deal.auction.is_legal_call(s, COINCHE)]
        if others and rng.random() < 0.3:
            return state.apply_call(rng.choice(others), COINCHE)
        calls = deal.legal_actions()
        if PASS in calls and rng.random() < 0.5:
            return state.apply(PASS)
        return state.apply(rng.choice(calls))
    card = rng.choice(deal.legal_actions())
    declare: list[Announcement] | None = None
    contract = deal.contract
    assert contract is not None
    if not deal.tricks and deal.rules.announcements and rng.random() < 0.5:
        held = find_announcements(deal.hands[seat], contract.strain, deal.rules, seat)
        declare = rng.sample(held, rng.randint(0, len(held)))
    return state.apply(card, declare=declare, belote=rng.random() < 0.5)


def random_deal(rules: RuleConfig, seed: int, steps: int) -> Deal:
    """A deal of *rules* dealt and played at random for up to *steps* actions."""
    rng = random.Random(seed)
    deal = Deal.new(rng.choice(SEATS), rules, rng)
    for _ in range(steps):
        if deal.is_over:
            break
        deal = random_step(deal, deal, rng)
    return deal


def random_game(rules: RuleConfig, seed: int, steps: int | None = None) -> Game:
    """A game of *rules* played at random for up to *steps* actions (None: to the end)."""
    rng = random.Random(seed)
    game = Game.new(rules, rng.choice(SEATS), rng)
    done = 0
    while not game.is_over and (steps is None or done < steps):
        game = random_step(game, game.deal, rng)
        done += 1
    return game


def finished_deal(rules: RuleConfig | None = None, seed: int = 0) -> Deal:
    """A scored deal (the first seed from *seed* whose random deal is not thrown in)."""
    while True:
        deal = random_deal(rules or RuleConfig.common(), seed, 200)
        if deal.phase is Phase.SCORED:
            return deal
        seed += 1


def round_trip(value: object) -> object:
    """*value* written and read back; the text written again must be the same."""
    text = dumps(value)
    back = loads(text)
    assert dumps(back) == text
    return back


# ------------------------------------------------------------------ round trips
@given(
    rules=st.sampled_from(RULES),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 50),
)
def test_every_reachable_deal_round_trips(rules: RuleConfig, seed: int, steps: int) -> None:
    deal = random_deal(rules, seed, steps)
    back = round_trip(deal)
    assert back == deal
    assert isinstance(back, Deal)
    # the derived state is found again, down to what == does not compare
    assert back.to_move == deal.to_move
    assert back.history == deal.history
    assert back.legal_actions() == deal.legal_actions()
    assert back.result == deal.result
    assert loads_as(dumps(deal), Deal) == deal


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: rules.preset_name or "variant")
def test_deals_in_every_phase_round_trip(rules: RuleConfig) -> None:
    seen: set[Phase] = set()
    thrown = Deal.new(E, rules, random.Random(1))
    for _ in range(4):
        thrown = thrown.apply(PASS)
    assert thrown.phase is Phase.THROWN_IN
    for deal in (Deal.new(N, rules, random.Random(0)), thrown, finished_deal(rules)):
        while True:  # every state of the deal, from the first action to the last
            assert round_trip(deal) == deal
            seen.add(deal.phase)
            if not deal.history:
                break
            deal = replay_prefix(deal, len(deal.history) - 1)
    assert seen == set(Phase)


def replay_prefix(deal: Deal, count: int) -> Deal:
    """*deal* after only its first *count* actions, through its record."""
    record = to_data(deal)
    actions = record["actions"]
    assert isinstance(actions, list)
    record["actions"] = actions[:count]
    back = from_data(record)
    assert isinstance(back, Deal)
    return back


@given(
    rules=st.sampled_from(RULES),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150) | st.none(),
)
def test_games_in_progress_and_finished_round_trip(
    rules: RuleConfig, seed: int, steps: int | None
) -> None:
    game = random_game(attrs.evolve(rules, target=300), seed, steps)
    back = round_trip(game)
    assert back == game
    assert isinstance(back, Game)
    assert back.deals == game.deals
    assert back.is_over == game.is_over
    if steps is None:
        assert game.is_over


def test_a_match_of_several_games_round_trips() -> None:
    rules = attrs.evolve(RuleConfig.contract_only(), target=200)
    assert rules.games_to_win == 2
    game = random_game(rules, 3)
    assert game.is_over
    assert len(game.game_winners) >= 2
    assert round_trip(game) == game
    record = to_data(game)
    actions = record["actions"]
    assert isinstance(actions, list)
    assert len(actions) == sum(len(deal.history) for deal in game.deals)


def test_games_remember_their_deals() -> None:
    game = Game.new(RuleConfig.common(), W, random.Random(0))
    assert game.deals == (game.deal,)
    for _ in range(4):
        game = game.apply(PASS)
    assert len(game.deals) == game.deal_number + 1 == 2
    assert game.deals[0].phase is Phase.THROWN_IN
    assert [seat for seat, _ in game.deals[0].history] == [N, E, S, W]
    game = random_game(attrs.evolve(RuleConfig.common(), target=300), 11)
    assert game.deals[-1] is game.deal
    assert len(game.deals) == game.deal_number + 1
    scored = [deal.result for deal in game.deals if deal.phase is Phase.SCORED]
    assert tuple(scored) == game.results


def test_a_game_built_with_the_constructor() -> None:
    rules = RuleConfig.common()
    reference = Game.new(rules, S, random.Random(5))
    # the state its seed gives: written like any other
    built = Game(rules, reference.seed, reference.deal)
    built = built.apply(built.legal_actions()[1])
    assert round_trip(built) == built
    # a deal its seed does not give is written too: the record holds its cards
    hands = [Hand(Hand.full().cards[8 * i : 8 * i + 8]) for i in range(4)]
    other_hands = Game(rules, reference.seed, Deal.from_hands(S, rules, hands))
    assert round_trip(other_hands) == other_hands
    # earlier deals not known, or totals its deals do not give: not a replay
    later = Game(rules, reference.seed, reference.deal, deal_number=3)
    for game in (later, attrs.evolve(reference, thrown_in=2)):
        with pytest.raises(InvalidDealError, match="a game record replays the game"):
            dumps(game)


def test_other_values_round_trip() -> None:
    deal = random_deal(RuleConfig.pagat(), 4, 20)
    rng = random.Random(0)
    for phase in Phase:
        assert round_trip(phase) is phase
    assert round_trip(deal.auction) == deal.auction
    assert round_trip(Auction.start(W, RuleConfig.ffb())) == Auction.start(W, RuleConfig.ffb())
    for seat in SEATS:
        for state in (deal, finished_deal(RuleConfig.ffb()), Deal.new(S, RuleConfig(), rng)):
            view = state.view(seat)
            back = round_trip(view)
            assert back == view
            assert isinstance(back, PlayerView)
    assert record_type(Deal) == "deal"
    assert record_type(Game) == "game"
    assert record_type(PlayerView) == "player_view"
    assert record_type(Auction) == "auction"
    assert record_type(Phase) == "phase"


# ------------------------------------------------------------------ the documented shape
SPLIT_HANDS = "W:9.A7.KJ.J98 K87.K8.8.AT AQJT.Q.A9.7 .JT9.QT7.KQ"
"""A deal where East holds a tierce (TS JS QS) and South the KC and QC (belote in C)."""


def split_deal(rules: RuleConfig, calls: str) -> Deal:
    """SPLIT_HANDS dealt by West under *rules*, after *calls* (separated by commas)."""
    _, hands = parse_deal(SPLIT_HANDS)
    deal = Deal.from_hands(W, rules, hands)
    for call in calls.split(","):
        deal = deal.apply(parse_call(call))
    return deal


def test_deal_record_shape() -> None:
    deal = split_deal(RuleConfig.common(), "pass,80 S,pass,pass,pass")
    deal = deal.apply(Card.parse("TC"))
    record = to_data(deal)
    assert list(record) == ["type", "rules", "dealer", "hands", "actions"]
    assert record["type"] == "deal"
    assert record["rules"] == to_data(RuleConfig.common())
    assert record["dealer"] == "W"
    assert record["hands"] == SPLIT_HANDS
    assert record["actions"] == [
        {"type": "action", "seat": "N", "call": "pass"},
        {"type": "action", "seat": "E", "call": "80 S"},
        {"type": "action", "seat": "S", "call": "pass"},
        {"type": "action", "seat": "W", "call": "pass"},
        {"type": "action", "seat": "N", "call": "pass"},
        {"type": "action", "seat": "N", "card": "TC"},
    ]
    # the hands may start with any seat, in any case, when written by hand
    _, hands = parse_deal(SPLIT_HANDS)
    record["hands"] = format_deal(S, hands).lower()
    assert from_data(record) == deal


def test_game_record_shape() -> None:
    game = Game.new(RuleConfig.common(), E, random.Random(2))
    for _ in range(4):
        game = game.apply(PASS)
    game = game.apply(Bid(80, Strain.CLUBS))
    record = to_data(game)
    assert list(record) == ["type", "rules", "first_dealer", "deals", "actions"]
    assert record["first_dealer"] == "E"
    # the cards of both deals dealt (the thrown-in one and the one in progress), each
    # in deal notation from its dealer: East, then South
    assert record["deals"] == [
        {
            "type": "dealt",
            "hands": format_deal(deal.dealer, dict(zip(SEATS, deal.hands, strict=True))),
        }
        for deal in game.deals
    ]
    deals: Any = record["deals"]
    assert [d["hands"][0] for d in deals] == ["E", "S"]
    actions: Any = record["actions"]
    seats = [action["seat"] for action in actions]
    assert seats == ["S", "W", "N", "E", "W"]  # the second deal is South's


def test_an_out_of_turn_coinche_is_recorded_with_its_seat() -> None:
    deal = split_deal(RuleConfig.pagat(), "pass,100 S")
    assert deal.to_move is S
    deal = deal.apply_call(N, COINCHE)  # North, out of turn
    record: Any = to_data(deal)
    assert record["actions"][-1] == {"type": "action", "seat": "N", "call": "coinche"}
    assert round_trip(deal) == deal


TIERCE = Announcement(AnnouncementKind.TIERCE, Hand.parse("TS JS QS"), E)


def test_declarations_are_written_when_not_the_default() -> None:
    start = split_deal(RuleConfig.ffb(), "pass,100 S,pass,pass,pass")
    start = start.apply(Card.parse("TC"))  # North leads; East holds a tierce
    assert find_announcements(start.hands[E], Strain.SPADES, start.rules, E) == (TIERCE,)
    default = start.apply(Card.parse("7C"))
    explicit = start.apply(Card.parse("7C"), declare=[TIERCE])
    silent = start.apply(Card.parse("7C"), declare=())
    assert default == explicit
    written: Any = to_data(default)
    assert "declare" not in written["actions"][-1]
    written = to_data(silent)
    assert written["actions"][-1]["declare"] == []
    for deal in (default, silent):
        assert round_trip(deal) == deal
    # an explicit default is read too
    written = to_data(default)
    written["actions"][-1]["declare"] = [to_data(TIERCE)]
    assert from_data(written) == default


def test_belote_not_declared_is_written_on_its_card() -> None:
    rules = attrs.evolve(RuleConfig.common(), belote_requires_declaration=True)
    start = split_deal(rules, "pass,pass,80 C,pass,pass,pass")  # South holds KC QC
    for belote in (True, False):
        deal = start
        while not deal.is_over:
            deal = deal.apply(deal.legal_actions()[0], belote=belote)
        assert deal.belote_declared is belote
        record: Any = to_data(deal)
        flagged = [action for action in record["actions"] if "belote" in action]
        if belote:
            assert flagged == []
        else:
            assert len(flagged) == 1
            assert flagged[0]["seat"] == "S"
            assert flagged[0]["card"] in ("KC", "QC")
            assert flagged[0]["belote"] is False
        assert round_trip(deal) == deal


def test_belote_and_declare_only_where_they_apply() -> None:
    rules = attrs.evolve(RuleConfig.common(), belote_requires_declaration=True)
    deal = split_deal(rules, "pass,pass,80 C,pass,pass,pass")
    deal = deal.apply(Card.parse("TC"))
    record = to_data(deal)
    actions: Any = record["actions"]
    cases: list[tuple[int, dict[str, Any], str]] = [
        (6, {"belote": False}, "belote is declared"),  # TC: not the king or queen
        (0, {"belote": False}, "'declare' and 'belote' go with a card"),
        (0, {"declare": []}, "'declare' and 'belote' go with a card"),
        (6, {"declare": []}, "announcements are off"),
    ]
    for index, extra, words in cases:
        changed: Any = copy.deepcopy(record)
        changed["actions"][index].update(extra)
        error = read_error(changed)
        assert error.path == f"actions[{index}]"
        assert words in error.detail
        assert isinstance(error.__cause__, IllegalActionError)
    assert len(actions) == 7


# ------------------------------------------------------------------ tampered records
def read_error(record: JsonObject) -> InvalidRecordError:
    """The InvalidRecordError that reading *record* raises."""
    with pytest.raises(InvalidRecordError) as info:
        loads(json.dumps(record))
    return info.value


def tamper(deal: Deal, change: Callable[[list[Any]], object]) -> InvalidRecordError:
    record: Any = to_data(deal)
    change(record["actions"])
    return read_error(record)


def test_changing_a_card_fails_at_that_action() -> None:
    deal = finished_deal()
    calls = len(deal.calls)
    index = calls + 2  # the third card of the first trick
    seat, card = deal.history[index]
    someone_else = next(c for c in deal.hands[seat.next] if c != card)

    def change(actions: list[Any]) -> None:
        actions[index]["card"] = someone_else.code

    error = tamper(deal, change)
    assert error.path == f"actions[{index}]"
    assert f"cannot replay '{seat.letter} {someone_else}'" in error.detail
    assert "not in your hand" in error.detail
    assert isinstance(error.__cause__, IllegalCardError)


def test_swapping_two_actions_fails_at_the_first() -> None:
    deal = finished_deal()
    calls = len(deal.calls)

    def swap(i: int, j: int) -> Callable[[list[Any]], None]:
        def change(actions: list[Any]) -> None:
            actions[i], actions[j] = actions[j], actions[i]

        return change

    error = tamper(deal, swap(calls, calls + 1))  # the first two cards
    assert error.path == f"actions[{calls}]"
    assert "turn" in error.detail
    assert isinstance(error.__cause__, IllegalActionError)
    error = tamper(deal, swap(0, 1))  # the first two calls
    assert error.path == "actions[0]"
    assert isinstance(error.__cause__, IllegalCallError)
    error = tamper(deal, swap(calls - 1, calls))  # the last call and the lead
    assert error.path == f"actions[{calls - 1}]"
    assert isinstance(error.__cause__, IllegalActionError)
    assert "the auction is on" in error.detail


def test_dropping_an_action_fails_at_its_place() -> None:
    deal = finished_deal()
    calls = len(deal.calls)
    error = tamper(deal, lambda actions: actions.pop(0))
    assert error.path == "actions[0]"
    assert isinstance(error.__cause__, IllegalCallError)
    error = tamper(deal, lambda actions: actions.pop(calls))
    assert error.path == f"actions[{calls}]"
    assert isinstance(error.__cause__, IllegalActionError)
    # an extra action after the end
    error = tamper(deal, lambda actions: actions.append(actions[-1]))
    assert error.path == f"actions[{len(deal.history)}]"
    assert "the deal is over" in error.detail
    assert isinstance(error.__cause__, IllegalActionError)


def test_changing_a_hand_fails_at_the_first_card_it_breaks() -> None:
    deal = finished_deal()
    calls = len(deal.calls)
    leader, lead = deal.history[calls]
    assert isinstance(lead, Card)
    other = leader.next
    swapped = deal.hands[other].cards[0]
    hands = dict(zip(SEATS, deal.hands, strict=True))
    hands[leader] = hands[leader].remove(lead).add(swapped)
    hands[other] = hands[other].remove(swapped).add(lead)
    record = to_data(deal)
    record["hands"] = format_deal(deal.dealer, hands)
    error = read_error(record)
    assert error.path == f"actions[{calls}]"
    assert isinstance(error.__cause__, IllegalCardError)


def test_changing_the_dealer_fails_at_the_first_call() -> None:
    deal = finished_deal()
    record = to_data(deal)
    record["dealer"] = deal.dealer.next.letter
    error = read_error(record)
    assert error.path == "actions[0]"
    assert "turn" in error.detail
    assert isinstance(error.__cause__, IllegalCallError)


def test_a_tampered_game_fails_at_the_first_bad_action() -> None:
    game = random_game(attrs.evolve(RuleConfig.common(), target=2000), 7, 200)
    # the lead of the first deal after the first one that reached the play
    number = next(n for n, deal in enumerate(game.deals) if n and deal.tricks)
    before = sum(len(deal.history) for deal in game.deals[:number])
    played = game.deals[number]
    index = before + len(played.calls)
    seat, card = played.history[len(played.calls)]
    assert isinstance(card, Card)
    record: Any = to_data(game)
    assert record["actions"][index] == {"type": "action", "seat": seat.letter, "card": card.code}
    record["actions"][index]["seat"] = seat.next.letter
    error = read_error(record)
    assert error.path == f"actions[{index}]"
    assert isinstance(error.__cause__, IllegalActionError)
    # and the game is over: nothing more
    over = random_game(attrs.evolve(RuleConfig.common(), target=300), 2)
    record = to_data(over)
    actions: Any = record["actions"]
    actions.append({"type": "action", "seat": "N", "call": "pass"})
    error = read_error(record)
    assert error.path == f"actions[{len(actions) - 1}]"
    assert "the game is over" in error.detail
    assert isinstance(error.__cause__, IllegalActionError)
    # a game whose deal changed: the cards of deal *number* dealt from the next seat on
    record = to_data(game)
    first, hands = parse_deal(record["deals"][number]["hands"])
    turned = {seat.next: hand for seat, hand in hands.items()}
    record["deals"][number]["hands"] = format_deal(first, turned)
    error = read_error(record)
    assert error.path.startswith("actions[")
    assert int(error.path[8:-1]) >= before  # not before the changed deal


def replay_by_hand(deal: Deal, actions: list[Any]) -> int | Deal:
    """The oracle: the index of the first action the API refuses, or the deal at the end."""
    for index, action in enumerate(actions):
        seat = Seat.parse(action["seat"])
        try:
            if "call" in action:
                deal = deal.apply_call(seat, parse_call(action["call"]))
            else:
                if deal.phase is Phase.PLAY and deal.to_move is not seat:
                    return index
                deal = deal.apply(Card.parse(action["card"]))
        except CoincheError:
            return index
    return deal


@given(
    seed=st.integers(0, 2**32),
    steps=st.integers(1, 50),
    kind=st.sampled_from(("card", "swap", "drop", "seat")),
    data=st.data(),
)
def test_any_tampering_fails_at_the_first_action_the_api_refuses(
    seed: int, steps: int, kind: str, data: st.DataObject
) -> None:
    deal = random_deal(RuleConfig.common(), seed, steps)
    record = to_data(deal)
    actions: Any = record["actions"]
    if not actions:
        return
    index = data.draw(st.integers(0, len(actions) - 1))
    if kind == "card":
        code = data.draw(st.sampled_from(Hand.full().cards)).code
        actions[index] = {"type": "action", "seat": actions[index]["seat"], "card": code}
    elif kind == "swap":
        other = data.draw(st.integers(0, len(actions) - 1))
        actions[index], actions[other] = actions[other], actions[index]
    elif kind == "drop":
        del actions[index]
    else:
        actions[index]["seat"] = data.draw(st.sampled_from(SEATS)).letter
    start = Deal.from_hands(deal.dealer, deal.rules, deal.hands)
    expected = replay_by_hand(start, actions)
    if isinstance(expected, Deal):
        assert from_data(record) == expected
    else:
        error = read_error(record)
        assert error.path == f"actions[{expected}]"
        assert isinstance(
            error.__cause__, (IllegalActionError, IllegalCallError, IllegalCardError)
        )


# ------------------------------------------------------------------ malformed records
def test_records_that_are_not_json() -> None:
    text = dumps(finished_deal())
    for bad in (text[:-1], "N:9.A7.KJ.J98", "", "deal", text.replace('"type"', "type", 1)):
        with pytest.raises(InvalidRecordError, match="not valid JSON") as info:
            loads(bad)
        assert info.value.path == ""


def deal_record() -> JsonObject:
    return to_data(split_deal(RuleConfig.common(), "pass,80 S,pass,pass,pass"))


def with_change(path: tuple[str | int, ...], value: object) -> JsonObject:
    record = deal_record()
    target: Any = record
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return record


DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "where", "words", "cause"),
    [
        (("hands",), "W:9.A7.KJ.J98 K87.K8.8.AT", "hands", "found 2 hands", NotationError),
        (("hands",), DELETE, "hands", "missing field", None),
        (("dealer",), "X", "dealer", "cannot read 'X' as a seat", NotationError),
        (
            # a classic deal record holds five-card hands, a turned card, a stock
            ("rules",),
            {"type": "rules", "preset": "classic_belote"},
            "hands",
            "NORTH holds 8 cards",  # as Deal.from_hands says it: "(its cards), not 5"
            NotationError,
        ),
        (("actions",), {}, "actions", "expected an array", None),
        (("actions", 1), "E 80 S", "actions[1]", "expected an object", None),
        (("actions", 1, "type"), "call", "actions[1]", "expected an 'action' object", None),
        (("actions", 1, "seat"), DELETE, "actions[1].seat", "missing field", None),
        (("actions", 1, "card"), "7C", "actions[1]", "either a 'call' or a 'card'", None),
        (("actions", 1, "call"), DELETE, "actions[1]", "either a 'call' or a 'card'", None),
        (("actions", 1, "call"), "85 S", "actions[1]", "85 is not a bid value", IllegalCallError),
        (("actions", 1, "call"), "eighty", "actions[1].call", "", NotationError),
        (("actions", 1, "colour"), "red", "actions[1].colour", "unknown field", None),
        (("actions", 1, "belote"), "no", "actions[1].belote", "expected true or false", None),
        (
            ("actions", 1, "declare"),
            [{"type": "seat", "seat": "N"}],
            "actions[1].declare[0]",
            "expected a 'announcement' record",
            None,
        ),
        (("colour",), "red", "colour", "unknown field in a 'deal' record", None),
    ],
)
def test_bad_deal_records(
    path: tuple[str | int, ...],
    value: object,
    where: str,
    words: str,
    cause: type[Exception] | None,
) -> None:
    error = read_error(with_change(path, value))
    assert error.path == where
    assert words in error.detail
    if cause is None:
        assert error.__cause__ is None
    else:
        assert isinstance(error.__cause__, cause)


def test_bad_game_auction_and_view_records() -> None:
    game: Any = to_data(Game.new(RuleConfig.common(), N, random.Random(0)))
    game["seed"] = "12"
    assert read_error(game).path == "seed"
    game["seed"] = 12
    game["first_dealer"] = None
    assert read_error(game).path == "first_dealer"
    auction: Any = to_data(split_deal(RuleConfig.common(), "pass,80 S").auction)
    auction["calls"][1]["seat"] = "S"
    error = read_error(auction)
    assert error.path == "calls[1]"
    assert isinstance(error.__cause__, IllegalCallError)
    auction["calls"][1] = {"type": "action", "seat": "E", "card": "7C"}
    assert "expected a call" in read_error(auction).detail
    view: Any = to_data(split_deal(RuleConfig.common(), "pass").view(N))
    view["calls"][0]["declare"] = []
    assert read_error(view).path == "calls[0]"
    view = to_data(split_deal(RuleConfig.common(), "pass").view(N))
    view["phase"] = "bidding"
    assert read_error(view).path == "phase"


SAMPLES: list[JsonObject] = [
    to_data(split_deal(RuleConfig.ffb(), "pass,100 S,pass,pass,pass").apply(Card.parse("TC"))),
    to_data(random_game(attrs.evolve(RuleConfig.pagat(), target=300), 1, 40)),
    to_data(split_deal(RuleConfig.common(), "pass,80 S").view(E)),
]
JUNK = (
    st.none()
    | st.booleans()
    | st.integers(-2, 200)
    | st.sampled_from(
        ("N", "E", "7C", "KH", "pass", "80 S", "coinche", "action", "deal", "", [], {})
    )
)


@given(st.sampled_from(SAMPLES), st.data())
def test_records_with_one_part_changed_raise_only_invalid_record_error(
    record: JsonObject, data: st.DataObject
) -> None:
    mutated = copy.deepcopy(record)
    container, key = data.draw(st.sampled_from(_places(mutated)))
    if isinstance(container, dict) and data.draw(st.booleans()):
        del container[key]
    else:
        container[key] = data.draw(JUNK)
    with contextlib.suppress(InvalidRecordError):
        loads(json.dumps(mutated))
