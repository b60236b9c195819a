"""The kombu 5.7 bug behind "losing Redis kills the Celery worker", and our workaround."""

from __future__ import annotations

import pytest
from kombu import Connection

import config.celery  # noqa: F401 - applies the workaround


def _delivered_then_closed(url: str):
    conn = Connection(url)
    ch = conn.channel()
    q = conn.SimpleQueue("sg-kombu-restore", channel=ch)
    q.put({"x": 1})
    q.get(timeout=2)  # delivered, not acknowledged
    assert len(ch.qos._delivered) == 1
    # what happens on connection loss: the pools go, the connection drops its transport
    ch._disconnect_pools()
    conn._do_close_transport()
    return ch


def test_kombu_itself_raises_attributeerror_restoring_after_the_connection_closed(
    private_redis, monkeypatch
):
    from kombu.transport import redis as kombu_redis

    ch = _delivered_then_closed(private_redis.url)
    original = kombu_redis.QoS.restore_unacked.__closure__[0].cell_contents  # unpatched
    with pytest.raises(AttributeError, match="hostname"):
        original(ch.qos)
    ch.qos._on_collect.cancel()  # no second attempt from kombu's exit finalizer


def test_the_workaround_logs_and_leaves_the_message_for_redelivery(private_redis, caplog):
    import redis

    ch = _delivered_then_closed(private_redis.url)
    ch.qos.restore_unacked_once()  # no exception
    assert "could not restore 1 unacknowledged" in caplog.text
    # the message is still in Redis' unacked hash: restore_visible brings it back later
    r = redis.Redis.from_url(private_redis.url)
    assert r.hlen("unacked") == 1
