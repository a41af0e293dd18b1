"""The two auctions: the coinche auction (:mod:`coinche.auction.bidding`, re-exported
here) and the classic turned-card one (:mod:`coinche.auction.classic`).

>>> from coinche import RuleConfig, Seat, Strain
>>> from coinche.auction import PASS, Auction, Bid
>>> auction = Auction.start(Seat.WEST, RuleConfig.common())
>>> auction.apply(Seat.NORTH, Bid(80, Strain.SPADES)).to_move
<Seat.EAST: 1>
"""

from coinche.auction.bidding import (
    COINCHE,
    PASS,
    SURCOINCHE,
    Auction,
    BaseAuction,
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
