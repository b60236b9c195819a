"""The tournament page's socket: it only listens (standings pushed by ``tournaments.push``);
an open page also keeps its person present, so an arena pairs them (``services.PRESENT_GRACE``)."""

from __future__ import annotations

from lobby.consumers import _PresenceConsumer
from tournaments.push import group


class TournamentConsumer(_PresenceConsumer):
    async def connect(self) -> None:
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        await self._join([group(self.tournament_id)], f"tournament:{self.tournament_id}")
