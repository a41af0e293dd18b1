"""The whole deal in JAX: dealing, the auction, the play and the score, one deal at a time.

Every function here takes one deal (scalars and small arrays) and the rules as data
(:class:`Rules`); callers batch them with :func:`jax.vmap` and compile them with
:func:`jax.jit`. Because the rules are an argument of equal shapes under every rule set,
one compilation serves every preset.
"""

from __future__ import annotations

import functools
from typing import Final, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from coinche import _kernel as K
from coinche import _shuffle
from coinche.actions import NUM_ACTIONS
from coinche.arrays import _tables as T
from coinche.config import RuleConfig

Array = jax.Array

U32 = jnp.uint32
I32 = jnp.int32

AUCTION: Final = 0
PLAY: Final = 1
SCORED: Final = 2
THROWN_IN: Final = 3

COMPACT_FIELDS: Final[tuple[tuple[str, int, str], ...]] = (
    ("seat", 1, "the observer (the seat to move), absolute 0-3"),
    ("dealer", 1, "the dealer, absolute"),
    ("phase", 1, "0 auction, 1 play, 2 scored, 3 thrown in"),
    ("hand", 1, "the observer's cards, a 32-bit mask (bit = card index)"),
    ("played", 4, "by absolute seat, the cards it has played, the trick's included"),
    ("trick", 4, "by absolute seat, its card in the trick in progress, -1 if none"),
    ("trick_leader", 1, "the seat that led the trick in progress, -1 in the auction"),
    ("shown", 4, "by absolute seat, the cards of the announcements it declared"),
    ("bids", 16, "by seat s, 4 words: bit b % 32 of word 4s + b // 32 set if s bid 40 + b"),
    ("coinche", 1, "the seat that coinched, -1"),
    ("surcoinche", 1, "the seat that surcoinched, -1"),
    ("passed", 1, "bit s set if seat s's latest call is a pass"),
    ("contract_strain", 1, "0-5, -1 in the auction"),
    ("contract_level", 1, "0-16, capot 17, générale 18, -1 in the auction"),
    ("contract_taker", 1, "absolute, -1"),
    ("contract_multiplier", 1, "0, 1 coinched, 2 surcoinched, -1"),
    ("card_points", 2, "card points of complete tricks, North-South then East-West"),
    ("tricks_won", 2, "tricks won, North-South then East-West"),
    ("announcements", 2, "points of declared announcements, North-South then East-West"),
)
"""The compact observation, one row of ints per deal: each field's name, width, meaning.
Seats are absolute. The card masks (``hand``, ``played``, ``shown``) and the ``bids``
words are 32-bit patterns: in the engine's ``int32`` rows a set bit 31 reads negative;
:func:`coinche.rl.batch.BatchEnv` gives them as ``int64`` from 0 to 2**32 - 1."""

COLUMNS: Final[dict[str, int]] = {}
_at = 0
for _name, _width, _ in COMPACT_FIELDS:
    COLUMNS[_name] = _at
    _at += _width
COMPACT_SIZE: Final = _at
"""The number of columns of the compact observation."""
del _at, _name, _width
MASK_COLUMNS: Final = tuple(
    COLUMNS[name] + i
    for name, width in (("hand", 1), ("played", 4), ("shown", 4), ("bids", 16))
    for i in range(width)
)
"""The columns that hold 32-bit patterns (card masks and bid words)."""


class Rules(NamedTuple):
    """The rules of a :class:`~coinche.RuleConfig` as arrays (a pytree): the auction as
    a state machine asked of the library (dealer-relative), the kind of each action,
    the bid values, the play flags, the scoring options, the announcement switch, and
    the int 1 as data (the compiled rollout divides by it: see its module).
    Every field has the same shape under every rule set. Build it with
    :func:`rules_data`."""

    mask_words: Array
    nxt: Array
    to_move: Array
    over: Array
    thrown: Array
    strain: Array
    level: Array
    kind: Array
    value: Array
    taker: Array
    mult: Array
    leader: Array
    call_count: Array
    legal: Array
    action_kind: Array
    bid_value: Array
    play_flags: Array
    score_options: Array
    announcements: Array
    one: Array


@functools.lru_cache(maxsize=16)
def rules_data(rules: RuleConfig) -> Rules:
    """The :class:`Rules` arrays of *rules* (built once per RuleConfig)."""
    arrays = T.rule_arrays(rules)
    return Rules(**{name: jnp.asarray(arrays[name]) for name in Rules._fields})


class State(NamedTuple):
    """One deal (a pytree; :func:`jax.vmap` gives every field a batch axis).

    The fields pgx has: ``current_player`` (the seat to move, -1 once the deal is over),
    ``legal_action_mask`` (154 booleans, :mod:`coinche.actions`), ``observation``
    (the compact row of :data:`COMPACT_FIELDS`, the seat to move's), ``rewards`` (by
    seat, its team's deal score minus the other's when the deal ended on this step,
    else 0) and ``terminated``. The rest is the deal itself.
    """

    current_player: Array
    legal_action_mask: Array
    observation: Array
    rewards: Array
    terminated: Array
    key: Array  # uint32[4]: the seed's low and high words, the index's low and high words
    dealer: Array
    phase: Array  # AUCTION, PLAY, SCORED or THROWN_IN
    hands: Array  # uint32[4]: the cards each seat still holds
    played: Array  # uint32[4]
    trick: Array  # int32[4]: by seat, its card in the trick in progress, -1
    leader: Array  # the seat that led the trick in progress, -1 in the auction
    size: Array  # cards in the trick in progress
    astate: Array  # the auction machine's state
    bids: Array  # uint32[4, 4]
    coincher: Array
    surcoincher: Array
    passed: Array
    strain: Array
    level: Array
    taker: Array
    mult_index: Array
    kind: Array  # contract kind: number, capot, générale
    value: Array  # the contract's points
    multiplier: Array  # 1, 2, 4
    led: Array
    master: Array  # the card winning the trick so far
    master_key: Array
    master_pos: Array
    trumped: Array  # parities (1 << pos & 1) of the positions that trumped after the lead
    led_top: Array  # the strongest card of the led suit in the trick
    trick_points: Array
    tricks_done: Array
    won: Array  # int32[4]: tricks won by seat
    points: Array  # int32[2]: card points by team, last-trick bonus included
    belote: Array  # the team holding the king and queen of trumps, -1
    ann_cards: Array  # uint32[4]: the cards of each seat's announcements
    ann_points: Array  # int32[4]
    shown: Array  # uint32[4]: the announcement cards declared so far
    declared: Array  # int32[2]: announcement points declared so far, by team
    credit: Array  # int32[2]: the announcement points that score, by team
    scores: Array  # int32[2]: the deal score, North-South then East-West, once over


_BELOTE: Final = jnp.asarray(T.BELOTE)
_RUN_POINTS: Final = jnp.asarray(T.RUN_POINTS)
_RUN_CARDS: Final = jnp.asarray(T.RUN_CARDS.astype(np.uint32))
_RUN_BEST: Final = jnp.asarray(T.RUN_BEST)
_FOURS: Final = jnp.asarray(T.FOURS)
_SEATS: Final = jnp.arange(4, dtype=I32)
_CARDS: Final = jnp.arange(32, dtype=U32)


# ---------------------------------------------------------------------- the cards
def _pick(strain: Array, table: np.ndarray) -> Array:
    """``table[strain]`` for a table of six uint32 words (a chain of selects, not a gather)."""
    out = jnp.asarray(U32(int(table[5])))
    for s in range(4, -1, -1):
        out = jnp.where(strain == s, U32(int(table[s])), out)
    return out


class Strain(NamedTuple):
    """The card tables under one strain, as words (:func:`strain_words`): a card's
    order, points, win key and the cards that beat it are shifts and masks of these
    (the kernel's ``ORDER``, ``POINTS``, ``WIN_KEY`` and ``HIGHER``, packed by
    :mod:`coinche.arrays._tables`, which checks them against the kernel's)."""

    strain: Array  # 0-5
    trump_suits: Array  # uint32: bit s set if suit s is ordered as trumps
    trump_points: Array  # uint32: the points of ranks 2-7 of such a suit, 5 bits each
    plain_points: Array  # uint32: the same for the other suits


def strain_words(strain: Array) -> Strain:
    """The :class:`Strain` words of *strain* (0-5; below 0 reads as 0)."""
    strain = jnp.maximum(jnp.asarray(strain, I32), 0)
    return Strain(
        strain=strain,
        trump_suits=_pick(strain, T.TRUMP_SUITS),
        trump_points=_pick(strain, T.POINTS_WORDS[:, 0]),
        plain_points=_pick(strain, T.POINTS_WORDS[:, 1]),
    )


def _trump_ordered(card: Array, st: Strain) -> Array:
    return ((st.trump_suits >> (card >> 3).astype(U32)) & 1) == 1


def card_order(card: Array, st: Strain) -> Array:
    """``ORDER[strain * 32 + card]``: the card's strength in its suit, 0-7."""
    word = jnp.where(_trump_ordered(card, st), U32(T.TRUMP_ORDER_WORD), U32(T.PLAIN_ORDER_WORD))
    return ((word >> ((card & 7) * 4).astype(U32)) & 15).astype(I32)


def card_points(card: Array, st: Strain) -> Array:
    """``POINTS[strain * 32 + card]``: the card's points."""
    word = jnp.where(_trump_ordered(card, st), st.trump_points, st.plain_points)
    rank = card & 7
    shift = jnp.maximum(rank * 5 - 10, 0).astype(U32)
    return jnp.where(rank >= 2, (word >> shift) & 31, 0).astype(I32)


def win_key(card: Array, st: Strain, led: Array) -> Array:
    """``WIN_KEY[(strain * 4 + led) * 32 + card]``: 16 + its order for a trump, 8 + its
    order for a card of the led suit, else 0; the highest key wins the trick."""
    suit = card >> 3
    order = card_order(card, st)
    return jnp.where(suit == st.strain, 16 + order, jnp.where(suit == led, 8 + order, 0))


def higher_cards(card: Array, st: Strain) -> Array:
    """``HIGHER[strain * 32 + card]``: the cards of its suit that beat it (uint32 mask)."""
    rank = (card & 7).astype(U32)
    trump = _trump_ordered(card, st)
    h = T.HIGHER_WORDS
    word = jnp.where(
        rank < 4,
        jnp.where(trump, U32(int(h[0])), U32(int(h[2]))),
        jnp.where(trump, U32(int(h[1])), U32(int(h[3]))),
    )
    byte: Array = (word >> ((rank & 3) * 8)) & U32(0xFF)
    return byte << ((card >> 3).astype(U32) * 8)


# ---------------------------------------------------------------------- dealing
def mix32(x: Array) -> Array:
    """:func:`coinche._shuffle.mix32` on uint32 arrays."""
    x = x ^ (x >> 16)
    x = x * U32(_shuffle.MUL1)
    x = x ^ (x >> 15)
    x = x * U32(_shuffle.MUL2)
    return x ^ (x >> 16)


def deal_root(key: Array) -> Array:
    """The 32-bit root of the deal *key* names (uint32[4]: the seed's low and high
    words, then the index's): :func:`coinche._shuffle.root`."""
    h = mix32(key[0] ^ U32(_shuffle.SALT))
    h = mix32(h ^ key[1])
    h = mix32(h ^ key[2])
    return mix32(h ^ key[3])


def deal_of_root(root: Array) -> tuple[Array, Array]:
    """The dealer and the four hand masks (uint32[4]) of the deal of *root*: the
    deck is the cards ranked by their keys (32 x 32 comparisons, no sort)."""
    draws = mix32(root + (jnp.arange(33, dtype=U32) + U32(1)) * U32(_shuffle.GOLDEN))
    keys = (draws[:32] & ~U32(31)) | _CARDS
    rank = jnp.sum(keys[None, :] < keys[:, None], axis=1, dtype=I32)  # deck position
    bits = U32(1) << _CARDS
    hands = jnp.sum(
        jnp.where((rank >> 3)[None, :] == _SEATS[:, None], bits[None, :], U32(0)),
        axis=1,
        dtype=U32,
    )
    return (draws[32] >> 30).astype(I32), hands


def deal(key: Array) -> tuple[Array, Array]:
    """The dealer and the four hand masks (uint32[4]) of the deal *key* names (uint32[4]:
    the seed's low and high words, then the index's): :func:`coinche._shuffle.dealt_hands`."""
    return deal_of_root(deal_root(key))


def deal_key(seed: int, index: int) -> np.ndarray:
    """The key (uint32[4]) of deal *index* of *seed* (both ints from 0 to 2**64 - 1,
    unchecked)."""
    w = _shuffle.WORD
    return np.array([seed & w, seed >> 32, index & w, index >> 32], dtype=np.uint32)


def advance_key(key: Array, step: Array) -> Array:
    """The key of the deal *step* (uint32[2], low and high words) after *key*'s."""
    low = key[2] + step[0]
    carry = (low < key[2]).astype(U32)
    return jnp.stack([key[0], key[1], low, key[3] + step[1] + carry])


# ---------------------------------------------------------------------- the play
Ply = int | Array
"""A position in the trick (0-3): a Python int where the caller knows it when it
compiles (the rollout's plies), else an array (the step's)."""


def _if(cond: bool | Array, then: Array | int, other: Array | int) -> Array:
    """``jnp.where``, decided in Python when *cond* is a Python bool."""
    if isinstance(cond, bool):
        return jnp.asarray(then if cond else other)
    return jnp.where(cond, then, other)


class Trick(NamedTuple):
    """The running summary of the trick in progress, so that it is never rescanned."""

    led: Array  # the led suit
    master: Array  # the card winning the trick so far
    master_key: Array  # its win key
    master_pos: Array  # its position in the trick
    trumped: Array  # bit (pos & 1) set when a trump came after the lead at position pos
    led_top: Array  # the strongest card of the led suit
    points: Array  # the points of its cards


def legal_from(hand: Array, n: Ply, st: Strain, trick: Trick, flags: Array) -> Array:
    """The legal cards (a uint32 mask) of *hand* at position *n* of the trick *trick*:
    the kernel's :func:`coinche._kernel.legal` on the trick's running summary, the play
    options *flags* as data."""
    if isinstance(n, int) and n == 0:
        return hand
    strain = st.strain
    led = trick.led
    follow = hand & (U32(0xFF) << (led.astype(U32) * 8))
    trumps = jnp.where(
        strain < 4, hand & (U32(0xFF) << (jnp.minimum(strain, 3).astype(U32) * 8)), U32(0)
    )
    no_trump = jnp.where(follow != 0, follow, hand)
    over_led = follow & higher_cards(trick.led_top, st)
    all_trump = jnp.where(follow == 0, hand, jnp.where(over_led != 0, over_led, follow))
    partner_master = ((n - trick.master_pos) & 1) == 0
    opponent_trumped = ((trick.trumped >> ((n + 1) & 1)) & 1) == 1
    over_trump = trumps & higher_cards(trick.master, st)
    over_or_trumps = jnp.where(over_trump != 0, over_trump, trumps)
    flag = functools.partial(_flag, flags)
    trump_led = jnp.where(
        trumps == 0,
        hand,
        jnp.where(flag(K.FLAG_OVERTRUMP_ON_TRUMP_LEAD), over_or_trumps, trumps),
    )
    monter = flag(K.FLAG_MONTER) & (trick.master_key >= 16) & ~partner_master
    following = jnp.where(monter & (over_led != 0), over_led, follow)
    void = jnp.where(
        trumps == 0,
        hand,
        jnp.where(
            partner_master & flag(K.FLAG_PARTNER_EXEMPTION),
            hand,
            jnp.where(
                (trick.master_key < 16)
                | (flag(K.FLAG_OVERTRUMP_ONLY_OVER_OPPONENT) & ~opponent_trumped),
                trumps,
                jnp.where(
                    (over_trump != 0) | partner_master | flag(K.FLAG_MUST_UNDERTRUMP),
                    over_or_trumps,
                    hand,
                ),
            ),
        ),
    )
    suit = jnp.where(led == strain, trump_led, jnp.where(follow != 0, following, void))
    legal = jnp.where(
        strain == K.NO_TRUMP, no_trump, jnp.where(strain == K.ALL_TRUMP, all_trump, suit)
    )
    return _if(n == 0, hand, legal).astype(U32)


def trick_after(trick: Trick, card: Array, n: Ply, st: Strain) -> Trick:
    """The summary once *card* is played at position *n* of the trick."""
    lead = n == 0
    led = _if(lead, card >> 3, trick.led)
    key = win_key(card, st, led)
    beats = lead | (key > trick.master_key)
    trumped = _if(lead, 0, trick.trumped | jnp.where(key >= 16, 1 << (n & 1), 0))
    higher = (card >> 3 == led) & (card_order(card, st) > card_order(trick.led_top, st))
    return Trick(
        led=led,
        master=jnp.where(beats, card, trick.master),
        master_key=jnp.where(beats, key, trick.master_key),
        master_pos=jnp.where(beats, n, trick.master_pos),
        trumped=trumped,
        led_top=jnp.where(lead | higher, card, trick.led_top),
        points=_if(lead, 0, trick.points) + card_points(card, st),
    )


def _trick(state: State) -> Trick:
    return Trick(
        led=state.led,
        master=state.master,
        master_key=state.master_key,
        master_pos=state.master_pos,
        trumped=state.trumped,
        led_top=state.led_top,
        points=state.trick_points,
    )


def legal_cards(state: State, flags: Array) -> Array:
    """The legal cards (a uint32 mask) of the seat to move in the play: the kernel's
    :func:`coinche._kernel.legal` on the trick's running summary, the play options
    *flags* as data."""
    seat = (state.leader + state.size) & 3
    return legal_from(
        state.hands[seat], state.size, strain_words(state.strain), _trick(state), flags
    )


def _flag(flags: Array, bit: int) -> Array:
    return (flags & bit) != 0


def belote_team(hands: Array, strain: Array) -> Array:
    """The team (0 North-South, 1 East-West) dealt the king and queen of trumps, -1:
    :func:`coinche._kernel.belote_holder`'s team."""
    pair = _BELOTE[jnp.clip(strain, 0, 5)]
    has = ((hands & pair) == pair) & (pair != 0)
    holder = jnp.max(jnp.where(has, _SEATS, -1))
    return jnp.where(holder >= 0, holder & 1, -1).astype(I32)


def _announcements(hand: Array, strain: Array) -> tuple[Array, Array, Array]:
    """The cards, points and best strength (0 for none) of every announcement of one
    dealt *hand*: :func:`coinche._kernel.find_announcements` (fours of a kind first,
    then the runs of the cards left) with the kernel's strengths, from its tables."""
    ranks = jnp.arange(8, dtype=U32)
    fours = U32(0x01010101) << ranks
    has = ((hand & fours) == fours) & (_FOURS > 0)
    four_cards = jnp.sum(jnp.where(has, fours, U32(0)), dtype=U32)
    four_points = jnp.sum(jnp.where(has, _FOURS >> 16, 0))
    four_best = jnp.max(jnp.where(has, _FOURS, 0))
    rest = hand & ~four_cards
    suits = jnp.arange(4, dtype=U32)
    byte = ((rest >> (suits * 8)) & U32(0xFF)).astype(I32)
    run_cards = jnp.sum(_RUN_CARDS[byte] << (suits * 8), dtype=U32)
    run_points = jnp.sum(_RUN_POINTS[byte])
    in_trump = ((strain == K.ALL_TRUMP) | (suits.astype(I32) == strain)).astype(I32)
    best = _RUN_BEST[byte]
    run_best = jnp.max(jnp.where(best > 0, best | in_trump, 0))
    return four_cards | run_cards, four_points + run_points, jnp.maximum(four_best, run_best)


def _credit(strength: Array, points: Array) -> Array:
    """The announcement points that score by team (int32[2]): all of the team holding
    the strongest announcement, nobody's when the two teams' best are equal
    (:func:`coinche._kernel.best_announcements`)."""
    team_best = jnp.stack(
        [jnp.maximum(strength[0], strength[2]), jnp.maximum(strength[1], strength[3])]
    )
    team_points = jnp.stack([points[0] + points[2], points[1] + points[3]])
    winner = jnp.where(team_best[0] > team_best[1], 0, 1)
    tie = team_best[0] == team_best[1]
    return jnp.where(tie | (jnp.arange(2) != winner), 0, team_points).astype(I32)


def score(state: State, options: Array) -> Array:
    """The deal score (North-South, East-West; int32[2]) of a finished deal: the
    kernel's :func:`coinche._kernel.score` with the scoring options as data (every
    system but classic belote's)."""
    return score_figures(
        options,
        state.taker,
        state.kind,
        state.value,
        state.multiplier,
        state.won,
        state.points,
        state.belote,
        state.credit,
    )


def score_figures(
    options: Array,
    taker: Array,
    kind: Array,
    value: Array,
    m: Array,
    won: Array,
    points: Array,
    belote: Array,
    credit: Array,
) -> Array:
    """:func:`score` of the figures of a finished deal: the contract (*taker*, *kind*,
    *value*, multiplier *m*), the tricks won by seat, the card points by team (the last
    trick's bonus in), the belote team (-1) and the announcement points that score."""
    system = options[K.OPT_SCORING]
    bidders = taker & 1
    defenders = 1 - bidders
    teams = jnp.arange(2, dtype=I32)
    tricks = jnp.stack([won[0] + won[2], won[1] + won[3]])
    capot = jnp.where(tricks[0] == 8, 0, jnp.where(tricks[1] == 8, 1, -1))
    is_capot = capot >= 0
    ann = credit
    card = jnp.where(
        is_capot, jnp.where(teams == capot, options[K.OPT_CAPOT_CARD_POINTS], 0), points
    )
    annp = jnp.where(is_capot, jnp.where(teams == capot, ann[0] + ann[1], 0), ann)
    has_belote = belote >= 0
    bel = jnp.where(teams == belote, K.BELOTE_POINTS, 0)
    full = card + annp + bel
    total = jnp.where(options[K.OPT_BELOTE_COUNTS] != 0, full, full - bel)
    all_ann = annp[0] + annp[1]
    total_b = total[bidders]
    total_d = total[defenders]
    made_number = jnp.where(
        system == K.FFB,
        (total_b >= value) & (total_b > total_d),
        jnp.where(system == K.PAGAT, total_b >= jnp.maximum(value, 82), total_b >= value),
    )
    made = jnp.where(
        kind == K.CAPOT,
        tricks[bidders] == 8,
        jnp.where(kind == K.GENERALE, won[taker] == 8, made_number),
    )
    w = jnp.where(made, bidders, defenders)
    card_b = card[bidders] + annp[bidders]
    card_d = card[defenders] + annp[defenders]
    to_b = teams == bidders
    to_d = ~to_b
    to_w = teams == w

    def pay(where: Array, team: Array, points: Array | int) -> Array:
        return jnp.where(where & team, points, 0)

    failed = ~made
    # contract only
    bid_capot = made & (kind == K.CAPOT)
    unbid = made & ~bid_capot & (capot == bidders) & (value < K.CAPOT_VALUE)
    contract_only = (
        pay(failed, to_d, (160 + value) * m)
        + pay(bid_capot, to_b, 500 * m)
        + pay(unbid, to_b, K.CAPOT_VALUE * m)
        + pay(made & ~bid_capot & ~unbid, to_b, value * m)
    )
    # 82 to make (min82)
    adds = options[K.OPT_MIN82_ADDS_POINTS] != 0
    min82 = (
        pay(made, to_b, (value + jnp.where(adds, card_b, 0)) * m)
        + pay(made, to_d, card_d * m)
        + pay(failed, to_d, (160 + value) * m)
    )
    # common, ffb, pagat
    flat = (system == K.PAGAT) & (kind == K.CAPOT) & (m == 1)
    single = ~flat & (m == 1)
    doubled = ~flat & (m != 1)
    big = made & (capot == bidders)
    doubled_pay = jnp.where(
        system == K.COMMON,
        160 + value * m + all_ann,
        jnp.where(big, K.CAPOT_VALUE * m, 160 * m) + value * m + all_ann * m,
    )
    others = (
        pay(flat, to_w, 500)
        + pay(single & made, to_b, value + card_b)
        + pay(single & made, to_d, card_d)
        + pay(single & failed, to_d, 160 + value + all_ann)
        + pay(doubled, to_w, doubled_pay)
    )
    result = jnp.where(
        system == K.CONTRACT_ONLY, contract_only, jnp.where(system == K.MIN82, min82, others)
    )
    factor = jnp.where((system == K.FFB) & doubled & (belote == w), m, 1)
    result = result + jnp.where(has_belote & (teams == belote), K.BELOTE_POINTS * factor, 0)
    rounded = (result + 5) // 10 * 10
    return jnp.where(options[K.OPT_ROUNDING] != 0, rounded, result).astype(I32)


# ---------------------------------------------------------------------- the steps
def _fresh(key: Array) -> State:
    dealer, hands = deal(key)
    z = jnp.int32(0)
    m1 = jnp.int32(-1)
    zero4 = jnp.zeros(4, I32)
    none4 = jnp.zeros(4, U32)
    zero2 = jnp.zeros(2, I32)
    return State(
        current_player=z,
        legal_action_mask=jnp.zeros(NUM_ACTIONS, jnp.bool_),
        observation=jnp.zeros(COMPACT_SIZE, I32),
        rewards=jnp.zeros(4, jnp.float32),
        terminated=jnp.bool_(False),
        key=key.astype(U32),
        dealer=dealer,
        phase=jnp.int32(AUCTION),
        hands=hands,
        played=none4,
        trick=jnp.full(4, -1, I32),
        leader=m1,
        size=z,
        astate=z,
        bids=jnp.zeros((4, 4), U32),
        coincher=m1,
        surcoincher=m1,
        passed=z,
        strain=m1,
        level=m1,
        taker=m1,
        mult_index=m1,
        kind=z,
        value=z,
        multiplier=jnp.int32(1),
        led=z,
        master=z,
        master_key=z,
        master_pos=z,
        trumped=z,
        led_top=z,
        trick_points=z,
        tricks_done=z,
        won=zero4,
        points=zero2,
        belote=m1,
        ann_cards=none4,
        ann_points=zero4,
        shown=none4,
        declared=zero2,
        credit=zero2,
        scores=zero2,
    )


def init(key: Array, rules: Rules) -> State:
    """The deal *key* names (uint32[4], :func:`deal_key`), about to start its auction."""
    return _observe(_fresh(key), rules)


def _call(state: State, action: Array, rules: Rules, active: Array) -> State:
    """The seat to move makes the call *action* (legal: unchecked), where *active*."""
    seat = state.current_player
    kind = rules.action_kind[action]
    b = action - 40
    hot = (_SEATS[:, None] == seat) & (_SEATS[None, :] == (b >> 5)) & (kind == T.KIND_BID)
    bids = state.bids | jnp.where(hot & active, U32(1) << (b & 31).astype(U32), U32(0))
    bit = 1 << seat
    passed = jnp.where(kind == T.KIND_PASS, state.passed | bit, state.passed & ~bit)
    coincher = jnp.where(kind == T.KIND_COINCHE, seat, state.coincher)
    surcoincher = jnp.where(kind == T.KIND_SURCOINCHE, seat, state.surcoincher)
    s = rules.nxt[state.astate, action]
    over = rules.over[s] & active
    thrown = over & rules.thrown[s]
    state = state._replace(
        bids=bids,
        passed=jnp.where(active, passed, state.passed),
        coincher=jnp.where(active, coincher, state.coincher),
        surcoincher=jnp.where(active, surcoincher, state.surcoincher),
        astate=jnp.where(active, s, state.astate),
        phase=jnp.where(thrown, THROWN_IN, state.phase),
        terminated=state.terminated | thrown,
    )
    return _start_play(state, s, rules, over & ~thrown)


class Contract(NamedTuple):
    """What the play and the score need of a finished auction (:func:`contract_at`)."""

    thrown: Array  # thrown in: no contract, the fields below are placeholders
    strain: Array  # 0-5, -1 when thrown in
    level: Array  # the observation's contract_level index
    kind: Array  # number, capot, générale
    value: Array  # its points
    taker: Array  # absolute seat
    multiplier: Array  # 1, 2, 4
    leader: Array  # the absolute seat that leads the first trick


def contract_at(s: Array, dealer: Array, rules: Rules) -> Contract:
    """The contract of the auction machine's state *s* (over) for *dealer*."""
    return Contract(
        thrown=rules.thrown[s],
        strain=rules.strain[s],
        level=rules.level[s],
        kind=rules.kind[s],
        value=rules.value[s],
        taker=(dealer + rules.taker[s]) & 3,
        multiplier=rules.mult[s],
        leader=(dealer + rules.leader[s]) & 3,
    )


def announcements_of(hands: Array, strain: Array) -> tuple[Array, Array, Array]:
    """Every seat's announcement cards and points (uint32[4], int32[4]) and the points
    that score by team (int32[2]) of the dealt *hands* under *strain*."""
    cards, points, strength = jax.vmap(_announcements, in_axes=(0, None))(hands, strain)
    return cards, points, _credit(strength, points)


def _start_play(state: State, s: Array, rules: Rules, start: Array) -> State:
    """The play begins where *start*, after the auction state *s*."""
    c = contract_at(s, state.dealer, rules)
    mult = c.multiplier
    cards, points, credit = announcements_of(state.hands, c.strain)
    on = rules.announcements & start

    def at(new: Array, old: Array) -> Array:
        return jnp.where(start, new, old)

    return state._replace(
        phase=at(jnp.int32(PLAY), state.phase),
        strain=at(c.strain, state.strain),
        level=at(c.level, state.level),
        taker=at(c.taker, state.taker),
        mult_index=at((mult >= 2).astype(I32) + (mult >= 4).astype(I32), state.mult_index),
        kind=at(c.kind, state.kind),
        value=at(c.value, state.value),
        multiplier=at(mult, state.multiplier),
        leader=at(c.leader, state.leader),
        belote=at(belote_team(state.hands, c.strain), state.belote),
        ann_cards=jnp.where(on, cards, state.ann_cards),
        ann_points=jnp.where(on, points, state.ann_points),
        credit=jnp.where(on, credit, state.credit),
    )


def _card(state: State, card: Array, rules: Rules, active: Array) -> State:
    """The seat to move plays *card* (legal: unchecked), where *active*."""
    seat = state.current_player
    here = (seat == _SEATS) & active
    bit = U32(1) << card.astype(U32)
    hands = jnp.where(here, state.hands & ~bit, state.hands)
    played = jnp.where(here, state.played | bit, state.played)
    trick = jnp.where(here, card, state.trick)
    first = state.tricks_done == 0
    shown = jnp.where(here & first, state.shown | state.ann_cards, state.shown)
    gain = jnp.where(first & active, state.ann_points[seat], 0)
    declared = state.declared + jnp.where(jnp.arange(2) == (seat & 1), gain, 0)
    n = state.size
    after = trick_after(_trick(state), card, n, strain_words(state.strain))
    full = (n == 3) & active
    winner = (state.leader + after.master_pos) & 3
    done = state.tricks_done + full.astype(I32)
    last = (done == 8) & full
    team_hot = (jnp.arange(2) == (winner & 1)) & full
    gained = after.points + jnp.where(last, K.LAST_TRICK_BONUS, 0)

    def at(new: Array, old: Array) -> Array:
        return jnp.where(active, new, old)

    state = state._replace(
        hands=hands,
        played=played,
        trick=jnp.where(full, -1, trick),
        shown=shown,
        declared=declared,
        led=at(after.led, state.led),
        master=at(after.master, state.master),
        master_key=at(after.master_key, state.master_key),
        master_pos=at(after.master_pos, state.master_pos),
        trumped=at(after.trumped, state.trumped),
        led_top=at(after.led_top, state.led_top),
        trick_points=at(after.points, state.trick_points),
        size=at(jnp.where(full, 0, n + 1), n),
        leader=jnp.where(full, winner, state.leader),
        tricks_done=done,
        won=state.won + ((winner == _SEATS) & full).astype(I32),
        points=state.points + jnp.where(team_hot, gained, 0),
    )
    scores = score(state, rules.score_options)
    diff = (scores[0] - scores[1]).astype(jnp.float32)
    return state._replace(
        phase=jnp.where(last, SCORED, state.phase),
        terminated=state.terminated | last,
        scores=jnp.where(last, scores, state.scores),
        rewards=jnp.where(last, jnp.stack([diff, -diff, diff, -diff]), state.rewards),
    )


def step(state: State, action: Array, rules: Rules) -> State:
    """The seat to move takes *action* (an action integer its mask allows: unchecked).
    A finished deal stays as it is (its rewards 0)."""
    return step_where(state, action, rules, jnp.bool_(True))


def step_where(state: State, action: Array, rules: Rules, moving: Array) -> State:
    """:func:`step` where *moving*; elsewhere the deal stays as it is (its rewards 0)."""
    action = jnp.asarray(action, I32)
    going = moving & ~state.terminated
    bidding = going & (state.phase == AUCTION)
    playing = going & (state.phase == PLAY)
    quiet = state._replace(rewards=jnp.zeros(4, jnp.float32))
    called = _call(quiet, jnp.clip(action, 32, NUM_ACTIONS - 1), rules, bidding)
    moved = _card(called, jnp.clip(action, 0, 31), rules, playing)
    return _observe(moved, rules)


def call_step(state: State, action: Array, rules: Rules, observe: bool = True) -> State:
    """:func:`step` for a deal in its auction (a deal in its play or over stays as it
    is); *observe* False leaves ``observation`` as it was (a faster step for policies
    that read only the mask)."""
    bidding = ~state.terminated & (state.phase == AUCTION)
    quiet = state._replace(rewards=jnp.zeros(4, jnp.float32))
    moved = _call(quiet, jnp.clip(jnp.asarray(action, I32), 32, NUM_ACTIONS - 1), rules, bidding)
    return _observe(moved, rules, observe)


def card_step(state: State, card: Array, rules: Rules, observe: bool = True) -> State:
    """:func:`step` for a deal in its play (a deal in its auction or over stays as it is)."""
    playing = ~state.terminated & (state.phase == PLAY)
    quiet = state._replace(rewards=jnp.zeros(4, jnp.float32))
    moved = _card(quiet, jnp.clip(jnp.asarray(card, I32), 0, 31), rules, playing)
    return _observe(moved, rules, observe)


def _observe(state: State, rules: Rules, observe: bool = True) -> State:
    """The seat to move, its legal actions and its compact observation. (What the
    154 columns of the mask read is computed :func:`once`, not once per column.)"""
    one = rules.one
    phase = once(state.phase, one)
    astate = once(state.astate, one)
    state = state._replace(phase=phase, astate=astate)
    in_play = phase == PLAY
    over = once(state.terminated.astype(I32), one) == 1
    mover = once(
        jnp.where(
            in_play, (state.leader + state.size) & 3, (state.dealer + rules.to_move[astate]) & 3
        ),
        one,
    )
    cards = once(legal_cards(state, rules.play_flags), one)
    card_bits = ((cards >> _CARDS) & 1).astype(jnp.bool_)
    play_mask = jnp.concatenate([card_bits, jnp.zeros(NUM_ACTIONS - 32, jnp.bool_)])
    words = rules.mask_words[astate]
    calls = (((words[:, None] >> _CARDS[None, :]) & 1) == 1).reshape(160)[:NUM_ACTIONS]
    mask = jnp.where(in_play, play_mask, calls) & ~over
    return state._replace(
        current_player=jnp.where(over, -1, mover),
        legal_action_mask=mask,
        observation=compact(state, mover) if observe else state.observation,
    )


def once(x: Array, one: Array) -> Array:
    """*x* itself, divided by *one* (``Rules.one``, the int 1 as data) so that XLA
    computes it once and stores it: it copies a cheap value's computation into every
    fused loop that reads it (the 154 columns of a mask, each plane of a state), and
    a division by a variable is not cheap to it."""
    return lax.div(x, one.astype(x.dtype))


def _bits(x: Array) -> Array:
    return lax.bitcast_convert_type(x.astype(U32), I32)


def compact(state: State, seat: Array) -> Array:
    """The compact observation row (:data:`COMPACT_FIELDS`, int32) of *seat*."""
    one = functools.partial(jnp.reshape, shape=(1,))
    return jnp.concatenate(
        [
            one(seat),
            one(state.dealer),
            one(state.phase),
            one(_bits(state.hands[seat])),
            _bits(state.played),
            state.trick,
            one(jnp.where(state.phase == PLAY, state.leader, -1)),
            _bits(state.shown),
            _bits(state.bids.reshape(16)),
            one(state.coincher),
            one(state.surcoincher),
            one(state.passed),
            one(state.strain),
            one(state.level),
            one(state.taker),
            one(state.mult_index),
            state.points,
            jnp.stack([state.won[0] + state.won[2], state.won[1] + state.won[3]]),
            state.declared,
        ]
    ).astype(I32)
