"""What every socket of the site shares when Redis, which carries the pushes, is gone.

A socket subscribes to its own channel and joins its groups on the channel layer (Redis). While
Redis is down that fails: instead of an exception in the ASGI application (the handshake answered
with HTTP 500, a traceback in the log) the socket is accepted, told in German that the
connection is disturbed, and closed with 1013 „Try Again Later“ – the page's socket extension
reconnects with a growing pause, and the first handshake after Redis is back succeeds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy

from accounts.language import scope_language
from accounts.presence import mark_offline, mark_online
from games.rendering import flash_html

log = logging.getLogger("speedgames.ws")

#: the close code that tells the page to try again later (htmx's ws extension reconnects on it)
TRY_AGAIN_LATER = 1013
#: what a page shows when its socket could not join its groups
RETRY_HINT = gettext_lazy(
    "Verbindung zum Server gestört – die Seite verbindet sich gleich von selbst wieder."
)


async def join_groups(consumer: Any, groups: list[str], *, accepted: bool) -> bool:
    """Join ``groups``; on a channel-layer failure accept (unless ``accepted``), send the German
    hint and close with ``TRY_AGAIN_LATER``. Returns whether the socket may go on."""
    try:
        for group in groups:
            await consumer.channel_layer.group_add(group, consumer.channel_name)
    except Exception as exc:  # noqa: BLE001 - Redis down or unreachable: a clean close, no 500
        log.warning("socket handshake without the channel layer (%s): closing with 1013", exc)
        await leave_groups(consumer, groups)
        if not accepted:
            await consumer.accept()
        try:
            await consumer.send(text_data=flash_html(RETRY_HINT, oob=True))
        except Exception as exc:  # noqa: BLE001 - the client left meanwhile
            log.debug("retry hint not sent: %s", exc)
        await consumer.close(code=TRY_AGAIN_LATER, reason="Redis unavailable, try again")
        return False
    return True


async def leave_groups(consumer: Any, groups: Iterable[str]) -> None:
    """Leave ``groups``; a channel layer that is down is no reason for a traceback (its
    subscriptions went with it)."""
    for group in groups:
        try:
            await consumer.channel_layer.group_discard(group, consumer.channel_name)
        except Exception as exc:  # noqa: BLE001 - see above
            log.debug("group_discard %s failed: %s", group, exc)


class OutageSafeConsumer(AsyncJsonWebsocketConsumer):
    """A consumer whose handshake survives a channel layer that is down. Channels subscribes the
    consumer's own channel before it reads the handshake; when that fails the handshake is
    answered here: accepted, the German hint, closed with ``TRY_AGAIN_LATER``."""

    #: the socket's person (``Player.key``), set by the consumer at connect
    player_key: str | None = None
    #: the socket's language (``accounts.language.scope_language``)
    language: str = settings.LANGUAGE_CODE
    #: the key this socket holds online (``go_online``), until ``go_offline`` lets it go
    online_key: str | None = None

    async def go_online(self, key: str, name: str, where: str = "") -> None:
        """Count this socket's person as online (``accounts.presence``) until the socket ends.
        The task's end lets go in any case (``__call__``), so a socket whose handler raised or
        whose task the server cancelled never keeps its person online."""
        if self.online_key is not None:
            return
        self.online_key = key
        await mark_online(key, name, where)

    async def go_offline(self) -> None:
        """Let go of the person's presence (once; later calls do nothing)."""
        key, self.online_key = self.online_key, None
        if key is not None:
            await mark_offline(key)

    async def chat_message(self, event: dict[str, Any]) -> None:
        """A chat line (``lobby.chat``, rendered once by the sender): sent on only to the room's
        people (``to``) who did not mute its author and have no block with them (``skip``)."""
        key = self.player_key
        if not key or key not in event.get("to", ()) or key in event.get("skip", ()):
            return
        try:
            await self.send(text_data=event.get("languages", {}).get(self.language, event["html"]))
        except Exception as exc:  # noqa: BLE001 - the client left meanwhile
            log.debug("chat line not sent: %s", exc)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        # The socket's language, set once in its task's context: every database hop carries it
        # into its thread. Without it each ``gettext``/``get_language`` of a board (about ten
        # per move) took asgiref's slow path – an AttributeError per look-up under a lock that all
        # threads of the process share – to end at the same LANGUAGE_CODE.
        # Its person's language (issue 46: the account's choice, the cookie, Accept-Language):
        # what the socket renders itself (a refusal, a repaired or spectated board) is in it.
        self.language = scope_language(scope)
        translation.activate(self.language)
        try:
            await self._serve(scope, receive, send)
        finally:
            # disconnect() lets go too; this covers a handler that raised and a cancelled task
            # (daphne cancels an application that outlives its socket by ten seconds)
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.shield(self.go_offline())

    async def _serve(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        except Exception as exc:
            if hasattr(self, "channel_receive"):
                raise  # the channel existed: not a failed subscription, Channels' own error
            log.warning("socket handshake without the channel layer (%s): closing with 1013", exc)
            if (await receive())["type"] != "websocket.connect":
                return
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.send", "text": str(flash_html(RETRY_HINT, oob=True))})
            await send({"type": "websocket.close", "code": TRY_AGAIN_LATER})
