"""Arena benchmark: ``python -m bench.arena [--players 500] [--minutes 10] [--think 3]
[--speed 1] [--threads 8] [--game speedbasar] [--json]``.

An arena of ``--players`` simulated people, ``--minutes`` long, in a throw-away database
(``bench.scratch``) with the real tournament code (``tournaments.services.step``: the beat's and a
booking's pairing step) and the real write path of a move (``games.actions.play``: the engine, the
move log, each seat's board rendered and published to the real channel layer, as on the web
processes; nobody listens). Every person joins at the start; every seat's move comes ``--think``
seconds (0.5–1.5 ×) after it became that seat's turn, divided by ``--speed`` (time compressed:
the arena's length too). ``--threads`` threads play the moves (standing in for the web
processes' request threads); a beat thread runs the pairing step every 2 s / ``--speed`` (as the
sweep: it skips while another step holds the tournament's lock), and a finished game's step runs
at once in the thread that played its last move (the booking's ``step_soon`` task: it waits for
the lock, as ``tasks.step`` does; ``--booking-skips``: it skips as the beat does, as this bench
did before). ``--step-process``: the steps (the beat's and the bookings') run in a process of
their own, as on the Celery worker, instead of sharing this process's interpreter lock with the
move threads. Presence: everyone counts as connected. Celery follow-ups (move timers) are
recorded instead of sent (``games.queue.capturing``): nobody times out.

Reported: tables and moves played, moves per second reached (if the machine cannot keep up,
the think times stretch: the compression is what the machine allows), **the pairing time
between games** (a person's game finished → their next game started, p50/p90/p99/max, in real
seconds, and also × ``--speed`` in arena time), the pairing step's own duration (p50/p99), the
**CPU per move** of the thread that played it (``time.thread_time``: engine, rendering, publishing,
the database client; the web process's share of a move), and the standings' leaders. The wait
between games is split into **waiting for others** (the person was free → the last of their new
table was free) and **seating latency** (the last of the table free → the table started: the
steps that ran, skipped or failed meanwhile; a game's ``finished`` is stamped at the start of its
finishing transaction, so the rest of that transaction – ``last_move_wall_ms`` – counts here too);
``steps`` counts the steps run and those skipped
for the lock, ``tables`` the tables planned and those not seated (someone of the plan was seated
meanwhile by another step).
"""

from __future__ import annotations

import argparse
import heapq
import multiprocessing
import os
import queue
import random
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 3)


def _summary(values: list[float], digits: int = 3) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": round(_pct(values, 0.5), digits),
        "p90": round(_pct(values, 0.9), digits),
        "p99": round(_pct(values, 0.99), digits),
        "max": round(max(values), digits) if values else 0.0,
    }


def populate(players: int, game: str, seed: int) -> list[Any]:
    from accounts.models import User
    from leaderboards.models import Rating

    rng = random.Random(seed)
    User.objects.bulk_create(
        [User(username=f"Arena{i:05d}", password="!") for i in range(players)], batch_size=5000
    )
    users = list(User.objects.filter(username__startswith="Arena").order_by("id"))
    Rating.objects.bulk_create(
        [
            Rating(user=u, game=game, mu=25, sigma=3, ordinal=rng.gauss(0, 10), games=20)
            for u in users
        ]
    )
    return users


def run(args: argparse.Namespace) -> dict[str, Any]:
    from django.core.cache import cache
    from django.db import close_old_connections, connection
    from django.utils import timezone

    from games import actions
    from games.engines.base import get_engine
    from games.models import Match
    from games.queue import capturing
    from tournaments import schedule, services
    from tournaments.models import Entry, Tournament

    rng = random.Random(args.seed)
    users = populate(args.players, args.game, args.seed)
    engine = get_engine(args.game)
    t = Tournament.objects.create(
        name="Bench-Arena",
        game=args.game,
        kind=Tournament.Kind.ARENA,
        starts=timezone.now(),
        minutes=max(1, round(args.minutes / args.speed)) if args.speed > 1 else args.minutes,
        table_size=schedule.table_size(args.game),
        move_seconds=30,
    )
    for user in users:
        services.join(t, user)

    def everyone(keys: set[str]) -> set[str]:
        return set(keys)

    think = args.think / args.speed
    wall = args.minutes * 60 / args.speed
    due: list[tuple[float, int]] = []  # (when, match id): the next move of that match
    due_lock = threading.Condition()
    cpu_ms: list[float] = []
    step_ms: list[float] = []
    step_cpu_ms: list[float] = []  # the step's own CPU (its thread's, or the step process's)
    finish_ms: list[float] = []  # the wall time of a game's last move (its finishing transaction)
    finish_cpu_ms: list[float] = []  # and its CPU
    booking_ms: list[float] = []  # the wall time of the booking's step after it
    errors: list[str] = []
    stop = threading.Event()
    moves = 0

    def schedule_moves(matches: list[Any]) -> None:
        with due_lock:
            for m in matches:
                heapq.heappush(due, (time.time() + think * rng.uniform(0.5, 1.5), m.pk))
            due_lock.notify_all()

    counts = {"steps": 0, "skipped": 0, "planned": 0, "not_seated": 0}
    count_lock = threading.Lock()
    real_lock, real_seat = services.pairing_lock, services._seat_if_free

    @contextmanager
    def counted_lock(tournament_id: int, *, wait: bool) -> Iterator[bool]:
        with real_lock(tournament_id, wait=wait) as got:
            with count_lock:
                counts["steps"] += 1
                counts["skipped"] += not got
            yield got

    def counted_seat(tournament: Any, group: list[int]) -> Any:
        match = real_seat(tournament, group)
        with count_lock:
            counts["planned"] += 1
            counts["not_seated"] += match is None
        return match

    services.pairing_lock, services._seat_if_free = counted_lock, counted_seat

    def step(wait: bool = False) -> None:
        started, cpu = time.perf_counter(), time.thread_time()
        with capturing():
            matches = services.step(t.pk, connected=everyone, wait=wait)
        step_ms.append((time.perf_counter() - started) * 1000)
        step_cpu_ms.append((time.thread_time() - cpu) * 1000)
        schedule_moves(matches)

    # --step-process: the steps run in a process of their own (as on the Celery worker), fed the
    # bookings through a queue; forked before any connection is open (none is shared)
    requests: Any = None
    results: Any = None
    worker: Any = None
    worker_stop: Any = None

    def step_worker() -> None:
        interval = 2.0 / args.speed
        next_beat = time.time()  # the first step at once: every table of the start
        while not worker_stop.is_set():
            booking = False
            if time.time() < next_beat:
                try:
                    requests.get(timeout=max(0.0, next_beat - time.time()))
                    booking = True
                except queue.Empty:
                    pass
            if not booking:
                next_beat = time.time() + interval
            started, cpu = time.perf_counter(), time.thread_time()
            ids: list[int] = []
            error = ""
            try:
                with capturing():
                    wait = booking and not args.booking_skips
                    ids = [m.pk for m in services.step(t.pk, connected=everyone, wait=wait)]
            except Exception as exc:  # noqa: BLE001 - reported
                error = repr(exc)
            finally:
                close_old_connections()
            wall = (time.perf_counter() - started) * 1000
            cpu = (time.thread_time() - cpu) * 1000
            results.put((wall, cpu, ids, booking, dict(counts), error))
        connection.close()
        results.put(None)

    def receive() -> None:
        while (item := results.get()) is not None:
            wall, cpu, ids, booking, seen, error = item
            step_ms.append(wall)
            step_cpu_ms.append(cpu)
            if booking:
                booking_ms.append(wall)
            counts.update(seen)
            if error:
                errors.append(f"step: {error}")
            schedule_moves([SimpleNamespace(pk=pk) for pk in ids])

    def player() -> None:
        nonlocal moves
        while not stop.is_set():
            with due_lock:
                while not stop.is_set() and (not due or due[0][0] > time.time()):
                    due_lock.wait(0.05 if not due else max(0.0, due[0][0] - time.time()))
                if stop.is_set():
                    break
                _when, match_id = heapq.heappop(due)
            try:
                match = Match.objects.get(pk=match_id)
                if match.status != Match.Status.RUNNING:
                    continue
                state = engine.from_json(match.state)
                seat = min(engine.actors(state))
                action = rng.choice(engine.legal_actions(state, seat))
                before = time.thread_time()
                wall = time.perf_counter()
                with capturing():
                    actions.play(match_id, seat, action, version=match.version)
                cpu_ms.append((time.thread_time() - before) * 1000)
                wall = (time.perf_counter() - wall) * 1000
                moves += 1
                if Match.objects.filter(pk=match_id, status=Match.Status.RUNNING).exists():
                    schedule_moves([match])
                elif requests is not None:  # the booking's step, sent to the step process
                    finish_ms.append(wall)
                    finish_cpu_ms.append(cpu_ms[-1])
                    requests.put(match_id)
                else:  # the booking's step (``step_soon``): the freed people are seated
                    finish_ms.append(wall)
                    finish_cpu_ms.append(cpu_ms[-1])
                    booked = time.perf_counter()
                    step(wait=not args.booking_skips)
                    booking_ms.append((time.perf_counter() - booked) * 1000)
            except Exception as exc:  # noqa: BLE001 - reported
                errors.append(f"{type(exc).__name__}: {exc}")
                with due_lock:
                    heapq.heappush(due, (time.time() + think, match_id))
            finally:
                close_old_connections()
        connection.close()

    def beat() -> None:
        while not stop.wait(2.0 / args.speed):
            try:
                step()
            except Exception as exc:  # noqa: BLE001 - reported
                errors.append(f"beat: {exc!r}")
            finally:
                close_old_connections()
        connection.close()

    t0 = time.time()
    threads = [threading.Thread(target=player, daemon=True) for _ in range(args.threads)]
    if args.step_process:
        context = multiprocessing.get_context("fork")
        requests, results, worker_stop = context.Queue(), context.Queue(), context.Event()
        # nothing open at the fork (connection, pool, cache): each process opens its own
        connection.close()
        if getattr(connection, "pool", None) is not None:
            connection.close_pool()
        cache.close()
        worker = context.Process(target=step_worker, daemon=True)
        worker.start()
        threads.append(threading.Thread(target=receive, daemon=True))
    else:
        step()
        threads.append(threading.Thread(target=beat, daemon=True))
    for th in threads:
        th.start()
    while time.time() - t0 < wall:
        time.sleep(0.5)
    stop.set()
    with due_lock:
        due_lock.notify_all()
    if worker is not None:
        worker_stop.set()
        worker.join()
    for th in threads:
        th.join()
    elapsed = time.time() - t0
    services.pairing_lock, services._seat_if_free = real_lock, real_seat

    # -- pairing time between games: a person's game finished → their next game created
    seats = (
        Match.objects.filter(kind="tournament", seats__is_human=True)
        .values_list("seats__user_id", "created", "finished")
        .order_by("seats__user_id", "created")
    )
    gaps: list[float] = []
    previous: dict[int, Any] = {}
    freed: dict[Any, list[tuple[Any, Any]]] = {}  # a table's start → (person free, start)
    for user_id, created, finished in seats:
        ended = previous.get(user_id)
        if ended is not None:
            gaps.append((created - ended).total_seconds())
            freed.setdefault(created, []).append((ended, created))
        previous[user_id] = finished
    others: list[float] = []
    latency: list[float] = []
    for people in freed.values():
        last = max(ended for ended, _created in people)
        for ended, created in people:
            others.append((last - ended).total_seconds())
            latency.append((created - last).total_seconds())
    finished_games = Match.objects.filter(kind="tournament", status="finished").count()
    leaders = list(
        Entry.objects.filter(tournament=t)
        .order_by("-score")
        .values_list("user__username", "score", "games")[:3]
    )
    return {
        "players": args.players,
        "game": args.game,
        "arena_minutes": args.minutes,
        "speed": args.speed,
        "think_s": args.think,
        "threads": args.threads,
        "wall_s": round(elapsed, 1),
        "tables_started": Match.objects.filter(kind="tournament").count(),
        "games_finished": finished_games,
        "moves": moves,
        "moves_per_s": round(moves / elapsed, 1),
        # one seat moves at a time at a table: a table of people wants a move per think time
        "moves_per_s_wanted": round(args.players / t.table_size / think, 1),
        "pairing_wait_s": _summary(gaps),
        "pairing_wait_arena_s": _summary([g * args.speed for g in gaps]),
        "wait_for_others_s": _summary(others),
        "seating_latency_s": _summary(latency),
        "booking_step": "skips" if args.booking_skips else "waits",
        "steps": {"run": counts["steps"], "skipped_for_the_lock": counts["skipped"]},
        "tables": {"planned": counts["planned"], "not_seated": counts["not_seated"]},
        "step_process": args.step_process,
        "pairing_step_ms": _summary(step_ms, 1),
        "pairing_step_cpu_ms": _summary(step_cpu_ms, 1),
        "last_move_wall_ms": _summary(finish_ms, 1),
        "last_move_cpu_ms": _summary(finish_cpu_ms, 1),
        "booking_step_wall_ms": _summary(booking_ms, 1),
        "cpu_ms_per_move": {
            "mean": round(sum(cpu_ms) / len(cpu_ms), 2) if cpu_ms else 0.0,
            "p50": round(_pct(cpu_ms, 0.5), 2),
            "p99": round(_pct(cpu_ms, 0.99), 2),
        },
        "leaders": leaders,
        "errors": len(errors),
        "first_errors": errors[:3],
        "after": str(timedelta(seconds=round(elapsed))),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--game", default="speedbasar")  # a game of ~65 moves at four
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--booking-skips", action="store_true")
    parser.add_argument("--step-process", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    import django

    django.setup()
    from bench.scratch import print_report, scratch_database

    with scratch_database("arena"):
        report = run(args)
    print_report(report, args.json)
    return 0 if not report["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
