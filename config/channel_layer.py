"""The channel layer: channels_redis's pub/sub layer, decoding a group message once per process.

A move's push is one message to the table's group with every seat's board (20–60 KB of
msgpack). Redis hands it to each web process once, and channels_redis puts the same bytes into
the queue of every socket of that group in the process; each socket's ``receive`` then decoded
the whole message again (2.6 % of a web process at 200 busy Speedbasar tables, py-spy, issue 28:
three seats, each with every seat's board). Here the sockets of one message share one decoding.

Each receiver gets its own copy of the message's top level; what is nested in it (the boards'
dict) is shared, and the consumers only read it (``games.consumers``).

Selected by ``CHANNEL_LAYERS`` (config.settings).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer

#: decoded messages kept per process: the sockets of one message read it within a few loop turns,
#: while messages for other groups may come in between
MEMO_SIZE = 64


class PubSubChannelLayer(RedisPubSubChannelLayer):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._decoded: OrderedDict[int, tuple[bytes, dict[str, Any]]] = OrderedDict()

    def deserialize(self, message: bytes) -> dict[str, Any]:
        key = id(message)
        hit = self._decoded.get(key)
        if hit is not None and hit[0] is message:  # the very bytes object (ids are reused)
            return dict(hit[1])
        decoded = super().deserialize(message)
        self._decoded[key] = (message, decoded)  # keeps ``message`` alive: its id stays unique
        if len(self._decoded) > MEMO_SIZE:
            self._decoded.popitem(last=False)
        return dict(decoded)
