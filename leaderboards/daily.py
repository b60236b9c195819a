"""Daily challenges: one deal per game and Berlin day, the same for everybody.

The seed is HMAC-SHA256(server secret, "game:YYYY-MM-DD") cut to 63 bits: nobody can compute it in
advance, and the server does not have to store anything to know it. Its SHA-256 is shown before
the day; the seed itself is revealed the next day, so anyone can check it and replay the deal with
``games.engines.base.get_engine(slug).new_game(players, options, seed)``.

Only registered players play the day's deal, and their first start of the day counts
(``DailyAttempt``); later starts are practice. The counted attempt is the first time the person
sees the deal: guests cannot start it (a guest's practice game would show the deal to the account
they register next), a guest's game of the deal claimed by an account is that account's attempt
(``claim_guest_deals``), and no practice game is ever created before the counted one.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from datetime import date, datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from games import registry
from games.actions import ActionRejected
from games.analysis import accuracies
from games.engines.base import get_engine
from games.registry import SLUGS, say
from leaderboards.calendar import BERLIN
from leaderboards.models import DailyAttempt, DailyChallenge
from leaderboards.points import computer_finished

#: every daily game: the player against three bots of this strength
DAILY_PLAYERS = 4
DAILY_BOTS = "normal"


def today(moment: datetime | None = None) -> date:
    """The Berlin calendar day of ``moment`` (default: now)."""
    return (moment or timezone.now()).astimezone(BERLIN).date()


def _secret() -> bytes:
    secret = getattr(settings, "DAILY_SECRET", "") or settings.SECRET_KEY
    return f"daily:{secret}".encode()


def daily_seed(game: str, day: date) -> int:
    """HMAC-SHA256(server secret, f"{game}:{day}") as a 63-bit integer."""
    digest = hmac.new(_secret(), f"{game}:{day.isoformat()}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seed_hash(seed: int) -> str:
    """What the page shows in advance: SHA-256 of the decimal seed."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


def daily_options(game: str, seed: int) -> dict[str, Any]:
    """The day's rules, drawn from the seed (so they too are fixed and replayable)."""
    rng = random.Random(f"options:{seed}")
    options = registry.get(game).daily_options(rng)
    return get_engine(game).validate_options(options, daily_players(game))


def daily_players(game: str) -> int:
    """How many sit at the daily game: ``DAILY_PLAYERS``, within what the game allows (a game
    for two gets a daily game for two)."""
    engine = get_engine(game)
    return min(max(DAILY_PLAYERS, engine.min_players), engine.max_players)


def ensure_challenge(game: str, day: date | None = None) -> DailyChallenge:
    """The day's challenge of ``game``, created if missing (idempotent, race-safe)."""
    day = day or today()
    found = DailyChallenge.objects.filter(game=game, day=day).first()
    if found is not None:
        return found
    seed = daily_seed(game, day)
    try:
        with transaction.atomic():
            return DailyChallenge.objects.create(
                game=game,
                day=day,
                seed=seed,
                seed_hash=seed_hash(seed),
                players=daily_players(game),
                bot_strength=DAILY_BOTS,
                options=daily_options(game, seed),
            )
    except IntegrityError:
        return DailyChallenge.objects.get(game=game, day=day)


def ensure_all(day: date | None = None) -> int:
    """Every game's challenge of ``day`` (default today); returns how many were created."""
    day = day or today()
    have = set(DailyChallenge.objects.filter(day=day).values_list("game", flat=True))
    for game in SLUGS:
        if game not in have:
            ensure_challenge(game, day)
    return len(set(SLUGS) - have)


def challenge_of(match: Any) -> DailyChallenge | None:
    if not getattr(match, "solo", False):
        return None
    return DailyChallenge.objects.filter(game=match.game, seed=match.seed).first()


#: ``Match.kind`` of a day's deal, counted or practice (``leaderboards.daily_kind.Daily``)
KIND = "daily"


def is_daily(match: Any) -> bool:
    """Whether ``match`` plays a day's deal (the counted attempt or practice): its kind."""
    return getattr(match, "kind", "") == KIND


def counts_for_leaderboard(match: Any) -> bool:
    """A daily deal books leaderboard points only in the counted (first) attempt."""
    if not is_daily(match):
        return True
    return DailyAttempt.objects.filter(match_id=match.pk).exists()


def watch_blocked(match: Any, player: Any) -> Any:
    """Today's deal stays unseen until one has played it: until its day is over, a daily match
    (counted or practice) is open – live and as a replay – only to its own player (the caller
    checks the seat) and to people whose counted attempt of that day is over. A
    ``games.spectators.WatchRefusal`` for anyone else, ``None`` when they may look."""
    from django.urls import reverse

    from games.spectators import WatchRefusal

    if not is_daily(match):
        return None
    challenge = challenge_of(match)
    if challenge is None or challenge.day < today():
        return None
    if may_see_day(challenge, player):
        return None
    title = registry.get(challenge.game).daily_title
    return WatchRefusal(
        gettext(
            "Das ist eine Partie von %(title)s, dem Tagesspiel von heute. Ansehen kannst du sie "
            "erst, wenn du deinen gewerteten Versuch gespielt hast – oder ab morgen."
        )
        % {"title": title},
        reverse("leaderboards:daily"),
        gettext("Zum Tagesspiel"),
    )


def may_see_day(challenge: DailyChallenge, player: Any) -> bool:
    """Whether ``player`` has finished their counted attempt of ``challenge`` (then the day's
    deal holds no secret for them any more)."""
    user = getattr(player, "user", None)
    if user is None:
        return False
    from games.models import Match

    return (
        DailyAttempt.objects.filter(challenge=challenge, user=user)
        .exclude(match__status=Match.Status.RUNNING)
        .exists()
    )


def watchable(match: Any, player: Any) -> bool:
    """Whether ``player`` may open ``match`` (their own seat, or no daily secret in the way):
    what profiles and lists link."""
    if not is_daily(match) or match.seat_of(player) is not None:
        return True
    return watch_blocked(match, player) is None


#: what a guest is told instead of a daily game
GUESTS_REFUSED = gettext_lazy(
    "Das Tagesspiel gibt es für angemeldete Spieler – registriere dich, um mitzuspielen."
)


def start_daily(player: Any, game: str) -> tuple[Any, bool]:
    """Start today's deal of ``game`` for ``player``. Returns ``(match, counted)``: the first start
    of a registered player counts, every later one is practice. Guests are refused
    (``ActionRejected`` with ``GUESTS_REFUSED``).

    A practice game is only created once the counted one exists: when two starts race (a double
    click, two tabs), the one that loses the counted attempt throws its match away with its
    savepoint (nobody has seen it: it never committed) and starts again as practice."""
    user = getattr(player, "user", None)
    if user is None:
        raise ActionRejected(str(GUESTS_REFUSED))
    challenge = ensure_challenge(game)
    with transaction.atomic():
        if not DailyAttempt.objects.filter(challenge=challenge, user=user).exists():
            try:
                with transaction.atomic():
                    match = _start_deal(player, challenge)
                    DailyAttempt.objects.create(challenge=challenge, user=user, match=match)
                return match, True
            except IntegrityError:
                pass  # a second click got the counted attempt first: this one is practice
        return _start_deal(player, challenge), False


def _start_deal(player: Any, challenge: DailyChallenge) -> Any:
    from lobby.services import start_solo

    return start_solo(
        player,
        challenge.game,
        challenge.players - 1,
        challenge.bot_strength,
        dict(challenge.options),
        seed=challenge.seed,
        kind=KIND,
    )


def claim_guest_deals(guest: Any, user: Any) -> int:
    """A guest registered as ``user`` (``accounts.identity.guest_claimed``): every deal of today
    the guest has already played (a game from before guests were refused) uses the account's
    attempt – the guest's first game of that deal becomes the counted one, so the account never
    gets a counted attempt at a deal the person has seen. Returns how many attempts it made."""
    from django.db.models import Q

    from games.models import Match, Seat

    challenges = {(c.game, c.seed): c for c in DailyChallenge.objects.filter(day=today())}
    if not challenges:
        return 0
    used = set(
        DailyAttempt.objects.filter(user=user, challenge__in=challenges.values()).values_list(
            "challenge_id", flat=True
        )
    )
    seats = (
        Seat.objects.filter(Q(guest=guest) | Q(user=user), is_human=True, match__solo=True)
        .filter(match__seed__in={seed for _game, seed in challenges})
        .select_related("match")
        .order_by("match__created", "match_id")
    )
    made = 0
    for seat in seats:
        challenge = challenges.get((seat.match.game, seat.match.seed))
        if challenge is None or challenge.pk in used:
            continue
        used.add(challenge.pk)
        try:
            with transaction.atomic():
                DailyAttempt.objects.create(
                    challenge=challenge, user=user, match=seat.match, started=seat.match.created
                )
                # the guest's game of the deal is a day's deal from now on (no Rat, no bests)
                Match.objects.filter(pk=seat.match_id).update(kind=KIND)
            made += 1
        except IntegrityError:
            pass  # the match is someone's attempt already, or a start got there first
    return made


def attempt_of(challenge: DailyChallenge, user: Any) -> DailyAttempt | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return (
        DailyAttempt.objects.filter(challenge=challenge, user=user).select_related("match").first()
    )


def standings(challenge: DailyChallenge, limit: int = 100) -> list[dict[str, Any]]:
    """The day's list: counted attempts of finished matches, best first (place, then points –
    fewer points are better where the game's ``daily_low_wins`` says so – then time). An attempt
    the computer finished after its person left is used but not ranked."""
    low_wins = registry.get(challenge.game).daily_low_wins(challenge.options)
    rows = []
    attempts = (
        DailyAttempt.objects.filter(challenge=challenge, match__status="finished")
        .select_related("match", "user")
        .prefetch_related("match__seats")
    )
    for a in attempts:
        seat = next((s for s in a.match.seats.all() if s.user_id == a.user_id), None)
        if seat is None or computer_finished(seat):
            continue
        duration = (a.match.finished or a.match.updated) - a.match.created
        rows.append(
            {
                "user_id": a.user_id,
                "name": a.user.username,
                "place": seat.place,
                "score": seat.score,
                "duration": duration,
                "time": _fmt_duration(duration),
                "match_id": a.match_id,
                "seat": seat.index,
                "accuracy": None,
            }
        )
    if challenge.day < today():  # the day is over: the post-game analysis's accuracy beside
        found = accuracies([(r["match_id"], r["seat"]) for r in rows])
        for r in rows:
            value = found.get((r["match_id"], r["seat"]))
            r["accuracy"] = None if value is None else round(value)
    rows.sort(
        key=lambda r: (
            r["place"] or 99,
            (r["score"] or 0) if low_wins else -(r["score"] or 0),
            r["duration"],
            r["name"].casefold(),
        )
    )
    rank = 0
    previous = None
    for i, r in enumerate(rows, 1):
        key = (r["place"], r["score"], r["duration"])
        if key != previous:
            rank = i
        previous = key
        r["rank"] = rank
    return rows[:limit] if limit else rows


def _fmt_duration(delta: timedelta) -> str:
    seconds = max(0, int(delta.total_seconds()))
    return f"{seconds // 60}:{seconds % 60:02d}"


def describe_options(game: str, options: dict[str, Any]) -> list[str]:
    """The day's rules in German words ("Wertung: Sieger kassiert", …). The daily game is played
    alone against the computer: options that change nothing there (``table_only``, Speedbasar's
    doubt window) are not named."""
    out = []
    for opt in get_engine(game).options_schema:
        if opt.key not in options or opt.table_only:
            continue
        value = options[opt.key]
        labels = {v: say(game, label) for v, label in opt.choices or ()}
        if isinstance(value, bool):
            shown = gettext("ja") if value else gettext("nein")
        elif isinstance(value, list | tuple):
            shown = ", ".join(str(labels.get(v, v)) for v in value) or gettext("keine")
        else:
            shown = str(labels.get(value, value))
        out.append(f"{say(game, opt.label)}: {shown}")
    return out
