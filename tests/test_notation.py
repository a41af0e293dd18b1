"""The deal notation and the deal report (coinche.notation), and fuzzing of every parser.

Deal notation: ``N:AKT.J9.Q87.A 8.7.AK.KQJ9 ...`` - the first seat, a colon, then the
four hands in the order of play, each as spades.hearts.diamonds.clubs with the ranks
from ace down to seven. The examples are written out by hand.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche import (
    CARDS,
    Card,
    CoincheTypeError,
    Contract,
    DealResult,
    Hand,
    InvalidDealError,
    NotationError,
    RuleConfig,
    Seat,
    Strain,
    TeamPoints,
    Trick,
    score_deal,
)
from coinche.auction import Auction, Bid, parse_call
from coinche.notation import (
    RANK_ORDER,
    SUIT_ORDER,
    format_deal,
    format_hand,
    parse_deal,
    parse_hand,
    render_auction,
    render_deal,
    render_hands,
    render_tricks,
)
from deals import CAPOT_TRICKS, Hands, hands, play_random_deal, seats

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# One suit each: North all the spades, East the hearts, South the diamonds, West the clubs.
SUITED = {
    N: Hand.parse("7S 8S 9S TS JS QS KS AS"),
    E: Hand.parse("7H 8H 9H TH JH QH KH AH"),
    S: Hand.parse("7D 8D 9D TD JD QD KD AD"),
    W: Hand.parse("7C 8C 9C TC JC QC KC AC"),
}
SUITED_TEXT = "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"

# A mixed deal, written by hand: North AKT of spades, J9 of hearts, Q87 of diamonds, A
# of clubs, and so on.
MIXED = {
    N: Hand.parse("AS KS TS JH 9H QD 8D 7D"),
    E: Hand.parse("8S 7H AD KD KC QC JC 9C"),
    S: Hand.parse("QS JS 9S AH TH KH JD TD"),
    W: Hand.parse("7S QH 8H 9D AC TC 8C 7C"),
}
MIXED_FROM_EAST = "E:8.7.AK.KQJ9 QJ9.AKT.JT. 7.Q8.9.AT87 AKT.J9.Q87."


def test_the_orders() -> None:
    assert [suit.letter for suit in SUIT_ORDER] == ["S", "H", "D", "C"]
    assert "".join(rank.letter for rank in RANK_ORDER) == "AKQJT987"


# ------------------------------------------------------------------ one hand
@pytest.mark.parametrize(
    ("codes", "dotted"),
    [
        ("AS KS TS JH 9H QD 8D 7D", "AKT.J9.Q87."),
        ("AS KS TS JH 9H QD 8D 7D AC", "AKT.J9.Q87.A"),
        ("7C", "...7"),
        ("", "..."),
        ("7S 8S 9S TS JS QS KS AS", "AKQJT987..."),
        ("JH 9H", ".J9.."),
    ],
)
def test_format_and_parse_hand(codes: str, dotted: str) -> None:
    hand = Hand.parse(codes)
    assert format_hand(hand) == dotted
    assert parse_hand(dotted) == hand


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("akt.j9.q87.a", "AS KS TS JH 9H QD 8D 7D AC"),  # lower case
        ("A10K.9J.-.-", "AS TS KS 9H JH"),  # 10 for T, ranks in any order, - for a void
        ("  AK...  ", "AS KS"),  # spaces around
    ],
)
def test_parse_hand_is_lenient(text: str, codes: str) -> None:
    assert parse_hand(text) == Hand.parse(codes)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # the order of the holdings is said in full: a Hand prints clubs first (issue 10)
        (
            "AKT.J9.Q87",
            "'AKT.J9.Q87' has 3 suit holdings; a hand is four, spades.hearts.diamonds.clubs "
            "(the PBN order, spades first, whereas a Hand prints clubs first)",
        ),
        ("AKT", "'AKT' has 1 suit holding; a hand is four"),
        ("A.K.Q.J.T", "has 5 suit holdings"),
        (
            "AX...",
            "'X' in the spades is not a rank (expected A K Q J T 9 8 7; the holdings are "
            "spades.hearts.diamonds.clubs)",
        ),
        ("..1.", "'1' in the diamonds is not a rank"),
        ("AA...", "AS appears twice"),
        ("A K...", "' ' in the spades is not a rank"),
    ],
)
def test_parse_hand_errors(text: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert str(info.value).startswith(f"cannot read {text!r} as a hand: ")
    assert words in str(info.value)


@given(st.sets(st.sampled_from(CARDS)).map(Hand))
def test_hand_notation_roundtrip(hand: Hand) -> None:
    text = format_hand(hand)
    assert parse_hand(text) == hand
    assert parse_hand(text.lower()) == hand
    assert len(text) == len(hand) + 3


# ------------------------------------------------------------------ a deal
def test_format_deal_examples() -> None:
    assert format_deal(N, SUITED) == SUITED_TEXT
    assert format_deal(E, MIXED) == MIXED_FROM_EAST
    assert format_deal(N, MIXED) == "N:AKT.J9.Q87. 8.7.AK.KQJ9 QJ9.AKT.JT. 7.Q8.9.AT87"


def test_parse_deal_examples() -> None:
    first, parsed = parse_deal(MIXED_FROM_EAST)
    assert first is E
    assert parsed == MIXED
    assert list(parsed) == [E, S, W, N]  # in the order of play from the first seat
    assert parse_deal(SUITED_TEXT) == (N, SUITED)


def test_parse_deal_is_lenient() -> None:
    text = "  e :  8.7.ak.kqj9   qj9.akt.jt.  7.q8.9.a1087\tAKT.J9.Q87.-  "
    assert parse_deal(text) == (E, MIXED)
    assert parse_deal("west:" + SUITED_TEXT[2:]) == parse_deal("W:" + SUITED_TEXT[2:])


@given(seats(), hands())
def test_deal_notation_roundtrip(first: Seat, dealt: Hands) -> None:
    by_seat = dict(zip(Seat, dealt, strict=True))
    text = format_deal(first, by_seat)
    assert parse_deal(text) == (first, by_seat)
    assert text.startswith(f"{first.letter}:")
    assert len(text) == 2 + 4 * (8 + 3) + 3  # 32 ranks, 12 dots, 3 spaces


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("AKT.J9.Q87.A", "write the first seat, a colon and four hands"),
        ("X:" + SUITED_TEXT[2:], "cannot read 'X' as a seat"),
        (":" + SUITED_TEXT[2:], "cannot read '' as a seat"),
        ("N:", "found 0 hands, not 4 separated by spaces"),
        ("N:AKQJT987...", "found 1 hand, not 4"),
        (SUITED_TEXT + " ...", "found 5 hands, not 4"),
        ("N:AKQJT987... .AKQJT987.. ..AKQJT987 ...AKQJT987", "the hand of SOUTH: "),
        (
            "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT98",
            "the hand of WEST (...AKQJT98) holds 7 cards, not 8",
        ),
        (
            "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987X",
            "the hand of WEST: '...AKQJT987X': 'X' in the clubs is not a rank",
        ),
        (
            "N:AKQJT987... AKQJT987... ..AKQJT987. ...AKQJT987",
            "7S 8S 9S TS JS QS KS AS of EAST is in another hand too",
        ),
        (
            "N:AKQJT98.7.. .AKQJT98.7. ..AKQJT98.7 7...AKQJT98",
            "",
        ),
    ],
)
def test_parse_deal_errors(text: str, words: str) -> None:
    if not words:  # a valid deal, for contrast with its neighbours above
        assert len(parse_deal(text)[1]) == 4
        return
    with pytest.raises(NotationError) as info:
        parse_deal(text)
    message = str(info.value)
    assert message.startswith("cannot read ")
    assert "as a deal: " in message
    assert words in message


def test_parse_deal_shortens_long_text_in_messages() -> None:
    text = SUITED_TEXT + " " + "A" * 200
    with pytest.raises(NotationError) as info:
        parse_deal(text)
    assert len(str(info.value)) < 150
    assert " ...' as a deal: found 5 hands" in str(info.value)


def test_format_deal_errors() -> None:
    with pytest.raises(InvalidDealError, match="there is no hand for WEST"):
        format_deal(N, {N: SUITED[N], E: SUITED[E], S: SUITED[S]})
    with pytest.raises(InvalidDealError, match="the hand of EAST holds 7 cards, not 8"):
        format_deal(N, {**SUITED, E: SUITED[E].remove(Card.parse("AH"))})
    with pytest.raises(InvalidDealError, match=re.escape("AS of EAST is in another hand too")):
        format_deal(N, {**SUITED, E: SUITED[E].remove(Card.parse("AH")).add(Card.parse("AS"))})
    with pytest.raises(CoincheTypeError, match="first must be a Seat"):
        format_deal("N", SUITED)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="hands are keyed by Seat"):
        format_deal(N, {0: SUITED[N]})  # type: ignore[dict-item]
    with pytest.raises(CoincheTypeError, match="the hand of NORTH must be a Hand, not str"):
        format_deal(N, {**SUITED, N: "AKQJT987..."})  # type: ignore[dict-item]
    with pytest.raises(CoincheTypeError, match="hands must be a mapping"):
        format_deal(N, [SUITED[N]])  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="hand must be a Hand"):
        format_hand("AS")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="a deal is read from a str"):
        parse_deal(None)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="a hand is read from a str"):
        parse_hand(3)  # type: ignore[arg-type]


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


# ------------------------------------------------------------------ fuzzing the parsers
PARSERS: dict[str, Callable[[str], object]] = {
    "parse_deal": parse_deal,
    "parse_hand": parse_hand,
    "Card.parse": Card.parse,
    "Card.parse_many": Card.parse_many,
    "Hand.parse": Hand.parse,
    "Trick.parse": Trick.parse,
    "Seat.parse": Seat.parse,
    "Strain.parse": Strain.parse,
    "parse_call": parse_call,
}
# Text made of the characters the notations use, to get past the first checks.
NOTATION_TEXT = st.text(alphabet="AKQJT9871 0.-:NESWnesw\tCDHS♠♥♦♣,x", max_size=80)


@pytest.mark.parametrize("name", list(PARSERS))
@given(text=st.text() | NOTATION_TEXT)
def test_parsers_raise_only_library_errors(name: str, text: str) -> None:
    # NotationError, or InvalidDealError for a trick of five cards or a repeated card
    with contextlib.suppress(NotationError, InvalidDealError):
        PARSERS[name](text)


@given(st.permutations(CARDS), seats(), st.data())
def test_parse_deal_of_near_deals(pack: list[Card], first: Seat, data: st.DataObject) -> None:
    """A valid deal with one character changed, added or removed: a deal or NotationError."""
    text = format_deal(first, {seat: Hand(pack[8 * seat : 8 * seat + 8]) for seat in Seat})
    at = data.draw(st.integers(0, len(text)))
    char = data.draw(st.sampled_from("AKQJT987.: x"))
    edit = data.draw(st.sampled_from(["replace", "insert", "delete"]))
    if edit == "replace":
        text = text[:at] + char + text[at + 1 :]
    elif edit == "insert":
        text = text[:at] + char + text[at:]
    else:
        text = text[:at] + text[at + 1 :]
    try:
        _, parsed = parse_deal(text)
    except NotationError:
        return
    assert sorted(parsed) == sorted(Seat)
    assert sum(len(hand) for hand in parsed.values()) == 32
