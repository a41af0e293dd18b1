"""Built-in computer players, and helpers that let them play a deal or a whole game.

A player is anything with the :class:`Player` method ``choose(view, legal, rng)``: it
is given the :class:`~coinche.deal.PlayerView` of its seat (its own cards and what all
have seen or heard, nothing hidden), the legal actions of that seat and a random
generator, and returns one of the legal actions. Two simple players come with the
library:

- :class:`RandomPlayer` picks uniformly among the legal actions;
- :class:`GreedyPlayer` bids on its trump strength (:func:`trump_strength`) and plays
  its highest card when that card takes the lead in the trick, its cheapest card
  otherwise.

:func:`play_deal` and :func:`play_game` run a :class:`~coinche.deal.Deal` or a
:class:`~coinche.game.Game` to its end with four players; :func:`play_deals` does the
same for a game, handing back each finished deal on the way.

>>> import random
>>> from coinche import RuleConfig, Seat
>>> from coinche.game import Game
>>> from coinche.bots.players import GreedyPlayer, RandomPlayer, play_game
>>> players = {Seat.NORTH: GreedyPlayer(), Seat.SOUTH: GreedyPlayer(),
...            Seat.EAST: RandomPlayer(), Seat.WEST: RandomPlayer()}
>>> rng = random.Random(1)
>>> game = play_game(Game.new(RuleConfig.common(), Seat.WEST, rng), players, rng)
>>> game.is_over, game.winner is not None
(True, True)

Decisions (each is documented behaviour):

- **Information**: a player sees only its :class:`~coinche.deal.PlayerView` and the
  legal actions; the helpers never pass it the :class:`~coinche.deal.Deal`, so it
  cannot read another seat's cards.
- **Determinism**: players draw their randomness from the generator they are given
  and nothing else (:class:`GreedyPlayer` draws none): the same generator state and
  the same position always give the same action.
- **Checked actions**: the helpers apply each action with the checked
  :meth:`~coinche.game.Game.apply`, so a player that returns an action that is not
  legal raises the library's error instead of corrupting the game. Announcements and
  belote are declared as :meth:`~coinche.deal.Deal.apply` does by default (all of
  them).
- **Out-of-turn coinche** (pagat): the helpers ask only the seat to move, so a player
  coinches only in turn.
"""

from __future__ import annotations

# the base players and the helpers live in coinche.bots.base (the searching players
# import them from there); GreedyPlayer's figures are read by coinche.rl.vector
from coinche.bots import base
from coinche.bots.base import _BELOTE as _BELOTE
from coinche.bots.base import _PER_SIDE_ACE as _PER_SIDE_ACE
from coinche.bots.base import _PER_TRUMP as _PER_TRUMP
from coinche.bots.base import _SURCOINCHE_MARGIN as _SURCOINCHE_MARGIN
from coinche.bots.base import GreedyPlayer as GreedyPlayer
from coinche.bots.base import Player as Player
from coinche.bots.base import RandomPlayer as RandomPlayer
from coinche.bots.base import play_deal as play_deal
from coinche.bots.base import play_deals as play_deals
from coinche.bots.base import play_game as play_game
from coinche.bots.base import trump_strength as trump_strength
from coinche.bots.pimc import PimcPlayer as PimcPlayer

# the base players' names and PIMC's
__all__ = ["PimcPlayer"]
__all__ += base.__all__
