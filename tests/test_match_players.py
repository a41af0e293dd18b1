"""The players of ``coinche match`` and their options (``--ns pimc:worlds=20``)."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from coinche import RuleConfig
from coinche.bots.bidding import ScoreBidder
from coinche.bots.evaluate import EvaluatingBidder
from coinche.bots.ismcts import IsmctsPlayer
from coinche.bots.players import GreedyPlayer, PimcPlayer, RandomPlayer
from coinche.cli import main
from coinche.cli._scale import PlayerSpec, _player_spec
from coinche.scale.arena import duplicate_match
from coinche.step import Action


def test_names_alone_build_the_defaults() -> None:
    assert isinstance(_player_spec("greedy").build(), GreedyPlayer)
    assert isinstance(_player_spec(" Random ").build(), RandomPlayer)
    pimc = _player_spec("pimc").build()
    assert isinstance(pimc, PimcPlayer)
    assert (pimc.worlds, pimc.max_cards) == (10, 16)  # the demo's PIMC, as before
    bidder = _player_spec("evaluating").build()
    assert isinstance(bidder, EvaluatingBidder)
    assert (bidder.samples, bidder.margin) == (8, 20)
    assert isinstance(bidder.player, GreedyPlayer)


def test_options_reach_the_player() -> None:
    spec = _player_spec("pimc:worlds=20,max_cards=24")
    assert spec == PlayerSpec("pimc", (("worlds", 20), ("max_cards", 24)))
    assert str(spec) == "pimc:worlds=20,max_cards=24"
    pimc = spec.build()
    assert isinstance(pimc, PimcPlayer)
    assert (pimc.worlds, pimc.max_cards) == (20, 24)
    bidder = _player_spec("evaluating: samples=2, margin=-5, play=pimc").build()
    assert isinstance(bidder, EvaluatingBidder)
    assert (bidder.samples, bidder.margin) == (2, -5)
    assert isinstance(bidder.player, PimcPlayer)


def test_the_ismcts_kind_builds_the_experimental_player_with_its_options() -> None:
    """``ismcts``: IsmctsPlayer with the options given, its own defaults for the others
    (5,000 iterations, 32 worlds, the solver for the last 8 cards, UCB constant 0.7)."""
    player = _player_spec("ismcts").build()
    assert isinstance(player, IsmctsPlayer)
    assert (player.iterations, player.worlds, player.dd_cards) == (5000, 32, 8)
    assert player.exploration == 0.7
    spec = _player_spec("ismcts:iterations=300,worlds=5,dd_cards=0,exploration=1.5")
    assert str(spec) == "ismcts:iterations=300,worlds=5,dd_cards=0,exploration=1.5"
    player = spec.build()
    assert isinstance(player, IsmctsPlayer)
    assert (player.iterations, player.worlds, player.dd_cards) == (300, 5, 0)
    assert player.exploration == 1.5
    cards = _player_spec("score+ismcts:iterations=50").build()
    assert isinstance(cards, ScoreBidder)
    assert isinstance(cards.player, IsmctsPlayer)
    assert cards.player.iterations == 50


def test_a_bidder_takes_another_players_cards_after_a_plus() -> None:
    """``BIDDER+PLAYER``: the bidder's own options, and the card player with its own."""
    spec = _player_spec("evaluating:samples=4+pimc:worlds=20,max_cards=24,objective=points")
    assert spec.play == PlayerSpec(
        "pimc", (("worlds", 20), ("max_cards", 24), ("objective", "points"))
    )
    assert str(spec) == "evaluating:samples=4+pimc:worlds=20,max_cards=24,objective=points"
    assert _player_spec(str(spec)) == spec  # what a match prints reads back the same
    bidder = spec.build()
    assert isinstance(bidder, EvaluatingBidder)
    assert bidder.samples == 4
    cards = bidder.player
    assert isinstance(cards, PimcPlayer)
    assert (cards.worlds, cards.max_cards, cards.objective) == (20, 24, "points")
    scored = _player_spec("score+greedy").build()
    assert isinstance(scored, ScoreBidder)
    assert isinstance(scored.player, GreedyPlayer)
    # each table of a match builds its own: no card player is shared between them
    assert spec.build().player is not spec.build().player  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pimc+greedy", r"BIDDER\+PLAYER takes a bidder \(evaluating, score, value\) before"),
        ("score+pimc+greedy", r"takes one \+ only"),
        ("score:play=greedy+pimc", "give its card player as play=... or after a \\+, not both"),
        ("score+pimc:depth=2", "pimc takes the options worlds"),
        ("score:samples=0+greedy", "samples must be a whole number from 1"),
    ],
)
def test_bad_bidder_plus_player_specs_are_refused(text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        _player_spec(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bridge", "must be one of greedy, random, pimc, evaluating"),
        ("greedy:worlds=3", "greedy takes the options none"),
        ("pimc:depth=3", "pimc takes the options worlds, max_cards"),
        ("pimc:worlds", "pimc takes the options worlds, max_cards"),
        ("pimc:worlds=0", "worlds must be a whole number from 1 to 10000, not '0'"),
        ("pimc:max_cards=33", "max_cards must be a whole number from 0 to 32"),
        ("pimc:worlds=2.5", "worlds must be a whole number"),
        ("pimc:worlds=2,worlds=3", "the option worlds is given twice"),
        ("evaluating:play=random", "play must be greedy or pimc, not 'random'"),
        ("ismcts:iterations=0", "iterations must be a whole number from 1 to 10000000"),
        ("ismcts:exploration=nan", "exploration must be a number from 0 to 100, not 'nan'"),
        ("ismcts:exploration=-1", "exploration must be a number from 0 to 100"),
        ("ismcts:worlds=x", "worlds must be a whole number from 1 to 100000, not 'x'"),
    ],
)
def test_bad_specs_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        _player_spec(text)


def test_the_match_command_plays_the_players_it_is_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The same figures as duplicate_match with the same players built by hand."""
    argv = ["match", "--ns", "pimc:worlds=1,max_cards=4", "--ew", "greedy", "--deals", "2"]
    assert main([*argv, "--seed", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("pimc:worlds=1,max_cards=4 (first team) against greedy")
    match = duplicate_match(
        PimcPlayer(worlds=1, max_cards=4), GreedyPlayer(), 2, RuleConfig.common(), 5
    )
    assert out[2].split()[:2] == ["2", f"{match.mean:+.1f}"]
    assert main(["match", "--ns", "pimc:worlds=x", "--ew", "greedy", "--deals", "2"]) == 2
    err = capsys.readouterr().err
    assert "worlds must be a whole number" in err
    assert len(err.splitlines()) == 1


def test_the_strength_benchmark_fixes_the_same_contract_at_both_tables() -> None:
    """benchmarks/bench_strength.py --play: the seat after the dealer takes 80 in a suit
    read from its own hand, which it holds at both tables, so both tables play the same
    contract and only the card play differs."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_strength.py"
    spec = importlib.util.spec_from_file_location("bench_strength", path)
    assert spec is not None
    assert spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    first, second = bench.FixedAuction(GreedyPlayer()), bench.FixedAuction(RandomPlayer())
    match = duplicate_match(first, second, 12, RuleConfig.ffb(), 8)
    strains = set()
    for played in match.deals:
        one, two = played.tables
        assert one.contract is not None
        assert one.contract == two.contract
        assert one.contract.taker is one.dealer.next
        assert one.contract.value == 80
        strains.add(one.contract.strain)
    assert len(strains) > 1  # the suit changes from deal to deal


# ------------------------------------------------------------------ a player class of your own
OWN_MODULE = '''
class FirstLegal:
    """Always the first legal action: pass in the auction, the lowest card after."""

    def choose(self, view, legal, rng):
        return legal[0]


class NoChoose:
    pass


class Broken:
    def __init__(self):
        raise RuntimeError("no table for me")
'''


class FirstLegal:
    def choose(self, view: object, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[0]


@pytest.fixture
def own_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """mybots.py in the current directory, as a user would write it next to the shell."""
    (tmp_path / "mybots.py").write_text(OWN_MODULE)
    (tmp_path / "raising.py").write_text("raise ImportError('missing dependency')\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the command puts the directory first
    for name in ("mybots", "raising"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return "mybots"


def test_match_and_play_take_a_player_class_of_your_own(
    own_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "--ns", f"{own_module}:FirstLegal", "--ew", "greedy", "--deals", "2"]
    assert main([*argv, "--seed", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("mybots:FirstLegal (first team) against greedy")
    # the same match as the library plays with the same player given by hand
    match = duplicate_match(FirstLegal(), GreedyPlayer(), 2, RuleConfig.common(), 5)
    assert out[2].split()[:2] == ["2", f"{match.mean:+.1f}"]
    players = f"greedy,{own_module}:FirstLegal,greedy,random"
    assert main(["play", "--seed", "1", "--target", "200", "--players", players]) == 0
    assert "Players: N greedy, E mybots:FirstLegal, S greedy, W random" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nosuchmodule:Player", "cannot import nosuchmodule: No module named 'nosuchmodule'"),
        ("mybots:Missing", "mybots has no player class Missing"),
        ("mybots:NoChoose", "mybots:NoChoose() is not a Player: it has no choose"),
        ("mybots:Broken", "mybots:Broken() raised RuntimeError: no table for me"),
        ("raising:Player", "cannot import raising: missing dependency"),
    ],
)
def test_a_player_class_that_cannot_play_is_a_usage_error(
    own_module: str, capsys: pytest.CaptureFixture[str], name: str, message: str
) -> None:
    for argv in (
        ["match", "--ns", name, "--ew", "greedy", "--deals", "1"],
        ["play", "--players", f"greedy,{name},greedy,greedy"],
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1
        assert message in err
