"""The readable report of a deal (coinche.report): hands, auction, tricks and score.

The expected lines are written out by hand from the rules (trick points of section 1,
the breakdown of section 6).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import coinche
from coinche import (
    Card,
    CoincheTypeError,
    Contract,
    DealResult,
    Hand,
    InvalidDealError,
    RuleConfig,
    Seat,
    Strain,
    TeamPoints,
    Trick,
    report,
    score_deal,
)
from coinche.auction import Auction, Bid, parse_call
from coinche.deal import Deal
from coinche.notation import format_deal
from coinche.report import render_auction, render_deal, render_hands, render_tricks
from coinche.testing.deals import (
    CAPOT_TRICKS,
    Hands,
    deal_in_play,
    hands,
    play_random_deal,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# A mixed deal, written by hand: North AKT of spades, J9 of hearts, Q87 of diamonds, A
# of clubs, and so on.
MIXED = {
    N: Hand.parse("AS KS TS JH 9H QD 8D 7D"),
    E: Hand.parse("8S 7H AD KD KC QC JC 9C"),
    S: Hand.parse("QS JS 9S AH TH KH JD TD"),
    W: Hand.parse("7S QH 8H 9D AC TC 8C 7C"),
}


def test_the_report_names_are_the_reports_and_coinches_only() -> None:
    """The report moved out of coinche.notation, and the notation no longer
    offers its names (the notation must not import the report, which imports it)."""
    from coinche import notation

    for name in report.__all__:
        assert not hasattr(notation, name), name
    assert coinche.render_deal is report.render_deal


# ------------------------------------------------------------------ the report
# The capot deal of the scoring tests: North leads and wins all eight tricks in hearts.


def test_render_tricks_by_hand() -> None:
    tricks = [Trick.parse("E: AH 7S KH TH"), Trick.parse("E: JS 9S"), Trick.parse("S:")]
    # spades trumps: South trumps with the 7S and wins: A 11 + 7 0 + K 4 + 10 10 = 25
    assert render_tricks(tricks, Strain.SPADES) == (
        "Tricks (spades are trumps):\n"
        "   1  E: AH 7S KH TH  won by S, 25 points\n"
        "   2  E: JS 9S\n"
        "   3  S:"
    )
    # no trump: the ace of hearts wins, A 19 + 0 + 4 + 10 = 33
    assert render_tricks(tricks[:1], Strain.NO_TRUMP).split("\n")[1] == (
        "   1  E: AH 7S KH TH  won by E, 33 points"
    )
    assert render_tricks([], Strain.ALL_TRUMP) == "Tricks (all trump):"


def test_render_tricks_marks_the_last_trick() -> None:
    lines = render_tricks(CAPOT_TRICKS, Strain.HEARTS).split("\n")
    assert len(lines) == 9
    # A 11 + 10 10 + K 4 + Q 3 = 28 in trumps, and 10 for the last trick
    assert lines[8] == "   8  N: AH TH KH QH  won by N, 28 points + 10 for the last trick"
    assert lines[1] == "   1  N: JH 7H 8H 9H  won by N, 34 points"  # J 20 + 9 14


def test_render_hands_by_hand() -> None:
    assert render_hands(MIXED, E) == (
        "Hands:\n"
        "  E  S 8         H 7         D AK        C KQJ9\n"
        "  S  S QJ9       H AKT       D JT        C -\n"
        "  W  S 7         H Q8        D 9         C AT87\n"
        "  N  S AKT       H J9        D Q87       C -"
    )
    assert render_hands({}) == "Hands:"


def test_render_auction_with_real_calls() -> None:
    auction = Auction.replay(
        W,
        RuleConfig.common(),
        [(N, parse_call("90 H")), (E, parse_call("100 S")), (S, parse_call("coinche"))],
    )
    assert render_auction(auction.calls, auction.dealer) == (
        "Auction (W deals):\n  N  90 H\n  E  100 S\n  S  coinche"
    )
    assert render_auction([]) == "Auction:\n  (no calls)"
    assert render_auction([(N, Bid(80, Strain.CLUBS))]) == "Auction:\n  N  80 C"


def test_render_deal_sections() -> None:
    result = score_deal(Contract(N, Strain.HEARTS, 80), CAPOT_TRICKS)
    text = render_deal(result)
    lines = text.split("\n")
    # no dealer given: the notation starts with the first trick's leader
    assert lines[0] == "Deal: N:AT.AJ.AT.AT J7.T7.J7.J7 Q8.K8.Q8.Q8 K9.Q9.K9.K9"
    assert lines[1] == "Hands:"
    assert "Auction" not in text
    assert "Tricks (hearts are trumps):" in lines
    score_at = lines.index("Score:")
    assert lines[score_at + 1 :] == ["  " + line for line in result.breakdown().split("\n")]
    assert lines[-1] == "  Deal score: NS 330, EW 0"


def test_render_deal_with_dealer_hands_and_calls() -> None:
    result = score_deal(Contract(N, Strain.HEARTS, 80), CAPOT_TRICKS)
    played = {
        N: Hand.parse("AS TS AH JH AD TD AC TC"),
        E: Hand.parse("JS 7S TH 7H JD 7D JC 7C"),
        S: Hand.parse("QS 8S KH 8H QD 8D QC 8C"),
        W: Hand.parse("KS 9S QH 9H KD 9D KC 9C"),
    }
    text = render_deal(result, dealer=W, hands=played, calls=[(N, "80 H"), (E, "pass")])
    assert text.startswith("Deal: W:K9.Q9.K9.K9 AT.AJ.AT.AT J7.T7.J7.J7 Q8.K8.Q8.Q8\n")
    assert "Auction (W deals):\n  N  80 H\n  E  pass\nTricks" in text


def test_render_errors() -> None:
    bare = DealResult(
        contract=Contract(N, Strain.HEARTS, 80),
        score=TeamPoints(0, 0),
        made=False,
        card_points=TeamPoints(0, 0),
        belote=None,
        announcement_points=TeamPoints(0, 0),
        capot=None,
        tricks_won=TeamPoints(0, 0),
    )
    with pytest.raises(InvalidDealError, match="only a result made by score_deal"):
        render_deal(bare)
    result = score_deal(Contract(N, Strain.HEARTS, 80), CAPOT_TRICKS)
    with pytest.raises(CoincheTypeError, match="result must be a DealResult"):
        render_deal("result")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="dealer must be a Seat"):
        render_deal(result, dealer="W")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match=r"each call must be a \(Seat, call\) pair"):
        render_auction([("N", "pass")])  # type: ignore[list-item]
    with pytest.raises(CoincheTypeError, match="dealer must be a Seat"):
        render_auction([], "W")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="strain must be a Strain"):
        render_tricks(CAPOT_TRICKS, "H")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="trick 1 is a str, not a Trick"):
        render_tricks(["N: JH"], Strain.HEARTS)  # type: ignore[list-item]
    with pytest.raises(CoincheTypeError, match="the hand of NORTH must be a Hand"):
        render_hands({N: "AS"})  # type: ignore[dict-item]
    with pytest.raises(CoincheTypeError, match="first must be a Seat"):
        render_hands({}, 0)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="hands must be a mapping"):
        render_hands([])  # type: ignore[arg-type]


@given(hands(), st.integers(0, 2**32 - 1))
def test_render_deal_of_random_deals(dealt: Hands, seed: int) -> None:
    rules = RuleConfig.ffb()
    contract = Contract(E, Strain.SPADES, 90)
    played = play_random_deal(dealt, contract, rules, random.Random(seed), first_leader=S)
    result = score_deal(contract, played, rules)
    text = render_deal(result, dealer=E)
    by_seat = dict(zip(Seat, dealt, strict=True))
    assert text.split("\n")[0] == "Deal: " + format_deal(E, by_seat)  # hands from the tricks
    assert text.count(" won by ") == 8
    assert text.endswith(str(result.score).replace("NS", "Deal score: NS"))
    winners = {line.split("won by ")[1][0] for line in text.split("\n") if "won by" in line}
    assert winners <= {"N", "E", "S", "W"}
    if result.capot is not None:  # a capot: every trick won by the capot team
        assert winners <= {seat.letter for seat in result.capot.seats}


# ------------------------------------------------------------------ render_deal
def test_render_deal_of_a_deal_in_progress_is_a_table() -> None:
    from coinche.report import render_deal, render_position

    deal = Deal.new(Seat.NORTH, RuleConfig(), random.Random(4))
    # in the auction: no contract yet, East (after the dealer North) speaks first
    text = render_deal(deal)
    assert text.startswith("Deal in progress (auction phase), N deals, common rules\n")
    assert "Contract: none yet" in text
    assert text.endswith("To move: E")
    deal = deal_in_play()
    lead = deal.to_move
    assert lead is not None
    card = deal.legal_actions()[0]
    assert isinstance(card, Card)
    deal = deal.apply(card)
    text = render_deal(deal)
    assert f"Trick so far: {lead.letter}: {card}" in text
    assert "Contract: 80 H by E (East-West)" in text  # East speaks first after North
    assert f"To move: {lead.next.letter}" in text
    assert "So far: tricks NS 0, EW 0; card points NS 0, EW 0" in text
    # the leader's row shows the 7 cards it still holds: "S AT  H J9  D -  C 7" and so on
    row = next(line for line in text.splitlines() if line.startswith(f"  {lead.letter}  "))
    holdings = row.split()[2::2]
    assert sum(len(h) for h in holdings if h != "-") == 7
    assert str(deal) == render_position(deal) == text


def test_render_deal_of_a_finished_deal_shows_the_report() -> None:
    from coinche.report import render_deal

    rng = random.Random(8)
    deal = deal_in_play()
    while not deal.is_over:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    assert deal.result is not None
    text = render_deal(deal)
    assert text.endswith(f"Deal score: {deal.result.score}")
    assert "Auction (N deals):" in text
