"""The lookup tables of :mod:`coinche.rl.batch`, each derived from the library at build.

Nothing here states a rule: the auction is a finite state machine found by walking the
library's own :class:`~coinche.auction.Auction` (its legal calls and the state each call
leads to), and the play tables are filled by asking the kernel (:func:`coinche._kernel.legal`
and its ``WIN_KEY`` / ``POINTS`` tables). The equality tests of ``tests/test_rl_batch.py``
check the batch environment built on them against :class:`~coinche.Deal`, deal by deal.
"""

from __future__ import annotations

import functools
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from coinche import _kernel as K
from coinche.actions import NUM_ACTIONS, action_to_int, int_to_action
from coinche.auction import Auction
from coinche.config import RuleConfig
from coinche.contract import CAPOT, GENERALE
from coinche.seats import Seat

I64 = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

MULTIPLIER_INDEX: Final = {1: 0, 2: 1, 4: 2}


class AuctionTables:
    """The coinche auction as a state machine, dealer-relative (the dealer is seat 0).

    State 0 is the opening. ``mask[s]`` the legal actions of the seat to move,
    ``nxt[s, a]`` the state after action *a* (-1 if illegal), ``to_move[s]`` the
    dealer-relative seat to move (-1 once over), ``over`` / ``thrown`` whether it is
    over / thrown in; for an over state with a contract: ``strain``, ``level`` (the
    observation's contract_level index), ``kind`` (0 number, 1 capot, 2 générale),
    ``value`` (its points), ``taker`` (dealer-relative), ``mult`` (1, 2, 4) and
    ``leader`` (dealer-relative seat leading the first trick).
    """

    def __init__(self, rules: RuleConfig) -> None:
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
                    key = after._state
                    found = index.get(key)
                    if found is None:
                        found = index[key] = len(auctions)
                        auctions.append(after)
                    moves[action_to_int(call, rules)] = found
            transitions.append(moves)
        size = len(auctions)
        self.size = size
        self.mask: Bools = np.zeros((size, NUM_ACTIONS), dtype=np.bool_)
        self.nxt: I64 = np.full((size, NUM_ACTIONS), -1, dtype=np.int64)
        self.to_move: I64 = np.full(size, -1, dtype=np.int64)
        self.over: Bools = np.zeros(size, dtype=np.bool_)
        self.thrown: Bools = np.zeros(size, dtype=np.bool_)
        self.strain: I64 = np.full(size, -1, dtype=np.int64)
        self.level: I64 = np.full(size, -1, dtype=np.int64)
        self.kind: I64 = np.zeros(size, dtype=np.int64)
        self.value: I64 = np.zeros(size, dtype=np.int64)
        self.taker: I64 = np.full(size, -1, dtype=np.int64)
        self.mult: I64 = np.ones(size, dtype=np.int64)
        self.leader: I64 = np.full(size, -1, dtype=np.int64)
        for state, (auction, moves) in enumerate(zip(auctions, transitions, strict=True)):
            for action, target in moves.items():
                self.mask[state, action] = True
                self.nxt[state, action] = target
            if auction.to_move is not None:
                self.to_move[state] = int(auction.to_move)
            if auction.is_over:
                self.over[state] = True
                contract = auction.contract
                if contract is None:
                    self.thrown[state] = True
                    continue
                self.strain[state] = int(contract.strain)
                # the bid's integer gives its level as the action table counts it
                bid = action_to_int(auction.highest_bid[1], rules)  # type: ignore[index]
                self.level[state] = _level_index(bid)
                value = contract.value
                self.kind[state] = 1 if value is CAPOT else 2 if value is GENERALE else 0
                self.value[state] = contract.points
                self.taker[state] = int(contract.taker)
                self.mult[state] = contract.multiplier
                self.leader[state] = int(rules.first_leader(Seat.NORTH, contract.taker))
        # each state's legal actions listed, for drawing one: legal[s, :count[s]]
        self.count: I64 = self.mask.sum(axis=1).astype(np.int64)
        self.legal: I64 = np.zeros((size, max(1, int(self.count.max()))), dtype=np.int64)
        for state in range(size):
            listed = np.flatnonzero(self.mask[state])
            self.legal[state, : listed.size] = listed
        # the kind of each action: 0 card, 1 pass, 2 bid, 3 coinche, 4 surcoinche
        kinds = np.zeros(NUM_ACTIONS, dtype=np.int64)
        for action in range(32, NUM_ACTIONS):
            name = type(int_to_action(action, rules)).__name__
            kinds[action] = {"Pass": 1, "Bid": 2, "Coinche": 3, "Surcoinche": 4}.get(name, 5)
        self.action_kind: I64 = kinds


def _level_index(bid_action: int) -> int:
    """The observation's contract_level index of a bid integer (0-16, capot 17, générale 18)."""
    from coinche.actions import CAPOT_BASE, GENERALE_BASE, NUMERIC_BID_BASE

    if bid_action >= GENERALE_BASE:
        return 18
    if bid_action >= CAPOT_BASE:
        return 17
    return (bid_action - NUMERIC_BID_BASE) // 6


@functools.cache
def auction_tables(rules: RuleConfig) -> AuctionTables:
    """The auction tables of *rules*, built once."""
    return AuctionTables(rules)


class PlayTables:
    """The play as lookups, filled from the kernel.

    ``win_key[strain, led, card]`` and ``points[strain, card]`` are the kernel's
    ``WIN_KEY`` and ``POINTS``. The legal cards: the kernel's :func:`~coinche._kernel.legal`
    reads a hand only through its cards of the led suit, its trumps, or all of it, and a
    trick only through (strain, led suit, master card, whether the mover's partner is
    master, whether an opponent has trumped). ``follow[key, byte]`` is the legal part of
    the led suit for a hand holding *byte* of it; ``void[key, byte]`` for a hand void in
    the led suit with trump *byte*: the legal trumps, or 256 for the whole hand. *key* is
    ``(((strain * 4 + led) * 32 + master) * 2 + partner_master) * 2 + opponent_trumped``.
    Every entry is the kernel's answer for a representative trick and hand; the build
    checks that the answer has that shape.
    """

    def __init__(self, flags: int) -> None:
        self.win_key: I64 = np.array(K.WIN_KEY, dtype=np.int64).reshape(6, 4, 32)
        self.points: I64 = np.array(K.POINTS, dtype=np.int64).reshape(6, 32)
        self.win_key_flat: I64 = np.array(K.WIN_KEY, dtype=np.int64)
        self.points_flat: I64 = np.array(K.POINTS, dtype=np.int64)
        self.belote: I64 = np.array([K.belote_mask(s) for s in range(6)], dtype=np.int64)
        keys = 6 * 4 * 32 * 2 * 2
        self.follow: I64 = np.zeros((keys, 256), dtype=np.int64)
        self.void: I64 = np.zeros((keys, 256), dtype=np.int64)
        seen: set[int] = set()
        for strain in range(6):
            for n in (1, 2, 3):
                for trick in _tricks(n):
                    key = trick_key(trick, strain)
                    if key in seen:
                        continue
                    seen.add(key)
                    self._fill(key, trick, strain, flags)

    def _fill(self, key: int, trick: tuple[int, ...], strain: int, flags: int) -> None:
        n = len(trick)
        c0, c1, c2 = (*trick, 0, 0)[:3]
        led = c0 >> 3
        used = 0
        for card in trick:
            used |= 1 << card
        # a filler card: neither of the led suit nor of the trump suit, not in the trick
        filler = next(
            c
            for c in range(32)
            if c >> 3 != led and (strain >= 4 or c >> 3 != strain) and not used >> c & 1
        )
        for byte in range(1, 256):
            hand = byte << 8 * led
            got = K.legal_mask(hand | 1 << filler, n, c0, c1, c2, strain, flags)
            assert got & ~K.SUIT_MASK[led] == 0, "following: only cards of the led suit"
            self.follow[key, byte] = got >> 8 * led & 0xFF
        for byte in range(256):
            trumps = byte << 8 * strain if strain < 4 and strain != led else 0
            hand = trumps | 1 << filler
            got = K.legal_mask(hand, n, c0, c1, c2, strain, flags)
            if got == hand:
                self.void[key, byte] = 256
            else:
                assert strain < 4, "a whole hand is legal in no trump and all trump"
                assert got & ~K.SUIT_MASK[strain] == 0, "void: only trumps, or anything"
                self.void[key, byte] = got >> 8 * strain & 0xFF


def _tricks(n: int) -> list[tuple[int, ...]]:
    """Tricks of *n* distinct cards, one per (led suit, later cards' suits and ranks)."""
    if n == 1:
        return [(c,) for c in range(32)]
    out: list[tuple[int, ...]] = []
    for first in range(32):
        for second in range(32):
            if second == first:
                continue
            if n == 2:
                out.append((first, second))
                continue
            for third in range(32):
                if third not in (first, second):
                    out.append((first, second, third))
    return out


def trick_key(trick: tuple[int, ...], strain: int) -> int:
    """The key of :class:`PlayTables` for a trick in progress (the scalar twin of the
    batch env's vectorised computation)."""
    n = len(trick)
    led = trick[0] >> 3
    base = (strain * 4 + led) * 32
    best_key = K.WIN_KEY[base + trick[0]]
    best = trick[0]
    best_pos = 0
    trumped = 0
    for pos in range(1, n):
        k = K.WIN_KEY[base + trick[pos]]
        if k >= 16 and (n - pos) & 1:
            trumped = 1
        if k > best_key:
            best_key, best, best_pos = k, trick[pos], pos
    partner = 1 if (n - best_pos) & 1 == 0 else 0
    return (((strain * 4 + led) * 32 + best) * 2 + partner) * 2 + trumped


@functools.cache
def play_tables(flags: int) -> PlayTables:
    """The play tables of the play options *flags*, built once."""
    return PlayTables(flags)


# ---------------------------------------------------------------- dealing
_M1: Final = np.uint64(0xBF58476D1CE4E5B9)
_M2: Final = np.uint64(0x94D049BB133111EB)
_GOLD: Final = np.uint64(0x9E3779B97F4A7C15)


def _mix(x: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """splitmix64's finaliser, elementwise (wrapping uint64 arithmetic)."""
    x = (x ^ (x >> np.uint64(30))) * _M1
    x = (x ^ (x >> np.uint64(27))) * _M2
    return x ^ (x >> np.uint64(31))


def dealt(seed: int, index: npt.NDArray[np.int64]) -> tuple[I64, I64]:
    """The dealer and the four hand masks of deal *index* of *seed*, for each index.

    A counter-based hash: deal (seed, i) is the same whatever else is dealt, in the
    batch env and in :func:`coinche.rl.batch.deal_of`. Each card gets a 64-bit key from
    (seed, i, card); the deck is the cards by key; seat ``k`` gets deck cards
    ``8k`` to ``8k + 7``.
    """
    with np.errstate(over="ignore"):
        seeded = np.array([seed & 0xFFFFFFFFFFFFFFFF], dtype=np.uint64)
        root = _mix(seeded * _GOLD + np.uint64(0x632BE59BD9B4E019))
        base = _mix(root ^ (index.astype(np.uint64) * _GOLD))
        cards = np.arange(33, dtype=np.uint64)
        keys = _mix(base[:, None] + (cards[None, :] + np.uint64(1)) * _M2)
    order = np.argsort(keys[:, :32], axis=1, kind="stable")
    bits = np.left_shift(np.int64(1), order.astype(np.int64))
    hands = bits.reshape(-1, 4, 8).sum(axis=2)
    dealer = (keys[:, 32] >> np.uint64(62)).astype(np.int64)
    return dealer, hands
