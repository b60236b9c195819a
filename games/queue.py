"""Follow-up work for the Celery workers: bot turns and move timers on the live queue, and the
post-game analysis (``games.analysis``) on its own queue (``send(..., queue=...)``).

The tasks are sent by name, so ``games.actions`` needs no import of ``games.tasks`` (which
imports the actions). Inside ``capturing()`` nothing is sent: the calls are recorded for tests
(in the style of zulip's ``capture_send_event_calls``), whichever queue they were meant for.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from celery import current_app

BOT_TURN = "games.tasks.bot_turn"
MOVE_TIMEOUT = "games.tasks.move_timeout"


@dataclass(frozen=True)
class Sent:
    task: str
    args: tuple[Any, ...]
    countdown: float
    #: the Celery queue (``None``: the default queue, where live play's tasks go)
    queue: str | None = None


_local = threading.local()


@contextmanager
def capturing() -> Iterator[list[Sent]]:
    """Record instead of sending (in this thread)."""
    out: list[Sent] = []
    previous = getattr(_local, "captured", None)
    _local.captured = out
    try:
        yield out
    finally:
        _local.captured = previous


def send(
    task: str, args: tuple[Any, ...], countdown: float = 0.0, queue: str | None = None
) -> None:
    """Send ``task`` by name after ``countdown`` seconds, to ``queue`` (``None``: the default)."""
    captured = getattr(_local, "captured", None)
    if captured is not None:
        captured.append(Sent(task, args, countdown, queue))
        return
    # argsrepr: Celery would build it with its saferepr, 15 % of a send_task (a tuple of ints)
    extra = {} if queue is None else {"queue": queue}
    current_app.send_task(
        task, args=args, countdown=countdown, argsrepr=repr(args), kwargsrepr="{}", **extra
    )


def bot_turn(match_id: int, version: int, seat: int, countdown: float) -> None:
    send(BOT_TURN, (match_id, version, seat), countdown)


def move_timeout(match_id: int, version: int, countdown: float) -> None:
    send(MOVE_TIMEOUT, (match_id, version), countdown)
