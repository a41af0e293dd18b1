"""A game: deals one after another until a team reaches the target (rules page, section 7).

A :class:`Game` is an immutable value, like :class:`~coinche.deal.Deal`:
:meth:`Game.apply` passes an action to the current deal and returns a new game. When a
deal ends the game moves on by itself: a scored deal's score is added to the totals, a
thrown-in deal is counted, and the next seat in the order of play deals the next one.

>>> import random
>>> from coinche import RuleConfig, Seat
>>> from coinche.game import Game
>>> game = Game.new(RuleConfig.common(), Seat.WEST, random.Random(1))
>>> rng = random.Random(2)
>>> while not game.is_over:
...     game = game.apply_unchecked(rng.choice(game.legal_actions()))
>>> winner = game.winner
>>> game.totals[winner] >= 1000 and game.totals[winner] > game.totals[winner.other]
True
>>> sum(result.score[winner] for result in game.results) == game.totals[winner]
True

Decisions (each is documented behaviour):

- **Randomness**: a game is a pure value, so it holds no random generator. It holds a
  :attr:`~Game.seed` (drawn once from the generator given to :meth:`Game.new`), and deal
  number *n* (0 for the first) is dealt with ``random.Random(f"{seed}:{n}")``. The same
  seed and the same actions always give the same game.
- **Cards dealt elsewhere**: a game made with ``Game.new(rules, dealer, deck=...)`` (a
  server that shuffles its own cards) has no seed: it deals the first deal from that
  deck, and when a deal ends it waits (:attr:`~Game.needs_deck`) until
  :meth:`~Game.next_deal` gives the next deck. A game read from a record is such a game
  too, as the record holds the cards of the deals dealt so far and never the seed (it
  would tell the deals to come).
- **Winning** (rules page, section 7): after each scored deal, a team whose total reaches
  :attr:`~coinche.RuleConfig.target` wins the game; when both reach it in the same deal
  the higher total wins; when those are level nobody has won and another deal is
  played.
- **Matches**: with :attr:`~coinche.RuleConfig.games_to_win` above 1 (contract_only's
  best of three games of 1000) the totals go back to zero after each game won, and the
  deals go on, the dealer still moving on one seat, until a team has won that many
  games. When the match is won the final deal and the final totals stay in place.
- The classic turned-card game (``classic_belote``) chains its deals the same way: a
  deal thrown in after two rounds of passes is counted in :attr:`~Game.thrown_in` and
  the next seat deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, Self

import attrs
from typing_extensions import override

from coinche._checks import check_int_range, check_items, check_seat, check_type
from coinche._trusted import Immutable
from coinche.announcements import Announcement
from coinche.auction.classic import AnyCall
from coinche.cards import Card
from coinche.config import RuleConfig
from coinche.deal import Action, Deal, Phase, PlayerView, Step
from coinche.errors import CoincheTypeError, IllegalActionError, InvalidDealError
from coinche.scoring import DealResult, TeamPoints
from coinche.seats import Seat, Team

__all__ = ["Game"]

_ZERO: Final = TeamPoints(0, 0)
_WAITING: Final = "the deal is over, and the game waits for the next deck (Game.next_deal)"


def _deal_rng(seed: int, number: int) -> random.Random:
    """The generator that deals deal *number* of the game with *seed*."""
    return random.Random(f"{seed}:{number}")


def _game_winner(totals: TeamPoints, target: int) -> Team | None:
    """The team that has won a game with these *totals*, if any (rules page, section 7)."""
    ns, ew = totals.north_south, totals.east_west
    if ns >= target or ew >= target:
        if ns > ew:
            return Team.NORTH_SOUTH
        if ew > ns:
            return Team.EAST_WEST
    return None


def _check_type(kind: type) -> Any:
    def check(instance: Game, attribute: attrs.Attribute[Any], value: object) -> None:
        check_type(value, kind, attribute.name)

    return check


MAX_SEED: Final = 2**64
"""The bound of a game's seed, either way (:meth:`Game.new` draws 64 bits)."""
MAX_DEALS: Final = 10**6
"""The bound of a game's deal counts."""


def _check_range(low: int, high: int) -> Any:
    def check(instance: Game, attribute: attrs.Attribute[Any], value: object) -> None:
        check_int_range(value, attribute.name, low, high)

    return check


def _check_seed(instance: Game, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        check_int_range(value, "seed", -MAX_SEED, MAX_SEED)


def _check_results(instance: Game, attribute: attrs.Attribute[Any], value: object) -> None:
    check_items(check_type(value, tuple, "results"), DealResult, "results")


def _check_winners(instance: Game, attribute: attrs.Attribute[Any], value: object) -> None:
    check_items(check_type(value, tuple, "game_winners"), Team, "game_winners")


@attrs.frozen(slots=False, repr=False)
class Game(Immutable):
    """A game (or a match of several games): the current deal, the scores, the winner.

    Build one with :meth:`new`. :attr:`to_move`, :meth:`legal_actions`, :meth:`explain`,
    :meth:`is_legal`, :meth:`apply`, :meth:`apply_call` and :meth:`apply_unchecked` work
    as on the current :attr:`deal`; once it is scored or thrown in the game deals the
    next one from its :attr:`seed`, or, without a seed, waits for :meth:`next_deal`. The
    constructor is for tools that need a game in a given state (tests, saved games):
    it checks the types and that the deal follows the game's rules.

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.auction import PASS
    >>> from coinche.game import Game
    >>> game = Game.new(RuleConfig.common(), Seat.NORTH, random.Random(0))
    >>> game.dealer, game.to_move
    (<Seat.NORTH: 0>, <Seat.EAST: 1>)
    >>> for _ in range(4):           # all four pass: thrown in, East deals the next deal
    ...     game = game.apply(PASS)
    >>> game.thrown_in, game.dealer, game.deal_number, game.results
    (1, <Seat.EAST: 1>, 1, ())
    """

    rules: RuleConfig = attrs.field(validator=_check_type(RuleConfig))
    """The house rules (the target is :attr:`~coinche.RuleConfig.target`)."""
    seed: int | None = attrs.field(validator=_check_seed, eq=False)
    """Deal number *n* is dealt with ``random.Random(f"{seed}:{n}")``; ``None`` for a game
    whose decks come from outside (:meth:`next_deal`), and for a game read from a
    record. It says where the deals to come are dealt from, not what happened, so it is
    not compared: games that differ only in it are equal."""
    deal: Deal = attrs.field(validator=_check_type(Deal))
    """The deal being played (the last one, once the game is over)."""
    deal_number: int = attrs.field(default=0, validator=_check_range(-MAX_DEALS, MAX_DEALS))
    """How many deals were dealt before the current one, thrown-in deals included."""
    results: tuple[DealResult, ...] = attrs.field(default=(), validator=_check_results)
    """The result of every scored deal of the match, in order."""
    thrown_in: int = attrs.field(default=0, validator=_check_range(-MAX_DEALS, MAX_DEALS))
    """How many deals were thrown in (all four passed)."""
    totals: TeamPoints = attrs.field(default=_ZERO, validator=_check_type(TeamPoints))
    """Each team's points in the current game (the final game's, once it is over)."""
    game_winners: tuple[Team, ...] = attrs.field(default=(), validator=_check_winners)
    """The winner of each finished game, in order."""
    # The finished deals before the current one (none known for a game built by the
    # constructor): declared, so that attrs.evolve keeps them, but not part of the value.
    _past: tuple[Deal, ...] = attrs.field(
        default=(), eq=False, repr=False, alias="_past", validator=_check_type(tuple)
    )

    def __attrs_post_init__(self) -> None:
        if self.deal.rules != self.rules:
            raise InvalidDealError("the deal is played under other rules than the game")
        if self.deal_number < 0 or self.thrown_in < 0:
            raise InvalidDealError(
                f"deal_number ({self.deal_number}) and thrown_in ({self.thrown_in}) "
                "must not be negative"
            )

    @classmethod
    def new(
        cls,
        rules: RuleConfig,
        first_dealer: Seat,
        rng: random.Random | None = None,
        *,
        deck: Sequence[Card] | None = None,
    ) -> Self:
        """A new game: *first_dealer* deals the first deal; *rng* gives the game's seed,
        or *deck* the cards of the first deal (one of the two).

        The seed is ``rng.getrandbits(64)``; *rng* is not used after that. With *deck*
        (32 cards, top first, dealt as :meth:`Deal.from_deck
        <coinche.deal.Deal.from_deck>` deals them) the game has no seed, and each deal
        after the first waits for its deck (:meth:`next_deal`).

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig.ffb(), Seat.SOUTH, random.Random(9))
        >>> game == Game.new(RuleConfig.ffb(), Seat.SOUTH, random.Random(9))
        True
        >>> game.totals, game.winner, game.deal.phase.value
        (TeamPoints(north_south=0, east_west=0), None, 'auction')
        >>> from coinche import CARDS
        >>> dealt = Game.new(RuleConfig.ffb(), Seat.SOUTH, deck=CARDS)  # 3-3-2 from West
        >>> dealt.seed, str(dealt.deal.hand(Seat.WEST))
        (None, '7C 8C 9C JD QD KD 7S 8S')

        :raises CoincheTypeError: a bad argument, or both *rng* and *deck* (or neither).
        :raises InvalidDealError: a *deck* that is not 32 distinct cards.
        """
        check_type(rules, RuleConfig, "rules")
        check_seat(first_dealer, "first_dealer")
        if (rng is None) == (deck is None):
            raise CoincheTypeError(
                "Game.new takes an rng (the game deals itself) or a deck (the first deal's "
                "cards, dealt elsewhere), one of the two"
            )
        if deck is not None:
            return cls._dealt(rules, Deal.from_deck(first_dealer, rules, deck))
        rng = check_type(rng, random.Random, "rng")
        return cls._start(rules, first_dealer, rng.getrandbits(64))

    @classmethod
    def _dealt(cls, rules: RuleConfig, deal: Deal) -> Self:
        """The game without a seed whose first deal is *deal*, fresh (what ``new(deck=)``
        and a game record start from)."""
        return cls(rules, None, deal)

    @classmethod
    def _start(cls, rules: RuleConfig, first_dealer: Seat, seed: int) -> Self:
        """The game of *seed* before its first action (what :meth:`new` and a game record
        start from)."""
        return cls(rules, seed, Deal.new(first_dealer, rules, _deal_rng(seed, 0)))

    # ------------------------------------------------------------------ state
    @property
    def dealer(self) -> Seat:
        """The dealer of the current deal.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.game import Game
        >>> Game.new(RuleConfig(), Seat.WEST, random.Random(0)).dealer
        <Seat.WEST: 3>
        """
        return self.deal.dealer

    @property
    def deals(self) -> tuple[Deal, ...]:
        """The deals of the match so far, oldest first: the finished ones, then :attr:`deal`.

        Each finished deal is kept as it ended (scored or thrown in), with its auction and
        its tricks. For a game made by :meth:`new` and its moves it holds every deal, one
        more than :attr:`deal_number`; a game built with the constructor knows no deal
        before the one it was given.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import PASS
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig(), Seat.WEST, random.Random(0))
        >>> for _ in range(4):
        ...     game = game.apply(PASS)
        >>> [deal.phase.value for deal in game.deals], game.deals[-1] is game.deal
        (['thrown_in', 'auction'], True)
        >>> len(game.deals) == game.deal_number + 1
        True
        """
        return (*self._past, self.deal)

    @property
    def games_won(self) -> TeamPoints:
        """How many games each team has won in the match.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.game import Game
        >>> Game.new(RuleConfig.contract_only(), Seat.WEST, random.Random(0)).games_won
        TeamPoints(north_south=0, east_west=0)
        """
        ew = sum(team for team in self.game_winners)
        return TeamPoints(len(self.game_winners) - ew, ew)

    @property
    def winner(self) -> Team | None:
        """The team that has won the match (the game, when one game wins it), if any.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.game import Game
        >>> Game.new(RuleConfig(), Seat.WEST, random.Random(0)).winner is None
        True
        """
        won = self.games_won
        needed = self.rules.games_to_win
        if won.north_south >= needed:
            return Team.NORTH_SOUTH
        if won.east_west >= needed:
            return Team.EAST_WEST
        return None

    @property
    def is_over(self) -> bool:
        """True once a team has won the match.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.game import Game
        >>> Game.new(RuleConfig(), Seat.WEST, random.Random(0)).is_over
        False
        """
        return self.winner is not None

    @property
    def to_move(self) -> Seat | None:
        """The seat to call or play next; ``None`` once the game is over.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.game import Game
        >>> Game.new(RuleConfig(), Seat.WEST, random.Random(0)).to_move
        <Seat.NORTH: 0>
        """
        if self.is_over:
            return None
        return self.deal.to_move  # None while the game waits for a deck

    @property
    def phase(self) -> Phase:
        """The phase of the current deal: what :func:`~coinche.parse_action` reads a text
        as, given the game (a finished deal's phase while the game waits for a deck or
        once it is over).

        >>> import random
        >>> from coinche import RuleConfig, Seat, parse_action
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig(), Seat.WEST, random.Random(0))
        >>> game.phase, parse_action("80 H", game)
        (<Phase.AUCTION: 'auction'>, Bid(value=80, strain=<Strain.HEARTS: 2>))
        """
        return self.deal.phase

    @property
    def needs_deck(self) -> bool:
        """True when the current deal is over, the match is not, and the game has no seed:
        it waits for :meth:`next_deal` (no action can be made before).

        >>> from coinche import CARDS, PASS, RuleConfig, Seat
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig(), Seat.WEST, deck=CARDS)
        >>> for _ in range(4):                    # thrown in: the game waits
        ...     game = game.apply(PASS)
        >>> game.needs_deck, game.to_move, game.legal_actions()
        (True, None, ())
        """
        return self.seed is None and self.deal.is_over and not self.is_over

    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat to move may do in the current deal; empty once the game is over.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig(), Seat.WEST, random.Random(0))
        >>> game.legal_actions() == game.deal.legal_actions()
        True
        """
        if self.is_over or self.needs_deck:
            return ()
        return self.deal.legal_actions()

    def view(self, seat: Seat) -> PlayerView:
        """What *seat* may know of the current deal (see :meth:`Deal.view`).

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig(), Seat.WEST, random.Random(0))
        >>> game.view(Seat.EAST).hand == game.deal.hand(Seat.EAST)
        True
        """
        return self.deal.view(seat)

    # ------------------------------------------------------------------ actions
    def explain(
        self,
        action: Action | Step,
        *,
        declare: Sequence[Announcement] | None = None,
        belote: bool = True,
    ) -> str | None:
        """The rule that refuses *action* now, or ``None`` when :meth:`apply` would make
        it: the end of the game, or the current deal's rule (:meth:`Deal.explain`).

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import SURCOINCHE
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig(), Seat.WEST, random.Random(0))
        >>> print(game.explain(SURCOINCHE))
        there is no coinche to answer
        """
        winner = self.winner
        if winner is not None:
            return self._over(winner)
        if self.needs_deck:
            return _WAITING
        return self.deal.explain(action, declare=declare, belote=belote)

    def is_legal(
        self,
        action: Action | Step,
        *,
        declare: Sequence[Announcement] | None = None,
        belote: bool = True,
    ) -> bool:
        """True when :meth:`apply` would make *action* now (see :meth:`Deal.is_legal`).

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig(), Seat.WEST, random.Random(0))
        >>> all(game.is_legal(action) for action in game.legal_actions())
        True
        """
        if self.is_over or self.needs_deck:
            return False
        return self.deal.is_legal(action, declare=declare, belote=belote)

    def apply(
        self,
        action: Action | Step,
        *,
        declare: Sequence[Announcement] | None = None,
        belote: bool = True,
    ) -> Self:
        """The game after the seat to move makes *action* (see :meth:`Deal.apply`; a
        :class:`~coinche.deal.Step` of a deal's log works as there).

        When the action ends the deal, the game scores it (or counts it thrown in),
        decides whether a game or the match is won, and deals the next deal.

        >>> import random
        >>> from coinche import Card, RuleConfig, Seat
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig(), Seat.WEST, random.Random(0))
        >>> game.apply(Card.parse("7C"))
        Traceback (most recent call last):
        ...
        coinche.errors.IllegalActionError: NORTH may not do 7C now: the auction is on: ...

        :raises IllegalCallError, IllegalCardError, IllegalActionError: as
            :meth:`Deal.apply`; :class:`IllegalActionError` also once the game is over
            or while it waits for a deck (:attr:`needs_deck`).
        """
        self._check_not_over(action)
        return self._after(self.deal.apply(action, declare=declare, belote=belote))

    def apply_call(self, seat: Seat, call: AnyCall) -> Self:
        """The game after *seat* makes *call*, in turn or not (see :meth:`Deal.apply_call`).

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import PASS
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig.pagat(), Seat.WEST, random.Random(0))
        >>> game.apply_call(Seat.NORTH, PASS).to_move
        <Seat.EAST: 1>
        """
        self._check_not_over(call)
        return self._after(self.deal.apply_call(seat, call))

    def apply_unchecked(
        self,
        action: Action,
        *,
        declare: Sequence[Announcement] | None = None,
        belote: bool = True,
    ) -> Self:
        """As :meth:`apply` without the legality checks (see :meth:`Deal.apply_unchecked`),
        for a game that is not over and not waiting for a deck.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig(), Seat.WEST, random.Random(0))
        >>> game.apply_unchecked(game.legal_actions()[0]).deal.calls
        ((<Seat.NORTH: 0>, Pass()),)
        """
        return self._after(self.deal.apply_unchecked(action, declare=declare, belote=belote))

    def next_deal(self, deck: Sequence[Card]) -> Self:
        """The game with its next deal dealt from *deck* (32 cards, top first, dealt as
        :meth:`Deal.from_deck <coinche.deal.Deal.from_deck>` deals them) by the next
        dealer, for a game that waits for it (:attr:`needs_deck`: no seed, the deal
        over, the match not).

        >>> import random
        >>> from coinche import CARDS, PASS, RuleConfig, Seat
        >>> from coinche.game import Game
        >>> game = Game.new(RuleConfig(), Seat.WEST, deck=CARDS)
        >>> for _ in range(4):
        ...     game = game.apply(PASS)
        >>> deck = random.Random(5).sample(CARDS, 32)    # the server's own shuffle
        >>> game = game.next_deal(deck)
        >>> game.dealer, game.deal_number, game.thrown_in, game.needs_deck
        (<Seat.NORTH: 0>, 1, 1, False)
        >>> game.next_deal(deck)
        Traceback (most recent call last):
        ...
        coinche.errors.IllegalActionError: a new deal is not allowed now: the current deal ...

        :raises IllegalActionError: the game does not wait for a deck.
        :raises InvalidDealError: *deck* is not 32 distinct cards.
        :raises CoincheTypeError: *deck* is not a sequence of cards.
        """
        self._check_needs_deck()
        return self._next_with(Deal.from_deck(self.deal.dealer.next, self.rules, deck))

    # ------------------------------------------------------------------ internals
    def _check_needs_deck(self) -> None:
        if self.needs_deck:
            return
        if self.is_over:
            reason = "the game is over"
        elif self.seed is not None:
            reason = "this game deals its deals from its seed"
        else:
            reason = "the current deal is not over"
        raise IllegalActionError("a new deal", None, reason)

    def _next_with(self, deal: Deal) -> Self:
        """The game waiting for a deck, with *deal* (fresh, by the next dealer) as its next
        deal (what :meth:`next_deal` and a game record deal)."""
        return attrs.evolve(
            self, deal=deal, deal_number=self.deal_number + 1, _past=(*self._past, self.deal)
        )

    def _check_not_over(self, action: object) -> None:
        winner = self.winner
        if winner is not None:
            raise IllegalActionError(action, None, self._over(winner))
        if self.needs_deck:
            raise IllegalActionError(action, None, _WAITING)

    @staticmethod
    def _over(winner: Team) -> str:
        return f"the game is over: {winner.short} won"

    def _after(self, deal: Deal) -> Self:
        """The game with *deal* as its current deal, moving on when that deal is over."""
        phase = deal.phase
        if phase is Phase.SCORED:
            result = deal.result
            assert result is not None
            score = result.score
            totals = TeamPoints(
                self.totals.north_south + score.north_south,
                self.totals.east_west + score.east_west,
            )
            results = (*self.results, result)
            winner = _game_winner(totals, self.rules.target)
            if winner is None:
                return self._next_deal(deal, results=results, totals=totals)
            winners = (*self.game_winners, winner)
            if winners.count(winner) >= self.rules.games_to_win:
                # the match is over: the final deal stays
                return attrs.evolve(
                    self, deal=deal, results=results, totals=totals, game_winners=winners
                )
            return self._next_deal(deal, results=results, totals=_ZERO, game_winners=winners)
        if phase is Phase.THROWN_IN:
            return self._next_deal(deal, thrown_in=self.thrown_in + 1)
        return attrs.evolve(self, deal=deal)

    def _next_deal(self, finished: Deal, **changes: Any) -> Self:
        """The game after *finished*, with *changes*: the next dealer deals a new deal
        (without a seed, the game keeps *finished* and waits for its deck)."""
        if self.seed is None:
            return attrs.evolve(self, deal=finished, **changes)
        number = self.deal_number + 1
        new = Deal.new(finished.dealer.next, self.rules, _deal_rng(self.seed, number))
        return attrs.evolve(
            self, deal=new, deal_number=number, _past=(*self._past, finished), **changes
        )

    @override
    def __repr__(self) -> str:
        winner = self.winner
        return (
            f"<Game totals=({self.totals}) games={tuple(self.games_won.values())} "
            f"deal_number={self.deal_number} dealer={self.dealer.letter} "
            f"winner={'-' if winner is None else winner.short}>"
        )

    def _repr_html_(self) -> str:  # Jupyter shows the score sheet (coinche.svg)
        from coinche import svg  # noqa: PLC0415 - display hook (docs/architecture.rst)

        return svg.score_sheet(self)
