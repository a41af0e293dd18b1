"""The bots the web app seats, and the work it sends off the event loop (internal).

Each kind of bot is a name of :data:`BOT_KINDS`. :func:`choose` asks one for its action;
:func:`review_cards` and :func:`review_calls` review a finished deal's cards and calls.
All are plain functions of picklable arguments, so that the app runs them in a worker
process (or a thread) and the event loop never waits on a search. Players are built
once per process and kept: every kind is stateless between decisions (PIMC without
``keep``), so one player serves every game.
"""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Callable
from typing import Final, NamedTuple

from coinche import COMPILED
from coinche.bots.bidding import ScoreBidder
from coinche.bots.players import GreedyPlayer, PimcPlayer, Player
from coinche.bots.review import CallReview, Review, review
from coinche.cards import Card
from coinche.deal import Action, Deal, PlayerView

__all__ = [
    "BOT_KINDS",
    "BotKind",
    "choose",
    "policy_available",
    "review_calls",
    "review_cards",
    "warm",
    "warm_reviews",
]

# PIMC's play at interactive speed: searched from the first card in the compiled build
# (the library's default player); in pure Python from the 20th card to play, before
# that greedy (measured: at most 1.4 s a card on the development machine, where the
# default player takes 26 s over the first lead).
PIMC_MAX_CARDS: Final = 32 if COMPILED else 20
REVIEW_NICENESS: Final = 10
"""How much lower than the server the review worker runs (``os.nice``)."""


def _pimc() -> Player:
    return PimcPlayer(max_cards=PIMC_MAX_CARDS, keep=False)


def _score() -> Player:
    return ScoreBidder(player=_pimc())


def _policy() -> Player:
    from coinche.rl.policy import PolicyPlayer  # noqa: PLC0415 - optional dependency (rl)

    return PolicyPlayer()


class BotKind(NamedTuple):
    """A kind of bot the app can seat: its name, what it is, whether it thinks long
    (then it runs off the event loop) and how it is built. :data:`BOT_KINDS` holds
    them by name, strongest first.

    >>> from coinche.web import BOT_KINDS
    >>> [(kind.name, kind.slow) for kind in BOT_KINDS.values()]
    [('score', True), ('pimc', True), ('policy', False), ('greedy', False)]
    >>> BOT_KINDS["greedy"].build()
    GreedyPlayer()
    """

    name: str
    label: str
    description: str
    slow: bool
    build: Callable[[], Player]


BOT_KINDS: Final[dict[str, BotKind]] = {
    kind.name: kind
    for kind in (
        BotKind(
            "score",
            "Score bidder + PIMC",
            "bids by the expected deal score (ScoreBidder), plays by PIMC: the strongest",
            True,
            _score,
        ),
        BotKind(
            "pimc",
            "PIMC",
            "bids greedily, plays by perfect-information Monte Carlo (PimcPlayer)",
            True,
            _pimc,
        ),
        BotKind(
            "policy",
            "Trained policy",
            "bids greedily, plays the trained network's card (PolicyPlayer; rl extra)",
            False,
            _policy,
        ),
        BotKind(
            "greedy",
            "Greedy",
            "bids on its trump strength, plays its highest winning or cheapest card",
            False,
            GreedyPlayer,
        ),
    )
}
"""The bots by name, strongest first."""

_players: dict[str, Player] = {}  # built on first use, one per kind and process


def policy_available() -> str | None:
    """``None`` when the trained-policy bot can be built, else why not."""
    try:
        import coinche.rl.policy  # noqa: F401, PLC0415 - optional dependency (rl)
    except ImportError as error:
        return f"the policy bot needs the rl extra (pip install 'coinche[rl]'): {error}"
    return None


def _player(kind: str) -> Player:
    player = _players.get(kind)
    if player is None:
        player = _players[kind] = BOT_KINDS[kind].build()
    return player


def choose(kind: str, view: PlayerView, seed: str) -> Action:
    """The action the bot *kind* chooses for the seat of *view* (its turn), drawing its
    randomness from ``random.Random(seed)``."""
    return _player(kind).choose(view, view.legal_actions(), random.Random(seed))


def review_cards(deal: Deal, seed: int) -> Review:
    """The review of a finished *deal* with the hands open: the costly cards and the
    better card (the calls not estimated)."""
    return review(deal, seed=seed, open_only=True)


def review_calls(deal: Deal, worlds: int, seed: int) -> tuple[CallReview, ...]:
    """The calls of a finished *deal*, each estimated over *worlds* deals drawn from the
    caller's hand: the review of the deal as its auction left it (no card reviewed)."""
    auction = Deal.from_hands(deal.dealer, deal.rules, deal.hands)
    for step in deal.steps:
        if isinstance(step.action, Card):
            break
        auction = auction.apply(step)
    return review(auction, worlds=worlds, seed=seed).calls


def warm_reviews() -> None:
    """The review worker: below the bots and the server in the scheduler's eyes (a
    review may take minutes of a core), and its imports made."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(REVIEW_NICENESS)
    warm()


def warm() -> None:
    """Import what the bots need (run once in each new worker process)."""
    _player("greedy")
