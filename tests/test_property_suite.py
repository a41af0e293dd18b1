"""Property suites over every preset and strain, built on ``coinche.testing.strategies``.

Every test is parametrized over the six presets. Within a preset the rules are drawn
among the preset itself, the preset with no trump and all trump switched on (for the
presets that bid), and random variations of the preset (``rule_configs([name])``), so
that every strain is played; the deals are drawn by ``deals()``: dealt from a shuffled
deck, then every call and card legal, stopped in any phase. The properties:

* replaying a deal's record, action by action with the checked API, gives the same deal;
* the JSON round trip of every reachable state (deal, auction, tricks, contract,
  result, every seat's view) is exact;
* the card points of a deal add up (162, or the capot card points);
* the legal actions are never empty before the end, and legal cards lie in the hand;
* exactly one seat is to move until the end, and none after it;
* a :class:`~coinche.PlayerView` never holds another seat's unplayed cards;
* scores are symmetric: turning the table (every seat to the next, or to its partner)
  turns the scores with it;
* scores are rounded in the presets that round, and only there.

Each preset gets an equal share of the profile's examples (``tests/conftest.py``).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import Phase as Stage
from hypothesis import find, given, settings
from hypothesis import strategies as st

from coinche import (
    COINCHE,
    PRESETS,
    AuctionKind,
    Card,
    CoincheTiming,
    Deal,
    Hand,
    IllegalCardError,
    Phase,
    RuleConfig,
    Seat,
    Team,
    card_points,
    dumps,
    legal_cards,
    loads,
    round_score,
    score_deal,
)
from coinche.auction.classic import parse_any_call
from coinche.records import JsonObject, JsonValue, from_data, to_data
from coinche.testing.strategies import deals, finished_deals, rule_configs

# slow: a long suite, which make check-fast leaves out
# compiled: make compiled-test runs it again against the compiled build
pytestmark = [pytest.mark.slow, pytest.mark.compiled]

PRESET_NAMES = tuple(PRESETS)
_PROFILE = settings.default
assert _PROFILE is not None
EXAMPLES = max(10, _PROFILE.max_examples // len(PRESET_NAMES))
"""Each preset gets an equal share of the profile's examples."""
per_preset = settings(max_examples=EXAMPLES)
every_preset = pytest.mark.parametrize("name", PRESET_NAMES)


def suite_rules(name: str) -> st.SearchStrategy[RuleConfig]:
    """The preset, the preset with every strain allowed, or a variation of the preset."""
    preset = RuleConfig.preset(name)
    fixed = [preset]
    if preset.auction is AuctionKind.BIDDING:
        fixed.append(attrs.evolve(preset, allow_no_trump=True, allow_all_trump=True))
    return st.one_of(st.sampled_from(fixed), rule_configs([name]))


def result_of(deal: Deal) -> Any:
    result = deal.result
    assert result is not None
    return result


# ------------------------------------------------------------------ records
def replay(record: JsonObject) -> Deal:
    """The deal of *record* rebuilt by hand: its start, then each action, in order."""
    actions = record["actions"]
    assert isinstance(actions, list)
    deal = from_data({**record, "actions": []})
    assert isinstance(deal, Deal)
    for action in actions:
        assert isinstance(action, dict)
        seat = Seat.parse(str(action["seat"]))
        if "call" in action:
            deal = deal.apply_call(seat, parse_any_call(str(action["call"])))
            continue
        assert seat is deal.to_move
        declared = action.get("declare")
        declare = None
        if declared is not None:
            assert isinstance(declared, list)
            declare = [from_data(item) for item in declared]
        deal = deal.apply(
            Card.parse(str(action["card"])),
            declare=declare,  # type: ignore[arg-type]
            belote=bool(action.get("belote", True)),
        )
    return deal


@every_preset
@per_preset
@given(data=st.data())
def test_replaying_a_record_gives_the_same_deal(name: str, data: st.DataObject) -> None:
    deal = data.draw(deals(suite_rules(name)))
    again = replay(to_data(deal))
    assert again == deal
    assert again.history == deal.history
    assert again.legal_actions() == deal.legal_actions()
    assert again.result == deal.result


def states_of(deal: Deal) -> list[object]:
    """Every value a deal holds that has a record: the deal itself and its parts."""
    values: list[object] = [deal, deal.auction, deal.rules, *deal.tricks, *deal.announcements]
    values += [deal.view(seat) for seat in Seat]
    values += [value for value in (deal.trick, deal.contract, deal.result) if value is not None]
    return values


@every_preset
@per_preset
@given(data=st.data())
def test_json_round_trip_of_every_reachable_state_is_exact(name: str, data: st.DataObject) -> None:
    deal = data.draw(deals(suite_rules(name)))
    for value in states_of(deal):
        text = dumps(value)
        back = loads(text)
        assert type(back) is type(value)
        assert back == value
        assert dumps(back) == text


# ------------------------------------------------------------------ card points
@every_preset
@per_preset
@given(data=st.data())
def test_the_card_points_of_a_deal_add_up(name: str, data: st.DataObject) -> None:
    deal = data.draw(finished_deals(suite_rules(name)))
    result = result_of(deal)
    contract = deal.contract
    assert contract is not None
    # 152 in the cards and 10 for the last trick, whatever the strain
    in_cards = sum(card_points(card, contract.strain) for t in deal.tricks for card in t.cards)
    assert in_cards + 10 == 162
    points = dict(result.card_points)
    if result.capot is None:
        assert sum(points.values()) == 162
    else:
        assert points == {result.capot: deal.rules.capot_card_points, result.capot.other: 0}


# ------------------------------------------------------------------ legal actions
@every_preset
@per_preset
@given(data=st.data())
def test_legal_sets_are_non_empty_and_inside_the_hand(name: str, data: st.DataObject) -> None:
    phase = data.draw(st.sampled_from(Phase))
    deal = data.draw(deals(suite_rules(name), phase))
    legal = deal.legal_actions()
    if deal.is_over:
        assert legal == ()
        return
    assert legal
    assert all(deal.is_legal(action) for action in legal)
    seat = deal.to_move
    assert seat is not None
    hand = deal.hand(seat)
    if deal.phase is Phase.AUCTION:
        assert not any(isinstance(action, Card) for action in legal)
        assert not any(deal.is_legal(card) for card in hand)
        return
    contract, trick = deal.contract, deal.trick
    assert contract is not None
    assert trick is not None
    cards = Hand(action for action in legal if isinstance(action, Card))
    assert len(cards) == len(legal)
    assert cards <= hand
    assert cards == legal_cards(hand, trick, contract.strain, deal.rules)
    for card in hand - cards:
        assert not deal.is_legal(card)
        with pytest.raises(IllegalCardError):
            deal.apply(card)


@every_preset
@per_preset
@given(data=st.data())
def test_exactly_one_seat_is_to_move_until_the_end(name: str, data: st.DataObject) -> None:
    deal = data.draw(deals(suite_rules(name)))
    seat = deal.to_move
    assert (seat is None) == deal.is_over
    assert all(deal.view(other).to_move is seat for other in Seat)
    if seat is None:
        return
    others = [other for other in Seat if other is not seat]
    if deal.phase is Phase.PLAY:
        trick = deal.trick
        assert trick is not None
        assert trick.to_move is seat
        for other in others:  # no other seat has a card it may play
            assert not any(deal.is_legal(card) for card in deal.hand(other))
        return
    # in the auction, another seat may only coinche out of turn (pagat's option)
    rules = deal.rules
    out_of_turn = (
        rules.auction is AuctionKind.BIDDING and rules.coinche_timing is CoincheTiming.ANY_TIME
    )
    for other in others:
        calls = deal.auction.legal_calls(other)
        assert calls in ((), (COINCHE,))
        assert out_of_turn or calls == ()


# ------------------------------------------------------------------ views
def cards_in(value: object) -> set[Card]:
    """Every card a value holds, looking into tuples and attrs classes."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, Hand):
        return set(value)
    if isinstance(value, (tuple, list)):
        return set().union(*(cards_in(item) for item in value))
    kind: Any = type(value)
    if attrs.has(kind):
        fields = attrs.fields(kind)
        return set().union(*(cards_in(getattr(value, field.name)) for field in fields))
    return set()


@every_preset
@per_preset
@given(data=st.data())
def test_a_view_never_holds_another_seats_unplayed_cards(name: str, data: st.DataObject) -> None:
    deal = data.draw(deals(suite_rules(name)))
    played = cards_in(deal.tricks) | cards_in(deal.trick)
    announced = cards_in(deal.announcements)
    turned = {deal.turned} if deal.turned is not None else set()
    for seat in Seat:
        view = deal.view(seat)
        assert view.hand == deal.hand(seat)
        shown = cards_in(view) | cards_in(loads(dumps(view)))
        assert shown <= set(view.hand) | played | announced | turned
        for other in Seat:
            if other is not seat:
                assert shown & set(deal.hand(other)) <= announced | turned


# ------------------------------------------------------------------ scores
def turn_table(record: JsonObject, steps: int) -> JsonObject:
    """The record of the same deal with every seat moved *steps* places round the table.

    The deal notation lists the hands from the dealer on, so only its first letter
    changes; every action and every declared announcement moves with its seat.
    """

    def moved(letter: object) -> str:
        return Seat.parse(str(letter)).offset(steps).letter

    hands = str(record["hands"])
    actions = record["actions"]
    assert isinstance(actions, list)
    turned_actions: list[JsonValue] = []
    for action in actions:
        assert isinstance(action, dict)
        action = {**action, "seat": moved(action["seat"])}
        declared = action.get("declare")
        if declared is not None:
            assert isinstance(declared, list)
            announcements: list[JsonValue] = []
            for item in declared:
                assert isinstance(item, dict)
                announcements.append({**item, "seat": moved(item["seat"])})
            action["declare"] = announcements
        turned_actions.append(action)
    return {
        **record,
        "dealer": moved(record["dealer"]),
        "hands": moved(hands[0]) + hands[1:],
        "actions": turned_actions,
    }


@every_preset
@per_preset
@given(data=st.data())
def test_scores_are_symmetric_between_the_seats_of_a_team(name: str, data: st.DataObject) -> None:
    """Moving every seat to its partner's place changes no team's score; moving every
    seat one place on swaps the two teams' scores."""
    deal = data.draw(finished_deals(suite_rules(name)))
    steps = data.draw(st.integers(1, 3))
    turned = from_data(turn_table(to_data(deal), steps))
    assert isinstance(turned, Deal)
    before, after = result_of(deal), result_of(turned)

    def moved(team: Team) -> Team:
        return team.other if steps % 2 else team

    for team in Team:
        assert after.score[moved(team)] == before.score[team]
        assert after.card_points[moved(team)] == before.card_points[team]
        assert after.tricks_won[moved(team)] == before.tricks_won[team]
        assert after.announcement_points[moved(team)] == before.announcement_points[team]
    assert after.made == before.made
    assert after.capot == (None if before.capot is None else moved(before.capot))
    assert after.belote == (None if before.belote is None else moved(before.belote))


def rescored(deal: Deal, rounding: bool) -> Any:
    """The deal scored again, with rounding on or off."""
    contract = deal.contract
    assert contract is not None
    return score_deal(
        contract,
        deal.tricks,
        attrs.evolve(deal.rules, rounding=rounding),
        announcements=deal.announcements,
        belote_declared=deal.belote_declared,
    )


@every_preset
@per_preset
@given(data=st.data())
def test_rounding_only_in_the_rule_sets_that_round(name: str, data: st.DataObject) -> None:
    deal = data.draw(finished_deals(suite_rules(name)))
    exact, rounded = rescored(deal, False), rescored(deal, True)
    for team in Team:
        assert rounded.score[team] == round_score(exact.score[team])
        assert rounded.score[team] % 10 == 0
    assert result_of(deal).score == (rounded if deal.rules.rounding else exact).score


def test_the_presets_that_round_are_ffb_and_pagat() -> None:
    assert {name for name in PRESET_NAMES if RuleConfig.preset(name).rounding} == {
        "ffb",
        "pagat",
    }


@pytest.mark.parametrize("name", ["common", "min82", "classic_belote"])
def test_the_presets_that_do_not_round_score_units(name: str) -> None:
    """Without rounding, some deal scores a number that is not a multiple of 10.

    (Not in ``contract_only``, whose scores are contract values, multiples of 10.)
    """
    deal = find(
        finished_deals(RuleConfig.preset(name)),
        lambda deal: any(points % 10 for points in result_of(deal).score.values()),
        settings=settings(max_examples=2000, database=None, phases=[Stage.generate]),
    )
    assert any(points % 10 for points in result_of(deal).score.values())
