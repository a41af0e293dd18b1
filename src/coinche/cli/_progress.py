"""The one progress display of the command line (internal): ``coinche solve``,
``review``, ``match`` and ``dataset`` all show their progress with :class:`Progress`.

On standard error, and only when it is a terminal and ``--quiet`` is not given: a tqdm
bar with the ``progress`` extra, else a plain ``label: done/total`` counter. Standard
output holds only the answers either way.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["Progress", "with_progress"]

T = TypeVar("T")


class Progress:
    """The progress of one step of a command, told as *done* of *total*.

    Fed either way the library reports progress: :meth:`__call__` with the count done
    and the total (the solver and the review: ``progress(done, total)``), or
    :meth:`advance` with the count just finished (a match or a dataset: ``progress(n)``
    per block or shard, against the *total* given here). *leave* keeps the last state
    on the screen at :meth:`close` (a match's deals); without it the line is wiped (a
    step of a longer command).

    >>> from coinche.cli._progress import Progress
    >>> progress = Progress("deals", quiet=True, total=10)
    >>> progress.wanted          # --quiet: nothing is shown, the calls do nothing
    False
    >>> progress.advance(4); progress.close()
    """

    def __init__(
        self,
        label: str,
        quiet: bool,
        *,
        total: int | None = None,
        unit: str = "it",
        leave: bool = False,
    ) -> None:
        self._label = label
        self._total = total
        self._unit = unit
        self._leave = leave
        self._done = 0
        self._bar: Any = None  # a tqdm bar, False for the plain counter, None before
        self.wanted = not quiet and sys.stderr.isatty()
        """Whether anything is shown (a terminal, not --quiet)."""

    def _draw(self) -> None:
        if self._bar is not None:
            return
        try:
            from tqdm import tqdm  # noqa: PLC0415 - optional: the progress extra
        except ImportError:  # no progress extra: the plain counter
            self._bar = False
            return
        self._bar = tqdm(
            total=self._total,
            desc=self._label,
            unit=self._unit,
            leave=self._leave,
            smoothing=0.1,
            dynamic_ncols=True,
        )

    def start(self) -> None:
        """Show the count at 0 now (before the first step ends)."""
        if self.wanted and self._bar is None:
            self(0, self._total or 0)

    def __call__(self, done: int, total: int) -> None:
        """*done* of *total* are finished."""
        if not self.wanted:
            return
        self._total = total
        self._done = done
        self._draw()
        if self._bar is False:
            sys.stderr.write(f"\r{self._label}: {done}/{total}")
            sys.stderr.flush()
        else:
            if self._bar.total != total:
                self._bar.total = total
            self._bar.update(done - self._bar.n)

    def advance(self, count: int) -> None:
        """*count* more are finished (of the *total* given to the constructor)."""
        self(self._done + count, self._total or 0)

    def close(self) -> None:
        """End the display: keep its last line (*leave*) or wipe it."""
        if self._bar is False:
            sys.stderr.write("\n" if self._leave else "\r\033[K")
            sys.stderr.flush()
        elif self._bar is not None:
            self._bar.close()
        self._bar = None


def with_progress(args: argparse.Namespace, label: str, job: Callable[..., T]) -> T:
    """``job(progress=...)`` with a :class:`Progress` on a terminal (unless
    ``args.quiet``), or ``job()`` without one."""
    progress = Progress(label, args.quiet)
    if not progress.wanted:
        return job()
    try:
        return job(progress=progress)
    finally:
        progress.close()
