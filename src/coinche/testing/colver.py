"""The numbering of cards and trumps of `colver <https://pypi.org/project/colver/>`_,
and its agents as players of this library.

colver is an independent Coinche engine (Rust, with Python bindings) that the
project's differential tests compare with this one, and whose bots
(``benchmarks/bench_strength.py``) the library's bots are measured against. This
module holds the mapping between the two engines' names for cards, trumps and calls,
which needs no colver, and :class:`ColverPlayer`, which plays as one of colver's
agents and imports colver when made.

* cards: colver numbers a card ``8 * block + position``; the blocks are spades, hearts,
  diamonds, clubs and the positions are 7 8 9 J Q K 10 A;
* trumps: colver's trump code ``t`` names the suit of block ``t``.

>>> from coinche import Card
>>> from coinche.testing.colver import TO_CARD, TO_COLVER, to_strain
>>> TO_CARD[0], TO_CARD[31]
(Card.parse('7S'), Card.parse('AC'))
>>> TO_COLVER[Card.parse("TH")]
14
>>> to_strain(1)
<Strain.HEARTS: 2>

The core package never imports this module.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs
from typing_extensions import override

from coinche import CAPOT, Card, Rank, RuleConfig, Seat, Strain, Suit
from coinche._checks import (
    check_bool,
    check_int_range,
    check_iterable,
    check_type,
    short_repr,
)
from coinche.auction import COINCHE, PASS, SURCOINCHE, Bid, Coinche, Pass, Surcoinche
from coinche.cards import hand_from_mask
from coinche.deal import Action, Deal, Phase, PlayerView
from coinche.errors import CoincheError, CoincheTypeError, InvalidDealError, NotationError

if TYPE_CHECKING:
    import colver

__all__ = [
    "BIDDERS",
    "PLAYS",
    "RULES",
    "TO_CARD",
    "TO_COLVER",
    "ColverPlayer",
    "DealBook",
    "EnginesDisagree",
    "agent_spec",
    "from_action",
    "to_action",
    "to_strain",
]

# colver's order of ranks within a suit block, and of suits between blocks
_COLVER_RANKS: Final = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
_COLVER_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
TO_CARD: Final[tuple[Card, ...]] = tuple(
    Card(_COLVER_RANKS[i % 8], _COLVER_SUITS[i // 8]) for i in range(32)
)
"""Our card for each of colver's card numbers 0 to 31.

>>> from coinche.testing.colver import TO_CARD
>>> [str(card) for card in TO_CARD[:8]]
['7S', '8S', '9S', 'JS', 'QS', 'KS', 'TS', 'AS']
"""
TO_COLVER: Final[dict[Card, int]] = {card: i for i, card in enumerate(TO_CARD)}
"""colver's number for each of our cards (the inverse of :data:`TO_CARD`).

>>> from coinche import Card
>>> from coinche.testing.colver import TO_COLVER
>>> TO_COLVER[Card.parse("7S")], TO_COLVER[Card.parse("AC")]
(0, 31)
"""


def to_strain(trump: int) -> Strain:
    """Our strain for colver's trump code (0 spades, 1 hearts, 2 diamonds, 3 clubs).

    >>> from coinche.testing.colver import to_strain
    >>> [str(to_strain(trump)) for trump in range(4)]
    ['S', 'H', 'D', 'C']
    """
    return Strain.from_suit(_COLVER_SUITS[check_int_range(trump, "trump", 0, 3)])


# ---------------------------------------------------------------- colver's agents
RULES: Final = attrs.evolve(RuleConfig.ffb(), announcements=False, max_bid=160)
"""The rules colver plays, as a :class:`~coinche.RuleConfig`: FFB play and auction
(coinche in turn, surcoinche), announcements off, bids 80 to 160 and capot, no
no-trump or all-trump.

>>> from coinche.testing.colver import RULES
>>> RULES.max_bid, RULES.announcements, RULES.allow_no_trump
(160, False, False)
"""

BIDDERS: Final[dict[str, str]] = {
    "v2": "improved_v2",
    "v1": "improved",
    "v3": "improved_v3",
    "heuristic": "heuristic",
    "smart": "smart",
    "maxi": "maxi",
}
"""colver's rule-based bidders by the short names :func:`agent_spec` reads: ``v2`` is
``Env.bid_improved_v2`` (its default), ``v1`` ``Env.bid_improved_v1``, ``maxi``
``Env.bid_maxi``."""

PLAYS: Final = ("isdd", "ismcts", "heuristic", "rule")
"""colver's card players :func:`agent_spec` reads: ``isdd:N`` (information-set
double dummy over *N* uniform worlds a card), ``ismcts:MS`` (its smart IS-MCTS, *MS*
milliseconds of wall clock a card), ``heuristic`` and ``rule``."""


def agent_spec(name: str) -> str:
    """The bot spec (colver's TOML) of the agent named ``BIDDER+PLAY``: a bidder of
    :data:`BIDDERS` and a card player of :data:`PLAYS`, such as ``v2+isdd:20``. Worlds
    are drawn uniformly (colver's learned world models are not installed) and the
    search runs on one thread (``parallel = false``), so that its CPU time is one
    core's, as the library's players are measured.

    >>> from coinche.testing.colver import agent_spec
    >>> print(agent_spec("v2+isdd:20"))
    [bid]
    strategy = "improved_v2"
    [play]
    method = "isdd"
    determinizations = 20
    time_ms = 0
    parallel = false
    [worlds]
    source = "uniform"
    >>> agent_spec("v9+isdd:20")
    Traceback (most recent call last):
    ...
    coinche.errors.NotationError: a colver agent is BIDDER+PLAY with BIDDER one of v2, ...

    :raises NotationError: a name not of that form.
    """
    if not isinstance(name, str):
        raise CoincheTypeError(f"a colver agent's name is a str, not {short_repr(name)}")
    bidder, plus, play = name.strip().partition("+")
    method, _, count = play.partition(":")
    if not plus or bidder not in BIDDERS:
        raise NotationError(
            f"a colver agent is BIDDER+PLAY with BIDDER one of {', '.join(BIDDERS)}, "
            f"not {short_repr(name)}"
        )
    lines = ["[bid]", f'strategy = "{BIDDERS[bidder]}"', "[play]"]
    number = int(count) if count.isascii() and count.isdigit() and len(count) < 7 else 0
    if method == "isdd" and number > 0:
        lines += ['method = "isdd"', f"determinizations = {number}", "time_ms = 0",
                  "parallel = false", "[worlds]", 'source = "uniform"']  # fmt: skip
    elif method == "ismcts" and number > 0:
        lines += ['method = "smart_ismcts"', f"time_ms = {number}"]
    elif method in ("heuristic", "rule") and not count:
        lines += [f'method = "{method}"']
    else:
        raise NotationError(
            f"a colver agent's PLAY is isdd:N, ismcts:MS, heuristic or rule, not "
            f"{short_repr(play)} (in {short_repr(name)})"
        )
    return "\n".join(lines)


class EnginesDisagree(CoincheError, AssertionError):
    """colver and this library disagree on a deal they both follow: the legal actions
    or the seat to move differ (what :class:`ColverPlayer` checks at every turn)."""


def to_action(action: int, playing: bool) -> Action:
    """Our action for colver's action number: a card in the play (*playing*), else a
    call (0 pass, 1 to 36 the bids 80 to 160 by level and trump code, 37 to 40 capot,
    41 coinche, 42 surcoinche).

    >>> from coinche.testing.colver import to_action
    >>> [str(to_action(a, False)) for a in (0, 1, 6, 37, 41, 42)], to_action(31, True)
    (['pass', '80 S', '90 H', 'capot S', 'coinche', 'surcoinche'], Card.parse('AC'))

    :raises NotationError: a number colver does not use.
    """
    check_bool(playing, "playing")
    if type(action) is not int or not 0 <= action < (32 if playing else 43):
        raise NotationError(f"colver has no {'card' if playing else 'call'} {short_repr(action)}")
    if playing:
        return TO_CARD[action]
    if action == 0:
        return PASS
    if action >= _COINCHE:
        return COINCHE if action == _COINCHE else SURCOINCHE
    level, trump = divmod(action - 1, 4)
    return Bid(CAPOT if level == _CAPOT_LEVEL else 80 + 10 * level, to_strain(trump))


def from_action(action: Action) -> int:
    """colver's number for our action (the inverse of :func:`to_action`).

    >>> from coinche import Card, Strain
    >>> from coinche.auction import Bid
    >>> from coinche.testing.colver import from_action
    >>> from_action(Bid(90, Strain.HEARTS)), from_action(Card.parse("AC"))
    (6, 31)

    :raises NotationError: an action colver does not have (no-trump, générale, a bid
        off its steps).
    """
    if isinstance(action, Card):
        return TO_COLVER[action]
    if isinstance(action, Pass):
        return 0
    if isinstance(action, Coinche):
        return _COINCHE
    if isinstance(action, Surcoinche):
        return _COINCHE + 1
    if isinstance(action, Bid) and action.strain.trump_suit is not None:
        trump = _COLVER_SUITS.index(action.strain.trump_suit)
        if action.value is CAPOT:
            return 1 + 4 * _CAPOT_LEVEL + trump
        points = action.points
        if isinstance(action.value, int) and 80 <= points <= 160 and points % 10 == 0:
            return 1 + 4 * ((points - 80) // 10) + trump
    raise NotationError(f"colver has no action for {short_repr(action)}")


_COINCHE: Final = 41
_CAPOT_LEVEL: Final = 9


class DealBook:
    """The four hands of each deal of a match, found from what one seat sees of it.

    colver's engine needs every hand to follow a deal, while a
    :class:`~coinche.bots.players.Player` sees only its own: the book, made from the
    deals a match will play (:func:`coinche.scale.arena.match_deals`), finds a deal's
    hands from the dealer, the seat and the seat's hand as dealt.

    >>> from coinche.scale.arena import match_deals
    >>> from coinche.testing.colver import RULES, DealBook
    >>> deals = match_deals(2, RULES, seed=1)
    >>> book = DealBook(deals)
    >>> view = deals[1].view(deals[1].to_move)
    >>> book.hands(view) == tuple(deals[1].hand(seat).mask for seat in Seat)
    True
    """

    def __init__(self, deals: Iterable[Deal]) -> None:
        check_iterable(deals, "deals")
        found: dict[tuple[int, int, int], tuple[int, int, int, int]] = {}
        for deal in deals:
            check_type(deal, Deal, "a deal of deals")
            if deal.calls:
                raise InvalidDealError("a DealBook takes deals before their auction")
            h = tuple(deal.hand(seat).mask for seat in Seat)
            hands = (h[0], h[1], h[2], h[3])
            for seat in Seat:
                found[int(deal.dealer), int(seat), hands[seat]] = hands
        self._found = found

    def __len__(self) -> int:
        return len(self._found) // 4

    def hands(self, view: PlayerView) -> tuple[int, int, int, int]:
        """The four hands as dealt (masks, by seat) of the deal *view* is a view of.

        :raises InvalidDealError: the book holds no such deal.
        """
        check_type(view, PlayerView, "view")
        dealt = view.hand.mask  # and the cards the seat played
        for trick in (*view.tricks, *(() if view.trick is None else (view.trick,))):
            dealt |= sum(card.mask for seat, card in trick.plays() if seat is view.seat)
        found = self._found.get((int(view.dealer), int(view.seat), dealt))
        if found is None:
            raise InvalidDealError(
                f"no deal of the book was dealt {view.seat.name} that hand by {view.dealer.name}"
            )
        return found


class _Follow:
    """One seat's colver engine and agent following one deal, with our deal beside."""

    __slots__ = ("agent", "deal", "env", "hands", "synced")

    def __init__(
        self, hands: tuple[int, int, int, int], deal: Deal, env: colver.Env, agent: colver.Agent
    ) -> None:
        self.hands = hands
        self.deal = deal
        self.env = env
        self.agent = agent
        self.synced = 0


class ColverPlayer:
    """A :class:`~coinche.bots.players.Player` that plays as one of colver's agents.

    *name* is an agent of :func:`agent_spec` (``"v2+isdd:20"``); *book* the
    :class:`DealBook` of the match's deals. At each decision of a seat it brings that
    seat's colver engine (an ``Env`` dealt the deal's hands) and agent (an ``Agent``
    seated there) up to date with every action of the deal's public log, then asks the
    agent. At every turn of every seat it compares the legal actions of the two
    engines, and the seat to move, with our :class:`~coinche.Deal` of the same hands and
    actions: a difference raises :class:`EnginesDisagree`. colver's auction gives the
    coincher's partner a turn at which it may only pass (FFB's three passes after a
    coinche); the player passes there for it. Under other rules than :data:`RULES` it
    refuses to play. It needs colver (the ``test`` dependency group).

    >>> import random
    >>> from coinche.bots.players import GreedyPlayer, play_deal
    >>> from coinche.scale.arena import match_deals
    >>> from coinche.testing.colver import RULES, ColverPlayer, DealBook
    >>> deals = match_deals(1, RULES, seed=4)
    >>> colver_team = ColverPlayer("v2+heuristic", DealBook(deals))
    >>> players = {seat: colver_team if seat.team == 0 else GreedyPlayer() for seat in Seat}
    >>> play_deal(deals[0], players, random.Random(0)).is_over
    True

    :raises NotationError: *name* is not an agent of :func:`agent_spec`.
    """

    def __init__(self, name: str, book: DealBook) -> None:
        import colver  # noqa: PLC0415 - optional dependency (the test group)

        self.name = name
        self.spec = agent_spec(name)
        self.book = check_type(book, DealBook, "book")
        self._colver = colver
        self._seats: dict[Seat, _Follow] = {}
        self.compared = 0
        """Turns at which the two engines' legal actions were compared (and agreed)."""
        self.forced = 0
        """Passes made for the coincher's partner, a turn colver has and we have not."""

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The agent's action at *view* (see the class).

        :raises CoincheTypeError: an argument of the wrong type.
        :raises InvalidDealError: a view under other rules, or of a deal not in the book.
        :raises EnginesDisagree: the engines' legal actions or seats to move differ.
        """
        check_type(view, PlayerView, "view")
        check_type(legal, (list, tuple), "legal")
        check_type(rng, random.Random, "rng")
        if view.rules != RULES:
            raise InvalidDealError("a ColverPlayer plays only colver's rules (colver.RULES)")
        follow = self._follow(view)
        env = follow.env
        while follow.synced < len(view.steps):
            self._step(follow, view.steps[follow.synced].action)
            follow.synced += 1
        self._forced_passes(follow)
        self._compare(follow)
        if env.current_player() != int(view.seat):
            raise EnginesDisagree(f"colver has {env.current_player()} to move, not {view.seat}")
        action = to_action(int(follow.agent.decide(env)["action"]), env.phase() == 1)
        if action not in legal:
            raise EnginesDisagree(f"colver's agent chose {action}, not a legal action")
        return action

    def _follow(self, view: PlayerView) -> _Follow:
        """The seat's engine and agent, new at the first decision of a new deal."""
        follow = self._seats.get(view.seat)
        hands = self.book.hands(view)
        if follow is not None and follow.hands == hands and follow.synced <= len(view.steps):
            return follow
        colver = self._colver
        dealer = int(view.dealer)
        ours = Deal.from_hands(view.dealer, view.rules, [hand_from_mask(h) for h in hands])
        env = colver.Env.deal_with_hands(
            dealer, [sorted(TO_COLVER[c] for c in hand_from_mask(h)) for h in hands]
        )
        seed = zlib.crc32(repr((dealer, hands, int(view.seat))).encode())
        agent = colver.Agent(self.spec, int(view.seat), seed)
        agent.init_deal(env)
        follow = self._seats[view.seat] = _Follow(hands, ours, env, agent)
        return follow

    def _forced_passes(self, follow: _Follow) -> None:
        """colver's turns that our auction has not: the coincher's partner's pass."""
        env = follow.env
        while env.phase() == 0 and (
            follow.deal.phase is not Phase.AUCTION
            or env.current_player() != int(follow.deal.to_move)  # type: ignore[arg-type]
        ):
            if env.legal_actions() != [0] or not any(
                isinstance(call, Coinche) for _, call in follow.deal.calls
            ):
                raise EnginesDisagree(
                    f"colver has seat {env.current_player()} to call after "
                    f"{[str(c) for _, c in follow.deal.calls]}"
                )
            follow.agent.observe(env, 0)
            env.step(0)
            self.forced += 1

    def _compare(self, follow: _Follow) -> None:
        """Raise :class:`EnginesDisagree` unless both engines allow the same actions."""
        env, deal = follow.env, follow.deal
        theirs = {to_action(a, env.phase() == 1) for a in env.legal_actions()}
        ours = set(deal.legal_actions())
        if theirs != ours or env.current_player() != int(deal.to_move):  # type: ignore[arg-type]
            only_ours = sorted(map(str, ours - theirs))
            only_theirs = sorted(map(str, theirs - ours))
            raise EnginesDisagree(
                f"after {[str(step.action) for step in deal.steps]}: legal only here "
                f"{only_ours}, only in colver {only_theirs}"
            )
        self.compared += 1

    def _step(self, follow: _Follow, action: Action) -> None:
        """One action of the log, in both engines, after comparing them."""
        self._forced_passes(follow)
        self._compare(follow)
        number = from_action(action)
        follow.agent.observe(follow.env, number)
        follow.env.step(number)
        follow.deal = follow.deal.apply(action)

    def __deepcopy__(self, memo: dict[int, object]) -> ColverPlayer:
        """A copy that shares the book (read only) and follows no deal yet (colver's
        engines cannot be copied)."""
        return ColverPlayer(self.name, self.book)

    @override
    def __reduce__(self) -> tuple[type[ColverPlayer], tuple[str, DealBook]]:
        return ColverPlayer, (self.name, self.book)

    @override
    def __repr__(self) -> str:
        return f"ColverPlayer({self.name!r})"
