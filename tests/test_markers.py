"""The markers that choose what each pass of ``make test`` runs, set beside the tests.

``slow`` (left out by ``make check-fast``), ``heavy`` (run outside the coverage tracer)
and ``compiled`` (run again against the mypyc-compiled build) are declared in
pyproject.toml; a test module sets them with ``pytestmark``, a test with a decorator and
a doctest with a line ``.. pytest-mark: heavy`` (tests/conftest.py reads it).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LONG_SUITES = frozenset(
    {
        "test_perft.py",
        "test_properties.py",
        "test_strategies.py",
        "test_fuzz.py",
        "test_wheels.py",
        "test_review.py",
        "test_web_hidden.py",
        "test_rl_batch.py",
        "test_rl_ppo.py",
    }
)
"""The property suites, the strategies' own tests, the fuzzing, the perft counts, the
compiled wheel built and installed in a fresh venv, the reviews of whole deals
(double-dummy solves at every card), the web API's property test of hidden cards, the
array engine's long equality runs against Deal replay (thousands of deals per preset)
and the PPO example's training run."""

RULES_SUITES = frozenset(
    {
        "test_compiled.py",
        "test_engine.py",
        "test_playouts.py",
        "test_play.py",
        "test_scoring.py",
        "test_announcements.py",
        "test_deal.py",
        "test_auction.py",
        "test_classic.py",
        "test_perft.py",
        "test_differential.py",
        "test_properties.py",
        "test_solver.py",
        "test_sweep.py",  # every public door, in both builds
    }
)
"""The suites of the rules, the engine and the solver, and the check of the build."""


def test_slow_suites_are_marked_and_make_test_still_runs_them(
    request: pytest.FixtureRequest,
) -> None:
    session = request.session
    slow = {item.path.name for item in session.items if item.get_closest_marker("slow")}
    # in a run that collected them, the long suites carry the marker, and nothing else
    collected = {item.path.name for item in session.items}
    assert slow == LONG_SUITES & collected
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^pytest:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe is not None
    # make test deselects nothing: one pass, no marker expression, under coverage
    (line,) = recipe.group(1).splitlines()
    options = line.split("-m pytest", 1)[1]
    assert not re.search(r"(^|\s)-m\s", options)
    assert "--cov=coinche" in options
    test = re.search(r"^test:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert test is not None
    assert "pytest" in test.group(1).split()
    fast = re.search(r"^pytest-fast:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert fast is not None
    assert '-m "not slow"' in fast.group(1)
    assert re.search(r"^check-fast: pytest-fast typecheck lint$", makefile, re.MULTILINE)


def test_heavy_tests_run_with_the_coverage_tracer_paused(request: pytest.FixtureRequest) -> None:
    # tests/conftest.py gives every heavy test pytest-cov's no_cover marker, and only those
    items = request.session.items
    heavy = {item.nodeid for item in items if item.get_closest_marker("heavy")}
    paused = {item.nodeid for item in items if item.get_closest_marker("no_cover")}
    assert heavy == paused


def test_the_compiled_build_runs_the_rules_suites_again(request: pytest.FixtureRequest) -> None:
    session = request.session
    marked = {item.path.name for item in session.items if item.get_closest_marker("compiled")}
    # in a run that collected them, every test of those suites is marked, and no other
    collected = {item.path.name for item in session.items}
    assert marked == RULES_SUITES & collected
    for item in session.items:
        if item.path.name in RULES_SUITES:
            assert item.get_closest_marker("compiled") is not None, item.nodeid
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^compiled-test:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe is not None
    assert "-m compiled tests;" in recipe.group(1)


def test_doctests_say_they_are_heavy_beside_their_examples() -> None:
    # the three doctests that solve sampled deals, and those only (run with the coverage
    # tracer paused); -m "not heavy" takes everything else
    line = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
    # with a file of tests/, so that tests/conftest.py (which reads the lines) is loaded,
    # as in make test, which collects every test path
    files = [
        "tests/test_markers.py",
        "src/coinche/bots/evaluate.py",
        "docs/bots.rst",
        "docs/testing.rst",
    ]
    heavy = subprocess.run(
        [*line, "-m", "heavy", *files], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert heavy.returncode == 0, heavy.stdout + heavy.stderr
    assert [text for text in heavy.stdout.splitlines() if "::" in text] == [
        "src/coinche/bots/evaluate.py::coinche.bots.evaluate",
        "src/coinche/bots/evaluate.py::coinche.bots.evaluate.EvaluatingBidder",
        "docs/bots.rst::bots.rst",
    ]
    light = subprocess.run(
        [*line, "-m", "not heavy", *files], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert light.returncode == 0, light.stdout + light.stderr
    nodes = [text for text in light.stdout.splitlines() if "::" in text]
    assert "docs/testing.rst::testing.rst" in nodes
    assert not {
        "docs/bots.rst::bots.rst",
        "src/coinche/bots/evaluate.py::coinche.bots.evaluate",
    } & set(nodes)
