"""The pairing's beat task: ranges grow, bots fill, closed pages leave the pool."""

from __future__ import annotations

from celery import shared_task

from pairing import pool


@shared_task(ignore_result=True)
def sweep() -> int:
    return len(pool.sweep())
