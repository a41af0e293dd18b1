"""Duplicate matches cut into tasks, the executors, and the ``coinche match`` command.

The same seed must give the same match in process, on a local pool of processes and on
Ray (tests/test_arena_ray.py runs the Ray half); the results must not depend on how the
deals are cut into blocks either.
"""

from __future__ import annotations

import io
import math
import os
import random
import signal
import sys
import types
from collections.abc import Callable

import pytest
from typing_extensions import override

from coinche import RuleConfig, Seat
from coinche.bots.players import GreedyPlayer, PimcPlayer, RandomPlayer
from coinche.cli import main
from coinche.deal import Deal
from coinche.errors import CoincheTypeError, CoincheValueError, InvalidDealError
from coinche.scale.arena import DuplicateDeal, DuplicateMatch, deal_rng, duplicate_match
from coinche.scale.executors import (
    ClusterError,
    InProcess,
    LocalPool,
    MissingExtraError,
    RayCluster,
    executor_for,
    require,
)


def _negate(value: int) -> int:
    return -value


def _fail_on_three(value: int) -> int:
    if value == 3:
        raise ValueError("three")
    return value


def _die_on_three(value: int) -> int:
    if value == 3:
        os.kill(os.getpid(), signal.SIGKILL)  # the worker process dies, as in a crash
    return value


def test_local_pool_runs_every_task_once_and_stops_on_an_error() -> None:
    tasks = list(range(9))  # more than twice the workers: the window refills
    results = sorted(LocalPool(2).run(_negate, tasks))
    assert results == [(i, -i) for i in tasks]
    with pytest.raises(ValueError, match="three"):
        list(LocalPool(2).run(_fail_on_three, tasks))
    # a worker killed mid-run stops the run with the library's error, not the pool's
    with pytest.raises(ClusterError, match=r"a worker process of LocalPool\(jobs=2\) died"):
        list(LocalPool(2).run(_die_on_three, tasks))


def test_match_is_the_same_in_process_on_a_pool_and_in_any_blocks() -> None:
    rules = RuleConfig.common()
    players = (GreedyPlayer(), RandomPlayer())
    done: list[int] = []
    one = duplicate_match(*players, 30, rules, 11, progress=done.append)
    assert sum(done) == 30
    assert done == [20, 10]  # blocks of 20 (the default), the last one short
    pooled = duplicate_match(*players, 30, rules, 11, executor=LocalPool(2), block=7)
    assert pooled == one
    small = duplicate_match(*players, 30, rules, 11, executor=InProcess(), block=1)
    assert small == one


def test_deal_i_comes_from_the_seed_and_i_only() -> None:
    rules = RuleConfig.common()
    match = duplicate_match(GreedyPlayer(), RandomPlayer(), 6, rules, 4, block=4)
    for number, played in enumerate(match.deals):
        # dealt again here, outside any block, from the seed and the number alone
        fresh = Deal.new(Seat(number % 4), rules, deal_rng(4, number))
        assert played.tables[0].hands == fresh.hands
        assert played.tables[0].dealer == Seat(number % 4)


def test_a_match_split_by_start_is_the_whole_match() -> None:
    """Deals 0-9 and 10-29 played as two matches (start=10) are deals 0-29 of one run,
    with the same results: the deals are numbered as the run numbers them, and 10 is a
    multiple of the block, so the players' copies start where the run's do. The mean
    of the whole is the deal-weighted mean of the parts."""
    rules = RuleConfig.common()
    players = (PimcPlayer(worlds=2, max_cards=4), RandomPlayer())
    whole = duplicate_match(*players, 30, rules, 3, block=5)
    head = duplicate_match(*players, 10, rules, 3, block=5)
    tail = duplicate_match(*players, 20, rules, 3, block=5, start=10)
    assert head.deals + tail.deals == whole.deals
    assert (10 * head.mean + 20 * tail.mean) / 30 == pytest.approx(whole.mean)
    assert DuplicateMatch.from_deals(head.deals + tail.deals) == whole  # mean, stderr too
    with pytest.raises(
        CoincheTypeError, match=r"deals\[10\] must be a DuplicateDeal, not int \(3\)"
    ):
        DuplicateMatch.from_deals([*head.deals, 3])  # type: ignore[list-item]
    with pytest.raises(CoincheTypeError, match="deals must be an iterable"):
        DuplicateMatch.from_deals(7)  # type: ignore[arg-type]
    assert DuplicateMatch.from_deals(()) == DuplicateMatch((), 0.0, 0.0)
    numbered = duplicate_match(GreedyPlayer(), RandomPlayer(), 1, rules, 3, start=7)
    assert numbered.deals[0].tables[0].dealer == Seat(7 % 4)  # deal 7: dealer Seat(3)
    with pytest.raises(CoincheTypeError, match="start must be an int from 0 to"):
        duplicate_match(*players, 2, rules, 3, start=-1)
    with pytest.raises(CoincheTypeError, match="start numbers new deals"):
        duplicate_match(*players, [Deal.new(Seat.NORTH, rules, random.Random(1))], rules, 3,
                        start=2)  # fmt: skip


def test_a_player_with_its_own_generator_restarts_at_every_block() -> None:
    """Each block gets a copy of the players as given: the generator inside a PimcPlayer
    is not shared between blocks, so the run never depends on which worker runs what,
    and the caller's player is left untouched."""
    rules = RuleConfig.common()
    rng = random.Random(5)
    state = rng.getstate()
    pimc = PimcPlayer(worlds=2, rng=rng, max_cards=8)  # searches the last two tricks
    one = duplicate_match(pimc, GreedyPlayer(), 4, rules, 2, block=2)
    assert rng.getstate() == state
    pooled = duplicate_match(pimc, GreedyPlayer(), 4, rules, 2, block=2, executor=LocalPool(2))
    assert pooled == one


def _played_pair() -> tuple[Deal, Deal]:
    match = duplicate_match(GreedyPlayer(), RandomPlayer(), 1, RuleConfig.common(), 4)
    return match.deals[0].tables


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda t: DuplicateDeal(t, math.nan), CoincheTypeError, "difference must be an int"),  # type: ignore[arg-type]
        (lambda t: DuplicateDeal(t, 1.0), CoincheTypeError, "difference must be an int"),  # type: ignore[arg-type]
        (lambda t: DuplicateDeal(t, True), CoincheTypeError, "difference must be an int"),
        (lambda t: DuplicateDeal(t, 10**400), CoincheValueError, "difference must be an int"),
        (lambda t: DuplicateDeal(t[:1], 0), CoincheValueError, "tables must hold 2 items"),
        (lambda t: DuplicateDeal(list(t), 0), CoincheTypeError, "tables must be a tuple"),  # type: ignore[arg-type]
        (lambda t: DuplicateDeal((t[0], "x"), 0), CoincheTypeError, r"tables\[1\] must be a Deal"),  # type: ignore[arg-type]
        (lambda t: DuplicateMatch((), math.nan, 0.0), CoincheValueError, "mean must be"),
        (lambda t: DuplicateMatch((), 0.0, math.inf), CoincheValueError, "stderr must be"),
        (lambda t: DuplicateMatch((), 0.0, -1.0), CoincheValueError, "stderr must be"),
        (lambda t: DuplicateMatch((), "0", 0.0), CoincheTypeError, "mean must be"),  # type: ignore[arg-type]
        (lambda t: DuplicateMatch([], 0.0, 0.0), CoincheTypeError, "deals must be a tuple"),  # type: ignore[arg-type]
        (lambda t: DuplicateMatch((3,), 0.0, 0.0), CoincheTypeError, r"deals\[0\] must be"),  # type: ignore[arg-type]
    ],
)
def test_duplicate_values_check_their_fields(
    make: Callable[[tuple[Deal, Deal]], object], error: type[Exception], message: str
) -> None:
    """A DuplicateDeal or DuplicateMatch built by hand with a bad field is refused at
    once with the library's error naming the field: a NaN difference once gave a match
    "+nan a deal", and from_deals a bare TypeError."""
    with pytest.raises(error, match=message):
        make(_played_pair())


def test_from_deals_of_checked_deals_is_a_finite_match() -> None:
    tables = _played_pair()
    # two deals of differences +30 and -10: mean +10; sample variance
    # ((30-10)**2 + (-10-10)**2) / 1 = 800, standard error sqrt(800 / 2) = 20
    match = DuplicateMatch.from_deals([DuplicateDeal(tables, 30), DuplicateDeal(tables, -10)])
    assert (match.mean, match.stderr) == (10.0, 20.0)
    assert str(match) == "2 deals: first team +10.0 a deal (95% CI -29.2 to +49.2)"
    with pytest.raises(CoincheTypeError, match=r"deals\[0\] must be a DuplicateDeal"):
        DuplicateMatch.from_deals([(tables, 30)])  # type: ignore[list-item]


def test_match_argument_errors() -> None:
    rules = RuleConfig.common()
    with pytest.raises(CoincheTypeError, match="pair"):
        duplicate_match((GreedyPlayer(),), GreedyPlayer(), 2, rules, 1)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="seed"):
        duplicate_match(GreedyPlayer(), GreedyPlayer(), 2, rules, "1")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="block"):
        duplicate_match(GreedyPlayer(), GreedyPlayer(), 2, rules, 1, block=0)
    with pytest.raises(CoincheTypeError, match="executor"):
        duplicate_match(GreedyPlayer(), GreedyPlayer(), 2, rules, 1, executor="ray")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="deals"):
        duplicate_match(GreedyPlayer(), GreedyPlayer(), -1, rules, 1)
    with pytest.raises(CoincheTypeError, match="jobs"):
        LocalPool(0)
    with pytest.raises(CoincheTypeError, match="address"):
        RayCluster(8)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="max_retries"):
        RayCluster(max_retries=-1)
    with pytest.raises(CoincheTypeError, match="num_cpus must be an int from 1 to 100000, not 0"):
        RayCluster(num_cpus=0)
    with pytest.raises(CoincheTypeError, match="ray"):
        executor_for(2, 3)  # type: ignore[arg-type]
    assert duplicate_match(GreedyPlayer(), GreedyPlayer(), 0, rules, 1).deals == ()


def test_given_deals_must_be_before_their_auction_under_the_rules() -> None:
    """Given deals mid-auction, finished, or under other rules than *rules*
    were once played without a word; each is refused, naming its place in *deals*."""
    from coinche.auction import PASS

    common, ffb = RuleConfig.common(), RuleConfig.ffb()
    fresh = [Deal.new(Seat(i), common, deal_rng(3, i)) for i in range(3)]
    begun = fresh[1].apply(PASS)  # East has passed: mid-auction
    finished = fresh[2]
    while not finished.is_over:
        finished = finished.apply(finished.legal_actions()[0])
    other = Deal.new(Seat.NORTH, ffb, deal_rng(3, 0))
    greedy = GreedyPlayer()
    for deals, match in [
        ([fresh[0], begun], r"deals\[1\] is not before its auction \(1 call made\)"),
        ([finished, fresh[0]], r"deals\[0\] is not before its auction \(the deal is over"),
        ([fresh[0], fresh[1], other], r"deals\[2\] is under other rules than rules"),
    ]:
        with pytest.raises(InvalidDealError, match=match):
            duplicate_match(greedy, greedy, deals, common, 1)
    assert len(duplicate_match(greedy, greedy, fresh, common, 1).deals) == 3


def test_executor_for_reads_jobs_and_ray() -> None:
    assert isinstance(executor_for(), InProcess)
    assert executor_for(3).workers == 3
    local = executor_for(2, True)
    assert isinstance(local, RayCluster)
    assert (local.address, local.num_cpus) == (None, 2)
    remote = executor_for(2, "ray://head:10001")
    assert isinstance(remote, RayCluster)
    assert remote.address == "ray://head:10001"
    with InProcess() as executor:
        assert executor.workers == 1


def test_a_missing_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(MissingExtraError, match=r"pip install coinche\[ray\]"):
        list(RayCluster().run(_negate, [1]))
    with pytest.raises(ImportError):  # and it is an ImportError, as callers expect
        require("ray", "ray", "Ray runs")


class UnreachableRay(types.ModuleType):
    """A stand-in for the ray module whose init fails as Ray's does for a bad address."""

    def __init__(self) -> None:
        super().__init__("ray")
        self.asked: dict[str, object] = {}

    def is_initialized(self) -> bool:
        return False

    def init(self, **options: object) -> None:
        self.asked = options
        raise ConnectionError("no cluster answered")


def test_a_cluster_that_cannot_be_reached(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = UnreachableRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    with pytest.raises(ClusterError, match="cannot start or join Ray at x:1: no cluster"):
        list(RayCluster("x:1").run(_negate, [1]))
    assert fake.asked == {"address": "x:1", "include_dashboard": False}
    with pytest.raises(ClusterError, match="a local Ray"):
        RayCluster(num_cpus=2).workers  # noqa: B018
    assert fake.asked["num_cpus"] == 2
    argv = ["match", "--ns", "greedy", "--ew", "greedy", "--deals", "2", "--ray", "h:1"]
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")  # nothing on standard output, one line on stderr
    assert err == "coinche: error: cannot start or join Ray at h:1: no cluster answered\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_match_command_prints_the_summary_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "match", "--ns", "greedy", "--ew", "random", "--deals", "30", "--seed", "3"
    )
    assert code == 0
    assert err == ""  # no progress bar off a terminal
    heading, columns, row = out.splitlines()
    assert heading.startswith("greedy (first team) against random (second team), common")
    assert columns.split()[:3] == ["deals", "mean", "a"]
    match = duplicate_match(GreedyPlayer(), RandomPlayer(), 30, RuleConfig.common(), 3)
    low, high = match.confidence_interval
    assert row.split()[:5] == ["30", f"{match.mean:+.1f}", f"{low:+.1f}", "to", f"{high:+.1f}"]


def test_match_command_on_two_processes_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["match", "--ns", "greedy", "--ew", "random", "--deals", "12", "--seed", "-4"]
    code, out, _ = run(capsys, *args, "--block", "5")
    code2, out2, _ = run(capsys, *args, "--jobs", "2")
    assert code == code2 == 0
    assert "on 2 processes" in out2
    # the same figures (the time and the rate aside)
    assert out.splitlines()[2].split()[:5] == out2.splitlines()[2].split()[:5]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--ns", "bridge", "--ew", "random", "--deals", "3"], "--ns: must be one of"),
        (["--ns", "greedy", "--ew", "random", "--deals", "0"], "--deals: must be a whole number"),
        (["--ns", "greedy", "--ew", "random", "--deals", "2", "--rules", "x"], "preset"),
        (["--ns", "greedy", "--ew", "random", "--deals", "2", "--jobs", "0"], "--jobs"),
    ],
)
def test_match_command_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, "match", *argv)
    assert code == 2
    assert len(err.splitlines()) == 1
    assert err.startswith("coinche: error:")
    assert message in err


def test_progress_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal the bar is tqdm's (its 'deal' unit and the count done), or a
    plain counter without tqdm; --quiet turns it off."""

    class Terminal(io.StringIO):
        @override
        def isatty(self) -> bool:
            return True

    argv = ["match", "--ns", "greedy", "--ew", "greedy", "--deals", "5", "--seed", "1"]
    for quiet, drawn in ((False, True), (True, False)):
        screen = Terminal()
        monkeypatch.setattr(sys, "stderr", screen)
        assert main(argv + (["--quiet"] if quiet else [])) == 0
        assert ("5/5" in screen.getvalue() and "deal" in screen.getvalue()) is drawn
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    monkeypatch.setitem(sys.modules, "tqdm", None)  # the progress extra not installed
    assert main(argv) == 0
    # the plain counter: 0 once the heading is out, then the one block of 5, kept
    assert screen.getvalue() == "\rdeals: 0/5\rdeals: 5/5\n"
    capsys.readouterr()


def test_match_command_interrupted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("coinche.cli._scale.duplicate_match", interrupted)
    code, _, err = run(capsys, "match", "--ns", "greedy", "--ew", "random", "--deals", "3")
    assert (code, err) == (130, "coinche: interrupted: stopped\n")


@pytest.mark.parametrize(
    "seed", [10**5000, -(10**100), 10**100, "1"], ids=["5000 digits", "-1e100", "1e100", "str"]
)
def test_a_seed_of_more_than_100_digits_is_refused_not_crashed(seed: object) -> None:
    """A seed becomes text to seed the deals' generators: an int of thousands of digits
    once raised Python's own ValueError (the int-to-text digit limit)."""
    with pytest.raises(CoincheTypeError, match="seed must be an int of at most 100 digits"):
        duplicate_match(GreedyPlayer(), RandomPlayer(), 1, RuleConfig.common(), seed)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="seed must be an int of at most 100 digits"):
        deal_rng(seed, 0)  # type: ignore[arg-type]
