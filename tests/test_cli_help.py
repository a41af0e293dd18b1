"""The ``coinche`` command's help and documentation agree with the command,
and ``--quiet`` silences Ray's log lines."""

from __future__ import annotations

import argparse
import logging
import re
from pathlib import Path
from typing import Any

import pytest

from coinche.cli import build_parser, main
from coinche.scale import executors
from coinche.scale.executors import RayCluster, executor_for

ROOT = Path(__file__).resolve().parent.parent


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (action,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_the_nine_subcommands() -> None:
    assert set(subcommands()) == {
        "legal", "score", "play", "render", "solve", "review", "match", "dataset", "serve",
    }  # fmt: skip


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_help_has_no_doubled_percent(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # argparse expands % only in the help of arguments (and %(prog)s): a description's
    # "95%%" was printed as it is
    assert main([name, "--help"]) == 0
    out = capsys.readouterr().out
    assert "%%" not in out
    if name == "match":
        assert "95% interval" in " ".join(out.split())


def test_the_docs_page_has_a_section_for_every_subcommand() -> None:
    page = (ROOT / "docs" / "cli.rst").read_text(encoding="utf-8")
    headings = set(re.findall(r"^``coinche (\w+)``", page, flags=re.MULTILINE))
    assert headings == set(subcommands())
    assert "three subcommands" not in page
    # every player the command knows is documented for --players
    assert "``greedy``, ``pimc`` or ``random``" in page


class FakeRay:
    """Just enough of the ray module to see what ray.init is given."""

    def __init__(self) -> None:
        self.options: dict[str, Any] | None = None

    def is_initialized(self) -> bool:
        return False

    def init(self, **options: Any) -> None:
        self.options = options
        raise ConnectionError("no Ray here")


@pytest.mark.parametrize("quiet", [True, False])
def test_quiet_ray_has_no_log_lines(
    quiet: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = FakeRay()
    monkeypatch.setattr(executors, "require", lambda *args: fake)
    argv = ["match", "--ns", "greedy", "--ew", "random", "--deals", "2", "--ray"]
    assert main([*argv, "--quiet"] if quiet else argv) == 2
    assert "cannot start or join a local Ray: no Ray here" in capsys.readouterr().err
    assert fake.options is not None
    if quiet:  # Ray's logger at error level (its start-up warnings too), and the
        # workers' output kept off this process
        assert fake.options["log_to_driver"] is False
        assert fake.options["logging_level"] == logging.ERROR
    else:
        assert "log_to_driver" not in fake.options
        assert "logging_level" not in fake.options


def test_quiet_reaches_the_ray_cluster() -> None:
    cluster = executor_for(2, True, quiet=True)
    assert isinstance(cluster, RayCluster)
    assert (cluster.quiet, cluster.num_cpus) == (True, 2)
    assert RayCluster().quiet is False
    with pytest.raises(TypeError, match="quiet must be a bool, not str"):
        RayCluster(quiet="yes")  # type: ignore[arg-type]


def test_a_real_quiet_ray_run_prints_no_log_line() -> None:
    """One real local Ray (about 15 s): without --quiet Ray logs "Started a local Ray
    instance" (and warnings) on standard error; with it, standard error stays empty."""
    pytest.importorskip("ray")
    import os
    import subprocess
    import sys

    env = {key: value for key, value in os.environ.items() if key != "RAY_ADDRESS"}
    argv = ["match", "--ns", "greedy", "--ew", "random", "--deals", "2", "--seed", "1"]
    done = subprocess.run(
        [sys.executable, "-m", "coinche", *argv, "--ray", "--quiet"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[0].endswith("on the local Ray")
