"""The tree of :mod:`coinche.bots.ismcts`'s search, compiled by mypyc in the optional
build (the player, interpreted, checks its arguments; this runs the iterations)."""

from __future__ import annotations

import math
import random
from typing import Final

from coinche import _kernel as K
from coinche import engine
from coinche.bots._search import _Ctx, _ctx
from coinche.bots.pimc import _score_difference, _score_fields
from coinche.bots.solver import _points, _solve_after
from coinche.position import Position

_SCALE: Final = 400.0  # rewards are score differences over this: mostly within -1 to 1


class _World:
    """One agreeing deal of the pool: its state at the decision, and its solver context
    (kept across the decision's iterations: the positions of one deal)."""

    __slots__ = ("ctx", "pos", "state")

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.state = engine.PlayState.from_position(pos)
        self.ctx: _Ctx | None = None


class _Tree:
    """The search tree: nodes by number, node 0 the decision; each node's children by
    card, its visits, its total reward for the decision's team and, for UCB, how many
    times it was available when its parent was visited."""

    def __init__(self, team: int, exploration: float, dd_cards: int) -> None:
        self.team = team
        self.c = exploration
        self.dd_cards = dd_cards
        self.children: list[dict[int, int]] = [{}]
        self.kids: list[int] = [0]  # the cards of each node's children, as a mask
        self.visits: list[int] = [0]
        self.total: list[float] = [0.0]
        self.avail: list[int] = [0]

    def iterate(self, world: _World, rng: random.Random) -> None:
        """One iteration in *world*: select, expand one node, value it, back it up."""
        state = world.state.copy()
        node = 0
        path = [0]
        children = self.children
        kids = self.kids
        visits = self.visits
        total = self.total
        avail = self.avail
        c = self.c
        card = -1
        while not state.is_over:
            legal = state.legal_mask()
            here = children[node]
            tried = legal & kids[node]
            m = tried
            while m:  # every legal child was available this time
                avail[here[K.lowest(m)]] += 1
                m &= m - 1
            untried = legal & ~tried
            if untried:
                k = rng.randrange(K.count(untried))
                while k:
                    untried &= untried - 1
                    k -= 1
                card = K.lowest(untried)
                child = len(visits)
                here[card] = child
                kids[node] |= 1 << card
                children.append({})
                kids.append(0)
                visits.append(0)
                total.append(0.0)
                avail.append(1)
                path.append(child)
                state.play(card)
                break
            sign = 1.0 if state.to_move & 1 == self.team else -1.0
            best = -math.inf
            pick = -1
            m = tried
            while m:
                low = K.lowest(m)
                m &= m - 1
                kid = here[low]
                n = visits[kid]
                u = sign * total[kid] / n + c * math.sqrt(math.log(avail[kid]) / n)
                if u > best:
                    best = u
                    pick = kid
                    card = low
            node = pick
            path.append(node)
            state.play(card)
        reward = self._value(state, world) / _SCALE
        for node in path:
            visits[node] += 1
            total[node] += reward

    def _value(self, state: engine.PlayState, world: _World) -> float:
        """The deal-score difference for the decision's team from *state* on: the
        score once over, solved double dummy with few cards left, else played out."""
        team = self.team
        if state.is_over:
            ns, ew = state.score()
            return float(ns - ew if team == 0 else ew - ns)
        left = K.count(state.h0 | state.h1 | state.h2 | state.h3)
        if left <= self.dd_cards and state.kind != K.GENERALE:
            pos = state.position()
            side = pos.taker & 1
            if world.ctx is None:
                world.ctx = _ctx(pos, side)
            mine, theirs = _solve_after(pos, side, world.ctx)
            return float(_score_difference(_score_fields(pos), _points(side, mine, theirs), team))
        ns, ew = engine.playouts(state, 1, 0, engine.GREEDY)
        return float(ns - ew if team == 0 else ew - ns)

    def root_figures(self) -> tuple[dict[int, int], dict[int, float]]:
        """The visits and the mean value (in score points) of each card tried first."""
        visits: dict[int, int] = {}
        means: dict[int, float] = {}
        for card, node in self.children[0].items():
            visits[card] = self.visits[node]
            means[card] = self.total[node] / self.visits[node] * _SCALE
        return visits, means
