"""Celery tasks of the alerts (thin wrappers)."""

from __future__ import annotations

from celery import shared_task

from alerts import digest, events, turns

RETRY = {"autoretry_for": (OSError,), "retry_backoff": 30, "max_retries": 5}


@shared_task(ignore_result=True, **RETRY)
def turn_mail(user_id: int, match_id: int) -> bool:
    return turns.turn_mail(user_id, match_id)


@shared_task(ignore_result=True, **RETRY)
def invite_alert(user_id: int, table_id: int, sender_name: str) -> bool:
    return events.invite_alert(user_id, table_id, sender_name)


@shared_task(ignore_result=True, **RETRY)
def friend_alert(user_id: int, from_id: int) -> bool:
    return events.friend_alert(user_id, from_id)


@shared_task(ignore_result=True, **RETRY)
def end_alert(user_id: int, match_id: int) -> bool:
    return events.end_alert(user_id, match_id)


@shared_task(ignore_result=True)
def daily_digest() -> int:
    return digest.send_digests()
