"""The schedule: the beat creates the hourly arena (the games take turns) and a weekly Swiss
tournament per game; two beats at once create each tournament once."""

from __future__ import annotations

import re
import threading
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection

from tournaments import schedule
from tournaments.models import Tournament

NOW = datetime(2026, 12, 7, 10, 20, tzinfo=UTC)  # a Monday


@pytest.mark.django_db
def test_the_hourly_arena_rotates_through_the_games_and_the_swiss_is_weekly():
    made = schedule.create_scheduled(NOW)
    arenas = sorted((t for t in made if t.kind == Tournament.Kind.ARENA), key=lambda t: t.starts)
    assert [t.starts for t in arenas] == [
        datetime(2026, 12, 7, h, tzinfo=UTC) for h in (10, 11, 12)
    ]
    games = schedule.live_games()
    assert len(games) == 4
    assert len({t.game for t in arenas}) == 3  # three hours, three different games
    swiss = [t for t in made if t.kind == Tournament.Kind.SWISS]
    assert sorted(t.game for t in swiss) == sorted(games)
    assert all(t.starts.astimezone(schedule.BERLIN).weekday() == 6 for t in swiss)
    assert all(t.starts.astimezone(schedule.BERLIN).hour == 19 for t in swiss)
    assert schedule.create_scheduled(NOW) == []  # a second run: nothing new
    later = schedule.create_scheduled(NOW + timedelta(hours=1))
    assert [t.starts for t in later] == [datetime(2026, 12, 7, 13, tzinfo=UTC)]
    four = [schedule.hourly_arenas(NOW + timedelta(hours=h))[0][1] for h in range(4)]
    assert sorted(four) == sorted(games)  # every game once in four hours


@pytest.mark.django_db(transaction=True)
def test_two_beats_at_once_create_one_tournament_per_slot_and_game():
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def beat() -> None:
        try:
            barrier.wait()
            schedule.create_scheduled(NOW)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=beat) for _ in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    rows = list(Tournament.objects.values_list("slot", "game"))
    assert len(rows) == len(set(rows)) == 3 + 4


@pytest.mark.django_db
def test_staff_create_a_tournament_in_the_admin(admin_client, admin_user):
    from django.urls import reverse

    assert admin_client.get(reverse("admin:tournaments_tournament_add")).status_code == 200
    response = admin_client.post(
        reverse("admin:tournaments_tournament_add"),
        {
            "name": "Speedone-Meisterschaft",
            "game": "speedone",
            "kind": "swiss",
            "starts_0": "24.12.2026",
            "starts_1": "18:00:00",
            "minutes": "60",
            "rounds": "7",
            "table_size": "4",
            "move_seconds": "60",
            "status": "scheduled",
            "slot": "",
            "entries-TOTAL_FORMS": "0",
            "entries-INITIAL_FORMS": "0",
            "entries-MIN_NUM_FORMS": "0",
            "entries-MAX_NUM_FORMS": "1000",
        },
    )
    assert response.status_code == 302, re.findall(
        r"errorlist[^<]*<li>([^<]*)", response.content.decode()
    )
    t = Tournament.objects.get(name="Speedone-Meisterschaft")
    assert (t.rounds, t.created_by, t.private) == (7, admin_user, False)
    page = admin_client.get(reverse("admin:tournaments_tournament_changelist")).content.decode()
    assert "Speedone-Meisterschaft" in page


@pytest.mark.django_db
def test_the_beat_tasks_start_a_due_tournament_and_fill_the_schedule(bots):
    from datetime import timedelta as td

    from django.utils import timezone

    from games import queue
    from tournaments import tasks

    due = Tournament.objects.create(
        name="Fällig", game="speedone", starts=timezone.now() - td(seconds=5)
    )
    later = Tournament.objects.create(
        name="Später", game="speedone", starts=timezone.now() + td(hours=1)
    )
    with queue.capturing():
        tasks.sweep()
    due.refresh_from_db()
    later.refresh_from_db()
    assert due.status == Tournament.Status.RUNNING
    assert later.status == Tournament.Status.SCHEDULED
    assert tasks.create_scheduled() == 3 + 4
    assert tasks.create_scheduled() == 0


@pytest.mark.django_db
def test_a_regular_tournament_is_named_in_the_readers_language(client):
    """The beat stores no name; every page names a regular tournament in the reader's language
    from its game, kind and start (a private one keeps its own name)."""
    from django.utils import translation

    with translation.override("de"):  # the beat's language does not matter
        made = schedule.create_scheduled(NOW)
    arena = min((t for t in made if t.kind == Tournament.Kind.ARENA), key=lambda t: t.starts)
    swiss = next(t for t in made if t.kind == Tournament.Kind.SWISS)
    assert {t.name for t in made} == {""}
    with translation.override("de"):
        assert arena.title.endswith("-Arena 11 Uhr")
        assert str(arena).startswith(arena.title)
        assert swiss.title.endswith("– Schweizer Turnier")
    with translation.override("en"):
        assert arena.title.endswith(" arena 11:00") and swiss.title.endswith("– Swiss tournament")
    page = client.get(arena.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "arena 11:00" in page and "Uhr" not in page.split("<h1>")[1].split("</h1>")[0]
    index = client.get("/turniere/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Schweizer Turnier" not in index and "Swiss tournament" in index


@pytest.mark.django_db
def test_the_migration_clears_the_names_the_beat_stored_before():
    """Rows made before 0002 carry the beat's German name: the data migration clears them and
    keeps the names of private and staff tournaments."""
    import importlib

    from django.apps import apps
    from django.utils import translation

    migration = importlib.import_module("tournaments.migrations.0002_scheduled_without_name")
    (arena, *_rest) = schedule.create_scheduled(NOW)
    Tournament.objects.filter(pk=arena.pk).update(name="Speedone-Arena 11 Uhr")
    own = Tournament.objects.create(name="Freitagsrunde", game="speedone", starts=NOW)
    migration.clear_scheduled_names(apps, None)
    arena.refresh_from_db()
    own.refresh_from_db()
    assert arena.name == "" and own.name == "Freitagsrunde"
    with translation.override("en"):
        assert arena.title.endswith(" arena 11:00") and own.title == "Freitagsrunde"
