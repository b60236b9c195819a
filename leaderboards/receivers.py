"""Book every finished match (``games.signals.match_finished``, inside its transaction), each
finished round of a game with per-round points (``round_finished``), take back an aborted match's
rounds (``match_aborted``), and a
claimed guest's Erfolge and deals of the day (``accounts.identity.guest_claimed``)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from accounts.identity import guest_claimed
from games.kinds import kind_of
from games.signals import match_aborted, match_finished, round_finished
from leaderboards import achievements, daily
from leaderboards.booking import book_match, book_round, unbook_aborted
from leaderboards.rating import rate_match


@receiver(match_finished, dispatch_uid="leaderboards.book_match")
def book_finished_match(sender: Any, match: Any, seats: list[Any], **kwargs: Any) -> None:
    booked = book_match(match, seats)  # booked now (not a repeat, a guest's or practice game)
    if booked and kind_of(match).counts_for_rating:
        rate_match(match, seats)
    achievements.book(match, seats)  # Erfolge count in practice games too, once each


@receiver(round_finished, dispatch_uid="leaderboards.book_round")
def book_finished_round(
    sender: Any, match: Any, seats: list[Any], points: list[int], **kw: Any
) -> None:
    """A round of a game with per-round points is booked when it ends (Speedone)."""
    book_round(match, seats, points)


@receiver(match_aborted, dispatch_uid="leaderboards.unbook_aborted")
def unbook_aborted_match(sender: Any, match: Any, seats: list[Any], **kwargs: Any) -> None:
    """An aborted match books nothing: rounds booked already are taken back."""
    unbook_aborted(match)


@receiver(guest_claimed, dispatch_uid="leaderboards.claim_achievements")
def book_claimed_achievements(sender: Any, guest: Any, user: Any, **kwargs: Any) -> None:
    """A guest who registers keeps the Erfolge of their finished games (Weltreisender too)."""
    achievements.book_claimed(guest, user)


@receiver(guest_claimed, dispatch_uid="leaderboards.claim_daily_deals")
def claim_daily_deals(sender: Any, guest: Any, user: Any, **kwargs: Any) -> None:
    """A deal of today the guest has played is the new account's attempt (seen is seen)."""
    daily.claim_guest_deals(guest, user)
