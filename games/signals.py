"""The signals of a match, so that ``games`` imports none of the apps that follow it and the write
path (``games.actions``) imports nothing that renders.

- ``match_changed`` is sent after the commit of every change to a match (the start, a move, a
  timeout, a bot's turn, a seat changing hands): "match M is at version v", with the seats, the
  engine state and the move's public events. ``games.broadcast`` receives it, renders each seat's
  board and publishes it; the write path itself renders nothing.
- ``match_finished`` is sent inside the transaction that finishes a match, after the seats carry
  their places, scores and payouts: receivers (the lobby reopens the table, the leaderboards book
  the points and write each seat's ``leaderboard_points``) run in that same transaction.
- ``round_finished`` is sent inside the transaction of a move that finished a round of a game
  whose points are earned per round (``GameDef.round_points``), before a finishing move's
  ``match_finished``: the leaderboards book that round at once.
- ``match_aborted`` is sent inside the transaction in which the staff aborted a match; nothing is
  booked for it (the lobby reopens the table).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.dispatch import Signal, receiver

from accounts.identity import guest_claimed
from games.models import Seat

log = logging.getLogger("speedgames.games")


class Listeners:
    """A plain listener list for the hot path: Django's ``Signal`` costs about 8 µs a send (its
    receiver bookkeeping, weak references, the sync/async split) and this is sent on every move.
    Listeners are connected once at start-up (``GamesConfig.ready``); a failing one is logged and
    the others still run (the change is committed already)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.listeners: list[Callable[..., None]] = []

    def connect(self, listener: Callable[..., None]) -> None:
        if listener not in self.listeners:
            self.listeners.append(listener)

    def disconnect(self, listener: Callable[..., None]) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    def send(self, **kwargs: Any) -> None:
        for listener in self.listeners:
            try:
                listener(**kwargs)
            except Exception:
                match = kwargs.get("match")
                log.exception(
                    "%s listener %s failed match=%s version=%s",
                    self.name,
                    getattr(listener, "__qualname__", listener),
                    getattr(match, "pk", None),
                    getattr(match, "version", None),
                )


#: sent by ``games.actions.common.schedule`` after the commit (the optimistic path: right after
#: its one write): ``match_changed.send(match=match, seats=seats, state=state, events=events)`` –
#: ``match`` at its new version, ``seats`` with it, ``state`` the engine's state object,
#: ``events`` the move's public events (empty when a seat changed hands or the match started)
match_changed = Listeners("match_changed")

#: sent by ``games.actions.finish.finish_match`` inside the finishing transaction, after the seats
#: are saved: ``match_finished.send(sender=Match, match=match, seats=seats)``
match_finished = Signal()

#: sent inside the move's transaction (``games.actions.moves``: on the locked path by ``apply_move``,
#: on the optimistic path after the move's conditional write) when the move finished a round whose
#: points are booked per round:
#: ``round_finished.send(sender=Match, match=match, seats=seats, points=[per seat])``
round_finished = Signal()

#: sent by ``games.actions.abort.abort_match`` inside the transaction in which the staff aborted a
#: running match (stakes refunded, nothing booked):
#: ``match_aborted.send(sender=Match, match=match, seats=seats)`` – the lobby reopens the table
match_aborted = Signal()


@receiver(guest_claimed)
def move_guest_seats(sender: Any, guest: Any, user: Any, **kwargs: Any) -> None:
    """A guest who registers keeps their games: their seats move to the account."""
    Seat.objects.filter(guest=guest).update(user=user, guest=None)


def keep_seat_languages(
    sender: Any, user: Any = None, guest: Any = None, language: str = "", **kwargs: Any
) -> None:
    """A person's language changed (``accounts.language.language_changed``): the seats of their
    running matches push their boards in it from the next move on."""
    from games.models import Match, Seat

    seats = Seat.objects.filter(match__status=Match.Status.RUNNING)
    if user is not None:
        seats.filter(user=user).update(language=language)
    elif guest is not None:
        seats.filter(guest=guest, user__isnull=True).update(language=language)
