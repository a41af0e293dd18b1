"""A fixed-size observation of what one seat may know, as a NumPy vector.

:func:`observation` reads a :class:`~coinche.PlayerView`, and nothing else: it cannot
reveal a card the view hides. The vector has :data:`OBSERVATION_SIZE` ``float32``
values, all between 0 and 1, laid out as :data:`OBSERVATION_FIELDS` lists them, in
order. Seats are *relative* to the observer: 0 is the observer, 1 the next seat in the
order of play (an opponent), 2 the partner, 3 the previous seat; so the same policy
serves every seat. Cards are by :attr:`~coinche.Card.index`.

>>> import random
>>> from coinche import Deal, RuleConfig, Seat
>>> from coinche.rl import OBSERVATION_SIZE, field_slice, observation
>>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0))
>>> vector = observation(deal.view(Seat.NORTH))
>>> vector.shape == (OBSERVATION_SIZE,), vector.dtype.name, int(vector[field_slice("hand")].sum())
(True, 'float32', 8)
>>> vector[field_slice("phase")].tolist()     # auction, play, scored, thrown in
[1.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from coinche._checks import check_choice, check_type
from coinche.actions import CAPOT_BASE, NUMERIC_BID_BASE, check_rules
from coinche.auction import Bid, Coinche, Pass, Surcoinche
from coinche.auction.classic import NameSuit, Take
from coinche.config import RuleConfig
from coinche.contract import CAPOT, GENERALE
from coinche.deal import Phase, PlayerView
from coinche.errors import CoincheTypeError
from coinche.play import Trick
from coinche.scoring import TeamPoints

__all__ = [
    "OBSERVATION_FIELDS",
    "OBSERVATION_SIZE",
    "field_slice",
    "observation",
]

OBSERVATION_FIELDS: Final[tuple[tuple[str, int, str], ...]] = (
    ("hand", 32, "the cards the observer still holds"),
    ("played", 4 * 32, "for each relative seat, the cards it has played (all tricks)"),
    ("trick", 4 * 32, "for each relative seat, its card in the trick being played"),
    ("trick_leader", 4, "the relative seat that led the trick being played"),
    ("shown", 4 * 32, "for each relative seat, the cards of the announcements it declared"),
    ("turned", 32, "the turned card (classic belote)"),
    ("bids", 114 * 4, "for each bid (action integer minus 40) and relative seat, 1 if made"),
    ("coinche", 4, "the relative seat that coinched"),
    ("surcoinche", 4, "the relative seat that surcoinched"),
    ("take", 4, "the relative seat that took the turned suit (classic belote)"),
    ("name_suit", 4 * 4, "for each suit and relative seat, 1 if that seat named it"),
    ("passed", 4, "for each relative seat, 1 if its latest call is a pass"),
    ("round_two", 1, "1 in the second round of the classic auction"),
    ("contract_strain", 6, "the contract's strain, C D H S NT AT"),
    ("contract_level", 19, "the contract's bid level 0 to 16, then capot, générale"),
    ("contract_taker", 4, "the taker, relative"),
    ("contract_multiplier", 3, "the multiplier: 1, coinched (2), surcoinched (4)"),
    ("card_points", 2, "card points of complete tricks, own team then the other, / 162"),
    ("tricks_won", 2, "tricks won, own team then the other, / 8"),
    ("announcements", 2, "points of declared announcements, own team then the other, / 500"),
    ("belote", 1, "1 once belote has been declared (belote_requires_declaration)"),
    ("game_totals", 2, "game totals, own team then the other, / target (0 without a game)"),
    ("seat", 4, "the observer's seat, absolute: N E S W"),
    ("dealer", 4, "the dealer, relative"),
    ("to_move", 4, "the seat to move, relative (all 0 once the deal is over)"),
    ("phase", 4, "auction, play, scored, thrown in"),
)
"""Each field of the observation: its name, its number of values, what they mean."""

_OFFSETS: Final[dict[str, tuple[int, int]]] = {}
_position = 0
for _name, _size, _ in OBSERVATION_FIELDS:
    _OFFSETS[_name] = (_position, _position + _size)
    _position += _size
OBSERVATION_SIZE: Final = _position
"""The number of values in an observation."""
del _position, _name, _size
_NAMES: Final = tuple(_OFFSETS)


def field_slice(name: str) -> slice:
    """The slice of the observation vector that holds field *name*.

    >>> from coinche.rl import field_slice
    >>> field_slice("hand"), field_slice("played")
    (slice(0, 32, None), slice(32, 160, None))

    :raises CoincheTypeError: *name* is not a str.
    :raises CoincheValueError: *name* is not one of the names of
        :data:`OBSERVATION_FIELDS`.
    """
    found = _OFFSETS.get(name) if type(name) is str else None
    if found is None:
        check_choice(name, "name", _NAMES)  # raises, naming the fields
    assert found is not None
    return slice(*found)


_HAND: Final = _OFFSETS["hand"][0]
_PLAYED: Final = _OFFSETS["played"][0]
_TRICK: Final = _OFFSETS["trick"][0]
_LEADER: Final = _OFFSETS["trick_leader"][0]
_SHOWN: Final = _OFFSETS["shown"][0]
_TURNED: Final = _OFFSETS["turned"][0]
_BIDS: Final = _OFFSETS["bids"][0]
_COINCHE: Final = _OFFSETS["coinche"][0]
_SURCOINCHE: Final = _OFFSETS["surcoinche"][0]
_TAKE: Final = _OFFSETS["take"][0]
_NAME: Final = _OFFSETS["name_suit"][0]
_PASSED: Final = _OFFSETS["passed"][0]
_ROUND_TWO: Final = _OFFSETS["round_two"][0]
_STRAIN: Final = _OFFSETS["contract_strain"][0]
_LEVEL: Final = _OFFSETS["contract_level"][0]
_TAKER: Final = _OFFSETS["contract_taker"][0]
_MULTIPLIER: Final = _OFFSETS["contract_multiplier"][0]
_CARD_POINTS: Final = _OFFSETS["card_points"][0]
_TRICKS_WON: Final = _OFFSETS["tricks_won"][0]
_ANNOUNCED: Final = _OFFSETS["announcements"][0]
_BELOTE: Final = _OFFSETS["belote"][0]
_TOTALS: Final = _OFFSETS["game_totals"][0]
_SEAT: Final = _OFFSETS["seat"][0]
_DEALER: Final = _OFFSETS["dealer"][0]
_TO_MOVE: Final = _OFFSETS["to_move"][0]
_PHASE: Final = _OFFSETS["phase"][0]
_PHASES: Final = {Phase.AUCTION: 0, Phase.PLAY: 1, Phase.SCORED: 2, Phase.THROWN_IN: 3}
_MULTIPLIERS: Final = {1: 0, 2: 1, 4: 2}


def _level(value: object, min_bid: int, step: int) -> int:
    """The contract_level index of a bid value."""
    if value is CAPOT:
        return 17
    if value is GENERALE:
        return 18
    assert isinstance(value, int)
    return (value - min_bid) // step


# The auction's part of the observation for the latest (calls, seat, rules) seen: in the
# play the calls no longer change, so each step reuses it. The calls object is kept and
# compared by identity, so a reused id cannot give a stale answer.
_AUCTION_CACHE: dict[int, tuple[object, RuleConfig, list[int]]] = {}


def _auction_ones(view: PlayerView, me: int) -> list[int]:
    """The indices set to 1 by the calls of *view* (bids, coinche... passes, round two)."""
    calls = view.calls
    rules = view.rules
    found = _AUCTION_CACHE.get(me)
    if found is not None and found[0] is calls and found[1] is rules:
        return found[2]
    min_bid = rules.min_bid
    step = rules.bid_step
    ones: list[int] = []
    last_call: dict[int, bool] = {}
    passes = 0
    for seat, call in calls:
        rel = (seat - me) % 4
        kind = type(call)
        last_call[rel] = kind is Pass
        if kind is Bid:
            assert isinstance(call, Bid)
            level = _level(call.value, min_bid, step)
            slot = (
                (CAPOT_BASE - NUMERIC_BID_BASE) + 6 * (level - 17) + call.strain
                if level >= 17
                else 6 * level + call.strain
            )
            ones.append(_BIDS + 4 * slot + rel)
        elif kind is Coinche:
            ones.append(_COINCHE + rel)
        elif kind is Surcoinche:
            ones.append(_SURCOINCHE + rel)
        elif kind is Take:
            ones.append(_TAKE + rel)
        elif kind is NameSuit:
            assert isinstance(call, NameSuit)
            ones.append(_NAME + 4 * call.suit + rel)
        elif kind is Pass:
            passes += 1
    ones.extend(_PASSED + rel for rel, passed in last_call.items() if passed)
    if view.turned is not None and passes >= 4 and view.contract is None:
        ones.append(_ROUND_TWO)
    _AUCTION_CACHE[me] = (calls, rules, ones)
    return ones


# The complete tricks' part, cached the same way: within a trick they do not change.
_TRICKS_CACHE: dict[int, tuple[object, list[int]]] = {}


def _tricks_part(tricks: tuple[Trick, ...], me: int) -> list[int]:
    """The played cards of *tricks* (indices set to 1), by seat relative to the
    observer."""
    found = _TRICKS_CACHE.get(me)
    if found is not None and found[0] is tricks:
        return found[1]
    ones: list[int] = []
    for done in tricks:
        first = (done.leader - me) % 4  # the leader, relative
        for position, card in enumerate(done.cards):
            ones.append(_PLAYED + 32 * ((first + position) & 3) + card.index)
    _TRICKS_CACHE[me] = (tricks, ones)
    return ones


def observation(view: PlayerView, totals: TeamPoints | None = None) -> npt.NDArray[np.float32]:
    """The observation vector of *view* (see :data:`OBSERVATION_FIELDS`).

    *totals* are the game's running totals (:attr:`coinche.Game.totals`), shown in the
    ``game_totals`` field divided by the target and capped at 1; without them that
    field is 0.

    >>> import random
    >>> from coinche import Deal, RuleConfig, Seat
    >>> from coinche.rl import field_slice, observation
    >>> rng = random.Random(4)
    >>> deal = Deal.new(Seat.SOUTH, RuleConfig.common(), rng)
    >>> while not deal.is_over:
    ...     deal = deal.apply(rng.choice(deal.legal_actions()))
    >>> vector = observation(deal.view(Seat.EAST))
    >>> int(vector[field_slice("played")].sum()) in (0, 32)   # thrown in, or played out
    True

    :raises CoincheTypeError: *view* is not a :class:`~coinche.PlayerView`, *totals*
        neither a :class:`~coinche.TeamPoints` nor None.
    :raises RuleConfigError: rules the action table cannot encode (more than 17 bid levels).
    """
    if not isinstance(view, PlayerView):
        raise CoincheTypeError(f"expected a PlayerView, not {type(view).__name__}")
    if totals is not None:
        check_type(totals, TeamPoints, "totals")
    rules = view.rules
    check_rules(rules)
    me = int(view.seat)
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    ones: list[int] = [_HAND + card.index for card in view.hand]
    ones.append(_SEAT + me)
    ones.append(_DEALER + (view.dealer - me) % 4)
    ones.append(_PHASE + _PHASES[view.phase])
    if view.to_move is not None:
        ones.append(_TO_MOVE + (view.to_move - me) % 4)
    if view.turned is not None:
        ones.append(_TURNED + view.turned.index)

    ones.extend(_auction_ones(view, me))

    # the contract
    contract = view.contract
    if contract is not None:
        strain = contract.strain
        ones.append(_STRAIN + strain)
        ones.append(_LEVEL + _level(contract.value, rules.min_bid, rules.bid_step))
        ones.append(_TAKER + (contract.taker - me) % 4)
        ones.append(_MULTIPLIER + _MULTIPLIERS[contract.multiplier])
        ones.extend(_tricks_part(view.tricks, me))
        trick = view.trick
        if trick is not None:
            first = (trick.leader - me) % 4
            ones.append(_LEADER + first)
            for position, card in enumerate(trick.cards):
                rel = (first + position) & 3
                ones.append(_PLAYED + 32 * rel + card.index)
                ones.append(_TRICK + 32 * rel + card.index)
        own = view.seat.team  # the view's figures, own team first
        points, won = view.card_points, view.tricks_won
        out[_CARD_POINTS] = points[own] / 162
        out[_CARD_POINTS + 1] = points[own.other] / 162
        out[_TRICKS_WON] = won[own] / 8
        out[_TRICKS_WON + 1] = won[own.other] / 8

    # announcements and belote
    announced = [0, 0]
    for announcement in view.announcements:
        rel = (announcement.seat - me) % 4
        announced[rel & 1] += announcement.points
        ones.extend(_SHOWN + 32 * rel + card.index for card in announcement.cards)
    out[_ANNOUNCED] = min(announced[0] / 500, 1.0)
    out[_ANNOUNCED + 1] = min(announced[1] / 500, 1.0)
    if view.belote_declared:
        ones.append(_BELOTE)
    if totals is not None:
        own = view.seat.team
        out[_TOTALS] = min(totals[own] / rules.target, 1.0)
        out[_TOTALS + 1] = min(totals[own.other] / rules.target, 1.0)
    out[np.fromiter(ones, np.intp, len(ones))] = 1.0
    return out
