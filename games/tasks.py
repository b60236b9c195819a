"""Celery tasks: thin wrappers around ``games.services`` (all checks live there)."""

from __future__ import annotations

import logging

from celery import shared_task

from games import services

log = logging.getLogger("speedgames.tasks")


@shared_task(ignore_result=True)
def bot_turn(match_id: int, version: int, seat: int) -> bool:
    played = services.run_bot(match_id, version, seat)
    log.info("task bot_turn match=%s version=%s seat=%s played=%s", match_id, version, seat, played)
    return played


@shared_task(ignore_result=True)
def move_timeout(match_id: int, version: int) -> bool:
    played = services.run_timeout(match_id, version)
    log.info("task move_timeout match=%s version=%s played=%s", match_id, version, played)
    return played


@shared_task(ignore_result=True)
def sweep() -> dict[str, int]:
    out = services.sweep()
    if any(out.values()):
        log.info("task sweep %s", out)
    return out
