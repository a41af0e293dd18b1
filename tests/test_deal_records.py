"""JSON records of deals, games, auctions and views: canonical replays that round-trip.

A ``deal`` record is the rules, the dealer, the dealt hands (deal notation) and the
actions; a ``game`` record the rules, the first dealer, the cards of each deal dealt
and the actions of the match (never the seed: see test_dealt_games.py). Reading one
replays every action with the checked API, so these tests check:

* round trips of every reachable state (hypothesis: random legal play from
  ``Deal.new``, stopped at a random point, with out-of-turn coinches, announcements
  declared or not, belote declared or not), and of games in progress and finished;
* the documented shape of the records;
* tampered records (a card changed, two actions swapped, an action dropped, a hand
  changed, the dealer changed): ``InvalidRecordError`` at the first bad action, with the
  library's error as its cause;
* malformed records (not JSON, bad fields): ``InvalidRecordError`` and nothing else.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche import (
    PASS,
    Announcement,
    AnnouncementKind,
    Auction,
    Card,
    CoincheError,
    Deal,
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
    RuleConfig,
    Seat,
    Strain,
    dumps,
    find_announcements,
    format_deal,
    loads,
    loads_as,
    parse_call,
    parse_deal,
)
from coinche.auction import COINCHE, Bid
from coinche.records import JsonObject, from_data, record_type, to_data

N, E, S, W = Seat
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
