"""Work around redis-py 8.1 stringifying every pub/sub message it reads.

redis-py's parsers hand each pub/sub message to ``handle_pubsub_push_response``, which logs it
with ``logger.debug("Push response: " + str(response))``: the concatenation runs before
``debug`` checks the level, so every message read is turned into its ``repr`` and thrown away,
whatever the logging configuration (redis/redis-py#4230, fixed in #4231 after 8.1.0). Every
move's push reaches each web process as one such message – all seats' boards, 20–60 KB of
msgpack – and writing it out as escaped text cost 3.6–4.4 % of a web process's CPU at 200 busy
tables (py-spy, issue 28).

The handlers below log lazily (the same line at DEBUG). They replace the parsers' own before any
connection exists: ``config`` imports this module, and a parser binds the handler when it is
built. Remove it when the pinned redis-py logs lazily itself
(``tests/reliability/test_redis_push_workaround.py`` tells: its first test then fails)."""

from __future__ import annotations

import logging
from typing import Any

from redis._parsers import hiredis, resp3

_log = logging.getLogger("push_response")  # redis-py's logger name

_SYNC = (hiredis._HiredisParser, resp3._RESP3Parser)
_ASYNC = (hiredis._AsyncHiredisParser, resp3._AsyncRESP3Parser)
#: redis-py's own handlers, per parser class (for the test that shows the bug is still there)
ORIGINALS: dict[type, Any] = {}


def handle_pubsub_push_response(self: Any, response: Any) -> Any:
    if _log.isEnabledFor(logging.DEBUG):
        _log.debug("Push response: %s", response)
    return response


async def ahandle_pubsub_push_response(self: Any, response: Any) -> Any:
    return handle_pubsub_push_response(self, response)


def _patch() -> None:
    for classes, handler in (
        (_SYNC, handle_pubsub_push_response),
        (_ASYNC, ahandle_pubsub_push_response),
    ):
        for cls in classes:
            ORIGINALS.setdefault(cls, cls.handle_pubsub_push_response)
            cls.handle_pubsub_push_response = handler  # type: ignore[method-assign]


_patch()
