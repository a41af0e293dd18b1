"""The engine's playout loops on machine integers (compiled by mypyc in the optional
build): the public entry points are :func:`coinche.engine.playout` and
:func:`coinche.engine.playouts`, which check their arguments and call these.

Every local is an ``i64``; the rules come from the kernel (legal cards, trick winners
and points, the score), so that a compiled playout never returns to Python per card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from mypy_extensions import i64

from coinche import _kernel as K
from coinche import _scoring_kernel as S
from coinche.position import _bad_argument

if TYPE_CHECKING:
    from coinche.engine import PlayState

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
    ``x % count``-th lowest."""
    k = x % K.count(mask)
    while k:
        mask &= mask - 1
        k -= 1
    return K.lowest(mask)


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
        trump: i64 = 1 if K._is_trump(card, strain) else 0
        k = K.V_POINTS[base + card] << 16 | trump << 12 | K.V_ORDER[base + card] << 8 | card
        if k < key:
            key = k
            best = card
    return best


def play_out(
    h0: i64,
    h1: i64,
    h2: i64,
    h3: i64,
    leader: i64,
    n: i64,
    c0: i64,
    c1: i64,
    c2: i64,
    strain: i64,
    flags: i64,
    policy: i64,
    x: i64,
    line: list[int] | None,
) -> tuple[i64, i64, i64, i64, i64, i64]:
    """Play a deal to its end from four hands and a trick of *n* cards, by *policy*
    (``RANDOM``: the generator state *x* steps once a card; ``GREEDY``); the cards
    played are appended to *line* unless it is None.

    Returns the card points won from here (last-trick bonus included) by each team,
    then the tricks won from here by each seat.
    """
    p0: i64 = 0
    p1: i64 = 0
    w0: i64 = 0
    w1: i64 = 0
    w2: i64 = 0
    w3: i64 = 0
    while h0 | h1 | h2 | h3:
        seat = (leader + n) & 3
        hand = h0 if seat == 0 else h1 if seat == 1 else h2 if seat == 2 else h3
        mask = K.legal(hand, n, c0, c1, c2, strain, flags) & _MASK32
        if policy == RANDOM:
            x ^= (x << 13) & _MASK32  # xorshift(x), inlined
            x ^= x >> 17
            x ^= (x << 5) & _MASK32
            card = pick(mask, x)
        else:
            card = greedy(mask, n, c0, c1, c2, strain)
        if line is not None:
            line.append(card)
        bit = K.V_BIT[card]
        if seat == 0:
            h0 ^= bit
        elif seat == 1:
            h1 ^= bit
        elif seat == 2:
            h2 ^= bit
        else:
            h3 ^= bit
        if n < 3:
            if n == 0:
                c0 = card
            elif n == 1:
                c1 = card
            else:
                c2 = card
            n += 1
            continue
        winner = K.trick_winner(leader, c0, c1, c2, card, strain)
        gained = K.trick_points(c0, c1, c2, card, strain)
        if not (h0 | h1 | h2 | h3):
            gained += K.LAST_TRICK_BONUS
        if winner & 1:
            p1 += gained
        else:
            p0 += gained
        if winner == 0:
            w0 += 1
        elif winner == 1:
            w1 += 1
        elif winner == 2:
            w2 += 1
        else:
            w3 += 1
        leader = winner
        n = 0
    return p0, p1, w0, w1, w2, w3


def totals(
    hands: tuple[i64, i64, i64, i64],
    trick: tuple[i64, i64, i64, i64, i64],
    strain: i64,
    flags: i64,
    options: tuple[int, ...],
    contract: tuple[i64, i64, i64, i64],
    done: tuple[i64, i64, i64, i64, i64, i64],
    belote: tuple[i64, i64, i64],
    policy: i64,
    count: i64,
    seed: i64,
) -> tuple[i64, i64]:
    """The totals of *count* playouts' deal scores (North-South, East-West); playout
    ``i`` is seeded by ``seed_state((seed + i) mod 2**32)``.

    *hands* by seat; *trick* the leader, its size and its three cards; *contract* the
    taker, kind, value and multiplier; *done* the points by team and tricks by seat won
    so far; *belote* the belote team and the announcements by team.
    """
    h0, h1, h2, h3 = hands
    leader, n, c0, c1, c2 = trick
    taker, kind, value, multiplier = contract
    q0, q1, v0, v1, v2, v3 = done
    belote_team, ann0, ann1 = belote
    system: i64 = options[K.OPT_SCORING]
    capot_cards: i64 = options[K.OPT_CAPOT_CARD_POINTS]
    belote_counts: i64 = options[K.OPT_BELOTE_COUNTS]
    rounding: i64 = options[K.OPT_ROUNDING]
    min82: i64 = options[K.OPT_MIN82_ADDS_POINTS]
    ns: i64 = 0
    ew: i64 = 0
    i: i64 = 0
    while i < count:
        x = seed_state((seed + i) & _MASK32)
        p0, p1, w0, w1, w2, w3 = play_out(
            h0, h1, h2, h3, leader, n, c0, c1, c2, strain, flags, policy, x, None
        )
        f = S.score_figures(
            system, capot_cards, belote_counts, rounding, min82, taker, kind, value,
            multiplier, q0 + p0, q1 + p1, v0 + w0, v1 + w1, v2 + w2, v3 + w3, belote_team,
            ann0, ann1,
        )  # fmt: skip
        ns += f[0]
        ew += f[1]
        i += 1
    return ns, ew


# coinche.engine puts its PlayState here when it is imported (this module may not import
# the engine, which imports it: the library has no import circles)
STATE_CLASS: Final[list[type]] = []


def _seed(seed: int) -> int:
    """A non-zero 32-bit generator state from any int."""
    return seed_state(seed & 0xFFFFFFFF)


def _check_playout(
    state: object, count: object, seed: object, policy: object
) -> tuple[PlayState, int, int, int]:
    """The arguments of the playout functions, or the library's error for a bad one
    (they are typed ``object``, so that the compiled build too answers with it)."""
    if (  # the usual case first, cheaply
        isinstance(state, STATE_CLASS[0])
        and type(count) is int
        and 0 <= count <= 1 << 62
        and type(seed) is int
        and type(policy) is int
        and RANDOM <= policy <= GREEDY
    ):
        return cast("PlayState", state), count, seed, policy
    from coinche._checks import check_int_range, check_type

    if not isinstance(state, STATE_CLASS[0]):
        _bad_argument(f"a playout starts from a PlayState, not {type(state).__name__}")
    return (
        cast("PlayState", state),
        check_int_range(count, "n", 0, 1 << 62),
        check_type(seed, int, "seed"),
        check_int_range(policy, "policy (engine.RANDOM or engine.GREEDY)", RANDOM, GREEDY),
    )


def _play_in_place(state: PlayState, policy: i64, seed: int) -> tuple[int, int]:
    """:func:`playout` unchecked: the cards chosen as :func:`play_out` does, played by
    :meth:`PlayState.play` (so that :meth:`PlayState.undo` takes them back)."""
    left = range(K.count(state._h0 | state._h1 | state._h2 | state._h3))
    if policy == GREEDY:
        for _ in left:
            mask = state.legal_mask()
            state.play(greedy(mask, state.size, state.c0, state.c1, state.c2, state.strain))
    elif K.NATIVE:
        x = _seed(seed)
        for _ in left:
            x = xorshift(x)
            state.play(pick(state.legal_mask(), x))
    else:
        x = _seed(seed)
        for _ in left:
            x = xorshift(x)
            state.play(_pick_interpreted(state.legal_mask(), x))
    return state.score()


def random_playout(state: object, seed: object) -> tuple[int, int]:
    """Play random legal cards from *state* to the end; return the deal's score.

    *state* is changed (played out): pass ``state.copy()`` to keep it. The choices come
    from the engine's own generator seeded by *seed*, so the same state and seed give
    the same deal, interpreted or compiled. The same as ``playout(state, RANDOM, seed)``.

    >>> from coinche import RuleConfig, engine
    >>> hands = engine.random_hands(1)
    >>> state = engine.PlayState.from_hands(hands, RuleConfig.common(), taker=0,
    ...                                     strain=2, value=80, leader=1)
    >>> ns, ew = engine.random_playout(state.copy(), seed=5)
    >>> state.tricks_played, sum(state.won)       # the copy was played, not state
    (0, 0)

    :raises CoincheTypeError: *state* is not a PlayState or *seed* not an int.
    """
    checked, _, seed_int, _ = _check_playout(state, 1, seed, RANDOM)
    return _play_in_place(checked, RANDOM, seed_int)


def playout(state: object, policy: object = RANDOM, seed: object = 0) -> tuple[int, int]:
    """Play *state* to the end by *policy* (:data:`RANDOM` or :data:`GREEDY`); return
    the deal's score (North-South, East-West).

    *state* is changed, as by :meth:`PlayState.play` card by card (:attr:`PlayState.played`
    holds the line, :meth:`PlayState.undo` takes it back): pass ``state.copy()`` to keep
    it. The line is chosen in one call to the engine's loop (compiled in the compiled
    build); *seed* drives :data:`RANDOM` as in :func:`random_playout`.

    >>> from coinche import RuleConfig, engine
    >>> state = engine.PlayState.from_hands(engine.random_hands(1), RuleConfig.common(),
    ...                                     taker=0, strain=2, value=80, leader=1)
    >>> score = engine.playout(state, engine.GREEDY)
    >>> state.is_over, len(state.played), score == state.score()
    (True, 32, True)

    :raises CoincheTypeError: *state* is not a PlayState, *policy* not one of the two,
        or *seed* not an int.
    """
    checked, _, seed_int, code = _check_playout(state, 1, seed, policy)
    return _play_in_place(checked, code, seed_int)


def playouts(
    state: object, n: object, seed: object = 0, policy: object = RANDOM
) -> tuple[int, int]:
    """The totals of *n* playouts' deal scores from *state*: ``(North-South, East-West)``
    summed over the playouts; *state* is left unchanged.

    Playout ``i`` (0 to n - 1) is ``playout(state.copy(), policy, seed + i)``: with
    :data:`RANDOM`, the same deal as ``random_playout(state.copy(), seed + i)``. The
    whole batch runs in one call to the engine's loop (compiled in the compiled build:
    nothing returns to Python per card nor per playout).

    >>> from coinche import RuleConfig, engine
    >>> state = engine.PlayState.from_hands(engine.random_hands(1), RuleConfig.common(),
    ...                                     taker=0, strain=2, value=80, leader=1)
    >>> ns, ew = engine.playouts(state, 100, seed=7)
    >>> first = engine.random_playout(state.copy(), 7)   # playout 0 of the batch
    >>> one = engine.playouts(state, 1, seed=7)
    >>> one == first, state.tricks_played
    (True, 0)

    :raises CoincheTypeError: *state* is not a PlayState, *n* not an int >= 0,
        *policy* not :data:`RANDOM` or :data:`GREEDY`, or *seed* not an int.
    """
    st, count, seed_int, code = _check_playout(state, n, seed, policy)
    ann = st.announcements
    ns, ew = totals(
        (st._h0, st._h1, st._h2, st._h3),
        (st.leader, st.size, st.c0, st.c1, st.c2),
        st.strain,
        st.flags,
        st.options,
        (st.taker, st.kind, st.value, st.multiplier),
        (st._p0, st._p1, st._w0, st._w1, st._w2, st._w3),
        (st.belote_team, ann[0], ann[1]),
        code,
        count,
        seed_int & 0xFFFFFFFF,
    )
    return ns, ew


def random_playouts(state: object, n: object, seed: object = 0) -> tuple[int, int]:
    """:func:`playouts` with the :data:`RANDOM` policy: the totals of *n* random
    playouts from *state* (left unchanged), playout ``i`` being
    ``random_playout(state.copy(), seed + i)``.

    >>> from coinche import RuleConfig, engine
    >>> state = engine.PlayState.from_hands(engine.random_hands(3), RuleConfig.common(),
    ...                                     taker=0, strain=1, value=80, leader=1)
    >>> loop = [engine.random_playout(state.copy(), 10 + i) for i in range(5)]
    >>> engine.random_playouts(state, 5, seed=10) == (sum(s[0] for s in loop),
    ...                                               sum(s[1] for s in loop))
    True

    :raises CoincheTypeError: as :func:`playouts`.
    """
    return playouts(state, n, seed, RANDOM)
