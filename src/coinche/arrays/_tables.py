"""The rules of one :class:`~coinche.RuleConfig` as arrays, each asked of the library.

Nothing here states a rule: the auction is a finite state machine found by walking the
library's own :class:`~coinche.auction.Auction` (its legal calls and the state each call
leads to); the card tables are the kernel's (``WIN_KEY``, ``POINTS``, ``ORDER``,
``HIGHER``); the play and scoring options are the RuleConfig's own integers. Every
table has the same shape under every rule set (the auction padded to
:data:`AUCTION_STATES` states), so that one compiled engine serves them all.
"""

from __future__ import annotations

import functools
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from coinche import _kernel as K
from coinche.actions import (
    CAPOT_BASE,
    GENERALE_BASE,
    NUM_ACTIONS,
    NUMERIC_BID_BASE,
    action_to_int,
    int_to_action,
)
from coinche.auction import Auction
from coinche.config import AuctionKind, RuleConfig
from coinche.contract import CAPOT, GENERALE
from coinche.errors import RuleConfigError
from coinche.seats import Seat

I32 = npt.NDArray[np.int32]
Bools = npt.NDArray[np.bool_]

AUCTION_STATES: Final = 4096
"""The rows of every auction table (the largest preset, ``ffb``, has 3,461 states)."""
LEGAL_WIDTH: Final = 80
"""The columns of the listed legal calls (``ffb`` allows at most 73 at once)."""

# the kind of each action integer: 0 card, 1 pass, 2 bid, 3 coinche, 4 surcoinche
KIND_CARD: Final = 0
KIND_PASS: Final = 1
KIND_BID: Final = 2
KIND_COINCHE: Final = 3
KIND_SURCOINCHE: Final = 4


def level_index(bid_action: int) -> int:
    """The observation's contract_level index of a bid integer (0-16, capot 17, générale 18)."""
    if bid_action >= GENERALE_BASE:
        return 18
    if bid_action >= CAPOT_BASE:
        return 17
    return (bid_action - NUMERIC_BID_BASE) // 6


def check_array_rules(rules: RuleConfig) -> RuleConfig:
    """*rules* if the array tier plays them, else RuleConfigError saying why not."""
    if rules.auction is AuctionKind.TURNED_CARD:
        raise RuleConfigError(
            "the array engine does not play the turned-card auction (classic belote): "
            "use CoincheAECEnv or CoincheGymEnv"
        )
    if rules.belote_requires_declaration:
        raise RuleConfigError(
            "the array engine needs belote_requires_declaration off: an action integer "
            "does not say whether it declares belote"
        )
    if rules.only_best_announcement or not rules.runs_in_trump:
        raise RuleConfigError(
            "the array engine counts every announcement of the best team, runs in trumps "
            "included (only_best_announcement off, runs_in_trump on)"
        )
    return rules


def _auction_arrays(rules: RuleConfig) -> dict[str, Any]:
    """The auction as a state machine, dealer-relative (the dealer is seat 0).

    State 0 is the opening. ``mask[s]`` the legal actions (kept packed, as five uint32
    words, in :func:`rule_arrays`' ``mask_words``) of the seat to move,
    ``nxt[s, a]`` the state after action *a* (0 if illegal), ``to_move[s]`` the
    dealer-relative seat to move (0 once over), ``over`` / ``thrown`` whether it is over
    / thrown in; for an over state with a contract: ``strain``, ``level`` (the
    observation's contract_level index), ``kind`` (0 number, 1 capot, 2 générale),
    ``value`` (its points), ``taker`` (dealer-relative), ``mult`` (1, 2, 4) and
    ``leader`` (dealer-relative seat leading the first trick); ``call_count[s]`` and
    ``legal[s, :call_count[s]]`` list the legal actions.
    """
    start = Auction.start(Seat.NORTH, rules)
    index: dict[Any, int] = {start._state: 0}
    auctions: list[Auction] = [start]
    transitions: list[dict[int, int]] = []
    todo = 0
    while todo < len(auctions):
        auction = auctions[todo]
        todo += 1
        moves: dict[int, int] = {}
        seat = auction.to_move
        if seat is not None:
            for call in auction.legal_calls(seat):
                after = auction.apply(seat, call)
                found = index.get(after._state)
                if found is None:
                    found = index[after._state] = len(auctions)
                    auctions.append(after)
                moves[action_to_int(call, rules)] = found
        transitions.append(moves)
    if len(auctions) > AUCTION_STATES:
        raise RuleConfigError(
            f"the array engine holds auctions of at most {AUCTION_STATES} states; these "
            f"rules have {len(auctions)}"
        )
    size = AUCTION_STATES
    t: dict[str, Any] = {
        "mask": np.zeros((size, NUM_ACTIONS), dtype=np.bool_),
        "nxt": np.zeros((size, NUM_ACTIONS), dtype=np.int32),
        "to_move": np.zeros(size, dtype=np.int32),
        "over": np.zeros(size, dtype=np.bool_),
        "thrown": np.zeros(size, dtype=np.bool_),
        "strain": np.full(size, -1, dtype=np.int32),
        "level": np.full(size, -1, dtype=np.int32),
        "kind": np.zeros(size, dtype=np.int32),
        "value": np.zeros(size, dtype=np.int32),
        "taker": np.zeros(size, dtype=np.int32),
        "mult": np.ones(size, dtype=np.int32),
        "leader": np.zeros(size, dtype=np.int32),
        "call_count": np.zeros(size, dtype=np.int32),
        "legal": np.zeros((size, LEGAL_WIDTH), dtype=np.int32),
    }
    for state, (auction, moves) in enumerate(zip(auctions, transitions, strict=True)):
        for action, target in moves.items():
            t["mask"][state, action] = True
            t["nxt"][state, action] = target
        listed = sorted(moves)
        t["call_count"][state] = len(listed)
        t["legal"][state, : len(listed)] = listed
        if auction.to_move is not None:
            t["to_move"][state] = int(auction.to_move)
        if auction.is_over:
            t["over"][state] = True
            contract = auction.contract
            if contract is None:
                t["thrown"][state] = True
                continue
            t["strain"][state] = int(contract.strain)
            bid = action_to_int(auction.highest_bid[1], rules)  # type: ignore[index]
            t["level"][state] = level_index(bid)
            value = contract.value
            t["kind"][state] = (
                K.CAPOT if value is CAPOT else K.GENERALE if value is GENERALE else 0
            )
            t["value"][state] = contract.points
            t["taker"][state] = int(contract.taker)
            t["mult"][state] = contract.multiplier
            t["leader"][state] = int(rules.first_leader(Seat.NORTH, contract.taker))
    return t


def _action_kinds(rules: RuleConfig) -> I32:
    kinds = np.zeros(NUM_ACTIONS, dtype=np.int32)
    names = {"Pass": KIND_PASS, "Bid": KIND_BID, "Coinche": KIND_COINCHE}
    names["Surcoinche"] = KIND_SURCOINCHE
    for action in range(32, NUM_ACTIONS):
        # the classic auction's actions (take, name a suit) are never legal here: 5
        kinds[action] = names.get(type(int_to_action(action, rules)).__name__, 5)
    return kinds


@functools.lru_cache(maxsize=16)
def rule_arrays(rules: RuleConfig) -> dict[str, Any]:
    """Every array the engine needs for *rules* (NumPy, built once per RuleConfig):
    the auction machine, the kind of each action, the bid values GreedyPlayer reads,
    the play flags, the scoring options, the announcement switch, and the int 1 (the
    compiled rollout divides by it: :mod:`coinche.arrays._rollout` says why)."""
    check_array_rules(rules)
    out = _auction_arrays(rules)
    padded = np.zeros((AUCTION_STATES, 160), dtype=np.uint64)
    padded[:, :NUM_ACTIONS] = out.pop("mask")
    out["mask_words"] = (
        (padded.reshape(AUCTION_STATES, 5, 32) << np.arange(32, dtype=np.uint64)).sum(axis=2)
    ).astype(np.uint32)
    out["action_kind"] = _action_kinds(rules)
    bids = np.arange(NUM_ACTIONS - NUMERIC_BID_BASE)
    out["bid_value"] = np.where(
        bids < CAPOT_BASE - NUMERIC_BID_BASE,
        rules.min_bid + bids // 6 * rules.bid_step,
        np.where(bids < GENERALE_BASE - NUMERIC_BID_BASE, K.CAPOT_VALUE, K.GENERALE_VALUE),
    ).astype(np.int32)
    out["play_flags"] = np.int32(rules.play_flags)
    out["score_options"] = np.array(rules.score_options, dtype=np.int32)
    out["announcements"] = np.bool_(rules.announcements)
    out["one"] = np.int32(1)
    for _name, value in out.items():  # shared by every caller: nobody writes to them
        if isinstance(value, np.ndarray):
            value.flags.writeable = False
    return out


# the kernel's card tables, the same under every rule set
WIN_KEY: Final = np.array(K.WIN_KEY, dtype=np.int32)
"""``WIN_KEY[(strain * 4 + led) * 32 + card]``: what a card is worth in a trick."""
POINTS: Final = np.array(K.POINTS, dtype=np.int32)
"""``POINTS[strain * 32 + card]``: a card's points."""
ORDER: Final = np.array(K.ORDER, dtype=np.int32)
"""``ORDER[strain * 32 + card]``: its rank within its own suit under the strain."""
HIGHER: Final = np.array(K.HIGHER, dtype=np.uint32)
"""``HIGHER[strain * 32 + card]``: the cards of its suit that beat it."""
BELOTE: Final = np.array([K.belote_mask(s) for s in range(6)], dtype=np.uint32)
"""The king and queen of trumps by strain (0 in no trump and all trump)."""


def _run_tables() -> tuple[I32, I32, I32]:
    """For each byte of one suit: the points of its runs, the cards (bits) in them and
    the strength of the best (the kernel's announcement_strength, but the trump bit)."""
    points = np.zeros(256, dtype=np.int32)
    cards = np.zeros(256, dtype=np.int32)
    best = np.zeros(256, dtype=np.int32)
    for byte in range(256):
        for packed in K.find_announcements(byte, K.NO_TRUMP, True):
            kind, mask = packed >> K.ANNOUNCEMENT_SHIFT, packed & K.ALL_CARDS
            points[byte] += K.announcement_points(kind, mask)
            cards[byte] |= mask
            best[byte] = max(best[byte], K.announcement_strength(kind, mask, K.NO_TRUMP))
    return points, cards, best


RUN_POINTS, RUN_CARDS, RUN_BEST = _run_tables()
FOURS: Final = np.array(
    [
        K.announcement_strength(K.FOUR_OF_A_KIND, 0x01010101 << r, 0)
        if K.announcement_points(K.FOUR_OF_A_KIND, 0x01010101 << r)
        else 0
        for r in range(8)
    ],
    dtype=np.int32,
)
"""The strength of the four of a kind of each rank (0 for sevens and eights)."""


# ---------------------------------------------------------------------- packed card words
# The card tables above, packed into 32-bit words so that the engine looks a card up
# with a shift and a mask instead of a gather (a gather keeps XLA from fusing the play,
# and costs more than the arithmetic on a GPU). Each word is read off the kernel's
# tables, and _check_packed rebuilds every table from the words and compares.
def _pack(values: list[int], width: int) -> int:
    return sum(v << (width * i) for i, v in enumerate(values))


def _suit_orders(strain: int, suit: int) -> list[int]:
    return [int(ORDER[strain * 32 + 8 * suit + rank]) for rank in range(8)]


def _suit_points(strain: int, suit: int) -> list[int]:
    return [int(POINTS[strain * 32 + 8 * suit + rank]) for rank in range(8)]


TRUMP_ORDER_WORD: Final = _pack(_suit_orders(0, 0), 4)
"""The order (0-7) of each rank of a suit ordered as trumps, 4 bits a rank."""
PLAIN_ORDER_WORD: Final = _pack(_suit_orders(0, 1), 4)
"""The same for a suit in its plain order."""
TRUMP_SUITS: Final = np.array(
    [
        sum(1 << suit for suit in range(4) if _suit_orders(strain, suit) != _suit_orders(0, 1))
        for strain in range(6)
    ],
    dtype=np.uint32,
)
"""By strain, the suits (bit *s* for suit *s*) ordered as trumps."""


def _points_word(points: list[int]) -> int:
    # sevens and eights score nothing in every scale: ranks 2-7 in 5 bits each
    if points[0] or points[1] or max(points) >= 32:
        raise AssertionError(f"card points {points} do not fit the packed word")
    return _pack(points[2:], 5)


POINTS_WORDS: Final = np.array(
    [
        [
            _points_word(_suit_points(strain, suit))
            for trump in (True, False)
            for suit in [
                next(
                    (s for s in range(4) if (int(TRUMP_SUITS[strain]) >> s & 1) == trump),
                    0,
                )
            ]
        ]
        for strain in range(6)
    ],
    dtype=np.uint32,
)
"""By strain, the points of the ranks of a trump-ordered suit and of a plain suit,
ranks 2-7 in 5 bits each (sevens and eights score nothing)."""


def _higher_bytes(order: int) -> list[int]:
    ranks = [order >> (4 * r) & 15 for r in range(8)]
    return [sum(1 << o for o in range(8) if ranks[o] > ranks[r]) for r in range(8)]


HIGHER_WORDS: Final = np.array(
    [_pack(_higher_bytes(word)[half * 4 : half * 4 + 4], 8)
     for word in (TRUMP_ORDER_WORD, PLAIN_ORDER_WORD) for half in (0, 1)],
    dtype=np.uint32,
)  # fmt: skip
"""The ranks that beat each rank (a byte a rank): trump order ranks 0-3, 4-7, then
plain order ranks 0-3, 4-7."""


def packed_tables() -> dict[str, list[int]]:
    """ORDER, POINTS, HIGHER and WIN_KEY rebuilt from the packed words, as lists."""
    order, points, higher, win = [], [], [], []
    for strain in range(6):
        for card in range(32):
            suit, rank = card >> 3, card & 7
            trump = int(TRUMP_SUITS[strain]) >> suit & 1
            word = TRUMP_ORDER_WORD if trump else PLAIN_ORDER_WORD
            order.append(word >> (4 * rank) & 15)
            pw = int(POINTS_WORDS[strain, 0 if trump else 1])
            points.append(pw >> (5 * (rank - 2)) & 31 if rank >= 2 else 0)
            hw = int(HIGHER_WORDS[(0 if trump else 2) + (rank >> 2)])
            higher.append((hw >> (8 * (rank & 3)) & 0xFF) << (8 * suit))
    for strain in range(6):
        for led in range(4):
            for card in range(32):
                o = order[strain * 32 + card]
                suit = card >> 3
                win.append(16 + o if suit == strain else 8 + o if suit == led else 0)
    return {"ORDER": order, "POINTS": points, "HIGHER": higher, "WIN_KEY": win}


def _check_packed() -> None:
    rebuilt = packed_tables()
    for name, table in (("ORDER", ORDER), ("POINTS", POINTS), ("HIGHER", HIGHER)):
        if rebuilt[name] != table.tolist():
            raise AssertionError(f"the packed words do not give the kernel's {name}")
    if rebuilt["WIN_KEY"] != WIN_KEY.tolist():
        raise AssertionError("the packed words do not give the kernel's WIN_KEY")


_check_packed()
