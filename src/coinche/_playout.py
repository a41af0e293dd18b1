"""The engine's playout loops on machine integers (compiled by mypyc in the optional
build): the public entry points are :func:`coinche.engine.playout` and
:func:`coinche.engine.playouts`, which check their arguments and call these.

A playout plays the kernel's :class:`~coinche._play_kernel.PlayCore` in place by its step;
every local is an ``i64`` and the rules come from the kernel (legal cards, the step,
the score), so that a compiled playout never returns to Python per card.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from coinche import _kernel as K
from coinche import _scoring_kernel as S
from coinche._play_kernel import TRICK_GOES_ON, PlayCore

RANDOM: Final = 0
"""The policy of :func:`playout` and :func:`playouts` that plays a random legal card,
drawn from the engine's own generator (as :func:`random_playout`)."""
GREEDY: Final = 1
"""The policy that plays the card of :class:`~coinche.bots.players.GreedyPlayer` (its
card-play rule on ints: the highest legal card when it would take the trick, else the
legal card worth the fewest points); it draws nothing from the seed."""
_MASK32: Final[i64] = 0xFFFFFFFF


def seed_state(seed: i64) -> i64:
    """The generator state of a 32-bit *seed*: ``seed * 2654435761 + 0x9E3779B9`` mod
    2**32 (the product in two halves, so that it never overflows 64 bits), never 0."""
    low = seed * 0x79B1  # 2654435761 == 0x9E3779B1
    high = (seed * 0x9E37) & 0xFFFF
    x = (low + (high << 16) + 0x9E3779B9) & _MASK32
    return x if x else 0x9E3779B9


def xorshift(x: i64) -> i64:
    """One step of a 32-bit xorshift generator (never 0 from a non-zero state)."""
    x ^= (x << 13) & _MASK32
    x ^= x >> 17
    x ^= (x << 5) & _MASK32
    return x


def pick(mask: i64, x: i64) -> i64:
    """The card of non-empty *mask* that the 32-bit random number *x* chooses: the
    ``x % count``-th lowest (the kernel's popcount and lowest-card, written out: the
    playouts call this once a card)."""
    v = mask - ((mask >> 1) & 0x55555555)
    v = (v & 0x33333333) + ((v >> 2) & 0x33333333)
    v = (v + (v >> 4)) & 0x0F0F0F0F
    k = x % (((v * 0x01010101) & _MASK32) >> 24)
    while k:
        mask &= mask - 1
        k -= 1
    return K.V_BIT_INDEX[(((mask & -mask) * 0x077CB531) & _MASK32) >> 27]


def _pick_interpreted(mask: int, x: int) -> int:
    """:func:`pick` by the int methods, the faster way when interpreted (the same card;
    compiled, each would be a Python method call)."""
    k = x % mask.bit_count()
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def greedy(mask: i64, n: i64, c0: i64, c1: i64, c2: i64, strain: i64) -> i64:
    """The card of :class:`~coinche.bots.players.GreedyPlayer` among the legal *mask*
    in a trick of *n* cards ``c0 c1 c2`` (its rule, on ints: see that class)."""
    base = strain * 32
    best: i64 = -1
    key: i64 = -1
    m = mask
    if n == 0:  # a lead: the highest in its own suit's order, then points, then index
        while m:
            card = K.lowest(m)
            m &= m - 1
            k = K.V_ORDER[base + card] << 16 | K.V_POINTS[base + card] << 8 | card
            if k > key:
                key = k
                best = card
        return best
    keys = (strain * 4 + (c0 >> 3)) * 32
    top = K.V_WIN_KEY[keys + c0]
    if n > 1:
        k = K.V_WIN_KEY[keys + c1]
        if k > top:
            top = k
        if n > 2:
            k = K.V_WIN_KEY[keys + c2]
            if k > top:
                top = k
    while m:  # the strongest card in the trick's order, then points, then index
        card = K.lowest(m)
        m &= m - 1
        k = K.V_WIN_KEY[keys + card] << 16 | K.V_POINTS[base + card] << 8 | card
        if k > key:
            key = k
            best = card
    if key >> 16 > top:  # it becomes master of the trick
        return best
    key = 1 << 30
    m = mask
    while m:  # the fewest points, a plain card before a trump, the lowest-ranked, index
        card = K.lowest(m)
        m &= m - 1
        k = K.V_POINTS[base + card] << 16 | K.V_ORDER[base + card] << 8 | card
        if K._is_trump(card, strain):  # a plain card before a trump
            k |= 1 << 12
        if k < key:
            key = k
            best = card
    return best


def play_out(
    core: PlayCore, policy: i64, x: i64, line: list[int] | None, undo: list[int] | None
) -> None:
    """Play *core* to the end of its deal, in place, by *policy* (``RANDOM``: the
    generator state *x* steps once a card; ``GREEDY``), each card by the kernel's step.

    Unless they are None, *line* gets each card played and *undo* what the step
    returned for each card that completed a trick (a :class:`~coinche.engine.PlayState`
    keeps both, so that its ``undo`` takes the cards back).
    """
    left = K.count(core.h0 | core.h1 | core.h2 | core.h3)
    native = K.NATIVE
    while left > 0:
        n = core.size
        c0 = core.c0
        c1 = core.c1
        c2 = core.c2
        strain = core.strain
        seat = core.to_move  # its hand, as PlayCore.hand gives it (a call less a card)
        hand = (
            core.h0 if seat == 0 else core.h1 if seat == 1 else core.h2 if seat == 2 else core.h3
        )
        mask = K.legal(hand, n, c0, c1, c2, strain, core.flags) & _MASK32
        card: i64
        if policy != RANDOM:
            card = greedy(mask, n, c0, c1, c2, strain)
        else:
            x ^= (x << 13) & _MASK32  # xorshift(x), inlined
            x ^= x >> 17
            x ^= (x << 5) & _MASK32
            if native:  # noqa: SIM108 (a ternary here boxes the card, compiled)
                card = pick(mask, x)
            else:  # the int methods: the faster way interpreted
                card = _pick_interpreted(mask, x)
        record = core.step(card)
        if line is not None:
            line.append(card)
            if undo is not None and record != TRICK_GOES_ON:
                undo.append(record)
        left -= 1


def totals(
    start: PlayCore,
    options: tuple[int, ...],
    contract: tuple[i64, i64, i64, i64],
    belote: tuple[i64, i64, i64],
    policy: i64,
    count: i64,
    seed: i64,
) -> tuple[i64, i64]:
    """The totals of *count* playouts' deal scores (North-South, East-West), each from
    *start* (left as it is); playout ``i`` is seeded by ``seed_state((seed + i) mod
    2**32)``.

    *contract* is the taker, kind, value and multiplier; *belote* the belote team and
    the announcements by team.
    """
    taker, kind, value, multiplier = contract
    belote_team, ann0, ann1 = belote
    system: i64 = options[K.OPT_SCORING]
    capot_cards: i64 = options[K.OPT_CAPOT_CARD_POINTS]
    belote_counts: i64 = options[K.OPT_BELOTE_COUNTS]
    rounding: i64 = options[K.OPT_ROUNDING]
    min82: i64 = options[K.OPT_MIN82_ADDS_POINTS]
    core = PlayCore(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    ns: i64 = 0
    ew: i64 = 0
    i: i64 = 0
    while i < count:
        core.load(start)
        play_out(core, policy, seed_state((seed + i) & _MASK32), None, None)
        capot, alone = S.trick_facts(taker, core.w0, core.w1, core.w2, core.w3)
        f = S.score_outcome(
            system, capot_cards, belote_counts, rounding, min82, taker, kind, value,
            multiplier, core.p0, core.p1, capot, alone, belote_team, ann0, ann1,
        )  # fmt: skip
        ns += f[0]
        ew += f[1]
        i += 1
    return ns, ew


def seed_of(seed: int) -> int:
    """A non-zero 32-bit generator state from any int."""
    return seed_state(seed & 0xFFFFFFFF)
