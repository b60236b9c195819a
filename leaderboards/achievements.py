"""Erfolge: the engine decides what a finished game earned (Speedbasar's ``achievements``), this
module stores each one once per person and shows them ("Meine Partien", the end screen)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q

from games.speedbasar.engine import ACHIEVEMENTS as BASAR
from games.speedbasar.engine import achievements as basar_achievements
from leaderboards import daily
from leaderboards.booking import counts_for
from leaderboards.models import Achievement
from lobby import journey

Rule = Callable[[Sequence[dict[str, Any]], int, dict[str, Any]], list[str]]

#: per game: the catalogue (key -> (title, what it asks for)) and the rule over the public log
CATALOGUE: dict[str, tuple[dict[str, tuple[str, str]], Rule]] = {
    "speedbasar": (BASAR, basar_achievements),
}


def book(match: Any, seats: list[Any]) -> list[Achievement]:
    """Store what each registered person earned in ``match`` (inside the finishing
    transaction; a repeat stores nothing twice)."""
    entry = CATALOGUE.get(match.game)
    log = ((match.result or {}).get("details") or {}).get("log")
    if entry is None or not log:
        return []
    _titles, rule = entry
    tagesbasar = daily.is_daily(match)
    new = []
    for seat in seats:
        if not counts_for(seat):
            continue
        # what only the site knows: the Tagesbasar, or a station of the Händlerreise
        context = {"mode": "tagesbasar"} if tagesbasar else journey.achievement_context(match, seat)
        for key in rule(log, seat.index, context):
            try:
                with transaction.atomic():
                    new.append(
                        Achievement.objects.create(
                            user_id=seat.user_id, game=match.game, key=key, match=match
                        )
                    )
            except IntegrityError:
                continue  # earned before: once each
    return new


def book_claimed(guest: Any, user: Any) -> list[Achievement]:
    """A guest registered: the Erfolge their finished games earned go to the new account (a
    guest earns none while a guest). The guest's seats move to the account in the same signal;
    either side of that move is found, so the order of the receivers does not matter."""
    from games.models import Match, Seat

    seats = (
        Seat.objects.filter(Q(guest=guest) | Q(user=user))
        .filter(match__status=Match.Status.FINISHED, match__game__in=list(CATALOGUE))
        .select_related("match")
        .order_by("match__finished", "match_id")
    )
    new = []
    for seat in seats:
        seat.user, seat.guest = user, None  # as it is once moved (not saved here)
        new += book(seat.match, [seat])
    return new


def title(game: str, key: str) -> tuple[str, str]:
    titles, _rule = CATALOGUE[game]
    return titles.get(key, (key, ""))


def end_note(match: Any, seat: Any) -> str | None:
    """„Neuer Erfolg: …“ on the end screen of the match that earned it."""
    if seat.user_id is None or match.game not in CATALOGUE:
        return None
    keys = Achievement.objects.filter(match=match, user_id=seat.user_id).values_list(
        "key", flat=True
    )
    names = [title(match.game, k)[0] for k in keys]
    if not names:
        return None
    return ("Neuer Erfolg: " if len(names) == 1 else "Neue Erfolge: ") + ", ".join(names) + "."


def overview(user: Any) -> list[dict[str, Any]]:
    """Per game with Erfolge: every one, earned (with date and match) or still open."""
    earned = {(a.game, a.key): a for a in Achievement.objects.filter(user=user)}
    out = []
    for game, (titles, _rule) in CATALOGUE.items():
        for key, (name, asks) in titles.items():
            a = earned.get((game, key))
            out.append(
                {
                    "game": game,
                    "title": name,
                    "asks": asks,
                    "earned": a.earned if a else None,
                    "match_id": a.match_id if a else None,
                }
            )
    return out
