"""Sockets of the lobby page (open tables, live) and the table page (members, ready, start)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.http import QueryDict

from accounts.identity import player_from_scope
from games import sockets
from games.engines.base import get_engine
from games.registry import BY_SLUG
from lobby.listing import table_filter
from lobby.views import render_open_tables, render_table_panel


class _PresenceConsumer(sockets.OutageSafeConsumer):
    groups_to_join: list[str]
    player_key: str | None = None

    async def _join(self, groups: list[str], where: str) -> None:
        player = await database_sync_to_async(player_from_scope)(self.scope)
        self.player = player
        self.player_key = player.key if player else None
        self.joined = list(groups)
        if self.player_key:
            self.joined.append(f"user-{self.player_key}")
        if not await sockets.join_groups(self, self.joined, accepted=False):
            self.joined = []  # Redis is down: closed with a retry hint, the page reconnects
            return
        if player is not None:  # online as soon as the socket is open (before the accept)
            await self.go_online(player.key, player.name, where)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        joined = getattr(self, "joined", [])
        await sockets.leave_groups(self, joined)
        if self.player_key and joined:
            await self.go_offline()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The lobby and table sockets only push; actions there are plain htmx POSTs. Whatever a
        client sends is ignored (never parsed, so nothing can crash the socket)."""

    async def notify_invite(self, event: dict[str, Any]) -> None:
        """An invitation to a table: the toast comes rendered with the event (``services.invite``)."""
        await self.send(text_data=event["html"])


class LobbyConsumer(_PresenceConsumer):
    async def connect(self) -> None:
        self.game = self.scope["url_route"]["kwargs"]["game"]
        if self.game not in BY_SLUG:
            await self.close(code=4404)
            return
        # the page's filter of the open tables (its query string): the pushed list keeps it
        raw = self.scope.get("query_string", b"").decode("latin-1")
        self.filter = table_filter(get_engine(self.game), QueryDict(raw))
        await self._join([f"lobby-{self.game}"], f"lobby:{self.game}")

    async def lobby_update(self, event: dict[str, Any]) -> None:
        html = await database_sync_to_async(render_open_tables)(
            self.game, self.player, True, self.filter
        )
        await self.send(text_data=html)


class TableConsumer(_PresenceConsumer):
    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        await self._join([f"table-{self.table_id}"], f"table:{self.table_id}")

    async def table_update(self, event: dict[str, Any]) -> None:
        html = await database_sync_to_async(render_table_panel)(self.table_id, self.player, True)
        await self.send(text_data=html)
