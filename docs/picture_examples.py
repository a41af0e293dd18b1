"""The drawings of the Pictures page (pictures.rst), made from the code at every build.

docs/conf.py calls :func:`pictures` and writes each drawing to
``docs/_generated/pictures/``; pictures.rst includes them and shows the functions
below, so the code on the page is the code that drew the pictures. Importing this file
has no side effect.
"""

from __future__ import annotations

import random

from coinche import Deal, Hand, Phase, RuleConfig, Seat, Strain, Trick, svg
from coinche.bots.players import GreedyPlayer


def deal_after_the_auction() -> Deal:
    """A deal of the common rules, bid by the greedy players: the first card is next."""
    rng = random.Random(3)
    deal = Deal.new(Seat.WEST, RuleConfig.common(), rng)
    player = GreedyPlayer()
    while deal.phase is Phase.AUCTION:
        seat = deal.to_move
        assert seat is not None
        deal = deal.apply(player.choose(deal.view(seat), deal.legal_actions(), rng))
    return deal


def deal_in_trick_four() -> Deal:
    """The same deal, played on by the greedy players to West's turn in trick four."""
    deal = deal_after_the_auction()
    rng = random.Random(0)  # the greedy player draws nothing from it
    player = GreedyPlayer()
    while len(deal.tricks) < 3 or deal.to_move is not Seat.WEST:
        seat = deal.to_move
        assert seat is not None
        deal = deal.apply(player.choose(deal.view(seat), deal.legal_actions(), rng))
    return deal


def deal_played_out() -> Deal:
    """The same deal, played to its end by the greedy players."""
    deal = deal_after_the_auction()
    rng = random.Random(0)
    player = GreedyPlayer()
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        deal = deal.apply(player.choose(deal.view(seat), deal.legal_actions(), rng))
    return deal


def pictures() -> dict[str, str]:
    """Each picture's file name and its SVG."""
    position = deal_in_trick_four()
    return {
        "deal.svg": svg.deal(deal_after_the_auction(), size=52),
        "legal.svg": svg.deal(position, legal=True, size=52),
        "view.svg": svg.deal(position.view(Seat.WEST), legal=True, size=52),
        "played.svg": svg.deal(deal_played_out(), size=52),
        "hand.svg": svg.hand(Hand.parse("JH 9H AH TH 7S KD QC 8C"), strain=Strain.HEARTS),
        "trick.svg": svg.trick(Trick.parse("N: AH 7S KH TD"), Strain.SPADES, four_colour=True),
    }
