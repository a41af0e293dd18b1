"""Perfect-Information Monte-Carlo card play: the search of
:class:`~coinche.bots.players.PimcPlayer`.

For each card to play, the player imagines deals that agree with what its seat has
seen (:class:`~coinche.bots.sampling.Sampler`), solves each one with the hands open
(:mod:`coinche.bots.solver`) and plays the card that does best on average. The
player is :class:`coinche.bots.players.PimcPlayer`; this module holds its search.

What it averages (*objective*):

- ``"score"`` (the default): the **deal score** of its team minus the other team's,
  under the deal's rules and contract: whether the contract is made, the coinche
  multiplier, capot, belote and the announcements. Within one world the
  double-dummy card points map to that score monotonically (more card points for the
  taker's team never lower its score difference), so best play for card points is best
  play for the score, and each card's score in a world is the score of its card points.
  Averaging scores, not points, is what matters when making the contract is in doubt:
  a card that makes it in more worlds beats a card that takes more points on average.
- ``"points"``: its team's card points (the player's only objective before).

>>> import random
>>> from coinche import Card, Hand, RuleConfig, Seat, Strain
>>> from coinche.auction import PASS, Bid
>>> from coinche.deal import Deal
>>> from coinche.bots.players import PimcPlayer
>>> hands = [Hand.parse(text) for text in ("JH 9H 8H 7H AS 7C 8D 9D",
...     "AC TC KC QC JC 9C 8C 7S", "AD TD KD QD JD 8S 9S TS", "AH TH KH QH JS QS KS 7D")]
>>> deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
>>> deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
>>> for code in "JH AC AD AH 9H 7S 8S QH".split():      # two tricks
...     deal = deal.apply(Card.parse(code))
>>> view, legal = deal.view(Seat.NORTH), deal.legal_actions()
>>> values = PimcPlayer(worlds=4).card_values(view, legal, random.Random(1))  # best first
>>> len(values), values[0][1] >= values[-1][1]
(6, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from coinche import _kernel as K
from coinche._checks import check_int_range, check_iterable, short_repr
from coinche.cards import Card
from coinche.deal import Action, Deal, PlayerView
from coinche.errors import (
    CoincheError,
    CoincheTypeError,
    IllegalActionError,
    IllegalCardError,
    InvalidDealError,
)
from coinche.play import explain_card, legal_cards
from coinche.scoring import TeamPoints
from coinche.seats import Seat

if TYPE_CHECKING:
    from coinche.bots._search import _Ctx
    from coinche.bots._weights import WorldModel
    from coinche.bots.players import Player
    from coinche.bots.sampling import Sampler
    from coinche.contract import Contract
    from coinche.deal import Step
    from coinche.position import Position

__all__ = ["MODEL_TRIES", "OBJECTIVES"]

OBJECTIVES: Final = ("score", "points")
"""The values of :class:`~coinche.bots.players.PimcPlayer`'s *objective*."""

MODEL_TRIES: Final = 40
"""Uniform draws a :class:`~coinche.bots.players.PimcPlayer` with a *model* makes at
most for one world (as :func:`coinche.bots.inference.sample_worlds`, 40 a world)."""

_ALL_POINTS: Final = 162  # every card point of a deal, the last trick's 10 included


def _cards_left(view: PlayerView) -> int:
    """How many cards are still to be played in the deal, the next one included."""
    played = sum(len(t.cards) for t in view.tricks)
    if view.trick is not None:
        played += len(view.trick.cards)
    return 32 - played


def _score_difference(pos_fields: tuple[int, ...], points: TeamPoints, team: int) -> int:
    """The deal score of *team* minus the other team's when the deal ends with *points*
    (a solver's :class:`~coinche.scoring.TeamPoints`: a capot shows as 250 or 252 to 0),
    under the contract and credits of *pos_fields*: the position's taker, kind, value,
    multiplier, belote team, announcement credits, whether a générale is made (when the
    taker's team takes every trick: the player checks it first), then its options."""
    (taker, kind, value, multiplier, belote_team, ann_ns, ann_ew, generale_made, *options) = (
        pos_fields
    )
    ns, ew = points.north_south, points.east_west
    w0 = w1 = w2 = w3 = 2  # no capot: any split of the tricks scores alike
    if ns + ew != _ALL_POINTS:  # a capot: the team with the points took all eight tricks
        w0 = w1 = w2 = w3 = 0
        capot_team = 0 if ns else 1
        if capot_team == taker & 1:
            seat = taker if kind != K.GENERALE or generale_made else (taker + 2) & 3
        else:
            seat = (taker + 1) & 3
        if seat == 0:
            w0 = 8
        elif seat == 1:
            w1 = 8
        elif seat == 2:
            w2 = 8
        else:
            w3 = 8
    score_ns, score_ew = K.deal_score(
        tuple(options), taker, kind, value, multiplier, ns, ew, w0, w1, w2, w3,
        belote_team, ann_ns, ann_ew,
    )  # fmt: skip
    return score_ns - score_ew if team == 0 else score_ew - score_ns


def _score_fields(pos: Position) -> tuple[int, ...]:
    """The figures :func:`_score_difference` reads of *pos* (a générale counted as
    made: a caller that can tell sets that field)."""
    return (
        pos.taker, pos.kind, pos.value, pos.multiplier, pos.belote_team,
        pos.announcements[0], pos.announcements[1], 1, *pos.options,
    )  # fmt: skip


class _World:
    """One imagined deal kept for the next decisions of the same seat in the same deal:
    the hands as dealt, and the solver context whose transposition table holds what
    its searches found (positions of this one deal, so still true later in it)."""

    __slots__ = ("ctx", "dealt")

    def __init__(self, dealt: tuple[int, int, int, int], ctx: _Ctx | None) -> None:
        self.dealt = dealt
        self.ctx = ctx


class _Memory:
    """What a seat's last decision left: the public log it saw and its worlds."""

    __slots__ = ("dealer", "steps", "worlds")

    def __init__(self, dealer: Seat, steps: tuple[Step, ...], worlds: list[_World]) -> None:
        self.dealer = dealer
        self.steps = steps
        self.worlds = worlds


class _Pimc:
    """The PIMC player's machinery; :class:`coinche.bots.players.PimcPlayer` is the
    player (it gives *bidder* and *fallback* their defaults, GreedyPlayers, which this
    module cannot import without an import circle)."""

    def __init__(
        self,
        worlds: int,
        rng: random.Random | None,
        *,
        bidder: Player,
        max_cards: int,
        fallback: Player,
        objective: str,
        nodes: int | None,
        min_worlds: int,
        keep: bool,
        model: WorldModel | None = None,
    ) -> None:
        from coinche._checks import check_bool
        from coinche.bots._weights import WorldModel

        self.worlds = check_int_range(worlds, "worlds", 1, 1_000_000)
        if rng is not None and not isinstance(rng, random.Random):
            raise CoincheTypeError(f"rng must be a random.Random or None, not {short_repr(rng)}")
        self.rng = rng
        self.bidder: Player = bidder
        self.max_cards = check_int_range(max_cards, "max_cards", 0, 32)
        self.fallback: Player = fallback
        if objective not in OBJECTIVES or type(objective) is not str:
            raise CoincheTypeError(
                f"objective must be 'score' or 'points', not {short_repr(objective)}"
            )
        self.objective = objective
        self.nodes = None if nodes is None else check_int_range(nodes, "nodes", 1, 10**12)
        self.min_worlds = check_int_range(min_worlds, "min_worlds", 1, 1_000_000)
        self.keep = check_bool(keep, "keep")
        if model is not None and not isinstance(model, WorldModel):
            raise CoincheTypeError(f"model must be a WorldModel or None, not {short_repr(model)}")
        self.model = model
        self._memory: dict[Seat, _Memory] = {}

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The first card of :meth:`card_values` (the best by search, or the fallback's
        card), or the bidder's call; a single legal card without searching."""
        cards = [action for action in legal if isinstance(action, Card)]
        if not cards or view.contract is None:
            return self.bidder.choose(view, legal, rng)
        if len(cards) == 1:
            return cards[0]
        return self.card_values(view, legal, rng)[0][0]

    def card_values(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random | None
    ) -> list[tuple[Card, float]]:
        """The cards of *legal* (the arguments :meth:`choose` takes), each with its mean
        value for the seat's team over the worlds solved (see *objective*), best first
        (ties as :class:`~coinche.bots.players.PimcPlayer` breaks them).

        As :meth:`choose`, it searches only when at most :attr:`max_cards` cards are
        left to play: before that the fallback's card comes first, the others follow in
        index order, and every value is ``nan`` (not searched). *rng* may be ``None``
        when the player has its own generator.

        :raises InvalidDealError: no deal agrees with *view*, it is not in the play or
            not the seat's turn, or *legal* holds no card.
        :raises IllegalCardError: a card of *legal* the seat may not play now.
        :raises IllegalActionError: the fallback chose an action that is not a card of
            *legal*.
        :raises CoincheTypeError: no generator, or *legal* not a sequence of actions.
        """
        from coinche.bots.sampling import Sampler

        own = self.rng if self.rng is not None else rng
        contract, draw, cards = _cards_to_value(view, legal, own, "a PIMC player")
        if _cards_left(view) > self.max_cards:
            first = self.fallback.choose(view, legal, rng if rng is not None else draw)
            if not isinstance(first, Card) or first not in cards:
                reason = "the fallback player chose it, but it is not a card of legal"
                raise IllegalActionError(first, view.seat, reason)
            rest = sorted((c for c in cards if c != first), key=lambda c: c.index)
            return [(card, math.nan) for card in [first, *rest]]
        sampler = Sampler.from_view(view)
        if not sampler.count:
            sampler.sample(draw)  # raises InvalidDealError, saying why
        kept = self._kept_worlds(view)
        totals: dict[Card, int] = dict.fromkeys(cards, 0)
        solved: list[_World] = []
        played = _played(view)
        template: Position | None = None  # a world's position: the others differ in hands
        team = int(view.seat) & 1
        used = 0
        while len(solved) < self.worlds:
            if self.nodes is not None and used >= self.nodes and len(solved) >= self.min_worlds:
                break
            world: _World | None = None
            pos: Position | None = None
            while kept and pos is None:
                world = kept.pop(0)
                pos = self._agreeing(view, world.dealt, played)
            if pos is None or world is None:
                now = self._draw_world(sampler, draw, view)
                pos = None if template is None else _world_position(template, view, now, played)
                if pos is None:
                    pos = _replay(view, now).position
                    assert pos is not None
                    if _shared_credits(view):
                        template = pos
                dealt = (now[0] | played[0], now[1] | played[1], now[2] | played[2],
                         now[3] | played[3])  # fmt: skip
                world = _World(dealt, None)
            values, nodes = self._world_values(pos, world)
            used += nodes
            solved.append(world)
            for card in cards:
                totals[card] += values[card.index][team]
        if self.keep:
            self._memory[view.seat] = _Memory(view.dealer, view.steps, solved)
        base = int(contract.strain) * 32
        ranked = sorted(totals, key=lambda c: (-totals[c], K.POINTS[base + c.index], c.index))
        return [(card, totals[card] / len(solved)) for card in ranked]

    # ------------------------------------------------------------------ worlds
    def _draw_world(
        self, sampler: Sampler, rng: random.Random, view: PlayerView
    ) -> tuple[int, int, int, int]:
        """One new world: the four hands as they stand now (masks, by seat), drawn
        uniformly from the deals that agree with the view, or, with a *model*, by
        rejection: a uniform draw kept with probability its weight, at most
        :data:`MODEL_TRIES` draws, then the draw of highest weight (the last uniform
        draw if every weight was 0: the player never stops for want of a world)."""
        if self.model is None:
            return sampler.sample(rng)
        from coinche.bots._weights import checked_weight

        best: tuple[float, tuple[int, int, int, int]] | None = None
        for _ in range(MODEL_TRIES):
            hands = sampler.sample(rng)
            weight = checked_weight(self.model, view, hands)
            if weight >= 1.0 or rng.random() < weight:
                return hands
            if best is None or weight > best[0]:
                best = (weight, hands)
        assert best is not None
        return best[1] if best[0] > 0.0 else hands

    def _kept_worlds(self, view: PlayerView) -> list[_World]:
        """The worlds of the seat's last decision, if it was in the same deal."""
        memory = self._memory.pop(view.seat, None)
        if memory is None or not self.keep or memory.dealer is not view.dealer:
            return []
        steps = view.steps
        if len(steps) <= len(memory.steps) or steps[: len(memory.steps)] != memory.steps:
            return []
        return memory.worlds

    def _agreeing(
        self, view: PlayerView, dealt: tuple[int, int, int, int], played: list[int]
    ) -> Position | None:
        """The position of a kept world (its hands as dealt) at the point of *view*
        (*played*: the cards each seat played), or ``None`` when it no longer agrees
        with what was seen since."""
        if any(played[s] & ~dealt[s] for s in range(4)):
            return None
        now = [dealt[s] & ~played[s] for s in range(4)]
        try:
            deal = _replay(view, now)
        except CoincheError:
            return None
        return deal.position if deal.view(view.seat) == view else None

    def _world_values(self, pos: Position, world: _World) -> tuple[list[tuple[int, int]], int]:
        """Each legal card's value in the world at *pos*, by card index
        (``(north-south, east-west)``: card points or score differences, as *objective*
        says; the cards not legal hold zeros), and the positions searched."""
        from coinche.bots._search import _can_take_all, _ctx
        from coinche.bots.solver import _card_values

        side = pos.taker & 1
        if world.ctx is None:
            world.ctx = _ctx(pos, side)
        cx = world.ctx
        before = cx.nodes
        found = _card_values(pos, side, cx)
        nodes = int(cx.nodes - before)
        values = [(0, 0)] * 32
        if self.objective == "points":
            for card, points in found.items():
                values[card.index] = (points.north_south, points.east_west)
            return values, nodes
        fields = _score_fields(pos)
        for card, points in found.items():
            if (
                pos.kind == K.GENERALE
                and (points.east_west if side else points.north_south) > _ALL_POINTS
            ):
                after = pos.after(card.index)  # a capot: did the taker win every trick?
                made = after.won[pos.taker] == after.tricks_played
                if made and not after.is_over:
                    alone = _ctx(after, side)
                    made = _can_take_all(after, side, 1 << pos.taker, alone)
                    nodes += int(alone.nodes)
                fields = (*fields[:7], 1 if made else 0, *fields[8:])
            diff = _score_difference(fields, points, 0)
            values[card.index] = (diff, -diff)
        return values, nodes

    def __getstate__(self) -> dict[str, object]:
        """The player as pickled or copied (a match's blocks each get a copy): its
        options, without the worlds kept from a decision (solver tables)."""
        state = dict(self.__dict__)
        state["_memory"] = {}
        return state

    def __repr__(self) -> str:
        return (
            f"PimcPlayer(worlds={self.worlds}, max_cards={self.max_cards}, "
            f"objective={self.objective!r}, nodes={self.nodes}"
            + ("" if self.model is None else f", model={self.model!r}")
            + ")"
        )


def _cards_to_value(
    view: PlayerView, legal: Sequence[Action], draw: random.Random | None, who: str
) -> tuple[Contract, random.Random, list[Card]]:
    """The contract, the generator and the cards of *legal* that a search (*who*, for
    the message) values at *view*, once checked: the play phase, the seat's turn, a
    generator, and cards the seat may play now.

    :raises InvalidDealError: not in the play, not the seat's turn, or no card in *legal*.
    :raises IllegalCardError: a card of *legal* the seat may not play now.
    :raises CoincheTypeError: no generator, or *legal* not a sequence of actions.
    """
    contract = view.contract
    if contract is None or view.trick is None:
        raise InvalidDealError(f"{who} values cards in the play phase only")
    if view.to_move is not view.seat:
        raise InvalidDealError(f"{view.seat.name} is not to play: no card to value")
    if not isinstance(draw, random.Random):
        raise CoincheTypeError("card_values needs a random generator (rng=)")
    check_iterable(legal, "legal")
    cards = [action for action in legal if isinstance(action, Card)]
    if not cards:
        raise InvalidDealError(f"legal holds no card to value: {short_repr(legal)}")
    allowed = legal_cards(view.hand, view.trick, contract.strain, view.rules).mask
    for card in cards:
        if not allowed & card.mask:
            reason = explain_card(card, view.hand, view.trick, contract.strain, view.rules)
            raise IllegalCardError(card, view.seat, reason or "it is not legal now")
    return contract, draw, cards


def _replay(view: PlayerView, hands: Sequence[int]) -> Deal:
    from coinche.bots.sampling import replay

    return replay(view, hands)


def _shared_credits(view: PlayerView) -> bool:
    """Whether the announcement credit of the view's position is the same in every
    world that agrees: no announcements, or the first trick complete (every
    declaration made and seen). Outside the classic turned-card deal."""
    return view.turned is None and (not view.rules.announcements or bool(view.tricks))


def _world_position(
    base: Position, view: PlayerView, now: Sequence[int], played: list[int]
) -> Position:
    """The position of the world whose hands stand at *now*, from *base*, the position
    of another world of the same view (what :func:`~coinche.bots.sampling.replay`
    gives, without replaying the deal): the hands and the belote differ, nothing else
    (:func:`_shared_credits`). Belote goes to the seat of the world dealt the king and
    queen of trumps; where the rules want it declared, it is still open until that
    seat plays the first of them, and then declared as the view says (an agreeing
    world's holder is the seat that declared it, when one did)."""
    strain = base.strain
    d0, d1, d2, d3 = (now[0] | played[0], now[1] | played[1], now[2] | played[2],
                      now[3] | played[3])  # fmt: skip
    holder = K.belote_holder(d0, d1, d2, d3, strain)
    team = -1
    pending = 0
    if holder >= 0:
        team = holder & 1
        if view.rules.belote_requires_declaration:
            if not played[holder] & K.belote_mask(strain):
                pending = 1
            elif not view.belote_declared:
                team = -1
    return base._replace(
        hands=(now[0], now[1], now[2], now[3]),
        belote_holder=holder,
        belote_team=team,
        belote_open=pending,
    )


def _played(view: PlayerView) -> list[int]:
    """The cards each seat has played so far in the deal, as masks, by seat."""
    played = [0, 0, 0, 0]
    tricks = [*view.tricks, view.trick] if view.trick is not None else list(view.tricks)
    for trick in tricks:
        for seat, card in trick.plays():
            played[seat] |= card.mask
    return played
