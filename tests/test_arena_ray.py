"""Matches and datasets on a real local Ray (two CPUs), against the in-process run.

One Ray is started for the module and shut down at its end. A worker process is killed
in the middle of a dataset run (SIGKILL, from inside its task) and Ray's retry must
still give every shard exactly once.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

import pytest
from typing_extensions import override

from coinche import RuleConfig
from coinche.bots.players import GreedyPlayer, PimcPlayer, RandomPlayer
from coinche.cli import main
from coinche.scale.arena import duplicate_match
from coinche.scale.datasets import generate, read
from coinche.scale.executors import RayCluster

ray = pytest.importorskip("ray")

T = TypeVar("T")
R = TypeVar("R")


@pytest.fixture(scope="module")
def cluster() -> Iterator[RayCluster]:
    # the functions of this module travel to the workers by value (they cannot import it)
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    cluster = RayCluster(num_cpus=2)
    try:
        assert cluster.workers == 2  # starts a local Ray with two CPUs
        yield cluster
    finally:
        cluster.close()  # it started Ray, so it shuts it down
        assert not ray.is_initialized()


def test_match_on_ray_is_the_in_process_match(cluster: RayCluster) -> None:
    rules = RuleConfig.common()
    pimc = PimcPlayer(worlds=2, max_cards=8)  # searches the last two tricks
    here = duplicate_match(pimc, GreedyPlayer(), 6, rules, 21, block=2)
    there = duplicate_match(pimc, GreedyPlayer(), 6, rules, 21, block=2, executor=cluster)
    assert there == here
    quick = duplicate_match(GreedyPlayer(), RandomPlayer(), 20, rules, 1, executor=cluster)
    assert quick == duplicate_match(GreedyPlayer(), RandomPlayer(), 20, rules, 1)


def test_dataset_on_ray_is_the_in_process_dataset(cluster: RayCluster, tmp_path: Path) -> None:
    rules = RuleConfig.ffb()
    generate("table", 5, rules, 8, out=tmp_path / "here", tricks=2, shard_size=2)
    run = generate(
        "table", 5, rules, 8, cluster, out=tmp_path / "ray", tricks=2, shard_size=2,
        format="parquet",
    )  # fmt: skip
    assert (run.written, run.kept) == (3, 0)
    assert list(read(tmp_path / "ray")) == list(read(tmp_path / "here"))


def die_once(marker: Path, function: Callable[[T], R], task: T) -> R:
    """Run *function* on *task*, except that the first task to get here kills its own
    worker process (SIGKILL, nothing caught), leaving its pid in *marker*."""
    try:
        descriptor = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return function(task)
    os.write(descriptor, str(os.getpid()).encode())
    os.close(descriptor)
    os.kill(os.getpid(), signal.SIGKILL)
    raise AssertionError("not reached")


class KillingCluster(RayCluster):
    """A RayCluster whose first task kills its worker (it joins the module's Ray)."""

    def __init__(self, marker: Path) -> None:
        super().__init__(max_retries=2)
        self.marker = marker

    @override
    def run(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        return super().run(functools.partial(die_once, self.marker, function), tasks)


def test_a_killed_worker_loses_and_duplicates_no_shard(
    cluster: RayCluster, tmp_path: Path
) -> None:
    rules = RuleConfig.common()
    generate("table", 6, rules, 3, out=tmp_path / "here", tricks=2, shard_size=1)
    marker = tmp_path / "killed"
    run = generate(
        "table", 6, rules, 3, KillingCluster(marker), out=tmp_path / "ray", tricks=2,
        shard_size=1,
    )  # fmt: skip
    pid = int(marker.read_text())
    with pytest.raises(ProcessLookupError):  # that worker is really gone
        os.kill(pid, 0)
    assert (run.written, run.kept, run.new_deals) == (6, 0, 6)
    names = sorted(path.name for path in (tmp_path / "ray").iterdir())
    assert names == ["manifest.json"] + [f"part-{k:05d}.jsonl" for k in range(6)]
    records = list(read(tmp_path / "ray"))
    assert [r.index for r in records] == list(range(6))  # every deal exactly once
    assert records == list(read(tmp_path / "here"))


def test_match_command_on_ray(cluster: RayCluster, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--ns", "greedy", "--ew", "random", "--deals", "10", "--seed", "2"]
    assert main([*argv, "--ray"]) == 0
    on_ray = capsys.readouterr().out.splitlines()
    assert on_ray[0].endswith("on the local Ray")
    assert main(argv) == 0
    here = capsys.readouterr().out.splitlines()
    assert on_ray[2].split()[:5] == here[2].split()[:5]
    assert ray.is_initialized()  # the command left the module's Ray running
