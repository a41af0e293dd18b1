"""Coinche as an OpenSpiel game, ``python_coinche`` (the extra ``coinche[openspiel]``).

Importing this module registers the game with ``pyspiel``:

>>> import pyspiel
>>> import coinche.rl.openspiel
>>> game = pyspiel.load_game("python_coinche", {"rules": "ffb"})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(4, 154, 32)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)
>>> state.apply_action(32)
Traceback (most recent call last):
...
coinche.errors.IllegalActionError: 32 is not allowed now: a chance outcome is the index ...

- **Parameters**: ``rules``, a preset name (default ``"common"``); ``dealer``, the
  dealer's seat letter, N E S W (default ``"W"``, so that North speaks first).
- **Chance**: the first 32 moves deal the deck, one card a move, top first; each
  outcome is a card index of those not yet dealt, all equally likely. The deck is then
  dealt as :meth:`Deal.from_deck <coinche.Deal.from_deck>` does (the packets of the
  rules' deal pattern, or classic belote's five cards, turned card and stock).
- **Players** 0 to 3 are North, East, South, West; the actions are the integers of
  :mod:`coinche.actions`, legal actions ascending.
- **Illegal actions** raise the library's error and change nothing, as in the AEC
  environment: a chance outcome not in :meth:`~CoincheState.chance_outcomes` (not a
  card index, or a card already dealt) :class:`~coinche.IllegalActionError`, a move not
  in ``legal_actions()`` what :meth:`Deal.apply <coinche.Deal.apply>` raises.
- **Returns**, at the end: each player's team deal score minus the other team's (a
  thrown-in deal gives 0 to all); zero-sum.
- **Observations**: the observation tensor is :func:`coinche.rl.observation` of the
  player's :class:`~coinche.PlayerView` (zeros but the seat while the cards are being
  dealt); the observation string is that view in words. The information state string
  (perfect recall) is the player's seat, the cards it was dealt, the turned card, and
  every call and card so far in order. There is no information state tensor.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import pyspiel

from coinche.actions import NUM_ACTIONS, UnknownActionError, int_to_action, legal_action_ints
from coinche.cards import CARDS
from coinche.config import AuctionKind, RuleConfig
from coinche.deal import Deal
from coinche.errors import IllegalActionError
from coinche.rl._common import to_rules
from coinche.rl.observation import OBSERVATION_SIZE, field_slice, observation
from coinche.seats import Seat, Team

__all__ = ["CoincheGame", "CoincheState", "max_game_length"]

_SEATS: Final = tuple(Seat)
_MAX_UTILITY: Final = 10_000.0
_SEAT_SLICE: Final = field_slice("seat")

_GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_coinche",
    long_name="Python Coinche (belote coinchée)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "common", "dealer": "W"},
)


def max_game_length(rules: RuleConfig) -> int:
    """The most moves a deal can take, the 32 chance moves of the deal included.

    Bids only go up, so a bidding auction holds at most one bid per allowed bid; before
    the first bid come at most 3 passes, after each bid at most 2 more before the next
    one, and at the end 3 passes, or at most 2 passes, a coinche and 2 answers.

    >>> from coinche import RuleConfig
    >>> from coinche.rl.openspiel import max_game_length
    >>> max_game_length(RuleConfig.common())     # 40 bids: 32 + (3 * 40 + 6) + 32
    190
    """
    if rules.auction is AuctionKind.TURNED_CARD:
        auction = 8 + 2 + 2  # two rounds, then a coinche and its answers
    else:
        strains = 4 + rules.allow_no_trump + rules.allow_all_trump
        bids = strains * (len(rules.numeric_bids()) + 1 + rules.allow_generale)
        auction = 3 * bids + 6
    return 32 + auction + 32


class CoincheGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game ``python_coinche``; see the module."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        self.rules = to_rules(str(given.get("rules", "common")))
        self.dealer = Seat.parse(str(given.get("dealer", "W")))
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=32,
            num_players=4,
            min_utility=-_MAX_UTILITY,
            max_utility=_MAX_UTILITY,
            utility_sum=0.0,
            max_game_length=max_game_length(self.rules),
        )
        super().__init__(_GAME_TYPE, info, given)

    def new_initial_state(self) -> CoincheState:
        """A state before the deal: 32 chance moves come first."""
        return CoincheState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CoincheObserver:
        """The observer of observations (tensor and string) or information states."""
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CoincheObserver(perfect)


class CoincheState(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_coinche``: the deck dealt so far, then the :class:`~coinche.Deal`."""

    def __init__(self, game: CoincheGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealer = game.dealer
        self.deck: list[int] = []
        self.deal: Deal | None = None
        self._legal: tuple[Deal | None, tuple[int, ...]] = (None, ())  # of a deal, cached

    def current_player(self) -> int:
        """The chance player while dealing, then the seat to move, then terminal."""
        deal = self.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        to_move = deal.to_move
        if to_move is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(to_move)

    def _legal_ints(self, deal: Deal) -> tuple[int, ...]:
        """The legal action integers of *deal*, computed once for each deal."""
        of, legal = self._legal
        if of is not deal:
            legal = legal_action_ints(deal)
            self._legal = (deal, legal)
        return legal

    def _legal_actions(self, player: int) -> list[int]:
        assert self.deal is not None
        return list(self._legal_ints(self.deal))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt, each as likely."""
        left = [index for index in range(32) if index not in self.deck]
        return [(index, 1.0 / len(left)) for index in left]

    def _apply_action(self, action: int) -> None:
        """Deal the card *action*, or make *action* for the seat to move.

        An action not in :meth:`legal_actions` raises the library's error and leaves
        the state as it was: a card index not in 0 to 31 or already dealt,
        :class:`~coinche.errors.IllegalActionError`; a move the rules forbid, what
        :meth:`Deal.apply <coinche.Deal.apply>` raises.
        """
        deal = self.deal
        if deal is None:
            if type(action) is not int or not 0 <= action < 32 or action in self.deck:
                reason = (
                    "that card is already dealt"
                    if action in self.deck
                    else "a chance outcome is the index of a card, 0 to 31"
                )
                raise IllegalActionError(action, None, reason)
            self.deck.append(action)
            if len(self.deck) == 32:
                cards = [CARDS[index] for index in self.deck]
                self.deal = Deal.from_deck(self.dealer, self.rules, cards)
            return
        move = int_to_action(action, self.rules)
        if action not in self._legal_ints(deal):
            deal.apply(move)  # raises the library's error, with its reason
            raise IllegalActionError(move, deal.to_move, "not legal now")  # pragma: no cover
        self.deal = deal.apply_unchecked(move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < 32:
                raise UnknownActionError(f"{action} is not a chance outcome (0 to 31)")
            return f"deal {CARDS[action]}"
        return str(int_to_action(action, self.rules))

    def is_terminal(self) -> bool:
        """True once the deal is scored or thrown in."""
        return self.deal is not None and self.deal.is_over

    def returns(self) -> list[float]:
        """Each player's team deal score minus the other team's, at the end; else 0."""
        deal = self.deal
        result = None if deal is None else deal.result
        if result is None:
            return [0.0, 0.0, 0.0, 0.0]
        north_south = float(result.score[Team.NORTH_SOUTH] - result.score[Team.EAST_WEST])
        return [north_south, -north_south, north_south, -north_south]

    def __str__(self) -> str:
        from coinche.rl._common import render_text

        deal = self.deal
        if deal is None:
            return f"dealing: {len(self.deck)} of 32 cards dealt"
        return render_text(deal)


def _view_text(state: CoincheState, player: int) -> str:
    seat = _SEATS[player]
    deal = state.deal
    if deal is None:
        return f"{seat.letter} dealing"
    view = deal.view(seat)
    parts = [f"{seat.letter} {view.phase.value}", f"hand {view.hand}"]
    if view.turned is not None:
        parts.append(f"turned {view.turned}")
    parts.append("calls " + " ".join(f"{s.letter}:{call}" for s, call in view.calls))
    if view.contract is not None:
        parts.append(f"contract {view.contract}")
        parts.append(f"tricks {len(view.tricks)}")
    if view.trick is not None:
        parts.append(f"trick {view.trick}")
    if view.announcements:
        parts.append("announced " + "; ".join(str(a) for a in view.announcements))
    return ", ".join(parts)


def _information_text(state: CoincheState, player: int) -> str:
    seat = _SEATS[player]
    deal = state.deal
    if deal is None:
        return f"{seat.letter} dealing {len(state.deck)}"
    parts = [seat.letter, f"dealt {deal.hands[seat]}"]
    if deal.turned is not None:
        parts.append(f"turned {deal.turned}")
    for who, action in deal.history:
        parts.append(f"{who.letter}:{action}")
    if deal.announcements:
        parts.append("announced " + "; ".join(str(a) for a in deal.announcements))
    return " ".join(parts)


class CoincheObserver:
    """OpenSpiel's Python observer: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else OBSERVATION_SIZE
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CoincheState, player: int) -> None:
        """Fill :attr:`tensor` with the observation of *player* (no tensor with perfect recall)."""
        if self.perfect_recall:
            return
        deal = state.deal
        if deal is None:
            self.tensor.fill(0.0)
            self.tensor[_SEAT_SLICE.start + player] = 1.0
            return
        self.tensor[:] = observation(deal.view(_SEATS[player]))

    def string_from(self, state: CoincheState, player: int) -> str:
        """The observation, or with perfect recall the information state, as text."""
        if self.perfect_recall:
            return _information_text(state, player)
        return _view_text(state, player)


pyspiel.register_game(_GAME_TYPE, CoincheGame)
