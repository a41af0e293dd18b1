"""The experimental information-set MCTS card player (coinche.bots.ismcts)."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

import attrs
import pytest
from typing_extensions import override

from coinche import Card, Hand, RuleConfig, Seat, Strain
from coinche.auction import PASS, Bid
from coinche.bots.ismcts import IsmctsPlayer
from coinche.bots.players import GreedyPlayer, Player
from coinche.deal import Deal
from coinche.errors import CoincheTypeError, IllegalCardError, InvalidDealError

_EVERY_STRAIN = attrs.evolve(RuleConfig.common(), allow_no_trump=True, allow_all_trump=True)


def _contract(seed: int, strain: Strain = Strain.SPADES, rules: RuleConfig | None = None) -> Deal:
    deal = Deal.new(Seat.WEST, rules or RuleConfig.common(), random.Random(seed))
    return deal.apply(Bid(80, strain)).apply(PASS).apply(PASS).apply(PASS)


def _play(players: Mapping[Seat, Player], deal: Deal, seed: int) -> list[Card]:
    rng = random.Random(seed)
    cards: list[Card] = []
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        legal = deal.legal_actions()
        card = players[seat].choose(deal.view(seat), legal, rng)
        assert card in legal
        assert isinstance(card, Card)
        cards.append(card)
        deal = deal.apply(card)
    return cards


@pytest.mark.parametrize(
    ("seed", "strain", "rules"),
    [(1, Strain.SPADES, RuleConfig.pagat()), (2, Strain.NO_TRUMP, _EVERY_STRAIN),
     (3, Strain.ALL_TRUMP, _EVERY_STRAIN)],
)  # fmt: skip
def test_it_plays_only_legal_cards_to_the_end_of_a_deal(
    seed: int, strain: Strain, rules: RuleConfig
) -> None:
    """Two ISMCTS players (North and South, small budgets, every leaf kind: playouts
    early, the solver at the end) against GreedyPlayer, with announcements (pagat) and
    in every kind of strain: every card is one of the legal actions, and the deal ends
    after its 32 cards."""
    ismcts = IsmctsPlayer(iterations=40, worlds=4, dd_cards=6)
    greedy = GreedyPlayer()
    players: dict[Seat, Player] = {Seat.NORTH: ismcts, Seat.SOUTH: ismcts, Seat.EAST: greedy,
                                   Seat.WEST: greedy}  # fmt: skip
    assert len(_play(players, _contract(seed, strain, rules), seed)) == 32


def test_the_same_generator_gives_the_same_cards() -> None:
    """Every choice is drawn from the generator: the same seed, the same whole deal;
    its own generator (rng=) replaces the one choose is given."""
    first = IsmctsPlayer(iterations=60, worlds=6)
    second = IsmctsPlayer(iterations=60, worlds=6)
    deal = _contract(5)
    line = _play(dict.fromkeys(Seat, first), deal, 11)
    assert _play(dict.fromkeys(Seat, second), deal, 11) == line
    own = [IsmctsPlayer(iterations=60, worlds=6, rng=random.Random(3)) for _ in range(2)]
    assert _play(dict.fromkeys(Seat, own[0]), deal, 1) == _play(
        dict.fromkeys(Seat, own[1]), deal, 2
    )


def test_card_values_rank_by_visits_and_value_every_card_tried() -> None:
    """North leads the first trick with eight legal cards; with 400 iterations every
    card is tried (a node is expanded for each untried legal card before UCB), the
    list is in decreasing visits and choose plays its first card."""
    deal = _contract(7)
    view, legal = deal.view(Seat.NORTH), deal.legal_actions()
    player = IsmctsPlayer(iterations=400, worlds=8)
    values = player.card_values(view, legal, random.Random(4))
    assert {card for card, _ in values} == set(legal)
    assert not any(math.isnan(value) for _, value in values)
    assert player.choose(view, legal, random.Random(4)) == values[0][0]


class NoDraws(random.Random):
    """A generator that fails when drawn from."""

    @override
    def random(self) -> float:
        raise AssertionError("a draw")

    @override
    def getrandbits(self, k: int, /) -> int:
        raise AssertionError("a draw")


def test_a_single_legal_card_is_played_without_searching() -> None:
    """North's last card: nothing to search (a search draws its worlds: the generator
    given fails at the first draw)."""
    deal = _contract(2)
    while len(deal.legal_actions()) > 1 or deal.to_move is not Seat.NORTH:
        deal = deal.apply(deal.legal_actions()[0])
    legal = deal.legal_actions()
    assert IsmctsPlayer().choose(deal.view(Seat.NORTH), legal, NoDraws()) == legal[0]
    with pytest.raises(AssertionError, match="a draw"):  # the generator does fail
        NoDraws().choice(legal)


def test_the_auction_goes_to_the_bidder() -> None:
    deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0))
    view, legal = deal.view(Seat.NORTH), deal.legal_actions()  # West deals: North first
    rng = random.Random(0)
    assert IsmctsPlayer().choose(view, legal, rng) == GreedyPlayer().choose(view, legal, rng)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": 0}, "iterations must be an int from 1"),
        ({"iterations": True}, "iterations must be an int from 1 to 10000000, not bool"),
        ({"worlds": 0}, "worlds must be an int from 1"),
        ({"dd_cards": 33}, "dd_cards must be an int from 0 to 32, not 33"),
        ({"exploration": -0.5}, "exploration must be a number from 0 to 100, not -0.5"),
        ({"exploration": math.nan}, "exploration must be a number from 0 to 100, not nan"),
        ({"exploration": "1"}, "exploration must be"),
        # no float holds it: float() once let a bare OverflowError out
        ({"exploration": 10**400}, "exploration must be a number from 0 to 100, not <an int"),
        ({"exploration": math.inf}, "exploration must be a number from 0 to 100, not inf"),
        ({"rng": 3}, "rng must be a random.Random or None, not 3"),
        ({"bidder": "greedy"}, r"bidder must be a Player, not str \('greedy'\)"),
        ({"bidder": GreedyPlayer}, "bidder must be a Player, not the class GreedyPlayer"),
    ],
)
def test_bad_options_are_refused_with_the_value(options: dict[str, object], message: str) -> None:
    with pytest.raises(CoincheTypeError, match=message):
        IsmctsPlayer(**options)  # type: ignore[arg-type]


def test_bad_decisions_are_refused_with_the_reason() -> None:
    deal = _contract(3)
    player = IsmctsPlayer(iterations=10)
    legal = deal.legal_actions()
    with pytest.raises(InvalidDealError, match="EAST is not to play"):
        player.card_values(deal.view(Seat.EAST), legal, random.Random(0))
    start = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0))
    with pytest.raises(InvalidDealError, match="play phase only"):
        player.card_values(start.view(Seat.NORTH), start.legal_actions(), random.Random(0))
    with pytest.raises(CoincheTypeError, match="needs a random generator"):
        player.card_values(deal.view(Seat.NORTH), legal, None)
    with pytest.raises(InvalidDealError, match="legal holds no card"):
        player.card_values(deal.view(Seat.NORTH), [PASS], random.Random(0))
    foreign = next(c for c in Hand.parse("7C 8C 9C TC JC QC KC AC").cards if c not in legal)
    with pytest.raises(IllegalCardError):
        player.card_values(deal.view(Seat.NORTH), [*legal, foreign], random.Random(0))
