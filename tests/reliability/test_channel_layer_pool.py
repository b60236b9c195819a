"""The channel layer under many sockets of one process: redis-py 8 caps an asyncio connection
pool at 100 and then raises ``MaxConnectionsError`` instead of waiting. The core layer (now
dropped) took a pool connection per operation, so 200 tables on one web process closed sockets
with 1011. The settings raise the cap; this test runs 300 concurrent group operations on a
layer built from them against the real Redis (with the old cap the core layer fails it)."""

from __future__ import annotations

import asyncio
import uuid
from importlib import import_module

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings

CONCURRENT = 300


@pytest.mark.parametrize(
    "backend",
    ["channels_redis.core.RedisChannelLayer", "channels_redis.pubsub.RedisPubSubChannelLayer"],
)
def test_hundreds_of_concurrent_group_operations_on_one_layer(backend):
    module, name = backend.rsplit(".", 1)
    layer = getattr(import_module(module), name)(**settings.CHANNEL_LAYERS["default"]["CONFIG"])
    tag = uuid.uuid4().hex[:8]

    async def scenario() -> int:
        channels = [await layer.new_channel() for _ in range(CONCURRENT)]
        groups = [f"pool-{tag}-{i % 50}" for i in range(CONCURRENT)]
        await asyncio.gather(
            *(layer.group_add(g, c) for g, c in zip(groups, channels, strict=True))
        )
        await asyncio.gather(
            *(layer.group_send(g, {"type": "x.y", "n": i}) for i, g in enumerate(groups))
        )
        got = await asyncio.gather(*(asyncio.wait_for(layer.receive(c), 10) for c in channels[:20]))
        await asyncio.gather(
            *(layer.group_discard(g, c) for g, c in zip(groups, channels, strict=True))
        )
        if hasattr(layer, "close_pools"):
            await layer.close_pools()
        return len(got)

    assert async_to_sync(scenario)() == 20
