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
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from coinche import (
    CAPOT,
    CARDS,
    GENERALE,
    PRESETS,
    Announcement,
    AnnouncementKind,
    AuctionKind,
    Card,
    CoincheError,
    CoincheTiming,
    CoincheTypeError,
    Contract,
    DealResult,
    Direction,
    FirstLead,
    Hand,
    InvalidDealError,
    NotationError,
    Rank,
    RuleConfig,
    RuleConfigError,
    Scoring,
    Seat,
    Strain,
    Team,
    TeamPoints,
    Trick,
    errors,
    find_announcements,
    records,
    score_deal,
)
from coinche.auction import COINCHE, PASS, SURCOINCHE, Bid, Call, Pass
from coinche.contract import MAX_BID_VALUE
from coinche.errors import InvalidRecordError
from coinche.records import (
    RULE_FIELDS,
    Field,
    Fields,
    JsonObject,
    dumps,
    from_data,
    loads,
    loads_as,
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
def test_bad_deal_records(
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
