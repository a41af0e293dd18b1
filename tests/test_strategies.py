"""The public hypothesis strategies of ``coinche.testing.strategies``.

Each strategy draws what its documentation promises (sizes, validity under the rules,
reachability by legal actions), its arguments are checked, it reaches the rare states
it claims to (out-of-turn coinches, declarations left out, thrown-in deals, variations
of the presets), and the strategies are registered for ``st.from_type``: by the entry
point when hypothesis is imported, and by calling the hook by hand.
"""

from __future__ import annotations

import importlib.metadata
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import Phase as Stage
from hypothesis import find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from coinche import (
    CARDS,
    PRESETS,
    Auction,
    AuctionKind,
    Card,
    Contract,
    Deal,
    DealResult,
    Hand,
    Phase,
    PlayerView,
    Rank,
    RuleConfig,
    Seat,
    Strain,
    Suit,
    Team,
    Trick,
    dumps,
    find_announcements,
    format_deal,
    loads,
    parse_deal,
    score_deal,
)
from coinche.testing import strategies
from coinche.testing.deals import play_random_deal
from coinche.testing.strategies import (
    auctions,
    cards,
    contracts,
    deal_results,
    deals,
    deals_of_hands,
    finished_deals,
    hands,
    player_views,
    rule_configs,
    seats,
    strains,
    tricks,
)

# slow: a long suite, which make check-fast leaves out
pytestmark = pytest.mark.slow

RARE = settings(max_examples=3000, database=None, phases=[Stage.generate])
"""For find(): enough examples to reach a rare state, never stored, and no shrinking
(which takes long on whole deals): the first example found is the answer."""

T = TypeVar("T")


def first(strategy: st.SearchStrategy[T], condition: Callable[[T], bool]) -> T:
    """The first example of *strategy* that meets *condition* (not shrunk)."""
    return find(strategy, condition, settings=RARE)


# ------------------------------------------------------------------ small values
@given(cards())
def test_cards_are_the_library_cards(card: Card) -> None:
    assert card in CARDS
    assert CARDS[card.index] is card


@given(st.data())
def test_hands_have_the_size_asked(data: st.DataObject) -> None:
    low = data.draw(st.integers(0, 32))
    high = data.draw(st.integers(low, 32))
    hand = data.draw(hands(low, high))
    assert isinstance(hand, Hand)
    assert low <= len(hand) <= high


@pytest.mark.parametrize(
    ("low", "high"), [(-1, 3), (0, 33), (5, 4), (1.0, 2), ("0", 8), (0, None)]
)
def test_hands_refuse_bad_sizes(low: Any, high: Any) -> None:
    with pytest.raises(InvalidArgument):
        hands(low, high)


@given(deals_of_hands())
def test_deals_of_hands_are_four_disjoint_hands_of_eight(dealt: dict[Seat, Hand]) -> None:
    assert list(dealt) == list(Seat)
    assert all(len(hand) == 8 for hand in dealt.values())
    assert Hand(card for hand in dealt.values() for card in hand) == Hand.full()
    # what the deal notation and Deal.from_hands take
    assert parse_deal(format_deal(Seat.NORTH, dealt))[1] == dealt
    assert Deal.from_hands(Seat.WEST, RuleConfig(), dealt).hands == tuple(dealt.values())


@given(tricks())
def test_tricks_hold_up_to_four_different_cards(trick: Trick) -> None:
    assert len(set(trick.cards)) == len(trick.cards) <= 4
    assert Trick.parse(str(trick)) == trick


def test_tricks_sizes() -> None:
    assert first(tricks(4, 4), lambda trick: True).is_complete
    assert first(tricks(0, 0), lambda trick: True).cards == ()
    for low, high in [(-1, 2), (0, 5), (3, 2)]:
        with pytest.raises(InvalidArgument):
            tricks(low, high)


@given(seats(), strains())
def test_seats_and_strains(seat: Seat, strain: Strain) -> None:
    assert isinstance(seat, Seat)
    assert isinstance(strain, Strain)


@given(st.data(), rule_configs())
def test_strains_are_the_ones_the_rules_allow(data: st.DataObject, rules: RuleConfig) -> None:
    strain = data.draw(strains(rules))
    assert strain.is_suit or (
        rules.allow_no_trump if strain is Strain.NO_TRUMP else rules.allow_all_trump
    )


def test_strains_reach_no_trump_and_all_trump_when_allowed() -> None:
    rules = attrs.evolve(RuleConfig(), allow_no_trump=True, allow_all_trump=True)
    assert first(strains(rules), lambda s: s is Strain.ALL_TRUMP) is Strain.ALL_TRUMP
    with pytest.raises(InvalidArgument):
        strains("common")  # type: ignore[arg-type]


# ------------------------------------------------------------------ rule sets
@given(rule_configs())
def test_rule_configs_are_valid(rules: RuleConfig) -> None:
    # RuleConfig validates on construction: building it again from its fields works
    assert attrs.evolve(rules) == rules
    if rules.auction is AuctionKind.TURNED_CARD:
        assert rules.max_bid == rules.min_bid
        assert not rules.allow_no_trump
        assert not rules.allow_all_trump
        assert not rules.allow_generale


@given(rule_configs(random_combinations=False))
def test_rule_configs_without_combinations_are_presets(rules: RuleConfig) -> None:
    assert rules.preset_name in PRESETS


@given(rule_configs(["ffb", "min82"], random_combinations=False))
def test_rule_configs_of_some_presets(rules: RuleConfig) -> None:
    assert rules.preset_name in ("ffb", "min82")


def test_rule_configs_vary_every_kind_of_option() -> None:
    """Variations reach options of every type, and shrink back toward a preset."""
    conditions: list[Callable[[RuleConfig], bool]] = [
        lambda r: r.preset_name is None,
        lambda r: r.max_bid is None and r.scoring.value == "common",
        lambda r: r.bid_step == 5,
        lambda r: r.deal_pattern not in ((3, 2, 3), (3, 3, 2), (2, 3, 3)),
        lambda r: r.auction is AuctionKind.TURNED_CARD and r.scoring.value != "classic",
        lambda r: r.target not in (500, 1000, 1500, 2000, 3000),
        lambda r: r.games_to_win == 3,
        lambda r: r.capot_card_points == 252 and not r.announcements,
    ]
    for condition in conditions:
        rules = first(rule_configs(), condition)
        assert condition(rules)


def test_rule_configs_refuse_unknown_presets() -> None:
    for bad in (["commn"], [], "common"):
        with pytest.raises(InvalidArgument):
            rule_configs(bad)


# ------------------------------------------------------------------ contracts
@given(st.data())
def test_contracts_are_allowed_by_their_rules(data: st.DataObject) -> None:
    """score_deal accepts the contract, on eight tricks played from the taker's lead."""
    rules = data.draw(rule_configs())
    contract = data.draw(contracts(rules))
    hands_ = tuple(data.draw(deals_of_hands()).values())
    seed = data.draw(st.integers(0, 2**16))
    tricks_ = play_random_deal(
        (hands_[0], hands_[1], hands_[2], hands_[3]),
        contract,
        rules,
        random.Random(seed),
        first_leader=contract.taker,
    )
    assert score_deal(contract, tricks_, rules).contract == contract


@given(contracts())
def test_contracts_of_any_rules(contract: Contract) -> None:
    assert contract.multiplier in (1, 2, 4)


def test_contracts_reach_the_special_values() -> None:
    ffb = RuleConfig.ffb()
    assert first(contracts(ffb), lambda c: c.is_capot and c.multiplier == 4).is_capot
    pagat = RuleConfig.pagat()  # a capot bid cannot be coinched in pagat
    with pytest.raises(Exception, match="No examples"):
        first(contracts(pagat), lambda c: c.is_capot and c.multiplier > 1)
    generale = attrs.evolve(ffb, allow_generale=True)
    assert first(contracts(generale), lambda c: c.is_generale).is_generale


# ------------------------------------------------------------------ auctions
@given(auctions())
def test_auctions_are_reached_by_legal_calls(auction: Auction) -> None:
    # replaying the calls checks each of them, out-of-turn coinches included
    assert Auction.replay(auction.dealer, auction.rules, auction.calls) == auction
    assert (auction.contract is not None) == (auction.is_over and not auction.thrown_in)


def test_auctions_reach_every_ending() -> None:
    common = RuleConfig.common()
    assert first(auctions(common), lambda a: a.thrown_in).thrown_in
    found = first(
        auctions(common), lambda a: a.contract is not None and a.contract.multiplier == 4
    )
    assert found.contract is not None
    assert found.contract.multiplier == 4


def out_of_turn(deal_or_auction: Deal | Auction) -> bool:
    """Whether one of the calls was made by a seat that was not to move."""
    auction = deal_or_auction.auction if isinstance(deal_or_auction, Deal) else deal_or_auction
    assert isinstance(auction, Auction)
    replayed = Auction.start(auction.dealer, auction.rules)
    for seat, call in auction.calls:
        if seat is not replayed.to_move:
            return True
        replayed = replayed.apply(seat, call)
    return False


def test_auctions_and_deals_reach_out_of_turn_coinches() -> None:
    pagat = RuleConfig.pagat()
    assert out_of_turn(first(auctions(pagat), out_of_turn))
    assert out_of_turn(first(deals(pagat, Phase.PLAY), out_of_turn))


def test_auctions_refuse_the_turned_card_auction() -> None:
    with pytest.raises(InvalidArgument):
        auctions(RuleConfig.classic_belote())
    with pytest.raises(InvalidArgument):
        auctions("common")  # type: ignore[arg-type]


@given(auctions(rule_configs(["pagat", "classic_belote"])))
def test_auctions_of_a_strategy_keep_the_bidding_rule_sets(auction: Auction) -> None:
    assert auction.rules.auction is AuctionKind.BIDDING


# ------------------------------------------------------------------ deals
@pytest.mark.parametrize("phase", list(Phase))
@settings(max_examples=25)
@given(data=st.data())
def test_deals_are_in_the_phase_asked(phase: Phase, data: st.DataObject) -> None:
    deal = data.draw(deals(phase=phase))
    assert deal.phase is phase
    if phase is Phase.SCORED:
        assert deal.result is not None
    if phase is Phase.PLAY:
        assert 0 <= sum(len(trick.cards) for trick in deal.tricks) < 32


@settings(max_examples=50)
@given(deals())
def test_deals_are_reached_by_legal_actions(deal: Deal) -> None:
    """The deal's own record replays every action with the checked API."""
    assert loads(dumps(deal)) == deal


def test_deals_of_given_rules() -> None:
    ffb = RuleConfig.ffb()
    assert first(deals(ffb), lambda d: True).rules == ffb
    with pytest.raises(InvalidArgument):
        deals(phase="play")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        deals(ffb, phase=3)  # type: ignore[arg-type]


def declared_fewer(deal: Deal) -> bool:
    """Whether some seat declared fewer announcements than it held."""
    contract = deal.contract
    if contract is None or not deal.tricks:
        return False
    first = deal.tricks[0]
    held = sum(
        len(find_announcements(deal.hands[seat], contract.strain, deal.rules, seat))
        for seat in first.leader.cycle()
    )
    return len(deal.announcements) < held


def test_deals_reach_the_choices_of_the_players() -> None:
    ffb = RuleConfig.ffb()
    assert declared_fewer(first(deals(ffb, Phase.SCORED), declared_fewer))
    on_declaration = attrs.evolve(ffb, belote_requires_declaration=True)

    def belote_kept(deal: Deal) -> bool:
        result = deal.result
        contract = deal.contract
        if result is None or contract is None or not contract.strain.is_suit:
            return False
        trump = contract.strain.trump_suit
        assert trump is not None
        belote = Hand([Card(Rank.KING, trump), Card(Rank.QUEEN, trump)])
        together = any(belote <= hand for hand in deal.hands)
        return together and not deal.belote_declared

    found = first(deals(on_declaration, Phase.SCORED), belote_kept)
    assert found.result is not None
    assert found.result.belote is None


def test_deals_reach_the_turned_card_auction() -> None:
    """Classic belote's deals are drawn too: dealt with a turned card (RULES.md
    section 8), taken in the turned-card auction and scored."""
    classic = RuleConfig.classic_belote()
    deal = first(deals(classic, Phase.SCORED), lambda d: True)
    assert deal.rules == classic
    assert deal.turned is not None
    assert deal.result is not None


@settings(max_examples=30)
@given(finished_deals(), deal_results())
def test_finished_deals_and_results(deal: Deal, result: DealResult) -> None:
    assert deal.phase is Phase.SCORED
    assert len(deal.tricks) == 8
    assert isinstance(result, DealResult)
    assert sum(result.tricks_won.values()) == 8


@settings(max_examples=30)
@given(player_views())
def test_player_views(view: PlayerView) -> None:
    assert isinstance(view, PlayerView)
    assert len(view.hand) <= 8


# ------------------------------------------------------------------ registration
REGISTERED: list[type] = [
    Card,
    Hand,
    Suit,
    Rank,
    Strain,
    Seat,
    Team,
    Trick,
    RuleConfig,
    Contract,
    Auction,
    Deal,
    PlayerView,
    DealResult,
]


@pytest.mark.parametrize("kind", REGISTERED, ids=lambda kind: kind.__name__)
def test_from_type_draws_each_registered_type(kind: type) -> None:
    strategies._hypothesis_setup_hook()  # again: it does no harm
    value: object = first(st.from_type(kind), lambda value: True)
    assert isinstance(value, kind)


def test_the_entry_point_is_installed() -> None:
    hooks = importlib.metadata.entry_points(group="hypothesis")
    assert "coinche.testing.strategies:_hypothesis_setup_hook" in {hook.value for hook in hooks}


@pytest.mark.parametrize(
    "first_import",
    ["import hypothesis", "import coinche.testing.strategies", "from coinche import Card"],
)
def test_importing_hypothesis_registers_the_strategies(first_import: str) -> None:
    """In a fresh interpreter, whatever is imported first (no warning either)."""
    code = (
        f"{first_import}\n"
        "from hypothesis import Phase, find, settings, strategies as st\n"
        "from coinche import Deal, Hand\n"
        "fast = settings(database=None, phases=[Phase.generate])\n"
        "hand = find(st.from_type(Hand), lambda hand: len(hand) > 1, settings=fast)\n"
        "deal = find(st.from_type(Deal), lambda deal: deal.is_over, settings=fast)\n"
        "print(type(hand).__name__, deal.is_over)\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["Hand", "True"]


def test_the_core_package_never_imports_hypothesis() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        "import coinche\n"
        "for module in pkgutil.iter_modules(coinche.__path__, 'coinche.'):\n"
        "    if not module.name.startswith(('coinche.testing', 'coinche.__main__')):\n"
        "        importlib.import_module(module.name)\n"
        "print(sorted(name for name in sys.modules\n"
        "             if name.startswith(('hypothesis', 'coinche.testing'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
