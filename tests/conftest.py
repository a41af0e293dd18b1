"""Shared pytest set-up: the hypothesis profiles, and the markers stated in doctests.

The markers (declared in pyproject.toml) are set where the tests are, never in a list
here:

The ``slow`` marker
    The property suites, the strategies' own tests, the fuzzing and the perft counts
    take most of the run's time (more still under coverage). Each of those modules marks
    all its tests ``slow`` (``pytestmark = pytest.mark.slow``): ``make check-fast``
    (``pytest -m "not slow"``) leaves them out for a quick everyday run, while
    ``make test``, which CI runs, still runs everything.

The ``heavy`` marker
    A few tests spend nearly all their time in a search (the double-dummy solver, the
    contract evaluation that solves sampled deals, PIMC, the deepest perft counts). The
    coverage tracer slows such hot loops ten- to fifteen-fold, so every test marked
    heavy also gets pytest-cov's ``no_cover`` marker here, which pauses the tracer while
    it runs: ``make test`` runs the whole suite in one pass under coverage, the heavy
    tests at full speed (they count for no coverage, as the lines they reach are
    covered by quicker tests). The tests are marked where they are defined; a doctest
    (a docstring, or a page of the docs) says so with a reST comment line of its own,
    which Sphinx does not show::

        .. pytest-mark: heavy

    (see :func:`doctest_markers`).

The ``compiled`` marker
    The suites that ``make compiled-test`` runs again against the mypyc-compiled build
    (``pytest -m compiled tests``): each of those modules marks all its tests
    ``compiled``.

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
import re

import pytest
from hypothesis import settings

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

_MARK_LINE = re.compile(r"^[ \t]*\.\. pytest-mark: *([\w, ]+?)[ \t]*$", re.MULTILINE)


def doctest_markers(text: str) -> list[str]:
    r"""The markers that the lines ``.. pytest-mark: NAME[, NAME...]`` of *text* state.

    >>> doctest_markers("Solves deals.\n\n.. pytest-mark: heavy\n\n>>> 1 + 1\n2\n")
    ['heavy']
    >>> doctest_markers(".. pytest-mark: heavy, slow")
    ['heavy', 'slow']
    >>> doctest_markers("no marker")
    []
    """
    return [
        name.strip()
        for names in _MARK_LINE.findall(text)
        for name in names.split(",")
        if name.strip()
    ]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if isinstance(item, pytest.DoctestItem) and item.dtest is not None:
            for name in doctest_markers(item.dtest.docstring or ""):
                # an undeclared name fails here, as --strict-markers wants
                item.add_marker(getattr(pytest.mark, name))
        if item.get_closest_marker("heavy") is not None:
            # pytest-cov pauses its tracer for the test's call (a search at full speed)
            item.add_marker(pytest.mark.no_cover)
