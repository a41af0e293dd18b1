"""Shared pytest set-up: the hypothesis profiles, the slow and heavy markers, the import path.

The ``slow`` marker
    The property suites, the strategies' own tests, the fuzzing and the perft counts
    take most of the run's time (more still under coverage). Every test of those modules
    is marked ``slow``: ``make check-fast`` (``pytest -m "not slow"``) leaves them out
    for a quick everyday run, while ``make test``, which CI runs, still runs everything.

The ``heavy`` marker
    A few tests spend nearly all their time in a search (the double-dummy solver, the
    contract evaluation that solves sampled deals, PIMC, the deepest perft counts). The
    coverage tracer slows such hot loops ten- to fifteen-fold, so ``make test`` runs the
    suite twice: once under coverage without them (``-m "not heavy"``), then these alone
    without the tracer (``-m heavy``). Every test still runs in every ``make test``. The
    tests are marked where they are defined; the doctests, which cannot carry a marker,
    are listed in :data:`HEAVY_DOCTESTS`.

Profiles (choose one with the ``HYPOTHESIS_PROFILE`` environment variable):

``ci`` (the default)
    Derandomized: every run tries the same examples, so CI is never red by chance.
    100 examples a test, no deadline, and a reproduction blob printed on failure.
    ``make test`` runs this profile.
``explore``
    2000 random examples a test, for hunting bugs locally::

        HYPOTHESIS_PROFILE=explore .venv/bin/python -m pytest tests/test_properties.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# pytest runs with --import-mode=importlib, which does not put tests/ on sys.path;
# the property tests import their strategies from the helper module tests/deals.py.
_TESTS_DIR = str(Path(__file__).resolve().parent)
if _TESTS_DIR not in sys.path:
    sys.path.insert(0, _TESTS_DIR)

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=100,
    deadline=None,
    print_blob=True,
)
settings.register_profile(
    "explore",
    max_examples=2000,
    deadline=None,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

SLOW_MODULES = frozenset(
    {
        "test_perft.py",
        "test_properties.py",
        "test_property_suite.py",
        "test_strategies.py",
        "test_fuzz.py",
        "test_wheels.py",  # builds and installs the compiled wheel: minutes
    }
)
"""The test modules whose tests are all marked ``slow`` (see the module docstring)."""


HEAVY_DOCTESTS = frozenset(
    {
        "src/coinche/bots/evaluate.py::coinche.bots.evaluate",
        "src/coinche/bots/evaluate.py::coinche.bots.evaluate.EvaluatingBidder",
        "docs/bots.rst::bots.rst",
    }
)
"""The doctests marked ``heavy`` (see the module docstring): each solves sampled deals."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
        if item.nodeid in HEAVY_DOCTESTS:
            item.add_marker(pytest.mark.heavy)
