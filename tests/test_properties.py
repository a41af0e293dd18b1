"""Property tests: invariants that hold for every deal, under every preset and strain.

Each deal-based property is parametrized over the six presets; within a preset,
hypothesis draws the strain (no trump and all trump are switched on for the presets
that bid, see ``deals.rules_with_strain``), the contract, the hands and the play. The
expected values come from RULES.md, through small oracles written here from its tables,
never from the library's own internals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs
import pytest
from hypothesis import Phase as Stage
from hypothesis import find, given, settings
from hypothesis import strategies as st

from coinche import (
    CARDS,
    COINCHE,
    AuctionKind,
    Card,
    CoincheTiming,
    Contract,
    Deal,
    FirstLead,
    Hand,
    IllegalCardError,
    Phase,
    RuleConfig,
    Seat,
    Strain,
    Suit,
    Team,
    Trick,
    card_points,
    dumps,
    explain_card,
    is_legal_card,
    legal_cards,
    loads,
    round_score,
    score_deal,
    trick_winner,
)
from coinche.auction.classic import parse_any_call
from coinche.records import JsonObject, JsonValue, from_data, to_data
from coinche.testing.deals import PRESET_NAMES, DealCase, deal_cases, seats
from coinche.testing.strategies import deals, finished_deals, rule_configs

# slow: a long suite, which make check-fast leaves out
# compiled: make compiled-test runs it again against the compiled build
pytestmark = [pytest.mark.slow, pytest.mark.compiled]

# ------------------------------------------------------------------ RULES.md oracles
# RULES.md section 1, "Rank (strongest first) and card points", written weakest first
# so that the position in the string is the strength.
TRUMP_ORDER_WEAKEST_FIRST = "78QKTA9J"  # trump suit: J 9 A 10 K Q 8 7, strongest first
PLAIN_ORDER_WEAKEST_FIRST = "789JQKTA"  # plain suit: A 10 K Q J 9 8 7, strongest first

# RULES.md section 1: the four point scales (ranks not listed are worth 0).
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
NO_TRUMP_POINTS = {"A": 19, "T": 10, "K": 4, "Q": 3, "J": 2}
ALL_TRUMP_POINTS = {"J": 14, "9": 9, "A": 6, "T": 5, "K": 3, "Q": 1}
LAST_TRICK_BONUS = 10  # "the last trick adds 10 (dix de der): 162 a deal"
DEAL_CARD_POINTS = 162

ROUNDING_PRESETS = tuple(name for name in PRESET_NAMES if RuleConfig.preset(name).rounding)
NON_TAKER_LEAD_PRESETS = tuple(
    name for name in PRESET_NAMES if RuleConfig.preset(name).first_lead is not FirstLead.TAKER
)


def oracle_points(card: Card, strain: Strain) -> int:
    """What *card* is worth in *strain*, read from RULES.md section 1's scales."""
    letter = card.rank.letter
    if strain is Strain.NO_TRUMP:
        return NO_TRUMP_POINTS.get(letter, 0)
    if strain is Strain.ALL_TRUMP:
        return ALL_TRUMP_POINTS.get(letter, 0)
    if card.suit.letter == strain.code:
        return TRUMP_POINTS.get(letter, 0)
    return PLAIN_POINTS.get(letter, 0)


def oracle_power(card: Card, led: Suit, strain: Strain) -> tuple[int, int]:
    """How strongly *card* competes for a trick whose led suit is *led* (RULES.md section 4).

    "Suit contract: the highest trump if any was played, otherwise the highest card of
    the led suit. No trump: highest of the led suit, plain order. All trump: highest of
    the led suit, trump order." A trump beats the led suit, which beats any discard
    (power (0, 0), which can never win); within a class the rank order decides.
    """
    letter = card.rank.letter
    if strain is Strain.ALL_TRUMP:
        return (1, TRUMP_ORDER_WEAKEST_FIRST.index(letter)) if card.suit is led else (0, 0)
    if strain.is_suit and card.suit.letter == strain.code:
        return (2, TRUMP_ORDER_WEAKEST_FIRST.index(letter))
    if card.suit is led:
        return (1, PLAIN_ORDER_WEAKEST_FIRST.index(letter))
    return (0, 0)


def oracle_winner(trick: Trick, strain: Strain) -> Seat:
    """The seat whose card has the greatest :func:`oracle_power` in a complete trick."""
    led = trick.cards[0].suit
    best = max(range(4), key=lambda pos: oracle_power(trick.cards[pos], led, strain))
    return Seat((int(trick.leader) + best) % 4)


def oracle_card_points(tricks: tuple[Trick, ...], strain: Strain) -> dict[Team, int]:
    """Card points per team, with the 10 for the last trick, from the oracles above."""
    points = dict.fromkeys(Team, 0)
    for trick in tricks:
        winner = oracle_winner(trick, strain)
        points[winner.team] += sum(oracle_points(card, strain) for card in trick.cards)
    points[oracle_winner(tricks[-1], strain).team] += LAST_TRICK_BONUS
    return points


def as_dict(points: Mapping[Team, int]) -> dict[Team, int]:
    """A team mapping as a plain dict, for comparisons with readable failure output."""
    return {team: points[team] for team in Team}


# ------------------------------------------------------------------ the oracles themselves
def test_oracle_scales_sum_to_152() -> None:
    """The oracle's point scales each add up to 152 over a suit set (RULES.md section 1).

    "Every scale sums to 152": for a suit contract, one trump suit (62) and three plain
    suits (3 x 30); in no trump 4 x 38; in all trump 4 x 38.
    """
    for strain in Strain:
        assert sum(oracle_points(card, strain) for card in CARDS) == 152, strain


def test_oracle_winner_on_the_rules_examples() -> None:
    """The trick-winner oracle agrees with hand-worked tricks from RULES.md section 4.

    N: AH 7S KH TH. In spades, East's 7S is the only trump and wins. In hearts, the
    trump order is J 9 A 10 K Q 8 7, so North's ace beats the 10 and king. In all trump
    the same order applies to the led suit (A > 10 > K): North wins. In no trump the
    7S is a discard and the ace of the led suit wins.
    """
    trick = Trick.parse("N: AH 7S KH TH")
    assert oracle_winner(trick, Strain.SPADES) is Seat.EAST
    assert oracle_winner(trick, Strain.HEARTS) is Seat.NORTH
    assert oracle_winner(trick, Strain.ALL_TRUMP) is Seat.NORTH
    assert oracle_winner(trick, Strain.NO_TRUMP) is Seat.NORTH
    # W: 9H 8C JH 7H is West 9H, North 8C, East JH, South 7H. In hearts the jack is
    # the top trump (East); in clubs North's 8C is the only trump; in no trump the
    # jack is above the 9 in plain order too (A 10 K Q J 9 8 7), so East wins.
    trick = Trick.parse("W: 9H 8C JH 7H")
    assert oracle_winner(trick, Strain.HEARTS) is Seat.EAST
    assert oracle_winner(trick, Strain.CLUBS) is Seat.NORTH
    assert oracle_winner(trick, Strain.NO_TRUMP) is Seat.EAST


# ------------------------------------------------------------------ whole random deals
@pytest.mark.parametrize("preset_name", PRESET_NAMES)
@given(data=st.data())
def test_card_points_of_a_deal_add_up(preset_name: str, data: st.DataObject) -> None:
    """The card points of a scored deal add to 162, or to capot_card_points on a capot.

    RULES.md section 1: "the last trick adds 10 (dix de der): 162 a deal"; section 5:
    a capot's card points count 250 (000) or 252 (003, 001), the preset's
    capot_card_points.
    """
    case = data.draw(deal_cases(preset_name))
    result = score_deal(case.contract, case.play(), case.rules)
    total = result.card_points[Team.NORTH_SOUTH] + result.card_points[Team.EAST_WEST]
    if result.capot is None:
        assert total == DEAL_CARD_POINTS
    else:
        assert case.rules.capot_card_points in (250, 252)
        assert total == case.rules.capot_card_points
        assert result.card_points[result.capot] == case.rules.capot_card_points


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
@given(data=st.data())
def test_card_points_match_the_rank_tables(preset_name: str, data: st.DataObject) -> None:
    """Each team's card points equal a count made from RULES.md section 1's tables.

    The oracle finds each trick's winner and adds its cards' values and the 10 for the
    last trick; on a capot the capot team has capot_card_points and the other team 0
    (RULES.md section 5: "Its card points count 250 instead of 162").
    """
    case = data.draw(deal_cases(preset_name))
    tricks = case.play()
    result = score_deal(case.contract, tricks, case.rules)
    expected = oracle_card_points(tricks, case.contract.strain)
    tricks_taken = dict.fromkeys(Team, 0)
    for trick in tricks:
        tricks_taken[oracle_winner(trick, case.contract.strain).team] += 1
    assert as_dict(result.tricks_won) == tricks_taken
    capot = next((team for team in Team if tricks_taken[team] == 8), None)
    assert result.capot is capot
    if capot is not None:
        expected = {capot: case.rules.capot_card_points, capot.other: 0}
    assert as_dict(result.card_points) == expected


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
@given(data=st.data())
def test_legal_cards_is_a_nonempty_subset_of_the_hand(
    preset_name: str, data: st.DataObject
) -> None:
    """At every turn of a deal, legal_cards is non-empty and a subset of the hand.

    RULES.md section 4: every rule restricts which of the player's own cards may be
    played, and each falls back to "any card" when nothing narrower is held.
    """
    case = data.draw(deal_cases(preset_name))
    strain = case.contract.strain

    def check(seat: Seat, hand: Hand, trick: Trick) -> None:
        assert trick.to_move is seat
        legal = legal_cards(hand, trick, strain, case.rules)
        assert len(legal) > 0
        assert legal <= hand
        assert frozenset(legal) <= frozenset(hand)

    case.play(check)


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
@given(data=st.data())
def test_a_legally_played_deal_scores(preset_name: str, data: st.DataObject) -> None:
    """A deal in which every card came from legal_cards scores without error.

    The result is coherent: eight tricks between the two teams, a non-negative whole
    score for each team, and the contract given back unchanged.
    """
    case = data.draw(deal_cases(preset_name))
    result = score_deal(case.contract, case.play(), case.rules)
    assert result.contract == case.contract
    assert result.tricks_won[Team.NORTH_SOUTH] + result.tricks_won[Team.EAST_WEST] == 8
    for team in Team:
        assert isinstance(result.score[team], int)
        assert result.score[team] >= 0


# Rules where the taker leads the first trick (classic belote, FirstLead.TAKER) are left
# out: there score_deal checks that the first trick was led by the taker, so the same
# tricks, led by X, are not a valid deal once X's partner is named taker (it raises
# InvalidDealError). The swap only makes sense where the first lead does not depend on
# who took.
@pytest.mark.parametrize("preset_name", NON_TAKER_LEAD_PRESETS)
@given(data=st.data())
def test_score_does_not_depend_on_which_partner_took(
    preset_name: str, data: st.DataObject
) -> None:
    """Scoring the same tricks with taker X or X's partner gives the same result.

    RULES.md section 6 scores the bidding team ("bidders' total >= V", "bidders V +
    their total"), never one player; générale, the one exception, is not drawn here.
    """
    case: DealCase = data.draw(deal_cases(preset_name))
    tricks = case.play()
    contract = case.contract
    swapped = Contract(
        contract.taker.partner, contract.strain, contract.value, contract.multiplier
    )
    first = score_deal(contract, tricks, case.rules)
    second = score_deal(swapped, tricks, case.rules)
    assert as_dict(second.score) == as_dict(first.score)
    assert second.made == first.made
    assert as_dict(second.card_points) == as_dict(first.card_points)
    assert second.belote == first.belote
    assert as_dict(second.announcement_points) == as_dict(first.announcement_points)
    assert second.capot == first.capot
    assert as_dict(second.tricks_won) == as_dict(first.tricks_won)


def test_taker_lead_presets_are_the_only_ones_left_out() -> None:
    """Only classic_belote (RULES.md section 4: "Seed 001's classic game: the taker
    leads") is excluded from the partner-swap property."""
    assert set(PRESET_NAMES) - set(NON_TAKER_LEAD_PRESETS) == {"classic_belote"}


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
@given(data=st.data())
def test_is_legal_card_agrees_with_legal_cards(preset_name: str, data: st.DataObject) -> None:
    """At every turn, is_legal_card(card) is exactly ``card in legal_cards(...)``.

    Checked for all 32 cards not in the trick: cards outside the hand are never legal.
    """
    case = data.draw(deal_cases(preset_name))
    strain, rules = case.contract.strain, case.rules

    def check(seat: Seat, hand: Hand, trick: Trick) -> None:
        legal = legal_cards(hand, trick, strain, rules)
        for card in CARDS:
            if card in trick.cards:
                continue
            assert is_legal_card(card, hand, trick, strain, rules) is (card in legal), card

    case.play(check)


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
@given(data=st.data())
def test_explain_card_is_none_exactly_for_legal_cards(
    preset_name: str, data: st.DataObject
) -> None:
    """At every turn, explain_card gives None for a legal card and a reason otherwise.

    A card of the hand that legal_cards leaves out, and any card not in the hand, gets a
    non-empty explanation.
    """
    case = data.draw(deal_cases(preset_name))
    strain, rules = case.contract.strain, case.rules

    def check(seat: Seat, hand: Hand, trick: Trick) -> None:
        legal = legal_cards(hand, trick, strain, rules)
        for card in CARDS:
            if card in trick.cards:
                continue
            reason = explain_card(card, hand, trick, strain, rules)
            if card in legal:
                assert reason is None, card
            else:
                assert isinstance(reason, str), card
                assert reason, card

    case.play(check)


@pytest.mark.parametrize("preset_name", ROUNDING_PRESETS)
@given(data=st.data())
def test_rounding_presets_score_multiples_of_ten(preset_name: str, data: st.DataObject) -> None:
    """Under a rounding preset (ffb, pagat) every deal score is a multiple of 10.

    RULES.md section 6: "every deal score to the nearest 10, 5 up" (ffb; pagat "as ffb").
    """
    case = data.draw(deal_cases(preset_name))
    result = score_deal(case.contract, case.play(), case.rules)
    for team in Team:
        assert result.score[team] % 10 == 0, team


def test_the_rounding_presets_are_ffb_and_pagat() -> None:
    """RULES.md section 6: ffb rounds, pagat "as ffb"; the other systems have "none"."""
    assert set(ROUNDING_PRESETS) == {"ffb", "pagat"}


@given(points=st.integers(0, 10_000))
def test_round_score_is_the_nearest_ten_five_up(points: int) -> None:
    """round_score(n) is the multiple of 10 nearest n, a 5 going up (RULES.md section 6).

    So the result r satisfies r - 5 <= n < r + 5.
    """
    rounded = round_score(points)
    assert rounded % 10 == 0
    assert rounded - 5 <= points < rounded + 5


# ------------------------------------------------------------------ single tricks
def complete_tricks() -> st.SearchStrategy[Trick]:
    """A complete trick: a leader and four different cards (legality does not matter)."""
    return st.builds(
        Trick,
        seats(),
        st.lists(st.sampled_from(CARDS), min_size=4, max_size=4, unique=True).map(tuple),
    )


@given(trick=complete_tricks(), strain=st.sampled_from(Strain))
def test_trick_winner_beats_every_other_card(trick: Trick, strain: Strain) -> None:
    """trick_winner names one of the four seats, whose card beats each other card.

    "Beats" is RULES.md section 4's "Who wins a trick", computed by oracle_power from
    the section 1 rank tables; the led card always competes, so the winner's power is
    strictly greater than every other card's.
    """
    winner = trick_winner(trick, strain)
    assert winner in tuple(Seat)
    led = trick.cards[0].suit
    winning_card = trick.cards[(int(winner) - int(trick.leader)) % 4]
    assert trick.seat_of(winning_card) is winner
    for card in trick.cards:
        if card != winning_card:
            assert oracle_power(winning_card, led, strain) > oracle_power(card, led, strain), (
                winning_card,
                card,
            )
    assert winner is oracle_winner(trick, strain)


# ------------------------------------------------------------------ cards and hands
card_sets = st.frozensets(st.sampled_from(CARDS))

SET_OPERATIONS: dict[str, Callable[[Hand, Hand], Hand]] = {
    "|": lambda a, b: a | b,
    "&": lambda a, b: a & b,
    "-": lambda a, b: a - b,
    "^": lambda a, b: a ^ b,
}
FROZENSET_OPERATIONS: dict[str, Callable[[frozenset[Card], frozenset[Card]], frozenset[Card]]] = {
    "|": lambda a, b: a | b,
    "&": lambda a, b: a & b,
    "-": lambda a, b: a - b,
    "^": lambda a, b: a ^ b,
}


@given(left=card_sets, right=card_sets)
def test_hand_set_operations_agree_with_frozenset(
    left: frozenset[Card], right: frozenset[Card]
) -> None:
    """Hand's |, &, -, ^, comparisons, len, in and iteration match frozenset of cards."""
    a, b = Hand(left), Hand(right)
    for symbol, operation in SET_OPERATIONS.items():
        assert frozenset(operation(a, b)) == FROZENSET_OPERATIONS[symbol](left, right), symbol
    assert (a <= b) is (left <= right)
    assert (a < b) is (left < right)
    assert (a >= b) is (left >= right)
    assert (a > b) is (left > right)
    assert (a == b) is (left == right)
    assert (a != b) is (left != right)
    assert a.isdisjoint(b) is left.isdisjoint(right)
    assert a.issubset(b) is left.issubset(right)
    assert a.issuperset(b) is right.issubset(left)
    assert len(a) == len(left)
    assert bool(a) is bool(left)
    for card in CARDS:
        assert (card in a) is (card in left)
    # iteration in index order: clubs, diamonds, hearts, spades; 7 up to A in a suit
    assert list(a) == sorted(left, key=lambda card: card.index)
    if left == right:
        assert hash(a) == hash(b)


@given(card=st.sampled_from(CARDS))
def test_card_text_round_trips(card: Card) -> None:
    """Card.parse(str(card)) is the card (the interned instance), and so is its label."""
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card)) is card
    assert Card.parse(card.label) is card


@given(cards=card_sets)
def test_hand_text_round_trips(cards: frozenset[Card]) -> None:
    """Hand.parse(str(hand)) == hand, for any set of cards including the empty hand."""
    hand = Hand(cards)
    assert Hand.parse(str(hand)) == hand
    assert Hand.from_mask(hand.mask) == hand


@given(
    leader=seats(),
    cards=st.lists(st.sampled_from(CARDS), max_size=4, unique=True),
)
def test_trick_text_round_trips(leader: Seat, cards: list[Card]) -> None:
    """Trick.parse(str(trick)) == trick, from an empty to a complete trick."""
    trick = Trick(leader, tuple(cards))
    assert Trick.parse(str(trick)) == trick


# ======================================================================================
# Property suites over every preset and strain, built on ``coinche.testing.strategies``.
#
# Every test is parametrized over the six presets. Within a preset the rules are drawn
# among the preset itself, the preset with no trump and all trump switched on (for the
# presets that bid), and random variations of the preset (``rule_configs([name])``), so
# that every strain is played; the deals are drawn by ``deals()``: dealt from a shuffled
# deck, then every call and card legal, stopped in any phase. The properties:
#
# * replaying a deal's record, action by action with the checked API, gives the same deal;
# * the JSON round trip of every reachable state (deal, auction, tricks, contract,
#   result, every seat's view) is exact;
# * the card points of a deal add up (162, or the capot card points);
# * the legal actions are never empty before the end, and legal cards lie in the hand;
# * exactly one seat is to move until the end, and none after it;
# * a :class:`~coinche.PlayerView` never holds another seat's unplayed cards;
# * scores are symmetric: turning the table (every seat to the next, or to its partner)
#   turns the scores with it;
# * scores are rounded in the presets that round, and only there.
#
# Each preset gets an equal share of the profile's examples (``tests/conftest.py``).


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
