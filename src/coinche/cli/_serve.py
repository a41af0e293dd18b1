"""The ``serve`` command of :mod:`coinche.cli`: the web app of :mod:`coinche.web` on
uvicorn, to play against the bots in a browser and referee apps through its JSON API.

``coinche serve [--host 127.0.0.1] [--port 8000]``
    Serve the page at ``http://HOST:PORT/`` and the API under ``/api`` (its OpenAPI
    schema at ``/openapi.json``); Ctrl-C stops it. It needs the ``web`` extra
    (``pip install "coinche[web]"``). ``--bot-workers N`` sets the worker processes
    that run the searching bots (0: threads of the server's process, the reviews too;
    else the reviews have a worker process of their own); ``--max-games`` and
    ``--max-idle`` bound the games held in memory (their number, and the seconds a
    game is kept after its last request); ``--review-worlds N`` draws N worlds for each
    estimate of a call in a deal's review (0: the calls are not estimated; the default
    is 8 in the compiled build, 1 in pure Python, where each world costs about half a
    minute of a core).

>>> from coinche.cli import build_parser
>>> args = build_parser().parse_args(["serve", "--port", "8080", "--bot-workers", "0"])
>>> args.host, args.port, args.bot_workers
('127.0.0.1', 8080, 0)
"""

from __future__ import annotations

import argparse
from typing import Any

from coinche._checks import short_repr
from coinche.cli._common import _InputError

__all__ = ["add_commands"]


def _whole(low: int, high: int) -> Any:
    def read(text: str) -> int:
        value = int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else -1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high}, not {short_repr(text)}"
            )
        return value

    return read


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``serve`` to the subcommands of :func:`coinche.cli.build_parser`."""
    serve = commands.add_parser(
        "serve",
        help="play against the bots in a browser; a JSON referee API for apps",
        description="Serve the web app (the web extra): a page to play a whole game "
        "against the bots at http://HOST:PORT/ and a JSON API under /api, described at "
        "/openapi.json. Ctrl-C stops it.",
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: 127.0.0.1, this machine only)",
    )
    serve.add_argument(
        "--port", type=_whole(0, 65535), default=8000, help="the port (default: 8000)"
    )
    serve.add_argument(
        "--bot-workers",
        type=_whole(0, 256),
        metavar="N",
        help="worker processes for the searching bots (the reviews get one of their "
        "own); 0 runs both in threads of the server (default: the cores but one, 1 to 4)",
    )
    serve.add_argument(
        "--max-games",
        type=_whole(1, 10**6),
        default=1000,
        metavar="N",
        help="the most games held at once (default: 1000)",
    )
    serve.add_argument(
        "--max-idle",
        type=_whole(1, 10**7),
        default=3600,
        metavar="SECONDS",
        help="forget a game this long after its last request (default: 3600)",
    )
    serve.add_argument(
        "--review-worlds",
        type=_whole(0, 10_000),
        metavar="N",
        help="worlds drawn for each call's estimate in a deal's review; 0: the calls are "
        "not estimated, the cards only, with the hands open (default: 8 in the compiled "
        "build, 1 in pure Python)",
    )
    serve.set_defaults(command=_run_serve)


def _run_serve(args: argparse.Namespace) -> int:
    try:  # the web extra, imported only when asked for
        import uvicorn  # noqa: F401, PLC0415 - optional: the web extra

        from coinche.web import (  # noqa: PLC0415 - on FastAPI
            Settings,
            default_review_worlds,
            default_workers,
        )
        from coinche.web._app import serve  # noqa: PLC0415 - on FastAPI
    except ImportError as error:
        raise _InputError(
            f"serve needs the web extra (pip install 'coinche[web]'): {error}"
        ) from None
    workers = default_workers() if args.bot_workers is None else args.bot_workers
    settings = Settings(
        max_games=args.max_games,
        max_idle=float(args.max_idle),
        bot_workers=workers,
        review_worlds=default_review_worlds()
        if args.review_worlds is None
        else args.review_worlds,
    )
    print(f"coinche: serving http://{args.host}:{args.port}/ (Ctrl-C stops)", flush=True)
    serve(settings, args.host, args.port)
    return 0
