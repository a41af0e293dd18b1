"""Suits, ranks, the 32 cards, hands and strains.

A :class:`Card` has a stable *index* from 0 to 31 (``8 * suit + rank``) and a one-bit
*mask* (``1 << index``). A :class:`Hand` is a set of cards stored as a 32-bit mask,
which is also what legal-move generation works on.

The canonical text of a card is two ASCII characters, bridge style: the rank
``7 8 9 T J Q K A`` then the suit ``C D H S``. :meth:`Card.parse` also reads ``10H``,
suit symbols and lower case.

>>> from coinche import Card, Hand
>>> Card.parse("10h")
Card.parse('TH')
>>> hand = Hand.parse("JH 9H AS 7C")
>>> str(hand)
'7C 9H JH AS'
>>> Card.parse("J♥") in hand
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from typing import Final, Self

import attrs
from typing_extensions import override

from coinche._checks import short_repr
from coinche._trusted import Immutable, fill, trusted
from coinche.errors import CardNotInHandError, CoincheTypeError, NotationError

__all__ = ["CARDS", "Card", "Hand", "Rank", "Strain", "Suit"]


class Suit(enum.IntEnum):
    """The four suits, with stable values 0 to 3 (the order of a sorted hand).

    >>> from coinche import Suit
    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol, int(Suit.HEARTS)
    ('H', '♥', 2)
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's ASCII letter: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @override
    def __str__(self) -> str:
        return "CDHS"[self]

    @override
    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Rank(enum.IntEnum):
    """The eight ranks, with stable values 0 (seven) to 7 (ace) in face order.

    The value is *not* the strength of a card: that depends on the strain (see
    :func:`coinche.card_points` and :func:`coinche.trick_winner`).

    >>> from coinche import Rank
    >>> Rank.TEN.letter, Rank.TEN.label
    ('T', '10')
    """

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def letter(self) -> str:
        """One ASCII character: ``7 8 9 T J Q K A``."""
        return "789TJQKA"[self]

    @property
    def label(self) -> str:
        """The rank as people write it: ``7 8 9 10 J Q K A``."""
        return ("7", "8", "9", "10", "J", "Q", "K", "A")[self]

    @override
    def __str__(self) -> str:
        return "789TJQKA"[self]

    @override
    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Strain(enum.IntEnum):
    """What a contract is played in: a trump suit, no trump or all trump.

    The four suit strains have the same values as the matching :class:`Suit`.

    >>> from coinche import Strain, Suit
    >>> Strain.HEARTS.trump_suit
    <Suit.HEARTS: 2>
    >>> Strain.NO_TRUMP.trump_suit is None
    True
    >>> Strain.from_suit(Suit.SPADES)
    <Strain.SPADES: 3>

    ``str()`` and f-strings give the :attr:`code`; a suit and a rank give their letter:

    >>> from coinche import Rank
    >>> f"{Strain.NO_TRUMP} {Strain.HEARTS} {Suit.CLUBS} {Rank.TEN}"
    'NT H C T'
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NO_TRUMP = 4
    ALL_TRUMP = 5

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit of a suit strain; ``None`` for no trump and all trump."""
        return _SUITS[self] if self < 4 else None

    @property
    def is_suit(self) -> bool:
        """True for the four suit strains."""
        return self < 4

    @property
    def code(self) -> str:
        """Short ASCII code: ``C D H S NT AT``."""
        return ("C", "D", "H", "S", "NT", "AT")[self]

    @override
    def __str__(self) -> str:
        return ("C", "D", "H", "S", "NT", "AT")[self]

    @override
    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @classmethod
    def from_suit(cls, suit: Suit) -> Strain:
        """The strain with *suit* as trumps."""
        if type(suit) is not Suit:
            raise CoincheTypeError(f"suit must be a Suit, not {short_repr(suit)}")
        return cls(int(suit))

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Read a strain from its code, its name, or a suit letter or symbol.

        >>> from coinche import Strain
        >>> Strain.parse("nt"), Strain.parse("all_trump"), Strain.parse("♥")
        (<Strain.NO_TRUMP: 4>, <Strain.ALL_TRUMP: 5>, <Strain.HEARTS: 2>)
        >>> Strain.parse("trumps")
        Traceback (most recent call last):
        ...
        coinche.errors.NotationError: cannot read 'trumps' as a strain ...
        """
        if not isinstance(text, str):
            raise CoincheTypeError(f"a strain is read from a str, not {type(text).__name__}")
        if not plain_text(text):
            raise NotationError(
                f"cannot read {short_repr(text)} as a strain: it holds characters other "
                "than ASCII letters and suit symbols"
            )
        key = text.strip(SPACES).upper().replace(" ", "_").replace("-", "_")
        found = _STRAIN_NAMES.get(key)
        if found is None:
            raise NotationError(
                f"cannot read {short_repr(text)} as a strain (expected one of C D H S NT AT, "
                "a suit symbol, or a name such as HEARTS or NO_TRUMP)"
            )
        return found


_SUITS: Final = tuple(Suit)

SPACES: Final = " \t\r\n"
"""The only characters read as space between words: a control character such as
``\x1c``, which :meth:`str.split` also treats as space, is refused instead."""
_SYMBOLS: Final = frozenset("♣♧♦♢♥♡♠♤")


def plain_text(text: str) -> bool:
    """True when *text* holds only printable ASCII, :data:`SPACES` and suit symbols.

    Everything the library reads is made of those; anything else could be a look-alike
    (``"ſ".upper()`` is ``"S"``) or a hidden control character, and is refused.
    """
    if text.isascii():
        return all((ch >= " " and ch != "\x7f") or ch in SPACES for ch in text)
    return all(ch in _SYMBOLS or (ch.isascii() and (ch >= " " or ch in SPACES)) for ch in text)


def split_words(text: str, separators: str = SPACES) -> list[str]:
    """*text* cut at runs of *separators*, empty words dropped."""
    for sep in separators[1:]:
        text = text.replace(sep, separators[0])
    return [word for word in text.split(separators[0]) if word]


_SUIT_LETTERS: Final = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
_RANK_LETTERS: Final = {
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "T": Rank.TEN,
    "10": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
}
_STRAIN_NAMES: Final = {
    **{s.name: Strain(s) for s in Suit},
    **{k: Strain(v) for k, v in _SUIT_LETTERS.items()},
    "NT": Strain.NO_TRUMP,
    "NO_TRUMP": Strain.NO_TRUMP,
    "NOTRUMP": Strain.NO_TRUMP,
    "SA": Strain.NO_TRUMP,
    "SANS_ATOUT": Strain.NO_TRUMP,
    "AT": Strain.ALL_TRUMP,
    "ALL_TRUMP": Strain.ALL_TRUMP,
    "ALLTRUMP": Strain.ALL_TRUMP,
    "TA": Strain.ALL_TRUMP,
    "TOUT_ATOUT": Strain.ALL_TRUMP,
}


@attrs.frozen(init=False, eq=False, repr=False)
class Card(Immutable):
    """One of the 32 cards: a :class:`Rank` and a :class:`Suit`.

    There are only 32 instances, those of :data:`CARDS`: ``Card(rank, suit)``,
    :meth:`parse`, :meth:`from_index`, copies and unpickling all return one of them, so
    cards are safe to compare with ``is`` as well as ``==``.

    >>> import copy, pickle
    >>> from coinche import Card, Rank, Suit
    >>> card = Card(Rank.JACK, Suit.HEARTS)
    >>> str(card), card.index, card == Card.parse("jh")
    ('JH', 20, True)
    >>> card is Card.parse("JH") is Card.from_index(20) is copy.deepcopy(card)
    True
    >>> pickle.loads(pickle.dumps(card)) is card
    True
    """

    rank: Rank
    """The card's rank."""
    suit: Suit
    """The card's suit."""
    index: int = attrs.field(init=False)
    """Stable number from 0 to 31: ``8 * suit + rank`` (7♣ is 0, A♠ is 31)."""
    mask: int = attrs.field(init=False)
    """``1 << index``: the card's bit in a :class:`Hand` mask."""

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        if type(rank) is not Rank:
            raise CoincheTypeError(f"a card's rank must be a Rank, not {short_repr(rank)}")
        if type(suit) is not Suit:
            raise CoincheTypeError(f"a card's suit must be a Suit, not {short_repr(suit)}")
        index = 8 * suit + rank
        if _INTERNED:  # the 32 cards exist: hand out the one asked for
            return _INTERNED[index]
        return _trusted_card(rank, suit, index, 1 << index)  # one of the 32, made once

    def __init__(self, rank: Rank, suit: Suit) -> None:
        """Everything is done by ``__new__``, which returns an interned card."""

    @override
    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))  # unpickling calls Card(): the interned card

    @override
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    @override
    def __hash__(self) -> int:
        return self.index

    @override
    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    @override
    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def code(self) -> str:
        """The canonical two-character ASCII code, the same as ``str(card)``."""
        return self.rank.letter + self.suit.letter

    @property
    def label(self) -> str:
        """A display form with the suit symbol, such as ``10♥``."""
        return self.rank.label + self.suit.symbol

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this :attr:`index` (0 to 31).

        >>> from coinche import Card
        >>> Card.from_index(31)
        Card.parse('AS')
        """
        if type(index) is not int:
            raise CoincheTypeError(f"a card index is an int, not {type(index).__name__}")
        if not 0 <= index < 32:
            raise NotationError(f"card index {short_repr(index)} is outside 0..31")
        return CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: rank then suit, in any case, spaces allowed.

        Ranks: ``7 8 9 10 T J Q K A``. Suits: ``C D H S`` or ``♣ ♦ ♥ ♠``.

        >>> from coinche import Card
        >>> [str(Card.parse(t)) for t in ("JH", "10h", "TH", "J♥", " q s ")]
        ['JH', 'TH', 'TH', 'JH', 'QS']
        >>> Card.parse("1H")
        Traceback (most recent call last):
        ...
        coinche.errors.NotationError: cannot read '1H' as a card: unknown rank '1'
        """
        if not isinstance(text, str):
            raise CoincheTypeError(f"a card is read from a str, not {type(text).__name__}")
        if not plain_text(text):
            raise NotationError(
                f"cannot read {short_repr(text)} as a card: it holds characters other "
                "than ASCII letters, digits and suit symbols"
            )
        key = "".join(split_words(text)).upper()
        card = _PARSE_TABLE.get(key)
        if card is not None:
            return card
        if len(key) < 2 or key in _RANK_LETTERS:
            raise NotationError(
                f"cannot read {short_repr(text)} as a card: expected a rank and a suit"
            )
        rank_text, suit_text = key[:-1], key[-1]
        if rank_text not in _RANK_LETTERS:
            raise NotationError(
                f"cannot read {short_repr(text)} as a card: unknown rank {short_repr(rank_text)}"
            )
        raise NotationError(
            f"cannot read {short_repr(text)} as a card: unknown suit {short_repr(suit_text)}"
        )

    @classmethod
    def parse_many(cls, text: str) -> tuple[Card, ...]:
        """Read cards separated by spaces or commas, keeping order and repeats.

        >>> from coinche import Card
        >>> Card.parse_many("JH, 9H 10s")
        (Card.parse('JH'), Card.parse('9H'), Card.parse('TS'))
        """
        if not isinstance(text, str):
            raise CoincheTypeError(f"cards are read from a str, not {type(text).__name__}")
        return tuple(cls.parse(word) for word in split_words(text, SPACES + ","))


_trusted_card: Callable[[Rank, Suit, int, int], Card] = trusted(
    Card, "rank", "suit", "index", "mask"
)
_INTERNED: list[Card] = []
CARDS: Final[tuple[Card, ...]] = tuple(Card(Rank(i % 8), Suit(i // 8)) for i in range(32))
"""The 32 cards in :attr:`Card.index` order (7♣ 8♣ ... A♣ 7♦ ... A♠)."""
_INTERNED.extend(CARDS)

_PARSE_TABLE: Final[dict[str, Card]] = {
    rank_text + suit_text: card
    for card in CARDS
    for rank_text, rank in _RANK_LETTERS.items()
    if rank is card.rank
    for suit_text, suit in _SUIT_LETTERS.items()
    if suit is card.suit
}

# _BYTE_CARDS[suit][byte]: the cards of that suit whose rank bits are set in byte.
_BYTE_CARDS: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    tuple(tuple(CARDS[8 * s + r] for r in range(8) if byte >> r & 1) for byte in range(256))
    for s in range(4)
)
_FULL_MASK: Final = (1 << 32) - 1


@attrs.frozen(init=False, eq=False, repr=False)
class Hand(Immutable):
    """An immutable set of cards, stored as a 32-bit :attr:`mask`.

    ``Hand(cards)`` takes any iterable of :class:`Card` (repeats are merged, as in a
    set); :meth:`parse` reads text and refuses repeats. A hand supports ``len``,
    ``in``, ``==``, hashing, ``|``, ``&``, ``-``, ``^`` and the subset comparisons.
    Iteration is in :attr:`Card.index` order: clubs, diamonds, hearts, spades, and
    within a suit 7 8 9 10 J Q K A.

    >>> from coinche import Hand, Suit
    >>> hand = Hand.parse("AS JH 9H 7C")
    >>> [str(c) for c in hand]
    ['7C', '9H', 'JH', 'AS']
    >>> len(hand), hand.of_suit(Suit.HEARTS)
    (4, Hand.parse('9H JH'))
    >>> hand - Hand.parse("JH") == Hand.parse("7C 9H AS")
    True
    """

    mask: int
    """Bit ``card.index`` is set for each card in the hand."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        mask = 0
        given: object = cards
        if isinstance(given, (str, bytes)):
            raise CoincheTypeError(
                f"a Hand is built from Card objects, not a {type(given).__name__} "
                f"({short_repr(given)}); use Hand.parse for text"
            )
        if not isinstance(given, Iterable):
            raise CoincheTypeError(
                "a Hand is built from an iterable of Card objects, "
                f"not {type(given).__name__} ({short_repr(given)})"
            )
        items: Iterable[object] = cards
        for item in items:
            if isinstance(item, Card):
                mask |= item.mask
                continue
            hint = "; use Hand.parse for text" if isinstance(item, str) else ""
            raise CoincheTypeError(
                f"a Hand holds Card objects, not {type(item).__name__} ({short_repr(item)}){hint}"
            )
        fill(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> Self:
        """The hand whose cards are the set bits of *mask* (an int below ``2**32``).

        >>> from coinche import Hand
        >>> Hand.from_mask(0b11)
        Hand.parse('7C 8C')
        """
        if type(mask) is not int:
            raise CoincheTypeError(f"a hand mask is an int, not {type(mask).__name__}")
        if not 0 <= mask <= _FULL_MASK:
            raise NotationError(f"hand mask {short_repr(mask)} is outside 0..0xffffffff")
        return hand_from_mask(mask)  # type: ignore[return-value]

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a hand: card codes separated by spaces or commas, each card once.

        >>> from coinche import Hand
        >>> Hand.parse("jh, 10H 9♥")
        Hand.parse('9H TH JH')
        >>> Hand.parse("")
        Hand.parse('')
        """
        mask = 0
        for card in Card.parse_many(text):
            if mask & card.mask:
                raise NotationError(f"card {card} appears twice in {short_repr(text)}")
            mask |= card.mask
        return cls.from_mask(mask)

    @classmethod
    def full(cls) -> Self:
        """All 32 cards.

        >>> from coinche import Hand
        >>> len(Hand.full())
        32
        """
        return cls.from_mask(_FULL_MASK)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards as a tuple, in iteration order.

        >>> from coinche import Hand
        >>> Hand.parse("AS 7C").cards
        (Card.parse('7C'), Card.parse('AS'))
        """
        m = self.mask
        return (
            _BYTE_CARDS[0][m & 255]
            + _BYTE_CARDS[1][m >> 8 & 255]
            + _BYTE_CARDS[2][m >> 16 & 255]
            + _BYTE_CARDS[3][m >> 24 & 255]
        )

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    @override
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Hand):
            return self.mask == other.mask
        return NotImplemented

    @override
    def __hash__(self) -> int:
        return hash((Hand, self.mask))

    @override
    def __str__(self) -> str:
        return " ".join(card.code for card in self.cards)

    @override
    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def _repr_svg_(self) -> str:  # Jupyter draws the hand (coinche.svg.hand)
        from coinche import svg  # noqa: PLC0415 - display hook (docs/architecture.rst)

        return svg.hand(self)

    def _other_mask(self, other: object) -> int:
        if isinstance(other, Hand):
            return other.mask
        raise CoincheTypeError(f"expected a Hand, not {type(other).__name__}")

    def __or__(self, other: Hand) -> Hand:
        return Hand.from_mask(self.mask | self._other_mask(other))

    def __and__(self, other: Hand) -> Hand:
        return Hand.from_mask(self.mask & self._other_mask(other))

    def __sub__(self, other: Hand) -> Hand:
        return Hand.from_mask(self.mask & ~self._other_mask(other))

    def __xor__(self, other: Hand) -> Hand:
        return Hand.from_mask(self.mask ^ self._other_mask(other))

    def __le__(self, other: Hand) -> bool:
        return self.mask & ~self._other_mask(other) == 0

    def __lt__(self, other: Hand) -> bool:
        return self <= other and self.mask != other.mask

    def __ge__(self, other: Hand) -> bool:
        return self._other_mask(other) & ~self.mask == 0

    def __gt__(self, other: Hand) -> bool:
        return self >= other and self.mask != other.mask

    def isdisjoint(self, other: Hand) -> bool:
        """True when the two hands share no card."""
        return self.mask & self._other_mask(other) == 0

    def issubset(self, other: Hand) -> bool:
        """True when every card of this hand is in *other* (``<=``)."""
        return self <= other

    def issuperset(self, other: Hand) -> bool:
        """True when every card of *other* is in this hand (``>=``)."""
        return self >= other

    def add(self, card: Card) -> Hand:
        """A new hand with *card* added.

        >>> from coinche import Card, Hand
        >>> Hand.parse("7C").add(Card.parse("8C"))
        Hand.parse('7C 8C')
        """
        if not isinstance(card, Card):
            raise CoincheTypeError(f"expected a Card, not {type(card).__name__}")
        return Hand.from_mask(self.mask | card.mask)

    def remove(self, card: Card) -> Hand:
        """A new hand without *card*, which must be in the hand.

        >>> from coinche import Card, Hand
        >>> Hand.parse("7C 8C").remove(Card.parse("8C"))
        Hand.parse('7C')
        >>> Hand.parse("7C").remove(Card.parse("8C"))
        Traceback (most recent call last):
        ...
        coinche.errors.CardNotInHandError: 8C is not in the hand 7C
        """
        if not isinstance(card, Card):
            raise CoincheTypeError(f"expected a Card, not {type(card).__name__}")
        if not self.mask & card.mask:
            raise CardNotInHandError(f"{card} is not in the hand {self}")
        return hand_from_mask(self.mask ^ card.mask)

    def of_suit(self, suit: Suit) -> Hand:
        """The cards of one suit.

        >>> from coinche import Hand, Suit
        >>> Hand.parse("7C 8H 9H").of_suit(Suit.HEARTS)
        Hand.parse('8H 9H')
        """
        if type(suit) is not Suit:
            raise CoincheTypeError(f"suit must be a Suit, not {short_repr(suit)}")
        return hand_from_mask(self.mask & 0xFF << 8 * suit)


hand_from_mask: Callable[[int], Hand] = trusted(Hand, "mask")
"""The hand of a mask the library made (below ``2**32``), unchecked: see coinche._trusted."""
