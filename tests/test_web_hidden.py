"""No answer of the web API to one seat holds another seat's hidden cards (issue 33): a
property test over random games, through FastAPI's test client."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coinche import Deal, Game, RuleConfig, Seat
from coinche.deal import Phase
from coinche.web import Settings, create_app

pytestmark = pytest.mark.slow

ALL_HUMAN = {"N": "human", "E": "human", "S": "human", "W": "human"}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(bot_workers=0))) as made:
        yield made


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Table:
    """A game of four human seats made through the API, with their tokens."""

    def __init__(self, client: TestClient, **body: Any) -> None:
        made = client.post("/api/games", json=body).json()
        self.client, self.id, self.tokens = client, made["game_id"], made["tokens"]

    def state(self, seat: str | None = None) -> dict[str, Any]:
        params, headers = ({"seat": seat}, auth(self.tokens[seat])) if seat else ({}, {})
        response = self.client.get(f"/api/games/{self.id}", params=params, headers=headers)
        assert response.status_code == 200, response.text
        found: dict[str, Any] = response.json()
        return found

    def act(self, seat: str, action: str) -> None:
        response = self.client.post(
            f"/api/games/{self.id}/actions",
            json={"seat": seat, "action": action},
            headers=auth(self.tokens[seat]),
        )
        assert response.status_code == 200, response.text


CARD_CODE = re.compile(r"(?<![A-Za-z0-9])([789TJQKA][CDHS])(?![A-Za-z0-9])")
CARD_LABEL = re.compile(r"(10|[789JQKA])([♣♦♥♠])")
SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def cards_in(text: str) -> set[str]:
    found = set(CARD_CODE.findall(text))
    for rank, suit in CARD_LABEL.findall(text):
        found.add(("T" if rank == "10" else rank) + SUITS[suit])
    return found


def allowed_for(deal: Deal, seat: Seat | None) -> set[str]:
    """The cards of *deal* that *seat* may know: its own hand, every card played, the
    announcements and the turned card (without a seat, all but the hand)."""
    known: set[str] = set()
    if seat is not None:
        known |= {card.code for card in deal.hand(seat)}
    for trick in (*deal.tricks, *(() if deal.trick is None else (deal.trick,))):
        known |= {card.code for card in trick.cards}
    for announcement in deal.announcements:
        known |= {card.code for card in announcement.cards}
    if deal.turned is not None:
        known.add(deal.turned.code)
    return known


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32),
    preset=st.sampled_from(["common", "ffb", "pagat", "classic_belote"]),
    steps=st.integers(10, 60),
)
def test_no_answer_shows_another_seats_hidden_cards(
    client: TestClient, seed: int, preset: str, steps: int
) -> None:
    """Random games, four human seats: after every action, each seat's state and legal
    actions hold no card of the deal in play but those the seat may know (the state
    holds nothing of the deals before), what anyone may see none but the public ones,
    and the seed (which tells every hand) stays hidden; a deal's detail shows the cards
    of a scored deal only."""
    rules = RuleConfig.preset(preset)
    table = Table(client, rules=preset, seed=seed, seats=ALL_HUMAN)
    game = Game.new(rules, Seat.WEST, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(steps):
        for seat in Seat:
            state = table.state(seat.letter)
            assert cards_in(json.dumps(state)) <= allowed_for(game.deal, seat), seat
            assert state["seed"] is None or game.is_over
        if game.to_move is not None:  # the legal actions: the state's, checked above
            legal = client.get(
                f"/api/games/{table.id}/legal",
                params={"seat": game.to_move.letter},
                headers=auth(table.tokens[game.to_move.letter]),
            ).text
            assert cards_in(legal) <= allowed_for(game.deal, game.to_move)
        public = table.state()
        assert cards_in(json.dumps(public)) <= allowed_for(game.deal, None)
        if game.is_over:
            break
        mover = game.to_move
        assert mover is not None
        action = rng.choice(game.legal_actions())
        table.act(mover.letter, str(action))
        game = game.apply(action)
    everything = {card.code for hand in game.deals[0].hands for card in hand}
    for index, deal in enumerate(game.deals):
        if deal.is_over:
            detail = client.get(f"/api/games/{table.id}/deals/{index}").text
            scored = deal.phase is Phase.SCORED
            assert cards_in(detail) <= (everything if scored else allowed_for(deal, None))
