"""Tricks and the rules of play: which cards are legal, who wins a trick, card points.

Rule numbers in the messages and comments refer to section 4 of the rules page.

>>> from coinche import Hand, RuleConfig, Seat, Strain, Trick, legal_cards, trick_winner
>>> trick = Trick.parse("N: AH 7S")        # North led the ace of hearts, East trumped
>>> hand = Hand.parse("KH 8S JS 7D")       # South holds a heart
>>> legal_cards(hand, trick, Strain.SPADES)
Hand.parse('KH')
>>> trick_winner(Trick.parse("N: AH 7S KH TH"), Strain.SPADES)
<Seat.EAST: 1>
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, Self

import attrs
from typing_extensions import override

from coinche._checks import check_iterable, short_repr
from coinche._trusted import Immutable, fill, trusted
from coinche.cards import Card, Hand, Strain, Suit, hand_from_mask
from coinche.config import RuleConfig
from coinche.errors import CoincheTypeError, InvalidDealError, NotationError
from coinche.seats import Seat

__all__ = [
    "Trick",
    "card_points",
    "explain_card",
    "is_legal_card",
    "legal_cards",
    "trick_master",
    "trick_points",
    "trick_winner",
]

from coinche import _kernel as K

LAST_TRICK_BONUS: Final = K.LAST_TRICK_BONUS
_SEAT_LIST: Final = tuple(Seat)


def _to_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cards, tuple):
        return cards
    given: object = cards
    if isinstance(given, str):
        raise CoincheTypeError("a trick's cards are Card objects; use Trick.parse for text")
    check_iterable(given, "a trick's cards")
    return tuple(cards)


@attrs.frozen(init=False, repr=False)
class Trick(Immutable):
    """A trick in progress or complete: the seat that led and the cards in order of play.

    ``cards[0]`` was played by *leader*, ``cards[1]`` by ``leader.next``, and so on; the
    trick is complete at four cards. Building a trick checks the types, the count and
    that no card appears twice; it does not check that the plays were legal (that
    needs the hands: see :func:`legal_cards`).

    >>> from coinche import Card, Seat, Trick
    >>> trick = Trick(Seat.WEST, (Card.parse("JH"), Card.parse("9H")))
    >>> trick.to_move, trick.is_complete, str(trick)
    (<Seat.EAST: 1>, False, 'W: JH 9H')
    >>> trick.play(Card.parse("7H")).cards[-1]
    Card.parse('7H')
    """

    leader: Seat
    """The seat that played the first card."""
    cards: tuple[Card, ...]
    """The cards in the order they were played, from the leader on."""
    mask: int = attrs.field(init=False, eq=False)
    """The trick's cards as a hand mask."""

    def __init__(self, leader: Seat, cards: Iterable[Card] = ()) -> None:
        if type(leader) is not Seat:
            raise CoincheTypeError(f"a trick's leader must be a Seat, not {short_repr(leader)}")
        played = _to_cards(cards)
        if len(played) > 4:
            raise InvalidDealError(f"a trick holds at most 4 cards, not {len(played)}")
        mask = 0
        for item in played:
            card: object = item
            if not isinstance(card, Card):
                raise CoincheTypeError(
                    f"a trick holds Card objects, not {type(card).__name__} ({short_repr(card)})"
                )
            if mask & card.mask:
                raise InvalidDealError(f"card {card} is played twice in the trick")
            mask |= card.mask
        fill(self, "leader", leader)
        fill(self, "cards", played)
        fill(self, "mask", mask)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a trick written as ``"N: JH 9H 7H"``: the leader, a colon, the cards.

        >>> from coinche import Trick
        >>> Trick.parse("w: 10h jh").cards
        (Card.parse('TH'), Card.parse('JH'))
        >>> Trick.parse("JH 9H")
        Traceback (most recent call last):
        ...
        coinche.errors.NotationError: cannot read 'JH 9H' as a trick: write the leader first, ...
        """
        if not isinstance(text, str):
            raise CoincheTypeError(f"a trick is read from a str, not {type(text).__name__}")
        head, colon, rest = text.partition(":")
        if not colon:
            raise NotationError(
                f"cannot read {short_repr(text)} as a trick: "
                "write the leader first, as in 'N: JH 9H'"
            )
        return cls(Seat.parse(head), Card.parse_many(rest))

    @override
    def __str__(self) -> str:
        return f"{self.leader.letter}: " + " ".join(card.code for card in self.cards)

    @override
    def __repr__(self) -> str:
        return f"Trick.parse({str(self).rstrip()!r})"

    def _repr_svg_(self) -> str:  # Jupyter draws the trick (coinche.svg.trick)
        from coinche import svg  # noqa: PLC0415 - display hook (docs/architecture.rst)

        return svg.trick(self)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def is_complete(self) -> bool:
        """True once all four seats have played."""
        return len(self.cards) == 4

    @property
    def to_move(self) -> Seat:
        """The seat that plays next; a complete trick raises :class:`InvalidDealError`."""
        if len(self.cards) == 4:
            raise InvalidDealError("the trick is complete: nobody is to move")
        return self.leader.offset(len(self.cards))

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the first card, or ``None`` for an empty trick."""
        return self.cards[0].suit if self.cards else None

    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """Each card with the seat that played it.

        >>> from coinche import Trick
        >>> [(seat.letter, str(card)) for seat, card in Trick.parse("S: 7C 8C").plays()]
        [('S', '7C'), ('W', '8C')]
        """
        return tuple((self.leader.offset(i), card) for i, card in enumerate(self.cards))

    def seat_of(self, card: Card) -> Seat:
        """The seat that played *card* in this trick."""
        if type(card) is not Card:
            raise CoincheTypeError(f"card must be a Card, not {short_repr(card)}")
        for i, played in enumerate(self.cards):
            if played == card:
                return self.leader.offset(i)
        raise InvalidDealError(f"{card} is not in the trick {self}")

    def play(self, card: Card) -> Trick:
        """A new trick with *card* added by the seat to move (legality is not checked).

        >>> from coinche import Card, Trick
        >>> Trick.parse("N: 7C").play(Card.parse("7C"))
        Traceback (most recent call last):
        ...
        coinche.errors.InvalidDealError: card 7C is played twice in the trick
        """
        cards = self.cards
        if len(cards) >= 4:
            raise InvalidDealError("the trick is complete: no card can be added")
        if not isinstance(card, Card):
            raise CoincheTypeError(f"expected a Card, not {type(card).__name__}")
        if self.mask & card.mask:
            raise InvalidDealError(f"card {card} is played twice in the trick")
        return trusted_trick(self.leader, (*cards, card), self.mask | card.mask)


trusted_trick: Callable[[Seat, tuple[Card, ...], int], Trick] = trusted(
    Trick, "leader", "cards", "mask"
)
"""A trick of at most four distinct cards whose masks make the mask, unchecked: the
caller vouches for them (see coinche._trusted)."""


# ---------------------------------------------------------------- legal play
def _legal(hand: int, cards: tuple[Card, ...], strain: int, flags: int) -> tuple[int, int]:
    """The legal cards (a mask) and the rule that restricted them (a reason code).

    *hand* is the mask of the seat to move, *cards* the trick so far (not complete).
    """
    n = len(cards)
    c0 = cards[0].index if n else 0
    c1 = cards[1].index if n > 1 else 0
    c2 = cards[2].index if n > 2 else 0
    packed = K.legal(hand, n, c0, c1, c2, strain, flags)
    return packed & K.ALL_CARDS, packed >> K.REASON_SHIFT


_DEFAULT_RULES: Final = RuleConfig()
_kernel_legal: Final = K.legal
_ALL_CARDS: Final = K.ALL_CARDS


def _check_position(
    hand: Hand, trick: Trick, strain: Strain, rules: RuleConfig = _DEFAULT_RULES
) -> None:
    if not isinstance(rules, RuleConfig):
        raise CoincheTypeError(f"rules must be a RuleConfig, not {type(rules).__name__}")
    if not isinstance(hand, Hand):
        raise CoincheTypeError(f"hand must be a Hand, not {type(hand).__name__}")
    if not isinstance(trick, Trick):
        raise CoincheTypeError(f"trick must be a Trick, not {type(trick).__name__}")
    if type(strain) is not Strain:
        raise CoincheTypeError(f"strain must be a Strain, not {short_repr(strain)}")
    if len(trick.cards) == 4:
        raise InvalidDealError(f"the trick {trick} is complete: nobody is to move")
    if not hand.mask:
        raise InvalidDealError("the hand is empty: there is no card to play")
    if hand.mask & trick.mask:
        shared = Hand.from_mask(hand.mask & trick.mask)
        raise InvalidDealError(f"{shared} is both in the hand and in the trick")


def legal_cards(
    hand: Hand, trick: Trick, strain: Strain, rules: RuleConfig = _DEFAULT_RULES
) -> Hand:
    """The cards of *hand* that the seat to move in *trick* may play.

    *hand* is the mover's hand (without the cards already played), *trick* the trick so
    far. The result is never empty and always a subset of *hand*.

    >>> from coinche import Hand, RuleConfig, Strain, Trick, legal_cards
    >>> hand = Hand.parse("7S KD AD")
    >>> trick = Trick.parse("N: AH JS")   # East trumped North's ace: an opponent is master
    >>> legal_cards(hand, trick, Strain.SPADES)                  # must undertrump (rule 3c)
    Hand.parse('7S')
    >>> legal_cards(hand, trick, Strain.SPADES, RuleConfig.ffb())  # FFB: may discard
    Hand.parse('KD AD 7S')

    :raises InvalidDealError: the trick is complete, the hand is empty, or a card is both
        in the hand and in the trick.
    :raises CoincheTypeError: an argument of the wrong type.
    """
    if (
        type(hand) is not Hand
        or type(trick) is not Trick
        or type(strain) is not Strain
        or type(rules) is not RuleConfig
    ):
        _check_position(hand, trick, strain, rules)  # raises the precise error
    cards = trick.cards
    n = len(cards)
    have = hand.mask
    if n == 4 or not have or have & trick.mask:
        _check_position(hand, trick, strain, rules)
    if n == 0:  # a lead: any card
        return hand
    mask = (
        _kernel_legal(
            have,
            n,
            cards[0].index,
            cards[1].index if n > 1 else 0,
            cards[2].index if n > 2 else 0,
            strain,
            rules.play_flags,
        )
        & _ALL_CARDS
    )
    return hand if mask == have else hand_from_mask(mask)


def is_legal_card(
    card: Card, hand: Hand, trick: Trick, strain: Strain, rules: RuleConfig = _DEFAULT_RULES
) -> bool:
    """True when *card* is in *hand* and the seat to move in *trick* may play it.

    >>> from coinche import Card, Hand, Strain, Trick, is_legal_card
    >>> hand = Hand.parse("7H AS")
    >>> is_legal_card(Card.parse("AS"), hand, Trick.parse("N: 8H"), Strain.CLUBS)
    False
    """
    if not isinstance(card, Card):
        raise CoincheTypeError(f"card must be a Card, not {type(card).__name__}")
    _check_position(hand, trick, strain, rules)
    return bool(_legal(hand.mask, trick.cards, strain, rules.play_flags)[0] & card.mask)


def explain_card(
    card: Card, hand: Hand, trick: Trick, strain: Strain, rules: RuleConfig = _DEFAULT_RULES
) -> str | None:
    """Why *card* may not be played now, in plain words; ``None`` when it is legal.

    Meant for user interfaces: the sentence names the rule and the cards involved.

    >>> from coinche import Card, Hand, Strain, Trick, explain_card
    >>> hand = Hand.parse("7S 9S KD")
    >>> trick = Trick.parse("N: AH JS")
    >>> print(explain_card(Card.parse("KD"), hand, trick, Strain.SPADES))
    you hold no hearts and cannot beat the JS: you must still play a trump (rule 3c)
    >>> explain_card(Card.parse("7S"), hand, trick, Strain.SPADES) is None
    True
    """
    if not isinstance(card, Card):
        raise CoincheTypeError(f"card must be a Card, not {type(card).__name__}")
    _check_position(hand, trick, strain, rules)
    if not hand.mask & card.mask:
        return f"{card} is not in your hand"
    mask, reason = _legal(hand.mask, trick.cards, strain, rules.play_flags)
    if mask & card.mask:
        return None
    return _explain(reason, trick, strain)


def _explain(reason: int, trick: Trick, strain: Strain) -> str:
    led = trick.cards[0].suit
    led_name = led.name.lower()
    best = _master_card(trick.cards, strain)
    if reason == K.FOLLOW:
        return f"you must follow {led_name} (rule 1)"
    if reason == K.FOLLOW_HIGHER:
        return f"all trump: you must play a {led_name[:-1]} higher than the {best} when you can"
    if reason == K.MONTER:
        return (
            f"an opponent has trumped: you must play a {led_name[:-1]} higher than the "
            f"best {led_name[:-1]} in the trick when you can (monter)"
        )
    if reason == K.TRUMP_LEAD_OVER:
        return f"trumps were led: you must play a trump higher than the {best} (rule 2)"
    if reason == K.TRUMP_LEAD_ANY:
        return "trumps were led: you must play a trump (rule 2)"
    if reason == K.MUST_TRUMP:
        return f"you hold no {led_name}: you must trump (rule 3b)"
    if reason == K.OVERTRUMP:
        return f"you hold no {led_name}: you must trump higher than the {best} (rule 3b)"
    if reason == K.UNDERTRUMP:
        return (
            f"you hold no {led_name} and cannot beat the {best}: "
            "you must still play a trump (rule 3c)"
        )
    raise AssertionError(f"no explanation for reason {reason}")  # pragma: no cover


# ---------------------------------------------------------------- tricks
def _master_index(cards: tuple[Card, ...], strain: int) -> int:
    """Position in *cards* (non-empty) of the card currently winning the trick."""
    n = len(cards)
    return K.master_pos(
        n,
        cards[0].index,
        cards[1].index if n > 1 else 0,
        cards[2].index if n > 2 else 0,
        cards[3].index if n > 3 else 0,
        strain,
    )


def _master_card(cards: tuple[Card, ...], strain: int) -> Card:
    return cards[_master_index(cards, strain)]


def _check_trick(trick: Trick, strain: Strain) -> None:
    if not isinstance(trick, Trick):
        raise CoincheTypeError(f"trick must be a Trick, not {type(trick).__name__}")
    if type(strain) is not Strain:
        raise CoincheTypeError(f"strain must be a Strain, not {short_repr(strain)}")


def trick_winner(trick: Trick, strain: Strain) -> Seat:
    """The seat that wins the complete *trick* when *strain* is the contract.

    The highest trump if any was played, otherwise the highest card of the led suit;
    in no trump and all trump, the highest card of the led suit (plain or trump order).
    For a trick still in progress use :func:`trick_master`.

    >>> from coinche import Strain, Trick, trick_winner
    >>> trick = Trick.parse("N: AH 7S KH TH")
    >>> trick_winner(trick, Strain.SPADES), trick_winner(trick, Strain.HEARTS)
    (<Seat.EAST: 1>, <Seat.NORTH: 0>)
    >>> trick_winner(trick, Strain.ALL_TRUMP)   # 10 beats K in trump order; A beats 10
    <Seat.NORTH: 0>

    :raises InvalidDealError: the trick is not complete.
    """
    _check_trick(trick, strain)
    if len(trick.cards) != 4:
        raise InvalidDealError(
            f"the trick {trick} is not complete; trick_master gives the seat winning so far"
        )
    return _SEAT_LIST[(trick.leader + _master_index(trick.cards, strain)) & 3]


def trick_master(trick: Trick, strain: Strain) -> Seat:
    """The seat whose card is winning *trick* so far (the trick may be incomplete).

    >>> from coinche import Strain, Trick, trick_master
    >>> trick_master(Trick.parse("S: 7H 9H"), Strain.CLUBS)
    <Seat.WEST: 3>
    """
    _check_trick(trick, strain)
    if not trick.cards:
        raise InvalidDealError("an empty trick has no master")
    return _SEAT_LIST[(trick.leader + _master_index(trick.cards, strain)) & 3]


def card_points(card: Card, strain: Strain) -> int:
    """What *card* is worth in a contract played in *strain* (rules page, section 1).

    >>> from coinche import Card, Strain, card_points
    >>> jack = Card.parse("JH")
    >>> [card_points(jack, s) for s in (Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMP,
    ...                                 Strain.ALL_TRUMP)]
    [20, 2, 2, 14]
    """
    if not isinstance(card, Card):
        raise CoincheTypeError(f"card must be a Card, not {type(card).__name__}")
    if type(strain) is not Strain:
        raise CoincheTypeError(f"strain must be a Strain, not {short_repr(strain)}")
    return K.card_points(card.index, strain)


def trick_points(trick: Trick, strain: Strain) -> int:
    """The card points in *trick* (the last-trick bonus is not included).

    >>> from coinche import Strain, Trick, trick_points
    >>> trick_points(Trick.parse("N: JH 9H AH TH"), Strain.HEARTS)
    55
    """
    _check_trick(trick, strain)
    return K.mask_points(trick.mask, strain)
