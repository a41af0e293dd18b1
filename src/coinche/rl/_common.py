"""What the environments share: rules from a name, spaces, masks and the text render."""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

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
        raise CoincheTypeError(f"rules must be a RuleConfig or a preset name, not {rules!r}")
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


def team_returns(deal: Deal | None) -> list[float]:
    """Each seat's team deal score minus the other team's, North to West, once *deal* is
    scored; zeros before that and for a deal thrown in (what the OpenSpiel game returns
    and the RLCard environment pays)."""
    result = None if deal is None else deal.result
    if result is None:
        return [0.0, 0.0, 0.0, 0.0]
    north_south = float(result.score.north_south - result.score.east_west)
    return [north_south, -north_south, north_south, -north_south]
