"""The kernel's deal scoring (:func:`coinche._kernel.score_terms`), vectorised.

Each line mirrors a line of the kernel's function, one array of deals at a time; the
scoring systems of the batch env are the kernel's ``COMMON``, ``FFB``, ``PAGAT``,
``CONTRACT_ONLY`` and ``MIN82`` (not ``CLASSIC``: classic belote is not batched).
``tests/test_rl_batch.py::test_vector_score_equals_kernel`` checks it against
:func:`coinche._kernel.score` on random inputs covering every branch, for each preset.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from coinche import _kernel as K

I64 = npt.NDArray[np.int64]


def score(
    options: tuple[int, ...],
    taker: I64,
    kind: I64,
    value: I64,
    multiplier: I64,
    cards: I64,
    won: I64,
    belote_team: I64,
    ann: I64,
) -> I64:
    """The final scores (``F_SCORE_NS``, ``F_SCORE_EW``) of each deal, ``M x 2``.

    *cards* and *ann* are ``M x 2`` (by team), *won* ``M x 4`` (by seat), the others
    ``M``; the meaning of each is :func:`coinche._kernel.score_terms`'s.
    """
    system = options[K.OPT_SCORING]
    assert system != K.CLASSIC
    m_ = taker.shape[0]
    ar = np.arange(m_)
    bidders = taker & 1
    defenders = 1 - bidders
    tricks = np.stack([won[:, 0] + won[:, 2], won[:, 1] + won[:, 3]], axis=1)
    capot = np.where(tricks[:, 0] == 8, 0, np.where(tricks[:, 1] == 8, 1, -1))
    is_capot = capot >= 0
    card = cards.copy()
    annp = ann.copy()
    card[is_capot] = 0
    annp[is_capot] = 0
    rows = ar[is_capot]
    card[rows, capot[is_capot]] = options[K.OPT_CAPOT_CARD_POINTS]
    annp[rows, capot[is_capot]] = ann[is_capot].sum(axis=1)
    bel = np.zeros_like(card)
    has_belote = belote_team >= 0
    bel[ar[has_belote], belote_team[has_belote]] = K.BELOTE_POINTS
    full = card + annp + bel
    total = full if options[K.OPT_BELOTE_COUNTS] else full - bel
    all_ann = annp.sum(axis=1)
    total_b = total[ar, bidders]
    total_d = total[ar, defenders]

    if system == K.FFB:
        made_number = (total_b >= value) & (total_b > total_d)
    elif system == K.PAGAT:
        made_number = total_b >= np.maximum(value, 82)
    else:
        made_number = total_b >= value
    made = np.where(
        kind == K.CAPOT,
        tricks[ar, bidders] == 8,
        np.where(kind == K.GENERALE, won[ar, taker] == 8, made_number),
    )

    m = multiplier
    w = np.where(made, bidders, defenders)
    result = np.zeros((m_, 2), dtype=np.int64)

    def add(where: npt.NDArray[np.bool_], team: I64, points: I64 | int) -> None:
        amount = np.where(where, points, 0)
        np.add.at(result, (ar, team), amount)

    card_b = card[ar, bidders] + annp[ar, bidders]
    card_d = card[ar, defenders] + annp[ar, defenders]
    belote_factor = np.ones(m_, dtype=np.int64)
    if system == K.CONTRACT_ONLY:
        failed = ~made
        add(failed, defenders, 160 * m)
        add(failed, defenders, value * m)
        bid_capot = made & (kind == K.CAPOT)
        add(bid_capot, bidders, 500 * m)
        unbid = made & ~bid_capot & (capot == bidders) & (value < K.CAPOT_VALUE)
        add(unbid, bidders, K.CAPOT_VALUE * m)
        add(made & ~bid_capot & ~unbid, bidders, value * m)
    elif system == K.MIN82:
        add(made, bidders, value * m)
        if options[K.OPT_MIN82_ADDS_POINTS]:
            add(made, bidders, card_b * m)
        add(made, defenders, card_d * m)
        add(~made, defenders, 160 * m)
        add(~made, defenders, value * m)
    else:  # common, ffb, pagat
        flat = (kind == K.CAPOT) & (m == 1) if system == K.PAGAT else np.zeros(m_, np.bool_)
        add(flat, w, 500)
        single = ~flat & (m == 1)
        add(single & made, bidders, value)
        add(single & made, bidders, card_b)
        add(single & made, defenders, card_d)
        add(single & ~made, defenders, 160)
        add(single & ~made, defenders, value)
        add(single & ~made, defenders, all_ann)
        doubled = ~flat & (m != 1)
        if system == K.COMMON:
            add(doubled, w, 160)
            add(doubled, w, value * m)
            add(doubled, w, all_ann)
        else:
            big = made & (capot == bidders)
            add(doubled & big, w, K.CAPOT_VALUE * m)
            add(doubled & ~big, w, 160 * m)
            add(doubled, w, value * m)
            add(doubled, w, all_ann * m)
            if system == K.FFB:
                belote_factor = np.where(doubled & (belote_team == w), m, 1)
    add(has_belote, np.maximum(belote_team, 0), K.BELOTE_POINTS * belote_factor)
    if options[K.OPT_ROUNDING]:
        result = (result + 5) // 10 * 10
    return result
