"""redis-py 8.1 turns every pub/sub message it reads into text for a debug line it then drops
(redis/redis-py#4230), and our workaround (``config.redis_fixes``)."""

from __future__ import annotations

import inspect
import logging
import uuid
from typing import Any

import pytest
from asgiref.sync import async_to_sync

from config import redis_fixes
from tests.reliability.siteproc import run_django


class Probe:
    """A pushed message that counts how often it is turned into text."""

    def __init__(self) -> None:
        self.texts = 0

    def __str__(self) -> str:
        self.texts += 1
        return "probe"

    __repr__ = __str__


def _call(handler: Any, response: Any) -> Any:
    if inspect.iscoroutinefunction(handler):
        return async_to_sync(handler)(None, response)
    return handler(None, response)


@pytest.fixture
def push_logger_level():
    log = logging.getLogger("push_response")
    before = log.level
    yield log.setLevel
    log.setLevel(before)


@pytest.mark.parametrize("parser", list(redis_fixes.ORIGINALS), ids=lambda c: c.__name__)
def test_redis_py_itself_stringifies_every_message_whatever_the_level(parser, push_logger_level):
    """When this fails, the pinned redis-py logs lazily: remove ``config.redis_fixes``."""
    push_logger_level(logging.WARNING)
    probe = Probe()
    assert _call(redis_fixes.ORIGINALS[parser], probe) is probe
    assert probe.texts == 1


@pytest.mark.parametrize("parser", list(redis_fixes.ORIGINALS), ids=lambda c: c.__name__)
def test_our_handler_writes_the_message_only_when_debug_logging_is_on(
    parser, push_logger_level, caplog
):
    probe = Probe()
    push_logger_level(logging.WARNING)
    assert _call(parser.handle_pubsub_push_response, probe) is probe
    assert probe.texts == 0
    push_logger_level(logging.DEBUG)
    with caplog.at_level(logging.DEBUG, logger="push_response"):
        _call(parser.handle_pubsub_push_response, probe)
    assert "Push response: probe" in caplog.messages  # the same line as redis-py's


#: what a web process does, as a script: the settings' channel layer subscribes, a message comes
#: in, and the handler its subscriber's parser calls is named
_SUBSCRIBER = """
import asyncio
from channels.layers import get_channel_layer

async def main():
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("push-fix-GROUP", channel)
    await layer.group_send("push-fix-GROUP", {"type": "x.y", "n": 1})
    assert (await asyncio.wait_for(layer.receive(channel), 10))["n"] == 1
    for shard in layer._get_layer()._shards:
        if shard._pubsub is not None and shard._pubsub.connection is not None:
            f = shard._pubsub.connection._parser.pubsub_push_handler_func.__func__
            print(f.__module__ + "." + f.__qualname__)
    await layer.group_discard("push-fix-GROUP", channel)

asyncio.run(main())
"""


def test_a_web_process_subscriber_reads_with_our_handler():
    """A fresh process with the site's settings (nothing imported by hand) on the real Redis:
    its subscriber's parser calls the lazy handler for each message it reads."""
    out = run_django(_SUBSCRIBER.replace("GROUP", uuid.uuid4().hex[:8]), DEBUG="1")
    assert out.returncode == 0, out.stderr
    handlers = out.stdout.split()
    assert handlers, "no subscriber connection found"
    assert set(handlers) == {"config.redis_fixes.ahandle_pubsub_push_response"}
