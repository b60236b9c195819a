"""Seating a tournament table: one match of kind ``tournament`` per group of entries, started
through the lobby's ``launch`` (the one start path), inside the caller's transaction."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DatabaseError, connection
from django.db.models import Q

from accounts.identity import Player
from accounts.models import Block
from games.clock import HALF_CLOCK
from games.kinds import TOURNAMENT
from games.models import Match
from lobby.models import Member, Table
from lobby.services import apply_settings, launch
from tournaments.models import Entry, Tournament, TournamentGame

#: the advisory lock namespace of a tournament's pairing step (one step per tournament at once)
PAIRING_SPACE = 4545
#: the computers that fill a Swiss round's byes (they score nothing)
BYE_STRENGTH = "normal"


@contextmanager
def pairing_lock(tournament_id: int, *, wait: bool) -> Iterator[bool]:
    """A session-level advisory lock on the tournament's pairing (PostgreSQL; elsewhere the row
    locks alone keep the pairing right), held while a step plans and seats its tables, so a
    second step never plans people the first has planned but not seated yet. ``wait=False``:
    yields ``False`` if another step holds it. Released at the end (a killed process's
    connection releases it with the session)."""
    if connection.vendor != "postgresql":
        yield True
        return
    key = zlib.crc32(f"tournament:{tournament_id}".encode()) & 0x7FFFFFFF
    with connection.cursor() as cursor:
        if wait:
            cursor.execute("SELECT pg_advisory_lock(%s, %s)", [PAIRING_SPACE, key])
            got = True
        else:
            cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [PAIRING_SPACE, key])
            got = bool(cursor.fetchone()[0])
    try:
        yield got
    finally:
        if got:
            try:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [PAIRING_SPACE, key])
            except DatabaseError:  # an aborted transaction around the step: the session's
                connection.close()  # locks end with the connection, no step is kept waiting


def blocked_pairs(user_ids: set[int]) -> set[tuple[int, int]]:
    """Every blocked pair among ``user_ids``, both ways round (one query)."""
    if len(user_ids) < 2:
        return set()
    rows = Block.objects.filter(
        Q(blocker_id__in=user_ids) & Q(blocked_id__in=user_ids)
    ).values_list("blocker_id", "blocked_id")
    return {(a, b) for a, b in rows} | {(b, a) for a, b in rows}


def seat(tournament: Tournament, group: list[Entry], round_no: int = 0) -> Match:
    """Start a match of the tournament's game for ``group`` (computers fill the seats up to the
    table size: a Swiss bye), record it and mark the entries as playing it. Whoever chose
    berserk in an arena that offers it plays on half the Bedenkzeit (``games.clock``)."""
    people = [Player(user=e.user) for e in group]
    table = Table(game=tournament.game, solo=False)
    apply_settings(
        table,
        {
            "seats": tournament.table_size,
            "options": {},
            "stake": 0,
            "move_seconds": tournament.move_seconds,
            "bot_strength": BYE_STRENGTH,
            "bot_tempo": "normal",
            "fill_with_bots": True,
        },
        people[0],
    )
    table.save()
    members = [
        Member.objects.create(table=table, user=p.user, is_opener=i == 0)
        for i, p in enumerate(people)
    ]
    prefs = {e.user_id: {HALF_CLOCK: True} for e in group if e.berserk}
    match = launch(
        table, members, kind=TOURNAMENT.name, prefs=prefs if tournament.offers_berserk else None
    )
    TournamentGame.objects.create(tournament=tournament, match=match, round=round_no)
    Entry.objects.filter(pk__in=[e.pk for e in group]).update(playing=match)
    for entry in group:
        entry.playing = match
    return match
