"""Signals other apps listen to, so that ``games`` imports none of them.

``match_finished`` is sent inside the transaction that finishes a match, after the seats carry
their places, scores, leaderboard points and payouts: receivers (the lobby reopens the table, the
leaderboards book the points) run in that same transaction.
"""

from __future__ import annotations

from typing import Any

from django.dispatch import Signal, receiver

from accounts.identity import guest_claimed
from games.models import Seat

#: sent by ``services._finish`` inside the finishing transaction, after the seats are saved:
#: ``match_finished.send(sender=Match, match=match, seats=seats)``
match_finished = Signal()


@receiver(guest_claimed)
def move_guest_seats(sender: Any, guest: Any, user: Any, **kwargs: Any) -> None:
    """A guest who registers keeps their games: their seats move to the account."""
    Seat.objects.filter(guest=guest).update(user=user, guest=None)
