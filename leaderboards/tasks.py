"""Celery tasks: the day's challenges (at Berlin midnight, and a catch-up every minute)."""

from __future__ import annotations

import logging

from celery import shared_task

from leaderboards import daily

log = logging.getLogger("speedgames.tasks")


@shared_task(ignore_result=True)
def create_daily_challenges() -> int:
    """Create today's challenge of every game that has none (idempotent): run by beat at
    midnight Europe/Berlin and every minute, so a day missed while beat was down is caught up."""
    created = daily.ensure_all()
    if created:
        log.info("task create_daily_challenges created=%s day=%s", created, daily.today())
    return created
