"""Celery tasks: thin wrappers around ``games.actions`` (all checks live there)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import DatabaseError

from games import actions

log = logging.getLogger("speedgames.tasks")


#: a database or broker hiccup: try again soon (1, 2, 4 … s) rather than wait for the sweep
RETRY = {
    "autoretry_for": (DatabaseError,),
    "retry_backoff": 1,
    "retry_backoff_max": 30,
    "retry_jitter": True,
    "max_retries": 8,
}


@shared_task(ignore_result=True, **RETRY)
def bot_turn(match_id: int, version: int, seat: int) -> bool:
    played = actions.run_bot(match_id, version, seat)
    log.info("task bot_turn match=%s version=%s seat=%s played=%s", match_id, version, seat, played)
    return played


@shared_task(ignore_result=True, **RETRY)
def move_timeout(match_id: int, version: int) -> bool:
    played = actions.run_timeout(match_id, version)
    log.info("task move_timeout match=%s version=%s played=%s", match_id, version, played)
    return played


@shared_task(ignore_result=True)
def sweep() -> dict[str, int]:
    out = actions.sweep()
    if any(out.values()):
        log.info("task sweep %s", out)
    return out


@shared_task(ignore_result=True, **RETRY)
def analyse_match(match_id: int) -> bool:
    """The post-game analysis (``games.analysis``), on its own queue and worker."""
    from games import analysis

    return analysis.analyse(match_id) is not None
