"""The four seats' observation vectors of one deal, kept up to date action by action.

:func:`coinche.rl.observation` builds a vector from a :class:`~coinche.PlayerView`;
the single-deal environments instead build the four vectors once when a deal starts
(with that function) and then change only the values an action changes: a card sets
its bits in ``played`` and ``trick`` and clears one in the mover's ``hand``, a call its
bit in ``bids`` (or ``coinche``...), the end of a trick the points from the deal's
engine position (:class:`coinche.position.Position`). ``tests/test_rl.py``
checks the result against :func:`~coinche.rl.observation` at every step, every preset.
The classic turned-card auction is rebuilt from the view at each call (its round two,
taking and naming calls); its play is incremental like the others.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from coinche.auction import Bid, Coinche, Pass, Surcoinche
from coinche.cards import Card
from coinche.config import AuctionKind
from coinche.deal import Action, Deal, Phase
from coinche.rl.observation import _level, field_slice, observation
from coinche.scoring import TeamPoints
from coinche.seats import Seat, Team

_HAND: Final = field_slice("hand").start
_PLAYED: Final = field_slice("played").start
_TRICK: Final = field_slice("trick")
_LEADER: Final = field_slice("trick_leader")
_SHOWN: Final = field_slice("shown").start
_BIDS: Final = field_slice("bids").start
_COINCHE: Final = field_slice("coinche").start
_SURCOINCHE: Final = field_slice("surcoinche").start
_PASSED: Final = field_slice("passed").start
_STRAIN: Final = field_slice("contract_strain").start
_LEVEL: Final = field_slice("contract_level").start
_TAKER: Final = field_slice("contract_taker").start
_MULTIPLIER: Final = field_slice("contract_multiplier").start
_CARD_POINTS: Final = field_slice("card_points").start
_TRICKS_WON: Final = field_slice("tricks_won").start
_ANNOUNCED: Final = field_slice("announcements").start
_BELOTE: Final = field_slice("belote").start
_TOTALS: Final = field_slice("game_totals").start
_TO_MOVE: Final = field_slice("to_move")
_PHASE: Final = field_slice("phase")
_PHASES: Final = {Phase.AUCTION: 0, Phase.PLAY: 1, Phase.SCORED: 2, Phase.THROWN_IN: 3}
_MULTIPLIERS: Final = {1: 0, 2: 1, 4: 2}


class Tracker:
    """The observation vectors of the four seats (by seat) of the deal last seen."""

    def __init__(self, deal: Deal, totals: TeamPoints | None = None) -> None:
        self.totals = totals
        self.classic = deal.rules.auction is AuctionKind.TURNED_CARD
        self.vectors: list[npt.NDArray[np.float32]] = []
        self.rebuild(deal)

    def rebuild(self, deal: Deal) -> None:
        """Build the four vectors from the deal's views."""
        self.vectors = [observation(deal.view(seat), self.totals) for seat in Seat]

    def set_totals(self, totals: TeamPoints, target: int) -> None:
        """Show new game totals (the game_totals field)."""
        self.totals = totals
        for observer, vector in enumerate(self.vectors):
            own = Team(observer & 1)
            vector[_TOTALS] = min(totals[own] / target, 1.0)
            vector[_TOTALS + 1] = min(totals[own.other] / target, 1.0)

    def update(self, before: Deal, seat: int, move: Action, after: Deal) -> None:
        """The vectors after *seat* made *move* in *before*, giving *after*."""
        if isinstance(move, Card):
            self._card(before, seat, move, after)
        elif self.classic:
            self.rebuild(after)
            return
        else:
            self._call(before, seat, move, after)
        moving = after.to_move
        to_move = -1 if moving is None else int(moving)
        phase = _PHASES[after.phase]
        old_move = before.to_move
        old_phase = _PHASES[before.phase]
        if to_move == old_move and phase == old_phase:
            return
        start = _TO_MOVE.start
        for observer, vector in enumerate(self.vectors):
            if old_move is not None:
                vector[start + ((old_move - observer) & 3)] = 0.0
            if to_move >= 0:
                vector[start + ((to_move - observer) & 3)] = 1.0
            if phase != old_phase:
                vector[_PHASE.start + old_phase] = 0.0
                vector[_PHASE.start + phase] = 1.0

    def _call(self, before: Deal, seat: int, move: Action, after: Deal) -> None:
        rules = after.rules
        kind = type(move)
        for observer, vector in enumerate(self.vectors):
            rel = (seat - observer) & 3
            if kind is Bid:
                assert isinstance(move, Bid)
                level = _level(move.value, rules.min_bid, rules.bid_step)
                slot = (
                    6 * level + move.strain if level < 17 else 102 + 6 * (level - 17) + move.strain
                )
                vector[_BIDS + 4 * slot + rel] = 1.0
            elif kind is Coinche:
                vector[_COINCHE + rel] = 1.0
            elif kind is Surcoinche:
                vector[_SURCOINCHE + rel] = 1.0
            vector[_PASSED + rel] = 1.0 if kind is Pass else 0.0
        contract = after.contract
        if after.phase is Phase.PLAY and contract is not None:
            pos = after.position
            assert pos is not None
            level = _level(contract.value, rules.min_bid, rules.bid_step)
            for observer, vector in enumerate(self.vectors):
                vector[_STRAIN + contract.strain] = 1.0
                vector[_LEVEL + level] = 1.0
                vector[_TAKER + ((contract.taker - observer) & 3)] = 1.0
                vector[_MULTIPLIER + _MULTIPLIERS[contract.multiplier]] = 1.0
                vector[_LEADER.start + ((pos.leader - observer) & 3)] = 1.0

    def _card(self, before: Deal, seat: int, card: Card, after: Deal) -> None:
        pos = after.position
        index = card.index
        self.vectors[seat][_HAND + index] = 0.0
        assert pos is not None
        done = pos.size == 0
        new = after.announcements[len(before.announcements) :]
        belote = after.belote_declared and not before.belote_declared
        for observer, vector in enumerate(self.vectors):
            rel = (seat - observer) & 3
            vector[_PLAYED + 32 * rel + index] = 1.0
            if done:
                vector[_TRICK] = 0.0
                vector[_LEADER] = 0.0
            else:
                vector[_TRICK.start + 32 * rel + index] = 1.0
            for announcement in new:
                at = (announcement.seat - observer) & 3
                for shown in announcement.cards:
                    vector[_SHOWN + 32 * at + shown.index] = 1.0
            if belote:
                vector[_BELOTE] = 1.0
        if new:
            self._announced(after)
        if done:
            self._trick_done(after)

    def _announced(self, after: Deal) -> None:
        for observer, vector in enumerate(self.vectors):
            points = [0, 0]
            for announcement in after.announcements:
                points[(announcement.seat - observer) & 1] += announcement.points
            vector[_ANNOUNCED] = min(points[0] / 500, 1.0)
            vector[_ANNOUNCED + 1] = min(points[1] / 500, 1.0)

    def _trick_done(self, after: Deal) -> None:
        pos = after.position
        assert pos is not None
        points = pos.points  # the last trick's 10 included once the deal is over
        won = (pos.won[0] + pos.won[2], pos.won[1] + pos.won[3])
        leader = -1 if pos.is_over else pos.leader
        for observer, vector in enumerate(self.vectors):
            own = observer & 1
            vector[_CARD_POINTS] = points[own] / 162
            vector[_CARD_POINTS + 1] = points[1 - own] / 162
            vector[_TRICKS_WON] = won[own] / 8
            vector[_TRICKS_WON + 1] = won[1 - own] / 8
            if leader >= 0:
                vector[_LEADER.start + ((leader - observer) & 3)] = 1.0
