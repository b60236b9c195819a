"""A plain game alone against the computer."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.kinds.base import Away, MatchKind


class Solo(MatchKind):
    name = "solo"
    chat = False
    chat_refusal = _("Gegen den Computer gibt es keinen Chat.")
    end_notes = ("again", "best", "achievements")
    counts_for_bests = True
    #: nobody else is kept waiting: the game waits for its person, days if need be
    away = Away.WAIT
