"""Erfolge: a game's definition says what a finished game earned (``GameDef.achievements``: the
catalogue and the rule over the public log), this module stores each one once per person and
shows them ("Meine Partien", the end screen).

What only the site knows about a match (the Tagesbasar, a station of an extra page such as the
Händlerreise) reaches the rule as its context: the match's kind says it
(``MatchKind.achievement_context``)."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import ngettext

from games import registry
from games.definition import Achievements
from games.kinds import kind_of
from leaderboards.booking import counts_for
from leaderboards.models import Achievement


def achievements_of(game: str) -> Achievements | None:
    """The game's Erfolge (``None``: an unknown game or one without Erfolge)."""
    definition = registry.game(game)
    return definition.achievements if definition is not None else None


def book(match: Any, seats: list[Any]) -> list[Achievement]:
    """Store what each registered person earned in ``match`` (inside the finishing
    transaction; a repeat stores nothing twice)."""
    entry = achievements_of(match.game)
    log = ((match.result or {}).get("details") or {}).get("log")
    if entry is None or not log:
        return []
    kind = kind_of(match)
    new = []
    for seat in seats:
        if not counts_for(seat):
            continue
        # what only the site knows: the daily game, or a station of an extra page
        for key in entry.rule(log, seat.index, kind.achievement_context(match, seat)):
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
        .filter(match__status=Match.Status.FINISHED, match__game__in=_games_with_achievements())
        .select_related("match")
        .order_by("match__finished", "match_id")
    )
    new = []
    for seat in seats:
        seat.user, seat.guest = user, None  # as it is once moved (not saved here)
        new += book(seat.match, [seat])
    return new


def _games_with_achievements() -> list[str]:
    return [g.slug for g in registry.GAMES if g.achievements is not None]


def title(game: str, key: str) -> tuple[str, str]:
    entry = achievements_of(game)
    if entry is None:
        raise KeyError(game)
    return entry.catalogue.get(key, (key, ""))


def end_note(match: Any, seat: Any) -> str | None:
    """„Neuer Erfolg: …“ on the end screen of the match that earned it."""
    if seat.user_id is None or achievements_of(match.game) is None:
        return None
    keys = Achievement.objects.filter(match=match, user_id=seat.user_id).values_list(
        "key", flat=True
    )
    names = [title(match.game, k)[0] for k in keys]
    if not names:
        return None
    return ngettext("Neuer Erfolg: %(names)s.", "Neue Erfolge: %(names)s.", len(names)) % {
        "names": ", ".join(str(name) for name in names)
    }


def overview(user: Any) -> list[dict[str, Any]]:
    """Per game with Erfolge: every one, earned (with date and match) or still open."""
    earned = {(a.game, a.key): a for a in Achievement.objects.filter(user=user)}
    out = []
    for game in registry.GAMES:
        if game.achievements is None:
            continue
        for key, (name, asks) in game.achievements.catalogue.items():
            a = earned.get((game.slug, key))
            out.append(
                {
                    "game": game.slug,
                    "game_name": game.name,
                    "title": name,
                    "asks": asks,
                    "earned": a.earned if a else None,
                    "match_id": a.match_id if a else None,
                }
            )
    return out
