"""A double-dummy solver: best play with the four hands open, under every rule set.

Given the cards left in the four hands (and the trick in progress, if any), the solver
finds how many card points a side takes when both teams play perfectly, the side
maximising its card points and the other team minimising them. It answers for every
preset and strain (the rules of play come from the integer kernel,
:mod:`coinche._kernel`, through ``RuleConfig.play_flags``), from any point of the play.

The public functions take library values:

- :func:`solve_deal`: four dealt hands, a strain, the leading seat, the rules;
- :func:`solve`: a :class:`~coinche.Deal` in its play phase, at any point, even in the
  middle of a trick (the taker's team is the side);
- :func:`solve_cards`: the value of each legal card of the seat to move;
- :func:`makes`: whether the taker's team makes its contract with best play;
- :func:`best_line`: one line of best play from a position to the end;
- :func:`dd_table`: the double-dummy table, every strain with every seat leading.

The search itself works on plain ints (see the docs' solver page for the techniques
and what each saved): a card is an index 0-31, a hand a 32-bit mask, a seat 0-3.

>>> from coinche import Hand, RuleConfig, Seat, Strain
>>> from coinche.solver import solve_deal
>>> hands = [Hand.parse(h) for h in ("JH 9H AH TH KH QH 8H 7H", "7C 8C 9C TC JC QC KC AC",
...          "7S 8S 9S TS JS QS KS AS", "7D 8D 9D TD JD QD KD AD")]
>>> # North holds every heart: leading them, North-South take all eight tricks
>>> solve_deal(hands, Strain.HEARTS, Seat.NORTH, RuleConfig.ffb()).card_points
TeamPoints(north_south=252, east_west=0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from coinche import _kernel as K
from coinche.cards import CARDS, Card, Hand, Strain
from coinche.config import RuleConfig
from coinche.contract import CAPOT, GENERALE, Contract
from coinche.deal import Deal, Phase
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.scoring import TeamPoints
from coinche.seats import Seat, Team

__all__ = [
    "Solution",
    "best_line",
    "dd_table",
    "makes",
    "solve",
    "solve_cards",
    "solve_deal",
]

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
        self.lead2: bool = False
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
        if cx.lead2:
            rest: list[int] = []
            for suit in range(4):
                byte = legal >> 8 * suit & 255
                if byte:
                    seq = _DESC[row + suit * 256 + byte]
                    moves.append(seq[0])
                    rest.extend(seq[1:])
            moves.extend(rest)
            return moves
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
    if cx.merge:
        legal = _merge(cx, legal, n, c0, c1, c2)
    maximise = seat & 1 == side
    best = -1 if maximise else 1000
    best_card = -1
    a0 = alpha
    b0 = beta
    nxt = (seat + 1) & 3
    base = strain * 32
    for card in _moves(cx, seat, n, c0, c1, c2, legal, first):
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
    for card in _moves(cx, seat, n, c0, c1, c2, legal, -1):
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


# ---------------------------------------------------------------- positions on ints
class _Position(NamedTuple):
    """A position of the play, on ints (the public functions build one)."""

    hands: tuple[int, int, int, int]  # cards left, by seat
    strain: int
    flags: int
    capot_points: int  # RuleConfig.capot_card_points
    seat: int  # to move
    trick: tuple[int, ...]  # the cards of the trick in progress, in order
    won: tuple[int, int]  # card points each team has won in complete tricks
    tricks: tuple[int, int]  # complete tricks each team has won
    seat_tricks: tuple[int, int, int, int]  # complete tricks each seat has won


def _left(pos: _Position) -> int:
    """Every point still to be won: the hands, the trick in progress, the bonus."""
    h = pos.hands
    points = K.mask_points(h[0] | h[1] | h[2] | h[3], pos.strain)
    for card in pos.trick:
        points += _POINTS[pos.strain * 32 + card]
    return points + _BONUS


def _ctx(pos: _Position, side: int) -> _Ctx:
    return _Ctx(list(pos.hands), pos.strain, pos.flags, side)


def _trick_args(pos: _Position) -> tuple[int, int, int, int]:
    t = (*pos.trick, 0, 0, 0)
    return len(pos.trick), t[0], t[1], t[2]


def _can_take_all(pos: _Position, side: int, goal: int, cx: _Ctx | None = None) -> bool:
    """Whether *side* can make the seats of *goal* win every trick still to play."""
    if cx is None:
        cx = _ctx(pos, side)
    cx.goal = goal
    n, c0, c1, c2 = _trick_args(pos)
    return _all(cx, pos.seat, n, c0, c1, c2)


def _solve_position(pos: _Position, side: int, cx: _Ctx | None = None) -> tuple[int, int]:
    """Both teams' card points at the end with best play, and the nodes searched.

    Returns ``(side's points, other team's points)`` as score_deal counts them; see
    :func:`solve_deal` for how the other team's figure is settled.
    """
    if cx is None:
        cx = _ctx(pos, side)
    n, c0, c1, c2 = _trick_args(pos)
    other = 1 - side
    if pos.tricks[other] == 0 and _can_take_all(pos, side, 5 << side, cx):
        return pos.capot_points, 0
    future = _value(cx, pos.seat, n, c0, c1, c2, _left(pos))
    points = pos.won[side] + future
    if (
        points == 0
        and pos.tricks[side] == 0
        and _can_take_all(pos, other, 5 << other, _ctx(pos, other))
    ):
        return 0, pos.capot_points
    return points, _ALL_POINTS - points


# ---------------------------------------------------------------- public API
class Solution(NamedTuple):
    """What the solver found for a position."""

    card_points: TeamPoints
    """Each team's card points at the end of the deal with best play, counted as
    :func:`~coinche.score_deal` counts them (last trick 10, capot 250 or 252)."""
    side: Team
    """The team that maximised its card points (the other minimised them)."""
    nodes: int
    """Positions searched."""


def _points(side: int, mine: int, theirs: int) -> TeamPoints:
    return TeamPoints(mine, theirs) if side == 0 else TeamPoints(theirs, mine)


def solve_deal(
    hands: Sequence[Hand],
    strain: Strain,
    leader: Seat,
    rules: RuleConfig,
    side: Team = Team.NORTH_SOUTH,
) -> Solution:
    """Solve a whole deal: *hands* (four hands of eight cards, by seat from North),
    *strain*, the seat that leads trick one, the rules; *side* maximises its card
    points, the other team minimises them.

    ``card_points[side]`` is the exact value. The other team's figure is 162 minus it,
    except that it is the capot (250 or 252, the side 0) when the side can be kept from
    winning any trick: a line where the side scores 0 is a capot exactly when the
    other team can force one.

    :raises InvalidDealError: the hands do not form a deal.
    :raises CoincheTypeError: an argument of the wrong type.
    """
    masks = _deal_masks(hands)
    if not isinstance(strain, Strain):
        raise CoincheTypeError(f"strain must be a Strain, not {strain!r}")
    if not isinstance(leader, Seat):
        raise CoincheTypeError(f"leader must be a Seat, not {leader!r}")
    if not isinstance(rules, RuleConfig):
        raise CoincheTypeError(f"rules must be a RuleConfig, not {type(rules).__name__}")
    if not isinstance(side, Team):
        raise CoincheTypeError(f"side must be a Team, not {side!r}")
    pos = _Position(
        masks,
        int(strain),
        rules.play_flags,
        rules.capot_card_points,
        int(leader),
        (),
        (0, 0),
        (0, 0),
        (0, 0, 0, 0),
    )
    cx = _ctx(pos, int(side))
    mine, theirs = _solve_position(pos, int(side), cx)
    return Solution(_points(int(side), mine, theirs), side, cx.nodes)


def _deal_masks(hands: Sequence[Hand]) -> tuple[int, int, int, int]:
    listed = tuple(hands)
    if len(listed) != 4 or not all(isinstance(h, Hand) for h in listed):
        raise CoincheTypeError("hands must be four Hand objects, by seat from North")
    masks = (listed[0].mask, listed[1].mask, listed[2].mask, listed[3].mask)
    problem = K.hands_problem(masks[0], masks[1], masks[2], masks[3], 8)
    if problem != K.DEAL_OK:
        seat = Seat(problem >> 8)
        what = "does not hold 8 cards" if problem & 255 == K.DEAL_SIZE else "repeats a card"
        raise InvalidDealError(f"the hands are not a deal: {seat.name}'s hand {what}")
    return masks


def _position(deal: Deal) -> _Position:
    """The position of a deal in its play phase, on ints."""
    if not isinstance(deal, Deal):
        raise CoincheTypeError(f"expected a Deal, not {type(deal).__name__}")
    contract = deal.contract
    trick = deal.trick
    if deal.phase is not Phase.PLAY or contract is None or trick is None:
        raise InvalidDealError(
            f"the solver needs a deal in its play phase, not in the {deal.phase.value} phase"
        )
    strain = int(contract.strain)
    won = [0, 0]
    tricks = [0, 0]
    seat_tricks = [0, 0, 0, 0]
    for done in deal.tricks:
        a, b, c, d = (card.index for card in done.cards)
        winner = K.trick_winner(int(done.leader), a, b, c, d, strain)
        won[winner & 1] += K.trick_points(a, b, c, d, strain)
        tricks[winner & 1] += 1
        seat_tricks[winner] += 1
    hands = tuple(deal.hand(seat).mask for seat in Seat)
    to_move = deal.to_move
    assert to_move is not None
    return _Position(
        (hands[0], hands[1], hands[2], hands[3]),
        strain,
        deal.rules.play_flags,
        deal.rules.capot_card_points,
        int(to_move),
        tuple(card.index for card in trick.cards),
        (won[0], won[1]),
        (tricks[0], tricks[1]),
        (seat_tricks[0], seat_tricks[1], seat_tricks[2], seat_tricks[3]),
    )


def solve(deal: Deal) -> Solution:
    """Solve a deal in its play phase from where it stands, even in the middle of a
    trick: the card points of each team at the end with best play from here, the points
    already won included, the taker's team as the side.

    :raises InvalidDealError: the deal is not in its play phase.
    """
    pos = _position(deal)
    contract = deal.contract
    assert contract is not None
    side = int(contract.taker) & 1
    cx = _ctx(pos, side)
    mine, theirs = _solve_position(pos, side, cx)
    return Solution(_points(side, mine, theirs), Team(side), cx.nodes)


def _after(pos: _Position, card: int) -> _Position:
    """The position after the seat to move plays *card* (legal, not checked)."""
    hands = list(pos.hands)
    seat = pos.seat
    hands[seat] &= ~_BIT[card]
    trick = (*pos.trick, card)
    if len(trick) < 4:
        return pos._replace(
            hands=(hands[0], hands[1], hands[2], hands[3]), seat=(seat + 1) & 3, trick=trick
        )
    leader = (seat + 1) & 3
    winner = K.trick_winner(leader, trick[0], trick[1], trick[2], trick[3], pos.strain)
    points = K.trick_points(trick[0], trick[1], trick[2], trick[3], pos.strain)
    won = list(pos.won)
    tricks = list(pos.tricks)
    seat_tricks = list(pos.seat_tricks)
    won[winner & 1] += points
    tricks[winner & 1] += 1
    seat_tricks[winner] += 1
    if not hands[0]:
        won[winner & 1] += _BONUS
    return pos._replace(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        seat=winner,
        trick=(),
        won=(won[0], won[1]),
        tricks=(tricks[0], tricks[1]),
        seat_tricks=(seat_tricks[0], seat_tricks[1], seat_tricks[2], seat_tricks[3]),
    )


def _final_points(pos: _Position, side: int) -> tuple[int, int]:
    """The card points of a finished position, capot counted."""
    other = 1 - side
    if pos.tricks[other] == 0:
        return pos.capot_points, 0
    if pos.tricks[side] == 0:
        return 0, pos.capot_points
    return pos.won[side], pos.won[other]


def _solve_after(pos: _Position, side: int, cx: _Ctx) -> tuple[int, int]:
    if not any(pos.hands) and not pos.trick:
        return _final_points(pos, side)
    return _solve_position(pos, side, cx)


def _legal_cards(pos: _Position) -> int:
    n, c0, c1, c2 = _trick_args(pos)
    return K.legal_mask(pos.hands[pos.seat], n, c0, c1, c2, pos.strain, pos.flags)


def solve_cards(deal: Deal) -> dict[Card, TeamPoints]:
    """The value of each legal card of the seat to move: each team's card points at the
    end with best play after that card (the taker's team as the side), by card.

    :raises InvalidDealError: the deal is not in its play phase.
    """
    pos = _position(deal)
    contract = deal.contract
    assert contract is not None
    side = int(contract.taker) & 1
    cx = _ctx(pos, side)
    values: dict[Card, TeamPoints] = {}
    legal = _legal_cards(pos)
    while legal:
        card = K.lowest(legal)
        legal &= legal - 1
        after = _after(pos, card)
        cx.hands = list(after.hands)
        mine, theirs = _solve_after(after, side, cx)
        values[CARDS[card]] = _points(side, mine, theirs)
    return values


def best_line(deal: Deal) -> tuple[Card, ...]:
    """One line of best play from where *deal* stands to the end of the deal: at each
    turn the first card (in index order) that keeps the value of the position.

    :raises InvalidDealError: the deal is not in its play phase.
    """
    pos = _position(deal)
    contract = deal.contract
    assert contract is not None
    side = int(contract.taker) & 1
    cx = _ctx(pos, side)
    target = _solve_position(pos, side, cx)[0]
    line: list[Card] = []
    while any(pos.hands):
        legal = _legal_cards(pos)
        chosen = K.lowest(legal)
        while legal:
            card = K.lowest(legal)
            legal &= legal - 1
            after = _after(pos, card)
            cx.hands = list(after.hands)
            if _solve_after(after, side, cx)[0] == target:
                chosen = card
                break
        line.append(CARDS[chosen])
        pos = _after(pos, chosen)
    return tuple(line)


def dd_table(hands: Sequence[Hand], rules: RuleConfig) -> dict[Strain, dict[Seat, TeamPoints]]:
    """The double-dummy table: for each strain *rules* allow, and each seat leading
    trick one, the card points of each team with best play (North-South as the side).
    """
    strains = [s for s in Strain if s < 4]
    if rules.allow_no_trump:
        strains.append(Strain.NO_TRUMP)
    if rules.allow_all_trump:
        strains.append(Strain.ALL_TRUMP)
    return {
        strain: {seat: solve_deal(hands, strain, seat, rules).card_points for seat in Seat}
        for strain in strains
    }


def _announcement_points(deal: Deal, contract: Contract) -> tuple[int, int, int]:
    """Belote's team (or -1) and each team's announcement points that score, as the deal
    stands: declared announcements, and everything a seat holds for the seats still to
    declare theirs with a card of the first trick; belote credited to its holder unless
    the rules want it declared and the holder has already let it go."""
    from coinche.announcements import compare_announcements, find_in_mask

    rules = deal.rules
    strain = contract.strain
    masks = [hand.mask for hand in deal.hands]
    holder = K.belote_holder(masks[0], masks[1], masks[2], masks[3], int(strain))
    belote = -1
    if holder >= 0:
        belote = holder & 1
        if rules.belote_requires_declaration and not deal.belote_declared:
            pair = K.belote_mask(int(strain))
            played = masks[holder] & ~deal.hand(Seat(holder)).mask
            if played & pair:  # the first of the pair is gone undeclared
                belote = -1
    ann = [0, 0]
    if rules.announcements:
        listed = list(deal.announcements)
        played_first = {seat for seat, _ in (deal.tricks[0].plays() if deal.tricks else ())}
        trick = deal.trick
        if not deal.tricks and trick is not None:
            played_first = {seat for seat, _ in trick.plays()}
        for seat in Seat:
            if seat not in played_first:
                listed.extend(find_in_mask(masks[seat], strain, rules.runs_in_trump, seat))
        team, counted = compare_announcements(listed, strain, rules)
        if team is not None:
            ann[team] = sum(a.points for a in counted)
    return belote, ann[0], ann[1]


def _made(
    rules: RuleConfig,
    contract: Contract,
    cards_bidders: int,
    capot: int,
    belote: int,
    ann: tuple[int, int],
) -> bool:
    """Whether the kernel's scoring says the contract is made with the bidders' card
    points *cards_bidders*; *capot* the team taking every trick (or -1), a générale
    counted as the taker's."""
    taker = int(contract.taker)
    bidders = taker & 1
    won = [2, 2, 2, 2]  # no capot: four tricks each
    if capot >= 0:
        won = [0, 0, 0, 0]
        won[taker if capot == bidders else (taker + 1) & 3] = 8
    cards = [0, 0]
    cards[bidders] = cards_bidders
    cards[1 - bidders] = _ALL_POINTS - cards_bidders
    value = contract.value
    kind = K.CAPOT if value is CAPOT else K.GENERALE if value is GENERALE else K.NUMERIC
    figures = K.score(
        rules.score_options,
        taker,
        kind,
        contract.points,
        contract.multiplier,
        cards[0],
        cards[1],
        (won[0], won[1], won[2], won[3]),
        belote,
        ann[0],
        ann[1],
    )
    return bool(figures[K.F_MADE])


def makes(deal: Deal, contract: Contract | None = None) -> bool:
    """Whether the taker's team makes *contract* (by default the deal's) with best play
    from where the deal stands, scored by the deal's rules with belote and the
    announcements as the deal stands (see the docs' solver page).

    The threshold comes from the kernel's scoring; the search is one null-window test
    ("can the bidders reach it?"), cheaper than a full solve.

    :raises InvalidDealError: the deal is not in its play phase.
    """
    pos = _position(deal)
    if contract is None:
        contract = deal.contract
        assert contract is not None
    if not isinstance(contract, Contract):
        raise CoincheTypeError(f"contract must be a Contract, not {type(contract).__name__}")
    rules = deal.rules
    taker = int(contract.taker)
    bidders = taker & 1
    defenders = 1 - bidders
    belote, ann_ns, ann_ew = _announcement_points(deal, contract)
    ann = (ann_ns, ann_ew)
    cx = _ctx(pos, bidders)
    if contract.value is GENERALE:
        if any(pos.seat_tricks[s] for s in range(4) if s != taker):
            return False
        return _can_take_all(pos, bidders, 1 << taker, cx)
    if pos.tricks[defenders] == 0 and _can_take_all(pos, bidders, 5 << bidders, cx):
        return _made(rules, contract, 0, bidders, belote, ann)
    # the bidders cannot force a capot: the least card points that make the contract
    need = -1
    for points in range(_ALL_POINTS + 1):
        if _made(rules, contract, points, -1, belote, ann):
            need = points
            break
    if need < 0:
        return False
    n, c0, c1, c2 = _trick_args(pos)
    if need == 0 or need <= pos.won[bidders]:
        # made unless the bidders take no trick at all (the defenders' capot)
        if pos.tricks[bidders] > 0 or _made(rules, contract, 0, defenders, belote, ann):
            return True
        return not _can_take_all(pos, defenders, 5 << defenders, _ctx(pos, defenders))
    t = need - pos.won[bidders]
    cx.hands = list(pos.hands)
    return _ab(cx, pos.seat, n, c0, c1, c2, _left(pos), t - 1, t) >= t
