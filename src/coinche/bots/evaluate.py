"""What a contract is worth: double-dummy play over deals drawn from what a seat knows.

:func:`evaluate_contract` answers "what is 100 hearts worth with this hand?": it draws
deals of the hidden cards uniformly (:mod:`coinche.bots.sampling`), solves each one with the
double-dummy solver (:mod:`coinche.bots.solver`: both teams play perfectly with the cards
open) and scores it under the contract and the rules, belote and announcements
included. The mean deal score and card points, with their standard errors, estimate
the contract's worth. :class:`EvaluatingBidder` bids on it.

.. pytest-mark: heavy

>>> import random
>>> from coinche import Contract, Hand, RuleConfig, Seat, Strain
>>> from coinche.bots.evaluate import evaluate_contract
>>> hand = Hand.parse("JH 9H AH TH KH QH 8H 7H")            # every trump
>>> value = evaluate_contract(hand, Contract(Seat.NORTH, Strain.HEARTS, 100),
...                           RuleConfig.common(), 3, random.Random(1))
>>> value.made, value.card_points, value.taker_score      # capot: 250 + 20 + 100
(1.0, 250.0, 370.0)

Decisions (documented behaviour):

- **Double-dummy play maximises card points**: the taker's team plays for the most card
  points (a capot counted as the rules count it), the defenders for the fewest, and the
  deal is then scored under the contract. The contract's value does not change the
  play: a team short of its contract does not gamble, and nobody hides information.
  Double-dummy values are optimistic for the side that needs the cards well placed.
- **Declarations**: belote goes to its holder, and with announcements on every seat
  declares everything it holds (as :class:`~coinche.Deal` does by default).
- **The first lead**: the seat after the dealer (a view knows the dealer), the taker
  under ``first_lead='taker'``; for a bare hand, the seat after the taker unless
  *leader* is given.
- **The score** is the taker's team's deal score minus the defenders': positive when
  the contract pays (:attr:`ContractValue.score`).
- A générale is not evaluated (the solver counts tricks by team, not by seat).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

import attrs
from typing_extensions import override

from coinche import _kernel as K
from coinche._checks import (
    check_int_range,
    check_seat,
    check_type,
    is_instance,
    is_int,
    is_number,
)
from coinche.auction import Bid, Coinche, Surcoinche
from coinche.bots.base import (
    GreedyPlayer,
    Player,
    _check_player,
    _delegated_call,
    _fallback_call,
)
from coinche.bots.sampling import Sampler, replay
from coinche.bots.solver import capot_team, solve, solve_deal
from coinche.cards import Card, Hand, Strain, hand_from_mask
from coinche.config import FirstLead, RuleConfig
from coinche.contract import GENERALE, Contract
from coinche.deal import Action, Phase, PlayerView
from coinche.engine import PlayState
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.scoring import TeamPoints
from coinche.seats import Seat, Team

__all__ = ["ContractValue", "EvaluatingBidder", "evaluate_contract"]

_ALL: Final = 0xFFFFFFFF
MAX_SAMPLES: Final = 100_000
"""The most deals one evaluation draws and solves (each is a double-dummy solve)."""
MAX_MARGIN: Final = 1_000
"""The largest margin (either sign) an EvaluatingBidder takes: no deal scores more than
this above or below what its contract needs. A negative margin is a bold bidder's: it
surcoinches a contract expected to fail by less than the margin's size."""


@attrs.frozen
class ContractValue:
    """What :func:`evaluate_contract` found, means over the deals drawn."""

    contract: Contract = attrs.field(validator=is_instance(Contract))
    """The contract evaluated."""
    samples: int = attrs.field(validator=is_int(1, 10**9))
    """How many deals were drawn and solved."""
    score: float = attrs.field(validator=is_number())
    """Mean deal score of the taker's team minus the defenders'."""
    score_stderr: float = attrs.field(validator=is_number(0))
    """Standard error of :attr:`score`."""
    taker_score: float = attrs.field(validator=is_number())
    """Mean deal score of the taker's team."""
    card_points: float = attrs.field(validator=is_number(0))
    """Mean card points of the taker's team (last trick and capot included)."""
    card_points_stderr: float = attrs.field(validator=is_number(0))
    """Standard error of :attr:`card_points`."""
    made: float = attrs.field(validator=is_number(0, 1))
    """The share of the deals in which the contract is made."""
    margin: float = attrs.field(validator=is_number())
    """Mean of the taker's team's total (what the contract is judged on) minus what it
    needed: negative when the contract fails on average."""


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


# one solved world: card points NS, EW, belote's team, announcement points NS, EW
_World = tuple[int, int, int, int, int]


def _score(rules: RuleConfig, contract: Contract, world: _World) -> tuple[int, ...]:
    """The kernel's figures for *contract* on a solved world (a capot as the solver
    counts it: the capot team's 250 or 252 card points to 0)."""
    ns, ew, belote, ann_ns, ann_ew = world
    taker, _, kind, points, multiplier = contract.kernel_fields
    capot = capot_team(TeamPoints(ns, ew))
    return K.score_points(
        rules.score_options, taker, kind, points, multiplier, ns, ew, capot,
        1 if capot == taker & 1 else 0, belote, ann_ns, ann_ew,
    )  # fmt: skip


def _value(rules: RuleConfig, contract: Contract, worlds: Sequence[_World]) -> ContractValue:
    if not worlds:
        raise CoincheTypeError("samples must be at least 1")
    bidders = int(contract.taker) & 1
    nets: list[float] = []
    mine: list[float] = []
    points: list[float] = []
    margins: list[float] = []
    made = 0
    for world in worlds:
        f = _score(rules, contract, world)
        nets.append(f[bidders] - f[1 - bidders])
        mine.append(f[bidders])
        points.append(world[bidders])
        margins.append(f[K.F_TOTAL_NS + bidders] - f[K.F_NEEDED])
        made += f[K.F_MADE]
    score, score_se = _mean_se(nets)
    cards, cards_se = _mean_se(points)
    return ContractValue(
        contract,
        len(worlds),
        score,
        score_se,
        sum(mine) / len(mine),
        cards,
        cards_se,
        made / len(worlds),
        sum(margins) / len(margins),
    )


def _opening_sampler(hand: int, seat: int, taker: int, turned: Card | None) -> Sampler:
    """Deals of eight cards each in which *seat* holds *hand* (and the taker the turned
    card of a classic deal), everything else unknown."""
    fixed = [0, 0, 0, 0]
    fixed[seat] = hand
    if turned is not None:
        fixed[taker] |= turned.mask
    need = [8 - fixed[s].bit_count() for s in range(4)]
    free = _ALL & ~(fixed[0] | fixed[1] | fixed[2] | fixed[3])
    return Sampler(fixed, need, free, [0, 0, 0, 0])


def _opening_world(
    hands: tuple[int, int, int, int], strain: Strain, leader: Seat, rules: RuleConfig, side: int
) -> _World:
    solved = solve_deal(
        [hand_from_mask(h) for h in hands], strain, leader, rules, Team(side)
    ).card_points
    state = PlayState.from_hands(
        list(hands), rules, taker=side, strain=int(strain), value=80, leader=int(leader)
    )
    return (
        solved.north_south,
        solved.east_west,
        state.belote_team,
        state.announcements[0],
        state.announcements[1],
    )


def _check(contract: object, rules: object, samples: object, rng: object) -> None:
    contract = check_type(contract, Contract, "contract")
    check_type(rules, RuleConfig, "rules")
    check_int_range(samples, "samples", 1, MAX_SAMPLES)
    check_type(rng, random.Random, "rng")
    if contract.value is GENERALE:
        raise InvalidDealError("a générale is not evaluated (see coinche.bots.evaluate)")


def _leader(
    rules: RuleConfig, contract: Contract, dealer: Seat | None, leader: Seat | None
) -> Seat:
    if rules.first_lead is FirstLead.TAKER:
        return contract.taker
    if leader is not None:
        return leader
    if dealer is not None:
        return dealer.next
    return contract.taker.next


def evaluate_contract(
    view_or_hand: PlayerView | Hand,
    contract: Contract,
    rules: RuleConfig,
    samples: int,
    rng: random.Random,
    *,
    seat: Seat | None = None,
    leader: Seat | None = None,
) -> ContractValue:
    """The expected worth of *contract* to its taker's team, by double-dummy play over
    *samples* deals drawn uniformly from what the seat knows.

    *view_or_hand* is a seat's :class:`~coinche.deal.PlayerView` or a bare eight-card
    :class:`~coinche.Hand`, held by *seat* (by default the taker). From a view of the
    auction (or a hand) the whole deal is played; from a view of the play, the rest of
    it, from the position reached, with every inference :mod:`coinche.bots.sampling` draws
    (then *contract* must have the deal's taker and strain; its value and multiplier
    may differ). See the module's decisions.

    :raises CoincheTypeError: an argument of the wrong type.
    :raises InvalidDealError: a générale, a hand that is not eight cards, a contract
        that does not match the view's play, or a view no deal agrees with.
    """
    _check(contract, rules, samples, rng)
    if seat is not None:
        check_seat(seat, "seat")
    if leader is not None:
        check_seat(leader, "leader")
    strain = contract.strain
    side = int(contract.taker) & 1
    worlds: list[_World] = []
    if isinstance(view_or_hand, PlayerView) and view_or_hand.phase is Phase.PLAY:
        view = view_or_hand
        own = view.contract
        assert own is not None
        if own.taker is not contract.taker or own.strain is not strain:
            raise InvalidDealError(
                f"the deal is played as {own}: evaluate a contract with its taker and strain"
            )
        sampler = Sampler.from_view(view)
        for _ in range(samples):
            deal = replay(view, sampler.sample(rng))
            points = solve(deal).card_points
            pos = deal.position  # belote and the announcements as the play credits them
            assert pos is not None
            worlds.append(
                (
                    points.north_south,
                    points.east_west,
                    pos.belote_team,
                    pos.announcements[0],
                    pos.announcements[1],
                )
            )
        return _value(rules, contract, worlds)
    if isinstance(view_or_hand, PlayerView):
        view = view_or_hand
        if view.phase is not Phase.AUCTION:
            raise InvalidDealError(f"nothing to evaluate once the deal is {view.phase.value}")
        me, hand, dealer, turned = view.seat, view.hand, view.dealer, view.turned
    elif isinstance(view_or_hand, Hand):
        me = contract.taker if seat is None else seat
        hand, dealer, turned = view_or_hand, None, None
        if len(hand) != 8:
            raise InvalidDealError(f"a hand to evaluate holds 8 cards, not {len(hand)}")
    else:
        raise CoincheTypeError(
            f"expected a PlayerView or a Hand, not {type(view_or_hand).__name__}"
        )
    first = _leader(rules, contract, dealer, leader)
    sampler = _opening_sampler(hand.mask, int(me), int(contract.taker), turned)
    if not sampler.count:
        raise InvalidDealError("no deal agrees with this hand and contract")
    for _ in range(samples):
        worlds.append(_opening_world(sampler.sample(rng), strain, first, rules, side))
    return _value(rules, contract, worlds)


class EvaluatingBidder:
    """A bidding player built on :func:`evaluate_contract`'s double-dummy worlds.

    At its first call of a deal it draws *samples* deals that agree with its hand and
    solves each in every suit strain (and no trump and all trump when the rules allow
    them), with the seat after the dealer leading; its later calls in the same deal
    reuse them. Then, in this order:

    1. *Surcoinche*: when its own bid was coinched and its expected :attr:`margin
       <ContractValue.margin>` is at least *margin*.
    2. *Coinche*: when an opponent holds the highest bid and that contract's expected
       margin is at most ``-margin`` (it is expected to fail by *margin* points).
    3. *Bid*: never over its partner's bid; otherwise the highest legal bid whose
       expected :attr:`score <ContractValue.score>` is positive (ties of value: the
       strain with the better expectation, then clubs, diamonds, hearts, spades, no
       trump, all trump order). Capot counts as a bid of 250.
    4. Otherwise it passes.

    Cards are chosen by *player* (a :class:`~coinche.bots.players.GreedyPlayer` by default;
    pass a :class:`~coinche.bots.players.PimcPlayer` for the play). The classic turned-card
    auction is left to :class:`~coinche.bots.players.GreedyPlayer`'s rules. The sampled hands
    ignore what the other calls say (no inference from the auction).

    .. pytest-mark: heavy

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> from coinche.bots.evaluate import EvaluatingBidder
    >>> from coinche.notation import parse_deal
    >>> _, hands = parse_deal("N:.AKQJT987.. 7...AKQJT98 T98..AKQJT. AKQJ..987.7")
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    >>> bidder = EvaluatingBidder(samples=2)
    >>> str(bidder.choose(deal.view(Seat.NORTH), deal.legal_actions(), random.Random(0)))
    'capot H'
    """

    def __init__(
        self,
        samples: int = 8,
        rng: random.Random | None = None,
        *,
        margin: int = 20,
        player: object = None,
    ) -> None:
        self.samples = check_int_range(samples, "samples", 1, MAX_SAMPLES)
        self.rng = None if rng is None else check_type(rng, random.Random, "rng")
        self.margin = check_int_range(margin, "margin", -MAX_MARGIN, MAX_MARGIN)
        self.player: Player = GreedyPlayer() if player is None else _check_player(player, "player")
        self._greedy = GreedyPlayer()
        self._key: object = None
        self._worlds: dict[Strain, list[_World]] = {}

    def _solved(self, view: PlayerView, rng: random.Random) -> dict[Strain, list[_World]]:
        rules = view.rules
        key = (view.seat, view.hand.mask, view.dealer, rules)
        if key == self._key:
            return self._worlds
        draw = self.rng if self.rng is not None else rng
        sampler = _opening_sampler(view.hand.mask, int(view.seat), int(view.seat), None)
        deals = [sampler.sample(draw) for _ in range(self.samples)]
        leader = view.dealer.next
        side = int(view.seat) & 1
        self._worlds = {
            strain: [_opening_world(hands, strain, leader, rules, side) for hands in deals]
            for strain in rules.strains()
        }
        self._key = key
        return self._worlds

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """A call as the class describes, or *player*'s card.

        :raises CoincheTypeError, CoincheValueError: as every player's ``choose``
            (:meth:`RandomPlayer.choose <coinche.bots.players.RandomPlayer.choose>`).
        """
        delegated = _delegated_call(self, view, legal, rng)
        if delegated is not None:
            return delegated
        fallback = _fallback_call(legal)
        highest = next(((s, c) for s, c in reversed(view.calls) if isinstance(c, Bid)), None)
        rules = view.rules
        surcoinche = next((a for a in legal if isinstance(a, Surcoinche)), None)
        if surcoinche is not None:
            if highest is not None and highest[0] is view.seat:
                worlds = self._solved(view, rng)[highest[1].strain]
                own = Contract(view.seat, highest[1].strain, highest[1].value)
                if _value(rules, own, worlds).margin >= self.margin:
                    return surcoinche
            return fallback
        if highest is not None:
            bidder, bid = highest
            if bidder.team is view.seat.team:
                return fallback
            coinche = next((a for a in legal if isinstance(a, Coinche)), None)
            if coinche is not None and bid.value is not GENERALE:
                worlds = self._solved(view, rng)[bid.strain]
                theirs = Contract(bidder, bid.strain, bid.value)
                if _value(rules, theirs, worlds).margin <= -self.margin:
                    return coinche
        bids = [a for a in legal if isinstance(a, Bid) and a.value is not GENERALE]
        if not bids:
            return fallback
        solved = self._solved(view, rng)
        best: tuple[int, float, int] | None = None
        chosen: Action = fallback
        for bid in bids:
            found = solved.get(bid.strain)
            if found is None:
                continue
            score = _value(rules, Contract(view.seat, bid.strain, bid.value), found).score
            if score <= 0:
                continue
            key = (bid.points, score, -int(bid.strain))
            if best is None or key > best:
                best, chosen = key, bid
        return chosen

    @override
    def __repr__(self) -> str:
        return f"EvaluatingBidder(samples={self.samples}, margin={self.margin})"
