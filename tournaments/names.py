"""The names of the site's regular tournaments, in the current language."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from django.utils.translation import gettext as _

BERLIN = ZoneInfo("Europe/Berlin")


def scheduled_name(game_name: str, kind: str, start: datetime) -> str:
    """A regular tournament's name in the current language („Speedone-Arena 18 Uhr“), said in
    each reader's language (``Tournament.title``): the schedule stores no name."""
    if kind == "arena":
        return _("%(game)s-Arena %(hour)s Uhr") % {
            "game": game_name,
            "hour": f"{start.astimezone(BERLIN):%H}",
        }
    return _("%(game)s – Schweizer Turnier") % {"game": game_name}
