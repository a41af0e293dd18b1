"""Every rule of Coinche written once, on plain ints.

This module is the integer kernel under the whole library: the value layer
(:mod:`coinche.play`, :mod:`coinche.scoring`, :mod:`coinche.announcements`,
:class:`~coinche.Deal`) checks its arguments, converts them to ints, asks the kernel,
and turns the numbers and reason codes it returns into values, messages and
exceptions. It imports nothing but the standard library, ``mypy_extensions`` and
``librt`` (the native types of mypyc), raises nothing of its own and builds no text, so
that mypyc can compile it (see ``COINCHE_COMPILE`` in the README).

Conventions:

- a card is an index 0-31, ``8 * suit + rank`` (suits clubs, diamonds, hearts,
  spades; ranks 7 8 9 10 J Q K A); a set of cards (a hand) is a 32-bit mask;
- a seat is 0-3 (North, East, South, West, in the order of play), its team
  ``seat & 1``; a strain is 0-5 (the four suits, 4 no trump, 5 all trump);
- the play options are one flags int (``RuleConfig.play_flags``, the ``FLAG_*`` bits),
  the scoring options a tuple of ints (``RuleConfig.score_options``, the ``OPT_*``
  positions);
- the cards of a trick in progress are passed as ``n`` (how many) and ``c0 c1 c2``
  (their indices, unused ones anything).

Tables are flat tuples indexed by ``strain * 32 + card`` (and ``led`` for the trick
keys) so that one lookup finds a value. The hot functions (legal play, tricks, counts)
take and return ``i64`` (a machine integer once compiled, a plain ``int`` otherwise)
and read the same tables as ``vec[i64]`` copies (a C array once compiled, as fast as
a tuple otherwise), so that the compiled build never boxes an int on the way.
"""

from __future__ import annotations

from typing import Final

from librt.vecs import vec
from mypy_extensions import i64

# the rules of scoring live in coinche._scoring_kernel; its names are the kernel's too
from coinche._scoring_kernel import ALL_POINTS as ALL_POINTS
from coinche._scoring_kernel import BELOTE_POINTS as BELOTE_POINTS
from coinche._scoring_kernel import CAPOT as CAPOT
from coinche._scoring_kernel import CAPOT_VALUE as CAPOT_VALUE
from coinche._scoring_kernel import CLASSIC as CLASSIC
from coinche._scoring_kernel import CLASSIC_TARGET as CLASSIC_TARGET
from coinche._scoring_kernel import COMMON as COMMON
from coinche._scoring_kernel import CONTRACT_ONLY as CONTRACT_ONLY
from coinche._scoring_kernel import F_ANN_EW as F_ANN_EW
from coinche._scoring_kernel import F_ANN_NS as F_ANN_NS
from coinche._scoring_kernel import F_CAPOT as F_CAPOT
from coinche._scoring_kernel import F_CARDS_EW as F_CARDS_EW
from coinche._scoring_kernel import F_CARDS_NS as F_CARDS_NS
from coinche._scoring_kernel import F_MADE as F_MADE
from coinche._scoring_kernel import F_NEEDED as F_NEEDED
from coinche._scoring_kernel import F_RAW_EW as F_RAW_EW
from coinche._scoring_kernel import F_RAW_NS as F_RAW_NS
from coinche._scoring_kernel import F_SCORE_EW as F_SCORE_EW
from coinche._scoring_kernel import F_SCORE_NS as F_SCORE_NS
from coinche._scoring_kernel import F_TOTAL_EW as F_TOTAL_EW
from coinche._scoring_kernel import F_TOTAL_NS as F_TOTAL_NS
from coinche._scoring_kernel import FFB as FFB
from coinche._scoring_kernel import GENERALE as GENERALE
from coinche._scoring_kernel import GENERALE_VALUE as GENERALE_VALUE
from coinche._scoring_kernel import MIN82 as MIN82
from coinche._scoring_kernel import NUMERIC as NUMERIC
from coinche._scoring_kernel import OPT_BELOTE_COUNTS as OPT_BELOTE_COUNTS
from coinche._scoring_kernel import OPT_CAPOT_CARD_POINTS as OPT_CAPOT_CARD_POINTS
from coinche._scoring_kernel import OPT_MIN82_ADDS_POINTS as OPT_MIN82_ADDS_POINTS
from coinche._scoring_kernel import OPT_ROUNDING as OPT_ROUNDING
from coinche._scoring_kernel import OPT_SCORING as OPT_SCORING
from coinche._scoring_kernel import PAGAT as PAGAT
from coinche._scoring_kernel import T_ANNOUNCEMENTS as T_ANNOUNCEMENTS
from coinche._scoring_kernel import T_BELOTE as T_BELOTE
from coinche._scoring_kernel import T_CAPOT as T_CAPOT
from coinche._scoring_kernel import T_CAPOT_BID as T_CAPOT_BID
from coinche._scoring_kernel import T_CARD_POINTS as T_CARD_POINTS
from coinche._scoring_kernel import T_CONTRACT as T_CONTRACT
from coinche._scoring_kernel import T_TOTAL as T_TOTAL
from coinche._scoring_kernel import deal_score as deal_score
from coinche._scoring_kernel import round_score as round_score
from coinche._scoring_kernel import score as score
from coinche._scoring_kernel import score_outcome as score_outcome
from coinche._scoring_kernel import score_points as score_points
from coinche._scoring_kernel import score_terms as score_terms
from coinche._scoring_kernel import trick_facts as trick_facts

# ---------------------------------------------------------------- cards and tables
RANK_SEVEN: Final = 0
RANK_EIGHT: Final = 1
RANK_NINE: Final = 2
RANK_TEN: Final = 3
RANK_JACK: Final = 4
RANK_QUEEN: Final = 5
RANK_KING: Final = 6
RANK_ACE: Final = 7
NO_TRUMP: Final = 4
ALL_TRUMP: Final = 5

ALL_CARDS: Final = 0xFFFFFFFF
# BIT[i] == 1 << i, as a table (mypyc once compiled a native 1 << 31 as a 32-bit shift)
BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(32))
SUIT_MASK: Final[tuple[int, ...]] = tuple(0xFF << 8 * s for s in range(4))
LAST_TRICK_BONUS: Final = 10

# strength of each rank within its suit, 0 (weakest) to 7 (strongest), by rank
_TRUMP_ORDER: Final = (0, 1, 6, 4, 7, 2, 3, 5)  # J 9 A 10 K Q 8 7
_PLAIN_ORDER: Final = (0, 1, 2, 6, 3, 4, 5, 7)  # A 10 K Q J 9 8 7
# card points by rank: trump, plain, no-trump and all-trump scales (each sums to 152)
_TRUMP_POINTS: Final = (0, 0, 14, 10, 20, 3, 4, 11)
_PLAIN_POINTS: Final = (0, 0, 0, 10, 2, 3, 4, 11)
_NO_TRUMP_POINTS: Final = (0, 0, 0, 10, 2, 3, 4, 19)
_ALL_TRUMP_POINTS: Final = (0, 0, 9, 5, 14, 1, 3, 6)


def _is_trump(card: i64, strain: i64) -> bool:
    return strain == ALL_TRUMP or card >> 3 == strain


def _order(card: int, strain: int) -> int:
    return (_TRUMP_ORDER if _is_trump(card, strain) else _PLAIN_ORDER)[card & 7]


def _points(card: int, strain: int) -> int:
    rank = card & 7
    if strain == NO_TRUMP:
        return _NO_TRUMP_POINTS[rank]
    if strain == ALL_TRUMP:
        return _ALL_TRUMP_POINTS[rank]
    return (_TRUMP_POINTS if card >> 3 == strain else _PLAIN_POINTS)[rank]


def _higher(card: int, strain: int) -> int:
    suit = card >> 3
    mask = 0
    for other in range(8 * suit, 8 * suit + 8):
        if _order(other, strain) > _order(card, strain):
            mask |= 1 << other
    return mask


def _win_key(card: int, strain: int, led: int) -> int:
    if strain < 4 and card >> 3 == strain:
        return 16 + _order(card, strain)
    if card >> 3 == led:
        return 8 + _order(card, strain)
    return 0


ORDER: Final[tuple[int, ...]] = tuple(_order(c, s) for s in range(6) for c in range(32))
"""``ORDER[strain * 32 + card]``: the card's strength in its suit, 0 to 7."""
POINTS: Final[tuple[int, ...]] = tuple(_points(c, s) for s in range(6) for c in range(32))
"""``POINTS[strain * 32 + card]``: the card's points."""
HIGHER: Final[tuple[int, ...]] = tuple(_higher(c, s) for s in range(6) for c in range(32))
"""``HIGHER[strain * 32 + card]``: the cards of its suit that beat it."""
WIN_KEY: Final[tuple[int, ...]] = tuple(
    _win_key(c, s, led) for s in range(6) for led in range(4) for c in range(32)
)
"""``WIN_KEY[(strain * 4 + led) * 32 + card]``: higher wins the trick; a trump is
16 + its order, a card of the led suit 8 + its order, any other card 0."""

# the same tables as native arrays, for the hot functions (the tuples stay the public,
# int-indexable names the value layer and the solver read)
V_ORDER: Final = vec[i64](ORDER)
V_POINTS: Final = vec[i64](POINTS)
V_HIGHER: Final = vec[i64](HIGHER)
V_WIN_KEY: Final = vec[i64](WIN_KEY)
V_SUIT_MASK: Final = vec[i64](SUIT_MASK)
V_BIT: Final = vec[i64](BIT)  # (a native 1 << 31 still comes out as a 32-bit shift)
V_TRICK: Final = vec[i64](
    [WIN_KEY[(s * 4 + led) * 32 + c] << 8 | POINTS[s * 32 + c]
     for s in range(6) for led in range(4) for c in range(32)]
)  # fmt: skip
"""``V_TRICK[(strain * 4 + led) * 32 + card]``: the card's :data:`WIN_KEY` ``<< 8 |`` its
points (a trick's points, at most 76, add up in the low byte)."""
# the index of the one set bit of a 32-bit power of two, by de Bruijn multiplication
_DE_BRUIJN: Final = 0x077CB531  # (an int: a native literal shifts in 32 bits)
V_BIT_INDEX: Final = vec[i64](
    [i for _, i in sorted((((_DE_BRUIJN << i) & ALL_CARDS) >> 27, i) for i in range(32))]
)


def card_points(card: i64, strain: i64) -> i64:
    """The points of one card."""
    return V_POINTS[strain * 32 + card]


def mask_points(mask: i64, strain: i64) -> i64:
    """The points of every card in *mask*."""
    total: i64 = 0
    base = strain * 32
    while mask:
        low = mask & -mask
        total += V_POINTS[base + V_BIT_INDEX[((low * _DE_BRUIJN) & ALL_CARDS) >> 27]]
        mask ^= low
    return total


def count(mask: i64) -> i64:
    """How many cards are in the 32-bit *mask* (a SWAR popcount: ``int.bit_count``
    would be a Python method call in the compiled build)."""
    v = mask - ((mask >> 1) & 0x55555555)
    v = (v & 0x33333333) + ((v >> 2) & 0x33333333)
    v = (v + (v >> 4)) & 0x0F0F0F0F
    return ((v * 0x01010101) & ALL_CARDS) >> 24


def lowest(mask: i64) -> i64:
    """The index of the lowest card of a non-empty 32-bit *mask* (by de Bruijn
    multiplication: ``int.bit_length`` would be a Python method call compiled)."""
    return V_BIT_INDEX[(((mask & -mask) * _DE_BRUIJN) & ALL_CARDS) >> 27]


# whether this module runs compiled (its functions are then builtins, not functions)
NATIVE: Final = type(lowest).__name__ != "function"


# ---------------------------------------------------------------- tricks
def master_pos(n: i64, c0: i64, c1: i64, c2: i64, c3: i64, strain: i64) -> i64:
    """The position (0 to n-1) of the card winning a trick of *n* >= 1 cards so far."""
    base = (strain * 4 + (c0 >> 3)) * 32
    best = V_WIN_KEY[base + c0]
    pos: i64 = 0
    if n > 1:
        k = V_WIN_KEY[base + c1]
        if k > best:
            best = k
            pos = 1
        if n > 2:
            k = V_WIN_KEY[base + c2]
            if k > best:
                best = k
                pos = 2
            if n > 3 and V_WIN_KEY[base + c3] > best:
                pos = 3
    return pos


def trick_result(leader: i64, c0: i64, c1: i64, c2: i64, c3: i64, strain: i64) -> i64:
    """The complete trick led by *leader*, judged: its winner's seat, and its card points
    (without the last-trick bonus), packed ``winner | points << 2``. One lookup a card
    gives both its key and its points (:data:`V_TRICK`)."""
    base = (strain * 4 + (c0 >> 3)) * 32
    k0 = V_TRICK[base + c0]
    k1 = V_TRICK[base + c1]
    k2 = V_TRICK[base + c2]
    k3 = V_TRICK[base + c3]
    best = k0 >> 8
    pos: i64 = 0
    if k1 >> 8 > best:
        best = k1 >> 8
        pos = 1
    if k2 >> 8 > best:
        best = k2 >> 8
        pos = 2
    if k3 >> 8 > best:
        pos = 3
    return (leader + pos) & 3 | ((k0 + k1 + k2 + k3) & 0xFF) << 2


def trick_winner(leader: i64, c0: i64, c1: i64, c2: i64, c3: i64, strain: i64) -> i64:
    """The seat that wins the complete trick led by *leader*."""
    return trick_result(leader, c0, c1, c2, c3, strain) & 3


def trick_points(c0: i64, c1: i64, c2: i64, c3: i64, strain: i64) -> i64:
    """The card points of a complete trick (without the last-trick bonus)."""
    return trick_result(0, c0, c1, c2, c3, strain) >> 2


# ---------------------------------------------------------------- legal play
# The play options, one bit each in RuleConfig.play_flags.
FLAG_PARTNER_EXEMPTION: Final = 1
FLAG_OVERTRUMP_ON_TRUMP_LEAD: Final = 2
FLAG_OVERTRUMP_ONLY_OVER_OPPONENT: Final = 4
FLAG_MUST_UNDERTRUMP: Final = 8
FLAG_MONTER: Final = 16

# Reason codes of the legal-play generator, one per rule of play (the docs' rules page).
FREE: Final = 0  # any card
FOLLOW: Final = 1  # rule 1: follow the led suit
FOLLOW_HIGHER: Final = 2  # all trump: follow and beat the best card of the led suit
MONTER: Final = 3  # classic: an opponent has trumped, beat the led suit if you can
TRUMP_LEAD_OVER: Final = 4  # rule 2: trumps led, beat the highest trump
TRUMP_LEAD_ANY: Final = 5  # trumps led, any trump (classic, or cannot beat it)
MUST_TRUMP: Final = 6  # rule 3b: not following, trump
OVERTRUMP: Final = 7  # rule 3b: a trump is in the trick, beat it
UNDERTRUMP: Final = 8  # rule 3c: cannot beat an opponent's trump, still trump

REASON_SHIFT: Final = 32


def _best_of_led(n: i64, c0: i64, c1: i64, c2: i64, strain: i64) -> i64:
    """The strongest card of the led suit in the trick (in *strain*'s order for it)."""
    led = c0 >> 3
    base = strain * 32
    top = c0
    if n > 1 and c1 >> 3 == led and V_ORDER[base + c1] > V_ORDER[base + top]:
        top = c1
    if n > 2 and c2 >> 3 == led and V_ORDER[base + c2] > V_ORDER[base + top]:
        top = c2
    return top


def legal(hand: i64, n: i64, c0: i64, c1: i64, c2: i64, strain: i64, flags: i64) -> i64:
    """The legal cards of *hand* and the rule that restricted them, packed in one int.

    ``result & ALL_CARDS`` is the mask of legal cards (never empty for a non-empty
    hand), ``result >> REASON_SHIFT`` the reason code (``FREE`` when any card will do).
    *hand* is the mover's cards, the trick so far ``n`` < 4 cards ``c0 c1 c2``.
    """
    if n == 0:
        return hand
    led = c0 >> 3
    follow = hand & V_SUIT_MASK[led]
    if strain == NO_TRUMP:  # follow suit if you can, otherwise any card
        return follow | FOLLOW << REASON_SHIFT if follow else hand
    if strain == ALL_TRUMP:  # follow and go higher than the best of the led suit
        if not follow:
            return hand
        over = follow & V_HIGHER[160 + _best_of_led(n, c0, c1, c2, strain)]
        if over:
            return over | FOLLOW_HIGHER << REASON_SHIFT
        return follow | FOLLOW << REASON_SHIFT

    # a suit contract: first the answers that need nothing of the trick but its suit
    trumps = hand & V_SUIT_MASK[strain]
    if led == strain:  # rule 2: trumps led
        if not trumps:
            return hand
        if not flags & FLAG_OVERTRUMP_ON_TRUMP_LEAD:
            return trumps | TRUMP_LEAD_ANY << REASON_SHIFT
    elif follow:  # rule 1 (unless classic monter asks more)
        if not flags & FLAG_MONTER:
            return follow | FOLLOW << REASON_SHIFT
    elif not trumps:  # rule 3d
        return hand

    # then the master card, its position, and whether an opponent (a position of the
    # other parity from the mover's) has trumped
    base = (strain * 4 + led) * 32
    best_key = V_WIN_KEY[base + c0]
    best = c0
    best_pos: i64 = 0
    opponent_trumped = False
    if n > 1:
        k = V_WIN_KEY[base + c1]
        if k >= 16 and (n - 1) & 1:
            opponent_trumped = True
        if k > best_key:
            best_key = k
            best = c1
            best_pos = 1
        if n > 2:
            k = V_WIN_KEY[base + c2]
            if k >= 16 and (n - 2) & 1:
                opponent_trumped = True
            if k > best_key:
                best_key = k
                best = c2
                best_pos = 2
    partner_master = (n - best_pos) & 1 == 0
    higher = strain * 32

    if led == strain:  # rule 2, overtrumping: beat the highest trump if you can
        over = trumps & V_HIGHER[higher + best]
        if over:
            return over | TRUMP_LEAD_OVER << REASON_SHIFT
        return trumps | TRUMP_LEAD_ANY << REASON_SHIFT

    if follow:  # classic monter
        if best_key >= 16 and not partner_master:
            over = follow & V_HIGHER[higher + _best_of_led(n, c0, c1, c2, strain)]
            if over:
                return over | MONTER << REASON_SHIFT
        return follow | FOLLOW << REASON_SHIFT

    if partner_master and flags & FLAG_PARTNER_EXEMPTION:  # rule 3a
        return hand
    if best_key < 16:  # rule 3b: nobody has trumped yet, any trump
        return trumps | MUST_TRUMP << REASON_SHIFT
    if flags & FLAG_OVERTRUMP_ONLY_OVER_OPPONENT and not opponent_trumped:
        return trumps | MUST_TRUMP << REASON_SHIFT  # classic: only a partner has trumped
    over = trumps & V_HIGHER[higher + best]
    if over:  # rule 3b: beat the highest trump
        return over | OVERTRUMP << REASON_SHIFT
    if partner_master:  # rule 4: any trump under a master partner
        return trumps | MUST_TRUMP << REASON_SHIFT
    if flags & FLAG_MUST_UNDERTRUMP:  # rule 3c
        return trumps | UNDERTRUMP << REASON_SHIFT
    return hand  # rule 3c, FFB: may discard instead of undertrumping


def legal_mask(hand: i64, n: i64, c0: i64, c1: i64, c2: i64, strain: i64, flags: i64) -> i64:
    """The mask of legal cards alone (see :func:`legal`)."""
    return legal(hand, n, c0, c1, c2, strain, flags) & ALL_CARDS


# ---------------------------------------------------------------- belote
def belote_mask(strain: i64) -> i64:
    """The king and queen of trumps; 0 in no trump and all trump (no belote there)."""
    if strain >= 4:
        return 0
    return V_BIT[8 * strain + RANK_KING] | V_BIT[8 * strain + RANK_QUEEN]


def belote_holder(h0: i64, h1: i64, h2: i64, h3: i64, strain: i64) -> i64:
    """The seat whose hand holds both the king and queen of trumps, or -1."""
    pair = belote_mask(strain)
    if not pair:
        return -1
    if h0 & pair == pair:
        return 0
    if h1 & pair == pair:
        return 1
    if h2 & pair == pair:
        return 2
    if h3 & pair == pair:
        return 3
    return -1


# ---------------------------------------------------------------- dealing checks
DEAL_OK: Final = 0
DEAL_SIZE: Final = 1  # a hand of the wrong size
DEAL_SHARED: Final = 2  # a card in two hands


def hands_problem(h0: int, h1: int, h2: int, h3: int, size: int) -> int:
    """Whether four hands of *size* cards each form (part of) a deal: ``DEAL_OK`` or
    the first problem found, ``DEAL_SIZE | seat << 8`` or ``DEAL_SHARED | seat << 8``
    (the seat is the first whose hand is wrong)."""
    seen = 0
    for seat, hand in enumerate((h0, h1, h2, h3)):
        if hand.bit_count() != size:
            return DEAL_SIZE | seat << 8
        if seen & hand:
            return DEAL_SHARED | seat << 8
        seen |= hand
    return DEAL_OK


# ---------------------------------------------------------------- announcements
TIERCE: Final = 0
QUARTE: Final = 1
QUINTE: Final = 2
FOUR_OF_A_KIND: Final = 3
ANNOUNCEMENT_SHIFT: Final = 32  # an announcement is packed as mask | kind << 32

_RUN_POINTS: Final = (20, 50, 100)
# four of a kind, by rank: points, and the decision that fours of 100 compare A > 10 > K > Q
_FOUR_POINTS: Final = (0, 0, 150, 100, 200, 100, 100, 100)
_FOUR_ORDER: Final = (0, 0, 5, 3, 6, 1, 2, 4)
# fours of a kind are formed first, best first (jacks, nines, aces, tens, kings, queens)
_FOURS: Final = tuple(
    0x01010101 << rank
    for rank in (RANK_JACK, RANK_NINE, RANK_ACE, RANK_TEN, RANK_KING, RANK_QUEEN)
)


def _runs_in(byte: int) -> tuple[int, ...]:
    """The maximal runs of three or more set bits in *byte*, as ``start << 4 | length``."""
    runs = []
    pos = 0
    while pos < 8:
        start = pos
        while pos < 8 and byte >> pos & 1:
            pos += 1
        if pos - start >= 3:
            runs.append(start << 4 | pos - start)
        pos += 1
    return tuple(runs)


_RUNS: Final = tuple(_runs_in(byte) for byte in range(256))


def run_kind(length: int) -> int:
    """The kind of a run of *length* >= 3 cards."""
    return TIERCE if length == 3 else QUARTE if length == 4 else QUINTE


def runs_count(strain: int, runs_in_trump: bool, suit: int) -> bool:
    """Whether a run in *suit* counts under *strain*."""
    return runs_in_trump or not (strain == ALL_TRUMP or suit == strain)


def find_announcements(mask: int, strain: int, runs_in_trump: bool) -> list[int]:
    """Every announcement in a hand, each card used once, packed ``cards | kind << 32``.

    Fours of a kind first, then the longest runs from the cards left (a run of six to
    eight cards is one quinte); without *runs_in_trump*, runs in the trump suit (every
    suit in all trump) do not count.
    """
    found: list[int] = []
    for four in _FOURS:
        if mask & four == four:
            found.append(four | FOUR_OF_A_KIND << ANNOUNCEMENT_SHIFT)
            mask &= ~four
    for suit in range(4):
        if not runs_count(strain, runs_in_trump, suit):
            continue
        for run in _RUNS[mask >> 8 * suit & 0xFF]:
            length = run & 15
            cards = ((1 << length) - 1) << (8 * suit + (run >> 4))
            found.append(cards | run_kind(length) << ANNOUNCEMENT_SHIFT)
    return found


def announcement_points(kind: int, cards: int) -> int:
    """What an announcement is worth."""
    if kind == FOUR_OF_A_KIND:
        return _FOUR_POINTS[lowest(cards) & 7]
    return _RUN_POINTS[kind]


def announcement_problem(kind: int, cards: int) -> int:
    """0 when *cards* form an announcement of *kind*; else 1 (not four of one rank),
    2 (a four that scores nothing), 3 (not a run of one suit), 4 (ranks not
    consecutive), 5 (a run of another length than its kind says)."""
    size = cards.bit_count()
    low = lowest(cards) if cards else 0
    if kind == FOUR_OF_A_KIND:
        if size != 4 or cards != 0x01010101 << (low & 7):
            return 1
        return 2 if _FOUR_POINTS[low & 7] == 0 else 0
    if size < 3 or cards & ~SUIT_MASK[low >> 3]:
        return 3
    if cards != ((1 << size) - 1) << low:
        return 4
    return 0 if run_kind(size) == kind else 5


def announcement_strength(kind: int, cards: int, strain: int) -> int:
    """The key announcements compare by, higher is better.

    Value first; at equal value a four of a kind beats a run; then the longer run, the
    higher top card, and the run in trumps (the docs' rules page, section 5).
    """
    points = announcement_points(kind, cards)
    if kind == FOUR_OF_A_KIND:
        return points << 16 | 1 << 15 | 4 << 8 | _FOUR_ORDER[lowest(cards) & 7] << 4
    top = cards.bit_length() - 1
    in_trump = 1 if _is_trump(top, strain) else 0
    return points << 16 | cards.bit_count() << 8 | (top & 7) << 4 | in_trump


def best_announcements(teams: list[int], strengths: list[int]) -> tuple[int, int]:
    """Which team's announcements score: ``(team or -1, index of its best)``.

    *teams* and *strengths* describe each declared announcement; only the team with
    the strongest scores, nobody when the two bests are equal.
    """
    best = [-1, -1]
    where = [-1, -1]
    for i in range(len(teams)):
        team = teams[i]
        if strengths[i] > best[team]:
            best[team] = strengths[i]
            where[team] = i
    if best[0] == best[1]:
        return -1, -1
    winner = 0 if best[0] > best[1] else 1
    return winner, where[winner]
