"""Helpers for testing code that uses :mod:`coinche`.

:mod:`coinche.testing.strategies` holds `hypothesis <https://hypothesis.readthedocs.io>`_
strategies for the library's values, and :mod:`coinche.testing.deals` builders of whole
deals played card by card (and fixed deals for tests). Both need hypothesis, which the
optional ``testing`` extra installs (``pip install "coinche[testing]"``).
:mod:`coinche.testing.colver` holds the card numbering of the colver engine, for
differential tests. The rest of :mod:`coinche` never imports this package.
"""

from __future__ import annotations

import contextlib

# Import hypothesis before coinche.testing.strategies can start: importing hypothesis
# runs the plugins of its "hypothesis" entry point group, among them coinche's hook,
# which imports coinche.testing.strategies. Had that module started first, the hook
# would find it half-initialized.
with contextlib.suppress(ImportError):  # without the testing extra, nothing to do
    import hypothesis  # noqa: F401

__all__: list[str] = []
