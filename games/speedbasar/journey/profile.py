"""„Meine Partien → Kampagne“: the person's Händlerreise (a ``register_profile_provider``
provider, registered by the app's ``ready()``)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.identity import Player
from accounts.models import User
from games.speedbasar.journey.stations import STATIONS, current_station, overview


def campaign(user: User) -> dict[str, list[Any]]:
    """One entry for the Händlerreise once the person tried a station: how many stations are
    passed (which ones) and where the journey goes on."""
    stations = overview(Player(user=user))
    if not any(s["tried"] or s["state"] == "passed" for s in stations):
        return {}
    passed = [s["station"] for s in stations if s["state"] == "passed"]
    text = ngettext(
        "%(n)d von %(total)d Stationen geschafft",
        "%(n)d von %(total)d Stationen geschafft",
        len(passed),
    ) % {"n": len(passed), "total": len(STATIONS)}
    if passed:
        text += " (" + ", ".join(str(s.city) for s in passed) + ")"
    following = current_station(Player(user=user))
    if following is None:
        goes_on = _("Die Reise ist bis Samarkand geschafft.")
    else:
        goes_on = _("Nächste Station: %(number)d. %(city)s – %(rule)s") % {
            "number": following.number,
            "city": following.city,
            "rule": following.rule_title,
        }
    return {
        "campaign": [
            {
                "title": _("Händlerreise (Speedbasar)"),
                "url": reverse("journey:map"),
                "text": text + ".",
                "next": goes_on,
                "passed": len(passed),
                "total": len(STATIONS),
            }
        ]
    }
