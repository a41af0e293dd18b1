"""The FastAPI application: the page, the card pictures and the JSON API (internal; the
public names are re-exported by :mod:`coinche.web`)."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import signal
import socket
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import AbstractContextManager, asynccontextmanager, contextmanager
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Final

import attrs
from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
)

from coinche import COMPILED, __version__, svg
from coinche._checks import check_int_range, check_type, is_int, is_number, short_repr
from coinche.actions import check_rules, int_to_action
from coinche.announcements import Announcement
from coinche.cards import Card
from coinche.config import PRESETS, RuleConfig
from coinche.deal import Action, Deal, Phase, Step
from coinche.errors import (
    CoincheError,
    IllegalActionError,
    IllegalCallError,
    IllegalCardError,
)
from coinche.records import dumps
from coinche.seats import Seat
from coinche.step import parse_action
from coinche.web import _bots
from coinche.web._state import (
    DealDetail,
    ReviewState,
    SeatState,
    deal_detail,
    review_state,
    seat_state,
)
from coinche.web._store import HUMAN, GameEntry, GameStore, Runner, WebError

__all__ = ["Settings", "create_app", "default_review_worlds", "default_workers", "running_server"]

STATIC: Final = Path(__file__).resolve().parent / "static"
MAX_WAIT: Final = 30.0
"""The longest a request may wait for the game to move (``wait``), in seconds."""
KEEP_ALIVE: Final = 75
"""Seconds the server keeps an idle connection open (uvicorn's default, 5, is shorter
than a client's pause between two long polls under load: a request sent as the server
closes the connection fails)."""
_DEFAULT_BOT: Final = "score"
Text = Annotated[str, StringConstraints(strict=True, max_length=200)]
RULE_OPTIONS: Final = tuple(field.name for field in attrs.fields(RuleConfig) if field.init)
"""The :class:`~coinche.RuleConfig` options a new game may change from its preset."""


def default_workers() -> int:
    """The bot worker processes by default: one core is left to the server, and at
    least one worker, at most four.

    >>> from coinche.web import default_workers
    >>> 1 <= default_workers() <= 4
    True
    """
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def default_review_worlds() -> int:
    """The worlds drawn for each call's estimate in a deal's review by default: 8 (the
    library's default) in the compiled build, where they take seconds; 1 in pure
    Python, where each world costs about half a minute of a core (a rough estimate,
    made in a worker of its own: see the documentation's page *Play in a browser*).

    >>> from coinche import COMPILED
    >>> from coinche.web import default_review_worlds
    >>> default_review_worlds() == (8 if COMPILED else 1)
    True
    """
    return 8 if COMPILED else 1


@attrs.frozen
class Settings:
    """How :func:`create_app` runs: the bounds on the games it holds, where the bots
    think, and how deep the reviews go.

    - *max_games*: the most games held at once (1000); a new game past that is refused
      (503) until one expires;
    - *max_idle*: seconds after its last request that a game is forgotten (3600);
    - *bot_workers*: worker processes for the searching bots (PIMC, the score bidder)
      and the reviews; 0 runs them in threads of the server's process instead, which
      keeps the server answering only as far as the interpreter switches threads
      (:func:`default_workers` by default);
    - *review_worlds*: the worlds drawn for each call's estimate in a deal's review
      (:func:`default_review_worlds` by default); 0 leaves the calls unestimated. The
      cards are always reviewed with the hands open (the costly cards and the better
      card), which takes seconds.

    >>> from coinche.web import Settings
    >>> Settings(max_games=10, bot_workers=0, review_worlds=4)
    Settings(max_games=10, max_idle=3600.0, bot_workers=0, review_worlds=4)
    >>> Settings(max_games=0)
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheValueError: Settings.max_games must be an int from 1 to 1000000, not 0
    """

    max_games: int = attrs.field(default=1000, validator=is_int(1, 10**6))
    max_idle: float = attrs.field(default=3600.0, validator=is_number(0.01, 10**7))
    bot_workers: int = attrs.field(factory=default_workers, validator=is_int(0, 256))
    review_worlds: int = attrs.field(
        factory=lambda: default_review_worlds(), validator=is_int(0, 10_000)
    )


# ---------------------------------------------------------------------- request bodies
class NewGame(BaseModel):
    """A new game: the preset, who sits where, the seed of the shuffles."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"rules": "common", "seats": {"S": "human"}, "seed": 7},
                {"rules": "ffb", "options": {"belote_requires_declaration": True}},
            ]
        },
    )
    rules: Text = Field("common", description="a preset: " + ", ".join(PRESETS))
    seats: dict[Text, Text] | None = Field(
        None,
        max_length=4,
        description="the kind of each seat, by letter (N, E, S, W): 'human' or a bot ("
        + ", ".join(_bots.BOT_KINDS)
        + "); a seat left out is a bot, the strongest, except South, a human when the "
        "object is left out",
    )
    seed: StrictInt | None = Field(
        None,
        ge=-(2**63),
        le=2**63,
        description="the seed of the game's shuffles and bots (default: a random one, "
        "never shown before the game is over)",
    )
    target: StrictInt | None = Field(None, description="the points that win a game")
    options: dict[Text, StrictBool | StrictInt | Text | list[StrictInt] | None] | None = Field(
        None,
        max_length=len(RULE_OPTIONS),
        description="rule options changed from the preset, by their RuleConfig names and "
        'as a game record writes them, e.g. {"belote_requires_declaration": true}',
    )


class ActionBody(BaseModel):
    """One action for a seat: a card or a call, as text or as an action integer."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"seat": "S", "action": "80 H", "version": 3}]},
    )
    seat: Text = Field(description="the seat acting: N, E, S or W")
    action: Text | StrictInt = Field(
        description="the card or call in the library's notation ('JH', '80 H', 'pass', "
        "'coinche') or its integer of coinche.actions (0 to 153)"
    )
    version: StrictInt | None = Field(
        None,
        description="the state's version the action answers: refused (409) once the game "
        "has moved on",
    )
    declare: list[Text] | None = Field(
        None,
        max_length=8,
        description="with a card of the first trick: the announcements declared, each as "
        "the state's 'declarable' writes it ('tierce (QH KH AH)'); [] for none; left out, "
        "all the seat holds",
    )
    belote: StrictBool | None = Field(
        None,
        description="with the first of the king and queen of trumps that the belote holder "
        "plays, where the rules require belote to be declared (the state's 'belote_cards'): "
        "say belote (true, the default) or keep quiet (false); refused with any other card",
    )


class Created(BaseModel):
    """A new game: its id, each human seat's token (keep them: they are the only way
    to act for the seat or see its hand), and the state of the first human seat."""

    game_id: str
    tokens: dict[str, str]
    state: dict[str, Any]


class LegalState(BaseModel):
    version: int
    to_move: str | None
    legal: list[dict[str, Any]]


class BotInfo(BaseModel):
    name: str
    label: str
    description: str
    available: bool
    why_not: str | None


class Options(BaseModel):
    version: str
    presets: list[str]
    bots: list[BotInfo]
    default_bot: str


# ---------------------------------------------------------------------- helpers
_bearer = HTTPBearer(auto_error=False, description="the seat's token, given at creation")
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def _seat(text: str) -> Seat:
    return Seat.parse(text)  # NotationError, a 400, names the text


def _authorize(entry: GameEntry, seat: Seat, token: HTTPAuthorizationCredentials | None) -> None:
    kind = entry.kind(seat)
    if kind != HUMAN:
        raise WebError(
            403,
            f"{seat.name} is played by the {kind} bot: nobody acts for it or sees its hand",
        )
    if token is None:
        raise WebError(
            401,
            f"{seat.name}'s token is needed: send 'Authorization: Bearer <token>' with the "
            "token given when the game was created",
        )
    if not secrets.compare_digest(token.credentials.encode(), entry.tokens[seat].encode()):
        raise WebError(403, f"this is not {seat.name}'s token")


def _kinds(seats: dict[str, str] | None) -> tuple[str, str, str, str]:
    if seats is None:
        seats = {"S": HUMAN}
    kinds = [_DEFAULT_BOT] * 4
    given: set[Seat] = set()
    for key, kind in seats.items():
        seat = _seat(key)
        if seat in given:
            raise WebError(400, f"seats names {seat.name} twice")
        given.add(seat)
        name = kind.strip().lower()
        if name != HUMAN and name not in _bots.BOT_KINDS:
            raise WebError(
                400,
                f"unknown seat kind {short_repr(kind)} for {seat.name}: 'human' or one of "
                + ", ".join(_bots.BOT_KINDS),
            )
        if name == "policy" and (why := _bots.policy_available()) is not None:
            raise WebError(400, why)
        kinds[seat] = name
    return (kinds[0], kinds[1], kinds[2], kinds[3])


def _rules(body: NewGame) -> RuleConfig:
    """The preset *body* names, with its options and target (the library checks them)."""
    rules = RuleConfig.preset(body.rules.strip().lower())
    changes: dict[str, Any] = dict(body.options or {})
    for name in changes:
        if name not in RULE_OPTIONS:
            raise WebError(
                400,
                f"unknown rule option {short_repr(name)}: the options are "
                + ", ".join(RULE_OPTIONS),
            )
    if body.target is not None:
        if changes.get("target", body.target) != body.target:
            raise WebError(400, "target is given twice, with two values: give it once")
        changes["target"] = body.target
    return attrs.evolve(rules, **changes)


def _action(body: ActionBody, entry: GameEntry) -> Action:
    if isinstance(body.action, int):
        check_rules(entry.game.rules)
        return int_to_action(body.action, entry.game.rules)
    return parse_action(body.action, entry.game.deal)


def _declared(seat: Seat, texts: list[str]) -> tuple[Announcement, ...]:
    """The announcements named by *texts*, each read as a step reads it."""
    declared: list[Announcement] = []
    for text in texts:
        step = Step.parse(f"{seat.letter} 7C declare {text}")
        if step.declare is None or len(step.declare) != 1 or step.belote is not None:
            raise WebError(
                400,
                f"cannot read {short_repr(text)} as one announcement: its kind and its "
                "cards, such as 'tierce (QH KH AH)'",
            )
        declared += step.declare
    return tuple(declared)


def _finished(entry: GameEntry, index: int) -> Deal:
    game = entry.game
    deals = game.deals
    if not 0 <= index < len(deals):
        raise WebError(404, f"the game has no deal {index} (its deals are 0 to {len(deals) - 1})")
    deal = deals[index]
    if not deal.is_over:
        raise WebError(409, f"deal {index} is not over: it is in the {deal.phase.value} phase")
    return deal


def _part_status(part: asyncio.Future[Any] | None) -> str:
    """A review part's state: ``off`` (not computed), ``pending``, ``failed``, ``ready``."""
    if part is None:
        return "off"
    if not part.done():
        return "pending"
    return "failed" if part.cancelled() or part.exception() is not None else "ready"


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"detail": message}, status_code=status)


def _status(error: CoincheError) -> int:
    """The library's refusal of an action is a conflict with the game's state (409);
    any other error of the library is bad input (400)."""
    if isinstance(error, (IllegalActionError, IllegalCardError, IllegalCallError)):
        return 409
    return 400


def _validation_message(error: RequestValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item.get("loc", ()))
        parts.append(f"{where}: {item.get('msg', 'invalid')}")
    return "malformed request: " + "; ".join(parts)


@cache
def _card_svg(code: str) -> str:
    return str(svg.card(Card.parse(code), size=120))


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop the bot workers now, searches under way included: a worker left waiting
    would outlive the server (it holds the server's standard streams)."""
    workers = list(getattr(pool, "_processes", {}).values())  # the pool's own processes
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(10)
    pool.shutdown(wait=True, cancel_futures=True)  # the pool sees them gone, and closes


def _thread_runner() -> Runner:
    async def run(function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.to_thread(function, *args)

    return run


def _pool_runner(pool: Executor) -> Runner:
    async def run(function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(pool, function, *args)

    return run


# ---------------------------------------------------------------------- the app
def create_app(settings: Settings | None = None) -> FastAPI:
    """The web app: the page to play against the bots at ``/``, the JSON API under
    ``/api`` (its OpenAPI schema at ``/openapi.json``, browsable at ``/docs``).

    Serve it with any ASGI server (``coinche serve`` runs uvicorn); the games live in
    the app's memory, so run one server process.

    >>> from fastapi.testclient import TestClient
    >>> from coinche.web import Settings, create_app
    >>> with TestClient(create_app(Settings(bot_workers=0))) as client:
    ...     made = client.post("/api/games", json={"seats": {"S": "human", "N": "greedy",
    ...         "E": "greedy", "W": "greedy"}, "seed": 1}).json()
    ...     state = made["state"]
    ...     state["seat"], len(state["hand"]), state["phase"]
    ('S', 8, 'auction')
    """
    settings = Settings() if settings is None else check_type(settings, Settings, "settings")
    holder: dict[str, GameStore] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pools: list[ProcessPoolExecutor] = []
        if settings.bot_workers:
            spawn = multiprocessing.get_context("spawn")
            pool = ProcessPoolExecutor(
                settings.bot_workers, mp_context=spawn, initializer=_bots.warm
            )
            # the reviews in a worker of their own, niced: a review of minutes never
            # keeps a bot waiting for a worker, nor takes a core from a bot's search
            reviews = ProcessPoolExecutor(1, mp_context=spawn, initializer=_bots.warm_reviews)
            pools += [pool, reviews]
            for _ in range(settings.bot_workers):  # start the workers now, not at a bot's turn
                pool.submit(_bots.warm)
            reviews.submit(_bots.warm)
            runner, review_runner = _pool_runner(pool), _pool_runner(reviews)
        else:
            runner = review_runner = _thread_runner()
        store = holder["store"] = GameStore(
            max_games=settings.max_games,
            max_idle=settings.max_idle,
            run_slow=runner,
            run_review=review_runner,
            review_worlds=settings.review_worlds,
        )
        loop = asyncio.get_running_loop()
        app.state.release_waiters = lambda: loop.call_soon_threadsafe(store.release_waiters)
        try:
            yield
        finally:
            holder.pop("store").close()
            for pool in pools:
                _stop_pool(pool)

    def store() -> GameStore:
        return holder["store"]

    app = FastAPI(
        title="coinche",
        version=__version__,
        summary="Play Coinche against the library's bots, and a JSON referee for apps.",
        lifespan=lifespan,
    )

    @app.exception_handler(WebError)
    async def web_error(request: Request, error: WebError) -> JSONResponse:
        return _error(error.status, error.message)

    @app.exception_handler(CoincheError)
    async def library_error(request: Request, error: CoincheError) -> JSONResponse:
        return _error(_status(error), str(error))

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        return _error(422, _validation_message(error))

    api = APIRouter(prefix="/api")

    @api.get("/options", response_model=Options)
    async def options() -> Options:
        """The presets and the bots this server offers."""
        why = _bots.policy_available()
        bots = [
            BotInfo(
                name=kind.name,
                label=kind.label,
                description=kind.description,
                available=kind.name != "policy" or why is None,
                why_not=why if kind.name == "policy" else None,
            )
            for kind in _bots.BOT_KINDS.values()
        ]
        return Options(
            version=__version__, presets=list(PRESETS), bots=bots, default_bot=_DEFAULT_BOT
        )

    @api.post("/games", response_model=Created, status_code=201)
    async def new_game(body: NewGame) -> Created:
        """Start a game: West deals first, so North speaks first. The bots move at once;
        the answer holds each human seat's token."""
        rules = _rules(body)
        kinds = _kinds(body.seats)
        entry = store().create(rules, body.rules.strip().lower(), kinds, body.seed)
        first = next((seat for seat in Seat if kinds[seat] == HUMAN), None)
        return Created(
            game_id=entry.id,
            tokens={seat.letter: token for seat, token in entry.tokens.items()},
            state=dict(seat_state(entry, first)),
        )

    @api.get("/games/{game_id}", response_model=SeatState)
    async def state(
        game_id: str,
        token: Token,
        seat: Annotated[
            str | None, Query(description="the seat whose view (needs its token)")
        ] = None,
        after: Annotated[
            int | None, Query(description="wait until the version is above this")
        ] = None,
        wait: Annotated[
            float, Query(ge=0, le=MAX_WAIT, description="the most seconds to wait")
        ] = 0.0,
    ) -> SeatState:
        """The game as *seat* may see it (with its token), or as anyone may without a
        seat. With *after* and *wait*, the answer waits (long polling) until the game's
        version is above *after* or a bot starts thinking, at most *wait* seconds."""
        entry = store().get(game_id)
        who = None if seat is None else _seat(seat)
        if who is not None:
            _authorize(entry, who, token)
        if after is not None and wait > 0:
            await store().wait(entry, after, wait)
        return seat_state(entry, who)

    @api.get("/games/{game_id}/legal", response_model=LegalState)
    async def legal(game_id: str, seat: str, token: Token) -> LegalState:
        """What *seat* may do now (nothing when it is not its turn, but for pagat's
        coinche at any time), each action as text and as its integer."""
        entry = store().get(game_id)
        who = _seat(seat)
        _authorize(entry, who, token)
        found = seat_state(entry, who)
        return LegalState(
            version=found["version"],
            to_move=found["to_move"],
            legal=[dict(item) for item in found["legal"]],
        )

    @api.post("/games/{game_id}/actions", response_model=SeatState)
    async def act(game_id: str, body: ActionBody, token: Token) -> SeatState:
        """Make an action for a human seat. Refused with the rule's words when the rules
        do not allow it (409), when the game has moved on past *version* (409), or when
        it cannot be read (400)."""
        entry = store().get(game_id)
        who = _seat(body.seat)
        _authorize(entry, who, token)
        store().check_fresh(entry, body.version)
        if entry.game.is_over:
            winner = entry.game.winner
            assert winner is not None
            raise WebError(409, f"the game is over: {winner.short} won")
        action = _action(body, entry)
        declare = None if body.declare is None else _declared(who, body.declare)
        store().act(entry, who, action, declare=declare, belote=body.belote)
        return seat_state(entry, who)

    @api.get("/games/{game_id}/deals/{index}", response_model=DealDetail)
    async def deal(game_id: str, index: int) -> DealDetail:
        """A deal that is over (*index* from 0): its score explained and its play drawn."""
        entry = store().get(game_id)
        return deal_detail(index, _finished(entry, index))

    @api.get("/games/{game_id}/deals/{index}/record")
    async def deal_record(game_id: str, index: int) -> Response:
        """The library's JSON record of a scored deal (``coinche score`` and
        ``coinche.loads`` read it); a deal thrown in is not shown, its hands unplayed."""
        entry = store().get(game_id)
        found = _finished(entry, index)
        if found.phase is Phase.THROWN_IN:
            raise WebError(409, f"deal {index} was thrown in: its hands were never shown")
        return Response(
            dumps(found, indent=1) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="deal-{index + 1}.json"'},
        )

    @api.get("/games/{game_id}/deals/{index}/review", response_model=ReviewState)
    async def deal_review(
        game_id: str,
        index: int,
        wait: Annotated[float, Query(ge=0, le=MAX_WAIT)] = 0.0,
    ) -> ReviewState:
        """The review of a scored deal (:mod:`coinche.bots.review`), started by the first
        request: its cards with the hands open (``status``), then its calls estimated
        (``calls_status``), each ``pending`` until ready; *wait*: at most that many
        seconds for the next part."""
        entry = store().get(game_id)
        found = _finished(entry, index)
        if found.phase is Phase.THROWN_IN:
            raise WebError(409, f"deal {index} was thrown in: there is no play to review")
        job = store().review(entry, index, found)
        part = job.next_part()
        if wait > 0 and part is not None:  # the next part, at most wait seconds
            await asyncio.wait([part], timeout=wait)
        if job.cards.cancelled():  # the game was deleted or expired meanwhile
            raise WebError(404, f"no game {game_id[:40]!r} here any more")
        if not job.cards.done():
            return review_state(None, found, calls_status=_part_status(job.calls))
        failure = job.cards.exception()
        status = _part_status(job.calls)
        if failure is not None or status == "failed":  # said once: the next request
            store().review(entry, index, found, retry=True)  # sees it started again
        if failure is not None:
            raise WebError(503, f"the review failed, ask again: {failure}")
        calls = job.calls.result() if status == "ready" and job.calls is not None else None
        worlds = store().review_worlds
        return review_state(job.cards.result(), found, calls, status, worlds)

    @api.get("/games/{game_id}/record")
    async def game_record(game_id: str) -> Response:
        """The library's JSON record of the whole game, once it is over (before that it
        would hold the hands of the deal in play)."""
        entry = store().get(game_id)
        if not entry.game.is_over:
            raise WebError(
                409, "the game is not over: its record would show the hands of the deal in play"
            )
        return Response(
            dumps(entry.game, indent=1) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": 'attachment; filename="game.json"'},
        )

    @api.delete("/games/{game_id}", status_code=204)
    async def delete(game_id: str, seat: str, token: Token) -> Response:
        """Forget a game (a human seat's token is needed)."""
        entry = store().get(game_id)
        _authorize(entry, _seat(seat), token)
        store().delete(game_id)
        return Response(status_code=204)

    app.include_router(api)

    @app.get("/cards/{code}.svg", include_in_schema=False)
    async def card(code: str) -> Response:
        return Response(
            _card_svg(Card.parse(code).code),
            media_type="image/svg+xml",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def running_server(
    settings: Settings | None = None, *, host: str = "127.0.0.1", port: int = 0
) -> AbstractContextManager[str]:
    """Serve :func:`create_app` with uvicorn in a thread while the ``with`` block runs,
    and give its address (for tests, scripts and notebooks; ``coinche serve`` is the
    command line's way). *port* 0 takes a free port.

    >>> import json, urllib.request
    >>> from coinche.web import Settings, running_server
    >>> with running_server(Settings(bot_workers=0)) as url:
    ...     with urllib.request.urlopen(f"{url}/api/options") as answer:
    ...         json.load(answer)["presets"][:2]
    ['common', 'ffb']

    :raises CoincheTypeError: an argument of the wrong type, or *port* not from 0 to
        65535 (checked at the call, before the ``with`` block).
    :raises OSError: the address cannot be listened on.
    :raises CoincheError: the server did not start within 60 seconds.
    """
    if settings is not None:
        check_type(settings, Settings, "settings")
    check_type(host, str, "host")
    check_int_range(port, "port", 0, 65535)
    return _serving(create_app(settings), host, port)


@contextmanager
def _serving(app: FastAPI, host: str, port: int) -> Iterator[str]:
    """The body of :func:`running_server`, its arguments checked."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        bound = sock.getsockname()[1]
        server = _server(app, host, bound)
        thread = threading.Thread(
            target=server.run, kwargs={"sockets": [sock]}, name="coinche-web", daemon=True
        )
        thread.start()
        deadline = time.monotonic() + 60
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                server.should_exit = True
                raise CoincheError(f"the web app did not start on {host}:{bound}")
            time.sleep(0.02)
        try:
            shown = f"[{host}]" if family == socket.AF_INET6 else host
            yield f"http://{shown}:{bound}"
        finally:
            server.handle_exit(signal.SIGTERM, None)
            thread.join(60)
    finally:
        sock.close()


def _server(app: FastAPI, host: str, port: int) -> Any:
    """A uvicorn server of *app* that answers the waiting requests as it stops (else
    a page's long poll holds the shutdown until uvicorn cancels it)."""
    import uvicorn  # noqa: PLC0415 - optional dependency (the web extra), when serving

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            release = getattr(app.state, "release_waiters", None)
            if release is not None:
                release()
            super().handle_exit(sig, frame)

    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        # no logging.config.dictConfig: it would close the handlers already there (a
        # test runner's among them); uvicorn's warnings go to the logging module's own
        log_config=None,
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=5,
        timeout_keep_alive=KEEP_ALIVE,
    )
    return Server(config)


def serve(settings: Settings, host: str, port: int) -> None:
    """Serve the app on *host* and *port* until the process is told to stop (Ctrl-C):
    what ``coinche serve`` runs."""
    _server(create_app(settings), host, port).run()
