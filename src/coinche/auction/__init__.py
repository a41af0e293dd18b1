"""The two auctions: the coinche auction (:mod:`coinche.auction.bidding`, re-exported
here), the classic turned-card one (:mod:`coinche.auction.classic`) and the base they
share (``coinche.auction._base``; :class:`BaseAuction` is re-exported here).

>>> from coinche import RuleConfig, Seat, Strain
>>> from coinche.auction import PASS, Auction, Bid
>>> auction = Auction.start(Seat.WEST, RuleConfig.common())
>>> auction.apply(Seat.NORTH, Bid(80, Strain.SPADES)).to_move
<Seat.EAST: 1>
"""

from coinche.auction._base import BaseAuction
from coinche.auction.bidding import Auction
from coinche.calls import (
    COINCHE,
    PASS,
    SURCOINCHE,
    Bid,
    Call,
    Coinche,
    Pass,
    Surcoinche,
    parse_call,
)

__all__ = [
    "COINCHE",
    "PASS",
    "SURCOINCHE",
    "Auction",
    "BaseAuction",
    "Bid",
    "Call",
    "Coinche",
    "Pass",
    "Surcoinche",
    "parse_call",
]
