"""Capture what a change to a match pushes and schedules after its commit (in the style of
zulip's ``capture_send_event_calls``): the boards sent to each seat and the Celery tasks,
without a worker or a socket."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.test import TestCase

from games import broadcast, queue


@dataclass
class Captured:
    pushes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    tasks: list[queue.Sent] = field(default_factory=list)

    def boards(self) -> dict[int, str]:
        """The HTML pushed to each seat (the last push wins)."""
        return {
            int(seat): html
            for _, m in self.pushes
            if m.get("type") == "match.boards"
            for seat, html in m["boards"].items()
        }


@contextmanager
def capture() -> Iterator[Captured]:
    """Run the on-commit callbacks of the block at its end, recording pushes and tasks."""
    out = Captured()
    with (
        queue.capturing() as tasks,
        broadcast.collecting_broadcasts() as pushes,
        TestCase.captureOnCommitCallbacks(execute=True),
    ):
        yield out
    out.pushes = list(pushes)
    out.tasks = list(tasks)
