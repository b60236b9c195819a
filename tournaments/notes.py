"""The end screen of a tournament game: what it earned in the tournament and the way back to
the tournament page (the screen's one way on: the tournament seats its people itself)."""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rendering import EndNote
from tournaments.models import GamePoints, TournamentGame


def end_note(match: Any, seat: Any) -> EndNote | None:
    tgame = TournamentGame.objects.select_related("tournament").filter(match_id=match.pk).first()
    if tgame is None or not seat.is_human:
        return None
    t = tgame.tournament
    got = GamePoints.objects.filter(game=tgame, entry__user_id=seat.user_id).first()
    if got is None:
        said = _("Turnierpartie.")
    elif got.computer:
        said = _("Der Computer hat diese Partie für dich beendet – keine Turnierpunkte.")
    else:
        said = ngettext("+%(n)d Turnierpunkt.", "+%(n)d Turnierpunkte.", got.points) % {
            "n": got.points
        }
        if got.doubled:
            said += " " + _("Siegesserie: doppelt gezählt!")
        if got.berserk and got.place == 1:
            said += " " + _("Berserk: ein Punkt mehr!")
    url = t.get_absolute_url()
    if t.private:
        url += f"?einladung={t.invite}"
    return EndNote(
        format_html(
            '{} <a class="button small" id="back-to-tournament" href="{}">{}</a>',
            said,
            url,
            _("Zurück zum Turnier"),
        ),
        way_on=True,
    )
