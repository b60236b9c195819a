"""Follow-up work for the Celery worker: bot turns and move timers.

The tasks are sent by name, so ``games.actions`` needs no import of ``games.tasks`` (which
imports the actions). Inside ``capturing()`` nothing is sent: the calls are recorded for tests
(in the style of zulip's ``capture_send_event_calls``).
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


def send(task: str, args: tuple[Any, ...], countdown: float) -> None:
    captured = getattr(_local, "captured", None)
    if captured is not None:
        captured.append(Sent(task, args, countdown))
        return
    # argsrepr: Celery would build it with its saferepr, 15 % of a send_task (a tuple of ints)
    current_app.send_task(
        task, args=args, countdown=countdown, argsrepr=repr(args), kwargsrepr="{}"
    )


def bot_turn(match_id: int, version: int, seat: int, countdown: float) -> None:
    send(BOT_TURN, (match_id, version, seat), countdown)


def move_timeout(match_id: int, version: int, countdown: float) -> None:
    send(MOVE_TIMEOUT, (match_id, version), countdown)
