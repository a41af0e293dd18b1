"""Fuzzing the readers with bytes: card, hand, deal notation, calls and JSON records.

tests/test_notation.py and tests/test_records.py already feed random *text* to the
parsers. This module adds what text strategies do not reach:

* random **bytes**, decoded as a program reading a file or a socket would: UTF-8 with
  ``surrogateescape`` (lone surrogates in the text), Latin-1 (mojibake of the suit
  symbols) and UTF-8 with ``replace``; and the undecoded bytes themselves;
* bytes built from pieces of the notations, and valid encoded inputs with one byte
  replaced, inserted or deleted, to get past the first checks;
* "no wrong value": a reader that succeeds must give what the documented grammar says
  (an independent reading of the grammar in this file, for text made of notation
  characters), and what it gives must survive its writer and reader again.

Only the library's own exceptions (:class:`~coinche.CoincheError`) may come out: a
``KeyError``, ``IndexError``, ``AttributeError``, ``UnicodeError`` or bare
``ValueError`` fails the test.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche import (
    CARDS,
    Card,
    CoincheError,
    CoincheTypeError,
    Contract,
    Deal,
    Hand,
    Rank,
    RuleConfig,
    Seat,
    Strain,
    Suit,
    Trick,
    score_deal,
)
from coinche.auction import parse_call
from coinche.errors import InvalidRecordError, NotationError
from coinche.notation import format_deal, format_hand, parse_deal, parse_hand
from coinche.records import dumps, loads, record_type

# slow: a long suite, which make check-fast leaves out
pytestmark = pytest.mark.slow

# ------------------------------------------------------------------ the readers
READERS: Final[dict[str, Callable[[str], object]]] = {
    "Card.parse": Card.parse,
    "Card.parse_many": Card.parse_many,
    "Hand.parse": Hand.parse,
    "parse_hand": parse_hand,
    "parse_deal": parse_deal,
    "Trick.parse": Trick.parse,
    "Seat.parse": Seat.parse,
    "Strain.parse": Strain.parse,
    "parse_call": parse_call,
    "records.loads": loads,
}


def _written_again(name: str, value: Any) -> object:
    """*value*, read by the reader *name*, written by its writer and read again."""
    if name == "Card.parse":
        return Card.parse(str(value))
    if name == "Card.parse_many":
        return Card.parse_many(" ".join(map(str, value)))
    if name == "Hand.parse":
        return Hand.parse(str(value))
    if name == "parse_hand":
        return parse_hand(format_hand(value))
    if name == "parse_deal":
        return parse_deal(format_deal(*value))
    if name == "Trick.parse":
        return Trick.parse(str(value))
    if name == "Seat.parse":
        return Seat.parse(value.letter)
    if name == "Strain.parse":
        return Strain.parse(value.code)
    if name == "parse_call":
        return parse_call(str(value))
    assert name == "records.loads"
    return loads(dumps(value))


RESULT_TYPES: Final[dict[str, type | tuple[type, ...]]] = {
    "Card.parse": Card,
    "Card.parse_many": tuple,
    "Hand.parse": Hand,
    "parse_hand": Hand,
    "parse_deal": tuple,
    "Trick.parse": Trick,
    "Seat.parse": Seat,
    "Strain.parse": Strain,
    "parse_call": object,
    "records.loads": object,
}


def check_reader(name: str, text: str) -> None:
    """Run one reader: a library error, or a value of the right type that round-trips."""
    try:
        value = READERS[name](text)
    except CoincheError:
        return
    assert isinstance(value, RESULT_TYPES[name])
    assert _written_again(name, value) == value


# ------------------------------------------------------------------ byte strategies
DECODINGS: Final[dict[str, Callable[[bytes], str]]] = {
    "utf-8/surrogateescape": lambda data: data.decode("utf-8", "surrogateescape"),
    "latin-1": lambda data: data.decode("latin-1"),
    "utf-8/replace": lambda data: data.decode("utf-8", "replace"),
}
decodings = st.sampled_from(sorted(DECODINGS))

# pieces of the notations, UTF-8 encoded, with broken and foreign bytes among them
PIECES: Final[tuple[bytes, ...]] = (
    *(c.encode() for c in "AKQJT9871 0.-:,NESWnesw\tCDHScdhsx{}[]\"'"),
    *(c.encode() for c in "♣♦♥♠♧♢♡♤"),
    b"10",
    b"\xe2\x99",  # a suit symbol cut short
    b"\xff",
    b"\xc3",
    b"\x00",
    b"\xc5\xbf",  # U+017F, the long s, which upper-cases to S
    b"\xef\xbb\xbf",  # a byte-order mark
    b"pass",
    b"capot",
    b"100",
    b"north",
    b'"type"',
    b'"card"',
    b'"code"',
)
notation_bytes = st.lists(st.sampled_from(PIECES), max_size=40).map(b"".join)
any_bytes = st.binary(max_size=120) | notation_bytes


def _deal_text(seed: int) -> str:
    pack = list(CARDS)
    random.Random(seed).shuffle(pack)
    hands = {seat: Hand(pack[8 * seat : 8 * seat + 8]) for seat in Seat}
    return format_deal(Seat(seed % 4), hands)


def _sample_records() -> list[str]:
    tricks = [
        Trick.parse(t)
        for t in (
            "N: JH 7H 8H 9H",
            "N: AS 7S 8S 9S",
            "N: TS JS QS KS",
            "N: AC 7C 8C 9C",
            "N: TC JC QC KC",
            "N: AD 7D 8D 9D",
            "N: TD JD QD KD",
            "N: AH TH KH QH",
        )
    ]
    deal = Deal.new(Seat.WEST, RuleConfig(), random.Random(4))
    return [
        dumps(value)
        for value in (
            Card.parse("TH"),
            Hand.parse("7C 9H JH AS"),
            Seat.EAST,
            Strain.NO_TRUMP,
            Trick.parse("N: AH 7S"),
            Contract(Seat.NORTH, Strain.HEARTS, 100, multiplier=2),
            RuleConfig.ffb(),
            score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), tricks),
            deal,
        )
    ]


VALID_TEXTS: Final[list[str]] = [
    "JH",
    "10♥",
    " q s ",
    "JH, 9H 10s 7♣",
    "AKT.J9.Q87.A",
    "a10.-.kq.987",
    "N: AH 7S KH",
    "south",
    "no trump",
    "100 H",
    "capot S",
    "surcoinche",
    _deal_text(1),
    _deal_text(2).lower(),
    *_sample_records(),
]


@st.composite
def edited_valid_bytes(draw: st.DrawFn) -> bytes:
    """A valid input, UTF-8 encoded, with one byte replaced, inserted or deleted."""
    data = bytearray(draw(st.sampled_from(VALID_TEXTS)).encode())
    at = draw(st.integers(0, len(data)))
    edit = draw(st.sampled_from(["replace", "insert", "delete"]))
    byte = draw(st.integers(0, 255) | st.sampled_from(b' .:,"{}0'))
    if edit == "insert" or at == len(data):
        data.insert(at, byte)
    elif edit == "replace":
        data[at] = byte
    else:
        del data[at]
    return bytes(data)


# ------------------------------------------------------------------ only library errors
@pytest.mark.parametrize("name", list(READERS))
@given(data=any_bytes | edited_valid_bytes(), decoding=decodings)
def test_decoded_bytes_give_a_library_error_or_a_value_that_round_trips(
    name: str, data: bytes, decoding: str
) -> None:
    check_reader(name, DECODINGS[decoding](data))


@pytest.mark.parametrize("name", list(READERS))
@given(data=any_bytes | edited_valid_bytes())
def test_undecoded_bytes_are_a_type_error(name: str, data: bytes) -> None:
    for value in (data, bytearray(data), memoryview(data)):
        with pytest.raises(CoincheTypeError):
            READERS[name](value)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(READERS))
@pytest.mark.parametrize(
    "text",
    [
        "",
        "\x00",
        "\udcff",  # a lone surrogate, from surrogateescape
        "\ufeffJH",  # a byte-order mark
        "Ã¢â„¢Â¥",  # mojibake
        "9" * 5000 + " H",  # int() refuses numbers of more than 4300 digits
        "1" * 5000,
        "[" * 100_000,  # JSON nested deeper than the recursion limit
        '{"type": "call", "call": "' + "9" * 5000 + ' H"}',
        '{"type": "contract", "taker": "N", "strain": "H", "value": 1' + "0" * 5000 + "}",
        '{"type": "card", "code": "\udcff"}',
        '{"type": "hand", "cards": "JH\\u0000 9H"}',
    ],
)
def test_nasty_texts(name: str, text: str) -> None:
    check_reader(name, text)


# ------------------------------------------------------------------ no wrong value
# An independent reading of the grammars of cards.py and notation.py, written from
# their docstrings: ranks 7 8 9 10/T J Q K A, suits C D H S or their symbols, any case
# (as str.upper() sees it), whitespace ignored inside a card.
_RANKS: Final = {"7": 0, "8": 1, "9": 2, "10": 3, "T": 3, "J": 4, "Q": 5, "K": 6, "A": 7}
_SUITS: Final = {
    **dict.fromkeys("C♣♧", 0),
    **dict.fromkeys("D♦♢", 1),
    **dict.fromkeys("H♥♡", 2),
    **dict.fromkeys("S♠♤", 3),
}


def reference_card(text: str) -> Card | None:
    key = "".join(text.split()).upper()
    rank, suit = _RANKS.get(key[:-1]), _SUITS.get(key[-1:])
    if rank is None or suit is None:
        return None
    return Card(Rank(rank), Suit(suit))


def reference_hand(text: str) -> Hand | None:
    cards = [reference_card(word) for word in text.replace(",", " ").split()]
    if None in cards or len(set(cards)) != len(cards):
        return None
    return Hand(card for card in cards if card is not None)


_HOLDING_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def reference_holdings(text: str) -> Hand | None:
    groups = text.split(".")
    if len(groups) != 4:
        return None
    cards: list[Card] = []
    for suit, group in zip(_HOLDING_SUITS, groups, strict=True):
        word = group.upper().replace("10", "T")
        if word == "-":
            continue
        for letter in word:
            if letter not in "AKQJT987":
                return None
            cards.append(Card(Rank(_RANKS[letter]), suit))
    if len(set(cards)) != len(cards):
        return None
    return Hand(cards)


_SEAT_NAMES: Final = {
    **dict.fromkeys(("N", "NORTH"), 0),
    **dict.fromkeys(("E", "EAST"), 1),
    **dict.fromkeys(("S", "SOUTH"), 2),
    **dict.fromkeys(("W", "WEST"), 3),
}


def reference_deal(text: str) -> tuple[Seat, dict[Seat, Hand]] | None:
    head, colon, rest = text.strip().partition(":")
    first = _SEAT_NAMES.get(head.strip().upper())
    words = rest.split()
    if not colon or first is None or len(words) != 4:
        return None
    hands: dict[Seat, Hand] = {}
    for i, word in enumerate(words):
        hand = reference_holdings(word)
        if hand is None or len(hand) != 8:
            return None
        hands[Seat((first + i) % 4)] = hand
    if len(Hand(card for hand in hands.values() for card in hand)) != 32:
        return None
    return Seat(first), hands


def _outcome(read: Callable[[str], object], text: str) -> object:
    try:
        return read(text)
    except NotationError:
        return None


# texts of notation characters only, so that the reference grammar decides them
NOTATION: Final = "AKQJT98710 .-:,\t\nCDHSakqjtcdhs♣♦♥♠♧♢♡♤NESWnorthwx"
notation_text = st.text(alphabet=NOTATION, max_size=24)


@given(st.sampled_from(["utf-8/surrogateescape", "latin-1"]), notation_text)
def test_card_parse_reads_what_the_grammar_says(decoding: str, text: str) -> None:
    # through bytes and back: Latin-1 turns the suit symbols into mojibake
    text = DECODINGS[decoding](text.encode())
    assert _outcome(Card.parse, text) == reference_card(text)


@given(st.lists(notation_text, max_size=4).map(", ".join))
def test_hand_parse_reads_what_the_grammar_says(text: str) -> None:
    assert _outcome(Hand.parse, text) == reference_hand(text)


@given(st.text(alphabet="AKQJT98710.-akqjt ", max_size=20))
def test_parse_hand_reads_what_the_grammar_says(text: str) -> None:
    assert _outcome(parse_hand, text) == reference_holdings(text.strip())


def _spellings(card: Card) -> st.SearchStrategy[str]:
    """Every way the docs allow to write *card*, with case and spaces mixed."""
    ranks = ["10", "T", "t"] if card.rank is Rank.TEN else [card.rank.letter]
    ranks += [r.lower() for r in ranks]
    suits = [card.suit.letter, card.suit.letter.lower(), card.suit.symbol]
    return st.builds(
        lambda rank, suit, a, b, c: a + rank + b + suit + c,
        st.sampled_from(ranks),
        st.sampled_from(suits),
        *[st.sampled_from(["", " ", "\t", "  "])] * 3,
    )


@given(st.sampled_from(CARDS).flatmap(lambda card: st.tuples(st.just(card), _spellings(card))))
def test_every_spelling_of_a_card_reads_as_that_card(case: tuple[Card, str]) -> None:
    card, text = case
    assert Card.parse(text) is card
    assert Card.parse(text.encode().decode("utf-8", "surrogateescape")) is card


@given(st.permutations(CARDS), st.integers(0, 3), st.randoms(use_true_random=False))
def test_a_deal_written_loosely_reads_as_that_deal(
    pack: list[Card], first: int, rnd: random.Random
) -> None:
    hands = {seat: Hand(pack[8 * seat : 8 * seat + 8]) for seat in Seat}
    text = format_deal(Seat(first), hands)
    # the leniencies parse_deal documents: case, 10 for T, - for an empty holding,
    # ranks in any order, extra spaces
    head, body = text.split(":")
    words = []
    for word in body.split(" "):
        holdings = []
        for holding in word.split("."):
            ranks = list(holding)
            rnd.shuffle(ranks)
            loose = "".join(r.lower() if rnd.random() < 0.5 else r for r in ranks)
            if "T" in loose and rnd.random() < 0.5:
                loose = loose.replace("T", "10")
            holdings.append(loose or rnd.choice(["", "-"]))
        words.append(".".join(holdings))
    loose_text = f" {head} :" + "  ".join(words) + "\t"
    if rnd.random() < 0.5:
        loose_text = loose_text.lower()
    data = loose_text.encode()
    for decoding in DECODINGS.values():
        assert parse_deal(decoding(data)) == (Seat(first), hands)
        assert reference_deal(decoding(data)) == (Seat(first), hands)


@given(st.text(alphabet="AKQJT987.- :NESWnorth", max_size=70) | st.sampled_from(VALID_TEXTS))
def test_parse_deal_reads_what_the_grammar_says(text: str) -> None:
    assert _outcome(parse_deal, text) == reference_deal(text)


SAMPLE_RECORDS: Final = _sample_records()


@given(st.sampled_from(SAMPLE_RECORDS), st.integers(0, 4), decodings)
def test_records_read_the_same_value_whatever_the_json_spelling(
    record: str, indent: int, decoding: str
) -> None:
    """A record respelled as other valid JSON gives the same value."""
    value = loads(record)
    data = json.loads(record)
    for respelled in (
        json.dumps(data, indent=indent),
        json.dumps(data, ensure_ascii=True),
        json.dumps(data, separators=(",", ":")),
        json.dumps(dict(reversed(list(data.items())))),
    ):
        assert loads(DECODINGS[decoding](respelled.encode())) == value


@given(st.sampled_from(SAMPLE_RECORDS), st.data())
def test_edited_records_are_an_error_or_the_value_their_json_says(
    record: str, data: st.DataObject
) -> None:
    """One byte changed: an InvalidRecordError, or what the changed JSON means."""
    raw = bytearray(record.encode())
    at = data.draw(st.integers(0, len(raw) - 1))
    raw[at] = data.draw(st.integers(0, 255))
    text = bytes(raw).decode(data.draw(st.sampled_from(["utf-8", "latin-1"])), "surrogateescape")
    try:
        value = loads(text)
    except InvalidRecordError:
        return
    assert loads(dumps(value)) == value
    parsed = json.loads(text)
    assert record_type(type(value)) == parsed["type"]  # the value the tag names
    if parsed == json.loads(record):  # the edit did not change the JSON
        assert value == loads(record)
