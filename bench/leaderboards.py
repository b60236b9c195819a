"""Leaderboard benchmark: book N finished matches' entries, then time the table pages.

    .venv/bin/python -m bench.leaderboards --matches 100000 --json

Runs in a throw-away database (``test_<name>`` of ``DATABASE_URL``, created and dropped here).
It creates the users and ``--matches`` finished matches with one ledger entry per registered human
(1–4 per match, spread over 12 months and the four games), builds the totals from the ledger, times
``book_match`` on a sample of real finishes, and then renders ``/bestenliste/<spiel>/`` (monthly +
all-time table + OpenSkill rating table, a viewer outside the top 50) and ``/bestenliste/`` through the Django test client.
``--game`` picks the game of the booking sample and the timed page (default: the first live game
of ``games.registry``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from datetime import date, timedelta
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def populate(matches: int, users: int, seed: int) -> dict[str, Any]:
    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from games.models import Match
    from games.registry import SLUGS
    from leaderboards.booking import month_of, rebuild_totals
    from leaderboards.models import LeaderboardEntry

    rng = random.Random(seed)
    t0 = time.perf_counter()
    User.objects.bulk_create(
        [User(username=f"Bench{i:05d}", password="!") for i in range(users)], batch_size=5000
    )
    user_ids = list(User.objects.filter(username__startswith="Bench").values_list("id", flat=True))
    now = timezone.now()
    batch = 5000
    entries = 0
    for start in range(0, matches, batch):
        size = min(batch, matches - start)
        with transaction.atomic():
            rows = []
            for _ in range(size):
                finished = now - timedelta(days=rng.uniform(0, 365))
                game = rng.choice(SLUGS)
                rows.append(
                    Match(
                        game=game,
                        players=4,
                        options={},
                        seed=0,
                        state={},
                        status=Match.Status.FINISHED,
                        solo=False,
                        result={"counts_for_leaderboard": True},
                        created=finished - timedelta(minutes=12),
                        updated=finished,
                        finished=finished,
                    )
                )
            created = Match.objects.bulk_create(rows, batch_size=batch)
            ledger = []
            for m in created:
                humans = rng.sample(user_ids, rng.randint(1, 4))
                month = month_of(m.finished)
                for place, uid in enumerate(humans, 1):
                    ledger.append(
                        LeaderboardEntry(
                            match_id=m.pk,
                            user_id=uid,
                            game=m.game,
                            points=rng.randint(-15, 40),
                            month=month,
                            place=place,
                            players=4,
                            created=m.finished,
                        )
                    )
            LeaderboardEntry.objects.bulk_create(ledger, batch_size=batch)
            entries += len(ledger)
    from leaderboards.models import Rating

    ratings = []
    for uid in user_ids:
        for game in SLUGS:
            mu, sigma = rng.gauss(25, 4), rng.uniform(1.5, 8.3)
            ratings.append(
                Rating(
                    user_id=uid,
                    game=game,
                    mu=mu,
                    sigma=sigma,
                    ordinal=mu - 3 * sigma,
                    games=rng.randint(1, 200),
                )
            )
    Rating.objects.bulk_create(ratings, batch_size=batch)
    populate_s = time.perf_counter() - t0
    t1 = time.perf_counter()
    totals = rebuild_totals()
    rebuild_s = time.perf_counter() - t1
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute("ANALYZE")
    return {
        "matches": matches,
        "entries": entries,
        "users": users,
        "totals_rows": totals,
        "populate_s": round(populate_s, 1),
        "rebuild_totals_s": round(rebuild_s, 2),
        "month_span": [str(date.today() - timedelta(days=365)), str(date.today())],
    }


def live_game(name: str | None) -> str:
    """The slug of the live game ``name`` (``SystemExit`` for any other); without a name the
    first live game of the registry."""
    from games import registry

    live = [g.slug for g in registry.GAMES if g.live]
    if name is None:
        return live[0]
    if name not in live:
        raise SystemExit(f"--game must be a live game: {', '.join(live)}")
    return name


def time_booking(samples: int, game: str) -> dict[str, float]:
    """``book_match`` (the receiver's work) on real finishes of ``game``, as many registered
    humans as it seats (at most four)."""
    from django.db import transaction

    from accounts.models import User
    from games import actions, registry
    from games.actions import SeatSpec

    humans = min(4, registry.get(game).max_players)
    people = list(User.objects.filter(username__startswith="Bench").order_by("id")[:humans])
    specs = [SeatSpec(u.username, user=u) for u in people]
    times = []
    for i in range(samples):
        match = actions.start_match(game, specs, {})
        result = {
            "scores": [10 * s for s in range(humans)],
            "places": [s + 1 for s in range(humans)],
            "winners": [0],
            "leaderboard": [10] + [-6] * (humans - 1),
            "round_winners": [[0]],
            "details": {},
        }
        from games.models import Match

        with transaction.atomic():
            locked = Match.objects.select_for_update().get(pk=match.pk)
            seats = list(locked.seats.select_related("user"))
            locked.result = {**result, "counts_for_leaderboard": True}
            from django.utils import timezone

            locked.finished = timezone.now()
            from leaderboards.booking import book_match

            t = time.perf_counter()
            book_match(locked, seats)
            times.append((time.perf_counter() - t) * 1000)
        del i
    return {"book_ms_p50": round(_pct(times, 0.5), 2), "book_ms_p95": round(_pct(times, 0.95), 2)}


def time_pages(repeats: int, game: str) -> dict[str, Any]:
    from django.test import Client

    from accounts.models import User
    from games.registry import SLUGS
    from leaderboards.models import ALL_TIME, LeaderboardTotal
    from leaderboards.tables import current_period, table

    period = current_period()
    # a viewer far below the top 50 of the all-time table
    totals = LeaderboardTotal.objects.filter(game=game, period=ALL_TIME).order_by("points")
    viewer = User.objects.get(pk=totals.values_list("user_id", flat=True)[10])
    client = Client()
    client.force_login(viewer)
    out: dict[str, Any] = {}
    for label, url in [
        ("game_page", f"/bestenliste/{game}/"),
        ("game_page_earlier_month", f"/bestenliste/{game}/?monat=" + period[:5] + "01"),
        ("overview_page", "/bestenliste/"),
    ]:
        client.get(url)  # warm up (templates, connections)
        times = []
        for _ in range(repeats):
            t = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - t) * 1000)
            assert response.status_code == 200
        out[label] = {
            "ms_p50": round(statistics.median(times), 2),
            "ms_p95": round(_pct(times, 0.95), 2),
        }
    times = []
    for _ in range(repeats):
        for slug in SLUGS:
            t = time.perf_counter()
            table(slug, period, viewer)
            table(slug, ALL_TIME, viewer)
            times.append((time.perf_counter() - t) * 1000)
    out["two_tables_queries_only"] = {
        "ms_p50": round(statistics.median(times), 2),
        "ms_p95": round(_pct(times, 0.95), 2),
    }
    mine = table(game, ALL_TIME, viewer)["mine"]
    out["viewer_rank_all_time"] = mine.rank if mine else None
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--users", type=int, default=2_000)
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--booking-samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--game", default=None, help="a live game (default: the registry's first live game)"
    )
    args = parser.parse_args(argv)

    import django

    django.setup()
    import logging

    logging.getLogger("speedgames").setLevel(logging.WARNING)
    from django.conf import settings
    from django.db import connection

    from bench.scratch import print_report, scratch_database

    game = live_game(args.game)
    settings.DEBUG = False
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    with scratch_database("leaderboards") as name:
        report: dict[str, Any] = {
            "database": connection.vendor,
            "test_database": name,
            "game": game,
        }
        report.update(populate(args.matches, args.users, args.seed))
        report.update(time_booking(args.booking_samples, game))
        report["pages"] = time_pages(args.repeats, game)
    print_report(report, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
