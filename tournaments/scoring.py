"""What a finished tournament game is worth (see docs/tournaments.md).

Points come from the game's places, as the seeds' default leaderboard rule counts them (+3 for
every player you finish ahead of): here one tournament point for every seat (person or
computer) you finish ahead of, so the winner of a table of four earns 3, the last 0, and tied
places earn the same. A seat the computer finished for its person (``computer_finished``: they
left the game or were gone too long) earns nothing and ends a streak. In an arena, after two
wins in a row (first place), every further game's points count double until a game is not won
(lichess's streak). A person who played the game berserk (half the Bedenkzeit,
``games.clock.HALF_CLOCK`` on their seat) earns one bonus point more on a win, after the
doubling (lichess's berserk)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.clock import HALF_CLOCK
from leaderboards.points import computer_finished
from tournaments.models import Entry, GamePoints, Tournament, TournamentGame

#: wins in a row after which an arena's points count double
STREAK_FROM = 2
#: a berserk win's bonus point (added after the streak's doubling, as lichess)
BERSERK_BONUS = 1


def place_points(seat: Any, seats: list[Any]) -> int:
    """One point for every seat that finished behind ``seat``."""
    if seat.place is None:
        return 0
    return sum(1 for other in seats if other.place is not None and other.place > seat.place)


def book(match: Any, seats: list[Any]) -> TournamentGame | None:
    """Book a finished tournament match once (inside its finishing transaction): each entry's
    points, streak, games and wins; the entries are free again. ``None`` if the match is no
    tournament game or was booked already."""
    tgame = (
        TournamentGame.objects.select_for_update()
        .select_related("tournament")
        .filter(match_id=match.pk, booked=False)
        .first()
    )
    if tgame is None:
        return None
    tournament = tgame.tournament
    by_user = {s.user_id: s for s in seats if s.is_human and s.user_id is not None}
    entries = list(
        Entry.objects.select_for_update()
        .filter(tournament=tournament, user_id__in=list(by_user))
        .order_by("pk")
    )
    for entry in entries:
        seat = by_user[entry.user_id]
        computer = computer_finished(seat)
        won = seat.place == 1 and not computer
        points = 0 if computer else place_points(seat, seats)
        doubled = tournament.is_arena and entry.streak >= STREAK_FROM and points > 0
        if doubled:
            points *= 2
        berserk = tournament.is_arena and bool(seat.prefs.get(HALF_CLOCK))
        if berserk and won:
            points += BERSERK_BONUS
        entry.streak = entry.streak + 1 if won else 0
        entry.score += points
        entry.games += 1
        entry.wins += int(won)
        entry.place_sum += seat.place or len(seats)
        if entry.playing_id == match.pk:
            entry.playing = None
        entry.save(update_fields=["streak", "score", "games", "wins", "place_sum", "playing"])
        GamePoints.objects.create(
            game=tgame,
            entry=entry,
            place=seat.place,
            points=points,
            doubled=doubled,
            berserk=berserk,
            computer=computer,
        )
    tgame.booked = True
    tgame.save(update_fields=["booked"])
    return tgame


def release(match: Any) -> None:
    """An aborted tournament match books nothing; its people are free again."""
    Entry.objects.filter(playing_id=match.pk).update(playing=None)
    TournamentGame.objects.filter(match_id=match.pk).update(booked=True)


def after_commit(tournament: Tournament) -> None:
    """After the booking commits: the standings are pushed and the tournament's next pairing
    step runs (an arena seats the freed people; a Swiss round may be complete)."""
    from tournaments.push import standings_changed
    from tournaments.tasks import step_soon

    pk = tournament.pk
    transaction.on_commit(lambda: (standings_changed(pk), step_soon(pk)))
