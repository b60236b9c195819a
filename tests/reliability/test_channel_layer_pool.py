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
    [
        "channels_redis.core.RedisChannelLayer",
        "channels_redis.pubsub.RedisPubSubChannelLayer",
        settings.CHANNEL_LAYERS["default"]["BACKEND"],
    ],
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


def test_the_sockets_of_one_group_message_share_one_decoding():
    """The site's layer (``config.channel_layer``) on the real Redis: three sockets of a group
    get the same message, decoded once, each with its own top level; the next message is
    decoded anew."""
    from config.channel_layer import PubSubChannelLayer

    layer = PubSubChannelLayer(**settings.CHANNEL_LAYERS["default"]["CONFIG"])
    group = f"decode-{uuid.uuid4().hex[:8]}"
    decoded = []
    serializer = layer._serializer
    plain = serializer.deserialize

    def counting(message: bytes):
        decoded.append(message)
        return plain(message)

    serializer.deserialize = counting

    async def scenario() -> list[list[dict]]:
        channels = [await layer.new_channel() for _ in range(3)]
        for c in channels:
            await layer.group_add(group, c)
        rounds = []
        for n in (1, 2):
            boards = {str(i): f"<div>board {n} of seat {i}</div>" for i in range(3)}
            await layer.group_send(group, {"type": "match.boards", "version": n, "boards": boards})
            rounds.append(
                await asyncio.gather(*(asyncio.wait_for(layer.receive(c), 10) for c in channels))
            )
        for c in channels:
            await layer.group_discard(group, c)
        await layer.flush()
        return rounds

    rounds = async_to_sync(scenario)()
    assert len(decoded) == 2  # one decoding per message, not per socket
    for n, got in enumerate(rounds, start=1):
        assert [m["version"] for m in got] == [n, n, n]
        assert got[0]["boards"]["2"] == f"<div>board {n} of seat 2</div>"
        assert got[0] is not got[1] and got[1] is not got[2]
    rounds[0][0]["version"] = 99  # one socket's copy changed: the others keep theirs
    assert rounds[0][1]["version"] == 1
