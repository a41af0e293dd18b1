"""House rules: one frozen :class:`RuleConfig` with a field per option of the rules page.

Every point where the rule texts disagree is a field; every rule set we support is a
named preset. ``RuleConfig()`` is the :meth:`~RuleConfig.common` preset; change any
option with :func:`attrs.evolve`, which validates the new combination as a whole.

>>> import attrs
>>> from coinche import RuleConfig
>>> RuleConfig() == RuleConfig.common()
True
>>> table = attrs.evolve(RuleConfig.ffb(), target=1000)
>>> table.target, table.scoring, table.preset_name
(1000, <Scoring.FFB: 'ffb'>, None)
>>> RuleConfig.ffb().preset_name
'ffb'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, TypeVar

import attrs

from coinche import _kernel
from coinche._checks import check_type, short_repr
from coinche._trusted import Immutable, fill
from coinche.cards import Strain
from coinche.errors import RuleConfigError
from coinche.seats import Seat

__all__ = [
    "AuctionKind",
    "CoincheTiming",
    "Direction",
    "FirstLead",
    "RuleConfig",
    "Scoring",
]

CAPOT_VALUE: Final = _kernel.CAPOT_VALUE
"""What a capot contract is worth as a bid (rules page, section 6)."""
GENERALE_VALUE: Final = _kernel.GENERALE_VALUE
"""What a générale contract is worth as a bid (rules page, section 6, a decision)."""


class Direction(enum.StrEnum):
    """Which way round the table the order of play runs (display and dealing only)."""

    CLOCKWISE = "clockwise"
    """Seed 000: play starts on the dealer's left and moves left."""
    COUNTERCLOCKWISE = "counterclockwise"
    """Seeds 002 and 003 (FFB): play starts on the dealer's right."""


class CoincheTiming(enum.StrEnum):
    """When an opponent of the highest bidder may coinche."""

    IN_TURN = "in_turn"
    """Only on one's own turn (000, FFB)."""
    ANY_TIME = "any_time"
    """At any time before the auction ends (pagat)."""


class FirstLead(enum.StrEnum):
    """Who leads the first trick."""

    AFTER_DEALER = "after_dealer"
    """The seat after the dealer (000, 002, 003)."""
    TAKER = "taker"
    """The taker (classic belote, 001)."""


class AuctionKind(enum.StrEnum):
    """How the contract is chosen."""

    BIDDING = "bidding"
    """The coinche auction: numeric bids with a strain (rules page, section 3)."""
    TURNED_CARD = "turned_card"
    """Classic belote: take the turned card's suit or name one (rules page, section 8)."""


class Scoring(enum.StrEnum):
    """The scoring system, one per row of section 6 of the rules page."""

    COMMON = "common"
    """000: made = contract + points; failed = 160 + contract to the defenders."""
    FFB = "ffb"
    """003: as common, made needs more than the defenders, coinche multiplies all."""
    PAGAT = "pagat"
    """003 Varianten: made needs max(contract, 82); capot bid flat 500."""
    CONTRACT_ONLY = "contract_only"
    """002: the taker scores only the contract."""
    MIN82 = "min82"
    """004: bids from 82; made = the contract; a coinche doubles every score."""
    CLASSIC = "classic"
    """001: the taker needs 82; each team scores its own points; dedans."""


_E = TypeVar("_E", bound=enum.Enum)


_SCORING_CODES: Final = {
    Scoring.COMMON: _kernel.COMMON,
    Scoring.FFB: _kernel.FFB,
    Scoring.PAGAT: _kernel.PAGAT,
    Scoring.CONTRACT_ONLY: _kernel.CONTRACT_ONLY,
    Scoring.MIN82: _kernel.MIN82,
    Scoring.CLASSIC: _kernel.CLASSIC,
}


def _to_enum(kind: type[_E], name: str, value: object) -> _E:
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in kind)
        raise RuleConfigError(
            f"{name} must be a {kind.__name__} ({choices}), not {short_repr(value)}"
        ) from None


def _to_direction(value: object) -> Direction:
    return _to_enum(Direction, "direction", value)


def _to_auction(value: object) -> AuctionKind:
    return _to_enum(AuctionKind, "auction", value)


def _to_coinche_timing(value: object) -> CoincheTiming:
    return _to_enum(CoincheTiming, "coinche_timing", value)


def _to_first_lead(value: object) -> FirstLead:
    return _to_enum(FirstLead, "first_lead", value)


def _to_scoring(value: object) -> Scoring:
    return _to_enum(Scoring, "scoring", value)


def _check_bool(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not bool:
        raise RuleConfigError(f"{attribute.name} must be True or False, not {short_repr(value)}")


def _check_int(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int:
        raise RuleConfigError(f"{attribute.name} must be an int, not {short_repr(value)}")
    if not -_INT_BOUND <= value <= _INT_BOUND:
        # every int field has a narrower range, checked with the combinations; this
        # first bound keeps absurd integers (which str() may refuse) out of messages
        raise RuleConfigError(
            f"{attribute.name} must be an int from {-_INT_BOUND} to {_INT_BOUND}, "
            f"not {short_repr(value)}"
        )


def _check_optional_int(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        _check_int(instance, attribute, value)


_INT_BOUND: Final = 10**6
MAX_TARGET: Final = 100_000
"""The highest :attr:`RuleConfig.target` (a game to 100,000 already takes about a
thousand deals)."""
MAX_GAMES_TO_WIN: Final = 100
"""The highest :attr:`RuleConfig.games_to_win`."""


def _pattern(value: Any) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise RuleConfigError(f"deal_pattern must be a sequence of ints, not {short_repr(value)}")
    pattern = tuple(value)
    if not pattern or any(type(n) is not int or n < 1 for n in pattern) or sum(pattern) != 8:
        raise RuleConfigError(
            f"deal_pattern must be positive packet sizes adding up to 8, not {short_repr(value)}"
        )
    return pattern


def _bool_field(default: bool, doc: str) -> Any:
    return attrs.field(default=default, validator=_check_bool, metadata={"doc": doc})


def _int_field(default: int, doc: str) -> Any:
    return attrs.field(default=default, validator=_check_int, metadata={"doc": doc})


# Bits of RuleConfig.play_flags, read by the kernel's legal-play generator.
FLAG_PARTNER_EXEMPTION: Final = _kernel.FLAG_PARTNER_EXEMPTION
FLAG_OVERTRUMP_ON_TRUMP_LEAD: Final = _kernel.FLAG_OVERTRUMP_ON_TRUMP_LEAD
FLAG_OVERTRUMP_ONLY_OVER_OPPONENT: Final = _kernel.FLAG_OVERTRUMP_ONLY_OVER_OPPONENT
FLAG_MUST_UNDERTRUMP: Final = _kernel.FLAG_MUST_UNDERTRUMP
FLAG_MONTER: Final = _kernel.FLAG_MONTER


@attrs.frozen(kw_only=True, cache_hash=True)
class RuleConfig(Immutable):
    """Every house rule, one field per option of rules page, sections 1 to 8.

    Frozen and keyword-only. Each field is checked for its type, and the whole object
    for impossible combinations, at construction and in :func:`attrs.evolve`; a bad
    value raises :class:`~coinche.RuleConfigError` naming the fields involved.

    >>> import attrs
    >>> from coinche import RuleConfig
    >>> rules = RuleConfig.pagat()
    >>> rules.coinche_timing, rules.capot_can_be_coinched, rules.max_bid
    (<CoincheTiming.ANY_TIME: 'any_time'>, False, None)
    >>> attrs.evolve(rules, allow_coinche=False)
    Traceback (most recent call last):
    ...
    coinche.errors.RuleConfigError: allow_surcoinche needs allow_coinche: ...
    """

    # --- section 1: cards, seats, strains
    direction: Direction = attrs.field(
        default=Direction.CLOCKWISE,
        converter=_to_direction,
        metadata={"doc": "Which way round the table play runs (display and dealing)."},
    )
    """Which way round the table the order of play runs; display and dealing only."""
    allow_no_trump: bool = _bool_field(False, "No-trump contracts may be bid.")
    """No-trump (sans atout) contracts may be bid."""
    allow_all_trump: bool = _bool_field(False, "All-trump contracts may be bid.")
    """All-trump (tout atout) contracts may be bid."""

    # --- section 2: dealing
    deal_pattern: tuple[int, ...] = attrs.field(
        default=(3, 2, 3),
        converter=_pattern,
        metadata={"doc": "Packet sizes of the deal, adding up to 8."},
    )
    """Packet sizes of the deal, adding up to 8: 3-2-3 (000, 002), 3-3-2 or 2-3-3 (003)."""

    # --- section 3: the auction
    auction: AuctionKind = attrs.field(
        default=AuctionKind.BIDDING,
        converter=_to_auction,
        metadata={"doc": "Numeric bidding (coinche) or the classic turned card."},
    )
    """Numeric bidding (coinche) or the classic turned-card auction (section 8)."""
    min_bid: int = _int_field(80, "The lowest numeric bid.")
    """The lowest numeric bid: 80, or 82 in min82. In a turned-card auction, the target."""
    bid_step: int = _int_field(10, "Numeric bids go up in steps of this much.")
    """Numeric bids are ``min_bid + k * bid_step``."""
    max_bid: int | None = attrs.field(
        default=160,
        validator=_check_optional_int,
        metadata={"doc": "The highest numeric bid; None: no limit below capot."},
    )
    """The highest numeric bid; ``None`` means no limit (the last step below 250, capot)."""
    allow_generale: bool = _bool_field(False, "Générale may be bid above capot.")
    """Générale (one player takes all eight tricks) may be bid above capot (003 variant)."""
    allow_coinche: bool = _bool_field(True, "Opponents may coinche (double).")
    """Opponents of the highest bidder may coinche (double)."""
    coinche_timing: CoincheTiming = attrs.field(
        default=CoincheTiming.IN_TURN,
        converter=_to_coinche_timing,
        metadata={"doc": "Coinche only in turn, or at any time."},
    )
    """Coinche only in turn (000, FFB) or at any time before the auction ends (pagat)."""
    capot_can_be_coinched: bool = _bool_field(True, "A capot bid may be coinched.")
    """A capot bid may be coinched (FFB) or not (pagat)."""
    allow_surcoinche: bool = _bool_field(True, "The bidders may surcoinche.")
    """The bidding team may answer a coinche with a surcoinche (not in 004)."""

    # --- section 4: play
    first_lead: FirstLead = attrs.field(
        default=FirstLead.AFTER_DEALER,
        converter=_to_first_lead,
        metadata={"doc": "Who leads the first trick."},
    )
    """Who leads the first trick: the seat after the dealer, or the taker (001)."""
    partner_master_exemption: bool = _bool_field(
        True, "Not following, you need not trump when your partner is master."
    )
    """Rule 3a: not holding the led suit, you need not trump while your partner is master."""
    overtrump_on_trump_lead: bool = _bool_field(
        True, "On a trump lead you must beat the highest trump if you can."
    )
    """Rule 2: on a trump lead you must beat the highest trump if you can, even a partner's."""
    overtrump_only_over_opponent: bool = _bool_field(
        False, "Trumping, you must overtrump only when an opponent has trumped."
    )
    """Classic: when trumping, the duty to overtrump starts only once an opponent has trumped."""
    must_undertrump: bool = _bool_field(
        True, "Unable to overtrump an opponent, you must still trump."
    )
    """Rule 3c: holding only lower trumps than an opponent's, you must still trump (FFB: no)."""
    monter: bool = _bool_field(False, "Monter: beat the led suit when an opponent has trumped.")
    """Classic: when an opponent has trumped, you must beat the led suit's best card if you can."""

    # --- section 5: belote, announcements, capot
    belote_counts_toward_contract: bool = _bool_field(
        True, "Belote counts toward making the contract."
    )
    """Belote's 20 help the bidders reach the contract (000, 003) or not (002)."""
    belote_requires_declaration: bool = _bool_field(False, "Belote counts only when declared.")
    """Belote counts only when declared; by default the library credits it automatically."""
    announcements: bool = _bool_field(False, "Runs and fours of a kind score.")
    """Announcements (runs, fours of a kind) are played (FFB) or not (000)."""
    runs_in_trump: bool = _bool_field(True, "Runs count in the trump suit too.")
    """Runs count in every suit, trumps included; classic belote: plain suits only."""
    only_best_announcement: bool = _bool_field(
        False, "Only the single best announcement of the deal scores."
    )
    """Classic: only the single highest announcement of the deal is paid."""
    capot_card_points: int = _int_field(250, "Card points of a capot: 250 or 252.")
    """Card points of a team that takes all eight tricks: 250 (000) or 252 (003, 001)."""

    # --- section 6: scoring
    scoring: Scoring = attrs.field(
        default=Scoring.COMMON,
        converter=_to_scoring,
        metadata={"doc": "The scoring system (a row of section 6 of the rules page)."},
    )
    """The scoring system: one row of the table in section 6 of the rules page."""
    rounding: bool = _bool_field(False, "Deal scores round to the nearest 10, 5 up.")
    """Each team's deal score is rounded to the nearest 10, 5 up (FFB, pagat)."""
    min82_adds_points: bool = _bool_field(
        False, "min82: a made contract also scores the bidders' points."
    )
    """min82 only: a made contract scores the bid plus the bidders' points (004 option)."""

    # --- section 7: the game
    target: int = _int_field(1000, "Points that win a game.")
    """Points that win a game: 500, 1000, 1500, 2000 or 3000."""
    games_to_win: int = _int_field(1, "Games needed to win the match.")
    """Games needed to win the match: 1, or 2 for best of three (002)."""

    play_flags: int = attrs.field(init=False, eq=False, repr=False)
    """The play options packed as bits for the legal-play generator (derived, read-only)."""
    score_options: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The scoring options as the kernel reads them (derived, read-only)."""

    def __attrs_post_init__(self) -> None:
        self._check_combination()
        flags = 0
        if self.partner_master_exemption:
            flags |= FLAG_PARTNER_EXEMPTION
        if self.overtrump_on_trump_lead:
            flags |= FLAG_OVERTRUMP_ON_TRUMP_LEAD
        if self.overtrump_only_over_opponent:
            flags |= FLAG_OVERTRUMP_ONLY_OVER_OPPONENT
        if self.must_undertrump:
            flags |= FLAG_MUST_UNDERTRUMP
        if self.monter:
            flags |= FLAG_MONTER
        fill(self, "play_flags", flags)
        options = (
            _SCORING_CODES[self.scoring],
            self.capot_card_points,
            int(self.belote_counts_toward_contract),
            int(self.rounding),
            int(self.min82_adds_points),
        )
        fill(self, "score_options", options)

    def _check_combination(self) -> None:
        if self.min_bid < 1:
            raise RuleConfigError(f"min_bid ({self.min_bid}) must be positive")
        if self.bid_step < 1:
            raise RuleConfigError(f"bid_step ({self.bid_step}) must be positive")
        if self.min_bid >= CAPOT_VALUE:
            raise RuleConfigError(
                f"min_bid ({self.min_bid}) must be below the capot value {CAPOT_VALUE}"
            )
        if self.max_bid is not None:
            if self.max_bid < self.min_bid:
                raise RuleConfigError(
                    f"min_bid ({self.min_bid}) is above max_bid ({self.max_bid})"
                )
            if self.max_bid >= CAPOT_VALUE:
                raise RuleConfigError(
                    f"max_bid ({self.max_bid}) must be below the capot value {CAPOT_VALUE}"
                )
            if (self.max_bid - self.min_bid) % self.bid_step:
                raise RuleConfigError(
                    f"max_bid ({self.max_bid}) is not min_bid ({self.min_bid}) plus a whole "
                    f"number of bid_step ({self.bid_step})"
                )
        if self.allow_surcoinche and not self.allow_coinche:
            raise RuleConfigError(
                "allow_surcoinche needs allow_coinche: there is no surcoinche without a coinche"
            )
        if self.capot_card_points not in (250, 252):
            raise RuleConfigError(
                f"capot_card_points must be 250 or 252, not {self.capot_card_points}"
            )
        if self.target < 1:
            raise RuleConfigError(f"target ({self.target}) must be positive")
        if self.target > MAX_TARGET:
            raise RuleConfigError(f"target ({self.target}) must be at most {MAX_TARGET}")
        if self.games_to_win < 1:
            raise RuleConfigError(f"games_to_win ({self.games_to_win}) must be at least 1")
        if self.games_to_win > MAX_GAMES_TO_WIN:
            raise RuleConfigError(
                f"games_to_win ({self.games_to_win}) must be at most {MAX_GAMES_TO_WIN}"
            )
        if self.scoring is Scoring.CLASSIC and self.auction is not AuctionKind.TURNED_CARD:
            # seed 001: the 82 of ordinary belote and the numbers bid in Coinche are not
            # two versions of one figure; classic scoring needs the classic auction
            raise RuleConfigError(
                "scoring='classic' needs auction='turned_card': in classic belote the "
                "taker needs 82, in Coinche the number it bid"
            )
        if self.auction is AuctionKind.TURNED_CARD:
            wrong = [
                name
                for name, bad in (
                    ("allow_no_trump", self.allow_no_trump),
                    ("allow_all_trump", self.allow_all_trump),
                    ("allow_generale", self.allow_generale),
                    ("min_bid", self.min_bid != 82),
                    ("max_bid", self.max_bid != 82),
                )
                if bad
            ]
            if wrong:
                raise RuleConfigError(
                    "auction='turned_card' names a suit only, and the taker needs the "
                    "fixed 82 of classic belote: it needs allow_no_trump, allow_all_trump "
                    f"and allow_generale off and min_bid and max_bid 82; fix {', '.join(wrong)}"
                )

    # ------------------------------------------------------------------ derived
    @property
    def highest_numeric_bid(self) -> int:
        """The highest numeric bid allowed: :attr:`max_bid`, or the last step below 250.

        >>> from coinche import RuleConfig
        >>> RuleConfig.common().highest_numeric_bid, RuleConfig.ffb().highest_numeric_bid
        (160, 240)
        """
        if self.max_bid is not None:
            return self.max_bid
        steps = (CAPOT_VALUE - 1 - self.min_bid) // self.bid_step
        return self.min_bid + steps * self.bid_step

    def numeric_bids(self) -> range:
        """Every numeric bid value allowed, lowest first.

        >>> from coinche import RuleConfig
        >>> list(RuleConfig.min82().numeric_bids())[:3]
        [82, 92, 102]
        """
        return range(self.min_bid, self.highest_numeric_bid + 1, self.bid_step)

    def strains(self) -> tuple[Strain, ...]:
        """The strains contracts may be played in: the four suits, then no trump and all
        trump when these rules allow them.

        >>> from coinche import RuleConfig
        >>> [strain.code for strain in RuleConfig(allow_no_trump=True).strains()]
        ['C', 'D', 'H', 'S', 'NT']
        """
        suits = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)
        return (
            suits
            + ((Strain.NO_TRUMP,) if self.allow_no_trump else ())
            + ((Strain.ALL_TRUMP,) if self.allow_all_trump else ())
        )

    def first_leader(self, dealer: Seat, taker: Seat) -> Seat:
        """The seat that leads the first trick of a deal *dealer* dealt and *taker* took:
        the seat after the dealer, or the taker under ``first_lead='taker'``.

        >>> from coinche import RuleConfig, Seat
        >>> RuleConfig.common().first_leader(Seat.WEST, Seat.EAST)
        <Seat.NORTH: 0>
        >>> RuleConfig.classic_belote().first_leader(Seat.WEST, Seat.EAST)
        <Seat.EAST: 1>
        """
        if type(dealer) is not Seat or type(taker) is not Seat:  # (once a deal, or more)
            check_type(dealer, Seat, "dealer")
            check_type(taker, Seat, "taker")
        return taker if self.first_lead is FirstLead.TAKER else dealer.next

    @property
    def preset_name(self) -> str | None:
        """The name of the preset this configuration equals, or ``None``."""
        for name, make in PRESETS.items():
            if make() == self:
                return name
        return None

    # ------------------------------------------------------------------ presets
    @classmethod
    def common(cls) -> RuleConfig:
        """The common online rules of seed 000 (the default).

        Bids 80 to 160 by 10, coinche in turn, surcoinche, must undertrump, no
        announcements, capot 250, "contract plus points" scoring with no rounding,
        game to 1000.
        """
        return cls()

    @classmethod
    def ffb(cls) -> RuleConfig:
        """The French federation's rules as seed 003 states them.

        No upper bid, announcements on, a player who cannot overtrump an opponent may
        discard, capot 252, made needs more than the defenders, coinche multiplies the
        whole winning score, rounding to 10, game to 2000, play counter-clockwise.
        """
        return cls(
            direction=Direction.COUNTERCLOCKWISE,
            deal_pattern=(3, 3, 2),
            max_bid=None,
            must_undertrump=False,
            announcements=True,
            capot_card_points=252,
            scoring=Scoring.FFB,
            rounding=True,
            target=2000,
        )

    @classmethod
    def pagat(cls) -> RuleConfig:
        """pagat.com's rules, the differences seed 003 lists under "Varianten", on ffb.

        Made needs the bid and at least 82; a capot bid scores a flat 500 and cannot be
        coinched; coinche at any time; belote added after the multiplier.
        """
        return attrs.evolve(
            cls.ffb(),
            scoring=Scoring.PAGAT,
            coinche_timing=CoincheTiming.ANY_TIME,
            capot_can_be_coinched=False,
        )

    @classmethod
    def contract_only(cls) -> RuleConfig:
        """Seed 002: the taker scores only the contract; belote cannot help make it.

        Best of three games of 1000.
        """
        return cls(
            direction=Direction.COUNTERCLOCKWISE,
            belote_counts_toward_contract=False,
            scoring=Scoring.CONTRACT_ONLY,
            target=1000,
            games_to_win=2,
        )

    @classmethod
    def min82(cls) -> RuleConfig:
        """Seed 004: bids 82 to 162, no surcoinche, a coinche doubles every score; 2000."""
        return cls(
            min_bid=82,
            max_bid=162,
            allow_surcoinche=False,
            scoring=Scoring.MIN82,
            target=2000,
        )

    @classmethod
    def classic_belote(cls) -> RuleConfig:
        """Seed 001: classic belote, the turned-card game, with the taker needing 82.

        The taker leads; no exemption when the partner is master; overtrump only over an
        opponent; monter; runs in plain suits only and only the best announcement paid;
        capot +90 (252); dedans; game to 1000.
        """
        return cls(
            auction=AuctionKind.TURNED_CARD,
            min_bid=82,
            max_bid=82,
            allow_coinche=False,
            allow_surcoinche=False,
            first_lead=FirstLead.TAKER,
            partner_master_exemption=False,
            overtrump_on_trump_lead=False,
            overtrump_only_over_opponent=True,
            monter=True,
            announcements=True,
            runs_in_trump=False,
            only_best_announcement=True,
            capot_card_points=252,
            scoring=Scoring.CLASSIC,
            target=1000,
        )

    @classmethod
    def preset(cls, name: str) -> RuleConfig:
        """The preset called *name* (see :data:`PRESETS`).

        >>> from coinche import RuleConfig
        >>> RuleConfig.preset("ffb") == RuleConfig.ffb()
        True
        >>> RuleConfig.preset("fbb")
        Traceback (most recent call last):
        ...
        coinche.errors.RuleConfigError: unknown preset 'fbb'; known: common, ffb, ...
        """
        make = PRESETS.get(name) if isinstance(name, str) else None
        if make is None:
            raise RuleConfigError(
                f"unknown preset {short_repr(name)}; known: {', '.join(PRESETS)}"
            )
        return make()


PRESETS: Final[Mapping[str, Callable[[], RuleConfig]]] = MappingProxyType(
    {
        "common": RuleConfig.common,
        "ffb": RuleConfig.ffb,
        "pagat": RuleConfig.pagat,
        "contract_only": RuleConfig.contract_only,
        "min82": RuleConfig.min82,
        "classic_belote": RuleConfig.classic_belote,
    }
)
"""Preset names and the class methods that build them (a read-only mapping)."""
