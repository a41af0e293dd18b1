"""What the environments share: rules from a name, spaces, masks, the text render and
the reward of a deal (:class:`Rewards`, the one transform every environment uses)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final, Literal, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from coinche import _kernel as K
from coinche._checks import check_choice as check_word
from coinche._checks import short_repr
from coinche.actions import NUM_ACTIONS, action_to_int, check_rules
from coinche.config import RuleConfig
from coinche.deal import Action, Deal
from coinche.errors import CoincheTypeError
from coinche.notation import format_deal
from coinche.report import render_auction, render_deal, render_hands, render_tricks
from coinche.rl.observation import OBSERVATION_SIZE
from coinche.seats import Seat

AGENTS: Final = ("north", "east", "south", "west")
"""The agent names of the four seats, in seat order."""
SEAT_OF: Final = dict(zip(AGENTS, Seat, strict=True))


def to_rules(rules: RuleConfig | str | None) -> RuleConfig:
    """A RuleConfig from a RuleConfig, a preset name or None (the common preset)."""
    if rules is None:
        rules = RuleConfig()
    elif isinstance(rules, str):
        rules = RuleConfig.preset(rules)
    elif not isinstance(rules, RuleConfig):
        raise CoincheTypeError(
            f"rules must be a RuleConfig or a preset name, not {short_repr(rules)}"
        )
    check_rules(rules)
    return rules


def observation_space() -> spaces.Dict:
    """The space of the dict observations: ``observation`` and ``action_mask``."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
        }
    )


def mask_array(legal: tuple[Action, ...], rules: RuleConfig) -> npt.NDArray[np.int8]:
    """The mask of *legal* as an int8 array of NUM_ACTIONS values."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    if legal:
        mask[[action_to_int(action, rules) for action in legal]] = 1
    return mask


def fast_mask(deal: Deal, rules: RuleConfig) -> npt.NDArray[np.int8]:
    """The mask of the actions of *deal* now: in the play, from the bits of the engine
    position's legal cards; otherwise :func:`mask_array` of its legal actions."""
    pos = deal.position
    if pos is None or pos.is_over or deal.to_move is None:
        return mask_array(deal.legal_actions(), rules)
    cards = pos.legal_mask()
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[:32] = np.unpackbits(
        np.frombuffer(cards.to_bytes(4, "little"), np.uint8), bitorder="little"
    )
    return mask


def render_text(deal: Deal) -> str:
    """The deal in the library's notation: the deal line, the hands, the auction, the
    tricks so far, and the score once it is over."""
    result = deal.result
    hands = dict(zip(Seat, deal.hands, strict=True))
    if result is not None:
        return render_deal(
            result, calls=deal.calls, dealer=deal.dealer, hands=hands, turned=deal.turned
        )
    size = len(deal.hands[0])
    lines = [f"Deal: {format_deal(deal.dealer, hands, cards=size)}"]
    lines.append(render_hands({seat: deal.hand(seat) for seat in Seat}, deal.dealer))
    lines.append(render_auction(deal.calls, deal.dealer, turned=deal.turned))
    contract = deal.contract
    if contract is not None:
        tricks = list(deal.tricks)
        trick = deal.trick
        if trick is not None and trick.cards:
            tricks.append(trick)
        lines.append(f"Contract: {contract}")
        lines.append(render_tricks(tricks, contract.strain))
    if deal.to_move is not None:
        lines.append(f"To move: {deal.to_move.name}")
    else:
        lines.append(f"The deal is {deal.phase.value.replace('_', ' ')}.")
    return "\n".join(lines)


def render_for(mode: str | None, deal: Deal | None) -> str | None:
    """An environment's ``render``: :func:`render_text` of *deal*, printed (*mode*
    ``"human"``) or returned (``"ansi"``); ``None`` without a mode or a deal."""
    if mode is None or deal is None:
        return None
    text = render_text(deal)
    if mode == "human":
        print(text)
        return None
    return text


def team_returns(deal: Deal | None, rewards: Rewards | None = None) -> list[float]:
    """Each seat's reward, North to West, once *deal* is scored: its team's deal score
    minus the other team's, through *rewards* (the raw difference without it); zeros
    before that and for a deal thrown in (what the OpenSpiel game returns and the RLCard
    environment pays)."""
    result = None if deal is None else deal.result
    if result is None:
        return [0.0, 0.0, 0.0, 0.0]
    north_south = float(result.score.north_south - result.score.east_west)
    if rewards is not None:
        north_south = rewards.of(north_south)
    return [north_south, -north_south, north_south, -north_south]


def check_choice(value: object, name: str, choices: tuple[str, ...]) -> str:
    """Return *value* if it is one of the strings *choices*, else raise CoincheTypeError
    naming it (cut down by :func:`~coinche._checks.short_repr`)."""
    if type(value) is str and value in choices:
        return value
    listed = ", ".join(repr(choice) for choice in choices)
    raise CoincheTypeError(f"{name} must be one of {listed}, not {short_repr(value)}")


def check_options(options: object) -> Mapping[str, Any]:
    """The ``options`` of an env's ``reset``: a dict (any mapping), or None (an empty
    mapping); else CoincheTypeError. A key the env does not read is ignored, as
    PettingZoo's API test requires (it resets with ``{"options": 1}``).

    >>> from coinche.rl._common import check_options
    >>> check_options(None)
    {}
    >>> check_options("deal")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: options must be a dict or None, not 'deal'
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise CoincheTypeError(f"options must be a dict or None, not {short_repr(options)}")
    return options


def check_agent(agent: object) -> Seat:
    """The seat of *agent*, one of :data:`AGENTS`; else CoincheTypeError (not a str) or
    CoincheValueError (another name)."""
    seat = SEAT_OF.get(agent) if type(agent) is str else None
    if seat is None:
        check_word(agent, "agent", AGENTS)  # raises, in the words of every choice
    assert seat is not None
    return seat


def check_render_mode(render_mode: object) -> str | None:
    """*render_mode* if it is None, ``"human"`` or ``"ansi"``; else CoincheTypeError."""
    if render_mode is None:
        return None
    return check_choice(render_mode, "render_mode", ("human", "ansi"))


_MAX_ANNOUNCED: Final = 550  # a team's most announcement points: four jacks, nines, aces, tens


@functools.lru_cache(maxsize=64)
def score_bound(rules: RuleConfig) -> int:
    """The largest gap between the two teams' deal scores *rules* allow (the divisor of
    the ``"scaled"`` reward, OpenSpiel's utility range).

    The kernel's scoring of the extreme deals: every contract kind the rules allow (the
    highest numeric bid, capot, générale) at every multiplier, made or failed, each
    team's card points 0, every point or a capot, belote to either team or neither, and
    up to 550 announcement points for either team (four jacks, four nines, four aces,
    four tens: the most 16 cards can declare).
    """
    kinds = [(K.NUMERIC, rules.highest_numeric_bid), (K.CAPOT, K.CAPOT_VALUE)]
    if rules.allow_generale:
        kinds.append((K.GENERALE, K.GENERALE_VALUE))
    multipliers = [1] + [2] * rules.allow_coinche + [4] * rules.allow_surcoinche
    capot = rules.capot_card_points
    cards = [(162, 0, (4, 0, 4, 0)), (0, 162, (0, 4, 0, 4)), (capot, 0, (8, 0, 0, 0)),
             (0, capot, (0, 8, 0, 0)), (81, 81, (2, 2, 2, 2))]  # fmt: skip
    best = 0
    for kind, value in kinds:
        for multiplier in multipliers:
            for ns, ew, won in cards:
                for belote in (-1, 0, 1):
                    for ann in ((0, 0), (_MAX_ANNOUNCED, 0), (0, _MAX_ANNOUNCED)):
                        figures = K.score(rules.score_options, 0, kind, value, multiplier,
                                          ns, ew, won, belote, ann[0], ann[1])  # fmt: skip
                        gap = abs(figures[K.F_SCORE_NS] - figures[K.F_SCORE_EW])
                        best = max(best, gap)
    return best


FloatArray = TypeVar("FloatArray", npt.NDArray[np.float32], npt.NDArray[np.float64])

RewardKind = Literal["score", "scaled", "win"]
"""The rewards an environment can pay at the end of a deal (see :class:`Rewards`)."""
REWARD_KINDS: Final[tuple[RewardKind, ...]] = ("score", "scaled", "win")
DEFAULT_REWARD: Final[RewardKind] = "scaled"


class Rewards:
    """The reward of a deal under *rules*, from its score difference: one transform,
    used by every environment.

    *kind* ``"score"``: the difference itself (a team's deal score minus the other
    team's); ``"scaled"``: that divided by :attr:`divisor`, :func:`score_bound` of the
    rules, so that every deal's reward is in [-1, 1]; ``"win"``: its sign, +1 to the team
    that scored more, -1 to the other, 0 for a deal thrown in (or a tie).

    >>> from coinche import RuleConfig
    >>> from coinche.rl._common import Rewards
    >>> rewards = Rewards("scaled", RuleConfig.common())
    >>> rewards.divisor, rewards.of(173.0), Rewards("win", RuleConfig.common()).of(-20.0)
    (1730.0, 0.1, -1.0)

    :raises CoincheTypeError: *kind* is not ``"score"``, ``"scaled"`` or ``"win"``.
    """

    __slots__ = ("bound", "divisor", "kind")

    def __init__(self, kind: object, rules: RuleConfig) -> None:
        self.kind: RewardKind = check_choice(kind, "reward", REWARD_KINDS)  # type: ignore[assignment]
        limit = float(score_bound(rules))
        self.divisor = limit if self.kind == "scaled" else 1.0
        """What ``"scaled"`` divides the score difference by (1 for the others)."""
        self.bound = limit if self.kind == "score" else 1.0
        """The largest reward a deal can give; its opposite is the smallest."""

    def of_array(self, diff: FloatArray) -> FloatArray:
        """The rewards of the score differences *diff*, an array of floats of any shape
        (the result has its shape and dtype)."""
        if self.kind == "win":
            return np.sign(diff)
        if self.kind == "scaled":
            return diff / self.divisor
        return diff.copy()

    def of(self, diff: float) -> float:
        """The reward of one score difference *diff* (:meth:`of_array`'s, in float64)."""
        return float(self.of_array(np.array(float(diff))))
