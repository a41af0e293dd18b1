"""The JSON API of coinche.web, through FastAPI's test client.

A game played through the API is the game :class:`coinche.Game` plays from the same
seed and the same actions (records and totals); every malformed or forbidden request
gets its 4xx with the library's words, never a 500 (the test client raises on any
server error); no answer to one seat holds a card another seat has not played.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

pytest.importorskip("fastapi", reason="the web extra (coinche[web]) is not installed")

from fastapi.testclient import TestClient

from coinche import COINCHE, Card, Deal, Game, RuleConfig, Seat, Team, dumps, loads, parse_action
from coinche.actions import action_to_int
from coinche.bots.players import GreedyPlayer
from coinche.bots.review import CallReview, CardReview, Review
from coinche.deal import Phase
from coinche.web import BOT_KINDS, BotKind, Settings, _bots, create_app, running_server

GREEDY_TABLE = {"N": "greedy", "E": "greedy", "S": "human", "W": "greedy"}
ALL_HUMAN = {"N": "human", "E": "human", "S": "human", "W": "human"}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(bot_workers=0, review_worlds=0))) as made:
        yield made


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Table:
    """A game made through the API, with its seats' tokens."""

    def __init__(self, client: TestClient, **body: Any) -> None:
        response = client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        made = response.json()
        self.client = client
        self.id: str = made["game_id"]
        self.tokens: dict[str, str] = made["tokens"]
        self.first: dict[str, Any] = made["state"]

    def state(self, seat: str | None = None, **params: Any) -> dict[str, Any]:
        headers = auth(self.tokens[seat]) if seat is not None else {}
        if seat is not None:
            params["seat"] = seat
        response = self.client.get(f"/api/games/{self.id}", params=params, headers=headers)
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result

    def act(self, seat: str, action: str | int, **extra: Any) -> dict[str, Any]:
        response = self.post(seat, action, **extra)
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result

    def post(self, seat: str, action: object, token: str | None = None, **extra: Any) -> Any:
        body = {"seat": seat, "action": action, **extra}
        headers = auth(token if token is not None else self.tokens.get(seat, "none"))
        return self.client.post(f"/api/games/{self.id}/actions", json=body, headers=headers)

    def wait_for(self, seat: str, test: Any, limit: float = 30.0) -> dict[str, Any]:
        """The seat's state once *test* holds of it (the bots move in the background)."""
        end = time.monotonic() + limit
        state = self.state(seat)
        while not test(state):
            assert time.monotonic() < end, f"waited {limit} s for the bots"
            state = self.state(seat, after=state["version"], wait=1)
        return state


# ---------------------------------------------------------------------- same as Game
def _declared_subset(deal: Deal, seat: Seat, rng: random.Random) -> list[Any] | None:
    held = list(deal.declarable(seat))
    if deal.tricks or not held or rng.random() < 0.3:  # declared in the first trick only
        return None  # the default: all it holds
    return [a for a in held if rng.random() < 0.5]


def _belote_pair(deal: Deal, seat: Seat) -> list[str]:
    """The king and queen of trumps while *seat* holds both, where the rules require
    belote to be declared: the first of them it plays says belote or not."""
    contract = deal.contract
    suit = None if contract is None else contract.strain.trump_suit
    if not deal.rules.belote_requires_declaration or suit is None:
        return []
    pair = [card for card in deal.hand(seat) if card.suit is suit and card.code[0] in "KQ"]
    return sorted(card.code for card in pair) if len(pair) == 2 else []


DECLARED = {"belote_requires_declaration": True}


@pytest.mark.parametrize(
    ("preset", "options", "target", "seed"),
    [
        ("common", None, 300, 11),
        ("ffb", None, 400, 12),
        ("pagat", None, 400, 13),
        ("classic_belote", None, 300, 14),
        ("common", DECLARED, 1500, 18),
    ],
)
def test_a_game_through_the_api_is_the_library_game(
    client: TestClient, preset: str, options: dict[str, Any] | None, target: int, seed: int
) -> None:
    """Four human seats play random actions through the API, as text or as integers,
    with announcements declared in part, belote said or not where the rules require it
    to be declared, and pagat's coinche out of turn; the same actions applied to
    Game.new with the same seed give the same game."""
    rules = attrs.evolve(RuleConfig.preset(preset), target=target, **(options or {}))
    body = {} if options is None else {"options": options}
    table = Table(client, rules=preset, target=target, seed=seed, seats=ALL_HUMAN, **body)
    said = {True: 0, False: 0}
    game = Game.new(rules, Seat.WEST, random.Random(seed))  # the app's first dealer
    rng = random.Random(seed)
    out_of_turn = 0
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        bystanders = [s for s in Seat if s is not seat and COINCHE in game.view(s).legal_actions()]
        if bystanders and rng.random() < 0.5:  # pagat: a coinche out of turn
            other = rng.choice(bystanders)
            state = table.act(other.letter, "coinche")
            game = game.apply_call(other, COINCHE)
            out_of_turn += 1
        else:
            action = rng.choice(game.legal_actions())
            declare = None
            if isinstance(action, Card) and game.deal.phase is Phase.PLAY:
                declare = _declared_subset(game.deal, seat, rng)
            sent: str | int = str(action)
            if rng.random() < 0.5:
                sent = action_to_int(action, rules)
            texts = None if declare is None else [str(a).rsplit(" by ", 1)[0] for a in declare]
            extra: dict[str, Any] = {} if texts is None else {"declare": texts}
            belote = True  # the library's default: the holder says belote
            if game.deal.phase is Phase.PLAY:
                pair = _belote_pair(game.deal, seat)
                assert sorted(table.state(seat.letter)["belote_cards"]) == pair
                if str(action) in pair:
                    belote = rng.random() < 0.5
                    said[belote] += 1
                    extra["belote"] = belote
            state = table.act(seat.letter, sent, **extra)
            game = game.apply(action, declare=declare, belote=belote)
        assert state["totals"] == {"NS": game.totals.north_south, "EW": game.totals.east_west}
        assert state["version"] == sum(len(deal.steps) for deal in game.deals)
    assert state["over"]
    assert game.winner is not None
    assert state["winner"] == game.winner.short
    record = client.get(f"/api/games/{table.id}/record")
    assert record.status_code == 200
    assert record.text == dumps(game, indent=1) + "\n"
    assert loads(record.text) == game
    for index, deal in enumerate(game.deals):
        if deal.phase is Phase.SCORED:
            text = client.get(f"/api/games/{table.id}/deals/{index}/record").text
            assert loads(text) == deal
    if preset == "pagat":
        assert out_of_turn > 0
    if options is not None:  # seed 18: a belote holder chose, with its first king or queen
        assert said[True] + said[False] > 0


def test_the_bots_play_as_the_library_players(client: TestClient) -> None:
    """Greedy bots at N, E and W: each of their actions in the finished deals is what
    GreedyPlayer chooses from the seat's view (it draws nothing at random)."""
    table = Table(client, rules="common", seed=5, seats=GREEDY_TABLE, target=200)
    rng = random.Random(5)
    state = table.first
    while not state["over"]:
        state = table.wait_for("S", lambda s: s["over"] or s["to_move"] == "S")
        if state["over"]:
            break
        state = table.act("S", rng.choice(state["legal"])["action"], version=state["version"])
    record = client.get(f"/api/games/{table.id}/record")
    game = loads(record.text)
    assert isinstance(game, Game)
    assert game.is_over
    greedy = GreedyPlayer()
    bot_actions = 0
    for deal in game.deals:
        replay = Deal.from_hands(deal.dealer, deal.rules, deal.hands)
        for step in deal.steps:
            if step.seat is not Seat.SOUTH:
                view = replay.view(step.seat)
                chosen = greedy.choose(view, replay.legal_actions(), random.Random(0))
                assert chosen == step.action
                bot_actions += 1
            replay = replay.apply(step)
    assert bot_actions > 0
    # the final state agrees with the record
    assert state["totals"] == {"NS": game.totals.north_south, "EW": game.totals.east_west}


# ---------------------------------------------------------------------- refusals
def _game_in_play(client: TestClient) -> Table:
    """Four human seats; the auction done: 80 hearts by North, North to lead."""
    table = Table(client, seed=3, seats=ALL_HUMAN)
    for seat, call in zip("NESW", ("80 H", "pass", "pass", "pass"), strict=True):
        table.act(seat, call)
    return table


def test_refusals_name_the_rule(client: TestClient) -> None:
    table = Table(client, seed=3, seats={"N": "human", "E": "human", "S": "human", "W": "human"})
    cases: list[tuple[Any, int, str]] = [
        (table.post("N", "ZZ"), 400, "cannot read 'ZZ' now"),
        (table.post("N", "JH"), 400, "it is a card, and in the auction"),
        (table.post("N", "85 H"), 409, "85 is not a bid value: bids go up from 80"),
        (table.post("N", "coinche"), 409, "NORTH may not"),
        (table.post("E", "pass"), 409, "NORTH"),  # not East's turn
        (table.post("N", 154), 400, "154 is not an action integer (0 to 153)"),
        (table.post("N", "pass", version=99), 409, "stale move: the game is at version 0"),
        (table.post("N", "pass", token="wrong"), 403, "this is not NORTH's token"),
        (table.post("Z", "pass"), 400, "'Z'"),
        (table.post("N", True), 422, "action"),
        (table.post("N", "pass", extra=1), 422, "extra"),
        (table.post("N", "pass", declare=["tierce (QH KH AH)"]), 409, "go with a card"),
        (table.post("N", "pass", declare=["tierce (QH KH AH), quarte"]), 400, "tierce"),
    ]
    for response, status, words in cases:
        assert response.status_code == status, response.text
        assert words in response.json()["detail"], response.json()
    no_token = client.post(f"/api/games/{table.id}/actions", json={"seat": "N", "action": "pass"})
    assert no_token.status_code == 401
    assert "NORTH's token is needed" in no_token.json()["detail"]


def test_refusals_in_the_play(client: TestClient) -> None:
    table = _game_in_play(client)
    lead = table.state("N")["hand"][0]
    table.act("N", lead)  # East must follow suit, or trump when it cannot
    east = table.state("E")
    legal = {item["action"] for item in east["legal"]}
    illegal = [code for code in east["hand"] if code not in legal]
    assert illegal  # seed 3: East holds cards of other suits than the one led
    refused = table.post("E", illegal[0])
    assert refused.status_code == 409
    assert "(rule " in refused.json()["detail"]  # the rule, as explain_card words it
    called = table.post("E", "pass")  # a call once the auction is over
    assert called.status_code == 400
    assert "the auction is over" in called.json()["detail"]
    assert table.post("S", next(iter(legal))).status_code == 409  # East's turn, not South's
    bots = Table(client, seed=3, seats=GREEDY_TABLE)
    bot = bots.post("E", "7C", token=bots.tokens["S"])
    assert bot.status_code == 403
    assert "EAST is played by the greedy bot" in bot.json()["detail"]
    card = client.get(f"/api/games/{table.id}/deals/0")
    assert card.status_code == 409
    assert "not over" in card.json()["detail"]
    assert client.get(f"/api/games/{table.id}/deals/5").status_code == 404
    assert client.get(f"/api/games/{table.id}/record").status_code == 409


def test_new_game_refusals(client: TestClient) -> None:
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"rules": "fbb"}, 400, "unknown preset 'fbb'"),
        ({"seats": {"S": "wizard"}}, 400, "unknown seat kind 'wizard'"),
        ({"seats": {"S": "human", "south": "greedy"}}, 400, "seats names SOUTH twice"),
        ({"seats": {"X": "human"}}, 400, "'X'"),
        ({"target": -5}, 400, "target"),
        ({"seed": 2**70}, 422, "seed"),
        ({"seed": "7"}, 422, "seed"),
        ({"rules": "common", "colour": "red"}, 422, "colour"),
        ({"options": {"colour": True}}, 400, "unknown rule option 'colour': the options are"),
        (
            {"options": {"belote_requires_declaration": 1}},  # JSON 1 is no boolean
            400,
            "belote_requires_declaration must be True or False, not 1",
        ),
        ({"options": {"direction": "up"}}, 400, "direction must be a Direction"),
        ({"target": 500, "options": {"target": 600}}, 400, "target is given twice"),
        ({"options": {"allow_no_trump": {"x": 1}}}, 422, "options"),
    ]
    for body, status, words in cases:
        response = client.post("/api/games", json=body)
        assert response.status_code == status, response.text
        assert words in response.json()["detail"], response.json()
    broken = client.post(
        "/api/games", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert broken.status_code == 422
    assert client.get("/api/games/nope").status_code == 404
    assert "no game 'nope' here" in client.get("/api/games/nope").json()["detail"]
    assert client.get("/api/games/nope/deals/0/record").status_code == 404


def test_tokens_guard_the_hands(client: TestClient) -> None:
    table = Table(client, seed=8, seats=GREEDY_TABLE)
    url = f"/api/games/{table.id}"
    assert client.get(url, params={"seat": "S"}).status_code == 401
    wrong = client.get(url, params={"seat": "S"}, headers=auth("x" * 32))
    assert wrong.status_code == 403
    assert (
        client.get(url, params={"seat": "N"}, headers=auth(table.tokens["S"])).status_code == 403
    )
    public = client.get(url).json()
    assert public["hand"] is None
    assert public["legal"] == []
    assert public["view"] is None
    legal = client.get(f"{url}/legal", params={"seat": "S"}, headers=auth(table.tokens["S"]))
    assert legal.status_code == 200
    state = table.state("S")
    assert legal.json()["legal"] == state["legal"]
    assert client.get(f"{url}/legal", params={"seat": "S"}).status_code == 401


def test_a_finished_game_refuses_more(client: TestClient) -> None:
    table = Table(client, seed=2, seats=ALL_HUMAN, target=10)
    state = table.first
    rng = random.Random(2)
    while not state["over"]:
        seat = state["to_move"]
        state = table.act(seat, rng.choice(table.state(seat)["legal"])["action"])
    assert state["seed"] == 2  # shown once the game is over
    late = table.post("N", "pass")
    assert late.status_code == 409
    assert f"the game is over: {state['winner']} won" in late.json()["detail"]
    thrown = [d["index"] for d in state["deals"] if d["phase"] == "thrown_in"]
    for index in thrown:
        refused = client.get(f"/api/games/{table.id}/deals/{index}/record")
        assert refused.status_code == 409
        assert "thrown in" in refused.json()["detail"]
        detail = client.get(f"/api/games/{table.id}/deals/{index}").json()
        assert detail["breakdown"] is None
        assert 'class="card"' not in detail["diagram_svg"]  # its hands stay face down
    deleted = client.delete(
        f"/api/games/{table.id}", params={"seat": "N"}, headers=auth(table.tokens["N"])
    )
    assert deleted.status_code == 204
    assert client.get(f"/api/games/{table.id}").status_code == 404


def test_the_store_is_bounded_in_number_and_age() -> None:
    with TestClient(create_app(Settings(bot_workers=0, max_games=2, max_idle=0.3))) as client:
        first = Table(client, seed=1, seats=ALL_HUMAN)
        Table(client, seed=2, seats=ALL_HUMAN)
        full = client.post("/api/games", json={"seats": ALL_HUMAN})
        assert full.status_code == 503
        assert "holds 2 games, its most" in full.json()["detail"]
        time.sleep(0.4)  # both idle past max_idle: forgotten, room again
        assert client.get(f"/api/games/{first.id}").status_code == 404
        assert client.post("/api/games", json={"seats": ALL_HUMAN}).status_code == 201


def test_waiting_answers_when_the_game_moves(client: TestClient) -> None:
    table = Table(client, seed=4, seats=ALL_HUMAN)
    start = time.monotonic()
    same = table.state("S", after=0, wait=0.2)  # nothing happens: the wait runs out
    assert same["version"] == 0
    assert time.monotonic() - start >= 0.2
    assert client.get(f"/api/games/{table.id}", params={"wait": 31}).status_code == 422
    table.act("N", "pass")
    moved = table.state("S", after=0, wait=5)  # already past: at once
    assert moved["version"] == 1


def test_seat_state_shows_the_table(client: TestClient) -> None:
    table = Table(client, seed=21, rules="ffb", seats=ALL_HUMAN)
    state = table.first
    assert state["seat"] == "N"
    assert state["seed"] is None
    assert state["direction"] == ("counterclockwise")
    table.act("N", "80 S")
    for seat in "ESW":
        table.act(seat, "pass")
    state = table.state("N")
    assert state["contract"]["text"] == "80 S by N"
    assert state["phase"] == "play"
    hand = state["hand"]
    spades = [code for code in hand if code.endswith("S")]
    assert hand[: len(spades)] == [c for c in hand if c in spades]  # trumps first


# ---------------------------------------------------------------------- the bots
@pytest.fixture
def slow_greedy(monkeypatch: pytest.MonkeyPatch) -> str:
    """A greedy bot run as the searching bots are (off the event loop)."""
    kind = BotKind("slowgreedy", "Slow greedy", "greedy, off the loop", True, GreedyPlayer)
    monkeypatch.setitem(BOT_KINDS, kind.name, kind)
    return kind.name


def test_a_slow_bot_runs_off_the_loop_and_is_reported(
    client: TestClient, slow_greedy: str
) -> None:
    seats = {"N": slow_greedy, "E": slow_greedy, "S": "human", "W": slow_greedy}
    table = Table(client, seed=9, seats=seats, target=100)
    state = table.wait_for("S", lambda s: s["to_move"] == "S")
    assert state["thinking"] is None
    assert state["bot_error"] is None
    assert state["calls"][0]["seat"] == "N"  # North called first, as the greedy bot


def test_a_failing_bot_is_reported_not_a_500(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> Any:
        class Broken:
            def choose(self, *args: object) -> object:
                raise RuntimeError("no idea")

        return Broken()

    monkeypatch.setitem(BOT_KINDS, "broken", BotKind("broken", "B", "fails", False, broken))
    monkeypatch.setattr(_bots, "_players", {})
    table = Table(client, seed=1, seats={"N": "broken", "E": "human", "S": "human", "W": "human"})
    state = table.wait_for("S", lambda s: s["bot_error"] is not None)
    assert "the broken bot at NORTH failed: no idea" in state["bot_error"]


def test_the_bots_in_a_worker_process() -> None:
    """The process pool: PIMC bids greedily, so a PIMC table's auction is quick."""
    with TestClient(create_app(Settings(bot_workers=1))) as client:
        seats = {"N": "pimc", "E": "pimc", "S": "human", "W": "pimc"}
        table = Table(client, seed=6, seats=seats)
        state = table.wait_for("S", lambda s: s["to_move"] == "S", limit=120)
        assert [c["seat"] for c in state["calls"]] == ["N", "E"]


def test_options_list_the_presets_and_bots(client: TestClient) -> None:
    options = client.get("/api/options").json()
    assert options["presets"][0] == "common"
    assert "classic_belote" in options["presets"]
    assert [bot["name"] for bot in options["bots"]] == ["score", "pimc", "policy", "greedy"]
    assert options["default_bot"] == "score"


def test_the_openapi_schema_describes_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert {"/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions"} <= set(
        schema["paths"]
    )
    components = schema["components"]["schemas"]
    assert {"NewGame", "ActionBody", "SeatState", "ReviewState"} <= set(components)
    assert "HTTPBearer" in schema["components"]["securitySchemes"]


def test_the_page_and_the_cards(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "<title>Coinche" in page.text
    assert client.get("/static/app.js").status_code == 200
    card = client.get("/cards/JH.svg")
    assert card.headers["content-type"].startswith("image/svg+xml")
    assert "jack of hearts" in card.text
    assert client.get("/cards/ZZ.svg").status_code == 400


# ---------------------------------------------------------------------- reviews
def scored_deal(client: TestClient) -> tuple[Table, int]:
    """A game of four human seats played at random until a deal is scored; the game and
    that deal's index."""
    table = Table(client, seed=7, seats=ALL_HUMAN, target=10)
    state = table.first
    rng = random.Random(7)
    while not any(d["phase"] == "scored" for d in state["deals"]):
        seat = state["to_move"]
        state = table.act(seat, rng.choice(table.state(seat)["legal"])["action"])
    return table, next(d["index"] for d in state["deals"] if d["phase"] == "scored")


def fake_review(deal: Deal, seed: int) -> Review:
    """A made-up open-hands review where only the second card of the play gave up 10
    card points (the test checks the answer built from a review, not the solver)."""
    rows = []
    number = 0
    for step in deal.steps:
        if isinstance(step.action, Card):
            rows.append(
                CardReview(
                    number,
                    step.seat,
                    step.action,
                    50,
                    step.action,
                    60 if number == 1 else 50,
                    0,
                    0,
                )
            )
            number += 1
    return Review(calls=(), cards=tuple(rows), worlds=0, seed=seed)


def fake_calls(deal: Deal, worlds: int, seed: int) -> tuple[CallReview, ...]:
    """Made-up estimates of the calls: only the first call was worse than another, by
    12.5 (pass if it was not a pass, else 80 clubs)."""
    rows = []
    for number, (seat, call) in enumerate(deal.calls):
        best = parse_action("80 C" if str(call) == "pass" else "pass") if number == 0 else call
        gain = 12.5 if number == 0 else 0.0
        rows.append(CallReview(number, seat, call, 0.0, best, gain))  # type: ignore[arg-type]
    return tuple(rows)


@pytest.fixture
def fake_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_bots, "review_cards", fake_review)
    monkeypatch.setattr(_bots, "review_calls", fake_calls)


def test_a_deal_review(fake_reviews: None) -> None:
    """The cards come first (hands open), then the calls estimated over the server's
    review_worlds: both in the record, the costly ones listed."""
    with TestClient(create_app(Settings(bot_workers=0, review_worlds=3))) as client:
        table, index = scored_deal(client)
        url = f"/api/games/{table.id}/deals/{index}/review"
        review = client.get(url, params={"wait": 10}).json()
        assert review["status"] == "ready"
        assert review["calls_status"] in ("pending", "ready")  # a thread each: either
        assert len(review["record"]["cards"]) == 32
        costly = review["costly_cards"]
        assert [(row["number"], row["trick"], row["cost"]) for row in costly] == [(1, 1, 10)]
        assert "+10 card points" in review["svg"]
        assert review["record"]["type"] == "review"
        while review["calls_status"] == "pending":
            review = client.get(url, params={"wait": 10}).json()
        assert review["calls_status"] == "ready"
        assert review["worlds"] == 3
        first = review["record"]["calls"][0]
        assert review["costly_calls"] == [
            {"number": 0, "seat": "N", "call": first["call"], "best": first["best"], "cost": 12.5}
        ]  # West dealt: North called first
        deal = loads(client.get(f"/api/games/{table.id}/deals/{index}/record").text)
        assert isinstance(deal, Deal)
        assert [row["call"] for row in review["record"]["calls"]] == [
            str(call) for _, call in deal.calls
        ]
        assert review["record"]["worlds"] == 3
        assert [row["number"] for row in review["costly_cards"]] == [1]  # the cards kept
        detail = client.get(f"/api/games/{table.id}/deals/{index}").json()
        assert detail["breakdown"].startswith("Contract:")
        assert "<table" in detail["result_html"]


def test_a_review_without_worlds_leaves_the_calls(client: TestClient, fake_reviews: None) -> None:
    table, index = scored_deal(client)  # the fixture's client: review_worlds 0
    review = client.get(f"/api/games/{table.id}/deals/{index}/review", params={"wait": 10}).json()
    assert (review["status"], review["calls_status"], review["worlds"]) == ("ready", "off", 0)
    assert review["costly_calls"] == []
    assert all(row["estimate"] is None for row in review["record"]["calls"])


@pytest.mark.heavy
def test_a_deal_review_is_the_library_review(client: TestClient) -> None:
    """The real review, open hands (seconds in pure Python)."""
    from coinche.bots.review import review

    table, index = scored_deal(client)
    answer = client.get(f"/api/games/{table.id}/deals/{index}/review", params={"wait": 30}).json()
    deal = loads(client.get(f"/api/games/{table.id}/deals/{index}/record").text)
    assert isinstance(deal, Deal)
    expected = review(deal, open_only=True, seed=7 + index)
    assert answer["status"] == "ready"
    assert loads(json.dumps(answer["record"])) == expected


def test_the_calls_are_reviewed_as_the_auction_left_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """review_calls asks the library's review for the deal as its auction ended: the
    same hands and calls, no card played (the cards are reviewed apart)."""
    seen: list[tuple[Deal, int, int]] = []

    def spy(deal: Deal, *, worlds: int, seed: int) -> Review:
        seen.append((deal, worlds, seed))
        return Review(calls=(), cards=(), worlds=worlds, seed=seed)

    monkeypatch.setattr(_bots, "review", spy)
    game = Game.new(RuleConfig.common(), Seat.WEST, random.Random(3))
    deal = game.deal
    for call in ("80 H", "pass", "pass", "pass"):  # North's 80 hearts
        deal = deal.apply(parse_action(call))
    deal = deal.apply(deal.legal_actions()[0])  # and North's lead
    assert _bots.review_calls(deal, 5, 9) == ()
    [(asked, worlds, seed)] = seen
    assert (worlds, seed) == (5, 9)
    assert asked.phase is Phase.PLAY
    assert asked.tricks == ()
    assert asked.trick is not None
    assert not asked.trick.cards  # the play's first trick, no card in it yet
    assert asked.steps == deal.steps[:4]
    assert asked.hands == deal.hands


# ---------------------------------------------------------------------- the example client
def test_the_example_client_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/web_client.py, against a real server on 127.0.0.1."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "web_client.py"
    spec = importlib.util.spec_from_file_location("web_client", path)
    assert spec is not None
    assert spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    with running_server(Settings(bot_workers=0)) as url:
        assert example.main(["--url", url, "--seed", "3", "--rules", "common"]) == 0
        out = capsys.readouterr().out
        assert "won, NS" in out
        assert "deal 1:" in out
        assert example.main(["--url", url, "--rules", "fbb"]) == 1
        assert "refused: 400: unknown preset 'fbb'" in capsys.readouterr().err


def test_a_failed_review_is_a_503_and_is_tried_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def flaky(deal: Deal, seed: int) -> Review:
        calls.append(seed)
        if len(calls) == 1:
            raise RuntimeError("the worker died")
        return fake_review(deal, seed)

    monkeypatch.setattr(_bots, "review_cards", flaky)
    table, index = scored_deal(client)
    url = f"/api/games/{table.id}/deals/{index}/review"
    failed = client.get(url, params={"wait": 10})
    assert failed.status_code == 503
    assert "the review failed, ask again: the worker died" in failed.json()["detail"]
    again = client.get(url, params={"wait": 10}).json()
    assert again["status"] == "ready"
    assert len(calls) == 2


def test_failed_calls_are_reported_and_tried_again(
    fake_reviews: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    tries: list[int] = []

    def flaky(deal: Deal, worlds: int, seed: int) -> tuple[CallReview, ...]:
        tries.append(seed)
        if len(tries) == 1:
            raise RuntimeError("out of memory")
        return fake_calls(deal, worlds, seed)

    monkeypatch.setattr(_bots, "review_calls", flaky)
    with TestClient(create_app(Settings(bot_workers=0, review_worlds=2))) as client:
        table, index = scored_deal(client)
        url = f"/api/games/{table.id}/deals/{index}/review"
        review = client.get(url, params={"wait": 10}).json()
        while review["calls_status"] == "pending":
            review = client.get(url, params={"wait": 10}).json()
        assert review["calls_status"] == "failed"  # the cards are still shown
        assert review["status"] == "ready"
        assert review["worlds"] == 0
        review = client.get(url, params={"wait": 10}).json()  # asked again: started again
        while review["calls_status"] == "pending":
            review = client.get(url, params={"wait": 10}).json()
        assert review["calls_status"] == "ready"
        assert len(tries) == 2


# ---------------------------------------------------------------------- coinche serve
def test_coinche_serve_runs_the_app_on_uvicorn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    from coinche.cli import main
    from coinche.web import _app

    seen: list[tuple[Settings, str, int]] = []
    monkeypatch.setattr(_app, "serve", lambda *args: seen.append(args))
    args = ["serve", "--port", "8123", "--bot-workers", "0", "--max-games", "5"]
    assert main(args) == 0
    assert seen == [(Settings(max_games=5, bot_workers=0), "127.0.0.1", 8123)]
    assert "serving http://127.0.0.1:8123/" in capsys.readouterr().out
    assert main(["serve", "--port", "70000"]) == 2
    assert "must be a whole number from 0 to 65535, not '70000'" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # the web extra not installed
    assert main(["serve"]) == 2
    assert "serve needs the web extra (pip install 'coinche[web]')" in capsys.readouterr().err


def test_the_server_stops_with_its_waiting_requests() -> None:
    """A request waiting for the game to move is answered when the server stops, and the
    server stops at once (uvicorn would otherwise wait for it, then cancel it)."""
    import threading
    import urllib.request

    answers: list[int] = []
    with running_server(Settings(bot_workers=0)) as url:
        body = json.dumps({"seats": ALL_HUMAN}).encode()
        request = urllib.request.Request(
            url + "/api/games", data=body, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request) as answer:
            game = json.load(answer)["game_id"]

        def wait() -> None:
            with urllib.request.urlopen(f"{url}/api/games/{game}?after=0&wait=30") as answer:
                answers.append(answer.status)

        waiter = threading.Thread(target=wait)
        waiter.start()
        time.sleep(0.5)
        start = time.monotonic()
    waiter.join(10)
    assert answers == [200]
    assert time.monotonic() - start < 5


def test_settings_are_checked() -> None:
    from coinche.errors import CoincheTypeError, CoincheValueError

    with pytest.raises(CoincheValueError, match=r"Settings\.max_idle must be a number from"):
        Settings(max_idle=0)
    with pytest.raises(CoincheValueError, match=r"Settings\.bot_workers must be an int from 0"):
        Settings(bot_workers=-1)
    with pytest.raises(CoincheTypeError, match="settings must be a Settings"):
        create_app("fast")  # type: ignore[arg-type]


def test_the_bot_kinds(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from coinche import COMPILED
    from coinche.bots.bidding import ScoreBidder
    from coinche.bots.players import PimcPlayer
    from coinche.rl.policy import PolicyPlayer

    score = BOT_KINDS["score"].build()  # the strongest: ScoreBidder calls, PIMC cards
    assert isinstance(score, ScoreBidder)
    assert isinstance(score.player, PimcPlayer)
    assert score.player.max_cards == (32 if COMPILED else 20)
    assert not score.player.keep  # one player serves every game: nothing kept between
    assert isinstance(BOT_KINDS["policy"].build(), PolicyPlayer)
    # the defaults: South human, the strongest bot elsewhere
    made = client.post("/api/games", json={"seed": 1}).json()
    assert list(made["tokens"]) == ["S"]
    assert made["state"]["seats"] == {"N": "score", "E": "score", "S": "human", "W": "score"}
    # the policy bot plays on the event loop
    table = Table(client, seed=13, seats={"N": "policy", "E": "policy", "S": "human",
                                          "W": "policy"})  # fmt: skip
    state = table.wait_for("S", lambda s: s["to_move"] == "S")
    assert state["calls"][0] == {"seat": "N", "call": "80 H"}  # its greedy bidder's call
    monkeypatch.setattr(_bots, "policy_available", lambda: "no NumPy here")
    refused = client.post("/api/games", json={"seats": {"N": "policy"}})
    assert refused.status_code == 400
    assert refused.json()["detail"] == "no NumPy here"


def test_a_deal_thrown_in_is_not_shown(client: TestClient) -> None:
    table = Table(client, seed=1, seats=ALL_HUMAN)
    for seat in "NESW":
        state = table.act(seat, "pass")
    assert state["deals"] == [
        {"index": 0, "dealer": "W", "phase": "thrown_in", "contract": None, "made": None,
         "score": None}
    ]  # fmt: skip
    base = f"/api/games/{table.id}/deals/0"
    for path, words in (("/record", "its hands were never shown"), ("/review", "no play")):
        refused = client.get(base + path)
        assert refused.status_code == 409
        assert words in refused.json()["detail"]
    detail = client.get(base).json()
    assert detail["summary"]["phase"] == "thrown_in"
    assert detail["result_html"] is None
    bad = table.post("N", "pass", declare=["tierce (QH KH AH) belote"])
    assert bad.status_code == 400
    assert "as one announcement" in bad.json()["detail"]


# ---------------------------------------------------------------------- belote declared
def _a_belote_holder(rules: RuleConfig) -> tuple[int, Seat, Card, Card]:
    """The first seed whose first deal (West dealing, as the app deals) gives one seat
    both the king and the queen of a suit: the seed, the seat, its king and queen."""
    for seed in range(100):
        deal = Game.new(rules, Seat.WEST, random.Random(seed)).deal
        for seat in Seat:
            for suit in "SHDC":
                pair = [c for c in deal.hand(seat) if c.code in (f"K{suit}", f"Q{suit}")]
                if len(pair) == 2:
                    return seed, seat, pair[0], pair[1]
    raise AssertionError("no seed below 100 deals a king and queen to one seat")


@pytest.mark.parametrize("say", [True, False])
def test_belote_said_or_kept_quiet(client: TestClient, say: bool) -> None:
    """With belote_requires_declaration, the holder of the king and queen of trumps says
    belote, or keeps quiet, with the first of them it plays; the belote counts only when
    said (RuleConfig.belote_requires_declaration). The table sees what was said."""
    rules = attrs.evolve(RuleConfig.common(), **DECLARED)
    seed, holder, king, queen = _a_belote_holder(rules)
    suit = king.code[1]
    table = Table(client, seed=seed, seats=ALL_HUMAN, options=DECLARED)
    assert table.first["options"] == DECLARED  # the change from the preset, shown
    game = Game.new(rules, Seat.WEST, random.Random(seed))
    # the auction: the holder bids 80 in the pair's suit, everyone else passes
    while game.deal.phase is Phase.AUCTION:
        seat = game.to_move
        assert seat is not None
        bid = seat is holder and not any(s is holder for s, _ in game.deal.calls)
        call = f"80 {suit}" if bid else "pass"
        table.act(seat.letter, call)
        game = game.apply(parse_action(call))
    assert game.deal.contract is not None
    assert game.deal.contract.taker is holder
    pair = sorted((king.code, queen.code))
    played = 0
    while len(game.deals) == 1 and played < 2:
        seat = game.to_move
        assert seat is not None
        state = table.state(seat.letter)
        legal = list(game.legal_actions())
        if seat is not holder:
            assert state["belote_cards"] == []
            table.act(seat.letter, str(legal[0]))
            game = game.apply(legal[0])
            continue
        # the holder: its pair is offered while it holds both
        assert sorted(state["belote_cards"]) == (pair if played == 0 else [])
        mine = [c for c in legal if c in (king, queen)]
        card = mine[0] if mine else legal[0]
        if played == 0 and card not in (king, queen):  # belote goes with the pair only
            refused = table.post(seat.letter, str(card), belote=True)
            assert refused.status_code == 409
            assert "belote is declared (or not) only when the rules require it" in (
                refused.json()["detail"])  # fmt: skip
        extra = {"belote": say} if played == 0 and card in (king, queen) else {}
        after = table.act(seat.letter, str(card), **extra)
        game = game.apply(card, belote=say)
        if card in (king, queen):
            played += 1
            heard = {1: "belote", 2: "belote and rebelote"}[played]
            assert after["belote"] == ([{"seat": holder.letter, "text": heard}] if say else [])
    while len(game.deals) == 1:  # the rest of the deal: the first legal card
        seat = game.to_move
        assert seat is not None
        action = game.legal_actions()[0]
        table.act(seat.letter, str(action))
        game = game.apply(action)
    result = game.deals[0].result
    assert result is not None
    # belote counts for the holder's team when said, not at all when kept quiet
    assert result.belote == (Team(int(holder) & 1) if say else None)
    state = table.state("N")
    assert state["totals"] == {"NS": game.totals.north_south, "EW": game.totals.east_west}


def test_bots_say_belote(client: TestClient) -> None:
    """Greedy bots at N, E and W with belote to declare: a bot holding the king and
    queen of trumps says belote (the library's default), so its team is credited."""
    table = Table(client, seed=2, seats=GREEDY_TABLE, target=1000, options=DECLARED)
    rng = random.Random(2)
    state = table.first
    while not state["over"]:
        state = table.wait_for("S", lambda s: s["over"] or s["to_move"] == "S")
        if state["over"]:
            break
        state = table.act("S", rng.choice(state["legal"])["action"], version=state["version"])
    game = loads(client.get(f"/api/games/{table.id}/record").text)
    assert isinstance(game, Game)
    credited = 0
    for deal in game.deals:
        if deal.result is None or deal.contract is None:
            continue
        suit = deal.contract.strain.trump_suit
        for seat in (Seat.NORTH, Seat.EAST, Seat.WEST):
            if (
                suit is not None
                and sum(c.suit is suit and c.code[0] in "KQ" for c in deal.hands[seat]) == 2
            ):
                assert deal.result.belote == Team(int(seat) & 1)
                credited += 1
    assert credited > 0
