"""Booking finished matches onto the leaderboard (and voiding a booking).

``book_match`` runs from the ``games.signals.match_finished`` receiver inside the finishing
transaction: if that transaction rolls back, so does the booking; if it is sent twice for a match,
the second time books nothing (unique (match, user) and an existence check).

This module is the one writer of ``Seat.leaderboard_points`` (what the end screen shows a seat is
worth: the booked points, or nothing for a bot, a guest's game or a practice replay; a seat the
computer finished after its person left is worth its leaving penalty alone, or nothing without one;
``void_match`` clears them); the finishing code writes places, scores and payouts only.

A game whose points are earned per round (Speedone, ``GameDef.round_points``) is booked as each
round ends (``book_round``, from ``games.signals.round_finished`` inside the move's transaction):
every registered person who played the round themselves gets its points on their one entry of the
match at once, so points already earned stay when the person leaves later (the computer's rounds
are never booked to them). The end (``book_match``) adds the leaving penalty and the place; an
aborted match takes its round bookings back (``unbook_aborted``: nothing is booked for it).
"""

from __future__ import annotations

import logging
from datetime import date, datetime
from functools import lru_cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, F, Sum
from django.utils import timezone
from django.utils.translation import gettext

from games import registry
from games.kinds import kind_of
from leaderboards.calendar import BERLIN
from leaderboards.models import ALL_TIME, LeaderboardEntry, LeaderboardTotal
from leaderboards.points import computer_finished, seat_points

log = logging.getLogger("speedgames.leaderboards")


def month_of(moment: datetime | None = None) -> date:
    """The first day of the Berlin month of ``moment`` (default: now)."""
    local = (moment or timezone.now()).astimezone(BERLIN)
    return date(local.year, local.month, 1)


def period_of(month: date) -> str:
    return f"{month:%Y-%m}"


def registered(seat: Any) -> bool:
    """A registered human's seat: never a guest, never a bot (bots are users with ``is_bot``)."""
    return bool(
        seat.is_human
        and seat.user_id is not None
        and seat.guest_id is None
        and not getattr(seat.user, "is_bot", False)
    )


def counts_for(seat: Any) -> bool:
    """Registered humans who played their seat to the end themselves: points (with the seed's
    leaving penalty for a seat taken back after leaving), rating, personal bests and Erfolge."""
    return registered(seat) and not computer_finished(seat)


def book_match(match: Any, seats: list[Any]) -> list[LeaderboardEntry]:
    """Book every registered human seat of a finished match once. Returns the new entries."""
    result = match.result or {}
    if not result.get("counts_for_leaderboard", False) or any(s.is_guest for s in seats):
        return []
    if not kind_of(match).counts_for_leaderboard(match):
        # a replay of a day's deal (practice): the deal is known, it books nothing
        _show_points(seats, {s.pk: None for s in seats})
        return []
    if registry.get(match.game).round_points is not None:
        return _book_rounds_end(match, seats)
    if LeaderboardEntry.objects.filter(match=match).exists():
        return []
    month = month_of(match.finished)
    booked = []
    # the end screen shows what each person's seat is worth under these rules; bots get none, a
    # seat the computer finished only its leaving penalty (nothing at all without one)
    worth = {s.pk: seat_points(match, s, seats, result) for s in seats}
    _show_points(seats, {s.pk: worth[s.pk][0] if _books(s, worth[s.pk]) else None for s in seats})
    for seat in seats:
        if not _books(seat, worth[seat.pk]):
            continue
        points, penalty = worth[seat.pk]
        try:
            with transaction.atomic():
                entry = _new_entry(match, seat, points, month, penalty=penalty, place=seat.place)
        except IntegrityError:
            continue  # booked already (a repeated signal)
        booked.append(entry)
    if booked:
        log.info("leaderboard booked match=%s entries=%s", match.pk, len(booked))
    return booked


def books_rounds(match: Any, seats: list[Any]) -> bool:
    """Whether the rounds of this match are booked: no guest at the table, and a day's deal only
    in its counted attempt (the daily game's rule)."""
    if any(s.is_guest for s in seats):
        return False
    from leaderboards.daily import counts_for_leaderboard as daily_counts

    return daily_counts(match)


def round_worth(seat: Any, points: list[int]) -> int | None:
    """What one finished round books for ``seat``: its points for a registered person who played
    it themselves, nothing (``None``) for a bot, a guest or a seat the computer played."""
    return points[seat.index] if counts_for(seat) else None


def book_round(match: Any, seats: list[Any], points: list[int]) -> list[LeaderboardEntry]:
    """Book one finished round of a game with per-round points (``round_finished``): each person
    who played the round themselves gets its points at once, on their entry of the match (made
    with the first round). Returns the entries changed."""
    if not books_rounds(match, seats):
        return []
    _load_users(seats)
    changed = []
    for seat in seats:
        value = round_worth(seat, points)
        if value is None:
            continue
        entry = LeaderboardEntry.objects.filter(match=match, user_id=seat.user_id).first()
        if entry is None:
            entry = _new_entry(match, seat, value, month_of())
        else:
            entry.points += value
            entry.save(update_fields=["points"])
            _add_to_totals(entry.user_id, entry.game, entry.month, value, 0)
        changed.append(entry)
    if changed:
        log.info("leaderboard round booked match=%s entries=%s", match.pk, len(changed))
    return changed


def _load_users(seats: list[Any]) -> None:
    """The human seats' accounts (``registered`` asks whether one is a bot) in one query where
    the seats came without them – a round is booked from the move's snapshot of the seats."""
    missing = [
        s for s in seats if s.is_human and s.user_id is not None and not type(s).user.is_cached(s)
    ]
    if not missing:
        return
    users = get_user_model().objects.in_bulk([s.user_id for s in missing])
    for seat in missing:
        if seat.user_id in users:
            seat.user = users[seat.user_id]


def _new_entry(match: Any, seat: Any, points: int, month: date, **fields: Any) -> LeaderboardEntry:
    """A new entry of ``seat``'s person for ``match`` worth ``points``, counted in the totals as
    one game more."""
    entry = LeaderboardEntry.objects.create(
        match=match,
        user_id=seat.user_id,
        game=kind_of(match).board(match),  # a Fernpartie: its own board per game
        points=points,
        month=month,
        players=match.players,
        **fields,
    )
    _add_to_totals(entry.user_id, entry.game, entry.month, points, 1)
    return entry


def _book_rounds_end(match: Any, seats: list[Any]) -> list[LeaderboardEntry]:
    """The end of a match booked per round. A person who played their seat to the end is worth
    what the whole match is worth (``GameDef.points``, every round) plus a leaving penalty, as in
    every game; a seat the computer finished keeps the rounds its person played (booked as they
    ended) plus the penalty. Each entry gets the difference and the place. Once: an entry with a
    place means the end was booked."""
    entries = {e.user_id: e for e in LeaderboardEntry.objects.filter(match=match)}
    if any(e.place is not None for e in entries.values()):
        return []
    game = registry.get(match.game)
    result = match.result or {}
    booked = []
    shown: dict[int, int | None] = {}
    for seat in seats:
        entry = entries.get(seat.user_id) if registered(seat) else None
        penalty = game.leave_penalty(match, seat, seats) if registered(seat) else 0
        if entry is None and not (registered(seat) and (counts_for(seat) or penalty)):
            shown[seat.pk] = None
            continue
        rounds = entry.points if entry is not None else 0
        points = (game.points(result, seat.index) if counts_for(seat) else rounds) + penalty
        if entry is None:
            entry = _new_entry(
                match, seat, points, month_of(match.finished), penalty=penalty, place=seat.place
            )
        else:
            entry.points = points
            entry.penalty = penalty
            entry.place = seat.place
            entry.players = match.players
            entry.save(update_fields=["points", "penalty", "place", "players"])
            if points != rounds:
                _add_to_totals(entry.user_id, entry.game, entry.month, points - rounds, 0)
        shown[seat.pk] = entry.points
        booked.append(entry)
    _show_points(seats, shown)
    if booked:
        log.info("leaderboard booked match=%s entries=%s", match.pk, len(booked))
    return booked


def unbook_aborted(match: Any) -> int:
    """Take back the rounds booked of a match the staff aborted (nothing is booked for an
    aborted match). Returns the number of entries removed."""
    removed = 0
    for entry in LeaderboardEntry.objects.select_for_update().filter(
        match=match, voided_at__isnull=True
    ):
        _add_to_totals(entry.user_id, entry.game, entry.month, -entry.points, -1)
        entry.delete()
        removed += 1
    if removed:
        log.info("leaderboard rounds taken back match=%s entries=%s", match.pk, removed)
    return removed


def _books(seat: Any, worth: tuple[int, int]) -> bool:
    """Whether the seat gets an entry: a person who played to the end, or one who left the
    computer to finish and owes a leaving penalty (the penalty alone is booked)."""
    return counts_for(seat) or (registered(seat) and worth[1] != 0)


def _show_points(seats: list[Any], points: dict[int, int | None]) -> None:
    """Write each seat's ``leaderboard_points`` (only where it differs: a new seat has none)."""
    for seat in seats:
        value = points[seat.pk]
        if seat.leaderboard_points != value:
            seat.leaderboard_points = value
            type(seat).objects.filter(pk=seat.pk).update(leaderboard_points=value)


def _add_to_totals(user_id: int, game: str, month: date, points: int, games: int) -> None:
    """Add to the person's month and all-time totals of ``game`` in one statement, each row made
    where it is missing (an upsert: two bookings at once both count). Taking a game back
    (``games`` < 0: voiding) changes rows that exist; the upsert's new row would be refused."""
    if games < 0:
        LeaderboardTotal.objects.filter(
            user_id=user_id, game=game, period__in=(period_of(month), ALL_TIME)
        ).update(points=F("points") + points, games=F("games") + games)
        return
    with connection.cursor() as cursor:
        cursor.execute(
            _totals_sql(),
            [user_id, game, period_of(month), points, games]
            + [user_id, game, ALL_TIME, points, games],
        )


@lru_cache(maxsize=1)
def _totals_sql() -> str:
    q = connection.ops.quote_name
    table = q(LeaderboardTotal._meta.db_table)
    user, game, period, points, games = (
        q(LeaderboardTotal._meta.get_field(name).column)
        for name in ("user", "game", "period", "points", "games")
    )
    return (
        f"INSERT INTO {table} ({user}, {game}, {period}, {points}, {games})"
        " VALUES (%s, %s, %s, %s, %s), (%s, %s, %s, %s, %s)"
        f" ON CONFLICT ({game}, {period}, {user}) DO UPDATE SET"
        f" {points} = {table}.{points} + excluded.{points},"
        f" {games} = {table}.{games} + excluded.{games}"
    )


def void_match(match_id: int, reason: str, by: Any = None) -> int:
    """Staff: void every booking of a match (points and the game reversed, reason recorded).
    Returns the number of entries voided (0 when already voided)."""
    reason = (reason or "").strip()
    if not reason:
        raise ValueError(gettext("Bitte einen Grund angeben."))
    voided = 0
    with transaction.atomic():
        entries = LeaderboardEntry.objects.select_for_update().filter(
            match_id=match_id, voided_at__isnull=True
        )
        for entry in entries:
            _add_to_totals(entry.user_id, entry.game, entry.month, -entry.points, -1)
            entry.voided_points = entry.points
            entry.points = 0
            entry.voided_at = timezone.now()
            entry.voided_by = by if getattr(by, "pk", None) else None
            entry.void_reason = reason
            entry.save(
                update_fields=["voided_points", "points", "voided_at", "voided_by", "void_reason"]
            )
            voided += 1
        if voided:
            from games.models import Seat

            Seat.objects.filter(match_id=match_id).update(leaderboard_points=None)
    log.info("leaderboard void match=%s entries=%s", match_id, voided)
    return voided


def rebuild_totals() -> int:
    """Recompute every total from the ledger (repair and benchmark setup). Returns rows written."""
    rows: dict[tuple[int, str, str], list[int]] = {}
    live = LeaderboardEntry.objects.filter(voided_at__isnull=True)
    for r in live.values("user_id", "game", "month").annotate(p=Sum("points"), n=Count("id")):
        for period in (period_of(r["month"]), ALL_TIME):
            acc = rows.setdefault((r["user_id"], r["game"], period), [0, 0])
            acc[0] += r["p"]
            acc[1] += r["n"]
    with transaction.atomic():
        LeaderboardTotal.objects.all().delete()
        LeaderboardTotal.objects.bulk_create(
            [
                LeaderboardTotal(user_id=u, game=g, period=p, points=v[0], games=v[1])
                for (u, g, p), v in rows.items()
            ],
            batch_size=2000,
        )
    return len(rows)
