"""A guest who registers keeps their games: their seats and table places move to the account."""

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
    Seat.objects.filter(guest=guest).update(user=user, guest=None)
    from lobby.models import Member

    Member.objects.filter(guest=guest).update(user=user, guest=None)
