"""Web Push (``pywebpush``, VAPID): a notification to every browser a person subscribed; a
subscription the push service reports gone (404/410) is removed."""

from __future__ import annotations

import json
import logging
from typing import Any

from django.conf import settings
from pywebpush import WebPushException, webpush

from alerts.models import PushSubscription

log = logging.getLogger("speedgames.alerts")


def enabled() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def send(user_id: int, title: str, body: str, url: str) -> int:
    """Push ``title``/``body`` (opening ``url`` when clicked) to the person's browsers. Returns
    how many took it."""
    if not enabled():
        return 0
    data = json.dumps({"title": title, "body": body, "url": url})
    sent = 0
    for sub in PushSubscription.objects.filter(user_id=user_id):
        info: dict[str, Any] = {
            "endpoint": sub.endpoint,
            "keys": {"p256dh": sub.p256dh, "auth": sub.auth},
        }
        try:
            webpush(
                info,
                data,
                vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.VAPID_SUBJECT},
                ttl=24 * 3600,
                timeout=10,
            )
        except WebPushException as exc:
            status = getattr(exc.response, "status_code", None)
            if status in (404, 410):  # the subscription expired or was revoked
                sub.delete()
                log.info("push subscription gone user=%s status=%s", user_id, status)
                continue
            log.warning("push failed user=%s: %s", user_id, exc)
            continue
        sent += 1
    return sent
