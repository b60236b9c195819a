"""The tournaments' Celery tasks: the beat's sweep (every 2 s: start, pair, next round, end),
one tournament's step after a booking, and the schedule (every minute)."""

from __future__ import annotations

from celery import shared_task

from games import queue

STEP = "tournaments.tasks.step"


@shared_task(ignore_result=True)
def sweep() -> int:
    from tournaments import push, services

    due = services.due()
    started = []
    for pk in due:
        started += services.step(pk)
    push.tell_seated(started)
    for pk in due:  # only a changed one, at most once a second (``push``): the last change arrives
        push.standings_changed(pk)
    return len(started)


@shared_task(ignore_result=True)
def step(tournament_id: int) -> int:
    from tournaments import push, services

    started = services.step(tournament_id, wait=True)
    if started:
        push.tell_seated(started)
        push.standings_changed(tournament_id)
    return len(started)


@shared_task(ignore_result=True)
def create_scheduled() -> int:
    from tournaments import schedule

    return len(schedule.create_scheduled())


def step_soon(tournament_id: int) -> None:
    """Send the tournament's step to the worker (recorded instead inside
    ``games.queue.capturing()``, as tests do)."""
    queue.send(STEP, (tournament_id,), 0)
