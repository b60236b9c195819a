"""A station of the Händlerreise as a match kind: a solo game with a goal and its own way on."""

from __future__ import annotations

from typing import Any

from games.kinds.solo import Solo
from games.speedbasar.journey import stations


class Station(Solo):
    name = stations.KIND
    #: the station's outcome („Weiter nach …“ / „Nochmal versuchen“) first, then new Erfolge;
    #: no personal best, and the map, not „Nochmal“, starts the next attempt
    end_notes = ("own", "achievements")
    counts_for_bests = False
    again = False

    def own_note(self, match: Any, seat: Any) -> Any:
        return stations.end_note(match, seat)

    def achievement_context(self, match: Any, seat: Any) -> dict[str, Any]:
        return stations.achievement_context(match, seat)  # Weltreisender in Samarkand
