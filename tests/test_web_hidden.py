"""No answer of the web API to one seat holds another seat's hidden cards: a
property test over random games, through FastAPI's test client (a long suite, marked
slow)."""

from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("fastapi", reason="the web extra (coinche[web]) is not installed")

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coinche import Deal, Game, RuleConfig, Seat
from coinche.deal import Phase
from coinche.web import Settings, create_app

pytestmark = pytest.mark.slow

CARD_CODE = re.compile(r"(?<![A-Za-z0-9])([789TJQKA][CDHS])(?![A-Za-z0-9])")
CARD_LABEL = re.compile(r"(10|[789JQKA])([♣♦♥♠])")
SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def cards_in(text: str) -> set[str]:
    """Every card named in *text*, by its code (``JH``) or its label (``J♥``)."""
    found = set(CARD_CODE.findall(text))
    for rank, suit in CARD_LABEL.findall(text):
        found.add(("T" if rank == "10" else rank) + SUITS[suit])
    return found


def allowed_for(deal: Deal, seat: Seat | None) -> set[str]:
    """The cards of *deal* that *seat* may know: its own hand, every card played, the
    announcements and the turned card (without a seat, all but a hand)."""
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
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32),
    preset=st.sampled_from(["common", "ffb", "pagat", "classic_belote"]),
    steps=st.integers(10, 60),
)
def test_no_answer_shows_another_seats_hidden_cards(seed: int, preset: str, steps: int) -> None:
    """Random games, four human seats: after every action, each seat's state and the
    legal actions of the seat to move hold no card of the deal in play but those the
    seat may know (the state holds nothing of the deals before), what anyone may see
    none but the public ones, and the seed (which tells every hand) stays hidden; a
    deal's detail shows the cards of a scored deal only."""
    seats = dict.fromkeys("NESW", "human")
    with TestClient(create_app(Settings(bot_workers=0))) as client:
        made = client.post("/api/games", json={"rules": preset, "seed": seed, "seats": seats})
        url = f"/api/games/{made.json()['game_id']}"
        tokens = {s: {"Authorization": f"Bearer {t}"} for s, t in made.json()["tokens"].items()}
        game = Game.new(RuleConfig.preset(preset), Seat.WEST, random.Random(seed))
        rng = random.Random(seed)
        for _ in range(steps):
            for seat in Seat:
                answer = client.get(url, params={"seat": seat.letter}, headers=tokens[seat.letter])
                assert cards_in(answer.text) <= allowed_for(game.deal, seat), seat
                assert answer.json()["seed"] is None or game.is_over
            public = client.get(url).text
            assert cards_in(public) <= allowed_for(game.deal, None)
            if game.is_over:
                break
            mover = game.to_move
            assert mover is not None
            headers = tokens[mover.letter]
            legal = client.get(f"{url}/legal", params={"seat": mover.letter}, headers=headers)
            assert cards_in(legal.text) <= allowed_for(game.deal, mover)
            action = rng.choice(game.legal_actions())
            body = {"seat": mover.letter, "action": str(action)}
            sent = client.post(f"{url}/actions", json=body, headers=headers)
            assert sent.status_code == 200, sent.text
            game = game.apply(action)
        everything = {card.code for hand in game.deals[0].hands for card in hand}
        for index, deal in enumerate(game.deals):
            if deal.is_over:
                detail = client.get(f"{url}/deals/{index}").text
                scored = deal.phase is Phase.SCORED
                assert cards_in(detail) <= (everything if scored else allowed_for(deal, None))
