"""Every rule of the deal once, on the arrays of one deal, in JAX.

Dealing, the cards' order, points and win keys (shifts of packed words), the legal
cards on a running summary of the trick, the trick's summary after a card, the
belote, the announcements, the contract of a finished auction and the score. The step
(:mod:`coinche.arrays._engine`) and the rollout (:mod:`coinche.arrays._rollout`) both
call these functions; a position in the trick may be a Python int (the rollout's
plies, where the functions drop what it decides) or an array (the step's).
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
from coinche.arrays import _tables as T
from coinche.config import RuleConfig

Array = jax.Array

U32 = jnp.uint32
I32 = jnp.int32


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


def once(x: Array, one: Array) -> Array:
    """*x* itself, divided by *one* (``Rules.one``, the int 1 as data) so that XLA
    computes it once and stores it: it copies a cheap value's computation into every
    fused loop that reads it (the 154 columns of a mask, each plane of a state), and
    a division by a variable is not cheap to it."""
    return lax.div(x, one.astype(x.dtype))
