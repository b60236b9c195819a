"""Schnellspiel benchmark: N people press „Schnellspiel“ within S seconds across the four games.

    .venv/bin/python -m bench.pairing --people 1000 --seconds 10 --json

Runs in a throw-away database (``bench_pairing_<pid>`` beside ``DATABASE_URL``'s, created and dropped here) on
PostgreSQL, with the real pool (``pairing.pool``): ``--threads`` threads (standing in for the web
processes' request threads) each call ``pool.press`` at the person's moment, exactly what the
view does; a beat thread runs ``pool.sweep`` every two seconds (the Celery beat task) and the
open waiting pages are simulated by refreshing ``Seek.seen`` of every waiting row each second
(their heartbeats). Every person has a Wertung in every game (normal around 1500, σ 200), picks
a game at random, a Bedenkzeit (60 s 40 %, 2 min 20 %, 30 s and 90 s 15 % each, „ohne Uhr“
10 %), a player count („egal“ half of the time) and „nach 30 s mit Computern auffüllen“.

Reported: every person paired or bot-filled, nobody in two matches (checked on the seats), the
time from the press to the match's creation (p50, p90, p99, max) for all, for those paired with
people only and for those filled up with computers, the matches by game and size. The bot turns
and move timers the starts would send to Celery are recorded instead (``games.queue.capturing``):
the benchmark measures the pairing, not the games.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

TEMPO_WEIGHTS = {60: 40, 120: 20, 30: 15, 90: 15, 0: 10}


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 3)


def _summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50_s": _pct(values, 0.5),
        "p90_s": _pct(values, 0.9),
        "p99_s": _pct(values, 0.99),
        "max_s": round(max(values), 3) if values else 0.0,
    }


def populate(people: int, seed: int) -> list[Any]:
    from accounts.bots import ensure_bots
    from accounts.identity import Player
    from accounts.models import User
    from games.registry import SLUGS
    from leaderboards.models import Rating

    rng = random.Random(seed)
    ensure_bots()
    User.objects.bulk_create(
        [User(username=f"Bench{i:05d}", password="!") for i in range(people)], batch_size=5000
    )
    users = list(User.objects.filter(username__startswith="Bench").order_by("id"))
    Rating.objects.bulk_create(
        [
            Rating(user=u, game=g, mu=25, sigma=3, ordinal=rng.gauss(0, 10), games=20)
            for u in users
            for g in SLUGS
        ],
        batch_size=5000,
    )
    return [Player(user=u) for u in users]


def run(people: int, seconds: float, threads: int, seed: int, drain: float) -> dict[str, Any]:
    from django.db import close_old_connections, connection
    from django.utils import timezone

    from games.engines.base import get_engine
    from games.models import Match, Seat
    from games.queue import capturing
    from games.registry import SLUGS
    from pairing import pool
    from pairing.models import Seek

    rng = random.Random(seed + 1)
    players = populate(people, seed)
    tempi, weights = zip(*TEMPO_WEIGHTS.items(), strict=True)
    plans = []
    for player in players:
        game = rng.choice(SLUGS)
        engine = get_engine(game)
        count = 0 if rng.random() < 0.5 else rng.randint(engine.min_players, engine.max_players)
        plans.append((rng.uniform(0, seconds), player, game, count, rng.choices(tempi, weights)[0]))
    plans.sort(key=lambda p: p[0])
    pressed_at: dict[str, float] = {}
    press_ms: list[float] = []
    errors: list[str] = []
    done = threading.Event()
    lock = threading.Lock()

    def background(every: float, job: Any) -> None:
        while not done.wait(every):
            try:
                job()
            except Exception as exc:  # noqa: BLE001 - reported
                errors.append(f"{job.__name__}: {exc!r}")
            finally:
                close_old_connections()
        connection.close()

    def heartbeats() -> None:
        Seek.objects.filter(status=Seek.Status.WAITING).update(seen=timezone.now())

    def beat() -> None:
        with capturing():
            pool.sweep()

    t0 = time.time()

    def press(plan: tuple[float, Any, str, int, int]) -> None:
        at, player, game, count, tempo = plan
        delay = t0 + at - time.time()
        if delay > 0:
            time.sleep(delay)  # the person's moment (a load generator's schedule)
        started = time.time()
        try:
            with capturing():
                pool.press(player, game, count, tempo, fill_bots=True)
        except Exception as exc:  # noqa: BLE001 - reported
            errors.append(f"press {player.key}: {exc!r}")
        finally:
            close_old_connections()
        with lock:
            pressed_at[player.key] = started
            press_ms.append((time.time() - started) * 1000)

    side = [
        threading.Thread(target=background, args=(1.0, heartbeats), daemon=True),
        threading.Thread(target=background, args=(2.0, beat), daemon=True),
    ]
    for t in side:
        t.start()
    with ThreadPoolExecutor(threads) as executor:
        list(executor.map(press, plans))
    pressed_s = time.time() - t0
    deadline = time.time() + drain
    while time.time() < deadline and Seek.objects.filter(status=Seek.Status.WAITING).exists():
        time.sleep(0.5)  # the beat thread pairs and fills what is left
    done.set()
    for t in side:
        t.join()

    # -- checks and numbers
    seeks = list(Seek.objects.filter(status=Seek.Status.MATCHED).select_related("match"))
    waiting = Seek.objects.filter(status=Seek.Status.WAITING).count()
    seats = list(
        Seat.objects.filter(is_human=True, user__username__startswith="Bench").values_list(
            "user_id", "match_id"
        )
    )
    per_user: dict[int, int] = {}
    for user_id, _match in seats:
        per_user[user_id] = per_user.get(user_id, 0) + 1
    twice = sum(1 for n in per_user.values() if n > 1)
    humans: dict[int, int] = {}
    for _user, match_id in seats:
        humans[match_id] = humans.get(match_id, 0) + 1
    matches = Match.objects.filter(pk__in=humans)
    sizes: dict[str, int] = {}
    by_game: dict[str, int] = {}
    for m in matches:
        key = f"{humans[m.pk]} people / {m.players} seats"
        sizes[key] = sizes.get(key, 0) + 1
        by_game[m.game] = by_game.get(m.game, 0) + 1
    all_t, people_t, bots_t = [], [], []
    for s in seeks:
        wait = s.match.created.timestamp() - pressed_at[s.player_key]
        all_t.append(wait)
        (people_t if humans[s.match_id] == s.match.players else bots_t).append(wait)
    return {
        "people": people,
        "press_window_s": seconds,
        "threads": threads,
        "presses_done_after_s": round(pressed_s, 2),
        "paired_or_filled": len(seeks),
        "still_waiting": waiting,
        "people_in_two_matches": twice,
        "people_without_match": people - len(per_user),
        "matches": len(humans),
        "matches_by_game": by_game,
        "matches_by_size": dict(sorted(sizes.items())),
        "time_to_match": _summary(all_t),
        "time_to_match_people_only": _summary(people_t),
        "time_to_match_with_computers": _summary(bots_t),
        "press_request_ms": {
            "p50": _pct(press_ms, 0.5),
            "p99": _pct(press_ms, 0.99),
            "max": round(max(press_ms), 1),
        },
        "errors": errors[:10],
        "error_count": len(errors),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--drain", type=float, default=60.0, help="wait at most this long after")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    import django

    django.setup()
    import logging

    logging.getLogger("speedgames").setLevel(logging.WARNING)
    from django.conf import settings
    from django.db import connection

    from bench.scratch import print_report, scratch_database

    settings.DEBUG = False
    if connection.vendor != "postgresql":
        print("bench.pairing needs PostgreSQL (DATABASE_URL)", file=sys.stderr)
        return 2
    with scratch_database("pairing") as name:
        report = {"database": connection.vendor, "test_database": name}
        report.update(run(args.people, args.seconds, args.threads, args.seed, args.drain))
    print_report(report, args.json)
    ok = (
        report["still_waiting"] == 0
        and report["people_in_two_matches"] == 0
        and report["people_without_match"] == 0
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
