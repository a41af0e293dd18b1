"""The ``coinche match`` and ``coinche dataset`` commands: work at scale, on local
processes or on Ray (:mod:`coinche.scale.executors`), with a progress bar and a summary.

``coinche match --ns PLAYER --ew PLAYER --deals N``
    A duplicate match (:func:`coinche.scale.arena.duplicate_match`) between two built-in
    players (``greedy``, ``random``, ``pimc``, ``evaluating``, ``score``, ``policy``, ``ppo``,
    ``ismcts``),
    each deal played at two tables; a player takes its options as ``NAME:KEY=VALUE,...``
    (``pimc``: ``worlds``, default 10, ``max_cards``, default 16, ``objective``,
    ``score`` or ``points``, ``nodes``, the search budget of a decision, 0 for none,
    ``min_worlds`` and ``keep``, 0 or 1, and ``model``, ``uniform`` or ``bidder``
    (worlds weighed by :class:`~coinche.bots.inference.BidderModel`), defaults as
    :class:`~coinche.bots.players.PimcPlayer`'s; ``ismcts``, the experimental
    :class:`~coinche.bots.ismcts.IsmctsPlayer`: ``iterations``, ``worlds``,
    ``dd_cards`` and ``exploration``, defaults as its own; ``evaluating``, the
    :class:`~coinche.bots.evaluate.EvaluatingBidder`: ``samples``, default 8,
    ``margin``, default 20, and ``play``, ``greedy`` or ``pimc``; ``score``, the
    :class:`~coinche.bots.bidding.ScoreBidder`: ``samples``, default 64, ``margin``,
    default 30, ``risk``, its coinche risk in percent, default 50, and ``play``;
    ``value``, the :class:`~coinche.bots.bidding.ValueBidder`: ``samples``,
    ``margin``, ``coinche_margin``, ``surcoinche_margin``, ``risk`` (percent),
    ``spread``, ``declarer``, ``opponents`` and ``play``, defaults as its own;
    ``policy``, the trained :class:`~coinche.rl.policy.PolicyPlayer`, and ``ppo``, the
    whole-deal :class:`~coinche.rl.ppo.PpoPlayer` (``weights``, the path of a network
    ``examples/ppo_jax.py`` wrote; the shipped one by default), need the ``rl``
    extra), or a player class of your own as ``module:Class`` (built with no arguments
    for each table); ``BIDDER+PLAYER`` gives a bidder (``evaluating``, ``score``,
    ``value``) another player's
    cards, each with its options (``score:samples=64+pimc:worlds=20,max_cards=32``)::

        coinche match --ns pimc:worlds=20,max_cards=24 --ew greedy --deals 10000 --jobs 2

    then a table: the deals, the first team's mean score difference per deal with its
    95% interval, the time and the rate.

``coinche dataset --deals N --out DIR``
    Random deals with their double-dummy tables (:func:`coinche.scale.datasets.generate`),
    written in shards to ``DIR``; run again with the same arguments to finish a run
    that stopped::

        coinche dataset --deals 1000000 --out deals/ --jobs 2 --format parquet

Both take ``--jobs N`` (worker processes on this machine) and ``--ray [ADDRESS]`` (Ray
tasks: a local Ray with ``--jobs`` CPUs, or the cluster at ``ADDRESS``), ``--rules``,
``--seed`` and ``--quiet``. The progress bar (the ``progress`` extra, tqdm) is drawn on
standard error when it is a terminal and ``--quiet`` is not given.

>>> from coinche.cli import main
>>> main(["match", "--ns", "greedy", "--ew", "random", "--deals", "4", "--seed", "1"])
... # doctest: +ELLIPSIS
greedy (first team) against random (second team), common rules, seed 1, in process
deals  mean a deal  95% interval  time  deals/s
    4  ...
0
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any, Final, NamedTuple

from typing_extensions import override

from coinche._checks import short_repr
from coinche.bots.bidding import ScoreBidder, ValueBidder
from coinche.bots.evaluate import EvaluatingBidder
from coinche.bots.inference import BidderModel
from coinche.bots.ismcts import IsmctsPlayer
from coinche.bots.players import PimcPlayer, Player
from coinche.cli._common import (
    _PLAYER_KINDS,
    _PROG,
    MAX_COUNT,
    ChoiceOption,
    IntOption,
    NumberOption,
    count_option,
    is_class_name,
    player_class,
    seed_option,
    slow_note,
)
from coinche.cli._progress import Progress
from coinche.config import PRESETS, RuleConfig
from coinche.scale.arena import BLOCK, duplicate_match
from coinche.scale.datasets import FORMATS, KINDS, generate
from coinche.scale.executors import RayCluster, executor_for

__all__ = ["add_commands"]


_PLAY_KINDS: Final = ChoiceOption("greedy", "pimc")


def _path(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError("must be the path of a file, not an empty text")
    return text


# the options each player of --ns and --ew takes, each with what reads its value
_OPTIONS: Final[dict[str, dict[str, Callable[[str], int | float | str]]]] = {
    "greedy": {},
    "random": {},
    "pimc": {
        "worlds": IntOption(1, 10_000),
        "max_cards": IntOption(0, 32),
        "objective": ChoiceOption("score", "points"),
        "nodes": IntOption(0, 10**12),  # 0: no budget
        "min_worlds": IntOption(1, 10_000),
        "keep": IntOption(0, 1),
        "model": ChoiceOption("uniform", "bidder"),
    },
    "evaluating": {
        "samples": IntOption(1, 10_000),
        "margin": IntOption(-1000, 1000),
        "play": _PLAY_KINDS,
    },
    "policy": {},
    "ppo": {"weights": _path},
    "score": {
        "samples": IntOption(1, 10_000),
        "margin": IntOption(-1000, 1000),
        "risk": IntOption(0, 100),
        "play": _PLAY_KINDS,
    },
    "value": {
        "samples": IntOption(1, 10_000),
        "margin": IntOption(-1000, 1000),
        "coinche_margin": IntOption(-1000, 1000),
        "surcoinche_margin": IntOption(-1000, 1000),
        "risk": IntOption(0, 100),
        "spread": NumberOption(1, 162),
        "declarer": NumberOption(-162, 162),
        "opponents": NumberOption(-162, 162),
        "play": _PLAY_KINDS,
    },
    "ismcts": {
        "iterations": IntOption(1, 10_000_000),
        "worlds": IntOption(1, 100_000),
        "dd_cards": IntOption(0, 32),
        "exploration": NumberOption(0, 100),
    },
}


class PlayerSpec(NamedTuple):
    """A player of ``coinche match``: its kind and its options, as given, and for a
    bidder written ``BIDDER+PLAYER`` the player of its cards."""

    kind: str
    options: tuple[tuple[str, int | float | str], ...]
    play: PlayerSpec | None = None

    @override
    def __str__(self) -> str:
        given = ",".join(f"{key}={value}" for key, value in self.options)
        text = f"{self.kind}:{given}" if given else self.kind
        return text if self.play is None else f"{text}+{self.play}"

    def build(self) -> Player:
        """The player (a fresh one: the two tables of a match each get their own)."""
        options = dict(self.options)
        cards = None if self.play is None else self.play.build()
        if self.kind == "pimc":
            given: dict[str, Any] = {}  # the options given; the others are the player's defaults
            if "objective" in options:
                given["objective"] = str(options["objective"])
            if "nodes" in options:
                given["nodes"] = int(options["nodes"]) or None
            if "min_worlds" in options:
                given["min_worlds"] = int(options["min_worlds"])
            if "keep" in options:
                given["keep"] = options["keep"] == 1
            if options.get("model") == "bidder":
                given["model"] = BidderModel()
            return PimcPlayer(
                worlds=int(options.get("worlds", 10)),
                max_cards=int(options.get("max_cards", 16)),
                **given,
            )
        if self.kind == "ismcts":
            chosen: dict[str, Any] = dict(options)  # the options given; others the defaults
            return IsmctsPlayer(**chosen)
        if self.kind == "evaluating":
            play = cards or _PLAYER_KINDS[str(options.get("play", "greedy"))]()
            return EvaluatingBidder(
                samples=int(options.get("samples", 8)),
                margin=int(options.get("margin", 20)),
                player=play,
            )
        if self.kind == "policy":  # NumPy: the rl extra, imported only when asked for
            from coinche.rl.policy import PolicyPlayer  # noqa: PLC0415 - optional: the rl extra

            return PolicyPlayer()
        if self.kind == "ppo":  # NumPy too: the rl extra
            from coinche.rl.ppo import PpoPlayer  # noqa: PLC0415 - optional: the rl extra

            weights = options.get("weights")
            return PpoPlayer(None if weights is None else str(weights))
        if self.kind == "score":
            return ScoreBidder(
                samples=int(options.get("samples", 64)),
                margin=int(options.get("margin", 30)),
                coinche_risk=int(options.get("risk", 50)) / 100,
                player=cards or _PLAYER_KINDS[str(options.get("play", "greedy"))](),
            )
        if self.kind == "value":
            tuned: dict[str, Any] = {k: options[k] for k in _VALUE_KEYS if k in options}
            if "risk" in options:
                tuned["coinche_risk"] = int(options["risk"]) / 100
            return ValueBidder(
                player=cards or _PLAYER_KINDS[str(options.get("play", "greedy"))](), **tuned
            )
        if self.kind in _PLAYER_KINDS:
            return _PLAYER_KINDS[self.kind]()
        return player_class(self.kind)()  # module:Class


# the options of the value bidder passed to it as they are named
_VALUE_KEYS: Final = (
    "samples",
    "margin",
    "coinche_margin",
    "surcoinche_margin",
    "spread",
    "declarer",
    "opponents",
)

# the kinds that bid and take a player for their cards: BIDDER+PLAYER
_BIDDERS: Final = ("evaluating", "score", "value")


def _player_spec(text: str) -> PlayerSpec:
    """``NAME`` or ``NAME:KEY=VALUE,...`` (``pimc:worlds=20,max_cards=24``), or
    ``BIDDER+PLAYER``, each of the two written so: a bidder's calls and a player's cards
    (``score:samples=64+pimc:worlds=20``)."""
    head, plus, tail = text.partition("+")
    if not plus:
        return _one_spec(text)
    bidder = _one_spec(head)
    if bidder.kind not in _BIDDERS:
        raise argparse.ArgumentTypeError(
            f"BIDDER+PLAYER takes a bidder ({', '.join(_BIDDERS)}) before the +, not "
            f"{short_repr(head.strip())}"
        )
    if "+" in tail:
        raise argparse.ArgumentTypeError(
            f"BIDDER+PLAYER takes one + only, not {short_repr(text.strip())}"
        )
    if any(key == "play" for key, _ in bidder.options):
        raise argparse.ArgumentTypeError(
            f"{bidder.kind}: give its card player as play=... or after a +, not both"
        )
    return bidder._replace(play=_one_spec(tail))


def _one_spec(text: str) -> PlayerSpec:
    """One player of :func:`_player_spec`: ``NAME`` or ``NAME:KEY=VALUE,...``."""
    name, _, rest = text.strip().partition(":")
    kind = name.strip().lower()
    known = _OPTIONS.get(kind)
    if known is None and is_class_name(text):  # a player class of the user's own
        player_class(text)  # imported and checked now: a usage error, not a traceback
        return PlayerSpec(text.strip(), ())
    if known is None:
        raise argparse.ArgumentTypeError(
            f"must be one of {', '.join(_OPTIONS)} (with options NAME:KEY=VALUE,...) or a "
            f"class of your own as module:Class, not {short_repr(text)}"
        )
    options: dict[str, int | float | str] = {}
    for item in rest.split(",") if rest.strip() else ():
        key, equals, value = item.strip().partition("=")
        key = key.strip()
        if key not in known or not equals:
            allowed = ", ".join(known) or "none"
            raise argparse.ArgumentTypeError(
                f"{kind} takes the options {allowed} (as {kind}:KEY=VALUE), not "
                f"{short_repr(item.strip())}"
            )
        if key in options:
            raise argparse.ArgumentTypeError(f"{kind}: the option {key} is given twice")
        try:
            options[key] = known[key](value.strip())
        except argparse.ArgumentTypeError as error:
            raise argparse.ArgumentTypeError(f"{kind}: {key} {error}") from None
    if kind in ("policy", "ppo"):  # the extra is checked now: a usage error, not a traceback
        try:
            import coinche.rl.policy  # noqa: F401, PLC0415 - optional: the rl extra
            from coinche.rl import ppo  # noqa: PLC0415 - optional: the rl extra
        except ImportError as error:
            raise argparse.ArgumentTypeError(
                f"{kind} needs the rl extra (pip install 'coinche[rl]'): {error}"
            ) from None
        if kind == "ppo":  # and so are its weights
            try:
                ppo.PpoPlayer(None if "weights" not in options else str(options["weights"]))
            except (ppo.PpoWeightsError, OSError) as error:
                raise argparse.ArgumentTypeError(f"ppo: {error}") from None
    return PlayerSpec(kind, tuple(options.items()))


def _count(
    parser: argparse.ArgumentParser, flag: str, default: int, text: str, high: int = MAX_COUNT
) -> None:
    parser.add_argument(
        flag,
        type=IntOption(1, high),
        default=default,
        metavar="N",
        help=f"{text} (default {default})",
    )


def _common(parser: argparse.ArgumentParser, seed_help: str) -> None:
    parser.add_argument(
        "--rules",
        default="common",
        metavar="PRESET",
        help=f"the rule set, a preset: {', '.join(PRESETS)} (default: common)",
    )
    parser.add_argument("--seed", type=seed_option, metavar="N", help=seed_help)
    _count(
        parser, "--jobs", 1, "worker processes on this machine (1: in this process); with "
        "--ray and no address, the CPUs of the local Ray"
    )  # fmt: skip
    parser.add_argument(
        "--ray",
        nargs="?",
        const=True,
        default=False,
        metavar="ADDRESS",
        help="run the tasks on Ray (pip install coinche[ray]): the cluster at ADDRESS, or "
        "without it the one RAY_ADDRESS names, or a local Ray started for the run",
    )
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="no progress bar (there is none off a terminal), and no Ray log lines",
    )


def add_commands(commands: Any) -> None:
    """Add ``match`` and ``dataset`` to the subcommands of :func:`coinche.cli.build_parser`."""
    match = commands.add_parser(
        "match",
        help="a duplicate match between two built-in players, on many processes or on Ray",
        description="Play a duplicate match: each deal twice, the teams swapping seats, so "
        "the luck of the cards cancels; print the first team's mean score difference per "
        "deal with its 95% interval.",
    )
    names = ", ".join(_OPTIONS)
    for flag, team in (("--ns", "first"), ("--ew", "second")):
        match.add_argument(
            flag,
            type=_player_spec,
            required=True,
            metavar="PLAYER",
            help=f"the {team} team: {names}, with options as NAME:KEY=VALUE,... "
            "(pimc: worlds, max_cards, objective, nodes, min_worlds, keep, model; evaluating: "
            "samples, margin, play=greedy|pimc; score: samples, margin, risk, play; ismcts: "
            "iterations, worlds, dd_cards, exploration); a bidder's "
            "calls with another player's cards as BIDDER+PLAYER "
            "(score:samples=64+pimc:worlds=20,max_cards=32); or a player class of your "
            "own as module:Class",
        )
    match.add_argument(
        "--deals", type=count_option, required=True, metavar="N", help="deals to play"
    )
    _count(match, "--block", BLOCK, "deals per task")
    _common(match, "the seed of the deals and the players' draws (default: random, printed)")
    match.set_defaults(command=_run_match)

    dataset = commands.add_parser(
        "dataset",
        help="random deals with their double-dummy tables, written in shards",
        description="Deal random deals, solve each double dummy for every strain and leader "
        "(and value each hand, --kind evaluated) and write them in shards to --out; run "
        "again with the same arguments to finish a run that stopped.",
    )
    dataset.add_argument(
        "--deals", type=count_option, required=True, metavar="N", help="deals to write"
    )
    dataset.add_argument("--out", required=True, metavar="DIR", help="the dataset's directory")
    dataset.add_argument(
        "--kind", choices=KINDS, default="table", help="what each deal holds (default: table)"
    )
    dataset.add_argument(
        "--format",
        choices=FORMATS,
        default="jsonl",
        help="the shards' files (parquet needs pip install coinche[parquet]; default jsonl)",
    )
    _count(dataset, "--tricks", 8, "cards dealt to each seat: 8, or fewer for endings", 8)
    _count(dataset, "--samples", 10, "deals drawn to value each hand, for --kind evaluated")
    _count(dataset, "--shard-size", 100, "deals per shard, each one task")
    _common(dataset, "the seed of the deals (default 0; a resumed run needs the same)")
    dataset.set_defaults(command=_run_dataset)


def _table(rows: list[list[str]]) -> None:
    """Print *rows* (a heading first) as columns, numbers right-aligned."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)))


def _running(args: argparse.Namespace) -> str:
    if args.ray is not False:
        where = "the local Ray" if args.ray is True else f"Ray at {args.ray}"
        return f"on {where}"
    return f"on {args.jobs} processes" if args.jobs > 1 else "in process"


def _timed(
    args: argparse.Namespace, heading: str | None, job: Callable[..., Any]
) -> tuple[Any, float]:
    """Run ``job(executor, progress)`` with the executor and the bar the arguments ask.

    *heading* is printed once Ray (if asked) is reached, so that bad input prints
    nothing on standard output; with None, the job's first progress call prints its
    own heading (a dataset's, once its directory is ready)."""
    bar = Progress("deals", args.quiet, total=args.deals, unit="deal", leave=True)
    with executor_for(args.jobs, args.ray, quiet=args.quiet) as executor:
        if isinstance(executor, RayCluster):
            executor.workers  # noqa: B018 - starts or joins Ray: a ClusterError now
        if heading is not None:
            print(heading)
            sys.stdout.flush()
            bar.start()
        start = time.perf_counter()
        try:
            result = job(executor, bar.advance)
        except KeyboardInterrupt:
            bar.close()
            what = "run the same command again to finish" if heading is None else "stopped"
            print(f"{_PROG}: interrupted: {what}", file=sys.stderr)
            raise SystemExit(130) from None
        bar.close()
    return result, time.perf_counter() - start


def _run_match(args: argparse.Namespace) -> int:
    rules = RuleConfig.preset(args.rules)
    given: int | None = args.seed
    seed = random.SystemRandom().randrange(2**32) if given is None else given
    first = args.ns.build()
    second = args.ew.build()
    searching = sorted(_SEARCHERS.intersection(_kinds(args.ns) + _kinds(args.ew)))
    if searching:
        slow_note(
            args.quiet,
            f"{' and '.join(searching)} search{'es' if len(searching) == 1 else ''} every "
            "decision: seconds a deal",
            "--jobs N plays on more cores, and fewer worlds or max_cards take less time",
        )
    heading = (
        f"{args.ns} (first team) against {args.ew} (second team), {args.rules} rules, "
        f"seed {seed}, {_running(args)}"
    )

    def job(executor: Any, progress: Callable[[int], None]) -> Any:
        return duplicate_match(
            first, second, args.deals, rules, seed, executor=executor, block=args.block,
            progress=progress,
        )  # fmt: skip

    match, seconds = _timed(args, heading, job)
    low, high = match.confidence_interval
    _table(
        [
            ["deals", "mean a deal", "95% interval", "time", "deals/s"],
            [
                str(len(match.deals)),
                f"{match.mean:+.1f}",
                f"{low:+.1f} to {high:+.1f}",
                f"{seconds:.1f} s",
                f"{len(match.deals) / seconds:.1f}",
            ],
        ]
    )
    return 0


def _kinds(spec: PlayerSpec) -> list[str]:
    """The kinds of the players of *spec* (a bidder's and its card player's)."""
    return [spec.kind] + ([] if spec.play is None else _kinds(spec.play))


# the players that search: slow on the pure build
_SEARCHERS: Final = frozenset(("pimc", "ismcts", "evaluating", "score"))


def _run_dataset(args: argparse.Namespace) -> int:
    rules = RuleConfig.preset(args.rules)
    if args.tricks > 4:
        slow_note(
            args.quiet,
            f"each deal of {args.tricks} cards a seat is 16 to 24 double-dummy solves",
            "--jobs N or --ray share the work, and --tricks 4 deals endings",
        )
    seed = 0 if args.seed is None else args.seed
    heading = [
        f"{args.deals} deals ({args.kind}, {args.rules} rules, seed {seed}) to {args.out}, "
        f"{_running(args)}"
    ]

    def job(executor: Any, progress: Callable[[int], None]) -> Any:
        def first_progress(count: int) -> None:
            while heading:  # the directory is ready: say what runs
                print(heading.pop())
                sys.stdout.flush()
            progress(count)

        return generate(
            args.kind, args.deals, rules, seed, executor, out=args.out, format=args.format,
            tricks=args.tricks, samples=args.samples, shard_size=args.shard_size,
            progress=first_progress,
        )  # fmt: skip

    run, seconds = _timed(args, None, job)
    _table(
        [
            ["shards", "written", "kept", "format", "time", "deals/s"],
            [
                str(run.manifest.shards),
                str(run.written),
                str(run.kept),
                run.manifest.format,
                f"{seconds:.1f} s",
                f"{run.new_deals / seconds:.2f}",
            ],
        ]
    )
    return 0
