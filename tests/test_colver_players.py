"""colver's agents as players of this library (coinche.testing.colver.ColverPlayer).

The player drives a colver engine in step with our deal and compares both engines'
legal actions at every turn; these tests play a few deals with it and check the
mapping of calls, the book of deals and the checks themselves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs
import pytest

from coinche import CAPOT, RuleConfig, Seat, Strain
from coinche.auction import COINCHE, PASS, SURCOINCHE, Bid
from coinche.bots.players import GreedyPlayer, Player, play_deal
from coinche.deal import Action, Deal, Phase, PlayerView
from coinche.errors import InvalidDealError, NotationError
from coinche.scale.arena import duplicate_match, match_deals
from coinche.scoring import score_deal
from coinche.testing.colver import (
    RULES,
    ColverPlayer,
    DealBook,
    EnginesDisagree,
    _Follow,
    agent_spec,
    from_action,
    to_action,
)

if TYPE_CHECKING:
    import colver
else:
    colver = pytest.importorskip("colver", reason="colver (the test dependency group) is needed")


def test_every_call_and_card_maps_both_ways() -> None:
    calls = [to_action(number, False) for number in range(43)]
    cards = [to_action(number, True) for number in range(32)]
    assert [from_action(action) for action in calls] == list(range(43))
    assert [from_action(action) for action in cards] == list(range(32))
    # colver names its calls; ours must be the same bid: 80 to 160 by ten, then capot
    for number, action in enumerate(calls):
        name = colver.Env.action_name(number, 0)
        if isinstance(action, Bid):
            value = "Capot" if action.value is CAPOT else str(action.value)
            assert action.strain.trump_suit is not None
            assert name == value + action.strain.trump_suit.symbol
    assert (calls[0], calls[41], calls[42]) == (PASS, COINCHE, SURCOINCHE)
    assert len(set(cards)) == 32


def test_actions_colver_lacks_are_refused() -> None:
    for action in (Bid(80, Strain.NO_TRUMP), Bid(170, Strain.HEARTS), Bid(85, Strain.CLUBS)):
        with pytest.raises(NotationError, match="colver has no action"):
            from_action(action)
    with pytest.raises(NotationError, match="colver has no call 43"):
        to_action(43, False)
    with pytest.raises(NotationError, match="colver has no card 32"):
        to_action(32, True)


def test_agent_names() -> None:
    assert 'strategy = "improved"' in agent_spec("v1+isdd:5")
    assert 'method = "smart_ismcts"\ntime_ms = 30' in agent_spec("maxi+ismcts:30")
    for bad in ("v2", "v2+isdd", "v2+isdd:0", "v2+oracle", "v2+heuristic:3", "x+rule"):
        with pytest.raises(NotationError, match="colver agent"):
            agent_spec(bad)
    # every name it writes is a spec colver builds an agent from
    for name in ("v2+isdd:20", "v1+rule", "v3+heuristic", "smart+ismcts:10", "maxi+rule"):
        colver.Agent(agent_spec(name), 1, 0)


def test_the_book_finds_a_deal_from_one_seat_mid_play() -> None:
    deals = match_deals(5, RULES, seed=3)
    book = DealBook(deals)
    assert len(book) == 5
    deal = deals[2].apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    for _ in range(10):  # two tricks and two cards of the third
        deal = deal.apply(deal.legal_actions()[0])
    truth = tuple(deals[2].hand(seat).mask for seat in Seat)
    assert all(book.hands(deal.view(seat)) == truth for seat in Seat)
    other = match_deals(1, RULES, seed=4)[0]
    with pytest.raises(InvalidDealError, match="no deal of the book"):
        book.hands(other.view(Seat.NORTH))


class Coincher:
    """Coinches whenever it may, else passes; plays GreedyPlayer's cards."""

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase is Phase.AUCTION:
            return COINCHE if COINCHE in legal else PASS
        return GreedyPlayer().choose(view, legal, rng)


def test_colver_plays_whole_deals_scored_by_the_library() -> None:
    deals = match_deals(6, RULES, seed=11)
    player = ColverPlayer("v2+heuristic", DealBook(deals))
    coincher: Player = Coincher()
    coinched = 0
    for deal in deals:
        players = {seat: player if seat.team == 0 else coincher for seat in Seat}
        done = play_deal(deal, players, random.Random(0))
        assert done.is_over
        if done.result is None or done.contract is None:
            continue
        # the score is the library's: the tricks played, scored again by score_deal
        again = score_deal(done.contract, done.tricks, RULES, announcements=())
        assert again.score == done.result.score
        coinched += done.contract.multiplier == 2
    # colver's v2 opened in some deals and East-West coinched each of those: colver's
    # auction gave the coincher's partner a pass our auction has not, made for it
    assert coinched >= 1
    assert player.forced >= coinched
    # every turn up to the colver seats' last decision was compared: at least the
    # calls and the 7 first tricks of each deal played
    assert player.compared >= 6 * 4


def test_a_duplicate_match_against_colver() -> None:
    deals = 3
    book = DealBook(match_deals(deals, RULES, seed=2))
    match = duplicate_match(ColverPlayer("v2+isdd:2", book), GreedyPlayer(), deals, RULES, seed=2)
    assert len(match.deals) == deals
    for played in match.deals:
        assert all(table.is_over for table in played.tables)


def test_a_difference_between_the_engines_stops_the_player() -> None:
    deal = match_deals(1, RULES, seed=5)[0]
    hands = tuple(deal.hand(seat).mask for seat in Seat)
    dealt = [sorted(from_action(card) for card in deal.hand(seat)) for seat in Seat]
    env = colver.Env.deal_with_hands(int(deal.dealer), dealt)
    player = ColverPlayer("v2+rule", DealBook([deal]))

    class Fewer:  # colver's engine, with one call fewer than ours
        def __getattr__(self, name: str) -> object:
            return getattr(env, name)

        def legal_actions(self) -> list[int]:
            return env.legal_actions()[:-1]

    four = (hands[0], hands[1], hands[2], hands[3])
    follow = _Follow(four, deal, Fewer(), None)  # type: ignore[arg-type]
    # colver's last call at the start of an auction is capot in clubs (number 40)
    with pytest.raises(EnginesDisagree, match=r"legal only here \['capot C'\]"):
        player._compare(follow)


def test_other_rules_are_refused() -> None:
    rules = attrs.evolve(RuleConfig.ffb(), announcements=False)  # no bid ceiling
    deal = Deal.new(Seat.NORTH, rules, random.Random(0))
    player = ColverPlayer("v2+rule", DealBook([deal]))
    with pytest.raises(InvalidDealError, match="only colver's rules"):
        player.choose(deal.view(Seat.EAST), deal.legal_actions(), random.Random(0))
