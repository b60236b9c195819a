"""What handing a follow-up to Celery costs: ``python -m bench.followups [--sends N] [--rounds R]``.

Every move of a table with a clock or a bot hands work to the worker (``games.queue``: a bot's
turn, Speedbasar's doubt window, a move timer) from a web process's database thread, through
``send_task``. This sends ``--sends`` tasks per round to a scratch queue on ``REDIS_URL`` (deleted
afterwards; nobody consumes them) in four ways, alternating for ``--rounds`` rounds, and prints
the median CPU µs per send of each:

* ``kombu`` – kombu's own Redis transport, Celery's ``argsrepr``: as before ``config/broker.py``;
* ``kombu+argsrepr`` – the same with ``argsrepr``/``kwargsrepr`` passed in, as ``games.queue`` does;
* ``broker`` – ``config.broker:Transport`` (one publishing client per channel), Celery's
  ``argsrepr``;
* ``broker+argsrepr`` – what the site does now.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import uuid

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")
django.setup()

from celery import Celery  # noqa: E402
from django.conf import settings  # noqa: E402

WAYS = ("kombu", "kombu+argsrepr", "broker", "broker+argsrepr")


def app_for(transport: str | None, queue: str) -> Celery:
    app = Celery(f"bench-{transport or 'kombu'}")
    app.conf.broker_url = settings.REDIS_URL
    app.conf.task_default_queue = queue
    if transport:
        app.conf.broker_transport = transport
    return app


def send_round(app: Celery, sends: int, argsrepr: bool) -> float:
    """CPU µs per ``send_task`` of one round."""
    c0 = time.process_time()
    for i in range(sends):
        args = (0, i)
        extra = {"argsrepr": repr(args), "kwargsrepr": "{}"} if argsrepr else {}
        app.send_task("games.tasks.move_timeout", args=args, countdown=300, **extra)
    return 1e6 * (time.process_time() - c0) / sends


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sends", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args(argv)
    queue = f"bench-followups-{uuid.uuid4().hex[:8]}"
    apps = {"kombu": app_for(None, queue), "broker": app_for("config.broker:Transport", queue)}
    figures: dict[str, list[float]] = {way: [] for way in WAYS}
    try:
        for app in apps.values():
            send_round(app, 50, True)  # connections open, code warm
        for _ in range(args.rounds):
            for way in WAYS:
                app = apps[way.split("+")[0]]
                figures[way].append(send_round(app, args.sends, way.endswith("+argsrepr")))
    finally:
        with apps["broker"].connection_for_write() as conn:
            conn.default_channel.client.delete(queue)
    print(f"{'way':<18}{'µs CPU per send_task (median)':>31}  rounds")
    for way in WAYS:
        rounds = " ".join(f"{v:.0f}" for v in figures[way])
        print(f"{way:<18}{statistics.median(figures[way]):>31.0f}  {rounds}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
