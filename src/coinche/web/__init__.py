"""Play against the bots in a browser, and a JSON referee API for apps in any language.

The ``web`` extra (``pip install "coinche[web]"``: FastAPI and uvicorn) adds
``coinche serve``, which runs the app :func:`create_app` builds: a page at ``/`` to play
a whole game against the library's bots, and a JSON API under ``/api``, described by
its OpenAPI schema at ``/openapi.json`` (browsable at ``/docs``). The core of the
library never imports this package. The documentation's page *Play in a browser*
(``docs/web.rst``) shows the page and the API.

>>> from fastapi.testclient import TestClient
>>> from coinche.web import Settings, create_app
>>> app = create_app(Settings(bot_workers=0))
>>> with TestClient(app) as client:
...     made = client.post("/api/games", json={"seed": 3, "seats": {
...         "S": "human", "N": "greedy", "E": "greedy", "W": "greedy"}}).json()
...     token = {"Authorization": f"Bearer {made['tokens']['S']}"}
...     url = f"/api/games/{made['game_id']}/actions"
...     client.post(url, json={"seat": "S", "action": "7H"}, headers=token).json()["detail"]
"cannot read '7H' now: it is a card, and in the auction an action is a call, like \
'pass', '80 H' or 'coinche'"

Decisions (each is documented behaviour):

- **Who sees what**: a seat's hand, and what it may do, are answered only with that
  seat's token (``Authorization: Bearer <token>``), given once, when the game is made;
  without a seat, anyone with the game's id sees what the whole table sees. No answer
  holds another seat's unplayed cards: the state is the seat's
  :class:`~coinche.PlayerView`, a deal's record is given once the deal is scored (a
  deal thrown in, never played, is not shown), the game's record once the game is
  over, and the game's seed (which would tell every hand) only then.
- **Refusals** are JSON ``{"detail": message}`` with the library's words: 400 for what
  cannot be read (an action, a seat, a preset), 401 or 403 for a missing or wrong
  token, 404 for an unknown game or deal, 409 for what the game's state refuses (an
  illegal card or call, not the seat's turn, a stale ``version``, the game over), 422
  for a malformed body, 503 when the server holds its most games.
- **Bots**: :data:`BOT_KINDS`. The searching ones (PIMC and the score bidder) and the
  reviews run in worker processes (:class:`Settings`), never on the event loop: the
  other games keep answering while one thinks. The same seed and the same human
  actions give the same game.
"""

from __future__ import annotations

from coinche.web._app import (
    Settings,
    create_app,
    default_review_worlds,
    default_workers,
    running_server,
)
from coinche.web._bots import BOT_KINDS, BotKind

__all__ = [
    "BOT_KINDS",
    "BotKind",
    "Settings",
    "create_app",
    "default_review_worlds",
    "default_workers",
    "running_server",
]
