"""The lobby follows the games through signals (``games`` imports nothing of the lobby)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from accounts.identity import guest_claimed
from games.signals import match_aborted, match_finished
from lobby.models import Member


@receiver(match_finished)
@receiver(match_aborted)
def reopen_table(sender: Any, match: Any, **kwargs: Any) -> None:
    if match.table_id:
        from lobby.services import match_finished as table_match_finished

        table_match_finished(match)


@receiver(guest_claimed)
def move_guest_members(sender: Any, guest: Any, user: Any, **kwargs: Any) -> None:
    """A guest who registers keeps their table places."""
    Member.objects.filter(guest=guest).update(user=user, guest=None)
