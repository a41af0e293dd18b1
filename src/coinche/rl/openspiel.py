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
  dealer's seat letter, N E S W (default ``"W"``, so that North speaks first);
  ``reward``, ``"scaled"`` (the default), ``"score"`` or ``"win"``: the returns.
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
- **Returns**, at the end: each player's team deal score minus the other team's,
  divided by :func:`utility_bound` (``reward="scaled"``, in [-1, 1]), as it is
  (``"score"``) or its sign (``"win"``: +1, -1); a thrown-in deal gives 0 to all;
  zero-sum.
- **Observations**: the observation tensor is :func:`coinche.rl.observation` of the
  player's :class:`~coinche.PlayerView` (zeros but the seat while the cards are being
  dealt); the observation string is that view in words. The information state string
  (perfect recall) is the player's seat, the cards it was dealt, the turned card, and
  every call and card so far in order; the information state tensor holds the same, in
  the fixed layout of :class:`InfoStateLayout`.
- **Resampling**: :meth:`CoincheState.resample_from_infostate` draws the hidden cards
  from those that agree with what the player saw, so OpenSpiel's IS-MCTS runs on it.
- **Utility range**: -1 to 1 (``"scaled"``, ``"win"``), or plus or minus
  :func:`utility_bound`, computed from the rules (``"score"``).
- **Undo**: :meth:`CoincheState.undo_action` takes back the last move; the state keeps
  its own history for it (OpenSpiel's C++ core cannot undo a Python game's move).
- **IS-MCTS**: :class:`ISMCTSBot` is OpenSpiel's, with the ``restart_at`` that
  ``evaluate_bots`` needs and OpenSpiel's Python bot lacks.
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts
from typing_extensions import override

from coinche._checks import short_repr
from coinche.actions import NUM_ACTIONS, UnknownActionError, int_to_action, legal_action_ints
from coinche.auction import Bid, Coinche, Pass, Surcoinche
from coinche.auction.classic import NameSuit, Take
from coinche.bots.review import _as_dealt
from coinche.bots.sampling import Sampler, replay
from coinche.cards import CARDS, Hand, Strain
from coinche.config import AuctionKind, RuleConfig
from coinche.contract import CAPOT, GENERALE, SpecialBid
from coinche.deal import Deal, Phase
from coinche.dealing import dealing_positions, first_packets
from coinche.errors import IllegalActionError, InvalidDealError
from coinche.rl._common import (
    DEFAULT_REWARD,
    Rewards,
    render_text,
    score_bound,
    team_returns,
    to_rules,
)
from coinche.rl.observation import OBSERVATION_SIZE, field_slice, observation
from coinche.seats import Seat

__all__ = [
    "CoincheGame",
    "CoincheState",
    "ISMCTSBot",
    "InfoStateLayout",
    "max_game_length",
    "utility_bound",
]

_SEATS: Final = tuple(Seat)
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
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "common", "dealer": "W", "reward": DEFAULT_REWARD},
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


def utility_bound(rules: RuleConfig) -> int:
    """The largest gap between the two teams' deal scores the rules allow: the utility
    range of ``reward="score"`` is minus to plus this (of ``"scaled"`` and ``"win"``,
    -1 to 1), and ``"scaled"`` divides by it.

    The kernel's scoring of the extreme deals: every contract kind the rules allow (the
    highest numeric bid, capot, générale) at every multiplier, made or failed, each
    team's card points 0, every point or a capot, belote to either team or neither, and
    up to 550 announcement points for either team (four jacks, four nines, four aces,
    four tens: the most 16 cards can declare).

    >>> from coinche import RuleConfig
    >>> from coinche.rl.openspiel import utility_bound
    >>> utility_bound(RuleConfig.common()) > 250 + 250 + 20     # a capot bid, made
    True
    """
    return score_bound(rules)


class CoincheGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game ``python_coinche``; see the module."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        self.rules = to_rules(str(given.get("rules", "common")))
        self.dealer = Seat.parse(str(given.get("dealer", "W")))
        self.reward = Rewards(given.get("reward", DEFAULT_REWARD), self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=32,
            num_players=4,
            min_utility=-self.reward.bound,
            max_utility=self.reward.bound,
            utility_sum=0.0,
            max_game_length=max_game_length(self.rules),
        )
        super().__init__(_GAME_TYPE, info, given)
        self.layout = InfoStateLayout(self.rules)

    def new_initial_state(self) -> CoincheState:
        """A state before the deal: 32 chance moves come first."""
        return CoincheState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CoincheObserver:
        """The observer of observations (tensor and string) or information states."""
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CoincheObserver(perfect, self.layout)


class CoincheState(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_coinche``: the deck dealt so far, then the :class:`~coinche.Deal`."""

    def __init__(self, game: CoincheGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealer = game.dealer
        self._reward = game.reward  # not "rewards": pyspiel.State.rewards() is a method
        self.deck: list[int] = []
        self.deal: Deal | None = None
        self._legal: tuple[Deal | None, tuple[int, ...]] = (None, ())  # of a deal, cached
        # every move so far (player, action) and the deal before it, for undo_action
        self._moves: list[tuple[int, int]] = []
        self._before: list[Deal | None] = []

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
        player = self.current_player()
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
        else:
            move = int_to_action(action, self.rules)
            if action not in self._legal_ints(deal):
                deal.apply(move)  # raises the library's error, with its reason
                raise IllegalActionError(move, deal.to_move, "not legal now")  # pragma: no cover
            self.deal = deal.apply_unchecked(move)
        self._moves.append((player, action))
        self._before.append(deal)

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last move, *action* by *player* (as OpenSpiel's ``undo_action``).

        OpenSpiel cannot undo a Python game's move in its C++ core, so the state keeps
        its own record: :meth:`history`, :meth:`history_str` and :meth:`move_number`
        are the state's own and shrink with each undo (the core's copy, which C++ code
        and ``full_history()`` read, does not).

        :raises IllegalActionError: *player* and *action* are not the last move (or
            nothing was played).
        """
        if not self._moves or self._moves[-1] != (player, action):
            last = f"the last move is {self._moves[-1]}" if self._moves else "no move was made"
            raise IllegalActionError(action, None, f"undo_action undoes the last move: {last}")
        self._moves.pop()
        self.deal = self._before.pop()
        if self.deal is None:
            self.deck.pop()

    def history(self) -> list[int]:
        """Every action so far, chance outcomes included, in order."""
        return [action for _, action in self._moves]

    def history_str(self) -> str:
        """:meth:`history` as OpenSpiel writes it."""
        return ", ".join(str(action) for _, action in self._moves)

    def move_number(self) -> int:
        """How many moves were made (chance moves included)."""
        return len(self._moves)

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
        """Each player's reward (the game's ``reward`` of its team's deal score minus
        the other team's) at the end; else 0."""
        return team_returns(self.deal, self._reward)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CoincheState:
        """A state *player_id* cannot tell from this one (the same information state),
        the hidden cards drawn uniformly from those that agree with everything it saw
        (:mod:`coinche.bots.sampling`: the cards it holds and played, who could not
        follow or trump, the announcements shown); what OpenSpiel's IS-MCTS asks for.

        *probability_sampler* is OpenSpiel's (a callable giving a number in [0, 1)); one
        draw from it seeds the sampling. While the cards are being dealt the player has
        seen none of them: the state itself is returned (a copy). In the turned-card
        auction the other seats' five cards and the stock are shuffled again.

        :raises InvalidDealError: *player_id* is not a seat 0 to 3.
        """
        if type(player_id) is not int or not 0 <= player_id < 4:
            raise InvalidDealError(f"player_id is a seat, 0 to 3, not {short_repr(player_id)}")
        other = CoincheState(self.get_game())
        other.deck = self.deck[:]
        other._moves = self._moves[:]
        other._before = self._before[:]
        deal = self.deal
        if deal is None:
            return other
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        if deal.turned is not None and deal.phase is Phase.AUCTION:
            world = _classic_auction_world(self, player_id, rng)
        else:
            view = deal.view(_SEATS[player_id])
            world = replay(view, Sampler.from_view(view).sample(rng))
        other.deal = world
        other.deck = _deck_of(world)
        # its own line: the deck of the world dealt, then the same calls and cards
        other._moves = [(-1, card) for card in other.deck] + self._moves[32:]
        before: list[Deal | None] = [None] * 32
        at = _as_dealt(world)
        for step in world.steps:
            before.append(at)
            at = at.apply(step)
        other._before = before
        return other

    @override
    def __str__(self) -> str:
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
        played = " | ".join(str(trick).rstrip() for trick in view.tricks)
        parts.append(f"tricks {len(view.tricks)}" + (f" ({played})" if played else ""))
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


# ---------------------------------------------------------------- information state
_CALL_KINDS: Final = (Pass, Bid, Coinche, Surcoinche, Take, NameSuit)


class InfoStateLayout:
    """The fields of the information state tensor of one game (its rules), in order.

    ``seat`` (4, the player), ``dealer`` (4), ``dealt`` (32: the cards dealt to the
    player as far as it knows them now, its hand and the cards it played), ``turned``
    (32: classic belote's turned card), ``calls`` (*max_calls* slots, in the order made:
    the caller's seat 4, the kind of call 6 in the order pass, bid, coinche, surcoinche,
    take, name, the bid's value among the rules' values then capot and générale, the
    strain 6 (a named suit as its strain); a slot not yet used is zeros), ``cards`` (32
    slots, in the order played: the seat 4, the card 32, belote said with it 1),
    ``declared`` (4 x 32: the cards of the announcements each seat has shown the
    player).

    >>> from coinche import RuleConfig
    >>> from coinche.rl.openspiel import InfoStateLayout
    >>> layout = InfoStateLayout(RuleConfig.common())
    >>> layout.values, layout.max_calls, layout.size    # 9 numbers, capot, générale
    (11, 126, 4786)
    """

    def __init__(self, rules: RuleConfig) -> None:
        self.bid_values: tuple[int | SpecialBid, ...] = (*rules.numeric_bids(), CAPOT, GENERALE)
        self.values = len(self.bid_values)
        self.call_size = 4 + len(_CALL_KINDS) + self.values + 6
        self.max_calls = max_game_length(rules) - 64
        self.card_size = 4 + 32 + 1
        self.calls_start = 4 + 4 + 32 + 32
        self.cards_start = self.calls_start + self.max_calls * self.call_size
        self.declared_start = self.cards_start + 32 * self.card_size
        self.size = self.declared_start + 4 * 32

    def fill(self, tensor: np.ndarray[Any, Any], state: CoincheState, player: int) -> None:
        """Write *player*'s information state in *state* into *tensor* (zeroed first)."""
        tensor.fill(0.0)
        tensor[player] = 1.0
        tensor[4 + int(state.dealer)] = 1.0
        deal = state.deal
        if deal is None:
            return
        view = deal.view(_SEATS[player])
        dealt = view.hand.mask
        tricks = list(view.tricks) + ([view.trick] if view.trick is not None else [])
        plays = [play for trick in tricks for play in trick.plays()]
        for seat, card in plays:
            if seat is view.seat:
                dealt |= card.mask
        for index in range(32):
            if dealt >> index & 1:
                tensor[8 + index] = 1.0
        if view.turned is not None:
            tensor[40 + view.turned.index] = 1.0
        for slot, (seat, call) in enumerate(view.calls):
            at = self.calls_start + slot * self.call_size
            tensor[at + int(seat)] = 1.0
            tensor[at + 4 + _CALL_KINDS.index(type(call))] = 1.0
            strain: Strain | None = None
            if isinstance(call, Bid):
                tensor[at + 10 + self.bid_values.index(call.value)] = 1.0
                strain = call.strain
            elif isinstance(call, NameSuit):
                strain = Strain.from_suit(call.suit)
            if strain is not None:
                tensor[at + 10 + self.values + int(strain)] = 1.0
        belote = {step.action for step in view.steps if step.belote}
        for slot, (seat, card) in enumerate(plays):
            at = self.cards_start + slot * self.card_size
            tensor[at + int(seat)] = 1.0
            tensor[at + 4 + card.index] = 1.0
            if card in belote:
                tensor[at + 36] = 1.0
        for shown in view.announcements:
            at = self.declared_start + 32 * int(shown.seat)
            for card in shown.cards:
                tensor[at + card.index] = 1.0


def _deck_of(deal: Deal) -> list[int]:
    """A deck (card indices, top first) that :meth:`Deal.from_deck` deals as *deal*."""
    rules = deal.rules
    deck = [-1] * 32
    turned = deal.turned
    pattern = rules.deal_pattern if turned is None else first_packets(rules.deal_pattern)
    held = deal.hands if turned is None else deal.first_hands
    for seat, places in zip(_SEATS, dealing_positions(deal.dealer, pattern), strict=True):
        for place, card in zip(places, held[seat], strict=True):
            deck[place] = card.index
    if turned is not None:  # the five cards each, then the turned card, then the stock
        first = 4 * sum(pattern)
        deck[first] = turned.index
        deck[first + 1 :] = [card.index for card in deal.stock]
    return deck


def _classic_auction_world(state: CoincheState, player: int, rng: random.Random) -> Deal:
    """A turned-card deal in its auction that *player* cannot tell from *state*'s: the
    same five cards for it, the same turned card, the 26 others shuffled."""
    deal = state.deal
    assert deal is not None
    seat = _SEATS[player]
    turned = deal.turned
    assert turned is not None
    mine = deal.first_hands[seat]
    rest = [c for c in CARDS if c not in mine and c != turned]
    rng.shuffle(rest)
    first = [mine if s is seat else Hand(rest.pop() for _ in range(5)) for s in _SEATS]
    world = Deal.from_hands(deal.dealer, deal.rules, first, turned=turned, stock=rest)
    for step in deal.steps:
        world = world.apply(step)
    return world


class CoincheObserver:
    """OpenSpiel's Python observer: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, perfect_recall: bool, layout: InfoStateLayout) -> None:
        self.perfect_recall = perfect_recall
        self.layout = layout
        size = layout.size if perfect_recall else OBSERVATION_SIZE
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: CoincheState, player: int) -> None:
        """Fill :attr:`tensor` with the observation of *player*, or with perfect recall
        its information state (:class:`InfoStateLayout`)."""
        if self.perfect_recall:
            self.layout.fill(self.tensor, state, player)
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


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's own IS-MCTS bot, with the two methods ``evaluate_bots`` calls.

    ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` has no ``restart_at``, which
    ``evaluate_bots`` calls first for every bot (a gap of OpenSpiel's, for every game);
    this subclass adds it and ``inform_action``. Both do nothing but clear the search:
    IS-MCTS searches afresh at every step, from worlds drawn by
    :meth:`CoincheState.resample_from_infostate`. It takes OpenSpiel's arguments.

    .. pytest-mark: heavy

    >>> import numpy as np, pyspiel
    >>> from open_spiel.python.algorithms import evaluate_bots, mcts
    >>> from open_spiel.python.bots.uniform_random import UniformRandomBot
    >>> from coinche.rl.openspiel import ISMCTSBot
    >>> game = pyspiel.load_game("python_coinche", {"rules": "ffb"})
    >>> evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    >>> bots = [ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(s))
    ...         if s % 2 == 0 else UniformRandomBot(s, np.random.RandomState(s))
    ...         for s in range(4)]
    >>> returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots,
    ...                                       np.random.RandomState(1))
    >>> len(returns), sum(returns)
    (4, 0.0)
    """

    def restart_at(self, state: Any) -> None:
        """Forget the last search (a new one starts at every step)."""
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do: the next step searches from the state it is given."""


pyspiel.register_game(_GAME_TYPE, CoincheGame)
