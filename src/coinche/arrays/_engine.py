"""The whole deal in JAX as a state machine: the state, ``init`` and ``step``, one deal at
a time.

Every function here takes one deal (scalars and small arrays) and the rules as data
(:class:`~coinche.arrays._rules.Rules`); callers batch them with :func:`jax.vmap` and
compile them with :func:`jax.jit`. Because the rules are an argument of equal shapes
under every rule set, one compilation serves every preset. The rules themselves are
functions of :mod:`coinche.arrays._rules`, which the rollout calls too.
"""

from __future__ import annotations

import functools
from typing import Final, NamedTuple

import jax.numpy as jnp
from jax import lax

from coinche import _kernel as K
from coinche.actions import NUM_ACTIONS
from coinche.arrays import _tables as T
from coinche.arrays._rules import (
    I32,
    U32,
    Array,
    Rules,
    Trick,
    announcements_of,
    belote_team,
    contract_at,
    deal,
    legal_from,
    once,
    score_figures,
    strain_words,
    trick_after,
)

_SEATS: Final = jnp.arange(4, dtype=I32)
_CARDS: Final = jnp.arange(32, dtype=U32)

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
