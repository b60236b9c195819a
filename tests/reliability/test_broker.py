"""The Celery broker transport (config/broker.py): one publishing Redis client per kombu channel
instead of one per message – and everything a publish did before still works, across a Redis
restart too."""

from __future__ import annotations

import pytest
import redis
from kombu import Connection

from config.broker import Channel
from tests.reliability.siteproc import run_django


def _take(queue, n: int) -> list[object]:
    """The payloads of the next ``n`` messages, each acknowledged."""
    got = [queue.get(timeout=2) for _ in range(n)]
    for message in got:
        message.ack()
    return [m.payload for m in got]


def test_the_site_publishes_through_the_reusing_transport():
    from config.celery import app

    with app.connection_for_write() as conn:
        assert isinstance(conn.default_channel, Channel)


def test_one_client_serves_every_publish_of_a_channel(private_redis):
    with Connection(private_redis.url, transport="config.broker:Transport") as conn:
        channel = conn.channel()
        assert isinstance(channel, Channel)
        queue = conn.SimpleQueue("sg-broker-reuse", channel=channel)
        with channel.conn_or_acquire() as first, channel.conn_or_acquire() as second:
            assert first is second
        for n in range(3):
            queue.put({"n": n})
        assert channel.publisher is first  # still the one client after three publishes
        assert _take(queue, 3) == [{"n": 0}, {"n": 1}, {"n": 2}]
        queue.close()


def test_publishing_goes_on_after_redis_restarts(private_redis):
    with Connection(private_redis.url, transport="config.broker:Transport") as conn:
        channel = conn.channel()
        queue = conn.SimpleQueue("sg-broker-restart", channel=channel)
        queue.put({"before": True})
        private_redis.kill()
        private_redis.start()  # same port; whether the first message survived is Redis' affair
        for attempt in range(20):  # the pool's dead connection fails once, then reconnects
            try:
                queue.put({"after": True})
                break
            except Exception:  # noqa: BLE001 - redis-py's ConnectionError through kombu
                assert attempt < 19
        waiting = redis.Redis.from_url(private_redis.url).llen("sg-broker-restart")
        assert _take(queue, waiting) in ([{"after": True}], [{"before": True}, {"after": True}])
        queue.close()


def test_forked_or_closed_pools_take_the_client_with_them(private_redis):
    with Connection(private_redis.url, transport="config.broker:Transport") as conn:
        channel = conn.channel()
        with channel.conn_or_acquire() as before:
            before.ping()
        channel._disconnect_pools()  # what kombu does after a fork and on closing
        with channel.conn_or_acquire() as after:
            assert after is not before
            assert after.connection_pool is channel.pool
            assert after.ping()


@pytest.mark.parametrize(
    ("url", "transport"),
    [
        ("redis://127.0.0.1:6379/0", "config.broker:Transport"),
        ("rediss://cache.example:6380/0", None),
    ],
)
def test_only_plain_redis_urls_get_the_transport(url, transport):
    """A rediss:// broker keeps kombu's own choice: naming a transport would drop its TLS default."""
    code = (
        "from django.conf import settings; "
        "print(getattr(settings, 'CELERY_BROKER_TRANSPORT', None))"
    )
    out = run_django(code, REDIS_URL=url, DEBUG="1")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(transport)
