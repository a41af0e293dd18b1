"""score_deal against an independent reading of the rules, and the breakdown of each branch.

``reference_score`` reads RULES.md sections 5 and 6 (the table of scoring systems) anew,
without the library's scoring code, and is compared with ``score_deal`` on random deals
played legally; then one deal per branch of the scoring table checks, figure by figure,
the breakdown a user reads. These tests were written against a mutation run (mutmut,
see ``[tool.mutmut]`` in pyproject.toml) over scoring.py: each pins a result that a
surviving mutant changed and that no other test pinned.
"""

from __future__ import annotations

import random
from typing import Any, Literal

import attrs
import pytest

from coinche import (
    CAPOT,
    CARDS,
    GENERALE,
    PRESETS,
    AuctionKind,
    Card,
    Contract,
    FirstLead,
    Hand,
    Rank,
    RuleConfig,
    Scoring,
    Seat,
    Strain,
    Team,
    Trick,
    compare_announcements,
    find_announcements,
    legal_cards,
    score_deal,
    trick_points,
    trick_winner,
)


# ------------------------------------------------------------------ scoring: a reference
# An independent reading of RULES.md sections 5 and 6 (the table of scoring systems),
# compared with score_deal on random deals played legally. The contract value is often
# drawn at the bidders' total, so that "made when total >= V" is tried at its edge.
@attrs.frozen
class Reference:
    score: tuple[int, int]
    made: bool
    card_points: tuple[int, int]
    belote: Team | None
    announcement_points: tuple[int, int]
    capot: Team | None
    tricks_won: tuple[int, int]
    totals: tuple[int, int]


def reference_score(
    contract: Contract, tricks: list[Trick], rules: RuleConfig, belote_declared: bool
) -> Reference:
    strain = contract.strain
    b = int(contract.taker.team)
    d = 1 - b
    by_seat = dict.fromkeys(Seat, 0)
    card = [0, 0]
    for trick in tricks:
        winner = trick_winner(trick, strain)
        by_seat[winner] += 1
        card[winner.team] += trick_points(trick, strain)
    card[trick_winner(tricks[-1], strain).team] += 10  # the last trick (section 1)
    won = [by_seat[Seat.NORTH] + by_seat[Seat.SOUTH], by_seat[Seat.EAST] + by_seat[Seat.WEST]]
    capot = 0 if won[0] == 8 else 1 if won[1] == 8 else None
    if capot is not None:  # section 5: capot card points instead of 162
        card = [0, 0]
        card[capot] = rules.capot_card_points
    # belote: the king and queen of trumps played by one seat, suit contracts only
    bel = [0, 0]
    belote: Team | None = None
    suit = strain.trump_suit
    if suit is not None and (belote_declared or not rules.belote_requires_declaration):
        played = {card: trick.seat_of(card) for trick in tricks for card in trick.cards}
        king, queen = played[Card(Rank.KING, suit)], played[Card(Rank.QUEEN, suit)]
        if king is queen:
            belote = king.team
            bel[belote] = 20
    # announcements: everything each seat held, compared; a capot team takes them
    ann = [0, 0]
    if rules.announcements:
        held = {seat: Hand() for seat in Seat}
        for trick in tricks:
            for seat, played_card in trick.plays():
                held[seat] = held[seat].add(played_card)
        listed = [a for seat in Seat for a in find_announcements(held[seat], strain, rules, seat)]
        team, counted = compare_announcements(listed, strain, rules)
        points = sum(a.points for a in counted)
        if team is not None and points:
            ann[capot if capot is not None else team] = points
    full = [card[t] + ann[t] + bel[t] for t in (0, 1)]
    total = full if rules.belote_counts_toward_contract else [card[t] + ann[t] for t in (0, 1)]
    value, m, scoring = contract.points, contract.multiplier, rules.scoring
    all_ann = ann[0] + ann[1]
    if contract.value is CAPOT:
        made = won[b] == 8
    elif contract.value is GENERALE:
        made = by_seat[contract.taker] == 8
    elif scoring is Scoring.FFB:
        made = total[b] >= value and total[b] > total[d]
    elif scoring is Scoring.PAGAT:
        made = total[b] >= max(value, 82)
    else:
        made = total[b] >= value
    w = b if made else d
    score = [0, 0]
    score[1 - w] = bel[1 - w]  # the other team keeps only its belote, unless said below
    if scoring is Scoring.CLASSIC:
        if m == 1 and made:
            score = full[:]
        elif m == 1:  # dedans: the defenders take every card point and declaration
            score[d] = card[0] + card[1] + all_ann + bel[d]
        elif made:
            score = [0, 0]
            score[b] = (card[b] + ann[b]) * m + bel[b]
            score[d] = full[d]
        else:
            score[d] = value * m + bel[d]
    elif scoring is Scoring.CONTRACT_ONLY:
        if not made:
            base = 160 + value
        elif contract.value is CAPOT:
            base = 500
        elif capot == b:
            base = 250
        else:
            base = value
        score[w] = base * m + bel[w]
    elif scoring is Scoring.MIN82:
        plain = [card[t] + ann[t] for t in (0, 1)]
        if made:
            base = value + (plain[b] if rules.min82_adds_points else 0)
            score[b] = base * m + bel[b]
            score[d] = plain[d] * m + bel[d]
        else:
            score[d] = (value + 160) * m + bel[d]
    elif scoring is Scoring.PAGAT and contract.value is CAPOT and m == 1:
        score[w] = 500 + bel[w]
    elif m == 1:  # common, ffb, pagat
        if made:
            score = [0, 0]
            score[b] = value + full[b]
            score[d] = full[d]
        else:
            score[d] = 160 + value + all_ann + bel[d]
    else:
        base = 250 if made and capot == b else 160
        if scoring is Scoring.FFB:
            score[w] = (base + value + all_ann + bel[w]) * m
        elif scoring is Scoring.PAGAT:
            score[w] = (base + value + all_ann) * m + bel[w]
        else:
            score[w] = 160 + m * value + all_ann + bel[w]
    if rules.rounding:
        score = [(s + 5) // 10 * 10 for s in score]
    return Reference(
        score=(score[0], score[1]),
        made=made,
        card_points=(card[0], card[1]),
        belote=belote,
        announcement_points=(ann[0], ann[1]),
        capot=None if capot is None else Team(capot),
        tricks_won=(won[0], won[1]),
        totals=(total[0], total[1]),
    )


def _random_rules(rng: random.Random) -> RuleConfig:
    name = rng.choice(list(PRESETS))
    rules = RuleConfig.preset(name)
    options: dict[str, Any] = {
        "belote_counts_toward_contract": rng.random() < 0.7,
        "belote_requires_declaration": rng.random() < 0.2,
        "announcements": rng.random() < 0.6,
        "runs_in_trump": rng.random() < 0.6,
        "only_best_announcement": rng.random() < 0.3,
        "rounding": rng.random() < 0.4,
        "min82_adds_points": rng.random() < 0.5,
        "capot_card_points": rng.choice([250, 252]),
    }
    if name == "classic_belote":
        options["allow_coinche"] = rng.random() < 0.5
    else:
        options["allow_generale"] = rng.random() < 0.5
        options["allow_no_trump"] = rng.random() < 0.3
        options["allow_all_trump"] = rng.random() < 0.3
    keep = rng.random() < 0.3  # sometimes the exact preset
    return rules if keep else attrs.evolve(rules, **options)


def _random_tricks(
    rng: random.Random, rules: RuleConfig, strain: Strain, taker: Seat
) -> list[Trick]:
    pack = list(CARDS)
    rng.shuffle(pack)
    suit = strain.trump_suit
    if suit is not None and rng.random() < 0.15:  # the taker holds every trump: générale
        trumps = [c for c in pack if c.suit is suit]
        others = [c for c in pack if c.suit is not suit]
        pack = others[: 8 * taker] + trumps + others[8 * taker :]
    hands = [Hand(pack[8 * i : 8 * i + 8]) for i in range(4)]
    leader = (
        taker
        if rules.first_lead is FirstLead.TAKER or rng.random() < 0.5
        else Seat(rng.randrange(4))
    )
    tricks: list[Trick] = []
    trick = Trick(leader)
    while len(tricks) < 8:
        seat = trick.to_move
        card = rng.choice(legal_cards(hands[seat], trick, strain, rules).cards)
        hands[seat] = hands[seat].remove(card)
        trick = trick.play(card)
        if trick.is_complete:
            tricks.append(trick)
            trick = Trick(trick_winner(trick, strain))
    return tricks


def _random_contract(
    rng: random.Random, rules: RuleConfig, tricks: list[Trick], strain: Strain, taker: Seat
) -> Contract:
    bids = list(rules.numeric_bids())
    values: list[Any] = list(bids)
    if rules.auction is AuctionKind.BIDDING:
        values.append(CAPOT)
    if rules.allow_generale:
        values.append(GENERALE)
    value = rng.choice(values)
    if rng.random() < 0.5:  # at the edge: the highest bid the bidders' total reaches
        probe = Contract(taker, strain, bids[0])
        total = reference_score(probe, tricks, rules, True).totals[taker.team]
        reached = [bid for bid in bids if bid <= total]
        value = reached[-1] if reached else bids[0]
    multipliers: list[Literal[1, 2, 4]] = [1]
    # a capot or générale bid is coinched only with capot_can_be_coinched (coinche.auction)
    if rules.allow_coinche and (value not in (CAPOT, GENERALE) or rules.capot_can_be_coinched):
        multipliers.append(2)
        if rules.allow_surcoinche:
            multipliers.append(4)
    return Contract(taker, strain, value, rng.choice(multipliers))


def test_score_deal_agrees_with_a_reference_reading_of_rules_section_6() -> None:
    rng = random.Random(6)
    seen: set[tuple[str, bool, int]] = set()
    for _ in range(2500):
        rules = _random_rules(rng)
        strains = [s for s in Strain if s.is_suit]
        strains += [Strain.NO_TRUMP] if rules.allow_no_trump else []
        strains += [Strain.ALL_TRUMP] if rules.allow_all_trump else []
        strain = rng.choice(strains)
        taker = Seat(rng.randrange(4))
        tricks = _random_tricks(rng, rules, strain, taker)
        contract = _random_contract(rng, rules, tricks, strain, taker)
        declared = rng.random() < 0.5
        result = score_deal(contract, tricks, rules, belote_declared=declared)
        expected = reference_score(contract, tricks, rules, declared)
        got = Reference(
            score=tuple(result.score.values()),  # type: ignore[arg-type]
            made=result.made,
            card_points=tuple(result.card_points.values()),  # type: ignore[arg-type]
            belote=result.belote,
            announcement_points=tuple(result.announcement_points.values()),  # type: ignore[arg-type]
            capot=result.capot,
            tricks_won=tuple(result.tricks_won.values()),  # type: ignore[arg-type]
            totals=expected.totals,
        )
        assert got == expected, (contract, rules, tricks)
        # the breakdown tells the same figures
        text = result.breakdown()
        ns, ew = expected.score
        assert text.endswith(f"Deal score: NS {ns}, EW {ew}")
        assert f"Totals for the contract: NS {expected.totals[0]}, EW {expected.totals[1]}" in text
        won = expected.tricks_won
        assert f"Tricks: NS {won[0]}, EW {won[1]}; " in text
        assert ("\nMade: " if expected.made else "\nFailed: ") in text
        seen.add((rules.scoring.value, expected.made, contract.multiplier))
    # every system was tried made and failed, with and without a coinche
    assert len(seen) >= 20


# ------------------------------------------------------------------ scoring: breakdown
# The breakdown is what a user reads (coinche play, render_deal): one deal per branch of
# the scoring table, each figure checked by hand against RULES.md section 6.
BREAKDOWNS = [
    pytest.param(
        RuleConfig.ffb(),
        Contract(Seat.parse("W"), Strain.parse("C"), 80, 2),
        [
            "S: JC KC 7C AS",
            "S: TH JH 7H KH",
            "S: 9C AC TC 9D",
            "S: AD 8D KD JD",
            "S: AH 9H 8S QD",
            "S: QH 8C JS 9S",
            "W: QC QS TD 7D",
            "W: TS KS 7S 8H",
        ],
        True,
        [
            "Contract: 80 C by W, coinched (East-West), ffb scoring",
            "Tricks: NS 5, EW 3; EW took the last trick (+10)",
            "Card points: NS 117, EW 45",
            "Belote: EW (K and Q of trumps), 20, counts toward the contract",
            "Announcements declared: tierce (JS QS KS) by N; quarte (9D TD JD QD) by E; tierce "
            "(QC KC AC) by W",
            "Announcements: EW hold the best and score 70",
            "Totals for the contract: NS 117, EW 135",
            "Made: EW 135 against 80 and NS 117 (needs at least the contract and more than the "
            "defenders)",
            "Score NS: nothing = 0",
            "Score EW: (card points 160 + contract 80 + announcements 70 + belote 20) x 2 = 660",
            "Deal score: NS 0, EW 660",
        ],
        id="ffb coinched made, belote and announcements of the bidders",
    ),
    pytest.param(
        RuleConfig.pagat(),
        Contract(Seat.parse("W"), Strain.parse("C"), 80, 1),
        [
            "S: JC KC 7C AS",
            "S: TH JH 7H KH",
            "S: 9C AC TC 9D",
            "S: AD 8D KD JD",
            "S: AH 9H 8S QD",
            "S: QH 8C JS 9S",
            "W: QC QS TD 7D",
            "W: TS KS 7S 8H",
        ],
        True,
        [
            "Contract: 80 C by W (East-West), pagat scoring",
            "Tricks: NS 5, EW 3; EW took the last trick (+10)",
            "Card points: NS 117, EW 45",
            "Belote: EW (K and Q of trumps), 20, counts toward the contract",
            "Announcements declared: tierce (JS QS KS) by N; quarte (9D TD JD QD) by E; tierce "
            "(QC KC AC) by W",
            "Announcements: EW hold the best and score 70",
            "Totals for the contract: NS 117, EW 135",
            "Made: EW 135 against 82 (max of bid and 82)",
            "Score NS: total 117 = 117",
            "Score EW: contract 80 + total 115 + belote 20 = 215",
            "Rounded to the nearest 10: NS 120, EW 220",
            "Deal score: NS 120, EW 220",
        ],
        id="pagat made",
    ),
    pytest.param(
        RuleConfig.pagat(),
        Contract(Seat.parse("W"), Strain.parse("C"), 140, 2),
        [
            "S: JC KC 7C AS",
            "S: TH JH 7H KH",
            "S: 9C AC TC 9D",
            "S: AD 8D KD JD",
            "S: AH 9H 8S QD",
            "S: QH 8C JS 9S",
            "W: QC QS TD 7D",
            "W: TS KS 7S 8H",
        ],
        True,
        [
            "Contract: 140 C by W, coinched (East-West), pagat scoring",
            "Tricks: NS 5, EW 3; EW took the last trick (+10)",
            "Card points: NS 117, EW 45",
            "Belote: EW (K and Q of trumps), 20, counts toward the contract",
            "Announcements declared: tierce (JS QS KS) by N; quarte (9D TD JD QD) by E; tierce "
            "(QC KC AC) by W",
            "Announcements: EW hold the best and score 70",
            "Totals for the contract: NS 117, EW 135",
            "Failed: EW 135 against 140 (max of bid and 82)",
            "Score NS: (card points 160 + contract 140 + announcements 70) x 2 = 740",
            "Score EW: belote 20 = 20",
            "Deal score: NS 740, EW 20",
        ],
        id="pagat coinched failed",
    ),
    pytest.param(
        RuleConfig.contract_only(),
        Contract(Seat.parse("S"), Strain.parse("H"), 80, 1),
        [
            "S: AH KS AC 7S",
            "S: 7H AD QC JC",
            "S: QH 9D TD 9C",
            "S: TH TC 7C 8C",
            "S: KH 9S KC AS",
            "S: 9H TS 7D KD",
            "S: 8H 8S JD 8D",
            "S: JH QS JS QD",
        ],
        True,
        [
            "Contract: 80 H by S (North-South), contract_only scoring",
            "Tricks: NS 8, EW 0; NS took the last trick (+10)",
            "Capot: NS take all eight tricks, card points 250",
            "Card points: NS 250, EW 0",
            "Belote: NS (K and Q of trumps), 20, does not count toward the contract",
            "Announcements: none",
            "Totals for the contract: NS 250, EW 0",
            "Made: NS 250 against 80",
            "Score NS: capot 250 + belote 20 = 270",
            "Score EW: nothing = 0",
            "Deal score: NS 270, EW 0",
        ],
        id="contract_only unbid capot",
    ),
    pytest.param(
        RuleConfig.contract_only(),
        Contract(Seat.parse("W"), Strain.parse("C"), 80, 4),
        [
            "S: JC KC 7C AS",
            "S: TH JH 7H KH",
            "S: 9C AC TC 9D",
            "S: AD 8D KD JD",
            "S: AH 9H 8S QD",
            "S: QH 8C JS 9S",
            "W: QC QS TD 7D",
            "W: TS KS 7S 8H",
        ],
        True,
        [
            "Contract: 80 C by W, surcoinched (East-West), contract_only scoring",
            "Tricks: NS 5, EW 3; EW took the last trick (+10)",
            "Card points: NS 117, EW 45",
            "Belote: EW (K and Q of trumps), 20, does not count toward the contract",
            "Announcements: none",
            "Totals for the contract: NS 117, EW 45",
            "Failed: EW 45 against 80",
            "Score NS: (card points 160 + contract 80) x 4 = 960",
            "Score EW: belote 20 = 20",
            "Deal score: NS 960, EW 20",
        ],
        id="contract_only failed surcoinched",
    ),
    pytest.param(
        RuleConfig.classic_belote(),
        Contract(Seat.parse("N"), Strain.parse("D"), 82, 1),
        [
            "N: KH AH TD 9H",
            "S: 7S QS 9S 8S",
            "W: JH 8H QH JD",
            "S: QC KC KD AC",
            "N: QD 7D 9C TC",
            "N: 7H AD 8C TH",
            "E: 9D TS JC 8D",
            "E: JS KS 7C AS",
        ],
        True,
        [
            "Contract: 82 D by N (North-South), classic scoring",
            "Tricks: NS 5, EW 3; NS took the last trick (+10)",
            "Card points: NS 112, EW 50",
            "Belote: NS (K and Q of trumps), 20, counts toward the contract",
            "Announcements declared: tierce (9H TH JH) by W",
            "Announcements: EW hold the best and score 20",
            "Totals for the contract: NS 132, EW 70",
            "Made: NS 132 against 82",
            "Score NS: total 112 + belote 20 = 132",
            "Score EW: total 70 = 70",
            "Deal score: NS 132, EW 70",
        ],
        id="classic made",
    ),
    pytest.param(
        RuleConfig.classic_belote(),
        Contract(Seat.parse("S"), Strain.parse("C"), 82, 1),
        [
            "S: QS AS JS 9C",
            "E: QC AH 8C TC",
            "N: 9D JD AD KD",
            "S: 9H 7H AC TH",
            "N: 8S 7C TS QH",
            "E: JC 7D JH 9S",
            "E: TD KS QD 8D",
            "E: KC 8H KH 7S",
        ],
        True,
        [
            "Contract: 82 C by S (North-South), classic scoring",
            "Tricks: NS 3, EW 5; EW took the last trick (+10)",
            "Card points: NS 62, EW 100",
            "Belote: EW (K and Q of trumps), 20, counts toward the contract",
            "Announcements declared: tierce (7S 8S 9S) by N; tierce (JH QH KH) by W",
            "Announcements: EW hold the best and score 20",
            "Totals for the contract: NS 62, EW 140",
            "Failed: NS 62 against 82",
            "Score NS: nothing = 0",
            "Score EW: card points 162 + announcements 20 + belote 20 = 202",
            "Deal score: NS 0, EW 202",
        ],
        id="classic dedans",
    ),
    pytest.param(
        attrs.evolve(RuleConfig.classic_belote(), allow_coinche=True),
        Contract(Seat.parse("N"), Strain.parse("D"), 82, 2),
        [
            "N: KH AH TD 9H",
            "S: 7S QS 9S 8S",
            "W: JH 8H QH JD",
            "S: QC KC KD AC",
            "N: QD 7D 9C TC",
            "N: 7H AD 8C TH",
            "E: 9D TS JC 8D",
            "E: JS KS 7C AS",
        ],
        True,
        [
            "Contract: 82 D by N, coinched (North-South), classic scoring",
            "Tricks: NS 5, EW 3; NS took the last trick (+10)",
            "Card points: NS 112, EW 50",
            "Belote: NS (K and Q of trumps), 20, counts toward the contract",
            "Announcements declared: tierce (9H TH JH) by W",
            "Announcements: EW hold the best and score 20",
            "Totals for the contract: NS 132, EW 70",
            "Made: NS 132 against 82",
            "Score NS: total 112 x 2 + belote 20 = 244",
            "Score EW: total 70 = 70",
            "Deal score: NS 244, EW 70",
        ],
        id="classic coinched made",
    ),
    pytest.param(
        attrs.evolve(RuleConfig.classic_belote(), allow_coinche=True),
        Contract(Seat.parse("S"), Strain.parse("C"), 82, 2),
        [
            "S: QS AS JS 9C",
            "E: QC AH 8C TC",
            "N: 9D JD AD KD",
            "S: 9H 7H AC TH",
            "N: 8S 7C TS QH",
            "E: JC 7D JH 9S",
            "E: TD KS QD 8D",
            "E: KC 8H KH 7S",
        ],
        True,
        [
            "Contract: 82 C by S, coinched (North-South), classic scoring",
            "Tricks: NS 3, EW 5; EW took the last trick (+10)",
            "Card points: NS 62, EW 100",
            "Belote: EW (K and Q of trumps), 20, counts toward the contract",
            "Announcements declared: tierce (7S 8S 9S) by N; tierce (JH QH KH) by W",
            "Announcements: EW hold the best and score 20",
            "Totals for the contract: NS 62, EW 140",
            "Failed: NS 62 against 82",
            "Score NS: nothing = 0",
            "Score EW: contract 82 x 2 + belote 20 = 184",
            "Deal score: NS 0, EW 184",
        ],
        id="classic coinched failed",
    ),
    pytest.param(
        attrs.evolve(RuleConfig.min82(), min82_adds_points=True),
        Contract(Seat.parse("S"), Strain.parse("H"), 82, 2),
        [
            "S: AH KS AC 7S",
            "S: 7H AD QC JC",
            "S: QH 9D TD 9C",
            "S: TH TC 7C 8C",
            "S: KH 9S KC AS",
            "S: 9H TS 7D KD",
            "S: 8H 8S JD 8D",
            "S: JH QS JS QD",
        ],
        True,
        [
            "Contract: 82 H by S, coinched (North-South), min82 scoring",
            "Tricks: NS 8, EW 0; NS took the last trick (+10)",
            "Capot: NS take all eight tricks, card points 250",
            "Card points: NS 250, EW 0",
            "Belote: NS (K and Q of trumps), 20, counts toward the contract",
            "Announcements: none",
            "Totals for the contract: NS 270, EW 0",
            "Made: NS 270 against 82",
            "Score NS: (contract 82 + total 250) x 2 + belote 20 = 684",
            "Score EW: total 0 x 2 = 0",
            "Deal score: NS 684, EW 0",
        ],
        id="min82 adds points, coinched made",
    ),
    pytest.param(
        RuleConfig.min82(),
        Contract(Seat.parse("W"), Strain.parse("S"), 82, 1),
        [
            "W: JD QD KD TD",
            "S: TC 9C 7C 8C",
            "S: QS JS TS KS",
            "W: 8D 9D 7S 9S",
            "S: KC 8S QC AS",
            "E: 8H 9H 7H QH",
            "N: AC AH JC 7D",
            "N: JH KH TH AD",
        ],
        True,
        [
            "Contract: 82 S by W (East-West), min82 scoring",
            "Tricks: NS 6, EW 2; NS took the last trick (+10)",
            "Card points: NS 107, EW 55",
            "Announcements: none",
            "Totals for the contract: NS 107, EW 55",
            "Failed: EW 55 against 82",
            "Score NS: card points 160 + contract 82 = 242",
            "Score EW: nothing = 0",
            "Deal score: NS 242, EW 0",
        ],
        id="min82 failed",
    ),
    pytest.param(
        attrs.evolve(RuleConfig.common(), belote_requires_declaration=True),
        Contract(Seat.parse("W"), Strain.parse("C"), 80, 1),
        [
            "S: JC KC 7C AS",
            "S: TH JH 7H KH",
            "S: 9C AC TC 9D",
            "S: AD 8D KD JD",
            "S: AH 9H 8S QD",
            "S: QH 8C JS 9S",
            "W: QC QS TD 7D",
            "W: TS KS 7S 8H",
        ],
        False,
        [
            "Contract: 80 C by W (East-West), common scoring",
            "Tricks: NS 5, EW 3; EW took the last trick (+10)",
            "Card points: NS 117, EW 45",
            "Belote: held by WEST but not declared",
            "Announcements: none",
            "Totals for the contract: NS 117, EW 45",
            "Failed: EW 45 against 80",
            "Score NS: card points 160 + contract 80 + announcements 0 = 240",
            "Score EW: nothing = 0",
            "Deal score: NS 240, EW 0",
        ],
        id="belote not declared",
    ),
    pytest.param(
        attrs.evolve(RuleConfig.common(), belote_counts_toward_contract=False, announcements=True),
        Contract(Seat.parse("S"), Strain.parse("H"), 80, 4),
        [
            "S: QC KH TC 8C",
            "W: 9D 8D 7D TH",
            "S: 7H QH 8H 9H",
            "E: AD JH JD KD",
            "S: AH TD QS 7S",
            "S: 7C QD JS KC",
            "E: JC 9C 8S TS",
            "E: AC AS KS 9S",
        ],
        True,
        [
            "Contract: 80 H by S, surcoinched (North-South), common scoring",
            "Tricks: NS 3, EW 5; EW took the last trick (+10)",
            "Card points: NS 71, EW 91",
            "Belote: EW (K and Q of trumps), 20, does not count toward the contract",
            "Announcements declared: quarte (9S TS JS QS) by N; quarte (9D TD JD QD) by W",
            "Announcements: the best of each team are equal, nobody scores",
            "Totals for the contract: NS 71, EW 91",
            "Failed: NS 71 against 80",
            "Score NS: nothing = 0",
            "Score EW: card points 160 + contract 80 x 4 + announcements 0 + belote 20 = 500",
            "Deal score: NS 0, EW 500",
        ],
        id="belote does not count, announcements equal",
    ),
    pytest.param(
        RuleConfig.ffb(),
        Contract(Seat.parse("W"), Strain.parse("C"), 80, 1),
        [
            "W: QH 9H AH 7H",
            "E: JC 9S QC TC",
            "E: 7S 8S AS KS",
            "W: AD TD JD QD",
            "W: TH JH KH KD",
            "W: 9C KC 8C 9D",
            "W: 7D 7C AC TS",
            "E: 8H JS 8D QS",
        ],
        True,
        [
            "Contract: 80 C by W (East-West), ffb scoring",
            "Tricks: NS 0, EW 8; EW took the last trick (+10)",
            "Capot: EW take all eight tricks, card points 252",
            "Card points: NS 0, EW 252",
            "Announcements declared: quarte (8S 9S TS JS) by S",
            "Announcements: NS hold the best and score 50 (taken by the capot team)",
            "Totals for the contract: NS 0, EW 302",
            "Made: EW 302 against 80 and NS 0 (needs at least the contract and more than the "
            "defenders)",
            "Score NS: total 0 = 0",
            "Score EW: contract 80 + total 302 = 382",
            "Rounded to the nearest 10: NS 0, EW 380",
            "Deal score: NS 0, EW 380",
        ],
        id="announcements taken by the capot team",
    ),
    pytest.param(
        RuleConfig.ffb(),
        Contract(Seat.parse("W"), Strain.parse("C"), 80, 1),
        [
            "S: JC KC 7C AS",
            "S: TH JH 7H KH",
            "S: 9C AC TC 9D",
            "S: AD 8D KD JD",
            "S: AH 9H 8S QD",
            "S: QH 8C JS 9S",
            "W: QC QS TD 7D",
            "W: TS KS 7S 8H",
        ],
        True,
        [
            "Contract: 80 C by W (East-West), ffb scoring",
            "Tricks: NS 5, EW 3; EW took the last trick (+10)",
            "Card points: NS 117, EW 45",
            "Belote: EW (K and Q of trumps), 20, counts toward the contract",
            "Announcements declared: tierce (JS QS KS) by N; quarte (9D TD JD QD) by E; tierce "
            "(QC KC AC) by W",
            "Announcements: EW hold the best and score 70",
            "Totals for the contract: NS 117, EW 135",
            "Made: EW 135 against 80 and NS 117 (needs at least the contract and more than the "
            "defenders)",
            "Score NS: total 117 = 117",
            "Score EW: contract 80 + total 115 + belote 20 = 215",
            "Rounded to the nearest 10: NS 120, EW 220",
            "Deal score: NS 120, EW 220",
        ],
        id="ffb made, rounded",
    ),
    pytest.param(
        attrs.evolve(RuleConfig.ffb(), allow_generale=True),
        Contract(Seat.parse("S"), Strain.parse("H"), GENERALE, 1),
        [
            "S: AH KS AC 7S",
            "S: 7H AD QC JC",
            "S: QH 9D TD 9C",
            "S: TH TC 7C 8C",
            "S: KH 9S KC AS",
            "S: 9H TS 7D KD",
            "S: 8H 8S JD 8D",
            "S: JH QS JS QD",
        ],
        True,
        [
            "Contract: generale H by S (North-South), ffb scoring",
            "Tricks: NS 8, EW 0; NS took the last trick (+10)",
            "Capot: NS take all eight tricks, card points 252",
            "Card points: NS 252, EW 0",
            "Belote: NS (K and Q of trumps), 20, counts toward the contract",
            "Announcements declared: tierce (QC KC AC) by N; quinte (7H 8H 9H TH JH QH KH AH) "
            "by S; tierce (8S 9S TS) by W",
            "Announcements: NS hold the best and score 120",
            "Totals for the contract: NS 392, EW 0",
            "Made: SOUTH alone took 8 of 8 tricks",
            "Score NS: contract 500 + total 372 + belote 20 = 892",
            "Score EW: total 0 = 0",
            "Rounded to the nearest 10: NS 890, EW 0",
            "Deal score: NS 890, EW 0",
        ],
        id="generale made",
    ),
    pytest.param(
        RuleConfig.pagat(),
        Contract(Seat.parse("S"), Strain.parse("H"), CAPOT, 1),
        [
            "S: AH KS AC 7S",
            "S: 7H AD QC JC",
            "S: QH 9D TD 9C",
            "S: TH TC 7C 8C",
            "S: KH 9S KC AS",
            "S: 9H TS 7D KD",
            "S: 8H 8S JD 8D",
            "S: JH QS JS QD",
        ],
        True,
        [
            "Contract: capot H by S (North-South), pagat scoring",
            "Tricks: NS 8, EW 0; NS took the last trick (+10)",
            "Capot: NS take all eight tricks, card points 252",
            "Card points: NS 252, EW 0",
            "Belote: NS (K and Q of trumps), 20, counts toward the contract",
            "Announcements declared: tierce (QC KC AC) by N; quinte (7H 8H 9H TH JH QH KH AH) "
            "by S; tierce (8S 9S TS) by W",
            "Announcements: NS hold the best and score 120",
            "Totals for the contract: NS 392, EW 0",
            "Made: NS took 8 of 8 tricks",
            "Score NS: capot bid 500 + belote 20 = 520",
            "Score EW: nothing = 0",
            "Deal score: NS 520, EW 0",
        ],
        id="pagat capot bid made",
    ),
    pytest.param(
        RuleConfig.contract_only(),
        Contract(Seat.parse("S"), Strain.parse("H"), CAPOT, 2),
        [
            "S: AH KS AC 7S",
            "S: 7H AD QC JC",
            "S: QH 9D TD 9C",
            "S: TH TC 7C 8C",
            "S: KH 9S KC AS",
            "S: 9H TS 7D KD",
            "S: 8H 8S JD 8D",
            "S: JH QS JS QD",
        ],
        True,
        [
            "Contract: capot H by S, coinched (North-South), contract_only scoring",
            "Tricks: NS 8, EW 0; NS took the last trick (+10)",
            "Capot: NS take all eight tricks, card points 250",
            "Card points: NS 250, EW 0",
            "Belote: NS (K and Q of trumps), 20, does not count toward the contract",
            "Announcements: none",
            "Totals for the contract: NS 250, EW 0",
            "Made: NS took 8 of 8 tricks",
            "Score NS: capot bid 500 x 2 + belote 20 = 1020",
            "Score EW: nothing = 0",
            "Deal score: NS 1020, EW 0",
        ],
        id="contract_only capot bid made, coinched",
    ),
    pytest.param(
        RuleConfig.common(),
        Contract(Seat.parse("W"), Strain.parse("H"), CAPOT, 1),
        [
            "W: TC 7C KC QC",
            "W: 8H TH JH JC",
            "E: AH AC KH 7H",
            "E: 9H AD JD 7D",
            "E: 8C 8S 7S 9C",
            "N: QD 9D KD TD",
            "W: 8D 9S QH TS",
            "E: AS KS JS QS",
        ],
        True,
        [
            "Contract: capot H by W (East-West), common scoring",
            "Tricks: NS 1, EW 7; EW took the last trick (+10)",
            "Card points: NS 0, EW 162",
            "Announcements: none",
            "Totals for the contract: NS 0, EW 162",
            "Failed: EW took 7 of 8 tricks",
            "Score NS: card points 160 + contract 250 + announcements 0 = 410",
            "Score EW: nothing = 0",
            "Deal score: NS 410, EW 0",
        ],
        id="common capot bid failed",
    ),
    pytest.param(
        RuleConfig.ffb(),
        Contract(Seat.parse("S"), Strain.parse("C"), 80, 1),
        [
            "S: 9H JC 7H TH",
            "W: TD JD AD 8C",
            "S: 7C TC 9C TS",
            "N: JH KH AH AC",
            "W: KS 7S 8S QS",
            "W: 8D KD QD 8H",
            "N: 9D 7D KC JS",
            "S: QH 9S QC AS",
        ],
        True,
        [
            "Contract: 80 C by S (North-South), ffb scoring",
            "Tricks: NS 5, EW 3; NS took the last trick (+10)",
            "Card points: NS 97, EW 65",
            "Announcements: none",
            "Totals for the contract: NS 97, EW 65",
            "Made: NS 97 against 80 and EW 65 (needs at least the contract and more than the "
            "defenders)",
            "Score NS: contract 80 + total 97 = 177",
            "Score EW: total 65 = 65",
            "Rounded to the nearest 10: NS 180, EW 70",
            "Deal score: NS 180, EW 70",
        ],
        id="ffb, no announcement held",
    ),
    pytest.param(
        RuleConfig.ffb(),
        Contract(Seat.parse("N"), Strain.parse("C"), 80, 1),
        [
            "N: TH 8H 7C QH",
            "S: JS QS TS 8S",
            "N: 9D 7D TD KD",
            "S: 9C TC JC AC",
            "N: AH JH JD KH",
            "N: KC 7H 8C AD",
            "N: 9H 9S QC 7S",
            "S: KS QD AS 8D",
        ],
        True,
        [
            "Contract: 80 C by N (North-South), ffb scoring",
            "Tricks: NS 8, EW 0; NS took the last trick (+10)",
            "Capot: NS take all eight tricks, card points 252",
            "Card points: NS 252, EW 0",
            "Announcements declared: tierce (7C 8C 9C) by S; tierce (QD KD AD) by W",
            "Announcements: EW hold the best and score 20 (taken by the capot team)",
            "Totals for the contract: NS 272, EW 0",
            "Made: NS 272 against 80 and EW 0 (needs at least the contract and more than the "
            "defenders)",
            "Score NS: contract 80 + total 272 = 352",
            "Score EW: total 0 = 0",
            "Rounded to the nearest 10: NS 350, EW 0",
            "Deal score: NS 350, EW 0",
        ],
        id="capot of North-South takes the announcements of East-West",
    ),
    pytest.param(
        attrs.evolve(RuleConfig.classic_belote(), allow_coinche=True),
        Contract(Seat.parse("N"), Strain.parse("D"), 82, 2),
        [
            "N: JD 7D TD KD",
            "N: QS 7S 8D TS",
            "S: TC QC KC 7C",
            "S: KH 8H 7H TH",
            "E: 9S AD 9D KS",
            "W: QD 8S AS 9H",
            "W: 8C JH AC 9C",
            "E: AH QH JC JS",
        ],
        True,
        [
            "Contract: 82 D by N, coinched (North-South), classic scoring",
            "Tricks: NS 3, EW 5; EW took the last trick (+10)",
            "Card points: NS 64, EW 98",
            "Belote: EW (K and Q of trumps), 20, counts toward the contract",
            "Announcements declared: tierce (JS QS KS) by N",
            "Announcements: NS hold the best and score 20",
            "Totals for the contract: NS 84, EW 118",
            "Made: NS 84 against 82",
            "Score NS: total 84 x 2 = 168",
            "Score EW: total 98 + belote 20 = 118",
            "Deal score: NS 168, EW 118",
        ],
        id="classic coinched made, announcements of the bidders, belote of the d",
    ),
    pytest.param(
        RuleConfig.common(),
        Contract(Seat.parse("W"), Strain.parse("H"), 80, 1),
        [
            "W: AH QH JH KC",
            "E: KS AS QS JS",
            "S: KD QD AD 7D",
            "N: 8D 9D 9C JD",
            "W: AC TC QC 7C",
            "W: TH 8H 7H JC",
            "W: 9H KH 8S 9S",
            "W: 8C TD 7S TS",
        ],
        True,
        [
            "Contract: 80 H by W (East-West), common scoring",
            "Tricks: NS 2, EW 6; EW took the last trick (+10)",
            "Card points: NS 38, EW 124",
            "Belote: NS (K and Q of trumps), 20, counts toward the contract",
            "Announcements: none",
            "Totals for the contract: NS 58, EW 124",
            "Made: EW 124 against 80",
            "Score NS: total 38 + belote 20 = 58",
            "Score EW: contract 80 + total 124 = 204",
            "Deal score: NS 58, EW 204",
        ],
        id="common made, belote of the defenders",
    ),
    pytest.param(
        RuleConfig.min82(),
        Contract(Seat.parse("S"), Strain.parse("D"), 82, 1),
        [
            "N: 8C TD KC 9C",
            "E: KS AS 7S TS",
            "S: AC 7C TC 8D",
            "E: JS KD 9S 7H",
            "S: QC QD JC AD",
            "E: QS 9D TH 7D",
            "S: JD AH QH 8H",
            "S: KH JH 9H 8S",
        ],
        True,
        [
            "Contract: 82 D by S (North-South), min82 scoring",
            "Tricks: NS 5, EW 3; NS took the last trick (+10)",
            "Card points: NS 108, EW 54",
            "Announcements: none",
            "Totals for the contract: NS 108, EW 54",
            "Made: NS 108 against 82",
            "Score NS: contract 82 = 82",
            "Score EW: total 54 = 54",
            "Deal score: NS 82, EW 54",
        ],
        id="min82 made",
    ),
    pytest.param(
        RuleConfig.ffb(),
        Contract(Seat.parse("S"), Strain.parse("D"), 80, 2),
        [
            "N: 8C TD KC 9C",
            "E: KS AS 7S TS",
            "S: AC 7C TC 8D",
            "E: JS KD 9S 7H",
            "S: QC QD JC AD",
            "E: QS 9D TH 7D",
            "S: JD AH QH 8H",
            "S: KH JH 9H 8S",
        ],
        True,
        [
            "Contract: 80 D by S, coinched (North-South), ffb scoring",
            "Tricks: NS 5, EW 3; NS took the last trick (+10)",
            "Card points: NS 108, EW 54",
            "Announcements declared: tierce (JS QS KS) by E; tierce (QC KC AC) by S",
            "Announcements: NS hold the best and score 20",
            "Totals for the contract: NS 128, EW 54",
            "Made: NS 128 against 80 and EW 54 (needs at least the contract and more than the "
            "defenders)",
            "Score NS: (card points 160 + contract 80 + announcements 20) x 2 = 520",
            "Score EW: nothing = 0",
            "Deal score: NS 520, EW 0",
        ],
        id="ffb coinched made, no belote",
    ),
]


@pytest.mark.parametrize(("rules", "contract", "tricks", "declared", "lines"), BREAKDOWNS)
def test_breakdown_of_each_scoring_branch(
    rules: RuleConfig, contract: Contract, tricks: list[str], declared: bool, lines: list[str]
) -> None:
    result = score_deal(
        contract, [Trick.parse(t) for t in tricks], rules, belote_declared=declared
    )
    assert result.breakdown().split("\n") == lines
