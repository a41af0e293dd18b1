"""Where the independent tasks of a match or a dataset run: here, in a pool, or on Ray.

:func:`coinche.scale.arena.duplicate_match` and :func:`coinche.scale.datasets.generate` cut their
work into tasks (a block of deals each) that depend only on the master seed and the
task's number, and hand them to an executor:

- :class:`InProcess` runs them one after the other in this process (the default);
- :class:`LocalPool` runs them on *jobs* worker processes of this machine
  (:mod:`concurrent.futures`, processes started afresh with ``spawn``);
- :class:`RayCluster` runs them as Ray tasks, on a local Ray started for the run or on
  a cluster given by its address (the ``ray`` extra: ``pip install coinche[ray]``).

Every executor gives the same results for the same seed: a task's randomness comes from
the seed and its number only, never from which worker runs it or when. Each executor
yields ``(task number, result)`` pairs as tasks finish; the caller puts them in order.

>>> from coinche.scale.executors import InProcess, executor_for
>>> sorted(InProcess().run(abs, [-3, 1, -2]))
[(0, 3), (1, 1), (2, 2)]
>>> executor_for(jobs=2)
LocalPool(jobs=2)

Decisions (documented behaviour):

- **Task functions** are module-level functions and tasks plain picklable values, so
  that every executor can ship them; a worker process imports :mod:`coinche` itself
  (on a Ray cluster, every node needs it installed).
- **Failures**: an exception raised by a task stops the run and is raised again here.
  Ray re-runs a task whose worker process died (up to *max_retries* times, Ray's own
  mechanism); a local pool whose worker dies stops the run with a
  :class:`ClusterError` (a dataset run then resumes where it stopped).
- **Back pressure**: at most twice as many tasks as workers are in flight at once, so
  a run of a million deals never holds them all in memory.
- The optional packages are imported only when an executor needs them: ``import
  coinche`` never imports Ray.
"""

from __future__ import annotations

import concurrent.futures
import concurrent.futures.process
import importlib
import logging
import multiprocessing
from collections.abc import Callable, Iterable, Iterator, Sequence
from types import TracebackType
from typing import Any, Final, Protocol, Self, TypeVar, runtime_checkable

from typing_extensions import override

from coinche._checks import check_bool, check_int_range, check_type, short_repr
from coinche.errors import CoincheError, CoincheTypeError

__all__ = [
    "ClusterError",
    "Executor",
    "InProcess",
    "LocalPool",
    "MissingExtraError",
    "RayCluster",
    "executor_for",
]

T = TypeVar("T")
R = TypeVar("R")
H = TypeVar("H")  # a task's handle: a future, a Ray object reference


class MissingExtraError(CoincheError, ImportError):
    """An optional package that a feature needs is not installed; the message names the
    extra that installs it.

    >>> from coinche.scale.executors import MissingExtraError
    >>> issubclass(MissingExtraError, ImportError)
    True
    """


def require(module: str, extra: str, feature: str) -> Any:
    """Import *module* for *feature*, or raise :class:`MissingExtraError` naming the
    extra that provides it.

    >>> from coinche.scale.executors import require
    >>> require("json", "none", "a test").__name__
    'json'
    >>> require("no_such", "ray", "Ray runs")
    Traceback (most recent call last):
    ...
    coinche.scale.executors.MissingExtraError: Ray runs need no_such: pip install coinche[ray]
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(f"{feature} need {module}: pip install coinche[{extra}]") from None


class ClusterError(CoincheError, ValueError):
    """Ray could not be started or joined at the address given, or a worker process of a
    local pool died; the message says why.

    >>> from coinche.scale.executors import ClusterError
    >>> issubclass(ClusterError, ValueError)
    True
    """


@runtime_checkable
class Executor(Protocol):
    """What :func:`~coinche.scale.arena.duplicate_match` and
    :func:`~coinche.scale.datasets.generate` need of an executor."""

    @property
    def workers(self) -> int:
        """How many tasks run at once (for a Ray cluster, its CPUs when it started)."""
        ...  # pragma: no cover

    def run(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        """Run ``function(task)`` for each of *tasks*, yielding ``(number, result)`` as
        each finishes (in any order); closing the iterator early stops the run."""
        ...  # pragma: no cover


class _Closing:
    """Context-manager support for the executors: ``with LocalPool(2) as pool``."""

    def close(self) -> None:
        """Free what the executor holds (nothing for most)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


class InProcess(_Closing):
    """Run the tasks one after the other, in this process, in order.

    >>> from coinche.scale.executors import InProcess
    >>> list(InProcess().run(str, [1, 2]))
    [(0, '1'), (1, '2')]
    """

    @property
    def workers(self) -> int:
        """Always 1."""
        return 1

    def run(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        """Yield ``(number, function(task))`` for each task in turn."""
        for number, task in enumerate(tasks):
            yield number, function(task)

    @override
    def __repr__(self) -> str:
        return "InProcess()"


MAX_JOBS: Final = 100_000
"""The most worker processes (or Ray CPUs) an executor is asked for."""


def _check_jobs(jobs: object, name: str = "jobs") -> int:
    return check_int_range(jobs, name, 1, MAX_JOBS)


class LocalPool(_Closing):
    """Run the tasks on *jobs* worker processes of this machine.

    The workers are started with ``spawn`` for each run (a fresh interpreter, safe next
    to threads such as Ray's) and stopped at its end. Scripts that use it need the
    usual ``if __name__ == "__main__":`` guard.

    >>> from coinche.scale.executors import LocalPool
    >>> LocalPool(2).workers
    2
    """

    def __init__(self, jobs: int) -> None:
        self._jobs = _check_jobs(jobs)

    @property
    def workers(self) -> int:
        """The number of worker processes."""
        return self._jobs

    def run(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        """Yield ``(number, result)`` as the workers finish the tasks.

        :raises ClusterError: a worker process died (the run stops).
        """
        context = multiprocessing.get_context("spawn")
        pool = concurrent.futures.ProcessPoolExecutor(self._jobs, mp_context=context)

        def finished(
            futures: list[concurrent.futures.Future[R]],
        ) -> set[concurrent.futures.Future[R]]:
            return concurrent.futures.wait(
                futures, return_when=concurrent.futures.FIRST_COMPLETED
            )[0]

        def result(future: concurrent.futures.Future[R]) -> R:
            try:
                return future.result()
            except concurrent.futures.process.BrokenProcessPool as error:
                raise ClusterError(f"a worker process of {self!r} died: {error}") from None

        pending: dict[concurrent.futures.Future[R], int] = {}
        try:
            yield from _windowed(
                tasks,
                2 * self._jobs,
                pending,
                lambda task: pool.submit(function, task),
                finished,
                result,
            )
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    @override
    def __repr__(self) -> str:
        return f"LocalPool(jobs={self._jobs})"


def _windowed(
    tasks: Sequence[T],
    window: int,
    pending: dict[H, int],
    submit: Callable[[T], H],
    finished: Callable[[list[H]], Iterable[H]],
    result: Callable[[H], R],
) -> Iterator[tuple[int, R]]:
    """The back pressure both pools share: keep at most *window* tasks submitted, and
    yield ``(number, result)`` as they finish. *pending* (a task's handle -> its number)
    is the caller's, so that its clean-up sees what is still running."""
    queued = iter(enumerate(tasks))
    while True:
        for number, task in queued:
            pending[submit(task)] = number
            if len(pending) >= window:
                break
        if not pending:
            return
        for handle in finished(list(pending)):
            yield pending.pop(handle), result(handle)


def _call(function: Callable[[T], R], task: T) -> R:
    """A Ray task: *function* may be any picklable callable (ray.remote takes only
    plain functions)."""
    return function(task)


class RayCluster(_Closing):
    """Run the tasks as Ray tasks (the ``ray`` extra: ``pip install coinche[ray]``).

    - *address*: the cluster to join (``"ray://head:10001"``, ``"auto"``...); ``None``
      joins the cluster that ``RAY_ADDRESS`` names, or else starts a local Ray for
      this process, with *num_cpus* CPUs (default: all of them).
    - *max_retries*: how many times Ray runs a task again when its worker process
      dies (a killed process, a lost node); a task that raises is not retried.
    - *quiet*: no Ray log lines in this process: Ray's own logging at error level
      and its workers' output not forwarded (``ray.init``'s ``logging_level`` and
      ``log_to_driver``), as ``coinche match --ray --quiet`` asks.

    If Ray is already initialised in this process, its connection is used as it is.
    :meth:`close` (or leaving a ``with`` block) shuts down a Ray this executor started.

    >>> from coinche.scale.executors import RayCluster
    >>> RayCluster("auto", max_retries=5)      # nothing starts before the first run
    RayCluster(address='auto', max_retries=5)
    """

    def __init__(
        self,
        address: str | None = None,
        *,
        num_cpus: int | None = None,
        max_retries: int = 3,
        quiet: bool = False,
    ) -> None:
        if address is not None:
            check_type(address, str, "address")
        if num_cpus is not None:
            _check_jobs(num_cpus, "num_cpus")
        check_int_range(max_retries, "max_retries", 0, 1000)
        self.address = address
        self.num_cpus = num_cpus
        self.max_retries = max_retries
        self.quiet = check_bool(quiet, "quiet")
        self._started = False

    def _ray(self) -> Any:
        ray = require("ray", "ray", "Ray runs")
        if not ray.is_initialized():
            options: dict[str, Any] = {"address": self.address, "include_dashboard": False}
            if self.num_cpus is not None and self.address is None:
                options["num_cpus"] = self.num_cpus
            if self.quiet:
                options.update(log_to_driver=False, logging_level=logging.ERROR)
            try:
                ray.init(**options)
            except (ConnectionError, RuntimeError, ValueError, TimeoutError) as error:
                where = "a local Ray" if self.address is None else f"Ray at {self.address}"
                raise ClusterError(f"cannot start or join {where}: {error}") from None
            self._started = True
        return ray

    @property
    def workers(self) -> int:
        """The CPUs of the cluster (Ray is started or joined if it is not yet)."""
        return max(1, int(self._ray().cluster_resources().get("CPU", 1)))

    def run(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        """Yield ``(number, result)`` as the Ray tasks finish."""
        ray = self._ray()
        remote = ray.remote(_call).options(max_retries=self.max_retries)
        pending: dict[Any, int] = {}
        try:
            yield from _windowed(
                tasks,
                2 * self.workers,
                pending,
                lambda task: remote.remote(function, task),
                lambda refs: ray.wait(refs, num_returns=1)[0],
                ray.get,
            )
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    @override
    def close(self) -> None:
        """Shut Ray down if this executor started it."""
        if self._started:
            import ray  # noqa: PLC0415 - the optional Ray (the ray extra), loaded when used

            ray.shutdown()
            self._started = False

    @override
    def __repr__(self) -> str:
        return f"RayCluster(address={self.address!r}, max_retries={self.max_retries})"


def executor_for(
    jobs: int = 1, ray: bool | str = False, *, quiet: bool = False
) -> InProcess | LocalPool | RayCluster:
    """The executor for ``--jobs`` and ``--ray`` (as the ``coinche`` command reads them):
    *ray* ``True`` or an address gives a :class:`RayCluster` (a local one gets *jobs*
    CPUs when *jobs* is over 1; *quiet* silences Ray's log lines), else *jobs* over 1 a
    :class:`LocalPool`, else :class:`InProcess`.

    >>> from coinche.scale.executors import executor_for
    >>> executor_for(), executor_for(1, "ray://head:10001")
    (InProcess(), RayCluster(address='ray://head:10001', max_retries=3))
    """
    _check_jobs(jobs)
    check_bool(quiet, "quiet")
    if ray is True or isinstance(ray, str):
        address = ray if isinstance(ray, str) else None
        return RayCluster(address, num_cpus=jobs if jobs > 1 else None, quiet=quiet)
    if ray is not False:
        raise CoincheTypeError(f"ray must be a bool or an address, not {short_repr(ray)}")
    return LocalPool(jobs) if jobs > 1 else InProcess()
