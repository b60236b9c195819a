"""A game of a tournament (an arena's table or a Swiss round's table; app ``tournaments``).

It is a table of people (computers fill a Swiss round's byes and score nothing) with the table's
fair away rule (the computer plays the seat after ``LEAVE_GRACE``; what it played earns no
tournament points). There is no „Nochmal“: the tournament seats its people again itself. The end
screen's first line is the tournament's own note (``"tournament"``, worded by the app: the
points booked and the way back to the tournament page)."""

from __future__ import annotations

from games.kinds.table import Table


class TournamentGame(Table):
    name = "tournament"
    again = False
    end_notes = ("tournament", "achievements")
    listed_live = True
