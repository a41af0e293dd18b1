"""The double-dummy search on native ints: the alpha-beta search of
:mod:`coinche.bots.solver` with its tables, move ordering, transposition table and
positions (internal).

A card is an index 0-31, a hand a 32-bit mask, a seat 0-3 (as in
:mod:`coinche._kernel`); nothing here builds a library value. The hot functions take and
hold ``mypy_extensions.i64`` values and the context keeps its hands, its move buffer and
its transposition table in ``librt.vecs.vec[i64]`` arrays, so that no node allocates
anything and mypyc compiles the search into C on unboxed integers (interpreted, ``i64``
is ``int`` and ``vec`` a plain sequence). See the docs' solver page for each technique.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, cast

from librt.vecs import vec
from mypy_extensions import i64

from coinche import _kernel as K
from coinche._play_kernel import TRICK_GOES_ON, PlayCore
from coinche.position import Position

# ---------------------------------------------------------------- tables
_NATIVE: Final = not __file__.endswith(".py")
"""Whether this module runs compiled. Interpreted, the arrays below are lists and the
transposition table a dict, which CPython indexes faster than a ``vec`` (a ``vec``
item costs about twice a list item there): the same code, the same nodes."""


def _table(values: Iterable[int]) -> vec[i64]:
    """A native copy of a table (the kernel's, indexed as there); a list interpreted."""
    items = [int(value) for value in values]
    if _NATIVE:
        return vec[i64](items)
    return cast("vec[i64]", items)


def _zeros(size: i64) -> vec[i64]:
    """*size* zeros (a new transposition table's slots, the move buffer)."""
    if _NATIVE:
        return vec[i64]([0] * size)
    return cast("vec[i64]", [0] * size)


_POINTS: Final = _table(K.POINTS)
_WIN_KEY: Final = _table(K.WIN_KEY)
_HIGHER: Final = _table(K.HIGHER)
_SUIT_MASK: Final = _table(K.SUIT_MASK)
_BIT: Final = _table(K.BIT)
"""``_BIT[card]``: a card's mask (compiled, ``1 << card`` with an ``i64`` card gave
``1 << 31`` negative, sign-extended from 32 bits: a table avoids the question)."""
_BONUS: Final = K.LAST_TRICK_BONUS
_ALL: Final = 0xFFFFFFFF  # K.ALL_CARDS, a literal: compiled, a constant


def _pack(cards: Sequence[int]) -> int:
    """Up to eight cards in order, packed as ``count | card << 4 | card << 9 | ...``."""
    packed = len(cards)
    for k, card in enumerate(cards):
        packed |= card << 4 + 5 * k
    return packed


def _suit_orders() -> tuple[vec[i64], vec[i64], vec[i64]]:
    """For each strain, suit and byte of that suit's cards, the cards in three orders
    (packed, see :func:`_pack`): strongest first, cheapest first (fewest points, then
    weakest), fattest first (most points, then weakest). Indexed
    ``(strain * 4 + suit) * 256 + byte``."""
    order = K.ORDER
    points = K.POINTS
    desc: list[int] = []
    cheap: list[int] = []
    fat: list[int] = []
    for strain in range(6):
        base = strain * 32
        for suit in range(4):
            for byte in range(256):
                cards = [8 * suit + r for r in range(8) if byte >> r & 1]
                desc.append(_pack(sorted(cards, key=lambda c: -order[base + c])))
                cheap.append(
                    _pack(sorted(cards, key=lambda c: (points[base + c], order[base + c])))
                )
                fat.append(
                    _pack(sorted(cards, key=lambda c: (-points[base + c], order[base + c])))
                )
    return _table(desc), _table(cheap), _table(fat)


_DESC, _CHEAP, _FAT = _suit_orders()


def _unpack(packed: int) -> tuple[int, ...]:
    return tuple(packed >> 4 + 5 * k & 31 for k in range(packed & 15))


_SEQS: Final = () if _NATIVE else tuple(tuple(map(_unpack, t)) for t in (_DESC, _CHEAP, _FAT))
"""Interpreted only: the same three orders as tuples of cards."""


def _zero_cards(strain: int) -> int:
    """The cards worth no points at the bottom of each suit's order (7 8, and the 9 of
    a plain suit): the only cards that are equivalent when adjacent, see _ZDROP."""
    mask = 0
    for card in range(32):
        if _POINTS[strain * 32 + card] == 0:
            mask |= 1 << card
    return mask


_ZERO: Final = _table(_zero_cards(s) for s in range(6))


def _zdrop(rest: int, mine: int) -> int:
    """Among the low zero-point cards of one suit (bits 0-2: the 7, 8 and 9, in the
    order of strength as well as of rank), those of *mine* that repeat the next lower
    card of *rest* (the cards still in play) because that card is also in *mine*."""
    drop = 0
    below = -1
    for bit in range(3):
        if rest >> bit & 1:
            if mine >> bit & 1 and below >= 0 and mine >> below & 1:
                drop |= 1 << bit
            below = bit
    return drop


_ZDROP: Final = _table(_zdrop(i >> 3, i & 7) for i in range(64))
"""``_ZDROP[rest << 3 | mine]``: see :func:`_zdrop`."""
# ---------------------------------------------------------------- transposition table
_MARK: Final = 1 << 34  # set in every key: 0 marks an empty slot
_MIN_BITS: Final = 10
_MAX_BITS: Final = 21  # 2**21 slots of 16 bytes; beyond half full the table starts over


class _Table:
    """A transposition table by open addressing in one ``vec[i64]``: two words a slot,
    the key ``rest | leader << 32 | _MARK`` (the cards left and the seat to lead: a
    position of one deal at a trick boundary) and the value. It doubles when half full,
    up to ``2**_MAX_BITS`` slots, and is then emptied (a lost entry costs nodes, never
    a wrong value; no search of one deal has come near)."""

    def __init__(self) -> None:
        self.dict: dict[int, int] = {}  # interpreted, the table itself
        self.bits: i64 = _MIN_BITS
        self.mask: i64 = (1 << _MIN_BITS) - 1
        self.used: i64 = 0
        self.slots: vec[i64] = _zeros(2 << _MIN_BITS if _NATIVE else 0)


def _slot(key: i64, mask: i64) -> i64:
    """The first slot to probe for a key (a multiplicative hash kept within 56 bits)."""
    return ((key & 0xFFFFFFFFF) * 0x9E377 >> 20) & mask


def _find(t: _Table, key: i64) -> i64:
    """The value stored for *key*, or -1."""
    if not _NATIVE:
        return t.dict.get(key, -1)
    mask = t.mask
    slots = t.slots
    i = _slot(key, mask)
    while True:
        found = slots[2 * i]
        if found == key:
            return slots[2 * i + 1]
        if found == 0:
            return -1
        i = (i + 1) & mask


def _put(t: _Table, key: i64, value: i64) -> None:
    """Store *value* for *key* (over any value it had)."""
    if not _NATIVE:
        t.dict[key] = value
        t.used = len(t.dict)
        return
    mask = t.mask
    slots = t.slots
    i = _slot(key, mask)
    while True:
        found = slots[2 * i]
        if found == key:
            slots[2 * i + 1] = value
            return
        if found == 0:
            break
        i = (i + 1) & mask
    slots[2 * i] = key
    slots[2 * i + 1] = value
    t.used += 1
    if t.used * 2 > mask:
        _grow(t)


def _grow(t: _Table) -> None:
    """Double the table (rehashing every entry), or empty it at the largest size."""
    old = t.slots
    size = t.mask + 1
    t.used = 0
    if t.bits >= _MAX_BITS:
        t.slots = _zeros(2 * size)
        return
    t.bits += 1
    t.mask = (1 << t.bits) - 1
    t.slots = _zeros(4 * size)
    i: i64 = 0
    while i < size:
        if old[2 * i]:
            _put(t, old[2 * i], old[2 * i + 1])
        i += 1


# ---------------------------------------------------------------- the search on ints
_PLIES: Final = 33  # cards of a deal, plus one: a move buffer of 8 cards for each


class _Ctx:
    """What one search needs besides the position: the rules, the side, the tables, and
    the kernel's :class:`~coinche._play_kernel.PlayCore`, which each node steps in place and
    takes back."""

    def __init__(self, strain: i64, flags: i64, side: i64) -> None:
        # the cards and the trick searched from, set by _load; stepped and taken back
        self.core: PlayCore = PlayCore(0, 0, 0, 0, strain, flags, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        self.strain: i64 = strain
        self.flags: i64 = flags
        self.side: i64 = side  # the team maximising its card points
        self.zero: i64 = _ZERO[strain]
        self.tt: _Table = _Table()  # position -> lower | upper << 9 | (move + 1) << 18
        self.all_tt: _Table = _Table()  # position -> can the goal seats take all (1, 0)
        self.goal: i64 = 5 << side  # seats that must win every trick in _all: the side's
        self.nodes: i64 = 0
        self.buf: vec[i64] = _zeros(8 * _PLIES)  # the moves of each ply, in order
        self.merge: bool = True  # search equivalent cards once
        self.use_tt: bool = True
        self.order: bool = True
        self.sure: bool = True  # bounds from the top trumps
        self.quick: bool = True  # no capot while another seat holds the top trump
        self.bisect: bool = True  # null windows by bisection, else one full window
        self.guess: bool = True  # solve_cards: bisection starts at the last card's value


def _load(cx: _Ctx, pos: Position) -> None:
    """Search from *pos* next (a position of the same strain and rules: the tables
    stay): its hands and its trick in the context's core."""
    core = cx.core
    h = pos.hands
    core.h0 = h[0]
    core.h1 = h[1]
    core.h2 = h[2]
    core.h3 = h[3]
    core.leader = pos.leader
    core.size = pos.size
    core.to_move = (pos.leader + pos.size) & 3
    core.c0 = pos.c0
    core.c1 = pos.c1
    core.c2 = pos.c2


def _emit(buf: vec[i64], m: i64, table: vec[i64], row: i64, cards: i64) -> i64:
    """Write the cards of *cards* into *buf* from *m* on, suit by suit in the order of
    *table* (one of the packed orders, *row* its strain's); the next free place."""
    suit: i64 = 0
    while suit < 4:
        byte = cards >> 8 * suit & 255
        if byte:
            packed = table[row + suit * 256 + byte]
            k = packed & 15
            packed >>= 4
            while k > 0:
                buf[m] = packed & 31
                m += 1
                packed >>= 5
                k -= 1
        suit += 1
    return m


def _moves(cx: _Ctx, off: i64, n: i64, c0: i64, c1: i64, c2: i64, legal: i64, first: i64) -> i64:
    """Write the legal cards into the move buffer from *off* on, in the order to try
    them, and return how many: *first* (the table's move), then on lead strong cards
    first; following, the fattest cards when the partner is winning, else the cheapest
    card that wins, then the cheapest that does not."""
    buf = cx.buf
    strain = cx.strain
    row = strain * 1024
    m = off
    if first >= 0 and legal >> first & 1:
        buf[m] = first
        m += 1
        legal ^= _BIT[first]
    if not cx.order:
        while legal:
            buf[m] = K.lowest(legal)
            m += 1
            legal &= legal - 1
        return m - off
    kind: i64 = 0  # the order: 0 strongest first, 1 cheapest, 2 fattest
    win: i64 = 0  # with the cheapest first: the cards that win the trick, put first
    if n > 0:
        pos: i64 = 0  # the card winning the trick so far: the lead's, alone
        if n > 1:
            pos = K.master_pos(n, c0, c1, c2, 0, strain)
        if n - pos == 2:  # the partner is winning: fattest first
            kind = 2
        else:
            kind = 1
            top = c0 if pos == 0 else c1 if pos == 1 else c2
            win = _HIGHER[strain * 32 + top]  # the cards of its suit that beat it
            if strain < 4 and _WIN_KEY[(strain * 4 + (c0 >> 3)) * 32 + top] < 16:
                win |= _SUIT_MASK[strain]  # no trump in the trick yet: any trump beats it
            win &= legal
            legal &= ~win
    if not _NATIVE:  # interpreted: one slice assignment a suit, from tuples of cards
        seqs = _SEQS[kind]
        out = cast("list[int]", buf)
        for cards in (win, legal) if win else (legal,):
            for shift in (0, 8, 16, 24):
                byte = cards >> shift & 255
                if byte:
                    seq = seqs[row + (shift << 5) + byte]
                    out[m : m + len(seq)] = seq
                    m += len(seq)
        return m - off
    # each table named in the call (compiled, a table in a local is counted in and out)
    if kind == 0:
        return _emit(buf, m, _DESC, row, legal) - off
    if win:
        m = _emit(buf, m, _CHEAP, row, win)
    if kind == 1:
        return _emit(buf, m, _CHEAP, row, legal) - off
    return _emit(buf, m, _FAT, row, legal) - off


def _merge(cx: _Ctx, legal: i64, n: i64, c0: i64, c1: i64, c2: i64) -> i64:
    """*legal* without the cards equivalent to a lower card of the same hand: zero-point
    cards adjacent in strength once the cards gone are left out (a card in the trick in
    progress is not gone: it lies between)."""
    low = legal & cx.zero
    if not low & (low - 1):
        return legal
    core = cx.core
    rest = core.h0 | core.h1 | core.h2 | core.h3
    if n > 0:
        rest |= _BIT[c0]
        if n > 1:
            rest |= _BIT[c1]
            if n > 2:
                rest |= _BIT[c2]
    rest &= cx.zero
    suit: i64 = 0
    while suit < 4:
        shift = 8 * suit
        mine = low >> shift & 7
        if mine & (mine - 1):
            legal &= ~(_ZDROP[(rest >> shift & 7) << 3 | mine] << shift)
        suit += 1
    return legal


def _sure(ours: i64, rest: i64, strain: i64) -> i64:
    """The top trumps held by one team all end in tricks that team wins: their points
    ``<< 1``, plus 1 when *ours* (the side's cards) holds them; -1 without trumps left.
    (Apart from :func:`_ab`, whose frame stays small: interpreted, 33 nested frames must
    stay within CPython's 16 KB chunks of frame stack, else calls map and unmap one.)"""
    trumps = rest >> 8 * strain & 255
    if not trumps:
        return -1
    packed = _DESC[strain * 1280 + trumps]
    k = packed & 15
    packed >>= 4
    owner = ours >> (packed & 31) & 1
    sure: i64 = 0
    while k > 0:
        card = packed & 31
        if ours >> card & 1 != owner:
            break
        sure += _POINTS[strain * 32 + card]
        packed >>= 5
        k -= 1
    return sure << 1 | owner


def _take_back(core: PlayCore, seat: i64, n: i64, hand: i64) -> None:
    """Undo a step: *seat*'s *hand*, the trick's size *n* and the seat to move as the
    node found them (a trick's leader and cards are put back by the caller, which holds
    them). The search never reads the core's points and tricks, so it leaves them."""
    core.size = n
    core.to_move = seat
    if seat == 0:
        core.h0 = hand
    elif seat == 1:
        core.h1 = hand
    elif seat == 2:
        core.h2 = hand
    else:
        core.h3 = hand


def _ab(cx: _Ctx, left: i64, alpha: i64, beta: i64, ply: i64) -> i64:
    """Fail-soft alpha-beta from the context's core: the side's card points from here on
    (*left* is every point still to be won, the trick in progress and the last-trick
    bonus included; *ply* the depth, for the move buffer). Each card is played by the
    kernel's step and taken back."""
    cx.nodes += 1
    core = cx.core
    strain = cx.strain
    side = cx.side
    seat = core.to_move
    n = core.size
    hand = core.h0 if seat == 0 else core.h1 if seat == 1 else core.h2 if seat == 2 else core.h3
    key: i64 = 0
    first: i64 = -1
    lo: i64 = 0
    hi = left
    if n == 0:
        if hand & (hand - 1) == 0:  # the last trick, or the bonus alone after it
            if hand:
                seat = K.trick_winner(
                    seat,
                    K.lowest(hand),
                    K.lowest(core.hand((seat + 1) & 3)),
                    K.lowest(core.hand((seat + 2) & 3)),
                    K.lowest(core.hand((seat + 3) & 3)),
                    strain,
                )
            if seat & 1 == side:  # (not a conditional expression: that boxes, compiled)
                return left
            return 0
        if left <= alpha:  # quick bounds from the points left
            return left
        if beta <= 0:
            return 0
        rest = core.h0 | core.h1 | core.h2 | core.h3
        if strain < 4 and cx.sure:
            sure = _sure(core.h1 | core.h3 if side else core.h0 | core.h2, rest, strain)
            if sure >= 0:
                if sure & 1:  # the side's: at least that much
                    sure >>= 1
                    if sure >= beta:
                        return sure
                    if sure > lo:
                        lo = sure
                else:  # the other team's: at most what is left besides
                    sure = left - (sure >> 1)
                    if sure <= alpha:
                        return sure
                    if sure < hi:
                        hi = sure
        if cx.use_tt:
            key = rest | seat << 32 | _MARK
            entry: i64 = -1
            if _NATIVE:  # noqa: SIM108 (a conditional expression with the dict's get boxes)
                entry = _find(cx.tt, key)
            else:
                entry = cx.tt.dict.get(key, -1)
            if entry >= 0:
                lo = entry & 511
                hi = entry >> 9 & 511
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
                first = (entry >> 18) - 1
    c0 = core.c0
    c1 = core.c1
    c2 = core.c2
    legal = hand if n == 0 else K.legal(hand, n, c0, c1, c2, strain, cx.flags) & _ALL  # a lead
    low = legal & cx.zero
    if low & (low - 1) and cx.merge:  # two zero-point cards or more: maybe equivalent
        legal = _merge(cx, legal, n, c0, c1, c2)
    maximise = seat & 1 == side
    best: i64 = 1000
    if maximise:
        best = -1
    best_card: i64 = -1
    a0 = alpha
    b0 = beta
    off = ply * 8
    buf = cx.buf
    if legal & (legal - 1):
        count = _moves(cx, off, n, c0, c1, c2, legal, first)
    else:
        buf[off] = K.lowest(legal)
        count = 1
    i: i64 = 0
    while i < count:
        card = buf[off + i]
        i += 1
        record = core.step(card)
        if record == TRICK_GOES_ON:
            v = _ab(cx, left, alpha, beta, ply + 1)
        else:  # the trick is won: its points (the 10 too, after the last one)
            points = record >> 2 & 255
            if core.leader & 1 == side:
                v = points + _ab(cx, left - points, alpha - points, beta - points, ply + 1)
            else:
                v = _ab(cx, left - points, alpha, beta, ply + 1)
            core.leader = (seat + 1) & 3  # the trick back: this card was its fourth
            core.c0 = c0
            core.c1 = c1
            core.c2 = c2
        _take_back(core, seat, n, hand)
        if maximise:
            if v > best:
                best = v
                best_card = card
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        elif v < best:
            best = v
            best_card = card
            if v < beta:
                beta = v
                if v <= alpha:
                    break
    if key:
        if best >= b0:
            if best > lo:
                lo = best
        elif best <= a0:
            if best < hi:
                hi = best
        else:
            lo = best
            hi = best
        if _NATIVE:
            _put(cx.tt, key, lo | hi << 9 | (best_card + 1) << 18)
        else:
            cx.tt.dict[key] = lo | hi << 9 | (best_card + 1) << 18
    return best


def _all(cx: _Ctx, ply: i64) -> bool:
    """Whether the side can make every trick from the context's core on be won by one
    of the seats of ``cx.goal`` (its two seats for a capot, the taker alone for a
    générale)."""
    cx.nodes += 1
    core = cx.core
    strain = cx.strain
    seat = core.to_move
    n = core.size
    hand = core.h0 if seat == 0 else core.h1 if seat == 1 else core.h2 if seat == 2 else core.h3
    key: i64 = 0
    if n == 0:
        if not hand:
            return True
        rest = core.h0 | core.h1 | core.h2 | core.h3
        if strain < 4 and cx.quick:
            trumps = rest >> 8 * strain & 255
            if trumps:  # the top trump wins whenever it is played: who holds it?
                top = _DESC[strain * 1280 + trumps] >> 4 & 31
                goal = cx.goal
                mine: i64 = 0
                s: i64 = 0
                while s < 4:
                    if goal >> s & 1:
                        mine |= core.hand(s)
                    s += 1
                if not mine >> top & 1:
                    return False
        key = rest | seat << 32 | _MARK
        known = _find(cx.all_tt, key)
        if known >= 0:
            return known == 1
    c0 = core.c0
    c1 = core.c1
    c2 = core.c2
    legal: i64 = K.legal(hand, n, c0, c1, c2, strain, cx.flags) & _ALL
    if cx.merge:
        legal = _merge(cx, legal, n, c0, c1, c2)
    maximise = seat & 1 == cx.side
    result = not maximise
    off = ply * 8
    buf = cx.buf
    if legal & (legal - 1):
        count = _moves(cx, off, n, c0, c1, c2, legal, -1)
    else:
        buf[off] = K.lowest(legal)
        count = 1
    i: i64 = 0
    while i < count:
        card = buf[off + i]
        i += 1
        if core.step(card) == TRICK_GOES_ON:
            ok = _all(cx, ply + 1)
        else:
            ok = cx.goal >> core.leader & 1 == 1 and _all(cx, ply + 1)
            core.leader = (seat + 1) & 3  # the trick back: this card was its fourth
            core.c0 = c0
            core.c1 = c1
            core.c2 = c2
        _take_back(core, seat, n, hand)
        if ok == maximise:
            result = ok
            break
    if key:
        _put(cx.all_tt, key, 1 if result else 0)
    return result


def _value(cx: _Ctx, left: i64, guess: i64 = -1) -> i64:
    """The side's card points from the context's core on with best play, by bisection
    with null windows (each probe asks "at least t?", the table keeping the bounds
    found); with a *guess* (a likely value, or -1), the first probes ask "at least
    guess?" and "at least guess + 1?" so that a right guess costs two probes."""
    if not cx.bisect:
        return _ab(cx, left, -1, left + 1, 0)
    if not cx.guess:
        guess = -1
    lo: i64 = 0
    hi = left
    while lo < hi:
        if lo < guess <= hi:
            t = guess
        elif guess == lo and lo < hi:
            t = lo + 1
        else:
            t = (lo + hi + 1) // 2
        v = _ab(cx, left, t - 1, t, 0)
        if v >= t:
            lo = v
        else:
            hi = v
    return lo


# ---------------------------------------------------------------- positions
# The search starts from the library's one play position (coinche.position.Position):
# the cards left, the trick in progress, the points and tricks won so far.


def _team_tricks(pos: Position, team: int) -> int:
    """Complete tricks the seats of *team* have won."""
    return pos.won[team] + pos.won[team + 2]


def _capot_points(pos: Position) -> int:
    """The card points of a capot under the position's rules (250 or 252)."""
    return pos.options[K.OPT_CAPOT_CARD_POINTS]


def _left(pos: Position) -> int:
    """Every point still to be won: the hands, the trick in progress, the bonus."""
    h = pos.hands
    points = K.mask_points(h[0] | h[1] | h[2] | h[3], pos.strain)
    for card in pos.trick:
        points += _POINTS[pos.strain * 32 + card]  # cards of the trick in progress
    return points + _BONUS


def _ctx(pos: Position, side: int) -> _Ctx:
    return _Ctx(pos.strain, pos.flags, side)


def _can_take_all(pos: Position, side: int, goal: int, cx: _Ctx | None = None) -> bool:
    """Whether *side* can make the seats of *goal* win every trick still to play."""
    if cx is None:
        cx = _ctx(pos, side)
    if cx.goal != goal:  # the table of _all holds answers for one goal
        cx.goal = goal
        cx.all_tt = _Table()
    _load(cx, pos)
    return _all(cx, 0)


def _solve_position(
    pos: Position, side: int, cx: _Ctx | None = None, guess: int = -1
) -> tuple[int, int]:
    """Both teams' card points at the end with best play, and the nodes searched.

    Returns ``(side's points, other team's points)`` as score_deal counts them; see
    :func:`solve_deal` for how the other team's figure is settled. *guess*: a likely
    value of the side's points, or -1 (see :func:`_value`).
    """
    if cx is None:
        cx = _ctx(pos, side)
    other = 1 - side
    if _team_tricks(pos, other) == 0 and _can_take_all(pos, side, 5 << side, cx):
        return _capot_points(pos), 0
    start = pos.points[side]
    guess = guess - start if guess >= 0 else -1
    _load(cx, pos)
    future = _value(cx, _left(pos), guess)
    points = start + future
    if (
        points == 0
        and _team_tricks(pos, side) == 0
        and _can_take_all(pos, other, 5 << other, _ctx(pos, other))
    ):
        return 0, _capot_points(pos)
    return points, K.ALL_POINTS - points
