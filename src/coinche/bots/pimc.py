"""Perfect-Information Monte-Carlo card play: :class:`PimcPlayer` and its search
(:mod:`coinche.bots.players` re-exports the player).

For each card to play, the player imagines deals that agree with what its seat has
seen (:class:`~coinche.bots.sampling.Sampler`), solves each one with the hands open
(:mod:`coinche.bots.solver`) and plays the card that does best on average.

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

>>> from coinche.bots.pimc import OBJECTIVES, PimcPlayer
>>> OBJECTIVES, PimcPlayer(objective="points").objective
(('score', 'points'), 'points')
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from typing_extensions import override

from coinche import _kernel as K
from coinche._checks import check_bool, check_int_range, check_iterable, short_repr
from coinche.bots._search import _can_take_all, _Ctx, _ctx
from coinche.bots.base import GreedyPlayer, Player, _check_player, _searched_card
from coinche.bots.inference import WorldModel, _check_model, _checked_weight
from coinche.bots.sampling import Sampler, replay
from coinche.bots.solver import _card_values, capot_team
from coinche.cards import Card
from coinche.contract import Contract
from coinche.deal import Action, PlayerView, Step
from coinche.errors import (
    CoincheError,
    CoincheTypeError,
    IllegalActionError,
    IllegalCardError,
    InvalidDealError,
)
from coinche.play import explain_card, legal_cards
from coinche.position import Position
from coinche.scoring import TeamPoints
from coinche.seats import Seat

__all__ = ["MODEL_TRIES", "OBJECTIVES", "PimcPlayer"]

OBJECTIVES: Final = ("score", "points")
"""The values of :class:`~coinche.bots.players.PimcPlayer`'s *objective*."""

MODEL_TRIES: Final = 40
"""Uniform draws a :class:`~coinche.bots.players.PimcPlayer` with a *model* makes at
most for one world (as :func:`coinche.bots.inference.sample_worlds`, 40 a world)."""


def _cards_left(view: PlayerView) -> int:
    """How many cards are still to be played in the deal, the next one included."""
    played = sum(len(t.cards) for t in view.tricks)
    if view.trick is not None:
        played += len(view.trick.cards)
    return 32 - played


def _score_difference(fields: _ScoreFields, points: TeamPoints, team: int) -> int:
    """The deal score of *team* minus the other team's when the deal ends with *points*
    (a solver's :class:`~coinche.scoring.TeamPoints`: a capot shows as 250 or 252 to 0),
    under the contract and credits of *fields* (:func:`_score_fields`)."""
    (options, taker, kind, value, multiplier, belote_team, ann_ns, ann_ew, generale_made) = fields
    capot = capot_team(points)
    f = K.score_points(
        options, taker, kind, value, multiplier, points.north_south, points.east_west, capot,
        generale_made if capot == taker & 1 else 0, belote_team, ann_ns, ann_ew,
    )  # fmt: skip
    difference = f[K.F_SCORE_NS] - f[K.F_SCORE_EW]
    return difference if team == 0 else -difference


_ScoreFields = tuple[tuple[int, ...], int, int, int, int, int, int, int, int]


def _score_fields(pos: Position, generale_made: int = 1) -> _ScoreFields:
    """What :func:`_score_difference` reads of *pos*: its options, taker, kind, value,
    multiplier, belote team and announcement credits, and whether a générale is made
    when the taker's team takes every trick (counted as made by default: a caller that
    can tell says)."""
    return (
        pos.options, pos.taker, pos.kind, pos.value, pos.multiplier, pos.belote_team,
        pos.announcements[0], pos.announcements[1], generale_made,
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


class PimcPlayer:
    """A player that imagines the hidden hands and solves each imagined deal.

    Perfect-Information Monte-Carlo, the method of the strongest bridge and skat
    programs: for each card to play it draws deals uniformly from those that agree
    with its view (:class:`~coinche.bots.sampling.Sampler`: every inference the rules of
    play allow), solves each one with the double-dummy solver (both sides playing
    perfectly with the cards open) and plays the card whose mean value over the worlds
    is highest, the value given by *objective*. **Ties** go to the card worth fewer
    points in the contract, then to the lower card index (clubs 7 first), so that equal
    cards give away nothing. With one legal card it plays it without searching.

    - *worlds*: at most this many deals solved for each decision (20 by default).
    - *rng*: the generator the worlds are drawn from; by default the one ``choose`` is
      given.
    - *bidder*: the player that makes the calls of the auction (a
      :class:`~coinche.bots.players.GreedyPlayer` by default;
      :class:`coinche.bots.evaluate.EvaluatingBidder` bids on the same kind of search).
    - *max_cards*: search only when at most this many cards are still to be played in
      the deal, the card to play included (32 by default: from the first card);
      earlier cards are chosen by *fallback* (a
      :class:`~coinche.bots.players.GreedyPlayer` by default).
    - *objective*: ``"score"`` (the default) or ``"points"``, see
      :mod:`coinche.bots.pimc`. A value is the mean over the worlds of the team's deal
      score minus the other team's, or of the team's card points.
    - *nodes*: a search budget for each decision, in solver positions (900,000 by
      default; ``None``: none). Worlds are solved one after the other, and no new world
      is started once the decision's searches have visited *nodes* positions: the
      first cards of a deal, whose worlds are dear (over a million positions a world
      for the lead of trick one), get few worlds, the later ones all *worlds*. At least
      *min_worlds* worlds (4 by default) are always solved. Positions are counted
      exactly, so the budget keeps the player deterministic, the same in the pure and
      the compiled builds (compiled, about 0.1 microsecond a position; pure Python,
      some fifty times more: there the lead of trick one takes tens of seconds).
    - *keep*: keep the worlds of a decision for the seat's next decision in the same
      deal, with their solver tables (True by default). The worlds being drawn
      uniformly, one that still agrees with the view is a uniform draw among those
      that do (the deals agreeing later are a subset of those agreeing before), so it
      is solved again first, its table making the search much cheaper; fresh draws
      make up the rest (with a *model*, the kept worlds were drawn under it, and the
      same holds of its law). With *keep* the
      choice of a card also depends on the player's earlier decisions in the deal, not
      only on the generator's state.

    - *model*: a :class:`~coinche.bots.inference.WorldModel` that weighs the worlds
      by how likely what was said and played is in them
      (:class:`~coinche.bots.inference.BidderModel`: the other seats call as
      GreedyPlayer would); each world is then drawn by rejection, as
      :func:`~coinche.bots.inference.sample_worlds` draws them (at most
      :data:`~coinche.bots.pimc.MODEL_TRIES` uniform draws a world). ``None`` (the
      default): uniform worlds.

    Double-dummy search assumes everyone sees everything, so PIMC never plays to
    learn or to hide information: its known weakness ("strategy fusion").

    >>> import random
    >>> from coinche import Card, Hand, RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Bid
    >>> from coinche.deal import Deal
    >>> from coinche.bots.players import PimcPlayer
    >>> hands = [Hand.parse(text) for text in ("JH 9H 8H 7H AS 7C 8D 9D",
    ...     "AC TC KC QC JC 9C 8C 7S", "AD TD KD QD JD 8S 9S TS", "AH TH KH QH JS QS KS 7D")]
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    >>> deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    >>> for code in ("JH AC AD AH 9H 7S 8S QH".split()):     # two tricks
    ...     deal = deal.apply(Card.parse(code))
    >>> view, legal = deal.view(Seat.NORTH), deal.legal_actions()
    >>> player = PimcPlayer(worlds=4, max_cards=20)
    >>> player.choose(view, legal, random.Random(1)) in legal   # 24 cards left: greedy play
    True
    >>> player = PimcPlayer(worlds=4, objective="points")       # mean card points
    >>> values = player.card_values(view, legal, random.Random(1))   # best first
    >>> len(values), values[0][1] >= values[-1][1]
    (6, True)
    >>> player.choose(view, legal, random.Random(1)) == values[0][0]
    True
    """

    def __init__(
        self,
        worlds: int = 20,
        rng: random.Random | None = None,
        *,
        bidder: Player | None = None,
        max_cards: int = 32,
        fallback: Player | None = None,
        objective: str = "score",
        nodes: int | None = 900_000,
        min_worlds: int = 4,
        keep: bool = True,
        model: WorldModel | None = None,
    ) -> None:
        self.worlds = check_int_range(worlds, "worlds", 1, 1_000_000)
        if rng is not None and not isinstance(rng, random.Random):
            raise CoincheTypeError(f"rng must be a random.Random or None, not {short_repr(rng)}")
        self.rng = rng
        self.bidder: Player = GreedyPlayer() if bidder is None else _check_player(bidder, "bidder")
        self.max_cards = check_int_range(max_cards, "max_cards", 0, 32)
        self.fallback: Player = (
            GreedyPlayer() if fallback is None else _check_player(fallback, "fallback")
        )
        if objective not in OBJECTIVES or type(objective) is not str:
            raise CoincheTypeError(
                f"objective must be 'score' or 'points', not {short_repr(objective)}"
            )
        self.objective = objective
        self.nodes = None if nodes is None else check_int_range(nodes, "nodes", 1, 10**12)
        self.min_worlds = check_int_range(min_worlds, "min_worlds", 1, 1_000_000)
        self.keep = check_bool(keep, "keep")
        self.model = _check_model(model)
        self._memory: dict[Seat, _Memory] = {}

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The first card of :meth:`card_values` (the best by search, or the fallback's
        card), or the bidder's call; a single legal card without searching.

        :raises CoincheTypeError, CoincheValueError: as every player's ``choose``
            (:meth:`RandomPlayer.choose <coinche.bots.players.RandomPlayer.choose>`).
        """
        return _searched_card(self, view, legal, rng)

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
                    pos = replay(view, now).position
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
        best: tuple[float, tuple[int, int, int, int]] | None = None
        for _ in range(MODEL_TRIES):
            hands = sampler.sample(rng)
            weight = _checked_weight(self.model, view, hands)
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
            deal = replay(view, now)
        except CoincheError:
            return None
        return deal.position if deal.view(view.seat) == view else None

    def _world_values(self, pos: Position, world: _World) -> tuple[list[tuple[int, int]], int]:
        """Each legal card's value in the world at *pos*, by card index
        (``(north-south, east-west)``: card points or score differences, as *objective*
        says; the cards not legal hold zeros), and the positions searched."""
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
            if pos.kind == K.GENERALE and capot_team(points) == side:
                after = pos.after(card.index)  # a capot: did the taker win every trick?
                made = after.won[pos.taker] == after.tricks_played
                if made and not after.is_over:
                    alone = _ctx(after, side)
                    made = _can_take_all(after, side, 1 << pos.taker, alone)
                    nodes += int(alone.nodes)
                fields = _score_fields(pos, 1 if made else 0)
            diff = _score_difference(fields, points, 0)
            values[card.index] = (diff, -diff)
        return values, nodes

    @override
    def __getstate__(self) -> dict[str, object]:
        """The player as pickled or copied (a match's blocks each get a copy): its
        options, without the worlds kept from a decision (solver tables)."""
        state = dict(self.__dict__)
        state["_memory"] = {}
        return state

    @override
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
    if not isinstance(view, PlayerView):
        raise CoincheTypeError(f"view must be a PlayerView, not {short_repr(view)}")
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
