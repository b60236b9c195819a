"""Speedone books every finished round when it ends (the seed: „Nach jeder Runde gibt es Punkte“),
in tables and solo: a person who leaves later keeps the rounds they played; the daily rules (the
counted attempt only), a guest at the table (nobody) and an admin abort (nothing) still hold."""

from __future__ import annotations

from datetime import timedelta

import pytest

from accounts.bots import bots_of
from accounts.identity import Player
from accounts.models import Guest, User
from games import actions
from games.actions import SeatSpec
from games.models import Match, Move
from leaderboards import daily
from leaderboards.models import ALL_TIME, LeaderboardEntry, LeaderboardTotal
from tests.leaderboards.helpers import left, play_out, speedone_last_round, start
from tests.leaderboards.test_daily import on_day  # noqa: F401 (fixture)


def users(*names: str) -> list[User]:
    return [User.objects.create_user(n, password="kartenglück-42") for n in names]


def booked(match: Match) -> dict[str, int]:
    return {
        e.user.username: e.points
        for e in LeaderboardEntry.objects.filter(match=match).select_related("user")
    }


def total(user: User) -> tuple[int, int] | None:
    t = LeaderboardTotal.objects.filter(user=user, game="speedone", period=ALL_TIME).first()
    return None if t is None else (t.points, t.games)


def first_round(match: Match, players: int) -> Match:
    """Seat 0 goes out with R1; nobody near the target: the round ends, the match goes on."""
    hands = [["R1"]] + [["Y8", "Y9"]] * (players - 1)
    speedone_last_round(match, hands=hands, scores=[0] * players, round_points=[])
    return play_out(match)


@pytest.mark.django_db
def test_a_finished_round_is_booked_when_it_ends_at_a_table():
    a, b, c = users("Anna", "Bert", "Cora")
    match = start("speedone", [SeatSpec(u.username, user=u) for u in (a, b, c)])
    match = first_round(match, 3)
    assert match.status == Match.Status.RUNNING
    assert booked(match) == {"Anna": 10, "Bert": -5, "Cora": -5}
    assert total(a) == (10, 1) and total(b) == (-5, 1)
    # the next round adds to the same entry, the game counted once
    match = first_round(match, 3)
    assert booked(match) == {"Anna": 20, "Bert": -10, "Cora": -10}
    assert total(a) == (20, 1)


@pytest.mark.django_db
def test_a_person_who_leaves_keeps_the_rounds_played_and_gets_the_penalty(bots):
    a, b, c = users("Anna", "Bert", "Cora")
    match = start("speedone", [SeatSpec(u.username, user=u) for u in (a, b, c)])
    match = first_round(match, 3)  # Anna +10, Bert −5, Cora −5
    left(match, 1, timedelta(minutes=5))  # Bert left late: the computer plays on
    # the computer wins the last round for Bert: never booked to him
    speedone_last_round(
        match,
        hands=[["Y8", "Y9"], ["R1"], ["Y7", "Y6"]],
        scores=[195, 0, 0],
        round_points=[[10, -5, -5]],
        winner=1,
    )
    actions.play(match.pk, 1, {"type": "play", "card": "R1"}, version=match.version, by=Move.By.BOT)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert booked(match) == {"Anna": 5, "Bert": -15, "Cora": -10}
    assert total(b) == (-15, 1)
    assert LeaderboardEntry.objects.get(match=match, user=b).penalty == -10
    assert match.seats.get(index=1).leaderboard_points == -15


@pytest.mark.django_db
def test_solo_rounds_are_booked_as_they_end_bots_never(alice, bots):
    specs = [SeatSpec(b.username, user=b, bot_strength="normal") for b in bots_of("normal")[:2]]
    match = start("speedone", [SeatSpec("Alice", user=alice), *specs], solo=True)
    match = first_round(match, 3)
    assert booked(match) == {"Alice": 10}
    assert LeaderboardEntry.objects.count() == 1


@pytest.mark.django_db
def test_a_guest_at_the_table_books_no_round(alice):
    guest = Guest.objects.create(display_name="Gustav")
    match = start("speedone", [SeatSpec("Alice", user=alice), SeatSpec("Gustav", guest=guest)])
    first_round(match, 2)
    assert not LeaderboardEntry.objects.exists() and not LeaderboardTotal.objects.exists()


@pytest.mark.django_db
def test_daily_rounds_count_in_the_counted_attempt_only(alice, bots, on_day):  # noqa: F811
    counted, is_counted = daily.start_daily(Player(user=alice), "speedone")
    practice, again = daily.start_daily(Player(user=alice), "speedone")
    assert is_counted and not again
    first_round(practice, practice.players)
    assert not LeaderboardEntry.objects.exists()
    first_round(counted, counted.players)
    assert booked(counted) == {"Alice": 10}


@pytest.mark.django_db
def test_an_aborted_match_takes_its_rounds_back(bots):
    a, b = users("Anna", "Bert")
    staff = User.objects.create_user("Chefin", password="kartenglück-42", is_staff=True)
    match = start("speedone", [SeatSpec(u.username, user=u) for u in (a, b)])
    first_round(match, 2)
    assert booked(match) == {"Anna": 10, "Bert": -4}
    actions.abort_match(match.pk, "Absprache", staff)
    assert not LeaderboardEntry.objects.exists()
    assert total(a) == (0, 0) and total(b) == (0, 0)


@pytest.mark.django_db(transaction=True)
def test_a_round_ending_move_outside_a_transaction_is_booked_too():
    """On PostgreSQL outside a transaction a move takes the optimistic path; one that ends a round
    goes the locked way, where the round is booked with the move."""
    a, b = users("Anna", "Bert")
    match = start("speedone", [SeatSpec(u.username, user=u) for u in (a, b)])
    match = first_round(match, 2)
    assert match.status == Match.Status.RUNNING and match.state["round"] == 2
    assert booked(match) == {"Anna": 10, "Bert": -4}
