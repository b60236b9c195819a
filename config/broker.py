"""The Celery broker transport: kombu's Redis transport with one publishing client per channel.

kombu's Redis channel builds a new ``redis.Redis`` client for every message it publishes
(``Channel.conn_or_acquire`` without a client): the client's constructor fills a table of some
170 response callbacks, about 40 % of the channel's cost of a ``send_task`` (measured with
cProfile: 164 of 372 µs in ``Channel._put``). Every move of a table with a clock or a bot sends
one (bot turns, Speedbasar's doubt windows, move timers), from the web processes' database
threads. The clients all share the channel's connection pool, so reusing one client per channel
changes nothing about connections, reconnects or health checks; ``redis.Redis`` is thread-safe.

Selected by ``CELERY_BROKER_TRANSPORT`` (config.settings) for ``redis://`` broker URLs.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property
from typing import Any

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    @cached_property
    def publisher(self) -> Any:
        """The channel's client for everything but its blocking reads (``client``)."""
        return self._create_client()

    def _disconnect_pools(self) -> None:
        """After a fork or on closing, kombu drops the pools; the client goes with them."""
        self.__dict__.pop("publisher", None)
        super()._disconnect_pools()

    @contextmanager
    def conn_or_acquire(self, client: Any = None) -> Iterator[Any]:
        yield client or self.publisher


class Transport(kombu_redis.Transport):
    Channel = Channel
