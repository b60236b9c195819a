"""Fernpartien benchmark: what the beat sweep costs with N running turn-based matches.

    .venv/bin/python -m bench.fern_sweep --matches 10000 100000 --json

Runs in a throw-away database (``test_<name>`` of ``DATABASE_URL``, created and dropped here).
For each size it fills the database up to ``N`` running Fernpartien (kind ``fern``, two people
each, both offline for days, deadlines spread over the next three days – nobody moves) beside
1,000 finished live matches, then times, ``--repeats`` times each:

- the sweep's due-deadline query (``timers.sweep``'s ``overdue``: running matches whose stored
  deadline has passed) with nothing due and with 20 deadlines due, and its plan (``EXPLAIN``);
- the sweep's query for seats of people gone longer than ``LEAVE_GRACE`` (which must leave every
  Fernpartie alone however long its people are away);
- the sweep's query for running matches where a computer plays and nothing happened for 5 s
  (``timers.quiet_bot_matches``: the partial index where ``bot_seats``), and its plan;
- one whole ``actions.sweep()`` (the tasks it would send captured, not sent).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _timed(fn: Callable[[], Any], repeats: int) -> dict[str, float]:
    fn()  # warm up
    ms = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        ms.append((time.perf_counter() - t0) * 1000)
    return {"p50_ms": round(statistics.median(ms), 3), "p95_ms": round(_pct(ms, 0.95), 3)}


def populate(upto: int, seed: int) -> float:
    """Add running Fernpartien until there are ``upto``; returns the seconds it took."""
    import random

    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from games.models import Match, Seat

    rng = random.Random(seed + upto)
    t0 = time.perf_counter()
    users = list(User.objects.filter(username__startswith="Bench").values_list("id", flat=True))
    if not users:
        User.objects.bulk_create(
            [User(username=f"Bench{i:05d}", password="!") for i in range(2000)], batch_size=2000
        )
        users = list(User.objects.filter(username__startswith="Bench").values_list("id", flat=True))
        now = timezone.now()
        Match.objects.bulk_create(
            [
                Match(
                    game="speedone",
                    players=2,
                    seed=0,
                    state={},
                    status=Match.Status.FINISHED,
                    kind="table",
                    finished=now,
                )
                for _ in range(1000)
            ]
        )
    have = Match.objects.filter(kind="fern").count()
    now = timezone.now()
    gone = now - timedelta(days=2)
    batch = 5000
    for start in range(have, upto, batch):
        size = min(batch, upto - start)
        with transaction.atomic():
            matches = Match.objects.bulk_create(
                [
                    Match(
                        game="speedone",
                        players=2,
                        seed=0,
                        state={},
                        kind="fern",
                        move_seconds=86400,
                        deadline=now + timedelta(seconds=rng.uniform(600, 3 * 86400)),
                        created=gone,
                        updated=gone,
                    )
                    for _ in range(size)
                ],
                batch_size=batch,
            )
            seats = []
            for m in matches:
                for index, uid in enumerate(rng.sample(users, 2)):
                    seats.append(
                        Seat(
                            match=m,
                            index=index,
                            user_id=uid,
                            name=f"B{uid}",
                            last_seen=gone,
                            disconnected_at=gone,
                        )
                    )
            Seat.objects.bulk_create(seats, batch_size=batch)
    with __import__("django").db.connection.cursor() as cur:
        cur.execute("ANALYZE games_match; ANALYZE games_seat")
    return time.perf_counter() - t0


def measure(repeats: int) -> dict[str, Any]:
    from django.db import connection
    from django.utils import timezone

    from games import actions, queue
    from games.actions.common import TIMER_GRACE
    from games.actions.timers import gone_seats, quiet_bot_matches
    from games.models import Match

    def overdue() -> Any:
        now = timezone.now()
        return Match.objects.filter(
            status=Match.Status.RUNNING, deadline__lt=now - timedelta(seconds=TIMER_GRACE + 2)
        ).values_list("id", "version")

    def gone() -> Any:
        return gone_seats(timezone.now())

    def sweep() -> None:
        with queue.capturing():
            actions.sweep()

    out: dict[str, Any] = {"running_fern": Match.objects.filter(kind="fern").count()}
    sql, params = overdue().query.sql_with_params()
    with connection.cursor() as cur:
        cur.execute("EXPLAIN " + sql, params)
        out["overdue_plan"] = [r[0] for r in cur.fetchall()]
    out["overdue_none_due"] = _timed(lambda: list(overdue()), repeats)
    out["overdue_none_due"]["rows"] = len(list(overdue()))
    out["gone_seats"] = _timed(lambda: list(gone()), repeats)
    out["gone_seats"]["rows"] = len(list(gone()))
    sql, params = gone().query.sql_with_params()
    with connection.cursor() as cur:
        cur.execute("EXPLAIN " + sql, params)
        out["gone_plan"] = [r[0] for r in cur.fetchall()]
    out["quiet_bots"] = _timed(lambda: list(quiet_bot_matches(timezone.now())), repeats)
    sql, params = quiet_bot_matches(timezone.now()).query.sql_with_params()
    with connection.cursor() as cur:
        cur.execute("EXPLAIN " + sql, params)
        out["quiet_bots_plan"] = [r[0] for r in cur.fetchall()]
    out["sweep_none_due"] = _timed(sweep, repeats)
    # 20 deadlines come due (a moment ago), then are put back
    due = list(Match.objects.filter(kind="fern").values_list("id", "deadline")[:20])
    Match.objects.filter(pk__in=[d[0] for d in due]).update(
        deadline=timezone.now() - timedelta(minutes=1)
    )
    out["overdue_20_due"] = _timed(lambda: list(overdue()), repeats)
    out["overdue_20_due"]["rows"] = len(list(overdue()))
    for pk, deadline in due:
        Match.objects.filter(pk=pk).update(deadline=deadline)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    import django

    django.setup()
    import logging

    logging.getLogger("speedgames").setLevel(logging.WARNING)
    from django.db import connection

    from bench.scratch import scratch_database

    with scratch_database("fern_sweep") as name:
        report: dict[str, Any] = {"database": connection.vendor, "test_database": name, "sizes": []}
        for n in sorted(args.matches):
            setup = populate(n, args.seed)
            result = measure(args.repeats)
            result["setup_s"] = round(setup, 1)
            report["sizes"].append(result)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for size in report["sizes"]:
            print(json.dumps(size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
