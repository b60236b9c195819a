"""Where a move's time goes: ``python -m bench.profile_move [--moves N] [--cprofile FILE] [--json]``.

One process, no sockets: for each live game it starts matches of two people (plus ``leicht`` bots
where the game needs more seats), then plays ``--moves`` moves through ``games.actions.play``
exactly as a person's move arrives (the bots' moves go through ``run_bot``, outside the figures),
with the real database and the real channel layer (``REDIS_URL``; nobody listens). Each move's
time is split by measuring, inside the real code path:

* ``db_read`` – SELECT statements (the row lock, the seats), through Django's ``execute_wrapper``;
* ``db_write`` – INSERT/UPDATE statements (the move log, the match row);
* ``engine`` – the engine's ``from_json``/``apply``/``to_json``/``actors``/``result``/``view``/
  ``legal_actions`` calls (rendering calls ``view`` and ``legal_actions`` too: they count here);
* ``render`` – rendering the pushed boards (minus the engine calls inside it);
* ``publish`` – sending them to the channel layer;
* ``schedule`` – handing the follow-ups (bot turns, the timer) to Celery;
* ``other`` – the rest of ``play()`` (Python around it: validation, ticker, scheduling).

Figures are per move, in milliseconds of wall time (p50 and mean) and CPU time of this process
(mean). Run it with the environment of the server you care about (``DATABASE_URL``,
``REDIS_URL``); it deletes what it created.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

PARTS = ("db_read", "db_write", "engine", "render", "publish", "schedule", "other")


class Meter:
    """Accumulates seconds per part while ``active``; nested engine time inside rendering is
    counted once (as engine)."""

    def __init__(self) -> None:
        self.active = False
        self.now: dict[str, float] = defaultdict(float)

    def add(self, part: str, seconds: float) -> None:
        if self.active:
            self.now[part] += seconds

    def take(self) -> dict[str, float]:
        out, self.now = dict(self.now), defaultdict(float)
        return out


def timed(meter: Meter, part: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """Count ``fn``'s time as ``part``, less the engine and database time spent inside it."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        inner0 = sum(meter.now[k] for k in ("engine", "db_read", "db_write"))
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            inner = sum(meter.now[k] for k in ("engine", "db_read", "db_write")) - inner0
            meter.add(part, time.perf_counter() - t0 - (0 if part == "engine" else inner))

    return wrapper


def timed_async(meter: Meter, part: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return await fn(*args, **kwargs)
        finally:
            meter.add(part, time.perf_counter() - t0)

    return wrapper


@contextmanager
def instrumented(meter: Meter) -> Iterator[None]:
    """Wrap the engines, the renderer and the channel layer send for the duration."""
    from django.db import connection

    from games import broadcast, queue, rendering
    from games.engines.base import get_engine
    from games.registry import GAMES

    originals: list[tuple[Any, str, Any]] = []

    def patch(obj: Any, name: str, part: str) -> None:
        originals.append((obj, name, getattr(obj, name)))
        setattr(obj, name, timed(meter, part, getattr(obj, name)))

    for g in GAMES:
        if g.live:
            engine = get_engine(g.slug)
            for name in ("from_json", "apply", "to_json", "actors", "result", "view"):
                patch(engine, name, "engine")
            patch(engine, "legal_actions", "engine")
    patch(rendering, "render_seat_boards", "render")
    patch(queue, "send", "schedule")
    originals.append((broadcast, "send_broadcasts", broadcast.send_broadcasts))
    broadcast.send_broadcasts = timed_async(meter, "publish", broadcast.send_broadcasts)

    def sql(execute: Any, statement: str, params: Any, many: bool, context: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return execute(statement, params, many, context)
        finally:
            kind = "db_read" if statement.lstrip().upper().startswith("SELECT") else "db_write"
            meter.add(kind, time.perf_counter() - t0)

    try:
        with connection.execute_wrapper(sql):
            yield
    finally:
        for obj, name, fn in reversed(originals):
            setattr(obj, name, fn)


def profile_game(
    slug: str,
    moves: int,
    meter: Meter,
    rng: random.Random,
    via: str = "socket",
    *,
    warmup: int = 0,
    mark: str | None = None,
    plays_first: bool = False,
    profiler: cProfile.Profile | None = None,
) -> dict[str, Any]:
    from channels.layers import get_channel_layer
    from django.test import Client

    from accounts.bots import bots_of, ensure_bots
    from accounts.models import User
    from games import actions, broadcast
    from games.actions import SeatSpec
    from games.engines.base import get_engine
    from games.models import Match

    ensure_bots()
    engine = get_engine(slug)
    prefix = f"prof-{slug.removeprefix('speed')}-"  # user names have at most 20 characters
    people = [User.objects.get_or_create(username=f"{prefix}{i}")[0] for i in range(2)]
    clients = []
    for user in people:
        clients.append(Client(HTTP_HOST="127.0.0.1"))
        clients[-1].force_login(user)
    layer = get_channel_layer()
    loop = asyncio.new_event_loop()
    samples: list[dict[str, float]] = []
    created: list[int] = []
    warm = 0  # moves played before the measured ones (the first uses' imports, caches)

    def send(match: Match, actor: int, action: dict[str, Any]) -> None:
        if via == "http":  # the page's POST, through Django's middleware and the view
            response = clients[actor].post(
                f"/partie/{match.pk}/zug/",
                {"action": json.dumps(action), "version": str(match.version)},
                HTTP_HX_REQUEST="true",
            )
            assert response.status_code == 200, response.status_code
        else:  # as the match socket does: play in a thread, publish from the event loop
            with broadcast.collecting_broadcasts() as out:
                actions.play(match.pk, actor, action, version=match.version)
            loop.run_until_complete(broadcast.send_broadcasts(layer, out))

    while len(samples) < moves:
        seats = [SeatSpec(u.username, user=u) for u in people]
        for bot in bots_of("leicht")[: max(0, engine.min_players - 2)]:
            seats.append(SeatSpec(bot.username, user=bot, bot_strength="leicht"))
        match = actions.start_match(slug, seats, bot_delay=0)
        created.append(match.pk)
        while len(samples) < moves:
            match = Match.objects.get(pk=match.pk)
            if match.status != Match.Status.RUNNING:
                break
            state = engine.from_json(match.state)
            actor = min(engine.actors(state))
            if actor >= 2:  # a bot: not measured
                actions.run_bot(match.pk, match.version, actor)
                continue
            legal = engine.legal_actions(state, actor)
            if plays_first:  # as bench.load's quick human: plays before drawing
                legal = [a for a in legal if a.get("type") != "draw"] or legal
            action = rng.choice(legal)
            if warm < warmup:
                warm += 1
                send(match, actor, action)
                if warm == warmup and mark:  # for ``callgrind_control -z <pid>``
                    with open(mark, "w") as f:
                        f.write(str(os.getpid()))
                    time.sleep(3)
                continue
            meter.take()
            meter.active = True
            w0, c0 = time.perf_counter(), time.process_time()
            if profiler is not None:
                profiler.enable()
            send(match, actor, action)
            if profiler is not None:
                profiler.disable()
            wall, cpu = time.perf_counter() - w0, time.process_time() - c0
            meter.active = False
            parts = meter.take()
            parts["other"] = max(0.0, wall - sum(parts.values()))
            parts["wall"], parts["cpu"] = wall, cpu
            samples.append(parts)
    loop.close()
    Match.objects.filter(pk__in=created).delete()
    User.objects.filter(username__startswith=prefix).delete()

    def ms(values: list[float]) -> dict[str, float]:
        return {
            "p50": round(statistics.median(values) * 1000, 3),
            "mean": round(statistics.fmean(values) * 1000, 3),
        }

    return {
        "moves": len(samples),
        "wall_ms": ms([s["wall"] for s in samples]),
        "cpu_ms": ms([s["cpu"] for s in samples]),
        "parts_ms": {p: ms([s.get(p, 0.0) for s in samples]) for p in PARTS},
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bench.profile_move", description=__doc__.split("\n")[0]
    )
    p.add_argument("--moves", type=int, default=300, help="measured moves per game (10–5000)")
    p.add_argument("--game", action="append", help="only this live game (repeatable)")
    p.add_argument(
        "--via",
        choices=("socket", "http"),
        default="socket",
        help="how a move arrives: the match socket (default, as bench.load sends) or the page's "
        "POST (as match.js sends)",
    )
    p.add_argument("--warmup", type=int, default=0, help="moves played before the measured ones")
    p.add_argument(
        "--plays-first",
        action="store_true",
        help="choose among the plays before drawing (as bench.load's client), not any legal move",
    )
    p.add_argument(
        "--bare",
        action="store_true",
        help="no split into parts (no timing wrappers): the CPU per move alone",
    )
    p.add_argument(
        "--mark",
        help="after the warm-up write this process's id to this file and wait 3 s: "
        "`callgrind_control -z <pid>` then counts the measured moves alone",
    )
    p.add_argument(
        "--cprofile",
        metavar="FILE",
        help="profile the measured moves alone with cProfile and write the statistics to FILE "
        "(read them with `python -m pstats FILE`)",
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    args.moves = min(max(args.moves, 10), 5000)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import logging

    import django

    django.setup()
    logging.getLogger("speedgames").setLevel(logging.WARNING)
    from django.db import connection

    from games.registry import GAMES

    games = [g.slug for g in GAMES if g.live and (not args.game or g.slug in args.game)]
    meter = Meter()
    profiler = cProfile.Profile() if args.cprofile else None
    report: dict[str, Any] = {"database": connection.vendor, "via": args.via, "games": {}}
    with nullcontext() if args.bare else instrumented(meter):
        for slug in games:
            report["games"][slug] = profile_game(
                slug,
                args.moves,
                meter,
                random.Random(1),
                args.via,
                warmup=max(0, args.warmup),
                mark=args.mark,
                plays_first=args.plays_first,
                profiler=profiler,
            )
    if profiler is not None:
        profiler.dump_stats(args.cprofile)
    if args.json:
        print(json.dumps(report))
        return 0
    for slug, r in report["games"].items():
        parts = "  ".join(f"{k} {v['mean']:.2f}" for k, v in r["parts_ms"].items())
        print(
            f"{slug}: {r['moves']} moves, wall p50 {r['wall_ms']['p50']:.2f} ms "
            f"(mean {r['wall_ms']['mean']:.2f}), CPU mean {r['cpu_ms']['mean']:.2f} ms\n"
            f"  mean ms per part: {parts}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
