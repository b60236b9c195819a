"""Migration 0009 gives every existing match its kind, as the old side tables told them apart,
and changes nothing booked (issue 40, part 1): a database of the old schema with a match of each
kind is migrated forward."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

OLD = [
    ("games", "0008_match_kind_rules_version"),
    ("leaderboards", "0004_rating_points"),
    ("journey", "0001_initial"),
]
NEW = [("games", "0009_fill_match_kind")]


def _executor() -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    return executor


@pytest.mark.django_db(transaction=True)
def test_every_old_match_gets_its_kind_and_nothing_booked_changes() -> None:
    executor = _executor()
    executor.migrate(OLD)
    apps = _executor().loader.project_state(OLD).apps
    Match = apps.get_model("games", "Match")
    Seat = apps.get_model("games", "Seat")
    DailyChallenge = apps.get_model("leaderboards", "DailyChallenge")
    DailyAttempt = apps.get_model("leaderboards", "DailyAttempt")
    LeaderboardEntry = apps.get_model("leaderboards", "LeaderboardEntry")
    JourneyStop = apps.get_model("journey", "JourneyStop")
    JourneyMatch = apps.get_model("journey", "JourneyMatch")
    from accounts.models import User  # the accounts app stays at its newest schema

    alice_id = User.objects.create_user("Alice", "a@example.org", "pw").pk

    def match(seed: int, solo: bool) -> object:
        m = Match.objects.create(
            game="speedbasar", players=2, options={}, seed=seed, state={}, solo=solo
        )
        Seat.objects.create(match=m, index=0, user_id=alice_id, name="Alice", place=1, score=9)
        return m

    table, solo = match(1, False), match(2, True)
    counted, practice, station = match(3, True), match(3, True), match(4, True)
    day = datetime.date(2026, 12, 1)
    challenge = DailyChallenge.objects.create(game="speedbasar", day=day, seed=3, seed_hash="x")
    DailyAttempt.objects.create(challenge=challenge, user_id=alice_id, match=counted)
    stop = JourneyStop.objects.create(user_id=alice_id, station="bagdad")
    JourneyMatch.objects.create(match=station, stop=stop)
    LeaderboardEntry.objects.create(
        match=table, user_id=alice_id, game="speedbasar", points=7, month=day
    )
    booked = list(LeaderboardEntry.objects.values_list("match_id", "user_id", "points"))
    seats = list(Seat.objects.order_by("pk").values_list("place", "score", "leaderboard_points"))

    _executor().migrate(NEW)
    apps = _executor().loader.project_state(NEW).apps
    Match = apps.get_model("games", "Match")
    kinds = dict(Match.objects.values_list("pk", "kind"))
    assert kinds == {
        table.pk: "table",
        solo.pk: "solo",
        counted.pk: "daily",
        practice.pk: "daily",
        station.pk: "journey",
    }
    entries = apps.get_model("leaderboards", "LeaderboardEntry").objects
    assert list(entries.values_list("match_id", "user_id", "points")) == booked
    seat_rows = apps.get_model("games", "Seat").objects.order_by("pk")
    assert list(seat_rows.values_list("place", "score", "leaderboard_points")) == seats
    _executor().migrate(executor.loader.graph.leaf_nodes())
