"""The web app under load (issue 33): other games keep answering while a PIMC bot
thinks, and 100 games played at once lose nothing.

Each run starts ``coinche serve`` in its own process on 127.0.0.1 (so that the
clients here never share its interpreter) and drives it with httpx:

(a) **latency while bots think**: two games of four PIMC bots (``--thinkers``) keep
    the searching bots busy; meanwhile a probe plays a game as South against greedy
    bots, one request every 20 ms (the state, or South's action on its turn), for
    ``--seconds``. Figures: the median, 95th percentile and maximum of the probe's
    answer times, in milliseconds, and the share of the probes made while a PIMC
    search was running. Run with the bots in a worker process (``--bot-workers 1``,
    the default of a 2-core machine) and in a thread of the server
    (``--bot-workers 0``), ``--repeats`` times each; the medians of the repeats are
    reported.
(b) **100 concurrent games** (``--games``): as many clients, each playing a whole game
    as South against greedy bots (random legal actions, half as text, half as action
    integers, each with the state's version), at once. Figures: the games finished, the
    requests made and refused (any answer not 2xx is an error), the time, and
    "nothing lost": for every game, the game's record read back (``coinche.loads``)
    holds every action the client made and ends on the totals the client saw.

(review) **a deal's review** (``--part review``, not part of ``both``): deals played
    by the greedy bots, each reviewed as the app reviews it, in this process: its
    cards with the hands open, then its calls over 1 and 8 worlds each
    (``--review-worlds``). Figures: wall and CPU seconds of each, the median over the
    deals (``--review-deals``).

Each part also reports the machine's load average (``os.getloadavg``) before and after
it: the development machine is shared, and the answer times depend on it.

``python benchmarks/bench_web.py [--json FILE] [--quick] [--part a|b|both|review]``;
``--quick``: 8 s windows, one repeat, the games to 300 points. Run it with the compiled
build's interpreter (``.venv-compiled/bin/python``) for the compiled figures: the
server is started with the same interpreter. There is no colver figure: colver has no
server and no review.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from typing import Any

import httpx

from coinche import COMPILED, Game, Seat, loads

GREEDY = {"N": "greedy", "E": "greedy", "S": "human", "W": "greedy"}
PIMC = {"N": "pimc", "E": "pimc", "S": "pimc", "W": "pimc"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``coinche serve`` in a subprocess."""

    def __init__(self, bot_workers: int) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "coinche", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--bot-workers", str(bot_workers)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while True:
            try:
                httpx.get(self.url + "/api/options", timeout=5).raise_for_status()
                break
            except httpx.HTTPError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.2)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Player:
    """One game as South through the API."""

    def __init__(self, client: httpx.AsyncClient, seed: int) -> None:
        self.client = client
        self.rng = random.Random(seed)
        self.seed = seed
        self.headers: dict[str, str] = {}
        self.id = ""
        self.state: dict[str, Any] = {}
        self.sent = 0
        self.requests = 0
        self.resent = 0
        self.errors: list[str] = []

    async def request(self, method: str, path: str, **kwargs: Any) -> Any:
        """The answer's JSON; ``None`` and an error noted when it is not 2xx. A request
        lost on the way is sent again, up to three times (an action carries the
        state's version, so it can never be made twice: sent again after it was made,
        it is refused as stale, and the state is read)."""
        for attempt in range(4):
            self.requests += 1
            try:
                answer = await self.client.request(method, path, headers=self.headers, **kwargs)
            except httpx.TransportError as error:
                self.resent += 1
                if attempt == 3:
                    self.errors.append(f"{method} {path}: {type(error).__name__}")
                    return None
                continue
            if answer.status_code == 409 and attempt and "stale move" in answer.text:
                return await self.request("GET", f"/api/games/{self.id}", params={"seat": "S"})
            if answer.status_code >= 300:
                self.errors.append(f"{method} {path}: {answer.status_code} {answer.text[:200]}")
                return None
            return answer.json()
        raise AssertionError("unreachable")

    async def start(self, seats: dict[str, str], target: int | None = None) -> None:
        body: dict[str, Any] = {"rules": "common", "seats": seats, "seed": self.seed}
        if target is not None:
            body["target"] = target
        made = await self.request("POST", "/api/games", json=body)
        self.id = made["game_id"]
        token = made["tokens"].get("S")
        self.headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        self.state = made["state"]

    async def step(self, wait: float) -> float:
        """One request: South's action on its turn, else the state (waiting at most
        *wait* seconds for a change). Returns the seconds the answer took."""
        state = self.state
        start = time.perf_counter()
        if state["to_move"] == "S" and state["legal"]:
            choice = self.rng.choice(state["legal"])
            action = choice["int"] if self.rng.random() < 0.5 else choice["action"]
            body = {"seat": "S", "action": action, "version": state["version"]}
            found = await self.request("POST", f"/api/games/{self.id}/actions", json=body)
            self.sent += 1
        else:
            params: dict[str, Any] = {"seat": "S"}
            if wait:
                params.update(after=state["version"], wait=wait)
            found = await self.request("GET", f"/api/games/{self.id}", params=params)
        elapsed = time.perf_counter() - start
        if found is not None:
            self.state = found
        return elapsed

    async def check_record(self) -> bool:
        """The game's record holds every action South made and the totals seen."""
        answer = await self.client.get(f"/api/games/{self.id}/record")
        if answer.status_code != 200:
            self.errors.append(f"record: {answer.status_code}")
            return False
        game = loads(answer.text)
        assert isinstance(game, Game)
        south = sum(1 for deal in game.deals for step in deal.steps if step.seat is Seat.SOUTH)
        totals = self.state["totals"]
        same_totals = (game.totals.north_south, game.totals.east_west) == (
            totals["NS"],
            totals["EW"],
        )
        actions = sum(len(deal.steps) for deal in game.deals)
        return south == self.sent and same_totals and actions == self.state["version"]


async def latency_run(url: str, seconds: float, thinkers: int, seed: int) -> dict[str, float]:
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        busy = [Player(client, seed + n) for n in range(thinkers)]
        for game in busy:
            await game.start(PIMC)
        probe = Player(client, seed)
        await probe.start(GREEDY)
        times: list[float] = []
        thinking = 0
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            times.append(await probe.step(wait=0))
            if probe.state.get("over"):
                await probe.start(GREEDY)
            states = [await game.request("GET", f"/api/games/{game.id}") for game in busy]
            thinking += any(s is not None and s["thinking"] for s in states)
            await asyncio.sleep(0.02)
        errors = probe.errors + [e for game in busy for e in game.errors]
    ms = sorted(t * 1000 for t in times)
    return {
        "probes": len(ms),
        "median_ms": statistics.median(ms),
        "p95_ms": ms[int(0.95 * (len(ms) - 1))],
        "max_ms": ms[-1],
        "share_thinking": thinking / len(ms),
        "errors": len(errors),
    }


async def load_run(url: str, games: int, target: int | None) -> dict[str, float]:
    limits = httpx.Limits(max_connections=games + 10)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        players = [Player(client, 1000 + n) for n in range(games)]
        start = time.perf_counter()
        await asyncio.gather(*(p.start(GREEDY, target) for p in players))

        async def play(player: Player) -> None:
            while not player.state["over"] and not player.errors:
                await player.step(wait=20)

        await asyncio.gather(*(play(p) for p in players))
        elapsed = time.perf_counter() - start
        intact = await asyncio.gather(*(p.check_record() for p in players))
    errors = [e for p in players for e in p.errors]
    for line in errors[:5]:
        print("  error:", line)
    return {
        "games": games,
        "finished": sum(p.state["over"] for p in players),
        "records_intact": sum(intact),
        "requests": sum(p.requests for p in players),
        "resent": sum(p.resent for p in players),
        "errors": len(errors),
        "seconds": elapsed,
        "requests_per_sec": sum(p.requests for p in players) / elapsed,
    }


def load_average() -> float:
    """The machine's load average over the last minute (0 where it is not known)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return 0.0


def review_run(deals: int, worlds: list[int]) -> dict[str, Any]:
    """Deals played by the greedy bots, reviewed as the app reviews them."""
    from coinche import Deal, RuleConfig
    from coinche.bots.players import GreedyPlayer
    from coinche.web import _bots

    rng = random.Random(2026)
    player = GreedyPlayer()
    played: list[Deal] = []
    while len(played) < deals:
        deal = Deal.new(Seat.WEST, RuleConfig.common(), rng)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            view = deal.view(seat)
            deal = deal.apply(player.choose(view, view.legal_actions(), rng))
        if deal.result is not None:  # not thrown in
            played.append(deal)

    def timed(function: Any, *args: Any) -> tuple[float, float]:
        wall, cpu = time.perf_counter(), time.process_time()
        function(*args)
        return time.perf_counter() - wall, time.process_time() - cpu

    rows: dict[str, list[tuple[float, float]]] = {"cards": []}
    for deal in played:
        rows["cards"].append(timed(_bots.review_cards, deal, 1))
        for count in worlds:
            rows.setdefault(f"calls_{count}_worlds", []).append(
                timed(_bots.review_calls, deal, count, 1)
            )
        print(f"  deal of {len(deal.calls)} calls: " + ", ".join(
            f"{key} {times[-1][0]:.1f} s" for key, times in rows.items()), flush=True)  # fmt: skip
    return {
        key: {
            "wall_s": statistics.median(t[0] for t in times),
            "cpu_s": statistics.median(t[1] for t in times),
            "wall_s_each": [round(t[0], 2) for t in times],
        }
        for key, times in rows.items()
    }


def median_of(runs: list[dict[str, float]]) -> dict[str, float]:
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description="web app benchmark")
    parser.add_argument("--json")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--thinkers", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--target", type=int, default=None, help="the games' target")
    parser.add_argument("--part", choices=("a", "b", "both", "review"), default="both")
    parser.add_argument("--review-deals", type=int, default=3)
    parser.add_argument("--review-worlds", default="1,8", help="comma-separated")
    parser.add_argument(
        "--modes", default="1,0", help="the --bot-workers values of part a, comma-separated"
    )
    args = parser.parse_args()
    seconds, repeats, target = args.seconds, args.repeats, args.target
    if args.quick:
        seconds, repeats, target = 8.0, 1, target or 300
    figures: dict[str, Any] = {"compiled": COMPILED, "cpus": os.cpu_count()}
    if args.part == "review":
        before = load_average()
        worlds = [int(w) for w in args.review_worlds.split(",") if w]
        reviewed = review_run(args.review_deals, worlds)
        reviewed["load_average"] = {"before": before, "after": load_average()}
        for key, value in reviewed.items():
            if key != "load_average":
                print(f"(review) {key}: median {value['wall_s']:.1f} s wall, "
                      f"{value['cpu_s']:.1f} s CPU over {args.review_deals} deals "
                      f"{value['wall_s_each']}")  # fmt: skip
        print(f"  load average {before:.1f} before, {load_average():.1f} after")
        figures["review"] = reviewed
        write(args.json, figures)
        return
    modes = [int(m) for m in args.modes.split(",")]
    for workers in modes if args.part in ("a", "both") else ():
        runs = []
        load_before: list[float] = []
        for repeat in range(repeats):
            load_before.append(load_average())
            server = Server(workers)
            try:
                runs.append(asyncio.run(latency_run(server.url, seconds, args.thinkers, repeat)))
            finally:
                server.stop()
        found: dict[str, Any] = dict(median_of(runs))
        found["load_average_before_runs"] = load_before
        where = "worker process" if workers else "server's thread"
        print(
            f"(a) PIMC bots in a {where}: probe answers median {found['median_ms']:.1f} ms, "
            f"95% {found['p95_ms']:.1f} ms, max {found['max_ms']:.1f} ms over "
            f"{found['probes']:.0f} probes, {100 * found['share_thinking']:.0f}% of them "
            f"while a PIMC search ran; errors {found['errors']:.0f} "
            f"(median of {repeats} runs of {seconds:g} s; load average before each run "
            f"{', '.join(f'{x:.1f}' for x in load_before)})"
        )
        figures[f"latency_bot_workers_{workers}"] = found
    if args.part == "a":
        write(args.json, figures)
        return
    server = Server(1)
    try:
        load = asyncio.run(load_run(server.url, args.games, target))
    finally:
        server.stop()
    print(
        f"(b) {load['games']:.0f} concurrent games (target {target or 'the preset'}): "
        f"{load['finished']:.0f} finished, {load['records_intact']:.0f} records intact, "
        f"{load['requests']:.0f} requests ({load['resent']:.0f} sent again), "
        f"{load['errors']:.0f} errors, "
        f"{load['seconds']:.1f} s ({load['requests_per_sec']:.0f} requests/s)"
    )
    figures["concurrent_games"] = load
    write(args.json, figures)


def write(name: str | None, figures: dict[str, Any]) -> None:
    if name:
        with open(name, "w") as out:
            json.dump(figures, out, indent=2)


if __name__ == "__main__":
    main()
