"""coinche: the rules of Coinche (belote coinchée / contrée) as a typed Python library.

Ask which cards are legal, who won a trick, and what a finished deal scores, under the
house rules your table plays (:class:`RuleConfig` and its presets).

Docstrings cite the rules by section of "the rules page": the documentation's page
*The rules as implemented* (``docs/rules.rst``), whose sections 1 to 9 cover the cards,
dealing, the auction, play, belote and announcements, scoring, the game, the classic
auction and the decisions taken where the rule books are silent.

>>> import coinche
>>> hand = coinche.Hand.parse("JH 9H AS 7C KD")
>>> trick = coinche.Trick.parse("N: AC")
>>> coinche.legal_cards(hand, trick, coinche.Strain.HEARTS)
Hand.parse('7C')
"""

import typing as _typing
from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES
from importlib.metadata import PackageNotFoundError as _PackageNotFoundError
from importlib.metadata import version as _version

from coinche import _kernel
from coinche.announcements import (
    Announcement,
    AnnouncementKind,
    compare_announcements,
    find_announcements,
)
from coinche.auction import Auction
from coinche.auction.classic import ClassicAuction

# the calls of both auctions, where they are defined (coinche.auction re-exports some)
from coinche.calls import (
    COINCHE,
    PASS,
    SURCOINCHE,
    TAKE,
    AnyCall,
    Bid,
    Call,
    ClassicCall,
    Coinche,
    NameSuit,
    Pass,
    Surcoinche,
    Take,
    parse_any_call,
    parse_call,
    parse_classic_call,
)
from coinche.cards import CARDS, Card, Hand, Rank, Strain, Suit
from coinche.config import (
    PRESETS,
    AuctionKind,
    CoincheTiming,
    Direction,
    FirstLead,
    RuleConfig,
    Scoring,
)
from coinche.contract import CAPOT, GENERALE, Contract, SpecialBid, allowed_contract
from coinche.deal import Action, Deal, Phase, PlayerView, Step
from coinche.errors import (
    CardNotInHandError,
    CoincheError,
    CoincheTypeError,
    CoincheValueError,
    DrawingError,
    IllegalActionError,
    IllegalCallError,
    IllegalCardError,
    InvalidDealError,
    InvalidRecordError,
    NotationError,
    RuleConfigError,
)
from coinche.game import Game
from coinche.notation import format_deal, parse_deal
from coinche.play import (
    Trick,
    card_points,
    explain_card,
    is_legal_card,
    legal_cards,
    trick_master,
    trick_points,
    trick_winner,
)
from coinche.records import dumps, loads, loads_as
from coinche.report import render_deal
from coinche.scoring import DealResult, ScoreTerm, TeamPoints, round_score, score_deal
from coinche.seats import Seat, Team
from coinche.step import parse_action

COMPILED: bool = _kernel.__file__.endswith(tuple(_EXTENSION_SUFFIXES))
"""True when the integer kernel runs compiled by mypyc (the optional compiled build)."""

try:
    __version__ = _version("coinche")
except _PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "CAPOT",
    "CARDS",
    "COINCHE",
    "COMPILED",
    "GENERALE",
    "PASS",
    "PRESETS",
    "SURCOINCHE",
    "TAKE",
    "Action",
    "Announcement",
    "AnnouncementKind",
    "AnyCall",
    "Auction",
    "AuctionKind",
    "Bid",
    "Call",
    "Card",
    "CardNotInHandError",
    "ClassicAuction",
    "ClassicCall",
    "Coinche",
    "CoincheError",
    "CoincheTiming",
    "CoincheTypeError",
    "CoincheValueError",
    "Contract",
    "Deal",
    "DealResult",
    "Direction",
    "DrawingError",
    "FirstLead",
    "Game",
    "Hand",
    "IllegalActionError",
    "IllegalCallError",
    "IllegalCardError",
    "InvalidDealError",
    "InvalidRecordError",
    "NameSuit",
    "NotationError",
    "Pass",
    "Phase",
    "PlayerView",
    "Rank",
    "RuleConfig",
    "RuleConfigError",
    "ScoreTerm",
    "Scoring",
    "Seat",
    "SpecialBid",
    "Step",
    "Strain",
    "Suit",
    "Surcoinche",
    "Take",
    "Team",
    "TeamPoints",
    "Trick",
    "__version__",
    "allowed_contract",
    "card_points",
    "compare_announcements",
    "dumps",
    "explain_card",
    "find_announcements",
    "format_deal",
    "is_legal_card",
    "legal_cards",
    "loads",
    "loads_as",
    "parse_action",
    "parse_any_call",
    "parse_call",
    "parse_classic_call",
    "parse_deal",
    "render_deal",
    "round_score",
    "score_deal",
    "trick_master",
    "trick_points",
    "trick_winner",
]

# Loaded on first use (PEP 562): a review needs the solver and the sampler, a layer up
# (docs/architecture.rst, "lazy names"), which a plain ``import coinche`` never loads.
if _typing.TYPE_CHECKING:  # not in __all__: a star import does not load the bots
    from coinche.bots.review import Review as Review
    from coinche.bots.review import review as review


def __getattr__(name: str) -> object:
    """``coinche.review`` and ``coinche.Review``: :func:`coinche.bots.review.review`
    and its :class:`~coinche.bots.review.Review`, imported when first asked for.

    >>> import coinche
    >>> from coinche.bots import review
    >>> coinche.review is review.review, coinche.Review is review.Review
    (True, True)
    """
    if name in ("review", "Review"):
        from coinche.bots import review as module  # noqa: PLC0415 - lazy name (PEP 562)

        return getattr(module, name)
    raise AttributeError(f"module 'coinche' has no attribute {name!r}")
