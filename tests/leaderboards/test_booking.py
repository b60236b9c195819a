"""Booking finished matches: points per game and mode, leaving penalties, who counts, once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction

from accounts.bots import bots_of
from accounts.models import Guest, User
from games import signals
from games.actions import SeatSpec
from games.definition import place_points
from games.models import Match
from leaderboards.booking import book_match, rebuild_totals, void_match
from leaderboards.models import ALL_TIME, LeaderboardEntry, LeaderboardTotal
from tests.leaderboards.helpers import (
    finish_with,
    left,
    play_out,
    result_of,
    speedone_last_round,
    start,
)


def users(*names: str) -> list[User]:
    return [User.objects.create_user(n, password="kartenglück-42") for n in names]


def booked(match: Match) -> dict[str, int]:
    return {
        e.user.username: e.points
        for e in LeaderboardEntry.objects.filter(match=match).select_related("user")
    }


def total(user: User, game: str, period: str = ALL_TIME) -> tuple[int, int] | None:
    t = LeaderboardTotal.objects.filter(user=user, game=game, period=period).first()
    return None if t is None else (t.points, t.games)


# -- Speedone: played to the end through actions.play -------------------------------------------
@pytest.mark.django_db
def test_speedone_two_players_rounds_plus_last_round(alice, bob):
    match = start("speedone", [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)])
    # two earlier rounds: Alice won one, Bob one; the last round Alice goes out, Bob passes 200
    speedone_last_round(
        match,
        hands=[["R1"], ["Y8", "Y9"]],
        scores=[0, 195],
        round_points=[[10, -4], [-4, 10]],
    )
    match = play_out(match)
    assert match.status == Match.Status.FINISHED
    assert match.result["leaderboard"] == [16, 2]
    assert booked(match) == {"Alice": 16, "Bob": 2}
    assert total(alice, "speedone") == (16, 1) and total(bob, "speedone") == (2, 1)
    assert sorted(match.seats.values_list("leaderboard_points", flat=True)) == [2, 16]


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "loser"), [(3, -5), (4, -6)])
def test_speedone_losers_by_table_size_and_bots_never_count(alice, bots, players, loser):
    bot_specs = [SeatSpec(b.username, user=b, bot_strength="normal") for b in bots_of("normal")]
    match = start("speedone", [SeatSpec("Alice", user=alice), *bot_specs[: players - 1]])
    hands = [["R1"]] + [["Y8", "Y9"]] * (players - 1)
    speedone_last_round(match, hands=hands, scores=[0, 195] + [0] * (players - 2), round_points=[])
    match = play_out(match)
    assert booked(match) == {"Alice": 10}
    assert match.result["leaderboard"] == [10] + [loser] * (players - 1)
    assert LeaderboardEntry.objects.count() == 1


@pytest.mark.django_db
def test_speedone_partner_mode_winners_plus_ten_losers_minus_five(bots):
    a, b, c, d = users("Anna", "Bert", "Cora", "Dirk")
    match = start(
        "speedone",
        [SeatSpec(u.username, user=u) for u in (a, b, c, d)],
        {"partners": True},
    )
    speedone_last_round(
        match,
        hands=[["R1"], ["Y8", "Y9"], ["G5"], ["B9", "B8"]],
        scores=[0, 190, 0, 190],
        round_points=[[-5, 10, -5, 10]],
    )
    match = play_out(match)
    assert match.status == Match.Status.FINISHED
    assert booked(match) == {"Anna": 5, "Bert": 5, "Cora": 5, "Dirk": 5}


@pytest.mark.django_db
def test_speedone_leaving_after_two_minutes_costs_ten_before_it_nothing(bots):
    a, b, c = users("Anna", "Bert", "Cora")
    match = start("speedone", [SeatSpec(u.username, user=u) for u in (a, b, c)])
    speedone_last_round(match, hands=[["R1"], ["Y8"], ["Y9"]], scores=[0, 195, 0], round_points=[])
    left(match, 1, timedelta(minutes=5))  # Bert left late
    left(match, 2, timedelta(seconds=90))  # Cora left early
    match = play_out(match)
    # the computer finished both seats: Bert books the penalty alone, Cora nothing at all
    assert booked(match) == {"Anna": 10, "Bert": -10}
    entry = LeaderboardEntry.objects.get(match=match, user=b)
    assert entry.penalty == -10


@pytest.mark.django_db
def test_speedone_a_seat_taken_back_counts_with_the_penalty_for_leaving(bots):
    a, b, c = users("Anna", "Bert", "Cora")
    match = start("speedone", [SeatSpec(u.username, user=u) for u in (a, b, c)])
    speedone_last_round(match, hands=[["R1"], ["Y8"], ["Y9"]], scores=[0, 195, 0], round_points=[])
    left(match, 1, timedelta(minutes=5), came_back=True)
    left(match, 2, timedelta(seconds=90), came_back=True)
    match = play_out(match)
    assert booked(match) == {"Anna": 10, "Bert": -15, "Cora": -5}


@pytest.mark.django_db
def test_a_guest_at_the_table_means_nobody_is_booked(alice):
    guest = Guest.objects.create(display_name="Gustav")
    match = start("speedone", [SeatSpec("Alice", user=alice), SeatSpec("Gustav", guest=guest)])
    speedone_last_round(match, hands=[["R1"], ["Y8", "Y9"]], scores=[0, 195], round_points=[])
    match = play_out(match)
    assert match.result["counts_for_leaderboard"] is False
    assert not LeaderboardEntry.objects.exists() and not LeaderboardTotal.objects.exists()


# -- the other games: engine-shaped results through actions.finish_match ------------------------
@pytest.mark.django_db
def test_speedtroedel_uses_final_points_plus_place_bonus_and_penalises_leaving_people(bots):
    a, b, c = users("Anna", "Bert", "Cora")
    match = start("speedtroedel", [SeatSpec(u.username, user=u) for u in (a, b, c)])
    left(match, 2, timedelta(seconds=30))  # with other people at the table: −10 at any time
    # engine: max(0, score) + bonus 10/5/2; the computer finished Cora's seat: the penalty alone
    finish_with(match, result_of([1, 2, 3], [30, 12, -4], [40, 17, 2]))
    assert booked(match) == {"Anna": 40, "Bert": 17, "Cora": -10}


@pytest.mark.django_db
def test_speedtroedel_leaving_a_solo_game_costs_nothing(alice, bots):
    bot_specs = [SeatSpec(b.username, user=b, bot_strength="normal") for b in bots_of("normal")]
    match = start("speedtroedel", [SeatSpec("Alice", user=alice), *bot_specs[:2]])
    left(match, 0, timedelta(minutes=10), came_back=True)
    finish_with(match, result_of([2, 1, 3], [20, 25, 3], [25, 35, 5]))
    assert booked(match) == {"Alice": 25}
    # left to the computer it books nothing either: no penalty, and not the computer's points
    other = start("speedtroedel", [SeatSpec("Alice", user=alice), *bot_specs[:2]])
    left(other, 0, timedelta(minutes=10))
    finish_with(other, result_of([1, 2, 3], [46, 25, 3], [56, 30, 5]))
    assert booked(other) == {}


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["speedbasar", "speedwerk"])
def test_basar_and_werk_score_places_against_the_table(game, bots):
    a, b, c, d = users("Anna", "Bert", "Cora", "Dirk")
    match = start(game, [SeatSpec(u.username, user=u) for u in (a, b, c, d)])
    left(match, 3, timedelta(minutes=3), came_back=True)
    # Bert and Cora share place 2: they count nothing against each other
    finish_with(match, result_of([1, 2, 2, 4], [120, 40, 40, -10], [120, 40, 40, -10]))
    assert booked(match) == {"Anna": 9, "Bert": 0, "Cora": 0, "Dirk": -19}


def test_place_points_are_zero_sum_and_scale_with_the_table():
    assert [place_points({"places": [1, 2, 3]}, s) for s in range(3)] == [6, 0, -6]
    assert [place_points({"places": [1, 2, 3, 4, 5, 6]}, s) for s in (0, 5)] == [15, -15]
    assert sum(place_points({"places": [1, 1, 3, 4]}, s) for s in range(4)) == 0


# -- exactly once ---------------------------------------------------------------------------------
@pytest.mark.django_db(transaction=True)
def test_booking_happens_once_even_when_the_signal_repeats(alice, bob):
    match = start("speedone", [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)])
    speedone_last_round(match, hands=[["R1"], ["Y8", "Y9"]], scores=[0, 195], round_points=[])
    match = play_out(match)
    seats = list(match.seats.select_related("user"))
    signals.match_finished.send(sender=Match, match=match, seats=seats)
    assert book_match(match, seats) == []
    assert LeaderboardEntry.objects.filter(match=match).count() == 2
    assert total(alice, "speedone") == (10, 1)


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_finish_books_nothing_and_a_retry_books_once(alice, bob):
    match = start("speedone", [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)])
    result = result_of([1, 2], [0, 17], [10, -4])

    class Boom(Exception):
        pass

    with pytest.raises(Boom), transaction.atomic():
        from games import actions

        locked = Match.objects.select_for_update().get(pk=match.pk)
        actions.finish_match(locked, dict(result))
        assert LeaderboardEntry.objects.count() == 2
        raise Boom
    assert not LeaderboardEntry.objects.exists() and not LeaderboardTotal.objects.exists()
    finish_with(match, result)
    assert booked(match) == {"Alice": 10, "Bob": -4}
    assert total(alice, "speedone") == (10, 1)


@pytest.mark.django_db
def test_void_reverses_points_and_games_and_records_the_reason(alice, bob, admin_user):
    for _ in range(2):
        match = start("speedone", [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)])
        finish_with(match, result_of([1, 2], [0, 17], [10, -4]))
    assert total(alice, "speedone") == (20, 2)
    assert void_match(match.pk, "Absprache", by=admin_user) == 2
    assert void_match(match.pk, "nochmal") == 0
    assert total(alice, "speedone") == (10, 1) and total(bob, "speedone") == (-4, 1)
    entry = LeaderboardEntry.objects.get(match=match, user=alice)
    assert (entry.points, entry.voided_points, entry.void_reason) == (0, 10, "Absprache")
    assert entry.voided_by == admin_user
    rebuild_totals()
    assert total(alice, "speedone") == (10, 1)
    with pytest.raises(ValueError):
        void_match(match.pk, "  ")


@pytest.mark.django_db
def test_the_end_screen_shows_the_booked_points_for_people_and_none_for_bots(alice, bots):
    bot_specs = [SeatSpec(b.username, user=b, bot_strength="normal") for b in bots_of("normal")]
    match = start("speedwerk", [SeatSpec("Alice", user=alice), *bot_specs[:2]])
    finish_with(match, result_of([2, 1, 3], [60, 90, 10], [60, 90, 10]))
    assert list(match.seats.order_by("index").values_list("leaderboard_points", flat=True)) == [
        0,
        None,
        None,
    ]
    assert booked(match) == {"Alice": 0}
