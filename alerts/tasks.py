"""Celery tasks of the alerts (thin wrappers)."""

from __future__ import annotations

from celery import shared_task

from alerts import turns


@shared_task(ignore_result=True, autoretry_for=(OSError,), retry_backoff=30, max_retries=5)
def turn_mail(user_id: int, match_id: int) -> bool:
    return turns.turn_mail(user_id, match_id)
