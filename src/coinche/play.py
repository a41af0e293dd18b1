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

from collections.abc import Iterable
from typing import Final, Self

import attrs

from coinche._checks import check_iterable, short_repr
from coinche.cards import CARDS, Card, Hand, Rank, Strain, Suit, hand_from_mask
from coinche.config import (
    FLAG_MONTER,
    FLAG_MUST_UNDERTRUMP,
    FLAG_OVERTRUMP_ON_TRUMP_LEAD,
    FLAG_OVERTRUMP_ONLY_OVER_OPPONENT,
    FLAG_PARTNER_EXEMPTION,
    RuleConfig,
)
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

# ---------------------------------------------------------------- tables
# Strength of each rank within its suit, 0 (weakest) to 7 (strongest).
_TRUMP_ORDER: Final = {
    Rank.JACK: 7,
    Rank.NINE: 6,
    Rank.ACE: 5,
    Rank.TEN: 4,
    Rank.KING: 3,
    Rank.QUEEN: 2,
    Rank.EIGHT: 1,
    Rank.SEVEN: 0,
}
_PLAIN_ORDER: Final = {
    Rank.ACE: 7,
    Rank.TEN: 6,
    Rank.KING: 5,
    Rank.QUEEN: 4,
    Rank.JACK: 3,
    Rank.NINE: 2,
    Rank.EIGHT: 1,
    Rank.SEVEN: 0,
}
# Card points (rules page, section 1): trump, plain, no-trump and all-trump scales.
_TRUMP_POINTS: Final = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10,
                        Rank.KING: 4, Rank.QUEEN: 3}  # fmt: skip
_PLAIN_POINTS: Final = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
_NO_TRUMP_POINTS: Final = {Rank.ACE: 19, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
                           Rank.JACK: 2}  # fmt: skip
_ALL_TRUMP_POINTS: Final = {Rank.JACK: 14, Rank.NINE: 9, Rank.ACE: 6, Rank.TEN: 5,
                            Rank.KING: 3, Rank.QUEEN: 1}  # fmt: skip

SUIT_MASKS: Final = tuple(0xFF << 8 * s for s in range(4))
LAST_TRICK_BONUS: Final = 10


def _is_trump(card: Card, strain: int) -> bool:
    return strain == Strain.ALL_TRUMP or card.suit == strain


def _order(card: Card, strain: int) -> int:
    return (_TRUMP_ORDER if _is_trump(card, strain) else _PLAIN_ORDER)[card.rank]


def _points(card: Card, strain: int) -> int:
    if strain == Strain.NO_TRUMP:
        return _NO_TRUMP_POINTS.get(card.rank, 0)
    if strain == Strain.ALL_TRUMP:
        return _ALL_TRUMP_POINTS.get(card.rank, 0)
    return (_TRUMP_POINTS if card.suit == strain else _PLAIN_POINTS).get(card.rank, 0)


# ORDER[strain][index], POINTS[strain][index], HIGHER[strain][index]: the mask of the
# cards of the same suit that beat the card under that strain.
ORDER: Final = tuple(tuple(_order(c, s) for c in CARDS) for s in Strain)
POINTS: Final = tuple(tuple(_points(c, s) for c in CARDS) for s in Strain)
HIGHER: Final = tuple(
    tuple(
        sum(o.mask for o in CARDS if o.suit == c.suit and ORDER[s][o.index] > ORDER[s][c.index])
        for c in CARDS
    )
    for s in Strain
)
_SEAT_LIST: Final = tuple(Seat)


def _win_key(card: Card, strain: int, led: int) -> int:
    if strain < 4 and card.suit == strain:
        return 16 + ORDER[strain][card.index]
    if card.suit == led:
        return 8 + ORDER[strain][card.index]
    return 0


# WIN_KEY[strain][led suit][index]: higher wins the trick. A trump (suit strain) is
# 16 + its trump order, a card of the led suit 8 + its order, any other card 0.
WIN_KEY: Final = tuple(
    tuple(tuple(_win_key(c, s, led) for c in CARDS) for led in range(4)) for s in Strain
)

# Reason codes of the legal-play generator, one per rule of section 4 of the rules page.
FREE: Final = 0  # any card
FOLLOW: Final = 1  # rule 1: follow the led suit
FOLLOW_HIGHER: Final = 2  # all trump: follow and beat the best card of the led suit
MONTER: Final = 3  # classic: an opponent has trumped, beat the led suit if you can
TRUMP_LEAD_OVER: Final = 4  # rule 2: trumps led, beat the highest trump
TRUMP_LEAD_ANY: Final = 5  # trumps led, any trump (classic, or cannot beat it)
MUST_TRUMP: Final = 6  # rule 3b: not following, trump
OVERTRUMP: Final = 7  # rule 3b: a trump is in the trick, beat it
UNDERTRUMP: Final = 8  # rule 3c: cannot beat an opponent's trump, still trump


def _to_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cards, tuple):
        return cards
    given: object = cards
    if isinstance(given, str):
        raise CoincheTypeError("a trick's cards are Card objects; use Trick.parse for text")
    check_iterable(given, "a trick's cards")
    return tuple(cards)


@attrs.frozen(init=False, repr=False)
class Trick:
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
        _set_leader(self, leader)
        _set_cards(self, played)
        _set_trick_mask(self, mask)

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

    def __str__(self) -> str:
        return f"{self.leader.letter}: " + " ".join(card.code for card in self.cards)

    def __repr__(self) -> str:
        return f"Trick.parse({str(self).rstrip()!r})"

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
        trick = _new(Trick)
        _set_leader(trick, self.leader)
        _set_cards(trick, (*cards, card))
        _set_trick_mask(trick, self.mask | card.mask)
        return trick


_new = object.__new__
# The slots of Trick, set directly by Trick.play (bypassing the frozen __setattr__).
_set_leader = Trick.leader.__set__  # type: ignore[attr-defined]
_set_cards = Trick.cards.__set__  # type: ignore[attr-defined]
_set_trick_mask = Trick.mask.__set__  # type: ignore[attr-defined]


# ---------------------------------------------------------------- legal play
def _legal(hand: int, cards: tuple[Card, ...], strain: int, flags: int) -> tuple[int, int]:
    """The legal cards (a mask) and the rule that restricted them (a reason code).

    *hand* is the mask of the seat to move, *cards* the trick so far (not complete).
    """
    n = len(cards)
    if n == 0:
        return hand, FREE
    first = cards[0]
    led = first.suit
    follow = hand & SUIT_MASKS[led]
    if strain == 4:  # no trump: follow suit if you can, otherwise any card
        return (follow, FOLLOW) if follow else (hand, FREE)
    higher = HIGHER[strain]
    if strain == 5:  # all trump: follow and go higher than the best of the led suit
        if not follow:
            return hand, FREE
        order = ORDER[5]
        top = first.index
        for card in cards[1:]:
            if card.suit == led and order[card.index] > order[top]:
                top = card.index
        over = follow & higher[top]
        return (over, FOLLOW_HIGHER) if over else (follow, FOLLOW)

    # a suit contract: find the master card, its position, and whether an opponent
    # (a position of the other parity from the mover's) has trumped
    key = WIN_KEY[strain][led]
    best_key = key[first.index]
    best_pos = 0
    opponent_trumped = False
    for pos in range(1, n):
        k = key[cards[pos].index]
        if k >= 16 and (n - pos) & 1:
            opponent_trumped = True
        if k > best_key:
            best_key = k
            best_pos = pos
    best = cards[best_pos]
    partner_master = (n - best_pos) & 1 == 0
    trumps = hand & SUIT_MASKS[strain]

    if led == strain:  # rule 2: trumps led
        if not trumps:
            return hand, FREE
        if flags & FLAG_OVERTRUMP_ON_TRUMP_LEAD:
            over = trumps & higher[best.index]
            if over:
                return over, TRUMP_LEAD_OVER
        return trumps, TRUMP_LEAD_ANY

    if follow:  # rule 1, and classic monter
        if flags & FLAG_MONTER and best_key >= 16 and not partner_master:
            order = ORDER[strain]
            top = first.index
            for card in cards[1:]:
                if card.suit == led and order[card.index] > order[top]:
                    top = card.index
            over = follow & higher[top]
            if over:
                return over, MONTER
        return follow, FOLLOW

    if not trumps:  # rule 3d
        return hand, FREE
    if partner_master and flags & FLAG_PARTNER_EXEMPTION:  # rule 3a
        return hand, FREE
    if best_key < 16:  # rule 3b: nobody has trumped yet, any trump
        return trumps, MUST_TRUMP
    if flags & FLAG_OVERTRUMP_ONLY_OVER_OPPONENT and not opponent_trumped:
        return trumps, MUST_TRUMP  # classic: only a partner has trumped
    over = trumps & higher[best.index]
    if over:  # rule 3b: beat the highest trump
        return over, OVERTRUMP
    if partner_master:  # rule 4: any trump under a master partner
        return trumps, MUST_TRUMP
    if flags & FLAG_MUST_UNDERTRUMP:  # rule 3c
        return trumps, UNDERTRUMP
    return hand, FREE  # rule 3c, FFB: may discard instead of undertrumping


_DEFAULT_RULES: Final = RuleConfig()


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
        or len(trick.cards) == 4
        or not hand.mask
        or hand.mask & trick.mask
    ):
        _check_position(hand, trick, strain, rules)  # raises the precise error
    mask = _legal(hand.mask, trick.cards, strain, rules.play_flags)[0]
    return hand if mask == hand.mask else hand_from_mask(mask)


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
    if reason == FOLLOW:
        return f"you must follow {led_name} (rule 1)"
    if reason == FOLLOW_HIGHER:
        return f"all trump: you must play a {led_name[:-1]} higher than the {best} when you can"
    if reason == MONTER:
        return (
            f"an opponent has trumped: you must play a {led_name[:-1]} higher than the "
            f"best {led_name[:-1]} in the trick when you can (monter)"
        )
    if reason == TRUMP_LEAD_OVER:
        return f"trumps were led: you must play a trump higher than the {best} (rule 2)"
    if reason == TRUMP_LEAD_ANY:
        return "trumps were led: you must play a trump (rule 2)"
    if reason == MUST_TRUMP:
        return f"you hold no {led_name}: you must trump (rule 3b)"
    if reason == OVERTRUMP:
        return f"you hold no {led_name}: you must trump higher than the {best} (rule 3b)"
    if reason == UNDERTRUMP:
        return (
            f"you hold no {led_name} and cannot beat the {best}: "
            "you must still play a trump (rule 3c)"
        )
    raise AssertionError(f"no explanation for reason {reason}")  # pragma: no cover


# ---------------------------------------------------------------- tricks
def _master_index(cards: tuple[Card, ...], strain: int) -> int:
    """Position in *cards* (non-empty) of the card currently winning the trick."""
    key = WIN_KEY[strain][cards[0].suit]
    best = key[cards[0].index]
    best_pos = 0
    for pos in range(1, len(cards)):
        k = key[cards[pos].index]
        if k > best:
            best = k
            best_pos = pos
    return best_pos


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
    return POINTS[strain][card.index]


def trick_points(trick: Trick, strain: Strain) -> int:
    """The card points in *trick* (the last-trick bonus is not included).

    >>> from coinche import Strain, Trick, trick_points
    >>> trick_points(Trick.parse("N: JH 9H AH TH"), Strain.HEARTS)
    55
    """
    _check_trick(trick, strain)
    points = POINTS[strain]
    return sum(points[card.index] for card in trick.cards)
