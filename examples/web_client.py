"""Play a whole game of Coinche against the bots of a ``coinche serve`` server, through
its JSON API, with nothing but the standard library.

What any app, in any language, does with the API: make a game (``POST /api/games``)
and keep South's token; wait for South's turn (``GET /api/games/{id}?seat=S`` with
``after`` and ``wait``: the answer comes as soon as the game moves); send an action
(``POST /api/games/{id}/actions``, the library's text notation or an action integer,
with the state's ``version`` so that a stale move is refused); read each finished
deal's score; fetch the game's record (the library's JSON) once it is over. Here South
plays a random legal action; the server's bots play the other seats.

Start a server, then run the client against it::

    coinche serve --port 8000 &
    .venv/bin/python examples/web_client.py --url http://127.0.0.1:8000 --seed 7

The server's refusals come back as JSON ``{"detail": ...}`` with an HTTP status (see
``docs/web.rst``); this client prints them and stops.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any


class ApiError(Exception):
    """A refusal of the server: its HTTP status and its message."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(f"{status}: {detail}")
        self.status = status


class Client:
    """The API of one server, for one game and one seat."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")
        self.token: str | None = None
        self.game: str | None = None

    def call(self, method: str, path: str, body: object = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.token is not None:
            request.add_header("Authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                text = answer.read().decode()
        except urllib.error.HTTPError as error:
            detail = json.loads(error.read().decode() or "{}").get("detail", error.reason)
            raise ApiError(error.code, str(detail)) from None
        return json.loads(text)

    def new_game(self, rules: str, bots: str, seed: int | None) -> dict[str, Any]:
        seats = {"N": bots, "E": bots, "S": "human", "W": bots}
        made = self.call("POST", "/api/games", {"rules": rules, "seats": seats, "seed": seed})
        self.game, self.token = made["game_id"], made["tokens"]["S"]
        state: dict[str, Any] = made["state"]
        return state

    def state(self, after: int | None = None, wait: float = 0) -> dict[str, Any]:
        query = "?seat=S" + ("" if after is None else f"&after={after}&wait={wait}")
        found: dict[str, Any] = self.call("GET", f"/api/games/{self.game}{query}")
        return found

    def act(self, action: str | int, version: int) -> dict[str, Any]:
        body = {"seat": "S", "action": action, "version": version}
        found: dict[str, Any] = self.call("POST", f"/api/games/{self.game}/actions", body)
        return found


def play(url: str, rules: str, bots: str, seed: int | None, out: Any = sys.stdout) -> int:
    """Play one game as South; print each deal's score and the final totals. Returns
    the number of actions South made."""
    client = Client(url)
    rng = random.Random(seed)
    state = client.new_game(rules, bots, seed)
    print(f"game {client.game}: {rules} rules, South against {bots} bots", file=out)
    shown = 0
    actions = 0
    while not state["over"]:
        if state["to_move"] != "S" or not state["legal"]:  # the bots are to move: wait
            state = client.state(after=state["version"], wait=20)
        else:
            choice = rng.choice(state["legal"])
            # half the time the integer of coinche.actions, half the time the text
            action = choice["int"] if rng.random() < 0.5 else choice["action"]
            state = client.act(action, state["version"])
            actions += 1
        for deal in state["deals"][shown:]:
            if deal["phase"] == "scored":
                score = deal["score"]
                made = "made" if deal["made"] else "down"
                line = f"{deal['contract']}, {made}: NS {score['NS']}, EW {score['EW']}"
            else:
                line = "thrown in"
            print(f"deal {deal['index'] + 1}: {line}", file=out)
        shown = len(state["deals"])
    totals = state["totals"]
    print(f"{state['winner']} won, NS {totals['NS']} to EW {totals['EW']}", file=out)
    record = client.call("GET", f"/api/games/{client.game}/record")
    print(f"the game's record holds {len(record['actions'])} actions", file=out)
    return actions


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server")
    parser.add_argument("--rules", default="common", help="a preset (default: common)")
    parser.add_argument("--bots", default="greedy", help="the bots: greedy, policy, pimc or score")
    parser.add_argument("--seed", type=int, default=None, help="the game's seed")
    args = parser.parse_args(argv)
    try:
        play(args.url, args.rules, args.bots, args.seed)
    except ApiError as error:
        print(f"refused: {error}", file=sys.stderr)
        return 1
    except urllib.error.URLError as error:
        print(f"no server at {args.url}: {error.reason}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
