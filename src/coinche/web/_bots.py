"""The bots the web app seats, and the work it sends off the event loop (internal).

Each kind of bot is a name of :data:`BOT_KINDS`. :func:`choose` asks one for its action
and :func:`review_deal` reviews a finished deal; both are plain functions of picklable
arguments, so that the app runs them in a worker process (or a thread) and the event
loop never waits on a search. Players are built once per process and kept: every kind
is stateless between decisions (PIMC without ``keep``), so one player serves every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, NamedTuple

from coinche import COMPILED
from coinche.bots.bidding import ScoreBidder
from coinche.bots.players import GreedyPlayer, PimcPlayer, Player
from coinche.bots.review import Review, review
from coinche.deal import Action, Deal, PlayerView

__all__ = ["BOT_KINDS", "BotKind", "choose", "policy_available", "review_deal"]

# PIMC's play at interactive speed: searched from the first card in the compiled build
# (the library's default player); in pure Python from the 20th card to play, before
# that greedy (measured: at most 1.4 s a card on the development machine, where the
# default player takes 26 s over the first lead).
PIMC_MAX_CARDS: Final = 32 if COMPILED else 20


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


def review_deal(deal: Deal, worlds: int, seed: int) -> Review:
    """The review of a finished *deal*: open hands only when *worlds* is 0."""
    return review(deal, worlds=max(worlds, 1), seed=seed, open_only=worlds == 0)


def warm() -> None:
    """Import what the bots need (run once in each new worker process)."""
    _player("greedy")
