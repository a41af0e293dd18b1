"""The games the web app holds in memory, and the bots that move in them (internal).

A :class:`GameStore` keeps at most ``max_games`` games; a game no request has touched
for ``max_idle`` seconds is dropped. Each game is a :class:`GameEntry`: the library's
:class:`~coinche.Game` value, who sits where, the seats' tokens and a version that
counts the actions made. Everything that changes an entry runs on the event loop
without awaiting in between, so no lock is needed; a bot's search runs elsewhere (a
worker process or a thread, :data:`Runner`) and its answer is applied only if the game
has not moved meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final

import attrs

from coinche.announcements import Announcement
from coinche.bots.review import CallReview, Review
from coinche.config import AuctionKind, RuleConfig
from coinche.deal import Action, Deal, Step
from coinche.game import Game
from coinche.records import to_data
from coinche.seats import Seat
from coinche.web import _bots

__all__ = ["HUMAN", "GameEntry", "GameStore", "ReviewJob", "Runner", "WebError"]

HUMAN: Final = "human"
"""The seat kind of a player who acts through the API (with the seat's token)."""

_log = logging.getLogger("coinche.web")

Runner = Callable[..., Awaitable[Any]]
"""Runs ``function(*args)`` off the event loop and awaits its value."""


class WebError(Exception):
    """A request the app refuses: the HTTP status and the message (the library's when it
    comes from the library)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@attrs.define(eq=False)
class ReviewJob:
    """The review of one finished deal, in two parts run one after the other: its cards
    with the hands open (seconds), then its calls' estimates (``calls`` ``None`` when
    the calls are not estimated: no worlds, or the classic auction)."""

    cards: asyncio.Future[Review]
    calls: asyncio.Future[tuple[CallReview, ...]] | None

    def futures(self) -> list[asyncio.Future[Any]]:
        return [self.cards] if self.calls is None else [self.cards, self.calls]

    def next_part(self) -> asyncio.Future[Any] | None:
        """The first part not ready yet (``None`` when both are)."""
        return next((part for part in self.futures() if not part.done()), None)


def _failed(part: asyncio.Future[Any]) -> bool:
    return part.done() and (part.cancelled() or part.exception() is not None)


@attrs.define(eq=False)
class GameEntry:
    """One game held by the store."""

    id: str
    seed: int
    preset: str
    kinds: tuple[str, str, str, str]  # HUMAN or a bot kind, for N, E, S, W
    tokens: dict[Seat, str]
    game: Game
    used: float  # the time of its last request
    version: int = 0  # how many actions were made in the game
    thinking: Seat | None = None  # the bot seat whose search is under way
    bot_error: str | None = None
    changed: asyncio.Event = attrs.field(factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    reviews: dict[int, ReviewJob] = attrs.field(factory=dict)
    options: dict[str, Any] = attrs.field(factory=dict)  # the rules' changes from the preset

    def kind(self, seat: Seat) -> str:
        return self.kinds[seat]

    def bot_seed(self) -> str:
        """The seed of the next bot decision: the game's seed and the version, so that
        the same seed and the same human actions give the same game."""
        return f"{self.seed}:bot:{self.version}"

    def apply(
        self,
        seat: Seat,
        action: Action,
        declare: Sequence[Announcement] | None = None,
        belote: bool | None = None,
    ) -> None:
        """Make *action* for *seat* (a call out of turn where the auction allows it),
        through the library's checks; its error when refused."""
        declared = None if declare is None else tuple(declare)
        self.game = self.game.apply(Step(seat, action, declare=declared, belote=belote))
        self.version += 1
        self.notify()

    def notify(self) -> None:
        """Wake the requests waiting for a change (:meth:`GameStore.wait`)."""
        self.changed.set()
        self.changed = asyncio.Event()


class GameStore:
    """The games in memory, bounded in number and idle age; the bots' loop.

    *run_slow* runs the searches of the slow bots off the event loop, *run_review* the
    reviews (*run_slow* when not given); *review_worlds* is the worlds drawn for each
    call's estimate (0: the calls are not estimated); *clock* gives the time in seconds
    (``time.monotonic``).
    """

    def __init__(
        self,
        *,
        max_games: int,
        max_idle: float,
        run_slow: Runner,
        run_review: Runner | None = None,
        review_worlds: int = 0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_games = max_games
        self.max_idle = max_idle
        self.review_worlds = review_worlds
        self._run_slow = run_slow
        self._run_review = run_slow if run_review is None else run_review
        self._clock = clock
        self._games: dict[str, GameEntry] = {}

    # ------------------------------------------------------------------ games
    def expire(self) -> None:
        """Drop the games idle for longer than ``max_idle``. The games are kept in the
        order of their last request, so only the stale ones at the front are looked at."""
        now = self._clock()
        while self._games:
            key, entry = next(iter(self._games.items()))
            if now - entry.used <= self.max_idle:
                return
            self._drop(key)

    def _drop(self, key: str) -> None:
        entry = self._games.pop(key)
        if entry.task is not None:
            entry.task.cancel()
        for job in entry.reviews.values():
            for future in job.futures():
                future.cancel()
        entry.changed.set()

    def create(
        self, rules: RuleConfig, preset: str, kinds: tuple[str, str, str, str], seed: int | None
    ) -> GameEntry:
        """A new game, West dealing first (so North speaks first); its bots start."""
        self.expire()
        if len(self._games) >= self.max_games:
            raise WebError(
                503,
                f"the server holds {self.max_games} games, its most: try again once one "
                f"has been idle for {self.max_idle:g} s, or delete a finished one",
            )
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        game = Game.new(rules, Seat.WEST, random.Random(seed))
        key = secrets.token_urlsafe(12)
        tokens = {seat: secrets.token_urlsafe(24) for seat in Seat if kinds[seat] == HUMAN}
        entry = GameEntry(key, seed, preset, kinds, tokens, game, self._clock())
        dropped = {"type", "target"}  # the target is shown on its own
        base = to_data(RuleConfig.preset(preset))
        entry.options = {
            name: value
            for name, value in to_data(rules).items()
            if name not in dropped and base.get(name) != value
        }
        self._games[key] = entry
        self.wake_bots(entry)
        return entry

    def get(self, key: str) -> GameEntry:
        """The game *key*, marked as used now."""
        self.expire()
        entry = self._games.get(key)
        if entry is None:
            raise WebError(
                404,
                f"no game {key[:40]!r} here: it never existed, was deleted, or was idle "
                f"for more than {self.max_idle:g} s",
            )
        entry.used = self._clock()
        self._games[key] = self._games.pop(key)  # the most recently used last
        return entry

    def delete(self, key: str) -> None:
        """Forget the game *key* (its bots stop)."""
        self.get(key)
        self._drop(key)

    def release_waiters(self) -> None:
        """Answer every request waiting for a game to move now (the server is closing)."""
        for entry in self._games.values():
            entry.notify()

    def close(self) -> None:
        """Stop every game's bots and forget the games."""
        for key in list(self._games):
            self._drop(key)

    # ------------------------------------------------------------------ actions
    def act(
        self,
        entry: GameEntry,
        seat: Seat,
        action: Action,
        *,
        declare: Sequence[Announcement] | None = None,
        belote: bool | None = None,
    ) -> None:
        """Make *action* for the human *seat*; the bots then move on."""
        entry.apply(seat, action, declare, belote)
        self.wake_bots(entry)

    @staticmethod
    def check_fresh(entry: GameEntry, version: int | None) -> None:
        """Refuse a move that answers an older *version* of the game (409)."""
        if version is not None and version != entry.version:
            raise WebError(
                409,
                f"stale move: the game is at version {entry.version}, not {version} "
                "(it has moved on: fetch the state and choose again)",
            )

    def wake_bots(self, entry: GameEntry) -> None:
        """Start the game's bot loop unless it runs already or no bot is to move."""
        idle = entry.task is None or entry.task.done()
        if idle and self._bot_to_move(entry) is not None:
            entry.task = asyncio.get_running_loop().create_task(self._bots(entry))

    @staticmethod
    def _bot_to_move(entry: GameEntry) -> Seat | None:
        seat = entry.game.to_move
        if seat is None or entry.kind(seat) == HUMAN or entry.bot_error is not None:
            return None
        return seat

    async def _bots(self, entry: GameEntry) -> None:
        """Let the bots move until a human is to move or the game is over. A fast bot
        chooses on the event loop (microseconds); a slow one off it, and its answer is
        dropped if the game moved meanwhile (a coinche out of turn)."""
        while (seat := self._bot_to_move(entry)) is not None:
            kind = entry.kind(seat)
            version = entry.version
            view = entry.game.view(seat)
            try:
                if _bots.BOT_KINDS[kind].slow:
                    entry.thinking = seat
                    entry.notify()
                    try:
                        action = await self._run_slow(_bots.choose, kind, view, entry.bot_seed())
                    finally:
                        entry.thinking = None
                else:
                    action = _bots.choose(kind, view, entry.bot_seed())
                    await asyncio.sleep(0)  # let the other games' requests in
                if entry.version == version:
                    entry.apply(seat, action)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # a bot's failure must not take the server down
                _log.exception("the %s bot at %s failed in game %s", kind, seat.letter, entry.id)
                entry.bot_error = f"the {kind} bot at {seat.name} failed: {error}"
        entry.notify()

    async def wait(self, entry: GameEntry, after: int, timeout: float) -> None:
        """Return once the game's version is above *after*, a bot starts thinking, or
        *timeout* seconds have passed."""
        if entry.version > after:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(entry.changed.wait(), timeout)

    # ------------------------------------------------------------------ reviews
    def review(
        self, entry: GameEntry, index: int, deal: Deal, *, retry: bool = False
    ) -> ReviewJob:
        """The review of the finished deal number *index* of the game, started on the
        first request and kept; with *retry*, a part that failed is started again."""
        seed = entry.seed % 2**62 + index
        job = entry.reviews.get(index)
        estimated = self.review_worlds > 0 and deal.rules.auction is not AuctionKind.TURNED_CARD
        if job is None or (retry and _failed(job.cards)):  # the cards first: they are quick
            cards = asyncio.ensure_future(self._run_review(_bots.review_cards, deal, seed))
            job = entry.reviews[index] = ReviewJob(cards, None if job is None else job.calls)
        if estimated and (job.calls is None or (retry and _failed(job.calls))):
            job.calls = asyncio.ensure_future(
                self._run_review(_bots.review_calls, deal, self.review_worlds, seed)
            )
        return job
