"""Tournament games follow their matches through the games' signals: a finished match is
booked in its finishing transaction, an aborted one frees its people."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games.kinds import TOURNAMENT
from games.signals import match_aborted, match_finished
from lobby.models import Table
from tournaments import scoring


def _close_table(match: Any) -> None:
    """A tournament's table is never reopened for a rematch (the lobby reopened it)."""
    if match.table_id:
        Table.objects.filter(pk=match.table_id).update(status=Table.Status.CLOSED)


@receiver(match_finished, dispatch_uid="tournaments.book")
def book_tournament_game(sender: Any, match: Any, seats: list[Any], **kwargs: Any) -> None:
    if match.kind != TOURNAMENT.name:
        return
    _close_table(match)
    tgame = scoring.book(match, seats)
    if tgame is not None:
        scoring.after_commit(tgame.tournament)


@receiver(match_aborted, dispatch_uid="tournaments.release")
def release_tournament_game(sender: Any, match: Any, **kwargs: Any) -> None:
    if match.kind != TOURNAMENT.name:
        return
    _close_table(match)
    scoring.release(match)
