"""The Celery app: bot turns, move timers, the timer sweep and daily seeds."""

import logging
import os
import time

from celery import Celery
from celery.signals import worker_process_init
from kombu.transport import redis as kombu_redis

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

log = logging.getLogger("speedgames.celery")

app = Celery("speedgames")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _patch_kombu_restore_unacked() -> None:
    """Work around kombu's Redis transport crashing the worker after a lost Redis connection.

    When a channel is closed after its connection (connection loss, shutdown, garbage
    collection), ``QoS.restore_unacked`` needs a new client pool, ``Channel._connparams`` reads
    ``self.connection.client.hostname`` – and the connection's client is already ``None``:
    ``AttributeError: 'NoneType' object has no attribute 'hostname'`` (the same family as
    celery/kombu#582 and #970; still in kombu 5.7.0). The exception escapes the consumer's
    restart and can stop the worker. Nothing is lost by not restoring here: every delivered
    message is also kept in Redis' ``unacked`` hash (written before delivery) and
    ``restore_visible`` puts it back after ``visibility_timeout``; the sweep re-enqueues timers
    and bot turns anyway. So log it and go on. Remove when kombu handles it
    (``tests/reliability/test_redis_outage.py`` reproduces the error against kombu itself)."""
    qos = kombu_redis.QoS
    if getattr(qos.restore_unacked, "_speedgames", False):
        return
    original = qos.restore_unacked

    def restore_unacked(self, client=None):  # type: ignore[no-untyped-def]
        try:
            return original(self, client)
        except (AttributeError, *kombu_redis.Transport.connection_errors) as exc:
            log.warning(
                "could not restore %d unacknowledged message(s) now (%s: %s); Redis will "
                "redeliver them after the visibility timeout",
                len(self._delivered),
                exc.__class__.__name__,
                exc,
            )
            self._delivered.clear()
            return None

    restore_unacked._speedgames = True  # type: ignore[attr-defined]
    qos.restore_unacked = restore_unacked


_patch_kombu_restore_unacked()


@worker_process_init.connect
def _activate_language(**kwargs: object) -> None:
    """Bot moves render every seat's board here: with the language active in the pool process
    each ``gettext``/``get_language`` takes asgiref's quick path (games/sockets.py)."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)


@app.task(name="config.probe", ignore_result=True)
def probe(token: str, seconds: float = 0.0) -> str:
    """Liveness probe for the chaos tests and operators: optionally sleeps, then stores ``token``
    under the cache key ``probe:<token>`` so the caller can see that a worker ran it."""
    from django.core.cache import cache

    if seconds:
        time.sleep(seconds)
    cache.set(f"probe:{token}", time.time(), 600)
    return token
