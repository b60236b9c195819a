"""A tournament's life: join, leave, pause; the pairing step (start, arena pairing, Swiss
rounds, the end) that the beat, a booking and a join all run; the standings.

Why nobody is seated twice, whatever runs at the same time (two beats, a booking's step): a
table is seated in a transaction that holds its people's rows (``FOR UPDATE``) and seats them
only if none has a ``playing`` match yet; seating sets ``playing`` in that transaction. The
tournament's session-level advisory lock (``seating.pairing_lock``; a second step skips or waits)
is held while a step plans and seats, so two steps never plan the same free people; an arena's
tables are seated one transaction each, so the first table starts without waiting for the
others."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import presence
from games.actions import ActionRejected
from games.models import Match
from games.registry import game as game_def
from leaderboards.models import Rating
from leaderboards.scale import SHOWN_START, shown
from tournaments import plans
from tournaments.models import Entry, GamePoints, Tournament, TournamentGame
from tournaments.seating import blocked_pairs, pairing_lock, seat

log = logging.getLogger("speedgames.tournaments")

#: a person whose pages were all closed longer than this is away (paused by the pairing)
PRESENT_GRACE = 30.0

#: who of these player keys is connected now (``None``: cannot tell, all count as connected)
Connected = Callable[[set[str]], "set[str] | None"]


def connected_now(keys: set[str]) -> set[str] | None:
    return presence.present(keys, PRESENT_GRACE)


def _rating(user: Any, game: str) -> int:
    row = Rating.objects.filter(user=user, game=game).first()
    return SHOWN_START if row is None else shown(row.ordinal)


def join(tournament: Tournament, user: Any, invite: str = "", berserk: bool | None = None) -> Entry:
    """Register (or come back after leaving). A private tournament needs its invite code.
    ``berserk``: the person's choice on joining an arena that offers it (``None``: unchanged)."""
    if user is None or not user.is_authenticated:
        raise ActionRejected(_("Turniere spielst du mit einem Konto – melde dich an."))
    if getattr(user, "is_bot", False):
        raise ActionRejected(_("Computer spielen nicht im Turnier mit."))
    tournament.refresh_from_db(fields=["status"])
    known = Entry.objects.filter(tournament=tournament, user=user).exists()
    if tournament.private and invite != tournament.invite and not known:
        raise ActionRejected(_("Dieses Turnier ist privat – du brauchst den Einladungslink."))
    if tournament.status == Tournament.Status.FINISHED:
        raise ActionRejected(_("Das Turnier ist schon vorbei."))
    swiss_running = not tournament.is_arena and tournament.status == Tournament.Status.RUNNING
    if swiss_running and not known:
        raise ActionRejected(
            _("Das Turnier im Schweizer System läuft schon – Anmeldung nur vor dem Beginn.")
        )
    entry, created = Entry.objects.get_or_create(
        tournament=tournament,
        user=user,
        defaults={"rating": _rating(user, tournament.game)},
    )
    if not created and (not entry.active or entry.paused):
        Entry.objects.filter(pk=entry.pk).update(active=True, paused=False)
        entry.refresh_from_db()
    if berserk is not None and tournament.offers_berserk and entry.berserk != berserk:
        entry = set_berserk(tournament, user, berserk) or entry
    log.info("tournament join t=%s user=%s", tournament.pk, user.pk)
    return entry


def leave(tournament: Tournament, user: Any) -> None:
    """„Turnier verlassen“: no further tables (a game being played goes on under the leaving
    rules; its points still count if the person plays it to the end). Before a Swiss
    tournament starts, the registration is withdrawn."""
    rows = Entry.objects.filter(tournament=tournament, user=user)
    if tournament.status == Tournament.Status.SCHEDULED:
        rows.filter(games=0).delete()
    rows.update(active=False)


def set_berserk(tournament: Tournament, user: Any, on: bool) -> Entry | None:
    """„Berserk“ on or off in an arena that offers it: the person's next games (not one
    running) start with half the Bedenkzeit of their own turns; a win earns a bonus point."""
    if not tournament.offers_berserk:
        found = game_def(tournament.game)
        raise ActionRejected(
            str(found.berserk_refusal)
            if found is not None and tournament.is_arena and found.berserk_refusal
            else _("Berserk gibt es nur in der Arena.")
        )
    Entry.objects.filter(tournament=tournament, user=user).update(berserk=on)
    return Entry.objects.filter(tournament=tournament, user=user).first()


def pause(tournament: Tournament, user: Any, paused: bool) -> None:
    """„Pause“ / „Weiter“ in an arena: a paused person is not paired."""
    Entry.objects.filter(tournament=tournament, user=user).update(paused=paused)


def step(
    tournament_id: int,
    *,
    now: datetime | None = None,
    wait: bool = False,
    connected: Connected = connected_now,
) -> list[Match]:
    """One pairing step of a tournament: start it at its time, seat an arena's free people, play
    a Swiss tournament's next round once the last one is booked, end it. Idempotent: two steps
    at once run one after the other (``wait``) or the second does nothing."""
    now = now or timezone.now()
    with pairing_lock(tournament_id, wait=wait) as got:
        return _step(tournament_id, now, connected) if got else []


def _step(tournament_id: int, now: datetime, connected: Connected) -> list[Match]:
    """``step`` under the pairing lock."""
    started: list[Match] = []
    groups: list[list[int]] = []
    with transaction.atomic():
        t = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if t is None or t.status == Tournament.Status.FINISHED:
            return []
        if t.status == Tournament.Status.SCHEDULED:
            if now < t.starts:
                return []
            t.status = Tournament.Status.RUNNING
            t.save(update_fields=["status"])
        if t.is_arena:
            if now < t.ends:
                groups = _plan_arena(t, connected)
            elif not TournamentGame.objects.filter(tournament=t, booked=False).exists():
                finish(t, now)
        else:
            started = _swiss_step(t, now)
    # each table in its own transaction (the first starts at once), still under the pairing
    # lock: a second step plans only after these are seated
    for group in groups:
        match = _seat_if_free(t, group)
        if match is not None:
            started.append(match)
    if groups:
        log.info("tournament arena t=%s tables=%s of %s", t.pk, len(started), len(groups))
    return started


def _plan_arena(t: Tournament, connected: Connected) -> list[list[int]]:
    """The arena's tables for now (entry ids, in seat order): the free people, the away ones
    marked (and those back unmarked)."""
    entries = list(
        Entry.objects.select_for_update(skip_locked=True, of=("self",))
        .filter(tournament=t, active=True, paused=False, playing__isnull=True)
        .select_related("user")
    )
    if not entries:
        return []
    here = connected({f"u{e.user_id}" for e in entries})
    gone = [e for e in entries if here is not None and f"u{e.user_id}" not in here]
    back = [e.pk for e in entries if e.away and e not in gone]
    newly_gone = [e.pk for e in gone if not e.away]
    if newly_gone:
        Entry.objects.filter(pk__in=newly_gone).update(away=True)
    if back:
        Entry.objects.filter(pk__in=back).update(away=False)
    free = [e for e in entries if e not in gone]
    blocks = blocked_pairs({e.user_id for e in free})
    return [[e.pk for e in group] for group in plans.arena(free, t.table_size, blocks)]


def _seat_if_free(t: Tournament, group: list[int]) -> Match | None:
    """Seat one planned table, if all of its people are still free (the row locks decide: a
    step planned meanwhile, a pause or a leave makes the table wait for the next step)."""
    with transaction.atomic():
        rows = {
            e.pk: e
            for e in Entry.objects.select_for_update()
            .filter(pk__in=group, active=True, paused=False, playing__isnull=True)
            .select_related("user")
            .order_by("pk")
        }
        if len(rows) != len(group):
            return None
        return seat(t, [rows[pk] for pk in group])


def _swiss_step(t: Tournament, now: datetime) -> list[Match]:
    if TournamentGame.objects.filter(tournament=t, round=t.round, booked=False).exists():
        return []  # the round is still being played
    if t.round >= t.rounds:
        finish(t, now)
        return []
    entries = list(
        Entry.objects.select_for_update()
        .filter(tournament=t, active=True)
        .select_related("user")
        .order_by("pk")
    )
    if t.round == 0 and len(entries) < 2:
        finish(t, now)  # nobody to play with: it ends without games
        return []
    if not entries:
        finish(t, now)
        return []
    t.round += 1
    t.save(update_fields=["round"])
    met = meetings(t)
    blocks = blocked_pairs({e.user_id for e in entries})
    groups = plans.swiss(entries, t.table_size, met, blocks)
    log.info("tournament swiss t=%s round=%s tables=%s", t.pk, t.round, len(groups))
    return [seat(t, group, t.round) for group in groups]


def meetings(t: Tournament) -> Counter[tuple[int, int]]:
    """How often each pair of people sat at one table of the tournament (both ways round)."""
    tables: dict[int, list[int]] = {}
    for game_id, user_id in GamePoints.objects.filter(game__tournament=t).values_list(
        "game_id", "entry__user_id"
    ):
        tables.setdefault(game_id, []).append(user_id)
    met: Counter[tuple[int, int]] = Counter()
    for users in tables.values():
        for a in users:
            for b in users:
                if a != b:
                    met[(a, b)] += 1
    return met


def buchholz(t: Tournament) -> dict[int, int]:
    """Entry id → the sum, over the entry's games, of the final scores of the other people at
    the table (computers count nothing)."""
    scores = dict(Entry.objects.filter(tournament=t).values_list("pk", "score"))
    tables: dict[int, list[int]] = {}
    for game_id, entry_id in GamePoints.objects.filter(game__tournament=t).values_list(
        "game_id", "entry_id"
    ):
        tables.setdefault(game_id, []).append(entry_id)
    out: dict[int, int] = dict.fromkeys(scores, 0)
    for entry_ids in tables.values():
        for e in entry_ids:
            out[e] += sum(scores[o] for o in entry_ids if o != e)
    return out


def standing_key(t: Tournament, entry: Entry) -> tuple[Any, ...]:
    """The order of the standings (docs/tournaments.md): points; then in a Swiss tournament the
    Buchholz sum, in an arena the wins; then the average place (lower first), the Wertung."""
    average = entry.place_sum / entry.games if entry.games else 99.0
    second = entry.buchholz if not t.is_arena else entry.wins
    return (-entry.score, -second, average, -entry.rating, entry.pk)


def standings(t: Tournament) -> list[Entry]:
    """Everyone registered, in the standings' order (left ones too: their points stay)."""
    entries = list(Entry.objects.filter(tournament=t).select_related("user"))
    if t.status == Tournament.Status.FINISHED:
        return sorted(entries, key=lambda e: (e.rank or 10**6, e.pk))
    if not t.is_arena:
        for entry, value in _live_buchholz(t, entries):
            entry.buchholz = value
    return sorted(entries, key=lambda e: standing_key(t, e))


def _live_buchholz(t: Tournament, entries: list[Entry]) -> list[tuple[Entry, int]]:
    values = buchholz(t)
    return [(e, values.get(e.pk, 0)) for e in entries]


def finish(t: Tournament, now: datetime) -> None:
    """The end: tie-breaks written, final ranks given, nobody playing any more."""
    values = buchholz(t)
    entries = list(Entry.objects.select_for_update().filter(tournament=t))
    for entry in entries:
        entry.buchholz = values.get(entry.pk, 0)
    ranked = [e for e in entries if e.games] + [e for e in entries if not e.games]
    ranked.sort(key=lambda e: (not e.games, *standing_key(t, e)))
    for rank, entry in enumerate(ranked, start=1):
        entry.rank = rank
        entry.playing = None
        entry.save(update_fields=["buchholz", "rank", "playing"])
    t.status = Tournament.Status.FINISHED
    t.ended = now
    t.save(update_fields=["status", "ended"])
    log.info("tournament finished t=%s entries=%s", t.pk, len(entries))


def due(now: datetime | None = None) -> list[int]:
    """The tournaments a beat's step should look at: started or starting, not finished."""
    now = now or timezone.now()
    return list(
        Tournament.objects.filter(
            Q(status=Tournament.Status.RUNNING)
            | Q(status=Tournament.Status.SCHEDULED, starts__lte=now)
        ).values_list("pk", flat=True)
    )
