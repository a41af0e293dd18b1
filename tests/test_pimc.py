"""PimcPlayer (coinche.bots.pimc): its objectives, search budget and kept worlds, and its
card choices checked against brute force, against reasoning and in duplicate_match."""

from __future__ import annotations

import itertools
import random
import statistics

import attrs
import pytest
from typing_extensions import override

from coinche.auction import PASS, Bid, Coinche
from coinche.bots.pimc import (
    _played,
    _score_difference,
    _score_fields,
    _shared_credits,
    _world_position,
)
from coinche.bots.players import GreedyPlayer, PimcPlayer, RandomPlayer
from coinche.bots.sampling import Sampler, replay
from coinche.bots.solver import best_line, solve_cards
from coinche.cards import CARDS, Card, Hand, Strain
from coinche.config import RuleConfig
from coinche.deal import Deal, Phase, PlayerView
from coinche.errors import CoincheError, CoincheTypeError, IllegalCardError, InvalidDealError
from coinche.scale.arena import duplicate_match
from coinche.seats import Seat
from coinche.testing.deals import deal_in_play


def _masks(*hands: str) -> tuple[int, int, int, int]:
    m = [Hand.parse(h).mask for h in hands]
    return m[0], m[1], m[2], m[3]


def contract_in_doubt() -> PlayerView:
    """North's view two tricks from the end of 80 clubs by North, FFB rules without
    announcements, no belote (the king and queen of clubs were dealt apart).

    Six tricks gave North-South 79 card points, East-West 53: 30 are left (KS 4, QS 3,
    TD 10, QD 3, and the last trick's 10). North holds 7D KS and leads; no trump is
    left. The hidden cards are 8H 7S 9S QS TD QD; West trumped the fifth trick (a
    heart lead), so West has no heart."""
    hands = [Hand.parse(text) for text in (
        "7C AC 7D AD 9H AH TS KS", "QC 8D KD 8H TH KH 7S AS",
        "JC KC JD 7H JH 8S 9S QS", "8C 9C TC 9D TD QD QH JS",
    )]  # fmt: skip
    rules = attrs.evolve(RuleConfig.ffb(), announcements=False)
    deal = Deal.from_hands(Seat.WEST, rules, hands)
    deal = deal.apply(Bid(80, Strain.CLUBS)).apply(PASS).apply(PASS).apply(PASS)
    play = "7C QC JC 9C KC TC AC 8D TS AS 8S JS KH JH QH 9H TH 7H 8C AH 9D AD KD JD"
    for code in play.split():
        deal = deal.apply(Card.parse(code))
    assert deal.to_move is Seat.NORTH
    assert deal.position is not None
    assert deal.position.points == (79, 53)
    return deal.view(Seat.NORTH)


# Two deals that agree with North's view (hands as they stand, by seat from North)
WORLD_1 = _masks("7D KS", "TD 8H", "QD 7S", "QS 9S")
WORLD_2 = _masks("7D KS", "8H QD", "QS 7S", "9S TD")


class TwoWorlds(PimcPlayer):
    """A PimcPlayer that imagines only WORLD_1 and WORLD_2, in turn."""

    @override
    def _draw_world(
        self, sampler: Sampler, rng: random.Random, view: PlayerView
    ) -> tuple[int, int, int, int]:
        return WORLD_1 if rng.random() < 0.5 else WORLD_2


def test_the_score_objective_makes_the_contract_the_points_objective_loses() -> None:
    """Worked by hand. North-South need 82 (FFB: at least 80, and more than the
    defenders' 80): 3 card points more than their 79. Made, they score 80 plus their
    points and East-West their points, each rounded to the ten (FFB); failed,
    East-West score 160 + 80 = 240 and North-South nothing.

    World 1 (East TD 8H, South QD 7S, West QS 9S):
    - lead 7D: East's TD takes it over South's QD (West discards 9S): 13 to East-West;
      East then leads 8H, the only heart, and wins the last trick (KS QS 7S): 17.
      North-South stay at 79: failed, -240 for North-South.
    - lead KS: it holds (West plays 9S, keeping QS, East discards 8H): 4 points, 83.
      The 7D then loses to TD (QD, QS, and the 10 to East-West): made, 83 -> 163 -> 160
      against 79 -> 80: +80.
    World 2 (East 8H QD, South QS 7S, West 9S TD):
    - lead 7D: East's QD, South discards 7S, West's TD wins (13); West must lead 9S
      and North's KS takes South's QS and the 10: 17, 96 -> 176 -> 180 against 66 ->
      70: +110.
    - lead KS: South drops QS under it (7 points, East discards 8H): 86; the 7D loses
      to TD (QD with it): 86 -> 166 -> 170 against 76 -> 80: +90.

    Mean card points: 7D (79 + 96) / 2 = 87.5, KS (83 + 86) / 2 = 84.5, so the points
    objective leads 7D. Mean score: 7D (-240 + 110) / 2 = -65, KS (80 + 90) / 2 = 85:
    KS makes the contract in both worlds, and the score objective leads it."""
    view = contract_in_doubt()
    legal = [Card.parse("7D"), Card.parse("KS")]
    for world in (WORLD_1, WORLD_2):  # both agree with what North saw
        assert replay(view, world).view(Seat.NORTH) == view
    # enough draws that both worlds come up: 8 draws from the generator seeded 3
    rng = random.Random(3)
    draws = [rng.random() < 0.5 for _ in range(8)]
    assert draws.count(True) == 4
    score = TwoWorlds(worlds=8, nodes=None, keep=False)
    assert score.card_values(view, legal, random.Random(3)) == [
        (Card.parse("KS"), 85.0),
        (Card.parse("7D"), -65.0),
    ]
    assert score.choose(view, legal, random.Random(3)) == Card.parse("KS")
    points = TwoWorlds(worlds=8, nodes=None, keep=False, objective="points")
    assert points.card_values(view, legal, random.Random(3)) == [
        (Card.parse("7D"), 87.5),
        (Card.parse("KS"), 84.5),
    ]
    assert points.choose(view, legal, random.Random(3)) == Card.parse("7D")


def test_the_east_west_view_of_a_score_is_its_negative() -> None:
    """East-West's value of a card is minus North-South's: the score difference is
    the team's score minus the other team's (world 1 of the example, lead KS: +80)."""
    fields_deal = replay(contract_in_doubt(), WORLD_1)
    pos = fields_deal.position
    assert pos is not None
    values = solve_cards(fields_deal)
    fields = _score_fields(pos)
    ks = values[Card.parse("KS")]
    assert (ks.north_south, ks.east_west) == (83, 79)
    assert _score_difference(fields, ks, 0) == 80
    assert _score_difference(fields, ks, 1) == -80


@pytest.mark.parametrize("name", ["ffb", "common", "pagat", "contract_only", "min82"])
def test_the_score_of_each_card_is_the_score_of_its_best_line(name: str) -> None:
    """Each card's score difference, read from the solver's card points, equals the
    deal score (coinche.scoring, through Deal) of the deal played on to the end along a
    best line after that card: contracts of 80 to 160, coinched or not, with belote
    and announcements as dealt (a capot shows in the solver's 250 or 252)."""
    rules = RuleConfig.preset(name)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        deal = Deal.new(Seat.WEST, rules, rng)
        strain = Strain(rng.randrange(4))
        bids = [a for a in deal.legal_actions() if isinstance(a, Bid) and a.strain is strain]
        deal = deal.apply(rng.choice([bid for bid in bids if bid.points <= 160]))
        if seed % 2:
            deal = deal.apply(Coinche())
        while deal.phase is Phase.AUCTION:
            deal = deal.apply(PASS)
        for _ in range(20):
            deal = deal.apply(rng.choice(deal.legal_actions()))
        pos = deal.position
        assert pos is not None
        fields = _score_fields(pos)
        for card, points in solve_cards(deal).items():
            after = deal.apply(card)
            for later in best_line(after) if not after.is_over else ():
                after = after.apply(later)
            result = after.result
            assert result is not None
            real = result.score.north_south - result.score.east_west
            assert _score_difference(fields, points, 0) == real
            checked += 1
    assert checked


def test_bad_options_are_refused_with_the_value() -> None:
    with pytest.raises(CoincheTypeError, match=r"objective.*'tricks'"):
        PimcPlayer(objective="tricks")
    with pytest.raises(CoincheTypeError, match="nodes"):
        PimcPlayer(nodes=0)
    with pytest.raises(CoincheTypeError, match="min_worlds"):
        PimcPlayer(min_worlds=0)
    with pytest.raises(CoincheTypeError, match="keep"):
        PimcPlayer(keep=1)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="worlds"):
        PimcPlayer(worlds=True)
    with pytest.raises(CoincheTypeError, match="rng"):
        PimcPlayer(rng=3)  # type: ignore[arg-type]


def test_bidder_fallback_and_model_are_checked_when_the_player_is_made() -> None:
    """Each is refused at construction with the library's error naming it, not in the
    middle of a deal: a number, and a class given where an instance is meant (a class
    has the method a player or a model needs, so it looked like one)."""
    from coinche.bots.inference import UniformModel
    from coinche.bots.players import GreedyPlayer

    with pytest.raises(CoincheTypeError, match=r"bidder must be a Player, not int \(5\)"):
        PimcPlayer(bidder=5)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match=r"fallback must be a Player, not int \(5\)"):
        PimcPlayer(fallback=5)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match=r"fallback must be a Player, not the class "):
        PimcPlayer(fallback=GreedyPlayer)  # type: ignore[arg-type]
    with pytest.raises(
        CoincheTypeError, match=r"model must be a WorldModel or None, not the class UniformModel"
    ):
        PimcPlayer(model=UniformModel)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="model must be a WorldModel or None, not int"):
        PimcPlayer(model=5)  # type: ignore[arg-type]


def test_the_player_has_greedy_defaults() -> None:
    from coinche.bots.players import GreedyPlayer

    assert isinstance(PimcPlayer().bidder, GreedyPlayer)
    assert isinstance(PimcPlayer().fallback, GreedyPlayer)
    text = repr(PimcPlayer())
    assert text == "PimcPlayer(worlds=20, max_cards=32, objective='score', nodes=900000)"


class Counting(PimcPlayer):
    """A PimcPlayer that counts its fresh draws."""

    drawn = 0

    @override
    def _draw_world(
        self, sampler: Sampler, rng: random.Random, view: PlayerView
    ) -> tuple[int, int, int, int]:
        self.drawn += 1
        return super()._draw_world(sampler, rng, view)


def _mid_deal(seed: int, played: int) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(Seat.WEST, RuleConfig.ffb(), rng)
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    for _ in range(played):
        deal = deal.apply(rng.choice(deal.legal_actions()))
    return deal


def test_the_node_budget_stops_new_worlds_but_not_below_min_worlds() -> None:
    """With a budget of one position, the first world spends it: the player solves
    min_worlds worlds and no more; without a budget, all worlds."""
    deal = _mid_deal(1, 16)
    seat = deal.to_move
    assert seat is not None
    view, legal = deal.view(seat), deal.legal_actions()
    tight = Counting(worlds=10, nodes=1, min_worlds=3, keep=False)
    tight.card_values(view, legal, random.Random(0))
    assert tight.drawn == 3
    free = Counting(worlds=10, nodes=None, keep=False)
    free.card_values(view, legal, random.Random(0))
    assert free.drawn == 10


def test_kept_worlds_are_solved_again_while_they_agree() -> None:
    """The worlds of a decision come back at the seat's next decision in the deal
    when they still agree with the view (a world is dropped when a seat played a card
    that world gave to another seat), so fewer fresh worlds are drawn."""
    for seed in range(20):  # the fourth trick: worlds differ, and some agree later
        deal = _mid_deal(seed, 13)
        seat = deal.to_move
        assert seat is not None
        later = deal
        for _ in range(4):  # on to the seat's next turn, the others playing as dealt
            later = later.apply(later.legal_actions()[0])
        if len(deal.legal_actions()) > 1 and len(later.legal_actions()) > 1:
            break
    assert seat is not None
    player = Counting(worlds=6, nodes=None)
    rng = random.Random(5)
    player.choose(deal.view(seat), deal.legal_actions(), rng)
    assert player.drawn == 6
    kept = [world.dealt for world in player._memory[seat].worlds]
    view = later.view(seat)
    played = _played(view)
    agreeing = [dealt for dealt in kept if player._agreeing(view, dealt, played) is not None]
    for dealt in kept:  # agreeing only when the cards played came from their seats
        played_right = all(
            not (card.mask & ~dealt[int(s)])
            for trick in (*view.tricks, view.trick)
            if trick is not None
            for s, card in trick.plays()
        )
        assert played_right or dealt not in agreeing
    assert len(agreeing) < len(kept)
    player.drawn = 0
    player.card_values(view, later.legal_actions(), rng)
    assert player.drawn == 6 - len(agreeing)


def test_keep_false_gives_the_same_card_for_the_same_generator() -> None:
    deal = _mid_deal(3, 12)
    seat = deal.to_move
    assert seat is not None
    view, legal = deal.view(seat), deal.legal_actions()
    one = PimcPlayer(worlds=5, keep=False).card_values(view, legal, random.Random(9))
    two = PimcPlayer(worlds=5, keep=False).card_values(view, legal, random.Random(9))
    assert one == two


def test_a_copy_forgets_the_kept_worlds() -> None:
    import copy
    import pickle

    deal = _mid_deal(4, 16)
    seat = deal.to_move
    assert seat is not None
    player = PimcPlayer(worlds=2, objective="points", rng=random.Random(1))
    player.card_values(deal.view(seat), deal.legal_actions(), None)
    assert player._memory
    for twin in (copy.deepcopy(player), pickle.loads(pickle.dumps(player))):
        assert twin._memory == {}
        assert (twin.worlds, twin.objective, twin.nodes) == (2, "points", 900_000)


def test_the_match_spec_takes_the_new_options() -> None:
    from coinche.cli._scale import _player_spec

    spec = _player_spec("pimc:worlds=20,max_cards=24,objective=points,nodes=0,keep=0")
    player = spec.build()
    assert isinstance(player, PimcPlayer)
    assert (player.worlds, player.max_cards, player.objective) == (20, 24, "points")
    assert (player.nodes, player.keep) == (None, False)
    default = _player_spec("pimc:min_worlds=2").build()
    assert isinstance(default, PimcPlayer)
    assert (default.objective, default.nodes, default.min_worlds) == ("score", 900_000, 2)
    import argparse

    with pytest.raises(argparse.ArgumentTypeError, match="score or points"):
        _player_spec("pimc:objective=tricks")
    from coinche.bots.inference import BidderModel

    weighed = _player_spec("pimc:model=bidder").build()
    assert isinstance(weighed, PimcPlayer)
    assert isinstance(weighed.model, BidderModel)
    assert _player_spec("pimc:model=uniform").build().model is None  # type: ignore[attr-defined]
    with pytest.raises(argparse.ArgumentTypeError, match="uniform or bidder"):
        _player_spec("pimc:model=greedy")


@pytest.mark.parametrize(
    ("name", "declare"), [("ffb", False), ("common", False), ("common", True), ("pagat", True)]
)
def test_a_world_position_is_the_position_of_its_replayed_deal(name: str, declare: bool) -> None:
    """The position PimcPlayer builds for a world from another world's position (no
    replay) is the one sampling.replay gives: the hands, belote (dealt to the world's
    holder; with belote_requires_declaration still open, declared or dropped as the
    view says) and everything else, whenever the announcement credit is the same in
    every world (announcements off, or the first trick complete)."""
    rules = attrs.evolve(RuleConfig.preset(name), belote_requires_declaration=declare)
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        deal = Deal.new(Seat.WEST, rules, rng)
        deal = deal.apply(Bid(80, Strain(seed % 4))).apply(PASS).apply(PASS).apply(PASS)
        for _ in range(rng.randrange(1, 28)):
            action = rng.choice(deal.legal_actions())
            deal = deal.apply(action, belote=rng.random() < 0.5)
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        if not _shared_credits(view):
            assert rules.announcements  # and the first trick still on
            continue
        sampler = Sampler.from_view(view)
        base = replay(view, sampler.sample(rng)).position
        assert base is not None
        for _ in range(10):
            now = sampler.sample(rng)
            assert _world_position(base, view, now, _played(view)) == replay(view, now).position
            compared += 1
    assert compared >= 60


def _generale_ending(north: str, south: str) -> tuple[int, int, int, int]:
    return _masks(north, "8H 7D", south, "9H 9D")


@pytest.mark.parametrize(
    ("north", "south", "made"), [("JS 7H", "AH 8D", False), ("JS AH", "7H 8D", True)]
)
def test_a_generale_is_made_only_when_the_taker_takes_every_trick(
    north: str, south: str, made: bool
) -> None:
    """A générale of North in spades (common rules: V = 500, capot card points 250, no
    rounding), North alone having won the first six tricks (121 card points: the 152
    of the deck less the 31 still out, JS 20 and AH 11). Two tricks left; East 8H 7D
    and West 9H 9D hold no spade.

    With North JS 7H and South AH 8D, South's ace takes a heart trick whatever North
    leads (on 7H South must follow with it; after JS, South keeps it or loses the last
    trick to West's 9H): North-South take every trick, a capot (250 card points), but
    not North alone, so the générale fails: East-West score 160 + 500 = 660, North-South
    nothing: -660 for North, for either card. With North JS AH, North takes both
    tricks: made, 500 + 250 = 750 against 0. The points objective sees a capot, 250,
    either way."""
    from coinche.bots.pimc import _World
    from coinche.position import Position

    hands = _generale_ending(north, south)
    rules = RuleConfig.common()
    start = Position.start(hands, rules, taker=0, strain=3, value=500, leader=0, kind=2)
    pos = start._replace(points=(121, 0), won=(6, 0, 0, 0))
    expected = 750 if made else -660
    for objective, value in (("score", (expected, -expected)), ("points", (250, 0))):
        player = PimcPlayer(objective=objective)
        values, nodes = player._world_values(pos, _World(hands, None))
        assert nodes > 0
        for code in north.split():
            assert values[Card.parse(code).index] == value


class NoJackForWest:
    """A world model under which West never holds the jack of hearts (weight 0), and
    every other world is as likely as under the uniform law (weight 1)."""

    def __init__(self) -> None:
        self.asked = 0

    def weight(self, view: PlayerView, hands: tuple[int, int, int, int]) -> float:
        self.asked += 1
        return 0.0 if hands[Seat.WEST] & Card.parse("JH").mask else 1.0


def test_a_model_weighs_the_worlds_the_player_solves() -> None:
    """North, in the play of 80 hearts with the jack of hearts hidden, values its cards
    over 12 worlds. Uniformly drawn, some of them give West the jack (the position is
    chosen so: West may hold it, and the uniform draws of seed 3 do give it to West);
    drawn with a model that gives weight 0 to every world where West holds it, none
    does (rejection keeps no world of weight 0 while some world has a weight above 0).
    The model is asked at least once a world."""
    jack = Card.parse("JH")

    def worlds(deal: Deal, model: NoJackForWest | None) -> list[tuple[int, int, int, int]]:
        player = PimcPlayer(worlds=12, nodes=None, model=model)
        player.card_values(deal.view(Seat.NORTH), deal.legal_actions(), random.Random(3))
        return [world.dealt for world in player._memory[Seat.NORTH].worlds]

    for seed in range(40):
        deal = _mid_deal(seed, 4)
        view = deal.view(Seat.NORTH)
        if deal.to_move is not Seat.NORTH or view.hand.mask & jack.mask:
            continue
        if any(jack in trick.cards for trick in view.tricks):
            continue
        if any(dealt[Seat.WEST] & jack.mask for dealt in worlds(deal, None)):
            break
    else:
        pytest.fail("no position fits the test")
    model = NoJackForWest()
    weighted = worlds(deal, model)
    assert len(weighted) == 12
    assert not any(dealt[Seat.WEST] & jack.mask for dealt in weighted)
    assert model.asked >= 12


def test_a_model_must_be_a_world_model() -> None:
    with pytest.raises(CoincheTypeError, match="model must be a WorldModel"):
        PimcPlayer(model="bidder")  # type: ignore[arg-type]


def test_the_repr_names_a_model() -> None:
    from coinche.bots.inference import BidderModel

    assert repr(PimcPlayer(model=BidderModel())).endswith(", model=" + repr(BidderModel()) + ")")


# ======================================================================================
# PimcPlayer and duplicate_match: checked against brute force and against reasoning.
#
# The 200-deal match of PIMC against GreedyPlayer is too slow for the suite: it is
# benchmarks/pimc_match.py, whose figures are in the docs' Bots page.


def exact_card_means(view: PlayerView) -> dict[Card, float]:
    """Each legal card's mean value for the seat's team over every agreeing deal,
    enumerated (every split of the hidden cards, kept when it replays to the view)."""
    me = int(view.seat)
    seen = view.hand.mask
    sizes = [8, 8, 8, 8]
    for trick in (*view.tricks, *([view.trick] if view.trick else [])):
        seen |= trick.mask
        for pos in range(len(trick.cards)):
            sizes[(int(trick.leader) + pos) & 3] -= 1
    hidden = [c for c in range(32) if not seen >> c & 1]
    others = [s for s in range(4) if s != me]
    totals: dict[Card, int] = {}
    worlds = 0
    a, b, c = others
    for first in itertools.combinations(hidden, sizes[a]):
        rest = [x for x in hidden if x not in first]
        for second in itertools.combinations(rest, sizes[b]):
            third = [x for x in rest if x not in second]
            hands = [0, 0, 0, 0]
            hands[me] = view.hand.mask
            hands[a] = sum(1 << x for x in first)
            hands[b] = sum(1 << x for x in second)
            hands[c] = sum(1 << x for x in third)
            try:
                deal = replay(view, hands)
            except CoincheError:
                continue
            if deal.view(view.seat) != view:
                continue
            worlds += 1
            for card, points in solve_cards(deal).items():
                totals[card] = totals.get(card, 0) + points[view.seat.team]
    return {card: total / worlds for card, total in totals.items()}


def endgame_view() -> PlayerView:
    """A view three tricks from the end where the cards' exact means differ by 10+."""
    rng = random.Random(31)
    while True:
        deal = deal_in_play(RuleConfig.common(), rng)
        for _ in range(20):
            deal = deal.apply(rng.choice(deal.legal_actions()))
        view = deal.view(deal.to_move or Seat.NORTH)
        if len(deal.legal_actions()) < 3:
            continue
        means = exact_card_means(view)
        if max(means.values()) - min(means.values()) >= 10:
            return view


@pytest.mark.heavy
def test_pimc_picks_the_card_best_on_average_over_every_agreeing_deal() -> None:
    view = endgame_view()
    exact = exact_card_means(view)
    player = PimcPlayer(worlds=300, rng=random.Random(4), objective="points", nodes=None)
    values = player.card_values(view, list(exact), None)  # the player's own generator
    assert {card for card, _ in values} == set(exact)
    for card, mean in values:  # 300 draws: within a few points of the exact mean
        assert mean == pytest.approx(exact[card], abs=8)
    chosen = player.choose(view, list(exact), random.Random(0))
    assert isinstance(chosen, Card)
    assert exact[chosen] >= max(exact.values()) - 3  # a sign error would pick the worst


def test_pimc_plays_one_legal_card_without_searching() -> None:
    rng = random.Random(2)
    deal = deal_in_play(RuleConfig.common(), rng)
    for _ in range(31):
        deal = deal.apply(rng.choice(deal.legal_actions()))
    legal = deal.legal_actions()
    assert len(legal) == 1
    player = PimcPlayer(worlds=1, rng=random.Random(0))
    state = player.rng.getstate() if player.rng else None
    assert player.choose(deal.view(deal.to_move or Seat.NORTH), legal, rng) == legal[0]
    assert player.rng is not None
    assert player.rng.getstate() == state


def test_pimc_delegates_calls_and_early_cards() -> None:
    rng = random.Random(3)
    deal = Deal.new(Seat.WEST, RuleConfig.common(), rng)
    view = deal.view(Seat.NORTH)
    greedy = GreedyPlayer()
    pimc = PimcPlayer(worlds=2)
    assert pimc.choose(view, deal.legal_actions(), rng) == greedy.choose(
        view, deal.legal_actions(), rng
    )
    played = deal_in_play(RuleConfig.common(), rng)
    seat = played.to_move or Seat.NORTH
    early = PimcPlayer(worlds=2, max_cards=8)  # 32 cards left: the fallback's card
    assert early.choose(played.view(seat), played.legal_actions(), rng) == greedy.choose(
        played.view(seat), played.legal_actions(), rng
    )
    with pytest.raises(InvalidDealError):
        pimc.card_values(view, deal.legal_actions(), rng)  # the auction: no card
    with pytest.raises(CoincheTypeError):
        PimcPlayer(worlds=0)
    with pytest.raises(CoincheTypeError):
        PimcPlayer(max_cards=33)


@pytest.mark.parametrize("name", ["ffb", "classic_belote"])
def test_pimc_plays_whole_deals_of_other_presets(name: str) -> None:
    rules = RuleConfig.preset(name)
    match = duplicate_match(
        PimcPlayer(worlds=2, rng=random.Random(1), max_cards=12), GreedyPlayer(), 2, rules, 5
    )
    assert all(d.tables[0].is_over and d.tables[1].is_over for d in match.deals)


# ---------------------------------------------------------------- duplicate matches
def test_identical_deterministic_teams_tie_on_every_deal() -> None:
    """GreedyPlayer is deterministic and sees only its seat: at both tables the same
    cards get the same play, so each team's gain at one table is its loss at the
    other and every difference is exactly 0."""
    match = duplicate_match(GreedyPlayer(), GreedyPlayer(), 12, RuleConfig.common(), seed=3)
    assert [d.difference for d in match.deals] == [0] * 12
    assert match.mean == 0
    assert match.stderr == 0


def test_duplicate_match_figures() -> None:
    match = duplicate_match(GreedyPlayer(), RandomPlayer(), 40, RuleConfig.ffb(), seed=8)
    for d in match.deals:
        one, two = d.tables
        assert one.hands == two.hands
        assert one.dealer == two.dealer
        diff = 0
        if one.result is not None:
            diff += one.result.score.north_south - one.result.score.east_west
        if two.result is not None:
            diff += two.result.score.east_west - two.result.score.north_south
        assert d.difference == diff
    diffs = [d.difference for d in match.deals]
    assert match.mean == pytest.approx(statistics.mean(diffs))
    assert match.stderr == pytest.approx(statistics.stdev(diffs) / 40**0.5)
    low, high = match.confidence_interval
    assert low == pytest.approx(match.mean - 1.96 * match.stderr, rel=1e-3)
    assert high == pytest.approx(match.mean + 1.96 * match.stderr, rel=1e-3)
    assert low > 0  # greedy play beats random play by far
    assert "40 deals" in str(match)


def test_duplicate_match_takes_deals_and_pairs() -> None:
    rng = random.Random(4)
    deals = [Deal.new(Seat.NORTH, RuleConfig.common(), rng) for _ in range(3)]
    match = duplicate_match(
        (GreedyPlayer(), GreedyPlayer()),
        (RandomPlayer(), RandomPlayer()),
        deals,
        RuleConfig.common(),
        seed=1,
    )
    assert [d.tables[0].hands for d in match.deals] == [d.hands for d in deals]
    with pytest.raises(CoincheTypeError):
        duplicate_match("x", GreedyPlayer(), 1, RuleConfig(), 1)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        duplicate_match(GreedyPlayer(), GreedyPlayer(), ["x"], RuleConfig(), 1)  # type: ignore[list-item]
    with pytest.raises(CoincheTypeError):
        duplicate_match(GreedyPlayer(), GreedyPlayer(), 1, "common", 1)  # type: ignore[arg-type]


def test_card_values_needs_a_generator() -> None:
    rng = random.Random(6)
    deal = deal_in_play(RuleConfig.common(), rng)
    view = deal.view(deal.to_move or Seat.NORTH)
    with pytest.raises(CoincheTypeError, match="generator"):
        PimcPlayer(worlds=1).card_values(view, deal.legal_actions(), None)
    assert repr(PimcPlayer(worlds=3, max_cards=12, objective="points", nodes=None)) == (
        "PimcPlayer(worlds=3, max_cards=12, objective='points', nodes=None)"
    )


# ---------------------------------------------------------------- defaults and max_cards
def _no_search(*args: object) -> None:
    raise AssertionError("the solver was asked")


def test_max_cards_leaves_the_first_card_to_the_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With max_cards=20 a PimcPlayer answers the first card of a deal as its
    fallback does, without the double-dummy search; by default (max_cards=32) it
    searches from the first card."""
    rng = random.Random(5)
    deal = deal_in_play(RuleConfig.common(), rng)
    seat = deal.to_move or Seat.NORTH
    view, legal = deal.view(seat), deal.legal_actions()
    assert len(legal) == 8  # the first card: all 32 cards still to play
    assert PimcPlayer().max_cards == 32
    monkeypatch.setattr(PimcPlayer, "_world_values", _no_search)
    with pytest.raises(AssertionError, match="solver was asked"):
        PimcPlayer().choose(view, legal, rng)
    pimc = PimcPlayer(max_cards=20)
    assert pimc.choose(view, legal, rng) == GreedyPlayer().choose(view, legal, rng)


def test_card_values_honours_max_cards_as_choose_does(monkeypatch: pytest.MonkeyPatch) -> None:
    import math

    rng = random.Random(6)
    deal = deal_in_play(RuleConfig.common(), rng)
    seat = deal.to_move or Seat.NORTH
    view, legal = deal.view(seat), deal.legal_actions()
    pimc = PimcPlayer(worlds=2, max_cards=8)  # 32 cards left: no search
    monkeypatch.setattr(PimcPlayer, "_world_values", _no_search)
    values = pimc.card_values(view, legal, rng)
    # the fallback's card first, every legal card listed, none valued
    assert values[0][0] == GreedyPlayer().choose(view, legal, rng)
    assert {card for card, _ in values} == set(legal)
    assert len(values) == len(legal)
    assert all(math.isnan(value) for _, value in values)
    assert values[0][0] == pimc.choose(view, legal, rng)


def test_choose_plays_the_best_card_of_card_values() -> None:
    rng = random.Random(7)
    deal = deal_in_play(RuleConfig.common(), rng)
    for _ in range(24):  # two tricks from the end: 8 cards left
        deal = deal.apply(rng.choice(deal.legal_actions()))
    while len(deal.legal_actions()) < 2:
        deal = deal.apply(deal.legal_actions()[0])
    seat = deal.to_move or Seat.NORTH
    view, legal = deal.view(seat), deal.legal_actions()
    pimc = PimcPlayer(worlds=3)
    values = pimc.card_values(view, legal, random.Random(1))
    assert pimc.choose(view, legal, random.Random(1)) == values[0][0]
    assert {card for card, _ in values} == set(legal)
    assert len(values) == len(legal)
    # legal narrows the cards valued; a card the seat may not play is refused
    some = legal[:1]
    assert [card for card, _ in pimc.card_values(view, some, random.Random(1))] == list(some)
    other = next(card for card in CARDS if card not in legal)
    with pytest.raises(IllegalCardError):
        pimc.card_values(view, [other], random.Random(1))
