"""The rules of scoring on ints: part of the kernel (:mod:`coinche._kernel` re-exports
every name here, and the library reads them from there).

:func:`score_outcome` is the one source of the scoring rules: it takes the figures of a
finished deal as machine integers (``i64``): the card points of each team, whether a
team took every trick (capot) and whether the taker did alone (a générale made), belote
and the announcements. It returns the ``F_*`` figures and up to four packed terms in one
fixed tuple (a C struct once compiled: nothing allocated), so that a playout scores its
deals without building a list. :func:`trick_facts` reads those facts from the tricks
won by seat; :func:`score_terms` and :func:`score` give the figures to the value layer
from the tricks, :func:`score_points` from card points and the facts (what a search
that counts card points, not tricks, knows).
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

__all__ = [
    "ALL_POINTS",
    "BELOTE_POINTS",
    "CAPOT",
    "CAPOT_VALUE",
    "CLASSIC",
    "CLASSIC_TARGET",
    "COMMON",
    "CONTRACT_ONLY",
    "FFB",
    "F_ANN_EW",
    "F_ANN_NS",
    "F_CAPOT",
    "F_CARDS_EW",
    "F_CARDS_NS",
    "F_MADE",
    "F_NEEDED",
    "F_RAW_EW",
    "F_RAW_NS",
    "F_SCORE_EW",
    "F_SCORE_NS",
    "F_TOTAL_EW",
    "F_TOTAL_NS",
    "GENERALE",
    "GENERALE_VALUE",
    "MIN82",
    "NUMERIC",
    "OPT_BELOTE_COUNTS",
    "OPT_CAPOT_CARD_POINTS",
    "OPT_MIN82_ADDS_POINTS",
    "OPT_ROUNDING",
    "OPT_SCORING",
    "PAGAT",
    "T_ANNOUNCEMENTS",
    "T_BELOTE",
    "T_CAPOT",
    "T_CAPOT_BID",
    "T_CARD_POINTS",
    "T_CONTRACT",
    "T_TOTAL",
    "deal_score",
    "round_score",
    "score",
    "score_outcome",
    "score_points",
    "score_terms",
    "trick_facts",
]

BELOTE_POINTS: Final = 20
ALL_POINTS: Final = 162
"""Every card point of a deal: the 152 of the cards (in every strain) and the last
trick's 10."""


# the scoring systems (RuleConfig.scoring) as ints
COMMON: Final = 0
FFB: Final = 1
PAGAT: Final = 2
CONTRACT_ONLY: Final = 3
MIN82: Final = 4
CLASSIC: Final = 5

# positions in RuleConfig.score_options
OPT_SCORING: Final = 0
OPT_CAPOT_CARD_POINTS: Final = 1
OPT_BELOTE_COUNTS: Final = 2
OPT_ROUNDING: Final = 3
OPT_MIN82_ADDS_POINTS: Final = 4

# contract kinds
NUMERIC: Final = 0
CAPOT: Final = 1
GENERALE: Final = 2
CLASSIC_TARGET: Final = 82  # seed 001: what the taker of classic belote needs
CAPOT_VALUE: Final = 250
GENERALE_VALUE: Final = 500

# positions in the figures returned by score
F_SCORE_NS: Final = 0
F_SCORE_EW: Final = 1
F_RAW_NS: Final = 2  # the score before rounding
F_RAW_EW: Final = 3
F_MADE: Final = 4
F_CAPOT: Final = 5  # the team that took all eight tricks, or -1
F_CARDS_NS: Final = 6  # card points after capot
F_CARDS_EW: Final = 7
F_TOTAL_NS: Final = 8  # the totals the contract is judged on
F_TOTAL_EW: Final = 9
F_NEEDED: Final = 10  # what the bidders needed
F_ANN_NS: Final = 11  # announcement points as scored, after capot
F_ANN_EW: Final = 12

# what a score term is (the second item of each term score_terms returns); each team's
# score before rounding is the sum of its terms' points x factor
T_BELOTE: Final = 0  # belote, 20
T_CONTRACT: Final = 1  # the contract's value V
T_TOTAL: Final = 2  # the team's own card points and announcements
T_ANNOUNCEMENTS: Final = 3  # every announcement point scored in the deal
T_CARD_POINTS: Final = 4  # every card point of the deal: the fixed 160, or dedans 162
T_CAPOT: Final = 5  # the 250 of a capot the bidders took
T_CAPOT_BID: Final = 6  # the flat 500 of a capot bid


def round_score(points: i64) -> i64:
    """Round to the nearest 10, a 5 going up."""
    return (points + 5) // 10 * 10


def _term(team: i64, what: i64, points: i64, factor: i64) -> i64:
    """A score term packed in one int: ``team | what << 1 | factor << 4 | points << 12``."""
    return team | what << 1 | factor << 4 | points << 12


# what score_outcome returns: the thirteen F_* figures, then how many terms, then the
# terms (packed by _term, unused ones 0)
_N_TERMS: Final = 13

Figures = tuple[
    i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64,
    i64, i64, i64, i64, i64,
]  # fmt: skip


def trick_facts(taker: i64, w0: i64, w1: i64, w2: i64, w3: i64) -> tuple[i64, i64]:
    """What the tricks won by seat (*w0* to *w3*) tell :func:`score_outcome`: the team
    that took all eight (or -1), and 1 when the *taker* took them alone (else 0)."""
    capot: i64 = -1
    if w0 + w2 == 8:
        capot = 0
    elif w1 + w3 == 8:
        capot = 1
    alone: i64 = 0
    if (w0 if taker == 0 else w1 if taker == 1 else w2 if taker == 2 else w3) == 8:
        alone = 1
    return capot, alone


def score_outcome(
    system: i64,
    capot_cards: i64,
    belote_counts: i64,
    rounding: i64,
    min82_adds: i64,
    taker: i64,
    kind: i64,
    value: i64,
    m: i64,
    cards_ns: i64,
    cards_ew: i64,
    capot: i64,
    alone: i64,
    belote_team: i64,
    ann_ns: i64,
    ann_ew: i64,
) -> Figures:
    """Score a finished deal (see :func:`score_terms`; the five options first, as
    ``RuleConfig.score_options`` holds them): *capot* is the team that took all eight
    tricks (or -1), *alone* 1 when the taker took them alone (a générale made), else 0.

    Returns the thirteen ``F_*`` figures, the number of terms, and four terms packed
    ``team | T_* code << 1 | factor << 4 | points << 12`` (unused ones 0).
    """
    bidders = taker & 1
    defenders = 1 - bidders
    card0 = cards_ns
    card1 = cards_ew
    ann0 = ann_ns
    ann1 = ann_ew
    # (statements, not conditional expressions: compiled, one with a literal 0 boxes)
    if capot == 0:  # the capot team takes the announcements that score, both teams'
        card0 = capot_cards
        card1 = 0
        ann0 = ann_ns + ann_ew
        ann1 = 0
    elif capot == 1:
        card0 = 0
        card1 = capot_cards
        ann0 = 0
        ann1 = ann_ns + ann_ew
    bel0: i64 = 0
    bel1: i64 = 0
    if belote_team == 0:
        bel0 = BELOTE_POINTS
    elif belote_team == 1:
        bel1 = BELOTE_POINTS
    total0 = card0 + ann0
    total1 = card1 + ann1
    if belote_counts:
        total0 += bel0
        total1 += bel1
    all_ann = ann0 + ann1
    # the bidders' and the defenders' figures
    card_b, card_d = (card1, card0) if bidders else (card0, card1)
    ann_b, ann_d = (ann1, ann0) if bidders else (ann0, ann1)
    total_b, total_d = (total1, total0) if bidders else (total0, total1)

    needed = value
    if kind == CAPOT:
        made = capot == bidders
    elif kind == GENERALE:
        made = alone == 1
    elif system == FFB:
        made = total_b >= value and total_b > total_d
    elif system == PAGAT:
        needed = value if value > 82 else 82
        made = total_b >= needed
    elif system == CLASSIC:  # ordinary belote's fixed target, not a number bid
        needed = CLASSIC_TARGET
        made = total_b >= needed
    else:
        made = total_b >= value

    w = bidders if made else defenders
    # the terms, in order, the belote last (t0 to t2, then the belote in the next slot)
    t0: i64 = 0
    t1: i64 = 0
    t2: i64 = 0
    n: i64 = 0
    belote_factor: i64 = 1
    if system == CLASSIC:
        if m == 1:
            if made:
                t0 = _term(0, T_TOTAL, card0 + ann0, 1)
                t1 = _term(1, T_TOTAL, card1 + ann1, 1)
            else:  # dedans: the defenders take every card point and announcement
                t0 = _term(defenders, T_CARD_POINTS, card0 + card1, 1)
                t1 = _term(defenders, T_ANNOUNCEMENTS, all_ann, 1)
            n = 2
        elif made:
            t0 = _term(bidders, T_TOTAL, card_b + ann_b, m)
            t1 = _term(defenders, T_TOTAL, card_d + ann_d, 1)
            n = 2
        else:
            t0 = _term(defenders, T_CONTRACT, value, m)
            n = 1
    elif system == CONTRACT_ONLY:
        n = 1
        if not made:
            t0 = _term(defenders, T_CARD_POINTS, 160, m)
            t1 = _term(defenders, T_CONTRACT, value, m)
            n = 2
        elif kind == CAPOT:
            t0 = _term(bidders, T_CAPOT_BID, 500, m)
        elif capot == bidders and value < CAPOT_VALUE:
            t0 = _term(bidders, T_CAPOT, CAPOT_VALUE, m)  # an unbid capot
        else:
            t0 = _term(bidders, T_CONTRACT, value, m)
    elif system == MIN82:
        if made:
            t0 = _term(bidders, T_CONTRACT, value, m)
            n = 1
            if min82_adds:
                t1 = _term(bidders, T_TOTAL, card_b + ann_b, m)
                n = 2
            last = _term(defenders, T_TOTAL, card_d + ann_d, m)
            if n == 1:
                t1 = last
            else:
                t2 = last
            n += 1
        else:
            t0 = _term(defenders, T_CARD_POINTS, 160, m)
            t1 = _term(defenders, T_CONTRACT, value, m)
            n = 2
    elif system == PAGAT and kind == CAPOT and m == 1:
        t0 = _term(w, T_CAPOT_BID, 500, 1)  # a capot bid scores a flat 500, made or failed
        n = 1
    elif m == 1:  # common, ffb, pagat
        if made:
            t0 = _term(bidders, T_CONTRACT, value, 1)
            t1 = _term(bidders, T_TOTAL, card_b + ann_b, 1)
            t2 = _term(defenders, T_TOTAL, card_d + ann_d, 1)
        else:
            t0 = _term(defenders, T_CARD_POINTS, 160, 1)
            t1 = _term(defenders, T_CONTRACT, value, 1)
            t2 = _term(defenders, T_ANNOUNCEMENTS, all_ann, 1)
        n = 3
    elif system == COMMON:
        t0 = _term(w, T_CARD_POINTS, 160, 1)
        t1 = _term(w, T_CONTRACT, value, m)
        t2 = _term(w, T_ANNOUNCEMENTS, all_ann, 1)
        n = 3
    else:  # ffb and pagat: the bidders' capot gives 250 instead of 160
        if made and capot == bidders:
            t0 = _term(w, T_CAPOT, CAPOT_VALUE, m)
        else:
            t0 = _term(w, T_CARD_POINTS, 160, m)
        t1 = _term(w, T_CONTRACT, value, m)
        t2 = _term(w, T_ANNOUNCEMENTS, all_ann, m)
        n = 3
        if system == FFB and belote_team == w:
            belote_factor = m  # ffb multiplies the winner's belote too
    t3: i64 = 0
    if belote_team >= 0:
        belote = _term(belote_team, T_BELOTE, BELOTE_POINTS, belote_factor)
        if n == 1:
            t1 = belote
        elif n == 2:
            t2 = belote
        else:
            t3 = belote
        n += 1

    result0: i64 = 0
    result1: i64 = 0
    if t0 & 1:
        result1 += (t0 >> 12) * (t0 >> 4 & 0xFF)
    else:
        result0 += (t0 >> 12) * (t0 >> 4 & 0xFF)
    if t1 & 1:
        result1 += (t1 >> 12) * (t1 >> 4 & 0xFF)
    else:
        result0 += (t1 >> 12) * (t1 >> 4 & 0xFF)
    if t2 & 1:
        result1 += (t2 >> 12) * (t2 >> 4 & 0xFF)
    else:
        result0 += (t2 >> 12) * (t2 >> 4 & 0xFF)
    if t3 & 1:
        result1 += (t3 >> 12) * (t3 >> 4 & 0xFF)
    else:
        result0 += (t3 >> 12) * (t3 >> 4 & 0xFF)
    final0 = round_score(result0) if rounding else result0
    final1 = round_score(result1) if rounding else result1
    return (
        final0, final1, result0, result1, 1 if made else 0, capot, card0, card1,
        total0, total1, needed, ann0, ann1, n, t0, t1, t2, t3,
    )  # fmt: skip


def _figures(
    options: tuple[int, ...],
    taker: i64,
    kind: i64,
    value: i64,
    multiplier: i64,
    cards_ns: i64,
    cards_ew: i64,
    capot: i64,
    alone: i64,
    belote_team: i64,
    ann_ns: i64,
    ann_ew: i64,
) -> Figures:
    """:func:`score_outcome` with the options as ``RuleConfig.score_options`` holds them."""
    return score_outcome(
        options[OPT_SCORING], options[OPT_CAPOT_CARD_POINTS], options[OPT_BELOTE_COUNTS],
        options[OPT_ROUNDING], options[OPT_MIN82_ADDS_POINTS], taker, kind, value,
        multiplier, cards_ns, cards_ew, capot, alone, belote_team, ann_ns, ann_ew,
    )  # fmt: skip


def _public(f: Figures) -> tuple[int, ...]:
    """The thirteen ``F_*`` figures of *f* (its terms left out)."""
    return (f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11], f[12])


def score_terms(
    options: tuple[int, ...],
    taker: int,
    kind: int,
    value: int,
    multiplier: int,
    cards_ns: int,
    cards_ew: int,
    won: tuple[int, int, int, int],
    belote_team: int,
    ann_ns: int,
    ann_ew: int,
) -> tuple[tuple[int, ...], list[tuple[int, int, int, int]]]:
    """Score a finished deal from its figures; returns the ``F_*`` figures and the
    terms each team's score is the sum of (``(team, T_* code, points, factor)``: the
    term adds points x factor).

    *options* as ``RuleConfig.score_options`` holds them; *cards_ns*/*cards_ew* the card
    points won, last trick included; *won* the tricks of each seat; *belote_team* the
    team credited with belote or -1; *ann_ns* / *ann_ew* the announcement points that
    scored after comparison (without the capot transfer, which is applied here).
    *value* is the contract's points (250 for capot, 500 for générale).
    """
    capot, alone = trick_facts(taker, won[0], won[1], won[2], won[3])
    f = _figures(
        options, taker, kind, value, multiplier, cards_ns, cards_ew, capot, alone,
        belote_team, ann_ns, ann_ew,
    )  # fmt: skip
    terms: list[tuple[int, int, int, int]] = []
    for t in (f[14], f[15], f[16], f[17])[: f[_N_TERMS]]:
        terms.append((t & 1, t >> 1 & 7, t >> 12, t >> 4 & 0xFF))
    return _public(f), terms


def score(
    options: tuple[int, ...],
    taker: int,
    kind: int,
    value: int,
    multiplier: int,
    cards_ns: int,
    cards_ew: int,
    won: tuple[int, int, int, int],
    belote_team: int,
    ann_ns: int,
    ann_ew: int,
) -> tuple[int, ...]:
    """The ``F_*`` figures of :func:`score_terms`, for the callers that need no terms."""
    capot, alone = trick_facts(taker, won[0], won[1], won[2], won[3])
    return score_points(
        options, taker, kind, value, multiplier, cards_ns, cards_ew, capot, alone,
        belote_team, ann_ns, ann_ew,
    )  # fmt: skip


def score_points(
    options: tuple[int, ...],
    taker: int,
    kind: int,
    value: int,
    multiplier: int,
    cards_ns: int,
    cards_ew: int,
    capot: int,
    alone: int,
    belote_team: int,
    ann_ns: int,
    ann_ew: int,
) -> tuple[int, ...]:
    """The ``F_*`` figures of a deal known by its card points (as a double-dummy search
    counts them) rather than its tricks: *capot* the team that took every trick or -1,
    *alone* 1 when the taker took them alone (a générale made); the rest as
    :func:`score_terms` takes it. The one way from card points to a deal score."""
    return _public(
        _figures(
            options, taker, kind, value, multiplier, cards_ns, cards_ew, capot, alone,
            belote_team, ann_ns, ann_ew,
        )
    )  # fmt: skip


def deal_score(
    options: tuple[int, ...],
    taker: i64,
    kind: i64,
    value: i64,
    multiplier: i64,
    cards_ns: i64,
    cards_ew: i64,
    w0: i64,
    w1: i64,
    w2: i64,
    w3: i64,
    belote_team: i64,
    ann_ns: i64,
    ann_ew: i64,
) -> tuple[i64, i64]:
    """The deal score of North-South and East-West alone (``F_SCORE_NS`` and
    ``F_SCORE_EW`` of :func:`score`), the tricks won by seat as *w0* to *w3*."""
    capot, alone = trick_facts(taker, w0, w1, w2, w3)
    f = _figures(
        options, taker, kind, value, multiplier, cards_ns, cards_ew, capot, alone,
        belote_team, ann_ns, ann_ew,
    )  # fmt: skip
    return f[0], f[1]
