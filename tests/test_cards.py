"""Cards, hands, seats, teams and strains: notation, identity, ordering and bad input.

Expected values are worked by hand from RULES.md section 1 and the documented
notation (a card's index is ``8 * suit + rank`` with suits C D H S = 0 1 2 3 and ranks
7 8 9 10 J Q K A = 0 to 7).
"""

from __future__ import annotations

import copy
import pickle
import re
from collections.abc import Callable
from typing import Any

import pytest

import coinche
from coinche import (
    CARDS,
    Card,
    CardNotInHandError,
    CoincheError,
    CoincheTypeError,
    Hand,
    NotationError,
    Rank,
    RuleConfig,
    Seat,
    Strain,
    Suit,
    Team,
    Trick,
)
from coinche.testing.deals import deal_in_play

# The names a repr may use, for eval(repr(x)) round trips.
REPR_NAMESPACE: dict[str, Any] = {"Card": Card, "Hand": Hand, "Trick": Trick}

JH = Card(Rank.JACK, Suit.HEARTS)


# ------------------------------------------------------------------ Card.parse and str
@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("JH", Rank.JACK, Suit.HEARTS),
        ("jh", Rank.JACK, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("th", Rank.TEN, Suit.HEARTS),
        ("J♥", Rank.JACK, Suit.HEARTS),
        (" j h ", Rank.JACK, Suit.HEARTS),
        ("7c", Rank.SEVEN, Suit.CLUBS),
        ("8♣", Rank.EIGHT, Suit.CLUBS),
        ("9 d", Rank.NINE, Suit.DIAMONDS),
        ("10♦", Rank.TEN, Suit.DIAMONDS),
        ("q s", Rank.QUEEN, Suit.SPADES),
        ("K\t♠", Rank.KING, Suit.SPADES),
        ("A♠", Rank.ACE, Suit.SPADES),
    ],
)
def test_card_parse_accepts_the_documented_forms(text: str, rank: Rank, suit: Suit) -> None:
    """Card.parse reads rank then suit: 7 8 9 10/T J Q K A and C D H S or ♣ ♦ ♥ ♠,
    in any case, with spaces anywhere."""
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize(
    ("rank", "suit", "code"),
    [
        (Rank.TEN, Suit.HEARTS, "TH"),
        (Rank.JACK, Suit.HEARTS, "JH"),
        (Rank.SEVEN, Suit.CLUBS, "7C"),
        (Rank.ACE, Suit.SPADES, "AS"),
        (Rank.NINE, Suit.DIAMONDS, "9D"),
    ],
)
def test_card_str_is_the_canonical_two_character_code(rank: Rank, suit: Suit, code: str) -> None:
    """str(card) is the rank letter (7 8 9 T J Q K A) then the suit letter (C D H S)."""
    card = Card(rank, suit)
    assert str(card) == code
    assert card.code == code


def test_card_label_uses_10_and_the_suit_symbol() -> None:
    """A card's label is the rank as written (10, J, ...) and the suit symbol."""
    assert Card(Rank.TEN, Suit.HEARTS).label == "10♥"
    assert Card(Rank.QUEEN, Suit.CLUBS).label == "Q♣"


def test_card_index_is_eight_times_suit_plus_rank() -> None:
    """Index = 8 * suit + rank: 7C is 0, TD is 8*1+3 = 11, JH is 8*2+4 = 20, AS is 31."""
    assert Card(Rank.SEVEN, Suit.CLUBS).index == 0
    assert Card(Rank.TEN, Suit.DIAMONDS).index == 11
    assert JH.index == 20
    assert Card(Rank.ACE, Suit.SPADES).index == 31
    assert JH.mask == 1 << 20


def test_the_32_cards_are_interned() -> None:
    """CARDS holds the 32 cards in index order, and parsing returns those instances."""
    assert len(CARDS) == 32
    assert len(set(CARDS)) == 32
    assert [card.index for card in CARDS] == list(range(32))
    # JH: 8 * hearts (2) + jack (4) = 20
    assert Card.parse("JH") is CARDS[20]
    assert Card.parse("j♥") is CARDS[20]
    assert Card.from_index(20) is CARDS[20]
    for card in CARDS:
        assert Card.parse(str(card)) is card
        assert Card.from_index(card.index) is card


def test_cards_compare_by_value() -> None:
    """A card built with Card(rank, suit) equals and hashes like the interned card, and
    a card never equals its text."""
    built = Card(Rank.JACK, Suit.HEARTS)
    assert built == CARDS[20]
    assert hash(built) == hash(CARDS[20])
    assert len({built, CARDS[20]}) == 1
    assert built != "JH"
    assert built != CARDS[21]


# ------------------------------------------------------------------ repr round trips
@pytest.mark.parametrize("card", CARDS, ids=str)
def test_card_repr_rebuilds_the_card(card: Card) -> None:
    """eval(repr(card)) with the coinche names in scope gives the same card."""
    assert eval(repr(card), REPR_NAMESPACE) == card


@pytest.mark.parametrize("text", ["", "JH", "7C 9H JH AS", "AS AH AD AC", "7C 8C 9C TC JC"])
def test_hand_repr_rebuilds_the_hand(text: str) -> None:
    """eval(repr(hand)) gives an equal hand, for an empty, small and larger hand."""
    hand = Hand.parse(text)
    assert eval(repr(hand), REPR_NAMESPACE) == hand
    full = Hand.full()
    assert eval(repr(full), REPR_NAMESPACE) == full


@pytest.mark.parametrize("text", ["N:", "W: TH JH", "S: 7C 8C 9C", "E: AH 7S KH TH"])
def test_trick_repr_rebuilds_the_trick(text: str) -> None:
    """eval(repr(trick)) gives an equal trick, from an empty trick to a complete one."""
    trick = Trick.parse(text)
    assert eval(repr(trick), REPR_NAMESPACE) == trick


# ------------------------------------------------------------------ Hand
def test_hand_len_and_membership() -> None:
    """len counts the cards; ``in`` is true for held cards only, and false for text."""
    hand = Hand.parse("AS JH 9H 7C")
    assert len(hand) == 4
    assert Card(Rank.ACE, Suit.SPADES) in hand
    assert JH in hand
    assert Card(Rank.ACE, Suit.HEARTS) not in hand
    assert "JH" not in hand
    assert len(Hand()) == 0
    assert not Hand()
    assert len(Hand.full()) == 32


def test_hand_iterates_clubs_diamonds_hearts_spades_seven_up_to_ace() -> None:
    """Iteration: clubs, diamonds, hearts, spades; within a suit 7 8 9 10 J Q K A."""
    hand = Hand.parse("AS 7S KD JH 9H 7C AC TD")
    assert [str(card) for card in hand] == ["7C", "AC", "TD", "KD", "9H", "JH", "7S", "AS"]
    assert str(hand) == "7C AC TD KD 9H JH 7S AS"
    assert list(Hand.full()) == list(CARDS)
    hearts = [str(card) for card in Hand.full().of_suit(Suit.HEARTS)]
    assert hearts == ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]


def test_hand_yields_the_interned_cards() -> None:
    """A hand built from fresh Card objects yields the 32 interned instances."""
    hand = Hand([Card(Rank.JACK, Suit.HEARTS), Card(Rank.SEVEN, Suit.CLUBS)])
    assert [card is CARDS[card.index] for card in hand] == [True, True]


def test_hand_is_hashable_and_compares_by_cards() -> None:
    """Hands with the same cards are equal and hash alike, whatever the input order."""
    first = Hand.parse("JH 9H AS")
    second = Hand.parse("AS jh 9♥")
    assert first == second
    assert hash(first) == hash(second)
    assert len({first, second, Hand.parse("7C")}) == 2
    assert {first: "x"}[second] == "x"
    assert first != Hand.parse("JH 9H")
    assert first != "JH 9H AS"


def test_hand_set_operations() -> None:
    """|, &, -, ^ and the subset comparisons work as on sets of cards (by hand)."""
    a = Hand.parse("7C 8C JH AS")
    b = Hand.parse("8C JH KD")
    assert a | b == Hand.parse("7C 8C KD JH AS")
    assert a & b == Hand.parse("8C JH")
    assert a - b == Hand.parse("7C AS")
    assert a ^ b == Hand.parse("7C KD AS")
    assert Hand.parse("8C JH") <= a
    assert Hand.parse("8C JH") < a
    assert a <= a
    assert not a < a
    assert a >= Hand.parse("AS")
    assert a > Hand.parse("AS")
    assert not b <= a
    assert a.isdisjoint(Hand.parse("KD QD"))
    assert not a.isdisjoint(b)
    assert Hand.parse("AS").issubset(a)
    assert a.issuperset(Hand.parse("7C AS"))
    assert a.add(Card(Rank.KING, Suit.DIAMONDS)) == Hand.parse("7C 8C KD JH AS")
    assert a.remove(JH) == Hand.parse("7C 8C AS")
    assert a.of_suit(Suit.CLUBS) == Hand.parse("7C 8C")
    assert a.of_suit(Suit.DIAMONDS) == Hand()


def test_hand_is_immutable() -> None:
    """add and remove return new hands and leave the original unchanged."""
    hand = Hand.parse("7C")
    hand.add(JH)
    hand.remove(Card(Rank.SEVEN, Suit.CLUBS))
    assert hand == Hand.parse("7C")


def test_hand_from_mask_bounds() -> None:
    """from_mask takes 0 to 2**32 - 1: bit i is CARDS[i]."""
    assert Hand.from_mask(0) == Hand()
    assert Hand.from_mask(0xFFFFFFFF) == Hand.full()
    # bits 0 and 1: 7C and 8C; bit 20: JH; bit 31: AS
    assert Hand.from_mask(0b11) == Hand.parse("7C 8C")
    assert Hand.from_mask(1 << 20 | 1 << 31) == Hand.parse("JH AS")
    assert Hand.parse("JH AS").mask == 1 << 20 | 1 << 31


def test_hand_parse_reads_commas_and_mixed_forms() -> None:
    """Hand.parse takes spaces or commas between cards and any card form."""
    assert Hand.parse("jh, 10H 9♥") == Hand(
        [JH, Card(Rank.TEN, Suit.HEARTS), Card(Rank.NINE, Suit.HEARTS)]
    )
    assert Hand.parse("") == Hand()
    assert Hand.parse("  ") == Hand()


# ------------------------------------------------------------------ Seat and Team
ORDER_OF_PLAY = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def test_seat_next_and_previous_follow_the_order_of_play() -> None:
    """RULES.md section 1: "East plays after North, and so on": N E S W N."""
    assert [seat.next for seat in ORDER_OF_PLAY] == [
        Seat.EAST,
        Seat.SOUTH,
        Seat.WEST,
        Seat.NORTH,
    ]
    assert [seat.previous for seat in ORDER_OF_PLAY] == [
        Seat.WEST,
        Seat.NORTH,
        Seat.EAST,
        Seat.SOUTH,
    ]
    for seat in Seat:
        assert seat.next.previous is seat


def test_seat_partner_and_team() -> None:
    """RULES.md section 1: partners opposite, North-South against East-West."""
    assert Seat.NORTH.partner is Seat.SOUTH
    assert Seat.SOUTH.partner is Seat.NORTH
    assert Seat.EAST.partner is Seat.WEST
    assert Seat.WEST.partner is Seat.EAST
    assert Seat.NORTH.team is Team.NORTH_SOUTH
    assert Seat.SOUTH.team is Team.NORTH_SOUTH
    assert Seat.EAST.team is Team.EAST_WEST
    assert Seat.WEST.team is Team.EAST_WEST
    for seat in Seat:
        assert seat.partner.team is seat.team
        assert seat.next.team is seat.team.other


@pytest.mark.parametrize(
    ("steps", "expected"),
    [
        (0, Seat.NORTH),
        (1, Seat.EAST),
        (2, Seat.SOUTH),
        (3, Seat.WEST),
        (4, Seat.NORTH),
        (5, Seat.EAST),
        (-1, Seat.WEST),
        (-2, Seat.SOUTH),
        (-5, Seat.WEST),
    ],
)
def test_seat_offset_counts_places_in_the_order_of_play(steps: int, expected: Seat) -> None:
    """North.offset(k) is k places later in N E S W (earlier when negative), modulo 4."""
    assert Seat.NORTH.offset(steps) is expected


def test_seat_cycle_starts_with_the_seat() -> None:
    """cycle() gives the four seats in the order of play from the seat itself."""
    assert Seat.WEST.cycle() == (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
    assert Seat.NORTH.cycle() == ORDER_OF_PLAY


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("N", Seat.NORTH),
        ("n", Seat.NORTH),
        ("north", Seat.NORTH),
        ("North", Seat.NORTH),
        ("e", Seat.EAST),
        ("EAST", Seat.EAST),
        (" s ", Seat.SOUTH),
        ("south", Seat.SOUTH),
        ("W", Seat.WEST),
        ("west", Seat.WEST),
    ],
)
def test_seat_parse(text: str, expected: Seat) -> None:
    """Seat.parse reads a letter or a name in any case, ignoring surrounding spaces."""
    assert Seat.parse(text) is expected


def test_seat_letters() -> None:
    """Each seat's letter is the initial of its name."""
    assert [seat.letter for seat in ORDER_OF_PLAY] == ["N", "E", "S", "W"]


def test_team_other_and_seats() -> None:
    """Team.other swaps the teams; Team.seats lists the two partners in play order."""
    assert Team.NORTH_SOUTH.other is Team.EAST_WEST
    assert Team.EAST_WEST.other is Team.NORTH_SOUTH
    assert Team.NORTH_SOUTH.seats == (Seat.NORTH, Seat.SOUTH)
    assert Team.EAST_WEST.seats == (Seat.EAST, Seat.WEST)
    for team in Team:
        assert all(seat.team is team for seat in team.seats)
    assert Team.NORTH_SOUTH.short == "NS"
    assert Team.EAST_WEST.short == "EW"


# ------------------------------------------------------------------ Strain
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C", Strain.CLUBS),
        ("d", Strain.DIAMONDS),
        ("H", Strain.HEARTS),
        (" s ", Strain.SPADES),
        ("hearts", Strain.HEARTS),
        ("SPADES", Strain.SPADES),
        ("♣", Strain.CLUBS),
        ("♦", Strain.DIAMONDS),
        ("♥", Strain.HEARTS),
        ("♠", Strain.SPADES),
        ("NT", Strain.NO_TRUMP),
        ("nt", Strain.NO_TRUMP),
        ("no trump", Strain.NO_TRUMP),
        ("no_trump", Strain.NO_TRUMP),
        ("sans atout", Strain.NO_TRUMP),
        ("SA", Strain.NO_TRUMP),
        ("AT", Strain.ALL_TRUMP),
        ("all-trump", Strain.ALL_TRUMP),
        ("tout atout", Strain.ALL_TRUMP),
        ("TA", Strain.ALL_TRUMP),
    ],
)
def test_strain_parse(text: str, expected: Strain) -> None:
    """Strain.parse reads codes, suit letters and symbols, English and French names."""
    assert Strain.parse(text) is expected


def test_strain_properties() -> None:
    """Suit strains have their suit as trumps; no trump and all trump have none."""
    for suit in Suit:
        strain = Strain.from_suit(suit)
        assert strain.trump_suit is suit
        assert strain.is_suit
        assert strain.code == suit.letter
    assert Strain.NO_TRUMP.trump_suit is None
    assert Strain.ALL_TRUMP.trump_suit is None
    assert not Strain.NO_TRUMP.is_suit
    assert not Strain.ALL_TRUMP.is_suit
    assert Strain.NO_TRUMP.code == "NT"
    assert Strain.ALL_TRUMP.code == "AT"


# ------------------------------------------------------------------ bad input
def _call(function: Callable[..., object], *args: object) -> Callable[[], object]:
    """A thunk calling *function* with *args*, typed loosely on purpose (bad input)."""
    return lambda: function(*args)


BAD_TEXT: list[tuple[Callable[[str], object], str, str]] = [
    # (parser, text, the bad text as the message must quote it)
    (Card.parse, "", "''"),
    (Card.parse, "ZZ", "'ZZ'"),
    (Card.parse, "1H", "'1H'"),
    (Card.parse, "11H", "'11H'"),
    (Card.parse, "JX", "'JX'"),
    (Card.parse, "J", "'J'"),
    (Card.parse, "10", "'10'"),
    (Card.parse, "JHH", "'JHH'"),
    (Card.parse, " j x ", "' j x '"),
    (Card.parse, "JH 9H", "'JH 9H'"),
    (Hand.parse, "JH XX", "'XX'"),
    (Hand.parse, "JH, 1", "'1'"),
    (Seat.parse, "X", "'X'"),
    (Seat.parse, "", "''"),
    (Seat.parse, "NE", "'NE'"),
    (Seat.parse, "northeast", "'northeast'"),
    (Strain.parse, "trumps", "'trumps'"),
    (Strain.parse, "", "''"),
    (Strain.parse, "N T", "'N T'"),
    (Strain.parse, "HS", "'HS'"),
    (Trick.parse, "JH 9H", "'JH 9H'"),
    (Trick.parse, "X: JH", "'X'"),
]


@pytest.mark.parametrize(
    ("parse", "text", "quoted"),
    BAD_TEXT,
    ids=[f"{parse.__qualname__}({text!r})" for parse, text, _ in BAD_TEXT],
)
def test_unreadable_text_raises_notation_error_naming_it(
    parse: Callable[[str], object], text: str, quoted: str
) -> None:
    """Text that is not a card, hand, seat, strain or trick raises NotationError (also a
    ValueError) whose message quotes the offending text."""
    with pytest.raises(NotationError, match=re.escape(quoted)) as caught:
        parse(text)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("text", "duplicate"),
    [("JH JH", "JH"), ("JH 10h jh", "JH"), ("10H TH", "TH"), ("7c, 8c, 7♣", "7C")],
)
def test_hand_parse_refuses_a_repeated_card(text: str, duplicate: str) -> None:
    """Hand.parse refuses a card given twice, naming it (in any of its forms)."""
    with pytest.raises(NotationError, match=duplicate):
        Hand.parse(text)


BAD_VALUES: list[tuple[str, Callable[[], object], type[CoincheError], str]] = [
    # (id, call, exception, pattern the message must contain)
    ("Card.from_index(32)", _call(Card.from_index, 32), NotationError, "32"),
    ("Card.from_index(-1)", _call(Card.from_index, -1), NotationError, "-1"),
    (
        "Hand.from_mask(2**32)",
        _call(Hand.from_mask, 2**32),
        NotationError,
        "0x100000000|4294967296",
    ),
    ("Hand.from_mask(-1)", _call(Hand.from_mask, -1), NotationError, "-0x1|-1"),
    (
        "Hand.remove(absent)",
        _call(Hand.parse("7C").remove, Card(Rank.ACE, Suit.SPADES)),
        CardNotInHandError,
        "AS",
    ),
    ("Hand.of_suit(4)", _call(Hand.full().of_suit, 4), CoincheError, "4"),
    ("Strain.from_suit(7)", _call(Strain.from_suit, 7), CoincheError, "7"),
]


@pytest.mark.parametrize(
    ("call", "error", "pattern"),
    [case[1:] for case in BAD_VALUES],
    ids=[case[0] for case in BAD_VALUES],
)
def test_out_of_range_values_raise_the_library_error(
    call: Callable[[], object], error: type[CoincheError], pattern: str
) -> None:
    """A value of the right type but out of range raises a CoincheError naming it."""
    with pytest.raises(error, match=pattern):
        call()


BAD_TYPES: list[tuple[str, Callable[[], object], str]] = [
    # (id, call, the bad value or its type, as the message must name it)
    ("Card.parse(5)", _call(Card.parse, 5), "int"),
    ("Card.parse(None)", _call(Card.parse, None), "NoneType"),
    ("Card.parse(b'JH')", _call(Card.parse, b"JH"), "bytes"),
    ("Card.from_index(1.5)", _call(Card.from_index, 1.5), "float"),
    ("Card.from_index(True)", _call(Card.from_index, True), "bool"),
    ("Card(0, HEARTS)", _call(Card, 0, Suit.HEARTS), r"not 0\b"),
    ("Card(JACK, 'H')", _call(Card, Rank.JACK, "H"), "'H'"),
    ("Hand(['JH'])", _call(Hand, ["JH"]), "'JH'"),
    ("Hand([1])", _call(Hand, [1]), "int"),
    ("Hand('JH')", _call(Hand, "JH"), "'JH'|str"),
    ("Hand(5)", _call(Hand, 5), "int"),
    ("Hand(None)", _call(Hand, None), "NoneType|None"),
    ("Hand.parse(None)", _call(Hand.parse, None), "NoneType"),
    ("Hand.from_mask('3')", _call(Hand.from_mask, "3"), "str"),
    ("Hand.from_mask(True)", _call(Hand.from_mask, True), "bool"),
    ("Hand.add('JH')", _call(Hand().add, "JH"), "str"),
    ("Hand.remove('AS')", _call(Hand.parse("AS").remove, "AS"), "str"),
    ("Hand | frozenset", _call(Hand().__or__, frozenset()), "frozenset"),
    ("Hand <= 3", _call(Hand().__le__, 3), "int"),
    ("Hand.isdisjoint([])", _call(Hand().isdisjoint, []), "list"),
    ("Hand.of_suit('H')", _call(Hand.full().of_suit, "H"), "'H'|str"),
    ("Seat.parse(0)", _call(Seat.parse, 0), "int"),
    ("Seat.offset('1')", _call(Seat.NORTH.offset, "1"), "'1'|str"),
    ("Seat.offset(1.5)", _call(Seat.NORTH.offset, 1.5), "1.5|float"),
    ("Strain.parse(None)", _call(Strain.parse, None), "NoneType"),
    ("Strain.parse(4)", _call(Strain.parse, 4), "int"),
    ("Trick.parse(None)", _call(Trick.parse, None), "NoneType"),
    ("Trick(0, ())", _call(Trick, 0, ()), r"not 0\b"),
]


@pytest.mark.parametrize(
    ("call", "pattern"),
    [case[1:] for case in BAD_TYPES],
    ids=[case[0] for case in BAD_TYPES],
)
def test_wrong_types_raise_coinche_type_error(call: Callable[[], object], pattern: str) -> None:
    """An argument of the wrong type raises CoincheTypeError (also a TypeError), never a
    bare TypeError, KeyError or IndexError, and the message names the bad value or its
    type."""
    with pytest.raises(CoincheTypeError, match=pattern) as caught:
        call()
    assert isinstance(caught.value, TypeError)


def test_errors_share_the_library_root() -> None:
    """Every exception class the library exports derives from CoincheError."""
    for name in (
        "NotationError",
        "CoincheTypeError",
        "CardNotInHandError",
        "InvalidDealError",
        "IllegalCardError",
        "RuleConfigError",
    ):
        assert issubclass(getattr(coinche, name), CoincheError), name


# ------------------------------------------------------------------ interned cards
def test_cards_are_interned() -> None:
    from coinche import CARDS, Rank, Suit

    card = Card(Rank.JACK, Suit.HEARTS)
    assert card is Card.parse("JH") is CARDS[card.index]
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol)) is card
    # a card given to a deal is the interned one
    deal = deal_in_play()
    played = deal.apply(deal.legal_actions()[0])
    assert played.trick is not None
    assert played.trick.cards[0] is CARDS[played.trick.cards[0].index]


# -------------------------------------------------------------- read-only seats, teams and presets
def test_seats_teams_and_presets_are_read_only() -> None:
    with pytest.raises(AttributeError, match="read-only"):
        Seat.NORTH.next = Seat.SOUTH
    with pytest.raises(AttributeError, match="read-only"):
        del Seat.EAST.partner
    with pytest.raises(AttributeError, match="read-only"):
        Team.NORTH_SOUTH.other = Team.NORTH_SOUTH
    with pytest.raises(AttributeError, match="read-only"):
        Team.EAST_WEST.seats = (Seat.NORTH, Seat.SOUTH)
    with pytest.raises(TypeError):
        coinche.PRESETS["common"] = RuleConfig.ffb  # type: ignore[index]
    assert Seat.NORTH.next is Seat.EAST
    assert Team.NORTH_SOUTH.other is Team.EAST_WEST
    assert next(iter(coinche.PRESETS)) == "common"


# ------------------------------------------------------------------ str() of enums
def test_enums_print_as_their_letter_or_code() -> None:
    from coinche import Rank, Suit

    assert str(Seat.NORTH) == "N"
    assert f"{Strain.HEARTS}" == "H"
    assert f"{Strain.NO_TRUMP:>3}" == " NT"
    assert str(Suit.SPADES) == "S"
    assert str(Rank.TEN) == "T"
    assert str(Team.EAST_WEST) == "EW"
    assert repr(Seat.NORTH) == "<Seat.NORTH: 0>"  # repr unchanged
    assert int(Strain.HEARTS) == 2
