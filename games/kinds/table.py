"""A table of people (and computers filling free seats)."""

from __future__ import annotations

from games.kinds.base import Away, MatchKind


class Table(MatchKind):
    name = "table"
    advice = False  # the helps exist only alone against the computer
    #: the others wait for nobody: a computer plays the seat after ``LEAVE_GRACE``
    away = Away.BOT
    #: „Jetzt live“ lists the running tables (anybody who may watch may watch a table)
    listed_live = True
