"""The double-dummy search on ints: the alpha-beta search of :mod:`coinche.bots.solver`
with its tables, move ordering, transposition table and positions (internal).

A card is an index 0-31, a hand a 32-bit mask, a seat 0-3 (as in
:mod:`coinche._kernel`); nothing here builds a library value, so that mypyc compiles
the hot loop into native code (see the docs' solver page for each technique).
"""

from __future__ import annotations

from typing import Final

from coinche import _kernel as K
from coinche.position import Position

# ---------------------------------------------------------------- tables
_POINTS: Final = K.POINTS
_WIN_KEY: Final = K.WIN_KEY
_ORDER: Final = K.ORDER
_BIT: Final = K.BIT
_HIGHER: Final = K.HIGHER
_SUIT_MASK: Final = K.SUIT_MASK
_BONUS: Final = K.LAST_TRICK_BONUS
_ALL_POINTS: Final = 152 + K.LAST_TRICK_BONUS  # every card point of a deal: 162


def _suit_orders() -> tuple[
    tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]
]:
    """For each strain, suit and byte of that suit's cards, the cards in three orders:
    strongest first, cheapest first (fewest points, then weakest), fattest first (most
    points, then weakest). Indexed ``(strain * 4 + suit) * 256 + byte``."""
    desc: list[tuple[int, ...]] = []
    cheap: list[tuple[int, ...]] = []
    fat: list[tuple[int, ...]] = []
    for strain in range(6):
        base = strain * 32
        for suit in range(4):
            for byte in range(256):
                cards = [8 * suit + r for r in range(8) if byte >> r & 1]
                desc.append(tuple(sorted(cards, key=lambda c: -_ORDER[base + c])))
                cheap.append(
                    tuple(sorted(cards, key=lambda c: (_POINTS[base + c], _ORDER[base + c])))
                )
                fat.append(
                    tuple(sorted(cards, key=lambda c: (-_POINTS[base + c], _ORDER[base + c])))
                )
    return tuple(desc), tuple(cheap), tuple(fat)


_DESC, _CHEAP, _FAT = _suit_orders()


def _zero_cards(strain: int) -> int:
    """The cards worth no points at the bottom of each suit's order (7 8, and the 9 of
    a plain suit): the only cards that are equivalent when adjacent, see _ZDROP."""
    mask = 0
    for card in range(32):
        if _POINTS[strain * 32 + card] == 0:
            mask |= 1 << card
    return mask


_ZERO: Final = tuple(_zero_cards(s) for s in range(6))


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


_SINGLE: Final[tuple[list[int], ...]] = tuple([card] for card in range(32))
"""A one-card list of moves for each card (shared: never changed)."""
_ZDROP: Final = tuple(_zdrop(i >> 3, i & 7) for i in range(64))
"""``_ZDROP[rest << 3 | mine]``: see :func:`_zdrop`."""


# ---------------------------------------------------------------- the search on ints
class _Ctx:
    """What one search needs besides the position: the rules, the side, the tables."""

    def __init__(self, hands: list[int], strain: int, flags: int, side: int) -> None:
        self.hands: list[int] = hands  # by seat; changed in place and restored
        self.strain: int = strain
        self.flags: int = flags
        self.side: int = side  # the team maximising its card points
        self.zero: int = _ZERO[strain]
        self.tt: dict[int, int] = {}  # rest | leader << 32 -> lower | upper << 9 | move << 18
        self.all_tt: dict[int, bool] = {}  # the same key -> can the goal seats take all
        self.goal: int = 5 << side  # seats that must win every trick in _all: the side's
        self.nodes: int = 0
        self.merge: bool = True  # search equivalent cards once
        self.use_tt: bool = True
        self.order: bool = True
        self.sure: bool = True  # bounds from the top trumps
        self.quick: bool = True  # no capot while another seat holds the top trump
        self.bisect: bool = True  # null windows by bisection, else one full window


def _moves(
    cx: _Ctx, seat: int, n: int, c0: int, c1: int, c2: int, legal: int, first: int
) -> list[int]:
    """The legal cards in the order to try them: *first* (the table's move), then on
    lead strong cards first; following, the fattest cards when the partner is winning,
    else the cheapest card that wins, then the cheapest that does not."""
    strain = cx.strain
    row = strain * 1024
    moves: list[int] = []
    if first >= 0 and legal >> first & 1:
        moves.append(first)
        legal ^= _BIT[first]
    if not cx.order:
        while legal:
            low = legal & -legal
            moves.append(low.bit_length() - 1)
            legal ^= low
        return moves
    if n == 0:
        for suit in range(4):
            byte = legal >> 8 * suit & 255
            if byte:
                moves.extend(_DESC[row + suit * 256 + byte])
        return moves
    pos = K.master_pos(n, c0, c1, c2, 0, strain)
    if n - pos == 2:  # the partner is winning: fattest first
        for suit in range(4):
            byte = legal >> 8 * suit & 255
            if byte:
                moves.extend(_FAT[row + suit * 256 + byte])
        return moves
    top = c0 if pos == 0 else c1 if pos == 1 else c2
    beats = _HIGHER[strain * 32 + top]  # the cards of its suit that beat it
    if strain < 4 and _WIN_KEY[(strain * 4 + (c0 >> 3)) * 32 + top] < 16:
        beats |= _SUIT_MASK[strain]  # no trump in the trick yet: any trump beats it
    win = legal & beats
    for suit in range(4):
        byte = win >> 8 * suit & 255
        if byte:
            moves.extend(_CHEAP[row + suit * 256 + byte])
    legal &= ~beats
    for suit in range(4):
        byte = legal >> 8 * suit & 255
        if byte:
            moves.extend(_CHEAP[row + suit * 256 + byte])
    return moves


def _merge(cx: _Ctx, legal: int, n: int, c0: int, c1: int, c2: int) -> int:
    """*legal* without the cards equivalent to a lower card of the same hand: zero-point
    cards adjacent in strength once the cards gone are left out (a card in the trick in
    progress is not gone: it lies between)."""
    low = legal & cx.zero
    if not low & (low - 1):
        return legal
    hands = cx.hands
    rest = hands[0] | hands[1] | hands[2] | hands[3]
    if n > 0:
        rest |= _BIT[c0]
        if n > 1:
            rest |= _BIT[c1]
            if n > 2:
                rest |= _BIT[c2]
    rest &= cx.zero
    for suit in range(4):
        shift = 8 * suit
        mine = low >> shift & 7
        if mine & (mine - 1):
            legal &= ~(_ZDROP[(rest >> shift & 7) << 3 | mine] << shift)
    return legal


def _ab(
    cx: _Ctx, seat: int, n: int, c0: int, c1: int, c2: int, left: int, alpha: int, beta: int
) -> int:
    """Fail-soft alpha-beta: the side's card points from here on (*left* is every point
    still to be won, the trick in progress and the last-trick bonus included)."""
    cx.nodes += 1
    hands = cx.hands
    strain = cx.strain
    side = cx.side
    hand = hands[seat]
    key = -1
    first = -1
    lo = 0
    hi = left
    if n == 0:
        if hand & (hand - 1) == 0:  # the last trick, or the bonus alone after it
            if hand:
                a = K.lowest(hand)
                b = K.lowest(hands[(seat + 1) & 3])
                c = K.lowest(hands[(seat + 2) & 3])
                d = K.lowest(hands[(seat + 3) & 3])
                seat = K.trick_winner(seat, a, b, c, d, strain)
            return left if seat & 1 == side else 0
        if left <= alpha:  # quick bounds from the points left
            return left
        if beta <= 0:
            return 0
        if strain < 4 and cx.sure:
            # the top trumps held by one team all end in tricks that team wins
            trumps = (hands[0] | hands[1] | hands[2] | hands[3]) >> 8 * strain & 255
            if trumps:
                ours = hands[side] | hands[side + 2]
                seq = _DESC[strain * 1280 + trumps]
                owner = ours >> seq[0] & 1
                sure = 0
                for card in seq:
                    if ours >> card & 1 != owner:
                        break
                    sure += _POINTS[strain * 32 + card]
                if owner:
                    if sure >= beta:
                        return sure
                    if sure > lo:
                        lo = sure
                elif left - sure <= alpha:
                    return left - sure
                elif left - sure < hi:
                    hi = left - sure
        if cx.use_tt:
            key = hands[0] | hands[1] | hands[2] | hands[3] | seat << 32
            entry = cx.tt.get(key, -1)
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
    legal = K.legal_mask(hand, n, c0, c1, c2, strain, cx.flags)
    low = legal & cx.zero
    if low & (low - 1) and cx.merge:  # two zero-point cards or more: maybe equivalent
        legal = _merge(cx, legal, n, c0, c1, c2)
    maximise = seat & 1 == side
    best = -1 if maximise else 1000
    best_card = -1
    a0 = alpha
    b0 = beta
    nxt = (seat + 1) & 3
    base = strain * 32
    if legal & (legal - 1):
        moves = _moves(cx, seat, n, c0, c1, c2, legal, first)
    else:
        moves = _SINGLE[K.lowest(legal)]
    for card in moves:
        hands[seat] = hand ^ _BIT[card]
        if n == 0:
            v = _ab(cx, nxt, 1, card, 0, 0, left, alpha, beta)
        elif n == 1:
            v = _ab(cx, nxt, 2, c0, card, 0, left, alpha, beta)
        elif n == 2:
            v = _ab(cx, nxt, 3, c0, c1, card, left, alpha, beta)
        else:
            won = K.trick_winner(nxt, c0, c1, c2, card, strain)
            points = _POINTS[base + c0] + _POINTS[base + c1] + _POINTS[base + c2]
            points += _POINTS[base + card]
            if won & 1 == side:
                v = points + _ab(cx, won, 0, 0, 0, 0, left - points, alpha - points, beta - points)
            else:
                v = _ab(cx, won, 0, 0, 0, 0, left - points, alpha, beta)
        hands[seat] = hand
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
    if key >= 0:
        if best >= b0:
            if best > lo:
                lo = best
        elif best <= a0:
            if best < hi:
                hi = best
        else:
            lo = best
            hi = best
        cx.tt[key] = lo | hi << 9 | (best_card + 1) << 18
    return best


def _all(cx: _Ctx, seat: int, n: int, c0: int, c1: int, c2: int) -> bool:
    """Whether the side can make every trick from here be won by one of the seats of
    ``cx.goal`` (its two seats for a capot, the taker alone for a générale)."""
    cx.nodes += 1
    hands = cx.hands
    strain = cx.strain
    hand = hands[seat]
    key = -1
    if n == 0:
        if not hand:
            return True
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        if strain < 4 and cx.quick:
            trumps = rest >> 8 * strain & 255
            if trumps:  # the top trump wins whenever it is played: who holds it?
                top = _DESC[strain * 1024 + strain * 256 + trumps][0]
                goal = cx.goal
                mine = 0
                for s in range(4):
                    if goal >> s & 1:
                        mine |= hands[s]
                if not mine >> top & 1:
                    return False
        key = rest | seat << 32
        known = cx.all_tt.get(key)
        if known is not None:
            return known
    legal = K.legal_mask(hand, n, c0, c1, c2, strain, cx.flags)
    if cx.merge:
        legal = _merge(cx, legal, n, c0, c1, c2)
    maximise = seat & 1 == cx.side
    result = not maximise
    nxt = (seat + 1) & 3
    if legal & (legal - 1):
        moves = _moves(cx, seat, n, c0, c1, c2, legal, -1)
    else:
        moves = _SINGLE[K.lowest(legal)]
    for card in moves:
        hands[seat] = hand ^ _BIT[card]
        if n == 0:
            ok = _all(cx, nxt, 1, card, 0, 0)
        elif n == 1:
            ok = _all(cx, nxt, 2, c0, card, 0)
        elif n == 2:
            ok = _all(cx, nxt, 3, c0, c1, card)
        else:
            won = K.trick_winner(nxt, c0, c1, c2, card, strain)
            ok = cx.goal >> won & 1 == 1 and _all(cx, won, 0, 0, 0, 0)
        hands[seat] = hand
        if ok == maximise:
            result = ok
            break
    if key >= 0:
        cx.all_tt[key] = result
    return result


def _value(cx: _Ctx, seat: int, n: int, c0: int, c1: int, c2: int, left: int) -> int:
    """The side's card points from here on with best play, by bisection with null
    windows (each probe asks "at least t?", the table keeping the bounds found)."""
    if not cx.bisect:
        return _ab(cx, seat, n, c0, c1, c2, left, -1, left + 1)
    lo = 0
    hi = left
    while lo < hi:
        t = (lo + hi + 1) // 2
        v = _ab(cx, seat, n, c0, c1, c2, left, t - 1, t)
        if v >= t:
            lo = v
        else:
            hi = v
    return lo


# ---------------------------------------------------------------- positions
# The search starts from the library's one play position (coinche.position.Position):
# the cards left, the trick in progress, the points and tricks won so far.


def open_position(
    hands: tuple[int, int, int, int],
    strain: int,
    flags: int,
    options: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...],
    won: tuple[int, int, int, int],
) -> Position:
    """A position for the search alone, with no contract (the solver's public functions
    that take hands rather than a deal): *trick* the cards of the trick in progress led
    by *leader*, *won* the tricks each seat is taken to have won."""
    t = (*trick, 0, 0, 0)
    return Position(
        hands, strain, flags, leader, len(trick), t[0], t[1], t[2], (0, 0), won,
        options, 0, K.NUMERIC, 0, 1, -1, -1, 0, (0, 0),
    )  # fmt: skip


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
    return _Ctx(list(pos.hands), pos.strain, pos.flags, side)


def _trick_args(pos: Position) -> tuple[int, int, int, int]:
    return pos.size, pos.c0, pos.c1, pos.c2


def _can_take_all(pos: Position, side: int, goal: int, cx: _Ctx | None = None) -> bool:
    """Whether *side* can make the seats of *goal* win every trick still to play."""
    if cx is None:
        cx = _ctx(pos, side)
    if cx.goal != goal:  # the table of _all holds answers for one goal
        cx.goal = goal
        cx.all_tt = {}
    n, c0, c1, c2 = _trick_args(pos)
    return _all(cx, pos.to_move, n, c0, c1, c2)


def _solve_position(pos: Position, side: int, cx: _Ctx | None = None) -> tuple[int, int]:
    """Both teams' card points at the end with best play, and the nodes searched.

    Returns ``(side's points, other team's points)`` as score_deal counts them; see
    :func:`solve_deal` for how the other team's figure is settled.
    """
    if cx is None:
        cx = _ctx(pos, side)
    n, c0, c1, c2 = _trick_args(pos)
    other = 1 - side
    if _team_tricks(pos, other) == 0 and _can_take_all(pos, side, 5 << side, cx):
        return _capot_points(pos), 0
    future = _value(cx, pos.to_move, n, c0, c1, c2, _left(pos))
    points = pos.points[side] + future
    if (
        points == 0
        and _team_tricks(pos, side) == 0
        and _can_take_all(pos, other, 5 << other, _ctx(pos, other))
    ):
        return 0, _capot_points(pos)
    return points, _ALL_POINTS - points
