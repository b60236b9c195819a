"""The daily game (Tagesspiel) as a match kind: the day's deal alone against the computer."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from games.kinds.solo import Solo
from leaderboards import daily
from leaderboards.models import DailyAttempt
from leaderboards.views import lobby_daily_box

#: match id -> whether it is a counted attempt (``Daily.counts_for_leaderboard``)
_COUNTED: dict[int, bool] = {}


class Daily(Solo):
    name = daily.KIND
    advice = False
    advice_refusal = _("Im Tagesspiel gibt es keinen Rat.")
    chat_refusal = _("Im Tagesspiel gibt es keinen Chat.")
    #: „Nochmal“ would deal the day's deal again; the day's list has no personal best
    end_notes = ("achievements",)
    counts_for_bests = False
    again = False
    #: alone against the computer, so it waits for its person like any solo game: a computer
    #: finishing the seat would lose the day's only counted attempt (``counts_for``), and a
    #: paused game gives nothing away that an unhurried one does not (solo games have no
    #: Bedenkzeit); an attempt counts on its deal's day list whenever it ends
    # away = Away.WAIT (from Solo)

    def counts_for_leaderboard(self, match: Any) -> bool:
        """Only the counted (first) attempt books points; practice books nothing. Remembered
        per match: every board asks it (``games.rendering.booked_seats``), and whether a match
        is the counted attempt never changes once it runs."""
        known = _COUNTED.get(match.pk)
        if known is None:
            known = DailyAttempt.objects.filter(match_id=match.pk).exists()
            if len(_COUNTED) > 50_000:
                _COUNTED.clear()
            _COUNTED[match.pk] = known
        return known

    def watch_refusal(self, match: Any, player: Any) -> Any:
        """Today's deal stays unseen until one has played it (``daily.watch_blocked``)."""
        return daily.watch_blocked(match, player)

    def lobby_panel(self, request: Any, game: Any) -> str:
        return lobby_daily_box(request, game)

    def achievement_context(self, match: Any, seat: Any) -> dict[str, Any]:
        return {"mode": "tagesbasar"}
