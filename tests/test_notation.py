"""The deal notation (coinche.notation), and fuzzing of every parser.

Deal notation: ``N:AKT.J9.Q87.A 8.7.AK.KQJ9 ...`` - the first seat, a colon, then the
four hands in the order of play, each as spades.hearts.diamonds.clubs with the ranks
from ace down to seven. The examples are written out by hand.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import coinche
from coinche import (
    CARDS,
    Card,
    CoincheTypeError,
    Hand,
    InvalidDealError,
    NotationError,
    Seat,
    Step,
    Strain,
    Trick,
    errors,
    parse_action,
)
from coinche.auction import Bid, parse_call
from coinche.notation import (
    RANK_ORDER,
    SUIT_ORDER,
    format_deal,
    format_hand,
    parse_deal,
    parse_hand,
)
from coinche.testing.deals import (
    Hands,
    hands,
    seats,
)

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
        # the order of the holdings is said in full: a Hand prints clubs first
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
            "WEST holds 7 cards (8C 9C TC JC QC KC AC), not 8",
        ),
        (
            "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987X",
            "the hand of WEST: '...AKQJT987X': 'X' in the clubs is not a rank",
        ),
        (
            "N:AKQJT987... AKQJT987... ..AKQJT987. ...AKQJT987",
            "7S is dealt to both NORTH and EAST",
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
    with pytest.raises(InvalidDealError, match="hands has no hand for WEST"):
        format_deal(N, {N: SUITED[N], E: SUITED[E], S: SUITED[S]})
    with pytest.raises(InvalidDealError, match=r"EAST holds 7 cards \(.*\), not 8"):
        format_deal(N, {**SUITED, E: SUITED[E].remove(Card.parse("AH"))})
    with pytest.raises(InvalidDealError, match="AS is dealt to both NORTH and EAST"):
        format_deal(N, {**SUITED, E: SUITED[E].remove(Card.parse("AH")).add(Card.parse("AS"))})
    with pytest.raises(CoincheTypeError, match="first must be a Seat"):
        format_deal("N", SUITED)  # type: ignore[arg-type]
    # the hands are checked as a Deal checks the hands it is dealt, in its words
    with pytest.raises(CoincheTypeError, match="a key of hands must be a Seat, not 0"):
        format_deal(N, {0: SUITED[N]})  # type: ignore[dict-item]
    with pytest.raises(CoincheTypeError, match="the hand of NORTH is a str, not a Hand"):
        format_deal(N, {**SUITED, N: "AKQJT987..."})  # type: ignore[dict-item]
    with pytest.raises(InvalidDealError, match="a deal has 4 hands, not 1"):
        format_deal(N, [SUITED[N]])  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="hand must be a Hand"):
        format_hand("AS")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="a deal is read from a str"):
        parse_deal(None)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="a hand is read from a str"):
        parse_hand(3)  # type: ignore[arg-type]


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
    "parse_action": parse_action,
    "Step.parse": Step.parse,
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


# ------------------------------------------------------------------ look-alike characters
@pytest.mark.parametrize(
    "make",
    [
        lambda: Card.parse("Aſ"),  # "ſ".upper() is "S"
        lambda: Card.parse("A\x1cS"),  # str.split() takes \x1c for a space
        lambda: Hand.parse("AS\x1cKS"),
        lambda: Seat.parse("ſouth"),
        lambda: Seat.parse("N\x1c"),
        lambda: Strain.parse("ſ"),
        lambda: coinche.parse_call("100 ſ"),
        lambda: Card.parse("Kſ"),
    ],
)
def test_look_alike_characters_are_refused(make: object) -> None:
    with pytest.raises(errors.NotationError):
        make()  # type: ignore[operator]


def test_the_documented_characters_still_read() -> None:
    # codes in any case, 10 for the ten, suit symbols, spaces, tabs and commas
    assert Hand.parse("jh,\t10h  9♥ A♠") == Hand.parse("JH TH 9H AS")
    assert Seat.parse(" south ") is Seat.SOUTH
    assert coinche.parse_call("100 ♥") == Bid(100, Strain.HEARTS)


# ------------------------------------------------------------------ dotted hands
def test_dotted_hands_say_their_order() -> None:
    from coinche.notation import parse_hand

    # AT.J9.-.7 is spades, hearts, diamonds, clubs: the AS and TS, JH and 9H, 7C
    assert parse_hand("AT.J9.-.7") == Hand.parse("AS TS JH 9H 7C")
    with pytest.raises(errors.NotationError, match=r"spades\.hearts\.diamonds\.clubs"):
        parse_hand("AT.J9.7")
    assert "spades.hearts.diamonds.clubs" in (parse_hand.__doc__ or "")


def test_a_star_import_of_the_notation_gives_its_names() -> None:
    # every name in __all__ is there: the report's names, which moved to coinche.report,
    # are no longer listed (a star import raised AttributeError on them)
    namespace: dict[str, object] = {}
    exec("from coinche.notation import *", namespace)
    assert {name for name in namespace if name != "__builtins__"} == {
        "RANK_ORDER",
        "SUIT_ORDER",
        "format_deal",
        "format_hand",
        "parse_deal",
        "parse_hand",
    }
    assert not hasattr(coinche.notation, "render_deal")
