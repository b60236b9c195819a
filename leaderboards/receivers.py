"""Book every finished match (``games.signals.match_finished``, inside its transaction)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games.signals import match_finished
from leaderboards import achievements
from leaderboards.booking import book_match
from leaderboards.rating import rate_match


@receiver(match_finished, dispatch_uid="leaderboards.book_match")
def book_finished_match(sender: Any, match: Any, seats: list[Any], **kwargs: Any) -> None:
    if book_match(match, seats):  # booked now (not a repeat, not a guest's or practice game)
        rate_match(match, seats)
    achievements.book(match, seats)  # Erfolge count in practice games too, once each
