"""Schnellspiel: the pool of people waiting for a game, and the pairing that seats them.

The pool is the table ``pairing_seek`` in PostgreSQL, so every web process, worker and node sees
the same pool. Why nobody lands in two matches, whatever runs at the same time:

- a person has at most one waiting row (the partial unique index ``seek_one_waiting``);
- only the pairing turns a waiting row into a matched one, and it does so on rows it has locked
  (``SELECT … FOR UPDATE SKIP LOCKED``), in the transaction that starts the match;
- „Abbrechen“, the heartbeat and the expiry change a row only ``WHERE status = 'waiting'``: they
  wait for a pairing holding the row and then find it matched (or the pairing skips the row
  they hold, and it stays in the pool for the next round).

One pairing per pool (game and Bedenkzeit) runs at a time (a transaction-level advisory lock),
so two pairings never split a pool between them; correctness does not depend on it.

The pairing runs in the request that presses „Schnellspiel“ (waits for the pool's lock), in the
waiting page's heartbeat (only if no other pairing of the pool runs) and in the beat task
``pairing.tasks.sweep`` every two seconds (widening ranges, bot fill, expiry)."""

from __future__ import annotations

import logging
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, connection, transaction
from django.db.models import Avg, Count, Q
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from redis.exceptions import RedisError

from accounts.bots import BOT_NAMES
from accounts.identity import Player
from accounts.language import language_of_key
from accounts.models import Block
from games.actions import ActionRejected
from games.engines.base import get_engine
from games.models import Match
from leaderboards.models import Rating
from leaderboards.scale import SHOWN_START, provisional, shown
from lobby.models import MOVE_SECONDS_CHOICES, Member, Table
from lobby.services import _notify, apply_settings, launch
from pairing.models import Seek

log = logging.getLogger("speedgames.pairing")

#: at first only people within ± this many rating points are paired …
BASE_RANGE = 100
#: … and the range grows by this much per second of waiting
WIDEN_PER_SECOND = 10
#: „nach 30 s mit Computern auffüllen“
BOT_FILL_AFTER = 30
#: the waiting page says it is still open this often …
HEARTBEAT_SECONDS = 2
#: … and a row not seen for this long leaves the pool (a closed page)
EXPIRE_AFTER = 8
#: ended rows are kept this long (a press in a second tab finds the match of the first)
KEEP = timedelta(days=1)
#: how many of the closest-rated people the pairing considers around the longest waiting one
CANDIDATES = 64
#: the Bedenkzeit presets of the tables
TEMPI = tuple(seconds for seconds, _label in MOVE_SECONDS_CHOICES)
DEFAULT_TEMPO = 60
#: namespaces of the advisory locks: one pairing per pool, one press per person
POOL_SPACE = 4242
PERSON_SPACE = 4243


@dataclass(frozen=True)
class Paired:
    """A match the pairing started: who is in it."""

    match_id: int
    seek_ids: tuple[int, ...]
    bots: int


def rating_of(player: Player, game: str) -> tuple[int, bool]:
    """The displayed Wertung of ``player`` in ``game`` and whether it is provisional (guests and
    people without a rated game start at 1500, provisional)."""
    if player.user is None:
        return SHOWN_START, True
    row = Rating.objects.filter(user=player.user, game=game).first()
    if row is None:
        return SHOWN_START, True
    return shown(row.ordinal), provisional(row.sigma)


def check_choice(game: str, players: int, move_seconds: int) -> None:
    """A German ``ActionRejected`` for a player count or Bedenkzeit the game has not."""
    engine = get_engine(game)
    if players and not engine.min_players <= players <= engine.max_players:
        raise ActionRejected(
            _("%(game)s spielt man zu %(lo)d bis %(hi)d.")
            % {"game": engine.name, "lo": engine.min_players, "hi": engine.max_players}
        )
    if move_seconds not in TEMPI:
        raise ActionRejected(_("Diese Bedenkzeit gibt es nicht."))


def press(
    player: Player,
    game: str,
    players: int = 0,
    move_seconds: int = DEFAULT_TEMPO,
    *,
    fill_bots: bool = False,
    allow_guests: bool = True,
    partner: Seek | None = None,
) -> Seek:
    """„Schnellspiel“: the person joins the pool (leaving a pool they waited in before) and the
    pool is paired at once. Returns the person's row, matched if a match started."""
    check_choice(game, players, move_seconds)
    rating, unsure = rating_of(player, game)
    with transaction.atomic():
        _lock(PERSON_SPACE, player.key, wait=True)  # one press of a person at a time
        mine = list(
            Seek.objects.select_for_update()
            .filter(player_key=player.key, status__in=(Seek.Status.WAITING, Seek.Status.MATCHED))
            .filter(Q(ended__isnull=True) | Q(ended__gte=timezone.now() - KEEP))
        )
        playing = _still_playing(player, [s for s in mine if s.status == Seek.Status.MATCHED])
        if playing is not None:
            return playing  # paired a moment ago (a second tab, a double click): that match
        Seek.objects.filter(pk__in=[s.pk for s in mine if s.status == Seek.Status.WAITING]).update(
            status=Seek.Status.CANCELLED, ended=timezone.now()
        )
        try:
            with transaction.atomic():
                seek = Seek.objects.create(
                    game=game,
                    move_seconds=move_seconds,
                    players=players,
                    user=player.user,
                    guest=player.guest,
                    player_key=player.key,
                    name=player.name,
                    rating=rating,
                    provisional=unsure,
                    allow_guests=allow_guests,
                    fill_bots=fill_bots,
                    partner=partner,
                )
        except IntegrityError:  # only without PostgreSQL's lock above (SQLite)
            return Seek.objects.get(player_key=player.key, status=Seek.Status.WAITING)
    log.info("pairing press seek=%s game=%s tempo=%s", seek.pk, game, move_seconds)
    pair_pool(game, move_seconds)
    _lobby_changed(game)
    seek.refresh_from_db()
    return seek


def accept(player: Player, seek_id: int) -> Seek:
    """„Annehmen“ in the lobby's seek list: join that person's pool with their player count,
    paired with them first (whatever the ratings)."""
    target = Seek.objects.filter(pk=seek_id, status=Seek.Status.WAITING).first()
    if target is None:
        raise ActionRejected(_("Diese Suche ist schon vorbei – jemand anderes war schneller."))
    if target.player_key == player.key:
        raise ActionRejected(_("Das ist deine eigene Suche."))
    if not _compatible_people(target, player):
        raise ActionRejected(_("Mit dieser Person kannst du nicht spielen."))
    return press(
        player,
        target.game,
        target.players,
        target.move_seconds,
        fill_bots=False,
        allow_guests=True,
        partner=target,
    )


def _compatible_people(seek: Seek, player: Player) -> bool:
    if player.is_guest and not seek.allow_guests:
        return False
    if seek.is_guest and player.user is None:
        return True
    if player.user is not None and seek.user_id is not None:
        return not Block.objects.filter(
            Q(blocker_id=seek.user_id, blocked_id=player.user.pk)
            | Q(blocker_id=player.user.pk, blocked_id=seek.user_id)
        ).exists()
    return True


def cancel(player: Player, seek_id: int | None = None) -> Match | None:
    """„Abbrechen“ (or the page closed): the person's waiting row leaves the pool. If a pairing
    was quicker, the row is matched: its match is returned (the page goes there)."""
    rows = Seek.objects.filter(player_key=player.key)
    if seek_id is not None:
        rows = rows.filter(pk=seek_id)
    waiting = rows.filter(status=Seek.Status.WAITING)
    games = set(waiting.values_list("game", flat=True))
    if waiting.update(status=Seek.Status.CANCELLED, ended=timezone.now()):
        for game in games:
            _lobby_changed(game)
        return None
    return matched_match(player, seek_id)


def matched_match(player: Player, seek_id: int | None = None) -> Match | None:
    """The running match a recent pairing put the person in (``seek_id``: of that row)."""
    rows = Seek.objects.filter(player_key=player.key, status=Seek.Status.MATCHED)
    if seek_id is not None:
        rows = rows.filter(pk=seek_id)
    else:
        rows = rows.filter(ended__gte=timezone.now() - timedelta(minutes=2))
    seek = rows.select_related("match").order_by("-ended").first()
    if seek is None or seek.match is None or seek.match.status != Match.Status.RUNNING:
        return None
    return seek.match


def heartbeat(player: Player, seek_id: int) -> Seek | None:
    """The waiting page is still open: the row stays in the pool, the pool is paired again if no
    other pairing of it runs (the ranges have grown). ``None``: no such row of this person."""
    seek = Seek.objects.filter(pk=seek_id, player_key=player.key).first()
    if seek is None:
        return None
    if seek.status == Seek.Status.WAITING:
        Seek.objects.filter(pk=seek.pk, status=Seek.Status.WAITING).update(seen=timezone.now())
        if _first_this_second(f"pairing:pool:{seek.game}:{seek.move_seconds}"):
            pair_pool(seek.game, seek.move_seconds, wait=False)
        seek.refresh_from_db()
    return seek


def _first_this_second(key: str) -> bool:
    """Whether this is the first call for ``key`` in the last second (a Redis flag): the
    heartbeats of a full pool pair it about once a second, not once per waiting page. Without
    Redis: no (the beat task pairs)."""
    try:
        return bool(cache.add(key, 1, 1))
    except RedisError:
        return False


def waiting_count(game: str) -> int:
    """How many people look for a game of ``game`` now (every Bedenkzeit)."""
    fresh = timezone.now() - timedelta(seconds=EXPIRE_AFTER)
    return Seek.objects.filter(game=game, status=Seek.Status.WAITING, seen__gte=fresh).count()


def open_seeks(game: str, viewer: Player | None, limit: int = 30) -> list[Seek]:
    """The lobby's seek list: who waits in ``game`` now, best-fitting first, without the viewer's
    own row and without those the viewer may not play with (blocks either way, guests where the
    person does not allow them)."""
    fresh = timezone.now() - timedelta(seconds=EXPIRE_AFTER)
    rows = Seek.objects.filter(game=game, status=Seek.Status.WAITING, seen__gte=fresh)
    if viewer is not None:
        rows = rows.exclude(player_key=viewer.key)
        if viewer.is_guest:
            rows = rows.filter(allow_guests=True)
        if viewer.user is not None:
            blocked = Block.objects.filter(
                Q(blocker_id=viewer.user.pk) | Q(blocked_id=viewer.user.pk)
            ).values_list("blocker_id", "blocked_id")
            others = {b if a == viewer.user.pk else a for a, b in blocked}
            if others:
                rows = rows.exclude(user_id__in=others)
    return list(rows.order_by("created", "id")[:limit])


def range_of(seek: Seek, now: datetime) -> float:
    """The rating distance ``seek`` accepts after waiting until ``now``."""
    waited = max(0.0, (now - seek.created).total_seconds())
    return BASE_RANGE + WIDEN_PER_SECOND * waited


def _blocks(seeks: Iterable[Seek]) -> set[tuple[int, int]]:
    ids = {s.user_id for s in seeks if s.user_id is not None}
    if len(ids) < 2:
        return set()
    pairs = Block.objects.filter(blocker_id__in=ids, blocked_id__in=ids).values_list(
        "blocker_id", "blocked_id"
    )
    return {(a, b) for a, b in pairs} | {(b, a) for a, b in pairs}


def compatible(a: Seek, b: Seek, now: datetime, blocks: set[tuple[int, int]]) -> bool:
    """Whether ``a`` and ``b`` may sit at one table: not the same person, no block either way,
    a guest only with someone who allows guests, and ratings within both ranges (unless one
    accepted the other's seek)."""
    if a.player_key == b.player_key:
        return False
    if a.user_id is not None and b.user_id is not None and (a.user_id, b.user_id) in blocks:
        return False
    if (a.is_guest and not b.allow_guests) or (b.is_guest and not a.allow_guests):
        return False
    if a.partner_id == b.pk or b.partner_id == a.pk:
        return True
    return abs(a.rating - b.rating) <= min(range_of(a, now), range_of(b, now))


def _fits(seek: Seek, size: int) -> bool:
    return seek.players in (0, size)


def _grow(
    anchor: Seek, size: int, candidates: list[Seek], now: datetime, blocks: set[tuple[int, int]]
) -> list[Seek]:
    """The anchor plus the closest-rated candidates that fit with everyone chosen, up to
    ``size`` people."""
    group = [anchor]
    for cand in candidates:
        if len(group) == size:
            break
        if _fits(cand, size) and all(compatible(cand, g, now, blocks) for g in group):
            group.append(cand)
    return group


def plan(
    seeks: list[Seek], lo: int, hi: int, now: datetime, blocks: set[tuple[int, int]]
) -> list[tuple[list[Seek], int]]:
    """Which groups to seat now, each with its table size: the longest waiting person first
    (the anchor), with the people closest to their rating (a person they accepted first); „egal“
    takes the largest table that is complete now. A person waiting ``BOT_FILL_AFTER`` seconds
    with „mit Computern auffüllen“ starts with whoever fits and computers for the rest."""
    free = sorted(seeks, key=lambda s: (s.created, s.pk))
    used: set[int] = set()
    groups: list[tuple[list[Seek], int]] = []
    for anchor in free:
        if anchor.pk in used:
            continue
        others = [s for s in free if s.pk not in used and s.pk != anchor.pk]
        others.sort(
            key=lambda s: (
                not (s.partner_id == anchor.pk or anchor.partner_id == s.pk),
                abs(s.rating - anchor.rating),
                s.created,
                s.pk,
            )
        )
        del others[CANDIDATES:]  # the nearest ratings are enough (keeps a crowded pool fast)
        sizes = [anchor.players] if anchor.players else list(range(hi, lo - 1, -1))
        chosen: tuple[list[Seek], int] | None = None
        for size in sizes:
            group = _grow(anchor, size, others, now, blocks)
            if len(group) == size:
                chosen = (group, size)
                break
        if chosen is None and anchor.fill_bots:
            waited = (now - anchor.created).total_seconds()
            if waited >= BOT_FILL_AFTER:
                size = anchor.players or max(lo, min(hi, 3))
                chosen = (_grow(anchor, size, others, now, blocks), size)
        if chosen is not None:
            groups.append(chosen)
            used.update(s.pk for s in chosen[0])
    return groups


def _still_playing(player: Player, matched: list[Seek]) -> Seek | None:
    """The person's row of a running table match the pairing put them in, while the seat is
    still theirs (not left to a computer): pressing again leads there instead of a second
    match."""
    for seek in sorted(matched, key=lambda s: s.ended or s.created, reverse=True):
        match = seek.match
        if match is None or match.status != Match.Status.RUNNING or match.kind == "solo":
            continue
        if match.seats.filter(
            Q(user=player.user) if player.user is not None else Q(guest=player.guest),
            is_human=True,
            left_at__isnull=True,
        ).exists():
            return seek
    return None


def _lock(space: int, name: str, wait: bool) -> bool:
    """A transaction-level advisory lock on ``name`` in ``space`` (PostgreSQL; elsewhere the
    row locks alone keep the pool right)."""
    if connection.vendor != "postgresql":
        return True
    key = zlib.crc32(name.encode()) & 0x7FFFFFFF
    with connection.cursor() as cursor:
        if wait:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [space, key])
            return True
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", [space, key])
        return bool(cursor.fetchone()[0])


def pair_pool(game: str, move_seconds: int, *, wait: bool = True) -> list[Paired]:
    """Seat whoever can be seated in the pool of ``game`` at ``move_seconds`` now: expire rows
    whose page is gone, then start one match per planned group, in one transaction with the
    rows locked. ``wait=False``: do nothing if another pairing of the pool runs."""
    engine = get_engine(game)
    started: list[Paired] = []
    with transaction.atomic():
        if not _lock(POOL_SPACE, f"{game}:{move_seconds}", wait):
            return []
        now = timezone.now()
        pool = Seek.objects.filter(game=game, move_seconds=move_seconds, status=Seek.Status.WAITING)
        pool.filter(seen__lt=now - timedelta(seconds=EXPIRE_AFTER)).update(
            status=Seek.Status.EXPIRED, ended=now
        )
        seeks = list(
            pool.select_for_update(skip_locked=True, of=("self",)).select_related("user", "guest")
        )
        if not seeks:
            return []
        blocks = _blocks(seeks)
        for group, size in plan(seeks, engine.min_players, engine.max_players, now, blocks):
            match = _start(game, move_seconds, group, size)
            Seek.objects.filter(pk__in=[s.pk for s in group]).update(
                status=Seek.Status.MATCHED, match=match, ended=now
            )
            started.append(Paired(match.pk, tuple(s.pk for s in group), size - len(group)))
            log.info(
                "pairing match=%s game=%s people=%s bots=%s",
                match.pk,
                game,
                len(group),
                size - len(group),
            )
        if started:
            told = [
                (s.player_key, s.pk, p.match_id)
                for p in started
                for s in seeks
                if s.pk in p.seek_ids
            ]
            transaction.on_commit(lambda: _tell(told, game))
    return started


def bot_strength_for(game: str, rating: float) -> str:
    """The computers of a person's level: the strength whose bots' Wertung in ``game`` is
    closest (the bots are rated too); without rated bots by fixed bands."""
    rows = (
        Rating.objects.filter(game=game, user__is_bot=True, games__gt=0)
        .values("user__bot_strength")
        .annotate(avg=Avg("ordinal"), n=Count("id"))
    )
    levels = {r["user__bot_strength"]: shown(r["avg"]) for r in rows if r["user__bot_strength"]}
    if len(levels) == len(BOT_NAMES):
        return min(levels, key=lambda k: abs(levels[k] - rating))
    if rating < SHOWN_START - 60:
        return "leicht"
    if rating > SHOWN_START + 120:
        return "stark"
    return "normal"


def _start(game: str, move_seconds: int, group: list[Seek], size: int) -> Match:
    """A table with the game's default rules for the group; computers fill the free seats. A
    person alone with computers plays a solo game (it counts as a table game only with two
    people or more: ``games.kinds``)."""
    people = [
        Player(user=s.user) if s.user_id is not None else Player(guest=s.guest) for s in group
    ]
    level = bot_strength_for(game, sum(s.rating for s in group) / len(group))
    alone = len(group) == 1
    table = Table(game=game, solo=alone)
    apply_settings(
        table,
        {
            "seats": size,
            "options": {},
            "stake": 0,
            "move_seconds": move_seconds,
            "bot_strength": level,
            "bot_tempo": "normal",
            "fill_with_bots": True,
        },
        people[0],
    )
    table.save()
    members = [
        Member.objects.create(table=table, user=p.user, guest=p.guest, is_opener=i == 0)
        for i, p in enumerate(people)
    ]
    return launch(table, members, kind="solo" if alone else "table")


def _tell(told: list[tuple[str, int, int]], game: str) -> None:
    """After commit: every paired person's open pages go to their match (the waiting panel's
    heartbeat finds it too, if the push is lost)."""
    for key, seek_id, match_id in told:
        with translation.override(language_of_key(key)):  # the person's language (issue 46)
            html = render_to_string("pairing/_go.html", {"seek_id": seek_id, "match_id": match_id})
        _notify(f"user-{key}", {"type": "notify.invite", "html": html})
    _lobby_changed(game)


def _lobby_changed(game: str) -> None:
    """After commit: the lobby's seek lists of ``game`` re-read themselves
    (``pairing/_seeks_ping.html``) – at most once a second per game, so a rush
    of presses is not a rush of re-reads on every open lobby (the lists also poll)."""

    def ping() -> None:
        if not _first_this_second(f"pairing:ping:{game}"):
            return
        html = render_to_string("pairing/_seeks_ping.html", {"game": game})
        _notify(f"lobby-{game}", {"type": "notify.invite", "html": html})

    transaction.on_commit(ping)


def sweep() -> list[Paired]:
    """The beat task: pair every pool with waiting people (ranges grow, bots fill, closed pages
    leave)."""
    pools = (
        Seek.objects.filter(status=Seek.Status.WAITING)
        .values_list("game", "move_seconds")
        .distinct()
    )
    started: list[Paired] = []
    for game, move_seconds in list(pools):
        started += pair_pool(game, move_seconds, wait=False)
    forget_old()
    return started


def forget_old(now: datetime | None = None) -> int:
    """Drop the rows that ended more than ``KEEP`` ago (the pool keeps no history)."""
    now = now or timezone.now()
    deleted, _kinds = Seek.objects.filter(ended__lt=now - KEEP).delete()
    return deleted


def tempo_text(move_seconds: int) -> str:
    """A Bedenkzeit in words („60 s“, „ohne Uhr“)."""
    return str(dict(MOVE_SECONDS_CHOICES).get(move_seconds, move_seconds))


def status_of(seek: Seek) -> dict[str, Any]:
    """What the waiting panel shows: how many look for the game now and how long the person has
    waited (``m:ss``; the page counts on every second)."""
    waited = max(0, int((timezone.now() - seek.created).total_seconds()))
    return {
        "seek": seek,
        "count": waiting_count(seek.game),
        "waited": waited,
        "waited_text": f"{waited // 60}:{waited % 60:02d}",
        "tempo_text": tempo_text(seek.move_seconds),
        "heartbeat": HEARTBEAT_SECONDS,
    }
